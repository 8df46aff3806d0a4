//! `tsl`: the command line of a shader author (feature `cli`).
//!
//! `tsl help` and `tsl help COMMAND` list every command and option with its default; the
//! reference is docs/cli.md. Exit status: 0 done, 1 an input refused (a shader's errors, a file
//! that cannot be read or written), 2 a command line refused (an unknown option, a missing
//! argument, a channel the shader reads without an image). Errors go to stderr as
//! `FILE:LINE:COLUMN: error: REASON`, so that editors and terminals jump to them, coloured only on
//! a terminal and never with `NO_COLOR` set.

mod precision;

use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tsl::core::glsl::{self, GlslError, Shader};
use tsl::core::Limits;
use tsl::core::NodeProgram;
use tsl::raster::{Image, MAX_PNG_SIDE};
use tsl::shadertoy::{self, ShaderToyError};

/// Check, compile and draw three.js GLSL shaders (ShaderMaterial, RawShaderMaterial, ShaderToy)
/// with tsl-rs.
#[derive(Parser)]
#[command(name = "tsl", version, propagate_version = true)]
#[command(
    after_help = "Exit status: 0 done, 1 an input refused (errors are printed as \
FILE:LINE:COLUMN: error: REASON), 2 a command line refused.\nColour: on a terminal, unless \
NO_COLOR is set."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check shaders as a compiler does: each file's errors, `FILE: ok` for a good one; exit 1
    /// if any file is refused.
    Check {
        #[command(flatten)]
        dialect: DialectArgs,
        /// The stage of every FILE; without it each file's extension says (.vert, .vs, .vsh, and
        /// those followed by .glsl, e.g. x.vert.glsl, are vertex shaders; anything else is a
        /// fragment shader). Not with --shadertoy.
        #[arg(long, value_enum, conflicts_with = "shadertoy")]
        stage: Option<Stage>,
        /// The shader files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Compile and print a program's instructions: of a ShaderToy (--shadertoy FILE), a
    /// ShaderMaterial (VERTEX FRAGMENT) or a saved program (PROGRAM.tslp).
    Disasm {
        #[command(flatten)]
        dialect: DialectArgs,
        /// One ShaderToy file, a vertex and a fragment shader, or one saved program.
        #[arg(required = true, num_args = 1..=2, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Compile and save the program (NodeProgram::to_bytes; docs/bytecode.md).
    Compile {
        #[command(flatten)]
        dialect: DialectArgs,
        /// One ShaderToy file (--shadertoy), or a vertex and a fragment shader.
        #[arg(required = true, num_args = 1..=2, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The program file to write (.tslp by custom).
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
    },
    /// Write the program as a standalone shader module (needs the `naga` feature): WGSL, GLSL
    /// (OUT.vert and OUT.frag, or both printed) or SPIR-V (binary: -o required).
    #[command(group(ArgGroup::new("target").required(true).multiple(false)))]
    Emit {
        /// WGSL.
        #[arg(long, group = "target")]
        wgsl: bool,
        /// GLSL ES 3.00.
        #[arg(long = "glsl-es300", group = "target")]
        glsl_es300: bool,
        /// GLSL 4.50 core.
        #[arg(long = "glsl-450", group = "target")]
        glsl_450: bool,
        /// SPIR-V (binary).
        #[arg(long, group = "target")]
        spirv: bool,
        #[command(flatten)]
        dialect: DialectArgs,
        /// One ShaderToy file (--shadertoy), a vertex and a fragment shader, or a saved program.
        #[arg(required = true, num_args = 1..=2, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Where to write; stdout without it (not for SPIR-V).
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
    },
    /// Draw a ShaderToy on a full-screen quad with the CPU rasterizer and write the image. The
    /// output is linear (fragColor × 255), as shadertoy.com and three.js's ShaderToy page show it.
    Render {
        /// The source is a ShaderToy (mainImage); the only kind `render` draws.
        #[arg(long, required = true)]
        shadertoy: bool,
        /// The ShaderToy file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The image to write: PNG (.png) or JPEG (.jpg, .jpeg, quality 90), by the extension.
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
        /// The image's size, WIDTHxHEIGHT, 1 to 16384 pixels a side (iResolution).
        #[arg(long, value_name = "WxH", default_value = "640x360", value_parser = parse_size, allow_hyphen_values = true)]
        size: (u32, u32),
        /// The time in seconds (iTime).
        #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = parse_time, allow_hyphen_values = true)]
        time: f32,
        #[command(flatten)]
        channels: ChannelArgs,
    },
}

/// The images of the four channels.
#[derive(Args)]
#[command(
    next_help_heading = "Channels (PNG or JPEG; shadertoy.com's defaults for an image: \
filter mipmap (trilinear), wrap repeat, vflip on, bytes read as they are (srgb off))"
)]
struct ChannelArgs {
    /// The image of iChannel0.
    #[arg(long, value_name = "IMAGE")]
    channel0: Option<PathBuf>,
    /// The image of iChannel1.
    #[arg(long, value_name = "IMAGE")]
    channel1: Option<PathBuf>,
    /// The image of iChannel2.
    #[arg(long, value_name = "IMAGE")]
    channel2: Option<PathBuf>,
    /// The image of iChannel3.
    #[arg(long, value_name = "IMAGE")]
    channel3: Option<PathBuf>,
}

/// How the sources are read; a ShaderMaterial's GLSL (three.js's prefix before it) without a flag.
#[derive(Args)]
struct DialectArgs {
    /// RawShaderMaterial GLSL: no prefix; a fragment shader declares its float precision.
    #[arg(long, conflicts_with = "shadertoy")]
    raw: bool,
    /// ShaderToy sources (mainImage).
    #[arg(long)]
    shadertoy: bool,
}

/// A shader stage.
#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Stage {
    /// A vertex shader.
    Vertex,
    /// A fragment shader.
    Fragment,
}

#[derive(Clone, Copy, PartialEq)]
enum Dialect {
    ShaderMaterial,
    Raw,
    ShaderToy,
}

impl DialectArgs {
    fn dialect(&self) -> Dialect {
        match (self.shadertoy, self.raw) {
            (true, _) => Dialect::ShaderToy,
            (_, true) => Dialect::Raw,
            _ => Dialect::ShaderMaterial,
        }
    }
}

/// Why a command failed: a refused input (exit 1) or a refused command line (exit 2), each with
/// what to print.
enum Failure {
    Input(String),
    Usage(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Input(message)
    }
}

type Outcome = Result<(), Failure>;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check {
            dialect,
            stage,
            files,
        } => check(dialect.dialect(), stage, &files),
        Command::Disasm { dialect, files } => disasm(dialect.dialect(), &files),
        Command::Compile {
            dialect,
            files,
            output,
        } => compile(dialect.dialect(), &files, &output),
        Command::Emit {
            wgsl,
            glsl_es300,
            glsl_450,
            spirv: _,
            dialect,
            files,
            output,
        } => {
            let target = if wgsl {
                Target::Wgsl
            } else if glsl_es300 {
                Target::GlslEs300
            } else if glsl_450 {
                Target::Glsl450
            } else {
                Target::SpirV
            };
            emit(target, dialect.dialect(), &files, output.as_deref())
        }
        Command::Render {
            shadertoy: _,
            file,
            output,
            size,
            time,
            channels,
        } => render(&file, &output, size, time, &channels),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            if !message.is_empty() {
                complain(&message);
            }
            ExitCode::FAILURE
        }
        Err(Failure::Usage(message)) => {
            complain(&format!("{}: {message}", paint(Paint::Error, "error")));
            complain(&"For more information, try '--help'.");
            ExitCode::from(2)
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
        .map_err(|e| format!("{}: stdout: {e}", paint(Paint::Error, "error")))
}

/// Write a line to stderr; if stderr cannot be written there is nowhere to say so (where
/// `eprintln!` would panic).
fn complain(message: &dyn std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

/// What a piece of a diagnostic is, for its colour.
#[derive(Clone, Copy)]
enum Paint {
    /// `error`: bold red.
    Error,
    /// `FILE:LINE:COLUMN:`: bold.
    Place,
    /// The gutter and caret: bold blue.
    Gutter,
    /// `note` and its caret: bold green, as rustc paints a note.
    Note,
}

/// `text` in its colour where stderr is a terminal and `NO_COLOR` is unset or empty
/// (no-color.org), as it is otherwise.
fn paint(what: Paint, text: &str) -> String {
    static COLOUR: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let colour = *COLOUR.get_or_init(|| {
        std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    });
    if !colour {
        return text.to_string();
    }
    let code = match what {
        Paint::Error => "1;31",
        Paint::Place => "1",
        Paint::Gutter => "1;34",
        Paint::Note => "1;32",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

/// `path: error: reason`, a refusal of a whole file.
fn file_error(path: &Path, reason: &dyn std::fmt::Display) -> String {
    format!(
        "{} {}: {reason}",
        paint(Paint::Place, &format!("{}:", path.display())),
        paint(Paint::Error, "error")
    )
}

/// A front end's refusals as compilers print them: for each, `path:line:column: error: reason`
/// then the line with a caret under the place, and its notes as `path:line:column: note: ...`
/// with their lines; the count of those left out last.
fn diagnostic(path: &Path, error: &GlslError) -> String {
    let mut text = String::new();
    for (i, one) in error.all().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        if one.line == 0 {
            text.push_str(&file_error(path, &one.reason));
        } else {
            let place = (
                one.line,
                one.column,
                one.source_line.as_str(),
                one.source_column,
                one.length,
            );
            text.push_str(&located(path, Paint::Error, "error", &one.reason, place));
        }
        for note in &one.notes {
            let place = (
                note.line,
                note.column,
                note.source_line.as_str(),
                note.source_column,
                note.length,
            );
            text.push('\n');
            text.push_str(&located(path, Paint::Note, "note", &note.message, place));
        }
    }
    if error.omitted > 0 {
        text.push('\n');
        text.push_str(&file_error(path, &format!("and {} more", error.omitted)));
    }
    text
}

/// `path:line:column: what: message`, then the line with carets under the place: (line, column,
/// the quoted line, the caret's column in it, the caret's length).
fn located(
    path: &Path,
    paint_as: Paint,
    what: &str,
    message: &str,
    (line, column, source_line, source_column, length): (usize, usize, &str, usize, usize),
) -> String {
    let place = format!("{}:{line}:{column}:", path.display());
    let number = line.to_string();
    let gutter = " ".repeat(number.len());
    let (text, start, carets) = glsl::caret_layout(source_line, source_column, length);
    format!(
        "{} {}: {message}\n{} {}\n{} {text}\n{} {} {}{}",
        paint(Paint::Place, &place),
        paint(paint_as, what),
        gutter,
        paint(Paint::Gutter, "|"),
        paint(Paint::Gutter, &format!("{number} |")),
        gutter,
        paint(Paint::Gutter, "|"),
        " ".repeat(start),
        paint(paint_as, &"^".repeat(carets)),
    )
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| file_error(path, &e))
}

/// The stage a file's name says: .vert, .vs and .vsh (alone or before .glsl) are vertex shaders,
/// anything else a fragment shader.
fn stage_of(path: &Path) -> Stage {
    let name = path.to_string_lossy().to_ascii_lowercase();
    let name = name.strip_suffix(".glsl").unwrap_or(&name);
    if [".vert", ".vs", ".vsh"]
        .iter()
        .any(|ext| name.ends_with(ext))
    {
        Stage::Vertex
    } else {
        Stage::Fragment
    }
}

/// A raw fragment shader held to WebGL's rule that it declare its float precision
/// ([`precision`]); a vertex shader has highp by default.
fn raw_precision(shader: Shader, source: &str) -> Result<(), GlslError> {
    let Some((line, column, ty)) = precision::missing_float_precision(source) else {
        return Ok(());
    };
    if shader == Shader::Vertex {
        return Ok(());
    }
    // The line, clipped to a window around the column as the front end's errors are.
    let whole = source.lines().nth(line - 1).unwrap_or("");
    let start = column.saturating_sub(31);
    let mut source_line: String = whole
        .chars()
        .skip(start)
        .take(GlslError::QUOTED_LINE)
        .collect();
    let mut source_column = column - start;
    if start > 0 {
        source_line.insert_str(0, "...");
        source_column += 3;
    }
    Err(GlslError {
        shader,
        line,
        column,
        length: ty.len(),
        kind: glsl::GlslErrorKind::Check,
        reason: format!(
            "no precision is declared for {ty}: WebGL refuses a raw fragment shader that declares \
             a float, vector or matrix without one; add `precision highp float;` (or mediump) \
             before it"
        ),
        source_line,
        source_column,
        notes: Vec::new(),
        others: Vec::new(),
        omitted: 0,
    })
}

/// Check every file; print each error with its place. Refused when any file has one.
fn check(dialect: Dialect, stage: Option<Stage>, files: &[PathBuf]) -> Outcome {
    let mut failed = 0;
    for file in files {
        let source = match read(file) {
            Ok(source) => source,
            Err(message) => {
                complain(&message);
                failed += 1;
                continue;
            }
        };
        let shader = match stage.unwrap_or_else(|| stage_of(file)) {
            Stage::Vertex => Shader::Vertex,
            Stage::Fragment => Shader::Fragment,
        };
        let checked = match dialect {
            Dialect::ShaderToy => glsl::compile_shader_toy(&source).map(|_| ()),
            Dialect::Raw => raw_precision(shader, &source)
                .and_then(|()| glsl::check_raw_shader(shader, &source)),
            Dialect::ShaderMaterial => glsl::check_shader(shader, &source),
        };
        match checked {
            Ok(()) => say(format_args!("{}: ok\n", file.display()))?,
            Err(error) => {
                failed += 1;
                complain(&diagnostic(file, &error));
            }
        }
    }
    match failed {
        0 => Ok(()),
        n => Err(Failure::Input(format!(
            "{n} of {} files refused",
            files.len()
        ))),
    }
}

/// The program of `files`: a ShaderToy source, a ShaderMaterial's (or a raw one's) vertex and
/// fragment shaders, or (without a dialect flag) one saved program.
fn program_of(dialect: Dialect, files: &[PathBuf]) -> Result<NodeProgram, Failure> {
    let pair = |vertex: &PathBuf, fragment: &PathBuf, raw: bool| {
        let (v, f) = (read(vertex)?, read(fragment)?);
        if raw {
            raw_precision(Shader::Fragment, &f).map_err(|e| diagnostic(fragment, &e))?;
        }
        let compiled = if raw {
            glsl::compile_raw_shader_material(&v, &f)
        } else {
            glsl::compile_shader_material(&v, &f)
        };
        compiled.map_err(|e| {
            let path = if e.shader == Shader::Vertex {
                vertex
            } else {
                fragment
            };
            diagnostic(path, &e)
        })
    };
    let program =
        match (dialect, files) {
            (Dialect::ShaderToy, [file]) => {
                glsl::compile_shader_toy(&read(file)?).map_err(|e| diagnostic(file, &e))
            }
            (Dialect::Raw, [vertex, fragment]) => pair(vertex, fragment, true),
            (Dialect::ShaderMaterial, [vertex, fragment]) => pair(vertex, fragment, false),
            (Dialect::ShaderMaterial, [file]) => {
                let bytes = std::fs::read(file).map_err(|e| file_error(file, &e))?;
                NodeProgram::from_bytes(&bytes).map_err(|e| file_error(file, &e))
            }
            (Dialect::ShaderToy, _) => {
                return Err(Failure::Usage(
                    "--shadertoy takes one FILE, the ShaderToy source".into(),
                ))
            }
            _ => return Err(Failure::Usage(
                "expected a VERTEX and a FRAGMENT shader (or, without --raw, one saved program)"
                    .into(),
            )),
        };
    Ok(program?)
}

fn disasm(dialect: Dialect, files: &[PathBuf]) -> Outcome {
    let program = program_of(dialect, files)?;
    Ok(say(format_args!("{program}"))?)
}

/// `tsl compile`: the program's bytes ([`NodeProgram::to_bytes`]) to `out`.
fn compile(dialect: Dialect, files: &[PathBuf], out: &Path) -> Outcome {
    // A saved program is not compiled again: one file needs --shadertoy.
    if dialect == Dialect::ShaderMaterial && files.len() != 2 {
        return Err(Failure::Usage(
            "tsl compile takes --shadertoy FILE, or a VERTEX and a FRAGMENT shader".into(),
        ));
    }
    let program = program_of(dialect, files)?;
    let bytes = program.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| file_error(out, &e))?;
    Ok(say(format_args!(
        "{}: {} words, {} bytes\n",
        out.display(),
        program.words().len(),
        bytes.len()
    ))?)
}

/// The languages `tsl emit` writes.
#[derive(Clone, Copy, PartialEq)]
enum Target {
    Wgsl,
    GlslEs300,
    Glsl450,
    SpirV,
}

fn emit(target: Target, dialect: Dialect, files: &[PathBuf], out: Option<&Path>) -> Outcome {
    if target == Target::SpirV && out.is_none() {
        return Err(Failure::Usage(
            "tsl emit --spirv: SPIR-V is binary; name a file with -o".into(),
        ));
    }
    let program = program_of(dialect, files)?;
    emit_program(&program, target, out)
}

#[cfg(feature = "naga")]
fn emit_program(program: &NodeProgram, target: Target, out: Option<&Path>) -> Outcome {
    use tsl::core::native::GlslVersion;
    let refused = |e: tsl::core::native::EmitError| format!("error: {e}");
    let write =
        |path: &Path, bytes: &[u8]| std::fs::write(path, bytes).map_err(|e| file_error(path, &e));
    let text = |text: String, out: Option<&Path>| match out {
        Some(path) => write(path, text.as_bytes()),
        None => say(format_args!("{text}")),
    };
    match target {
        Target::Wgsl => text(program.to_wgsl().map_err(refused)?, out)?,
        Target::GlslEs300 | Target::Glsl450 => {
            let version = if target == Target::GlslEs300 {
                GlslVersion::Es300
            } else {
                GlslVersion::Core450
            };
            let stages = program.to_glsl(version).map_err(refused)?;
            match out {
                Some(path) => {
                    let with = |ext: &str| {
                        let mut p = path.as_os_str().to_owned();
                        p.push(ext);
                        PathBuf::from(p)
                    };
                    write(&with(".vert"), stages.vertex.as_bytes())?;
                    write(&with(".frag"), stages.fragment.as_bytes())?
                }
                None => say(format_args!(
                    "// vertex\n{}\n// fragment\n{}",
                    stages.vertex, stages.fragment
                ))?,
            }
        }
        Target::SpirV => {
            // Invariant: `emit` refused SPIR-V without -o.
            let Some(path) = out else {
                return Err(Failure::Usage("SPIR-V needs -o".into()));
            };
            let words = program.to_spirv().map_err(refused)?;
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            write(path, &bytes)?
        }
    }
    Ok(())
}

#[cfg(not(feature = "naga"))]
fn emit_program(_: &NodeProgram, _: Target, _: Option<&Path>) -> Outcome {
    Err(Failure::Input(
        "error: tsl emit: this tsl was built without the `naga` feature (cargo install --features naga)"
            .into(),
    ))
}

/// `--size WIDTHxHEIGHT`, each side 1 to [`MAX_PNG_SIDE`] (the largest PNG the decoders read
/// back); a refusal says which rule it broke.
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
            "--size {size}: expected WIDTHxHEIGHT, e.g. 640x360"
        ));
    };
    let fits = |s: u128| (1..=MAX_PNG_SIDE as u128).contains(&s);
    if !fits(w) || !fits(h) {
        return Err(format!(
            "--size {size}: each side must be 1 to {MAX_PNG_SIDE} pixels"
        ));
    }
    Ok((w as u32, h as u32))
}

/// `--time SECONDS`: a finite number.
fn parse_time(time: &str) -> Result<f32, String> {
    time.parse()
        .ok()
        .filter(|t: &f32| t.is_finite())
        .ok_or_else(|| format!("--time {time}: expected seconds, e.g. 1.5"))
}

/// The image formats `tsl render` writes, by the output's extension.
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Png,
    Jpeg,
}

fn format_of(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_string_lossy().to_ascii_lowercase();
    match ext.as_str() {
        "png" => Some(Format::Png),
        "jpg" | "jpeg" => Some(Format::Jpeg),
        _ => None,
    }
}

/// A channel's image from a PNG or JPEG file (told apart by their first bytes), held to the
/// default [`Limits`] before its pixels are decoded.
fn load_image(path: &Path) -> Result<Image, String> {
    use image::ImageDecoder;
    let bytes = std::fs::read(path).map_err(|e| file_error(path, &e))?;
    // A channel is an image and then a texture: held to the smaller budget.
    let limit = Limits::DEFAULT
        .image_pixels
        .min(Limits::DEFAULT.texture_texels);
    if bytes.starts_with(b"\x89PNG") {
        let limits = Limits {
            image_pixels: limit,
            ..Limits::DEFAULT
        };
        return Image::from_png_with_limits(&bytes, &limits).map_err(|e| file_error(path, &e));
    }
    if !bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        return Err(file_error(path, &"not a PNG or JPEG image"));
    }
    let refuse = |e: &dyn std::fmt::Display| file_error(path, &format!("JPEG: {e}"));
    let decoder = image::codecs::jpeg::JpegDecoder::new(std::io::Cursor::new(&bytes))
        .map_err(|e| refuse(&e))?;
    let (width, height) = decoder.dimensions();
    let limit = Limits::DEFAULT
        .image_pixels
        .min(Limits::DEFAULT.texture_texels);
    if width > MAX_PNG_SIDE || height > MAX_PNG_SIDE || u64::from(width) * u64::from(height) > limit
    {
        return Err(refuse(&format!(
            "{width}x{height} is over the limit ({MAX_PNG_SIDE} a side, {limit} pixels)"
        )));
    }
    let rgba = image::DynamicImage::from_decoder(decoder)
        .map_err(|e| refuse(&e))?
        .into_rgba8();
    Image::from_rgba8(width, height, rgba.into_raw()).map_err(|e| file_error(path, &e))
}

/// `image` as a JPEG (quality 90; JPEG has no alpha, so it is dropped).
fn jpeg_bytes(image: &Image) -> Result<Vec<u8>, String> {
    let rgb: Vec<u8> = image
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90)
        .encode(
            &rgb,
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// `tsl render --shadertoy FILE -o OUT [--size WxH] [--time T] [--channelN IMAGE]...`.
fn render(
    file: &Path,
    out: &Path,
    (width, height): (u32, u32),
    time: f32,
    channel_args: &ChannelArgs,
) -> Outcome {
    let Some(format) = format_of(out) else {
        return Err(Failure::Usage(format!(
            "-o {}: the image's format is named by its extension: .png, .jpg or .jpeg",
            out.display()
        )));
    };
    let source = read(file)?;
    let program = glsl::compile_shader_toy(&source).map_err(|e| diagnostic(file, &e))?;
    let paths = [
        &channel_args.channel0,
        &channel_args.channel1,
        &channel_args.channel2,
        &channel_args.channel3,
    ];
    let mut channels: shadertoy::Channels = Default::default();
    for (channel, path) in channels.iter_mut().zip(paths) {
        if let Some(path) = path {
            *channel = Some(shadertoy::channel_texture(load_image(path)?));
        }
    }
    let image = match shadertoy::render(program, width, height, time, &channels) {
        Ok(image) => image,
        Err(ShaderToyError::MissingChannel(i)) => {
            return Err(Failure::Usage(format!(
                "{}: the shader reads iChannel{i}, which has no image: give one with --channel{i} IMAGE",
                file.display()
            )))
        }
        Err(e) => return Err(Failure::Input(file_error(file, &e))),
    };
    let bytes = match format {
        Format::Png => image.to_png().map_err(|e| e.to_string()),
        Format::Jpeg => jpeg_bytes(&image),
    }
    .map_err(|e| file_error(out, &e))?;
    std::fs::write(out, bytes).map_err(|e| file_error(out, &e))?;
    Ok(say(format_args!(
        "{}: {width}x{height} at iTime {time} s: {}\n",
        file.display(),
        out.display()
    ))?)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
