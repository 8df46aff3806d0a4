//! Stage 1 of shading, [`shade_geometry`]: each fragment's geometry and its neighbours', from the
//! triangle's planes, and what it takes: the perspective weights, the quads' derivatives, the
//! geometry's roughness.

use super::lane_math::{normalize_lanes, transform_lanes, Lanes3};
use super::maps::linear2;
use super::state::{BatchState, FragIn, LaneSet};
use crate::raster::draw::{Draw, Needs, Vertex};
use crate::raster::setup::{centre, Tri, WeightPlanes};
use crate::raster::surface::SurfacePlanes;
use crate::scene::{Primitive, Side};
use glam::{Vec2, Vec3};
use tsl_core::{Lane, LANES};

/// Stage 1: the fragment's geometry, and its neighbours' where derivatives are needed: the view
/// position and the unit view normal (three's normalViewGeometry, which the geometry's roughness
/// reads) from the triangles' planes; the attributes the draw reads; the quads' derivatives and
/// the geometry's roughness; flat shading; the normal turned toward the viewer by side; the world
/// normal; the sampler's gradients.
#[inline(always)]
pub(super) fn shade_geometry(state: &mut BatchState, quads: &mut QuadLanes) {
    let BatchState {
        ctx,
        draw,
        frags,
        n,
        wants,
        lanes: s,
        nodes,
        out,
        ..
    } = state;
    let (ctx, draw, frags, n) = (*ctx, *draw, *frags, *n);
    let s: &mut LaneSet = s;
    let m = draw.material;
    let needs = &draw.needs;
    let indices = draw.indices();
    let verts = &draw.verts[..];

    for (l, f) in frags.iter().enumerate() {
        out[l].depth = f.z;
    }
    surface_lanes(
        &draw.surface,
        frags,
        &mut s.denominators,
        &mut s.position_view,
        &mut s.normal_view,
    );
    if wants.corners || m.side != Side::Front {
        for (l, f) in frags.iter().enumerate() {
            let tri: &Tri = &draw.tris[f.tri as usize];
            s.tri[l] = f.tri;
            s.px[l] = f.x as i64;
            s.py[l] = f.y as i64;
            s.corners[l] = indices[tri.orig as usize];
            s.front[l] = tri.front;
        }
    }
    if wants.corners {
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
    if wants.reads_here {
        interpolate_lanes!(s.position_world, world, [x, y, z]);
    }
    if wants.uv {
        interpolate_lanes!(s.uv_raw, uv, [x, y]);
    }
    if wants.vertex_color {
        interpolate_lanes!(s.vertex_color, color, [x, y, z]);
        for l in 0..n {
            let [a, b, c] = s.corners[l].map(|i| &verts[i as usize]);
            let w = (s.weights.x[l], s.weights.y[l], s.weights.z[l]);
            s.vertex_alpha[l] = a.color.w * w.0 + b.color.w * w.1 + c.color.w * w.2;
        }
    }
    if wants.tangents {
        interpolate_lanes!(s.tangent_view, tangent, [x, y, z]);
        interpolate_lanes!(s.bitangent_view, bitangent, [x, y, z]);
    }
    if wants.reads_screen || needs.neighbours {
        for (l, f) in frags.iter().enumerate() {
            let tri: &Tri = &draw.tris[f.tri as usize];
            let (x, y) = (f.x as i64, f.y as i64);
            if wants.reads_screen {
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
    if needs.quad_derivatives && wants.roughness_only {
        // Only the geometry's roughness: the quads' normals over the batch at once.
        if needs.normal_derivatives && draw.has_normals {
            geometry_roughness_lanes(draw, frags, ctx.height, quads, &mut s.geometry_roughness);
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
        for (l, f) in frags.iter().enumerate() {
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
    if wants.world_normal {
        transform_lanes(&ctx.view_to_world, &s.normal_view, &mut s.normal_world, n);
        normalize_lanes(&mut s.normal_world, n);
    }

    if needs.surface_derivatives && draw.primitive != Primitive::Triangles {
        primitive_footprints(draw, frags, ctx.height, &mut s.duv);
    }
    if needs.surface_derivatives {
        // The sampler's gradients (read only where a program samples a texture, which asks for
        // the surface derivatives).
        for l in 0..n {
            nodes.gradients[l] = match &draw.uv_matrix {
                Some(mat) => (linear2(mat, s.duv[l].0), linear2(mat, s.duv[l].1)),
                None => s.duv[l],
            };
        }
    }
}

/// The uv derivatives a point's or a line's texture reads take (R-PRIM-8), in place of its uv's
/// own into `duv`: a point's uv is the same at each of its pixels, so a point reads the level
/// its width chooses, as a read at `point_coord()` does (its derivatives, one over the width,
/// per 2×2 window quad as the uv's); a line reads the full-size level (no derivative).
fn primitive_footprints(
    draw: &Draw,
    frags: &[FragIn],
    height: u32,
    duv: &mut [(Vec2, Vec2); LANES],
) {
    let indices = draw.indices();
    for (l, f) in frags.iter().enumerate().take(LANES) {
        duv[l] = match draw.primitive {
            Primitive::Points => {
                let tri: &Tri = &draw.tris[f.tri as usize];
                // Invariant: a point's corners each have a point_coord (raster/primitive.rs).
                let pc = indices[tri.orig as usize].map(|i| {
                    draw.point_coord
                        .get(i as usize)
                        .copied()
                        .unwrap_or_default()
                });
                let planes = &draw.planes[f.tri as usize];
                let (qx, qy) = quad_origin(f.x as i64, f.y as i64, height);
                let at = |w: Vec3| pc[0] * w.x + pc[1] * w.y + pc[2] * w.z;
                let p0 = at(planes.weights_at(qx, qy));
                (
                    at(planes.weights_at(qx + 1, qy)) - p0,
                    at(planes.weights_at(qx, qy - 1)) - p0,
                )
            }
            _ => (Vec2::ZERO, Vec2::ZERO),
        };
    }
}

pub(super) fn interpolate<T>(vs: [&Vertex; 3], w: Vec3, f: impl Fn(&Vertex) -> T) -> T
where
    T: std::ops::Mul<f32, Output = T> + std::ops::Add<Output = T>,
{
    f(vs[0]) * w.x + f(vs[1]) * w.y + f(vs[2]) * w.z
}

/// The perspective weights of the original corners at `count` points, point `k` on triangle
/// `tris[k]` at pixel (`xs[k]`, `ys[k]`), from the triangles' planes, into `out`. The gathers
/// run a point at a time; the divisions over all the points at once.
pub(super) fn weights_lanes(
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
pub(super) struct QuadLanes {
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
#[inline(always)]
pub(super) fn surface_lanes(
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
#[inline(always)]
pub(super) fn geometry_roughness_lanes(
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

/// The screen derivatives of a quad: (toward the right, toward the row above).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct QuadDerivatives {
    uv: (Vec2, Vec2),
    position: (Vec3, Vec3),
    normal: (Vec3, Vec3),
}

/// The derivatives at the lower-left pixel (`qx`, `qy`) of a quad, from the triangle's planes.
pub(super) fn quad_derivatives(
    planes: &WeightPlanes,
    vs: [&Vertex; 3],
    qx: i64,
    qy: i64,
    needs: &Needs,
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
pub(super) fn quad_origin(x: i64, y: i64, height: u32) -> (i64, i64) {
    let window_row = height as i64 - 1 - y;
    (x & !1, height as i64 - 1 - (window_row & !1))
}

/// +1 where the normal stays, −1 where a back face turns it (three.js's `negateOnBackSide`).
pub(super) fn face_sign(side: Side, front: bool) -> f32 {
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
