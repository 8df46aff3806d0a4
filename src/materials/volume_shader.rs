//! three.js r187's `VolumeRenderShader1` (`examples/jsm/shaders/VolumeShader.js`) as a ready
//! program: a ray marched through a 3D texture of intensities, coloured through a colormap
//! (docs/requirements.md, R-READY-6; docs/materials.md, "Volume shader").
//!
//! Draw it on the back faces of a box that spans the volume, as three.js's
//! `webgl2_materials_texture3d` example does:
//!
//! 1. Make a box of the volume's size in texels, and translate it by half the size minus one
//!    half: its local coordinates then run from −0.5 to the size minus 0.5 ([`volume_box`]).
//! 2. Set `u_data` to the 3D texture (`assets.volumes`) and `u_cmdata` to the colormap with
//!    `set_texture`.
//! 3. Set `u_size` to the size in texels and `u_clim` to the two intensities the colormap spans.
//! 4. Set `u_world_to_local` to the inverse of the box's world matrix (the identity by default).
//! 5. Draw it with `shader_material(id)` and `side: Side::Back`.
//!
//! ```
//! use tsl::materials::{volume_box, volume_render_shader, VolumeStyle};
//! use tsl::prelude::*;
//! use tsl::raster::*;
//!
//! let mut assets = Assets::new();
//! let bytes = vec![0u8; 16 * 16 * 16]; // the intensities, x fastest
//! let volume = assets.volumes.add(Texture3d::new(16, 16, 16, VolumeFormat::R8, &bytes).unwrap());
//! let colormap_image = Image::from_rgba8(2, 1, vec![0, 0, 0, 255, 255, 255, 255, 255]).unwrap();
//! let colormap = assets.textures.add(Texture::new(colormap_image, ColorSpace::Linear));
//! let mut program = volume_render_shader(VolumeStyle::Mip).unwrap();
//! program.set_texture("u_data", volume).unwrap();
//! program.set_texture("u_cmdata", colormap).unwrap();
//! program.set_uniform("u_size", Vec3::splat(16.0)).unwrap();
//! program.set_uniform("u_clim", Vec2::new(0.0, 1.0)).unwrap();
//! program.set_uniform("u_cmwidth", 2.0f32).unwrap();
//! let transform = Transform { scale: Vec3::splat(1.0 / 8.0), ..Transform::default() };
//! program.set_uniform("u_world_to_local", transform.matrix().inverse()).unwrap();
//! let material = Material { side: Side::Back, ..shader_material(assets.programs.add(program)) };
//! let mut object = Object::mesh(
//!     assets.geometries.add(volume_box([16, 16, 16]).unwrap()),
//!     assets.materials.add(material),
//! );
//! object.transform = transform;
//! # let _ = object;
//! ```
//!
//! The GLSL is three.js's (`src/materials/shaders/volume.frag`, with its MIT notice), with the
//! differences docs/materials.md lists: the world position and the camera are taken into the
//! box's space by `u_world_to_local`, the ray starts at the camera (perspective cameras), the
//! style is fixed when the program is compiled, a ray takes at most [`VOLUME_MIP_STEPS`] or
//! [`VOLUME_ISO_STEPS`] steps, and the colormap's width is the uniform `u_cmwidth`.

use super::three_shader::{compile_three_shader, ThreeDefault, ThreeShader};
use glam::Vec3;
use tsl_core::glsl::GlslError;
use tsl_core::{NodeProgram, UniformValue};
use tsl_raster::{BoxGeometry, Geometry, GeometryError, RenderError};
use ThreeDefault::Value;

/// The most steps a MIP ray takes: one texel each, so a volume whose longest diagonal is up to
/// 256 texels is marched whole (three.js takes up to 887). A step reads one texel, and a program
/// runs at most `MAX_INSTRUCTIONS` instructions.
pub const VOLUME_MIP_STEPS: usize = 256;

/// The most steps an ISO ray takes (three.js: 887): each step reads five texels (the step and
/// its four refinements), so fewer fit in a program than MIP's.
pub const VOLUME_ISO_STEPS: usize = 64;

/// How [`volume_render_shader`] colours a ray: three.js's `u_renderstyle`, fixed at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VolumeStyle {
    /// Maximum intensity projection (`u_renderstyle` 0): the brightest value on the ray,
    /// through the colormap.
    Mip,
    /// Isosurface (`u_renderstyle` 1): the first place where the value passes
    /// `u_renderthreshold`, lit from the camera by the value's gradient.
    Iso,
}

impl VolumeStyle {
    /// three.js's `u_renderstyle` value and the most steps a ray takes.
    fn render_style_and_steps(self) -> (u32, usize) {
        match self {
            VolumeStyle::Mip => (0, VOLUME_MIP_STEPS),
            VolumeStyle::Iso => (1, VOLUME_ISO_STEPS),
        }
    }
}

const VOLUME: ThreeShader = ThreeShader {
    name: "VolumeRenderShader1",
    vertex: include_str!("shaders/volume.vert"),
    fragment: include_str!("shaders/volume.frag"),
    defaults: &[
        ("u_size", Value(UniformValue::Vec3(glam::Vec3::ONE))),
        ("u_renderthreshold", Value(UniformValue::Float(0.5))),
        ("u_clim", Value(UniformValue::Vec2(glam::Vec2::ONE))),
        (
            "u_world_to_local",
            Value(UniformValue::Mat4(glam::Mat4::IDENTITY)),
        ),
        // The width of three.js's colormaps (cm_viridis.png, cm_gray.png).
        ("u_cmwidth", Value(UniformValue::Float(256.0))),
    ],
};

/// `volume_render_shader(style)`: three.js's `VolumeRenderShader1` in `style`, with three.js's
/// defaults (`u_size` (1, 1, 1), `u_renderthreshold` 0.5, `u_clim` (1, 1)), `u_world_to_local`
/// the identity and `u_cmwidth` 256. `u_data` and `u_cmdata` are texture uniforms to set.
pub fn volume_render_shader(style: VolumeStyle) -> Result<NodeProgram, GlslError> {
    let (render_style, steps) = style.render_style_and_steps();
    let render_style = format!("RENDER_STYLE {render_style}");
    let steps = format!("MAX_STEPS {steps}");
    compile_three_shader(&VOLUME, &[&render_style, &steps])
}

/// The box [`volume_render_shader`] is drawn on, as three.js's example makes it: a
/// `BoxGeometry` of `size` (the volume's texels along x, y and z) translated by half the size
/// minus one half, so that its local coordinates run from −0.5 to the size minus 0.5 and a texel's
/// centre is at its index. Refuses a size of zero.
pub fn volume_box(size: [u32; 3]) -> Result<Geometry, RenderError> {
    if let Some(axis) = size.iter().position(|&n| n == 0) {
        return Err(GeometryError::Parameter {
            generator: "volume_box",
            parameter: ["size.x", "size.y", "size.z"][axis],
            value: "0".to_string(),
            rule: "each side is at least one texel",
        }
        .into());
    }
    let extent = Vec3::new(size[0] as f32, size[1] as f32, size[2] as f32);
    let centred = BoxGeometry::new(extent.x.into(), extent.y.into(), extent.z.into()).build();
    let offset = extent * 0.5 - Vec3::splat(0.5);
    Geometry::from_data(
        centred.positions().iter().map(|p| *p + offset).collect(),
        centred.normals().map(<[Vec3]>::to_vec),
        centred.uvs().map(<[glam::Vec2]>::to_vec),
        centred.indices().to_vec(),
    )
}
