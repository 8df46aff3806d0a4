//! The CPU rasterizer, on one thread and on all threads. Figures in docs/PERF.md
//! ("## Rasterizer"); rerun with `cargo bench --bench raster`.
//!
//! - `graph_1280x720_*`: a full 1280×720 frame of the graph example (the first graph (R-EX-1,
//!   docs/requirements.md) on a lit sphere and plane).
//! - `spin_frame_*`: a frame of `examples/spin.rs` (240×180), a frame per iteration through its 36.
//! - `sphere_576x384_*`: the same with a dense sphere of 576×384 segments (most of its triangles
//!   smaller than a pixel); the throughput is the input triangles.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/shared/graph_scene.rs"]
mod graph_scene;
#[path = "../examples/shared/spin_scene.rs"]
mod spin_scene;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use tsl::raster::{Image, RenderSettings, Renderer, SphereGeometry};

fn frame(c: &mut Criterion) {
    let program = graph_scene::graph_program().expect("the graph compiles");
    let (scene, camera, assets) = graph_scene::graph_scene(program).expect("the scene builds");
    let mut renderer = Renderer::new(RenderSettings::new(1280, 720));
    renderer.settings.time = 1.5;
    let (_, stats) = renderer
        .render_counted(&scene, &camera, &assets)
        .expect("the frame draws");
    println!(
        "graph frame 1280×720: {} triangles, {} fragments shaded",
        stats.triangles, stats.fragments
    );
    let mut group = c.benchmark_group("raster");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(6));
    group.throughput(Throughput::Elements(stats.fragments as u64));
    let threads = rayon::current_num_threads();
    for (name, count) in [
        ("graph_1280x720_1_thread".to_string(), 1),
        (format!("graph_1280x720_{threads}_threads"), threads),
    ] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .build()
            .expect("a thread pool");
        group.bench_function(name, |b| {
            b.iter(|| {
                pool.install(|| renderer.render(&scene, &camera, &assets))
                    .expect("the frame draws")
            })
        });
    }
    group.finish();
}

/// The dense sphere's segments.
const SEGMENTS: (u32, u32) = (576, 384);

/// spin's frames (`spin_frame_*`, its own 36×24 sphere) and the dense sphere's.
fn spin(c: &mut Criterion) {
    let spin = spin_scene::spin_scene().expect("the scene builds");
    spin_frames(c, "spin_frame", spin, (36, 24));
    let dense = spin_scene::spin_scene_segments(SEGMENTS.0, SEGMENTS.1).expect("the scene builds");
    spin_frames(c, "sphere_576x384", dense, SEGMENTS);
}

/// spin's scene `spin`, whose sphere has `segments`, a frame per iteration through spin's 36 (each
/// frame drawn into the same image, as `examples/spin.rs`'s later rounds), on one thread and on
/// all; the throughput is the input triangles.
fn spin_frames(c: &mut Criterion, label: &str, mut spin: spin_scene::Spin, segments: (u32, u32)) {
    let triangles = SphereGeometry::new(0.9, segments.0, segments.1)
        .build()
        .triangle_count();
    let (width, height) = (spin_scene::WIDTH, spin_scene::HEIGHT);
    let mut renderer = Renderer::new(RenderSettings::new(width, height));
    let mut image = Image::new(width, height).expect("an image");
    let mut group = c.benchmark_group("raster");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(6));
    group.throughput(Throughput::Elements(triangles as u64));
    let threads = rayon::current_num_threads();
    for (name, count) in [
        (format!("{label}_1_thread"), 1),
        (format!("{label}_{threads}_threads"), threads),
    ] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .build()
            .expect("a thread pool");
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                spin.frame(&mut renderer.settings, i % spin_scene::FRAMES);
                i += 1;
                pool.install(|| {
                    renderer.render_into(&spin.scene, &spin.camera, &spin.assets, &mut image)
                })
                .expect("the frame draws")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frame, spin);
criterion_main!(benches);
