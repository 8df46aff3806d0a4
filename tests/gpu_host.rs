//! The GPU renderer's host side (issue 14, part 5): the frame's counts, the textures kept on the
//! device, the device's limits on a frame's size, and the frame drawn in bands of tile rows.
//!
//! - `GpuRenderer::render_counted` gives the CPU's `RenderStats` for the same scene (the CPU
//!   renderer is the oracle), and a full-screen quad's counts worked out by hand.
//! - Textures are uploaded once and kept: two frames of one scene upload each texture's levels
//!   once (their bytes worked out by hand from the mip chain); a texture replaced at its id
//!   (same size, larger, more textures added) is uploaded again and the pixels are the CPU's for
//!   the new texture.
//! - A frame wider than the device's `max_texture_dimension_2d` is an `Err` naming the limit and
//!   its value; one at the limit is drawn.
//! - A frame drawn in bands of one tile row has the same pixels and counts as one drawn in one
//!   dispatch, and the CPU's pixels.
//!
//! Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it fails instead
//! (the harness, `gpu_harness/`).

#[macro_use]
mod gpu_harness;
#[allow(dead_code, unused_macros)] // the scenes themselves are gpu_parity's and gpu_native's
mod parity_scenes;

use parity_scenes::Case;

use glam::{Vec2, Vec3};
use tsl_core::*;
use tsl_raster::gpu::{Gpu, GpuPath, GpuRenderer, TextureUploads};
use tsl_raster::*;

gpu_tests![
    the_gpu_counts_what_the_cpu_counts,
    a_full_screen_quad_counts_its_pixels_and_two_triangles,
    two_frames_upload_a_texture_once,
    a_replaced_texture_is_uploaded_again_and_drawn,
    a_frame_wider_than_the_device_draws_names_the_limit,
    a_frame_in_bands_is_the_frame_drawn_at_once,
];

/// The CPU's image and counts of `c`.
fn cpu(c: &Case, settings: &RenderSettings) -> (Image, RenderStats) {
    Renderer::new(settings.clone())
        .render_counted(&c.scene, &c.camera, &c.assets)
        .expect("the CPU renders")
}

/// Every channel within 2/255 and 99.9% of pixels within 1/255 (the parity bound of
/// tests/gpu_parity.rs).
fn assert_parity(name: &str, cpu: &Image, gpu: &Image) {
    assert_eq!((cpu.width(), cpu.height()), (gpu.width(), gpu.height()));
    let diffs: Vec<u8> = cpu
        .data()
        .chunks_exact(4)
        .zip(gpu.data().chunks_exact(4))
        .map(|(a, b)| (0..4).map(|k| a[k].abs_diff(b[k])).max().unwrap_or(0))
        .collect();
    let worst = diffs.iter().copied().max().unwrap_or(0);
    let within = diffs.iter().filter(|&&d| d <= 1).count();
    assert!(
        worst <= 2 && within * 1000 >= diffs.len() * 999,
        "{name}: worst channel difference {worst}/255, {within} of {} pixels within 1/255",
        diffs.len()
    );
}

/// Lit and transparent surfaces: deferred opaque draws, a forward alpha-tested one, a
/// double-sided transparent sphere (a back-face pass then a front-face pass) and a transparent
/// plane, none of whose forward triangles overlap within one draw.
fn mixed_scene() -> Case {
    let mut c = Case::new();
    parity_scenes::wall_and_box(&mut c);
    c.mesh(
        PlaneGeometry::new(0.8, 0.8).build(),
        Material {
            alpha_test: 0.5,
            opacity: 0.8,
            ..Material::basic(Color::from_srgb8(40, 90, 220))
        },
        Vec3::new(-1.0, 0.4, 0.5),
    );
    c.mesh(
        SphereGeometry::new(0.8, 24, 12).build(),
        Material {
            transparent: true,
            opacity: 0.45,
            side: Side::Double,
            ..Material::phong(Color::from_srgb8(80, 140, 255))
        },
        Vec3::new(0.2, 0.7, 0.3),
    );
    c.mesh(
        PlaneGeometry::new(1.0, 1.0).build(),
        Material {
            transparent: true,
            opacity: 0.6,
            ..Material::basic(Color::from_srgb8(250, 230, 40))
        },
        Vec3::new(-0.5, 0.6, 1.0),
    );
    c
}

fn the_gpu_counts_what_the_cpu_counts(gpu: &'static Gpu) {
    let c = mixed_scene();
    let settings = RenderSettings::new(96, 72);
    let (cpu_image, cpu) = cpu(&c, &settings);
    let mut renderer = GpuRenderer::new(gpu, settings).with_path(GpuPath::Interpreted);
    let (image, stats) = renderer
        .render_counted(&c.scene, &c.camera, &c.assets)
        .expect("the GPU renders");
    println!("CPU {cpu:?}, GPU {stats:?}");
    assert_parity("mixed scene", &cpu_image, &image);
    assert!(cpu.triangles > 0 && cpu.fragments > 96 * 72, "{cpu:?}");
    assert_eq!(stats, cpu);
    // Counting changes no pixel: the uncounted frame is the same.
    let plain = renderer
        .render(&c.scene, &c.camera, &c.assets)
        .expect("the GPU renders");
    assert_eq!(plain.data(), image.data());
}

fn a_full_screen_quad_counts_its_pixels_and_two_triangles(gpu: &'static Gpu) {
    // An orthographic camera looking at a 4×4 plane through a 2×2 window: every pixel of the
    // 40×24 frame is covered by exactly one of the plane's two triangles (the top-left rule),
    // and the plane is opaque (deferred): each pixel is shaded once.
    let mut c = Case::new();
    c.mesh(
        PlaneGeometry::new(4.0, 4.0).build(),
        Material::basic(Color::from_srgb8(10, 200, 30)),
        Vec3::ZERO,
    );
    c.camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    let mut renderer =
        GpuRenderer::new(gpu, RenderSettings::new(40, 24)).with_path(GpuPath::Interpreted);
    let (image, stats) = renderer
        .render_counted(&c.scene, &c.camera, &c.assets)
        .expect("the GPU renders");
    assert_eq!(
        stats,
        RenderStats {
            triangles: 2,
            fragments: 40 * 24
        }
    );
    assert_eq!(image.pixel(20, 12), Some([10, 200, 30, 255]));
}

/// A `size`×`size` RGBA8 card: a checker of two colours with a gradient, `tint` in blue.
fn card(size: u32, tint: u8) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let check = ((x / 4) + (y / 4)) % 2 == 0;
            let (r, g) = if check {
                (220, (x * 255 / size) as u8)
            } else {
                (30, (y * 255 / size) as u8)
            };
            data.extend([r, g, tint, 255]);
        }
    }
    Image::from_rgba8(size, size, data).expect("a card")
}

/// The bytes of a `size`² texture's levels on the device: 16 a texel, the mip chain down to 1×1
/// (size a power of two).
fn level_bytes(size: u64) -> u64 {
    let mut texels = 0;
    let mut side = size;
    while side >= 1 {
        texels += side * side;
        side /= 2;
    }
    texels * 16
}

/// A tilted floor with a colour map of `texture`.
fn textured_floor(texture: Texture) -> (Case, TextureId) {
    let mut c = Case::new();
    let map = c.assets.textures.add(texture);
    c.mesh(
        PlaneGeometry::new(4.0, 4.0).build(),
        Material {
            map: Some(map),
            ..Material::basic(Color::WHITE)
        },
        Vec3::ZERO,
    );
    c.camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 2.5, 2.5))
        .looking_at(Vec3::ZERO);
    (c, map)
}

fn two_frames_upload_a_texture_once(gpu: &'static Gpu) {
    let (c, _) = textured_floor(Texture::new(card(64, 0), ColorSpace::Srgb));
    let settings = RenderSettings::new(64, 64);
    let mut renderer = GpuRenderer::new(gpu, settings.clone()).with_path(GpuPath::Interpreted);
    assert_eq!(renderer.texture_uploads(), TextureUploads::default());
    let first = renderer
        .render(&c.scene, &c.camera, &c.assets)
        .expect("the GPU renders");
    // 64² + 32² + ... + 1² = 5461 texels.
    let once = TextureUploads {
        textures: 1,
        bytes: level_bytes(64),
    };
    assert_eq!(once.bytes, 5461 * 16);
    assert_eq!(renderer.texture_uploads(), once);
    let second = renderer
        .render(&c.scene, &c.camera, &c.assets)
        .expect("the GPU renders");
    assert_eq!(
        renderer.texture_uploads(),
        once,
        "the second frame uploads nothing"
    );
    assert_eq!(first.data(), second.data());
    assert_parity("textured floor", &cpu(&c, &settings).0, &second);
}

fn a_replaced_texture_is_uploaded_again_and_drawn(gpu: &'static Gpu) {
    let (mut c, map) = textured_floor(Texture::new(card(64, 0), ColorSpace::Srgb));
    let settings = RenderSettings::new(64, 64);
    let mut renderer = GpuRenderer::new(gpu, settings.clone()).with_path(GpuPath::Interpreted);
    let mut expected = TextureUploads::default();
    let frame = |c: &Case, renderer: &mut GpuRenderer, name: &str| {
        let image = renderer
            .render(&c.scene, &c.camera, &c.assets)
            .expect("the GPU renders");
        assert_parity(name, &cpu(c, &settings).0, &image);
        image
    };
    let first = frame(&c, &mut renderer, "the first texture");
    expected.textures += 1;
    expected.bytes += level_bytes(64);
    assert_eq!(renderer.texture_uploads(), expected);

    // Another image of the same size at the same id: written again (over the old levels).
    *c.assets.textures.get_mut(map).expect("the map") =
        Texture::new(card(64, 250), ColorSpace::Srgb);
    let bluer = frame(&c, &mut renderer, "a same-size replacement");
    expected.textures += 1;
    expected.bytes += level_bytes(64);
    assert_eq!(renderer.texture_uploads(), expected);
    assert_ne!(first.data(), bluer.data(), "the new texture shows");

    // Only the uv transform and the wrap: no upload, but the pixels follow (the headers are
    // written every frame).
    {
        let t = c.assets.textures.get_mut(map).expect("the map");
        t.repeat = Vec2::new(3.0, 2.0);
        t.wrap_s = Wrap::Repeat;
        t.wrap_t = Wrap::MirroredRepeat;
    }
    let repeated = frame(&c, &mut renderer, "a new uv transform");
    assert_eq!(renderer.texture_uploads(), expected);
    assert_ne!(bluer.data(), repeated.data());

    // A larger image (does not fit over the old levels), then three more textures (more than
    // the headers' room): each drawn as the CPU draws it.
    *c.assets.textures.get_mut(map).expect("the map") =
        Texture::new(card(128, 120), ColorSpace::Srgb);
    frame(&c, &mut renderer, "a larger replacement");
    expected.textures += 1;
    expected.bytes += level_bytes(128);
    assert_eq!(renderer.texture_uploads(), expected);
    let others: Vec<TextureId> = (0..3)
        .map(|i| {
            c.assets
                .textures
                .add(Texture::new(card(16, 60 * i), ColorSpace::Linear))
        })
        .collect();
    // The second plane reads the last texture added.
    c.mesh(
        PlaneGeometry::new(1.0, 1.0).build(),
        Material {
            map: Some(others[2]),
            ..Material::basic(Color::WHITE)
        },
        Vec3::new(0.0, 0.3, 0.5),
    );
    frame(&c, &mut renderer, "three textures more");
    let after = renderer.texture_uploads();
    // The three new textures at least; all four again if the buffer was packed anew.
    let added = 3 * level_bytes(16);
    assert!(
        after
            == TextureUploads {
                textures: expected.textures + 3,
                bytes: expected.bytes + added,
            }
            || after
                == TextureUploads {
                    textures: expected.textures + 4,
                    bytes: expected.bytes + added + level_bytes(128),
                },
        "{after:?} after {expected:?}"
    );
    frame(&c, &mut renderer, "the same again");
    assert_eq!(renderer.texture_uploads(), after, "nothing changed");
}

fn a_frame_wider_than_the_device_draws_names_the_limit(gpu: &'static Gpu) {
    let max = gpu.device.limits().max_texture_dimension_2d;
    let c = mixed_scene();
    let mut settings = RenderSettings::new(max + 1, 1);
    settings.limits.image_pixels = u64::MAX;
    let mut renderer = GpuRenderer::new(gpu, settings).with_path(GpuPath::Interpreted);
    let refused = renderer
        .render_linear(&c.scene, &c.camera, &c.assets)
        .expect_err("wider than the device draws");
    let message = refused.to_string();
    assert!(
        message.contains(&format!("max_texture_dimension_2d is {max}"))
            && message.contains(&format!("{}×1", max + 1)),
        "{message}"
    );
    // Tall as well as wide.
    (renderer.settings.width, renderer.settings.height) = (1, max + 1);
    let tall = renderer
        .render_linear(&c.scene, &c.camera, &c.assets)
        .expect_err("taller than the device draws")
        .to_string();
    assert!(
        tall.contains(&format!("max_texture_dimension_2d is {max}")),
        "{tall}"
    );
    // At the limit, drawn (a row of `max` pixels is 16 bytes each, far within what it binds).
    (renderer.settings.width, renderer.settings.height) = (max, 1);
    let image = renderer
        .render_linear(&c.scene, &c.camera, &c.assets)
        .expect("a frame at the limit");
    assert_eq!((image.width(), image.height()), (max, 1));
}

fn a_frame_in_bands_is_the_frame_drawn_at_once(gpu: &'static Gpu) {
    // 96×80 in bands of one 32-pixel tile row (a bound of one pixel): three dispatches, the
    // last of 16 rows.
    let c = mixed_scene();
    let settings = RenderSettings::new(96, 80);
    // The bands are the kernel's: pinned to it, whatever the default path.
    let mut whole = GpuRenderer::new(gpu, settings.clone()).with_path(GpuPath::Kernel);
    whole.set_dispatch_pixels(u32::MAX);
    let mut banded = GpuRenderer::new(gpu, settings.clone()).with_path(GpuPath::Kernel);
    banded.set_dispatch_pixels(1);
    assert_eq!(banded.dispatch_pixels(), 1);
    let at_once = whole
        .render_linear(&c.scene, &c.camera, &c.assets)
        .expect("one dispatch");
    let in_bands = banded
        .render_linear(&c.scene, &c.camera, &c.assets)
        .expect("three dispatches");
    let bits = |image: &LinearImage| -> Vec<u32> {
        image
            .pixels()
            .iter()
            .flatten()
            .map(|v| v.to_bits())
            .collect()
    };
    assert_eq!(bits(&at_once), bits(&in_bands));
    let (cpu_image, cpu_stats) = cpu(&c, &settings);
    let (image, stats) = banded
        .render_counted(&c.scene, &c.camera, &c.assets)
        .expect("three dispatches, counted");
    assert_parity("in bands", &cpu_image, &image);
    assert_eq!(stats, cpu_stats);
}
