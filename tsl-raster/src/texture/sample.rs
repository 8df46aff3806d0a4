//! Texel addressing, bilinear and trilinear filtering, and the mip chain.

use super::{Filter, Level, Texture, Wrap};
use glam::{Vec2, Vec4};

/// The most levels a mip chain has (a 2^15-texel side).
pub const MAX_MIP_LEVELS: usize = 16;

/// Levels down to 1×1, each the mean of 2×2 texels of the one above (an odd side repeats its
/// last texel).
pub(super) fn mip_chain(base: Level) -> Vec<Level> {
    let mut levels = vec![base];
    while levels.len() < MAX_MIP_LEVELS {
        let above = &levels[levels.len() - 1];
        if above.width == 1 && above.height == 1 {
            break;
        }
        let (w, h) = ((above.width / 2).max(1), (above.height / 2).max(1));
        let mut texels = Vec::with_capacity(w * h);
        for y in 0..h {
            for x in 0..w {
                // Invariant: `sx`, `sy` are clamped to the level above, which has `width * height` texels and sides of at least 1 (an Image has no zero side).
                let at = |dx: usize, dy: usize| {
                    let sx = (2 * x + dx).min(above.width - 1);
                    let sy = (2 * y + dy).min(above.height - 1);
                    above.texels[sy * above.width + sx]
                };
                texels.push((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1)) * 0.25);
            }
        }
        levels.push(Level {
            width: w,
            height: h,
            texels,
        });
    }
    levels
}

pub(crate) fn wrap(i: i64, n: usize, mode: Wrap) -> usize {
    let n = n as i64;
    let k = match mode {
        Wrap::Repeat => i.rem_euclid(n),
        Wrap::ClampToEdge => i.clamp(0, n - 1),
        Wrap::MirroredRepeat => {
            let k = i.rem_euclid(2 * n);
            if k >= n {
                2 * n - 1 - k
            } else {
                k
            }
        }
    };
    k as usize
}

fn texel(level: &Level, x: i64, y: i64, t: &Texture) -> Vec4 {
    let sx = wrap(x, level.width, t.wrap_s);
    let sy = wrap(y, level.height, t.wrap_t);
    // Invariant: `wrap` returns 0..n for n = the level's side (at least 1), every mode.
    level.texels[sy * level.width + sx]
}

/// A float coordinate as a texel index; non-finite and huge values stay finite.
fn index(x: f32) -> i64 {
    (x.floor() as i64).clamp(-(1 << 40), 1 << 40)
}

pub(super) fn nearest(level: &Level, s: f32, t: f32, tex: &Texture) -> Vec4 {
    let x = index(s * level.width as f32);
    let y = index(t * level.height as f32);
    texel(level, x, y, tex)
}

pub(super) fn bilinear(level: &Level, s: f32, t: f32, tex: &Texture) -> Vec4 {
    let x = s * level.width as f32 - 0.5;
    let y = t * level.height as f32 - 0.5;
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let (fx, fy) = (
        if fx.is_finite() { fx } else { 0.0 },
        if fy.is_finite() { fy } else { 0.0 },
    );
    let (x0, y0) = (index(x), index(y));
    let a = texel(level, x0, y0, tex);
    let b = texel(level, x0 + 1, y0, tex);
    let c = texel(level, x0, y0 + 1, tex);
    let d = texel(level, x0 + 1, y0 + 1, tex);
    let top = a + (b - a) * fx;
    let bottom = c + (d - c) * fx;
    top + (bottom - top) * fy
}

fn filtered(level: &Level, s: f32, t: f32, tex: &Texture, linear: bool) -> Vec4 {
    if linear {
        bilinear(level, s, t, tex)
    } else {
        nearest(level, s, t, tex)
    }
}

pub(super) fn sample(tex: &Texture, uv: Vec2, ddx: Vec2, ddy: Vec2) -> Vec4 {
    let levels = tex.levels();
    let base = &levels[0];
    let size = Vec2::new(base.width as f32, base.height as f32);
    let rho = (ddx * size).length().max((ddy * size).length());
    let lambda = if rho.is_finite() && rho > 0.0 {
        rho.log2()
    } else if rho.is_finite() {
        f32::NEG_INFINITY
    } else {
        (levels.len() - 1) as f32
    };
    sample_lambda(tex, uv, lambda)
}

/// Texel (`x`, `y`) of mip level `level` (each floored), unfiltered: the texel a nearest read
/// at its centre `((x + 0.5) / width, (y + 0.5) / height)` takes, so its rows run as `uv`'s
/// do (from the top, or from the bottom with flip_y). Transparent black outside the texture
/// or its levels and at a coordinate that is not finite (GLSL ES leaves a `texelFetch` there
/// undefined); no wrap applies.
pub(super) fn fetch(tex: &Texture, x: f32, y: f32, level: f32) -> Vec4 {
    let levels = tex.levels();
    let d = level.floor();
    if !(d >= 0.0 && d < levels.len() as f32 && x.is_finite() && y.is_finite()) {
        return Vec4::ZERO;
    }
    let level = &levels[d as usize];
    let (x, y) = (index(x), index(y));
    if x < 0 || y < 0 || x >= level.width as i64 || y >= level.height as i64 {
        return Vec4::ZERO;
    }
    let row = if tex.flip_y {
        level.height as i64 - 1 - y
    } else {
        y
    };
    texel(level, x, row, tex)
}

/// The texture at `uv` at level of detail `lambda` (OpenGL's λ: at or below 0 the
/// magnification filter reads level 0; above, the minification filter picks one level or
/// blends two). A NaN λ reads transparent black.
pub(super) fn sample_lambda(tex: &Texture, uv: Vec2, lambda: f32) -> Vec4 {
    if lambda.is_nan() {
        return Vec4::ZERO;
    }
    let levels = tex.levels();
    let base = &levels[0];
    let s = uv.x;
    // Rows run from the top of the image; with flip_y the top row is read at v = 1.
    let t = if tex.flip_y { 1.0 - uv.y } else { uv.y };
    if lambda <= 0.0 {
        return filtered(base, s, t, tex, tex.mag_filter != Filter::Nearest);
    }
    let last = (levels.len() - 1) as f32;
    match tex.min_filter {
        Filter::Nearest => nearest(base, s, t, tex),
        Filter::Linear => bilinear(base, s, t, tex),
        Filter::NearestMipmapNearest | Filter::LinearMipmapNearest => {
            let d = if lambda <= 0.5 {
                0.0
            } else {
                ((lambda + 0.5).ceil() - 1.0).min(last)
            };
            let linear = tex.min_filter == Filter::LinearMipmapNearest;
            // Invariant: `d` is 0 or at most `last` (a NaN lambda takes `last` through `min`); a texture has at least one level.
            filtered(&levels[d as usize], s, t, tex, linear)
        }
        Filter::NearestMipmapLinear | Filter::LinearMipmapLinear => {
            let linear = tex.min_filter == Filter::LinearMipmapLinear;
            let lambda = lambda.min(last);
            let d1 = lambda.floor();
            let f = lambda - d1;
            // Invariant: lambda > 0 and `min(last)`, so 0 <= d1 <= last; `d1 + 1` is read only when d1 < last.
            let a = filtered(&levels[d1 as usize], s, t, tex, linear);
            if f == 0.0 || d1 >= last {
                return a;
            }
            let b = filtered(&levels[d1 as usize + 1], s, t, tex, linear);
            a + (b - a) * f
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Image;
    use crate::texture::ColorSpace;

    fn checker() -> Texture {
        // 2×2: white, black / black, white (linear bytes).
        let w = [255, 255, 255, 255];
        let b = [0, 0, 0, 255];
        let data = [w, b, b, w].concat();
        let mut t = Texture::new(Image::from_rgba8(2, 2, data).unwrap(), ColorSpace::Linear);
        t.flip_y = false;
        t
    }

    #[test]
    fn wraps_follow_opengl() {
        assert_eq!(wrap(-1, 4, Wrap::Repeat), 3);
        assert_eq!(wrap(5, 4, Wrap::ClampToEdge), 3);
        assert_eq!(wrap(4, 4, Wrap::MirroredRepeat), 3);
        assert_eq!(wrap(-1, 4, Wrap::MirroredRepeat), 0);
        assert_eq!(wrap(8, 4, Wrap::MirroredRepeat), 0);
    }

    #[test]
    fn bilinear_reads_texel_centres_and_midpoints() {
        let t = checker();
        assert_eq!(t.sample(Vec2::new(0.25, 0.25)).x, 1.0);
        assert_eq!(t.sample(Vec2::new(0.75, 0.25)).x, 0.0);
        // Halfway between a white and a black centre.
        assert_eq!(t.sample(Vec2::new(0.5, 0.25)).x, 0.5);
    }

    #[test]
    fn minification_blends_toward_the_mean() {
        let t = checker();
        // A footprint of 2 texels: lambda = 1, the 1×1 level, the mean 0.5.
        let g = Vec2::new(1.0, 0.0);
        assert_eq!(t.sample_grad(Vec2::new(0.25, 0.25), g, Vec2::ZERO).x, 0.5);
        // lambda = 0.5: halfway between level 0 (1.0) and level 1 (0.5).
        let g = Vec2::new(2f32.sqrt() / 2.0, 0.0);
        let v = t.sample_grad(Vec2::new(0.25, 0.25), g, Vec2::ZERO).x;
        assert!((v - 0.75).abs() < 1e-6, "{v}");
    }

    #[test]
    fn an_explicit_level_is_lambda() {
        // The checker's levels: 0 is white at (0.25, 0.25), 1 is the mean 0.5 (a 1×1 level).
        let t = checker();
        let at = Vec2::new(0.25, 0.25);
        assert_eq!(t.sample_lod(at, 1.0).x, 0.5);
        // Halfway between the levels (LINEAR_MIPMAP_LINEAR): 0.75.
        assert!((t.sample_lod(at, 0.5).x - 0.75).abs() < 1e-6);
        // At or below 0, the magnification filter at level 0: the white texel's centre.
        assert_eq!(t.sample_lod(at, 0.0).x, 1.0);
        assert_eq!(t.sample_lod(at, -3.0).x, 1.0);
        // Past the last level, the last level; a NaN level reads transparent black.
        assert_eq!(t.sample_lod(at, f32::INFINITY).x, 0.5);
        assert_eq!(t.sample_lod(at, f32::NAN), Vec4::ZERO);
        // A coordinate that is not finite reads transparent black too.
        for bad in [f32::NAN, f32::INFINITY] {
            assert_eq!(t.sample_lod(Vec2::new(bad, 0.25), 1.0), Vec4::ZERO);
        }
        // A minification filter without mipmaps reads level 0 at any level.
        let mut flat = checker();
        flat.min_filter = Filter::Linear;
        assert_eq!(flat.sample_lod(at, 1.0).x, 1.0);
        // A nearest-level filter takes level 1 above λ = 0.5 (GL: ceil(λ + 1/2) - 1).
        let mut near = checker();
        near.min_filter = Filter::LinearMipmapNearest;
        assert_eq!(near.sample_lod(at, 0.5).x, 1.0);
        assert_eq!(near.sample_lod(at, 0.6).x, 0.5);
    }

    /// A 3×2 texture (sides not powers of two) whose texel (x, y) of the image, rows from the
    /// top, has red x / 4 and green y / 2.
    fn npot() -> Texture {
        let data = (0..2u8)
            .flat_map(|y| (0..3u8).flat_map(move |x| [x * 64, y * 128, 0, 255]))
            .collect();
        Texture::new(Image::from_rgba8(3, 2, data).unwrap(), ColorSpace::Linear)
    }

    #[test]
    fn a_fetch_reads_one_texel_unfiltered() {
        let mut t = npot();
        t.flip_y = false;
        for (x, y) in [(0, 0), (2, 0), (1, 1), (2, 1)] {
            let c = t.fetch(x as f32, y as f32, 0.0);
            assert_eq!(
                (c.x, c.y),
                (x as f32 * 64.0 / 255.0, y as f32 * 128.0 / 255.0)
            );
        }
        // With flip_y (three's default) row 0 is the image's bottom row, as v = 0 reads it.
        t.flip_y = true;
        assert_eq!(t.fetch(1.0, 0.0, 0.0).y, 128.0 / 255.0);
        assert_eq!(t.fetch(1.0, 1.0, 0.0).y, 0.0);
        // Whatever the filter, the texel a nearest read takes at its centre.
        for flip in [false, true] {
            t.flip_y = flip;
            let mut nearest = t.clone();
            nearest.mag_filter = Filter::Nearest;
            for (x, y) in [(0, 0), (1, 0), (2, 1)] {
                let centre = Vec2::new((x as f32 + 0.5) / 3.0, (y as f32 + 0.5) / 2.0);
                assert_eq!(
                    t.fetch(x as f32, y as f32, 0.7),
                    nearest.sample_lod(centre, 0.0)
                );
            }
        }
        // A fraction is floored: (1.9, 0.2) is texel (1, 0).
        assert_eq!(t.fetch(1.9, 0.2, 0.0), t.fetch(1.0, 0.0, 0.0));
    }

    #[test]
    fn a_fetch_reads_the_level_it_names_and_black_outside() {
        let t = checker();
        // Level 1 of the 2×2 checker is its 1×1 mean.
        assert_eq!(t.fetch(0.0, 0.0, 1.0).x, 0.5);
        // Outside the level or the chain, and not finite: transparent black, no wrap.
        for (x, y, level) in [
            (-1.0, 0.0, 0.0),
            (2.0, 0.0, 0.0),
            (0.0, 2.0, 0.0),
            (1.0, 0.0, 1.0),
            (0.0, 0.0, 2.0),
            (0.0, 0.0, -1.0),
            (f32::NAN, 0.0, 0.0),
            (0.0, 0.0, f32::NAN),
            (f32::INFINITY, 0.0, 0.0),
        ] {
            assert_eq!(
                t.fetch(x, y, level),
                Vec4::ZERO,
                "({x}, {y}) of level {level}"
            );
        }
    }

    #[test]
    fn non_finite_coordinates_do_not_panic() {
        let t = checker();
        for x in [f32::NAN, f32::INFINITY, -f32::INFINITY, 1e30] {
            let _ = t.sample_grad(Vec2::new(x, x), Vec2::new(x, 0.0), Vec2::ZERO);
        }
    }
}
