//! The program's views of a batch (R-RUN, docs/requirements.md): the fragment, the derivative's
//! "here", the pixels to the right and above (from the triangle's attribute planes, with their
//! own weights) and the triangle's three corners, each lane's attributes written where the
//! program reads them.

use super::geometry::{face_sign, interpolate};
use super::maps::transform_uv;
use super::state::{BatchState, LaneSet};
use crate::frame::FrameContext;
use crate::raster::draw::{Draw, Vertex};
use crate::scene::Side;
use glam::{Vec2, Vec3};
use tsl_core::{Attribute, FragmentBatch, View, CUSTOM_LANES};

/// Write one attribute of one lane in one view.
#[inline]
pub(super) fn put(
    batch: &mut FragmentBatch,
    view: View,
    attribute: Attribute,
    lane: usize,
    v: Vec3,
) {
    if let Some(row) = attribute.lane_index() {
        let slot = &mut batch.views[view as usize][row];
        slot[0][lane] = v.x;
        slot[1][lane] = v.y;
        slot[2][lane] = v.z;
    }
}

/// Write one lane's custom attributes (R-ATTR-1) in one view: the corners' 8 floats weighed by
/// `w`, the original triangle's weights (so a triangle cut at the near plane carries them); and
/// on a point its `point_coord()` (R-PRIM-3), weighed alike.
pub(super) fn put_custom(
    batch: &mut FragmentBatch,
    view: View,
    lane: usize,
    draw: &Draw,
    corners: [u32; 3],
    w: Vec3,
) {
    // Invariant: `point_coord` is empty or one entry per vertex (Draw::new).
    let pc = match corners.map(|i| draw.point_coord.get(i as usize)) {
        [Some(a), Some(b), Some(c)] => *a * w.x + *b * w.y + *c * w.z,
        _ => Vec2::ZERO,
    };
    put(batch, view, Attribute::PointCoord, lane, pc.extend(0.0));
    // Invariant: `custom` is empty or one entry per vertex (Draw::new), and the corners index
    // the draw's vertices.
    let [Some(a), Some(b), Some(c)] = corners.map(|i| draw.custom.get(i as usize)) else {
        return;
    };
    for (attribute, first, width) in CUSTOM_LANES {
        let Some(row) = attribute.lane_index() else {
            continue;
        };
        let slot = &mut batch.views[view as usize][row];
        for (k, component) in slot.iter_mut().enumerate().take(width) {
            let f = first + k;
            component[lane] = a[f] * w.x + b[f] * w.y + c[f] * w.z;
        }
    }
}

/// Write the batch's current normals into the fragment's view (after a normal map or node).
pub(super) fn put_fragment_normals(batch: &mut FragmentBatch, s: &LaneSet, n: usize) {
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

pub(super) fn put_normals(
    batch: &mut FragmentBatch,
    view: View,
    lane: usize,
    world: Vec3,
    view_n: Vec3,
) {
    put(batch, view, Attribute::NormalWorld, lane, world);
    put(batch, view, Attribute::NormalView, lane, view_n);
}

/// Write one view of one lane: the attributes at weights `w` of the corners `vs`.
#[allow(clippy::too_many_arguments)]
pub(super) fn put_interpolated(
    ctx: &FrameContext,
    batch: &mut FragmentBatch,
    view: View,
    lane: usize,
    vs: [&Vertex; 3],
    w: Vec3,
    sign: f32,
    uv_of: &dyn Fn(Vec2) -> Vec2,
) {
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
        interpolate(vs, w, |v| v.color.truncate()),
    );
    put(batch, view, Attribute::Barycentric, lane, w);
    if view.is_corner() {
        // Read only at the corners: a fragment's local position or normal is a varying (R-VAL-18).
        put(
            batch,
            view,
            Attribute::PositionLocal,
            lane,
            interpolate(vs, w, |v| v.local),
        );
        put(
            batch,
            view,
            Attribute::NormalLocal,
            lane,
            interpolate(vs, w, |v| v.normal_local),
        );
    }
}

/// The views the program reads, filled for the stages after the geometry (a draw whose program
/// reads none skips them).
#[inline]
pub(super) fn fill_program_views(state: &mut BatchState) {
    if !state.wants.views {
        return;
    }
    let BatchState {
        ctx,
        draw,
        n,
        lanes,
        nodes,
        ..
    } = state;
    let draw = *draw;
    // The uv() attribute: the geometry's uv (`uv_matrix` is `None`, R-VAL-5).
    let uv_of = |uv: Vec2| match &draw.uv_matrix {
        Some(mat) => transform_uv(mat, uv),
        None => uv,
    };
    fill_views(ctx, draw, lanes, *n, nodes.batch, &uv_of);
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
                    s.vertex_color.get(l),
                );
                put(batch, view, Attribute::Barycentric, l, s.weights.get(l));
                put_custom(batch, view, l, draw, s.corners[l], s.weights.get(l));
                put(batch, view, Attribute::Lit, l, Vec3::ZERO);
                put(batch, view, Attribute::LitAlpha, l, Vec3::ZERO);
                put_normals(batch, view, l, s.normal_world.get(l), s.normal_view.get(l));
            }
        }
        if reads.right {
            put_interpolated(
                ctx,
                batch,
                View::Right,
                l,
                vs,
                s.right_weights[l],
                sign,
                uv_of,
            );
            put_custom(
                batch,
                View::Right,
                l,
                draw,
                s.corners[l],
                s.right_weights[l],
            );
        }
        if reads.up {
            put_interpolated(ctx, batch, View::Up, l, vs, s.up_weights[l], sign, uv_of);
            put_custom(batch, View::Up, l, draw, s.corners[l], s.up_weights[l]);
        }
        if reads.corners {
            for (k, view) in View::CORNERS.into_iter().enumerate() {
                let mut w = Vec3::ZERO;
                w[k] = 1.0;
                put_interpolated(ctx, batch, view, l, vs, w, sign, uv_of);
                put_custom(batch, view, l, draw, s.corners[l], w);
            }
        }
    }
}
