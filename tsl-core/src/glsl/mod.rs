//! GLSL ES to node graphs: ShaderMaterial, RawShaderMaterial and ShaderToy sources
//! (R-GLSL-1 to R-GLSL-15 (docs/requirements.md) and R-MAT-1; the defines, ShaderToy, preprocessor
//! conditionals, out and inout parameters, early returns, and break and continue in for loops).
//!
//! ```
//! use tsl_core::glsl::*;
//! use tsl_core::*;
//! let mut program = compile_shader_material(
//!     "uniform float lift;
//!      varying vec2 vUv;
//!      void main() {
//!          vUv = uv;
//!          vec3 moved = position + normal * lift;
//!          gl_Position = projectionMatrix * modelViewMatrix * vec4(moved, 1.0);
//!      }",
//!     "uniform sampler2D map;
//!      varying vec2 vUv;
//!      void main() {
//!          if (vUv.x > 0.9) discard;
//!          gl_FragColor = texture2D(map, vUv * 2.0);
//!      }",
//! )
//! .unwrap();
//! program.set_uniform("lift", 0.1f32).unwrap();
//! program.set_texture("map", TextureId(3)).unwrap();
//! let inside = Fragment { uv: glam::Vec2::new(0.5, 0.5), ..Fragment::default() };
//! assert_eq!(program.evaluate(COLOR_NODE, &inside), Some(vec![1.0, 1.0, 1.0]));
//! assert_eq!(program.evaluate(MASK_NODE, &inside), Some(vec![1.0]));
//! ```
//!
//! # The stages
//!
//! Each source is read by the preprocessor (comments, `#version`, `#define` with or without
//! arguments, `#undef`, `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` with C's integer
//! expressions, `#include <name>` from [`GlslOptions::chunks`]), the parser (a syntax tree,
//! nesting bounded), the checker (names, GLSL ES types without implicit conversions, loop counts,
//! every refusal of the subset) and the lowering (nodes of one [`NodeGraph`]). The vertex shader is lowered first: its
//! `gl_Position` gives the position node, its varyings the values the fragment shader reads.
//! Every refusal is a [`GlslError`] naming the shader, the line, the column and the reason.
//!
//! # What the shaders become
//!
//! - A uniform is a graph uniform of its name, zero until set (a sampler2D a texture uniform
//!   with [`crate::NO_TEXTURE`] until `set_texture`). Every uniform a shader declares is in the
//!   program, read or not. An `int`, a `uint` and their vectors are the graph's exact 32-bit
//!   integers (docs/integers.md): arithmetic wraps, a division truncates toward zero, and nothing
//!   converts implicitly; a `bool` or a `bvec` is the graph's condition, zero or one. An int,
//!   bool, ivec or bvec uniform is a float the caller sets: the int drops its fraction toward
//!   zero, the bool is true where it is not zero; a uint or uvec uniform is exact, set with
//!   `set_uniform_uint` (docs/requirements.md, R-GLSL-8 and R-GLSL-15).
//! - `gl_Position = projectionMatrix * modelViewMatrix * vec4(p, 1.0)` (or through
//!   `viewMatrix * modelMatrix`, a local variable or a function) makes `p - position` the
//!   [`POSITION_NODE`](crate::POSITION_NODE); none when `p` is `position`.
//! - A varying is what the vertex shader left in it: `uv`, `color`,
//!   `(modelMatrix * vec4(position, 1.0)).xyz`, `(modelViewMatrix * vec4(position, 1.0)).xyz`
//!   and `normalMatrix * normal` are `uv()`, `vertex_color().rgb`, `position_world()`,
//!   `position_view()` and `normal_view()`; a uniform or a constant is itself; any other value is
//!   `varying(value)`.
//! - The colour output (`gl_FragColor`, `pc_fragColor` or the one `out vec4`) is
//!   [`COLOR_NODE`](crate::COLOR_NODE) (rgb) and [`OPACITY_NODE`](crate::OPACITY_NODE) (a);
//!   `gl_FragDepth` is [`DEPTH_NODE`](crate::DEPTH_NODE); `discard` joins the mask. An output
//!   starts at zero where the shader does not write it.
//! - `if`, `?:`, `&&` and `||` run under masks, `for` loops unroll, calls inline (out and inout
//!   parameters copy back at the end of the call), and `break`, `continue` and `return` are flags,
//!   as the core's statements are (R-CTL-9). A `switch` runs each section under the mask of
//!   where its labels or an earlier section's matched (fall-through); `while` and `do` unroll as
//!   a `for` does, and are refused unless the lowering proves they stop within 256 bodies
//!   (docs/glsl.md, "switch, while, do and prototypes"). A prototype lets a call come before the
//!   function's definition.
//!
//! - `gl_FragCoord` is `vec4(frag_coord(), 1.0)`: the pixel's centre in pixels from the bottom
//!   left, the window depth from 0 to 1, and 1 for w (R-GLSL-12; three.js's w is one over the
//!   clip-space w). ShaderToy's `fragCoord` is its `.xy`.
//! - `gl_FrontFacing` is [`gl_front_facing()`](crate::NodeGraph::gl_front_facing): true on every
//!   face a BACK_SIDE material draws, as three.js's WebGL renderer gives it (R-GLSL-12).

mod ast;
mod check;
mod error;
mod ir;
mod lexer;
mod lower;
mod order;
mod parser;
mod preprocess;
mod types;

pub use error::{caret_layout, GlslError, GlslErrorKind, GlslNote, Shader, MAX_DIAGNOSTICS};

use crate::compile::GraphError;
use crate::graph::NodeGraph;
use crate::interface::Output;
use crate::limits::Limits;
use crate::program::NodeProgram;
use check::{Env, Kind, Stage};
use error::{Diag, Span};
use lexer::Tok;
use lower::{Builder, FragmentResult, ShaderLowering, VertexResult};
use preprocess::{Options, Version};
use std::collections::HashMap;

/// The stack of the thread the compiler runs on (reserved, not committed): the passes recurse
/// over the syntax tree, whose depth the parser bounds, and the lowering bounds its recursion
/// through calls. The deepest input the bounds let through needs 32 to 40 MiB in a debug build
/// (the lowering at its bound of 3,072 levels); this leaves three times that.
const COMPILER_STACK: usize = 128 << 20;

/// What a compile takes besides its sources, as three.js's material and renderer give them.
#[derive(Clone, Copy, Debug, Default)]
pub struct GlslOptions<'a> {
    /// three.js's `material.defines`: each entry `NAME` or `NAME value`, a `#define` before the
    /// first line of both shaders.
    pub defines: &'a [&'a str],
    /// The chunks `#include <name>` reads, by name (three.js's `ShaderChunk`, or the caller's
    /// own); without a table an `#include` is refused (R-GLSL-17). A chunk is at most
    /// [`Limits::source_bytes`], and its expansion counts against [`Limits::tokens`].
    pub chunks: Option<&'a HashMap<String, String>>,
    /// The host's limits.
    pub limits: Limits,
    /// What three.js's `linearToOutputTexel` does in a ShaderMaterial's fragment shader.
    pub output_texel: OutputTexel,
}

/// What `linearToOutputTexel`, which three.js r187's `WebGLProgram` declares before a
/// ShaderMaterial's fragment shader from the renderer's `outputColorSpace`, does to its value
/// (docs/glsl.md, "linearToOutputTexel"; docs/requirements.md, R-READY-4).
///
/// The default is [`OutputTexel::Linear`]: tsl-raster's output transform encodes the colour node
/// of every material once, as three.js's sRGB `linearToOutputTexel` encodes the value a shader
/// passes it, so a shader that calls it is drawn as three.js's canvas shows it. With
/// [`OutputTexel::Srgb`] the shader's own output is display-encoded, as three.js's is, which is
/// what a renderer that does not encode (an output colour space of linear), or a comparison of
/// `gl_FragColor` with three.js's GL program, wants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputTexel {
    /// The value as it is: three.js's `outputColorSpace = LinearSRGBColorSpace`; the renderer's
    /// output transform encodes it.
    #[default]
    Linear,
    /// `sRGBTransferOETF(value)`: three.js's default `outputColorSpace = SRGBColorSpace`, whose
    /// working-to-output matrix is the identity.
    Srgb,
}

impl OutputTexel {
    /// three.js's `linearToOutputTexel` in the subset: r187 writes the sRGB one as
    /// `sRGBTransferOETF(vec4(mat3(identity) * value.rgb, value.a))`, left out here.
    fn linear_to_output_texel(self) -> &'static str {
        match self {
            OutputTexel::Linear => "vec4 linearToOutputTexel( vec4 value ) { return value; }",
            OutputTexel::Srgb => {
                "vec4 linearToOutputTexel( vec4 value ) { return sRGBTransferOETF( value ); }"
            }
        }
    }
}

/// Compile a ShaderMaterial's two shaders to one program, with what three.js's prefix declares
/// (the uniforms modelMatrix, modelViewMatrix, projectionMatrix, viewMatrix, normalMatrix and
/// cameraPosition; the attributes position, normal, uv and color; both spellings of attribute,
/// varying, texture2D and gl_FragColor; in the fragment shader, the functions `luminance`,
/// `sRGBTransferOETF`, `sRGBTransferEOTF`, `LinearTransferOETF` and `linearToOutputTexel`, the
/// last one as [`OutputTexel::Linear`]: the value as it is, which the renderer encodes).
pub fn compile_shader_material(vertex: &str, fragment: &str) -> Result<NodeProgram, GlslError> {
    compile_shader_material_with_defines(vertex, fragment, &[])
}

/// [`compile_shader_material`] with three.js's `material.defines`: each entry is `NAME` or
/// `NAME value`, a `#define` before the first line of both shaders.
pub fn compile_shader_material_with_defines(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
) -> Result<NodeProgram, GlslError> {
    compile_shader_material_with_limits(vertex, fragment, defines, &Limits::default())
}

/// [`compile_shader_material_with_defines`] under a host's [`Limits`]: `source_bytes` (each
/// shader, and the `defines` together, refused before they are read), `tokens` (each shader's
/// preprocessing), `unrolled_work` (the lowering of both shaders) and `graph_nodes` (the graph
/// they make). Each refusal names the limit and its value.
///
/// ```
/// use tsl_core::glsl::*;
/// use tsl_core::Limits;
/// let server = Limits { source_bytes: 64, ..Limits::default() };
/// let vertex = "void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";
/// let e = compile_shader_material_with_limits(vertex, "void main() {}", &[], &server).unwrap_err();
/// assert!(e.reason.contains("Limits::source_bytes"));
/// ```
pub fn compile_shader_material_with_limits(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
    limits: &Limits,
) -> Result<NodeProgram, GlslError> {
    let options = GlslOptions {
        defines,
        chunks: None,
        limits: *limits,
        output_texel: OutputTexel::default(),
    };
    compile_shader_material_with_options(vertex, fragment, &options)
}

/// Compile a ShaderMaterial's shaders with all that three.js's material and renderer give them
/// ([`GlslOptions`]: the defines, the chunks `#include <name>` reads, the limits).
///
/// ```
/// use std::collections::HashMap;
/// use tsl_core::glsl::*;
/// let chunks: HashMap<String, String> =
///     [("tint".to_string(), "#define TINT(c) vec4((c) * 0.5, 1.0)".to_string())].into();
/// let options = GlslOptions { chunks: Some(&chunks), ..GlslOptions::default() };
/// let vertex = "void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";
/// let fragment = "#include <tint>\nvoid main() { gl_FragColor = TINT(vec3(1.0)); }";
/// let program = compile_shader_material_with_options(vertex, fragment, &options).unwrap();
/// let color = program.evaluate(tsl_core::COLOR_NODE, &tsl_core::Fragment::default());
/// assert_eq!(color, Some(vec![0.5, 0.5, 0.5]));
/// ```
pub fn compile_shader_material_with_options(
    vertex: &str,
    fragment: &str,
    options: &GlslOptions,
) -> Result<NodeProgram, GlslError> {
    compile_pair(Kind::ShaderMaterial, vertex, fragment, options)
}

/// Compile a RawShaderMaterial's shaders: nothing is declared; each shader declares the
/// built-ins it reads, with three.js's names and types. A shader is GLSL ES 1.00 unless its
/// first line is `#version 300 es`.
pub fn compile_raw_shader_material(vertex: &str, fragment: &str) -> Result<NodeProgram, GlslError> {
    compile_raw_shader_material_with_defines(vertex, fragment, &[])
}

/// [`compile_raw_shader_material`] with `defines`, as [`compile_shader_material_with_defines`].
pub fn compile_raw_shader_material_with_defines(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
) -> Result<NodeProgram, GlslError> {
    compile_raw_shader_material_with_limits(vertex, fragment, defines, &Limits::default())
}

/// [`compile_raw_shader_material_with_defines`] under a host's [`Limits`], as
/// [`compile_shader_material_with_limits`].
pub fn compile_raw_shader_material_with_limits(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
    limits: &Limits,
) -> Result<NodeProgram, GlslError> {
    let options = GlslOptions {
        defines,
        chunks: None,
        limits: *limits,
        output_texel: OutputTexel::default(),
    };
    compile_raw_shader_material_with_options(vertex, fragment, &options)
}

/// [`compile_raw_shader_material`] with [`GlslOptions`], as
/// [`compile_shader_material_with_options`].
pub fn compile_raw_shader_material_with_options(
    vertex: &str,
    fragment: &str,
    options: &GlslOptions,
) -> Result<NodeProgram, GlslError> {
    compile_pair(Kind::Raw, vertex, fragment, options)
}

/// The graph of a ShaderMaterial's shaders, before it is compiled.
pub fn shader_graph(vertex: &str, fragment: &str) -> Result<NodeGraph, GlslError> {
    shader_graph_with_defines(vertex, fragment, &[])
}

/// [`shader_graph`] with `defines`.
pub fn shader_graph_with_defines(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
) -> Result<NodeGraph, GlslError> {
    shader_graph_with_limits(vertex, fragment, defines, &Limits::default())
}

/// [`shader_graph_with_defines`] under a host's [`Limits`], as
/// [`compile_shader_material_with_limits`].
pub fn shader_graph_with_limits(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
    limits: &Limits,
) -> Result<NodeGraph, GlslError> {
    let options = GlslOptions {
        defines,
        chunks: None,
        limits: *limits,
        output_texel: OutputTexel::default(),
    };
    shader_graph_with_options(vertex, fragment, &options)
}

/// [`shader_graph`] with [`GlslOptions`].
pub fn shader_graph_with_options(
    vertex: &str,
    fragment: &str,
    options: &GlslOptions,
) -> Result<NodeGraph, GlslError> {
    on_compiler_stack(Shader::Fragment, || {
        graph_pair(Kind::ShaderMaterial, vertex, fragment, options).map(|r| r.0)
    })
}

/// The graph of a RawShaderMaterial's shaders, before it is compiled.
pub fn raw_shader_graph(vertex: &str, fragment: &str) -> Result<NodeGraph, GlslError> {
    raw_shader_graph_with_defines(vertex, fragment, &[])
}

/// [`raw_shader_graph`] with `defines`.
pub fn raw_shader_graph_with_defines(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
) -> Result<NodeGraph, GlslError> {
    raw_shader_graph_with_limits(vertex, fragment, defines, &Limits::default())
}

/// [`raw_shader_graph_with_defines`] under a host's [`Limits`], as
/// [`compile_shader_material_with_limits`].
pub fn raw_shader_graph_with_limits(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
    limits: &Limits,
) -> Result<NodeGraph, GlslError> {
    let options = GlslOptions {
        defines,
        chunks: None,
        limits: *limits,
        output_texel: OutputTexel::default(),
    };
    raw_shader_graph_with_options(vertex, fragment, &options)
}

/// [`raw_shader_graph`] with [`GlslOptions`].
pub fn raw_shader_graph_with_options(
    vertex: &str,
    fragment: &str,
    options: &GlslOptions,
) -> Result<NodeGraph, GlslError> {
    on_compiler_stack(Shader::Fragment, || {
        graph_pair(Kind::Raw, vertex, fragment, options).map(|r| r.0)
    })
}

/// Compile a ShaderToy shader, as three.js's ShaderToy decoding does: its
/// `void mainImage(out vec4 fragColor, in vec2 fragCoord)` colours each pixel of the surface
/// (COLOR_NODE and OPACITY_NODE). `fragCoord` is the pixel's centre from the bottom left (see the
/// stand-in in the module docs), `iTime` is `Renderer.time`; the uniforms iResolution (vec3),
/// iTimeDelta, iFrameRate, iFrame, iMouse, iDate, iSampleRate, `iChannelTime[0]` to `[3]` and
/// `iChannelResolution[0]` to `[3]` are in the program for `set_uniform`; iChannel0 to iChannel3
/// are texture uniforms for `set_texture`, present where the source reads them.
///
/// `fragColor` is a display value: shadertoy.com and three.js's ShaderToy page write it with a
/// linear output (no sRGB encoding). The facade's `tsl::shadertoy::render` draws so; a renderer
/// of your own takes its `tsl::shadertoy::output()` transform.
pub fn compile_shader_toy(source: &str) -> Result<NodeProgram, GlslError> {
    compile_shader_toy_with_limits(source, &Limits::default())
}

/// [`compile_shader_toy`] under a host's [`Limits`], as [`compile_shader_material_with_limits`].
pub fn compile_shader_toy_with_limits(
    source: &str,
    limits: &Limits,
) -> Result<NodeProgram, GlslError> {
    on_compiler_stack(Shader::ShaderToy, || {
        let (graph, fragment) = graph_toy(source, limits)?;
        graph
            .compile()
            .map_err(|e| compile_error(e, None, Some(&fragment), source, source, Shader::ShaderToy))
    })
}

/// The graph of a ShaderToy shader, before it is compiled.
pub fn shader_toy_graph(source: &str) -> Result<NodeGraph, GlslError> {
    shader_toy_graph_with_limits(source, &Limits::default())
}

/// [`shader_toy_graph`] under a host's [`Limits`], as [`compile_shader_material_with_limits`].
pub fn shader_toy_graph_with_limits(source: &str, limits: &Limits) -> Result<NodeGraph, GlslError> {
    on_compiler_stack(Shader::ShaderToy, || graph_toy(source, limits).map(|r| r.0))
}

/// Check one ShaderMaterial shader alone, as a compiler checks one file: everything but the link
/// between the two shaders (a fragment shader's varyings are taken as unknown values).
pub fn check_shader(shader: Shader, source: &str) -> Result<(), GlslError> {
    check_shader_with_limits(shader, source, &Limits::default())
}

/// [`check_shader`] under a host's [`Limits`], as [`compile_shader_material_with_limits`].
pub fn check_shader_with_limits(
    shader: Shader,
    source: &str,
    limits: &Limits,
) -> Result<(), GlslError> {
    check_alone(Kind::ShaderMaterial, shader, source, limits)
}

/// [`check_shader`] for one RawShaderMaterial shader.
pub fn check_raw_shader(shader: Shader, source: &str) -> Result<(), GlslError> {
    check_raw_shader_with_limits(shader, source, &Limits::default())
}

/// [`check_raw_shader`] under a host's [`Limits`], as [`compile_shader_material_with_limits`].
pub fn check_raw_shader_with_limits(
    shader: Shader,
    source: &str,
    limits: &Limits,
) -> Result<(), GlslError> {
    check_alone(Kind::Raw, shader, source, limits)
}

/// The refusal of a source (or of the `defines`, together) over [`Limits::source_bytes`], before
/// anything reads it.
fn check_size(shader: Shader, bytes: usize, limits: &Limits) -> Result<(), GlslError> {
    if bytes <= limits.source_bytes {
        return Ok(());
    }
    Err(GlslError::from_diag(
        shader,
        GlslErrorKind::Preprocess,
        Diag::new(
            Span::default(),
            format!(
                "the source is {bytes} bytes, over its limit of {} bytes (Limits::source_bytes); it is refused before it is read",
                limits.source_bytes
            ),
        ),
        "",
    ))
}

/// [`check_size`] for both shaders of a material and their `defines`.
fn check_sizes(
    vertex: &str,
    fragment: &str,
    defines: &[&str],
    limits: &Limits,
) -> Result<(), GlslError> {
    check_size(Shader::Vertex, vertex.len(), limits)?;
    check_size(Shader::Fragment, fragment.len(), limits)?;
    let defines_bytes = defines
        .iter()
        .fold(0usize, |sum, d| sum.saturating_add(d.len()));
    check_size(Shader::Defines, defines_bytes, limits)
}

/// Run `f` on a thread with a stack deep enough for the passes; a panic (a bug) is an error,
/// placed in `shader` (the fragment shader, or ShaderToy).
fn on_compiler_stack<T: Send>(
    shader: Shader,
    f: impl FnOnce() -> Result<T, GlslError> + Send,
) -> Result<T, GlslError> {
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("glsl".into())
            .stack_size(COMPILER_STACK)
            .spawn_scoped(scope, f);
        match spawned {
            Ok(handle) => handle.join().unwrap_or_else(|payload| {
                let what = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(internal(
                    shader,
                    format!("the GLSL compiler failed (a bug): {what}"),
                ))
            }),
            Err(e) => Err(internal(
                shader,
                format!("the GLSL compiler could not start its thread: {e}"),
            )),
        }
    })
}

fn internal(shader: Shader, reason: String) -> GlslError {
    GlslError::from_diag(
        shader,
        GlslErrorKind::Internal,
        Diag::new(Span::default(), reason),
        "",
    )
}

fn compile_pair(
    kind: Kind,
    vertex: &str,
    fragment: &str,
    options: &GlslOptions,
) -> Result<NodeProgram, GlslError> {
    on_compiler_stack(Shader::Fragment, || {
        let (graph, v, f) = graph_pair(kind, vertex, fragment, options)?;
        graph
            .compile()
            .map_err(|e| compile_error(e, Some(&v), Some(&f), vertex, fragment, Shader::Fragment))
    })
}

/// A refusal of `compile`, placed at the write of the output it names; `fragment_shader` is
/// what the fragment source is called (the fragment shader, or ShaderToy).
fn compile_error(
    e: GraphError,
    vertex: Option<&VertexResult>,
    fragment: Option<&FragmentResult>,
    vertex_source: &str,
    fragment_source: &str,
    fragment_shader: Shader,
) -> GlslError {
    let (shader, span) = match e.output() {
        Some(Output::Position) => (Shader::Vertex, vertex.map(|v| v.position_span)),
        Some(Output::Depth) => (fragment_shader, fragment.and_then(|f| f.depth_span)),
        Some(Output::Mask) => (fragment_shader, fragment.and_then(|f| f.discard_span)),
        _ => (fragment_shader, fragment.and_then(|f| f.color_span)),
    };
    let source = if shader == Shader::Vertex {
        vertex_source
    } else {
        fragment_source
    };
    let reason = format!("the compiled program is refused: {e}");
    GlslError::from_diag(
        shader,
        GlslErrorKind::Compile(Box::new(e)),
        Diag::new(span.unwrap_or_default(), reason),
        source,
    )
}

/// The macros of a `defines` list, or the refusal of an entry.
fn parse_defines(defines: &[&str]) -> Result<Vec<(String, Vec<Tok>)>, GlslError> {
    let mut out: Vec<(String, Vec<Tok>)> = Vec::new();
    for (i, entry) in defines.iter().enumerate() {
        let (name, body) = preprocess::define_entry(entry, i + 1)
            .map_err(|d| GlslError::from_diag(Shader::Defines, GlslErrorKind::Defines, d, entry))?;
        if let Some((_, old)) = out.iter().find(|(n, _)| *n == name) {
            if *old != body {
                return Err(GlslError::from_diag(
                    Shader::Defines,
                    GlslErrorKind::Defines,
                    Diag::new(
                        Span::new(i as u32 + 1, 1, name.len() as u32),
                        format!("{name} is defined twice, with two values"),
                    ),
                    entry,
                ));
            }
            continue;
        }
        out.push((name, body));
    }
    Ok(out)
}

/// Preprocess, parse and check one source.
fn front(
    kind: Kind,
    stage: Stage,
    source: &str,
    defines: &[(String, Vec<Tok>)],
    limits: &Limits,
    chunks: Option<&HashMap<String, String>>,
    output_texel: OutputTexel,
) -> Result<ir::Checked, GlslError> {
    let shader = match (kind, stage) {
        (Kind::ShaderToy, _) => Shader::ShaderToy,
        (_, Stage::Vertex) => Shader::Vertex,
        (_, Stage::Fragment) => Shader::Fragment,
    };
    let fail = |kind: GlslErrorKind| move |d: Diag| GlslError::from_diag(shader, kind, d, source);
    let mut macros: Vec<(String, Vec<Tok>)> = vec![("GL_ES".into(), vec![Tok::Int(1)])];
    if stage == Stage::Fragment {
        macros.push(("GL_FRAGMENT_PRECISION_HIGH".into(), vec![Tok::Int(1)]));
    }
    match kind {
        Kind::ShaderMaterial => {
            macros.push(("HIGH_PRECISION".into(), vec![]));
            macros.push((
                "SHADER_TYPE".into(),
                vec![Tok::Ident("ShaderMaterial".into())],
            ));
            macros.push(("SHADER_NAME".into(), vec![]));
        }
        Kind::Raw => {
            macros.push((
                "SHADER_TYPE".into(),
                vec![Tok::Ident("RawShaderMaterial".into())],
            ));
            macros.push(("SHADER_NAME".into(), vec![]));
        }
        Kind::ShaderToy => {}
    }
    for (name, body) in defines {
        if let Some((_, old)) = macros.iter().find(|(n, _)| n == name) {
            if old != body {
                return Err(GlslError::from_diag(
                    Shader::Defines,
                    GlslErrorKind::Defines,
                    Diag::new(
                        Span::new(1, 1, name.len() as u32),
                        format!("{name} is defined already by three.js's prefix"),
                    ),
                    name,
                ));
            }
            continue;
        }
        macros.push((name.clone(), body.clone()));
    }
    let options = Options {
        version_allowed: kind == Kind::Raw,
        version_refusal: match kind {
            Kind::ShaderToy => "a ShaderToy shader has no #version",
            _ => "three.js writes a ShaderMaterial's #version itself; leave it out (or use a RawShaderMaterial)",
        },
        default_version: if kind == Kind::Raw {
            Version::Es100
        } else {
            Version::Es300
        },
        macros,
        tokens: limits.tokens,
        chunk_bytes: limits.source_bytes,
        chunks,
    };
    let pre = preprocess::preprocess(source, &options).map_err(fail(GlslErrorKind::Preprocess))?;
    let mut items = parser::parse(&pre.tokens)
        .map_err(|d| GlslError::from_diags(shader, GlslErrorKind::Syntax, d, source))?;
    if kind == Kind::ShaderMaterial && stage == Stage::Fragment {
        let items_of = match output_texel {
            OutputTexel::Linear => &THREE_FRAGMENT_ITEMS_LINEAR,
            OutputTexel::Srgb => &THREE_FRAGMENT_ITEMS_SRGB,
        };
        let mut prefix = (**items_of).clone().map_err(|d| {
            internal(
                shader,
                format!("three.js's prefix is refused: {}", d.reason),
            )
        })?;
        prefix.append(&mut items);
        items = prefix;
    }
    let env = Env {
        stage,
        kind,
        version: pre.version,
    };
    check::check(&items, env)
        .map_err(|d| GlslError::from_diags(shader, GlslErrorKind::Check, d, source))
}

/// The functions three.js r187's `WebGLProgram` puts before a ShaderMaterial's fragment shader
/// (`colorspace_pars_fragment`'s transfer functions and `getLuminanceFunction()` for the sRGB
/// working space), written in the subset: `vec3(lessThanEqual(x, t))` is `step(x, t)`, which
/// differs only at a NaN. `linearToOutputTexel` follows, as the [`OutputTexel`] says.
const THREE_FRAGMENT_PREFIX: &str = "
vec4 LinearTransferOETF( in vec4 value ) {
    return value;
}
vec4 sRGBTransferEOTF( in vec4 value ) {
    return vec4( mix( pow( value.rgb * 0.9478672986 + vec3( 0.0521327014 ), vec3( 2.4 ) ), value.rgb * 0.0773993808, step( value.rgb, vec3( 0.04045 ) ) ), value.a );
}
vec4 sRGBTransferOETF( in vec4 value ) {
    return vec4( mix( pow( value.rgb, vec3( 0.41666 ) ) * 1.055 - vec3( 0.055 ), value.rgb * 12.92, step( value.rgb, vec3( 0.0031308 ) ) ), value.a );
}
float luminance( const in vec3 rgb ) {
    const vec3 weights = vec3( 0.2126, 0.7152, 0.0722 );
    return dot( weights, rgb );
}
";

/// [`THREE_FRAGMENT_PREFIX`] with each `linearToOutputTexel`, parsed once per process; its tokens
/// are placed at line 1, column 1 of the shader (a shader that declares one of its names is
/// refused at its own declaration).
type PrefixItems = std::sync::LazyLock<Result<Vec<ast::Item>, Diag>>;
static THREE_FRAGMENT_ITEMS_LINEAR: PrefixItems =
    std::sync::LazyLock::new(|| three_fragment_prefix(OutputTexel::Linear));
static THREE_FRAGMENT_ITEMS_SRGB: PrefixItems =
    std::sync::LazyLock::new(|| three_fragment_prefix(OutputTexel::Srgb));

fn three_fragment_prefix(output_texel: OutputTexel) -> Result<Vec<ast::Item>, Diag> {
    let texel = output_texel.linear_to_output_texel();
    let source = format!("{THREE_FRAGMENT_PREFIX}{texel}\n");
    let options = Options {
        version_allowed: false,
        version_refusal: "",
        default_version: Version::Es300,
        macros: Vec::new(),
        tokens: Limits::default().tokens,
        chunk_bytes: 0,
        chunks: None,
    };
    let mut pre = preprocess::preprocess(&source, &options)?;
    for token in &mut pre.tokens {
        token.span = Span::new(1, 1, 1);
    }
    parser::parse(&pre.tokens).map_err(|mut d| d.kept.swap_remove(0))
}

/// Each varying the fragment shader reads must be one the vertex shader declares, of its type.
fn link(vertex: &ir::Checked, fragment: &ir::Checked, source: &str) -> Result<(), GlslError> {
    if vertex.es100 != fragment.es100 {
        let name = |es100| {
            if es100 {
                "GLSL ES 1.00"
            } else {
                "GLSL ES 3.00"
            }
        };
        return Err(GlslError::from_diag(
            Shader::Fragment,
            GlslErrorKind::Link,
            Diag::new(
                Span::new(1, 1, 1),
                format!(
                    "the vertex shader is {} and the fragment shader {}; both are one version",
                    name(vertex.es100),
                    name(fragment.es100)
                ),
            ),
            source,
        ));
    }
    for g in &fragment.globals {
        if !matches!(g.kind, ir::GlobalKind::VaryingIn) {
            continue;
        }
        let out = vertex
            .globals
            .iter()
            .find(|v| v.name == g.name && matches!(v.kind, ir::GlobalKind::VaryingOut));
        // An array type is a place in its own shader's table: compared by element and length.
        let ty_of = |prog: &ir::Checked, ty: types::Ty| match ty {
            types::Ty::Array(i) => {
                let (elem, n) = prog.arrays[i as usize];
                (elem, Some(n))
            }
            _ => (ty, None),
        };
        let name = |(ty, n): (types::Ty, Option<usize>)| match n {
            Some(n) => format!("{ty}[{n}]"),
            None => ty.to_string(),
        };
        let reason = match out {
            None => format!("the vertex shader declares no varying {}", g.name),
            Some(v) if ty_of(vertex, v.ty) != ty_of(fragment, g.ty) => format!(
                "{} is a {} in the vertex shader and a {} here",
                g.name,
                name(ty_of(vertex, v.ty)),
                name(ty_of(fragment, g.ty))
            ),
            Some(_) => continue,
        };
        return Err(GlslError::from_diag(
            Shader::Fragment,
            GlslErrorKind::Link,
            Diag::new(g.span, reason),
            source,
        ));
    }
    Ok(())
}

fn graph_pair(
    kind: Kind,
    vertex: &str,
    fragment: &str,
    options: &GlslOptions,
) -> Result<(NodeGraph, VertexResult, FragmentResult), GlslError> {
    let limits = &options.limits;
    check_sizes(vertex, fragment, options.defines, limits)?;
    let defines = parse_defines(options.defines)?;
    // The vertex shader whole first, so that its refusals come before the fragment shader's.
    let v = front(
        kind,
        Stage::Vertex,
        vertex,
        &defines,
        limits,
        options.chunks,
        options.output_texel,
    )?;
    let graph = NodeGraph::new();
    let mut builder = Builder::new(&graph, limits);
    let none = HashMap::new();
    let venv = Env {
        stage: Stage::Vertex,
        kind,
        version: Version::Es300,
    };
    let vr = ShaderLowering::new(&mut builder, &v, venv, &none)
        .lower_vertex()
        .map_err(|d| GlslError::from_diag(Shader::Vertex, GlslErrorKind::Lower, d, vertex))?;
    let f = front(
        kind,
        Stage::Fragment,
        fragment,
        &defines,
        limits,
        options.chunks,
        options.output_texel,
    )?;
    link(&v, &f, fragment)?;
    let fenv = Env {
        stage: Stage::Fragment,
        ..venv
    };
    let fr = ShaderLowering::new(&mut builder, &f, fenv, &vr.varyings)
        .lower_fragment()
        .map_err(|d| GlslError::from_diag(Shader::Fragment, GlslErrorKind::Lower, d, fragment))?;
    Ok((graph, vr, fr))
}

fn graph_toy(source: &str, limits: &Limits) -> Result<(NodeGraph, FragmentResult), GlslError> {
    check_size(Shader::ShaderToy, source.len(), limits)?;
    let f = front(
        Kind::ShaderToy,
        Stage::Fragment,
        source,
        &[],
        limits,
        None,
        OutputTexel::default(),
    )?;
    let graph = NodeGraph::new();
    let mut builder = Builder::new(&graph, limits);
    let none = HashMap::new();
    let env = Env {
        stage: Stage::Fragment,
        kind: Kind::ShaderToy,
        version: Version::Es300,
    };
    let fr = ShaderLowering::new(&mut builder, &f, env, &none)
        .lower_fragment()
        .map_err(|d| GlslError::from_diag(Shader::ShaderToy, GlslErrorKind::Lower, d, source))?;
    Ok((graph, fr))
}

fn check_alone(kind: Kind, shader: Shader, source: &str, limits: &Limits) -> Result<(), GlslError> {
    let fragment_shader = if kind == Kind::ShaderToy {
        Shader::ShaderToy
    } else {
        Shader::Fragment
    };
    on_compiler_stack(fragment_shader, || {
        let stage = match shader {
            Shader::Vertex => Stage::Vertex,
            _ => Stage::Fragment,
        };
        check_size(shader, source.len(), limits)?;
        let checked = front(
            kind,
            stage,
            source,
            &[],
            limits,
            None,
            OutputTexel::default(),
        )?;
        let graph = NodeGraph::new();
        let mut builder = Builder::new(&graph, limits);
        let env = Env {
            stage,
            kind,
            version: Version::Es300,
        };
        let fail = |d: Diag| GlslError::from_diag(shader, GlslErrorKind::Lower, d, source);
        let (v, f) = if stage == Stage::Vertex {
            let none = HashMap::new();
            let v = ShaderLowering::new(&mut builder, &checked, env, &none)
                .lower_vertex()
                .map_err(fail)?;
            (Some(v), None)
        } else {
            let linked = lower::placeholder_varyings(&mut builder, &checked).map_err(fail)?;
            let f = ShaderLowering::new(&mut builder, &checked, env, &linked)
                .lower_fragment()
                .map_err(fail)?;
            (None, Some(f))
        };
        if graph.output(crate::interface::POSITION_NODE).is_none()
            && f.is_none()
            && graph.parts().outputs.iter().all(Option::is_none)
        {
            // A vertex shader that draws position as it is has nothing to compile.
            return Ok(());
        }
        graph
            .compile()
            .map(|_| ())
            .map_err(|e| compile_error(e, v.as_ref(), f.as_ref(), source, source, fragment_shader))
    })
}
