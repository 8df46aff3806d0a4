//! The screen-read scenes of tools/three_cases/ (backdrop_*.mjs, transmission_*.mjs), built with
//! tsl-raster: each function builds the scene of the case file of the same name.

use super::scenes::Case;
use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

/// The camera, background, opaque gradient plane and light the backdrop cases share.
fn backdrop_stage() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 4.0))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    c.scene.background = Some(Color::from_hex(0x203040));
    let g = NodeGraph::new();
    let uv = g.uv();
    let across = g.mix(
        g.color(Color::from_hex(0xff4010)),
        g.color(Color::from_hex(0x10a0ff)),
        g.swizzle(uv, "x"),
    );
    let shade = g.add(g.mul(g.swizzle(uv, "y"), g.float(0.8)), g.float(0.2));
    g.set_output(COLOR_NODE, g.mul(across, shade)).unwrap();
    let ramp = c.assets.programs.add(g.compile().unwrap());
    add(
        &mut c,
        PlaneGeometry::new(3.0, 2.2).build(),
        Material::basic(Color::WHITE).with_nodes(ramp),
        Vec3::new(0.0, 0.2, -0.5),
        0.0,
    );
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 1.0, 3.0),
    ));
    c
}

/// Add a mesh at `position`, turned `yaw` about y.
fn add(c: &mut Case, geometry: Geometry, material: Material, position: Vec3, yaw: f32) {
    let g = c.assets.geometries.add(geometry);
    let m = c.assets.materials.add(material);
    let id = c.scene.add(Object::mesh(g, m));
    let o = c.scene.object_mut(id).unwrap();
    o.transform.position = position;
    o.transform.set_euler(0.0, yaw, 0.0);
}

/// A program whose colour node is `color` of the graph.
fn color_program(c: &mut Case, color: impl Fn(&NodeGraph) -> NodeRef) -> ProgramId {
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, color(&g)).unwrap();
    c.assets.programs.add(g.compile().unwrap())
}

/// tools/three_cases/backdrop_color_node.mjs.
pub fn backdrop_color_node() -> Case {
    let mut c = backdrop_stage();
    let filter = color_program(&mut c, |g| {
        let behind = g.viewport_texture(g.screen_uv());
        g.mul(g.swizzle(behind, "rgb"), g.vec3(0.8, 1.0, 0.8))
    });
    let shifted = color_program(&mut c, |g| {
        let at = g.add(g.screen_uv(), g.vec2(4.0 / 64.0, -6.0 / 64.0));
        g.swizzle(g.viewport_texture(at), "gbr")
    });
    let lit = color_program(&mut c, |g| {
        g.swizzle(g.viewport_texture(g.screen_uv()), "rgb")
    });
    let plane = || PlaneGeometry::new(0.8, 1.6).build();
    let transparent = |m: Material| Material {
        transparent: true,
        ..m
    };
    let basic = |p| transparent(Material::basic(Color::WHITE).with_nodes(p));
    add(
        &mut c,
        plane(),
        basic(filter),
        Vec3::new(-0.95, 0.0, 0.3),
        0.0,
    );
    add(
        &mut c,
        plane(),
        basic(shifted),
        Vec3::new(0.0, -0.3, 0.3),
        0.0,
    );
    let standard = transparent(Material::standard(Color::WHITE, 0.4, 0.0).with_nodes(lit));
    add(&mut c, plane(), standard, Vec3::new(0.95, 0.0, 0.3), -0.3);
    c
}

/// A program of `BACKDROP_NODE` = `backdrop` and, when given, `BACKDROP_ALPHA_NODE` = `alpha`.
fn backdrop_program(
    c: &mut Case,
    backdrop: impl Fn(&NodeGraph) -> NodeRef,
    alpha: Option<f32>,
) -> ProgramId {
    let g = NodeGraph::new();
    g.set_output(BACKDROP_NODE, backdrop(&g)).unwrap();
    if let Some(a) = alpha {
        g.set_output(BACKDROP_ALPHA_NODE, g.float(a)).unwrap();
    }
    c.assets.programs.add(g.compile().unwrap())
}

/// tools/three_cases/backdrop_filter.mjs.
pub fn backdrop_filter() -> Case {
    let mut c = backdrop_stage();
    let filter = backdrop_program(
        &mut c,
        |g| {
            let behind = g.viewport_texture(g.screen_uv());
            g.mul(g.swizzle(behind, "rgb"), g.vec3(0.8, 1.0, 0.8))
        },
        None,
    );
    let mixed = backdrop_program(
        &mut c,
        |g| {
            let at = g.add(g.screen_uv(), g.vec2(4.0 / 64.0, 0.0));
            g.swizzle(g.viewport_texture(at), "rgb")
        },
        Some(0.6),
    );
    let lit = backdrop_program(
        &mut c,
        |g| g.swizzle(g.viewport_texture(g.screen_uv()), "bgr"),
        None,
    );
    let plane = || PlaneGeometry::new(0.8, 1.6).build();
    let white = Material::basic(Color::WHITE).with_nodes(filter);
    add(&mut c, plane(), white, Vec3::new(-0.95, 0.0, 0.3), 0.0);
    let yellow = Material::basic(Color::from_hex(0xffee00)).with_nodes(mixed);
    add(&mut c, plane(), yellow, Vec3::new(0.0, -0.3, 0.3), 0.0);
    let standard = Material::standard(Color::WHITE, 0.4, 0.0).with_nodes(lit);
    add(&mut c, plane(), standard, Vec3::new(0.95, 0.0, 0.3), -0.3);
    c
}
