//! Rect area lights in the physical model: three.js r187's `PhysicalLightingModel.directRectArea`
//! with the LTC functions of `BSDF/LTC.js` (R-RECT-3, docs/requirements.md). The specular lobe is
//! the GGX lobe's linearly transformed cosine (`LTC_1`) with Stephen Hill's Fresnel (`LTC_2`), the
//! diffuse lobe the plain cosine (the identity transform).

use super::ltc::{LTC_1, LTC_2, LTC_SIZE};
use super::physical_full::PhysicalFull;
use super::scalar_models::Surface;
use crate::frame::lights::FrameLights;
use crate::frame::rect_area::RectLight;
use glam::{Mat3, Vec2, Vec3};

/// `LTC_Uv`: the tables' coordinates for a roughness and `dot(n, v)`.
pub(crate) fn ltc_uv(n: Vec3, v: Vec3, roughness: f32) -> Vec2 {
    let scale = (LTC_SIZE as f32 - 1.0) / LTC_SIZE as f32;
    let bias = 0.5 / LTC_SIZE as f32;
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    Vec2::new(roughness, (1.0 - dot_nv).sqrt()) * scale + Vec2::splat(bias)
}

/// `LTC_EdgeVectorFormFactor`: one edge's share of the vector form factor.
fn edge_form_factor(v1: Vec3, v2: Vec3) -> Vec3 {
    let x = v1.dot(v2);
    let y = x.abs();
    // The rational fit of θ / sin θ / 2π.
    let a = (y * 0.0145206 + 0.4965155) * y + 0.8543985;
    let b = (y + 4.1616724) * y + 3.417594;
    let v = a / b;
    let theta_sintheta = if x > 0.0 {
        v
    } else {
        0.5 / (1.0 - x * x).max(1e-7).sqrt() - v
    };
    v1.cross(v2) * theta_sintheta
}

/// `LTC_ClippedSphereFormFactor`: the horizon-clipped form factor of a vector form factor.
fn clipped_sphere_form_factor(f: Vec3) -> f32 {
    let l = f.length();
    ((l * l + f.z) / (l + 1.0)).max(0.0)
}

/// The unit tangent toward the view, `normalize( V - N · dot( V, N ) )`; where the view is along
/// the normal, which three.js normalises to NaN, any tangent (the normal crossed with x, or with y
/// when it is near x) so that the light still shows (docs/differences.md).
pub(crate) fn tangent(n: Vec3, v: Vec3) -> Vec3 {
    let t = v - n * v.dot(n);
    let length_sq = t.dot(t);
    if length_sq > 0.0 {
        return t * (1.0 / length_sq.sqrt());
    }
    let axis = if n.x.abs() < 0.9 { Vec3::X } else { Vec3::Y };
    n.cross(axis).normalize_or_zero()
}

/// Whether `p` is on the lit side of the rectangle `corners` (counter-clockwise seen from that
/// side): `LTC_Evaluate`'s first test.
fn lit_side(p: Vec3, [p0, p1, _, p3]: [Vec3; 4]) -> bool {
    let light_normal = (p1 - p0).cross(p3 - p0);
    light_normal.dot(p - p0) >= 0.0
}

/// `LTC_Evaluate`'s transform: `mInv · transpose( mat3( T1, T2, N ) )`.
fn ltc_transform(n: Vec3, v: Vec3, m_inv: Mat3) -> Mat3 {
    let t1 = tangent(n, v);
    let t2 = -n.cross(t1);
    m_inv * Mat3::from_cols(t1, t2, n).transpose()
}

/// `LTC_Evaluate` past its test: the rectangle `corners` seen from `p` through the transform `m`,
/// projected on the sphere, its vector form factor clipped at the horizon.
fn form_factor(m: Mat3, p: Vec3, corners: [Vec3; 4]) -> f32 {
    let c = corners.map(|corner| (m * (corner - p)).normalize_or_zero());
    let f = edge_form_factor(c[0], c[1])
        + edge_form_factor(c[1], c[2])
        + edge_form_factor(c[2], c[3])
        + edge_form_factor(c[3], c[0]);
    clipped_sphere_form_factor(f)
}

/// `LTC_Evaluate`: the rectangle `corners` (view space, counter-clockwise seen from the lit side)
/// seen from `p` through the inverse transform `m_inv`, zero behind the light's plane.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn ltc_evaluate(n: Vec3, v: Vec3, p: Vec3, m_inv: Mat3, corners: [Vec3; 4]) -> f32 {
    if !lit_side(p, corners) {
        return 0.0;
    }
    form_factor(ltc_transform(n, v, m_inv), p, corners)
}

/// `LTC_Evaluate_Volume` (a VOLUME material's ray step): zero behind the light's plane, else the
/// rectangle `corners` seen from `p` on the unit sphere, the horizon-clipped form factor of the
/// absolute vector form factor.
pub(crate) fn volume_form_factor(p: Vec3, corners: [Vec3; 4]) -> f32 {
    if !lit_side(p, corners) {
        return 0.0;
    }
    let c = corners.map(|corner| (corner - p).normalize_or_zero());
    let f = edge_form_factor(c[0], c[1])
        + edge_form_factor(c[1], c[2])
        + edge_form_factor(c[2], c[3])
        + edge_form_factor(c[3], c[0]);
    clipped_sphere_form_factor(f.abs())
}

/// The light's corners as `directRectArea` orders them.
pub(crate) fn corners(light: &RectLight) -> [Vec3; 4] {
    let (c, w, h) = (light.position, light.half_width, light.half_height);
    [c + w - h, c - w - h, c - w + h, c + w + h]
}

/// What a fragment gives [`RectLobes::new`].
pub(crate) struct RectSurface {
    /// The unit view normal.
    pub normal: Vec3,
    /// The unit direction to the camera.
    pub view_dir: Vec3,
    /// The view-space position.
    pub position: Vec3,
    /// The roughness after `getRoughness`.
    pub roughness: f32,
    /// `specularColorBlended` (the F0 that metalness blends toward the diffuse colour).
    pub specular: Vec3,
    /// `specularF90`: 1 in the batch model; the specular intensity blended toward 1 by the
    /// metalness in the full one.
    pub specular_f90: f32,
    /// `diffuseContribution`: the diffuse colour times one minus the metalness.
    pub diffuse: Vec3,
    /// The clearcoat's roughness after `getRoughness`, with a clearcoat.
    pub clearcoat_roughness: Option<f32>,
    /// `clearcoatNormalView`: the surface's normal unless a clearcoat normal map bends it.
    pub clearcoat_normal: Vec3,
}

/// The inverse transform `mat3(vec3(t.x, 0, t.y), vec3(0, 1, 0), vec3(t.z, 0, t.w))` of an
/// `LTC_1` sample, as columns.
fn inverse_transform(t: glam::Vec4) -> Mat3 {
    Mat3::from_cols(Vec3::new(t.x, 0.0, t.y), Vec3::Y, Vec3::new(t.z, 0.0, t.w))
}

/// What `directRectArea` works out once for a fragment, whatever the light: the lobes' transforms
/// (the table reads at `LTC_Uv`) and Fresnel factors.
pub(crate) struct RectLobes {
    position: Vec3,
    specular: Mat3,
    diffuse: Mat3,
    clearcoat: Option<Mat3>,
    fresnel: Vec3,
    diffuse_color: Vec3,
    clearcoat_fresnel: f32,
}

impl RectLobes {
    /// The lobes of the fragment `s`.
    pub fn new(s: &RectSurface) -> RectLobes {
        let (n, v) = (s.normal, s.view_dir);
        let uv = ltc_uv(n, v, s.roughness);
        let (t1, t2) = (LTC_1.sample(uv), LTC_2.sample(uv));
        let mut clearcoat_fresnel = 0.0;
        let clearcoat = s.clearcoat_roughness.map(|roughness| {
            let ncc = s.clearcoat_normal;
            let uv = ltc_uv(ncc, v, roughness);
            let (t1, t2) = (LTC_1.sample(uv), LTC_2.sample(uv));
            // clearcoatF0 0.04, clearcoatF90 1.
            clearcoat_fresnel = 0.04 * t2.x + (1.0 - 0.04) * t2.y;
            ltc_transform(ncc, v, inverse_transform(t1))
        });
        RectLobes {
            position: s.position,
            specular: ltc_transform(n, v, inverse_transform(t1)),
            diffuse: ltc_transform(n, v, Mat3::IDENTITY),
            clearcoat,
            fresnel: s.specular * t2.x + (Vec3::splat(s.specular_f90) - s.specular) * t2.y,
            diffuse_color: s.diffuse,
            clearcoat_fresnel,
        }
    }

    /// One rect light's (direct diffuse, direct specular, clearcoat specular).
    pub fn light(&self, light: &RectLight) -> [Vec3; 3] {
        let corners = corners(light);
        let p = self.position;
        if !lit_side(p, corners) {
            return [Vec3::ZERO; 3];
        }
        let specular = light.color * self.fresnel * form_factor(self.specular, p, corners);
        let diffuse = light.color * self.diffuse_color * form_factor(self.diffuse, p, corners);
        let clearcoat = self.clearcoat.map_or(Vec3::ZERO, |m| {
            light.color * self.clearcoat_fresnel * form_factor(m, p, corners)
        });
        [diffuse, specular, clearcoat]
    }
}

/// One rect light's (direct diffuse, direct specular, clearcoat specular) at a fragment.
pub(crate) fn direct_rect_area(light: &RectLight, s: &RectSurface) -> [Vec3; 3] {
    RectLobes::new(s).light(light)
}

/// The rect area lights' shares in the full physical model, added to its direct diffuse, direct
/// specular and clearcoat sums (R-RECT-4, docs/requirements.md). three.js r187's
/// `directRectArea` is the same for every physical material: the base's LTC lobe with
/// `specularColorBlended` and `specularF90` (so `ior`, `specularIntensity` and `specularColor`
/// reach it), the plain cosine times `diffuseContribution`, and the clearcoat's lobe about
/// `clearcoatNormalView`. The sheen, the iridescence, the anisotropy and SSS's scattering do not
/// take part (the sheen's energy compensation neither), and no multiple-scattering compensation
/// applies.
pub(crate) fn full_model_rects(
    lights: &FrameLights,
    s: &Surface,
    p: &PhysicalFull,
    (blended, f90): (Vec3, f32),
    [dd, ds, cc]: [&mut Vec3; 3],
) {
    if lights.rects().is_empty() {
        return;
    }
    let lobes = RectLobes::new(&RectSurface {
        normal: s.normal,
        view_dir: s.view_dir,
        position: s.position,
        roughness: p.roughness,
        specular: blended,
        specular_f90: f90,
        diffuse: s.diffuse * (1.0 - p.metalness),
        clearcoat_roughness: p.clearcoat.map(|(_, r)| r),
        clearcoat_normal: p.clearcoat_normal,
    });
    for light in lights.rects() {
        let [d, sp, c] = lobes.light(light);
        *dd += d;
        *ds += sp;
        *cc += c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::PI;

    #[test]
    fn a_large_light_straight_ahead_gives_the_cosine_integral() {
        // The diffuse form factor of a square of half side s at distance 1, seen head-on, is
        // (2/π)·(s/√(1+s²))·atan(s/√(1+s²))·2 … worked instead from the exact polygon form
        // factor: Σ over edges of (angle between corners)·(cross's z, unit) / 2π. For a square
        // of half side 1 at distance 1, each edge subtends acos(1/3) (corners (±1, ±1, 1)/√3 have
        // dot 1/3), and its unit normal's z is 1/√2: F = 4·acos(1/3)·(1/√2)/(2π).
        let light = RectLight {
            position: Vec3::new(0.0, 0.0, 1.0),
            half_width: Vec3::X,
            half_height: Vec3::Y,
            color: Vec3::ONE,
        };
        // The light shines toward −z of its normal (p1 − p0) × (p3 − p0): here (−2x) × (2y) = −4z,
        // so a point at the origin facing +z is lit.
        let f = ltc_evaluate(
            Vec3::Z,
            Vec3::new(0.0, 0.6, 0.8),
            Vec3::ZERO,
            Mat3::IDENTITY,
            corners(&light),
        );
        let exact = 4.0 * (1.0f32 / 3.0).acos() / 2.0f32.sqrt() / (2.0 * PI);
        // The rational fit of θ/sin θ is good to about 1e-3 relative (Hill's fit).
        assert!((f - exact).abs() < 2e-3 * exact, "{f} against {exact}");
        // Behind the light's plane: nothing.
        let behind = ltc_evaluate(
            -Vec3::Z,
            Vec3::new(0.0, 0.6, -0.8),
            Vec3::new(0.0, 0.0, 2.0),
            Mat3::IDENTITY,
            corners(&light),
        );
        assert_eq!(behind, 0.0);
    }

    #[test]
    fn the_uv_is_three_s_scale_and_bias() {
        // LUT_SCALE 63/64, LUT_BIAS 1/128: roughness 1 and dot(n, v) 0 give (127/128, 127/128).
        let uv = ltc_uv(Vec3::Z, Vec3::X, 1.0);
        assert!((uv - Vec2::splat(127.0 / 128.0)).abs().max_element() < 1e-6);
        let uv = ltc_uv(Vec3::Z, Vec3::Z, 0.0);
        assert!((uv - Vec2::splat(1.0 / 128.0)).abs().max_element() < 1e-6);
    }
}
