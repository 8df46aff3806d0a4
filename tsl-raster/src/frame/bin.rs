//! Binning: the image's tiles, and in each the (pass, triangle) entries whose bounding box
//! touches it, in pass order.

use super::Pass;
use crate::raster::draw::Draw;
use crate::raster::TILE;
use rayon::prelude::*;

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

/// The passes' triangles are binned in parallel in pieces of this many (a piece may span passes);
/// fewer are binned on this thread.
const PIECE: usize = 4096;

/// Each tile's (pass, triangle) entries, in pass order: every triangle in every tile its bounding
/// box touches, a two-pass draw's faces in their own pass.
pub(crate) fn bin_passes(draws: &[Draw], passes: &[Pass], size: (u32, u32)) -> Vec<Vec<BinEntry>> {
    let tiles_x = size.0.div_ceil(TILE) as usize;
    let count = tiles(size).len();
    // The passes' triangles as one sequence, each pass's first in it.
    let mut firsts = Vec::with_capacity(passes.len() + 1);
    firsts.push(0);
    for pass in passes {
        // Invariant: each pass is made for a draw of `draws` (the frame pushes a pass per draw it pushes).
        firsts.push(firsts[firsts.len() - 1] + draws[pass.draw as usize].tris.len());
    }
    let total = firsts[passes.len()];
    // The entries of the sequence's `from..to` into `bins`, in order.
    let bin = |from: usize, to: usize, bins: &mut Vec<Vec<BinEntry>>| {
        let mut p = firsts
            .partition_point(|&first| first <= from)
            .saturating_sub(1);
        let mut at = from;
        while at < to {
            // Invariant: `at` is below the total, so inside pass `p` or a later one (`firsts` rises).
            let (pass, first) = (&passes[p], firsts[p]);
            let end = to.min(firsts[p + 1]);
            let tris = &draws[pass.draw as usize].tris[at - first..end - first];
            for (t, tri) in (at - first..).zip(tris) {
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
            (at, p) = (end, p + 1);
        }
    };
    let mut bins: Vec<Vec<BinEntry>> = vec![Vec::new(); count];
    if total <= PIECE {
        bin(0, total, &mut bins);
        return bins;
    }
    // Pieces binned in parallel, then each tile's entries of every piece joined in order.
    let pieces: Vec<Vec<Vec<BinEntry>>> = (0..total.div_ceil(PIECE))
        .into_par_iter()
        .map(|i| {
            let mut bins = vec![Vec::new(); count];
            bin(i * PIECE, ((i + 1) * PIECE).min(total), &mut bins);
            bins
        })
        .collect();
    bins.par_iter_mut().enumerate().for_each(|(tile, entries)| {
        entries.reserve_exact(pieces.iter().map(|piece| piece[tile].len()).sum());
        for piece in &pieces {
            entries.extend_from_slice(&piece[tile]);
        }
    });
    bins
}
