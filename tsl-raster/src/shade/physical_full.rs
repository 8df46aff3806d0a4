//! three.js r187's `PhysicalLightingModel` with every extension this renderer has (the
//! specular colour and F90 from `ior`, `specularIntensity` and `specularColor`; the clearcoat;
//! the sheen; the iridescence; the anisotropy), one fragment at a time. MeshPhysical materials
//! that use any of them are shaded here (`Material::uses_physical_extensions`); the others keep
//! the batch model of [`super::physical`], which this equals at the defaults.

use super::anisotropy::{
    alpha_t, anisotropy_frame, d_ggx_anisotropic, material_anisotropy,
    v_ggx_smith_correlated_anisotropic, AnisotropicDots, AnisotropyFrame,
};
use super::backdrop::{backdrop_share, BackdropLanes};
use super::brdf::{brdf_ggx, d_ggx, dfg, f_schlick, v_ggx_smith_correlated};
use super::environment::{bent_normal, fragment_environment, FragmentEnvironment, FragmentInputs};
use super::geometry::face_sign;
use super::iridescence::{eval_iridescence, schlick_to_f0};
use super::lane_math::Lanes3;
use super::maps::{linear2, read_map};
use super::scalar_models::final_roughness;
use super::scalar_models::Surface;
use super::shadow::Receiver;
use super::sheen::{brdf_sheen, ibl_sheen_brdf};
use super::sss::{scattering, Thickness, ThicknessLanes};
use super::state::LaneSet;
use crate::environment::Environment;
use crate::frame::lights::FrameLights;
use crate::scene::Material;
use crate::texture::Texture;
use glam::Vec2;
use glam::Vec3;
use std::f32::consts::PI;
use tsl_core::TextureId;

/// The sheen layer: its colour (`sheenColor · sheen`, times its map) and roughness (clamped to
/// 0.0001..1).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sheen {
    pub color: Vec3,
    pub roughness: f32,
}

/// The thin film: its strength, index of refraction and thickness in nanometres.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Iridescence {
    pub strength: f32,
    pub ior: f32,
    pub thickness: f32,
}

/// A fragment's physical parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PhysicalFull {
    /// The roughness after `getRoughness`.
    pub roughness: f32,
    pub metalness: f32,
    /// `specularColor`: `min(((ior − 1)/(ior + 1))² · specularColor, 1) · specularIntensity`.
    pub specular_color: Vec3,
    /// `specularF90` before the metalness mix: the specular intensity.
    pub specular_intensity: f32,
    /// (strength, roughness after `getRoughness`).
    pub clearcoat: Option<(f32, f32)>,
    /// The clearcoat's own normal (`clearcoatNormalView`): the surface's without a clearcoat
    /// normal map.
    pub clearcoat_normal: Vec3,
    pub sheen: Option<Sheen>,
    pub iridescence: Option<Iridescence>,
    pub anisotropy: Option<AnisotropyFrame>,
    /// MeshSSSNodeMaterial's thickness (its colour and five numbers), with a colour node.
    pub sss: Option<Thickness>,
    /// The environment's light at the fragment (R-ENV-7), when the material has one.
    pub environment: Option<FragmentEnvironment>,
    /// The backdrop (colour, alpha) that takes the total diffuse light's place before the
    /// clearcoat is laid over it and the sheen added (a BACKDROP_NODE or the transmission,
    /// shade/backdrop.rs).
    pub backdrop: Option<(Vec3, f32)>,
}

/// `setupSpecular`'s `specularColor` of `ior`, a specular colour and an intensity.
pub(crate) fn specular_color(ior: f32, color: Vec3, intensity: f32) -> Vec3 {
    let r = (ior - 1.0) / (ior + 1.0);
    ((r * r) * color).min(Vec3::ONE) * intensity
}

/// `computeMultiscattering(f0, f90)` with the DFG table's `ab`: (single, multiple) scattering.
fn multiscattering(ab: glam::Vec2, f0: Vec3, f90: f32) -> (Vec3, Vec3) {
    let fss_ess = f0 * ab.x + Vec3::splat(f90 * ab.y);
    let ess = ab.x + ab.y;
    let ems = 1.0 - ess;
    let favg = f0 + (Vec3::ONE - f0) * 0.047619;
    let fms = fss_ess * favg / (Vec3::ONE - ems * favg);
    (fss_ess, fms * ems)
}

/// The largest component (`sheen.r.max(sheen.g).max(sheen.b)`).
fn max3(v: Vec3) -> f32 {
    v.x.max(v.y).max(v.z)
}

/// `BRDF_GGX` of the base layer, with the iridescence's Fresnel mixed in and the anisotropic
/// lobe where the fragment has them.
fn base_ggx(
    l: Vec3,
    s: &Surface,
    p: &PhysicalFull,
    f0: Vec3,
    f90: f32,
    irid: Option<Vec3>,
) -> Vec3 {
    let (n, v) = (s.normal, s.view_dir);
    let alpha = p.roughness.max(0.045).powi(2);
    let h = (l + v).normalize_or_zero();
    let dot_nl = n.dot(l).clamp(0.0, 1.0);
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    let dot_nh = n.dot(h).clamp(0.0, 1.0);
    let dot_vh = v.dot(h).clamp(0.0, 1.0);
    let mut f = f_schlick(f0, f90, dot_vh);
    if let (Some(fresnel), Some(i)) = (irid, p.iridescence) {
        f = f.lerp(fresnel, i.strength);
    }
    let (vis, d) = match p.anisotropy {
        Some(a) => {
            let dots = AnisotropicDots {
                dot_tl: a.t.dot(l),
                dot_tv: a.t.dot(v),
                dot_th: a.t.dot(h),
                dot_bl: a.b.dot(l),
                dot_bv: a.b.dot(v),
                dot_bh: a.b.dot(h),
            };
            let at = alpha_t(p.roughness, a.strength).max(alpha);
            (
                v_ggx_smith_correlated_anisotropic(at, alpha, &dots, dot_nv, dot_nl),
                d_ggx_anisotropic(at, alpha, dot_nh, dots.dot_th, dots.dot_bh),
            )
        }
        None => (
            v_ggx_smith_correlated(alpha, dot_nl, dot_nv),
            d_ggx(alpha, dot_nh),
        ),
    };
    f * vis * d
}

/// The outgoing light of a fragment under `lights` and its environment (`p.environment`;
/// without one the indirect specular of the base and the clearcoat is zero); `shadow(i)`
/// multiplies the `i`-th direct light's colour (its shadow, `Vec3::ONE` without one), as
/// `AnalyticLightNode.setupShadow` does before the lighting model sees the light.
pub(crate) fn physical_full(
    lights: &FrameLights,
    s: &Surface,
    p: &PhysicalFull,
    shadow: impl Fn(usize) -> Vec3,
) -> Vec3 {
    let (n, v) = (s.normal, s.view_dir);
    let metal = p.metalness;
    let spec = p.specular_color;
    let blended = spec.lerp(s.diffuse, metal);
    let f90 = p.specular_intensity + (1.0 - p.specular_intensity) * metal;
    let contribution = s.diffuse * (1.0 - metal);
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    // start(): the film's Fresnel of the dielectric and the metal base, and the reflectance at
    // normal incidence each stands for.
    let irid = p.iridescence.map(|i| {
        let dielectric = eval_iridescence(1.0, i.ior, dot_nv, i.thickness, spec);
        let metallic = eval_iridescence(1.0, i.ior, dot_nv, i.thickness, s.diffuse);
        let fresnel = dielectric.lerp(metallic, metal);
        let f0_dielectric = schlick_to_f0(dielectric, 1.0, dot_nv);
        (fresnel, f0_dielectric, i.strength)
    });
    let ab = dfg(p.roughness, dot_nv);
    let ess = ab.x + ab.y;
    let compensation = blended * (1.0 / ess - 1.0) + Vec3::ONE;
    let fr = match irid {
        Some((_, f0_dielectric, strength)) => spec.lerp(f0_dielectric, strength),
        None => spec,
    };
    let (single, multi) = multiscattering(ab, fr, f90);

    let mut direct_diffuse = Vec3::ZERO;
    let mut direct_specular = Vec3::ZERO;
    let mut clearcoat_specular = Vec3::ZERO;
    let mut sheen_specular = Vec3::ZERO;
    lights.each_direct_indexed(s.position, |i, l, color| {
        let color = color * shadow(i);
        let dot_nl = n.dot(l).clamp(0.0, 1.0);
        let mut irradiance = dot_nl * color;
        if let Some(sh) = p.sheen {
            sheen_specular += irradiance * brdf_sheen(l, v, n, sh.color, sh.roughness);
            let albedo_v = ibl_sheen_brdf(n, v, sh.roughness);
            let albedo_l = ibl_sheen_brdf(n, l, sh.roughness);
            irradiance *= 1.0 - max3(sh.color) * albedo_v.max(albedo_l);
        }
        if let Some((_, cc_roughness)) = p.clearcoat {
            let ncc = p.clearcoat_normal;
            let cc_irradiance = ncc.dot(l).clamp(0.0, 1.0) * color;
            clearcoat_specular +=
                cc_irradiance * brdf_ggx(l, v, ncc, Vec3::splat(0.04), 1.0, cc_roughness);
        }
        // SSSLightingModel.direct: the light through the surface, before the physical share.
        if let Some(t) = &p.sss {
            direct_diffuse += scattering(l, v, n, color, t);
        }
        let h = (l + v).normalize_or_zero();
        let dot_vh = v.dot(h).clamp(0.0, 1.0);
        let f = f_schlick(spec, f90, dot_vh);
        let specular = base_ggx(l, s, p, blended, f90, irid.map(|i| i.0));
        direct_diffuse += irradiance * (contribution / PI) * (Vec3::ONE - f);
        direct_specular += irradiance * specular * compensation;
    });
    super::rect_area::full_model_rects(
        lights,
        s,
        p,
        (blended, f90),
        [
            &mut direct_diffuse,
            &mut direct_specular,
            &mut clearcoat_specular,
        ],
    );
    let irradiance = lights.irradiance(s.normal_world);
    let mut indirect_diffuse = irradiance * (contribution / PI) * (Vec3::ONE - (single + multi));
    if let Some(sh) = p.sheen {
        let albedo = ibl_sheen_brdf(n, v, sh.roughness);
        sheen_specular += irradiance * sh.color * albedo * (1.0 / PI) * s.ao;
        indirect_diffuse *= 1.0 - max3(sh.color) * albedo;
    }
    // LightsNode's totalDiffuse, which the backdrop takes the place of.
    let mut diffuse = direct_diffuse + indirect_diffuse * s.ao;
    let mut outgoing = diffuse + direct_specular;
    if let Some(env) = &p.environment {
        let terms = environment_terms(s, p, env, ab, (spec, f90));
        outgoing += terms.diffuse + terms.specular;
        diffuse += terms.diffuse;
        clearcoat_specular += terms.clearcoat;
        sheen_specular += terms.sheen;
    }
    outgoing += backdrop_share(p.backdrop, diffuse);
    if let Some((strength, _)) = p.clearcoat {
        let dot_nv_cc = p.clearcoat_normal.dot(v).clamp(0.0, 1.0);
        let fcc = f_schlick(Vec3::splat(0.04), 1.0, dot_nv_cc);
        outgoing = outgoing * (Vec3::ONE - strength * fcc) + clearcoat_specular * strength;
    }
    if p.sheen.is_some() {
        outgoing += sheen_specular;
    }
    outgoing
}

/// The material's maps that the extensions read, resolved for the batch (`None` where the
/// material has none, or in the view that reads textures as white).
pub(super) struct ExtensionMaps<'t> {
    pub specular_intensity: Option<&'t Texture>,
    pub specular_color: Option<&'t Texture>,
    pub sheen_color: Option<&'t Texture>,
    pub sheen_roughness: Option<&'t Texture>,
    pub iridescence_thickness: Option<&'t Texture>,
    pub anisotropy: Option<&'t Texture>,
    pub clearcoat: Option<&'t Texture>,
    pub clearcoat_roughness: Option<&'t Texture>,
    pub clearcoat_normal: Option<&'t Texture>,
    /// The geometry has tangents: the clearcoat normal map reads them (three's
    /// `TBNViewMatrix`), not the frame from the screen derivatives.
    pub geometry_tangents: bool,
}

impl<'t> ExtensionMaps<'t> {
    /// The maps of `m`, each through `map` (the batch's texture lookup).
    pub(super) fn of(
        m: &Material,
        geometry_tangents: bool,
        map: impl Fn(Option<TextureId>) -> Option<&'t Texture>,
    ) -> Self {
        ExtensionMaps {
            specular_intensity: map(m.specular_intensity_map),
            specular_color: map(m.specular_color_map),
            sheen_color: map(m.sheen_color_map),
            sheen_roughness: map(m.sheen_roughness_map),
            iridescence_thickness: map(m.iridescence_thickness_map),
            anisotropy: map(m.anisotropy_map),
            clearcoat: map(m.clearcoat_map),
            clearcoat_roughness: map(m.clearcoat_roughness_map),
            clearcoat_normal: map(m.clearcoat_normal_map),
            geometry_tangents,
        }
    }
}

/// Each lane of the batch through [`physical_full`]: the material's parameters times its maps
/// as three's `MaterialNode` combines them, the thickness outputs where the program has them, the anisotropy's frame from the screen derivatives
/// of the position and the uv (three's tangent frame without geometry tangents).
pub(super) fn physical_full_lanes(
    lights: &FrameLights,
    m: &Material,
    maps: &ExtensionMaps,
    (thickness, environment): (
        Option<&ThicknessLanes>,
        Option<(&Environment, EnvironmentOf)>,
    ),
    (shadow, backdrop): (Option<&Receiver>, Option<&BackdropLanes>),
    (s, outgoing): (&LaneSet, &mut Lanes3),
    n: usize,
) {
    for l in 0..n {
        let (uv, duv) = (s.uv_raw.get(l), s.duv[l]);
        let texel = |t: Option<&Texture>| t.map(|t| read_map(t, uv, duv));
        let geometry_roughness = s.geometry_roughness[l];
        let intensity = m.specular_intensity * texel(maps.specular_intensity).map_or(1.0, |t| t.w);
        let color = m.specular_color.to_vec3()
            * texel(maps.specular_color).map_or(Vec3::ONE, |t| t.truncate());
        let clearcoat = (m.clearcoat > 0.0).then(|| {
            let strength = m.clearcoat * texel(maps.clearcoat).map_or(1.0, |t| t.x);
            let roughness =
                m.clearcoat_roughness * texel(maps.clearcoat_roughness).map_or(1.0, |t| t.y);
            (strength, final_roughness(roughness, geometry_roughness))
        });
        let sheen = (m.sheen > 0.0).then(|| Sheen {
            color: m.sheen_color.to_vec3()
                * m.sheen
                * texel(maps.sheen_color).map_or(Vec3::ONE, |t| t.truncate()),
            roughness: (m.sheen_roughness * texel(maps.sheen_roughness).map_or(1.0, |t| t.w))
                .clamp(0.0001, 1.0),
        });
        let iridescence = (m.iridescence > 0.0).then(|| {
            let [min, max] = m.iridescence_thickness_range;
            Iridescence {
                strength: m.iridescence,
                ior: m.iridescence_ior,
                thickness: texel(maps.iridescence_thickness)
                    .map_or(max, |t| (max - min) * t.y + min),
            }
        });
        let normal = s.normal_view.get(l);
        let anisotropy = (m.anisotropy > 0.0).then(|| {
            let vector = material_anisotropy(
                m.anisotropy,
                m.anisotropy_rotation,
                texel(maps.anisotropy).map(|t| [t.x, t.y, t.z]),
            );
            let (tangent, bitangent) = tangent_frame(normal, s.dposition[l], duv);
            let sign = if m.flat_shading {
                1.0
            } else {
                face_sign(m.side, s.front[l])
            };
            anisotropy_frame(vector, tangent * sign, bitangent * sign)
        });
        // The clearcoat normal map, as `shade_normal`'s normal map (three's NormalMapNode).
        let clearcoat_normal = match maps.clearcoat_normal.filter(|_| clearcoat.is_some()) {
            Some(t) => {
                let mut tn = read_map(t, uv, duv).truncate() * 2.0 - 1.0;
                let sign = face_sign(m.side, s.front[l]);
                let scale = if m.flat_shading {
                    m.clearcoat_normal_scale * sign
                } else {
                    m.clearcoat_normal_scale
                };
                tn.x *= scale.x;
                tn.y *= scale.y;
                let st = if t.has_identity_transform() {
                    duv
                } else {
                    let mat = t.uv_matrix();
                    (linear2(&mat, duv.0), linear2(&mat, duv.1))
                };
                let sg = if m.flat_shading { 1.0 } else { sign };
                let (tangent, bitangent) = if maps.geometry_tangents {
                    super::normal::vertex_tangents(s, l, sg)
                } else {
                    let (t, b) = tangent_frame(normal, s.dposition[l], st);
                    (t * sg, b * sg)
                };
                (tangent * tn.x + bitangent * tn.y + normal * tn.z).normalize_or_zero()
            }
            None => normal,
        };
        let surface = Surface {
            normal,
            normal_world: s.normal_world.get(l),
            view_dir: s.view_dir.get(l),
            position: s.position_view.get(l),
            diffuse: s.diffuse.get(l),
            ao: s.ao[l],
        };
        let p = PhysicalFull {
            roughness: s.roughness[l],
            metalness: s.metalness[l],
            specular_color: specular_color(m.ior, color, intensity),
            specular_intensity: intensity,
            clearcoat,
            clearcoat_normal,
            sheen,
            iridescence,
            anisotropy,
            sss: thickness.map(|t| t.at(l)),
            environment: None,
            backdrop: backdrop.map(|b| b.at(l)),
        };
        let p = PhysicalFull {
            environment: environment.map(|(e, inputs)| {
                fragment_environment(e, &environment_inputs(inputs, &surface, &p))
            }),
            ..p
        };
        let shadow = |i| shadow.map_or(Vec3::ONE, |r| r.factor_of(i, l));
        outgoing.set(l, physical_full(lights, &surface, &p, shadow));
    }
}

/// three's tangent frame without geometry tangents (`TangentUtils.js`): the tangent and
/// bitangent from the screen derivatives of the view position and the uv, scaled by the larger
/// of their lengths.
fn tangent_frame(normal: Vec3, (q0, q1): (Vec3, Vec3), (st0, st1): (Vec2, Vec2)) -> (Vec3, Vec3) {
    let q1perp = q1.cross(normal);
    let q0perp = normal.cross(q0);
    let t = q1perp * st0.x + q0perp * st1.x;
    let b = q1perp * st0.y + q0perp * st1.y;
    let det = t.dot(t).max(b.dot(b));
    let scale = if det == 0.0 { 0.0 } else { 1.0 / det.sqrt() };
    (t * scale, b * scale)
}

/// What a batch's environment adds to [`physical_full_lanes`]: its intensity and the view's
/// rotation to world space.
#[derive(Clone, Copy, Debug)]
pub(super) struct EnvironmentOf {
    pub intensity: f32,
    pub view_to_world: glam::Mat3,
}

/// The fragment's reads of its environment: the radiance about the normal, or the bent normal
/// with anisotropy (`EnvironmentNode`); the clearcoat's about its own normal.
fn environment_inputs(e: EnvironmentOf, s: &Surface, p: &PhysicalFull) -> FragmentInputs {
    let radiance_normal = match p.anisotropy {
        Some(a) => bent_normal(s.normal, s.view_dir, a.b, a.strength, p.roughness),
        None => s.normal,
    };
    FragmentInputs {
        intensity: e.intensity,
        view_to_world: e.view_to_world,
        radiance_normal,
        normal_world: s.normal_world,
        view_dir: s.view_dir,
        roughness: p.roughness,
        clearcoat: p.clearcoat.map(|(_, r)| (p.clearcoat_normal, r)),
    }
}

/// The environment's shares of the outgoing light: the base layer's indirect diffuse and
/// specular (after the AO and the specular occlusion), the clearcoat's indirect specular and
/// the sheen's (after the AO).
struct EnvironmentTerms {
    diffuse: Vec3,
    specular: Vec3,
    clearcoat: Vec3,
    sheen: Vec3,
}

/// `PhysicalLightingModel.indirectSpecular` and `ambientOcclusion` for the environment's
/// light: the single and multiple scattering of the dielectric (f0 the specular colour, or the
/// film's) and the metal (f0 the diffuse colour, or the film's) mixed by metalness, the diffuse
/// albedo less the dielectric's scattering, both times the sheen's energy compensation; the
/// sheen's `iblIrradiance · sheen · IBLSheenBRDF / π`; the clearcoat's radiance times
/// `EnvironmentBRDF` (f0 0.04, f90 1).
fn environment_terms(
    s: &Surface,
    p: &PhysicalFull,
    env: &FragmentEnvironment,
    ab: Vec2,
    (spec, f90): (Vec3, f32),
) -> EnvironmentTerms {
    let (n, v) = (s.normal, s.view_dir);
    let metal = p.metalness;
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    // The film's reflectance at normal incidence of each base, mixed in by its strength.
    let film = |f0: Vec3| match p.iridescence {
        Some(i) => {
            let fresnel = eval_iridescence(1.0, i.ior, dot_nv, i.thickness, f0);
            f0.lerp(schlick_to_f0(fresnel, 1.0, dot_nv), i.strength)
        }
        None => f0,
    };
    let (ss_diel, ms_diel) = multiscattering(ab, film(spec), f90);
    let (ss_metal, ms_metal) = multiscattering(ab, film(s.diffuse), f90);
    let single = ss_diel.lerp(ss_metal, metal);
    let multi = ms_diel.lerp(ms_metal, metal);
    let diffuse = s.diffuse * (1.0 - metal) * (Vec3::ONE - (ss_diel + ms_diel));
    let cosine_weighted = env.irradiance * (1.0 / PI);
    let mut specular = env.radiance * single + multi * cosine_weighted;
    let mut indirect_diffuse = diffuse * cosine_weighted;
    let mut sheen = Vec3::ZERO;
    if let Some(sh) = p.sheen {
        let albedo = ibl_sheen_brdf(n, v, sh.roughness);
        sheen = env.irradiance * sh.color * albedo * (1.0 / PI) * s.ao;
        let compensation = 1.0 - max3(sh.color) * albedo;
        specular *= compensation;
        indirect_diffuse *= compensation;
    }
    let ao = s.ao;
    let exponent = (-(1.0 + 16.0 * p.roughness)).exp2();
    let specular_ao = (ao - (1.0 - (dot_nv + ao).powf(exponent))).clamp(0.0, 1.0);
    let clearcoat = match p.clearcoat {
        Some((_, roughness)) => {
            let dot_nv_cc = p.clearcoat_normal.dot(v).clamp(0.0, 1.0);
            let fab = dfg(roughness, dot_nv_cc);
            env.clearcoat_radiance * (0.04 * fab.x + fab.y) * ao
        }
        None => Vec3::ZERO,
    };
    EnvironmentTerms {
        diffuse: indirect_diffuse * ao,
        specular: specular * specular_ao,
        clearcoat,
        sheen,
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_models::{physical, Physical};
    use super::*;
    use crate::scene::Light;
    use glam::Mat4;
    use tsl_core::Color;

    fn lights() -> FrameLights {
        FrameLights::new(
            &[
                Light::directional(Color::WHITE, 3.0, Vec3::new(1.0, 1.0, 1.0)),
                Light::point(Color::from_hex(0xffeedd), 6.0, Vec3::new(0.6, 1.2, -0.8)),
                Light::ambient(Color::from_hex(0x404040), 1.0),
                Light::hemisphere(Color::from_hex(0x87ceeb), Color::from_hex(0x8b5a2b), 1.5),
                Light::rect_area(
                    Color::from_hex(0xfff0d0),
                    5.0,
                    2.0,
                    1.0,
                    Vec3::new(0.5, 1.5, 1.0),
                    Vec3::new(0.0, 0.0, -2.5),
                ),
            ],
            Mat4::IDENTITY,
        )
    }

    fn surface(t: f32) -> Surface {
        let n = Vec3::new((t * 7.0).sin(), (t * 3.0).cos(), 1.0).normalize();
        let p = Vec3::new(t - 0.5, 0.3 - t, -3.0 + t);
        Surface {
            normal: n,
            normal_world: n,
            view_dir: (-p).normalize(),
            position: p,
            diffuse: Vec3::new(1.0, 0.5 * t, 0.2),
            ao: 1.0 - 0.5 * t,
        }
    }

    fn plain(
        s: &Surface,
        roughness: f32,
        metalness: f32,
        clearcoat: Option<(f32, f32)>,
    ) -> PhysicalFull {
        PhysicalFull {
            roughness,
            metalness,
            specular_color: specular_color(1.5, Vec3::ONE, 1.0),
            specular_intensity: 1.0,
            clearcoat,
            clearcoat_normal: s.normal,
            sheen: None,
            iridescence: None,
            anisotropy: None,
            sss: None,
            environment: None,
            backdrop: None,
        }
    }

    #[test]
    fn without_extensions_it_is_the_standard_model() {
        let lights = lights();
        for k in 0..16 {
            let t = k as f32 / 16.0;
            let s = surface(t);
            for (metalness, clearcoat) in [(0.0, None), (0.7, Some((0.8, 0.2)))] {
                let roughness = 0.05 + 0.9 * t;
                let full = physical_full(
                    &lights,
                    &s,
                    &plain(&s, roughness, metalness, clearcoat),
                    |_| Vec3::ONE,
                );
                let reference = physical(
                    &lights,
                    &s,
                    &Physical {
                        roughness,
                        metalness,
                        clearcoat,
                    },
                );
                assert!(
                    (full - reference).abs().max_element()
                        <= 1e-5 * reference.max_element().max(1.0),
                    "{full} against {reference}"
                );
            }
        }
    }

    #[test]
    fn the_specular_colour_of_ior() {
        // ((1.5 − 1)/(1.5 + 1))² = 0.04; ior 2: (1/3)² = 1/9; the colour and intensity scale it,
        // capped at 1 before the intensity.
        assert!((specular_color(1.5, Vec3::ONE, 1.0) - Vec3::splat(0.04)).length() < 1e-7);
        let c = specular_color(2.0, Vec3::new(1.0, 0.5, 20.0), 0.5);
        let expected = Vec3::new(1.0 / 9.0 * 0.5, 0.5 / 9.0 * 0.5, 0.5);
        assert!((c - expected).length() < 1e-6, "{c}");
    }

    #[test]
    fn a_black_sheen_changes_nothing() {
        // sheenColor black: the lobe is zero and the energy compensation 1 − 0 · albedo = 1.
        let lights = lights();
        let s = surface(0.3);
        let base = plain(&s, 0.5, 0.2, None);
        let with = PhysicalFull {
            sheen: Some(Sheen {
                color: Vec3::ZERO,
                roughness: 0.5,
            }),
            ..base
        };
        assert_eq!(
            physical_full(&lights, &s, &with, |_| Vec3::ONE),
            physical_full(&lights, &s, &base, |_| Vec3::ONE)
        );
    }
}
