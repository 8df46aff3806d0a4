//! 3D textures, typed: `volume_uniform` and `texture_3d` (R-VAL-22, docs/requirements.md).

use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Texture, Vec3, Vec4};
use super::values::TextureMap;
use crate::types::TextureId;

/// `volume_uniform(name, map)`: a named volume (3D texture) the caller changes with
/// `NodeProgram::set_texture` ([`NodeGraph::volume_uniform`](crate::NodeGraph::volume_uniform)).
pub fn volume_uniform(name: &str, map: TextureId) -> Node<Texture> {
    Node::wrap(current().volume_uniform(name, map))
}

/// three.js's `texture3D(map, uvw)`: the volume read at a vec3 coordinate, linear colour and
/// straight alpha ([`NodeGraph::texture_3d`](crate::NodeGraph::texture_3d)).
pub fn texture_3d(map: impl TextureMap, uvw: impl IntoNodeOf<Vec3>) -> Node<Vec4> {
    let map = map.texture_source();
    let uvw = uvw.into_node_of();
    Node::wrap(current().texture_3d(map, uvw.node_ref()))
}
