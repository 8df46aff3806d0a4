//! Texture reads at a level, typed: TSL's `texture(map, uv).level(l)`, `.grad(dx, dy)` and
//! `.bias(b)` as `texture_level`, `texture_grad` and `texture_bias` (docs/requirements.md,
//! R-VAL-16).

use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, Vec2, Vec4};
use super::values::TextureMap;

/// TSL's `texture(map, uv).level(level)` (GLSL's `textureLod`): `map` at `uv` at mip level
/// `level` ([`NodeGraph::texture_level`](crate::NodeGraph::texture_level)).
pub fn texture_level(
    map: impl TextureMap,
    uv: impl IntoNodeOf<Vec2>,
    level: impl IntoNodeOf<Float>,
) -> Node<Vec4> {
    let (uv, level) = (uv.into_node_of(), level.into_node_of());
    Node::wrap(current().texture_level(map.texture_source(), uv.node_ref(), level.node_ref()))
}

/// TSL's `texture(map, uv).grad(ddx, ddy)` (GLSL's `textureGrad`): `map` at `uv` at the level
/// the screen gradients choose ([`NodeGraph::texture_grad`](crate::NodeGraph::texture_grad)).
pub fn texture_grad(
    map: impl TextureMap,
    uv: impl IntoNodeOf<Vec2>,
    ddx: impl IntoNodeOf<Vec2>,
    ddy: impl IntoNodeOf<Vec2>,
) -> Node<Vec4> {
    let (uv, ddx, ddy) = (uv.into_node_of(), ddx.into_node_of(), ddy.into_node_of());
    let (uv, ddx, ddy) = (uv.node_ref(), ddx.node_ref(), ddy.node_ref());
    Node::wrap(current().texture_grad(map.texture_source(), uv, ddx, ddy))
}

/// TSL's `texture(map, uv).bias(bias)` (GLSL's `texture(s, P, bias)`): `map` at `uv` at its
/// own level plus `bias` ([`NodeGraph::texture_bias`](crate::NodeGraph::texture_bias)).
pub fn texture_bias(
    map: impl TextureMap,
    uv: impl IntoNodeOf<Vec2>,
    bias: impl IntoNodeOf<Float>,
) -> Node<Vec4> {
    let (uv, bias) = (uv.into_node_of(), bias.into_node_of());
    Node::wrap(current().texture_bias(map.texture_source(), uv.node_ref(), bias.node_ref()))
}
