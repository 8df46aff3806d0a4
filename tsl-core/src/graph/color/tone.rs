//! The tone-mapping curves of three.js's `display/ToneMappingFunctions.js`, each a node function
//! of `(color, exposure)`, and the `toneMapping` node of `display/ToneMappingNode.js` that picks
//! one by name. The output transform of the renderers applies the same curves to the whole
//! image; these are for a material's own nodes.

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{self, Float, Vec3};

/// A tone-mapping curve, as three.js's tone-mapping constants name them (`NoToneMapping`,
/// `LinearToneMapping`, ...), for [`NodeGraph::tone_mapping`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToneMappingCurve {
    /// `NoToneMapping`: the colour as it is (no exposure either).
    None,
    /// `LinearToneMapping`: [`NodeGraph::linear_tone_mapping`].
    Linear,
    /// `ReinhardToneMapping`: [`NodeGraph::reinhard_tone_mapping`].
    Reinhard,
    /// `CineonToneMapping`: [`NodeGraph::cineon_tone_mapping`].
    Cineon,
    /// `ACESFilmicToneMapping`: [`NodeGraph::aces_filmic_tone_mapping`].
    AcesFilmic,
    /// `AgXToneMapping`: [`NodeGraph::agx_tone_mapping`].
    AgX,
    /// `NeutralToneMapping`: [`NodeGraph::neutral_tone_mapping`].
    Neutral,
}

/// `LINEAR_SRGB_TO_LINEAR_REC2020`, by columns.
const SRGB_TO_REC2020: [[f64; 3]; 3] = [
    [0.6274, 0.0691, 0.0164],
    [0.3293, 0.9195, 0.0880],
    [0.0433, 0.0113, 0.8956],
];

/// `LINEAR_REC2020_TO_LINEAR_SRGB`, by columns.
const REC2020_TO_SRGB: [[f64; 3]; 3] = [
    [1.6605, -0.1246, -0.0182],
    [-0.5876, 1.1329, -0.1006],
    [-0.0728, -0.0083, 1.1187],
];

/// AgX's inset matrix, by columns.
const AGX_INSET: [[f64; 3]; 3] = [
    [0.856627153315983, 0.137318972929847, 0.11189821299995],
    [0.0951212405381588, 0.761241990602591, 0.0767994186031903],
    [0.0482516061458583, 0.101439036467562, 0.811302368396859],
];

/// AgX's outset matrix, by columns.
const AGX_OUTSET: [[f64; 3]; 3] = [
    [
        1.1271005818144368,
        -0.1413297634984383,
        -0.14132976349843826,
    ],
    [
        -0.11060664309660323,
        1.157823702216272,
        -0.11060664309660294,
    ],
    [
        -0.016493938717834573,
        -0.016493938717834257,
        1.2519364065950405,
    ],
];

/// ACES's input matrix (sRGB → XYZ → D65 to D60 → AP1 → RRT_SAT), by columns (three.js writes it
/// by rows, `mat3` of nine numbers being a `Matrix3.set`).
const ACES_INPUT: [[f64; 3]; 3] = [
    [0.59719, 0.07600, 0.02840],
    [0.35458, 0.90834, 0.13383],
    [0.04823, 0.01566, 0.83777],
];

/// ACES's output matrix (ODT_SAT → XYZ → D60 to D65 → sRGB), by columns.
const ACES_OUTPUT: [[f64; 3]; 3] = [
    [1.60475, -0.10208, -0.00327],
    [-0.53108, 1.10813, -0.07276],
    [-0.07367, -0.00605, 1.07602],
];

impl NodeGraph {
    /// The `(color, exposure)` of a tone-mapping curve, converted to its layout.
    fn tone_args(&self, function: &str, color: NodeRef, exposure: NodeRef) -> [NodeRef; 2] {
        self.layout_args(
            function,
            [("color", Vec3), ("exposure", Float)],
            [color, exposure],
        )
    }

    /// TSL's `linearToneMapping(color, exposure)`: `clamp(color * exposure, 0, 1)`.
    pub fn linear_tone_mapping(&self, color: NodeRef, exposure: NodeRef) -> NodeRef {
        let [color, exposure] = self.tone_args("linearToneMapping", color, exposure);
        self.saturate(self.mul(color, exposure))
    }

    /// TSL's `reinhardToneMapping(color, exposure)`: `c / (c + 1)` of `c = color * exposure`,
    /// clamped to [0, 1].
    pub fn reinhard_tone_mapping(&self, color: NodeRef, exposure: NodeRef) -> NodeRef {
        let [color, exposure] = self.tone_args("reinhardToneMapping", color, exposure);
        let c = self.mul(color, exposure);
        self.saturate(self.div(c, self.add(c, self.float(1.0))))
    }

    /// TSL's `cineonToneMapping(color, exposure)`: Hejl and Burgess-Dawson's filmic curve,
    /// `(c (6.2 c + 0.5) / (c (6.2 c + 1.7) + 0.06))^2.2` of `c = max(color * exposure - 0.004, 0)`.
    pub fn cineon_tone_mapping(&self, color: NodeRef, exposure: NodeRef) -> NodeRef {
        let [color, exposure] = self.tone_args("cineonToneMapping", color, exposure);
        let c = self.max(
            self.sub(self.mul(color, exposure), self.float(0.004)),
            self.float(0.0),
        );
        let scaled = self.mul(c, self.float(6.2));
        let a = self.mul(c, self.add(scaled, self.float(0.5)));
        let b = self.add(
            self.mul(c, self.add(scaled, self.float(1.7))),
            self.float(0.06),
        );
        self.pow(self.div(a, b), self.float(2.2))
    }

    /// TSL's `acesFilmicToneMapping(color, exposure)`: Stephen Hill's fit of ACES (the RRT and
    /// ODT between the input and output matrices) of `color * exposure / 0.6`, clamped to [0, 1].
    pub fn aces_filmic_tone_mapping(&self, color: NodeRef, exposure: NodeRef) -> NodeRef {
        let [color, exposure] = self.tone_args("acesFilmicToneMapping", color, exposure);
        let c = self.div(self.mul(color, exposure), self.float(0.6));
        let c = self.mul(self.mat3_js(ACES_INPUT), c);
        // RRTAndODTFit
        let a = self.sub(
            self.mul(c, self.add(c, self.float(0.0245786))),
            self.float(0.000090537),
        );
        let b = self.add(
            self.mul(
                c,
                self.add(self.mul(c, self.float(0.983729)), self.float_js(0.4329510)),
            ),
            self.float(0.238081),
        );
        let c = self.mul(self.mat3_js(ACES_OUTPUT), self.div(a, b));
        self.saturate(c)
    }

    /// TSL's `agxToneMapping(color, exposure)`: Blender's AgX as three.js writes it (to Rec. 2020,
    /// the inset matrix, log2 encoding between -12.47393 and 4.026069 EV, the default contrast
    /// polynomial, the outset matrix, `max(0)^2.2`, back to sRGB, clamped to [0, 1]).
    pub fn agx_tone_mapping(&self, color: NodeRef, exposure: NodeRef) -> NodeRef {
        let [color, exposure] = self.tone_args("agxToneMapping", color, exposure);
        let (min_ev, max_ev) = (self.float(-12.47393), self.float(4.026069));
        let c = self.mul(color, exposure);
        let c = self.mul(self.mat3_js(SRGB_TO_REC2020), c);
        let c = self.mul(self.mat3_js(AGX_INSET), c);
        let c = self.log2(self.max(c, self.float(1e-10)));
        let c = self.div(self.sub(c, min_ev), self.sub(max_ev, min_ev));
        let c = self.clamp(c, self.float(0.0), self.float(1.0));
        let c = self.agx_default_contrast_approx(c);
        let c = self.mul(self.mat3_js(AGX_OUTSET), c);
        let c = self.pow(
            self.max(self.vec3(0.0, 0.0, 0.0), c),
            self.vec3(2.2, 2.2, 2.2),
        );
        let c = self.mul(self.mat3_js(REC2020_TO_SRGB), c);
        self.clamp(c, self.float(0.0), self.float(1.0))
    }

    /// AgX's default contrast polynomial, in three.js's order of operations:
    /// `15.5 x⁶ - 40.14 x⁵ + (31.96 x⁴ - 6.868 x³ + (0.4298 x² + (0.1191 x - 0.00232)))`.
    fn agx_default_contrast_approx(&self, x: NodeRef) -> NodeRef {
        let f = |v| self.float(v);
        let x2 = self.mul(x, x);
        let x4 = self.mul(x2, x2);
        let high = self.sub(
            self.mul(f(15.5), self.mul(x4, x2)),
            self.mul(f(40.14), self.mul(x4, x)),
        );
        let low = self.add(
            self.mul(f(0.4298), x2),
            self.sub(self.mul(f(0.1191), x), f(0.00232)),
        );
        let middle = self.add(
            self.sub(self.mul(f(31.96), x4), self.mul(f(6.868), self.mul(x2, x))),
            low,
        );
        self.add(high, middle)
    }

    /// TSL's `neutralToneMapping(color, exposure)`: Khronos PBR Neutral. Of `c = color *
    /// exposure` less a small offset near black, colours whose peak is below 0.76 are kept; above,
    /// the peak is compressed toward 1 and the colour desaturated toward it.
    pub fn neutral_tone_mapping(&self, color: NodeRef, exposure: NodeRef) -> NodeRef {
        let [color, exposure] = self.tone_args("neutralToneMapping", color, exposure);
        let start = self.float((0.8f64 - 0.04) as f32);
        let desaturation = self.float(0.15);
        let one = self.float(1.0);
        let c = self.mul(color, exposure);
        let [r, g, b] = ["x", "y", "z"].map(|k| self.swizzle(c, k));
        let x = self.min(r, self.min(g, b));
        let offset = self.select(
            self.less_than(x, self.float(0.08)),
            self.sub(x, self.mul(self.float(6.25), self.mul(x, x))),
            self.float(0.04),
        );
        let c = self.sub(c, offset);
        let [r, g, b] = ["x", "y", "z"].map(|k| self.swizzle(c, k));
        let peak = self.max(r, self.max(g, b));
        let d = self.sub(one, start);
        let new_peak = self.sub(
            one,
            self.div(self.mul(d, d), self.add(peak, self.sub(d, start))),
        );
        let compressed = self.mul(c, self.div(new_peak, peak));
        let g = self.sub(
            one,
            self.div(
                one,
                self.add(self.mul(desaturation, self.sub(peak, new_peak)), one),
            ),
        );
        let desaturated = self.mix(compressed, self.join(&[new_peak, new_peak, new_peak]), g);
        // three.js returns early below the start of the compression.
        self.select(self.less_than(peak, start), c, desaturated)
    }

    /// TSL's `toneMapping(mapping, exposure, color)` (and its chain `color.toneMapping(mapping,
    /// exposure)`): the curve named by `mapping` applied to the rgb of a vec3 or vec4 colour, the
    /// alpha kept; [`ToneMappingCurve::None`] gives the colour as it is.
    pub fn tone_mapping(
        &self,
        mapping: ToneMappingCurve,
        exposure: NodeRef,
        color: NodeRef,
    ) -> NodeRef {
        let curve: fn(&NodeGraph, NodeRef, NodeRef) -> NodeRef = match mapping {
            ToneMappingCurve::None => return color,
            ToneMappingCurve::Linear => NodeGraph::linear_tone_mapping,
            ToneMappingCurve::Reinhard => NodeGraph::reinhard_tone_mapping,
            ToneMappingCurve::Cineon => NodeGraph::cineon_tone_mapping,
            ToneMappingCurve::AcesFilmic => NodeGraph::aces_filmic_tone_mapping,
            ToneMappingCurve::AgX => NodeGraph::agx_tone_mapping,
            ToneMappingCurve::Neutral => NodeGraph::neutral_tone_mapping,
        };
        match self.type_of(color) {
            Some(ValueType::Vec4) => self.join(&[
                curve(self, self.swizzle(color, "rgb"), exposure),
                self.swizzle(color, "a"),
            ]),
            _ => curve(self, color, exposure),
        }
    }
}
