//! A point's or a line's depth in a light's view (R-PRIM-5, docs/primitives.md). The light's
//! view runs no program on them: it draws their depth alone, from their placed vertices (the
//! position node has moved them), expanded again in the map as the frame expands them on the
//! screen (raster/primitive.rs): a point the square of its width in texels, centred on its
//! vertex, a line 1 texel across its minor axis.
//!
//! A point's width in the map: `Material::size`, attenuated as on the screen where the light's
//! camera is perspective (a spot light's, a point light's faces) with the map's height; a size
//! node's value runs once per point with the frame's view (R-PRIM-3), and the map takes that
//! width as it is.

use super::raster::{DepthMap, Faces};
use crate::raster::clip::ClipVertex;
use crate::raster::draw::Draw;
use crate::raster::point_size::material_width;
use crate::raster::primitive::{draw_order, expand};
use crate::scene::Primitive;
use glam::{Mat4, Vec4};
use tsl_core::Output;

/// How far left a point's or a line's quads are moved before the map fills them, in texels: the
/// map takes a texel whose centre is on a triangle's edge, where GL's rule takes a pixel on the
/// left edge of a square and not on its right (the frame's set-up follows that rule itself, and
/// raster/primitive.rs's `TIE_DOWN` already gives a tie between rows to the row below). One step
/// of 1/256 texel moves no edge of a point a whole number of texels wide past a centre it does
/// not touch: its snapped edges are on the 1/16-texel grid.
const TIE_LEFT: f32 = 1.0 / 256.0;

/// Draw `draw`'s points or lines (not triangles) into `map`, seen from a light through `view`
/// (world to the light's view) and `projection` (to WebGL clip space).
pub(super) fn draw_depth(
    map: &mut DepthMap,
    draw: &Draw,
    view: Mat4,
    projection: Mat4,
    poly: &mut Vec<ClipVertex>,
) {
    if draw.primitive == Primitive::Triangles {
        return;
    }
    let view_projection = projection * view;
    let clip: Vec<Vec4> = draw
        .source
        .iter()
        .map(|v| view_projection * v.world.extend(1.0))
        .collect();
    let order = draw_order(draw.geometry, draw.source.len());
    let node_widths = draw.program.is_some_and(|p| p.has_output(Output::Size));
    let width = |k: usize| {
        if node_widths {
            draw.point_widths.get(k).copied().unwrap_or(1.0)
        } else {
            let z = draw
                .source
                .get(k)
                .map_or(-1.0, |v| view.transform_point3(v.world).z);
            material_width(draw.material, projection, map.height, z)
        }
    };
    let quads = expand(
        draw.primitive,
        &order,
        &clip,
        width,
        (map.width, map.height),
    );
    // TIE_LEFT in clip units at w 1: the NDC's 2 over the map's width.
    let shift = 2.0 * TIE_LEFT / map.width.max(1) as f32;
    for tri in &quads.tris {
        let corners = tri.map(|i| {
            let c = quads.corners.get(i as usize).map_or(Vec4::ZERO, |s| s.clip);
            c - Vec4::new(shift * c.w, 0.0, 0.0, 0.0)
        });
        map.draw(corners, Faces::Both, poly, None);
    }
}
