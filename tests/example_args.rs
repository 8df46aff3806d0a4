//! The examples' command line (`examples/shared/args.rs`), read here without building the 40
//! examples: its reading of `--help`, unknown arguments, `--gpu` and the output path, in process;
//! then the `guitar` example run as a process (`guitar out.png` writes out.png, `--help` exits 0,
//! a refusal exits 2, a failure is a sentence with the path and exits 1).
//!
//! The process tests run the example that `cargo test` built next to this test
//! (`target/<profile>/examples/`); `cargo test --test example_args` alone builds no example, and
//! then they are reported as ignored, with the reason.

#[path = "../examples/shared/args.rs"]
mod args;

use args::{read, Command};
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::path::PathBuf;
use std::process::{ExitCode, Output};
use tsl::raster::Image;

fn line(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

fn run_with(words: &[&str], gpu: bool) -> Command {
    Command::Run {
        args: line(words),
        gpu,
    }
}

// ---- the reading, in process ----

fn an_unknown_option_is_refused_by_name() {
    assert_eq!(
        read(&line(&["--bogus"]), true, 2),
        Command::Refuse("unknown option --bogus".into())
    );
    assert_eq!(
        read(&line(&["out.png", "-x"]), true, 2),
        Command::Refuse("unknown option -x".into())
    );
}

fn an_argument_past_the_last_is_refused_by_name() {
    assert_eq!(
        read(&line(&["out.png", "2", "extra"]), true, 2),
        Command::Refuse("unexpected argument extra".into())
    );
    // `--gpu` is not counted among the positional arguments.
    assert_eq!(
        read(&line(&["out.png", "--gpu", "2"]), true, 2),
        run_with(&["out.png", "2"], true)
    );
}

fn help_wins_over_everything_else() {
    for words in [
        &["--help"][..],
        &["-h"],
        &["out.png", "--help"],
        &["--bogus", "-h", "a", "b", "c"],
    ] {
        assert_eq!(read(&line(words), true, 1), Command::Help, "{words:?}");
    }
}

fn gpu_is_taken_out_wherever_it_stands() {
    assert_eq!(read(&line(&["--gpu"]), true, 1), run_with(&[], true));
    assert_eq!(
        read(&line(&["--gpu", "out.png"]), true, 1),
        run_with(&["out.png"], true)
    );
    assert_eq!(
        read(&line(&["out.png", "--gpu"]), true, 1),
        run_with(&["out.png"], true)
    );
    assert_eq!(
        read(&line(&["out.png"]), true, 1),
        run_with(&["out.png"], false)
    );
}

fn an_example_that_takes_no_gpu_refuses_it() {
    assert_eq!(
        read(&line(&["--gpu"]), false, 1),
        Command::Refuse("unknown option --gpu".into())
    );
    let usage = args::usage_text("wgpu_custom", "[OUT_PREFIX]", "Draws.", false);
    assert_eq!(
        usage,
        "usage: cargo run --release --example wgpu_custom -- [OUT_PREFIX]\nDraws."
    );
    let usage = args::usage_text("guitar", "[OUT.png]", "Draws.", true);
    assert!(
        usage.starts_with("usage: cargo run --release --example guitar -- [OUT.png] [--gpu]\n"),
        "{usage}"
    );
    assert!(usage.contains("--features gpu"), "{usage}");
}

fn the_output_path_is_the_first_argument_or_the_default() {
    let Command::Run { args, gpu: false } = read(&line(&["out.png"]), true, 2) else {
        panic!("out.png is an argument");
    };
    assert_eq!(args::text(&args, 0, "guitar.png"), "out.png");
    assert_eq!(args::text(&[], 0, "guitar.png"), "guitar.png");
    // A negative number is an argument (a time), not an option.
    assert_eq!(
        read(&line(&["out.png", "-1.5"]), true, 2),
        run_with(&["out.png", "-1.5"], false)
    );
}

/// Without the feature `gpu` (with it, `tests/gpu_examples.rs` draws with the GPU renderer).
#[cfg(not(feature = "gpu"))]
fn without_the_feature_a_gpu_renderer_is_refused_with_a_sentence() {
    let made = args::SceneRenderer::new(tsl::raster::RenderSettings::new(4, 4), args::Backend::Gpu);
    match made {
        Ok(_) => panic!("a GPU renderer without the feature gpu"),
        Err(e) => assert_eq!(
            e.to_string(),
            "--gpu: this build has no GPU renderer (build with --features gpu)"
        ),
    }
}

// ---- the guitar example as a process ----

/// The example `name` that `cargo test` built next to this test binary, or why it is not there.
fn example(name: &str) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // target/<profile>/deps/example_args-HASH → target/<profile>/examples/NAME
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .ok_or("the test binary is not in target/<profile>/deps")?;
    let path = profile
        .join("examples")
        .join(name)
        .with_extension(std::env::consts::EXE_EXTENSION);
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "{} is not built (cargo test builds it; cargo test --test example_args alone does not)",
            path.display()
        ))
    }
}

/// Run `guitar` with `words` (and the environment's additions `env`) in a fresh directory.
fn guitar(words: &[&str], env: &[(&str, &str)]) -> Result<(Output, tempdir::Dir), String> {
    let exe = example("guitar")?;
    let dir = tempdir::Dir::new("guitar");
    let output = std::process::Command::new(exe)
        .args(words)
        .envs(env.iter().copied())
        .current_dir(&dir.0)
        .output()
        .map_err(|e| format!("cannot run guitar: {e}"))?;
    Ok((output, dir))
}

/// A scratch directory, removed when dropped.
mod tempdir {
    use std::path::PathBuf;

    pub struct Dir(pub PathBuf);

    impl Dir {
        pub fn new(name: &str) -> Dir {
            let unique = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            let path = std::env::temp_dir().join(format!(
                "tsl-example-args-{name}-{}-{unique}",
                std::process::id()
            ));
            std::fs::create_dir_all(&path).expect("a scratch directory");
            Dir(path)
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Rust's debug text of an error, which a sentence never shows.
fn looks_like_debug_text(s: &str) -> bool {
    ["Err(", "Os {", "kind:", "Error {", "panicked"]
        .iter()
        .any(|d| s.contains(d))
}

fn guitar_out_png_writes_out_png() -> Result<(), String> {
    let (out, dir) = guitar(&["out.png"], &[])?;
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let image = Image::load_png(dir.0.join("out.png")).expect("out.png is a PNG");
    assert_eq!((image.width(), image.height()), (640, 200));
    assert!(stdout.contains("drew 640×200 on the CPU in "), "{stdout}");
    assert!(stdout.ends_with("harmonic 1: out.png\n"), "{stdout}");
    assert!(!dir.0.join("guitar.png").exists(), "the default path too");
    Ok(())
}

fn guitar_help_prints_the_usage_and_exits_0() -> Result<(), String> {
    let (out, dir) = guitar(&["--help"], &[])?;
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout.starts_with(
            "usage: cargo run --release --example guitar -- [OUT.png [HARMONIC]] [--gpu]\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("  --gpu  draw the same picture"),
        "{stdout}"
    );
    assert_eq!(std::fs::read_dir(&dir.0).map(|d| d.count()).ok(), Some(0));
    Ok(())
}

fn guitar_refuses_an_unknown_argument_with_the_usage_and_exit_2() -> Result<(), String> {
    for (words, reason) in [
        (&["--bogus"][..], "error: unknown option --bogus\n"),
        (&["out.png", "1", "3"], "error: unexpected argument 3\n"),
        (
            &["out.png", "two"],
            "error: HARMONIC two: expected a number\n",
        ),
    ] {
        let (out, dir) = guitar(words, &[])?;
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{words:?}: {stderr}");
        assert!(stderr.starts_with(reason), "{words:?}: {stderr}");
        assert!(
            stderr.contains("usage: cargo run --release --example guitar"),
            "{stderr}"
        );
        assert!(!dir.0.join("out.png").exists());
    }
    Ok(())
}

fn guitar_says_a_write_failure_as_a_sentence_with_the_path() -> Result<(), String> {
    let (out, _dir) = guitar(&["no/such/dir/out.png"], &[])?;
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: cannot write no/such/dir/out.png: "),
        "{stderr}"
    );
    assert!(!looks_like_debug_text(&stderr), "{stderr}");
    Ok(())
}

fn guitar_gpu_without_a_gpu_is_a_sentence_and_exit_1() -> Result<(), String> {
    // A backend this machine has no adapter for (wgpu reads WGPU_BACKEND): with the feature
    // `gpu` the example finds no adapter; without it, `--gpu` is refused before anything is drawn.
    let (out, dir) = guitar(&["out.png", "--gpu"], &[("WGPU_BACKEND", "metal")])?;
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let expected = if cfg!(feature = "gpu") {
        "error: --gpu: cannot draw on the GPU: no adapter"
    } else {
        "error: --gpu draws with the GpuRenderer, which this build lacks: run `cargo run --release \
         --features gpu --example guitar -- --gpu`"
    };
    assert!(
        stderr.starts_with(expected),
        "{stderr}\n(the examples are built with the test's features)"
    );
    assert!(!looks_like_debug_text(&stderr), "{stderr}");
    assert!(!dir.0.join("out.png").exists());
    Ok(())
}

/// A test of the example run as a process: `Err` when it cannot be run.
type ProcessTest = fn() -> Result<(), String>;

fn main() -> ExitCode {
    // Only without the feature does the list grow.
    #[cfg_attr(feature = "gpu", allow(unused_mut))]
    let mut plain: Vec<(&str, fn())> = vec![
        (
            "an_unknown_option_is_refused_by_name",
            an_unknown_option_is_refused_by_name,
        ),
        (
            "an_argument_past_the_last_is_refused_by_name",
            an_argument_past_the_last_is_refused_by_name,
        ),
        (
            "help_wins_over_everything_else",
            help_wins_over_everything_else,
        ),
        (
            "gpu_is_taken_out_wherever_it_stands",
            gpu_is_taken_out_wherever_it_stands,
        ),
        (
            "an_example_that_takes_no_gpu_refuses_it",
            an_example_that_takes_no_gpu_refuses_it,
        ),
        (
            "the_output_path_is_the_first_argument_or_the_default",
            the_output_path_is_the_first_argument_or_the_default,
        ),
    ];
    #[cfg(not(feature = "gpu"))]
    plain.push((
        "without_the_feature_a_gpu_renderer_is_refused_with_a_sentence",
        without_the_feature_a_gpu_renderer_is_refused_with_a_sentence,
    ));
    let processes: [(&str, ProcessTest); 5] = [
        (
            "guitar_out_png_writes_out_png",
            guitar_out_png_writes_out_png,
        ),
        (
            "guitar_help_prints_the_usage_and_exits_0",
            guitar_help_prints_the_usage_and_exits_0,
        ),
        (
            "guitar_refuses_an_unknown_argument_with_the_usage_and_exit_2",
            guitar_refuses_an_unknown_argument_with_the_usage_and_exit_2,
        ),
        (
            "guitar_says_a_write_failure_as_a_sentence_with_the_path",
            guitar_says_a_write_failure_as_a_sentence_with_the_path,
        ),
        (
            "guitar_gpu_without_a_gpu_is_a_sentence_and_exit_1",
            guitar_gpu_without_a_gpu_is_a_sentence_and_exit_1,
        ),
    ];
    let mut trials: Vec<Trial> = plain
        .into_iter()
        .map(|(name, test)| {
            Trial::test(name, move || {
                test();
                Ok(())
            })
        })
        .collect();
    // Without the example built, a process test is ignored with the reason, never passed unrun.
    trials.extend(processes.into_iter().map(|(name, test)| {
        Trial::ignorable_test(name, move || match example("guitar") {
            Err(why) => Ok(Completion::ignored_with(why)),
            Ok(_) => test().map(|()| Completion::Completed).map_err(Failed::from),
        })
    }));
    libtest_mimic::run(&Arguments::from_args(), trials).exit_code()
}
