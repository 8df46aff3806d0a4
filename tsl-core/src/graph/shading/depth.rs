//! The view-z/depth conversions of three.js's `display/ViewportDepthNode.js`: pure functions of
//! their arguments (those that read the depth buffer, `depth` and `linearDepth`, are not here).
//! three gives them no layout: each argument is a float or a vector, componentwise. View z is
//! negative in front of the camera; depth runs from 0 (near) to 1 (far), or reversed.

use super::THREE_EPSILON;
use crate::graph::{NodeGraph, NodeRef};

impl NodeGraph {
    /// three.js's `viewZToOrthographicDepth(viewZ, near, far)`: `(viewZ + near) / (near - far)`.
    pub fn view_z_to_orthographic_depth(
        &self,
        view_z: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        self.div(self.add(view_z, near), self.sub(near, far))
    }

    /// three.js's `viewZToReversedOrthographicDepth(viewZ, near, far)`:
    /// `(viewZ + far) / (far - near)`.
    pub fn view_z_to_reversed_orthographic_depth(
        &self,
        view_z: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        self.div(self.add(view_z, far), self.sub(far, near))
    }

    /// three.js's `orthographicDepthToViewZ(depth, near, far)` with a depth buffer that is not
    /// reversed (ours never is): `(near - far) * depth - near`.
    pub fn orthographic_depth_to_view_z(
        &self,
        depth: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        self.sub(self.mul(self.sub(near, far), depth), near)
    }

    /// three.js's `viewZToPerspectiveDepth(viewZ, near, far)`:
    /// `(near + viewZ) * far / ((far - near) * viewZ)`.
    pub fn view_z_to_perspective_depth(
        &self,
        view_z: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        self.div(
            self.mul(self.add(near, view_z), far),
            self.mul(self.sub(far, near), view_z),
        )
    }

    /// three.js's `viewZToReversedPerspectiveDepth(viewZ, near, far)`:
    /// `near * (viewZ + far) / (viewZ * (near - far))`.
    pub fn view_z_to_reversed_perspective_depth(
        &self,
        view_z: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        self.div(
            self.mul(near, self.add(view_z, far)),
            self.mul(view_z, self.sub(near, far)),
        )
    }

    /// three.js's `perspectiveDepthToViewZ(depth, near, far)` with a depth buffer that is not
    /// reversed (ours never is): `near * far / ((far - near) * depth - far)`.
    pub fn perspective_depth_to_view_z(
        &self,
        depth: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        self.div(
            self.mul(near, far),
            self.sub(self.mul(self.sub(far, near), depth), far),
        )
    }

    /// three.js's `viewZToLogarithmicDepth(viewZ, near, far)`:
    /// `log2(-viewZ / n) / log2(far / n)` with `n = max(near, EPSILON)` (three's `EPSILON`, 1e-6).
    pub fn view_z_to_logarithmic_depth(
        &self,
        view_z: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        let near = self.max(near, self.float(THREE_EPSILON));
        let numerator = self.log2(self.div(self.negate(view_z), near));
        let denominator = self.log2(self.div(far, near));
        self.div(numerator, denominator)
    }

    /// three.js's `logarithmicDepthToViewZ(depth, near, far)`:
    /// `-(pow(e, depth * ln(far / near)) * near)`, `e` rounded to a float32 as three's
    /// `float(Math.E)`.
    pub fn logarithmic_depth_to_view_z(
        &self,
        depth: NodeRef,
        near: NodeRef,
        far: NodeRef,
    ) -> NodeRef {
        let exponent = self.mul(depth, self.log(self.div(far, near)));
        let e = self.float(std::f32::consts::E);
        self.negate(self.mul(self.pow(e, exponent), near))
    }
}
