//! The GPU side of the node programs (the `gpu` feature): the WGSL twin of
//! [`tsl_core::run_nodes`] on wgpu.
//!
//! - [`Gpu`] and [`gpu`]: one wgpu device per process, on Vulkan unless `WGPU_BACKEND` names
//!   other backends, with the adapter's own limits and the interpreter's pipeline, made once.
//!   [`gpu`] prints `SKIPPED: no wgpu adapter: ...` and returns `None` without an adapter, and
//!   panics instead when `REQUIRE_GPU` is set.
//! - [`GpuInterpreter`]: runs one output of a [`NodeProgram`](tsl_core::NodeProgram) over
//!   [`FragmentBatch`](tsl_core::FragmentBatch)es, one compute invocation per lane, and reads back
//!   each lane's result register.
//! - [`INTERP_WGSL`] (`interp.wgsl`): the interpreter, written from `docs/bytecode.md`. The
//!   program's words are a storage buffer `array<u32>` read as they are (absolute indices); the
//!   registers are a function-local `array<vec4<f32>, 32>` indexed with `& 31u`, zeroed for each
//!   run. Each instruction reads its three operands through their swizzles before one `switch`
//!   over the opcode, whose cases compute a result and the mask of components they write;
//!   `regs[dst]` is written once after it (the form that keeps Mesa's compile near a second).
//!
//! A new program, new uniform values or a new frame (time, view) are a write of the words
//! buffer: never a new shader module or pipeline.
//!
//! What differs from `run_nodes`, by design or for now:
//!
//! - The uniform bit is ignored: every lane computes every instruction, which the format defines
//!   to give the same values.
//! - `texture` reads opaque white, like [`WhiteSampler`](tsl_core::WhiteSampler): there is no
//!   texture store on the GPU yet.
//! - `sin`, `cos`, `tan`, `exp`, `exp2`, `log`, `log2`, `pow` and `sqrt` are the GPU's built-ins,
//!   not Rust's, and can differ in the last bits; `pow` follows C's `powf` for negative bases
//!   and zero exponents. `asin`, `acos`, `atan` and `atan2` are the interpreter's own f32 ports
//!   of Cephes (lavapipe's built-in `asin` is 4e-4 off; these are within 2.4e-7 of Rust's), with
//!   C's `atan2f` at zero `y`. The tolerances the parity tests hold each to are stated in
//!   `tests/gpu_interp.rs`.
//! - The noise opcodes port `tsl_core::noise` (lookup3 in wrapping `u32`, the oracle's
//!   `float(uint)`, every float step in the same order); `mx_floor` saturates and maps NaN to 0
//!   as Rust's `as` does.

mod batch;
mod device;
mod raster;

pub use batch::GpuInterpreter;
pub use device::{compute_pipeline, gpu, Gpu, GpuError, INTERP_WGSL};
pub use raster::{GpuRenderer, RASTER_WGSL};
/// The wgpu this module is built on, for callers that make their own buffers and pipelines.
pub use wgpu;
