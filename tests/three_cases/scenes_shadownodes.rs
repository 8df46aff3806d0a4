//! The shadow-node scenes of tools/three_cases/ (shadow_received_node.mjs,
//! shadow_alpha_test.mjs), built with
//! tsl-raster: each function builds the scene of the case file of the same name.

use super::scenes::{checker_bytes, data_texture, Case};
use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// tools/three_cases/shadow_received_node.mjs.
pub fn shadow_received_node() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 3.0, 4.0))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    // three's `shadow.mix(color(0xff0000), 1)` is mix(red, 1, shadow).
    let g = NodeGraph::new();
    let red = g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow());
    g.set_output(RECEIVED_SHADOW_NODE, red).unwrap();
    let program = c.assets.programs.add(g.compile().unwrap());
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0xdddddd), 0.8, 0.0).with_nodes(program));
    c.scene.add(
        Object::mesh(floor, paint)
            .rotated(-PI / 2.0, 0.0, 0.0)
            .shadows(false, true),
    );
    let ball = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.5, 32, 16).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0x4488cc), 0.4, 0.0));
    c.scene.add(
        Object::mesh(ball, paint)
            .at(Vec3::new(0.0, 0.8, 0.0))
            .shadows(true, false),
    );
    let mut shadow = LightShadow::directional();
    shadow.intensity = 0.8;
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(2.0, 4.0, 1.0)).with_shadow(shadow),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}

/// tools/three_cases/shadow_alpha_test.mjs.
pub fn shadow_alpha_test() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 3.0, 4.0))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0xdddddd), 0.8, 0.0));
    c.scene.add(
        Object::mesh(floor, paint)
            .rotated(-PI / 2.0, 0.0, 0.0)
            .shadows(false, true),
    );
    let mut t = data_texture(checker_bytes(true), false, false);
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::Nearest;
    let map = c.assets.textures.add(t);
    let card = c
        .assets
        .geometries
        .add(PlaneGeometry::new(1.6, 1.6).build());
    let paint = c.assets.materials.add(Material {
        map: Some(map),
        alpha_test: 0.5,
        side: Side::Double,
        ..Material::basic(Color::WHITE)
    });
    c.scene.add(
        Object::mesh(card, paint)
            .rotated(-PI / 2.0, 0.0, 0.0)
            .at(Vec3::new(0.0, 0.9, 0.0))
            .shadows(true, false),
    );
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(2.0, 4.0, 1.0)).casting_shadow(),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}

/// tools/three_cases/shadow_transmitted.mjs.
pub fn shadow_transmitted() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 3.0, 4.0))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0xdddddd), 0.8, 0.0));
    c.scene.add(
        Object::mesh(floor, paint)
            .rotated(-PI / 2.0, 0.0, 0.0)
            .shadows(false, true),
    );
    let g = NodeGraph::new();
    g.set_output(CAST_SHADOW_NODE, g.vec4(1.0, 0.3, 0.0, 1.0))
        .unwrap();
    let orange = c.assets.programs.add(g.compile().unwrap());
    let ball = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.5, 32, 16).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0x4488cc), 0.4, 0.0).with_nodes(orange));
    c.scene.add(
        Object::mesh(ball, paint)
            .at(Vec3::new(-0.9, 0.8, 0.0))
            .shadows(true, false),
    );
    let mut t = data_texture(checker_bytes(true), false, false);
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::Nearest;
    let map = c.assets.textures.add(t);
    let card = c
        .assets
        .geometries
        .add(PlaneGeometry::new(1.2, 1.2).build());
    let paint = c.assets.materials.add(Material {
        map: Some(map),
        side: Side::Double,
        ..Material::basic(Color::WHITE)
    });
    c.scene.add(
        Object::mesh(card, paint)
            .rotated(-PI / 2.0, 0.0, 0.0)
            .at(Vec3::new(0.8, 0.9, 0.0))
            .shadows(true, false),
    );
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(2.0, 4.0, 1.0)).casting_shadow(),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}
