//! Shadow nodes (R-SHADOW-5 to R-SHADOW-7, docs/requirements.md): a floor whose
//! `RECEIVED_SHADOW_NODE` turns each shadow red (three.js's `shadow.mix(color(0xff0000), 1)`),
//! under a sphere and an alpha-tested card whose holes the shadow pass keeps, and a sheen sphere
//! (the full physical model) that the card shades. Writes `docs/gallery/shadow_nodes.png` (or
//! the path given):
//!
//! ```sh
//! cargo run --release --example shadow_nodes -- docs/gallery/shadow_nodes.png
//! ```

#[path = "shared/png_main.rs"]
mod png_main;

use glam::{UVec2, Vec3};
use std::error::Error;
use std::f32::consts::FRAC_PI_2;
use tsl::prelude::*;
use tsl::raster::*;

/// An 8 × 8 card: opaque squares of 2 × 2 texels in a checker of holes (alpha 0).
fn card_texture() -> Result<Texture, Box<dyn Error>> {
    let mut bytes = Vec::with_capacity(8 * 8 * 4);
    for y in 0..8u32 {
        for x in 0..8u32 {
            let solid = ((x >> 1) + (y >> 1)) % 2 == 0;
            bytes.extend_from_slice(&[240, 200, 90, if solid { 255 } else { 0 }]);
        }
    }
    let mut t = Texture::new(Image::from_rgba8(8, 8, bytes)?, ColorSpace::Srgb);
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::Nearest;
    Ok(t)
}

/// The scene, its camera and its assets.
fn scene() -> Result<(Scene, Camera, Assets), Box<dyn Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(24, 28, 36));
    // The floor's received shadow node: mix(red, 1, shadow).
    let g = NodeGraph::new();
    g.set_output(
        RECEIVED_SHADOW_NODE,
        g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow()),
    )?;
    let red = assets.programs.add(g.compile()?);
    let floor = assets
        .geometries
        .add(PlaneGeometry::new(10.0, 10.0).build());
    let paint = assets
        .materials
        .add(Material::standard(Color::from_srgb8(220, 220, 215), 0.9, 0.0).with_nodes(red));
    scene.add(
        Object::mesh(floor, paint)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .shadows(false, true),
    );
    let ball = assets
        .geometries
        .add(SphereGeometry::new(0.6, 64, 32).build());
    let paint = assets.materials.add(Material {
        sheen: 1.0,
        sheen_color: Color::from_srgb8(255, 220, 160),
        ..Material::physical(Color::from_srgb8(60, 110, 200), 0.5, 0.0)
    });
    scene.add(
        Object::mesh(ball, paint)
            .at(Vec3::new(-0.9, 0.6, 0.3))
            .shadows(true, true),
    );
    let map = assets.textures.add(card_texture()?);
    let card = assets.geometries.add(PlaneGeometry::new(1.6, 1.6).build());
    let paint = assets.materials.add(Material {
        map: Some(map),
        alpha_test: 0.5,
        side: Side::Double,
        ..Material::basic(Color::WHITE)
    });
    scene.add(
        Object::mesh(card, paint)
            .rotated(-1.2, 0.3, 0.0)
            .at(Vec3::new(0.9, 1.3, 0.0))
            .shadows(true, false),
    );
    let mut sun = LightShadow::directional();
    sun.map_size = UVec2::splat(1024);
    sun.radius = 2.0;
    scene.add_light(
        Light::directional(Color::WHITE, 2.5, Vec3::new(-2.0, 6.0, 3.0)).with_shadow(sun),
    );
    scene.add_light(Light::ambient(Color::WHITE, 0.35));
    let camera = Camera::perspective(40.0, 0.1, 50.0)
        .at(Vec3::new(0.5, 3.0, 5.5))
        .looking_at(Vec3::new(0.0, 0.4, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(640, 400);
    settings.shadow_map_enabled = true;
    png_main::render_png("shadow_nodes.png", scene, settings)
}
