//! The type of a node from its operation and the types of its inputs. The builder, `set_input`
//! and `compile` (for a graph whose fields were edited) all ask this one function.

use super::{BuildErrorKind, Op, TypeError, UniformDecl};
use crate::opcode::{Opcode, TypeRule};
use crate::types::{Scalar, ValueType, NO_TEXTURE};

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
        Op::TextureLevel | Op::TextureFetch => (3, 3),
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
            // Invariant: `components` is `..len` of a `[u8; 4]`, not empty (checked above): 1 to 4;
            // `vector_width` gave the input a width, so it has a kind.
            let kind = inputs[0].kind().expect("a vector");
            Ok(ValueType::vector_of(kind, components.len()).expect("1 to 4 components"))
        }
        Op::Join => {
            let mut width = 0;
            for &ty in inputs {
                width += vector_width(ty, "join")?;
            }
            let kind = same_kind(inputs)?;
            ValueType::vector_of(kind, width).ok_or(TypeError::TooWide { width })
        }
        Op::Texture | Op::Texture3d | Op::TextureLevel | Op::TextureFetch => {
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
            if matches!(op, Op::TextureLevel | Op::TextureFetch) && inputs[2] != ValueType::Float {
                return Err(TypeError::LevelType { found: inputs[2] });
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
            if inputs[0].is_integer() {
                return Err(TypeError::NotFloat {
                    found: inputs[0],
                    verb: what,
                });
            }
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
        // Before any operand's kind: `iadd` and the like are the compiler's, whatever they read.
        TypeRule::Internal => Err(TypeError::NotAGraphOperation),
        TypeRule::Componentwise => componentwise_kinds(code, inputs),
        TypeRule::Integer => {
            if let Some(&found) = inputs.iter().find(|t| !t.is_integer()) {
                return Err(TypeError::IntegerOnly { found });
            }
            let kind = same_kind(inputs)?;
            with_kind(widest(inputs)?, kind)
        }
        TypeRule::Shift => {
            let (value, count) = (inputs[0], inputs[1]);
            if !value.is_integer() {
                return Err(TypeError::IntegerOnly { found: value });
            }
            if !count.is_integer() || (count.width() != Some(1) && count.width() != value.width()) {
                return Err(TypeError::ShiftCount {
                    value,
                    found: count,
                });
            }
            Ok(value)
        }
        TypeRule::Convert => {
            // Invariant: the rule is the conversions', each of which has `converts_to`; the
            // operand has a width (`operands`).
            let to = converts_to(code).expect("a conversion");
            with_kind(inputs[0], to)
        }
        rule => {
            if let Some(&found) = inputs.iter().find(|t| t.is_integer()) {
                return Err(TypeError::FloatOnly { found });
            }
            match rule {
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
                _ => Err(TypeError::NotAGraphOperation),
            }
        }
    }
}

/// The componentwise graph operations that take integers as well as floats (R-INT-3): the
/// compiler emits the integer opcode of each for integer operands.
pub fn takes_integers(code: Opcode) -> bool {
    use Opcode::*;
    matches!(
        code,
        Add | Sub
            | Mul
            | Div
            | Min
            | Max
            | Clamp
            | Abs
            | Sign
            | Negate
            | LessThan
            | LessThanEqual
            | GreaterThan
            | GreaterThanEqual
            | Equal
            | NotEqual
            | Select
    )
}

/// Whether `code` compares: its result is the condition form (floats, one or zero) whatever its
/// operands' kind.
pub fn compares(code: Opcode) -> bool {
    use Opcode::*;
    matches!(
        code,
        LessThan | LessThanEqual | GreaterThan | GreaterThanEqual | Equal | NotEqual
    )
}

/// The componentwise rule with kinds: one kind among the operands (for `select`, among the two
/// values; its condition is a float), integers only where [`takes_integers`], `uint` not for
/// `abs` and `sign`; a comparison gives floats.
fn componentwise_kinds(code: Opcode, inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    let values = if code == Opcode::Select {
        if inputs[0].is_integer() {
            return Err(TypeError::FloatOnly { found: inputs[0] });
        }
        &inputs[1..]
    } else {
        inputs
    };
    let kind = same_kind(values)?;
    if kind.is_integer() {
        // Invariant: `same_kind` found an integer kind, so some value is an integer.
        let found = *values.iter().find(|t| t.is_integer()).expect("an integer");
        if !takes_integers(code) {
            return Err(TypeError::FloatOnly { found });
        }
        if kind == Scalar::UInt && matches!(code, Opcode::Abs | Opcode::Sign) {
            return Err(TypeError::NotUnsigned { found });
        }
    }
    let width = widest(inputs)?;
    let result = if compares(code) { Scalar::Float } else { kind };
    with_kind(width, result)
}

/// The one kind of `inputs` (scalars and vectors), or the first pair that differs.
fn same_kind(inputs: &[ValueType]) -> Result<Scalar, TypeError> {
    let mut first: Option<(ValueType, Scalar)> = None;
    for &ty in inputs {
        let Some(kind) = ty.kind() else { continue };
        match first {
            None => first = Some((ty, kind)),
            Some((a, k)) if k != kind => return Err(TypeError::KindMismatch { a, b: ty }),
            Some(_) => {}
        }
    }
    Ok(first.map_or(Scalar::Float, |(_, k)| k))
}

/// `ty`'s width with components of `kind`.
fn with_kind(ty: ValueType, kind: Scalar) -> Result<ValueType, TypeError> {
    ty.with_kind(kind).ok_or(TypeError::NoComponents {
        found: ty,
        verb: "convert",
    })
}

/// The widest operand, when every operand wider than one component has its width (a scalar is
/// repeated into every component).
fn widest(inputs: &[ValueType]) -> Result<ValueType, TypeError> {
    let mut widest: Option<ValueType> = None;
    for &ty in inputs {
        if ty.width() == Some(1) || Some(ty) == widest {
            continue;
        }
        match widest {
            Some(a) if a.width() != ty.width() => {
                return Err(TypeError::WidthMismatch { a, b: ty })
            }
            Some(_) => {}
            None => widest = Some(ty),
        }
    }
    Ok(widest.unwrap_or(ValueType::Float))
}

fn matrix_mul(a: ValueType, b: ValueType) -> Result<ValueType, TypeError> {
    let size = |t: ValueType| t.matrix_size().or_else(|| t.width());
    let fits = match (a.matrix_size(), b.matrix_size()) {
        (Some(m), Some(n)) => m == n,
        (Some(m), None) => size(b) == Some(m) && b.kind() == Some(Scalar::Float),
        (None, Some(n)) => size(a) == Some(n) && a.kind() == Some(Scalar::Float),
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

/// Refusals that read a constant operand's value (R-INT-4): a known shift count outside 0 to 31,
/// a known integer division or remainder by zero, and a known float-to-integer conversion that
/// is not finite or not in range. At run time the same cases give 0; a constant would be an
/// error the author can see now. `inputs` are the operand nodes, already typed.
pub fn known_operands(op: &Op, inputs: &[&super::GraphNode]) -> Result<(), TypeError> {
    let Op::Math(code) = op else { return Ok(()) };
    // The used components of a constant operand, as bits.
    let constant = |slot: usize| match inputs.get(slot).map(|n| (&n.op, n.ty)) {
        Some((Op::Constant { ty, value }, _)) => Some((
            *ty,
            value
                .iter()
                .take(ty.width().unwrap_or(0))
                .map(|f| f.to_bits())
                .collect::<Vec<u32>>(),
        )),
        _ => None,
    };
    match code {
        Opcode::ShiftLeft | Opcode::ShiftRight => {
            if let Some((ty, bits)) = constant(1) {
                let signed = ty.kind() == Some(Scalar::Int);
                for b in bits {
                    let count = if signed { b as i32 as i64 } else { b as i64 };
                    if !(0..32).contains(&count) {
                        return Err(TypeError::KnownShift { count });
                    }
                }
            }
        }
        Opcode::Div | Opcode::Rem => {
            if let Some((ty, bits)) = constant(1) {
                if ty.is_integer() && bits.contains(&0) {
                    return Err(TypeError::KnownDivisionByZero);
                }
            }
        }
        Opcode::ToInt | Opcode::ToUint => {
            if let Some((ty, bits)) = constant(0) {
                if ty.kind() == Some(Scalar::Float) {
                    let to = converts_to(*code).unwrap_or(Scalar::Int);
                    for b in bits {
                        let x = f32::from_bits(b);
                        if float_to_int(x, to).is_none() {
                            return Err(TypeError::KnownConversion {
                                value: format!("{x:?}"),
                                to: ValueType::vector_of(to, 1).unwrap_or(ValueType::Int),
                            });
                        }
                    }
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// GLSL's `int(x)` / `uint(x)` of a float as bits: `x` truncated toward zero, or `None` where
/// that is not finite or not in the type's range (R-INT-4). The interpreters give 0 for `None`.
pub fn float_to_int(x: f32, to: Scalar) -> Option<u32> {
    // Bounds as f32: 2^31 and 2^32 are exact; every f32 in [-2^31, 2^31) truncates into int's
    // range, every f32 in (-1, 2^32) into uint's (NaN fails every comparison).
    match to {
        Scalar::Int if (-2_147_483_648.0..2_147_483_648.0).contains(&x) => Some(x as i32 as u32),
        Scalar::UInt if x > -1.0 && x < 4_294_967_296.0 => Some(x as u32),
        _ => None,
    }
}

/// The kind a conversion opcode converts to; `None` for other operations.
pub fn converts_to(code: Opcode) -> Option<Scalar> {
    match code {
        Opcode::ToInt => Some(Scalar::Int),
        Opcode::ToUint => Some(Scalar::UInt),
        Opcode::ToFloat | Opcode::UToFloat => Some(Scalar::Float),
        _ => None,
    }
}
