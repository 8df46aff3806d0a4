//! The GLSL oracle's cases (`tests/fixtures/glsl/cases.json`, values from Mesa), read and
//! compiled the one way the suites that use them need: `glsl_oracle.rs` holds their values,
//! `native_emit.rs` and `native_standalone.rs` emit their programs.

use serde_json::Value;
use std::collections::HashMap;
use tsl_core::glsl::*;
use tsl_core::NodeProgram;

/// The whole fixture, as JSON (`clear` and `cases`).
pub fn fixture() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/glsl/cases.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the fixtures")).expect("JSON")
}

/// three r187's `ShaderChunk` table (`tests/fixtures/glsl/three_r187/chunks.json`, written by
/// tools/gl_oracle/three_r187/dump.mjs), which `#include <name>` reads.
pub fn three_chunks() -> HashMap<String, String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/glsl/three_r187/chunks.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("the chunks")).expect("JSON")
}

/// Every case of the fixture.
pub fn cases() -> Vec<Value> {
    fixture()["cases"].as_array().expect("cases").clone()
}

/// Whether the subset compiles the case: one it refuses names a piece of its refusal in
/// `refused` (glsl_oracle.rs checks it) and has no program to look at.
pub fn compiles(case: &Value) -> bool {
    case.get("refused").is_none()
}

/// The case's name.
pub fn name(case: &Value) -> &str {
    case["name"].as_str().unwrap()
}

/// Compile `case` as its kind says (a ShaderMaterial, a RawShaderMaterial, with its defines, or
/// a ShaderToy source); a refusal is the compiler's message.
pub fn compile(case: &Value) -> Result<NodeProgram, String> {
    let fragment = case["fragment"].as_str().unwrap();
    let vertex = case.get("vertex").and_then(Value::as_str).unwrap_or("");
    let defines: Vec<&str> = case
        .get("defines")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|d| d.as_str().unwrap()).collect())
        .unwrap_or_default();
    let chunks = case
        .get("chunks")
        .and_then(Value::as_bool)
        .unwrap_or(false)
        .then(three_chunks);
    let options = GlslOptions {
        defines: &defines,
        chunks: chunks.as_ref(),
        // Mesa's ShaderMaterial prefix (tools/gl_oracle/three_prefix) is three's, whose
        // linearToOutputTexel encodes to sRGB.
        output_texel: OutputTexel::Srgb,
        ..GlslOptions::default()
    };
    match case["kind"].as_str().unwrap() {
        "shader" => compile_shader_material_with_options(vertex, fragment, &options),
        "raw" => compile_raw_shader_material_with_options(vertex, fragment, &options),
        _ => compile_shader_toy(fragment),
    }
    .map_err(|e| e.to_string())
}

/// Whether any output's code of `program` holds an integer instruction or an integer load.
pub fn has_integers(program: &NodeProgram) -> bool {
    tsl_core::Output::ALL.iter().any(|&output| {
        let (start, count) = program.output_range(output);
        (start..start + count).any(|i| {
            let inst = program.instruction(i);
            tsl_core::Opcode::from_byte(inst.opcode).is_some_and(|op| {
                op.is_integer()
                    || (op == tsl_core::Opcode::Load
                        && inst.operands[1] != tsl_core::format::LOAD_TAG_FLOAT)
            })
        })
    })
}
