//! three.js r187's `PMREMGenerator.fromEquirectangular` on the host: the equirectangular image
//! drawn into a cube (four sub-pixel samples a texel), the cube's box-filtered mip chain, then
//! each level of the PMREM prefiltered for its roughness: GGX importance sampling (256 samples on
//! a Hammersley set, each reading the source mip that matches its solid angle) for the sharp
//! levels, and a weighted sum over every texel of the 16² source mip for the three roughest.
//! Every pass writes half floats, as three's `HalfFloatType` render targets hold them.

use super::cube::{box_down, half3, texel_direction, CubeChain, CubeLevel};
use super::EquirectImage;
use glam::{Vec2, Vec3};
use std::f32::consts::PI;

/// The smallest cube face (`MIN_SIZE`).
pub(crate) const MIN_SIZE: u32 = 256;
/// log2 of the roughest level's face (`LOD_MIN`).
const LOD_MIN: u32 = 3;
/// GGX samples per texel of the sharp levels (`GGX_SAMPLES`).
const GGX_SAMPLES: u32 = 256;
/// The source mip the rough levels sum over (`INTEGRATION_SIZE`).
const INTEGRATION_SIZE: u32 = 16;
/// How many of the roughest levels sum over it (`INTEGRATION_LEVELS`).
const INTEGRATION_LEVELS: u32 = 3;

/// The cube face for an equirectangular image `width` texels wide: a quarter of it, rounded
/// down to a power of two, at least [`MIN_SIZE`] (`_setSize(image.width / 4)`).
pub(crate) fn cube_size(width: u32) -> u32 {
    let quarter = width / 4;
    let floor_pow2 = if quarter == 0 {
        0
    } else {
        1u32 << quarter.ilog2()
    };
    floor_pow2.max(MIN_SIZE)
}

/// `PMREMGenerator.lodToRoughness`.
pub(crate) fn lod_to_roughness(lod: u32, max_lod: u32) -> f32 {
    if max_lod > 0 {
        (1.0 - (1.0 - lod as f64 / max_lod as f64).sqrt()) as f32
    } else {
        0.0
    }
}

/// `equirectUV(direction)`.
pub(crate) fn equirect_uv(d: Vec3) -> Vec2 {
    let u = d.z.atan2(d.x) * (1.0 / (PI * 2.0)) + 0.5;
    let v = d.y.clamp(-1.0, 1.0).asin() * (1.0 / PI) + 0.5;
    Vec2::new(u, v)
}

/// The source cube's level 0: each texel the mean of the image at four directions a quarter
/// of a texel apart (the equirect material's `dFdx`/`dFdy` of the direction, taken within each
/// 2×2 quad as the hardware does, times 0.25).
fn equirect_to_cube(image: &EquirectImage, size: u32) -> CubeLevel {
    let dir = |face, i, j| texel_direction(face, i, j, size).normalize();
    CubeLevel::from_fn(size, |face, i, j| {
        let d = dir(face, i, j);
        let dx = (dir(face, i | 1, j) - dir(face, i & !1, j)) * 0.25;
        let dy = (dir(face, i, j | 1) - dir(face, i, j & !1)) * 0.25;
        let sample = |p: Vec3| image.bilinear(equirect_uv(p.normalize()));
        let sum =
            sample(d - dx - dy) + sample(d + dx - dy) + sample(d - dx + dy) + sample(d + dx + dy);
        half3(sum * 0.25)
    })
}

/// The Van der Corput radical inverse of `i`, as a float (`radicalInverse_VdC`).
fn radical_inverse(i: u32) -> f32 {
    i.reverse_bits() as f32 * 2.328_306_4e-10
}

/// The tangent frame three builds around `n`.
fn frame(n: Vec3) -> (Vec3, Vec3) {
    let up = if n.z.abs() < 0.999 { Vec3::Z } else { Vec3::X };
    let tangent = up.cross(n).normalize();
    (tangent, n.cross(tangent))
}

/// One GGX sample of a level, the same for every texel: with V = N, the reflected direction's
/// cosine to N, its sine, the azimuth's cosine and sine, and the source mip it reads.
#[derive(Clone, Copy)]
struct GgxSample {
    n_dot_l: f32,
    sin_theta: f32,
    cos_phi: f32,
    sin_phi: f32,
    lod: f32,
}

/// `ggxConvolution`'s samples for `roughness` (those with `NdotL > 0`), in its order.
fn ggx_samples(roughness: f32, lod_bias: f32) -> Vec<GgxSample> {
    let alpha = roughness * roughness;
    let alpha2 = alpha * alpha;
    (0..GGX_SAMPLES)
        .filter_map(|i| {
            let xi = Vec2::new(i as f32 / GGX_SAMPLES as f32, radical_inverse(i));
            let inv_q = 1.0 / ((1.0 - xi.x) + alpha2 * xi.x);
            let n_dot_l = ((1.0 - xi.x) - alpha2 * xi.x) * inv_q;
            (n_dot_l > 0.0).then(|| {
                let phi = xi.y * (2.0 * PI);
                GgxSample {
                    n_dot_l,
                    sin_theta: alpha * 2.0 * (xi.x * (1.0 - xi.x)).sqrt() * inv_q,
                    cos_phi: phi.cos(),
                    sin_phi: phi.sin(),
                    lod: ((alpha2 * inv_q).log2() + lod_bias).max(0.0),
                }
            })
        })
        .collect()
}

/// `ggxConvolution` at direction `n` over the source chain (`roughness` at least 0.001).
fn ggx_convolution(source: &CubeChain, n: Vec3, samples: &[GgxSample]) -> Vec3 {
    let (tangent, bitangent) = frame(n);
    let mut color = Vec3::ZERO;
    let mut total = 0.0f32;
    for s in samples {
        let l = n * s.n_dot_l + (tangent * s.cos_phi + bitangent * s.sin_phi) * s.sin_theta;
        color += source.trilinear(l, s.lod) * s.n_dot_l;
        total += s.n_dot_l;
    }
    color / total
}

/// The texels of the integration mip, paired: (direction on the +x, +y or +z face, its colour,
/// the colour of the opposite texel).
fn integration_texels(level: &CubeLevel) -> Vec<(Vec2, usize, Vec3, Vec3)> {
    let texel_size = 2.0 / INTEGRATION_SIZE as f32;
    let mut out = Vec::with_capacity((3 * INTEGRATION_SIZE * INTEGRATION_SIZE) as usize);
    for face in 0..3 {
        for y in 0..INTEGRATION_SIZE {
            for x in 0..INTEGRATION_SIZE {
                let uv = (Vec2::new(x as f32, y as f32) + 0.5) * texel_size - 1.0;
                let d = integration_direction(face, uv);
                out.push((uv, face, level.bilinear(d), level.bilinear(-d)));
            }
        }
    }
    out
}

/// `select(face == 0, vec3(1, uv), select(face == 1, vec3(uv.x, 1, uv.y), vec3(uv, 1)))`.
fn integration_direction(face: usize, uv: Vec2) -> Vec3 {
    match face {
        0 => Vec3::new(1.0, uv.x, uv.y),
        1 => Vec3::new(uv.x, 1.0, uv.y),
        _ => Vec3::new(uv.x, uv.y, 1.0),
    }
}

/// `ggxIntegration` at direction `n`.
fn ggx_integration(texels: &[(Vec2, usize, Vec3, Vec3)], n: Vec3, roughness: f32) -> Vec3 {
    let alpha = roughness * roughness;
    let alpha2 = alpha * alpha;
    let mut color = Vec3::ZERO;
    let mut total = 0.0f32;
    for &(uv, face, plus, minus) in texels {
        let d = integration_direction(face, uv);
        let inv_distance = 1.0 / (uv.dot(uv) + 1.0).sqrt();
        let dot = n.dot(d);
        let texel = if dot < 0.0 { minus } else { plus };
        let n_dot_l = dot.abs() * inv_distance;
        let den = (alpha2 + 1.0) + (alpha2 - 1.0) * n_dot_l;
        let weight = n_dot_l * inv_distance * inv_distance * inv_distance / (den * den);
        color += texel * weight;
        total += weight;
    }
    color / total
}

/// The PMREM of `image`: its levels, from the mirror (level 0, the cube's face side) to
/// roughness 1 (a face of 8²).
pub(crate) fn from_equirect(image: &EquirectImage) -> CubeChain {
    let size = cube_size(image.width());
    let mut source = vec![equirect_to_cube(image, size)];
    while let Some(last) = source.last().filter(|l| l.size > 1) {
        let next = box_down(last);
        source.push(next);
    }
    let source = CubeChain { levels: source };
    let log2_size = size.ilog2();
    let max_lod = log2_size - LOD_MIN;
    let source_lod = (size / INTEGRATION_SIZE).ilog2() as usize;
    let texels = integration_texels(&source.levels[source_lod.min(source.levels.len() - 1)]);
    let levels = (0..=max_lod)
        .map(|lod| {
            let roughness = lod_to_roughness(lod, max_lod);
            let side = size >> lod;
            let dir = |face, i, j| texel_direction(face, i, j, side).normalize();
            if lod + INTEGRATION_LEVELS > max_lod {
                CubeLevel::from_fn(side, |f, i, j| {
                    half3(ggx_integration(&texels, dir(f, i, j), roughness))
                })
            } else {
                let r = roughness as f64;
                let lod_bias = if r > 0.0 {
                    (log2_size as f64 + 0.5 * (6.0 / (GGX_SAMPLES as f64 * r.powi(4))).log2() + 0.5)
                        as f32
                } else {
                    0.0
                };
                if roughness < 0.001 {
                    // A mirror: the source itself (`envMap.sample(N).level(0)`).
                    return CubeLevel::from_fn(side, |f, i, j| {
                        half3(source.trilinear(dir(f, i, j), 0.0))
                    });
                }
                let samples = ggx_samples(roughness, lod_bias);
                CubeLevel::from_fn(side, |f, i, j| {
                    half3(ggx_convolution(&source, dir(f, i, j), &samples))
                })
            }
        })
        .collect();
    CubeChain { levels }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cube_size_is_three_js_rule() {
        // A quarter of the width, floored to a power of two, at least 256.
        assert_eq!(cube_size(0), 256);
        assert_eq!(cube_size(128), 256);
        assert_eq!(cube_size(1024), 256);
        assert_eq!(cube_size(2048), 512);
        assert_eq!(cube_size(4095), 512);
        assert_eq!(cube_size(4096), 1024);
    }

    #[test]
    fn roughness_per_level_is_lod_to_roughness() {
        // 1 − sqrt(1 − lod/maxLod), maxLod 5 for a 256 cube.
        assert_eq!(lod_to_roughness(0, 5), 0.0);
        assert!((lod_to_roughness(1, 5) - (1.0 - 0.8f64.sqrt()) as f32).abs() < 1e-7);
        assert_eq!(lod_to_roughness(5, 5), 1.0);
        assert_eq!(lod_to_roughness(0, 0), 0.0);
    }

    #[test]
    fn the_radical_inverse_is_the_bit_reversal() {
        assert_eq!(radical_inverse(0), 0.0);
        assert_eq!(radical_inverse(1), 0.5);
        assert_eq!(radical_inverse(2), 0.25);
        assert_eq!(radical_inverse(3), 0.75);
    }

    #[test]
    fn equirect_uv_is_three_js() {
        // +x is the middle of the image; +z a quarter further; up is the top row.
        assert_eq!(equirect_uv(Vec3::X), Vec2::new(0.5, 0.5));
        assert!((equirect_uv(Vec3::Z) - Vec2::new(0.75, 0.5)).length() < 1e-7);
        assert!((equirect_uv(Vec3::Y).y - 1.0).abs() < 1e-7);
    }
}
