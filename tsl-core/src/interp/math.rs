//! The math operations over lanes, each defined as GLSL ES 3.00 (and R-MATH, docs/requirements.md)
//! defines it.

use super::{Comp, Operand, Src};
use crate::opcode::Opcode;
use multiversion::multiversion;

/// GLSL `min` (`y < x ? y : x`), but a NaN operand gives the other operand, as GPUs measurably do
/// (R-MATH-13: Mesa's llvmpipe for either operand, SwiftShader for the first); NaN only where both
/// are NaN.
#[inline(always)]
pub fn min(x: f32, y: f32) -> f32 {
    if y < x || x.is_nan() {
        y
    } else {
        x
    }
}

/// GLSL `max` (`x < y ? y : x`), a NaN operand giving the other operand as [`min`] does
/// (R-MATH-13).
#[inline(always)]
pub fn max(x: f32, y: f32) -> f32 {
    if x < y || x.is_nan() {
        y
    } else {
        x
    }
}

/// GLSL `clamp`: `min(max(x, low), high)`.
#[inline(always)]
pub fn clamp(x: f32, low: f32, high: f32) -> f32 {
    min(max(x, low), high)
}

/// GLSL `sign`: 1, -1, or the zero itself.
#[inline(always)]
fn sign(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        x
    }
}

#[inline(always)]
fn truth(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// The Hermite cubic of GLSL; with equal edges the quotient is ±inf or NaN and the NaN-ignoring
/// clamp makes it 0 at or below the edge and 1 above it, as GPUs give (R-MATH-13).
#[inline(always)]
fn smoothstep(low: f32, high: f32, x: f32) -> f32 {
    let t = clamp((x - low) / (high - low), 0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// One operand component as a lane kernel reads it: a lane array, or one value for every lane.
/// Each kernel is compiled once per combination of its operands' kinds, so a broadcast value is
/// read as a scalar inside a loop that still vectorizes.
trait Input: Copy {
    fn get(self, l: usize) -> f32;
}

impl<const N: usize> Input for &[f32; N] {
    #[inline(always)]
    fn get(self, l: usize) -> f32 {
        self[l]
    }
}

impl Input for f32 {
    #[inline(always)]
    fn get(self, _: usize) -> f32 {
        self
    }
}

/// Run `$body` with `$x` bound to the component `$comp` as an [`Input`]: once for a lane array and
/// once for a broadcast value, so the body is compiled for each kind.
macro_rules! with_input {
    ($comp:expr, $x:ident => $body:expr) => {
        match $comp {
            Comp::Lanes($x) => $body,
            Comp::Splat($x) => $body,
        }
    };
}

#[inline(always)]
fn lanes1<const N: usize>(out: &mut [f32; N], a: impl Input, f: &impl Fn(f32) -> f32) {
    for (l, o) in out.iter_mut().enumerate() {
        *o = f(a.get(l));
    }
}

#[inline(always)]
fn lanes2<const N: usize>(
    out: &mut [f32; N],
    a: impl Input,
    b: impl Input,
    f: &impl Fn(f32, f32) -> f32,
) {
    for (l, o) in out.iter_mut().enumerate() {
        *o = f(a.get(l), b.get(l));
    }
}

#[inline(always)]
fn lanes3<const N: usize>(
    out: &mut [f32; N],
    a: impl Input,
    b: impl Input,
    c: impl Input,
    f: &impl Fn(f32, f32, f32) -> f32,
) {
    for (l, o) in out.iter_mut().enumerate() {
        *o = f(a.get(l), b.get(l), c.get(l));
    }
}

#[inline(always)]
fn map1<'a, const N: usize>(
    d: &mut [[f32; N]; 4],
    w: usize,
    a: impl Operand<'a, N>,
    f: impl Fn(f32) -> f32,
) {
    for (k, out) in d.iter_mut().enumerate().take(w) {
        with_input!(a.at(k), x => lanes1(out, x, &f));
    }
}

#[inline(always)]
fn map2<'a, const N: usize>(
    d: &mut [[f32; N]; 4],
    w: usize,
    a: impl Operand<'a, N>,
    b: impl Operand<'a, N>,
    f: impl Fn(f32, f32) -> f32,
) {
    for (k, out) in d.iter_mut().enumerate().take(w) {
        with_input!(a.at(k), x => with_input!(b.at(k), y => lanes2(out, x, y, &f)));
    }
}

#[inline(always)]
fn map3<'a, const N: usize>(
    d: &mut [[f32; N]; 4],
    w: usize,
    a: impl Operand<'a, N>,
    b: impl Operand<'a, N>,
    c: impl Operand<'a, N>,
    f: impl Fn(f32, f32, f32) -> f32,
) {
    for (k, out) in d.iter_mut().enumerate().take(w) {
        with_input!(a.at(k), x => with_input!(b.at(k), y => with_input!(c.at(k), z => {
            lanes3(out, x, y, z, &f)
        })));
    }
}

/// `dot(a, b)` of `w` components, per lane, summed in component order.
#[inline(always)]
fn dot<'a, const N: usize>(w: usize, a: impl Operand<'a, N>, b: impl Operand<'a, N>) -> [f32; N] {
    let mut sum = [0.0; N];
    for k in 0..w {
        with_input!(a.at(k), x => with_input!(b.at(k), y => {
            for (l, s) in sum.iter_mut().enumerate() {
                *s += x.get(l) * y.get(l);
            }
        }));
    }
    sum
}

/// Run a math instruction: `w` components of `d` from the operands.
///
/// The common operations read each operand component as a lane array or a broadcast value; the
/// rest read lane arrays, the broadcast ones filled into `scratch` first.
///
/// Compiled for baseline x86-64 and again for AVX2, chosen at run time by the CPU (`multiversion`
/// keeps the `unsafe` call of a `target_feature` function inside its macro); the two compute the
/// same bits, since Rust never fuses a multiply and an add (no FMA) and each lane's operations
/// are the same IEEE operations in the same order.
#[multiversion(targets("x86_64+avx2"))]
pub(crate) fn execute<'a, const N: usize, O: Operand<'a, N>>(
    op: Opcode,
    w: usize,
    d: &mut [[f32; N]; 4],
    operands: [O; 3],
    scratch: &mut [[[f32; N]; 4]; 3],
) {
    use std::f32::consts::PI;
    let [a, b, c] = operands;
    match op {
        Opcode::Add => map2(d, w, a, b, |x, y| x + y),
        Opcode::Sub => map2(d, w, a, b, |x, y| x - y),
        Opcode::Mul => map2(d, w, a, b, |x, y| x * y),
        Opcode::Div => map2(d, w, a, b, |x, y| x / y),
        Opcode::Min => map2(d, w, a, b, min),
        Opcode::Max => map2(d, w, a, b, max),
        Opcode::Mod => map2(d, w, a, b, |x, y| x - y * (x / y).floor()),
        Opcode::Pow => map2(d, w, a, b, f32::powf),
        Opcode::Step => map2(d, w, a, b, |edge, x| if x < edge { 0.0 } else { 1.0 }),
        Opcode::Atan2 => map2(d, w, a, b, f32::atan2),
        Opcode::MulAdd => map3(d, w, a, b, c, |x, y, z| x * y + z),
        Opcode::Mix => map3(d, w, a, b, c, |x, y, t| x * (1.0 - t) + y * t),
        Opcode::Clamp => map3(d, w, a, b, c, clamp),
        Opcode::Smoothstep => map3(d, w, a, b, c, smoothstep),
        Opcode::Select => map3(d, w, a, b, c, |cond, x, y| if cond != 0.0 { x } else { y }),
        Opcode::Abs => map1(d, w, a, f32::abs),
        Opcode::Sign => map1(d, w, a, sign),
        Opcode::Floor => map1(d, w, a, f32::floor),
        Opcode::Ceil => map1(d, w, a, f32::ceil),
        Opcode::Round => map1(d, w, a, f32::round_ties_even),
        Opcode::Trunc => map1(d, w, a, f32::trunc),
        Opcode::Fract => map1(d, w, a, |x| x - x.floor()),
        Opcode::Hash => map1(d, w, a, crate::noise::pcg_hash),
        Opcode::Sin => map1(d, w, a, f32::sin),
        Opcode::Cos => map1(d, w, a, f32::cos),
        Opcode::Tan => map1(d, w, a, f32::tan),
        Opcode::Asin => map1(d, w, a, f32::asin),
        Opcode::Acos => map1(d, w, a, f32::acos),
        Opcode::Atan => map1(d, w, a, f32::atan),
        Opcode::Radians => map1(d, w, a, |x| x * (PI / 180.0)),
        Opcode::Degrees => map1(d, w, a, |x| x * (180.0 / PI)),
        Opcode::Exp => map1(d, w, a, f32::exp),
        Opcode::Exp2 => map1(d, w, a, f32::exp2),
        Opcode::Log => map1(d, w, a, f32::ln),
        Opcode::Log2 => map1(d, w, a, f32::log2),
        Opcode::Sqrt => map1(d, w, a, f32::sqrt),
        Opcode::InverseSqrt => map1(d, w, a, |x| 1.0 / x.sqrt()),
        Opcode::Reciprocal => map1(d, w, a, |x| 1.0 / x),
        Opcode::Negate => map1(d, w, a, |x| -x),
        Opcode::OneMinus => map1(d, w, a, |x| 1.0 - x),
        Opcode::Saturate => map1(d, w, a, |x| clamp(x, 0.0, 1.0)),
        Opcode::LessThan => map2(d, w, a, b, |x, y| truth(x < y)),
        Opcode::LessThanEqual => map2(d, w, a, b, |x, y| truth(x <= y)),
        Opcode::GreaterThan => map2(d, w, a, b, |x, y| truth(x > y)),
        Opcode::GreaterThanEqual => map2(d, w, a, b, |x, y| truth(x >= y)),
        Opcode::Equal => map2(d, w, a, b, |x, y| truth(x == y)),
        Opcode::NotEqual => map2(d, w, a, b, |x, y| truth(x != y)),
        Opcode::LogicalAnd => map2(d, w, a, b, |x, y| truth(x != 0.0 && y != 0.0)),
        Opcode::LogicalOr => map2(d, w, a, b, |x, y| truth(x != 0.0 || y != 0.0)),
        Opcode::LogicalXor => map2(d, w, a, b, |x, y| truth((x != 0.0) != (y != 0.0))),
        Opcode::LogicalNot => map1(d, w, a, |x| truth(x == 0.0)),
        Opcode::Dot => d[0] = dot(w, a, b),
        Opcode::Length => d[0] = dot(w, a, a).map(f32::sqrt),
        Opcode::Distance => {
            let mut sum = [0.0f32; N];
            for k in 0..w {
                with_input!(a.at(k), x => with_input!(b.at(k), y => {
                    for (l, s) in sum.iter_mut().enumerate() {
                        let diff = x.get(l) - y.get(l);
                        *s += diff * diff;
                    }
                }));
            }
            d[0] = sum.map(f32::sqrt);
        }
        Opcode::Normalize => {
            let length = dot(w, a, a).map(f32::sqrt);
            for (k, out) in d.iter_mut().enumerate().take(w) {
                with_input!(a.at(k), x => lanes2(out, x, &length, &|x, length| {
                    if length == 0.0 {
                        0.0
                    } else {
                        x / length
                    }
                }));
            }
        }
        _ => dense(op, w, d, operands, scratch),
    }
}

/// The operations that read every operand component as a lane array.
#[multiversion(targets("x86_64+avx2"))]
fn dense<'a, const N: usize, O: Operand<'a, N>>(
    op: Opcode,
    w: usize,
    d: &mut [[f32; N]; 4],
    operands: [O; 3],
    scratch: &mut [[[f32; N]; 4]; 3],
) {
    let [s0, s1, s2] = scratch;
    let [oa, ob, oc] = operands;
    // An operand past the opcode's arity is never read: its scratch stands in unfilled.
    let arity = op.arity();
    let a = oa.dense(if arity > 0 { w } else { 0 }, s0);
    let b = ob.dense(if arity > 1 { w } else { 0 }, s1);
    let c = oc.dense(if arity > 2 { w } else { 0 }, s2);
    match op {
        Opcode::Reflect => {
            let n_dot_i = dot(w, ob, oa);
            for (k, out) in d.iter_mut().enumerate().take(w) {
                let (i, n) = (a.at(k), b.at(k));
                for l in 0..N {
                    out[l] = i[l] - 2.0 * n_dot_i[l] * n[l];
                }
            }
        }
        Opcode::Refract => {
            let n_dot_i = dot(w, ob, oa);
            let eta = c.at(0);
            for (k, out) in d.iter_mut().enumerate().take(w) {
                let (i, n) = (a.at(k), b.at(k));
                for l in 0..N {
                    let e = eta[l];
                    let q = 1.0 - e * e * (1.0 - n_dot_i[l] * n_dot_i[l]);
                    out[l] = if q < 0.0 {
                        0.0
                    } else {
                        e * i[l] - (e * n_dot_i[l] + q.sqrt()) * n[l]
                    };
                }
            }
        }
        Opcode::Faceforward => {
            let nref_dot_i = dot(w, oc, ob);
            for (k, out) in d.iter_mut().enumerate().take(w) {
                let n = a.at(k);
                for l in 0..N {
                    out[l] = if nref_dot_i[l] < 0.0 { n[l] } else { -n[l] };
                }
            }
        }
        Opcode::Cross => {
            let (a0, a1, a2) = (a.at(0), a.at(1), a.at(2));
            let (b0, b1, b2) = (b.at(0), b.at(1), b.at(2));
            for l in 0..N {
                d[0][l] = a1[l] * b2[l] - b1[l] * a2[l];
                d[1][l] = a2[l] * b0[l] - b2[l] * a0[l];
                d[2][l] = a0[l] * b1[l] - b0[l] * a1[l];
            }
        }
        Opcode::PerlinFloat
        | Opcode::PerlinVec3
        | Opcode::CellFloat
        | Opcode::CellVec3
        | Opcode::WorleyFloat
        | Opcode::WorleyVec2
        | Opcode::WorleyVec3
        | Opcode::WorleyCellVec3 => noise_lanes(op, w, d, a, b, c),
        op if op.is_integer() => super::int::execute(op, w, d, [a, b, c]),
        _ => {}
    }
}

/// A noise per lane: the point is operand `a` of `w` components, the jitter `b`'s component 0,
/// Worley's style or metric `c`'s component 0.
// The lane index reads the point's components and writes the result's: several arrays at once.
#[allow(clippy::needless_range_loop)]
fn noise_lanes<const N: usize>(
    op: Opcode,
    w: usize,
    d: &mut [[f32; N]; 4],
    a: Src<N>,
    b: Src<N>,
    c: Src<N>,
) {
    use crate::noise::*;
    let point = |l: usize| [0, 1, 2, 3].map(|k| if k < w { a.at(k)[l] } else { 0.0 });
    for l in 0..N {
        let p = point(l);
        let (xy, xyz) = ([p[0], p[1]], [p[0], p[1], p[2]]);
        let jitter = b.at(0)[l];
        let (metric, style) = (worley_metric(c.at(0)[l]), worley_style(c.at(0)[l]));
        let mut out = [0.0f32; 3];
        match (op, w) {
            (Opcode::PerlinFloat, 2) => out[0] = perlin_noise_float_2d(xy),
            (Opcode::PerlinFloat, _) => out[0] = perlin_noise_float_3d(xyz),
            (Opcode::PerlinVec3, 2) => out = perlin_noise_vec3_2d(xy),
            (Opcode::PerlinVec3, _) => out = perlin_noise_vec3_3d(xyz),
            (Opcode::CellFloat, 1) => out[0] = cell_noise_float_1d(p[0]),
            (Opcode::CellFloat, 2) => out[0] = cell_noise_float_2d(xy),
            (Opcode::CellFloat, 3) => out[0] = cell_noise_float_3d(xyz),
            (Opcode::CellFloat, _) => out[0] = cell_noise_float_4d(p),
            (Opcode::CellVec3, 1) => out = cell_noise_vec3_1d(p[0]),
            (Opcode::CellVec3, 2) => out = cell_noise_vec3_2d(xy),
            (Opcode::CellVec3, 3) => out = cell_noise_vec3_3d(xyz),
            (Opcode::CellVec3, _) => out = cell_noise_vec3_4d(p),
            (Opcode::WorleyFloat, 2) => out[0] = worley_noise_float_2d(xy, jitter, style),
            (Opcode::WorleyFloat, _) => out[0] = worley_noise_float_3d(xyz, jitter, style),
            (Opcode::WorleyVec2, 2) => {
                out[..2].copy_from_slice(&worley_noise_vec2_2d(xy, jitter, metric))
            }
            (Opcode::WorleyVec2, _) => {
                out[..2].copy_from_slice(&worley_noise_vec2_3d(xyz, jitter, metric))
            }
            (Opcode::WorleyVec3, 2) => out = worley_noise_vec3_2d(xy, jitter, metric),
            (Opcode::WorleyVec3, _) => out = worley_noise_vec3_3d(xyz, jitter, metric),
            (Opcode::WorleyCellVec3, 2) => out = worley_noise_vec3_style_2d(xy, jitter, 1, metric),
            (Opcode::WorleyCellVec3, _) => out = worley_noise_vec3_style_3d(xyz, jitter, 1, metric),
            _ => {}
        }
        for (k, value) in out.iter().enumerate() {
            d[k][l] = *value;
        }
    }
}
