//! The output transform of three.js's WebGPURenderer (R-RAST-5, docs/requirements.md): the scene is
//! drawn into a linear half-float target, then each pixel's colour is tone mapped (off by default)
//! and encoded with the sRGB transfer function, and quantized to 8 bits.

use glam::{Mat3, Vec3};

/// The tone mapping of the output pass (`renderer.toneMapping`); [`ToneMapping::None`] by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ToneMapping {
    /// `NoToneMapping`: colours pass unchanged.
    #[default]
    None,
    /// `LinearToneMapping`: `clamp(c · exposure)`.
    Linear,
    /// `ReinhardToneMapping`.
    Reinhard,
    /// `CineonToneMapping`.
    Cineon,
    /// `ACESFilmicToneMapping`.
    AcesFilmic,
    /// `AgXToneMapping`.
    AgX,
    /// `NeutralToneMapping` (Khronos PBR Neutral).
    Neutral,
}

/// The colour space of the output image (`renderer.outputColorSpace`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputColorSpace {
    /// sRGB-encoded bytes, three.js's default.
    #[default]
    Srgb,
    /// Linear bytes: the working-space values, quantized.
    Linear,
}

/// three.js's GPU sRGB encoding (`sRGBTransferOETF`): `1.055 · c^0.41666 − 0.055`, or `12.92 · c`
/// at and below 0.0031308.
pub fn srgb_oetf(c: f32) -> f32 {
    if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(0.41666) - 0.055
    }
}

/// three.js's sRGB decoding (`sRGBTransferEOTF`): `((c + 0.055) / 1.055)^2.4` in its multiplied
/// form, or `c / 12.92` at and below 0.04045.
pub fn srgb_eotf(c: f32) -> f32 {
    if c <= 0.04045 {
        c * 0.077_399_38
    } else {
        (c * 0.947_867_3 + 0.052_132_7).powf(2.4)
    }
}

/// `x` rounded to the nearest IEEE half float (ties to even), as the output target of
/// WebGPURenderer stores it; out of range becomes ±infinity, NaN stays NaN.
pub fn round_to_half(x: f32) -> f32 {
    if !x.is_finite() {
        return x;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return f32::INFINITY.copysign(x);
    }
    let exponent = ((a.to_bits() >> 23) & 0xff) as i32 - 127;
    let quantum = if exponent < -14 {
        2f32.powi(-24)
    } else {
        2f32.powi(exponent - 10)
    };
    (x / quantum).round_ties_even() * quantum
}

/// The bits of the half float nearest to `x`, for `x` in (0, 1) (ties to even).
#[inline]
fn half_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    if exponent < -24 {
        return 0;
    }
    if exponent < -14 {
        // A subnormal half: x / 2^-24, rounded to even.
        return (x * 2f32.powi(24)).round_ties_even() as u16;
    }
    let mantissa = bits & 0x7f_ffff;
    let half = (((exponent + 15) as u32) << 10) | (mantissa >> 13);
    let rest = mantissa & 0x1fff;
    let up = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    (half + u32::from(up)) as u16
}

/// The value of half-float bits from 0 to 0x3c00 (zero to one).
fn half_value(h: u16) -> f32 {
    let exponent = (h >> 10) as i32;
    let mantissa = (h & 0x3ff) as f32;
    if exponent == 0 {
        mantissa * 2f32.powi(-24)
    } else {
        (1.0 + mantissa / 1024.0) * 2f32.powi(exponent - 15)
    }
}

/// The sRGB byte of each half float from 0 to 1 (bits 0 to 0x3c00), padded with 255 to 0x4000
/// entries so that an index masked to 14 bits needs no bounds check.
static SRGB_HALF_BYTES: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
    (0..0x4000u16)
        .map(|h| {
            let c = if h <= 0x3c00 { half_value(h) } else { 1.0 };
            (srgb_oetf(c).clamp(0.0, 1.0) * 255.0).round() as u8
        })
        .collect()
});

/// The linear byte of each half float from 0 to 1.
static LINEAR_HALF_BYTES: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
    (0..=0x3c00u16)
        .map(|h| (half_value(h) * 255.0).round() as u8)
        .collect()
});

/// Rows of a matrix written as in three.js's `mat3(a, b, c, ...)` of nine scalars.
fn rows(m: [f32; 9]) -> Mat3 {
    Mat3::from_cols_array(&m).transpose()
}

/// `c` tone mapped with `exposure`, by three.js r187's `ToneMappingFunctions.js`.
pub fn tone_map(mapping: ToneMapping, c: Vec3, exposure: f32) -> Vec3 {
    match mapping {
        ToneMapping::None => c,
        ToneMapping::Linear => (c * exposure).clamp(Vec3::ZERO, Vec3::ONE),
        ToneMapping::Reinhard => {
            let c = c * exposure;
            (c / (c + 1.0)).clamp(Vec3::ZERO, Vec3::ONE)
        }
        ToneMapping::Cineon => {
            let c = (c * exposure - 0.004).max(Vec3::ZERO);
            let a = c * (c * 6.2 + 0.5);
            let b = c * (c * 6.2 + 1.7) + 0.06;
            (a / b).powf(2.2)
        }
        ToneMapping::AcesFilmic => {
            let input = rows([
                0.59719, 0.35458, 0.04823, 0.07600, 0.90834, 0.01566, 0.02840, 0.13383, 0.83777,
            ]);
            let output = rows([
                1.60475, -0.53108, -0.07367, -0.10208, 1.10813, -0.00605, -0.00327, -0.07276,
                1.07602,
            ]);
            let c = input * (c * exposure / 0.6);
            let a = c * (c + 0.024_578_6) - 0.000_090_537;
            let b = c * (c * 0.983_729 + 0.432_951) + 0.238_081;
            (output * (a / b)).clamp(Vec3::ZERO, Vec3::ONE)
        }
        ToneMapping::AgX => agx(c * exposure),
        ToneMapping::Neutral => neutral(c * exposure),
    }
}

fn agx(c: Vec3) -> Vec3 {
    let srgb_to_rec2020 = Mat3::from_cols(
        Vec3::new(0.6274, 0.0691, 0.0164),
        Vec3::new(0.3293, 0.9195, 0.0880),
        Vec3::new(0.0433, 0.0113, 0.8956),
    );
    let rec2020_to_srgb = Mat3::from_cols(
        Vec3::new(1.6605, -0.1246, -0.0182),
        Vec3::new(-0.5876, 1.1329, -0.1006),
        Vec3::new(-0.0728, -0.0083, 1.1187),
    );
    let inset = Mat3::from_cols(
        Vec3::new(0.856_627_15, 0.137_318_97, 0.111_898_21),
        Vec3::new(0.095_121_24, 0.761_242, 0.076_799_42),
        Vec3::new(0.048_251_61, 0.101_439_04, 0.811_302_37),
    );
    let outset = Mat3::from_cols(
        Vec3::new(1.127_100_6, -0.141_329_76, -0.141_329_76),
        Vec3::new(-0.110_606_64, 1.157_823_7, -0.110_606_64),
        Vec3::new(-0.016_493_94, -0.016_493_94, 1.251_936_4),
    );
    let (min_ev, max_ev) = (-12.47393f32, 4.026069f32);
    let mut x = inset * (srgb_to_rec2020 * c);
    x = x.max(Vec3::splat(1e-10));
    x = Vec3::new(x.x.log2(), x.y.log2(), x.z.log2());
    x = ((x - min_ev) / (max_ev - min_ev)).clamp(Vec3::ZERO, Vec3::ONE);
    let x2 = x * x;
    let x4 = x2 * x2;
    x = 15.5 * x4 * x2 - 40.14 * x4 * x
        + (31.96 * x4 - 6.868 * x2 * x)
        + (0.4298 * x2 + (0.1191 * x - 0.00232));
    x = outset * x;
    x = x.max(Vec3::ZERO).powf(2.2);
    (rec2020_to_srgb * x).clamp(Vec3::ZERO, Vec3::ONE)
}

fn neutral(mut c: Vec3) -> Vec3 {
    let start = 0.8 - 0.04;
    let desaturation = 0.15;
    let x = c.min_element();
    let offset = if x < 0.08 { x - 6.25 * x * x } else { 0.04 };
    c -= offset;
    let peak = c.max_element();
    if peak < start {
        return c;
    }
    let d = 1.0 - start;
    let new_peak = 1.0 - d * d / (peak + d - start);
    c *= new_peak / peak;
    let g = 1.0 - 1.0 / (desaturation * (peak - new_peak) + 1.0);
    c.lerp(Vec3::splat(new_peak), g)
}

/// The settings of the output pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutputTransform {
    /// The tone mapping.
    pub tone_mapping: ToneMapping,
    /// `renderer.toneMappingExposure`.
    pub exposure: f32,
    /// The encoding of the bytes.
    pub color_space: OutputColorSpace,
}

impl Default for OutputTransform {
    fn default() -> Self {
        OutputTransform {
            tone_mapping: ToneMapping::None,
            exposure: 1.0,
            color_space: OutputColorSpace::Srgb,
        }
    }
}

impl OutputTransform {
    /// The display bytes (straight alpha) of one linear pixel as the framebuffer holds it
    /// (premultiplied by its alpha, as normal blending over a transparent clear leaves it): alpha
    /// clamped, colour rounded to half as the half-float target holds it, unpremultiplied, tone
    /// mapped, encoded and quantized. An opaque pixel (alpha one) is unchanged by the division.
    pub fn apply(&self, linear: [f32; 4]) -> [u8; 4] {
        let alpha = finite_or_zero(linear[3]).clamp(0.0, 1.0);
        let linear = if alpha > 0.0 && alpha < 1.0 {
            let a = round_to_half(alpha);
            [
                round_to_half(linear[0]) / a,
                round_to_half(linear[1]) / a,
                round_to_half(linear[2]) / a,
                alpha,
            ]
        } else {
            linear
        };
        if self.tone_mapping == ToneMapping::None && self.color_space == OutputColorSpace::Srgb {
            // Every half in [0, 1] has its byte in a table: the same bytes, without a power.
            let table = &*SRGB_HALF_BYTES;
            let byte = |c: f32| {
                let c = finite_or_zero(c);
                if c <= 0.0 {
                    0
                } else if c >= 1.0 {
                    255
                } else {
                    // Invariant: 0 < c < 1, so its half's bits are below 0x3c00 (one): inside the table.
                    table[half_bits(c) as usize]
                }
            };
            let alpha = if alpha >= 1.0 {
                255
            } else if alpha <= 0.0 {
                0
            } else {
                LINEAR_HALF_BYTES[half_bits(alpha) as usize]
            };
            return [byte(linear[0]), byte(linear[1]), byte(linear[2]), alpha];
        }
        let half = Vec3::new(
            round_to_half(finite_or_zero(linear[0])),
            round_to_half(finite_or_zero(linear[1])),
            round_to_half(finite_or_zero(linear[2])),
        );
        let mapped = tone_map(self.tone_mapping, half, self.exposure);
        let encode = |c: f32| match self.color_space {
            OutputColorSpace::Srgb => srgb_oetf(c.max(0.0)),
            OutputColorSpace::Linear => c,
        };
        let byte = |c: f32| (finite_or_zero(c).clamp(0.0, 1.0) * 255.0).round() as u8;
        [
            byte(encode(mapped.x)),
            byte(encode(mapped.y)),
            byte(encode(mapped.z)),
            byte(round_to_half(alpha)),
        ]
    }
}

impl OutputTransform {
    /// [`OutputTransform::apply`] over a row of pixels into `out` (four bytes a pixel).
    pub fn apply_row(&self, row: &[[f32; 4]], out: &mut [u8]) {
        let fast =
            self.tone_mapping == ToneMapping::None && self.color_space == OutputColorSpace::Srgb;
        // Invariant: SRGB_HALF_BYTES is made of `0..0x4000u16`, 0x4000 bytes.
        let table: &[u8; 0x4000] = SRGB_HALF_BYTES
            .as_slice()
            .try_into()
            .expect("the table has 0x4000 entries");
        // Write a pixel's bytes; they are returned as one word.
        let encode = |p: &[f32; 4], o: &mut [u8]| {
            // Invariant: `o` is a chunk of `out.chunks_exact_mut(4)` (the zip below): four bytes.
            let o: &mut [u8; 4] = o.try_into().expect("four bytes a pixel");
            if !(fast && srgb_pixel(p, table, o)) {
                *o = self.apply(*p);
            }
            u32::from_ne_bytes(*o)
        };
        // A pixel's bits as two words, to compare with the last pixel's in two comparisons.
        let key = |p: &[f32; 4]| {
            let b = p.map(f32::to_bits);
            [
                u64::from(b[0]) | u64::from(b[1]) << 32,
                u64::from(b[2]) | u64::from(b[3]) << 32,
            ]
        };
        let mut pixels = row.iter().zip(out.chunks_exact_mut(4));
        let Some((p, o)) = pixels.next() else {
            return;
        };
        let (mut last, mut word) = (key(p), encode(p, o));
        for (p, o) in pixels {
            // A run of one colour (a background) is encoded once, its word stored for each
            // pixel with one instruction.
            let k = key(p);
            if k != last {
                (last, word) = (k, encode(p, o));
            } else {
                o.copy_from_slice(&word.to_ne_bytes());
            }
        }
    }
}

/// Write the default transform's bytes of an opaque pixel to `o` and return true (opaque as the
/// target holds it: the alpha's half is one, as it is for an alpha of one or more, or just below
/// one; `apply` divides by one, and its bytes are the table's, the alpha's 255), or return false
/// for another (whose bytes the caller writes over these).
#[inline(always)]
fn srgb_pixel(p: &[f32; 4], table: &[u8; 0x4000], o: &mut [u8; 4]) -> bool {
    // The four channels' indices at once (the same operations on each), their bytes written
    // whether or not the pixel is opaque: four lanes of one vector. (Written only for an opaque
    // one, the alpha's lane is computed apart for the test and the others split.)
    let index = p.map(srgb_half_index);
    // Invariant: srgb_half_index masks its index with 0x3fff: below the table's 0x4000 entries.
    *o = index.map(|i| table[i]);
    index[3] == 0x3c00
}

/// The index in `SRGB_HALF_BYTES` of the half float nearest to `c` (ties to even), clamped so
/// that the table gives `apply`'s byte for every f32: zero and below, NaN (which fails the
/// comparison with the bound) and every value under 2^-14 go to the smallest normal half, 2^-14
/// (whose byte is 0 as that of every smaller half, since `12.92 · 2^-14 · 255` rounds to 0), one
/// and above to the half one. Without a branch, the same operations for the four channels so
/// that they share vector instructions.
#[inline]
fn srgb_half_index(c: f32) -> usize {
    // `max` and `min` as comparisons whose false side is the bound, which NaN takes (an x86
    // `maxps`/`minps` each, where `f32::max` adds a NaN fix-up).
    let low = 2f32.powi(-14);
    let c = if c > low { c } else { low };
    let bits = if c < 1.0 { c } else { 1.0 }.to_bits();
    // The float's exponent rebiased and its mantissa's top ten bits, rounded to even on the
    // thirteen below (the half's lowest bit is the float's bit 13): up past the halfway point, or
    // at it to an odd half.
    let rounded = (bits + 0xfff + ((bits >> 13) & 1)) >> 13;
    ((rounded - (112 << 10)) & 0x3fff) as usize
}

#[inline]
fn finite_or_zero(x: f32) -> f32 {
    if x.is_nan() {
        0.0
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_gives_the_bytes_of_each_pixel() {
        let t = OutputTransform::default();
        let mut row = Vec::new();
        for i in 0..=20000u32 {
            let x = f32::from_bits(0x3300_0000u32.wrapping_add(i.wrapping_mul(0x5_1b7d)));
            row.push([x, x.min(2.0) * 0.3, 1.0 - x.min(1.0), 1.0]);
            row.push([x, x, x, 1.0]);
            row.push([x, x, x, 1.0]);
        }
        row.push([f32::NAN, -1.0, 0.0, 1.0]);
        row.push([0.25, 0.5, 0.75, 0.5]);
        // Alphas whose half is one (or at the edge of it), above one, infinite, NaN.
        for a in [
            1.0 - 2f32.powi(-12),
            1.0 - 2f32.powi(-11),
            1.0 - 2f32.powi(-11) - 2f32.powi(-24),
            1.0 - 2f32.powi(-24),
            1.5,
            f32::INFINITY,
            f32::NAN,
        ] {
            for x in [
                0.0,
                1e-6,
                0.3,
                0.999_9,
                1.0,
                2.0,
                f32::NAN,
                -0.5,
                f32::INFINITY,
            ] {
                row.push([x, 0.3, x * 0.5, a]);
            }
        }
        let mut out = vec![0u8; row.len() * 4];
        t.apply_row(&row, &mut out);
        for (p, o) in row.iter().zip(out.chunks_exact(4)) {
            assert_eq!(o, t.apply(*p), "{p:?}");
        }
    }

    #[test]
    fn the_row_fast_path_gives_the_bytes_of_apply_for_dense_bits() {
        // Every top half of the f32 bits (all signs, exponents, NaNs, infinities, and every half
        // float's neighbourhood) with the low halves around the rounding points of a half float
        // (its bit 13, the halfway point 0x1000 and the next half at 0x2000) and a spread.
        let lows = [
            0u32, 1, 2, 0xfff, 0x1000, 0x1001, 0x1fff, 0x2000, 0x2001, 0x2fff, 0x3000, 0x3001,
            0x3fff, 0x4000, 0x5a5a, 0x7fff, 0x8000, 0x9000, 0xa5a5, 0xc001, 0xefff, 0xf000, 0xffff,
        ];
        let t = OutputTransform::default();
        let mut row = Vec::new();
        for high in 0..=0xffffu32 {
            for (k, &low) in lows.iter().enumerate() {
                let x = f32::from_bits(high << 16 | low);
                // The value in each channel in turn, next to ordinary ones, with the neighbour
                // pixel different so that each pixel is encoded on its own; and as the alpha.
                row.push(match k % 3 {
                    0 => [x, 0.5, 0.25, 1.0],
                    1 => [0.125, x, 0.75, 1.0],
                    _ => [0.0, 1.0, x, 1.0],
                });
                row.push([0.5, 0.25, 0.75, x]);
                row.push([x, x * 0.5, 1.0, x]);
            }
        }
        let mut out = vec![0u8; row.len() * 4];
        t.apply_row(&row, &mut out);
        for (p, o) in row.iter().zip(out.chunks_exact(4)) {
            assert_eq!(o, t.apply(*p), "{:?}", p.map(f32::to_bits));
        }
        // Every f32 from 2^-15 to 1 at a stride prime to 2^13, through the index alone.
        let table: &[u8] = &SRGB_HALF_BYTES;
        for bits in (0x3800_0000u32..=0x3f80_0000).step_by(97) {
            let x = f32::from_bits(bits);
            assert_eq!(
                table[srgb_half_index(x)],
                t.apply([x, x, x, 1.0])[0],
                "{bits:#x}"
            );
        }
    }

    #[test]
    fn half_rounding_matches_ieee_half() {
        // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even keeps 1.
        assert_eq!(round_to_half(1.0 + 2f32.powi(-11)), 1.0);
        assert_eq!(
            round_to_half(1.0 + 3.0 * 2f32.powi(-11)),
            1.0 + 2.0 * 2f32.powi(-10)
        );
        assert_eq!(round_to_half(0.1), 0.099_975_586);
        assert_eq!(round_to_half(70000.0), f32::INFINITY);
        assert_eq!(round_to_half(2f32.powi(-25)), 0.0);
    }

    #[test]
    fn the_table_gives_the_bytes_of_the_formula() {
        // Linear tone mapping at exposure one leaves each colour as it is, but takes `apply`'s
        // formula path (tone map, `srgb_oetf`, round) instead of the table.
        let slow = OutputTransform {
            exposure: 1.0,
            tone_mapping: ToneMapping::Linear,
            color_space: OutputColorSpace::Srgb,
        };
        let fast = OutputTransform::default();
        for i in 0..=4000 {
            let x = i as f32 / 4000.0 * 0.999 + 1e-7 * (i % 7) as f32;
            let pixel = [x, x * 0.5, x * x, 1.0];
            let direct = |c: f32| (srgb_oetf(round_to_half(c)) * 255.0).round() as u8;
            assert_eq!(
                fast.apply(pixel)[..3],
                [direct(x), direct(x * 0.5), direct(x * x)]
            );
            assert_eq!(fast.apply(pixel), slow.apply(pixel), "{pixel:?}");
        }
        assert_eq!(half_bits(1.0 - 1e-8), 0x3c00);
        assert_eq!(half_bits(2f32.powi(-24)), 1);
        assert_eq!(half_bits(0.1), 0x2e66);
    }

    #[test]
    fn oetf_and_eotf_are_three_js_constants() {
        assert_eq!(srgb_oetf(0.0031308), 0.0031308 * 12.92);
        assert!((srgb_oetf(0.5) - 0.735_360_6).abs() < 2e-6);
        assert!((srgb_eotf(srgb_oetf(0.3)) - 0.3).abs() < 1e-4);
    }

    #[test]
    fn the_default_transform_encodes_srgb() {
        let t = OutputTransform::default();
        assert_eq!(t.apply([0.5, 0.0, 1.0, 1.0]), [188, 0, 255, 255]);
        assert_eq!(t.apply([f32::NAN, 2.0, -1.0, 0.5]), [0, 255, 0, 128]);
    }

    #[test]
    fn aces_maps_white_below_one() {
        let c = tone_map(ToneMapping::AcesFilmic, Vec3::ONE, 1.0);
        // three.js's ACESFilmicToneMapping of white, worked by hand from its constants.
        assert!(
            (c.x - 0.763_397).abs() < 1e-5 && (c.z - 0.763_390).abs() < 1e-5,
            "{c}"
        );
    }
}
