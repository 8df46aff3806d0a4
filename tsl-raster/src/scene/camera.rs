//! Perspective and orthographic cameras, with three.js's projection matrices (WebGL clip space,
//! z from −w to w) and `lookAt`.

use glam::{Mat3, Mat4, Quat, Vec3, Vec4};

/// The projection of a [`Camera`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Projection {
    /// three.js's `PerspectiveCamera`.
    Perspective {
        /// The vertical field of view in degrees.
        fov_y: f32,
        /// Width over height; `None` takes the image's.
        aspect: Option<f32>,
    },
    /// three.js's `OrthographicCamera(left, right, top, bottom)`.
    Orthographic {
        /// The left edge in view units.
        left: f32,
        /// The right edge.
        right: f32,
        /// The top edge.
        top: f32,
        /// The bottom edge.
        bottom: f32,
    },
}

/// A camera: a projection and a placement. It looks down its own −z with +y up.
///
/// ```
/// use tsl_raster::Camera;
/// use glam::Vec3;
/// let camera = Camera::perspective(45.0, 0.1, 100.0)
///     .at(Vec3::new(0.0, 0.0, 3.0))
///     .looking_at(Vec3::ZERO);
/// let view = camera.view_matrix();
/// assert!((view.transform_point3(Vec3::ZERO) - Vec3::new(0.0, 0.0, -3.0)).length() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The projection.
    pub projection: Projection,
    /// The near plane's distance (positive).
    pub near: f32,
    /// The far plane's distance.
    pub far: f32,
    /// three.js's `zoom`: 1 by default.
    pub zoom: f32,
    /// Where the camera is, in world space.
    pub position: Vec3,
    /// Its rotation.
    pub rotation: Quat,
    /// The up direction `look_at` keeps; +y by default.
    pub up: Vec3,
}

impl Camera {
    /// `PerspectiveCamera(fov_y, aspect of the image, near, far)` at the origin looking down −z.
    pub fn perspective(fov_y: f32, near: f32, far: f32) -> Camera {
        Camera {
            projection: Projection::Perspective {
                fov_y,
                aspect: None,
            },
            near,
            far,
            zoom: 1.0,
            position: Vec3::ZERO,
            rotation: Quat::IDENTITY,
            up: Vec3::Y,
        }
    }

    /// `OrthographicCamera(left, right, top, bottom, near, far)` at the origin looking down −z.
    pub fn orthographic(
        left: f32,
        right: f32,
        top: f32,
        bottom: f32,
        near: f32,
        far: f32,
    ) -> Camera {
        Camera {
            projection: Projection::Orthographic {
                left,
                right,
                top,
                bottom,
            },
            ..Camera::perspective(50.0, near, far)
        }
    }

    /// The same camera moved to `position`.
    pub fn at(mut self, position: Vec3) -> Camera {
        self.position = position;
        self
    }

    /// The same camera turned to look at `target`.
    pub fn looking_at(mut self, target: Vec3) -> Camera {
        self.look_at(target);
        self
    }

    /// Turn the camera so that it looks at `target`, keeping `up` up, as three.js's
    /// `Matrix4.lookAt` does (including its nudges when the target is the position or the view is
    /// along `up`).
    pub fn look_at(&mut self, target: Vec3) {
        let basis = look_at_rotation(self.position, target, self.up);
        if basis.is_finite() {
            self.rotation = Quat::from_mat3(&basis).normalize();
        }
    }

    /// The camera's world matrix.
    pub fn world_matrix(&self) -> Mat4 {
        Mat4::from_rotation_translation(self.rotation, self.position)
    }

    /// The world-to-view matrix (`camera.matrixWorldInverse`).
    pub fn view_matrix(&self) -> Mat4 {
        self.world_matrix().inverse()
    }

    /// Whether the projection is orthographic.
    pub fn is_orthographic(&self) -> bool {
        matches!(self.projection, Projection::Orthographic { .. })
    }

    /// The projection matrix for an image of `aspect` (width over height), as three.js's
    /// `makePerspective` and `makeOrthographic` write it.
    pub fn projection_matrix(&self, aspect: f32) -> Mat4 {
        let (n, f) = (self.near, self.far);
        let zoom = self.zoom;
        match self.projection {
            Projection::Perspective { fov_y, aspect: a } => {
                let aspect = a.unwrap_or(aspect);
                let top = n * (fov_y.to_radians() * 0.5).tan() / zoom;
                let height = 2.0 * top;
                let width = aspect * height;
                let left = -0.5 * width;
                let (l, r, t, b) = (left, left + width, top, top - height);
                Mat4::from_cols(
                    Vec4::new(2.0 * n / (r - l), 0.0, 0.0, 0.0),
                    Vec4::new(0.0, 2.0 * n / (t - b), 0.0, 0.0),
                    Vec4::new(
                        (r + l) / (r - l),
                        (t + b) / (t - b),
                        -(f + n) / (f - n),
                        -1.0,
                    ),
                    Vec4::new(0.0, 0.0, -2.0 * f * n / (f - n), 0.0),
                )
            }
            Projection::Orthographic {
                left,
                right,
                top,
                bottom,
            } => {
                let dx = (right - left) / (2.0 * zoom);
                let dy = (top - bottom) / (2.0 * zoom);
                let cx = (right + left) / 2.0;
                let cy = (top + bottom) / 2.0;
                let (l, r, t, b) = (cx - dx, cx + dx, cy + dy, cy - dy);
                Mat4::from_cols(
                    Vec4::new(2.0 / (r - l), 0.0, 0.0, 0.0),
                    Vec4::new(0.0, 2.0 / (t - b), 0.0, 0.0),
                    Vec4::new(0.0, 0.0, -2.0 / (f - n), 0.0),
                    Vec4::new(
                        -(r + l) / (r - l),
                        -(t + b) / (t - b),
                        -(f + n) / (f - n),
                        1.0,
                    ),
                )
            }
        }
    }
}

/// `Matrix4.lookAt(eye, target, up)`'s rotation: the axes of a camera or light at `eye` whose −z
/// faces `target`, with three.js's nudges when the eye is on the target or the view is along
/// `up`. Cameras, shadow cameras and rect area lights all turn by it.
pub(crate) fn look_at_rotation(eye: Vec3, target: Vec3, up: Vec3) -> Mat3 {
    let mut z = eye - target;
    if z.length_squared() == 0.0 {
        z.z = 1.0;
    }
    z = z.normalize();
    let mut x = up.cross(z);
    if x.length_squared() == 0.0 {
        if up.z.abs() == 1.0 {
            z.x += 0.0001;
        } else {
            z.z += 0.0001;
        }
        z = z.normalize();
        x = up.cross(z);
    }
    let x = x.normalize_or_zero();
    let y = z.cross(x);
    Mat3::from_cols(x, y, z)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_near_and_far_planes_map_to_minus_one_and_one() {
        let c = Camera::perspective(60.0, 0.5, 10.0);
        let p = c.projection_matrix(1.5);
        let near = p * Vec4::new(0.0, 0.0, -0.5, 1.0);
        let far = p * Vec4::new(0.0, 0.0, -10.0, 1.0);
        assert!((near.z / near.w + 1.0).abs() < 1e-6);
        assert!((far.z / far.w - 1.0).abs() < 1e-6);
        // The top of the view at the near plane is y = 1.
        let top = p * Vec4::new(0.0, 0.5 * 30f32.to_radians().tan(), -0.5, 1.0);
        assert!((top.y / top.w - 1.0).abs() < 1e-6);
        let o = Camera::orthographic(-2.0, 2.0, 1.0, -1.0, 0.1, 10.0).projection_matrix(1.0);
        let corner = o * Vec4::new(2.0, -1.0, -0.1, 1.0);
        assert!((corner - Vec4::new(1.0, -1.0, -1.0, 1.0)).length() < 1e-6);
    }

    #[test]
    fn look_at_along_up_is_nudged_not_nan() {
        let c = Camera::perspective(45.0, 0.1, 10.0)
            .at(Vec3::new(0.0, 5.0, 0.0))
            .looking_at(Vec3::ZERO);
        assert!(c.view_matrix().is_finite());
        let d = c.view_matrix().transform_point3(Vec3::ZERO);
        assert!((d - Vec3::new(0.0, 0.0, -5.0)).length() < 1e-3, "{d}");
    }
}
