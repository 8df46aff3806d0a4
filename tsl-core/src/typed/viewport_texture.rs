//! Screen reads, typed (R-SCREEN-1, docs/requirements.md): the builder's
//! `graph/viewport_texture.rs` with its types.

use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Vec2, Vec4};

/// TSL's `viewportSharedTexture(uv)`: the opaque scene behind the surface at `uv` (0 to 1 from
/// the top left), linear RGBA. three.js's default `uv` is `screenUV`: pass [`screen_uv()`](super::screen::screen_uv).
pub fn viewport_texture(uv: impl IntoNodeOf<Vec2>) -> Node<Vec4> {
    let uv = uv.into_node_of();
    Node::wrap(current().viewport_texture(uv.node_ref()))
}

/// TSL's `viewportSharedTexture`: [`viewport_texture`].
pub fn viewport_shared_texture(uv: impl IntoNodeOf<Vec2>) -> Node<Vec4> {
    viewport_texture(uv)
}
