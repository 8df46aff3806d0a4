//! Screen, camera and object nodes (R-VAL-14, docs/requirements.md): the frame's and the draw's
//! header values, and the nodes three.js r187 builds from them (`ScreenNode.js`, `Camera.js`,
//! `ModelNode.js`, `Position.js`, `Normal.js`, `ReflectVector.js`, `FrontFacingNode.js`).

use super::{NodeGraph, NodeRef};
use crate::interface::Attribute;
use crate::types::ValueType;

macro_rules! header_methods {
    ($($(#[$doc:meta])* $method:ident => $attr:ident;)*) => {
        impl NodeGraph {
            $(
                $(#[$doc])*
                pub fn $method(&self) -> NodeRef {
                    self.attribute(Attribute::$attr)
                }
            )*
        }
    };
}

header_methods! {
    /// TSL's `screenSize`: the render target's size in pixels (vec2).
    screen_size => ScreenSize;
    /// TSL's `cameraNear`: the camera's near plane distance (float).
    camera_near => CameraNear;
    /// TSL's `cameraFar`: the camera's far plane distance (float).
    camera_far => CameraFar;
    /// TSL's `cameraProjectionMatrix`: view to clip space (mat4).
    camera_projection_matrix => CameraProjectionMatrix;
    /// TSL's `cameraProjectionMatrixInverse`: clip to view space (mat4).
    camera_projection_matrix_inverse => CameraProjectionMatrixInverse;
    /// TSL's `cameraWorldMatrix`: the camera's view-to-world matrix (mat4).
    camera_world_matrix => CameraWorldMatrix;
    /// TSL's `frameId`: the renderer's frame counter (`RenderSettings::frame_id`), as a float.
    frame_id => FrameId;
    /// TSL's `deltaTime`: the seconds since the previous frame (`RenderSettings::delta_time`).
    delta_time => DeltaTime;
    /// TSL's `instanceIndex`: the instance of an `InstancedMesh` being drawn, 0 for any other
    /// draw (float; a position node may read it).
    instance_index => InstanceIndex;
    /// GLSL's `gl_PointCoord`, TSL's `pointUV`: where the pixel is in its point or sprite, 0 to 1
    /// from the top left (vec2; 0 on a triangle).
    point_coord => PointCoord;
    /// 1 when the camera is orthographic, 0 when perspective (float): what three.js decides
    /// when it builds `positionViewDirection`.
    camera_is_orthographic => CameraIsOrthographic;
    /// TSL's `modelWorldMatrix`: the draw's model-to-world matrix (mat4).
    model_world_matrix => ModelWorldMatrix;
    /// TSL's `modelWorldMatrixInverse` (mat4).
    model_world_matrix_inverse => ModelWorldMatrixInverse;
    /// TSL's `modelViewMatrix`: `cameraViewMatrix × modelWorldMatrix` (mat4).
    model_view_matrix => ModelViewMatrix;
    /// TSL's `modelNormalMatrix`: the inverse transpose of the world matrix's 3×3 (mat3).
    model_normal_matrix => ModelNormalMatrix;
    /// TSL's `modelScale`: the world matrix's column lengths (vec3).
    model_scale => ModelScale;
    /// TSL's `modelDirection`: the model's +z axis in world space, normalized (vec3).
    model_direction => ModelDirection;
    /// TSL's `modelRadius`: the geometry's bounding-sphere radius in world space (float).
    model_radius => ModelRadius;
    /// TSL's `modelPosition`: the model's world position (vec3).
    model_position => ModelPosition;
    /// TSL's `modelViewPosition`: the model's position in camera space (vec3).
    model_view_position => ModelViewPosition;
}

impl NodeGraph {
    /// TSL's `screenCoordinate`: the pixel's centre in pixels from the TOP left (vec2), as
    /// three.js has it on every back end: `frag_coord().x`, `screen_size().y - frag_coord().y`.
    /// Fragment outputs only, as [`NodeGraph::frag_coord`].
    pub fn screen_coordinate(&self) -> NodeRef {
        let coord = self.frag_coord();
        let height = self.swizzle(self.screen_size(), "y");
        let flipped = self.sub(height, self.swizzle(coord, "y"));
        self.join(&[self.swizzle(coord, "x"), flipped])
    }

    /// TSL's `screenUV`: `screen_coordinate() / screen_size()`, 0 to 1 from the top left
    /// (vec2).
    pub fn screen_uv(&self) -> NodeRef {
        self.div(self.screen_coordinate(), self.screen_size())
    }

    /// TSL's `viewportSize`: the viewport is the whole target here, so [`NodeGraph::screen_size`].
    pub fn viewport_size(&self) -> NodeRef {
        self.screen_size()
    }

    /// TSL's `viewportCoordinate`: `screenCoordinate - viewport.xy`, the viewport starting at
    /// (0, 0): [`NodeGraph::screen_coordinate`].
    pub fn viewport_coordinate(&self) -> NodeRef {
        self.screen_coordinate()
    }

    /// TSL's `viewportUV`: `viewportCoordinate / viewportSize` (vec2).
    pub fn viewport_uv(&self) -> NodeRef {
        self.div(self.viewport_coordinate(), self.viewport_size())
    }

    /// TSL's `faceDirection`: `frontFacing * 2 - 1`, 1 on a front face and -1 on a back face
    /// (float).
    pub fn face_direction(&self) -> NodeRef {
        let twice = self.mul(self.front_facing(), self.float(2.0));
        self.sub(twice, self.float(1.0))
    }

    /// TSL's `transformDirection(direction, matrix)`: `normalize((matrix * vec4(direction,
    /// 0)).xyz)` (vec3 of a vec3 and a mat4).
    pub fn transform_direction(&self, direction: NodeRef, matrix: NodeRef) -> NodeRef {
        let d = self.join(&[direction, self.float(0.0)]);
        self.normalize(self.swizzle(self.mul(matrix, d), "xyz"))
    }

    /// TSL's `cameraNormalMatrix` as three.js r187 gives it: the identity (mat3). three reads
    /// the camera's `normalMatrix`, which its WebGPU renderer only ever sets on the objects it
    /// draws, never on a camera; the view's normal matrix is
    /// `transpose(inverse(to_mat3(camera_view_matrix())))`.
    pub fn camera_normal_matrix(&self) -> NodeRef {
        let column = |c: [f32; 3]| self.vec3(c[0], c[1], c[2]);
        self.matrix(&[
            column([1.0, 0.0, 0.0]),
            column([0.0, 1.0, 0.0]),
            column([0.0, 0.0, 1.0]),
        ])
    }

    /// TSL's `transformNormalToView(normal)`: the model-space `normal` through
    /// `modelNormalMatrix`, then through the view matrix as a direction, normalized (vec3).
    pub fn transform_normal_to_view(&self, normal: NodeRef) -> NodeRef {
        let world = self.mul(self.model_normal_matrix(), normal);
        self.transform_direction(world, self.camera_view_matrix())
    }

    /// TSL's `positionViewDirection`: the unit vector from the fragment to the camera in camera
    /// space, `normalize(-positionView)`, or (0, 0, 1) under an orthographic camera (vec3).
    pub fn position_view_direction(&self) -> NodeRef {
        let toward = self.normalize(self.negate(self.position_view()));
        let ortho = self.vec3(0.0, 0.0, 1.0);
        self.select(self.camera_is_orthographic(), ortho, toward)
    }

    /// TSL's `positionWorldDirection`: the vertex's model-space position as a world direction,
    /// normalized at each vertex, interpolated, normalized again (vec3). The model-space position
    /// turned by the world matrix is `positionWorld - modelPosition`.
    pub fn position_world_direction(&self) -> NodeRef {
        let turned = self.sub(self.position_world(), self.model_position());
        self.normalize(self.varying(self.normalize(turned)))
    }

    /// TSL's `reflectView`: `reflect(-positionViewDirection, normalView)` (vec3).
    pub fn reflect_view(&self) -> NodeRef {
        let incident = self.negate(self.position_view_direction());
        self.reflect(incident, self.normal_view())
    }

    /// TSL's `reflectVector`: [`NodeGraph::reflect_view`] turned to world space by
    /// `cameraWorldMatrix` (vec3).
    pub fn reflect_vector(&self) -> NodeRef {
        self.transform_direction(self.reflect_view(), self.camera_world_matrix())
    }

    /// TSL's `viewport`: (x, y, width, height) of the viewport in pixels, here the whole target:
    /// `vec4(0, 0, screenSize)` (vec4).
    pub fn viewport(&self) -> NodeRef {
        let origin = self.vec2(0.0, 0.0);
        self.join(&[origin, self.screen_size()])
    }

    /// TSL's `normalFlat`: `normalize(cross(dFdx(positionView), dFdy(positionView)))`, the
    /// face's camera-space normal from the screen derivatives (vec3).
    pub fn normal_flat(&self) -> NodeRef {
        let p = self.position_view();
        self.normalize(self.cross(self.dfdx(p), self.dfdy(p)))
    }

    /// TSL's `negateOnBackSide(vector)`: `vector` negated on a BACK_SIDE material, times
    /// `faceDirection` on a DOUBLE_SIDE one, unchanged on a FRONT_SIDE one. All three are
    /// `vector * faceDirection` here, since `front_facing()` is 0 on every face a BACK_SIDE
    /// material draws and 1 on every face a FRONT_SIDE one draws.
    pub fn negate_on_back_side(&self, vector: NodeRef) -> NodeRef {
        self.mul(vector, self.face_direction())
    }

    /// TSL's `refractView`: `refract(-positionViewDirection, normalView, ratio)` (vec3), where
    /// TSL reads `ratio` from `materialRefractionRatio` (three.js's default 0.98).
    pub fn refract_view(&self, ratio: NodeRef) -> NodeRef {
        let incident = self.negate(self.position_view_direction());
        self.refract(incident, self.normal_view(), ratio)
    }

    /// TSL's `refractVector`: [`NodeGraph::refract_view`] turned to world space by
    /// `cameraWorldMatrix` (vec3).
    pub fn refract_vector(&self, ratio: NodeRef) -> NodeRef {
        self.transform_direction(self.refract_view(ratio), self.camera_world_matrix())
    }

    /// TSL's `transformNormal(normal, matrix)`: `normalize(transpose(inverse(mat3(matrix))) ·
    /// normal)` (vec3), `matrix` a mat4 (its upper 3×3 is used) or a mat3. TSL's default
    /// `matrix` is `modelWorldMatrix`: pass [`NodeGraph::model_world_matrix`]. Refuses any other
    /// matrix type.
    pub fn transform_normal(&self, normal: NodeRef, matrix: NodeRef) -> NodeRef {
        let m3 = match self.type_of(matrix) {
            Some(ValueType::Mat3) => matrix,
            Some(ValueType::Mat4) => self.upper_3x3(matrix),
            Some(found) => {
                let reason = format!("`matrix` must be a mat3 or a mat4, not {found:?}");
                return self.refuse_node("transform_normal", reason);
            }
            None => {
                // An unknown node: let the matrix product refuse it in its own words.
                matrix
            }
        };
        let normal_matrix = self.transpose(self.inverse(m3));
        self.normalize(self.mul(normal_matrix, normal))
    }

    /// The upper-left 3×3 of a mat4, TSL's `mat3(m4)`.
    fn upper_3x3(&self, m: NodeRef) -> NodeRef {
        let cols: Vec<NodeRef> = (0..3)
            .map(|i| self.swizzle(self.column(m, i), "xyz"))
            .collect();
        self.matrix(&cols)
    }

    /// TSL's `mediumpModelViewMatrix`: `cameraViewMatrix × modelWorldMatrix`, which is
    /// [`NodeGraph::model_view_matrix`]. The `mediump`/`highp` names are GPU precision
    /// qualifiers in three.js; every path here computes in f32, so the values are the same.
    pub fn mediump_model_view_matrix(&self) -> NodeRef {
        self.model_view_matrix()
    }

    /// TSL's `highpModelViewMatrix`: the model-view matrix three computes on the CPU for
    /// precision; the same value as [`NodeGraph::model_view_matrix`] here (mat4).
    pub fn highp_model_view_matrix(&self) -> NodeRef {
        self.model_view_matrix()
    }

    /// TSL's `highpModelNormalViewMatrix`: the normal matrix of the model-view matrix,
    /// `transpose(inverse(mat3(modelViewMatrix)))` (mat3), as three's
    /// `Matrix3.getNormalMatrix(object.modelViewMatrix)`.
    pub fn highp_model_normal_view_matrix(&self) -> NodeRef {
        let m3 = self.upper_3x3(self.model_view_matrix());
        self.transpose(self.inverse(m3))
    }

    /// TSL's `directionToFaceDirection(vector)`, deprecated in three r185 for
    /// `negateOnBackSide`: [`NodeGraph::negate_on_back_side`].
    pub fn direction_to_face_direction(&self, vector: NodeRef) -> NodeRef {
        self.negate_on_back_side(vector)
    }

    /// TSL's `screenDPR`: the renderer's device pixel ratio (float). Our renderers draw one
    /// pixel per target texel, a ratio of 1, so this is the constant 1.
    pub fn screen_dpr(&self) -> NodeRef {
        self.float(1.0)
    }

    /// MaterialX's `mx_frame()`: TSL's `frameId`, [`NodeGraph::frame_id`].
    pub fn mx_frame(&self) -> NodeRef {
        self.frame_id()
    }

    /// TSL's `depth`: the fragment's depth from its camera-space z as `ViewportDepthNode`'s
    /// DEPTH scope builds it, `viewZToPerspectiveDepth(positionView.z, cameraNear, cameraFar)`,
    /// or `viewZToOrthographicDepth` under an orthographic camera (float, 0 at the near plane, 1
    /// at the far plane).
    pub fn depth(&self) -> NodeRef {
        let (z, near, far) = self.view_z_near_far();
        let ortho = self.view_z_to_orthographic_depth(z, near, far);
        let persp = self.view_z_to_perspective_depth(z, near, far);
        self.select(self.camera_is_orthographic(), ortho, persp)
    }

    /// TSL's `linearDepth(value)`: with `None` (TSL's default) the fragment's linear depth,
    /// `viewZToOrthographicDepth(positionView.z, cameraNear, cameraFar)`; with a perspective
    /// depth `value`, that depth made linear, `viewZToOrthographicDepth(perspectiveDepthToViewZ(
    /// value, near, far), near, far)`, or `value` itself under an orthographic camera (float).
    pub fn linear_depth(&self, value: Option<NodeRef>) -> NodeRef {
        let (z, near, far) = self.view_z_near_far();
        match value {
            None => self.view_z_to_orthographic_depth(z, near, far),
            Some(depth) => {
                let view_z = self.perspective_depth_to_view_z(depth, near, far);
                let linear = self.view_z_to_orthographic_depth(view_z, near, far);
                self.select(self.camera_is_orthographic(), depth, linear)
            }
        }
    }

    /// `positionView.z`, `cameraNear` and `cameraFar`, what the depth nodes read.
    fn view_z_near_far(&self) -> (NodeRef, NodeRef, NodeRef) {
        let z = self.swizzle(self.position_view(), "z");
        (z, self.camera_near(), self.camera_far())
    }

    /// TSL's `projectionDepth(depth, near, far)`: three converts a logarithmic depth to a
    /// perspective one when the renderer has a logarithmic depth buffer, else returns `depth`.
    /// Ours never has one, so this is `depth`; `near` and `far` must still be floats.
    pub fn projection_depth(&self, depth: NodeRef, near: NodeRef, far: NodeRef) -> NodeRef {
        for (name, node) in [("depth", depth), ("near", near), ("far", far)] {
            match self.type_of(node) {
                Some(ValueType::Float) | None => {}
                Some(found) => {
                    let reason = format!("`{name}` must be a float, not {found:?}");
                    return self.refuse_node("projection_depth", reason);
                }
            }
        }
        depth
    }

    /// TSL's `modelViewProjection`: the vertex's clip-space position,
    /// `cameraProjectionMatrix × modelViewMatrix × vec4(positionGeometry, 1)` (vec4). three makes
    /// it a varying; it is affine in the position, so interpolating the position instead gives
    /// the same value, and this graph is left without one: it reads `position_local`, so a
    /// position node reads it as it is, and a fragment output as `position_local` allows there.
    pub fn model_view_projection(&self) -> NodeRef {
        let p = self.join(&[self.position_local(), self.float(1.0)]);
        let view = self.mul(self.model_view_matrix(), p);
        self.mul(self.camera_projection_matrix(), view)
    }

    /// TSL's `clipSpace`: the fragment's clip-space position, the vertex's clip position (after
    /// the position node) interpolated (vec4). The projection is affine, so this is
    /// `cameraProjectionMatrix × vec4(positionView, 1)` of the interpolated camera-space position.
    /// Fragment outputs only in three; here it reads `position_view`, which a fragment has.
    pub fn clip_space(&self) -> NodeRef {
        let p = self.join(&[self.position_view(), self.float(1.0)]);
        self.mul(self.camera_projection_matrix(), p)
    }

    /// TSL's `positionPrevious`: in three r187 `positionGeometry.toVarying()`, the geometry's
    /// position as a varying (vec3); it reads `position_local` inside a varying, which a
    /// fragment output may read only where the compiler lets a varying read the vertex's local
    /// inputs.
    pub fn position_previous(&self) -> NodeRef {
        self.varying(self.position_local())
    }

    /// TSL's `positionGeometry`: the geometry's `position` attribute (vec3), our
    /// [`NodeGraph::position_local`] (the vertex's model-space position as the geometry holds
    /// it).
    pub fn position_geometry(&self) -> NodeRef {
        self.position_local()
    }

    /// TSL's `normalGeometry`: the geometry's `normal` attribute (vec3), our
    /// [`NodeGraph::normal_local`].
    pub fn normal_geometry(&self) -> NodeRef {
        self.normal_local()
    }

    /// TSL's `normalViewGeometry` on a smooth-shaded material: the geometry's normal in camera
    /// space before any normal map, `normalize(varying(transformNormalToView(normalLocal)))`
    /// (vec3). It reads `normal_local` inside a varying, which a fragment output may read only
    /// where the compiler lets a varying read the vertex's local inputs.
    pub fn normal_view_geometry(&self) -> NodeRef {
        let n = self.transform_normal_to_view(self.normal_local());
        self.normalize(self.varying(n))
    }

    /// TSL's `normalWorldGeometry` on a smooth-shaded material: the geometry's normal in world
    /// space before any normal map, `normalViewGeometry` turned back by the view matrix at each
    /// vertex, interpolated and normalized (vec3).
    pub fn normal_world_geometry(&self) -> NodeRef {
        let view = self.transform_normal_to_view(self.normal_local());
        let world = self.transform_normal_by_inverse_view_matrix(view, self.camera_view_matrix());
        self.normalize(self.varying(world))
    }
}
