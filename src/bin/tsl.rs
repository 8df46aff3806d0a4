//! `tsl`: the command line of a shader author.
//!
//! ```text
//! tsl check [--raw] FILE...          check GLSL shaders as a compiler does (.vert/.vs vertex,
//!                                    anything else fragment); print errors, exit 1 on any
//! tsl check --shadertoy FILE...      check ShaderToy sources (mainImage)
//! tsl disasm --shadertoy FILE        compile a ShaderToy source and print its program
//! tsl disasm VERTEX FRAGMENT         compile a ShaderMaterial and print its program
//! tsl disasm PROGRAM.tslp            print a saved program
//! tsl compile [--raw] VERTEX FRAGMENT -o OUT.tslp
//! tsl compile --shadertoy FILE -o OUT.tslp
//!                                    compile and save the program (NodeProgram::to_bytes;
//!                                    docs/bytecode.md, "Saved programs")
//! tsl emit --wgsl|--glsl-es300|--glsl-450|--spirv (PROGRAM.tslp | --shadertoy FILE |
//!          [--raw] VERTEX FRAGMENT) [-o OUT]
//!                                    the program as a standalone shader module (feature
//!                                    `naga`): WGSL, GLSL (OUT.vert and OUT.frag, or both
//!                                    printed) or SPIR-V (binary, -o required)
//! tsl render --shadertoy FILE -o OUT.png [--size WxH] [--time T]
//!                                    draw a ShaderToy source on a full-screen quad with the
//!                                    CPU rasterizer (640x360 and iTime 0 by default) to a PNG
//! ```

use std::process::ExitCode;
use tsl::core::glsl::{self, Shader};
use tsl::core::NodeProgram;
use tsl::prelude::Vec3;
use tsl::raster::{
    shader_material, Assets, Camera, Object, PlaneGeometry, RenderSettings, Renderer, Scene,
};

const USAGE: &str = "usage: tsl check [--raw | --shadertoy] FILE...
       tsl disasm --shadertoy FILE
       tsl disasm [--raw] VERTEX FRAGMENT
       tsl disasm PROGRAM.tslp
       tsl compile [--raw] VERTEX FRAGMENT -o OUT.tslp
       tsl compile --shadertoy FILE -o OUT.tslp
       tsl emit --wgsl|--glsl-es300|--glsl-450|--spirv (PROGRAM.tslp | --shadertoy FILE | [--raw] VERTEX FRAGMENT) [-o OUT]
       tsl render --shadertoy FILE -o OUT.png [--size WxH] [--time T]";

/// How the sources are read.
#[derive(Clone, Copy, PartialEq)]
enum Dialect {
    ShaderMaterial,
    Raw,
    ShaderToy,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        complain(&USAGE);
        return ExitCode::from(2);
    };
    match command.as_str() {
        "render" => return finish(render(rest)),
        "compile" => return finish(compile(rest)),
        "emit" => return finish(emit(rest)),
        _ => {}
    }
    let dialect = if rest.iter().any(|a| a == "--shadertoy") {
        Dialect::ShaderToy
    } else if rest.iter().any(|a| a == "--raw") {
        Dialect::Raw
    } else {
        Dialect::ShaderMaterial
    };
    let files: Vec<&String> = rest.iter().filter(|a| !a.starts_with("--")).collect();
    let result = match command.as_str() {
        "check" if !files.is_empty() => check(dialect, &files),
        "disasm" => disasm(dialect, &files),
        _ => Err(USAGE.to_string()),
    };
    finish(result)
}

/// Exit as `result` says, printing its message on failure.
fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            complain(&message);
            ExitCode::FAILURE
        }
    }
}

/// Write to stdout; a failed write (a closed pipe: `tsl disasm ... | head -1`) is the command's
/// error, where `print!` would panic.
fn say(text: std::fmt::Arguments) -> Result<(), String> {
    use std::io::Write;
    std::io::stdout()
        .lock()
        .write_fmt(text)
        .map_err(|e| format!("error: stdout: {e}"))
}

/// Write a line to stderr; if stderr cannot be written there is nowhere to say so (where
/// `eprintln!` would panic).
fn complain(message: &dyn std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

fn read(file: &str) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("error: {file}: {e}"))
}

fn shader_of(file: &str) -> Shader {
    let vertex = [".vert", ".vs", ".vsh"]
        .iter()
        .any(|ext| file.ends_with(ext));
    if vertex {
        Shader::Vertex
    } else {
        Shader::Fragment
    }
}

/// Check every file; print each error after its file's name. Err when any file has one.
fn check(dialect: Dialect, files: &[&String]) -> Result<(), String> {
    let mut failed = 0;
    for file in files {
        let source = read(file)?;
        let checked = match dialect {
            Dialect::ShaderToy => glsl::compile_shader_toy(&source).map(|_| ()),
            Dialect::Raw => glsl::check_raw_shader(shader_of(file), &source),
            Dialect::ShaderMaterial => glsl::check_shader(shader_of(file), &source),
        };
        match checked {
            Ok(()) => say(format_args!("{file}: ok\n"))?,
            Err(error) => {
                failed += 1;
                say(format_args!("{file}:\n{error}\n"))?;
            }
        }
    }
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} of {} files refused", files.len())),
    }
}

/// The program of `files`: a ShaderToy source, a ShaderMaterial's (or a raw one's) vertex and
/// fragment shaders, or (without a dialect flag) one saved program.
fn program_of(dialect: Dialect, files: &[&String]) -> Result<NodeProgram, String> {
    let program = match (dialect, files) {
        (Dialect::ShaderToy, [file]) => glsl::compile_shader_toy(&read(file)?),
        (Dialect::Raw, [vertex, fragment]) => {
            glsl::compile_raw_shader_material(&read(vertex)?, &read(fragment)?)
        }
        (Dialect::ShaderMaterial, [vertex, fragment]) => {
            glsl::compile_shader_material(&read(vertex)?, &read(fragment)?)
        }
        (Dialect::ShaderMaterial, [file]) => {
            let bytes = std::fs::read(file).map_err(|e| format!("error: {file}: {e}"))?;
            return NodeProgram::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"));
        }
        _ => return Err(USAGE.to_string()),
    };
    program.map_err(|e| e.to_string())
}

fn disasm(dialect: Dialect, files: &[&String]) -> Result<(), String> {
    let program = program_of(dialect, files)?;
    say(format_args!("{program}"))
}

/// What `tsl compile` and `tsl emit` read from their arguments: the dialect, `-o`, the files,
/// and any other flag, for the command to take or refuse.
struct ProgramArgs<'a> {
    dialect: Dialect,
    out: Option<&'a String>,
    files: Vec<&'a String>,
    flags: Vec<&'a str>,
}

fn program_args<'a>(command: &str, args: &'a [String]) -> Result<ProgramArgs<'a>, String> {
    let mut parsed = ProgramArgs {
        dialect: Dialect::ShaderMaterial,
        out: None,
        files: Vec::new(),
        flags: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--shadertoy" => parsed.dialect = Dialect::ShaderToy,
            "--raw" => parsed.dialect = Dialect::Raw,
            "-o" | "--output" => {
                let value = args
                    .next()
                    .ok_or_else(|| format!("tsl {command}: {arg} needs a value\n{USAGE}"))?;
                parsed.out = Some(value);
            }
            flag if flag.starts_with('-') => parsed.flags.push(flag),
            _ => parsed.files.push(arg),
        }
    }
    Ok(parsed)
}

/// `tsl compile [--raw | --shadertoy] FILE... -o OUT.tslp`: the program's bytes
/// ([`NodeProgram::to_bytes`]) to `OUT`.
fn compile(args: &[String]) -> Result<(), String> {
    let usage = || format!("tsl compile: expected FILE... -o OUT.tslp\n{USAGE}");
    let ProgramArgs {
        dialect,
        out,
        files,
        flags,
    } = program_args("compile", args)?;
    if let Some(flag) = flags.first() {
        return Err(format!("tsl compile: unknown option {flag}\n{USAGE}"));
    }
    let Some(out) = out else {
        return Err(usage());
    };
    // A saved program is not compiled again: one file needs --shadertoy.
    if dialect == Dialect::ShaderMaterial && files.len() != 2 {
        return Err(usage());
    }
    let program = program_of(dialect, &files)?;
    let bytes = program.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("error: {out}: {e}"))?;
    say(format_args!(
        "{out}: {} words, {} bytes\n",
        program.words().len(),
        bytes.len()
    ))
}

/// The languages `tsl emit` writes.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    Wgsl,
    GlslEs300,
    Glsl450,
    SpirV,
}

/// The flag of each target.
const TARGETS: [(&str, Target); 4] = [
    ("--wgsl", Target::Wgsl),
    ("--glsl-es300", Target::GlslEs300),
    ("--glsl-450", Target::Glsl450),
    ("--spirv", Target::SpirV),
];

/// `tsl emit TARGET (PROGRAM.tslp | --shadertoy FILE | [--raw] VERTEX FRAGMENT) [-o OUT]`.
fn emit(args: &[String]) -> Result<(), String> {
    let usage = || format!("tsl emit: expected a target and a program\n{USAGE}");
    let ProgramArgs {
        dialect,
        out,
        files,
        flags,
    } = program_args("emit", args)?;
    let mut target = None;
    for flag in flags {
        let Some(&(_, t)) = TARGETS.iter().find(|(f, _)| *f == flag) else {
            return Err(format!("tsl emit: unknown option {flag}\n{USAGE}"));
        };
        if target.replace(t).is_some() {
            return Err(format!("tsl emit: one target at a time\n{USAGE}"));
        }
    }
    let Some(target) = target else {
        return Err(usage());
    };
    let program = program_of(dialect, &files)?;
    emit_program(&program, target, out.map(String::as_str))
}

#[cfg(feature = "naga")]
fn emit_program(program: &NodeProgram, target: Target, out: Option<&str>) -> Result<(), String> {
    use tsl::core::native::GlslVersion;
    let refused = |e: tsl::core::native::EmitError| e.to_string();
    let write = |path: &str, bytes: &[u8]| {
        std::fs::write(path, bytes).map_err(|e| format!("error: {path}: {e}"))
    };
    let text = |text: String, out: Option<&str>| match out {
        Some(path) => write(path, text.as_bytes()),
        None => say(format_args!("{text}")),
    };
    match target {
        Target::Wgsl => text(program.to_wgsl().map_err(refused)?, out),
        Target::GlslEs300 | Target::Glsl450 => {
            let version = if target == Target::GlslEs300 {
                GlslVersion::Es300
            } else {
                GlslVersion::Core450
            };
            let stages = program.to_glsl(version).map_err(refused)?;
            match out {
                Some(path) => {
                    write(&format!("{path}.vert"), stages.vertex.as_bytes())?;
                    write(&format!("{path}.frag"), stages.fragment.as_bytes())
                }
                None => say(format_args!(
                    "// vertex\n{}\n// fragment\n{}",
                    stages.vertex, stages.fragment
                )),
            }
        }
        Target::SpirV => {
            let Some(path) = out else {
                return Err("tsl emit --spirv: SPIR-V is binary; name a file with -o".into());
            };
            let words = program.to_spirv().map_err(refused)?;
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            write(path, &bytes)
        }
    }
}

#[cfg(not(feature = "naga"))]
fn emit_program(_: &NodeProgram, _: Target, _: Option<&str>) -> Result<(), String> {
    Err(
        "tsl emit: this tsl was built without the `naga` feature (cargo install --features naga)"
            .into(),
    )
}

/// The largest side `tsl render` draws: the largest PNG the decoders read back.
const MAX_SIDE: u32 = tsl::raster::MAX_PNG_SIDE;

/// `--size WIDTHxHEIGHT`, each side 1 to [`MAX_SIDE`]; a refusal says which rule it broke.
fn parse_size(size: &str) -> Result<(u32, u32), String> {
    // Digits of any length parse (u128 holds 38 of them; more is out of range as well).
    let side = |s: &str| -> Option<u128> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().unwrap_or(u128::MAX))
    };
    let Some((w, h)) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((side(w)?, side(h)?)))
    else {
        return Err(format!(
            "tsl render: --size {size}: expected WIDTHxHEIGHT, e.g. 640x360"
        ));
    };
    let fits = |s: u128| (1..=MAX_SIDE as u128).contains(&s);
    if !fits(w) || !fits(h) {
        return Err(format!(
            "tsl render: --size {size}: each side must be 1 to {MAX_SIDE} pixels"
        ));
    }
    Ok((w as u32, h as u32))
}

/// `tsl render --shadertoy FILE -o OUT.png [--size WxH] [--time T]`: compile the ShaderToy
/// source, set iResolution to the image's size and iTime to `T` (Renderer.time), draw it on a
/// plane that fills an orthographic camera's view (so fragCoord is each pixel's centre) and write
/// the sRGB-encoded PNG.
fn render(args: &[String]) -> Result<(), String> {
    let usage = || format!("tsl render: expected --shadertoy FILE -o OUT.png\n{USAGE}");
    let (mut file, mut out, mut shadertoy) = (None, None, false);
    let (mut width, mut height, mut time) = (640u32, 360u32, 0.0f32);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("tsl render: {arg} needs a value\n{USAGE}"))
        };
        match arg.as_str() {
            "--shadertoy" => shadertoy = true,
            "-o" | "--output" => out = Some(value()?.clone()),
            "--size" => {
                (width, height) = parse_size(value()?)?;
            }
            "--time" => {
                let t = value()?;
                time = t
                    .parse()
                    .ok()
                    .filter(|t: &f32| t.is_finite())
                    .ok_or_else(|| format!("tsl render: --time {t}: expected seconds"))?;
            }
            _ if arg.starts_with('-') => {
                return Err(format!("tsl render: unknown option {arg}\n{USAGE}"))
            }
            _ if file.is_none() => file = Some(arg.clone()),
            _ => return Err(usage()),
        }
    }
    let (Some(file), Some(out), true) = (file, out, shadertoy) else {
        return Err(usage());
    };
    let source = read(&file)?;
    let mut program = glsl::compile_shader_toy(&source).map_err(|e| format!("{file}:\n{e}"))?;
    program
        .set_uniform("iResolution", Vec3::new(width as f32, height as f32, 1.0))
        .map_err(|e| format!("{file}: {e}"))?;

    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let material = assets.materials.add(shader_material(program));
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    let mut renderer = Renderer::new(RenderSettings::new(width, height));
    renderer.settings.time = time;
    let image = renderer
        .render(&scene, &camera, &assets)
        .map_err(|e| format!("{file}: {e}"))?;
    image
        .write_png(&out)
        .map_err(|e| format!("error: {out}: {e}"))?;
    say(format_args!(
        "{file}: {width}x{height} at iTime {time} s: {out}\n"
    ))
}
