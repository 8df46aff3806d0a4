//! A light's shadow as three.js r187 describes it (`LightShadow` and its directional, spot and
//! point kinds), and the renderer's shadow-map type (`renderer.shadowMap.type`).

use glam::UVec2;

/// three.js's `renderer.shadowMap.type` for the WebGPURenderer of r187: how a shadow map is
/// filtered. r187 has no PCF-soft filter (it warns and uses [`ShadowMapType::Pcf`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShadowMapType {
    /// `BasicShadowMap`: one comparison at the nearest texel, lit or not.
    Basic,
    /// `PCFShadowMap` (the default): five comparisons on a Vogel disk of `radius` texels, turned
    /// by interleaved gradient noise of the pixel, each a bilinear 2×2 comparison.
    #[default]
    Pcf,
    /// `VSMShadowMap`: variance shadow maps, the depths blurred by two passes of `blur_samples`.
    Vsm,
}

/// The camera a light's shadow map is drawn from, in the light's place and looking at its target
/// (a point light's looks along the six axes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShadowCamera {
    /// `OrthographicCamera(left, right, top, bottom, near, far)`: a directional light's.
    Orthographic {
        /// The left plane; −5 by default.
        left: f32,
        /// The right plane; 5 by default.
        right: f32,
        /// The top plane; 5 by default.
        top: f32,
        /// The bottom plane; −5 by default.
        bottom: f32,
        /// The near plane; 0.5 by default.
        near: f32,
        /// The far plane; 500 by default.
        far: f32,
    },
    /// `PerspectiveCamera`: a spot light's (its field of view `2 · angle · focus`, its aspect the
    /// map's times `aspect`, `SpotLightShadow.updateMatrices`) or a point light's (90°, aspect 1).
    /// A light's `distance`, when above zero, replaces `far`.
    Perspective {
        /// The near plane; 0.5 by default.
        near: f32,
        /// The far plane; 500 by default.
        far: f32,
        /// `SpotLightShadow.focus`: the share of the cone the camera sees; 1 by default.
        focus: f32,
        /// `SpotLightShadow.aspect`: multiplies the map's aspect; 1 by default.
        aspect: f32,
    },
}

/// three.js's `light.shadow`: a shadow-casting light's map and how it is read.
///
/// ```
/// use tsl_raster::{Light, LightShadow};
/// use tsl_core::Color;
/// use glam::{UVec2, Vec3};
/// let mut shadow = LightShadow::directional();
/// shadow.map_size = UVec2::splat(1024);
/// shadow.bias = -0.001;
/// let sun = Light::directional(Color::WHITE, 3.0, Vec3::new(1.0, 4.0, 2.0)).with_shadow(shadow);
/// assert_eq!(sun.shadow().unwrap().map_size, UVec2::splat(1024));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LightShadow {
    /// `mapSize`: the map's texels; 512 × 512 by default. A point light's cube uses `x` for
    /// each face's side.
    pub map_size: UVec2,
    /// `bias`: added to the fragment's depth in the map before it is compared; 0 by default.
    pub bias: f32,
    /// `normalBias`: how far the fragment is moved along its world normal before it is looked up;
    /// 0 by default.
    pub normal_bias: f32,
    /// `radius`: the PCF disk's radius in texels, and the VSM blur's; 1 by default.
    pub radius: f32,
    /// `intensity`: how dark the shadow is, 0 (none) to 1 (whole); 1 by default.
    pub intensity: f32,
    /// `blurSamples`: the VSM blur's samples per pass; 8 by default.
    pub blur_samples: u32,
    /// `camera`: where the map is drawn from.
    pub camera: ShadowCamera,
}

impl LightShadow {
    /// The parameters every kind shares, at three.js's defaults, with `camera`.
    fn with_camera(camera: ShadowCamera) -> LightShadow {
        LightShadow {
            map_size: UVec2::splat(512),
            bias: 0.0,
            normal_bias: 0.0,
            radius: 1.0,
            intensity: 1.0,
            blur_samples: 8,
            camera,
        }
    }

    /// `DirectionalLightShadow`: an orthographic camera from −5 to 5, near 0.5, far 500.
    pub fn directional() -> LightShadow {
        LightShadow::with_camera(ShadowCamera::Orthographic {
            left: -5.0,
            right: 5.0,
            top: 5.0,
            bottom: -5.0,
            near: 0.5,
            far: 500.0,
        })
    }

    /// `SpotLightShadow` (and `PointLightShadow`): a perspective camera, near 0.5, far 500,
    /// focus 1, aspect 1.
    pub fn perspective() -> LightShadow {
        LightShadow::with_camera(ShadowCamera::Perspective {
            near: 0.5,
            far: 500.0,
            focus: 1.0,
            aspect: 1.0,
        })
    }
}
