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

/// What a node material program needs: the graph, outputs, values, programs and the interpreter.
///
/// The typed front (`tsl_core::typed`: `Node<T>`, `Scope`, `sin`, `uv`, `vec3`, ...) and the
/// macros `tsl!{}` and `#[tsl_fn]` are here too. `Vec2`..`Mat4` are glam's values; the typed
/// markers of the same names are `typed::Vec3` and so on, or the aliases `Vec3Node`, ...
/// (`#[tsl_fn]` reads `Vec3` in a signature as the marker). `Node` is the typed handle.
pub mod prelude {
    pub use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
    pub use tsl_core::typed::Node;
    pub use tsl_core::typed::*;
    pub use tsl_core::*;
    pub use tsl_macros::{tsl, tsl_fn};
}
