//! Images: [`Image`] (RGBA8, what a render returns and a texture loads), [`LinearImage`] (linear
//! float RGBA, the working space before the output transform), PNG and animated PNG (APNG).

use crate::error::ImageError;
use crate::RenderError;
use std::path::Path;
use tsl_core::Limits;

/// An 8-bit RGBA image, rows from the top, straight (not premultiplied) alpha.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    width: u32,
    height: u32,
    data: Vec<u8>,
}

/// A PNG codec's refusal.
fn png_error(error: impl std::fmt::Display) -> RenderError {
    RenderError::Image(ImageError::Png(error.to_string()))
}

impl Image {
    /// A transparent black image. Refuses a zero or a huge size (over 2^28 pixels).
    pub fn new(width: u32, height: u32) -> Result<Image, RenderError> {
        let len = checked_len(width, height)?;
        Ok(Image {
            width,
            height,
            data: vec![0; len],
        })
    }

    /// An image from RGBA8 bytes, four per pixel, rows from the top. Refuses a length that is not
    /// `4 * width * height`.
    pub fn from_rgba8(width: u32, height: u32, data: Vec<u8>) -> Result<Image, RenderError> {
        let len = checked_len(width, height)?;
        if data.len() != len {
            return Err(ImageError::DataLength {
                width,
                height,
                expected: len,
                actual: data.len(),
            }
            .into());
        }
        Ok(Image {
            width,
            height,
            data,
        })
    }

    /// An image of bytes the crate made for a size it checked.
    pub(crate) fn from_parts(width: u32, height: u32, data: Vec<u8>) -> Image {
        Image {
            width,
            height,
            data,
        }
    }

    /// Its bytes, taken out (the image is left empty, 0×0), to be written again and put back
    /// with [`Image::from_parts`].
    pub(crate) fn take_data(&mut self) -> Vec<u8> {
        (self.width, self.height) = (0, 0);
        std::mem::take(&mut self.data)
    }

    /// An image decoded from PNG bytes: grey, grey and alpha, RGB, RGBA and palette images at any
    /// bit depth become RGBA8 (16-bit channels keep their high byte).
    ///
    /// The size is checked from the header before anything is allocated: a side over
    /// [`MAX_PNG_SIDE`] or more than 2^28 pixels is [`ImageError::PngTooLarge`]. The decoder then
    /// allocates the image's own RGBA8 bytes once (at most 1 GiB) and expands narrower pixels
    /// in place; the codec's ancillary chunks are held to its default budget (64 MiB).
    ///
    /// [`Image::from_png_with_limits`] with the default [`Limits`] (whose `image_pixels`, 2^28,
    /// is the decoder's own limit).
    pub fn from_png(bytes: &[u8]) -> Result<Image, RenderError> {
        Image::from_png_with_limits(bytes, &Limits::DEFAULT)
    }

    /// An image decoded from PNG bytes, as [`Image::from_png`], held to the host's `limits`
    /// from the header, before anything is allocated: more than `limits.image_pixels` is
    /// [`ImageError::OverLimit`]. The hard limits ([`MAX_PNG_SIDE`] a side, 2^28 pixels) stay
    /// whatever `limits` says; an accepted PNG costs 4 bytes a pixel.
    ///
    /// ```
    /// use tsl_raster::{Image, ImageError, RenderError};
    /// let png = Image::new(3, 3).unwrap().to_png().unwrap();
    /// let server = tsl_core::Limits { image_pixels: 8, ..Default::default() };
    /// let refused = Image::from_png_with_limits(&png, &server);
    /// assert!(matches!(refused, Err(RenderError::Image(ImageError::OverLimit { .. }))));
    /// ```
    pub fn from_png_with_limits(bytes: &[u8], limits: &Limits) -> Result<Image, RenderError> {
        decode_png(bytes, limits, |_, _| Ok(()))
    }

    /// An image read from a PNG file, as [`Image::from_png`]. The file is streamed through the
    /// decoder, not read whole: its header is checked after its first bytes.
    pub fn load_png(path: impl AsRef<Path>) -> Result<Image, RenderError> {
        Image::load_png_with_limits(path, &Limits::DEFAULT)
    }

    /// An image read from a PNG file, as [`Image::load_png`], held to the host's `limits` as
    /// [`Image::from_png_with_limits`] holds it.
    pub fn load_png_with_limits(
        path: impl AsRef<Path>,
        limits: &Limits,
    ) -> Result<Image, RenderError> {
        decode_png(std::fs::File::open(path)?, limits, |_, _| Ok(()))
    }

    /// The width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA8 bytes, rows from the top.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The pixel at column `x`, row `y` from the top; `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = 4 * (y as usize * self.width as usize + x as usize);
        // Invariant: x < width and y < height (checked above); `data` has 4 * width * height bytes (every constructor).
        let p = &self.data[at..at + 4];
        Some([p[0], p[1], p[2], p[3]])
    }

    /// Set the pixel at column `x`, row `y`; ignored outside the image.
    pub fn set_pixel(&mut self, x: u32, y: u32, rgba: [u8; 4]) {
        if x < self.width && y < self.height {
            let at = 4 * (y as usize * self.width as usize + x as usize);
            self.data[at..at + 4].copy_from_slice(&rgba);
        }
    }

    /// The image encoded as PNG (RGBA, 8 bits).
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        let mut out = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut out, self.width, self.height);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().map_err(png_error)?;
            writer.write_image_data(&self.data).map_err(png_error)?;
            writer.finish().map_err(png_error)?;
        }
        Ok(out)
    }

    /// Write the image to a PNG file.
    pub fn write_png(&self, path: impl AsRef<Path>) -> Result<(), RenderError> {
        std::fs::write(path, self.to_png()?)?;
        Ok(())
    }
}

/// The largest side of a PNG the decoders read ([`Image::from_png`],
/// [`Texture::from_png`](crate::Texture::from_png) and the file readers), the GPU renderer's
/// largest image side. A larger header is refused before anything is allocated.
pub const MAX_PNG_SIDE: u32 = 16384;

/// Decode a PNG (bytes or a file, streamed) to RGBA8 after the header's size passed
/// [`MAX_PNG_SIDE`] and the image's 2^28 pixels, then `check` (the texture decoders hold it to
/// their budget), then `limits.image_pixels`.
pub(crate) fn decode_png(
    source: impl std::io::Read,
    limits: &Limits,
    check: impl FnOnce(u32, u32) -> Result<(), RenderError>,
) -> Result<Image, RenderError> {
    let mut decoder = png::Decoder::new(source);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let (width, height) = decoder.read_header_info().map_err(png_error)?.size();
    let too_large = ImageError::PngTooLarge {
        width,
        height,
        max_side: MAX_PNG_SIDE,
    };
    if width > MAX_PNG_SIDE || height > MAX_PNG_SIDE {
        return Err(too_large.into());
    }
    // A zero side is the codec's to refuse; a size within the sides is within 2^28 pixels.
    let len = checked_len(width.max(1), height.max(1)).map_err(|_| too_large)?;
    check(width, height)?;
    over_limit("a PNG", width, height, "image_pixels", limits.image_pixels)?;
    let mut reader = decoder.read_info().map_err(png_error)?;
    // 8-bit output (`normalize_to_color8`) of at most four channels: never more than RGBA8.
    if reader.output_buffer_size() > len {
        return Err(ImageError::PngDataLength.into());
    }
    let mut buffer = vec![0; len];
    let info = reader.next_frame(&mut buffer).map_err(png_error)?;
    let channels = match info.color_type {
        png::ColorType::Rgba => 4,
        png::ColorType::Rgb => 3,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Grayscale => 1,
        png::ColorType::Indexed => return Err(ImageError::PngIndexed.into()),
    };
    let pixels = info.width as usize * info.height as usize;
    if info.bit_depth != png::BitDepth::Eight
        || info.buffer_size() != pixels * channels
        || pixels * 4 > buffer.len()
    {
        return Err(ImageError::PngDataLength.into());
    }
    // Widen each pixel to RGBA in place, from the last: pixel `i` is read from `channels * i`
    // before it is written at `4 * i`, and no later (lower) pixel is read from there.
    // Invariant: the decoder's buffer holds `pixels * channels` bytes and at least `4 * pixels` (checked just above).
    for i in (0..pixels).rev() {
        let at = channels * i;
        let rgba = match channels {
            3 => [buffer[at], buffer[at + 1], buffer[at + 2], 255],
            2 => [buffer[at], buffer[at], buffer[at], buffer[at + 1]],
            1 => [buffer[at], buffer[at], buffer[at], 255],
            _ => break,
        };
        buffer[4 * i..4 * i + 4].copy_from_slice(&rgba);
    }
    buffer.truncate(pixels * 4);
    Image::from_rgba8(info.width, info.height, buffer)
}

/// The bytes of a `width`×`height` RGBA8 image; refuses a zero or a huge size (over 2^28 pixels).
pub(crate) fn checked_len(width: u32, height: u32) -> Result<usize, RenderError> {
    let pixels = width as u64 * height as u64;
    if width == 0 || height == 0 || pixels > 1 << 28 {
        return Err(ImageError::Size { width, height }.into());
    }
    Ok(pixels as usize * 4)
}

/// Refuses `what` of `width`×`height` when it holds more than `max` pixels or texels, the value
/// of the host's `Limits::{limit}`.
pub(crate) fn over_limit(
    what: &'static str,
    width: u32,
    height: u32,
    limit: &'static str,
    max: u64,
) -> Result<(), RenderError> {
    if width as u64 * height as u64 > max {
        return Err(ImageError::OverLimit {
            what,
            width,
            height,
            limit,
            max,
        }
        .into());
    }
    Ok(())
}

/// Frames of one size encoded as an animated PNG that loops forever, each shown `delay_ms`
/// milliseconds. Refuses no frames and frames of different sizes.
pub fn encode_apng(frames: &[Image], delay_ms: u16) -> Result<Vec<u8>, RenderError> {
    let first = frames
        .first()
        .ok_or(RenderError::Image(ImageError::NoFrames))?;
    if frames
        .iter()
        .any(|f| f.width != first.width || f.height != first.height)
    {
        return Err(ImageError::FrameSizes.into());
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, first.width, first.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder
            .set_animated(frames.len() as u32, 0)
            .map_err(png_error)?;
        encoder.set_frame_delay(delay_ms, 1000).map_err(png_error)?;
        let mut writer = encoder.write_header().map_err(png_error)?;
        for frame in frames {
            writer.write_image_data(&frame.data).map_err(png_error)?;
        }
        writer.finish().map_err(png_error)?;
    }
    Ok(out)
}

/// [`encode_apng`] written to a file.
pub fn write_apng(
    path: impl AsRef<Path>,
    frames: &[Image],
    delay_ms: u16,
) -> Result<(), RenderError> {
    std::fs::write(path, encode_apng(frames, delay_ms)?)?;
    Ok(())
}

/// A float RGBA image in the linear working space, rows from the top: what the rasterizer drew
/// before the output transform (three.js's render target colours), blended pixels premultiplied
/// by their alpha.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearImage {
    width: u32,
    height: u32,
    data: Vec<[f32; 4]>,
}

impl LinearImage {
    /// An image of `width × height` pixels from its pixels, rows from the top.
    pub(crate) fn from_pixels(width: u32, height: u32, data: Vec<[f32; 4]>) -> LinearImage {
        LinearImage {
            width,
            height,
            data,
        }
    }

    /// The width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, rows from the top.
    pub fn pixels(&self) -> &[[f32; 4]] {
        &self.data
    }

    /// The linear RGBA at column `x`, row `y` from the top; `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[f32; 4]> {
        (x < self.width && y < self.height)
            // Invariant: x < width and y < height; `data` has width * height pixels (every constructor).
            .then(|| self.data[y as usize * self.width as usize + x as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3×2 PNG of `color` at `depth` from its raw bytes, with an optional palette.
    fn encode(
        color: png::ColorType,
        depth: png::BitDepth,
        data: &[u8],
        palette: Option<&[u8]>,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut out, 3, 2);
            encoder.set_color(color);
            encoder.set_depth(depth);
            if let Some(p) = palette {
                encoder.set_palette(p.to_vec());
            }
            let mut writer = encoder.write_header().unwrap();
            writer.write_image_data(data).unwrap();
        }
        out
    }

    #[test]
    fn every_colour_type_widens_to_rgba8_in_place() {
        use png::{BitDepth::*, ColorType::*};
        let grey: Vec<u8> = (0..6).map(|i| 40 * i).collect();
        let rgba_of = |f: &dyn Fn(usize) -> [u8; 4]| -> Vec<u8> { (0..6).flat_map(f).collect() };
        let cases: Vec<(Vec<u8>, Vec<u8>)> = vec![
            (
                encode(Grayscale, Eight, &grey, None),
                rgba_of(&|i| [grey[i], grey[i], grey[i], 255]),
            ),
            (
                encode(
                    GrayscaleAlpha,
                    Eight,
                    &(0..6)
                        .flat_map(|i| [grey[i], 255 - grey[i]])
                        .collect::<Vec<_>>(),
                    None,
                ),
                rgba_of(&|i| [grey[i], grey[i], grey[i], 255 - grey[i]]),
            ),
            (
                encode(
                    Rgb,
                    Eight,
                    &(0..6).flat_map(|i| [grey[i], 7, 9]).collect::<Vec<_>>(),
                    None,
                ),
                rgba_of(&|i| [grey[i], 7, 9, 255]),
            ),
            (
                encode(
                    Rgba,
                    Sixteen,
                    &(0..6)
                        .flat_map(|i| [grey[i], 1, 2, 3, 4, 5, 6, 7])
                        .collect::<Vec<_>>(),
                    None,
                ),
                rgba_of(&|i| [grey[i], 2, 4, 6]),
            ),
            (
                encode(
                    Indexed,
                    Eight,
                    &[0, 1, 0, 1, 1, 0],
                    Some(&[10, 20, 30, 200, 100, 50]),
                ),
                [0, 1, 0, 1, 1, 0]
                    .iter()
                    .flat_map(|&k| [[10, 20, 30, 255], [200, 100, 50, 255]][k])
                    .collect(),
            ),
        ];
        for (n, (png, rgba)) in cases.into_iter().enumerate() {
            let image = Image::from_png(&png).unwrap();
            assert_eq!((image.width(), image.height()), (3, 2), "case {n}");
            assert_eq!(image.data(), &rgba[..], "case {n}");
        }
    }
}
