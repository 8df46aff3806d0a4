//! MaterialX noise as three.js r187 computes it (`src/nodes/materialx/MaterialXNoise.js`): the
//! lookup3 integer hash and 32-bit float arithmetic in three.js's order, bit for bit.
//!
//! Pure functions on `f32` arrays. Integer hashing wraps in `u32`; every float operation is one
//! `f32` operation in three.js's order (no fused multiply-add); `int(floor(x))` is the only
//! float-to-int conversion. `tests/noise.rs` checks each function bit for bit against values
//! real three.js r187 computed in the project's oracle (Chromium, ANGLE, SwiftShader; see
//! `tools/oracle_probes/`). Two conversions that GLSL leaves to the implementation follow that
//! oracle: [`u32_to_f32`] (`float(uint)`, 1 ulp from a correctly rounded conversion for some
//! hashes, so cell and Worley noise too) and [`fract`] (kept below 1).
//!
//! The functions compute the node graph's arithmetic, which a GPU follows when the parameters
//! are run-time values. With literal parameters, TSL's defaults among them, GLSL compilers fold
//! constants (`· 1.0 + 0.0` vanishes, `(0.6616 · b) · amplitude` becomes
//! `(0.6616 · amplitude) · b`, a jitter of 1 drops out of `(c − 0.5) · 1 + 0.5`), which moves
//! some results by a few ulps (up to 128 where the pivot cancels); `tests/noise.rs` measures and
//! reproduces those too.
//!
//! - [`hash`]: [`hash_int`] (`mx_hash_int`, 1 to 5 ints), [`bjmix`], [`bjfinal`],
//!   [`bits_to_01`].
//! - [`perlin`]: [`perlin_noise_float_2d`]/[`_3d`](perlin_noise_float_3d) (scaled by 0.6616 and
//!   0.982), [`perlin_noise_vec3_2d`]/[`_3d`](perlin_noise_vec3_3d).
//! - [`cell`]: [`cell_noise_float_1d`] … [`cell_noise_float_4d`], [`cell_noise_vec3_1d`] …
//!   [`cell_noise_vec3_4d`].
//! - [`worley`]: [`worley_noise_float_2d`]/[`_3d`](worley_noise_float_3d) (`style`),
//!   [`worley_noise_vec2_2d`], [`worley_noise_vec3_3d`] and kin (`metric`; squared distances
//!   unless metric 0), [`worley_noise_vec3_style_2d`]/[`_3d`](worley_noise_vec3_style_3d).
//! - [`fractal`]: [`fractal_noise_float_3d`], [`fractal_noise_float_2d`],
//!   [`fractal_noise_vec2`], [`fractal_noise_vec3`], [`fractal_noise_vec4`].
//! - [`mod@pcg`]: [`pcg_hash`], TSL's `hash(seed)` (`src/nodes/math/Hash.js`, not MaterialX).
//! - [`mx`]: TSL's entry points from `MaterialXNodes.js` ([`mx_noise_float`],
//!   [`mx_worley_noise_vec3`], [`mx_fractal_noise_float`], …) with their input conversions:
//!   `mx_noise_float(vec2)` is 2D Perlin but `mx_fractal_noise_float(vec2)` and
//!   `mx_worley_noise_float(vec2)` are 3D at z = 0.

pub mod cell;
pub mod fractal;
pub mod hash;
pub mod mx;
pub mod pcg;
pub mod perlin;
pub mod worley;

pub use cell::*;
pub use fractal::*;
pub use hash::*;
pub use mx::*;
pub use pcg::*;
pub use perlin::*;
pub use worley::*;
