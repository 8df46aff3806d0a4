//! three.js's `functions/material`: the roughness floor from the normal's screen-space change,
//! and the parallax-corrected direction into a box-projected environment.

use super::THREE_EPSILON;
use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType;

impl NodeGraph {
    /// three.js's `getGeometryRoughness()`: the largest component of
    /// `max(|dFdx(n)|, |dFdy(n)|)` for the camera-space normal `n`. three differentiates
    /// `normalViewGeometry`, the interpolated normal before maps; here `n` is
    /// [`NodeGraph::normal_view`], whose derivative views are the interpolated normal (so the
    /// same unless a normal map bends the normal here, which the derivative does not see). three
    /// returns 0 for a geometry without normals; ours always has them.
    pub fn get_geometry_roughness(&self) -> NodeRef {
        let n = self.normal_view();
        let dxy = self.max(self.abs(self.dfdx(n)), self.abs(self.dfdy(n)));
        let xy = self.max(self.swizzle(dxy, "x"), self.swizzle(dxy, "y"));
        self.max(xy, self.swizzle(dxy, "z"))
    }

    /// three.js's `getRoughness({ roughness })`:
    /// `min(max(roughness, 0.045) + getGeometryRoughness(), 1)`.
    pub fn get_roughness(&self, roughness: NodeRef) -> NodeRef {
        let floor = self.max(roughness, self.float(0.045));
        self.min(
            self.add(floor, self.get_geometry_roughness()),
            self.float(1.0),
        )
    }

    /// three.js's `getParallaxCorrectNormal(normal, cubeSize, cubePos)`: the direction from the
    /// box's centre `cube_pos` to where the ray from `positionWorld` along `normal` leaves the
    /// box of size `cube_size` (all vec3 in three's use; a float `cube_size` is a cube).
    pub fn get_parallax_correct_normal(
        &self,
        normal: NodeRef,
        cube_size: NodeRef,
        cube_pos: NodeRef,
    ) -> NodeRef {
        let dir = self.normalize(normal);
        let positive = self.greater_than_equal(dir, self.float(0.0));
        // Axis-aligned directions stay away from zero so the distances stay finite (three).
        let safe_dir = self.select(
            positive,
            self.max(dir, self.float(THREE_EPSILON)),
            self.min(dir, self.float(-THREE_EPSILON)),
        );
        let extent = self.mul(cube_size, self.float(0.5));
        let wall = self.select(positive, extent, self.negate(extent));
        let position = self.position_world();
        let distances = self.div(self.sub(self.add(wall, cube_pos), position), safe_dir);
        let xy = self.min(self.swizzle(distances, "x"), self.swizzle(distances, "y"));
        let correction = self.min(xy, self.swizzle(distances, "z"));
        self.sub(self.add(position, self.mul(dir, correction)), cube_pos)
    }
}

impl NodeGraph {
    /// three.js's `getShIrradianceAt(normal, shCoefficients)`: the irradiance of order-2
    /// spherical harmonics at a unit `normal` (vec3). three passes the nine vec3 coefficients
    /// as a uniform array; here they are nine vec3 nodes, in three's order (band 0, band 1 as
    /// y, z, x, band 2 as xy, yz, 3z² - 1, xz, x² - y²).
    pub fn get_sh_irradiance_at(&self, normal: NodeRef, sh_coefficients: [NodeRef; 9]) -> NodeRef {
        let mut layout = vec![("normal", normal, ValueType::Vec3)];
        layout.extend(
            sh_coefficients
                .iter()
                .map(|&c| ("shCoefficients", c, ValueType::Vec3)),
        );
        if let Err(refused) = self.layout("get_sh_irradiance_at", &layout) {
            return refused;
        }
        let [x, y, z] = ["x", "y", "z"].map(|k| self.swizzle(normal, k));
        let sh = |i: usize, k: f32| self.mul(sh_coefficients[i], self.float(k));
        // three's constants, its `2.0 * 0.511664` and `2.0 * 0.429043` folded as JavaScript does.
        let (b1, b2) = (2.0 * 0.511664, 2.0 * 0.429043);
        let terms = [
            sh(0, 0.886227),
            self.mul(sh(1, b1), y),
            self.mul(sh(2, b1), z),
            self.mul(sh(3, b1), x),
            self.mul(self.mul(sh(4, b2), x), y),
            self.mul(self.mul(sh(5, b2), y), z),
            self.mul(
                sh_coefficients[6],
                self.sub(
                    self.mul(self.mul(z, z), self.float(0.743125)),
                    self.float(0.247708),
                ),
            ),
            self.mul(self.mul(sh(7, b2), x), z),
            self.mul(sh(8, 0.429043), self.sub(self.mul(x, x), self.mul(y, y))),
        ];
        terms[1..].iter().fold(terms[0], |sum, &t| self.add(sum, t))
    }
}
