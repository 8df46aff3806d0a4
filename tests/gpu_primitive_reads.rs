//! What a point or a line reads and casts on the GPU renderer (R-PRIM-5, R-PRIM-7, R-PRIM-8):
//! the scenes of `tests/primitive_reads.rs` (`primitive_reads_scene/`), held to the same
//! values worked by hand, on the interpreted path and on the native path (whose texture reads
//! go through the same `texture_of`).

#[macro_use]
mod gpu_harness;
mod primitive_reads_scene;

use primitive_reads_scene::*;
use tsl::raster::gpu::{Gpu, GpuPath, GpuRenderer};

gpu_tests![
    the_gpu_reads_the_screen_as_white_on_a_point_and_a_line,
    the_gpu_reads_a_point_s_level_by_its_width_and_a_line_s_full_size_level,
    the_gpu_draws_a_point_s_and_a_line_s_shadow,
];

/// The bound per channel: the GPU's f32 arithmetic on the same texels.
const BOUND: f32 = 1e-5;

const PATHS: [GpuPath; 2] = [GpuPath::Interpreted, GpuPath::Native];

/// Render `c` on `path`; on the native path again once the emitted module is built, so that the
/// image is the native code's.
fn render(gpu: &'static Gpu, c: &Case, path: GpuPath) -> tsl::raster::LinearImage {
    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(path);
    let mut image = r.render_linear(&c.scene, &c.camera, &c.assets).unwrap();
    if path == GpuPath::Native {
        r.wait_for_native();
        image = r.render_linear(&c.scene, &c.camera, &c.assets).unwrap();
    }
    image
}

fn the_gpu_reads_the_screen_as_white_on_a_point_and_a_line(gpu: &'static Gpu) {
    for mesh_reader in [false, true] {
        let c = screen_case(mesh_reader);
        for path in PATHS {
            let who = format!("{path:?}, mesh reader {mesh_reader}");
            check_screen(&render(gpu, &c, path), mesh_reader, BOUND, &who);
        }
    }
}

fn the_gpu_reads_a_point_s_level_by_its_width_and_a_line_s_full_size_level(gpu: &'static Gpu) {
    let c = level_case();
    for path in PATHS {
        check_levels(&render(gpu, &c, path), BOUND, &format!("{path:?}"));
    }
}

fn the_gpu_draws_a_point_s_and_a_line_s_shadow(gpu: &'static Gpu) {
    for (point, line) in [(true, false), (false, true), (true, true)] {
        let c = shadow_case(point, line);
        let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(GpuPath::Interpreted);
        let image = r.render(&c.scene, &c.camera, &c.assets).unwrap();
        check_shadow(
            &image,
            point,
            line,
            &format!("GPU point {point} line {line}"),
        );
    }
}
