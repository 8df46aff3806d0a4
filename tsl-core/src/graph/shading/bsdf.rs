//! The BSDF terms of three.js's `functions/BSDF` and `lighting/LightUtils.js`'s
//! `getDistanceAttenuation`, in three's order of operations.

use super::THREE_EPSILON;
use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{self, Float};

/// `1 / π` as three writes it (`1 / Math.PI`, a float32 constant in the shader).
const RECIPROCAL_PI: f32 = std::f32::consts::FRAC_1_PI;

impl NodeGraph {
    /// three.js's `F_Schlick({ f0, f90, dotVH })`: Schlick's Fresnel in Epic's form,
    /// `f0 * (1 - fresnel) + f90 * fresnel` with `fresnel = exp2((dotVH * -5.55473 - 6.98316) *
    /// dotVH)`. three gives it no layout: `f0` and `f90` are floats or vectors (vec3 in its
    /// lighting), `dot_vh` a float.
    pub fn f_schlick(&self, f0: NodeRef, f90: NodeRef, dot_vh: NodeRef) -> NodeRef {
        let t = self.sub(self.mul(dot_vh, self.float(-5.55473)), self.float(6.98316));
        let fresnel = self.exp2(self.mul(t, dot_vh));
        self.add(
            self.mul(f0, self.one_minus(fresnel)),
            self.mul(f90, fresnel),
        )
    }

    /// three.js's `Schlick_to_F0({ f, f90, dotVH })`: the `f0` that `F_Schlick`'s classic form
    /// maps to `f`. Layout: `f` vec3, `f90` and `dot_vh` floats; a vec3.
    pub fn schlick_to_f0(&self, f: NodeRef, f90: NodeRef, dot_vh: NodeRef) -> NodeRef {
        let layout = [
            ("f", f, ValueType::Vec3),
            ("f90", f90, Float),
            ("dotVH", dot_vh, Float),
        ];
        if let Err(refused) = self.layout("schlick_to_f0", &layout) {
            return refused;
        }
        let x = self.saturate(self.one_minus(dot_vh));
        let x2 = self.mul(x, x);
        let x5 = self.clamp(
            self.mul_chain(x, &[x2, x2]),
            self.float(0.0),
            self.float(0.9999),
        );
        let f90 = self.join(&[f90, f90, f90]);
        self.div(self.sub(f, self.mul(f90, x5)), self.one_minus(x5))
    }

    /// three.js's `D_GGX({ alpha, dotNH })`: the GGX normal distribution,
    /// `a² / (1 - dotNH² (1 - a²))² / π` with `a² = alpha²`. Layout: floats.
    pub fn d_ggx(&self, alpha: NodeRef, dot_nh: NodeRef) -> NodeRef {
        if let Err(refused) = self.layout(
            "d_ggx",
            &[("alpha", alpha, Float), ("dotNH", dot_nh, Float)],
        ) {
            return refused;
        }
        let a2 = self.mul(alpha, alpha);
        let denom = self.one_minus(self.mul(self.mul(dot_nh, dot_nh), self.one_minus(a2)));
        self.mul(
            self.div(a2, self.mul(denom, denom)),
            self.float(RECIPROCAL_PI),
        )
    }

    /// three.js's `V_GGX_SmithCorrelated({ alpha, dotNL, dotNV })`: the height-correlated Smith
    /// visibility, `0.5 / max(gv + gl, EPSILON)` (three's `EPSILON`, 1e-6). Layout: floats.
    pub fn v_ggx_smith_correlated(
        &self,
        alpha: NodeRef,
        dot_nl: NodeRef,
        dot_nv: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("alpha", alpha, Float),
            ("dotNL", dot_nl, Float),
            ("dotNV", dot_nv, Float),
        ];
        if let Err(refused) = self.layout("v_ggx_smith_correlated", &layout) {
            return refused;
        }
        let a2 = self.mul(alpha, alpha);
        let g = |a: NodeRef, b: NodeRef| {
            let inner = self.add(a2, self.mul(self.one_minus(a2), self.mul(b, b)));
            self.mul(a, self.sqrt(inner))
        };
        let (gv, gl) = (g(dot_nl, dot_nv), g(dot_nv, dot_nl));
        self.div(
            self.float(0.5),
            self.max(self.add(gv, gl), self.float(THREE_EPSILON)),
        )
    }

    /// three.js's `BRDF_Lambert({ diffuseColor })`: `diffuse_color / π`, of its type.
    pub fn brdf_lambert(&self, diffuse_color: NodeRef) -> NodeRef {
        self.mul(diffuse_color, self.float(RECIPROCAL_PI))
    }

    /// three.js's `D_GGX_Anisotropic({ alphaT, alphaB, dotNH, dotTH, dotBH })`: Filament's
    /// anisotropic GGX distribution. Layout: floats.
    pub fn d_ggx_anisotropic(
        &self,
        alpha_t: NodeRef,
        alpha_b: NodeRef,
        dot_nh: NodeRef,
        dot_th: NodeRef,
        dot_bh: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("alphaT", alpha_t, Float),
            ("alphaB", alpha_b, Float),
            ("dotNH", dot_nh, Float),
            ("dotTH", dot_th, Float),
            ("dotBH", dot_bh, Float),
        ];
        if let Err(refused) = self.layout("d_ggx_anisotropic", &layout) {
            return refused;
        }
        let a2 = self.mul(alpha_t, alpha_b);
        let v = self.join(&[
            self.mul(alpha_b, dot_th),
            self.mul(alpha_t, dot_bh),
            self.mul(a2, dot_nh),
        ]);
        let w2 = self.div(a2, self.dot(v, v));
        self.mul(self.float(RECIPROCAL_PI), self.mul(a2, self.mul(w2, w2)))
    }

    /// three.js's `V_GGX_SmithCorrelated_Anisotropic({ alphaT, alphaB, dotTV, dotBV, dotTL,
    /// dotBL, dotNV, dotNL })`: Filament's anisotropic visibility. Layout: floats.
    #[allow(clippy::too_many_arguments)] // three's eight named inputs, in its order
    pub fn v_ggx_smith_correlated_anisotropic(
        &self,
        alpha_t: NodeRef,
        alpha_b: NodeRef,
        dot_tv: NodeRef,
        dot_bv: NodeRef,
        dot_tl: NodeRef,
        dot_bl: NodeRef,
        dot_nv: NodeRef,
        dot_nl: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("alphaT", alpha_t, Float),
            ("alphaB", alpha_b, Float),
            ("dotTV", dot_tv, Float),
            ("dotBV", dot_bv, Float),
            ("dotTL", dot_tl, Float),
            ("dotBL", dot_bl, Float),
            ("dotNV", dot_nv, Float),
            ("dotNL", dot_nl, Float),
        ];
        if let Err(refused) = self.layout("v_ggx_smith_correlated_anisotropic", &layout) {
            return refused;
        }
        let g = |scale: NodeRef, t: NodeRef, b: NodeRef, n: NodeRef| {
            let v = self.join(&[self.mul(alpha_t, t), self.mul(alpha_b, b), n]);
            self.mul(scale, self.length(v))
        };
        let gv = g(dot_nl, dot_tv, dot_bv, dot_nv);
        let gl = g(dot_nv, dot_tl, dot_bl, dot_nl);
        self.div(
            self.float(0.5),
            self.max(self.add(gv, gl), self.float(THREE_EPSILON)),
        )
    }

    /// three.js's `getDistanceAttenuation({ lightDistance, cutoffDistance, decayExponent })`
    /// (Frostbite's windowed inverse square): `1 / max(d^decay, 0.01)`, times
    /// `saturate(1 - (d / cutoff)⁴)²` where `cutoff > 0`. Layout: floats.
    pub fn get_distance_attenuation(
        &self,
        light_distance: NodeRef,
        cutoff_distance: NodeRef,
        decay_exponent: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("lightDistance", light_distance, Float),
            ("cutoffDistance", cutoff_distance, Float),
            ("decayExponent", decay_exponent, Float),
        ];
        if let Err(refused) = self.layout("get_distance_attenuation", &layout) {
            return refused;
        }
        let falloff =
            self.reciprocal(self.max(self.pow(light_distance, decay_exponent), self.float(0.01)));
        let ratio = self.div(light_distance, cutoff_distance);
        // TSL's pow4 is `x * x * x * x` from the left, not `(x²)²`.
        let r4 = self.mul_chain(ratio, &[ratio, ratio, ratio]);
        let window = self.saturate(self.one_minus(r4));
        let windowed = self.mul(falloff, self.mul(window, window));
        let cut = self.greater_than(cutoff_distance, self.float(0.0));
        self.select(cut, windowed, falloff)
    }
}

impl NodeGraph {
    /// three.js's `BRDF_GGX({ lightDirection, f0, f90, roughness, normalView, viewDirection })`
    /// without its `USE_IRIDESCENCE` and `USE_ANISOTROPY` branches (they read the lighting
    /// model's material state, issue 16; so `f`, used only by the iridescence, is not taken):
    /// `F_Schlick · V_GGX_SmithCorrelated · D_GGX` with `alpha = max(roughness, 0.045)²`,
    /// directions in camera space. TSL's defaults for the last two, written out here:
    /// `normal_view()` and `normalize(-position_view())`. `f0`, `f90` floats or vec3.
    pub fn brdf_ggx(
        &self,
        light_direction: NodeRef,
        f0: NodeRef,
        f90: NodeRef,
        roughness: NodeRef,
        normal_view: NodeRef,
        view_direction: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("lightDirection", light_direction, ValueType::Vec3),
            ("roughness", roughness, Float),
            ("normalView", normal_view, ValueType::Vec3),
            ("viewDirection", view_direction, ValueType::Vec3),
        ];
        if let Err(refused) = self.layout("brdf_ggx", &layout) {
            return refused;
        }
        let floor = self.max(roughness, self.float(0.045));
        let alpha = self.mul(floor, floor);
        let half_dir = self.normalize(self.add(light_direction, view_direction));
        let (zero, one) = (self.float(0.0), self.float(1.0));
        let cos = |a: NodeRef, b: NodeRef| self.clamp(self.dot(a, b), zero, one);
        let dot_nl = cos(normal_view, light_direction);
        let dot_nv = cos(normal_view, view_direction);
        let dot_nh = cos(normal_view, half_dir);
        let dot_vh = cos(view_direction, half_dir);
        let f = self.f_schlick(f0, f90, dot_vh);
        let v = self.v_ggx_smith_correlated(alpha, dot_nl, dot_nv);
        let d = self.d_ggx(alpha, dot_nh);
        self.mul(self.mul(f, v), d)
    }
}
