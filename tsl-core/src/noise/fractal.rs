//! Fractal (fBm) sums of Perlin noise: `mx_fractal_noise_float`, `_float_2d`, `_vec2`, `_vec3`
//! and `_vec4`, with TSL's final `· amplitude`.
//!
//! Each octave: `result += amp · noise(p); amp *= diminish; p *= lacunarity`, starting from
//! `result = 0`, `amp = 1`. `amplitude` multiplies the finished sum; it is not the starting
//! amplitude.

use super::perlin::{perlin_noise_float_2d, perlin_noise_float_3d, perlin_noise_vec3_3d};

/// The offset three.js adds for the second fractal of `_vec2` and the fourth channel of `_vec4`.
const OFFSET: [f32; 3] = [19.0, 193.0, 17.0];

/// The octave loop on any vector of `D` floats and any noise of `C` channels.
fn fbm<const D: usize, const C: usize>(
    mut p: [f32; D],
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    noise: impl Fn([f32; D]) -> [f32; C],
) -> [f32; C] {
    let mut result = [0.0; C];
    let mut amp = 1.0_f32;
    for _ in 0..octaves {
        let n = noise(p);
        for (r, v) in result.iter_mut().zip(n) {
            *r += amp * v;
        }
        amp *= diminish;
        p = p.map(|v| v * lacunarity);
    }
    result
}

fn add3(p: [f32; 3], q: [f32; 3]) -> [f32; 3] {
    [p[0] + q[0], p[1] + q[1], p[2] + q[2]]
}

/// `mx_fractal_noise_float(vec3 p, octaves, lacunarity, diminish) · amplitude`: fractal 3D
/// Perlin. TSL's defaults are 3, 2, 0.5, 1; TSL casts a vec2 input to `(x, y, 0)`.
pub fn fractal_noise_float_3d(
    p: [f32; 3],
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> f32 {
    let [r] = fbm(p, octaves, lacunarity, diminish, |q| {
        [perlin_noise_float_3d(q)]
    });
    r * amplitude
}

/// `mx_fractal_noise_float_2d(vec2 p, …) · amplitude`: fractal 2D Perlin (scale 0.6616).
pub fn fractal_noise_float_2d(
    p: [f32; 2],
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> f32 {
    let [r] = fbm(p, octaves, lacunarity, diminish, |q| {
        [perlin_noise_float_2d(q)]
    });
    r * amplitude
}

/// `mx_fractal_noise_vec2(vec3 p, …) · amplitude`: the float fractal at `p` and at
/// `p + (19, 193, 17)`.
pub fn fractal_noise_vec2(
    p: [f32; 3],
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> [f32; 2] {
    [p, add3(p, OFFSET)]
        .map(|q| fractal_noise_float_3d(q, octaves, lacunarity, diminish, amplitude))
}

/// `mx_fractal_noise_vec3(vec3 p, …) · amplitude`: fractal sum of 3D `perlin_noise_vec3`.
pub fn fractal_noise_vec3(
    p: [f32; 3],
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> [f32; 3] {
    fbm(p, octaves, lacunarity, diminish, perlin_noise_vec3_3d).map(|v| v * amplitude)
}

/// `mx_fractal_noise_vec4(vec3 p, …) · amplitude`: [`fractal_noise_vec3`] at `p` and the float
/// fractal at `p + (19, 193, 17)`.
pub fn fractal_noise_vec4(
    p: [f32; 3],
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> [f32; 4] {
    let [x, y, z] = fractal_noise_vec3(p, octaves, lacunarity, diminish, amplitude);
    let w = fractal_noise_float_3d(add3(p, OFFSET), octaves, lacunarity, diminish, amplitude);
    [x, y, z, w]
}
