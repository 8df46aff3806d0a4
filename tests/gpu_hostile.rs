//! Hostile sizes for [`GpuRenderer`] (issue 13, item 5): a frame or a texture larger than the
//! device binds as one storage buffer is an `Err` naming the buffer and the device's limit, never
//! a panic in wgpu's default error handler. On lavapipe (`max_storage_buffer_binding_size` of
//! 128 MiB) a 4096×4096 frame (256 MiB of linear pixels) and a 4096² texture (its levels, 358 MiB
//! of floats) are both over it. On a device that binds them they are drawn, and the test only
//! holds that nothing panicked.
//!
//! wgpu's default error handler panics on any error no error scope catches: the crate's device
//! keeps such an error instead ([`Gpu::take_uncaptured_error`]), and [`compute_pipeline`] returns
//! wgpu's refusal of a shader as an `Err`.
//!
//! A frame over the host's `Limits::image_pixels` is refused before anything is packed or
//! allocated, with a message naming the limit, and one at it is drawn.
//!
//! Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it fails instead
//! (the harness, `gpu_harness/`).

#[macro_use]
mod gpu_harness;

use glam::Vec3;
use tsl_core::Color;
use tsl_raster::gpu::{compute_pipeline, wgpu, Gpu, GpuError, GpuPath, GpuRenderer};
use tsl_raster::{
    Assets, Camera, ColorSpace, Image, ImageError, Material, Object, PlaneGeometry, RenderError,
    RenderSettings, Scene, Texture,
};

/// A plane facing the camera with `material`.
fn plane(material: Material) -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let geometry = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let material = assets.materials.add(material);
    let mut scene = Scene::new();
    scene.add(Object::mesh(geometry, material));
    let camera = Camera::perspective(45.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0));
    (scene, camera, assets)
}

/// The refusal must name a buffer the device cannot bind, with the device's limit.
fn assert_refused_for_size(gpu: &Gpu, result: Result<tsl_raster::LinearImage, RenderError>) {
    let limit = gpu.device.limits().max_storage_buffer_binding_size;
    match result {
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.contains("the device binds at most")
                    && message.contains(&limit.to_string()),
                "{message}"
            );
        }
        Ok(image) => assert!(
            limit >= 256 << 20,
            "a device binding {limit} bytes drew a {}×{} frame",
            image.width(),
            image.height()
        ),
    }
}

fn a_4096_square_frame_over_the_binding_limit_is_an_error(gpu: &'static Gpu) {
    let (scene, camera, assets) = plane(Material::basic(Color::WHITE));
    let mut renderer =
        GpuRenderer::new(gpu, RenderSettings::new(4096, 4096)).with_path(GpuPath::Interpreted);
    let result = renderer.render_linear(&scene, &camera, &assets);
    assert_refused_for_size(gpu, result);
    // The renderer still draws a frame that fits afterwards.
    renderer.settings = RenderSettings::new(16, 16);
    renderer
        .render_linear(&scene, &camera, &assets)
        .expect("a small frame after a refused one");
}

fn a_4096_square_texture_over_the_binding_limit_is_an_error(gpu: &'static Gpu) {
    let image = Image::new(4096, 4096).expect("a 4096² image");
    let texture = Texture::new(image, ColorSpace::Srgb);
    let mut material = Material::basic(Color::WHITE);
    let (scene, camera, mut assets) = plane(Material::basic(Color::WHITE));
    material.map = Some(assets.textures.add(texture));
    let geometry = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let material = assets.materials.add(material);
    let mut scene = scene;
    scene.add(Object::mesh(geometry, material));
    let mut renderer =
        GpuRenderer::new(gpu, RenderSettings::new(8, 8)).with_path(GpuPath::Interpreted);
    let result = renderer.render_linear(&scene, &camera, &assets);
    assert_refused_for_size(gpu, result);
}

fn a_shader_wgpu_refuses_is_an_error_not_a_panic(gpu: &'static Gpu) {
    for (source, entry) in [
        ("fn main( {", "main"),
        ("@compute @workgroup_size(1) fn main() {}", "elsewhere"),
    ] {
        let refused = compute_pipeline(&gpu.device, &gpu.interp_layout, source, "hostile", entry);
        match refused {
            Err(GpuError::Pipeline { label, message }) => {
                assert_eq!(label, "hostile");
                assert!(!message.is_empty());
            }
            other => panic!("{source:?} {entry}: {:?}", other.map(|_| ())),
        }
    }
    assert_eq!(gpu.take_uncaptured_error(), None);
}

fn a_validation_error_outside_the_crate_is_kept_not_a_panic(gpu: &'static Gpu) {
    // A bind group with none of the interpreter layout's four entries: wgpu refuses it, with no
    // error scope open on this thread.
    let _ = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("hostile"),
        layout: &gpu.interp_layout,
        entries: &[],
    });
    let kept = gpu
        .take_uncaptured_error()
        .expect("the device kept the error");
    assert!(kept.contains("hostile"), "{kept}");
    assert_eq!(gpu.take_uncaptured_error(), None, "taken once");
    // The device still draws.
    let (scene, camera, assets) = plane(Material::basic(Color::WHITE));
    GpuRenderer::new(gpu, RenderSettings::new(8, 8))
        .with_path(GpuPath::Interpreted)
        .render_linear(&scene, &camera, &assets)
        .expect("a frame after a caller's error");
}

fn a_frame_over_the_hosts_image_pixels_is_refused_and_one_at_it_drawn(gpu: &'static Gpu) {
    let (scene, camera, assets) = plane(Material::basic(Color::WHITE));
    let limits = tsl_core::Limits {
        image_pixels: 64 * 64,
        ..tsl_core::Limits::default()
    };
    let mut settings = RenderSettings::new(64, 65);
    settings.limits = limits;
    let mut renderer = GpuRenderer::new(gpu, settings).with_path(GpuPath::Interpreted);
    match renderer.render_linear(&scene, &camera, &assets) {
        Err(RenderError::Image(ImageError::OverLimit { limit, max, .. })) => {
            assert_eq!((limit, max), ("image_pixels", 4096));
        }
        other => panic!("expected the refusal of Limits::image_pixels, got {other:?}"),
    }
    let refused = renderer.render(&scene, &camera, &assets).unwrap_err();
    assert!(
        refused.to_string().contains("Limits::image_pixels is 4096"),
        "{refused}"
    );
    renderer.settings.height = 64;
    let image = renderer
        .render(&scene, &camera, &assets)
        .expect("a frame at the limit");
    assert_eq!((image.width(), image.height()), (64, 64));
    // The hard side stays whatever the limits say.
    renderer.settings.limits.image_pixels = u64::MAX;
    (renderer.settings.width, renderer.settings.height) = (16385, 1);
    let side = renderer
        .render_linear(&scene, &camera, &assets)
        .unwrap_err();
    assert!(side.to_string().contains("16384"), "{side}");
}

gpu_tests!(
    a_frame_over_the_hosts_image_pixels_is_refused_and_one_at_it_drawn,
    a_4096_square_frame_over_the_binding_limit_is_an_error,
    a_4096_square_texture_over_the_binding_limit_is_an_error,
    a_shader_wgpu_refuses_is_an_error_not_a_panic,
    a_validation_error_outside_the_crate_is_kept_not_a_panic,
);
