//! The fuzz campaign that stays (issue 13): one target per door a user's data comes in by, each
//! a test on stable Rust with a committed seed corpus (`tests/fixtures/fuzz/<target>/`), a
//! deterministic mutator, and a budget counted in executions:
//!
//! - `glsl`: every GLSL entry point (ShaderMaterial, RawShaderMaterial, ShaderToy, the checks,
//!   the defines), and the programs they make run;
//! - `preprocess`: the preprocessor, through the entry points, with directive-heavy seeds and a
//!   directive dictionary (it has no entry point of its own);
//! - `program`: `NodeProgram::from_words` on mutated words and slots, then `set_uniform`,
//!   `set_texture`, `set_frame`, the disassembler and `evaluate` of every output;
//! - `png`: `Image::from_png`, `Image::load_png` and `Texture::from_png` on mutated PNGs (their
//!   CRCs made again half the time, so mutations reach the decoder's logic);
//! - `gltf`: `tsl::raster::gltf::load_gltf_slice` on mutated GLB and JSON documents (buffers and
//!   images as data URIs), each loaded model drawn at a few pixels;
//! - `materialx`: `tsl::raster::materialx::load_materialx_slice` on mutated MaterialX documents
//!   (the project's examples and a seed reaching most of the node library), each loaded material
//!   drawn at a few pixels;
//! - `scene`: geometry, materials, lights, cameras, objects and programs read from a mutated
//!   byte stream, drawn by the CPU renderer at a few pixels.
//!
//! Each execution runs under `catch_unwind`: a panic (or an entry point's "(a bug)" refusal)
//! fails the test and writes its input under `target/fuzz-failures/`. The default budget keeps CI
//! within seconds; a long run (docs/robustness.md, "Fuzzing") sets
//! `TSL_FUZZ_ITERS=100000 cargo test --release --test fuzz`. `TSL_FUZZ_SEED` picks another run.

mod fuzz_support;
mod png_support;

use fuzz_support::{iterations, mutate, read_corpus, seed, Campaign, Rng};
use glam::{Mat4, Vec2, Vec3, Vec4};
use png_support::{fix_png_crcs, patch_png_size};
use tsl::core::glsl::*;
use tsl::core::*;
use tsl::raster::*;

/// The vertex shader the fragment shaders are paired with.
const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

const GLSL_SEEDS: &[&str] = &[
    "loops.frag",
    "material.frag",
    "matrices.frag",
    "raw300.frag",
    "toy.glsl",
    "vertex.vert",
];

const PREPROCESS_SEEDS: &[&str] = &["conditionals.frag", "ifdef.frag", "nested.frag"];

/// The glTF seeds: tools/three_cases/gltf/make_models.py writes them.
const GLTF_SEEDS: &[&str] = &["boxes.glb", "boxes_embedded.gltf"];

/// The MaterialX seeds: two of the project's examples (tools/three_cases/materialx/) and one
/// written to reach most of the node library.
const MATERIALX_SEEDS: &[&str] = &[
    "library.mtlx",
    "standard_surface_gold.mtlx",
    "standard_surface_marble_solid.mtlx",
];

const PNG_SEEDS: &[&str] = &[
    "grey1_9x2.png",
    "grey8_3x2.png",
    "grey_alpha8_2x3.png",
    "palette_trns_2x2.png",
    "rgb8_3x1.png",
    "rgb8_adam7_3x3.png",
    "rgba16_2x1.png",
    "rgba8_2x2.png",
];

const PROGRAM_SEEDS: &[&str] = &[
    "colour.json",
    "loops.json",
    "textures.json",
    "uniforms.json",
];

const SCENE_SEEDS: &[&str] = &["stream0.bin", "stream1.bin", "stream2.bin", "stream3.bin"];

/// Tokens the GLSL mutator inserts.
const GLSL_TOKENS: &[&str] = &[
    "void main() {",
    "}",
    "{",
    "(",
    ")",
    ";",
    "float",
    "int",
    "vec2",
    "vec4",
    "mat3",
    "mat4",
    "uniform",
    "varying",
    "in ",
    "out ",
    "inout ",
    "const ",
    "struct S { float a; };",
    "if (",
    "else",
    "for (int i = 0; i < 4; i++)",
    "while (",
    "return",
    "break;",
    "continue;",
    "discard;",
    "gl_FragColor",
    "gl_Position",
    "gl_FragCoord",
    "=",
    "+=",
    "++",
    "--",
    "-",
    "!",
    "*",
    "/",
    "%",
    "<<",
    "&&",
    "||",
    "^^",
    "?",
    ":",
    ",",
    ".",
    ".xyzw",
    "[",
    "]",
    "0",
    "1.0",
    "1e38",
    "2147483647",
    "16777217",
    "0x7FFFFFFF",
    "texture2D(",
    "texture(",
    "dFdx(",
    "sin(",
    "mix(",
    "mainImage",
    "iTime",
    "iChannel0",
    "#define M ",
    "#if ",
    "#endif\n",
    "\n",
    "\\\n",
    "/*",
    "*/",
    "//",
    "\0",
    "\u{1F600}",
];

/// Directives and expressions the preprocessor mutator inserts.
const DIRECTIVES: &[&str] = &[
    "\n#define ",
    "\n#undef ",
    "\n#if ",
    "\n#ifdef ",
    "\n#ifndef ",
    "\n#elif ",
    "\n#else\n",
    "\n#endif\n",
    "\n#version 300 es\n",
    "\n#error ",
    "\n#pragma ",
    "\n#line 4\n",
    "\n#extension GL_OES_standard_derivatives : enable\n",
    "defined(",
    "defined ",
    "A",
    "B",
    "ONE",
    "TWO",
    "(",
    ")",
    "!",
    "-",
    "~",
    "+",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "&&",
    "||",
    "&",
    "|",
    "^",
    "==",
    "!=",
    "<=",
    "?",
    ":",
    "0",
    "1",
    "0x",
    "2147483648",
    "\\\n",
    "/*",
    "*/",
    "//",
];

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An entry point's result, a bug where the compiler reported one.
fn glsl_ok<T>(result: Result<T, GlslError>) -> Result<Option<T>, String> {
    match result {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.kind == GlslErrorKind::Internal => Err(e.to_string()),
        Err(e) => {
            // Every refusal renders.
            let _ = e.to_string();
            Ok(None)
        }
    }
}

/// Run what a host runs on a program: set every uniform (a value of a random type), point the
/// textures somewhere, write a frame, disassemble, and evaluate every output at a fragment.
fn exercise(program: &mut NodeProgram, rng: &mut Rng) {
    let slots: Vec<(String, ValueType)> = program
        .uniforms()
        .iter()
        .map(|u| (u.name.clone(), u.ty))
        .collect();
    for (name, ty) in slots {
        let value = match if rng.one_in(4) {
            rng.below(7)
        } else {
            ty as usize
        } {
            0 => UniformValue::Float(rng.float()),
            1 => UniformValue::Vec2(Vec2::new(rng.float(), rng.float())),
            2 => UniformValue::Vec3(Vec3::new(rng.float(), rng.float(), rng.float())),
            3 => UniformValue::Vec4(Vec4::new(
                rng.float(),
                rng.float(),
                rng.float(),
                rng.float(),
            )),
            4 => UniformValue::Mat3(glam::Mat3::from_cols_array(&[rng.float(); 9])),
            _ => UniformValue::Mat4(Mat4::from_cols_array(&[rng.float(); 16])),
        };
        let _ = program.set_uniform(&name, value);
        let _ = program.set_texture(&name, TextureId(rng.next_u64() as u32));
        let _ = program.uniform(&name);
    }
    let _ = program.set_uniform("no such uniform", 1.0f32);
    let view = Mat4::from_cols_array(&std::array::from_fn(|_| rng.float()));
    program.set_frame(
        rng.float(),
        if rng.one_in(2) { view } else { Mat4::IDENTITY },
    );
    let _ = program.to_string();
    let _ = program.textures();
    let _ = program.views_read();
    let v3 = |rng: &mut Rng| Vec3::new(rng.float(), rng.float(), rng.float());
    let fragment = Fragment {
        uv: Vec2::new(rng.float(), rng.float()),
        position_world: v3(rng),
        position_view: v3(rng),
        normal_world: v3(rng),
        normal_view: v3(rng),
        vertex_color: v3(rng),
        position_local: v3(rng),
        normal_local: v3(rng),
        lit: v3(rng),
        lit_alpha: rng.float(),
        barycentric: v3(rng),
        frag_coord: v3(rng),
        front_facing: rng.float(),
        gl_front_facing: rng.float(),
        shadow: v3(rng),
    };
    for output in Output::ALL {
        let _ = program.register_count(output);
        let _ = program.evaluate(output, &fragment);
    }
}

fn glsl_corpus() -> Vec<(String, Vec<u8>)> {
    read_corpus("glsl", GLSL_SEEDS)
}

/// The vertex shader a `#version 300 es` RawShaderMaterial fragment shader is paired with.
const RAW_VERT: &str = "#version 300 es\nuniform mat4 projectionMatrix;\nuniform mat4 modelViewMatrix;\nin vec3 position;\nin vec2 uv;\nout vec2 vUv;\nvoid main() { vUv = uv; gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";

/// The fragment shader a vertex shader seed is paired with.
const FRAG: &str = "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv, 0.0, 1.0); }";

/// How a seed is compiled: by its name's extension, and by its first line.
fn compile_as_seed(name: &str, source: &str) -> Result<NodeProgram, GlslError> {
    if name.ends_with(".vert") {
        compile_shader_material(source, FRAG)
    } else if name.ends_with(".glsl") {
        compile_shader_toy(source)
    } else if name.starts_with("raw") {
        compile_raw_shader_material(RAW_VERT, source)
    } else {
        compile_shader_material(VERT, source)
    }
}

#[test]
fn the_glsl_seeds_compile() {
    // A seed that stopped compiling fuzzes only the refusals: each one compiles as what it is.
    for (name, bytes) in glsl_corpus() {
        let made = compile_as_seed(&name, &text(&bytes));
        assert!(made.is_ok(), "seed {name}: {}", made.unwrap_err());
    }
    for (name, bytes) in read_corpus("preprocess", PREPROCESS_SEEDS) {
        let made = compile_shader_material(VERT, &text(&bytes));
        assert!(made.is_ok(), "seed {name}: {}", made.unwrap_err());
    }
}

/// One shader through an entry point: the seed's own three times in four, else any; a program
/// made is run.
fn compile_one(rng: &mut Rng, name: &str, source: &str, defines: &[&str]) -> Result<bool, String> {
    let made = match if rng.one_in(4) { rng.below(9) } else { 9 } {
        0 => glsl_ok(compile_shader_material(VERT, source))?,
        1 => glsl_ok(compile_shader_material(source, FRAG))?,
        2 => glsl_ok(compile_raw_shader_material(source, source))?,
        3 => glsl_ok(compile_shader_toy(source))?,
        4 => glsl_ok(check_shader(Shader::Fragment, source)).map(|_| None)?,
        5 => glsl_ok(check_shader(Shader::Vertex, source)).map(|_| None)?,
        6 => glsl_ok(check_raw_shader(Shader::Fragment, source)).map(|_| None)?,
        7 => glsl_ok(compile_shader_material_with_defines(VERT, source, defines))?,
        8 => glsl_ok(compile_raw_shader_material_with_defines(
            source, VERT, defines,
        ))?,
        _ => glsl_ok(compile_as_seed(name, source))?,
    };
    let compiled = made.is_some();
    if let Some(mut program) = made {
        exercise(&mut program, rng);
    }
    Ok(compiled)
}

/// A shader changed as a person edits one, so more of the mutants stay shaders and reach the
/// checker and the lowering: a line duplicated, removed or moved; a number replaced by one at or
/// past a bound; an operator replaced by another.
fn mutate_source(rng: &mut Rng, source: &str) -> String {
    const NUMBERS: &[&str] = &[
        "0",
        "1",
        "2",
        "3",
        "0.0",
        "1.0",
        "-1.0",
        "64",
        "65",
        "100",
        "1000",
        "16777216",
        "16777217",
        "2147483647",
        "2147483648",
        "1e38",
        "1e39",
        "3.4e38",
        "1e-45",
        "0x10",
    ];
    const OPERATORS: &[&str] = &[
        "+", "-", "*", "/", "%", "<", ">", "<=", "==", "!=", "&&", "||",
    ];
    let mut lines: Vec<String> = source.lines().map(String::from).collect();
    for _ in 0..1 + rng.below(3) {
        let n = lines.len();
        if n == 0 {
            break;
        }
        let at = rng.below(n);
        match rng.below(6) {
            0 => {
                let line = lines[at].clone();
                let times = if rng.one_in(4) { 1 + rng.below(64) } else { 1 };
                for _ in 0..times {
                    lines.insert(at, line.clone());
                }
            }
            1 => {
                lines.remove(at);
            }
            2 => {
                let to = rng.below(n);
                lines.swap(at, to);
            }
            3 | 4 => {
                // A number: the first run of digits at or after a random place.
                let line = &lines[at];
                let bytes = line.as_bytes();
                let from = rng.below(bytes.len() + 1);
                if let Some(start) = (from..bytes.len()).find(|&i| bytes[i].is_ascii_digit()) {
                    let end = (start..bytes.len())
                        .find(|&i| !(bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.'))
                        .unwrap_or(bytes.len());
                    lines[at] = format!("{}{}{}", &line[..start], rng.pick(NUMBERS), &line[end..]);
                }
            }
            _ => {
                let line = lines[at].clone();
                let found: Vec<usize> = line
                    .char_indices()
                    .filter(|(_, c)| "+-*/<>".contains(*c))
                    .map(|(i, _)| i)
                    .collect();
                if !found.is_empty() {
                    let i = *rng.pick(&found);
                    lines[at] = format!("{}{}{}", &line[..i], rng.pick(OPERATORS), &line[i + 1..]);
                }
            }
        }
    }
    lines.join("\n")
}

#[test]
fn fuzz_glsl() {
    let corpus = glsl_corpus();
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let mut rng = Rng::new(seed());
    let mut campaign = Campaign::new("glsl");
    let mut compiled = 0;
    for _ in 0..iterations(300) {
        let (name, base) = rng.pick(&corpus);
        let input = if rng.one_in(2) {
            mutate(&mut rng, base, GLSL_TOKENS, &others)
        } else {
            mutate_source(&mut rng, &text(base)).into_bytes()
        };
        let source = text(&input);
        let mut exec_rng = rng.clone();
        rng.next_u64();
        campaign.exec(&input, || {
            compiled += compile_one(&mut exec_rng, name, &source, &["N 3", "X"])? as usize;
            Ok(())
        });
    }
    eprintln!("fuzz glsl: {compiled} mutated shaders compiled and ran");
    campaign.finish();
}

#[test]
fn fuzz_preprocess() {
    let corpus = read_corpus("preprocess", PREPROCESS_SEEDS);
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let mut rng = Rng::new(seed() ^ 1);
    let mut campaign = Campaign::new("preprocess");
    for _ in 0..iterations(300) {
        let (_, base) = rng.pick(&corpus);
        let input = mutate(&mut rng, base, DIRECTIVES, &others);
        let source = text(&input);
        // The defines list is preprocessed too: a line of the mutated source, some of the time.
        let line = source.lines().nth(rng.below(8)).unwrap_or("").to_string();
        let line = line
            .trim_start_matches('#')
            .trim_start_matches("define")
            .trim();
        let define = if rng.one_in(3) { line } else { "A 1" };
        let mut exec_rng = rng.clone();
        rng.next_u64();
        campaign.exec(&input, || {
            let defines = [define, "B"];
            let made = if exec_rng.one_in(2) {
                glsl_ok(check_shader(Shader::Fragment, &source)).map(|_| None)?
            } else {
                glsl_ok(compile_shader_material_with_defines(
                    VERT, &source, &defines,
                ))?
            };
            if let Some(mut program) = made {
                exercise(&mut program, &mut exec_rng);
            }
            Ok(())
        });
    }
    campaign.finish();
}

// ---- programs ----

/// A program as a seed file holds it: its words and slots (JSON).
fn program_to_json(program: &NodeProgram) -> String {
    let ty = |t: ValueType| format!("{t:?}");
    let doc = serde_json::json!({
        "words": program.words(),
        "uniforms": program.uniforms().iter().map(|u| serde_json::json!({
            "name": u.name, "ty": ty(u.ty), "word": u.word,
        })).collect::<Vec<_>>(),
        "textures": program.texture_slots().iter().map(|t| serde_json::json!({
            "uniform": t.uniform, "word": t.word,
        })).collect::<Vec<_>>(),
    });
    serde_json::to_string(&doc).unwrap()
}

fn value_type(name: &str) -> ValueType {
    match name {
        "Float" => ValueType::Float,
        "Vec2" => ValueType::Vec2,
        "Vec3" => ValueType::Vec3,
        "Vec4" => ValueType::Vec4,
        "Mat3" => ValueType::Mat3,
        "Mat4" => ValueType::Mat4,
        "Texture" => ValueType::Texture,
        other => panic!("a seed names the type {other:?}"),
    }
}

type ProgramParts = (Vec<u32>, Vec<UniformSlot>, Vec<TextureSlot>);

fn program_from_json(name: &str, bytes: &[u8]) -> ProgramParts {
    let doc: serde_json::Value =
        serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("seed {name}: {e}"));
    let bad = |what: &str| -> ! { panic!("seed {name}: {what}") };
    let words = doc["words"]
        .as_array()
        .unwrap_or_else(|| bad("no words"))
        .iter()
        .map(|w| w.as_u64().unwrap_or_else(|| bad("a word is not a number")) as u32)
        .collect();
    let uniforms = doc["uniforms"]
        .as_array()
        .unwrap_or_else(|| bad("no uniforms"))
        .iter()
        .map(|u| UniformSlot {
            name: u["name"]
                .as_str()
                .unwrap_or_else(|| bad("a uniform has no name"))
                .into(),
            ty: value_type(
                u["ty"]
                    .as_str()
                    .unwrap_or_else(|| bad("a uniform has no type")),
            ),
            word: u["word"]
                .as_u64()
                .unwrap_or_else(|| bad("a uniform has no word")) as usize,
        })
        .collect();
    let textures = doc["textures"]
        .as_array()
        .unwrap_or_else(|| bad("no textures"))
        .iter()
        .map(|t| TextureSlot {
            uniform: t["uniform"].as_str().map(String::from),
            word: t["word"]
                .as_u64()
                .unwrap_or_else(|| bad("a texture slot has no word")) as usize,
        })
        .collect();
    (words, uniforms, textures)
}

/// The programs the seeds hold, made again from their sources (`TSL_FUZZ_WRITE_SEEDS=1 cargo
/// test --test fuzz the_program_seeds` writes them when the format changes).
fn program_sources() -> Vec<(&'static str, NodeProgram)> {
    let colour = {
        let g = NodeGraph::new();
        let t = g.time();
        g.set_output(COLOR_NODE, g.vec3(1.0, 0.5, 0.25)).unwrap();
        g.set_output(OPACITY_NODE, g.sin(t)).unwrap();
        g.compile().unwrap()
    };
    let glsl = |fragment: &str| compile_shader_material(VERT, fragment).unwrap();
    vec![
        ("colour.json", colour),
        (
            "loops.json",
            glsl("varying vec2 vUv;\nvoid main() { float s = 0.0; for (int i = 0; i < 3; i++) { s += sin(vUv.x * float(i)); if (s > 1.0) break; } gl_FragColor = vec4(s, fract(s), dFdx(s), 1.0); }"),
        ),
        (
            "textures.json",
            glsl("uniform sampler2D map;\nuniform sampler2D other;\nvarying vec2 vUv;\nvoid main() { gl_FragColor = texture2D(map, vUv) * texture2D(other, vUv.yx); }"),
        ),
        (
            "uniforms.json",
            glsl("uniform float a;\nuniform vec2 b;\nuniform vec3 c;\nuniform vec4 d;\nuniform mat3 m;\nuniform mat4 n;\nvarying vec2 vUv;\nvoid main() { gl_FragColor = n * vec4(m * c, a) + d + vec4(b, vUv); }"),
        ),
    ]
}

#[test]
fn the_program_seeds_load() {
    let write = std::env::var("TSL_FUZZ_WRITE_SEEDS").is_ok();
    if write {
        for (name, program) in program_sources() {
            let path = fuzz_support::corpus_dir("program").join(name);
            std::fs::write(&path, program_to_json(&program)).unwrap();
        }
    }
    for (name, bytes) in read_corpus("program", PROGRAM_SEEDS) {
        let (words, uniforms, textures) = program_from_json(&name, &bytes);
        let loaded = NodeProgram::from_words(words, uniforms, textures);
        assert!(
            loaded.is_ok(),
            "seed {name}: {} (the format changed? write the seeds again with TSL_FUZZ_WRITE_SEEDS=1)",
            loaded.unwrap_err()
        );
    }
}

/// Words changed as a hostile file would change them: interesting values, bit flips, words
/// inserted, removed or copied, an instruction's worth moved, the end cut.
fn mutate_words(rng: &mut Rng, words: &mut Vec<u32>) {
    const INTERESTING: [u32; 14] = [
        0,
        1,
        2,
        3,
        7,
        8,
        0xFF,
        0xFFFF,
        0x7FFF_FFFF,
        0x8000_0000,
        u32::MAX,
        0x7FC0_0000,
        0x7F80_0000,
        0x3F80_0000,
    ];
    for _ in 0..1 + rng.below(4) {
        let n = words.len();
        match rng.below(7) {
            0 if n > 0 => {
                let at = rng.below(n);
                words[at] = *rng.pick(&INTERESTING);
            }
            1 if n > 0 => {
                let at = rng.below(n);
                words[at] ^= 1 << rng.below(32);
            }
            2 if n > 0 => {
                let at = rng.below(n);
                words[at] = words[at].wrapping_add(rng.below(5) as u32).wrapping_sub(2);
            }
            3 if n > 0 => {
                let at = rng.below(n);
                words.remove(at);
            }
            4 => {
                let at = rng.below(n + 1);
                words.insert(at, rng.next_u64() as u32);
            }
            5 if n > 8 => {
                let from = rng.below(n - 8);
                let piece: Vec<u32> = words[from..from + 8].to_vec();
                let to = rng.below(n - 8);
                words[to..to + 8].copy_from_slice(&piece);
            }
            _ if n > 0 => {
                let keep = rng.below(n);
                words.truncate(keep);
            }
            _ => {}
        }
    }
}

fn mutate_slots(rng: &mut Rng, uniforms: &mut [UniformSlot], textures: &mut [TextureSlot]) {
    let word = |rng: &mut Rng, old: usize| match rng.below(5) {
        0 => usize::MAX - rng.below(20),
        1 => rng.below(4096),
        2 => old.wrapping_add(rng.below(9)).wrapping_sub(4),
        3 => 0,
        _ => rng.next_u64() as usize,
    };
    if !uniforms.is_empty() && rng.one_in(2) {
        let at = rng.below(uniforms.len());
        match rng.below(3) {
            0 => uniforms[at].word = word(rng, uniforms[at].word),
            1 => {
                uniforms[at].ty = *rng.pick(&[
                    ValueType::Float,
                    ValueType::Vec2,
                    ValueType::Vec3,
                    ValueType::Vec4,
                    ValueType::Mat3,
                    ValueType::Mat4,
                    ValueType::Texture,
                ])
            }
            _ => {
                let other = rng.below(uniforms.len());
                uniforms[at].name = uniforms[other].name.clone();
            }
        }
    }
    if !textures.is_empty() && rng.one_in(2) {
        let at = rng.below(textures.len());
        textures[at].word = word(rng, textures[at].word);
    }
}

#[test]
fn fuzz_program() {
    let corpus: Vec<ProgramParts> = read_corpus("program", PROGRAM_SEEDS)
        .iter()
        .map(|(name, bytes)| program_from_json(name, bytes))
        .collect();
    let mut rng = Rng::new(seed() ^ 2);
    let mut campaign = Campaign::new("program");
    let mut accepted = 0;
    for _ in 0..iterations(3000) {
        let (mut words, mut uniforms, mut textures) = rng.pick(&corpus).clone();
        if rng.one_in(8) {
            mutate_slots(&mut rng, &mut uniforms, &mut textures);
        } else {
            mutate_words(&mut rng, &mut words);
        }
        let input: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let mut exec_rng = rng.clone();
        rng.next_u64();
        let mut ok = false;
        campaign.exec(&input, || {
            if let Ok(mut program) = NodeProgram::from_words(words, uniforms, textures) {
                ok = true;
                exercise(&mut program, &mut exec_rng);
            }
            Ok(())
        });
        accepted += ok as usize;
    }
    eprintln!("fuzz program: {accepted} mutated programs passed the validator and ran");
    campaign.finish();
}

// ---- PNG ----

/// `TSL_FUZZ_REPLAY_PNG=FILE cargo test --test fuzz replay_png -- --nocapture`: one PNG (a
/// failure's or a slowest input) through each decoder path, each timed.
#[test]
fn replay_png() {
    let Ok(path) = std::env::var("TSL_FUZZ_REPLAY_PNG") else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let time = |what: &str, f: &dyn Fn() -> String| {
        let start = std::time::Instant::now();
        let result = f();
        eprintln!("{what}: {:.2?}: {result}", start.elapsed());
    };
    time("Image::from_png", &|| {
        format!(
            "{:?}",
            Image::from_png(&bytes).map(|i| (i.width(), i.height()))
        )
    });
    time("Texture::from_png", &|| {
        format!(
            "{:?}",
            Texture::from_png(&bytes, ColorSpace::Srgb).map(|t| (t.width(), t.height()))
        )
    });
    time("Image::load_png", &|| {
        format!(
            "{:?}",
            Image::load_png(&path).map(|i| (i.width(), i.height()))
        )
    });
    time("Texture::load_png", &|| {
        format!(
            "{:?}",
            Texture::load_png(&path, ColorSpace::Linear).map(|t| (t.width(), t.height()))
        )
    });
}

#[test]
fn fuzz_png() {
    let corpus = read_corpus("png", PNG_SEEDS);
    for (name, bytes) in &corpus {
        assert!(
            Image::from_png(bytes).is_ok(),
            "seed {name} does not decode"
        );
    }
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let mut rng = Rng::new(seed() ^ 3);
    let mut campaign = Campaign::new("png");
    let dir = fuzz_support::failures_dir().join(format!("png-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..iterations(2000) {
        let (_, base) = rng.pick(&corpus);
        let mut input = if rng.one_in(8) {
            // A header at and past the limits, over data for a few pixels.
            let side =
                |rng: &mut Rng| *rng.pick(&[0, 1, 2, 8192, 8193, 16384, 16385, 65536, u32::MAX]);
            patch_png_size(base, side(&mut rng), side(&mut rng))
        } else {
            mutate(
                &mut rng,
                base,
                &[
                    "IHDR",
                    "IDAT",
                    "IEND",
                    "PLTE",
                    "tRNS",
                    "\0\0\0\0",
                    "\x7F\x7F\x7F\x7F",
                ],
                &others,
            )
        };
        if rng.one_in(2) {
            fix_png_crcs(&mut input);
        }
        let colour = if rng.one_in(2) {
            ColorSpace::Srgb
        } else {
            ColorSpace::Linear
        };
        let path = dir.join("input.png");
        let from_file = i % 16 == 0;
        campaign.exec(&input, || {
            if let Ok(image) = Image::from_png(&input) {
                let _ = image.to_png();
                let _ = image.pixel(image.width().saturating_sub(1), 0);
            }
            if let Ok(texture) = Texture::from_png(&input, colour) {
                for uv in [
                    Vec2::ZERO,
                    Vec2::new(0.5, 0.5),
                    Vec2::new(-3.0, 7.5),
                    Vec2::NAN,
                ] {
                    let _ = texture.sample(uv);
                    let _ = texture.sample_grad(uv, Vec2::new(0.3, 0.0), Vec2::new(0.0, 1e9));
                }
            }
            if from_file {
                std::fs::write(&path, &input).map_err(|e| e.to_string())?;
                let _ = Image::load_png(&path);
                let _ = Texture::load_png(&path, colour);
            }
            Ok(())
        });
    }
    let _ = std::fs::remove_dir_all(&dir);
    campaign.finish();
}

// ---- scenes ----

/// The choices a scene is built from: bytes of the (mutated) stream, zero past its end.
struct Stream<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Stream<'_> {
    /// The next byte: the stream's, then the stream again, changed, past its end.
    fn byte(&mut self) -> u8 {
        let len = self.bytes.len().max(1);
        let b = self.bytes.get(self.at % len).copied().unwrap_or(0);
        let lap = (self.at / len) as u8;
        self.at += 1;
        b ^ lap.wrapping_mul(0x9D)
    }

    fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n.max(1)
    }

    fn float(&mut self) -> f32 {
        const SPECIAL: [f32; 12] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            1e-30,
            1e30,
            f32::MAX,
            f32::MIN_POSITIVE,
            f32::INFINITY,
            f32::NAN,
            1e-7,
            100.0,
        ];
        let b = self.byte();
        if b < 48 {
            SPECIAL[b as usize % SPECIAL.len()]
        } else {
            (b as f32 - 152.0) / 16.0
        }
    }

    fn vec3(&mut self) -> Vec3 {
        Vec3::new(self.float(), self.float(), self.float())
    }

    fn finite3(&mut self) -> Vec3 {
        let v = self.vec3();
        if v.is_finite() {
            v
        } else {
            Vec3::new(self.byte() as f32 / 64.0, -1.0, 0.5)
        }
    }

    fn colour(&mut self) -> Color {
        Color::linear(self.float(), self.float(), self.float())
    }
}

/// The programs a material may name: small graphs and shaders, compiled once.
fn scene_programs() -> Vec<NodeProgram> {
    let g = NodeGraph::new();
    let uv = g.uv();
    g.set_output(COLOR_NODE, g.vec3(1.0, 0.0, 0.5)).unwrap();
    g.set_output(OPACITY_NODE, g.swizzle(uv, "x")).unwrap();
    let flat = g.compile().unwrap();
    let shaded = compile_shader_material(
        "uniform float lift;\nvarying vec2 vUv;\nvoid main() { vUv = uv; gl_Position = projectionMatrix * modelViewMatrix * vec4(position + normal * lift, 1.0); }",
        "uniform sampler2D map;\nvarying vec2 vUv;\nvoid main() { if (vUv.x > 0.7) discard; gl_FragColor = texture2D(map, vUv) * vec4(dFdx(vUv.x) * 100.0, gl_FragCoord.z, 1.0, 0.5); }",
    )
    .unwrap();
    let toy = compile_shader_toy(
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(fract(p / iResolution.xy), sin(iTime), 1.0); }",
    )
    .unwrap();
    vec![flat, shaded, toy]
}

/// A scene read from `bytes`, and the size to draw it at.
fn build_scene(bytes: &[u8], programs: &[NodeProgram]) -> (Scene, Camera, Assets, RenderSettings) {
    let mut s = Stream { bytes, at: 0 };
    let mut assets = Assets::new();
    let texture = assets.textures.add(Texture::new(
        Image::from_rgba8(
            2,
            2,
            vec![255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 128, 9, 9, 9, 9],
        )
        .unwrap(),
        ColorSpace::Srgb,
    ));
    let texture_id = |s: &mut Stream| match s.below(16) {
        0 => Some(TextureId(9)),
        1..=7 => None,
        _ => Some(texture),
    };
    for program in programs {
        let mut program = program.clone();
        let _ = program.set_texture("map", texture);
        let _ = program.set_uniform("lift", s.float());
        assets.programs.add(program);
    }
    let mut scene = Scene::new();
    for _ in 0..1 + s.below(4) {
        let vertices = s.below(10);
        let positions: Vec<Vec3> = (0..vertices)
            .map(|_| {
                if s.below(16) == 0 {
                    s.vec3()
                } else {
                    s.finite3()
                }
            })
            .collect();
        let normals = (s.below(2) == 0).then(|| (0..vertices).map(|_| s.finite3()).collect());
        let uvs = (s.below(2) == 0).then(|| {
            (0..vertices)
                .map(|_| Vec2::new(s.float().clamp(-9.0, 9.0), s.float().clamp(-9.0, 9.0)))
                .collect()
        });
        let triangles = s.below(12);
        let index = |s: &mut Stream| {
            if s.below(32) == 0 {
                s.byte() as u32 * 1000
            } else {
                s.below(vertices) as u32
            }
        };
        let indices: Vec<[u32; 3]> = (0..triangles)
            .map(|_| [index(&mut s), index(&mut s), index(&mut s)])
            .collect();
        let mut geometry = Geometry::from_data(positions, normals, uvs, indices);
        if s.below(4) == 0 {
            let colours = (0..vertices + s.below(2)).map(|_| s.finite3()).collect();
            geometry = geometry.and_then(|g| g.with_colors(colours));
        }
        let geometry = match geometry {
            Ok(g) => assets.geometries.add(g),
            Err(_) if s.below(8) == 0 => GeometryId(77),
            Err(_) => assets.geometries.add(
                SphereGeometry::new(
                    s.float().abs().min(4.0) as f64,
                    3 + s.below(6) as u32,
                    2 + s.below(5) as u32,
                )
                .build(),
            ),
        };
        let kind = [
            MaterialKind::Basic,
            MaterialKind::Lambert,
            MaterialKind::Phong,
            MaterialKind::Standard,
            MaterialKind::Physical,
            MaterialKind::Normals,
            MaterialKind::Depth,
        ][s.below(7)];
        let mut material = Material::new(kind, s.colour());
        material.opacity = s.float();
        material.transparent = s.below(2) == 0;
        material.alpha_test = s.float();
        material.side = [Side::Front, Side::Back, Side::Double][s.below(3)];
        material.vertex_colors = s.below(2) == 0;
        material.map = texture_id(&mut s);
        material.emissive = s.colour();
        material.emissive_intensity = s.float();
        material.emissive_map = texture_id(&mut s);
        material.ao_map = texture_id(&mut s);
        material.ao_map_intensity = s.float();
        material.normal_map = texture_id(&mut s);
        material.normal_scale = Vec2::new(s.float(), s.float());
        material.fog = s.below(2) == 0;
        material.roughness = s.float();
        material.metalness = s.float();
        material.shininess = s.float();
        material.clearcoat = s.float();
        material.clearcoat_roughness = s.float();
        material.flat_shading = s.below(2) == 0;
        material.depth_test = s.below(4) != 0;
        material.depth_write = s.below(4) != 0;
        material.wireframe = s.below(32) == 0;
        let refuses = matches!(kind, MaterialKind::Normals | MaterialKind::Depth);
        material.nodes = match if refuses && s.below(8) != 0 {
            0
        } else {
            s.below(5)
        } {
            0 | 1 => None,
            2 => Some(ProgramId(42)),
            k => Some(ProgramId(k as u32 - 3 + s.below(2) as u32)),
        };
        let material = assets.materials.add(material);
        let mut object = Object::mesh(geometry, material)
            .at(s.vec3())
            .rotated(s.float(), s.float(), s.float())
            .scaled(s.vec3());
        if s.below(3) == 0 {
            // A parent among the objects before it, mostly; sometimes any id (a cycle, a hole).
            let before = scene.objects().len();
            let parent = if s.below(8) == 0 {
                s.below(6)
            } else {
                s.below(before + 1).min(before.saturating_sub(1))
            };
            if before > 0 || parent > 0 {
                object = object.child_of(ObjectId(parent as u32));
            }
        }
        if let Some(mesh) = object.mesh.as_mut() {
            mesh.render_order = s.byte() as i32 - 128;
        }
        object.visible = s.below(8) != 0;
        scene.add(object);
    }
    for _ in 0..s.below(4) {
        let light = match s.below(5) {
            0 => Light::ambient(s.colour(), s.float()),
            1 => Light::hemisphere(s.colour(), s.colour(), s.float()),
            2 => Light::directional(s.colour(), s.float(), s.vec3()),
            3 => Light::Point {
                color: s.colour(),
                intensity: s.float(),
                position: s.vec3(),
                distance: s.float(),
                decay: s.float(),
                shadow: None,
            },
            _ => Light::Spot {
                color: s.colour(),
                intensity: s.float(),
                position: s.vec3(),
                target: s.vec3(),
                distance: s.float(),
                angle: s.float(),
                penumbra: s.float(),
                decay: s.float(),
                shadow: None,
            },
        };
        scene.add_light(light);
    }
    scene.fog = match s.below(3) {
        0 => None,
        1 => Some(Fog::Linear {
            color: s.colour(),
            near: s.float(),
            far: s.float(),
        }),
        _ => Some(Fog::Exp2 {
            color: s.colour(),
            density: s.float(),
        }),
    };
    if s.below(3) == 0 {
        scene.background = Some(s.colour());
    }
    let mut camera = if s.below(3) == 0 {
        if s.below(4) == 0 {
            Camera::orthographic(
                s.float(),
                s.float(),
                s.float(),
                s.float(),
                s.float(),
                s.float(),
            )
        } else {
            Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 10.0 + s.float().abs().min(1e3))
        }
    } else {
        let special = s.below(8) == 0;
        if special {
            Camera::perspective(s.float() * 20.0, s.float(), s.float())
        } else {
            Camera::perspective(
                10.0 + s.below(160) as f32,
                0.01 + s.below(4) as f32 * 0.3,
                2.0 + s.below(200) as f32,
            )
        }
    };
    camera.zoom = if s.below(4) == 0 { s.float() } else { 1.0 };
    camera = camera.at(if s.below(4) == 0 {
        s.vec3()
    } else {
        Vec3::new(0.0, 0.0, 3.0)
    });
    camera.look_at(if s.below(4) == 0 {
        s.vec3()
    } else {
        Vec3::ZERO
    });
    if s.below(8) == 0 {
        camera.up = s.vec3();
    }
    let mut settings = RenderSettings::new(
        if s.below(16) == 0 {
            0
        } else {
            1 + s.below(8) as u32
        },
        1 + s.below(8) as u32,
    );
    settings.time = s.float();
    settings.shading = [Shading::Texture, Shading::Lit, Shading::Uv][s.below(3)];
    if s.below(3) == 0 {
        settings.set_tone_mapping(
            [
                ToneMapping::None,
                ToneMapping::Linear,
                ToneMapping::Reinhard,
                ToneMapping::Cineon,
                ToneMapping::AcesFilmic,
                ToneMapping::AgX,
                ToneMapping::Neutral,
            ][s.below(7)],
            s.float(),
        );
    }
    settings.clear_alpha = s.float();
    (scene, camera, assets, settings)
}

#[test]
fn fuzz_scene() {
    let corpus = read_corpus("scene", SCENE_SEEDS);
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let programs = scene_programs();
    let mut rng = Rng::new(seed() ^ 4);
    let mut campaign = Campaign::new("scene");
    let mut drawn = 0;
    let mut refused = std::collections::BTreeMap::<String, usize>::new();
    for _ in 0..iterations(400) {
        let (_, base) = rng.pick(&corpus);
        let input = mutate(&mut rng, base, &[], &others);
        let mut result = None;
        campaign.exec(&input, || {
            let (scene, camera, assets, settings) = build_scene(&input, &programs);
            result = Some(
                Renderer::new(settings)
                    .render(&scene, &camera, &assets)
                    .map(|_| ()),
            );
            let _ = scene.world_matrices();
            Ok(())
        });
        match result {
            Some(Ok(())) => drawn += 1,
            Some(Err(e)) => {
                // The reason without the numbers that vary.
                let reason: String = e
                    .to_string()
                    .chars()
                    .filter(|c| !c.is_ascii_digit())
                    .take(60)
                    .collect();
                *refused.entry(reason).or_default() += 1;
            }
            None => {}
        }
    }
    eprintln!("fuzz scene: {drawn} scenes drawn, refused: {refused:#?}");
    campaign.finish();
}

#[test]
fn fuzz_gltf() {
    use tsl::raster::gltf::{load_gltf_slice, GltfLimits};
    let corpus = read_corpus("gltf", GLTF_SEEDS);
    let limits = GltfLimits {
        bytes: 1 << 20,
        vertices: 1 << 16,
        nodes: 1 << 10,
        ..GltfLimits::default()
    };
    for (name, bytes) in &corpus {
        let (mut scene, mut assets) = (Scene::new(), Assets::new());
        let loaded = load_gltf_slice(bytes, None, &mut scene, &mut assets, &limits);
        assert!(
            loaded.is_ok(),
            "seed {name} does not load: {:?}",
            loaded.err()
        );
    }
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let mut rng = Rng::new(seed() ^ 7);
    let mut campaign = Campaign::new("gltf");
    let dictionary = [
        "\"count\":",
        "\"byteOffset\":",
        "\"byteStride\":",
        "\"children\":[0]",
        "\"indices\":",
        "\"mode\":5",
        "\"mode\":6",
        "\"componentType\":5125",
        "4294967295",
        "-1",
        "1e308",
        "data:;base64,",
        "\"skin\":0",
    ];
    for _ in 0..iterations(600) {
        let (_, base) = rng.pick(&corpus);
        let input = mutate(&mut rng, base, &dictionary, &others);
        campaign.exec(&input, || {
            let (mut scene, mut assets) = (Scene::new(), Assets::new());
            if let Ok(model) = load_gltf_slice(&input, None, &mut scene, &mut assets, &limits) {
                let camera = model
                    .cameras
                    .first()
                    .copied()
                    .unwrap_or_else(|| Camera::perspective(50.0, 0.1, 100.0));
                let _ = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera, &assets);
            }
            Ok(())
        });
    }
    campaign.finish();
}

#[test]
fn fuzz_materialx() {
    use tsl::raster::materialx::{load_materialx_slice, MaterialxLimits};
    let corpus = read_corpus("materialx", MATERIALX_SEEDS);
    let limits = MaterialxLimits {
        bytes: 1 << 20,
        elements: 1 << 12,
        depth: 64,
        ..MaterialxLimits::default()
    };
    for (name, bytes) in &corpus {
        let mut assets = Assets::new();
        let loaded = load_materialx_slice(bytes, None, &mut assets, &limits);
        assert!(
            loaded.is_ok(),
            "seed {name} does not load: {:?}",
            loaded.err()
        );
    }
    let others: Vec<Vec<u8>> = corpus.iter().map(|(_, b)| b.clone()).collect();
    let mut rng = Rng::new(seed() ^ 11);
    let mut campaign = Campaign::new("materialx");
    let dictionary = [
        " nodename=\"p\"",
        " nodegraph=\"NG_library\"",
        " interfacename=\"scale\"",
        " output=\"outy\"",
        " channels=\"zyx1\"",
        " type=\"vector4\"",
        " type=\"multioutput\"",
        " value=\"1e39\"",
        " value=\"-0\"",
        "<separate3 name=\"s\" type=\"multioutput\">",
        "<image name=\"i\" type=\"color3\">",
        "<output name=\"out\" type=\"color3\" nodename=\"m\" />",
        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>",
    ];
    let loaded = std::cell::Cell::new(0usize);
    for _ in 0..iterations(400) {
        let (_, base) = rng.pick(&corpus);
        let input = mutate(&mut rng, base, &dictionary, &others);
        campaign.exec(&input, || {
            let mut assets = Assets::new();
            if let Ok(read) = load_materialx_slice(&input, None, &mut assets, &limits) {
                loaded.set(loaded.get() + 1);
                let sphere = assets
                    .geometries
                    .add(SphereGeometry::new(1.0, 8, 4).build());
                let mut scene = Scene::new();
                for id in read.ids {
                    scene.add(Object::mesh(sphere, id));
                }
                scene.add_light(Light::directional(Color::WHITE, 1.0, Vec3::ONE));
                let camera = Camera::perspective(50.0, 0.1, 100.0).at(Vec3::new(0.0, 0.0, 3.0));
                let _ = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera, &assets);
            }
            Ok(())
        });
    }
    eprintln!(
        "fuzz materialx: {} documents loaded and drawn",
        loaded.get()
    );
    campaign.finish();
}

#[test]
fn fuzz_object_json() {
    // Seeds: a node material with a texture uniform, a constant texture and a custom attribute
    // (the code form), and one with integer data (codeBits).
    let mut assets = Assets::new();
    let image = Image::from_rgba8(2, 1, vec![255, 0, 0, 255, 0, 0, 255, 255]).unwrap();
    let map = assets.textures.add(Texture::new(image, ColorSpace::Srgb));
    let g = NodeGraph::new();
    let t = g.texture(g.texture_uniform("map", map), g.uv());
    let c = g.add(
        g.swizzle(t, "xyz"),
        g.swizzle(g.texture(map, g.uv()), "xyz"),
    );
    let c = g.add(c, g.named_attribute("tone", ValueType::Vec3));
    g.set_output(COLOR_NODE, c).unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    let a = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(p));
    let g = NodeGraph::new();
    let bits = g.bit_xor(g.uint(0x7fc0_0001), g.named_uniform("mask", 3u32));
    g.set_output(OPACITY_NODE, g.to_float(bits)).unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    let b = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(p));
    let corpus: Vec<Vec<u8>> = [a, b]
        .iter()
        .map(|&m| object_to_json(&[m], &assets).unwrap().into_bytes())
        .collect();
    let mut rng = Rng::new(seed() ^ 19);
    let mut campaign = Campaign::new("object_json");
    let dictionary = [
        "\"codeBits\":",
        "\"code\":",
        "\"word\":",
        "\"version\":",
        "4294967295",
        "4294967296",
        "2139095040",
        "-1",
        "1e308",
        "null",
        "\"mat4\"",
        "\"uvec4\"",
    ];
    let (mut accepted, mut refused) = (0usize, 0usize);
    for _ in 0..iterations(3000) {
        let base = rng.pick(&corpus).clone();
        let input = mutate(&mut rng, &base, &dictionary, &corpus);
        campaign.exec(&input, || {
            let Ok(text) = std::str::from_utf8(&input) else {
                return Ok(());
            };
            let mut loaded = Assets::new();
            match read_object_json(text, &mut loaded) {
                Ok(_) => {
                    accepted += 1;
                    // What is accepted holds together: every program validates and writes again.
                    for (_, p) in loaded.programs.iter() {
                        validate(p.words()).map_err(|e| format!("accepted: {e}"))?;
                    }
                    let ids: Vec<MaterialId> = loaded.materials.iter().map(|(id, _)| id).collect();
                    object_to_json(&ids, &loaded)
                        .map_err(|e| format!("accepted, not written: {e}"))?;
                }
                Err(_) => refused += 1,
            }
            Ok(())
        });
    }
    eprintln!("fuzz object_json: {accepted} accepted, {refused} refused");
    campaign.finish();
}

#[test]
fn fuzz_node_json() {
    // Seeds: what three.js r187 wrote (tests/fixtures/node_json/, tools/three_node_json/): a
    // material of every class, a scene of three's case, one node, and refusals.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/node_json");
    let corpus: Vec<Vec<u8>> = [
        "classes.material.json",
        "mask_opacity.scene.json",
        "mix.node.json",
        "normal_view.material.json",
        "refuse_texture_gather.material.json",
        "cube_texture.material.json",
        "array_texture.material.json",
    ]
    .iter()
    .map(|name| std::fs::read(dir.join(name)).unwrap())
    .collect();
    let mut rng = Rng::new(seed() ^ 0x6e6f6465);
    let mut campaign = Campaign::new("node_json");
    let dictionary = [
        "\"inputNodes\":",
        "\"nodes\":",
        "\"uuid\":",
        "\"type\":",
        "\"ConstNode\"",
        "\"JoinNode\"",
        "\"TextureNode\"",
        "\"Node\"",
        "\"valueType\":",
        "\"vec4\"",
        "\"mat4\"",
        "\"updateMatrix\":",
        "\"gatherNode\":",
        "\"CubeTextureNode\"",
        "\"depthNode\":",
        "1e308",
        "null",
        "[]",
    ];
    let (mut accepted, mut refused) = (0usize, 0usize);
    for _ in 0..iterations(2000) {
        let base = rng.pick(&corpus).clone();
        let input = mutate(&mut rng, &base, &dictionary, &corpus);
        campaign.exec(&input, || {
            let Ok(text) = std::str::from_utf8(&input) else {
                return Ok(());
            };
            match read_node_material(text) {
                Ok(read) => {
                    accepted += 1;
                    if let Ok(program) = read.graph.compile() {
                        validate(program.words()).map_err(|e| format!("compiled: {e}"))?;
                    }
                }
                Err(_) => refused += 1,
            }
            let _ = read_material_json(text, &mut Assets::new());
            let _ = read_object_json(text, &mut Assets::new());
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
                let _ = NodeLoader::new().parse(&value);
            }
            Ok(())
        });
    }
    eprintln!("fuzz node_json: {accepted} accepted, {refused} refused");
    campaign.finish();
}
