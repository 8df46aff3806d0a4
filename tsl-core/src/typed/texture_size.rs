//! `textureSize`, typed (R-VAL-16, docs/requirements.md).

use super::node::Node;
use super::scope::current;
use super::types::Vec2;
use super::values::TextureMap;

/// TSL's `textureSize(texture, level)`: the size in texels of `map`'s mip `level` (TSL's
/// default 0), as a vec2, filled by the renderer each frame
/// ([`NodeGraph::texture_size`](crate::NodeGraph::texture_size)).
pub fn texture_size(map: impl TextureMap, level: u32) -> Node<Vec2> {
    Node::wrap(current().texture_size(map.texture_source(), level))
}
