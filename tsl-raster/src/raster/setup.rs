//! Triangle set-up: a clipped polygon projected to the screen, snapped to 1/256 of a pixel, culled
//! by side, and cut into triangles whose edge functions are exact integers. A pixel is covered when
//! its centre (at half pixels) is inside every edge, or on a top or left edge (the top-left rule
//! that GPUs use), so triangles that share an edge cover each pixel once.

use super::clip::ClipVertex;
use crate::scene::Side;
use glam::{Vec3, Vec4};

/// Subpixel steps per pixel (8 bits, as GPUs snap).
pub(crate) const SUBPIXEL: i64 = 256;

/// A screen triangle, ready to rasterize and to interpolate.
#[derive(Clone, Debug)]
pub(crate) struct Tri {
    /// The original triangle, whose corners the attributes come from.
    pub orig: u32,
    /// Whether the triangle faces the camera (counter-clockwise on screen, y up).
    pub front: bool,
    /// Edge `i` (opposite corner `i`) is `a[i]·X + b[i]·Y + c[i]` in subpixel units.
    pub a: [i64; 3],
    pub b: [i64; 3],
    pub c: [i64; 3],
    /// One for a top or left edge (a centre on it is inside), zero otherwise.
    pub bias: [i64; 3],
    /// One over twice the area, in subpixel units squared.
    pub inv_area: f64,
    /// One over each corner's clip w.
    pub inv_w: [f32; 3],
    /// Each corner's window depth, 0 at the near plane, 1 at the far plane.
    pub z: [f32; 3],
    /// Each corner's weights of the original triangle's corners.
    pub weights: [Vec3; 3],
    /// The pixels that may be covered: x0, y0, x1, y1 (the last two exclusive).
    pub bbox: [u32; 4],
}

/// `x.round() as i64` (halves away from zero, saturating, NaN to zero) without a call to the C
/// library's `round`, which a baseline x86-64 build makes.
#[inline]
pub(crate) fn round_to_i64(x: f64) -> i64 {
    let t = x as i64;
    let rest = x - t as f64;
    if rest >= 0.5 {
        t.saturating_add(1)
    } else if rest <= -0.5 {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// The subpixel coordinate of a pixel's centre.
#[inline]
pub(crate) fn centre(pixel: i64) -> i64 {
    pixel * SUBPIXEL + SUBPIXEL / 2
}

impl Tri {
    /// The three edge functions at a subpixel point.
    #[inline]
    pub fn edges(&self, x: i64, y: i64) -> [i64; 3] {
        [0, 1, 2].map(|i| self.a[i] * x + self.b[i] * y + self.c[i])
    }

    /// Whether the edge values put the point inside (top-left rule).
    /// (The tiles' pixel loop folds the same test into one comparison.)
    #[inline]
    pub fn inside(&self, e: [i64; 3]) -> bool {
        e[0] + self.bias[0] > 0 && e[1] + self.bias[1] > 0 && e[2] + self.bias[2] > 0
    }

    /// The screen-linear weights of the corners at edge values `e` (they add to one).
    #[inline]
    pub fn screen_weights(&self, e: [i64; 3]) -> [f32; 3] {
        let inv = self.inv_area as f32;
        if inv.is_finite() && inv > 0.0 {
            e.map(|e| e as f32 * inv)
        } else {
            e.map(|e| (e as f64 * self.inv_area) as f32)
        }
    }

    /// The window depth at screen weights `l`.
    #[inline]
    pub fn depth(&self, l: [f32; 3]) -> f32 {
        l[0] * self.z[0] + l[1] * self.z[1] + l[2] * self.z[2]
    }

    /// The perspective-correct weights of the original triangle's corners at screen weights `l`
    /// (the reference that [`WeightPlanes`], which the shading uses, is tested against).
    #[inline]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn corner_weights(&self, l: [f32; 3]) -> Vec3 {
        let q = [
            l[0] * self.inv_w[0],
            l[1] * self.inv_w[1],
            l[2] * self.inv_w[2],
        ];
        let sum = q[0] + q[1] + q[2];
        if sum.abs() <= f32::MIN_POSITIVE || !sum.is_finite() {
            return self.weights[0];
        }
        (self.weights[0] * q[0] + self.weights[1] * q[1] + self.weights[2] * q[2]) / sum
    }

    /// The original corners' weights at the centre of pixel (`x`, `y`), rows from the top (which
    /// may lie outside the triangle: the plane extends).
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn corner_weights_at(&self, x: i64, y: i64) -> Vec3 {
        self.corner_weights(self.screen_weights(self.edges(centre(x), centre(y))))
    }
}

/// A triangle's perspective-correct weights of the original corners as planes over the screen,
/// set up once per triangle: at pixel (x, y) each weight is `P_j / D`, where each plane is
/// `c + a·dx + b·dy` with (dx, dy) the pixel's offset from `origin` (small, so that f32 keeps
/// the planes' precision). The same weights as [`Tri::corner_weights_at`] to a few units in the
/// last place, without the edge functions.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WeightPlanes {
    pub origin: [i64; 2],
    /// The three weights' numerators and their denominator: (c, a, b) each.
    pub planes: [[f32; 3]; 4],
    /// The weights where the denominator vanishes (the first corner's).
    pub fallback: Vec3,
}

impl WeightPlanes {
    /// The planes of `tri` from [`Tri::exact_weight_planes`], rounded to f32.
    pub fn from_exact(tri: &Tri, origin: [i64; 2], exact: &[[f64; 3]; 4]) -> WeightPlanes {
        WeightPlanes {
            origin,
            planes: exact.map(|plane| plane.map(|v| v as f32)),
            fallback: tri.weights[0],
        }
    }

    /// The three numerators and the denominator at pixel (`x`, `y`).
    #[inline]
    pub fn at(&self, x: i64, y: i64) -> [f32; 4] {
        let dx = (x - self.origin[0]) as f32;
        let dy = (y - self.origin[1]) as f32;
        self.planes.map(|[c, a, b]| c + a * dx + b * dy)
    }

    /// Whether a denominator gives weights (as [`Tri::corner_weights`] checks it).
    #[inline]
    pub fn usable(d: f32) -> bool {
        // `d.abs() > MIN_POSITIVE && d.is_finite()` without a branch (NaN fails both).
        (d.abs() > f32::MIN_POSITIVE) & (d.abs() < f32::INFINITY)
    }

    /// The weights at pixel (`x`, `y`) (which may lie outside the triangle: the planes extend).
    #[inline]
    pub fn weights_at(&self, x: i64, y: i64) -> Vec3 {
        let [p0, p1, p2, d] = self.at(x, y);
        if Self::usable(d) {
            Vec3::new(p0 / d, p1 / d, p2 / d)
        } else {
            self.fallback
        }
    }
}

impl Tri {
    /// The triangle's [`WeightPlanes`], from the origin of its bounding box.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn weight_planes(&self) -> WeightPlanes {
        let (origin, exact) = self.exact_weight_planes();
        WeightPlanes::from_exact(self, origin, &exact)
    }

    /// The weight planes' origin (the corner of the bounding box) and, in f64, the three
    /// numerators and the denominator as (c, a, b) each: what [`WeightPlanes`] rounds to f32,
    /// and what attribute planes are built from before they are rounded.
    #[inline]
    pub fn exact_weight_planes(&self) -> ([i64; 2], [[f64; 3]; 4]) {
        let origin = [self.bbox[0] as i64, self.bbox[1] as i64];
        let e = self.edges(centre(origin[0]), centre(origin[1]));
        // Each corner's perspective term l·(1/w): (at the origin, per pixel right, per pixel down).
        let q: [[f64; 3]; 3] = std::array::from_fn(|i| {
            let k = self.inv_area * self.inv_w[i] as f64;
            [
                e[i] as f64 * k,
                (self.a[i] * SUBPIXEL) as f64 * k,
                (self.b[i] * SUBPIXEL) as f64 * k,
            ]
        });
        let mut planes = [[0.0f64; 3]; 4];
        for (j, plane) in planes.iter_mut().take(3).enumerate() {
            *plane = std::array::from_fn(|t| {
                (0..3)
                    .map(|i| self.weights[i][j] as f64 * q[i][t])
                    .sum::<f64>()
            });
        }
        planes[3] = std::array::from_fn(|t| q[0][t] + q[1][t] + q[2][t]);
        (origin, planes)
    }
}

/// A vertex projected to the screen and snapped: subpixel x and y (rows down), one over its clip
/// w, and its window depth.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Projected {
    pub x: i64,
    pub y: i64,
    pub inv_w: f32,
    pub z: f32,
}

/// Project and snap a clip-space vertex onto a screen of `size`; `None` behind the eye (w at or
/// below zero) or for a non-finite position.
#[inline]
pub(crate) fn project(c: Vec4, size: (u32, u32)) -> Option<Projected> {
    if c.w <= 0.0 || !c.is_finite() {
        return None;
    }
    let (width, height) = (size.0 as f64, size.1 as f64);
    let iw = 1.0 / c.w as f64;
    let (nx, ny, nz) = (c.x as f64 * iw, c.y as f64 * iw, c.z as f64 * iw);
    let sx = (nx + 1.0) * 0.5 * width;
    let sy = (1.0 - ny) * 0.5 * height;
    Some(Projected {
        x: round_to_i64(sx * SUBPIXEL as f64),
        y: round_to_i64(sy * SUBPIXEL as f64),
        inv_w: iw as f32,
        z: (nz * 0.5 + 0.5) as f32,
    })
}

/// Project and snap a clipped polygon, cull it by `side` (or keep only `faces` when given), and
/// append its triangles to `out`. A `mirrored` mesh (its world matrix's determinant below zero)
/// has its front faces clockwise on screen, as three.js turns the front face round for it.
pub(crate) fn setup_polygon(
    poly: &[ClipVertex],
    orig: u32,
    side: Side,
    mirrored: bool,
    size: (u32, u32),
    out: &mut Vec<Tri>,
) {
    if poly.len() < 3 {
        return;
    }
    let mut projected = [Projected::default(); 9];
    let n = poly.len().min(9);
    for i in 0..n {
        match project(poly[i].clip, size) {
            Some(p) => projected[i] = p,
            None => return,
        }
    }
    setup_projected(
        &projected[..n],
        |i| poly[i].weights,
        orig,
        side,
        mirrored,
        size,
        out,
    );
}

/// Whether a triangle of `side` facing the camera (`front`) is drawn.
#[inline]
fn keeps(side: Side, front: bool) -> bool {
    match side {
        Side::Front => front,
        Side::Back => !front,
        Side::Double => true,
    }
}

/// Subpixel coordinates below this in magnitude give a triangle's edge vectors below 2^31 and its
/// doubled area, their cross product, below 2^63: exact in i64.
const SMALL: u64 = 1 << 30;

impl Projected {
    /// Whether its coordinates are small enough for [`setup_small_triangle`]: those of every
    /// vertex inside the clipping guard band of a screen up to 2^17 pixels wide and high.
    #[inline]
    pub fn small(&self) -> bool {
        (self.x.unsigned_abs() < SMALL) & (self.y.unsigned_abs() < SMALL)
    }
}

/// [`setup_polygon`] from its vertices already projected (each vertex's weights of the original
/// corners from `weights`).
///
/// A triangle (the most common polygon by far: every one that needs no clipping) whose corners are
/// [`Projected::small`] takes [`setup_small_triangle`]; the rest the general path.
#[inline]
pub(crate) fn setup_projected(
    projected: &[Projected],
    weights: impl Fn(usize) -> Vec3,
    orig: u32,
    side: Side,
    mirrored: bool,
    size: (u32, u32),
    out: &mut Vec<Tri>,
) {
    match projected {
        [a, b, c] if a.small() & b.small() & c.small() => {
            setup_small_triangle([a, b, c], weights, orig, side, mirrored, size, out)
        }
        _ => setup_projected_polygon(projected, weights, orig, side, mirrored, size, out),
    }
}

/// [`setup_projected`] for a triangle whose corners are all [`Projected::small`]: culled from its
/// area in i64 (exact for such corners, and so the general path's shoelace sum in i128) before
/// anything else is done.
#[inline]
pub(crate) fn setup_small_triangle(
    [p0, p1, p2]: [&Projected; 3],
    weights: impl Fn(usize) -> Vec3,
    orig: u32,
    side: Side,
    mirrored: bool,
    size: (u32, u32),
    out: &mut Vec<Tri>,
) {
    debug_assert!(p0.small() && p1.small() && p2.small());
    let area = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y);
    if area == 0 {
        return;
    }
    let front = (area < 0) != mirrored;
    if !keeps(side, front) {
        return;
    }
    let corners = Corners {
        x: [p0.x, p1.x, p2.x],
        y: [p0.y, p1.y, p2.y],
        inv_w: [p0.inv_w, p1.inv_w, p2.inv_w],
        z: [p0.z, p1.z, p2.z],
        weights: [weights(0), weights(1), weights(2)],
    };
    push_triangle(corners, area, orig, front, size, out);
}

/// [`setup_projected`] for any polygon (or a triangle too large for its fast path).
fn setup_projected_polygon(
    projected: &[Projected],
    weights: impl Fn(usize) -> Vec3,
    orig: u32,
    side: Side,
    mirrored: bool,
    size: (u32, u32),
    out: &mut Vec<Tri>,
) {
    let n = projected.len().min(9);
    if n < 3 {
        return;
    }
    let xs: [i64; 9] = std::array::from_fn(|i| if i < n { projected[i].x } else { 0 });
    let ys: [i64; 9] = std::array::from_fn(|i| if i < n { projected[i].y } else { 0 });
    // Shoelace area in y-down screen space: negative for a counter-clockwise (front) face.
    let mut area: i128 = 0;
    for i in 0..n {
        let j = (i + 1) % n;
        area += xs[i] as i128 * ys[j] as i128 - xs[j] as i128 * ys[i] as i128;
    }
    if area == 0 {
        return;
    }
    let front = (area < 0) != mirrored;
    if !keeps(side, front) {
        return;
    }
    for k in 1..n - 1 {
        let v = [0, k, k + 1];
        // Invariant: the clipping's guard band keeps x within 16 widths and y within 16 heights of the frame (x, y under 2^13 · side subpixels), and a frame has at most 2^28 pixels: each product of an x by a y difference is below 2^54, exact in i64 (also the edge functions below).
        let twice = (xs[v[1]] - xs[v[0]]) * (ys[v[2]] - ys[v[0]])
            - (xs[v[2]] - xs[v[0]]) * (ys[v[1]] - ys[v[0]]);
        if twice == 0 {
            continue;
        }
        let corners = Corners {
            x: v.map(|i| xs[i]),
            y: v.map(|i| ys[i]),
            inv_w: v.map(|i| projected[i].inv_w),
            z: v.map(|i| projected[i].z),
            weights: v.map(&weights),
        };
        push_triangle(corners, twice, orig, front, size, out);
    }
}

/// A triangle whose box holds at most these many pixel centres is kept only when it covers one.
const FEW_CENTRES: i64 = 4;

/// A triangle's corners: subpixel coordinates, one over clip w, window depth and weights of the
/// original corners.
struct Corners {
    x: [i64; 3],
    y: [i64; 3],
    inv_w: [f32; 3],
    z: [f32; 3],
    weights: [Vec3; 3],
}

/// Append the triangle of `corners`, whose doubled signed area is `twice` (not zero), to `out`,
/// wound so that its area is positive, unless its bounding box holds no pixel centre. (Always inlined:
/// out of line, the corners went through memory and its registers spilled, some 40 instructions
/// a triangle.)
#[inline(always)]
fn push_triangle(
    mut corners: Corners,
    mut twice: i64,
    orig: u32,
    front: bool,
    size: (u32, u32),
    out: &mut Vec<Tri>,
) {
    if twice < 0 {
        corners.x.swap(1, 2);
        corners.y.swap(1, 2);
        corners.inv_w.swap(1, 2);
        corners.z.swap(1, 2);
        corners.weights.swap(1, 2);
        twice = -twice;
    }
    let Corners {
        x,
        y,
        inv_w,
        z,
        weights,
    } = corners;
    let min_x = x[0].min(x[1]).min(x[2]);
    let max_x = x[0].max(x[1]).max(x[2]);
    let min_y = y[0].min(y[1]).min(y[2]);
    let max_y = y[0].max(y[1]).max(y[2]);
    let clamp_x = |p: i64| p.clamp(0, size.0 as i64) as u32;
    let clamp_y = |p: i64| p.clamp(0, size.1 as i64) as u32;
    let bbox = [
        clamp_x(min_x.div_euclid(SUBPIXEL)),
        clamp_y(min_y.div_euclid(SUBPIXEL)),
        clamp_x(max_x.div_euclid(SUBPIXEL) + 1),
        clamp_y(max_y.div_euclid(SUBPIXEL) + 1),
    ];
    // A box without a pixel: nothing more to build.
    if bbox[0] >= bbox[2] || bbox[1] >= bbox[3] {
        return;
    }
    // Nor one without a pixel's centre: a covered centre is inside the triangle, so inside its
    // corners' box (most triangles of a dense mesh are smaller than a pixel and cover none). The
    // box is kept as it is, since the planes are taken from its corner.
    let centres = |low: i64, high: i64| {
        (
            (low - SUBPIXEL / 2 + SUBPIXEL - 1).div_euclid(SUBPIXEL),
            (high - SUBPIXEL / 2).div_euclid(SUBPIXEL),
        )
    };
    let (columns, rows) = (centres(min_x, max_x), centres(min_y, max_y));
    if columns.0 > columns.1 || rows.0 > rows.1 {
        return;
    }
    let mut tri = Tri {
        orig,
        front,
        a: [0; 3],
        b: [0; 3],
        c: [0; 3],
        bias: [0; 3],
        inv_area: 1.0 / twice as f64,
        inv_w,
        z,
        weights,
        bbox,
    };
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let a = y[j] - y[k];
        let b = x[k] - x[j];
        tri.a[i] = a;
        tri.b[i] = b;
        tri.c[i] = -(x[k] - x[j]) * y[j] + (y[k] - y[j]) * x[j];
        tri.bias[i] = i64::from(a > 0 || (a == 0 && b > 0));
    }
    // With a few centres in its box, a triangle covering none of them (by the tiles' own test)
    // is dropped too: a dense mesh's triangles, with a centre in the box but not inside, would
    // otherwise be binned and visited for nothing.
    let few = (columns.1 - columns.0 + 1) * (rows.1 - rows.0 + 1) <= FEW_CENTRES;
    if few
        && !(rows.0..=rows.1)
            .any(|y| (columns.0..=columns.1).any(|x| tri.inside(tri.edges(centre(x), centre(y)))))
    {
        return;
    }
    out.push(tri);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn polygon(points: [[f32; 2]; 3]) -> Vec<ClipVertex> {
        let w = [Vec3::X, Vec3::Y, Vec3::Z];
        (0..3)
            .map(|i| ClipVertex {
                clip: Vec4::new(points[i][0], points[i][1], 0.0, 1.0),
                weights: w[i],
            })
            .collect()
    }

    fn covered(tris: &[Tri], size: u32) -> Vec<u32> {
        let mut count = vec![0; (size * size) as usize];
        for t in tris {
            for y in t.bbox[1]..t.bbox[3] {
                for x in t.bbox[0]..t.bbox[2] {
                    if t.inside(t.edges(centre(x as i64), centre(y as i64))) {
                        count[(y * size + x) as usize] += 1;
                    }
                }
            }
        }
        count
    }

    #[test]
    fn two_triangles_sharing_edges_cover_each_pixel_once() {
        // A square over the whole 8×8 view, split along its diagonal: every pixel once, and the
        // diagonal passes through pixel centres.
        let mut tris = Vec::new();
        let a = polygon([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0]]);
        let b = polygon([[-1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]);
        setup_polygon(&a, 0, Side::Front, false, (8, 8), &mut tris);
        setup_polygon(&b, 1, Side::Front, false, (8, 8), &mut tris);
        assert_eq!(tris.len(), 2);
        assert!(covered(&tris, 8).iter().all(|&c| c == 1));
    }

    #[test]
    fn a_dense_mesh_keeps_only_triangles_that_cover_a_centre_and_still_covers_each_pixel_once() {
        // The whole 8×8 view as a grid of 37×29 cells (not aligned to the pixels), its inner
        // vertices moved a little, each cell two triangles: the mesh is watertight, so by the
        // top-left rule every pixel centre is covered exactly once, and each triangle (under a
        // quarter of a pixel wide) has at most one centre in its box.
        let (nx, ny) = (37, 29);
        let vertex = |i: usize, j: usize| {
            let inner = i > 0 && i < nx && j > 0 && j < ny;
            let jitter = if inner {
                ((i * 7 + j * 13) % 5) as f32 * 0.004
            } else {
                0.0
            };
            [
                -1.0 + 2.0 * i as f32 / nx as f32 + jitter,
                -1.0 + 2.0 * j as f32 / ny as f32 - jitter,
            ]
        };
        let mut tris = Vec::new();
        for j in 0..ny {
            for i in 0..nx {
                let (a, b) = (vertex(i, j), vertex(i + 1, j));
                let (c, d) = (vertex(i + 1, j + 1), vertex(i, j + 1));
                setup_polygon(
                    &polygon([a, b, c]),
                    0,
                    Side::Front,
                    false,
                    (8, 8),
                    &mut tris,
                );
                setup_polygon(
                    &polygon([a, c, d]),
                    0,
                    Side::Front,
                    false,
                    (8, 8),
                    &mut tris,
                );
            }
        }
        assert!(covered(&tris, 8).iter().all(|&c| c == 1));
        // Of the 2,146 triangles, each kept one covers a centre, and no two the same one.
        assert_eq!(tris.len(), 64);
        for t in &tris {
            assert_eq!(covered(std::slice::from_ref(t), 8).iter().sum::<u32>(), 1);
        }
    }

    #[test]
    fn back_faces_are_culled_by_side() {
        let cw = polygon([[-1.0, -1.0], [1.0, 1.0], [1.0, -1.0]]);
        let mut tris = Vec::new();
        setup_polygon(&cw, 0, Side::Front, false, (8, 8), &mut tris);
        assert!(tris.is_empty());
        setup_polygon(&cw, 0, Side::Back, false, (8, 8), &mut tris);
        assert_eq!(tris.len(), 1);
        assert!(!tris[0].front);
        setup_polygon(&cw, 0, Side::Double, false, (8, 8), &mut tris);
        assert_eq!(tris.len(), 2);
    }

    #[test]
    fn the_top_left_rule_takes_a_left_edge_and_leaves_a_right_one() {
        // A 2-pixel-wide rectangle whose left and right edges pass through pixel centres
        // (x = 0.5 and x = 2.5 on a 4×4 view): columns 0 and 1 are covered, column 2 is not.
        let (l, r) = (-1.0 + 0.5 / 2.0, -1.0 + 2.5 / 2.0);
        let a = polygon([[l, -1.0], [r, -1.0], [r, 1.0]]);
        let b = polygon([[l, -1.0], [r, 1.0], [l, 1.0]]);
        let mut tris = Vec::new();
        setup_polygon(&a, 0, Side::Front, false, (4, 4), &mut tris);
        setup_polygon(&b, 1, Side::Front, false, (4, 4), &mut tris);
        let c = covered(&tris, 4);
        for y in 0..4 {
            assert_eq!(&c[y * 4..y * 4 + 4], &[1, 1, 0, 0], "row {y}");
        }
    }

    #[test]
    fn the_triangle_fast_path_is_the_general_path() {
        // Triangles of every winding, size and position (some off the screen, some degenerate,
        // some past the fast path's bound), set up both ways: the same triangles, field by field.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |range: i64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % (2 * range as u64 + 1)) as i64 - range
        };
        let weights = |i: usize| [Vec3::X, Vec3::Y, Vec3::Z][i];
        let mut kept = 0;
        for n in 0..20_000 {
            let range = [40 * SUBPIXEL, 4000, (1 << 30) + (1 << 28), 3][n % 4];
            let corners: [Projected; 3] = std::array::from_fn(|i| Projected {
                x: next(range) + 20 * SUBPIXEL,
                y: next(range) + 10 * SUBPIXEL,
                inv_w: 1.0 + i as f32,
                z: 0.25 * i as f32,
            });
            for side in [Side::Front, Side::Back, Side::Double] {
                for mirrored in [false, true] {
                    let (mut fast, mut general) = (Vec::new(), Vec::new());
                    let size = (40, 20);
                    setup_projected(&corners, weights, 7, side, mirrored, size, &mut fast);
                    setup_projected_polygon(
                        &corners,
                        weights,
                        7,
                        side,
                        mirrored,
                        size,
                        &mut general,
                    );
                    assert_eq!(format!("{fast:?}"), format!("{general:?}"), "{corners:?}");
                    kept += fast.len();
                }
            }
        }
        assert!(kept > 10_000, "{kept}");
    }

    #[test]
    fn rounding_is_the_standard_librarys() {
        for x in [
            0.0,
            0.49999999999999994,
            0.5,
            1.5,
            2.5,
            -0.5,
            -1.5,
            -2.4999,
            1e15 + 0.5,
            -7.5e14,
            4503599627370497.0,
            1e300,
            -1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ] {
            assert_eq!(round_to_i64(x), x.round() as i64, "{x}");
        }
        for i in -3000..3000 {
            let x = i as f64 * 0.173_25;
            assert_eq!(round_to_i64(x), x.round() as i64, "{x}");
        }
    }

    /// Triangles at different depths on a 96×64 screen, one of them cut by the near plane (its
    /// corners' weights are not the original corners').
    pub(crate) fn sample_triangles() -> Vec<Tri> {
        let (mut poly, mut tris) = (Vec::new(), Vec::new());
        let triangles = [
            [
                Vec4::new(-0.9, -0.8, 0.2, 1.0),
                Vec4::new(1.6, -0.4, 0.5, 2.0),
                Vec4::new(-0.2, 2.7, 1.5, 3.0),
            ],
            [
                Vec4::new(-0.5, -0.5, -2.0, 0.5),
                Vec4::new(2.0, -1.0, 1.0, 4.0),
                Vec4::new(-1.0, 3.0, 2.0, 4.0),
            ],
        ];
        for clip in triangles {
            super::super::clip::clip_triangle(clip, &mut poly);
            setup_polygon(&poly, 0, Side::Double, false, (96, 64), &mut tris);
        }
        tris
    }

    #[test]
    fn the_planes_give_the_edge_functions_weights() {
        // Triangles at different depths, one of them cut by the near plane (its corners' weights
        // are not the original corners'), over pixels inside and around them.
        let tris = sample_triangles();
        assert!(tris.len() >= 3);
        for t in &tris {
            let planes = t.weight_planes();
            for y in t.bbox[1] as i64 - 1..=t.bbox[3] as i64 {
                for x in t.bbox[0] as i64 - 1..=t.bbox[2] as i64 {
                    let (a, b) = (planes.weights_at(x, y), t.corner_weights_at(x, y));
                    let scale = b.abs().max_element().max(1.0);
                    // Outside, toward the horizon of the plane, both lose precision.
                    let inside = t.inside(t.edges(centre(x), centre(y)));
                    let tolerance = if inside { 2e-6 } else { 1e-4 };
                    assert!(
                        (a - b).abs().max_element() <= tolerance * scale,
                        "({x}, {y}), inside {inside}: {a} against {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn weights_are_perspective_correct() {
        // Corner 1 is twice as far (w = 2): halfway on screen is a third of the way in space.
        let poly = vec![
            ClipVertex {
                clip: Vec4::new(-1.0, -1.0, 0.0, 1.0),
                weights: Vec3::X,
            },
            ClipVertex {
                clip: Vec4::new(2.0, -2.0, 0.0, 2.0),
                weights: Vec3::Y,
            },
            ClipVertex {
                clip: Vec4::new(-1.0, 1.0, 0.0, 1.0),
                weights: Vec3::Z,
            },
        ];
        let mut tris = Vec::new();
        setup_polygon(&poly, 0, Side::Front, false, (64, 64), &mut tris);
        let t = &tris[0];
        // On the bottom edge halfway across: screen weights (0.5, 0.5, 0).
        let mut l = [0.0f32; 3];
        for (i, w) in t.weights.iter().enumerate() {
            if *w == Vec3::X || *w == Vec3::Y {
                l[i] = 0.5;
            }
        }
        let b = t.corner_weights(l);
        assert!((b.y - 1.0 / 3.0).abs() < 1e-6, "{b}");
        assert!((b.x - 2.0 / 3.0).abs() < 1e-6, "{b}");
    }
}
