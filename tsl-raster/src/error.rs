//! The one error type of the rasterizer: every refusal is an `Err` that names what was wrong,
//! never a panic. Each area has its enum with the data a caller can match on ([`Refusal`],
//! [`GeometryError`], [`ImageError`]); [`RenderError`] gathers them, and its messages say the
//! area first (`refused: `, `geometry: `, `image: `, `io: `).

use thiserror::Error;
use tsl_core::GraphError;

/// Why a scene, an asset or a file was refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RenderError {
    /// A draw was refused: a missing asset, a material that refuses a program (spec/000 "What a
    /// node material refuses"), a parent cycle.
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
    /// A material refuses what it was given (spec/000 "What a node material refuses").
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
    /// The GPU renderer draws images up to `max_side` pixels a side.
    #[error("the GPU renderer draws images up to {max_side} pixels a side")]
    GpuImageTooLarge {
        /// The largest side it draws.
        max_side: u32,
    },
    /// The GPU failed to draw (the device's message).
    #[error("GPU: {0}")]
    Gpu(String),
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

/// What a material refuses (spec/000 "What a node material refuses").
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
