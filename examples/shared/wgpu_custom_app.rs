//! A plain headless wgpu app that draws a node program's standalone module (R-GPU-12,
//! docs/requirements.md) with its own pipeline, vertex buffer and render pass. Shared by
//! `examples/wgpu_custom.rs` and `tests/gpu_native_custom.rs`, which holds its pixels to the
//! reference interpreter.

use tsl::core::native::{NativeFrame, UniformLayout};
use tsl::prelude::*;
use tsl::raster::gpu::{
    native_bind_group_layout_entries, native_vertex_attributes, native_volume_sampler, wgpu,
};
use tsl::raster::Texture3d;

/// The target's format: the GPU encodes the program's linear colour to sRGB as it writes.
pub const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;

/// Rings around a centre, moving outward with time: a TSL `Fn` written as Rust.
#[tsl_fn]
pub fn rings(uv: Vec2, centre: Vec2, t: Float) -> Vec3 {
    let d = length(uv - centre);
    let wave = sin(d * 30.0 - t * 4.0) * 0.5 + 0.5;
    mix(vec3(0.05, 0.1, 0.3), vec3(1.0, 0.7, 0.2), wave)
}

/// The program: `colorNode = rings(uv(), centre, time)`, with the uniform `centre`.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let centre = uniform(Vec2::new(0.5, 0.5)).set_name("centre");
    scope.color_node(rings(uv(), centre, time()))?;
    scope.compile()
}

/// A device and queue of the app's own (Vulkan, or the backends `WGPU_BACKEND` names).
pub fn device() -> Result<(wgpu::Device, wgpu::Queue), Box<dyn std::error::Error>> {
    pollster::block_on(async {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: wgpu::Backends::from_env().unwrap_or(wgpu::Backends::VULKAN),
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        let adapter = instance
            .request_adapter(&wgpu::RequestAdapterOptions::default())
            .await?;
        Ok(adapter
            .request_device(&wgpu::DeviceDescriptor::default())
            .await?)
    })
}

/// One full-screen quad: two triangles of interleaved vertices (position, normal, uv, colour:
/// the 44-byte vertex of the interface), uv (0, 0) at the bottom left and (1, 1) at the top
/// right, white vertex colour.
fn quad() -> Vec<f32> {
    let corner = |x: f32, y: f32| {
        [
            x,
            y,
            0.0,
            0.0,
            0.0,
            1.0,
            (x + 1.0) / 2.0,
            (y + 1.0) / 2.0,
            1.0,
            1.0,
            1.0,
        ]
    };
    [
        corner(-1.0, -1.0),
        corner(1.0, -1.0),
        corner(1.0, 1.0),
        corner(-1.0, -1.0),
        corner(1.0, 1.0),
        corner(-1.0, 1.0),
    ]
    .concat()
}

/// `volume` on the device: a `texture_3d` of its texels as RGBA8 (rounded to the nearest
/// 1/255), and the sampler of its filter and wraps.
fn upload_volume(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    volume: &Texture3d,
) -> (wgpu::TextureView, wgpu::Sampler) {
    let [width, height, depth] = volume.size().map(|s| s as u32);
    let size = wgpu::Extent3d {
        width,
        height,
        depth_or_array_layers: depth,
    };
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("volume"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D3,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let bytes: Vec<u8> = volume
        .texels()
        .iter()
        .flat_map(|t| t.to_array())
        .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8)
        .collect();
    queue.write_texture(
        texture.as_image_copy(),
        &bytes,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4 * width),
            rows_per_image: Some(height),
        },
        size,
    );
    let view = texture.create_view(&Default::default());
    (view, device.create_sampler(&native_volume_sampler(volume)))
}

/// The app: a pipeline over the program's module, its buffers and the target it draws into.
pub struct CustomApp {
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    uniforms: wgpu::Buffer,
    layout: UniformLayout,
    vertices: wgpu::Buffer,
    target: wgpu::Texture,
    read_back: wgpu::Buffer,
    width: u32,
    height: u32,
}

/// Rows of the read-back buffer are padded to wgpu's copy alignment.
fn padded_row(width: u32) -> u32 {
    (4 * width).div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT
}

impl CustomApp {
    /// Build the pipeline for `program` (a program without textures) and a `width` × `height`
    /// target.
    pub fn new(
        device: &wgpu::Device,
        program: &NodeProgram,
        width: u32,
        height: u32,
    ) -> Result<CustomApp, Box<dyn std::error::Error>> {
        if !program.native_interface().textures.is_empty() {
            return Err("this app binds no textures".into());
        }
        Self::build(device, None, program, width, height)
    }

    /// Build the pipeline for `program`, whose one texture slot is a volume (`texture_3d`,
    /// R-VOL-6), bound to `volume`: its texels uploaded as RGBA8 (exact for an 8-bit volume)
    /// into a `texture_3d` with the sampler `native_volume_sampler` makes for it.
    // `tests/gpu_native_custom.rs` draws a volume with it; `examples/wgpu_custom.rs` does not.
    #[allow(dead_code)]
    pub fn with_volume(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        program: &NodeProgram,
        (width, height): (u32, u32),
        volume: &Texture3d,
    ) -> Result<CustomApp, Box<dyn std::error::Error>> {
        Self::build(device, Some((queue, volume)), program, width, height)
    }

    fn build(
        device: &wgpu::Device,
        volume: Option<(&wgpu::Queue, &Texture3d)>,
        program: &NodeProgram,
        width: u32,
        height: u32,
    ) -> Result<CustomApp, Box<dyn std::error::Error>> {
        let interface = program.native_interface();
        if interface.textures.len() > usize::from(volume.is_some()) {
            return Err("this app binds at most one volume".into());
        }
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("tsl standalone"),
            source: wgpu::ShaderSource::Wgsl(program.to_wgsl()?.into()),
        });
        let bind_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &native_bind_group_layout_entries(&interface),
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&bind_layout)],
            immediate_size: 0,
        });
        let attributes = native_vertex_attributes(&interface);
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("tsl standalone"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs_main"),
                compilation_options: Default::default(),
                buffers: &[Some(wgpu::VertexBufferLayout {
                    array_stride: interface.vertex_stride,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &attributes,
                })],
            },
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs_main"),
                compilation_options: Default::default(),
                targets: &[Some(FORMAT.into())],
            }),
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            multiview_mask: None,
            cache: None,
        });
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("TslUniforms"),
            size: interface.uniforms.size,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut entries = vec![wgpu::BindGroupEntry {
            binding: 0,
            resource: uniforms.as_entire_binding(),
        }];
        let bound = match (volume, interface.textures.first()) {
            (Some((queue, v)), Some(slot)) => Some((upload_volume(device, queue, v), slot)),
            _ => None,
        };
        if let Some(((view, sampler), slot)) = &bound {
            entries.push(wgpu::BindGroupEntry {
                binding: slot.texture,
                resource: wgpu::BindingResource::TextureView(view),
            });
            entries.push(wgpu::BindGroupEntry {
                binding: slot.sampler,
                resource: wgpu::BindingResource::Sampler(sampler),
            });
        }
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &bind_layout,
            entries: &entries,
        });
        let vertex_data: Vec<u8> = quad().iter().flat_map(|f| f.to_le_bytes()).collect();
        let vertices = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("quad"),
            size: vertex_data.len() as u64,
            usage: wgpu::BufferUsages::VERTEX,
            mapped_at_creation: true,
        });
        vertices
            .slice(..)
            .get_mapped_range_mut()?
            .copy_from_slice(&vertex_data);
        vertices.unmap();
        let target = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("target"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let read_back = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("read back"),
            size: u64::from(padded_row(width) * height),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(CustomApp {
            pipeline,
            bind_group,
            uniforms,
            layout: interface.uniforms,
            vertices,
            target,
            read_back,
            width,
            height,
        })
    }

    /// Write `program`'s uniforms and frame into the block, draw the quad, and read the target
    /// back: RGBA8 (sRGB) rows, the top row first.
    pub fn draw(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        program: &NodeProgram,
        frame: &NativeFrame,
    ) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
        queue.write_buffer(&self.uniforms, 0, &self.layout.write(program, frame)?);
        let view = self.target.create_view(&Default::default());
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: None,
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.bind_group, &[]);
            pass.set_vertex_buffer(0, self.vertices.slice(..));
            pass.draw(0..6, 0..1);
        }
        let row = padded_row(self.width);
        encoder.copy_texture_to_buffer(
            self.target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &self.read_back,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(row),
                    rows_per_image: None,
                },
            },
            wgpu::Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
        );
        queue.submit([encoder.finish()]);
        let slice = self.read_back.slice(..);
        let (tx, rx) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        device.poll(wgpu::PollType::wait_indefinitely())?;
        rx.recv()??;
        let mut pixels = Vec::with_capacity((4 * self.width * self.height) as usize);
        {
            let mapped = slice.get_mapped_range()?;
            for y in 0..self.height {
                let start = (y * row) as usize;
                pixels.extend_from_slice(&mapped[start..start + 4 * self.width as usize]);
            }
        }
        self.read_back.unmap();
        Ok(pixels)
    }
}
