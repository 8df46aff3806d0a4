//! The outputs that replace a material's numbers (R-OUT-17, R-OUT-18; docs/outputs.md): a row of
//! STANDARD spheres whose ROUGHNESS_NODE runs with the uv's x and METALNESS_NODE with a band of
//! the uv's y, and a card whose ALPHA_TEST_NODE rises across it so that its holes of a noise grow
//! from left to right. Writes `docs/gallery/material_outputs.png`.
//!
//! Run: `cargo run --example material_outputs` (optionally `-- OUT.png`).

use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

#[path = "shared/png_main.rs"]
mod png_main;

/// Roughness by the uv's x, metal in a band around the equator.
fn rough_and_metal() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    scope.set(ROUGHNESS_NODE, uv().x())?;
    let band = step(abs(uv().y() - 0.5), float(0.15));
    scope.set(METALNESS_NODE, band)?;
    scope.compile()
}

/// A card whose alpha is a noise and whose alpha test rises from 0.1 to 0.8 across it.
fn eaten_card() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let n = mx_noise_float(uv() * 8.0, 0.5, 0.5);
    scope.set(OPACITY_NODE, n)?;
    scope.set(ALPHA_TEST_NODE, uv().x() * 0.7 + 0.1)?;
    scope.compile()
}

/// The scene, its camera and its assets.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x1c2230));
    let floor = assets
        .geometries
        .add(PlaneGeometry::new(10.0, 10.0).build());
    let grey = assets
        .materials
        .add(Material::standard(Color::from_hex(0x707070), 0.9, 0.0));
    scene.add(Object::mesh(floor, grey).rotated(-PI / 2.0, 0.0, 0.0));
    let ball = assets
        .geometries
        .add(SphereGeometry::new(0.5, 48, 32).build());
    let program = assets.programs.add(rough_and_metal()?);
    for (k, hex) in [0xd08040u32, 0x80a0d0, 0xc0c0c0].into_iter().enumerate() {
        let paint = assets
            .materials
            .add(Material::standard(Color::from_hex(hex), 1.0, 0.0).with_nodes(program));
        let x = k as f32 * 1.2 - 1.2;
        scene.add(
            Object::mesh(ball, paint)
                .at(Vec3::new(x, 0.5, 0.3))
                .rotated(0.0, 0.6 * k as f32, 0.0),
        );
    }
    let card = assets.geometries.add(PlaneGeometry::new(3.2, 1.2).build());
    let eaten = assets.programs.add(eaten_card()?);
    let paint = assets.materials.add(Material {
        side: Side::Double,
        ..Material::standard(Color::from_hex(0x55cc88), 0.6, 0.0).with_nodes(eaten)
    });
    scene.add(Object::mesh(card, paint).at(Vec3::new(0.0, 1.6, -1.2)));
    scene.add_light(Light::ambient(Color::WHITE, 0.4));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(-2.0, 4.0, 3.0),
    ));
    scene.add_light(Light::point(
        Color::from_hex(0xffddaa),
        6.0,
        Vec3::new(1.5, 1.5, 2.0),
    ));
    let camera = Camera::perspective(45.0, 0.1, 50.0)
        .at(Vec3::new(0.0, 1.5, 4.5))
        .looking_at(Vec3::new(0.0, 0.8, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png("material_outputs.png", scene, RenderSettings::new(320, 240))
}
