//! Object JSON (docs/json.md; R-JSON-1 and R-JSON-2 in docs/requirements.md): materials, their
//! textures and images as three.js's `ObjectLoader` reads them, with each node material's
//! compiled program in its `nodes` field ([`NodeProgram::to_json`]).
//!
//! The reader names everything by uuid: a material's map and a program's texture slots name a
//! texture of the file's `textures`, which names an image of its `images`. Each texture goes to
//! `assets.textures` once, and the program gets the id it has there.

pub mod node_loader;
mod texture;

use crate::assets::Assets;
use crate::output::srgb_oetf;
use crate::scene::{Material, MaterialKind, Side};
use crate::store::MaterialId;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use tsl_core::{Color, JsonError, NodeProgram, TextureId};

pub use node_loader::{
    node_json_type_names, read_node_material, read_node_material_with, NodeList, NodeLoader,
    NodeMaterialRead, NodeTexture, NodeTextureKind, MAX_JSON_NODES,
};
pub use texture::MAX_OBJECT_JSON_BYTES;

/// The version of three.js's object JSON this library writes (`metadata.version`, r187's 4.7).
pub const OBJECT_JSON_VERSION: f64 = 4.7;

/// The material types by their kind: three.js's class names.
const TYPES: [(MaterialKind, &str); 7] = [
    (MaterialKind::Basic, "MeshBasicMaterial"),
    (MaterialKind::Lambert, "MeshLambertMaterial"),
    (MaterialKind::Phong, "MeshPhongMaterial"),
    (MaterialKind::Standard, "MeshStandardMaterial"),
    (MaterialKind::Physical, "MeshPhysicalMaterial"),
    (MaterialKind::Normals, "MeshNormalMaterial"),
    (MaterialKind::Depth, "MeshDepthMaterial"),
];

/// The numbers three.js writes for a material, each with its field here (r187's
/// `Material.toJSON`; `ior` is this library's own: three writes none for a physical material).
type Number = (&'static str, fn(&mut Material) -> &mut f32);
const NUMBERS: [Number; 26] = [
    ("opacity", |m| &mut m.opacity),
    ("alphaTest", |m| &mut m.alpha_test),
    ("emissiveIntensity", |m| &mut m.emissive_intensity),
    ("roughness", |m| &mut m.roughness),
    ("metalness", |m| &mut m.metalness),
    ("shininess", |m| &mut m.shininess),
    ("clearcoat", |m| &mut m.clearcoat),
    ("clearcoatRoughness", |m| &mut m.clearcoat_roughness),
    ("aoMapIntensity", |m| &mut m.ao_map_intensity),
    ("envMapIntensity", |m| &mut m.env_map_intensity),
    ("bumpScale", |m| &mut m.bump_scale),
    ("displacementScale", |m| &mut m.displacement_scale),
    ("displacementBias", |m| &mut m.displacement_bias),
    ("ior", |m| &mut m.ior),
    ("specularIntensity", |m| &mut m.specular_intensity),
    ("sheen", |m| &mut m.sheen),
    ("sheenRoughness", |m| &mut m.sheen_roughness),
    ("iridescence", |m| &mut m.iridescence),
    ("iridescenceIOR", |m| &mut m.iridescence_ior),
    ("iridescenceThicknessMinimum", |m| {
        &mut m.iridescence_thickness_range[0]
    }),
    ("iridescenceThicknessMaximum", |m| {
        &mut m.iridescence_thickness_range[1]
    }),
    ("anisotropy", |m| &mut m.anisotropy),
    ("anisotropyRotation", |m| &mut m.anisotropy_rotation),
    ("dispersion", |m| &mut m.dispersion),
    ("transmission", |m| &mut m.transmission),
    ("thickness", |m| &mut m.thickness),
];

/// The pairs three.js writes as `[x, y]`.
type Pair = (&'static str, fn(&mut Material) -> &mut glam::Vec2);
const PAIRS: [Pair; 2] = [
    ("normalScale", |m| &mut m.normal_scale),
    ("clearcoatNormalScale", |m| &mut m.clearcoat_normal_scale),
];

/// The colours, written as three.js's sRGB hex.
type Colour = (&'static str, fn(&mut Material) -> &mut Color);
const COLOURS: [Colour; 6] = [
    ("color", |m| &mut m.color),
    ("emissive", |m| &mut m.emissive),
    ("specular", |m| &mut m.specular),
    ("specularColor", |m| &mut m.specular_color),
    ("sheenColor", |m| &mut m.sheen_color),
    ("attenuationColor", |m| &mut m.attenuation_color),
];

/// The switches.
type Switch = (&'static str, fn(&mut Material) -> &mut bool);
const SWITCHES: [Switch; 7] = [
    ("transparent", |m| &mut m.transparent),
    ("vertexColors", |m| &mut m.vertex_colors),
    ("flatShading", |m| &mut m.flat_shading),
    ("depthTest", |m| &mut m.depth_test),
    ("depthWrite", |m| &mut m.depth_write),
    ("wireframe", |m| &mut m.wireframe),
    ("fog", |m| &mut m.fog),
];

/// The maps, each a texture's uuid.
type MapField = (&'static str, fn(&mut Material) -> &mut Option<TextureId>);
const MAPS: [MapField; 20] = [
    ("map", |m| &mut m.map),
    ("emissiveMap", |m| &mut m.emissive_map),
    ("aoMap", |m| &mut m.ao_map),
    ("normalMap", |m| &mut m.normal_map),
    ("roughnessMap", |m| &mut m.roughness_map),
    ("metalnessMap", |m| &mut m.metalness_map),
    ("alphaMap", |m| &mut m.alpha_map),
    ("bumpMap", |m| &mut m.bump_map),
    ("displacementMap", |m| &mut m.displacement_map),
    ("specularIntensityMap", |m| &mut m.specular_intensity_map),
    ("specularColorMap", |m| &mut m.specular_color_map),
    ("sheenColorMap", |m| &mut m.sheen_color_map),
    ("sheenRoughnessMap", |m| &mut m.sheen_roughness_map),
    ("iridescenceThicknessMap", |m| {
        &mut m.iridescence_thickness_map
    }),
    ("anisotropyMap", |m| &mut m.anisotropy_map),
    ("clearcoatMap", |m| &mut m.clearcoat_map),
    ("clearcoatRoughnessMap", |m| &mut m.clearcoat_roughness_map),
    ("clearcoatNormalMap", |m| &mut m.clearcoat_normal_map),
    ("transmissionMap", |m| &mut m.transmission_map),
    ("thicknessMap", |m| &mut m.thickness_map),
];

/// three.js's `side` constants.
const SIDES: [(Side, u64); 3] = [(Side::Front, 0), (Side::Back, 1), (Side::Double, 2)];

/// A colour as three.js's `getHex()`: linear to sRGB bytes.
fn hex(c: Color) -> u32 {
    let byte = |v: f32| (srgb_oetf(v).clamp(0.0, 1.0) * 255.0).round() as u32;
    byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b)
}

/// The uuid this writer gives the `index`th item of a kind (`tag`, one hex digit).
fn uuid(tag: u32, index: u32) -> String {
    format!("00000000-0000-4000-8{tag:03x}-{index:012x}")
}

/// `materials` and what they read as three.js's object JSON (docs/json.md): `metadata`,
/// `materials` (each with its node program in `nodes`), `textures` and `images`. Refuses a
/// material id not in `assets`, a material of a kind object JSON has no type for (VOLUME), a
/// texture id not in `assets.textures` (the reserved ids included), and a program that
/// [`NodeProgram::to_json`] refuses (a 3D texture, nonfinite float data).
pub fn object_to_json(materials: &[MaterialId], assets: &Assets) -> Result<String, JsonError> {
    let mut textures = texture::Writer::new(assets);
    let mut out = Vec::with_capacity(materials.len());
    for (i, &id) in materials.iter().enumerate() {
        let at = format!("materials[{i}]");
        let m = assets.materials.get(id).ok_or_else(|| JsonError::Field {
            at: at.clone(),
            reason: format!("no material has id {}", id.0),
        })?;
        let mut m = m.clone();
        let ty = TYPES
            .iter()
            .find(|(k, _)| *k == m.kind)
            .map(|(_, t)| *t)
            .ok_or_else(|| JsonError::Field {
                at: at.clone(),
                reason: format!("object JSON has no type for a {:?} material", m.kind),
            })?;
        let mut o = Map::new();
        o.insert("uuid".into(), uuid(1, i as u32).into());
        o.insert("type".into(), ty.into());
        for (name, get) in COLOURS {
            o.insert(name.into(), hex(*get(&mut m)).into());
        }
        for (name, get) in NUMBERS {
            o.insert(name.into(), f64::from(*get(&mut m)).into());
        }
        for (name, get) in PAIRS {
            let v = *get(&mut m);
            o.insert(name.into(), json!([f64::from(v.x), f64::from(v.y)]));
        }
        // three's infinite default is written by JSON.stringify as null, which its loader then
        // keeps; it is left out here and read as infinite.
        if m.attenuation_distance.is_finite() {
            o.insert(
                "attenuationDistance".into(),
                f64::from(m.attenuation_distance).into(),
            );
        }
        for (name, get) in SWITCHES {
            o.insert(name.into(), (*get(&mut m)).into());
        }
        let side = SIDES
            .iter()
            .find(|(s, _)| *s == m.side)
            .map_or(0, |(_, n)| *n);
        o.insert("side".into(), side.into());
        for (name, get) in MAPS {
            if let Some(t) = *get(&mut m) {
                o.insert(
                    name.into(),
                    textures.uuid(t, &format!("{at}.{name}"))?.into(),
                );
            }
        }
        if let Some(p) = m.nodes {
            let nodes_at = format!("{at}.nodes");
            let program = assets.programs.get(p).ok_or_else(|| JsonError::Field {
                at: nodes_at.clone(),
                reason: format!("no program has id {}", p.0),
            })?;
            let json = program.to_json(&nodes_at, |t| textures.uuid(t, &nodes_at))?;
            o.insert("nodes".into(), json);
        }
        out.push(Value::Object(o));
    }
    let (textures, images) = textures.finish()?;
    let document = json!({
        "metadata": { "version": OBJECT_JSON_VERSION, "type": "Object", "generator": "tsl-rs object_to_json" },
        "materials": out,
        "textures": textures,
        "images": images,
    });
    Ok(document.to_string())
}

/// The materials of three.js object JSON, added to `assets` (their programs to
/// `assets.programs`, their textures to `assets.textures`), in the file's order: their ids.
///
/// Refuses, with a [`JsonError`] that names the field: text longer than
/// [`MAX_OBJECT_JSON_BYTES`] (before it is parsed), text that is not JSON or is cut short, a
/// `metadata.version` whose major version is not 4, an unknown material type, a uuid that no
/// texture or image of the file has, an image that is not a PNG data URL or is larger than the
/// default [`tsl_core::Limits`], and any program [`NodeProgram::from_json`] refuses. Nothing is
/// added to `assets` unless everything is read. Never panics.
///
/// A three.js node material that `scene.toJSON()` wrote (`MeshStandardNodeMaterial` and the
/// others of docs/node_json.md) reads as the class it extends, its `inputNodes` built from the
/// document's `nodes` by a [`NodeLoader`] and compiled into `assets.programs`, with the
/// refusals of [`NodeLoader::node`].
pub fn read_object_json(text: &str, assets: &mut Assets) -> Result<Vec<MaterialId>, JsonError> {
    read_object_json_with(text, assets, &[])
}

/// [`read_object_json`] with the types of the custom attributes that node materials read:
/// three.js's JSON names an `AttributeNode`'s attribute but not its type, so each is declared
/// here as with [`NodeLoader::set_attribute`] (docs/node_json.md). Refuses what
/// [`read_object_json`] refuses.
pub fn read_object_json_with(
    text: &str,
    assets: &mut Assets,
    attributes: &[(&str, tsl_core::ValueType)],
) -> Result<Vec<MaterialId>, JsonError> {
    let document = parse_document(text)?;
    let root = object(&document, "document")?;
    let empty = Vec::new();
    let list = match root.get("materials") {
        None => &empty,
        Some(v) => v
            .as_array()
            .ok_or_else(|| field("materials", "is not an array"))?,
    };
    read_materials(root, list, "materials", assets, attributes)
}

/// A material that three.js's `Material.toJSON()` wrote alone (its `textures`, `images` and,
/// for a node material, `nodes` in the material itself), added to `assets` as
/// [`read_object_json`] adds each material of a document, with the same refusals.
///
/// A node material (`MeshStandardNodeMaterial` and the others of docs/node_json.md) reads as
/// the class it extends, its `inputNodes` built by a [`NodeLoader`] and compiled into
/// `assets.programs`.
pub fn read_material_json(text: &str, assets: &mut Assets) -> Result<MaterialId, JsonError> {
    let document = parse_document(text)?;
    let root = object(&document, "material")?;
    let ids = read_materials(
        root,
        std::slice::from_ref(&document),
        "material",
        assets,
        &[],
    )?;
    // Invariant: one material in, one id out.
    Ok(ids[0])
}

/// The text parsed, its size checked against [`MAX_OBJECT_JSON_BYTES`] first.
fn parse_bounded(text: &str) -> Result<Value, JsonError> {
    if text.len() > MAX_OBJECT_JSON_BYTES {
        return Err(JsonError::TooLarge {
            what: "the text's bytes",
            found: text.len() as u64,
            limit: MAX_OBJECT_JSON_BYTES as u64,
        });
    }
    serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))
}

/// The text parsed, after its size and its `metadata.version` (4.x) are checked.
fn parse_document(text: &str) -> Result<Value, JsonError> {
    let document = parse_bounded(text)?;
    let version = document
        .get("metadata")
        .and_then(|m| m.get("version"))
        .ok_or_else(|| field("metadata.version", "is missing"))?;
    if version.as_f64().is_none_or(|v| !(4.0..5.0).contains(&v)) {
        return Err(JsonError::Version {
            at: "metadata.version".into(),
            found: version.to_string(),
            expected: "4.x".into(),
        });
    }
    Ok(document)
}

/// The materials of `list` (`name` in errors), whose textures, images and nodes are in `root`
/// (and a node material's own `nodes`), added to `assets` once all are read.
fn read_materials(
    root: &Map<String, Value>,
    list: &[Value],
    name: &str,
    assets: &mut Assets,
    attributes: &[(&str, tsl_core::ValueType)],
) -> Result<Vec<MaterialId>, JsonError> {
    // The textures are made first, and added to the store only once every material is read:
    // a texture's id is then the store's length plus its place among them.
    let mut reader = texture::Reader::new(root, assets.textures.len(), assets.volumes.len())?;
    let mut materials = Vec::with_capacity(list.len());
    let mut programs: Vec<NodeProgram> = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let at = if list.len() == 1 && name == "material" {
            name.to_string()
        } else {
            format!("{name}[{i}]")
        };
        let o = object(v, &at)?;
        let ty = o.get("type").and_then(Value::as_str).unwrap_or("");
        let node_kind = node_loader::node_material_kind(ty);
        let kind = TYPES
            .iter()
            .find(|(_, t)| *t == ty)
            .map(|(k, _)| *k)
            .or(node_kind)
            .ok_or_else(|| {
                field(
                    &format!("{at}.type"),
                    &format!("'{ty}' is not a material type this library reads"),
                )
            })?;
        let mut m = Material::new(kind, Color::WHITE);
        for (name, get) in COLOURS {
            if let Some(v) = o.get(name) {
                let n = v.as_u64().filter(|&n| n <= 0xff_ffff).ok_or_else(|| {
                    field(
                        &format!("{at}.{name}"),
                        "is not a colour from 0 to 0xffffff",
                    )
                })?;
                *get(&mut m) = Color::from_hex(n as u32);
            }
        }
        for (name, get) in NUMBERS {
            if let Some(v) = o.get(name) {
                let x = v.as_f64().map(|x| x as f32).filter(|x| x.is_finite());
                *get(&mut m) =
                    x.ok_or_else(|| field(&format!("{at}.{name}"), "is not a finite number"))?;
            }
        }
        for (name, get) in PAIRS {
            if let Some(v) = o.get(name) {
                let pair = v.as_array().and_then(|a| match a.as_slice() {
                    [x, y] => Some((x.as_f64()? as f32, y.as_f64()? as f32)),
                    _ => None,
                });
                let (x, y) = pair
                    .filter(|(x, y)| x.is_finite() && y.is_finite())
                    .ok_or_else(|| {
                        field(&format!("{at}.{name}"), "is not [x, y] of finite numbers")
                    })?;
                *get(&mut m) = glam::Vec2::new(x, y);
            }
        }
        // The range as three before r180 wrote it; r187 writes the two ends (NUMBERS).
        if let Some(v) = o.get("iridescenceThicknessRange") {
            let pair = v.as_array().and_then(|a| match a.as_slice() {
                [lo, hi] => Some([lo.as_f64()? as f32, hi.as_f64()? as f32]),
                _ => None,
            });
            m.iridescence_thickness_range = pair
                .filter(|r| r.iter().all(|x| x.is_finite()))
                .ok_or_else(|| {
                    field(
                        &format!("{at}.iridescenceThicknessRange"),
                        "is not [min, max] of finite numbers",
                    )
                })?;
        }
        match o.get("attenuationDistance") {
            None => {}
            // JSON.stringify's spelling of three's default, Infinity.
            Some(Value::Null) => m.attenuation_distance = f32::INFINITY,
            Some(v) => {
                m.attenuation_distance = v
                    .as_f64()
                    .map(|x| x as f32)
                    .filter(|x| x.is_finite() && *x > 0.0)
                    .ok_or_else(|| {
                        field(
                            &format!("{at}.attenuationDistance"),
                            "is not a positive finite number or null",
                        )
                    })?;
            }
        }
        for (name, get) in SWITCHES {
            if let Some(v) = o.get(name) {
                *get(&mut m) = v
                    .as_bool()
                    .ok_or_else(|| field(&format!("{at}.{name}"), "is not true or false"))?;
            }
        }
        if let Some(v) = o.get("side") {
            m.side = SIDES
                .iter()
                .find(|(_, n)| v.as_u64() == Some(*n))
                .map(|(s, _)| *s)
                .ok_or_else(|| field(&format!("{at}.side"), "is not 0, 1 or 2"))?;
        }
        for (name, get) in MAPS {
            if let Some(v) = o.get(name) {
                let key = v
                    .as_str()
                    .ok_or_else(|| field(&format!("{at}.{name}"), "is not a uuid"))?;
                *get(&mut m) = Some(reader.id(key, &format!("{at}.{name}"))?);
            }
        }
        if node_kind.is_some() {
            if let Some(program) = node_program(root, o, &at, &mut reader, attributes)? {
                m.nodes = Some(crate::store::ProgramId(
                    (assets.programs.len() + programs.len()) as u32,
                ));
                programs.push(program);
            }
        } else if let Some(nodes) = o.get("nodes") {
            let nodes_at = format!("{at}.nodes");
            let program = NodeProgram::from_json(nodes, &nodes_at, |key| match key {
                None => Ok(tsl_core::NO_TEXTURE),
                Some(key) => reader.id(key, &nodes_at),
            })?;
            // Its id once added: the store's length plus the programs before it.
            m.nodes = Some(crate::store::ProgramId(
                (assets.programs.len() + programs.len()) as u32,
            ));
            programs.push(program);
        }
        materials.push(m);
    }
    let (textures, volumes) = reader.finish();
    for t in textures {
        assets.textures.add(t);
    }
    for v in volumes {
        assets.volumes.add(v);
    }
    for p in programs {
        assets.programs.add(p);
    }
    Ok(materials
        .into_iter()
        .map(|m| assets.materials.add(m))
        .collect())
}

/// A three.js node material's program: its `inputNodes` built from the document's `nodes` and
/// its own, compiled, each texture node given the id its texture gets and the texture's uv
/// transform. `None` for a material with no `inputNodes`, or none set.
fn node_program(
    root: &Map<String, Value>,
    material: &Map<String, Value>,
    at: &str,
    reader: &mut texture::Reader<'_>,
    attributes: &[(&str, tsl_core::ValueType)],
) -> Result<Option<NodeProgram>, JsonError> {
    let Some(inputs) = material.get("inputNodes") else {
        return Ok(None);
    };
    let inputs = inputs
        .as_object()
        .ok_or_else(|| field(&format!("{at}.inputNodes"), "is not an object"))?;
    if inputs.is_empty() {
        // A node material with no node set draws as its plain class.
        return Ok(None);
    }
    let mut list = NodeList::default();
    if !std::ptr::eq(root, material) {
        list.add(root.get("nodes"), "nodes")?;
    }
    list.add(material.get("nodes"), &format!("{at}.nodes"))?;
    let mut loader = NodeLoader::new();
    for &(name, ty) in attributes {
        loader.set_attribute(name, ty);
    }
    node_loader::read_outputs(&mut loader, &list, inputs, at)?;
    let mut program = loader
        .graph
        .compile()
        .map_err(|e| field(at, &e.to_string()))?;
    for t in &loader.textures {
        let here = format!("{at} texture node '{}'", t.uniform);
        let id = match t.kind {
            NodeTextureKind::Texture => reader.id(&t.texture, &here)?,
            kind => reader.volume_id(&t.texture, kind, &here)?,
        };
        program
            .set_texture(t.uniform.as_str(), id)
            .map_err(|e| field(&here, &e.to_string()))?;
        if let (NodeTextureKind::Texture, Some(name), Some(texture)) =
            (t.kind, &t.matrix, reader.made(id))
        {
            program
                .set_uniform(name.as_str(), texture.uv_matrix())
                .map_err(|e| field(&here, &e.to_string()))?;
        }
    }
    Ok(Some(program))
}

fn field(at: &str, reason: &str) -> JsonError {
    JsonError::Field {
        at: at.to_string(),
        reason: reason.to_string(),
    }
}

fn object<'a>(value: &'a Value, at: &str) -> Result<&'a Map<String, Value>, JsonError> {
    value
        .as_object()
        .ok_or_else(|| field(at, "is not an object"))
}

/// The entries of a list by uuid: each one's place in the list and the entry.
type ByUuid<'a> = HashMap<&'a str, (usize, &'a Map<String, Value>)>;

/// A list of the document's root by uuid: each entry's uuid and the entry.
fn by_uuid<'a>(root: &'a Map<String, Value>, name: &str) -> Result<ByUuid<'a>, JsonError> {
    let mut out = HashMap::new();
    let Some(list) = root.get(name) else {
        return Ok(out);
    };
    let list = list
        .as_array()
        .ok_or_else(|| field(name, "is not an array"))?;
    for (i, v) in list.iter().enumerate() {
        let at = format!("{name}[{i}]");
        let o = object(v, &at)?;
        let key = o
            .get("uuid")
            .and_then(Value::as_str)
            .ok_or_else(|| field(&format!("{at}.uuid"), "is not a string"))?;
        if out.insert(key, (i, o)).is_some() {
            return Err(field(
                &format!("{at}.uuid"),
                &format!("'{key}' is given twice"),
            ));
        }
    }
    Ok(out)
}
