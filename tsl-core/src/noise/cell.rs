//! Cell noise: one hash per unit cell, `mx_cell_noise_float` and `mx_cell_noise_vec3`.

use super::hash::{bits_to_01, hash_int};
use super::perlin::mx_floor;

/// `mx_cell_noise_float(float p)`: `bits_to_01(hash(floor(p)))`.
///
/// Not reachable through TSL's `mx_cell_noise_float`, which converts a float to a vec2 first
/// (see [`mx_cell_noise_float`](super::mx_cell_noise_float)).
pub fn cell_noise_float_1d(p: f32) -> f32 {
    bits_to_01(hash_int([mx_floor(p)]))
}

/// `mx_cell_noise_float(vec2 p)`.
pub fn cell_noise_float_2d(p: [f32; 2]) -> f32 {
    bits_to_01(hash_int(p.map(mx_floor)))
}

/// `mx_cell_noise_float(vec3 p)`.
pub fn cell_noise_float_3d(p: [f32; 3]) -> f32 {
    bits_to_01(hash_int(p.map(mx_floor)))
}

/// `mx_cell_noise_float(vec4 p)`.
///
/// Not reachable through TSL's `mx_cell_noise_float`, which truncates a vec4 to its `.xy`.
pub fn cell_noise_float_4d(p: [f32; 4]) -> f32 {
    bits_to_01(hash_int(p.map(mx_floor)))
}

/// `mx_cell_noise_vec3(float p)`: `hash(ix, k)` for k = 0, 1, 2.
pub fn cell_noise_vec3_1d(p: f32) -> [f32; 3] {
    let ix = mx_floor(p);
    [0, 1, 2].map(|k| bits_to_01(hash_int([ix, k])))
}

/// `mx_cell_noise_vec3(vec2 p)`: `hash(ix, iy, k)` for k = 0, 1, 2.
pub fn cell_noise_vec3_2d(p: [f32; 2]) -> [f32; 3] {
    let [ix, iy] = p.map(mx_floor);
    [0, 1, 2].map(|k| bits_to_01(hash_int([ix, iy, k])))
}

/// `mx_cell_noise_vec3(vec3 p)`, also the private `mx_cell_noise_vec3_3d` that 3D Worley noise
/// uses: one `bjmix` of the cell, then `bjfinal(a + k, b, c)` for k = 0, 1, 2, which is
/// `hash(ix, iy, iz, k)`.
pub fn cell_noise_vec3_3d(p: [f32; 3]) -> [f32; 3] {
    let [ix, iy, iz] = p.map(mx_floor);
    [0, 1, 2].map(|k| bits_to_01(hash_int([ix, iy, iz, k])))
}

/// `mx_cell_noise_vec3(vec4 p)`: `bjfinal(a, b + k, c)` after the mix and `a += iw`, which is
/// `hash(ix, iy, iz, iw, k)`.
pub fn cell_noise_vec3_4d(p: [f32; 4]) -> [f32; 3] {
    let [ix, iy, iz, iw] = p.map(mx_floor);
    [0, 1, 2].map(|k| bits_to_01(hash_int([ix, iy, iz, iw, k])))
}
