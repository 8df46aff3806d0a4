//! Every refusal of R-REF (docs/requirements.md) that the core builds, and compile's and the
//! program's refusals that need no control flow: each checks its error and its message.

use glam::{Mat3, Mat4, Vec3};
use tsl_core::*;

fn message(e: impl Into<GraphError>) -> String {
    e.into().to_string()
}

/// The first refusal the graph recorded.
fn refusal(graph: &NodeGraph) -> String {
    message(graph.error().expect("the graph refused something"))
}

#[test]
fn vectors_of_different_widths_are_refused_and_the_graph_is_unchanged() {
    let g = NodeGraph::new();
    let (a, b) = (g.vec3(1.0, 2.0, 3.0), g.vec2(1.0, 2.0));
    let before = g.node_count();
    let sum = g.add(a, b);
    assert!(sum.is_refused());
    assert_eq!(
        g.node_count(),
        before,
        "a refused node leaves the graph as it was"
    );
    assert_eq!(refusal(&g), "add: vec3 and vec2 differ in width");
    assert_eq!(
        message(g.compile().unwrap_err()),
        "add: vec3 and vec2 differ in width"
    );
}

#[test]
fn a_node_built_on_a_refused_node_reports_the_first_cause() {
    let g = NodeGraph::new();
    let bad = g.mix(g.vec4(0.0, 0.0, 0.0, 0.0), g.vec2(1.0, 1.0), g.float(0.5));
    let wrapped = g.sin(g.normalize(bad));
    assert!(wrapped.is_refused());
    assert_eq!(refusal(&g), "mix: vec4 and vec2 differ in width");
    assert_eq!(
        message(
            g.set_output(COLOR_NODE, g.swizzle(wrapped, "xyz"))
                .unwrap_err()
        ),
        "mix: vec4 and vec2 differ in width"
    );
}

#[test]
fn try_node_gives_a_result_per_node() {
    let g = NodeGraph::new();
    let (a, b) = (g.vec3(1.0, 2.0, 3.0), g.vec4(1.0, 2.0, 3.0, 4.0));
    let err = g
        .try_node("dot", Op::Math(Opcode::Dot), &[a, b])
        .unwrap_err();
    assert_eq!(message(err), "dot: vec3 and vec4 differ in width");
    assert!(g.try_node("dot", Op::Math(Opcode::Dot), &[a, a]).is_ok());
}

#[test]
fn a_matrix_or_a_texture_outside_mul_and_texture_is_refused() {
    let g = NodeGraph::new();
    let m = g.named_uniform("m", Mat3::IDENTITY);
    g.sin(m);
    assert_eq!(
        refusal(&g),
        "sin: a mat3 is not an operand of sin; only mul takes a matrix"
    );
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(0));
    g.add(map, g.float(1.0));
    assert_eq!(
        refusal(&g),
        "add: a texture is not an operand of add; only texture() reads a texture"
    );
    let g = NodeGraph::new();
    g.mul(map_of(&g), g.float(2.0));
    assert_eq!(
        refusal(&g),
        "mul: a texture is not an operand of mul; only texture() reads a texture"
    );
}

fn map_of(g: &NodeGraph) -> NodeRef {
    g.texture_uniform("map", TextureId(3))
}

#[test]
fn a_matrix_times_a_value_of_another_size_is_refused() {
    let g = NodeGraph::new();
    g.mul(g.named_uniform("m", Mat4::IDENTITY), g.vec3(1.0, 2.0, 3.0));
    assert_eq!(
        refusal(&g),
        "mul: a mat4 times a vec3: a matrix multiplies a vector of its width or a matrix of its size"
    );
    let g = NodeGraph::new();
    g.mul(
        g.named_uniform("a", Mat3::IDENTITY),
        g.named_uniform("b", Mat4::IDENTITY),
    );
    assert!(refusal(&g).starts_with("mul: a mat3 times a mat4"));
    let g = NodeGraph::new();
    g.mul(g.named_uniform("a", Mat3::IDENTITY), g.float(2.0));
    assert!(refusal(&g).starts_with("mul: a mat3 times a float"));
}

#[test]
fn a_texture_read_needs_a_vec2_and_a_texture() {
    let g = NodeGraph::new();
    g.texture(TextureId(1), g.vec3(0.5, 0.5, 0.0));
    assert_eq!(refusal(&g), "texture: the coordinate is a vec3, not a vec2");
    let g = NodeGraph::new();
    g.texture(NO_TEXTURE, g.uv());
    assert_eq!(refusal(&g), "texture: NO_TEXTURE names no texture");
    let g = NodeGraph::new();
    g.texture(g.vec3(1.0, 1.0, 1.0), g.uv());
    assert_eq!(refusal(&g), "texture: the map is a vec3, not a texture");
}

#[test]
fn a_swizzle_of_a_missing_component_is_refused() {
    let g = NodeGraph::new();
    g.swizzle(g.uv(), "xyz");
    assert_eq!(refusal(&g), "swizzle: vec2 has no component 'z'");
    for (pattern, reason) in [
        ("", "swizzle: '' has 0 components; a swizzle has 1 to 4"),
        (
            "xyzwx",
            "swizzle: 'xyzwx' has 5 components; a swizzle has 1 to 4",
        ),
        (
            "xg",
            "swizzle: 'xg' mixes the component sets xyzw, rgba and stpq",
        ),
        ("xk", "swizzle: 'k' is not a component (xyzw, rgba or stpq)"),
    ] {
        let g = NodeGraph::new();
        g.swizzle(g.vec4(1.0, 2.0, 3.0, 4.0), pattern);
        assert_eq!(refusal(&g), reason);
    }
    let g = NodeGraph::new();
    g.swizzle(g.named_uniform("m", Mat3::IDENTITY), "x");
    assert_eq!(refusal(&g), "swizzle: a mat3 has no components to swizzle");
}

#[test]
fn a_join_of_more_than_four_components_is_refused() {
    let g = NodeGraph::new();
    g.join(&[g.vec3(1.0, 2.0, 3.0), g.vec2(4.0, 5.0)]);
    assert_eq!(refusal(&g), "join: 5 components, at most 4");
    let g = NodeGraph::new();
    g.join(&[]);
    assert_eq!(refusal(&g), "join: nothing to join");
}

#[test]
fn an_output_given_a_node_of_the_wrong_type_is_refused() {
    let g = NodeGraph::new();
    let err = g.set_output(COLOR_NODE, g.vec2(1.0, 1.0)).unwrap_err();
    assert_eq!(
        message(err),
        "set_output: COLOR_NODE takes a float, vec3 or vec4, not a vec2"
    );
    let err = g
        .set_output(OPACITY_NODE, g.vec3(1.0, 1.0, 1.0))
        .unwrap_err();
    assert_eq!(
        message(err),
        "set_output: OPACITY_NODE takes a float, not a vec3"
    );
    for output in Output::ALL {
        let node = match output.value_type() {
            ValueType::Float => g.vec2(0.0, 0.0),
            _ if output == COLOR_NODE || output == OUTPUT_NODE => g.vec2(0.0, 0.0),
            ValueType::Vec4 => g.vec3(0.0, 0.0, 0.0),
            _ => g.vec4(0.0, 0.0, 0.0, 0.0),
        };
        assert!(
            g.set_output(output, node).is_err(),
            "{output} took a node of the wrong type"
        );
        assert_eq!(g.output(output), None);
    }
}

#[test]
fn set_name_refuses_a_node_that_is_not_a_uniform_and_an_empty_name() {
    let g = NodeGraph::new();
    let x = g.float(1.0);
    assert!(g.set_name(x, "x").is_refused());
    assert_eq!(
        refusal(&g),
        "set_name: node #0 is not a uniform, so it has no name to set"
    );
    let g = NodeGraph::new();
    let u = g.uniform(1.0f32);
    assert!(g.set_name(u, "").is_refused());
    assert_eq!(refusal(&g), "set_name: a uniform's name cannot be empty");
    // Names are labels (R-VAL-17): no name, and one name twice, are both fine.
    let g = NodeGraph::new();
    g.uniform(1.0f32);
    g.named_uniform("tint", Color::WHITE);
    assert!(!g.texture_uniform("tint", TextureId(0)).is_refused());
    assert_eq!(g.error(), None);
    assert_eq!(g.uniforms().len(), 3);
}

#[test]
fn a_ref_of_another_graph_names_nothing_here() {
    let (a, b) = (NodeGraph::new(), NodeGraph::new());
    for _ in 0..3 {
        b.float(1.0);
    }
    let foreign = b.float(2.0);
    a.sin(foreign);
    assert_eq!(refusal(&a), "sin: node #3 names nothing in this graph");
    let err = a.set_output(OPACITY_NODE, foreign).unwrap_err();
    assert_eq!(
        message(err),
        "set_output: node #3 names nothing in this graph"
    );
}

#[test]
fn a_rewire_that_changes_a_type_or_makes_a_cycle_is_refused() {
    let g = NodeGraph::new();
    let x = g.float(1.0);
    let s = g.sin(x);
    let c = g.cos(s);
    let err = g.set_input(s, 0, g.vec2(0.0, 0.0)).unwrap_err();
    assert_eq!(
        message(err),
        "set_input: input 0 of node #1 is a float; a vec2 would change its type"
    );
    let err = g.set_input(s, 0, c).unwrap_err();
    assert_eq!(
        message(err),
        "set_input: node #2 reads node #1, so the rewire would make a cycle"
    );
    let err = g.set_input(s, 0, s).unwrap_err();
    assert!(message(err).contains("cycle"));
    let err = g.set_input(s, 1, x).unwrap_err();
    assert_eq!(message(err), "set_input: node #1 has no input 1 (1 inputs)");

    // A rewire that keeps the type works, and the program sees it.
    g.set_input(s, 0, g.float(0.0)).unwrap();
    g.set_output(OPACITY_NODE, c).unwrap();
    let value = g
        .compile()
        .unwrap()
        .evaluate(OPACITY_NODE, &Fragment::default())
        .unwrap();
    assert_eq!(value, vec![1.0], "cos(sin(0)) = 1");
}

#[test]
fn compile_refuses_a_graph_with_no_output() {
    let g = NodeGraph::new();
    g.add(g.float(1.0), g.float(2.0));
    assert_eq!(
        message(g.compile().unwrap_err()),
        "compile: the graph has no output and no discard"
    );
}

#[test]
fn compile_refuses_a_cycle_or_a_dangling_input_in_an_edited_graph() {
    let mut g = NodeGraph::new();
    let a = g.sin(g.float(1.0));
    let b = g.cos(a);
    g.set_output(OPACITY_NODE, b).unwrap();
    g.parts_mut().nodes[a.index()].inputs[0] = b.index() as u32;
    assert_eq!(
        message(g.compile().unwrap_err()),
        "compile: OPACITY_NODE reads a cycle through node #2"
    );
    g.parts_mut().nodes[a.index()].inputs[0] = 99;
    assert_eq!(
        message(g.compile().unwrap_err()),
        "compile: node #1 reads node #99, which does not exist"
    );
    g.parts_mut().nodes[a.index()].inputs[0] = 0;
    g.parts_mut().nodes[a.index()].ty = ValueType::Vec2;
    assert_eq!(
        message(g.compile().unwrap_err()),
        "compile: node #1 is typed vec2 but computes a float"
    );
    g.parts_mut().nodes[a.index()].ty = ValueType::Float;
    g.parts_mut().outputs[Output::Opacity.index()] = Some(1000);
    assert_eq!(
        message(g.compile().unwrap_err()),
        "compile: OPACITY_NODE names node #1000, which does not exist"
    );
}

#[test]
fn a_position_node_reads_no_fragment_attribute_texture_or_lit() {
    let reads = |build: &dyn Fn(&NodeGraph) -> NodeRef| {
        let g = NodeGraph::new();
        let offset = build(&g);
        g.set_output(POSITION_NODE, g.add(g.position_local(), offset))
            .unwrap();
        message(g.compile().unwrap_err())
    };
    assert_eq!(
        reads(&|g| g.normal_world()),
        "compile: POSITION_NODE reads normal_world, which a vertex does not have; a position node reads position_local, normal_local, uniforms, time and math of them"
    );
    assert!(
        reads(&|g| g.join(&[g.uv(), g.float(0.0)])).starts_with("compile: POSITION_NODE reads uv,")
    );
    assert!(
        reads(&|g| g.swizzle(g.texture(TextureId(0), g.vec2(0.0, 0.0)), "xyz"))
            .starts_with("compile: POSITION_NODE reads a texture,")
    );
    assert_eq!(
        reads(&|g| g.swizzle(g.lit(), "rgb")),
        "compile: POSITION_NODE reads lit, which only OUTPUT_NODE may read"
    );

    // What a position node may read compiles.
    let g = NodeGraph::new();
    let lift = g.named_uniform("lift", 0.1f32);
    let offset = g.mul(g.normal_local(), g.mul(lift, g.sin(g.time())));
    g.set_output(POSITION_NODE, g.add(offset, g.camera_position()))
        .unwrap();
    assert!(g.compile().is_ok());
}

#[test]
fn every_fragment_output_reads_the_local_position_and_normal_as_varyings() {
    // Once refused (R-REF-15, withdrawn); now each reads them at the corners (R-VAL-18).
    for output in [COLOR_NODE, NORMAL_NODE, OUTPUT_NODE, EMISSIVE_NODE] {
        for local in ["position_local", "normal_local"] {
            let g = NodeGraph::new();
            let node = if local == "position_local" {
                g.position_local()
            } else {
                g.normal_local()
            };
            g.set_output(output, node).unwrap();
            let program = g.compile().unwrap();
            let text = program.to_string();
            assert!(text.contains("corner2"), "{output} {local}: {text}");
        }
    }
    let g = NodeGraph::new();
    g.set_output(DEPTH_NODE, g.swizzle(g.position_local(), "z"))
        .unwrap();
    assert!(g.compile().is_ok());
}

#[test]
fn lit_belongs_to_the_output_node_alone() {
    for output in [COLOR_NODE, EMISSIVE_NODE, NORMAL_NODE] {
        let g = NodeGraph::new();
        g.set_output(output, g.swizzle(g.lit(), "rgb")).unwrap();
        assert_eq!(
            message(g.compile().unwrap_err()),
            format!("compile: {output} reads lit, which only OUTPUT_NODE may read")
        );
    }
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.mul(g.swizzle(g.lit(), "rgb"), g.float(2.0)))
        .unwrap();
    let program = g.compile().unwrap();
    let lit = Fragment {
        lit: Vec3::new(0.25, 0.5, 1.0),
        ..Fragment::default()
    };
    assert_eq!(
        program.evaluate(OUTPUT_NODE, &lit),
        Some(vec![0.5, 1.0, 2.0])
    );
}

#[test]
fn shadow_belongs_to_the_received_shadow_node_alone() {
    for output in [COLOR_NODE, OUTPUT_NODE, THICKNESS_COLOR_NODE] {
        let g = NodeGraph::new();
        g.set_output(output, g.shadow()).unwrap();
        assert_eq!(
            message(g.compile().unwrap_err()),
            format!("compile: {output} reads shadow, which only RECEIVED_SHADOW_NODE may read")
        );
    }
    let g = NodeGraph::new();
    g.set_output(RECEIVED_SHADOW_NODE, g.dfdx(g.shadow()))
        .unwrap();
    assert_eq!(
        message(g.compile().unwrap_err()),
        "compile: RECEIVED_SHADOW_NODE takes a derivative of shadow, which the neighbouring pixels do not have"
    );
    let g = NodeGraph::new();
    g.set_output(RECEIVED_SHADOW_NODE, g.varying(g.shadow()))
        .unwrap();
    assert!(g.compile().is_err());
    // The spec's red shadow: mix(red, 1, shadow), by hand at shadow (0, 0.5, 1).
    let g = NodeGraph::new();
    let red = g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow());
    g.set_output(RECEIVED_SHADOW_NODE, red).unwrap();
    let program = g.compile().unwrap();
    let at = Fragment {
        shadow: Vec3::new(0.0, 0.5, 1.0),
        ..Fragment::default()
    };
    assert_eq!(
        program.evaluate(RECEIVED_SHADOW_NODE, &at),
        Some(vec![1.0, 0.5, 1.0])
    );
}

#[test]
fn set_uniform_refuses_an_unknown_name_and_a_wrong_type() {
    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::WHITE);
    g.set_output(COLOR_NODE, tint).unwrap();
    let mut program = g.compile().unwrap();
    let err = program.set_uniform("tone", Vec3::ONE).unwrap_err();
    assert_eq!(message(err), "set_uniform: no uniform is named 'tone'");
    let err = program.set_uniform("tint", 1.0f32).unwrap_err();
    assert_eq!(
        message(err),
        "set_uniform: uniform 'tint' is a vec3, not a float"
    );
    let err = program.set_uniform("tint", Mat3::IDENTITY).unwrap_err();
    assert_eq!(
        message(err),
        "set_uniform: uniform 'tint' is a vec3, not a mat3"
    );
    // A vec3 and a colour are both vec3.
    program
        .set_uniform("tint", Vec3::new(0.5, 0.25, 0.125))
        .unwrap();
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![0.5, 0.25, 0.125])
    );
}

#[test]
fn set_texture_refuses_no_texture_and_a_uniform_that_is_not_a_texture() {
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", TextureId(2));
    let scale = g.named_uniform("scale", 1.0f32);
    let texel = g.texture(map, g.mul(g.uv(), scale));
    g.set_output(COLOR_NODE, g.swizzle(texel, "rgb")).unwrap();
    let mut program = g.compile().unwrap();
    assert_eq!(program.textures(), vec![TextureId(2)]);
    let err = program.set_texture("map", NO_TEXTURE).unwrap_err();
    assert_eq!(message(err), "set_texture: NO_TEXTURE names no texture");
    let err = program.set_texture("scale", TextureId(1)).unwrap_err();
    assert_eq!(
        message(err),
        "set_texture: uniform 'scale' is a float, not a texture"
    );
    let err = program.set_texture("nope", TextureId(1)).unwrap_err();
    assert_eq!(message(err), "set_texture: no uniform is named 'nope'");
    program.set_texture("map", TextureId(7)).unwrap();
    assert_eq!(program.textures(), vec![TextureId(7)]);
}

#[test]
fn a_graph_refuses_nodes_past_max_graph_nodes() {
    let g = NodeGraph::new();
    let mut x = g.float(0.0);
    for _ in 1..MAX_GRAPH_NODES {
        x = g.add(x, x);
    }
    assert_eq!(g.node_count(), MAX_GRAPH_NODES);
    assert!(g.error().is_none());
    assert!(g.sin(x).is_refused());
    assert_eq!(
        refusal(&g),
        "sin: the graph already holds MAX_GRAPH_NODES (65536) nodes"
    );
}

#[test]
fn a_front_end_records_its_own_refusal_and_texture_ids_are_nodes() {
    let g = NodeGraph::new();
    let map = g.texture_id(TextureId(4));
    assert_eq!(g.type_of(map), Some(ValueType::Texture));
    assert!(g.texture_id(NO_TEXTURE).is_refused());
    assert_eq!(refusal(&g), "texture: NO_TEXTURE names no texture");

    let g = NodeGraph::new();
    let before = g.node_count();
    let refused = g.refuse_node("call f", "argument 0 is a vec3, the layout says float");
    assert!(refused.is_refused());
    assert_eq!(g.node_count(), before);
    g.set_output(OPACITY_NODE, g.float(1.0)).unwrap();
    assert_eq!(
        g.compile().unwrap_err().to_string(),
        "call f: argument 0 is a vec3, the layout says float"
    );
}
