//! The harness of the GPU test targets (`harness = false` in Cargo.toml): libtest's command line
//! and summary line (through `libtest-mimic`), with each test told whether it ran.
//!
//! Each test asks for the process's adapter ([`gpu`]) when it starts. With one, it runs. Without
//! one, it is reported as ignored with the reason, so the summary line counts it as
//! `N ignored` and never as `ok`; when the environment sets `REQUIRE_GPU` (as `.ci/run` does) it
//! fails instead, so that a missing driver cannot pass CI. The decision is the harness's: the
//! library's [`gpu`] only says why there is no device.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::process::ExitCode;
use tsl_raster::gpu::{gpu, Gpu};

/// One GPU test: its name and its body, given the device.
pub type GpuTest = (String, Box<dyn FnOnce(&'static Gpu) + Send>);

/// Whether the environment asks for a missing adapter to fail the tests (`REQUIRE_GPU` set to
/// anything but empty or `0`).
fn gpu_required() -> bool {
    std::env::var("REQUIRE_GPU").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// One test: run with the device, ignored without one, failed without one when required.
fn trial((name, body): GpuTest) -> Trial {
    Trial::ignorable_test(name, move || match gpu() {
        Ok(device) => {
            body(device);
            Ok(Completion::Completed)
        }
        Err(e) if gpu_required() => Err(Failed::from(format!(
            "REQUIRE_GPU is set but there is no wgpu adapter: {e}"
        ))),
        Err(e) => Ok(Completion::ignored_with(format!("no wgpu adapter: {e}"))),
    })
}

/// Run `tests` with libtest's arguments; the exit code is libtest's (failure when any failed).
#[allow(dead_code)] // gpu_three.rs runs with gaps
pub fn run(tests: Vec<GpuTest>) -> ExitCode {
    run_with_gaps(tests, &[])
}

/// [`run`], with the tests named in `gaps` (a name and why) reported as ignored with the reason
/// instead of run: a known gap of the GPU renderer, listed where it is seen, until it is closed.
pub fn run_with_gaps(tests: Vec<GpuTest>, gaps: &[(&str, &'static str)]) -> ExitCode {
    let args = Arguments::from_args();
    let trials = tests
        .into_iter()
        .map(|test| match gaps.iter().find(|(name, _)| *name == test.0) {
            Some(&(_, why)) => {
                Trial::ignorable_test(test.0, move || Ok(Completion::ignored_with(why)))
            }
            None => trial(test),
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// `fn main` of a GPU test target whose tests are functions (`fn(&'static Gpu)`): each named
/// function is a test of that name. A function left out of the list is dead code, which the
/// lints refuse.
#[allow(unused_macros)] // a target whose tests are data calls `run` itself
macro_rules! gpu_tests {
    ($($test:ident),* $(,)?) => {
        fn main() -> std::process::ExitCode {
            gpu_harness::run(vec![$((
                stringify!($test).to_string(),
                Box::new($test as fn(&'static tsl_raster::gpu::Gpu)) as Box<dyn FnOnce(&'static tsl_raster::gpu::Gpu) + Send>,
            )),*])
        }
    };
}
