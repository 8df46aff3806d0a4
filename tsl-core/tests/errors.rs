//! Each area's error holds the refusal's data, for a caller to match on, and its message is the
//! one the area always gave: what refused, then why.

use glam::Vec3;
use tsl_core::*;

#[test]
fn a_type_rule_refusal_names_the_method_and_both_types() {
    let g = NodeGraph::new();
    let sum = g.add(g.vec3(1.0, 2.0, 3.0), g.vec2(1.0, 2.0));
    assert!(sum.is_refused());
    let error = g.error().expect("refused");
    // The componentwise rule keeps the widest operand so far (vec3) and meets a vec2.
    assert_eq!(
        error,
        BuildError {
            op: "add".into(),
            kind: BuildErrorKind::Type(TypeError::WidthMismatch {
                a: ValueType::Vec3,
                b: ValueType::Vec2,
            }),
        }
    );
    assert_eq!(error.to_string(), "add: vec3 and vec2 differ in width");
    assert_eq!(error.reason(), "vec3 and vec2 differ in width");
    // compile reports the recorded refusal, as a GraphError of the building area.
    assert_eq!(g.compile().unwrap_err(), GraphError::Build(error));
}

#[test]
fn a_statement_refusal_holds_its_numbers() {
    let g = NodeGraph::new();
    g.Loop(2000);
    let error = g.error().expect("refused");
    assert_eq!(error.op, "Loop");
    assert_eq!(error.kind, BuildErrorKind::LoopCount { count: 2000 });
}

#[test]
fn compile_refusals_name_the_output_they_are_about() {
    let g = NodeGraph::new();
    assert_eq!(
        g.compile().unwrap_err(),
        GraphError::Compile(CompileError::NoOutput)
    );

    // A position node runs per vertex, which has no interpolated uv.
    let g = NodeGraph::new();
    let offset = g.join(&[g.uv(), g.float(0.0)]);
    g.set_output(POSITION_NODE, offset).unwrap();
    let error = g.compile().unwrap_err();
    assert_eq!(
        error,
        GraphError::Compile(CompileError::FragmentInputInVertex {
            output: Output::Position,
            read: Reading::Attribute(Attribute::Uv),
        })
    );
    assert_eq!(error.output(), Some(Output::Position));
    assert_eq!(error.op(), "compile");
    assert!(error
        .to_string()
        .starts_with("compile: POSITION_NODE reads uv, which a vertex does not have"));
}

#[test]
fn program_refusals_hold_the_uniform_and_both_types() {
    let g = NodeGraph::new();
    let tone = g.named_uniform("tone", 0.5f32);
    g.set_output(OPACITY_NODE, tone).unwrap();
    let mut program = g.compile().unwrap();
    let error = program.set_uniform("tone", Vec3::ONE).unwrap_err();
    assert_eq!(
        error,
        ProgramError::UniformType {
            name: "tone".into(),
            uniform: ValueType::Float,
            value: ValueType::Vec3,
        }
    );
    assert_eq!(error.op(), "set_uniform");
    assert_eq!(
        program.set_texture("shade", TextureId(1)).unwrap_err(),
        ProgramError::NoUniform {
            op: "set_texture",
            name: "shade".into(),
        }
    );
}

#[test]
fn validation_refusals_hold_the_word_and_the_instruction() {
    assert_eq!(
        validate(&[0, 1, 2]).unwrap_err(),
        ValidationError::Short { words: 3 }
    );
    // A compiled program's first instruction, its opcode byte made one no operation has.
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.sin(g.time())).unwrap();
    let mut words = g.compile().unwrap().words().to_vec();
    let first = words[format::H_CODE] as usize;
    words[first] = (words[first] & !0xff) | 0xff;
    let error = validate(&words).unwrap_err();
    assert_eq!(
        error,
        ValidationError::Instruction {
            index: 0,
            error: InstructionError::UnknownOpcode { opcode: 255 },
        }
    );
    assert_eq!(
        error.to_string(),
        "validate: instruction 0: unknown opcode 255"
    );
}

#[cfg(feature = "glsl")]
mod glsl {
    use tsl_core::glsl::*;
    use tsl_core::*;

    fn toy(body: &str) -> GlslError {
        compile_shader_toy(&format!(
            "void mainImage(out vec4 fragColor, in vec2 fragCoord) {{\n{body}\n}}"
        ))
        .unwrap_err()
    }

    #[test]
    fn each_stage_of_the_front_end_says_it_refused() {
        let e = toy("  fragColor = vec4(1.0)\n");
        assert_eq!(
            (e.kind, e.shader),
            (GlslErrorKind::Syntax, Shader::ShaderToy)
        );
        let e = toy("  fragColor = vec4(nowhere);");
        assert_eq!((e.kind, e.line), (GlslErrorKind::Check, 2));
        let e = toy("#if 1\n  fragColor = vec4(1.0);");
        assert_eq!(e.kind, GlslErrorKind::Preprocess);
    }

    #[test]
    fn a_refusal_of_the_graph_carries_the_graphs_error() {
        // A million unrolled steps of two nodes each pass MAX_GRAPH_NODES (65,536) nodes.
        let e = toy(
            "  vec4 c = vec4(fragCoord, 0.0, 1.0);\n  for (int i = 0; i < 1000; i++) {\n    for (int j = 0; j < 1000; j++) {\n      c = c * 1.0001 + vec4(0.5);\n    }\n  }\n  fragColor = c;",
        );
        match &e.kind {
            GlslErrorKind::Build(error) => assert_eq!(error.kind, BuildErrorKind::GraphFull, "{e}"),
            other => panic!("{other:?}: {e}"),
        }
        assert!(e.reason.contains("MAX_GRAPH_NODES"), "{e}");
    }

    #[test]
    fn a_refusal_of_the_compiled_program_carries_the_compilers_error() {
        // A derivative reads the neighbouring pixels' values, which have no derivatives.
        let e = toy("  fragColor = vec4(dFdx(dFdx(fragCoord.x)));");
        assert_eq!(
            e.kind,
            GlslErrorKind::Compile(Box::new(GraphError::Compile(
                CompileError::DerivativeOfDerivative {
                    output: Output::Color
                }
            )))
        );
    }
}
