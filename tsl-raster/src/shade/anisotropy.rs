//! three.js r187's anisotropic GGX (`BSDF/D_GGX_Anisotropic.js`,
//! `BSDF/V_GGX_SmithCorrelated_Anisotropic.js`) and the anisotropy frame of
//! `MeshPhysicalNodeMaterial.setupVariants`.

use glam::{Vec2, Vec3};
use std::f32::consts::PI;

/// The dot products of the anisotropic lobe: each of the light, view and half vector with the
/// anisotropy direction `t` and its bitangent `b`.
pub(crate) struct AnisotropicDots {
    pub dot_tl: f32,
    pub dot_tv: f32,
    pub dot_th: f32,
    pub dot_bl: f32,
    pub dot_bv: f32,
    pub dot_bh: f32,
}

/// `D_GGX_Anisotropic(alphaT, alphaB, dotNH, dotTH, dotBH)`.
pub(crate) fn d_ggx_anisotropic(
    alpha_t: f32,
    alpha_b: f32,
    dot_nh: f32,
    dot_th: f32,
    dot_bh: f32,
) -> f32 {
    let a2 = alpha_t * alpha_b;
    let v = Vec3::new(alpha_b * dot_th, alpha_t * dot_bh, a2 * dot_nh);
    let v2 = v.dot(v);
    let w2 = a2 / v2;
    (1.0 / PI) * (a2 * (w2 * w2))
}

/// `V_GGX_SmithCorrelated_Anisotropic(alphaT, alphaB, dotTV, dotBV, dotTL, dotBL, dotNV, dotNL)`.
pub(crate) fn v_ggx_smith_correlated_anisotropic(
    alpha_t: f32,
    alpha_b: f32,
    d: &AnisotropicDots,
    dot_nv: f32,
    dot_nl: f32,
) -> f32 {
    let gv = dot_nl * Vec3::new(alpha_t * d.dot_tv, alpha_b * d.dot_bv, dot_nv).length();
    let gl = dot_nv * Vec3::new(alpha_t * d.dot_tl, alpha_b * d.dot_bl, dot_nl).length();
    // three's EPSILON, 1e-6.
    0.5 / (gv + gl).max(1e-6)
}

/// The anisotropy of a fragment: `anisotropy` (saturated), the direction `t` and bitangent `b`
/// in view space.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AnisotropyFrame {
    pub strength: f32,
    pub t: Vec3,
    pub b: Vec3,
}

/// `setupVariants`' anisotropy: the vector (`materialAnisotropy`) made a unit direction and a
/// strength, then the direction taken into view space through the TBN frame
/// (`tangent`, `bitangent`).
pub(crate) fn anisotropy_frame(vector: Vec2, tangent: Vec3, bitangent: Vec3) -> AnisotropyFrame {
    let length = vector.length();
    let (dir, strength) = if length == 0.0 {
        (Vec2::new(1.0, 0.0), length)
    } else {
        (vector / Vec2::splat(length), length.clamp(0.0, 1.0))
    };
    AnisotropyFrame {
        strength,
        t: tangent * dir.x + bitangent * dir.y,
        b: bitangent * dir.x - tangent * dir.y,
    }
}

/// `materialAnisotropy`: the material's vector `anisotropy · (cos rotation, sin rotation)`, or
/// with a map's texel (rg a direction, b a strength) that vector's rotation and scale applied
/// to the texel's direction.
pub(crate) fn material_anisotropy(anisotropy: f32, rotation: f32, texel: Option<[f32; 3]>) -> Vec2 {
    let v = Vec2::new(anisotropy * rotation.cos(), anisotropy * rotation.sin());
    match texel {
        None => v,
        Some([r, g, b]) => {
            let polar = (Vec2::new(r, g) * 2.0 - Vec2::ONE).normalize_or_zero() * b;
            // mat2(v.x, v.y, −v.y, v.x) · polar, columns first.
            Vec2::new(v.x * polar.x - v.y * polar.y, v.y * polar.x + v.x * polar.y)
        }
    }
}

/// `alphaT`: the roughness along the direction, `mix(roughness², 1, anisotropy²)`.
pub(crate) fn alpha_t(roughness: f32, strength: f32) -> f32 {
    let r2 = roughness * roughness;
    r2 + (1.0 - r2) * (strength * strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isotropic_alphas_give_the_isotropic_lobe() {
        // With alphaT = alphaB the anisotropic D is D_GGX: for a unit frame (t, b, n),
        // dotTH² + dotBH² + dotNH² = 1.
        let (alpha, nh, th) = (0.3f32, 0.8f32, 0.36f32);
        let bh = (1.0 - nh * nh - th * th).sqrt();
        let aniso = d_ggx_anisotropic(alpha, alpha, nh, th, bh);
        let iso = super::super::brdf::d_ggx(alpha, nh);
        assert!((aniso - iso).abs() < 1e-4 * iso, "{aniso} {iso}");
    }

    #[test]
    fn the_frame_turns_with_the_vector() {
        // A quarter turn: the direction is the bitangent, its bitangent minus the tangent.
        let v = material_anisotropy(0.5, std::f32::consts::FRAC_PI_2, None);
        let f = anisotropy_frame(v, Vec3::X, Vec3::Y);
        assert!((f.strength - 0.5).abs() < 1e-6);
        assert!((f.t - Vec3::Y).length() < 1e-6 && (f.b + Vec3::X).length() < 1e-6);
        // No anisotropy: direction (1, 0), strength 0.
        let f = anisotropy_frame(Vec2::ZERO, Vec3::X, Vec3::Y);
        assert_eq!((f.strength, f.t, f.b), (0.0, Vec3::X, Vec3::Y));
        // alphaT at full strength is 1.
        assert_eq!(alpha_t(0.3, 1.0), 1.0);
    }
}
