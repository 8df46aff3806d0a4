//! Billboards and triplanar textures, typed (R-VAL-15, docs/requirements.md): the builder's
//! methods of `graph/billboard.rs` with their types.

use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, Vec3, Vec4};
use super::values::TextureMap;

/// TSL's `billboarding`'s options object, with TSL's defaults in [`Default`]: no `position`
/// (the model's world position), `horizontal: true`, `vertical: false`.
#[derive(Clone, Copy, Debug)]
pub struct Billboarding {
    /// The billboard's centre in world space; `None` for the model's world position.
    pub position: Option<Node<Vec3>>,
    /// Face the camera turning round the vertical axis.
    pub horizontal: bool,
    /// Face the camera turning round the horizontal axis too.
    pub vertical: bool,
}

impl Default for Billboarding {
    fn default() -> Billboarding {
        Billboarding {
            position: None,
            horizontal: true,
            vertical: false,
        }
    }
}

/// TSL's `billboarding({ position, horizontal, vertical })` as a `POSITION_NODE`: the offset of
/// the local position that gives three.js's clip position
/// ([`NodeGraph::billboarding`](crate::NodeGraph::billboarding) says how).
pub fn billboarding(options: Billboarding) -> Node<Vec3> {
    let position = options.position.map(|p| p.node_ref());
    Node::wrap(current().billboarding(position, options.horizontal, options.vertical))
}

/// TSL's `triplanarTextures(textureX, textureY, textureZ, scale, position, normal)`: three maps
/// read on the planes facing x, y and z, blended by the normal. TSL's defaults: `scale` 1,
/// `position` `positionLocal`, `normal` `normalLocal`.
pub fn triplanar_textures(
    x: impl TextureMap,
    y: impl TextureMap,
    z: impl TextureMap,
    scale: impl IntoNodeOf<Float>,
    position: impl IntoNodeOf<Vec3>,
    normal: impl IntoNodeOf<Vec3>,
) -> Node<Vec4> {
    let (s, p, n) = (
        scale.into_node_of(),
        position.into_node_of(),
        normal.into_node_of(),
    );
    let maps = [x.texture_source(), y.texture_source(), z.texture_source()];
    Node::wrap(current().triplanar_textures(maps, s.node_ref(), p.node_ref(), n.node_ref()))
}

/// TSL's `triplanarTexture(texture, scale, position, normal)`: one map on all three planes
/// ([`triplanar_textures`]).
pub fn triplanar_texture(
    map: impl TextureMap,
    scale: impl IntoNodeOf<Float>,
    position: impl IntoNodeOf<Vec3>,
    normal: impl IntoNodeOf<Vec3>,
) -> Node<Vec4> {
    let (s, p, n) = (
        scale.into_node_of(),
        position.into_node_of(),
        normal.into_node_of(),
    );
    Node::wrap(current().triplanar_texture(
        map.texture_source(),
        s.node_ref(),
        p.node_ref(),
        n.node_ref(),
    ))
}
