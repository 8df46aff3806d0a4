//! three.js's `fog/Fog.js`: the fog factors, which read the fragment's camera-space depth
//! (`-positionView.z`) and, for the height fog, its world height; and `fog(color, factor)`, which
//! mixes the material's shaded colour (TSL's `output`, our `lit()`) toward the fog colour.

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType;

impl NodeGraph {
    /// three.js's `rangeFogFactor(near, far)`: `smoothstep(near, far, -positionView.z)`.
    pub fn range_fog_factor(&self, near: NodeRef, far: NodeRef) -> NodeRef {
        self.smoothstep(near, far, self.fog_view_z())
    }

    /// three.js's `densityFogFactor(density)`: `1 - exp(-(density² viewZ²))` with
    /// `viewZ = -positionView.z`, multiplied from the left as three's `density.mul(density,
    /// viewZ, viewZ)`.
    pub fn density_fog_factor(&self, density: NodeRef) -> NodeRef {
        let view_z = self.fog_view_z();
        let d = self.mul_chain(density, &[density, view_z, view_z]);
        self.one_minus(self.exp(self.negate(d)))
    }

    /// three.js's `exponentialHeightFogFactor(density, height)`: the density fog of
    /// `m = max(height - positionWorld.y, 0) * viewZ`: `1 - exp(-(density² m²))`.
    pub fn exponential_height_fog_factor(&self, density: NodeRef, height: NodeRef) -> NodeRef {
        let view_z = self.fog_view_z();
        let below = self.sub(height, self.swizzle(self.position_world(), "y"));
        let m = self.mul(self.max(below, self.float(0.0)), view_z);
        let d = self.mul_chain(density, &[density, m, m]);
        self.one_minus(self.exp(self.negate(d)))
    }

    /// three.js's `fog(color, factor)`: `vec4(mix(output.rgb, color.toVec3(), factor.toFloat()),
    /// output.a)`, for `OUTPUT_NODE` (it reads [`NodeGraph::lit`]). `color` is a float (splatted),
    /// vec3 or vec4 (its rgb); `factor` a float or the first component of a vector. The result
    /// is a vec4 with `lit()`'s alpha.
    pub fn fog(&self, color: NodeRef, factor: NodeRef) -> NodeRef {
        let color = match self.type_of(color) {
            Some(ValueType::Float) => self.join(&[color, color, color]),
            Some(ValueType::Vec4) => self.swizzle(color, "xyz"),
            _ => color, // a vec3 as it is; a matrix or a bad ref is refused by the mix
        };
        let factor = match self.type_of(factor) {
            Some(ValueType::Vec2 | ValueType::Vec3 | ValueType::Vec4) => self.swizzle(factor, "x"),
            _ => factor,
        };
        let output = self.lit();
        let rgb = self.mix(self.swizzle(output, "xyz"), color, factor);
        self.join(&[rgb, self.swizzle(output, "w")])
    }
}
