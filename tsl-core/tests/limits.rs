//! compile's limits: MAX_INSTRUCTIONS per output and MAX_REGISTERS values at once, and the input
//! reordering of R-RUN-2 (docs/requirements.md) that keeps a graph within them.

use tsl_core::*;

/// `OPACITY_NODE = sin(sin(...sin(time)))` with `n` sines: one load and `n` instructions.
fn sine_chain(n: usize) -> NodeGraph {
    let g = NodeGraph::new();
    let mut x = g.time();
    for _ in 0..n {
        x = g.sin(x);
    }
    g.set_output(OPACITY_NODE, x).unwrap();
    g
}

#[test]
fn an_output_of_max_instructions_compiles_and_one_more_is_refused() {
    let program = sine_chain(MAX_INSTRUCTIONS - 1).compile().unwrap();
    assert_eq!(program.instruction_count(OPACITY_NODE), MAX_INSTRUCTIONS);
    let err = sine_chain(MAX_INSTRUCTIONS).compile().unwrap_err();
    assert_eq!(
        err.to_string(),
        "compile: OPACITY_NODE has 4097 instructions; MAX_INSTRUCTIONS is 4096"
    );
}

#[test]
fn a_two_thousand_node_chain_compiles_in_few_registers() {
    let g = NodeGraph::new();
    let mut x = g.uv();
    for i in 0..2000 {
        x = if i % 2 == 0 {
            g.fract(g.add(x, g.vec2(0.25, 0.5)))
        } else {
            g.mul(x, g.float(1.5))
        };
    }
    assert!(g.node_count() > 2000);
    g.set_output(COLOR_NODE, g.join(&[x, g.float(1.0)]))
        .unwrap();
    let program = g.compile().unwrap();
    // x, the shared constant (0.25, 0.5) loaded once, the 1.5 and the result being written.
    assert!(
        program.register_count(COLOR_NODE) <= 4,
        "{} registers",
        program.register_count(COLOR_NODE)
    );
}

/// The distinct constants 1, 2, ..., n.
fn constants(g: &NodeGraph, n: usize) -> Vec<NodeRef> {
    (1..=n).map(|i| g.float(i as f32)).collect()
}

#[test]
fn a_graph_that_needs_33_values_at_once_is_refused() {
    // Every x_i is read by both sums, so whichever sum runs first leaves all 33 live for the other.
    // Each varies between fragments (it reads uv), so none can run again instead.
    let g = NodeGraph::new();
    let u = g.swizzle(g.uv(), "x");
    let xs: Vec<NodeRef> = constants(&g, 33)
        .into_iter()
        .map(|c| g.sin(g.mul(u, c)))
        .collect();
    let sum = xs[1..].iter().fold(xs[0], |acc, &x| g.add(acc, x));
    let product = xs[1..].iter().fold(xs[0], |acc, &x| g.mul(acc, x));
    g.set_output(OPACITY_NODE, g.add(sum, product)).unwrap();
    let err = g.compile().unwrap_err().to_string();
    assert!(err.starts_with("compile: OPACITY_NODE needs "), "{err}");
    assert!(
        err.ends_with(" registers at once; MAX_REGISTERS is 32"),
        "{err}"
    );
    let figure: usize = err["compile: OPACITY_NODE needs ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(figure >= 33, "{figure}");
}

#[test]
fn uniform_values_run_again_where_holding_them_needs_33_registers() {
    // As above, with x_i = fract(t * i) of a uniform t: the same for every fragment, two
    // instructions from a load, so each x_i gives its register back after the sum reads it and
    // runs again for the product (R-RUN-2).
    let g = NodeGraph::new();
    let t = g.named_uniform("t", 0.37f32);
    let xs: Vec<NodeRef> = constants(&g, 33)
        .into_iter()
        .map(|c| g.fract(g.mul(t, c)))
        .collect();
    let sum = xs[1..].iter().fold(xs[0], |acc, &x| g.add(acc, x));
    let product = xs[1..].iter().fold(xs[0], |acc, &x| g.mul(acc, x));
    g.set_output(OPACITY_NODE, g.add(sum, product)).unwrap();
    let program = g.compile().unwrap();
    assert!(program.register_count(OPACITY_NODE) <= 32);
    // Each of the 33 x_i is a load of i, a mul and a fract; t loads once; 32 adds, 32 muls and
    // the final add: 165. Values run again add to that.
    assert!(program.instruction_count(OPACITY_NODE) > 165);
    // The same in f32, in the same order: GLSL's fract(x) is x - floor(x).
    let x = |i: usize| {
        let y = 0.37f32 * i as f32;
        y - y.floor()
    };
    let sum = (2..=33).fold(x(1), |acc, i| acc + x(i));
    let product = (2..=33).fold(x(1), |acc, i| acc * x(i));
    assert_eq!(
        program.evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![sum + product])
    );
}

#[test]
fn inputs_are_reordered_when_their_order_needs_too_many_registers() {
    // add(c1, add(c2, ... add(c31, c32))): in the order written, the 32 constants are all live
    // when the innermost add writes its result, 33 registers. The most needed input first
    // computes the nested sum before each constant, in a few registers.
    let g = NodeGraph::new();
    let cs = constants(&g, 32);
    let sum = cs
        .iter()
        .rev()
        .skip(1)
        .fold(cs[31], |acc, &c| g.add(c, acc));
    g.set_output(OPACITY_NODE, sum).unwrap();
    let program = g.compile().unwrap();
    assert!(program.register_count(OPACITY_NODE) <= 32);
    // 1 + 2 + ... + 32 = 528, exactly representable.
    assert_eq!(
        program.evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![528.0])
    );

    // With 31 constants the order written fits in 32 registers (all constants load first, 31
    // live plus the innermost result), and it is kept: another order is laid out only where the
    // written one does not fit.
    let g = NodeGraph::new();
    let cs = constants(&g, 31);
    let sum = cs
        .iter()
        .rev()
        .skip(1)
        .fold(cs[30], |acc, &c| g.add(c, acc));
    g.set_output(OPACITY_NODE, sum).unwrap();
    let program = g.compile().unwrap();
    assert_eq!(program.register_count(OPACITY_NODE), 32);
    assert_eq!(
        program.evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![496.0])
    );
}

#[test]
fn constants_and_uniforms_are_stored_once() {
    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", glam::Vec3::new(0.1, 0.2, 0.3));
    let a = g.mul(tint, g.float(2.0));
    let b = g.add(g.mul(tint, g.float(2.0)), g.float(2.0));
    g.set_output(COLOR_NODE, g.add(a, b)).unwrap();
    g.set_output(EMISSIVE_NODE, g.mul(tint, g.float(2.0)))
        .unwrap();
    let program = g.compile().unwrap();
    let words = program.words();
    let data = &words[words[format::H_DATA] as usize..];
    let twos = data.iter().filter(|&&w| w == 2.0f32.to_bits()).count();
    assert_eq!(twos, 1, "the constant 2 is stored once");
    assert_eq!(
        data.len(),
        3 + 1,
        "the tint's three floats and the constant"
    );
    // 0.1 * 2 + (0.1 * 2 + 2) = 2.4 in f32 steps.
    let x = 0.1f32 * 2.0;
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()).unwrap()[0],
        x + (x + 2.0)
    );
}
