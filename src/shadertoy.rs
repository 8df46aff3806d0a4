//! Drawing a ShaderToy shader as shadertoy.com and three.js's ShaderToy page draw it.
//!
//! [`compile_shader_toy`](tsl_core::glsl::compile_shader_toy) makes the program; this module
//! draws it on a full-screen quad:
//!
//! - **Linear output.** A ShaderToy's `fragColor` is what the page shows: shadertoy.com writes it
//!   to the canvas as it is, and three.js's ShaderToy example sets
//!   `renderer.outputColorSpace = LinearSRGBColorSpace` for the same result. [`output`] is that
//!   transform (no sRGB encoding, no tone mapping); [`render`] uses it. A renderer left at its
//!   sRGB default shows the colours brighter and washed out (the default shader's bottom-left
//!   pixel at iTime 1.5 is (136, 8, 218) linear, (193, 50, 238) encoded).
//! - **Channels.** `iChannel0` to `iChannel3` are images with shadertoy.com's defaults for an image
//!   input ([`channel_texture`]); `iChannelResolution[i]` is set to each image's size. A channel the
//!   shader reads without an image is refused by name ([`ShaderToyError::MissingChannel`]).
//! - **Coordinates.** `iResolution` is the image's size; the quad fills an orthographic camera's
//!   view, so `fragCoord` is each pixel's centre from the bottom left; `iTime` is
//!   `Renderer.time`.
//!
//! ```
//! use tsl::core::glsl::compile_shader_toy;
//! let program = compile_shader_toy(
//!     "void mainImage(out vec4 c, in vec2 p) { c = vec4(0.5, 0.25, 1.0, 1.0); }",
//! )
//! .unwrap();
//! let image = tsl::shadertoy::render(program, 4, 2, 0.0, &Default::default()).unwrap();
//! // Linear output: 0.5 is byte 128 (127.5 rounded), not the sRGB encoding's 188.
//! assert_eq!(image.pixel(0, 0), Some([128, 64, 255, 255]));
//! ```

use std::fmt;
use tsl_core::NodeProgram;
use tsl_raster::{
    shader_material, Assets, Camera, ColorSpace, Filter, Image, Object, OutputColorSpace,
    OutputTransform, PlaneGeometry, RenderError, RenderSettings, Renderer, Scene, Texture,
    ToneMapping, Wrap,
};

/// How many channels a ShaderToy has: `iChannel0` to `iChannel3`.
pub const CHANNELS: usize = 4;

/// The images of `iChannel0` to `iChannel3`; `None` where a channel has none.
pub type Channels = [Option<Texture>; CHANNELS];

/// Why a ShaderToy was not drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum ShaderToyError {
    /// The shader reads `iChannel{0}` and no image was given for it.
    MissingChannel(usize),
    /// The renderer or the program refused (a uniform, the size, the draw).
    Render(String),
}

impl fmt::Display for ShaderToyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShaderToyError::MissingChannel(i) => {
                write!(f, "the shader reads iChannel{i}, which has no image")
            }
            ShaderToyError::Render(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for ShaderToyError {}

impl From<RenderError> for ShaderToyError {
    fn from(e: RenderError) -> Self {
        ShaderToyError::Render(e.to_string())
    }
}

/// The output transform of a ShaderToy: linear bytes (`fragColor` × 255, rounded), no tone
/// mapping, as shadertoy.com and three.js's ShaderToy page write them.
pub fn output() -> OutputTransform {
    OutputTransform {
        tone_mapping: ToneMapping::None,
        exposure: 1.0,
        color_space: OutputColorSpace::Linear,
    }
}

/// A channel's texture of `image` with shadertoy.com's defaults for an image input: filter
/// "mipmap" (linear magnification, trilinear minification), wrap "repeat", "vflip" on (the
/// image's bottom row at v = 0, three.js's `flipY`) and "srgb" off (the bytes are read as they
/// are, not decoded).
pub fn channel_texture(image: Image) -> Texture {
    let mut texture = Texture::new(image, ColorSpace::Linear);
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::Repeat;
    texture.mag_filter = Filter::Linear;
    texture.min_filter = Filter::LinearMipmapLinear;
    texture.flip_y = true;
    texture
}

/// The channels `program` reads (it has the texture uniform `iChannel{i}`).
pub fn channels_read(program: &NodeProgram) -> [bool; CHANNELS] {
    std::array::from_fn(|i| {
        let name = format!("iChannel{i}");
        program.uniforms().iter().any(|u| u.name == name)
    })
}

/// A ShaderToy ready to draw ([`scene`]): a full-screen quad carrying the program, the camera that
/// makes `fragCoord` each pixel's centre, the assets, and the settings (size, iTime, [`output`])
/// to draw it with, by the CPU `Renderer` or any other renderer of the same scenes.
#[derive(Clone, Debug)]
pub struct ToyScene {
    /// The quad.
    pub scene: Scene,
    /// An orthographic camera whose view the quad fills.
    pub camera: Camera,
    /// The program, its material, the quad's geometry and the channels' textures.
    pub assets: Assets,
    /// `width × height`, `time` as iTime, and the linear output transform.
    pub settings: RenderSettings,
}

/// Set a ShaderToy program up to draw at `width × height` and `time` seconds (iTime):
/// `iResolution` and each given channel's `iChannelResolution[i]` are set and the channels are
/// bound. [`render`] draws it with the CPU rasterizer.
pub fn scene(
    mut program: NodeProgram,
    width: u32,
    height: u32,
    time: f32,
    channels: &Channels,
) -> Result<ToyScene, ShaderToyError> {
    let render_error = |e: &dyn fmt::Display| ShaderToyError::Render(e.to_string());
    program
        .set_uniform(
            "iResolution",
            glam::Vec3::new(width as f32, height as f32, 1.0),
        )
        .map_err(|e| render_error(&e))?;
    let mut assets = Assets::new();
    let read = channels_read(&program);
    for (i, channel) in channels.iter().enumerate() {
        match (channel, read[i]) {
            (None, true) => return Err(ShaderToyError::MissingChannel(i)),
            (Some(texture), true) => {
                let size = glam::Vec3::new(texture.width() as f32, texture.height() as f32, 1.0);
                let resolution = format!("iChannelResolution[{i}]");
                if program.uniforms().iter().any(|u| u.name == resolution) {
                    program
                        .set_uniform(resolution.as_str(), size)
                        .map_err(|e| render_error(&e))?;
                }
                let id = assets.textures.add(texture.clone());
                program
                    .set_texture(format!("iChannel{i}").as_str(), id)
                    .map_err(|e| render_error(&e))?;
            }
            // A channel the shader does not read is not bound.
            (_, false) => {}
        }
    }
    let program = assets.programs.add(program);
    let material = assets.materials.add(shader_material(program));
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(glam::Vec3::Z);
    let mut settings = RenderSettings::new(width, height);
    settings.time = time;
    settings.output = output();
    Ok(ToyScene {
        scene,
        camera,
        assets,
        settings,
    })
}

/// Draw a ShaderToy program at `width × height` and `time` seconds (iTime) with the CPU
/// rasterizer: the [`scene`] drawn with its settings, so the output is [`output`]'s linear bytes.
pub fn render(
    program: NodeProgram,
    width: u32,
    height: u32,
    time: f32,
    channels: &Channels,
) -> Result<Image, ShaderToyError> {
    let toy = scene(program, width, height, time, channels)?;
    Ok(Renderer::new(toy.settings).render(&toy.scene, &toy.camera, &toy.assets)?)
}
