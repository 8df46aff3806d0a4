//! three.js's fog factors and `fog(color, factor)`, typed.

use super::typed_shading_fns;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Vec3, Vec4};

/// The type of [`lit()`](crate::typed::lit), which `fog` returns (see [`fog`]); the check in
/// `fog`'s body stops the build if `lit()` changes type without this.
pub type FogOutput = Vec4;

typed_shading_fns! {
    /// three.js's `rangeFogFactor(near, far)`: `smoothstep(near, far, -positionView.z)`.
    range_fog_factor(near: Float, far: Float) -> Float;
    /// three.js's `densityFogFactor(density)`: `1 - exp(-(density² viewZ²))`,
    /// `viewZ = -positionView.z`.
    density_fog_factor(density: Float) -> Float;
    /// three.js's `exponentialHeightFogFactor(density, height)`: the density fog of
    /// `max(height - positionWorld.y, 0) * viewZ`.
    exponential_height_fog_factor(density: Float, height: Float) -> Float;
}

/// three.js's `fog(color, factor)`: the material's shaded colour (TSL's `output`, our
/// [`lit()`](crate::typed::lit)) mixed toward `color` by `factor`, for `output_node`. three
/// returns `vec4(mix(output.rgb, color, factor), output.a)`, and so does this ([`FogOutput`]:
/// a vec4, `lit()`'s type).
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OUTPUT_NODE};
/// let scope = Scope::new();
/// scope.output_node(fog(vec3(1.0, 1.0, 1.0), 0.25)).unwrap();
/// let program = scope.compile().unwrap();
/// let lit = glam::Vec3::new(0.0, 0.5, 1.0);
/// let shaded = Fragment { lit, lit_alpha: 0.5, ..Fragment::default() };
/// assert_eq!(program.evaluate(OUTPUT_NODE, &shaded), Some(vec![0.25, 0.625, 1.0, 0.5]));
/// ```
pub fn fog(color: impl IntoNodeOf<Vec3>, factor: impl IntoNodeOf<Float>) -> Node<FogOutput> {
    // The builder follows `lit()`'s type; this line keeps FogOutput equal to it.
    let _: fn() -> Node<FogOutput> = crate::typed::lit;
    let (color, factor) = (color.into_node_of(), factor.into_node_of());
    Node::wrap(current().fog(color.node_ref(), factor.node_ref()))
}
