//! The one error type of the rasterizer: every refusal is an `Err` that names what was wrong,
//! never a panic. Each area has its enum with the data a caller can match on ([`Refusal`],
//! [`GeometryError`], [`ImageError`]); [`RenderError`] gathers them, and its messages say the
//! area first (`refused: `, `geometry: `, `image: `, `io: `).

use thiserror::Error;
use tsl_core::GraphError;

/// Why a scene, an asset or a file was refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RenderError {
    /// A draw was refused: a missing asset, a material that refuses a program (R-MAT-2 to R-MAT-6,
    /// docs/requirements.md), a parent cycle.
    #[error("refused: {0}")]
    Refused(Refusal),
    /// Geometry data that does not hold together (lengths, indices, non-finite values).
    #[error("geometry: {0}")]
    Geometry(GeometryError),
    /// An image or a texture that cannot be made (size, data length, PNG decoding or encoding).
    #[error("image: {0}")]
    Image(ImageError),
    /// A file could not be read or written.
    #[error("io: {message}")]
    Io {
        /// The kind of the I/O error.
        kind: std::io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
    /// A program refused an operation (a uniform, a texture).
    #[error(transparent)]
    Program(#[from] GraphError),
}

impl From<std::io::Error> for RenderError {
    fn from(error: std::io::Error) -> Self {
        RenderError::Io {
            kind: error.kind(),
            message: error.to_string(),
        }
    }
}

impl From<Refusal> for RenderError {
    fn from(refusal: Refusal) -> Self {
        RenderError::Refused(refusal)
    }
}

impl From<GeometryError> for RenderError {
    fn from(error: GeometryError) -> Self {
        RenderError::Geometry(error)
    }
}

impl From<ImageError> for RenderError {
    fn from(error: ImageError) -> Self {
        RenderError::Image(error)
    }
}

/// Why a frame was refused before anything was drawn. `object` is the index of the object in
/// the scene.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum Refusal {
    /// A mesh names a geometry, a material or a program that its store lacks.
    #[error("object {object}: {asset} {id} is not in assets.{}", asset.store())]
    MissingAsset {
        /// The object whose mesh names it.
        object: usize,
        /// Which store.
        asset: AssetKind,
        /// The id it names.
        id: u32,
    },
    /// A material's map or a program's texture names a texture that `assets.textures` lacks.
    #[error("object {object}: {}", missing_texture(reader, *texture))]
    MissingTexture {
        /// The object whose material reads it.
        object: usize,
        /// The texture id.
        texture: u32,
        /// What reads it.
        reader: TextureReader,
    },
    /// A material refuses what it was given (R-MAT-2 to R-MAT-6).
    #[error("object {object}: {refusal}")]
    Material {
        /// The object whose material refuses.
        object: usize,
        /// What it refuses and why.
        refusal: MaterialRefusal,
    },
    /// An object's chain of parents loops.
    #[error("object {object}'s parents make a cycle")]
    ParentCycle {
        /// An object on the loop or leading to it.
        object: usize,
    },
    /// An object's parent names no object of the scene.
    #[error("object {object}'s parent {parent} names no object")]
    MissingParent {
        /// The object.
        object: usize,
        /// The parent's id it names.
        parent: u32,
    },
    /// The camera's view or projection matrix has a NaN or an infinity.
    #[error("the camera's view or projection is not finite (near, far, fov or aspect)")]
    CameraNotFinite,
    /// The GPU failed to draw (the device's message).
    #[error("GPU: {0}")]
    Gpu(String),
    /// A program reads the screen (`viewport_texture`, R-SCREEN-1) or a material transmits
    /// (R-SCREEN-3) in the texture view, and the
    /// low-level call that drew it was given no [`TransmissionTarget`](crate::TransmissionTarget)
    /// (or one of another size).
    #[error(
        "object {object}: its material reads the opaque scene (viewport_texture or transmission) \
         and the call gave {}",
        match given { Some((w, h)) => format!("a {w}×{h} transmission target, not the frame's size"), None => "no transmission target".to_string() }
    )]
    NoTransmissionTarget {
        /// The object whose program reads it.
        object: usize,
        /// The size of the target the call gave, when it gave one of another size.
        given: Option<(u32, u32)>,
    },
    /// A program's `texture_3d` reads a volume that `assets.volumes` lacks (R-VAL-22).
    #[error("object {object}: program {program} reads volume {volume}{}, which is not in assets.volumes", uniform.as_ref().map_or(String::new(), |n| format!(" (uniform '{n}')")))]
    MissingVolume {
        /// The object whose material reads it.
        object: usize,
        /// The volume's id.
        volume: u32,
        /// The program's id.
        program: u32,
        /// The texture uniform's name, when the volume is a uniform's.
        uniform: Option<String>,
    },
    /// A VOLUME material's scene-depth gate (R-VOL-5) drawn by a low-level GPU call
    /// (the GPU renderer's `render_linear_with_target`)
    /// whose [`TransmissionTarget`](crate::TransmissionTarget) holds no snapshot of the opaque
    /// scene's depth ([`TransmissionTarget::capture_volume_depth`](crate::TransmissionTarget::capture_volume_depth)),
    /// or no target at all.
    #[error(
        "object {object}: its VOLUME material gates its ray at the opaque scene's depth \
         (volume_scene_depth) and the call gave {}",
        if *target { "a transmission target without capture_volume_depth applied" } else { "no transmission target" }
    )]
    NoVolumeDepth {
        /// The object whose material is gated.
        object: usize,
        /// Whether the call gave a target (without a snapshot).
        target: bool,
    },
    /// [`TransmissionTarget::capture_volume_depth`](crate::TransmissionTarget::capture_volume_depth)
    /// refused its inputs (R-VOL-5): the reason.
    #[error("capture_volume_depth: {0}")]
    VolumeDepth(String),
    /// A [`Raycaster`](crate::Raycaster)'s ray has a NaN or an infinity in its origin or
    /// direction, a zero direction, or a NaN near or far (docs/raycaster.md).
    #[error("the ray is not finite, its direction is zero, or its near or far is NaN")]
    RayNotFinite,
    /// A mesh's morph targets or skin do not fit its geometry or the scene (R-DEFORM-1,
    /// R-DEFORM-2, docs/requirements.md).
    #[error("object {object}: {error}")]
    Deform {
        /// The mesh object's index.
        object: usize,
        /// What does not fit.
        error: DeformError,
    },
}

/// Why a mesh's morph targets or skin cannot deform it (R-DEFORM-1, R-DEFORM-2).
#[derive(Clone, Debug, PartialEq, Error)]
pub enum DeformError {
    /// More influences than the geometry has morph targets, or a non-finite influence.
    #[error(
        "{influences} morph influences for {targets} morph targets (at most one each, finite)"
    )]
    MorphInfluences {
        /// The influences given.
        influences: usize,
        /// The geometry's morph targets.
        targets: usize,
    },
    /// A skin on a mesh whose geometry has no skinning attributes.
    #[error("a skinned mesh's geometry has no skin joints and weights")]
    NoSkinWeights,
    /// A skin whose bone inverses are not one per bone.
    #[error("{inverses} bone inverses for {bones} bones")]
    BoneInverses {
        /// The bones.
        bones: usize,
        /// The inverse bind matrices.
        inverses: usize,
    },
    /// A bone that names no object of the scene.
    #[error("bone {bone} names object {id}, which is not in the scene")]
    MissingBone {
        /// The bone's index in the skin.
        bone: usize,
        /// The object id it names.
        id: u32,
    },
    /// A vertex's joint past the skeleton's bones.
    #[error("vertex {vertex} names joint {joint} of {bones} bones")]
    JointOutOfRange {
        /// The vertex.
        vertex: usize,
        /// The joint index.
        joint: u16,
        /// The skeleton's bones.
        bones: usize,
    },
    /// A NaN or an infinity in a bind matrix, a bone inverse or a deformed position.
    #[error("a non-finite bind matrix, bone inverse or deformed position")]
    NonFinite,
}

/// The store an asset id names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssetKind {
    /// `assets.geometries`.
    Geometry,
    /// `assets.materials`.
    Material,
    /// `assets.programs`.
    Program,
}

impl AssetKind {
    /// The field of `Assets` that holds this kind.
    pub fn store(self) -> &'static str {
        match self {
            AssetKind::Geometry => "geometries",
            AssetKind::Material => "materials",
            AssetKind::Program => "programs",
        }
    }
}

impl std::fmt::Display for AssetKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AssetKind::Geometry => "geometry",
            AssetKind::Material => "material",
            AssetKind::Program => "program",
        })
    }
}

/// What reads a texture that is missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextureReader {
    /// One of the material's maps.
    Material,
    /// A program: through a texture uniform of this name, or a texture it names directly.
    Program {
        /// The program's id.
        program: u32,
        /// The texture uniform's name, when the texture is a uniform's.
        uniform: Option<String>,
    },
}

fn missing_texture(reader: &TextureReader, texture: u32) -> String {
    match reader {
        TextureReader::Material => {
            format!("the material reads texture {texture} that is not in assets.textures")
        }
        TextureReader::Program {
            program,
            uniform: Some(name),
        } => format!(
            "program {program}'s texture uniform '{name}' names texture {texture}, which is not in assets.textures"
        ),
        TextureReader::Program {
            program,
            uniform: None,
        } => format!("program {program} reads texture {texture}, which is not in assets.textures"),
    }
}

/// What a material refuses (R-MAT-2 to R-MAT-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum MaterialRefusal {
    /// A wireframe without a program: wireframe drawing is not supported.
    #[error("wireframe drawing is not supported")]
    Wireframe,
    /// A program on a wireframe: a line has no surface.
    #[error("a wireframe refuses a node program: a line has no surface")]
    ProgramOnWireframe,
    /// A program on a NORMALS material, which shows data, not a surface's colour.
    #[error("a Normals material refuses a node program: it shows data, not a surface's colour")]
    ProgramOnNormals,
    /// A program on a DEPTH material, which shows data, not a surface's colour.
    #[error("a Depth material refuses a node program: it shows data, not a surface's colour")]
    ProgramOnDepth,
    /// An `env_map` on a material other than STANDARD and PHYSICAL (R-ENV-3): three's
    /// reflection on BASIC, LAMBERT and PHONG (`combine`, `reflectivity`) is not ported.
    #[error("an env_map lights STANDARD and PHYSICAL materials only (the reflection of Basic, Lambert and Phong is not ported)")]
    EnvMapOnKind,
    /// A program whose `CAST_SHADOW_NODE` reads an attribute or a texture: the host's shadow
    /// pass runs it once per caster, not per texel; refused rather than drawn without it.
    #[error("the shadow pass runs {output} only where it reads no attribute and no texture")]
    ShadowNode {
        /// The output's name.
        output: &'static str,
    },
    /// A `RECEIVED_SHADOW_NODE` on a surface that more direct lights reach than the GPU renderer
    /// keeps the node's value for.
    #[error("the GPU renderer runs RECEIVED_SHADOW_NODE for at most {limit} direct lights of a material's lighting")]
    ReceivedShadowLights {
        /// The most direct lights.
        limit: usize,
    },
    /// `BACKDROP_NODE` on a PHONG material with subsurface scattering (`Material::set_scattering`,
    /// three.js's `SubsurfaceScatteringShader`): that is a ShaderMaterial in three.js, which has
    /// no backdrop, so the mix has no meaning to port (R-SCREEN-2). A backdrop on a metal, a
    /// clearcoat, sheen or thickness scattering of a STANDARD or PHYSICAL material is drawn as
    /// three.js r187 draws it.
    #[error("BACKDROP_NODE on a PHONG material with subsurface scattering is not supported (three.js's SubsurfaceScatteringShader has no backdrop)")]
    BackdropOnLayers,
    /// A VOLUME material with an emissive colour or map: three.js's VolumeNodeMaterial has
    /// neither (R-VOL-1).
    #[error("a VOLUME material has no emissive colour or map (three.js's VolumeNodeMaterial has neither)")]
    VolumeEmissive,
    /// A VOLUME material whose steps are zero or over the limit.
    #[error("a VOLUME material marches 1 to {limit} steps, not {steps}")]
    VolumeSteps {
        /// The steps asked for.
        steps: u32,
        /// The most steps.
        limit: u32,
    },
    /// A VOLUME material without a program: its ray reads SCATTERING_NODE.
    #[error("a VOLUME material needs a node program")]
    VolumeWithoutProgram,
    /// The scene-depth gate (`volume_scene_depth`) on a material that is not a VOLUME one
    /// (R-VOL-5).
    #[error("the scene-depth gate (volume_scene_depth) is on a material that is not a VOLUME one")]
    VolumeSceneDepthOnKind,
    /// A VOLUME program with RECEIVED_SHADOW_NODE: three.js would run it at each ray step for
    /// each light, which is not ported (R-VOL-4).
    #[error("RECEIVED_SHADOW_NODE on a VOLUME material is not supported (three.js would run it at each ray step)")]
    VolumeReceivedShadow,
    /// A transmissive material whose program sets BACKDROP_NODE: both take the diffuse light's
    /// place.
    #[error("a transmissive material refuses a program's BACKDROP_NODE (both replace the diffuse light)")]
    TransmissionWithBackdrop,
    /// A transmission, thickness or attenuation distance that is not a number, or a thickness
    /// or dispersion that is not finite.
    #[error("a transmissive material's transmission, thickness and attenuation distance are numbers (the thickness and dispersion finite)")]
    TransmissionNotFinite,
    /// A sprite whose program sets POSITION_NODE (R-SPRITE-3).
    #[error("a sprite refuses POSITION_NODE: a sprite has no vertices of its own to move")]
    SpritePositionNode,
    /// A sprite whose material is not BASIC: three.js's SpriteNodeMaterial is unlit (R-SPRITE-1).
    #[error("a sprite's material must be BASIC (three.js's SpriteNodeMaterial is unlit)")]
    SpriteKind,
    /// A sprite that casts or receives shadows (R-SPRITE-4).
    #[error("a sprite that casts or receives shadows is not supported")]
    SpriteShadow,
    /// A sprite whose centre or rotation is NaN or infinite.
    #[error("a sprite's center and rotation must be finite")]
    SpriteNotFinite,
    /// A point or a line whose material is not BASIC: three.js's PointsNodeMaterial and
    /// LineBasicNodeMaterial are unlit (R-PRIM-2).
    #[error(
        "a {primitive} draws with a BASIC material only (points and lines are unlit), not {kind}"
    )]
    PrimitiveKind {
        /// three.js's class: `Points`, `Line`, `LineSegments` or `LineLoop`.
        primitive: &'static str,
        /// The material's kind, as `MaterialKind`'s name (`Standard`).
        kind: &'static str,
    },
    /// A point whose size (the material's, or the size node's for one of its points) is not
    /// above zero (R-PRIM-2).
    #[error("a point's size must be above zero, not {size}")]
    PointSize {
        /// The size.
        size: Pixels,
    },
    /// A line with a node program and a width other than 1 (R-PRIM-2).
    #[error("a wide line (linewidth {width}) refuses a node material: three.js draws it with its own LineMaterial shader")]
    WideLine {
        /// The width asked for.
        width: Pixels,
    },
}

/// A width in pixels a refusal names (a point's size, a line's width): an `f32` compared by its
/// bits, so that a refusal stays `Eq`.
#[derive(Clone, Copy, Debug)]
pub struct Pixels(pub f32);

impl PartialEq for Pixels {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Pixels {}

impl std::fmt::Display for Pixels {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The unit a limit of [`ImageError::OverLimit`] counts.
fn unit(limit: &str) -> &'static str {
    if limit == "texture_texels" {
        "texels"
    } else {
        "pixels"
    }
}

/// Geometry data that does not hold together.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// A list of triangles whose vertex count is not a multiple of three.
    #[error("{vertices} vertices do not make whole triangles")]
    NotWholeTriangles {
        /// The vertex count.
        vertices: usize,
    },
    /// More than 2^31 vertices.
    #[error("more than 2^31 vertices")]
    TooManyVertices,
    /// An attribute with another count than the positions'.
    #[error("{count} {attribute} for {positions} positions")]
    AttributeCount {
        /// `"normals"`, `"uvs"` or `"colours"`.
        attribute: &'static str,
        /// The attribute's count.
        count: usize,
        /// The positions' count.
        positions: usize,
    },
    /// A triangle names a vertex past the end.
    #[error("triangle {triangle} names vertex {indices:?} of {vertices}")]
    IndexOutOfRange {
        /// The triangle's index.
        triangle: usize,
        /// Its three vertex indices.
        indices: [u32; 3],
        /// The vertex count.
        vertices: usize,
    },
    /// A NaN or an infinity in a position, normal, uv or colour.
    #[error("a non-finite position, normal, uv or colour")]
    NonFinite,
    /// A generator's parameter out of its range (a negative or non-finite size, a segment count
    /// of zero or over the generator's limit, too few points).
    #[error("{generator}: {parameter} = {value} is refused ({rule})")]
    Parameter {
        /// The generator, as three.js names it (`"ConeGeometry"`).
        generator: &'static str,
        /// The parameter, as our field names it.
        parameter: &'static str,
        /// The value given, printed.
        value: String,
        /// What the parameter must be.
        rule: &'static str,
    },
    /// An instanced mesh with no instance, more than the limit, or a count past its matrices.
    #[error("{count} instances (1 to {limit})")]
    InstanceCount {
        /// The count asked for.
        count: usize,
        /// The most allowed.
        limit: usize,
    },
    /// A NaN or an infinity in an instance's matrix or colour.
    #[error("instance {index} has a non-finite matrix or colour")]
    NonFiniteInstance {
        /// The instance.
        index: usize,
    },
    /// A named attribute whose name is empty, taken by a built-in attribute or given twice.
    #[error("attribute name {name:?} is empty, built in or given twice")]
    AttributeName {
        /// The name.
        name: String,
    },
    /// A named attribute of other than 1 to 4 components, or whose data is not that many per
    /// vertex.
    #[error("attribute {name:?}: {len} floats are not {item_size} (1 to 4) per vertex")]
    AttributeSize {
        /// The name.
        name: String,
        /// Its components per vertex.
        item_size: usize,
        /// How many floats were given.
        len: usize,
    },
    /// Morph targets with no position target, or normal targets that are not one per position
    /// target (or on a geometry without normals) (R-DEFORM-1).
    #[error("{positions} morph position targets with {normals:?} normal targets (one or more, and as many normal targets on a geometry with normals)")]
    MorphTargets {
        /// The position targets given.
        positions: usize,
        /// The normal targets given, if any.
        normals: Option<usize>,
    },
}

/// An image that cannot be made, read or written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImageError {
    /// A zero size, or more than 2^28 pixels.
    #[error("an image of {width}×{height} pixels is refused (1 to 2^28 pixels)")]
    Size {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// RGBA8 data whose length is not the size's.
    #[error("{width}×{height} RGBA8 needs {expected} bytes, not {actual}")]
    DataLength {
        /// The width.
        width: u32,
        /// The height.
        height: u32,
        /// The bytes the size needs.
        expected: usize,
        /// The bytes given.
        actual: usize,
    },
    /// The PNG codec refused (its message).
    #[error("{0}")]
    Png(String),
    /// A PNG whose header claims more than the decoders read: a side over `max_side`
    /// ([`MAX_PNG_SIDE`](crate::MAX_PNG_SIDE)) or more than 2^28 pixels. Refused from the header,
    /// before anything is allocated.
    #[error(
        "a PNG of {width}×{height} pixels is refused: PNGs are decoded up to {max_side} pixels a \
         side and 2^28 pixels"
    )]
    PngTooLarge {
        /// The width its header claims.
        width: u32,
        /// The height its header claims.
        height: u32,
        /// The largest side decoded.
        max_side: u32,
    },
    /// A texture decoded from a PNG larger than a texture holds: more than 2^26 texels
    /// ([`MAX_TEXTURE_TEXELS`](crate::MAX_TEXTURE_TEXELS)), whose levels take 16 bytes a texel.
    /// Refused from the header, before anything is allocated.
    #[error(
        "a texture of {width}×{height} texels is refused: textures hold up to 2^26 texels (their \
         levels take 16 bytes a texel)"
    )]
    TextureTooLarge {
        /// The width.
        width: u32,
        /// The height.
        height: u32,
    },
    /// An image, a frame or a texture larger than a field of the host's
    /// [`Limits`](tsl_core::Limits) allows (`image_pixels` for a decoded PNG and a frame,
    /// `texture_texels` for a texture). Refused from the size, before anything is allocated.
    #[error(
        "{what} of {width}×{height} {} is refused: the host's Limits::{limit} is {max} {}",
        unit(limit),
        unit(limit)
    )]
    OverLimit {
        /// What was refused: `"a PNG"`, `"a frame"` or `"a texture"`.
        what: &'static str,
        /// The width.
        width: u32,
        /// The height.
        height: u32,
        /// The field of `Limits` that refused it: `"image_pixels"` or `"texture_texels"`.
        limit: &'static str,
        /// That field's value.
        max: u64,
    },
    /// A palette PNG that the decoder did not expand.
    #[error("an indexed PNG was not expanded")]
    PngIndexed,
    /// The decoded PNG's data has another length than its size's.
    #[error("the PNG's data has the wrong length")]
    PngDataLength,
    /// An animated PNG of no frames.
    #[error("an animated PNG needs at least one frame")]
    NoFrames,
    /// Frames of different sizes for one animated PNG.
    #[error("the frames of an animated PNG differ in size")]
    FrameSizes,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message, written out as the renderer wrote it when each variant was a string.
    #[test]
    fn the_messages_are_the_strings_of_before() {
        let program = |uniform: Option<&str>| TextureReader::Program {
            program: 2,
            uniform: uniform.map(str::to_string),
        };
        let material = |refusal| Refusal::Material { object: 3, refusal };
        let cases: Vec<(RenderError, &str)> = vec![
            (
                Refusal::MissingAsset {
                    object: 2,
                    asset: AssetKind::Geometry,
                    id: 7,
                }
                .into(),
                "refused: object 2: geometry 7 is not in assets.geometries",
            ),
            (
                Refusal::MissingAsset {
                    object: 0,
                    asset: AssetKind::Material,
                    id: 3,
                }
                .into(),
                "refused: object 0: material 3 is not in assets.materials",
            ),
            (
                Refusal::MissingAsset {
                    object: 1,
                    asset: AssetKind::Program,
                    id: 4,
                }
                .into(),
                "refused: object 1: program 4 is not in assets.programs",
            ),
            (
                Refusal::MissingTexture {
                    object: 0,
                    texture: 5,
                    reader: TextureReader::Material,
                }
                .into(),
                "refused: object 0: the material reads texture 5 that is not in assets.textures",
            ),
            (
                Refusal::MissingTexture {
                    object: 0,
                    texture: 9,
                    reader: program(Some("albedo")),
                }
                .into(),
                "refused: object 0: program 2's texture uniform 'albedo' names texture 9, which is \
                 not in assets.textures",
            ),
            (
                Refusal::MissingTexture {
                    object: 0,
                    texture: 9,
                    reader: program(None),
                }
                .into(),
                "refused: object 0: program 2 reads texture 9, which is not in assets.textures",
            ),
            (
                material(MaterialRefusal::Wireframe).into(),
                "refused: object 3: wireframe drawing is not supported",
            ),
            (
                material(MaterialRefusal::ProgramOnWireframe).into(),
                "refused: object 3: a wireframe refuses a node program: a line has no surface",
            ),
            (
                material(MaterialRefusal::ProgramOnNormals).into(),
                "refused: object 3: a Normals material refuses a node program: it shows data, not a \
                 surface's colour",
            ),
            (
                material(MaterialRefusal::ProgramOnDepth).into(),
                "refused: object 3: a Depth material refuses a node program: it shows data, not a \
                 surface's colour",
            ),
            (
                Refusal::ParentCycle { object: 4 }.into(),
                "refused: object 4's parents make a cycle",
            ),
            (
                Refusal::MissingParent {
                    object: 1,
                    parent: 9,
                }
                .into(),
                "refused: object 1's parent 9 names no object",
            ),
            (
                Refusal::CameraNotFinite.into(),
                "refused: the camera's view or projection is not finite (near, far, fov or aspect)",
            ),
            (
                Refusal::Gpu("no adapter".into()).into(),
                "refused: GPU: no adapter",
            ),
            (
                GeometryError::NotWholeTriangles { vertices: 7 }.into(),
                "geometry: 7 vertices do not make whole triangles",
            ),
            (
                GeometryError::TooManyVertices.into(),
                "geometry: more than 2^31 vertices",
            ),
            (
                GeometryError::AttributeCount {
                    attribute: "uvs",
                    count: 2,
                    positions: 3,
                }
                .into(),
                "geometry: 2 uvs for 3 positions",
            ),
            (
                GeometryError::IndexOutOfRange {
                    triangle: 1,
                    indices: [0, 1, 5],
                    vertices: 3,
                }
                .into(),
                "geometry: triangle 1 names vertex [0, 1, 5] of 3",
            ),
            (
                GeometryError::NonFinite.into(),
                "geometry: a non-finite position, normal, uv or colour",
            ),
            (
                ImageError::Size {
                    width: 0,
                    height: 4,
                }
                .into(),
                "image: an image of 0×4 pixels is refused (1 to 2^28 pixels)",
            ),
            (
                ImageError::DataLength {
                    width: 2,
                    height: 2,
                    expected: 16,
                    actual: 3,
                }
                .into(),
                "image: 2×2 RGBA8 needs 16 bytes, not 3",
            ),
            (
                ImageError::PngTooLarge {
                    width: 100_000,
                    height: 1,
                    max_side: 16384,
                }
                .into(),
                "image: a PNG of 100000×1 pixels is refused: PNGs are decoded up to 16384 pixels \
                 a side and 2^28 pixels",
            ),
            (
                ImageError::TextureTooLarge {
                    width: 8192,
                    height: 8193,
                }
                .into(),
                "image: a texture of 8192×8193 texels is refused: textures hold up to 2^26 texels \
                 (their levels take 16 bytes a texel)",
            ),
            (
                ImageError::OverLimit {
                    what: "a frame",
                    width: 64,
                    height: 65,
                    limit: "image_pixels",
                    max: 4096,
                }
                .into(),
                "image: a frame of 64×65 pixels is refused: the host's Limits::image_pixels is \
                 4096 pixels",
            ),
            (
                ImageError::OverLimit {
                    what: "a texture",
                    width: 3,
                    height: 3,
                    limit: "texture_texels",
                    max: 8,
                }
                .into(),
                "image: a texture of 3×3 texels is refused: the host's Limits::texture_texels is \
                 8 texels",
            ),
            (
                ImageError::PngIndexed.into(),
                "image: an indexed PNG was not expanded",
            ),
            (
                ImageError::PngDataLength.into(),
                "image: the PNG's data has the wrong length",
            ),
            (
                ImageError::NoFrames.into(),
                "image: an animated PNG needs at least one frame",
            ),
            (
                ImageError::FrameSizes.into(),
                "image: the frames of an animated PNG differ in size",
            ),
            (
                std::io::Error::new(std::io::ErrorKind::NotFound, "gone").into(),
                "io: gone",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message, "{error:?}");
        }
    }

    /// The refusals carry their data: a caller matches on the kind and reads the numbers.
    #[test]
    fn a_caller_matches_on_what_was_refused() {
        use crate::{
            shader_material, Assets, Camera, Geometry, GeometryId, Object, RenderSettings,
            Renderer, Scene,
        };
        use glam::Vec3;

        let bad = Geometry::from_data(
            vec![Vec3::ZERO, Vec3::X, Vec3::Y],
            None,
            None,
            vec![[0, 1, 2], [0, 1, 5]],
        );
        assert_eq!(
            bad.unwrap_err(),
            RenderError::Geometry(GeometryError::IndexOutOfRange {
                triangle: 1,
                indices: [0, 1, 5],
                vertices: 3,
            })
        );

        let mut assets = Assets::new();
        let graph = tsl_core::NodeGraph::new();
        graph
            .set_output(tsl_core::COLOR_NODE, graph.vec3(1.0, 0.5, 0.0))
            .unwrap();
        let program = assets.programs.add(graph.compile().unwrap());
        let material = assets.materials.add(shader_material(program));
        let mut scene = Scene::new();
        scene.add(Object::group());
        scene.add(Object::mesh(GeometryId(6), material));
        let camera = Camera::perspective(45.0, 0.1, 10.0).at(Vec3::Z);
        let refused = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera, &assets);
        assert!(matches!(
            refused,
            Err(RenderError::Refused(Refusal::MissingAsset {
                object: 1,
                asset: AssetKind::Geometry,
                id: 6,
            }))
        ));
    }
}
