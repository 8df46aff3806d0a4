//! The scene of `examples/graph.rs`, shared with `benches/raster.rs`: the first graph (R-EX-1,
//! docs/requirements.md) on a lit sphere and a plane.

use tsl::prelude::*;
use tsl::raster::*;

/// The first graph (R-EX-1): a tint uniform mixed into the vertex colour by a sine of time, and an
/// output node that warms the lit colour.
pub fn graph_program() -> Result<NodeProgram, GraphError> {
    let graph = NodeGraph::new();
    let tint = graph.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
    let mixed = graph.mix(
        graph.swizzle(graph.vertex_color(), "rgb"),
        tint,
        graph.mul(wave, graph.float(0.5)),
    );
    graph.set_output(COLOR_NODE, mixed)?;
    graph.set_output(
        OUTPUT_NODE,
        graph.mul(graph.swizzle(graph.lit(), "rgb"), graph.vec3(1.0, 0.9, 0.8)),
    )?;
    graph.compile()
}

/// A sphere whose vertex colours follow its normals standing on a plane whose colours run from
/// warm to cool, both STANDARD (roughness 0.4) carrying `program`, under ambient, hemisphere and
/// directional light.
pub fn graph_scene(program: NodeProgram) -> Result<(Scene, Camera, Assets), RenderError> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let paint = assets.materials.add(Material {
        roughness: 0.4,
        ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(program)
    });

    let sphere = SphereGeometry::new(1.0, 64, 32).build();
    let colors = sphere
        .normals()
        .unwrap_or_default()
        .iter()
        .map(|n| *n * 0.5 + 0.5)
        .collect();
    let sphere = assets.geometries.add(sphere.with_colors(colors)?);

    let plane = PlaneGeometry {
        width: 8.0,
        height: 8.0,
        width_segments: 8,
        height_segments: 8,
    }
    .build();
    let colors = plane
        .positions()
        .iter()
        .map(|p| {
            let (s, t) = (p.x / 8.0 + 0.5, p.y / 8.0 + 0.5);
            Vec3::new(0.9 - 0.5 * t, 0.55 + 0.2 * s, 0.3 + 0.6 * t)
        })
        .collect();
    let plane = assets.geometries.add(plane.with_colors(colors)?);

    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(14, 16, 22));
    scene.add(Object::mesh(sphere, paint).at(Vec3::new(0.0, 1.0, 0.0)));
    scene.add(Object::mesh(plane, paint).rotated(-std::f32::consts::FRAC_PI_2, 0.0, 0.0));
    scene.add_light(Light::ambient(Color::WHITE, 0.4));
    scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.6,
    ));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(3.0, 5.0, 4.0),
    ));
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 2.4, 5.5))
        .looking_at(Vec3::new(0.0, 0.7, 0.0));
    Ok((scene, camera, assets))
}
