//! Drawing a shadow map: the casters' placed triangles into a depth map (three.js's shadow pass,
//! `ShadowNode.updateShadow`), and the VSM blur passes (`VSMPassVertical`, `VSMPassHorizontal`).
//!
//! The map is drawn as WebGL draws it on the oracle's backend: WebGL's clip space, the window
//! depth `0.5 · z/w + 0.5` kept in a 24-bit depth buffer cleared to 1, the depth test less or
//! equal, a texel drawn when its centre is inside the triangle.

use crate::raster::clip::{clip_triangle, inside};
use glam::{Vec2, Vec3, Vec4};
use rayon::prelude::*;

/// The largest value of a 24-bit depth buffer.
const DEPTH_24: f32 = 16_777_215.0;

/// The side of a [`DepthMap`]'s blocks, whose nearest and farthest depths it keeps.
pub(crate) const BLOCK: u32 = 8;

/// One depth map, rows from the top of the light's view (light NDC y = +1 at row 0).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DepthMap {
    pub width: u32,
    pub height: u32,
    /// The window depths, 0 (near) to 1 (far or nothing drawn).
    pub depth: Vec<f32>,
    /// Each [`BLOCK`]² block's (nearest, farthest) depth, rows of blocks from the top
    /// ([`DepthMap::finish`]): where every texel a filter reads is nearer or farther than the
    /// fragment, each comparison's result is known without reading them.
    pub blocks: Vec<(f32, f32)>,
    /// The texels drawn (first x, first y, last x, last y), if any: the others keep the clear
    /// depth.
    touched: Option<[i64; 4]>,
    /// A transmitted map's colours ([`DepthMap::with_color`]): each texel's nearest caster's
    /// colour and alpha, clear (all zero) where none is drawn.
    pub color: Option<Vec<[f32; 4]>>,
}

/// A per-texel paint of a caster's triangle: given the original corners' weights
/// (perspective-correct) at the texel and at its right and lower neighbours, the colour the
/// texel takes, or `None` where it is not drawn (the shadow material's alpha test).
pub(crate) type Paint<'k> = &'k (dyn Fn([Vec3; 3]) -> Option<[f32; 4]> + Sync);

/// A corner of a triangle as the map fills it: its place (texels, window depth), its weights of
/// the original triangle's corners and its clip 1/w.
#[derive(Clone, Copy, Debug)]
struct Corner {
    at: Vec3,
    weights: Vec3,
    inv_w: f32,
}

/// Which faces a caster draws into the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Faces {
    /// Counter-clockwise in the light's view.
    Front,
    /// Clockwise.
    Back,
    /// Both.
    Both,
}

impl DepthMap {
    /// A `width × height` map cleared to 1.
    pub fn new(width: u32, height: u32) -> DepthMap {
        DepthMap {
            width,
            height,
            depth: vec![1.0; width as usize * height as usize],
            blocks: Vec::new(),
            touched: None,
            color: None,
        }
    }

    /// The map keeping a colour per texel too, all clear (three.js's `setClearColor(0x000000,
    /// 0)` before the shadow pass).
    pub fn with_color(mut self) -> DepthMap {
        self.color = Some(vec![[0.0; 4]; self.depth.len()]);
        self
    }

    /// The colour at `uv` (0 to 1, rows from the top), read with a linear filter and clamped to
    /// the edge, or at the nearest texel; `None` without colours.
    pub fn color_at(&self, uv: Vec2, linear: bool) -> Option<Vec4> {
        let colors = self.color.as_ref()?;
        let at = |x: i64, y: i64| {
            let x = x.clamp(0, self.width as i64 - 1) as usize;
            let y = y.clamp(0, self.height as i64 - 1) as usize;
            Vec4::from_array(colors[y * self.width as usize + x])
        };
        let size = Vec2::new(self.width as f32, self.height as f32);
        if !linear {
            let t = (uv * size).floor();
            return Some(at(t.x as i64, t.y as i64));
        }
        let t = uv * size - 0.5;
        let i = t.floor();
        let f = t - i;
        let (x, y) = (i.x as i64, i.y as i64);
        let top = at(x, y).lerp(at(x + 1, y), f.x);
        let bottom = at(x, y + 1).lerp(at(x + 1, y + 1), f.x);
        Some(top.lerp(bottom, f.y))
    }

    /// The blocks' nearest and farthest depths, once the map is drawn.
    pub fn finish(&mut self) {
        let (bw, bh) = (self.width.div_ceil(BLOCK), self.height.div_ceil(BLOCK));
        // The blocks nothing was drawn in hold the clear depth alone.
        let mut blocks = vec![(1.0, 1.0); (bw * bh) as usize];
        if let Some([x0, y0, x1, y1]) = self.touched {
            let b = BLOCK as i64;
            let width = self.width as usize;
            for by in y0 / b..=y1 / b {
                for bx in x0 / b..=x1 / b {
                    let mut range = (f32::INFINITY, f32::NEG_INFINITY);
                    let rows = (by * b) as usize..((by + 1) * b).min(self.height as i64) as usize;
                    let cols = (bx * b) as usize..((bx + 1) * b).min(self.width as i64) as usize;
                    for y in rows {
                        for &d in &self.depth[y * width + cols.start..y * width + cols.end] {
                            range = (range.0.min(d), range.1.max(d));
                        }
                    }
                    blocks[(by * bw as i64 + bx) as usize] = range;
                }
            }
        }
        self.blocks = blocks;
    }

    /// The nearest and farthest depths of the texels from (`x0`, `y0`) to (`x1`, `y1`)
    /// (inclusive, clamped to the map as its reads are), at the blocks' grain: a range that holds
    /// theirs.
    pub fn range(&self, x0: i64, y0: i64, x1: i64, y1: i64) -> (f32, f32) {
        let bw = self.width.div_ceil(BLOCK) as usize;
        let block = |v: i64, side: u32| v.clamp(0, side as i64 - 1) as usize / BLOCK as usize;
        let (bx0, bx1) = (block(x0, self.width), block(x1, self.width));
        let (by0, by1) = (block(y0, self.height), block(y1, self.height));
        let mut range = (f32::INFINITY, f32::NEG_INFINITY);
        for by in by0..=by1 {
            for &(lo, hi) in &self.blocks[by * bw + bx0..=by * bw + bx1] {
                range = (range.0.min(lo), range.1.max(hi));
            }
        }
        range
    }

    /// The depth at texel (`x`, `y`), clamped to the edge (`ClampToEdgeWrapping`).
    pub fn at(&self, x: i64, y: i64) -> f32 {
        let x = x.clamp(0, self.width as i64 - 1) as usize;
        let y = y.clamp(0, self.height as i64 - 1) as usize;
        self.depth[y * self.width as usize + x]
    }

    /// Draw the triangle of clip positions `clip` (WebGL's clip space), if it faces as `faces`
    /// keeps; with `paint`, only the texels it paints (the alpha test), in its colours where the
    /// map keeps colours.
    pub fn draw(
        &mut self,
        clip: [Vec4; 3],
        faces: Faces,
        poly: &mut Vec<crate::raster::clip::ClipVertex>,
        paint: Option<Paint>,
    ) {
        let size = Vec2::new(self.width as f32, self.height as f32);
        // Screen position (x right, y down, in texels) and window depth.
        let screen = |c: Vec4| {
            let ndc = c.truncate() / c.w;
            Vec3::new(
                (ndc.x * 0.5 + 0.5) * size.x,
                (0.5 - ndc.y * 0.5) * size.y,
                ndc.z * 0.5 + 0.5,
            )
        };
        // A triangle inside every clipping plane is its own polygon (most of a caster's).
        let corner = |c: Vec4, weights: Vec3| Corner {
            at: screen(c),
            weights,
            inv_w: 1.0 / c.w,
        };
        if clip.iter().all(|&c| inside(c)) {
            let [a, b, c] = clip;
            let tri = [corner(a, Vec3::X), corner(b, Vec3::Y), corner(c, Vec3::Z)];
            self.fill(tri, faces, paint);
            return;
        }
        clip_triangle(clip, poly);
        if poly.len() < 3 {
            return;
        }
        let first = corner(poly[0].clip, poly[0].weights);
        for k in 1..poly.len() - 1 {
            let (p, q) = (&poly[k], &poly[k + 1]);
            let tri = [first, corner(p.clip, p.weights), corner(q.clip, q.weights)];
            self.fill(tri, faces, paint);
        }
    }

    /// Fill one projected triangle (x, y in texels from the top left, z the window depth).
    fn fill(&mut self, corners: [Corner; 3], faces: Faces, paint: Option<Paint>) {
        let [a, b, c] = corners.map(|k| k.at);
        // Twice the signed area with y down: negative is counter-clockwise in NDC (y up).
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if !area.is_finite() || area == 0.0 {
            return;
        }
        let front = area < 0.0;
        match faces {
            Faces::Front if !front => return,
            Faces::Back if front => return,
            _ => {}
        }
        // Orient so that the edge functions are positive inside.
        let (b, c) = if area > 0.0 { (b, c) } else { (c, b) };
        let [ka, mut kb, mut kc] = corners;
        if area < 0.0 {
            std::mem::swap(&mut kb, &mut kc);
        }
        let area = area.abs();
        let lo = a.min(b).min(c);
        let hi = a.max(b).max(c);
        let x0 = (lo.x - 0.5).ceil().max(0.0) as i64;
        let y0 = (lo.y - 0.5).ceil().max(0.0) as i64;
        let x1 = ((hi.x - 0.5).floor() as i64).min(self.width as i64 - 1);
        let y1 = ((hi.y - 0.5).floor() as i64).min(self.height as i64 - 1);
        if x0 > x1 || y0 > y1 {
            return;
        }
        self.touched = Some(match self.touched {
            None => [x0, y0, x1, y1],
            Some([a, b, c, d]) => [a.min(x0), b.min(y0), c.max(x1), d.max(y1)],
        });
        let edge =
            |p: Vec3, q: Vec3, x: f32, y: f32| (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
        let width = self.width as usize;
        for y in y0..=y1 {
            let py = y as f32 + 0.5;
            for x in x0..=x1 {
                let px = x as f32 + 0.5;
                let wa = edge(b, c, px, py);
                let wb = edge(c, a, px, py);
                let wc = edge(a, b, px, py);
                if wa < 0.0 || wb < 0.0 || wc < 0.0 {
                    continue;
                }
                let z = (wa * a.z + wb * b.z + wc * c.z) / area;
                // Beyond the far plane: clipped (the near plane clipped the polygon).
                if !(0.0..=1.0).contains(&z) {
                    continue;
                }
                let z = (z * DEPTH_24).round() / DEPTH_24;
                let texel = &mut self.depth[y as usize * width + x as usize];
                if z > *texel {
                    continue;
                }
                // The caster's colour: opaque black unless its paint says otherwise.
                let mut color = [0.0, 0.0, 0.0, 1.0];
                if let Some(paint) = paint {
                    // The original corners' weights, perspective-correct, at the texel and at
                    // its right and lower neighbours (the derivatives a texture read takes).
                    let at = |px: f32, py: f32| {
                        let (wa, wb, wc) =
                            (edge(b, c, px, py), edge(c, a, px, py), edge(a, b, px, py));
                        let (pa, pb, pc) = (wa * ka.inv_w, wb * kb.inv_w, wc * kc.inv_w);
                        (ka.weights * pa + kb.weights * pb + kc.weights * pc) / (pa + pb + pc)
                    };
                    match paint([at(px, py), at(px + 1.0, py), at(px, py + 1.0)]) {
                        Some(c) => color = c,
                        None => continue,
                    }
                }
                *texel = z;
                if let Some(colors) = &mut self.color {
                    colors[y as usize * width + x as usize] = color;
                }
            }
        }
    }
}

/// `f32` rounded to the nearest half float (round to nearest even), as a `HalfFloatType` render
/// target keeps it.
pub(crate) fn to_half(v: f32) -> f32 {
    half_bits_to_f32(f32_to_half_bits(v))
}

fn f32_to_half_bits(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rest = m & ((1 << shift) - 1);
        let midpoint = 1 << (shift - 1);
        let round = rest > midpoint || (rest == midpoint && half & 1 == 1);
        return sign | (half + round as u32) as u16;
    }
    let half = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    let round = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    sign | (half + round as u32) as u16
}

fn half_bits_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let man = (h & 0x3ff) as f32;
    match exp {
        0 => sign * man * 2f32.powi(-24),
        0x1f if man == 0.0 => sign * f32::INFINITY,
        0x1f => f32::NAN,
        _ => sign * (1.0 + man / 1024.0) * 2f32.powi(exp - 15),
    }
}

/// The VSM blur's offsets in units of `radius` (`uvStart + i · uvStride`): −1 to 1 in
/// `samples` steps, or 0 for one sample.
fn blur_offsets(samples: u32) -> impl Iterator<Item = f32> {
    let (start, stride) = if samples <= 1 {
        (0.0, 0.0)
    } else {
        (-1.0, 2.0 / (samples as f32 - 1.0))
    };
    (0..samples).map(move |i| start + i as f32 * stride)
}

/// A two-channel half-float map (`RGFormat`, `HalfFloatType`), rows from the top.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Moments {
    pub width: u32,
    pub height: u32,
    pub texels: Vec<[f32; 2]>,
}

impl Moments {
    fn at(&self, x: i64, y: i64) -> [f32; 2] {
        let x = x.clamp(0, self.width as i64 - 1) as usize;
        let y = y.clamp(0, self.height as i64 - 1) as usize;
        self.texels[y * self.width as usize + x]
    }

    /// A bilinear read at `uv` (`LinearFilter`, clamped to the edge).
    pub fn bilinear(&self, uv: Vec2) -> [f32; 2] {
        let t = uv * Vec2::new(self.width as f32, self.height as f32) - 0.5;
        let i = t.floor();
        let f = t - i;
        let (x, y) = (i.x as i64, i.y as i64);
        let (a, b, c, d) = (
            self.at(x, y),
            self.at(x + 1, y),
            self.at(x, y + 1),
            self.at(x + 1, y + 1),
        );
        let mix = |p: f32, q: f32, t: f32| p + (q - p) * t;
        [0, 1].map(|k| mix(mix(a[k], b[k], f.x), mix(c[k], d[k], f.x), f.y))
    }
}

/// The VSM map of `depth`: the vertical pass (the depths read at the nearest texel: mean and
/// standard deviation) then the horizontal pass (the vertical pass read with a linear filter),
/// each kept as half floats, `samples` reads `radius` texels either side.
pub(crate) fn vsm_moments(depth: &DepthMap, samples: u32, radius: f32) -> Moments {
    let (w, h) = (depth.width, depth.height);
    let count = samples.max(1) as f32;
    let finish = |mean: f32, squared: f32| {
        let mean = mean / count;
        let squared = squared / count;
        let std_dev = (squared - mean * mean).max(0.0).sqrt();
        [to_half(mean), to_half(std_dev)]
    };
    // Each pass a row at a time, the rows in parallel.
    let pass = |texel: &(dyn Fn(u32, u32) -> [f32; 2] + Sync)| {
        let mut texels = vec![[0.0f32; 2]; w as usize * h as usize];
        texels
            .par_chunks_mut(w as usize)
            .enumerate()
            .for_each(|(y, row)| {
                for (x, out) in row.iter_mut().enumerate() {
                    *out = texel(x as u32, y as u32);
                }
            });
        Moments {
            width: w,
            height: h,
            texels,
        }
    };
    // Each read's offset in texels, `offset · radius`: the vertical pass reads the nearest texel
    // to the row's centre plus it; the horizontal pass the two texels either side of it.
    let steps: Vec<f32> = blur_offsets(samples).map(|o| o * radius).collect();
    let rows: Vec<i64> = steps.iter().map(|s| (0.5 + s).floor() as i64).collect();
    let columns: Vec<(i64, f32)> = steps
        .iter()
        .map(|s| (s.floor() as i64, s - s.floor()))
        .collect();
    let vertical = pass(&|x, y| {
        let (mut mean, mut squared) = (0.0f32, 0.0f32);
        for &dy in &rows {
            let d = depth.at(x as i64, y as i64 + dy);
            mean += d;
            squared += d * d;
        }
        finish(mean, squared)
    });
    pass(&|x, y| {
        let (mut mean, mut squared) = (0.0f32, 0.0f32);
        for &(dx, f) in &columns {
            let (i, y) = (x as i64 + dx, y as i64);
            let (a, b) = (vertical.at(i, y), vertical.at(i + 1, y));
            let m = a[0] + (b[0] - a[0]) * f;
            let s = a[1] + (b[1] - a[1]) * f;
            mean += m;
            squared += s * s + m * m;
        }
        finish(mean, squared)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_floats_round_to_nearest_even() {
        assert_eq!(to_half(1.0), 1.0);
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: to the even, 1.
        assert_eq!(to_half(1.0 + 2f32.powi(-11)), 1.0);
        assert_eq!(
            to_half(1.0 + 3.0 * 2f32.powi(-11)),
            1.0 + 2.0 * 2f32.powi(-10)
        );
        assert_eq!(to_half(0.1), 0.099975586);
        assert_eq!(to_half(1e-6), 2f32.powi(-24) * 17.0);
    }

    #[test]
    fn a_square_fills_the_texels_whose_centres_it_covers() {
        let mut map = DepthMap::new(4, 4);
        let mut poly = Vec::new();
        // NDC x and y from −0.5 to 0.5 (texels 1 and 2), z 0 (window depth 0.5); counter-clockwise.
        let p = |x: f32, y: f32| Vec4::new(x, y, 0.0, 1.0);
        map.draw(
            [p(-0.5, -0.5), p(0.5, -0.5), p(0.5, 0.5)],
            Faces::Front,
            &mut poly,
            None,
        );
        map.draw(
            [p(-0.5, -0.5), p(0.5, 0.5), p(-0.5, 0.5)],
            Faces::Front,
            &mut poly,
            None,
        );
        let covered: Vec<bool> = map.depth.iter().map(|&d| d < 1.0).collect();
        // 0.5 in a 24-bit depth buffer: round(0.5 · (2^24 − 1)) / (2^24 − 1).
        let kept = 8_388_608.0 / 16_777_215.0;
        assert!(map.depth.iter().all(|&d| d == 1.0 || d == kept));
        let expect = [
            false, false, false, false, //
            false, true, true, false, //
            false, true, true, false, //
            false, false, false, false,
        ];
        assert_eq!(covered, expect);
        // The back faces alone draw nothing of it.
        let mut back = DepthMap::new(4, 4);
        back.draw(
            [p(-0.5, -0.5), p(0.5, -0.5), p(0.5, 0.5)],
            Faces::Back,
            &mut poly,
            None,
        );
        assert!(back.depth.iter().all(|&d| d == 1.0));
    }
}
