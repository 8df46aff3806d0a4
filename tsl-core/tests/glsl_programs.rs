//! What GLSL programs become: the card (R-EX-2, docs/requirements.md), the ShaderToy example
//! (R-EX-6), the position node and the varyings of the vertex shader's forms, defines, the depth
//! output, the uniforms a program declares, and how an error reads. Expected values are worked out
//! by hand or by the same arithmetic in Rust. (`glsl_oracle.rs` holds the cases checked against
//! Mesa's OpenGL ES.)

mod card;

use glam::{Mat4, Vec2, Vec3, Vec4};
use tsl_core::glsl::*;
use tsl_core::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

fn at_uv(u: f32, v: f32) -> Fragment {
    Fragment {
        uv: Vec2::new(u, v),
        ..Fragment::default()
    }
}

fn frag(program: &NodeProgram, output: Output, f: &Fragment) -> Vec<f32> {
    program.evaluate(output, f).expect("the output is set")
}

/// A sampler whose texture `id` reads (u, v, id, 1) everywhere.
struct UvSampler;

impl TextureSampler for UvSampler {
    fn sample(&self, texture: TextureId, u: &Lane, v: &Lane, out: &mut Register) {
        out[0] = *u;
        out[1] = *v;
        out[2].fill(texture.0 as f32);
        out[3].fill(1.0);
    }
}

#[test]
fn the_card_of_spec_000() {
    let mut program = compile_shader_material(card::VERTEX, card::FRAGMENT).unwrap();
    program.set_uniform("lift", 0.1f32).unwrap();
    program.set_texture("map", TextureId(7)).unwrap();
    // The position node is the offset normal * lift, per vertex.
    let vertex = Fragment {
        position_local: Vec3::new(1.0, 2.0, 3.0),
        normal_local: Vec3::new(0.0, 0.0, 1.0),
        ..Fragment::default()
    };
    let offset = frag(&program, POSITION_NODE, &vertex);
    let p = vertex.position_local;
    let moved = p + vertex.normal_local * 0.1;
    assert_eq!(offset, (moved - p).to_array().to_vec());
    // The colour reads the map at vUv * 2; the alpha is the map's.
    let f = at_uv(0.25, 0.5);
    let color = program.evaluate_with(COLOR_NODE, &f, &UvSampler).unwrap();
    assert_eq!(color, vec![0.5, 1.0, 7.0]);
    assert_eq!(
        program.evaluate_with(OPACITY_NODE, &f, &UvSampler),
        Some(vec![1.0])
    );
    // Past 0.9 the fragment is thrown away.
    assert_eq!(frag(&program, MASK_NODE, &f), vec![1.0]);
    assert_eq!(frag(&program, MASK_NODE, &at_uv(0.95, 0.5)), vec![0.0]);
}

#[test]
fn the_shader_toy_example_of_spec_001() {
    let mut program = compile_shader_toy(
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));
            fragColor = vec4(col, 1.0);
        }",
    )
    .unwrap();
    program
        .set_uniform("iResolution", Vec3::new(800.0, 600.0, 1.0))
        .unwrap();
    program.set_frame(1.5, Mat4::IDENTITY);
    // The pixel at (200, 450) from the bottom left: fragCoord is its centre, (200.5, 450.5).
    let f = Fragment {
        frag_coord: Vec3::new(200.5, 450.5, 0.5),
        ..Fragment::default()
    };
    let got = frag(&program, COLOR_NODE, &f);
    let (u, v) = (200.5 / 800.0, 450.5 / 600.0);
    let want = [u + 1.5, v + 2.0 + 1.5, u + 4.0 + 1.5].map(|a: f32| 0.5 + 0.5 * a.cos());
    for k in 0..3 {
        assert!((got[k] - want[k]).abs() < 1e-6, "{got:?} {want:?}");
    }
    assert_eq!(frag(&program, OPACITY_NODE, &f), vec![1.0]);
}

#[test]
fn a_shader_toy_program_has_its_inputs_as_uniforms() {
    let mut program = compile_shader_toy(
        "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel2, p / iResolution.xy) + iMouse * float(iFrame); }",
    )
    .unwrap();
    let names: Vec<&str> = program.uniforms().iter().map(|u| u.name.as_str()).collect();
    for n in [
        "iResolution",
        "iTimeDelta",
        "iFrameRate",
        "iFrame",
        "iMouse",
        "iDate",
        "iSampleRate",
        "iChannelTime[0]",
        "iChannelTime[3]",
        "iChannelResolution[0]",
        "iChannelResolution[3]",
        "iChannel2",
    ] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    // A channel the source does not read is not a texture of the program.
    assert!(!names.contains(&"iChannel0"), "{names:?}");
    program.set_uniform("iFrame", 3.0f32).unwrap();
    program.set_uniform("iChannelTime[2]", 0.5f32).unwrap();
    program.set_texture("iChannel2", TextureId(1)).unwrap();
    assert_eq!(program.textures(), vec![TextureId(1)]);
}

#[test]
fn a_position_node_through_a_local_a_function_and_view_times_model() {
    // Through viewMatrix * modelMatrix and a local.
    let program = compile_shader_material(
        "uniform vec3 shift;\nvoid main() {\n  vec4 world = modelMatrix * vec4(position * 2.0 + shift, 1.0);\n  gl_Position = projectionMatrix * viewMatrix * world;\n}",
        "void main() { gl_FragColor = vec4(1.0); }",
    )
    .unwrap();
    let mut program = program;
    program
        .set_uniform("shift", Vec3::new(1.0, 0.0, -1.0))
        .unwrap();
    let vertex = Fragment {
        position_local: Vec3::new(0.5, 1.0, 2.0),
        ..Fragment::default()
    };
    // p - position = position + shift.
    assert_eq!(frag(&program, POSITION_NODE, &vertex), vec![1.5, 1.0, 1.0]);
    // Through a function of the point.
    let program = compile_shader_material(
        "vec4 place(vec3 p) { return projectionMatrix * modelViewMatrix * vec4(p, 1.0); }\nvoid main() { gl_Position = place(position + normal); }",
        "void main() { gl_FragColor = vec4(1.0); }",
    )
    .unwrap();
    let vertex = Fragment {
        position_local: Vec3::new(0.5, 1.0, 2.0),
        normal_local: Vec3::new(0.0, 1.0, 0.0),
        ..Fragment::default()
    };
    assert_eq!(frag(&program, POSITION_NODE, &vertex), vec![0.0, 1.0, 0.0]);
    // Drawing position as it is sets no position node.
    let program =
        compile_shader_material(VERT, "void main() { gl_FragColor = vec4(1.0); }").unwrap();
    assert!(!program.has_output(POSITION_NODE));
}

#[test]
fn the_varyings_of_the_forms_are_the_attributes() {
    let program = compile_shader_material(
        "varying vec3 vW;\nvarying vec3 vV;\nvarying vec3 vN;\nvarying vec4 vNW;\nvarying vec3 vC;\nvarying vec3 vCam;\nvoid main() {\n  vW = (modelMatrix * vec4(position, 1.0)).xyz;\n  vec4 mv = modelViewMatrix * vec4(position, 1.0);\n  vV = mv.xyz;\n  vN = normalMatrix * normal;\n  vNW = modelMatrix * vec4(normal, 0.0);\n  vC = color;\n  vCam = cameraPosition;\n  gl_Position = projectionMatrix * mv;\n}",
        "varying vec3 vW;\nvarying vec3 vV;\nvarying vec3 vN;\nvarying vec4 vNW;\nvarying vec3 vC;\nvarying vec3 vCam;\nuniform float pick;\nvoid main() {\n  vec3 c = pick < 0.5 ? vW : pick < 1.5 ? vV : pick < 2.5 ? vN : pick < 3.5 ? vNW.xyz : pick < 4.5 ? vC : vCam;\n  gl_FragColor = vec4(c, vNW.w);\n}",
    )
    .unwrap();
    // No varying node: every value is an attribute of the fragment, read in its own view.
    assert_eq!(program.views_read(), vec![View::Fragment]);
    let f = Fragment {
        position_world: Vec3::new(1.0, 2.0, 3.0),
        position_view: Vec3::new(4.0, 5.0, 6.0),
        normal_view: Vec3::new(0.0, 0.6, 0.8),
        normal_world: Vec3::new(0.8, 0.6, 0.0),
        vertex_color: Vec3::new(0.1, 0.2, 0.3),
        ..Fragment::default()
    };
    let mut program = program;
    program.set_frame(0.0, Mat4::from_translation(Vec3::new(-7.0, -8.0, -9.0)));
    let want = [
        f.position_world,
        f.position_view,
        f.normal_view,
        f.normal_world,
        f.vertex_color,
        Vec3::new(7.0, 8.0, 9.0),
    ];
    for (pick, want) in want.iter().enumerate() {
        program.set_uniform("pick", pick as f32).unwrap();
        let got = frag(&program, COLOR_NODE, &f);
        assert!(
            (Vec3::from_slice(&got) - *want).length() < 1e-6,
            "pick {pick}: {got:?} {want}"
        );
    }
    assert_eq!(frag(&program, OPACITY_NODE, &f), vec![0.0]);
}

#[test]
fn a_varying_of_another_value_is_interpolated_from_the_corners() {
    let program = compile_shader_material(
        "varying float vS;\nvoid main() {\n  vS = uv.x * uv.x;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}",
        "varying float vS;\nvoid main() { gl_FragColor = vec4(vS); }",
    )
    .unwrap();
    assert!(program.views_read().contains(&View::Corner0));
    // Corners at u = 0, 1, 0.5; the fragment weighs them 0.25, 0.25, 0.5: the square of each
    // corner's u, interpolated, is 0.25 + 0.125 = 0.375 (not 0.5^2).
    let corner = |u: f32| at_uv(u, 0.0);
    let here = Fragment {
        barycentric: Vec3::new(0.25, 0.25, 0.5),
        ..at_uv(0.5, 0.0)
    };
    let views = [
        here,
        here,
        here,
        here,
        corner(0.0),
        corner(1.0),
        corner(0.5),
    ];
    let got = program
        .evaluate_views(COLOR_NODE, &views, &WhiteSampler)
        .unwrap();
    assert_eq!(got, vec![0.375; 3]);
}

#[test]
fn a_varying_of_position_and_normal_is_computed_at_the_corners() {
    // R-GLSL-24: a varying reads the vertex's position and normal; at each corner the renderer
    // gives position_local() and normal_local(), and the fragment interpolates the corners'
    // values (here an array varying's, element by element).
    let program = compile_shader_material(
        "varying vec2 vS[2];\nvoid main() {\n  vS[0] = vec2(position.x * position.x, normal.y);\n  vS[1] = vec2(dot(position, normal), 1.0);\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}",
        "varying vec2 vS[2];\nvoid main() { gl_FragColor = vec4(vS[0], vS[1]); }",
    )
    .unwrap();
    let corner = |x: f32, ny: f32| Fragment {
        position_local: Vec3::new(x, 2.0, 0.0),
        normal_local: Vec3::new(0.0, ny, 1.0),
        ..Fragment::default()
    };
    let here = Fragment {
        barycentric: Vec3::new(0.25, 0.25, 0.5),
        ..Fragment::default()
    };
    let views = [
        here,
        here,
        here,
        here,
        corner(0.0, 1.0),
        corner(1.0, -1.0),
        corner(0.5, 0.5),
    ];
    let rgb = program
        .evaluate_views(COLOR_NODE, &views, &WhiteSampler)
        .unwrap();
    let alpha = program
        .evaluate_views(OPACITY_NODE, &views, &WhiteSampler)
        .unwrap();
    // By hand, with the weights 1/4, 1/4, 1/2: x² is 0, 1, 1/4 → 0.375; normal.y is 1, -1, 1/2
    // → 0.25; dot(position, normal) = 2 normal.y is 2, -2, 1 → 0.5; the constant 1 stays 1.
    assert_eq!(rgb, vec![0.375, 0.25, 0.5]);
    assert_eq!(alpha, vec![1.0]);
    // A fragment shader checked alone reads an array varying as unknown values.
    check_shader(
        Shader::Fragment,
        "varying vec2 vS[2];\nvoid main() { gl_FragColor = vec4(vS[0], vS[1]); }",
    )
    .unwrap();
}

#[test]
fn a_raw_shader_declares_the_builtins_it_reads() {
    let program = compile_raw_shader_material(
        "#version 300 es\nin vec3 position;\nin vec3 normal;\nuniform mat4 modelMatrix;\nuniform mat4 viewMatrix;\nuniform mat4 projectionMatrix;\nuniform mat3 normalMatrix;\nout vec3 vN;\nvoid main() {\n  vN = normalMatrix * normal;\n  gl_Position = projectionMatrix * viewMatrix * modelMatrix * vec4(position, 1.0);\n}",
        "#version 300 es\nprecision highp float;\nin vec3 vN;\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(vN, 1.0); }",
    )
    .unwrap();
    let f = Fragment {
        normal_view: Vec3::new(0.0, 1.0, 0.0),
        ..Fragment::default()
    };
    assert_eq!(frag(&program, COLOR_NODE, &f), vec![0.0, 1.0, 0.0]);
    // Builtins are forms, not uniforms of the program.
    assert!(program.uniforms().is_empty(), "{:?}", program.uniforms());
    // An explicit #version 100 reads the shader as GLSL ES 1.00.
    compile_raw_shader_material(
        "#version 100\nattribute vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }",
        "#version 100\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }",
    )
    .unwrap();
}

#[test]
fn every_uniform_a_shader_declares_is_in_the_program_starting_at_zero() {
    let mut program = compile_shader_material(
        "uniform float shared;\nuniform mat4 unusedMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position * shared, 1.0); }",
        "uniform float shared;\nuniform vec3 tint;\nuniform sampler2D unusedMap;\nvoid main() { gl_FragColor = vec4(tint * shared, 1.0); }",
    )
    .unwrap();
    let names: Vec<(&str, ValueType)> = program
        .uniforms()
        .iter()
        .map(|u| (u.name.as_str(), u.ty))
        .collect();
    assert_eq!(
        names,
        vec![
            ("shared", ValueType::Float),
            ("unusedMatrix", ValueType::Mat4),
            ("tint", ValueType::Vec3),
            ("unusedMap", ValueType::Texture),
        ]
    );
    assert_eq!(
        frag(&program, COLOR_NODE, &Fragment::default()),
        vec![0.0; 3]
    );
    program.set_uniform("shared", 2.0f32).unwrap();
    program
        .set_uniform("tint", Vec3::new(0.25, 0.5, 1.0))
        .unwrap();
    assert_eq!(
        frag(&program, COLOR_NODE, &Fragment::default()),
        vec![0.5, 1.0, 2.0]
    );
    program.set_uniform("unusedMatrix", Mat4::IDENTITY).unwrap();
    assert!(program.set_uniform("tint", 1.0f32).is_err());
}

#[test]
fn gl_fragdepth_is_the_depth_node() {
    let program = compile_shader_material(
        VERT,
        "varying vec2 vUv;\nvoid main() {\n  gl_FragColor = vec4(1.0);\n  gl_FragDepth = vUv.x * 0.5;\n}",
    )
    .unwrap();
    assert_eq!(frag(&program, DEPTH_NODE, &at_uv(0.5, 0.0)), vec![0.25]);
    // A shader may write the depth alone.
    let program = compile_raw_shader_material(
        "#version 300 es\nin vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }",
        "#version 300 es\nprecision highp float;\nvoid main() { gl_FragDepth = 0.75; }",
    )
    .unwrap();
    assert_eq!(frag(&program, DEPTH_NODE, &Fragment::default()), vec![0.75]);
    assert!(!program.has_output(COLOR_NODE));
}

#[test]
fn gl_fragcoord_is_the_fragments_place_and_one_for_w() {
    // R-GLSL-12: the pixel's centre in pixels from the bottom left, the depth from 0 to 1, and
    // one for w. The pixel (10, 20) from the bottom left has its centre at (10.5, 20.5).
    let program = compile_shader_material(
        VERT,
        "void main() { gl_FragColor = vec4(gl_FragCoord.xy, gl_FragCoord.z, gl_FragCoord.w); }",
    )
    .unwrap();
    let f = Fragment {
        frag_coord: Vec3::new(10.5, 20.5, 0.25),
        ..Fragment::default()
    };
    assert_eq!(frag(&program, COLOR_NODE, &f), vec![10.5, 20.5, 0.25]);
    assert_eq!(frag(&program, OPACITY_NODE, &f), vec![1.0]);
    // It needs no uniform.
    assert!(program.uniforms().is_empty());
    // ShaderToy's fragCoord is its .xy.
    let toy =
        compile_shader_toy("void mainImage(out vec4 c, in vec2 p) { c = vec4(p, 0.0, 1.0); }")
            .unwrap();
    assert_eq!(frag(&toy, COLOR_NODE, &f), vec![10.5, 20.5, 0.0]);
}

#[test]
fn gl_front_facing_is_the_gl_front_facing_node() {
    let program = compile_shader_material(
        VERT,
        "void main() { gl_FragColor = vec4(gl_FrontFacing ? 1.0 : 0.25); }",
    )
    .unwrap();
    // It reads gl_front_facing(), not TSL's front_facing() (they differ on BACK_SIDE).
    let facing = |front_facing: f32, gl_front_facing: f32| Fragment {
        front_facing,
        gl_front_facing,
        ..Fragment::default()
    };
    assert_eq!(frag(&program, OPACITY_NODE, &facing(0.0, 1.0)), vec![1.0]);
    assert_eq!(frag(&program, OPACITY_NODE, &facing(1.0, 0.0)), vec![0.25]);
}

#[test]
fn an_if_on_a_name_that_is_not_a_macro_reads_zero() {
    // R-GLSL-11: as in the C preprocessor. (Mesa's GLES preprocessor refuses the name instead, so
    // this case is not in the oracle's fixtures.)
    let program = compile_shader_material(
        VERT,
        "void main() {\n  float v = 1.0;\n#if NOT_A_MACRO\n  v = 2.0;\n#endif\n#if NOT_A_MACRO == 0 && !NOT_A_MACRO\n  v += 0.5;\n#endif\n  gl_FragColor = vec4(v);\n}",
    )
    .unwrap();
    assert_eq!(
        frag(&program, OPACITY_NODE, &Fragment::default()),
        vec![1.5]
    );
}

#[test]
fn defines_reach_both_shaders() {
    let program = compile_shader_material_with_defines(
        "void main() {\n#ifdef LIFT\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position + vec3(0.0, LIFT, 0.0), 1.0);\n#else\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n#endif\n}",
        "void main() { gl_FragColor = vec4(vec3(LIFT), TINT); }",
        &["LIFT 0.5", "TINT 1.0"],
    )
    .unwrap();
    assert_eq!(
        frag(&program, POSITION_NODE, &Fragment::default()),
        vec![0.0, 0.5, 0.0]
    );
    assert_eq!(
        frag(&program, COLOR_NODE, &Fragment::default()),
        vec![0.5; 3]
    );
    // The same define twice with one value is one define.
    compile_shader_material_with_defines(
        VERT,
        "void main() { gl_FragColor = vec4(A); }",
        &["A 1.0", "A 1.0"],
    )
    .unwrap();
}

#[test]
fn the_graph_before_it_is_compiled() {
    let graph = shader_graph(
        VERT,
        "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv, 0.0, 1.0); }",
    )
    .unwrap();
    assert!(graph.output(COLOR_NODE).is_some());
    assert!(graph.output(OPACITY_NODE).is_some());
    assert!(graph.output(POSITION_NODE).is_none());
    graph.compile().unwrap();
    let graph = raw_shader_graph(
        "attribute vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position * 2.0, 1.0); }",
        "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }",
    )
    .unwrap();
    assert!(graph.output(POSITION_NODE).is_some());
    let graph =
        shader_toy_graph("void mainImage(out vec4 c, in vec2 p) { c = vec4(p, 0.0, 1.0); }")
            .unwrap();
    assert!(graph.output(COLOR_NODE).is_some());
    let graph =
        shader_graph_with_defines(VERT, "void main() { gl_FragColor = vec4(K); }", &["K 0.5"])
            .unwrap();
    assert_eq!(
        graph
            .compile()
            .unwrap()
            .evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![0.5])
    );
    raw_shader_graph_with_defines(
        "attribute vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }",
        "precision highp float;\nvoid main() { gl_FragColor = vec4(K); }",
        &["K 2.0"],
    )
    .unwrap();
}

#[test]
fn a_refusal_reads_as_a_compiler_prints_it() {
    let e = compile_shader_material(
        VERT,
        "varying vec2 vUv;\nvoid main() {\n\tgl_FragColor = vec4(vUv, 0.0, 1.0) + vec3(1.0);\n}\n",
    )
    .unwrap_err();
    assert_eq!(e.shader, Shader::Fragment);
    assert_eq!((e.line, e.column), (3, 37));
    let caret = format!("  | {}^", " ".repeat(36));
    assert_eq!(
        e.to_string(),
        format!("error: fragment shader, line 3, column 37: vec4 + vec3: the vectors differ in size\n  |\n3 |  gl_FragColor = vec4(vUv, 0.0, 1.0) + vec3(1.0);\n{caret}")
    );
    assert_eq!(
        e.message(),
        "fragment shader, line 3, column 37: vec4 + vec3: the vectors differ in size"
    );
    let e = compile_shader_material(
        "void main() { }",
        "void main() { gl_FragColor = vec4(1.0); }",
    )
    .unwrap_err();
    assert_eq!(e.shader, Shader::Vertex);
    assert!(
        e.to_string().contains("vertex shader, line 1, column 6"),
        "{e}"
    );
}

#[test]
fn a_refusal_of_compile_names_the_output_write() {
    let e = compile_shader_material(
        VERT,
        "varying vec2 vUv;\nvoid main() {\n  vec4 c = vec4(vUv, 0.0, 1.0);\n  for (int i = 0; i < 900; i++) c = sin(c * 1.01) * cos(c + vec4(float(i)));\n  gl_FragColor = c;\n}\n",
    )
    .unwrap_err();
    assert_eq!(
        (e.shader, e.line, e.column),
        (Shader::Fragment, 5, 3),
        "{e}"
    );
    assert!(e.reason.contains("COLOR_NODE"), "{e}");
}

#[test]
fn one_shader_checked_alone() {
    check_shader(
        Shader::Fragment,
        "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv, 0.0, 1.0); }",
    )
    .unwrap();
    check_shader(Shader::Vertex, VERT).unwrap();
    check_shader(Shader::Vertex, "varying float v;\nvoid main() { v = 1.0; gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }").unwrap();
    let e = check_shader(
        Shader::Fragment,
        "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv); }",
    )
    .unwrap_err();
    assert_eq!(
        (e.shader, e.line, e.column),
        (Shader::Fragment, 2, 30),
        "{e}"
    );
    let e = check_shader(Shader::Vertex, "void main() { gl_Position = vec4(1.0); }").unwrap_err();
    assert_eq!(e.shader, Shader::Vertex);
    check_raw_shader(
        Shader::Fragment,
        "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }",
    )
    .unwrap();
    assert!(check_raw_shader(
        Shader::Fragment,
        "void main() { gl_FragColor = texture(s, vec2(0.0)); }"
    )
    .is_err());
}

#[test]
fn a_discard_in_a_called_function_under_a_condition() {
    let program = compile_shader_material(
        VERT,
        "varying vec2 vUv;\nvoid cut(float limit) { if (vUv.x > limit) discard; }\nvoid main() {\n  if (vUv.y > 0.5) cut(0.25);\n  gl_FragColor = vec4(1.0);\n}",
    )
    .unwrap();
    let mask = |u, v| frag(&program, MASK_NODE, &at_uv(u, v))[0];
    assert_eq!(mask(0.5, 0.75), 0.0);
    assert_eq!(mask(0.5, 0.25), 1.0);
    assert_eq!(mask(0.1, 0.75), 1.0);
}

#[test]
fn loops_and_constants_fold_away() {
    // A loop of constants leaves a constant: one load and a move at most.
    let program = compile_shader_material(
        VERT,
        "const int N = 10;\nvoid main() {\n  float s = 0.0;\n  for (int i = 0; i < N; i++) { if (i % 2 == 0) continue; s += float(i * i); }\n  gl_FragColor = vec4(s, vec3(abs(-2.0), min(3.0, 4.0), mod(7.0, 4.0)));\n}",
    )
    .unwrap();
    assert_eq!(
        frag(&program, COLOR_NODE, &Fragment::default()),
        vec![165.0, 2.0, 3.0]
    );
    assert_eq!(
        frag(&program, OPACITY_NODE, &Fragment::default()),
        vec![3.0]
    );
    assert!(program.instruction_count(COLOR_NODE) <= 2, "{program}");
}

#[test]
fn view_matrix_in_a_fragment_shader_is_the_frames_view() {
    let mut program = compile_shader_material(
        VERT,
        "void main() { gl_FragColor = viewMatrix * vec4(1.0, 2.0, 3.0, 1.0); }",
    )
    .unwrap();
    let view = Mat4::from_translation(Vec3::new(0.5, -1.0, 2.0));
    program.set_frame(0.0, view);
    let want = view * Vec4::new(1.0, 2.0, 3.0, 1.0);
    assert_eq!(
        frag(&program, COLOR_NODE, &Fragment::default()),
        want.truncate().to_array().to_vec()
    );
}

/// A fragment shader of `calls` functions, each calling the one before it (`main` calls the
/// last): `f_i(x)` nests `blocks` blocks inside its body and, in them, `parens` parenthesised
/// additions of 1.0 around its call of `f_(i-1)` (`f_0`'s innermost term is `x`).
fn nested_shader(calls: usize, blocks: usize, parens: usize) -> String {
    let mut src = String::new();
    for i in 0..calls {
        let inner = if i > 0 {
            format!("f{}(x)", i - 1)
        } else {
            "x".into()
        };
        let value = format!("{}{inner}{}", "(".repeat(parens), " + 1.0)".repeat(parens));
        src.push_str(&format!(
            "float f{i}(float x) {{ float r = 0.0; {} float y = {value}; r = y; {} return r; }}\n",
            "{".repeat(blocks),
            "}".repeat(blocks)
        ));
    }
    src.push_str(&format!(
        "varying vec2 vUv;\nvoid main() {{ gl_FragColor = vec4(f{}(vUv.x)); }}\n",
        calls - 1
    ));
    src
}

#[test]
fn the_deepest_nesting_the_limits_allow_compiles() {
    // The limits (the parser's and the lowering's): calls 32 frames deep, blocks 64 deep,
    // expressions 96 deep. At each: `main` and 31 functions are 32 frames; a function's body and
    // 63 blocks inside it are 64; in `f_i`, 94 parentheses, the call's parenthesis and its
    // argument are 96. The passes recurse this far on the compiler's own stack, and must not
    // overflow it.
    let (calls, blocks, parens) = (31, 63, 94);
    let program = compile_shader_material(VERT, &nested_shader(calls, blocks, parens))
        .expect("the deepest nesting compiles");
    // f_30(x) = x + 31 × 94 additions of 1.0; at x = 0.5 every step is exact in f32.
    let want = 0.5 + (calls * parens) as f32;
    assert_eq!(want, 2914.5);
    assert_eq!(frag(&program, COLOR_NODE, &at_uv(0.5, 0.25)), vec![want; 3]);
    assert_eq!(frag(&program, OPACITY_NODE, &at_uv(0.5, 0.25)), vec![want]);
    // One more on any axis is refused, so these are the limits and not merely within them.
    for (shader, reason) in [
        (
            nested_shader(calls + 1, blocks, parens),
            "calls nest more than 32 deep",
        ),
        (
            nested_shader(calls, blocks + 1, parens),
            "blocks nest more than 64 deep",
        ),
        (
            nested_shader(calls, blocks, parens + 1),
            "the expression nests more than 96 deep",
        ),
    ] {
        let err = compile_shader_material(VERT, &shader)
            .expect_err(reason)
            .to_string();
        assert!(err.contains(reason), "{err}");
    }
}

/// R-GLSL-17: three.js's chunks through a chunk table, its function-like macros (`common`'s
/// `saturate` and `pow2`, as three r187 writes them), and an `#if` with arithmetic. Expected:
/// at uv (0.25, 0.75), saturate(0.25 * 6 - 1) = 0.5 and pow2(0.75) = 0.5625; the `#if` takes
/// its first branch, as 3 * 4 - 2 = 10 > 8 with `COUNT` 4.
#[test]
fn includes_function_like_macros_and_arithmetic_in_conditions() {
    let chunks: std::collections::HashMap<String, String> = [
        (
            "common",
            "#define saturate( a ) clamp( a, 0.0, 1.0 )\n#define pow2( x ) ( ( x ) * ( x ) )",
        ),
        ("uv_pars_fragment", "varying vec2 vUv;"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let fragment = "#include <common>\n#include <uv_pars_fragment>\nvoid main() {\n#if 3 * COUNT - 2 > 8 && COUNT % 2 == 0\n  gl_FragColor = vec4(saturate(vUv.x * 6.0 - 1.0), pow2(vUv.y), 0.0, 1.0);\n#else\n  gl_FragColor = vec4(1.0);\n#endif\n}\n";
    let options = GlslOptions {
        defines: &["COUNT 4"],
        chunks: Some(&chunks),
        ..GlslOptions::default()
    };
    let program = compile_shader_material_with_options(VERT, fragment, &options).unwrap();
    let color = frag(&program, COLOR_NODE, &at_uv(0.25, 0.75));
    assert_eq!(color, [0.5, 0.5625, 0.0]);
    // Without the table, the include is refused, at its line, saying what to pass.
    let e = compile_shader_material_with_defines(VERT, fragment, &["COUNT 4"]).unwrap_err();
    assert_eq!((e.shader, e.line), (Shader::Fragment, 1), "{e}");
    assert!(e.reason.contains("GlslOptions::chunks"), "{e}");
}

/// R-GLSL-15: an int uniform is a float the caller sets, its fraction dropped toward zero;
/// a bool uniform is true where it is not zero (as three.js's DigitalGlitch and Mirror shaders
/// declare them). Expected by hand: trunc(2.7) = 2, trunc(-2.7) = -2; 0.25 is true.
#[test]
fn int_and_bool_uniforms_are_floats_the_caller_sets() {
    let fragment = "uniform int count;\nuniform bool on;\nvoid main() {\n  float k = float(count);\n  gl_FragColor = vec4(k, on ? 1.0 : 0.5, float(count / 2), 1.0);\n}\n";
    let mut program = compile_shader_material(VERT, fragment).unwrap();
    let at = at_uv(0.5, 0.5);
    assert_eq!(frag(&program, COLOR_NODE, &at), [0.0, 0.5, 0.0]);
    program.set_uniform("count", 2.7f32).unwrap();
    program.set_uniform("on", 0.25f32).unwrap();
    assert_eq!(frag(&program, COLOR_NODE, &at), [2.0, 1.0, 1.0]);
    program.set_uniform("count", -2.7f32).unwrap();
    program.set_uniform("on", 0.0f32).unwrap();
    assert_eq!(frag(&program, COLOR_NODE, &at), [-2.0, 0.5, -1.0]);
}

/// three.js r187's ShaderMaterial fragment prefix declares `luminance` (Rec. 709 weights, the
/// sRGB working space) and the transfer functions, so three's BleachBypass, Colorify and
/// GammaCorrection shaders call them undeclared. Expected, by the formulas of
/// `colorspace_pars_fragment` worked in f64: luminance(1, 0.5, 0.25) = 0.58825;
/// sRGBTransferOETF(0.5) = 0.5^0.41666 · 1.055 − 0.055 = 0.7353606, (0.002) = 0.02584;
/// sRGBTransferEOTF(0.5) = (0.5 · 0.9478672986 + 0.0521327014)^2.4 = 0.2140411, (0.01) =
/// 0.000773994.
#[test]
fn three_s_fragment_prefix_functions() {
    let fragment = "void main() {\n  float y = luminance(vec3(1.0, 0.5, 0.25));\n  vec4 e = sRGBTransferOETF(vec4(0.5, 0.002, 0.0, 1.0));\n  vec4 d = sRGBTransferEOTF(vec4(0.5, 0.01, 0.0, 1.0));\n  gl_FragColor = LinearTransferOETF(vec4(y, e.x, e.y, d.x + d.y));\n}\n";
    let program = compile_shader_material(VERT, fragment).unwrap();
    let color = frag(&program, COLOR_NODE, &at_uv(0.5, 0.5));
    let opacity = frag(&program, OPACITY_NODE, &at_uv(0.5, 0.5));
    let expected = [0.58825, 0.7353606, 0.02584, 0.2140411 + 0.000773994];
    for (got, want) in color.iter().chain(&opacity).zip(expected) {
        assert!((got - want).abs() < 1e-5, "{color:?} {opacity:?}");
    }
    // As in three.js, a shader cannot declare them again; a RawShaderMaterial has none.
    let again = "float luminance(vec3 c) { return c.g; }\nvoid main() { gl_FragColor = vec4(luminance(vec3(1.0))); }\n";
    let e = compile_shader_material(VERT, again).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    let raw_vert = "attribute vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }\n";
    let raw =
        "precision highp float;\nvoid main() { gl_FragColor = vec4(luminance(vec3(1.0))); }\n";
    let e = compile_raw_shader_material(raw_vert, raw).unwrap_err();
    assert!(e.reason.contains("luminance"), "{e}");
}

/// R-READY-4: `linearToOutputTexel`, which three.js r187's prefix declares from the renderer's
/// output colour space. `OutputTexel::Linear` (the default) returns the value; `Srgb` is
/// sRGBTransferOETF: 0.5^0.41666 · 1.055 − 0.055 = 0.7353606, 0.002 · 12.92 = 0.02584,
/// 0.25^0.41666 · 1.055 − 0.055 = 0.5371042 (the formula in f64); alpha as it is. Colorspace
/// chunk's form, `gl_FragColor = linearToOutputTexel( gl_FragColor )`, as the toon shaders use it.
#[test]
fn linear_to_output_texel_follows_the_output_colour_space() {
    let fragment = "void main() {\n  gl_FragColor = vec4(0.5, 0.002, 0.25, 0.7);\n  gl_FragColor = linearToOutputTexel( gl_FragColor );\n}\n";
    let cases = [
        (OutputTexel::Linear, [0.5, 0.002, 0.25]),
        (OutputTexel::Srgb, [0.7353606, 0.02584, 0.5371042]),
    ];
    assert_eq!(OutputTexel::default(), OutputTexel::Linear);
    for (output_texel, want) in cases {
        let options = GlslOptions {
            output_texel,
            ..GlslOptions::default()
        };
        let program = compile_shader_material_with_options(VERT, fragment, &options).unwrap();
        let color = frag(&program, COLOR_NODE, &at_uv(0.5, 0.5));
        for (got, want) in color.iter().zip(want) {
            assert!((got - want).abs() < 1e-5, "{output_texel:?}: {color:?}");
        }
        let opacity = frag(&program, OPACITY_NODE, &at_uv(0.5, 0.5));
        assert_eq!(opacity, [0.7]);
    }
    // A shader that declares it again is refused at its own line, as three's GL compiler does.
    let again = "vec4 linearToOutputTexel(vec4 v) { return v; }\nvoid main() { gl_FragColor = vec4(1.0); }\n";
    let e = compile_shader_material(VERT, again).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
}
