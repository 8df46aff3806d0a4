//! The typed front: `Node<T>` handles whose operators and functions rustc type-checks.
//!
//! A [`Node<T>`] is a [`NodeRef`](crate::NodeRef) of a node whose type rustc knows: `Node<Vec3>`
//! for a vec3. The operators (`+ - * / %`, unary `-` and `!`), the free functions (`sin`, `mix`,
//! `dot`, `uv`, `time`, `uniform`, `texture`, `vec3`, ...), the swizzles of [`Swizzles`] (`.xy()`,
//! `.rgb()`, `.zyx()`) and the comparisons (`a.less_than(b)`) build the same nodes as the untyped
//! [`NodeGraph`](crate::NodeGraph) methods, in a graph that the untyped API, `compile` and the
//! interpreter then use as usual. What the graph would refuse for its types, rustc refuses here,
//! with a message of ours:
//!
//! ```text
//! error[E0277]: cannot add `Vec3` and `Vec2`: operands must have the same width, or one must be a float
//! ```
//!
//! ```
//! use tsl_core::typed::*;
//! use tsl_core::{Color, Fragment, COLOR_NODE};
//! let scope = Scope::new();
//! let tint = uniform(Color::from_srgb8(255, 120, 40)).set_name("tint");
//! let wave = sin(time() * 2.0);
//! scope.color_node(mix(vertex_color().rgb(), tint, wave * 0.5)).unwrap();
//! let program = scope.compile().unwrap();
//! assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), Some(vec![0.0; 3]));
//! ```
//!
//! # Which graph: the current scope
//!
//! Typed operations build their nodes in the *current graph*: the innermost [`Scope`] alive on
//! this thread. A scope is a guard that owns its graph (an `Rc<NodeGraph>`), pushes it on a
//! thread-local stack when made and takes it off when dropped, and dereferences to the graph.
//!
//! Why a thread-local stack rather than handles that carry `&NodeGraph`:
//!
//! - TSL's leaves take no graph: `uv()`, `time()`, `uniform(..).set_name("tint")`, `vec3(1.0, 0.0, 0.0)`.
//!   With a graph in each handle they would need one passed in, and so would every constant of
//!   `tsl!{}` and every `let mut v = 0.0;`.
//! - `Node<T>` stays a plain `Copy` value with no lifetime, so `#[tsl_fn] fn f(a: Vec3) -> Vec3`
//!   is the signature people read, and errors name `Node<Vec3>`, not `Node<'g, Vec3>`.
//! - The stack is per thread, and the guard holds an `Rc` (neither `Send` nor `Sync`): two graphs
//!   built on two threads at once never see each other, which is how the tests run. Scopes nest
//!   and may be dropped out of order. A graph lives in an `Rc` because a thread-local cannot
//!   borrow, and this crate has no `unsafe`.
//!
//! The costs: a typed operation looks the current graph up (one thread-local read and an `Rc`
//! clone), and a node used in another graph than its own is refused there at run time, as the
//! untyped API refuses a foreign ref ("names nothing in this graph"). Typed nodes built with no
//! scope alive go to a per-thread detached graph that nothing compiles; [`in_scope`] tells
//! whether a scope is alive.
//!
//! # Statements
//!
//! [`Var`], [`If`] (with `.ElseIf` and `.Else`), [`Loop`], [`Break`], [`Continue`], [`Return`] and
//! [`discard`] record the graph's statements in TSL's closure style. The macros `tsl!{}` and
//! `#[tsl_fn]` of the `tsl` crate write them from plain Rust (`if`, `for`, `let mut`, `return`).

mod attribute;
mod billboard;
mod chain;
mod color;
mod control;
mod convert;
mod cube_texture;
mod library;
mod logic;
mod material;
mod math;
mod node;
mod noise;
mod normal_maps;
mod ops;
#[doc(hidden)]
pub mod rt;
mod scope;
mod screen;
mod shading;
mod swizzle;
mod texture_3d;
mod texture_level;
mod texture_size;
mod types;
mod values;
mod viewport_texture;

pub use chain::{chain_forms, ChainForm};
pub use prelude::*;
pub use types::{Float, HasW, HasY, HasZ, Mat3, Mat4, Texture, Vec2, Vec3, Vec4};

/// The typed front but its type markers: what `tsl::prelude` brings in, where `Vec2`..`Mat4` are
/// glam's values. A node's type is written there with the aliases ([`Vec3Node`], [`FloatNode`],
/// ...) or as `Node<typed::Vec3>`, and `#[tsl_fn]` reads `Vec3` in a signature as the marker.
pub mod prelude {
    pub use super::attribute::attribute;
    pub use super::billboard::*;
    pub use super::color::*;
    pub use super::control::{
        discard, var, Break, Continue, If, IfChain, Loop, LoopFrom, Return, Var,
    };
    pub use super::convert::{to_color, to_float, to_mat3, to_vec2, to_vec3, to_vec4, ConvertTo};
    pub use super::cube_texture::{cube_texture, texture_layer, uniform_cube_texture};
    pub use super::library::*;
    pub use super::logic::{
        and, equal, greater_than, greater_than_equal, less_than, less_than_equal, not, not_equal,
        or, select, xor, Choose, CompareEq, CompareOrd, Condition, Logic,
    };
    pub use super::material::*;
    pub use super::math::*;
    pub use super::node::{IntoNode, IntoNodeOf, Node};
    pub use super::noise::*;
    pub use super::normal_maps::*;
    pub use super::scope::{in_scope, ColorNodeType, OutputNodeType, Scope};
    pub use super::screen::*;
    pub use super::shading::*;
    pub use super::swizzle::Swizzles;
    pub use super::texture_3d::{texture_3d, volume_uniform};
    pub use super::texture_level::{texture_bias, texture_grad, texture_level};
    pub use super::texture_size::texture_size;
    pub use super::types::{
        AddOperands, DivOperands, JoinOperands, Matrix, MulOperands, NodeType, Numeric,
        RemOperands, SubOperands, Wider, Wider3, WidthCompatible,
    };
    pub use super::values::*;
    pub use super::viewport_texture::*;
    pub use super::{FloatNode, Mat3Node, Mat4Node, TextureNode, Vec2Node, Vec3Node, Vec4Node};
}

/// `Node<Float>`.
pub type FloatNode = Node<Float>;
/// `Node<Vec2>`.
pub type Vec2Node = Node<Vec2>;
/// `Node<Vec3>`.
pub type Vec3Node = Node<Vec3>;
/// `Node<Vec4>`.
pub type Vec4Node = Node<Vec4>;
/// `Node<Mat3>`.
pub type Mat3Node = Node<Mat3>;
/// `Node<Mat4>`.
pub type Mat4Node = Node<Mat4>;
/// `Node<Texture>`.
pub type TextureNode = Node<Texture>;
