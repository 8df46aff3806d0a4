//! Shaping curves and oscillators: `math/MathUtils.js` (`parabola`, `gain`, `pcurve`, `sinc`),
//! `utils/Remap.js` (`remapClamp`), `utils/Oscillators.js` and `math/MathNode.js`'s `rand`.

use super::{Expect, NodeRef, EPSILON, PI, TWO_PI};
use crate::graph::NodeGraph;
use crate::types::ValueType;

impl NodeGraph {
    /// TSL's `parabola(x, k)`: `pow(4 * (x * (1 - x)), k)`, 0 at both ends and 1 at the middle.
    pub fn parabola(&self, x: NodeRef, k: NodeRef) -> NodeRef {
        let args = [("x", x, Expect::Numeric), ("k", k, Expect::Numeric)];
        if let Err(e) = self.library_componentwise("parabola", &args) {
            return e;
        }
        let inner = self.mul(x, self.sub(self.float(1.0), x));
        self.pow(self.mul(self.float(4.0), inner), k)
    }

    /// TSL's `gain(x, k)`: `pow(2x, k) / 2` below a half, `1 - pow(2(1 - x), k) / 2` from there.
    pub fn gain(&self, x: NodeRef, k: NodeRef) -> NodeRef {
        let args = [("x", x, Expect::Numeric), ("k", k, Expect::Numeric)];
        if let Err(e) = self.library_componentwise("gain", &args) {
            return e;
        }
        let (half, one, two) = (self.float(0.5), self.float(1.0), self.float(2.0));
        let low = self.mul(self.pow(self.mul(two, x), k), half);
        let high_pow = self.pow(self.mul(two, self.sub(one, x)), k);
        let high = self.sub(one, self.mul(high_pow, half));
        self.select(self.less_than(x, half), low, high)
    }

    /// TSL's `pcurve(x, a, b)`: `pow(x^a / (x^a + (1 - x)^b), 1 / a)`.
    pub fn pcurve(&self, x: NodeRef, a: NodeRef, b: NodeRef) -> NodeRef {
        let args = [
            ("x", x, Expect::Numeric),
            ("a", a, Expect::Numeric),
            ("b", b, Expect::Numeric),
        ];
        if let Err(e) = self.library_componentwise("pcurve", &args) {
            return e;
        }
        let one = self.float(1.0);
        // three.js writes `pow(x, a)` twice; both are the same node here.
        let xa = self.pow(x, a);
        let denominator = self.add(xa, self.pow(self.sub(one, x), b));
        self.pow(self.div(xa, denominator), self.div(one, a))
    }

    /// TSL's `sinc(x, k)`: `sin(t) / t` with `t = max(|π (k x - 1)|, EPSILON)`.
    pub fn sinc(&self, x: NodeRef, k: NodeRef) -> NodeRef {
        let args = [("x", x, Expect::Numeric), ("k", k, Expect::Numeric)];
        if let Err(e) = self.library_componentwise("sinc", &args) {
            return e;
        }
        let shifted = self.sub(self.mul(k, x), self.float(1.0));
        let arg = self.max(
            self.abs(self.mul(self.float(PI), shifted)),
            self.float(EPSILON),
        );
        self.div(self.sin(arg), arg)
    }

    /// TSL's `remapClamp(x, in_low, in_high, out_low, out_high)`: [`NodeGraph::remap`] with the
    /// ratio clamped to [0, 1] first (TSL's defaults for the output range are 0 and 1).
    pub fn remap_clamp(
        &self,
        x: NodeRef,
        in_low: NodeRef,
        in_high: NodeRef,
        out_low: NodeRef,
        out_high: NodeRef,
    ) -> NodeRef {
        let args = [
            ("node", x, Expect::Numeric),
            ("inLow", in_low, Expect::Numeric),
            ("inHigh", in_high, Expect::Numeric),
            ("outLow", out_low, Expect::Numeric),
            ("outHigh", out_high, Expect::Numeric),
        ];
        if let Err(e) = self.library_componentwise("remap_clamp", &args) {
            return e;
        }
        let t = self.saturate(self.div(self.sub(x, in_low), self.sub(in_high, in_low)));
        self.add(self.mul(t, self.sub(out_high, out_low)), out_low)
    }

    /// TSL's `rand(uv)` of a vec2: `fract(sin(mod(dot(uv, (12.9898, 78.233)), π)) * 43758.5453)`,
    /// a value in [0, 1).
    pub fn rand(&self, uv: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("rand", &[("uv", uv, Expect::Is(ValueType::Vec2))]) {
            return e;
        }
        let dt = self.dot(uv, self.vec2(12.9898, 78.233));
        let sn = self.modulo(dt, self.float(PI));
        // three.js's 43758.5453, as a float32.
        let scale = self.float(43_758.547);
        self.fract(self.mul(self.sin(sn), scale))
    }

    /// TSL's `oscSine(t)`: `sin((t + 0.75) · 2π) / 2 + 1/2`, 0 at whole `t` (TSL's default `t` is
    /// `time`: pass `graph.time()`).
    pub fn osc_sine(&self, t: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("osc_sine", &[("t", t, Expect::Numeric)]) {
            return e;
        }
        let phase = self.mul(self.add(t, self.float(0.75)), self.float(TWO_PI));
        let half = self.float(0.5);
        self.add(self.mul(self.sin(phase), half), half)
    }

    /// TSL's `oscSquare(t)`: `round(fract(t))` (default `t`: `time`).
    pub fn osc_square(&self, t: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("osc_square", &[("t", t, Expect::Numeric)]) {
            return e;
        }
        self.round(self.fract(t))
    }

    /// TSL's `oscTriangle(t)`: `|fract(t + 0.5) · 2 - 1|` (default `t`: `time`).
    pub fn osc_triangle(&self, t: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("osc_triangle", &[("t", t, Expect::Numeric)]) {
            return e;
        }
        let f = self.fract(self.add(t, self.float(0.5)));
        self.abs(self.sub(self.mul(f, self.float(2.0)), self.float(1.0)))
    }

    /// TSL's `oscSawtooth(t)`: `fract(t)` (default `t`: `time`).
    pub fn osc_sawtooth(&self, t: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("osc_sawtooth", &[("t", t, Expect::Numeric)]) {
            return e;
        }
        self.fract(t)
    }
}
