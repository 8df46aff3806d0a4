//! The lighting models of three.js r187's node materials (R-RAST-4, docs/requirements.md), one
//! fragment at a time: Lambert and Blinn-Phong (`PhongLightingModel`), which the lighting stage
//! runs so, and the physical model of MeshStandard and MeshPhysical with the DFG table,
//! multiple-scattering compensation and clearcoat, the scalar reference that [`super::physical`]
//! (the batch at once) is tested against. No environment map, so the indirect specular is zero.

use super::backdrop::backdrop_share;
use super::brdf::{brdf_ggx, d_ggx, dfg, f_schlick, fresnel_factor, v_ggx_smith_correlated};
use super::rect_area::{direct_rect_area, RectSurface};
use crate::frame::lights::FrameLights;
use glam::Vec3;
use std::f32::consts::PI;

/// What the lights need to know of a fragment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Surface {
    /// The unit normal in view space (after normal maps and the normal node).
    pub normal: Vec3,
    /// The unit normal in world space (the hemisphere lights read it).
    pub normal_world: Vec3,
    /// The unit direction toward the camera, in view space.
    pub view_dir: Vec3,
    /// The position in view space.
    pub position: Vec3,
    /// The diffuse colour.
    pub diffuse: Vec3,
    /// The ambient occlusion (1: none).
    pub ao: f32,
}

/// `PhongLightingModel(specular)`: Lambert diffuse, and Blinn-Phong specular when `specular` is
/// given as (colour, shininess); a `backdrop` (colour, alpha) mixed into the diffuse light
/// (shade/backdrop.rs); `shadow(i)` multiplies the `i`-th direct light's colour (its shadow
/// factor, 1 without one).
pub(crate) fn phong(
    lights: &FrameLights,
    s: &Surface,
    specular: Option<(Vec3, f32)>,
    backdrop: Option<(Vec3, f32)>,
    shadow: impl Fn(usize) -> Vec3,
) -> Vec3 {
    let mut direct_diffuse = Vec3::ZERO;
    let mut direct_specular = Vec3::ZERO;
    lights.each_direct_indexed(s.position, |i, l, color| {
        // Where the light is behind the surface its share is zero whatever the shadow.
        let color = if s.normal.dot(l) > 0.0 {
            color * shadow(i)
        } else {
            color
        };
        let irradiance = s.normal.dot(l).clamp(0.0, 1.0) * color;
        direct_diffuse += irradiance * s.diffuse / PI;
        if let Some((specular_color, shininess)) = specular {
            let shininess = shininess.max(1e-4);
            let h = (l + s.view_dir).normalize_or_zero();
            let dot_nh = s.normal.dot(h).clamp(0.0, 1.0);
            let dot_vh = s.view_dir.dot(h).clamp(0.0, 1.0);
            let f = f_schlick(specular_color, 1.0, dot_vh);
            let d = (shininess * 0.5 + 1.0) * (1.0 / PI) * dot_nh.powf(shininess);
            direct_specular += irradiance * f * 0.25 * d;
        }
    });
    let indirect_diffuse = lights.irradiance(s.normal_world) * s.diffuse / PI * s.ao;
    let diffuse = direct_diffuse + indirect_diffuse;
    diffuse + backdrop_share(backdrop, diffuse) + direct_specular
}

/// The physical model's parameters.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct Physical {
    /// The roughness after `getRoughness` (clamped and with the geometry's roughness added).
    pub roughness: f32,
    pub metalness: f32,
    /// (strength, roughness after `getRoughness`) of a clearcoat layer.
    pub clearcoat: Option<(f32, f32)>,
}

/// `PhysicalLightingModel` with `specularColor = 0.04` and `specularF90 = 1` (MeshStandard, and
/// MeshPhysical at its default ior and specular intensity), one fragment at a time: the reference
/// that `shade::physical::physical_lanes`, which the renderer runs, is tested against.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn physical(lights: &FrameLights, s: &Surface, p: &Physical) -> Vec3 {
    let n = s.normal;
    let v = s.view_dir;
    let f0 = Vec3::splat(0.04);
    let f90 = 1.0;
    let blended = f0.lerp(s.diffuse, p.metalness);
    let contribution = s.diffuse * (1.0 - p.metalness);
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    let alpha = p.roughness.max(0.045).powi(2);
    let ab = dfg(p.roughness, dot_nv);
    let ess = ab.x + ab.y;
    let compensation = blended * (1.0 / ess - 1.0) + 1.0;
    // computeMultiscattering for the dielectric lobe.
    let fss_ess = f0 * ab.x + Vec3::splat(f90 * ab.y);
    let ems = 1.0 - ess;
    let favg = f0 + (1.0 - f0) * 0.047619;
    let fms = fss_ess * favg / (1.0 - ems * favg);
    let single = fss_ess;
    let multi = fms * ems;

    let mut direct_diffuse = Vec3::ZERO;
    let mut direct_specular = Vec3::ZERO;
    let mut clearcoat_specular = Vec3::ZERO;
    lights.each_direct(s.position, |l, color| {
        let irradiance = n.dot(l).clamp(0.0, 1.0) * color;
        if let Some((_, cc_roughness)) = p.clearcoat {
            let cc_irradiance = n.dot(l).clamp(0.0, 1.0) * color;
            clearcoat_specular += cc_irradiance * brdf_ggx(l, v, n, f0, 1.0, cc_roughness);
        }
        // BRDF_GGX(L, f0 = specularColorBlended), and F_Schlick(specularColor) of the same half
        // vector for the diffuse share: one Fresnel factor serves both.
        let h = (l + v).normalize_or_zero();
        let dot_nl = n.dot(l).clamp(0.0, 1.0);
        let dot_nh = n.dot(h).clamp(0.0, 1.0);
        let dot_vh = v.dot(h).clamp(0.0, 1.0);
        let fresnel = fresnel_factor(dot_vh);
        let f = f0 * (1.0 - fresnel) + Vec3::splat(f90 * fresnel);
        let f_blended = blended * (1.0 - fresnel) + Vec3::splat(f90 * fresnel);
        let specular =
            f_blended * v_ggx_smith_correlated(alpha, dot_nl, dot_nv) * d_ggx(alpha, dot_nh);
        direct_diffuse += irradiance * (contribution / PI) * (1.0 - f);
        direct_specular += irradiance * specular * compensation;
    });
    for light in lights.rects() {
        let [dd, ds, cc] = direct_rect_area(
            light,
            &RectSurface {
                normal: n,
                view_dir: v,
                position: s.position,
                roughness: p.roughness,
                specular: blended,
                specular_f90: f90,
                diffuse: contribution,
                clearcoat_roughness: p.clearcoat.map(|(_, r)| r),
                clearcoat_normal: n,
            },
        );
        direct_diffuse += dd;
        direct_specular += ds;
        clearcoat_specular += cc;
    }
    let irradiance = lights.irradiance(s.normal_world);
    let indirect_diffuse = irradiance * (contribution / PI) * (1.0 - (single + multi)) * s.ao;
    let mut outgoing = direct_diffuse + indirect_diffuse + direct_specular;
    if let Some((strength, _)) = p.clearcoat {
        let fcc = f_schlick(f0, 1.0, dot_nv);
        outgoing = outgoing * (1.0 - strength * fcc) + clearcoat_specular * strength;
    }
    outgoing
}

/// `getRoughness`: `min(max(r, 0.045) + geometryRoughness, 1)`.
pub(crate) fn final_roughness(roughness: f32, geometry_roughness: f32) -> f32 {
    (roughness.max(0.045) + geometry_roughness).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Light;
    use glam::Mat4;
    use tsl_core::Color;

    fn facing(diffuse: Vec3) -> Surface {
        Surface {
            normal: Vec3::Z,
            normal_world: Vec3::Z,
            view_dir: Vec3::Z,
            position: Vec3::new(0.0, 0.0, -3.0),
            diffuse,
            ao: 1.0,
        }
    }

    #[test]
    fn lambert_under_a_head_on_light_is_albedo_over_pi() {
        let lights = FrameLights::new(
            &[Light::directional(
                Color::WHITE,
                2.0,
                Vec3::new(0.0, 0.0, 5.0),
            )],
            Mat4::IDENTITY,
        );
        let c = phong(&lights, &facing(Vec3::splat(0.5)), None, None, |_| {
            Vec3::ONE
        });
        assert!((c - Vec3::splat(2.0 * 0.5 / PI)).length() < 1e-6, "{c}");
    }

    #[test]
    fn ambient_light_goes_through_lambert_and_ao() {
        let lights = FrameLights::new(&[Light::ambient(Color::WHITE, 1.0)], Mat4::IDENTITY);
        let mut s = facing(Vec3::ONE);
        s.ao = 0.5;
        let c = phong(&lights, &s, None, None, |_| Vec3::ONE);
        assert!((c - Vec3::splat(0.5 / PI)).length() < 1e-6, "{c}");
    }

    #[test]
    fn the_physical_model_loses_the_specular_share_of_the_ambient() {
        let lights = FrameLights::new(&[Light::ambient(Color::WHITE, 1.0)], Mat4::IDENTITY);
        let p = Physical {
            roughness: 1.0,
            metalness: 0.0,
            clearcoat: None,
        };
        let c = physical(&lights, &facing(Vec3::ONE), &p);
        // Below the Lambert value, by the dielectric specular albedo (a few percent).
        assert!(c.x < 1.0 / PI && c.x > 0.9 / PI, "{c}");
        // A metal has no diffuse, and no environment gives it no indirect specular.
        let metal = Physical {
            metalness: 1.0,
            ..p
        };
        assert_eq!(physical(&lights, &facing(Vec3::ONE), &metal), Vec3::ZERO);
    }
}
