//! three.js's `webgpu_compute_texture.html`: a plasma (after shadertoy Xst3zN) that a compute
//! shader writes into a 512 × 512 storage texture, shown on a plane. Writes
//! `tsl_compute_texture.png`.
//!
//! The original TSL:
//!
//! ```js
//! const computeTexture = Fn( ( { storageTexture } ) => {
//!     const posX = instanceIndex.mod( width );
//!     const posY = instanceIndex.div( width );
//!     const indexUV = uvec2( posX, posY );
//!     const x = float( posX ).div( 50.0 );
//!     const y = float( posY ).div( 50.0 );
//!     const v1 = x.sin();
//!     const v2 = y.sin();
//!     const v3 = x.add( y ).sin();
//!     const v4 = x.mul( x ).add( y.mul( y ) ).sqrt().add( 5.0 ).sin();
//!     const v = v1.add( v2, v3, v4 );
//!     const r = v.sin();
//!     const g = v.add( Math.PI ).sin();
//!     const b = v.add( Math.PI ).sub( 0.5 ).sin();
//!     textureStore( storageTexture, indexUV, vec4( r, g, b, 1 ) ).toWriteOnly();
//! } );
//! material.colorNode = texture( storageTexture );
//! ```
//!
//! tsl-rs has no compute shaders or storage textures: the port computes the texel the plane's
//! `uv()` falls in (`posX = floor(u · 512)`, `posY = floor(v · 512)`) in the colour node, written
//! with `tsl!{}`.
//!
//! Run: `cargo run --release --example tsl_compute_texture` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The storage texture's width and height.
pub const SIZE: f32 = 512.0;

/// The plane's program: the plasma at the texel under `uv()`.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let plasma = tsl! {
        let pos_x = floor(uv().x * SIZE);
        let pos_y = floor(uv().y * SIZE);
        let x = pos_x / 50.0;
        let y = pos_y / 50.0;
        let v1 = sin(x);
        let v2 = sin(y);
        let v3 = sin(x + y);
        let v4 = sin(sqrt(x * x + y * y) + 5.0);
        let v = v1 + v2 + v3 + v4;
        vec3(sin(v), sin(v + PI), sin(v + PI - 0.5))
    };
    scope.color_node(plasma)?;
    scope.compile()
}

/// A 1 × 1 plane filling an orthographic camera's view, BASIC with the plasma.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program()?);
    let material = assets.materials.add(shader_material(program));
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, material));
    let camera = Camera::orthographic(-0.5, 0.5, 0.5, -0.5, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "tsl_compute_texture.png",
        scene,
        RenderSettings::new(512, 512),
    )
}
