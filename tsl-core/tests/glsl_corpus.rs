//! Issue 18's corpus: every shader of three r187's `examples/jsm/shaders/`
//! (`tests/fixtures/glsl/three_r187/shaders.json`, written by tools/gl_oracle/three_r187/dump.mjs)
//! compiled as the ShaderMaterial three makes of it, with its defines and three's chunk table.
//! The ones the front end accepts are exactly the `three/` cases of the GLSL oracle fixture
//! (tools/gl_oracle/glsl_cases.py's `THREE_ACCEPTED`), which `glsl_oracle.rs` holds to Mesa's
//! pixels; every other one is refused with a message that names its shader and line, never an
//! internal error (a `three/` case marked `refused`, glsl_cases.py's `THREE_REFUSED`, holds a
//! refusal's reason instead). The test prints each refusal: the list of what the subset still
//! lacks.
//! A shader that a pass or an example makes otherwise (OutputPass's RawShaderMaterial, the
//! defines SSRPass and webgl_postprocessing_dof2 add: glsl_cases.py's `THREE_SETUP`) is compiled
//! as its `three/` case says, its kind and its defines.

#[allow(dead_code)] // this suite reads the chunks and the case names alone
mod oracle_cases;

use serde_json::Value;
use std::collections::BTreeSet;
use tsl_core::glsl::*;

fn shaders() -> serde_json::Map<String, Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/glsl/three_r187/shaders.json"
    );
    let text = std::fs::read_to_string(path).expect("the corpus");
    match serde_json::from_str(&text).expect("JSON") {
        Value::Object(map) => map,
        _ => panic!("the corpus is an object"),
    }
}

/// three's WebGLProgram writes `#define NAME value` for each define and skips a false one.
fn defines(shader: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for (name, value) in shader["defines"].as_object().expect("defines") {
        match value {
            Value::Bool(false) => {}
            Value::String(s) => out.push(format!("{name} {s}")),
            other => out.push(format!("{name} {other}")),
        }
    }
    out
}

#[test]
fn three_s_shaders_compile_or_are_refused_with_a_place() {
    let chunks = oracle_cases::three_chunks();
    let shaders = shaders();
    assert_eq!(shaders.len(), 64, "three r187 has 64 of these shaders");
    let cases = oracle_cases::cases();
    let mut accepted = BTreeSet::new();
    let mut refusals = Vec::new();
    for (name, shader) in &shaders {
        let case = cases
            .iter()
            .find(|c| oracle_cases::name(c).strip_prefix("three/") == Some(name.as_str()));
        let defines = match case.and_then(|c| c["defines"].as_array()) {
            Some(held) => held
                .iter()
                .map(|d| d.as_str().unwrap().to_string())
                .collect(),
            None => defines(shader),
        };
        let defines: Vec<&str> = defines.iter().map(String::as_str).collect();
        let raw = case.is_some_and(|c| c["kind"] == "raw");
        let options = GlslOptions {
            defines: &defines,
            chunks: Some(&chunks),
            output_texel: OutputTexel::Srgb,
            ..GlslOptions::default()
        };
        let vertex = shader["vertex"].as_str().unwrap();
        let fragment = shader["fragment"].as_str().unwrap();
        let compiled = if raw {
            compile_raw_shader_material_with_options(vertex, fragment, &options)
        } else {
            compile_shader_material_with_options(vertex, fragment, &options)
        };
        match compiled {
            Ok(_) => {
                accepted.insert(name.clone());
            }
            Err(e) => {
                assert_ne!(e.kind, GlslErrorKind::Internal, "{name}: {e}");
                assert!(e.line >= 1, "{name}: {e}");
                assert!(
                    matches!(e.shader, Shader::Vertex | Shader::Fragment),
                    "{name}: {e}"
                );
                refusals.push(format!(
                    "{name}: {:?} line {}: {}",
                    e.shader, e.line, e.reason
                ));
            }
        }
    }
    let held: BTreeSet<String> = cases
        .iter()
        .filter(|c| oracle_cases::compiles(c))
        .filter_map(|c| {
            oracle_cases::name(c)
                .strip_prefix("three/")
                .map(String::from)
        })
        .collect();
    println!(
        "{} of {} of three's shaders compile; refused:\n{}",
        accepted.len(),
        shaders.len(),
        refusals.join("\n")
    );
    assert_eq!(
        accepted, held,
        "the shaders accepted and those held to Mesa (glsl_cases.py's THREE_ACCEPTED) differ"
    );
}
