//! Cube and 2D array textures, typed: `uniform_cube_texture`, `cube_texture` and
//! `texture_layer` (R-CUBE-1 and R-CUBE-2, docs/requirements.md).

use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, Texture, Vec2, Vec3, Vec4};
use super::values::TextureMap;
use crate::types::TextureId;

/// three.js's `uniformCubeTexture(map)`: a named cube or array texture the caller changes with
/// `NodeProgram::set_texture` ([`NodeGraph::uniform_cube_texture`](crate::NodeGraph::uniform_cube_texture)).
pub fn uniform_cube_texture(name: &str, map: TextureId) -> Node<Texture> {
    Node::wrap(current().uniform_cube_texture(name, map))
}

/// three.js's `cubeTexture(map, direction)`: the cube read along a world direction, its x
/// negated as three.js does ([`NodeGraph::cube_texture`](crate::NodeGraph::cube_texture)).
pub fn cube_texture(map: impl TextureMap, direction: impl IntoNodeOf<Vec3>) -> Node<Vec4> {
    let map = map.texture_source();
    let direction = direction.into_node_of();
    Node::wrap(current().cube_texture(map, direction.node_ref()))
}

/// TSL's `texture(map, uv).depth(layer)`: a layer of a 2D array texture, the layer truncated
/// toward zero ([`NodeGraph::texture_layer`](crate::NodeGraph::texture_layer)).
pub fn texture_layer(
    map: impl TextureMap,
    uv: impl IntoNodeOf<Vec2>,
    layer: impl IntoNodeOf<Float>,
) -> Node<Vec4> {
    let map = map.texture_source();
    let (uv, layer) = (uv.into_node_of(), layer.into_node_of());
    Node::wrap(current().texture_layer(map, uv.node_ref(), layer.node_ref()))
}
