//! Screen reads (R-SCREEN-1, R-SCREEN-2): two panes in front of a lit scene read the opaque scene
//! behind them. The left pane's `BACKDROP_NODE` is the screen behind it read through ripples
//! (`viewport_texture(screen_uv() + sin(...))`) and tinted green, the right pane's is the
//! screen's grey (`luminance`) mixed half and half with its own lit colour by
//! `BACKDROP_ALPHA_NODE`. The renderer draws the opaque scene first, as three.js's
//! `transmissionRenderTarget`; the panes are not in it. Writes `screen_reads.png`.
//!
//! Run: `cargo run --example screen_reads` (optionally `-- OUT.png`).

#[path = "shared/args.rs"]
mod args;

use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The left pane: the screen behind through ripples, tinted.
fn ripple_glass() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let wobble = sin(uv().yx() * 40.0) * 0.012;
    let behind = viewport_texture(screen_uv() + wobble).rgb();
    scope.set(BACKDROP_NODE, behind * vec3(0.7, 1.0, 0.8))?;
    scope.compile()
}

/// The right pane: the screen's grey, half and half with the pane's own light.
fn grey_glass() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let grey = luminance(
        viewport_texture(screen_uv()).rgb(),
        working_luminance_coefficients(),
    );
    scope.set(BACKDROP_NODE, vec3(grey, grey, grey))?;
    scope.set(BACKDROP_ALPHA_NODE, float(0.5))?;
    scope.compile()
}

/// The scene: a floor, three coloured boxes, two panes, a sun and an ambient light.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x1a2233));
    let floor = assets.geometries.add(PlaneGeometry::new(8.0, 8.0).build());
    let grey = assets
        .materials
        .add(Material::standard(Color::from_hex(0x808080), 0.8, 0.0));
    scene.add(Object::mesh(floor, grey).rotated(-PI / 2.0, 0.0, 0.0));
    let cube = assets
        .geometries
        .add(BoxGeometry::new(0.8, 0.8, 0.8).build());
    for (k, hex) in [0xe04030u32, 0x30c060, 0x3060e0].into_iter().enumerate() {
        let paint = assets
            .materials
            .add(Material::standard(Color::from_hex(hex), 0.4, 0.0));
        let x = k as f32 * 1.2 - 1.2;
        scene.add(
            Object::mesh(cube, paint)
                .at(Vec3::new(x, 0.4, -1.5))
                .rotated(0.0, 0.5 * k as f32, 0.0),
        );
    }
    let pane = assets.geometries.add(PlaneGeometry::new(1.4, 1.8).build());
    let ripple = assets.programs.add(ripple_glass()?);
    let left = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(ripple));
    scene.add(Object::mesh(pane, left).at(Vec3::new(-0.8, 0.9, 0.2)));
    let grey_program = assets.programs.add(grey_glass()?);
    let right = assets
        .materials
        .add(Material::standard(Color::from_hex(0xffcc66), 0.3, 0.0).with_nodes(grey_program));
    scene.add(
        Object::mesh(pane, right)
            .at(Vec3::new(0.9, 0.9, 0.2))
            .rotated(0.0, -0.3, 0.0),
    );
    scene.add_light(Light::ambient(Color::WHITE, 0.6));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(2.0, 4.0, 3.0),
    ));
    let camera = Camera::perspective(45.0, 0.1, 50.0)
        .at(Vec3::new(0.0, 1.6, 4.5))
        .looking_at(Vec3::new(0.0, 0.7, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "screen_reads",
        "[OUT.png]",
        "Draws two panes reading the scene behind them to OUT.png (screen_reads.png by default).",
        1,
    );
    let path = args::text(&args, 0, "screen_reads.png");
    args::run(|| {
        let (scene, camera, assets) = scene()?;
        let mut renderer = args::renderer(RenderSettings::new(320, 240))?;
        args::write_png(&renderer.render(&scene, &camera, &assets)?, &path)?;
        println!("{path}");
        Ok(())
    })
}
