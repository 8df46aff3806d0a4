//! The shared wgpu device: made once per process, with the interpreter's pipeline.

use std::fmt;
use std::sync::OnceLock;

/// The rasterizer's bind group layout and pipeline.
type RasterPipeline = (wgpu::BindGroupLayout, wgpu::ComputePipeline);

/// The interpreter's WGSL source (the generated contract `bytecode.wgsl` and
/// `interp_layout.wgsl`, `interp.wgsl`, then the interpreter's core `interp_core.wgsl`, which the
/// rasterizer's shader shares), compiled once per [`Gpu`].
pub const INTERP_WGSL: &str = concat!(
    include_str!("bytecode.wgsl"),
    include_str!("interp_layout.wgsl"),
    include_str!("interp.wgsl"),
    include_str!("interp_core.wgsl")
);

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
            .map_err(|e| GpuError::NoAdapter {
                backends,
                reason: e.to_string(),
            })?;
        let info = adapter.get_info();
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("tsl-raster gpu"),
                required_features: wgpu::Features::empty(),
                required_limits: adapter.limits(),
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::NoDevice {
                adapter: info.name.clone(),
                reason: e.to_string(),
            })?;
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
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let interp_pipeline =
            compute_pipeline(&device, &interp_layout, INTERP_WGSL, "interp", "main");
        if let Some(e) = scope.pop().await {
            return Err(pipeline_error("interp", e));
        }
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
    pub fn raster_pipeline(&self) -> Result<&RasterPipeline, GpuError> {
        self.raster
            .get_or_init(|| {
                let entries: Vec<wgpu::BindGroupLayoutEntry> =
                    (0..8).map(|i| storage_entry(i, i != 6)).collect();
                let layout =
                    self.device
                        .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                            label: Some("raster layout"),
                            entries: &entries,
                        });
                let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
                let pipeline =
                    compute_pipeline(&self.device, &layout, super::RASTER_WGSL, "raster", "main");
                match pollster::block_on(scope.pop()) {
                    Some(e) => Err(pipeline_error("raster", e)),
                    None => Ok((layout, pipeline)),
                }
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

/// A compute pipeline for `source`'s entry point over one bind group of `layout`: what the
/// interpreter uses once, and what a per-graph shader would cost every time (the timing tests).
pub fn compute_pipeline(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    source: &str,
    label: &str,
    entry: &str,
) -> wgpu::ComputePipeline {
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

/// The process's shared [`Gpu`], made on first use.
///
/// Without an adapter it prints `SKIPPED: no wgpu adapter: ...` to stderr and returns `None`,
/// so that tests skip loudly; when the environment sets `REQUIRE_GPU` it panics instead, so that
/// CI cannot turn a missing driver into silent skips.
pub fn gpu() -> Option<&'static Gpu> {
    static GPU: OnceLock<Result<Gpu, GpuError>> = OnceLock::new();
    match GPU.get_or_init(Gpu::new) {
        Ok(gpu) => Some(gpu),
        Err(e) if std::env::var_os("REQUIRE_GPU").is_some() => {
            panic!("REQUIRE_GPU is set but there is no wgpu adapter: {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED: no wgpu adapter: {e}");
            None
        }
    }
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
