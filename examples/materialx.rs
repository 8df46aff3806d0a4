//! MaterialX (R-MTLX; docs/materialx.md): the MaterialX project's marble example loaded as
//! three.js's MaterialXLoader loads it (a procedural nodegraph of position, fractal noise, sin and
//! mix driving a standard_surface's colour), beside its wood example (tiled images), on two
//! spheres under a directional and an ambient light. Writes `docs/gallery/materialx.png`.
//!
//! Run: `cargo run --example materialx` (optionally `-- OUT.png`).

use tsl::prelude::*;
use tsl::raster::geometry::SphereGeometry;
use tsl::raster::materialx::load_materialx;
use tsl::raster::*;

#[path = "shared/png_main.rs"]
mod png_main;

/// Two spheres, each with the first material of one example document.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/three_cases/materialx/");
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(1.0, 64, 32).build());
    for (file, x) in [
        ("standard_surface_marble_solid.mtlx", -1.1),
        ("standard_surface_wood_tiled.mtlx", 1.1),
    ] {
        let read = load_materialx(format!("{folder}{file}"), &mut assets)?;
        let ball = scene.add(Object::mesh(sphere, read.ids[0]));
        if let Some(o) = scene.object_mut(ball) {
            o.transform.position = Vec3::new(x, 0.0, 0.0);
        }
    }
    scene.add_light(Light::directional(Color::WHITE, 3.0, Vec3::ONE));
    scene.add_light(Light::ambient(Color::WHITE, 0.5));
    scene.background = Some(Color::from_hex(0x20242c));
    let camera = Camera::perspective(40.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 5.5))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/materialx.png",
        scene,
        RenderSettings::new(480, 240),
    )
}
