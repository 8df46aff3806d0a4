//! The colour-space conversions of three.js's `display/ColorSpaceNode.js` (`convertColorSpace`,
//! `workingToColorSpace`, `colorSpaceToWorking`), between the two colour spaces three.js r187
//! registers by default. Both have Rec. 709 primaries, so a conversion is at most the sRGB
//! transfer function: decode when the source is sRGB, encode when the target is.

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType;

/// A colour space three.js registers by default (`ColorManagement`), as the colour-space nodes
/// name it (`NodeColorSpace`, beside `tsl_raster`'s `ColorSpace` of a texture's data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeColorSpace {
    /// `SRGBColorSpace` (`'srgb'`): Rec. 709 primaries, the sRGB transfer function.
    Srgb,
    /// `LinearSRGBColorSpace` (`'srgb-linear'`): Rec. 709 primaries, linear. three.js's working
    /// colour space, and the one every node computes in here.
    SrgbLinear,
}

impl NodeColorSpace {
    /// The working colour space, three.js's default `ColorManagement.workingColorSpace`.
    pub const WORKING: NodeColorSpace = NodeColorSpace::SrgbLinear;
}

impl NodeGraph {
    /// TSL's `convertColorSpace(color, source, target)`: the colour (a vec3, or a vec4 whose
    /// alpha is kept) from `source` to `target`; the colour itself when they are the same.
    pub fn convert_color_space(
        &self,
        color: NodeRef,
        source: NodeColorSpace,
        target: NodeColorSpace,
    ) -> NodeRef {
        let convert = |rgb| match (source, target) {
            (NodeColorSpace::Srgb, NodeColorSpace::SrgbLinear) => self.srgb_transfer_eotf(rgb),
            (NodeColorSpace::SrgbLinear, NodeColorSpace::Srgb) => self.srgb_transfer_oetf(rgb),
            _ => rgb,
        };
        if source == target {
            return color;
        }
        match self.type_of(color) {
            Some(ValueType::Vec4) => self.join(&[
                convert(self.swizzle(color, "rgb")),
                self.swizzle(color, "a"),
            ]),
            _ => convert(color),
        }
    }

    /// TSL's `workingToColorSpace(color, target)`: [`NodeGraph::convert_color_space`] from
    /// [`NodeColorSpace::WORKING`].
    pub fn working_to_color_space(&self, color: NodeRef, target: NodeColorSpace) -> NodeRef {
        self.convert_color_space(color, NodeColorSpace::WORKING, target)
    }

    /// TSL's `colorSpaceToWorking(color, source)`: [`NodeGraph::convert_color_space`] to
    /// [`NodeColorSpace::WORKING`].
    pub fn color_space_to_working(&self, color: NodeRef, source: NodeColorSpace) -> NodeRef {
        self.convert_color_space(color, source, NodeColorSpace::WORKING)
    }
}
