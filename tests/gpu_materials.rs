//! The post-processing material's ambient occlusion (R-READY-3) on the GPU renderer: the wall of
//! `ao_wall/` drawn by `GpuRenderer` (the interpreted pipelines, as `gpu_three.rs`) and held to
//! the same values worked out by hand as `tests/materials.rs` holds the CPU to. Without an adapter
//! each test is reported as ignored; with `REQUIRE_GPU` set it fails instead (`gpu_harness/`).

mod ao_wall;
mod gpu_harness;

use ao_wall::{hold_to_hand, wall, AoCase, AO_CASES, SIZE};
use std::process::ExitCode;
use tsl::raster::gpu::{Gpu, GpuPath, GpuRenderer};
use tsl::raster::{Assets, RenderSettings};

fn on_the_gpu(gpu: &'static Gpu, case: &AoCase) {
    let mut assets = Assets::new();
    let program = (case.program)(&mut assets);
    let (scene, camera) = wall(program, &mut assets);
    let mut renderer =
        GpuRenderer::new(gpu, RenderSettings::new(SIZE, SIZE)).with_path(GpuPath::Interpreted);
    let image = renderer
        .render_linear(&scene, &camera, &assets)
        .expect("the GPU renders");
    hold_to_hand(case, &image);
}

fn main() -> ExitCode {
    gpu_harness::run(
        AO_CASES
            .iter()
            .map(|case| -> gpu_harness::GpuTest {
                (
                    case.name.to_string(),
                    Box::new(move |gpu| on_the_gpu(gpu, case)),
                )
            })
            .collect(),
    )
}
