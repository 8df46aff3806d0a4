//! three.js's `functions/BSDF/BRDF_EON.js`: the energy-preserving Oren–Nayar diffuse BRDF
//! (Portsmouth et al., "EON", in its Fujii form), and its directional albedo.

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{self, Float, Vec3};
use std::f64::consts::PI;

/// three's `EON_EPSILON`.
const EON_EPSILON: f32 = 1e-7;
/// three's `FON_A_COEFFICIENT`: `0.5 - 2 / (3π)`.
const FON_A: f32 = (0.5 - 2.0 / (3.0 * PI)) as f32;
/// three's `FON_AVERAGE_ALBEDO_COEFFICIENT`: `2/3 - 28 / (15π)`.
const FON_AVERAGE_ALBEDO: f32 = (2.0 / 3.0 - 28.0 / (15.0 * PI)) as f32;
/// `1 / Math.PI` as a float32.
const RECIPROCAL_PI: f32 = (1.0 / PI) as f32;

impl NodeGraph {
    /// three's `FON_DirectionalAlbedo({ mu, roughness, A })`: `A (1 + roughness g(1 - mu) / π)`
    /// with its cubic fit of `g`.
    #[allow(clippy::excessive_precision)] // three's decimals, as it writes them
    fn fon_directional_albedo(&self, mu: NodeRef, roughness: NodeRef, a: NodeRef) -> NodeRef {
        let m = self.one_minus(mu);
        let f = |x: f32| self.float(x);
        let inner = self.sub(self.mul(m, f(0.0714429953)), f(0.332181442));
        let inner = self.add(self.mul(m, inner), f(0.491881867));
        let inner = self.add(self.mul(m, inner), f(0.0571085289));
        let g_over_pi = self.mul(m, inner);
        self.mul(a, self.add(self.mul(roughness, g_over_pi), f(1.0)))
    }

    /// `A = 1 / (1 + roughness FON_A)` and the average albedo `A (1 + roughness FON_AVG)`.
    fn fon_a_and_average(&self, roughness: NodeRef) -> (NodeRef, NodeRef) {
        let one = self.float(1.0);
        let a = self.reciprocal(self.add(self.mul(roughness, self.float(FON_A)), one));
        let average = self.mul(
            a,
            self.add(self.mul(roughness, self.float(FON_AVERAGE_ALBEDO)), one),
        );
        (a, average)
    }

    /// `rho² avg / max(1 - rho (1 - avg), EON_EPSILON)`: the multiple-scattering albedo.
    fn eon_multi_scatter_albedo(&self, rho: NodeRef, average: NodeRef) -> NodeRef {
        let numerator = self.mul(self.mul(rho, rho), average);
        let denominator = self.one_minus(self.mul(rho, self.one_minus(average)));
        self.div(numerator, self.max(denominator, self.float(EON_EPSILON)))
    }

    /// three.js's `BRDF_EON({ lightDirection, diffuseColor, roughness, normalView,
    /// viewDirection })`: the energy-preserving Oren–Nayar BRDF (a vec3), the directions in
    /// camera space. TSL's defaults for the last two, written out here: `normal_view()` and
    /// `positionViewDirection`, which is `normalize(-position_view())`. At `roughness <= 1e-7`
    /// it is Lambert's `diffuse / π`. Types: vec3, vec3, float, vec3, vec3.
    pub fn brdf_eon(
        &self,
        light_direction: NodeRef,
        diffuse_color: NodeRef,
        roughness: NodeRef,
        normal_view: NodeRef,
        view_direction: NodeRef,
    ) -> NodeRef {
        let layout: [(&str, NodeRef, ValueType); 5] = [
            ("lightDirection", light_direction, Vec3),
            ("diffuseColor", diffuse_color, Vec3),
            ("roughness", roughness, Float),
            ("normalView", normal_view, Vec3),
            ("viewDirection", view_direction, Vec3),
        ];
        if let Err(refused) = self.layout("brdf_eon", &layout) {
            return refused;
        }
        let (zero, one, eps) = (self.float(0.0), self.float(1.0), self.float(EON_EPSILON));
        let inv_pi = self.float(RECIPROCAL_PI);
        let rho = self.clamp(diffuse_color, zero, one);
        let dot_nl = self.clamp(self.dot(normal_view, light_direction), zero, one);
        let dot_nv = self.clamp(self.dot(normal_view, view_direction), zero, one);
        let s = self.sub(
            self.dot(light_direction, view_direction),
            self.mul(dot_nl, dot_nv),
        );
        let s_over_t = self.select(
            self.greater_than(s, zero),
            self.div(s, self.max(self.max(dot_nl, dot_nv), eps)),
            s,
        );
        let (a, average) = self.fon_a_and_average(roughness);
        let single = self.mul(
            self.mul(self.mul(rho, inv_pi), a),
            self.add(self.mul(roughness, s_over_t), one),
        );
        let albedo_v = self.fon_directional_albedo(dot_nv, roughness, a);
        let albedo_l = self.fon_directional_albedo(dot_nl, roughness, a);
        let rho_multi = self.eon_multi_scatter_albedo(rho, average);
        let multi = self.mul(
            self.mul(
                self.mul(rho_multi, inv_pi),
                self.max(self.one_minus(albedo_v), eps),
            ),
            self.max(self.one_minus(albedo_l), eps),
        );
        let multi = self.div(multi, self.max(self.one_minus(average), eps));
        let eon = self.add(single, multi);
        self.select(
            self.less_than_equal(roughness, eps),
            self.mul(rho, inv_pi),
            eon,
        )
    }

    /// three.js's `EON_DirectionalAlbedo({ diffuseColor, roughness, dotNV })`: the albedo of
    /// `BRDF_EON` seen from `dotNV` (a vec3); `diffuse_color` itself at `roughness <= 1e-7`.
    /// Layout: vec3, float, float.
    pub fn eon_directional_albedo(
        &self,
        diffuse_color: NodeRef,
        roughness: NodeRef,
        dot_nv: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("diffuseColor", diffuse_color, Vec3),
            ("roughness", roughness, Float),
            ("dotNV", dot_nv, Float),
        ];
        if let Err(refused) = self.layout("eon_directional_albedo", &layout) {
            return refused;
        }
        let (zero, one) = (self.float(0.0), self.float(1.0));
        let rho = self.clamp(diffuse_color, zero, one);
        let (a, average) = self.fon_a_and_average(roughness);
        let albedo = self.fon_directional_albedo(self.clamp(dot_nv, zero, one), roughness, a);
        let rho_multi = self.eon_multi_scatter_albedo(rho, average);
        let eon = self.add(
            self.mul(rho, albedo),
            self.mul(rho_multi, self.one_minus(albedo)),
        );
        let eps = self.float(EON_EPSILON);
        self.select(self.less_than_equal(roughness, eps), rho, eon)
    }
}
