//! TSL's one-argument constructors, `vec3(x)` and the others, and their chain forms
//! (`x.toVec3()`): a float is repeated into every component, a wider vector loses its last
//! components, a narrower one gains zeros and, in a vec4, a `w` of one, as three.js's
//! `NodeBuilder.format` converts (`vec4(v3)` is `vec4(v3, 1.0)`, `vec3(v2)` is `vec3(v2, 0.0)`,
//! `vec4(v2)` is `vec4(v2, 0.0, 1.0)`).
//!
//! Rust has no overloading, so the one-argument forms have names of their own: TSL's chain names
//! with `to_`, as free functions and as methods. `vec3(x, y, z)` keeps its three arguments, and
//! `v.extend(z)` / `join(a, b)` are TSL's `vec3(v2, z)` / `vec4(a, b)`.

use super::node::{IntoNode, IntoNodeOf, Node};
use super::scope::current;
use super::swizzle::Swizzles;
use super::types::{Float, Mat3, Mat4, NodeType, Vec2, Vec3, Vec4};
use super::values::mat3;

/// A type that converts to `To` as TSL's one-argument constructor converts: every pair of
/// [`Float`], [`Vec2`], [`Vec3`] and [`Vec4`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not convert to `{To}`",
    label = "not a float or a vector",
    note = "a float, vec2, vec3 or vec4 converts to any of them (`to_vec3(x)`, `x.to_vec3()`); a matrix or a texture does not"
)]
pub trait ConvertTo<To: NodeType>: NodeType {
    /// `node` as a `To`.
    fn convert(node: Node<Self>) -> Node<To>;
}

/// How one type becomes another: the same node, a swizzle of it, or it joined with constants.
macro_rules! conversions {
    ($($from:ident => $to:ident: $how:ident $($arg:expr),*;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl ConvertTo<$to> for $from {
            fn convert(node: Node<$from>) -> Node<$to> {
                conversions!(@$how node $($arg),*)
            }
        }
    )*};
    (@same $node:ident) => {
        Node::wrap($node.node_ref())
    };
    (@swizzle $node:ident $pattern:expr) => {
        $node.swizzle($pattern)
    };
    (@pad $node:ident $($value:expr),*) => {{
        let g = current();
        Node::wrap(g.join(&[$node.node_ref(), $(g.float($value)),*]))
    }};
}

conversions! {
    Float => Float: same;
    Float => Vec2: swizzle "xx";
    Float => Vec3: swizzle "xxx";
    Float => Vec4: swizzle "xxxx";
    Vec2 => Float: swizzle "x";
    Vec2 => Vec2: same;
    Vec2 => Vec3: pad 0.0;
    Vec2 => Vec4: pad 0.0, 1.0;
    Vec3 => Float: swizzle "x";
    Vec3 => Vec2: swizzle "xy";
    Vec3 => Vec3: same;
    Vec3 => Vec4: pad 1.0;
    Vec4 => Float: swizzle "x";
    Vec4 => Vec2: swizzle "xy";
    Vec4 => Vec3: swizzle "xyz";
    Vec4 => Vec4: same;
}

/// The free one-argument constructors and their chain forms.
macro_rules! converters {
    ($($name:ident as $tsl:literal, $ctor:literal -> $to:ident;)*) => {$(
        #[doc = concat!("TSL's one-argument `", $ctor, "(x)` (and `x.", $tsl, "()`): a float ",
            "repeated, a vector cut or padded as three.js converts it.")]
        #[doc = ""]
        #[doc = concat!("`", stringify!($name), "(0.5)` repeats the number; `", stringify!($name),
            "(v)` of a vector node converts it (see [`ConvertTo`]).")]
        #[doc(alias = $tsl)]
        pub fn $name<X: IntoNode>(x: X) -> Node<$to>
        where
            X::Ty: ConvertTo<$to>,
        {
            <X::Ty as ConvertTo<$to>>::convert(x.into_node())
        }

        impl<T: NodeType> Node<T> {
            #[doc = concat!("TSL's `x.", $tsl, "()`: [`", stringify!($name), "(x)`](super::",
                stringify!($name), "), TSL's one-argument `", $ctor, "(x)`.")]
            #[doc(alias = $tsl)]
            pub fn $name(self) -> Node<$to>
            where
                T: ConvertTo<$to>,
            {
                T::convert(self)
            }
        }
    )*};
}

converters! {
    to_float as "toFloat", "float" -> Float;
    to_vec2 as "toVec2", "vec2" -> Vec2;
    to_vec3 as "toVec3", "vec3" -> Vec3;
    to_vec4 as "toVec4", "vec4" -> Vec4;
    to_color as "toColor", "color" -> Vec3;
}

/// TSL's `mat3(m4)` (and `m4.toMat3()`): the upper-left 3×3 of a mat4, its columns' `xyz`, as
/// three.js's `NodeBuilder.format` writes `mat3(m[0].xyz, m[1].xyz, m[2].xyz)`.
#[doc(alias = "toMat3")]
pub fn to_mat3(m: impl IntoNodeOf<Mat4>) -> Node<Mat3> {
    let m = m.into_node_of();
    mat3(m.column(0).xyz(), m.column(1).xyz(), m.column(2).xyz())
}

impl Node<Mat4> {
    /// TSL's `m.toMat3()`: [`to_mat3(m)`](super::to_mat3), the upper-left 3×3.
    #[doc(alias = "toMat3")]
    pub fn to_mat3(self) -> Node<Mat3> {
        to_mat3(self)
    }
}
