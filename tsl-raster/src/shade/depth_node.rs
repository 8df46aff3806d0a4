//! Stage 2 of shading, [`shade_depth_node`]: the depth node.

use super::state::BatchState;
use tsl_core::Output;

/// Stage 2: the depth node (forward draws alone run it: a deferred draw has none). A NaN depth
/// discards the fragment; any other is clamped to [0, 1].
#[inline(always)]
pub(super) fn shade_depth_node(state: &mut BatchState) {
    let BatchState {
        draw,
        n,
        nodes,
        out,
        ..
    } = state;
    let (draw, n) = (*draw, *n);
    if let Some(r) = nodes.run(draw, Output::Depth, n) {
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
