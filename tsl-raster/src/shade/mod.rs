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
//! Every lit fragment's view position and normal come from its triangle's [`SurfacePlanes`]; the
//! perspective weights and the corners are gathered only for what else the draw reads (uv, vertex
//! colours, the program's views, the surface derivatives).
//!
//! Each output runs once per batch through `run_nodes` (an output that reads no attribute and no
//! texture is computed once per draw instead), with the views the program reads filled: the
//! fragment, the derivative's "here", the pixels to the right and above (from the triangle's
//! attribute planes, with their own weights), and the triangle's three corners.

// Lane loops index several per-lane arrays (lanes, outputs, registers) by the same lane.
#![allow(clippy::needless_range_loop)]

pub(crate) mod brdf;
pub(crate) mod lanes;
pub(crate) mod model;
pub(crate) mod sampler;

use crate::frame::FrameContext;
use crate::output::srgb_eotf;
use crate::raster::draw::{Draw, Vertex};
use crate::raster::setup::{centre, Tri, WeightPlanes};
use crate::raster::surface::SurfacePlanes;
use crate::scene::{MaterialKind, Side};
use crate::settings::Shading;
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

/// Two components of [`LANES`] floats.
#[derive(Clone, Copy)]
struct Lanes2 {
    x: Lane,
    y: Lane,
}

impl Default for Lanes2 {
    fn default() -> Self {
        Lanes2 {
            x: [0.0; LANES],
            y: [0.0; LANES],
        }
    }
}

impl Lanes2 {
    #[inline]
    fn get(&self, l: usize) -> Vec2 {
        Vec2::new(self.x[l], self.y[l])
    }
}

/// Per-lane state while a batch is shaded, as structure of arrays: each component of each value
/// in a [`Lane`] of its own, so that the loops over the lanes run several lanes at a time.
struct LaneSet {
    /// Each lane's triangle in the draw and pixel.
    tri: [u32; LANES],
    px: [i64; LANES],
    py: [i64; LANES],
    corners: [[u32; 3]; LANES],
    front: [bool; LANES],
    /// The weights of the original triangle's corners, and their denominators.
    weights: Lanes3,
    denominators: Lane,
    position_world: Lanes3,
    position_view: Lanes3,
    /// The view normal, in place as the shading goes: interpolated and made unit (three's
    /// normalViewGeometry, which the geometry's roughness reads), turned toward the viewer by side
    /// (the normal a derivative reads, and the normal map's base), then bent by the normal map
    /// and the normal node.
    normal_view: Lanes3,
    normal_world: Lanes3,
    uv_raw: Lanes2,
    vertex_color: Lanes3,
    duv: [(Vec2, Vec2); LANES],
    dposition: [(Vec3, Vec3); LANES],
    /// The largest change of the geometric normal across the quad (`getGeometryRoughness`).
    geometry_roughness: Lane,
    right_weights: [Vec3; LANES],
    up_weights: [Vec3; LANES],
    /// `frag_coord()` here, one pixel right and one pixel up (window rows counting upward).
    frag_coord: [[Vec3; 3]; LANES],
    diffuse: Lanes3,
    alpha: Lane,
    emissive: Lanes3,
    ao: Lane,
    /// Unit directions toward the camera.
    view_dir: Lanes3,
    roughness: Lane,
    clearcoat_roughness: Lane,
    outgoing: Lanes3,
}

impl Default for LaneSet {
    fn default() -> Self {
        LaneSet {
            tri: [0; LANES],
            px: [0; LANES],
            py: [0; LANES],
            corners: [[0; 3]; LANES],
            front: [false; LANES],
            weights: Lanes3::default(),
            denominators: [0.0; LANES],
            position_world: Lanes3::default(),
            position_view: Lanes3::default(),
            normal_view: Lanes3::default(),
            normal_world: Lanes3::default(),
            uv_raw: Lanes2::default(),
            vertex_color: Lanes3::default(),
            duv: [(Vec2::ZERO, Vec2::ZERO); LANES],
            dposition: [(Vec3::ZERO, Vec3::ZERO); LANES],
            geometry_roughness: [0.0; LANES],
            right_weights: [Vec3::ZERO; LANES],
            up_weights: [Vec3::ZERO; LANES],
            frag_coord: [[Vec3::ZERO; 3]; LANES],
            diffuse: Lanes3::default(),
            alpha: [0.0; LANES],
            emissive: Lanes3::default(),
            ao: [0.0; LANES],
            view_dir: Lanes3::default(),
            roughness: [0.0; LANES],
            clearcoat_roughness: [0.0; LANES],
            outgoing: Lanes3::default(),
        }
    }
}

/// Buffers one worker reuses from batch to batch.
pub(crate) struct Scratch {
    batch: FragmentBatch,
    registers: Registers,
    lanes: Box<LaneSet>,
    gradients: Box<Gradients>,
    physical: Box<PhysicalScratch>,
    quads: Box<QuadLanes>,
    /// A uniform output's value in every lane.
    uniform: Box<Register>,
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            batch: FragmentBatch::new(),
            registers: Registers::new(),
            lanes: Box::default(),
            gradients: Box::new([(Vec2::ZERO, Vec2::ZERO); LANES]),
            physical: Box::default(),
            quads: Box::default(),
            uniform: Box::new([[0.0; LANES]; 4]),
        }
    }
}

fn interpolate<T>(vs: [&Vertex; 3], w: Vec3, f: impl Fn(&Vertex) -> T) -> T
where
    T: std::ops::Mul<f32, Output = T> + std::ops::Add<Output = T>,
{
    f(vs[0]) * w.x + f(vs[1]) * w.y + f(vs[2]) * w.z
}

/// `v` made unit length over the first `n` lanes, as glam's `normalize_or_zero` (the same
/// operations, so the same bits), in place.
#[inline]
fn normalize_lanes(v: &mut Lanes3, n: usize) {
    for l in 0..n {
        [v.x[l], v.y[l], v.z[l]] = unit_or_zero(v.x[l], v.y[l], v.z[l]);
    }
}

/// glam's `normalize_or_zero` of (x, y, z), without a branch.
#[inline(always)]
fn unit_or_zero(x: f32, y: f32, z: f32) -> [f32; 3] {
    let rcp = 1.0 / (x * x + y * y + z * z).sqrt();
    // `rcp.is_finite() && rcp > 0.0` without a branch (NaN fails both).
    let ok = (rcp > 0.0) & (rcp < f32::INFINITY);
    [x, y, z].map(|c| if ok { c * rcp } else { 0.0 })
}

/// `m * v` over the first `n` lanes (glam's order of operations), into `out`.
#[inline]
fn transform_lanes(m: &Mat3, v: &Lanes3, out: &mut Lanes3, n: usize) {
    let (a, b, c) = (m.x_axis, m.y_axis, m.z_axis);
    for l in 0..n {
        let (x, y, z) = (v.x[l], v.y[l], v.z[l]);
        out.x[l] = a.x * x + b.x * y + c.x * z;
        out.y[l] = a.y * x + b.y * y + c.y * z;
        out.z[l] = a.z * x + b.z * y + c.z * z;
    }
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

/// Copy a register's first three components over the first `n` lanes of `to`.
#[inline]
fn copy_register(register: &Register, to: &mut Lanes3, n: usize) {
    to.x[..n].copy_from_slice(&register[0][..n]);
    to.y[..n].copy_from_slice(&register[1][..n]);
    to.z[..n].copy_from_slice(&register[2][..n]);
}

/// The perspective weights of the original corners at `count` points, point `k` on triangle
/// `tris[k]` at pixel (`xs[k]`, `ys[k]`), from the triangles' planes, into `out`. The gathers
/// run a point at a time; the divisions over all the points at once.
fn weights_lanes(
    planes: &[WeightPlanes],
    tris: &[u32; LANES],
    xs: &[i64; LANES],
    ys: &[i64; LANES],
    count: usize,
    sum: &mut Lane,
    out: &mut Lanes3,
) {
    for k in 0..count {
        let planes = &planes[tris[k] as usize];
        let [p0, p1, p2, d] = planes.at(xs[k], ys[k]);
        let (w, d) = if WeightPlanes::usable(d) {
            (Vec3::new(p0, p1, p2), d)
        } else {
            (planes.fallback, 1.0)
        };
        out.set(k, w);
        sum[k] = d;
    }
    for k in 0..count {
        out.x[k] /= sum[k];
        out.y[k] /= sum[k];
        out.z[k] /= sum[k];
    }
}

/// Scratch of the per-quad geometric-normal derivatives of a batch.
struct QuadLanes {
    /// Each quad's triangle and lower-left pixel.
    tri: [u32; LANES],
    x: [i64; LANES],
    y: [i64; LANES],
    /// Each lane's quad.
    quad: [u8; LANES],
    /// The normal of each quad at its lower-left pixel, the pixel to its right and the pixel
    /// above it (numerators, then unit), and their denominators.
    normals: [Lanes3; 3],
    denominators: [Lane; 3],
    roughness: Lane,
}

impl Default for QuadLanes {
    fn default() -> Self {
        QuadLanes {
            tri: [0; LANES],
            x: [0; LANES],
            y: [0; LANES],
            quad: [0; LANES],
            normals: [Lanes3::default(); 3],
            denominators: [[0.0; LANES]; 3],
            roughness: [0.0; LANES],
        }
    }
}

/// The view positions and unit view normals of `frags` (at most [`LANES`]) from their triangles'
/// [`SurfacePlanes`], into `position` and `normal` (`denominators` is scratch). The gathers and
/// the planes run a fragment at a time; the rare denominators that vanish, the reciprocals and
/// the square roots over all of them at once.
fn surface_lanes(
    planes: &[SurfacePlanes],
    frags: &[FragIn],
    denominators: &mut Lane,
    position: &mut Lanes3,
    normal: &mut Lanes3,
) {
    let count = frags.len().min(LANES);
    for (k, f) in frags.iter().take(count).enumerate() {
        let p = &planes[f.tri as usize];
        let (dx, dy) = p.offset(f.x as i64, f.y as i64);
        let [d, nx, ny, nz] = p.normal_at(dx, dy).to_array();
        let [px, py, pz, _] = p.position_at(dx, dy).to_array();
        denominators[k] = d;
        normal.x[k] = nx;
        normal.y[k] = ny;
        normal.z[k] = nz;
        position.x[k] = px;
        position.y[k] = py;
        position.z[k] = pz;
    }
    if !denominators[..count]
        .iter()
        .fold(true, |all, &d| all & WeightPlanes::usable(d))
    {
        for (k, f) in frags.iter().take(count).enumerate() {
            if !WeightPlanes::usable(denominators[k]) {
                let p = &planes[f.tri as usize];
                denominators[k] = 1.0;
                normal.set(k, p.fallback_normal);
                position.set(k, p.fallback_position);
            }
        }
    }
    for k in 0..count {
        let r = 1.0 / denominators[k];
        position.x[k] *= r;
        position.y[k] *= r;
        position.z[k] *= r;
        normal.x[k] *= r;
        normal.y[k] *= r;
        normal.z[k] *= r;
    }
    normalize_lanes(normal, count);
}

/// `getGeometryRoughness` of each lane: the largest change of the unit geometric normal toward
/// the right or the row above, taken at the lower-left pixel of the lane's 2×2 window quad (as
/// [`quad_derivatives`] takes it), each quad once, from the triangle's [`SurfacePlanes`]: the
/// planes at the lower-left pixel, stepped one pixel right and one row up.
fn geometry_roughness_lanes(
    draw: &Draw,
    frags: &[FragIn],
    height: u32,
    q: &mut QuadLanes,
    out: &mut Lane,
) {
    let n = frags.len().min(LANES);
    let mut quads = 0usize;
    let mut last = None;
    for (l, f) in frags.iter().take(n).enumerate() {
        let (qx, qy) = quad_origin(f.x as i64, f.y as i64, height);
        let key = (f.tri, qx, qy);
        if last != Some(key) {
            last = Some(key);
            q.tri[quads] = f.tri;
            q.x[quads] = qx;
            q.y[quads] = qy;
            quads += 1;
        }
        q.quad[l] = (quads - 1) as u8;
    }
    // The numerators and denominators of the three points: the planes at the lower-left pixel,
    // plus one step right (`a`), minus one step down (`b`) for the row above.
    for k in 0..quads {
        let p = &draw.surface[q.tri[k] as usize];
        let (dx, dy) = p.offset(q.x[k], q.y[k]);
        let here = p.normal_at(dx, dy);
        for (point, at) in [here, here + p.a[0], here - p.b[0]].into_iter().enumerate() {
            let [d, x, y, z] = at.to_array();
            let (normal, d) = if WeightPlanes::usable(d) {
                (Vec3::new(x, y, z), d)
            } else {
                (p.fallback_normal, 1.0)
            };
            q.normals[point].set(k, normal);
            q.denominators[point][k] = d;
        }
    }
    for (normals, denominators) in q.normals.iter_mut().zip(&q.denominators) {
        for k in 0..quads {
            let r = 1.0 / denominators[k];
            normals.x[k] *= r;
            normals.y[k] *= r;
            normals.z[k] *= r;
        }
        normalize_lanes(normals, quads);
    }
    let [n0, n1, n2] = &q.normals;
    let roughness = &mut q.roughness;
    for k in 0..quads {
        let d1 = (n1.x[k] - n0.x[k])
            .abs()
            .max((n1.y[k] - n0.y[k]).abs())
            .max((n1.z[k] - n0.z[k]).abs());
        let d2 = (n2.x[k] - n0.x[k])
            .abs()
            .max((n2.y[k] - n0.y[k]).abs())
            .max((n2.z[k] - n0.z[k]).abs());
        roughness[k] = d1.max(d2);
    }
    for l in 0..n {
        out[l] = roughness[q.quad[l] as usize];
    }
}

/// Output `output` of the draw's program `p` over the first `n` lanes of the batch: an output
/// whose value is the same in every fragment (`Draw::uniform_outputs`) is written into `uniform`
/// without running the program again.
#[allow(clippy::too_many_arguments)]
fn run_output<'r>(
    draw: &Draw,
    p: &tsl_core::NodeProgram,
    output: Output,
    batch: &FragmentBatch,
    sampler: &LaneSampler,
    registers: &'r mut Registers,
    uniform: &'r mut Register,
    n: usize,
) -> Option<&'r Register> {
    match draw.uniform_outputs.iter().find(|(o, _)| *o == output) {
        Some((_, value)) => {
            for (lane, v) in uniform.iter_mut().zip(value) {
                lane[..n].fill(*v);
            }
            Some(uniform)
        }
        None => run_nodes(p, output, batch, sampler, registers),
    }
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
        physical: physical_scratch,
        quads,
        uniform,
    } = scratch;
    let s: &mut LaneSet = lanes;
    let m = draw.material;
    let needs = &draw.needs;
    let indices = draw.geometry.indices();
    let verts = &draw.verts[..];

    // What this draw reads beyond the view-space position and normal: the program's fragment
    // views only where it reads them.
    let reads = &draw.reads;
    let has_program = draw.program.is_some();
    let reads_here = has_program && (reads.fragment || reads.here);
    let reads_screen = has_program && reads.screen;
    let wants_uv = reads_here || ctx.shading == Shading::Uv || m.maps().next().is_some();
    let wants_world = reads_here
        || ctx.hemisphere
        || m.normal_map.is_some()
        || draw.program.is_some_and(|p| p.has_output(Output::Normal));
    let wants_color = reads_here || m.vertex_colors;

    let roughness_only = !needs.surface_derivatives && !m.flat_shading;
    let reads_views =
        has_program && (reads.fragment || reads.here || reads.right || reads.up || reads.corners);
    // The corners and their weights: only for what the position and normal planes do not give.
    let wants_corners =
        wants_uv || wants_color || reads_views || (needs.quad_derivatives && !roughness_only);

    // 1. The fragment's geometry, and its neighbours' where derivatives are needed: the view
    // position and the unit view normal (three's normalViewGeometry, which the geometry's
    // roughness reads) from the triangles' planes.
    for (l, f) in frags.iter().take(n).enumerate() {
        out[l].depth = f.z;
    }
    surface_lanes(
        &draw.surface,
        &frags[..n],
        &mut s.denominators,
        &mut s.position_view,
        &mut s.normal_view,
    );
    if wants_corners || m.side != Side::Front {
        for (l, f) in frags.iter().take(n).enumerate() {
            let tri: &Tri = &draw.tris[f.tri as usize];
            s.tri[l] = f.tri;
            s.px[l] = f.x as i64;
            s.py[l] = f.y as i64;
            s.corners[l] = indices[tri.orig as usize];
            s.front[l] = tri.front;
        }
    }
    if wants_corners {
        weights_lanes(
            &draw.planes,
            &s.tri,
            &s.px,
            &s.py,
            n,
            &mut s.denominators,
            &mut s.weights,
        );
    }
    // The attributes, each component a loop over the lanes (a gather of the corners, then
    // `a·wx + b·wy + c·wz` as `interpolate` computes it).
    macro_rules! interpolate_lanes {
        ($to:expr, $field:ident, [$($c:ident),+]) => {
            for l in 0..n {
                let [a, b, c] = s.corners[l].map(|i| &verts[i as usize]);
                let (wx, wy, wz) = (s.weights.x[l], s.weights.y[l], s.weights.z[l]);
                $($to.$c[l] = a.$field.$c * wx + b.$field.$c * wy + c.$field.$c * wz;)+
            }
        };
    }
    if reads_here {
        interpolate_lanes!(s.position_world, world, [x, y, z]);
    }
    if wants_uv {
        interpolate_lanes!(s.uv_raw, uv, [x, y]);
    }
    if wants_color {
        interpolate_lanes!(s.vertex_color, color, [x, y, z]);
    }
    if reads_screen || needs.neighbours {
        for (l, f) in frags.iter().take(n).enumerate() {
            let tri: &Tri = &draw.tris[f.tri as usize];
            let (x, y) = (f.x as i64, f.y as i64);
            if reads_screen {
                // The pixel's centre from the bottom left, and its window depth.
                let (cx, cy) = (x as f32 + 0.5, ctx.height as f32 - y as f32 - 0.5);
                s.frag_coord[l][0] = Vec3::new(cx, cy, f.z);
                if needs.neighbours {
                    let depth_at =
                        |x, y| tri.depth(tri.screen_weights(tri.edges(centre(x), centre(y))));
                    s.frag_coord[l][1] = Vec3::new(cx + 1.0, cy, depth_at(x + 1, y));
                    s.frag_coord[l][2] = Vec3::new(cx, cy + 1.0, depth_at(x, y - 1));
                }
            }
            if needs.neighbours {
                let planes = &draw.planes[f.tri as usize];
                s.right_weights[l] = planes.weights_at(x + 1, y);
                s.up_weights[l] = planes.weights_at(x, y - 1);
            }
        }
    }
    if needs.quad_derivatives && roughness_only {
        // Only the geometry's roughness: the quads' normals over the batch at once.
        if needs.normal_derivatives && draw.has_normals {
            geometry_roughness_lanes(
                draw,
                &frags[..n],
                ctx.height,
                quads,
                &mut s.geometry_roughness,
            );
        } else {
            s.geometry_roughness[..n].fill(0.0);
        }
        // The uv and position derivatives stay unread here: only maps, program textures and flat
        // normals read them, and each of those asks for them (`surface_derivatives`).
    } else if needs.quad_derivatives {
        // The built-in derivatives (mip levels, the geometry's roughness, the normal map's
        // tangents, flat normals) are taken once per 2×2 quad of window pixels, at its lower-left
        // pixel, as GPUs take them.
        let mut quad_cache: Option<((u32, i64, i64), QuadDerivatives)> = None;
        for (l, f) in frags.iter().take(n).enumerate() {
            let (qx, qy) = quad_origin(f.x as i64, f.y as i64, ctx.height);
            let key = (f.tri, qx, qy);
            let d = match quad_cache {
                Some((k, d)) if k == key => d,
                _ => {
                    let vs = s.corners[l].map(|i| &verts[i as usize]);
                    let d = quad_derivatives(&draw.planes[f.tri as usize], vs, qx, qy, needs);
                    quad_cache = Some((key, d));
                    d
                }
            };
            s.duv[l] = d.uv;
            s.dposition[l] = d.position;
            s.geometry_roughness[l] = if draw.has_normals && !m.flat_shading {
                let (dx, dy) = d.normal;
                dx.abs().max(dy.abs()).max_element()
            } else {
                0.0
            };
        }
    } else {
        s.geometry_roughness[..n].fill(0.0);
    }
    if m.flat_shading {
        for l in 0..n {
            let (d0, d1) = s.dposition[l];
            s.normal_view.set(l, d0.cross(d1));
        }
        normalize_lanes(&mut s.normal_view, n);
    }
    // Turned toward the viewer by side (a front side and flat normals stay as they are).
    if !(m.flat_shading || m.side == Side::Front) {
        for l in 0..n {
            let sign = face_sign(m.side, s.front[l]);
            s.normal_view.x[l] *= sign;
            s.normal_view.y[l] *= sign;
            s.normal_view.z[l] *= sign;
        }
    }
    if wants_world {
        transform_lanes(&ctx.view_to_world, &s.normal_view, &mut s.normal_world, n);
        normalize_lanes(&mut s.normal_world, n);
    }

    // The uv() attribute: the map's coordinate through its transform.
    let uv_of = |uv: Vec2| match &draw.uv_matrix {
        Some(mat) => transform_uv(mat, uv),
        None => uv,
    };
    if needs.surface_derivatives {
        // The sampler's gradients (read only where a program samples a texture, which asks for
        // the surface derivatives).
        for l in 0..n {
            gradients[l] = match &draw.uv_matrix {
                Some(mat) => (linear2(mat, s.duv[l].0), linear2(mat, s.duv[l].1)),
                None => s.duv[l],
            };
        }
    }

    if ctx.shading == Shading::Uv {
        for l in 0..n {
            let uv = s.uv_raw.get(l);
            out[l].color = [srgb_eotf(uv.x), srgb_eotf(uv.y), 0.0, 1.0];
        }
        return;
    }
    let white = ctx.shading == Shading::Lit;
    let map = |id: Option<tsl_core::TextureId>| id.and_then(|id| ctx.textures.get(id));

    // Data kinds: no lights, no program.
    if matches!(m.kind, MaterialKind::Normals | MaterialKind::Depth) {
        for l in 0..n {
            let rgb = match m.kind {
                MaterialKind::Normals => s.normal_view.get(l) * 0.5 + 0.5,
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
    if reads_views {
        fill_views(ctx, draw, s, n, batch, &uv_of);
    }

    // 2. The depth node (forward draws alone run it: a deferred draw has none).
    if let Some(p) = program.filter(|p| p.has_output(Output::Depth)) {
        if let Some(r) = run_output(
            draw,
            p,
            Output::Depth,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
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
            let mut t = read_map(texture, s.uv_raw.get(l), s.duv[l]).truncate() * 2.0 - 1.0;
            let scale = if m.flat_shading {
                m.normal_scale * face_sign(m.side, s.front[l])
            } else {
                m.normal_scale
            };
            t.x *= scale.x;
            t.y *= scale.y;
            let (q0, q1) = s.dposition[l];
            let (st0, st1) = match (texture.has_identity_transform(), texture.uv_matrix()) {
                (true, _) => s.duv[l],
                (false, mat) => (linear2(&mat, s.duv[l].0), linear2(&mat, s.duv[l].1)),
            };
            // The normal turned by side, before this lane's own is written below.
            let nn = s.normal_view.get(l);
            let q1perp = q1.cross(nn);
            let q0perp = nn.cross(q0);
            let tangent = q1perp * st0.x + q0perp * st1.x;
            let bitangent = q1perp * st0.y + q0perp * st1.y;
            let det = tangent.dot(tangent).max(bitangent.dot(bitangent));
            let k = if det == 0.0 { 0.0 } else { 1.0 / det.sqrt() };
            let sign = if m.flat_shading {
                1.0
            } else {
                face_sign(m.side, s.front[l])
            };
            let (tv, bv) = (tangent * k * sign, bitangent * k * sign);
            let normal_view = (tv * t.x + bv * t.y + nn * t.z).normalize_or_zero();
            s.normal_view.set(l, normal_view);
            s.normal_world
                .set(l, (ctx.view_to_world * normal_view).normalize_or_zero());
        }
        if program.is_some() {
            put_fragment_normals(batch, s, n);
        }
    }
    if let Some(p) = program.filter(|p| p.has_output(Output::Normal)) {
        if let Some(r) = run_output(
            draw,
            p,
            Output::Normal,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
            for l in 0..n {
                let world = (s.normal_world.get(l) + lane_value(r, l, 3)).normalize_or_zero();
                s.normal_world.set(l, world);
                s.normal_view
                    .set(l, (ctx.world_to_view * world).normalize_or_zero());
            }
            put_fragment_normals(batch, s, n);
        }
    }

    // 4. The mask, the colour, the opacity, the alpha test, the emissive, the AO.
    if let Some(p) = program.filter(|p| p.has_output(Output::Mask)) {
        if let Some(r) = run_output(
            draw,
            p,
            Output::Mask,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
            for l in 0..n {
                if r[0][l] == 0.0 {
                    out[l].keep = false;
                }
            }
        }
    }
    let color_node = program.filter(|p| p.has_output(Output::Color));
    let opacity_node = program.filter(|p| p.has_output(Output::Opacity));
    let map_texture = map(m.map).filter(|_| !white);
    let needs_map = map_texture.is_some() && (color_node.is_none() || opacity_node.is_none());
    let base = m.color.to_vec3();
    match map_texture.filter(|_| needs_map) {
        Some(t) => {
            for l in 0..n {
                let texel = read_map(t, s.uv_raw.get(l), s.duv[l]);
                let mut rgb = base * texel.truncate();
                if m.vertex_colors {
                    rgb *= s.vertex_color.get(l);
                }
                s.diffuse.set(l, rgb);
                s.alpha[l] = m.opacity * texel.w;
            }
        }
        None => {
            // The texel is white: `color · 1`, as the mapped form computes it.
            let rgb = base * Vec3::ONE;
            s.diffuse.x[..n].fill(rgb.x);
            s.diffuse.y[..n].fill(rgb.y);
            s.diffuse.z[..n].fill(rgb.z);
            s.alpha[..n].fill(m.opacity * 1.0);
            if m.vertex_colors {
                for l in 0..n {
                    s.diffuse.x[l] *= s.vertex_color.x[l];
                    s.diffuse.y[l] *= s.vertex_color.y[l];
                    s.diffuse.z[l] *= s.vertex_color.z[l];
                }
            }
        }
    }
    if let Some(p) = color_node {
        if let Some(r) = run_output(
            draw,
            p,
            Output::Color,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
            copy_register(r, &mut s.diffuse, n);
        }
    }
    if let Some(p) = opacity_node {
        if let Some(r) = run_output(
            draw,
            p,
            Output::Opacity,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
            s.alpha[..n].copy_from_slice(&r[0][..n]);
        }
    }
    if m.alpha_test > 0.0 {
        for l in 0..n {
            if s.alpha[l] <= m.alpha_test {
                out[l].keep = false;
            }
        }
    }
    if !m.transparent {
        s.alpha[..n].fill(1.0);
    }
    let emissive = m.emissive.to_vec3() * m.emissive_intensity;
    match map(m.emissive_map).filter(|_| !white) {
        Some(t) => {
            for l in 0..n {
                let e = emissive * read_map(t, s.uv_raw.get(l), s.duv[l]).truncate();
                s.emissive.set(l, e);
            }
        }
        None => {
            s.emissive.x[..n].fill(emissive.x);
            s.emissive.y[..n].fill(emissive.y);
            s.emissive.z[..n].fill(emissive.z);
        }
    }
    if let Some(p) = program.filter(|p| p.has_output(Output::Emissive)) {
        if let Some(r) = run_output(
            draw,
            p,
            Output::Emissive,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
            copy_register(r, &mut s.emissive, n);
        }
    }
    match map(m.ao_map).filter(|_| !white) {
        Some(t) => {
            for l in 0..n {
                s.ao[l] =
                    (read_map(t, s.uv_raw.get(l), s.duv[l]).x - 1.0) * m.ao_map_intensity + 1.0;
            }
        }
        None => s.ao[..n].fill(1.0),
    }
    if let Some(p) = program.filter(|p| p.has_output(Output::Ao)) {
        if let Some(r) = run_output(draw, p, Output::Ao, batch, &sampler, registers, uniform, n) {
            s.ao[..n].copy_from_slice(&r[0][..n]);
        }
    }

    // 5. The lights, the emissive, the fog.
    let fog = ctx.fog.filter(|_| m.fog);
    if ctx.orthographic {
        s.view_dir.x[..n].fill(0.0);
        s.view_dir.y[..n].fill(0.0);
        s.view_dir.z[..n].fill(1.0);
    } else {
        let (p, v) = (&s.position_view, &mut s.view_dir);
        for l in 0..n {
            [v.x[l], v.y[l], v.z[l]] = unit_or_zero(-p.x[l], -p.y[l], -p.z[l]);
        }
    }
    let clearcoat = m.kind == MaterialKind::Physical && m.clearcoat > 0.0;
    match m.kind {
        MaterialKind::Standard | MaterialKind::Physical => {
            // The physical model runs over the whole batch at once (shade/lanes.rs).
            for l in 0..n {
                s.roughness[l] = final_roughness(m.roughness, s.geometry_roughness[l]);
            }
            if clearcoat {
                for l in 0..n {
                    s.clearcoat_roughness[l] =
                        final_roughness(m.clearcoat_roughness, s.geometry_roughness[l]);
                }
            }
            physical_lanes(
                &ctx.lights,
                &PhysicalLanes {
                    count: n,
                    normal: &s.normal_view,
                    normal_world: &s.normal_world,
                    view_dir: &s.view_dir,
                    position: &s.position_view,
                    diffuse: &s.diffuse,
                    ao: &s.ao,
                    roughness: &s.roughness,
                    metalness: m.metalness,
                    clearcoat: clearcoat.then_some((m.clearcoat, &s.clearcoat_roughness)),
                },
                physical_scratch,
                &mut s.outgoing,
            );
        }
        MaterialKind::Basic => {
            for l in 0..n {
                s.outgoing.x[l] = s.diffuse.x[l] * s.ao[l];
                s.outgoing.y[l] = s.diffuse.y[l] * s.ao[l];
                s.outgoing.z[l] = s.diffuse.z[l] * s.ao[l];
            }
        }
        MaterialKind::Lambert | MaterialKind::Phong => {
            let specular =
                (m.kind == MaterialKind::Phong).then(|| (m.specular.to_vec3(), m.shininess));
            for l in 0..n {
                let surface = Surface {
                    normal: s.normal_view.get(l),
                    normal_world: s.normal_world.get(l),
                    view_dir: s.view_dir.get(l),
                    position: s.position_view.get(l),
                    diffuse: s.diffuse.get(l),
                    ao: s.ao[l],
                };
                s.outgoing.set(l, phong(&ctx.lights, &surface, specular));
            }
        }
        MaterialKind::Normals | MaterialKind::Depth => s.outgoing = s.diffuse,
    }
    for l in 0..n {
        let outgoing = s.outgoing.get(l);
        let mut rgb = (outgoing + s.emissive.get(l)).max(Vec3::ZERO);
        let alpha = s.alpha[l].max(0.0);
        if let Some(fog) = fog {
            let factor = fog.factor(-s.position_view.z[l]);
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
        if let Some(r) = run_output(
            draw,
            p,
            Output::Output,
            batch,
            &sampler,
            registers,
            uniform,
            n,
        ) {
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
    planes: &WeightPlanes,
    vs: [&Vertex; 3],
    qx: i64,
    qy: i64,
    needs: &crate::raster::draw::Needs,
) -> QuadDerivatives {
    let w0 = planes.weights_at(qx, qy);
    let w1 = planes.weights_at(qx + 1, qy);
    let w2 = planes.weights_at(qx, qy - 1);
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

/// Write the batch's current normals into the fragment's view (after a normal map or node).
fn put_fragment_normals(batch: &mut FragmentBatch, s: &LaneSet, n: usize) {
    for l in 0..n {
        put_normals(
            batch,
            View::Fragment,
            l,
            s.normal_world.get(l),
            s.normal_view.get(l),
        );
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
    s: &LaneSet,
    n: usize,
    batch: &mut FragmentBatch,
    uv_of: &dyn Fn(Vec2) -> Vec2,
) {
    let reads = &draw.reads;
    let color = draw.material.color.to_vec3();
    for l in 0..n {
        let vs = s.corners[l].map(|i| &draw.verts[i as usize]);
        let front = s.front[l];
        let sign = face_sign(draw.material.side, front);
        // TSL's frontFacing, and GLSL's gl_FrontFacing, which three.js turns round for BACK_SIDE.
        let front_facing = Vec3::splat(front as u8 as f32);
        let gl_front_facing =
            Vec3::splat((front != (draw.material.side == Side::Back)) as u8 as f32);
        let frag_coord = s.frag_coord[l];
        let screen = reads.screen.then_some([
            (View::Fragment, frag_coord[0], reads.fragment),
            (View::DerivativeHere, frag_coord[0], reads.here),
            (View::Right, frag_coord[1], reads.right),
            (View::Up, frag_coord[2], reads.up),
        ]);
        for (view, frag_coord, read) in screen.into_iter().flatten() {
            if read {
                put(batch, view, Attribute::FragCoord, l, frag_coord);
                put(batch, view, Attribute::FrontFacing, l, front_facing);
                put(batch, view, Attribute::GlFrontFacing, l, gl_front_facing);
            }
        }
        if reads.fragment || reads.here {
            for view in [View::Fragment, View::DerivativeHere] {
                put(
                    batch,
                    view,
                    Attribute::Uv,
                    l,
                    uv_of(s.uv_raw.get(l)).extend(0.0),
                );
                put(
                    batch,
                    view,
                    Attribute::PositionWorld,
                    l,
                    s.position_world.get(l),
                );
                put(
                    batch,
                    view,
                    Attribute::PositionView,
                    l,
                    s.position_view.get(l),
                );
                put(
                    batch,
                    view,
                    Attribute::VertexColor,
                    l,
                    color * s.vertex_color.get(l),
                );
                put(batch, view, Attribute::Barycentric, l, s.weights.get(l));
                put(batch, view, Attribute::Lit, l, Vec3::ZERO);
                put_normals(batch, view, l, s.normal_world.get(l), s.normal_view.get(l));
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
                s.right_weights[l],
                sign,
                uv_of,
            );
        }
        if reads.up {
            put_interpolated(
                ctx,
                draw,
                batch,
                View::Up,
                l,
                vs,
                s.up_weights[l],
                sign,
                uv_of,
            );
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
