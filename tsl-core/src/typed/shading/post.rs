//! The pure helpers of three.js's `PostProcessingUtils.js`, typed.

use super::typed_shading_fns;
use crate::typed::node::{IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Mat4, Vec2, Vec3, Vec4};

typed_shading_fns! {
    /// three.js's `getScreenPosition(viewPosition, projectionMatrix)`: where a camera-space point
    /// lands on the screen, (0, 0) at the top left.
    get_screen_position(view_position: Vec3, projection_matrix: Mat4) -> Vec2;
    /// three.js's `getScreenPositionFromClip(clipPosition)`: the screen position (top-left
    /// origin) of a clip-space position.
    get_screen_position_from_clip(clip_position: Vec4) -> Vec2;
    /// three.js's `getViewPosition(screenPosition, depth, projectionMatrixInverse)` in its WebGL
    /// convention (see [`NodeGraph::get_view_position`](crate::NodeGraph::get_view_position)).
    get_view_position(screen_position: Vec2, depth: Float, projection_matrix_inverse: Mat4) -> Vec3;
    /// three.js's `vogelDiskSample(sampleIndex, samplesCount, phi)`: a point of a golden-angle
    /// disk of radius 1; the index and count are truncated to whole numbers as three's int
    /// parameters.
    vogel_disk_sample(sample_index: Float, samples_count: Float, phi: Float) -> Vec2;
    /// three.js's `isBackgroundDepth(depth)`: 1 where `depth >= 1`, else 0.
    is_background_depth(depth: Float) -> Float;
    /// three.js's `interleavedGradientNoise(position)`: `fract(52.9829189 * fract(dot(position,
    /// vec2(0.06711056, 0.00583715))))`, a float in [0, 1) from (usually) pixel coordinates.
    interleaved_gradient_noise(position: Vec2) -> Float;
}
