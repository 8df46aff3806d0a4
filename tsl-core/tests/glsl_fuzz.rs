//! The GLSL front end never panics and never hangs: random token soup and mutations of real
//! shaders (the oracle's cases and a few of our own) each end in a program or a refusal, within a
//! few seconds. A panic inside the compiler would surface as an error naming a bug, a stack
//! overflow would abort this test. `fuzz/` runs the same property under cargo-fuzz for longer.

use proptest::prelude::*;
use std::time::{Duration, Instant};
use tsl_core::glsl::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

const SEEDS: &[&str] = &[
    "uniform sampler2D map;\nvarying vec2 vUv;\nvoid main() {\n  if (vUv.x > 0.9) discard;\n  gl_FragColor = texture2D(map, vUv * 2.0);\n}\n",
    "#define N 4\n#if N > 2 && defined(N)\nconst float k = 2.0;\n#else\nconst float k = 1.0;\n#endif\nvarying vec2 vUv;\nfloat f(inout float a, out vec2 b) { a += 1.0; b = vUv; if (a > k) return a; return -a; }\nvoid main() {\n  float s = 0.0; vec2 q;\n  for (int i = 0; i < N; i++) { if (i == 2) continue; s += f(s, q); if (s > 9.0) break; }\n  gl_FragColor = vec4(q, s, s > 1.0 ? 1.0 : 0.0);\n}\n",
    "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n  vec2 uv = fragCoord / iResolution.xy;\n  vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));\n  fragColor = vec4(col, 1.0);\n}\n",
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

/// Compile `fragment` every way the front end takes it; the first sign of a bug, if any.
fn compile_all(vertex: &str, fragment: &str) -> Result<(), String> {
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
    for r in results {
        if let Err(e) = r {
            if e.reason.contains("(a bug)") || e.reason.contains("could not start") {
                return Err(e.to_string());
            }
            // Every refusal renders.
            let _ = e.to_string();
        }
    }
    Ok(())
}

fn seeds() -> &'static [String] {
    static SEEDS_READ: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SEEDS_READ.get_or_init(read_seeds)
}

fn read_seeds() -> Vec<String> {
    let mut out: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/glsl/cases.json"
    );
    if let Ok(text) = std::fs::read_to_string(path) {
        let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        for case in doc["cases"].as_array().into_iter().flatten().step_by(3) {
            out.push(case["fragment"].as_str().unwrap_or("").to_string());
        }
    }
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
        prop_assert_eq!(compile_all(VERT, &source), Ok(()), "source:\n{}", source);
    }

    #[test]
    fn token_soup_ends_in_a_refusal(tokens in prop::collection::vec(0..TOKENS.len(), 0..120)) {
        let source: String = tokens.iter().map(|&t| TOKENS[t]).collect::<Vec<_>>().join(" ");
        prop_assert_eq!(compile_all(VERT, &source), Ok(()), "source:\n{}", source);
        prop_assert_eq!(compile_all(&source, "void main() { gl_FragColor = vec4(1.0); }"), Ok(()), "source:\n{}", source);
    }

    #[test]
    fn arbitrary_text_ends_in_a_refusal(source in "\\PC{0,300}") {
        prop_assert_eq!(compile_all(VERT, &source), Ok(()), "source:\n{}", source);
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
