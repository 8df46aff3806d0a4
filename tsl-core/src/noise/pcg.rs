//! TSL's `hash(seed)` (three.js r187, `src/nodes/math/Hash.js`): one step of the PCG generator
//! on `uint(seed)`, its output scaled to [0, 1].
//!
//! `uint(float)` is undefined in GLSL and WGSL outside `[0, 2³²)`. The project's oracle (three.js
//! in Chromium on SwiftShader, `tools/oracle_probes/noise_hash.mjs`) gives 0 for every seed below
//! 0 or at or above 2³² (−1, −3e9, 2³², 5e9 and 1e20 all hash as 0), and rounds the others toward
//! zero; [`seed_to_u32`] does the same, and so does a NaN seed.

use super::hash::u32_to_f32;

/// 2³², the first seed past `u32`.
const TWO_POW_32: f32 = 4_294_967_296.0;

/// `uint(seed)` as the oracle computes it: rounded toward zero, and 0 for a seed outside
/// `[0, 2³²)` or NaN.
pub fn seed_to_u32(seed: f32) -> u32 {
    if (0.0..TWO_POW_32).contains(&seed) {
        seed as u32
    } else {
        0
    }
}

/// The PCG step of `hash`, in wrapping `u32`: `state = x·747796405 + 2891336453`,
/// `word = ((state >> ((state >> 28) + 4)) ^ state)·277803737`, `word ^ (word >> 22)`.
pub fn pcg(x: u32) -> u32 {
    let state = x.wrapping_mul(747_796_405).wrapping_add(2_891_336_453);
    let word = ((state >> ((state >> 28) + 4)) ^ state).wrapping_mul(277_803_737);
    (word >> 22) ^ word
}

/// TSL's `hash(seed)`: `float(pcg(uint(seed))) · 2⁻³²`, with the oracle's `float(uint)`
/// ([`u32_to_f32`]). The result lies in [0, 1], both ends included.
///
/// ```
/// use tsl_core::noise::pcg_hash;
/// assert_eq!(pcg_hash(0.0).to_bits(), 0x3cf7_65fc);
/// assert_eq!(pcg_hash(-1.0), pcg_hash(0.0));
/// ```
pub fn pcg_hash(seed: f32) -> f32 {
    u32_to_f32(pcg(seed_to_u32(seed))) * (1.0 / TWO_POW_32)
}
