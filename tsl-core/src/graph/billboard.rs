//! Billboards and triplanar textures as three.js r187 builds them (`SpriteUtils.js`,
//! `TriplanarTextures.js`; R-VAL-15, docs/requirements.md).

use super::{NodeGraph, NodeRef, TextureSource};

impl NodeGraph {
    /// TSL's `billboarding({ position, horizontal, vertical })` as a `POSITION_NODE` (vec3).
    ///
    /// three.js returns a clip position for `vertexNode`: `P × MV' × positionGeometry`, where
    /// `MV'` is `cameraViewMatrix × modelWorldMatrix` with its translation moved to `position`
    /// (default: the model's world position) and, when `horizontal` (TSL's default `true`), its
    /// first column replaced by `(scaleX, 0, 0)`, when `vertical` (default `false`) its second
    /// by `(0, scaleY, 0)`, and always its third by `(0, 0, 1)`. Our position node is an offset
    /// of the local position, so this returns the local position that the usual transform takes
    /// to the same clip position, `modelWorldMatrixInverse × cameraWorldMatrix × MV' ×
    /// (positionLocal, 1)`, minus `positionLocal`. (`horizontalRotation` is not supported.)
    pub fn billboarding(
        &self,
        position: Option<NodeRef>,
        horizontal: bool,
        vertical: bool,
    ) -> NodeRef {
        let center = position.unwrap_or_else(|| self.model_position());
        let world = self.model_world_matrix();
        let column = |m: NodeRef, k: usize| self.column(m, k);
        let moved = self.matrix(&[
            column(world, 0),
            column(world, 1),
            column(world, 2),
            self.join(&[center, self.float(1.0)]),
        ]);
        let model_view = self.mul(self.camera_view_matrix(), moved);
        // A replaced column keeps its w (0 for the affine matrices here).
        let replace = |k: usize, xyz: NodeRef| {
            let w = self.swizzle(column(model_view, k), "w");
            self.join(&[xyz, w])
        };
        let length = |k: usize| self.length(self.swizzle(column(world, k), "xyz"));
        let zero = self.float(0.0);
        let right = if horizontal {
            replace(0, self.join(&[length(0), zero, zero]))
        } else {
            column(model_view, 0)
        };
        let up = if vertical {
            replace(1, self.join(&[zero, length(1), zero]))
        } else {
            column(model_view, 1)
        };
        let forward = replace(2, self.vec3(0.0, 0.0, 1.0));
        let billboard = self.matrix(&[right, up, forward, column(model_view, 3)]);
        let local = self.position_local();
        let view = self.mul(billboard, self.join(&[local, self.float(1.0)]));
        let world_position = self.mul(self.camera_world_matrix(), view);
        let back = self.mul(self.model_world_matrix_inverse(), world_position);
        self.sub(self.swizzle(back, "xyz"), local)
    }

    /// TSL's `triplanarTextures(textureX, textureY, textureZ, scale, position, normal)`: the
    /// three maps read at `position.yz`, `.zx` and `.xy` times `scale` (a float; TSL's default
    /// 1), blended by `abs(normal)` normalized and divided by its component sum (vec4). TSL's
    /// defaults for `position` and `normal` are `positionLocal` and `normalLocal`; `textureY`
    /// and `textureZ` default to `textureX` ([`NodeGraph::triplanar_texture`]).
    pub fn triplanar_textures(
        &self,
        maps: [TextureSource; 3],
        scale: NodeRef,
        position: NodeRef,
        normal: NodeRef,
    ) -> NodeRef {
        let bf = self.normalize(self.abs(normal));
        let bf = self.div(bf, self.dot(bf, self.vec3(1.0, 1.0, 1.0)));
        let terms: Vec<NodeRef> = maps
            .into_iter()
            .zip([("yz", "x"), ("zx", "y"), ("xy", "z")])
            .map(|(map, (plane, weight))| {
                let at = self.mul(self.swizzle(position, plane), scale);
                self.mul(self.texture(map, at), self.swizzle(bf, weight))
            })
            .collect();
        self.add(self.add(terms[0], terms[1]), terms[2])
    }

    /// TSL's `triplanarTexture(texture, ...)`: [`NodeGraph::triplanar_textures`] with one map
    /// on all three planes.
    pub fn triplanar_texture(
        &self,
        map: impl Into<TextureSource>,
        scale: NodeRef,
        position: NodeRef,
        normal: NodeRef,
    ) -> NodeRef {
        let map = match map.into() {
            TextureSource::Node(node) => node,
            TextureSource::Id(id) => self.texture_id(id),
        };
        let maps = [map, map, map].map(TextureSource::Node);
        self.triplanar_textures(maps, scale, position, normal)
    }
}
