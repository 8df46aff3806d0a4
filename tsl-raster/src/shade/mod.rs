//! Shading a batch of fragments of one draw, in spec/000's order ("How it runs"):
//!
//! 1. the depth node, from the fragment's own interpolated attributes (forward draws only);
//! 2. the normal: flat shading, the normal map, then the normal node's world-space offset, made
//!    unit length again;
//! 3. the mask (a discard joins it), the colour, opacity and emissive nodes after the maps, the
//!    alpha test, the ambient occlusion node;
//! 4. the lights with the bent normal, the AO dimming the indirect light, the colour multiplied by
//!    the arriving light, the emissive added, then the fog;
//! 5. the output node, reading the lit colour; the alpha stays what the fragment had.
//!
//! Each output runs once per batch through `run_nodes`, with the views the program reads filled:
//! the fragment, the derivative's "here", the pixels to the right and above (from the triangle's
//! attribute planes, with their own weights), and the triangle's three corners.

// Lane loops index several per-lane arrays (lanes, outputs, registers) by the same lane.
#![allow(clippy::needless_range_loop)]

pub(crate) mod brdf;
pub(crate) mod lanes;
pub(crate) mod lights;
pub(crate) mod model;
pub(crate) mod sampler;

use crate::output::srgb_eotf;
use crate::raster::draw::{Draw, Vertex};
use crate::raster::setup::{centre, Tri};
use crate::renderer::{FrameContext, Shading};
use crate::scene::{MaterialKind, Side};
use crate::texture::Texture;
use glam::{Mat3, Vec2, Vec3, Vec4};
use lanes::{physical_lanes, Lanes3, PhysicalLanes, PhysicalScratch};
use model::{final_roughness, phong, Surface};
use sampler::{Gradients, LaneSampler};
use tsl_core::{
    run_nodes, Attribute, FragmentBatch, Lane, Output, Register, Registers, View, LANES,
};

/// One fragment to shade: its pixel, its triangle in the draw, its interpolated window depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FragIn {
    pub x: u32,
    pub y: u32,
    pub tri: u32,
    pub z: f32,
}

/// What shading made of a fragment.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FragOut {
    /// Linear RGB and straight alpha.
    pub color: [f32; 4],
    /// The depth to test and write (the depth node's, or the interpolated one).
    pub depth: f32,
    /// Whether the fragment survived the mask, discards and the alpha test.
    pub keep: bool,
}

/// Per-lane state while a batch is shaded.
#[derive(Clone, Copy, Debug, Default)]
struct LaneState {
    corners: [u32; 3],
    weights: Vec3,
    front: bool,
    position_world: Vec3,
    position_view: Vec3,
    /// The interpolated view normal, unit, not turned for back faces (three's normalViewGeometry).
    normal_geometry: Vec3,
    /// The same turned toward the viewer by side (the normal a derivative reads).
    normal_here: Vec3,
    normal_view: Vec3,
    normal_world: Vec3,
    uv_raw: Vec2,
    vertex_color: Vec3,
    duv: (Vec2, Vec2),
    dposition: (Vec3, Vec3),
    dnormal: (Vec3, Vec3),
    right_weights: Vec3,
    up_weights: Vec3,
    /// `frag_coord()` here, one pixel right and one pixel up (window rows counting upward).
    frag_coord: [Vec3; 3],
    diffuse: Vec4,
    emissive: Vec3,
    ao: f32,
}

/// Buffers one worker reuses from batch to batch.
pub(crate) struct Scratch {
    batch: FragmentBatch,
    registers: Registers,
    lanes: Vec<LaneState>,
    gradients: Box<Gradients>,
    physical: Box<PhysicalBatch>,
}

/// The structure-of-arrays inputs and outputs of the physical model for one batch.
struct PhysicalBatch {
    normal: Lanes3,
    normal_world: Lanes3,
    view_dir: Lanes3,
    position: Lanes3,
    diffuse: Lanes3,
    ao: Lane,
    roughness: Lane,
    clearcoat_roughness: Lane,
    outgoing: Lanes3,
    scratch: PhysicalScratch,
}

impl Default for PhysicalBatch {
    fn default() -> Self {
        PhysicalBatch {
            normal: Lanes3::default(),
            normal_world: Lanes3::default(),
            view_dir: Lanes3::default(),
            position: Lanes3::default(),
            diffuse: Lanes3::default(),
            ao: [0.0; LANES],
            roughness: [0.0; LANES],
            clearcoat_roughness: [0.0; LANES],
            outgoing: Lanes3::default(),
            scratch: PhysicalScratch::default(),
        }
    }
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            batch: FragmentBatch::new(),
            registers: Registers::new(),
            lanes: vec![LaneState::default(); LANES],
            gradients: Box::new([(Vec2::ZERO, Vec2::ZERO); LANES]),
            physical: Box::default(),
        }
    }
}

fn interpolate<T>(vs: [&Vertex; 3], w: Vec3, f: impl Fn(&Vertex) -> T) -> T
where
    T: std::ops::Mul<f32, Output = T> + std::ops::Add<Output = T>,
{
    f(vs[0]) * w.x + f(vs[1]) * w.y + f(vs[2]) * w.z
}

fn linear2(m: &Mat3, v: Vec2) -> Vec2 {
    Vec2::new(
        m.x_axis.x * v.x + m.y_axis.x * v.y,
        m.x_axis.y * v.x + m.y_axis.y * v.y,
    )
}

fn transform_uv(m: &Mat3, uv: Vec2) -> Vec2 {
    linear2(m, uv) + Vec2::new(m.z_axis.x, m.z_axis.y)
}

/// A texture map read at the surface's uv through the texture's own transform.
fn read_map(texture: &Texture, uv: Vec2, duv: (Vec2, Vec2)) -> Vec4 {
    if texture.has_identity_transform() {
        return texture.sample_grad(uv, duv.0, duv.1);
    }
    let m = texture.uv_matrix();
    texture.sample_grad(transform_uv(&m, uv), linear2(&m, duv.0), linear2(&m, duv.1))
}

fn lane_value(register: &Register, lane: usize, width: usize) -> Vec3 {
    Vec3::new(
        register[0][lane],
        if width > 1 { register[1][lane] } else { 0.0 },
        if width > 2 { register[2][lane] } else { 0.0 },
    )
}

/// Shade `frags` (all of one draw) into `out`.
pub(crate) fn shade_batch(
    ctx: &FrameContext,
    draw: &Draw,
    frags: &[FragIn],
    scratch: &mut Scratch,
    out: &mut Vec<FragOut>,
) {
    let n = frags.len().min(LANES);
    out.clear();
    out.resize(
        n,
        FragOut {
            keep: true,
            ..FragOut::default()
        },
    );
    let Scratch {
        batch,
        registers,
        lanes,
        gradients,
        physical: soa,
    } = scratch;
    let m = draw.material;
    let needs = &draw.needs;
    let indices = draw.geometry.indices();

    // What this draw reads beyond the view-space position and normal.
    let has_program = draw.program.is_some();
    let wants_uv = has_program || ctx.shading == Shading::Uv || m.maps().next().is_some();
    let wants_world = has_program || ctx.hemisphere || m.normal_map.is_some();

    // 1. The fragment's geometry, and its neighbours' where derivatives are needed. The
    // perspective weights first, in a loop of their own so that the lanes' divisions overlap.
    for (s, f) in lanes.iter_mut().zip(frags).take(n) {
        let tri: &Tri = &draw.tris[f.tri as usize];
        let (x, y) = (f.x as i64, f.y as i64);
        s.weights = tri.corner_weights(tri.screen_weights(tri.edges(centre(x), centre(y))));
    }
    let mut quad_cache: Option<((u32, i64, i64), QuadDerivatives)> = None;
    for (l, f) in frags.iter().take(n).enumerate() {
        let tri: &Tri = &draw.tris[f.tri as usize];
        let corners = indices[tri.orig as usize];
        let vs = corners.map(|i| &draw.verts[i as usize]);
        let (x, y) = (f.x as i64, f.y as i64);
        let s = &mut lanes[l];
        let w = s.weights;
        s.corners = corners;
        s.front = tri.front;
        if has_program {
            s.position_world = interpolate(vs, w, |v| v.world);
        }
        s.position_view = interpolate(vs, w, |v| v.view);
        if wants_uv {
            s.uv_raw = interpolate(vs, w, |v| v.uv);
        }
        if has_program || m.vertex_colors {
            s.vertex_color = interpolate(vs, w, |v| v.color);
        }
        // Normalized below, in a loop of its own, so that the lanes' square roots overlap.
        s.normal_geometry = interpolate(vs, w, |v| v.normal_view);
        if has_program {
            // The pixel's centre from the bottom left, and its window depth.
            let (cx, cy) = (x as f32 + 0.5, ctx.height as f32 - y as f32 - 0.5);
            s.frag_coord[0] = Vec3::new(cx, cy, f.z);
            if needs.neighbours {
                let depth_at =
                    |x, y| tri.depth(tri.screen_weights(tri.edges(centre(x), centre(y))));
                s.frag_coord[1] = Vec3::new(cx + 1.0, cy, depth_at(x + 1, y));
                s.frag_coord[2] = Vec3::new(cx, cy + 1.0, depth_at(x, y - 1));
            }
        }
        if needs.neighbours {
            s.right_weights = tri.corner_weights_at(x + 1, y);
            s.up_weights = tri.corner_weights_at(x, y - 1);
        }
        if needs.quad_derivatives {
            // The built-in derivatives (mip levels, the geometry's roughness, the normal map's
            // tangents, flat normals) are taken once per 2×2 quad of window pixels, at its
            // lower-left pixel, as GPUs take them.
            let (qx, qy) = quad_origin(x, y, ctx.height);
            let key = (f.tri, qx, qy);
            let d = match quad_cache {
                Some((k, d)) if k == key => d,
                _ => {
                    let d = quad_derivatives(tri, vs, qx, qy, needs);
                    quad_cache = Some((key, d));
                    d
                }
            };
            s.duv = d.uv;
            s.dposition = d.position;
            s.dnormal = d.normal;
        }
        if m.flat_shading {
            s.normal_geometry = s.dposition.0.cross(s.dposition.1);
            s.dnormal = (Vec3::ZERO, Vec3::ZERO);
        }
        out[l].depth = f.z;
    }
    for s in lanes.iter_mut().take(n) {
        let normal = s.normal_geometry.normalize_or_zero();
        s.normal_geometry = normal;
        s.normal_here = if m.flat_shading {
            normal
        } else {
            face_sign(m.side, s.front) * normal
        };
        s.normal_view = s.normal_here;
    }
    if wants_world {
        for s in lanes.iter_mut().take(n) {
            s.normal_world = (ctx.view_to_world * s.normal_view).normalize_or_zero();
        }
    }

    // The uv() attribute: the map's coordinate through its transform.
    let uv_of = |uv: Vec2| match &draw.uv_matrix {
        Some(mat) => transform_uv(mat, uv),
        None => uv,
    };
    for l in 0..n {
        let s = &lanes[l];
        gradients[l] = match &draw.uv_matrix {
            Some(mat) => (linear2(mat, s.duv.0), linear2(mat, s.duv.1)),
            None => s.duv,
        };
    }

    if ctx.shading == Shading::Uv {
        for l in 0..n {
            let uv = lanes[l].uv_raw;
            out[l].color = [srgb_eotf(uv.x), srgb_eotf(uv.y), 0.0, 1.0];
        }
        return;
    }
    let white = ctx.shading == Shading::Lit;
    let map = |id: Option<tsl_core::TextureId>| id.and_then(|id| ctx.textures.get(id));

    // Data kinds: no lights, no program.
    if matches!(m.kind, MaterialKind::Normals | MaterialKind::Depth) {
        for l in 0..n {
            let s = &lanes[l];
            let rgb = match m.kind {
                MaterialKind::Normals => s.normal_view * 0.5 + 0.5,
                _ => Vec3::splat(1.0 - out[l].depth),
            };
            let alpha = if m.transparent { m.opacity } else { 1.0 };
            out[l].color = [srgb_eotf(rgb.x), srgb_eotf(rgb.y), srgb_eotf(rgb.z), alpha];
        }
        return;
    }

    let program = draw.program;
    let sampler = LaneSampler {
        textures: ctx.textures,
        gradients,
        count: n,
        white,
    };
    let reads = &draw.reads;
    if program.is_some() {
        fill_views(ctx, draw, lanes, n, batch, &uv_of);
    }

    // 2. The depth node (forward draws alone run it: a deferred draw has none).
    if let Some(p) = program.filter(|p| p.has_output(Output::Depth)) {
        if let Some(r) = run_nodes(p, Output::Depth, batch, &sampler, registers) {
            for l in 0..n {
                let d = r[0][l];
                if d.is_nan() {
                    out[l].keep = false;
                } else {
                    out[l].depth = d.clamp(0.0, 1.0);
                }
            }
        }
    }

    // 3. The normal: the normal map, then the normal node.
    if let (Some(texture), false) = (map(m.normal_map), white) {
        for l in 0..n {
            let s = &mut lanes[l];
            let mut t = read_map(texture, s.uv_raw, s.duv).truncate() * 2.0 - 1.0;
            let scale = if m.flat_shading {
                m.normal_scale * face_sign(m.side, s.front)
            } else {
                m.normal_scale
            };
            t.x *= scale.x;
            t.y *= scale.y;
            let (q0, q1) = s.dposition;
            let (st0, st1) = match (texture.has_identity_transform(), texture.uv_matrix()) {
                (true, _) => s.duv,
                (false, mat) => (linear2(&mat, s.duv.0), linear2(&mat, s.duv.1)),
            };
            let nn = s.normal_here;
            let q1perp = q1.cross(nn);
            let q0perp = nn.cross(q0);
            let tangent = q1perp * st0.x + q0perp * st1.x;
            let bitangent = q1perp * st0.y + q0perp * st1.y;
            let det = tangent.dot(tangent).max(bitangent.dot(bitangent));
            let k = if det == 0.0 { 0.0 } else { 1.0 / det.sqrt() };
            let sign = if m.flat_shading {
                1.0
            } else {
                face_sign(m.side, s.front)
            };
            let (tv, bv) = (tangent * k * sign, bitangent * k * sign);
            s.normal_view = (tv * t.x + bv * t.y + nn * t.z).normalize_or_zero();
            s.normal_world = (ctx.view_to_world * s.normal_view).normalize_or_zero();
        }
        if program.is_some() {
            for l in 0..n {
                put_normals(
                    batch,
                    View::Fragment,
                    l,
                    lanes[l].normal_world,
                    lanes[l].normal_view,
                );
            }
        }
    }
    if let Some(p) = program.filter(|p| p.has_output(Output::Normal)) {
        if let Some(r) = run_nodes(p, Output::Normal, batch, &sampler, registers) {
            for l in 0..n {
                let s = &mut lanes[l];
                s.normal_world = (s.normal_world + lane_value(r, l, 3)).normalize_or_zero();
                s.normal_view = (ctx.world_to_view * s.normal_world).normalize_or_zero();
            }
            for l in 0..n {
                put_normals(
                    batch,
                    View::Fragment,
                    l,
                    lanes[l].normal_world,
                    lanes[l].normal_view,
                );
            }
        }
    }

    // 4. The mask, the colour, the opacity, the alpha test, the emissive, the AO.
    if let Some(p) = program.filter(|p| p.has_output(Output::Mask)) {
        if let Some(r) = run_nodes(p, Output::Mask, batch, &sampler, registers) {
            for l in 0..n {
                if r[0][l] == 0.0 {
                    out[l].keep = false;
                }
            }
        }
    }
    let color_node = program.filter(|p| p.has_output(Output::Color));
    let opacity_node = program.filter(|p| p.has_output(Output::Opacity));
    let map_texture = map(m.map);
    let needs_map = map_texture.is_some() && (color_node.is_none() || opacity_node.is_none());
    for l in 0..n {
        let s = &mut lanes[l];
        let texel = match (needs_map, map_texture) {
            (true, Some(t)) if !white => read_map(t, s.uv_raw, s.duv),
            _ => Vec4::ONE,
        };
        let mut rgb = m.color.to_vec3() * texel.truncate();
        if m.vertex_colors {
            rgb *= s.vertex_color;
        }
        s.diffuse = rgb.extend(m.opacity * texel.w);
    }
    if let Some(p) = color_node {
        if let Some(r) = run_nodes(p, Output::Color, batch, &sampler, registers) {
            for l in 0..n {
                let a = lanes[l].diffuse.w;
                lanes[l].diffuse = lane_value(r, l, 3).extend(a);
            }
        }
    }
    if let Some(p) = opacity_node {
        if let Some(r) = run_nodes(p, Output::Opacity, batch, &sampler, registers) {
            for l in 0..n {
                lanes[l].diffuse.w = r[0][l];
            }
        }
    }
    for l in 0..n {
        let s = &mut lanes[l];
        if m.alpha_test > 0.0 && s.diffuse.w <= m.alpha_test {
            out[l].keep = false;
        }
        if !m.transparent {
            s.diffuse.w = 1.0;
        }
    }
    let emissive_map = map(m.emissive_map);
    for l in 0..n {
        let s = &mut lanes[l];
        let mut e = m.emissive.to_vec3() * m.emissive_intensity;
        if let (Some(t), false) = (emissive_map, white) {
            e *= read_map(t, s.uv_raw, s.duv).truncate();
        }
        s.emissive = e;
    }
    if let Some(p) = program.filter(|p| p.has_output(Output::Emissive)) {
        if let Some(r) = run_nodes(p, Output::Emissive, batch, &sampler, registers) {
            for l in 0..n {
                lanes[l].emissive = lane_value(r, l, 3);
            }
        }
    }
    let ao_map = map(m.ao_map);
    for l in 0..n {
        let s = &mut lanes[l];
        s.ao = match (ao_map, white) {
            (Some(t), false) => (read_map(t, s.uv_raw, s.duv).x - 1.0) * m.ao_map_intensity + 1.0,
            _ => 1.0,
        };
    }
    if let Some(p) = program.filter(|p| p.has_output(Output::Ao)) {
        if let Some(r) = run_nodes(p, Output::Ao, batch, &sampler, registers) {
            for l in 0..n {
                lanes[l].ao = r[0][l];
            }
        }
    }

    // 5. The lights, the emissive, the fog.
    let fog = ctx.fog.filter(|_| m.fog);
    let view_dir = |s: &LaneState| {
        if ctx.orthographic {
            Vec3::Z
        } else {
            (-s.position_view).normalize_or_zero()
        }
    };
    let geometry_roughness = |s: &LaneState| {
        if !draw.has_normals {
            return 0.0;
        }
        let (dx, dy) = s.dnormal;
        dx.abs().max(dy.abs()).max_element()
    };
    let physical_kind = matches!(m.kind, MaterialKind::Standard | MaterialKind::Physical);
    let clearcoat = m.kind == MaterialKind::Physical && m.clearcoat > 0.0;
    if physical_kind {
        // The physical model runs over the whole batch at once (shade/lanes.rs).
        for l in 0..n {
            soa.view_dir.set(l, view_dir(&lanes[l]));
        }
        for l in 0..n {
            let s = &lanes[l];
            let gr = geometry_roughness(s);
            soa.normal.set(l, s.normal_view);
            soa.normal_world.set(l, s.normal_world);
            soa.position.set(l, s.position_view);
            soa.diffuse.set(l, s.diffuse.truncate());
            soa.ao[l] = s.ao;
            soa.roughness[l] = final_roughness(m.roughness, gr);
            soa.clearcoat_roughness[l] = final_roughness(m.clearcoat_roughness, gr);
        }
        let PhysicalBatch {
            normal,
            normal_world,
            view_dir,
            position,
            diffuse,
            ao,
            roughness,
            clearcoat_roughness,
            outgoing,
            scratch,
        } = &mut **soa;
        physical_lanes(
            &ctx.lights,
            &PhysicalLanes {
                count: n,
                normal,
                normal_world,
                view_dir,
                position,
                diffuse,
                ao,
                roughness,
                metalness: m.metalness,
                clearcoat: clearcoat.then_some((m.clearcoat, &*clearcoat_roughness)),
            },
            scratch,
            outgoing,
        );
    }
    for l in 0..n {
        let s = &lanes[l];
        let surface = || Surface {
            normal: s.normal_view,
            normal_world: s.normal_world,
            view_dir: view_dir(s),
            position: s.position_view,
            diffuse: s.diffuse.truncate(),
            ao: s.ao,
        };
        let outgoing = match m.kind {
            MaterialKind::Basic => s.diffuse.truncate() * s.ao,
            MaterialKind::Lambert => phong(&ctx.lights, &surface(), None),
            MaterialKind::Phong => phong(
                &ctx.lights,
                &surface(),
                Some((m.specular.to_vec3(), m.shininess)),
            ),
            MaterialKind::Standard | MaterialKind::Physical => soa.outgoing.get(l),
            MaterialKind::Normals | MaterialKind::Depth => s.diffuse.truncate(),
        };
        let mut rgb = (outgoing + s.emissive).max(Vec3::ZERO);
        let alpha = s.diffuse.w.max(0.0);
        if let Some(fog) = fog {
            let factor = fog.factor(-s.position_view.z);
            rgb = rgb.lerp(fog.color().to_vec3(), factor);
        }
        out[l].color = [rgb.x, rgb.y, rgb.z, alpha];
    }

    // 6. The output node, reading the lit colour.
    if let Some(p) = program.filter(|p| p.has_output(Output::Output)) {
        if reads.fragment {
            for (l, o) in out.iter().enumerate() {
                let lit = Vec3::new(o.color[0], o.color[1], o.color[2]);
                put(batch, View::Fragment, Attribute::Lit, l, lit);
            }
        }
        if let Some(r) = run_nodes(p, Output::Output, batch, &sampler, registers) {
            for (l, o) in out.iter_mut().enumerate() {
                let c = lane_value(r, l, 3);
                o.color[0] = c.x;
                o.color[1] = c.y;
                o.color[2] = c.z;
            }
        }
    }
}

/// The screen derivatives of a quad: (toward the right, toward the row above).
#[derive(Clone, Copy, Debug, Default)]
struct QuadDerivatives {
    uv: (Vec2, Vec2),
    position: (Vec3, Vec3),
    normal: (Vec3, Vec3),
}

/// The derivatives at the lower-left pixel (`qx`, `qy`) of a quad, from the triangle's planes.
fn quad_derivatives(
    tri: &Tri,
    vs: [&Vertex; 3],
    qx: i64,
    qy: i64,
    needs: &crate::raster::draw::Needs,
) -> QuadDerivatives {
    let w0 = tri.corner_weights_at(qx, qy);
    let w1 = tri.corner_weights_at(qx + 1, qy);
    let w2 = tri.corner_weights_at(qx, qy - 1);
    let mut d = QuadDerivatives::default();
    if needs.surface_derivatives {
        let uv0 = interpolate(vs, w0, |v| v.uv);
        let p0 = interpolate(vs, w0, |v| v.view);
        d.uv = (
            interpolate(vs, w1, |v| v.uv) - uv0,
            interpolate(vs, w2, |v| v.uv) - uv0,
        );
        d.position = (
            interpolate(vs, w1, |v| v.view) - p0,
            interpolate(vs, w2, |v| v.view) - p0,
        );
    }
    if needs.normal_derivatives {
        let n0 = interpolate(vs, w0, |v| v.normal_view).normalize_or_zero();
        d.normal = (
            interpolate(vs, w1, |v| v.normal_view).normalize_or_zero() - n0,
            interpolate(vs, w2, |v| v.normal_view).normalize_or_zero() - n0,
        );
    }
    d
}

/// The pixel (rows from the top) at the lower left of the 2×2 window quad that holds (`x`, `y`):
/// window rows count up from the bottom of an image `height` rows high.
fn quad_origin(x: i64, y: i64, height: u32) -> (i64, i64) {
    let window_row = height as i64 - 1 - y;
    (x & !1, height as i64 - 1 - (window_row & !1))
}

/// +1 where the normal stays, −1 where a back face turns it (three.js's `negateOnBackSide`).
fn face_sign(side: Side, front: bool) -> f32 {
    match side {
        Side::Front => 1.0,
        Side::Back => -1.0,
        Side::Double => {
            if front {
                1.0
            } else {
                -1.0
            }
        }
    }
}

/// Write one attribute of one lane in one view.
#[inline]
fn put(batch: &mut FragmentBatch, view: View, attribute: Attribute, lane: usize, v: Vec3) {
    if let Some(row) = attribute.lane_index() {
        let slot = &mut batch.views[view as usize][row];
        slot[0][lane] = v.x;
        slot[1][lane] = v.y;
        slot[2][lane] = v.z;
    }
}

fn put_normals(batch: &mut FragmentBatch, view: View, lane: usize, world: Vec3, view_n: Vec3) {
    put(batch, view, Attribute::NormalWorld, lane, world);
    put(batch, view, Attribute::NormalView, lane, view_n);
}

/// Write one view of one lane: the attributes at weights `w` of the corners `vs`.
#[allow(clippy::too_many_arguments)]
fn put_interpolated(
    ctx: &FrameContext,
    draw: &Draw,
    batch: &mut FragmentBatch,
    view: View,
    lane: usize,
    vs: [&Vertex; 3],
    w: Vec3,
    sign: f32,
    uv_of: &dyn Fn(Vec2) -> Vec2,
) {
    let color = draw.material.color.to_vec3();
    let uv = uv_of(interpolate(vs, w, |v| v.uv));
    put(batch, view, Attribute::Uv, lane, uv.extend(0.0));
    put(
        batch,
        view,
        Attribute::PositionWorld,
        lane,
        interpolate(vs, w, |v| v.world),
    );
    put(
        batch,
        view,
        Attribute::PositionView,
        lane,
        interpolate(vs, w, |v| v.view),
    );
    let nv = interpolate(vs, w, |v| v.normal_view).normalize_or_zero() * sign;
    put_normals(
        batch,
        view,
        lane,
        (ctx.view_to_world * nv).normalize_or_zero(),
        nv,
    );
    put(
        batch,
        view,
        Attribute::VertexColor,
        lane,
        color * interpolate(vs, w, |v| v.color),
    );
    put(batch, view, Attribute::Barycentric, lane, w);
}

/// Fill the views the program reads.
fn fill_views(
    ctx: &FrameContext,
    draw: &Draw,
    lanes: &[LaneState],
    n: usize,
    batch: &mut FragmentBatch,
    uv_of: &dyn Fn(Vec2) -> Vec2,
) {
    let reads = &draw.reads;
    let color = draw.material.color.to_vec3();
    for (l, s) in lanes.iter().take(n).enumerate() {
        let vs = s.corners.map(|i| &draw.verts[i as usize]);
        let sign = face_sign(draw.material.side, s.front);
        // TSL's frontFacing, and GLSL's gl_FrontFacing, which three.js turns round for BACK_SIDE.
        let front_facing = Vec3::splat(s.front as u8 as f32);
        let gl_front_facing =
            Vec3::splat((s.front != (draw.material.side == Side::Back)) as u8 as f32);
        let screen = [
            (View::Fragment, s.frag_coord[0], reads.fragment),
            (View::DerivativeHere, s.frag_coord[0], reads.here),
            (View::Right, s.frag_coord[1], reads.right),
            (View::Up, s.frag_coord[2], reads.up),
        ];
        for (view, frag_coord, read) in screen {
            if read {
                put(batch, view, Attribute::FragCoord, l, frag_coord);
                put(batch, view, Attribute::FrontFacing, l, front_facing);
                put(batch, view, Attribute::GlFrontFacing, l, gl_front_facing);
            }
        }
        if reads.fragment || reads.here {
            for view in [View::Fragment, View::DerivativeHere] {
                put(batch, view, Attribute::Uv, l, uv_of(s.uv_raw).extend(0.0));
                put(batch, view, Attribute::PositionWorld, l, s.position_world);
                put(batch, view, Attribute::PositionView, l, s.position_view);
                put(
                    batch,
                    view,
                    Attribute::VertexColor,
                    l,
                    color * s.vertex_color,
                );
                put(batch, view, Attribute::Barycentric, l, s.weights);
                put(batch, view, Attribute::Lit, l, Vec3::ZERO);
                put_normals(batch, view, l, s.normal_world, s.normal_view);
            }
        }
        if reads.right {
            put_interpolated(
                ctx,
                draw,
                batch,
                View::Right,
                l,
                vs,
                s.right_weights,
                sign,
                uv_of,
            );
        }
        if reads.up {
            put_interpolated(ctx, draw, batch, View::Up, l, vs, s.up_weights, sign, uv_of);
        }
        if reads.corners {
            for (k, view) in View::CORNERS.into_iter().enumerate() {
                let mut w = Vec3::ZERO;
                w[k] = 1.0;
                put_interpolated(ctx, draw, batch, view, l, vs, w, sign, uv_of);
            }
        }
    }
}
