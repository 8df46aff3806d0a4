//! Hostile input to the graph, the compiler and programs: every case is refused with an `Err`
//! (or accepted), never a panic, and the work is bounded by the input's size. Each test bounds
//! its work by counts, not by time.

mod xorshift;

use std::panic::{catch_unwind, AssertUnwindSafe};
use tsl_core::*;
use xorshift::Rng;

/// Run `f`, failing the test with `what` if it panics.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(value) => value,
        Err(_) => panic!("{what} panicked"),
    }
}

// ---- Declarations: many uniforms, names shared (R-VAL-17) ----

#[test]
fn max_graph_nodes_uniforms_declare_and_a_shared_name_is_accepted() {
    let graph = NodeGraph::new();
    for i in 0..MAX_GRAPH_NODES - 2 {
        let node = graph.named_uniform(&format!("u{i}"), i as f32);
        assert!(!node.is_refused(), "uniform u{i}");
    }
    assert_eq!(graph.error(), None);
    // A name in use is a uniform like any other (TSL's names are labels, not keys).
    assert!(!graph.named_uniform("u1234", 0.0).is_refused());
    assert_eq!(graph.error(), None);
    // The last node's room is still there, then the graph is full.
    assert!(!graph.texture_uniform("last", TextureId(3)).is_refused());
    assert!(graph.named_uniform("one_more", 0.0).is_refused());
    assert_eq!(graph.uniforms().len(), MAX_GRAPH_NODES);
}

#[test]
fn every_uniform_of_a_program_of_max_graph_nodes_uniforms_is_set_by_name() {
    let graph = NodeGraph::new();
    let count = MAX_GRAPH_NODES - 1;
    for i in 0..count {
        graph.named_uniform(&format!("u{i}"), 0.0);
    }
    graph
        .set_output(OPACITY_NODE, graph.node_ref(count - 1).unwrap())
        .unwrap();
    let mut program = graph.compile().unwrap();
    // A scan of the uniforms per call made this quadratic (minutes in debug).
    for i in 0..count {
        program.set_uniform(format!("u{i}"), i as f32).unwrap();
    }
    for i in (0..count).step_by(1000) {
        assert_eq!(program.uniform(format!("u{i}")), Some(vec![i as f32]));
    }
    assert_eq!(
        program.evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![(count - 1) as f32])
    );
    assert!(program.set_uniform("nope", 1.0).is_err());
    assert!(program.set_texture("u7", TextureId(1)).is_err());
}

// ---- Arity: checked before type inference ----

/// A node of each type, to feed operations.
fn operands(graph: &NodeGraph) -> Vec<NodeRef> {
    vec![
        graph.float(1.0),
        graph.vec2(1.0, 2.0),
        graph.vec3(1.0, 2.0, 3.0),
        graph.vec4(1.0, 2.0, 3.0, 4.0),
        graph.camera_view_matrix(),
        graph.texture_id(TextureId(1)),
    ]
}

#[test]
fn every_opcode_with_too_few_or_too_many_inputs_is_refused_without_a_panic() {
    for &code in Opcode::ALL {
        let arity = code.arity();
        for count in 0..=arity + 3 {
            for kind in 0..6 {
                let graph = NodeGraph::new();
                let all = operands(&graph);
                let inputs: Vec<NodeRef> = (0..count).map(|k| all[(kind + k) % 6]).collect();
                let node = no_panic(&format!("{} of {count} inputs", code.name()), || {
                    graph.math(code, &inputs)
                });
                if count != arity {
                    assert!(node.is_refused(), "{} of {count} inputs", code.name());
                    let error = graph.error().unwrap();
                    assert_eq!(
                        error.kind,
                        BuildErrorKind::InputCount {
                            given: count,
                            takes: arity,
                            most: arity
                        },
                        "{error}"
                    );
                    assert!(error.to_string().contains(&format!("{count}")), "{error}");
                }
            }
        }
    }
    let graph = NodeGraph::new();
    graph.math(Opcode::Refract, &[graph.vec3(0.0, 0.0, 1.0)]);
    assert_eq!(
        graph.error().unwrap().to_string(),
        "refract: takes 3 inputs, not 1"
    );
}

/// Every kind of operation a caller can hand `try_node`.
fn every_op() -> Vec<Op> {
    let mut ops = vec![
        Op::Join,
        Op::Texture,
        Op::Matrix,
        Op::Varying,
        Op::Derivative(Axis::X),
        Op::TextureConst(TextureId(2)),
        Op::TextureConst(NO_TEXTURE),
        Op::Uniform(0),
        Op::Uniform(usize::MAX),
        Op::Attribute(Attribute::Uv),
        Op::Attribute(Attribute::CameraViewMatrix),
        Op::Math(Opcode::Load),
        Op::Math(Opcode::Add),
        Op::Math(Opcode::PerlinFloat),
    ];
    for ty in [
        ValueType::Float,
        ValueType::Vec3,
        ValueType::Mat3,
        ValueType::Mat4,
        ValueType::Texture,
    ] {
        ops.push(Op::Constant {
            ty,
            value: [1.0; 4],
        });
    }
    for len in [0u8, 1, 4, 5, 255] {
        for c in [0u8, 3, 4, 7, 255] {
            ops.push(Op::Swizzle {
                components: [c, 0, c, 1],
                len,
            });
        }
    }
    for c in [0u8, 3, 4, 255] {
        ops.push(Op::Column(c));
    }
    ops
}

#[test]
fn try_node_of_every_operation_and_input_count_refuses_without_a_panic() {
    for op in every_op() {
        for count in 0..=5 {
            for kind in 0..6 {
                let graph = NodeGraph::new();
                graph.named_uniform("u", glam::Vec3::ONE);
                let all = operands(&graph);
                let inputs: Vec<NodeRef> = (0..count).map(|k| all[(kind + k) % 6]).collect();
                let what = format!("try_node({op:?}) of {count} inputs");
                let result = no_panic(&what, || graph.try_node("node", op.clone(), &inputs));
                if let Ok(node) = result {
                    // Whatever the graph accepts, compile accepts or refuses without a panic.
                    if graph.type_of(node) == Some(ValueType::Vec3) {
                        graph.set_output(COLOR_NODE, node).unwrap();
                        let _ = no_panic(&what, || graph.compile());
                    }
                }
            }
        }
    }
}

// ---- Edited parts: compile checks every node as the builder would ----

/// A small valid graph: `COLOR_NODE = vec3(sin(uv.x) * u, 1, 1) + texture(t, m[1].xy).xyz` and a few spare nodes of each
/// kind the edits below point at.
fn base() -> NodeGraph {
    let g = NodeGraph::new();
    let u = g.named_uniform("u", 2.0);
    let m = g.named_uniform("m", glam::Mat3::IDENTITY);
    let t = g.texture_uniform("t", TextureId(5));
    let x = g.swizzle(g.uv(), "x");
    let v = g.mul(g.sin(x), u);
    let color = g.join(&[v, g.float(1.0), g.float(1.0)]);
    let c = g.column(m, 1);
    let tex = g.swizzle(g.texture(t, g.swizzle(c, "xy")), "xyz");
    g.set_output(COLOR_NODE, g.add(color, tex)).unwrap();
    g.set_output(OPACITY_NODE, g.swizzle(c, "z")).unwrap();
    assert!(g.compile().is_ok());
    g
}

/// Edit a copy of [`base`] and compile it; the edit must be refused, never panic.
fn refused(what: &str, edit: impl FnOnce(&mut GraphParts)) -> GraphError {
    let mut graph = base();
    edit(graph.parts_mut());
    match no_panic(what, || graph.compile()) {
        Ok(_) => panic!("{what}: compiled"),
        Err(e) => e,
    }
}

fn find(parts: &GraphParts, pred: impl Fn(&GraphNode) -> bool) -> usize {
    parts
        .nodes
        .iter()
        .position(pred)
        .expect("a node of the base")
}

/// Set `COLOR_NODE` to the first three components of vec4 node `v`.
fn color_of_vec4(p: &mut GraphParts, v: u32) {
    p.nodes.push(GraphNode {
        op: Op::Swizzle {
            components: [0, 1, 2, 0],
            len: 3,
        },
        inputs: vec![v],
        ty: ValueType::Vec3,
    });
    p.outputs[COLOR_NODE.index()] = Some((p.nodes.len() - 1) as u32);
}

fn is_swizzle(n: &GraphNode) -> bool {
    matches!(n.op, Op::Swizzle { .. })
}

/// An edit of the parts.
type Edit = Box<dyn Fn(&mut GraphParts)>;

#[test]
fn edited_parts_are_refused_by_compile_never_panicking() {
    let cases: Vec<(&str, Edit)> = vec![
        // Constants of types that are not floats or vectors.
        (
            "constant mat3",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Constant { .. }));
                p.nodes[i].op = Op::Constant {
                    ty: ValueType::Mat3,
                    value: [0.0; 4],
                };
                p.nodes[i].ty = ValueType::Mat3;
                p.nodes.push(GraphNode {
                    op: Op::Column(0),
                    inputs: vec![i as u32],
                    ty: ValueType::Vec3,
                });
                let col = (p.nodes.len() - 1) as u32;
                p.nodes.push(GraphNode {
                    op: Op::Swizzle {
                        components: [0; 4],
                        len: 1,
                    },
                    inputs: vec![col],
                    ty: ValueType::Float,
                });
                p.outputs[OPACITY_NODE.index()] = Some((p.nodes.len() - 1) as u32);
            }),
        ),
        (
            "constant mat4 as a matrix operand",
            Box::new(|p| {
                p.nodes.push(GraphNode {
                    op: Op::Constant {
                        ty: ValueType::Mat4,
                        value: [0.0; 4],
                    },
                    inputs: vec![],
                    ty: ValueType::Mat4,
                });
                let m = (p.nodes.len() - 1) as u32;
                let c = find(p, |n| n.ty == ValueType::Vec4) as u32;
                p.nodes.push(GraphNode {
                    op: Op::Math(Opcode::Mul),
                    inputs: vec![m, c],
                    ty: ValueType::Vec4,
                });
                color_of_vec4(p, (p.nodes.len() - 1) as u32);
            }),
        ),
        (
            "constant texture as a map",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Uniform(2)));
                p.nodes[i].op = Op::Constant {
                    ty: ValueType::Texture,
                    value: [0.0; 4],
                };
            }),
        ),
        (
            "swizzle component 7",
            Box::new(|p| {
                let i = find(p, is_swizzle);
                p.nodes[i].op = Op::Swizzle {
                    components: [7, 0, 0, 0],
                    len: 1,
                };
            }),
        ),
        (
            "swizzle component 255 past len",
            Box::new(|p| {
                let i = find(p, is_swizzle);
                p.nodes[i].op = Op::Swizzle {
                    components: [0, 255, 255, 255],
                    len: 4,
                };
                p.nodes[i].ty = ValueType::Vec4;
            }),
        ),
        (
            "swizzle of length 0",
            Box::new(|p| {
                let i = find(p, is_swizzle);
                p.nodes[i].op = Op::Swizzle {
                    components: [0; 4],
                    len: 0,
                };
            }),
        ),
        (
            "swizzle of length 200",
            Box::new(|p| {
                let i = find(p, is_swizzle);
                p.nodes[i].op = Op::Swizzle {
                    components: [0; 4],
                    len: 200,
                };
            }),
        ),
        (
            "column 200",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Column(_)));
                p.nodes[i].op = Op::Column(200);
            }),
        ),
        (
            "input u32::MAX",
            Box::new(|p| {
                let i = find(p, |n| !n.inputs.is_empty());
                p.nodes[i].inputs[0] = u32::MAX;
            }),
        ),
        (
            "input to itself",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Math(Opcode::Sin)));
                p.nodes[i].inputs[0] = i as u32;
            }),
        ),
        (
            "math of one input too many",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Math(Opcode::Sin)));
                let extra = p.nodes[i].inputs[0];
                p.nodes[i].inputs.push(extra);
            }),
        ),
        (
            "mul of no input",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Math(Opcode::Mul)));
                p.nodes[i].inputs.clear();
            }),
        ),
        (
            "internal opcode",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Math(Opcode::Sin)));
                p.nodes[i].op = Op::Math(Opcode::Mov);
            }),
        ),
        (
            "texture of one input",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Texture));
                p.nodes[i].inputs.pop();
            }),
        ),
        (
            "join of nothing",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Join));
                p.nodes[i].inputs.clear();
            }),
        ),
        (
            "join of five",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Join));
                let first = p.nodes[i].inputs[0];
                p.nodes[i].inputs.push(first);
            }),
        ),
        (
            "matrix of two columns",
            Box::new(|p| {
                let c = find(p, |n| n.ty == ValueType::Vec4) as u32;
                p.nodes.push(GraphNode {
                    op: Op::Matrix,
                    inputs: vec![c, c],
                    ty: ValueType::Mat4,
                });
                let m = (p.nodes.len() - 1) as u32;
                p.nodes.push(GraphNode {
                    op: Op::Column(0),
                    inputs: vec![m],
                    ty: ValueType::Vec4,
                });
                color_of_vec4(p, (p.nodes.len() - 1) as u32);
            }),
        ),
        (
            "uniform index past the uniforms",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Uniform(0)));
                p.nodes[i].op = Op::Uniform(usize::MAX);
            }),
        ),
        (
            "uniform of another type",
            Box::new(|p| {
                p.uniforms[0].value = UniformInit::Value(UniformValue::Mat4(glam::Mat4::ZERO));
            }),
        ),
        (
            "texture id NO_TEXTURE",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Uniform(2)));
                p.nodes[i].op = Op::TextureConst(NO_TEXTURE);
            }),
        ),
        (
            "more nodes than MAX_GRAPH_NODES",
            Box::new(|p| {
                let c = p.nodes[find(p, |n| matches!(n.op, Op::Constant { .. }))].clone();
                p.nodes.resize(MAX_GRAPH_NODES + 1, c);
            }),
        ),
        (
            "more uniforms than MAX_GRAPH_NODES",
            Box::new(|p| {
                for i in 0..MAX_GRAPH_NODES {
                    p.uniforms.push(UniformDecl {
                        name: format!("extra{i}"),
                        value: UniformInit::Value(UniformValue::Mat4(glam::Mat4::ZERO)),
                    });
                }
            }),
        ),
        (
            "a node typed otherwise",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Math(Opcode::Sin)));
                p.nodes[i].ty = ValueType::Vec2;
            }),
        ),
        (
            "an attribute typed otherwise",
            Box::new(|p| {
                let i = find(p, |n| matches!(n.op, Op::Attribute(_)));
                p.nodes[i].ty = ValueType::Mat4;
            }),
        ),
        (
            "an output past the nodes",
            Box::new(|p| p.outputs[COLOR_NODE.index()] = Some(u32::MAX)),
        ),
        (
            "an output of another type",
            Box::new(|p| {
                // The mat3 uniform: no output takes a matrix (a float colour is fine, R-OUT-11).
                let m = find(p, |n| n.ty == ValueType::Mat3);
                p.outputs[COLOR_NODE.index()] = Some(m as u32)
            }),
        ),
    ];
    for (what, edit) in &cases {
        let error = refused(what, edit);
        assert!(
            error.to_string().starts_with("compile: "),
            "{what}: {error}"
        );
    }
    // The refusals name the cause.
    let constant = refused("constant mat3", &cases[0].1).to_string();
    assert!(constant.contains("mat3"), "{constant}");
    let swizzle = refused("swizzle 7", &cases[3].1).to_string();
    assert!(swizzle.contains('7'), "{swizzle}");
    let full_graph = cases
        .iter()
        .find(|(what, _)| *what == "more nodes than MAX_GRAPH_NODES")
        .expect("the case");
    let full = refused("full", &full_graph.1).to_string();
    assert!(full.contains("MAX_GRAPH_NODES"), "{full}");
}

#[test]
fn a_discard_whose_nodes_were_removed_is_refused() {
    let mut graph = NodeGraph::new();
    graph.If(graph.greater_than(graph.time(), graph.float(1.0)));
    graph.Discard();
    graph.End();
    graph.parts_mut().nodes.clear();
    assert!(no_panic("discard", || graph.compile()).is_err());
}

#[test]
fn random_edits_of_a_graph_compile_or_are_refused_never_panicking() {
    let ops = every_op();
    let types = [
        ValueType::Float,
        ValueType::Vec2,
        ValueType::Vec3,
        ValueType::Vec4,
        ValueType::Mat3,
        ValueType::Mat4,
        ValueType::Texture,
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let template = base();
    let mut compiled = 0;
    for round in 0..1500 {
        let mut graph = template.clone();
        let parts = graph.parts_mut();
        for _ in 0..1 + rng.below(3) {
            let n = parts.nodes.len();
            let i = rng.below(n);
            match rng.below(5) {
                0 => parts.nodes[i].op = ops[rng.below(ops.len())].clone(),
                1 => parts.nodes[i].ty = types[rng.below(types.len())],
                2 => {
                    let input = match rng.below(4) {
                        0 => u32::MAX,
                        1 => n as u32,
                        _ => rng.below(n) as u32,
                    };
                    if parts.nodes[i].inputs.is_empty() || rng.below(2) == 0 {
                        parts.nodes[i].inputs.push(input);
                    } else {
                        let slot = rng.below(parts.nodes[i].inputs.len());
                        parts.nodes[i].inputs[slot] = input;
                    }
                }
                3 => {
                    parts.nodes[i].inputs.pop();
                }
                _ => {
                    let output = Output::ALL[rng.below(Output::ALL.len())];
                    parts.outputs[output.index()] = Some(rng.below(n + 1) as u32);
                }
            }
        }
        let result = no_panic(&format!("round {round}"), || graph.compile());
        if let Ok(mut program) = result {
            compiled += 1;
            no_panic(&format!("round {round}: run"), || {
                let _ = program.set_uniform("u", 3.0);
                for output in Output::ALL {
                    let _ = program.evaluate(output, &Fragment::default());
                }
            });
        }
    }
    // Some edits keep the graph valid (a type set to what it was, an output moved to a node of
    // its type), so both branches ran.
    assert!(compiled > 0);
}

// ---- Program words: checked arithmetic wherever a word is trusted ----

fn small_program() -> NodeProgram {
    let graph = NodeGraph::new();
    let u = graph.named_uniform("u", glam::Vec4::ONE);
    let t = graph.texture_uniform("t", TextureId(4));
    graph
        .set_output(
            COLOR_NODE,
            graph.swizzle(graph.add(u, graph.texture(t, graph.uv())), "xyz"),
        )
        .unwrap();
    graph.compile().unwrap()
}

#[test]
fn a_uniform_slot_whose_end_wraps_around_is_refused() {
    let program = small_program();
    let slot = UniformSlot {
        name: "u".into(),
        ty: ValueType::Vec4,
        word: usize::MAX - 2,
    };
    let result = no_panic("from_words", || {
        NodeProgram::from_words(program.words().to_vec(), vec![slot], Vec::new())
    });
    assert!(
        matches!(result, Err(ProgramError::UniformOutsideData { .. })),
        "{result:?}"
    );
}

#[test]
fn extreme_slot_words_never_panic_in_from_words_set_uniform_or_run() {
    let program = small_program();
    let words = program.words().to_vec();
    let extremes = [
        0usize,
        1,
        format::H_DATA,
        words.len() - 1,
        words.len(),
        words.len() + 1,
        u32::MAX as usize,
        u32::MAX as usize + 1,
        usize::MAX / 2,
        usize::MAX - 16,
        usize::MAX - 3,
        usize::MAX - 2,
        usize::MAX - 1,
        usize::MAX,
    ];
    let types = [
        ValueType::Float,
        ValueType::Vec4,
        ValueType::Mat3,
        ValueType::Mat4,
        ValueType::Texture,
    ];
    for &word in &extremes {
        for ty in types {
            let uniforms = vec![UniformSlot {
                name: "u".into(),
                ty,
                word,
            }];
            let textures = vec![TextureSlot {
                uniform: Some("u".into()),
                word,
            }];
            for textures in [Vec::new(), textures] {
                let what = format!("a {ty} slot at word {word}");
                let result = no_panic(&what, || {
                    NodeProgram::from_words(words.clone(), uniforms.clone(), textures)
                });
                if let Ok(mut p) = result {
                    no_panic(&what, || {
                        let _ = p.set_uniform("u", glam::Vec4::ONE);
                        let _ = p.set_uniform("u", glam::Mat4::IDENTITY);
                        let _ = p.set_uniform("u", 1.0);
                        let _ = p.set_texture("u", TextureId(9));
                        let _ = p.uniform("u");
                        let _ = p.textures();
                        let _ = p.evaluate(COLOR_NODE, &Fragment::default());
                    });
                }
            }
        }
    }
    // Every header and operand word at an extreme value: from_words refuses or the program runs.
    let values = [
        0u32,
        1,
        2,
        3,
        0x7fff_ffff,
        u32::MAX - 3,
        u32::MAX - 1,
        u32::MAX,
    ];
    for at in 0..words.len() {
        for &value in &values {
            let mut edited = words.clone();
            edited[at] = value;
            let what = format!("word {at} = {value:#x}");
            let result = no_panic(&what, || {
                NodeProgram::from_words(edited, program.uniforms().to_vec(), Vec::new())
            });
            if let Ok(mut p) = result {
                no_panic(&what, || {
                    let _ = p.set_uniform("u", glam::Vec4::ONE);
                    for output in Output::ALL {
                        let _ = p.register_count(output);
                        let _ = p.evaluate(output, &Fragment::default());
                    }
                });
            }
        }
    }
}

// ---- Messages ----

#[test]
fn a_column_past_255_is_reported_as_given() {
    let graph = NodeGraph::new();
    let m = graph.named_uniform("m", glam::Mat3::IDENTITY);
    assert!(graph.column(m, 300).is_refused());
    let message = graph.error().unwrap().to_string();
    assert_eq!(message, "column: a mat3 has no column 300");
    let graph = NodeGraph::new();
    graph.column(graph.float(1.0), usize::MAX);
    let message = graph.error().unwrap().to_string();
    assert_eq!(message, "column: a float is not a matrix");
    let graph = NodeGraph::new();
    let m = graph.named_uniform("m", glam::Mat4::IDENTITY);
    graph.column(m, 4);
    let message = graph.error().unwrap().to_string();
    assert_eq!(message, "column: a mat4 has no column 4");
}

#[test]
fn a_loop_whose_body_was_removed_by_an_edit_ends_without_a_panic() {
    let mut graph = NodeGraph::new();
    let i = graph.Loop(4);
    let _ = graph.sin(i);
    graph.parts_mut().nodes.clear();
    no_panic("End", || graph.End());
    assert!(no_panic("compile", || graph.compile()).is_err());
}
