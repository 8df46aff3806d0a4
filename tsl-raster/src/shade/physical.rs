//! The physical lighting model (MeshStandard, MeshPhysical) over a whole batch at once: each
//! input a structure of arrays, each step a loop over lanes without calls or branches, which the
//! compiler turns into SIMD (`sqrtps`, `divps`, selects). Same formulas as
//! [`super::scalar_models::physical`], which stays the scalar reference that the tests hold this
//! to.

use super::backdrop::BackdropLanes;
use super::brdf::{dfg_lanes, DfgScratch};
use super::environment::EnvironmentLanes;
use super::lane_math::{exp2_lane, Lanes3};
use super::rect_area::{RectLobes, RectSurface};
use super::shadow::Receiver;
use crate::frame::lights::{distance_attenuation, FrameLights, LightKind};
use crate::scene::smoothstep;
use glam::Vec3;
use multiversion::multiversion;
use std::f32::consts::PI;
use tsl_core::{Lane, LANES};

/// The inputs of a batch.
pub(crate) struct PhysicalLanes<'a> {
    pub count: usize,
    /// Unit view-space normals.
    pub normal: &'a Lanes3,
    /// Unit world-space normals (the hemisphere lights).
    pub normal_world: &'a Lanes3,
    /// Unit directions toward the camera.
    pub view_dir: &'a Lanes3,
    /// View-space positions.
    pub position: &'a Lanes3,
    pub diffuse: &'a Lanes3,
    pub ao: &'a Lane,
    /// Roughness after `getRoughness`.
    pub roughness: &'a Lane,
    /// Each lane's metalness (the material's, its map's or METALNESS_NODE's, R-OUT-17).
    pub metalness: &'a Lane,
    /// (strength, each lane's clearcoat roughness after `getRoughness`).
    pub clearcoat: Option<(f32, &'a Lane)>,
    /// The environment's radiance and irradiance at each lane (shade/environment.rs), when the
    /// material has an environment.
    pub environment: Option<&'a EnvironmentLanes>,
    /// The shadows that fall on the batch, if it receives them.
    pub shadow: Option<&'a Receiver<'a>>,
    /// The backdrop that takes the total diffuse light's place before the clearcoat is laid
    /// over it (a BACKDROP_NODE or the transmission, shade/backdrop.rs).
    pub backdrop: Option<&'a BackdropLanes>,
}

/// Scratch for one batch's lighting, kept from batch to batch.
pub(crate) struct PhysicalScratch {
    light_dir: Lanes3,
    light_color: Lanes3,
    direct_diffuse: Lanes3,
    direct_specular: Lanes3,
    clearcoat_specular: Lanes3,
    irradiance: Lanes3,
    ab_a: Lane,
    ab_b: Lane,
    dot_nv: Lane,
    dfg: DfgScratch,
    /// A light's shadow factor at each lane.
    shadow: Lane,
}

impl Default for PhysicalScratch {
    fn default() -> Self {
        PhysicalScratch {
            light_dir: Lanes3::default(),
            light_color: Lanes3::default(),
            direct_diffuse: Lanes3::default(),
            direct_specular: Lanes3::default(),
            clearcoat_specular: Lanes3::default(),
            irradiance: Lanes3::default(),
            ab_a: [0.0; LANES],
            ab_b: [0.0; LANES],
            dot_nv: [0.0; LANES],
            dfg: DfgScratch::default(),
            shadow: [1.0; LANES],
        }
    }
}

/// The direction to a light and its arriving colour at each lane.
fn light_lanes(
    kind: &LightKind,
    position: &Lanes3,
    count: usize,
    dir: &mut Lanes3,
    color: &mut Lanes3,
) {
    match *kind {
        LightKind::Directional { to_light, color: c } => {
            for l in 0..count {
                dir.set(l, to_light);
                color.set(l, c);
            }
        }
        LightKind::Point {
            position: p,
            color: c,
            cutoff,
            decay,
        } => {
            for l in 0..count {
                let v = p - position.get(l);
                let d = v.length();
                dir.set(l, v.normalize_or_zero());
                color.set(l, c * distance_attenuation(d, cutoff, decay));
            }
        }
        LightKind::Spot {
            position: p,
            axis,
            color: c,
            cone_cos,
            penumbra_cos,
            cutoff,
            decay,
        } => {
            for l in 0..count {
                let v = p - position.get(l);
                let to = v.normalize_or_zero();
                let mut spot = smoothstep(cone_cos, penumbra_cos, to.dot(axis));
                if spot.is_nan() {
                    spot = 0.0;
                }
                dir.set(l, to);
                color.set(
                    l,
                    c * spot * distance_attenuation(v.length(), cutoff, decay),
                );
            }
        }
    }
}

/// The per-lane inputs of [`direct_lanes`] that the batch works out before its lights.
struct DirectInputs<'a> {
    n: usize,
    dot_nv: &'a Lane,
    ab_a: &'a Lane,
    ab_b: &'a Lane,
}

/// One direct light's share of `PhysicalLightingModel.direct` (`BRDF_Lambert` with the Fresnel
/// share taken off, and `BRDF_GGX` with the multiple-scattering compensation) at each lane, added
/// to `dd` and `ds`; or, for the first light (`FIRST`), written there as `0 + share`, which is the
/// same bits as adding it to zeros, without zeroing them first and reading them back. `light(l)`
/// gives lane `l`'s (unit direction to the light, arriving colour): a directional light's is the
/// same for every lane, so the compiler keeps it in registers.
#[inline(always)]
fn direct_lanes<const FIRST: bool>(
    p: &PhysicalLanes,
    inputs: &DirectInputs,
    light: impl Fn(usize) -> ([f32; 3], [f32; 3]),
    dd: &mut Lanes3,
    ds: &mut Lanes3,
) {
    let DirectInputs {
        n,
        dot_nv,
        ab_a,
        ab_b,
    } = *inputs;
    let add = |sum: &mut f32, share: f32| *sum = if FIRST { 0.0 + share } else { *sum + share };
    for l in 0..n {
        let ([lx, ly, lz], [cr, cg, cb]) = light(l);
        let metal = p.metalness[l];
        let (nx, ny, nz) = (p.normal.x[l], p.normal.y[l], p.normal.z[l]);
        let (vx, vy, vz) = (p.view_dir.x[l], p.view_dir.y[l], p.view_dir.z[l]);
        let dot_nl = (nx * lx + ny * ly + nz * lz).clamp(0.0, 1.0);
        let (hx, hy, hz) = (lx + vx, ly + vy, lz + vz);
        let inv = 1.0 / (hx * hx + hy * hy + hz * hz).sqrt();
        // `normalize_or_zero`'s test, finite and above zero, as one float comparison: the sum of
        // squares is +0 to +∞ or NaN, so `inv` is +0 to +∞ or NaN, and at +0 either gives +0.
        // (`is_finite` and the test above zero become integer work on the bits.)
        let inv = if inv < f32::INFINITY { inv } else { 0.0 };
        let (hx, hy, hz) = (hx * inv, hy * inv, hz * inv);
        let dot_nh = (nx * hx + ny * hy + nz * hz).clamp(0.0, 1.0);
        let dot_vh = (vx * hx + vy * hy + vz * hz).clamp(0.0, 1.0);
        let fresnel = exp2_lane((-5.55473 * dot_vh - 6.98316) * dot_vh);
        let nv = dot_nv[l];
        // V_GGX_SmithCorrelated and D_GGX with alpha = max(roughness, 0.045)^2.
        let r = p.roughness[l].max(0.045);
        let alpha = r * r;
        let a2 = alpha * alpha;
        let gv = dot_nl * (a2 + (1.0 - a2) * nv * nv).sqrt();
        let gl = nv * (a2 + (1.0 - a2) * dot_nl * dot_nl).sqrt();
        let vis = 0.5 / (gv + gl).max(1e-6);
        let denom = 1.0 - dot_nh * dot_nh * (1.0 - a2);
        let d = a2 / (denom * denom) * (1.0 / PI);
        let vd = vis * d;
        // specularColor 0.04 for the diffuse share; specularColorBlended for the lobe.
        let f = 0.04 * (1.0 - fresnel) + fresnel;
        let ess = ab_a[l] + ab_b[l];
        let blend = |c: f32| 0.04 + (c - 0.04) * metal;
        let (br, bg, bb) = (
            blend(p.diffuse.x[l]),
            blend(p.diffuse.y[l]),
            blend(p.diffuse.z[l]),
        );
        let spec = |b: f32| (b * (1.0 - fresnel) + fresnel) * vd * (b * (1.0 / ess - 1.0) + 1.0);
        let k = (1.0 - metal) / PI * (1.0 - f);
        add(&mut dd.x[l], dot_nl * cr * p.diffuse.x[l] * k);
        add(&mut dd.y[l], dot_nl * cg * p.diffuse.y[l] * k);
        add(&mut dd.z[l], dot_nl * cb * p.diffuse.z[l] * k);
        add(&mut ds.x[l], dot_nl * cr * spec(br));
        add(&mut ds.y[l], dot_nl * cg * spec(bg));
        add(&mut ds.z[l], dot_nl * cb * spec(bb));
    }
}

/// One direct light's clearcoat lobe (`BRDF_GGX` with f0 0.04) at each lane, added to `cc`.
fn clearcoat_lanes(
    p: &PhysicalLanes,
    n: usize,
    roughness: &Lane,
    light: impl Fn(usize) -> ([f32; 3], [f32; 3]),
    cc: &mut Lanes3,
) {
    for l in 0..n {
        let (ld, color) = light(l);
        let (ld, color) = (Vec3::from_array(ld), Vec3::from_array(color));
        let nl = p.normal.get(l);
        let v = p.view_dir.get(l);
        let irradiance = nl.dot(ld).clamp(0.0, 1.0) * color;
        let lobe = super::brdf::brdf_ggx(ld, v, nl, Vec3::splat(0.04), 1.0, roughness[l]);
        cc.set(l, cc.get(l) + irradiance * lobe);
    }
}

/// The direct sums plus the indirect diffuse (the dielectric multiple scattering taken off) and
/// the environment's light at each lane into `out`, the backdrop mixed into the diffuse share
/// (`LightsNode`'s `totalDiffuse`), with `irradiance(l)` lane `l`'s ambient and hemisphere
/// irradiance.
#[inline(always)]
fn outgoing_lanes(
    p: &PhysicalLanes,
    inputs: &DirectInputs,
    sums: [&Lanes3; 2],
    irradiance: impl Fn(usize) -> [f32; 3],
    out: &mut Lanes3,
) {
    // Without an environment or a backdrop the loop is built again with both absent, so that
    // it holds no branch: with one inside, an AVX2 build turns the loop into masked loads and
    // calls `powf` and `exp2f` for every lane (spin's frame took three times as long).
    match (p.environment, p.backdrop) {
        (None, None) => outgoing_loop(p, inputs, sums, irradiance, None, None, out),
        (env, backdrop) => outgoing_loop(p, inputs, sums, irradiance, env, backdrop, out),
    }
}

/// [`outgoing_lanes`]' loop, with the environment and the backdrop given apart.
#[inline(always)]
fn outgoing_loop(
    p: &PhysicalLanes,
    inputs: &DirectInputs,
    [dd, ds]: [&Lanes3; 2],
    irradiance: impl Fn(usize) -> [f32; 3],
    environment: Option<&EnvironmentLanes>,
    backdrop: Option<&BackdropLanes>,
    out: &mut Lanes3,
) {
    let favg = 0.04 + (1.0 - 0.04) * 0.047619;
    for l in 0..inputs.n {
        let metal = p.metalness[l];
        let (a, b) = (inputs.ab_a[l], inputs.ab_b[l]);
        let ess = a + b;
        let fss_ess = 0.04 * a + b;
        let ems = 1.0 - ess;
        let fms = fss_ess * favg / (1.0 - ems * favg);
        let scattering = fss_ess + fms * ems;
        let indirect_scale = 1.0 - scattering;
        let ao = p.ao[l];
        let [ir, ig, ib] = irradiance(l);
        // The same operations per component as the vector form: the direct and the indirect
        // diffuse light, to which the specular light is added.
        let channel = |irradiance: f32, diffuse: f32, dd: f32| {
            let contribution = diffuse * (1.0 - metal);
            dd + irradiance * (contribution / PI) * indirect_scale * ao
        };
        let mut diffuse = Vec3::new(
            channel(ir, p.diffuse.x[l], dd.x[l]),
            channel(ig, p.diffuse.y[l], dd.y[l]),
            channel(ib, p.diffuse.z[l], dd.z[l]),
        );
        out.set(l, diffuse + ds.get(l));
        if let Some(env) = environment {
            let shares = ibl_shares(p, l, inputs.dot_nv[l], a, b, indirect_scale);
            let [env_diffuse, env_specular] = env_light(env, l, shares);
            out.set(l, out.get(l) + (env_diffuse + env_specular));
            diffuse += env_diffuse;
        }
        if let Some(backdrop) = backdrop {
            out.set(l, out.get(l) + backdrop.share(l, diffuse));
        }
    }
}

/// The factors `indirectSpecular` and the AO give the environment's light at a lane: the
/// single and multiple scattering mixed between the dielectric (f0 0.04) and the metal (f0 the
/// diffuse colour) by metalness, the diffuse share (the dielectric scattering taken off, times
/// the AO), and the specular occlusion `saturate(ao − (1 − (dotNV + ao)^(2^(−1 − 16·roughness))))`.
struct IblShares {
    single: Vec3,
    multi: Vec3,
    diffuse: Vec3,
    specular_ao: f32,
}

fn ibl_shares(
    p: &PhysicalLanes,
    l: usize,
    dot_nv: f32,
    a: f32,
    b: f32,
    indirect_scale: f32,
) -> IblShares {
    let metal = p.metalness[l];
    let scatter = |f0: Vec3| {
        let fss_ess = f0 * a + Vec3::splat(b);
        let ems = 1.0 - (a + b);
        let favg = f0 + (Vec3::ONE - f0) * 0.047619;
        let fms = fss_ess * favg / (Vec3::ONE - ems * favg);
        (fss_ess, fms * ems)
    };
    let (ss_diel, ms_diel) = scatter(Vec3::splat(0.04));
    let diffuse = p.diffuse.get(l);
    let (ss_metal, ms_metal) = scatter(diffuse);
    let ao = p.ao[l];
    let exponent = (-(1.0 + 16.0 * p.roughness[l])).exp2();
    IblShares {
        single: ss_diel.lerp(ss_metal, metal),
        multi: ms_diel.lerp(ms_metal, metal),
        diffuse: diffuse * (1.0 - metal) * indirect_scale * ao,
        specular_ao: (ao - (1.0 - (dot_nv + ao).powf(exponent))).clamp(0.0, 1.0),
    }
}

/// The environment's indirect diffuse and specular light at lane `l`.
fn env_light(env: &EnvironmentLanes, l: usize, s: IblShares) -> [Vec3; 2] {
    let cosine_weighted = env.irradiance.get(l) * (1.0 / PI);
    let specular = env.radiance.get(l) * s.single + s.multi * cosine_weighted;
    [s.diffuse * cosine_weighted, specular * s.specular_ao]
}

/// The first `n` lanes of `lanes` set to zero.
fn zero(lanes: &mut Lanes3, n: usize) {
    lanes.x[..n].fill(0.0);
    lanes.y[..n].fill(0.0);
    lanes.z[..n].fill(0.0);
}

/// A direct light's shares at each lane into the direct diffuse, direct specular and clearcoat
/// sums, the first light's (`first`) written rather than added.
#[inline(always)]
fn one_light(
    p: &PhysicalLanes,
    inputs: &DirectInputs,
    first: bool,
    light: impl Fn(usize) -> ([f32; 3], [f32; 3]) + Copy,
    [dd, ds, cc]: [&mut Lanes3; 3],
) {
    if first {
        direct_lanes::<true>(p, inputs, light, dd, ds);
    } else {
        direct_lanes::<false>(p, inputs, light, dd, ds);
    }
    if let Some((_, roughness)) = p.clearcoat {
        clearcoat_lanes(p, inputs.n, roughness, light, cc);
    }
}

/// [`FrameLights::irradiance`] over the first `n` lanes of world normals, into `out` (the same
/// operations, so the same bits).
fn irradiance_lanes(lights: &FrameLights, normal_world: &Lanes3, n: usize, out: &mut Lanes3) {
    let ambient = lights.ambient();
    out.x[..n].fill(ambient.x);
    out.y[..n].fill(ambient.y);
    out.z[..n].fill(ambient.z);
    for (sky, ground, up) in lights.hemispheres() {
        for l in 0..n {
            let dot =
                normal_world.x[l] * up.x + normal_world.y[l] * up.y + normal_world.z[l] * up.z;
            let w = 0.5 * dot + 0.5;
            out.x[l] += ground.x * (1.0 - w) + sky.x * w;
            out.y[l] += ground.y * (1.0 - w) + sky.y * w;
            out.z[l] += ground.z * (1.0 - w) + sky.z * w;
        }
    }
}

/// The rect area lights' shares at each lane, added to the direct diffuse, direct specular and
/// clearcoat sums (`directRectArea`, a lane at a time).
fn rect_lights(lights: &FrameLights, p: &PhysicalLanes, [dd, ds, cc]: [&mut Lanes3; 3]) {
    if lights.rects().is_empty() {
        return;
    }
    let n = p.count.min(LANES);
    for l in 0..n {
        let diffuse = p.diffuse.get(l);
        // The table reads and transforms are the lane's, whatever the light.
        let lobes = RectLobes::new(&RectSurface {
            normal: p.normal.get(l),
            view_dir: p.view_dir.get(l),
            position: p.position.get(l),
            roughness: p.roughness[l],
            specular: Vec3::splat(0.04).lerp(diffuse, p.metalness[l]),
            specular_f90: 1.0,
            diffuse: diffuse * (1.0 - p.metalness[l]),
            clearcoat_roughness: p.clearcoat.map(|(_, r)| r[l]),
            clearcoat_normal: p.normal.get(l),
        });
        for light in lights.rects() {
            let [d, s, c] = lobes.light(light);
            dd.set(l, dd.get(l) + d);
            ds.set(l, ds.get(l) + s);
            if p.clearcoat.is_some() {
                cc.set(l, cc.get(l) + c);
            }
        }
    }
}

/// `PhysicalLightingModel` for a batch: the outgoing light of each lane into `out`.
///
/// Compiled for baseline x86-64 and again for AVX2, chosen at run time, as
/// [`shade_batch`](super::shade_batch) is: the same bits.
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn physical_lanes(
    lights: &FrameLights,
    p: &PhysicalLanes,
    scratch: &mut PhysicalScratch,
    out: &mut Lanes3,
) {
    let n = p.count.min(LANES);
    let PhysicalScratch {
        light_dir,
        light_color,
        direct_diffuse: dd,
        direct_specular: ds,
        clearcoat_specular: cc,
        irradiance,
        ab_a,
        ab_b,
        dot_nv,
        dfg,
        shadow: shadow_lane,
    } = scratch;
    // The first light writes the direct sums (see `direct_lanes`); without one they are zero.
    if lights.direct_lights().is_empty() {
        zero(dd, n);
        zero(ds, n);
    }
    if p.clearcoat.is_some() {
        zero(cc, n);
    }
    // Per-lane constants: dotNV and the DFG table's (scale, bias), which give the compensation
    // and the dielectric multiple scattering.
    for l in 0..n {
        dot_nv[l] = (p.normal.x[l] * p.view_dir.x[l]
            + p.normal.y[l] * p.view_dir.y[l]
            + p.normal.z[l] * p.view_dir.z[l])
            .clamp(0.0, 1.0);
    }
    dfg_lanes(p.roughness, dot_nv, n, dfg, ab_a, ab_b);
    let inputs = DirectInputs {
        n,
        dot_nv,
        ab_a,
        ab_b,
    };
    for (i, light) in lights.direct_lights().iter().enumerate() {
        // Each light as a function of the lane: a directional light's a constant, the others'
        // worked out into `light_dir` and `light_color` first.
        let shadow = p.shadow.and_then(|r| Some((r, r.casts(i)?)));
        if let (LightKind::Directional { to_light, color }, None) = (*light, shadow) {
            let constant = (to_light.to_array(), color.to_array());
            one_light(p, &inputs, i == 0, |_| constant, [dd, ds, cc]);
        } else {
            light_lanes(light, p.position, n, light_dir, light_color);
            // A shadow multiplies the light's colour (`AnalyticLightNode.setupShadow`).
            // Where the light is behind the surface its share is zero whatever the shadow.
            if let Some((receiver, map)) = shadow {
                let facing = |l: usize| p.normal.get(l).dot(light_dir.get(l)) > 0.0;
                receiver.shade(i, map, n, facing, shadow_lane, light_color);
            }
            let (dir, color) = (&*light_dir, &*light_color);
            let at = |l| (dir.get(l).to_array(), color.get(l).to_array());
            one_light(p, &inputs, i == 0, at, [dd, ds, cc]);
        }
    }
    rect_lights(lights, p, [dd, ds, cc]);
    // Without hemisphere lights the irradiance is the ambient sum at every lane: a constant.
    if let Some(ambient) = lights.uniform_irradiance() {
        let ambient = ambient.to_array();
        outgoing_lanes(p, &inputs, [dd, ds], |_| ambient, out);
    } else {
        irradiance_lanes(lights, p.normal_world, n, irradiance);
        let irradiance = &*irradiance;
        outgoing_lanes(p, &inputs, [dd, ds], |l| irradiance.get(l).to_array(), out);
    }
    if let (Some((_, roughness)), Some(env)) = (p.clearcoat, p.environment) {
        // The clearcoat's indirect specular: its radiance times EnvironmentBRDF (f0 0.04, f90 1),
        // times the AO (`ambientOcclusion`).
        for l in 0..n {
            let ab = super::brdf::dfg(roughness[l], dot_nv[l]);
            let brdf = 0.04 * ab.x + ab.y;
            cc.set(
                l,
                cc.get(l) + env.clearcoat_radiance.get(l) * brdf * p.ao[l],
            );
        }
    }
    if let Some((strength, _)) = p.clearcoat {
        for l in 0..n {
            let fcc = 0.04 * (1.0 - exp2_lane((-5.55473 * dot_nv[l] - 6.98316) * dot_nv[l]))
                + exp2_lane((-5.55473 * dot_nv[l] - 6.98316) * dot_nv[l]);
            let outgoing = out.get(l) * (1.0 - strength * fcc) + cc.get(l) * strength;
            out.set(l, outgoing);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::scalar_models::{physical, Physical, Surface};
    use super::*;
    use crate::scene::Light;
    use glam::Mat4;
    use tsl_core::Color;

    #[test]
    fn the_lanes_agree_with_the_scalar_model() {
        let directional = Light::directional(Color::WHITE, 3.0, Vec3::new(1.0, 1.0, 1.0));
        let point = Light::point(Color::from_hex(0xffeedd), 6.0, Vec3::new(0.6, 1.2, -0.8));
        let spot = Light::spot(
            Color::WHITE,
            20.0,
            Vec3::new(0.0, 2.0, 0.0),
            Vec3::new(0.0, 0.0, -3.0),
            0.6,
        );
        let ambient = Light::ambient(Color::from_hex(0x404040), 1.0);
        let rect = Light::rect_area(
            Color::WHITE,
            4.0,
            2.0,
            1.0,
            Vec3::new(0.0, 1.0, 1.0),
            Vec3::new(0.0, 0.0, -3.0),
        );
        let hemisphere =
            Light::hemisphere(Color::from_hex(0x87ceeb), Color::from_hex(0x8b5a2b), 1.5);
        // Every kind of light; the spin example's (a directional light first, no hemisphere);
        // a directional light after another; no direct light; no light at all. One scratch for
        // all, so that a sum left from an earlier batch would show.
        let sets = [
            vec![directional, point, spot, ambient, hemisphere],
            vec![ambient, directional],
            vec![point, directional, hemisphere],
            vec![ambient, hemisphere],
            vec![],
            vec![rect, ambient],
            vec![directional, rect],
        ];
        let mut scratch = PhysicalScratch::default();
        for set in &sets {
            agree_with_the_scalar_model(&FrameLights::new(set, Mat4::IDENTITY), &mut scratch);
        }
    }

    fn agree_with_the_scalar_model(lights: &FrameLights, scratch: &mut PhysicalScratch) {
        let mut normal = Lanes3::default();
        let mut world = Lanes3::default();
        let mut view = Lanes3::default();
        let mut position = Lanes3::default();
        let mut diffuse = Lanes3::default();
        let mut ao = [0.0; LANES];
        let mut roughness = [0.0; LANES];
        let mut cc_roughness = [0.0; LANES];
        for l in 0..LANES {
            let t = l as f32 / LANES as f32;
            let n = Vec3::new((t * 7.0).sin(), (t * 3.0).cos(), 1.0).normalize();
            let p = Vec3::new(t - 0.5, 0.3 - t, -3.0 + t);
            normal.set(l, n);
            world.set(l, n);
            view.set(l, (-p).normalize());
            position.set(l, p);
            diffuse.set(l, Vec3::new(1.0, 0.5 * t, 0.2));
            ao[l] = 1.0 - 0.5 * t;
            roughness[l] = 0.05 + 0.9 * t;
            cc_roughness[l] = 0.1 + 0.2 * t;
        }
        for (metalness, clearcoat) in [(0.0, None), (0.7, Some(0.8))] {
            let mut out = Lanes3::default();
            physical_lanes(
                lights,
                &PhysicalLanes {
                    count: LANES,
                    normal: &normal,
                    normal_world: &world,
                    view_dir: &view,
                    position: &position,
                    diffuse: &diffuse,
                    ao: &ao,
                    roughness: &roughness,
                    metalness: &[metalness; LANES],
                    clearcoat: clearcoat.map(|s| (s, &cc_roughness)),
                    environment: None,
                    shadow: None,
                    backdrop: None,
                },
                scratch,
                &mut out,
            );
            for l in 0..LANES {
                let s = Surface {
                    normal: normal.get(l),
                    normal_world: world.get(l),
                    view_dir: view.get(l),
                    position: position.get(l),
                    diffuse: diffuse.get(l),
                    ao: ao[l],
                };
                let reference = physical(
                    lights,
                    &s,
                    &Physical {
                        roughness: roughness[l],
                        metalness,
                        clearcoat: clearcoat.map(|c| (c, cc_roughness[l])),
                    },
                );
                let got = out.get(l);
                assert!(
                    (got - reference).abs().max_element()
                        <= 2e-5 * reference.max_element().max(1.0),
                    "lane {l}: {got} against {reference}"
                );
            }
        }
    }
}
