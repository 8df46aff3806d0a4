//! The BSDF terms and the light's distance attenuation, typed.

use super::typed_shading_fns;
use crate::typed::node::{IntoNode, IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Vec3, Wider, WidthCompatible};

/// three.js's `F_Schlick({ f0, f90, dotVH })`: Schlick's Fresnel in Epic's form,
/// `f0 * (1 - fresnel) + f90 * fresnel`, `fresnel = exp2((dotVH * -5.55473 - 6.98316) * dotVH)`.
/// `f0` and `f90` are floats or vectors (three has no layout; its lighting passes vec3 and float).
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, COLOR_NODE};
/// let scope = Scope::new();
/// // Seen head on (dotVH = 1) the Fresnel term is exp2(-12.53789): almost f0.
/// scope.color_node(f_schlick(vec3(0.04, 0.04, 0.04), 1.0, 1.0)).unwrap();
/// let program = scope.compile().unwrap();
/// let got = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
/// assert!((got[0] - 0.04).abs() < 1e-3);
/// ```
pub fn f_schlick<A: IntoNode, B: IntoNode>(
    f0: A,
    f90: B,
    dot_vh: impl IntoNodeOf<Float>,
) -> Node<Wider<A::Ty, B::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let (f0, f90, dot_vh) = (f0.into_node(), f90.into_node(), dot_vh.into_node_of());
    Node::wrap(current().f_schlick(f0.node_ref(), f90.node_ref(), dot_vh.node_ref()))
}

/// three.js's `BRDF_Lambert({ diffuseColor })`: `diffuse_color / π`, of its type.
pub fn brdf_lambert<A: IntoNode>(diffuse_color: A) -> Node<A::Ty> {
    Node::wrap(current().brdf_lambert(diffuse_color.into_node().node_ref()))
}

typed_shading_fns! {
    /// three.js's `Schlick_to_F0({ f, f90, dotVH })`: the `f0` whose Schlick Fresnel at `dotVH`
    /// is `f`.
    schlick_to_f0(f: Vec3, f90: Float, dot_vh: Float) -> Vec3;
    /// three.js's `D_GGX({ alpha, dotNH })`: the GGX normal distribution, `alpha` the squared
    /// roughness.
    d_ggx(alpha: Float, dot_nh: Float) -> Float;
    /// three.js's `V_GGX_SmithCorrelated({ alpha, dotNL, dotNV })`: the height-correlated Smith
    /// visibility, `0.5 / max(gv + gl, 1e-6)`.
    v_ggx_smith_correlated(alpha: Float, dot_nl: Float, dot_nv: Float) -> Float;
    /// three.js's `D_GGX_Anisotropic({ alphaT, alphaB, dotNH, dotTH, dotBH })`: Filament's
    /// anisotropic GGX distribution.
    d_ggx_anisotropic(alpha_t: Float, alpha_b: Float, dot_nh: Float, dot_th: Float, dot_bh: Float) -> Float;
    /// three.js's `V_GGX_SmithCorrelated_Anisotropic({ alphaT, alphaB, dotTV, dotBV, dotTL,
    /// dotBL, dotNV, dotNL })`: Filament's anisotropic visibility.
    v_ggx_smith_correlated_anisotropic(
        alpha_t: Float, alpha_b: Float, dot_tv: Float, dot_bv: Float,
        dot_tl: Float, dot_bl: Float, dot_nv: Float, dot_nl: Float
    ) -> Float;
    /// three.js's `getDistanceAttenuation({ lightDistance, cutoffDistance, decayExponent })`:
    /// `1 / max(d^decay, 0.01)`, windowed by `saturate(1 - (d / cutoff)⁴)²` where `cutoff > 0`.
    get_distance_attenuation(light_distance: Float, cutoff_distance: Float, decay_exponent: Float) -> Float;
}

typed_shading_fns! {
    /// three.js's `BRDF_EON({ lightDirection, diffuseColor, roughness, normalView,
    /// viewDirection })`: the energy-preserving Oren–Nayar BRDF, directions in camera space.
    /// TSL's defaults for the last two, written out: `normal_view()` and
    /// `normalize(-position_view())` (its `positionViewDirection`).
    brdf_eon(light_direction: Vec3, diffuse_color: Vec3, roughness: Float, normal_view: Vec3, view_direction: Vec3) -> Vec3;
    /// three.js's `EON_DirectionalAlbedo({ diffuseColor, roughness, dotNV })`: `BRDF_EON`'s
    /// albedo seen from `dotNV`.
    eon_directional_albedo(diffuse_color: Vec3, roughness: Float, dot_nv: Float) -> Vec3;
}

/// three.js's `BRDF_GGX({ lightDirection, f0, f90, roughness, normalView, viewDirection })`
/// without its iridescence and anisotropy branches (the lighting model's state, issue 16):
/// `F_Schlick · V_GGX_SmithCorrelated · D_GGX` with `alpha = max(roughness, 0.045)²`. TSL's
/// defaults for the last two, written out: `normal_view()` and `normalize(-position_view())`.
pub fn brdf_ggx<A: IntoNode, B: IntoNode>(
    light_direction: impl IntoNodeOf<Vec3>,
    f0: A,
    f90: B,
    roughness: impl IntoNodeOf<Float>,
    normal_view: impl IntoNodeOf<Vec3>,
    view_direction: impl IntoNodeOf<Vec3>,
) -> Node<Wider<A::Ty, B::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let l = light_direction.into_node_of().node_ref();
    let (f0, f90) = (f0.into_node().node_ref(), f90.into_node().node_ref());
    let r = roughness.into_node_of().node_ref();
    let n = normal_view.into_node_of().node_ref();
    let v = view_direction.into_node_of().node_ref();
    Node::wrap(current().brdf_ggx(l, f0, f90, r, n, v))
}
