//! One texel read with no filtering: GLSL ES 3.00's `texelFetch(sampler, ivec2 P, int lod)`
//! (§8.8; docs/requirements.md, R-GLSL-25) and TSL's `textureLoad`. A filtered read at the texel's
//! centre is not the same thing: under a linear filter `(x + 0.5) / size` rounds, and the
//! neighbour takes a weight of one part in 2^23 per texel of the size; under a minification
//! filter without mipmaps `textureLod` reads level 0 whatever the level. So the read is an
//! operation of its own.

use super::{NodeGraph, NodeRef, Op, TextureSource};

impl NodeGraph {
    /// GLSL's `texelFetch(map, texel, level)`: the texel of `map`'s mip `level` in column
    /// `texel.x` and row `texel.y`, read with no filter, as a vec4 of linear colour and straight
    /// alpha. `texel` is a vec2 and `level` a float, each a whole number (a fraction is floored);
    /// the rows count as [`NodeGraph::texture`]'s coordinate does, so the texel is the one
    /// `texture_level(map, (texel + 0.5) / size, level)` reads with nearest filtering. A texel or
    /// level outside the texture (which GLSL ES leaves undefined) reads transparent black; the
    /// wrap modes do not apply. Refuses [`NO_TEXTURE`](crate::NO_TEXTURE), a texel that is not a
    /// vec2 and a level that is not a float.
    pub fn texture_fetch(
        &self,
        map: impl Into<TextureSource>,
        texel: NodeRef,
        level: NodeRef,
    ) -> NodeRef {
        let map = self.map_node(map);
        self.node("texture_fetch", Op::TextureFetch, &[map, texel, level])
    }
}
