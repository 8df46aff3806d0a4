//! tsl-core: three.js's node materials and TSL as a type-checked node graph, compiled to a
//! bytecode program that one reference interpreter runs.
//!
//! - [`NodeGraph`]: the untyped IR and its builder (R-NODE, docs/requirements.md); every refusal a
//!   [`BuildError`].
//! - [`NodeGraph::compile`]: the graph to a [`NodeProgram`] of register instructions, within
//!   [`MAX_REGISTERS`] and [`MAX_INSTRUCTIONS`]; `docs/bytecode.md` describes its words. Its
//!   refusal is a [`GraphError`]: the graph's recorded [`BuildError`] or a [`CompileError`].
//! - [`NodeProgram`]: its changes refused with a [`ProgramError`]; [`validate`] refuses words
//!   with a [`ValidationError`].
//! - [`run_nodes`]: the interpreter, over batches of [`LANES`] fragments.
//! - `glsl` (the default feature `glsl`): the GLSL ES front end, shaders to programs.
//!
//! Each error's message names what refused and why (`add: vec3 and vec2 differ in width`); its
//! variants hold the data of the refusal, to match on.
//!
//! ```
//! use tsl_core::*;
//! let graph = NodeGraph::new();
//! let tint = graph.named_uniform("tint", Color::from_srgb8(255, 120, 40));
//! let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
//! let mixed = graph.mix(graph.swizzle(graph.vertex_color(), "rgb"), tint, graph.mul(wave, graph.float(0.5)));
//! graph.set_output(COLOR_NODE, mixed).unwrap();
//! let mut program = graph.compile().unwrap();
//! program.set_frame(0.25, glam::Mat4::IDENTITY);
//! let fragment = Fragment { vertex_color: glam::Vec3::ONE, ..Fragment::default() };
//! let color = program.evaluate(COLOR_NODE, &fragment).unwrap();
//! assert_eq!(color.len(), 3);
//! ```

mod compile;
#[cfg(feature = "glsl")]
pub mod glsl;
mod graph;
mod interface;
mod interp;
mod limits;
pub mod native;
pub mod noise;
mod opcode;
mod program;
pub mod typed;
mod types;

pub use compile::{CompileError, GraphError, Reading};
pub use graph::*;
pub use interface::*;
pub use interp::{
    run_nodes, run_nodes_after, Fragment, FragmentBatch, Lane, Register, Registers, TextureSampler,
    ViewAttributes, WhiteSampler, LANES,
};
pub use limits::Limits;
pub use opcode::{Opcode, TypeRule};
pub use program::format;
pub use program::format::{MAX_INSTRUCTIONS, MAX_REGISTERS};
pub use program::{
    validate, FileError, InstructionError, JsonError, MaterialValues, NodeProgram, ProgramError,
    TextureSlot, UniformKey, UniformNode, UniformRef, UniformSlot, ValidationError, MAX_JSON_WORDS,
    PROGRAM_JSON_VERSION,
};
pub use types::*;
