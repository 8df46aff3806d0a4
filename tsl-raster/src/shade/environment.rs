//! Image-based light for STANDARD and PHYSICAL (R-ENV-4): three.js r187's `EnvironmentNode`
//! over a batch. The radiance is the PMREM read at the material's roughness along the reflected
//! view ray bent toward the normal by `roughness⁴` (`mix(reflect, normal, roughness⁴)`,
//! normalised, turned to world space); the irradiance is the roughest level read along the
//! world normal, times π; both times the environment's intensity. The physical model
//! (`physical.rs`) turns them into indirect specular and diffuse light.

use super::lane_math::Lanes3;
use crate::environment::Environment;
use glam::{Mat3, Vec3};
use tsl_core::Lane;

/// The environment's light at each lane of a batch.
#[derive(Default)]
pub(crate) struct EnvironmentLanes {
    /// The specular radiance (`radiance`).
    pub radiance: Lanes3,
    /// The diffuse irradiance (`iblIrradiance`, π times the roughest level).
    pub irradiance: Lanes3,
    /// The clearcoat layer's radiance (`clearcoatRadiance`), when the material has one.
    pub clearcoat_radiance: Lanes3,
}

/// What a batch reads to light itself from an environment.
pub(crate) struct EnvironmentInputs<'a> {
    pub environment: &'a Environment,
    pub intensity: f32,
    pub view_to_world: Mat3,
    pub count: usize,
    pub normal_view: &'a Lanes3,
    pub normal_world: &'a Lanes3,
    pub view_dir: &'a Lanes3,
    pub roughness: &'a Lane,
    pub clearcoat_roughness: Option<&'a Lane>,
}

/// `createRadianceContext`'s direction: `reflect(−v, n)` mixed toward `n` by `roughness⁴`,
/// normalised, then `transformDirection(cameraWorldMatrix)`.
pub(crate) fn radiance_direction(view_to_world: &Mat3, n: Vec3, v: Vec3, roughness: f32) -> Vec3 {
    let i = -v;
    let reflected = i - 2.0 * n.dot(i) * n;
    let r2 = roughness * roughness;
    let bent = reflected.lerp(n, r2 * r2).normalize_or_zero();
    (*view_to_world * bent).normalize_or_zero()
}

/// Each lane's radiance, irradiance (and clearcoat radiance) into `out`.
pub(crate) fn environment_lanes(e: &EnvironmentInputs, out: &mut EnvironmentLanes) {
    let k = e.intensity;
    for l in 0..e.count {
        let n = e.normal_view.get(l);
        let v = e.view_dir.get(l);
        let r = e.roughness[l];
        let dir = radiance_direction(&e.view_to_world, n, v, r);
        out.radiance.set(l, e.environment.sample(dir, r) * k);
        let irradiance =
            e.environment.sample(e.normal_world.get(l), 1.0) * std::f32::consts::PI * k;
        out.irradiance.set(l, irradiance);
        if let Some(cc) = e.clearcoat_roughness {
            let dir = radiance_direction(&e.view_to_world, n, v, cc[l]);
            out.clearcoat_radiance
                .set(l, e.environment.sample(dir, cc[l]) * k);
        }
    }
}

/// The background drawn from an environment at pixel `(x, y)` (rows from the top) of a
/// `width`×`height` image: three's background sphere, centred on the camera, whose interpolated
/// normal is the pixel's ray; the PMREM read there at `roughnessToMip(blurriness)`, times the
/// intensity, opaque. For an orthographic camera the sphere's radius is `3 / projection[1][1]`
/// and the ray is the normal where the pixel's parallel ray leaves it.
pub(crate) fn background_pixel(
    background: &crate::scene::BackgroundEnvironment,
    projection: &glam::Mat4,
    view_to_world: &Mat3,
    orthographic: bool,
    [x, y, width, height]: [u32; 4],
) -> [f32; 4] {
    let ndc_x = (x as f32 + 0.5) / width.max(1) as f32 * 2.0 - 1.0;
    let ndc_y = 1.0 - (y as f32 + 0.5) / height.max(1) as f32 * 2.0;
    let inverse = projection.inverse();
    let view_dir = if orthographic {
        let p = inverse.project_point3(Vec3::new(ndc_x, ndc_y, 0.0));
        let radius = 3.0 / projection.y_axis.y;
        let z = (radius * radius - p.x * p.x - p.y * p.y).max(0.0).sqrt();
        Vec3::new(p.x, p.y, -z)
    } else {
        inverse.project_point3(Vec3::new(ndc_x, ndc_y, 1.0))
    };
    let dir = (*view_to_world * view_dir).normalize_or_zero();
    let c = background.environment.sample(dir, background.blurriness) * background.intensity;
    [c.x, c.y, c.z, 1.0]
}

/// The environment's light at one fragment of the full physical model (`physical_full.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct FragmentEnvironment {
    /// `radiance`: read along the reflected view ray about the normal, or about the
    /// anisotropy's bent normal.
    pub radiance: Vec3,
    /// `iblIrradiance`: π times the roughest level along the world normal.
    pub irradiance: Vec3,
    /// `clearcoatRadiance`: about the clearcoat's normal at its roughness (zero without one).
    pub clearcoat_radiance: Vec3,
}

/// What [`fragment_environment`] reads.
pub(crate) struct FragmentInputs {
    pub intensity: f32,
    pub view_to_world: Mat3,
    /// The normal the radiance is reflected about (`bentNormalView` with anisotropy).
    pub radiance_normal: Vec3,
    pub normal_world: Vec3,
    pub view_dir: Vec3,
    pub roughness: f32,
    /// The clearcoat's normal and roughness.
    pub clearcoat: Option<(Vec3, f32)>,
}

/// three's `EnvironmentNode` at one fragment.
pub(crate) fn fragment_environment(
    environment: &Environment,
    e: &FragmentInputs,
) -> FragmentEnvironment {
    let k = e.intensity;
    let read = |n: Vec3, r: f32| {
        environment.sample(radiance_direction(&e.view_to_world, n, e.view_dir, r), r) * k
    };
    FragmentEnvironment {
        radiance: read(e.radiance_normal, e.roughness),
        irradiance: environment.sample(e.normal_world, 1.0) * std::f32::consts::PI * k,
        clearcoat_radiance: e.clearcoat.map_or(Vec3::ZERO, |(n, r)| read(n, r)),
    }
}

/// `bentNormalView`: the normal bent along the anisotropy's bitangent `b`,
/// `normalize(mix(normalize((b × v) × b), n, (1 − strength · (1 − roughness))⁴))`.
pub(crate) fn bent_normal(n: Vec3, v: Vec3, b: Vec3, strength: f32, roughness: f32) -> Vec3 {
    let bent = b.cross(v).cross(b).normalize_or_zero();
    let w = 1.0 - strength * (1.0 - roughness);
    let w2 = w * w;
    bent.lerp(n, w2 * w2).normalize_or_zero()
}
