//! The shared wgpu device: made once per process, with the interpreter's pipeline.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The interpreter's WGSL source (`interp.wgsl`, then the interpreter's core `interp_core.wgsl`,
/// which the rasterizer's shader shares), compiled once per [`Gpu`].
pub const INTERP_WGSL: &str = concat!(
    include_str!("interp.wgsl"),
    include_str!("interp_core.wgsl")
);

/// Why the GPU could not do what was asked: no adapter, no device, a failed read-back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpuError(pub String);

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GpuError {}

/// A wgpu device and queue with the node interpreter's bind group layout and compute pipeline.
///
/// Made once ([`gpu`] shares one per process); every [`GpuInterpreter`](super::GpuInterpreter)
/// uses its single pipeline, so a new program is never a new shader module or pipeline.
pub struct Gpu {
    /// The adapter the device was made on (its `name` is what reports print).
    pub info: wgpu::AdapterInfo,
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
    /// The interpreter's bind group layout: words, views, params, out (explicit, so that no
    /// binding is dropped as unused).
    pub interp_layout: wgpu::BindGroupLayout,
    /// The interpreter's compute pipeline (`interp.wgsl`, entry point `main`).
    pub interp_pipeline: wgpu::ComputePipeline,
    /// The rasterizer's bind group layout and pipeline, made on first use.
    raster: OnceLock<(wgpu::BindGroupLayout, wgpu::ComputePipeline)>,
}

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gpu")
            .field("adapter", &self.info.name)
            .field("backend", &self.info.backend)
            .finish_non_exhaustive()
    }
}

fn storage_entry(binding: u32, read_only: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

impl Gpu {
    /// Make a device on the first adapter of the backends `WGPU_BACKEND` names, Vulkan when it is
    /// unset (so that a machine without a Vulkan driver does not fall back to a GL adapter
    /// silently), with the adapter's own limits; then the interpreter's pipeline.
    pub fn new() -> Result<Gpu, GpuError> {
        pollster::block_on(Self::new_async())
    }

    async fn new_async() -> Result<Gpu, GpuError> {
        let backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::VULKAN);
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends,
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                power_preference: wgpu::PowerPreference::HighPerformance,
                force_fallback_adapter: false,
                compatible_surface: None,
                apply_limit_buckets: false,
            })
            .await
            .map_err(|e| GpuError(format!("no adapter for {backends:?}: {e}")))?;
        let info = adapter.get_info();
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("tsl-raster gpu"),
                required_features: wgpu::Features::empty(),
                required_limits: adapter.limits(),
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError(format!("no device on {}: {e}", info.name)))?;
        let interp_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("interp layout"),
            entries: &[
                storage_entry(0, true),
                storage_entry(1, true),
                wgpu::BindGroupLayoutEntry {
                    binding: 2,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                storage_entry(3, false),
            ],
        });
        let interp_pipeline =
            compute_pipeline(&device, &interp_layout, INTERP_WGSL, "interp", "main");
        Ok(Gpu {
            info,
            device,
            queue,
            interp_layout,
            interp_pipeline,
            raster: OnceLock::new(),
        })
    }

    /// The rasterizer's bind group layout and compute pipeline (`raster.wgsl` with the
    /// interpreter's core), made once per device: every frame and every program uses them.
    pub fn raster_pipeline(&self) -> &(wgpu::BindGroupLayout, wgpu::ComputePipeline) {
        self.raster.get_or_init(|| {
            let entries: Vec<wgpu::BindGroupLayoutEntry> =
                (0..8).map(|i| storage_entry(i, i != 6)).collect();
            let layout = self
                .device
                .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: Some("raster layout"),
                    entries: &entries,
                });
            let pipeline =
                compute_pipeline(&self.device, &layout, super::RASTER_WGSL, "raster", "main");
            (layout, pipeline)
        })
    }
}

/// How many pipelines [`compute_pipeline`] has made in this process: every pipeline the crate
/// makes goes through it, so a test can hold "a new graph is not a new pipeline" to a count.
static PIPELINES_CREATED: AtomicUsize = AtomicUsize::new(0);

/// How many compute pipelines [`compute_pipeline`] has made in this process, on any device (the
/// interpreter's and the rasterizer's included).
pub fn pipelines_created() -> usize {
    PIPELINES_CREATED.load(Ordering::SeqCst)
}

/// A compute pipeline for `source`'s entry point over one bind group of `layout`: what the
/// interpreter uses once, and what a per-graph shader would cost every time (the timing tests).
/// Counted by [`pipelines_created`].
pub fn compute_pipeline(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    source: &str,
    label: &str,
    entry: &str,
) -> wgpu::ComputePipeline {
    PIPELINES_CREATED.fetch_add(1, Ordering::SeqCst);
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: &[Some(layout)],
        immediate_size: 0,
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(label),
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some(entry),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// The process's shared [`Gpu`], made on first use; without an adapter or a device, why not.
///
/// The attempt is made once per process: every later call returns the same device or the same
/// error. Whether a missing adapter is a failure is the caller's decision (the crate's GPU tests
/// report their tests as ignored, or fail when `REQUIRE_GPU` is set).
pub fn gpu() -> Result<&'static Gpu, GpuError> {
    static GPU: OnceLock<Result<Gpu, GpuError>> = OnceLock::new();
    GPU.get_or_init(Gpu::new).as_ref().map_err(Clone::clone)
}
