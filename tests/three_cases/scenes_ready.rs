//! The ready shader programs of tools/three_cases/ (`toon_shaders.mjs`, `toon_shader_1.mjs`,
//! `volume_shader.mjs`): three.js's own GLSL through `tsl::materials`, drawn by tsl-raster.

use super::scenes::Case;
use glam::Vec3;
use tsl::materials::{
    toon_shader_2, toon_shader_dotted, toon_shader_hatching, volume_box, volume_render_shader,
    VolumeStyle,
};
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

/// The camera and background of both toon cases.
fn toon_case() -> Case {
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 6.0))
        .looking_at(Vec3::ZERO);
    let mut c = Case::new(camera);
    c.scene.background = Some(Color::from_hex(0x303040));
    c
}

/// `toonMaterial` of toon_shaders.mjs: the program lit by normalize(0.5, 0.5, 1), the rest
/// three's defaults.
fn toon_material(c: &mut Case, mut program: NodeProgram) -> MaterialId {
    program
        .set_uniform("uDirLightPos", Vec3::new(0.5, 0.5, 1.0).normalize())
        .unwrap();
    let program = c.assets.programs.add(program);
    c.assets.materials.add(shader_material(program))
}

/// tools/three_cases/toon_shaders.mjs.
pub fn toon_shaders() -> Case {
    let mut c = toon_case();
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(1.0, 32, 16).build());
    let spheres = [
        (toon_shader_2(), Vec3::new(-1.1, 0.9, 0.0)),
        (toon_shader_hatching(), Vec3::new(1.1, 0.9, 0.0)),
        (toon_shader_dotted(), Vec3::new(0.0, -1.1, 0.0)),
    ];
    for (program, at) in spheres {
        let material = toon_material(&mut c, program.unwrap());
        let id = c.scene.add(Object::mesh(sphere, material));
        c.scene.object_mut(id).unwrap().transform.position = at;
    }
    c
}

/// tools/three_cases/toon_shader_1.mjs.
pub fn toon_shader_1() -> Case {
    let mut c = toon_case();
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(1.6, 32, 16).build());
    let material = toon_material(&mut c, tsl::materials::toon_shader_1().unwrap());
    let id = c.scene.add(Object::mesh(sphere, material));
    let t = &mut c.scene.object_mut(id).unwrap().transform;
    t.position = Vec3::new(0.3, -0.2, 0.0);
    t.set_euler(0.4, 0.7, 0.0);
    c
}

/// `volumeBytes` of volume_shader.mjs: a ball of falling intensity with a ripple in it.
fn volume_shader_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    for z in 0..16i32 {
        for y in 0..16i32 {
            for x in 0..16i32 {
                let s = (2 * x - 15).pow(2) + (2 * y - 15).pow(2) + (2 * z - 15).pow(2);
                let v = 270 - (s * 2) / 5 + (x * 7 + y * 13 + z * 5) % 11;
                out.push(v.clamp(0, 255) as u8);
            }
        }
    }
    out
}

/// `colormapBytes` of volume_shader.mjs: texel i is (i, i² / 256, 255 − i, 255).
fn colormap_bytes() -> Vec<u8> {
    (0..256u32)
        .flat_map(|i| [i as u8, ((i * i) >> 8) as u8, (255 - i) as u8, 255])
        .collect()
}

/// tools/three_cases/volume_shader.mjs: MIP on the left, ISO at 0.8 on the right.
pub fn volume_shader() -> Case {
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.5, 1.2, 5.0))
        .looking_at(Vec3::ZERO);
    let mut c = Case::new(camera);
    c.scene.background = Some(Color::from_hex(0x000000));
    let mut data = Texture3d::new(16, 16, 16, VolumeFormat::R8, &volume_shader_bytes()).unwrap();
    data.filter = VolumeFilter::Linear;
    let data = c.assets.volumes.add(data);
    // three's DataTexture of no colour space: its bytes are read as they are.
    let mut colormap = Texture::new(
        Image::from_rgba8(256, 1, colormap_bytes()).unwrap(),
        ColorSpace::Linear,
    );
    colormap.flip_y = false;
    colormap.min_filter = Filter::Linear;
    let colormap = c.assets.textures.add(colormap);
    let box_geometry = c.assets.geometries.add(volume_box([16, 16, 16]).unwrap());
    for (style, x) in [(VolumeStyle::Mip, -2.2), (VolumeStyle::Iso, 0.2)] {
        let mut transform = Transform {
            position: Vec3::new(x, -1.0, -0.5),
            scale: Vec3::splat(1.0 / 8.0),
            ..Transform::default()
        };
        transform.set_euler(0.0, 0.3, 0.0);
        let mut program = volume_render_shader(style).unwrap();
        program.set_texture("u_data", data).unwrap();
        program.set_texture("u_cmdata", colormap).unwrap();
        program.set_uniform("u_size", Vec3::splat(16.0)).unwrap();
        program.set_uniform("u_clim", Vec2::new(0.0, 1.0)).unwrap();
        program.set_uniform("u_renderthreshold", 0.8f32).unwrap();
        program
            .set_uniform("u_world_to_local", transform.matrix().inverse())
            .unwrap();
        let material = Material {
            side: Side::Back,
            ..shader_material(c.assets.programs.add(program))
        };
        let material = c.assets.materials.add(material);
        let id = c.scene.add(Object::mesh(box_geometry, material));
        c.scene.object_mut(id).unwrap().transform = transform;
    }
    c
}
