//! Every refusal of the GLSL front end (R-GLSL-10 (docs/requirements.md), as R-GLSL-11 and
//! R-GLSL-13 relax it for defines, conditionals, out and inout parameters, early returns, break and
//! continue): each names the shader, the line, the column and the reason. In each source a `$`
//! marks where the caret must point; it is removed before compiling.

use tsl_core::glsl::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";
const FRAG: &str = "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv, 0.0, 1.0); }\n";
const RAW_VERT: &str = "attribute vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";
const RAW_FRAG: &str = "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }\n";

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Material,
    Raw,
    Toy,
}

/// The source without its `$`, and the line and column of the `$` (both from one).
fn marked(source: &str) -> (String, Option<(usize, usize)>) {
    let mut place = None;
    for (i, line) in source.split('\n').enumerate() {
        if let Some(byte) = line.find('$') {
            place = Some((i + 1, line[..byte].chars().count() + 1));
        }
    }
    (source.replacen('$', "", 1), place)
}

fn compile(kind: Kind, vertex: &str, fragment: &str, defines: &[&str]) -> Result<(), GlslError> {
    match kind {
        Kind::Material => {
            compile_shader_material_with_defines(vertex, fragment, defines).map(|_| ())
        }
        Kind::Raw => {
            compile_raw_shader_material_with_defines(vertex, fragment, defines).map(|_| ())
        }
        Kind::Toy => compile_shader_toy(fragment).map(|_| ()),
    }
}

/// Compile, and check that the refusal is in `shader` at the `$`, with `needle` in its reason.
fn refuse(kind: Kind, vertex: &str, fragment: &str, shader: Shader, needle: &str) -> GlslError {
    let (v, vplace) = marked(vertex);
    let (f, fplace) = marked(fragment);
    let e = compile(kind, &v, &f, &[]).expect_err("the shader must be refused");
    let place = if shader == Shader::Vertex {
        vplace
    } else {
        fplace
    };
    assert_eq!(e.shader, shader, "{e}");
    if let Some((line, column)) = place {
        assert_eq!((e.line, e.column), (line, column), "{e}");
    }
    assert!(
        e.reason.contains(needle),
        "the reason names '{needle}':\n{e}"
    );
    // The rendering shows the line and puts the caret under the column.
    let shown = e.to_string();
    assert!(shown.starts_with("error: "), "{shown}");
    if e.line > 0 {
        // The first refusal's caret: its fourth line (notes and further refusals follow).
        let lines: Vec<&str> = shown.lines().collect();
        let caret = lines[3];
        let bar = caret.find('|').unwrap();
        assert_eq!(caret[bar + 2..].find('^'), Some(e.column - 1), "{shown}");
    }
    e
}

fn frag(source: &str, needle: &str) -> GlslError {
    refuse(Kind::Material, VERT, source, Shader::Fragment, needle)
}

fn vert(source: &str, needle: &str) -> GlslError {
    refuse(Kind::Material, source, FRAG, Shader::Vertex, needle)
}

fn raw_frag(source: &str, needle: &str) -> GlslError {
    refuse(Kind::Raw, RAW_VERT, source, Shader::Fragment, needle)
}

fn raw_vert(source: &str, needle: &str) -> GlslError {
    refuse(Kind::Raw, source, RAW_FRAG, Shader::Vertex, needle)
}

fn toy(source: &str, needle: &str) -> GlslError {
    refuse(Kind::Toy, "", source, Shader::ShaderToy, needle)
}

/// A fragment shader whose main body is `body`.
fn body(body: &str) -> String {
    format!("varying vec2 vUv;\nvoid main() {{\n{body}\n  gl_FragColor = vec4(1.0);\n}}\n")
}

// ------------------------------------------------------------------ the preprocessor

#[test]
fn include_without_a_chunk_table() {
    frag(
        "$#include <common>\nvoid main() { gl_FragColor = vec4(1.0); }",
        "#include <common> needs a chunk table",
    );
}

#[test]
fn pragma_extension_error_line() {
    for d in [
        "#pragma optimize(off)",
        "#extension GL_OES_standard_derivatives : enable",
        "#error stop",
        "#line 4",
    ] {
        frag(
            &format!("${d}\nvoid main() {{ gl_FragColor = vec4(1.0); }}"),
            "is not taken",
        );
    }
}

#[test]
fn unknown_directive() {
    frag(
        "#$frobnicate\nvoid main() { gl_FragColor = vec4(1.0); }",
        "not a directive",
    );
}

#[test]
fn define_with_a_parameter_named_twice() {
    frag(
        "#define SQ(x, $x) ((x) * (x))\nvoid main() { gl_FragColor = vec4(1.0); }",
        "x names two parameters of SQ",
    );
}

#[test]
fn define_reserved_name() {
    frag(
        "#define $GL_THING 1\nvoid main() { gl_FragColor = vec4(1.0); }",
        "reserved",
    );
}

#[test]
fn define_twice_differently() {
    frag(
        "#define A 1\n#define $A 2\nvoid main() { gl_FragColor = vec4(1.0); }",
        "already defined",
    );
}

#[test]
fn version_in_a_shader_material() {
    frag(
        "$#version 300 es\nvoid main() { gl_FragColor = vec4(1.0); }",
        "three.js writes",
    );
}

#[test]
fn version_not_first() {
    raw_frag(
        "precision highp float;\n$#version 300 es\nvoid main() { gl_FragColor = vec4(1.0); }",
        "first line",
    );
}

#[test]
fn version_unknown() {
    raw_frag(
        "$#version 310 es\nprecision highp float;\nvoid main() { }",
        "#version 300 es or #version 100",
    );
}

#[test]
fn if_without_endif() {
    frag(
        "$#if 1\nvoid main() { gl_FragColor = vec4(1.0); }",
        "no #endif",
    );
}

#[test]
fn else_without_if() {
    frag(
        "$#else\nvoid main() { gl_FragColor = vec4(1.0); }",
        "with no #if",
    );
}

#[test]
fn endif_without_if() {
    frag(
        "void main() { gl_FragColor = vec4(1.0); }\n$#endif",
        "#endif with no #if",
    );
}

#[test]
fn elif_after_else() {
    frag(
        "#if 0\n#else\n$#elif 1\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "after #else",
    );
}

#[test]
fn if_condition_dividing_by_zero() {
    frag(
        "#define N 2\n#if N $/ (N - 2) > 2\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "division by zero in an #if condition",
    );
}

#[test]
fn if_condition_with_a_float() {
    frag(
        "#define X 1.5\n#if $X\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "not a whole number",
    );
}

#[test]
fn if_condition_empty() {
    frag(
        "$#if\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "empty",
    );
}

#[test]
fn ifdef_without_a_name() {
    frag(
        "$#ifdef 3\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }",
        "takes one name",
    );
}

#[test]
fn comment_never_ends() {
    frag(
        "void main() { gl_FragColor = vec4(1.0); }\n$/* open",
        "never ends",
    );
}

#[test]
fn line_continuation() {
    frag(
        "void main() { gl_FragColor = $\\\nvec4(1.0); }",
        "line continuation",
    );
}

#[test]
fn a_character_that_is_not_glsl() {
    frag(
        "void main() { gl_FragColor = vec4(1.0) $@ 2.0; }",
        "not GLSL",
    );
}

#[test]
fn an_error_in_a_macro_points_at_its_use() {
    frag(
        "#define BAD (1.0 + true)\nvoid main() { gl_FragColor = vec4($BAD); }",
        "takes numbers",
    );
}

#[test]
fn macros_that_grow_without_end() {
    let mut src = String::from("#define M0 x x\n");
    for i in 1..30 {
        src.push_str(&format!("#define M{i} M{} M{}\n", i - 1, i - 1));
    }
    src.push_str("void main() { float a = $M29; }");
    frag(&src, "tokens");
}

#[test]
fn a_bad_define_entry() {
    let e = compile(Kind::Material, VERT, FRAG, &["GOOD 1", "2BAD"]).unwrap_err();
    assert_eq!((e.shader, e.line, e.column), (Shader::Defines, 2, 1), "{e}");
    assert!(e.reason.contains("not a number"), "{e}");
    let e = compile(Kind::Material, VERT, FRAG, &["F(x) x"]).unwrap_err();
    assert_eq!((e.shader, e.line, e.column), (Shader::Defines, 1, 2), "{e}");
    assert!(e.reason.contains("arguments"), "{e}");
    let e = compile(Kind::Material, VERT, FRAG, &["A 1", "A 2"]).unwrap_err();
    assert_eq!((e.shader, e.line), (Shader::Defines, 2), "{e}");
    let e = compile(Kind::Material, VERT, FRAG, &[""]).unwrap_err();
    assert!(e.reason.contains("empty"), "{e}");
    let e = compile(Kind::Material, VERT, FRAG, &["SHADER_TYPE Other"]).unwrap_err();
    assert!(e.reason.contains("three.js's prefix"), "{e}");
    assert!(e.to_string().starts_with("error: defines, entry 1"), "{e}");
}

#[test]
fn an_error_through_a_define_names_the_authors_line() {
    let e = compile(
        Kind::Material,
        VERT,
        "varying vec2 vUv;\nvoid main() {\n  gl_FragColor = vec4(AMOUNT);\n}\n",
        &["AMOUNT vUv.z"],
    )
    .unwrap_err();
    assert_eq!(
        (e.shader, e.line, e.column),
        (Shader::Fragment, 3, 23),
        "{e}"
    );
    assert!(e.reason.contains("has no z"), "{e}");
}

// ------------------------------------------------------------------ types and declarations

#[test]
fn types_outside_the_subset() {
    for (ty, what) in [
        ("mat3x4", "non-square"),
        (
            "samplerCubeShadow",
            "samplers other than sampler2D, sampler3D, samplerCube and sampler2DArray",
        ),
        (
            "sampler2DShadow",
            "samplers other than sampler2D, sampler3D, samplerCube and sampler2DArray",
        ),
    ] {
        frag(
            &format!("uniform ${ty} u;\nvoid main() {{ gl_FragColor = vec4(1.0); }}"),
            what,
        );
    }
}

#[test]
fn structs_outside_the_subset() {
    let main = "\nvoid main() { gl_FragColor = vec4(1.0); }";
    // Declared with its variables, in a function, with a sampler or a matrix, or too big.
    frag(
        &format!("struct S {{ float a; }} $s;{main}"),
        "apart from it",
    );
    frag(
        "void main() {\n  $struct S { float a; };\n  gl_FragColor = vec4(1.0);\n}",
        "at the top of the shader",
    );
    frag(
        &format!("struct S {{ $sampler2D t; }};{main}"),
        "sampler in a struct",
    );
    frag(
        &format!("struct S {{ $sampler2D m; }};{main}"),
        "sampler in a struct",
    );
    frag(
        &format!("struct S {{ float a, $a; }};{main}"),
        "two fields named a",
    );
    frag(&format!("struct $S {{ }};{main}"), "no fields");
    let big = "struct A { vec4 a, b, c, d, e, f, g, h; };\nstruct B { A a, b, c, d; };\nstruct $C { B a, b, c; };";
    frag(&format!("{big}{main}"), "96 scalars and vectors");
    // A varying or an attribute of a struct, a field that is not there, the wrong constructor.
    frag(
        &format!("struct S {{ float a; }};\nvarying $S v;{main}"),
        "varying",
    );
    frag(
        "struct S { float a; };\nvoid main() { S s = S(1.0); gl_FragColor = vec4(s.$b); }",
        "S has no field b",
    );
    frag(
        "struct S { float a; vec2 b; };\nvoid main() { S s = $S(1.0); gl_FragColor = vec4(1.0); }",
        "one value for each of its 2 fields",
    );
    frag(
        "struct S { float a; vec2 b; };\nvoid main() { S s = S(1.0, $1.0); gl_FragColor = vec4(1.0); }",
        "S's field b is a vec2, not a float",
    );
    frag(
        "struct S { float a; };\nvoid main() { S s = S(1.0); vec4 c = s $== s ? vec4(1.0) : vec4(0.0); gl_FragColor = c; }",
        "== of a struct is not in the subset",
    );
}

#[test]
fn arrays_outside_the_subset() {
    let main = "\nvoid main() { gl_FragColor = vec4(1.0); }";
    // Past 256 elements, of no elements, with a size that is not a constant int.
    frag(
        &format!("uniform float a[$257];{main}"),
        "the subset takes 1 to 256",
    );
    frag(&body("  float b[$0];"), "the subset takes 1 to 256");
    frag(&body("  float b[$1.5];"), "a constant int");
    frag(
        &body("  float c = $float[2](1.0, 2.0, 3.0)[0];"),
        "takes 2 values, not 3",
    );
    frag(&body("  float b$[];"), "takes its size from an initializer");
    // Arrays of arrays, of matrices, as varyings, parameters and fields.
    frag(&body("  float b[2]$[2];"), "arrays of arrays");
    frag(&body("  mat3 m$[2];"), "an array of mat3");
    frag(&format!("uniform mat4 m$[2];{main}"), "an array of mat4");
    frag(&format!("varying $int v[2];{main}"), "not an int[2]");
    frag(&format!("varying mat3 v$[2];{main}"), "an array of mat3");
    frag(
        &format!("float f(float a$[]) {{ return a[0]; }}{main}"),
        "an array parameter states its size",
    );
    frag(&format!("struct S {{ float a$[2]; }};{main}"), "arrays");
    // A constant index outside, an index that is not an int, length() of a vector.
    frag(&body("  float a[2];\n  float b = a[$2];"), "outside 0 to 1");
    frag(
        &body("  float a[2];\n  float b = a[$0.5];"),
        "an index is an int",
    );
    frag(
        &body("  vec2 a;\n  int n = a.$length();"),
        "length() is an array's",
    );
    // 16 arrays of structs of 64 scalars hold more than the bound.
    frag(
        "struct S { vec4 a, b, c, d, e, f, g, h; };\nstruct T { S a, b, c, d, e, f, g, h; };\nvoid main() { T t$[17]; gl_FragColor = vec4(1.0); }",
        "the subset takes at most 1024",
    );
}

#[test]
fn a_uniform_with_a_value() {
    frag(
        "uniform float $u = 1.0;\nvoid main() { gl_FragColor = vec4(u); }",
        "no initializer",
    );
}

#[test]
fn a_const_of_a_value_that_is_not_constant() {
    frag(
        "uniform float u;\nconst float k = $u * 2.0;\nvoid main() { gl_FragColor = vec4(k); }",
        "not a constant expression",
    );
    frag(
        &body("  float v = 1.0;\n  const float $k = v;"),
        "not a constant expression",
    );
}

#[test]
fn a_const_with_no_value() {
    frag(
        "const float $k;\nvoid main() { gl_FragColor = vec4(k); }",
        "needs a value",
    );
}

#[test]
fn flat_centroid_invariant() {
    for q in ["flat", "centroid", "invariant"] {
        frag(
            &format!("${q} varying vec2 vUv;\nvoid main() {{ gl_FragColor = vec4(1.0); }}"),
            q,
        );
    }
}

#[test]
fn custom_attributes_of_a_matrix_or_a_bool() {
    vert("attribute $mat3 offset;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }", "a custom attribute is a float, vec2, vec3 or vec4");
    raw_vert("attribute vec3 position;\nattribute $bool flag;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }", "a custom attribute is a float, vec2, vec3 or vec4");
}

#[test]
fn attributes_that_three_declares() {
    vert("attribute vec3 $position;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }", "declared already by three.js");
}

#[test]
fn an_attribute_of_the_wrong_type() {
    raw_vert("attribute $vec4 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * position; }", "a vec3, not a vec4");
}

#[test]
fn a_builtin_uniform_redeclared() {
    vert("uniform mat4 $modelMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }", "declared already");
    // three's prefix declares isOrthographic in both of a ShaderMaterial's shaders (R-GLSL-24).
    frag(
        "uniform bool $isOrthographic;\nvoid main() { gl_FragColor = vec4(1.0); }",
        "declared already",
    );
    raw_vert("attribute vec3 position;\nuniform $mat3 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { }", "mat4, not a mat3");
}

#[test]
fn a_sampler_in_a_local() {
    frag(
        "uniform sampler2D s;\nvoid main() {\n  $sampler2D t = s;\n  gl_FragColor = vec4(1.0);\n}",
        "in a local variable",
    );
}

#[test]
fn declared_twice() {
    frag(
        &body("  float a = 1.0;\n  float $a = 2.0;"),
        "declared twice",
    );
    frag(
        "uniform float u;\nuniform float $u;\nvoid main() { gl_FragColor = vec4(u); }",
        "declared twice",
    );
}

#[test]
fn a_keyword_as_a_name() {
    frag(&body("  float $input = 1.0;"), "reserved");
}

#[test]
fn a_gl_name_declared() {
    frag(&body("  float $gl_Thing = 1.0;"), "gl_");
}

#[test]
fn layout_on_something_that_is_not_an_output() {
    frag(
        "$layout(location = 0) uniform float u;\nvoid main() { gl_FragColor = vec4(u); }",
        "output alone",
    );
}

#[test]
fn two_outputs() {
    frag(
        "out vec4 a;\nout vec4 $b;\nvoid main() { a = vec4(1.0); }",
        "second output",
    );
}

#[test]
fn an_output_that_is_not_a_vec4() {
    frag(
        "out $vec3 c;\nvoid main() { c = vec3(1.0); }",
        "one out vec4",
    );
}

#[test]
fn both_colour_outputs_written() {
    frag(
        "out vec4 c;\nvoid main() {\n  c = vec4(1.0);\n  $gl_FragColor = vec4(0.0);\n}",
        "both written",
    );
}

#[test]
fn a_varying_that_is_not_a_vector() {
    frag(
        "varying $int n;\nvoid main() { gl_FragColor = vec4(1.0); }",
        "a float or a float vector, or an array of them, not an int: an integer or bool varying needs flat",
    );
}

// ------------------------------------------------------------------ statements

#[test]
fn while_and_do_not_proved_to_stop() {
    // 257 bodies: one past the specification's MAX_WHILE_COUNT.
    frag(
        &body("  int i = 0;\n  $while (i < 257) { i++; }"),
        "not proved to stop within 256",
    );
    // A condition that never turns false, and one over a uniform (unbounded).
    frag(
        &body("  $while (true) { }"),
        "write a for loop with constant bounds",
    );
    frag(
        "uniform int count;\nvoid main() {\n  int i = 0;\n  $while (i < count) { i++; }\n  gl_FragColor = vec4(1.0);\n}",
        "not proved to stop",
    );
    // A data-dependent exit alone is not a proof (the specification: the proof is conservative).
    frag(
        &body("  float v = vUv.x;\n  $do { v *= 2.0; } while (v < 1.0);"),
        "this do loop is not proved to stop",
    );
    // The counter is written in a branch: not known where the loop runs.
    frag(
        &body("  int i = 0;\n  $while (i < 4) { if (vUv.x < 0.5) { i++; } else { i += 2; } }"),
        "not proved to stop",
    );
    frag(
        &body("  do $i++; while (false);"),
        "the body of a do is a block in braces",
    );
    // Three nested loops of 256 bodies each are proved, but unroll past the work limit.
    frag(
        &body("  int i = 0;\n  while (i < 256) {\n    int j = 0;\n    while (j < 256) {\n      int k = 0;\n      while (k < 256) { k++; }\n      j++;\n    }\n    i++;\n  }"),
        "units of work",
    );
}

#[test]
fn switch_outside_the_subset() {
    frag(
        &body("  float s = vUv.x;\n  switch ($s) { default: break; }"),
        "a switch selects by an int or a uint, not a float",
    );
    // GLSL ES has no implicit conversion between int and uint: a label is of the selector's type.
    frag(
        &body("  uint u = uint(vUv.x);\n  switch (u) { case $1: break; }"),
        "a case label is of the selector's type, uint, not int: write a label such as 3u",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { case $1u: break; }"),
        "a case label is of the selector's type, int, not uint: write a label such as 3",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { case $i: break; }"),
        "a case label is a constant",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { case 1: break; case $1: break; }"),
        "case 1 is labelled twice",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { default: break; case 2: $default: break; }"),
        "a switch has one default label",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { case 0: $float f = 1.0; break; }"),
        "a declaration directly in a switch",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { $i = 2; case 0: break; }"),
        "before its first case label",
    );
    frag(&body("  $case 1: ;"), "directly in a switch's body");
}

#[test]
fn break_and_continue_outside_a_loop() {
    frag(&body("  $break;"), "break outside a loop or a switch");
    frag(
        &body("  if (true) { $continue; }"),
        "continue outside a loop",
    );
    frag(
        &body("  int i = int(vUv.x);\n  switch (i) { default: $continue; }"),
        "continue outside a loop",
    );
    frag("float f() {\n  $break;\n  return 1.0;\n}\nvoid main() { for (int i = 0; i < 2; i++) { gl_FragColor = vec4(f()); } }", "outside a loop");
}

#[test]
fn discard_in_a_vertex_shader() {
    vert("void main() {\n  $discard;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "fragment shaders");
}

#[test]
fn a_return_before_the_end_of_a_vertex_main() {
    vert("void main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  if (uv.x > 0.5) $return;\n}", "not in the subset");
    vert("void main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  $return;\n  float a = 1.0;\n}", "before the end");
}

#[test]
fn a_return_of_the_wrong_type() {
    frag(
        "float f() { return $vec2(1.0); }\nvoid main() { gl_FragColor = vec4(f()); }",
        "answers a float, not a vec2",
    );
    frag(
        "float f() { $return; }\nvoid main() { gl_FragColor = vec4(f()); }",
        "return a value",
    );
    frag(
        "void f() { return $1.0; }\nvoid main() { f(); gl_FragColor = vec4(1.0); }",
        "is void",
    );
}

#[test]
fn an_if_condition_that_is_not_a_bool() {
    frag(&body("  if ($vUv.x) { }"), "a bool, not a float");
}

#[test]
fn else_without_if_statement() {
    frag(&body("  $else { }"), "else with no if");
}

// ------------------------------------------------------------------ for loops

#[test]
fn a_loop_that_does_not_declare_its_index() {
    frag(
        &body("  int i;\n  for ($i = 0; i < 4; i++) { }"),
        "does not declare its index",
    );
}

#[test]
fn a_loop_bound_that_is_not_constant() {
    frag("uniform float n;\nvoid main() {\n  for (int i = 0; i < $int(n); i++) { }\n  gl_FragColor = vec4(1.0);\n}", "not constant");
}

#[test]
fn a_loop_that_runs_too_long() {
    frag(
        &body("  $for (int i = 0; i < 2000; i++) { }"),
        "more than 1024 times",
    );
    frag(
        &body("  $for (int i = 0; i != 5; i += 2) { }"),
        "more than 1024 times",
    );
}

#[test]
fn a_loop_condition_not_on_its_index() {
    frag(
        &body("  float x = 0.0;\n  for (int i = 0; $x < 4.0; i++) { }"),
        "compares the index",
    );
    frag(&body("  for (int i = 0; i $== 4; i++) { }"), "not ==");
    // `i < b && rest` takes the index's test first; another order, or `||`, is refused.
    frag(
        &body("  bool go = true;\n  for (int i = 0; $go && i < 4; i++) { }"),
        "compares the index",
    );
    frag(
        &body("  bool go = true;\n  for (int i = 0; $i < 4 || go; i++) { }"),
        "compares the index",
    );
    frag(
        &body("  for (int i = 0; i < 4 && $1.0; i++) { }"),
        "a loop condition is a bool, not a float",
    );
}

#[test]
fn a_loop_step_not_on_its_index() {
    frag(
        &body("  int j = 0;\n  for (int i = 0; i < 4; $j++) { }"),
        "the step is",
    );
    frag(
        &body("  for (int i = 0; i < 4; i $*= 2) { }"),
        "the step is",
    );
}

#[test]
fn a_loop_step_that_is_not_constant() {
    frag("uniform float u;\nvoid main() {\n  for (int i = 0; i < 4; i += $int(u)) { }\n  gl_FragColor = vec4(1.0);\n}", "not a constant");
}

#[test]
fn a_loop_index_written_in_the_body() {
    frag(
        &body("  for (int i = 0; i < 4; i++) { $i = 2; }"),
        "written in the body",
    );
}

#[test]
fn a_loop_index_that_is_a_vector() {
    frag(
        &body("  for ($vec2 v = vec2(0.0); v.x < 1.0; v.x += 0.5) { }"),
        "an int, a uint or a float",
    );
}

// ------------------------------------------------------------------ functions

#[test]
fn prototypes() {
    // A prototype lets the call come first, but recursion through prototypes is refused.
    frag(
        "float f(float x);\nfloat g(float x);\nfloat $g(float x) { return f(x); }\nfloat f(float x) { return g(x); }\nvoid main() { gl_FragColor = vec4(f(1.0)); }",
        "recursion is not in the subset",
    );
    // A prototype with no definition: the call names a function that is not defined.
    frag(
        "float f(float x);\nvoid main() { gl_FragColor = vec4($f(1.0)); }",
        "no function named f",
    );
}

#[test]
fn overloads_outside_the_subset() {
    // Overloads differ in a parameter's type (GLSL ES converts none), and agree on which
    // parameters are out; a call matches one exactly.
    frag("float f(float x) { return x; }\nvec2 $f(float y) { return vec2(y); }\nvoid main() { gl_FragColor = vec4(1.0); }", "defined twice with the same parameter types");
    frag("float f(float x) { return x; }\nfloat f(vec2 x) { return x.x; }\nvoid main() { gl_FragColor = vec4($f(vec3(1.0))); }", "no f takes (vec3)");
    frag("float f(float x) { return x; }\nfloat f(float x, float y) { return y; }\nvoid main() { gl_FragColor = vec4($f()); }", "f takes 1 or 2 arguments, not 0");
    frag("float f(out float x) { x = 1.0; return x; }\nfloat f(vec2 x) { return x.x; }\nvoid main() { float a; gl_FragColor = vec4(f($a)); }", "out in one overload");
}

#[test]
fn a_variable_named_like_a_built_in() {
    // three r187's TriangleBlurShader: `uniform sampler2D texture` hides GLSL ES 3.00's texture,
    // which three's prefix makes texture2D; Mesa refuses the call.
    frag("uniform sampler2D texture;\nvoid main() { gl_FragColor = $texture2D(texture, vec2(0.5)); }", "makes texture2D texture");
    frag(
        &body("  float sin = 1.0;\n  float y = $sin(sin);"),
        "sin is a variable, not a function",
    );
}

#[test]
fn functions_named_like_glsls_own() {
    frag(
        "float $sin(float x) { return x; }\nvoid main() { gl_FragColor = vec4(1.0); }",
        "GLSL's own",
    );
    frag(
        "float $noise1(float x) { return x; }\nvoid main() { gl_FragColor = vec4(1.0); }",
        "GLSL's own",
    );
}

#[test]
fn recursion() {
    frag(
        "float f(float x) { return $f(x - 1.0); }\nvoid main() { gl_FragColor = vec4(f(1.0)); }",
        "recursion",
    );
    frag("void main() { $main(); }", "recursion");
}

#[test]
fn a_call_before_the_definition() {
    frag(
        "void main() { gl_FragColor = vec4($later(1.0)); }\nfloat later(float x) { return x; }",
        "declared before this call",
    );
}

#[test]
fn an_out_argument_that_is_not_a_variable() {
    frag("void f(out float o) { o = 1.0; }\nvoid main() {\n  f($2.0);\n  gl_FragColor = vec4(1.0);\n}", "argument 1 of f is out");
    frag("uniform float u;\nvoid f(inout float o) { o = 1.0; }\nvoid main() {\n  f($u);\n  gl_FragColor = vec4(1.0);\n}", "cannot be written");
}

#[test]
fn a_call_with_the_wrong_arguments() {
    frag(
        "float f(float x) { return x; }\nvoid main() { gl_FragColor = vec4($f(1.0, 2.0)); }",
        "takes 1 arguments, not 2",
    );
    frag(
        "float f(float x) { return x; }\nvoid main() { gl_FragColor = vec4(f($1)); }",
        "argument 1 of f is a float, not an int: write float(…)",
    );
}

#[test]
fn a_main_with_parameters() {
    frag(
        "void $main(float x) { gl_FragColor = vec4(x); }",
        "void main()",
    );
}

#[test]
fn no_main() {
    frag("float f() { return 1.0; }\nvoid $g() { }", "no main");
}

#[test]
fn a_function_answering_a_sampler() {
    frag(
        "uniform sampler2D m;\n$sampler2D f() { return m; }\nvoid main() { gl_FragColor = vec4(1.0); }",
        "answers a sampler2D",
    );
}

#[test]
fn an_out_sampler_parameter() {
    frag(
        "void f(out $sampler2D s) { }\nvoid main() { gl_FragColor = vec4(1.0); }",
        "in alone",
    );
}

// ------------------------------------------------------------------ expressions

#[test]
fn bit_operators() {
    frag(
        &body("  int a = 1, b = 2;\n  int c = a $& b;"),
        "bit operators",
    );
    frag(&body("  int a = 1;\n  int c = a $<< 2;"), "bit operators");
    frag(&body("  int a = 1;\n  int c = $~a;"), "bit operators");
    frag(&body("  int a = 1;\n  a $|= 2;"), "bit operators");
}

#[test]
fn modulo_of_floats() {
    frag(&body("  float a = vUv.x $% 2.0;"), "% of floats");
}

#[test]
fn modulo_assignment() {
    frag(
        &body("  float a = 5.0;\n  a $%= 2.0;"),
        "% of floats is not in the subset; use mod(x, y)",
    );
}

/// A global that is not const is the shader's own state (issue 18); as in GLSL ES and Mesa, its
/// initializer is a constant expression.
#[test]
fn global_variables_outside_glsl() {
    frag(
        "uniform float u;\nfloat g = $u * 2.0;\nvoid main() { gl_FragColor = vec4(g); }\n",
        "initializer of global variable g must be a constant expression",
    );
    frag(
        "float a = 1.0;\nfloat b = $a + 1.0;\nvoid main() { gl_FragColor = vec4(b); }\n",
        "constant expression",
    );
    frag(
        "$sampler2D s;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "a global sampler2D must be a uniform",
    );
    frag(
        "float $gl_Thing;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "belong to GLSL",
    );
    frag(
        "float g;\nfloat $g;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "declared twice",
    );
    frag(
        "float g = $1;\nvoid main() { gl_FragColor = vec4(g); }\n",
        "g is a float, and the value an int: write float(…)",
    );
    frag(
        "uniform sampler2D t;\nconst $sampler2D s = t;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "a sampler is a uniform",
    );
}

/// Assignments, `++` and `--` are values, and the comma operator runs both sides (issue 18);
/// what they write is still a variable, and an index of one that is written runs once.
#[test]
fn assignments_inside_expressions_outside_glsl() {
    frag(
        &body("  float a = 1.0;\n  float b = (a $+ 1.0 = 2.0);"),
        "the left side of an assignment must be a variable",
    );
    frag(
        &body("  float a = 1.0;\n  float b = 1.0;\n  vUv.x > 0.5 $? a : b = 2.0;"),
        "the left side of an assignment must be a variable",
    );
    frag(
        &body("  const float k = 1.0;\n  float b = ($k = 2.0);"),
        "k is read-only",
    );
    frag(
        &body("  bool b = true;\n  bool c = $b++;"),
        "++ and -- take a number, not a bool",
    );
    frag(
        &body("  float a[4];\n  int i = 0;\n  a[$i++] = 1.0;"),
        "compute it in a local first",
    );
    frag(
        &body("  for (int i = 0; i < 4; i++) {\n    int j = $i++;\n  }"),
        "the loop index i is written in the body",
    );
    frag(
        &body("  float a = 1.0;\n  float b = (a $%= 2.0);"),
        "% of floats",
    );
    vert(
        "void main() {\n  float a = ($gl_Position = vec4(1.0)).x;\n}\n",
        "gl_Position is written whole",
    );
}

#[test]
fn int_and_float_mixed() {
    frag(
        &body("  float a = 1.0 $+ 2;"),
        "float + int: GLSL ES has no implicit conversion between int and float; write float(...) of the int",
    );
}

#[test]
fn vectors_of_different_sizes() {
    frag(
        &body("  vec3 a = vec3(1.0) $+ vec2(1.0);"),
        "differ in size",
    );
}

#[test]
fn a_vector_compared_with_less_than() {
    frag(
        &body("  bool b = vUv $< vec2(0.5);"),
        "a vector compared with <",
    );
}

#[test]
fn a_scalar_swizzled() {
    frag(
        &body("  float a = 1.0;\n  vec2 b = a.$xx;"),
        "scalar swizzled",
    );
}

#[test]
fn a_swizzle_of_a_missing_component() {
    frag(&body("  float a = vUv.$z;"), "has no z");
    frag(&body("  float a = vUv.$xg;"), "mixes the sets");
    frag(
        &body("  vec4 a = vec4(1.0);\n  a.$xx = vec2(1.0);"),
        "component twice",
    );
}

#[test]
fn an_index_that_is_not_constant() {
    // A component is read through an index known at run time alone (a select chain), but
    // written through a constant or a loop index only (the specification's subset).
    frag("uniform float u;\nvoid main() {\n  vec4 v = vec4(1.0);\n  v[$int(u)] = 2.0;\n  gl_FragColor = v;\n}", "constant or a loop index");
}

#[test]
fn an_index_outside_the_vector() {
    frag(
        &body("  vec3 v = vec3(1.0);\n  float a = v[$3];"),
        "outside 0 to 2",
    );
}

#[test]
fn an_index_outside_the_vector_in_an_unrolled_loop() {
    frag(
        &body("  vec3 v = vec3(1.0);\n  float s = 0.0;\n  for (int i = 0; i < 4; i++) s += v[$i];"),
        "outside 0 to 2",
    );
}

#[test]
fn matrices_of_other_sizes() {
    frag(
        "uniform mat3 a;\nuniform mat2 b;\nvoid main() { gl_FragColor = vec4((a $* b)[0], 1.0); }",
        "a mat3 times a mat2",
    );
    frag(
        "uniform mat3 a;\nvoid main() { gl_FragColor = vec4(a $* vec2(1.0), 1.0, 1.0); }",
        "a matrix multiplies a vector or a matrix of its size",
    );
    frag(
        "uniform mat3 a;\nvoid main() { gl_FragColor = vec4((a $+ vec3(1.0))[0], 1.0); }",
        "+ takes a matrix with a float or with a matrix of its size",
    );
    frag(
        &body("  mat2 m = mat2(1.0);\n  bool b = m $< m;"),
        "compares two numbers of one type",
    );
    frag(
        &body("  mat2 m = $matrixCompMult(mat2(1.0), mat3(1.0));"),
        "has no form",
    );
}

#[test]
fn matrix_constructors_outside_glsl() {
    frag(
        &body("  mat2 m = $mat2(1.0, 2.0, 3.0);"),
        "mat2 needs 4 components, and 3 are given",
    );
    frag(
        &body("  mat2 m = $mat2(vec4(1.0), 2.0);"),
        "more arguments than it uses",
    );
    frag(
        &body("  mat3 m = mat3($mat2(1.0), 1.0);"),
        "of a matrix takes that matrix alone",
    );
    frag(&body("  mat2 m = $mat2();"), "needs a value");
}

#[test]
fn matrix_indexes_outside_the_matrix() {
    frag(
        &body("  mat3 m = mat3(1.0);\n  vec3 c = m[$3];"),
        "the index 3 is outside 0 to 2",
    );
    frag(
        &body("  mat2 m = mat2(1.0);\n  m[$-1] = vec2(0.0);"),
        "outside 0 to 1",
    );
    frag(
        &body("  mat2 m = mat2(1.0);\n  float f = m[0][$2];"),
        "outside 0 to 1",
    );
}

#[test]
fn matrix_builtins_need_glsl_es_3() {
    raw_frag(
        "precision highp float;\nvoid main() { gl_FragColor = vec4($inverse(mat2(1.0))[0], 0.0, 1.0); }",
        "needs #version 300 es",
    );
}

#[test]
fn gl_position_through_a_matrix_of_the_shaders_own() {
    // The product is GLSL's (R-GLSL-24), but gl_Position is drawn through three's forms alone.
    vert(
        "uniform mat4 u;\nvoid main() {\n  $gl_Position = projectionMatrix * (modelViewMatrix * u) * vec4(position, 1.0);\n}",
        "the host places each vertex",
    );
}

// ------------------------------------------------------------------ built-in functions

#[test]
fn builtins_outside_the_subset() {
    for f in [
        "sinh",
        "isnan",
        "outerProduct",
        "textureOffset",
        "texelFetchOffset",
    ] {
        frag(
            &body(&format!("  float a = ${f}(vUv.x);")),
            &format!("the built-in {f} is not in the subset"),
        );
    }
}

#[test]
fn a_builtin_with_the_wrong_arguments() {
    frag(
        &body("  float a = $pow(vUv, 2.0).x;"),
        "pow has no form that takes (vec2, float)",
    );
    frag(
        &body("  vec3 c = $cross(vec2(1.0), vec2(1.0));"),
        "cross has no form",
    );
    frag(
        &body("  float a = $sin(1.0, 2.0);"),
        "takes 1 argument, not 2",
    );
    frag(
        &body("  float a = $mix(1.0, 2.0, bvec2(true));"),
        "mix has no form",
    );
}

#[test]
fn texture_reads_outside_their_forms() {
    let read = |call: &str| {
        format!(
            "varying vec2 vUv;\nuniform sampler2D s;\nvoid main() {{ gl_FragColor = ${call}; }}"
        )
    };
    for (call, needle) in [
        (
            "textureGrad(s, vUv, 1.0, 1.0)",
            "textureGrad has no form that takes (sampler2D, vec2, float, float)",
        ),
        (
            "textureProj(s, vUv)",
            "textureProj has no form that takes (sampler2D, vec2)",
        ),
        (
            "textureLod(s, vUv)",
            "textureLod has no form that takes (sampler2D, vec2)",
        ),
        (
            "texture(s, vUv, 1.0, 2.0)",
            "texture has no form that takes (sampler2D, vec2, float, float)",
        ),
        (
            "texture(s, vec3(vUv, 1.0))",
            "texture has no form that takes (sampler2D, vec3)",
        ),
        (
            "textureLod(s, vUv, vUv)",
            "textureLod has no form that takes (sampler2D, vec2, vec2)",
        ),
        (
            "texture2D(s, vUv, vUv)",
            "texture2D has no form that takes (sampler2D, vec2, vec2)",
        ),
    ] {
        frag(&read(call), needle);
    }
}

#[test]
fn texel_reads_outside_their_forms() {
    let read = |call: &str| {
        format!(
            "varying vec2 vUv;\nuniform sampler2D s;\nvoid main() {{ int l = int(vUv.x);\n  gl_FragColor = vec4(${call}); }}"
        )
    };
    for (call, needle) in [
        (
            "texelFetch(s, vUv, 0)",
            "texelFetch has no form that takes (sampler2D, vec2, int)",
        ),
        (
            "texelFetch(s, ivec2(1), 0.0)",
            "texelFetch has no form that takes (sampler2D, ivec2, float)",
        ),
        (
            "texelFetch(s, ivec2(1))",
            "texelFetch has no form that takes (sampler2D, ivec2)",
        ),
        (
            "textureSize(s, 0.0), 0.0, 0.0",
            "textureSize has no form that takes (sampler2D, float)",
        ),
    ] {
        frag(&read(call), needle);
    }
    // The size is a uniform of one level, known when the shader compiles.
    frag(
        "varying vec2 vUv;\nuniform sampler2D s;\nvoid main() {\n  int l = int(vUv.x);\n  gl_FragColor = vec4(textureSize(s, $l), 0.0, 0.0);\n}",
        "textureSize's level is computed at run time",
    );
    frag(
        "varying vec2 vUv;\nuniform sampler2D s;\nvoid main() { gl_FragColor = vec4(textureSize(s, $-1), 0.0, 0.0); }",
        "textureSize's level is -1: a level is 0 to 31",
    );
    frag(
        "varying vec2 vUv;\nuniform sampler2D s;\nvoid main() { gl_FragColor = vec4(textureSize(s, $32), 0.0, 0.0); }",
        "textureSize's level is 32",
    );
    // GLSL ES 1.00 has neither.
    raw_frag(
        "precision highp float;\nuniform sampler2D s;\nvoid main() { gl_FragColor = $texelFetch(s, ivec2(0), 0); }",
        "needs #version 300 es",
    );
}

#[test]
fn a_gradient_known_not_finite() {
    for dx in [
        "vec2(1.0 / 0.0, 0.0)",
        "vec2(0.0, -1.0 / 0.0)",
        "vec2(0.0 / 0.0)",
    ] {
        frag(
            &format!("varying vec2 vUv;\nuniform sampler2D s;\nvoid main() {{ gl_FragColor = textureGrad(s, vUv, ${dx}, vec2(0.0, 0.1)); }}"),
            "textureGrad's gradient is not finite",
        );
    }
    frag(
        "varying vec2 vUv;\nuniform sampler2D s;\nconst float big = 1e38;\nvoid main() { gl_FragColor = textureGrad(s, vUv, vec2(0.1), $vec2(big) * big); }",
        "textureGrad's gradient is not finite",
    );
}

#[test]
fn volume_reads_outside_their_forms() {
    let read = |call: &str| {
        format!(
            "varying vec2 vUv;\nuniform sampler3D v;\nvoid main() {{ gl_FragColor = ${call}; }}"
        )
    };
    for (call, needle) in [
        (
            "texture(v, vUv)",
            "texture has no form that takes (sampler3D, vec2)",
        ),
        // A volume has one level: no level, gradient, bias or projection.
        (
            "texture(v, vec3(vUv, 0.5), 1.0)",
            "texture has no form that takes (sampler3D, vec3, float)",
        ),
        (
            "textureLod(v, vec3(vUv, 0.5), 0.0)",
            "textureLod has no form that takes (sampler3D, vec3, float)",
        ),
        (
            "textureProj(v, vec4(vUv, 0.5, 1.0))",
            "textureProj has no form that takes (sampler3D, vec4)",
        ),
    ] {
        frag(&read(call), needle);
    }
    // A sampler3D is a uniform, read with texture() alone.
    frag(
        "uniform sampler3D v;\nvoid main() { gl_FragColor = vec4(1.0) $* v; }",
        "a sampler3D is read with texture(), not *",
    );
    frag(
        "void main() {\n  $sampler3D v;\n  gl_FragColor = vec4(1.0);\n}",
        "a sampler3D in a local variable is not in the subset",
    );
    // GLSL ES 1.00 has no sampler3D.
    raw_frag(
        "precision highp float;\nuniform $sampler3D v;\nvoid main() { gl_FragColor = vec4(1.0); }",
        "sampler3D needs #version 300 es",
    );
}

#[test]
fn cube_and_array_reads_outside_their_forms() {
    // R-CUBE-4: a samplerCube and a sampler2DArray take a vec3 (and textureLod's level);
    // no bias, gradient, projection or 2D coordinate.
    let read = |decl: &str, call: &str| {
        format!("varying vec2 vUv;\nuniform {decl};\nvoid main() {{ gl_FragColor = ${call}; }}")
    };
    for (decl, call, needle) in [
        (
            "samplerCube c",
            "texture(c, vUv)",
            "texture has no form that takes (samplerCube, vec2)",
        ),
        (
            "samplerCube c",
            "texture(c, vec3(vUv, 1.0), 1.0)",
            "texture has no form that takes (samplerCube, vec3, float)",
        ),
        (
            "samplerCube c",
            "textureGrad(c, vec3(vUv, 1.0), vec3(0.1), vec3(0.1))",
            "textureGrad has no form that takes (samplerCube, vec3, vec3, vec3)",
        ),
        (
            "sampler2DArray a",
            "textureProj(a, vec4(vUv, 0.5, 1.0))",
            "textureProj has no form that takes (sampler2DArray, vec4)",
        ),
        (
            "sampler2DArray a",
            "texture(a, vUv)",
            "texture has no form that takes (sampler2DArray, vec2)",
        ),
    ] {
        frag(&read(decl, call), needle);
    }
    frag(
        "void main() {\n  $samplerCube c;\n  gl_FragColor = vec4(1.0);\n}",
        "a samplerCube in a local variable is not in the subset",
    );
    // GLSL ES 1.00 has samplerCube (textureCube) but no sampler2DArray; ES 3.00 has no
    // textureCube.
    raw_frag(
        "precision highp float;\nuniform $sampler2DArray a;\nvoid main() { gl_FragColor = vec4(1.0); }",
        "sampler2DArray needs #version 300 es",
    );
    refuse(
        Kind::Raw,
        RAW300_VERT_FOR_CUBE,
        "#version 300 es\nprecision highp float;\nuniform samplerCube c;\nout vec4 o;\nvoid main() { o = $textureCube(c, vec3(1.0)); }",
        Shader::Fragment,
        "textureCube is GLSL ES 1.00; #version 300 es writes texture",
    );
}

/// A GLSL ES 3.00 vertex shader for the raw cases here.
const RAW300_VERT_FOR_CUBE: &str = "#version 300 es\nin vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";

#[test]
fn texture_reads_outside_their_versions() {
    let es100 = |call: &str| {
        format!("precision highp float;\nuniform sampler2D s;\nvoid main() {{\n  vec2 vUv = gl_FragCoord.xy;\n  gl_FragColor = ${call};\n}}")
    };
    raw_frag(
        &es100("textureLod(s, vUv, 1.0)"),
        "textureLod needs #version 300 es",
    );
    raw_frag(
        &es100("textureGrad(s, vUv, vUv, vUv)"),
        "textureGrad needs #version 300 es",
    );
    raw_frag(
        &es100("textureProjLod(s, vec3(vUv, 1.0), 1.0)"),
        "textureProjLod needs #version 300 es",
    );
    raw_frag(
        &es100("textureProj(s, vec3(vUv, 1.0))"),
        "textureProj is GLSL ES 3.00; GLSL ES 1.00 writes texture2DProj",
    );
    raw_frag(
        "#version 300 es\nprecision highp float;\nuniform sampler2D s;\nout vec4 o;\nvoid main() { o = $texture2DProj(s, gl_FragCoord.xyz); }",
        "texture2DProj is GLSL ES 1.00; #version 300 es writes textureProj",
    );
    // three's prefix names the EXT_shader_texture_lod reads in a ShaderMaterial alone.
    raw_frag(
        &es100("texture2DLodEXT(s, vUv, 1.0)"),
        "texture2DLodEXT is three.js's ShaderMaterial prefix's name for textureLod",
    );
    // GLSL ES 1.00's Lod reads are for vertex shaders alone (its §8.7); Mesa refuses them here.
    for name in ["texture2DLod", "texture2DProjLod", "textureCubeLod"] {
        raw_frag(
            &es100(&format!("{name}(s, vUv, 1.0)")),
            "GLSL ES 1.00's vertex-shader read",
        );
        frag(
            &format!("varying vec2 vUv;\nuniform sampler2D s;\nvoid main() {{ gl_FragColor = ${name}(s, vUv, 1.0); }}"),
            "a fragment shader reads a level with textureLod",
        );
    }
}

#[test]
fn a_texture_read_in_a_vertex_shader() {
    for call in [
        "texture2D(s, uv)",
        "textureLod(s, uv, 0.0)",
        "textureGrad(s, uv, uv, uv)",
        "texture2DProj(s, vec3(uv, 1.0))",
    ] {
        vert(&format!("uniform sampler2D s;\nvarying vec4 c;\nvoid main() {{\n  c = ${call};\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}}"), "texture read in a vertex shader");
    }
}

#[test]
fn derivatives_in_a_vertex_shader() {
    vert("varying float c;\nvoid main() {\n  c = $dFdx(uv.x);\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "for fragment shaders");
}

// ------------------------------------------------------------------ GLSL ES 1.00 and 3.00 spellings

#[test]
fn texture_in_glsl_es_100() {
    raw_frag("precision highp float;\nuniform sampler2D s;\nvoid main() { gl_FragColor = $texture(s, vec2(0.5)); }", "texture is GLSL ES 3.00");
}

#[test]
fn texture2d_in_glsl_es_300() {
    raw_frag("#version 300 es\nprecision highp float;\nuniform sampler2D s;\nout vec4 o;\nvoid main() { o = $texture2D(s, vec2(0.5)); }", "texture2D is GLSL ES 1.00");
}

#[test]
fn attribute_and_varying_in_glsl_es_300() {
    raw_frag("#version 300 es\nprecision highp float;\n$varying vec2 v;\nout vec4 o;\nvoid main() { o = vec4(1.0); }", "varying is GLSL ES 1.00");
}

#[test]
fn in_and_out_in_glsl_es_100() {
    raw_frag(
        "precision highp float;\n$in vec2 v;\nvoid main() { gl_FragColor = vec4(1.0); }",
        "needs #version 300 es",
    );
}

#[test]
fn gl_fragcolor_in_glsl_es_300() {
    raw_frag("#version 300 es\nprecision highp float;\nout vec4 o;\nvoid main() { $gl_FragColor = vec4(1.0); }", "GLSL ES 1.00");
}

#[test]
fn glsl_es_300_builtins_in_glsl_es_100() {
    raw_frag(
        "precision highp float;\nvoid main() { gl_FragColor = vec4($round(1.5)); }",
        "needs #version 300 es",
    );
    raw_frag(
        "precision highp float;\nvarying float v;\nvoid main() { gl_FragColor = vec4($dFdx(v)); }",
        "needs #version 300 es",
    );
    raw_frag(
        "precision highp float;\nvoid main() { int a = 5 $% 2; gl_FragColor = vec4(1.0); }",
        "% needs #version 300 es",
    );
}

#[test]
fn gl_fragdepth_in_glsl_es_100() {
    raw_frag(
        "precision highp float;\nvoid main() { $gl_FragDepth = 0.5; gl_FragColor = vec4(1.0); }",
        "needs #version 300 es",
    );
}

// ------------------------------------------------------------------ the vertex shader's forms

#[test]
fn gl_position_in_another_form() {
    vert(
        "void main() {\n  $gl_Position = vec4(position, 1.0);\n}",
        "gl_Position is projectionMatrix * modelViewMatrix",
    );
    vert(
        "void main() {\n  $gl_Position = modelViewMatrix * vec4(position, 1.0);\n}",
        "gl_Position is projectionMatrix",
    );
}

#[test]
fn gl_position_written_twice() {
    vert("void main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  $gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "written twice");
}

#[test]
fn gl_position_in_a_branch_or_a_loop() {
    vert("void main() {\n  if (uv.x > 0.5) {\n    $gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  }\n}", "outside every branch and loop");
    vert("void main() {\n  for (int i = 0; i < 1; i++) $gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "outside every branch and loop");
}

#[test]
fn gl_position_in_a_function() {
    vert("void place() { $gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }\nvoid main() { place(); }", "in main, not in a function");
}

#[test]
fn gl_position_never_written() {
    vert("void $main() { }", "never writes gl_Position");
}

#[test]
fn gl_position_read_or_swizzled() {
    vert("void main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  vec4 p = $gl_Position;\n}", "written, not read");
    vert("void main() {\n  $gl_Position.x = 1.0;\n}", "written whole");
}

#[test]
fn a_position_that_reads_uv() {
    vert("void main() {\n  $gl_Position = projectionMatrix * modelViewMatrix * vec4(position + vec3(uv, 0.0), 1.0);\n}", "reads uv, color");
}

#[test]
fn builtin_matrices_in_other_forms() {
    // A varying reads them as values (R-GLSL-24); gl_Position keeps its forms.
    vert("void main() {\n  $gl_Position = modelViewMatrix * projectionMatrix * vec4(position, 1.0);\n}", "the host places each vertex");
    vert("void main() {\n  $gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 0.0);\n}", "the host places each vertex");
    vert("varying float v;\nvoid main() {\n  v = $modelMatrix;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "v is a float, and the value a mat4");
}

#[test]
fn the_clip_point_of_another_point() {
    // A varying may read the clip point gl_Position draws (R-GLSL-24), not another one: the
    // host keeps one point for each vertex.
    vert("varying vec4 v;\nvoid main() {\n  $v = projectionMatrix * modelViewMatrix * vec4(position * 2.0, 1.0);\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "another point than the one gl_Position draws");
}

#[test]
fn builtin_matrices_in_a_fragment_shader() {
    frag(
        &body("  vec4 p = $modelMatrix * vec4(1.0);"),
        "not available in a fragment shader",
    );
    frag(
        &body("  vec3 n = $normalMatrix * vec3(1.0);"),
        "not available in a fragment shader",
    );
    raw_frag("precision highp float;\nuniform mat4 $projectionMatrix;\nvoid main() { gl_FragColor = vec4(1.0); }", "not available in a fragment shader");
}

#[test]
fn a_varying_that_reads_position_where_the_vertex_moves() {
    // At a vertex the host keeps the point gl_Position draws: a varying reads position where
    // that is position itself (R-GLSL-24), and normal always.
    vert("varying vec3 vP;\nvoid main() {\n  $vP = position * 2.0;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position + normal, 1.0);\n}", "reads position, and gl_Position draws a moved point");
    vert("varying vec3 vP;\nvoid main() {\n  vec3 moved = position + normal;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(moved, 1.0);\n  $vP = moved;\n}", "read that point's world or view position");
}

#[test]
fn the_world_position_of_another_point() {
    vert("uniform float k;\nvarying vec3 vW;\nvoid main() {\n  vW = (modelMatrix $* vec4(position * 2.0, 1.0)).xyz;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position + normal * k, 1.0);\n}", "another point");
}

#[test]
fn gl_position_in_a_branch_through_a_variable() {
    vert("void main() {\n  vec4 p = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  if (uv.x > 0.5) p = projectionMatrix * modelViewMatrix * vec4(position * 2.0, 1.0);\n  $gl_Position = p;\n}", "the host places each vertex");
}

// ------------------------------------------------------------------ gl_ variables

#[test]
fn gl_variables_outside_the_subset() {
    frag(
        &body("  vec4 d = $gl_FragData[0];"),
        "gl_FragData is not in the subset",
    );
    vert("void main() {\n  float i = float($gl_VertexID);\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "not in the subset");
}

#[test]
fn point_variables_in_the_other_stage_and_a_point_size_that_reads_position() {
    // R-PRIM-6: the specification's refusals of gl_PointCoord and gl_PointSize.
    vert("void main() {\n  vec2 c = $gl_PointCoord;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "gl_PointCoord is a fragment-shader variable");
    frag(
        &body("  float s = $gl_PointSize;"),
        "gl_PointSize is a vertex-shader output",
    );
    vert("void main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n  $gl_PointSize = position.x * 4.0;\n}", "gl_PointSize reads position or normal");
}

#[test]
fn fragment_variables_in_a_vertex_shader() {
    vert("void main() {\n  vec4 c = $gl_FragCoord;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "is a fragment-shader variable");
    frag(
        &body("  vec4 p = $gl_Position;"),
        "is a vertex-shader output",
    );
}

#[test]
fn screen_variables_in_a_varying() {
    // A vertex has no pixel: gl_FragCoord and gl_FrontFacing belong to the fragment shader.
    vert("void main() {\n  bool f = $gl_FrontFacing;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}", "is a fragment-shader variable");
}

// ------------------------------------------------------------------ linking and outputs

#[test]
fn a_varying_the_vertex_shader_does_not_declare() {
    frag(
        "varying vec3 $vMissing;\nvoid main() { gl_FragColor = vec4(vMissing, 1.0); }",
        "declares no varying vMissing",
    );
}

#[test]
fn a_varying_of_another_type() {
    frag(
        "varying vec3 $vUv;\nvoid main() { gl_FragColor = vec4(vUv, 1.0); }",
        "a vec2 in the vertex shader and a vec3 here",
    );
    // Arrays of varyings (R-GLSL-24) link by element type and length.
    refuse(
        Kind::Material,
        "varying vec4 vO[2];\nvoid main() {\n  vO[0] = vec4(uv, 0.0, 1.0);\n  vO[1] = vO[0];\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
        "varying vec4 $vO[3];\nvoid main() { gl_FragColor = vO[0]; }",
        Shader::Fragment,
        "vO is a vec4[2] in the vertex shader and a vec4[3] here",
    );
}

#[test]
fn a_varying_the_vertex_shader_never_writes() {
    refuse(
        Kind::Material,
        "varying vec2 vUv;\nvarying float vK;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
        "varying float vK;\nvoid main() { gl_FragColor = vec4($vK); }",
        Shader::Fragment,
        "does not write vK",
    );
}

#[test]
fn a_uniform_of_two_types() {
    refuse(
        Kind::Material,
        "uniform float k;\nvoid main() {\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position * k, 1.0);\n}\n",
        "uniform vec2 $k;\nvoid main() { gl_FragColor = vec4(k, 0.0, 1.0); }",
        Shader::Fragment,
        "a float in the other shader and a vec2 here",
    );
}

#[test]
fn a_fragment_shader_that_writes_nothing() {
    frag("void $main() { float a = 1.0; }", "writes no colour");
}

#[test]
fn a_program_too_long_for_one_output() {
    // Each time through adds instructions to COLOR_NODE, past MAX_INSTRUCTIONS.
    let e = frag(
        "varying vec2 vUv;\nvoid main() {\n  vec4 c = vec4(vUv, 0.0, 1.0);\n  for (int i = 0; i < 1000; i++) c = sin(c * 1.01 + vec4(float(i))) * cos(c);\n  $gl_FragColor = c;\n}",
        "MAX_INSTRUCTIONS",
    );
    assert!(
        e.reason.starts_with("the compiled program is refused"),
        "{e}"
    );
}

#[test]
fn a_loop_that_unrolls_past_the_graph() {
    frag(
        "varying vec2 vUv;\nvoid main() {\n  vec4 c = vec4(vUv, 0.0, 1.0);\n  for (int i = 0; i < 1000; i++) {\n    for (int j = 0; j < 1000; j++) {\n      c = c $* 1.0001 + vec4(0.5);\n    }\n  }\n  gl_FragColor = c;\n}",
        "MAX_GRAPH_NODES",
    );
}

#[test]
fn loops_that_unroll_to_too_much_work() {
    let e = compile(
        Kind::Material,
        VERT,
        "varying vec2 vUv;\nvoid main() {\n  for (int i = 0; i < 1000; i++) { for (int j = 0; j < 1000; j++) { for (int k = 0; k < 1000; k++) { } } }\n  gl_FragColor = vec4(1.0);\n}",
        &[],
    )
    .unwrap_err();
    assert!(e.reason.contains("unrolls to more than"), "{e}");
    assert_eq!(e.shader, Shader::Fragment);
}

#[test]
fn expressions_that_nest_too_deeply() {
    let src = format!(
        "void main() {{ gl_FragColor = vec4({}1.0{}); }}",
        "(".repeat(500),
        ")".repeat(500)
    );
    let e = compile(Kind::Material, VERT, &src, &[]).unwrap_err();
    assert!(e.reason.contains("nests more than"), "{e}");
    let src = format!(
        "void main() {{ float a = {}1.0; gl_FragColor = vec4(a); }}",
        "- ".repeat(500)
    );
    let e = compile(Kind::Material, VERT, &src, &[]).unwrap_err();
    assert!(e.reason.contains("nests more than"), "{e}");
}

// ------------------------------------------------------------------ ShaderToy

#[test]
fn shader_toy_without_main_image() {
    toy(
        "void $image(out vec4 c, in vec2 p) { c = vec4(1.0); }",
        "mainImage",
    );
}

#[test]
fn shader_toy_main_image_of_another_signature() {
    toy(
        "void $mainImage(out vec3 c, in vec2 p) { c = vec3(1.0); }",
        "void mainImage(out vec4 fragColor, in vec2 fragCoord)",
    );
}

#[test]
fn shader_toy_with_main() {
    toy(
        "void $main() { }\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }",
        "the compiler writes main",
    );
}

#[test]
fn shader_toy_outputs_and_versions() {
    toy(
        "$out vec4 color;\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }",
        "declares no out",
    );
    toy(
        "$#version 300 es\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }",
        "no #version",
    );
    toy(
        "void mainImage(out vec4 c, in vec2 p) { $gl_FragColor = vec4(1.0); }",
        "write mainImage's fragColor",
    );
    toy(
        "uniform float $iTime;\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(iTime); }",
        "declared already by ShaderToy",
    );
}

#[test]
fn shader_toy_channel_time_read_whole_or_by_a_variable() {
    toy(
        "void mainImage(out vec4 c, in vec2 p) { c = vec4($iChannelTime); }",
        "is an array",
    );
    toy("void mainImage(out vec4 c, in vec2 p) {\n  int i = int(p.x);\n  c = vec4(iChannelTime[$i]);\n}", "constant or a loop index");
    toy(
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(iChannelTime[$4]); }",
        "outside 0 to 3",
    );
}

#[test]
fn shader_toy_calls_main_image() {
    toy("void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }\nvoid again() { vec4 c; $mainImage(c, vec2(0.0)); }", "called by the compiler alone");
}

#[test]
fn shaders_of_two_versions() {
    refuse(
        Kind::Raw,
        "#version 300 es\nin vec3 position;\nuniform mat4 modelViewMatrix;\nuniform mat4 projectionMatrix;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }",
        "$precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }",
        Shader::Fragment,
        "both are one version",
    );
}

/// The fragment shader `body` wraps, checked alone; its refusal.
fn check_fragment(source: &str) -> GlslError {
    check_shader(Shader::Fragment, source).expect_err("the shader must be refused")
}

#[test]
fn every_error_of_a_source_in_order_without_follow_on_errors() {
    // Each statement is checked whatever the one before gave (issue 18): three errors, in the
    // order of the source. `a`'s declaration fails, yet `a` is a float after it (as rustc's
    // `let a: f32 = 1;` leaves one), so `a * 2.0` reports nothing; `arr`'s size fails, so `arr`
    // is poisoned and its use reports nothing either.
    let e = check_fragment(
        "void main() {\n  float a = 1;\n  float x = a * 2.0;\n  float arr[n];\n  float y = arr[0];\n  x = vec2(1.0);\n  gl_FragColor = vec4(x);\n}",
    );
    let places: Vec<(usize, usize)> = e.all().map(|e| (e.line, e.column)).collect();
    assert_eq!(places, [(2, 13), (4, 13), (6, 7)], "{e}");
    assert!(
        e.reason
            .contains("a is a float, and the value an int: write float(…)"),
        "{e}"
    );
    assert!(e.others[0].reason.contains("n is not declared"), "{e}");
    assert_eq!(
        e.others[1].reason, "x is a float, and the value a vec2",
        "{e}"
    );
    assert_eq!(e.omitted, 0);
    // The clash's note is at x's declaration.
    let note = &e.others[1].notes[0];
    assert_eq!(
        (note.line, note.column, note.message.as_str()),
        (3, 9, "x is declared here as a float")
    );
    assert_eq!(note.source_line, "  float x = a * 2.0;");
    // The rendering shows all three, the note after its error.
    let shown = e.to_string();
    assert_eq!(shown.matches("error: ").count(), 3, "{shown}");
    assert!(
        shown.contains("note: fragment shader, line 3, column 9: x is declared here as a float"),
        "{shown}"
    );
}

#[test]
fn errors_in_one_function_do_not_hide_the_next_function_or_declaration() {
    let e = check_fragment(
        "float f() { return 1; }\nuniform float u = 2.0;\nfloat g() { return nope; }\nvoid main() { gl_FragColor = vec4(f() + g() + u); }",
    );
    let lines: Vec<usize> = e.all().map(|e| e.line).collect();
    assert_eq!(lines, [1, 2, 3], "{e}");
    // `u`'s declaration failed: its use in main is a follow-on error, not reported.
}

#[test]
fn redeclarations_and_calls_point_at_the_first_place() {
    let e = check_fragment(
        "void main() {\n  float a = 1.0;\n  float a = 2.0;\n  gl_FragColor = vec4(a);\n}",
    );
    assert!(
        e.reason.contains("a is declared twice in this block"),
        "{e}"
    );
    assert_eq!((e.notes[0].line, e.notes[0].column), (2, 9), "{e}");
    let e = check_fragment(
        "uniform float k;\nuniform float k;\nvoid main() { gl_FragColor = vec4(k); }",
    );
    assert_eq!(
        (e.line, e.notes[0].line, e.notes[0].message.as_str()),
        (2, 1, "k is first declared here"),
        "{e}"
    );
    let e = check_fragment(
        "float f(vec2 v) { return v.x; }\nvoid main() { gl_FragColor = vec4(f(1.0)); }",
    );
    assert_eq!(
        e.reason, "argument 1 of f is a vec2, not a float: write vec2(…)",
        "{e}"
    );
    assert_eq!(
        (e.notes[0].line, e.notes[0].message.as_str()),
        (1, "f is declared here"),
        "{e}"
    );
}

#[test]
fn errors_past_the_bound_are_counted() {
    let mut source = String::from("void main() {\n");
    for _ in 0..25 {
        source.push_str("  float a = 1;\n");
    }
    source.push_str("  gl_FragColor = vec4(1.0);\n}");
    let e = check_fragment(&source);
    // Each of the 25 statements is refused for its int (the value is checked before the name is
    // declared): 20 kept, 5 counted.
    assert_eq!(e.all().count(), MAX_DIAGNOSTICS);
    assert_eq!(e.omitted, 25 - MAX_DIAGNOSTICS);
    assert!(e.to_string().ends_with("error: and 5 more"), "{e}");
}

// ------------------------------------------------------------------ exact integers (R-GLSL-8)

#[test]
fn integers_never_convert_implicitly() {
    frag(
        &body("  float k = 1.0;\n  k = $3;"),
        "k is a float, and the value an int: write float(…)",
    );
    frag(
        &body("  int i = 2;\n  uint u = $i;"),
        "u is a uint, and the value an int: write uint(…)",
    );
    frag(
        &body("  int i = 2;\n  uint u = 3u $+ i;"),
        "uint + int: an int and a uint do not mix",
    );
    frag(
        &body("  ivec2 v = ivec2(1) $* vec2(2.0);"),
        "ivec2 * vec2: GLSL ES has no implicit conversion between ivec2 and float; write vec2(...) of the ivec2",
    );
    frag(
        &body("  bool b = 1u $< 2;"),
        "uint < int: an int and a uint do not mix",
    );
}

#[test]
fn signed_bit_operators_are_refused() {
    // The subset's bit operators take uints (docs/requirements.md, R-GLSL-8).
    for (src, what) in [
        ("  int i = 6;\n  int j = i $& 3;", "an int"),
        ("  int i = 6;\n  int j = $~i;", "an int"),
        ("  ivec2 v = ivec2(6);\n  ivec2 w = v $<< 1;", "an ivec2"),
        ("  int i = 6;\n  i $|= 1;", "an int"),
    ] {
        frag(
            &body(src),
            &format!(
                "the bit operators of {what} are not in the subset; they take a uint or a uvec"
            ),
        );
    }
    frag(
        &body("  float f = 1.0;\n  uint u = 1u $<< f;"),
        "takes integers",
    );
    frag(
        &body("  uvec3 u = uvec3(1u) $>> uvec2(1u);"),
        "a shift's count is a scalar or of its value's width",
    );
}

#[test]
fn known_undefined_integer_operands_are_refused() {
    for (src, needle) in [
        (
            "  uint u = 1u $<< 32;",
            "the shift count 32 is outside 0 to 31",
        ),
        (
            "  uint u = 1u $>> -1;",
            "the shift count -1 is outside 0 to 31",
        ),
        (
            "  uvec2 u = uvec2(1u) $<< uvec2(3u, 40u);",
            "the shift count 40",
        ),
        (
            "  ivec2 v = ivec2(4) $/ ivec2(1, 0);",
            "an integer division by zero",
        ),
        (
            "  uint u = 9u;\n  u $%= 0u;",
            "an integer remainder by zero",
        ),
        (
            "  int i = $int(-3.0e9);",
            "is not an int: a known float-to-integer conversion must be finite and in range",
        ),
        ("  uint u = $uint(-1.0);", "is not a uint"),
    ] {
        frag(&body(src), needle);
    }
}

#[test]
fn integer_literals_past_their_type_are_refused() {
    frag(
        &body("  int i = $2147483648;"),
        "past 2147483647 (2^31 - 1)",
    );
    frag(
        &body("  uint u = $4294967296u;"),
        "past 4294967295 (2^32 - 1)",
    );
}

#[test]
fn es300_integer_forms_in_a_raw_es100_shader() {
    for (src, needle) in [
        ("  $uint u;", "the type uint needs #version 300 es"),
        (
            "  $uvec2 u = uvec2(3);",
            "the type uvec2 needs #version 300 es",
        ),
        (
            "  int u = int($3u);",
            "a uint (the u suffix) needs #version 300 es",
        ),
        (
            "  float f = float($uint(3));",
            "uint(...) needs #version 300 es",
        ),
        (
            "  int i = 6;\n  bool b = (i $& 3) == 2;",
            "the bit operator & needs #version 300 es",
        ),
    ] {
        raw_frag(
            &format!(
                "precision highp float;\nvoid main() {{\n{src}\n  gl_FragColor = vec4(1.0);\n}}\n"
            ),
            needle,
        );
    }
    raw_frag(
        "precision highp float;\nuniform $uint u;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "the type uint needs #version 300 es",
    );
    raw_frag(
        "precision highp float;\nstruct S { $uvec3 u; };\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        "the type uvec3 needs #version 300 es",
    );
}

#[test]
fn bit_casts_are_refused() {
    for f in [
        "floatBitsToInt",
        "floatBitsToUint",
        "intBitsToFloat",
        "uintBitsToFloat",
    ] {
        frag(
            &body(&format!("  float a = float(${f}(vUv.x));")),
            "the graph has no bit cast between floats and integers",
        );
    }
}

#[test]
fn integer_and_bool_varyings_are_refused() {
    frag(
        "varying $ivec2 n;\nvoid main() { gl_FragColor = vec4(1.0); }",
        "an integer or bool varying needs flat, which is not in the subset",
    );
}

#[test]
fn comparison_builtins_take_vectors_of_one_type() {
    frag(
        &body("  bvec2 b = $lessThan(vec2(1.0), ivec2(1));"),
        "lessThan has no form that takes (vec2, ivec2)",
    );
    frag(
        &body("  bool b = $any(vec2(1.0));"),
        "any has no form that takes (vec2)",
    );
    frag(
        &body("  bvec2 b = $lessThan(1.0, 2.0);"),
        "lessThan has no form that takes (float, float)",
    );
    frag(
        &body("  int i = $abs(3u);"),
        "abs has no form that takes (uint)",
    );
}

#[test]
fn integer_forms_outside_their_place() {
    frag(
        &body("  for (uint i = $0; i < 4u; i++) { }"),
        "the index is a uint and its start an int",
    );
    frag(
        &body("  mat3 m = mat3(1.0);\n  vec3 v = m $* ivec3(1);"),
        "a matrix multiplies a vector or a matrix of its size, or a float",
    );
    frag(
        &body("  ivec2 v = ivec2(1);\n  bool b = v $< ivec2(2);"),
        "use lessThan()",
    );
}
