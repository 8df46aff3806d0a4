//! Shadows (R-SHADOW-1 to R-SHADOW-3, docs/requirements.md): a sphere moved by a position node, a
//! torus and a box casting the shadows of a directional light (PCF, three.js r187's default
//! filter) and of a warm spot light onto a floor and a wall that receive them. Writes
//! `docs/gallery/shadows.png` (or the path given):
//!
//! ```sh
//! cargo run --release --example shadows -- docs/gallery/shadows.png
//! ```

#[path = "shared/png_main.rs"]
mod png_main;

use glam::{UVec2, Vec3};
use std::error::Error;
use std::f32::consts::FRAC_PI_2;
use tsl::prelude::*;
use tsl::raster::*;

/// The scene, its camera and its assets.
fn scene() -> Result<(Scene, Camera, Assets), Box<dyn Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(24, 28, 36));
    let mut add = |scene: &mut Scene, geometry: Geometry, material: Material, at: Vec3| {
        let g = assets.geometries.add(geometry);
        let m = assets.materials.add(material);
        scene.add(Object::mesh(g, m).at(at).shadows(true, true))
    };
    // A sphere whose surface ripples (the position node): its shadow ripples with it.
    let g = NodeGraph::new();
    let wave = g.sin(g.mul(g.swizzle(g.position_local(), "y"), g.float(14.0)));
    g.set_output(
        POSITION_NODE,
        g.mul(g.normal_local(), g.mul(wave, g.float(0.05))),
    )?;
    let ripple = g.compile()?;
    let ripple = assets.programs.add(ripple);
    add(
        &mut scene,
        SphereGeometry::new(0.6, 64, 32).build(),
        Material::standard(Color::from_srgb8(230, 120, 60), 0.35, 0.0).with_nodes(ripple),
        Vec3::new(-1.1, 0.75, 0.2),
    );
    let ring = add(
        &mut scene,
        TorusGeometry::new(0.45, 0.16, 24, 64).build(),
        Material::standard(Color::from_srgb8(80, 150, 230), 0.3, 0.6),
        Vec3::new(0.4, 0.75, -0.3),
    );
    if let Some(o) = scene.object_mut(ring) {
        o.transform.set_euler(1.1, 0.5, 0.0);
    }
    let cube = add(
        &mut scene,
        BoxGeometry::new(0.7, 0.7, 0.7).build(),
        Material::phong(Color::from_srgb8(140, 200, 110)),
        Vec3::new(1.5, 0.35, 0.7),
    );
    if let Some(o) = scene.object_mut(cube) {
        o.transform.set_euler(0.0, 0.6, 0.0);
    }
    let floor = add(
        &mut scene,
        PlaneGeometry::new(10.0, 10.0).build(),
        Material::standard(Color::from_srgb8(210, 210, 205), 0.9, 0.0),
        Vec3::ZERO,
    );
    if let Some(o) = scene.object_mut(floor) {
        o.transform.set_euler(-FRAC_PI_2, 0.0, 0.0);
        o.cast_shadow = false;
    }
    let wall = add(
        &mut scene,
        PlaneGeometry::new(10.0, 4.0).build(),
        Material::standard(Color::from_srgb8(190, 195, 210), 0.9, 0.0),
        Vec3::new(0.0, 2.0, -1.6),
    );
    if let Some(o) = scene.object_mut(wall) {
        o.cast_shadow = false;
    }
    let mut sun = LightShadow::directional();
    sun.map_size = UVec2::splat(1024);
    sun.radius = 3.0;
    sun.camera = ShadowCamera::Orthographic {
        left: -4.0,
        right: 4.0,
        top: 4.0,
        bottom: -4.0,
        near: 0.5,
        far: 30.0,
    };
    scene.add_light(
        Light::directional(Color::WHITE, 2.2, Vec3::new(-3.0, 6.0, 4.0)).with_shadow(sun),
    );
    let mut spot = LightShadow::perspective();
    spot.map_size = UVec2::splat(1024);
    spot.radius = 2.0;
    spot.bias = -0.0002;
    scene.add_light(Light::Spot {
        color: Color::from_srgb8(255, 190, 120),
        intensity: 40.0,
        position: Vec3::new(3.0, 3.5, 2.5),
        target: Vec3::new(0.0, 0.5, 0.0),
        distance: 0.0,
        angle: 0.55,
        penumbra: 0.4,
        decay: 2.0,
        shadow: Some(spot),
    });
    scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.6,
    ));
    let camera = Camera::perspective(40.0, 0.1, 50.0)
        .at(Vec3::new(0.5, 2.6, 5.5))
        .looking_at(Vec3::new(0.2, 0.6, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(640, 400);
    settings.shadow_map_enabled = true;
    png_main::render_png("shadows.png", scene, settings)
}
