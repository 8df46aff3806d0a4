//! Cube textures and 2D array textures: three.js r187's `cubeTexture(map, direction)`
//! (`CubeTextureNode`) and `texture(map, uv).depth(layer)` of a `DataArrayTexture`
//! (R-CUBE-1 and R-CUBE-2, docs/requirements.md).
//!
//! Both read a 3D texture of the renderer's volume store through the `texture_3d` instruction:
//! the volume's layout (a volume, layers or a cube's six faces) says how the vec3 is read, so a
//! cube texture and an array texture are volumes to the program, with no instruction of their
//! own. The map of a cube or array read names a volume, as `texture_3d`'s does.

use super::{NodeGraph, NodeRef, TextureSource};
use crate::types::{TextureId, ValueType};

impl NodeGraph {
    /// A named cube or 2D array texture the caller changes with `NodeProgram::set_texture`, as
    /// three.js's `uniformCubeTexture(map)`: the id names a texture of the renderer's volume
    /// store (a cube or layers layout), as [`NodeGraph::volume_uniform`]'s does.
    pub fn uniform_cube_texture(&self, name: &str, map: TextureId) -> NodeRef {
        self.volume_uniform(name, map)
    }

    /// three.js's `cubeTexture(map, direction)`: the cube texture `map` read along a vec3
    /// direction in the world, a vec4 of linear colour and straight alpha. As r187's
    /// `CubeTextureNode.setupUV` does for a cube texture that is not a render target, the
    /// direction's x is negated before WebGL's face selection (three.js's cube maps look from
    /// inside, its world is right-handed). Refuses [`NO_TEXTURE`](crate::NO_TEXTURE) and a
    /// direction that is not a vec3.
    pub fn cube_texture(&self, map: impl Into<TextureSource>, direction: NodeRef) -> NodeRef {
        let x = self.negate(self.swizzle(direction, "x"));
        let flipped = self.join(&[x, self.swizzle(direction, "yz")]);
        self.texture_3d(map, flipped)
    }

    /// three.js's `cubeTexture(map)` with its default direction for `CubeReflectionMapping`:
    /// [`NodeGraph::reflect_vector`].
    pub fn cube_texture_reflect(&self, map: impl Into<TextureSource>) -> NodeRef {
        self.cube_texture(map, self.reflect_vector())
    }

    /// TSL's `texture(map, uv).depth(layer)` of a 2D array texture (three.js's
    /// `DataArrayTexture`): layer `layer` of `map` read at the vec2 `uv`. As three.js builds the
    /// layer as an `int`, a float layer is truncated toward zero; the renderer then clamps it to
    /// the layers. Refuses [`NO_TEXTURE`](crate::NO_TEXTURE), a `uv` that is not a vec2 and a
    /// layer that is not a scalar.
    pub fn texture_layer(
        &self,
        map: impl Into<TextureSource>,
        uv: NodeRef,
        layer: NodeRef,
    ) -> NodeRef {
        let layer = match self.type_of(layer) {
            Some(ValueType::Int | ValueType::UInt) => self.to_float(layer),
            _ => self.trunc(layer),
        };
        self.texture_3d(map, self.join(&[uv, layer]))
    }
}
