//! three.js's `webgpu_tsl_editor.html`: the editor's default sample ("Desaturate texture"), a
//! texture desaturated with `saturation( 0 )` plus a blue tint, on a plane. Writes
//! `tsl_editor.png`.
//!
//! The original TSL (the editor's default code; `output` becomes the material's `colorNode`):
//!
//! ```js
//! const { texture, uniform, vec4 } = TSL;
//!
//! const samplerTexture = new THREE.TextureLoader().load( './textures/uv_grid_opengl.jpg' );
//!
//! const myMap = texture( samplerTexture ).rgb.label( 'myTexture' );
//! const myColor = uniform( new THREE.Color( 0x0066ff ) ).label( 'myColor' );
//! const opacity = .7;
//!
//! const desaturatedMap = myMap.rgb.saturation( 0 );
//!
//! const finalColor = desaturatedMap.add( myColor );
//!
//! output = vec4( finalColor, opacity );
//! ```
//!
//! with three.js's `saturation` (`src/nodes/display/ColorAdjustment.js`):
//!
//! ```js
//! export const saturation = Fn( ( [ color, adjustment = float( 1 ), luminanceCoefficients = workingLuminanceCoefficients ] ) => {
//!     return adjustment.mix( luminance( color.rgb, luminanceCoefficients ), color.rgb ).max( 0.0 );
//! } );
//! ```
//!
//! The page's scene: a `NodeMaterial` on a 1 × 1 plane, a 70° camera at z = 0.72, background
//! `0x222222`, `outputColorSpace = LinearSRGBColorSpace`. The page's picture
//! (`uv_grid_opengl.jpg`) is not in this repository: the port reads the 16 × 16 photo of
//! `examples/shared/photo.rs` instead (as the page's loaded texture, its bytes are read as they
//! are: no colour space). The opaque material keeps the alpha out of the picture.
//!
//! Run: `cargo run --release --example tsl_editor` (optionally `-- OUT.png`).

// The test binaries load the photo once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/photo.rs"]
mod photo;

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// The editor's sample: `colorNode = vec4(saturation(texture(map).rgb, 0) + myColor, 0.7)`.
pub fn program(map: TextureId) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let my_map = texture(map, uv()).rgb();
    let my_color = uniform(Color::from_hex(0x0066ff));
    let opacity = 0.7;
    let desaturated_map = saturation(my_map, 0.0, working_luminance_coefficients());
    let final_color = desaturated_map.add(my_color);
    let output = final_color.extend(opacity);
    scope.color_node(output)?;
    scope.compile()
}

/// The page's scene: the plane facing the 70° camera, the picture as its texture.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let map = assets
        .textures
        .add(photo::photo_texture(ColorSpace::Linear)?);
    let program = assets.programs.add(program(map)?);
    let material = assets.materials.add(shader_material(program));
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x222222));
    scene.add(Object::mesh(plane, material));
    let camera = Camera::perspective(70.0, 0.1, 10.0)
        .at(Vec3::new(0.0, 0.0, 0.72))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

/// The page's renderer: linear output (`outputColorSpace = LinearSRGBColorSpace`).
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.output.color_space = OutputColorSpace::Linear;
    settings
}

fn main() -> std::process::ExitCode {
    png_main::render_png("tsl_editor.png", scene, settings(200, 200))
}
