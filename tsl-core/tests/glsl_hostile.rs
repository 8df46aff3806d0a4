//! Hostile GLSL: every input is refused with a `GlslError` or compiled, after bounded work, and
//! none aborts the process (a stack overflow) or panics. Each test runs on the default test
//! thread (2 MiB of stack); the front end's limits are what keep it safe, not a big stack.

use tsl_core::glsl::*;
use tsl_core::*;

const VERT: &str =
    "void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";
const FRAG: &str = "void main() { gl_FragColor = vec4(1.0); }";

/// A fragment shader around `body` (statements of main) and `head` (lines before main).
fn frag(head: &str, body: &str) -> String {
    format!("{head}\nvoid main() {{\n{body}\n}}\n")
}

fn refuse_frag(fragment: &str) -> GlslError {
    compile_shader_material(VERT, fragment).expect_err("the shader must be refused")
}

/// [`refuse_frag`] for a source past the default `Limits::source_bytes` (1 MiB), which would
/// refuse it before it is read: the limit raised to 16 MiB, to reach the bound behind it.
fn refuse_big_frag(fragment: &str) -> GlslError {
    let limits = Limits {
        source_bytes: 16 << 20,
        ..Limits::default()
    };
    let e = compile_shader_material_with_limits(VERT, fragment, &[], &limits)
        .expect_err("the shader must be refused");
    // Under the defaults, the size refuses it first.
    if fragment.len() > Limits::default().source_bytes {
        let by_size = refuse_frag(fragment);
        assert!(by_size.reason.contains("Limits::source_bytes"), "{by_size}");
    }
    e
}

fn assert_reason(e: &GlslError, needles: &[&str]) {
    for needle in needles {
        assert!(
            e.reason.contains(needle),
            "the reason names '{needle}': {e}"
        );
    }
    // A refusal quotes a bounded part of its line, however long the line.
    assert!(
        e.source_line.chars().count() <= 200,
        "{}",
        e.source_line.len()
    );
    assert!(e.to_string().len() < 2000, "{}", e.to_string().len());
}

/// The colour's red component of a program at the default fragment.
fn red(program: &NodeProgram) -> f32 {
    program
        .evaluate(COLOR_NODE, &Fragment::default())
        .expect("a colour")[0]
}

// ------------------------------------------------------------------ item 1: no stack overflow

#[test]
fn an_if_condition_of_500000_nots_is_refused() {
    let src = format!("#if {}1\n#endif\n{FRAG}", "!".repeat(500_000));
    let e = refuse_frag(&src);
    assert_eq!(e.kind, GlslErrorKind::Preprocess);
    assert_reason(&e, &["nests more than 64 deep"]);
}

#[test]
fn an_if_condition_of_nots_through_a_define_is_refused() {
    let src = format!(
        "#define NOTS {}1\n#if NOTS\n#endif\n{FRAG}",
        "!".repeat(500_000)
    );
    assert_reason(&refuse_frag(&src), &["nests more than 64 deep"]);
    // Parentheses and ! together count one level each.
    let src = format!("#if {}1{}\n#endif\n{FRAG}", "!(".repeat(40), ")".repeat(40));
    assert_reason(&refuse_frag(&src), &["nests more than 64 deep"]);
    // Under the bound an even number of ! is the value itself.
    let src = format!("#if {}1\n#else\n#error\n#endif\n{FRAG}", "!".repeat(60));
    compile_shader_material(VERT, &src).unwrap();
}

#[test]
fn an_if_condition_of_nots_through_the_defines_list_is_refused() {
    let entry = format!("NOTS {}1", "!".repeat(500_000));
    let e = compile_shader_material_with_defines(
        VERT,
        &format!("#if NOTS\n#endif\n{FRAG}"),
        &[entry.as_str()],
    )
    .unwrap_err();
    assert_reason(&e, &["nests more than 64 deep"]);
}

/// `ty x = op op ... op value;` with 500,000 operators is refused by the parser's bound.
fn refuse_unary_chain(op: &str, ty: &str, value: &str) {
    let src = frag("", &format!("{ty} x = {}{value};", op.repeat(500_000)));
    let e = refuse_frag(&src);
    assert_eq!(e.kind, GlslErrorKind::Syntax, "{e}");
    assert_reason(&e, &["nests more than 96 deep"]);
}

#[test]
fn an_expression_of_500000_minus_signs_is_refused() {
    // Spaced, so that the lexer reads no --.
    refuse_unary_chain("- ", "float", "1.0");
}

#[test]
fn an_expression_of_500000_nots_is_refused() {
    refuse_unary_chain("!", "bool", "true");
}

#[test]
fn an_expression_of_500000_plus_signs_is_refused() {
    refuse_unary_chain("+ ", "float", "1.0");
}

#[test]
fn deep_parentheses_calls_and_ternaries_are_refused() {
    let n = 100_000;
    for expr in [
        format!("{}1.0{}", "(".repeat(n), ")".repeat(n)),
        format!("{}1.0{}", "abs(".repeat(n), ")".repeat(n)),
        format!("{}1.0", "true ? 1.0 : ".repeat(n)),
        format!("{}1.0{}", "1.0 + (".repeat(n), ")".repeat(n)),
    ] {
        let e = refuse_big_frag(&frag("", &format!("float x = {expr};")));
        assert_eq!(e.kind, GlslErrorKind::Syntax, "{e}");
        assert_reason(&e, &["nests more than 96 deep"]);
    }
}

#[test]
fn deep_blocks_and_statements_are_refused() {
    let n = 20_000;
    for body in [
        format!("{}{}", "{".repeat(n), "}".repeat(n)),
        format!("{}x = 1.0;", "if (true) ".repeat(n)),
        format!("{}x = 1.0;", "for (int i = 0; i < 2; i++) ".repeat(n)),
        format!(
            "{}x = 1.0;{}",
            "if (true) {} else { ".repeat(n),
            "}".repeat(n)
        ),
    ] {
        let e = refuse_frag(&frag("float x;", &body));
        assert_eq!(e.kind, GlslErrorKind::Syntax, "{e}");
        assert_reason(&e, &["blocks nest more than 64 deep"]);
    }
}

#[test]
fn deep_macro_expansion_is_refused() {
    let mut src = String::from("#define M0 1.0\n");
    for i in 1..20_000 {
        src.push_str(&format!("#define M{i} M{}\n", i - 1));
    }
    src.push_str("void main() { gl_FragColor = vec4(M19999); }\n");
    let e = refuse_frag(&src);
    assert_eq!(e.kind, GlslErrorKind::Preprocess);
    assert_reason(&e, &["macros expand more than 64 deep"]);
    // In an #if condition too.
    let src = src.replace("void main", "#if M19999\n#endif\nvoid main");
    assert_reason(&refuse_frag(&src), &["macros expand more than 64 deep"]);
}

#[test]
fn a_long_chain_of_calls_is_refused() {
    let mut head = String::from("float f0(float x) { return x; }\n");
    for i in 1..5_000 {
        head.push_str(&format!(
            "float f{i}(float x) {{ return f{}(x) + 1.0; }}\n",
            i - 1
        ));
    }
    let e = refuse_frag(&frag(&head, "gl_FragColor = vec4(f4999(0.0));"));
    assert_reason(&e, &["calls nest more than 32 deep"]);
}

// ------------------------------------------------------------------ item 2: one token budget

/// A macro `Y18` of about 2^19 tokens, a valid `#if` condition.
fn amplifier() -> String {
    let mut src = String::from("#define Y0 1\n");
    for i in 1..=18 {
        src.push_str(&format!("#define Y{i} Y{} || Y{}\n", i - 1, i - 1));
    }
    src
}

#[test]
fn the_token_budget_covers_every_condition_of_the_shader() {
    // Each condition is under the budget; together they are over it.
    let src = format!("{}{}{FRAG}", amplifier(), "#if Y18\n#endif\n".repeat(1_000));
    let e = refuse_frag(&src);
    assert_eq!(e.kind, GlslErrorKind::Preprocess);
    assert_reason(&e, &["1048576 tokens"]);
    // Three are enough to be refused: the budget is the shader's, not the condition's.
    let src = format!("{}{}{FRAG}", amplifier(), "#if Y18\n#endif\n".repeat(3));
    assert_reason(&refuse_frag(&src), &["1048576 tokens"]);
    // One is taken.
    let src = format!("{}#if Y18\n#endif\n{FRAG}", amplifier());
    compile_shader_material(VERT, &src).unwrap();
}

#[test]
fn the_token_budget_covers_conditions_and_code_together() {
    // A condition of 2^19 tokens and code of 2^19 tokens: over the budget together.
    let src = format!(
        "{}#define Z18 Y18\n#if Y18\n#endif\nvoid main() {{ bool b = Z18; gl_FragColor = vec4(1.0); }}",
        amplifier()
    );
    assert_reason(&refuse_frag(&src), &["1048576 tokens"]);
}

// ------------------------------------------------------------------ item 10: chains are not nesting

#[test]
fn an_else_if_chain_of_200_arms_compiles_and_picks_its_arm() {
    let mut body = String::from("float r = -1.0;\n");
    for i in 0..200 {
        if i > 0 {
            body.push_str("else ");
        }
        body.push_str(&format!("if (x < {i}.5) r = {}.0;\n", i + 1));
    }
    body.push_str("else r = 1000.0;\ngl_FragColor = vec4(r, 0.0, 0.0, 1.0);");
    let src = frag("uniform float x;", &body);
    let mut program = compile_shader_material(VERT, &src).expect("200 arms");
    // x = 137: the first arm whose bound is above it is `x < 137.5`, which sets 138.
    program.set_uniform("x", 137.0f32).unwrap();
    assert_eq!(red(&program), 138.0);
    // Past the last arm: the else.
    program.set_uniform("x", 500.0f32).unwrap();
    assert_eq!(red(&program), 1000.0);
    // The first arm.
    program.set_uniform("x", -3.0f32).unwrap();
    assert_eq!(red(&program), 1.0);
}

#[test]
fn a_flat_sum_of_500_terms_compiles_and_adds_up() {
    // u + 2 + 3 + ... + 500 with u = 1 is 500 * 501 / 2 = 125250 (exact in f32).
    let terms: Vec<String> = (2..=500).map(|i| format!("{i}.0")).collect();
    let src = frag(
        "uniform float u;",
        &format!(
            "float s = u + {};\ngl_FragColor = vec4(s, 0.0, 0.0, 1.0);",
            terms.join(" + ")
        ),
    );
    let mut program = compile_shader_material(VERT, &src).expect("500 terms");
    program.set_uniform("u", 1.0f32).unwrap();
    assert_eq!(red(&program), 125250.0);
    // Mixed operators of one precedence and products inside the chain.
    let terms: Vec<String> = (1..=300)
        .map(|i| format!("{} {i}.0 * u", if i % 2 == 0 { "-" } else { "+" }))
        .collect();
    let src = frag(
        "uniform float u;",
        &format!(
            "float s = 0.0 {};\ngl_FragColor = vec4(s, 0.0, 0.0, 1.0);",
            terms.join(" ")
        ),
    );
    // 1 - 2 + 3 - ... - 300 = -150.
    let mut program = compile_shader_material(VERT, &src).expect("300 products");
    program.set_uniform("u", 1.0f32).unwrap();
    assert_eq!(red(&program), -150.0);
    // A chain of && and a chain of comparisons' results.
    let src = frag(
        "uniform float u;",
        &format!(
            "bool b = {};\ngl_FragColor = vec4(b ? 1.0 : 2.0, 0.0, 0.0, 1.0);",
            vec!["u > 0.0"; 400].join(" && ")
        ),
    );
    let mut program = compile_shader_material(VERT, &src).expect("400 &&");
    program.set_uniform("u", 1.0f32).unwrap();
    assert_eq!(red(&program), 1.0);
}

#[test]
fn real_nesting_past_the_limits_is_still_refused() {
    // 97 parentheses.
    let src = frag(
        "",
        &format!("float x = {}1.0{};", "(".repeat(97), ")".repeat(97)),
    );
    assert_reason(&refuse_frag(&src), &["nests more than 96 deep"]);
    // 65 blocks.
    let src = frag("", &format!("{}{}", "{".repeat(65), "}".repeat(65)));
    assert_reason(&refuse_frag(&src), &["blocks nest more than 64 deep"]);
    // An if in the then-branch of an if, 65 deep.
    let src = frag(
        "float x;",
        &format!("{}x = 1.0;", "if (x > 0.0) ".repeat(65)),
    );
    assert_reason(&refuse_frag(&src), &["blocks nest more than 64 deep"]);
    // An else holding a block holding an if is nesting too.
    let src = frag(
        "float x;",
        &format!(
            "{}x = 1.0;{}",
            "if (x > 0.0) {} else { ".repeat(65),
            "}".repeat(65)
        ),
    );
    assert_reason(&refuse_frag(&src), &["blocks nest more than 64 deep"]);
}

#[test]
fn chains_past_their_own_bound_are_refused_with_it() {
    let src = frag("", &format!("float x = 1.0{};", " + 1.0".repeat(5_000)));
    let e = refuse_frag(&src);
    assert_reason(&e, &["1024", "chain"]);
    let mut body = String::from("float r = 0.0;\n");
    for i in 0..2_000 {
        body.push_str(&format!(
            "{}if (r < {i}.5) r = 1.0;\n",
            if i > 0 { "else " } else { "" }
        ));
    }
    body.push_str("gl_FragColor = vec4(r);");
    assert_reason(&refuse_frag(&frag("", &body)), &["1024", "else if"]);
}

#[test]
fn the_longest_chains_inside_the_deepest_nesting_compile_or_are_refused_safely() {
    // A chain at its bound inside statements at theirs, called through functions: whatever the
    // answer, it comes back.
    // Each call is at the bottom of a chain of 1,000 (the left-most operand is the deepest).
    let sum = format!("x{}", " + x".repeat(1_000));
    let chain = " + x".repeat(1_000);
    let mut head = format!("float f0(float x) {{ return {sum}; }}\n");
    for i in 1..31 {
        head.push_str(&format!(
            "float f{i}(float x) {{ {} return f{}(x){chain}; {} }}\n",
            "{".repeat(60),
            i - 1,
            "}".repeat(60)
        ));
    }
    let e =
        compile_shader_material(VERT, &frag(&head, "gl_FragColor = vec4(f30(1.0));")).unwrap_err();
    assert_reason(&e, &["nests more than 3072 deep", "calls"]);
    // An else-if chain whose last else holds a chain of 1,001 terms; each arm's mask is built on
    // the one before it. 400 arms compile; 1,000 arms pass every pass of the front end and make
    // a program past the compiler's MAX_INSTRUCTIONS, which `compile` refuses.
    for arms in [400, 1_000] {
        let mut body = String::from("float r = 0.0;\n");
        for i in 0..arms {
            body.push_str(&format!(
                "{}if (x < {i}.5) r = 1.0;\n",
                if i > 0 { "else " } else { "" }
            ));
        }
        body.push_str(&format!(
            "else r = {sum};\ngl_FragColor = vec4(r, 0.0, 0.0, 1.0);"
        ));
        match compile_shader_material(VERT, &frag("uniform float x;", &body)) {
            Ok(mut program) => {
                assert_eq!(arms, 400);
                program.set_uniform("x", 2000.0f32).unwrap();
                assert_eq!(red(&program), 1001.0 * 2000.0);
                program.set_uniform("x", 300.0f32).unwrap();
                assert_eq!(red(&program), 1.0);
            }
            Err(e) => {
                assert_eq!(arms, 1_000, "{e}");
                assert!(matches!(e.kind, GlslErrorKind::Compile(_)), "{e}");
            }
        }
    }
}

// ------------------------------------------------------------------ item 11: messages

#[test]
fn a_shader_toy_refusal_names_shader_toy_and_main_image() {
    let e = compile_shader_toy("void mainImage(out vec4 fragColor, in vec2 fragCoord) { }")
        .unwrap_err();
    assert_eq!(e.shader, Shader::ShaderToy);
    let shown = e.to_string();
    assert!(!shown.contains("fragment shader"), "{shown}");
    assert!(shown.contains("ShaderToy"), "{shown}");
    assert!(shown.contains("mainImage"), "{shown}");
    let e = compile_shader_toy(
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) { fragColor = vec4(1.0) }",
    )
    .unwrap_err();
    assert!(e.message().starts_with("ShaderToy shader, line 1"), "{e}");
}

#[test]
fn an_error_on_a_long_line_quotes_a_window_with_the_caret_in_place() {
    // The refusal is at column 5,000,006 of one 10 MB line.
    let pad = " ".repeat(5_000_000);
    let src = format!("void main() {{{pad} gl_FragColor = vec4(1.0) $ {pad}}}");
    let column = src.find('$').unwrap() + 1;
    let e = refuse_big_frag(&src);
    assert_eq!((e.line, e.column), (1, column), "{}", e.message());
    assert!(
        e.source_line.chars().count() <= 100,
        "{}",
        e.source_line.len()
    );
    assert!(e.source_line.starts_with("..."), "{}", e.source_line);
    assert!(e.source_line.ends_with("..."), "{}", e.source_line);
    let shown = e.to_string();
    assert!(shown.len() < 400, "{}", shown.len());
    let lines: Vec<&str> = shown.lines().collect();
    let quoted = lines[lines.len() - 2];
    let caret = lines[lines.len() - 1];
    let at = caret.find('^').unwrap();
    assert_eq!(&quoted[at..at + 1], "$", "{shown}");
    // A short line is quoted whole, the caret under its column.
    let e = refuse_frag("void main() { gl_FragColor = vec4(1.0) $ }");
    assert_eq!(e.source_line, "void main() { gl_FragColor = vec4(1.0) $ }");
    // A refusal near the start of a long line keeps the start.
    let src = format!("$ {pad}");
    let e = refuse_big_frag(&src);
    assert!(e.source_line.starts_with("$ "), "{}", e.source_line);
    assert!(e.source_line.ends_with("..."), "{}", e.source_line);
    // A name of a million characters is not quoted whole in the reason either.
    let src = format!(
        "void main() {{ gl_FragColor = vec4({}); }}",
        "a".repeat(1_000_000)
    );
    let e = refuse_frag(&src);
    assert!(e.to_string().len() < 2000, "{}", e.to_string().len());
}

// ------------------------------------------------------------------ item 3: lowering work is counted

/// `float(i + j + i + j ...)` with `leaves` leaves, inside loops of `outer` × `inner`: a
/// constant at each time through (the loop indexes are constants while unrolling), so it adds
/// no nodes; its cost is the expression nodes lowered.
fn unroll_amplifier(outer: usize, inner: usize, leaves: usize) -> String {
    let sum = (0..leaves)
        .map(|k| if k % 2 == 0 { "i" } else { "j" })
        .collect::<Vec<_>>()
        .join(" + ");
    frag(
        "",
        &format!(
            "float s = 0.0;\nfor (int i = 0; i < {outer}; i++) {{ for (int j = 0; j < {inner}; j++) {{ s += float({sum}); }} }}\ngl_FragColor = vec4(s);"
        ),
    )
}

#[test]
fn loops_around_a_large_constant_expression_are_refused_by_their_work() {
    // 1024 × 100 times through a 1000-leaf expression: 2 × 10^8 expression nodes, 11 KB of
    // source (20 s in release before, when only the statements counted). The work counts each
    // expression node lowered, so the refusal comes after 2^20 of them.
    let src = unroll_amplifier(1024, 100, 1000);
    assert!(src.len() < 12_000, "{}", src.len());
    let e = refuse_frag(&src);
    assert_eq!(e.kind, GlslErrorKind::Lower);
    assert_reason(&e, &["unrolled_work", "1048576"]);
}

#[test]
fn the_work_of_a_loop_is_its_expression_nodes_not_its_statements() {
    // 4 × 4 times through a 1000-leaf expression: 16 statements, but 16 × 1999 expression nodes
    // and a few statements and loop bodies: about 32,000 units. Refused under a budget of 30,000,
    // accepted under 40,000; before, the statements alone (about 40) were counted.
    let src = unroll_amplifier(4, 4, 1000);
    let limits = |work| Limits {
        unrolled_work: work,
        ..Limits::default()
    };
    let e = compile_shader_material_with_limits(VERT, &src, &[], &limits(30_000)).unwrap_err();
    assert_reason(&e, &["unrolled_work", "30000"]);
    let program = compile_shader_material_with_limits(VERT, &src, &[], &limits(40_000)).unwrap();
    // The sum over i, j < 4 of 500 i + 500 j = 500 × (4 × 6 + 4 × 6).
    assert_eq!(red(&program), 500.0 * 48.0);
}

// ------------------------------------------------------------------ item 12: ints f32 holds exactly

#[test]
fn int_literals_past_32_bits_are_refused() {
    // An int literal stops at 2^31 - 1 (docs/requirements.md, R-GLSL-8), a uint's at 2^32 - 1.
    for lit in [
        "2147483648",
        "0x80000000",
        "020000000000",
        "4294967296u",
        "0x100000000u",
    ] {
        let src = frag(
            "",
            &format!("uint n = uint({lit}); gl_FragColor = vec4(float(n));"),
        );
        let e = refuse_frag(&src);
        assert_eq!(e.kind, GlslErrorKind::Preprocess, "{lit}");
        assert_reason(&e, &["the whole number is past"]);
    }
    // 2^31 - 1 and -2^31 are ints, exact: their sum is -1.
    let src = frag(
        "",
        "int n = 2147483647; int m = -2147483647 - 1; gl_FragColor = vec4(float(n + m), 0.0, 0.0, 1.0);",
    );
    assert_eq!(red(&compile_shader_material(VERT, &src).unwrap()), -1.0);
    // `16777217 == 16777216` was true while an int was a float; it is false now.
    let src = frag(
        "",
        "bool b = 16777217 == 16777216; gl_FragColor = vec4(float(b), 0.0, 0.0, 1.0);",
    );
    assert_eq!(red(&compile_shader_material(VERT, &src).unwrap()), 0.0);
}

#[test]
fn int_division_and_remainder_by_a_constant_zero_are_refused() {
    for body in [
        "int n = 1 / 0;",
        "int n = 7 % 0;",
        "int z = 0; int n = 1; n /= z;",
        "int n = 0; for (int i = 0; i < 2; i++) { n += 4 / i; }",
    ] {
        let src = frag("", &format!("{body} gl_FragColor = vec4(1.0);"));
        let e = refuse_frag(&src);
        assert_reason(&e, &["by zero"]);
    }
    // A float division by zero is IEEE's.
    let src = frag("", "float x = 1.0 / 0.0; gl_FragColor = vec4(1.0);");
    compile_shader_material(VERT, &src).unwrap();
}

#[test]
fn folded_int_arithmetic_wraps_and_known_conversions_must_be_in_range() {
    // GLSL leaves signed overflow undefined; the subset wraps modulo 2^32, folded or not
    // (R-GLSL-8): each body sets n to -2^31, so n - 1 wraps back to 2^31 - 1 and
    // float(n - 1) is 2147483648.0 (2^31 - 1 rounded to the nearest float).
    for body in [
        "int n = 2147483647 + 1;",
        "int n = 65536 * 32768;",
        "int n = -2147483647 - 1;",
        "int n = -(-2147483647 - 1);",
        // Folded while unrolling: the index is a constant there; 2^30 * 2 wraps to -2^31.
        "int n = 0; for (int i = 0; i < 3; i++) { n = 1073741824 * i; }",
    ] {
        let src = frag(
            "",
            &format!("{body} gl_FragColor = vec4(float(n - 1), 0.0, 0.0, 1.0);"),
        );
        let program = compile_shader_material(VERT, &src).unwrap_or_else(|e| panic!("{body}: {e}"));
        assert_eq!(red(&program), 2147483648.0, "{body}");
    }
    // A known float-to-integer conversion must be finite and in range.
    for body in ["int n = int(3.0e9);", "int n = int(-2147483904.0);"] {
        let src = frag("", &format!("{body} gl_FragColor = vec4(1.0);"));
        let e = compile_shader_material(VERT, &src).expect_err(body);
        assert_reason(&e, &["is not an int", "finite and in range"]);
    }
}

#[test]
fn a_large_folded_arm_under_many_ternaries_costs_its_work_not_its_size_each_time() {
    // `s += x > 0.0 ? x : (x > 0.1 ? x : (... : BIG))`, 40 ternaries deep, BIG a folded
    // constant of 50,000 nodes, in 1024 × 100 loops. Each time through, the lowering asked of
    // each ternary's arm whether it calls a function by a walk of its tree (BIG's 50,000 nodes,
    // 40 times), though BIG is one folded value and costs no work: about 10^9 nodes walked per
    // 2^16 units of work. Whether an expression calls is now found once, by the checker.
    let group = format!("({})", vec!["1.0"; 500].join(" + "));
    let big = vec![group; 50].join(" + ");
    let mut arm = big;
    for k in 0..40 {
        arm = format!("x > 0.{k} ? x : ({arm})");
    }
    let src = frag(
        "uniform float x;",
        &format!("float s = 0.0;\nfor (int i = 0; i < 1024; i++) {{ for (int j = 0; j < 100; j++) {{ s += {arm}; }} }}\ngl_FragColor = vec4(s);"),
    );
    let limits = Limits {
        unrolled_work: 1 << 16,
        ..Limits::default()
    };
    let e = compile_shader_material_with_limits(VERT, &src, &[], &limits).unwrap_err();
    assert_reason(&e, &["Limits::unrolled_work", "65536"]);
}

#[test]
fn a_call_costs_the_locals_of_its_frame() {
    // f declares 1,000 locals after an early return: its body lowers one statement, but each
    // call makes a frame of 1,000 locals. Ten calls are over 5,000 units of work.
    let locals: String = (0..1000).map(|k| format!("float v{k} = a;\n")).collect();
    let src = frag(
        &format!("uniform float x;\nfloat f(float a) {{ return a;\n{locals}}}"),
        "float s = 0.0; for (int i = 0; i < 10; i++) { s += f(x); } gl_FragColor = vec4(s);",
    );
    let limits = |work| Limits {
        unrolled_work: work,
        ..Limits::default()
    };
    let e = compile_shader_material_with_limits(VERT, &src, &[], &limits(5_000)).unwrap_err();
    assert_reason(&e, &["Limits::unrolled_work", "5000"]);
    compile_shader_material_with_limits(VERT, &src, &[], &limits(20_000)).unwrap();
}

#[test]
fn long_chains_of_assignments_and_commas_are_bounded() {
    // `a = a = ... = 1.0` nests to the right, one level a link; `a, a, ..., a` is a chain like
    // `a + a + ...`, one level of the tree a link. Both are refused at the parser's bounds.
    let assigns = format!("float a = 0.0;\n{} 1.0;", "a = ".repeat(10_000));
    let e = refuse_frag(&frag("", &assigns));
    assert_reason(&e, &["nests more than"]);
    let commas = format!("float a = 0.0;\na{};", ", a".repeat(100_000));
    let e = refuse_frag(&frag("", &commas));
    assert_reason(&e, &["nests more than"]);
    let steps = format!("int i = 0;\nint j = {}i;", "++".repeat(10_000));
    let e = refuse_frag(&frag("", &steps));
    assert_reason(&e, &["nests more than"]);
}
