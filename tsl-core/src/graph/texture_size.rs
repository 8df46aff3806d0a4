//! `textureSize` (R-VAL-16, docs/requirements.md): a texture's size in texels as a vec2 uniform
//! the renderer fills each frame. The program does not know its textures' sizes (a texture id is
//! a word the renderer resolves), so the size is a uniform whose name says what it measures,
//! `texture_size(#7, 0)` for texture 7 at level 0 or `texture_size(map, 1)` for the texture
//! uniform `map` at level 1, which survives saving the program and reaches every render path
//! as any uniform does.

use super::{NodeGraph, NodeRef, Op, TextureSource};
use crate::types::{TextureId, ValueType};

/// The name of the uniform holding the size of `texture` (`#` and an id, or a texture uniform's
/// name) at mip `level`.
pub fn texture_size_uniform_name(texture: &str, level: u32) -> String {
    format!("texture_size({texture}, {level})")
}

/// What a texture-size uniform's name measures: the texture (by id, or by the name of the
/// texture uniform holding it) and the mip level; `None` for any other name.
pub fn parse_texture_size_uniform(name: &str) -> Option<(TextureRef<'_>, u32)> {
    let inner = name.strip_prefix("texture_size(")?.strip_suffix(')')?;
    let (texture, level) = inner.rsplit_once(", ")?;
    let level = level.parse().ok()?;
    let texture = match texture.strip_prefix('#') {
        Some(id) => TextureRef::Id(TextureId(id.parse().ok()?)),
        None => TextureRef::Uniform(texture),
    };
    Some((texture, level))
}

/// The texture a texture-size uniform measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextureRef<'a> {
    /// A texture by id.
    Id(TextureId),
    /// The texture a texture uniform of this name holds.
    Uniform(&'a str),
}

impl NodeGraph {
    /// TSL's `textureSize(texture, level)`: the size in texels of `map`'s mip `level` (TSL's
    /// default level is 0), as a vec2 of floats (three.js gives a `uvec2`). It is a uniform the
    /// renderer fills each frame (named as [`texture_size_uniform_name`] says; asking twice
    /// reads the same uniform); a program run outside a renderer reads (0, 0) until the caller
    /// sets it with `set_uniform`. Refuses a map node that is not a texture uniform or a texture
    /// id.
    pub fn texture_size(&self, map: impl Into<TextureSource>, level: u32) -> NodeRef {
        let texture = match map.into() {
            TextureSource::Id(id) => Some(format!("#{}", id.0)),
            TextureSource::Node(node) => self.resolve(node).ok().and_then(|i| {
                let parts = self.parts.borrow();
                match parts.nodes[i as usize].op {
                    Op::TextureConst(id) => Some(format!("#{}", id.0)),
                    Op::Uniform(u) => parts.uniforms.get(u).map(|d| d.name.clone()),
                    _ => None,
                }
            }),
        };
        let Some(texture) = texture else {
            return self.refuse_node(
                "texture_size",
                "the map is not a texture id or a texture uniform of this graph",
            );
        };
        let name = texture_size_uniform_name(&texture, level);
        let existing = self
            .parts
            .borrow()
            .uniforms
            .iter()
            .position(|d| d.name == name);
        match existing {
            Some(index) => self.leaf("texture_size", Op::Uniform(index), ValueType::Vec2),
            None => self.named_uniform(&name, glam::Vec2::ZERO),
        }
    }
}
