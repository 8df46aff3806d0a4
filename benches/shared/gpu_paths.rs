//! The GPU paths of a bench (with `--features gpu` and an adapter): one scene drawn by the
//! kernel, the interpreted pipelines and the native ones, each after a first frame that builds
//! its pipelines, as `NAME_kernel`, `NAME_interpreted`, `NAME_native` in the caller's group.

use tsl::raster::gpu::{gpu, GpuPath, GpuRenderer};
use tsl::raster::*;

/// Measure `scene` on each GPU path under `name`; without an adapter, say so and measure none.
pub fn gpu_paths(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    settings: &RenderSettings,
    (scene, camera, assets): (&Scene, &Camera, &Assets),
) {
    let gpu = match gpu() {
        Ok(gpu) => gpu,
        Err(e) => {
            eprintln!("no wgpu adapter, the GPU paths not measured: {e}");
            return;
        }
    };
    println!("adapter: {} ({:?})", gpu.info.name, gpu.info.backend);
    for (path, suffix) in [
        (GpuPath::Kernel, "kernel"),
        (GpuPath::Interpreted, "interpreted"),
        (GpuPath::Native, "native"),
    ] {
        group.bench_function(format!("{name}_{suffix}"), |b| {
            // The first frame builds the pipelines (here, so that a filtered-out path costs none).
            let mut renderer = GpuRenderer::new(gpu, settings.clone()).with_path(path);
            renderer
                .render(scene, camera, assets)
                .expect("the first frame draws");
            b.iter(|| renderer.render(scene, camera, assets).expect("draws"))
        });
    }
}
