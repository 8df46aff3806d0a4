//! The blend modes of three.js's `display/BlendModes.js` and the alpha premultiplication of
//! `display/PremultiplyAlphaFunctions.js`.

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{Vec3, Vec4};

impl NodeGraph {
    /// The two vec3 colours of a blend mode, converted to its layout.
    fn blend_args(&self, function: &str, base: NodeRef, blend: NodeRef) -> [NodeRef; 2] {
        self.layout_args(function, [("base", Vec3), ("blend", Vec3)], [base, blend])
    }

    /// TSL's `blendBurn(base, blend)`, colour burn: `1 - min(1, (1 - base) / blend)`. A white
    /// blend leaves the base as it is.
    pub fn blend_burn(&self, base: NodeRef, blend: NodeRef) -> NodeRef {
        let [base, blend] = self.blend_args("blendBurn", base, blend);
        self.one_minus(self.min(self.float(1.0), self.div(self.one_minus(base), blend)))
    }

    /// TSL's `blendDodge(base, blend)`, colour dodge: `min(base / (1 - blend), 1)`. A black blend
    /// leaves the base as it is.
    pub fn blend_dodge(&self, base: NodeRef, blend: NodeRef) -> NodeRef {
        let [base, blend] = self.blend_args("blendDodge", base, blend);
        self.min(self.div(base, self.one_minus(blend)), self.float(1.0))
    }

    /// TSL's `blendScreen(base, blend)`: `1 - (1 - base) * (1 - blend)`.
    pub fn blend_screen(&self, base: NodeRef, blend: NodeRef) -> NodeRef {
        let [base, blend] = self.blend_args("blendScreen", base, blend);
        self.one_minus(self.mul(self.one_minus(base), self.one_minus(blend)))
    }

    /// TSL's `blendOverlay(base, blend)`: `2 * base * blend` where the base is below 0.5, else
    /// `1 - 2 * (1 - base) * (1 - blend)` (a `mix` by `step(0.5, base)`, as three.js).
    pub fn blend_overlay(&self, base: NodeRef, blend: NodeRef) -> NodeRef {
        let [base, blend] = self.blend_args("blendOverlay", base, blend);
        let two = self.float(2.0);
        let multiply = self.mul(self.mul(base, two), blend);
        let screen =
            self.one_minus(self.mul(self.mul(self.one_minus(base), two), self.one_minus(blend)));
        self.mix(multiply, screen, self.step(self.float(0.5), base))
    }

    /// TSL's `blendColor(base, blend)`: `blend` over `base`, both vec4 with straight alpha; the
    /// result's alpha is `blend.a + base.a * (1 - blend.a)` and its rgb is divided by it.
    pub fn blend_color(&self, base: NodeRef, blend: NodeRef) -> NodeRef {
        let [base, blend] = self.layout_args(
            "blendColor",
            [("base", Vec4), ("blend", Vec4)],
            [base, blend],
        );
        let (base_a, blend_a) = (self.swizzle(base, "a"), self.swizzle(blend, "a"));
        let out_alpha = self.add(blend_a, self.mul(base_a, self.one_minus(blend_a)));
        let rgb = self.add(
            self.mul(self.swizzle(blend, "rgb"), blend_a),
            self.mul(
                self.mul(self.swizzle(base, "rgb"), base_a),
                self.one_minus(blend_a),
            ),
        );
        self.join(&[self.div(rgb, out_alpha), out_alpha])
    }

    /// TSL's `premultiplyAlpha(color)`: `vec4(color.rgb * color.a, color.a)`.
    pub fn premultiply_alpha(&self, color: NodeRef) -> NodeRef {
        let [color] = self.layout_args("premultiplyAlpha", [("color", Vec4)], [color]);
        let alpha = self.swizzle(color, "a");
        self.join(&[self.mul(self.swizzle(color, "rgb"), alpha), alpha])
    }

    /// TSL's `unpremultiplyAlpha(color)`: `vec4(color.rgb / color.a, color.a)`, and zero where
    /// the alpha is zero.
    pub fn unpremultiply_alpha(&self, color: NodeRef) -> NodeRef {
        let [color] = self.layout_args("unpremultiplyAlpha", [("color", Vec4)], [color]);
        let alpha = self.swizzle(color, "a");
        let divided = self.join(&[self.div(self.swizzle(color, "rgb"), alpha), alpha]);
        let transparent = self.equal(alpha, self.float(0.0));
        self.select(transparent, self.vec4(0.0, 0.0, 0.0, 0.0), divided)
    }
}
