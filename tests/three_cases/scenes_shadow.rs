//! The shadow scenes of tools/three_cases/ (shadow_*.mjs), built with tsl-raster: each function
//! builds the scene of the case file of the same name.

use super::scenes::Case;
use glam::{UVec2, Vec3};
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

fn hex(h: u32) -> Color {
    Color::from_hex(h)
}

fn case(fov: f32, position: Vec3, target: Vec3) -> Case {
    Case {
        scene: Scene::new(),
        camera: Camera::perspective(fov, 0.1, 100.0)
            .at(position)
            .looking_at(target),
        assets: Assets::new(),
    }
}

/// Add a mesh with `castShadow` and `receiveShadow`; its id.
fn add(
    c: &mut Case,
    geometry: Geometry,
    material: Material,
    cast: bool,
    receive: bool,
) -> ObjectId {
    let g = c.assets.geometries.add(geometry);
    let m = c.assets.materials.add(material);
    c.scene.add(Object::mesh(g, m).shadows(cast, receive))
}

/// A 6 × 6 floor turned to face up, receiving shadows.
fn floor(c: &mut Case, material: Material) -> ObjectId {
    let id = add(
        c,
        PlaneGeometry::new(6.0, 6.0).build(),
        material,
        false,
        true,
    );
    c.scene
        .object_mut(id)
        .unwrap()
        .transform
        .set_euler(-PI / 2.0, 0.0, 0.0);
    id
}

/// tools/three_cases/shadow_directional.mjs.
pub fn shadow_directional() -> Case {
    let mut c = case(45.0, Vec3::new(0.0, 3.0, 4.0), Vec3::ZERO);
    floor(&mut c, Material::standard(hex(0xdddddd), 0.8, 0.0));
    let ball = add(
        &mut c,
        SphereGeometry::new(0.5, 32, 16).build(),
        Material::standard(hex(0x4488cc), 0.4, 0.0),
        true,
        false,
    );
    c.scene.object_mut(ball).unwrap().transform.position = Vec3::new(0.0, 0.8, 0.0);
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(2.0, 4.0, 1.0)).casting_shadow(),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}

/// tools/three_cases/shadow_spot.mjs.
pub fn shadow_spot() -> Case {
    let mut c = case(50.0, Vec3::new(0.0, 2.5, 3.5), Vec3::ZERO);
    floor(
        &mut c,
        Material {
            shininess: 30.0,
            ..Material::phong(hex(0xdddddd))
        },
    );
    let bx = add(
        &mut c,
        BoxGeometry::new(0.7, 0.7, 0.7).build(),
        Material::phong(hex(0x3366cc)),
        true,
        true,
    );
    let o = c.scene.object_mut(bx).unwrap();
    o.transform.position = Vec3::new(-0.2, 0.6, 0.0);
    o.transform.set_euler(0.3, 0.6, 0.0);
    let mut shadow = LightShadow::perspective();
    shadow.map_size = UVec2::splat(256);
    shadow.radius = 2.0;
    let spot = Light::Spot {
        color: Color::WHITE,
        intensity: 30.0,
        position: Vec3::new(1.0, 3.0, 1.0),
        target: Vec3::ZERO,
        distance: 0.0,
        angle: PI / 6.0,
        penumbra: 0.3,
        decay: 2.0,
        shadow: Some(shadow),
    };
    c.scene.add_light(spot);
    c.scene.add_light(Light::ambient(Color::WHITE, 0.3));
    c
}

/// tools/three_cases/shadow_point.mjs.
pub fn shadow_point() -> Case {
    let mut c = case(50.0, Vec3::new(0.0, 2.0, 4.0), Vec3::new(0.0, 0.4, 0.0));
    let paint = Material::lambert(hex(0xeeeeee));
    floor(&mut c, paint.clone());
    let wall = add(
        &mut c,
        PlaneGeometry::new(6.0, 3.0).build(),
        paint,
        false,
        true,
    );
    c.scene.object_mut(wall).unwrap().transform.position = Vec3::new(0.0, 1.5, -1.5);
    let ring = add(
        &mut c,
        TorusGeometry::new(0.4, 0.15, 12, 32).build(),
        Material::standard(hex(0xcc6633), 0.5, 0.0),
        true,
        false,
    );
    let o = c.scene.object_mut(ring).unwrap();
    o.transform.position = Vec3::new(0.0, 0.7, 0.0);
    o.transform.set_euler(1.2, 0.4, 0.0);
    let mut shadow = LightShadow::perspective();
    shadow.map_size = UVec2::splat(256);
    shadow.camera = ShadowCamera::Perspective {
        near: 0.5,
        far: 20.0,
        focus: 1.0,
        aspect: 1.0,
    };
    c.scene
        .add_light(Light::point(Color::WHITE, 6.0, Vec3::new(0.4, 1.6, 0.6)).with_shadow(shadow));
    c.scene.add_light(Light::ambient(Color::WHITE, 0.3));
    c
}

/// tools/three_cases/shadow_vsm.mjs (drawn with [`ShadowMapType::Vsm`]).
pub fn shadow_vsm() -> Case {
    let mut c = case(45.0, Vec3::new(0.0, 3.0, 4.0), Vec3::ZERO);
    floor(&mut c, Material::standard(hex(0xdddddd), 0.8, 0.0));
    let bx = add(
        &mut c,
        BoxGeometry::new(0.8, 0.8, 0.8).build(),
        Material::standard(hex(0x88aa44), 0.5, 0.0),
        true,
        false,
    );
    let o = c.scene.object_mut(bx).unwrap();
    o.transform.position = Vec3::new(0.0, 0.7, 0.0);
    o.transform.set_euler(0.0, 0.5, 0.0);
    let mut shadow = LightShadow::directional();
    shadow.map_size = UVec2::splat(256);
    shadow.camera = ShadowCamera::Orthographic {
        left: -2.0,
        right: 2.0,
        top: 2.0,
        bottom: -2.0,
        near: 0.5,
        far: 500.0,
    };
    shadow.radius = 4.0;
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(-1.0, 3.0, 2.0)).with_shadow(shadow),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}
