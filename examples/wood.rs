//! The 40 wood presets of three.js's `WoodNodeMaterial` (`tsl::materials::wood_preset`) as the
//! grid of three's `webgpu_tsl_wood.html`: the ten genuses from left to right (teak, walnut,
//! white oak, pine, poplar, maple, red oak, cherry, cedar, mahogany), the four finishes from top
//! to bottom (raw, matte, semigloss, gloss), each a box of `wood_material` with its own
//! `wood_program`. Plain boxes for the page's rounded ones, and for its HDR environment a made-up
//! studio (grey, with thin bright bands around the horizon, whose reflections show the clear
//! coats: sharp in gloss, blurred in matte, none on raw wood) and a directional light. Writes
//! `docs/gallery/wood.png` (docs/materials.md).
//!
//! Run: `cargo run --release --example wood -- docs/gallery/wood.png`.

#[path = "shared/png_main.rs"]
mod png_main;

use std::sync::Arc;
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
    scene.environment = Some(Arc::new(Environment::from_equirect(&studio()?)?));
    scene.add_light(Light::directional(
        Color::WHITE,
        1.5,
        Vec3::new(-1.0, 1.0, -0.5),
    ));
    let camera = Camera::perspective(30.0, 0.1, 100.0)
        .at(Vec3::new(-8.6, 0.0, 0.0))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

/// The studio: grey light of 0.6 everywhere, and bands of 4 two degrees high every four degrees
/// of elevation within 16° of the horizon, all the way round (so the reflections do not depend
/// on where the boxes stand).
fn studio() -> Result<EquirectImage, Box<dyn std::error::Error>> {
    let (w, h) = (64u32, 360u32);
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    for row in 0..h {
        // Row 0 is the bottom: −90° of elevation.
        let elevation = (row as f32 + 0.5) / h as f32 * 180.0 - 90.0;
        let band = elevation.abs() < 16.0 && elevation.rem_euclid(4.0) < 2.0;
        let light = if band { 4.0 } else { 0.6 };
        for _ in 0..w {
            data.extend_from_slice(&[light, light, light, 1.0]);
        }
    }
    Ok(EquirectImage::from_rgba_f32(w, h, data)?)
}

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(1000, 400);
    settings.set_tone_mapping(ToneMapping::Neutral, 1.0);
    png_main::render_png("wood.png", scene, settings)
}
