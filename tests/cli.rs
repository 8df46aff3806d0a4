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

    // A while whose exit depends on data alone: not proved to stop within 256 bodies.
    let bad = write("bad.frag", "void main() {\n    float x = gl_FragCoord.x;\n    while (x < 2.0) { x *= 1.5; }\n    gl_FragColor = vec4(x);\n}\n");
    let (ok, text) = tsl(&["check", &good, &bad]);
    assert!(!ok, "a refused shader exits non-zero");
    assert!(
        text.contains("bad.frag:3:5: error: this while loop is not proved to stop"),
        "{text}"
    );
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
    let (code, text) = tsl_code(&["frobnicate"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("unrecognized subcommand 'frobnicate'"),
        "{text}"
    );
}

/// The byte of a ShaderToy's linear output value: the value × 255, rounded.
fn linear_byte(linear: f64) -> u8 {
    (linear.clamp(0.0, 1.0) * 255.0).round() as u8
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
    // linear output (as shadertoy.com): r = 1.5 / 8 = 0.1875 → 47.8 → 48; g = 1.5 / 4 = 0.375 →
    // 95.6 → 96; b = 0.5 → 127.5 (127 or 128 at the tie).
    for (x, y) in [(0, 0), (1, 2), (7, 3), (4, 1)] {
        let got = image.pixel(x, y).unwrap();
        let want = [
            linear_byte((x as f64 + 0.5) / 8.0),
            linear_byte((4.0 - y as f64 - 0.5) / 4.0),
            linear_byte(0.5),
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
    assert_eq!(&got[..2], &[48, 96], "{got:?}");

    let bad = write(
        "bad.glsl",
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n    vec2 uv = fragCoord / iResolution.xy;\n    fragColor = vec4(uv, 0.5);\n}\n",
    );
    let (ok, text) = tsl(&["render", "--shadertoy", &bad, "-o", &out]);
    assert!(!ok, "a refused shader exits non-zero: {text}");
    assert!(text.contains("bad.glsl:3:"), "{text}");
    assert!(text.contains("fragColor = vec4(uv, 0.5);"), "{text}");

    let (ok, text) = tsl(&["render", "--shadertoy", &toy, "-o", &out, "--size", "8by4"]);
    assert!(!ok);
    assert!(text.contains("--size 8by4"), "{text}");
    let (code, text) = tsl_code(&["render", &toy, "-o", &out]);
    assert_eq!(
        code,
        Some(2),
        "render without --shadertoy is refused: {text}"
    );
    assert!(text.contains("--shadertoy"), "{text}");
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
    assert!(text.contains("bad_toy.glsl:2:14: error:"), "{text}");
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
    // No output file, or an unknown option: a command line refused (exit 2), with the usage.
    let (code, text) = tsl_code(&["compile", "--shadertoy", &toy]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("--output <OUT>") && text.contains("Usage: tsl compile"),
        "{text}"
    );
    let (code, text) = tsl_code(&["compile", "--fast", &toy, "-o", &whole]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("unexpected argument '--fast'"), "{text}");
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
    assert!(text.contains("emit_bad.glsl:2:9: error:"), "{text}");
    let toy = write("emit_toy.glsl", TOY);
    let (code, text) = tsl_code(&["emit", "--shadertoy", &toy]);
    assert_eq!(code, Some(2), "no target: {text}");
    assert!(
        text.contains("--wgsl|--glsl-es300|--glsl-450|--spirv"),
        "{text}"
    );
    let (code, text) = tsl_code(&["emit", "--spirv", "--shadertoy", &toy]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("-o"), "{text}");
    let (code, text) = tsl_code(&["emit", "--wgsl", "--spirv", "--shadertoy", &toy]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("cannot be used with"), "{text}");
}

#[cfg(not(feature = "naga"))]
#[test]
fn emit_without_the_naga_feature_says_so() {
    let toy = write("emit_no_naga.glsl", TOY);
    let (code, text) = tsl_code(&["emit", "--wgsl", "--shadertoy", &toy]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("without the `naga` feature"), "{text}");
}

/// The exit code, stdout and stderr of `tsl args`, apart.
fn tsl_streams(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tsl"))
        .args(args)
        .output()
        .expect("tsl runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn help_and_version_exit_0_and_describe_every_option_and_default() {
    for args in [&["--help"][..], &["help"], &["-h"]] {
        let (code, out, _) = tsl_streams(args);
        assert_eq!(code, Some(0), "{args:?}: {out}");
        for command in ["check", "disasm", "compile", "emit", "render"] {
            assert!(out.contains(&format!("  {command} ")), "{args:?}: {out}");
        }
        assert!(out.contains("Exit status"), "{out}");
    }
    let (code, out, _) = tsl_streams(&["--version"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.trim(), format!("tsl {}", env!("CARGO_PKG_VERSION")));
    // Every option of `render`, with its default, and the channels' sampling.
    for args in [&["help", "render"][..], &["render", "--help"]] {
        let (code, out, _) = tsl_streams(args);
        assert_eq!(code, Some(0), "{out}");
        for option in [
            "--shadertoy",
            "--output <OUT>",
            "--size <WxH>",
            "[default: 640x360]",
            "--time <SECONDS>",
            "[default: 0]",
            "--channel0 <IMAGE>",
            "--channel3 <IMAGE>",
            "filter mipmap",
            "wrap repeat",
            "vflip on",
            ".jpg",
        ] {
            assert!(out.contains(option), "{option}: {out}");
        }
    }
    let (code, out, _) = tsl_streams(&["help", "check"]);
    assert_eq!(code, Some(0));
    for option in ["--raw", "--shadertoy", "--stage <STAGE>", "x.vert.glsl"] {
        assert!(out.contains(option), "{option}: {out}");
    }
    // No command: the usage, on stderr, exit 2.
    let (code, _, err) = tsl_streams(&[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("Usage: tsl <COMMAND>"), "{err}");
}

#[test]
fn unknown_options_are_refused_with_exit_2() {
    let toy = write("unknown.glsl", TOY);
    for args in [
        &["check", "--fast", &toy][..],
        &["disasm", "--fast", &toy],
        &["render", "--shadertoy", &toy, "-o", "x.png", "--fast"],
        &["check", "--stage", "geometry", &toy],
    ] {
        let (code, out, err) = tsl_streams(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("try '--help'"), "{args:?}: {err}");
    }
}

#[test]
fn diagnostics_go_to_stderr_as_file_line_column_error_without_colour_off_a_terminal() {
    let bad = write(
        "diag.frag",
        "void main() {\n    gl_FragColor = vec4(nope);\n}\n",
    );
    let good = write(
        "diag_good.frag",
        "void main() { gl_FragColor = vec4(1.0); }\n",
    );
    let (code, out, err) = tsl_streams(&["check", &bad, &good]);
    assert_eq!(code, Some(1), "{err}");
    // The first line is what editors parse; the source and a caret follow.
    let first = err.lines().next().unwrap();
    assert_eq!(
        first,
        format!("{bad}:2:25: error: nope is not declared; declare it before this line")
    );
    assert!(err.contains("2 |     gl_FragColor = vec4(nope);"), "{err}");
    assert!(err.contains("|                         ^^^^"), "{err}");
    assert!(err.contains("1 of 2 files refused"), "{err}");
    assert!(!err.contains('\x1b'), "no colour off a terminal: {err:?}");
    assert_eq!(
        out,
        format!("{good}: ok\n"),
        "stdout holds the verdicts only"
    );
    // A file that cannot be read: FILE: error: why.
    let missing = format!("{bad}.missing");
    let (code, _, err) = tsl_streams(&["check", &missing]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with(&format!("{missing}: error: ")), "{err}");
    // A ShaderMaterial pair: the error names the file it is in.
    let vertex = write("diag.vert", "void main() { gl_Position = vec4(nope); }\n");
    let (code, _, err) = tsl_streams(&["disasm", &vertex, &good]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with(&format!("{vertex}:1:")), "{err}");
}

#[test]
fn the_stage_comes_from_stage_or_the_extension_including_vert_glsl() {
    let vertex = "void main() {\n    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";
    for name in [
        "s.vert",
        "s.vs",
        "s.vsh",
        "s.vert.glsl",
        "S.VERT.GLSL",
        "s.vs.glsl",
    ] {
        let path = write(name, vertex);
        let (code, out, err) = tsl_streams(&["check", &path]);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(out.contains(": ok"), "{out}");
    }
    // Any other name is a fragment shader, which has no gl_Position.
    for name in ["s.glsl", "s.frag", "s.frag.glsl", "s.vertex"] {
        let path = write(name, vertex);
        let (code, _, err) = tsl_streams(&["check", &path]);
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(
            err.contains("gl_Position is a vertex-shader output"),
            "{err}"
        );
    }
    let path = write("stage.glsl", vertex);
    assert_eq!(
        tsl_streams(&["check", "--stage", "vertex", &path]).0,
        Some(0)
    );
    let path = write("stage.vert", vertex);
    assert_eq!(
        tsl_streams(&["check", "--stage", "fragment", &path]).0,
        Some(1)
    );
}

/// Render `source` with `args` after it and read the PNG back.
fn render_png(name: &str, source: &str, args: &[&str]) -> tsl::raster::Image {
    let toy = write(&format!("{name}.glsl"), source);
    let out = write(&format!("{name}.png"), "");
    let mut all = vec!["render", "--shadertoy", &toy, "-o", &out];
    all.extend_from_slice(args);
    let (code, _, err) = tsl_streams(&all);
    assert_eq!(code, Some(0), "{err}");
    tsl::raster::Image::from_png(&std::fs::read(&out).unwrap()).expect("a PNG")
}

/// ShaderToy's default shader (what shadertoy.com's "new" page holds).
const DEFAULT_TOY: &str = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));
    fragColor = vec4(col, 1.0);
}
";

#[test]
fn the_default_shadertoy_is_drawn_linear_as_shadertoy_and_three_show_it() {
    // three.js's ShaderToy page (linear output) shows the bottom-left pixel at iTime 1.5 as
    // (136, 8, 218): 0.5 + 0.5 cos(1.5 + 0.5/640) = 0.53498 → 136.4; 0.5 + 0.5 cos(3.5 + 0.5/360)
    // = 0.03202 → 8.2; 0.5 + 0.5 cos(5.5 + 0.5/640) = 0.85461 → 217.9. The sRGB encoding made
    // it (193, 50, 238).
    let image = render_png("default_toy", DEFAULT_TOY, &["--time", "1.5"]);
    assert_eq!((image.width(), image.height()), (640, 360));
    assert_eq!(image.pixel(0, 359), Some([136, 8, 218, 255]));
    // Other pixels from the formula: (x, y) from the top left is fragCoord (x + 0.5, 359.5 - y).
    for (x, y) in [(639, 0), (320, 180), (100, 300), (500, 20)] {
        let u = (x as f64 + 0.5) / 640.0;
        let v = (359.5 - y as f64) / 360.0;
        let want = [u, v, u]
            .iter()
            .zip([0.0, 2.0, 4.0])
            .map(|(uv, k)| linear_byte(0.5 + 0.5 * (1.5 + uv + k).cos()))
            .collect::<Vec<_>>();
        let got = image.pixel(x, y).unwrap();
        for c in 0..3 {
            // Within one: the colour is held as a half float before it is quantized.
            assert!(
                got[c].abs_diff(want[c]) <= 1,
                "({x}, {y}): {got:?} != {want:?}"
            );
        }
    }
    // Worked at the top right, (639, 0): uv = (0.99922, 0.99861); r = 0.5 + 0.5 cos(2.49922)
    // = 0.09966 → 25.4; g = 0.5 + 0.5 cos(4.49861) = 0.39392 → 100.5; b = 0.5 + 0.5 cos(6.49922)
    // = 0.98838 → 252.0.
    assert_eq!(image.pixel(639, 0), Some([25, 100, 252, 255]));
}

#[test]
fn render_writes_a_jpeg_for_jpg_and_refuses_other_extensions() {
    let toy = write(
        "flat.glsl",
        "void mainImage(out vec4 c, in vec2 p) { c = vec4(0.2, 0.6, 0.8, 1.0); }\n",
    );
    for name in ["flat.jpg", "flat.JPEG"] {
        let out = write(name, "");
        let (code, _, err) =
            tsl_streams(&["render", "--shadertoy", &toy, "-o", &out, "--size", "16x8"]);
        assert_eq!(code, Some(0), "{err}");
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(
            bytes[..3],
            [0xff, 0xd8, 0xff],
            "{name}: JPEG's start-of-image marker"
        );
        let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg)
            .unwrap()
            .into_rgb8();
        assert_eq!(decoded.dimensions(), (16, 8));
        // 0.2, 0.6, 0.8 × 255 = 51, 153, 204; a flat colour survives JPEG within a few levels.
        let p = decoded.get_pixel(5, 5).0;
        for (got, want) in p.iter().zip([51u8, 153, 204]) {
            assert!(got.abs_diff(want) <= 3, "{p:?}");
        }
    }
    let out = write("flat.bmp", "");
    let (code, _, err) = tsl_streams(&["render", "--shadertoy", &toy, "-o", &out]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(".png, .jpg or .jpeg"), "{err}");
    assert!(std::fs::read(&out).unwrap().is_empty(), "nothing written");
}

/// A 2×2 PNG: top row red, green; bottom row blue, (10, 20, 30).
fn channel_png(name: &str) -> String {
    let path = write(name, "");
    let image = tsl::raster::Image::from_rgba8(
        2,
        2,
        vec![
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255,
        ],
    )
    .unwrap();
    image.write_png(&path).unwrap();
    path
}

#[test]
fn render_reads_channel_images_with_shadertoys_defaults() {
    let png = channel_png("channel.png");
    // v = 0.25 is the image's bottom row (vflip), u = 0.25 its left column; u = 1.25 wraps to the
    // same texel (repeat). Bytes are read as they are (srgb off) and written linear: (0, 0, 255).
    for uv in ["vec2(0.25, 0.25)", "vec2(1.25, -0.75)"] {
        let source = format!(
            "void mainImage(out vec4 c, in vec2 p) {{ c = vec4(texture(iChannel0, {uv}).rgb, 1.0); }}\n"
        );
        let image = render_png("channel0", &source, &["--size", "4x4", "--channel0", &png]);
        assert_eq!(image.pixel(1, 1), Some([0, 0, 255, 255]), "{uv}");
    }
    // The top right texel, and iChannelResolution[2] of a 2×2 image through channel 2.
    let source = "void mainImage(out vec4 c, in vec2 p) {\n    c = vec4(texture(iChannel2, vec2(0.75, 0.75)).rg, iChannelResolution[2].x / 255.0, 1.0);\n}\n";
    let image = render_png("channel2", source, &["--size", "2x2", "--channel2", &png]);
    assert_eq!(image.pixel(0, 0), Some([0, 255, 2, 255]));
    // The bottom right texel's bytes (10, 20, 30) pass unchanged.
    let source =
        "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel1, vec2(0.75, 0.25)); }\n";
    let image = render_png("channel1", source, &["--size", "2x2", "--channel1", &png]);
    assert_eq!(image.pixel(1, 1), Some([10, 20, 30, 255]));

    // A JPEG channel: a flat colour, read back within JPEG's loss.
    let jpeg = write("channel.jpg", "");
    let flat = image::RgbImage::from_pixel(8, 8, image::Rgb([200, 100, 50]));
    flat.save_with_format(&jpeg, image::ImageFormat::Jpeg)
        .unwrap();
    let source =
        "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel3, p / iResolution.xy); }\n";
    let image = render_png("channel3", source, &["--size", "4x4", "--channel3", &jpeg]);
    let p = image.pixel(2, 2).unwrap();
    for (got, want) in p.iter().zip([200u8, 100, 50]) {
        assert!(got.abs_diff(want) <= 3, "{p:?}");
    }
}

#[test]
fn render_names_a_channel_read_without_an_image_and_a_bad_image() {
    let toy = write(
        "nochannel.glsl",
        "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel1, p); }\n",
    );
    let out = write("nochannel.png", "");
    let (code, _, err) = tsl_streams(&["render", "--shadertoy", &toy, "-o", &out]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(
            "the shader reads iChannel1, which has no image: give one with --channel1 IMAGE"
        ),
        "{err}"
    );
    assert!(!err.contains("4294967295"), "{err}");
    // An image for another channel does not stand in.
    let png = channel_png("other.png");
    let (code, _, err) = tsl_streams(&[
        "render",
        "--shadertoy",
        &toy,
        "-o",
        &out,
        "--channel0",
        &png,
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("iChannel1"), "{err}");
    // Not an image, and no file.
    let junk = write("junk.png", "not an image");
    let (code, _, err) = tsl_streams(&[
        "render",
        "--shadertoy",
        &toy,
        "-o",
        &out,
        "--channel1",
        &junk,
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        err.trim(),
        format!("{junk}: error: not a PNG or JPEG image")
    );
    let missing = format!("{junk}.missing");
    let (code, _, err) = tsl_streams(&[
        "render",
        "--shadertoy",
        &toy,
        "-o",
        &out,
        "--channel1",
        &missing,
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with(&format!("{missing}: error: ")), "{err}");
}

#[test]
fn a_raw_fragment_shader_without_a_float_precision_is_refused_as_webgl_does() {
    // Mesa 22.3.6 refuses this ("No precision specified in this scope for type `float'"), as
    // WebGL does; with `precision mediump float;` first it compiles.
    let bare = write(
        "bare.frag",
        "uniform float uX;\nvoid main() { gl_FragColor = vec4(uX); }\n",
    );
    let (code, _, err) = tsl_streams(&["check", "--raw", &bare]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with(&format!(
            "{bare}:1:9: error: no precision is declared for float"
        )),
        "{err}"
    );
    let declared = write(
        "declared.frag",
        "precision mediump float;\nuniform float uX;\nvoid main() { gl_FragColor = vec4(uX); }\n",
    );
    let (code, _, err) = tsl_streams(&["check", "--raw", &declared]);
    assert_eq!(code, Some(0), "{err}");
    // A ShaderMaterial's prefix declares it; a vertex shader has highp by default.
    assert_eq!(tsl_streams(&["check", &bare]).0, Some(0));
    let vertex = write(
        "bare.vert",
        "uniform mat4 projectionMatrix;\nuniform mat4 modelViewMatrix;\nattribute vec3 position;\nvoid main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }\n",
    );
    assert_eq!(tsl_streams(&["check", "--raw", &vertex]).0, Some(0));
    // A raw pair: the fragment shader is named.
    let (code, _, err) = tsl_streams(&["disasm", "--raw", &vertex, &bare]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with(&format!("{bare}:1:9: error:")), "{err}");
}

#[test]
fn check_prints_every_error_of_a_file_with_notes() {
    // Three independent errors (issue 21): an int where a float is declared, an undeclared name,
    // and an assignment to a declared vec3 of a vec2, whose note points at the declaration.
    let bad = write(
        "three.frag",
        "void main() {\n    float a = 1;\n    vec3 c = vec3(1.0);\n    float b = nope;\n    c = vec2(1.0);\n    gl_FragColor = vec4(c * a * b, 1.0);\n}\n",
    );
    let (code, _, err) = tsl_streams(&["check", &bad]);
    assert_eq!(code, Some(1), "{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.contains(": error: ")).collect();
    assert_eq!(
        errors,
        [
            format!("{bad}:2:15: error: a is a float, and the value an int: write float(…)"),
            format!("{bad}:4:15: error: nope is not declared; declare it before this line"),
            format!("{bad}:5:9: error: c is a vec3, and the value a vec2"),
        ],
        "{err}"
    );
    let notes: Vec<&str> = err.lines().filter(|l| l.contains(": note: ")).collect();
    assert_eq!(
        notes,
        [format!("{bad}:3:10: note: c is declared here as a vec3")],
        "{err}"
    );
    // The note quotes its own line, with a caret under the name.
    assert!(
        err.contains("3 |     vec3 c = vec3(1.0);\n  |          ^"),
        "{err}"
    );
}

#[test]
fn check_prints_every_syntax_error_of_a_file() {
    // Two statements the parser refuses and a refused declaration after the function: the
    // parser skips each and goes on (issue 21), so all three are printed, in source order.
    let bad = write(
        "syntax.frag",
        "void main() {\n    float a = 1.0 + ;\n    float b = 2.0;\n    b = (b));\n    gl_FragColor = vec4(b);\n}\nuniform float;\n",
    );
    let (code, _, err) = tsl_streams(&["check", &bad]);
    assert_eq!(code, Some(1), "{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.contains(": error: ")).collect();
    let places: Vec<String> = errors
        .iter()
        .map(|l| {
            l[bad.len() + 1..]
                .split(": error: ")
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(places, ["2:21", "4:12", "7:14"], "{err}");
}
