//! The volume scenes of tools/three_cases/ (`volume_point.mjs`), built with tsl-raster.

use super::scenes::Case;
use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The 8×8×8 R8 volume of tools/three_cases/volume_point.mjs `volumeBytes`.
pub fn volume_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    for z in 0..8u32 {
        for y in 0..8u32 {
            for x in 0..8u32 {
                out.push(((x * 37 + y * 91 + z * 53 + x * y * 7 + y * z * 11) % 256) as u8);
            }
        }
    }
    out
}

/// tools/three_cases/volume_point.mjs.
pub fn volume_point() -> Case {
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(2.5, 2.2, 4.0))
        .looking_at(Vec3::ZERO);
    let mut c = Case {
        scene: Scene::new(),
        camera,
        assets: Assets::new(),
    };
    c.scene.background = Some(Color::from_hex(0x101420));

    let floor_g = c
        .assets
        .geometries
        .add(PlaneGeometry::new(8.0, 8.0).build());
    let floor_m = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0x8899aa), 0.8, 0.0));
    let floor = c.scene.add(Object::mesh(floor_g, floor_m));
    let o = c.scene.object_mut(floor).unwrap();
    o.transform.set_euler(-PI / 2.0, 0.0, 0.0);
    o.transform.position = Vec3::new(0.0, -1.2, 0.0);

    let mut noise = Texture3d::new(8, 8, 8, VolumeFormat::R8, &volume_bytes()).unwrap();
    noise.filter = VolumeFilter::Linear;
    let noise = c.assets.volumes.add(noise);
    let g = NodeGraph::new();
    let map = g.volume_uniform("noise", noise);
    let at = g.add(g.mul(g.position_world(), g.float(0.25)), g.float(0.5));
    let red = g.swizzle(g.texture_3d(map, at), "r");
    g.set_output(SCATTERING_NODE, g.mul(red, g.float(2.0)))
        .unwrap();
    g.set_output(OFFSET_NODE, g.float(0.5)).unwrap();
    let program = c.assets.programs.add(g.compile().unwrap());
    let box_g = c
        .assets
        .geometries
        .add(BoxGeometry::new(2.0, 2.0, 2.0).build());
    let box_m = c.assets.materials.add(Material::volume(20, program));
    c.scene.add(Object::mesh(box_g, box_m));

    c.scene.add_light(Light::point(
        Color::from_hex(0xffaa66),
        12.0,
        Vec3::new(0.3, 0.4, 0.2),
    ));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        1.5,
        Vec3::new(3.0, 5.0, 4.0),
    ));
    c
}

/// tools/three_cases/volume_shadow.mjs (drawn with shadows on, PCF): a spot light's shadow at
/// each step of a volume that receives shadows (R-VOL-4).
pub fn volume_shadow() -> Case {
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.5, 2.6, 4.6))
        .looking_at(Vec3::new(0.0, 0.6, 0.0));
    let mut c = Case {
        scene: Scene::new(),
        camera,
        assets: Assets::new(),
    };
    c.scene.background = Some(Color::from_hex(0x0c1018));

    let floor_g = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let floor_m = c.assets.materials.add(Material {
        shininess: 20.0,
        ..Material::phong(Color::from_hex(0xbbbbbb))
    });
    let floor = c
        .scene
        .add(Object::mesh(floor_g, floor_m).shadows(false, true));
    c.scene
        .object_mut(floor)
        .unwrap()
        .transform
        .set_euler(-PI / 2.0, 0.0, 0.0);

    let caster_g = c
        .assets
        .geometries
        .add(BoxGeometry::new(0.8, 0.8, 0.8).build());
    let caster_m = c
        .assets
        .materials
        .add(Material::phong(Color::from_hex(0xcc5533)));
    let caster = c
        .scene
        .add(Object::mesh(caster_g, caster_m).shadows(true, false));
    let o = c.scene.object_mut(caster).unwrap();
    o.transform.position = Vec3::new(0.1, 1.9, 0.05);
    o.transform.set_euler(0.2, 0.5, 0.0);

    let g = NodeGraph::new();
    g.set_output(SCATTERING_NODE, g.float(1.5)).unwrap();
    g.set_output(OFFSET_NODE, g.float(0.5)).unwrap();
    let program = c.assets.programs.add(g.compile().unwrap());
    let volume_g = c
        .assets
        .geometries
        .add(BoxGeometry::new(2.4, 1.4, 2.4).build());
    let volume_m = c.assets.materials.add(Material::volume(16, program));
    let volume = c
        .scene
        .add(Object::mesh(volume_g, volume_m).shadows(false, true));
    c.scene.object_mut(volume).unwrap().transform.position = Vec3::new(0.0, 0.7, 0.0);

    let mut shadow = LightShadow::perspective();
    shadow.map_size = glam::UVec2::splat(256);
    c.scene.add_light(Light::Spot {
        color: Color::WHITE,
        intensity: 40.0,
        position: Vec3::new(0.6, 3.6, 0.4),
        target: Vec3::ZERO,
        distance: 0.0,
        angle: PI / 7.0,
        penumbra: 0.2,
        decay: 2.0,
        shadow: Some(shadow),
    });
    c.scene.add_light(Light::ambient(Color::WHITE, 0.25));
    c
}
