//! The 40 wood presets of three.js's `WoodNodeMaterial` (`tsl::materials::wood_preset`) as the
//! grid of three's `webgpu_tsl_wood.html`: the ten genuses from left to right (teak, walnut,
//! white oak, pine, poplar, maple, red oak, cherry, cedar, mahogany), the four finishes from top
//! to bottom (raw, matte, semigloss, gloss), each a box of `wood_material` with its own
//! `wood_program`. Plain boxes for the page's rounded ones, and an ambient, a directional and a
//! point light for its HDR environment, so the clear coats show in the point light's highlights.
//! Writes `docs/gallery/wood.png` (docs/materials.md).
//!
//! Run: `cargo run --release --example wood -- docs/gallery/wood.png`.

#[path = "shared/png_main.rs"]
mod png_main;

use tsl::materials::{wood_material, wood_preset, wood_program, WoodFinish, WoodGenus};
use tsl::prelude::*;
use tsl::raster::*;

/// The grid of boxes in the plane x = 0 (genus along +z, finish down −y), facing the camera on
/// −x, and the lights.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(0.125, 0.9, 0.9).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x333333));
    for (column, genus) in WoodGenus::ALL.into_iter().enumerate() {
        for (row, finish) in WoodFinish::ALL.into_iter().enumerate() {
            let params = wood_preset(genus, finish);
            let program = assets.programs.add(wood_program(&params)?);
            let material = assets.materials.add(wood_material(program, &params));
            let mut object = Object::mesh(geometry, material);
            object.transform.position = Vec3::new(0.0, 1.5 - row as f32, column as f32 - 4.5);
            scene.add(object);
        }
    }
    scene.add_light(Light::ambient(Color::WHITE, 1.0));
    scene.add_light(Light::directional(
        Color::WHITE,
        1.5,
        Vec3::new(-1.0, 1.0, -0.5),
    ));
    scene.add_light(Light::point(Color::WHITE, 30.0, Vec3::new(-3.0, 1.0, 0.0)));
    let camera = Camera::perspective(30.0, 0.1, 100.0)
        .at(Vec3::new(-8.6, 0.0, 0.0))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(1000, 400);
    settings.set_tone_mapping(ToneMapping::Neutral, 1.0);
    png_main::render_png("wood.png", scene, settings)
}
