//! The scene of `examples/instancing.rs` and `benches/instancing.rs`: a square grid of instanced
//! cubes, each turned by its own matrix and tinted by its own colour, whose emissive glow follows
//! `instance_index()`, over a floor coloured by a custom attribute.

use glam::{EulerRot, Mat4, Quat};
use tsl::prelude::*;
use tsl::raster::*;

/// `side × side` cubes (their world matrices and colours): a grid of spacing 1 centred on the
/// origin, each turned and scaled a little by its index.
pub fn grid(side: u32) -> (Vec<Mat4>, Vec<Color>) {
    let half = (side as f32 - 1.0) / 2.0;
    (0..side * side)
        .map(|i| {
            let (x, z) = ((i % side) as f32 - half, (i / side) as f32 - half);
            let k = i as f32;
            let turn = Quat::from_euler(EulerRot::XYZ, 0.37 * k, 0.61 * k, 0.0);
            let matrix = Mat4::from_scale_rotation_translation(
                Vec3::splat(0.35 + 0.2 * (0.13 * k).sin().abs()),
                turn,
                Vec3::new(x, 0.4, z),
            );
            let colour = Color::linear(
                (0.5 + 0.5 * (0.21 * x).cos()).powi(2),
                (0.5 + 0.5 * (0.17 * z).sin()).powi(2),
                (0.5 + 0.5 * (0.05 * k).cos()).powi(2),
            );
            (matrix, colour)
        })
        .unzip()
}

/// The program of the cubes: an emissive glow that travels along the instances,
/// `0.25 · (sin(instance_index() · 0.3 − time · 2) · 0.5 + 0.5)` in red.
pub fn glow() -> Result<NodeProgram, GraphError> {
    let g = NodeGraph::new();
    let wave = g.sin(g.sub(
        g.mul(g.instance_index(), g.float(0.3)),
        g.mul(g.time(), g.float(2.0)),
    ));
    let k = g.mul(
        g.add(g.mul(wave, g.float(0.5)), g.float(0.5)),
        g.float(0.25),
    );
    g.set_output(
        EMISSIVE_NODE,
        g.join(&[k, g.mul(k, g.float(0.3)), g.float(0.0)]),
    )?;
    g.compile()
}

/// The floor's program: its colour mixes two colours by the custom attribute `heat` (a float
/// per vertex) and is shaded by `tint` (a vec3 per vertex).
pub fn heat_floor() -> Result<NodeProgram, GraphError> {
    let g = NodeGraph::new();
    let heat = g.named_attribute("heat", ValueType::Float);
    let tint = g.named_attribute("tint", ValueType::Vec3);
    let hot = g.mix(
        g.color(Color::linear(0.05, 0.1, 0.3)),
        g.color(Color::linear(0.9, 0.35, 0.05)),
        heat,
    );
    g.set_output(COLOR_NODE, g.mul(hot, tint))?;
    g.compile()
}

/// The floor: a `size × size` plane of 32 × 32 quads lying in y = 0, with `heat` (rings round the
/// origin) and `tint` (a gradient across) per vertex.
pub fn floor(size: f64) -> Result<Geometry, RenderError> {
    let plane = PlaneGeometry {
        width: size,
        height: size,
        width_segments: 32,
        height_segments: 32,
    }
    .build();
    let positions = plane.positions().to_vec();
    let heat = positions
        .iter()
        .map(|p| 0.5 + 0.5 * (p.length() * 1.2).sin())
        .collect();
    let tint = positions
        .iter()
        .flat_map(|p| {
            let t = 0.5 + p.x / size as f32;
            [1.0 - 0.3 * t, 0.8 + 0.2 * t, 0.7 + 0.3 * t]
        })
        .collect();
    plane
        .with_attribute("heat", 1, heat)?
        .with_attribute("tint", 3, tint)
}

/// The whole scene: `side × side` cubes over the floor, a camera that sees them all, an ambient
/// and a directional light.
pub fn scene(side: u32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x10131a));
    let (matrices, colours) = grid(side);
    let cubes = Instances::new(matrices)?.with_colors(colours)?;
    let cube = assets
        .geometries
        .add(BoxGeometry::new(1.0, 1.0, 1.0).build());
    let glow = assets.programs.add(glow()?);
    let paint = assets
        .materials
        .add(Material::standard(Color::WHITE, 0.45, 0.1).with_nodes(glow));
    scene.add(Object::instanced_mesh(cube, paint, cubes));
    let extent = side as f64 + 2.0;
    let ground = assets.geometries.add(floor(extent)?);
    let heat = assets.programs.add(heat_floor()?);
    let ground_paint = assets
        .materials
        .add(Material::lambert(Color::WHITE).with_nodes(heat));
    scene.add(Object::mesh(ground, ground_paint).rotated(-std::f32::consts::FRAC_PI_2, 0.0, 0.0));
    scene.add_light(Light::ambient(Color::WHITE, 0.3));
    scene.add_light(Light::directional(
        Color::WHITE,
        1.8,
        Vec3::new(3.0, 5.0, 2.0),
    ));
    let reach = side as f32;
    let camera = Camera::perspective(45.0, 0.1, 10.0 * reach + 10.0)
        .at(Vec3::new(
            0.45 * reach,
            0.6 * reach + 1.0,
            0.9 * reach + 2.0,
        ))
        .looking_at(Vec3::new(0.0, 0.0, 0.0));
    Ok((scene, camera, assets))
}
