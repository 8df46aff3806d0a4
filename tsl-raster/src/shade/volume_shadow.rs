//! A volume's shadows at each ray step (R-VOL-4, docs/requirements.md): a shadow-casting point
//! or spot light's colour, gathered at a step, times its shadow looked up at the step's position.
//!
//! three.js r187 applies the shadow of such a light up to twice. `AnalyticLightNode.setupShadow`
//! makes the light's colour `colour · shadowNode` when the object receives shadows, and
//! `VolumetricLightingModel.direct` multiplies what it is handed by `lightNode.shadowNode` again
//! whenever the light node has one. The light node is the scene's, shared by every object's
//! material, and it has a shadow node once any receiver was built with it: so a volume that does
//! not receive shadows still takes the shadow once when another object of the scene receives
//! them (the opaque receivers are drawn, and built, before the blended volume). The context's
//! `shadowPositionWorld` is the ray's position, so both factors are read at the step; the normal
//! bias and the pixel (the soft filters' noise) are the fragment's.

use super::shadow::shadow_output;
use crate::frame::shadow::FrameShadows;
use glam::Vec3;

/// How many times a volume's gathered light is multiplied by each light's shadow: 2 when the
/// object receives shadows, 1 when it does not but another object of the scene does, 0 without
/// a shadow-casting light or a receiver.
pub(crate) fn volume_shadow_times(shadows: &FrameShadows, object: usize) -> u32 {
    if !shadows.any() {
        0
    } else if shadows.receives(object) {
        2
    } else if shadows.receivers.iter().any(|&r| r) {
        1
    } else {
        0
    }
}

/// The shadows of one fragment's ray: what the shadow of each direct light lets through at a
/// step.
pub(crate) struct VolumeShadow<'a> {
    /// The frame's maps.
    pub shadows: &'a FrameShadows,
    /// The shadow slot of each direct light of the material's lighting (`FrameLights::slots`).
    pub slots: &'a [usize],
    /// [`volume_shadow_times`] for the volume's object.
    pub times: u32,
}

impl VolumeShadow<'_> {
    /// What multiplies the colour of the `i`-th direct light at the view-space step `position`,
    /// for the fragment whose view normal is `normal` at `pixel` (rows from the top): its shadow
    /// output ([`shadow_output`], after the shadow's intensity and with a transmitted map's
    /// colour) to the power [`VolumeShadow::times`]; white for a light without a shadow.
    pub fn factor(&self, i: usize, position: Vec3, normal: Vec3, pixel: (u32, u32)) -> Vec3 {
        if self.times == 0 {
            return Vec3::ONE;
        }
        let Some(map) = self.slots.get(i).and_then(|&s| self.shadows.light(s)) else {
            return Vec3::ONE;
        };
        let s = shadow_output(self.shadows.filter, map, position, normal, pixel);
        // three.js multiplies twice rather than squaring: the same rounding as `s * s`.
        if self.times == 2 {
            s * s
        } else {
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_light_casts_no_factor() {
        let shadows = FrameShadows::default();
        assert_eq!(volume_shadow_times(&shadows, 0), 0);
        let v = VolumeShadow {
            shadows: &shadows,
            slots: &[0],
            times: 2,
        };
        assert_eq!(v.factor(0, Vec3::ZERO, Vec3::Z, (0, 0)), Vec3::ONE);
    }
}
