//! The MaterialX noise nodes of R-NOISE (docs/requirements.md), with three.js's conversions and
//! defaults (`src/nodes/materialx/MaterialXNodes.js`). Each noise is one instruction computed by
//! [`crate::noise`]; the wrappers add three.js's `* amplitude + pivot` and octave loop as nodes, in
//! three.js's order, so the values are bit for bit three.js's. Also TSL's `hash` (one
//! instruction) and the unified noises with the MaterialX rotations they turn their point by.

use super::{BuildError, BuildErrorKind, NodeGraph, NodeRef};
use crate::opcode::Opcode;
use crate::types::ValueType;

/// The most octaves a fractal noise unrolls.
pub const MAX_OCTAVES: u32 = 64;

impl NodeGraph {
    /// `texcoord.convert('vec2|vec3')`: a float becomes `(x, x)`, a vec4 its `.xy`.
    fn noise_texcoord(&self, p: NodeRef) -> NodeRef {
        match self.type_of(p) {
            Some(ValueType::Float) => self.join(&[p, p]),
            Some(ValueType::Vec4) => self.swizzle(p, "xy"),
            _ => p,
        }
    }

    /// A position given to a vec3 parameter: a float is repeated, a vec2 gets z = 0.
    fn noise_position(&self, p: NodeRef) -> NodeRef {
        match self.type_of(p) {
            Some(ValueType::Float) => self.join(&[p, p, p]),
            Some(ValueType::Vec2) => self.join(&[p, self.float(0.0)]),
            Some(ValueType::Vec4) => self.swizzle(p, "xyz"),
            _ => p,
        }
    }

    /// TSL's `hash(seed)` (`src/nodes/math/Hash.js`): the PCG hash of `uint(seed)` scaled to
    /// [0, 1] ([`crate::noise::pcg_hash`]; a seed below 0, at or above 2³², or NaN hashes as 0, as
    /// the oracle's GPU gives). A vector seed is hashed per component (three.js takes a float).
    pub fn hash(&self, seed: NodeRef) -> NodeRef {
        self.math(Opcode::Hash, &[seed])
    }

    /// three.js's `mx_perlin_noise_float(p)`: gradient noise of a vec2 or vec3 point.
    pub fn perlin_noise(&self, p: NodeRef) -> NodeRef {
        self.math(Opcode::PerlinFloat, &[p])
    }

    /// three.js's `mx_perlin_noise_vec3(p)`: three channels of gradient noise.
    pub fn perlin_noise_vec3(&self, p: NodeRef) -> NodeRef {
        self.math(Opcode::PerlinVec3, &[p])
    }

    /// three.js's `mx_noise_float(texcoord, amplitude, pivot)`: `perlin_noise(texcoord) *
    /// amplitude + pivot` (TSL's defaults are `uv()`, 1 and 0).
    pub fn mx_noise_float(&self, texcoord: NodeRef, amplitude: NodeRef, pivot: NodeRef) -> NodeRef {
        let n = self.perlin_noise(self.noise_texcoord(texcoord));
        self.add(self.mul(n, amplitude), pivot)
    }

    /// three.js's `mx_noise_vec3(texcoord, amplitude, pivot)`.
    pub fn mx_noise_vec3(&self, texcoord: NodeRef, amplitude: NodeRef, pivot: NodeRef) -> NodeRef {
        let n = self.perlin_noise_vec3(self.noise_texcoord(texcoord));
        self.add(self.mul(n, amplitude), pivot)
    }

    /// three.js's `mx_noise_vec4(texcoord, amplitude, pivot)`: xyz from `perlin_noise_vec3(p)`, w
    /// from `perlin_noise(p + (19, 73))` (a vec3 point adds (19, 73, 29)).
    pub fn mx_noise_vec4(&self, texcoord: NodeRef, amplitude: NodeRef, pivot: NodeRef) -> NodeRef {
        let p = self.noise_texcoord(texcoord);
        let offset = match self.type_of(p) {
            Some(ValueType::Vec3) => self.vec3(19.0, 73.0, 29.0),
            _ => self.vec2(19.0, 73.0),
        };
        let w = self.perlin_noise(self.add(p, offset));
        let n = self.join(&[self.perlin_noise_vec3(p), w]);
        self.add(self.mul(n, amplitude), pivot)
    }

    /// MaterialX's `mx_cell_noise_float` of a float, vec2, vec3 or vec4 point as it is (three.js's
    /// TSL wrapper converts every point to a vec2 or vec3; see [`NodeGraph::mx_cell_noise_float`]).
    pub fn cell_noise(&self, p: NodeRef) -> NodeRef {
        self.math(Opcode::CellFloat, &[p])
    }

    /// MaterialX's `mx_cell_noise_vec3` of a float to a vec4 point: three values per unit cell.
    pub fn cell_noise_vec3(&self, p: NodeRef) -> NodeRef {
        self.math(Opcode::CellVec3, &[p])
    }

    /// three.js's `mx_cell_noise_float(texcoord)`: one value per unit cell, in [0, 1).
    pub fn mx_cell_noise_float(&self, texcoord: NodeRef) -> NodeRef {
        self.math(Opcode::CellFloat, &[self.noise_texcoord(texcoord)])
    }

    /// three.js's `mx_cell_noise_vec3(texcoord)`: three values in [0, 1) per unit cell (a float
    /// texcoord becomes `(x, x)`, a vec4 its `.xy`).
    pub fn mx_cell_noise_vec3(&self, texcoord: NodeRef) -> NodeRef {
        self.math(Opcode::CellVec3, &[self.noise_texcoord(texcoord)])
    }

    /// three.js's `mx_worley_noise_float(texcoord, jitter, style)`: the distance to the nearest
    /// feature point, or for style 1 the cell noise there; always the 3D noise (a vec2 gets
    /// z = 0). TSL's defaults are `uv()`, 1 and 0. `style` is read as three.js's `int(style)`
    /// ([`crate::noise::worley_style`]).
    pub fn mx_worley_noise_float(
        &self,
        texcoord: NodeRef,
        jitter: NodeRef,
        style: NodeRef,
    ) -> NodeRef {
        self.mx_worley_noise_float_3d(self.noise_texcoord(texcoord), jitter, style)
    }

    /// three.js's `mx_worley_noise_float_2d(texcoord, jitter, style)`: the 2D Worley noise
    /// (a float is repeated, a vec3 or vec4 gives its `.xy`). TSL's defaults are `uv()`, 1, 0.
    pub fn mx_worley_noise_float_2d(
        &self,
        texcoord: NodeRef,
        jitter: NodeRef,
        style: NodeRef,
    ) -> NodeRef {
        let p = self.noise_vec2(texcoord);
        self.math(Opcode::WorleyFloat, &[p, jitter, style])
    }

    /// three.js's `mx_worley_noise_float_3d(texcoord, jitter, style)`: the 3D Worley noise (a
    /// float is repeated, a vec2 gets z = 0). TSL's defaults are `uv()`, 1, 0.
    pub fn mx_worley_noise_float_3d(
        &self,
        texcoord: NodeRef,
        jitter: NodeRef,
        style: NodeRef,
    ) -> NodeRef {
        let p = self.noise_position(texcoord);
        self.math(Opcode::WorleyFloat, &[p, jitter, style])
    }

    /// three.js's `mx_worley_noise_vec2(texcoord, jitter)`: the two nearest squared distances
    /// (three.js passes metric 1). TSL's defaults are `uv()` and 1.
    pub fn mx_worley_noise_vec2(&self, texcoord: NodeRef, jitter: NodeRef) -> NodeRef {
        let p = self.noise_texcoord(texcoord);
        self.math(Opcode::WorleyVec2, &[p, jitter, self.float(1.0)])
    }

    /// three.js's `mx_worley_noise_vec3(texcoord, jitter, metric)`: the three nearest
    /// distances under `metric` (0 Euclidean, 1 squared Euclidean, 2 Manhattan, 3 Chebyshev;
    /// [`crate::noise::worley_metric`]). TSL's defaults are `uv()`, 1 and 1.
    pub fn mx_worley_noise_vec3(
        &self,
        texcoord: NodeRef,
        jitter: NodeRef,
        metric: NodeRef,
    ) -> NodeRef {
        let p = self.noise_texcoord(texcoord);
        self.math(Opcode::WorleyVec3, &[p, jitter, metric])
    }

    /// three.js's `mx_worley_noise_vec3_style(texcoord, jitter, style, metric)`: for style 1 the
    /// vec3 cell noise at the nearest feature point (nearest by `metric`), else
    /// [`NodeGraph::mx_worley_noise_vec3`]. TSL's defaults are `uv()`, 1, 0 and 0. A style that
    /// is not a constant computes both and selects.
    pub fn mx_worley_noise_vec3_style(
        &self,
        texcoord: NodeRef,
        jitter: NodeRef,
        style: NodeRef,
        metric: NodeRef,
    ) -> NodeRef {
        let p = self.noise_texcoord(texcoord);
        let cell = || self.math(Opcode::WorleyCellVec3, &[p, jitter, metric]);
        let distances = || self.math(Opcode::WorleyVec3, &[p, jitter, metric]);
        match self.constant_float(style) {
            Some(s) if crate::noise::worley_style(s) == 1 => cell(),
            Some(_) => distances(),
            None => {
                // three.js's `int(style) == 1`: 1 <= style < 2.
                let low = self.greater_than_equal(style, self.float(1.0));
                let high = self.less_than(style, self.float(2.0));
                self.select(self.logical_and(low, high), cell(), distances())
            }
        }
    }

    /// The value of a constant float node; `None` for anything else.
    fn constant_float(&self, node: NodeRef) -> Option<f32> {
        let index = self.resolve(node).ok()?;
        match self.parts.borrow().nodes[index as usize].op {
            super::Op::Constant {
                ty: ValueType::Float,
                value,
            } => Some(value[0]),
            _ => None,
        }
    }

    /// A point given to a `vec2` parameter: a float is repeated, a vec3 or vec4 gives its `.xy`.
    fn noise_vec2(&self, p: NodeRef) -> NodeRef {
        match self.type_of(p) {
            Some(ValueType::Vec3) => self.swizzle(p, "xy"),
            _ => self.noise_texcoord(p),
        }
    }

    /// The octave loop of MaterialX's fractal noises, unrolled: `octaves` times
    /// `result += amp * noise(p); amp *= diminish; p *= lacunarity`, from `result = 0` (of the
    /// noise's width) and `amp = 1`, then `result * amplitude` (TSL's wrapper). Refuses more than
    /// [`MAX_OCTAVES`] octaves, naming `function`.
    fn fractal(
        &self,
        function: &'static str,
        mut p: NodeRef,
        params: FractalParams,
        noise: Opcode,
    ) -> NodeRef {
        if params.octaves > MAX_OCTAVES {
            let octaves = params.octaves;
            self.refuse(BuildError::new(
                function,
                BuildErrorKind::Octaves { octaves },
            ));
            return self.refused();
        }
        let mut result = match noise.noise_output() {
            Some(3) => self.vec3(0.0, 0.0, 0.0),
            _ => self.float(0.0),
        };
        let mut amp = self.float(1.0);
        for _ in 0..params.octaves {
            result = self.add(result, self.mul(amp, self.math(noise, &[p])));
            amp = self.mul(amp, params.diminish);
            p = self.mul(p, params.lacunarity);
        }
        self.mul(result, params.amplitude)
    }

    /// three.js's `mx_fractal_noise_float(position, octaves, lacunarity, diminish, amplitude)`:
    /// `octaves` times `result += amp * perlin_noise(p); amp *= diminish; p *= lacunarity`, from
    /// `result = 0` and `amp = 1`, then `result * amplitude`. A vec2 position gets z = 0, as
    /// three.js converts it. TSL's defaults are 3, 2, 0.5 and 1. Refuses more than
    /// [`MAX_OCTAVES`] octaves.
    pub fn mx_fractal_noise_float(
        &self,
        position: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        amplitude: NodeRef,
    ) -> NodeRef {
        let params = FractalParams::new(octaves, lacunarity, diminish, amplitude);
        let p = self.noise_position(position);
        self.fractal("mx_fractal_noise_float", p, params, Opcode::PerlinFloat)
    }

    /// three.js's `mx_fractal_noise_float_2d(texcoord, octaves, lacunarity, diminish,
    /// amplitude)`: the fractal of the **2D** Perlin noise (a float texcoord is repeated, a vec3
    /// or vec4 gives its `.xy`). TSL's defaults are 3, 2, 0.5 and 1.
    pub fn mx_fractal_noise_float_2d(
        &self,
        texcoord: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        amplitude: NodeRef,
    ) -> NodeRef {
        let params = FractalParams::new(octaves, lacunarity, diminish, amplitude);
        let p = self.noise_vec2(texcoord);
        self.fractal("mx_fractal_noise_float_2d", p, params, Opcode::PerlinFloat)
    }

    /// three.js's `mx_fractal_noise_vec2(position, octaves, lacunarity, diminish, amplitude)`:
    /// the float fractal at `p` and at `p + (19, 193, 17)` (a vec2 position gets z = 0), each
    /// times `amplitude`. TSL's defaults are 3, 2, 0.5 and 1.
    pub fn mx_fractal_noise_vec2(
        &self,
        position: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        amplitude: NodeRef,
    ) -> NodeRef {
        let params = FractalParams::new(octaves, lacunarity, diminish, amplitude);
        let p = self.noise_position(position);
        self.fractal_parts("mx_fractal_noise_vec2", p, params, &FRACTAL_VEC2)
    }

    /// three.js's `mx_fractal_noise_vec3(position, octaves, lacunarity, diminish, amplitude)`:
    /// the fractal of `perlin_noise_vec3` (a vec2 position gets z = 0). TSL's defaults are 3, 2,
    /// 0.5 and 1.
    pub fn mx_fractal_noise_vec3(
        &self,
        position: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        amplitude: NodeRef,
    ) -> NodeRef {
        let params = FractalParams::new(octaves, lacunarity, diminish, amplitude);
        let p = self.noise_position(position);
        self.fractal("mx_fractal_noise_vec3", p, params, Opcode::PerlinVec3)
    }

    /// three.js's `mx_fractal_noise_vec4(position, octaves, lacunarity, diminish, amplitude)`:
    /// xyz from [`NodeGraph::mx_fractal_noise_vec3`], w the float fractal at
    /// `p + (19, 193, 17)`. TSL's defaults are 3, 2, 0.5 and 1.
    pub fn mx_fractal_noise_vec4(
        &self,
        position: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        amplitude: NodeRef,
    ) -> NodeRef {
        let params = FractalParams::new(octaves, lacunarity, diminish, amplitude);
        let p = self.noise_position(position);
        self.fractal_parts("mx_fractal_noise_vec4", p, params, &FRACTAL_VEC4)
    }

    /// three.js's `mx_unifiednoise2d(noiseType, texcoord, freq, offset, jitter, outmin, outmax,
    /// clampoutput, octaves, lacunarity, diminish, style)`: one of four 2D noises of
    /// `texcoord · freq + offset`, mapped to `[outmin, outmax]`. Noise type 0 is Perlin (scaled to
    /// `· 0.5 + 0.5`), 1 cell, 2 `mx_worley_noise_float_2d`, 3 the 3D fractal at
    /// `(p, (jitter − 1) · 90000)`; any other gives 0. Perlin and cell read the point rotated by
    /// `(jitter − 1) · 90000` degrees ([`NodeGraph::mx_rotate2d`]). `clampoutput` equal to 1
    /// clamps. TSL's defaults after the type are `uv()`, `(1, 1)`, `(0, 0)`, 1, 0, 1, 0 (false),
    /// 1, 2, 0.5 and 0. A noise type that is not a constant computes every noise and selects.
    #[allow(clippy::too_many_arguments)] // three.js's twelve arguments, in its order
    pub fn mx_unifiednoise2d(
        &self,
        noise_type: NodeRef,
        texcoord: NodeRef,
        freq: NodeRef,
        offset: NodeRef,
        jitter: NodeRef,
        outmin: NodeRef,
        outmax: NodeRef,
        clamp_output: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        style: NodeRef,
    ) -> NodeRef {
        let p = self.add(self.mul(self.noise_vec2(texcoord), freq), offset);
        let turn = self.mul(self.sub(jitter, self.float(1.0)), self.float(90000.0));
        let rotated = self.mx_rotate2d(p, turn);
        let params = FractalParams::new(octaves, lacunarity, diminish, self.float(1.0));
        let kinds: [&dyn Fn() -> NodeRef; 4] = [
            &|| self.perlin_scaled(rotated),
            &|| self.math(Opcode::CellFloat, &[rotated]),
            &|| self.math(Opcode::WorleyFloat, &[p, jitter, style]),
            &|| {
                let q = self.join(&[p, turn]);
                self.fractal("mx_unifiednoise2d", q, params, Opcode::PerlinFloat)
            },
        ];
        let result = self.noise_of_type(noise_type, &kinds, self.float(0.0));
        self.unified_range(result, outmin, outmax, clamp_output)
    }

    /// three.js's `mx_unifiednoise3d(noiseType, position, freq, offset, jitter, outmin, outmax,
    /// clampoutput, octaves, lacunarity, diminish, style)`: as
    /// [`NodeGraph::mx_unifiednoise2d`] in 3D: Perlin, cell and the fractal read the point
    /// rotated about `(0.1, 1, 0)` ([`NodeGraph::mx_rotate3d`]), Worley is
    /// `mx_worley_noise_float_3d`, and a noise type outside 0 to 3 gives the Perlin noise. TSL's
    /// defaults after the type are `uv()`, `(1, 1, 1)`, `(0, 0, 0)`, 1, 0, 1, 0, 1, 2, 0.5, 0.
    #[allow(clippy::too_many_arguments)] // three.js's twelve arguments, in its order
    pub fn mx_unifiednoise3d(
        &self,
        noise_type: NodeRef,
        position: NodeRef,
        freq: NodeRef,
        offset: NodeRef,
        jitter: NodeRef,
        outmin: NodeRef,
        outmax: NodeRef,
        clamp_output: NodeRef,
        octaves: u32,
        lacunarity: NodeRef,
        diminish: NodeRef,
        style: NodeRef,
    ) -> NodeRef {
        let p = self.add(self.mul(self.noise_position(position), freq), offset);
        let turn = self.mul(self.sub(jitter, self.float(1.0)), self.float(90000.0));
        let rotated = self.mx_rotate3d(p, turn, self.vec3(0.1, 1.0, 0.0));
        let params = FractalParams::new(octaves, lacunarity, diminish, self.float(1.0));
        let perlin = || self.perlin_scaled(rotated);
        let kinds: [&dyn Fn() -> NodeRef; 4] = [
            &perlin,
            &|| self.math(Opcode::CellFloat, &[rotated]),
            &|| self.math(Opcode::WorleyFloat, &[p, jitter, style]),
            &|| self.fractal("mx_unifiednoise3d", rotated, params, Opcode::PerlinFloat),
        ];
        let result = self.noise_of_type(noise_type, &kinds, perlin());
        self.unified_range(result, outmin, outmax, clamp_output)
    }

    /// `mx_perlin_noise_float_scaled(p, 0.5, 0.5)`: `perlin_noise(p) · 0.5 + 0.5`.
    fn perlin_scaled(&self, p: NodeRef) -> NodeRef {
        let half = self.float(0.5);
        self.add(self.mul(self.perlin_noise(p), half), half)
    }

    /// The unified noises' `If( noiseType.equal( k ) )` chain: `kinds[k]` where `int(noise_type)`
    /// is `k`, else `otherwise`. A constant type builds its one noise; a run-time one selects.
    fn noise_of_type(
        &self,
        noise_type: NodeRef,
        kinds: &[&dyn Fn() -> NodeRef; 4],
        otherwise: NodeRef,
    ) -> NodeRef {
        if let Some(t) = self.constant_float(noise_type) {
            return (0..4)
                .find(|&k| int_is(t, k))
                .map_or(otherwise, |k| kinds[k as usize]());
        }
        let mut result = otherwise;
        for (k, kind) in kinds.iter().enumerate() {
            // int(t) == k: k <= t < k + 1, or -1 < t < 1 for 0 (truncation toward zero).
            let low = if k == 0 { -1.0 } else { k as f32 };
            let above = if k == 0 {
                self.greater_than(noise_type, self.float(low))
            } else {
                self.greater_than_equal(noise_type, self.float(low))
            };
            let below = self.less_than(noise_type, self.float(k as f32 + 1.0));
            result = self.select(self.logical_and(above, below), kind(), result);
        }
        result
    }

    /// `outmin + result · (outmax − outmin)`, clamped to `[outmin, outmax]` where
    /// `clamp_output == 1`.
    fn unified_range(
        &self,
        result: NodeRef,
        outmin: NodeRef,
        outmax: NodeRef,
        clamp_output: NodeRef,
    ) -> NodeRef {
        let ranged = self.add(outmin, self.mul(result, self.sub(outmax, outmin)));
        match self.constant_float(clamp_output) {
            Some(1.0) => self.clamp(ranged, outmin, outmax),
            Some(_) => ranged,
            None => {
                let on = self.equal(clamp_output, self.float(1.0));
                self.select(on, self.clamp(ranged, outmin, outmax), ranged)
            }
        }
    }

    /// The offset of the second fractal of `_vec2` and the fourth channel of `_vec4`.
    fn fractal_offset(&self) -> NodeRef {
        self.vec3(19.0, 193.0, 17.0)
    }

    /// A fractal noise of several parts, joined: each part sums `noise` at the position or, where
    /// it says so, at the position moved by (19, 193, 17), as three.js's vector fractals do.
    fn fractal_parts(
        &self,
        function: &'static str,
        p: NodeRef,
        params: FractalParams,
        parts: &[FractalPart],
    ) -> NodeRef {
        let shifted = self.add(p, self.fractal_offset());
        let sums: Vec<NodeRef> = parts
            .iter()
            .map(|part| {
                let at = if part.shifted { shifted } else { p };
                self.fractal(function, at, params, part.noise)
            })
            .collect();
        self.join(&sums)
    }
}

/// One part of a vector fractal noise ([`NodeGraph::fractal_parts`]).
struct FractalPart {
    /// Read at the position moved by (19, 193, 17).
    shifted: bool,
    /// The Perlin noise summed.
    noise: Opcode,
}

/// `mx_fractal_noise_vec2`: the float fractal at the position and at the moved position.
const FRACTAL_VEC2: [FractalPart; 2] = [
    FractalPart {
        shifted: false,
        noise: Opcode::PerlinFloat,
    },
    FractalPart {
        shifted: true,
        noise: Opcode::PerlinFloat,
    },
];

/// `mx_fractal_noise_vec4`: the vec3 fractal at the position, the float one at the moved position.
const FRACTAL_VEC4: [FractalPart; 2] = [
    FractalPart {
        shifted: false,
        noise: Opcode::PerlinVec3,
    },
    FractalPart {
        shifted: true,
        noise: Opcode::PerlinFloat,
    },
];

/// Whether `int(t)` (truncation toward zero) is `k`.
fn int_is(t: f32, k: u32) -> bool {
    t.trunc() == k as f32
}

/// The parameters of a fractal noise after the point.
#[derive(Clone, Copy)]
struct FractalParams {
    octaves: u32,
    lacunarity: NodeRef,
    diminish: NodeRef,
    amplitude: NodeRef,
}

impl FractalParams {
    fn new(octaves: u32, lacunarity: NodeRef, diminish: NodeRef, amplitude: NodeRef) -> Self {
        Self {
            octaves,
            lacunarity,
            diminish,
            amplitude,
        }
    }
}
