//! three.js's `webgpu_materials.html`, its BASIC row: node materials whose colour is an attribute
//! of the fragment (world position, world and view normal). Writes `tsl_materials.png`.
//!
//! The original TSL:
//!
//! ```js
//! // PositionLocal
//! material = new THREE.MeshBasicNodeMaterial();
//! material.colorNode = positionLocal;
//! // PositionWorld
//! material.colorNode = positionWorld;
//! // NormalLocal
//! material.colorNode = normalLocal;
//! // NormalWorld
//! material.colorNode = normalWorld;
//! // NormalView
//! material.colorNode = normalView;
//! ...
//! const geometry = new TeapotGeometry( 50, 18 );
//! mesh.position.x = ( objects.length % 4 ) * 200 - 400;
//! mesh.position.z = Math.floor( objects.length / 4 ) * 200 - 200;
//! ```
//!
//! The port keeps three of these, on unit spheres (no teapot) in a row, with an orthographic
//! camera on +z so that a pixel's normal can be worked out by hand. `positionLocal` and
//! `normalLocal` as colour nodes (varyings since R-VAL-18, docs/requirements.md) are not kept, and
//! the page's other materials read textures, WGSL functions or scripts.
//!
//! The second and third spheres (`normalWorld`, `normalView`) look the same, and should: the
//! camera on +z looks along −z without turning, so its view space is world space moved (a
//! translation changes no direction) and every normal is the same vector in both. three.js's page
//! shows them apart because its camera orbits. The camera stays on +z here because the port is held
//! pixel for pixel to three.js's render of this scene (tests/tsl_oracle.rs) and to normals worked
//! by hand; a turned camera would need a new three.js fixture.
//!
//! Run: `cargo run --release --example tsl_materials` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// The three colour nodes, in the page's order.
pub const NODES: [&str; 3] = ["positionWorld", "normalWorld", "normalView"];

/// The x of the `index`th sphere's centre.
pub fn sphere_x(index: usize) -> f32 {
    (index as f32 - 1.0) * 2.5
}

/// The program whose `colorNode` is `NODES[index]`.
pub fn program(index: usize) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let node: Vec3Node = match index {
        0 => position_world(),
        1 => normal_world(),
        _ => normal_view(),
    };
    scope.color_node(node)?;
    scope.compile()
}

/// Three unit spheres along x, BASIC, seen along −z by an orthographic camera 9 wide and 3 high.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(1.0, 64, 32).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x303030));
    for index in 0..NODES.len() {
        let program = assets.programs.add(program(index)?);
        let material = assets.materials.add(shader_material(program));
        scene.add(Object::mesh(sphere, material).at(Vec3::new(sphere_x(index), 0.0, 0.0)));
    }
    let camera = Camera::orthographic(-4.5, 4.5, 1.5, -1.5, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png("tsl_materials.png", scene, RenderSettings::new(450, 150))
}
