//! The rasterizer's half of the host's resource limits (issue 13, "Resource limits a host can
//! set"): `Limits::image_pixels` bounds a decoded PNG and a frame either renderer draws,
//! `Limits::texture_texels` a texture (decoded or made from an image). Each limit, lowered,
//! refuses an input just over it, before its memory is allocated, with a message that names the
//! limit, and accepts one at it; the crate's hard limits (16384 pixels a side for PNGs, 2^28
//! pixels an image, 2^26 texels a texture) stay, whatever a `Limits` says; and the default
//! `Limits` refuses what the functions without limits refuse.

mod png_support;

use glam::Vec3;
use png_support::patch_png_size;
use tsl_core::Limits;
use tsl_raster::{
    Assets, Camera, ColorSpace, Image, ImageError, RenderError, RenderSettings, Renderer, Scene,
    Texture,
};

/// A valid `width`×`height` RGBA PNG, as the crate encodes it.
fn png(width: u32, height: u32) -> Vec<u8> {
    let data = (0..width * height * 4).map(|i| (i * 37) as u8).collect();
    Image::from_rgba8(width, height, data)
        .unwrap()
        .to_png()
        .unwrap()
}

/// A valid 1×1 PNG with its IHDR's size patched to `width`×`height` (and the CRC made again):
/// a valid header for an image whose data is a single pixel.
fn patched_png(width: u32, height: u32) -> Vec<u8> {
    patch_png_size(&png(1, 1), width, height)
}

/// What a decoder made: the size, or its refusal.
type Decoded = Result<(u32, u32), RenderError>;

/// The four decoders, held to `limits`, each given the PNG's bytes (the file readers through a
/// file of them).
fn decode_with(png: &[u8], limits: &Limits, name: &str) -> Vec<(&'static str, Decoded)> {
    let dir = std::env::temp_dir().join(format!("tsl-limits-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("image.png");
    std::fs::write(&path, png).unwrap();
    let size = |i: Image| (i.width(), i.height());
    let tsize = |t: Texture| (t.width(), t.height());
    let results = vec![
        (
            "Image::from_png_with_limits",
            Image::from_png_with_limits(png, limits).map(size),
        ),
        (
            "Image::load_png_with_limits",
            Image::load_png_with_limits(&path, limits).map(size),
        ),
        (
            "Texture::from_png_with_limits",
            Texture::from_png_with_limits(png, ColorSpace::Srgb, limits).map(tsize),
        ),
        (
            "Texture::load_png_with_limits",
            Texture::load_png_with_limits(&path, ColorSpace::Linear, limits).map(tsize),
        ),
    ];
    std::fs::remove_dir_all(&dir).unwrap();
    results
}

/// The decoders without limits, as [`decode_with`].
fn decode_default(png: &[u8], name: &str) -> Vec<Decoded> {
    let dir = std::env::temp_dir().join(format!("tsl-limits-d-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("image.png");
    std::fs::write(&path, png).unwrap();
    let size = |i: Image| (i.width(), i.height());
    let tsize = |t: Texture| (t.width(), t.height());
    let results = vec![
        Image::from_png(png).map(size),
        Image::load_png(&path).map(size),
        Texture::from_png(png, ColorSpace::Srgb).map(tsize),
        Texture::load_png(&path, ColorSpace::Linear).map(tsize),
    ];
    std::fs::remove_dir_all(&dir).unwrap();
    results
}

/// `result` is the refusal of `limit` at `max`, and its message names the limit.
fn assert_over_limit<T: std::fmt::Debug>(
    result: Result<T, RenderError>,
    limit: &str,
    max: u64,
    context: &str,
) {
    match result {
        Err(RenderError::Image(ImageError::OverLimit {
            limit: l, max: m, ..
        })) if l == limit && m == max => {}
        other => {
            panic!("{context}: expected the refusal of Limits::{limit} = {max}, got {other:?}")
        }
    }
}

/// The message of a refusal.
fn message<T>(result: Result<T, RenderError>) -> String {
    match result {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted"),
    }
}

#[test]
fn a_png_over_image_pixels_is_refused_and_one_at_it_decoded_on_every_path() {
    let over = Limits {
        image_pixels: 8,
        ..Limits::default()
    };
    for (path, result) in decode_with(&png(3, 3), &over, "over") {
        assert_over_limit(result, "image_pixels", 8, path);
    }
    let at = Limits {
        image_pixels: 9,
        ..Limits::default()
    };
    for (path, result) in decode_with(&png(3, 3), &at, "at") {
        assert_eq!(result, Ok((3, 3)), "{path}");
    }
    let refused = Image::from_png_with_limits(&png(3, 3), &over);
    assert_eq!(
        message(refused),
        "image: a PNG of 3×3 pixels is refused: the host's Limits::image_pixels is 8 pixels"
    );
}

#[test]
fn a_huge_png_header_is_refused_by_the_limit_before_anything_is_allocated() {
    // 4096² passes every hard limit (a texture's 2^26 texels too): without a lowered limit the
    // decoders would allocate its 64 MiB of RGBA8 before they found its data missing. The limit
    // refuses it from the header.
    let limits = Limits {
        image_pixels: 1 << 20,
        texture_texels: 1 << 20,
        ..Limits::default()
    };
    for (path, result) in decode_with(&patched_png(4096, 4096), &limits, "huge") {
        let texture = path.starts_with("Texture");
        // A texture's own limit is the lower: it is checked first.
        let limit = if texture {
            "texture_texels"
        } else {
            "image_pixels"
        };
        assert_over_limit(result, limit, 1 << 20, path);
    }
}

#[test]
fn a_png_over_texture_texels_is_refused_as_a_texture_and_decoded_as_an_image() {
    let over = Limits {
        texture_texels: 8,
        ..Limits::default()
    };
    for (path, result) in decode_with(&png(3, 3), &over, "tex-over") {
        if path.starts_with("Texture") {
            assert_over_limit(result, "texture_texels", 8, path);
        } else {
            assert_eq!(result, Ok((3, 3)), "{path}");
        }
    }
    let at = Limits {
        texture_texels: 9,
        ..Limits::default()
    };
    for (path, result) in decode_with(&png(3, 3), &at, "tex-at") {
        assert_eq!(result, Ok((3, 3)), "{path}");
    }
    let refused = Texture::from_png_with_limits(&png(3, 3), ColorSpace::Srgb, &over);
    assert_eq!(
        message(refused),
        "image: a texture of 3×3 texels is refused: the host's Limits::texture_texels is 8 texels"
    );
}

#[test]
fn texture_try_new_holds_an_image_to_texture_texels() {
    let image = Image::new(3, 3).unwrap();
    let over = Limits {
        texture_texels: 8,
        ..Limits::default()
    };
    let refused = Texture::try_new(image.clone(), ColorSpace::Srgb, &over);
    assert_over_limit(refused, "texture_texels", 8, "try_new");
    let at = Limits {
        texture_texels: 9,
        ..Limits::default()
    };
    let texture = Texture::try_new(image.clone(), ColorSpace::Linear, &at).unwrap();
    assert_eq!((texture.width(), texture.height()), (3, 3));
    // The same texture as the unchecked constructor's.
    let unchecked = Texture::new(image, ColorSpace::Linear);
    assert_eq!(texture.level_count(), unchecked.level_count());
    assert_eq!(
        texture.sample(glam::Vec2::new(0.5, 0.5)),
        unchecked.sample(glam::Vec2::new(0.5, 0.5))
    );
}

#[test]
fn texture_try_new_holds_the_hard_limit_whatever_the_limits_say() {
    let unbounded = Limits {
        texture_texels: u64::MAX,
        image_pixels: u64::MAX,
        ..Limits::default()
    };
    for limits in [Limits::default(), unbounded] {
        // 8192×8193 RGBA8 (256 MiB of zeroed pages the test never touches): one texel over 2^26.
        let image = Image::new(8192, 8193).unwrap();
        let refused = Texture::try_new(image, ColorSpace::Srgb, &limits);
        assert!(
            matches!(
                refused,
                Err(RenderError::Image(ImageError::TextureTooLarge {
                    width: 8192,
                    height: 8193
                }))
            ),
            "{refused:?}"
        );
    }
}

#[test]
fn the_hard_png_limits_stay_whatever_the_limits_say() {
    let unbounded = Limits {
        texture_texels: u64::MAX,
        image_pixels: u64::MAX,
        ..Limits::default()
    };
    for (path, result) in decode_with(&patched_png(16385, 1), &unbounded, "side") {
        assert!(
            matches!(
                result,
                Err(RenderError::Image(ImageError::PngTooLarge { .. }))
            ),
            "{path}: {result:?}"
        );
    }
    for (path, result) in decode_with(&patched_png(8192, 8193), &unbounded, "texels") {
        if path.starts_with("Texture") {
            assert!(
                matches!(
                    result,
                    Err(RenderError::Image(ImageError::TextureTooLarge { .. }))
                ),
                "{path}: {result:?}"
            );
        }
    }
}

#[test]
fn the_default_limits_refuse_what_the_decoders_without_limits_refuse() {
    let cases = [
        ("tiny", png(1, 1)),
        ("wide", patched_png(16385, 1)),
        ("huge", patched_png(100_000, 100_000)),
        ("max", patched_png(u32::MAX, u32::MAX)),
        ("zero", patched_png(0, 1)),
        ("truncated", png(3, 3)[..40].to_vec()),
    ];
    for (name, bytes) in &cases {
        let with: Vec<Decoded> = decode_with(bytes, &Limits::default(), name)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        assert_eq!(with, decode_default(bytes, name), "{name}");
    }
    // A texture one texel over 2^26: refused from its header on both texture paths.
    let bytes = patched_png(8192, 8193);
    let with = decode_with(&bytes, &Limits::default(), "tex");
    let without = decode_default(&bytes, "tex");
    assert_eq!(with[2].1, without[2]);
    assert_eq!(with[3].1, without[3]);
    assert!(matches!(
        without[2],
        Err(RenderError::Image(ImageError::TextureTooLarge { .. }))
    ));
}

/// An empty scene's camera.
fn camera() -> Camera {
    Camera::perspective(45.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0))
}

/// The CPU renderer's four ways to draw a frame, each its size or its refusal.
fn render_every_way(settings: RenderSettings) -> Vec<(&'static str, Decoded)> {
    let (scene, camera, assets) = (Scene::new(), camera(), Assets::new());
    let renderer = Renderer::new(settings);
    let size = |i: &Image| (i.width(), i.height());
    let mut kept = Image::new(1, 1).unwrap();
    let into = renderer
        .render_into(&scene, &camera, &assets, &mut kept)
        .map(|_| size(&kept));
    vec![
        (
            "render",
            renderer.render(&scene, &camera, &assets).map(|i| size(&i)),
        ),
        (
            "render_linear",
            renderer
                .render_linear(&scene, &camera, &assets)
                .map(|i| (i.width(), i.height())),
        ),
        (
            "render_counted",
            renderer
                .render_counted(&scene, &camera, &assets)
                .map(|(i, _)| size(&i)),
        ),
        ("render_into", into),
    ]
}

#[test]
fn a_frame_over_image_pixels_is_refused_and_one_at_it_drawn() {
    let limits = Limits {
        image_pixels: 64 * 64,
        ..Limits::default()
    };
    for (width, height) in [(64, 65), (65, 64), (4097, 1)] {
        let mut settings = RenderSettings::new(width, height);
        settings.limits = limits;
        for (way, result) in render_every_way(settings) {
            assert_over_limit(result, "image_pixels", 4096, way);
        }
    }
    for (width, height) in [(64, 64), (4096, 1)] {
        let mut settings = RenderSettings::new(width, height);
        settings.limits = limits;
        for (way, result) in render_every_way(settings) {
            assert_eq!(result, Ok((width, height)), "{way}");
        }
    }
    let mut settings = RenderSettings::new(64, 65);
    settings.limits = limits;
    let refused = Renderer::new(settings).render(&Scene::new(), &camera(), &Assets::new());
    assert_eq!(
        message(refused),
        "image: a frame of 64×65 pixels is refused: the host's Limits::image_pixels is 4096 \
         pixels"
    );
}

#[test]
fn a_frame_keeps_the_hard_limit_whatever_the_limits_say() {
    let mut settings = RenderSettings::new(16384, 16385);
    settings.limits.image_pixels = u64::MAX;
    for (way, result) in render_every_way(settings) {
        assert!(
            matches!(
                result,
                Err(RenderError::Image(ImageError::Size {
                    width: 16384,
                    height: 16385
                }))
            ),
            "{way}: {result:?}"
        );
    }
}

#[test]
fn render_settings_hold_the_default_limits() {
    assert_eq!(RenderSettings::new(8, 8).limits, Limits::default());
}
