//! `tsl!{}` and `#[tsl_fn]`: programs written as plain Rust compute what the same programs built
//! with the untyped `NodeGraph` compute (on several fragments and uniform values), and what plain
//! Rust or a hand computation says. The worked examples R-EX-1 (docs/requirements.md), R-EX-3,
//! R-EX-4 and `first_square_over` (R-EX-5) are written with the macros.

mod macro_programs;

use macro_programs::*;
use tsl::prelude::*;

/// Fragments that differ in every attribute the tests read.
fn fragments() -> Vec<Fragment> {
    (0..6)
        .map(|i| {
            let t = i as f32;
            Fragment {
                uv: glam::Vec2::new(0.05 + 0.17 * t, 0.93 - 0.16 * t),
                position_world: glam::Vec3::new(2.5 - t, 0.4 * t - 1.0, 0.3 * t),
                vertex_color: glam::Vec3::new(0.2 + 0.1 * t, 0.4, 0.9 - 0.15 * t),
                lit: glam::Vec3::new(0.5, 0.1 * t, 0.75),
                ..Fragment::default()
            }
        })
        .collect()
}

/// The floats' bits, so that two NaNs of one computation compare equal.
fn bits(values: Option<Vec<f32>>) -> Option<Vec<u32>> {
    values.map(|v| v.iter().map(|x| x.to_bits()).collect())
}

/// Hold `output` of two programs to the same floats on every fragment.
fn same_values(a: &NodeProgram, b: &NodeProgram, output: Output) {
    for (i, fragment) in fragments().iter().enumerate() {
        assert_eq!(
            bits(a.evaluate(output, fragment)),
            bits(b.evaluate(output, fragment)),
            "{output} at fragment {i}"
        );
    }
}

fn eval1(program: &NodeProgram, output: Output) -> f32 {
    program.evaluate(output, &Fragment::default()).unwrap()[0]
}

fn close(found: &[f32], expected: &[f32], what: &str) {
    assert_eq!(found.len(), expected.len(), "{what}");
    for (f, e) in found.iter().zip(expected) {
        assert!(
            (f - e).abs() <= 1e-5 * e.abs().max(1.0),
            "{what}: {found:?}, expected {expected:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The worked examples (R-EX)
// ---------------------------------------------------------------------------------------------

#[test]
fn spec_000_first_graph() {
    let mut written = first_graph();

    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    let mixed = g.mix(
        g.swizzle(g.vertex_color(), "rgb"),
        tint,
        g.mul(wave, g.float(0.5)),
    );
    g.set_output(COLOR_NODE, mixed).unwrap();
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.vec3(1.0, 0.9, 0.8)),
    )
    .unwrap();
    let mut built = g.compile().unwrap();

    for (time, tint) in [(0.0, 0xff7828), (1.5, 0x2878ff), (4.25, 0x000000)] {
        for p in [&mut written, &mut built] {
            p.set_frame(time, Mat4::IDENTITY);
            p.set_uniform("tint", Color::from_hex(tint)).unwrap();
        }
        same_values(&written, &built, COLOR_NODE);
        same_values(&written, &built, OUTPUT_NODE);
        let t = (time * 2.0f32).sin() * 0.5;
        for f in fragments() {
            let expected = f.vertex_color * (1.0 - t) + Color::from_hex(tint).to_vec3() * t;
            close(
                &written.evaluate(COLOR_NODE, &f).unwrap(),
                &expected.to_array(),
                "colour",
            );
        }
    }
}

#[test]
fn spec_000_control_flow_example() {
    // Index 0 and 1 discard; index 2 and 3 add to the sum: 2 + 3 = 5.
    let program = control_flow();
    assert_eq!(eval1(&program, OPACITY_NODE), 5.0);
    assert_eq!(
        eval1(&program, MASK_NODE),
        0.0,
        "the fragment is thrown away"
    );
}

#[test]
fn spec_000_stripes() {
    let program = stripes_inline();
    for f in fragments() {
        let s = |x: f32| if (x * 8.0).fract() < 0.5 { 0.0 } else { 1.0 };
        let (x, y) = (s(f.uv.x), s(f.uv.y));
        assert_eq!(program.evaluate(COLOR_NODE, &f).unwrap(), vec![x, y, x]);
    }
}

/// The same function with the untyped builder, as tsl-core's control tests write it.
fn first_square_over_built() -> TslFn {
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
fn spec_001_first_square_over() {
    let mut written = first_square_over_program();

    let g = NodeGraph::new();
    let x = g.named_uniform("x", 0.0f32);
    g.set_output(OPACITY_NODE, g.call(&first_square_over_built(), &[x]))
        .unwrap();
    let mut built = g.compile().unwrap();
    // 7 * 7 = 49 is not over 49.
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
        written.set_uniform("x", x).unwrap();
        built.set_uniform("x", x).unwrap();
        assert_eq!(
            eval1(&written, OPACITY_NODE),
            expected,
            "first_square_over({x})"
        );
        assert_eq!(eval1(&built, OPACITY_NODE), expected, "built, x = {x}");
    }
}

// ---------------------------------------------------------------------------------------------
// The rewrite, construct by construct
// ---------------------------------------------------------------------------------------------

#[test]
fn if_statements_and_if_values_against_the_builder() {
    let written = if_statements();

    let g = NodeGraph::new();
    let p = g.position_world();
    let c = g.Var(g.vec3(0.0, 0.0, 0.0));
    let x = g.swizzle(p, "x");
    let y = g.swizzle(p, "y");
    let z = g.swizzle(p, "z");
    g.If(g.less_than(x, g.float(0.0)));
    g.assign(c, g.vec3(1.0, 0.0, 0.0));
    g.ElseIf(g.logical_and(
        g.less_than(x, g.float(1.0)),
        g.greater_than_equal(y, g.float(0.0)),
    ));
    g.assign(c, g.swizzle(p, "zyx"));
    g.assign(c, g.mul(g.get(c), g.float(2.0)));
    g.ElseIf(g.logical_or(
        g.logical_not(g.greater_than(z, g.float(0.5))),
        g.equal(y, g.float(0.2)),
    ));
    g.assign(c, g.add(g.get(c), g.float(0.25)));
    g.Else();
    g.assign(c, g.sub(g.get(c), g.float(0.5)));
    g.End();
    let shade = g.select(g.greater_than(y, g.float(0.0)), g.float(1.0), g.float(0.5));
    g.set_output(COLOR_NODE, g.mul(g.get(c), shade)).unwrap();
    same_values(&written, &g.compile().unwrap(), COLOR_NODE);
}

#[test]
fn loops_count_constant_ranges() {
    let program = loops();
    // 0+1+2+3+4; the digits 0, 3, 6, 9; the digits 3, 2, 1; three times through.
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![10.0, 369.0, 321.0])
    );
    assert_eq!(eval1(&program, OPACITY_NODE), 3.0);
}

#[test]
fn break_and_continue_against_plain_rust() {
    let mut program = break_continue();
    for limit in [-1.0f32, 0.0, 3.5, 6.0, 100.0] {
        let (mut sum, mut count) = (0.0f32, 0.0f32);
        for i in 0..7 {
            let fi = i as f32;
            if i % 2 == 1 {
                continue;
            }
            if fi > limit {
                break;
            }
            sum += fi;
            for j in 0..3 {
                if j >= i {
                    break;
                }
                count += 1.0;
            }
        }
        program.set_uniform("limit", limit).unwrap();
        assert_eq!(
            program.evaluate(COLOR_NODE, &Fragment::default()),
            Some(vec![sum, count, 0.0]),
            "limit {limit}"
        );
    }
}

#[test]
fn plain_rust_values_stay_rust_inside_tsl() {
    assert_eq!(eval1(&plain_rust(), OPACITY_NODE), 4.0);
}

fn fold_in_rust(mut p: glam::Vec3, limit: f32) -> glam::Vec3 {
    for _ in 0..3 {
        if p.length() > limit {
            return p.normalize() * limit;
        }
        let s = if p.x > 0.0 { 0.5 } else { -0.5 };
        p = p * 2.0 + glam::Vec3::new(s, 0.0, 0.25);
    }
    p
}

#[test]
fn tsl_fns_with_vars_early_returns_and_calls() {
    let mut program = fold_program();
    for p in [
        glam::Vec3::new(0.1, 0.2, 0.3),
        glam::Vec3::new(-0.4, 0.0, 0.1),
        glam::Vec3::new(5.0, 0.0, 0.0),
        glam::Vec3::new(0.5, -0.5, 0.5),
    ] {
        program.set_uniform("p", p).unwrap();
        let found = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
        close(
            &found,
            &fold_in_rust(p, 3.0).to_array(),
            &format!("fold({p})"),
        );
    }
}

/// A function that calls itself: the graph refuses the call rather than inlining forever.
#[tsl_fn]
fn forever(x: Float) -> Float {
    forever(x + 1.0)
}

#[test]
fn a_tsl_fn_that_calls_itself_is_refused() {
    let scope = Scope::new();
    let answer = forever(1.0);
    assert!(answer.is_refused());
    let error = scope.compile().unwrap_err();
    assert_eq!(error.reason(), "forever calls itself");
}

#[test]
fn a_tsl_fn_runs_in_each_threads_own_graph() {
    let handles: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                let scope = Scope::new();
                scope
                    .opacity_node(first_square_over(t as f32 * 10.0))
                    .unwrap();
                eval1(&scope.compile().unwrap(), OPACITY_NODE)
            })
        })
        .collect();
    let found: Vec<f32> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    // 0 -> 1, 10 -> 4, 20 -> 5, 30 -> 6.
    assert_eq!(found, vec![1.0, 4.0, 5.0, 6.0]);
}

#[test]
fn swizzle_fields_and_literals() {
    let program = swizzles();
    // White texture: 1 * 4 + (1, 2, 3) - (1, 2, 3) + (0.5, 0.5, 0.25).
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![4.5, 4.5, 4.25])
    );
}

#[test]
fn vars_declared_in_a_loop_body_and_shadowing() {
    let mut program = loop_vars();
    // (0 + 1) + (1 + 1) + (2 + 1); 1 * 3; the chain at x = 0.
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![6.0, 3.0, 0.5])
    );
    for (x, expected) in [(-2.0, -1.0), (0.99, 0.5), (1.0, 2.0)] {
        program.set_uniform("x", x).unwrap();
        assert_eq!(
            program.evaluate(COLOR_NODE, &Fragment::default()).unwrap()[2],
            expected,
            "x = {x}"
        );
    }
}

#[test]
fn the_readme_example_computes_stripes() {
    let program = readme_stripes();
    // step(0.5, fract(0.3)) = 0 and step(0.5, fract(0.7)) = 1.
    let f = Fragment {
        uv: glam::Vec2::new(0.3, 0.7),
        ..Fragment::default()
    };
    assert_eq!(
        program.evaluate(COLOR_NODE, &f).unwrap(),
        vec![0.0, 1.0, 0.0]
    );
}

#[test]
fn tsl_chains_inside_the_macro() {
    // TSL, ported line by line (chains, a Var's assign chains, a chained discard in an `If`):
    //   const p = uv().sub( 0.5 ).mul( 2 );
    //   const acc = float( 0 ).toVar();
    //   acc.addAssign( p.x.abs() );
    //   If( p.y.greaterThan( 0.5 ), () => { acc.mulAssign( 3 ); p.x.lessThan( -0.5 ).discard(); } );
    //   colorNode = vec3( acc, p.xy.length(), p.y.smoothstep( -1, 1 ) );
    //   opacityNode = acc.mul( 2 ).oneMinus();
    let scope = Scope::new();
    let (color, opacity) = tsl! {
        let p = uv().sub(0.5).mul(2);
        let mut acc = 0.0;
        acc.add_assign(p.x.abs());
        if p.y.greater_than(0.5) {
            acc.mul_assign(3);
            p.x.less_than(-0.5).discard();
        }
        (vec3(acc, p.xy.length(), p.y.smoothstep(-1, 1)), acc.mul(2).one_minus())
    };
    scope.color_node(color).unwrap();
    scope.opacity_node(opacity).unwrap();
    let program = scope.compile().unwrap();
    // By hand: p = 2 uv - 1; acc = |p.x|, times 3 where p.y > 0.5; smoothstep(-1, 1, y) at
    // s = (y + 1) / 2 is s² (3 - 2 s); discarded where also p.x < -0.5.
    let cases = [
        // uv, colour, opacity, mask
        ((0.9, 0.95), [2.4, 1.45f32.sqrt(), 0.99275], -3.8, 1.0),
        ((0.1, 0.8), [2.4, 1.0, 0.896], -3.8, 0.0),
        ((0.3, 0.2), [0.4, 0.52f32.sqrt(), 0.104], 0.2, 1.0),
    ];
    for ((u, v), rgb, alpha, mask) in cases {
        let f = Fragment {
            uv: glam::Vec2::new(u, v),
            ..Fragment::default()
        };
        let what = format!("uv ({u}, {v})");
        close(&program.evaluate(COLOR_NODE, &f).unwrap(), &rgb, &what);
        close(
            &program.evaluate(OPACITY_NODE, &f).unwrap(),
            &[alpha],
            &what,
        );
        close(&program.evaluate(MASK_NODE, &f).unwrap(), &[mask], &what);
    }
}

#[test]
fn tsl_one_and_two_argument_constructors() {
    // TSL's vec3(v4) keeps x, y, z; vec3(0.5) repeats; vec4(v3, 1) and vec3(v2, z) join;
    // vec4(v2) is (x, y, 0, 1) as three.js's NodeBuilder.format converts.
    let scope = Scope::new();
    let (rgb, alpha) = tsl! {
        let v4 = vec4(1, 2, 3, 4);
        let a = vec3(v4);
        let b = vec3(0.5);
        let w = vec4(a, 1);
        let u = vec4(uv());
        let q = vec3(uv(), 2);
        (a + b + vec3(w.w, u.w + u.z, q.z), vec2(u.x).y + vec2(q).x)
    };
    scope.color_node(rgb).unwrap();
    scope.opacity_node(alpha).unwrap();
    let program = scope.compile().unwrap();
    let f = Fragment {
        uv: glam::Vec2::new(0.25, 0.75),
        ..Fragment::default()
    };
    // (1, 2, 3) + 0.5 + (1, 1 + 0, 2); uv.x twice.
    assert_eq!(program.evaluate(COLOR_NODE, &f), Some(vec![2.5, 3.5, 5.5]));
    assert_eq!(program.evaluate(OPACITY_NODE, &f), Some(vec![0.5]));
}
