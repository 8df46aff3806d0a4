//! The sprite cases of tools/three_cases/ (`sprite_*.mjs`, R-SPRITE-1 to R-SPRITE-3), built with
//! tsl-raster: each function builds the scene of the case file of the same name.

use super::scenes::{checker_bytes, data_texture, Case};
use glam::{Vec2, Vec3};
use tsl::prelude::*;
use tsl::raster::*;

/// A compiled program of `outputs`.
fn program(c: &mut Case, build: impl Fn(&NodeGraph) -> Vec<(Output, NodeRef)>) -> ProgramId {
    let g = NodeGraph::new();
    for (output, node) in build(&g) {
        g.set_output(output, node).unwrap();
    }
    c.assets.programs.add(g.compile().unwrap())
}

/// A sprite of `material` at `at`, scaled (sx, sy, 1); its sprite to adjust.
fn sprite(c: &mut Case, material: Material, at: Vec3, (sx, sy): (f32, f32)) -> &mut Sprite {
    let m = c.assets.materials.add(material);
    let id = c
        .scene
        .add(Object::sprite(m).at(at).scaled(Vec3::new(sx, sy, 1.0)));
    c.scene
        .object_mut(id)
        .and_then(|o| o.sprite.as_mut())
        .unwrap()
}

/// tools/three_cases/sprite_basic.mjs.
pub fn sprite_basic() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(50.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 4.0))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    c.scene.background = Some(Color::from_hex(0x111111));
    let back = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 4.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::basic(Color::from_hex(0x335577)));
    c.scene
        .add(Object::mesh(back, paint).at(Vec3::new(0.0, 0.0, -2.0)));
    let uv_colour = program(&mut c, |g| {
        let uv = g.uv();
        vec![(
            COLOR_NODE,
            g.join(&[g.swizzle(uv, "x"), g.swizzle(uv, "y"), g.float(0.5)]),
        )]
    });
    let a = Material::sprite(Color::WHITE).with_nodes(uv_colour);
    sprite(&mut c, a, Vec3::new(-1.0, 0.8, 0.0), (0.8, 0.8));
    let ramp = program(&mut c, |g| {
        let from = g.color(Color::from_hex(0x66ccff));
        let to = g.color(Color::from_hex(0xffcc44));
        vec![(COLOR_NODE, g.mix(from, to, g.swizzle(g.uv(), "x")))]
    });
    let b = Material::sprite(Color::WHITE).with_nodes(ramp);
    sprite(&mut c, b, Vec3::new(1.0, 0.8, 0.0), (1.0, 0.5)).rotation = 0.5;
    let fade = program(&mut c, |g| vec![(OPACITY_NODE, g.swizzle(g.uv(), "y"))]);
    let pink = Material::sprite(Color::from_hex(0xff6688)).with_nodes(fade);
    sprite(&mut c, pink, Vec3::new(-1.0, -0.8, 0.0), (0.6, 0.6)).center = Vec2::ZERO;
    let uv_blue = program(&mut c, |g| {
        vec![(COLOR_NODE, g.join(&[g.uv(), g.float(1.0)]))]
    });
    let d = Material::sprite(Color::WHITE).with_nodes(uv_blue);
    sprite(&mut c, d, Vec3::new(1.0, -0.8, -2.0), (0.15, 0.15)).size_attenuation = false;
    let mut t = data_texture(checker_bytes(true), false, false);
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::Nearest;
    let map = c.assets.textures.add(t);
    let e = Material {
        map: Some(map),
        opacity: 0.8,
        ..Material::sprite(Color::WHITE)
    };
    sprite(&mut c, e, Vec3::new(0.0, 0.0, 0.5), (0.9, 0.9));
    c
}
