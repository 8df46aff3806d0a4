//! three.js r187's toon shaders (`examples/jsm/shaders/ToonShader.js`) as ready programs: three's
//! own GLSL, compiled through the subset as the ShaderMaterial three.js makes of each
//! (docs/requirements.md, R-READY-5; docs/materials.md, "Toon shaders").
//!
//! Each one lights by one direction and one colour: set `uDirLightPos` to the light's direction
//! in view space (a unit vector; three's default, (0, 0, 0), leaves only the ambient colour). The
//! colour uniforms start at three.js's defaults, decoded from sRGB as three.js's colour
//! management decodes a `Color`, and `set_uniform` changes them:
//!
//! ```
//! use tsl::prelude::Vec3;
//! use tsl::materials::toon_shader_2;
//! use tsl::raster::{shader_material, Assets};
//! let mut assets = Assets::new();
//! let mut program = toon_shader_2().unwrap();
//! program.set_uniform("uDirLightPos", Vec3::new(0.5, 0.5, 1.0).normalize()).unwrap();
//! let toon = assets.materials.add(shader_material(assets.programs.add(program)));
//! # let _ = toon;
//! ```
//!
//! The sources are in `src/materials/shaders/` with three.js's MIT notice. Each fragment shader
//! ends with `#include <colorspace_fragment>`, three's `linearToOutputTexel` of the colour, which
//! is the value as it is here
//! ([`OutputTexel::Linear`](tsl_core::glsl::OutputTexel::Linear)): the renderer's output
//! transform encodes it to sRGB, as three's `linearToOutputTexel` does.

use super::three_shader::{compile_three_shader, ThreeDefault, ThreeShader};
use tsl_core::glsl::GlslError;
use tsl_core::NodeProgram;
use ThreeDefault::Srgb;

/// The vertex shader of Toon2, Dotted and Hatching (three's three copies are the same text).
const TOON_VERTEX: &str = include_str!("shaders/toon.vert");

const TOON_1: ThreeShader = ThreeShader {
    name: "ToonShader1",
    vertex: include_str!("shaders/toon_1.vert"),
    fragment: include_str!("shaders/toon_1.frag"),
    defaults: &[
        ("uDirLightColor", Srgb(0xeeeeee)),
        ("uAmbientLightColor", Srgb(0x050505)),
        ("uBaseColor", Srgb(0xffffff)),
    ],
};

const TOON_2: ThreeShader = ThreeShader {
    name: "ToonShader2",
    vertex: TOON_VERTEX,
    fragment: include_str!("shaders/toon_2.frag"),
    defaults: &[
        ("uDirLightColor", Srgb(0xeeeeee)),
        ("uAmbientLightColor", Srgb(0x050505)),
        ("uBaseColor", Srgb(0xeeeeee)),
        ("uLineColor1", Srgb(0x808080)),
        ("uLineColor2", Srgb(0x000000)),
        ("uLineColor3", Srgb(0x000000)),
        ("uLineColor4", Srgb(0x000000)),
    ],
};

const TOON_HATCHING: ThreeShader = ThreeShader {
    name: "ToonShaderHatching",
    vertex: TOON_VERTEX,
    fragment: include_str!("shaders/toon_hatching.frag"),
    defaults: &[
        ("uDirLightColor", Srgb(0xeeeeee)),
        ("uAmbientLightColor", Srgb(0x050505)),
        ("uBaseColor", Srgb(0xffffff)),
        ("uLineColor1", Srgb(0x000000)),
        ("uLineColor2", Srgb(0x000000)),
        ("uLineColor3", Srgb(0x000000)),
        ("uLineColor4", Srgb(0x000000)),
    ],
};

const TOON_DOTTED: ThreeShader = ThreeShader {
    name: "ToonShaderDotted",
    vertex: TOON_VERTEX,
    fragment: include_str!("shaders/toon_dotted.frag"),
    defaults: &[
        ("uDirLightColor", Srgb(0xeeeeee)),
        ("uAmbientLightColor", Srgb(0x050505)),
        ("uBaseColor", Srgb(0xffffff)),
        ("uLineColor1", Srgb(0x000000)),
    ],
};

/// three.js's `ToonShader1`: a base colour lit in two tones, brighter where the view ray's
/// refraction through the surface meets the normal. Its vertex shader reads
/// `mat3(modelMatrix[0].xyz, …)`, the world normal from the columns of the model matrix.
pub fn toon_shader_1() -> Result<NodeProgram, GlslError> {
    compile_three_shader(&TOON_1, &[])
}

/// three.js's `ToonShader2`: `uBaseColor` (0xeeeeee) times `uLineColor1` (0x808080) where the
/// light's weighting is under 1, and times `uLineColor2` (black) where the view's is under 0.5.
pub fn toon_shader_2() -> Result<NodeProgram, GlslError> {
    compile_three_shader(&TOON_2, &[])
}

/// three.js's `ToonShaderHatching`: white, crossed by up to four sets of diagonal lines 10
/// pixels apart (`uLineColor1` to `uLineColor4`, black) as the light's weighting falls under
/// 1, 0.75, 0.5 and 0.3465.
pub fn toon_shader_hatching() -> Result<NodeProgram, GlslError> {
    compile_three_shader(&TOON_HATCHING, &[])
}

/// three.js's `ToonShaderDotted`: white, with a grid of `uLineColor1` (black) dots every 4
/// pixels where the light's weighting is under 1, and a second grid between them under 0.5.
pub fn toon_shader_dotted() -> Result<NodeProgram, GlslError> {
    compile_three_shader(&TOON_DOTTED, &[])
}
