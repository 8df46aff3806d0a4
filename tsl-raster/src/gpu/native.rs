//! The render path of [`GpuRenderer`](super::GpuRenderer): the host's frame (the same packed
//! buffers as the compute kernel's) drawn by wgpu render pipelines, one draw per pass, with the
//! hardware rasterizer and depth test; a fragment runs the kernel's own `shade` (`raster.wgsl`)
//! through `native.wgsl`'s entry points.
//!
//! Two kinds of fragment program: the interpreter's (the kernel's text with `run_code` reading
//! the words buffer; one per device, for every program), and a native one per program
//! structure, whose `run_code` dispatches to code emitted for the program
//! ([`tsl_core::native`]) and specialized to the pass's material (`raster.wgsl`'s override
//! constants). Native pipelines are built on a thread and used from the first frame after they
//! are ready ([`GpuPath::Hybrid`]); until then, or when building failed, a pass draws with the
//! interpreter's.
//!
//! The hardware is handed each triangle moved out by a sixteenth of a pixel and the fragment
//! shader keeps only the pixels the set-up covers (the kernel's exact test), so coverage is the
//! set-up's whatever the hardware's fill rule; with
//! [`GpuRenderer::exact_depth`](super::GpuRenderer::exact_depth) the depth test compares the
//! kernel's own depths.
//!
//! With exact depth, when the opaque passes before the first transparent one are all deferred
//! (none discards or moves its depth), they are drawn as the kernel draws them: a visibility
//! pass finds each pixel's nearest fragment (coverage and depth only), then each pass's winners
//! are shaded once by a full-screen triangle (`deferred_passes`); the rest follow in order.

use super::device::{Gpu, GpuError};
use super::layout::{
    FrameRecord, PassRecord, TriRecord, VertRecord, FL_DEPTH_NODE, FL_DEPTH_TEST, FL_DEPTH_WRITE,
    FL_FORWARD, FL_TRANSPARENT, NONE, STAGES,
};
use super::layout::{BACKDROP_STAGES, THICKNESS_STAGES, VARIANT_STAGES};
use super::native_batch::refusal;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, LazyLock, Mutex, OnceLock};
use tsl_core::{NodeProgram, Output};

/// The render path's WGSL with the interpreter: the compute kernel's source
/// ([`RASTER_WGSL`](super::RASTER_WGSL): the generated contract, `raster.wgsl`, the interpreter's
/// core, tsl-core's [`PRELUDE_WGSL`](tsl_core::native::PRELUDE_WGSL)), then `native.wgsl`'s
/// vertex and fragment entry points.
pub static RENDER_WGSL: LazyLock<String> =
    LazyLock::new(|| [super::RASTER_WGSL.as_str(), include_str!("native.wgsl")].concat());

/// The native variant's interpreter: a stub that [`tsl_core::native::fill_dispatch`] fills with
/// a switch to the program's emitted outputs (a pass without a program never calls it).
const RUN_CODE_STUB: &str = "
fn run_code(base: u32, start: u32, count: u32) -> vec4<f32> {
    return vec4<f32>(0.0);
}
";

/// The native variant's WGSL before a program is emitted into it: the kernel's source with
/// [`RUN_CODE_STUB`] for the interpreter's core, then `native.wgsl`.
fn native_wgsl() -> String {
    [
        include_str!("bytecode.wgsl"),
        include_str!("raster_layout.wgsl"),
        include_str!("raster.wgsl"),
        include_str!("shadow.wgsl"),
        include_str!("volume.wgsl"),
        include_str!("transmission.wgsl"),
        include_str!("variants.wgsl"),
        tsl_core::native::PRELUDE_WGSL,
        RUN_CODE_STUB,
        include_str!("native.wgsl"),
    ]
    .concat()
}

/// [`native_wgsl`] parsed once per process (a module is cloned for each program structure), or
/// naga's reason.
static NATIVE_BASE: LazyLock<Result<naga::Module, String>> =
    LazyLock::new(|| tsl_core::native::parse_wgsl(&native_wgsl()).map_err(|e| e.to_string()));

/// How [`GpuRenderer`](super::GpuRenderer) draws a frame. Every path takes the same host work
/// (the CPU renderer's placing, clipping and set-up) and the same shading code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GpuPath {
    /// One compute dispatch: software coverage from the exact 64-bit edge functions, the
    /// CPU's depth test and blending in the kernel, every node output run by the interpreter.
    /// The CPU's pixels, coplanar surfaces included; about ten times slower than the render
    /// paths on lavapipe. A counted frame (`render_counted`) always takes it.
    Kernel,
    /// Render pipelines (the hardware rasterizer, depth buffer and blending; per fragment the
    /// kernel's coverage test, depth and shading), every pass with the interpreter's fragment
    /// program: one set of pipelines per device. (Without
    /// [`GpuRenderer::exact_depth`](super::GpuRenderer::exact_depth), on by default, the depth
    /// test compares the hardware's interpolated depth, and where two surfaces are coplanar the
    /// other one can win.)
    Interpreted,
    /// Render pipelines; each pass with its program's native pipeline when it is built, else
    /// with the interpreter's. A new program's native pipelines are built on a thread: its first
    /// frames draw with the interpreter, never wait. The default: with
    /// [`GpuRenderer::exact_depth`](super::GpuRenderer::exact_depth) (on by default) its pixels
    /// are the kernel's on every parity test, at about a tenth of the kernel's time.
    #[default]
    Hybrid,
    /// Render pipelines, every pass with its native pipeline: a frame waits until they are
    /// built, and fails with the reason when one cannot be.
    Native,
}

impl GpuPath {
    /// Whether the path draws with render pipelines (every path but [`GpuPath::Kernel`]).
    pub fn renders(self) -> bool {
        self != GpuPath::Kernel
    }
}

/// Where a program's native pipelines stand ([`GpuRenderer::native_status`](super::GpuRenderer::native_status)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NativeStatus {
    /// At least one of its pipelines is still being built; the interpreter draws meanwhile.
    Pending,
    /// Every pipeline its passes asked for is built.
    Ready,
    /// Building failed (the reason); its passes stay on the interpreter.
    Failed(GpuError),
}

/// What a pipeline does with a pass (`native.wgsl`'s entry points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Role {
    /// Draws the pass's triangles and shades each covered fragment (`native_vertex`,
    /// `native_fragment` or `native_fragment_depth`).
    Draw,
    /// Draws a deferred pass's triangles into the visibility target: coverage and depth only
    /// (`native_visible`; one pipeline per device, every program).
    Visible,
    /// Shades the pixels a deferred pass won in the visibility target, over a full-screen
    /// triangle (`native_resolve_vertex`, `native_resolve`).
    Resolve,
    /// Draws the background from an environment over a full-screen triangle before the passes
    /// (`native_resolve_vertex`, `native_background`; R-ENV-6).
    Background,
}

/// What a pass's pipeline fixes besides the fragment program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PassState {
    /// What the pipeline does with the pass.
    role: Role,
    /// Normal blending (a transparent material); replacement otherwise.
    blend: bool,
    /// The depth test (less or equal) on; always passes otherwise.
    depth_test: bool,
    /// Depth writes on.
    depth_write: bool,
    /// The fragment writes its depth, the kernel's (`native_fragment_depth`): for a depth
    /// node, or every pass when the depth must be exact.
    frag_depth: bool,
    /// The material kind (`KIND_*`) and the pass's flags (`FL_*`), the shader's
    /// `MATERIAL_KIND` and `MATERIAL_FLAGS`: the compiler drops the code of the other kinds and
    /// of the features the material does not use.
    kind: u32,
    flags: u32,
    /// Which stages read a material map (bit `k`: stage `k`, [`stage_number`]), the shader's `MATERIAL_MAPS`:
    /// without maps the texture sampler's code is dropped (unless the program samples).
    maps: u32,
}

impl PassState {
    /// The state with the material unknown to the shader (`NONE`: it reads the pass record):
    /// the interpreter's pipelines, one for every material of a blend and depth state.
    fn generic(self) -> PassState {
        PassState {
            kind: NONE,
            flags: NONE,
            maps: NONE,
            ..self
        }
    }

    /// The state of the visibility pass's pipeline: the depth test and write, the fragment's
    /// exact depth, no material.
    const VISIBLE: PassState = PassState {
        role: Role::Visible,
        blend: false,
        depth_test: true,
        depth_write: true,
        frag_depth: true,
        kind: NONE,
        flags: NONE,
        maps: NONE,
    };

    /// The state of the background's pipeline: no depth test or write, replacement, no
    /// material.
    const BACKGROUND: PassState = PassState {
        role: Role::Background,
        blend: false,
        depth_test: false,
        depth_write: false,
        frag_depth: false,
        kind: NONE,
        flags: NONE,
        maps: NONE,
    };

    /// The state that shades `pass`'s winners of the visibility pass: no depth test or write
    /// (the visibility pass decided), replacement.
    fn resolve(pass: &PassRecord) -> PassState {
        PassState {
            role: Role::Resolve,
            blend: false,
            depth_test: false,
            depth_write: false,
            frag_depth: false,
            ..PassState::of(pass, false)
        }
    }

    fn of(pass: &PassRecord, exact_depth: bool) -> PassState {
        let flags = pass.flags;
        let on = |bit: u32| flags & bit != 0;
        PassState {
            role: Role::Draw,
            kind: pass.kind,
            flags,
            maps: [
                (Output::Normal, pass.normal_map),
                (Output::Normal, pass.bump_map),
                (Output::Opacity, pass.alpha_map),
                (Output::Color, pass.map),
                (Output::Emissive, pass.emissive_map),
                (Output::Ao, pass.ao_map),
                (Output::Roughness, pass.roughness_map),
                (Output::Metalness, pass.metalness_map),
            ]
            .iter()
            .filter(|&&(_, map)| map != NONE)
            .filter_map(|&(stage, _)| stage_number(stage))
            .fold(0, |bits, k| bits | 1 << k),
            blend: on(FL_TRANSPARENT),
            depth_test: on(FL_DEPTH_TEST),
            depth_write: on(FL_DEPTH_WRITE),
            frag_depth: on(FL_DEPTH_NODE) || exact_depth,
        }
    }
}

/// The shader's number of the stage that runs `output` and reads a material map: `STAGES`'
/// index, or a variant stage's, numbered on from the backdrop stages (R-OUT-17).
fn stage_number(output: Output) -> Option<usize> {
    let variants = STAGES.len() + THICKNESS_STAGES.len() + 1 + BACKDROP_STAGES.len();
    STAGES.iter().position(|&s| s == output).or_else(|| {
        VARIANT_STAGES
            .iter()
            .position(|&s| s == output)
            .map(|k| variants + k)
    })
}

/// A native module's key: the program structure's, or `None` for the passes without a program
/// (their module runs no node at all).
type NativeKey = Option<Vec<u32>>;

/// A pass's draw: its triangles (a range of the tris buffer) and the frame's program it runs.
#[derive(Clone, Copy, Debug)]
pub(super) struct PassDraw {
    /// The first triangle.
    pub first: u32,
    /// How many.
    pub count: u32,
    /// Its program's index in the frame's programs, if any.
    pub program: Option<usize>,
}

/// A frame packed by the host (the kernel's buffers but the bins), with each pass's draw.
pub(super) struct NativeFrame<'a> {
    pub words: &'a [u32],
    pub frame: &'a [u32],
    pub passes: &'a [PassRecord],
    pub tris: &'a [TriRecord],
    pub verts: &'a [VertRecord],
    pub texels: &'a wgpu::Buffer,
    pub draws: &'a [PassDraw],
    pub programs: &'a [NodeProgram],
    pub width: u32,
    pub height: u32,
    /// Every pass writes the kernel's depth ([`GpuRenderer::exact_depth`](super::GpuRenderer::exact_depth)).
    pub exact_depth: bool,
}

/// The device's share of the render path: the bind group layout, the pipeline layout, the
/// colour format, the interpreter's module and its pipelines by pass state.
pub(super) struct DeviceShared {
    layout: wgpu::BindGroupLayout,
    /// Group 1 of the resolve: the visibility target.
    ids_layout: wgpu::BindGroupLayout,
    layouts: Layouts,
    format: wgpu::TextureFormat,
    interp: wgpu::ShaderModule,
    pipelines: Mutex<HashMap<PassState, wgpu::RenderPipeline>>,
}

/// The pipeline layouts: group 0 for every role, group 1 (the visibility target) for the
/// resolve's.
#[derive(Clone)]
struct Layouts {
    draw: wgpu::PipelineLayout,
    resolve: wgpu::PipelineLayout,
}

/// The render path's per-device state, made on first use (a field of [`Gpu`]).
#[derive(Default)]
pub(super) struct DeviceCache {
    shared: OnceLock<Result<DeviceShared, GpuError>>,
}

/// The visibility target's format: a pixel's winning pass (plus one; zero is none) and
/// triangle.
const VISIBLE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rg32Uint;

/// The render path's own storage bindings, by binding number, with the stages that read them
/// (the kernel's numbers; 9, the corners, is the render path's).
const BINDINGS: [(u32, &str, wgpu::ShaderStages); 6] = {
    const F: wgpu::ShaderStages = wgpu::ShaderStages::FRAGMENT;
    const VF: wgpu::ShaderStages = wgpu::ShaderStages::VERTEX_FRAGMENT;
    [
        (0, "words", F),
        (1, "frame", F),
        (2, "passes", VF),
        (3, "tris", VF),
        (4, "verts", F),
        (9, "corners", wgpu::ShaderStages::VERTEX),
    ]
};

/// The binding of the texel buffer, which the renderer's texture cache owns.
const TEXELS: u32 = 7;

impl DeviceCache {
    fn shared(&self, gpu: &Gpu) -> Result<&DeviceShared, GpuError> {
        self.shared
            .get_or_init(|| DeviceShared::new(gpu))
            .as_ref()
            .map_err(Clone::clone)
    }
}

impl DeviceShared {
    fn new(gpu: &Gpu) -> Result<DeviceShared, GpuError> {
        let device = &gpu.device;
        let entries: Vec<wgpu::BindGroupLayoutEntry> = BINDINGS
            .iter()
            .map(|&(binding, _, visibility)| (binding, visibility))
            .chain([(TEXELS, wgpu::ShaderStages::FRAGMENT)])
            .map(|(binding, visibility)| wgpu::BindGroupLayoutEntry {
                binding,
                visibility,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: true },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            })
            .collect();
        let (layout, ids_layout, layouts) = gpu.checked("render layout", || {
            let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("render layout"),
                entries: &entries,
            });
            let ids_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("visibility layout"),
                entries: &[wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Uint,
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                }],
            });
            let draw = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("render"),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
            let resolve = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some("resolve"),
                bind_group_layouts: &[Some(&layout), Some(&ids_layout)],
                immediate_size: 0,
            });
            (layout, ids_layout, Layouts { draw, resolve })
        })?;
        // Straight float blending needs the feature for 32-bit floats; 16-bit floats blend on
        // every adapter.
        let format = if device
            .features()
            .contains(wgpu::Features::FLOAT32_BLENDABLE)
        {
            wgpu::TextureFormat::Rgba32Float
        } else {
            wgpu::TextureFormat::Rgba16Float
        };
        let interp = shader_module(
            device,
            "render",
            wgpu::ShaderSource::Wgsl(RENDER_WGSL.as_str().into()),
        )?;
        Ok(DeviceShared {
            layout,
            ids_layout,
            layouts,
            format,
            interp,
            pipelines: Mutex::new(HashMap::new()),
        })
    }

    /// The interpreter's pipeline for `state` ([`PassState::generic`]), made on first use;
    /// whether it was made now.
    fn interp_pipeline(
        &self,
        device: &wgpu::Device,
        state: PassState,
    ) -> Result<(wgpu::RenderPipeline, bool), GpuError> {
        let state = state.generic();
        let mut pipelines = self.pipelines.lock().map_err(|_| GpuError::Pipeline {
            label: "render".into(),
            message: "a thread panicked while it held the pipelines".into(),
        })?;
        if let Some(p) = pipelines.get(&state) {
            return Ok((p.clone(), false));
        }
        let p = render_pipeline(device, &self.layouts, self.format, &self.interp, state)?;
        pipelines.insert(state, p.clone());
        Ok((p, true))
    }
}

/// A shader module from `source`, wgpu's refusal caught.
fn shader_module(
    device: &wgpu::Device,
    label: &str,
    source: wgpu::ShaderSource,
) -> Result<wgpu::ShaderModule, GpuError> {
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source,
    });
    match pollster::block_on(scope.pop()) {
        Some(e) => Err(GpuError::Pipeline {
            label: label.to_string(),
            message: e.to_string(),
        }),
        None => Ok(module),
    }
}

/// The render pipeline of `module` for a pass of `state`: three.js's normal blending for a
/// transparent pass (straight alpha: colour by source alpha, alpha by one, both over one minus
/// source alpha, as `blend` in `raster.wgsl`), the depth test and write as the material asks,
/// no culling (the vertex shader drops the faces a pass does not draw).
fn render_pipeline(
    device: &wgpu::Device,
    layouts: &Layouts,
    format: wgpu::TextureFormat,
    module: &wgpu::ShaderModule,
    state: PassState,
) -> Result<wgpu::RenderPipeline, GpuError> {
    let (layout, vertex, fragment, format) = match state.role {
        Role::Draw => (
            &layouts.draw,
            "native_vertex",
            if state.frag_depth {
                "native_fragment_depth"
            } else {
                "native_fragment"
            },
            format,
        ),
        Role::Visible => (
            &layouts.draw,
            "native_vertex",
            "native_visible",
            VISIBLE_FORMAT,
        ),
        Role::Resolve => (
            &layouts.resolve,
            "native_resolve_vertex",
            "native_resolve",
            format,
        ),
        Role::Background => (
            &layouts.resolve,
            "native_resolve_vertex",
            "native_background",
            format,
        ),
    };
    let over = wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::SrcAlpha,
        dst_factor: wgpu::BlendFactor::OneMinusSrcAlpha,
        operation: wgpu::BlendOperation::Add,
    };
    let blend = state.blend.then_some(wgpu::BlendState {
        color: over,
        alpha: wgpu::BlendComponent {
            src_factor: wgpu::BlendFactor::One,
            ..over
        },
    });
    let constants = [
        ("MATERIAL_KIND", f64::from(state.kind)),
        ("MATERIAL_FLAGS", f64::from(state.flags)),
        ("MATERIAL_MAPS", f64::from(state.maps)),
    ];
    let options = wgpu::PipelineCompilationOptions {
        constants: &constants,
        ..Default::default()
    };
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("render"),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module,
            entry_point: Some(vertex),
            compilation_options: options.clone(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: Some(wgpu::DepthStencilState {
            format: wgpu::TextureFormat::Depth32Float,
            depth_write_enabled: Some(state.depth_write),
            depth_compare: Some(if state.depth_test {
                wgpu::CompareFunction::LessEqual
            } else {
                wgpu::CompareFunction::Always
            }),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module,
            entry_point: Some(fragment),
            compilation_options: options,
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    });
    match pollster::block_on(scope.pop()) {
        Some(e) => Err(GpuError::Pipeline {
            label: "render".into(),
            message: e.to_string(),
        }),
        None => Ok(pipeline),
    }
}

/// The naga module of `program`'s native fragment program (`None`: a pass without a program).
///
/// The seam to `tsl_core::native`: the kernel's text with a stub `run_code`, the emitted
/// outputs added and the stub filled to dispatch to them.
fn native_module(program: Option<&NodeProgram>) -> Result<naga::Module, GpuError> {
    let mut module = NATIVE_BASE.clone().map_err(refusal)?;
    if let Some(program) = program {
        tsl_core::native::emit_run_code(program, &mut module).map_err(refusal)?;
    }
    Ok(module)
}

/// A native pipeline to build: its module's key, its pass state, and the program to emit.
type Job = (NativeKey, PassState, Option<NodeProgram>);

/// One native pipeline's result from a builder thread.
struct Built {
    key: NativeKey,
    state: PassState,
    pipeline: Result<wgpu::RenderPipeline, GpuError>,
}

/// A native pipeline: being built, built, or why not.
enum Slot {
    Pending,
    Ready(wgpu::RenderPipeline),
    Failed(GpuError),
}

/// The frame's buffers, textures and bind group, kept from frame to frame and grown on demand.
struct Targets {
    storage: Vec<wgpu::Buffer>,
    size: (u32, u32),
    color: wgpu::Texture,
    color_view: wgpu::TextureView,
    depth_view: wgpu::TextureView,
    /// The visibility target (each pixel's deferred winner) and its bind group (group 1).
    ids_view: wgpu::TextureView,
    ids_group: wgpu::BindGroup,
    readback: wgpu::Buffer,
    row_bytes: u32,
    /// The bind group and the texel buffer it binds (a new texel buffer needs a new group).
    bound: Option<(wgpu::Buffer, wgpu::BindGroup)>,
}

/// The render path's state in one renderer: its buffers, its native pipelines and the builder
/// threads' channel.
pub(super) struct NativeRenderer {
    targets: Option<Targets>,
    slots: HashMap<(NativeKey, PassState), Slot>,
    modules: Arc<Mutex<HashMap<NativeKey, Result<wgpu::ShaderModule, GpuError>>>>,
    built: usize,
    native_passes: usize,
    sender: Sender<Built>,
    receiver: Receiver<Built>,
}

impl Default for NativeRenderer {
    fn default() -> NativeRenderer {
        let (sender, receiver) = channel();
        NativeRenderer {
            targets: None,
            slots: HashMap::new(),
            modules: Arc::default(),
            built: 0,
            native_passes: 0,
            sender,
            receiver,
        }
    }
}

/// The value of an IEEE half float's bits (a channel of an `Rgba16Float` target).
fn half_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((h >> 10) & 0x1f);
    let mantissa = f32::from(h & 0x3ff);
    sign * match exponent {
        0 => mantissa * 2f32.powi(-24),
        31 if mantissa == 0.0 => f32::INFINITY,
        31 => f32::NAN,
        e => (1.0 + mantissa / 1024.0) * 2f32.powi(e - 15),
    }
}

/// How far each edge of a triangle is moved out for the hardware, in subpixels (1/16 pixel):
/// the hardware then covers every pixel the set-up covers (and a thin band more, which the
/// exact coverage test in the fragment shader discards), whatever its fill rule for a centre
/// exactly on an edge and its rounding of clipped vertices.
const DILATION: f64 = 16.0;

/// The most a corner moves (in subpixels, 64 pixels) where a sliver's sharp corner would move
/// far to keep its edges [`DILATION`] out.
const MAX_CORNER_SHIFT: f64 = 16384.0;

/// Each triangle's corners for the hardware, as (x, y) in normalized device coordinates and
/// the depth there: the set-up's snapped subpixel positions, found again from the packed edge
/// functions (corner `i` is where edges `i + 1` and `i + 2` vanish, exactly, in 128-bit
/// integers), then moved out so that each edge lies [`DILATION`] beyond its own, with the
/// triangle's depth plane extended to the moved corners.
fn corner_positions(tris: &[TriRecord], width: u32, height: u32) -> Vec<[f32; 4]> {
    let join = |v: [u32; 2]| (u64::from(v[0]) | (u64::from(v[1]) << 32)) as i64 as i128;
    let sub = i128::from(crate::raster::setup::SUBPIXEL);
    let mut out = Vec::with_capacity(tris.len() * 3);
    for t in tris {
        let a = t.sa.map(|v| join(v) / sub);
        let b = t.sb.map(|v| join(v) / sub);
        let cx = i128::from(t.bbox[0]) * sub + sub / 2;
        let cy = i128::from(t.bbox[1]) * sub + sub / 2;
        let c: [i128; 3] = std::array::from_fn(|i| join(t.e0[i]) - a[i] * cx - b[i] * cy);
        // Each edge's length of gradient: an edge value over it is a distance in subpixels.
        let norm: [f64; 3] = std::array::from_fn(|i| (a[i] as f64).hypot(b[i] as f64));
        for i in 0..3 {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            // The determinant is the doubled area (never zero for a triangle the set-up keeps,
            // which winds it positive), and the corner an integer, so the divisions are exact.
            let det = a[j] * b[k] - a[k] * b[j];
            if det == 0 {
                out.push([0.0; 4]);
                continue;
            }
            let x = (b[j] * c[k] - b[k] * c[j]) / det;
            let y = (a[k] * c[j] - a[j] * c[k]) / det;
            // The shift that lowers edges j and k by DILATION · |gradient| (moves them out).
            let detf = det as f64;
            let (dj, dk) = (-DILATION * norm[j], -DILATION * norm[k]);
            let mut dx = (dj * b[k] as f64 - dk * b[j] as f64) / detf;
            let mut dy = (a[j] as f64 * dk - a[k] as f64 * dj) / detf;
            let shift = dx.hypot(dy);
            if shift > MAX_CORNER_SHIFT {
                dx *= MAX_CORNER_SHIFT / shift;
                dy *= MAX_CORNER_SHIFT / shift;
            }
            // The depth plane: z = Σ z_m · e_m / (doubled area), e_i = det at corner i.
            let z = t.z[i] as f64
                + (0..3)
                    .map(|m| t.z[m] as f64 * (a[m] as f64 * dx + b[m] as f64 * dy))
                    .sum::<f64>()
                    / detf;
            let s = sub as f64;
            out.push([
                ((x as f64 + dx) / s / f64::from(width) * 2.0 - 1.0) as f32,
                (1.0 - (y as f64 + dy) / s / f64::from(height) * 2.0) as f32,
                z as f32,
                0.0,
            ]);
        }
    }
    out
}

impl NativeRenderer {
    /// How many native pipelines this renderer has had built (a new program structure or pass
    /// state; never new uniforms, time or view), and interpreter pipelines it made.
    pub(super) fn built(&self) -> usize {
        self.built
    }

    /// How many passes of the last frame drew with a native pipeline.
    pub(super) fn native_passes(&self) -> usize {
        self.native_passes
    }

    /// Where the native pipelines of `program`'s structure stand, if any frame asked for them.
    pub(super) fn status(&self, program: &NodeProgram) -> Option<NativeStatus> {
        self.status_of(Some(program.structure_key()))
    }

    fn status_of(&self, key: NativeKey) -> Option<NativeStatus> {
        let mut status = None;
        for ((k, _), slot) in &self.slots {
            if *k != key {
                continue;
            }
            match slot {
                Slot::Failed(e) => return Some(NativeStatus::Failed(e.clone())),
                Slot::Pending => status = Some(NativeStatus::Pending),
                Slot::Ready(_) => {
                    status.get_or_insert(NativeStatus::Ready);
                }
            }
        }
        status
    }

    /// Take the builder threads' results without waiting.
    fn poll(&mut self) {
        while let Ok(built) = self.receiver.try_recv() {
            self.accept(built);
        }
    }

    fn accept(&mut self, built: Built) {
        let slot = match built.pipeline {
            Ok(p) => {
                self.built += 1;
                Slot::Ready(p)
            }
            Err(e) => Slot::Failed(e),
        };
        self.slots.insert((built.key, built.state), slot);
    }

    /// Block until every native pipeline asked for is built or has failed.
    pub(super) fn wait(&mut self) {
        while self.slots.values().any(|s| matches!(s, Slot::Pending)) {
            match self.receiver.recv() {
                Ok(built) => self.accept(built),
                // Invariant: the renderer holds a sender, so the channel never closes; should
                // it, nothing pending can arrive.
                Err(_) => break,
            }
        }
    }

    /// Ask for the native pipelines of `wanted` that are not built or being built: one thread
    /// builds them in turn.
    fn request(&mut self, gpu: &Gpu, shared: &DeviceShared, wanted: Vec<Job>) {
        let mut jobs = Vec::new();
        for (key, state, program) in wanted {
            if let Entry::Vacant(v) = self.slots.entry((key.clone(), state)) {
                v.insert(Slot::Pending);
                jobs.push((key, state, program));
            }
        }
        if jobs.is_empty() {
            return;
        }
        let device = gpu.device.clone();
        let layouts = shared.layouts.clone();
        let format = shared.format;
        let modules = Arc::clone(&self.modules);
        let sender = self.sender.clone();
        let failed: Vec<(NativeKey, PassState)> =
            jobs.iter().map(|(k, s, _)| (k.clone(), *s)).collect();
        let spawned = std::thread::Builder::new()
            .name("tsl native pipelines".into())
            .spawn(move || {
                for (key, state, program) in jobs {
                    // A panic in naga or the emitter fails this pipeline, not the renderer
                    // (whose wait would otherwise never end).
                    let pipeline = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        build_native(
                            &device,
                            &layouts,
                            format,
                            &modules,
                            &key,
                            state,
                            program.as_ref(),
                        )
                    }))
                    .unwrap_or_else(|_| {
                        Err(GpuError::Pipeline {
                            label: "native".into(),
                            message: "building the pipeline panicked".into(),
                        })
                    });
                    if sender
                        .send(Built {
                            key,
                            state,
                            pipeline,
                        })
                        .is_err()
                    {
                        // The renderer is gone: nobody wants the rest.
                        return;
                    }
                }
            });
        if let Err(e) = spawned {
            for (key, state) in failed {
                self.slots.insert(
                    (key, state),
                    Slot::Failed(GpuError::Pipeline {
                        label: "native".into(),
                        message: format!("no builder thread: {e}"),
                    }),
                );
            }
        }
    }

    /// Draw `frame` on `path` (not [`GpuPath::Kernel`]) and read back its linear pixels.
    pub(super) fn draw(
        &mut self,
        gpu: &Gpu,
        cache: &DeviceCache,
        path: GpuPath,
        frame: &NativeFrame,
    ) -> Result<Vec<[f32; 4]>, GpuError> {
        let shared = cache.shared(gpu)?;
        self.poll();
        // Each pass's pipeline: the native one when the path takes it and it is built. A
        // program's key is made once, however many passes draw it.
        let program_keys: Vec<Vec<u32>> = frame
            .programs
            .iter()
            .map(NodeProgram::structure_key)
            .collect();
        let keys: Vec<NativeKey> = frame
            .draws
            .iter()
            .map(|d| d.program.map(|i| program_keys[i].clone()))
            .collect();
        let deferred = deferred_passes(frame);
        let states: Vec<PassState> = frame
            .passes
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if i < deferred {
                    PassState::resolve(p)
                } else {
                    PassState::of(p, frame.exact_depth)
                }
            })
            .collect();
        if path != GpuPath::Interpreted {
            let wanted = keys
                .iter()
                .zip(&states)
                .zip(frame.draws)
                .filter(|((k, s), _)| !self.slots.contains_key(&((*k).clone(), **s)))
                .map(|((k, s), d)| (k.clone(), *s, d.program.map(|i| frame.programs[i].clone())))
                .collect();
            self.request(gpu, shared, wanted);
        }
        if path == GpuPath::Native {
            self.wait();
        }
        let mut pipelines = Vec::with_capacity(keys.len());
        self.native_passes = 0;
        for (key, state) in keys.iter().zip(&states) {
            let native = match self.slots.get(&(key.clone(), *state)) {
                Some(Slot::Ready(p)) if path != GpuPath::Interpreted => Some(p.clone()),
                Some(Slot::Failed(e)) if path == GpuPath::Native => return Err(e.clone()),
                _ => None,
            };
            let pipeline = match native {
                Some(p) => {
                    self.native_passes += 1;
                    p
                }
                None => {
                    let (p, made) = shared.interp_pipeline(&gpu.device, *state)?;
                    self.built += usize::from(made);
                    p
                }
            };
            pipelines.push(pipeline);
        }
        let visible = if deferred > 0 {
            let (p, made) = shared.interp_pipeline(&gpu.device, PassState::VISIBLE)?;
            self.built += usize::from(made);
            Some(p)
        } else {
            None
        };
        // The background drawn from an environment, when the frame has one.
        let background_at = std::mem::offset_of!(FrameRecord, background) / 4;
        let background = match frame.frame.get(background_at) {
            Some(&g) if g != NONE => {
                let (p, made) = shared.interp_pipeline(&gpu.device, PassState::BACKGROUND)?;
                self.built += usize::from(made);
                Some(p)
            }
            _ => None,
        };
        let passes = Pipelines {
            passes: &pipelines,
            visible: visible.as_ref(),
            background: background.as_ref(),
        };
        self.render(gpu, shared, frame, passes, deferred)
    }

    /// Draw the frame: the background first with a `background` pipeline; with a `visible` pipeline, its first `deferred` passes through the
    /// visibility target and resolved (their `pipelines` resolve), the others drawn after;
    /// without, every pass drawn in order.
    fn render(
        &mut self,
        gpu: &Gpu,
        shared: &DeviceShared,
        frame: &NativeFrame,
        pipelines: Pipelines,
        deferred: usize,
    ) -> Result<Vec<[f32; 4]>, GpuError> {
        let Pipelines {
            passes: pipelines,
            visible,
            background,
        } = pipelines;
        let corners = corner_positions(frame.tris, frame.width, frame.height);
        let data: [&[u8]; 6] = [
            bytemuck::cast_slice(frame.words),
            bytemuck::cast_slice(frame.frame),
            bytemuck::cast_slice(frame.passes),
            bytemuck::cast_slice(frame.tris),
            bytemuck::cast_slice(frame.verts),
            bytemuck::cast_slice(&corners),
        ];
        for (&(_, name, _), d) in BINDINGS.iter().zip(&data) {
            gpu.check_size(name, d.len() as u64)?;
        }
        let size = (frame.width, frame.height);
        let stale = match &self.targets {
            None => true,
            Some(t) => {
                t.size != size
                    || t.storage
                        .iter()
                        .zip(&data)
                        .any(|(buf, d)| buf.size() < d.len() as u64)
            }
        };
        if stale {
            let old = self.targets.take();
            self.targets = Some(targets(gpu, shared, size, &data, old.as_ref())?);
        }
        // Invariant: set just above when missing.
        let Some(t) = self.targets.as_mut() else {
            return Err(GpuError::Device {
                operation: "render targets",
                message: "missing".into(),
            });
        };
        if t.bound
            .as_ref()
            .is_none_or(|(texels, _)| texels != frame.texels)
        {
            let group = bind_group(gpu, shared, &t.storage, frame.texels)?;
            t.bound = Some((frame.texels.clone(), group));
        }
        let t = &*t;
        // Invariant: set just above.
        let Some((_, group)) = t.bound.as_ref() else {
            return Err(GpuError::Device {
                operation: "bind group",
                message: "missing".into(),
            });
        };
        let clear_at = std::mem::offset_of!(FrameRecord, clear) / 4;
        let clear: [f32; 4] = std::array::from_fn(|k| {
            frame
                .frame
                .get(clear_at + k)
                .map_or(0.0, |&w| f32::from_bits(w))
        });
        gpu.checked("render", || {
            for (buf, d) in t.storage.iter().zip(&data) {
                if !d.is_empty() {
                    gpu.queue.write_buffer(buf, 0, d);
                }
            }
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            let depth_attachment = |load, store| wgpu::RenderPassDepthStencilAttachment {
                view: &t.depth_view,
                depth_ops: Some(wgpu::Operations { load, store }),
                stencil_ops: None,
            };
            let mut depth_load = wgpu::LoadOp::Clear(1.0);
            if let Some(visible) = visible {
                let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some("visibility"),
                    color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                        view: &t.ids_view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations {
                            load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                            store: wgpu::StoreOp::Store,
                        },
                    })],
                    depth_stencil_attachment: Some(depth_attachment(
                        wgpu::LoadOp::Clear(1.0),
                        wgpu::StoreOp::Store,
                    )),
                    ..Default::default()
                });
                pass.set_bind_group(0, group, &[]);
                pass.set_pipeline(visible);
                for (p, d) in frame.draws.iter().enumerate().take(deferred) {
                    if d.count > 0 {
                        let p = p as u32;
                        pass.draw(d.first * 3..(d.first + d.count) * 3, p..p + 1);
                    }
                }
                depth_load = wgpu::LoadOp::Load;
            }
            {
                let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some("render"),
                    color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                        view: &t.color_view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations {
                            load: wgpu::LoadOp::Clear(wgpu::Color {
                                r: f64::from(clear[0]),
                                g: f64::from(clear[1]),
                                b: f64::from(clear[2]),
                                a: f64::from(clear[3]),
                            }),
                            store: wgpu::StoreOp::Store,
                        },
                    })],
                    depth_stencil_attachment: Some(depth_attachment(
                        depth_load,
                        wgpu::StoreOp::Discard,
                    )),
                    ..Default::default()
                });
                pass.set_bind_group(0, group, &[]);
                pass.set_bind_group(1, &t.ids_group, &[]);
                if let Some(background) = background {
                    pass.set_pipeline(background);
                    pass.draw(0..3, 0..1);
                }
                for (p, (d, pipeline)) in frame.draws.iter().zip(pipelines).enumerate() {
                    if d.count == 0 {
                        continue;
                    }
                    pass.set_pipeline(pipeline);
                    let i = p as u32;
                    if p < deferred {
                        // Only the pixels its triangles can have won.
                        let Some([x0, y0, x1, y1]) = pass_bounds(frame, d) else {
                            continue;
                        };
                        pass.set_scissor_rect(x0, y0, x1 - x0, y1 - y0);
                        pass.draw(0..3, i..i + 1);
                        pass.set_scissor_rect(0, 0, size.0, size.1);
                    } else {
                        pass.draw(d.first * 3..(d.first + d.count) * 3, i..i + 1);
                    }
                }
            }
            encoder.copy_texture_to_buffer(
                wgpu::TexelCopyTextureInfo {
                    texture: &t.color,
                    mip_level: 0,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                wgpu::TexelCopyBufferInfo {
                    buffer: &t.readback,
                    layout: wgpu::TexelCopyBufferLayout {
                        offset: 0,
                        bytes_per_row: Some(t.row_bytes),
                        rows_per_image: Some(size.1),
                    },
                },
                wgpu::Extent3d {
                    width: size.0,
                    height: size.1,
                    depth_or_array_layers: 1,
                },
            );
            gpu.queue.submit([encoder.finish()]);
        })?;
        let mut raw = super::batch::read_back(gpu, &t.readback, t.readback.size())?;
        let (w, h) = (size.0 as usize, size.1 as usize);
        let row = t.row_bytes as usize;
        if shared.format == wgpu::TextureFormat::Rgba32Float && row == w * 16 {
            // Rows without padding: the read-back is the image (no second copy of 16 bytes a
            // pixel).
            raw.truncate(w * h);
            return Ok(raw);
        }
        let bytes: &[u8] = bytemuck::cast_slice(&raw);
        let mut pixels = Vec::with_capacity(w * h);
        for y in 0..h {
            let line = &bytes[y * row..];
            if shared.format == wgpu::TextureFormat::Rgba32Float {
                let floats: &[[f32; 4]] = bytemuck::cast_slice(&line[..w * 16]);
                pixels.extend_from_slice(floats);
            } else {
                let halves: Vec<u16> = bytemuck::pod_collect_to_vec(&line[..w * 8]);
                pixels.extend(halves.chunks_exact(4).map(|c| {
                    [
                        half_to_f32(c[0]),
                        half_to_f32(c[1]),
                        half_to_f32(c[2]),
                        half_to_f32(c[3]),
                    ]
                }));
            }
        }
        Ok(pixels)
    }
}

/// How many of the frame's first passes go through the visibility target: with exact depth,
/// every pass before the first transparent one when all of them are deferred (neither
/// discarding nor moving their depth, with the depth test and write: the kernel keeps their
/// nearest fragment and shades it before the first transparent draw); otherwise none, and
/// every pass is drawn as it comes.
fn deferred_passes(frame: &NativeFrame) -> usize {
    let first_transparent = frame
        .passes
        .iter()
        .position(|p| p.flags & FL_TRANSPARENT != 0)
        .unwrap_or(frame.passes.len());
    let all_deferred = frame.passes[..first_transparent]
        .iter()
        .all(|p| p.flags & FL_FORWARD == 0);
    if frame.exact_depth && all_deferred {
        first_transparent
    } else {
        0
    }
}

/// The pixels a pass's triangles cover at most, `[x0, y0, x1, y1)`, within the frame; `None`
/// when empty.
fn pass_bounds(frame: &NativeFrame, d: &PassDraw) -> Option<[u32; 4]> {
    let tris = frame
        .tris
        .get(d.first as usize..(d.first + d.count) as usize)?;
    let mut b = [u32::MAX, u32::MAX, 0, 0];
    for t in tris {
        b = [
            b[0].min(t.bbox[0]),
            b[1].min(t.bbox[1]),
            b[2].max(t.bbox[2]),
            b[3].max(t.bbox[3]),
        ];
    }
    let b = [b[0], b[1], b[2].min(frame.width), b[3].min(frame.height)];
    (b[0] < b[2] && b[1] < b[3]).then_some(b)
}

/// The buffers (grown to a power of two, as the kernel's), textures and bind group for a frame
/// of `size` with `data` in the storage bindings.
fn targets(
    gpu: &Gpu,
    shared: &DeviceShared,
    size: (u32, u32),
    data: &[&[u8]; 6],
    old: Option<&Targets>,
) -> Result<Targets, GpuError> {
    let limit = gpu.binding_limit();
    let storage = data
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let old = old.map_or(0, |t| t.storage[i].size());
            let bytes = (d.len() as u64).max(16).max(old).next_power_of_two();
            let bytes = bytes.min(limit.max(d.len() as u64));
            gpu.buffer(
                BINDINGS[i].1,
                bytes,
                wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            )
        })
        .collect::<Result<Vec<wgpu::Buffer>, GpuError>>()?;
    let texel = shared.format.block_copy_size(None).unwrap_or(16);
    let row_bytes = (size.0 * texel).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let readback = gpu.buffer(
        "readback",
        u64::from(row_bytes) * u64::from(size.1),
        wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
    )?;
    let extent = wgpu::Extent3d {
        width: size.0,
        height: size.1,
        depth_or_array_layers: 1,
    };
    let texture = |label, format, usage| {
        gpu.checked("render target", || {
            gpu.device.create_texture(&wgpu::TextureDescriptor {
                label: Some(label),
                size: extent,
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format,
                usage,
                view_formats: &[],
            })
        })
    };
    let color = texture(
        "colour",
        shared.format,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
    )?;
    let depth = texture(
        "depth",
        wgpu::TextureFormat::Depth32Float,
        wgpu::TextureUsages::RENDER_ATTACHMENT,
    )?;
    let ids = texture(
        "visibility",
        VISIBLE_FORMAT,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
    )?;
    let ids_view = ids.create_view(&Default::default());
    let ids_group = gpu.checked("visibility bind group", || {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("visibility"),
            layout: &shared.ids_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&ids_view),
            }],
        })
    })?;
    Ok(Targets {
        storage,
        size,
        color_view: color.create_view(&Default::default()),
        color,
        depth_view: depth.create_view(&Default::default()),
        ids_view,
        ids_group,
        readback,
        row_bytes,
        bound: None,
    })
}

/// The bind group over the render path's buffers and the texel buffer.
fn bind_group(
    gpu: &Gpu,
    shared: &DeviceShared,
    storage: &[wgpu::Buffer],
    texels: &wgpu::Buffer,
) -> Result<wgpu::BindGroup, GpuError> {
    let entries: Vec<wgpu::BindGroupEntry> = BINDINGS
        .iter()
        .zip(storage)
        .map(|(&(binding, _, _), buf)| (binding, buf))
        .chain([(TEXELS, texels)])
        .map(|(binding, buf)| wgpu::BindGroupEntry {
            binding,
            resource: buf.as_entire_binding(),
        })
        .collect();
    gpu.checked("bind group", || {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("render"),
            layout: &shared.layout,
            entries: &entries,
        })
    })
}

/// Build the native pipeline of `key` for `state` (on a builder thread): the module once per
/// key, then the pipeline.
fn build_native(
    device: &wgpu::Device,
    layouts: &Layouts,
    format: wgpu::TextureFormat,
    modules: &Mutex<HashMap<NativeKey, Result<wgpu::ShaderModule, GpuError>>>,
    key: &NativeKey,
    state: PassState,
    program: Option<&NodeProgram>,
) -> Result<wgpu::RenderPipeline, GpuError> {
    let module = {
        let mut modules = modules.lock().map_err(|_| GpuError::Pipeline {
            label: "native".into(),
            message: "a builder thread panicked".into(),
        })?;
        modules
            .entry(key.clone())
            .or_insert_with(|| {
                let module = native_module(program)?;
                shader_module(
                    device,
                    "native",
                    wgpu::ShaderSource::Naga(std::borrow::Cow::Owned(module)),
                )
            })
            .clone()?
    };
    render_pipeline(device, layouts, format, &module, state)
}

/// The pipelines a frame draws with: each pass's, the visibility pass's when passes are
/// deferred, the background's when it is drawn from an environment.
struct Pipelines<'a> {
    passes: &'a [wgpu::RenderPipeline],
    visible: Option<&'a wgpu::RenderPipeline>,
    background: Option<&'a wgpu::RenderPipeline>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytemuck::Zeroable;

    #[test]
    fn the_render_module_validates_without_an_adapter() {
        let module = naga::front::wgsl::parse_str(&RENDER_WGSL).expect("the render WGSL parses");
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::empty(),
        )
        .validate(&module)
        .expect("the render module validates");
        for entry in ["native_vertex", "native_fragment", "native_fragment_depth"] {
            assert!(
                module.entry_points.iter().any(|e| e.name == entry),
                "{entry}"
            );
        }
    }

    #[test]
    fn the_corners_are_the_set_up_s_moved_out_a_sixteenth_of_a_pixel() {
        // A triangle on a 16×16 screen with its corners on the 1/256-pixel grid and three
        // depths, set up by the CPU's code and packed as the kernel packs it. The hardware's
        // triangle must have each edge parallel to one of the set-up's, a sixteenth of a pixel
        // outside it (the two original corners on that edge at that distance, the third
        // farther, all inside), and its corners' depths on the original depth plane.
        use crate::raster::clip::ClipVertex;
        use crate::raster::setup::{centre, setup_polygon, SUBPIXEL};
        use glam::{DVec3, Vec3, Vec4};
        let pixels = [[2.25f64, 3.5], [13.75, 4.0], [7.0, 12.5]];
        let depths = [0.25f64, 0.5, 0.75];
        let poly: Vec<ClipVertex> = pixels
            .iter()
            .zip(depths)
            .map(|(&[x, y], z)| ClipVertex {
                clip: Vec4::new(
                    (x / 8.0 - 1.0) as f32,
                    (1.0 - y / 8.0) as f32,
                    (z * 2.0 - 1.0) as f32,
                    1.0,
                ),
                weights: Vec3::X,
            })
            .collect();
        let mut tris = Vec::new();
        setup_polygon(
            &poly,
            0,
            crate::scene::Side::Double,
            false,
            (16, 16),
            &mut tris,
        );
        assert_eq!(tris.len(), 1);
        let t = &tris[0];
        let split = |v: i64| [v as u32, (v >> 32) as u32];
        let mut record = TriRecord::zeroed();
        record.e0 = t
            .edges(centre(t.bbox[0] as i64), centre(t.bbox[1] as i64))
            .map(split);
        record.sa = t.a.map(|a| split(a * SUBPIXEL));
        record.sb = t.b.map(|b| split(b * SUBPIXEL));
        record.bbox = t.bbox;
        record.z = t.z;
        // The moved corners in pixels (rows down) with their depths.
        let moved: Vec<DVec3> = corner_positions(&[record], 16, 16)
            .iter()
            .map(|c| {
                DVec3::new(
                    (f64::from(c[0]) + 1.0) * 8.0,
                    (1.0 - f64::from(c[1])) * 8.0,
                    f64::from(c[2]),
                )
            })
            .collect();
        let original: Vec<DVec3> = pixels
            .iter()
            .zip(depths)
            .map(|(&[x, y], z)| DVec3::new(x, y, z))
            .collect();
        let d = DILATION / 256.0;
        for i in 0..3 {
            let (u, v, w) = (moved[i], moved[(i + 1) % 3], moved[(i + 2) % 3]);
            let dir = (v - u).truncate().normalize();
            let normal = glam::DVec2::new(-dir.y, dir.x);
            let side = |p: DVec3| (p.truncate() - u.truncate()).dot(normal);
            let inward = side(w).signum();
            let mut distances: Vec<f64> = original.iter().map(|&p| side(p) * inward).collect();
            distances.sort_by(|a, b| a.total_cmp(b));
            assert!((distances[0] - d).abs() < 1e-4, "{distances:?}");
            assert!((distances[1] - d).abs() < 1e-4, "{distances:?}");
            assert!(distances[2] > d + 1.0, "{distances:?}");
        }
        // The plane through the original corners, at the moved ones.
        let n = (original[1] - original[0]).cross(original[2] - original[0]);
        for m in &moved {
            let z =
                original[0].z - (n.x * (m.x - original[0].x) + n.y * (m.y - original[0].y)) / n.z;
            assert!((m.z - z).abs() < 1e-6, "{} against {z}", m.z);
        }
    }

    #[test]
    fn a_program_s_native_module_validates_without_an_adapter() {
        // The seam to tsl_core::native: a program with a colour and an opacity node (emitted
        // outputs and the filled dispatch), and the module of the passes without a program.
        let g = tsl_core::NodeGraph::new();
        g.set_output(tsl_core::COLOR_NODE, g.join(&[g.uv(), g.float(0.25)]))
            .unwrap();
        g.set_output(tsl_core::OPACITY_NODE, g.sin(g.time()))
            .unwrap();
        let program = g.compile().unwrap();
        for program in [Some(&program), None] {
            let module = native_module(program).expect("the module is built");
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::empty(),
            )
            .validate(&module)
            .expect("the native module validates");
            let emitted = module
                .functions
                .iter()
                .any(|(_, f)| f.name.as_deref() == Some("tsl_output_color"));
            assert_eq!(emitted, program.is_some());
        }
    }

    #[test]
    fn half_floats_convert_as_ieee_defines_them() {
        // 1.0, -2.0, 0.5, the smallest subnormal (2^-24), 65504 (the largest finite), +inf.
        for (bits, value) in [
            (0x3c00, 1.0),
            (0xc000, -2.0),
            (0x3800, 0.5),
            (0x0001, 5.960_464_5e-8),
            (0x7bff, 65504.0),
            (0x7c00, f32::INFINITY),
        ] {
            assert_eq!(half_to_f32(bits), value, "{bits:#x}");
        }
        assert!(half_to_f32(0x7e00).is_nan());
    }
}
