//! The sRGB transfer functions: three.js's `display/ColorSpaceFunctions.js` and MaterialX's
//! `mx_srgb_texture_to_lin_rec709` (`materialx/MaterialXColorTransform.js`).
//!
//! three.js picks between the two segments with a boolean vector (`mix(a, b, bvec3)`, a select in
//! GLSL and WGSL), so a NaN of the segment not taken (`pow` of a negative) does not leak; the
//! nodes here use `select` for the same reason.

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::Vec3;

impl NodeGraph {
    /// TSL's `sRGBTransferOETF(color)`: linear to sRGB-encoded, `1.055 * c^0.41666 - 0.055`, or
    /// `12.92 * c` at or below 0.0031308.
    pub fn srgb_transfer_oetf(&self, color: NodeRef) -> NodeRef {
        let [c] = self.layout_args("sRGBTransferOETF", [("color", Vec3)], [color]);
        let curve = self.sub(
            self.mul(self.pow(c, self.float(0.41666)), self.float(1.055)),
            self.float(0.055),
        );
        let linear = self.mul(c, self.float(12.92));
        self.select(
            self.less_than_equal(c, self.float(0.0031308)),
            linear,
            curve,
        )
    }

    /// TSL's `sRGBTransferEOTF(color)`: sRGB-encoded to linear,
    /// `(c * 0.9478672986 + 0.0521327014)^2.4`, or `c * 0.0773993808` at or below 0.04045.
    pub fn srgb_transfer_eotf(&self, color: NodeRef) -> NodeRef {
        let [c] = self.layout_args("sRGBTransferEOTF", [("color", Vec3)], [color]);
        let curve = self.pow(
            self.add(
                self.mul(c, self.float_js(0.9478672986)),
                self.float_js(0.0521327014),
            ),
            self.float(2.4),
        );
        let linear = self.mul(c, self.float_js(0.0773993808));
        self.select(self.less_than_equal(c, self.float(0.04045)), linear, curve)
    }

    /// three.js's `mx_srgb_texture_to_lin_rec709(color)`: MaterialX's sRGB decode,
    /// `(max(c + 0.055, 0) / 1.055)^2.4` above 0.04045, else `c / 12.92`.
    pub fn mx_srgb_texture_to_lin_rec709(&self, color: NodeRef) -> NodeRef {
        let [c] = self.layout_args("mx_srgb_texture_to_lin_rec709", [("color", Vec3)], [color]);
        let linear = self.div(c, self.float(12.92));
        let shifted = self.max(
            self.add(c, self.vec3(0.055, 0.055, 0.055)),
            self.vec3(0.0, 0.0, 0.0),
        );
        let curve = self.pow(
            self.div(shifted, self.float(1.055)),
            self.vec3(2.4, 2.4, 2.4),
        );
        self.select(
            self.greater_than(c, self.vec3(0.04045, 0.04045, 0.04045)),
            curve,
            linear,
        )
    }
}
