//! glTF 2.0 (R-GLTF-1..5, docs/gltf.md): a `.gltf` or `.glb` document loaded into a [`Scene`]
//! and its [`Assets`] as three.js r187's GLTFLoader builds its scene: the default scene's node
//! tree as objects with parents, each mesh's primitives as meshes, its materials as STANDARD or
//! PHYSICAL materials with their maps, its morph targets and skins (R-DEFORM-1, R-DEFORM-2), its
//! cameras, and its KHR_lights_punctual lights.
//!
//! The stages, one file each: `accessor.rs` reads typed arrays out of buffers with every range
//! checked; `material.rs` maps materials and textures; this file reads buffers and images and
//! walks the node tree. Every size a file states is checked against [`GltfLimits`] before
//! anything of that size is allocated.
//!
//! ```no_run
//! use tsl_raster::gltf::load_gltf;
//! use tsl_raster::{Assets, Scene};
//! let (mut scene, mut assets) = (Scene::new(), Assets::new());
//! let model = load_gltf("model.glb", &mut scene, &mut assets).unwrap();
//! let camera = model.cameras.first().copied();
//! ```

mod accessor;
mod material;

use crate::assets::Assets;
use crate::file::{read_bounded, ReadError};
use crate::geometry::Geometry;
use crate::scene::{Camera, Light, Material, Object, ObjectId, Scene, Skin, Transform};
use crate::store::{GeometryId, MaterialId};
use crate::texture::jpeg::decode_jpeg;
use crate::texture::{ColorSpace, Texture};
use crate::RenderError;
use glam::{Mat4, Quat, Vec3, Vec4};
use gltf::accessor::Dimensions;
use gltf::mesh::Mode;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tsl_core::{Color, Limits, TextureId};

/// What a glTF document may cost at most, checked before the cost is spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GltfLimits {
    /// The bytes of the document and of all its buffers and images together: 1 GiB by default.
    pub bytes: usize,
    /// The vertices of all the loaded primitives together: 2^26 by default.
    pub vertices: usize,
    /// The nodes of the loaded scene: 2^20 by default.
    pub nodes: usize,
    /// What one decoded image may cost (its pixels, its texels as a texture).
    pub images: Limits,
}

impl Default for GltfLimits {
    fn default() -> GltfLimits {
        GltfLimits {
            bytes: 1 << 30,
            vertices: 1 << 26,
            nodes: 1 << 20,
            images: Limits::default(),
        }
    }
}

/// Why a glTF document did not load. Each message names the part of the file (the accessor,
/// buffer, image or node by its index) and what is wrong with it.
#[derive(Debug, thiserror::Error)]
pub enum GltfError {
    /// The JSON or the GLB container is malformed, or an index names nothing.
    #[error("glTF: {0}")]
    Parse(String),
    /// A file the document names could not be read.
    #[error("glTF: cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The document is over one of its [`GltfLimits`].
    #[error("glTF: {what} is {size}, over the limit of {limit}")]
    OverLimit {
        /// What was counted.
        what: &'static str,
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// A buffer is missing, short, or in a form that is not read.
    #[error("glTF: buffer {index} {reason}")]
    Buffer {
        /// The buffer's index.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// An accessor's data is out of range or of a type that is not read.
    #[error("glTF: accessor {index} {reason}")]
    Accessor {
        /// The accessor's index.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// An image could not be decoded.
    #[error("glTF: image {index} {reason}")]
    Image {
        /// The image's index.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// A feature of glTF the loader does not build yet (it says which).
    #[error("glTF: {0}")]
    Unsupported(String),
    /// The renderer refused what the document describes (a geometry, an image).
    #[error("glTF: {0}")]
    Render(#[from] RenderError),
}

/// What [`load_gltf`] added: the scene's root group, each glTF node's object, the materials and
/// the cameras, so that a caller can put a node material on a loaded mesh or draw from the
/// file's camera.
#[derive(Clone, Debug)]
pub struct LoadedGltf {
    /// A group holding the default scene's root nodes (three's `gltf.scene`).
    pub root: ObjectId,
    /// Each glTF node's object, by the node's index; `None` for a node outside the default scene.
    pub nodes: Vec<Option<ObjectId>>,
    /// The mesh objects made for each glTF node, by the node's index: one per primitive.
    pub meshes: Vec<Vec<ObjectId>>,
    /// Each glTF material, by its index (three's cache: a primitive with vertex colours or
    /// without normals draws a copy with `vertex_colors` or `flat_shading` on).
    pub materials: Vec<MaterialId>,
    /// The default scene's cameras, placed where their nodes put them, in the order of a
    /// depth-first walk of the tree (three's `gltf.cameras`).
    pub cameras: Vec<Camera>,
}

/// Load the `.gltf` or `.glb` file at `path` into `scene` and `assets`, with the default
/// [`GltfLimits`]. External buffers and images are read relative to the file's folder.
pub fn load_gltf(
    path: impl AsRef<Path>,
    scene: &mut Scene,
    assets: &mut Assets,
) -> Result<LoadedGltf, GltfError> {
    load_gltf_with_limits(path, scene, assets, &GltfLimits::default())
}

/// [`load_gltf`] under `limits`.
pub fn load_gltf_with_limits(
    path: impl AsRef<Path>,
    scene: &mut Scene,
    assets: &mut Assets,
    limits: &GltfLimits,
) -> Result<LoadedGltf, GltfError> {
    let path = path.as_ref();
    let bytes = read_file(path, limits.bytes)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    load_gltf_slice(&bytes, Some(&base), scene, assets, limits)
}

/// Load a glTF document held in memory (JSON or GLB). `base` is the folder its external files
/// are read from; without one, a document that names an external file is refused (data URIs
/// and a GLB's binary chunk are read either way).
pub fn load_gltf_slice(
    bytes: &[u8],
    base: Option<&Path>,
    scene: &mut Scene,
    assets: &mut Assets,
    limits: &GltfLimits,
) -> Result<LoadedGltf, GltfError> {
    over("the document's size in bytes", bytes.len(), limits.bytes)?;
    // The crate (1.4) subtracts the 12-byte header from a GLB's stated length unchecked.
    if let Some(length) = bytes
        .strip_prefix(b"glTF")
        .and_then(|rest| rest.get(4..8))
        .map(|l| u32::from_le_bytes([l[0], l[1], l[2], l[3]]))
        .filter(|&length| length < 12)
    {
        return Err(GltfError::Parse(format!(
            "the GLB header states a length of {length} bytes, less than the header's 12"
        )));
    }
    let parse = |e: gltf::Error| GltfError::Parse(e.to_string());
    let unchecked = gltf::Gltf::from_slice_without_validation(bytes).map_err(parse)?;
    let json = unchecked.document.into_json();
    for name in &json.extensions_required {
        if let Some((_, what)) = material::REFUSED_REQUIRED.iter().find(|(n, _)| n == name) {
            return Err(GltfError::Unsupported(format!(
                "the document requires {name} ({what}), which the loader does not decode"
            )));
        }
    }
    precheck(&json)?;
    let document = gltf::Document::from_json(json).map_err(parse)?;
    let gltf = gltf::Gltf {
        document,
        blob: unchecked.blob,
    };
    let mut loader = Loader {
        document: &gltf.document,
        base,
        limits,
        spent: bytes.len(),
        buffers: Vec::new(),
        images: HashMap::new(),
        texture_ids: HashMap::new(),
        assets,
    };
    loader.buffers = loader.load_buffers(gltf.blob.as_deref())?;
    loader.scene(scene)
}

/// What the `gltf` crate (1.4) would panic on rather than report, refused first: its validation
/// reads a primitive's POSITION accessor before checking that the index names one, and its
/// image source unwraps the MIME type of an image in a buffer view (glTF requires one).
fn precheck(json: &gltf::json::Root) -> Result<(), GltfError> {
    for (m, mesh) in json.meshes.iter().enumerate() {
        for (p, primitive) in mesh.primitives.iter().enumerate() {
            for (semantic, index) in &primitive.attributes {
                if index.value() >= json.accessors.len() {
                    return Err(GltfError::Parse(format!(
                        "mesh {m} primitive {p}'s {semantic:?} names accessor {}, which is not in the file",
                        index.value()
                    )));
                }
            }
        }
    }
    for (i, image) in json.images.iter().enumerate() {
        let fail = |reason: &str| GltfError::Image {
            index: i,
            reason: reason.into(),
        };
        match (&image.buffer_view, &image.mime_type, &image.uri) {
            (Some(_), None, _) => return Err(fail("is in a buffer view and has no mimeType")),
            (None, _, None) => return Err(fail("has neither a uri nor a buffer view")),
            _ => {}
        }
    }
    Ok(())
}

/// The state of one load: the document, its buffers, the decoded images and the textures made
/// so far, and the bytes spent against the limit.
struct Loader<'a> {
    document: &'a gltf::Document,
    base: Option<&'a Path>,
    limits: &'a GltfLimits,
    spent: usize,
    buffers: Vec<Vec<u8>>,
    /// Decoded images by (image index, colour space).
    images: HashMap<(usize, ColorSpace), Texture>,
    /// Textures made by (texture index, colour space, transform as JSON text).
    texture_ids: HashMap<(usize, ColorSpace, Option<String>), TextureId>,
    assets: &'a mut Assets,
}

fn over(what: &'static str, size: usize, limit: usize) -> Result<(), GltfError> {
    match size > limit {
        true => Err(GltfError::OverLimit { what, size, limit }),
        false => Ok(()),
    }
}

/// A file's bytes, refused before reading when it is larger than `limit`.
fn read_file(path: &Path, limit: usize) -> Result<Vec<u8>, GltfError> {
    read_bounded(path, limit).map_err(|e| match e {
        ReadError::Io(source) => GltfError::Io {
            path: path.to_path_buf(),
            source,
        },
        ReadError::Over(size) => GltfError::OverLimit {
            what: "a file's size in bytes",
            size,
            limit,
        },
    })
}

impl Loader<'_> {
    /// Count `size` more bytes against the document's limit.
    fn spend(&mut self, size: usize) -> Result<(), GltfError> {
        self.spent = self.spent.saturating_add(size);
        over(
            "the document's bytes with its buffers and images",
            self.spent,
            self.limits.bytes,
        )
    }

    /// The bytes of a URI: a base64 data URI, or a file beside the document.
    fn uri_bytes(&mut self, uri: &str, what: &str) -> Result<Vec<u8>, GltfError> {
        if let Some(rest) = uri.strip_prefix("data:") {
            let (_, data) = rest
                .split_once(";base64,")
                .ok_or_else(|| GltfError::Parse(format!("{what}'s data URI is not base64")))?;
            // Base64 holds 3 bytes in 4 characters: the decoded size is known before decoding.
            self.spend(data.len() / 4 * 3)?;
            use base64::Engine;
            return base64::engine::general_purpose::STANDARD
                .decode(data)
                .map_err(|e| GltfError::Parse(format!("{what}'s data URI: {e}")));
        }
        let base = self.base.ok_or_else(|| {
            GltfError::Unsupported(format!(
                "{what} names the file {uri:?}, and a document read from memory has no folder"
            ))
        })?;
        let name = percent_decode(uri);
        if Path::new(&name).is_absolute() || name.split(['/', '\\']).any(|p| p == "..") {
            return Err(GltfError::Unsupported(format!(
                "{what} names {uri:?}, outside the document's folder"
            )));
        }
        let remaining = self.limits.bytes.saturating_sub(self.spent);
        let bytes = read_file(&base.join(name), remaining)?;
        self.spend(bytes.len())?;
        Ok(bytes)
    }

    fn load_buffers(&mut self, blob: Option<&[u8]>) -> Result<Vec<Vec<u8>>, GltfError> {
        let mut out = Vec::new();
        for buffer in self.document.buffers() {
            let index = buffer.index();
            let data = match buffer.source() {
                gltf::buffer::Source::Bin => blob
                    .ok_or_else(|| GltfError::Buffer {
                        index,
                        reason: "is the GLB binary chunk, and the file has none".into(),
                    })?
                    .to_vec(),
                gltf::buffer::Source::Uri(uri) => {
                    self.uri_bytes(uri, &format!("buffer {index}"))?
                }
            };
            if data.len() < buffer.length() {
                return Err(GltfError::Buffer {
                    index,
                    reason: format!(
                        "holds {} bytes, fewer than its byteLength {}",
                        data.len(),
                        buffer.length()
                    ),
                });
            }
            out.push(data);
        }
        Ok(out)
    }

    /// Image `index` decoded in `space` (PNG or JPEG, by its bytes' signature), once per space.
    fn image(&mut self, index: usize, space: ColorSpace) -> Result<Texture, GltfError> {
        if let Some(t) = self.images.get(&(index, space)) {
            return Ok(t.clone());
        }
        let fail = |reason: String| GltfError::Image { index, reason };
        let image = self
            .document
            .images()
            .nth(index)
            .ok_or_else(|| fail("is not in the file".into()))?;
        let bytes = match image.source() {
            gltf::image::Source::View { view, .. } => {
                let buffer = self.buffers.get(view.buffer().index());
                let end = view.offset().checked_add(view.length());
                match (buffer, end) {
                    (Some(b), Some(end)) if end <= b.len() => b[view.offset()..end].to_vec(),
                    _ => {
                        return Err(fail(format!(
                            "reads buffer view {} past its buffer",
                            view.index()
                        )))
                    }
                }
            }
            gltf::image::Source::Uri { uri, .. } => {
                self.uri_bytes(uri, &format!("image {index}"))?
            }
        };
        let limits = &self.limits.images;
        let decoded = if bytes.starts_with(b"\x89PNG") {
            Texture::from_png_with_limits(&bytes, space, limits)?
        } else if bytes.starts_with(&[0xFF, 0xD8]) {
            Texture::try_new(decode_jpeg(&bytes, limits).map_err(fail)?, space, limits)?
        } else {
            return Err(fail("is neither a PNG nor a JPEG".into()));
        };
        self.images.insert((index, space), decoded.clone());
        Ok(decoded)
    }

    /// The default scene's tree added to `scene` under one root group.
    fn scene(&mut self, scene: &mut Scene) -> Result<LoadedGltf, GltfError> {
        let doc = self.document;
        let node_count = doc.nodes().len();
        over("the node count", node_count, self.limits.nodes)?;
        let root = scene.add(Object::group());
        let mut loaded = LoadedGltf {
            root,
            nodes: vec![None; node_count],
            meshes: vec![Vec::new(); node_count],
            materials: Vec::new(),
            cameras: Vec::new(),
        };
        for m in doc.materials() {
            let made = self.material(&m)?;
            loaded.materials.push(self.assets.materials.add(made));
        }
        // Copies of a material with vertex colours or flat shading on, or for a primitive with
        // tangents, as three's loader clones.
        let mut variants: HashMap<(Option<usize>, Variant), MaterialId> = HashMap::new();
        let mut default_material = None;
        let mut vertices = 0usize;
        let Some(gltf_scene) = doc.default_scene().or_else(|| doc.scenes().next()) else {
            return Ok(loaded);
        };
        // Depth first, each node once: a node reached twice (a graph that is not a tree) is
        // refused rather than walked again, so the walk is bounded by the node count.
        let mut stack: Vec<(gltf::Node, ObjectId, Mat4)> = gltf_scene
            .nodes()
            .map(|n| (n, root, Mat4::IDENTITY))
            .collect();
        stack.reverse();
        // The mesh objects of skinned nodes and their skins, bound once every node is placed
        // (a joint may come later in the walk).
        let mut skinned = Vec::new();
        while let Some((node, parent, parent_world)) = stack.pop() {
            let index = node.index();
            if loaded.nodes[index].is_some() {
                return Err(GltfError::Parse(format!(
                    "node {index} is reached twice: the nodes are not a tree"
                )));
            }
            let (t, r, s) = node.transform().decomposed();
            let transform = Transform {
                position: Vec3::from(t),
                rotation: Quat::from_array(r),
                scale: Vec3::from(s),
            };
            let world = parent_world * transform.matrix();
            let mut object = Object::group().child_of(parent);
            object.transform = transform;
            let id = scene.add(object);
            loaded.nodes[index] = Some(id);
            if let Some(mesh) = node.mesh() {
                for primitive in mesh.primitives() {
                    let (geometry, variant) =
                        self.primitive(&primitive, mesh.index(), &mut vertices)?;
                    let material_index = primitive.material().index();
                    let base = match material_index {
                        Some(i) => *loaded.materials.get(i).ok_or_else(|| {
                            GltfError::Parse(format!(
                                "a primitive names material {i}, which is not in the file"
                            ))
                        })?,
                        None => *default_material.get_or_insert_with(|| {
                            self.assets.materials.add(Loader::default_material())
                        }),
                    };
                    // The tangents change only what a normal map reads: no copy without one.
                    let mut variant = variant;
                    variant.tangents &= self.assets.materials.get(base).is_some_and(|m| {
                        m.normal_map.is_some() || m.clearcoat_normal_map.is_some()
                    });
                    let material = match variant == Variant::default() {
                        true => base,
                        false => *variants
                            .entry((material_index, variant))
                            .or_insert_with(|| {
                                // Invariant: `base` was added to the store above.
                                let mut m = self.assets.materials.get(base).expect("added").clone();
                                variant.apply(&mut m);
                                self.assets.materials.add(m)
                            }),
                    };
                    // three's `updateMorphTargets`: the mesh's weights, the node's in their
                    // place, one per target at most (the targets past them at 0).
                    let targets = self
                        .assets
                        .geometries
                        .get(geometry)
                        .and_then(|g| g.morph_targets())
                        .map_or(0, |m| m.positions.len());
                    let weights = node.weights().or(mesh.weights()).unwrap_or(&[]);
                    let influences = weights.iter().copied().take(targets).collect();
                    let object = Object::mesh(geometry, material)
                        .child_of(id)
                        .with_morph_influences(influences);
                    let mesh_id = scene.add(object);
                    loaded.meshes[index].push(mesh_id);
                    if let Some(skin) = node.skin() {
                        skinned.push((mesh_id, skin.index()));
                    }
                }
            }
            if let Some(camera) = node.camera() {
                loaded.cameras.push(camera_at(&camera, world)?);
            }
            if let Some(light) = node.light() {
                scene.add_light(light_at(&light, world));
            }
            let children: Vec<_> = node.children().collect();
            for child in children.into_iter().rev() {
                stack.push((child, id, world));
            }
        }
        let mut skins: HashMap<usize, std::sync::Arc<Skin>> = HashMap::new();
        for (mesh, index) in skinned {
            let skin = match skins.get(&index) {
                Some(s) => s.clone(),
                None => {
                    let made = std::sync::Arc::new(self.skin(index, &loaded.nodes)?);
                    skins.insert(index, made.clone());
                    made
                }
            };
            if let Some(object) = scene.object_mut(mesh) {
                object.skin = Some(skin);
            }
        }
        Ok(loaded)
    }

    /// One primitive's geometry, and how its material differs from the file's (three's
    /// `assignFinalMaterial`).
    fn primitive(
        &mut self,
        primitive: &gltf::Primitive,
        mesh: usize,
        vertices: &mut usize,
    ) -> Result<(GeometryId, Variant), GltfError> {
        let what = |s: &str| format!("mesh {mesh} primitive {}: {s}", primitive.index());
        let mode = primitive.mode();
        if !matches!(
            mode,
            Mode::Triangles | Mode::TriangleStrip | Mode::TriangleFan
        ) {
            return Err(GltfError::Unsupported(what(&format!(
                "is drawn as {mode:?}; only triangles are loaded"
            ))));
        }
        let read = |semantic: gltf::Semantic| primitive.get(&semantic);
        let position = read(gltf::Semantic::Positions)
            .ok_or_else(|| GltfError::Parse(what("has no POSITION")))?;
        *vertices = vertices.saturating_add(position.count());
        over("the vertex count", *vertices, self.limits.vertices)?;
        let b = &self.buffers;
        let positions: Vec<Vec3> = accessor::floats::<3>(&position, b, &[Dimensions::Vec3])?
            .into_iter()
            .map(Vec3::from)
            .collect();
        let n = positions.len();
        let same_count = |a: &gltf::Accessor| match a.count() == n {
            true => Ok(()),
            false => Err(GltfError::Accessor {
                index: a.index(),
                reason: format!("has {} elements where POSITION has {n}", a.count()),
            }),
        };
        let normals = match read(gltf::Semantic::Normals) {
            Some(a) => {
                same_count(&a)?;
                let v = accessor::floats::<3>(&a, b, &[Dimensions::Vec3])?;
                Some(v.into_iter().map(Vec3::from).collect::<Vec<_>>())
            }
            None => None,
        };
        let uvs = match read(gltf::Semantic::TexCoords(0)) {
            Some(a) => {
                same_count(&a)?;
                let v = accessor::floats::<2>(&a, b, &[Dimensions::Vec2])?;
                Some(v.into_iter().map(glam::Vec2::from).collect::<Vec<_>>())
            }
            None => None,
        };
        let colors = match read(gltf::Semantic::Colors(0)) {
            Some(a) => {
                same_count(&a)?;
                // Three components read with alpha 1, as three's `vertexColor()` reads them.
                let rgba = a.dimensions() == Dimensions::Vec4;
                let v = accessor::floats::<4>(&a, b, &[Dimensions::Vec3, Dimensions::Vec4])?;
                Some(
                    v.into_iter()
                        .map(|c| Vec4::new(c[0], c[1], c[2], if rgba { c[3] } else { 1.0 }))
                        .collect::<Vec<_>>(),
                )
            }
            None => None,
        };
        let tangents = match read(gltf::Semantic::Tangents) {
            Some(a) => {
                same_count(&a)?;
                let v = accessor::floats::<4>(&a, b, &[Dimensions::Vec4])?;
                Some(v.into_iter().map(Vec4::from).collect::<Vec<_>>())
            }
            None => None,
        };
        let list = match primitive.indices() {
            Some(a) => accessor::indices(&a, b, n)?,
            None => (0..n as u32).collect(),
        };
        let triangles = triangles(&list, mode);
        let has_normals = normals.is_some();
        let targets = self.morph_targets(primitive, &positions, normals.as_deref())?;
        let skin = self.skin_attributes(primitive, n)?;
        let mut geometry = Geometry::from_data(positions, normals, uvs, triangles)?;
        let variant = Variant {
            vertex_colors: colors.is_some(),
            flat_shading: !has_normals,
            tangents: tangents.is_some(),
        };
        if let Some(c) = colors {
            geometry = geometry.with_colors_rgba(c)?;
        }
        if let Some(t) = tangents {
            geometry = geometry.with_tangents(t)?;
        }
        if let Some((positions, normals)) = targets {
            geometry = geometry.with_morph_targets(positions, normals, true)?;
        }
        if let Some((joints, weights)) = skin {
            geometry = geometry.with_skin_weights(joints, weights)?;
        }
        Ok((self.assets.geometries.add(geometry), variant))
    }
}

/// How three's `assignFinalMaterial` changes a primitive's material: `vertexColors` on for a
/// primitive with COLOR_0, `flatShading` on for one without NORMAL, and `normalScale.y` (and
/// `clearcoatNormalScale.y`) turned round for one *without* TANGENT. The file's materials here
/// are made for the common case, a primitive without tangents ([`Loader::material`] turns the
/// scales round), so a primitive with tangents draws a copy with them turned back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Variant {
    vertex_colors: bool,
    flat_shading: bool,
    tangents: bool,
}

impl Variant {
    /// The copy of a file's material that a primitive of this variant draws.
    fn apply(self, m: &mut Material) {
        m.vertex_colors |= self.vertex_colors;
        m.flat_shading |= self.flat_shading;
        if self.tangents {
            m.normal_scale.y = -m.normal_scale.y;
            m.clearcoat_normal_scale.y = -m.clearcoat_normal_scale.y;
        }
    }
}

impl Loader<'_> {
    /// A primitive's morph targets as three's `addMorphTargets` reads them: relative, a target
    /// without POSITION (or NORMAL) taking the base attribute in its place where another target
    /// has one; normal targets only on a geometry with normals (three's `MorphNode` reads them
    /// only then). `None` without a POSITION or NORMAL target.
    #[allow(clippy::type_complexity)]
    fn morph_targets(
        &self,
        primitive: &gltf::Primitive,
        positions: &[Vec3],
        normals: Option<&[Vec3]>,
    ) -> Result<Option<(Vec<Vec<Vec3>>, Option<Vec<Vec<Vec3>>>)>, GltfError> {
        let b = &self.buffers;
        let n = positions.len();
        let read = |a: Option<gltf::Accessor>, base: &[Vec3]| -> Result<Vec<Vec3>, GltfError> {
            match a {
                Some(a) if a.count() != n => Err(GltfError::Accessor {
                    index: a.index(),
                    reason: format!("has {} elements where POSITION has {n}", a.count()),
                }),
                Some(a) => Ok(accessor::floats::<3>(&a, b, &[Dimensions::Vec3])?
                    .into_iter()
                    .map(Vec3::from)
                    .collect()),
                None => Ok(base.to_vec()),
            }
        };
        let targets: Vec<_> = primitive.morph_targets().collect();
        let any_position = targets.iter().any(|t| t.positions().is_some());
        let any_normal = normals.is_some() && targets.iter().any(|t| t.normals().is_some());
        if !any_position && !any_normal {
            return Ok(None);
        }
        let mut position_targets = Vec::with_capacity(targets.len());
        let mut normal_targets = Vec::with_capacity(targets.len());
        for target in &targets {
            position_targets.push(match any_position {
                true => read(target.positions(), positions)?,
                // Normal targets alone: the positions do not morph (zero offsets).
                false => vec![Vec3::ZERO; n],
            });
            if let (true, Some(base)) = (any_normal, normals) {
                normal_targets.push(read(target.normals(), base)?);
            }
        }
        Ok(Some((
            position_targets,
            any_normal.then_some(normal_targets),
        )))
    }

    /// A primitive's JOINTS_0 and WEIGHTS_0 (three's `skinIndex`, `skinWeight`; weights of
    /// unsigned bytes or shorts normalized), both or neither.
    #[allow(clippy::type_complexity)]
    fn skin_attributes(
        &self,
        primitive: &gltf::Primitive,
        n: usize,
    ) -> Result<Option<(Vec<[u16; 4]>, Vec<glam::Vec4>)>, GltfError> {
        let joints = primitive.get(&gltf::Semantic::Joints(0));
        let weights = primitive.get(&gltf::Semantic::Weights(0));
        let (Some(joints), Some(weights)) = (joints, weights) else {
            return Ok(None);
        };
        let b = &self.buffers;
        for a in [&joints, &weights] {
            if a.count() != n {
                return Err(GltfError::Accessor {
                    index: a.index(),
                    reason: format!("has {} elements where POSITION has {n}", a.count()),
                });
            }
        }
        // Unsigned bytes or shorts, read as floats: exact below 2^24.
        let joints = accessor::floats::<4>(&joints, b, &[Dimensions::Vec4])?
            .into_iter()
            .map(|j| j.map(|v| v as u16))
            .collect();
        let weights = accessor::floats::<4>(&weights, b, &[Dimensions::Vec4])?
            .into_iter()
            .map(glam::Vec4::from)
            .collect();
        Ok(Some((joints, weights)))
    }

    /// glTF skin `index` as three's loader makes it: its joints' objects (each must be a node of
    /// the loaded scene) and its inverse bind matrices (identity without them), bound with
    /// the identity bind matrix (`mesh.bind(skeleton, identity)`).
    fn skin(&self, index: usize, nodes: &[Option<ObjectId>]) -> Result<Skin, GltfError> {
        let doc = self.document;
        let fail = |reason: String| GltfError::Parse(format!("skin {index} {reason}"));
        let skin = doc
            .skins()
            .nth(index)
            .ok_or_else(|| fail("is not in the file".into()))?;
        let bones = skin
            .joints()
            .map(|joint| {
                nodes.get(joint.index()).copied().flatten().ok_or_else(|| {
                    fail(format!(
                        "names joint node {}, which is not in the loaded scene",
                        joint.index()
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let inverses = match skin.inverse_bind_matrices() {
            Some(a) => {
                let m = accessor::floats::<16>(&a, &self.buffers, &[Dimensions::Mat4])?;
                if m.len() < bones.len() {
                    return Err(GltfError::Accessor {
                        index: a.index(),
                        reason: format!("has {} matrices for {} joints", m.len(), bones.len()),
                    });
                }
                m.iter()
                    .take(bones.len())
                    .map(Mat4::from_cols_array)
                    .collect()
            }
            None => vec![Mat4::IDENTITY; bones.len()],
        };
        Ok(Skin::new(bones, inverses))
    }
}

/// An index list drawn in `mode` as triangles, as three's `toTrianglesDrawMode`: a strip's odd
/// triangles turned back to the strip's winding, a fan's about its first vertex; a partial
/// triangle at the end is dropped.
fn triangles(list: &[u32], mode: Mode) -> Vec<[u32; 3]> {
    match mode {
        Mode::TriangleStrip => (0..list.len().saturating_sub(2))
            .map(|i| match i % 2 {
                0 => [list[i], list[i + 1], list[i + 2]],
                _ => [list[i + 2], list[i + 1], list[i]],
            })
            .collect(),
        Mode::TriangleFan => (1..list.len().saturating_sub(1))
            .map(|i| [list[0], list[i], list[i + 1]])
            .collect(),
        _ => list.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect(),
    }
}

/// A glTF camera placed by its node's world matrix, as three's loader makes it
/// (`PerspectiveCamera(yfov in degrees, aspectRatio || 1, znear || 1, zfar || 2e6)` and
/// `OrthographicCamera(−xmag, xmag, ymag, −ymag, znear, zfar)`).
fn camera_at(camera: &gltf::Camera, world: Mat4) -> Result<Camera, GltfError> {
    let (_, rotation, position) = world.to_scale_rotation_translation();
    let mut c = match camera.projection() {
        gltf::camera::Projection::Perspective(p) => {
            let near = if p.znear() == 0.0 { 1.0 } else { p.znear() };
            let mut c = Camera::perspective(p.yfov().to_degrees(), near, p.zfar().unwrap_or(2e6));
            if let crate::scene::Projection::Perspective { aspect, .. } = &mut c.projection {
                *aspect = p.aspect_ratio();
            }
            c
        }
        gltf::camera::Projection::Orthographic(o) => Camera::orthographic(
            -o.xmag(),
            o.xmag(),
            o.ymag(),
            -o.ymag(),
            o.znear(),
            o.zfar(),
        ),
    };
    if !(c.near.is_finite() && c.far.is_finite() && c.near > 0.0 || c.is_orthographic()) {
        return Err(GltfError::Parse(format!(
            "camera {} has near {} and far {}",
            camera.index(),
            c.near,
            c.far
        )));
    }
    c.position = position;
    c.rotation = rotation;
    Ok(c)
}

/// A KHR_lights_punctual light placed by its node's world matrix, as three's loader makes it:
/// it shines down the node's −z, a spot's penumbra is `1 − inner / outer`, range is distance.
fn light_at(light: &gltf::khr_lights_punctual::Light, world: Mat4) -> Light {
    let [r, g, b] = light.color();
    let color = Color::linear(r, g, b);
    let position = world.transform_point3(Vec3::ZERO);
    let target = world.transform_point3(Vec3::NEG_Z);
    let intensity = light.intensity();
    let distance = light.range().unwrap_or(0.0);
    match light.kind() {
        gltf::khr_lights_punctual::Kind::Directional => {
            let mut l = Light::directional(color, intensity, position);
            if let Light::Directional { target: t, .. } = &mut l {
                *t = target;
            }
            l
        }
        gltf::khr_lights_punctual::Kind::Point => {
            let mut l = Light::point(color, intensity, position);
            if let Light::Point { distance: d, .. } = &mut l {
                *d = distance;
            }
            l
        }
        gltf::khr_lights_punctual::Kind::Spot {
            inner_cone_angle,
            outer_cone_angle,
        } => {
            let mut l = Light::spot(color, intensity, position, target, outer_cone_angle);
            if let Light::Spot {
                distance: d,
                penumbra,
                ..
            } = &mut l
            {
                *d = distance;
                *penumbra = 1.0 - inner_cone_angle / outer_cone_angle;
            }
            l
        }
    }
}

/// `%XX` escapes of a URI decoded (glTF URIs are percent-encoded); a malformed escape is kept.
fn percent_decode(uri: &str) -> String {
    let bytes = uri.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_and_fans_become_triangles_as_three_s_to_triangles_draw_mode() {
        // A strip 0 1 2 3 4: (0 1 2), then (3 2 1) turned back, then (2 3 4).
        assert_eq!(
            triangles(&[0, 1, 2, 3, 4], Mode::TriangleStrip),
            vec![[0, 1, 2], [3, 2, 1], [2, 3, 4]]
        );
        // A fan about 0: (0 1 2), (0 2 3).
        assert_eq!(
            triangles(&[0, 1, 2, 3], Mode::TriangleFan),
            vec![[0, 1, 2], [0, 2, 3]]
        );
        // A list drops a partial triangle at its end; too few vertices make none.
        assert_eq!(triangles(&[0, 1, 2, 3], Mode::Triangles), vec![[0, 1, 2]]);
        assert!(triangles(&[0, 1], Mode::TriangleStrip).is_empty());
        assert!(triangles(&[0], Mode::TriangleFan).is_empty());
    }

    #[test]
    fn uris_are_percent_decoded() {
        assert_eq!(percent_decode("my%20model.bin"), "my model.bin");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz"), "%zz");
    }
}
