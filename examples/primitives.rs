//! Points, lines and sprites with node materials (R-PRIM-1 to R-PRIM-6, R-SPRITE-1 to
//! R-SPRITE-4; docs/primitives.md, docs/sprites.md): a spiral of round points whose size
//! attenuates with distance and whose colour is their height, a ring drawn as a `LineLoop`, a
//! grid of `LineSegments` on the floor, and three sprites facing the camera (a uv gradient, a
//! turned one, and one anchored at its corner). Writes `docs/gallery/primitives.png`.
//!
//! Run: `cargo run --example primitives` (optionally `-- OUT.png`).

use glam::{Vec2, Vec3};
use std::f32::consts::TAU;
use tsl::prelude::*;
use tsl::raster::*;

#[path = "shared/png_main.rs"]
mod png_main;

/// Round points: the mask throws the square's corners away; the colour runs with the height.
fn round_points() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let r = length(point_coord() - vec2(0.5, 0.5));
    scope.set(MASK_NODE, step(r, float(0.5)))?;
    let t = clamp(position_world().y() * 0.6, 0.0, 1.0);
    let low = vec3(0.2, 0.6, 1.0);
    let high = vec3(1.0, 0.4, 0.2);
    scope.set(COLOR_NODE, mix(low, high, t))?;
    scope.compile()
}

/// The sprites' colour: their uv.
fn uv_colour() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    scope.set(COLOR_NODE, vec3(uv().x(), 0.4, uv().y()))?;
    scope.compile()
}

fn geometry_of(positions: Vec<Vec3>) -> Result<Geometry, RenderError> {
    Geometry::from_data(positions, None, None, Vec::new())
}

/// The scene, its camera and its assets.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x10131a));
    // A spiral of 400 points rising around the centre.
    let spiral = (0..400)
        .map(|i| {
            let t = i as f32 / 400.0;
            let a = t * 6.0 * TAU;
            Vec3::new(a.cos() * (0.4 + t), t * 2.0, a.sin() * (0.4 + t))
        })
        .collect();
    let spiral = assets.geometries.add(geometry_of(spiral)?);
    let dots = assets.programs.add(round_points()?);
    let dots = assets.materials.add(Material {
        size: 0.12,
        ..Material::basic(Color::WHITE).with_nodes(dots)
    });
    scene.add(Object::points(spiral, dots));
    // A ring as a LineLoop, and a grid of LineSegments on the floor.
    let ring = (0..64)
        .map(|i| {
            let a = i as f32 / 64.0 * TAU;
            Vec3::new(a.cos() * 1.6, 0.0, a.sin() * 1.6)
        })
        .collect();
    let ring = assets.geometries.add(geometry_of(ring)?);
    let gold = assets
        .materials
        .add(Material::basic(Color::from_hex(0xffcc55)));
    scene.add(Object::line_loop(ring, gold));
    let mut grid = Vec::new();
    for k in -5..=5 {
        let x = k as f32 * 0.5;
        grid.extend([Vec3::new(x, 0.0, -2.5), Vec3::new(x, 0.0, 2.5)]);
        grid.extend([Vec3::new(-2.5, 0.0, x), Vec3::new(2.5, 0.0, x)]);
    }
    let grid = assets.geometries.add(geometry_of(grid)?);
    let grey = assets
        .materials
        .add(Material::basic(Color::from_hex(0x3a4458)));
    scene.add(Object::line_segments(grid, grey));
    // Three sprites.
    let paint = assets.programs.add(uv_colour()?);
    let paint = assets
        .materials
        .add(Material::sprite(Color::WHITE).with_nodes(paint));
    scene.add(Object::sprite(paint).at(Vec3::new(-1.8, 1.4, 0.0)));
    let mut turned = Object::sprite(paint)
        .at(Vec3::new(1.8, 1.4, 0.0))
        .scaled(Vec3::new(0.8, 0.5, 1.0));
    if let Some(s) = turned.sprite.as_mut() {
        s.rotation = 0.6;
    }
    scene.add(turned);
    let mut corner = Object::sprite(paint)
        .at(Vec3::new(0.0, 2.2, -1.0))
        .scaled(Vec3::new(0.5, 0.5, 1.0));
    if let Some(s) = corner.sprite.as_mut() {
        s.center = Vec2::ZERO;
    }
    scene.add(corner);
    let camera = Camera::perspective(45.0, 0.1, 50.0)
        .at(Vec3::new(0.0, 2.6, 5.5))
        .looking_at(Vec3::new(0.0, 0.9, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/primitives.png",
        scene,
        RenderSettings::new(320, 240),
    )
}
