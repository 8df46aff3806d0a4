//! The node types as Rust types: one marker per [`ValueType`], and the traits that say which
//! types an operation takes. Each trait carries a `#[diagnostic::on_unimplemented]` message, so a
//! type error reads as ours, not as a list of impls.

use crate::types::ValueType;
use std::fmt::Debug;

mod sealed {
    pub trait Sealed {}
}

/// One float: the type of [`time`](super::time), of a loop's index and of every condition.
#[derive(Clone, Copy, Debug)]
pub enum Float {}
/// Two floats, as [`uv`](super::uv).
#[derive(Clone, Copy, Debug)]
pub enum Vec2 {}
/// Three floats: positions, normals, colours.
#[derive(Clone, Copy, Debug)]
pub enum Vec3 {}
/// Four floats, as a [`texture`](super::texture) read.
#[derive(Clone, Copy, Debug)]
pub enum Vec4 {}
/// A 3×3 matrix, column-major.
#[derive(Clone, Copy, Debug)]
pub enum Mat3 {}
/// A 4×4 matrix, column-major, as [`camera_view_matrix`](super::camera_view_matrix).
#[derive(Clone, Copy, Debug)]
pub enum Mat4 {}
/// A texture handle, which only [`texture`](super::texture) reads.
#[derive(Clone, Copy, Debug)]
pub enum Texture {}

/// The type of a node, as a Rust type: [`Float`], [`Vec2`], [`Vec3`], [`Vec4`], [`Mat3`],
/// [`Mat4`] or [`Texture`]. Sealed: no other type is one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a node type",
    label = "not a node type",
    note = "a node type is one of Float, Vec2, Vec3, Vec4, Mat3, Mat4 and Texture (tsl::core::typed)"
)]
pub trait NodeType: Copy + Debug + 'static + sealed::Sealed {
    /// The graph's type for this marker.
    const TYPE: ValueType;
}

/// A float or a vector: what the math functions, the comparisons and a variable take.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a float or a vector",
    label = "a matrix or a texture here",
    note = "the math functions take floats and vectors; a matrix only multiplies (`m * v`), and only `texture(map, uv)` reads a texture"
)]
pub trait Numeric: NodeType {
    /// How many floats.
    const WIDTH: usize;
}

/// A square matrix: [`Mat3`] or [`Mat4`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a matrix",
    label = "not a matrix",
    note = "the matrices are Mat3 and Mat4"
)]
pub trait Matrix: NodeType {
    /// The type of one column (and of the vectors the matrix multiplies).
    type Column: Numeric;
}

/// A vector with a second component, `y` (`g`, `t`): what the swizzles naming it take.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no second component",
    label = "no `y` here",
    note = "`.y`, `.g` and `.t` (alone or in a swizzle) need a Vec2, Vec3 or Vec4"
)]
pub trait HasY: Numeric {}

/// A vector with a third component, `z` (`b`, `p`): what the swizzles naming it take.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no third component",
    label = "no `z` here",
    note = "`.z`, `.b` and `.p` (alone or in a swizzle) need a Vec3 or Vec4"
)]
pub trait HasZ: HasY {}

/// A vector with a fourth component, `w` (`a`, `q`): what the swizzles naming it take.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no fourth component",
    label = "no `w` here",
    note = "`.w`, `.a` and `.q` (alone or in a swizzle) need a Vec4"
)]
pub trait HasW: HasZ {}

impl HasY for Vec2 {}
impl HasY for Vec3 {}
impl HasY for Vec4 {}
impl HasZ for Vec3 {}
impl HasZ for Vec4 {}
impl HasW for Vec4 {}

macro_rules! node_types {
    ($($ty:ident = $value:ident $(, width $w:literal)?;)*) => {$(
        impl sealed::Sealed for $ty {}
        impl NodeType for $ty {
            const TYPE: ValueType = ValueType::$value;
        }
        $(#[diagnostic::do_not_recommend]
        impl Numeric for $ty {
            const WIDTH: usize = $w;
        })?
    )*};
}

node_types! {
    Float = Float, width 1;
    Vec2 = Vec2, width 2;
    Vec3 = Vec3, width 3;
    Vec4 = Vec4, width 4;
    Mat3 = Mat3;
    Mat4 = Mat4;
    Texture = Texture;
}

impl Matrix for Mat3 {
    type Column = Vec3;
}
impl Matrix for Mat4 {
    type Column = Vec4;
}

/// Two operands of a componentwise function (`mix`, `min`, `step`, a comparison, `select`): the
/// same width, or one of them a float, which is repeated into every component. `Output` is the
/// wider.
#[diagnostic::on_unimplemented(
    message = "`{Self}` and `{Rhs}` cannot be combined: operands must have the same width, or one must be a float",
    label = "`{Self}` beside `{Rhs}`",
    note = "pick components with a swizzle (`v.xy()`) or build the wider vector (`vec3(x, y, z)`, `v.extend(z)`)"
)]
pub trait WidthCompatible<Rhs> {
    /// The wider of the two.
    type Output: Numeric;
}

/// The wider of two operand types: `Wider<Float, Vec3>` is `Vec3`.
pub type Wider<A, B> = <A as WidthCompatible<B>>::Output;

/// The widest of three operand types.
pub type Wider3<A, B, C> = Wider<Wider<A, B>, C>;

/// Operands of `+`.
#[diagnostic::on_unimplemented(
    message = "cannot add `{Self}` and `{Rhs}`: operands must have the same width, or one must be a float",
    label = "`{Self}` + `{Rhs}`",
    note = "matrices and textures are not added; pick components with a swizzle (`v.xy()`) or widen with `vec3(..)`"
)]
pub trait AddOperands<Rhs> {
    /// The type of the sum.
    type Output: NodeType;
}

/// Operands of `-`.
#[diagnostic::on_unimplemented(
    message = "cannot subtract `{Rhs}` from `{Self}`: operands must have the same width, or one must be a float",
    label = "`{Self}` - `{Rhs}`",
    note = "matrices and textures are not subtracted; pick components with a swizzle (`v.xy()`) or widen with `vec3(..)`"
)]
pub trait SubOperands<Rhs> {
    /// The type of the difference.
    type Output: NodeType;
}

/// Operands of `*`: as `+`, and a matrix times a vector of its width (either side) or a matrix of
/// its size.
#[diagnostic::on_unimplemented(
    message = "cannot multiply `{Self}` by `{Rhs}`: operands must have the same width, or one must be a float",
    label = "`{Self}` * `{Rhs}`",
    note = "a matrix multiplies a vector of its width (Mat3 * Vec3, Vec4 * Mat4) or a matrix of its size; a texture is read only by `texture(map, uv)`"
)]
pub trait MulOperands<Rhs> {
    /// The type of the product.
    type Output: NodeType;
}

/// Operands of `/`.
#[diagnostic::on_unimplemented(
    message = "cannot divide `{Self}` by `{Rhs}`: operands must have the same width, or one must be a float",
    label = "`{Self}` / `{Rhs}`",
    note = "matrices and textures are not divided; pick components with a swizzle (`v.xy()`) or widen with `vec3(..)`"
)]
pub trait DivOperands<Rhs> {
    /// The type of the quotient.
    type Output: NodeType;
}

/// Operands of `%` (GLSL's `mod`, with the sign of the divisor).
#[diagnostic::on_unimplemented(
    message = "cannot take `{Self}` modulo `{Rhs}`: operands must have the same width, or one must be a float",
    label = "`{Self}` % `{Rhs}`",
    note = "matrices and textures have no `mod`; pick components with a swizzle (`v.xy()`) or widen with `vec3(..)`"
)]
pub trait RemOperands<Rhs> {
    /// The type of the remainder.
    type Output: NodeType;
}

macro_rules! componentwise_pairs {
    ($($a:ident, $b:ident => $out:ident;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl WidthCompatible<$b> for $a {
            type Output = $out;
        }
        #[diagnostic::do_not_recommend]
        impl AddOperands<$b> for $a {
            type Output = $out;
        }
        #[diagnostic::do_not_recommend]
        impl SubOperands<$b> for $a {
            type Output = $out;
        }
        #[diagnostic::do_not_recommend]
        impl MulOperands<$b> for $a {
            type Output = $out;
        }
        #[diagnostic::do_not_recommend]
        impl DivOperands<$b> for $a {
            type Output = $out;
        }
        #[diagnostic::do_not_recommend]
        impl RemOperands<$b> for $a {
            type Output = $out;
        }
    )*};
}

componentwise_pairs! {
    Float, Float => Float;
    Float, Vec2 => Vec2;
    Float, Vec3 => Vec3;
    Float, Vec4 => Vec4;
    Vec2, Float => Vec2;
    Vec3, Float => Vec3;
    Vec4, Float => Vec4;
    Vec2, Vec2 => Vec2;
    Vec3, Vec3 => Vec3;
    Vec4, Vec4 => Vec4;
}

macro_rules! matrix_products {
    ($($a:ident, $b:ident => $out:ident;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl MulOperands<$b> for $a {
            type Output = $out;
        }
    )*};
}

matrix_products! {
    Mat3, Vec3 => Vec3;
    Vec3, Mat3 => Vec3;
    Mat3, Mat3 => Mat3;
    Mat4, Vec4 => Vec4;
    Vec4, Mat4 => Vec4;
    Mat4, Mat4 => Mat4;
}

/// No operand: the two impls below give matrices and textures impls of the operator traits that
/// no operand can meet, so that rustc reports a matrix or a texture in `+` with our message
/// (E0277) rather than a bare "cannot add" (E0369).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum Unmatched {}

macro_rules! unmatched {
    ($($trait:ident for $($ty:ident),*;)*) => {$($(
        #[diagnostic::do_not_recommend]
        impl $trait<Unmatched> for $ty {
            type Output = Float;
        }
        #[diagnostic::do_not_recommend]
        impl $trait<(Unmatched,)> for $ty {
            type Output = Float;
        }
    )*)*};
}

unmatched! {
    AddOperands for Mat3, Mat4, Texture;
    SubOperands for Mat3, Mat4, Texture;
    MulOperands for Texture;
    DivOperands for Mat3, Mat4, Texture;
    RemOperands for Mat3, Mat4, Texture;
    JoinOperands for Vec3, Vec4;
}

/// Two parts of a vector, joined: their widths add up to at most four.
#[diagnostic::on_unimplemented(
    message = "cannot join `{Self}` and `{Rhs}`: a vector has at most four components",
    label = "`{Self}` joined with `{Rhs}`",
    note = "join floats and vectors whose widths add up to two, three or four"
)]
pub trait JoinOperands<Rhs> {
    /// The joined vector.
    type Output: Numeric;
}

macro_rules! joins {
    ($($a:ident, $b:ident => $out:ident;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl JoinOperands<$b> for $a {
            type Output = $out;
        }
    )*};
}

joins! {
    Float, Float => Vec2;
    Float, Vec2 => Vec3;
    Vec2, Float => Vec3;
    Float, Vec3 => Vec4;
    Vec3, Float => Vec4;
    Vec2, Vec2 => Vec4;
}
