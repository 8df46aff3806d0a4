//! PHYSICAL transmission (R-SCREEN-3; docs/screen_reads.md): a clear glass sphere tinted by its
//! attenuation colour, its `dispersion` splitting the colours at the edges of what it bends, and
//! a frosted one whose roughness blurs what is behind it (the opaque pass read at a coarser level
//! of its mip chain), in front of coloured boxes on a checker floor.
//! The renderer draws the opaque scene first, as three.js's `transmissionRenderTarget`.
//! Writes `docs/gallery/transmission.png`.
//!
//! Run: `cargo run --example transmission` (optionally `-- OUT.png`).

use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

#[path = "shared/png_main.rs"]
mod png_main;

/// A checker of two greys, 8 × 8 texels.
fn checker() -> Result<Texture, Box<dyn std::error::Error>> {
    let mut bytes = Vec::with_capacity(8 * 8 * 4);
    for y in 0..8u32 {
        for x in 0..8u32 {
            let v = if (x + y) % 2 == 0 { 200 } else { 70 };
            bytes.extend_from_slice(&[v, v, v, 255]);
        }
    }
    let mut t = Texture::new(Image::from_rgba8(8, 8, bytes)?, ColorSpace::Srgb);
    t.mag_filter = Filter::Nearest;
    Ok(t)
}

/// The scene, its camera and its assets.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x223044));
    let floor = assets.geometries.add(PlaneGeometry::new(8.0, 8.0).build());
    let squares = assets.textures.add(checker()?);
    let floor_paint = assets.materials.add(Material {
        map: Some(squares),
        ..Material::standard(Color::WHITE, 0.8, 0.0)
    });
    scene.add(Object::mesh(floor, floor_paint).rotated(-PI / 2.0, 0.0, 0.0));
    let cube = assets
        .geometries
        .add(BoxGeometry::new(0.7, 1.4, 0.7).build());
    for (k, hex) in [0xe04030u32, 0x30c060, 0x3060e0, 0xe0c030]
        .into_iter()
        .enumerate()
    {
        let paint = assets
            .materials
            .add(Material::standard(Color::from_hex(hex), 0.5, 0.0));
        let x = k as f32 * 1.0 - 1.5;
        scene.add(Object::mesh(cube, paint).at(Vec3::new(x, 0.7, -1.6)));
    }
    let ball = assets
        .geometries
        .add(SphereGeometry::new(0.75, 48, 32).build());
    let clear = assets.materials.add(Material {
        transmission: 1.0,
        thickness: 0.8,
        attenuation_distance: 2.0,
        attenuation_color: Color::from_hex(0xaaffcc),
        ior: 1.5,
        // Each colour channel refracted at its own ior: 1.5 ∓ 0.5 · 6 · 0.025.
        dispersion: 6.0,
        ..Material::physical(Color::WHITE, 0.05, 0.0)
    });
    scene.add(Object::mesh(ball, clear).at(Vec3::new(-0.9, 0.75, 0.4)));
    let frosted = assets.materials.add(Material {
        transmission: 1.0,
        thickness: 1.0,
        ior: 1.5,
        ..Material::physical(Color::from_hex(0xddeeff), 0.45, 0.0)
    });
    scene.add(Object::mesh(ball, frosted).at(Vec3::new(0.9, 0.75, 0.4)));
    scene.add_light(Light::ambient(Color::WHITE, 0.5));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(2.0, 4.0, 3.0),
    ));
    let camera = Camera::perspective(45.0, 0.1, 50.0)
        .at(Vec3::new(0.0, 1.6, 4.8))
        .looking_at(Vec3::new(0.0, 0.7, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/transmission.png",
        scene,
        RenderSettings::new(320, 240),
    )
}
