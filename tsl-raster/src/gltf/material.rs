//! glTF materials as three.js r187's GLTFLoader makes them: `pbrMetallicRoughness` and the core
//! maps on a STANDARD material, a PHYSICAL one where a KHR material extension asks for it, with
//! the same defaults, colour spaces and channels; textures with their samplers and
//! `KHR_texture_transform`.

use super::{GltfError, Loader};
use crate::scene::{Material, Side};
use crate::texture::{ColorSpace, Filter, Wrap};
use glam::Vec2;
use gltf::json::Value;
use gltf::texture::{MagFilter, MinFilter, WrappingMode};
use tsl_core::{Color, TextureId};

/// A texture a material reads: the glTF texture, its uv set and a scale (a normal map's
/// `scale`, an occlusion map's `strength`), with its `KHR_texture_transform` if any.
pub(super) struct TextureRef {
    index: usize,
    tex_coord: u32,
    scale: Option<f32>,
    transform: Option<Value>,
}

impl TextureRef {
    fn from_info(info: &gltf::texture::Info) -> TextureRef {
        TextureRef {
            index: info.texture().index(),
            tex_coord: info.tex_coord(),
            scale: None,
            transform: info.extension_value("KHR_texture_transform").cloned(),
        }
    }

    /// A texture named in an extension's JSON (`{"index": 0, "texCoord": 0, "scale": 1}`).
    fn from_json(value: Option<&Value>) -> Option<TextureRef> {
        let v = value?;
        Some(TextureRef {
            index: usize::try_from(v.get("index")?.as_u64()?).ok()?,
            tex_coord: v.get("texCoord").and_then(Value::as_u64).unwrap_or(0) as u32,
            scale: v.get("scale").and_then(Value::as_f64).map(|s| s as f32),
            transform: v
                .get("extensions")
                .and_then(|e| e.get("KHR_texture_transform"))
                .cloned(),
        })
    }
}

/// A number of an extension's JSON, or `default`.
fn number(ext: &Value, key: &str, default: f32) -> f32 {
    ext.get(key)
        .and_then(Value::as_f64)
        .map_or(default, |v| v as f32)
}

/// A linear RGB colour of an extension's JSON (three's `setRGB(..., LinearSRGBColorSpace)`).
fn color(ext: &Value, key: &str, default: [f32; 3]) -> Color {
    let c = ext
        .get(key)
        .and_then(Value::as_array)
        .filter(|a| a.len() == 3)
        .map(|a| {
            let f = |i: usize| a[i].as_f64().unwrap_or(0.0) as f32;
            [f(0), f(1), f(2)]
        })
        .unwrap_or(default);
    Color::linear(c[0], c[1], c[2])
}

/// The KHR material extensions that make three's loader choose MeshPhysicalMaterial.
const PHYSICAL_EXTENSIONS: [&str; 9] = [
    "KHR_materials_clearcoat",
    "KHR_materials_sheen",
    "KHR_materials_transmission",
    "KHR_materials_volume",
    "KHR_materials_ior",
    "KHR_materials_specular",
    "KHR_materials_iridescence",
    "KHR_materials_anisotropy",
    "KHR_materials_dispersion",
];

/// Extensions that change how a document must be read, which the loader refuses when they are
/// required (a file that only uses them falls back as glTF allows).
pub(super) const REFUSED_REQUIRED: [(&str, &str); 5] = [
    ("KHR_draco_mesh_compression", "Draco-compressed meshes"),
    ("EXT_meshopt_compression", "meshopt-compressed buffers"),
    ("KHR_mesh_quantization", "quantized vertex attributes"),
    ("KHR_texture_basisu", "KTX2/Basis textures"),
    ("EXT_texture_webp", "WebP textures"),
];

impl Loader<'_> {
    /// three's `createDefaultMaterial`: white, metalness 1, roughness 1, front side.
    pub(super) fn default_material() -> Material {
        Material::standard(Color::WHITE, 1.0, 1.0)
    }

    /// glTF material `m` as three's `loadMaterial` makes it.
    pub(super) fn material(&mut self, m: &gltf::Material) -> Result<Material, GltfError> {
        let ext = |name: &str| m.extension_value(name);
        // three's GLTFMaterialsUnlitExtension: MeshBasicMaterial with the base colour factor,
        // its alpha and the base colour texture; none of the lit maps and extensions.
        let unlit = ext("KHR_materials_unlit").is_some();
        let physical = PHYSICAL_EXTENSIONS.iter().any(|e| ext(e).is_some());
        let pbr = m.pbr_metallic_roughness();
        let [r, g, b, a] = pbr.base_color_factor();
        let color = Color::linear(r, g, b);
        let (roughness, metalness) = (pbr.roughness_factor(), pbr.metallic_factor());
        let mut mat = if unlit {
            Material::basic(color)
        } else if physical {
            Material::physical(color, roughness, metalness)
        } else {
            Material::standard(color, roughness, metalness)
        };
        mat.opacity = a;
        if let Some(info) = pbr.base_color_texture() {
            mat.map = Some(self.texture(&TextureRef::from_info(&info), ColorSpace::Srgb)?);
        }
        if let Some(info) = pbr.metallic_roughness_texture().filter(|_| !unlit) {
            let t = self.texture(&TextureRef::from_info(&info), ColorSpace::Linear)?;
            mat.metalness_map = Some(t);
            mat.roughness_map = Some(t);
        }
        if m.double_sided() {
            mat.side = Side::Double;
        }
        match m.alpha_mode() {
            gltf::material::AlphaMode::Blend => {
                mat.transparent = true;
                mat.depth_write = false;
            }
            gltf::material::AlphaMode::Mask => mat.alpha_test = m.alpha_cutoff().unwrap_or(0.5),
            gltf::material::AlphaMode::Opaque => {}
        }
        if unlit {
            return Ok(mat);
        }
        if let Some(n) = m.normal_texture() {
            let r = TextureRef {
                index: n.texture().index(),
                tex_coord: n.tex_coord(),
                scale: Some(n.scale()),
                transform: n.extension_value("KHR_texture_transform").cloned(),
            };
            mat.normal_map = Some(self.texture(&r, ColorSpace::Linear)?);
            // three's loader turns `normalScale.y` round for a primitive without tangents (its
            // normal map then uses the derivative frame): the file's material is made for that
            // case, and a primitive with tangents draws a copy turned back (`Variant`).
            mat.normal_scale = Vec2::new(n.scale(), -n.scale());
        }
        if let Some(o) = m.occlusion_texture() {
            let r = TextureRef {
                index: o.texture().index(),
                tex_coord: o.tex_coord(),
                scale: Some(o.strength()),
                transform: o.extension_value("KHR_texture_transform").cloned(),
            };
            mat.ao_map = Some(self.texture(&r, ColorSpace::Linear)?);
            mat.ao_map_intensity = o.strength();
        }
        let [er, eg, eb] = m.emissive_factor();
        mat.emissive = Color::linear(er, eg, eb);
        if let Some(info) = m.emissive_texture() {
            mat.emissive_map = Some(self.texture(&TextureRef::from_info(&info), ColorSpace::Srgb)?);
        }
        if let Some(e) = ext("KHR_materials_emissive_strength") {
            mat.emissive_intensity = number(e, "emissiveStrength", 1.0);
        }
        self.physical_extensions(m, &mut mat)?;
        Ok(mat)
    }

    /// The KHR material extensions three r187 reads, with its defaults.
    fn physical_extensions(
        &mut self,
        m: &gltf::Material,
        mat: &mut Material,
    ) -> Result<(), GltfError> {
        let ext = |name: &str| m.extension_value(name).cloned();
        // A map named in extension `e`'s `key`, decoded in `space`.
        let mut map = |e: &Value, key: &str, space: ColorSpace| -> Result<_, GltfError> {
            match TextureRef::from_json(e.get(key)) {
                Some(r) => self.texture(&r, space).map(Some),
                None => Ok(None),
            }
        };
        if let Some(e) = ext("KHR_materials_clearcoat") {
            mat.clearcoat = number(&e, "clearcoatFactor", 0.0);
            mat.clearcoat_map = map(&e, "clearcoatTexture", ColorSpace::Linear)?;
            mat.clearcoat_roughness = number(&e, "clearcoatRoughnessFactor", 0.0);
            mat.clearcoat_roughness_map = map(&e, "clearcoatRoughnessTexture", ColorSpace::Linear)?;
            mat.clearcoat_normal_map = map(&e, "clearcoatNormalTexture", ColorSpace::Linear)?;
            if let Some(s) =
                TextureRef::from_json(e.get("clearcoatNormalTexture")).and_then(|r| r.scale)
            {
                // Turned round as `normal_scale` is.
                mat.clearcoat_normal_scale = Vec2::new(s, -s);
            }
        }
        if let Some(e) = ext("KHR_materials_sheen") {
            mat.sheen = 1.0;
            mat.sheen_color = color(&e, "sheenColorFactor", [0.0; 3]);
            mat.sheen_roughness = number(&e, "sheenRoughnessFactor", 0.0);
            mat.sheen_color_map = map(&e, "sheenColorTexture", ColorSpace::Srgb)?;
            mat.sheen_roughness_map = map(&e, "sheenRoughnessTexture", ColorSpace::Linear)?;
        }
        if let Some(e) = ext("KHR_materials_transmission") {
            mat.transmission = number(&e, "transmissionFactor", 0.0);
            mat.transmission_map = map(&e, "transmissionTexture", ColorSpace::Linear)?;
        }
        if let Some(e) = ext("KHR_materials_volume") {
            mat.thickness = number(&e, "thicknessFactor", 0.0);
            mat.thickness_map = map(&e, "thicknessTexture", ColorSpace::Linear)?;
            // three's `attenuationDistance || Infinity`: an absent or zero distance never dims.
            let d = number(&e, "attenuationDistance", 0.0);
            mat.attenuation_distance = if d == 0.0 { f32::INFINITY } else { d };
            mat.attenuation_color = color(&e, "attenuationColor", [1.0; 3]);
        }
        if let Some(e) = ext("KHR_materials_ior") {
            // three's #26167: an ior of 0 is read as 1000.
            mat.ior = match number(&e, "ior", 1.5) {
                0.0 => 1000.0,
                ior => ior,
            };
        }
        if let Some(e) = ext("KHR_materials_specular") {
            mat.specular_intensity = number(&e, "specularFactor", 1.0);
            mat.specular_intensity_map = map(&e, "specularTexture", ColorSpace::Linear)?;
            mat.specular_color = color(&e, "specularColorFactor", [1.0; 3]);
            mat.specular_color_map = map(&e, "specularColorTexture", ColorSpace::Srgb)?;
        }
        if let Some(e) = ext("KHR_materials_iridescence") {
            mat.iridescence = number(&e, "iridescenceFactor", 0.0);
            mat.iridescence_ior = number(&e, "iridescenceIor", 1.3);
            mat.iridescence_thickness_range = [
                number(&e, "iridescenceThicknessMinimum", 100.0),
                number(&e, "iridescenceThicknessMaximum", 400.0),
            ];
            mat.iridescence_thickness_map =
                map(&e, "iridescenceThicknessTexture", ColorSpace::Linear)?;
            if e.get("iridescenceTexture").is_some() {
                return Err(GltfError::Unsupported(format!(
                    "material {}'s iridescenceTexture: the iridescence map is not ported",
                    m.index().unwrap_or(0)
                )));
            }
        }
        if let Some(e) = ext("KHR_materials_anisotropy") {
            mat.anisotropy = number(&e, "anisotropyStrength", 0.0);
            mat.anisotropy_rotation = number(&e, "anisotropyRotation", 0.0);
            mat.anisotropy_map = map(&e, "anisotropyTexture", ColorSpace::Linear)?;
        }
        if let Some(e) = ext("KHR_materials_dispersion") {
            mat.dispersion = number(&e, "dispersion", 0.0);
        }
        Ok(())
    }

    /// The texture `r` names, decoded in `space`, with its sampler and transform: one
    /// [`TextureId`] per distinct use (the decoded levels are shared).
    pub(super) fn texture(
        &mut self,
        r: &TextureRef,
        space: ColorSpace,
    ) -> Result<TextureId, GltfError> {
        let key = (r.index, space, r.transform.as_ref().map(|t| t.to_string()));
        if let Some(&id) = self.texture_ids.get(&key) {
            return Ok(id);
        }
        if r.tex_coord != 0 {
            return Err(GltfError::Unsupported(format!(
                "texture {} is read with TEXCOORD_{}: only the first uv set is loaded",
                r.index, r.tex_coord
            )));
        }
        let texture = self.document.textures().nth(r.index).ok_or_else(|| {
            GltfError::Parse(format!(
                "names texture {}, which is not in the file",
                r.index
            ))
        })?;
        let mut t = self.image(texture.source().index(), space)?;
        let sampler = texture.sampler();
        // glTF's texture origin is the image's top left: three's loader sets flipY false.
        t.flip_y = false;
        t.wrap_s = wrap(sampler.wrap_s());
        t.wrap_t = wrap(sampler.wrap_t());
        t.mag_filter = match sampler.mag_filter() {
            Some(MagFilter::Nearest) => Filter::Nearest,
            _ => Filter::Linear,
        };
        t.min_filter = match sampler.min_filter() {
            Some(MinFilter::Nearest) => Filter::Nearest,
            Some(MinFilter::Linear) => Filter::Linear,
            Some(MinFilter::NearestMipmapNearest) => Filter::NearestMipmapNearest,
            Some(MinFilter::LinearMipmapNearest) => Filter::LinearMipmapNearest,
            Some(MinFilter::NearestMipmapLinear) => Filter::NearestMipmapLinear,
            _ => Filter::LinearMipmapLinear,
        };
        if let Some(tr) = &r.transform {
            // three's GLTFTextureTransformExtension: offset, rotation and scale as they are.
            let pair = |key: &str, default: Vec2| {
                tr.get(key)
                    .and_then(Value::as_array)
                    .filter(|a| a.len() == 2)
                    .map_or(default, |a| {
                        Vec2::new(
                            a[0].as_f64().unwrap_or(0.0) as f32,
                            a[1].as_f64().unwrap_or(0.0) as f32,
                        )
                    })
            };
            t.offset = pair("offset", Vec2::ZERO);
            t.repeat = pair("scale", Vec2::ONE);
            t.rotation = number(tr, "rotation", 0.0);
            if tr.get("rotation").is_some() {
                // three's GLTFTextureTransformExtension: with a rotation, glTF's order (offset ·
                // rotation · scale, where three's own is offset · scale · rotation) as the
                // texture's matrix, rows (sx·c, sy·s, ox) and (−sx·s, sy·c, oy).
                let (s, c) = t.rotation.sin_cos();
                let (sx, sy) = (t.repeat.x, t.repeat.y);
                t.matrix = Some(glam::Mat3::from_cols(
                    glam::Vec3::new(sx * c, -sx * s, 0.0),
                    glam::Vec3::new(sy * s, sy * c, 0.0),
                    glam::Vec3::new(t.offset.x, t.offset.y, 1.0),
                ));
            }
            if tr
                .get("texCoord")
                .and_then(Value::as_u64)
                .is_some_and(|c| c != 0)
            {
                return Err(GltfError::Unsupported(format!(
                    "texture {}'s transform reads another uv set: only the first is loaded",
                    r.index
                )));
            }
        }
        let id = self.assets.textures.add(t);
        self.texture_ids.insert(key, id);
        Ok(id)
    }
}

/// glTF's wrap as three's loader maps it.
fn wrap(mode: WrappingMode) -> Wrap {
    match mode {
        WrappingMode::ClampToEdge => Wrap::ClampToEdge,
        WrappingMode::MirroredRepeat => Wrap::MirroredRepeat,
        WrappingMode::Repeat => Wrap::Repeat,
    }
}
