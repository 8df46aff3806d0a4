//! The GLSL entry points under a host's [`Limits`]: each limit lowered refuses an input just over
//! it, naming the limit and its value, and accepts one at it; the defaults refuse what they
//! refused before (their tests are in glsl_hostile.rs and glsl_refusals.rs).

use tsl_core::glsl::*;
use tsl_core::*;

const VERT: &str =
    "void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";
/// Longer than [`VERT`] (the comment), so that a limit of its size takes the vertex shader.
const FRAG: &str = "uniform float x;\nvoid main() { gl_FragColor = vec4(sin(x), cos(x), 0.0, 1.0); }\n// the fragment shader, longer than the vertex shader\n";

fn with(f: impl FnOnce(&mut Limits)) -> Limits {
    let mut limits = Limits::default();
    f(&mut limits);
    limits
}

fn refused_naming(e: GlslError, needles: &[&str]) {
    for needle in needles {
        assert!(e.reason.contains(needle), "'{needle}' in {e}");
    }
}

#[test]
fn source_bytes_refuses_a_source_one_byte_over_before_reading_it() {
    let at = with(|l| l.source_bytes = FRAG.len());
    let over = with(|l| l.source_bytes = FRAG.len() - 1);
    compile_shader_material_with_limits(VERT, FRAG, &[], &at).unwrap();
    let e = compile_shader_material_with_limits(VERT, FRAG, &[], &over).unwrap_err();
    assert_eq!(e.shader, Shader::Fragment);
    refused_naming(
        e,
        &["Limits::source_bytes", &format!("{} bytes", FRAG.len() - 1)],
    );
    // Before it is read: bytes that are not GLSL at all get the size's refusal, not the lexer's.
    let junk = "\u{1}@`".repeat(FRAG.len());
    let e = compile_shader_material_with_limits(VERT, &junk, &[], &at).unwrap_err();
    assert_eq!(e.kind, GlslErrorKind::Preprocess);
    refused_naming(e, &["Limits::source_bytes"]);
    // The vertex shader and the defines count too, each on its own.
    let e = compile_shader_material_with_limits(VERT, "", &[], &with(|l| l.source_bytes = 10))
        .unwrap_err();
    assert_eq!(e.shader, Shader::Vertex);
    let long = "A ".to_string() + &"1".repeat(FRAG.len());
    let e = compile_shader_material_with_limits(VERT, FRAG, &[&long], &at).unwrap_err();
    assert_eq!(e.shader, Shader::Defines);
    // Every entry point takes it.
    let tiny = with(|l| l.source_bytes = 4);
    let toy = "void mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); }";
    for e in [
        compile_raw_shader_material_with_limits(VERT, FRAG, &[], &tiny).unwrap_err(),
        shader_graph_with_limits(VERT, FRAG, &[], &tiny).unwrap_err(),
        raw_shader_graph_with_limits(VERT, FRAG, &[], &tiny).unwrap_err(),
        compile_shader_toy_with_limits(toy, &tiny).unwrap_err(),
        shader_toy_graph_with_limits(toy, &tiny).unwrap_err(),
        check_shader_with_limits(Shader::Fragment, FRAG, &tiny).unwrap_err(),
        check_raw_shader_with_limits(Shader::Vertex, VERT, &tiny).unwrap_err(),
    ] {
        refused_naming(e, &["Limits::source_bytes", "limit of 4 bytes"]);
    }
    compile_shader_toy_with_limits(toy, &with(|l| l.source_bytes = toy.len())).unwrap();
    check_shader_with_limits(Shader::Fragment, FRAG, &at).unwrap();
}

#[test]
fn the_default_source_bytes_is_1_mib() {
    // A comment of 1 MiB and a line more: refused by its size, though it is valid GLSL.
    let big = format!("//{}\n{FRAG}", " ".repeat(1 << 20));
    let e = compile_shader_material(VERT, &big).unwrap_err();
    refused_naming(e, &["Limits::source_bytes", "1048576 bytes"]);
    let at = format!("//{}\n{FRAG}", " ".repeat((1 << 20) - FRAG.len() - 3));
    assert_eq!(at.len(), 1 << 20);
    compile_shader_material(VERT, &at).unwrap();
}

/// The fragment shader's tokens: `uniform float x ;` is 4, `void main ( ) {` 5,
/// `gl_FragColor = vec4 ( sin ( x ) , cos ( x ) , 0.0 , 1.0 ) ;` 19 and `}` 1 (a comment none).
const FRAG_TOKENS: usize = 29;

#[test]
fn tokens_refuses_a_shader_one_token_over() {
    let at = with(|l| l.tokens = FRAG_TOKENS);
    let over = with(|l| l.tokens = FRAG_TOKENS - 1);
    compile_shader_material_with_limits(VERT, FRAG, &[], &at).unwrap();
    let e = compile_shader_material_with_limits(VERT, FRAG, &[], &over).unwrap_err();
    assert_eq!(e.kind, GlslErrorKind::Preprocess);
    refused_naming(
        e,
        &[
            "Limits::tokens",
            &format!("more than {} tokens", FRAG_TOKENS - 1),
        ],
    );
    // A macro's expansion counts, each time: X is 3 tokens, used twice, for 4 more than the two
    // names it replaces.
    let src = FRAG
        .replace("0.0, 1.0", "X, X")
        .replacen("uniform", "#define X (0.0)\nuniform", 1);
    compile_shader_material_with_limits(VERT, &src, &[], &with(|l| l.tokens = FRAG_TOKENS + 4))
        .unwrap();
    let e =
        compile_shader_material_with_limits(VERT, &src, &[], &with(|l| l.tokens = FRAG_TOKENS + 3))
            .unwrap_err();
    refused_naming(e, &["Limits::tokens"]);
}

#[test]
fn graph_nodes_refuses_a_graph_one_node_over() {
    let n = shader_graph(VERT, FRAG).unwrap().node_count();
    assert!(n > 3, "{n}");
    shader_graph_with_limits(VERT, FRAG, &[], &with(|l| l.graph_nodes = n)).unwrap();
    compile_shader_material_with_limits(VERT, FRAG, &[], &with(|l| l.graph_nodes = n)).unwrap();
    let e = compile_shader_material_with_limits(VERT, FRAG, &[], &with(|l| l.graph_nodes = n - 1))
        .unwrap_err();
    assert_eq!(e.kind, GlslErrorKind::Lower);
    refused_naming(
        e,
        &["Limits::graph_nodes", &format!("more than {} nodes", n - 1)],
    );
    // Past MAX_GRAPH_NODES the graph's own bound holds: a bigger limit does not raise it.
    let huge = with(|l| l.graph_nodes = usize::MAX);
    let unrolled = "varying vec2 vUv;\nvoid main() {\n  vec4 c = vec4(vUv, 0.0, 1.0);\n  for (int i = 0; i < 1000; i++) {\n    for (int j = 0; j < 1000; j++) {\n      c = c * 1.0001 + vec4(0.5);\n    }\n  }\n  gl_FragColor = c;\n}";
    let vert = "varying vec2 vUv;\nvoid main() { vUv = uv; gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";
    let e = compile_shader_material_with_limits(vert, unrolled, &[], &huge).unwrap_err();
    refused_naming(e, &["MAX_GRAPH_NODES"]);
}

/// The work of the fragment shader of `loops` times through `s += x;`: measured once, below,
/// and checked against the count it is made of.
fn loop_shader(loops: usize) -> String {
    format!(
        "uniform float x;\nvoid main() {{ float s = 0.0; for (int i = 0; i < {loops}; i++) {{ s += x; }} gl_FragColor = vec4(s); }}"
    )
}

/// The smallest `unrolled_work` that compiles `src`.
fn least_work(src: &str) -> usize {
    let (mut lo, mut hi) = (0usize, 1 << 20);
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        let ok =
            compile_shader_material_with_limits(VERT, src, &[], &with(|l| l.unrolled_work = mid))
                .is_ok();
        if ok {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[test]
fn unrolled_work_refuses_a_shader_one_unit_over() {
    let w10 = least_work(&loop_shader(10));
    let w20 = least_work(&loop_shader(20));
    // Each time through is one unit, the statement `s += x;` one, and its two expressions (`x`,
    // and the sum) one each... as lowered: the difference of 10 more times is 10 times the cost
    // of one, and that cost is a handful of units, not zero.
    assert_eq!((w20 - w10) % 10, 0, "{w10} {w20}");
    let per_time = (w20 - w10) / 10;
    assert!((2..=5).contains(&per_time), "{per_time}");
    let src = loop_shader(10);
    compile_shader_material_with_limits(VERT, &src, &[], &with(|l| l.unrolled_work = w10)).unwrap();
    let e =
        compile_shader_material_with_limits(VERT, &src, &[], &with(|l| l.unrolled_work = w10 - 1))
            .unwrap_err();
    assert_eq!(e.kind, GlslErrorKind::Lower);
    refused_naming(
        e,
        &[
            "Limits::unrolled_work",
            &format!("more than {} units of work", w10 - 1),
        ],
    );
}
