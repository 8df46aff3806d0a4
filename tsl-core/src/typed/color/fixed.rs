//! The colour functions whose parameters have fixed types (three.js's layouts).

use super::wrap;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Vec2, Vec3, Vec4};

/// Typed wrappers of graph methods whose parameters and result have fixed types.
macro_rules! fixed_fns {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $T:ident),*) -> $Out:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name($($arg: impl IntoNodeOf<$T>),*) -> Node<$Out> {
            $(let $arg = $arg.into_node_of().node_ref();)*
            wrap(current().$name($($arg),*))
        }
    )*};
}

fixed_fns! {
    /// TSL's `workingLuminanceCoefficients`: Rec. 709's luminance coefficients, those of the
    /// linear sRGB working colour space.
    working_luminance_coefficients() -> Vec3;
    /// TSL's `luminance(color, luminanceCoefficients)`: `dot(color, coefficients)`. TSL's default
    /// coefficients are [`working_luminance_coefficients`]`()`.
    ///
    /// ```
    /// use tsl_core::typed::*;
    /// use tsl_core::{Fragment, OPACITY_NODE, REC709_LUMINANCE_COEFFICIENTS};
    /// let scope = Scope::new();
    /// let white = vec3(1.0, 1.0, 1.0);
    /// scope.opacity_node(luminance(white, working_luminance_coefficients())).unwrap();
    /// let program = scope.compile().unwrap();
    /// let sum: f32 = REC709_LUMINANCE_COEFFICIENTS.iter().sum();
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![sum]));
    /// ```
    luminance(color: Vec3, coefficients: Vec3) -> Float;
    /// TSL's `grayscale(color, luminanceCoefficients)`: the luminance, a float (three r187's
    /// layout). TSL's default coefficients are [`working_luminance_coefficients`]`()`.
    grayscale(color: Vec3, coefficients: Vec3) -> Float;
    /// TSL's `saturation(color, adjustment, luminanceCoefficients)`:
    /// `max(mix(luminance, color, adjustment), 0)`. TSL's defaults are 1 and
    /// [`working_luminance_coefficients`]`()`.
    saturation(color: Vec3, adjustment: Float, coefficients: Vec3) -> Vec3;
    /// TSL's `vibrance(color, adjustment)`: saturates the less saturated colours more. TSL's
    /// default adjustment is 0.
    vibrance(color: Vec3, adjustment: Float) -> Vec3;
    /// TSL's `hue(color, adjustment)`: the colour rotated by `adjustment` radians about the grey
    /// axis, then `max(.., 0)`. TSL's default adjustment is 1.
    hue(color: Vec3, adjustment: Float) -> Vec3;
    /// TSL's `cdl(color, slope, offset, power, saturation, luminanceCoefficients)`: the ASC CDL
    /// v1.2 on the rgb, alpha kept. TSL's defaults are `vec3(1)`, `vec3(0)`, `vec3(1)`, 1 and
    /// [`REC709_LUMINANCE_COEFFICIENTS`](crate::REC709_LUMINANCE_COEFFICIENTS).
    cdl(color: Vec4, slope: Vec3, offset: Vec3, power: Vec3, saturation: Float, coefficients: Vec3) -> Vec4;
    /// The examples' `sepia(color)` (`tsl/display/Sepia.js`): glfx.js's sepia matrix on the rgb,
    /// alpha kept.
    sepia(color: Vec4) -> Vec4;
    /// The examples' `bleach(color, opacity)` (`tsl/display/BleachBypass.js`): the bleach-bypass
    /// look, alpha kept. The example's default opacity is 1.
    bleach(color: Vec4, opacity: Float) -> Vec4;
    /// TSL's `blendBurn(base, blend)`: colour burn, `1 - min(1, (1 - base) / blend)`.
    blend_burn(base: Vec3, blend: Vec3) -> Vec3;
    /// TSL's `blendDodge(base, blend)`: colour dodge, `min(base / (1 - blend), 1)`.
    blend_dodge(base: Vec3, blend: Vec3) -> Vec3;
    /// TSL's `blendScreen(base, blend)`: `1 - (1 - base) * (1 - blend)`.
    blend_screen(base: Vec3, blend: Vec3) -> Vec3;
    /// TSL's `blendOverlay(base, blend)`: multiply below a base of 0.5, screen above.
    blend_overlay(base: Vec3, blend: Vec3) -> Vec3;
    /// TSL's `blendColor(base, blend)`: `blend` over `base`, straight alpha.
    blend_color(base: Vec4, blend: Vec4) -> Vec4;
    /// TSL's `premultiplyAlpha(color)`: `vec4(color.rgb * color.a, color.a)`.
    premultiply_alpha(color: Vec4) -> Vec4;
    /// TSL's `unpremultiplyAlpha(color)`: `vec4(color.rgb / color.a, color.a)`, zero where the
    /// alpha is zero.
    unpremultiply_alpha(color: Vec4) -> Vec4;
    /// TSL's `sRGBTransferOETF(color)`: linear to sRGB-encoded.
    srgb_transfer_oetf(color: Vec3) -> Vec3;
    /// TSL's `sRGBTransferEOTF(color)`: sRGB-encoded to linear.
    srgb_transfer_eotf(color: Vec3) -> Vec3;
    /// TSL's `linearToneMapping(color, exposure)`: `clamp(color * exposure, 0, 1)`.
    linear_tone_mapping(color: Vec3, exposure: Float) -> Vec3;
    /// TSL's `reinhardToneMapping(color, exposure)`.
    reinhard_tone_mapping(color: Vec3, exposure: Float) -> Vec3;
    /// TSL's `cineonToneMapping(color, exposure)`.
    cineon_tone_mapping(color: Vec3, exposure: Float) -> Vec3;
    /// TSL's `acesFilmicToneMapping(color, exposure)`.
    aces_filmic_tone_mapping(color: Vec3, exposure: Float) -> Vec3;
    /// TSL's `agxToneMapping(color, exposure)`.
    agx_tone_mapping(color: Vec3, exposure: Float) -> Vec3;
    /// TSL's `neutralToneMapping(color, exposure)`: Khronos PBR Neutral.
    neutral_tone_mapping(color: Vec3, exposure: Float) -> Vec3;
    /// three.js's `mx_hsvtorgb(hsv)`: HSV (hue in turns) to RGB.
    mx_hsvtorgb(hsv: Vec3) -> Vec3;
    /// three.js's `mx_rgbtohsv(c)`: RGB to HSV, hue in turns in [0, 1).
    mx_rgbtohsv(c: Vec3) -> Vec3;
    /// three.js's `mx_srgb_texture_to_lin_rec709(color)`: MaterialX's sRGB decode.
    mx_srgb_texture_to_lin_rec709(color: Vec3) -> Vec3;
    /// three.js's `mx_contrast(input, amount, pivot)`: `(input - pivot) * amount + pivot`. TSL's
    /// defaults are 1 and 0.5.
    mx_contrast(input: Float, amount: Float, pivot: Float) -> Float;
    /// three.js's `mx_safepower(in1, in2)`: `pow(|in1|, in2) * sign(in1)`. TSL's default exponent
    /// is 1.
    mx_safepower(in1: Float, in2: Float) -> Float;
    /// three.js's `mx_aastep(threshold, value)`: a step at `threshold` smoothed over the value's
    /// change to the neighbouring pixels.
    mx_aastep(threshold: Float, value: Float) -> Float;
    /// three.js's `mx_rotate2d(input, amount)`: rotated by `amount` degrees, MaterialX's way.
    /// TSL's default amount is 0.
    mx_rotate2d(input: Vec2, amount: Float) -> Vec2;
    /// three.js's `mx_rotate3d(input, amount, axis)`: rotated by `amount` degrees about `axis`.
    /// TSL's defaults are 0 and `vec3(0, 1, 0)`.
    mx_rotate3d(input: Vec3, amount: Float, axis: Vec3) -> Vec3;
    /// three.js's `mx_heighttonormal(input, scale, texcoord)`: a normal, encoded `n * 0.5 + 0.5`,
    /// from the screen-space change of a height and of the texture coordinate. TSL's defaults are
    /// 1 and `uv()`.
    mx_heighttonormal(input: Float, scale: Float, texcoord: Vec2) -> Vec3;
    /// three.js's `mx_timer()`: the time in seconds, `time()`.
    mx_timer() -> Float;
}

/// three.js's `mx_place2d(texcoord, pivot, scale, rotate, offset, operationorder)`: the texture
/// coordinate placed about `pivot`, `rotate` in degrees. TSL's defaults are `vec2(0, 0)`,
/// `vec2(1, 1)`, 0, `vec2(0, 0)` and [`Place2dOrder::Srt`](crate::Place2dOrder::Srt).
pub fn mx_place2d(
    texcoord: impl IntoNodeOf<Vec2>,
    pivot: impl IntoNodeOf<Vec2>,
    scale: impl IntoNodeOf<Vec2>,
    rotate: impl IntoNodeOf<Float>,
    offset: impl IntoNodeOf<Vec2>,
    order: crate::Place2dOrder,
) -> Node<Vec2> {
    let (t, p, s) = (
        texcoord.into_node_of(),
        pivot.into_node_of(),
        scale.into_node_of(),
    );
    let (r, o) = (rotate.into_node_of(), offset.into_node_of());
    wrap(current().mx_place2d(
        t.node_ref(),
        p.node_ref(),
        s.node_ref(),
        r.node_ref(),
        o.node_ref(),
        order,
    ))
}
