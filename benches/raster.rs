//! The CPU rasterizer: a full 1280×720 frame of the graph example (the first graph (R-EX-1,
//! docs/requirements.md) on a lit sphere and plane), on one thread and on all threads. Figures in
//! docs/PERF.md ("## Rasterizer"); rerun with `cargo bench --bench raster`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/shared/graph_scene.rs"]
mod graph_scene;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;
use tsl::raster::{RenderSettings, Renderer};

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

criterion_group!(benches, frame);
criterion_main!(benches);
