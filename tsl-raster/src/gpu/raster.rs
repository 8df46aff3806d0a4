//! [`GpuRenderer`]: the scene drawn by one compute shader (`raster.wgsl`), with the CPU's vertex
//! work, set-up, order and binning done on the host.

use super::batch::read_back;
use super::device::{Gpu, GpuError, BAND_BYTES};
use super::environment::FrameEnvironments;
use super::layout::*;
use super::light_blocks::LightBlocks;
use super::native::{GpuPath, NativeFrame, NativeRenderer, NativeStatus, PassDraw};
use super::scene_depth::{self, FrameDepth};
use super::textures::{TextureCache, TextureUploads};
use crate::assets::Assets;
use crate::error::{MaterialRefusal, Refusal};
use crate::frame::bin::bin_passes;
use crate::frame::light_mask::Lightings;
use crate::frame::screen_pass::{self, TransmissionTarget};
use crate::frame::shadow::raster::DepthMap;
use crate::frame::shadow::{FrameShadows, LightShadowMap, ShadowKind};
use crate::frame::volume_depth::{self, OpaqueDepth};
use crate::frame::Frame;
use crate::output::{checked_len, Image, LinearImage};
use crate::raster::draw::Draw;
use crate::raster::setup::{centre, SUBPIXEL};
use crate::raster::TILE;
use crate::scene::{Camera, Fog, MaterialKind, Primitive, Scene, ShadowMapType, Side};
use crate::settings::{RenderSettings, Shading};
use crate::shade::sss::THICKNESS_NUMBERS;
use crate::{RenderError, RenderStats};
use bytemuck::Zeroable;
use glam::{Mat3, Mat4, Vec3};
use tsl_core::{NodeProgram, Output, TextureId};

/// The rasterizer's WGSL source: the generated contract (`bytecode.wgsl`, `raster_layout.wgsl`),
/// `raster.wgsl`, then the interpreter's core and tsl-core's
/// [`PRELUDE_WGSL`](tsl_core::native::PRELUDE_WGSL).
pub static RASTER_WGSL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    [
        include_str!("bytecode.wgsl"),
        include_str!("raster_layout.wgsl"),
        include_str!("raster.wgsl"),
        include_str!("shadow.wgsl"),
        include_str!("volume.wgsl"),
        include_str!("transmission.wgsl"),
        include_str!("variants.wgsl"),
        include_str!("interp_core.wgsl"),
        tsl_core::native::PRELUDE_WGSL,
    ]
    .concat()
});

/// The most pixels one dispatch covers by default (2^18): see [`GpuRenderer::set_dispatch_pixels`].
pub const DISPATCH_PIXELS: u32 = 1 << 18;

/// The GPU renderer: draws the same [`Scene`], [`Assets`], [`Camera`] and time as
/// [`Renderer`](crate::Renderer) to the same pixels (see the module docs of [`crate::gpu`] for
/// what it supports).
///
/// Its settings are the CPU renderer's [`RenderSettings`] (`width`, `height`, `time`, `shading`,
/// `output`, clear colour): the host does the frame preparation, vertex work and set-up with the
/// CPU renderer's own code, the GPU rasterizes and shades, and the output transform is the CPU's.
pub struct GpuRenderer<'g> {
    /// Size, time, shading view, output transform and clear colour, as the CPU renderer's.
    pub settings: RenderSettings,
    /// How frames are drawn: render pipelines ([`GpuPath::Hybrid`], the default) or the
    /// compute kernel ([`GpuPath::Kernel`]).
    pub path: GpuPath,
    /// On the render paths, every pipeline writes the kernel's own depth of the fragment
    /// (`frag_depth`), so the depth test compares the kernel's depths, not the hardware's
    /// interpolated ones: the kernel's pixels where surfaces are coplanar too, and the opaque
    /// passes' nearest fragments found first and shaded once (a visibility pass, when no
    /// opaque pass can discard). On by default; off, every pass is drawn in order, the
    /// hardware's early depth test skips hidden fragments, and coplanar surfaces can show the
    /// other one. The kernel ignores it (its depths are always its own).
    pub exact_depth: bool,
    gpu: &'g Gpu,
    buffers: Option<Buffers>,
    /// The render path's buffers, targets and native pipelines.
    native: NativeRenderer,
    /// The textures' levels on the device, kept from frame to frame.
    textures: TextureCache,
    /// The bind group over `buffers` and the texel buffer; made again when one is replaced.
    bind_group: Option<wgpu::BindGroup>,
    /// The most pixels one dispatch covers (rounded down to whole tile rows, at least one).
    dispatch_pixels: u32,
}

impl std::fmt::Debug for GpuRenderer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuRenderer")
            .field("settings", &self.settings)
            .field("path", &self.path)
            .field("exact_depth", &self.exact_depth)
            .field("adapter", &self.gpu.info.name)
            .finish_non_exhaustive()
    }
}

/// The frame's buffers, kept from frame to frame and grown on demand (a new buffer means a new
/// bind group, never a new pipeline). The texel buffer is the [`TextureCache`]'s.
struct Buffers {
    /// Bindings 0 to 5.
    storage: Vec<wgpu::Buffer>,
    /// Binding 6: the pixels, then (when counted) each pixel's count of shaded fragments.
    pixels: wgpu::Buffer,
    readback: wgpu::Buffer,
    /// Binding 8: a band record every `Gpu::band_stride` bytes.
    bands: wgpu::Buffer,
}

/// The frame packed for the shader: one vector per storage binding 0 to 5, and whether a draw
/// samples a texture (then binding 7's textures are brought up to date).
struct Packed {
    words: Vec<u32>,
    frame: Vec<u32>,
    passes: Vec<PassRecord>,
    tris: Vec<TriRecord>,
    verts: Vec<VertRecord>,
    bins: Vec<u32>,
    sampled: bool,
    /// Each pass's triangles and program, for the render path's draws.
    draws: Vec<PassDraw>,
}

/// The rows of the image one dispatch draws: `rows` rows from `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Band {
    first: u32,
    rows: u32,
}

/// The image's rows cut into bands of whole tile rows of at most `pixels` pixels each (one tile
/// row when a tile row alone is more), from the top (R-GPU-10, docs/requirements.md).
fn bands(width: u32, height: u32, pixels: u32) -> Vec<Band> {
    let tile_row = u64::from(width) * u64::from(TILE);
    let tile_rows = (u64::from(pixels) / tile_row.max(1)).max(1);
    let rows = (tile_rows * u64::from(TILE)).min(u64::from(height)).max(1) as u32;
    (0..height)
        .step_by(rows as usize)
        .map(|first| Band {
            first,
            rows: rows.min(height - first),
        })
        .collect()
}

fn mat3(m: Mat3) -> [f32; 9] {
    m.to_cols_array()
}

/// A 64-bit integer as the shader's (lo, hi) pair.
fn split_i64(v: i64) -> [u32; 2] {
    [v as u32, (v >> 32) as u32]
}

impl<'g> GpuRenderer<'g> {
    /// A renderer on `gpu` with these settings.
    pub fn new(gpu: &'g Gpu, settings: RenderSettings) -> GpuRenderer<'g> {
        GpuRenderer {
            settings,
            path: GpuPath::default(),
            exact_depth: true,
            gpu,
            buffers: None,
            native: NativeRenderer::default(),
            textures: TextureCache::default(),
            bind_group: None,
            dispatch_pixels: DISPATCH_PIXELS,
        }
    }

    /// The same renderer drawing on `path`.
    pub fn with_path(mut self, path: GpuPath) -> GpuRenderer<'g> {
        self.path = path;
        self
    }

    /// Block until every native pipeline a frame asked for is built or has failed (the
    /// [`GpuPath::Hybrid`] path builds them on a thread and never waits).
    pub fn wait_for_native(&mut self) {
        self.native.wait();
    }

    /// Where the native pipelines of `program`'s structure stand: `None` until a frame on
    /// [`GpuPath::Hybrid`] or [`GpuPath::Native`] drew it.
    pub fn native_status(&self, program: &NodeProgram) -> Option<NativeStatus> {
        self.native.status(program)
    }

    /// How many render pipelines this renderer had built: native ones and the interpreter's
    /// (which the device keeps for every renderer). New uniforms, a new time or a new view
    /// build none.
    pub fn pipelines_built(&self) -> usize {
        self.native.built()
    }

    /// How many passes of the last frame drew with a native pipeline (0 on
    /// [`GpuPath::Kernel`] and [`GpuPath::Interpreted`]).
    pub fn native_passes(&self) -> usize {
        self.native.native_passes()
    }

    /// The most pixels one compute dispatch covers ([`DISPATCH_PIXELS`] unless set).
    pub fn dispatch_pixels(&self) -> u32 {
        self.dispatch_pixels
    }

    /// Set the most pixels one compute dispatch covers. A frame is drawn in bands of whole
    /// 32-pixel tile rows, one dispatch and one submission each, of at most this many pixels
    /// (one tile row when a tile row alone is more): a driver's watchdog (about 2 s on Windows)
    /// ends a dispatch that runs longer, and a band's time grows with its pixels. The default,
    /// 2^18 pixels, is about 2.5 s of the graph example's pixels on lavapipe (which has no
    /// watchdog) and milliseconds on a discrete GPU; `u32::MAX` draws a frame in one dispatch.
    /// The pixels do not depend on it.
    pub fn set_dispatch_pixels(&mut self, pixels: u32) {
        self.dispatch_pixels = pixels;
    }

    /// What uploading the textures' levels has cost since this renderer was made: each texture
    /// is written to the device once and kept there; it is written again only when the texture
    /// at its id has other levels (another image), not for a change of its wraps, filters or
    /// uv transform.
    pub fn texture_uploads(&self) -> TextureUploads {
        self.textures.uploads()
    }

    /// [`GpuRenderer::render`] with the frame's counts (R-GPU-7, docs/requirements.md), as
    /// [`Renderer::render_counted`](crate::Renderer::render_counted) gives them: `triangles` the
    /// same, `fragments` those the shader shaded, counted per pixel on the device and read back
    /// with the pixels (4 bytes a pixel more). The CPU shades a forward draw's fragments in
    /// batches of 64 and tests their depth before a batch, so where triangles of one forward
    /// draw overlap at a pixel it can shade a fragment the GPU, testing each against the one
    /// before, does not: there the CPU's count is larger; otherwise they are equal. A counted
    /// frame is drawn by the compute kernel whatever the [`GpuPath`] (render pipelines count
    /// nothing).
    pub fn render_counted(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<(Image, RenderStats), RenderError> {
        let (linear, stats) = self.draw(scene, camera, assets, true)?;
        Ok((self.settings.encode(&linear), stats))
    }

    /// Draw the scene and apply the output transform, as
    /// [`Renderer::render`](crate::Renderer::render).
    pub fn render(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<Image, RenderError> {
        let linear = self.render_linear(scene, camera, assets)?;
        Ok(self.settings.encode(&linear))
    }

    /// Draw the scene into linear RGBA before the output transform, as
    /// [`Renderer::render_linear`](crate::Renderer::render_linear).
    pub fn render_linear(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<LinearImage, RenderError> {
        Ok(self.draw(scene, camera, assets, false)?.0)
    }

    /// Draw the opaque scene behind the frame's screen reads, as
    /// [`Renderer::opaque_pass`](crate::Renderer::opaque_pass) (R-SCREEN-1).
    pub fn opaque_pass(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<TransmissionTarget, RenderError> {
        let snapshot = self.scene_depth(scene, camera, assets)?;
        self.opaque_target(scene, camera, assets, &snapshot)
    }

    /// The opaque pass's target, its gated volumes (if any) reading `snapshot`.
    fn opaque_target(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        snapshot: &Option<Vec<f32>>,
    ) -> Result<TransmissionTarget, RenderError> {
        let opaque = screen_pass::opaque_scene(scene, assets);
        let depth = snapshot_depth(snapshot);
        let target =
            TransmissionTarget::new(&self.draw_frame(&opaque, camera, assets, false, depth)?.0);
        match screen_pass::back_face_pass(scene, assets) {
            Some((backs, assets)) => {
                let image =
                    self.render_linear_with_target(&backs, camera, &assets, Some(&target))?;
                Ok(target.with_back_faces(&image))
            }
            None => Ok(target),
        }
    }

    /// The depth of `scene`'s opaque draws (R-VOL-5, gpu/scene_depth.rs): a frame of the scene
    /// without its transparent, VOLUME and transmissive draws, drawn by the compute kernel
    /// whatever [`GpuRenderer::path`], each pixel's window depth after the draws' depth tests,
    /// masks, discards and alpha tests (1 where none drew). With
    /// [`TransmissionTarget::capture_volume_depth`] and [`Camera::to_screen`], what a low-level
    /// [`GpuRenderer::render_linear_with_target`] call passes for a gated VOLUME material.
    pub fn opaque_depth(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<OpaqueDepth, RenderError> {
        let opaque = scene_depth::capture_scene(scene, assets);
        let image = self
            .draw_frame(&opaque, camera, assets, false, FrameDepth::Capture)?
            .0;
        let depths = image.pixels().iter().map(|p| p[0]).collect();
        OpaqueDepth::new(image.width(), image.height(), depths)
    }

    /// The snapshot of the opaque depth a frame of `scene` needs: `None` without a gated
    /// VOLUME material, else the camera-axis distances, made as
    /// [`TransmissionTarget::capture_volume_depth`] makes a low-level caller's.
    fn scene_depth(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<Option<Vec<f32>>, RenderError> {
        if volume_depth::first_gated(scene, assets).is_none() {
            return Ok(None);
        }
        let depth = self.opaque_depth(scene, camera, assets)?;
        let (width, height) = (self.settings.width, self.settings.height);
        let to_screen = camera.to_screen(width, height);
        volume_depth::distances(&depth, (width, height), to_screen, camera.far).map(Some)
    }

    /// [`GpuRenderer::render_linear`] with the opaque scene the screen reads given by the
    /// caller, as [`Renderer::render_linear_with_target`](crate::Renderer::render_linear_with_target):
    /// refused when a program reads the screen in the texture view and `target` is `None` or
    /// of another size. A VOLUME material with its scene-depth gate (R-VOL-5) reads the
    /// target's snapshot ([`TransmissionTarget::capture_volume_depth`]), uploaded with each
    /// draw: refused ([`Refusal::NoVolumeDepth`]) without one.
    pub fn render_linear_with_target(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        target: Option<&TransmissionTarget>,
    ) -> Result<LinearImage, RenderError> {
        let depth = frame_depth(target);
        match target {
            Some(target) => {
                let size = (self.settings.width, self.settings.height);
                let assets = screen_pass::with_target(scene, assets, target, size)?;
                Ok(self.draw_frame(scene, camera, &assets, false, depth)?.0)
            }
            None => Ok(self.draw_frame(scene, camera, assets, false, depth)?.0),
        }
    }

    /// Draw the frame: its linear pixels and its counts (`fragments` 0 unless `counted`). A
    /// frame that reads the screen draws its opaque scene first (R-SCREEN-1).
    fn draw(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        counted: bool,
    ) -> Result<(LinearImage, RenderStats), RenderError> {
        // A gated volume's snapshot first (R-VOL-5), then any opaque pass, which may draw one.
        let snapshot = self.scene_depth(scene, camera, assets)?;
        let depth = snapshot_depth(&snapshot);
        if self.settings.shading == Shading::Texture
            && screen_pass::first_screen_reader(scene, assets).is_some()
        {
            let target = self.opaque_target(scene, camera, assets, &snapshot)?;
            let size = (self.settings.width, self.settings.height);
            let assets = screen_pass::with_target(scene, assets, &target, size)?;
            return self.draw_frame(scene, camera, &assets, counted, depth);
        }
        self.draw_frame(scene, camera, assets, counted, depth)
    }

    /// [`GpuRenderer::draw`] once any opaque pass is drawn: `assets` hold its target; `depth`
    /// what a gated volume reads (or the depth capture, drawn by the kernel).
    fn draw_frame(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        counted: bool,
        depth: FrameDepth,
    ) -> Result<(LinearImage, RenderStats), RenderError> {
        let (width, height) = (self.settings.width, self.settings.height);
        let refused = |e: GpuError| RenderError::Refused(Refusal::Gpu(e.to_string()));
        // The size's own limits (a zero side, 2^28 pixels), the device's, then the host's.
        checked_len(width, height)?;
        self.gpu.check_frame(width, height).map_err(refused)?;
        self.settings.frame_len()?;
        // The frame's largest buffer, refused before any work on the host.
        self.gpu
            .check_size("pixels", pixel_bytes(width, height, counted))
            .map_err(refused)?;
        let mut frame = self.settings.prepare_frame(&assets.programs, camera);
        frame.add_draw_copies(scene, assets)?;
        let limit = self.gpu.binding_limit();
        let packed = pack(&self.settings, &frame, scene, camera, assets, depth)?;
        if packed.sampled {
            // A new texel buffer (or one whose contents are lost) needs a new bind group.
            let replaced = self.textures.prepare(self.gpu, assets, limit);
            if !matches!(replaced, Ok(false)) {
                self.bind_group = None;
            }
            replaced.map_err(refused)?;
        }
        let capture = matches!(depth, FrameDepth::Capture);
        let pixels = if self.path.renders() && !counted && !capture {
            self.draw_native(&packed, &frame).map_err(refused)?
        } else {
            self.dispatch(&packed, counted).map_err(refused)?
        };
        let n = (width as usize) * (height as usize);
        // The counts after the pixels (read back only when counted).
        let fragments = pixels
            .get(n..)
            .unwrap_or_default()
            .iter()
            .flatten()
            .take(if counted { n } else { 0 })
            .map(|&c| c as usize)
            .sum();
        let stats = RenderStats {
            triangles: packed.tris.len(),
            fragments,
        };
        let mut pixels = pixels;
        pixels.truncate(n);
        Ok((LinearImage::from_pixels(width, height, pixels), stats))
    }

    /// The render path: the packed frame (its bins unused) drawn by render pipelines.
    fn draw_native(&mut self, packed: &Packed, frame: &Frame) -> Result<Vec<[f32; 4]>, GpuError> {
        let texels = self.textures.buffer(self.gpu)?.clone();
        let native = NativeFrame {
            words: &packed.words,
            frame: &packed.frame,
            passes: &packed.passes,
            tris: &packed.tris,
            verts: &packed.verts,
            texels: &texels,
            draws: &packed.draws,
            programs: &frame.programs,
            width: self.settings.width,
            height: self.settings.height,
            exact_depth: self.exact_depth,
        };
        self.native
            .draw(self.gpu, &self.gpu.render, self.path, &native)
    }

    fn dispatch(&mut self, packed: &Packed, counted: bool) -> Result<Vec<[f32; 4]>, GpuError> {
        let gpu = self.gpu;
        let (layout, pipeline) = gpu.raster_pipeline()?;
        let (width, height) = (self.settings.width, self.settings.height);
        let data: [&[u8]; 6] = [
            bytemuck::cast_slice(&packed.words),
            bytemuck::cast_slice(&packed.frame),
            bytemuck::cast_slice(&packed.passes),
            bytemuck::cast_slice(&packed.tris),
            bytemuck::cast_slice(&packed.verts),
            bytemuck::cast_slice(&packed.bins),
        ];
        let pixel_bytes = pixel_bytes(width, height, counted);
        const NAMES: [&str; 6] = ["words", "frame", "passes", "tris", "verts", "bins"];
        for (name, d) in NAMES.iter().zip(&data) {
            gpu.check_size(name, d.len() as u64)?;
        }
        gpu.check_size("pixels", pixel_bytes)?;
        let bands = bands(width, height, self.dispatch_pixels);
        let stride = gpu.band_stride();
        let band_bytes = bands.len() as u64 * stride;
        let limit = gpu.binding_limit();
        let stale = match &self.buffers {
            None => true,
            Some(b) => {
                b.pixels.size() < pixel_bytes
                    || b.bands.size() < band_bytes
                    || b.storage
                        .iter()
                        .zip(&data)
                        .any(|(buf, d)| buf.size() < d.len() as u64)
            }
        };
        if stale {
            self.bind_group = None;
        }
        let b = match self.buffers.take() {
            Some(b) if !stale => self.buffers.insert(b),
            old => {
                // Every buffer through the device's checked path: its size against what the
                // device binds, then wgpu's own refusal caught in an error scope.
                let storage = data
                    .iter()
                    .enumerate()
                    .map(|(i, d)| {
                        // Invariant: the old buffers were made from a `data` of the same fixed number of arrays.
                        let old = old.as_ref().map_or(0, |b| b.storage[i].size());
                        let size = (d.len() as u64).max(16).max(old).next_power_of_two();
                        // Room to grow, but never past what the device binds (the data fits).
                        let size = size.min(limit.max(d.len() as u64));
                        gpu.buffer(
                            NAMES[i],
                            size,
                            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                        )
                    })
                    .collect::<Result<Vec<wgpu::Buffer>, GpuError>>()?;
                let pixels = gpu.buffer(
                    "pixels",
                    pixel_bytes,
                    wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                )?;
                let readback = gpu.buffer(
                    "readback",
                    pixel_bytes,
                    wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                )?;
                let bands = gpu.buffer(
                    "bands",
                    band_bytes,
                    wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                )?;
                self.buffers.insert(Buffers {
                    storage,
                    pixels,
                    readback,
                    bands,
                })
            }
        };
        let texels = self.textures.buffer(gpu)?;
        let bind_group = match self.bind_group.take() {
            Some(group) => self.bind_group.insert(group),
            None => self.bind_group.insert(bind_group(gpu, layout, b, texels)?),
        };
        // The band records, then one dispatch and one submission per band, the read-back copied
        // after the last.
        let mut records = vec![0u8; band_bytes as usize];
        for (band, record) in bands.iter().zip(records.chunks_exact_mut(stride as usize)) {
            let words = [band.first, counted as u32, 0, 0];
            record[..BAND_BYTES as usize].copy_from_slice(bytemuck::cast_slice(&words));
        }
        gpu.checked("dispatch", || {
            for (buf, d) in b.storage.iter().zip(&data) {
                if !d.is_empty() {
                    gpu.queue.write_buffer(buf, 0, d);
                }
            }
            gpu.queue.write_buffer(&b.bands, 0, &records);
            for (i, band) in bands.iter().enumerate() {
                let mut encoder = gpu.device.create_command_encoder(&Default::default());
                {
                    let mut pass = encoder.begin_compute_pass(&Default::default());
                    pass.set_pipeline(pipeline);
                    // Invariant: the offset is below the band buffer's size, which `bands` of
                    // the checked length fill, far below 2^32 (at most 2^16 rows a side).
                    let offset = (i as u64 * stride) as u32;
                    pass.set_bind_group(0, &*bind_group, &[offset]);
                    pass.dispatch_workgroups(width.div_ceil(8), band.rows.div_ceil(8), 1);
                }
                if i + 1 == bands.len() {
                    encoder.copy_buffer_to_buffer(&b.pixels, 0, &b.readback, 0, pixel_bytes);
                }
                gpu.queue.submit([encoder.finish()]);
            }
        })?;
        read_back(gpu, &b.readback, pixel_bytes)
    }
}

/// What a frame drawn with `target` carries for a gated volume (R-VOL-5): its snapshot, if it
/// has one.
fn frame_depth(target: Option<&TransmissionTarget>) -> FrameDepth<'_> {
    match target {
        Some(t) => t
            .volume_depth()
            .map_or(FrameDepth::Missing { target: true }, FrameDepth::Snapshot),
        None => FrameDepth::Missing { target: false },
    }
}

/// What a frame drawn by the renderer itself carries: its own snapshot, if it made one.
fn snapshot_depth(snapshot: &Option<Vec<f32>>) -> FrameDepth<'_> {
    snapshot
        .as_deref()
        .map_or(FrameDepth::Missing { target: false }, FrameDepth::Snapshot)
}

/// The bytes of the pixels buffer (and of its read-back): 16 a pixel, then when `counted` a
/// count a pixel, four to a 16-byte element.
fn pixel_bytes(width: u32, height: u32, counted: bool) -> u64 {
    let n = u64::from(width) * u64::from(height);
    n * 16 + if counted { n.div_ceil(4) * 16 } else { 0 }
}

/// The bind group over the frame's buffers and the texel buffer.
fn bind_group(
    gpu: &Gpu,
    layout: &wgpu::BindGroupLayout,
    b: &Buffers,
    texels: &wgpu::Buffer,
) -> Result<wgpu::BindGroup, GpuError> {
    let mut entries: Vec<wgpu::BindGroupEntry> = b
        .storage
        .iter()
        .enumerate()
        .map(|(i, buffer)| wgpu::BindGroupEntry {
            binding: i as u32,
            resource: buffer.as_entire_binding(),
        })
        .collect();
    entries.push(wgpu::BindGroupEntry {
        binding: 6,
        resource: b.pixels.as_entire_binding(),
    });
    entries.push(wgpu::BindGroupEntry {
        binding: 7,
        resource: texels.as_entire_binding(),
    });
    entries.push(wgpu::BindGroupEntry {
        binding: 8,
        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
            buffer: &b.bands,
            offset: 0,
            size: wgpu::BufferSize::new(BAND_BYTES),
        }),
    });
    gpu.checked("bind group", || {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("raster"),
            layout,
            entries: &entries,
        })
    })
}

/// Pack the frame for the shader (the textures are the [`TextureCache`]'s).
fn pack(
    settings: &RenderSettings,
    frame: &Frame,
    scene: &Scene,
    camera: &Camera,
    assets: &Assets,
    depth: FrameDepth,
) -> Result<Packed, RenderError> {
    let (draws, passes) = settings.place_draws(frame, scene, camera, assets)?;
    let shadows = FrameShadows::new(settings, scene, frame.view, &draws, &assets.textures)?;
    let lightings = Lightings::new(&scene.lights, frame.view, assets);
    // The shader keeps the received shadow node's value for at most MAX_RECEIVED_LIGHTS direct
    // lights of a fragment: a lighting with more is refused, not drawn without the node.
    if let Some(d) = draws.iter().find(|d| {
        d.program
            .is_some_and(|p| p.has_output(Output::ReceivedShadow))
            && shadows.receives(d.object)
            && lightings.of(d.material.lights).direct_lights().len() > MAX_RECEIVED_LIGHTS
    }) {
        return Err(Refusal::Material {
            object: d.object,
            refusal: MaterialRefusal::ReceivedShadowLights {
                limit: MAX_RECEIVED_LIGHTS,
            },
        }
        .into());
    }
    let (width, height) = (settings.width, settings.height);
    // A gated volume (R-VOL-5) reads the snapshot: refused without one, not drawn ungated.
    scene_depth::check(&draws, depth, width as usize * height as usize)?;
    let gates = draws.iter().any(|d| d.material.volume_scene_depth);
    let depth = match depth {
        FrameDepth::Snapshot(_) if !gates => FrameDepth::Missing { target: false },
        d => d,
    };

    // The programs, one after the other.
    let mut words = Vec::new();
    let mut bases = Vec::with_capacity(frame.programs.len());
    for p in &frame.programs {
        bases.push(words.len() as u32);
        words.extend_from_slice(p.words());
    }

    // The vertices and triangles of every draw.
    let mut verts = Vec::new();
    let mut tris = Vec::new();
    let mut tri_base = Vec::with_capacity(draws.len());
    for d in &draws {
        let vbase = verts.len() as u32;
        tri_base.push(tris.len() as u32);
        verts.extend(d.verts.iter().enumerate().map(|(i, v)| VertRecord {
            world: v.world.to_array(),
            view: v.view.to_array(),
            normal_view: v.normal_view.to_array(),
            uv: v.uv.to_array(),
            color: v.color.truncate().to_array(),
            local: v.local.to_array(),
            normal_local: v.normal_local.to_array(),
            custom: d.custom.get(i).copied().unwrap_or_default(),
            point_coord: d.point_coord.get(i).map_or([0.0; 2], |p| p.to_array()),
            alpha: v.color.w,
            tangent: v.tangent.to_array(),
            bitangent: v.bitangent.to_array(),
        }));
        let indices = d.indices();
        for (t, planes) in d.tris.iter().zip(&d.planes) {
            let e0 = t.edges(centre(t.bbox[0] as i64), centre(t.bbox[1] as i64));
            let fits = |v: i64| i32::try_from(v).unwrap_or(0);
            tris.push(TriRecord {
                e0: e0.map(split_i64),
                sa: t.a.map(|a| split_i64(a * SUBPIXEL)),
                sb: t.b.map(|b| split_i64(b * SUBPIXEL)),
                bias: t.bias.map(|b| b as u32),
                bbox: t.bbox,
                inv_area: t.inv_area as f32,
                _reserved_inv_w: [0; 3],
                z: t.z,
                weights: t.weights.map(|w| w.to_array()),
                // Invariant: `t.orig` names a triangle of the draw's geometry, whose indices Geometry::check bounds by its vertex count (the draw's `verts`).
                corners: indices[t.orig as usize].map(|i| i + vbase),
                front: t.front as u32,
                planes: planes.planes,
                origin: planes.origin.map(|o| o as i32),
                sa32: t.a.map(|a| fits(a * SUBPIXEL)),
                sb32: t.b.map(|b| fits(b * SUBPIXEL)),
                _reserved: [0; 7],
            });
        }
    }

    // The passes.
    let pass_draws = passes
        .iter()
        .map(|pass| {
            // Invariant: place_draws makes each pass for one of the draws it returns.
            let d = &draws[pass.draw as usize];
            PassDraw {
                first: tri_base[pass.draw as usize],
                count: d.tris.len() as u32,
                program: d.program_index,
            }
        })
        .collect();
    // The light blocks, one per light mask, from LIGHTS_AT (each pass reads its mask's).
    let blocks = LightBlocks::new(lightings);
    // The environments the passes and the background read, each once (R-ENV-6).
    let mut envs = FrameEnvironments::default();
    let aspect = width as f32 / height.max(1) as f32;
    envs.set_background(scene, camera, aspect);
    let pass_records: Vec<PassRecord> = passes
        .iter()
        .map(|pass| {
            // Invariant: place_draws makes each pass for one of the draws it returns.
            let d = &draws[pass.draw as usize];
            let m = d.material;
            let scattering = m.scattering.filter(|_| m.kind == MaterialKind::Phong);
            // MeshSSSNodeMaterial: a PHYSICAL material whose program sets the thickness colour.
            let sss = m.kind == MaterialKind::Physical
                && d.program
                    .is_some_and(|p| p.has_output(Output::ThicknessColor));
            let program = d.program;
            let has = |o: Output| d.runs(o);
            let width = |o: Output| program.map_or(0, |p| p.output_width(o));
            let mut flags = 0;
            for (on, bit) in [
                (d.forward, FL_FORWARD),
                (m.transparent, FL_TRANSPARENT),
                (m.depth_test, FL_DEPTH_TEST),
                (m.depth_write, FL_DEPTH_WRITE),
                (m.vertex_colors, FL_VERTEX_COLORS),
                (m.flat_shading, FL_FLAT),
                (m.fog, FL_FOG),
                (d.has_normals, FL_HAS_NORMALS),
                (d.has_tangents, FL_TANGENTS),
                (d.needs.neighbours, FL_NEIGHBOURS),
                (d.needs.quad_derivatives, FL_QUAD),
                (d.needs.surface_derivatives, FL_SURFACE),
                (d.needs.normal_derivatives, FL_NORMAL_DERIV),
                (has(Output::Depth), FL_DEPTH_NODE),
                (width(Output::Color) == 4, FL_COLOR_ALPHA),
                (width(Output::Output) == 4, FL_OUTPUT_ALPHA),
                (shadows.receives(d.object), FL_RECEIVE_SHADOW),
                (m.uses_physical_extensions() || sss, FL_PHYSICAL_EXT),
                (scattering.is_some(), FL_SCATTERING),
                (sss, FL_SSS),
                (m.is_transmissive(), FL_TRANSMISSION),
                (m.volume_scene_depth, FL_VOLUME_DEPTH),
            ] {
                if on {
                    flags |= bit;
                }
            }
            let range = |o: Output| match program {
                Some(p) if d.runs(o) => p.output_range(o),
                _ => (0, 0),
            };
            let ranges = STAGES.map(range);
            let lit = matches!(m.kind, MaterialKind::Standard | MaterialKind::Physical);
            // A VOLUME pass's ray runs these two outputs (R-VOL-2); other kinds ignore them.
            let volume_range = |o: Output| match range(o) {
                (start, count) if m.kind == MaterialKind::Volume => (start as u32, count as u32),
                _ => (0, 0),
            };
            // Only MeshSSSNodeMaterial runs the thickness outputs (STANDARD ignores them).
            let thickness_ranges = THICKNESS_STAGES.map(|o| if sss { range(o) } else { (0, 0) });
            // The backdrop alpha runs only with a backdrop, as three.js mixes (R-SCREEN-2).
            let backdrop_ranges = match range(Output::Backdrop) {
                (_, 0) => [(0, 0); 2],
                _ => BACKDROP_STAGES.map(range),
            };
            // ALPHA_TEST_NODE on every kind; ROUGHNESS_NODE and METALNESS_NODE on STANDARD and
            // PHYSICAL, which alone have those numbers (R-OUT-17, R-OUT-18).
            let variant_ranges = VARIANT_STAGES.map(|o| match o {
                Output::AlphaTest => range(o),
                _ if lit => range(o),
                _ => (0, 0),
            });
            // The received shadow node runs where the shadows fall (R-SHADOW-5).
            let received = if shadows.receives(d.object) {
                range(Output::ReceivedShadow)
            } else {
                (0, 0)
            };
            let map_id = |map: Option<TextureId>| map.map_or(NONE, |id| id.0);
            // The material's own environment, else the scene's (`materialEnvIntensity`).
            let env = match (&m.env_map, &scene.environment) {
                (Some(e), _) => Some((e, m.env_map_intensity)),
                (None, Some(e)) => Some((e, scene.environment_intensity)),
                _ => None,
            }
            .filter(|_| lit);
            PassRecord {
                flags,
                faces: match pass.faces {
                    None => FACES_BOTH,
                    Some(false) => FACES_BACK,
                    Some(true) => FACES_FRONT,
                },
                kind: match m.kind {
                    MaterialKind::Basic => KIND_BASIC,
                    MaterialKind::Lambert => KIND_LAMBERT,
                    MaterialKind::Phong => KIND_PHONG,
                    MaterialKind::Standard => KIND_STANDARD,
                    MaterialKind::Physical => KIND_PHYSICAL,
                    MaterialKind::Normals => KIND_NORMALS,
                    MaterialKind::Depth => KIND_DEPTH,
                    MaterialKind::Volume => KIND_VOLUME,
                },
                side: match m.side {
                    Side::Front => SIDE_FRONT,
                    Side::Back => SIDE_BACK,
                    Side::Double => SIDE_DOUBLE,
                },
                // Invariant: check_material refused a material whose program is not in frame.programs (MissingAsset); `bases` has one entry per program.
                base: d.program_index.map_or(0, |i| bases[i]),
                start: ranges.map(|r| r.0 as u32),
                count: ranges.map(|r| r.1 as u32),
                color: m.color.to_vec3().to_array(),
                opacity: m.opacity,
                alpha_test: m.alpha_test,
                emissive: (m.emissive.to_vec3() * m.emissive_intensity).to_array(),
                specular: m.specular.to_vec3().to_array(),
                shininess: m.shininess,
                roughness: m.roughness,
                metalness: m.metalness,
                clearcoat: m.clearcoat,
                cc_roughness: m.clearcoat_roughness,
                uv_matrix: mat3(d.uv_matrix.unwrap_or(Mat3::IDENTITY)),
                map: map_id(m.map),
                normal_map: map_id(m.normal_map),
                emissive_map: map_id(m.emissive_map),
                ao_map: map_id(m.ao_map),
                normal_scale: m.normal_scale.to_array(),
                ao_intensity: m.ao_map_intensity,
                specular_color: m.specular_color.to_vec3().to_array(),
                ior: m.ior,
                specular_intensity: m.specular_intensity,
                sheen: (m.sheen_color.to_vec3() * m.sheen).to_array(),
                sheen_roughness: if m.sheen > 0.0 {
                    m.sheen_roughness
                } else {
                    -1.0
                },
                iridescence: m.iridescence.max(0.0),
                iridescence_ior: m.iridescence_ior,
                iridescence_thickness: m.iridescence_thickness_range,
                anisotropy: if m.anisotropy > 0.0 {
                    [
                        m.anisotropy * m.anisotropy_rotation.cos(),
                        m.anisotropy * m.anisotropy_rotation.sin(),
                    ]
                } else {
                    [0.0; 2]
                },
                ext_maps: [
                    m.specular_intensity_map,
                    m.specular_color_map,
                    m.sheen_color_map,
                    m.sheen_roughness_map,
                    m.iridescence_thickness_map,
                    m.anisotropy_map,
                    m.clearcoat_map,
                    m.clearcoat_roughness_map,
                    scattering.and_then(|s| s.map),
                ]
                .map(map_id),
                thickness_color: scattering.map_or([0.0; 3], |s| s.color.to_vec3().to_array()),
                thickness: match scattering {
                    Some(s) => [s.distortion, s.ambient, s.attenuation, s.power, s.scale],
                    // The values of the numbers a graph does not set: three's defaults.
                    None => THICKNESS_NUMBERS.map(|(_, default)| default),
                },
                thickness_start: thickness_ranges.map(|r| r.0 as u32),
                thickness_count: thickness_ranges.map(|r| r.1 as u32),
                cc_normal_map: map_id(m.clearcoat_normal_map),
                cc_normal_scale: m.clearcoat_normal_scale.to_array(),
                volume_steps: m.volume_steps,
                model_radius: d.model_radius,
                offset_start: volume_range(Output::Offset).0,
                offset_count: volume_range(Output::Offset).1,
                scattering_start: volume_range(Output::Scattering).0,
                scattering_count: volume_range(Output::Scattering).1,
                volume_shadows: crate::shade::volume_shadow_times(&shadows, d.object),
                transmission: if m.is_transmissive() {
                    m.transmission
                } else {
                    0.0
                },
                volume_thickness: m.thickness,
                attenuation_distance: m.attenuation_distance,
                attenuation_color: m.attenuation_color.to_vec3().to_array(),
                model_scale: d.model_scale.to_array(),
                transmission_maps: [m.transmission_map, m.thickness_map].map(map_id),
                variant_start: variant_ranges.map(|r| r.0 as u32),
                variant_count: variant_ranges.map(|r| r.1 as u32),
                roughness_map: map_id(m.roughness_map.filter(|_| lit)),
                metalness_map: map_id(m.metalness_map.filter(|_| lit)),
                _reserved_volume: 0,
                dispersion: m.dispersion,
                alpha_map: map_id(m.alpha_map),
                bump_map: map_id(m.bump_map.filter(|_| m.normal_map.is_none())),
                bump_scale: m.bump_scale,
                primitive: match d.primitive {
                    Primitive::Triangles => PRIMITIVE_TRIANGLES,
                    Primitive::Points => PRIMITIVE_POINTS,
                    Primitive::Line | Primitive::LineSegments | Primitive::LineLoop => {
                        PRIMITIVE_LINES
                    }
                },
                lights: blocks.start(m.lights),
                env: env.map_or(NONE, |(e, _)| envs.index(e)),
                env_intensity: env.map_or(0.0, |(_, k)| k),
                received_start: received.0 as u32,
                received_count: received.1 as u32,
                backdrop_start: backdrop_ranges.map(|r| r.0 as u32),
                backdrop_count: backdrop_ranges.map(|r| r.1 as u32),
                instance_color: d.instance_color.unwrap_or(Vec3::ONE).to_array(),
            }
        })
        .collect();

    // The bins: each tile's (pass, triangle) entries in the CPU's order, with the edge functions
    // at the tile's first pixel where 32 bits hold them over the whole tile.
    let tiles_x = width.div_ceil(TILE) as usize;
    let bins: Vec<Vec<BinEntry>> = bin_passes(&draws, &passes, (width, height))
        .iter()
        .enumerate()
        .map(|(tile, entries)| {
            let (tx, ty) = ((tile % tiles_x) as u32, (tile / tiles_x) as u32);
            entries
                .iter()
                .map(|&(p, t)| {
                    // Invariant: bin_passes makes entries of these passes and their draws' triangles; `tri_base` has one entry per draw. The edge values are below 2^54 (the setup's guard band, a frame of at most 2^28 pixels), so `abs` and the sum cannot overflow.
                    let pass = &passes[p as usize];
                    let tri = &draws[pass.draw as usize].tris[t as usize];
                    let global = tri_base[pass.draw as usize] + t;
                    let e = tri.edges(centre((tx * TILE) as i64), centre((ty * TILE) as i64));
                    let step = TILE as i64 - 1;
                    let fast = (0..3).all(|i| {
                        let bound = e[i].abs()
                            + step * (tri.a[i] * SUBPIXEL).abs()
                            + step * (tri.b[i] * SUBPIXEL).abs()
                            + 1;
                        bound < i32::MAX as i64
                    });
                    let word = |v: i64| if fast { v as i32 as u32 } else { 0 };
                    BinEntry {
                        pass: p,
                        tri: global,
                        fast: fast as u32,
                        edges: e.map(word),
                    }
                })
                .collect()
        })
        .collect();
    let mut bin_words = Vec::with_capacity(bins.len() + 1);
    let mut at = 0u32;
    for bin in &bins {
        bin_words.push(at);
        at += bin.len() as u32;
    }
    bin_words.push(at);
    let entries_at = bin_words.len() as u32;
    for bin in &bins {
        bin_words.extend_from_slice(bytemuck::cast_slice(bin));
    }

    Ok(Packed {
        words,
        frame: {
            let mut w = frame_words(
                settings,
                frame.view,
                scene,
                camera,
                tiles_x as u32,
                entries_at,
                [assets.screen, assets.screen_back.or(assets.screen)]
                    .map(|s| s.map_or(NONE, |id| id.0)),
            );
            append_lights(&mut w, &blocks, &shadows);
            let mut w = envs.append_to_frame(w);
            super::volume::append_volumes(&mut w, frame, assets);
            scene_depth::append_scene_depth(&mut w, depth);
            w
        },
        passes: pass_records,
        tris,
        verts,
        bins: bin_words,
        sampled: samples_a_texture(settings, &draws),
        draws: pass_draws,
    })
}

/// Whether a draw of the frame samples a texture (a map, or a program's texture slot) in the
/// shading view that reads textures.
fn samples_a_texture(settings: &RenderSettings, draws: &[Draw]) -> bool {
    settings.shading == Shading::Texture
        && draws.iter().any(|d| {
            d.material.maps().next().is_some()
                || d.material.is_transmissive()
                || d.program.is_some_and(|p| !p.texture_slots().is_empty())
        })
}

/// The frame's record: its constants and the DFG table.
fn frame_words(
    settings: &RenderSettings,
    view: Mat4,
    scene: &Scene,
    camera: &Camera,
    tiles_x: u32,
    entries_at: u32,
    [screen, screen_back]: [u32; 2],
) -> Vec<u32> {
    let mut r = FrameRecord::zeroed();
    // The frame's transmission targets and the projection their readers use (R-SCREEN-3).
    r.screen = screen;
    r.screen_back = screen_back;
    let aspect = settings.width as f32 / settings.height.max(1) as f32;
    r.projection = camera.projection_matrix(aspect).to_cols_array();
    r.width = settings.width;
    r.height = settings.height;
    r.tiles_x = tiles_x;
    r.shading = match settings.shading {
        Shading::Texture => SHADING_TEXTURE,
        Shading::Lit => SHADING_LIT,
        Shading::Uv => SHADING_UV,
    };
    r.ortho = camera.is_orthographic() as u32;
    let (clear, clear_alpha) = match scene.background {
        Some(c) => (c, 1.0),
        None => (settings.clear_color, settings.clear_alpha),
    };
    r.clear = [clear.r, clear.g, clear.b, clear_alpha];
    r.fog = FOG_NONE;
    if let Some(fog) = scene.fog {
        let c = fog.color();
        r.fog_color = [c.r, c.g, c.b];
        match fog {
            Fog::Linear { near, far, .. } => {
                r.fog = FOG_LINEAR;
                r.fog_a = near;
                r.fog_b = far;
            }
            Fog::Exp2 { density, .. } => {
                r.fog = FOG_EXP2;
                r.fog_a = density;
            }
        }
    }
    let view3 = Mat3::from_mat4(view);
    r.view_to_world = mat3(view3.inverse());
    r.world_to_view = mat3(view3);
    r.view_offset = view.w_axis.truncate().to_array();
    // As the CPU's FrameContext computes it.
    r.camera_position = view.inverse().w_axis.truncate().to_array();
    for (i, entry) in r.dfg.iter_mut().enumerate() {
        let (x, y) = (i % 16, i / 16);
        let v = crate::shade::brdf::dfg((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0);
        *entry = [v.x, v.y];
    }
    r.entries_at = entries_at;
    bytemuck::cast_slice(&[r]).to_vec()
}

/// Append the light blocks and the LTC tables (`LightBlocks`), then the shadow records and maps,
/// to the frame's record `w`, and write where they start into it.
fn append_lights(w: &mut Vec<u32>, blocks: &LightBlocks, shadows: &FrameShadows) {
    let ltc_at = blocks.append_to(w);
    w[std::mem::offset_of!(FrameRecord, ltc_at) / 4] = ltc_at;
    // The shadow records and maps after the blocks and tables; then each block's lights name
    // their shadow's record.
    let (shadow_words, records) = shadow_words(shadows, w.len());
    w[std::mem::offset_of!(FrameRecord, shadows_at) / 4] = w.len() as u32;
    w.extend_from_slice(&shadow_words);
    blocks.point_at_shadows(w, &records);
}

/// The shadow-casting lights' records, then their depths and VSM's moments, for a frame buffer
/// where they start at word `at`; and each shadow slot's record index (`NONE` for a light that
/// casts none), by the slot of `FrameShadows::light`.
fn shadow_words(shadows: &FrameShadows, at: usize) -> (Vec<u32>, Vec<u32>) {
    let maps: Vec<(usize, &LightShadowMap)> = (0..shadows.lights.len())
        .filter_map(|i| Some((i, shadows.light(i)?)))
        .collect();
    let records_end = at + ShadowRecord::words() * maps.len();
    let mut record_words = vec![NONE; shadows.lights.len()];
    let mut records = Vec::with_capacity(maps.len());
    let mut texels: Vec<u32> = Vec::new();
    for (k, &(slot, map)) in maps.iter().enumerate() {
        record_words[slot] = k as u32;
        let mut r = ShadowRecord::zeroed();
        r.filter = match shadows.filter {
            ShadowMapType::Basic => SHADOW_BASIC,
            ShadowMapType::Pcf => SHADOW_PCF,
            ShadowMapType::Vsm => SHADOW_VSM,
        };
        r.bias = map.bias;
        r.normal_bias = map.normal_bias;
        r.radius = map.radius;
        r.intensity = map.intensity;
        r.map = (records_end + texels.len()) as u32;
        r.moments = NONE;
        r.colors = NONE;
        // A transmitted map's colours, after its depths (R-SHADOW-8).
        let colors = |r: &mut ShadowRecord, texels: &mut Vec<u32>, maps: &[&DepthMap]| {
            if maps.iter().all(|m| m.color.is_some()) && !maps.is_empty() {
                r.colors = (records_end + texels.len()) as u32;
                for m in maps {
                    let c = m.color.iter().flatten().flatten();
                    texels.extend(c.map(|v| v.to_bits()));
                }
            }
        };
        let depths = |texels: &mut Vec<u32>, d: &DepthMap| {
            texels.extend(d.depth.iter().map(|v| v.to_bits()));
        };
        match &map.kind {
            ShadowKind::Flat(flat) => {
                r.kind = SHADOW_FLAT;
                r.width = flat.map.width;
                r.height = flat.map.height;
                r.matrix = flat.matrix.to_cols_array();
                depths(&mut texels, &flat.map);
                if let Some(moments) = &flat.moments {
                    r.moments = (records_end + texels.len()) as u32;
                    texels.extend(moments.texels.iter().flatten().map(|v| v.to_bits()));
                }
                colors(&mut r, &mut texels, &[&flat.map]);
            }
            ShadowKind::Cube(cube) => {
                r.kind = SHADOW_CUBE;
                r.width = cube.faces.first().map_or(0, |f| f.width);
                r.height = r.width;
                r.near = cube.near;
                r.far = cube.far;
                r.matrix = cube.matrix.to_cols_array();
                r.axes = cube.axes.map(mat3);
                for face in &cube.faces {
                    depths(&mut texels, face);
                }
                let faces: Vec<&DepthMap> = cube.faces.iter().collect();
                colors(&mut r, &mut texels, &faces);
            }
        }
        records.push(r);
    }
    let mut w: Vec<u32> = bytemuck::cast_slice(&records).to_vec();
    w.extend_from_slice(&texels);
    (w, record_words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_triangle_takes_the_64_bit_path_and_a_small_one_the_32_bit_one() {
        // A wide floor running to the horizon (its corners far off screen) and a small sphere:
        // the parity tests' floors, which must exercise both edge paths of the shader.
        use crate::{Object, PlaneGeometry, SphereGeometry};
        use glam::Vec3;
        use tsl_core::Color;
        let mut assets = Assets::new();
        let floor = assets
            .geometries
            .add(PlaneGeometry::new(200.0, 200.0).build());
        let ball = assets
            .geometries
            .add(SphereGeometry::new(0.5, 8, 6).build());
        let paint = assets.materials.add(crate::Material::basic(Color::WHITE));
        let mut scene = Scene::new();
        scene.add(Object::mesh(floor, paint).rotated(-1.5, 0.0, 0.0));
        scene.add(Object::mesh(ball, paint).at(Vec3::new(0.0, 0.5, 0.0)));
        let camera = Camera::perspective(50.0, 0.1, 500.0)
            .at(Vec3::new(0.0, 1.0, 4.0))
            .looking_at(Vec3::new(0.0, 0.0, -2.0));
        let settings = RenderSettings::new(64, 64);
        let mut frame = settings.prepare_frame(&assets.programs, &camera);
        frame.add_draw_copies(&scene, &assets).unwrap();
        let packed = pack(
            &settings,
            &frame,
            &scene,
            &camera,
            &assets,
            FrameDepth::Missing { target: false },
        )
        .unwrap();
        let record: FrameRecord = bytemuck::pod_read_unaligned(bytemuck::cast_slice(
            &packed.frame[..FrameRecord::words()],
        ));
        let words = &packed.bins[record.entries_at as usize..];
        assert_eq!(words.len() % BinEntry::words(), 0);
        let entries: &[BinEntry] = bytemuck::cast_slice(words);
        let fast = entries.iter().filter(|e| e.fast != 0).count();
        let slow = entries.iter().filter(|e| e.fast == 0).count();
        assert!(
            fast > 0 && slow > 0,
            "{fast} 32-bit entries, {slow} 64-bit entries"
        );
    }

    #[test]
    fn bands_are_whole_tile_rows_within_the_pixel_bound_and_cover_the_image_once() {
        // 1280 wide: a tile row is 40,960 pixels, so 2^18 pixels hold 6 tile rows (192 rows):
        // 720 rows are 192 + 192 + 192 + 144.
        let rows = |b: Vec<Band>| b.iter().map(|b| (b.first, b.rows)).collect::<Vec<_>>();
        assert_eq!(
            rows(bands(1280, 720, 1 << 18)),
            [(0, 192), (192, 192), (384, 192), (576, 144)]
        );
        // A tile row over the bound is a band of its own; a bound over the image, one band.
        assert_eq!(
            rows(bands(16384, 70, 1 << 18)),
            [(0, 32), (32, 32), (64, 6)]
        );
        assert_eq!(rows(bands(1280, 720, u32::MAX)), [(0, 720)]);
        assert_eq!(rows(bands(7, 1, 0)), [(0, 1)]);
    }

    #[test]
    fn the_shader_and_the_host_agree_on_the_layout() {
        // The generated constants are the records' own strides and offsets (and contract.rs
        // checks the file against the tables); here, the strides as the host writes them.
        for (name, value) in [
            ("PASS_STRIDE", std::mem::size_of::<PassRecord>() / 4),
            ("TRI_STRIDE", std::mem::size_of::<TriRecord>() / 4),
            ("VERT_STRIDE", std::mem::size_of::<VertRecord>() / 4),
            ("F_DFG", std::mem::offset_of!(FrameRecord, dfg) / 4),
            ("LIGHTS_AT", std::mem::size_of::<FrameRecord>() / 4),
            ("TEX_STRIDE", std::mem::size_of::<TexHeader>() / 4),
            ("ENTRY", std::mem::size_of::<BinEntry>() / 4),
            ("TILE", TILE as usize),
        ] {
            let line = format!("const {name}: u32 = {value}u;");
            assert!(RASTER_WGSL.contains(&line), "{line}");
        }
        for &(name, value) in PASS_FLAGS {
            let line = format!("const {name}: u32 = {value}u;");
            assert!(RASTER_WGSL.contains(&line), "{line}");
        }
    }
}
