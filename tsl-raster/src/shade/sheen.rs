//! three.js r187's sheen lobe (`BSDF/BRDF_Sheen.js`, and `IBLSheenBRDF` of
//! `PhysicalLightingModel.js`): the Charlie distribution, the Neubelt visibility, and the
//! curve fit of the lobe's albedo that takes the sheen's share off the layers under it.

use glam::Vec3;
use std::f32::consts::PI;

/// `D_Charlie(roughness, dotNH)` (Estevez and Kulla 2017).
pub(crate) fn d_charlie(roughness: f32, dot_nh: f32) -> f32 {
    let alpha = roughness * roughness;
    let inv_alpha = 1.0 / alpha;
    let cos2h = dot_nh * dot_nh;
    // 2^(-14/2): three's floor, so that sin2h² stays above zero in half floats.
    let sin2h = (1.0 - cos2h).max(0.0078125);
    (2.0 + inv_alpha) * sin2h.powf(inv_alpha * 0.5) / (2.0 * PI)
}

/// `V_Neubelt(dotNV, dotNL)` (Neubelt and Pettineo 2013), saturated.
pub(crate) fn v_neubelt(dot_nv: f32, dot_nl: f32) -> f32 {
    (1.0 / (4.0 * (dot_nl + dot_nv - dot_nl * dot_nv))).clamp(0.0, 1.0)
}

/// `BRDF_Sheen(L)` with normal `n`, view direction `v`, sheen colour `sheen` and roughness
/// `roughness`.
pub(crate) fn brdf_sheen(l: Vec3, v: Vec3, n: Vec3, sheen: Vec3, roughness: f32) -> Vec3 {
    let h = (l + v).normalize_or_zero();
    let dot_nl = n.dot(l).clamp(0.0, 1.0);
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    let dot_nh = n.dot(h).clamp(0.0, 1.0);
    sheen * d_charlie(roughness, dot_nh) * v_neubelt(dot_nv, dot_nl)
}

/// `IBLSheenBRDF(normal, viewDir, roughness)`: the lobe's albedo seen from `dir`, saturated.
pub(crate) fn ibl_sheen_brdf(n: Vec3, dir: Vec3, roughness: f32) -> f32 {
    let dot_nv = n.dot(dir).clamp(0.0, 1.0);
    let r2 = roughness * roughness;
    let r_inv = 1.0 / (roughness + 0.1);
    let a = -1.9362 + roughness * 1.0678 + r2 * 0.4573 - r_inv * 0.8469;
    let b = -0.6014 + roughness * 0.5538 - r2 * 0.4670 - r_inv * 0.1255;
    (a * dot_nv + b).exp().clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charlie_is_a_distribution_of_its_roughness() {
        // Head-on (dotNH = 1) sin²h is the floor 2^-7; at roughness 1, alpha 1:
        // (2 + 1) · (2^-7)^0.5 / 2π.
        let head_on = d_charlie(1.0, 1.0);
        let expected = 3.0 * (0.0078125f32).sqrt() / (2.0 * PI);
        assert!((head_on - expected).abs() < 1e-6, "{head_on} {expected}");
        // At grazing half vectors (dotNH = 0) sin²h = 1: (2 + 1/α) / 2π.
        let grazing = d_charlie(0.5, 0.0);
        assert!((grazing - 6.0 / (2.0 * PI)).abs() < 1e-5, "{grazing}");
    }

    #[test]
    fn neubelt_is_a_quarter_head_on() {
        // dotNL = dotNV = 1: 1 / (4 · (1 + 1 − 1)).
        assert_eq!(v_neubelt(1.0, 1.0), 0.25);
        // Saturated where the denominator vanishes.
        assert_eq!(v_neubelt(0.0, 0.0), 1.0);
    }

    #[test]
    fn the_albedo_fit_at_roughness_one() {
        // a = −1.9362 + 1.0678 + 0.4573 − 0.8469/1.1, b = −0.6014 + 0.5538 − 0.4670 − 0.1255/1.1
        let a = -1.9362 + 1.0678 + 0.4573 - 0.8469 / 1.1;
        let b = -0.6014 + 0.5538 - 0.4670 - 0.1255 / 1.1;
        let got = ibl_sheen_brdf(Vec3::Z, Vec3::new(0.6, 0.0, 0.8), 1.0);
        assert!((got - (a * 0.8 + b as f32).exp()).abs() < 1e-5, "{got}");
    }
}
