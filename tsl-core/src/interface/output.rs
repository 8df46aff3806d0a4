//! The outputs (R-OUT-1 to R-OUT-9, R-OUT-14 to R-OUT-16, docs/requirements.md): what part of the
//! material's shading each replaces.

use crate::types::ValueType;
use std::fmt;

/// One output of a node graph, three.js's `colorNode` to `depthNode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Output {
    /// `colorNode`: the diffuse colour, which the lights multiply. A vec3, or as TSL's
    /// `vec4(colorNode)` a vec4 whose alpha multiplies the opacity, or a float (all four
    /// components, alpha too) (R-OUT-11).
    Color = 0,
    /// `opacityNode`, float: the alpha.
    Opacity = 1,
    /// `emissiveNode`, vec3: the light the surface gives off.
    Emissive = 2,
    /// `normalNode`, vec3: an offset added to the world-space normal.
    Normal = 3,
    /// `positionNode`, vec3: an offset added to each vertex's local position (runs per vertex).
    Position = 4,
    /// `outputNode`: the finished colour; the only output that may read `lit()`. A vec4 gives
    /// the fragment's alpha, a vec3 alpha 1, as three.js's `vec4(outputNode)` (R-OUT-12).
    Output = 5,
    /// `maskNode`, float: a fragment where it is zero is thrown away.
    Mask = 6,
    /// `aoNode`, float: the ambient occlusion, dimming indirect light.
    Ao = 7,
    /// `depthNode`, float: the fragment's depth, 0 at the near plane and 1 at the far plane.
    Depth = 8,
    /// `receivedShadowNode`, vec3: what a shadowing light's shadow lets through, run once per
    /// light that casts a shadow on the surface; reads the light's shadow as `shadow()`
    /// (R-OUT-14).
    ReceivedShadow = 9,
    /// `castShadowNode`, vec4: a caster's colour and alpha in a transmitted shadow map (R-OUT-14).
    CastShadow = 10,
    /// `thicknessColorNode`, vec3: MeshSSSNodeMaterial's light through the surface; a PHYSICAL
    /// material that sets it scatters light from behind (R-OUT-15).
    ThicknessColor = 11,
    /// `thicknessDistortionNode`, float: how far the normal bends the light through; 0.1 when unset.
    ThicknessDistortion = 12,
    /// `thicknessAmbientNode`, float: the light through that needs no direction; 0 when unset.
    ThicknessAmbient = 13,
    /// `thicknessAttenuationNode`, float: 0.1 when unset.
    ThicknessAttenuation = 14,
    /// `thicknessPowerNode`, float: the exponent of the view term; 2 when unset.
    ThicknessPower = 15,
    /// `thicknessScaleNode`, float: 10 when unset.
    ThicknessScale = 16,
    /// `roughnessNode`, float: replaces a STANDARD or PHYSICAL material's roughness (and its
    /// map's), as three.js r187's `MeshStandardNodeMaterial.setupSpecular` reads it.
    Roughness = 17,
    /// `metalnessNode`, float: replaces a STANDARD or PHYSICAL material's metalness (and its
    /// map's).
    Metalness = 18,
    /// `backdropNode`, vec3: what is seen through the surface, mixed with the lit colour by
    /// [`Output::BackdropAlpha`] (usually reads `viewport_texture(screen_uv())`).
    Backdrop = 19,
    /// `backdropAlphaNode`, float: how much of the backdrop replaces the surface's light; 1 when
    /// unset.
    BackdropAlpha = 20,
    /// `sizeNode`, float: a point's or a sprite's size in pixels, run on the host once per point.
    Size = 21,
    /// `offsetNode`, float: where a volume's ray takes its first step, in steps from its start.
    Offset = 22,
    /// `scatteringNode`, float: a volume's density at each step of its ray.
    Scattering = 23,
    /// `alphaTestNode`, float: replaces the material's `alpha_test` threshold.
    AlphaTest = 24,
}

/// `colorNode`.
pub const COLOR_NODE: Output = Output::Color;
/// `opacityNode`.
pub const OPACITY_NODE: Output = Output::Opacity;
/// `emissiveNode`.
pub const EMISSIVE_NODE: Output = Output::Emissive;
/// `normalNode`.
pub const NORMAL_NODE: Output = Output::Normal;
/// `positionNode`.
pub const POSITION_NODE: Output = Output::Position;
/// `outputNode`.
pub const OUTPUT_NODE: Output = Output::Output;
/// `maskNode`.
pub const MASK_NODE: Output = Output::Mask;
/// `aoNode`.
pub const AO_NODE: Output = Output::Ao;
/// `depthNode`.
pub const DEPTH_NODE: Output = Output::Depth;
/// `receivedShadowNode`.
pub const RECEIVED_SHADOW_NODE: Output = Output::ReceivedShadow;
/// `castShadowNode`.
pub const CAST_SHADOW_NODE: Output = Output::CastShadow;
/// `thicknessColorNode`.
pub const THICKNESS_COLOR_NODE: Output = Output::ThicknessColor;
/// `thicknessDistortionNode`.
pub const THICKNESS_DISTORTION_NODE: Output = Output::ThicknessDistortion;
/// `thicknessAmbientNode`.
pub const THICKNESS_AMBIENT_NODE: Output = Output::ThicknessAmbient;
/// `thicknessAttenuationNode`.
pub const THICKNESS_ATTENUATION_NODE: Output = Output::ThicknessAttenuation;
/// `thicknessPowerNode`.
pub const THICKNESS_POWER_NODE: Output = Output::ThicknessPower;
/// `thicknessScaleNode`.
pub const THICKNESS_SCALE_NODE: Output = Output::ThicknessScale;
/// `roughnessNode`.
pub const ROUGHNESS_NODE: Output = Output::Roughness;
/// `metalnessNode`.
pub const METALNESS_NODE: Output = Output::Metalness;
/// `backdropNode`.
pub const BACKDROP_NODE: Output = Output::Backdrop;
/// `backdropAlphaNode`.
pub const BACKDROP_ALPHA_NODE: Output = Output::BackdropAlpha;
/// `sizeNode`.
pub const SIZE_NODE: Output = Output::Size;
/// `offsetNode`.
pub const OFFSET_NODE: Output = Output::Offset;
/// `scatteringNode`.
pub const SCATTERING_NODE: Output = Output::Scattering;
/// `alphaTestNode`.
pub const ALPHA_TEST_NODE: Output = Output::AlphaTest;

/// How many outputs there are.
pub const OUTPUT_COUNT: usize = 25;

/// How many outputs a program's header has room for: the outputs there are, and slots kept for
/// those to come, so that a new output does not move the header's values.
pub const OUTPUT_SLOTS: usize = 32;

const _: () = assert!(OUTPUT_COUNT <= OUTPUT_SLOTS);

impl Output {
    /// Every output, in the order of their slots in a program's header.
    pub const ALL: [Output; OUTPUT_COUNT] = [
        Output::Color,
        Output::Opacity,
        Output::Emissive,
        Output::Normal,
        Output::Position,
        Output::Output,
        Output::Mask,
        Output::Ao,
        Output::Depth,
        Output::ReceivedShadow,
        Output::CastShadow,
        Output::ThicknessColor,
        Output::ThicknessDistortion,
        Output::ThicknessAmbient,
        Output::ThicknessAttenuation,
        Output::ThicknessPower,
        Output::ThicknessScale,
        Output::Roughness,
        Output::Metalness,
        Output::Backdrop,
        Output::BackdropAlpha,
        Output::Size,
        Output::Offset,
        Output::Scattering,
        Output::AlphaTest,
    ];

    /// The output's own type: what it computes, and what a node of another type
    /// [`accepts`](Output::accepts) becomes (`COLOR_NODE` becomes a vec4 when compiled).
    pub fn value_type(self) -> ValueType {
        match self {
            Output::Opacity
            | Output::Mask
            | Output::Ao
            | Output::Depth
            | Output::ThicknessDistortion
            | Output::ThicknessAmbient
            | Output::ThicknessAttenuation
            | Output::ThicknessPower
            | Output::ThicknessScale
            | Output::Roughness
            | Output::Metalness
            | Output::BackdropAlpha
            | Output::Size
            | Output::Offset
            | Output::Scattering
            | Output::AlphaTest => ValueType::Float,
            Output::CastShadow => ValueType::Vec4,
            Output::Color
            | Output::Emissive
            | Output::Normal
            | Output::Position
            | Output::Output
            | Output::ReceivedShadow
            | Output::ThicknessColor
            | Output::Backdrop => ValueType::Vec3,
        }
    }

    /// Whether a node of type `ty` may be this output: its [`value_type`](Output::value_type),
    /// and for `COLOR_NODE` a float or a vec4 too, as three.js's `vec4(colorNode)` (R-OUT-11),
    /// and for `OUTPUT_NODE` a vec4 (R-OUT-12).
    pub fn accepts(self, ty: ValueType) -> bool {
        ty == self.value_type()
            || (self == Output::Color && matches!(ty, ValueType::Float | ValueType::Vec4))
            || (self == Output::Output && ty == ValueType::Vec4)
    }

    /// The types [`accepts`](Output::accepts) takes, for a refusal's message.
    pub fn accepted_types(self) -> &'static str {
        match self {
            Output::Color => "float, vec3 or vec4",
            Output::Output => "vec3 or vec4",
            _ => match self.value_type() {
                ValueType::Float => "float",
                ValueType::Vec4 => "vec4",
                _ => "vec3",
            },
        }
    }

    /// The constant's name, `COLOR_NODE`.
    pub fn name(self) -> &'static str {
        [
            "COLOR_NODE",
            "OPACITY_NODE",
            "EMISSIVE_NODE",
            "NORMAL_NODE",
            "POSITION_NODE",
            "OUTPUT_NODE",
            "MASK_NODE",
            "AO_NODE",
            "DEPTH_NODE",
            "RECEIVED_SHADOW_NODE",
            "CAST_SHADOW_NODE",
            "THICKNESS_COLOR_NODE",
            "THICKNESS_DISTORTION_NODE",
            "THICKNESS_AMBIENT_NODE",
            "THICKNESS_ATTENUATION_NODE",
            "THICKNESS_POWER_NODE",
            "THICKNESS_SCALE_NODE",
            "ROUGHNESS_NODE",
            "METALNESS_NODE",
            "BACKDROP_NODE",
            "BACKDROP_ALPHA_NODE",
            "SIZE_NODE",
            "OFFSET_NODE",
            "SCATTERING_NODE",
            "ALPHA_TEST_NODE",
            // Invariant: one name per variant, in order (`Output` is a fieldless enum of 25).
        ][self as usize]
    }

    /// The slot of the output in a program's header.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
