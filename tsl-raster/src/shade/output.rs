//! Stage 6 of shading, [`shade_output`]: the output node.

use super::lane_math::lane_value;
use super::state::BatchState;
use super::views::put;
use glam::Vec3;
use tsl_core::{Attribute, Output, View};

/// Stage 6: the output node, reading the lit colour (`lit()`), as three.js's `vec4(outputNode)`:
/// a vec4 gives its own alpha, a vec3 alpha 1 (R-OUT-12).
#[inline(always)]
pub(super) fn shade_output(state: &mut BatchState) {
    let BatchState {
        draw,
        nodes,
        out,
        n,
        ..
    } = state;
    let (draw, n) = (*draw, *n);
    if !draw.program.is_some_and(|p| p.has_output(Output::Output)) {
        return;
    }
    if draw.reads.fragment {
        for (l, o) in out.iter().enumerate() {
            let lit = Vec3::new(o.color[0], o.color[1], o.color[2]);
            put(nodes.batch, View::Fragment, Attribute::Lit, l, lit);
            // three.js's `output.a`: `diffuseColor.a`, 1 on an opaque material (R-VAL-12).
            let alpha = Vec3::splat(o.color[3]);
            put(nodes.batch, View::Fragment, Attribute::LitAlpha, l, alpha);
        }
    }
    let own_alpha = draw
        .program
        .is_some_and(|p| p.output_width(Output::Output) == 4);
    if let Some(r) = nodes.run(draw, Output::Output, n) {
        for (l, o) in out.iter_mut().enumerate() {
            let c = lane_value(r, l, 3);
            o.color[0] = c.x;
            o.color[1] = c.y;
            o.color[2] = c.z;
            // three.js writes `vec4(outputNode)`: a vec3's alpha is 1 (R-OUT-12).
            o.color[3] = if own_alpha { r[3][l] } else { 1.0 };
        }
    }
}
