//! Rect area lights on the full physical model (tools/three_cases/rect_physical.mjs), built with
//! tsl-raster.

use super::scenes::Case;
use glam::{Vec2, Vec3};
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

fn hex(h: u32) -> Color {
    Color::from_hex(h)
}

/// maps.mjs's `normalBytes()` as a linear, repeating 8×8 texture.
fn bumps(assets: &mut Assets) -> TextureId {
    let mut bytes = Vec::new();
    for y in 0..8 {
        for x in 0..8 {
            let nx = (x as f64 * 0.9).sin() * 0.5;
            let ny = (y as f64 * 1.3).cos() * 0.4;
            let nz = (1.0 - nx * nx - ny * ny).max(0.0).sqrt();
            let byte = |v: f64| ((v * 0.5 + 0.5) * 255.0).round() as u8;
            bytes.extend([byte(nx), byte(ny), byte(nz), 255]);
        }
    }
    let mut t = Texture::new(Image::from_rgba8(8, 8, bytes).unwrap(), ColorSpace::Linear);
    t.flip_y = false;
    t.wrap_s = Wrap::Repeat;
    t.wrap_t = Wrap::Repeat;
    assets.textures.add(t)
}

/// tools/three_cases/rect_physical.mjs.
pub fn rect_physical() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0)),
        assets: Assets::new(),
    };
    c.scene.background = Some(hex(0x202020));
    let physical =
        |color, roughness, metalness| Material::physical(hex(color), roughness, metalness);
    let bumps = Some(bumps(&mut c.assets));
    let materials = [
        Material {
            sheen: 1.0,
            sheen_color: hex(0xff66aa),
            sheen_roughness: 0.3,
            ..physical(0x222244, 0.5, 0.0)
        },
        Material {
            ior: 2.0,
            specular_intensity: 0.8,
            specular_color: hex(0x88ccff),
            ..physical(0x884422, 0.25, 0.0)
        },
        Material {
            clearcoat: 1.0,
            clearcoat_roughness: 0.15,
            clearcoat_normal_map: bumps,
            clearcoat_normal_scale: Vec2::new(0.5, -0.5),
            ..physical(0x2244aa, 0.5, 0.0)
        },
        Material {
            specular_intensity: 0.5,
            iridescence: 0.8,
            anisotropy: 0.6,
            ..physical(0xccaa66, 0.35, 0.5)
        },
    ];
    let sphere = c
        .assets
        .geometries
        .add(SphereGeometry::new(0.75, 48, 24).build());
    let places = [(-0.95, 0.95), (0.95, 0.95), (-0.95, -0.95), (0.95, -0.95)];
    for (material, (x, y)) in materials.into_iter().zip(places) {
        let m = c.assets.materials.add(material);
        c.scene
            .add(Object::mesh(sphere, m).at(Vec3::new(x, y, 0.0)));
    }
    c.scene.add_light(Light::rect_area(
        Color::WHITE,
        4.0,
        3.0,
        2.0,
        Vec3::new(0.5, 1.0, 3.0),
        Vec3::ZERO,
    ));
    c.scene.add_light(Light::ambient(hex(0x404040), 0.5));
    c
}
