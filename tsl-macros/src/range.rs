//! The constant ranges a `for` may run over, counted when the macro runs: `a..b`, `a..=b`, and
//! those with `.rev()` and `.step_by(n)`, with integer literal bounds.

use syn::spanned::Spanned;
use syn::{Expr, ExprLit, ExprUnary, Lit, RangeLimits, UnOp};

/// The most times a loop runs (tsl-core's `MAX_LOOP_COUNT`).
pub const MAX_LOOP_COUNT: i128 = 1024;

/// An arithmetic sequence of whole numbers: `count` values from `start`, `step` apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The first value.
    pub start: i128,
    /// The difference between two values.
    pub step: i128,
    /// How many values.
    pub count: i128,
}

const HOW: &str = "a `for` in tsl! runs over a constant range of integer literals: `0..8`, \
                   `0..=7`, `(0..16).step_by(2)` or `(0..8).rev()`; for an end known only when the \
                   shader runs, loop to the largest count and `break` inside an `if`";

/// The sequence `expr` runs over, or why it is not a constant range.
pub fn sequence(expr: &Expr) -> syn::Result<Sequence> {
    match expr {
        Expr::Paren(p) => sequence(&p.expr),
        Expr::Group(g) => sequence(&g.expr),
        Expr::Range(range) => {
            let (Some(start), Some(end)) = (&range.start, &range.end) else {
                return Err(syn::Error::new_spanned(
                    expr,
                    format!("this range has no end, so the loop has no count; {HOW}"),
                ));
            };
            let (start, end) = (integer(start)?, integer(end)?);
            // The bounds are i64, so these i128 sums cannot overflow.
            let count = match range.limits {
                RangeLimits::HalfOpen(_) => end - start,
                RangeLimits::Closed(_) => end - start + 1,
            };
            Ok(Sequence {
                start,
                step: 1,
                count: count.max(0),
            })
        }
        Expr::MethodCall(call) if call.method == "rev" && call.args.is_empty() => {
            let s = sequence(&call.receiver)?;
            Ok(if s.count == 0 {
                s
            } else {
                Sequence {
                    start: s.start.saturating_add(s.step.saturating_mul(s.count - 1)),
                    step: -s.step,
                    count: s.count,
                }
            })
        }
        Expr::MethodCall(call) if call.method == "step_by" && call.args.len() == 1 => {
            let s = sequence(&call.receiver)?;
            // Invariant: the arm's guard, `call.args.len() == 1`.
            let by = integer(&call.args[0])?;
            if by <= 0 {
                return Err(syn::Error::new_spanned(
                    &call.args[0],
                    "`step_by` takes a step of one or more",
                ));
            }
            // Saturating: a sequence this long is refused for its count anyway.
            Ok(Sequence {
                start: s.start,
                step: s.step.saturating_mul(by),
                count: s.count.saturating_add(by - 1) / by,
            })
        }
        _ => Err(syn::Error::new(
            expr.span(),
            format!("this is not a constant range; {HOW}"),
        )),
    }
}

/// An integer literal, perhaps negated.
fn integer(expr: &Expr) -> syn::Result<i128> {
    let not_literal = || {
        syn::Error::new_spanned(
            expr,
            format!(
                "this bound is not an integer literal, so the macro cannot count the loop; {HOW}"
            ),
        )
    };
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => int.base10_parse::<i64>().map(i128::from),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => integer(inner).map(|v| -v).map_err(|_| not_literal()),
        Expr::Paren(p) => integer(&p.expr),
        Expr::Group(g) => integer(&g.expr),
        _ => Err(not_literal()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(src: &str) -> Sequence {
        sequence(&syn::parse_str(src).unwrap()).unwrap()
    }

    /// The values a sequence stands for, against the values Rust's own iterator gives.
    fn values(s: Sequence) -> Vec<i128> {
        (0..s.count).map(|k| s.start + s.step * k).collect()
    }

    #[test]
    #[allow(clippy::reversed_empty_ranges)] // an empty range is one of the cases
    fn sequences_match_rusts_iterators() {
        let rust: Vec<(&str, Vec<i32>)> = vec![
            ("0..8", (0..8).collect()),
            ("0..=7", (0..=7).collect()),
            ("-3..2", (-3..2).collect()),
            ("5..2", (5..2).collect()),
            ("(0..16).step_by(3)", (0..16).step_by(3).collect()),
            ("(0..=16).step_by(4)", (0..=16).step_by(4).collect()),
            ("(0..8).rev()", (0..8).rev().collect()),
            (
                "(1..10).rev().step_by(4)",
                (1..10).rev().step_by(4).collect(),
            ),
            (
                "((2..9).step_by(2)).rev()",
                (2..9).step_by(2).rev().collect(),
            ),
            ("(3..3).rev()", (3..3).rev().collect()),
        ];
        for (src, expected) in rust {
            let expected: Vec<i128> = expected.into_iter().map(i128::from).collect();
            assert_eq!(values(seq(src)), expected, "{src}");
        }
    }

    #[test]
    fn runtime_bounds_and_open_ranges_are_refused() {
        for src in [
            "0..n",
            "0..",
            "..8",
            "items.iter()",
            "(0..8).step_by(0)",
            "0.0..1.0",
        ] {
            let expr: Expr = syn::parse_str(src).unwrap();
            assert!(sequence(&expr).is_err(), "{src}");
        }
    }

    #[test]
    fn huge_ranges_are_counted_without_overflow() {
        let max = i64::MAX as i128;
        let s = seq("(-9223372036854775807..9223372036854775807).rev()");
        assert_eq!((s.start, s.step, s.count), (max - 1, -1, 2 * max));
        // 2^64 - 2 values taken 2^63 - 1 apart: the last and the middle one.
        let s =
            seq("((-9223372036854775807..9223372036854775807).rev()).step_by(9223372036854775807)");
        assert_eq!((s.start, s.step, s.count), (max - 1, -max, 2));
    }
}
