//! Rotations and coordinate helpers: `utils/RotateNode.js` (`rotate`), `utils/UVUtils.js`
//! (`rotateUV`, `spherizeUV`), `utils/MatcapUV.js`, `utils/EquirectUV.js` and
//! `utils/SpriteSheetUV.js`.

use super::{Expect, NodeRef, PI, TWO_PI};
use crate::graph::NodeGraph;
use crate::types::ValueType;

const FLOAT: Expect = Expect::Is(ValueType::Float);
const VEC2: Expect = Expect::Is(ValueType::Vec2);
const VEC3: Expect = Expect::Is(ValueType::Vec3);

/// The order in which `rotate` applies its Euler angles to a vec3, three.js's `RotateNode`
/// order: `Xyz` is `Rx · Ry · Rz · p` (z turns first), three.js's default `'XYZ'`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EulerOrder {
    /// `'XYZ'`: `Rx · Ry · Rz`.
    #[default]
    Xyz,
    /// `'XZY'`: `Rx · Rz · Ry`.
    Xzy,
    /// `'YXZ'`: `Ry · Rx · Rz`.
    Yxz,
    /// `'YZX'`: `Ry · Rz · Rx`.
    Yzx,
    /// `'ZXY'`: `Rz · Rx · Ry`.
    Zxy,
    /// `'ZYX'`: `Rz · Ry · Rx`.
    Zyx,
}

impl EulerOrder {
    /// The axes (0 = x, 1 = y, 2 = z) of the three matrices, left to right.
    fn axes(self) -> [usize; 3] {
        match self {
            EulerOrder::Xyz => [0, 1, 2],
            EulerOrder::Xzy => [0, 2, 1],
            EulerOrder::Yxz => [1, 0, 2],
            EulerOrder::Yzx => [1, 2, 0],
            EulerOrder::Zxy => [2, 0, 1],
            EulerOrder::Zyx => [2, 1, 0],
        }
    }
}

impl NodeGraph {
    /// TSL's `rotate(position, rotation)`: a vec2 turned by a float angle (radians,
    /// anticlockwise: `mat2(cos, sin, -sin, cos) * p`), or a vec3 turned by a vec3 of Euler
    /// angles in three.js's default order `'XYZ'` (`Rx · Ry · Rz · vec4(p, 1)`, its `.xyz`).
    pub fn rotate(&self, position: NodeRef, rotation: NodeRef) -> NodeRef {
        self.rotate_in_order(position, rotation, EulerOrder::Xyz)
    }

    /// TSL's `rotate(position, rotation, order)`: [`NodeGraph::rotate`] with the Euler angles of
    /// a vec3 applied in `order` (a vec2's angle has no order).
    pub fn rotate_in_order(
        &self,
        position: NodeRef,
        rotation: NodeRef,
        order: EulerOrder,
    ) -> NodeRef {
        let types = match self.library_args(
            "rotate",
            &[
                ("position", position, Expect::Vector),
                ("rotation", rotation, Expect::Numeric),
            ],
        ) {
            Ok(types) => types,
            Err(e) => return e,
        };
        match (types[0], types[1]) {
            (ValueType::Vec2, ValueType::Float) => {
                let (c, s) = (self.cos(rotation), self.sin(rotation));
                let m = self.matrix2_columns(c, s);
                let (x, y) = (self.swizzle(position, "x"), self.swizzle(position, "y"));
                self.add(self.mul(m[0], x), self.mul(m[1], y))
            }
            (ValueType::Vec3, ValueType::Vec3) => self.rotate_euler(position, rotation, order),
            (p, r) => self.library_refuse(
                "rotate",
                format!(
                    "rotates a vec2 by a float angle or a vec3 by a vec3 of angles, not a {p} by a {r}"
                ),
            ),
        }
    }

    /// The columns of `mat2(c, s, -s, c)`, as vec2s: the graph has no mat2, so
    /// `m * p` is `column0 · p.x + column1 · p.y`, as a GPU computes it.
    fn matrix2_columns(&self, c: NodeRef, s: NodeRef) -> [NodeRef; 2] {
        [self.join(&[c, s]), self.join(&[self.negate(s), c])]
    }

    /// `RotateNode`'s vec3 case: the three axis matrices, multiplied in `order`.
    fn rotate_euler(&self, position: NodeRef, rotation: NodeRef, order: EulerOrder) -> NodeRef {
        let (zero, one) = (self.float(0.0), self.float(1.0));
        let column = |parts: [NodeRef; 4]| self.join(&parts);
        let w = column([zero, zero, zero, one]);
        let angle = |axis: &str| {
            let a = self.swizzle(rotation, axis);
            (self.cos(a), self.sin(a))
        };
        let (cx, sx) = angle("x");
        let rx = self.matrix(&[
            column([one, zero, zero, zero]),
            column([zero, cx, sx, zero]),
            column([zero, self.negate(sx), cx, zero]),
            w,
        ]);
        let (cy, sy) = angle("y");
        let ry = self.matrix(&[
            column([cy, zero, self.negate(sy), zero]),
            column([zero, one, zero, zero]),
            column([sy, zero, cy, zero]),
            w,
        ]);
        let (cz, sz) = angle("z");
        let rz = self.matrix(&[
            column([cz, sz, zero, zero]),
            column([self.negate(sz), cz, zero, zero]),
            column([zero, zero, one, zero]),
            w,
        ]);
        let by_axis = [rx, ry, rz];
        let [a, b, c] = order.axes();
        let chain = self.mul(self.mul(by_axis[a], by_axis[b]), by_axis[c]);
        let turned = self.mul(chain, self.join(&[position, one]));
        self.swizzle(turned, "xyz")
    }

    /// TSL's `rotateUV(uv, rotation, center)`: `rotate(uv - center, rotation) + center` (TSL's
    /// default `center` is `vec2(0.5)`).
    pub fn rotate_uv(&self, uv: NodeRef, rotation: NodeRef, center: NodeRef) -> NodeRef {
        let args = [
            ("uv", uv, VEC2),
            ("rotation", rotation, FLOAT),
            ("center", center, VEC2),
        ];
        if let Err(e) = self.library_args("rotate_uv", &args) {
            return e;
        }
        self.add(self.rotate(self.sub(uv, center), rotation), center)
    }

    /// TSL's `spherizeUV(uv, strength, center)`: `uv + d · (|d|⁴ · strength)` with
    /// `d = uv - center` (TSL's default `center` is `vec2(0.5)`).
    pub fn spherize_uv(&self, uv: NodeRef, strength: NodeRef, center: NodeRef) -> NodeRef {
        let args = [
            ("uv", uv, VEC2),
            ("strength", strength, FLOAT),
            ("center", center, VEC2),
        ];
        if let Err(e) = self.library_args("spherize_uv", &args) {
            return e;
        }
        let delta = self.sub(uv, center);
        let delta2 = self.dot(delta, delta);
        let delta4 = self.mul(delta2, delta2);
        self.add(uv, self.mul(delta, self.mul(delta4, strength)))
    }

    /// TSL's `matcapUV`: where a matcap texture is read for the fragment's view-space normal,
    /// with `positionViewDirection = normalize(-position_view())`:
    /// `x = normalize(vec3(dir.z, 0, -dir.x))`, `y = cross(dir, x)`,
    /// `vec2(dot(x, n), dot(y, n)) · 0.495 + 0.5` (a vec2). three.js's `positionViewDirection`
    /// is (0, 0, 1) under an orthographic camera, which the graph does not know: this is the
    /// perspective form, which differs there only off the view axis.
    pub fn matcap_uv(&self) -> NodeRef {
        let dir = self.normalize(self.negate(self.position_view()));
        let normal = self.normal_view();
        let (dx, dz) = (self.swizzle(dir, "x"), self.swizzle(dir, "z"));
        let x = self.normalize(self.join(&[dz, self.float(0.0), self.negate(dx)]));
        let y = self.cross(dir, x);
        let uv = self.join(&[self.dot(x, normal), self.dot(y, normal)]);
        self.add(self.mul(uv, self.float(0.495)), self.float(0.5))
    }

    /// TSL's `equirectUV(direction)`: the equirectangular coordinate of a direction,
    /// `(atan(d.z, d.x) / 2π + 0.5, asin(clamp(d.y, -1, 1)) / π + 0.5)` (TSL's default direction
    /// is `positionWorldDirection`, the local position's direction turned into world space:
    /// pass the direction wanted).
    pub fn equirect_uv(&self, direction: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("equirect_uv", &[("direction", direction, VEC3)]) {
            return e;
        }
        let half = self.float(0.5);
        let (dx, dy, dz) = (
            self.swizzle(direction, "x"),
            self.swizzle(direction, "y"),
            self.swizzle(direction, "z"),
        );
        let u = self.add(
            self.mul(
                self.atan2(dz, dx),
                self.float((1.0 / (std::f64::consts::TAU)) as f32),
            ),
            half,
        );
        let clamped = self.clamp(dy, self.float(-1.0), self.float(1.0));
        let v = self.add(
            self.mul(
                self.asin(clamped),
                self.float((1.0 / std::f64::consts::PI) as f32),
            ),
            half,
        );
        self.join(&[u, v])
    }

    /// TSL's `equirectDirection(uv)`: the unit direction an equirectangular coordinate stands
    /// for, `(cos φ cos θ, sin φ, cos φ sin θ)` with `θ = (u - 0.5) · 2π`, `φ = (v - 0.5) · π`
    /// (TSL's default `uv` is `uv()`).
    pub fn equirect_direction(&self, uv: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("equirect_direction", &[("uv", uv, VEC2)]) {
            return e;
        }
        let half = self.float(0.5);
        let theta = self.mul(self.sub(self.swizzle(uv, "x"), half), self.float(TWO_PI));
        let phi = self.mul(self.sub(self.swizzle(uv, "y"), half), self.float(PI));
        let cos_phi = self.cos(phi);
        self.join(&[
            self.mul(cos_phi, self.cos(theta)),
            self.sin(phi),
            self.mul(cos_phi, self.sin(theta)),
        ])
    }

    /// TSL's `spritesheetUV(count, uv, frame)`: `uv` moved into frame `frame` of a sheet of
    /// `count.x × count.y` frames, numbered from the top left along rows (TSL's defaults: `uv()`
    /// and frame 0).
    pub fn spritesheet_uv(&self, count: NodeRef, uv: NodeRef, frame: NodeRef) -> NodeRef {
        let args = [
            ("countNode", count, VEC2),
            ("uvNode", uv, VEC2),
            ("frameNode", frame, FLOAT),
        ];
        if let Err(e) = self.library_args("spritesheet_uv", &args) {
            return e;
        }
        let (width, height) = (self.swizzle(count, "x"), self.swizzle(count, "y"));
        let frame_num = self.floor(self.modulo(frame, self.mul(width, height)));
        let column = self.modulo(frame_num, width);
        let row = self.sub(
            height,
            self.ceil(self.div(self.add(frame_num, self.float(1.0)), width)),
        );
        let scale = self.reciprocal(count);
        self.mul(self.add(uv, self.join(&[column, row])), scale)
    }
}
