//! Stage 3 of shading, [`shade_normal`]: the normal map or the bump map, then the normal node.

use super::geometry::face_sign;
use super::lane_math::lane_value;
use super::maps::{linear2, read_map};
use super::state::{BatchState, LaneSet};
use super::views::put_fragment_normals;
use glam::{Vec2, Vec3};
use tsl_core::Output;

/// Stage 3: the normal map (tangents from the screen derivatives of the position and the uv) or,
/// without one, the bump map, then the normal node's world-space offset, each made unit length
/// again and written into the fragment's view for the stages after.
#[inline(always)]
pub(super) fn shade_normal(state: &mut BatchState) {
    let texture = state.map(state.draw.material.normal_map);
    let bump = state.map(state.draw.material.bump_map);
    let BatchState {
        ctx,
        draw,
        n,
        lanes: s,
        nodes,
        ..
    } = state;
    let (ctx, draw, n) = (*ctx, *draw, *n);
    let m = draw.material;
    if let Some(texture) = texture {
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
            let sign = if m.flat_shading {
                1.0
            } else {
                face_sign(m.side, s.front[l])
            };
            let (tv, bv) = if draw.has_tangents {
                vertex_tangents(s, l, sign)
            } else {
                let q1perp = q1.cross(nn);
                let q0perp = nn.cross(q0);
                let tangent = q1perp * st0.x + q0perp * st1.x;
                let bitangent = q1perp * st0.y + q0perp * st1.y;
                let det = tangent.dot(tangent).max(bitangent.dot(bitangent));
                let k = if det == 0.0 { 0.0 } else { 1.0 / det.sqrt() };
                (tangent * k * sign, bitangent * k * sign)
            };
            let normal_view = (tv * t.x + bv * t.y + nn * t.z).normalize_or_zero();
            s.normal_view.set(l, normal_view);
            s.normal_world
                .set(l, (ctx.view_to_world * normal_view).normalize_or_zero());
        }
        if draw.program.is_some() {
            put_fragment_normals(nodes.batch, s, n);
        }
    } else if let Some(texture) = bump {
        for l in 0..n {
            let (uv, duv) = (s.uv_raw.get(l), s.duv[l]);
            let height = |at: Vec2| read_map(texture, at, duv).x;
            let h = height(uv);
            let dh = Vec2::new(height(uv + duv.0) - h, height(uv + duv.1) - h) * m.bump_scale;
            let side = face_sign(m.side, s.front[l]);
            let normal_view = bumped(s.normal_view.get(l), s.dposition[l], dh, side);
            s.normal_view.set(l, normal_view);
            s.normal_world
                .set(l, (ctx.view_to_world * normal_view).normalize_or_zero());
        }
        if draw.program.is_some() {
            put_fragment_normals(nodes.batch, s, n);
        }
    }
    if let Some(r) = nodes.run(draw, Output::Normal, n) {
        for l in 0..n {
            let world = (s.normal_world.get(l) + lane_value(r, l, 3)).normalize_or_zero();
            s.normal_world.set(l, world);
            s.normal_view
                .set(l, (ctx.world_to_view * world).normalize_or_zero());
        }
        put_fragment_normals(nodes.batch, s, n);
    }
}

/// The tangent and bitangent of three's `TBNViewMatrix` on a geometry with tangents: lane `l`'s
/// interpolated `v_tangentView` and `v_bitangentView` made unit, times `sign` (three's
/// `negateOnBackSide`; 1 when flat-shaded).
pub(super) fn vertex_tangents(s: &LaneSet, l: usize, sign: f32) -> (Vec3, Vec3) {
    (
        s.tangent_view.get(l).normalize_or_zero() * sign,
        s.bitangent_view.get(l).normalize_or_zero() * sign,
    )
}

/// three.js's `perturbNormalArb` (Mikkelsen's surface-gradient bump): the view normal `normal`
/// turned by the height's screen differences `dh` (`dHdxy_fwd`: the height read at the uv plus
/// each of its screen derivatives, less the height at the uv, times `bumpScale`), over the view
/// position's derivatives `dposition`; `side` is three's `faceDirection`.
pub(super) fn bumped(normal: Vec3, dposition: (Vec3, Vec3), dh: Vec2, side: f32) -> Vec3 {
    let (sx, sy) = (
        dposition.0.normalize_or_zero(),
        dposition.1.normalize_or_zero(),
    );
    let r1 = sy.cross(normal);
    let r2 = normal.cross(sx);
    let det = sx.dot(r1) * side;
    let grad = (r1 * dh.x + r2 * dh.y) * sign(det);
    (normal * det.abs() - grad).normalize_or_zero()
}

/// GLSL's `sign`: 0 at 0 (Rust's `signum` gives ±1 there).
fn sign(v: f32) -> f32 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else {
        0.0
    }
}
