//! The scene's lights in the camera's space, once per frame, with three.js r187's formulas
//! (R-RAST-4, docs/requirements.md): the direct lights give a direction and a colour at a point,
//! the ambient and hemisphere lights an irradiance for a normal.

use super::rect_area::RectLight;
use crate::scene::{smoothstep, Light, LightMask};
use glam::{Mat4, Vec3};

/// A direct light in view space.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LightKind {
    Directional {
        to_light: Vec3,
        color: Vec3,
    },
    Point {
        position: Vec3,
        color: Vec3,
        cutoff: f32,
        decay: f32,
    },
    Spot {
        position: Vec3,
        axis: Vec3,
        color: Vec3,
        cone_cos: f32,
        penumbra_cos: f32,
        cutoff: f32,
        decay: f32,
    },
}

/// A hemisphere light: its sky and ground colours (times intensity) and its world direction.
#[derive(Clone, Copy, Debug)]
struct Hemisphere {
    sky: Vec3,
    ground: Vec3,
    up: Vec3,
}

/// The frame's lights.
#[derive(Clone, Debug, Default)]
pub(crate) struct FrameLights {
    ambient: Vec3,
    hemispheres: Vec<Hemisphere>,
    direct: Vec<LightKind>,
    /// Each direct light's place among the scene's directional, point and spot lights: the slot
    /// of its shadow map (`frame::shadow`), the same whichever mask picked it (R-MASK-3: the
    /// lights keep their shadows).
    slots: Vec<usize>,
    rects: Vec<RectLight>,
}

/// `getDistanceAttenuation`: `1 / max(d^decay, 0.01)`, cut smoothly to zero at `cutoff` when it is
/// above zero.
pub(crate) fn distance_attenuation(distance: f32, cutoff: f32, decay: f32) -> f32 {
    let falloff = 1.0 / distance.powf(decay).max(0.01);
    if cutoff > 0.0 {
        let r = distance / cutoff;
        let fade = (1.0 - r * r * r * r).clamp(0.0, 1.0);
        falloff * fade * fade
    } else {
        falloff
    }
}

// What the physical model's lanes read, and the GPU renderer packs for its shader.
#[cfg_attr(not(feature = "gpu"), allow(dead_code))]
impl FrameLights {
    /// The ambient lights' sum.
    pub fn ambient(&self) -> Vec3 {
        self.ambient
    }

    /// Each hemisphere light: sky and ground colours (times intensity), and its world direction.
    pub fn hemispheres(&self) -> impl Iterator<Item = (Vec3, Vec3, Vec3)> + '_ {
        self.hemispheres.iter().map(|h| (h.sky, h.ground, h.up))
    }

    /// The direct lights, in view space.
    pub fn direct(&self) -> &[LightKind] {
        &self.direct
    }
}

impl FrameLights {
    /// The lights of a scene seen through `view` (world to camera).
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn new(lights: &[Light], view: Mat4) -> FrameLights {
        FrameLights::masked(lights, view, crate::scene::ALL_LIGHTS)
    }

    /// The lights of a scene that `mask` names, seen through `view` (R-MASK-3: the ambient and
    /// hemisphere lights are masked too, as three.js's `lightsNode` replaces them all).
    pub fn masked(lights: &[Light], view: Mat4, mask: LightMask) -> FrameLights {
        let mut frame = FrameLights::default();
        let point = |p: Vec3| view.transform_point3(p);
        let mut slot = 0;
        for (i, light) in lights.iter().enumerate() {
            let direct = matches!(
                light,
                Light::Directional { .. } | Light::Point { .. } | Light::Spot { .. }
            );
            if direct {
                slot += 1;
            }
            if !mask.has(i) {
                continue;
            }
            if direct {
                frame.slots.push(slot - 1);
            }
            match *light {
                Light::Ambient { color, intensity } => frame.ambient += color.to_vec3() * intensity,
                Light::Hemisphere {
                    sky,
                    ground,
                    intensity,
                    position,
                } => frame.hemispheres.push(Hemisphere {
                    sky: sky.to_vec3() * intensity,
                    ground: ground.to_vec3() * intensity,
                    up: position.normalize_or_zero(),
                }),
                Light::Directional {
                    color,
                    intensity,
                    position,
                    target,
                    ..
                } => frame.direct.push(LightKind::Directional {
                    to_light: (point(position) - point(target)).normalize_or_zero(),
                    color: color.to_vec3() * intensity,
                }),
                Light::Point {
                    color,
                    intensity,
                    position,
                    distance,
                    decay,
                    ..
                } => frame.direct.push(LightKind::Point {
                    position: point(position),
                    color: color.to_vec3() * intensity,
                    cutoff: distance,
                    decay,
                }),
                Light::Spot {
                    color,
                    intensity,
                    position,
                    target,
                    distance,
                    angle,
                    penumbra,
                    decay,
                    ..
                } => frame.direct.push(LightKind::Spot {
                    position: point(position),
                    axis: (point(position) - point(target)).normalize_or_zero(),
                    color: color.to_vec3() * intensity,
                    cone_cos: angle.cos(),
                    penumbra_cos: (angle * (1.0 - penumbra)).cos(),
                    cutoff: distance,
                    decay,
                }),
                Light::RectArea {
                    color,
                    intensity,
                    width,
                    height,
                    position,
                    target,
                } => frame.rects.push(RectLight::new(
                    color.to_vec3() * intensity,
                    [width, height],
                    position,
                    target,
                    view,
                )),
            }
        }
        frame
    }

    /// The shadow slot of each of [`FrameLights::direct`] (its place among the scene's
    /// directional, point and spot lights).
    pub fn slots(&self) -> &[usize] {
        &self.slots
    }

    /// The rect area lights, in view space.
    pub fn rects(&self) -> &[RectLight] {
        &self.rects
    }

    /// The direct lights, in view space.
    pub fn direct_lights(&self) -> &[LightKind] {
        &self.direct
    }

    /// The indirect irradiance of the ambient and hemisphere lights for a world normal.
    pub fn irradiance(&self, normal_world: Vec3) -> Vec3 {
        let mut sum = self.ambient;
        for h in &self.hemispheres {
            let weight = 0.5 * normal_world.dot(h.up) + 0.5;
            sum += h.ground.lerp(h.sky, weight);
        }
        sum
    }

    /// The irradiance when it is the same for every normal (no hemisphere lights): the ambient
    /// sum, what [`FrameLights::irradiance`] then gives.
    pub fn uniform_irradiance(&self) -> Option<Vec3> {
        self.hemispheres.is_empty().then_some(self.ambient)
    }

    /// Call `f(direction to the light, arriving colour)` for each direct light at the view-space
    /// point `position`.
    pub fn each_direct(&self, position: Vec3, mut f: impl FnMut(Vec3, Vec3)) {
        self.each_direct_indexed(position, |_, l, c| f(l, c));
    }

    /// [`FrameLights::each_direct`] with each light's index among the direct lights (the index of
    /// its shadow map, `FrameShadows::light`): `f(index, direction to the light, colour)`.
    pub fn each_direct_indexed(&self, position: Vec3, mut f: impl FnMut(usize, Vec3, Vec3)) {
        for (i, light) in self.direct.iter().enumerate() {
            let mut f = |l, c| f(i, l, c);
            match *light {
                LightKind::Directional { to_light, color } => f(to_light, color),
                LightKind::Point {
                    position: p,
                    color,
                    cutoff,
                    decay,
                } => {
                    let vector = p - position;
                    let d = vector.length();
                    f(
                        vector.normalize_or_zero(),
                        color * distance_attenuation(d, cutoff, decay),
                    );
                }
                LightKind::Spot {
                    position: p,
                    axis,
                    color,
                    cone_cos,
                    penumbra_cos,
                    cutoff,
                    decay,
                } => {
                    let vector = p - position;
                    let l = vector.normalize_or_zero();
                    let mut spot = smoothstep(cone_cos, penumbra_cos, l.dot(axis));
                    if spot.is_nan() {
                        spot = 0.0;
                    }
                    let d = vector.length();
                    f(l, color * spot * distance_attenuation(d, cutoff, decay));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsl_core::Color;

    #[test]
    fn distance_attenuation_is_inverse_square_with_a_smooth_cut() {
        assert_eq!(distance_attenuation(2.0, 0.0, 2.0), 0.25);
        assert_eq!(distance_attenuation(0.05, 0.0, 2.0), 100.0);
        // Halfway to the cutoff: (1 − 1/16)² / 4.
        let f = distance_attenuation(2.0, 4.0, 2.0);
        assert!((f - (15.0f32 / 16.0).powi(2) / 4.0).abs() < 1e-7);
        assert_eq!(distance_attenuation(5.0, 4.0, 2.0), 0.0);
    }

    #[test]
    fn a_spot_is_full_inside_the_penumbra_and_dark_outside_the_cone() {
        let light = Light::Spot {
            color: Color::WHITE,
            intensity: 1.0,
            position: Vec3::new(0.0, 0.0, 1.0),
            target: Vec3::ZERO,
            distance: 0.0,
            angle: 0.5,
            penumbra: 0.5,
            decay: 0.0,
            shadow: None,
        };
        let lights = FrameLights::new(&[light], Mat4::IDENTITY);
        let mut seen = Vec::new();
        lights.each_direct(Vec3::ZERO, |_, c| seen.push(c.x));
        lights.each_direct(Vec3::new(0.9, 0.0, 0.0), |_, c| seen.push(c.x));
        assert_eq!(seen, vec![1.0, 0.0]);
    }

    #[test]
    fn the_hemisphere_blends_ground_to_sky() {
        let lights = FrameLights::new(
            &[Light::hemisphere(Color::WHITE, Color::BLACK, 2.0)],
            Mat4::IDENTITY,
        );
        assert_eq!(lights.irradiance(Vec3::Y), Vec3::splat(2.0));
        assert_eq!(lights.irradiance(Vec3::X), Vec3::splat(1.0));
        assert_eq!(lights.irradiance(-Vec3::Y), Vec3::ZERO);
    }
}
