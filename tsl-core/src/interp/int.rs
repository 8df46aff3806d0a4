//! The exact integer operations over lanes (R-INT, docs/requirements.md; docs/integers.md). A
//! register component of an integer value holds its 32 bits as they are: every operation here
//! reads them with `f32::to_bits` and writes them with `f32::from_bits`, never through
//! floating-point arithmetic, so NaN-shaped, infinite-shaped and subnormal patterns survive.

use super::Src;
use crate::graph::typecheck::float_to_int;
use crate::opcode::Opcode;
use crate::types::Scalar;

#[inline(always)]
fn bits(x: f32) -> u32 {
    x.to_bits()
}

#[inline(always)]
fn value(b: u32) -> f32 {
    f32::from_bits(b)
}

#[inline(always)]
fn truth(b: bool) -> f32 {
    if b {
        1.0
    } else {
        0.0
    }
}

/// `a << n` or `a >> n` with a count outside 0 to 31 giving 0 (R-INT-4): the count's bits read
/// as unsigned, so a negative signed count is outside too.
#[inline(always)]
fn shift(a: u32, n: u32, f: impl Fn(u32, u32) -> u32) -> u32 {
    if n < 32 {
        f(a, n)
    } else {
        0
    }
}

#[inline(always)]
fn map1<const N: usize>(d: &mut [[f32; N]; 4], w: usize, a: Src<N>, f: impl Fn(u32) -> u32) {
    for (k, out) in d.iter_mut().enumerate().take(w) {
        for (o, &x) in out.iter_mut().zip(a.at(k)) {
            *o = value(f(bits(x)));
        }
    }
}

#[inline(always)]
fn map2<const N: usize>(
    d: &mut [[f32; N]; 4],
    w: usize,
    a: Src<N>,
    b: Src<N>,
    f: impl Fn(u32, u32) -> u32,
) {
    for (k, out) in d.iter_mut().enumerate().take(w) {
        let (xa, xb) = (a.at(k), b.at(k));
        for l in 0..N {
            out[l] = value(f(bits(xa[l]), bits(xb[l])));
        }
    }
}

/// A comparison: the condition form (floats one and zero) from two integers' bits.
#[inline(always)]
fn compare<const N: usize>(
    d: &mut [[f32; N]; 4],
    w: usize,
    a: Src<N>,
    b: Src<N>,
    f: impl Fn(u32, u32) -> bool,
) {
    for (k, out) in d.iter_mut().enumerate().take(w) {
        let (xa, xb) = (a.at(k), b.at(k));
        for l in 0..N {
            out[l] = truth(f(bits(xa[l]), bits(xb[l])));
        }
    }
}

/// Run an integer instruction: `w` components of `d` from the operands.
pub(crate) fn execute<const N: usize>(
    op: Opcode,
    w: usize,
    d: &mut [[f32; N]; 4],
    [a, b, c]: [Src<N>; 3],
) {
    let s = |x: u32| x as i32;
    match op {
        Opcode::BitAnd => map2(d, w, a, b, |x, y| x & y),
        Opcode::BitOr => map2(d, w, a, b, |x, y| x | y),
        Opcode::BitXor => map2(d, w, a, b, |x, y| x ^ y),
        Opcode::BitNot => map1(d, w, a, |x| !x),
        Opcode::ShiftLeft => map2(d, w, a, b, |x, n| shift(x, n, |x, n| x << n)),
        Opcode::ShiftRight => map2(d, w, a, b, |x, n| {
            shift(x, n, |x, n| (x as i32 >> n) as u32)
        }),
        Opcode::UShiftRight => map2(d, w, a, b, |x, n| shift(x, n, |x, n| x >> n)),
        Opcode::IAdd => map2(d, w, a, b, u32::wrapping_add),
        Opcode::ISub => map2(d, w, a, b, u32::wrapping_sub),
        Opcode::IMul => map2(d, w, a, b, u32::wrapping_mul),
        // Division by zero gives 0 (R-INT-4); `i32::MIN / -1` wraps to `i32::MIN`.
        Opcode::IDiv => map2(d, w, a, b, |x, y| {
            s(x).checked_div(s(y))
                .unwrap_or(if y == 0 { 0 } else { i32::MIN }) as u32
        }),
        Opcode::UDiv => map2(d, w, a, b, |x, y| x.checked_div(y).unwrap_or(0)),
        // `i32::MIN % -1` is 0, the remainder of the wrapped quotient.
        Opcode::Rem => map2(d, w, a, b, |x, y| {
            if y == 0 {
                0
            } else {
                s(x).wrapping_rem(s(y)) as u32
            }
        }),
        Opcode::URem => map2(d, w, a, b, |x, y| x.checked_rem(y).unwrap_or(0)),
        Opcode::IMin => map2(d, w, a, b, |x, y| s(x).min(s(y)) as u32),
        Opcode::UMin => map2(d, w, a, b, u32::min),
        Opcode::IMax => map2(d, w, a, b, |x, y| s(x).max(s(y)) as u32),
        Opcode::UMax => map2(d, w, a, b, u32::max),
        // GLSL's `min(max(x, low), high)`, which is defined even where low > high.
        Opcode::IClamp | Opcode::UClamp => {
            for (k, out) in d.iter_mut().enumerate().take(w) {
                let (xa, xb, xc) = (a.at(k), b.at(k), c.at(k));
                for l in 0..N {
                    let (x, lo, hi) = (bits(xa[l]), bits(xb[l]), bits(xc[l]));
                    out[l] = value(if op == Opcode::IClamp {
                        s(x).max(s(lo)).min(s(hi)) as u32
                    } else {
                        x.max(lo).min(hi)
                    });
                }
            }
        }
        Opcode::IAbs => map1(d, w, a, |x| s(x).wrapping_abs() as u32),
        Opcode::ISign => map1(d, w, a, |x| s(x).signum() as u32),
        Opcode::INegate => map1(d, w, a, |x| x.wrapping_neg()),
        Opcode::ILessThan => compare(d, w, a, b, |x, y| s(x) < s(y)),
        Opcode::ILessThanEqual => compare(d, w, a, b, |x, y| s(x) <= s(y)),
        Opcode::ULessThan => compare(d, w, a, b, |x, y| x < y),
        Opcode::ULessThanEqual => compare(d, w, a, b, |x, y| x <= y),
        Opcode::IEqual => compare(d, w, a, b, |x, y| x == y),
        Opcode::INotEqual => compare(d, w, a, b, |x, y| x != y),
        // Conversions from floats read the operand as a float; an invalid one gives 0.
        Opcode::ToInt => map1(d, w, a, |x| {
            float_to_int(value(x), Scalar::Int).unwrap_or(0)
        }),
        Opcode::ToUint => map1(d, w, a, |x| {
            float_to_int(value(x), Scalar::UInt).unwrap_or(0)
        }),
        // Rust's `as f32` rounds to nearest even, as GLSL's `float(i)` on every GPU we measure.
        Opcode::ToFloat => map1(d, w, a, |x| (s(x) as f32).to_bits()),
        Opcode::UToFloat => map1(d, w, a, |x| (x as f32).to_bits()),
        _ => {}
    }
}
