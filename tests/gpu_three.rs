//! The GPU renderer held to three.js r187 directly: every scene of `raster_three.rs` (the case
//! files of tools/three_cases/), drawn by `GpuRenderer` with the same settings, against the same
//! fixtures and bounds (`three_cases/fidelity.rs`). `gpu_parity.rs` holds the GPU to the CPU
//! renderer, with which it shares the frame preparation, set-up, binning and output transform; this
//! test does not lean on the CPU's image, so a fault in those shared stages that the CPU's own
//! three.js test would miss on the GPU's side, or a fault in both, shows here.
//!
//! Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it fails instead
//! (the harness, `gpu_harness/`).

mod gpu_harness;
mod three_cases;

use std::process::ExitCode;
use three_cases::{fidelity::hold_to_three, ThreeCase, CASES};
use tsl_raster::gpu::{Gpu, GpuPath, GpuRenderer};

/// Draw `case` with the GPU renderer and hold it to three.js's render. The path is the
/// interpreted pipelines: what the default path (Hybrid) draws a program's first frame with. Hybrid
/// would also start building each program's native pipelines on a thread (the whole raster
/// shader, compiled again per program), which nothing here waits for but which took the CPU from
/// every later case (gpu_host's six tests took 641 s on lavapipe that way, 166 s without);
/// `gpu_parity.rs` and `gpu_native.rs` hold the native path.
fn check(gpu: &'static Gpu, case: &'static ThreeCase) {
    let scene = (case.scene)();
    let cpu = (case.renderer)();
    let mut renderer = GpuRenderer::new(gpu, cpu.settings.clone()).with_path(GpuPath::Interpreted);
    let linear = renderer
        .render_linear(&scene.scene, &scene.camera, &scene.assets)
        .expect("the GPU renders");
    let image = cpu.settings.encode(&linear);
    hold_to_three(case, &scene, &cpu, "GPU", &image, &linear);
}

/// The cases the GPU renderer draws wrong, each with why: reported as ignored, not run. None now:
/// `volume_shader` was one until the interpreter stopped spending lavapipe's loop iterations on
/// loops it never ran (R-GPU-15, docs/requirements.md).
const GPU_GAPS: &[(&str, &str)] = &[];

fn main() -> ExitCode {
    gpu_harness::run_with_gaps(
        CASES
            .iter()
            .map(|case| -> gpu_harness::GpuTest {
                (
                    format!("{}_matches_three", case.name),
                    Box::new(move |gpu| check(gpu, case)),
                )
            })
            .collect(),
        GPU_GAPS,
    )
}
