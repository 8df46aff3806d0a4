//! Outputs that share their work (docs/bytecode.md, "Running an output"): GLSL's `fragColor`
//! splits into COLOR_NODE (`.xyz`) and OPACITY_NODE (`.w`) of one value; the compiler lays the
//! opacity out as the colour's code plus one `mov`, and `run_nodes_after` runs only that `mov`
//! after the colour. The instruction counts are worked out by hand from the shader; the values
//! from GLSL's definition.

use glam::Vec3;
use tsl_core::glsl::compile_shader_toy;
use tsl_core::*;

/// `vec4(fragCoord, 0.25, fragCoord.x) * iTime`: by hand, `frag_coord` (1), the constant 0.25
/// (1), the join of the four components (1), `time` (1), the `mul` (1): five instructions; the
/// colour reads `.xyz` of the four, so it ends with a `mov` (6), and the opacity is those six and
/// a `mov` of `.w` (7).
const WHOLE: &str = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    fragColor = vec4(fragCoord, 0.25, fragCoord.x) * iTime;
}
";

fn at(x: f32, y: f32) -> Fragment {
    Fragment {
        frag_coord: Vec3::new(x, y, 0.5),
        ..Fragment::default()
    }
}

fn batch_of(fragment: &Fragment) -> FragmentBatch {
    let mut batch = FragmentBatch::new();
    for view in View::ALL {
        batch.set_view(view, 0, fragment);
    }
    batch
}

#[test]
fn an_opacity_of_the_colours_value_is_the_colours_code_and_one_mov() {
    let mut program = compile_shader_toy(WHOLE).unwrap();
    program.set_frame(2.0, glam::Mat4::IDENTITY);
    assert_eq!(program.instruction_count(COLOR_NODE), 6, "{program}");
    assert_eq!(program.instruction_count(OPACITY_NODE), 7, "{program}");
    let (color, opacity) = (
        program.output_range(COLOR_NODE),
        program.output_range(OPACITY_NODE),
    );
    assert_eq!(
        color.0, opacity.0,
        "the opacity starts where the colour does"
    );
    // The shared instructions are the same words, once.
    assert_eq!(program.words()[tsl_core::format::H_CODE_LEN], 7);
    // The colour computes three components, so a renderer takes alpha 1 from it and the alpha
    // from the opacity alone.
    assert_eq!(program.output_width(COLOR_NODE), 3);
    let f = at(3.5, 1.5);
    assert_eq!(program.evaluate(COLOR_NODE, &f), Some(vec![7.0, 3.0, 0.5]));
    assert_eq!(program.evaluate(OPACITY_NODE, &f), Some(vec![7.0]));
}

#[test]
fn after_the_colour_only_the_rest_of_the_opacity_runs() {
    let mut program = compile_shader_toy(WHOLE).unwrap();
    program.set_frame(2.0, glam::Mat4::IDENTITY);
    let (a, b) = (batch_of(&at(3.5, 1.5)), batch_of(&at(10.5, 4.5)));
    let mut registers = Registers::new();
    let rgb = run_nodes(&program, COLOR_NODE, &a, &WhiteSampler, &mut registers).unwrap();
    assert_eq!([rgb[0][0], rgb[1][0], rgb[2][0]], [7.0, 3.0, 0.5]);
    // Within its contract (the same batch) the result is the opacity's.
    let alpha = run_nodes_after(
        &program,
        OPACITY_NODE,
        COLOR_NODE,
        &a,
        &WhiteSampler,
        &mut registers,
    )
    .unwrap();
    assert_eq!(alpha[0][0], 7.0);
    // Handed another batch, the result is still batch a's (3.5 × 2), not b's (10.5 × 2): the
    // shared six instructions did not run again, only the final `mov` did.
    let _ = run_nodes(&program, COLOR_NODE, &a, &WhiteSampler, &mut registers);
    let alpha = run_nodes_after(
        &program,
        OPACITY_NODE,
        COLOR_NODE,
        &b,
        &WhiteSampler,
        &mut registers,
    )
    .unwrap();
    assert_eq!(alpha[0][0], 7.0);
    // run_nodes runs it all: b's.
    let alpha = run_nodes(&program, OPACITY_NODE, &b, &WhiteSampler, &mut registers).unwrap();
    assert_eq!(alpha[0][0], 21.0);
    // After an output whose code the opacity does not extend (here one the program does not
    // set), all of it runs.
    let _ = run_nodes(&program, COLOR_NODE, &a, &WhiteSampler, &mut registers);
    let alpha = run_nodes_after(
        &program,
        OPACITY_NODE,
        MASK_NODE,
        &b,
        &WhiteSampler,
        &mut registers,
    );
    assert_eq!(alpha.map(|r| r[0][0]), Some(21.0));
}

/// `vec4(col, 1.0)`, as most ShaderToys end: the opacity reads the constant alone and the colour
/// does not compute the join.
#[test]
fn a_constant_alpha_is_its_own_load() {
    let program = compile_shader_toy(
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec3 col = sin(vec3(fragCoord, 1.0) * iTime);
    fragColor = vec4(col, 1.0);
}
",
    )
    .unwrap();
    // By hand: frag_coord, the constant 1 (shared by the vec3 and the alpha), the join of the
    // vec3, time, mul, sin: six, ending with the vec3 `sin`; the opacity is the load of 1.
    assert_eq!(program.instruction_count(COLOR_NODE), 6, "{program}");
    assert_eq!(program.instruction_count(OPACITY_NODE), 1, "{program}");
    assert_eq!(program.output_width(COLOR_NODE), 3);
    assert_eq!(
        program.evaluate(OPACITY_NODE, &at(1.5, 2.5)),
        Some(vec![1.0])
    );
}

/// The examples' clouds ShaderToy (`examples/shadertoy.rs`): 202 colour and 203 opacity
/// instructions before sharing (the opacity repeated the colour and took `.w` of the join);
/// now the colour is its `col` alone and the opacity its constant alpha.
#[test]
fn the_clouds_shadertoy_computes_its_colour_once() {
    let source = include_str!("../../examples/shadertoy.rs");
    let start = source.find("const CLOUDS: &str = \"").unwrap() + 22;
    let end = start + source[start..].find("\";\n").unwrap();
    let program = compile_shader_toy(&source[start..end]).unwrap();
    assert_eq!(program.instruction_count(OPACITY_NODE), 1, "{program}");
    // The join of `vec4(col, 1.0)` (and that of `gl_FragCoord`, whose `.w` no one reads) is gone.
    assert_eq!(program.instruction_count(COLOR_NODE), 200);
}
