//! The GLSL front end on arbitrary input: every way it takes a source must end in a program or a
//! refusal, never a panic, a hang or a stack overflow. The input is a fragment shader, or a
//! vertex and a fragment shader separated by a NUL byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tsl_core::glsl::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

fn no_bug(result: Result<(), GlslError>) {
    if let Err(e) = result {
        // The compiler turns a panic of its own into this refusal; a fuzzer must see it.
        assert!(!e.reason.contains("(a bug)"), "{e}");
        let _ = e.to_string();
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (vertex, fragment) = text.split_once('\0').unwrap_or((VERT, text));
    no_bug(compile_shader_material(vertex, fragment).map(|_| ()));
    no_bug(compile_raw_shader_material(vertex, fragment).map(|_| ()));
    no_bug(compile_shader_material_with_defines(vertex, fragment, &["N 2", "FLAG"]).map(|_| ()));
    no_bug(compile_shader_toy(fragment).map(|_| ()));
    no_bug(check_shader(Shader::Fragment, fragment));
    no_bug(check_shader(Shader::Vertex, vertex));
});
