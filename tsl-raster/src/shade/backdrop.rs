//! The backdrop nodes (R-SCREEN-2, docs/requirements.md): `BACKDROP_NODE` takes the place of the
//! surface's diffuse light, `BACKDROP_ALPHA_NODE` says how much, as three.js r187 mixes them
//! (`LightsNode.setup`: `totalDiffuse = mix(totalDiffuse, backdrop, backdropAlpha)`, or the
//! backdrop alone without an alpha; an unlit material's `NodeMaterial.setupLighting` mixes its
//! outgoing light the same way). The diffuse light is isolated as the model's light less its
//! light with a black diffuse colour, which is exact where the rest of the light does not depend
//! on the diffuse colour; the placing refuses the materials where it does
//! (`MaterialRefusal::BackdropOnLayers`).

use super::lane_math::{copy_register, Lanes3};
use super::state::BatchState;
use tsl_core::{Output, LANES};

/// The backdrop and its alpha at each lane.
pub(super) struct BackdropLanes {
    pub color: Lanes3,
    pub alpha: [f32; LANES],
}

/// Run the backdrop nodes over the batch: `None` when the program sets no `BACKDROP_NODE` (an
/// alpha alone does nothing, as in three.js). The alpha is 1 where no `BACKDROP_ALPHA_NODE` is
/// set.
pub(super) fn backdrop_lanes(state: &mut BatchState) -> Option<BackdropLanes> {
    let (draw, n) = (state.draw, state.n);
    if !draw.program?.has_output(Output::Backdrop) {
        return None;
    }
    let mut b = BackdropLanes {
        color: Lanes3::default(),
        alpha: [1.0; LANES],
    };
    copy_register(state.nodes.run(draw, Output::Backdrop, n)?, &mut b.color, n);
    if let Some(r) = state.nodes.run(draw, Output::BackdropAlpha, n) {
        b.alpha[..n].copy_from_slice(&r[0][..n]);
    }
    Some(b)
}

/// Mix the backdrop into `outgoing`, whose diffuse share is `outgoing − black` (`black`: the
/// light with a black diffuse colour, zero for an unlit material): `black + mix(diffuse,
/// backdrop, alpha)` at each of the first `n` lanes.
pub(super) fn mix_backdrop(b: &BackdropLanes, black: &Lanes3, outgoing: &mut Lanes3, n: usize) {
    for l in 0..n {
        let base = black.get(l);
        let diffuse = outgoing.get(l) - base;
        outgoing.set(l, base + diffuse.lerp(b.color.get(l), b.alpha[l]));
    }
}
