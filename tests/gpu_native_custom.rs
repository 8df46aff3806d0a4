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
use tsl::core::{Lane, Register, TextureSampler, LANES};
use tsl::prelude::*;
use tsl::raster::gpu::Gpu;
use wgpu_custom_app::{program, CustomApp};

gpu_tests!(
    the_custom_app_draws_the_reference_interpreters_pixels,
    frag_coord_front_facing_and_derivatives_are_the_references,
    a_volume_read_draws_the_reference_interpreters_pixels,
    integer_uniforms_and_operations_draw_the_reference_interpreters_pixels
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
        hold_colour(
            &program,
            &pixels,
            (width, height),
            &pixels_checked,
            &format!("time {time}"),
        );
        if previous.as_ref().is_some_and(|p| *p != pixels) {
            differing_frames += 1;
        }
        previous = Some(pixels);
    }
    // The second frame's block (time and centre) reached the GPU.
    assert_eq!(differing_frames, 1);
}

/// The pixels `checked` of a `size` frame drawn from `program`: each colour byte within one of
/// the reference's (`evaluate` at the pixel's uv, sRGB-encoded), alpha 255 (no opacity node).
fn hold_colour(
    program: &NodeProgram,
    pixels: &[u8],
    (width, height): (u32, u32),
    checked: &[(u32, u32)],
    label: &str,
) {
    assert_eq!(pixels.len(), (4 * width * height) as usize);
    for &(x, y) in checked {
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
                "{label}, pixel ({x}, {y}) channel {k}: GPU {} reference {expected} (linear {})",
                got[k],
                rgb[k]
            );
        }
        assert_eq!(got[3], 255, "{label}, pixel ({x}, {y}) alpha");
    }
}

/// Exact integers in a standalone module (R-INT-7): `uint`, `ivec2` and `uvec3` uniforms in the
/// block (declared `u32`, `vec2<i32>`, `vec3<u32>`), read as their bits, through integer
/// operations of each kind into a colour; two frames with the uniforms set again between them,
/// each held to the reference interpreter.
fn integer_uniforms_and_operations_draw_the_reference_interpreters_pixels(gpu: &'static Gpu) {
    let (width, height) = (40u32, 32u32);
    let g = NodeGraph::new();
    let seed = g.named_uniform("seed", 0x9E37_79B9u32);
    let pair = g.named_uniform("pair", [-7i32, 3]);
    let wide = g.named_uniform("wide", [0xFF00_0000u32, 1, 0x8000_0000]);
    // A byte of a hash of the pixel's column and the seed.
    let column = g.to_uint(g.to_int(g.mul(g.swizzle(g.uv(), "x"), g.float(40.0))));
    let h = g.mul(g.bit_xor(column, seed), g.uint(0x85EB_CA6B));
    let r = g.bit_and(g.shift_right(h, g.uint(24)), g.uint(255));
    // |x * y| % 256 of the signed pair, plus the row.
    let row = g.to_int(g.mul(g.swizzle(g.uv(), "y"), g.float(32.0)));
    let product = g.mul(g.swizzle(pair, "x"), g.swizzle(pair, "y"));
    let gr = g.rem(g.add(g.abs(product), row), g.int32(256));
    // The top byte of the largest of `wide`'s components.
    let top = g.max(
        g.max(g.swizzle(wide, "x"), g.swizzle(wide, "y")),
        g.swizzle(wide, "z"),
    );
    let b = g.shift_right(top, g.uint(24));
    let byte = |v: NodeRef| g.div(g.to_float(v), g.float(255.0));
    g.set_output(COLOR_NODE, g.join(&[byte(r), byte(gr), byte(b)]))
        .unwrap();
    let mut program = g.compile().unwrap();
    let app = CustomApp::new(&gpu.device, &program, width, height).unwrap();
    let frame = NativeFrame {
        resolution: Vec2::new(width as f32, height as f32),
        projection: Mat4::IDENTITY,
        model: Mat4::IDENTITY,
    };
    let checked = [(0, 0), (3, 30), (17, 9), (20, 16), (39, 31), (31, 4)];
    let first = app.draw(&gpu.device, &gpu.queue, &program, &frame).unwrap();
    hold_colour(&program, &first, (width, height), &checked, "first frame");
    program.set_uniform_uint("seed", 0x1234_5678u32).unwrap();
    program.set_uniform_int("pair", [-100i32, -9]).unwrap();
    program
        .set_uniform_uint("wide", [7u32, 0x7F00_0000, 0x0100_0000])
        .unwrap();
    let second = app.draw(&gpu.device, &gpu.queue, &program, &frame).unwrap();
    hold_colour(&program, &second, (width, height), &checked, "second frame");
    assert_ne!(first, second, "the second frame's block reached the GPU");
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

/// The reference interpreter's volume reads: `Texture3d::sample`, the renderer's.
struct VolumeSampler<'a>(&'a tsl::raster::Texture3d);

impl TextureSampler for VolumeSampler<'_> {
    fn sample(&self, _: TextureId, _: &Lane, _: &Lane, out: &mut Register) {
        for lane in out.iter_mut() {
            lane.fill(0.0);
        }
    }

    fn sample_3d(&self, _: TextureId, uvw: [&Lane; 3], out: &mut Register) {
        for l in 0..LANES {
            let c = self.0.sample(Vec3::new(uvw[0][l], uvw[1][l], uvw[2][l]));
            for k in 0..4 {
                out[k][l] = c[k];
            }
        }
    }
}

/// R-VOL-6: a standalone module's `texture_3d` (a `texture_3d<f32>` binding read with
/// `textureSampleLevel` at level 0, through the sampler `native_volume_sampler` makes) draws
/// what the reference interpreter computes with the renderer's `Texture3d::sample`, for each
/// filter and wrap: `OUTPUT_NODE = (r, 1 − r, r / 2)` of the read at `(uv · 2.5 − 0.7, depth)`,
/// over the volume's edges so each wrap shows. Nearest reads must give the reference's byte
/// (±1 for the sRGB encoding), away from texel boundaries, where the hardware's coordinate
/// interpolation may round to the other texel; linear reads its linear value within 3/255 (a
/// sampler's filter weights have a few bits only: Vulkan asks for 4 at least, 8 is common).
fn a_volume_read_draws_the_reference_interpreters_pixels(gpu: &'static Gpu) {
    use tsl::raster::{Texture3d, VolumeFilter, VolumeFormat, Wrap};
    let (width, height) = (48u32, 40u32);
    let bytes: Vec<u8> = (0..64u32).map(|i| ((i * 73 + 19) % 256) as u8).collect();
    let g = NodeGraph::new();
    let map = g.volume_uniform("noise", TextureId(0));
    let depth = g.named_uniform("depth", 0.0f32);
    let uv = g.sub(g.mul(g.uv(), g.float(2.5)), g.float(0.7));
    let read = g.texture_3d(map, g.join(&[uv, depth]));
    let r = g.swizzle(read, "x");
    let rgb = g.join(&[r, g.sub(g.float(1.0), r), g.mul(r, g.float(0.5))]);
    g.set_output(OUTPUT_NODE, rgb).unwrap();
    let mut program = g.compile().unwrap();
    let frame = NativeFrame {
        resolution: Vec2::new(width as f32, height as f32),
        projection: Mat4::IDENTITY,
        model: Mat4::IDENTITY,
    };
    let kinds = [
        (VolumeFilter::Nearest, Wrap::Repeat, 0.3),
        (VolumeFilter::Linear, Wrap::MirroredRepeat, 0.55),
        (VolumeFilter::Linear, Wrap::ClampToEdge, 1.3),
    ];
    for (filter, wrap, w) in kinds {
        let mut volume = Texture3d::new(4, 4, 4, VolumeFormat::R8, &bytes).unwrap();
        volume.filter = filter;
        (volume.wrap_s, volume.wrap_t, volume.wrap_r) = (wrap, wrap, wrap);
        program.set_uniform("depth", w).unwrap();
        let app =
            CustomApp::with_volume(&gpu.device, &gpu.queue, &program, (width, height), &volume)
                .unwrap();
        let pixels = app.draw(&gpu.device, &gpu.queue, &program, &frame).unwrap();
        let sampler = VolumeSampler(&volume);
        let mut checked = 0;
        for y in (0..height).step_by(3) {
            for x in (0..width).step_by(3) {
                let uv = Vec2::new(
                    (x as f32 + 0.5) / width as f32,
                    1.0 - (y as f32 + 0.5) / height as f32,
                );
                let uvw = (uv * 2.5 - 0.7).extend(w) * 4.0;
                let near_boundary = uvw.to_array().iter().any(|c| (c - c.round()).abs() < 0.02);
                if filter == VolumeFilter::Nearest && near_boundary {
                    continue;
                }
                let fragment = Fragment {
                    uv,
                    ..Fragment::default()
                };
                let rgb = program
                    .evaluate_with(OUTPUT_NODE, &fragment, &sampler)
                    .unwrap();
                let at = (4 * (y * width + x)) as usize;
                let got = &pixels[at..at + 4];
                let slack = if filter == VolumeFilter::Nearest {
                    0.0
                } else {
                    3.0 / 255.0
                };
                for k in 0..3 {
                    let (lo, hi) = (srgb_byte(rgb[k] - slack), srgb_byte(rgb[k] + slack));
                    assert!(
                        got[k] + 1 >= lo && got[k] <= hi.saturating_add(1),
                        "{filter:?} {wrap:?}: pixel ({x}, {y}) channel {k}: GPU {} reference \
                         {lo}..={hi} (linear {})",
                        got[k],
                        rgb[k]
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "{filter:?}: {checked} pixels checked");
    }
}
