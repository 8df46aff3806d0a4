//! Texture reads that choose their own mip level: TSL's `texture(map, uv).level(l)`,
//! `.grad(dx, dy)` and `.bias(b)` (three r187's `TextureNode`), GLSL's `textureLod`,
//! `textureGrad` and `texture(s, P, bias)` (docs/requirements.md, R-VAL-16 and the GLSL
//! subset).
//!
//! One operation reads at an explicit level, `texture_level`; a gradient and a bias are levels
//! the graph computes, as OpenGL ES 3.0 §3.8.10 defines the level: λ = log2 ρ with
//! ρ = max(|∂uv/∂x · size|, |∂uv/∂y · size|) at level 0's size. The size is the texture-size
//! uniform the renderer fills ([`NodeGraph::texture_size`]), so a gradient's level needs a map
//! that is a texture uniform or a texture id, as that does.

use super::{NodeGraph, NodeRef, Op, TextureSource};

/// The smallest footprint the level formula takes, so that a zero gradient gives a finite
/// level far below 0 (magnification) rather than the −∞ of `log2(0)`, which WGSL leaves
/// undefined.
const MIN_FOOTPRINT: f32 = 1e-20;

impl NodeGraph {
    /// TSL's `texture(map, uv).level(level)` (GLSL's `textureLod`): `map` read at `uv` at mip
    /// level `level` (a float λ: 0 is the full-size level, 1 the half-size one; the texture's
    /// filters pick one level or blend two from it as they do for an implicit read, and a level
    /// at or below 0 reads through the magnification filter). A vec4 of linear colour and
    /// straight alpha. Refuses [`NO_TEXTURE`](crate::NO_TEXTURE), a coordinate that is not a
    /// vec2 and a level that is not a float.
    pub fn texture_level(
        &self,
        map: impl Into<TextureSource>,
        uv: NodeRef,
        level: NodeRef,
    ) -> NodeRef {
        let map = self.map_node(map);
        self.node("texture_level", Op::TextureLevel, &[map, uv, level])
    }

    /// TSL's `texture(map, uv).grad(ddx, ddy)` (GLSL's `textureGrad`): `map` read at `uv` at
    /// the level the coordinate's screen gradients `ddx` and `ddy` (vec2s: its change per pixel
    /// across and up) choose, OpenGL's isotropic λ = log2 max(|ddx · size|, |ddy · size|).
    /// The gradients replace the surface's own: a shader that transforms its coordinate
    /// passes the gradients it wants. Refuses what [`NodeGraph::texture_level`] refuses, and
    /// a map that is not a texture uniform or a texture id.
    pub fn texture_grad(
        &self,
        map: impl Into<TextureSource>,
        uv: NodeRef,
        ddx: NodeRef,
        ddy: NodeRef,
    ) -> NodeRef {
        let map = self.map_node(map);
        let size = self.texture_size(map, 0);
        let rho = self.max(
            self.length(self.mul(ddx, size)),
            self.length(self.mul(ddy, size)),
        );
        let level = self.log2(self.max(rho, self.float(MIN_FOOTPRINT)));
        self.texture_level(map, uv, level)
    }

    /// TSL's `texture(map, uv).bias(bias)` (GLSL's `texture(s, P, bias)`): `map` read at `uv`
    /// at the level `uv`'s own screen derivatives choose, plus `bias` (a float): the gradients
    /// `dfdx(uv)` and `dfdy(uv)` scaled by 2^bias, whose level is λ + bias. Refuses what
    /// [`NodeGraph::texture_grad`] refuses.
    pub fn texture_bias(
        &self,
        map: impl Into<TextureSource>,
        uv: NodeRef,
        bias: NodeRef,
    ) -> NodeRef {
        let scale = self.exp2(bias);
        let ddx = self.mul(self.dfdx(uv), scale);
        let ddy = self.mul(self.dfdy(uv), scale);
        self.texture_grad(map, uv, ddx, ddy)
    }
}
