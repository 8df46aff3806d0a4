//! The type of a node from its operation and the types of its inputs. The builder, `set_input`
//! and `compile` (for a graph whose fields were edited) all ask this one function.

use super::{Op, TypeError};
use crate::opcode::{Opcode, TypeRule};
use crate::types::ValueType;

/// The type of a node of `op` over inputs of `inputs`' types, or the reason it has none.
pub fn infer(op: &Op, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    match op {
        Op::Constant { ty, .. } => Ok(*ty),
        Op::Uniform(_) | Op::Attribute(_) | Op::TextureConst(_) => {
            unreachable!("input nodes are typed by their builders")
        }
        Op::Math(code) => math(*code, inputs),
        Op::Swizzle { components, len } => {
            let width = vector_width(inputs[0], "swizzle")?;
            if let Some(&c) = components[..*len as usize]
                .iter()
                .find(|&&c| c as usize >= width)
            {
                return Err(TypeError::NoComponent {
                    found: inputs[0],
                    component: b"xyzw"[c as usize] as char,
                });
            }
            Ok(ValueType::vector(*len as usize).expect("1 to 4 components"))
        }
        Op::Join => {
            let mut width = 0;
            for &ty in inputs {
                width += vector_width(ty, "join")?;
            }
            ValueType::vector(width).ok_or(TypeError::TooWide { width })
        }
        Op::Texture => {
            if inputs[0] != ValueType::Texture {
                return Err(TypeError::MapType { found: inputs[0] });
            }
            if inputs[1] != ValueType::Vec2 {
                return Err(TypeError::CoordinateType { found: inputs[1] });
            }
            Ok(ValueType::Vec4)
        }
        Op::Matrix => {
            let size = inputs.len();
            let column = ValueType::vector(size).filter(|_| size == 3 || size == 4);
            match column {
                Some(col) if inputs.iter().all(|&t| t == col) => Ok(if size == 3 {
                    ValueType::Mat3
                } else {
                    ValueType::Mat4
                }),
                _ => Err(TypeError::MatrixColumns {
                    found: inputs.to_vec(),
                }),
            }
        }
        Op::Varying | Op::Derivative(_) => {
            let what = if matches!(op, Op::Varying) {
                "interpolate"
            } else {
                "differentiate"
            };
            vector_width(inputs[0], what)?;
            Ok(inputs[0])
        }
        Op::Column(index) => {
            let size = inputs[0]
                .matrix_size()
                .ok_or(TypeError::NotAMatrix { found: inputs[0] })?;
            if *index as usize >= size {
                return Err(TypeError::NoColumn {
                    matrix: inputs[0],
                    index: *index,
                });
            }
            Ok(ValueType::vector(size).expect("3 or 4"))
        }
    }
}

fn vector_width(ty: ValueType, verb: &'static str) -> Result<usize, TypeError> {
    ty.width()
        .ok_or(TypeError::NoComponents { found: ty, verb })
}

fn math(code: Opcode, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    if code == Opcode::Mul && inputs.iter().any(|t| t.matrix_size().is_some()) {
        return matrix_mul(inputs[0], inputs[1]);
    }
    if let Some(&found) = inputs.iter().find(|t| t.width().is_none()) {
        return Err(TypeError::NotAnOperand {
            found,
            opcode: code,
        });
    }
    match code.rule() {
        TypeRule::Componentwise => widest(inputs),
        TypeRule::Reduce => widest(inputs).map(|_| ValueType::Float),
        TypeRule::Cross => {
            if inputs.iter().all(|&t| t == ValueType::Vec3) {
                Ok(ValueType::Vec3)
            } else {
                Err(TypeError::CrossOperands {
                    found: inputs.to_vec(),
                })
            }
        }
        TypeRule::Refract => {
            if inputs[2] != ValueType::Float {
                return Err(TypeError::EtaType { found: inputs[2] });
            }
            widest(inputs)
        }
        TypeRule::Noise => noise(code, inputs),
        TypeRule::Internal => Err(TypeError::NotAGraphOperation),
    }
}

/// The widest operand, when every operand wider than one float has its width.
fn widest(inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    let mut widest = ValueType::Float;
    for &ty in inputs {
        if ty == ValueType::Float || ty == widest {
            continue;
        }
        if widest != ValueType::Float {
            return Err(TypeError::WidthMismatch { a: widest, b: ty });
        }
        widest = ty;
    }
    Ok(widest)
}

fn matrix_mul(a: ValueType, b: ValueType) -> Result<ValueType, TypeError> {
    let size = |t: ValueType| t.matrix_size().or_else(|| t.width());
    let fits = match (a.matrix_size(), b.matrix_size()) {
        (Some(m), Some(n)) => m == n,
        (Some(m), None) => size(b) == Some(m) && b.width().is_some(),
        (None, Some(n)) => size(a) == Some(n) && a.width().is_some(),
        (None, None) => false,
    };
    if fits {
        Ok(if a.matrix_size().is_some() && b.matrix_size().is_none() {
            b
        } else {
            a
        })
    } else {
        Err(TypeError::MatrixProduct { a, b })
    }
}

/// A noise's point must have a width it takes; its other operands (the jitter) are floats.
fn noise(code: Opcode, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    let point = inputs[0].width().unwrap_or(0);
    let widths = code.noise_points().expect("a noise");
    if !widths.contains(&point) {
        return Err(TypeError::NoisePoint {
            found: inputs[0],
            opcode: code,
        });
    }
    if let Some(&found) = inputs[1..].iter().find(|&&t| t != ValueType::Float) {
        return Err(TypeError::JitterType { found });
    }
    Ok(ValueType::vector(code.noise_output().expect("a noise")).expect("1 to 3"))
}
