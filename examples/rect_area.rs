//! Rect area lights and a light mask, after three.js's `webgpu_lights_rectarealight.html`: three
//! tall panels (red, green, blue, 2 × 5, intensity 5) around a glossy floor shine at a torus and a
//! sphere; the sphere's material takes the red panel alone (`lights_of(&[0])`, three.js's
//! `material.lightsNode = lights( [ rectLight1 ] )`). The panels themselves are BASIC planes, as
//! the page's `RectAreaLightHelper` draws them. Writes `docs/gallery/rect_area.png`.
//!
//! The page's torus knot becomes a torus (tsl-raster has no knot generator), its floor box a
//! plane, and its panels stand round the objects, facing them, so that the camera sees the lit
//! sides.
//!
//! Run: `cargo run --release --example rect_area` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use glam::Quat;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The scene, its camera and its assets.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x050508));
    let panels = [
        (0xff0000, Vec3::new(-6.0, 2.5, 2.0)),
        (0x00ff00, Vec3::new(0.0, 2.5, -5.0)),
        (0x0000ff, Vec3::new(6.0, 2.5, 2.0)),
    ];
    let panel = assets.geometries.add(PlaneGeometry::new(2.0, 5.0).build());
    let aim = Vec3::new(0.0, 2.5, 0.0);
    for (hex, position) in panels {
        let color = Color::from_hex(hex);
        // Each shines toward its local −z, which `lookAt` turns to the objects.
        scene.add_light(Light::rect_area(color, 5.0, 2.0, 5.0, position, aim));
        let paint = assets.materials.add(Material {
            side: Side::Double,
            ..Material::basic(color)
        });
        // The plane's own normal is +z: turned the same way, its face is the light's back.
        let turn = Mat4::look_at_rh(position, aim, Vec3::Y).inverse();
        let mut object = Object::mesh(panel, paint).at(position);
        object.transform.rotation = Quat::from_mat4(&turn);
        scene.add(object);
    }
    let floor = assets
        .geometries
        .add(PlaneGeometry::new(60.0, 60.0).build());
    let glossy = assets
        .materials
        .add(Material::standard(Color::from_hex(0xbcbcbc), 0.1, 0.0));
    scene.add(Object::mesh(floor, glossy).rotated(-PI / 2.0, 0.0, 0.0));
    let torus = assets
        .geometries
        .add(TorusGeometry::new(1.5, 0.5, 32, 96).build());
    let white = assets
        .materials
        .add(Material::standard(Color::WHITE, 0.0, 0.0));
    scene.add(Object::mesh(torus, white).at(Vec3::new(-1.5, 2.0, 0.0)));
    let ball = assets
        .geometries
        .add(SphereGeometry::new(1.2, 48, 24).build());
    let red_only = assets.materials.add(Material {
        lights: lights_of(&[0])?,
        ..Material::physical(Color::WHITE, 0.2, 0.0)
    });
    scene.add(Object::mesh(ball, red_only).at(Vec3::new(2.0, 1.2, 1.0)));
    let camera = Camera::perspective(45.0, 1.0, 1000.0)
        .at(Vec3::new(0.0, 6.0, 15.0))
        .looking_at(Vec3::new(0.0, 2.0, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/rect_area.png",
        scene,
        RenderSettings::new(640, 400),
    )
}
