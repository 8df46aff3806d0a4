//! Light let through a surface from behind: three.js r187's `MeshSSSNodeMaterial` lighting
//! (`SSSLightingModel.direct`) and the Phong `SubsurfaceScatteringShader` of its examples, the
//! same formula (after Barré-Brisebois and Bouchard, GDC 2011).

use super::lane_math::{copy_register, Lanes3};
use super::state::BatchState;
use crate::frame::lights::FrameLights;
use crate::scene::MaterialKind;
use glam::Vec3;
use tsl_core::{Lane, Output, LANES};

/// The thickness parameters at a fragment: the colour (the thickness already in it) and the
/// five numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Thickness {
    pub color: Vec3,
    pub distortion: f32,
    pub ambient: f32,
    pub attenuation: f32,
    pub power: f32,
    pub scale: f32,
}

/// MeshSSSNodeMaterial's thickness outputs at each lane of a batch: the colour node's value and
/// the five numbers (each its node's value, or three's default where the graph sets none).
pub(crate) struct ThicknessLanes {
    pub color: Lanes3,
    /// Distortion, ambient, attenuation, power, scale.
    pub numbers: [Lane; 5],
}

/// The five numbers' outputs and three's defaults (`MeshSSSNodeMaterial`'s constructor):
/// distortion 0.1, ambient 0, attenuation 0.1, power 2, scale 10.
pub(crate) const THICKNESS_NUMBERS: [(Output, f32); 5] = [
    (Output::ThicknessDistortion, 0.1),
    (Output::ThicknessAmbient, 0.0),
    (Output::ThicknessAttenuation, 0.1),
    (Output::ThicknessPower, 2.0),
    (Output::ThicknessScale, 10.0),
];

impl ThicknessLanes {
    /// Lane `l`'s thickness.
    pub(crate) fn at(&self, l: usize) -> Thickness {
        let [distortion, ambient, attenuation, power, scale] = self.numbers.map(|k| k[l]);
        Thickness {
            color: self.color.get(l),
            distortion,
            ambient,
            attenuation,
            power,
            scale,
        }
    }
}

/// The thickness outputs of the draw's program over the first `n` lanes, when it has a
/// thickness colour (a PHYSICAL material's program: three's MeshSSSNodeMaterial).
pub(super) fn thickness_lanes(state: &mut BatchState) -> Option<ThicknessLanes> {
    let draw = state.draw;
    let n = state.n;
    let program = draw.program?;
    if draw.material.kind != MaterialKind::Physical || !program.has_output(Output::ThicknessColor) {
        return None;
    }
    let mut t = ThicknessLanes {
        color: Lanes3::default(),
        numbers: [[0.0; LANES]; 5],
    };
    let r = state.nodes.run(draw, Output::ThicknessColor, n)?;
    copy_register(r, &mut t.color, n);
    for (lanes, (output, default)) in t.numbers.iter_mut().zip(THICKNESS_NUMBERS) {
        match state.nodes.run(draw, output, n) {
            Some(r) => lanes[..n].copy_from_slice(&r[0][..n]),
            None => lanes[..n].fill(default),
        }
    }
    Some(t)
}

/// One direct light's scattered share: `(pow(saturate(dot(V, −H)), power) · scale + ambient) ·
/// color · attenuation · lightColor`, `H = normalize(L + N · distortion)`.
pub(crate) fn scattering(l: Vec3, v: Vec3, n: Vec3, light: Vec3, t: &Thickness) -> Vec3 {
    let half = (l + n * t.distortion).normalize_or_zero();
    let dot = v.dot(-half).clamp(0.0, 1.0).powf(t.power) * t.scale;
    (dot + t.ambient) * t.color * (t.attenuation * light)
}

/// The scattered light of every direct light at a fragment at view-space `position`, each
/// light's colour times `shadow(i)` (its shadow: three's light colour is the shadowed one).
pub(crate) fn scattering_sum(
    lights: &FrameLights,
    position: Vec3,
    (v, n): (Vec3, Vec3),
    t: &Thickness,
    shadow: impl Fn(usize) -> Vec3,
) -> Vec3 {
    let mut sum = Vec3::ZERO;
    lights.each_direct_indexed(position, |i, l, color| {
        sum += scattering(l, v, n, color * shadow(i), t)
    });
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults(color: Vec3) -> Thickness {
        Thickness {
            color,
            distortion: 0.1,
            ambient: 0.0,
            attenuation: 0.1,
            power: 2.0,
            scale: 10.0,
        }
    }

    #[test]
    fn a_light_straight_behind_shows_through() {
        // The light behind the surface (L = −V) with the normal facing the viewer: H =
        // normalize(−V + 0.1·V) = −V, so dot(V, −H) = 1: (1 · 10 + 0) · color · 0.1 · light.
        let v = Vec3::Z;
        let got = scattering(
            -v,
            v,
            v,
            Vec3::splat(2.0),
            &defaults(Vec3::new(1.0, 0.4, 0.2)),
        );
        assert!((got - Vec3::new(2.0, 0.8, 0.4)).length() < 1e-5, "{got}");
    }

    #[test]
    fn a_light_in_front_lets_only_the_ambient_through() {
        // L = V: H = normalize(V · 1.1) = V, dot(V, −V) = −1, saturated to 0: only the ambient,
        // 0.5 · color · 0.1 · light.
        let v = Vec3::Z;
        let t = Thickness {
            ambient: 0.5,
            ..defaults(Vec3::ONE)
        };
        let got = scattering(v, v, v, Vec3::ONE, &t);
        assert!((got - Vec3::splat(0.05)).length() < 1e-6, "{got}");
    }

    #[test]
    fn the_lobe_is_a_power_of_the_cosine() {
        // L at 90° to V (the normal along V, distortion 0): H = L, dot(V, −L) = 0; a light from
        // behind at 60° off the axis: L = (sin 60°, 0, −cos 60°), dot(V, −L) = cos 60° = 0.5,
        // so 0.5² · 10 · 0.1 = 0.25.
        let v = Vec3::Z;
        let t = Thickness {
            distortion: 0.0,
            ..defaults(Vec3::ONE)
        };
        let l = Vec3::new(60f32.to_radians().sin(), 0.0, -0.5);
        let got = scattering(l, v, v, Vec3::ONE, &t);
        assert!((got - Vec3::splat(0.25)).length() < 1e-5, "{got}");
    }
}
