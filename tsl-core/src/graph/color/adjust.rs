//! The colour adjustments of three.js's `display/ColorAdjustment.js` and the examples'
//! `tsl/display/Sepia.js` and `BleachBypass.js`.

use super::REC709_LUMINANCE_COEFFICIENTS;
use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{Float, Vec3, Vec4};

impl NodeGraph {
    /// TSL's `workingLuminanceCoefficients`: the luminance coefficients of the working colour
    /// space, which is linear sRGB here as in three.js by default, so
    /// [`REC709_LUMINANCE_COEFFICIENTS`].
    pub fn working_luminance_coefficients(&self) -> NodeRef {
        self.vec3_of(REC709_LUMINANCE_COEFFICIENTS)
    }

    /// TSL's `luminance(color, luminanceCoefficients)`: `dot(color, coefficients)`. TSL's default
    /// coefficients are [`NodeGraph::working_luminance_coefficients`]. A vec4 colour gives its rgb.
    pub fn luminance(&self, color: NodeRef, coefficients: NodeRef) -> NodeRef {
        let [color, coefficients] = self.layout_args(
            "luminance",
            [("color", Vec3), ("luminanceCoefficients", Vec3)],
            [color, coefficients],
        );
        self.dot(color, coefficients)
    }

    /// TSL's `grayscale(color, luminanceCoefficients)`: the luminance of the colour, a float (as
    /// three r187's layout says). TSL's default coefficients are the working colour space's.
    pub fn grayscale(&self, color: NodeRef, coefficients: NodeRef) -> NodeRef {
        let [color, coefficients] = self.layout_args(
            "grayscale",
            [("color", Vec3), ("luminanceCoefficients", Vec3)],
            [color, coefficients],
        );
        self.dot(color, coefficients)
    }

    /// TSL's `saturation(color, adjustment, luminanceCoefficients)`:
    /// `max(mix(luminance, color, adjustment), 0)`. 0 is grey, 1 the colour, above 1 more
    /// saturated. TSL's defaults are 1 and the working colour space's coefficients.
    pub fn saturation(
        &self,
        color: NodeRef,
        adjustment: NodeRef,
        coefficients: NodeRef,
    ) -> NodeRef {
        let [color, adjustment, coefficients] = self.layout_args(
            "saturation",
            [
                ("color", Vec3),
                ("adjustment", Float),
                ("luminanceCoefficients", Vec3),
            ],
            [color, adjustment, coefficients],
        );
        let luma = self.dot(color, coefficients);
        self.max(self.mix(luma, color, adjustment), self.float(0.0))
    }

    /// TSL's `vibrance(color, adjustment)`: saturates the less saturated colours more:
    /// `max(mix(color, mx, (mx - average) * adjustment * -3), 0)` with `mx` the largest channel.
    /// TSL's default adjustment is 0.
    pub fn vibrance(&self, color: NodeRef, adjustment: NodeRef) -> NodeRef {
        let [color, adjustment] = self.layout_args(
            "vibrance",
            [("color", Vec3), ("adjustment", Float)],
            [color, adjustment],
        );
        let [r, g, b] = ["x", "y", "z"].map(|c| self.swizzle(color, c));
        let average = self.div(self.add(self.add(r, g), b), self.float(3.0));
        let mx = self.max(r, self.max(g, b));
        let amount = self.mul(
            self.mul(self.sub(mx, average), adjustment),
            self.float(-3.0),
        );
        self.max(self.mix(color, mx, amount), self.float(0.0))
    }

    /// TSL's `hue(color, adjustment)`: the colour rotated by `adjustment` radians about the grey
    /// axis (Rodrigues' formula about `k = (0.57735, 0.57735, 0.57735)`), then `max(.., 0)`. TSL's
    /// default adjustment is 1.
    pub fn hue(&self, color: NodeRef, adjustment: NodeRef) -> NodeRef {
        let [color, adjustment] = self.layout_args(
            "hue",
            [("color", Vec3), ("adjustment", Float)],
            [color, adjustment],
        );
        let k = self.vec3(0.57735, 0.57735, 0.57735);
        let cos_angle = self.cos(adjustment);
        let along = self.mul(k, self.mul(self.dot(k, color), self.one_minus(cos_angle)));
        let across = self.mul(self.cross(k, color), self.sin(adjustment));
        let rotated = self.add(self.mul(color, cos_angle), self.add(across, along));
        self.max(rotated, self.float(0.0))
    }

    /// TSL's `posterize(source, steps)`: `floor(source * steps) / steps`, of any float or vector
    /// types the operators accept.
    pub fn posterize(&self, source: NodeRef, steps: NodeRef) -> NodeRef {
        self.div(self.floor(self.mul(source, steps)), steps)
    }

    /// TSL's `cdl(color, slope, offset, power, saturation, luminanceCoefficients)`: the ASC CDL
    /// v1.2 as three.js computes it: `v = max(color.rgb * slope + offset, 0)`, `v^power` where `v`
    /// is above zero, then the saturation about the luminance, `max(.., 0)`; alpha is kept. TSL's
    /// defaults are slope 1, offset 0, power 1, saturation 1 and Rec. 709's coefficients
    /// ([`REC709_LUMINANCE_COEFFICIENTS`]; the CDL requires them).
    pub fn cdl(
        &self,
        color: NodeRef,
        slope: NodeRef,
        offset: NodeRef,
        power: NodeRef,
        saturation: NodeRef,
        coefficients: NodeRef,
    ) -> NodeRef {
        let [color, slope, offset, power, saturation, coefficients] = self.layout_args(
            "cdl",
            [
                ("color", Vec4),
                ("slope", Vec3),
                ("offset", Vec3),
                ("power", Vec3),
                ("saturation", Float),
                ("luminanceCoefficients", Vec3),
            ],
            [color, slope, offset, power, saturation, coefficients],
        );
        let (rgb, zero) = (self.swizzle(color, "rgb"), self.float(0.0));
        let luma = self.dot(rgb, coefficients);
        let v = self.max(self.add(self.mul(rgb, slope), offset), zero);
        // three.js assigns `pow(v, power)` per channel only where the channel is above zero.
        let v = self.select(self.greater_than(v, zero), self.pow(v, power), v);
        let v = self.max(
            self.add(luma, self.mul(self.sub(v, luma), saturation)),
            zero,
        );
        self.join(&[v, self.swizzle(color, "a")])
    }

    /// The examples' `sepia(color)` (`tsl/display/Sepia.js`, glfx.js's matrix): each channel a dot
    /// product of the rgb with a row of the sepia matrix; alpha is kept. The colour is a vec4.
    pub fn sepia(&self, color: NodeRef) -> NodeRef {
        let [color] = self.layout_args("sepia", [("color", Vec4)], [color]);
        let c = self.swizzle(color, "rgb");
        let rows = [
            [0.393, 0.769, 0.189],
            [0.349, 0.686, 0.168],
            [0.272, 0.534, 0.131],
        ];
        let [r, g, b] = rows.map(|row| self.dot(c, self.vec3_of(row)));
        self.join(&[r, g, b, self.swizzle(color, "a")])
    }

    /// The examples' `bleach(color, opacity)` (`tsl/display/BleachBypass.js`): the bleach-bypass
    /// look, an overlay of the colour with its own luminance mixed in by `color.a * opacity`;
    /// alpha is kept. The colour is a vec4; the example's default opacity is 1.
    pub fn bleach(&self, color: NodeRef, opacity: NodeRef) -> NodeRef {
        let [base, opacity] = self.layout_args(
            "bleach",
            [("color", Vec4), ("opacity", Float)],
            [color, opacity],
        );
        let (rgb, alpha) = (self.swizzle(base, "rgb"), self.swizzle(base, "a"));
        let lum = self.dot(rgb, self.working_luminance_coefficients());
        let blend = self.join(&[lum, lum, lum]);
        let l = self.min(
            self.float(1.0),
            self.max(
                self.float(0.0),
                self.mul(self.float(10.0), self.sub(lum, self.float(0.45))),
            ),
        );
        let result1 = self.mul(self.mul(blend, rgb), self.float(2.0));
        let result2 = self.one_minus(self.mul(
            self.mul(self.float(2.0), self.one_minus(blend)),
            self.one_minus(rgb),
        ));
        let new_color = self.mix(result1, result2, l);
        let a2 = self.mul(alpha, opacity);
        let mixed = self.add(self.mul(a2, new_color), self.mul(rgb, self.one_minus(a2)));
        self.join(&[mixed, alpha])
    }
}
