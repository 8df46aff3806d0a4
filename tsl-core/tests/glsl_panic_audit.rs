//! The GLSL front end's panic audit (issue 13): inputs aimed at each `expect`, `unreachable!`
//! and data-dependent index of `glsl/` end in a program or a refusal of the right stage, never
//! in `GlslErrorKind::Internal` (how a panic on the compiler's thread is reported).

use tsl_core::glsl::*;

const VERT: &str =
    "void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";

fn frag(body: &str) -> String {
    format!("void main() {{\n{body}\n}}\n")
}

/// Compile through every entry point; a refusal must not be `Internal`.
fn no_internal(fragment: &str) {
    let results = [
        compile_shader_material(VERT, fragment).err(),
        compile_raw_shader_material(VERT, &format!("#version 300 es\n{fragment}")).err(),
        compile_shader_toy(fragment).err(),
        check_shader(Shader::Fragment, fragment).err(),
    ];
    for e in results.into_iter().flatten() {
        assert_ne!(e.kind, GlslErrorKind::Internal, "{fragment}\n{e}");
    }
}

#[test]
fn an_if_condition_with_an_operator_in_parentheses_names_the_operator() {
    // Before: "this ( has no )", blaming the parenthesis for the `=` the grammar does not take.
    let e = compile_shader_material(VERT, &format!("#if (1 = 2) == 3\n#endif\n{}", frag("")))
        .expect_err("an assignment is outside the #if grammar");
    assert_eq!(e.kind, GlslErrorKind::Preprocess, "{e}");
    assert!(e.reason.contains("'=' is not taken"), "{e}");
    assert!(!e.reason.contains("has no )"), "{e}");
    assert_eq!(e.column, 8, "{e}");
    // As without the parentheses.
    let bare = compile_shader_material(VERT, &format!("#if 1 = 2\n#endif\n{}", frag("")))
        .expect_err("an assignment is outside the #if grammar");
    assert!(bare.reason.contains("'=' is not taken"), "{bare}");
    // A ( the condition never closes is still named.
    for cond in ["(1", "((1 == 1)", "!(1"] {
        let e = compile_shader_material(VERT, &format!("#if {cond}\n#endif\n{}", frag("")))
            .expect_err("an unclosed (");
        assert!(e.reason.contains("this ( has no )"), "{cond}: {e}");
    }
    let ok = compile_shader_material(
        VERT,
        &format!(
            "#if (1 == 1) && !(2 < 1)\n#else\n#error\n#endif\n{}",
            frag("gl_FragColor = vec4(1.0);")
        ),
    );
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn inputs_aimed_at_each_audited_site_are_not_internal_errors() {
    let bodies = [
        // Swizzle writes and reads: the component indexes (check.rs, lower.rs).
        "vec4 v = vec4(1.0); v.xx = vec2(1.0); gl_FragColor = v;",
        "vec4 v = vec4(1.0); v.xyzwx = vec4(1.0); gl_FragColor = v;",
        "vec2 v = vec2(1.0); v.z = 1.0; gl_FragColor = vec4(v, 0.0, 1.0);",
        "vec4 v = vec4(1.0); v.rgzw = vec4(1.0); gl_FragColor = v;",
        "gl_FragColor = vec4(1.0).wzyx.xxxx.abgr;",
        "gl_FragColor = vec4(vec2(1.0).yyy, 1.0);",
        "gl_FragColor = vec4(1.0).q;",
        // Constant indexes of vectors and matrices: in range, out of range, float, huge.
        "vec4 v = vec4(1.0, 2.0, 3.0, 4.0); gl_FragColor = vec4(v[3]);",
        "vec4 v = vec4(1.0); gl_FragColor = vec4(v[4]);",
        "vec4 v = vec4(1.0); gl_FragColor = vec4(v[-1]);",
        "vec4 v = vec4(1.0); gl_FragColor = vec4(v[16777216]);",
        "vec4 v = vec4(1.0); gl_FragColor = vec4(v[1.5]);",
        "vec4 v = vec4(1.0); gl_FragColor = vec4(v[0/0]);",
        "vec4 v = vec4(1.0); gl_FragColor = vec4(v[int(0.0/0.0)]);",
        "gl_FragColor = vec4(vec4(1.0, 2.0, 3.0, 4.0)[3]);",
        "gl_FragColor = vec4(mat4(1.0)[3]);",
        "gl_FragColor = mat4(1.0)[4];",
        "gl_FragColor = vec4(mat2(1.0)[1], 0.0, 1.0);",
        "gl_FragColor = vec4(mat3(1.0)[2][2]);",
        "vec4 v = vec4(1.0); v[2] = 3.0; v[5] = 1.0; gl_FragColor = v;",
        "vec4 v = vec4(1.0); for (int i = 0; i < 8; i++) { v[i] = 1.0; } gl_FragColor = v;",
        "vec4 v = vec4(1.0); for (int i = 0; i < 4; i++) { v[i] = float(i); } gl_FragColor = v;",
        "mat3 m = mat3(1.0); m[1] = vec3(2.0); m[3] = vec3(1.0); gl_FragColor = vec4(m[1], 1.0);",
        "float x = 1.0; gl_FragColor = vec4(x[0]);",
        // Constructors of every width, folded (types.rs, lower.rs).
        "gl_FragColor = vec4(vec2(1.0), vec2(2.0));",
        "gl_FragColor = vec4(vec3(1.0));",
        "gl_FragColor = vec4(vec4(1.0), 1.0);",
        "gl_FragColor = vec4();",
        "gl_FragColor = vec4(mat2(1.0));",
        "gl_FragColor = vec4(1.0, 2.0, 3.0, 4.0, 5.0);",
        "gl_FragColor = vec4(mat4(vec4(1.0), vec4(2.0), vec4(3.0), vec4(4.0))[2]);",
        "gl_FragColor = vec4(mat3(1.0, 2.0));",
        "gl_FragColor = vec4(vec3(1.0), 0.0) * mat4(vec3(1.0), 1.0, 2.0);",
        // Builtins with too few, too many and wrong arguments, folded (types.rs's args[k]).
        "gl_FragColor = vec4(clamp(1.0));",
        "gl_FragColor = vec4(mix(1.0, 2.0));",
        "gl_FragColor = vec4(smoothstep(1.0));",
        "gl_FragColor = vec4(step());",
        "gl_FragColor = vec4(dot(vec3(1.0)));",
        "gl_FragColor = vec4(cross(vec3(1.0)), 1.0);",
        "gl_FragColor = vec4(refract(vec3(1.0), vec3(1.0)), 1.0);",
        "gl_FragColor = vec4(faceforward(vec3(1.0)), 1.0);",
        "gl_FragColor = vec4(pow(2.0, 3.0, 4.0));",
        "gl_FragColor = texture2D(1.0);",
        "gl_FragColor = texture2D();",
        "gl_FragColor = vec4(max(), 1.0, 1.0, 1.0);",
        "gl_FragColor = vec4(length());",
        "gl_FragColor = vec4(atan(1.0, 2.0, 3.0));",
        "gl_FragColor = vec4(mod(1.0, 0.0), sign(-0.0), clamp(2.0, 1.0, 0.0), 1.0);",
        "gl_FragColor = vec4(1 / 0);",
        "gl_FragColor = vec4(1 % 0);",
        "gl_FragColor = vec4(float(-16777216 - 1));",
        // Loops with odd bounds and steps (check.rs's loop count).
        "for (int i = 0; i < 4; i += 0) {} gl_FragColor = vec4(1.0);",
        "for (int i = 0; 4 > i; i -= -1) {} gl_FragColor = vec4(1.0);",
        "for (float i = 0.0; i != 1.0; i += 0.3) {} gl_FragColor = vec4(1.0);",
        "for (int i = 0; i < 1000000000; i++) {} gl_FragColor = vec4(1.0);",
        "for (int i = 0; i < 4; i++) { i = 2; } gl_FragColor = vec4(1.0);",
        "for (;;) {} gl_FragColor = vec4(1.0);",
        "int i; for (i = 0; i < 4; i++) {} gl_FragColor = vec4(1.0);",
        // Writes the fragment shader may not make, returns in odd places.
        "gl_Position = vec4(1.0);",
        "gl_FragDepth = 0.5; gl_FragColor = vec4(1.0);",
        "return; gl_FragColor = vec4(1.0);",
        "if (true) return; gl_FragColor = vec4(1.0);",
        "gl_FragColor = vec4(1.0); discard;",
        "",
    ];
    for body in bodies {
        no_internal(&frag(body));
    }
    let wholes = [
        // Functions, parameters, recursion, globals (check.rs's function state, lower.rs's frames).
        "float f(float x) { return x; } const float g = f(1.0); void main() { gl_FragColor = vec4(g); }",
        "const float g = 1.0; const float h = g * g + gl_FragCoord.x; void main() { gl_FragColor = vec4(h); }",
        "float f(float x) { float y = x; return y; } void main() { const float k = f(2.0); gl_FragColor = vec4(k); }",
        "void main() { vec4 v = vec4(1.0); v.zw.y = 0.0; v.wzyx[3] = 2.0; v.zw[1] = 3.0; v.zw[2] = 1.0; gl_FragColor = v; }",
        "void main() { vec4 v = vec4(1.0); v.xy.z = 0.0; gl_FragColor = v; }",
        "void main() { mat2 m = mat2(1.0); m[1].y = 2.0; m[1][1] = 3.0; m[2].x = 1.0; gl_FragColor = vec4(m[1], 0.0, 1.0); }",
        "void main() { vec4 v = vec4(1.0); for (int i = 0; i < 4; i++) { v.yx[i] = 1.0; } gl_FragColor = v; }",
        "float f(float x) { return f(x); } void main() { gl_FragColor = vec4(f(1.0)); }",
        "float f(float x); void main() { gl_FragColor = vec4(f(1.0)); }",
        "float f(out float x) { x = 1.0; return x; } void main() { float y; gl_FragColor = vec4(f(y)); }",
        "void f(inout vec4 c) { c.x = 1.0; } void main() { f(gl_FragColor); }",
        "float f() { } void main() { gl_FragColor = vec4(f()); }",
        "float f() { if (true) { return 1.0; } } void main() { gl_FragColor = vec4(f()); }",
        "void main() { } void main() { gl_FragColor = vec4(1.0); }",
        "void main(float x) { gl_FragColor = vec4(x); }",
        "float main() { return 1.0; }",
        "uniform float u; uniform float u; void main() { gl_FragColor = vec4(u); }",
        "uniform float u; uniform vec2 u; void main() { gl_FragColor = vec4(u); }",
        "varying vec2 v; varying vec3 v; void main() { gl_FragColor = vec4(1.0); }",
        "const float k[2] = float[2](1.0, 2.0); void main() { gl_FragColor = vec4(k[1]); }",
        "float a, b, c; void main() { gl_FragColor = vec4(a + b + c); }",
        "out vec4 o; out vec4 p; void main() { o = vec4(1.0); p = vec4(1.0); }",
        "void main() { gl_FragColor = vec4(1.0); } float g = 1.0;",
        // ShaderToy's mainImage of every wrong shape, and its arrays.
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(p, 0.0, 1.0); }",
        "void mainImage(out vec4 c) { c = vec4(1.0); }",
        "void mainImage() { }",
        "void mainImage(in vec4 c, out vec2 p) { }",
        "void mainImage(out vec4 c, in vec2 p, float x) { c = vec4(1.0); }",
        "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel0, p / iResolution.xy); }",
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(iChannelResolution[3].x); }",
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(iChannelResolution[4].x); }",
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(iChannelResolution[-1].x); }",
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(iChannelTime[1.5]); }",
        "void mainImage(out vec4 c, in vec2 p) { int i = 1; c = vec4(iChannelTime[i]); }",
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(iChannelTime[16777216]); }",
        // Preprocessor lines of every shape (preprocess.rs).
        "#\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#version\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#version 300 es\n#version 300 es\nvoid main() { gl_FragColor = vec4(1.0); }",
        "  #  version   100  \nvoid main() { gl_FragColor = vec4(1.0); }",
        "#versionX\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#define\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#define 1\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#define A(\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#define A #\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#undef\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#undef A B\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if defined\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if defined(\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if ()\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if )\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 1 ==\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#elif 1\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#else\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 0\n#else\n#else\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 0\n#elif\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 1\n#elif )\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 0\n#elif (1\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 1\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#ifdef\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 99999999999999999999999\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 0x\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#if 09\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#pragma once\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#extension GL_OES_standard_derivatives : enable\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#line 10\nvoid main() { gl_FragColor = vec4(1.0); }",
        "/* unclosed\nvoid main() { gl_FragColor = vec4(1.0); }",
        "void main() { gl_FragColor = vec4(1.0); } /*",
        "void main() { gl_FragColor = vec4(1.0); } //",
        "void main() { gl_FragColor = vec4(1.0); } /",
        "void main() { gl_FragColor = vec4(1.0); } #",
        // The lexer at the end of its input and on odd bytes (lexer.rs).
        "void main() { gl_FragColor = vec4(1.",
        "void main() { gl_FragColor = vec4(1e",
        "void main() { gl_FragColor = vec4(1e+",
        "void main() { gl_FragColor = vec4(.e1",
        "void main() { gl_FragColor = vec4(0x",
        "void main() { gl_FragColor = vec4(0x1g",
        "void main() { gl_FragColor = vec4(08",
        "void main() { gl_FragColor = vec4(1.0.0",
        "void main() { gl_FragColor = vec4(1.0f",
        "void main() { gl_FragColor = vec4(1u",
        "void main() { gl_FragColor = vec4(é",
        "void main() { gl_FragColor = vec4(\u{0}",
        "void main() { gl_FragColor = vec4(\u{feff}1.0); }",
        "\r\n\r\nvoid main() {\r gl_FragColor = vec4(1.0); }\r",
        "void main() { gl_FragColor = vec4(1.0)",
        "void main() { gl_FragColor = vec4(1.0); ",
        "void main() {",
        "void main(",
        "void",
        "(",
        ")",
        "}",
        ";",
        "",
        "\n\n\n",
    ];
    for source in wholes {
        no_internal(source);
    }
}
