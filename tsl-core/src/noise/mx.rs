//! The TSL entry points of `MaterialXNodes.js` (`mx_noise_float`, `mx_worley_noise_vec3`, …):
//! their input conversions, defaults and the `· amplitude + pivot` they add.

use super::cell::{
    cell_noise_float_2d, cell_noise_float_3d, cell_noise_vec3_2d, cell_noise_vec3_3d,
};
use super::fractal::{
    fractal_noise_float_3d, fractal_noise_vec2, fractal_noise_vec3, fractal_noise_vec4,
};
use super::perlin::{
    perlin_noise_float_2d, perlin_noise_float_3d, perlin_noise_vec3_2d, perlin_noise_vec3_3d,
};
use super::worley::{
    worley_noise_float_3d, worley_noise_vec2_2d, worley_noise_vec2_3d, worley_noise_vec3_2d,
    worley_noise_vec3_3d, worley_noise_vec3_style_2d, worley_noise_vec3_style_3d,
};

/// A point after `texcoord.convert('vec2|vec3')`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NoisePoint {
    /// Two components: the 2D noises run.
    D2([f32; 2]),
    /// Three components: the 3D noises run.
    D3([f32; 3]),
}

/// A texture coordinate as `MaterialXNodes.js` takes it, `texcoord.convert('vec2|vec3')`: the
/// type of the same length, else the first, vec2. So a float is splatted to `(x, x)` and a vec4
/// is cut to `.xy`.
pub trait Texcoord: Copy {
    /// The converted point.
    fn convert(self) -> NoisePoint;
}

impl Texcoord for f32 {
    fn convert(self) -> NoisePoint {
        NoisePoint::D2([self, self])
    }
}

impl Texcoord for [f32; 2] {
    fn convert(self) -> NoisePoint {
        NoisePoint::D2(self)
    }
}

impl Texcoord for [f32; 3] {
    fn convert(self) -> NoisePoint {
        NoisePoint::D3(self)
    }
}

impl Texcoord for [f32; 4] {
    fn convert(self) -> NoisePoint {
        NoisePoint::D2([self[0], self[1]])
    }
}

impl NoisePoint {
    /// As a `vec3` function parameter: a vec2 gets z = 0.
    fn to_vec3(self) -> [f32; 3] {
        match self {
            NoisePoint::D2([x, y]) => [x, y, 0.0],
            NoisePoint::D3(p) => p,
        }
    }
}

/// A position passed to a `vec3` parameter of a `Fn` (the fractal noises): a float is splatted,
/// a vec2 gets z = 0, a vec4 is cut to `.xyz`.
pub trait Position: Copy {
    /// The vec3.
    fn to_vec3(self) -> [f32; 3];
}

impl Position for f32 {
    fn to_vec3(self) -> [f32; 3] {
        [self; 3]
    }
}

impl Position for [f32; 2] {
    fn to_vec3(self) -> [f32; 3] {
        [self[0], self[1], 0.0]
    }
}

impl Position for [f32; 3] {
    fn to_vec3(self) -> [f32; 3] {
        self
    }
}

impl Position for [f32; 4] {
    fn to_vec3(self) -> [f32; 3] {
        [self[0], self[1], self[2]]
    }
}

/// `mx_noise_float(texcoord, amplitude = 1, pivot = 0)`: `perlin(texcoord) · amplitude + pivot`,
/// 2D Perlin (scale 0.6616) for a vec2 and 3D (scale 0.982) for a vec3. Two roundings, no FMA.
///
/// This is the node graph's arithmetic, which a GPU follows when amplitude and pivot are
/// run-time values (uniforms). With literals, as TSL's defaults are, GLSL compilers fold
/// constants: `· 1.0 + 0.0` disappears (so a −0 noise stays −0: call the Perlin function itself
/// for that) and `(0.6616 · b) · amplitude` becomes `(0.6616 · amplitude) · b`, tens of ulps away
/// (see `tools/oracle_probes/README.md`).
///
/// ```
/// use tsl_core::noise::mx_noise_float;
/// assert_eq!(mx_noise_float([3.7_f32, 1.2], 2.0, 0.5).to_bits(), 0x3f2d_2c58);
/// ```
pub fn mx_noise_float(texcoord: impl Texcoord, amplitude: f32, pivot: f32) -> f32 {
    let n = match texcoord.convert() {
        NoisePoint::D2(p) => perlin_noise_float_2d(p),
        NoisePoint::D3(p) => perlin_noise_float_3d(p),
    };
    n * amplitude + pivot
}

/// `mx_noise_vec3(texcoord, amplitude = 1, pivot = 0)`: `perlin_vec3(texcoord) · amplitude +
/// pivot`, per channel.
pub fn mx_noise_vec3(texcoord: impl Texcoord, amplitude: f32, pivot: f32) -> [f32; 3] {
    let n = match texcoord.convert() {
        NoisePoint::D2(p) => perlin_noise_vec3_2d(p),
        NoisePoint::D3(p) => perlin_noise_vec3_3d(p),
    };
    n.map(|v| v * amplitude + pivot)
}

/// The private `mx_perlin_noise_vec4` of `MaterialXNodes.js` on a vec2: xyz from
/// [`perlin_noise_vec3_2d`]`(p)`, w from [`perlin_noise_float_2d`]`(p + (19, 73))`.
pub fn perlin_noise_vec4_2d(p: [f32; 2]) -> [f32; 4] {
    let [x, y, z] = perlin_noise_vec3_2d(p);
    [x, y, z, perlin_noise_float_2d([p[0] + 19.0, p[1] + 73.0])]
}

/// `mx_perlin_noise_vec4` on a vec3: xyz from [`perlin_noise_vec3_3d`]`(p)`, w from
/// [`perlin_noise_float_3d`]`(p + (19, 73, 29))`.
pub fn perlin_noise_vec4_3d(p: [f32; 3]) -> [f32; 4] {
    let [x, y, z] = perlin_noise_vec3_3d(p);
    [
        x,
        y,
        z,
        perlin_noise_float_3d([p[0] + 19.0, p[1] + 73.0, p[2] + 29.0]),
    ]
}

/// `mx_noise_vec4(texcoord, amplitude = 1, pivot = 0)`: [`perlin_noise_vec4_2d`] or
/// [`perlin_noise_vec4_3d`], then `· amplitude + pivot` per channel.
pub fn mx_noise_vec4(texcoord: impl Texcoord, amplitude: f32, pivot: f32) -> [f32; 4] {
    let n = match texcoord.convert() {
        NoisePoint::D2(p) => perlin_noise_vec4_2d(p),
        NoisePoint::D3(p) => perlin_noise_vec4_3d(p),
    };
    n.map(|v| v * amplitude + pivot)
}

/// `mx_cell_noise_float(texcoord)`: 2D or 3D cell noise (a float input becomes `(x, x)`).
pub fn mx_cell_noise_float(texcoord: impl Texcoord) -> f32 {
    match texcoord.convert() {
        NoisePoint::D2(p) => cell_noise_float_2d(p),
        NoisePoint::D3(p) => cell_noise_float_3d(p),
    }
}

/// `mx_cell_noise_vec3(texcoord)`: 2D or 3D vec3 cell noise.
pub fn mx_cell_noise_vec3(texcoord: impl Texcoord) -> [f32; 3] {
    match texcoord.convert() {
        NoisePoint::D2(p) => cell_noise_vec3_2d(p),
        NoisePoint::D3(p) => cell_noise_vec3_3d(p),
    }
}

/// `mx_worley_noise_float(texcoord, jitter = 1, style = 0)`: always the **3D** Worley noise; a
/// vec2 gets z = 0.
pub fn mx_worley_noise_float(texcoord: impl Texcoord, jitter: f32, style: u32) -> f32 {
    worley_noise_float_3d(texcoord.convert().to_vec3(), jitter, style)
}

/// `mx_worley_noise_vec2(texcoord, jitter = 1)`: the two nearest **squared** distances (three.js
/// passes metric 1).
pub fn mx_worley_noise_vec2(texcoord: impl Texcoord, jitter: f32) -> [f32; 2] {
    match texcoord.convert() {
        NoisePoint::D2(p) => worley_noise_vec2_2d(p, jitter, 1),
        NoisePoint::D3(p) => worley_noise_vec2_3d(p, jitter, 1),
    }
}

/// `mx_worley_noise_vec3(texcoord, jitter = 1, metric = 1)`: the three nearest distances under
/// `metric` (the default 1 gives squared distances).
pub fn mx_worley_noise_vec3(texcoord: impl Texcoord, jitter: f32, metric: u32) -> [f32; 3] {
    match texcoord.convert() {
        NoisePoint::D2(p) => worley_noise_vec3_2d(p, jitter, metric),
        NoisePoint::D3(p) => worley_noise_vec3_3d(p, jitter, metric),
    }
}

/// `mx_worley_noise_vec3_style(texcoord, jitter = 1, style = 0, metric = 0)`.
pub fn mx_worley_noise_vec3_style(
    texcoord: impl Texcoord,
    jitter: f32,
    style: u32,
    metric: u32,
) -> [f32; 3] {
    match texcoord.convert() {
        NoisePoint::D2(p) => worley_noise_vec3_style_2d(p, jitter, style, metric),
        NoisePoint::D3(p) => worley_noise_vec3_style_3d(p, jitter, style, metric),
    }
}

/// `mx_fractal_noise_float(position, octaves = 3, lacunarity = 2, diminish = 0.5, amplitude =
/// 1)`: always the **3D** fractal; a vec2 gets z = 0, so `mx_fractal_noise_float(uv())` is 3D
/// Perlin (scale 0.982) at z = 0.
///
/// ```
/// use tsl_core::noise::mx_fractal_noise_float;
/// assert_eq!(mx_fractal_noise_float([0.5_f32, 0.25], 3, 2.0, 0.5, 1.0).to_bits(), 0xbec0_d71b);
/// ```
pub fn mx_fractal_noise_float(
    position: impl Position,
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> f32 {
    fractal_noise_float_3d(position.to_vec3(), octaves, lacunarity, diminish, amplitude)
}

/// `mx_fractal_noise_vec2(position, 3, 2, 0.5, 1)`.
pub fn mx_fractal_noise_vec2(
    position: impl Position,
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> [f32; 2] {
    fractal_noise_vec2(position.to_vec3(), octaves, lacunarity, diminish, amplitude)
}

/// `mx_fractal_noise_vec3(position, 3, 2, 0.5, 1)`.
pub fn mx_fractal_noise_vec3(
    position: impl Position,
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> [f32; 3] {
    fractal_noise_vec3(position.to_vec3(), octaves, lacunarity, diminish, amplitude)
}

/// `mx_fractal_noise_vec4(position, 3, 2, 0.5, 1)`.
pub fn mx_fractal_noise_vec4(
    position: impl Position,
    octaves: u32,
    lacunarity: f32,
    diminish: f32,
    amplitude: f32,
) -> [f32; 4] {
    fractal_noise_vec4(position.to_vec3(), octaves, lacunarity, diminish, amplitude)
}
