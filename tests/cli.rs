//! The `tsl` command line, run as a shader author runs it.

use std::process::Command;

fn tsl(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tsl"))
        .args(args)
        .output()
        .expect("tsl runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn write(name: &str, source: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tsl-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path.to_string_lossy().to_string()
}

#[test]
fn check_accepts_a_good_shader_and_refuses_a_bad_one_with_its_line() {
    let good = write("good.frag", "uniform float gain;\nvarying vec2 vUv;\nvoid main() {\n    gl_FragColor = vec4(vUv * gain, 0.0, 1.0);\n}\n");
    let (ok, text) = tsl(&["check", &good]);
    assert!(ok, "{text}");
    assert!(text.contains("good.frag: ok"), "{text}");

    let bad = write("bad.frag", "void main() {\n    float x = 1.0;\n    while (x < 2.0) { x += 1.0; }\n    gl_FragColor = vec4(x);\n}\n");
    let (ok, text) = tsl(&["check", &good, &bad]);
    assert!(!ok, "a refused shader exits non-zero");
    assert!(text.contains("fragment shader, line 3"), "{text}");
    assert!(
        text.contains("while (x < 2.0)"),
        "the source line is shown: {text}"
    );
    assert!(text.contains("1 of 2 files refused"), "{text}");
}

#[test]
fn disasm_prints_a_shadertoy_program() {
    let toy = write(
        "toy.glsl",
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    fragColor = vec4(0.5 + 0.5 * cos(iTime), 0.0, 0.0, 1.0);\n}\n",
    );
    let (ok, text) = tsl(&["disasm", "--shadertoy", &toy]);
    assert!(ok, "{text}");
    assert!(
        text.contains("COLOR_NODE:") && text.contains("cos("),
        "{text}"
    );
    let (ok, text) = tsl(&["frobnicate"]);
    assert!(!ok);
    assert!(text.contains("usage: tsl check"), "{text}");
}
