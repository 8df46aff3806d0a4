//! The rasterizer: vertices placed on the host (the position node runs here), triangles clipped
//! against the near plane with their attributes, set up in fixed point (the top-left fill rule,
//! pixel centres at half pixels), binned into tiles, and each tile drawn in parallel: depth test,
//! visibility, shading in batches of [`tsl_core::LANES`], blending.

pub(crate) mod clip;
pub(crate) mod draw;
pub(crate) mod recycle;
pub(crate) mod setup;
pub(crate) mod surface;
pub(crate) mod tile;

/// The side of a tile in pixels.
pub(crate) const TILE: u32 = 32;
