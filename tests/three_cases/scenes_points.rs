//! The points and lines scenes of tools/three_cases/ (`points_colors.mjs`, `lines_colors.mjs`),
//! built with tsl-raster (R-PRIM-1). three r187's WebGL2 backend draws a point 1 pixel wide, so
//! these hold size-1 points; wider points are held to worked values in tests/primitives.rs.

use super::scenes::{Case, H, W};
use glam::Vec3;
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

fn case(position: Vec3) -> Case {
    let _ = (W, H);
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x101820));
    Case {
        scene,
        camera: Camera::perspective(50.0, 0.1, 100.0)
            .at(position)
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    }
}

/// An unindexed geometry of `positions` (three's `BufferGeometry` with a position attribute).
fn vertices(positions: Vec<Vec3>) -> Geometry {
    Geometry::from_data(positions, None, None, Vec::new()).unwrap()
}

/// `mix(color(a), color(b), (positionWorld.x + offset) / span)` as a colour node.
fn mix_by_x(case: &mut Case, a: u32, b: u32, offset: f32, span: f32) -> ProgramId {
    let g = NodeGraph::new();
    let x = g.swizzle(g.position_world(), "x");
    let t = g.div(g.add(x, g.float(offset)), g.float(span));
    g.set_output(
        COLOR_NODE,
        g.mix(g.color(Color::from_hex(a)), g.color(Color::from_hex(b)), t),
    )
    .unwrap();
    case.assets.programs.add(g.compile().unwrap())
}

fn add(case: &mut Case, object: fn(GeometryId, MaterialId) -> Object, g: Geometry, m: Material) {
    let g = case.assets.geometries.add(g);
    let m = case.assets.materials.add(m);
    case.scene.add(object(g, m));
}

/// tools/three_cases/points_colors.mjs.
pub fn points_colors() -> Case {
    let mut c = case(Vec3::new(0.3, 1.2, 3.2));
    let mut grid = Vec::new();
    for i in 0..14 {
        for j in 0..14 {
            let (i, j) = (i as f32, j as f32);
            grid.push(Vec3::new(
                -1.3 + 0.2 * i + 0.013 * j,
                0.0,
                -1.3 + 0.2 * j + 0.007 * i,
            ));
        }
    }
    let p = mix_by_x(&mut c, 0xff8040, 0x40c0ff, 1.3, 2.6);
    // three's WebGL2 backend draws every point 1 pixel wide, whatever its size and
    // sizeAttenuation (docs/differences.md): here a point of size 1 without attenuation.
    let one_pixel = Material {
        size_attenuation: false,
        ..Material::basic(Color::WHITE)
    };
    add(
        &mut c,
        Object::points,
        vertices(grid),
        one_pixel.clone().with_nodes(p),
    );
    let (mut ring, mut colors) = (Vec::new(), Vec::new());
    for k in 0..60 {
        let a = k as f32 / 60.0 * PI * 2.0;
        ring.push(Vec3::new(
            0.9 * a.cos(),
            0.6 + 0.3 * (3.0 * a).sin(),
            0.9 * a.sin(),
        ));
        colors.push(Vec3::new(
            0.5 + 0.5 * a.cos(),
            0.5 + 0.5 * a.sin(),
            k as f32 / 60.0,
        ));
    }
    add(
        &mut c,
        Object::points,
        vertices(ring).with_colors(colors).unwrap(),
        Material {
            vertex_colors: true,
            ..one_pixel
        },
    );
    c
}

/// tools/three_cases/lines_colors.mjs.
pub fn lines_colors() -> Case {
    let mut c = case(Vec3::new(0.2, 0.9, 3.4));
    let wave = (0..=40)
        .map(|k| {
            let k = k as f32;
            Vec3::new(
                -1.6 + 0.08 * k,
                0.9 + 0.25 * (k * 0.45).sin(),
                -0.3 * (k * 0.2).cos(),
            )
        })
        .collect();
    let p = mix_by_x(&mut c, 0xffd040, 0xff3080, 1.6, 3.2);
    add(
        &mut c,
        Object::line,
        vertices(wave),
        Material::basic(Color::WHITE).with_nodes(p),
    );
    let (mut spokes, mut colors) = (Vec::new(), Vec::new());
    for k in 0..11 {
        let a = k as f32 / 11.0 * PI * 2.0 + 0.1;
        spokes.push(Vec3::new(0.1 * a.cos(), -0.3 + 0.1 * a.sin(), 0.3));
        spokes.push(Vec3::new(
            1.2 * a.cos(),
            -0.3 + 0.55 * a.sin(),
            -0.6 * a.sin(),
        ));
        colors.push(Vec3::new(1.0, 0.6, 0.2));
        colors.push(Vec3::new(0.2, 0.5, 1.0));
    }
    add(
        &mut c,
        Object::line_segments,
        vertices(spokes).with_colors(colors).unwrap(),
        Material {
            vertex_colors: true,
            ..Material::basic(Color::WHITE)
        },
    );
    let pentagon = (0..5)
        .map(|k| {
            let a = k as f32 / 5.0 * PI * 2.0 + 0.3;
            Vec3::new(0.8 * a.cos(), -0.2, 0.8 * a.sin())
        })
        .collect();
    // The index 0 1 2 3 4 0, as the geometry's index (its "triangles" one after another).
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.color(Color::from_hex(0x60ff90)))
        .unwrap();
    let p = c.assets.programs.add(g.compile().unwrap());
    add(
        &mut c,
        Object::line,
        Geometry::from_data(pentagon, None, None, vec![[0, 1, 2], [3, 4, 0]]).unwrap(),
        Material::basic(Color::WHITE).with_nodes(p),
    );
    c
}

/// tools/three_cases/points_shadow.mjs: points and lines casting shadows onto a floor. three's
/// WebGL2 backend draws a point 1 texel wide in the map, as this port draws a point of size 1
/// (without attenuation: the light's camera is orthographic anyway).
pub fn points_shadow() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 3.0, 3.5))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(5.0, 5.0).build());
    let grey = c
        .assets
        .materials
        .add(Material::standard(Color::from_hex(0xdddddd), 0.8, 0.0));
    c.scene.add(
        Object::mesh(floor, grey)
            .rotated(-PI / 2.0, 0.0, 0.0)
            .shadows(false, true),
    );
    let mut grid = Vec::new();
    for i in 0..9 {
        for j in 0..9 {
            let (i, j) = (i as f32, j as f32);
            grid.push(Vec3::new(
                -1.2 + 0.3 * i + 0.011 * j,
                0.7,
                -1.2 + 0.3 * j + 0.017 * i,
            ));
        }
    }
    let one_pixel = |hex| Material {
        size_attenuation: false,
        ..Material::basic(Color::from_hex(hex))
    };
    let mut cast = |object: fn(GeometryId, MaterialId) -> Object, g: Geometry, m: Material| {
        let g = c.assets.geometries.add(g);
        let m = c.assets.materials.add(m);
        c.scene.add(object(g, m).shadows(true, false));
    };
    cast(Object::points, vertices(grid), one_pixel(0xffd040));
    let segments = [
        [-1.5, 1.0, -0.9],
        [1.4, 1.0, -0.5],
        [-1.3, 1.1, 0.8],
        [1.5, 0.9, 1.1],
        [-0.4, 1.0, -1.4],
        [0.3, 1.0, 1.5],
    ]
    .map(Vec3::from_array)
    .to_vec();
    cast(
        Object::line_segments,
        vertices(segments),
        Material::basic(Color::from_hex(0x40c0ff)),
    );
    let mut shadow = LightShadow::directional();
    shadow.map_size = glam::UVec2::splat(32);
    shadow.camera = ShadowCamera::Orthographic {
        left: -2.0,
        right: 2.0,
        top: 2.0,
        bottom: -2.0,
        near: 0.5,
        far: 500.0,
    };
    c.scene.add_light(
        Light::directional(Color::WHITE, 3.0, Vec3::new(1.0, 4.0, 1.5)).with_shadow(shadow),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c
}
