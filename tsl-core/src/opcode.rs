//! The operation table: one row per opcode, shared by the graph (type rules and names), the
//! compiler, the validator, the disassembler and the interpreter.

/// How a math operation types its operands and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeRule {
    /// Floats and vectors; every operand wider than one float has the same width; a float is
    /// repeated into every component. The result is the widest operand.
    Componentwise,
    /// As `Componentwise`, but the result is one float (`dot`, `length`, `distance`).
    Reduce,
    /// Two `vec3` operands, a `vec3` result (`cross`).
    Cross,
    /// `refract(i, n, eta)`: `i` and `n` of one width, `eta` a float; the result is `i`'s type.
    Refract,
    /// MaterialX noise: operand 0 is the point (its width is the instruction's width: 2 or 3,
    /// or 1 to 4 for cell noise), any other operand a float; the result has the width of
    /// [`Opcode::noise_output`].
    Noise,
    /// Integer operands alone (`int` or `uint` scalars and vectors, one kind); otherwise as
    /// `Componentwise`: `bit_and`, `rem` (R-INT-3).
    Integer,
    /// A shift: the left operand is an integer scalar or vector and gives the result's type; the
    /// count is a signed or unsigned integer, a scalar or of the left operand's width.
    Shift,
    /// A conversion to the opcode's kind (`to_int`, `to_uint`, `to_float`) of a float or integer
    /// scalar or vector; the result has the operand's width.
    Convert,
    /// Not a graph operation: emitted by the compiler alone (loads, moves, joins, fused steps).
    Internal,
}

macro_rules! opcodes {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $text:literal, $arity:literal, $rule:ident;)*) => {
        /// An operation of the bytecode. Its byte is the low eight bits of an instruction's first
        /// word (docs/bytecode.md). The math operations are also the graph's math nodes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Opcode {
            $($(#[$doc])* $name = $code,)*
        }

        impl Opcode {
            /// Every opcode, in byte order.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name),*];

            /// The opcode of a byte, if it is one.
            #[inline]
            pub fn from_byte(byte: u8) -> Option<Opcode> {
                match byte {
                    $($code => Some(Opcode::$name),)*
                    _ => None,
                }
            }

            /// The variant's Rust name: `Add`, `InverseSqrt`, `LessThan`. Code generated from this
            /// table (the GPU interpreter's `OP_*` constants) names each opcode after it.
            pub fn variant(self) -> &'static str {
                match self { $(Opcode::$name => stringify!($name),)* }
            }

            /// The TSL name: `add`, `inverse_sqrt`, `less_than`. Errors and the disassembler use it.
            pub fn name(self) -> &'static str {
                match self { $(Opcode::$name => $text,)* }
            }

            /// How many register operands the instruction reads.
            pub fn arity(self) -> usize {
                match self { $(Opcode::$name => $arity,)* }
            }

            /// The type rule of the operation.
            pub fn rule(self) -> TypeRule {
                match self { $(Opcode::$name => TypeRule::$rule,)* }
            }
        }
    };
}

opcodes! {
    /// Load `width` floats from the program's words at an absolute index (constants, uniforms,
    /// the frame's header values).
    Load = 0, "load", 0, Internal;
    /// Copy a fragment attribute (uv, positions, normals, vertex colour, lit colour).
    Attr = 1, "attr", 0, Internal;
    /// Read a texture at a vec2 coordinate; the second word is the index of the texture id.
    Tex = 2, "texture", 1, Internal;
    /// Copy a register through a swizzle.
    Mov = 3, "mov", 1, Internal;
    /// Assemble up to four components from up to three operands (see docs/bytecode.md).
    Join = 4, "join", 3, Internal;
    /// `a * b + c`, rounded after each step (two operations, not a fused multiply-add).
    MulAdd = 5, "muladd", 3, Internal;

    /// `a + b`.
    Add = 10, "add", 2, Componentwise;
    /// `a - b`.
    Sub = 11, "sub", 2, Componentwise;
    /// `a * b`, per component (matrices are expanded by the compiler).
    Mul = 12, "mul", 2, Componentwise;
    /// `a / b`, IEEE 754.
    Div = 13, "div", 2, Componentwise;
    /// GLSL `min`: `b < a ? b : a`.
    Min = 14, "min", 2, Componentwise;
    /// GLSL `max`: `a < b ? b : a`.
    Max = 15, "max", 2, Componentwise;
    /// GLSL `mod`: `a - b * floor(a / b)`.
    Mod = 16, "mod", 2, Componentwise;
    /// `pow(a, b)`.
    Pow = 17, "pow", 2, Componentwise;
    /// `step(edge, x)`: `x < edge ? 0 : 1`.
    Step = 18, "step", 2, Componentwise;
    /// `atan2(y, x)`, GLSL's `atan(y, x)`.
    Atan2 = 19, "atan2", 2, Componentwise;
    /// `mix(a, b, t)`: `a * (1 - t) + b * t`.
    Mix = 20, "mix", 3, Componentwise;
    /// `clamp(x, low, high)`: `min(max(x, low), high)`.
    Clamp = 21, "clamp", 3, Componentwise;
    /// `smoothstep(low, high, x)`.
    Smoothstep = 22, "smoothstep", 3, Componentwise;

    /// `|a|`.
    Abs = 30, "abs", 1, Componentwise;
    /// -1, 0 or 1 (GLSL's `sign`: zero stays zero).
    Sign = 31, "sign", 1, Componentwise;
    /// Round down.
    Floor = 32, "floor", 1, Componentwise;
    /// Round up.
    Ceil = 33, "ceil", 1, Componentwise;
    /// Round to nearest, a half to the even whole number.
    Round = 34, "round", 1, Componentwise;
    /// Round toward zero.
    Trunc = 35, "trunc", 1, Componentwise;
    /// `a - floor(a)`.
    Fract = 36, "fract", 1, Componentwise;
    /// Sine, radians.
    Sin = 37, "sin", 1, Componentwise;
    /// Cosine.
    Cos = 38, "cos", 1, Componentwise;
    /// Tangent.
    Tan = 39, "tan", 1, Componentwise;
    /// Arc sine.
    Asin = 40, "asin", 1, Componentwise;
    /// Arc cosine.
    Acos = 41, "acos", 1, Componentwise;
    /// Arc tangent of one value.
    Atan = 42, "atan", 1, Componentwise;
    /// Degrees to radians.
    Radians = 43, "radians", 1, Componentwise;
    /// Radians to degrees.
    Degrees = 44, "degrees", 1, Componentwise;
    /// `e^a`.
    Exp = 45, "exp", 1, Componentwise;
    /// `2^a`.
    Exp2 = 46, "exp2", 1, Componentwise;
    /// Natural logarithm.
    Log = 47, "log", 1, Componentwise;
    /// Base-2 logarithm.
    Log2 = 48, "log2", 1, Componentwise;
    /// Square root.
    Sqrt = 49, "sqrt", 1, Componentwise;
    /// `1 / sqrt(a)`.
    InverseSqrt = 50, "inverse_sqrt", 1, Componentwise;
    /// `1 / a`.
    Reciprocal = 51, "reciprocal", 1, Componentwise;
    /// `-a`.
    Negate = 52, "negate", 1, Componentwise;
    /// `1 - a`.
    OneMinus = 53, "one_minus", 1, Componentwise;
    /// `clamp(a, 0, 1)`.
    Saturate = 54, "saturate", 1, Componentwise;
    /// `a / length(a)`; a zero vector stays zero.
    Normalize = 55, "normalize", 1, Componentwise;
    /// TSL's `hash(seed)`: the PCG hash of `uint(seed)` scaled to [0, 1], per component
    /// (`tsl_core::noise::pcg_hash`).
    Hash = 56, "hash", 1, Componentwise;

    /// `dot(a, b)`.
    Dot = 60, "dot", 2, Reduce;
    /// `length(a)`.
    Length = 61, "length", 1, Reduce;
    /// `length(a - b)`.
    Distance = 62, "distance", 2, Reduce;
    /// `cross(a, b)` of two vec3.
    Cross = 63, "cross", 2, Cross;
    /// `reflect(i, n)`: `i - 2 * dot(n, i) * n`.
    Reflect = 64, "reflect", 2, Componentwise;
    /// `refract(i, n, eta)`.
    Refract = 65, "refract", 3, Refract;
    /// `faceforward(n, i, nref)`: `dot(nref, i) < 0 ? n : -n`.
    Faceforward = 66, "faceforward", 3, Componentwise;

    /// `a < b`, one or zero per component.
    LessThan = 70, "less_than", 2, Componentwise;
    /// `a <= b`.
    LessThanEqual = 71, "less_than_equal", 2, Componentwise;
    /// `a > b`.
    GreaterThan = 72, "greater_than", 2, Componentwise;
    /// `a >= b`.
    GreaterThanEqual = 73, "greater_than_equal", 2, Componentwise;
    /// `a == b`.
    Equal = 74, "equal", 2, Componentwise;
    /// `a != b`.
    NotEqual = 75, "not_equal", 2, Componentwise;
    /// Both not zero.
    LogicalAnd = 76, "logical_and", 2, Componentwise;
    /// Either not zero.
    LogicalOr = 77, "logical_or", 2, Componentwise;
    /// Exactly one not zero.
    LogicalXor = 78, "logical_xor", 2, Componentwise;
    /// Zero becomes one, anything else zero.
    LogicalNot = 79, "logical_not", 1, Componentwise;
    /// `select(c, a, b)`: `a` where `c` is not zero, else `b`.
    Select = 80, "select", 3, Componentwise;

    /// three.js's `mx_perlin_noise_float` of a vec2 or vec3 point.
    PerlinFloat = 90, "perlin_noise", 1, Noise;
    /// three.js's `mx_perlin_noise_vec3` of a vec2 or vec3 point.
    PerlinVec3 = 91, "perlin_noise_vec3", 1, Noise;
    /// three.js's `mx_cell_noise_float` of one to four floats.
    CellFloat = 92, "cell_noise", 1, Noise;
    /// three.js's `mx_cell_noise_vec3` of one to four floats.
    CellVec3 = 93, "cell_noise_vec3", 1, Noise;
    /// three.js's `mx_worley_noise_float_2d` / `_3d` (point, jitter, style): the distance to the
    /// nearest feature point, or for style 1 the cell noise there.
    WorleyFloat = 94, "worley_noise", 3, Noise;
    /// three.js's `mx_worley_noise_vec2` (point, jitter, metric): the two nearest distances.
    WorleyVec2 = 95, "worley_noise_vec2", 3, Noise;
    /// three.js's `mx_worley_noise_vec3` (point, jitter, metric): the three nearest distances.
    WorleyVec3 = 96, "worley_noise_vec3", 3, Noise;
    /// style 1 of three.js's `mx_worley_noise_vec3_style` (point, jitter, metric): vec3 cell
    /// noise at the nearest feature point.
    WorleyCellVec3 = 97, "worley_cell_noise_vec3", 3, Noise;
    /// Read a 3D texture (a volume) at a vec3 coordinate; the second word is the index of the
    /// volume's id, as `texture`'s (three.js's `texture3D`).
    Tex3 = 98, "texture_3d", 1, Internal;
    /// Read a texture at an explicit mip level: the operand is a vec3 (u, v, level), where the
    /// level is GLSL's `textureLod` level (the λ before the filter picks one or two levels);
    /// the second word is the index of the texture id, as `texture`'s (TSL's
    /// `texture(map, uv).level(l)`).
    TexLod = 99, "texture_level", 1, Internal;

    // Exact integers (R-INT, docs/requirements.md; docs/integers.md). An integer register
    // component holds the value's 32 bits as they are (`f32::from_bits`), and these operations
    // read and write those bits without floating-point arithmetic. The graph's `add`, `sub`,
    // `mul`, `div`, `min`, `max`, `clamp`, `abs`, `sign`, `negate`, the comparisons and `select`
    // take integers too; the compiler emits the integer opcodes below for them.

    /// Bitwise `a & b` of integers.
    BitAnd = 100, "bit_and", 2, Integer;
    /// Bitwise `a | b`.
    BitOr = 101, "bit_or", 2, Integer;
    /// Bitwise `a ^ b`.
    BitXor = 102, "bit_xor", 2, Integer;
    /// Bitwise `~a`.
    BitNot = 103, "bit_not", 1, Integer;
    /// `a << b`; a count outside 0 to 31 gives 0.
    ShiftLeft = 104, "shift_left", 2, Shift;
    /// `a >> b`, arithmetic (the sign bit repeated) for `int`; the compiler emits
    /// [`Opcode::UShiftRight`] for `uint`. A count outside 0 to 31 gives 0.
    ShiftRight = 105, "shift_right", 2, Shift;
    /// GLSL's `%` of signed integers: `a - b * (a / b)`, division truncated toward zero; 0 where
    /// `b` is 0. The compiler emits [`Opcode::URem`] for `uint`.
    Rem = 106, "rem", 2, Integer;
    /// GLSL's `int(x)`: a float truncated toward zero; 0 where the result is not in `int`'s range
    /// (NaN and infinities too). Of an integer, the compiler keeps the bits and emits nothing.
    ToInt = 107, "to_int", 1, Convert;
    /// GLSL's `uint(x)`: a float truncated toward zero; 0 where the result is not in `uint`'s
    /// range. Of an integer, the bits are kept (no instruction).
    ToUint = 108, "to_uint", 1, Convert;
    /// GLSL's `float(i)` of a signed integer, rounded to nearest even; the compiler emits
    /// [`Opcode::UToFloat`] for `uint` and nothing for a float.
    ToFloat = 109, "to_float", 1, Convert;
    /// `a + b` of integers, wrapping modulo 2^32.
    IAdd = 110, "iadd", 2, Internal;
    /// `a - b` of integers, wrapping.
    ISub = 111, "isub", 2, Internal;
    /// `a * b` of integers, the low 32 bits.
    IMul = 112, "imul", 2, Internal;
    /// `a / b` of signed integers, truncated toward zero; 0 where `b` is 0, and `i32::MIN` for
    /// `i32::MIN / -1` (wrapping).
    IDiv = 113, "idiv", 2, Internal;
    /// `a / b` of unsigned integers; 0 where `b` is 0.
    UDiv = 114, "udiv", 2, Internal;
    /// `a % b` of unsigned integers; 0 where `b` is 0.
    URem = 115, "urem", 2, Internal;
    /// `a >> b` of unsigned integers, logical; a count outside 0 to 31 gives 0.
    UShiftRight = 116, "ushift_right", 2, Internal;
    /// `min` of signed integers.
    IMin = 117, "imin", 2, Internal;
    /// `min` of unsigned integers.
    UMin = 118, "umin", 2, Internal;
    /// `max` of signed integers.
    IMax = 119, "imax", 2, Internal;
    /// `max` of unsigned integers.
    UMax = 120, "umax", 2, Internal;
    /// `clamp(x, low, high)` of signed integers: `min(max(x, low), high)`.
    IClamp = 121, "iclamp", 3, Internal;
    /// `clamp(x, low, high)` of unsigned integers.
    UClamp = 122, "uclamp", 3, Internal;
    /// `|a|` of signed integers, wrapping (`abs(i32::MIN)` is `i32::MIN`).
    IAbs = 123, "iabs", 1, Internal;
    /// -1, 0 or 1 of signed integers.
    ISign = 124, "isign", 1, Internal;
    /// `-a` of integers, wrapping (`0 - a`).
    INegate = 125, "inegate", 1, Internal;
    /// `a < b` of signed integers, one or zero (floats) per component.
    ILessThan = 126, "iless_than", 2, Internal;
    /// `a <= b` of signed integers.
    ILessThanEqual = 127, "iless_than_equal", 2, Internal;
    /// `a < b` of unsigned integers.
    ULessThan = 128, "uless_than", 2, Internal;
    /// `a <= b` of unsigned integers.
    ULessThanEqual = 129, "uless_than_equal", 2, Internal;
    /// `a == b` of integers: the bits are equal.
    IEqual = 130, "iequal", 2, Internal;
    /// `a != b` of integers.
    INotEqual = 131, "inot_equal", 2, Internal;
    /// `float(u)` of an unsigned integer, rounded to nearest even.
    UToFloat = 132, "uto_float", 1, Internal;

    /// Read one texel of a 2D texture with no filtering: the operand is a vec3 (x, y, level) of
    /// whole numbers (the texel's column and row counted as `texture` counts them, and the mip
    /// level); the second word is the index of the texture id, as `texture`'s (GLSL's
    /// `texelFetch`). A texel or level outside the texture reads transparent black.
    TexFetch = 140, "texture_fetch", 1, Internal;
}

impl Opcode {
    /// Whether the result is one float whatever the operand width.
    pub fn reduces(self) -> bool {
        self.rule() == TypeRule::Reduce
    }

    /// Whether the opcode is one of the exact integer operations (bytes 100 to 132, R-INT): they
    /// read and write registers as raw bits.
    pub fn is_integer(self) -> bool {
        (Opcode::BitAnd as u8..=Opcode::UToFloat as u8).contains(&(self as u8))
    }

    /// The width of a noise's result; `None` for other operations.
    pub fn noise_output(self) -> Option<usize> {
        match self {
            Opcode::PerlinFloat | Opcode::CellFloat | Opcode::WorleyFloat => Some(1),
            Opcode::WorleyVec2 => Some(2),
            Opcode::PerlinVec3 | Opcode::CellVec3 | Opcode::WorleyVec3 | Opcode::WorleyCellVec3 => {
                Some(3)
            }
            _ => None,
        }
    }

    /// For a texture read (`texture`, `texture_3d`, `texture_level`, `texture_fetch`), how many components of
    /// its one register operand it reads; `None` for every other operation. Such an
    /// instruction's second operand word is the index of the texture id, and it writes a vec4.
    pub fn texture_coordinate(self) -> Option<usize> {
        match self {
            Opcode::Tex => Some(2),
            Opcode::Tex3 | Opcode::TexLod | Opcode::TexFetch => Some(3),
            _ => None,
        }
    }

    /// The point widths a noise takes; `None` for other operations.
    pub fn noise_points(self) -> Option<std::ops::RangeInclusive<usize>> {
        match self {
            Opcode::CellFloat | Opcode::CellVec3 => Some(1..=4),
            op if op.noise_output().is_some() => Some(2..=3),
            _ => None,
        }
    }

    /// The width of the value an instruction of `width` writes.
    pub fn result_width(self, width: usize) -> usize {
        if self.reduces() {
            1
        } else {
            self.noise_output().unwrap_or(width)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_round_trips_and_names_are_unique() {
        let mut names = std::collections::HashSet::new();
        for &op in Opcode::ALL {
            assert_eq!(Opcode::from_byte(op as u8), Some(op));
            assert!(names.insert(op.name()), "{} twice", op.name());
        }
        assert_eq!(Opcode::from_byte(255), None);
    }

    #[test]
    fn each_opcode_names_its_variant() {
        // What the GPU's generated `OP_*` constants are named after.
        assert_eq!(Opcode::Add.variant(), "Add");
        assert_eq!(Opcode::InverseSqrt.variant(), "InverseSqrt");
        assert_eq!(Opcode::WorleyVec3.variant(), "WorleyVec3");
        let variants: std::collections::HashSet<_> =
            Opcode::ALL.iter().map(|op| op.variant()).collect();
        assert_eq!(variants.len(), Opcode::ALL.len());
    }
}
