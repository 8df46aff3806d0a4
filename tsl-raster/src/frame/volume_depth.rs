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

use crate::assets::Assets;
use crate::error::Refusal;
use crate::frame::screen_pass::TransmissionTarget;
use crate::scene::{Camera, MaterialKind, Scene};
use crate::RenderError;
use glam::{Mat4, Vec4};

/// What turns a window depth of the frame into a camera-axis distance: the depth and `w` rows of
/// the map from camera space to raster pixels (`to_screen`), and the camera's far distance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SceneDepth {
    /// `to_screen`'s third row's z and w entries (the window depth's numerator: `a·v + b`).
    z_row: [f32; 2],
    /// Its fourth row's (the denominator: `c·v + d`).
    w_row: [f32; 2],
    /// The camera's far distance: what a clear pixel reads.
    far: f32,
}

impl SceneDepth {
    /// The gate of a frame drawn through `projection` (camera space to clip space, OpenGL's depth
    /// −1 to 1, which the set-up maps to the window's 0 to 1) by a camera whose far plane is
    /// `far`.
    pub fn new(projection: Mat4, far: f32) -> SceneDepth {
        SceneDepth::from_to_screen(viewport(1, 1) * projection, far)
    }

    /// The gate of a frame whose camera space maps to raster pixels and window depth through
    /// `to_screen` (the low-level callers' matrix, [`Camera::to_screen`]).
    pub fn from_to_screen(to_screen: Mat4, far: f32) -> SceneDepth {
        let m = &to_screen;
        SceneDepth {
            z_row: [m.z_axis.z, m.w_axis.z],
            w_row: [m.z_axis.w, m.w_axis.w],
            far,
        }
    }

    /// The camera-axis distance (positive in front of the camera) of the window depth `z`:
    /// `z = (a·v + b) / (c·v + d)` for the view-space depth `v` with `to_screen`'s third and
    /// fourth rows, so `v = (b − z·d) / (z·c − a)`. A clear pixel (`z` of 1 or more, or not a
    /// number) reads the camera's far.
    pub fn distance(&self, z: f32) -> f32 {
        if z >= 1.0 || z.is_nan() {
            return self.far;
        }
        let ([a, b], [c, d]) = (self.z_row, self.w_row);
        let v = (b - z * d) / (z * c - a);
        -v
    }
}

/// The map from normalized device coordinates (OpenGL's, depth −1 to 1) to raster pixels of a
/// `width` × `height` image, (0, 0) its top-left corner, and window depth 0 to 1.
fn viewport(width: u32, height: u32) -> Mat4 {
    let (w, h) = (width as f32, height as f32);
    Mat4::from_cols(
        Vec4::new(0.5 * w, 0.0, 0.0, 0.0),
        Vec4::new(0.0, -0.5 * h, 0.0, 0.0),
        Vec4::new(0.0, 0.0, 0.5, 0.0),
        Vec4::new(0.5 * w, 0.5 * h, 0.5, 1.0),
    )
}

impl Camera {
    /// The map from this camera's space to the raster pixels of a `width` × `height` frame
    /// ((0, 0) the top-left corner, y down) and window depth (0 at the near plane, 1 at the
    /// far): the projection the renderers use for that frame, then the viewport. What
    /// [`TransmissionTarget::capture_volume_depth`] takes as `to_screen` (R-VOL-5).
    pub fn to_screen(&self, width: u32, height: u32) -> Mat4 {
        let aspect = width as f32 / height.max(1) as f32;
        viewport(width, height) * self.projection_matrix(aspect)
    }
}

/// The depth an opaque pass left (R-VOL-5): each pixel's window depth, 0 at the near plane and 1
/// at the far plane or where nothing was drawn, rows from the top. The GPU renderer's
/// `opaque_depth` draws one; a caller with its own depth buffer makes one with
/// [`OpaqueDepth::new`].
#[derive(Clone, Debug, PartialEq)]
pub struct OpaqueDepth {
    width: u32,
    height: u32,
    depths: Vec<f32>,
}

impl OpaqueDepth {
    /// A `width` × `height` depth image of `depths`, rows from the top. Refuses a length other
    /// than `width × height` ([`Refusal::VolumeDepth`]).
    pub fn new(width: u32, height: u32, depths: Vec<f32>) -> Result<OpaqueDepth, RenderError> {
        let n = u64::from(width) * u64::from(height);
        if depths.len() as u64 != n {
            return Err(Refusal::VolumeDepth(format!(
                "{} window depths for a {width}×{height} image ({n})",
                depths.len()
            ))
            .into());
        }
        Ok(OpaqueDepth {
            width,
            height,
            depths,
        })
    }

    /// The width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The window depths, rows from the top.
    pub fn depths(&self) -> &[f32] {
        &self.depths
    }
}

impl TransmissionTarget {
    /// Give this target the snapshot a VOLUME material's scene-depth gate reads (R-VOL-5,
    /// docs/volumes.md): `opaque`'s window depths turned into signed camera-axis distances
    /// with `to_screen` (camera space to raster pixels and window depth, [`Camera::to_screen`])
    /// and `far` (what a clear pixel, depth 1, reads). The GPU renderer's low-level
    /// `render_linear_with_target` refuses a gated volume without it; each draw uploads the
    /// target's snapshot, so a reused target carries the last one applied. Refuses
    /// ([`Refusal::VolumeDepth`]) an `opaque` of another size than the target, a nonfinite
    /// `to_screen`, a far that is not finite and positive, a nonfinite window depth, and a depth
    /// whose distance is not finite; the target keeps its old snapshot then.
    pub fn capture_volume_depth(
        &mut self,
        opaque: &OpaqueDepth,
        to_screen: Mat4,
        far: f32,
    ) -> Result<(), RenderError> {
        let distances = distances(opaque, (self.width(), self.height()), to_screen, far)?;
        self.volume_depth = Some(distances.into());
        Ok(())
    }

    /// The snapshot [`TransmissionTarget::capture_volume_depth`] gave this target: each pixel's
    /// camera-axis distance, rows from the top; `None` before it was applied.
    pub fn volume_depth(&self) -> Option<&[f32]> {
        self.volume_depth.as_deref()
    }
}

/// The first object of `scene` drawn with a VOLUME material whose scene-depth gate is on, if
/// any: a frame with one captures the opaque depth, or takes a caller's snapshot (R-VOL-5).
pub(crate) fn first_gated(scene: &Scene, assets: &Assets) -> Option<usize> {
    scene.objects().iter().position(|o| {
        o.mesh
            .map(|m| m.material)
            .or(o.sprite.map(|s| s.material))
            .and_then(|m| assets.materials.get(m))
            .is_some_and(|m| m.kind == MaterialKind::Volume && m.volume_scene_depth)
    })
}

/// `opaque`'s window depths as camera-axis distances through `to_screen` and `far`, for a frame
/// of `size` (what [`TransmissionTarget::capture_volume_depth`] stores; the GPU renderer's own
/// snapshot too): refused as that method says.
pub(crate) fn distances(
    opaque: &OpaqueDepth,
    size: (u32, u32),
    to_screen: Mat4,
    far: f32,
) -> Result<Vec<f32>, RenderError> {
    let refuse = |why: String| -> RenderError { Refusal::VolumeDepth(why).into() };
    if (opaque.width, opaque.height) != size {
        return Err(refuse(format!(
            "a {}×{} opaque depth for a {}×{} transmission target",
            opaque.width, opaque.height, size.0, size.1
        )));
    }
    if !to_screen.is_finite() {
        return Err(refuse("to_screen is not finite".into()));
    }
    if !(far.is_finite() && far > 0.0) {
        return Err(refuse(format!(
            "far is {far}, not a positive finite distance"
        )));
    }
    let gate = SceneDepth::from_to_screen(to_screen, far);
    let width = opaque.width.max(1) as usize;
    let mut distances = Vec::with_capacity(opaque.depths.len());
    for (i, &z) in opaque.depths.iter().enumerate() {
        let (x, y) = (i % width, i / width);
        if !z.is_finite() {
            return Err(refuse(format!(
                "the window depth at pixel ({x}, {y}) is {z}, not finite"
            )));
        }
        let d = gate.distance(z);
        if !d.is_finite() {
            return Err(refuse(format!(
                "the window depth {z} at pixel ({x}, {y}) gives the distance {d} through to_screen"
            )));
        }
        distances.push(d);
    }
    Ok(distances)
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

    /// A camera's `to_screen` reads the same distances as its projection: near 1, far 9, the
    /// window depths of the worked cases above.
    #[test]
    fn to_screen_reads_the_projection_s_distances() {
        let perspective = Camera::perspective(60.0, 1.0, 9.0);
        let gate = SceneDepth::from_to_screen(perspective.to_screen(40, 30), 9.0);
        assert!((gate.distance(0.75) - 3.0).abs() < 1e-5);
        assert!((gate.distance(9.0 / 16.0) - 2.0).abs() < 1e-5);
        let orthographic = Camera::orthographic(-2.0, 2.0, 1.5, -1.5, 1.0, 9.0);
        let gate = SceneDepth::from_to_screen(orthographic.to_screen(40, 30), 9.0);
        assert!((gate.distance(0.25) - 3.0).abs() < 1e-5);
        assert_eq!(gate.distance(1.0), 9.0);
        // The raster pixels: the view axis lands at the image's centre, the top edge of the
        // orthographic view at row 0.
        let centre = orthographic.to_screen(40, 30) * Vec4::new(0.0, 0.0, -3.0, 1.0);
        assert_eq!((centre.x, centre.y), (20.0, 15.0));
        let top = orthographic.to_screen(40, 30) * Vec4::new(-2.0, 1.5, -3.0, 1.0);
        assert_eq!((top.x, top.y), (0.0, 0.0));
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
