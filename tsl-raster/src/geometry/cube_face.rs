//! The face of a cube a direction points into: the one rule that cube textures and the
//! environment's cube maps share (here, below both, as tests/layers.rs's rows need).

use glam::Vec3;

/// The face a direction points into (0 to 5: +x, −x, +y, −y, +z, −z) and its coordinates on
/// it, `(b, c)` in [−1, 1]: the two other components in increasing axis order over the major
/// one's magnitude. Ties go to x before y before z, as Mesa's samplers break them. A zero or
/// NaN major component gives `(0, 0)` on its face. The cube textures (texture/cube.rs) and
/// the environment's cube maps (environment/cube.rs) share it.
pub(crate) fn face_coords(d: Vec3) -> (usize, f32, f32) {
    let abs = d.abs();
    let a = if abs.x >= abs.y && abs.x >= abs.z {
        0
    } else if abs.y >= abs.z {
        1
    } else {
        2
    };
    let c = d.to_array();
    let major = c[a];
    let (b, cc) = match a {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    let face = 2 * a + usize::from(major < 0.0);
    let m = major.abs();
    if m > 0.0 && m.is_finite() {
        (face, c[b] / m, c[cc] / m)
    } else {
        (face, 0.0, 0.0)
    }
}
