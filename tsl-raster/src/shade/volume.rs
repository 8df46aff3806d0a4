//! A VOLUME material's ray march (R-VOL-2, docs/requirements.md), three.js r187's
//! `VolumetricLightingModel` over a batch of fragments: the ray between the camera and the
//! fragment, `steps` steps, each gathering the point, spot and rect area lights at its position,
//! scaled by SCATTERING_NODE run with `position_world()` at the step, and dimmed by Beer's law.
//!
//! The result is the fragment's outgoing light (three.js's `outgoingRayLight`); the lights stage
//! adds EMISSIVE_NODE to it and takes the material's opacity as alpha, as for every material.

use super::lane_math::Lanes3;
use super::rect_area::corners;
use super::state::BatchState;
use super::volume_shadow::{volume_shadow_times, VolumeShadow};
use crate::frame::lights::{FrameLights, LightKind};
use crate::frame::rect_area::RectLight;
use crate::frame::volume_depth::admits;
use crate::scene::MaterialKind;
use glam::Vec3;
use tsl_core::{Attribute, Lane, Output, View, LANES};

/// three.js's `LTC_Evaluate_Volume`: the form factor of the rectangle `corners` (view space,
/// counter-clockwise seen from the lit side) seen from `p`, zero behind the light's plane. A
/// rectangle of zero width or height has no area and gives zero before its edges are evaluated
/// (three.js's edges then give NaN or rounding noise).
pub(crate) fn ltc_evaluate_volume(light: &RectLight, p: Vec3) -> f32 {
    if light.half_width == Vec3::ZERO || light.half_height == Vec3::ZERO {
        return 0.0;
    }
    super::rect_area::volume_form_factor(p, corners(light))
}

/// The light arriving at the view-space point `p` from the lights a volume gathers: point and
/// spot lights (colour times distance and cone falloff), and rect area lights (colour times the
/// volume form factor, raised to the power 1.5 per channel, as three.js's `directRectArea`).
/// Directional lights add nothing (three.js skips a light without a distance). `shadow(i)` is
/// what multiplies the `i`-th direct light's colour (its shadow at `p`, R-VOL-4).
pub(crate) fn volume_light(
    lights: &FrameLights,
    p: Vec3,
    mut shadow: impl FnMut(usize) -> Vec3,
) -> Vec3 {
    let mut sum = Vec3::ZERO;
    let direct = lights.direct_lights();
    lights.each_direct_indexed(p, |i, _, color| {
        if !matches!(direct[i], LightKind::Directional { .. }) {
            sum += color * shadow(i);
        }
    });
    for rect in lights.rects() {
        let c = rect.color * ltc_evaluate_volume(rect, p);
        sum += c.powf(1.5);
    }
    sum
}

/// Write the ray's light into `outgoing` for a VOLUME material's batch.
pub(super) fn shade_volume(state: &mut BatchState) {
    let (ctx, draw, n) = (state.ctx, state.draw, state.n);
    let m = draw.material;
    if m.kind != MaterialKind::Volume {
        return;
    }
    let steps = m.volume_steps.max(1);
    let lights = ctx.lightings.of(m.lights);
    let camera = ctx.camera_position;
    let radius = draw.model_radius;
    // Each light's shadow at the steps (R-VOL-4, shade/volume_shadow.rs).
    let shadow = VolumeShadow {
        shadows: &ctx.shadows,
        slots: lights.slots(),
        times: volume_shadow_times(&ctx.shadows, draw.object),
    };
    let gate = m.volume_scene_depth;
    // The opaque scene's distance at each lane's pixel: a caller's snapshot, or the tile's own
    // capture (R-VOL-5).
    let mut scene_distance = [0.0f32; LANES];
    if gate {
        for (l, frag) in state.frags[..n].iter().enumerate() {
            let captured = || ctx.scene_depth.distance(frag.scene_z);
            scene_distance[l] = ctx.volume_snapshot.map_or_else(captured, |s| {
                // Invariant: the snapshot is the frame's size (`with_target` checks the target's).
                s[frag.y as usize * ctx.width as usize + frag.x as usize]
            });
        }
    }

    // Each lane's ray: start, unit direction, step length, and which way it runs.
    let mut start = [Vec3::ZERO; LANES];
    let mut dir = [Vec3::ZERO; LANES];
    let mut step = [0.0f32; LANES];
    let mut front_to_back = [false; LANES];
    for l in 0..n {
        let p = state.lanes.position_world.get(l);
        let towards = (camera - p).length() > radius * 2.0;
        let (from, to) = if towards { (camera, p) } else { (p, camera) };
        let v = to - from;
        start[l] = from;
        dir[l] = v.normalize_or_zero();
        step[l] = v.length() / steps as f32;
        front_to_back[l] = towards;
    }
    // OFFSET_NODE, at the fragment itself: the first step's share of a step.
    let mut travelled = [0.0f32; LANES];
    if let Some(offset) = state.nodes.run(draw, Output::Offset, n) {
        for l in 0..n {
            travelled[l] = offset[0][l] * step[l];
        }
    }

    // The fragment's own positions, put back after the march for the stages that follow.
    let world = Attribute::PositionWorld.lane_index();
    let view = Attribute::PositionView.lane_index();
    let fragment = View::Fragment as usize;
    let saved =
        |state: &BatchState, a: Option<usize>| a.map(|a| state.nodes.batch.views[fragment][a]);
    let (saved_world, saved_view) = (saved(state, world), saved(state, view));

    let mut transmittance = [Vec3::ONE; LANES];
    let mut out = [Vec3::ZERO; LANES];
    let mut density = [Vec3::ZERO; LANES];
    let mut at_world: [Lane; 3] = [[0.0; LANES]; 3];
    let mut at_view: [Lane; 3] = [[0.0; LANES]; 3];
    for _ in 0..steps {
        for l in 0..n {
            let ray = start[l] + dir[l] * travelled[l];
            let ray_view = ctx.view_matrix.transform_point3(ray);
            for k in 0..3 {
                at_world[k][l] = ray[k];
                at_view[k][l] = ray_view[k];
            }
            let (normal, frag) = (state.lanes.normal_view.get(l), &state.frags[l]);
            let pixel = (frag.x, frag.y);
            // The scene-depth gate (R-VOL-5): a step behind the opaque scene gathers nothing.
            if gate && !admits(-ray_view.z, scene_distance[l]) {
                density[l] = Vec3::ZERO;
                continue;
            }
            density[l] = volume_light(lights, ray_view, |i| {
                shadow.factor(i, ray_view, normal, pixel)
            });
        }
        // SCATTERING_NODE with `position_world()` (and `position_view()`) at the step, as
        // three.js hands `positionRay` to the node and sets the context's positions.
        if let Some(a) = world {
            state.nodes.batch.views[fragment][a] = at_world;
        }
        if let Some(a) = view {
            state.nodes.batch.views[fragment][a] = at_view;
        }
        if let Some(scattering) = state.nodes.run(draw, Output::Scattering, n) {
            let width = draw
                .program
                .map_or(1, |p| p.output_width(Output::Scattering));
            for (l, d) in density.iter_mut().enumerate().take(n) {
                let s = if width >= 3 {
                    Vec3::new(scattering[0][l], scattering[1][l], scattering[2][l])
                } else {
                    Vec3::splat(scattering[0][l])
                };
                *d *= s;
            }
        }
        for l in 0..n {
            // three.js's order of operations: stepLight = density · 0.01; falloff =
            // exp(−(density · 0.01) · stepSize).
            let step_light = density[l] * 0.01;
            let falloff = (-(density[l] * 0.01) * step[l]).exp();
            if front_to_back[l] {
                out[l] += step_light * transmittance[l] * step[l];
            } else {
                out[l] = out[l] * falloff + step_light * step[l];
            }
            transmittance[l] *= falloff;
            travelled[l] += step[l];
        }
    }
    if let (Some(a), Some(v)) = (world, saved_world) {
        state.nodes.batch.views[fragment][a] = v;
    }
    if let (Some(a), Some(v)) = (view, saved_view) {
        state.nodes.batch.views[fragment][a] = v;
    }
    let outgoing: &mut Lanes3 = &mut state.lanes.outgoing;
    for (l, o) in out.iter().enumerate().take(n) {
        outgoing.set(l, *o);
    }
}
