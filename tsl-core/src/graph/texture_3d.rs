//! 3D textures (volumes): three.js's `texture3D(map, uvw)` and the uniform that holds a volume
//! (R-VAL-22, docs/requirements.md).
//!
//! A volume is named by a [`TextureId`] as a 2D texture is, and held in a texture uniform of the
//! same type; what makes the id a volume's is the node that reads it: a `texture_3d` node's map
//! names a volume in the renderer's volume store, a `texture` node's map a texture in its texture
//! store. A renderer tells the two apart by the instruction that reads the id's word
//! (`texture_3d` or `texture`).

use super::{NodeGraph, NodeRef, Op, TextureSource};
use crate::types::TextureId;

impl NodeGraph {
    /// A named volume (3D texture) the caller changes with `NodeProgram::set_texture`, as
    /// three.js's `texture3D(map)` held in a uniform. The id names a volume of the renderer's
    /// volume store, not a 2D texture.
    pub fn volume_uniform(&self, name: &str, map: TextureId) -> NodeRef {
        self.texture_uniform(name, map)
    }

    /// three.js's `texture3D(map, uvw)`: the volume `map` read at a vec3 coordinate (each
    /// component 0 to 1 across the volume, wrapped as the volume says), a vec4 of linear colour
    /// and straight alpha; the volume's filter (linear by default) blends the eight nearest
    /// texels. Refuses [`NO_TEXTURE`](crate::NO_TEXTURE) and a coordinate that is not a vec3.
    pub fn texture_3d(&self, map: impl Into<TextureSource>, uvw: NodeRef) -> NodeRef {
        let map = self.map_node(map);
        self.node("texture_3d", Op::Texture3d, &[map, uvw])
    }
}
