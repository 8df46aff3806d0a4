//! The scene of `examples/alpha_bump.rs` and of the `alpha_bump` three.js case
//! (tools/three_cases/alpha_bump.mjs, `tests/raster_three.rs`): `alpha_map`, `alpha_test` and
//! `bump_map` on STANDARD materials, built once for both.

use glam::{Vec2, Vec3};
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

fn hex(h: u32) -> Color {
    Color::from_hex(h)
}

/// The case's 8×8 maps, as its `heightBytes` and `alphaBytes`.
fn bytes(height: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..8u32 {
        for x in 0..8u32 {
            let px = if height {
                let h = (127.5 + 120.0 * (x as f64 * 1.1).sin() * (y as f64 * 0.8).cos()).round()
                    as u32;
                [h, 255 - h, 40, 255]
            } else {
                [30 * ((x + y) % 8) + 20, 255 - 28 * x, 255 - 30 * y, 255]
            };
            out.extend(px.map(|v| v as u8));
        }
    }
    out
}

/// A linear, repeating 8×8 data texture (`flipY` false).
fn texture(bytes: Vec<u8>, repeat: Vec2) -> Texture {
    let mut t = Texture::new(Image::from_rgba8(8, 8, bytes).unwrap(), ColorSpace::Linear);
    t.flip_y = false;
    t.wrap_s = Wrap::Repeat;
    t.wrap_t = Wrap::Repeat;
    t.repeat = repeat;
    t
}

/// A bumped floor and ball, a translucent card and an alpha-tested card cut by the same alpha
/// map, under a hemisphere and a directional light (tools/three_cases/alpha_bump.mjs).
pub fn alpha_bump_scene() -> (Scene, Camera, Assets) {
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 1.4, 2.6))
        .looking_at(Vec3::new(0.0, 0.2, 0.0));
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    scene.background = Some(hex(0x223344));
    let textures = &mut assets.textures;
    let bump = textures.add(texture(bytes(true), Vec2::ONE));
    let ball_bump = textures.add(texture(bytes(true), Vec2::new(2.0, 1.0)));
    let alpha = textures.add(texture(bytes(false), Vec2::ONE));
    let materials = &mut assets.materials;
    let floor = materials.add(Material {
        bump_map: Some(bump),
        bump_scale: 1.5,
        ..Material::standard(hex(0xbbbbbb), 0.5, 0.0)
    });
    let ball = materials.add(Material {
        bump_map: Some(ball_bump),
        bump_scale: -0.8,
        ..Material::standard(hex(0xddaa77), 0.4, 0.0)
    });
    let card = materials.add(Material {
        alpha_map: Some(alpha),
        opacity: 0.9,
        transparent: true,
        side: Side::Double,
        ..Material::standard(hex(0x66cc88), 0.6, 0.0)
    });
    let cut = materials.add(Material {
        alpha_map: Some(alpha),
        alpha_test: 0.5,
        ..Material::standard(hex(0xcc6644), 0.6, 0.0)
    });
    let geometries = &mut assets.geometries;
    let plane = geometries.add(PlaneGeometry::new(3.0, 3.0).build());
    let sphere = geometries.add(SphereGeometry::new(0.45, 32, 16).build());
    let card_plane = geometries.add(PlaneGeometry::new(0.8, 0.8).build());
    let cut_plane = geometries.add(PlaneGeometry::new(0.6, 0.6).build());
    scene.add(Object::mesh(plane, floor).rotated(-PI / 2.0, 0.0, 0.0));
    scene.add(Object::mesh(sphere, ball).at(Vec3::new(-0.5, 0.45, 0.0)));
    scene.add(
        Object::mesh(card_plane, card)
            .at(Vec3::new(0.55, 0.5, 0.2))
            .rotated(0.0, -0.4, 0.0),
    );
    scene.add(Object::mesh(cut_plane, cut).at(Vec3::new(0.3, 0.35, 0.8)));
    scene.add_light(Light::hemisphere(hex(0xddeeff), hex(0x332211), 1.2));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(-1.0, 2.0, 1.0),
    ));
    (scene, camera, assets)
}
