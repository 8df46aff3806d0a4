//! JPEG images for the loaders (glTF, MaterialX): decoded to RGBA8 with the `image` crate, the
//! size checked from the header first.

use crate::output::Image;
use tsl_core::Limits;

/// A JPEG decoded to RGBA8, its size checked against `limits` from its header before its pixels
/// are allocated.
pub(crate) fn decode_jpeg(bytes: &[u8], limits: &Limits) -> Result<Image, String> {
    use image::ImageDecoder;
    let decoder = image::codecs::jpeg::JpegDecoder::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("is not a readable JPEG: {e}"))?;
    let (w, h) = decoder.dimensions();
    let pixels = u64::from(w) * u64::from(h);
    if pixels > limits.image_pixels.min(limits.texture_texels) {
        return Err(format!("is {w}x{h}, over the limit of the host's images"));
    }
    let rgba = image::DynamicImage::from_decoder(decoder)
        .map_err(|e| format!("is not a readable JPEG: {e}"))?
        .to_rgba8();
    Image::from_rgba8(w, h, rgba.into_raw()).map_err(|e| e.to_string())
}
