//! A standalone module in a wgpu app of its own (R-GPU-12, docs/requirements.md): the app of
//! `examples/wgpu_custom.rs` draws its `#[tsl_fn]` program on a full-screen quad, and a few
//! pixels of two frames (the uniform moved and the block written again between them) are held
//! to the reference interpreter (`NodeProgram::evaluate`) at those pixels' uv, worked out from
//! the quad: the pixel (x, y), rows from the top, has its centre at uv
//! ((x + 0.5) / width, 1 - (y + 0.5) / height).
//!
//! The target is `Rgba8UnormSrgb`: the expected byte is the reference's linear value through
//! the sRGB transfer function (IEC 61966-2-1), rounded, and the GPU's may differ by one.

#[path = "../examples/shared/wgpu_custom_app.rs"]
#[allow(dead_code)]
mod wgpu_custom_app;
#[macro_use]
mod gpu_harness;

use tsl::core::native::NativeFrame;
use tsl::prelude::*;
use tsl::raster::gpu::Gpu;
use wgpu_custom_app::{program, CustomApp};

gpu_tests!(
    the_custom_app_draws_the_reference_interpreters_pixels,
    frag_coord_front_facing_and_derivatives_are_the_references
);

/// The sRGB encoding of a linear value in [0, 1], as a byte.
fn srgb_byte(linear: f32) -> u8 {
    let c = f64::from(linear.clamp(0.0, 1.0));
    let s = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

fn the_custom_app_draws_the_reference_interpreters_pixels(gpu: &'static Gpu) {
    let (width, height) = (64u32, 48u32);
    let mut program = program().unwrap();
    let app = CustomApp::new(&gpu.device, &program, width, height).unwrap();
    let frame = NativeFrame {
        resolution: Vec2::new(width as f32, height as f32),
        projection: Mat4::IDENTITY,
        model: Mat4::IDENTITY,
    };
    let pixels_checked = [(0, 0), (5, 40), (31, 23), (32, 24), (63, 47), (50, 7)];
    let mut differing_frames = 0;
    let mut previous: Option<Vec<u8>> = None;
    for (time, centre) in [(0.0, Vec2::new(0.5, 0.5)), (0.7, Vec2::new(0.2, 0.9))] {
        program.set_frame(time, Mat4::IDENTITY);
        program.set_uniform("centre", centre).unwrap();
        let pixels = app.draw(&gpu.device, &gpu.queue, &program, &frame).unwrap();
        assert_eq!(pixels.len(), (4 * width * height) as usize);
        for (x, y) in pixels_checked {
            let uv = Vec2::new(
                (x as f32 + 0.5) / width as f32,
                1.0 - (y as f32 + 0.5) / height as f32,
            );
            let fragment = Fragment {
                uv,
                vertex_color: Vec3::ONE,
                ..Fragment::default()
            };
            let rgb = program.evaluate(COLOR_NODE, &fragment).unwrap();
            let at = (4 * (y * width + x)) as usize;
            let got = &pixels[at..at + 4];
            for k in 0..3 {
                let expected = srgb_byte(rgb[k]);
                assert!(
                    got[k].abs_diff(expected) <= 1,
                    "time {time}, pixel ({x}, {y}) channel {k}: GPU {} reference {expected} \
                     (linear {})",
                    got[k],
                    rgb[k]
                );
            }
            // No opacity node: alpha 1.
            assert_eq!(got[3], 255, "pixel ({x}, {y}) alpha");
        }
        if previous.as_ref().is_some_and(|p| *p != pixels) {
            differing_frames += 1;
        }
        previous = Some(pixels);
    }
    // The second frame's block (time and centre) reached the GPU.
    assert_eq!(differing_frames, 1);
}

/// `frag_coord` counts rows up from the bottom, `front_facing` is 1 on the quad (counter-clockwise
/// in clip space, wgpu's default front face), and the derivatives of uv across the quad are
/// 1/width to the right and 1/height up: alpha = (dfdx(u)·width + dfdy(v)·height) / 4 = 1/2.
fn frag_coord_front_facing_and_derivatives_are_the_references(gpu: &'static Gpu) {
    let (width, height) = (16u32, 8u32);
    let (w, h) = (width as f32, height as f32);
    let scope = Scope::new();
    let coord = frag_coord();
    scope
        .color_node(vec3(coord.x() / w, coord.y() / h, front_facing()))
        .unwrap();
    let u = uv();
    scope
        .opacity_node((dfdx(u.x()) * w + dfdy(u.y()) * h) * 0.25)
        .unwrap();
    let program = scope.compile().unwrap();
    let app = CustomApp::new(&gpu.device, &program, width, height).unwrap();
    let frame = NativeFrame {
        resolution: Vec2::new(w, h),
        projection: Mat4::IDENTITY,
        model: Mat4::IDENTITY,
    };
    let pixels = app.draw(&gpu.device, &gpu.queue, &program, &frame).unwrap();
    for (x, y) in [(0u32, 0u32), (3, 6), (15, 7), (8, 1)] {
        let (cx, cy) = (x as f32 + 0.5, h - (y as f32 + 0.5));
        let here = Fragment {
            uv: Vec2::new(cx / w, cy / h),
            frag_coord: Vec3::new(cx, cy, 0.0),
            front_facing: 1.0,
            gl_front_facing: 1.0,
            vertex_color: Vec3::ONE,
            ..Fragment::default()
        };
        let mut views = [here; VIEW_COUNT];
        views[View::Right as usize].uv.x += 1.0 / w;
        views[View::Right as usize].frag_coord.x += 1.0;
        views[View::Up as usize].uv.y += 1.0 / h;
        views[View::Up as usize].frag_coord.y += 1.0;
        let rgb = program
            .evaluate_views(COLOR_NODE, &views, &tsl::core::WhiteSampler)
            .unwrap();
        let alpha = program
            .evaluate_views(OPACITY_NODE, &views, &tsl::core::WhiteSampler)
            .unwrap();
        assert!(
            (alpha[0] - 0.5).abs() < 1e-5,
            "reference alpha {}",
            alpha[0]
        );
        assert_eq!(rgb[2], 1.0, "front facing");
        let at = (4 * (y * width + x)) as usize;
        let got = &pixels[at..at + 4];
        for k in 0..3 {
            let expected = srgb_byte(rgb[k]);
            assert!(
                got[k].abs_diff(expected) <= 1,
                "pixel ({x}, {y}) channel {k}: GPU {} reference {expected} (linear {})",
                got[k],
                rgb[k]
            );
        }
        // Alpha is stored linear: 0.5 is byte 127.5, either neighbour.
        assert!(
            got[3].abs_diff(128) <= 1,
            "pixel ({x}, {y}) alpha {}",
            got[3]
        );
    }
}
