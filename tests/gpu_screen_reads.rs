//! Screen reads on every GPU path (R-SCREEN-1): the scene of `tests/screen_reads.rs`
//! (`screen_reads_scene/`), held to the same hand-worked values, and the same refusal without a
//! target; and PHYSICAL transmission (R-SCREEN-3) on every path, held to the same hand-worked
//! bicubic reads as `tests/screen_reads.rs`, and both under a clearcoat and on a metal.

#[macro_use]
mod gpu_harness;
mod screen_reads_scene;

use screen_reads_scene::*;
use tsl::raster::gpu::{Gpu, GpuPath, GpuRenderer};
use tsl::raster::{Refusal, RenderError};

gpu_tests![
    each_path_reads_the_opaque_pass_behind,
    the_gpu_refuses_a_screen_read_without_a_target,
    each_path_mixes_the_backdrop_by_its_alpha,
    the_lit_view_reads_white_on_the_gpu,
    each_path_transmits_the_opaque_pass,
    each_path_lays_a_clearcoat_over_the_backdrop_and_transmission,
    each_path_draws_both_sides_and_dispersion_as_the_cpu,
];

/// The bound per channel: the GPU's f32 arithmetic on exact decimals.
const BOUND: f32 = 1e-5;

const PATHS: [GpuPath; 4] = [
    GpuPath::Kernel,
    GpuPath::Interpreted,
    GpuPath::Hybrid,
    GpuPath::Native,
];

/// Render `c` on `path`; on a native path again once the emitted module is built, so that the
/// image is the native code's.
fn render(gpu: &'static Gpu, c: &ScreenCase, path: GpuPath) -> tsl::raster::LinearImage {
    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(path);
    let mut image = r.render_linear(&c.scene, &c.camera, &c.assets).unwrap();
    if matches!(path, GpuPath::Hybrid | GpuPath::Native) {
        r.wait_for_native();
        image = r.render_linear(&c.scene, &c.camera, &c.assets).unwrap();
    }
    image
}

fn each_path_reads_the_opaque_pass_behind(gpu: &'static Gpu) {
    for transparent in [false, true] {
        let c = screen_case(transparent);
        for path in PATHS {
            let who = format!("{path:?}, transparent {transparent}");
            check(&render(gpu, &c, path), BOUND, &who);
        }
    }
}

fn each_path_mixes_the_backdrop_by_its_alpha(gpu: &'static Gpu) {
    use tsl::prelude::Color;
    let c = backdrop_case(tsl::raster::Material::basic(Color::linear(0.0, 0.0, 1.0)));
    for path in PATHS {
        let who = format!("{path:?} backdrop");
        check_with(&render(gpu, &c, path), expected_backdrop, BOUND, &who);
    }
}

fn the_gpu_refuses_a_screen_read_without_a_target(gpu: &'static Gpu) {
    let c = screen_case(false);
    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(GpuPath::Interpreted);
    let refused = r
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::NoTransmissionTarget {
            object: 1,
            given: None
        })
    );
    let target = r.opaque_pass(&c.scene, &c.camera, &c.assets).unwrap();
    let image = r
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap();
    check(&image, BOUND, "GPU, given target");
}

fn the_lit_view_reads_white_on_the_gpu(gpu: &'static Gpu) {
    let c = screen_case(false);
    let mut settings = c.settings.clone();
    settings.shading = tsl::raster::Shading::Lit;
    for path in PATHS {
        let mut r = GpuRenderer::new(gpu, settings.clone()).with_path(path);
        let image = r
            .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
            .unwrap();
        // White × 0.5 on an unlit BASIC material: 0.5 everywhere.
        for p in image.pixels() {
            assert_eq!(&p[..3], &[0.5, 0.5, 0.5], "{path:?}");
        }
    }
}

fn each_path_transmits_the_opaque_pass(gpu: &'static Gpu) {
    use tsl::prelude::Color;
    for (color, transmission, want) in transmission_checks() {
        let c = transmission_case(color, transmission);
        for path in PATHS {
            let who = format!("{path:?} transmission {transmission}");
            check_with(&render(gpu, &c, path), want, BOUND, &who);
        }
    }
    // Refused without a target, as on the CPU.
    let c = transmission_case(Color::WHITE, 1.0);
    let refused = GpuRenderer::new(gpu, c.settings.clone())
        .with_path(GpuPath::Interpreted)
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::NoTransmissionTarget {
            object: 1,
            given: None
        })
    );
}

fn each_path_lays_a_clearcoat_over_the_backdrop_and_transmission(gpu: &'static Gpu) {
    // R-SCREEN-2 and R-SCREEN-3 under a clearcoat and on a metal, as on the CPU
    // (screen_reads_scene's layered_cases, by hand).
    for (who, c, want) in layered_cases() {
        for path in PATHS {
            check_columns(
                &render(gpu, &c, path),
                &want,
                BOUND,
                &format!("{path:?} {who}"),
            );
        }
    }
}

/// Double-sided transmission (three's back-face pass) with dispersion on every path, held to the
/// CPU renderer's image (which `raster_three.rs` holds to three.js): the transmissive plane
/// turned a little (its front face seen) and turned past 90° (its back face seen).
fn each_path_draws_both_sides_and_dispersion_as_the_cpu(gpu: &'static Gpu) {
    use tsl::raster::{Renderer, Side};
    for turn in [0.3f32, std::f32::consts::PI - 0.3] {
        let mut c = transmission_case(tsl::prelude::Color::WHITE, 1.0);
        let front = c.scene.objects()[1].mesh.unwrap().material;
        let m = c.assets.materials.get_mut(front).unwrap();
        (m.thickness, m.dispersion, m.side) = (0.5, 5.0, Side::Double);
        let id = tsl::raster::ObjectId(1);
        c.scene
            .object_mut(id)
            .unwrap()
            .transform
            .set_euler(0.0, turn, 0.0);
        let cpu = Renderer::new(c.settings.clone())
            .render_linear(&c.scene, &c.camera, &c.assets)
            .unwrap();
        for path in PATHS {
            let image = render(gpu, &c, path);
            for (got, want) in image.pixels().iter().zip(cpu.pixels()) {
                for k in 0..4 {
                    assert!(
                        (got[k] - want[k]).abs() <= 1e-3,
                        "{path:?}, turned {turn}: {got:?}, the CPU's {want:?}"
                    );
                }
            }
        }
    }
}
