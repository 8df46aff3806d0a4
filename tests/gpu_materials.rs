//! The ready materials on the GPU renderer (`GpuRenderer`, the interpreted pipelines, as
//! `gpu_three.rs`): the wood boxes of `examples/tsl_wood.rs` held to three.js's canvases at
//! `tests/tsl_oracle.rs`'s bound (R-READY-2), and the post-processing material's wall of
//! `ao_wall/` held to the values worked out by hand that `tests/materials.rs` holds the CPU to
//! (R-READY-3). Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it
//! fails instead (`gpu_harness/`).

mod ao_wall;
mod gpu_harness;
mod three_tsl_fixture;
#[path = "../examples/tsl_wood.rs"]
#[allow(dead_code)]
mod tsl_wood;

use ao_wall::{hold_to_hand, wall, AoCase, AO_CASES, SIZE};
use std::process::ExitCode;
use three_tsl_fixture::{compare, fixture};
use tsl::raster::gpu::{Gpu, GpuPath, GpuRenderer};
use tsl::raster::{Assets, Camera, RenderSettings, Scene};

/// The wood scenes and the cases of `tools/three_tsl_cases/` that three.js drew them in.
type WoodScene = fn() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>>;
const WOOD: [(&str, WoodScene); 2] = [
    ("tsl_wood", tsl_wood::scene),
    ("tsl_wood_finishes", tsl_wood::finishes_scene),
];

/// Draw the wood scene on the GPU at the fixture's size and hold it to three.js's canvas: a mean
/// difference under 1/255, 99% of the channel values within 3/255.
fn wood_on_the_gpu(gpu: &'static Gpu, name: &str, scene: WoodScene) {
    let reference = fixture(name);
    let (scene, camera, assets) = scene().expect("the wood scene");
    let settings = tsl_wood::settings(reference.width(), reference.height());
    let mut renderer = GpuRenderer::new(gpu, settings).with_path(GpuPath::Interpreted);
    let image = renderer
        .render(&scene, &camera, &assets)
        .expect("the GPU renders");
    let (mean, within) = compare(&image, &reference);
    println!(
        "{name} on the GPU: mean {mean:.3}/255, {:.2}% within 3/255",
        within * 100.0
    );
    assert!(
        mean < 1.0 && within >= 0.99,
        "{name} on the GPU: mean {mean:.3}/255, {:.2}% within 3/255",
        within * 100.0
    );
}

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
    let wood = WOOD.iter().map(|&(name, scene)| -> gpu_harness::GpuTest {
        (
            format!("{name}_matches_three"),
            Box::new(move |gpu| wood_on_the_gpu(gpu, name, scene)),
        )
    });
    let ao = AO_CASES.iter().map(|case| -> gpu_harness::GpuTest {
        (
            case.name.to_string(),
            Box::new(move |gpu| on_the_gpu(gpu, case)),
        )
    });
    gpu_harness::run(wood.chain(ao).collect())
}
