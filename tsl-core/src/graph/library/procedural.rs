//! Procedural patterns and packing: `procedural/Checker.js`, `shapes/Shapes.js`,
//! `math/TriNoise3D.js` and `utils/Packing.js`.

use super::{Expect, NodeRef};
use crate::graph::NodeGraph;
use crate::types::ValueType;

const FLOAT: Expect = Expect::Is(ValueType::Float);
const VEC2: Expect = Expect::Is(ValueType::Vec2);
const VEC3: Expect = Expect::Is(ValueType::Vec3);

/// `triNoise3D`'s loop runs for i = 0, 1, 2, 3 (`start 0, end 3, '<='`).
const TRI_NOISE_OCTAVES: usize = 4;

impl NodeGraph {
    /// TSL's `checker(coord)`: `sign(mod(floor(2x) + floor(2y), 2))`, 1 or 0 in squares of half a
    /// unit (TSL's default `coord` is `uv()`).
    pub fn checker(&self, coord: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("checker", &[("coord", coord, VEC2)]) {
            return e;
        }
        let uv = self.mul(coord, self.float(2.0));
        let cx = self.floor(self.swizzle(uv, "x"));
        let cy = self.floor(self.swizzle(uv, "y"));
        self.sign(self.modulo(self.add(cx, cy), self.float(2.0)))
    }

    /// TSL's `shapeCircle(coord)`: 1 inside the circle inscribed in the unit square, 0 outside
    /// (`lengthSq(coord · 2 - 1) > 1`). This is three.js's branch without alpha to coverage,
    /// which the renderers here do not have (TSL's default `coord` is `uv()`).
    pub fn shape_circle(&self, coord: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("shape_circle", &[("coord", coord, VEC2)]) {
            return e;
        }
        let centred = self.sub(self.mul(coord, self.float(2.0)), self.float(1.0));
        let len2 = self.dot(centred, centred);
        let outside = self.greater_than(len2, self.float(1.0));
        self.select(outside, self.float(0.0), self.float(1.0))
    }

    /// `triNoise3D`'s `tri(x)`: `|fract(x) - 0.5|`.
    fn tri(&self, x: NodeRef) -> NodeRef {
        self.abs(self.sub(self.fract(x), self.float(0.5)))
    }

    /// `triNoise3D`'s `tri3(p)`: `(tri(p.z + tri(p.y)), tri(p.z + tri(p.x)), tri(p.y + tri(p.x)))`.
    fn tri3(&self, p: NodeRef) -> NodeRef {
        let (x, y, z) = (
            self.swizzle(p, "x"),
            self.swizzle(p, "y"),
            self.swizzle(p, "z"),
        );
        self.join(&[
            self.tri(self.add(z, self.tri(y))),
            self.tri(self.add(z, self.tri(x))),
            self.tri(self.add(y, self.tri(x))),
        ])
    }

    /// TSL's `triNoise3D(position, speed, time)`: cabbibo's triangle-wave noise, four octaves as
    /// three.js runs them (a float, roughly in [0, 0.6]).
    pub fn tri_noise_3d(&self, position: NodeRef, speed: NodeRef, time: NodeRef) -> NodeRef {
        let args = [
            ("position", position, VEC3),
            ("speed", speed, FLOAT),
            ("time", time, FLOAT),
        ];
        if let Err(e) = self.library_args("tri_noise_3d", &args) {
            return e;
        }
        let drift = self.mul(time, self.mul(self.float(0.1), speed));
        let mut p = position;
        let mut bp = position;
        // `z` starts at 1.4 and is multiplied by 1.5 each octave: float32 constants, rounded
        // after each product as the shader's `z *= 1.5` rounds.
        let mut z = 1.4f32;
        let mut rz: Option<NodeRef> = None;
        for _ in 0..TRI_NOISE_OCTAVES {
            let dg = self.tri3(self.mul(bp, self.float(2.0)));
            p = self.add(p, self.add(dg, drift));
            bp = self.mul(bp, self.float(1.8));
            z *= 1.5;
            p = self.mul(p, self.float(1.2));
            let (px, py, pz) = (
                self.swizzle(p, "x"),
                self.swizzle(p, "y"),
                self.swizzle(p, "z"),
            );
            let t = self.tri(self.add(pz, self.tri(self.add(px, self.tri(py)))));
            let term = self.div(t, self.float(z));
            rz = Some(match rz {
                // three.js starts from `rz = 0.0`; `0 + term` is `term` exactly.
                None => term,
                Some(sum) => self.add(sum, term),
            });
            bp = self.add(bp, self.float(0.14));
        }
        rz.unwrap_or_else(|| self.float(0.0))
    }

    /// TSL's `packNormalToRGB(n)`: `n · 0.5 + 0.5`, a unit vector's components in [0, 1].
    pub fn pack_normal_to_rgb(&self, n: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("pack_normal_to_rgb", &[("node", n, Expect::Numeric)]) {
            return e;
        }
        self.add(self.mul(n, self.float(0.5)), self.float(0.5))
    }

    /// TSL's `unpackRGBToNormal(c)`: `c · 2 - 1`, the inverse of
    /// [`NodeGraph::pack_normal_to_rgb`].
    pub fn unpack_rgb_to_normal(&self, c: NodeRef) -> NodeRef {
        let args = [("node", c, Expect::Numeric)];
        if let Err(e) = self.library_args("unpack_rgb_to_normal", &args) {
            return e;
        }
        self.sub(self.mul(c, self.float(2.0)), self.float(1.0))
    }

    /// TSL's `unpackNormal(xy)`: `vec3(xy, sqrt(saturate(1 - dot(xy, xy))))`, a unit normal
    /// from its first two components.
    pub fn unpack_normal(&self, xy: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("unpack_normal", &[("xy", xy, VEC2)]) {
            return e;
        }
        let rest = self.sub(self.float(1.0), self.dot(xy, xy));
        self.join(&[xy, self.sqrt(self.saturate(rest))])
    }

    /// TSL's `directionToColor(n)`, the name before r185 of [`NodeGraph::pack_normal_to_rgb`].
    pub fn direction_to_color(&self, n: NodeRef) -> NodeRef {
        self.pack_normal_to_rgb(n)
    }

    /// TSL's `colorToDirection(c)`, the name before r185 of
    /// [`NodeGraph::unpack_rgb_to_normal`].
    pub fn color_to_direction(&self, c: NodeRef) -> NodeRef {
        self.unpack_rgb_to_normal(c)
    }
}
