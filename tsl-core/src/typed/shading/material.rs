//! three.js's `functions/material` helpers, typed.

use super::typed_shading_fns;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Vec3};

/// three.js's `getGeometryRoughness()`: the largest component of `max(|dFdx(n)|, |dFdy(n)|)` of
/// the camera-space normal (see [`NodeGraph::get_geometry_roughness`](crate::NodeGraph::get_geometry_roughness)
/// for how our `normal_view()` compares with three's `normalViewGeometry`).
pub fn get_geometry_roughness() -> Node<Float> {
    Node::wrap(current().get_geometry_roughness())
}

typed_shading_fns! {
    /// three.js's `getRoughness({ roughness })`:
    /// `min(max(roughness, 0.045) + getGeometryRoughness(), 1)`.
    get_roughness(roughness: Float) -> Float;
    /// three.js's `getParallaxCorrectNormal(normal, cubeSize, cubePos)`: the direction from the
    /// box's centre `cube_pos` to where the ray from `positionWorld` along `normal` leaves the box
    /// of size `cube_size`.
    get_parallax_correct_normal(normal: Vec3, cube_size: Vec3, cube_pos: Vec3) -> Vec3;
}

/// three.js's `getShIrradianceAt(normal, shCoefficients)`: the irradiance of order-2 spherical
/// harmonics at a unit `normal`; three's uniform array of nine vec3 coefficients is nine nodes
/// here, in its order.
pub fn get_sh_irradiance_at(
    normal: impl IntoNodeOf<Vec3>,
    sh_coefficients: [Node<Vec3>; 9],
) -> Node<Vec3> {
    let normal = normal.into_node_of().node_ref();
    Node::wrap(current().get_sh_irradiance_at(normal, sh_coefficients.map(Node::node_ref)))
}
