//! Screen and object values on every GPU path (R-VAL-14): the scenes of
//! `tests/screen_render.rs` (`screen_scene/`), held to the same hand-worked values. Each path
//! reads the per-draw copies of the program the frame makes (`Frame::add_draw_copies`); the
//! native paths emit one module for both copies (their header words are read through the hook).

#[macro_use]
mod gpu_harness;
mod screen_scene;

use screen_scene::*;
use tsl::raster::gpu::{Gpu, GpuPath, GpuRenderer};

gpu_tests![
    each_path_gives_each_mesh_its_model_position,
    each_path_runs_the_position_node_with_the_draw_s_values,
    each_path_reads_the_texture_sizes_the_frame_fills,
    each_path_reads_the_fragment_s_depth,
    each_path_gives_each_draw_its_material_s_values,
    each_path_gives_each_draw_its_physical_extension_values,
];

/// The bound per channel: the GPU's f32 arithmetic on values worked out in exact decimals.
const BOUND: f32 = 1e-5;

/// Render `case` on `path`; on a native path, wait for the emitted module and render again so
/// that the image is the native code's.
fn render(gpu: &'static Gpu, case: &ScreenCase, path: GpuPath) -> tsl::raster::LinearImage {
    let mut r = GpuRenderer::new(gpu, case.settings.clone()).with_path(path);
    let mut image = r
        .render_linear(&case.scene, &case.camera, &case.assets)
        .expect("renders");
    if matches!(path, GpuPath::Hybrid | GpuPath::Native) {
        r.wait_for_native();
        image = r
            .render_linear(&case.scene, &case.camera, &case.assets)
            .expect("renders");
        assert_eq!(r.native_passes(), 2, "{path:?}: both draws run native code");
    }
    image
}

const PATHS: [GpuPath; 4] = [
    GpuPath::Kernel,
    GpuPath::Interpreted,
    GpuPath::Hybrid,
    GpuPath::Native,
];

fn each_path_gives_each_mesh_its_model_position(gpu: &'static Gpu) {
    let case = colour_case();
    for path in PATHS {
        check_colours(&render(gpu, &case, path), BOUND, &format!("{path:?}"));
    }
}

fn each_path_gives_each_draw_its_material_s_values(gpu: &'static Gpu) {
    let case = material_case();
    for path in PATHS {
        check_material_colours(&render(gpu, &case, path), BOUND, &format!("{path:?}"));
    }
}

fn each_path_runs_the_position_node_with_the_draw_s_values(gpu: &'static Gpu) {
    let case = position_case();
    for path in PATHS {
        check_coverage(&render(gpu, &case, path), &format!("{path:?}"));
    }
}

fn each_path_reads_the_texture_sizes_the_frame_fills(gpu: &'static Gpu) {
    let case = texture_size_case();
    for path in PATHS {
        let mut r = GpuRenderer::new(gpu, case.settings.clone()).with_path(path);
        let image = r
            .render_linear(&case.scene, &case.camera, &case.assets)
            .expect("renders");
        let got = image.pixel(16, 16).unwrap();
        for k in 0..3 {
            assert!(
                (got[k] - TEXTURE_SIZE_COLOUR[k]).abs() <= BOUND,
                "{path:?}: {got:?}"
            );
        }
    }
}

/// `depth()`, `linear_depth()` and `clip_space()` (R-VAL-19) on every path: by hand, and
/// `depth()` equal to the GPU's own window depth (`frag_coord().z`).
fn each_path_reads_the_fragment_s_depth(gpu: &'static Gpu) {
    let case = depth_case();
    for path in PATHS {
        let mut r = GpuRenderer::new(gpu, case.settings.clone()).with_path(path);
        let image = r
            .render_linear(&case.scene, &case.camera, &case.assets)
            .expect("renders");
        let got = image.pixel(16, 16).unwrap();
        for k in 0..3 {
            assert!(
                (got[k] - DEPTH_COLOUR[k]).abs() <= BOUND,
                "{path:?}: {got:?}"
            );
        }
    }
}

fn each_path_gives_each_draw_its_physical_extension_values(gpu: &'static Gpu) {
    let case = physical_material_case();
    for path in PATHS {
        check_physical_colours(&render(gpu, &case, path), BOUND, &format!("{path:?}"));
    }
}
