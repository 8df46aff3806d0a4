//! The type of a node from its operation and the types of its inputs. The builder, `set_input`
//! and `compile` (for a graph whose fields were edited) all ask this one function.

use super::{BuildErrorKind, Op, TypeError, UniformDecl};
use crate::opcode::{Opcode, TypeRule};
use crate::types::{ValueType, NO_TEXTURE};

/// Why a node's operation, inputs and uniform fit no node: what [`node_type`] refuses. The
/// builder reports it as a [`BuildErrorKind`], `compile` as a `CompileError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeFault {
    /// Another count of inputs than the operation takes.
    Count {
        /// The inputs given.
        given: usize,
        /// The fewest the operation takes.
        takes: usize,
        /// The most.
        most: usize,
    },
    /// A uniform node whose index names no uniform.
    NoUniform(usize),
    /// A texture node of `NO_TEXTURE`.
    NoTexture,
    /// The operands fit no type rule of the operation.
    Type(TypeError),
}

impl From<NodeFault> for BuildErrorKind {
    fn from(fault: NodeFault) -> BuildErrorKind {
        match fault {
            NodeFault::Count { given, takes, most } => {
                BuildErrorKind::InputCount { given, takes, most }
            }
            NodeFault::NoUniform(uniform) => BuildErrorKind::NoSuchUniform { uniform },
            NodeFault::NoTexture => BuildErrorKind::NoTexture,
            NodeFault::Type(error) => BuildErrorKind::Type(error),
        }
    }
}

/// The fewest and the most inputs a node of `op` takes.
pub fn input_counts(op: &Op) -> (usize, usize) {
    match op {
        Op::Constant { .. } | Op::Uniform(_) | Op::Attribute(_) | Op::TextureConst(_) => (0, 0),
        Op::Math(code) => (code.arity(), code.arity()),
        Op::Swizzle { .. } | Op::Column(_) | Op::Varying | Op::Derivative(_) => (1, 1),
        Op::Texture | Op::Texture3d => (2, 2),
        Op::Join => (1, 4),
        Op::Matrix => (3, 4),
    }
}

/// The type of a node of `op` over inputs of `inputs`' types, reading `uniforms` for a uniform
/// node: the input count first, then the type rules. The builder (`try_node`) and `compile` (for
/// edited parts) both ask it, so they accept the same nodes. Never panics.
pub fn node_type(
    op: &Op,
    inputs: &[ValueType],
    uniforms: &[UniformDecl],
) -> Result<ValueType, NodeFault> {
    let (takes, most) = input_counts(op);
    if !(takes..=most).contains(&inputs.len()) {
        return Err(NodeFault::Count {
            given: inputs.len(),
            takes,
            most,
        });
    }
    match op {
        Op::Uniform(u) => uniforms
            .get(*u)
            .map(|decl| decl.value.value_type())
            .ok_or(NodeFault::NoUniform(*u)),
        Op::Attribute(a) => Ok(a.value_type()),
        Op::TextureConst(id) if *id == NO_TEXTURE => Err(NodeFault::NoTexture),
        Op::TextureConst(_) => Ok(ValueType::Texture),
        op => infer(op, inputs).map_err(NodeFault::Type),
    }
}

/// The type of a node of `op` over inputs of `inputs`' types, or the reason it has none.
///
/// Invariant: `inputs.len()` is within [`input_counts`] of `op` (every caller goes through
/// [`node_type`], which refuses any other count), so the operands indexed below exist.
fn infer(op: &Op, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    match op {
        Op::Constant { ty, .. } => match ty.width() {
            Some(_) => Ok(*ty),
            None => Err(TypeError::ConstantType { found: *ty }),
        },
        // Typed by `node_type` from the uniforms, the attribute and the id.
        Op::Uniform(_) | Op::Attribute(_) | Op::TextureConst(_) => {
            Err(TypeError::NotAGraphOperation)
        }
        Op::Math(code) => math(*code, inputs),
        Op::Swizzle { components, len } => {
            let width = vector_width(inputs[0], "swizzle")?;
            let Some(components) = components.get(..*len as usize).filter(|c| !c.is_empty()) else {
                return Err(TypeError::SwizzleLength { len: *len });
            };
            if let Some(&c) = components.iter().find(|&&c| c as usize >= width) {
                return Err(match b"xyzw".get(c as usize) {
                    Some(&name) => TypeError::NoComponent {
                        found: inputs[0],
                        component: name as char,
                    },
                    None => TypeError::ComponentIndex { index: c },
                });
            }
            // Invariant: `components` is `..len` of a `[u8; 4]`, not empty (checked above): 1 to 4.
            Ok(ValueType::vector(components.len()).expect("1 to 4 components"))
        }
        Op::Join => {
            let mut width = 0;
            for &ty in inputs {
                width += vector_width(ty, "join")?;
            }
            ValueType::vector(width).ok_or(TypeError::TooWide { width })
        }
        Op::Texture | Op::Texture3d => {
            if inputs[0] != ValueType::Texture {
                return Err(TypeError::MapType { found: inputs[0] });
            }
            if *op == Op::Texture3d {
                if inputs[1] != ValueType::Vec3 {
                    return Err(TypeError::VolumeCoordinateType { found: inputs[1] });
                }
            } else if inputs[1] != ValueType::Vec2 {
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
                    index: *index as usize,
                });
            }
            // Invariant: `matrix_size` is 3 or 4 (mat3, mat4).
            Ok(ValueType::vector(size).expect("3 or 4"))
        }
    }
}

fn vector_width(ty: ValueType, verb: &'static str) -> Result<usize, TypeError> {
    ty.width()
        .ok_or(TypeError::NoComponents { found: ty, verb })
}

/// The componentwise rule over any count of operands (a float or vectors of one width), `code`
/// naming the operation in a refusal: what `remap` checks its five operands by.
pub fn componentwise(code: Opcode, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    operands(code, inputs)?;
    widest(inputs)
}

/// Refuse a matrix or a texture as an operand of `code`.
fn operands(code: Opcode, inputs: &[ValueType]) -> Result<(), TypeError> {
    match inputs.iter().find(|t| t.width().is_none()) {
        Some(&found) => Err(TypeError::NotAnOperand {
            found,
            opcode: code,
        }),
        None => Ok(()),
    }
}

fn math(code: Opcode, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    if code == Opcode::Mul && inputs.iter().any(|t| t.matrix_size().is_some()) {
        return matrix_mul(inputs[0], inputs[1]);
    }
    operands(code, inputs)?;
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
    // Invariant: `math` calls this only for `TypeRule::Noise` opcodes, each of which has
    // `noise_points` and `noise_output` (the opcode table).
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
    // Invariant: as above; `noise_output` is 1 to 3.
    Ok(ValueType::vector(code.noise_output().expect("a noise")).expect("1 to 3"))
}
