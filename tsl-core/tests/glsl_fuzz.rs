//! The GLSL front end never panics and never hangs: random token soup and mutations of real
//! shaders (the oracle's cases and a few of our own) each end in a program or a refusal, within a
//! few seconds; and a source without `main` (or `mainImage`) always ends in a refusal. A panic
//! inside the compiler would surface as an error naming a bug, a stack overflow would abort this
//! test. `fuzz/` runs the same property under cargo-fuzz for longer.

use proptest::prelude::*;
use std::time::{Duration, Instant};
use tsl_core::glsl::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

const SEEDS: &[&str] = &[
    "uniform sampler2D map;\nvarying vec2 vUv;\nvoid main() {\n  if (vUv.x > 0.9) discard;\n  gl_FragColor = texture2D(map, vUv * 2.0);\n}\n",
    "#define N 4\n#if N > 2 && defined(N)\nconst float k = 2.0;\n#else\nconst float k = 1.0;\n#endif\nvarying vec2 vUv;\nfloat f(inout float a, out vec2 b) { a += 1.0; b = vUv; if (a > k) return a; return -a; }\nvoid main() {\n  float s = 0.0; vec2 q;\n  for (int i = 0; i < N; i++) { if (i == 2) continue; s += f(s, q); if (s > 9.0) break; }\n  gl_FragColor = vec4(q, s, s > 1.0 ? 1.0 : 0.0);\n}\n",
    "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n  vec2 uv = fragCoord / iResolution.xy;\n  vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));\n  fragColor = vec4(col, 1.0);\n}\n",
    "uniform samplerCube c;\nuniform sampler2DArray a;\nvarying vec2 vUv;\nvoid main() {\n  gl_FragColor = texture(c, vec3(vUv, 1.0)) + textureLod(a, vec3(vUv, 2.0), 0.0);\n}\n",
    "uniform mat4 m;\nuniform mat3 n;\nvarying vec2 vUv;\nvoid main() {\n  vec4 v = m * vec4(vUv, 0.0, 1.0);\n  v.xz = (n * v.xyz).yx;\n  v[3] = float(int(v.x * 3.0) / 2) + mod(v.y, 0.5);\n  gl_FragColor = v;\n}\n",
];

const TOKENS: &[&str] = &[
    "void",
    "main",
    "(",
    ")",
    "{",
    "}",
    ";",
    "float",
    "int",
    "bool",
    "vec2",
    "vec3",
    "vec4",
    "mat3",
    "mat4",
    "sampler2D",
    "samplerCube",
    "sampler2DArray",
    "textureCube",
    "uniform",
    "varying",
    "attribute",
    "in",
    "out",
    "inout",
    "const",
    "if",
    "else",
    "for",
    "while",
    "return",
    "break",
    "continue",
    "discard",
    "gl_FragColor",
    "gl_Position",
    "gl_FragCoord",
    "=",
    "+=",
    "*=",
    "++",
    "--",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<",
    ">",
    "<=",
    "==",
    "!=",
    "&&",
    "||",
    "^^",
    "!",
    "?",
    ":",
    ",",
    ".",
    "xyz",
    "x",
    "w",
    "[",
    "]",
    "0",
    "1",
    "4",
    "1.0",
    "0.5",
    "1e3",
    "x",
    "y",
    "vUv",
    "uv",
    "position",
    "normal",
    "modelMatrix",
    "projectionMatrix",
    "modelViewMatrix",
    "viewMatrix",
    "normalMatrix",
    "sin",
    "texture2D",
    "texture",
    "mix",
    "dFdx",
    "#define",
    "#if",
    "#ifdef",
    "#else",
    "#endif",
    "#version 300 es",
    "\n",
    " ",
    "defined",
    "N",
    "struct",
    "/*",
    "*/",
    "//",
    "mainImage",
    "fragColor",
    "iTime",
    "iResolution",
    "iChannelTime",
    "precision",
    "highp",
    "layout",
    "\\",
    "@",
    "true",
    "false",
];

/// The ways the front end takes a shader, in [`compile_all`]'s order.
const ENTRY_POINTS: [&str; 5] = [
    "compile_shader_material",
    "compile_raw_shader_material",
    "compile_shader_toy",
    "check_shader",
    "compile_shader_material_with_defines (the fragment as the vertex shader)",
];

/// Compile `fragment` every way the front end takes it: which of [`ENTRY_POINTS`] made a
/// program (`true`) or refused (`false`), or the first sign of a bug.
fn compile_all(vertex: &str, fragment: &str) -> Result<[bool; 5], String> {
    let start = Instant::now();
    let results = [
        compile_shader_material(vertex, fragment).map(|_| ()),
        compile_raw_shader_material(vertex, fragment).map(|_| ()),
        compile_shader_toy(fragment).map(|_| ()),
        check_shader(Shader::Fragment, fragment),
        compile_shader_material_with_defines(fragment, VERT, &["N 3", "X"]).map(|_| ()),
    ];
    let took = start.elapsed();
    if took > Duration::from_secs(20) {
        return Err(format!("took {took:?}"));
    }
    let mut made = [false; 5];
    for (made, r) in made.iter_mut().zip(results) {
        match r {
            Ok(()) => *made = true,
            Err(e) => {
                if e.reason.contains("(a bug)") || e.reason.contains("could not start") {
                    return Err(e.to_string());
                }
                // Every refusal renders.
                let _ = e.to_string();
            }
        }
    }
    Ok(made)
}

/// The entry points that made a program of `source`, which has no `main`: each of them should
/// have refused it (a shader without an entry point is not a program).
fn programs_without_main(made: [bool; 5], takes_source: [bool; 5]) -> Vec<&'static str> {
    ENTRY_POINTS
        .iter()
        .zip(made.iter().zip(takes_source))
        .filter(|(_, (&made, takes))| made && *takes)
        .map(|(name, _)| *name)
        .collect()
}

fn seeds() -> &'static [String] {
    static SEEDS_READ: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SEEDS_READ.get_or_init(read_seeds)
}

/// The seeds: this file's, and every third fragment shader of the oracle's cases. A missing or
/// malformed fixture fails the test instead of shrinking the corpus unseen.
fn read_seeds() -> Vec<String> {
    let mut out: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/glsl/cases.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases = doc["cases"]
        .as_array()
        .unwrap_or_else(|| panic!("{path}: no `cases` array"));
    for (i, case) in cases.iter().enumerate().step_by(3) {
        let fragment = case["fragment"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: case {i} has no fragment shader"));
        out.push(fragment.to_string());
    }
    assert!(
        out.len() > SEEDS.len(),
        "{path}: no cases, only this file's {} seeds",
        SEEDS.len()
    );
    out
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, usize),
    Replace(usize, char),
    SwapLines(usize, usize),
}

fn apply(source: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = source.chars().collect();
    for edit in edits {
        let n = chars.len().max(1);
        match *edit {
            Edit::Delete(at, len) => {
                let at = at % n;
                let end = (at + len % 40).min(chars.len());
                chars.drain(at.min(chars.len())..end);
            }
            Edit::Duplicate(at, len) => {
                let at = (at % n).min(chars.len());
                let end = (at + len % 60).min(chars.len());
                let piece: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, piece);
            }
            Edit::Insert(at, token) => {
                let at = (at % n).min(chars.len());
                let t: Vec<char> = TOKENS[token % TOKENS.len()].chars().collect();
                chars.splice(at..at, t);
            }
            Edit::Replace(at, c) => {
                if !chars.is_empty() {
                    let at = at % chars.len();
                    chars[at] = c;
                }
            }
            Edit::SwapLines(a, b) => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let len = lines.len();
                lines.swap(a % len, b % len);
                chars = lines.join("\n").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Edit::Delete(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Edit::Duplicate(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, t)| Edit::Insert(a, t)),
        (any::<usize>(), prop::char::range(' ', '~')).prop_map(|(a, c)| Edit::Replace(a, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_shaders_end_in_a_program_or_a_refusal(
        seed in any::<usize>(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let seeds = seeds();
        let source = apply(&seeds[seed % seeds.len()], &edits);
        prop_assert!(compile_all(VERT, &source).is_ok(), "{:?}\nsource:\n{}", compile_all(VERT, &source), source);
    }

    /// Soup can spell a shader (`void main ( ) { }` is six of its tokens): with `main` among its
    /// tokens it ends in a program or a refusal; without, in a refusal wherever it is a shader.
    #[test]
    fn token_soup_ends_in_a_refusal_unless_it_spells_main(tokens in prop::collection::vec(0..TOKENS.len(), 0..120)) {
        let source: String = tokens.iter().map(|&t| TOKENS[t]).collect::<Vec<_>>().join(" ");
        let has_main = source.contains("main");
        // The soup as the fragment shader (and, in the last entry point, the vertex shader).
        let made = compile_all(VERT, &source);
        prop_assert!(made.is_ok(), "{:?}\nsource:\n{}", made, source);
        if !has_main {
            let wrong = programs_without_main(made.unwrap(), [true; 5]);
            prop_assert!(wrong.is_empty(), "{:?} made a program of:\n{}", wrong, source);
        }
        // The soup as the vertex shader of the first two entry points (the others take the
        // valid fragment shader alone, and may make a program of it).
        let made = compile_all(&source, "void main() { gl_FragColor = vec4(1.0); }");
        prop_assert!(made.is_ok(), "{:?}\nsource:\n{}", made, source);
        if !has_main {
            let wrong = programs_without_main(made.unwrap(), [true, true, false, false, false]);
            prop_assert!(wrong.is_empty(), "{:?} made a program of the vertex shader:\n{}", wrong, source);
        }
    }

    /// Printable text without newlines cannot spell `main` across a line continuation, so
    /// without the word it is never a shader.
    #[test]
    fn arbitrary_text_ends_in_a_refusal_unless_it_spells_main(source in "\\PC{0,300}") {
        let made = compile_all(VERT, &source);
        prop_assert!(made.is_ok(), "{:?}\nsource:\n{}", made, source);
        if !source.contains("main") {
            let wrong = programs_without_main(made.unwrap(), [true; 5]);
            prop_assert!(wrong.is_empty(), "{:?} made a program of:\n{}", wrong, source);
        }
    }
}

#[test]
fn the_seeds_compile() {
    for (i, s) in SEEDS.iter().enumerate() {
        let r = if s.contains("mainImage") {
            compile_shader_toy(s).map(|_| ())
        } else {
            compile_shader_material(VERT, s).map(|_| ())
        };
        assert!(r.is_ok(), "seed {i}: {}", r.unwrap_err());
    }
}
