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

    /// The number of floats of a float or vector type; `None` for matrices and textures.
    pub fn width(self) -> Option<usize> {
        match self {
            ValueType::Float => Some(1),
            ValueType::Vec2 => Some(2),
            ValueType::Vec3 => Some(3),
            ValueType::Vec4 => Some(4),
            _ => None,
        }
    }

    /// The size of a square matrix type (3 or 4); `None` for other types.
    pub fn matrix_size(self) -> Option<usize> {
        match self {
            ValueType::Mat3 => Some(3),
            ValueType::Mat4 => Some(4),
            _ => None,
        }
    }

    /// The floats this type occupies in a program's data: a vector's width, a matrix's columns.
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
        }
    }
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
