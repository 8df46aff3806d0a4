//! tsl: three.js's node materials and its shading language (TSL) in Rust.
//!
//! This facade re-exports the workspace's crates: [`core`] (the node graph, its compiler, the
//! reference interpreter, the typed front and the GLSL front end), [`macros`] (the `tsl!{}` and
//! `#[tsl_fn]` macros) and [`raster`] (the CPU rasterizer, and the GPU renderer with the `gpu`
//! feature). Most programs need only the [`prelude`]. How the pieces fit is in the repository's
//! `ARCHITECTURE.md`; what they promise, in `docs/requirements.md`.
//!
//! ```
//! use tsl::prelude::*;
//! let graph = NodeGraph::new();
//! graph.set_output(COLOR_NODE, graph.color(Color::from_hex(0xff8040))).unwrap();
//! let program = graph.compile().unwrap();
//! let color = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
//! assert_eq!(color[0], 1.0);
//! ```

// Inlined, so the facade's pages hold the crates' pages (and the links above resolve whether or
// not the crates' own docs are built alongside).
#[doc(inline)]
pub use tsl_core as core;
#[doc(inline)]
pub use tsl_macros as macros;
#[doc(inline)]
pub use tsl_raster as raster;

pub mod materials;
#[cfg(feature = "glsl")]
pub mod shadertoy;

/// What a node material program needs: the graph, outputs, values, programs and the interpreter,
/// the typed front and the macros `tsl!{}` and `#[tsl_fn]`.
///
/// Each name here means one thing:
///
/// - `Vec2`, `Vec3`, `Vec4`, `Mat3`, `Mat4` are glam's values (a uniform's value, a camera's
///   place, a fragment's attributes), as three.js's `Vector3` is a value and not a node.
/// - A typed node is a [`Node<T>`](tsl_core::typed::Node), written with the aliases
///   [`FloatNode`](tsl_core::typed::FloatNode), `Vec2Node`, `Vec3Node`, `Vec4Node`, `Mat3Node`,
///   `Mat4Node` and `TextureNode`, or as `Node<typed::Vec3>`: the type markers stay in
///   [`typed`](tsl_core::typed) (`typed::Float`, `typed::Vec3`, ...).
/// - In a `#[tsl_fn]` signature, `Vec3` (or `Vec3Node`) is read as the node type, as a TSL
///   layout's `'vec3'`: `#[tsl_fn] fn f(p: Vec3, k: Float) -> Vec3`.
/// - The swizzles (`p.xy()`, `c.rgb()`) are the methods of the trait
///   [`Swizzles`](tsl_core::typed::Swizzles).
/// - The graph's own record of a node is [`GraphNode`](tsl_core::GraphNode); `Node` is the typed
///   handle.
///
/// ```
/// use tsl::prelude::*;
///
/// #[tsl_fn]
/// fn scaled(p: Vec3, k: Float) -> Vec3 {
///     p * k
/// }
///
/// fn offset(p: Vec3Node, by: Vec3) -> Vec3Node {
///     p + by // a glam value beside a node is a constant
/// }
///
/// let scope = Scope::new();
/// let p: Node<typed::Vec3> = offset(scaled(position_world(), 2.0), Vec3::new(0.0, 1.0, 0.0));
/// scope.color_node(p.zyx()).unwrap();
/// let program = scope.compile().unwrap();
/// let fragment = Fragment { position_world: Vec3::new(1.0, 2.0, 3.0), ..Fragment::default() };
/// assert_eq!(program.evaluate(COLOR_NODE, &fragment), Some(vec![6.0, 5.0, 2.0]));
/// ```
pub mod prelude {
    pub use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
    pub use tsl_core::typed::prelude::*;
    pub use tsl_core::*;
    pub use tsl_macros::{tsl, tsl_fn};
}

/// The examples of `docs/tsl-to-rust.md`, compiled and run as doc tests so that the guide keeps to
/// the prelude's names.
#[cfg(doctest)]
#[doc = include_str!("../docs/tsl-to-rust.md")]
pub struct TslToRustGuide;
