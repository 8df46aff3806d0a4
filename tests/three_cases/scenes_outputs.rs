//! The ROUGHNESS_NODE, METALNESS_NODE and ALPHA_TEST_NODE cases of tools/three_cases/
//! (`outputs_*.mjs`, R-OUT-17, R-OUT-18), built with tsl-raster: each function builds the scene
//! of the case file of the same name.

use super::scenes::{checker_bytes, Case};
use super::scenes_envmap::env;
use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

fn case(camera: Camera) -> Case {
    Case {
        scene: Scene::new(),
        camera,
        assets: Assets::new(),
    }
}

/// A compiled program of `outputs` (output, node built in `g`).
fn program(c: &mut Case, build: impl Fn(&NodeGraph) -> Vec<(Output, NodeRef)>) -> ProgramId {
    let g = NodeGraph::new();
    for (output, node) in build(&g) {
        g.set_output(output, node).unwrap();
    }
    c.assets.programs.add(g.compile().unwrap())
}

fn sphere(c: &mut Case, radius: f64, material: Material, at: Vec3) {
    let g = c
        .assets
        .geometries
        .add(SphereGeometry::new(radius, 32, 16).build());
    let m = c.assets.materials.add(material);
    c.scene.add(Object::mesh(g, m).at(at));
}

/// `uv().x` (`"x"`) or `uv().y` times `scale` plus `offset`.
fn uv_ramp(g: &NodeGraph, axis: &str, scale: f32, offset: f32) -> NodeRef {
    g.add(
        g.mul(g.swizzle(g.uv(), axis), g.float(scale)),
        g.float(offset),
    )
}

/// The 8×8 checker of `checkerBytes(alpha_holes)` in `space` (linear: a data map), nearest
/// filtering, no mipmaps.
fn data_checker(c: &mut Case, alpha_holes: bool, space: ColorSpace) -> TextureId {
    let image = Image::from_rgba8(8, 8, checker_bytes(alpha_holes)).unwrap();
    let mut t = Texture::new(image, space);
    t.flip_y = false;
    t.mag_filter = Filter::Nearest;
    t.min_filter = Filter::Nearest;
    c.assets.textures.add(t)
}

/// tools/three_cases/outputs_lit.mjs.
pub fn outputs_lit() -> Case {
    let mut c = case(
        Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.6, 3.2))
            .looking_at(Vec3::ZERO),
    );
    c.scene.background = Some(Color::from_hex(0x202428));
    let orange = Color::from_hex(0xcc8855);
    let a = program(&mut c, |g| {
        vec![(ROUGHNESS_NODE, uv_ramp(g, "x", 0.9, 0.05))]
    });
    let b = program(&mut c, |g| vec![(METALNESS_NODE, g.swizzle(g.uv(), "y"))]);
    let p = program(&mut c, |g| {
        vec![
            (ROUGHNESS_NODE, uv_ramp(g, "y", 0.8, 0.1)),
            (METALNESS_NODE, g.swizzle(g.uv(), "x")),
        ]
    });
    let map = data_checker(&mut c, false, ColorSpace::Linear);
    let materials = [
        Material::standard(orange, 1.0, 0.0).with_nodes(a),
        Material::standard(orange, 0.35, 0.0).with_nodes(b),
        Material {
            clearcoat: 0.6,
            clearcoat_roughness: 0.2,
            ..Material::physical(Color::from_hex(0x5588cc), 1.0, 0.0).with_nodes(p)
        },
        Material {
            roughness_map: Some(map),
            metalness_map: Some(map),
            ..Material::standard(orange, 0.9, 0.8)
        },
    ];
    let places = [
        Vec3::new(-0.5, 0.45, -0.4),
        Vec3::new(0.5, 0.45, -0.4),
        Vec3::new(-0.5, -0.45, 0.3),
        Vec3::new(0.5, -0.45, 0.3),
    ];
    for (material, at) in materials.into_iter().zip(places) {
        sphere(&mut c, 0.42, material, at);
    }
    c.scene.add_light(Light::directional(
        Color::WHITE,
        3.0,
        Vec3::new(2.0, 3.0, 4.0),
    ));
    c.scene.add_light(Light::ambient(Color::WHITE, 0.3));
    c
}

/// tools/three_cases/outputs_env.mjs.
pub fn outputs_env() -> Case {
    let mut c = case(
        Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 3.2))
            .looking_at(Vec3::ZERO),
    );
    c.scene.background = Some(Color::BLACK);
    c.scene.environment = Some(env());
    let orange = Color::from_hex(0xcc8855);
    let a = program(&mut c, |g| vec![(ROUGHNESS_NODE, g.swizzle(g.uv(), "x"))]);
    let b = program(&mut c, |g| vec![(METALNESS_NODE, g.swizzle(g.uv(), "y"))]);
    let p = program(&mut c, |g| {
        vec![
            (ROUGHNESS_NODE, uv_ramp(g, "y", 0.9, 0.0)),
            (METALNESS_NODE, g.sub(g.float(1.0), g.swizzle(g.uv(), "y"))),
        ]
    });
    let materials = [
        Material::standard(orange, 1.0, 1.0).with_nodes(a),
        Material::standard(orange, 0.3, 0.0).with_nodes(b),
        Material::physical(orange, 1.0, 0.0).with_nodes(p),
    ];
    for (i, material) in materials.into_iter().enumerate() {
        sphere(&mut c, 0.45, material, Vec3::new(i as f32 - 1.0, 0.0, 0.0));
    }
    c
}

/// tools/three_cases/outputs_alpha_test.mjs.
pub fn outputs_alpha_test() -> Case {
    let mut c = case(
        Camera::perspective(50.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 3.0))
            .looking_at(Vec3::ZERO),
    );
    c.scene.background = Some(Color::from_hex(0x223344));
    let left = program(&mut c, |g| {
        let orange = g.color(Color::from_hex(0xff8833));
        vec![
            (COLOR_NODE, g.join(&[orange, g.swizzle(g.uv(), "y")])),
            (ALPHA_TEST_NODE, g.swizzle(g.uv(), "x")),
        ]
    });
    let middle = program(&mut c, |g| {
        vec![(ALPHA_TEST_NODE, uv_ramp(g, "y", 0.3, 0.1))]
    });
    let right = program(&mut c, |g| {
        vec![
            (ALPHA_TEST_NODE, g.float(0.3)),
            (OPACITY_NODE, g.swizzle(g.uv(), "x")),
        ]
    });
    let map = data_checker(&mut c, true, ColorSpace::Srgb);
    let materials = [
        Material {
            side: Side::Double,
            ..Material::basic(Color::WHITE).with_nodes(left)
        },
        Material {
            map: Some(map),
            ..Material::standard(Color::WHITE, 0.6, 0.0).with_nodes(middle)
        },
        Material {
            alpha_test: 0.9,
            ..Material::lambert(Color::from_hex(0x66cc88)).with_nodes(right)
        },
    ];
    let plane = c
        .assets
        .geometries
        .add(PlaneGeometry::new(0.75, 1.3).build());
    for (material, (x, turn)) in
        materials
            .into_iter()
            .zip([(-0.85, 0.3), (0.0, -0.25), (0.85, 0.3)])
    {
        let m = c.assets.materials.add(material);
        c.scene.add(
            Object::mesh(plane, m)
                .rotated(0.0, turn, 0.0)
                .at(Vec3::new(x, 0.0, 0.0)),
        );
    }
    let bx = c
        .assets
        .geometries
        .add(BoxGeometry::new(2.4, 1.0, 0.5).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0xeeeeee), 0.5, 0.0));
    c.scene.add(
        Object::mesh(bx, paint)
            .rotated(0.3, 0.2, 0.0)
            .at(Vec3::new(0.0, 0.0, -1.2)),
    );
    c.scene.add_light(Light::directional(
        Color::WHITE,
        3.0,
        Vec3::new(1.0, 2.0, 3.0),
    ));
    c.scene.add_light(Light::ambient(Color::WHITE, 0.3));
    c
}

/// tools/three_cases/outputs_alpha_shadow.mjs.
pub fn outputs_alpha_shadow() -> Case {
    let mut c = case(
        Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 3.0, 4.0))
            .looking_at(Vec3::ZERO),
    );
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
    let map = data_checker(&mut c, true, ColorSpace::Srgb);
    let half = program(&mut c, |g| vec![(ALPHA_TEST_NODE, g.float(0.5))]);
    let most = program(&mut c, |g| vec![(ALPHA_TEST_NODE, g.float(0.9))]);
    let card = Material {
        map: Some(map),
        side: Side::Double,
        ..Material::basic(Color::WHITE)
    };
    let materials = [
        card.clone().with_nodes(half),
        Material {
            alpha_test: 0.5,
            ..card.with_nodes(most)
        },
    ];
    let plane = c
        .assets
        .geometries
        .add(PlaneGeometry::new(1.2, 1.2).build());
    for (material, x) in materials.into_iter().zip([-0.9, 0.9]) {
        let m = c.assets.materials.add(material);
        c.scene.add(
            Object::mesh(plane, m)
                .rotated(-PI / 2.0, 0.0, 0.0)
                .at(Vec3::new(x, 0.9, 0.0))
                .shadows(true, false),
        );
    }
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(2.0, 4.0, 1.0)).casting_shadow(),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}
