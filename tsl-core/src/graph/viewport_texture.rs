//! Screen reads (R-SCREEN-1, docs/requirements.md): three.js r187's `viewportSharedTexture`
//! (`ViewportSharedTextureNode.js`), the opaque scene behind the fragment, read at a screen
//! coordinate.
//!
//! The read is an ordinary texture node whose texture is the reserved id
//! [`VIEWPORT_TEXTURE`]: every interpreter and the native back end read texture ids through
//! the program's words, so a renderer that drew the opaque pass points that word at its
//! snapshot and nothing else changes.

use super::{NodeGraph, NodeRef};
use crate::types::VIEWPORT_TEXTURE;

impl NodeGraph {
    /// TSL's `viewportSharedTexture(uv)`: the opaque scene behind the surface at `uv` (a vec2,
    /// 0 to 1 from the top left, as [`NodeGraph::screen_uv`]), linear RGBA (vec4). three.js's
    /// default `uv` is `screenUV`: pass `graph.screen_uv()`. Refuses a coordinate that is not a
    /// vec2, as `texture` does.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let behind = graph.viewport_texture(graph.screen_uv());
    /// graph.set_output(COLOR_NODE, graph.swizzle(behind, "rgb")).unwrap();
    /// let program = graph.compile().unwrap();
    /// assert!(program.textures().contains(&VIEWPORT_TEXTURE));
    /// ```
    pub fn viewport_texture(&self, uv: NodeRef) -> NodeRef {
        self.texture(VIEWPORT_TEXTURE, uv)
    }

    /// TSL's `viewportSharedTexture`: [`NodeGraph::viewport_texture`] (there is one shared
    /// snapshot per frame).
    pub fn viewport_shared_texture(&self, uv: NodeRef) -> NodeRef {
        self.viewport_texture(uv)
    }
}
