//! The view-z/depth conversions of three.js's `ViewportDepthNode.js`, typed on floats (the
//! builder methods also take vectors, componentwise). View z is negative in front of the camera.

use super::typed_shading_fns;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::Float;

typed_shading_fns! {
    /// three.js's `viewZToOrthographicDepth(viewZ, near, far)`: `(viewZ + near) / (near - far)`.
    view_z_to_orthographic_depth(view_z: Float, near: Float, far: Float) -> Float;
    /// three.js's `viewZToReversedOrthographicDepth(viewZ, near, far)`:
    /// `(viewZ + far) / (far - near)`.
    view_z_to_reversed_orthographic_depth(view_z: Float, near: Float, far: Float) -> Float;
    /// three.js's `orthographicDepthToViewZ(depth, near, far)`, depth not reversed:
    /// `(near - far) * depth - near`.
    orthographic_depth_to_view_z(depth: Float, near: Float, far: Float) -> Float;
    /// three.js's `viewZToPerspectiveDepth(viewZ, near, far)`:
    /// `(near + viewZ) * far / ((far - near) * viewZ)`.
    view_z_to_perspective_depth(view_z: Float, near: Float, far: Float) -> Float;
    /// three.js's `viewZToReversedPerspectiveDepth(viewZ, near, far)`:
    /// `near * (viewZ + far) / (viewZ * (near - far))`.
    view_z_to_reversed_perspective_depth(view_z: Float, near: Float, far: Float) -> Float;
    /// three.js's `perspectiveDepthToViewZ(depth, near, far)`, depth not reversed:
    /// `near * far / ((far - near) * depth - far)`.
    perspective_depth_to_view_z(depth: Float, near: Float, far: Float) -> Float;
    /// three.js's `viewZToLogarithmicDepth(viewZ, near, far)`:
    /// `log2(-viewZ / n) / log2(far / n)`, `n = max(near, 1e-6)`.
    view_z_to_logarithmic_depth(view_z: Float, near: Float, far: Float) -> Float;
    /// three.js's `logarithmicDepthToViewZ(depth, near, far)`:
    /// `-(pow(e, depth * ln(far / near)) * near)`.
    logarithmic_depth_to_view_z(depth: Float, near: Float, far: Float) -> Float;
}
