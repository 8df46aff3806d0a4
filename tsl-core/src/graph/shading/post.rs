//! The pure helpers of three.js's `utils/PostProcessingUtils.js` (not `getNormalFromDepth`,
//! which reads a depth texture).

use crate::graph::{NodeGraph, NodeRef};
use crate::types::ValueType::{Float, Mat4, Vec2, Vec3, Vec4};

/// `2π (2 - φ)` for the golden ratio φ, as three writes it.
const GOLDEN_ANGLE: f32 = 2.399_963_229_728_653_f64 as f32;

impl NodeGraph {
    /// `vec2(p.x, 1 - p.y)` of `clip.xy / clip.w * 0.5 + 0.5`: the screen position (origin top
    /// left) of a clip-space position.
    fn clip_to_screen(&self, clip: NodeRef) -> NodeRef {
        let ndc = self.div(self.swizzle(clip, "xy"), self.swizzle(clip, "w"));
        let p = self.add(self.mul(ndc, self.float(0.5)), self.float(0.5));
        self.join(&[self.swizzle(p, "x"), self.one_minus(self.swizzle(p, "y"))])
    }

    /// three.js's `getScreenPosition(viewPosition, projectionMatrix)`: where a camera-space
    /// point lands on the screen, from (0, 0) at the top left to (1, 1). Layout: vec3, mat4; a
    /// vec2.
    pub fn get_screen_position(
        &self,
        view_position: NodeRef,
        projection_matrix: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("viewPosition", view_position, Vec3),
            ("projectionMatrix", projection_matrix, Mat4),
        ];
        if let Err(refused) = self.layout("get_screen_position", &layout) {
            return refused;
        }
        let clip = self.mul(
            projection_matrix,
            self.join(&[view_position, self.float(1.0)]),
        );
        self.clip_to_screen(clip)
    }

    /// three.js's `getScreenPositionFromClip(clipPosition)`: the screen position (origin top
    /// left) of a clip-space position. Layout: vec4; a vec2.
    pub fn get_screen_position_from_clip(&self, clip_position: NodeRef) -> NodeRef {
        if let Err(refused) = self.layout(
            "get_screen_position_from_clip",
            &[("clipPosition", clip_position, Vec4)],
        ) {
            return refused;
        }
        self.clip_to_screen(clip_position)
    }

    /// three.js's `getViewPosition(screenPosition, depth, projectionMatrixInverse)`: the
    /// camera-space point at a screen position (origin top left) and window depth (0 near, 1
    /// far), in three's WebGL convention (clip z from -1 to 1: `vec3(x, 1 - y, depth) * 2 - 1`),
    /// which three's WebGL backend and a projection matrix of that convention use. (Its WebGPU
    /// backend takes `depth` as clip z as it is.) Layout: vec2, float, mat4; a vec3.
    pub fn get_view_position(
        &self,
        screen_position: NodeRef,
        depth: NodeRef,
        projection_matrix_inverse: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("screenPosition", screen_position, Vec2),
            ("depth", depth, Float),
            ("projectionMatrixInverse", projection_matrix_inverse, Mat4),
        ];
        if let Err(refused) = self.layout("get_view_position", &layout) {
            return refused;
        }
        let flipped = self.join(&[
            self.swizzle(screen_position, "x"),
            self.one_minus(self.swizzle(screen_position, "y")),
            depth,
        ]);
        let ndc = self.sub(self.mul(flipped, self.float(2.0)), self.float(1.0));
        let view = self.mul(
            projection_matrix_inverse,
            self.join(&[ndc, self.float(1.0)]),
        );
        self.div(self.swizzle(view, "xyz"), self.swizzle(view, "w"))
    }

    /// three.js's `vogelDiskSample(sampleIndex, samplesCount, phi)`: the `sample_index`th of
    /// `samples_count` points of a Vogel (golden-angle) disk of radius 1, turned by `phi`:
    /// `vec2(cos θ, sin θ) * sqrt((i + 0.5) / n)` with `θ = i * 2.3999632 + phi`. three's layout
    /// takes the index and the count as ints: here they are floats, truncated toward zero as
    /// three's conversion of a float argument to its int parameter does. Layout: floats; a vec2.
    pub fn vogel_disk_sample(
        &self,
        sample_index: NodeRef,
        samples_count: NodeRef,
        phi: NodeRef,
    ) -> NodeRef {
        let layout = [
            ("sampleIndex", sample_index, Float),
            ("samplesCount", samples_count, Float),
            ("phi", phi, Float),
        ];
        if let Err(refused) = self.layout("vogel_disk_sample", &layout) {
            return refused;
        }
        let (i, n) = (self.trunc(sample_index), self.trunc(samples_count));
        let r = self.sqrt(self.div(self.add(i, self.float(0.5)), n));
        let theta = self.add(self.mul(i, self.float(GOLDEN_ANGLE)), phi);
        self.mul(self.join(&[self.cos(theta), self.sin(theta)]), r)
    }

    /// three.js's `isBackgroundDepth(depth)`: 1 where a window depth is at the far plane
    /// (`depth >= 1`, the depth buffer not reversed), else 0.
    pub fn is_background_depth(&self, depth: NodeRef) -> NodeRef {
        self.greater_than_equal(depth, self.float(1.0))
    }

    /// three.js's `interleavedGradientNoise(position)` (Jimenez's IGN): `fract(52.9829189 *
    /// fract(dot(position, vec2(0.06711056, 0.00583715))))`, a float in [0, 1) from a vec2,
    /// usually pixel coordinates. Layout: a vec2; a float.
    #[allow(clippy::excessive_precision)] // three's decimals, as written there
    pub fn interleaved_gradient_noise(&self, position: NodeRef) -> NodeRef {
        let layout = [("position", position, Vec2)];
        if let Err(refused) = self.layout("interleaved_gradient_noise", &layout) {
            return refused;
        }
        let d = self.dot(position, self.vec2(0.06711056, 0.00583715));
        self.fract(self.mul(self.float(52.9829189), self.fract(d)))
    }
}
