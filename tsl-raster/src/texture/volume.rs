//! 3D textures (volumes): three.js's `Data3DTexture`, read by a program's `texture_3d` node
//! (R-VAL-22, docs/requirements.md).
//!
//! A volume holds `width × height × depth` texels, rows of a slice first, then slices, as
//! three.js's `Data3DTexture` lays out its data. Its bytes are data, not colour: no sRGB decode
//! (three.js's `NoColorSpace`). It has no mip chain (three.js's `generateMipmaps` is false for
//! it), so one filter serves magnification and minification.

use super::cube::{cube_face, layer_index, VolumeLayout};
use super::sample::wrap;
use super::Wrap;
use glam::{Vec3, Vec4};
use thiserror::Error;

/// The most texels a volume holds: 2^24 (256³), 256 MiB of linear float RGBA.
pub const MAX_VOLUME_TEXELS: u64 = 1 << 24;

/// How a volume's data are laid out (three.js's `format` and `type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VolumeFormat {
    /// `RedFormat` of `UnsignedByteType`: one byte a texel, read as (byte / 255, 0, 0, 1).
    R8,
    /// `RedFormat` of `FloatType`: one float a texel, read as (value, 0, 0, 1).
    R32F,
    /// `RGBAFormat` of `UnsignedByteType`: four bytes a texel, each / 255.
    Rgba8,
}

impl VolumeFormat {
    /// The bytes of one texel.
    pub fn texel_bytes(self) -> usize {
        match self {
            VolumeFormat::R8 => 1,
            VolumeFormat::R32F | VolumeFormat::Rgba8 => 4,
        }
    }
}

/// How a volume's texel is chosen between texel centres (three.js's `magFilter`/`minFilter`,
/// which a volume without mips reads alike).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VolumeFilter {
    /// `NearestFilter`: three.js's default for a `Data3DTexture`.
    #[default]
    Nearest,
    /// `LinearFilter`: the eight nearest texels, weighted (trilinear).
    Linear,
}

/// Why a volume is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VolumeError {
    /// A side of zero, or more than [`MAX_VOLUME_TEXELS`] texels.
    #[error("a volume of {width}×{height}×{depth} texels is refused (1 to 2^24 texels)")]
    Size {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
        /// The depth asked for.
        depth: u32,
    },
    /// Data of the wrong length for the size and format.
    #[error("a volume of {texels} texels of {format:?} takes {expected} bytes, not {found}")]
    DataLength {
        /// The texels.
        texels: u64,
        /// The format.
        format: VolumeFormat,
        /// The bytes it takes.
        expected: u64,
        /// The bytes given.
        found: usize,
    },
    /// A float texel that is NaN or infinite.
    #[error("texel {index} of a float volume is not finite")]
    NotFinite {
        /// The texel's index.
        index: usize,
    },
}

/// A float coordinate as a texel index: rounded down, NaN to 0, held within ±2^30 (as the GPU's
/// `texel_index`, so both wrap the same whole number).
fn index(x: f32) -> i64 {
    let f = x.floor();
    if f.is_nan() {
        return 0;
    }
    f.clamp(-1_073_741_824.0, 1_073_741_824.0) as i64
}

/// A 3D texture: three.js's `Data3DTexture` decoded once to linear RGBA texels.
///
/// ```
/// use tsl_raster::{Texture3d, VolumeFilter, VolumeFormat};
/// // Two texels along x: 0 and 255.
/// let mut volume = Texture3d::new(2, 1, 1, VolumeFormat::R8, &[0, 255]).unwrap();
/// assert_eq!(volume.sample(glam::Vec3::new(0.25, 0.5, 0.5)).x, 0.0); // nearest by default
/// volume.filter = VolumeFilter::Linear;
/// assert_eq!(volume.sample(glam::Vec3::new(0.5, 0.5, 0.5)).x, 0.5); // halfway between centres
/// ```
#[derive(Clone, Debug)]
pub struct Texture3d {
    width: usize,
    height: usize,
    depth: usize,
    texels: Vec<Vec4>,
    /// Wrap along u (`wrapS`): clamp to edge by default.
    pub wrap_s: Wrap,
    /// Wrap along v (`wrapT`): clamp to edge by default.
    pub wrap_t: Wrap,
    /// Wrap along w (`wrapR`): clamp to edge by default.
    pub wrap_r: Wrap,
    /// The filter: nearest by default, as three.js's `Data3DTexture`.
    pub filter: VolumeFilter,
    /// How its slices are read: a volume, layers or a cube's faces.
    layout: VolumeLayout,
}

impl Texture3d {
    /// A volume of `width × height × depth` texels from `data` in `format` (three.js's
    /// `new Data3DTexture(data, width, height, depth)` with `format` and `type` set), with
    /// three.js's defaults: clamp to edge on every axis, nearest filter. `R32F` data are the
    /// floats' little-endian bytes. Refuses a size of zero or over [`MAX_VOLUME_TEXELS`], data of
    /// another length, and a float that is not finite.
    pub fn new(
        width: u32,
        height: u32,
        depth: u32,
        format: VolumeFormat,
        data: &[u8],
    ) -> Result<Texture3d, VolumeError> {
        let texels = width as u64 * height as u64 * depth as u64;
        if texels == 0 || texels > MAX_VOLUME_TEXELS {
            return Err(VolumeError::Size {
                width,
                height,
                depth,
            });
        }
        let expected = texels * format.texel_bytes() as u64;
        if data.len() as u64 != expected {
            return Err(VolumeError::DataLength {
                texels,
                format,
                expected,
                found: data.len(),
            });
        }
        let byte = |b: u8| b as f32 / 255.0;
        let texels: Vec<Vec4> = match format {
            VolumeFormat::R8 => data
                .iter()
                .map(|&b| Vec4::new(byte(b), 0.0, 0.0, 1.0))
                .collect(),
            VolumeFormat::Rgba8 => data
                .chunks_exact(4)
                .map(|c| Vec4::new(byte(c[0]), byte(c[1]), byte(c[2]), byte(c[3])))
                .collect(),
            VolumeFormat::R32F => {
                let mut out = Vec::with_capacity(texels as usize);
                for (index, c) in data.chunks_exact(4).enumerate() {
                    let v = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                    if !v.is_finite() {
                        return Err(VolumeError::NotFinite { index });
                    }
                    out.push(Vec4::new(v, 0.0, 0.0, 1.0));
                }
                out
            }
        };
        Ok(Texture3d {
            width: width as usize,
            height: height as usize,
            depth: depth as usize,
            texels,
            wrap_s: Wrap::ClampToEdge,
            wrap_t: Wrap::ClampToEdge,
            wrap_r: Wrap::ClampToEdge,
            filter: VolumeFilter::Nearest,
            layout: VolumeLayout::Volume,
        })
    }

    /// A 2D array texture (three.js's `DataArrayTexture`) of `depth` layers of
    /// `width × height` texels, layer after layer, rows of a layer first row first (three.js's
    /// `flipY` is false for it), read with the coordinate `(u, v, layer)`. Its defaults and
    /// refusals are [`Texture3d::new`]'s.
    pub fn layers(
        width: u32,
        height: u32,
        depth: u32,
        format: VolumeFormat,
        data: &[u8],
    ) -> Result<Texture3d, VolumeError> {
        let mut t = Texture3d::new(width, height, depth, format, data)?;
        t.layout = VolumeLayout::Layers;
        Ok(t)
    }

    /// A cube texture (three.js's `CubeTexture`) of six `size × size` faces in three.js's order
    /// +x, −x, +y, −y, +z, −z, each first row first (a `CubeTexture`'s `flipY` is false), read
    /// by a direction. The wraps do not apply (WebGL clamps a cube's faces to their edges); the
    /// filter is nearest until set. Refuses what [`Texture3d::new`] refuses.
    pub fn cube(size: u32, format: VolumeFormat, faces: &[u8]) -> Result<Texture3d, VolumeError> {
        let mut t = Texture3d::new(size, size, 6, format, faces)?;
        t.layout = VolumeLayout::Cube;
        Ok(t)
    }

    /// Decode the colour channels from sRGB to linear (three.js's `SRGBColorSpace`, which WebGL
    /// reads through an `SRGB8_ALPHA8` texture); alpha stays. A volume's data are linear unless
    /// this is called.
    pub fn decode_srgb(&mut self) {
        for t in &mut self.texels {
            let [r, g, b] = t.truncate().to_array().map(crate::output::srgb_eotf);
            *t = Vec4::new(r, g, b, t.w);
        }
    }

    /// How its slices are read.
    pub fn layout(&self) -> VolumeLayout {
        self.layout
    }

    /// The wraps along u, v and w that apply: a cube's are clamp to edge whatever is set.
    pub fn wraps(&self) -> [Wrap; 3] {
        match self.layout {
            VolumeLayout::Cube => [Wrap::ClampToEdge; 3],
            _ => [self.wrap_s, self.wrap_t, self.wrap_r],
        }
    }

    /// A one-channel float volume (`RedFormat`, `FloatType`) from its values.
    pub fn from_f32(
        width: u32,
        height: u32,
        depth: u32,
        values: &[f32],
    ) -> Result<Texture3d, VolumeError> {
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        Texture3d::new(width, height, depth, VolumeFormat::R32F, &bytes)
    }

    /// The size in texels: width, height, depth.
    pub fn size(&self) -> [usize; 3] {
        [self.width, self.height, self.depth]
    }

    /// The texels, linear RGBA, x fastest, then y, then z.
    pub fn texels(&self) -> &[Vec4] {
        &self.texels
    }

    /// The texel at whole coordinates, each wrapped by its axis's wrap.
    fn texel(&self, x: i64, y: i64, z: i64) -> Vec4 {
        let [wrap_s, wrap_t, wrap_r] = self.wraps();
        let x = wrap(x, self.width, wrap_s);
        let y = wrap(y, self.height, wrap_t);
        let z = wrap(z, self.depth, wrap_r);
        // Invariant: `wrap` returns 0..n on each axis, and `new` made width × height × depth texels.
        self.texels[(z * self.height + y) * self.width + x]
    }

    /// The texture at `uvw` as GLSL's `texture` reads level 0 of a `sampler3D` (a volume),
    /// a `sampler2DArray` (layers: `uvw` is `(u, v, layer)`) or a `samplerCube` (a cube: `uvw`
    /// is a direction): the nearest texel, or the nearest eight (a volume) or four (within a
    /// layer or face) weighted, the texel centres at `(i + 0.5) / size`. A NaN coordinate reads
    /// texel 0 of its axis.
    pub fn sample(&self, uvw: Vec3) -> Vec4 {
        let (u, v, slice) = match self.layout {
            VolumeLayout::Volume => return self.sample_volume(uvw),
            VolumeLayout::Layers => (uvw.x, uvw.y, layer_index(uvw.z, self.depth)),
            VolumeLayout::Cube => {
                let (face, s, t) = cube_face(uvw);
                (s, t, face as i64)
            }
        };
        let p = glam::Vec2::new(u * self.width as f32, v * self.height as f32);
        match self.filter {
            VolumeFilter::Nearest => self.texel(index(p.x), index(p.y), slice),
            VolumeFilter::Linear => self.bilinear(p, slice),
        }
    }

    /// A volume at `uvw`: nearest, or trilinear between two slices' bilinear reads.
    fn sample_volume(&self, uvw: Vec3) -> Vec4 {
        let size = Vec3::new(self.width as f32, self.height as f32, self.depth as f32);
        let p = uvw * size;
        match self.filter {
            VolumeFilter::Nearest => self.texel(index(p.x), index(p.y), index(p.z)),
            VolumeFilter::Linear => {
                let q = p.z - 0.5;
                let f = q - q.floor();
                let f = if f.is_finite() { f } else { 0.0 };
                let z = index(q);
                let (a, b) = (
                    self.bilinear(p.truncate(), z),
                    self.bilinear(p.truncate(), z + 1),
                );
                a + (b - a) * f
            }
        }
    }

    /// The four texels of slice `z` nearest the point `p` (in texels), weighted.
    fn bilinear(&self, p: glam::Vec2, z: i64) -> Vec4 {
        let q = p - glam::Vec2::splat(0.5);
        let f = (q - q.floor())
            .to_array()
            .map(|f| if f.is_finite() { f } else { 0.0 });
        let (x, y) = (index(q.x), index(q.y));
        let lerp = |a: Vec4, b: Vec4, t: f32| a + (b - a) * t;
        let row = |y: i64| lerp(self.texel(x, y, z), self.texel(x + 1, y, z), f[0]);
        lerp(row(y), row(y + 1), f[1])
    }
}
