//! Environment lighting as three.js r187 does it (R-ENV, docs/requirements.md): an
//! equirectangular image ([`EquirectImage`]: HDR float from a Radiance `.hdr` file or data, LDR
//! sRGB from a PNG or RGBA8 data) prefiltered once into a PMREM ([`Environment`]) as three's
//! `PMREMGenerator.fromEquirectangular` does, then read by direction and roughness
//! ([`Environment::sample`]) as three's `PMREMNode` reads it.
//!
//! ```no_run
//! use tsl_raster::environment::{Environment, EquirectImage};
//! use glam::Vec3;
//! // A 16×8 sky: bright above the horizon, dark below (row 0 is the bottom, as a DataTexture's).
//! let data: Vec<f32> = (0..8 * 16)
//!     .flat_map(|k| if k / 16 >= 4 { [2.0, 2.0, 2.0, 1.0] } else { [0.1, 0.1, 0.1, 1.0] })
//!     .collect();
//! let sky = EquirectImage::from_rgba_f32(16, 8, data).unwrap();
//! let environment = Environment::from_equirect(&sky).unwrap();
//! assert!(environment.sample(Vec3::Y, 0.0).x > environment.sample(-Vec3::Y, 0.0).x);
//! ```

mod cube;
mod pmrem;

use crate::output::Image;
use cube::CubeChain;
use glam::{Vec2, Vec3};
use std::fmt;
use thiserror::Error;
use tsl_core::srgb_to_linear;

/// The most texels an equirectangular image may have (2^26, a 11585² image; an 8192×4096 HDR
/// is 2^25).
pub const MAX_EQUIRECT_TEXELS: u64 = 1 << 26;

/// The widest equirectangular image: its cube is then 2048 texels a side (three's rule: a
/// quarter of the width, rounded down to a power of two), whose PMREM holds about 400 MB of
/// float texels (and its source cube as much again while it is made).
pub const MAX_EQUIRECT_WIDTH: u32 = 16383;

/// The highest equirectangular image [`Environment::background_from_equirect`] takes: its cube
/// (a face as high as the image) then holds 6 · 2048² texels.
pub const MAX_BACKGROUND_HEIGHT: u32 = 2048;

/// Why an environment image was refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum EnvironmentError {
    /// A side is zero, the width is over [`MAX_EQUIRECT_WIDTH`] or the texels over
    /// [`MAX_EQUIRECT_TEXELS`]; checked before anything is allocated.
    #[error("an equirectangular image of {width}×{height} is refused (at most {MAX_EQUIRECT_WIDTH} wide and {MAX_EQUIRECT_TEXELS} texels, neither side zero)")]
    Size {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// The data's length is not four values a texel.
    #[error("{width}×{height} texels need {expected} values, the data has {actual}")]
    DataLength {
        /// The width.
        width: u32,
        /// The height.
        height: u32,
        /// Four a texel.
        expected: u64,
        /// What was given.
        actual: usize,
    },
    /// A texel value is NaN or infinite.
    #[error("texel value {index} is not finite")]
    NotFinite {
        /// Its index in the data.
        index: usize,
    },
    /// The Radiance `.hdr` decoder refused the file.
    #[error("Radiance HDR: {0}")]
    Hdr(String),
    /// A PNG could not be decoded.
    #[error("PNG: {0}")]
    Png(String),
    /// A Radiance `.hdr` file's pixel data is shorter than the smallest encoding of the size
    /// its header declares ([`min_hdr_data_len`]); refused before the pixels are allocated.
    #[error("Radiance HDR: {width}×{height} pixels need at least {needed} bytes of pixel data, the file has {actual}")]
    HdrTooShort {
        /// The header's width.
        width: u32,
        /// The header's height.
        height: u32,
        /// The fewest bytes that can encode that many pixels.
        needed: u64,
        /// The bytes after the header.
        actual: u64,
    },
}

/// The fewest bytes of pixel data that encode a `width`×`height` Radiance image. Each scanline
/// is decoded on its own and starts with a 4-byte pixel; the cheapest encoding of the rest is
/// the old run-length one, whose run markers `(1, 1, 1, n)` repeat the previous pixel `n` times,
/// `n · 256` times for a second marker in a row, `n · 256²` for a third, and so on: the `w − 1`
/// pixels after the first take `k` markers, the least `k` with `256^k ≥ w`. (The flat encoding
/// takes 4 bytes a pixel; the newer per-channel one at least 4 + 4 · 2 · ⌈w / 127⌉ a scanline,
/// more than the old one's at most 4 + 4 · 4.)
pub fn min_hdr_data_len(width: u32, height: u32) -> u64 {
    let mut markers = 0u64;
    let mut reach = 1u64;
    while reach < u64::from(width) {
        reach *= 256;
        markers += 1;
    }
    u64::from(height) * (4 + 4 * markers)
}

/// The length of a Radiance file's header: through the resolution line, the line after the
/// first empty one; the whole file when there is none (the decoder refuses it then).
fn hdr_header_len(bytes: &[u8]) -> usize {
    let Some(blank) = bytes.windows(2).position(|w| w == b"\n\n") else {
        return bytes.len();
    };
    let after = blank + 2;
    bytes[after..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |end| after + end + 1)
}

/// An equirectangular image in linear RGB, row 0 at the bottom (`v = 0`, straight down) as three's
/// textures hold it once `flipY` is applied; read as three's equirect material reads it: bilinear,
/// clamped to the edges, level 0.
#[derive(Clone, PartialEq)]
pub struct EquirectImage {
    width: u32,
    height: u32,
    texels: Vec<[f32; 3]>,
    /// Decoded from 8-bit sRGB (three's texture then `UnsignedByteType` in `SRGBColorSpace`,
    /// and so the cube `CubeMapNode` draws it into).
    srgb8: bool,
}

impl fmt::Debug for EquirectImage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EquirectImage({}×{})", self.width, self.height)
    }
}

/// Refuse a size before allocating for it.
fn check_size(width: u32, height: u32) -> Result<(), EnvironmentError> {
    if width == 0
        || height == 0
        || width > MAX_EQUIRECT_WIDTH
        || width as u64 * height as u64 > MAX_EQUIRECT_TEXELS
    {
        return Err(EnvironmentError::Size { width, height });
    }
    Ok(())
}

impl EquirectImage {
    /// An image from linear float RGBA data, four values a texel, row 0 at the bottom (a
    /// `DataTexture` with `flipY` false); the alpha is ignored. Refuses a size over the limits,
    /// a length that does not match, and values that are not finite.
    pub fn from_rgba_f32(
        width: u32,
        height: u32,
        data: Vec<f32>,
    ) -> Result<EquirectImage, EnvironmentError> {
        check_size(width, height)?;
        let expected = width as u64 * height as u64 * 4;
        if data.len() as u64 != expected {
            return Err(EnvironmentError::DataLength {
                width,
                height,
                expected,
                actual: data.len(),
            });
        }
        if let Some(index) = data.iter().position(|v| !v.is_finite()) {
            return Err(EnvironmentError::NotFinite { index });
        }
        let texels = data.chunks_exact(4).map(|c| [c[0], c[1], c[2]]).collect();
        Ok(EquirectImage {
            width,
            height,
            texels,
            srgb8: false,
        })
    }

    /// An LDR image from 8-bit sRGB RGBA data, row 0 at the top (an image file's order, which
    /// three's `TextureLoader` flips): each channel decoded to linear.
    pub fn from_srgb8(
        width: u32,
        height: u32,
        rgba: &[u8],
    ) -> Result<EquirectImage, EnvironmentError> {
        check_size(width, height)?;
        let expected = width as u64 * height as u64 * 4;
        if rgba.len() as u64 != expected {
            return Err(EnvironmentError::DataLength {
                width,
                height,
                expected,
                actual: rgba.len(),
            });
        }
        let table: Vec<f32> = (0..=255u8)
            .map(|c| srgb_to_linear(c as f64 / 255.0) as f32)
            .collect();
        let row = width as usize * 4;
        let texels = rgba
            .chunks_exact(row)
            .rev()
            .flat_map(|r| r.chunks_exact(4))
            .map(|c| [c[0], c[1], c[2]].map(|v| table[v as usize]))
            .collect();
        Ok(EquirectImage {
            width,
            height,
            texels,
            srgb8: true,
        })
    }

    /// An LDR image from a PNG file's bytes (sRGB; the PNG decoder's own limits apply first).
    pub fn from_png(bytes: &[u8]) -> Result<EquirectImage, EnvironmentError> {
        let image = Image::from_png(bytes).map_err(|e| EnvironmentError::Png(e.to_string()))?;
        EquirectImage::from_srgb8(image.width(), image.height(), image.data())
    }

    /// An HDR image from a Radiance `.hdr` file's bytes (as three's `HDRLoader`, whose texture
    /// is flipped so that the file's first scanline is the top). The header's size is checked
    /// against the limits, and the file's length against the smallest encoding of that size
    /// ([`min_hdr_data_len`]), before the pixels are allocated.
    pub fn from_hdr(bytes: &[u8]) -> Result<EquirectImage, EnvironmentError> {
        use image::ImageDecoder;
        let hdr = |e: image::ImageError| EnvironmentError::Hdr(e.to_string());
        let decoder =
            image::codecs::hdr::HdrDecoder::new(std::io::Cursor::new(bytes)).map_err(hdr)?;
        let (width, height) = decoder.dimensions();
        check_size(width, height)?;
        let needed = min_hdr_data_len(width, height);
        let actual = (bytes.len() - hdr_header_len(bytes)) as u64;
        if actual < needed {
            return Err(EnvironmentError::HdrTooShort {
                width,
                height,
                needed,
                actual,
            });
        }
        let mut buffer = vec![0u8; decoder.total_bytes() as usize];
        decoder.read_image(&mut buffer).map_err(hdr)?;
        // Rgb32F: three floats a texel, each `m · 2^(e − 136)`. three's HDRLoader decodes
        // `m · 2^(e − 128) / 255` and keeps half floats (its default `HalfFloatType`): the
        // same, times 256/255, rounded to half.
        let floats: Vec<f32> = buffer
            .chunks_exact(4)
            .map(|b| cube::to_half(f32::from_ne_bytes([b[0], b[1], b[2], b[3]]) * (256.0 / 255.0)))
            .collect();
        if let Some(index) = floats.iter().position(|v| !v.is_finite()) {
            return Err(EnvironmentError::NotFinite { index });
        }
        let row = width as usize * 3;
        let texels = floats
            .chunks_exact(row)
            .rev()
            .flat_map(|r| r.chunks_exact(3))
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        Ok(EquirectImage {
            width,
            height,
            texels,
            srgb8: false,
        })
    }

    /// The width in texels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height in texels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The bilinear read at `uv`, clamped to the edges (`ClampToEdgeWrapping`, `LinearFilter`).
    pub fn bilinear(&self, uv: Vec2) -> Vec3 {
        let (w, h) = (self.width as i64, self.height as i64);
        let x = uv.x * w as f32 - 0.5;
        let y = uv.y * h as f32 - 0.5;
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let texel = |i: i64, j: i64| {
            let (i, j) = (i.clamp(0, w - 1), j.clamp(0, h - 1));
            // Invariant: i < w and j < h after the clamp, and there are w·h texels.
            Vec3::from_array(self.texels[(j * w + i) as usize])
        };
        let (x0, y0) = (x0 as i64, y0 as i64);
        let top = texel(x0, y0) * (1.0 - fx) + texel(x0 + 1, y0) * fx;
        let bottom = texel(x0, y0 + 1) * (1.0 - fx) + texel(x0 + 1, y0 + 1) * fx;
        top * (1.0 - fy) + bottom * fy
    }
}

/// A prefiltered environment (three.js's PMREM): a cube whose levels hold the radiance seen by
/// a mirror (level 0, a face of [`Environment::size`]) to that seen by roughness 1 (a face of
/// 8²), each level for roughness `1 − sqrt(1 − lod / max_lod)`. Made once from an image; a scene
/// or a material holds it behind an `Arc`.
#[derive(Clone, PartialEq)]
pub struct Environment {
    pmrem: CubeChain,
}

impl fmt::Debug for Environment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Environment(PMREM {}², {} levels)",
            self.size(),
            self.pmrem.levels.len()
        )
    }
}

impl Environment {
    /// three's `scene.background = texture` (`EquirectangularReflectionMapping`) at
    /// `backgroundBlurriness` 0, for [`BackgroundEnvironment`](crate::scene::BackgroundEnvironment):
    /// `CubeMapNode`'s cube, a face as high as the image, each texel the image's bilinear read
    /// (level 0) along its centre's direction, stored as the image's texture type stores it
    /// (half floats, or 8-bit sRGB for an LDR image), read at level 0. One level only: as a
    /// light it would be a mirror at every roughness. Refuses an image over
    /// [`MAX_BACKGROUND_HEIGHT`] high.
    pub fn background_from_equirect(
        image: &EquirectImage,
    ) -> Result<Environment, EnvironmentError> {
        check_size(image.width, image.height)?;
        if image.height > MAX_BACKGROUND_HEIGHT {
            return Err(EnvironmentError::Size {
                width: image.width,
                height: image.height,
            });
        }
        let size = image.height;
        let store = |c: Vec3| {
            if image.srgb8 {
                // An sRGB8 render target: encoded (the standard curve), rounded to 8 bits,
                // decoded again when read.
                c.to_array().map(|v| {
                    let v = v.clamp(0.0, 1.0) as f64;
                    let encoded = if v < 0.0031308 {
                        v * 12.92
                    } else {
                        1.055 * v.powf(1.0 / 2.4) - 0.055
                    };
                    srgb_to_linear((encoded * 255.0).round() / 255.0) as f32
                })
            } else {
                cube::half3(c)
            }
        };
        let level = cube::CubeLevel::from_fn(size, |face, i, j| {
            let d = cube::texel_direction(face, i, j, size).normalize();
            store(image.bilinear(pmrem::equirect_uv(d)))
        });
        Ok(Environment {
            pmrem: CubeChain {
                levels: vec![level],
            },
        })
    }

    /// `PMREMGenerator.fromEquirectangular(image)`: the cube's face is a quarter of the image's
    /// width, rounded down to a power of two, at least 256.
    pub fn from_equirect(image: &EquirectImage) -> Result<Environment, EnvironmentError> {
        check_size(image.width, image.height)?;
        Ok(Environment {
            pmrem: pmrem::from_equirect(image),
        })
    }

    /// The side of level 0's faces.
    pub fn size(&self) -> u32 {
        self.pmrem.levels.first().map_or(0, |l| l.size)
    }

    /// The last level (`maxLod`): log2 of the size minus 3.
    pub fn max_lod(&self) -> u32 {
        self.pmrem.levels.len().saturating_sub(1) as u32
    }

    /// `pmremTexture(env).sample(direction).level(roughnessToMip(roughness, maxLod))`: the
    /// trilinear read at mip `maxLod · r · (2 − r)` with `r` the roughness clamped to [0, 1].
    /// `direction` is a world direction (need not be unit).
    pub fn sample(&self, direction: Vec3, roughness: f32) -> Vec3 {
        let r = roughness.clamp(0.0, 1.0);
        let mip = self.max_lod() as f32 * r * (2.0 - r);
        self.pmrem.trilinear(direction, mip)
    }

    /// Each level's texels, from the finest down: `6 · size²` of them, face by face (+x, −x,
    /// +y, −y, +z, −z), row by row; the GPU renderer uploads them as they are.
    #[cfg_attr(not(feature = "gpu"), allow(dead_code))] // read by the GPU renderer alone
    pub(crate) fn level_texels(&self) -> impl Iterator<Item = &[[f32; 3]]> {
        self.pmrem.levels.iter().map(|l| l.texels.as_slice())
    }
}
