//! The panic audit (issue 13): the public functions that take a user's values refuse them or
//! compute, never panic. Each case runs under `catch_unwind`; the sites that cannot be reached
//! carry an `// Invariant:` comment in the source naming what guarantees it.

mod xorshift;

use std::panic::{catch_unwind, AssertUnwindSafe};
use tsl_core::noise::*;
use tsl_core::*;
use xorshift::Rng;

/// Run `f`, failing the test with `what` if it panics.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(_) => panic!("{what} panicked"),
    }
}

const EXTREMES: [f32; 9] = [
    0.0,
    -0.0,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    f32::MIN,
    1e30,
    -2_147_483_648.0,
];

#[test]
fn host_noise_takes_nan_infinite_and_huge_points_jitters_styles_and_metrics() {
    for &a in &EXTREMES {
        for &b in &EXTREMES {
            let p2 = [a, b];
            let p3 = [a, b, a];
            no_panic(&format!("noise at {p3:?}"), || {
                mx_noise_float(p2, b, a);
                mx_noise_float(p3, 1.0, 0.0);
                mx_noise_vec3(p3, a, b);
                mx_noise_vec4(p2, 1.0, 0.0);
                perlin_noise_vec4_2d(p2);
                perlin_noise_vec4_3d(p3);
                mx_cell_noise_float(p3);
                mx_cell_noise_vec3(p2);
                for k in [0, 1, 2, 3, 7, u32::MAX] {
                    mx_worley_noise_float(p3, b, k);
                    mx_worley_noise_vec2(p2, b);
                    mx_worley_noise_vec3(p3, b, k);
                    mx_worley_noise_vec3_style(p2, b, k, k);
                }
                for octaves in [0, 1, 8] {
                    mx_fractal_noise_float(p3, octaves, a, b, a);
                    mx_fractal_noise_vec2(p3, octaves, b, a, 1.0);
                    mx_fractal_noise_vec3(p3, octaves, a, b, 1.0);
                    mx_fractal_noise_vec4(p3, octaves, b, a, 1.0);
                }
            });
        }
    }
}

#[test]
fn builder_calls_with_hostile_constants_refuse() {
    let patterns = [
        "",
        "q",
        "xyzwx",
        "xyzwxyzw",
        "é",
        "x\u{0}",
        "rgbx",
        "xr",
        "\u{10FFFF}",
    ];
    for pattern in patterns {
        let graph = NodeGraph::new();
        let v = graph.vec3(1.0, 2.0, 3.0);
        no_panic(&format!("swizzle {pattern:?}"), || {
            graph.swizzle(v, pattern)
        });
    }
    for index in [3, 4, 255, 256, 300, usize::MAX] {
        let graph = NodeGraph::new();
        let v = graph.vec3(1.0, 2.0, 3.0);
        let m = graph.matrix(&[v, v, v]);
        let c = no_panic(&format!("column {index}"), || graph.column(m, index));
        assert!(c.is_refused(), "column {index}");
        assert!(no_panic("compile", || graph.compile()).is_err());
    }
    let graph = NodeGraph::new();
    no_panic("texture_id(NO_TEXTURE)", || {
        let uv = graph.uv();
        graph.texture_id(NO_TEXTURE);
        graph.texture(NO_TEXTURE, uv);
        graph.texture_uniform("t", NO_TEXTURE);
    });
    assert!(graph.compile().is_err());
    for octaves in [0, MAX_OCTAVES, MAX_OCTAVES + 1, u32::MAX] {
        let graph = NodeGraph::new();
        let p = graph.vec3(1.0, 2.0, 3.0);
        let f = graph.float(f32::NAN);
        no_panic(&format!("fractal of {octaves} octaves"), || {
            graph.mx_fractal_noise_float(p, octaves, f, f, f)
        });
    }
    // A node of another graph, and a refused node, as inputs.
    let other = NodeGraph::new();
    let foreign = other.float(1.0);
    let graph = NodeGraph::new();
    let refused = graph.column(graph.float(1.0), 0);
    no_panic("foreign and refused inputs", || {
        graph.add(foreign, graph.float(1.0));
        graph.add(refused, graph.float(1.0));
        graph.If(foreign);
        graph.End();
        graph.Var(refused);
    });
    assert!(graph.compile().is_err());
}

#[test]
fn loops_of_any_count_refuse_or_unroll() {
    for count in [i64::MIN, -1, 0, 1, 1 << 20, i64::MAX] {
        let graph = NodeGraph::new();
        no_panic(&format!("Loop({count})"), || {
            graph.Loop(count);
            graph.End();
            graph.LoopFrom(count, f32::NAN, f32::INFINITY);
            graph.End();
        });
    }
    // Statements out of order.
    let graph = NodeGraph::new();
    no_panic("statements out of order", || {
        graph.End();
        graph.Break();
        graph.Continue();
        graph.Return(graph.float(1.0));
        graph.ElseIf(graph.float(1.0));
        graph.Else();
        graph.Discard();
        graph.End();
    });
}

#[test]
fn the_typed_front_refuses_hostile_constants() {
    use tsl_core::typed::*;
    for index in [3, 4, 300, usize::MAX] {
        let scope = Scope::new();
        no_panic(&format!("typed column {index}"), || {
            let m = mat3(
                vec3(1.0, 0.0, 0.0),
                vec3(0.0, 1.0, 0.0),
                vec3(0.0, 0.0, 1.0),
            );
            let c = m.column(index);
            scope.color_node(c)
        })
        .unwrap_err();
    }
    for count in [i64::MIN, -1, i64::MAX] {
        let scope = Scope::new();
        no_panic(&format!("typed Loop({count})"), || {
            Loop(count, |i| {
                let _ = i + 1.0;
            });
            scope.opacity_node(float(1.0))
        })
        .ok();
    }
    // A texture uniform holding NO_TEXTURE is a value a renderer replaces: it compiles and
    // evaluates (the sampler's answer for no texture), without a panic.
    let scope = Scope::new();
    no_panic("typed texture of NO_TEXTURE", || {
        scope
            .color_node(texture(texture_uniform("t", NO_TEXTURE), uv()).xyz())
            .unwrap();
        let program = scope.compile().unwrap();
        program.evaluate(Output::Color, &Fragment::default())
    });
}

#[test]
fn compiled_programs_evaluate_every_output_at_extreme_fragments() {
    let graph = NodeGraph::new();
    let uv = graph.uv();
    let n = graph.mx_worley_noise_float(uv, graph.float(f32::NAN), graph.float(f32::NAN));
    graph.set_output(Output::Opacity, n).unwrap();
    let program = graph.compile().unwrap();
    for &x in &EXTREMES {
        let fragment = Fragment {
            uv: glam::Vec2::new(x, x),
            ..Fragment::default()
        };
        for output in Output::ALL {
            no_panic(&format!("evaluate {output:?} at {x}"), || {
                program.evaluate(output, &fragment)
            });
        }
    }
}

#[test]
fn typed_nodes_of_no_scope_or_of_a_dropped_scope_are_refused() {
    use tsl_core::typed::*;
    // Built with no scope alive: the thread's detached graph.
    let stray = float(1.0);
    let inner = {
        let _other = Scope::new();
        float(2.0)
    };
    let scope = Scope::new();
    for (what, node) in [("no scope", stray), ("a dropped scope", inner)] {
        let result = no_panic(what, || scope.opacity_node(node + 1.0));
        assert!(result.is_err() || scope.compile().is_err(), "{what}");
    }
}

/// Random sequences of builder calls, statements out of order, and edits through `parts_mut`
/// between them (nodes truncated, inputs and outputs rewired to any index): every call and
/// `compile` refuses or succeeds. 400 sequences of 40 calls; the work is bounded by the counts.
#[test]
fn random_statement_sequences_with_edits_never_panic() {
    for seed in 1..=400u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut graph = NodeGraph::new();
        let mut nodes = vec![graph.float(0.5)];
        let mut vars = Vec::new();
        for step in 0..40 {
            let pick = |rng: &mut Rng, nodes: &Vec<NodeRef>| nodes[rng.below(nodes.len())];
            let what = format!("seed {seed} step {step}");
            let op = rng.below(19);
            no_panic(&what, || match op {
                0 => nodes.push(graph.float(rng.below(4) as f32 - 1.0)),
                1 => vars.push(graph.Var(pick(&mut rng, &nodes))),
                2 if !vars.is_empty() => {
                    let v = vars[rng.below(vars.len())];
                    graph.assign(v, pick(&mut rng, &nodes))
                }
                3 if !vars.is_empty() => nodes.push(graph.get(vars[rng.below(vars.len())])),
                4 => graph.If(pick(&mut rng, &nodes)),
                5 => graph.ElseIf(pick(&mut rng, &nodes)),
                6 => graph.Else(),
                7 => graph.End(),
                8 => nodes.push(graph.Loop(rng.below(7) as i64 - 2)),
                9 => graph.Break(),
                10 => graph.Continue(),
                11 => graph.Discard(),
                12 => graph.Return(pick(&mut rng, &nodes)),
                13 => {
                    let parts = graph.parts_mut();
                    let keep = rng.below(parts.nodes.len() + 1);
                    parts.nodes.truncate(keep);
                }
                14 => {
                    let parts = graph.parts_mut();
                    if !parts.nodes.is_empty() {
                        let n = rng.below(parts.nodes.len());
                        let bad = rng.below(parts.nodes.len() + 3) as u32;
                        if let Some(input) = parts.nodes[n].inputs.first_mut() {
                            *input = bad;
                        }
                        parts.outputs[rng.below(OUTPUT_COUNT)] = Some(bad);
                    }
                }
                15 => {
                    let (a, b) = (pick(&mut rng, &nodes), pick(&mut rng, &nodes));
                    nodes.push(graph.add(a, b))
                }
                16 => {
                    let (a, b) = (pick(&mut rng, &nodes), pick(&mut rng, &nodes));
                    nodes.push(graph.greater_than(a, b))
                }
                17 => {
                    let _ = graph.set_output(Output::Opacity, pick(&mut rng, &nodes));
                }
                _ => {
                    if let Ok(program) = graph.compile() {
                        for output in Output::ALL {
                            program.evaluate(output, &Fragment::default());
                        }
                    }
                }
            });
        }
        no_panic(&format!("seed {seed}: compile"), || graph.compile()).ok();
    }
}
