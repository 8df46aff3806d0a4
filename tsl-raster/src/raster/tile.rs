//! Drawing one tile: the opaque draws (deferred ones only record which triangle is visible; forward
//! ones shade as they go), then the visible fragments shaded once, then the transparent draws
//! blended in order.

use super::draw::Draw;
use super::setup::{centre, Tri};
use super::TILE;
use crate::renderer::FrameContext;
use crate::shade::{shade_batch, FragIn, FragOut, Scratch};
use tsl_core::LANES;

/// One entry of a tile's bin: a pass and a triangle of its draw.
pub(crate) type BinEntry = (u32, u32);

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
    /// A tile's colours, handed back after use to be filled again.
    color: Vec<[f32; 4]>,
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
            color: Vec::new(),
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
    /// Pixels that deferred draws have written since the last resolve.
    deferred: usize,
    /// The pass of the deferred draws (the first one), and whether there were others.
    deferred_pass: Option<u32>,
    mixed: bool,
}

impl Buffers {
    fn index(&self, x: u32, y: u32) -> usize {
        ((y - self.y0) * self.width + (x - self.x0)) as usize
    }
}

/// Visit the pixels of `tri` inside the tile: `f(x, y, edge values)`.
fn for_each_pixel(tri: &Tri, rect: [u32; 4], mut f: impl FnMut(u32, u32, [i64; 3])) {
    let x0 = tri.bbox[0].max(rect[0]);
    let y0 = tri.bbox[1].max(rect[1]);
    let x1 = tri.bbox[2].min(rect[2]);
    let y1 = tri.bbox[3].min(rect[3]);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let step = tri.a.map(|a| a * super::setup::SUBPIXEL);
    // `tri.inside(e)` as one test: each `e + bias > 0` is `e + bias - 1 >= 0`, so all three hold
    // when the OR of the three has its sign bit clear.
    let bias = tri.bias.map(|b| b - 1);
    for y in y0..y1 {
        let mut e = tri.edges(centre(x0 as i64), centre(y as i64));
        let mut entered = false;
        for x in x0..x1 {
            if ((e[0] + bias[0]) | (e[1] + bias[1]) | (e[2] + bias[2])) >= 0 {
                entered = true;
                f(x, y, e);
            } else if entered {
                // A triangle is convex: past its pixels on this row there are no more.
                break;
            }
            for i in 0..3 {
                e[i] += step[i];
            }
        }
    }
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
    let mut buf = Buffers {
        x0: rect[0],
        y0: rect[1],
        width,
        depth,
        color,
        vis,
        deferred: 0,
        deferred_pass: None,
        mixed: false,
    };
    let mut resolved = false;
    let mut pending: Option<u32> = None;
    for (entry, &(pass_index, tri_index)) in bin.iter().enumerate() {
        let pass = &ctx.passes[pass_index as usize];
        if pass.transparent && !resolved {
            flush(ctx, pending.take(), &mut buf, work);
            resolve(ctx, bin, &mut buf, work);
            resolved = true;
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
            let vis_entry = entry as u32 + 1;
            // `tri.screen_weights`' scale, checked once for the triangle.
            let inv = tri.inv_area as f32;
            let scaled = inv.is_finite() && inv > 0.0;
            for_each_pixel(tri, rect, |x, y, e| {
                let z = if scaled {
                    tri.depth(e.map(|e| e as f32 * inv))
                } else {
                    tri.depth(tri.screen_weights(e))
                };
                let i = buf.index(x, y);
                if (0.0..=1.0).contains(&z) && z <= buf.depth[i] {
                    buf.depth[i] = z;
                    buf.vis[i] = vis_entry;
                    buf.deferred += 1;
                }
            });
            continue;
        }
        pending = Some(pass_index);
        let early = draw.material.depth_test
            && !draw
                .program
                .is_some_and(|p| p.has_output(tsl_core::Output::Depth));
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
    if buf.deferred == 0 {
        return;
    }
    buf.deferred = 0;
    work.visible.clear();
    let width = buf.width as usize;
    let height = buf.depth.len() / width;
    // Window quads pair rows from the bottom of the image.
    let odd = ctx.height % 2 == 1;
    let first_row = usize::from(odd == buf.y0.is_multiple_of(2));
    if let (Some(pass_index), false) = (buf.deferred_pass, buf.mixed) {
        // One pass: its fragments go to batches as the quads are visited.
        buf.deferred_pass = None;
        let draw = &ctx.draws[ctx.passes[pass_index as usize].draw as usize];
        let pairs = (first_row == 1).then_some((0, 1)).into_iter().chain(
            (first_row..height)
                .step_by(2)
                .map(|r| (r, (r + 2).min(height))),
        );
        work.frags.clear();
        for (r0, r1) in pairs {
            for qx in (0..width).step_by(2) {
                for y in r0..r1 {
                    for x in qx..(qx + 2).min(width) {
                        let pixel = y * width + x;
                        let v = buf.vis[pixel];
                        if v == 0 {
                            continue;
                        }
                        work.frags.push(FragIn {
                            x: buf.x0 + x as u32,
                            y: buf.y0 + y as u32,
                            tri: bin[v as usize - 1].1,
                            z: buf.depth[pixel],
                        });
                        if work.frags.len() == LANES {
                            shade_visible(ctx, draw, buf, work);
                        }
                    }
                }
            }
        }
        if !work.frags.is_empty() {
            shade_visible(ctx, draw, buf, work);
        }
        buf.vis.fill(0);
        return;
    }
    buf.deferred_pass = None;
    buf.mixed = false;
    let push_rows = |r0: usize, r1: usize, visible: &mut Vec<(u32, u32, u32)>| {
        for qx in (0..width).step_by(2) {
            for y in r0..r1 {
                let row = y * width;
                for pixel in row + qx..row + (qx + 2).min(width) {
                    let v = buf.vis[pixel];
                    if v != 0 {
                        visible.push((bin[v as usize - 1].0, v - 1, pixel as u32));
                    }
                }
            }
        }
    };
    let mut visible = std::mem::take(&mut work.visible);
    if first_row == 1 {
        push_rows(0, 1, &mut visible);
    }
    for r in (first_row..height).step_by(2) {
        push_rows(r, (r + 2).min(height), &mut visible);
    }
    buf.vis.fill(0);
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
        while let Some(&&(pass_index, _, _)) = lanes.peek() {
            work.frags.clear();
            while let Some(&&(pass, entry, pixel)) = lanes.peek() {
                if pass != pass_index || work.frags.len() == LANES {
                    break;
                }
                lanes.next();
                let (px, py) = (pixel % buf.width, pixel / buf.width);
                work.frags.push(FragIn {
                    x: buf.x0 + px,
                    y: buf.y0 + py,
                    tri: bin[entry as usize].1,
                    z: buf.depth[pixel as usize],
                });
            }
            let pass = &ctx.passes[pass_index as usize];
            let draw = &ctx.draws[pass.draw as usize];
            shade_batch(ctx, draw, &work.frags, &mut work.scratch, &mut work.outs);
            work.shaded += work.frags.len();
            for (f, o) in work.frags.iter().zip(&work.outs) {
                let i = buf.index(f.x, f.y);
                buf.color[i] = o.color;
            }
        }
    }
    work.frags.clear();
    work.visible = visible;
}

/// Shade the queued visible fragments of a deferred draw and write their colours.
fn shade_visible(ctx: &FrameContext, draw: &Draw, buf: &mut Buffers, work: &mut TileWork) {
    shade_batch(ctx, draw, &work.frags, &mut work.scratch, &mut work.outs);
    work.shaded += work.frags.len();
    for (f, o) in work.frags.iter().zip(&work.outs) {
        let i = buf.index(f.x, f.y);
        buf.color[i] = o.color;
    }
    work.frags.clear();
}

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
