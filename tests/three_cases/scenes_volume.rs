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
