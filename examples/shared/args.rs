//! The examples' command line: positional arguments in a fixed order, `--gpu`, `--help`, and
//! refusals that say how to run the example. An example names its arguments once:
//!
//! ```ignore
//! let args = args::parse("guitar", "[OUT.png] [HARMONIC]", "Draws the guitar lesson.", 2);
//! let path = args::text(&args, 0, "guitar.png");
//! let harmonic: f32 = args::number(&args, 1, "HARMONIC", 1.0);
//! ```
//!
//! `--help` or `-h` prints the usage and exits 0; an unknown option, an extra argument or a value
//! that does not parse prints what was wrong and the usage to stderr and exits 2. `--gpu`, anywhere
//! on the line, makes [`renderer`] draw with a `GpuRenderer` (the crate feature `gpu`; without it,
//! `--gpu` is refused with a sentence and exit 1). [`run`] prints a failure of the example as a
//! sentence (`error: ...`, the path included where the error names one), not as Rust's debug
//! text, and exits 1.

// Each example uses the part it needs (and test binaries that load an example use none).
#![allow(dead_code)]

#[path = "renderer.rs"]
mod renderer;

pub use renderer::{Backend, SceneRenderer};

use std::error::Error;
use std::process::ExitCode;
use std::sync::OnceLock;

/// The usage text, kept for [`number`]'s refusals.
static USAGE: OnceLock<String> = OnceLock::new();

/// Whether the command line asked for `--gpu`, kept for [`renderer`].
static GPU: OnceLock<bool> = OnceLock::new();

/// The flag that draws with the GPU renderer.
pub const GPU_FLAG: &str = "--gpu";

/// What a command line asks for ([`read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Run the example with these positional arguments, on the GPU when `gpu`.
    Run {
        /// The arguments other than `--gpu`, in order.
        args: Vec<String>,
        /// Whether `--gpu` was given.
        gpu: bool,
    },
    /// Print the usage (`--help` or `-h`).
    Help,
    /// Refuse the line, saying why (then the usage).
    Refuse(String),
}

/// Read `line` (the arguments after the program's name) for an example that takes at most `most`
/// positional arguments, and `--gpu` when `takes_gpu`. `--help` wins over everything else; a
/// leading `-` is an option unless it is a number (a negative time).
pub fn read(line: &[String], takes_gpu: bool, most: usize) -> Command {
    if line.iter().any(|a| a == "--help" || a == "-h") {
        return Command::Help;
    }
    let gpu = takes_gpu && line.iter().any(|a| a == GPU_FLAG);
    let args: Vec<String> = line
        .iter()
        .filter(|a| !(takes_gpu && *a == GPU_FLAG))
        .cloned()
        .collect();
    if let Some(option) = args
        .iter()
        .find(|a| a.starts_with('-') && a.parse::<f64>().is_err())
    {
        return Command::Refuse(format!("unknown option {option}"));
    }
    if args.len() > most {
        return Command::Refuse(format!("unexpected argument {}", args[most]));
    }
    Command::Run { args, gpu }
}

/// The usage text: how to run `example` with `usage`'s arguments, what it does, and `--gpu`
/// when it takes it.
pub fn usage_text(example: &str, usage: &str, about: &str, takes_gpu: bool) -> String {
    if takes_gpu {
        format!(
            "usage: cargo run --release --example {example} -- {usage} [{GPU_FLAG}]\n{about}\n  \
             {GPU_FLAG}  draw the same picture with the GpuRenderer on the default adapter, and \
             say the time\n         (build with --features gpu)"
        )
    } else {
        format!("usage: cargo run --release --example {example} -- {usage}\n{about}")
    }
}

/// Refuse the command line: `message`, the usage, exit 2.
fn refuse(message: &str) -> ! {
    eprintln!("error: {message}");
    if let Some(usage) = USAGE.get() {
        eprintln!("{usage}");
    }
    std::process::exit(2)
}

/// The arguments after the program's name, at most `most` of them, with `--gpu` taken out (see
/// [`renderer`]). `usage` names them (e.g. `"[OUT.png] [WIDTH HEIGHT]"`); `about` says what the
/// example does.
pub fn parse(example: &str, usage: &str, about: &str, most: usize) -> Vec<String> {
    parse_line(example, usage, about, most, true)
}

/// [`parse`] for an example that does not draw with [`renderer`] and so takes no `--gpu`
/// (`about` says why).
pub fn parse_without_gpu(example: &str, usage: &str, about: &str, most: usize) -> Vec<String> {
    parse_line(example, usage, about, most, false)
}

fn parse_line(
    example: &str,
    usage: &str,
    about: &str,
    most: usize,
    takes_gpu: bool,
) -> Vec<String> {
    let usage = USAGE.get_or_init(|| usage_text(example, usage, about, takes_gpu));
    let line: Vec<String> = std::env::args().skip(1).collect();
    match read(&line, takes_gpu, most) {
        Command::Help => {
            println!("{usage}");
            std::process::exit(0)
        }
        Command::Refuse(message) => refuse(&message),
        Command::Run { args, gpu } => {
            if gpu && !cfg!(feature = "gpu") {
                eprintln!(
                    "error: {GPU_FLAG} draws with the GpuRenderer, which this build lacks: run \
                     `cargo run --release --features gpu --example {example} -- {GPU_FLAG}`"
                );
                std::process::exit(1);
            }
            let _ = GPU.set(gpu);
            args
        }
    }
}

/// The renderer the command line asked for: the CPU `Renderer`, or with `--gpu` a `GpuRenderer`
/// on the default adapter (`Err` with a sentence when there is none). Each frame it draws prints
/// where and how long (see [`SceneRenderer`]).
pub fn renderer(settings: tsl::raster::RenderSettings) -> Result<SceneRenderer, Box<dyn Error>> {
    let backend = if GPU.get().copied().unwrap_or(false) {
        Backend::Gpu
    } else {
        Backend::Cpu
    };
    SceneRenderer::new(settings, backend)
}

/// The `index`th argument, or `default`.
pub fn text(args: &[String], index: usize, default: &str) -> String {
    args.get(index).cloned().unwrap_or_else(|| default.into())
}

/// The `index`th argument as a number named `name`, or `default`; one that does not parse is
/// refused.
pub fn number<T: std::str::FromStr>(args: &[String], index: usize, name: &str, default: T) -> T {
    match args.get(index) {
        None => default,
        Some(value) => value
            .parse()
            .unwrap_or_else(|_| refuse(&format!("{name} {value}: expected a number"))),
    }
}

/// Run the example's body; a failure is printed as a sentence and exits 1.
pub fn run(body: impl FnOnce() -> Result<(), Box<dyn Error>>) -> ExitCode {
    match body() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Write `image` to `path`; a failure names the path.
pub fn write_png(image: &tsl::raster::Image, path: &str) -> Result<(), Box<dyn Error>> {
    image
        .write_png(path)
        .map_err(|e| format!("cannot write {path}: {e}").into())
}
