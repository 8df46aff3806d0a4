//! compile's instruction order (tsl-core/src/compile/schedule.rs, R-RUN-2 in docs/requirements.md):
//! a graph that needs many registers only in the old order (depth first from the output) now fits
//! in the least a hand count gives, and computes what the same steps compute in plain Rust.

use glam::Vec2 as GVec2;
use tsl_core::typed::*;
use tsl_core::{Fragment, OPACITY_NODE};

/// Steps of two chains that read one shared value each step, as an unrolled loop with two live
/// variables makes them: `f = fract(a); a = a + f; b = b * f`, from `a = uv.x`, `b = uv.y`.
const STEPS: usize = 40;

/// The graph built in the loop's order, with `a + b` as the opacity.
fn two_chains(scope: &Scope) {
    let p = uv();
    let (mut a, mut b) = (p.x(), p.y());
    for _ in 0..STEPS {
        let f = a.fract();
        a += f;
        b *= f;
    }
    scope.opacity_node(a + b).unwrap();
}

/// The registers, counted by hand: the count in use at an instruction is the values still to be
/// read plus the one it writes. Before a step `a` and `b` are live (before the first, `uv` alone,
/// which both read). `f = fract(a)` writes a third; `a + f` a fourth while `a`, `b` and `f` are live
/// (then `a` is done); `b * f` a fourth again while the new `a`, `b` and `f` are live. No order does
/// better: whichever of `a + f` and `b * f` runs first, `a`, `b` and `f` are all still to be read
/// when it writes. So 4 at least, and 4 in the loop's order; the final `a + b` needs 3.
///
/// Depth first from `a + b` (each input's whole tree before the next input) computes the whole
/// chain of `a` first, with every step's `f`, and holds all 40 `f`s, the last `a` and `uv` (where
/// the chain of `b` starts) while the first `b` is written: 43, past MAX_REGISTERS (32), which the
/// old order refused (its figure, checked against 162c7ae).
const LEAST: usize = 4;

#[test]
fn two_chains_fit_in_the_least_registers_a_hand_count_gives() {
    let scope = Scope::new();
    two_chains(&scope);
    let program = scope
        .compile()
        .expect("the two chains fit the registers in the loop's order");
    assert_eq!(program.register_count(OPACITY_NODE), LEAST);
    // Each node is one instruction: 3 a step and the sum (`uv.x`, `uv.y` are swizzles of one
    // `attr`), plus that `attr`: the order adds none.
    assert_eq!(program.instruction_count(OPACITY_NODE), 3 * STEPS + 2);
}

#[test]
fn two_chains_compute_the_steps_in_any_order() {
    let scope = Scope::new();
    two_chains(&scope);
    let program = scope.compile().unwrap();
    for uv in [
        GVec2::new(0.3, 0.7),
        GVec2::new(0.9, 0.1),
        GVec2::new(0.05, 0.5),
    ] {
        let (mut a, mut b) = (uv.x, uv.y);
        for _ in 0..STEPS {
            // GLSL's fract: x - floor(x).
            let f = a - a.floor();
            a += f;
            b *= f;
        }
        let fragment = Fragment {
            uv,
            ..Fragment::default()
        };
        let got = program.evaluate(OPACITY_NODE, &fragment).unwrap();
        assert_eq!(got, vec![a + b], "at {uv}");
    }
}

/// A uniform read by the last instruction alone is loaded just before it, not held from the start.
#[test]
fn a_uniform_read_at_the_end_is_loaded_there() {
    let scope = Scope::new();
    let k = uniform(2.0f32);
    let p = uv();
    let (mut a, mut b) = (p.x(), p.y());
    for _ in 0..STEPS {
        let f = a.fract();
        a += f;
        b *= f;
    }
    scope.opacity_node((a + b) * k).unwrap();
    let program = scope.compile().unwrap();
    assert_eq!(program.register_count(OPACITY_NODE), LEAST);
}
