//! Drawing one tile: the opaque draws (deferred ones only record which triangle is visible; forward
//! ones shade as they go), then the visible fragments shaded once, then the transparent draws
//! blended in order.

use crate::frame::bin::BinEntry;
use crate::frame::FrameContext;
use crate::raster::draw::Draw;
use crate::raster::setup::{centre, Tri, SUBPIXEL};
use crate::shade::{background_pixel, shade_batch, FragIn, FragOut, Scratch};
use multiversion::multiversion;
use tsl_core::LANES;

/// The pixels of a tile and a worker's buffers.
pub(crate) struct TileWork {
    /// Fragments shaded so far by this worker.
    pub shaded: usize,
    scratch: Scratch,
    frags: Vec<FragIn>,
    outs: Vec<FragOut>,
    /// The visible fragments of deferred draws in quad order: (pass, bin entry, pixel in the tile).
    visible: Vec<(u32, u32, u32)>,
    depth: Vec<f32>,
    vis: Vec<u32>,
    /// The rows' bounds of deferred writes (`Buffers::rows`), kept for the next tile.
    rows: Vec<[u32; 2]>,
    /// A tile's colours, handed back after use to be filled again.
    color: Vec<[f32; 4]>,
    /// The tile's depth after its opaque draws, which the blended draws' fragments carry
    /// (`FragIn::scene_z`, a volume's scene-depth gate, R-VOL-5).
    opaque_depth: Vec<f32>,
}

impl TileWork {
    /// Take back the colour buffer that `render_tile` returned.
    pub fn give_back(&mut self, color: Vec<[f32; 4]>) {
        self.color = color;
    }

    pub fn new() -> TileWork {
        TileWork {
            shaded: 0,
            scratch: Scratch::new(),
            frags: Vec::with_capacity(LANES),
            outs: Vec::with_capacity(LANES),
            visible: Vec::new(),
            depth: Vec::new(),
            vis: Vec::new(),
            rows: Vec::new(),
            color: Vec::new(),
            opaque_depth: Vec::new(),
        }
    }
}

struct Buffers {
    x0: u32,
    y0: u32,
    width: u32,
    depth: Vec<f32>,
    color: Vec<[f32; 4]>,
    /// The bin entry (plus one) whose triangle is visible at a pixel, for a deferred draw; all
    /// zero between tiles.
    vis: Vec<u32>,
    /// For each row, the columns `lo..hi` (from the tile's left) outside which deferred draws
    /// have written no `vis` since the last resolve (`lo >= hi`: none), so that a resolve
    /// visits and clears only those.
    rows: Vec<[u32; 2]>,
    /// Whether deferred draws have had pixels to test since the last resolve (which may have
    /// written `vis`).
    deferred: bool,
    /// The pass of the deferred draws (the first one), and whether there were others.
    deferred_pass: Option<u32>,
    mixed: bool,
}

/// A row's columns written by no deferred draw.
const NO_COLUMNS: [u32; 2] = [u32::MAX, 0];

impl Buffers {
    fn index(&self, x: u32, y: u32) -> usize {
        ((y - self.y0) * self.width + (x - self.x0)) as usize
    }
}

/// Visit the pixels of `tri` inside the tile, rows from the top, left to right:
/// `f(x, y, edge values)`.
fn for_each_pixel(tri: &Tri, rect: [u32; 4], mut f: impl FnMut(u32, u32, [i64; 3])) {
    let step = tri.a.map(|a| a * SUBPIXEL);
    for_each_span(tri, rect, |y, xs, xe, mut e| {
        for x in xs..xe {
            f(x, y, e);
            for i in 0..3 {
                e[i] += step[i];
            }
        }
    });
}

/// Visit the rows of `tri` inside the tile from the top: `f(y, x start, x end, edge values at
/// the start)` for each row whose covered pixels (a run: a triangle is convex) are not none.
/// The same pixels as testing each one with `tri.inside`, found without visiting the others.
fn for_each_span(tri: &Tri, rect: [u32; 4], mut f: impl FnMut(u32, u32, u32, [i64; 3])) {
    let x0 = tri.bbox[0].max(rect[0]);
    let y0 = tri.bbox[1].max(rect[1]);
    let x1 = tri.bbox[2].min(rect[2]);
    let y1 = tri.bbox[3].min(rect[3]);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let step = tri.a.map(|a| a * SUBPIXEL);
    let down = tri.b.map(|b| b * SUBPIXEL);
    // `tri.inside(e)` is each `e + bias > 0`, that is `e + bias - 1 >= 0`.
    let bias = tri.bias.map(|b| b - 1);
    // The edge values at the row's first pixel, stepped down a row at a time (exact integers,
    // the same as `tri.edges` there).
    let mut row = tri.edges(centre(x0 as i64), centre(y0 as i64));
    let n = i64::from(x1 - x0);
    for y in y0..y1 {
        if let Some((lo, hi)) = covered_run(row, bias, step, n) {
            let e = [0, 1, 2].map(|i| row[i] + lo * step[i]);
            f(y, x0 + lo as u32, x0 + hi as u32, e);
        }
        for i in 0..3 {
            row[i] += down[i];
        }
    }
}

/// The run `lo..hi` of the `k` in `0..n` at which every edge has `e + k·step + bias >= 0`
/// (`bias` here the top-left rule's less one), or `None`: each edge's value is monotonic in `k`,
/// so it bounds the run on one side, found by an exact integer division (skipped where the bound
/// already holds at the run's end).
#[inline(always)]
fn covered_run(e: [i64; 3], bias: [i64; 3], step: [i64; 3], n: i64) -> Option<(i64, i64)> {
    let (mut lo, mut hi) = (0, n);
    for i in 0..3 {
        let (f, s) = (e[i] + bias[i], step[i]);
        if f >= 0 {
            // Inside at 0; leaving it at the first `k` past `f / -s` when it falls.
            if s < 0 && f + (hi - 1) * s < 0 {
                hi = hi.min(f / -s + 1);
            }
        } else if s > 0 {
            // Outside at 0; entering it at the first `k` from `-f / s` (rounded up) when it rises.
            if f + lo * s < 0 {
                if f + (n - 1) * s < 0 {
                    return None;
                }
                lo = lo.max((-f + s - 1) / s);
            }
        } else {
            return None;
        }
    }
    (lo < hi).then_some((lo, hi))
}

/// The depth test and write of a deferred draw's run of pixels, given each pixel's depth: the
/// nearer (or equal) depths in [0, 1] win (`depth` holds only depths in [0, 1], its clear one
/// and those written here and by `shade_forward`, which tests the same range, so `z <= depth`
/// also rejects a NaN and anything above one).
#[inline]
fn depth_run(depth: &mut [f32], vis: &mut [u32], vis_entry: u32, mut z: impl FnMut() -> f32) {
    for (d, v) in depth.iter_mut().zip(vis) {
        let z = z();
        if z >= 0.0 && z <= *d {
            *d = z;
            *v = vis_entry;
        }
    }
}

/// The visibility pass of a deferred draw's triangle: where it is nearest, its depth and
/// `vis_entry` (its bin entry plus one) are written. A function of its own, so that its pixel
/// loop has the registers to itself. Compiled for baseline x86-64 and again for AVX2, chosen at
/// run time (the same bits: integer steps and the same float operations).
#[multiversion(targets("x86_64+avx2"))]
fn draw_deferred(tri: &Tri, rect: [u32; 4], vis_entry: u32, buf: &mut Buffers) {
    // `tri.screen_weights`' scale, checked once for the triangle.
    let inv = tri.inv_area as f32;
    let scaled = inv.is_finite() && inv > 0.0;
    let step = tri.a.map(|a| a * SUBPIXEL);
    let (x0, width) = (buf.x0, buf.width as usize);
    for_each_span(tri, rect, |y, xs, xe, mut e| {
        let row = (y - buf.y0) as usize;
        let start = row * width + (xs - x0) as usize;
        let range = start..start + (xe - xs) as usize;
        // Invariant: for_each_span gives spans inside the tile's rect (the triangle's bbox, clamped to the frame, cut to the tile), which the tile's buffers cover.
        let (depth, vis) = (&mut buf.depth[range.clone()], &mut buf.vis[range]);
        buf.deferred = true;
        if scaled {
            depth_run(depth, vis, vis_entry, || {
                let z = tri.depth(e.map(|e| e as f32 * inv));
                for i in 0..3 {
                    e[i] += step[i];
                }
                z
            });
        } else {
            depth_run(depth, vis, vis_entry, || {
                let z = tri.depth(tri.screen_weights(e));
                for i in 0..3 {
                    e[i] += step[i];
                }
                z
            });
        }
        let bounds = &mut buf.rows[row];
        *bounds = [bounds[0].min(xs - x0), bounds[1].max(xe - x0)];
    });
}

/// Draw the tile `rect` (x0, y0, x1, y1) from its bin; its linear RGBA pixels, rows from the top.
pub(crate) fn render_tile(
    ctx: &FrameContext,
    rect: [u32; 4],
    bin: &[BinEntry],
    work: &mut TileWork,
) -> Vec<[f32; 4]> {
    let width = rect[2] - rect[0];
    let count = (width * (rect[3] - rect[1])) as usize;
    let mut color = std::mem::take(&mut work.color);
    color.clear();
    color.resize(count, ctx.clear);
    if let Some((background, projection)) = &ctx.background {
        for (k, c) in color.iter_mut().enumerate() {
            let (x, y) = (rect[0] + k as u32 % width, rect[1] + k as u32 / width);
            *c = background_pixel(
                background,
                projection,
                &ctx.view_to_world,
                ctx.orthographic,
                [x, y, ctx.width, ctx.height],
            );
        }
    }
    if bin.is_empty() {
        return color;
    }
    let mut depth = std::mem::take(&mut work.depth);
    depth.clear();
    depth.resize(count, 1.0);
    // All zero from the last tile (a resolve clears it).
    let mut vis = std::mem::take(&mut work.vis);
    if vis.len() != count {
        vis.clear();
        vis.resize(count, 0);
    }
    let mut rows = std::mem::take(&mut work.rows);
    rows.clear();
    rows.resize((rect[3] - rect[1]) as usize, NO_COLUMNS);
    let mut buf = Buffers {
        x0: rect[0],
        y0: rect[1],
        width,
        depth,
        color,
        vis,
        rows,
        deferred: false,
        deferred_pass: None,
        mixed: false,
    };
    let mut resolved = false;
    let mut pending: Option<u32> = None;
    for (entry, &(pass_index, tri_index)) in bin.iter().enumerate() {
        // Invariant: bin entries name passes and triangles of this frame (bin_passes makes them from `passes` and each draw's `tris`).
        let pass = &ctx.passes[pass_index as usize];
        if pass.after_opaques && !resolved {
            flush(ctx, pending.take(), &mut buf, work);
            resolve(ctx, bin, &mut buf, work);
            resolved = true;
            // The opaque scene's depth, before any blended draw writes depth (R-VOL-5).
            work.opaque_depth.clear();
            work.opaque_depth.extend_from_slice(&buf.depth);
        }
        if pending != Some(pass_index) {
            flush(ctx, pending.take(), &mut buf, work);
        }
        let draw = &ctx.draws[pass.draw as usize];
        let tri = &draw.tris[tri_index as usize];
        if pass.faces.is_some_and(|front| front != tri.front) {
            continue;
        }
        if !draw.forward {
            match buf.deferred_pass {
                None => buf.deferred_pass = Some(pass_index),
                Some(p) if p != pass_index => buf.mixed = true,
                Some(_) => {}
            }
            draw_deferred(tri, rect, entry as u32 + 1, &mut buf);
            continue;
        }
        pending = Some(pass_index);
        let early = draw.material.depth_test && !draw.runs(tsl_core::Output::Depth);
        for_each_pixel(tri, rect, |x, y, e| {
            let z = tri.depth(tri.screen_weights(e));
            let i = buf.index(x, y);
            if early && (z > buf.depth[i] || z.is_nan()) {
                return;
            }
            work.frags.push(FragIn {
                x,
                y,
                tri: tri_index,
                z,
                scene_z: if resolved { work.opaque_depth[i] } else { 1.0 },
            });
            if work.frags.len() == LANES {
                shade_forward(ctx, pass_index, &mut buf, work);
            }
        });
    }
    flush(ctx, pending.take(), &mut buf, work);
    if !resolved {
        resolve(ctx, bin, &mut buf, work);
    }
    work.depth = buf.depth;
    work.vis = buf.vis;
    work.rows = buf.rows;
    buf.color
}

fn flush(ctx: &FrameContext, pass: Option<u32>, buf: &mut Buffers, work: &mut TileWork) {
    if let Some(pass) = pass {
        if !work.frags.is_empty() {
            shade_forward(ctx, pass, buf, work);
        }
    }
}

/// Shade the queued fragments of a forward pass and write the survivors in order.
fn shade_forward(ctx: &FrameContext, pass_index: u32, buf: &mut Buffers, work: &mut TileWork) {
    let pass = &ctx.passes[pass_index as usize];
    let draw = &ctx.draws[pass.draw as usize];
    shade_batch(ctx, draw, &work.frags, &mut work.scratch, &mut work.outs);
    work.shaded += work.frags.len();
    let m = draw.material;
    for (f, o) in work.frags.iter().zip(&work.outs) {
        if !o.keep {
            continue;
        }
        let i = buf.index(f.x, f.y);
        let z = o.depth;
        if !(0.0..=1.0).contains(&z) || (m.depth_test && z > buf.depth[i]) {
            continue;
        }
        if m.depth_write {
            buf.depth[i] = z;
        }
        buf.vis[i] = 0;
        buf.color[i] = if m.transparent {
            blend(o.color, buf.color[i])
        } else {
            o.color
        };
    }
    work.frags.clear();
}

/// Normal blending of straight-alpha `src` over `dst` (`SRC_ALPHA, ONE_MINUS_SRC_ALPHA` for the
/// colour, `ONE, ONE_MINUS_SRC_ALPHA` for the alpha).
fn blend(src: [f32; 4], dst: [f32; 4]) -> [f32; 4] {
    let a = src[3];
    [
        src[0] * a + dst[0] * (1.0 - a),
        src[1] * a + dst[1] * (1.0 - a),
        src[2] * a + dst[2] * (1.0 - a),
        a + dst[3] * (1.0 - a),
    ]
}

/// Shade the fragments that deferred draws left visible, a batch of one pass at a time, the four
/// pixels of each 2×2 window quad together (they share their derivatives).
fn resolve(ctx: &FrameContext, bin: &[BinEntry], buf: &mut Buffers, work: &mut TileWork) {
    if !buf.deferred {
        // Nothing written to `vis`: only the rows' bounds to forget.
        buf.rows.fill(NO_COLUMNS);
        return;
    }
    buf.deferred = false;
    work.visible.clear();
    let width = buf.width as usize;
    let height = buf.rows.len();
    // Window quads pair rows from the bottom of the image.
    let odd = ctx.height % 2 == 1;
    let first_row = usize::from(odd == buf.y0.is_multiple_of(2));
    let pairs = (first_row == 1).then_some((0, 1)).into_iter().chain(
        (first_row..height)
            .step_by(2)
            .map(move |r| (r, (r + 2).min(height))),
    );
    if let (Some(pass_index), false) = (buf.deferred_pass, buf.mixed) {
        // One pass: its fragments go to batches as the quads are visited.
        buf.deferred_pass = None;
        let draw = &ctx.draws[ctx.passes[pass_index as usize].draw as usize];
        // The batch in arrays on the stack, its length a local (in a register: a push is a few
        // stores).
        let (mut frags, mut pixels, mut n) = ([NO_FRAG; LANES], [0u32; LANES], 0);
        // As long as `vis`: a pixel that is in it is in this.
        let depth = &buf.depth[..buf.vis.len()];
        for (r0, r1) in pairs {
            visit_quads(
                &mut buf.vis,
                &mut buf.rows,
                width,
                r0,
                r1,
                |pixel, x, y, v| {
                    frags[n] = FragIn {
                        x: buf.x0 + x as u32,
                        y: buf.y0 + y as u32,
                        tri: bin[v as usize - 1].1,
                        z: depth[pixel],
                        scene_z: 1.0,
                    };
                    pixels[n] = pixel as u32;
                    n += 1;
                    if n == LANES {
                        shade_visible(ctx, draw, &frags, &pixels, &mut buf.color, work);
                        n = 0;
                    }
                },
            );
        }
        shade_visible(ctx, draw, &frags[..n], &pixels[..n], &mut buf.color, work);
        return;
    }
    buf.deferred_pass = None;
    buf.mixed = false;
    let mut visible = std::mem::take(&mut work.visible);
    for (r0, r1) in pairs {
        visit_quads(
            &mut buf.vis,
            &mut buf.rows,
            width,
            r0,
            r1,
            |pixel, _, _, v| {
                visible.push((bin[v as usize - 1].0, v - 1, pixel as u32));
            },
        );
    }
    if visible.is_empty() {
        work.visible = visible;
        return;
    }
    let mut passes: Vec<u32> = Vec::new();
    for &(pass, _, _) in &visible {
        if !passes.contains(&pass) {
            passes.push(pass);
            if passes.len() > 8 {
                break;
            }
        }
    }
    if passes.len() > 8 {
        visible.sort_by_key(|&(pass, _, _)| pass);
        passes.clear();
        passes.push(u32::MAX);
    }
    for &only in &passes {
        let mut lanes = visible
            .iter()
            .filter(|&&(pass, _, _)| only == u32::MAX || pass == only)
            .peekable();
        let (mut frags, mut pixels) = ([NO_FRAG; LANES], [0u32; LANES]);
        while let Some(&&(pass_index, _, _)) = lanes.peek() {
            let mut n = 0;
            while let Some(&&(pass, entry, pixel)) = lanes.peek() {
                if pass != pass_index || n == LANES {
                    break;
                }
                lanes.next();
                let (px, py) = (pixel % buf.width, pixel / buf.width);
                frags[n] = FragIn {
                    x: buf.x0 + px,
                    y: buf.y0 + py,
                    tri: bin[entry as usize].1,
                    z: buf.depth[pixel as usize],
                    scene_z: 1.0,
                };
                pixels[n] = pixel;
                n += 1;
            }
            let pass = &ctx.passes[pass_index as usize];
            let draw = &ctx.draws[pass.draw as usize];
            shade_visible(ctx, draw, &frags[..n], &pixels[..n], &mut buf.color, work);
        }
    }
    work.visible = visible;
}

/// Visit the pixels of rows `r0..r1` (one or two) whose `vis` is set, the 2×2 window quads from
/// the left, each quad's from its top left: `f(pixel, x, y, vis)` (in the tile); and clear them.
/// Only the columns that `rows` bounds are visited (from an even one, where quads start), and
/// then forgotten.
fn visit_quads(
    vis: &mut [u32],
    rows: &mut [[u32; 2]],
    width: usize,
    r0: usize,
    r1: usize,
    mut f: impl FnMut(usize, usize, usize, u32),
) {
    let [lo, hi] = rows[r0..r1]
        .iter()
        .fold(NO_COLUMNS, |[lo, hi], r| [lo.min(r[0]), hi.max(r[1])]);
    if lo >= hi {
        return;
    }
    rows[r0..r1].fill(NO_COLUMNS);
    let (lo, hi) = ((lo & !1) as usize, hi as usize);
    // The rows as slices of the width (the quads' columns within it: no bounds check a pixel).
    let lines = [r0, r1 - 1].map(|y| &vis[y * width..][..width]);
    for qx in (lo..hi).step_by(2) {
        let qe = (qx + 2).min(width);
        for (y, cells) in (r0..r1).zip(lines) {
            // Indexed: the iterator forms compile to slower loops here.
            #[allow(clippy::needless_range_loop)]
            for x in qx..qe {
                let v = cells[x];
                if v != 0 {
                    f(y * width + x, x, y, v);
                }
            }
        }
    }
    for y in r0..r1 {
        vis[y * width + lo..y * width + hi].fill(0);
    }
}

/// A batch's unused entries.
const NO_FRAG: FragIn = FragIn {
    x: 0,
    y: 0,
    tri: 0,
    z: 0.0,
    scene_z: 1.0,
};

/// Shade visible fragments of `draw` (if any) and write their colours to their `pixels`.
fn shade_visible(
    ctx: &FrameContext,
    draw: &Draw,
    frags: &[FragIn],
    pixels: &[u32],
    color: &mut [[f32; 4]],
    work: &mut TileWork,
) {
    if frags.is_empty() {
        return;
    }
    shade_batch(ctx, draw, frags, &mut work.scratch, &mut work.outs);
    work.shaded += frags.len();
    for (&pixel, o) in pixels.iter().zip(&work.outs) {
        color[pixel as usize] = o.color;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::bin::tiles;
    use crate::raster::setup::{setup_projected, Projected};
    use crate::scene::Side;
    use glam::Vec3;

    const SIZE: (u32, u32) = (70, 50);

    /// Triangles of every kind on a 70×50 screen: random corners (on the screen, off it, on
    /// pixel centres and on pixel edges, where the top-left rule decides), thin ones, axis-aligned
    /// ones.
    fn triangles() -> Vec<Tri> {
        let size = SIZE;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |range: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % range as u64) as i64
        };
        let mut tris = Vec::new();
        for k in 0..6000 {
            let mut point = |k: i64| {
                let (w, h) = (i64::from(size.0) * SUBPIXEL, i64::from(size.1) * SUBPIXEL);
                let (x, y) = (next(w + 2 * w) - w, next(h + 2 * h) - h);
                match k % 4 {
                    // Anywhere, to the subpixel.
                    0 => (x, y),
                    // On pixel centres: edges through centres, on which the top-left rule
                    // decides.
                    1 => (
                        x / SUBPIXEL * SUBPIXEL + SUBPIXEL / 2,
                        y / SUBPIXEL * SUBPIXEL + SUBPIXEL / 2,
                    ),
                    // On pixel corners.
                    2 => (x / SUBPIXEL * SUBPIXEL, y / SUBPIXEL * SUBPIXEL),
                    // Near the screen, small.
                    _ => (x / 3 + w / 3, y / 3 + h / 3),
                }
            };
            // Every fifth triangle with its three corners of one kind.
            let kind = if k % 5 == 0 { 0 } else { 1 };
            let (a, b, mut c) = (point(k), point(k + kind), point(k + 2 * kind));
            if k % 7 == 0 {
                // Thin: the third corner next to the first.
                c = (a.0 + next(5) - 2, a.1 + next(300));
            }
            if k % 11 == 0 {
                // A horizontal edge.
                c.1 = b.1;
            } else if k % 3 == 0 {
                // A nearly horizontal edge: a small step along the row, whose division's
                // rounding matters.
                c.1 = b.1 + next(5) - 2;
            }
            push([a, b, c], k as u32, &mut tris);
        }
        // Small ones with a nearly horizontal edge (a step along the row of one or two
        // subpixels' rise, so that the rounding of the division that finds where a row enters
        // the triangle is tried at every remainder).
        for k in 0..40000 {
            let a = (next(60 * SUBPIXEL), next(40 * SUBPIXEL));
            let b = (a.0 + 256 + next(2000), a.1 + next(5) - 2);
            let c = (a.0 + next(4000) - 2000, a.1 + next(4000) - 2000);
            push([a, b, c], k, &mut tris);
        }
        // A left edge that leaves a pixel centre just outside, its edge value -1 (the division
        // rounds a remainder of one up): from (128, 127) to (129, 127 + 256·m), shifted.
        for (k, m) in (1..=4).enumerate() {
            for shift in 0..3 {
                let p = (128 + shift * 7 * SUBPIXEL, 127 + shift * 5 * SUBPIXEL);
                let q = (p.0 + 1, p.1 + SUBPIXEL * m);
                for r in [
                    (p.0 + 2000, p.1 + 300),
                    (p.0 + 900, p.1 - 700),
                    (p.0 + 5000, q.1),
                ] {
                    push([p, q, r], k as u32, &mut tris);
                }
            }
        }
        tris
    }

    fn push(corners: [(i64, i64); 3], orig: u32, tris: &mut Vec<Tri>) {
        {
            let projected = corners.map(|(x, y)| Projected {
                x,
                y,
                inv_w: 1.0,
                z: 0.5,
            });
            setup_projected(
                &projected,
                |i| [Vec3::X, Vec3::Y, Vec3::Z][i],
                orig,
                Side::Double,
                false,
                SIZE,
                tris,
            );
        }
    }

    #[test]
    fn the_runs_are_the_pixels_inside() {
        let tris = triangles();
        assert!(tris.len() > 3000);
        let mut visited = Vec::new();
        let mut inside = Vec::new();
        for tri in &tris {
            for rect in tiles(SIZE) {
                visited.clear();
                for_each_pixel(tri, rect, |x, y, e| visited.push((x, y, e)));
                // Every pixel of the tile in the triangle's box, tested on its own.
                inside.clear();
                for y in rect[1].max(tri.bbox[1])..rect[3].min(tri.bbox[3]) {
                    for x in rect[0].max(tri.bbox[0])..rect[2].min(tri.bbox[2]) {
                        let e = tri.edges(centre(x as i64), centre(y as i64));
                        if tri.inside(e) {
                            inside.push((x, y, e));
                        }
                    }
                }
                assert_eq!(visited, inside, "{tri:?} in {rect:?}");
            }
        }
    }
}
