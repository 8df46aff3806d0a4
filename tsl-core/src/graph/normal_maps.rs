//! Normal and bump maps as three.js r187 builds them (R-VAL-15, docs/requirements.md):
//! `NormalMapNode.js` with the tangent frame of `TangentUtils.js` (derivatives of the view
//! position and the uv, as `perturbNormal2Arb`), and `BumpMapNode.js` (`dHdxy_fwd`,
//! `perturbNormalArb`). Each returns a unit camera-space normal, as three's do.

use super::{NodeGraph, NodeRef, TextureSource};

impl NodeGraph {
    /// TSL's tangent frame's `T` and `B` before scaling (`TangentUtils.js`): from the view
    /// position's and the uv's screen derivatives and `normal_view()`.
    fn tangent_frame_unscaled(&self) -> (NodeRef, NodeRef) {
        let (p, uv) = (self.position_view(), self.uv());
        let (q0, q1) = (self.dfdx(p), self.dfdy(p));
        let (st0, st1) = (self.dfdx(uv), self.dfdy(uv));
        let n = self.normal_view();
        let q1perp = self.cross(q1, n);
        let q0perp = self.cross(n, q0);
        let along = |k: &str| {
            let a = self.mul(q1perp, self.swizzle(st0, k));
            self.add(a, self.mul(q0perp, self.swizzle(st1, k)))
        };
        (along("x"), along("y"))
    }

    /// The frame's common scale: `inverseSqrt(max(T·T, B·B))`, 0 where both are 0.
    fn tangent_frame_scale(&self, t: NodeRef, b: NodeRef) -> NodeRef {
        let det = self.max(self.dot(t, t), self.dot(b, b));
        let zero = self.float(0.0);
        self.select(self.equal(det, zero), zero, self.inverse_sqrt(det))
    }

    /// TSL's `tangentViewFrame`: the camera-space tangent from the derivatives (vec3), for a
    /// geometry without tangents.
    pub fn tangent_view_frame(&self) -> NodeRef {
        let (t, b) = self.tangent_frame_unscaled();
        self.mul(t, self.tangent_frame_scale(t, b))
    }

    /// TSL's `bitangentViewFrame`: the camera-space bitangent from the derivatives (vec3).
    pub fn bitangent_view_frame(&self) -> NodeRef {
        let (t, b) = self.tangent_frame_unscaled();
        self.mul(b, self.tangent_frame_scale(t, b))
    }

    /// TSL's `normalMap(color, scale)` of a tangent-space map: `n = color * 2 - 1`, its `xy`
    /// times `scale` (a float or a vec2; TSL's default, no scale, is `vec2(1, 1)`), then
    /// `normalize(mat3(tangentViewFrame, bitangentViewFrame, normalView) * n)`: a unit
    /// camera-space normal (vec3). `color` is the map's texel (vec3, or a vec4 whose `xyz` it
    /// reads).
    pub fn normal_map(&self, color: NodeRef, scale: NodeRef) -> NodeRef {
        let rgb = match self.type_of(color) {
            Some(crate::types::ValueType::Vec4) => self.swizzle(color, "xyz"),
            _ => color,
        };
        let n = self.sub(self.mul(rgb, self.float(2.0)), self.float(1.0));
        let xy = self.mul(self.swizzle(n, "xy"), scale);
        let n = self.join(&[xy, self.swizzle(n, "z")]);
        let (t, b) = self.tangent_frame_unscaled();
        let scale = self.tangent_frame_scale(t, b);
        let (t, b) = (self.mul(t, scale), self.mul(b, scale));
        let tbn = self.matrix(&[t, b, self.normal_view()]);
        self.normalize(self.mul(tbn, n))
    }

    /// TSL's `bumpMap(texture(map, uv), scale)`: the height is the map's red channel at `uv`,
    /// `uv + dFdx(uv)` and `uv + dFdy(uv)` (`dHdxy_fwd`, times `scale`; TSL's default scale is
    /// 1), and `perturbNormalArb` bends `normal_view()` by it (`faceDirection` included): a
    /// unit camera-space normal (vec3).
    pub fn bump_map(&self, map: impl Into<TextureSource>, uv: NodeRef, scale: NodeRef) -> NodeRef {
        let map = match map.into() {
            TextureSource::Node(node) => node,
            TextureSource::Id(id) => self.texture_id(id),
        };
        let height = |at: NodeRef| self.swizzle(self.texture(map, at), "x");
        let here = height(uv);
        let right = height(self.add(uv, self.dfdx(uv)));
        let up = height(self.add(uv, self.dfdy(uv)));
        let d = self.join(&[self.sub(right, here), self.sub(up, here)]);
        let dhdxy = self.mul(d, scale);
        self.perturb_normal_arb(self.position_view(), self.normal_view(), dhdxy)
    }

    /// three's `perturbNormalArb`: `surf_norm` bent by the height's screen gradient `dhdxy`
    /// (vec2) over the surface `surf_pos`.
    fn perturb_normal_arb(&self, surf_pos: NodeRef, surf_norm: NodeRef, dhdxy: NodeRef) -> NodeRef {
        let sigma_x = self.normalize(self.dfdx(surf_pos));
        let sigma_y = self.normalize(self.dfdy(surf_pos));
        let r1 = self.cross(sigma_y, surf_norm);
        let r2 = self.cross(surf_norm, sigma_x);
        let det = self.mul(self.dot(sigma_x, r1), self.face_direction());
        let grad = self.add(
            self.mul(self.swizzle(dhdxy, "x"), r1),
            self.mul(self.swizzle(dhdxy, "y"), r2),
        );
        let grad = self.mul(self.sign(det), grad);
        self.normalize(self.sub(self.mul(self.abs(det), surf_norm), grad))
    }
}
