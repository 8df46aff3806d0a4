//! Light masks: the lights of a scene that a material receives, three.js's
//! `material.lightsNode = lights( [ light1, light2 ] )` (R-MASK-1, docs/requirements.md).

use std::fmt;

/// A set of the scene's lights by their places in `scene.lights`, one bit each: bit `i` names
/// `scene.lights[i]`. A mask names the first 64 lights; [`ALL_LIGHTS`] (every bit set, the
/// default of [`Material::lights`](crate::Material::lights)) is every light, those past the 64th
/// too. A mask that names a place with no light names nothing there.
///
/// As three.js's `lightsNode`, a mask replaces the scene's lights for the material entirely: the
/// ambient and hemisphere lights it leaves out do not light it either.
///
/// ```
/// use tsl_raster::{lights_of, LightMask, ALL_LIGHTS};
/// let first = lights_of(&[0]).unwrap();
/// assert!(first.has(0) && !first.has(1));
/// assert!(ALL_LIGHTS.has(70));
/// assert!(lights_of(&[64]).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LightMask(pub u64);

/// Every light of the scene: the default of [`Material::lights`](crate::Material::lights).
pub const ALL_LIGHTS: LightMask = LightMask(u64::MAX);

impl Default for LightMask {
    fn default() -> Self {
        ALL_LIGHTS
    }
}

impl LightMask {
    /// Whether the mask names the light at `index` in `scene.lights`.
    pub fn has(self, index: usize) -> bool {
        self == ALL_LIGHTS || (index < 64 && self.0 & (1 << index) != 0)
    }
}

/// A light's place that a mask cannot name (R-MASK-2): it is 64 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LightMaskError {
    /// The place asked for.
    pub index: usize,
}

impl fmt::Display for LightMaskError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "light {} cannot be in a light mask: a mask names the first 64 lights (0 to 63)",
            self.index
        )
    }
}

impl std::error::Error for LightMaskError {}

/// The mask of the lights at `indices` in `scene.lights` (three.js's `lights( [ … ] )`); an index
/// of 64 or more is refused, since a mask names the first 64 lights. No index: a mask that names
/// no light, so the material is lit by nothing.
pub fn lights_of(indices: &[usize]) -> Result<LightMask, LightMaskError> {
    indices.iter().try_fold(LightMask(0), |mask, &index| {
        if index < 64 {
            Ok(LightMask(mask.0 | 1 << index))
        } else {
            Err(LightMaskError { index })
        }
    })
}
