//! The GPU renderer (`tsl_raster::gpu::GpuRenderer`): a full 1280×720 frame of the graph example
//! (the first graph (R-EX-1, docs/requirements.md) on a lit sphere and plane, STANDARD under
//! ambient, hemisphere and directional light), next to the CPU renderer's frame of the same scene
//! on all threads. Figures in docs/gpu.md; rerun with `cargo bench --features gpu --bench
//! gpu_frame` (on a machine without a GPU, Mesa's lavapipe: `NODEVICE_SELECT=1`). Without an
//! adapter it says why and measures nothing.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/shared/graph_scene.rs"]
mod graph_scene;

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use tsl::raster::gpu::{gpu, GpuRenderer};
use tsl::raster::{RenderSettings, Renderer};

fn frame(c: &mut Criterion) {
    let gpu = match gpu() {
        Ok(gpu) => gpu,
        Err(e) => {
            eprintln!("no wgpu adapter, nothing measured: {e}");
            return;
        }
    };
    let program = graph_scene::graph_program().expect("the graph compiles");
    let (scene, camera, assets) = graph_scene::graph_scene(program).expect("the scene builds");
    let mut cpu = Renderer::new(RenderSettings::new(1280, 720));
    cpu.settings.time = 1.5;
    let mut renderer = GpuRenderer::new(gpu, cpu.settings.clone());
    let t = Instant::now();
    let first = renderer
        .render(&scene, &camera, &assets)
        .expect("the GPU draws");
    println!(
        "adapter: {} ({:?}); first GPU frame (shader compile included): {:?}",
        gpu.info.name,
        gpu.info.backend,
        t.elapsed()
    );
    let reference = cpu.render(&scene, &camera, &assets).expect("the CPU draws");
    let worst = first
        .data()
        .iter()
        .zip(reference.data())
        .map(|(a, b)| a.abs_diff(*b))
        .max()
        .unwrap_or(0);
    println!("GPU against CPU on this frame: worst channel difference {worst}/255");

    let mut group = c.benchmark_group("gpu_frame");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("graph_1280x720_gpu", |b| {
        b.iter(|| {
            renderer
                .render(&scene, &camera, &assets)
                .expect("the GPU draws")
        })
    });
    let threads = rayon::current_num_threads();
    group.bench_function(format!("graph_1280x720_cpu_{threads}_threads"), |b| {
        b.iter(|| cpu.render(&scene, &camera, &assets).expect("the CPU draws"))
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
