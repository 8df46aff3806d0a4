//! A point's width in pixels (R-PRIM-3): the material's `size`, attenuated by distance under a
//! perspective camera as three.js's `sizeAttenuation`, or the size node's value, run on the host
//! once per point with the frame's time and view (it replaces both).

use super::draw::Vertex;
use crate::error::{MaterialRefusal, Pixels};
use crate::scene::Material;
use glam::Mat4;
use tsl_core::{
    run_nodes, Attribute, FragmentBatch, NodeProgram, Output, Registers, View, WhiteSampler, LANES,
};

/// The size node's run over a batch, which the caller hands its interpreter's buffers.
pub(crate) type SizeRun<'a> = dyn FnMut(&mut FragmentBatch, &mut Registers) -> Vec<f32> + 'a;

/// Each vertex's point width in pixels, or the refusal of a width that is not above zero.
///
/// Without a size node: `material.size`, times `(height / 2) / −z_view` where the camera is
/// perspective (three.js's `isPerspectiveMatrix`: the projection's `m[11]` is −1) and
/// `size_attenuation` is on (WebGLRenderer's points shader, which PointsNodeMaterial follows:
/// `pointSize · scale / −positionView.z` with `scale` half the canvas height).
pub(crate) fn point_sizes(
    verts: &[Vertex],
    custom: &[[f32; 8]],
    material: &Material,
    program: Option<&NodeProgram>,
    projection: Mat4,
    height: u32,
    interpreter: impl FnOnce(&mut SizeRun) -> Vec<f32>,
) -> Result<Vec<f32>, MaterialRefusal> {
    let sizes = match program.filter(|p| p.has_output(Output::Size)) {
        Some(program) => {
            interpreter(&mut |batch, registers| size_node(verts, custom, program, batch, registers))
        }
        None => verts
            .iter()
            .map(|v| material_width(material, projection, height, v.view.z))
            .collect(),
    };
    match sizes.iter().find(|s| !(**s > 0.0 && s.is_finite())) {
        Some(&size) => Err(MaterialRefusal::PointSize { size: Pixels(size) }),
        None => Ok(sizes),
    }
}

/// The width in pixels of a point of `material` (without a size node) at view depth `z_view`,
/// seen through `projection` on a screen `height` pixels high: `material.size`, times
/// `(height / 2) / −z_view` where the camera is perspective (three.js's `isPerspectiveMatrix`:
/// the projection's `m[11]` is −1) and `size_attenuation` is on.
pub(crate) fn material_width(
    material: &Material,
    projection: Mat4,
    height: u32,
    z_view: f32,
) -> f32 {
    let perspective = projection.z_axis.w == -1.0;
    if perspective && material.size_attenuation {
        material.size * (height as f32 * 0.5) / -z_view
    } else {
        material.size
    }
}

/// The size node at each vertex: every view holds the vertex's world and view position, uv,
/// colour and custom attributes (a point's are the same at each of its pixels and corners, so a
/// varying of them, as GLSL's gl_PointSize reads them, is the vertex's own), its normals zero.
fn size_node(
    verts: &[Vertex],
    custom: &[[f32; 8]],
    program: &NodeProgram,
    batch: &mut FragmentBatch,
    registers: &mut Registers,
) -> Vec<f32> {
    let mut sizes = Vec::with_capacity(verts.len());
    for (first, chunk) in verts.chunks(LANES).enumerate() {
        for (lane, v) in chunk.iter().enumerate() {
            for view in View::ALL {
                let put = |batch: &mut FragmentBatch, a: Attribute, x: [f32; 3]| {
                    if let Some(row) = a.lane_index() {
                        let slot = &mut batch.views[view as usize][row];
                        for (component, value) in slot.iter_mut().zip(x) {
                            component[lane] = value;
                        }
                    }
                };
                put(batch, Attribute::PositionWorld, v.world.to_array());
                put(batch, Attribute::PositionView, v.view.to_array());
                put(batch, Attribute::Uv, [v.uv.x, v.uv.y, 0.0]);
                put(batch, Attribute::VertexColor, v.color.truncate().to_array());
                // Invariant: `custom` is empty or one entry per vertex.
                let c = custom
                    .get(first * LANES + lane)
                    .copied()
                    .unwrap_or_default();
                put(batch, Attribute::Custom0, [c[0], c[1], c[2]]);
                put(batch, Attribute::Custom1, [c[3], c[4], c[5]]);
                put(batch, Attribute::Custom2, [c[6], c[7], 0.0]);
                for a in [
                    Attribute::NormalWorld,
                    Attribute::NormalView,
                    Attribute::PointCoord,
                    Attribute::FragCoord,
                ] {
                    put(batch, a, [0.0; 3]);
                }
                put(batch, Attribute::Barycentric, [1.0, 0.0, 0.0]);
            }
        }
        let result = run_nodes(program, Output::Size, batch, &WhiteSampler, registers);
        sizes.extend((0..chunk.len()).map(|lane| result.map_or(0.0, |r| r[0][lane])));
    }
    sizes
}
