//! The scene-depth gate of a VOLUME material (R-VOL-5, docs/requirements.md): the opaque
//! scene's camera-axis distance at a pixel, from the depth the opaque draws left there.
//!
//! The renderer captures each pixel's window depth after the opaque draws and before the first
//! blended one (the tile's depth buffer at that point: what survived the depth test, the mask,
//! the discards and the alpha test; no volume, blended draw or later depth write). A ray step
//! contributes only where its own camera-axis distance is at most that distance. Both are
//! distances along the camera's axis in world units, so the comparison is the same for
//! perspective and orthographic cameras (three.js r187 compares a perspective step depth with
//! the scene's depth, which mixes spaces for an orthographic camera).

use glam::Mat4;

/// What turns a window depth of the frame into a camera-axis distance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SceneDepth {
    /// The camera's projection (camera space to clip space, OpenGL's depth −1 to 1, which the
    /// set-up maps to the window's 0 to 1).
    projection: Mat4,
    /// The camera's far distance: what a clear pixel reads.
    far: f32,
}

impl SceneDepth {
    /// The gate of a frame drawn through `projection` by a camera whose far plane is `far`.
    pub fn new(projection: Mat4, far: f32) -> SceneDepth {
        SceneDepth { projection, far }
    }

    /// The camera-axis distance (positive in front of the camera) of the window depth `z`: its
    /// normalized depth is `n = 2z − 1 = (a·v + b) / (c·v + d)` for the view-space depth `v`
    /// with the projection's third and fourth rows, so `v = (b − n·d) / (n·c − a)`. A clear
    /// pixel (`z` of 1 or more, or not a number) reads the camera's far.
    pub fn distance(&self, z: f32) -> f32 {
        if z >= 1.0 || z.is_nan() {
            return self.far;
        }
        let p = &self.projection;
        let (a, b) = (p.z_axis.z, p.w_axis.z);
        let (c, d) = (p.z_axis.w, p.w_axis.w);
        let n = 2.0 * z - 1.0;
        let v = (b - n * d) / (n * c - a);
        -v
    }
}

/// Whether a ray step at camera-axis distance `step` contributes in front of an opaque scene at
/// camera-axis distance `scene`: at or before it.
pub(crate) fn admits(step: f32, scene: f32) -> bool {
    step <= scene
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked cases of docs/volumes.md: near 1, far 9.
    #[test]
    fn window_depths_give_the_camera_axis_distance() {
        // Perspective (the window depth of OpenGL's projection): z = far (d − near) /
        // (d (far − near)); at d = 3,
        // 9 · 2 / (3 · 8) = 0.75.
        let perspective = SceneDepth::new(Mat4::perspective_rh_gl(1.0, 1.0, 1.0, 9.0), 9.0);
        assert!((perspective.distance(0.75) - 3.0).abs() < 1e-5);
        assert!((perspective.distance(0.0) - 1.0).abs() < 1e-5);
        // Orthographic: z = (d − near) / (far − near); at d = 3, 0.25.
        let orthographic = SceneDepth::new(
            Mat4::orthographic_rh_gl(-1.0, 1.0, -1.0, 1.0, 1.0, 9.0),
            9.0,
        );
        assert!((orthographic.distance(0.25) - 3.0).abs() < 1e-5);
        // A clear pixel reads the far distance.
        assert_eq!(perspective.distance(1.0), 9.0);
        assert_eq!(orthographic.distance(f32::NAN), 9.0);
    }

    #[test]
    fn a_step_contributes_at_or_before_the_scene() {
        // Orthographic, near 1, far 9: a step at 2 before a surface at 3 is admitted (r186
        // compared 0.5625 with 0.25 and rejected it).
        let ortho = SceneDepth::new(
            Mat4::orthographic_rh_gl(-1.0, 1.0, -1.0, 1.0, 1.0, 9.0),
            9.0,
        );
        assert!(admits(2.0, ortho.distance(0.25)));
        // Perspective, near 1, far 9: a step at 3 behind a surface at 2 (z = 9/16) is rejected.
        let persp = SceneDepth::new(Mat4::perspective_rh_gl(1.0, 1.0, 1.0, 9.0), 9.0);
        assert!(!admits(3.0, persp.distance(9.0 / 16.0)));
        assert!(admits(2.0, persp.distance(9.0 / 16.0) + 1e-5));
    }
}
