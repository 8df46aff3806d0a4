//! A small "photo" made in code for the ports whose three.js pages load a picture (the pictures
//! are not in this repository): a 16 × 16 landscape (sky, sun, hill, water) of RGBA8 bytes.
//! `tools/three_tsl_cases/_photo.mjs` makes the same bytes for three.js, with the same integer
//! formulas, so both sides sample the same texels.

use tsl::raster::*;

/// The photo's side in texels.
pub const PHOTO_SIZE: u32 = 16;

/// The photo's RGBA8 bytes, first row first. The first row is `v = 0` (the bottom) as a
/// `DataTexture` with `flipY = false` reads it, so the sky is in the last rows.
pub fn photo_bytes() -> Vec<u8> {
    let n = PHOTO_SIZE as i32;
    let mut out = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        // Rows counted from the top of the picture.
        let t = n - 1 - y;
        for x in 0..n {
            let hill_top = 8 + (x - 5) * (x - 5) / 10;
            let [r, g, b] = if (x - 11) * (x - 11) + (t - 3) * (t - 3) <= 5 {
                [255, 214, 110]
            } else if t >= 13 {
                [30 + 2 * x, 90 + 4 * x, 150 + 5 * t]
            } else if t >= hill_top {
                [50 + 6 * x, 170 - 5 * t, 40 + 3 * x]
            } else {
                [70 + 8 * t, 120 + 9 * t, 235 - 3 * t]
            };
            out.extend([r as u8, g as u8, b as u8, 255]);
        }
    }
    out
}

/// The photo as a texture: bytes read as they are or decoded from sRGB, `flipY` off, linear
/// magnification, trilinear minification (three.js's defaults for a loaded picture), clamped.
pub fn photo_texture(color_space: ColorSpace) -> Result<Texture, RenderError> {
    let image = Image::from_rgba8(PHOTO_SIZE, PHOTO_SIZE, photo_bytes())?;
    let mut texture = Texture::new(image, color_space);
    texture.flip_y = false;
    texture.mag_filter = Filter::Linear;
    texture.min_filter = Filter::LinearMipmapLinear;
    Ok(texture)
}
