//! Stage 5 of shading, [`shade_lights`]: the lights through the material's model, the
//! emissive, the fog.

use super::backdrop::backdrop_lanes;
use super::environment::{environment_lanes, EnvironmentInputs, EnvironmentLanes};
use super::lane_math::{unit_or_zero, Lanes3};
use super::maps::read_map;
use super::physical::{physical_lanes, PhysicalLanes, PhysicalScratch};
use super::physical_full::{physical_full_lanes, EnvironmentOf, ExtensionMaps};
use super::scalar_models::{final_roughness, phong, Surface};
use super::shadow::{received_shadow_lanes, Receiver};
use super::sss::{scattering_sum, thickness_lanes, Thickness};
use super::state::BatchState;
use super::transmission::transmission_lanes;
use crate::scene::MaterialKind;
use glam::Vec3;

/// Stage 5: the lights with the bent normal (the physical model over the whole batch at once,
/// Lambert and Phong a fragment at a time), the AO dimming the indirect light, the colour
/// multiplied by the arriving light, the emissive added, then the fog. The alpha stays the
/// surface's.
#[inline(always)]
pub(super) fn shade_lights(state: &mut BatchState, physical_scratch: &mut PhysicalScratch) {
    let m = state.draw.material;
    let scattering_map = state.map(m.scattering.and_then(|s| s.map));
    let thickness = thickness_lanes(state);
    let received = received_shadow_lanes(state);
    // A transmissive material's light through it is a backdrop of its own (R-SCREEN-3).
    let backdrop = backdrop_lanes(state).or_else(|| transmission_lanes(state));
    let extension_maps = (m.uses_physical_extensions() || thickness.is_some())
        .then(|| ExtensionMaps::of(m, state.draw.has_tangents, |id| state.map(id)));
    let BatchState {
        ctx,
        draw,
        n,
        lanes: s,
        out,
        frags: state_frags,
        ..
    } = state;
    let (ctx, draw, n) = (*ctx, *draw, *n);
    let m = draw.material;
    let fog = ctx.fog.filter(|_| m.fog);
    let lights = ctx.lightings.of(m.lights);
    if ctx.orthographic {
        s.view_dir.x[..n].fill(0.0);
        s.view_dir.y[..n].fill(0.0);
        s.view_dir.z[..n].fill(1.0);
    } else {
        let (p, v) = (&s.position_view, &mut s.view_dir);
        for l in 0..n {
            [v.x[l], v.y[l], v.z[l]] = unit_or_zero(-p.x[l], -p.y[l], -p.z[l]);
        }
    }
    let clearcoat = m.kind == MaterialKind::Physical && m.clearcoat > 0.0;
    // The shadows that fall on a receiver (R-SHADOW-3): each direct light's colour times its
    // shadow factor.
    let receiver = ctx.shadows.receives(draw.object).then_some(Receiver {
        shadows: &ctx.shadows,
        slots: lights.slots(),
        position: &s.position_view,
        normal: &s.normal_view,
        frags: state_frags,
        received: received.as_deref(),
    });
    // A backdrop takes the place of the total diffuse light inside each model, before its
    // finish (shade/backdrop.rs).
    let backdrop = backdrop.as_ref();
    match m.kind {
        MaterialKind::Standard | MaterialKind::Physical => {
            // The physical model runs over the whole batch at once (shade/physical.rs).
            for l in 0..n {
                s.roughness[l] = final_roughness(s.material_roughness[l], s.geometry_roughness[l]);
            }
            if let Some(maps) = &extension_maps {
                // The physical extensions, one fragment at a time (shade/physical_full.rs).
                let environment = match &m.env_map {
                    Some(e) => Some((&**e, m.env_map_intensity)),
                    None => ctx.environment.as_ref().map(|(e, k)| (&**e, *k)),
                }
                .map(|(e, intensity)| {
                    let view_to_world = ctx.view_to_world;
                    (
                        e,
                        EnvironmentOf {
                            intensity,
                            view_to_world,
                        },
                    )
                });
                let (shadow, mut outgoing) = (receiver.as_ref(), Lanes3::default());
                physical_full_lanes(
                    lights,
                    m,
                    maps,
                    (thickness.as_ref(), environment),
                    (shadow, backdrop),
                    (s, &mut outgoing),
                    n,
                );
                s.outgoing = outgoing;
            } else {
                if clearcoat {
                    for l in 0..n {
                        s.clearcoat_roughness[l] =
                            final_roughness(m.clearcoat_roughness, s.geometry_roughness[l]);
                    }
                }
                // The material's own environment, else the scene's (`materialEnvIntensity`).
                let environment = match &m.env_map {
                    Some(e) => Some((&**e, m.env_map_intensity)),
                    None => ctx.environment.as_ref().map(|(e, k)| (&**e, *k)),
                };
                let mut env_lanes = None;
                if let Some((environment, intensity)) = environment {
                    let lanes = env_lanes.insert(EnvironmentLanes::default());
                    environment_lanes(
                        &EnvironmentInputs {
                            environment,
                            intensity,
                            view_to_world: ctx.view_to_world,
                            count: n,
                            normal_view: &s.normal_view,
                            normal_world: &s.normal_world,
                            view_dir: &s.view_dir,
                            roughness: &s.roughness,
                            clearcoat_roughness: clearcoat.then_some(&s.clearcoat_roughness),
                        },
                        lanes,
                    );
                }
                physical_lanes(
                    lights,
                    &PhysicalLanes {
                        count: n,
                        normal: &s.normal_view,
                        normal_world: &s.normal_world,
                        view_dir: &s.view_dir,
                        position: &s.position_view,
                        diffuse: &s.diffuse,
                        ao: &s.ao,
                        roughness: &s.roughness,
                        metalness: &s.metalness,
                        clearcoat: clearcoat.then_some((m.clearcoat, &s.clearcoat_roughness)),
                        environment: env_lanes.as_ref(),
                        shadow: receiver.as_ref(),
                        backdrop,
                    },
                    physical_scratch,
                    &mut s.outgoing,
                );
            }
        }
        MaterialKind::Basic => {
            for l in 0..n {
                s.outgoing.x[l] = s.diffuse.x[l] * s.ao[l];
                s.outgoing.y[l] = s.diffuse.y[l] * s.ao[l];
                s.outgoing.z[l] = s.diffuse.z[l] * s.ao[l];
                // Unlit: the whole light is the diffuse light.
                if let Some(b) = backdrop {
                    let outgoing = s.outgoing.get(l);
                    s.outgoing.set(l, outgoing + b.share(l, outgoing));
                }
            }
        }
        MaterialKind::Lambert | MaterialKind::Phong => {
            let specular =
                (m.kind == MaterialKind::Phong).then(|| (m.specular.to_vec3(), m.shininess));
            let scattering = m.scattering.filter(|_| m.kind == MaterialKind::Phong);
            for l in 0..n {
                let surface = Surface {
                    normal: s.normal_view.get(l),
                    normal_world: s.normal_world.get(l),
                    view_dir: s.view_dir.get(l),
                    position: s.position_view.get(l),
                    diffuse: s.diffuse.get(l),
                    ao: s.ao[l],
                };
                let shadow = |i| receiver.as_ref().map_or(Vec3::ONE, |r| r.factor_of(i, l));
                let backdrop = backdrop.map(|b| b.at(l));
                let mut outgoing = phong(lights, &surface, specular, backdrop, shadow);
                if let Some(sc) = &scattering {
                    // The thickness map's red channel times the colour (white without a map).
                    let red =
                        scattering_map.map_or(1.0, |t| read_map(t, s.uv_raw.get(l), s.duv[l]).x);
                    let t = Thickness {
                        color: sc.color.to_vec3() * red,
                        distortion: sc.distortion,
                        ambient: sc.ambient,
                        attenuation: sc.attenuation,
                        power: sc.power,
                        scale: sc.scale,
                    };
                    let (v, n) = (surface.view_dir, surface.normal);
                    outgoing += scattering_sum(lights, surface.position, (v, n), &t, shadow);
                }
                s.outgoing.set(l, outgoing);
            }
        }
        MaterialKind::Normals | MaterialKind::Depth => s.outgoing = s.diffuse,
        // The ray's light, gathered by `volume::shade_volume` before this stage; three's
        // VolumetricLightingModel.finish replaces the outgoing light with it, so a
        // backdrop changes nothing.
        MaterialKind::Volume => {}
    }
    for l in 0..n {
        let outgoing = s.outgoing.get(l);
        let mut rgb = (outgoing + s.emissive.get(l)).max(Vec3::ZERO);
        let alpha = s.alpha[l].max(0.0);
        if let Some(fog) = fog {
            let factor = fog.factor(-s.position_view.z[l]);
            rgb = rgb.lerp(fog.color().to_vec3(), factor);
        }
        out[l].color = [rgb.x, rgb.y, rgb.z, alpha];
    }
}
