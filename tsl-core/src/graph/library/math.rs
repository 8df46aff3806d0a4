//! `math/MathNode.js`'s functions that are compositions of the graph's operations: `cbrt`,
//! `lengthSq`, `difference`, `pow2`..`pow4`, the hyperbolic functions, `all` and `any`; and
//! TSL's other names for operations the graph has (`mixElement`, `smoothstepElement`,
//! `stepElement`, `split`, `vertexStage`, `uniformTexture`).

use super::{Expect, NodeRef};
use crate::graph::NodeGraph;
use crate::types::{TextureId, ValueType};

/// The components of a float or vector, one node each.
fn components(graph: &NodeGraph, a: NodeRef, ty: ValueType) -> Vec<NodeRef> {
    const NAMES: [&str; 4] = ["x", "y", "z", "w"];
    match ty.width() {
        Some(1) | None => vec![a],
        Some(width) => NAMES[..width].iter().map(|c| graph.swizzle(a, c)).collect(),
    }
}

impl NodeGraph {
    /// TSL's `cbrt(a)`: `sign(a) * pow(abs(a), 1 / 3)`, per component (the exponent is the
    /// float32 nearest a third, as three.js writes it).
    pub fn cbrt(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("cbrt", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let third = self.float((1.0f64 / 3.0) as f32);
        self.mul(self.sign(a), self.pow(self.abs(a), third))
    }

    /// TSL's `lengthSq(a)`: `dot(a, a)`, a float.
    pub fn length_sq(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("length_sq", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        self.dot(a, a)
    }

    /// TSL's `difference(a, b)`: `abs(a - b)`.
    pub fn difference(&self, a: NodeRef, b: NodeRef) -> NodeRef {
        let args = [("a", a, Expect::Numeric), ("b", b, Expect::Numeric)];
        if let Err(e) = self.library_componentwise("difference", &args) {
            return e;
        }
        self.abs(self.sub(a, b))
    }

    /// `x` multiplied by itself `count` times, left to right as TSL's `mul(x, x, ..)` nests.
    fn power(&self, function: &str, x: NodeRef, count: usize) -> NodeRef {
        if let Err(e) = self.library_args(function, &[("x", x, Expect::Numeric)]) {
            return e;
        }
        (1..count).fold(x, |product, _| self.mul(product, x))
    }

    /// TSL's `pow2(x)`: `x * x`.
    pub fn pow2(&self, x: NodeRef) -> NodeRef {
        self.power("pow2", x, 2)
    }

    /// TSL's `pow3(x)`: `(x * x) * x`.
    pub fn pow3(&self, x: NodeRef) -> NodeRef {
        self.power("pow3", x, 3)
    }

    /// TSL's `pow4(x)`: `((x * x) * x) * x`.
    pub fn pow4(&self, x: NodeRef) -> NodeRef {
        self.power("pow4", x, 4)
    }

    /// TSL's `sinh(a)` (GLSL's built-in): `(exp(a) - exp(-a)) / 2`.
    pub fn sinh(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("sinh", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let half = self.float(0.5);
        self.mul(self.sub(self.exp(a), self.exp(self.negate(a))), half)
    }

    /// TSL's `cosh(a)`: `(exp(a) + exp(-a)) / 2`.
    pub fn cosh(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("cosh", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let half = self.float(0.5);
        self.mul(self.add(self.exp(a), self.exp(self.negate(a))), half)
    }

    /// TSL's `tanh(a)`: `1 - 2 / (exp(2a) + 1)`, a form that gives ±1 (not NaN) where `exp`
    /// overflows.
    pub fn tanh(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("tanh", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let (one, two) = (self.float(1.0), self.float(2.0));
        let e2 = self.exp(self.mul(a, two));
        self.sub(one, self.div(two, self.add(e2, one)))
    }

    /// TSL's `asinh(a)`: `sign(a) * log(|a| + sqrt(a² + 1))` (odd by construction, so a negative
    /// `a` loses no digits).
    pub fn asinh(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("asinh", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let m = self.abs(a);
        let root = self.sqrt(self.add(self.mul(m, m), self.float(1.0)));
        self.mul(self.sign(a), self.log(self.add(m, root)))
    }

    /// TSL's `acosh(a)`: `log(a + sqrt(a² - 1))`; NaN below 1, as GLSL leaves it undefined.
    pub fn acosh(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("acosh", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let root = self.sqrt(self.sub(self.mul(a, a), self.float(1.0)));
        self.log(self.add(a, root))
    }

    /// TSL's `atanh(a)`: `log((1 + a) / (1 - a)) / 2`.
    pub fn atanh(&self, a: NodeRef) -> NodeRef {
        if let Err(e) = self.library_args("atanh", &[("a", a, Expect::Numeric)]) {
            return e;
        }
        let one = self.float(1.0);
        let ratio = self.div(self.add(one, a), self.sub(one, a));
        self.mul(self.log(ratio), self.float(0.5))
    }

    /// TSL's `all(a)`: 1 where every component of `a` is not zero, else 0 (a float: the graph's
    /// conditions are floats, where TSL's `all` is a bool of a bvec).
    pub fn all(&self, a: NodeRef) -> NodeRef {
        self.reduce_logic("all", a, NodeGraph::logical_and)
    }

    /// TSL's `any(a)`: 1 where some component of `a` is not zero, else 0.
    pub fn any(&self, a: NodeRef) -> NodeRef {
        self.reduce_logic("any", a, NodeGraph::logical_or)
    }

    fn reduce_logic(
        &self,
        function: &str,
        a: NodeRef,
        join: fn(&NodeGraph, NodeRef, NodeRef) -> NodeRef,
    ) -> NodeRef {
        let ty = match self.library_args(function, &[("a", a, Expect::Numeric)]) {
            Ok(types) => types[0],
            Err(e) => return e,
        };
        let parts = components(self, a, ty);
        match parts.split_first() {
            Some((&first, rest)) if !rest.is_empty() => {
                rest.iter().fold(first, |acc, &c| join(self, acc, c))
            }
            _ => self.not_equal(a, self.float(0.0)),
        }
    }
}

impl NodeGraph {
    /// TSL's `mixElement(t, a, b)`: [`NodeGraph::mix`]`(a, b, t)`, the weight first.
    pub fn mix_element(&self, t: NodeRef, a: NodeRef, b: NodeRef) -> NodeRef {
        self.mix(a, b, t)
    }

    /// TSL's `smoothstepElement(x, low, high)`: [`NodeGraph::smoothstep`]`(low, high, x)`.
    pub fn smoothstep_element(&self, x: NodeRef, low: NodeRef, high: NodeRef) -> NodeRef {
        self.smoothstep(low, high, x)
    }

    /// TSL's `stepElement(x, edge)`: [`NodeGraph::step`]`(edge, x)`.
    pub fn step_element(&self, x: NodeRef, edge: NodeRef) -> NodeRef {
        self.step(edge, x)
    }

    /// TSL's `split(node, channels)`: the components named by `channels`, which is
    /// [`NodeGraph::swizzle`] (`split(v, "zyx")` is `v.zyx`); refuses a pattern swizzle refuses.
    pub fn split(&self, node: NodeRef, channels: &str) -> NodeRef {
        self.swizzle(node, channels)
    }

    /// TSL's `vertexStage(node)`: [`NodeGraph::varying`].
    pub fn vertex_stage(&self, node: NodeRef) -> NodeRef {
        self.varying(node)
    }

    /// TSL's `uniformTexture(value)`: a texture uniform, [`NodeGraph::texture_uniform`]. TSL's
    /// name is optional; here the uniform needs one, by which the renderer binds its map.
    pub fn uniform_texture(&self, name: &str, map: TextureId) -> NodeRef {
        self.texture_uniform(name, map)
    }
}
