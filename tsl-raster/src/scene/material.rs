//! Materials of three.js's kinds, with its defaults, and the node program that replaces parts of
//! their shading (R-OUT, docs/requirements.md).

use super::light_mask::{LightMask, ALL_LIGHTS};
use crate::environment::Environment;
use crate::store::ProgramId;
use glam::Vec2;
use std::sync::Arc;
use tsl_core::{Color, MaterialValues, TextureId};

/// The shading model of a material (three.js's material classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialKind {
    /// `MeshBasicMaterial`: unlit; the colour dimmed by the ambient occlusion.
    Basic,
    /// `MeshLambertMaterial`: Lambert diffuse.
    Lambert,
    /// `MeshPhongMaterial`: Lambert diffuse and Blinn-Phong specular.
    Phong,
    /// `MeshStandardMaterial`: metalness and roughness, GGX with multiple scattering.
    Standard,
    /// `MeshPhysicalMaterial`: STANDARD with a clearcoat layer.
    Physical,
    /// `MeshNormalMaterial`: the view-space normal as a colour. Refuses a node program.
    Normals,
    /// `MeshDepthMaterial`: one minus the window depth as grey. Refuses a node program.
    Depth,
    /// `VolumeNodeMaterial`: a ray marched through the mesh, lit by point, spot and rect area
    /// lights, its density scaled by SCATTERING_NODE ([`Material::volume`], R-VOL-1).
    Volume,
}

/// Which faces are drawn (`material.side`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// `FrontSide`: counter-clockwise faces.
    #[default]
    Front,
    /// `BackSide`: clockwise faces, with the normal turned round.
    Back,
    /// `DoubleSide`: both, the normal facing the viewer.
    Double,
}

/// A material: three.js's parameters for every kind, and an optional node program.
///
/// ```
/// use tsl_raster::{Material, MaterialKind};
/// use tsl_core::Color;
/// let paint = Material {
///     roughness: 0.4,
///     ..Material::new(MaterialKind::Standard, Color::from_srgb8(255, 255, 255))
/// };
/// assert_eq!(paint.metalness, 0.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Material {
    /// The shading model.
    pub kind: MaterialKind,
    /// The diffuse colour (linear); white by default.
    pub color: Color,
    /// The opacity; 1 by default.
    pub opacity: f32,
    /// Whether the material blends over what is behind it (normal blending); otherwise its alpha
    /// is one.
    pub transparent: bool,
    /// Fragments whose alpha is at or below this are thrown away, when it is above zero.
    pub alpha_test: f32,
    /// Which faces are drawn.
    pub side: Side,
    /// Whether the geometry's vertex colours multiply the colour.
    pub vertex_colors: bool,
    /// The colour map (sRGB textures decode to linear); its alpha multiplies the opacity.
    pub map: Option<TextureId>,
    /// The emitted colour (linear); black by default.
    pub emissive: Color,
    /// Multiplies `emissive`; 1 by default.
    pub emissive_intensity: f32,
    /// Multiplies the emitted colour.
    pub emissive_map: Option<TextureId>,
    /// The ambient occlusion map: its red channel dims the indirect light.
    pub ao_map: Option<TextureId>,
    /// How strongly `ao_map` dims; 1 by default.
    pub ao_map_intensity: f32,
    /// A tangent-space normal map (tangents from the screen derivatives, as three.js without
    /// tangents).
    pub normal_map: Option<TextureId>,
    /// Scales the normal map's x and y; (1, 1) by default.
    pub normal_scale: Vec2,
    /// `alphaMap`: its red channel multiplies the opacity (three.js r187's node material reads
    /// the texel's first component, where its classic shaders read green); an OPACITY_NODE
    /// replaces both.
    pub alpha_map: Option<TextureId>,
    /// `bumpMap`: a height map (its red channel) that turns the normal by the height's screen
    /// derivatives (three.js's `BumpMapNode`); a `normal_map` takes its place when both are set.
    pub bump_map: Option<TextureId>,
    /// Scales the bump map's height (`bumpScale`); 1 by default.
    pub bump_scale: f32,
    /// `displacementMap`: its first channel, read at the vertex's uv at the full-size level,
    /// moves each vertex along its normal by `x · displacement_scale + displacement_bias`, after
    /// the morph targets and the bones and before the position node (R-DEFORM-3,
    /// docs/requirements.md).
    pub displacement_map: Option<TextureId>,
    /// `displacementScale`; 1 by default.
    pub displacement_scale: f32,
    /// `displacementBias`; 0 by default.
    pub displacement_bias: f32,
    /// Whether the scene's fog applies; true by default.
    pub fog: bool,
    /// STANDARD and PHYSICAL roughness; 1 by default.
    pub roughness: f32,
    /// STANDARD and PHYSICAL metalness; 0 by default.
    pub metalness: f32,
    /// PHONG specular colour (linear); 0x111111 by default.
    pub specular: Color,
    /// PHONG shininess; 30 by default.
    pub shininess: f32,
    /// PHYSICAL clearcoat strength, 0 to 1; 0 by default (no clearcoat layer).
    pub clearcoat: f32,
    /// PHYSICAL clearcoat roughness; 0 by default.
    pub clearcoat_roughness: f32,
    /// Whether the normal is the triangle's own (`flatShading`); false by default.
    pub flat_shading: bool,
    /// Whether the depth test runs; true by default.
    pub depth_test: bool,
    /// Whether fragments write depth; true by default.
    pub depth_write: bool,
    /// `wireframe`: refuses a node program; drawing lines is not supported.
    pub wireframe: bool,
    /// The node program whose outputs replace parts of the shading.
    pub nodes: Option<ProgramId>,
    /// The scene's lights that light the material (three.js's `lightsNode`); [`ALL_LIGHTS`] by
    /// default (R-MASK-1).
    pub lights: LightMask,
    /// STANDARD and PHYSICAL `envMap`: this material's image-based light, in place of the
    /// scene's environment (R-ENV-3); `None` by default. Other kinds refuse one.
    pub env_map: Option<Arc<Environment>>,
    /// `envMapIntensity`: scales `env_map`'s light (the scene's `environment_intensity` applies
    /// instead when `env_map` is `None`, as three's `materialEnvIntensity`); 1 by default.
    pub env_map_intensity: f32,
    /// PHYSICAL index of refraction (`ior`), 1 to 2.333; 1.5 by default. The dielectric
    /// reflectance at normal incidence is `((ior − 1) / (ior + 1))²`, 0.04 at 1.5.
    pub ior: f32,
    /// PHYSICAL `specularIntensity`: scales the dielectric reflectance and its grazing value;
    /// 1 by default.
    pub specular_intensity: f32,
    /// PHYSICAL `specularColor` (linear): tints the dielectric reflectance; white by default.
    pub specular_color: Color,
    /// Its alpha channel multiplies `specular_intensity` (`specularIntensityMap`).
    pub specular_intensity_map: Option<TextureId>,
    /// Its rgb multiplies `specular_color` (`specularColorMap`).
    pub specular_color_map: Option<TextureId>,
    /// PHYSICAL `sheen` strength; 0 by default (no sheen layer). The sheen colour is
    /// `sheen_color · sheen`.
    pub sheen: f32,
    /// PHYSICAL `sheenRoughness`, clamped to 0.0001..1; 1 by default.
    pub sheen_roughness: f32,
    /// PHYSICAL `sheenColor` (linear); black by default.
    pub sheen_color: Color,
    /// Its rgb multiplies the sheen colour (`sheenColorMap`).
    pub sheen_color_map: Option<TextureId>,
    /// Its alpha channel multiplies `sheen_roughness` (`sheenRoughnessMap`).
    pub sheen_roughness_map: Option<TextureId>,
    /// PHYSICAL `iridescence` strength (a thin film over the base); 0 by default. (three.js's
    /// `iridescenceMap` is not read by its node material, so there is none here.)
    pub iridescence: f32,
    /// PHYSICAL `iridescenceIOR`, the film's index of refraction; 1.3 by default.
    pub iridescence_ior: f32,
    /// PHYSICAL `iridescenceThicknessRange`, [min, max] in nanometres; [100, 400] by default.
    /// Without a thickness map the film is `max` thick.
    pub iridescence_thickness_range: [f32; 2],
    /// Its green channel picks the film's thickness between the range's ends
    /// (`iridescenceThicknessMap`).
    pub iridescence_thickness_map: Option<TextureId>,
    /// PHYSICAL `anisotropy` strength, 0 to 1; 0 by default.
    pub anisotropy: f32,
    /// PHYSICAL `anisotropyRotation` in radians, from the uv's u direction; 0 by default.
    pub anisotropy_rotation: f32,
    /// `anisotropyMap`: rg is a direction (×2 − 1), b a strength, both turned and scaled by
    /// `anisotropy` and `anisotropy_rotation`.
    pub anisotropy_map: Option<TextureId>,
    /// Its red channel multiplies `clearcoat` (`clearcoatMap`).
    pub clearcoat_map: Option<TextureId>,
    /// Its green channel multiplies `clearcoat_roughness` (`clearcoatRoughnessMap`).
    pub clearcoat_roughness_map: Option<TextureId>,
    /// PHYSICAL `dispersion`; 0 by default. three.js applies it to transmission only: each
    /// colour channel reads the screen at its own ior, `ior ∓ (ior − 1) · dispersion · 0.025`
    /// (red the lower, R-SCREEN-3); elsewhere it has no effect.
    pub dispersion: f32,
    /// A tangent-space normal map for the clearcoat layer alone (`clearcoatNormalMap`), its
    /// tangents from the screen derivatives as `normal_map`'s.
    pub clearcoat_normal_map: Option<TextureId>,
    /// Scales `clearcoat_normal_map`'s x and y (`clearcoatNormalScale`); (1, 1) by default.
    pub clearcoat_normal_scale: Vec2,
    /// PHONG's subsurface scattering (three.js's `SubsurfaceScatteringShader`); none by default.
    /// Set it with [`Material::set_scattering`].
    pub scattering: Option<Scattering>,
    /// `shadowSide`: the side the shadow pass draws (R-SHADOW-9); `None` by default, the other
    /// side of `side` (VSM: `side` itself), as three.js's `null`.
    pub shadow_side: Option<Side>,
    /// A VOLUME material's ray steps (three.js's `steps`); 25 by default. Set by
    /// [`Material::volume`] and [`Material::set_steps`].
    pub volume_steps: u32,
    // Volume: the scene-depth gate (R-VOL-5).
    /// A VOLUME material's scene-depth gate (docs/volumes.md): a ray step contributes only at or
    /// before the opaque scene's camera-axis distance at the fragment's pixel. Off by default;
    /// set it with [`Material::set_volume_scene_depth`]. Another kind of material with it on is
    /// refused before drawing.
    pub volume_scene_depth: bool,
    // PHYSICAL transmission (R-SCREEN-3, docs/screen_reads.md).
    /// PHYSICAL `transmission`: how much of the diffuse light is replaced by the light through
    /// the surface (the opaque scene behind, refracted); 0 by default, none.
    pub transmission: f32,
    /// PHYSICAL `thickness`: the volume's thickness in the mesh's local units, how far the
    /// refracted ray travels before it leaves; 0 by default (a thin surface, no offset).
    pub thickness: f32,
    /// PHYSICAL `attenuationDistance`: the distance at which light in the volume is tinted to
    /// `attenuation_color` (Beer's law); infinity by default, no tint.
    pub attenuation_distance: f32,
    /// PHYSICAL `attenuationColor`: the colour white light becomes after
    /// `attenuation_distance`; white by default.
    pub attenuation_color: Color,
    /// PHYSICAL `transmissionMap`: its red channel multiplies `transmission`.
    pub transmission_map: Option<TextureId>,
    /// PHYSICAL `thicknessMap`: its green channel multiplies `thickness`.
    pub thickness_map: Option<TextureId>,
    // The roughness and metalness maps (R-OUT-17).
    /// STANDARD and PHYSICAL `roughnessMap`: its green channel multiplies `roughness`; unread
    /// where a program sets ROUGHNESS_NODE, which replaces both (R-OUT-17).
    pub roughness_map: Option<TextureId>,
    /// STANDARD and PHYSICAL `metalnessMap`: its blue channel multiplies `metalness`; unread
    /// where a program sets METALNESS_NODE (R-OUT-17).
    pub metalness_map: Option<TextureId>,
    // Points and lines (R-PRIM-1):
    /// three.js's `PointsMaterial.size`: a point's width in pixels; 1 by default. Must be above
    /// zero on a point (R-PRIM-2).
    pub size: f32,
    /// three.js's `sizeAttenuation`: under a perspective camera a point's width is
    /// `size · (height / 2) / −z_view` pixels; true by default.
    pub size_attenuation: bool,
    /// three.js's `linewidth`: 1 by default. A line drawn with a node program refuses any other
    /// width; without one lines are 1 pixel wide whatever it is, as in WebGL.
    pub line_width: f32,
}

/// Light let through a PHONG surface from behind: the parameters of three.js's
/// `SubsurfaceScatteringShader` (examples/jsm/shaders), the same model as `MeshSSSNodeMaterial`'s
/// thickness outputs. Each directional, point and spot light adds
/// `(pow(saturate(dot(V, −H)), power) · scale + ambient) · color · map.r · attenuation · light`
/// to the direct diffuse light, with `H = normalize(L + N · distortion)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scattering {
    /// `thicknessMap`: its red channel multiplies `color`. Without one it reads 1 (three's
    /// shader reads a missing map as black, so its example always sets one).
    pub map: Option<TextureId>,
    /// `thicknessColor` (linear); white in three's shader.
    pub color: Color,
    /// `thicknessDistortion`: how far the normal bends the light's direction; 0.1.
    pub distortion: f32,
    /// `thicknessAmbient`: light let through from every direction; 0.
    pub ambient: f32,
    /// `thicknessAttenuation`: scales the whole; 0.1.
    pub attenuation: f32,
    /// `thicknessPower`: the sharpness of the lobe toward the light behind; 2.
    pub power: f32,
    /// `thicknessScale`: the lobe's strength; 10.
    pub scale: f32,
}

impl Default for Scattering {
    /// three.js's uniform defaults: white, distortion 0.1, ambient 0, attenuation 0.1, power 2,
    /// scale 10, no map.
    fn default() -> Self {
        Scattering {
            map: None,
            color: Color::WHITE,
            distortion: 0.1,
            ambient: 0.0,
            attenuation: 0.1,
            power: 2.0,
            scale: 10.0,
        }
    }
}

/// Why [`Material::set_scattering`] refused.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScatteringError {
    /// Only a PHONG material scatters this way (a PHYSICAL one uses the thickness outputs).
    #[error("scattering is for a PHONG material, not {0:?}")]
    NotPhong(MaterialKind),
    /// A parameter is NaN or infinite.
    #[error("the scattering's {0} is not finite")]
    NotFinite(&'static str),
}

impl Material {
    /// The values the material accessors of a node program read (`material_color()` and the
    /// others, R-VAL-20), which the renderer writes into each draw's copy of its program.
    pub fn values(&self) -> MaterialValues {
        MaterialValues {
            color: self.color.to_vec3(),
            opacity: self.opacity,
            emissive: self.emissive.to_vec3() * self.emissive_intensity,
            roughness: self.roughness,
            metalness: self.metalness,
            specular: self.specular.to_vec3(),
            shininess: self.shininess,
            alpha_test: self.alpha_test,
            clearcoat: self.clearcoat,
            clearcoat_roughness: self.clearcoat_roughness,
            ior: self.ior,
            specular_intensity: self.specular_intensity,
            specular_color: self.specular_color.to_vec3(),
            sheen: self.sheen_color.to_vec3() * self.sheen,
            sheen_roughness: self.sheen_roughness.clamp(0.0001, 1.0),
            iridescence: self.iridescence,
            iridescence_ior: self.iridescence_ior,
            iridescence_thickness: self.iridescence_thickness_range[1],
            anisotropy: glam::Vec2::new(
                self.anisotropy_rotation.cos(),
                self.anisotropy_rotation.sin(),
            ) * self.anisotropy,
            dispersion: self.dispersion,
        }
    }

    /// A material of `kind` and `color` with three.js's defaults for everything else.
    pub fn new(kind: MaterialKind, color: Color) -> Material {
        Material {
            kind,
            color,
            opacity: 1.0,
            transparent: false,
            alpha_test: 0.0,
            side: Side::Front,
            vertex_colors: false,
            map: None,
            emissive: Color::BLACK,
            emissive_intensity: 1.0,
            emissive_map: None,
            ao_map: None,
            ao_map_intensity: 1.0,
            normal_map: None,
            normal_scale: Vec2::ONE,
            alpha_map: None,
            bump_map: None,
            bump_scale: 1.0,
            displacement_map: None,
            displacement_scale: 1.0,
            displacement_bias: 0.0,
            fog: true,
            roughness: 1.0,
            metalness: 0.0,
            specular: Color::from_hex(0x111111),
            shininess: 30.0,
            clearcoat: 0.0,
            clearcoat_roughness: 0.0,
            flat_shading: false,
            depth_test: true,
            depth_write: true,
            wireframe: false,
            nodes: None,
            lights: ALL_LIGHTS,
            env_map: None,
            env_map_intensity: 1.0,
            ior: 1.5,
            specular_intensity: 1.0,
            specular_color: Color::WHITE,
            specular_intensity_map: None,
            specular_color_map: None,
            sheen: 0.0,
            sheen_roughness: 1.0,
            sheen_color: Color::BLACK,
            sheen_color_map: None,
            sheen_roughness_map: None,
            iridescence: 0.0,
            iridescence_ior: 1.3,
            iridescence_thickness_range: [100.0, 400.0],
            iridescence_thickness_map: None,
            anisotropy: 0.0,
            anisotropy_rotation: 0.0,
            anisotropy_map: None,
            clearcoat_map: None,
            clearcoat_roughness_map: None,
            dispersion: 0.0,
            clearcoat_normal_map: None,
            clearcoat_normal_scale: Vec2::ONE,
            scattering: None,
            shadow_side: None,
            volume_steps: 25,
            // Volume: the scene-depth gate (R-VOL-5).
            volume_scene_depth: false,
            transmission: 0.0,
            thickness: 0.0,
            attenuation_distance: f32::INFINITY,
            attenuation_color: Color::WHITE,
            transmission_map: None,
            thickness_map: None,
            // The roughness and metalness maps (R-OUT-17).
            roughness_map: None,
            metalness_map: None,
            size: 1.0,
            size_attenuation: true,
            line_width: 1.0,
        }
    }

    /// Give a PHONG material subsurface scattering (three.js's `SubsurfaceScatteringShader`
    /// built on Phong). Refuses another kind of material, and a parameter that is not finite.
    pub fn set_scattering(&mut self, scattering: Scattering) -> Result<(), ScatteringError> {
        if self.kind != MaterialKind::Phong {
            return Err(ScatteringError::NotPhong(self.kind));
        }
        let s = &scattering;
        let c = s.color.to_vec3();
        for (name, value) in [
            ("color", c.x + c.y + c.z),
            ("distortion", s.distortion),
            ("ambient", s.ambient),
            ("attenuation", s.attenuation),
            ("power", s.power),
            ("scale", s.scale),
        ] {
            if !value.is_finite() {
                return Err(ScatteringError::NotFinite(name));
            }
        }
        self.scattering = Some(scattering);
        Ok(())
    }

    /// `MeshBasicMaterial({ color })`.
    pub fn basic(color: Color) -> Material {
        Material::new(MaterialKind::Basic, color)
    }

    /// `MeshLambertMaterial({ color })`.
    pub fn lambert(color: Color) -> Material {
        Material::new(MaterialKind::Lambert, color)
    }

    /// `MeshPhongMaterial({ color })`.
    pub fn phong(color: Color) -> Material {
        Material::new(MaterialKind::Phong, color)
    }

    /// `MeshStandardMaterial({ color, roughness, metalness })`.
    pub fn standard(color: Color, roughness: f32, metalness: f32) -> Material {
        Material {
            roughness,
            metalness,
            ..Material::new(MaterialKind::Standard, color)
        }
    }

    /// `MeshPhysicalMaterial({ color, roughness, metalness })`.
    pub fn physical(color: Color, roughness: f32, metalness: f32) -> Material {
        Material {
            roughness,
            metalness,
            ..Material::new(MaterialKind::Physical, color)
        }
    }

    /// `MeshNormalMaterial()`.
    pub fn normals() -> Material {
        Material::new(MaterialKind::Normals, Color::WHITE)
    }

    /// `MeshDepthMaterial()`.
    pub fn depth() -> Material {
        Material::new(MaterialKind::Depth, Color::WHITE)
    }

    /// The same material with `program`'s outputs replacing parts of its shading.
    pub fn with_nodes(mut self, program: ProgramId) -> Material {
        self.nodes = Some(program);
        self
    }

    /// Whether the material receives the scene's lights.
    pub fn is_lit(&self) -> bool {
        matches!(
            self.kind,
            MaterialKind::Lambert
                | MaterialKind::Phong
                | MaterialKind::Standard
                | MaterialKind::Physical
        )
    }

    /// The textures the material's own maps read.
    pub fn maps(&self) -> impl Iterator<Item = TextureId> {
        [
            self.map,
            self.emissive_map,
            self.ao_map,
            self.normal_map,
            self.alpha_map,
            self.bump_map,
            self.specular_intensity_map,
            self.specular_color_map,
            self.sheen_color_map,
            self.sheen_roughness_map,
            self.iridescence_thickness_map,
            self.anisotropy_map,
            self.clearcoat_map,
            self.clearcoat_roughness_map,
            self.clearcoat_normal_map,
            self.scattering.and_then(|s| s.map),
            self.transmission_map,
            self.thickness_map,
            self.roughness_map,
            self.metalness_map,
        ]
        .into_iter()
        .flatten()
    }

    /// Whether the shading reads the tangent frame from the screen derivatives of the position
    /// and the uv: a PHYSICAL material's anisotropy does.
    pub fn reads_tangent_frame(&self) -> bool {
        self.kind == MaterialKind::Physical && self.anisotropy > 0.0
    }

    /// Whether a PHYSICAL material lets light through (`transmission` above 0, as three.js's
    /// `useTransmission`; a `transmission_map` only scales it): it then reads the opaque scene
    /// behind it (R-SCREEN-3).
    pub fn is_transmissive(&self) -> bool {
        self.kind == MaterialKind::Physical && self.transmission > 0.0
    }

    /// Whether a frame draws this material after every opaque draw, sorted back to front, and
    /// leaves it out of the opaque depth a volume's scene-depth gate reads (R-VOL-5): a
    /// transparent material, a transmissive one (three.js r187's `RenderList.push` puts both in
    /// its transparent list) and a VOLUME one (R-VOL-5: the depth capture leaves out every volume).
    pub(crate) fn drawn_after_opaques(&self) -> bool {
        self.transparent || self.is_transmissive() || self.kind == MaterialKind::Volume
    }

    /// Whether a PHYSICAL material uses any of three.js's physical extensions beyond the
    /// clearcoat (an ior or specular other than the defaults, sheen, iridescence, anisotropy, or
    /// a map of theirs or of the clearcoat): such a material is shaded by the full physical
    /// model, one fragment at a time.
    pub fn uses_physical_extensions(&self) -> bool {
        self.kind == MaterialKind::Physical
            && (self.ior != 1.5
                || self.specular_intensity != 1.0
                || self.specular_color != Color::WHITE
                || self.sheen > 0.0
                || self.iridescence > 0.0
                || self.anisotropy > 0.0
                || self.specular_intensity_map.is_some()
                || self.specular_color_map.is_some()
                || self.clearcoat_map.is_some()
                || self.clearcoat_roughness_map.is_some()
                || self.clearcoat_normal_map.is_some())
    }
}

/// three.js's `ShaderMaterial` as R-MAT-1 has it: a BASIC material whose COLOR_NODE and
/// OPACITY_NODE come from `program`, unlit, with fog off.
pub fn shader_material(program: ProgramId) -> Material {
    Material {
        fog: false,
        ..Material::basic(Color::WHITE).with_nodes(program)
    }
}
