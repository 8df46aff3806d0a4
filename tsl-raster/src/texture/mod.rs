//! Textures: an RGBA8 image decoded once to linear float texels with its mip chain, three.js's
//! sampler settings (wrap, filters, `flipY`) and its uv transform (offset, repeat, rotation,
//! centre). [`Texture::sample_grad`] reads straight-alpha linear RGBA at a coordinate, at the mip
//! level that the coordinate's screen derivatives select.

mod cube;
pub(crate) mod jpeg;
mod sample;
mod volume;

pub use cube::VolumeLayout;
pub use sample::MAX_MIP_LEVELS;
pub use volume::{Texture3d, VolumeError, VolumeFilter, VolumeFormat, MAX_VOLUME_TEXELS};

use crate::error::ImageError;
use crate::output::{decode_png, over_limit, srgb_eotf, Image};
use crate::RenderError;
use glam::{Mat3, Vec2, Vec3, Vec4};
use std::path::Path;
use tsl_core::Limits;

/// The most texels a checked texture holds ([`Texture::from_png`], [`Texture::load_png`],
/// [`Texture::try_new`]), whatever a [`Limits`] says: 2^26, e.g. 8192×8192. Its levels are
/// linear float RGBA, 16 bytes a texel and a third more for the mip chain: about 1.4 GiB at the
/// limit, after the 256 MiB of the decoded image. [`Texture::new`] takes any [`Image`] (up to
/// 2^28 pixels, 5.3 GiB of levels).
pub const MAX_TEXTURE_TEXELS: u64 = 1 << 26;

/// Refuses a texture of `width`×`height` texels: over [`MAX_TEXTURE_TEXELS`], then over the
/// host's `limits.texture_texels`.
fn check_texels(width: u32, height: u32, limits: &Limits) -> Result<(), RenderError> {
    if width as u64 * height as u64 > MAX_TEXTURE_TEXELS {
        return Err(ImageError::TextureTooLarge { width, height }.into());
    }
    over_limit(
        "a texture",
        width,
        height,
        "texture_texels",
        limits.texture_texels,
    )
}

/// A PNG decoded for a texture: refused from its header beyond the texture's budget
/// ([`check_texels`]) and the image's.
fn decode_texture(source: impl std::io::Read, limits: &Limits) -> Result<Image, RenderError> {
    decode_png(source, limits, |width, height| {
        check_texels(width, height, limits)
    })
}

/// How a texture's bytes are encoded (three.js's `texture.colorSpace`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColorSpace {
    /// sRGB bytes, decoded to linear when read (`SRGBColorSpace`): colour maps.
    #[default]
    Srgb,
    /// Linear bytes read as they are (`NoColorSpace`/`LinearSRGBColorSpace`): data maps.
    Linear,
}

/// What a coordinate outside [0, 1] reads (`wrapS`, `wrapT`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wrap {
    /// `RepeatWrapping`.
    Repeat,
    /// `ClampToEdgeWrapping`, three.js's default.
    #[default]
    ClampToEdge,
    /// `MirroredRepeatWrapping`.
    MirroredRepeat,
}

/// A texture filter (`magFilter` takes the first two, `minFilter` all six).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// The nearest texel of the full-size level.
    Nearest,
    /// Bilinear in the full-size level.
    Linear,
    /// The nearest texel of the nearest level.
    NearestMipmapNearest,
    /// Bilinear in the nearest level.
    LinearMipmapNearest,
    /// The nearest texel of the two nearest levels, blended.
    NearestMipmapLinear,
    /// Bilinear in the two nearest levels, blended (trilinear): three.js's default `minFilter`.
    LinearMipmapLinear,
}

/// One level of the mip chain: linear RGBA texels, rows from the top of the image.
#[derive(Clone, Debug)]
pub(crate) struct Level {
    pub width: usize,
    pub height: usize,
    pub texels: Vec<Vec4>,
}

/// A texture: the decoded image and its mip chain, with three.js's sampler and uv settings.
///
/// ```
/// use tsl_raster::{ColorSpace, Image, Texture, Wrap};
/// let image = Image::from_rgba8(2, 1, vec![255, 0, 0, 255, 0, 0, 255, 255]).unwrap();
/// let mut texture = Texture::new(image, ColorSpace::Srgb);
/// texture.wrap_s = Wrap::Repeat;
/// let red = texture.sample(glam::Vec2::new(0.25, 0.5));
/// assert_eq!(red, glam::Vec4::new(1.0, 0.0, 0.0, 1.0));
/// ```
#[derive(Clone, Debug)]
pub struct Texture {
    /// Shared by the clones (a frame that reads the screen clones its assets: R-SCREEN-1).
    levels: std::sync::Arc<[Level]>,
    /// Names these levels: a number no other texture's levels were made with in this process
    /// (a clone shares its levels' content, so it keeps the stamp). The levels never change
    /// after they are made, so the GPU renderer keeps a texture's upload while its stamp stays.
    stamp: u64,
    color_space: ColorSpace,
    /// Horizontal wrap; clamp to edge by default.
    pub wrap_s: Wrap,
    /// Vertical wrap; clamp to edge by default.
    pub wrap_t: Wrap,
    /// The filter when a texel covers more than a pixel: [`Filter::Linear`] by default.
    pub mag_filter: Filter,
    /// The filter when a pixel covers more than a texel: [`Filter::LinearMipmapLinear`] by default.
    pub min_filter: Filter,
    /// Whether the image's top row is read at v = 1 (three.js's `flipY`, true by default for
    /// images); false reads the top row at v = 0.
    pub flip_y: bool,
    /// `texture.offset`, added after the repeat and rotation.
    pub offset: Vec2,
    /// `texture.repeat`.
    pub repeat: Vec2,
    /// `texture.rotation` in radians, about `center`.
    pub rotation: f32,
    /// `texture.center`, the point the rotation turns about.
    pub center: Vec2,
    /// three.js's `texture.matrix` set by hand with `matrixAutoUpdate` off: the uv transform in
    /// place of the one `offset`, `repeat`, `rotation` and `center` make (`None` by default).
    /// three's GLTFLoader sets one for a KHR_texture_transform with a rotation (glTF's order,
    /// offset · rotation · scale).
    pub matrix: Option<Mat3>,
}

impl Texture {
    /// A texture of `image`, whose bytes are in `color_space`, with three.js's defaults: clamp to
    /// edge, linear magnification, trilinear minification, `flip_y` on, no transform. The mip chain
    /// is made at once, each level the 2×2 mean of the one above in linear space.
    ///
    /// Unchecked: any [`Image`] (up to 2^28 pixels, 5.3 GiB of levels at 16 bytes a texel and a
    /// third more for the mip chain). A host holding images from users makes textures with
    /// [`Texture::try_new`], which holds them to its [`Limits`].
    pub fn new(image: Image, color_space: ColorSpace) -> Texture {
        let decode: Vec<f32> = (0..=255u8)
            .map(|b| match color_space {
                ColorSpace::Srgb => srgb_eotf(b as f32 / 255.0),
                ColorSpace::Linear => b as f32 / 255.0,
            })
            .collect();
        let texels = image
            .data()
            .chunks_exact(4)
            .map(|p| {
                Vec4::new(
                    decode[p[0] as usize],
                    decode[p[1] as usize],
                    decode[p[2] as usize],
                    p[3] as f32 / 255.0,
                )
            })
            .collect();
        let base = Level {
            width: image.width() as usize,
            height: image.height() as usize,
            texels,
        };
        // Process-wide and only ever incremented: a stamp is never given twice.
        static STAMPS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Texture {
            levels: sample::mip_chain(base).into(),
            stamp: STAMPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            color_space,
            wrap_s: Wrap::ClampToEdge,
            wrap_t: Wrap::ClampToEdge,
            mag_filter: Filter::Linear,
            min_filter: Filter::LinearMipmapLinear,
            flip_y: true,
            offset: Vec2::ZERO,
            repeat: Vec2::ONE,
            rotation: 0.0,
            center: Vec2::ZERO,
            matrix: None,
        }
    }

    /// A texture of linear RGBA texels (rows from the top, `width × height` of them) with its
    /// mip chain: a frame's snapshot of its opaque scene, which three.js's
    /// `viewportSharedTexture` reads at its full-size level (R-SCREEN-1; the filter is linear,
    /// so a sampled read never leaves level 0) and a transmissive surface reads at a level of
    /// its chain (R-SCREEN-3, [`Texture::sample_level`]). Clamped to its edges, bilinear, and
    /// read with v = 0 at the top row, as `screen_uv()` counts. `None` when the texel count is
    /// not `width × height`.
    pub(crate) fn from_linear(width: u32, height: u32, texels: Vec<Vec4>) -> Option<Texture> {
        if texels.len() as u64 != u64::from(width) * u64::from(height) {
            return None;
        }
        let base = Level {
            width: width as usize,
            height: height as usize,
            texels,
        };
        // A 1×1 image of the new levels, replaced at once: the stamp and the defaults of `new`.
        let mut t = Texture::new(Image::from_parts(1, 1, vec![0; 4]), ColorSpace::Linear);
        // three.js's viewportMipTexture generates the mipmaps of its copy (WebGL's
        // `generateMipmap`, a 2×2 box for these power-of-two halvings).
        t.levels = sample::mip_chain(base).into();
        t.min_filter = Filter::Linear;
        t.flip_y = false;
        Some(t)
    }

    /// [`Texture::new`] held to the host's `limits` before its levels are made: more than
    /// [`MAX_TEXTURE_TEXELS`] (whatever `limits` says) is [`ImageError::TextureTooLarge`], more
    /// than `limits.texture_texels` is [`ImageError::OverLimit`]. An accepted texture costs
    /// about 21⅓ bytes a texel (its levels, with the mip chain).
    ///
    /// ```
    /// use tsl_raster::{ColorSpace, Image, Texture};
    /// let server = tsl_core::Limits { texture_texels: 64 * 64, ..Default::default() };
    /// let image = Image::new(64, 65).unwrap();
    /// assert!(Texture::try_new(image, ColorSpace::Srgb, &server).is_err());
    /// let image = Image::new(64, 64).unwrap();
    /// assert_eq!(Texture::try_new(image, ColorSpace::Srgb, &server).unwrap().width(), 64);
    /// ```
    pub fn try_new(
        image: Image,
        color_space: ColorSpace,
        limits: &Limits,
    ) -> Result<Texture, RenderError> {
        check_texels(image.width(), image.height(), limits)?;
        Ok(Texture::new(image, color_space))
    }

    /// A texture decoded from PNG bytes, as [`Image::from_png`], and held to the texture's
    /// budget from the header, before anything is allocated: more than [`MAX_TEXTURE_TEXELS`]
    /// is [`ImageError::TextureTooLarge`]. [`Texture::from_png_with_limits`] with the default
    /// [`Limits`] (whose `texture_texels` is [`MAX_TEXTURE_TEXELS`]).
    pub fn from_png(bytes: &[u8], color_space: ColorSpace) -> Result<Texture, RenderError> {
        Texture::from_png_with_limits(bytes, color_space, &Limits::DEFAULT)
    }

    /// A texture decoded from PNG bytes, as [`Texture::from_png`], held to the host's `limits`
    /// from the header, before anything is allocated: more than `limits.texture_texels` or
    /// `limits.image_pixels` is [`ImageError::OverLimit`] (the texture's limit is checked
    /// first). The hard limits ([`MAX_TEXTURE_TEXELS`], [`MAX_PNG_SIDE`](crate::MAX_PNG_SIDE))
    /// stay whatever `limits` says.
    pub fn from_png_with_limits(
        bytes: &[u8],
        color_space: ColorSpace,
        limits: &Limits,
    ) -> Result<Texture, RenderError> {
        Ok(Texture::new(decode_texture(bytes, limits)?, color_space))
    }

    /// A texture read from a PNG file, as [`Texture::from_png`]; the file is streamed through
    /// the decoder, not read whole.
    pub fn load_png(
        path: impl AsRef<Path>,
        color_space: ColorSpace,
    ) -> Result<Texture, RenderError> {
        Texture::load_png_with_limits(path, color_space, &Limits::DEFAULT)
    }

    /// A texture read from a PNG file, as [`Texture::load_png`], held to the host's `limits` as
    /// [`Texture::from_png_with_limits`] holds it.
    pub fn load_png_with_limits(
        path: impl AsRef<Path>,
        color_space: ColorSpace,
        limits: &Limits,
    ) -> Result<Texture, RenderError> {
        let file = std::fs::File::open(path)?;
        Ok(Texture::new(decode_texture(file, limits)?, color_space))
    }

    /// The full-size level's width in texels.
    pub fn width(&self) -> u32 {
        self.levels[0].width as u32
    }

    /// The full-size level's height in texels.
    pub fn height(&self) -> u32 {
        self.levels[0].height as u32
    }

    /// The full-size level's linear texels, rows from the top (what object JSON writes).
    pub(crate) fn base_texels(&self) -> &[Vec4] {
        &self.levels[0].texels
    }

    /// How the bytes were decoded.
    pub fn color_space(&self) -> ColorSpace {
        self.color_space
    }

    /// The levels of the mip chain, the full size first.
    pub fn level_count(&self) -> usize {
        self.levels.len()
    }

    /// The uv transform, [`Texture::matrix`] where set, else three.js's
    /// `Matrix3.setUvTransform(offset, repeat, rotation, center)`: the coordinate a material's
    /// map is read at is `matrix · (u, v, 1)`.
    pub fn uv_matrix(&self) -> Mat3 {
        if let Some(m) = self.matrix {
            return m;
        }
        let (s, c) = self.rotation.sin_cos();
        let (sx, sy) = (self.repeat.x, self.repeat.y);
        let (cx, cy) = (self.center.x, self.center.y);
        Mat3::from_cols(
            Vec3::new(sx * c, -sy * s, 0.0),
            Vec3::new(sx * s, sy * c, 0.0),
            Vec3::new(
                -sx * (c * cx + s * cy) + cx + self.offset.x,
                -sy * (-s * cx + c * cy) + cy + self.offset.y,
                1.0,
            ),
        )
    }

    /// Whether the uv transform is the identity (no offset, repeat or rotation).
    pub fn has_identity_transform(&self) -> bool {
        if let Some(m) = self.matrix {
            return m == Mat3::IDENTITY;
        }
        self.offset == Vec2::ZERO && self.repeat == Vec2::ONE && self.rotation == 0.0
    }

    /// The texture at `uv` at the full-size level (the magnification filter), straight-alpha linear
    /// RGBA.
    pub fn sample(&self, uv: Vec2) -> Vec4 {
        self.sample_grad(uv, Vec2::ZERO, Vec2::ZERO)
    }

    /// The texture as a material's map reads it: at the surface's `uv` and its screen
    /// derivatives `(ddx, ddy)`, both through the texture's own uv transform
    /// ([`Texture::uv_matrix`]). The shading's maps and the shadow pass's alpha test read by it.
    pub(crate) fn sample_map(&self, uv: Vec2, (ddx, ddy): (Vec2, Vec2)) -> Vec4 {
        if self.has_identity_transform() {
            return self.sample_grad(uv, ddx, ddy);
        }
        let m = self.uv_matrix();
        let linear = |v: Vec2| {
            Vec2::new(
                m.x_axis.x * v.x + m.y_axis.x * v.y,
                m.x_axis.y * v.x + m.y_axis.y * v.y,
            )
        };
        let at = linear(uv) + Vec2::new(m.z_axis.x, m.z_axis.y);
        self.sample_grad(at, linear(ddx), linear(ddy))
    }

    /// The texture at `uv`, where `ddx` and `ddy` are the coordinate's change one pixel to the
    /// right and one pixel up: they choose the mip level as OpenGL does
    /// (`log2` of the longer footprint in texels), and the filters read it.
    pub fn sample_grad(&self, uv: Vec2, ddx: Vec2, ddy: Vec2) -> Vec4 {
        sample::sample(self, uv, ddx, ddy)
    }

    /// The texture at `uv` at level of detail `lambda`: GLSL's `textureLod` (the graph's
    /// `texture_level`). At or below 0 the magnification filter reads the full-size level;
    /// above, the minification filter picks the nearest level or blends the two around λ
    /// (clamped to the last level), as for [`Texture::sample_grad`]'s λ. A NaN λ or a
    /// coordinate that is not finite reads transparent black (docs/requirements.md: the
    /// interpreter has no exception channel, so a non-finite read is black).
    pub fn sample_lod(&self, uv: Vec2, lambda: f32) -> Vec4 {
        if !uv.is_finite() {
            return Vec4::ZERO;
        }
        sample::sample_lambda(self, uv, lambda)
    }

    /// Texel (`x`, `y`) of mip level `level`, read with no filter: GLSL's `texelFetch` (the
    /// graph's `texture_fetch`). Each argument is floored; the rows count as `uv`'s `v` does, so
    /// the texel is the one a nearest read at its centre takes. A texel or level outside the
    /// texture reads transparent black (GLSL ES leaves it undefined; the wraps do not apply).
    pub fn fetch(&self, x: f32, y: f32, level: f32) -> Vec4 {
        sample::fetch(self, x, y, level)
    }

    /// The texture at `uv` read at mip level `level` (clamped to the last level), bilinearly
    /// or (`linear` false) with the nearest texel: GLSL's `textureLod` at a whole level, what
    /// three.js's `textureBicubicLevel` reads its taps with (R-SCREEN-3).
    pub(crate) fn sample_level(&self, uv: Vec2, level: usize, linear: bool) -> Vec4 {
        let levels = self.levels();
        // Invariant: a texture has at least one level.
        let at = &levels[level.min(levels.len() - 1)];
        let t = if self.flip_y { 1.0 - uv.y } else { uv.y };
        if linear {
            sample::bilinear(at, uv.x, t, self)
        } else {
            sample::nearest(at, uv.x, t, self)
        }
    }

    /// The size of mip level `level` (clamped to the last level) in texels, GLSL's
    /// `textureSize(t, level)`.
    pub(crate) fn level_size(&self, level: usize) -> Vec2 {
        let levels = self.levels();
        // Invariant: a texture has at least one level.
        let at = &levels[level.min(levels.len() - 1)];
        Vec2::new(at.width as f32, at.height as f32)
    }

    pub(crate) fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// The stamp of the levels (see the field): equal stamps mean equal texels.
    #[cfg_attr(not(feature = "gpu"), allow(dead_code))]
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }
}
