//! Native emission (issue 14): a node program as straight-line shader code instead of bytecode
//! that a GPU interpreter walks, with the interpreter's exact semantics (docs/bytecode.md,
//! R-GPU-11 in docs/requirements.md).
//!
//! [`PRELUDE_WGSL`] is always here: the WGSL helper functions (GLSL `min`/`max`, C's `powf`, the
//! Cephes inverse trigonometry, MaterialX noise) that both the GPU interpreter and the emitted
//! code call, so that both compute the same bits. With the `naga` feature, `emit_into` adds one
//! naga function per output of a [`NodeProgram`](crate::NodeProgram) to a host module that
//! holds the prelude and three hooks, and `fill_dispatch` points an interpreter-shaped stub
//! (`run_code`) at them.
//!
//! The host module supplies, by name (checked for signature):
//!
//! ```wgsl
//! fn tsl_word(word: u32) -> u32                       // program word `word` (absolute index)
//! fn tsl_attribute(view: u32, id: u32) -> vec3<f32>  // lane attribute `id` in view `view`
//! fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32> // texture `id` at uv (linear, straight alpha)
//! ```
//!
//! Every word a program may change without being compiled again (the header's frame, uniforms,
//! texture ids) is read through `tsl_word`, so one module serves every value of them
//! ([`NodeProgram::structure_key`](crate::NodeProgram::structure_key) says when two programs
//! share a module); every other loaded word is a constant in the code.
//!
//! For a pipeline of the user's own, [`NodeProgram::to_module`](crate::NodeProgram::to_module)
//! (and `to_wgsl`, `to_glsl`, `to_spirv`) makes a complete module with entry points `vs_main`
//! and `fs_main`, and [`NodeProgram::native_interface`](crate::NodeProgram::native_interface)
//! says what its pipeline binds ([`standalone`], R-GPU-12).

#[cfg(feature = "naga")]
mod dispatch;
#[cfg(feature = "naga")]
mod error;
#[cfg(feature = "naga")]
mod hooks;
#[cfg(feature = "naga")]
mod interface;
#[cfg(feature = "naga")]
mod lower;
#[cfg(feature = "naga")]
mod nesting;
#[cfg(feature = "naga")]
pub mod standalone;

#[cfg(feature = "naga")]
pub use dispatch::{emit_run_code, fill_dispatch};
#[cfg(feature = "naga")]
pub use error::EmitError;
#[cfg(feature = "naga")]
pub use interface::{
    FieldSource, FrameField, NativeFrame, NativeInterface, TextureBinding, TextureDimension,
    UniformField, UniformLayout, VertexFormat, VertexInput, VERTEX_INPUTS, VERTEX_STRIDE,
};
#[cfg(feature = "naga")]
pub use lower::{emit_into, function_name};
#[cfg(feature = "naga")]
pub use standalone::{GlslStages, GlslVersion};

/// The shared WGSL prelude: helper functions with the bytecode's exact semantics (no bindings,
/// no opcode constants). A host module for `emit_into` (feature `naga`) and tsl-raster's GPU interpreter both
/// include it; its function names are stable.
pub const PRELUDE_WGSL: &str = include_str!("prelude.wgsl");

/// The functions [`emit_into`] added, by [`Output::index`](crate::Output::index).
#[cfg(feature = "naga")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmittedOutputs {
    /// `tsl_output_<name>` for each output the program sets, `None` for the others.
    pub functions: [Option<naga::Handle<naga::Function>>; crate::OUTPUT_COUNT],
}

/// A complete host module's WGSL for [`emit_into`] and [`fill_dispatch`], for checking emitted
/// code without a GPU (tests, tools): the three hooks over storage buffers (`words`, the
/// program's words from base 0; `attrs`, 15 attributes per view (`LANE_ATTRIBUTE_COUNT`); the texture hook returns
/// `vec4(uv, f32(id), 1)`), a `run_code(base, start, count)` stub with locals and a loop (all
/// replaced by `fill_dispatch`), a caller `shade(output)` after it, a compute entry point `main`
/// that writes every output's result to `results`, then [`PRELUDE_WGSL`].
pub fn test_host_wgsl() -> String {
    format!("{}{PRELUDE_WGSL}", include_str!("test_host.wgsl"))
}

/// The function named `name` in `module`, if any (handles change when [`fill_dispatch`]
/// reorders the functions; names do not).
#[cfg(feature = "naga")]
pub fn function_by_name(module: &naga::Module, name: &str) -> Option<naga::Handle<naga::Function>> {
    module
        .functions
        .iter()
        .find(|(_, f)| f.name.as_deref() == Some(name))
        .map(|(h, _)| h)
}

/// Parse `source` with naga's WGSL front end (a helper for hosts and tests); a parse error is
/// [`EmitError::Invalid`] with naga's report.
#[cfg(feature = "naga")]
pub fn parse_wgsl(source: &str) -> Result<naga::Module, EmitError> {
    naga::front::wgsl::parse_str(source)
        .map_err(|e| EmitError::Invalid(format!("WGSL: {}", e.emit_to_string(source))))
}

/// Validate `module` with naga's validator (every check, no optional capability).
#[cfg(feature = "naga")]
pub fn validate(module: &naga::Module) -> Result<naga::valid::ModuleInfo, EmitError> {
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::empty(),
    )
    .validate(module)
    .map_err(|e| {
        // naga's error nests its reason (function, then expression, then why): say all of it.
        let mut message = format!("validation: {}", e.as_inner());
        let mut source = std::error::Error::source(e.as_inner());
        while let Some(inner) = source {
            message.push_str(&format!(": {inner}"));
            source = inner.source();
        }
        EmitError::Invalid(message)
    })
}

/// The WGSL text of `module` (naga's WGSL back end), after [`validate`].
///
/// naga writes a value used once inside its user's expression, so a long chain of instructions
/// in an emitted function (`tsl_output_*`) would be one expression nested as deep as the chain,
/// past a WGSL parser's recursion limit (wgpu's refused a 500-step chain): the emitted functions'
/// nesting is bounded first, as [`NodeProgram::to_module`](crate::NodeProgram::to_module) bounds
/// it (a deep value is bound with `let`; shallow code reads as naga writes it).
#[cfg(feature = "naga")]
pub fn module_to_wgsl(module: &naga::Module) -> Result<String, EmitError> {
    let info = validate(module)?;
    let mut bounded = module.clone();
    for (_, f) in bounded.functions.iter_mut() {
        if f.name
            .as_deref()
            .is_some_and(|n| n.starts_with("tsl_output_"))
        {
            nesting::bound_nesting(f);
        }
    }
    naga::back::wgsl::write_string(&bounded, &info, naga::back::wgsl::WriterFlags::empty()).map_err(
        |e| EmitError::Backend {
            backend: "wgsl",
            message: e.to_string(),
        },
    )
}
