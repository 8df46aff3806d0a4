//! The GPU renderer (`tsl_raster::gpu::GpuRenderer`) on its three ways of drawing, beside the CPU
//! renderer on all threads, in one run so that the figures compare as ratios:
//!
//! - `graph_1280x720_*`: a full 1280×720 frame of the graph example (the first graph (R-EX-1,
//!   docs/requirements.md) on a lit sphere and plane, STANDARD under ambient, hemisphere and
//!   directional light);
//! - `spin_36_frames_*`: spin's 36 frames of 240×180 (`examples/spin.rs`, the Mojo port's
//!   workload), the sphere turned and the time changed each frame;
//!
//! each on `cpu` (the CPU `Renderer`), `kernel` (`GpuPath::Kernel`: the compute kernel with the
//! bytecode interpreter), `interpreted` (`GpuPath::Interpreted`: render pipelines, the interpreter
//! per fragment) and `native` (`GpuPath::Native`: render pipelines with the program emitted as
//! native code). Before the timed runs it prints the latency of a new graph on `GpuPath::Hybrid`:
//! its first frame (the interpreter draws it) and how long until its native pipeline serves.
//!
//! Figures in docs/PERF.md; rerun with `NODEVICE_SELECT=1 cargo bench --features gpu --bench
//! gpu_frame` (Mesa's lavapipe on a machine without a GPU). Without an adapter it says why and
//! measures nothing.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/shared/graph_scene.rs"]
mod graph_scene;
#[path = "../examples/shared/spin_scene.rs"]
mod spin_scene;

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use tsl::prelude::*;
use tsl::raster::gpu::{gpu, Gpu, GpuPath, GpuRenderer};
use tsl::raster::{Assets, Camera, RenderSettings, Renderer, Scene};

/// The GPU paths measured, with their names in the benchmark ids.
const PATHS: [(GpuPath, &str); 3] = [
    (GpuPath::Kernel, "kernel"),
    (GpuPath::Interpreted, "interpreted"),
    (GpuPath::Native, "native"),
];

/// The worst channel difference between two frames, in 1/255.
fn worst(a: &tsl::raster::Image, b: &tsl::raster::Image) -> u8 {
    a.data()
        .iter()
        .zip(b.data())
        .map(|(x, y)| x.abs_diff(*y))
        .max()
        .unwrap_or(0)
}

/// A graph of the same shape as the graph example's but a constant of its own, so that its
/// native pipeline is new to every renderer and cache.
fn fresh_program(salt: f32) -> NodeProgram {
    let graph = NodeGraph::new();
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0 + salt)));
    let mixed = graph.mix(
        graph.swizzle(graph.vertex_color(), "rgb"),
        graph.color(Color::from_srgb8(255, 120, 40)),
        graph.mul(wave, graph.float(0.5)),
    );
    graph.set_output(COLOR_NODE, mixed).expect("a vec3 colour");
    graph.compile().expect("the graph compiles")
}

/// The latency of a new graph on `GpuPath::Hybrid`: the first frame, then frames until one of
/// them draws natively.
fn new_graph_latency(gpu: &Gpu, settings: &RenderSettings) {
    let salt = (std::process::id() % 1000) as f32 * 1e-3;
    let program = fresh_program(salt);
    let Ok((scene, camera, assets)) = graph_scene::graph_scene(program.clone()) else {
        return;
    };
    let mut renderer = GpuRenderer::new(gpu, settings.clone()).with_path(GpuPath::Hybrid);
    let start = Instant::now();
    if let Err(e) = renderer.render(&scene, &camera, &assets) {
        println!("new graph: the first frame failed: {e}");
        return;
    }
    let first = start.elapsed();
    let mut frames = 1;
    while renderer.native_passes() == 0 && start.elapsed() < Duration::from_secs(120) {
        if renderer.render(&scene, &camera, &assets).is_err() {
            break;
        }
        frames += 1;
    }
    let native = start.elapsed();
    let status = renderer.native_status(&program);
    println!(
        "new graph on Hybrid at {}×{}: first frame {first:.2?} (the interpreter); a native frame \
         after {native:.2?} ({frames} frames; status {status:?})",
        settings.width, settings.height
    );
}

/// Draw `scene` on every path once (pipelines built, shaders compiled), say how each compares
/// with the CPU's frame, and return the renderers.
fn warmed<'g>(
    gpu: &'g Gpu,
    settings: &RenderSettings,
    scene: &Scene,
    camera: &Camera,
    assets: &Assets,
    reference: &tsl::raster::Image,
) -> Vec<(GpuRenderer<'g>, &'static str)> {
    let mut renderers = Vec::new();
    for (path, name) in PATHS {
        let mut renderer = GpuRenderer::new(gpu, settings.clone()).with_path(path);
        let start = Instant::now();
        match renderer.render(scene, camera, assets) {
            Ok(image) => println!(
                "{name}: first frame {:.2?} (pipelines included), worst channel against the CPU \
                 {}/255",
                start.elapsed(),
                worst(&image, reference)
            ),
            Err(e) => {
                println!("{name}: cannot draw: {e}");
                continue;
            }
        }
        renderers.push((renderer, name));
    }
    renderers
}

fn frames(c: &mut Criterion) {
    let gpu = match gpu() {
        Ok(gpu) => gpu,
        Err(e) => {
            eprintln!("no wgpu adapter, nothing measured: {e}");
            return;
        }
    };
    println!("adapter: {} ({:?})", gpu.info.name, gpu.info.backend);
    let threads = rayon::current_num_threads();

    // The graph frame.
    let program = graph_scene::graph_program().expect("the graph compiles");
    let (scene, camera, assets) = graph_scene::graph_scene(program).expect("the scene builds");
    let mut cpu = Renderer::new(RenderSettings::new(1280, 720));
    cpu.settings.time = 1.5;
    new_graph_latency(gpu, &cpu.settings);
    let reference = cpu.render(&scene, &camera, &assets).expect("the CPU draws");
    let mut renderers = warmed(gpu, &cpu.settings, &scene, &camera, &assets, &reference);
    let mut group = c.benchmark_group("gpu_frame");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function(format!("graph_1280x720_cpu_{threads}_threads"), |b| {
        b.iter(|| cpu.render(&scene, &camera, &assets).expect("the CPU draws"))
    });
    for (renderer, name) in &mut renderers {
        group.bench_function(format!("graph_1280x720_{name}"), |b| {
            b.iter(|| renderer.render(&scene, &camera, &assets).expect("draws"))
        });
    }

    // Spin's 36 frames.
    let mut spin = spin_scene::spin_scene().expect("spin builds");
    let mut cpu = Renderer::new(RenderSettings::new(spin_scene::WIDTH, spin_scene::HEIGHT));
    spin.frame(&mut cpu.settings, 3);
    let reference = cpu
        .render(&spin.scene, &spin.camera, &spin.assets)
        .expect("the CPU draws");
    let mut renderers = warmed(
        gpu,
        &cpu.settings,
        &spin.scene,
        &spin.camera,
        &spin.assets,
        &reference,
    );
    group.bench_function(format!("spin_36_frames_cpu_{threads}_threads"), |b| {
        b.iter(|| {
            for i in 0..spin_scene::FRAMES {
                spin.frame(&mut cpu.settings, i);
                cpu.render(&spin.scene, &spin.camera, &spin.assets)
                    .expect("the CPU draws");
            }
        })
    });
    for (renderer, name) in &mut renderers {
        group.bench_function(format!("spin_36_frames_{name}"), |b| {
            b.iter(|| {
                for i in 0..spin_scene::FRAMES {
                    spin.frame(&mut renderer.settings, i);
                    renderer
                        .render(&spin.scene, &spin.camera, &spin.assets)
                        .expect("draws");
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
