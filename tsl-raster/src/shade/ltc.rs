//! three.js r187's LTC tables (`RectAreaLightTexturesLib`'s `LTC_MAT_1` and `LTC_MAT_2`, 64 × 64
//! RGBA floats each), embedded as little-endian `f32` files that `tools/ltc/gen_ltc.mjs` writes
//! from three's source, and read as three.js reads its `DataTexture`s: a linear filter, clamped to
//! the edge (R-RECT-2, docs/requirements.md).

use glam::{Vec2, Vec4};
use std::sync::LazyLock;

/// The tables' side in texels.
pub(crate) const LTC_SIZE: usize = 64;

/// A table's texels, rows of `LTC_SIZE`, the first row at v = 0 (a `DataTexture` is not flipped).
pub(crate) struct LtcTable(Vec<Vec4>);

fn decode(bytes: &[u8]) -> LtcTable {
    LtcTable(
        bytes
            .chunks_exact(16)
            .map(|t| {
                let f = |i: usize| f32::from_le_bytes([t[i], t[i + 1], t[i + 2], t[i + 3]]);
                Vec4::new(f(0), f(4), f(8), f(12))
            })
            .collect(),
    )
}

/// `LTC_1`: the inverse transform's four varying entries.
pub(crate) static LTC_1: LazyLock<LtcTable> = LazyLock::new(|| decode(include_bytes!("ltc_1.bin")));
/// `LTC_2`: the Fresnel scale and bias (x, y), the form factor's norm (z).
pub(crate) static LTC_2: LazyLock<LtcTable> = LazyLock::new(|| decode(include_bytes!("ltc_2.bin")));

impl LtcTable {
    /// Every texel, row by row (the GPU uploads them).
    #[cfg_attr(not(feature = "gpu"), allow(dead_code))]
    pub fn texels(&self) -> &[Vec4] {
        &self.0
    }

    fn at(&self, x: i32, y: i32) -> Vec4 {
        let clamp = |i: i32| i.clamp(0, LTC_SIZE as i32 - 1) as usize;
        // Invariant: both files hold 64 × 64 texels (the generator checks the count).
        self.0[clamp(y) * LTC_SIZE + clamp(x)]
    }

    /// The bilinear sample at `uv`, clamped to the edge: `texture( ltc ).sample( uv )` with
    /// three's `LinearFilter`.
    pub fn sample(&self, uv: Vec2) -> Vec4 {
        let x = uv.x * LTC_SIZE as f32 - 0.5;
        let y = uv.y * LTC_SIZE as f32 - 0.5;
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let (x0, y0) = (x0 as i32, y0 as i32);
        let top = self.at(x0, y0).lerp(self.at(x0 + 1, y0), fx);
        let bottom = self.at(x0, y0 + 1).lerp(self.at(x0 + 1, y0 + 1), fx);
        top.lerp(bottom, fy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_three_s_first_and_last_texels() {
        // three.js's LTC_MAT_1 starts `1, 0, 0, 2e-05` and LTC_MAT_2 `1, 0, 0, 0` (its source).
        assert_eq!(LTC_1.texels().len(), LTC_SIZE * LTC_SIZE);
        assert_eq!(LTC_1.texels()[0], Vec4::new(1.0, 0.0, 0.0, 2e-05));
        assert_eq!(LTC_2.texels()[0], Vec4::new(1.0, 0.0, 0.0, 0.0));
        assert_eq!(LTC_2.texels()[1], Vec4::new(1.0, 7.91421e-31, 0.0, 0.0));
    }

    #[test]
    fn a_sample_at_a_texel_centre_is_the_texel_and_between_two_their_mean() {
        let centre = |i: usize| (i as f32 + 0.5) / LTC_SIZE as f32;
        let t = LTC_1.texels();
        assert_eq!(LTC_1.sample(Vec2::new(centre(3), centre(0))), t[3]);
        let half = Vec2::new((centre(3) + centre(4)) * 0.5, centre(0));
        let mean = (t[3] + t[4]) * 0.5;
        assert!((LTC_1.sample(half) - mean).abs().max_element() < 1e-6);
        // Clamped at the edges.
        assert_eq!(LTC_1.sample(Vec2::new(-1.0, -1.0)), t[0]);
    }
}
