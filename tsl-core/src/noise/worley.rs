//! Worley (cellular) noise: distances to jittered feature points in the 3×3 or 3×3×3 cells
//! around `p`, as `mx_worley_noise_float_2d/3d`, `mx_worley_noise_vec2/vec3` and
//! `mx_worley_noise_vec3_style` compute them.
//!
//! `metric` is three.js's: 2 Manhattan, 3 Chebyshev, anything else the **squared** Euclidean
//! distance; only metric 0 takes the square root at the end. `style` 1 returns cell noise at the
//! nearest feature point instead of a distance.

use super::cell::{
    cell_noise_float_2d, cell_noise_float_3d, cell_noise_vec3_2d, cell_noise_vec3_3d,
};
use super::perlin::floorfrac;

/// three.js's `int(metric)` of a float operand, as [`worley_noise_vec3_3d`] and kin read it:
/// 0 where it truncates to 0 (the square root is taken), 2 and 3 where it truncates to 2 or 3,
/// and 1 (squared Euclidean) for everything else, NaN included. Comparisons on the float, so
/// every backend agrees whatever its `int(float)` does out of range.
pub fn worley_metric(metric: f32) -> u32 {
    match metric {
        m if m > -1.0 && m < 1.0 => 0,
        m if (2.0..3.0).contains(&m) => 2,
        m if (3.0..4.0).contains(&m) => 3,
        _ => 1,
    }
}

/// three.js's `int(style) == 1` on a float operand: 1 where it truncates to 1, else 0.
pub fn worley_style(style: f32) -> u32 {
    u32::from((1.0..2.0).contains(&style))
}

/// The neighbour offsets, in three.js's loop order (`for x in -1..=1`, nested `y`, `z`).
const OFFSETS: [i32; 3] = [-1, 0, 1];

/// GLSL `fract(x)` as the oracle computes it: `x − floor(x)`, kept below 1. (For a tiny negative
/// `x` the difference rounds to 1.0; SwiftShader returns the largest float below 1 instead.)
pub fn fract(x: f32) -> f32 {
    let f = x - x.floor();
    if f >= 1.0 {
        ONE_MINUS_ULP
    } else {
        f
    }
}

/// The largest `f32` below 1.
const ONE_MINUS_ULP: f32 = 1.0 - f32::EPSILON / 2.0;

/// `(o − 0.5)·jitter + 0.5`, the feature point's position in its cell.
fn jittered(o: f32, jitter: f32) -> f32 {
    (o - 0.5) * jitter + 0.5
}

/// `mx_worley_distance`'s metric on `diff = cellpos − p`: `|x|+|y|(+|z|)` for 2,
/// `max(|x|, |y|(, |z|))` for 3, else `dot(diff, diff)` summed left to right.
fn metric_distance(diff: &[f32], metric: u32) -> f32 {
    let abs = diff.iter().map(|d| d.abs());
    match metric {
        2 => abs.reduce(|a, b| a + b).unwrap_or(0.0),
        3 => abs.reduce(f32::max).unwrap_or(0.0),
        _ => diff
            .iter()
            .map(|d| d * d)
            .reduce(|a, b| a + b)
            .unwrap_or(0.0),
    }
}

/// The feature point of the neighbour `(x, y)` of cell `(cx, cy)`, relative to `local`:
/// `vec2(float(x), float(y)) + off − local`. The cell noise reads `vec2(x + cx, y + cy)` as
/// floats and floors them back, as three.js does (so a cell past 2²⁴ rounds).
fn feature_2d(local: [f32; 2], x: i32, y: i32, cell: [i32; 2], jitter: f32) -> [f32; 2] {
    let c = cell_noise_vec3_2d([
        x.wrapping_add(cell[0]) as f32,
        y.wrapping_add(cell[1]) as f32,
    ]);
    [
        (x as f32 + jittered(c[0], jitter)) - local[0],
        (y as f32 + jittered(c[1], jitter)) - local[1],
    ]
}

/// The 3D counterpart of [`feature_2d`], with `mx_cell_noise_vec3_3d`.
fn feature_3d(local: [f32; 3], o: [i32; 3], cell: [i32; 3], jitter: f32) -> [f32; 3] {
    let c = cell_noise_vec3_3d([0, 1, 2].map(|k| o[k].wrapping_add(cell[k]) as f32));
    [0, 1, 2].map(|k| (o[k] as f32 + jittered(c[k], jitter)) - local[k])
}

/// Visits the nine neighbours of `p`'s cell in three.js's order with `(distance, feature)`.
fn scan_2d(p: [f32; 2], jitter: f32, metric: u32, mut visit: impl FnMut(f32, [f32; 2])) {
    let (cx, lx) = floorfrac(p[0]);
    let (cy, ly) = floorfrac(p[1]);
    for x in OFFSETS {
        for y in OFFSETS {
            let diff = feature_2d([lx, ly], x, y, [cx, cy], jitter);
            visit(metric_distance(&diff, metric), diff);
        }
    }
}

/// Visits the 27 neighbours of `p`'s cell in three.js's order with `(distance, feature)`.
fn scan_3d(p: [f32; 3], jitter: f32, metric: u32, mut visit: impl FnMut(f32, [f32; 3])) {
    let [(cx, lx), (cy, ly), (cz, lz)] = p.map(floorfrac);
    for x in OFFSETS {
        for y in OFFSETS {
            for z in OFFSETS {
                let diff = feature_3d([lx, ly, lz], [x, y, z], [cx, cy, cz], jitter);
                visit(metric_distance(&diff, metric), diff);
            }
        }
    }
}

/// Keeps the `N` smallest distances, nearest first; ties keep the earlier one. Starts at 1e6.
struct Nearest<const N: usize>([f32; N]);

impl<const N: usize> Nearest<N> {
    fn new() -> Self {
        Self([1e6; N])
    }

    fn insert(&mut self, d: f32) {
        if let Some(i) = self.0.iter().position(|&s| d < s) {
            self.0.copy_within(i..N - 1, i + 1);
            self.0[i] = d;
        }
    }

    /// The distances, square-rooted for metric 0.
    fn finish(self, metric: u32) -> [f32; N] {
        if metric == 0 {
            self.0.map(f32::sqrt)
        } else {
            self.0
        }
    }
}

/// The nearest feature: the first strictly smaller distance wins.
struct Closest<const D: usize> {
    dist: f32,
    pos: [f32; D],
}

impl<const D: usize> Closest<D> {
    fn new() -> Self {
        Self {
            dist: 1e6,
            pos: [0.0; D],
        }
    }

    fn insert(&mut self, d: f32, pos: [f32; D]) {
        if d < self.dist {
            self.dist = d;
            self.pos = pos;
        }
    }

    /// `minpos + p`, where style 1 reads its cell noise.
    fn cell_of(&self, p: [f32; D]) -> [f32; D] {
        std::array::from_fn(|k| self.pos[k] + p[k])
    }
}

/// `mx_worley_noise_float_2d(texcoord, jitter, style)` (TSL's `mx_worley_noise_float_2d`).
///
/// Unlike the other Worley functions it takes the fraction with `fract` and the cell with a
/// float `floor`, adds the neighbour offset in float, and reads its jitter from 3D cell noise at
/// `(cell, 0)` and `(cell, 1)`. Always the Euclidean metric; style 1 gives
/// `cell_noise_float_2d(minpos + texcoord)`, else the distance.
pub fn worley_noise_float_2d(p: [f32; 2], jitter: f32, style: u32) -> f32 {
    let floor = p.map(f32::floor);
    let local = p.map(fract);
    let mut best = Closest::<2>::new();
    for x in OFFSETS {
        for y in OFFSETS {
            let cell = [x as f32, y as f32];
            let seed = [cell[0] + floor[0], cell[1] + floor[1]];
            let off =
                [0.0, 1.0].map(|z| jittered(cell_noise_float_3d([seed[0], seed[1], z]), jitter));
            let pos = [0, 1].map(|k| (cell[k] + off[k]) - local[k]);
            best.insert(metric_distance(&pos, 0), pos);
        }
    }
    if style == 1 {
        cell_noise_float_2d(best.cell_of(p))
    } else {
        best.dist.sqrt()
    }
}

/// `mx_worley_noise_float_3d(position, jitter, style)`: the distance to the nearest feature
/// point (Euclidean), or for style 1 `cell_noise_float_3d(minpos + position)`.
///
/// TSL's `mx_worley_noise_float` is this for any input (a vec2 gets z = 0).
pub fn worley_noise_float_3d(p: [f32; 3], jitter: f32, style: u32) -> f32 {
    let mut best = Closest::<3>::new();
    scan_3d(p, jitter, 0, |d, pos| best.insert(d, pos));
    if style == 1 {
        cell_noise_float_3d(best.cell_of(p))
    } else {
        best.dist.sqrt()
    }
}

/// `mx_worley_noise_vec2(vec2 p, jitter, metric)`: the two smallest distances, nearest first.
/// TSL's `mx_worley_noise_vec2` passes metric 1 (squared distances).
pub fn worley_noise_vec2_2d(p: [f32; 2], jitter: f32, metric: u32) -> [f32; 2] {
    let mut near = Nearest::<2>::new();
    scan_2d(p, jitter, metric, |d, _| near.insert(d));
    near.finish(metric)
}

/// `mx_worley_noise_vec2(vec3 p, jitter, metric)`.
pub fn worley_noise_vec2_3d(p: [f32; 3], jitter: f32, metric: u32) -> [f32; 2] {
    let mut near = Nearest::<2>::new();
    scan_3d(p, jitter, metric, |d, _| near.insert(d));
    near.finish(metric)
}

/// `mx_worley_noise_vec3(vec2 p, jitter, metric)`: the three smallest distances, nearest first.
/// TSL's `mx_worley_noise_vec3` defaults to metric 1 (squared distances).
pub fn worley_noise_vec3_2d(p: [f32; 2], jitter: f32, metric: u32) -> [f32; 3] {
    let mut near = Nearest::<3>::new();
    scan_2d(p, jitter, metric, |d, _| near.insert(d));
    near.finish(metric)
}

/// `mx_worley_noise_vec3(vec3 p, jitter, metric)`.
pub fn worley_noise_vec3_3d(p: [f32; 3], jitter: f32, metric: u32) -> [f32; 3] {
    let mut near = Nearest::<3>::new();
    scan_3d(p, jitter, metric, |d, _| near.insert(d));
    near.finish(metric)
}

/// `mx_worley_noise_vec3_style(vec2 p, jitter, style, metric)`: style 1 gives
/// `cell_noise_vec3_2d(minpos + p)` at the nearest feature (by `metric`), else
/// [`worley_noise_vec3_2d`].
pub fn worley_noise_vec3_style_2d(p: [f32; 2], jitter: f32, style: u32, metric: u32) -> [f32; 3] {
    if style != 1 {
        return worley_noise_vec3_2d(p, jitter, metric);
    }
    let mut best = Closest::<2>::new();
    scan_2d(p, jitter, metric, |d, pos| best.insert(d, pos));
    cell_noise_vec3_2d(best.cell_of(p))
}

/// `mx_worley_noise_vec3_style(vec3 p, jitter, style, metric)`: as the 2D one, with
/// `cell_noise_vec3_3d`.
pub fn worley_noise_vec3_style_3d(p: [f32; 3], jitter: f32, style: u32, metric: u32) -> [f32; 3] {
    if style != 1 {
        return worley_noise_vec3_3d(p, jitter, metric);
    }
    let mut best = Closest::<3>::new();
    scan_3d(p, jitter, metric, |d, pos| best.insert(d, pos));
    cell_noise_vec3_3d(best.cell_of(p))
}
