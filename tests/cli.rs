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

/// The sRGB byte of a linear value, from the transfer function itself.
fn srgb_byte(linear: f64) -> u8 {
    let c = linear.clamp(0.0, 1.0);
    let encoded = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (encoded * 255.0).round() as u8
}

#[test]
fn render_draws_a_shadertoy_to_a_png_and_refuses_a_bad_one_with_its_line() {
    let toy = write(
        "gradient.glsl",
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    fragColor = vec4(fragCoord / iResolution.xy, 0.5, 1.0);\n}\n",
    );
    let out = write("gradient.png", "");
    let (ok, text) = tsl(&[
        "render",
        "--shadertoy",
        &toy,
        "-o",
        &out,
        "--size",
        "8x4",
        "--time",
        "2",
    ]);
    assert!(ok, "{text}");
    let image = tsl::raster::Image::from_png(&std::fs::read(&out).unwrap()).expect("a PNG");
    assert_eq!((image.width(), image.height()), (8, 4));
    // Pixel (x, y) from the top left is fragCoord (x + 0.5, 4 - y - 0.5); (1, 2) is (1.5, 1.5):
    // r = 1.5 / 8 = 0.1875 → 1.055 * 0.1875^(1/2.4) - 0.055 = 0.4702 → 119.9 → 120;
    // g = 1.5 / 4 = 0.375 → 0.6461 → 164.7 → 165; b = 0.5 → 187.5 → 188 (187 at the tie).
    for (x, y) in [(0, 0), (1, 2), (7, 3), (4, 1)] {
        let got = image.pixel(x, y).unwrap();
        let want = [
            srgb_byte((x as f64 + 0.5) / 8.0),
            srgb_byte((4.0 - y as f64 - 0.5) / 4.0),
            srgb_byte(0.5),
        ];
        for c in 0..3 {
            assert!(
                got[c].abs_diff(want[c]) <= 1,
                "({x}, {y}): {got:?} != {want:?}"
            );
        }
        assert_eq!(got[3], 255);
    }
    let got = image.pixel(1, 2).unwrap();
    assert_eq!(&got[..2], &[120, 165], "{got:?}");

    let bad = write(
        "bad.glsl",
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    vec2 uv = fragCoord / iResolution.xy;\n    fragColor = vec4(uv, 0.5);\n}\n",
    );
    let (ok, text) = tsl(&["render", "--shadertoy", &bad, "-o", &out]);
    assert!(!ok, "a refused shader exits non-zero: {text}");
    assert!(text.contains("ShaderToy shader, line 3"), "{text}");
    assert!(text.contains("fragColor = vec4(uv, 0.5);"), "{text}");

    let (ok, text) = tsl(&["render", "--shadertoy", &toy, "-o", &out, "--size", "8by4"]);
    assert!(!ok);
    assert!(text.contains("--size 8by4"), "{text}");
    let (ok, text) = tsl(&["render", &toy, "-o", &out]);
    assert!(!ok, "render without --shadertoy is refused: {text}");
    assert!(text.contains("usage:"), "{text}");
}

#[test]
fn render_names_the_size_limit_when_it_refuses_a_size() {
    // Issue 13, item 11: a size out of range names the range (1 to 16384 pixels a side); a
    // size that is not WIDTHxHEIGHT says the form. Nothing is compiled or drawn.
    let toy = write(
        "limit.glsl",
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    fragColor = vec4(1.0);\n}\n",
    );
    let out = write("limit.png", "");
    for size in [
        "16385x1",
        "1x16385",
        "0x4",
        "4x0",
        "99999999999x1",
        "16384x4294967296",
    ] {
        let (ok, text) = tsl(&["render", "--shadertoy", &toy, "-o", &out, "--size", size]);
        assert!(!ok, "--size {size}: {text}");
        assert!(text.contains(&format!("--size {size}")), "{text}");
        assert!(text.contains("1 to 16384 pixels"), "--size {size}: {text}");
    }
    for size in ["8by4", "x4", "4x", "-1x4", "4x4x4", ""] {
        let (ok, text) = tsl(&["render", "--shadertoy", &toy, "-o", &out, "--size", size]);
        assert!(!ok, "--size {size}: {text}");
        assert!(
            text.contains("expected WIDTHxHEIGHT"),
            "--size {size}: {text}"
        );
    }
}

/// The exit code and the output of `tsl args`.
fn tsl_code(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tsl"))
        .args(args)
        .output()
        .expect("tsl runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text)
}

const TOY: &str = "uniform float gain;\nvoid mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    vec2 uv = fragCoord / iResolution.xy;\n    fragColor = vec4(0.5 + 0.5 * cos(iTime + uv.xyx * gain), 1.0);\n}\n";

#[test]
fn compile_saves_the_program_that_disasm_and_from_bytes_read_back() {
    let toy = write("saved.glsl", TOY);
    let out = write("saved.tslp", "");
    let (code, text) = tsl_code(&["compile", "--shadertoy", &toy, "-o", &out]);
    assert_eq!(code, Some(0), "{text}");
    let bytes = std::fs::read(&out).unwrap();
    let want = tsl::core::glsl::compile_shader_toy(TOY).unwrap();
    assert_eq!(bytes, want.to_bytes());
    assert!(text.contains(&format!("{} bytes", bytes.len())), "{text}");
    let read = tsl::core::NodeProgram::from_bytes(&bytes).unwrap();
    assert_eq!(read, want);
    // The saved program disassembles as the source's does, uniforms and all.
    let (ok, from_file) = tsl(&["disasm", &out]);
    assert!(ok, "{from_file}");
    let (_, from_source) = tsl(&["disasm", "--shadertoy", &toy]);
    assert_eq!(from_file, from_source);
    assert!(from_file.contains("gain"), "{from_file}");

    // A ShaderMaterial's two shaders.
    let vertex = write("m.vert", "varying vec2 vUv;\nvoid main() { vUv = uv; gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }\n");
    let fragment = write(
        "m.frag",
        "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv, 0.0, 1.0); }\n",
    );
    let out = write("m.tslp", "");
    let (code, text) = tsl_code(&["compile", &vertex, &fragment, "-o", &out]);
    assert_eq!(code, Some(0), "{text}");
    let want = tsl::core::glsl::compile_shader_material(
        &std::fs::read_to_string(&vertex).unwrap(),
        &std::fs::read_to_string(&fragment).unwrap(),
    )
    .unwrap();
    assert_eq!(std::fs::read(&out).unwrap(), want.to_bytes());
}

#[test]
fn compile_and_disasm_refuse_bad_input_with_exit_code_1() {
    let bad = write(
        "bad_toy.glsl",
        "void mainImage(out vec4 c, in vec2 p) {\n    c = vec4(nope);\n}\n",
    );
    let out = write("bad.tslp", "");
    let (code, text) = tsl_code(&["compile", "--shadertoy", &bad, "-o", &out]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("line 2"), "{text}");
    // Not a saved program: its first bytes are named.
    let junk = write("junk.tslp", "TSLQ and more");
    let (code, text) = tsl_code(&["disasm", &junk]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("program file: the first bytes are"), "{text}");
    // A saved program cut short.
    let toy = write("cut.glsl", TOY);
    let whole = write("whole.tslp", "");
    assert_eq!(
        tsl_code(&["compile", "--shadertoy", &toy, "-o", &whole]).0,
        Some(0)
    );
    let bytes = std::fs::read(&whole).unwrap();
    let cut = write("cut.tslp", "");
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    let (code, text) = tsl_code(&["disasm", &cut]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("program file:") && text.contains("bytes"),
        "{text}"
    );
    // No output file, or an unknown option: the usage.
    let (code, text) = tsl_code(&["compile", "--shadertoy", &toy]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("usage: tsl check"), "{text}");
    let (code, text) = tsl_code(&["compile", "--fast", &toy, "-o", &whole]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("unknown option --fast"), "{text}");
}

/// `tsl emit` (feature `naga`): the standalone module of a program, in each language.
#[cfg(feature = "naga")]
#[test]
fn emit_writes_wgsl_that_naga_reads_and_each_other_language() {
    use tsl::core::native::{parse_wgsl, validate};
    let toy = write("emit.glsl", TOY);
    let (code, wgsl) = tsl_code(&["emit", "--wgsl", "--shadertoy", &toy]);
    assert_eq!(code, Some(0), "{wgsl}");
    let module = parse_wgsl(&wgsl).unwrap_or_else(|e| panic!("{e}\n{wgsl}"));
    validate(&module).unwrap();
    let want = tsl::core::glsl::compile_shader_toy(TOY).unwrap();
    assert_eq!(wgsl, want.to_wgsl().unwrap());
    // From the saved program: the same text.
    let saved = write("emit.tslp", "");
    assert_eq!(
        tsl_code(&["compile", "--shadertoy", &toy, "-o", &saved]).0,
        Some(0)
    );
    let out = write("emit.wgsl", "");
    let (code, text) = tsl_code(&["emit", "--wgsl", &saved, "-o", &out]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), wgsl);
    // GLSL: a vertex and a fragment shader of the version asked for.
    for (flag, version) in [
        ("--glsl-es300", "#version 300 es"),
        ("--glsl-450", "#version 450"),
    ] {
        let (code, text) = tsl_code(&["emit", flag, &saved, "-o", &out]);
        assert_eq!(code, Some(0), "{text}");
        for stage in ["vert", "frag"] {
            let shader = std::fs::read_to_string(format!("{out}.{stage}")).unwrap();
            assert!(shader.starts_with(version), "{flag} {stage}: {shader}");
        }
    }
    // SPIR-V: binary, little-endian words from the magic 0x07230203.
    let spv = write("emit.spv", "");
    let (code, text) = tsl_code(&["emit", "--spirv", &saved, "-o", &spv]);
    assert_eq!(code, Some(0), "{text}");
    let bytes = std::fs::read(&spv).unwrap();
    assert_eq!(bytes[..4], 0x0723_0203u32.to_le_bytes());
    assert_eq!(bytes.len() % 4, 0);
}

#[cfg(feature = "naga")]
#[test]
fn emit_refuses_a_bad_file_with_exit_code_1() {
    let junk = write("emit_junk.tslp", "not a program");
    let (code, text) = tsl_code(&["emit", "--wgsl", &junk]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("program file: the first bytes are"), "{text}");
    let bad = write(
        "emit_bad.glsl",
        "void mainImage(out vec4 c, in vec2 p) {\n    c = nope;\n}\n",
    );
    let (code, text) = tsl_code(&["emit", "--wgsl", "--shadertoy", &bad]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("line 2"), "{text}");
    let toy = write("emit_toy.glsl", TOY);
    let (code, text) = tsl_code(&["emit", "--shadertoy", &toy]);
    assert_eq!(code, Some(1), "no target: {text}");
    assert!(text.contains("usage: tsl check"), "{text}");
    let (code, text) = tsl_code(&["emit", "--spirv", "--shadertoy", &toy]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("-o"), "{text}");
    let (code, text) = tsl_code(&["emit", "--wgsl", "--spirv", "--shadertoy", &toy]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("one target at a time"), "{text}");
}

#[cfg(not(feature = "naga"))]
#[test]
fn emit_without_the_naga_feature_says_so() {
    let toy = write("emit_no_naga.glsl", TOY);
    let (code, text) = tsl_code(&["emit", "--wgsl", "--shadertoy", &toy]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("without the `naga` feature"), "{text}");
}
