//! The types of the subset, the built-in functions and their GLSL signatures, and the constant
//! folding that the checker and the lowering share.

use super::ast::{BinOp, TypeName, UnOp};
use crate::types::{Scalar, ValueType};

/// A GLSL type of the subset. A bool is held in a float in the graph, zero or one (the graph's
/// condition form), and a bvec in a float vector; an int, a uint and their vectors are the
/// graph's exact 32-bit integers (R-INT-1, docs/integers.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ty {
    Void,
    Bool,
    Int,
    UInt,
    Float,
    Vec2,
    Vec3,
    Vec4,
    IVec2,
    IVec3,
    IVec4,
    UVec2,
    UVec3,
    UVec4,
    BVec2,
    BVec3,
    BVec4,
    /// A matrix: the lowering holds it as its columns' values (`Ty::vec(n)` each).
    Mat2,
    Mat3,
    Mat4,
    Sampler,
    /// A 3D texture (a volume): GLSL ES 3.00's `sampler3D`, the graph's `texture_3d` map.
    Sampler3D,
    /// A cube texture: GLSL's `samplerCube`, read by a direction through the graph's
    /// `texture_3d` of a cube (R-CUBE-4, docs/requirements.md).
    SamplerCube,
    /// A 2D array texture: GLSL ES 3.00's `sampler2DArray`, read at `(u, v, layer)` through
    /// the graph's `texture_3d` of layers.
    Sampler2DArray,
    /// A struct of the shader: its place in `Checked::structs`. The lowering holds it as its
    /// fields' values, one value each.
    Struct(u16),
    /// An array of the shader: its place in `Checked::arrays` (element type and size). The
    /// lowering holds it as its elements' values.
    Array(u16),
}

/// What a scalar or a vector's components are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Comp {
    Bool,
    Int,
    UInt,
    Float,
}

/// The scalar and vector types, by component kind and width (a data table: one row a kind).
const VECTORS: [(Comp, [Ty; 4]); 4] = [
    (Comp::Bool, [Ty::Bool, Ty::BVec2, Ty::BVec3, Ty::BVec4]),
    (Comp::Int, [Ty::Int, Ty::IVec2, Ty::IVec3, Ty::IVec4]),
    (Comp::UInt, [Ty::UInt, Ty::UVec2, Ty::UVec3, Ty::UVec4]),
    (Comp::Float, [Ty::Float, Ty::Vec2, Ty::Vec3, Ty::Vec4]),
];

impl Ty {
    pub fn from_name(name: TypeName) -> Ty {
        match name {
            TypeName::Void => Ty::Void,
            TypeName::Mat2 => Ty::Mat2,
            TypeName::Mat3 => Ty::Mat3,
            TypeName::Mat4 => Ty::Mat4,
            TypeName::Sampler2D => Ty::Sampler,
            TypeName::Sampler3D => Ty::Sampler3D,
            TypeName::SamplerCube => Ty::SamplerCube,
            TypeName::Sampler2DArray => Ty::Sampler2DArray,
            TypeName::Struct(i) => Ty::Struct(i),
            TypeName::Vector(comp, n) => Ty::of(comp, n as usize),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ty::Void => "void",
            Ty::Bool => "bool",
            Ty::Int => "int",
            Ty::UInt => "uint",
            Ty::Float => "float",
            Ty::Vec2 => "vec2",
            Ty::Vec3 => "vec3",
            Ty::Vec4 => "vec4",
            Ty::IVec2 => "ivec2",
            Ty::IVec3 => "ivec3",
            Ty::IVec4 => "ivec4",
            Ty::UVec2 => "uvec2",
            Ty::UVec3 => "uvec3",
            Ty::UVec4 => "uvec4",
            Ty::BVec2 => "bvec2",
            Ty::BVec3 => "bvec3",
            Ty::BVec4 => "bvec4",
            Ty::Mat2 => "mat2",
            Ty::Mat3 => "mat3",
            Ty::Mat4 => "mat4",
            Ty::Sampler => "sampler2D",
            Ty::Sampler3D => "sampler3D",
            Ty::SamplerCube => "samplerCube",
            Ty::Sampler2DArray => "sampler2DArray",
            // Messages that know the struct's name write it (`Checker::ty_name`).
            Ty::Struct(_) => "struct",
            Ty::Array(_) => "array",
        }
    }

    /// Whether the type is a sampler (a texture uniform of the graph).
    pub fn is_sampler(self) -> bool {
        matches!(
            self,
            Ty::Sampler | Ty::Sampler3D | Ty::SamplerCube | Ty::Sampler2DArray
        )
    }

    /// The float vector type of `n` components (a float for one).
    pub fn vec(n: usize) -> Ty {
        Ty::of(Comp::Float, n)
    }

    /// The scalar or vector of `comp` components, `n` of them (1 to 4; more is 4).
    pub fn of(comp: Comp, n: usize) -> Ty {
        // Invariant: every kind has a row of `VECTORS`.
        let row = VECTORS.iter().find(|r| r.0 == comp).expect("a row");
        row.1[n.clamp(1, 4) - 1]
    }

    /// What a scalar's or a vector's components are.
    pub fn comp(self) -> Option<Comp> {
        VECTORS.iter().find(|r| r.1.contains(&self)).map(|r| r.0)
    }

    /// This type's width with components of `comp` (`ivec3` to `vec3`).
    pub fn with_comp(self, comp: Comp) -> Option<Ty> {
        self.width().map(|n| Ty::of(comp, n))
    }

    /// Components of a scalar or a vector.
    pub fn width(self) -> Option<usize> {
        VECTORS
            .iter()
            .find_map(|r| r.1.iter().position(|&t| t == self))
            .map(|i| i + 1)
    }

    pub fn is_scalar(self) -> bool {
        self.width() == Some(1)
    }

    /// A vector of any kind of components.
    pub fn is_vector(self) -> bool {
        self.width().is_some_and(|n| n > 1)
    }

    /// A float or a float vector: GLSL's genType.
    pub fn is_gen(self) -> bool {
        self.comp() == Some(Comp::Float)
    }

    /// An int, a uint or a vector of them: GLSL's genIType and genUType.
    pub fn is_integer(self) -> bool {
        matches!(self.comp(), Some(Comp::Int | Comp::UInt))
    }

    /// A number (not a bool) or a vector of numbers.
    pub fn is_numeric(self) -> bool {
        matches!(self.comp(), Some(Comp::Int | Comp::UInt | Comp::Float))
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

    /// The graph's type of a scalar or a vector: a bool's is the float condition form.
    pub fn value_type(self) -> Option<ValueType> {
        let kind = match self.comp()? {
            Comp::Bool | Comp::Float => Scalar::Float,
            Comp::Int => Scalar::Int,
            Comp::UInt => Scalar::UInt,
        };
        ValueType::vector_of(kind, self.width()?)
    }
}

impl std::fmt::Display for Ty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The components of a constant scalar or vector (unused ones zero), each its exact value: a
/// float's f32 widened, an int's or a uint's 32-bit value (an f64 holds both exactly), a bool's
/// zero or one.
pub(crate) type Konst = [f64; 4];

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
    /// `texelFetch(s, P, lod)`: one texel of a level, unfiltered (GLSL ES 3.00 §8.8).
    TexelFetch,
    /// `textureSize(s, lod)`: a level's size in texels, an ivec2 (GLSL ES 3.00 §8.8).
    TextureSize,
    MatrixCompMult,
    Transpose,
    Determinant,
    Inverse,
    LessThan,
    LessThanEqual,
    GreaterThan,
    GreaterThanEqual,
    Equal,
    NotEqual,
    Any,
    All,
    Not,
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
        "lessThan" => subset(LessThan),
        "lessThanEqual" => subset(LessThanEqual),
        "greaterThan" => subset(GreaterThan),
        "greaterThanEqual" => subset(GreaterThanEqual),
        "equal" => subset(Equal),
        "notEqual" => subset(NotEqual),
        "any" => subset(Any),
        "all" => subset(All),
        "not" => subset(Not),
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
        // GLSL ES 1.00's cube read; ES 3.00 spells it `texture`.
        "textureCube" => BuiltinName::Spelled {
            builtin: Texture,
            es100: true,
            other: "texture",
        },
        "texelFetch" | "textureSize" => BuiltinName::Subset {
            builtin: if name == "texelFetch" {
                TexelFetch
            } else {
                TextureSize
            },
            es300_only: true,
        },
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
        | "textureOffset"
        | "texelFetchOffset"
        | "textureProjOffset"
        | "textureLodOffset"
        | "textureProjLodOffset"
        | "textureGradOffset"
        | "textureProjGradOffset"
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
                | LessThan
                | LessThanEqual
                | GreaterThan
                | GreaterThanEqual
                | Equal
                | NotEqual
                | Any
                | All
                | Not
        )
    }

    /// Whether the built-in reads a texture (a fragment-shader read: its level comes from
    /// derivatives or is given).
    pub fn reads_texture(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            Texture
                | TextureLod
                | TextureGrad
                | TextureProj
                | TextureProjLod
                | TextureProjGrad
                | TexelFetch
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
        // GLSL ES 3.00's integer forms: genIType (and genUType but for abs and sign), each other
        // argument of the first's type or its scalar.
        let int_form = |first_only: bool| {
            let t = args[0];
            let scalar = t.comp().map(|c| Ty::of(c, 1));
            ints && t.is_integer()
                && (!first_only || t.comp() == Some(Comp::Int))
                && args[1..].iter().all(|&a| a == t || Some(a) == scalar)
        };
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
                if args[0].is_gen() || int_form(true) {
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
                if self != Mod && int_form(false) {
                    return Ok(args[0]);
                }
                if args[0].is_gen() && (args[1] == args[0] || args[1] == Ty::Float) {
                    Ok(args[0])
                } else {
                    Err(no_form())
                }
            }
            Clamp => {
                count(3)?;
                if int_form(false) && (args[1] == args[2]) {
                    return Ok(args[0]);
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
                let by_bools =
                    ints && args[2].comp() == Some(Comp::Bool) && args[2].width() == t.width();
                if t.is_gen() && args[1] == t && (args[2] == t || args[2] == Ty::Float || by_bools)
                {
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
            LessThan | LessThanEqual | GreaterThan | GreaterThanEqual | Equal | NotEqual => {
                count(2)?;
                let t = args[0];
                let kinds = t.is_numeric()
                    || (matches!(self, Equal | NotEqual) && t.comp() == Some(Comp::Bool));
                match t.with_comp(Comp::Bool) {
                    Some(b) if t.is_vector() && kinds && args[1] == t => Ok(b),
                    _ => Err(no_form()),
                }
            }
            Any | All | Not => {
                count(1)?;
                if args[0].is_vector() && args[0].comp() == Some(Comp::Bool) {
                    Ok(if self == Not { args[0] } else { Ty::Bool })
                } else {
                    Err(no_form())
                }
            }
            TexelFetch | TextureSize => {
                // The subset's forms (GLSL ES 3.00 §8.8): a sampler2D's.
                let (form, result): (&[Ty], Ty) = if self == TexelFetch {
                    (&[Ty::Sampler, Ty::IVec2, Ty::Int], Ty::Vec4)
                } else {
                    (&[Ty::Sampler, Ty::Int], Ty::IVec2)
                };
                if args == form {
                    Ok(result)
                } else {
                    Err(no_form())
                }
            }
            Texture | TextureLod | TextureGrad | TextureProj | TextureProjLod | TextureProjGrad => {
                use Ty::{
                    Float, Sampler, Sampler2DArray, Sampler3D, SamplerCube, Vec2, Vec3, Vec4,
                };
                // The forms of the subset (GLSL ES 3.00 §8.8): a sampler2D's, and the implicit
                // read of a sampler3D, samplerCube and sampler2DArray (one level each, so no
                // gradient or bias; a cube's or layers' textureLod reads that level).
                let forms: &[&[Ty]] = match self {
                    Texture => &[
                        &[Sampler, Vec2],
                        &[Sampler, Vec2, Float],
                        &[Sampler3D, Vec3],
                        &[SamplerCube, Vec3],
                        &[Sampler2DArray, Vec3],
                    ],
                    TextureLod => &[
                        &[Sampler, Vec2, Float],
                        &[SamplerCube, Vec3, Float],
                        &[Sampler2DArray, Vec3, Float],
                    ],
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

fn truth(b: bool) -> f64 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// Component `k` of a constant of type `ty`: a scalar repeats into every component.
fn at(value: &Konst, ty: Ty, k: usize) -> f64 {
    if ty.is_scalar() {
        value[0]
    } else {
        value[k]
    }
}

/// GLSL `min`, `max` and `sign` as the interpreter computes them. A constant's component is the
/// exact value of its float, int or uint, so one comparison serves every kind.
fn min(x: f64, y: f64) -> f64 {
    if y < x {
        y
    } else {
        x
    }
}

fn max(x: f64, y: f64) -> f64 {
    if x < y {
        y
    } else {
        x
    }
}

fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}

/// The refusal of an operand known now that GLSL leaves undefined (R-INT-4): an integer `/`, `%`
/// (and `/=`, `%=`) by a zero component, a shift count outside 0 to 31.
pub(crate) fn known_operand_refusal(
    op: BinOp,
    result: Ty,
    right_ty: Ty,
    right: Option<&Konst>,
) -> Option<String> {
    let right = right?;
    let w = right_ty.width().unwrap_or(1);
    match op {
        BinOp::Div | BinOp::Mod if result.is_integer() => right[..w].contains(&0.0).then(|| {
            format!(
                "an integer {} by zero has no value; the divisor here is a constant 0",
                if op == BinOp::Div {
                    "division"
                } else {
                    "remainder"
                }
            )
        }),
        BinOp::Shl | BinOp::Shr => right[..w]
            .iter()
            .find(|&&c| !(0.0..=31.0).contains(&c))
            .map(|c| {
                format!(
                    "the shift count {c} is outside 0 to 31: GLSL leaves such a shift undefined"
                )
            }),
        _ => None,
    }
}

pub(crate) fn fold_unary(op: UnOp, ty: Ty, a: &Konst) -> Konst {
    let w = ty.width().unwrap_or(1);
    let mut out = [0.0; 4];
    for k in 0..w {
        let x = a[k];
        out[k] = match (op, ty.comp()) {
            (UnOp::Plus, _) => x,
            (UnOp::Not, _) => truth(x == 0.0),
            (UnOp::Neg, Some(Comp::Int)) => f64::from((x as i32).wrapping_neg()),
            (UnOp::Neg, Some(Comp::UInt)) => f64::from((x as u32).wrapping_neg()),
            (UnOp::Neg, _) => -x,
            (UnOp::BitNot, Some(Comp::Int)) => f64::from(!(x as i32)),
            (UnOp::BitNot, _) => f64::from(!(x as u32)),
        };
    }
    out
}

/// An arithmetic or bit operator over two components of integers (both as `i32` bits; the kind
/// decides division, remainder and the right shift). A zero divisor gives 0, as at run time.
fn int_arith(op: BinOp, signed: bool, x: u32, y: u32) -> u32 {
    let (xi, yi) = (x as i32, y as i32);
    match op {
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::Div if y == 0 => 0,
        BinOp::Mod if y == 0 => 0,
        BinOp::Div if signed => xi.wrapping_div(yi) as u32,
        BinOp::Mod if signed => xi.wrapping_rem(yi) as u32,
        BinOp::Div => x / y,
        BinOp::Mod => x % y,
        BinOp::BitAnd => x & y,
        BinOp::BitOr => x | y,
        BinOp::BitXor => x ^ y,
        BinOp::Shl => x.checked_shl(y).unwrap_or(0),
        BinOp::Shr if signed => xi.checked_shr(y).unwrap_or(0) as u32,
        BinOp::Shr => x.checked_shr(y).unwrap_or(0),
        _ => 0,
    }
}

/// A constant's component as its 32 bits (an int's two's complement, a uint's value).
fn bits(x: f64, comp: Comp) -> u32 {
    if comp == Comp::Int {
        x as i32 as u32
    } else {
        x as u32
    }
}

/// The component of kind `comp` that holds `bits`.
fn from_bits(b: u32, comp: Comp) -> f64 {
    if comp == Comp::Int {
        f64::from(b as i32)
    } else {
        f64::from(b)
    }
}

/// A binary operator over constants of types `ta` and `tb`, giving a value of type `result`
/// (see [`known_operand_refusal`] for the operands refused before).
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
            let comp = result.comp().unwrap_or(Comp::Float);
            for (k, o) in out.iter_mut().enumerate().take(w) {
                let (x, y) = (at(a, ta, k), at(b, tb, k));
                *o = if comp == Comp::Float {
                    // The interpreter's f32 arithmetic, in its order.
                    let (x, y) = (x as f32, y as f32);
                    f64::from(match op {
                        BinOp::Add => x + y,
                        BinOp::Sub => x - y,
                        BinOp::Mul => x * y,
                        BinOp::Div => x / y,
                        _ => 0.0,
                    })
                } else {
                    // A shift's count is either kind; its value is what counts.
                    let count_comp = tb.comp().unwrap_or(comp);
                    let y_bits = if matches!(op, BinOp::Shl | BinOp::Shr) {
                        bits(y, count_comp)
                    } else {
                        bits(y, comp)
                    };
                    from_bits(
                        int_arith(op, comp == Comp::Int, bits(x, comp), y_bits),
                        comp,
                    )
                };
            }
        }
    }
    out
}

/// A folding built-in over constants (see [`Builtin::folds`]).
pub(crate) fn fold_builtin(builtin: Builtin, tys: &[Ty], args: &[Konst], result: Ty) -> Konst {
    let mut out = [0.0; 4];
    // Any and all read their argument's width; the others give one component per result's.
    if matches!(builtin, Builtin::Any | Builtin::All) {
        let w = tys[0].width().unwrap_or(1);
        let v = &args[0][..w];
        out[0] = truth(if builtin == Builtin::Any {
            v.iter().any(|&c| c != 0.0)
        } else {
            v.iter().all(|&c| c != 0.0)
        });
        return out;
    }
    let w = result.width().unwrap_or(1);
    let int = tys.first().is_some_and(|t| t.comp() == Some(Comp::Int));
    // Invariant: `signature` accepted these arguments, which checks each built-in's count
    // (`count(n)`) before it reads `args[i]`, and `k` is below the result's width, at most 4; the
    // folds read only the arguments their built-in takes.
    let arg = |i: usize, k: usize| at(&args[i], tys[i], k);
    let f = |i: usize, k: usize| arg(i, k) as f32;
    for (k, o) in out.iter_mut().enumerate().take(w) {
        *o = match builtin {
            Builtin::Abs if int => f64::from((arg(0, k) as i32).wrapping_abs()),
            Builtin::Abs => arg(0, k).abs(),
            Builtin::Sign => sign(arg(0, k)),
            Builtin::Floor => arg(0, k).floor(),
            Builtin::Ceil => arg(0, k).ceil(),
            Builtin::Trunc => arg(0, k).trunc(),
            Builtin::Round => f64::from(f(0, k).round_ties_even()),
            Builtin::Fract => f64::from(f(0, k) - f(0, k).floor()),
            Builtin::Mod => {
                let (x, y) = (f(0, k), f(1, k));
                f64::from(x - y * (x / y).floor())
            }
            Builtin::Min => min(arg(0, k), arg(1, k)),
            Builtin::Max => max(arg(0, k), arg(1, k)),
            Builtin::Clamp => min(max(arg(0, k), arg(1, k)), arg(2, k)),
            // 0 where edge > x, else 1 (a NaN gives 1, as the interpreter's `x < edge` test).
            Builtin::Step => {
                truth(arg(1, k).partial_cmp(&arg(0, k)) != Some(std::cmp::Ordering::Less))
            }
            Builtin::Mix if tys[2].comp() == Some(Comp::Bool) => {
                if arg(2, k) != 0.0 {
                    arg(1, k)
                } else {
                    arg(0, k)
                }
            }
            Builtin::Mix => {
                let (x, y, t) = (f(0, k), f(1, k), f(2, k));
                f64::from(x * (1.0 - t) + y * t)
            }
            Builtin::LessThan => truth(arg(0, k) < arg(1, k)),
            Builtin::LessThanEqual => truth(arg(0, k) <= arg(1, k)),
            Builtin::GreaterThan => truth(arg(0, k) > arg(1, k)),
            Builtin::GreaterThanEqual => truth(arg(0, k) >= arg(1, k)),
            Builtin::Equal => truth(arg(0, k) == arg(1, k)),
            Builtin::NotEqual => truth(arg(0, k) != arg(1, k)),
            Builtin::Not => truth(arg(0, k) == 0.0),
            _ => 0.0,
        };
    }
    out
}

/// One component converted to `to` (GLSL's constructor conversions): a float to an integer
/// truncates and must be finite and in range; an int and a uint keep their bits; a bool tests
/// for zero; an integer to a float rounds to the nearest (ties to even).
fn convert(x: f64, from: Comp, to: Comp) -> Result<f64, String> {
    Ok(match (from, to) {
        _ if from == to => x,
        (_, Comp::Bool) => truth(x != 0.0),
        (Comp::Bool, _) => x,
        (Comp::Int | Comp::UInt, Comp::Float) => f64::from(x as f32),
        (Comp::Int, Comp::UInt) | (Comp::UInt, Comp::Int) => from_bits(bits(x, from), to),
        (_, Comp::Int) if x.is_finite() && (-2_147_483_648.0..2_147_483_648.0).contains(&x) => {
            x.trunc()
        }
        (_, Comp::UInt) if x.is_finite() && x > -1.0 && x < 4_294_967_296.0 => x.trunc(),
        _ => {
            return Err(format!(
                "{x:?} is not {}: a known float-to-integer conversion must be finite and in range",
                article(if to == Comp::Int { "int" } else { "uint" })
            ))
        }
    })
}

/// A constructor over constants: the components of the arguments in order, converted to the
/// result's components (a lone scalar repeats), or why a conversion has no value.
pub(crate) fn fold_construct(result: Ty, tys: &[Ty], args: &[Konst]) -> Result<Konst, String> {
    let w = result.width().unwrap_or(1);
    let to = result.comp().unwrap_or(Comp::Float);
    let mut flat = Vec::with_capacity(4);
    if tys.len() == 1 && tys[0].is_scalar() {
        flat.extend(std::iter::repeat_n((tys[0], args[0][0]), w));
    } else {
        for (&ty, value) in tys.iter().zip(args) {
            for &c in value.iter().take(ty.width().unwrap_or(1)) {
                flat.push((ty, c));
            }
        }
    }
    let mut out = [0.0; 4];
    for (k, o) in out.iter_mut().enumerate().take(w) {
        let (ty, c) = flat.get(k).copied().unwrap_or((Ty::Float, 0.0));
        *o = convert(c, ty.comp().unwrap_or(Comp::Float), to)?;
    }
    Ok(out)
}

/// `name` after its article: "an int", "a float", "a vec3" (a type name, or a struct's).
pub(crate) fn article(name: &str) -> String {
    // "a uint", "a uvec3": the u is said as "you".
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c))
        && !name.starts_with("uint")
        && !name.starts_with("uvec");
    if vowel {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}
