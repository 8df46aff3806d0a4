//! The types of the subset, the built-in functions and their GLSL signatures, and the constant
//! folding that the checker and the lowering share.

use super::ast::{BinOp, TypeName, UnOp};

/// A GLSL type of the subset. An int and a bool are held in a float in the graph: an int is a
/// whole number, a bool is zero or one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ty {
    Void,
    Bool,
    Int,
    Float,
    Vec2,
    Vec3,
    Vec4,
    /// A matrix: the lowering holds it as its columns' values (`Ty::vec(n)` each).
    Mat2,
    Mat3,
    Mat4,
    Sampler,
    /// A 3D texture (a volume): GLSL ES 3.00's `sampler3D`, the graph's `texture_3d` map.
    Sampler3D,
    /// A struct of the shader: its place in `Checked::structs`. The lowering holds it as its
    /// fields' values, one value each.
    Struct(u16),
    /// An array of the shader: its place in `Checked::arrays` (element type and size). The
    /// lowering holds it as its elements' values.
    Array(u16),
}

impl Ty {
    pub fn from_name(name: TypeName) -> Ty {
        match name {
            TypeName::Void => Ty::Void,
            TypeName::Bool => Ty::Bool,
            TypeName::Int => Ty::Int,
            TypeName::Float => Ty::Float,
            TypeName::Vec2 => Ty::Vec2,
            TypeName::Vec3 => Ty::Vec3,
            TypeName::Vec4 => Ty::Vec4,
            TypeName::Mat2 => Ty::Mat2,
            TypeName::Mat3 => Ty::Mat3,
            TypeName::Mat4 => Ty::Mat4,
            TypeName::Sampler2D => Ty::Sampler,
            TypeName::Sampler3D => Ty::Sampler3D,
            TypeName::Struct(i) => Ty::Struct(i),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ty::Void => "void",
            Ty::Bool => "bool",
            Ty::Int => "int",
            Ty::Float => "float",
            Ty::Vec2 => "vec2",
            Ty::Vec3 => "vec3",
            Ty::Vec4 => "vec4",
            Ty::Mat2 => "mat2",
            Ty::Mat3 => "mat3",
            Ty::Mat4 => "mat4",
            Ty::Sampler => "sampler2D",
            Ty::Sampler3D => "sampler3D",
            // Messages that know the struct's name write it (`Checker::ty_name`).
            Ty::Struct(_) => "struct",
            Ty::Array(_) => "array",
        }
    }

    /// Whether the type is a sampler (a texture uniform of the graph).
    pub fn is_sampler(self) -> bool {
        matches!(self, Ty::Sampler | Ty::Sampler3D)
    }

    /// The float vector type of `n` components (a float for one).
    pub fn vec(n: usize) -> Ty {
        match n {
            1 => Ty::Float,
            2 => Ty::Vec2,
            3 => Ty::Vec3,
            _ => Ty::Vec4,
        }
    }

    /// Components of a scalar or a vector.
    pub fn width(self) -> Option<usize> {
        match self {
            Ty::Bool | Ty::Int | Ty::Float => Some(1),
            Ty::Vec2 => Some(2),
            Ty::Vec3 => Some(3),
            Ty::Vec4 => Some(4),
            _ => None,
        }
    }

    pub fn is_scalar(self) -> bool {
        matches!(self, Ty::Bool | Ty::Int | Ty::Float)
    }

    pub fn is_vector(self) -> bool {
        matches!(self, Ty::Vec2 | Ty::Vec3 | Ty::Vec4)
    }

    /// A float or a float vector: GLSL's genType.
    pub fn is_gen(self) -> bool {
        matches!(self, Ty::Float | Ty::Vec2 | Ty::Vec3 | Ty::Vec4)
    }

    pub fn is_matrix(self) -> bool {
        matches!(self, Ty::Mat2 | Ty::Mat3 | Ty::Mat4)
    }

    /// The size of a matrix.
    pub fn matrix_size(self) -> Option<usize> {
        match self {
            Ty::Mat2 => Some(2),
            Ty::Mat3 => Some(3),
            Ty::Mat4 => Some(4),
            _ => None,
        }
    }
}

impl std::fmt::Display for Ty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The components of a constant scalar or vector (unused ones zero).
pub(crate) type Konst = [f32; 4];

/// A built-in function of the subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Builtin {
    Radians,
    Degrees,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Pow,
    Exp,
    Log,
    Exp2,
    Log2,
    Sqrt,
    InverseSqrt,
    Abs,
    Sign,
    Floor,
    Ceil,
    Trunc,
    Round,
    Fract,
    Mod,
    Min,
    Max,
    Clamp,
    Mix,
    Step,
    Smoothstep,
    Length,
    Distance,
    Dot,
    Cross,
    Normalize,
    Faceforward,
    Reflect,
    Refract,
    Dfdx,
    Dfdy,
    Fwidth,
    /// `texture(s, P)` and `texture(s, P, bias)` (and ES 1.00's `texture2D`).
    Texture,
    /// `textureLod(s, P, lod)`.
    TextureLod,
    /// `textureGrad(s, P, dPdx, dPdy)`.
    TextureGrad,
    /// `textureProj(s, P)` and with a bias (and ES 1.00's `texture2DProj`): `P.xy` over its
    /// last component.
    TextureProj,
    /// `textureProjLod(s, P, lod)`: projected as `textureProj`, at a level as `textureLod`.
    TextureProjLod,
    /// `textureProjGrad(s, P, dPdx, dPdy)`: projected, with gradients of the projected
    /// coordinate (GLSL ES 3.00 §8.8).
    TextureProjGrad,
    MatrixCompMult,
    Transpose,
    Determinant,
    Inverse,
}

/// How a name of GLSL's own functions is taken: a built-in of the subset (with GLSL ES 3.00
/// alone where `es300`), or a refusal.
pub(crate) enum BuiltinName {
    Subset {
        builtin: Builtin,
        es300_only: bool,
    },
    /// A texture function of two spellings: GLSL ES 1.00's (`texture2D`, `texture2DProj`) where
    /// `es100`, else GLSL ES 3.00's (`texture`, `textureProj`); `other` is the other spelling.
    /// A ShaderMaterial takes both (three's prefix defines the ES 1.00 names).
    Spelled {
        builtin: Builtin,
        es100: bool,
        other: &'static str,
    },
    /// `texture2DLodEXT` and `texture2DGradEXT`: the names three.js's ShaderMaterial prefix
    /// defines as `glsl` (`textureLod`, `textureGrad`), for shaders written for WebGL 1's
    /// EXT_shader_texture_lod; a ShaderMaterial's alone.
    ThreeAlias {
        builtin: Builtin,
        glsl: &'static str,
    },
    /// GLSL ES 1.00's `texture2DLod`, `texture2DProjLod` and `textureCubeLod`: vertex-shader
    /// functions (GLSL ES 1.00 §8.7), and the subset reads no texture in a vertex shader.
    VertexLod,
    NotInSubset,
}

/// What GLSL calls `name`, if it is one of its own functions.
pub(crate) fn builtin_name(name: &str) -> Option<BuiltinName> {
    use Builtin::*;
    let subset = |builtin| BuiltinName::Subset {
        builtin,
        es300_only: false,
    };
    Some(match name {
        "radians" => subset(Radians),
        "degrees" => subset(Degrees),
        "sin" => subset(Sin),
        "cos" => subset(Cos),
        "tan" => subset(Tan),
        "asin" => subset(Asin),
        "acos" => subset(Acos),
        "atan" => subset(Atan),
        "pow" => subset(Pow),
        "exp" => subset(Exp),
        "log" => subset(Log),
        "exp2" => subset(Exp2),
        "log2" => subset(Log2),
        "sqrt" => subset(Sqrt),
        "inversesqrt" => subset(InverseSqrt),
        "abs" => subset(Abs),
        "sign" => subset(Sign),
        "floor" => subset(Floor),
        "ceil" => subset(Ceil),
        "trunc" | "round" | "roundEven" => BuiltinName::Subset {
            builtin: if name == "trunc" { Trunc } else { Round },
            es300_only: true,
        },
        "fract" => subset(Fract),
        "mod" => subset(Mod),
        "min" => subset(Min),
        "max" => subset(Max),
        "clamp" => subset(Clamp),
        "mix" => subset(Mix),
        "step" => subset(Step),
        "smoothstep" => subset(Smoothstep),
        "length" => subset(Length),
        "distance" => subset(Distance),
        "dot" => subset(Dot),
        "cross" => subset(Cross),
        "normalize" => subset(Normalize),
        "faceforward" => subset(Faceforward),
        "reflect" => subset(Reflect),
        "refract" => subset(Refract),
        "dFdx" => BuiltinName::Subset {
            builtin: Dfdx,
            es300_only: true,
        },
        "dFdy" => BuiltinName::Subset {
            builtin: Dfdy,
            es300_only: true,
        },
        "fwidth" => BuiltinName::Subset {
            builtin: Fwidth,
            es300_only: true,
        },
        "matrixCompMult" => subset(MatrixCompMult),
        "transpose" | "determinant" | "inverse" => BuiltinName::Subset {
            builtin: match name {
                "transpose" => Transpose,
                "determinant" => Determinant,
                _ => Inverse,
            },
            es300_only: true,
        },
        "texture2D" | "texture" | "texture2DProj" | "textureProj" => BuiltinName::Spelled {
            builtin: if name.contains("Proj") {
                TextureProj
            } else {
                Texture
            },
            es100: name.contains("2D"),
            other: match name {
                "texture2D" => "texture",
                "texture" => "texture2D",
                "texture2DProj" => "textureProj",
                _ => "texture2DProj",
            },
        },
        "textureLod" | "textureGrad" | "textureProjLod" | "textureProjGrad" => {
            BuiltinName::Subset {
                builtin: match name {
                    "textureLod" => TextureLod,
                    "textureGrad" => TextureGrad,
                    "textureProjLod" => TextureProjLod,
                    _ => TextureProjGrad,
                },
                es300_only: true,
            }
        }
        "texture2DLod" | "texture2DProjLod" | "textureCubeLod" => BuiltinName::VertexLod,
        "texture2DLodEXT" => BuiltinName::ThreeAlias {
            builtin: TextureLod,
            glsl: "textureLod",
        },
        "texture2DGradEXT" => BuiltinName::ThreeAlias {
            builtin: TextureGrad,
            glsl: "textureGrad",
        },
        "texture2DProjLodEXT" => BuiltinName::ThreeAlias {
            builtin: TextureProjLod,
            glsl: "textureProjLod",
        },
        "texture2DProjGradEXT" => BuiltinName::ThreeAlias {
            builtin: TextureProjGrad,
            glsl: "textureProjGrad",
        },
        "sinh"
        | "cosh"
        | "tanh"
        | "asinh"
        | "acosh"
        | "atanh"
        | "modf"
        | "isnan"
        | "isinf"
        | "floatBitsToInt"
        | "floatBitsToUint"
        | "intBitsToFloat"
        | "uintBitsToFloat"
        | "packSnorm2x16"
        | "unpackSnorm2x16"
        | "packUnorm2x16"
        | "unpackUnorm2x16"
        | "packHalf2x16"
        | "unpackHalf2x16"
        | "outerProduct"
        | "lessThan"
        | "lessThanEqual"
        | "greaterThan"
        | "greaterThanEqual"
        | "equal"
        | "notEqual"
        | "any"
        | "all"
        | "not"
        | "textureSize"
        | "textureOffset"
        | "texelFetch"
        | "texelFetchOffset"
        | "textureProjOffset"
        | "textureLodOffset"
        | "textureProjLodOffset"
        | "textureGradOffset"
        | "textureProjGradOffset"
        | "textureCube"
        | "fma"
        | "frexp"
        | "ldexp"
        | "bitfieldExtract"
        | "bitfieldInsert"
        | "bitfieldReverse"
        | "bitCount"
        | "findLSB"
        | "findMSB"
        | "uaddCarry"
        | "usubBorrow"
        | "umulExtended"
        | "imulExtended"
        | "noise1"
        | "noise2"
        | "noise3"
        | "noise4"
        | "packUnorm4x8"
        | "packSnorm4x8"
        | "unpackUnorm4x8"
        | "unpackSnorm4x8" => BuiltinName::NotInSubset,
        _ => return None,
    })
}

impl Builtin {
    /// Whether the checker may fold the built-in over constants (its result is the interpreter's
    /// to the bit: the same f32 operations in the same order).
    pub fn folds(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Abs | Sign
                | Floor
                | Ceil
                | Trunc
                | Round
                | Fract
                | Mod
                | Min
                | Max
                | Clamp
                | Step
                | Mix
        )
    }

    /// Whether the built-in reads a texture (a fragment-shader read: its level comes from
    /// derivatives or is given).
    pub fn reads_texture(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Texture | TextureLod | TextureGrad | TextureProj | TextureProjLod | TextureProjGrad
        )
    }

    /// The type of a call of the built-in with arguments of `args`' types, or why there is none.
    /// `ints`: whether int forms of abs, sign, min, max and clamp exist (GLSL ES 3.00).
    pub fn signature(self, name: &str, args: &[Ty], ints: bool) -> Result<Ty, String> {
        use Builtin::*;
        let list = args.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ");
        let no_form = || format!("{name} has no form that takes ({list})");
        let count = |n: usize| -> Result<(), String> {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{name} takes {n} argument{}, not {}",
                    if n == 1 { "" } else { "s" },
                    args.len()
                ))
            }
        };
        // Invariant: each arm below calls `count(n)?` (or checks `args.len()`) before it reads
        // `args[0]` to `args[n - 1]`.
        let all_ints = ints && args.iter().all(|&t| t == Ty::Int);
        match self {
            Radians | Degrees | Sin | Cos | Tan | Asin | Acos | Atan | Exp | Log | Exp2 | Log2
            | Sqrt | InverseSqrt | Floor | Ceil | Trunc | Round | Fract | Normalize | Dfdx
            | Dfdy | Fwidth => {
                count(1)?;
                if args[0].is_gen() {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Abs | Sign => {
                count(1)?;
                if args[0].is_gen() || all_ints {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Atan2 | Pow | Reflect => {
                count(2)?;
                if args[0].is_gen() && args[1] == args[0] {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Mod | Min | Max => {
                count(2)?;
                if all_ints && self != Mod {
                    return Ok(Ty::Int);
                }
                if args[0].is_gen() && (args[1] == args[0] || args[1] == Ty::Float) {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Clamp => {
                count(3)?;
                if all_ints {
                    return Ok(Ty::Int);
                }
                let t = args[0];
                if t.is_gen()
                    && ((args[1] == t && args[2] == t)
                        || (args[1] == Ty::Float && args[2] == Ty::Float))
                {
                    Ok(t)
                } else {
                    Err(no_form())
                }
            }
            Mix => {
                count(3)?;
                let t = args[0];
                if t.is_gen() && args[1] == t && (args[2] == t || args[2] == Ty::Float) {
                    Ok(t)
                } else {
                    Err(no_form())
                }
            }
            Step => {
                count(2)?;
                let t = args[1];
                if t.is_gen() && (args[0] == t || args[0] == Ty::Float) {
                    Ok(t)
                } else {
                    Err(no_form())
                }
            }
            Smoothstep => {
                count(3)?;
                let t = args[2];
                if t.is_gen()
                    && ((args[0] == t && args[1] == t)
                        || (args[0] == Ty::Float && args[1] == Ty::Float))
                {
                    Ok(t)
                } else {
                    Err(no_form())
                }
            }
            Length => {
                count(1)?;
                if args[0].is_gen() {
                    Ok(Ty::Float)
                } else {
                    Err(no_form())
                }
            }
            Distance | Dot => {
                count(2)?;
                if args[0].is_gen() && args[1] == args[0] {
                    Ok(Ty::Float)
                } else {
                    Err(no_form())
                }
            }
            Cross => {
                count(2)?;
                if args[0] == Ty::Vec3 && args[1] == Ty::Vec3 {
                    Ok(Ty::Vec3)
                } else {
                    Err(no_form())
                }
            }
            Faceforward => {
                count(3)?;
                if args[0].is_gen() && args[1] == args[0] && args[2] == args[0] {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Refract => {
                count(3)?;
                if args[0].is_gen() && args[1] == args[0] && args[2] == Ty::Float {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            MatrixCompMult => {
                count(2)?;
                if args[0].is_matrix() && args[1] == args[0] {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Transpose | Inverse => {
                count(1)?;
                if args[0].is_matrix() {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Determinant => {
                count(1)?;
                if args[0].is_matrix() {
                    Ok(Ty::Float)
                } else {
                    Err(no_form())
                }
            }
            Texture | TextureLod | TextureGrad | TextureProj | TextureProjLod | TextureProjGrad => {
                use Ty::{Float, Sampler, Sampler3D, Vec2, Vec3, Vec4};
                // The forms of the subset (GLSL ES 3.00 §8.8): a sampler2D's, and a sampler3D's
                // implicit read (a volume has one level, so no level, gradient or bias).
                let forms: &[&[Ty]] = match self {
                    Texture => &[
                        &[Sampler, Vec2],
                        &[Sampler, Vec2, Float],
                        &[Sampler3D, Vec3],
                    ],
                    TextureLod => &[&[Sampler, Vec2, Float]],
                    TextureGrad => &[&[Sampler, Vec2, Vec2, Vec2]],
                    TextureProjLod => &[&[Sampler, Vec3, Float], &[Sampler, Vec4, Float]],
                    TextureProjGrad => {
                        &[&[Sampler, Vec3, Vec2, Vec2], &[Sampler, Vec4, Vec2, Vec2]]
                    }
                    _ => &[
                        &[Sampler, Vec3],
                        &[Sampler, Vec4],
                        &[Sampler, Vec3, Float],
                        &[Sampler, Vec4, Float],
                    ],
                };
                if forms.contains(&args) {
                    Ok(Vec4)
                } else {
                    Err(no_form())
                }
            }
        }
    }
}

fn truth(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// Component `k` of a constant of type `ty`: a scalar repeats into every component.
fn at(value: &Konst, ty: Ty, k: usize) -> f32 {
    if ty.is_scalar() {
        value[0]
    } else {
        value[k]
    }
}

/// GLSL `min`, `max`, `clamp` and `sign` as the interpreter computes them.
fn min(x: f32, y: f32) -> f32 {
    if y < x {
        y
    } else {
        x
    }
}

fn max(x: f32, y: f32) -> f32 {
    if x < y {
        y
    } else {
        x
    }
}

fn sign(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}

/// The largest whole number an int holds exactly: an int is a 32-bit float here, which holds
/// every whole number up to 2^24 and not all past it.
pub(crate) const MAX_EXACT_INT: f32 = 16_777_216.0;

/// The refusal of an int division or remainder (`/`, `%`, `/=`, `%=`) by a constant zero, which
/// has no value (a float's division by zero is IEEE's and taken).
pub(crate) fn int_division_by_zero(
    op: BinOp,
    result: Ty,
    divisor: Option<&Konst>,
) -> Option<String> {
    let by_zero = result == Ty::Int
        && matches!(op, BinOp::Div | BinOp::Mod)
        && divisor.is_some_and(|d| d[0] == 0.0);
    by_zero.then(|| {
        format!(
            "an int {} by zero has no value; the divisor here is a constant 0",
            if op == BinOp::Div {
                "division"
            } else {
                "remainder"
            }
        )
    })
}

/// The refusal of a folded int outside ±2^24 ([`MAX_EXACT_INT`]): it would be silently rounded.
pub(crate) fn int_out_of_range(ty: Ty, k: &Konst) -> Option<String> {
    if ty == Ty::Int {
        exact_int_refusal(f64::from(k[0]))
    } else {
        None
    }
}

/// The refusal of an int operation over constants whose exact result (computed in f64, which
/// holds every sum, difference and product of two ints of ±2^24 exactly) is outside ±2^24; the
/// f32 fold would round `16777216 + 1` back to 16777216.
pub(crate) fn int_binary_out_of_range(
    op: BinOp,
    result: Ty,
    a: &Konst,
    b: &Konst,
) -> Option<String> {
    if result != Ty::Int {
        return None;
    }
    let (x, y) = (f64::from(a[0]), f64::from(b[0]));
    let exact = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div if y != 0.0 => (x / y).trunc(),
        BinOp::Mod if y != 0.0 => x - y * (x / y).trunc(),
        _ => return None,
    };
    exact_int_refusal(exact)
}

fn exact_int_refusal(value: f64) -> Option<String> {
    // NaN is outside too.
    if value.abs() <= f64::from(MAX_EXACT_INT) {
        return None;
    }
    Some(format!(
        "this int is {value} here, outside -16777216 to 16777216 (2^24): an int is a 32-bit float here, which holds every whole number up to 2^24 but not all past it, so the value would be silently rounded"
    ))
}

pub(crate) fn fold_unary(op: UnOp, ty: Ty, a: &Konst) -> Konst {
    let w = ty.width().unwrap_or(1);
    let mut out = [0.0; 4];
    for k in 0..w {
        out[k] = match op {
            UnOp::Neg => -a[k],
            UnOp::Plus => a[k],
            UnOp::Not => truth(a[k] == 0.0),
        };
    }
    out
}

/// A binary operator over constants of types `ta` and `tb`, giving a value of type `result`.
pub(crate) fn fold_binary(op: BinOp, ta: Ty, a: &Konst, tb: Ty, b: &Konst, result: Ty) -> Konst {
    let mut out = [0.0; 4];
    match op {
        BinOp::Eq | BinOp::Ne => {
            let w = ta.width().unwrap_or(1);
            let all_equal = (0..w).all(|k| a[k] == b[k]);
            out[0] = truth(if op == BinOp::Eq {
                all_equal
            } else {
                !all_equal
            });
            return out;
        }
        BinOp::Lt => out[0] = truth(a[0] < b[0]),
        BinOp::Gt => out[0] = truth(a[0] > b[0]),
        BinOp::Le => out[0] = truth(a[0] <= b[0]),
        BinOp::Ge => out[0] = truth(a[0] >= b[0]),
        BinOp::And => out[0] = truth(a[0] != 0.0 && b[0] != 0.0),
        BinOp::Or => out[0] = truth(a[0] != 0.0 || b[0] != 0.0),
        BinOp::Xor => out[0] = truth((a[0] != 0.0) != (b[0] != 0.0)),
        _ => {
            let w = result.width().unwrap_or(1);
            let int = result == Ty::Int;
            for (k, o) in out.iter_mut().enumerate().take(w) {
                let (x, y) = (at(a, ta, k), at(b, tb, k));
                *o = match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    BinOp::Mul => x * y,
                    BinOp::Div if int => (x / y).trunc(),
                    BinOp::Div => x / y,
                    BinOp::Mod => x - y * (x / y).trunc(),
                    _ => 0.0,
                };
            }
        }
    }
    out
}

/// A folding built-in over constants (see [`Builtin::folds`]).
pub(crate) fn fold_builtin(builtin: Builtin, tys: &[Ty], args: &[Konst], result: Ty) -> Konst {
    let w = result.width().unwrap_or(1);
    let mut out = [0.0; 4];
    // Invariant: `signature` accepted these arguments, which checks each built-in's count
    // (`count(n)`) before it reads `args[i]`, and `k` is below the result's width, at most 4; the
    // folds read only the arguments their built-in takes.
    let arg = |i: usize, k: usize| at(&args[i], tys[i], k);
    for (k, o) in out.iter_mut().enumerate().take(w) {
        *o = match builtin {
            Builtin::Abs => arg(0, k).abs(),
            Builtin::Sign => sign(arg(0, k)),
            Builtin::Floor => arg(0, k).floor(),
            Builtin::Ceil => arg(0, k).ceil(),
            Builtin::Trunc => arg(0, k).trunc(),
            Builtin::Round => arg(0, k).round_ties_even(),
            Builtin::Fract => arg(0, k) - arg(0, k).floor(),
            Builtin::Mod => {
                let (x, y) = (arg(0, k), arg(1, k));
                x - y * (x / y).floor()
            }
            Builtin::Min => min(arg(0, k), arg(1, k)),
            Builtin::Max => max(arg(0, k), arg(1, k)),
            Builtin::Clamp => min(max(arg(0, k), arg(1, k)), arg(2, k)),
            Builtin::Step => {
                if arg(1, k) < arg(0, k) {
                    0.0
                } else {
                    1.0
                }
            }
            Builtin::Mix => {
                let (x, y, t) = (arg(0, k), arg(1, k), arg(2, k));
                x * (1.0 - t) + y * t
            }
            _ => 0.0,
        };
    }
    out
}

/// A constructor over constants: the components of the arguments in order, converted to the
/// result's scalar type (a lone scalar repeats).
pub(crate) fn fold_construct(result: Ty, tys: &[Ty], args: &[Konst]) -> Konst {
    let w = result.width().unwrap_or(1);
    let mut flat = Vec::with_capacity(4);
    if tys.len() == 1 && tys[0].is_scalar() {
        flat.extend(std::iter::repeat_n(args[0][0], w));
    } else {
        for (ty, value) in tys.iter().zip(args) {
            for &c in value.iter().take(ty.width().unwrap_or(1)) {
                flat.push(c);
            }
        }
    }
    let mut out = [0.0; 4];
    for (k, o) in out.iter_mut().enumerate().take(w) {
        let c = flat.get(k).copied().unwrap_or(0.0);
        *o = match result {
            Ty::Int => c.trunc(),
            Ty::Bool => truth(c != 0.0),
            _ => c,
        };
    }
    out
}

/// `name` after its article: "an int", "a float", "a vec3" (a type name, or a struct's).
pub(crate) fn article(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    if vowel {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}
