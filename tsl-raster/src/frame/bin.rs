//! Binning: the image's tiles, and in each the (pass, triangle) entries whose bounding box
//! touches it, in pass order.

use super::Pass;
use crate::raster::draw::Draw;
use crate::raster::TILE;

/// One entry of a tile's bin: a pass and a triangle of its draw.
pub(crate) type BinEntry = (u32, u32);

/// The tiles of an image of `size`, rows of tiles from the top.
pub(crate) fn tiles(size: (u32, u32)) -> Vec<[u32; 4]> {
    let mut rects = Vec::new();
    for y in (0..size.1).step_by(TILE as usize) {
        for x in (0..size.0).step_by(TILE as usize) {
            rects.push([x, y, (x + TILE).min(size.0), (y + TILE).min(size.1)]);
        }
    }
    rects
}

/// Each tile's (pass, triangle) entries, in pass order: every triangle in every tile its bounding
/// box touches, a two-pass draw's faces in their own pass.
pub(crate) fn bin_passes(draws: &[Draw], passes: &[Pass], size: (u32, u32)) -> Vec<Vec<BinEntry>> {
    let tiles_x = size.0.div_ceil(TILE) as usize;
    let mut bins: Vec<Vec<BinEntry>> = vec![Vec::new(); tiles(size).len()];
    for (p, pass) in passes.iter().enumerate() {
        // Invariant: each pass is made for a draw of `draws` (the frame pushes a pass per draw it pushes).
        let draw = &draws[pass.draw as usize];
        for (t, tri) in draw.tris.iter().enumerate() {
            if pass.faces.is_some_and(|front| front != tri.front) {
                continue;
            }
            let [x0, y0, x1, y1] = tri.bbox;
            for ty in (y0 / TILE)..y1.div_ceil(TILE) {
                for tx in (x0 / TILE)..x1.div_ceil(TILE) {
                    // Invariant: setup clamps a triangle's bbox to the frame (0..=width, 0..=height), so its tiles are inside `tiles(size)`.
                    bins[ty as usize * tiles_x + tx as usize].push((p as u32, t as u32));
                }
            }
        }
    }
    bins
}
