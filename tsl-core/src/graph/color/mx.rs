//! MaterialX's colour and utility functions as three.js r187 exports them
//! (`materialx/MaterialXNodes.js`, `MaterialXColor.js`, `MaterialXCore.js`). The noise functions
//! of the same file are in `graph/noise.rs`.
//!
//! three.js's texture-coordinate parameters default to `uv()`; here they are written out (pass
//! `graph.uv()` for the default).

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{Float, Vec2, Vec3};

/// The order of `mx_place2d`'s transforms: MaterialX's `operationorder` input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place2dOrder {
    /// `operationorder = 0`: scale, rotate, then translate.
    Srt,
    /// `operationorder = 1`: translate, rotate, then scale.
    Trs,
}

/// Degrees to radians as three.js's MaterialX rotations write it, `Math.PI / 180` in f64, then f32.
const DEGREES_TO_RADIANS: f32 = (std::f64::consts::PI / 180.0) as f32;

impl NodeGraph {
    /// three.js's `mx_hsvtorgb(hsv)`: HSV (hue in turns, wrapped) to RGB, MaterialX's sextant
    /// formula; a saturation below 0.0001 gives grey `(v, v, v)`.
    pub fn mx_hsvtorgb(&self, hsv: NodeRef) -> NodeRef {
        let [hsv] = self.layout_args("mx_hsvtorgb", [("hsv", Vec3)], [hsv]);
        let [h, s, v] = ["x", "y", "z"].map(|c| self.swizzle(hsv, c));
        let h = self.mul(self.sub(h, self.floor(h)), self.float(6.0));
        // three.js's `int(trunc(h))`: h is in [0, 6], so the float sextant is exact.
        let hi = self.trunc(h);
        let f = self.sub(h, hi);
        let p = self.mul(v, self.one_minus(s));
        let q = self.mul(v, self.one_minus(self.mul(s, f)));
        let t = self.mul(v, self.one_minus(self.mul(s, self.one_minus(f))));
        // The sextants 0 to 4, then the `Else` (5, and 6 when the wrapped hue rounds up to 1).
        let sextants = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v]];
        let mut rgb = self.join(&[v, p, q]);
        for (k, colour) in sextants.iter().enumerate().rev() {
            let here = self.equal(hi, self.float(k as f32));
            rgb = self.select(here, self.join(colour), rgb);
        }
        let grey = self.less_than(s, self.float(0.0001));
        self.select(grey, self.join(&[v, v, v]), rgb)
    }

    /// three.js's `mx_rgbtohsv(c)`: RGB to HSV, hue in turns in [0, 1); black has saturation 0,
    /// and a grey hue 0.
    pub fn mx_rgbtohsv(&self, c: NodeRef) -> NodeRef {
        let [c] = self.layout_args("mx_rgbtohsv", [("c", Vec3)], [c]);
        let [r, g, b] = ["x", "y", "z"].map(|k| self.swizzle(c, k));
        let zero = self.float(0.0);
        let mincomp = self.min(r, self.min(g, b));
        let maxcomp = self.max(r, self.max(g, b));
        let delta = self.sub(maxcomp, mincomp);
        let s = self.select(
            self.greater_than(maxcomp, zero),
            self.div(delta, maxcomp),
            zero,
        );
        let h = self.select(
            self.greater_than_equal(r, maxcomp),
            self.div(self.sub(g, b), delta),
            self.select(
                self.greater_than_equal(g, maxcomp),
                self.add(self.float(2.0), self.div(self.sub(b, r), delta)),
                self.add(self.float(4.0), self.div(self.sub(r, g), delta)),
            ),
        );
        let h = self.mul(h, self.float((1.0f64 / 6.0) as f32));
        let h = self.select(self.less_than(h, zero), self.add(h, self.float(1.0)), h);
        let h = self.select(self.less_than_equal(s, zero), zero, h);
        self.join(&[h, s, maxcomp])
    }

    /// three.js's `mx_contrast(input, amount, pivot)`: `(input - pivot) * amount + pivot`, of the
    /// input as a float (a vector gives its first component, as TSL's `float()`). TSL's defaults
    /// are 1 and 0.5.
    pub fn mx_contrast(&self, input: NodeRef, amount: NodeRef, pivot: NodeRef) -> NodeRef {
        let [input] = self.layout_args("mx_contrast", [("input", Float)], [input]);
        self.add(self.mul(self.sub(input, pivot), amount), pivot)
    }

    /// three.js's `mx_safepower(in1, in2)`: `pow(|in1|, in2) * sign(in1)`, of `in1` as a float.
    /// TSL's default exponent is 1.
    pub fn mx_safepower(&self, in1: NodeRef, in2: NodeRef) -> NodeRef {
        let [in1] = self.layout_args("mx_safepower", [("in1", Float)], [in1]);
        self.mul(self.pow(self.abs(in1), in2), self.sign(in1))
    }

    /// Component `component` of a texture coordinate (converted to a vec2).
    fn mx_coordinate(&self, function: &str, texcoord: NodeRef, component: &str) -> NodeRef {
        let [texcoord] = self.layout_args(function, [("texcoord", Vec2)], [texcoord]);
        self.swizzle(texcoord, component)
    }

    /// three.js's `mx_ramplr(valuel, valuer, texcoord)`: `mix(valuel, valuer, clamp(texcoord.x, 0,
    /// 1))`, a left-to-right ramp. TSL's default texcoord is `uv()`.
    pub fn mx_ramplr(&self, valuel: NodeRef, valuer: NodeRef, texcoord: NodeRef) -> NodeRef {
        let x = self.mx_coordinate("mx_ramplr", texcoord, "x");
        self.mix(
            valuel,
            valuer,
            self.clamp(x, self.float(0.0), self.float(1.0)),
        )
    }

    /// three.js's `mx_ramptb(valueb, valuet, texcoord)`: the bottom-to-top ramp by `texcoord.y`.
    /// TSL's default texcoord is `uv()`.
    pub fn mx_ramptb(&self, valueb: NodeRef, valuet: NodeRef, texcoord: NodeRef) -> NodeRef {
        let y = self.mx_coordinate("mx_ramptb", texcoord, "y");
        self.mix(
            valueb,
            valuet,
            self.clamp(y, self.float(0.0), self.float(1.0)),
        )
    }

    /// three.js's `mx_ramp4(valuetl, valuetr, valuebl, valuebr, texcoord)`: the bilinear ramp
    /// between four corners, by `texcoord` clamped to [0, 1]. TSL's default texcoord is `uv()`.
    pub fn mx_ramp4(
        &self,
        valuetl: NodeRef,
        valuetr: NodeRef,
        valuebl: NodeRef,
        valuebr: NodeRef,
        texcoord: NodeRef,
    ) -> NodeRef {
        let (zero, one) = (self.float(0.0), self.float(1.0));
        let u = self.clamp(self.mx_coordinate("mx_ramp4", texcoord, "x"), zero, one);
        let v = self.clamp(self.mx_coordinate("mx_ramp4", texcoord, "y"), zero, one);
        let top = self.mix(valuetl, valuetr, u);
        let bottom = self.mix(valuebl, valuebr, u);
        self.mix(bottom, top, v)
    }

    /// three.js's `mx_aastep(threshold, value)`: a step at `threshold` smoothed over the value's
    /// screen-space change, `smoothstep(threshold - w, threshold + w, value)` with `w =
    /// length(vec2(dFdx(value), dFdy(value))) * 0.70710678118654757` (1/√2). Both are taken as floats.
    pub fn mx_aastep(&self, threshold: NodeRef, value: NodeRef) -> NodeRef {
        let [threshold, value] = self.layout_args(
            "mx_aastep",
            [("threshold", Float), ("value", Float)],
            [threshold, value],
        );
        let change = self.join(&[self.dfdx(value), self.dfdy(value)]);
        let width = self.mul(
            self.length(change),
            self.float_js(std::f64::consts::FRAC_1_SQRT_2),
        );
        self.smoothstep(
            self.sub(threshold, width),
            self.add(threshold, width),
            value,
        )
    }

    /// three.js's `mx_splitlr(valuel, valuer, center, texcoord)`: `valuel` left of `center`,
    /// `valuer` right of it, by `mx_aastep(center, texcoord.x)`. TSL's default texcoord is `uv()`.
    pub fn mx_splitlr(
        &self,
        valuel: NodeRef,
        valuer: NodeRef,
        center: NodeRef,
        texcoord: NodeRef,
    ) -> NodeRef {
        let x = self.mx_coordinate("mx_splitlr", texcoord, "x");
        self.mix(valuel, valuer, self.mx_aastep(center, x))
    }

    /// three.js's `mx_splittb(valueb, valuet, center, texcoord)`: the split by `texcoord.y`.
    /// TSL's default texcoord is `uv()`.
    pub fn mx_splittb(
        &self,
        valueb: NodeRef,
        valuet: NodeRef,
        center: NodeRef,
        texcoord: NodeRef,
    ) -> NodeRef {
        let y = self.mx_coordinate("mx_splittb", texcoord, "y");
        self.mix(valueb, valuet, self.mx_aastep(center, y))
    }

    /// three.js's `mx_transform_uv(uv_scale, uv_offset, uv_geo)`: `uv_geo * uv_scale +
    /// uv_offset`, in three.js's argument order. TSL's defaults are 1, 0 and `uv()`.
    pub fn mx_transform_uv(
        &self,
        uv_scale: NodeRef,
        uv_offset: NodeRef,
        uv_geo: NodeRef,
    ) -> NodeRef {
        self.add(self.mul(uv_geo, uv_scale), uv_offset)
    }

    /// three.js's `mx_smoothstep(in, low, high)`: MaterialX's smoothstep, a Hermite step whose
    /// range is at least 1e-6 (TSL's `EPSILON`), and `step(high, in)` when `high <= low`. TSL's
    /// defaults are 0 and 1.
    pub fn mx_smoothstep(&self, input: NodeRef, low: NodeRef, high: NodeRef) -> NodeRef {
        let range = self.sub(high, low);
        let safe_range = self.max(self.abs(range), self.float(1e-6));
        let t = self.clamp(
            self.div(self.sub(input, low), safe_range),
            self.float(0.0),
            self.float(1.0),
        );
        let hermite = self.mul(
            self.mul(t, t),
            self.sub(self.float(3.0), self.mul(self.float(2.0), t)),
        );
        let fallback = self.step(high, input);
        let use_fallback = self.step(high, low);
        self.mix(hermite, fallback, use_fallback)
    }

    /// three.js's `mx_rotate2d(input, amount)`: the vec2 rotated by `amount` degrees, MaterialX's
    /// way (`v' = v M`: clockwise for a positive amount). TSL's default amount is 0.
    pub fn mx_rotate2d(&self, input: NodeRef, amount: NodeRef) -> NodeRef {
        let [input, amount] = self.layout_args(
            "mx_rotate2d",
            [("input", Vec2), ("amount", Float)],
            [input, amount],
        );
        let radians = self.mul(amount, self.float(DEGREES_TO_RADIANS));
        let (sa, ca) = (self.sin(radians), self.cos(radians));
        let (x, y) = (self.swizzle(input, "x"), self.swizzle(input, "y"));
        self.join(&[
            self.add(self.mul(ca, x), self.mul(sa, y)),
            self.sub(self.mul(ca, y), self.mul(sa, x)),
        ])
    }

    /// three.js's `mx_rotate3d(input, amount, axis)`: the vec3 rotated by `amount` degrees about
    /// `axis` (normalized), Rodrigues' formula for `v' = v M`. TSL's defaults are 0 and (0, 1, 0).
    pub fn mx_rotate3d(&self, input: NodeRef, amount: NodeRef, axis: NodeRef) -> NodeRef {
        let [input, amount, axis] = self.layout_args(
            "mx_rotate3d",
            [("input", Vec3), ("amount", Float), ("axis", Vec3)],
            [input, amount, axis],
        );
        let n = self.normalize(axis);
        let radians = self.mul(amount, self.float(DEGREES_TO_RADIANS));
        let (s, c) = (self.sin(radians), self.cos(radians));
        let oc = self.sub(self.float(1.0), c);
        let turned = self.add(self.mul(input, c), self.mul(self.cross(input, n), s));
        self.add(turned, self.mul(n, self.mul(self.dot(n, input), oc)))
    }

    /// three.js's `mx_place2d(texcoord, pivot, scale, rotate, offset, operationorder)`: the
    /// texture coordinate placed about `pivot`, `rotate` in degrees, in the order `order`. TSL's
    /// defaults are (0, 0), (1, 1), 0, (0, 0) and [`Place2dOrder::Srt`].
    pub fn mx_place2d(
        &self,
        texcoord: NodeRef,
        pivot: NodeRef,
        scale: NodeRef,
        rotate: NodeRef,
        offset: NodeRef,
        order: Place2dOrder,
    ) -> NodeRef {
        let centered = self.sub(texcoord, pivot);
        match order {
            Place2dOrder::Srt => {
                let turned = self.mx_rotate2d(self.div(centered, scale), rotate);
                self.add(self.sub(turned, offset), pivot)
            }
            Place2dOrder::Trs => {
                let turned = self.mx_rotate2d(self.sub(centered, offset), rotate);
                self.add(self.div(turned, scale), pivot)
            }
        }
    }

    /// three.js's `mx_modulo(in1, in2)`: `in1 - in2 * floor(in1 / in2)`, written out as
    /// three.js does (not GLSL's `mod`). TSL's default `in2` is 1.
    pub fn mx_modulo(&self, in1: NodeRef, in2: NodeRef) -> NodeRef {
        self.sub(in1, self.mul(in2, self.floor(self.div(in1, in2))))
    }

    /// three.js's `mx_invert(in1, amount)`: `amount - in1`. TSL's default amount is 1.
    pub fn mx_invert(&self, in1: NodeRef, amount: NodeRef) -> NodeRef {
        self.sub(amount, in1)
    }

    /// three.js's `mx_ifgreater(value1, value2, in1, in2)`: `in1` where `value1 > value2`, else
    /// `in2`.
    pub fn mx_ifgreater(
        &self,
        value1: NodeRef,
        value2: NodeRef,
        in1: NodeRef,
        in2: NodeRef,
    ) -> NodeRef {
        self.select(self.greater_than(value1, value2), in1, in2)
    }

    /// three.js's `mx_ifgreatereq(value1, value2, in1, in2)`: `in1` where `value1 >= value2`, else
    /// `in2`.
    pub fn mx_ifgreatereq(
        &self,
        value1: NodeRef,
        value2: NodeRef,
        in1: NodeRef,
        in2: NodeRef,
    ) -> NodeRef {
        self.select(self.greater_than_equal(value1, value2), in1, in2)
    }

    /// three.js's `mx_ifequal(value1, value2, in1, in2)`: `in1` where `value1 == value2`, else
    /// `in2`.
    pub fn mx_ifequal(
        &self,
        value1: NodeRef,
        value2: NodeRef,
        in1: NodeRef,
        in2: NodeRef,
    ) -> NodeRef {
        self.select(self.equal(value1, value2), in1, in2)
    }
}

impl NodeGraph {
    /// three.js's `mx_heighttonormal(input, scale, texcoord)`: a normal (encoded `n * 0.5 + 0.5`)
    /// from the screen-space change of a height and of the texture coordinate (the height's
    /// derivatives times `scale / 16`). Where the change gives no normal it is (0, 0, 1); one
    /// pointing down is turned up. TSL's defaults are 1 and `uv()`.
    pub fn mx_heighttonormal(&self, input: NodeRef, scale: NodeRef, texcoord: NodeRef) -> NodeRef {
        let [height, scale, uv] = self.layout_args(
            "mx_heighttonormal",
            [("input", Float), ("scale", Float), ("texcoord", Vec2)],
            [input, scale, texcoord],
        );
        let change = |v| self.join(&[self.dfdx(v), self.dfdy(v)]);
        let dh = self.mul(self.mul(change(height), scale), self.float(1.0 / 16.0));
        let du = change(self.swizzle(uv, "x"));
        let dv = change(self.swizzle(uv, "y"));
        let tangent = self.join(&[
            self.swizzle(du, "x"),
            self.swizzle(dv, "x"),
            self.swizzle(dh, "x"),
        ]);
        let bitangent = self.join(&[
            self.swizzle(du, "y"),
            self.swizzle(dv, "y"),
            self.swizzle(dh, "y"),
        ]);
        let n = self.cross(tangent, bitangent);
        let invalid = self.less_than(self.dot(n, n), self.float(1e-12));
        let n = self.select(invalid, self.vec3(0.0, 0.0, 1.0), n);
        let mirrored = self.less_than(self.swizzle(n, "z"), self.float(0.0));
        let n = self.select(mirrored, self.mul(n, self.float(-1.0)), n);
        self.add(
            self.mul(self.normalize(n), self.float(0.5)),
            self.float(0.5),
        )
    }

    /// three.js's `mx_separate(in, channel)`: one component of a vector, named `x`, `y`, `z`,
    /// `w`, `r`, `g`, `b` or `a`, optionally after `out` (`"outx"`, as MaterialX names its
    /// outputs; case is ignored), or by its index `"0"` to `"3"`. A name that is none of these is
    /// refused (three.js returns the vector itself).
    pub fn mx_separate(&self, input: NodeRef, channel: &str) -> NodeRef {
        let lower = channel.to_ascii_lowercase();
        let name = lower.strip_prefix("out").unwrap_or(&lower);
        let component = match name {
            "x" | "r" | "0" => "x",
            "y" | "g" | "1" => "y",
            "z" | "b" | "2" => "z",
            "w" | "a" | "3" => "w",
            _ => {
                if input.is_refused() {
                    return input;
                }
                return self.refuse_node(
                    "mx_separate",
                    format!("`{channel}` names no channel: x, y, z, w, r, g, b, a (after `out` or not) or 0 to 3"),
                );
            }
        };
        self.swizzle(input, component)
    }
}

/// MaterialX's math nodes that three.js exports as plain aliases of TSL's operators.
macro_rules! mx_aliases {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {
        impl NodeGraph {
            $(
                $(#[$doc])*
                pub fn $name(&self, in1: NodeRef, in2: NodeRef) -> NodeRef {
                    self.$op(in1, in2)
                }
            )*
        }
    };
}

mx_aliases! {
    /// three.js's `mx_add(in1, in2)`: `in1 + in2`. TSL's default `in2` is 0.
    mx_add => add;
    /// three.js's `mx_subtract(in1, in2)`: `in1 - in2`. TSL's default `in2` is 0.
    mx_subtract => sub;
    /// three.js's `mx_multiply(in1, in2)`: `in1 * in2`. TSL's default `in2` is 1.
    mx_multiply => mul;
    /// three.js's `mx_divide(in1, in2)`: `in1 / in2`. TSL's default `in2` is 1.
    mx_divide => div;
    /// three.js's `mx_power(in1, in2)`: `pow(in1, in2)`. TSL's default `in2` is 1.
    mx_power => pow;
    /// three.js's `mx_atan2(in1, in2)`: `atan2(in1, in2)`, the angle of `(in2, in1)`. TSL's
    /// defaults are 0 and 1.
    mx_atan2 => atan2;
}

impl NodeGraph {
    /// three.js's `mx_timer()`: the time in seconds, [`NodeGraph::time`].
    pub fn mx_timer(&self) -> NodeRef {
        self.time()
    }
}
