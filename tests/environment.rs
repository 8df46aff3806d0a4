//! Environment lighting (R-ENV, docs/requirements.md): equirectangular images from float data,
//! 8-bit sRGB and Radiance `.hdr` files, refused when hostile; the PMREM's levels and reads held
//! to values worked out by hand; the scene's and a material's environment and the background.
//! three.js's own renders of environment scenes are `raster_three.rs`'s `env_*` cases.

use glam::Vec3;
use std::sync::{Arc, OnceLock};
use tsl::prelude::*;
use tsl::raster::environment::{
    min_hdr_data_len, EnvironmentError, EquirectImage, MAX_EQUIRECT_WIDTH,
};
use tsl::raster::*;

/// A flat (not run-length encoded) Radiance file of `width`×`height` RGBE pixels.
fn radiance(width: u32, height: u32, pixels: &[[u8; 4]]) -> Vec<u8> {
    let mut bytes =
        format!("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y {height} +X {width}\n").into_bytes();
    for p in pixels {
        bytes.extend_from_slice(p);
    }
    bytes
}

#[test]
fn a_radiance_file_decodes_as_three_js_hdr_loader() {
    // Top scanline: (128, 64, 32; e 129) then zeros; bottom: (255, 0, 0; e 128).
    // HDRLoader: m · 2^(e − 128) / 255, then half float: 256/255 = 1.0039216 → 1028·2^−10,
    // 128/255 = 0.5019608 → 1028·2^−11, 64/255 → 1028·2^−12; 255/255 = 1.
    let top = [[128, 64, 32, 129], [0, 0, 0, 0], [0, 0, 0, 0]];
    let bottom = [[255, 0, 0, 128], [0, 0, 0, 0], [0, 0, 0, 0]];
    let bytes = radiance(3, 2, &[top, bottom].concat());
    let image = EquirectImage::from_hdr(&bytes).unwrap();
    assert_eq!((image.width(), image.height()), (3, 2));
    // The file's first scanline is the top: v = 1 − ½ / 2 at texel row 1's centre.
    let at = |i: f32, j: f32| image.bilinear(glam::Vec2::new((i + 0.5) / 3.0, (j + 0.5) / 2.0));
    assert_eq!(
        at(0.0, 1.0),
        Vec3::new(1028.0 / 1024.0, 1028.0 / 2048.0, 1028.0 / 4096.0)
    );
    assert_eq!(at(0.0, 0.0), Vec3::new(1.0, 0.0, 0.0));
    assert_eq!(at(2.0, 0.0), Vec3::ZERO);
}

#[test]
fn hostile_radiance_files_are_refused() {
    // A header that claims 100000² pixels: refused from the header, before any allocation.
    let huge = radiance(100_000, 100_000, &[]);
    assert!(matches!(
        EquirectImage::from_hdr(&huge),
        Err(EnvironmentError::Size { .. })
    ));
    // Pixels missing, garbage, nothing.
    let truncated = radiance(4, 4, &[[1, 2, 3, 128]]);
    assert!(matches!(
        EquirectImage::from_hdr(&truncated),
        Err(EnvironmentError::HdrTooShort { .. })
    ));
    assert!(EquirectImage::from_hdr(b"not a radiance file at all").is_err());
    assert!(EquirectImage::from_hdr(&[]).is_err());
    // Every prefix of a good file is refused or decoded, never a panic.
    let good = radiance(2, 2, &[[9, 9, 9, 130]; 4]);
    for n in 0..good.len() {
        let _ = EquirectImage::from_hdr(&good[..n]);
    }
}

#[test]
fn float_and_srgb_images_check_their_input() {
    assert!(matches!(
        EquirectImage::from_rgba_f32(2, 1, vec![0.0; 7]),
        Err(EnvironmentError::DataLength { expected: 8, .. })
    ));
    assert!(matches!(
        EquirectImage::from_rgba_f32(0, 4, vec![]),
        Err(EnvironmentError::Size { .. })
    ));
    assert!(matches!(
        EquirectImage::from_rgba_f32(MAX_EQUIRECT_WIDTH + 1, 1, vec![]),
        Err(EnvironmentError::Size { .. })
    ));
    assert!(matches!(
        EquirectImage::from_rgba_f32(1, 1, vec![0.0, f32::NAN, 0.0, 1.0]),
        Err(EnvironmentError::NotFinite { index: 1 })
    ));
    // 8-bit sRGB decodes to linear (255 → 1, 0 → 0, 188 → 0.5029 by the sRGB curve:
    // ((188/255 + 0.055) / 1.055)^2.4), and its first row is the top.
    let rgba = [255, 0, 188, 255, 0, 0, 0, 255];
    let image = EquirectImage::from_srgb8(1, 2, &rgba).unwrap();
    let top = image.bilinear(glam::Vec2::new(0.5, 0.75));
    let expected = ((188.0f64 / 255.0 + 0.055) / 1.055).powf(2.4) as f32;
    assert!(
        (top - Vec3::new(1.0, 0.0, expected)).abs().max_element() < 1e-6,
        "{top}"
    );
    assert_eq!(image.bilinear(glam::Vec2::new(0.5, 0.25)), Vec3::ZERO);
    assert!(EquirectImage::from_srgb8(2, 2, &rgba).is_err());
    // A PNG goes the same way; bytes that are not a PNG are an error.
    let png = Image::from_rgba8(1, 2, rgba.to_vec())
        .unwrap()
        .to_png()
        .unwrap();
    assert_eq!(EquirectImage::from_png(&png).unwrap(), image);
    assert!(matches!(
        EquirectImage::from_png(b"no png"),
        Err(EnvironmentError::Png(_))
    ));
}

/// A sky of 1 above the horizon and 0 below, 64×32: its PMREM, made once for the file.
fn hemisphere() -> Arc<Environment> {
    static ENV: OnceLock<Arc<Environment>> = OnceLock::new();
    ENV.get_or_init(|| {
        let data = (0..32)
            .flat_map(|y| {
                let c = if y >= 16 { 1.0 } else { 0.0 };
                (0..64).flat_map(move |_| [c, c, c, 1.0])
            })
            .collect();
        let image = EquirectImage::from_rgba_f32(64, 32, data).unwrap();
        Arc::new(Environment::from_equirect(&image).unwrap())
    })
    .clone()
}

#[test]
fn the_pmrem_of_a_bright_upper_hemisphere() {
    let env = hemisphere();
    // three's sizes: a quarter of 64 is under 256, so 256; levels 256² down to 8²: maxLod 5.
    assert_eq!((env.size(), env.max_lod()), (256, 5));
    // Straight up and down every level sees only the bright (dark) half: its lobe stays on one
    // side of the horizon. The sharp levels exactly; the rough ones (the sum over the 16² mip)
    // reach the texels beside the horizon, which the image's bilinear filter and the box mips
    // blur over a few degrees, at a small weight: within 1%.
    for (roughness, bound) in [(0.0, 2e-3), (0.3, 2e-3), (0.7, 1e-2), (1.0, 1e-2)] {
        let up = env.sample(Vec3::Y, roughness);
        let down = env.sample(-Vec3::Y, roughness);
        assert!(
            (up - Vec3::ONE).abs().max_element() < bound,
            "{roughness}: {up}"
        );
        assert!(down.abs().max_element() < bound, "{roughness}: {down}");
    }
    // On the horizon the roughest level (a cosine-weighted hemisphere) sees half of each, by
    // symmetry: 0.5.
    for d in [Vec3::X, Vec3::Z, Vec3::new(-1.0, 0.0, 1.0)] {
        let c = env.sample(d, 1.0);
        assert!(
            (c - Vec3::splat(0.5)).abs().max_element() < 2e-3,
            "{d}: {c}"
        );
    }
    // Just above the horizon a mirror sees the sky; a rough lobe reaches below it.
    let above = Vec3::new(1.0, 0.2, 0.0);
    assert!(env.sample(above, 0.0).x > 0.99);
    assert!(env.sample(above, 0.6).x < env.sample(above, 0.0).x);
}

/// A white STANDARD sphere in front of a camera, with an ambient light.
fn ball(material: Material) -> (Scene, Assets, Camera) {
    let mut assets = Assets::new();
    let g = assets
        .geometries
        .add(SphereGeometry::new(1.0, 24, 12).build());
    let m = assets.materials.add(material);
    let mut scene = Scene::new();
    scene.add(Object::mesh(g, m));
    scene.add_light(Light::ambient(Color::WHITE, 0.5));
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 4.0))
        .looking_at(Vec3::ZERO);
    (scene, assets, camera)
}

#[test]
fn a_materials_env_map_replaces_the_scenes_environment() {
    let renderer = Renderer::new(RenderSettings::new(24, 24));
    let paint = Material::standard(Color::WHITE, 0.5, 0.0);
    let (scene, assets, camera) = ball(paint.clone());
    let without = renderer.render(&scene, &camera, &assets).unwrap();
    // The scene's environment at intensity 0 adds nothing.
    let (mut lit, assets_lit, _) = ball(paint.clone());
    lit.environment = Some(hemisphere());
    lit.environment_intensity = 0.0;
    assert_eq!(
        renderer.render(&lit, &camera, &assets_lit).unwrap(),
        without
    );
    // The material's env_map at intensity 0 replaces the scene's environment at 1.
    let (mut both, assets_both, _) = ball(Material {
        env_map: Some(hemisphere()),
        env_map_intensity: 0.0,
        ..paint.clone()
    });
    both.environment = Some(hemisphere());
    assert_eq!(
        renderer.render(&both, &camera, &assets_both).unwrap(),
        without
    );
    // At intensity 1 the upper half of the ball is lit more than the lower half.
    lit.environment_intensity = 1.0;
    let image = renderer.render(&lit, &camera, &assets_lit).unwrap();
    let (top, bottom) = (image.pixel(12, 6).unwrap(), image.pixel(12, 18).unwrap());
    assert!(top[0] > bottom[0] + 40, "{top:?} {bottom:?}");
    // BASIC materials take no light from the scene's environment (as three's), and refuse an
    // env_map of their own (three's reflection on them is not ported).
    let (mut basic, assets_basic, _) = ball(Material::basic(Color::WHITE));
    let plain = renderer.render(&basic, &camera, &assets_basic).unwrap();
    basic.environment = Some(hemisphere());
    assert_eq!(
        renderer.render(&basic, &camera, &assets_basic).unwrap(),
        plain
    );
    for kind in [
        MaterialKind::Basic,
        MaterialKind::Lambert,
        MaterialKind::Phong,
    ] {
        let (scene, assets, _) = ball(Material {
            env_map: Some(hemisphere()),
            ..Material::new(kind, Color::WHITE)
        });
        let refused = renderer.render(&scene, &camera, &assets).unwrap_err();
        assert!(
            refused.to_string().contains("env_map"),
            "{kind:?}: {refused}"
        );
    }
}

#[test]
fn the_background_is_the_environment_along_each_ray() {
    let mut scene = Scene::new();
    scene.background_environment = Some(BackgroundEnvironment {
        intensity: 0.5,
        ..BackgroundEnvironment::new(hemisphere())
    });
    let assets = Assets::new();
    let renderer = Renderer::new(RenderSettings::new(16, 16));
    // Looking straight up: the sky at intensity 0.5; straight down: the ground, 0.
    for (target, expected) in [(Vec3::Y, 0.5), (-Vec3::Y, 0.0)] {
        let camera = Camera::perspective(30.0, 0.1, 10.0).looking_at(target);
        let image = renderer.render_linear(&scene, &camera, &assets).unwrap();
        for p in image.pixels() {
            assert!(
                (p[0] - expected).abs() < 2e-3 && p[3] == 1.0,
                "{target}: {p:?}"
            );
        }
    }
    // Looking at the horizon: sky in the upper rows, ground in the lower.
    let camera = Camera::perspective(30.0, 0.1, 10.0).looking_at(Vec3::X);
    let image = renderer.render_linear(&scene, &camera, &assets).unwrap();
    assert!(image.pixel(8, 1).unwrap()[0] > 0.49);
    assert!(image.pixel(8, 14).unwrap()[0] < 0.01);
}

/// The environment in the full physical model (R-ENV-7): a PHYSICAL material with a black sheen
/// takes the full model's path (`uses_physical_extensions`) yet three's formulas make it the
/// plain one (the sheen lobe is zero and its energy compensation 1 − 0 · albedo = 1), so it
/// draws as the batch model draws the material without it, environment and all.
#[test]
fn the_full_physical_model_takes_the_environment_as_the_plain_one() {
    let renderer = Renderer::new(RenderSettings::new(24, 24));
    for (roughness, metalness, clearcoat) in [(0.2, 0.0, 0.0), (0.6, 1.0, 0.0), (0.4, 0.3, 0.8)] {
        let plain = Material {
            clearcoat,
            clearcoat_roughness: 0.3,
            ..Material::physical(Color::from_srgb8(200, 120, 60), roughness, metalness)
        };
        let black_sheen = Material {
            sheen: 1.0,
            sheen_color: Color::BLACK,
            ..plain.clone()
        };
        assert!(black_sheen.uses_physical_extensions());
        let render = |m: &Material| {
            let (mut scene, assets, camera) = ball(m.clone());
            scene.environment = Some(hemisphere());
            renderer.render_linear(&scene, &camera, &assets).unwrap()
        };
        let (a, b) = (render(&plain), render(&black_sheen));
        let mut worst = 0.0f32;
        for (p, q) in a.pixels().iter().zip(b.pixels()) {
            for k in 0..3 {
                worst = worst.max((p[k] - q[k]).abs() / p[k].abs().max(1.0));
            }
        }
        // The two paths' float operations differ in order only.
        assert!(worst < 1e-4, "{roughness} {metalness} {clearcoat}: {worst}");
        // The environment lights the ball (the upper half more): not a pair of black images.
        let (top, bottom) = (a.pixels()[6 * 24 + 12], a.pixels()[18 * 24 + 12]);
        assert!(top[0] > bottom[0] + 0.05, "{top:?} {bottom:?}");
    }
}

/// The smallest encoding of a scanline of `width` pixels: a pixel, then run markers (1, 1, 1, n)
/// repeating it `n`, `n · 256`, `n · 256²`, … times (the old run-length encoding).
fn old_rle_scanline(width: u32) -> Vec<[u8; 4]> {
    let mut line = vec![[200, 100, 50, 128]];
    let mut left = width - 1;
    while left > 0 {
        line.push([1, 1, 1, (left % 256) as u8]);
        left /= 256;
    }
    line
}

#[test]
fn a_radiance_file_too_short_for_its_size_is_refused_before_allocating() {
    // The smallest encodings by hand: 1 wide, the pixel alone (4 bytes a scanline); 256 wide,
    // a pixel and one marker of 255 (8); 300 wide, a pixel, a marker of 43 and one of 1 · 256
    // (12). Exactly that many bytes decode; one fewer is refused from the length.
    for (width, per_line) in [(1u32, 4u64), (256, 8), (300, 12)] {
        assert_eq!(min_hdr_data_len(width, 3), 3 * per_line, "{width}");
        let lines: Vec<[u8; 4]> = (0..3).flat_map(|_| old_rle_scanline(width)).collect();
        assert_eq!(lines.len() as u64 * 4, 3 * per_line);
        let file = radiance(width, 3, &lines);
        let image = EquirectImage::from_hdr(&file).unwrap();
        assert_eq!((image.width(), image.height()), (width, 3));
        // 200 · 2^(128 − 136) · 256/255 = 200/255, rounded to half: every texel.
        let c = image.bilinear(glam::Vec2::new(0.9, 0.5));
        assert!((c.x - 200.0 / 255.0).abs() < 1e-3, "{c}");
        let short = &file[..file.len() - 1];
        assert!(matches!(
            EquirectImage::from_hdr(short),
            Err(EnvironmentError::HdrTooShort { needed, actual, .. })
                if needed == 3 * per_line && actual == needed - 1
        ));
    }
    // A header of the largest width and 4096 rows (2^26 texels, 800 MB of floats) over a
    // kilobyte of data: refused from the length alone (it would need 4096 · 12 bytes).
    let mut hostile = radiance(MAX_EQUIRECT_WIDTH, 4096, &[]);
    hostile.extend(std::iter::repeat_n(0u8, 1024));
    assert!(matches!(
        EquirectImage::from_hdr(&hostile),
        Err(EnvironmentError::HdrTooShort { needed: 49152, .. })
    ));
}
