//! The backdrop nodes (R-SCREEN-2, docs/requirements.md): `BACKDROP_NODE` takes the place of the
//! surface's diffuse light, `BACKDROP_ALPHA_NODE` says how much, as three.js r187 mixes them
//! (`LightsNode.setup`: `totalDiffuse = mix(totalDiffuse, backdrop, backdropAlpha)`, or the
//! backdrop alone without an alpha; an unlit material's `NodeMaterial.setupLighting` mixes its
//! outgoing light the same way). A transmissive material's light through it is a backdrop too
//! (shade/transmission.rs). Each lighting model mixes it into its total diffuse light where
//! three's `LightsNode` does, before the model's `finish` (which lays a clearcoat over the
//! mixed light and adds the sheen), so the layers over the diffuse light cover the backdrop as
//! they cover the light it replaces.

use super::lane_math::{copy_register, Lanes3};
use super::state::BatchState;
use glam::Vec3;
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

impl BackdropLanes {
    /// What mixing `diffuse`, lane `l`'s total diffuse light, toward the backdrop by its alpha
    /// adds to the light: `mix(diffuse, backdrop, alpha) − diffuse`.
    pub(super) fn share(&self, l: usize, diffuse: Vec3) -> Vec3 {
        backdrop_share(Some(self.at(l)), diffuse)
    }

    /// Lane `l`'s backdrop and alpha.
    pub(super) fn at(&self, l: usize) -> (Vec3, f32) {
        (self.color.get(l), self.alpha[l])
    }
}

/// [`BackdropLanes::share`] of one fragment's `(backdrop, alpha)`: zero without one.
pub(super) fn backdrop_share(backdrop: Option<(Vec3, f32)>, diffuse: Vec3) -> Vec3 {
    backdrop.map_or(Vec3::ZERO, |(color, alpha)| (color - diffuse) * alpha)
}
