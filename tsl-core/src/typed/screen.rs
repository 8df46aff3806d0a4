//! Screen, camera and object nodes, typed (R-VAL-14, docs/requirements.md): the builder's
//! methods of `graph/screen.rs` with their types.

use super::node::{IntoNode, IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, Mat3, Mat4, Matrix, Vec2, Vec3, Vec4};

macro_rules! values {
    ($($(#[$doc:meta])* $name:ident -> $ty:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name() -> Node<$ty> {
            Node::wrap(current().$name())
        }
    )*};
}

values! {
    /// TSL's `screenSize`: the render target's size in pixels.
    screen_size -> Vec2;
    /// TSL's `screenCoordinate`: the pixel's centre in pixels from the top left; fragment
    /// outputs only.
    screen_coordinate -> Vec2;
    /// TSL's `screenUV`: `screenCoordinate / screenSize`, 0 to 1 from the top left.
    screen_uv -> Vec2;
    /// TSL's `viewportSize`: the viewport is the whole target, so [`screen_size`].
    viewport_size -> Vec2;
    /// TSL's `viewportCoordinate`: [`screen_coordinate`] (the viewport starts at (0, 0)).
    viewport_coordinate -> Vec2;
    /// TSL's `viewportUV`: [`screen_uv`] (the viewport is the whole target).
    viewport_uv -> Vec2;
    /// TSL's `cameraNear`: the camera's near plane distance.
    camera_near -> Float;
    /// TSL's `cameraFar`: the camera's far plane distance.
    camera_far -> Float;
    /// TSL's `cameraProjectionMatrix`: view to clip space.
    camera_projection_matrix -> Mat4;
    /// TSL's `cameraProjectionMatrixInverse`: clip to view space.
    camera_projection_matrix_inverse -> Mat4;
    /// TSL's `cameraWorldMatrix`: the camera's view-to-world matrix.
    camera_world_matrix -> Mat4;
    /// TSL's `frameId`: the renderer's frame counter, as a float.
    frame_id -> Float;
    /// TSL's `deltaTime`: the seconds since the previous frame.
    delta_time -> Float;
    /// TSL's `instanceIndex`: the instance of an `InstancedMesh` being drawn, 0 for any other
    /// draw.
    instance_index -> Float;
    /// GLSL's `gl_PointCoord`, TSL's `pointUV`: where the pixel is in its point or sprite, 0 to
    /// 1 from the top left (0 on a triangle).
    point_coord -> Vec2;
    /// 1 under an orthographic camera, 0 under a perspective one.
    camera_is_orthographic -> Float;
    /// TSL's `modelWorldMatrix`: the draw's model-to-world matrix.
    model_world_matrix -> Mat4;
    /// TSL's `modelWorldMatrixInverse`.
    model_world_matrix_inverse -> Mat4;
    /// TSL's `modelViewMatrix`: `cameraViewMatrix × modelWorldMatrix`.
    model_view_matrix -> Mat4;
    /// TSL's `modelNormalMatrix`: the inverse transpose of the world matrix's 3×3.
    model_normal_matrix -> Mat3;
    /// TSL's `modelScale`: the world matrix's column lengths.
    model_scale -> Vec3;
    /// TSL's `modelDirection`: the model's +z axis in world space, normalized.
    model_direction -> Vec3;
    /// TSL's `modelRadius`: the geometry's bounding-sphere radius in world space.
    model_radius -> Float;
    /// TSL's `modelPosition`: the model's world position.
    model_position -> Vec3;
    /// TSL's `modelViewPosition`: the model's position in camera space.
    model_view_position -> Vec3;
    /// TSL's `faceDirection`: 1 on a front face, -1 on a back face.
    face_direction -> Float;
    /// TSL's `positionViewDirection`: `normalize(-positionView)`, or (0, 0, 1) under an
    /// orthographic camera.
    position_view_direction -> Vec3;
    /// TSL's `positionWorldDirection`: the model-space position as a world direction,
    /// normalized.
    position_world_direction -> Vec3;
    /// TSL's `reflectView`: `reflect(-positionViewDirection, normalView)`.
    reflect_view -> Vec3;
    /// TSL's `reflectVector`: `reflectView` in world space.
    reflect_vector -> Vec3;
    /// TSL's `viewport`: `vec4(0, 0, screenSize)` (the viewport is the whole target).
    viewport -> Vec4;
    /// TSL's `normalFlat`: the face's camera-space normal from the screen derivatives.
    normal_flat -> Vec3;
    /// TSL's `mediumpModelViewMatrix`: [`model_view_matrix`] (`mediump` is a GPU precision
    /// qualifier; every path here computes in f32).
    mediump_model_view_matrix -> Mat4;
    /// TSL's `highpModelViewMatrix`: [`model_view_matrix`] (three computes it on the CPU for
    /// precision; the value is the same).
    highp_model_view_matrix -> Mat4;
    /// TSL's `highpModelNormalViewMatrix`: `transpose(inverse(mat3(modelViewMatrix)))`.
    highp_model_normal_view_matrix -> Mat3;
    /// TSL's `screenDPR`: the device pixel ratio, the constant 1 here (one pixel per texel).
    screen_dpr -> Float;
    /// MaterialX's `mx_frame()`: [`frame_id`].
    mx_frame -> Float;
    /// TSL's `depth`: the fragment's depth, 0 at the near plane to 1 at the far plane, from
    /// `positionView.z` (perspective or orthographic, as the camera is).
    depth -> Float;
    /// TSL's `modelViewProjection`: the vertex's clip-space position, `cameraProjectionMatrix ×
    /// modelViewMatrix × vec4(positionGeometry, 1)` (no varying: it is affine in the position).
    model_view_projection -> Vec4;
    /// TSL's `clipSpace`: the fragment's interpolated clip-space position,
    /// `cameraProjectionMatrix × vec4(positionView, 1)`.
    clip_space -> Vec4;
    /// TSL's `positionPrevious`: `varying(positionGeometry)` as three r187 defines it.
    position_previous -> Vec3;
    /// TSL's `positionGeometry`: the geometry's position attribute, [`position_local`](super::position_local).
    position_geometry -> Vec3;
    /// TSL's `normalGeometry`: the geometry's normal attribute, [`normal_local`](super::normal_local).
    normal_geometry -> Vec3;
    /// TSL's `normalViewGeometry`: the geometry's camera-space normal before any normal map,
    /// interpolated and normalized.
    normal_view_geometry -> Vec3;
    /// TSL's `normalWorldGeometry`: the geometry's world-space normal before any normal map,
    /// interpolated and normalized.
    normal_world_geometry -> Vec3;
}

/// TSL's `transformNormal(normal, matrix)`: `normalize(transpose(inverse(mat3(matrix))) ·
/// normal)`, `matrix` a mat4 or a mat3. TSL's default `matrix` is `modelWorldMatrix`: pass
/// [`model_world_matrix()`].
pub fn transform_normal<M: Matrix>(
    normal: impl IntoNodeOf<Vec3>,
    matrix: impl IntoNodeOf<M>,
) -> Node<Vec3> {
    let (n, m) = (normal.into_node_of(), matrix.into_node_of());
    Node::wrap(current().transform_normal(n.node_ref(), m.node_ref()))
}

/// TSL's `directionToFaceDirection(vector)` (deprecated in three r185):
/// [`negate_on_back_side`].
pub fn direction_to_face_direction<A: IntoNode>(vector: A) -> Node<A::Ty> {
    negate_on_back_side(vector)
}

/// TSL's `linearDepth(value)`: `None` (TSL's default) gives the fragment's linear depth
/// `viewZToOrthographicDepth(positionView.z, cameraNear, cameraFar)`; a perspective depth
/// `value` is made linear (or kept as is under an orthographic camera).
pub fn linear_depth(value: Option<Node<Float>>) -> Node<Float> {
    Node::wrap(current().linear_depth(value.map(|v| v.node_ref())))
}

/// TSL's `projectionDepth(depth, near, far)`: `depth` (three converts only from a logarithmic
/// depth buffer, which ours never is).
pub fn projection_depth(
    depth: impl IntoNodeOf<Float>,
    near: impl IntoNodeOf<Float>,
    far: impl IntoNodeOf<Float>,
) -> Node<Float> {
    let (d, n, f) = (
        depth.into_node_of(),
        near.into_node_of(),
        far.into_node_of(),
    );
    Node::wrap(current().projection_depth(d.node_ref(), n.node_ref(), f.node_ref()))
}

/// TSL's `negateOnBackSide(vector)`: `vector * faceDirection`, which is TSL's result for every
/// material side.
pub fn negate_on_back_side<A: IntoNode>(vector: A) -> Node<A::Ty> {
    let v = vector.into_node();
    Node::wrap(current().negate_on_back_side(v.node_ref()))
}

/// TSL's `refractView`: `refract(-positionViewDirection, normalView, ratio)`; TSL reads `ratio`
/// from `materialRefractionRatio` (three.js's default 0.98).
pub fn refract_view(ratio: impl IntoNodeOf<Float>) -> Node<Vec3> {
    let r = ratio.into_node_of();
    Node::wrap(current().refract_view(r.node_ref()))
}

/// TSL's `refractVector`: [`refract_view`] in world space.
pub fn refract_vector(ratio: impl IntoNodeOf<Float>) -> Node<Vec3> {
    let r = ratio.into_node_of();
    Node::wrap(current().refract_vector(r.node_ref()))
}

/// TSL's `transformDirection(direction, matrix)`: `normalize((matrix * vec4(direction, 0)).xyz)`.
pub fn transform_direction(
    direction: impl IntoNodeOf<Vec3>,
    matrix: impl IntoNodeOf<Mat4>,
) -> Node<Vec3> {
    let (d, m) = (direction.into_node_of(), matrix.into_node_of());
    Node::wrap(current().transform_direction(d.node_ref(), m.node_ref()))
}

/// TSL's `cameraNormalMatrix` as three.js r187 gives it: the identity, since three never sets a
/// camera's `normalMatrix` ([`NodeGraph::camera_normal_matrix`](crate::NodeGraph::camera_normal_matrix)).
pub fn camera_normal_matrix() -> Node<Mat3> {
    Node::wrap(current().camera_normal_matrix())
}

/// TSL's `transformNormalToView(normal)`: a model-space normal to a unit camera-space normal,
/// through `modelNormalMatrix` and the view matrix.
pub fn transform_normal_to_view(normal: impl IntoNodeOf<Vec3>) -> Node<Vec3> {
    let n = normal.into_node_of();
    Node::wrap(current().transform_normal_to_view(n.node_ref()))
}

impl Node<Vec3> {
    /// TSL's chain `direction.transformDirection(matrix)`: [`transform_direction`].
    pub fn transform_direction(self, matrix: impl IntoNodeOf<Mat4>) -> Node<Vec3> {
        transform_direction(self, matrix)
    }

    /// TSL's chain `normal.transformNormal(matrix)`: [`transform_normal`].
    pub fn transform_normal<M: Matrix>(self, matrix: impl IntoNodeOf<M>) -> Node<Vec3> {
        transform_normal(self, matrix)
    }
}
