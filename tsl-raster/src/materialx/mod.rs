//! MaterialX (R-MTLX, docs/materialx.md): a `.mtlx` document's materials
//! read into [`Assets`] as three.js r187's MaterialXLoader makes them. A `surfacematerial` whose
//! shader is a `standard_surface` becomes a PHYSICAL material; a document with no surface
//! material makes a BASIC material of each nodegraph, its `out` output as the colour.
//!
//! The stages, one file each: this file reads the XML and its limits and finds the materials;
//! `graph.rs` compiles the node graphs through the node library of `library.rs`; `surface.rs`
//! maps a surface shader's inputs onto a material.
//!
//! ```no_run
//! use tsl_raster::materialx::load_materialx;
//! use tsl_raster::Assets;
//! let mut assets = Assets::new();
//! let read = load_materialx("standard_surface_marble_solid.mtlx", &mut assets).unwrap();
//! let marble = read.ids[0];
//! ```

mod graph;
mod library;
mod surface;

use crate::assets::Assets;
use crate::file::{read_bounded, ReadError};
use crate::store::MaterialId;
use crate::RenderError;
use std::path::{Path, PathBuf};
use tsl_core::Limits;

/// What a MaterialX document may cost at most, checked before the cost is spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaterialxLimits {
    /// The bytes of the document: 16 MiB by default.
    pub bytes: usize,
    /// The XML nodes of the document (elements, attributes' text, comments): 2^16 by default.
    pub elements: usize,
    /// How deep a chain of node connections may go, through nodegraphs: 256 by default.
    pub depth: usize,
    /// The bytes of one image file: 256 MiB by default.
    pub image_bytes: usize,
    /// What one decoded image may cost (its pixels, its texels as a texture).
    pub images: Limits,
}

impl Default for MaterialxLimits {
    fn default() -> MaterialxLimits {
        MaterialxLimits {
            bytes: 16 << 20,
            elements: 1 << 16,
            depth: 256,
            image_bytes: 256 << 20,
            images: Limits::default(),
        }
    }
}

/// Why a MaterialX document did not load. Each message names the element (its name and line)
/// and what is wrong with it.
#[derive(Debug, thiserror::Error)]
pub enum MaterialxError {
    /// The XML is malformed, or the document does not hold together (a connection names nothing,
    /// a value does not parse, a cycle).
    #[error("MaterialX: {0}")]
    Parse(String),
    /// A file the document names could not be read.
    #[error("MaterialX: cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The document is over one of its [`MaterialxLimits`].
    #[error("MaterialX: {what} is {size}, over the limit of {limit}")]
    OverLimit {
        /// What was counted.
        what: &'static str,
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// A node category, input or form the loader does not build (it says which, and where).
    #[error("MaterialX: {0}")]
    Unsupported(String),
    /// An image could not be decoded.
    #[error("MaterialX: image {path} {reason}")]
    Image {
        /// The image's path.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The thread a load runs on (its stack sized to the depth limit) did not start.
    #[error("MaterialX: the loading thread did not start: {0}")]
    Thread(std::io::Error),
    /// The renderer refused what the document describes (an image, a program).
    #[error("MaterialX: {0}")]
    Render(#[from] RenderError),
}

/// What [`load_materialx`] added: each material's id and its name in the document, in the
/// document's order (three's `materials` object, keyed by name).
#[derive(Clone, Debug, Default)]
pub struct MaterialxRead {
    /// The materials made, in the document's order.
    pub ids: Vec<MaterialId>,
    /// `names[i]` is the document's name of the material `ids[i]`.
    pub names: Vec<String>,
}

/// Load the `.mtlx` file at `path` into `assets`, with the default [`MaterialxLimits`]. Images
/// are read relative to the file's folder.
pub fn load_materialx(
    path: impl AsRef<Path>,
    assets: &mut Assets,
) -> Result<MaterialxRead, MaterialxError> {
    load_materialx_with_limits(path, assets, &MaterialxLimits::default())
}

/// [`load_materialx`] under `limits`.
pub fn load_materialx_with_limits(
    path: impl AsRef<Path>,
    assets: &mut Assets,
    limits: &MaterialxLimits,
) -> Result<MaterialxRead, MaterialxError> {
    let path = path.as_ref();
    let bytes = read_file(path, limits.bytes)?;
    let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
    load_materialx_slice(&bytes, Some(&base), assets, limits)
}

/// Load a MaterialX document held in memory. `base` is the folder its images are read from;
/// without one, a document that reads an image is refused. No material or program is added to
/// `assets` unless the whole document loads (the images read before a refusal stay in
/// `assets.textures`).
pub fn load_materialx_slice(
    bytes: &[u8],
    base: Option<&Path>,
    assets: &mut Assets,
    limits: &MaterialxLimits,
) -> Result<MaterialxRead, MaterialxError> {
    over("the document's size in bytes", bytes.len(), limits.bytes)?;
    let text = std::str::from_utf8(bytes)
        .map_err(|e| MaterialxError::Parse(format!("the document is not UTF-8: {e}")))?;
    load_materialx_str(text, base, assets, limits)
}

/// [`load_materialx_slice`] of a document's text.
pub fn load_materialx_str(
    text: &str,
    base: Option<&Path>,
    assets: &mut Assets,
    limits: &MaterialxLimits,
) -> Result<MaterialxRead, MaterialxError> {
    over("the document's size in bytes", text.len(), limits.bytes)?;
    // The connections are followed by recursion, each level counted against `limits.depth`; the
    // load runs on a thread whose stack holds that many levels (an unoptimised build spends
    // tens of KiB a level), whatever stack the caller's thread has.
    let stack = limits
        .depth
        .saturating_mul(STACK_PER_LEVEL)
        .saturating_add(1 << 20)
        .min(MAX_STACK);
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("materialx".into())
            .stack_size(stack)
            .spawn_scoped(scope, || load_document(text, base, assets, limits))
            .map_err(MaterialxError::Thread)?;
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The stack one level of connections may take (measured at under 64 KiB unoptimised).
const STACK_PER_LEVEL: usize = 96 << 10;

/// The largest stack a load's thread is given (a depth limit past 10900 levels is held to it).
const MAX_STACK: usize = 1 << 30;

/// [`load_materialx_str`] on the thread it starts.
fn load_document(
    text: &str,
    base: Option<&Path>,
    assets: &mut Assets,
    limits: &MaterialxLimits,
) -> Result<MaterialxRead, MaterialxError> {
    let limits = &MaterialxLimits {
        depth: limits.depth.min(MAX_STACK / STACK_PER_LEVEL - 16),
        ..*limits
    };
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: u32::try_from(limits.elements).unwrap_or(u32::MAX),
        ..roxmltree::ParsingOptions::default()
    };
    let document = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => MaterialxError::OverLimit {
            what: "the document's XML node count",
            size: limits.elements + 1,
            limit: limits.elements,
        },
        e => MaterialxError::Parse(e.to_string()),
    })?;
    let root = document.root_element();
    if root.tag_name().name() != "materialx" {
        return Err(MaterialxError::Parse(format!(
            "the root element is <{}>, not <materialx>",
            root.tag_name().name()
        )));
    }
    // The materials and their programs are kept aside until the whole document has loaded, so
    // that a refusal adds none of them.
    let mut made = graph::Made::default();
    let mut read = MaterialxRead::default();
    let mut cx = graph::Context::new(&document, base, limits, assets);
    let surfaces: Vec<_> = root
        .children()
        .filter(|n| n.is_element() && n.tag_name().name() == "surfacematerial")
        .collect();
    for material in &surfaces {
        let name = material.attribute("name").unwrap_or_default().to_string();
        let built = surface::surface_material(&mut cx, *material)?;
        made.materials.push((name, built));
    }
    if surfaces.is_empty() {
        for ng in root
            .children()
            .filter(|n| n.is_element() && n.tag_name().name() == "nodegraph")
        {
            if let Some(built) = surface::graph_material(&mut cx, ng)? {
                let name = ng.attribute("name").unwrap_or_default().to_string();
                made.materials.push((name, built));
            }
        }
    }
    for (name, id) in made.commit(assets) {
        read.names.push(name);
        read.ids.push(id);
    }
    Ok(read)
}

fn over(what: &'static str, size: usize, limit: usize) -> Result<(), MaterialxError> {
    match size > limit {
        true => Err(MaterialxError::OverLimit { what, size, limit }),
        false => Ok(()),
    }
}

/// A file read whole, its size checked against `limit` first.
fn read_file(path: &Path, limit: usize) -> Result<Vec<u8>, MaterialxError> {
    read_bounded(path, limit).map_err(|e| match e {
        ReadError::Io(source) => MaterialxError::Io {
            path: path.to_path_buf(),
            source,
        },
        ReadError::Over(size) => MaterialxError::OverLimit {
            what: "a file's size in bytes",
            size,
            limit,
        },
    })
}

/// An element named for a message: `<category name="…"> (line N)`.
fn describe(node: roxmltree::Node) -> String {
    let line = node.document().text_pos_at(node.range().start).row;
    match node.attribute("name") {
        Some(name) => format!("<{} name=\"{name}\"> (line {line})", node.tag_name().name()),
        None => format!("<{}> (line {line})", node.tag_name().name()),
    }
}
