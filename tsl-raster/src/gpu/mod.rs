//! The GPU side (the `gpu` feature): the WGSL twin of [`tsl_core::run_nodes`] on wgpu, and
//! [`GpuRenderer`], which draws the CPU renderer's scenes to the same pixels.
//!
//! - [`Gpu`] and [`gpu`]: one wgpu device per process, on Vulkan unless `WGPU_BACKEND` names
//!   other backends, with the adapter's own limits and the interpreter's pipeline, made once (the
//!   rasterizer's pipeline on first use). [`gpu`] returns why not without an adapter, and leaves
//!   to the caller whether that is a failure.
//! - [`GpuInterpreter`]: runs one output of a [`NodeProgram`](tsl_core::NodeProgram) over
//!   [`FragmentBatch`](tsl_core::FragmentBatch)es, one compute invocation per lane, and reads back
//!   each lane's result register. Its native mode ([`GpuInterpreter::run_native`]) runs the same
//!   outputs over the same buffers with the program emitted as WGSL functions by
//!   [`tsl_core::native`] ([`native_interp_wgsl`]): one pipeline per program structure, cached.
//! - [`GpuRenderer`]: renders a [`Scene`](crate::Scene) with its [`Assets`](crate::Assets),
//!   [`Camera`](crate::Camera) and time to an [`Image`](crate::Image), headless, as
//!   [`Renderer`](crate::Renderer) does (see below and `docs/gpu.md`).
//! - [`GpuError`]: why the GPU could not do what was asked (no adapter, no device, a refused
//!   pipeline, a buffer too large, a failed read-back), one variant each.
//! - The contract between the host and the shaders is written once, in Rust: the records the
//!   host fills (`layout.rs`: `#[repr(C)]` structs of 32-bit words, written by field name), the
//!   opcode table ([`tsl_core::Opcode`]) and the program's layout ([`tsl_core::format`]). The
//!   WGSL constants (`OP_ADD`, `P_OPACITY`, `PASS_STRIDE`, `FL_FORWARD`, ...) are generated
//!   from them into checked-in files (`bytecode.wgsl`, `interp_layout.wgsl`,
//!   `raster_layout.wgsl`) that the shaders are assembled from; `contract.rs`'s tests
//!   regenerate them and fail on a difference, and check that the hand-written WGSL declares
//!   none of them and reads every field and opcode the host writes (`TSL_BLESS=1` rewrites the
//!   files after a change to the tables). `tests/wgsl_naga.rs` parses and validates both
//!   shaders with naga, without an adapter.
//! - [`INTERP_WGSL`] (`interp.wgsl` + `interp_core.wgsl` + tsl-core's `PRELUDE_WGSL`, the
//!   helpers the native emitter calls too): the interpreter, written from
//!   `docs/bytecode.md`. Its core, `run_code(base, start, count)`, is shared by the rasterizer's
//!   shader ([`RASTER_WGSL`]); each shader supplies the lane attributes (`attr_of`) and the
//!   sampler (`texture_of`). The program's words are a storage buffer `array<u32>` read as they
//!   are (absolute indices from the program's base word); the registers are a function-local
//!   `array<vec4<f32>, 32>` indexed with `& 31u`, zeroed for each run. Each instruction reads its
//!   three operands through their swizzles before one `switch` over the opcode, whose cases
//!   compute a result and the mask of components they write; `regs[dst]` is written once after it
//!   (the form that keeps Mesa's compile near a second). Mesa inlines every call, so each shader
//!   calls `run_code` (and the texture sampler) from one place.
//!
//! A new program, new uniform values or a new frame (time, view) are buffer writes: never a new
//! shader module or pipeline (on the kernel and the interpreter; a native pipeline is built once
//! per program structure and pass state, never for new uniforms or a new frame).
//!
//! # Paths
//!
//! [`GpuRenderer::path`] ([`GpuPath`]) chooses how a frame is drawn, after the same host work:
//! [`GpuPath::Kernel`] is the compute dispatch described below (a counted frame always takes
//! it); the others draw
//! the packed frame with wgpu render pipelines (the hardware rasterizer, a depth buffer, blend
//! state), one draw per pass, and run the kernel's own `shade` per fragment after the kernel's
//! exact coverage test at the pixel ([`RENDER_WGSL`]: the kernel's text and `native.wgsl`'s
//! entry points). [`GpuPath::Interpreted`] runs every node output through the interpreter;
//! [`GpuPath::Native`] through code emitted for the program ([`tsl_core::native`]), one module
//! per program structure; [`GpuPath::Hybrid`] (the default) draws a pass natively once its
//! pipeline is built on a background thread, with the interpreter until then or where building
//! failed ([`GpuRenderer::native_status`]). With [`GpuRenderer::exact_depth`] (the default) every
//! pipeline writes the kernel's own depth, so the depth test is the kernel's, coplanar surfaces
//! included. A native pipeline is specialized to its material (kind, flags, maps) through
//! `raster.wgsl`'s override constants. `docs/gpu.md` has the design and the figures.
//!
//! # How [`GpuRenderer`] draws
//!
//! Parity by construction: the host runs the CPU renderer's own code for everything before the
//! pixels (frame preparation, refusals, `Draw::new`: the position node per vertex, clipping and the
//! fixed-point triangle set-up with its weight planes; the draw order and the double-sided
//! transparent passes; the binning into 32×32 tiles), packs it into storage buffers, and a
//! compute dispatch (`raster.wgsl`) per band of tile rows draws every pixel: one invocation walks its tile's bin in the
//! CPU's order with the same rules as `renderer/tile.rs` (deferred opaque draws keep the visible
//! triangle and are shaded once, before the first transparent draw; forward draws shade as they
//! come, with "no depth until it survives"; normal blending), and shades a fragment by the CPU's
//! stages, one WGSL function each under the CPU's names (`shade_geometry`, `shade_depth_node`,
//! `shade_normal_*`, `shade_surface_*`, `shade_lights`, `shade_output`), with the interpreter
//! run from one call site between a stage's own work and its node's result. The output transform
//! is the CPU's ([`RenderSettings::encode`](crate::RenderSettings::encode)) on the read-back linear pixels.
//!
//! - Coverage is bit-identical: the edge functions are the CPU's 64-bit integers, carried as
//!   (lo, hi) `u32` pairs (WGSL has no `i64`): each bin entry holds the three edge values at its
//!   tile's first pixel as `i32` where the host proved they stay within 32 bits over the tile,
//!   otherwise the shader evaluates them in emulated 64-bit arithmetic from the triangle's bounding
//!   box. Their conversion to `f32` rounds to nearest even, as Rust's `as` does.
//! - Derivatives are the CPU's: from the triangle's attribute planes (the pixel to the right and
//!   above, and the 2×2 window quad's lower-left pixel for the built-in ones), never hardware quads.
//! - Textures are read from a storage buffer holding the CPU's decoded levels, with its wraps,
//!   filters and level selection ported (the fixed-function sampler would not match: it rounds
//!   coordinates to 8 subtexel bits and picks levels its own way).
//! - Materials: BASIC, LAMBERT, PHONG (with scattering), STANDARD, PHYSICAL (clearcoat, ior and
//!   specular, sheen, iridescence, anisotropy and their maps, the thickness outputs; r187's DFG
//!   table uploaded), NORMALS, DEPTH; colour, normal, emissive and ao maps; ambient, hemisphere, directional, point
//!   and spot lights; linear and exp2 fog; the shading views (texture, lit, uv).
//!
//! What differs, by design or for now:
//!
//! - The transcendental functions are the GPU's built-ins (see the interpreter's list below), so
//!   a pixel can move by a level where a value sits on a rounding edge; the parity tests hold every
//!   scene to 2/255 and 99.9% of pixels to 1/255.
//! - A texel index is kept within ±2^30 (the CPU's within ±2^40): only a coordinate beyond a
//!   billion texels reads differently.
//! - An image's side is at most what the device's limits allow (`max_texture_dimension_2d`,
//!   `max_compute_workgroups_per_dimension` × 8, and 2^16: the shader multiplies edge steps by
//!   pixel offsets below it): [`GpuError::FrameTooLarge`] names the limit and its value.
//! - [`GpuRenderer::render_counted`] reports the CPU's [`RenderStats`](crate::RenderStats); its
//!   `fragments` can be fewer than the CPU's where triangles of one forward draw overlap.
//! - A frame is drawn in bands of tile rows, one dispatch each
//!   ([`GpuRenderer::set_dispatch_pixels`]), so that no dispatch runs into a driver's watchdog;
//!   the textures' levels stay on the device from frame to frame
//!   ([`GpuRenderer::texture_uploads`]).
//! - Speed on Mesa's lavapipe is poor (`docs/gpu.md`: 8–9 s for a 1280×720 frame the CPU draws
//!   in 83 ms): each shaded fragment pays a large fixed cost that grows with the size of the
//!   shading code, as if llvmpipe ran every branch of the one large kernel under a mask.
//!
//! What differs in the interpreter from `run_nodes`:
//!
//! - The uniform bit is ignored: every lane computes every instruction, which the format defines
//!   to give the same values.
//! - In [`GpuInterpreter`], `texture` reads opaque white, like
//!   [`WhiteSampler`](tsl_core::WhiteSampler) (it has no texture store); [`GpuRenderer`] samples
//!   the real textures.
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
#[cfg(test)]
mod contract;
mod device;
mod environment;
mod layout;
mod light_blocks;
mod native;
mod native_batch;
mod raster;
mod scene_depth;
mod standalone;
mod textures;
mod volume;

pub use batch::GpuInterpreter;
pub use device::{compute_pipeline, gpu, pipelines_created, Gpu, GpuError, INTERP_WGSL};
pub use native::{GpuPath, NativeStatus, RENDER_WGSL};
pub use native_batch::native_interp_wgsl;
pub use raster::{GpuRenderer, DISPATCH_PIXELS, RASTER_WGSL};
pub use standalone::{
    native_bind_group_layout_entries, native_vertex_attributes, native_volume_sampler,
};
pub use textures::TextureUploads;
/// The wgpu this module is built on, for callers that make their own buffers and pipelines.
pub use wgpu;
