//! three.js's `webgpu_materials_matcap.html`: a matcap material (the colour read from a picture of
//! a lit sphere at the normal's place in it), written as a colour node: `texture(matcap,
//! matcapUV)` times the material colour. Writes `tsl_matcap.png`.
//!
//! The page sets up `MeshMatcapNodeMaterial`, whose node code (three r187,
//! `src/materials/nodes/MeshMatcapNodeMaterial.js` and `src/nodes/utils/MatcapUV.js`) is:
//!
//! ```js
//! export const matcapUV = Fn( () => {
//!     const x = vec3( positionViewDirection.z, 0, positionViewDirection.x.negate() ).normalize();
//!     const y = positionViewDirection.cross( x );
//!     return vec2( x.dot( normalView ), y.dot( normalView ) ).mul( 0.495 ).add( 0.5 ); // 0.495 to remove artifacts caused by undersized matcap disks
//! } ).once( [ 'NORMAL', 'VERTEX' ] )().toVar( 'matcapUV' );
//!
//! setupVariants( builder ) {
//!     const uv = matcapUV;
//!     let matcapColor;
//!     if ( builder.material.matcap ) {
//!         matcapColor = materialReference( 'matcap', 'texture' ).context( { getUV: () => uv } );
//!     } else {
//!         matcapColor = vec3( mix( 0.2, 0.8, uv.y ) ); // default if matcap is missing
//!     }
//!     diffuseColor.rgb.mulAssign( matcapColor.rgb );
//! }
//! ```
//!
//! and the page's material:
//!
//! ```js
//! mesh.material = new THREE.MeshMatcapNodeMaterial( {
//!     color: new THREE.Color().setHex( API.color ).convertSRGBToLinear(),
//!     matcap: matcap,
//!     normalMap: normalmap
//! } );
//! renderer.toneMapping = THREE.ACESFilmicToneMapping;
//! ```
//!
//! The port writes the material as a colour node on an unlit material (the matcap material is
//! unlit too): `colorNode = materialColor · texture(matcap, matcapUV)`, with
//! `positionViewDirection = normalize(−positionView)`. The scene
//! (tools/three_tsl_cases/tsl_matcap.mjs draws the same with three's own material): the page's
//! head model, normal map and EXR matcap are not in this repository, so a torus turned 0.6 rad
//! about x and the 32 × 32 sRGB matcap of [`matcap_bytes`] (without mipmaps, as the page's EXR
//! matcap is loaded), no normal map.
//!
//! Run: `cargo run --release --example tsl_matcap` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// The matcap's side in texels.
pub const MATCAP_SIZE: u32 = 32;

/// A lit clay disk on a dark ground, RGBA8, first row first (`v = 0`): integer formulas, the
/// same as the case file's `matcapBytes()`.
pub fn matcap_bytes() -> Vec<u8> {
    let clamp = |v: i32| v.clamp(0, 255) as u8;
    let mut out = Vec::with_capacity((MATCAP_SIZE * MATCAP_SIZE * 4) as usize);
    for y in 0..MATCAP_SIZE as i32 {
        for x in 0..MATCAP_SIZE as i32 {
            let (dx, dy) = (2 * x - 31, 2 * y - 31);
            let r2 = dx * dx + dy * dy;
            if r2 > 961 {
                out.extend([20, 20, 30, 255]);
                continue;
            }
            let shade = 120 + (-3 * dx + 4 * dy) * 2 / 5;
            let rim = r2 * 40 / 961;
            out.extend([
                clamp(shade + 40),
                clamp(shade),
                clamp(shade - 30 + rim),
                255,
            ]);
        }
    }
    out
}

/// The matcap as a texture: sRGB, `flipY` off, linear, no mipmaps (as `EXRLoader` makes the page's
/// matcap).
pub fn matcap_texture() -> Result<Texture, RenderError> {
    let image = Image::from_rgba8(MATCAP_SIZE, MATCAP_SIZE, matcap_bytes())?;
    let mut texture = Texture::new(image, ColorSpace::Srgb);
    texture.flip_y = false;
    texture.mag_filter = Filter::Linear;
    texture.min_filter = Filter::Linear;
    Ok(texture)
}

/// The matcap material as a program: `colorNode = materialColor · texture(matcap, matcapUV)`.
pub fn program(matcap: TextureId, color: Color) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let material_color = uniform(color);
    scope.color_node(material_color.mul(texture(matcap, matcap_uv()).rgb()))?;
    scope.compile()
}

/// The torus under the page's camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let matcap = assets.textures.add(matcap_texture()?);
    // `new Color().setHex( 0xffffff ).convertSRGBToLinear()`: white.
    let program = assets.programs.add(program(matcap, Color::WHITE)?);
    let material = assets.materials.add(shader_material(program));
    let torus = assets
        .geometries
        .add(TorusGeometry::new(3.0, 1.2, 48, 96).build());
    let mut scene = Scene::new();
    let mut mesh = Object::mesh(torus, material);
    mesh.transform.set_euler(0.6, 0.0, 0.0);
    scene.add(mesh);
    let camera = Camera::perspective(40.0, 1.0, 100.0).at(Vec3::new(0.0, 0.0, 13.0));
    Ok((scene, camera, assets))
}

/// The page's renderer: ACES filmic tone mapping, exposure 1.
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.set_tone_mapping(ToneMapping::AcesFilmic, 1.0);
    settings
}

fn main() -> std::process::ExitCode {
    png_main::render_png("tsl_matcap.png", scene, settings(640, 480))
}
