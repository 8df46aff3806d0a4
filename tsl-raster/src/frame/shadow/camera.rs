//! The shadow cameras' matrices as three.js r187 sets them (`LightShadow.updateMatrices`,
//! `SpotLightShadow.updateMatrices`, `PointShadowNode.renderShadow`), in WebGL's clip space (the
//! oracle's backend): z from −1 to 1, so the shadow matrix maps it to 0 to 1.

pub(crate) use crate::scene::camera::look_at_rotation;
use crate::scene::ShadowCamera;
use glam::{Mat3, Mat4, Vec3};

/// The world-to-camera matrix of a camera at `eye` with `rotation` (`matrixWorldInverse`).
pub(crate) fn view_matrix(eye: Vec3, rotation: Mat3) -> Mat4 {
    (Mat4::from_translation(eye) * Mat4::from_mat3(rotation)).inverse()
}

/// `LightShadow._updateMatrix`'s bias for WebGL's clip space: x, y and z from −1..1 to 0..1.
pub(crate) fn bias_matrix() -> Mat4 {
    Mat4::from_cols_array(&[
        0.5, 0.0, 0.0, 0.0, //
        0.0, 0.5, 0.0, 0.0, //
        0.0, 0.0, 0.5, 0.0, //
        0.5, 0.5, 0.5, 1.0,
    ])
}

/// `PerspectiveCamera.updateProjectionMatrix` (zoom 1, no film offset) in WebGL's clip space:
/// `fov_degrees` vertical.
pub(crate) fn perspective(fov_degrees: f32, aspect: f32, near: f32, far: f32) -> Mat4 {
    let top = near * (fov_degrees.to_radians() * 0.5).tan();
    let height = 2.0 * top;
    let width = aspect * height;
    let left = -0.5 * width;
    frustum(left, left + width, top, top - height, near, far)
}

/// `Matrix4.makePerspective(left, right, top, bottom, near, far)` for WebGL.
fn frustum(left: f32, right: f32, top: f32, bottom: f32, near: f32, far: f32) -> Mat4 {
    let x = 2.0 * near / (right - left);
    let y = 2.0 * near / (top - bottom);
    let a = (right + left) / (right - left);
    let b = (top + bottom) / (top - bottom);
    let c = -(far + near) / (far - near);
    let d = -2.0 * far * near / (far - near);
    Mat4::from_cols_array(&[
        x, 0.0, 0.0, 0.0, //
        0.0, y, 0.0, 0.0, //
        a, b, c, -1.0, //
        0.0, 0.0, d, 0.0,
    ])
}

/// `Matrix4.makeOrthographic(left, right, top, bottom, near, far)` for WebGL.
pub(crate) fn orthographic(
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    near: f32,
    far: f32,
) -> Mat4 {
    let w = 1.0 / (right - left);
    let h = 1.0 / (top - bottom);
    let p = 1.0 / (far - near);
    Mat4::from_cols_array(&[
        2.0 * w,
        0.0,
        0.0,
        0.0, //
        0.0,
        2.0 * h,
        0.0,
        0.0, //
        0.0,
        0.0,
        -2.0 * p,
        0.0, //
        -(right + left) * w,
        -(top + bottom) * h,
        -(far + near) * p,
        1.0,
    ])
}

/// A directional or spot light's shadow camera: its projection (`camera`'s, with a spot light's
/// field of view from `angle`, the map's `aspect` and a light's `distance` for far).
pub(crate) fn projection(
    camera: &ShadowCamera,
    spot_angle: f32,
    map_aspect: f32,
    distance: f32,
) -> Mat4 {
    match *camera {
        ShadowCamera::Orthographic {
            left,
            right,
            top,
            bottom,
            near,
            far,
        } => orthographic(left, right, top, bottom, near, far),
        ShadowCamera::Perspective {
            near,
            far,
            focus,
            aspect,
        } => {
            let fov = (2.0 * spot_angle * focus).to_degrees();
            let far = if distance > 0.0 { distance } else { far };
            perspective(fov, map_aspect * aspect, near, far)
        }
    }
}

/// A point light's cube faces for WebGL (`_cubeDirectionsWebGL`, `_cubeUpsWebGL`): +x, −x, +y,
/// −y, +z, −z, each with its up.
pub(crate) const CUBE_FACES: [(Vec3, Vec3); 6] = [
    (Vec3::X, Vec3::NEG_Y),
    (Vec3::NEG_X, Vec3::NEG_Y),
    (Vec3::Y, Vec3::Z),
    (Vec3::NEG_Y, Vec3::NEG_Z),
    (Vec3::Z, Vec3::NEG_Y),
    (Vec3::NEG_Z, Vec3::NEG_Y),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_light_straight_above_is_nudged_as_three_js_nudges_it() {
        // Up (0, 1, 0) and the view along it: z.z += 0.0001 (Matrix4.lookAt).
        let r = look_at_rotation(Vec3::new(0.0, 5.0, 0.0), Vec3::ZERO, Vec3::Y);
        let z = Vec3::new(0.0, 1.0, 0.0001).normalize();
        assert!((r.z_axis - z).length() < 1e-7);
        assert!((r.x_axis - Vec3::Y.cross(z).normalize()).length() < 1e-7);
    }

    #[test]
    fn the_perspective_maps_near_and_far_to_minus_one_and_one() {
        let p = perspective(90.0, 1.0, 0.5, 500.0);
        let near = p * glam::Vec4::new(0.0, 0.0, -0.5, 1.0);
        let far = p * glam::Vec4::new(0.0, 0.0, -500.0, 1.0);
        assert!((near.z / near.w + 1.0).abs() < 1e-6);
        assert!((far.z / far.w - 1.0).abs() < 1e-5);
        // 90°: the corner of the near plane at ±1.
        let corner = p * glam::Vec4::new(0.5, 0.5, -0.5, 1.0);
        assert!((corner.x / corner.w - 1.0).abs() < 1e-6);
    }
}
