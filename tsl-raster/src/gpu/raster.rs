//! [`GpuRenderer`]: the scene drawn by one compute shader (`raster.wgsl`), with the CPU's vertex
//! work, set-up, order and binning done on the host.

use super::batch::read_back;
use super::device::{Gpu, GpuError};
use crate::assets::Assets;
use crate::error::Refusal;
use crate::frame::bin::bin_passes;
use crate::frame::lights::{FrameLights, LightKind};
use crate::frame::Frame;
use crate::output::{Image, LinearImage};
use crate::raster::draw::Draw;
use crate::raster::setup::{centre, SUBPIXEL};
use crate::raster::TILE;
use crate::scene::{Camera, Fog, MaterialKind, Scene, Side};
use crate::settings::{RenderSettings, Shading};
use crate::store::StoreId;
use crate::texture::{Filter, Wrap};
use crate::RenderError;
use glam::{Mat3, Mat4, Vec3};
use tsl_core::Output;

/// The rasterizer's WGSL source: `raster.wgsl`, then the interpreter's core.
pub const RASTER_WGSL: &str = concat!(
    include_str!("raster.wgsl"),
    include_str!("interp_core.wgsl")
);

// Layout constants shared with raster.wgsl (the tests check that they agree).
const PASS_STRIDE: usize = 64;
const TEX_STRIDE: usize = 80;
const TRI_STRIDE: usize = 72;
const ENTRY: usize = 6;
const VERT_STRIDE: usize = 16;
const DFG_AT: usize = 64;
const LIGHTS_AT: usize = 576;

const FL_FORWARD: u32 = 1;
const FL_TRANSPARENT: u32 = 2;
const FL_DEPTH_TEST: u32 = 4;
const FL_DEPTH_WRITE: u32 = 8;
const FL_VERTEX_COLORS: u32 = 16;
const FL_FLAT: u32 = 32;
const FL_FOG: u32 = 64;
const FL_HAS_NORMALS: u32 = 128;
const FL_PROGRAM: u32 = 256;
const FL_NEIGHBOURS: u32 = 512;
const FL_QUAD: u32 = 1024;
const FL_SURFACE: u32 = 2048;
const FL_NORMAL_DERIV: u32 = 4096;
const FL_DEPTH_NODE: u32 = 8192;

/// The program's outputs in the order the shader runs them (spec/000's order).
const STAGES: [Output; 8] = [
    Output::Depth,
    Output::Normal,
    Output::Mask,
    Output::Color,
    Output::Opacity,
    Output::Emissive,
    Output::Ao,
    Output::Output,
];

/// The largest image side: the shader multiplies 64-bit edge steps by pixel offsets below 2^16.
const MAX_SIDE: u32 = 16384;

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
    gpu: &'g Gpu,
    buffers: Option<Buffers>,
}

impl std::fmt::Debug for GpuRenderer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuRenderer")
            .field("settings", &self.settings)
            .field("adapter", &self.gpu.info.name)
            .finish_non_exhaustive()
    }
}

/// The frame's buffers, kept from frame to frame and grown on demand (a new buffer means a new
/// bind group, never a new pipeline).
struct Buffers {
    storage: Vec<wgpu::Buffer>,
    pixels: wgpu::Buffer,
    readback: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
}

/// The frame packed for the shader: one vector per storage binding 0 to 5 and 7.
struct Packed {
    words: Vec<u32>,
    frame: Vec<u32>,
    passes: Vec<u32>,
    tris: Vec<u32>,
    verts: Vec<f32>,
    bins: Vec<u32>,
    texels: Vec<u32>,
}

fn f(v: f32) -> u32 {
    v.to_bits()
}

fn push3(out: &mut Vec<u32>, v: Vec3) {
    out.extend([f(v.x), f(v.y), f(v.z)]);
}

fn push_mat3(out: &mut Vec<u32>, m: Mat3) {
    push3(out, m.x_axis);
    push3(out, m.y_axis);
    push3(out, m.z_axis);
}

fn push_i64(out: &mut Vec<u32>, v: i64) {
    out.push(v as u32);
    out.push((v >> 32) as u32);
}

impl<'g> GpuRenderer<'g> {
    /// A renderer on `gpu` with these settings.
    pub fn new(gpu: &'g Gpu, settings: RenderSettings) -> GpuRenderer<'g> {
        GpuRenderer {
            settings,
            gpu,
            buffers: None,
        }
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
        let (width, height) = (self.settings.width, self.settings.height);
        Image::new(width, height)?;
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(Refusal::GpuImageTooLarge { max_side: MAX_SIDE }.into());
        }
        let frame = self.settings.prepare_frame(&assets.programs, camera);
        let packed = pack(&self.settings, &frame, scene, camera, assets)?;
        let pixels = self
            .dispatch(&packed)
            .map_err(|e| RenderError::Refused(Refusal::Gpu(e.to_string())))?;
        Ok(LinearImage::from_pixels(width, height, pixels))
    }

    fn dispatch(&mut self, packed: &Packed) -> Result<Vec<[f32; 4]>, GpuError> {
        let gpu = self.gpu;
        let (layout, pipeline) = gpu.raster_pipeline();
        let pixel_count = (self.settings.width * self.settings.height) as u64;
        let data: [&[u8]; 7] = [
            bytemuck::cast_slice(&packed.words),
            bytemuck::cast_slice(&packed.frame),
            bytemuck::cast_slice(&packed.passes),
            bytemuck::cast_slice(&packed.tris),
            bytemuck::cast_slice(&packed.verts),
            bytemuck::cast_slice(&packed.bins),
            bytemuck::cast_slice(&packed.texels),
        ];
        let pixel_bytes = pixel_count * 16;
        let stale = match &self.buffers {
            None => true,
            Some(b) => {
                b.pixels.size() < pixel_bytes
                    || b.storage
                        .iter()
                        .zip(&data)
                        .any(|(buf, d)| buf.size() < d.len() as u64)
            }
        };
        if stale {
            let storage: Vec<wgpu::Buffer> = data
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let old = self.buffers.as_ref().map_or(0, |b| b.storage[i].size());
                    let size = (d.len() as u64).max(16).max(old).next_power_of_two();
                    gpu.device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("raster input"),
                        size,
                        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    })
                })
                .collect();
            let pixels = gpu.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("raster pixels"),
                size: pixel_bytes,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("raster readback"),
                size: pixel_bytes,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let order = [0usize, 1, 2, 3, 4, 5];
            let mut entries: Vec<wgpu::BindGroupEntry> = order
                .iter()
                .map(|&i| wgpu::BindGroupEntry {
                    binding: i as u32,
                    resource: storage[i].as_entire_binding(),
                })
                .collect();
            entries.push(wgpu::BindGroupEntry {
                binding: 6,
                resource: pixels.as_entire_binding(),
            });
            entries.push(wgpu::BindGroupEntry {
                binding: 7,
                resource: storage[6].as_entire_binding(),
            });
            let bind_group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("raster"),
                layout,
                entries: &entries,
            });
            self.buffers = Some(Buffers {
                storage,
                pixels,
                readback,
                bind_group,
            });
        }
        let Some(b) = &self.buffers else {
            return Err(GpuError("no buffers".into()));
        };
        for (buf, d) in b.storage.iter().zip(&data) {
            if !d.is_empty() {
                gpu.queue.write_buffer(buf, 0, d);
            }
        }
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, &b.bind_group, &[]);
            pass.dispatch_workgroups(
                self.settings.width.div_ceil(8),
                self.settings.height.div_ceil(8),
                1,
            );
        }
        encoder.copy_buffer_to_buffer(&b.pixels, 0, &b.readback, 0, pixel_bytes);
        gpu.queue.submit([encoder.finish()]);
        read_back(gpu, &b.readback, pixel_bytes)
    }
}

/// Pack the frame for the shader.
fn pack(
    settings: &RenderSettings,
    frame: &Frame,
    scene: &Scene,
    camera: &Camera,
    assets: &Assets,
) -> Result<Packed, RenderError> {
    let (draws, passes) = settings.place_draws(frame, scene, camera, assets)?;
    let (width, height) = (settings.width, settings.height);

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
        let vbase = (verts.len() / VERT_STRIDE) as u32;
        tri_base.push((tris.len() / TRI_STRIDE) as u32);
        for v in &d.verts {
            verts.extend([
                v.world.x,
                v.world.y,
                v.world.z,
                v.view.x,
                v.view.y,
                v.view.z,
                v.normal_view.x,
                v.normal_view.y,
                v.normal_view.z,
                v.uv.x,
                v.uv.y,
                v.color.x,
                v.color.y,
                v.color.z,
                0.0,
                0.0,
            ]);
        }
        let indices = d.geometry.indices();
        for (t, planes) in d.tris.iter().zip(&d.planes) {
            let start = tris.len();
            let e0 = t.edges(centre(t.bbox[0] as i64), centre(t.bbox[1] as i64));
            for e in e0 {
                push_i64(&mut tris, e);
            }
            for a in t.a {
                push_i64(&mut tris, a * SUBPIXEL);
            }
            for b in t.b {
                push_i64(&mut tris, b * SUBPIXEL);
            }
            tris.extend(t.bias.map(|b| b as u32));
            tris.extend(t.bbox);
            tris.push(f(t.inv_area as f32));
            tris.extend(t.inv_w.map(f));
            tris.extend(t.z.map(f));
            for w in t.weights {
                push3(&mut tris, w);
            }
            tris.extend(indices[t.orig as usize].map(|i| i + vbase));
            tris.push(t.front as u32);
            for plane in planes.planes {
                tris.extend(plane.map(f));
            }
            tris.extend(planes.origin.map(|o| o as i32 as u32));
            let fits = |v: i64| i32::try_from(v).map_or(0, |v| v as u32);
            tris.extend(t.a.map(|a| fits(a * SUBPIXEL)));
            tris.extend(t.b.map(|b| fits(b * SUBPIXEL)));
            tris.resize(start + TRI_STRIDE, 0);
        }
    }

    // The passes.
    let mut pass_words = Vec::with_capacity(passes.len() * PASS_STRIDE);
    for pass in &passes {
        let d = &draws[pass.draw as usize];
        let m = d.material;
        let program = d.program;
        let has = |o: Output| program.is_some_and(|p| p.has_output(o));
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
            (program.is_some(), FL_PROGRAM),
            (d.needs.neighbours, FL_NEIGHBOURS),
            (d.needs.quad_derivatives, FL_QUAD),
            (d.needs.surface_derivatives, FL_SURFACE),
            (d.needs.normal_derivatives, FL_NORMAL_DERIV),
            (has(Output::Depth), FL_DEPTH_NODE),
        ] {
            if on {
                flags |= bit;
            }
        }
        let start = pass_words.len();
        pass_words.push(flags);
        pass_words.push(match pass.faces {
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        });
        pass_words.push(match m.kind {
            MaterialKind::Basic => 0,
            MaterialKind::Lambert => 1,
            MaterialKind::Phong => 2,
            MaterialKind::Standard => 3,
            MaterialKind::Physical => 4,
            MaterialKind::Normals => 5,
            MaterialKind::Depth => 6,
        });
        pass_words.push(match m.side {
            Side::Front => 0,
            Side::Back => 1,
            Side::Double => 2,
        });
        pass_words.push(m.nodes.map_or(0, |id| bases[id.index()]));
        let ranges = STAGES.map(|o| match program {
            Some(p) if p.has_output(o) => p.output_range(o),
            _ => (0, 0),
        });
        pass_words.extend(ranges.map(|r| r.0 as u32));
        pass_words.extend(ranges.map(|r| r.1 as u32));
        push3(&mut pass_words, m.color.to_vec3());
        pass_words.push(f(m.opacity));
        pass_words.push(f(m.alpha_test));
        push3(&mut pass_words, m.emissive.to_vec3() * m.emissive_intensity);
        push3(&mut pass_words, m.specular.to_vec3());
        pass_words.push(f(m.shininess));
        pass_words.push(f(m.roughness));
        pass_words.push(f(m.metalness));
        pass_words.push(f(m.clearcoat));
        pass_words.push(f(m.clearcoat_roughness));
        push_mat3(&mut pass_words, d.uv_matrix.unwrap_or(Mat3::IDENTITY));
        for map in [m.map, m.normal_map, m.emissive_map, m.ao_map] {
            pass_words.push(map.map_or(u32::MAX, |id| id.0));
        }
        pass_words.extend([
            f(m.normal_scale.x),
            f(m.normal_scale.y),
            f(m.ao_map_intensity),
        ]);
        pass_words.resize(start + PASS_STRIDE, 0);
    }

    // The bins: each tile's (pass, triangle) entries in the CPU's order, with the edge functions
    // at the tile's first pixel where 32 bits hold them over the whole tile.
    let tiles_x = width.div_ceil(TILE) as usize;
    let bins: Vec<Vec<[u32; ENTRY]>> = bin_passes(&draws, &passes, (width, height))
        .iter()
        .enumerate()
        .map(|(tile, entries)| {
            let (tx, ty) = ((tile % tiles_x) as u32, (tile / tiles_x) as u32);
            entries
                .iter()
                .map(|&(p, t)| {
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
                    [p, global, fast as u32, word(e[0]), word(e[1]), word(e[2])]
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
        for e in bin {
            bin_words.extend(e);
        }
    }

    let mut frame_words = frame_words(settings, frame.view, scene, camera, tiles_x as u32);
    frame_words[38] = entries_at;
    Ok(Packed {
        words,
        frame: frame_words,
        passes: pass_words,
        tris,
        verts,
        bins: bin_words,
        texels: texel_words(settings, &draws, assets),
    })
}

/// The textures the draws read, in the shader's layout: a header of TEX_STRIDE words per texture
/// id (levels, wraps, filters, flip, uv transform, each level's size and first word), then the
/// levels' linear RGBA floats. Nothing but a header when no draw samples a texture.
fn texel_words(settings: &RenderSettings, draws: &[Draw], assets: &Assets) -> Vec<u32> {
    let sampled = settings.shading == Shading::Texture
        && draws.iter().any(|d| {
            d.material.maps().next().is_some()
                || d.program.is_some_and(|p| !p.texture_slots().is_empty())
        });
    if !sampled {
        return vec![0; 4];
    }
    let count = assets.textures.len();
    let mut w = vec![0u32; count * TEX_STRIDE];
    for (id, t) in assets.textures.iter() {
        let h = id.index() * TEX_STRIDE;
        let levels = t.levels();
        let filter = |f: Filter| match f {
            Filter::Nearest => 0,
            Filter::Linear => 1,
            Filter::NearestMipmapNearest => 2,
            Filter::LinearMipmapNearest => 3,
            Filter::NearestMipmapLinear => 4,
            Filter::LinearMipmapLinear => 5,
        };
        let wrap = |m: Wrap| match m {
            Wrap::Repeat => 0,
            Wrap::ClampToEdge => 1,
            Wrap::MirroredRepeat => 2,
        };
        w[h] = levels.len() as u32;
        w[h + 1] = wrap(t.wrap_s);
        w[h + 2] = wrap(t.wrap_t);
        w[h + 3] = filter(t.mag_filter);
        w[h + 4] = filter(t.min_filter);
        w[h + 5] = t.flip_y as u32;
        w[h + 6] = t.has_identity_transform() as u32;
        let mut m = Vec::new();
        push_mat3(&mut m, t.uv_matrix());
        w[h + 8..h + 17].copy_from_slice(&m);
        for (d, level) in levels.iter().enumerate() {
            let first = w.len() as u32;
            let at = h + 24 + 3 * d;
            w[at] = level.width as u32;
            w[at + 1] = level.height as u32;
            w[at + 2] = first;
            for texel in &level.texels {
                w.extend([f(texel.x), f(texel.y), f(texel.z), f(texel.w)]);
            }
        }
    }
    w
}

/// The frame's constants, the DFG table and the lights (the CPU's `FrameLights`, packed).
fn frame_words(
    settings: &RenderSettings,
    view: Mat4,
    scene: &Scene,
    camera: &Camera,
    tiles_x: u32,
) -> Vec<u32> {
    let mut w = vec![0u32; LIGHTS_AT];
    w[0] = settings.width;
    w[1] = settings.height;
    w[2] = tiles_x;
    w[3] = match settings.shading {
        Shading::Texture => 0,
        Shading::Lit => 1,
        Shading::Uv => 2,
    };
    w[4] = camera.is_orthographic() as u32;
    let (clear, clear_alpha) = match scene.background {
        Some(c) => (c, 1.0),
        None => (settings.clear_color, settings.clear_alpha),
    };
    w[8..12].copy_from_slice(&[f(clear.r), f(clear.g), f(clear.b), f(clear_alpha)]);
    if let Some(fog) = scene.fog {
        let c = fog.color();
        w[12..15].copy_from_slice(&[f(c.r), f(c.g), f(c.b)]);
        match fog {
            Fog::Linear { near, far, .. } => {
                w[5] = 1;
                w[15] = f(near);
                w[16] = f(far);
            }
            Fog::Exp2 { density, .. } => {
                w[5] = 2;
                w[15] = f(density);
            }
        }
    }
    let view3 = Mat3::from_mat4(view);
    let mut m = Vec::new();
    push_mat3(&mut m, view3.inverse());
    push_mat3(&mut m, view3);
    w[17..35].copy_from_slice(&m);
    for y in 0..16 {
        for x in 0..16 {
            let v = crate::shade::brdf::dfg((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0);
            let i = DFG_AT + 2 * (y * 16 + x);
            w[i] = f(v.x);
            w[i + 1] = f(v.y);
        }
    }
    // The CPU's own lights of the frame (view space), packed.
    let lights = FrameLights::new(&scene.lights, view);
    let ambient = lights.ambient();
    let mut hemis = Vec::new();
    for (sky, ground, up) in lights.hemispheres() {
        push3(&mut hemis, sky);
        push3(&mut hemis, ground);
        push3(&mut hemis, up);
    }
    let mut direct = Vec::new();
    for light in lights.direct() {
        let start = direct.len();
        match *light {
            LightKind::Directional { to_light, color } => {
                direct.push(0);
                push3(&mut direct, to_light);
                push3(&mut direct, color);
            }
            LightKind::Point {
                position,
                color,
                cutoff,
                decay,
            } => {
                direct.push(1);
                push3(&mut direct, position);
                push3(&mut direct, color);
                direct.resize(start + 12, 0);
                direct.extend([f(cutoff), f(decay)]);
            }
            LightKind::Spot {
                position,
                axis,
                color,
                cone_cos,
                penumbra_cos,
                cutoff,
                decay,
            } => {
                direct.push(2);
                push3(&mut direct, position);
                push3(&mut direct, color);
                push3(&mut direct, axis);
                direct.extend([f(cone_cos), f(penumbra_cos), f(cutoff), f(decay)]);
            }
        }
        direct.resize(start + 16, 0);
    }
    w[35..38].copy_from_slice(&[f(ambient.x), f(ambient.y), f(ambient.z)]);
    w[6] = (direct.len() / 16) as u32;
    w[7] = (hemis.len() / 9) as u32;
    w.extend(hemis);
    w.extend(direct);
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_triangle_takes_the_64_bit_path_and_a_small_one_the_32_bit_one() {
        // A wide floor running to the horizon (its corners far off screen) and a small sphere:
        // the parity tests' floors, which must exercise both edge paths of the shader.
        use crate::{Object, PlaneGeometry, SphereGeometry};
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
        let frame = settings.prepare_frame(&assets.programs, &camera);
        let packed = pack(&settings, &frame, &scene, &camera, &assets).unwrap();
        let tiles = packed.frame[38] as usize;
        let entries = &packed.bins[tiles..];
        assert_eq!(entries.len() % ENTRY, 0);
        let fast = entries.chunks(ENTRY).filter(|e| e[2] != 0).count();
        let slow = entries.chunks(ENTRY).filter(|e| e[2] == 0).count();
        assert!(
            fast > 0 && slow > 0,
            "{fast} 32-bit entries, {slow} 64-bit entries"
        );
    }

    #[test]
    fn the_shader_and_the_host_agree_on_the_layout() {
        for (name, value) in [
            ("PASS_STRIDE", PASS_STRIDE),
            ("TRI_STRIDE", TRI_STRIDE),
            ("VERT_STRIDE", VERT_STRIDE),
            ("DFG_AT", DFG_AT),
            ("LIGHTS_AT", LIGHTS_AT),
            ("TEX_STRIDE", TEX_STRIDE),
            ("ENTRY", ENTRY),
            ("TILE", TILE as usize),
        ] {
            let line = format!("const {name}: u32 = {value}u;");
            assert!(RASTER_WGSL.contains(&line), "{line}");
        }
        for (name, value) in [
            ("FL_FORWARD", FL_FORWARD),
            ("FL_TRANSPARENT", FL_TRANSPARENT),
            ("FL_DEPTH_TEST", FL_DEPTH_TEST),
            ("FL_DEPTH_WRITE", FL_DEPTH_WRITE),
            ("FL_VERTEX_COLORS", FL_VERTEX_COLORS),
            ("FL_FLAT", FL_FLAT),
            ("FL_FOG", FL_FOG),
            ("FL_HAS_NORMALS", FL_HAS_NORMALS),
            ("FL_PROGRAM", FL_PROGRAM),
            ("FL_NEIGHBOURS", FL_NEIGHBOURS),
            ("FL_QUAD", FL_QUAD),
            ("FL_SURFACE", FL_SURFACE),
            ("FL_NORMAL_DERIV", FL_NORMAL_DERIV),
            ("FL_DEPTH_NODE", FL_DEPTH_NODE),
        ] {
            let line = format!("const {name}: u32 = {value}u;");
            assert!(RASTER_WGSL.contains(&line), "{line}");
        }
    }
}
