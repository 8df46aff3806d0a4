//! The examples' command line: positional arguments in a fixed order, `--help`, and refusals that
//! say how to run the example. An example names its arguments once:
//!
//! ```ignore
//! let args = args::parse("guitar", "[OUT.png] [HARMONIC]", "Draws the guitar lesson.", 2);
//! let path = args::text(&args, 0, "guitar.png");
//! let harmonic: f32 = args::number(&args, 1, "HARMONIC", 1.0);
//! ```
//!
//! `--help` or `-h` prints the usage and exits 0; an unknown option, an extra argument or a value
//! that does not parse prints what was wrong and the usage to stderr and exits 2. [`run`] prints a
//! failure of the example as a sentence (`error: ...`, the path included where the error names
//! one), not as Rust's debug text, and exits 1.

// Each example uses the part it needs (and test binaries that load an example use none).
#![allow(dead_code)]

use std::error::Error;
use std::process::ExitCode;
use std::sync::OnceLock;

/// The usage line, kept for [`number`]'s refusals.
static USAGE: OnceLock<String> = OnceLock::new();

/// Refuse the command line: `message`, the usage, exit 2.
fn refuse(message: &str) -> ! {
    eprintln!("error: {message}");
    if let Some(usage) = USAGE.get() {
        eprintln!("{usage}");
    }
    std::process::exit(2)
}

/// The arguments after the program's name, at most `most` of them. `usage` names them (e.g.
/// `"[OUT.png] [WIDTH HEIGHT]"`); `about` says what the example does.
pub fn parse(example: &str, usage: &str, about: &str, most: usize) -> Vec<String> {
    let usage = format!("usage: cargo run --release --example {example} -- {usage}\n{about}");
    let usage = USAGE.get_or_init(|| usage);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{usage}");
        std::process::exit(0);
    }
    // A leading '-' is an option unless it is a number (a negative time).
    if let Some(option) = args
        .iter()
        .find(|a| a.starts_with('-') && a.parse::<f64>().is_err())
    {
        refuse(&format!("unknown option {option}"));
    }
    if args.len() > most {
        refuse(&format!("unexpected argument {}", args[most]));
    }
    args
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
