//! three.js's `webgpu_tsl_galaxy.html`, its colour: each particle's colour is a mix of an inside
//! and an outside colour by its distance from the centre, and its sprite fades with the distance
//! from the sprite's middle. Here that colour is drawn on a disc. Writes `tsl_galaxy.png`.
//!
//! The original TSL (the parts ported):
//!
//! ```js
//! const radiusRatio = range( 0, 1 );
//! const radius = radiusRatio.pow( 1.5 ).mul( 5 ).toVar();
//! ...
//! const colorInside = uniform( color( '#ffa575' ) );
//! const colorOutside = uniform( color( '#311599' ) );
//! const colorFinal = mix( colorInside, colorOutside, radiusRatio.oneMinus().pow( 2 ).oneMinus() );
//! const alpha = float( 0.1 ).div( uv().sub( 0.5 ).length() ).sub( 0.2 );
//! material.colorNode = vec4( colorFinal, alpha );
//!
//! const mesh = new THREE.InstancedMesh( new THREE.PlaneGeometry( 1, 1 ), material, 20000 );
//! ```
//!
//! Differences. tsl-rs has no instancing, no `range()` (a random value per instance), no sprites
//! and no additive blending: the port (and the case file, the same way) draws the colour node on
//! one flat 8 × 8 plane through the galaxy's middle, as if a particle sat at every point.
//! `radiusRatio` is the one whose `radius` is the point's distance from the centre
//! (`(length(positionWorld.xz) / 5)^(1/1.5)`, at most 1), and each of 16 × 16 cells of the plane's
//! uv is a sprite: `alpha` is the page's formula on the cell's own uv. Additive blending onto the
//! dark background becomes an opaque colour of `colorFinal · saturate(alpha)`, the particle's
//! light on black. The page's positions (spiral branches turning with time) and sizes are not
//! drawn. The plane is 8 × 8, not the galaxy's 10 × 10: a 10 × 10 plane has a corner, (5, 0, 5), in
//! the camera's own plane (clip w = 0), and SwiftShader's clipping then interpolated the triangle
//! through it wrongly (a pixel worked out by hand agreed with tsl-raster, not with three.js).
//!
//! Run: `cargo run --release --example tsl_galaxy` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// How many sprites across the plane, each way.
pub const CELLS: f32 = 16.0;

/// The galaxy's colour program.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    // radiusRatio: the one whose radius, radiusRatio^1.5 · 5, is the point's distance.
    let p = position_world();
    let radius = p.xz().length();
    let radius_ratio = radius.div(5.0).pow(1.0 / 1.5).min(1.0);
    let color_inside = uniform(Color::from_hex(0xffa575));
    let color_outside = uniform(Color::from_hex(0x311599));
    let color_final = mix(
        color_inside,
        color_outside,
        radius_ratio.one_minus().pow(2.0).one_minus(),
    );
    // each cell of the uv is one sprite
    let sprite_uv = uv().mul(CELLS).fract();
    let alpha = float(0.1).div(sprite_uv.sub(0.5).length()).sub(0.2);
    scope.color_node(color_final.mul(alpha.saturate()))?;
    scope.compile()
}

/// The plane through the galaxy, seen from the page's camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program()?);
    let material = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program));
    let plane = assets.geometries.add(PlaneGeometry::new(8.0, 8.0).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x201919));
    scene.add(Object::mesh(plane, material).rotated(-std::f32::consts::FRAC_PI_2, 0.0, 0.0));
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(4.0, 2.0, 5.0))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png("tsl_galaxy.png", scene, RenderSettings::new(640, 480))
}
