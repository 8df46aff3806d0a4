//! Normal and bump maps, typed (R-VAL-15, docs/requirements.md): the builder's methods of
//! `graph/normal_maps.rs` with their types.

use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, Vec2, Vec3};
use super::values::TextureMap;

/// TSL's `tangentViewFrame`: the camera-space tangent from the screen derivatives of the view
/// position and the uv.
pub fn tangent_view_frame() -> Node<Vec3> {
    Node::wrap(current().tangent_view_frame())
}

/// TSL's `bitangentViewFrame`: the camera-space bitangent from the same derivatives.
pub fn bitangent_view_frame() -> Node<Vec3> {
    Node::wrap(current().bitangent_view_frame())
}

/// TSL's `normalMap(color, scale)` of a tangent-space map: a unit camera-space normal. `color`
/// is the map's texel (`texture(map, uv()).xyz()`); `scale` multiplies the tangent-space `xy`
/// (TSL's default, no scale, is `vec2(1.0, 1.0)`; a float scale is `vec2(s, s)`).
pub fn normal_map(color: impl IntoNodeOf<Vec3>, scale: impl IntoNodeOf<Vec2>) -> Node<Vec3> {
    let (c, s) = (color.into_node_of(), scale.into_node_of());
    Node::wrap(current().normal_map(c.node_ref(), s.node_ref()))
}

/// TSL's `bumpMap(texture(map, uv), scale)`: `normal_view()` bent by the height in the map's
/// red channel (sampled at `uv` and one pixel right and up): a unit camera-space normal.
/// TSL's default scale is 1.
pub fn bump_map(
    map: impl TextureMap,
    uv: impl IntoNodeOf<Vec2>,
    scale: impl IntoNodeOf<Float>,
) -> Node<Vec3> {
    let (uv, scale) = (uv.into_node_of(), scale.into_node_of());
    Node::wrap(current().bump_map(map.texture_source(), uv.node_ref(), scale.node_ref()))
}
