//! tsl: three.js's node materials and its shading language (TSL) in Rust.
//!
//! This facade re-exports the workspace's crates: [`core`] (the node graph, its compiler and the
//! reference interpreter), [`macros`] (the `tsl!{}` and `#[tsl_fn]` macros, not written yet) and
//! [`raster`] (the CPU and wgpu rasterizers, not written yet). Most programs need only the prelude:
//!
//! ```
//! use tsl::prelude::*;
//! let graph = NodeGraph::new();
//! graph.set_output(COLOR_NODE, graph.color(Color::from_hex(0xff8040))).unwrap();
//! let program = graph.compile().unwrap();
//! let color = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
//! assert_eq!(color[0], 1.0);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use tsl_core as core;
pub use tsl_macros as macros;
pub use tsl_raster as raster;

/// What a node material program needs: the graph, outputs, values, programs and the interpreter.
pub mod prelude {
    pub use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
    pub use tsl_core::*;
}
