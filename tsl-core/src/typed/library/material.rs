//! `getGeometryRoughness`, `getRoughness`, `getParallaxCorrectNormal` and `getShIrradianceAt`,
//! typed.

use super::wrap;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Vec3};

/// TSL's `getGeometryRoughness()`: the largest change of the interpolated view normal to the
/// next pixel, a float.
pub fn get_geometry_roughness() -> Node<Float> {
    wrap(current().get_geometry_roughness())
}

/// TSL's `getRoughness({ roughness })`: `min(max(roughness, 0.045) + get_geometry_roughness(), 1)`.
pub fn get_roughness(roughness: impl IntoNodeOf<Float>) -> Node<Float> {
    wrap(current().get_roughness(roughness.into_node_of().node_ref()))
}

/// TSL's `getParallaxCorrectNormal(normal, cubeSize, cubePos)`: the box-projected direction of
/// `normal` from the fragment's world position, for a box `cube_size` wide at `cube_pos`.
pub fn get_parallax_correct_normal(
    normal: impl IntoNodeOf<Vec3>,
    cube_size: impl IntoNodeOf<Vec3>,
    cube_pos: impl IntoNodeOf<Vec3>,
) -> Node<Vec3> {
    let (n, s, p) = (
        normal.into_node_of(),
        cube_size.into_node_of(),
        cube_pos.into_node_of(),
    );
    wrap(current().get_parallax_correct_normal(n.node_ref(), s.node_ref(), p.node_ref()))
}

/// TSL's `getShIrradianceAt(normal, shCoefficients)`: the irradiance of nine spherical-harmonic
/// coefficients in the direction `normal`.
pub fn get_sh_irradiance_at(
    normal: impl IntoNodeOf<Vec3>,
    coefficients: [Node<Vec3>; 9],
) -> Node<Vec3> {
    let refs = coefficients.map(|c| c.node_ref());
    wrap(current().get_sh_irradiance_at(normal.into_node_of().node_ref(), &refs))
}
