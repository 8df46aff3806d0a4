//! `functions/material/*.js`: `getGeometryRoughness`, `getRoughness`,
//! `getParallaxCorrectNormal` and `getShIrradianceAt`, made of existing nodes.

use super::{Expect, NodeRef, EPSILON};
use crate::graph::NodeGraph;
use crate::types::ValueType;

const VEC3: Expect = Expect::Is(ValueType::Vec3);

/// `getShIrradianceAt`'s weight of each coefficient, as three.js writes them (`2.0 * 0.511664`
/// computed in double, then a float32 literal).
const SH_BAND1: f32 = (2.0f64 * 0.511664) as f32;
const SH_BAND2: f32 = (2.0f64 * 0.429043) as f32;

impl NodeGraph {
    /// TSL's `getGeometryRoughness()`: how fast the interpolated view normal turns across a
    /// pixel, the largest component of `max(|dfdx(n)|, |dfdy(n)|)` (a float; three.js gives 0
    /// for a geometry with no normals, whose normal here is constant, so this is 0 too).
    pub fn get_geometry_roughness(&self) -> NodeRef {
        let n = self.normal_view();
        let dxy = self.max(self.abs(self.dfdx(n)), self.abs(self.dfdy(n)));
        let (x, y, z) = (
            self.swizzle(dxy, "x"),
            self.swizzle(dxy, "y"),
            self.swizzle(dxy, "z"),
        );
        self.max(self.max(x, y), z)
    }

    /// TSL's `getRoughness({ roughness })`: `min(max(roughness, 0.045) + getGeometryRoughness(),
    /// 1)`, the roughness the physical lighting uses.
    pub fn get_roughness(&self, roughness: NodeRef) -> NodeRef {
        let args = [("roughness", roughness, Expect::Is(ValueType::Float))];
        if let Err(e) = self.library_args("get_roughness", &args) {
            return e;
        }
        let floor = self.max(roughness, self.float(0.045));
        self.min(
            self.add(floor, self.get_geometry_roughness()),
            self.float(1.0),
        )
    }

    /// TSL's `getParallaxCorrectNormal(normal, cubeSize, cubePos)`: the direction from the
    /// centre of a box (`cubePos`, `cubeSize` wide) to where the ray from the fragment's world
    /// position along `normal` leaves it, for box-projected environment maps.
    pub fn get_parallax_correct_normal(
        &self,
        normal: NodeRef,
        cube_size: NodeRef,
        cube_pos: NodeRef,
    ) -> NodeRef {
        let args = [
            ("normal", normal, VEC3),
            ("cubeSize", cube_size, VEC3),
            ("cubePos", cube_pos, VEC3),
        ];
        if let Err(e) = self.library_args("get_parallax_correct_normal", &args) {
            return e;
        }
        let position = self.position_world();
        let dir = self.normalize(normal);
        let positive = self.greater_than_equal(dir, self.float(0.0));
        let epsilon = self.float(EPSILON);
        let safe_dir = self.select(
            positive,
            self.max(dir, epsilon),
            self.min(dir, self.negate(epsilon)),
        );
        let extent = self.mul(cube_size, self.float(0.5));
        let wall = self.select(positive, extent, self.negate(extent));
        let distances = self.div(self.sub(self.add(wall, cube_pos), position), safe_dir);
        let (dx, dy, dz) = (
            self.swizzle(distances, "x"),
            self.swizzle(distances, "y"),
            self.swizzle(distances, "z"),
        );
        let correction = self.min(self.min(dx, dy), dz);
        self.sub(self.add(position, self.mul(dir, correction)), cube_pos)
    }

    /// TSL's `getShIrradianceAt(normal, shCoefficients)`: the irradiance of nine order-2
    /// spherical-harmonic coefficients (vec3 each) in the direction `normal`, with three.js's
    /// weights and order of sums.
    pub fn get_sh_irradiance_at(&self, normal: NodeRef, coefficients: &[NodeRef; 9]) -> NodeRef {
        let mut args = vec![("normal", normal, VEC3)];
        args.extend(coefficients.iter().map(|&c| ("shCoefficients", c, VEC3)));
        if let Err(e) = self.library_args("get_sh_irradiance_at", &args) {
            return e;
        }
        let (x, y, z) = (
            self.swizzle(normal, "x"),
            self.swizzle(normal, "y"),
            self.swizzle(normal, "z"),
        );
        let k = |v: f32| self.float(v);
        let c = coefficients;
        // Each term is `c[i] · weight`, then times the direction's factors, left to right.
        let term = |i: usize, weight: f32, factors: &[NodeRef]| {
            factors
                .iter()
                .fold(self.mul(c[i], k(weight)), |t, &f| self.mul(t, f))
        };
        let mut result = self.mul(c[0], k(0.886227));
        for t in [
            term(1, SH_BAND1, &[y]),
            term(2, SH_BAND1, &[z]),
            term(3, SH_BAND1, &[x]),
            term(4, SH_BAND2, &[x, y]),
            term(5, SH_BAND2, &[y, z]),
        ] {
            result = self.add(result, t);
        }
        let zz = self.sub(self.mul(self.mul(z, z), k(0.743125)), k(0.247708));
        result = self.add(result, self.mul(c[6], zz));
        result = self.add(result, term(7, SH_BAND2, &[x, z]));
        let xx_yy = self.sub(self.mul(x, x), self.mul(y, y));
        self.add(result, self.mul(self.mul(c[8], k(0.429043)), xx_yy))
    }
}
