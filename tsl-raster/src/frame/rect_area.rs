//! Rect area lights in the camera's space (R-RECT-1, docs/requirements.md): three.js r187's
//! `RectAreaLightNode` gives the lighting model the light's centre and its two half axes.

use crate::scene::camera::look_at_rotation;
use glam::{Mat4, Vec3};

/// A rect area light in view space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RectLight {
    /// The centre.
    pub position: Vec3,
    /// Half the width along the light's local x.
    pub half_width: Vec3,
    /// Half the height along its local y.
    pub half_height: Vec3,
    /// The colour times the intensity.
    pub color: Vec3,
}

/// The light's local x and y axes in world space after `lookAt(target)` from `position`: three.js's
/// `Matrix4.lookAt(eye, target, up)` with up (0, 1, 0), as `Object3D.lookAt` runs it for a light
/// (its −z toward the target), with the same nudges where the axes fall together.
pub(crate) fn look_at_axes(position: Vec3, target: Vec3) -> (Vec3, Vec3) {
    let axes = look_at_rotation(position, target, Vec3::Y);
    (axes.x_axis, axes.y_axis)
}

impl RectLight {
    /// The light of `RectAreaLight(color · intensity, width, height)` at `position` facing
    /// `target`, seen through `view` (world to camera).
    pub fn new(
        color: Vec3,
        [width, height]: [f32; 2],
        position: Vec3,
        target: Vec3,
        view: Mat4,
    ) -> RectLight {
        let (x, y) = look_at_axes(position, target);
        RectLight {
            position: view.transform_point3(position),
            half_width: view.transform_vector3(x * (width * 0.5)),
            half_height: view.transform_vector3(y * (height * 0.5)),
            color,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_light_above_looking_down_has_x_along_x_and_y_toward_minus_z() {
        // Worked by hand: z = (0, 1, 0) (eye − target) is parallel to up, so three nudges z.z by
        // 1e-4; x = up × z = (1e-4, 0, 0) normalised = (1, 0, 0); y = z × x = (0, 1e-4, −1)
        // normalised ≈ (0, 0, −1).
        let (x, y) = look_at_axes(Vec3::new(0.0, 2.0, 0.0), Vec3::ZERO);
        assert!((x - Vec3::X).length() < 1e-6, "{x}");
        assert!((y - Vec3::NEG_Z).length() < 1e-3, "{y}");
    }

    #[test]
    fn a_light_in_front_looking_back_keeps_the_world_axes() {
        // From +z toward the origin: z = (0, 0, 1), x = Y × Z = X, y = Z × X = Y.
        let (x, y) = look_at_axes(Vec3::new(0.0, 0.0, 5.0), Vec3::ZERO);
        assert_eq!((x, y), (Vec3::X, Vec3::Y));
    }
}
