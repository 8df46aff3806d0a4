//! The shared wgpu device: made once per process, with the interpreter's pipeline.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

/// The rasterizer's bind group layout and pipeline.
type RasterPipeline = (wgpu::BindGroupLayout, wgpu::ComputePipeline);

/// The interpreter's WGSL source (the generated contract `bytecode.wgsl` and
/// `interp_layout.wgsl`, `interp.wgsl`, then the interpreter's core `interp_core.wgsl`, which the
/// rasterizer's shader shares, and tsl-core's [`PRELUDE_WGSL`](tsl_core::native::PRELUDE_WGSL)
/// that the core calls), compiled once per [`Gpu`].
pub static INTERP_WGSL: LazyLock<String> = LazyLock::new(|| {
    [
        include_str!("bytecode.wgsl"),
        include_str!("interp_layout.wgsl"),
        include_str!("interp.wgsl"),
        include_str!("interp_core.wgsl"),
        tsl_core::native::PRELUDE_WGSL,
    ]
    .concat()
});

/// Why the GPU could not do what was asked: one variant per failure, with what a caller needs
/// to tell them apart (the messages are those of the strings this type once held).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GpuError {
    /// No adapter on the backends asked for (`WGPU_BACKEND`, Vulkan when it is unset).
    #[error("no adapter for {backends:?}: {reason}")]
    NoAdapter {
        /// The backends searched.
        backends: wgpu::Backends,
        /// wgpu's reason.
        reason: String,
    },
    /// The adapter refused to make a device.
    #[error("no device on {adapter}: {reason}")]
    NoDevice {
        /// The adapter's name.
        adapter: String,
        /// wgpu's reason.
        reason: String,
    },
    /// wgpu refused a shader module or a pipeline (a validation error).
    #[error("the {label} pipeline: {message}")]
    Pipeline {
        /// The pipeline's label: `interp` or `raster`.
        label: String,
        /// wgpu's message.
        message: String,
    },
    /// A buffer the work needs is larger than the device binds.
    #[error("the {buffer} buffer needs {size} bytes; the device binds at most {limit}")]
    BufferTooLarge {
        /// Which buffer.
        buffer: &'static str,
        /// The bytes it needs.
        size: u64,
        /// The most the device allows.
        limit: u64,
    },
    /// wgpu refused an operation (a validation or out-of-memory error, caught by an error
    /// scope around it): what the crate was doing and wgpu's message.
    #[error("{operation}: {message}")]
    Device {
        /// The operation: `buffer`, `bind group`, `dispatch`.
        operation: &'static str,
        /// wgpu's message.
        message: String,
    },
    /// The frame is larger than the device draws: a side over what one of the device's limits
    /// (or the shader's own arithmetic) allows, found before anything is allocated.
    #[error(
        "a {width}×{height} frame is larger than this device draws: {limit} is {value}, so at \
         most {max_side} pixels a side"
    )]
    FrameTooLarge {
        /// The frame's width in pixels.
        width: u32,
        /// Its height.
        height: u32,
        /// The limit that refused it: a field of `wgpu::Limits` (`max_texture_dimension_2d`,
        /// `max_compute_workgroups_per_dimension`) or the shader's pixel offsets.
        limit: &'static str,
        /// The limit's value on this device.
        value: u64,
        /// The largest side that limit allows.
        max_side: u64,
    },
    /// Reading the results back failed: waiting for the device (`poll`), mapping the buffer
    /// (`map`) or reading the mapped range (`mapped range`).
    #[error("{step}: {reason}")]
    ReadBack {
        /// The step that failed.
        step: &'static str,
        /// wgpu's reason.
        reason: String,
    },
}

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
    /// The rasterizer's bind group layout and pipeline, made on first use (or why not).
    raster: OnceLock<Result<RasterPipeline, GpuError>>,
    /// The last error no error scope caught (see [`Gpu::take_uncaptured_error`]).
    uncaptured: Arc<Mutex<Option<String>>>,
    /// The render path's layouts and interpreter pipelines, made on first use.
    pub(super) render: super::native::DeviceCache,
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

/// The rasterizer's band record (binding 8): a uniform read at a dynamic offset, one record per
/// band of tile rows (see [`Gpu::band_stride`]).
fn band_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: true,
            min_binding_size: wgpu::BufferSize::new(BAND_BYTES),
        },
        count: None,
    }
}

/// The bytes of one band record (`Band` in `raster.wgsl`: its first row, whether to count, two
/// unused words).
pub(crate) const BAND_BYTES: u64 = 16;

/// The shader's own bound on a side: its 64-bit edge step multiplies by pixel offsets below
/// 2^16 (`mul64s` in `raster.wgsl`).
const SHADER_MAX_SIDE: u64 = 1 << 16;

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
            .map_err(|e| GpuError::NoAdapter {
                backends,
                reason: e.to_string(),
            })?;
        let info = adapter.get_info();
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("tsl-raster gpu"),
                // Blending into 32-bit float targets (the render path's colour buffer), where the
                // adapter has it; 16-bit floats otherwise.
                required_features: adapter.features() & wgpu::Features::FLOAT32_BLENDABLE,
                required_limits: adapter.limits(),
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::NoDevice {
                adapter: info.name.clone(),
                reason: e.to_string(),
            })?;
        // wgpu's default handler panics on an error no scope catches; the crate's own work runs
        // in error scopes, and anything else (a caller's use of `device`) is kept, not a panic.
        let uncaptured = Arc::new(Mutex::new(None));
        let keep = Arc::clone(&uncaptured);
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            if let Ok(mut last) = keep.lock() {
                *last = Some(error.to_string());
            }
        }));
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
            compute_pipeline(&device, &interp_layout, &INTERP_WGSL, "interp", "main")?;
        Ok(Gpu {
            info,
            device,
            queue,
            interp_layout,
            interp_pipeline,
            raster: OnceLock::new(),
            uncaptured,
            render: Default::default(),
        })
    }

    /// The rasterizer's bind group layout and compute pipeline (`raster.wgsl` with the
    /// interpreter's core), made once per device: every frame and every program uses them.
    pub fn raster_pipeline(&self) -> Result<&RasterPipeline, GpuError> {
        self.raster
            .get_or_init(|| {
                let mut entries: Vec<wgpu::BindGroupLayoutEntry> =
                    (0..8).map(|i| storage_entry(i, i != 6)).collect();
                entries.push(band_entry(8));
                let layout =
                    self.device
                        .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                            label: Some("raster layout"),
                            entries: &entries,
                        });
                let pipeline =
                    compute_pipeline(&self.device, &layout, &super::RASTER_WGSL, "raster", "main")?;
                Ok((layout, pipeline))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The largest buffer the device binds as storage, in bytes.
    pub(crate) fn binding_limit(&self) -> u64 {
        let limits = self.device.limits();
        limits
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size)
    }

    /// The distance between two band records in the band buffer: the device's
    /// `min_uniform_buffer_offset_alignment` (a dynamic offset is a multiple of it).
    pub(crate) fn band_stride(&self) -> u64 {
        u64::from(self.device.limits().min_uniform_buffer_offset_alignment).max(BAND_BYTES)
    }

    /// Refuse a `width`×`height` frame whose side is more than the device draws
    /// ([`GpuError::FrameTooLarge`], naming the limit and its value), before anything is
    /// allocated (R-GPU-9, docs/requirements.md). The sides are bounded by the device's `max_texture_dimension_2d` (the largest
    /// image it makes: the frame is one, and a caller that shows it uploads it as a texture of the
    /// same device), by `max_compute_workgroups_per_dimension` × 8 (a dispatch's width in pixels
    /// and the rows of one band) and by the shader's pixel offsets (below 2^16); the bytes of its
    /// pixels by what the device binds ([`Gpu::check_size`]).
    pub(crate) fn check_frame(&self, width: u32, height: u32) -> Result<(), GpuError> {
        let limits = self.device.limits();
        let table: [(&'static str, u64, u64); 3] = [
            (
                "max_texture_dimension_2d",
                limits.max_texture_dimension_2d.into(),
                limits.max_texture_dimension_2d.into(),
            ),
            (
                "max_compute_workgroups_per_dimension",
                limits.max_compute_workgroups_per_dimension.into(),
                u64::from(limits.max_compute_workgroups_per_dimension) * 8,
            ),
            (
                "the shader's pixel offset bound",
                SHADER_MAX_SIDE,
                SHADER_MAX_SIDE,
            ),
        ];
        let side = u64::from(width.max(height));
        if let Some(&(limit, value, max_side)) = table.iter().find(|row| side > row.2) {
            return Err(GpuError::FrameTooLarge {
                width,
                height,
                limit,
                value,
                max_side,
            });
        }
        Ok(())
    }

    /// The last wgpu error that no error scope caught since the last call, taken: an error of
    /// the caller's own use of [`Gpu::device`] (the crate's work runs in error scopes and
    /// returns its errors). wgpu's default handler would have panicked; this device keeps it.
    pub fn take_uncaptured_error(&self) -> Option<String> {
        self.uncaptured.lock().ok().and_then(|mut last| last.take())
    }

    /// Run `work` on the device inside validation and out-of-memory error scopes: what it
    /// returned, or the first error wgpu reported, as [`GpuError::Device`] of `operation`.
    pub(crate) fn checked<T>(
        &self,
        operation: &'static str,
        work: impl FnOnce() -> T,
    ) -> Result<T, GpuError> {
        let memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let value = work();
        let errors = pollster::block_on(async {
            let v = validation.pop().await;
            let m = memory.pop().await;
            v.or(m)
        });
        match errors {
            Some(e) => Err(GpuError::Device {
                operation,
                message: e.to_string(),
            }),
            None => Ok(value),
        }
    }

    /// A buffer of `size` bytes for `usage`, named `buffer` in a refusal: every buffer the
    /// crate binds or reads back is made here, its size checked against what the device binds
    /// ([`GpuError::BufferTooLarge`]) before wgpu is asked, and wgpu's own refusal caught.
    pub(crate) fn buffer(
        &self,
        buffer: &'static str,
        size: u64,
        usage: wgpu::BufferUsages,
    ) -> Result<wgpu::Buffer, GpuError> {
        self.check_size(buffer, size)?;
        self.checked("buffer", || {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(buffer),
                size,
                usage,
                mapped_at_creation: false,
            })
        })
    }

    /// Refuse a buffer of `size` bytes that the device could not bind as storage.
    pub(crate) fn check_size(&self, buffer: &'static str, size: u64) -> Result<(), GpuError> {
        let limit = self.binding_limit();
        if size > limit {
            return Err(GpuError::BufferTooLarge {
                buffer,
                size,
                limit,
            });
        }
        Ok(())
    }
}

fn pipeline_error(label: &str, error: wgpu::Error) -> GpuError {
    GpuError::Pipeline {
        label: label.to_string(),
        message: error.to_string(),
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
/// Counted by [`pipelines_created`]. A source or an entry point that wgpu refuses is
/// [`GpuError::Pipeline`] (an error scope catches it), never a panic.
pub fn compute_pipeline(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    source: &str,
    label: &str,
    entry: &str,
) -> Result<wgpu::ComputePipeline, GpuError> {
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let pipeline = pipeline_unchecked(device, layout, source, label, entry);
    match pollster::block_on(scope.pop()) {
        Some(e) => Err(pipeline_error(label, e)),
        None => Ok(pipeline),
    }
}

fn pipeline_unchecked(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_gpu_error_says_what_went_wrong_as_before() {
        // The messages the string type carried, now built from the variants' data.
        let cases = [
            (
                GpuError::NoAdapter {
                    backends: wgpu::Backends::VULKAN,
                    reason: "none found".into(),
                },
                "no adapter for Backends(VULKAN): none found",
            ),
            (
                GpuError::NoDevice {
                    adapter: "llvmpipe".into(),
                    reason: "out of memory".into(),
                },
                "no device on llvmpipe: out of memory",
            ),
            (
                GpuError::BufferTooLarge {
                    buffer: "verts",
                    size: 300,
                    limit: 256,
                },
                "the verts buffer needs 300 bytes; the device binds at most 256",
            ),
            (
                GpuError::Device {
                    operation: "bind group",
                    message: "too large".into(),
                },
                "bind group: too large",
            ),
            (
                GpuError::FrameTooLarge {
                    width: 16385,
                    height: 1,
                    limit: "max_texture_dimension_2d",
                    value: 16384,
                    max_side: 16384,
                },
                "a 16385×1 frame is larger than this device draws: max_texture_dimension_2d is \
                 16384, so at most 16384 pixels a side",
            ),
            (
                GpuError::ReadBack {
                    step: "map",
                    reason: "lost".into(),
                },
                "map: lost",
            ),
            (
                GpuError::Pipeline {
                    label: "raster".into(),
                    message: "bad shader".into(),
                },
                "the raster pipeline: bad shader",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }
}
