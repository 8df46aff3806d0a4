//! [`RenderSettings`]: what the CPU [`Renderer`](crate::Renderer) and the GPU renderer share
//! (size, `time`, shading view, output transform, clear colour), and [`Shading`], the views.

use crate::output::{checked_len, over_limit, Image, LinearImage, OutputTransform, ToneMapping};
use crate::scene::ShadowMapType;
use crate::RenderError;
use rayon::prelude::*;
use std::time::Duration;
use tsl_core::{Color, Limits};

/// What the rasterizer draws (R-MAT-6, docs/requirements.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shading {
    /// Everything: textures, lights, programs.
    #[default]
    Texture,
    /// Lights and programs, every texture read as opaque white (a normal map reads flat).
    Lit,
    /// The geometry's uv as red and green, no lights, no program.
    Uv,
}

/// [`Shading::Texture`].
pub const SHADE_TEXTURE: Shading = Shading::Texture;
/// [`Shading::Lit`].
pub const SHADE_LIT: Shading = Shading::Lit;
/// [`Shading::Uv`].
pub const SHADE_UV: Shading = Shading::Uv;

/// The settings of a renderer, CPU or GPU: the image's size, the frame's time, the shading view,
/// the output transform, the clear colour and the host's limits.
///
/// ```
/// use tsl_raster::*;
/// let mut settings = RenderSettings::new(320, 240);
/// settings.time = 1.5;
/// settings.set_tone_mapping(ToneMapping::AcesFilmic, 1.0);
/// let renderer = Renderer::new(settings);
/// assert_eq!(renderer.settings.width, 320);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct RenderSettings {
    /// The image's width in pixels.
    pub width: u32,
    /// The image's height in pixels.
    pub height: u32,
    /// The value of the time node in seconds (three.js's `NodeFrame.time`); zero by default. The
    /// caller moves it on between frames.
    pub time: f32,
    /// The renderer's frame counter (three.js's `NodeFrame.frameId`, TSL's `frameId`); zero by
    /// default. The caller moves it on between frames, as it does `time`.
    pub frame_id: u32,
    /// The seconds since the previous frame (three.js's `NodeFrame.deltaTime`, TSL's
    /// `deltaTime`); zero by default, set by the caller with `time`.
    pub delta_time: f32,
    /// What to draw.
    pub shading: Shading,
    /// Tone mapping, exposure and encoding of the output.
    pub output: OutputTransform,
    /// The clear colour where the scene has no background (linear); black.
    pub clear_color: Color,
    /// The clear alpha where the scene has no background; 0, as three.js's.
    pub clear_alpha: f32,
    /// The host's limits; a renderer refuses a frame of more than `limits.image_pixels` pixels
    /// before it allocates anything ([`ImageError::OverLimit`](crate::ImageError::OverLimit)).
    /// The default's 2^28 pixels is the renderers' own limit.
    pub limits: Limits,
    /// three.js's `renderer.shadowMap.enabled`: whether shadow-casting lights draw their maps
    /// and the receivers read them; false by default, as three.js's.
    pub shadow_map_enabled: bool,
    /// three.js's `renderer.shadowMap.type`: how the maps are filtered; PCF by default.
    pub shadow_map_type: ShadowMapType,
    /// three.js's `renderer.shadowMap.transmitted`: the shadow pass also keeps a colour per
    /// texel, what the light sees through the nearest caster (`CAST_SHADOW_NODE`'s colour and
    /// alpha, opaque black by default, the alpha times the map's), and a receiver's shadow is
    /// `mix(1, mix(colour, 1, shadow), intensity · alpha)` per channel (R-SHADOW-8); false by
    /// default, as three.js's.
    pub shadow_map_transmitted: bool,
}

impl RenderSettings {
    /// `width × height` pixels with three.js's defaults: sRGB output, no tone mapping, time zero.
    pub fn new(width: u32, height: u32) -> RenderSettings {
        RenderSettings {
            width,
            height,
            time: 0.0,
            frame_id: 0,
            delta_time: 0.0,
            shading: Shading::Texture,
            output: OutputTransform::default(),
            clear_color: Color::BLACK,
            clear_alpha: 0.0,
            limits: Limits::DEFAULT,
            shadow_map_enabled: false,
            shadow_map_type: ShadowMapType::Pcf,
            shadow_map_transmitted: false,
        }
    }

    /// The frame's RGBA8 bytes (4 a pixel), or its refusal: a zero side or more than 2^28
    /// pixels ([`ImageError::Size`](crate::ImageError::Size)), then more than
    /// `limits.image_pixels` ([`ImageError::OverLimit`](crate::ImageError::OverLimit)). The
    /// renderers call it before they allocate anything.
    pub(crate) fn frame_len(&self) -> Result<usize, RenderError> {
        let len = checked_len(self.width, self.height)?;
        over_limit(
            "a frame",
            self.width,
            self.height,
            "image_pixels",
            self.limits.image_pixels,
        )?;
        Ok(len)
    }

    /// Set `time` from a duration (`renderer.time = Duration(1.5, SECOND)`).
    pub fn set_time(&mut self, time: Duration) {
        self.time = time.as_secs_f32();
    }

    /// Select a tone mapping (three.js's `renderer.toneMapping`).
    pub fn set_tone_mapping(&mut self, tone_mapping: ToneMapping, exposure: f32) {
        self.output.tone_mapping = tone_mapping;
        self.output.exposure = exposure;
    }

    /// The output transform of a linear image: what a render returns.
    pub fn encode(&self, linear: &LinearImage) -> Image {
        let width = linear.width() as usize;
        let mut data = vec![0u8; linear.pixels().len() * 4];
        data.par_chunks_mut(4 * width)
            .zip(linear.pixels().par_chunks(width))
            .for_each(|(out, row)| self.output.apply_row(row, out));
        Image::from_parts(linear.width(), linear.height(), data)
    }
}
