//! The cube and array texture scene of tools/three_cases/ (`cube_texture.mjs`), built with
//! tsl-raster.

use super::scenes::Case;
use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

/// The six 2×2 RGBA8 faces of tools/three_cases/cube_texture.mjs `cubeBytes`, +x to −z.
pub fn cube_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    for f in 0..6u32 {
        for y in 0..2u32 {
            for x in 0..2u32 {
                out.extend([
                    (f * 40 + x * 120 + 20) % 256,
                    (f * 73 + y * 130 + 10) % 256,
                    (f * 29 + (x + y) * 60 + 90) % 256,
                    255,
                ]);
            }
        }
    }
    out.into_iter().map(|b| b as u8).collect()
}

/// The three 2×2 RGBA8 layers of tools/three_cases/cube_texture.mjs `arrayBytes`.
pub fn array_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    for l in 0..3u32 {
        for y in 0..2u32 {
            for x in 0..2u32 {
                out.extend([
                    (l * 90 + x * 100 + 30) % 256,
                    (l * 50 + y * 150 + 40) % 256,
                    (220 - l * 70) % 256,
                    255,
                ]);
            }
        }
    }
    out.into_iter().map(|b| b as u8).collect()
}

/// A MeshBasic material whose colour node is `color`, of the graph `g`.
fn basic(c: &mut Case, g: NodeGraph, color: NodeRef) -> MaterialId {
    g.set_output(COLOR_NODE, color).unwrap();
    let program = c.assets.programs.add(g.compile().unwrap());
    c.assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program))
}

/// tools/three_cases/cube_texture.mjs.
pub fn cube_texture() -> Case {
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.3, 0.6, 4.0))
        .looking_at(Vec3::ZERO);
    let mut c = Case::new(camera);
    c.scene.background = Some(Color::from_hex(0x202020));

    let cube = Texture3d::cube(2, VolumeFormat::Rgba8, &cube_bytes()).unwrap();
    let cube = c.assets.volumes.add(cube);
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.75, 48, 24).build());

    let g = NodeGraph::new();
    let map = g.uniform_cube_texture("cube", cube);
    let color = g.cube_texture(map, g.normal_world());
    let left = basic(&mut c, g, color);
    let a = c.scene.add(Object::mesh(sphere, left));
    let o = c.scene.object_mut(a).unwrap();
    o.transform.position = Vec3::new(-0.85, 0.35, 0.0);
    o.transform.set_euler(0.3, 0.5, 0.0);

    let g = NodeGraph::new();
    let map = g.uniform_cube_texture("cube", cube);
    let color = g.cube_texture_reflect(map);
    let right = basic(&mut c, g, color);
    let b = c.scene.add(Object::mesh(sphere, right));
    c.scene.object_mut(b).unwrap().transform.position = Vec3::new(0.85, 0.35, 0.0);

    let layers = Texture3d::layers(2, 2, 3, VolumeFormat::Rgba8, &array_bytes()).unwrap();
    let layers = c.assets.volumes.add(layers);
    let g = NodeGraph::new();
    let map = g.uniform_cube_texture("layers", layers);
    let layer = g.mul(g.swizzle(g.uv(), "x"), g.float(3.0));
    let color = g.texture_layer(map, g.uv(), layer);
    let strip = basic(&mut c, g, color);
    let plane = c
        .assets
        .geometries
        .add(PlaneGeometry::new(2.6, 0.6).build());
    let s = c.scene.add(Object::mesh(plane, strip));
    c.scene.object_mut(s).unwrap().transform.position = Vec3::new(0.0, -0.95, 0.0);
    c
}
