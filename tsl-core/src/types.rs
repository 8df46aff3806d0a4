//! Value types, colours, uniform values and texture ids: the vocabulary every stage shares.

use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use std::fmt;

/// The type of a node's value.
///
/// Vectors are one to four floats. A matrix is a list of its columns (R-NODE-2,
/// docs/requirements.md): a register holds four floats, so no instruction writes a whole matrix;
/// `mul` expands it into vector operations. A texture is a handle that only `texture(map, uv)`
/// reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// One float. Also the type of every condition: zero is false, anything else true.
    Float,
    /// Two floats.
    Vec2,
    /// Three floats.
    Vec3,
    /// Four floats.
    Vec4,
    /// A 3×3 matrix of floats, column-major.
    Mat3,
    /// A 4×4 matrix of floats, column-major.
    Mat4,
    /// A texture handle.
    Texture,
    /// A signed 32-bit integer (GLSL's `int`), exact: a register holds its bits (R-INT-1,
    /// docs/requirements.md).
    Int,
    /// Two signed integers.
    IVec2,
    /// Three signed integers.
    IVec3,
    /// Four signed integers.
    IVec4,
    /// An unsigned 32-bit integer (GLSL's `uint`), exact: a register holds its bits.
    UInt,
    /// Two unsigned integers.
    UVec2,
    /// Three unsigned integers.
    UVec3,
    /// Four unsigned integers.
    UVec4,
}

/// The kind of a vector type's components: what decides which operation an opcode runs and what
/// may mix with what. Integer and float kinds never mix implicitly (R-INT-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// IEEE 754 binary32.
    Float,
    /// A signed 32-bit integer, two's complement.
    Int,
    /// An unsigned 32-bit integer.
    UInt,
}

impl Scalar {
    /// Whether the kind is one of the two integer kinds.
    pub fn is_integer(self) -> bool {
        self != Scalar::Float
    }

    /// The GLSL spelling of the kind's scalar type: `float`, `int`, `uint`.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Float => "float",
            Scalar::Int => "int",
            Scalar::UInt => "uint",
        }
    }
}

impl ValueType {
    /// The vector type of `width` floats (1 to 4).
    pub fn vector(width: usize) -> Option<ValueType> {
        match width {
            1 => Some(ValueType::Float),
            2 => Some(ValueType::Vec2),
            3 => Some(ValueType::Vec3),
            4 => Some(ValueType::Vec4),
            _ => None,
        }
    }

    /// The vector type of `width` components (1 to 4) of `kind`: `vector_of(Scalar::UInt, 3)` is
    /// `uvec3`.
    pub fn vector_of(kind: Scalar, width: usize) -> Option<ValueType> {
        use ValueType::*;
        let row = match kind {
            Scalar::Float => [Float, Vec2, Vec3, Vec4],
            Scalar::Int => [Int, IVec2, IVec3, IVec4],
            Scalar::UInt => [UInt, UVec2, UVec3, UVec4],
        };
        width.checked_sub(1).and_then(|i| row.get(i).copied())
    }

    /// The number of components of a scalar or vector type (float or integer); `None` for
    /// matrices and textures.
    pub fn width(self) -> Option<usize> {
        use ValueType::*;
        match self {
            Float | Int | UInt => Some(1),
            Vec2 | IVec2 | UVec2 => Some(2),
            Vec3 | IVec3 | UVec3 => Some(3),
            Vec4 | IVec4 | UVec4 => Some(4),
            Mat3 | Mat4 | Texture => None,
        }
    }

    /// The kind of a scalar or vector type's components; `None` for matrices and textures.
    pub fn kind(self) -> Option<Scalar> {
        use ValueType::*;
        match self {
            Float | Vec2 | Vec3 | Vec4 => Some(Scalar::Float),
            Int | IVec2 | IVec3 | IVec4 => Some(Scalar::Int),
            UInt | UVec2 | UVec3 | UVec4 => Some(Scalar::UInt),
            Mat3 | Mat4 | Texture => None,
        }
    }

    /// Whether the type is a signed or unsigned integer scalar or vector.
    pub fn is_integer(self) -> bool {
        self.kind().is_some_and(Scalar::is_integer)
    }

    /// The same width with components of `kind`: `ivec3.with_kind(Scalar::Float)` is `vec3`;
    /// `None` for matrices and textures.
    pub fn with_kind(self, kind: Scalar) -> Option<ValueType> {
        self.width().and_then(|w| ValueType::vector_of(kind, w))
    }

    /// The size of a square matrix type (3 or 4); `None` for other types.
    pub fn matrix_size(self) -> Option<usize> {
        match self {
            ValueType::Mat3 => Some(3),
            ValueType::Mat4 => Some(4),
            _ => None,
        }
    }

    /// The words (floats, or integers' bits) this type occupies in a program's data: a vector's width, a matrix's columns.
    pub fn float_count(self) -> usize {
        match self {
            ValueType::Mat3 => 9,
            ValueType::Mat4 => 16,
            ValueType::Texture => 1,
            other => other.width().unwrap_or(1),
        }
    }

    /// The GLSL spelling, used in messages: `float`, `vec3`, `mat4`, `texture`.
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Float => "float",
            ValueType::Vec2 => "vec2",
            ValueType::Vec3 => "vec3",
            ValueType::Vec4 => "vec4",
            ValueType::Mat3 => "mat3",
            ValueType::Mat4 => "mat4",
            ValueType::Texture => "texture",
            ValueType::Int => "int",
            ValueType::IVec2 => "ivec2",
            ValueType::IVec3 => "ivec3",
            ValueType::IVec4 => "ivec4",
            ValueType::UInt => "uint",
            ValueType::UVec2 => "uvec2",
            ValueType::UVec3 => "uvec3",
            ValueType::UVec4 => "uvec4",
        }
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour in the linear working space (three.js's `LinearSRGBColorSpace`).
///
/// [`Color::from_srgb8`] and [`Color::from_hex`] decode sRGB as three.js's `Color.setHex` and
/// `color(0xrrggbb)` do; [`Color::linear`] takes working-space values as `Color.setRGB` does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Color {
    /// Red, linear.
    pub r: f32,
    /// Green, linear.
    pub g: f32,
    /// Blue, linear.
    pub b: f32,
}

/// three.js's sRGB electro-optical transfer function (`SRGBToLinear` in `ColorManagement.js`).
pub fn srgb_to_linear(c: f64) -> f64 {
    if c < 0.04045 {
        c * 0.0773993808
    } else {
        (c * 0.9478672986 + 0.0521327014).powf(2.4)
    }
}

impl Color {
    /// White, (1, 1, 1).
    pub const WHITE: Color = Color {
        r: 1.0,
        g: 1.0,
        b: 1.0,
    };
    /// Black, (0, 0, 0).
    pub const BLACK: Color = Color {
        r: 0.0,
        g: 0.0,
        b: 0.0,
    };

    /// A colour from 8-bit sRGB channels, decoded to linear: `Color::from_srgb8(255, 120, 40)`.
    pub fn from_srgb8(r: u8, g: u8, b: u8) -> Color {
        let decode = |c: u8| srgb_to_linear(c as f64 / 255.0) as f32;
        Color {
            r: decode(r),
            g: decode(g),
            b: decode(b),
        }
    }

    /// A colour from a 0xRRGGBB sRGB hex value, decoded to linear, as three.js's `color(0xff8040)`.
    pub fn from_hex(hex: u32) -> Color {
        Color::from_srgb8((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
    }

    /// A colour from linear working-space channels, as three.js's `color(r, g, b)`.
    pub fn linear(r: f32, g: f32, b: f32) -> Color {
        Color { r, g, b }
    }

    /// The channels as a vector.
    pub fn to_vec3(self) -> Vec3 {
        Vec3::new(self.r, self.g, self.b)
    }
}

/// The id of a texture in the renderer's texture store. [`NO_TEXTURE`] names none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextureId(pub u32);

/// The texture id that names no texture; a texture node or `set_texture` refuses it.
pub const NO_TEXTURE: TextureId = TextureId(u32::MAX);

/// The texture id that names the opaque scene behind the fragment, three.js's
/// `viewportSharedTexture()` (R-SCREEN-1, docs/requirements.md): a renderer draws the scene's
/// opaque pass first and reads it here. No asset store holds it.
pub const VIEWPORT_TEXTURE: TextureId = TextureId(u32::MAX - 1);

/// The value of a uniform: what `uniform(value)` declares and `set_uniform` changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum UniformValue {
    /// A float.
    Float(f32),
    /// A `vec2`.
    Vec2(Vec2),
    /// A `vec3`.
    Vec3(Vec3),
    /// A `vec4`.
    Vec4(Vec4),
    /// A colour, a `vec3` of linear channels.
    Color(Color),
    /// A `mat3`.
    Mat3(Mat3),
    /// A `mat4`.
    Mat4(Mat4),
    /// Signed integers, `int` to `ivec4`: the first `width` (1 to 4) of `values`, every bit kept
    /// (R-INT-5).
    Int {
        /// The components.
        values: [i32; 4],
        /// How many are used, 1 to 4.
        width: u8,
    },
    /// Unsigned integers, `uint` to `uvec4`: the first `width` (1 to 4) of `values`, every bit
    /// kept.
    UInt {
        /// The components.
        values: [u32; 4],
        /// How many are used, 1 to 4.
        width: u8,
    },
}

impl UniformValue {
    /// The node type of the value.
    pub fn value_type(&self) -> ValueType {
        match self {
            UniformValue::Float(_) => ValueType::Float,
            UniformValue::Vec2(_) => ValueType::Vec2,
            UniformValue::Vec3(_) | UniformValue::Color(_) => ValueType::Vec3,
            UniformValue::Vec4(_) => ValueType::Vec4,
            UniformValue::Mat3(_) => ValueType::Mat3,
            UniformValue::Mat4(_) => ValueType::Mat4,
            UniformValue::Int { width, .. } => int_type(Scalar::Int, *width),
            UniformValue::UInt { width, .. } => int_type(Scalar::UInt, *width),
        }
    }

    /// The words of the value as the program stores them: f32 bits, or the integers' own bits.
    pub fn bits(&self) -> Vec<u32> {
        match self {
            UniformValue::Int { values, width } => values
                .iter()
                .take(int_width(*width))
                .map(|&v| v as u32)
                .collect(),
            UniformValue::UInt { values, width } => {
                values.iter().take(int_width(*width)).copied().collect()
            }
            other => other.floats().iter().map(|f| f.to_bits()).collect(),
        }
    }

    /// The floats of the value, column-major for matrices.
    pub fn floats(&self) -> Vec<f32> {
        match self {
            UniformValue::Float(x) => vec![*x],
            UniformValue::Vec2(v) => v.to_array().to_vec(),
            UniformValue::Vec3(v) => v.to_array().to_vec(),
            UniformValue::Color(c) => c.to_vec3().to_array().to_vec(),
            UniformValue::Vec4(v) => v.to_array().to_vec(),
            UniformValue::Mat3(m) => m.to_cols_array().to_vec(),
            UniformValue::Mat4(m) => m.to_cols_array().to_vec(),
            // The integers' bits in f32 form, never converted: `bits` is the form to store.
            UniformValue::Int { .. } | UniformValue::UInt { .. } => {
                self.bits().into_iter().map(f32::from_bits).collect()
            }
        }
    }
}

/// An integer uniform's width, 1 to 4 (a width outside is read as the nearest).
fn int_width(width: u8) -> usize {
    (width as usize).clamp(1, 4)
}

fn int_type(kind: Scalar, width: u8) -> ValueType {
    // Invariant: `int_width` is 1 to 4.
    ValueType::vector_of(kind, int_width(width)).expect("1 to 4")
}

macro_rules! uniform_from_ints {
    ($($t:ty, $variant:ident, $n:literal, |$v:ident| $arr:expr;)*) => {$(
        impl From<$t> for UniformValue {
            fn from($v: $t) -> Self {
                UniformValue::$variant { values: $arr, width: $n }
            }
        }
    )*};
}
uniform_from_ints! {
    u32, UInt, 1, |v| [v, 0, 0, 0];
    [u32; 2], UInt, 2, |v| [v[0], v[1], 0, 0];
    [u32; 3], UInt, 3, |v| [v[0], v[1], v[2], 0];
    [u32; 4], UInt, 4, |v| v;
    i32, Int, 1, |v| [v, 0, 0, 0];
    [i32; 2], Int, 2, |v| [v[0], v[1], 0, 0];
    [i32; 3], Int, 3, |v| [v[0], v[1], v[2], 0];
    [i32; 4], Int, 4, |v| v;
}

macro_rules! uniform_from {
    ($($t:ty => $variant:ident),*) => {$(
        impl From<$t> for UniformValue {
            fn from(value: $t) -> Self {
                UniformValue::$variant(value)
            }
        }
    )*};
}
uniform_from!(f32 => Float, Vec2 => Vec2, Vec3 => Vec3, Vec4 => Vec4, Color => Color, Mat3 => Mat3, Mat4 => Mat4);
