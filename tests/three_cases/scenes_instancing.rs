//! The instancing and custom-attribute scenes of tools/three_cases/ (`instanced_colors.mjs`,
//! `attribute_color.mjs`), built with tsl-raster.

use super::scenes::{Case, H, W};
use glam::{EulerRot, Mat4, Quat, Vec3};
use tsl::prelude::*;
use tsl::raster::*;

fn case(position: Vec3) -> Case {
    let _ = (W, H);
    Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(position)
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    }
}

/// tools/three_cases/instanced_colors.mjs.
pub fn instanced_colors() -> Case {
    let mut c = case(Vec3::new(0.0, 1.5, 5.0));
    let mut matrices = Vec::new();
    let mut colors = Vec::new();
    for i in 0..9 {
        let (x, y) = ((i % 3) as f32 - 1.0, (i / 3) as f32 - 1.0);
        let turn = Quat::from_euler(EulerRot::XYZ, 0.3 * i as f32, 0.2 * i as f32, 0.0);
        let s = 0.8 + 0.1 * (i % 3) as f32;
        matrices.push(Mat4::from_scale_rotation_translation(
            Vec3::splat(s),
            turn,
            Vec3::new(x * 0.9 - 0.6, y * 0.9, 0.0),
        ));
        colors.push(Color::linear(
            (i % 3) as f32 / 2.0,
            (i % 4) as f32 / 3.0,
            1.0 - i as f32 / 8.0,
        ));
    }
    let boxes = Instances::new(matrices)
        .unwrap()
        .with_colors(colors)
        .unwrap();
    let g = c
        .assets
        .geometries
        .add(BoxGeometry::new(0.5, 0.5, 0.5).build());
    let m = c
        .assets
        .materials
        .add(Material::standard(Color::WHITE, 0.5, 0.0));
    c.scene.add(Object::instanced_mesh(g, m, boxes));

    let graph = NodeGraph::new();
    let k = graph.div(graph.instance_index(), graph.float(3.0));
    graph
        .set_output(
            COLOR_NODE,
            graph.mix(
                graph.color(Color::linear(1.0, 0.2, 0.1)),
                graph.color(Color::linear(0.1, 0.4, 1.0)),
                k,
            ),
        )
        .unwrap();
    let paint = c.assets.programs.add(graph.compile().unwrap());
    let balls = Instances::new(
        (0..4)
            .map(|i| Mat4::from_translation(Vec3::new(1.4, 1.2 - 0.8 * i as f32, 0.2)))
            .collect(),
    )
    .unwrap();
    let g = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.2, 16, 8).build());
    let m = c
        .assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(paint));
    c.scene.add(Object::instanced_mesh(g, m, balls));
    c.scene.add_light(Light::ambient(Color::WHITE, 0.6));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(2.0, 3.0, 4.0),
    ));
    c
}

/// tools/three_cases/attribute_color.mjs.
pub fn attribute_color() -> Case {
    let mut c = case(Vec3::new(0.0, 0.5, 4.0));
    let plane = PlaneGeometry {
        width: 3.0,
        height: 3.0,
        width_segments: 2,
        height_segments: 2,
    }
    .build();
    let n = plane.positions().len();
    let heat = (0..n).map(|i| (i % 4) as f32 / 3.0).collect();
    let tint = (0..n)
        .flat_map(|i| {
            [
                0.2 + (i % 3) as f32 * 0.3,
                1.0 - i as f32 / 8.0,
                (i % 2) as f32 * 0.8,
            ]
        })
        .collect();
    let plane = plane
        .with_attribute("heat", 1, heat)
        .unwrap()
        .with_attribute("tint", 3, tint)
        .unwrap();
    let graph = NodeGraph::new();
    let t = graph.named_attribute("tint", ValueType::Vec4);
    let mixed = graph.mix(
        graph.swizzle(t, "xyz"),
        graph.color(Color::linear(1.0, 0.5, 0.0)),
        graph.named_attribute("heat", ValueType::Float),
    );
    graph
        .set_output(
            COLOR_NODE,
            graph.mul(mixed, graph.mul(graph.swizzle(t, "w"), graph.float(0.8))),
        )
        .unwrap();
    let flat = c.assets.programs.add(graph.compile().unwrap());
    let g = c.assets.geometries.add(plane);
    let m = c
        .assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(flat));
    c.scene
        .add(Object::mesh(g, m).at(Vec3::new(0.0, 0.0, -1.0)));

    let sphere = SphereGeometry::new(0.5, 24, 12).build();
    let glow = sphere
        .positions()
        .iter()
        .flat_map(|p| [0.5 + p.y, 0.5 - p.x])
        .collect();
    let glowing = sphere.clone().with_attribute("glow", 2, glow).unwrap();
    let graph = NodeGraph::new();
    let gl = graph.named_attribute("glow", ValueType::Vec2);
    graph
        .set_output(
            EMISSIVE_NODE,
            graph.join(&[
                graph.mul(graph.swizzle(gl, "x"), graph.float(0.6)),
                graph.mul(graph.swizzle(gl, "y"), graph.float(0.3)),
                graph.float(0.1),
            ]),
        )
        .unwrap();
    let lit = c.assets.programs.add(graph.compile().unwrap());
    let m = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0x336699), 0.6, 0.0).with_nodes(lit));
    for (geometry, x) in [(glowing, -0.6), (sphere, 0.6)] {
        let g = c.assets.geometries.add(geometry);
        c.scene.add(Object::mesh(g, m).at(Vec3::new(x, 0.0, 0.5)));
    }
    c.scene.add_light(Light::ambient(Color::WHITE, 0.5));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(2.0, 2.0, 3.0),
    ));
    c
}
