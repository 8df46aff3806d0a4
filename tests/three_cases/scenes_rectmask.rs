//! The light-mask and rect-area-light scenes of tools/three_cases/ (`light_mask.mjs`,
//! `rect_area.mjs`), built with tsl-raster.

use super::scenes::{Case, H, W};
use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

fn case(camera: Camera) -> Case {
    let _ = (W, H);
    Case {
        scene: Scene::new(),
        camera,
        assets: Assets::new(),
    }
}

fn mesh(c: &mut Case, geometry: Geometry, material: Material, at: Vec3) -> ObjectId {
    let g = c.assets.geometries.add(geometry);
    let m = c.assets.materials.add(material);
    c.scene.add(Object::mesh(g, m).at(at))
}

/// tools/three_cases/light_mask.mjs.
pub fn light_mask() -> Case {
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 3.5))
        .looking_at(Vec3::ZERO);
    let mut c = case(camera);
    c.scene
        .add_light(Light::ambient(Color::from_hex(0x404040), 1.0));
    c.scene
        .add_light(Light::directional(Color::WHITE, 2.0, Vec3::ONE));
    c.scene.add_light(Light::point(
        Color::from_hex(0xff4020),
        6.0,
        Vec3::new(-1.2, 0.6, 1.2),
    ));
    let sphere = || SphereGeometry::new(0.6, 32, 16).build();
    let all = Material::standard(Color::WHITE, 0.5, 0.0);
    mesh(&mut c, sphere(), all, Vec3::new(-0.7, 0.0, 0.0));
    // lights( [ directional ] ): the directional light is scene.lights[1].
    let masked = Material {
        lights: lights_of(&[1]).unwrap(),
        ..Material::phong(Color::WHITE)
    };
    mesh(&mut c, sphere(), masked, Vec3::new(0.7, 0.0, 0.0));
    c
}

/// tools/three_cases/rect_area.mjs.
pub fn rect_area() -> Case {
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 1.4, 3.2))
        .looking_at(Vec3::new(0.0, 0.3, 0.0));
    let mut c = case(camera);
    let floor = mesh(
        &mut c,
        PlaneGeometry::new(4.0, 4.0).build(),
        Material::standard(Color::from_hex(0x808080), 0.35, 0.0),
        Vec3::ZERO,
    );
    c.scene
        .object_mut(floor)
        .unwrap()
        .transform
        .set_euler(-PI / 2.0, 0.0, 0.0);
    let ball = Material {
        clearcoat: 0.6,
        clearcoat_roughness: 0.2,
        ..Material::physical(Color::from_hex(0xff8040), 0.3, 0.2)
    };
    mesh(
        &mut c,
        SphereGeometry::new(0.5, 32, 16).build(),
        ball,
        Vec3::new(0.0, 0.5, 0.0),
    );
    mesh(
        &mut c,
        BoxGeometry::new(0.4, 0.4, 0.4).build(),
        Material::lambert(Color::from_hex(0x40a0ff)),
        Vec3::new(1.0, 0.2, 0.6),
    );
    c.scene.add_light(Light::rect_area(
        Color::from_hex(0xfff0d0),
        6.0,
        2.0,
        1.0,
        Vec3::new(0.0, 1.6, -0.6),
        Vec3::new(0.0, 0.0, 0.4),
    ));
    c.scene
        .add_light(Light::ambient(Color::from_hex(0x202020), 1.0));
    c
}
