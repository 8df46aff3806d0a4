//! The lanes' vocabulary: a vector of [`LANES`] values as one array per component (structure of
//! arrays, so that a loop over lanes runs several at a time), and the arithmetic the stages
//! share on it, each written to give glam's bits.

use glam::{Mat3, Vec2, Vec3};
use tsl_core::{Lane, Register, LANES};

/// Three components of [`LANES`] floats.
#[derive(Clone, Copy)]
pub(crate) struct Lanes3 {
    pub x: Lane,
    pub y: Lane,
    pub z: Lane,
}

impl Default for Lanes3 {
    fn default() -> Self {
        Lanes3 {
            x: [0.0; LANES],
            y: [0.0; LANES],
            z: [0.0; LANES],
        }
    }
}

impl Lanes3 {
    /// Lane `l` as a vector.
    #[inline]
    pub fn get(&self, l: usize) -> Vec3 {
        Vec3::new(self.x[l], self.y[l], self.z[l])
    }

    /// Set lane `l`.
    #[inline]
    pub fn set(&mut self, l: usize, v: Vec3) {
        self.x[l] = v.x;
        self.y[l] = v.y;
        self.z[l] = v.z;
    }
}

/// `(⌊x⌋, ⌊x⌋ as i32)` for `|x| < 2^22`, exactly, by float and bit operations only: Rust's `as i32`
/// saturates, which SSE2 cannot do four lanes at a time, so a loop with it goes a lane at a time.
/// Adding 1.5·2^23 rounds `x` to the nearest whole number, which is then the low bits of the sum;
/// one step down where that went above `x`. (A NaN gives a NaN and an unspecified whole number.)
#[inline(always)]
pub(crate) fn floor_lane(x: f32) -> (f32, i32) {
    const MAGIC: f32 = 12_582_912.0;
    let sum = x + MAGIC;
    let nearest = sum - MAGIC;
    let whole = (sum.to_bits() as i32).wrapping_sub(MAGIC.to_bits() as i32);
    let above = nearest > x;
    // Take off 1 or 0 rather than choose between two results: a mask and a subtraction.
    (
        nearest - if above { 1.0 } else { 0.0 },
        whole.wrapping_sub(i32::from(above)),
    )
}

/// `2^x` for `x` in [−126, 0], within 2.4e-7 relative (Cephes' `exp2f` polynomial), without a
/// call, so that a loop of it vectorizes.
#[inline(always)]
pub(crate) fn exp2_lane(x: f32) -> f32 {
    let x = x.clamp(-126.0, 0.0);
    // Round to the nearest whole number, halves up: the floor of x − 0.5, plus one.
    let (below, n) = floor_lane(x - 0.5);
    let (n, f) = (n.wrapping_add(1), x - (below + 1.0));
    let p = ((((1.535_336_2e-4 * f + 1.339_887_4e-3) * f + 9.618_437e-3) * f + 5.550_332_5e-2) * f
        + 2.402_264_8e-1)
        * f
        + 6.931_472e-1;
    let scale = f32::from_bits((n.wrapping_add(127) as u32) << 23);
    (1.0 + f * p) * scale
}

/// Two components of [`LANES`] floats.
#[derive(Clone, Copy)]
pub(crate) struct Lanes2 {
    pub x: Lane,
    pub y: Lane,
}

impl Default for Lanes2 {
    fn default() -> Self {
        Lanes2 {
            x: [0.0; LANES],
            y: [0.0; LANES],
        }
    }
}

impl Lanes2 {
    #[inline]
    pub fn get(&self, l: usize) -> Vec2 {
        Vec2::new(self.x[l], self.y[l])
    }
}

/// `v` made unit length over the first `n` lanes, as glam's `normalize_or_zero` (the same
/// operations, so the same bits), in place.
#[inline]
pub(super) fn normalize_lanes(v: &mut Lanes3, n: usize) {
    for l in 0..n {
        [v.x[l], v.y[l], v.z[l]] = unit_or_zero(v.x[l], v.y[l], v.z[l]);
    }
}

/// glam's `normalize_or_zero` of (x, y, z), without a branch.
#[inline(always)]
pub(super) fn unit_or_zero(x: f32, y: f32, z: f32) -> [f32; 3] {
    let rcp = 1.0 / (x * x + y * y + z * z).sqrt();
    // `rcp.is_finite() && rcp > 0.0` without a branch (NaN fails both).
    let ok = (rcp > 0.0) & (rcp < f32::INFINITY);
    [x, y, z].map(|c| if ok { c * rcp } else { 0.0 })
}

/// `m * v` over the first `n` lanes (glam's order of operations), into `out`.
#[inline]
pub(super) fn transform_lanes(m: &Mat3, v: &Lanes3, out: &mut Lanes3, n: usize) {
    let (a, b, c) = (m.x_axis, m.y_axis, m.z_axis);
    for l in 0..n {
        let (x, y, z) = (v.x[l], v.y[l], v.z[l]);
        out.x[l] = a.x * x + b.x * y + c.x * z;
        out.y[l] = a.y * x + b.y * y + c.y * z;
        out.z[l] = a.z * x + b.z * y + c.z * z;
    }
}

pub(super) fn lane_value(register: &Register, lane: usize, width: usize) -> Vec3 {
    Vec3::new(
        register[0][lane],
        if width > 1 { register[1][lane] } else { 0.0 },
        if width > 2 { register[2][lane] } else { 0.0 },
    )
}

/// Copy a register's first three components over the first `n` lanes of `to`.
#[inline]
pub(super) fn copy_register(register: &Register, to: &mut Lanes3, n: usize) {
    to.x[..n].copy_from_slice(&register[0][..n]);
    to.y[..n].copy_from_slice(&register[1][..n]);
    to.z[..n].copy_from_slice(&register[2][..n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The former `exp2_lane`, rounding by `as i32`: the new one must give the same bits.
    fn exp2_by_cast(x: f32) -> f32 {
        let x = x.clamp(-126.0, 0.0);
        let t = x - 0.5;
        let mut n = t as i32;
        if (n as f32) > t {
            n -= 1;
        }
        let n = n + 1;
        let f = x - n as f32;
        let p = ((((1.535_336_2e-4 * f + 1.339_887_4e-3) * f + 9.618_437e-3) * f + 5.550_332_5e-2)
            * f
            + 2.402_264_8e-1)
            * f
            + 6.931_472e-1;
        let scale = f32::from_bits(((n + 127) as u32) << 23);
        (1.0 + f * p) * scale
    }

    #[test]
    fn floor_lane_is_the_floor() {
        let mut x = -300.0f32;
        while x < 300.0 {
            for y in [x, -x, x.next_up(), x.next_down(), x + 0.5, x - 0.5] {
                let (f, i) = floor_lane(y);
                // By value: −0 gives +0, as `as i32` then `as f32` does.
                assert_eq!(f, y.floor(), "{y}");
                assert_eq!(i, y.floor() as i32, "{y}");
            }
            x += 0.0625;
        }
        assert_eq!(floor_lane(4_194_303.5), (4_194_303.0, 4_194_303));
        assert_eq!(floor_lane(-4_194_303.5), (-4_194_304.0, -4_194_304));
        assert_eq!(floor_lane(1e-30), (0.0, 0));
        assert_eq!(floor_lane(-1e-30), (-1.0, -1));
    }

    #[test]
    fn exp2_lane_rounds_as_before() {
        for i in 0..=2_000_000 {
            let x = -(i as f32) * 6.4e-5;
            for y in [x, x.next_up(), x.next_down()] {
                assert_eq!(exp2_lane(y).to_bits(), exp2_by_cast(y).to_bits(), "{y}");
            }
        }
        for x in [0.5, 1.0, -126.5, -1000.0, f32::NEG_INFINITY] {
            assert_eq!(exp2_lane(x).to_bits(), exp2_by_cast(x).to_bits(), "{x}");
        }
    }

    #[test]
    fn exp2_lane_is_within_a_few_ulps() {
        for i in 0..=20000 {
            let x = -(i as f32) * 0.001;
            let (a, b) = (exp2_lane(x), x.exp2());
            assert!(((a - b) / b).abs() < 4e-7, "{x}: {a} against {b}");
        }
        assert_eq!(exp2_lane(0.0), 1.0);
        assert_eq!(exp2_lane(-3.0), 0.125);
    }
}
