//! The lightings of a frame: the scene's lights resolved once for each light mask that a material
//! names (R-MASK-3, docs/requirements.md).

use super::lights::FrameLights;
use crate::assets::Assets;
use crate::scene::{Light, LightMask, ALL_LIGHTS};
use glam::Mat4;

/// The light masks the renderer resolves, in its order: [`ALL_LIGHTS`] first, then each other
/// mask in the order the materials of `assets.materials` first name it. Each is a lighting of its
/// own (on the GPU, a block of lights of its own), whatever the mask's bits are.
///
/// ```
/// use tsl_raster::*;
/// use tsl_core::Color;
/// let mut assets = Assets::new();
/// let only_first = lights_of(&[0]).unwrap();
/// assets.materials.add(Material { lights: only_first, ..Material::lambert(Color::WHITE) });
/// assets.materials.add(Material::lambert(Color::WHITE));
/// assets.materials.add(Material { lights: only_first, ..Material::phong(Color::WHITE) });
/// assert_eq!(light_masks(&assets), vec![ALL_LIGHTS, only_first]);
/// ```
pub fn light_masks(assets: &Assets) -> Vec<LightMask> {
    let mut masks = vec![ALL_LIGHTS];
    for (_, material) in assets.materials.iter() {
        if !masks.contains(&material.lights) {
            masks.push(material.lights);
        }
    }
    masks
}

/// The frame's lights for each of [`light_masks`], in view space.
#[derive(Clone, Debug)]
pub(crate) struct Lightings {
    masks: Vec<LightMask>,
    lights: Vec<FrameLights>,
}

impl Lightings {
    /// Resolve `lights` for each mask of `assets`, seen through `view`.
    pub fn new(lights: &[Light], view: Mat4, assets: &Assets) -> Lightings {
        let masks = light_masks(assets);
        let lights = masks
            .iter()
            .map(|&mask| FrameLights::masked(lights, view, mask))
            .collect();
        Lightings { masks, lights }
    }

    /// The place of `mask` in the list: 0 ([`ALL_LIGHTS`]) for a mask no material named when the
    /// list was made.
    pub fn index(&self, mask: LightMask) -> usize {
        self.masks.iter().position(|&m| m == mask).unwrap_or(0)
    }

    /// The lights of `mask`.
    pub fn of(&self, mask: LightMask) -> &FrameLights {
        // Invariant: `lights` has one entry per mask, ALL_LIGHTS's at least, and `index` is a
        // mask's place or 0.
        &self.lights[self.index(mask)]
    }

    /// Each mask's lights, in the order of [`light_masks`].
    #[cfg_attr(not(feature = "gpu"), allow(dead_code))]
    pub fn all(&self) -> &[FrameLights] {
        &self.lights
    }
}
