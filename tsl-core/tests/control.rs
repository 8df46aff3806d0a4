//! TSL's statements: Var, If/ElseIf/Else/End, Loop, Discard, Fn and call, Break, Continue and
//! Return (R-CTL, docs/requirements.md). Expected values are worked out by hand or by the
//! same program written as plain Rust.

use tsl_core::*;

fn opacity(g: &NodeGraph, value: NodeRef) -> NodeProgram {
    g.set_output(OPACITY_NODE, value).unwrap();
    g.compile().unwrap()
}

fn eval(program: &NodeProgram, output: Output) -> f32 {
    program.evaluate(output, &Fragment::default()).unwrap()[0]
}

#[test]
fn the_spec_example_sums_and_discards() {
    // R-EX-3: index 0 and 1 discard; index 2 and 3 add to the sum: 2 + 3 = 5.
    let graph = NodeGraph::new();
    let sum = graph.Var(graph.float(0.0));
    let index = graph.Loop(4);
    graph.If(graph.greater_than(index, graph.float(1.0)));
    graph.assign(sum, graph.add(graph.get(sum), index));
    graph.Else();
    graph.Discard();
    graph.End();
    graph.End();
    let program = opacity(&graph, graph.get(sum));
    assert_eq!(eval(&program, OPACITY_NODE), 5.0);
    assert_eq!(
        eval(&program, MASK_NODE),
        0.0,
        "the fragment is thrown away"
    );
}

#[test]
fn a_discard_joins_the_mask_only_where_its_branch_runs() {
    let g = NodeGraph::new();
    let x = g.named_uniform("x", 0.0f32);
    g.If(g.greater_than(x, g.float(0.5)));
    g.Discard();
    g.End();
    // No output but the discard: compile makes the mask.
    let mut program = g.compile().unwrap();
    assert_eq!(eval(&program, MASK_NODE), 1.0);
    program.set_uniform("x", 0.75f32).unwrap();
    assert_eq!(eval(&program, MASK_NODE), 0.0);

    // A mask of the graph's own is kept where no discard runs.
    let g = NodeGraph::new();
    let x = g.named_uniform("x", 0.0f32);
    g.If(g.less_than(x, g.float(0.0)));
    g.Discard();
    g.End();
    g.set_output(MASK_NODE, g.float(0.25)).unwrap();
    let mut program = g.compile().unwrap();
    assert_eq!(eval(&program, MASK_NODE), 0.25);
    program.set_uniform("x", -1.0f32).unwrap();
    assert_eq!(eval(&program, MASK_NODE), 0.0);
}

/// `first_square_over` (R-EX-5): the first index of 0..8 whose square is over the argument.
fn first_square_over() -> TslFn {
    TslFn::new(
        "first_square_over",
        &[("x", ValueType::Float)],
        ValueType::Float,
        |g, args| {
            let i = g.Loop(8);
            g.If(g.greater_than(g.mul(i, i), args[0]));
            g.Return(i);
            g.End();
            g.End();
            g.float(-1.0)
        },
    )
}

#[test]
fn first_square_over_returns_from_inside_the_loop() {
    let g = NodeGraph::new();
    let x = g.named_uniform("x", 0.0f32);
    let program = &mut opacity(&g, g.call(&first_square_over(), &[x]));
    // x, then the first i in 0..8 with i * i > x, or -1 when none: 7 * 7 = 49 is not over 49.
    for (x, expected) in [
        (0.0, 1.0),
        (-1.0, 0.0),
        (10.0, 4.0),
        (15.9, 4.0),
        (16.0, 5.0),
        (48.5, 7.0),
        (49.0, -1.0),
        (100.0, -1.0),
    ] {
        program.set_uniform("x", x).unwrap();
        assert_eq!(
            eval(program, OPACITY_NODE),
            expected,
            "first_square_over({x})"
        );
    }
}

#[test]
fn break_keeps_the_variables_of_the_time_through_it_ran() {
    // for i in 0..10 { if i == 5 { break } sum += i }: 0 + 1 + 2 + 3 + 4 = 10.
    let g = NodeGraph::new();
    let sum = g.Var(g.float(0.0));
    let i = g.Loop(10);
    g.If(g.equal(i, g.float(5.0)));
    g.Break();
    g.End();
    g.assign(sum, g.add(g.get(sum), i));
    g.End();
    assert_eq!(eval(&opacity(&g, g.get(sum)), OPACITY_NODE), 10.0);
}

#[test]
fn continue_skips_the_rest_of_one_time_through() {
    // for i in 0..6 { if i % 2 == 1 { continue } sum += i }: 0 + 2 + 4 = 6.
    let g = NodeGraph::new();
    let sum = g.Var(g.float(0.0));
    let i = g.Loop(6);
    g.If(g.equal(g.modulo(i, g.float(2.0)), g.float(1.0)));
    g.Continue();
    g.End();
    g.assign(sum, g.add(g.get(sum), i));
    g.End();
    assert_eq!(eval(&opacity(&g, g.get(sum)), OPACITY_NODE), 6.0);
}

#[test]
fn break_leaves_only_the_innermost_loop() {
    // for i in 0..4 { for j in 0..4 { if j > i { break } count += 1 } }: 1 + 2 + 3 + 4 = 10.
    let g = NodeGraph::new();
    let count = g.Var(g.float(0.0));
    let i = g.Loop(4);
    let j = g.Loop(4);
    g.If(g.greater_than(j, i));
    g.Break();
    g.End();
    g.assign(count, g.add(g.get(count), g.float(1.0)));
    g.End();
    g.End();
    assert_eq!(eval(&opacity(&g, g.get(count)), OPACITY_NODE), 10.0);
}

#[test]
fn else_if_chains_pick_the_first_branch_that_holds() {
    let g = NodeGraph::new();
    let x = g.named_uniform("x", 0.0f32);
    let r = g.Var(g.vec3(0.0, 0.0, 0.0));
    g.If(g.less_than(x, g.float(0.0)));
    g.assign(r, g.vec3(-1.0, -1.0, -1.0));
    g.ElseIf(g.less_than(x, g.float(1.0)));
    g.assign(r, g.vec3(0.5, 0.25, 0.125));
    g.ElseIf(g.less_than(x, g.float(2.0)));
    g.assign(r, g.join(&[x, x, x]));
    g.Else();
    g.assign(r, g.vec3(2.0, 4.0, 8.0));
    g.End();
    g.set_output(COLOR_NODE, g.get(r)).unwrap();
    let mut program = g.compile().unwrap();
    for (x, expected) in [
        (-3.0, [-1.0; 3]),
        (0.2, [0.5, 0.25, 0.125]),
        (1.5, [1.5; 3]),
        (5.0, [2.0, 4.0, 8.0]),
    ] {
        program.set_uniform("x", x).unwrap();
        assert_eq!(
            program.evaluate(COLOR_NODE, &Fragment::default()).unwrap(),
            expected.to_vec(),
            "x = {x}"
        );
    }
}

#[test]
fn loops_count_from_a_start_by_a_step_and_zero_times_changes_nothing() {
    let g = NodeGraph::new();
    let sum = g.Var(g.float(1.0));
    let i = g.LoopFrom(3, 2.0, 0.5);
    g.assign(sum, g.add(g.get(sum), i));
    g.End();
    // 1 + 2 + 2.5 + 3 = 8.5.
    assert_eq!(eval(&opacity(&g, g.get(sum)), OPACITY_NODE), 8.5);

    let g = NodeGraph::new();
    let sum = g.Var(g.float(1.0));
    let i = g.Loop(0);
    g.assign(sum, g.add(g.get(sum), i));
    g.Discard();
    g.End();
    let program = opacity(&g, g.get(sum));
    assert_eq!(eval(&program, OPACITY_NODE), 1.0);
    assert!(
        !program.has_output(MASK_NODE),
        "a body that never runs discards nothing"
    );
}

#[test]
fn a_function_inlines_its_body_at_each_call() {
    let square_plus = TslFn::new(
        "square_plus",
        &[("v", ValueType::Vec2), ("k", ValueType::Float)],
        ValueType::Vec2,
        |g, a| g.add(g.mul(a[0], a[0]), a[1]),
    );
    let g = NodeGraph::new();
    let once = g.call(&square_plus, &[g.vec2(2.0, 3.0), g.float(1.0)]);
    let twice = g.call(&square_plus, &[once, g.float(-1.0)]);
    g.set_output(COLOR_NODE, g.join(&[twice, g.float(0.0)]))
        .unwrap();
    // (4 + 1, 9 + 1) = (5, 10); (25 - 1, 100 - 1) = (24, 99).
    assert_eq!(
        g.compile()
            .unwrap()
            .evaluate(COLOR_NODE, &Fragment::default())
            .unwrap(),
        vec![24.0, 99.0, 0.0]
    );
}

fn refusal(g: &NodeGraph) -> String {
    g.error().expect("a refusal").to_string()
}

#[test]
fn statements_refuse_what_spec_000_refuses() {
    let g = NodeGraph::new();
    g.If(g.vec3(1.0, 0.0, 0.0));
    assert_eq!(refusal(&g), "If: the condition is a vec3, not a float");

    let g = NodeGraph::new();
    g.Else();
    assert_eq!(refusal(&g), "Else: no If is open");
    let g = NodeGraph::new();
    g.ElseIf(g.float(1.0));
    assert_eq!(refusal(&g), "ElseIf: no If is open");
    let g = NodeGraph::new();
    g.If(g.float(1.0));
    g.Else();
    g.Else();
    assert_eq!(refusal(&g), "Else: the If already has its Else");
    let g = NodeGraph::new();
    g.End();
    assert_eq!(refusal(&g), "End: no block is open");

    for count in [-1, 1025] {
        let g = NodeGraph::new();
        g.Loop(count);
        assert_eq!(
            refusal(&g),
            format!("Loop: the count {count} is outside 0 to 1024")
        );
    }
    let g = NodeGraph::new();
    g.Loop(1024);
    g.End();
    assert!(g.error().is_none(), "1024 times is allowed");

    let g = NodeGraph::new();
    g.Break();
    assert_eq!(refusal(&g), "Break: no Loop is open");
    let g = NodeGraph::new();
    g.Continue();
    assert_eq!(refusal(&g), "Continue: no Loop is open");
    let g = NodeGraph::new();
    g.Return(g.float(1.0));
    assert_eq!(refusal(&g), "Return: no Fn is being built");

    let g = NodeGraph::new();
    let v = g.Var(g.vec2(0.0, 0.0));
    g.assign(v, g.float(1.0));
    assert_eq!(refusal(&g), "assign: the variable is a vec2, not a float");
    let g = NodeGraph::new();
    g.Var(g.named_uniform("m", glam::Mat3::IDENTITY));
    assert_eq!(
        refusal(&g),
        "Var: a mat3 cannot be a variable; a variable holds a float or a vector"
    );
    let (g, other) = (NodeGraph::new(), NodeGraph::new());
    let foreign = other.Var(other.float(0.0));
    g.get(foreign);
    assert_eq!(refusal(&g), "get: variable #0 names nothing in this graph");
}

#[test]
fn a_loop_that_would_grow_the_graph_too_far_is_refused_at_its_end() {
    let g = NodeGraph::new();
    let sum = g.Var(g.float(0.0));
    let i = g.Loop(1024);
    let mut x = i;
    for _ in 0..100 {
        x = g.sin(x);
    }
    g.assign(sum, g.add(g.get(sum), x));
    assert!(g.error().is_none());
    g.End();
    let message = refusal(&g);
    assert!(
        message.starts_with("End: unrolling Loop(1024) would grow the graph to "),
        "{message}"
    );
    assert!(
        message.ends_with("nodes, past MAX_GRAPH_NODES (65536)"),
        "{message}"
    );
}

#[test]
fn calls_check_arguments_and_answers_against_the_layout() {
    let f = TslFn::new("f", &[("x", ValueType::Float)], ValueType::Vec3, |g, a| {
        g.join(&[a[0], a[0], a[0]])
    });
    let g = NodeGraph::new();
    g.call(&f, &[g.vec3(1.0, 2.0, 3.0)]);
    assert_eq!(
        refusal(&g),
        "call f: argument 0 (x) is a vec3, the layout says float"
    );
    let g = NodeGraph::new();
    g.call(&f, &[]);
    assert_eq!(refusal(&g), "call f: 0 arguments, the layout takes 1");

    let wrong = TslFn::new("wrong", &[], ValueType::Vec3, |g, _| g.float(1.0));
    let g = NodeGraph::new();
    g.call(&wrong, &[]);
    assert_eq!(
        refusal(&g),
        "call wrong: the body answers a float, the layout says vec3"
    );

    let returns_wrong = TslFn::new("r", &[], ValueType::Float, |g, _| {
        g.Return(g.vec2(1.0, 1.0));
        g.float(0.0)
    });
    let g = NodeGraph::new();
    g.call(&returns_wrong, &[]);
    assert_eq!(refusal(&g), "Return: the Fn answers a float, not a vec2");

    let open = TslFn::new("open", &[], ValueType::Float, |g, _| {
        g.If(g.float(1.0));
        g.float(0.0)
    });
    let g = NodeGraph::new();
    g.call(&open, &[]);
    assert_eq!(
        refusal(&g),
        "call open: the body left a block open; close it with End"
    );
}

#[test]
fn compile_refuses_a_block_that_end_never_closed() {
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.float(1.0)).unwrap();
    g.Loop(2);
    assert_eq!(
        g.compile().unwrap_err().to_string(),
        "compile: a block that End never closed (Loop)"
    );
}

/// A small language of loop bodies, run two ways: as a graph and as plain Rust.
mod generated {
    use super::*;

    #[derive(Clone, Debug)]
    pub enum Stmt {
        /// sum = sum * a + i * b + x
        Accumulate(f32, f32),
        /// if (i op k) { body } else { other }
        If(Cmp, f32, Vec<Stmt>, Vec<Stmt>),
        Break,
        Continue,
        /// return sum * 0.5 + i, from the function the program is.
        Return,
        /// for j in 0..n { body }, the inner index read as `i` there.
        Loop(u32, Vec<Stmt>),
    }

    #[derive(Clone, Copy, Debug)]
    pub enum Cmp {
        Less,
        Greater,
        Equal,
    }

    pub struct Rng(pub u64);

    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        pub fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    pub fn body(rng: &mut Rng, depth: u32, in_loop: bool) -> Vec<Stmt> {
        let n = 1 + rng.below(3);
        (0..n).map(|_| stmt(rng, depth, in_loop)).collect()
    }

    fn stmt(rng: &mut Rng, depth: u32, in_loop: bool) -> Stmt {
        let small = |rng: &mut Rng| (rng.below(7) as f32 - 3.0) * 0.5;
        if rng.below(12) == 0 {
            return Stmt::Return;
        }
        match rng.below(if depth > 0 { 6 } else { 4 }) {
            0 | 1 => Stmt::Accumulate(small(rng), small(rng)),
            2 if in_loop => Stmt::Break,
            3 if in_loop => Stmt::Continue,
            2 | 3 => Stmt::Accumulate(1.0, 1.0),
            4 => {
                let cmp = [Cmp::Less, Cmp::Greater, Cmp::Equal][rng.below(3) as usize];
                let k = rng.below(5) as f32;
                Stmt::If(
                    cmp,
                    k,
                    body(rng, depth - 1, in_loop),
                    if rng.below(2) == 0 {
                        vec![]
                    } else {
                        body(rng, depth - 1, in_loop)
                    },
                )
            }
            _ => Stmt::Loop(rng.below(5) as u32, body(rng, depth - 1, true)),
        }
    }

    pub enum Flow {
        Normal,
        Break,
        Continue,
        Return(f32),
    }

    /// The program as plain Rust.
    pub fn run(stmts: &[Stmt], i: f32, x: f32, sum: &mut f32) -> Flow {
        for s in stmts {
            match s {
                Stmt::Accumulate(a, b) => *sum = *sum * a + i * b + x,
                Stmt::If(cmp, k, then, other) => {
                    let holds = match cmp {
                        Cmp::Less => i < *k,
                        Cmp::Greater => i > *k,
                        Cmp::Equal => i == *k,
                    };
                    match run(if holds { then } else { other }, i, x, sum) {
                        Flow::Normal => {}
                        flow => return flow,
                    }
                }
                Stmt::Break => return Flow::Break,
                Stmt::Continue => return Flow::Continue,
                Stmt::Return => return Flow::Return(*sum * 0.5 + i),
                Stmt::Loop(n, inner) => {
                    for j in 0..*n {
                        match run(inner, j as f32, x, sum) {
                            Flow::Break => break,
                            Flow::Return(v) => return Flow::Return(v),
                            _ => {}
                        }
                    }
                }
            }
        }
        Flow::Normal
    }

    /// The program as a graph.
    pub fn build(g: &NodeGraph, stmts: &[Stmt], i: NodeRef, x: NodeRef, sum: NodeVar) {
        for s in stmts {
            match s {
                Stmt::Accumulate(a, b) => {
                    let value = g.add(
                        g.add(g.mul(g.get(sum), g.float(*a)), g.mul(i, g.float(*b))),
                        x,
                    );
                    g.assign(sum, value);
                }
                Stmt::If(cmp, k, then, other) => {
                    let k = g.float(*k);
                    let holds = match cmp {
                        Cmp::Less => g.less_than(i, k),
                        Cmp::Greater => g.greater_than(i, k),
                        Cmp::Equal => g.equal(i, k),
                    };
                    g.If(holds);
                    build(g, then, i, x, sum);
                    if !other.is_empty() {
                        g.Else();
                        build(g, other, i, x, sum);
                    }
                    g.End();
                }
                Stmt::Break => g.Break(),
                Stmt::Continue => g.Continue(),
                Stmt::Return => g.Return(g.add(g.mul(g.get(sum), g.float(0.5)), i)),
                Stmt::Loop(n, inner) => {
                    let j = g.Loop(*n as i64);
                    build(g, inner, j, x, sum);
                    g.End();
                }
            }
        }
    }
}

#[test]
fn generated_programs_agree_with_plain_rust() {
    use generated::*;
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let (mut checked, mut returns) = (0, 0);
    for case in 0..150 {
        let count = rng.below(6) as u32;
        let program_body = body(&mut rng, 3, true);
        // The program is a Fn of x, so that Return has a function to leave.
        let stmts = program_body.clone();
        let program_fn = TslFn::new(
            "generated",
            &[("x", ValueType::Float)],
            ValueType::Float,
            move |g, args| {
                let sum = g.Var(g.float(0.0));
                let i = g.Loop(count as i64);
                build(g, &stmts, i, args[0], sum);
                g.End();
                g.get(sum)
            },
        );
        let g = NodeGraph::new();
        let x = g.named_uniform("x", 0.0f32);
        let answer = g.call(&program_fn, &[x]);
        let Ok(mut program) = opacity_checked(&g, answer) else {
            continue;
        };
        for xv in [-1.0f32, 0.0, 0.5, 2.0] {
            let mut sum = 0.0f32;
            let mut expected = None;
            for i in 0..count {
                match run(&program_body, i as f32, xv, &mut sum) {
                    Flow::Break => break,
                    Flow::Return(v) => {
                        expected = Some(v);
                        break;
                    }
                    _ => {}
                }
            }
            let expected = expected.unwrap_or(sum);
            program.set_uniform("x", xv).unwrap();
            let got = eval(&program, OPACITY_NODE);
            assert!(
                got == expected || (got - expected).abs() <= 1e-4 * expected.abs().max(1.0),
                "case {case}, x = {xv}: graph {got}, Rust {expected}\n{program_body:?}"
            );
            checked += 1;
            returns += program_body_returns(&program_body) as usize;
        }
    }
    assert!(returns > 0, "no generated program returns early");
    assert!(checked >= 400, "only {checked} programs fit the limits");
}

/// Whether a program holds a Return anywhere.
fn program_body_returns(stmts: &[generated::Stmt]) -> bool {
    use generated::Stmt;
    stmts.iter().any(|s| match s {
        Stmt::Return => true,
        Stmt::If(_, _, a, b) => program_body_returns(a) || program_body_returns(b),
        Stmt::Loop(_, body) => program_body_returns(body),
        _ => false,
    })
}

fn opacity_checked(g: &NodeGraph, value: NodeRef) -> Result<NodeProgram, GraphError> {
    g.set_output(OPACITY_NODE, value)?;
    g.compile()
}
