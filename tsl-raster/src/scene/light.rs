//! Lights with three.js's parameters and physically based intensities (r155 and later): a light's
//! colour is `color · intensity`; point and spot lights fall off as `1 / max(d^decay, 0.01)`.

use super::shadow::LightShadow;
use glam::Vec3;
use tsl_core::Color;

/// A light, in world space.
///
/// Intensities are physical, as three.js's: a white directional light of intensity π on a white
/// LAMBERT surface that faces it gives exactly white (the BRDF is `colour / π`).
///
/// ```
/// use tsl_raster::*;
/// use tsl_core::Color;
/// use glam::Vec3;
/// let mut assets = Assets::new();
/// let paint = assets.materials.add(Material::lambert(Color::WHITE));
/// let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
/// let mut scene = Scene::new();
/// scene.add(Object::mesh(plane, paint));
/// let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
///
/// // No light: black.
/// let image = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera, &assets).unwrap();
/// assert_eq!(image.pixel(2, 2), Some([0, 0, 0, 255]));
///
/// // From the camera's side, straight onto the plane (its normal is +z).
/// scene.add_light(Light::directional(Color::WHITE, std::f32::consts::PI, Vec3::Z));
/// let image = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera, &assets).unwrap();
/// assert_eq!(image.pixel(2, 2), Some([255, 255, 255, 255]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Light {
    /// `AmbientLight(color, intensity)`: indirect irradiance everywhere.
    Ambient {
        /// Its colour.
        color: Color,
        /// Its intensity.
        intensity: f32,
    },
    /// `HemisphereLight(sky, ground, intensity)`: indirect irradiance blended from the ground
    /// colour to the sky colour by how far the normal turns toward `position`.
    Hemisphere {
        /// The colour from above.
        sky: Color,
        /// The colour from below.
        ground: Color,
        /// Its intensity.
        intensity: f32,
        /// The direction of the sky, as the light's position: (0, 1, 0) by default.
        position: Vec3,
    },
    /// `DirectionalLight(color, intensity)`: parallel light from `position` toward `target`.
    Directional {
        /// Its colour.
        color: Color,
        /// Its intensity, in lux.
        intensity: f32,
        /// Where it shines from.
        position: Vec3,
        /// What it shines at; the origin by default.
        target: Vec3,
        /// Its shadow when it casts one (three.js's `castShadow` and `shadow`); `None` by default.
        shadow: Option<LightShadow>,
    },
    /// `PointLight(color, intensity, distance, decay)`.
    Point {
        /// Its colour.
        color: Color,
        /// Its intensity, in candela.
        intensity: f32,
        /// Where it is.
        position: Vec3,
        /// Where the light is cut to zero; 0 (the default) never cuts.
        distance: f32,
        /// The falloff exponent; 2 by default.
        decay: f32,
        /// Its shadow when it casts one (three.js's `castShadow` and `shadow`); `None` by default.
        shadow: Option<LightShadow>,
    },
    /// `SpotLight(color, intensity, distance, angle, penumbra, decay)`.
    Spot {
        /// Its colour.
        color: Color,
        /// Its intensity, in candela.
        intensity: f32,
        /// Where it is.
        position: Vec3,
        /// What it points at; the origin by default.
        target: Vec3,
        /// Where the light is cut to zero; 0 never cuts.
        distance: f32,
        /// The cone's half angle in radians; π/3 by default.
        angle: f32,
        /// The soft fraction of the cone, 0 to 1; 0 by default.
        penumbra: f32,
        /// The falloff exponent; 2 by default.
        decay: f32,
        /// Its shadow when it casts one (three.js's `castShadow` and `shadow`); `None` by default.
        shadow: Option<LightShadow>,
    },
    /// `RectAreaLight(color, intensity, width, height)` at `position`, turned by `lookAt(target)`:
    /// a rectangle in its local xy plane that shines toward its local −z (R-RECT-1). Only STANDARD
    /// and PHYSICAL materials receive it, as in three.js, whose other lighting models have no
    /// `directRectArea`.
    RectArea {
        /// Its colour.
        color: Color,
        /// Its intensity, in nits (three.js's `power` is `intensity · width · height · π`).
        intensity: f32,
        /// Its width, along its local x.
        width: f32,
        /// Its height, along its local y.
        height: f32,
        /// Its centre.
        position: Vec3,
        /// What it faces (`light.lookAt(target)`).
        target: Vec3,
    },
}

impl Light {
    /// `AmbientLight(color, intensity)`.
    pub fn ambient(color: Color, intensity: f32) -> Light {
        Light::Ambient { color, intensity }
    }

    /// `HemisphereLight(sky, ground, intensity)` with the sky at +y.
    pub fn hemisphere(sky: Color, ground: Color, intensity: f32) -> Light {
        Light::Hemisphere {
            sky,
            ground,
            intensity,
            position: Vec3::Y,
        }
    }

    /// `DirectionalLight(color, intensity)` at `position`, aimed at the origin.
    pub fn directional(color: Color, intensity: f32, position: Vec3) -> Light {
        Light::Directional {
            color,
            intensity,
            position,
            target: Vec3::ZERO,
            shadow: None,
        }
    }

    /// `PointLight(color, intensity)` at `position`, distance 0 and decay 2.
    pub fn point(color: Color, intensity: f32, position: Vec3) -> Light {
        Light::Point {
            color,
            intensity,
            position,
            distance: 0.0,
            decay: 2.0,
            shadow: None,
        }
    }

    /// `SpotLight(color, intensity, 0, angle)` at `position` aimed at `target`, penumbra 0, decay 2.
    pub fn spot(color: Color, intensity: f32, position: Vec3, target: Vec3, angle: f32) -> Light {
        Light::Spot {
            color,
            intensity,
            position,
            target,
            distance: 0.0,
            angle,
            penumbra: 0.0,
            decay: 2.0,
            shadow: None,
        }
    }

    /// The same light casting `shadow` (three.js's `light.castShadow = true` with its
    /// `light.shadow`); ambient, hemisphere and rect area lights cast none and are returned as
    /// they are.
    pub fn with_shadow(mut self, shadow: LightShadow) -> Light {
        match &mut self {
            Light::Directional { shadow: s, .. }
            | Light::Point { shadow: s, .. }
            | Light::Spot { shadow: s, .. } => *s = Some(shadow),
            // three.js's ambient, hemisphere and rect area lights cast no shadow.
            Light::Ambient { .. } | Light::Hemisphere { .. } | Light::RectArea { .. } => {}
        }
        self
    }

    /// The same light casting a shadow with three.js's defaults for its kind
    /// ([`LightShadow::directional`] for a directional light, [`LightShadow::perspective`] for a
    /// spot or point light).
    pub fn casting_shadow(self) -> Light {
        match self {
            Light::Directional { .. } => self.with_shadow(LightShadow::directional()),
            _ => self.with_shadow(LightShadow::perspective()),
        }
    }

    /// Its shadow, if it casts one.
    pub fn shadow(&self) -> Option<&LightShadow> {
        match self {
            Light::Directional { shadow, .. }
            | Light::Point { shadow, .. }
            | Light::Spot { shadow, .. } => shadow.as_ref(),
            Light::Ambient { .. } | Light::Hemisphere { .. } | Light::RectArea { .. } => None,
        }
    }

    /// `RectAreaLight(color, intensity, width, height)` at `position`, `lookAt(target)`.
    pub fn rect_area(
        color: Color,
        intensity: f32,
        width: f32,
        height: f32,
        position: Vec3,
        target: Vec3,
    ) -> Light {
        Light::RectArea {
            color,
            intensity,
            width,
            height,
            position,
            target,
        }
    }
}
