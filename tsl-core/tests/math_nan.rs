//! min / max / clamp with a NaN operand and a degenerate `smoothstep(e, e, x)` (R-MATH-13,
//! docs/requirements.md), held to what two GPUs gave for three.js r187's own TSL: SwiftShader
//! (through three.js in Chromium) and Mesa's llvmpipe (the same GLSL), recorded in
//! `fixtures/math_nan.json` by `tools/oracle_probes/math_nan.mjs` (see its README).
//!
//! The GPUs agree where the NaN is the first operand (the other operand comes back) and on
//! smoothstep with run-time-equal edges (0 at or below the edge, 1 above). They differ where
//! the NaN is the second operand: llvmpipe still gives the other operand, SwiftShader the NaN.
//! R-MATH-13 takes llvmpipe's rule (a NaN operand never wins), which is also WGSL's `min`/`max`.
//! For `smoothstep(e, e, x)` with one node as both edges llvmpipe's compiler folds `e - e` and
//! gives 1 everywhere; SwiftShader computes it as with two equal edges, which R-MATH-13 follows.

use serde_json::Value;
use tsl_core::*;

struct Fixture {
    inputs: Vec<[f32; 4]>,
    swiftshader: Value,
    llvmpipe: Value,
}

fn bits(hex: &str) -> f32 {
    f32::from_bits(u32::from_str_radix(hex, 16).expect("hex bits"))
}

fn fixture() -> Fixture {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/math_nan.json"
    ))
    .expect("the fixture");
    let v: Value = serde_json::from_str(&text).expect("JSON");
    let inputs = v["inputs"]
        .as_array()
        .expect("inputs")
        .iter()
        .map(|p| {
            let c: Vec<f32> = p.as_str().expect("bits").split(' ').map(bits).collect();
            [c[0], c[1], c[2], c[3]]
        })
        .collect();
    Fixture {
        inputs,
        swiftshader: v["swiftshader"].clone(),
        llvmpipe: v["llvmpipe"].clone(),
    }
}

fn column(v: &Value, row: &str) -> Vec<f32> {
    v[row]
        .as_array()
        .unwrap_or_else(|| panic!("row {row}"))
        .iter()
        .map(|b| bits(b.as_str().expect("bits")))
        .collect()
}

/// Our value of the row's expression at `input`, the operands read from uniforms so that
/// nothing is known before the program runs.
fn ours(row: &str, input: [f32; 4]) -> f32 {
    let g = NodeGraph::new();
    let x = g.named_uniform("x", input[0]);
    let y = g.named_uniform("y", input[1]);
    let z = g.named_uniform("z", input[2]);
    let node = match row {
        "min_xy" => g.min(x, y),
        "max_xy" => g.max(x, y),
        "clamp_xyz" => g.clamp(x, y, z),
        "smoothstep_xxy" => g.smoothstep(x, x, y),
        "smoothstep_xyz" => g.smoothstep(x, y, z),
        other => panic!("no row {other}"),
    };
    g.set_output(OPACITY_NODE, node).expect("a float output");
    let program = g.compile().expect("compiles");
    program
        .evaluate(OPACITY_NODE, &Fragment::default())
        .expect("the output is set")[0]
}

/// NaN equals NaN (any payload); otherwise the bits must agree (so -0 is not +0).
fn same(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

#[track_caller]
fn check(row: &str, reference: &Value) {
    let f = fixture();
    let want = column(reference, row);
    assert_eq!(want.len(), f.inputs.len(), "{row}: one value per input");
    for (input, want) in f.inputs.iter().zip(want) {
        let got = ours(row, *input);
        assert!(
            same(got, want),
            "{row} at {input:?}: got {got}, the GPU gave {want}"
        );
    }
}

#[test]
fn min_max_and_clamp_give_the_non_nan_operand_as_llvmpipe_does() {
    let f = fixture();
    for row in ["min_xy", "max_xy", "clamp_xyz"] {
        check(row, &f.llvmpipe);
    }
}

#[test]
fn where_the_gpus_differ_on_min_max_swiftshader_gave_the_nan_second_operand() {
    // The rule's one departure from SwiftShader, checked so that a new fixture that changes it
    // is noticed: every disagreement is a NaN on SwiftShader's side.
    let f = fixture();
    let mut differences = 0;
    for row in ["min_xy", "max_xy", "clamp_xyz"] {
        let (ss, lp) = (column(&f.swiftshader, row), column(&f.llvmpipe, row));
        for (a, b) in ss.iter().zip(&lp) {
            if !same(*a, *b) {
                differences += 1;
                assert!(
                    a.is_nan() || b.is_nan() || row == "clamp_xyz",
                    "{row}: {a} vs {b}"
                );
                assert!(
                    !b.is_nan(),
                    "{row}: llvmpipe gave a NaN where SwiftShader gave {a}"
                );
            }
        }
    }
    assert!(differences > 0, "the fixture records the GPUs' difference");
}

#[test]
fn smoothstep_with_equal_edges_is_0_at_or_below_and_1_above_as_both_gpus_give() {
    let f = fixture();
    check("smoothstep_xyz", &f.swiftshader);
    check("smoothstep_xyz", &f.llvmpipe);
}

#[test]
fn smoothstep_with_one_node_as_both_edges_is_what_swiftshader_computes() {
    let f = fixture();
    check("smoothstep_xxy", &f.swiftshader);
}

#[test]
fn by_hand_a_nan_never_wins_min_or_max() {
    // Worked from R-MATH-13 alone: the other operand, whichever side the NaN is on.
    for (x, y, min, max) in [
        (f32::NAN, 1.0, 1.0, 1.0),
        (1.0, f32::NAN, 1.0, 1.0),
        (-2.0, f32::NAN, -2.0, -2.0),
        (3.0, 4.0, 3.0, 4.0),
    ] {
        assert!(same(ours("min_xy", [x, y, 0.0, 0.0]), min), "min({x}, {y})");
        assert!(same(ours("max_xy", [x, y, 0.0, 0.0]), max), "max({x}, {y})");
    }
    assert!(ours("min_xy", [f32::NAN, f32::NAN, 0.0, 0.0]).is_nan());
    // smoothstep(0.5, 0.5, x): 0 below, 0 at the edge (0/0 is NaN, clamped to 0), 1 above.
    for (x, want) in [(0.4, 0.0), (0.5, 0.0), (0.6, 1.0)] {
        assert_eq!(ours("smoothstep_xyz", [0.5, 0.5, x, 0.0]), want, "at {x}");
    }
}
