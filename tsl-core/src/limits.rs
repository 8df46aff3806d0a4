//! The resource limits a host sets on what users' data may cost: one value, passed to the GLSL
//! front end, the image decoders and the renderers, so that a server compiling users' shaders
//! can bound memory and time. The defaults are safe for a desktop tool; a host lowers them.

/// What one input may cost at most. Every field bounds work or memory *before* it is spent: a
/// source over `source_bytes` is refused before it is lexed, a PNG header over `image_pixels`
/// before its pixels are allocated.
///
/// Each bound is also capped by a hard limit of the crate that no `Limits` can raise (a graph
/// never holds more than [`MAX_GRAPH_NODES`](crate::MAX_GRAPH_NODES) nodes, say): a field set
/// higher than its hard limit acts as the hard limit.
///
/// ```
/// use tsl_core::Limits;
/// let server = Limits { source_bytes: 64 << 10, ..Limits::default() };
/// assert!(server.source_bytes < Limits::default().source_bytes);
/// assert_eq!(Limits::default().graph_nodes, tsl_core::MAX_GRAPH_NODES);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The bytes of one shader's source (each stage's source counts on its own). The GLSL front
    /// end's peak memory is a multiple of this: about 12 times for a comment, about 60 times for
    /// dense code (measured at the 1 MiB default: docs/glsl.md).
    pub source_bytes: usize,
    /// The tokens one shader's preprocessing may produce, every macro expansion included.
    pub tokens: usize,
    /// The nodes one graph may hold.
    pub graph_nodes: usize,
    /// The work the GLSL lowering may do: nodes visited while unrolling loops and inlining calls.
    pub unrolled_work: usize,
    /// The pixels of one image: a decoded PNG, or a frame a renderer draws.
    pub image_pixels: u64,
    /// The texels of one texture, its mip levels not counted.
    pub texture_texels: u64,
}

impl Limits {
    /// The defaults: a shader of 1 MiB, 2^20 tokens, [`MAX_GRAPH_NODES`](crate::MAX_GRAPH_NODES)
    /// nodes, 2^20 units of lowering work, images of 2^28 pixels (16384²: 1 GiB of RGBA8, 4 GiB
    /// of linear RGBA floats) and textures of 2^26 texels (256 MiB of linear RGBA floats).
    pub const DEFAULT: Limits = Limits {
        source_bytes: 1 << 20,
        tokens: 1 << 20,
        graph_nodes: crate::MAX_GRAPH_NODES,
        unrolled_work: 1 << 20,
        image_pixels: 1 << 28,
        texture_texels: 1 << 26,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}
