//! three.js r187's BSDF building blocks (`src/nodes/functions/BSDF/`) and its DFG lookup table
//! (R-RAST-4, docs/requirements.md).

use super::lane_math::floor_lane;
use glam::{Vec2, Vec3, Vec4, Vec4Swizzles};
use std::f32::consts::PI;
use tsl_core::LANES;

/// The Fresnel factor of `F_Schlick`: `exp2((−5.55473·dotVH − 6.98316)·dotVH)`.
#[inline]
pub(crate) fn fresnel_factor(dot_vh: f32) -> f32 {
    ((-5.55473 * dot_vh - 6.98316) * dot_vh).exp2()
}

/// `F_Schlick(f0, f90, dotVH)` in the spherical-Gaussian form.
#[inline]
pub(crate) fn f_schlick(f0: Vec3, f90: f32, dot_vh: f32) -> Vec3 {
    let fresnel = fresnel_factor(dot_vh);
    f0 * (1.0 - fresnel) + Vec3::splat(f90 * fresnel)
}

/// `D_GGX(alpha, dotNH)`.
#[inline]
pub(crate) fn d_ggx(alpha: f32, dot_nh: f32) -> f32 {
    let a2 = alpha * alpha;
    let denom = 1.0 - dot_nh * dot_nh * (1.0 - a2);
    a2 / (denom * denom) * (1.0 / PI)
}

/// `V_GGX_SmithCorrelated(alpha, dotNL, dotNV)`.
#[inline]
pub(crate) fn v_ggx_smith_correlated(alpha: f32, dot_nl: f32, dot_nv: f32) -> f32 {
    let a2 = alpha * alpha;
    let gv = dot_nl * (a2 + (1.0 - a2) * dot_nv * dot_nv).sqrt();
    let gl = dot_nv * (a2 + (1.0 - a2) * dot_nl * dot_nl).sqrt();
    0.5 / (gv + gl).max(1e-6)
}

/// `BRDF_GGX(L, f0, f90, roughness)` with normal `n` and view direction `v`.
#[inline]
pub(crate) fn brdf_ggx(l: Vec3, v: Vec3, n: Vec3, f0: Vec3, f90: f32, roughness: f32) -> Vec3 {
    let alpha = roughness.max(0.045).powi(2);
    let h = (l + v).normalize_or_zero();
    let dot_nl = n.dot(l).clamp(0.0, 1.0);
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    let dot_nh = n.dot(h).clamp(0.0, 1.0);
    let dot_vh = v.dot(h).clamp(0.0, 1.0);
    let f = f_schlick(f0, f90, dot_vh);
    f * v_ggx_smith_correlated(alpha, dot_nl, dot_nv) * d_ggx(alpha, dot_nh)
}

/// r187's `DFGLUT.js` data: 16×16 texels of two half floats (scale, bias); rows are dotNV and
/// columns roughness, texel centres at (i + 0.5) / 16.
#[rustfmt::skip]
const DFG_HALFS: [u16; 512] = [
    0x30b5, 0x3ad1, 0x314c, 0x3a4d, 0x33d2, 0x391c, 0x35ef, 0x3828, 0x37f3, 0x36a6, 0x38d1, 0x3539, 0x3979, 0x3410, 0x39f8, 0x3252, 0x3a53, 0x30f0, 0x3a94, 0x2fc9, 0x3abf, 0x2e35, 0x3ada, 0x2d05, 0x3ae8, 0x2c1f, 0x3aed, 0x2ae0, 0x3aea, 0x29d1, 0x3ae1, 0x28ff,
    0x3638, 0x38e4, 0x364a, 0x38ce, 0x3699, 0x385e, 0x374e, 0x372c, 0x3839, 0x35a4, 0x38dc, 0x3462, 0x396e, 0x32c4, 0x39de, 0x3134, 0x3a2b, 0x3003, 0x3a59, 0x2e3a, 0x3a6d, 0x2ce1, 0x3a6e, 0x2bba, 0x3a5f, 0x2a33, 0x3a49, 0x290a, 0x3a2d, 0x2826, 0x3a0a, 0x26e8,
    0x3894, 0x36d7, 0x3897, 0x36c9, 0x38a3, 0x3675, 0x38bc, 0x35ac, 0x38ee, 0x349c, 0x393e, 0x3332, 0x3997, 0x3186, 0x39e2, 0x3038, 0x3a13, 0x2e75, 0x3a29, 0x2cf5, 0x3a2d, 0x2bac, 0x3a21, 0x29ff, 0x3a04, 0x28bc, 0x39dc, 0x2790, 0x39ad, 0x261a, 0x3978, 0x24fa,
    0x39ac, 0x34a8, 0x39ac, 0x34a3, 0x39ae, 0x3480, 0x39ae, 0x3423, 0x39b1, 0x330e, 0x39c2, 0x31a9, 0x39e0, 0x3063, 0x39fc, 0x2eb5, 0x3a0c, 0x2d1d, 0x3a14, 0x2bcf, 0x3a07, 0x29ff, 0x39e9, 0x28a3, 0x39be, 0x273c, 0x3989, 0x25b3, 0x394a, 0x2488, 0x3907, 0x2345,
    0x3a77, 0x3223, 0x3a76, 0x321f, 0x3a73, 0x3204, 0x3a6a, 0x31b3, 0x3a58, 0x3114, 0x3a45, 0x303b, 0x3a34, 0x2eb6, 0x3a26, 0x2d31, 0x3a1e, 0x2bef, 0x3a0b, 0x2a0d, 0x39ec, 0x28a1, 0x39c0, 0x271b, 0x3987, 0x2580, 0x3944, 0x2449, 0x38fa, 0x22bd, 0x38ac, 0x2155,
    0x3b07, 0x2fca, 0x3b06, 0x2fca, 0x3b00, 0x2fb8, 0x3af4, 0x2f7c, 0x3adb, 0x2eea, 0x3ab4, 0x2e00, 0x3a85, 0x2cec, 0x3a5e, 0x2bc5, 0x3a36, 0x2a00, 0x3a0d, 0x2899, 0x39dc, 0x2707, 0x39a0, 0x2562, 0x395a, 0x2424, 0x390b, 0x2268, 0x38b7, 0x20fd, 0x385f, 0x1fd1,
    0x3b69, 0x2cb9, 0x3b68, 0x2cbb, 0x3b62, 0x2cbb, 0x3b56, 0x2cae, 0x3b3b, 0x2c78, 0x3b0d, 0x2c0a, 0x3acf, 0x2ae3, 0x3a92, 0x2998, 0x3a54, 0x2867, 0x3a17, 0x26d0, 0x39d3, 0x253c, 0x3989, 0x2402, 0x3935, 0x2226, 0x38dc, 0x20bd, 0x387d, 0x1f54, 0x381d, 0x1db3,
    0x3ba9, 0x296b, 0x3ba8, 0x296f, 0x3ba3, 0x297b, 0x3b98, 0x2987, 0x3b7f, 0x2976, 0x3b4e, 0x2927, 0x3b0e, 0x2895, 0x3ac2, 0x27b7, 0x3a73, 0x263b, 0x3a23, 0x24e7, 0x39d0, 0x239b, 0x3976, 0x21d9, 0x3917, 0x207e, 0x38b2, 0x1ee7, 0x384b, 0x1d53, 0x37c7, 0x1c1e,
    0x3bd2, 0x25cb, 0x3bd1, 0x25d3, 0x3bcd, 0x25f0, 0x3bc2, 0x261f, 0x3bad, 0x2645, 0x3b7d, 0x262d, 0x3b3e, 0x25c4, 0x3aec, 0x250f, 0x3a93, 0x243a, 0x3a32, 0x22ce, 0x39d0, 0x215b, 0x3969, 0x202a, 0x38fe, 0x1e6e, 0x388f, 0x1cf1, 0x381f, 0x1b9b, 0x3762, 0x19dd,
    0x3be9, 0x21ab, 0x3be9, 0x21b7, 0x3be5, 0x21e5, 0x3bdd, 0x2241, 0x3bc9, 0x22a7, 0x3ba0, 0x22ec, 0x3b62, 0x22cd, 0x3b0f, 0x2247, 0x3aae, 0x2175, 0x3a44, 0x2088, 0x39d4, 0x1f49, 0x3960, 0x1dbe, 0x38e9, 0x1c77, 0x3870, 0x1ae8, 0x37f1, 0x1953, 0x3708, 0x181b,
    0x3bf6, 0x1cea, 0x3bf6, 0x1cfb, 0x3bf3, 0x1d38, 0x3bec, 0x1dbd, 0x3bda, 0x1e7c, 0x3bb7, 0x1f25, 0x3b7d, 0x1f79, 0x3b2c, 0x1f4c, 0x3ac6, 0x1ea6, 0x3a55, 0x1dbb, 0x39da, 0x1cbd, 0x395a, 0x1b9d, 0x38d8, 0x1a00, 0x3855, 0x18ac, 0x37ab, 0x173c, 0x36b7, 0x1598,
    0x3bfc, 0x1736, 0x3bfc, 0x1759, 0x3bf9, 0x17e7, 0x3bf4, 0x1896, 0x3be4, 0x1997, 0x3bc6, 0x1aa8, 0x3b91, 0x1b84, 0x3b43, 0x1bd2, 0x3ade, 0x1b8a, 0x3a65, 0x1acd, 0x39e2, 0x19d3, 0x3957, 0x18cd, 0x38ca, 0x17b3, 0x383e, 0x1613, 0x376d, 0x14bf, 0x366f, 0x135e,
    0x3bff, 0x101b, 0x3bff, 0x1039, 0x3bfc, 0x10c8, 0x3bf9, 0x1226, 0x3bea, 0x1428, 0x3bcf, 0x1584, 0x3b9f, 0x16c5, 0x3b54, 0x179a, 0x3af0, 0x17ce, 0x3a76, 0x1771, 0x39ea, 0x16a4, 0x3956, 0x15a7, 0x38bf, 0x14a7, 0x3829, 0x1379, 0x3735, 0x11ea, 0x362d, 0x10a1,
    0x3c00, 0x061b, 0x3c00, 0x066a, 0x3bfe, 0x081c, 0x3bfa, 0x0a4c, 0x3bed, 0x0d16, 0x3bd5, 0x0fb3, 0x3ba9, 0x114d, 0x3b63, 0x127c, 0x3b01, 0x132f, 0x3a85, 0x1344, 0x39f4, 0x12d2, 0x3957, 0x120d, 0x38b5, 0x1122, 0x3817, 0x103c, 0x3703, 0x0ed3, 0x35f0, 0x0d6d,
    0x3c00, 0x007a, 0x3c00, 0x0089, 0x3bfe, 0x011d, 0x3bfb, 0x027c, 0x3bf0, 0x04fa, 0x3bda, 0x0881, 0x3bb1, 0x0acd, 0x3b6f, 0x0c97, 0x3b10, 0x0d7b, 0x3a93, 0x0df1, 0x39fe, 0x0def, 0x3959, 0x0d8a, 0x38af, 0x0ce9, 0x3808, 0x0c31, 0x36d5, 0x0af0, 0x35b9, 0x09a3,
    0x3c00, 0x0000, 0x3c00, 0x0001, 0x3bff, 0x0015, 0x3bfb, 0x0059, 0x3bf2, 0x00fd, 0x3bdd, 0x01df, 0x3bb7, 0x031c, 0x3b79, 0x047c, 0x3b1d, 0x05d4, 0x3aa0, 0x06d5, 0x3a08, 0x075a, 0x395d, 0x075e, 0x38aa, 0x06f7, 0x37f4, 0x0648, 0x36ac, 0x0576, 0x3586, 0x049f,
];

/// An IEEE half float's value (finite halves only; the table has no others).
const fn half_to_f32(h: u16) -> f32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let exponent = ((h >> 10) & 0x1f) as u32;
    let mantissa = (h & 0x3ff) as u32;
    if exponent == 0 {
        // A subnormal half: mantissa · 2^-24, exact in f32.
        let magnitude = mantissa as f32 * (1.0 / 16_777_216.0);
        if sign != 0 {
            -magnitude
        } else {
            magnitude
        }
    } else {
        f32::from_bits(sign | ((exponent + 112) << 23) | (mantissa << 13))
    }
}

const fn dfg_table() -> [[f32; 2]; 256] {
    let mut table = [[0.0; 2]; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = [
            half_to_f32(DFG_HALFS[2 * i]),
            half_to_f32(DFG_HALFS[2 * i + 1]),
        ];
        i += 1;
    }
    table
}

/// The table decoded to f32, texel (x, y) at `y * 16 + x`.
static DFG: [[f32; 2]; 256] = dfg_table();

/// `DFGLUT(roughness, dotNV)`: the table read bilinearly with clamp to edge at
/// `uv = (roughness, dotNV)`.
pub(crate) fn dfg(roughness: f32, dot_nv: f32) -> Vec2 {
    let table = &DFG;
    let x = (roughness * 16.0 - 0.5).clamp(0.0, 15.0);
    let y = (dot_nv * 16.0 - 0.5).clamp(0.0, 15.0);
    let (x, y) = (
        if x.is_finite() { x } else { 0.0 },
        if y.is_finite() { y } else { 0.0 },
    );
    // Both are at least zero, so truncation is the floor.
    let (x0, y0) = (x as usize, y as usize);
    let (x1, y1) = ((x0 + 1).min(15), (y0 + 1).min(15));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let at = |x: usize, y: usize| Vec2::from_array(table[(y * 16 + x) & 255]);
    let top = at(x0, y0).lerp(at(x1, y0), fx);
    let bottom = at(x0, y1).lerp(at(x1, y1), fx);
    top.lerp(bottom, fy)
}

/// For each texel (x, y), the four texels of a bilinear read whose top-left is (x, y), clamped to
/// the edge, interleaved so that one lane's read is two 16-byte loads:
/// `[(x, y).a, (x, y).b, (x, y+1).a, (x, y+1).b]` then the same of `x + 1`. Blending the two with
/// the column weight gives the top and bottom rows' (a, b) at once.
const fn dfg_quads() -> [[[f32; 4]; 2]; 256] {
    let mut quads = [[[0.0; 4]; 2]; 256];
    let mut i = 0;
    while i < 256 {
        let (x, y) = (i % 16, i / 16);
        let x1 = if x < 15 { x + 1 } else { 15 };
        let y1 = if y < 15 { y + 1 } else { 15 };
        let (t00, t01) = (DFG[y * 16 + x], DFG[y1 * 16 + x]);
        let (t10, t11) = (DFG[y * 16 + x1], DFG[y1 * 16 + x1]);
        quads[i] = [
            [t00[0], t00[1], t01[0], t01[1]],
            [t10[0], t10[1], t11[0], t11[1]],
        ];
        i += 1;
    }
    quads
}

/// [`dfg_quads`], evaluated once.
static DFG_QUADS: [[[f32; 4]; 2]; 256] = dfg_quads();

/// The buffers of [`dfg_lanes`], kept from batch to batch (a fresh array would be zeroed each
/// time).
pub(crate) struct DfgScratch {
    /// Each lane's weights of its right column and its bottom row, and their complements.
    fx: [f32; LANES],
    fy: [f32; LANES],
    gx: [f32; LANES],
    gy: [f32; LANES],
    at: [u32; LANES],
}

impl Default for DfgScratch {
    fn default() -> Self {
        DfgScratch {
            fx: [0.0; LANES],
            fy: [0.0; LANES],
            gx: [0.0; LANES],
            gy: [0.0; LANES],
            at: [0; LANES],
        }
    }
}

/// [`dfg`] over lanes: `(a[l], b[l]) = dfg(roughness[l], dot_nv[l])` for the first `n` lanes, by
/// the same operations (so the same bits). The coordinates are worked out over all the lanes at
/// once; then each lane reads its four texels from [`DFG_QUADS`] as two 16-byte loads, and four
/// lanes' loads, transposed in registers, are blended four lanes at a time, so that no texel
/// goes through memory twice. Always inlined, so that the AVX2 version of
/// [`physical_lanes`](super::physical::physical_lanes) holds an AVX2 copy.
#[inline(always)]
pub(crate) fn dfg_lanes(
    roughness: &[f32; LANES],
    dot_nv: &[f32; LANES],
    n: usize,
    scratch: &mut DfgScratch,
    a: &mut [f32; LANES],
    b: &mut [f32; LANES],
) {
    let n = n.min(LANES);
    let DfgScratch { fx, fy, gx, gy, at } = scratch;
    for l in 0..n {
        let x = (roughness[l] * 16.0 - 0.5).clamp(0.0, 15.0);
        let y = (dot_nv[l] * 16.0 - 0.5).clamp(0.0, 15.0);
        // `dfg`'s `is_finite`: after the clamp only a NaN can fail it, and a NaN test is one
        // float comparison where `is_finite` is integer work on the bits.
        let x = if x.is_nan() { 0.0 } else { x };
        let y = if y.is_nan() { 0.0 } else { y };
        // The floor, as `dfg`'s `as usize`, but four lanes at a time.
        let ((x0f, x0), (y0f, y0)) = (floor_lane(x), floor_lane(y));
        fx[l] = x - x0f;
        fy[l] = y - y0f;
        gx[l] = 1.0 - fx[l];
        gy[l] = 1.0 - fy[l];
        at[l] = (y0 * 16 + x0) as u32;
    }
    // The same products and sums as `dfg`'s three lerps `p·(1 − s) + q·s`, element by element:
    // four lanes at a time, then the rest one at a time.
    let fours = n / 4 * 4;
    for g in (0..fours).step_by(4) {
        // Plain indexing rather than array maps: a map's closure is not always inlined (whether
        // it is changed with unrelated code elsewhere in the crate, at ten times the cost).
        let quad = |k: usize| &DFG_QUADS[at[g + k] as usize & 255];
        let quads = [quad(0), quad(1), quad(2), quad(3)];
        // Each lane's left quad holds (a, b) of its top-left and bottom-left texels, its right
        // quad those of the texels to their right; transposed, one vector per texel component
        // holds the four lanes' (which the compiler does with shuffles).
        let column = |side: usize, component: usize| {
            Vec4::new(
                quads[0][side][component],
                quads[1][side][component],
                quads[2][side][component],
                quads[3][side][component],
            )
        };
        let four = |lanes: &[f32; LANES]| Vec4::from_slice(&lanes[g..g + 4]);
        let (fx, fy, gx, gy) = (four(fx), four(fy), four(gx), four(gy));
        let blend = |t00: Vec4, t10: Vec4, t01: Vec4, t11: Vec4| {
            let top = t00 * gx + t10 * fx;
            let bottom = t01 * gx + t11 * fx;
            top * gy + bottom * fy
        };
        // (a, b) of the top texels in x, y, of the bottom ones in z, w.
        blend(column(0, 0), column(1, 0), column(0, 2), column(1, 2))
            .write_to_slice(&mut a[g..g + 4]);
        blend(column(0, 1), column(1, 1), column(0, 3), column(1, 3))
            .write_to_slice(&mut b[g..g + 4]);
    }
    for l in fours..n {
        let [left, right] = DFG_QUADS[at[l] as usize & 255];
        let rows = Vec4::from_array(left) * gx[l] + Vec4::from_array(right) * fx[l];
        // Top row in x, y and bottom in z, w: the blend of the rows lands in x (a) and y (b).
        let ab = rows * gy[l] + rows.zwxy() * fy[l];
        a[l] = ab.x;
        b[l] = ab.y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lanes_read_the_table_as_dfg() {
        let mut roughness = [0.0; LANES];
        let mut dot_nv = [0.0; LANES];
        let mut scratch = DfgScratch::default();
        for k in 0..200 {
            for l in 0..LANES {
                let t = (k * LANES + l) as f32;
                roughness[l] = (t * 0.618_034).fract() * 1.2 - 0.1;
                dot_nv[l] = (t * 0.414_213_6).fract() * 1.2 - 0.1;
            }
            roughness[0] = f32::NAN;
            dot_nv[1] = f32::INFINITY;
            dot_nv[LANES - 2] = f32::NEG_INFINITY;
            // Whole fours, and counts that leave one to three lanes to go one at a time; the
            // lanes past the count stay as they were.
            let n = [LANES, LANES - 1, LANES - 3, 6, 1][k % 5];
            let (mut a, mut b) = ([-1.0; LANES], [-2.0; LANES]);
            dfg_lanes(&roughness, &dot_nv, n, &mut scratch, &mut a, &mut b);
            for l in 0..n {
                let v = dfg(roughness[l], dot_nv[l]);
                assert_eq!(
                    (a[l].to_bits(), b[l].to_bits()),
                    (v.x.to_bits(), v.y.to_bits()),
                    "lane {l} of {n}"
                );
            }
            assert!(a[n..].iter().all(|&a| a == -1.0) && b[n..].iter().all(|&b| b == -2.0));
        }
    }

    #[test]
    fn halves_decode() {
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0x3800), 0.5);
        assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
        assert_eq!(half_to_f32(0xc000), -2.0);
    }

    #[test]
    fn the_table_reads_texel_centres() {
        // Texel (0, 0) at its centre: 0x30b5, 0x3ad1.
        let v = dfg(0.5 / 16.0, 0.5 / 16.0);
        assert_eq!(v, Vec2::new(half_to_f32(0x30b5), half_to_f32(0x3ad1)));
        // The smooth head-on corner: scale 1, bias 0.
        assert_eq!(dfg(0.0, 1.0), Vec2::new(1.0, 0.0));
    }

    #[test]
    fn a_smooth_surface_seen_head_on_reflects_f0() {
        let n = Vec3::Z;
        let f = f_schlick(Vec3::splat(0.04), 1.0, 1.0);
        assert!((f.x - 0.04).abs() < 1e-3);
        // GGX is symmetric in L and V.
        let l = Vec3::new(0.3, 0.0, 1.0).normalize();
        let v = Vec3::new(-0.1, 0.2, 1.0).normalize();
        let a = brdf_ggx(l, v, n, Vec3::splat(0.04), 1.0, 0.5);
        let b = brdf_ggx(v, l, n, Vec3::splat(0.04), 1.0, 0.5);
        assert!((a - b).length() < 1e-6);
    }
}
