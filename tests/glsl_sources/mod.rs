//! The GLSL shaders of `glsl_render.rs`, shared with `native_validate.rs` (which emits each
//! program natively and validates it): one definition per source.

#![allow(dead_code)] // each binary uses part of it

use tsl::core::glsl::{compile_shader_material, compile_shader_toy};
use tsl::core::NodeProgram;

/// R-EX-2's card: a vertex shader that lifts the card along its normal.
pub const CARD_VERTEX: &str = "uniform float lift;
varying vec2 vUv;
void main() {
    vUv = uv;
    vec3 moved = position + normal * lift;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(moved, 1.0);
}
";

/// R-EX-2's card: a fragment shader that discards a strip and reads a checker at `vUv * 2.0`.
pub const CARD_FRAGMENT: &str = "uniform sampler2D map;
varying vec2 vUv;
void main() {
    if (vUv.x > 0.9) discard;
    gl_FragColor = texture2D(map, vUv * 2.0);
}
";

/// A ShaderToy source whose colour is `fragCoord / iResolution`.
pub const TOY_FRAG_COORD: &str = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            fragColor = vec4(fragCoord / iResolution.xy, 0.5, 1.0);
        }";

/// SPEC-001's ShaderToy source, which follows iTime.
pub const TOY_ITIME: &str = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));
            fragColor = vec4(col, 1.0);
        }";

/// The plain vertex shader of the fragment-coordinate and facing tests.
pub const PLAIN_VERTEX: &str =
    "void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }";

/// A fragment shader of `gl_FragCoord` and its derivatives.
pub const FRAG_COORD_FRAGMENT: &str = "void main() {\n  gl_FragColor = vec4(gl_FragCoord.xy / 16.0, gl_FragCoord.z * gl_FragCoord.w * dFdx(gl_FragCoord.x) * dFdy(gl_FragCoord.y), 1.0);\n}";

/// A fragment shader red where `gl_FrontFacing`, blue elsewhere.
pub const FRONT_FACING_FRAGMENT: &str = "void main() { gl_FragColor = gl_FrontFacing ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0); }";

/// Every program above, compiled, by name.
pub fn programs() -> Vec<(&'static str, NodeProgram)> {
    let material = |v, f| compile_shader_material(v, f).expect("the source compiles");
    let toy = |s| compile_shader_toy(s).expect("the source compiles");
    vec![
        ("card", material(CARD_VERTEX, CARD_FRAGMENT)),
        ("toy: fragCoord", toy(TOY_FRAG_COORD)),
        ("toy: iTime", toy(TOY_ITIME)),
        ("gl_FragCoord", material(PLAIN_VERTEX, FRAG_COORD_FRAGMENT)),
        (
            "gl_FrontFacing",
            material(PLAIN_VERTEX, FRONT_FACING_FRAGMENT),
        ),
    ]
}

/// The ShaderToy set (`tests/glsl_sources/shadertoy/`, its README.md): each source that compiles,
/// by its file's name, in order (`tsl-core/tests/glsl_oracle.rs` checks the reason of each one
/// refused).
pub fn shadertoy_set() -> Vec<(String, NodeProgram)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/glsl_sources/shadertoy");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the ShaderToy set's folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "glsl"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(&path).expect("a source");
            compile_shader_toy(&source)
                .ok()
                .map(|program| (name, program))
        })
        .collect()
}
