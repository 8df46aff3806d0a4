//! The texture maps at the surface: the map's uv transform, and a map read at a lane's uv with
//! its screen derivatives.

use crate::texture::Texture;
use glam::{Mat3, Vec2, Vec4};

pub(super) fn linear2(m: &Mat3, v: Vec2) -> Vec2 {
    Vec2::new(
        m.x_axis.x * v.x + m.y_axis.x * v.y,
        m.x_axis.y * v.x + m.y_axis.y * v.y,
    )
}

pub(super) fn transform_uv(m: &Mat3, uv: Vec2) -> Vec2 {
    linear2(m, uv) + Vec2::new(m.z_axis.x, m.z_axis.y)
}

/// A texture map read at the surface's uv through the texture's own transform
/// ([`Texture::sample_map`]).
pub(crate) fn read_map(texture: &Texture, uv: Vec2, duv: (Vec2, Vec2)) -> Vec4 {
    texture.sample_map(uv, duv)
}
