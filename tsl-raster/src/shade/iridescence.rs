//! three.js r187's thin-film iridescence (`evalIridescence` of `PhysicalLightingModel.js`,
//! after Belcour and Barla 2017) and `BSDF/Schlick_to_F0.js`.

use super::brdf::f_schlick;
use glam::{Mat3, Vec3};
use std::f32::consts::PI;

/// XYZ to linear sRGB (rows as written in three's source, which builds the matrix row by row).
fn xyz_to_rec709() -> Mat3 {
    Mat3::from_cols_array(&[
        3.2404542, -0.969266, 0.0556434, // first column
        -1.5371385, 1.8760108, -0.2040259, // second
        -0.4985314, 0.0415560, 1.0572252, // third
    ])
}

/// `evalSensitivity(OPD, shift)`: the XYZ sensitivity curves in Fourier space, as linear sRGB.
fn eval_sensitivity(opd: f32, shift: Vec3) -> Vec3 {
    let phase = opd * (2.0 * PI * 1.0e-9);
    let val = Vec3::new(5.4856e-13, 4.4201e-13, 5.2481e-13);
    let pos = Vec3::new(1.6810e+06, 1.7953e+06, 2.2084e+06);
    let var = Vec3::new(4.3278e+09, 9.3046e+09, 6.6121e+09);
    let x = (9.7470e-14 * (2.0 * std::f64::consts::PI * 4.5282e+09).sqrt()) as f32
        * (phase * 2.2399e+06 + shift.x).cos()
        * (phase * phase * -4.5282e+09).exp();
    let cos = (pos * phase + shift).to_array().map(f32::cos);
    let exp = (-(phase * phase) * var).to_array().map(f32::exp);
    let sqrt = Vec3::from((var * (2.0 * PI)).to_array().map(f32::sqrt));
    let xyz = val * sqrt * Vec3::from(cos) * Vec3::from(exp);
    let xyz = Vec3::new(xyz.x + x, xyz.y, xyz.z) / 1.0685e-7;
    xyz_to_rec709() * xyz
}

/// `IorToFresnel0(transmittedIor, incidentIor)`.
fn ior_to_fresnel0(transmitted: Vec3, incident: Vec3) -> Vec3 {
    let r = (transmitted - incident) / (transmitted + incident);
    r * r
}

/// `evalIridescence(outsideIOR, eta2, cosTheta1, thinFilmThickness, baseF0)`: the Fresnel
/// reflectance of a film of index `eta2` and `thickness` nanometres over a base of reflectance
/// `base_f0`, seen at `cos_theta1`.
pub(crate) fn eval_iridescence(
    outside_ior: f32,
    eta2: f32,
    cos_theta1: f32,
    thickness: f32,
    base_f0: Vec3,
) -> Vec3 {
    // The film's index goes to the outside's as the film thins to nothing.
    let t = (thickness / 0.03).clamp(0.0, 1.0);
    let smooth = t * t * (3.0 - 2.0 * t);
    let iridescence_ior = outside_ior + (eta2 - outside_ior) * smooth;
    let ratio = outside_ior / iridescence_ior;
    let sin_theta2_sq = ratio * ratio * (1.0 - cos_theta1 * cos_theta1);
    let cos_theta2_sq = 1.0 - sin_theta2_sq;
    // Total internal reflection.
    if cos_theta2_sq < 0.0 {
        return Vec3::ONE;
    }
    let cos_theta2 = cos_theta2_sq.sqrt();
    // First interface.
    let r0 = ior_to_fresnel0(Vec3::splat(iridescence_ior), Vec3::splat(outside_ior)).x;
    let r12 = f_schlick(Vec3::splat(r0), 1.0, cos_theta1);
    let t121 = Vec3::ONE - r12;
    let phi12 = if iridescence_ior < outside_ior {
        PI
    } else {
        0.0
    };
    let phi21 = PI - phi12;
    // Second interface; the base's index guarded against a reflectance of 1.
    let sqrt_f0 = base_f0
        .clamp(Vec3::ZERO, Vec3::splat(0.9999))
        .to_array()
        .map(f32::sqrt);
    let sqrt_f0 = Vec3::from(sqrt_f0);
    let base_ior = (Vec3::ONE + sqrt_f0) / (Vec3::ONE - sqrt_f0);
    let r1 = ior_to_fresnel0(base_ior, Vec3::splat(iridescence_ior));
    let r23 = f_schlick(r1, 1.0, cos_theta2);
    let phi23 = base_ior
        .to_array()
        .map(|b| if b < iridescence_ior { PI } else { 0.0 });
    // Phase shift.
    let opd = iridescence_ior * thickness * cos_theta2 * 2.0;
    let phi = Vec3::splat(phi21) + Vec3::from(phi23);
    // Compound terms.
    let r123 = (r12 * r23).clamp(Vec3::splat(1e-5), Vec3::splat(0.9999));
    let sqrt_r123 = Vec3::from(r123.to_array().map(f32::sqrt));
    let rs = t121 * t121 * r23 / (Vec3::ONE - r123);
    // The m = 0 term, then the pairs m = 1 and 2.
    let mut i = r12 + rs;
    let mut cm = rs - t121;
    for m in 1..=2 {
        let m = m as f32;
        cm *= sqrt_r123;
        let sm = eval_sensitivity(m * opd, m * phi) * 2.0;
        i += cm * sm;
    }
    // Out-of-gamut colours clamped to zero.
    i.max(Vec3::ZERO)
}

/// `Schlick_to_F0(f, f90, dotVH)`: the reflectance at normal incidence that Schlick's form
/// turns into `f` at `dot_vh`.
pub(crate) fn schlick_to_f0(f: Vec3, f90: f32, dot_vh: f32) -> Vec3 {
    let x = (1.0 - dot_vh).clamp(0.0, 1.0);
    let x2 = x * x;
    let x5 = (x * x2 * x2).clamp(0.0, 0.9999);
    (f - Vec3::splat(f90) * x5) / (1.0 - x5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schlick_to_f0_inverts_schlick() {
        let f0 = Vec3::new(0.04, 0.2, 0.6);
        // F_Schlick's pow5 form: f0 + (f90 − f0)·(1 − c)^5.
        let c = 0.6f32;
        let x5 = (1.0 - c).powi(5);
        let f = f0 + (Vec3::ONE - f0) * x5;
        assert!((schlick_to_f0(f, 1.0, c) - f0).length() < 1e-6);
    }

    #[test]
    fn total_internal_reflection_reflects_everything() {
        // From a dense outside into a thin film at a grazing angle.
        assert_eq!(
            eval_iridescence(2.0, 1.0, 0.1, 300.0, Vec3::splat(0.04)),
            Vec3::ONE
        );
    }
}
