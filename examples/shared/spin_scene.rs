//! The scene of `examples/spin.rs` (the Mojo port's benchmark workload), shared with
//! `benches/gpu_frame.rs`: a STANDARD sphere whose colour node mixes two colours by `sin(time)`
//! and whose position node breathes along the normal, under ambient and directional light.

use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The frames of one round.
pub const FRAMES: usize = 36;
/// Each frame's size.
pub const WIDTH: u32 = 240;
/// Each frame's size.
pub const HEIGHT: u32 = 180;

/// The spinning sphere: its scene (the ball is object `ball`), camera and assets.
pub struct Spin {
    /// The scene.
    pub scene: Scene,
    /// The sphere's object, turned each frame.
    pub ball: ObjectId,
    /// The camera.
    pub camera: Camera,
    /// The geometry, material and program.
    pub assets: Assets,
}

/// Build the scene: a sphere of radius 0.9 (36×24 segments, roughness 0.45).
// `examples/spin.rs` builds through `spin_scene_segments` alone.
#[allow(dead_code)]
pub fn spin_scene() -> Result<Spin, Box<dyn std::error::Error>> {
    spin_scene_segments(36, 24)
}

/// The scene of [`spin_scene`] with a sphere of `width` × `height` segments (the dense-mesh
/// benchmark's 576×384 in `benches/raster.rs`).
pub fn spin_scene_segments(width: u32, height: u32) -> Result<Spin, Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let graph = NodeGraph::new();
    let wave = graph.sin(graph.time());
    let t = graph.mul(graph.add(wave, graph.float(1.0)), graph.float(0.5));
    graph.set_output(
        COLOR_NODE,
        graph.mix(
            graph.color(Color::from_srgb8(255, 140, 40)),
            graph.color(Color::from_srgb8(40, 110, 230)),
            t,
        ),
    )?;
    graph.set_output(
        POSITION_NODE,
        graph.mul(graph.normal_local(), graph.mul(wave, graph.float(0.08))),
    )?;
    let program = assets.programs.add(graph.compile()?);
    let material = assets.materials.add(Material {
        roughness: 0.45,
        ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(program)
    });
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(0.9, width, height).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(14, 16, 22));
    let ball = scene.add(Object::mesh(sphere, material));
    scene.add_light(Light::ambient(Color::WHITE, 0.35));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.4,
        Vec3::new(0.8, 1.3, 1.6),
    ));
    let camera = Camera::perspective(40.0, 0.1, 20.0)
        .at(Vec3::new(0.2, 0.25, 3.0))
        .looking_at(Vec3::ZERO);
    Ok(Spin {
        scene,
        ball,
        camera,
        assets,
    })
}

impl Spin {
    /// Set frame `i` (of [`FRAMES`]): the time `2π·i/36` and the ball turned `10·i` degrees about y.
    pub fn frame(&mut self, settings: &mut RenderSettings, i: usize) {
        settings.time = 2.0 * PI * i as f32 / FRAMES as f32;
        if let Some(object) = self.scene.object_mut(self.ball) {
            object
                .transform
                .set_euler(0.0, (10.0 * i as f32).to_radians(), 0.0);
        }
    }
}
