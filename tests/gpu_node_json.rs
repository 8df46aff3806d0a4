//! The GPU renderer draws materials read from three.js r187's own node JSON
//! (docs/node_json.md): two cases of tools/three_cases/, their materials read from three's
//! `scene.toJSON()` (tests/fixtures/node_json/), held to three's canvases with the bounds of
//! `three_cases/fidelity.rs`, as `node_json.rs` holds the CPU renderer.
//!
//! Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it fails instead
//! (the harness, `gpu_harness/`).

mod gpu_harness;
mod node_json_support;
mod three_cases;

use node_json_support::{from_three_json, Take};
use std::process::ExitCode;
use three_cases::fidelity::hold_to_three;
use tsl_raster::gpu::{Gpu, GpuPath, GpuRenderer};

/// Draw case `name` with its materials from three's JSON on the GPU (the interpreted path, as
/// `gpu_three.rs` draws) and hold it to three.js's render.
fn check(gpu: &'static Gpu, name: &'static str) {
    let case = three_cases::case(name);
    let scene = from_three_json(
        (case.scene)(),
        &format!("{name}.scene.json"),
        Take::Material,
        &[],
    );
    let cpu = (case.renderer)();
    let mut renderer = GpuRenderer::new(gpu, cpu.settings.clone()).with_path(GpuPath::Interpreted);
    let linear = renderer
        .render_linear(&scene.scene, &scene.camera, &scene.assets)
        .expect("the GPU renders");
    let image = cpu.settings.encode(&linear);
    hold_to_three(case, &scene, &cpu, "GPU from three's JSON", &image, &linear);
}

fn main() -> ExitCode {
    gpu_harness::run(
        ["unlit_color_node", "outputs_alpha_test"]
            .into_iter()
            .map(|name| -> gpu_harness::GpuTest {
                (
                    format!("{name}_from_three_json_matches_three"),
                    Box::new(move |gpu| check(gpu, name)),
                )
            })
            .collect(),
    )
}
