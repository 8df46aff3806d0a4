//! The rasterizer's geometry: vertices placed on the host (the position node runs here),
//! triangles clipped against the near plane with their attributes, set up in fixed point (the
//! top-left fill rule, pixel centres at half pixels), and the planes that interpolate them. The
//! frame ([`crate::frame`]) bins them into tiles; the CPU renderer draws each tile.

pub(crate) mod clip;
pub(crate) mod custom;
pub(crate) mod draw;
pub(crate) mod point_size;
pub(crate) mod primitive;
pub(crate) mod recycle;
pub(crate) mod setup;
pub(crate) mod surface;

/// The side of a tile in pixels.
pub(crate) const TILE: u32 = 32;
