//! The textures and images of object JSON: three.js's `Texture.toJSON` fields and an image as a
//! PNG data URL, written for the textures a material or a program names and read back by uuid.

use super::NodeTextureKind;
use super::{by_uuid, field, uuid, ByUuid};
use crate::assets::Assets;
use crate::output::srgb_oetf;
use crate::texture::{ColorSpace, Filter, Texture, Texture3d, VolumeFilter, VolumeFormat, Wrap};
use crate::Image;
use base64::Engine;
use glam::Vec2;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use tsl_core::{JsonError, Limits, TextureId};

/// The longest text [`super::read_object_json`] reads: 256 MiB, refused before it is parsed. The
/// JSON tree costs a few times the text; each image is then held to the default
/// [`Limits`] from its PNG header before its texels are made.
pub const MAX_OBJECT_JSON_BYTES: usize = 256 << 20;

/// three.js's wrap constants.
const WRAPS: [(Wrap, u64); 3] = [
    (Wrap::Repeat, 1000),
    (Wrap::ClampToEdge, 1001),
    (Wrap::MirroredRepeat, 1002),
];

/// three.js's filter constants.
const FILTERS: [(Filter, u64); 6] = [
    (Filter::Nearest, 1003),
    (Filter::NearestMipmapNearest, 1004),
    (Filter::NearestMipmapLinear, 1005),
    (Filter::Linear, 1006),
    (Filter::LinearMipmapNearest, 1007),
    (Filter::LinearMipmapLinear, 1008),
];

/// three.js's colour space names (`NoColorSpace` is the empty string).
const COLOR_SPACES: [(ColorSpace, &str); 3] = [
    (ColorSpace::Srgb, "srgb"),
    (ColorSpace::Linear, ""),
    (ColorSpace::Linear, "srgb-linear"),
];

const PNG_URL: &str = "data:image/png;base64,";

fn code<T: PartialEq, C: Copy>(table: &[(T, C)], value: T) -> C {
    // Invariant: each table lists every value of its enum.
    table
        .iter()
        .find(|(v, _)| *v == value)
        .map(|(_, c)| *c)
        .unwrap_or(table[0].1)
}

/// The textures a document names, in the order first named.
pub(super) struct Writer<'a> {
    assets: &'a Assets,
    order: Vec<TextureId>,
}

impl<'a> Writer<'a> {
    pub fn new(assets: &'a Assets) -> Self {
        Writer {
            assets,
            order: Vec::new(),
        }
    }

    /// The uuid of texture `id`, which the document then holds; refuses an id not in the store.
    pub fn uuid(&mut self, id: TextureId, at: &str) -> Result<String, JsonError> {
        if !self.assets.textures.contains(id) {
            return Err(field(
                at,
                &format!("no texture in the store has id {}", id.0),
            ));
        }
        let index = match self.order.iter().position(|&t| t == id) {
            Some(i) => i,
            None => {
                self.order.push(id);
                self.order.len() - 1
            }
        };
        Ok(uuid(2, index as u32))
    }

    /// The `textures` and `images` lists.
    pub fn finish(self) -> Result<(Vec<Value>, Vec<Value>), JsonError> {
        let mut textures = Vec::with_capacity(self.order.len());
        let mut images = Vec::with_capacity(self.order.len());
        for (i, &id) in self.order.iter().enumerate() {
            // Invariant: `uuid` took only ids in the store.
            let Some(t) = self.assets.textures.get(id) else {
                continue;
            };
            let space = t.color_space();
            let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            let mut bytes = Vec::with_capacity(4 * t.base_texels().len());
            for p in t.base_texels() {
                let c = |v: f32| match space {
                    ColorSpace::Srgb => byte(srgb_oetf(v)),
                    ColorSpace::Linear => byte(v),
                };
                bytes.extend([c(p.x), c(p.y), c(p.z), byte(p.w)]);
            }
            let png = Image::from_rgba8(t.width(), t.height(), bytes)
                .and_then(|image| image.to_png())
                .map_err(|e| field(&format!("textures[{i}]"), &e.to_string()))?;
            let url = format!(
                "{PNG_URL}{}",
                base64::engine::general_purpose::STANDARD.encode(png)
            );
            images.push(json!({ "uuid": uuid(3, i as u32), "url": url }));
            textures.push(json!({
                "uuid": uuid(2, i as u32),
                "image": uuid(3, i as u32),
                "mapping": 300,
                "repeat": [t.repeat.x, t.repeat.y],
                "offset": [t.offset.x, t.offset.y],
                "center": [t.center.x, t.center.y],
                "rotation": t.rotation,
                "wrap": [code(&WRAPS, t.wrap_s), code(&WRAPS, t.wrap_t)],
                "colorSpace": code(&COLOR_SPACES, space),
                "minFilter": code(&FILTERS, t.min_filter),
                "magFilter": code(&FILTERS, t.mag_filter),
                "flipY": t.flip_y,
            }));
        }
        Ok((textures, images))
    }
}

/// The textures of a document, made when first named.
pub(super) struct Reader<'a> {
    textures: ByUuid<'a>,
    images: ByUuid<'a>,
    /// The store's length: the first id a made texture gets.
    base: usize,
    made: Vec<Texture>,
    ids: HashMap<&'a str, TextureId>,
    /// The volume store's length: the first id a made cube or array texture gets.
    volume_base: usize,
    volumes: Vec<Texture3d>,
    volume_ids: HashMap<&'a str, (TextureId, NodeTextureKind)>,
}

impl<'a> Reader<'a> {
    pub fn new(
        root: &'a Map<String, Value>,
        base: usize,
        volume_base: usize,
    ) -> Result<Self, JsonError> {
        Ok(Reader {
            textures: by_uuid(root, "textures")?,
            images: by_uuid(root, "images")?,
            base,
            made: Vec::new(),
            ids: HashMap::new(),
            volume_base,
            volumes: Vec::new(),
            volume_ids: HashMap::new(),
        })
    }

    /// The entry of uuid `key` (its uuid as the document holds it, its place, the entry), not
    /// yet made: refused where no texture has the uuid, or where it was `made_otherwise` (as a 2D
    /// texture when a cube or layers is asked for, or the other way round).
    fn unread(
        &self,
        key: &str,
        made_otherwise: bool,
        at: &str,
    ) -> Result<(&'a str, usize, &'a Map<String, Value>), JsonError> {
        if made_otherwise {
            return Err(field(
                at,
                &format!("the texture '{key}' is read as a 2D texture and as a cube or layers"),
            ));
        }
        let (&key, &(i, entry)) = self
            .textures
            .get_key_value(key)
            .ok_or_else(|| field(at, &format!("no texture has the uuid '{key}'")))?;
        Ok((key, i, entry))
    }

    /// The id the texture of uuid `key` will have in the store; `at` names who asks.
    pub fn id(&mut self, key: &str, at: &str) -> Result<TextureId, JsonError> {
        if let Some(&id) = self.ids.get(key) {
            return Ok(id);
        }
        let (key, i, entry) = self.unread(key, self.volume_ids.contains_key(key), at)?;
        let texture = self.texture(entry, &format!("textures[{i}]"))?;
        let id = TextureId((self.base + self.made.len()) as u32);
        self.made.push(texture);
        self.ids.insert(key, id);
        Ok(id)
    }

    fn texture(&self, o: &Map<String, Value>, at: &str) -> Result<Texture, JsonError> {
        let name = |n: &str| format!("{at}.{n}");
        let image_key = o
            .get("image")
            .and_then(Value::as_str)
            .ok_or_else(|| field(&name("image"), "is not a uuid"))?;
        let (j, image) = self.images.get(image_key).ok_or_else(|| {
            field(
                &name("image"),
                &format!("no image has the uuid '{image_key}'"),
            )
        })?;
        let image_at = format!("images[{j}].url");
        let space = match o.get("colorSpace") {
            None => ColorSpace::Srgb,
            Some(v) => COLOR_SPACES
                .iter()
                .find(|(_, s)| v.as_str() == Some(s))
                .map(|(c, _)| *c)
                .ok_or_else(|| field(&name("colorSpace"), "is not srgb, srgb-linear or empty"))?,
        };
        let mut t = match image.get("url") {
            Some(Value::Object(data)) => data_texture(data, space, &image_at)?,
            url => {
                let data = url
                    .and_then(Value::as_str)
                    .and_then(|u| u.strip_prefix(PNG_URL))
                    .ok_or_else(|| {
                        field(
                            &image_at,
                            "is not a PNG data URL (data:image/png;base64,...) or a DataTexture's \
                             Uint8Array",
                        )
                    })?;
                let png = base64::engine::general_purpose::STANDARD
                    .decode(data)
                    .map_err(|e| field(&image_at, &format!("is not base64: {e}")))?;
                Texture::from_png_with_limits(&png, space, &Limits::DEFAULT)
                    .map_err(|e| field(&image_at, &e.to_string()))?
            }
        };
        if let Some(v) = o.get("wrap") {
            let pair = v.as_array().filter(|a| a.len() == 2);
            let wrap = |k: usize| {
                pair.and_then(|a| WRAPS.iter().find(|(_, c)| a[k].as_u64() == Some(*c)))
                    .map(|(w, _)| *w)
                    .ok_or_else(|| field(&name("wrap"), "is not two of 1000, 1001, 1002"))
            };
            t.wrap_s = wrap(0)?;
            t.wrap_t = wrap(1)?;
        }
        for (n, get) in [
            ("minFilter", &mut t.min_filter as &mut Filter),
            ("magFilter", &mut t.mag_filter),
        ] {
            if let Some(v) = o.get(n) {
                *get = FILTERS
                    .iter()
                    .find(|(_, c)| v.as_u64() == Some(*c))
                    .map(|(f, _)| *f)
                    .ok_or_else(|| field(&name(n), "is not a filter from 1003 to 1008"))?;
            }
        }
        if !matches!(t.mag_filter, Filter::Linear | Filter::Nearest) {
            return Err(field(&name("magFilter"), "is a mipmap filter"));
        }
        for (n, get) in [
            ("repeat", &mut t.repeat as &mut Vec2),
            ("offset", &mut t.offset),
            ("center", &mut t.center),
        ] {
            if let Some(v) = o.get(n) {
                *get = vec2(v).ok_or_else(|| field(&name(n), "is not two finite numbers"))?;
            }
        }
        if let Some(v) = o.get("rotation") {
            t.rotation = v
                .as_f64()
                .map(|x| x as f32)
                .filter(|x| x.is_finite())
                .ok_or_else(|| field(&name("rotation"), "is not a finite number"))?;
        }
        if let Some(v) = o.get("flipY") {
            t.flip_y = v
                .as_bool()
                .ok_or_else(|| field(&name("flipY"), "is not true or false"))?;
        }
        Ok(t)
    }

    /// The texture made with id `id`, if one was.
    pub fn made(&self, id: TextureId) -> Option<&Texture> {
        (id.0 as usize)
            .checked_sub(self.base)
            .and_then(|k| self.made.get(k))
    }

    /// The id in the volume store that the cube or array texture of uuid `key` will have
    /// (R-CUBE-3): a `CubeTexture`'s six data faces, or a `DataArrayTexture`'s data, whose
    /// layer count is its length over a layer's (three.js's JSON does not write the depth).
    pub fn volume_id(
        &mut self,
        key: &str,
        kind: NodeTextureKind,
        at: &str,
    ) -> Result<TextureId, JsonError> {
        if let Some(&(id, made_as)) = self.volume_ids.get(key) {
            if made_as != kind {
                return Err(field(
                    at,
                    &format!("the texture '{key}' is read as a cube and as layers"),
                ));
            }
            return Ok(id);
        }
        let (key, i, entry) = self.unread(key, self.ids.contains_key(key), at)?;
        let volume = self.volume(entry, kind, &format!("textures[{i}]"))?;
        let id = TextureId((self.volume_base + self.volumes.len()) as u32);
        self.volumes.push(volume);
        self.volume_ids.insert(key, (id, kind));
        Ok(id)
    }

    fn volume(
        &self,
        o: &Map<String, Value>,
        kind: NodeTextureKind,
        at: &str,
    ) -> Result<Texture3d, JsonError> {
        let name = |n: &str| format!("{at}.{n}");
        let image_key = o
            .get("image")
            .and_then(Value::as_str)
            .ok_or_else(|| field(&name("image"), "is not a uuid"))?;
        let (j, image) = self.images.get(image_key).ok_or_else(|| {
            field(
                &name("image"),
                &format!("no image has the uuid '{image_key}'"),
            )
        })?;
        let image_at = format!("images[{j}].url");
        let mut t = match (kind, image.get("url")) {
            (NodeTextureKind::Cube, Some(Value::Array(faces))) if faces.len() == 6 => {
                let mut size = None;
                let mut bytes = Vec::new();
                for (f, face) in faces.iter().enumerate() {
                    let face_at = format!("{image_at}[{f}]");
                    let face = face
                        .as_object()
                        .ok_or_else(|| field(&face_at, "is not a data image"))?;
                    let (w, h, data) = data_bytes(face, &face_at)?;
                    if w != h || size.is_some_and(|s| s != w) {
                        return Err(field(
                            &face_at,
                            "is not square and of the first face's size",
                        ));
                    }
                    size = Some(w);
                    bytes.extend(data);
                }
                // Invariant: six faces were read.
                Texture3d::cube(size.unwrap_or(1), VolumeFormat::Rgba8, &bytes)
            }
            (NodeTextureKind::Layers, Some(Value::Object(data))) => {
                let (w, h, bytes) = data_bytes(data, &image_at)?;
                let layer = w as usize * h as usize * 4;
                let depth = (bytes.len() / layer) as u32;
                Texture3d::layers(w, h, depth, VolumeFormat::Rgba8, &bytes)
            }
            _ => {
                return Err(field(
                    &image_at,
                    match kind {
                        NodeTextureKind::Cube => "is not a CubeTexture's six data faces",
                        _ => "is not a DataArrayTexture's data",
                    },
                ))
            }
        }
        .map_err(|e| field(&image_at, &e.to_string()))?;
        match o.get("colorSpace").and_then(Value::as_str) {
            None | Some("") | Some("srgb-linear") => {}
            Some("srgb") => t.decode_srgb(),
            Some(_) => {
                return Err(field(
                    &name("colorSpace"),
                    "is not srgb, srgb-linear or empty",
                ))
            }
        }
        // One filter serves both: three's magFilter (a volume has no mips, docs/textures.md).
        if let Some(v) = o.get("magFilter") {
            t.filter = match v.as_u64() {
                Some(1003) => VolumeFilter::Nearest,
                Some(1006) => VolumeFilter::Linear,
                _ => return Err(field(&name("magFilter"), "is not 1003 or 1006")),
            };
        }
        if let Some(v) = o.get("wrap") {
            let pair = v.as_array().filter(|a| a.len() == 2);
            let wrap = |k: usize| {
                pair.and_then(|a| WRAPS.iter().find(|(_, c)| a[k].as_u64() == Some(*c)))
                    .map(|(w, _)| *w)
                    .ok_or_else(|| field(&name("wrap"), "is not two of 1000, 1001, 1002"))
            };
            t.wrap_s = wrap(0)?;
            t.wrap_t = wrap(1)?;
        }
        Ok(t)
    }

    /// The textures made, in the order of their ids, then the cube and array textures made.
    pub fn finish(self) -> (Vec<Texture>, Vec<Texture3d>) {
        (self.made, self.volumes)
    }
}

/// A DataTexture's image as three.js's `serializeImage` writes it: `{ data, width, height,
/// type: "Uint8Array" }`, RGBA8 rows from v = 0, held to the default [`Limits`]' texels.
fn data_texture(o: &Map<String, Value>, space: ColorSpace, at: &str) -> Result<Texture, JsonError> {
    let (width, height, bytes) = data_bytes(o, at)?;
    if bytes.len() as u64 != u64::from(width) * u64::from(height) * 4 {
        return Err(field(
            &format!("{at}.data"),
            "is not width × height × 4 bytes",
        ));
    }
    let image =
        crate::Image::from_rgba8(width, height, bytes).map_err(|e| field(at, &e.to_string()))?;
    Ok(Texture::new(image, space))
}

/// The size and bytes of a data image (`serializeImage`'s `{ data, width, height, type }`):
/// RGBA8, a whole number of `width × height` layers, held to the default [`Limits`]' texels.
fn data_bytes(o: &Map<String, Value>, at: &str) -> Result<(u32, u32, Vec<u8>), JsonError> {
    if o.get("type").and_then(Value::as_str) != Some("Uint8Array") {
        return Err(field(
            &format!("{at}.type"),
            "is not Uint8Array (RGBA8 data)",
        ));
    }
    let size = |n: &str| {
        o.get(n)
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
            .filter(|&v| v > 0)
            .ok_or_else(|| field(&format!("{at}.{n}"), "is not a whole number from 1"))
    };
    let (width, height) = (size("width")?, size("height")?);
    let layer = u64::from(width) * u64::from(height) * 4;
    let list = o
        .get("data")
        .and_then(Value::as_array)
        .filter(|a| !a.is_empty() && (a.len() as u64).is_multiple_of(layer))
        .ok_or_else(|| {
            field(
                &format!("{at}.data"),
                "is not width × height × 4 bytes (a whole number of times)",
            )
        })?;
    if list.len() as u64 / 4 > Limits::DEFAULT.texture_texels {
        return Err(field(
            at,
            &format!(
                "{} texels are more than the limit of {}",
                list.len() / 4,
                Limits::DEFAULT.texture_texels
            ),
        ));
    }
    let bytes = list
        .iter()
        .map(|v| v.as_u64().and_then(|b| u8::try_from(b).ok()))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| field(&format!("{at}.data"), "is not bytes from 0 to 255"))?;
    Ok((width, height, bytes))
}

fn vec2(v: &Value) -> Option<Vec2> {
    let a = v.as_array().filter(|a| a.len() == 2)?;
    let x = a[0].as_f64()? as f32;
    let y = a[1].as_f64()? as f32;
    (x.is_finite() && y.is_finite()).then_some(Vec2::new(x, y))
}
