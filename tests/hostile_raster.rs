//! Hostile input for the rasterizer's decoders (issue 13, item 6): a PNG whose header claims a
//! huge size is refused from its header, before anything is allocated, on every decoder path
//! ([`Image::from_png`], [`Image::load_png`], [`Texture::from_png`], [`Texture::load_png`]); a
//! truncated PNG and random bytes are an `Err`, never a panic or an abort.

mod png_support;

use png_support::patch_png_size;
use tsl_raster::{ColorSpace, Image, ImageError, RenderError, Texture, MAX_PNG_SIDE};

/// A valid 1×1 RGBA PNG, as the crate encodes it.
fn tiny_png() -> Vec<u8> {
    Image::from_rgba8(1, 1, vec![10, 20, 30, 255])
        .unwrap()
        .to_png()
        .unwrap()
}

/// [`tiny_png`] with its IHDR's size patched to `width`×`height` and the chunk's CRC made
/// again: a valid header for an image whose data is a single pixel.
fn patched_png(width: u32, height: u32) -> Vec<u8> {
    patch_png_size(&tiny_png(), width, height)
}

/// What a decoder made: the image's or the texture's size, or its refusal.
type Decoded = Result<(u32, u32), RenderError>;

/// The decoders, each given the PNG's bytes (the file readers through a file of them).
fn every_decoder(png: &[u8], name: &str) -> Vec<(&'static str, Decoded)> {
    let dir = std::env::temp_dir().join(format!("tsl-hostile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("image.png");
    std::fs::write(&path, png).unwrap();
    let size = |i: &Image| (i.width(), i.height());
    let tsize = |t: &Texture| (t.width(), t.height());
    let results = vec![
        ("Image::from_png", Image::from_png(png).map(|i| size(&i))),
        ("Image::load_png", Image::load_png(&path).map(|i| size(&i))),
        (
            "Texture::from_png",
            Texture::from_png(png, ColorSpace::Srgb).map(|t| tsize(&t)),
        ),
        (
            "Texture::load_png",
            Texture::load_png(&path, ColorSpace::Linear).map(|t| tsize(&t)),
        ),
    ];
    std::fs::remove_dir_all(&dir).unwrap();
    results
}

#[test]
fn the_patched_header_is_a_valid_png_of_its_one_pixel() {
    // The patching is sound: at 1×1 the patched file decodes on every path.
    for (path, result) in every_decoder(&patched_png(1, 1), "one") {
        assert_eq!(result, Ok((1, 1)), "{path}");
    }
}

#[test]
fn a_png_claiming_100000_squared_pixels_is_refused_from_its_header() {
    // 67 bytes claiming 10^10 pixels: the decoder's buffer would be 40 GB.
    let png = patched_png(100_000, 100_000);
    assert!(png.len() < 100, "{} bytes", png.len());
    for (path, result) in every_decoder(&png, "huge") {
        let error = result.expect_err(path);
        assert!(
            matches!(
                error,
                RenderError::Image(ImageError::PngTooLarge {
                    width: 100_000,
                    height: 100_000,
                    ..
                })
            ),
            "{path}: {error:?}"
        );
        let message = error.to_string();
        assert!(message.contains("16384"), "{path}: {message}");
    }
}

#[test]
fn each_side_is_held_to_the_limit() {
    assert_eq!(MAX_PNG_SIDE, 16384);
    for (width, height) in [(16385, 1), (1, 16385), (u32::MAX, 1), (1, u32::MAX)] {
        for (path, result) in every_decoder(&patched_png(width, height), "side") {
            let error = result.expect_err(path);
            assert!(
                matches!(error, RenderError::Image(ImageError::PngTooLarge { .. })),
                "{path} {width}×{height}: {error:?}"
            );
            assert!(error.to_string().contains("16384"), "{error}");
        }
    }
    // At the limit the header passes and the missing data is what is refused.
    for (path, result) in every_decoder(&patched_png(16384, 1), "edge") {
        let error = result.expect_err(path);
        assert!(
            matches!(error, RenderError::Image(ImageError::Png(_))),
            "{path}: {error:?}"
        );
    }
}

#[test]
fn a_texture_is_held_to_its_own_budget() {
    // 8192×8193 texels pass the image's limits but not a texture's (2^26 texels).
    let png = patched_png(8192, 8193);
    let error = Texture::from_png(&png, ColorSpace::Srgb).unwrap_err();
    assert!(
        matches!(
            error,
            RenderError::Image(ImageError::TextureTooLarge {
                width: 8192,
                height: 8193,
                ..
            })
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("2^26"), "{error}");
    // The image path reads the header and refuses the missing data, not the size.
    let error = Image::from_png(&png).unwrap_err();
    assert!(
        matches!(error, RenderError::Image(ImageError::Png(_))),
        "{error:?}"
    );
}

#[test]
fn a_truncated_png_is_an_error_at_every_length() {
    // Cut before the end of the image data, every length is refused; a PNG cut in its IEND
    // chunk still holds the whole image, which decodes.
    let png = tiny_png();
    let iend = png.windows(4).position(|w| w == b"IEND").unwrap() - 4;
    for len in 0..png.len() {
        for (path, result) in every_decoder(&png[..len], "cut") {
            match result {
                Err(_) => {}
                Ok(size) => assert!(len >= iend && size == (1, 1), "{path}: {len} bytes"),
            }
        }
    }
}

#[test]
fn random_bytes_and_flipped_bytes_are_errors_or_images() {
    // A fixed LCG: no timing, no seed from the clock.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u32
    };
    for n in 0..200 {
        let len = next() as usize % 200;
        let bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        assert!(Image::from_png(&bytes).is_err(), "random case {n}");
    }
    // One byte of a valid PNG changed at a time: anything but a panic (a flipped pixel byte
    // with its CRC unchecked can still decode).
    let png = patched_png(3, 2);
    for at in 0..png.len() {
        let mut bytes = png.clone();
        bytes[at] ^= (next() as u8) | 1;
        let _ = Image::from_png(&bytes);
        let _ = Texture::from_png(&bytes, ColorSpace::Srgb);
    }
}
