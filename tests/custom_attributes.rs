//! Custom attributes (R-ATTR-1, docs/requirements.md): `named_attribute(name, type)` and GLSL's
//! `attribute`/`in`, packed into a corner's 8 floats, filled from the geometry by name (a missing
//! component 0, a missing fourth 1), carried through near-plane clipping; the program's table and
//! its file; the refusals. Every expected value is worked out by hand from the geometry's data.

use tsl::core::glsl::{compile_raw_shader_material, compile_shader_material};
use tsl::prelude::*;
use tsl::raster::*;

/// The image's side in pixels.
const SIDE: u32 = 8;

/// A 2×2 plane that fills an orthographic camera's view exactly, with `attributes` added: its
/// vertices are, in three.js's order, (−1, 1), (1, 1), (−1, −1), (1, −1).
fn full_screen(attributes: &[(&str, usize, Vec<f32>)], program: NodeProgram) -> LinearImage {
    let mut plane = PlaneGeometry::new(2.0, 2.0).build();
    for (name, size, data) in attributes {
        plane = plane.with_attribute(name, *size, data.clone()).unwrap();
    }
    let mut assets = Assets::new();
    let quad = assets.geometries.add(plane);
    let p = assets.programs.add(program);
    let m = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(p));
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, m));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    Renderer::new(RenderSettings::new(SIDE, SIDE))
        .render_linear(&scene, &camera, &assets)
        .unwrap()
}

/// A program whose colour is `f(graph)`.
fn colour(f: impl FnOnce(&NodeGraph) -> NodeRef) -> NodeProgram {
    let g = NodeGraph::new();
    let c = f(&g);
    g.set_output(COLOR_NODE, c).unwrap();
    g.compile().unwrap()
}

/// Whether `got`'s rgb is `want` within `tolerance`.
fn near(got: [f32; 4], want: [f32; 3], tolerance: f32) -> bool {
    got.iter()
        .zip(want)
        .all(|(g, w)| (g - w).abs() <= tolerance)
}

/// The bound of a weighted sum of three corners' values in f32 (rounding alone): the linear
/// image is f32, with no output transform.
const EPS: f32 = 1e-5;

#[test]
fn a_float_attribute_is_interpolated_across_the_plane() {
    // heat = (x + 1) / 2 at each vertex: linear in x, so each pixel's centre reads
    // (col + 0.5) / SIDE whatever the triangle.
    let heat = vec![0.0, 1.0, 0.0, 1.0];
    let program = colour(|g| {
        g.join(&[
            g.named_attribute("heat", ValueType::Float),
            g.float(0.0),
            g.float(0.0),
        ])
    });
    let image = full_screen(&[("heat", 1, heat)], program);
    for y in 0..SIDE {
        for x in 0..SIDE {
            let want = (x as f32 + 0.5) / SIDE as f32;
            let got = image.pixel(x, y).unwrap();
            assert!(
                near(got, [want, 0.0, 0.0], EPS),
                "({x}, {y}): {got:?} vs {want}"
            );
        }
    }
}

#[test]
fn missing_components_read_zero_and_a_missing_w_reads_one() {
    // "tint" has three components: read as a vec4 its w is 1. "heat" has one: read as a vec3 its
    // y and z are 0.
    let tint = [0.25, 0.5, 0.75].repeat(4);
    let heat = vec![0.125; 4];
    let program = colour(|g| {
        let t = g.named_attribute("tint", ValueType::Vec4);
        let h = g.named_attribute("heat", ValueType::Vec3);
        // (t.w · 0.5, h.x + h.y, h.z + t.x)
        g.join(&[
            g.mul(g.swizzle(t, "w"), g.float(0.5)),
            g.add(g.swizzle(h, "x"), g.swizzle(h, "y")),
            g.add(g.swizzle(h, "z"), g.swizzle(t, "x")),
        ])
    });
    let image = full_screen(&[("tint", 3, tint), ("heat", 1, heat)], program);
    let got = image.pixel(3, 4).unwrap();
    assert!(near(got, [0.5, 0.125, 0.25], EPS), "{got:?}");
    // "none" is not in the geometry: (0, 0, 0, 1).
    let program = {
        // (none.x + 0.25, none.y + 0.5, none.z + none.w · 0.75)
        let g = NodeGraph::new();
        let none = g.named_attribute("none", ValueType::Vec4);
        let xyz = g.add(g.swizzle(none, "xyz"), g.vec3(0.25, 0.5, 0.0));
        let w = g.mul(g.swizzle(none, "w"), g.vec3(0.0, 0.0, 0.75));
        g.set_output(COLOR_NODE, g.add(xyz, w)).unwrap();
        g.compile().unwrap()
    };
    let image = full_screen(&[("tint", 3, [0.9; 12].to_vec())], program);
    let got = image.pixel(6, 1).unwrap();
    assert!(near(got, [0.25, 0.5, 0.75], EPS), "{got:?}");
}

#[test]
fn attributes_pack_into_eight_floats_and_one_may_span_two_lanes() {
    // a: floats 0..2; b: 2..5 (the first lane's z, the second's x and y); c: 5..8 (the second
    // lane's z, the third's x and y).
    let g = NodeGraph::new();
    let a = g.named_attribute("a", ValueType::Vec2);
    let b = g.named_attribute("b", ValueType::Vec3);
    let c = g.named_attribute("c", ValueType::Vec3);
    let sum = g.add(
        g.add(g.join(&[g.mul(a, g.float(0.0)), g.float(0.0)]), b),
        g.mul(c, g.float(10.0)),
    );
    g.set_output(COLOR_NODE, sum).unwrap();
    let program = g.compile().unwrap();
    let table: Vec<(&str, u8, u8)> = program
        .custom_attributes()
        .iter()
        .map(|t| (t.name.as_str(), t.width, t.offset))
        .collect();
    assert_eq!(table, [("a", 2, 0), ("b", 3, 2), ("c", 3, 5)]);
    // b = (0.1, 0.2, 0.3), c = (0.01, 0.02, 0.03): b + 10 c = (0.2, 0.4, 0.6).
    let image = full_screen(
        &[
            ("a", 2, vec![9.0; 8]),
            ("b", 3, [0.1, 0.2, 0.3].repeat(4)),
            ("c", 3, [0.01, 0.02, 0.03].repeat(4)),
        ],
        program,
    );
    let got = image.pixel(5, 2).unwrap();
    assert!(near(got, [0.2, 0.4, 0.6], EPS), "{got:?}");
}

#[test]
fn the_graph_refuses_a_ninth_float_a_matrix_a_retyped_name_and_no_name() {
    let g = NodeGraph::new();
    g.named_attribute("a", ValueType::Vec4);
    g.named_attribute("b", ValueType::Vec4);
    // The same name again takes no more floats.
    assert!(!g.named_attribute("b", ValueType::Vec4).is_refused());
    assert!(g.named_attribute("c", ValueType::Float).is_refused());
    let message = g.error().unwrap().to_string();
    assert!(message.contains("9 floats"), "{message}");
    for (name, ty) in [("m", ValueType::Mat3), ("", ValueType::Float)] {
        let g = NodeGraph::new();
        assert!(g.named_attribute(name, ty).is_refused());
    }
    let g = NodeGraph::new();
    g.named_attribute("a", ValueType::Vec2);
    assert!(g.named_attribute("a", ValueType::Vec3).is_refused());
    assert!(g.error().unwrap().to_string().contains("vec2"));
}

#[test]
fn a_position_node_cannot_read_a_custom_attribute() {
    let g = NodeGraph::new();
    let a = g.named_attribute("lift", ValueType::Vec3);
    g.set_output(POSITION_NODE, a).unwrap();
    assert!(g.compile().is_err());
}

#[test]
fn the_table_is_saved_with_the_program_and_a_bad_table_is_refused() {
    let program = colour(|g| g.named_attribute("heat", ValueType::Vec3));
    let bytes = program.to_bytes();
    assert_eq!(
        u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
        4
    );
    let back = NodeProgram::from_bytes(&bytes).unwrap();
    assert_eq!(back.custom_attributes(), program.custom_attributes());
    assert_eq!(back, program);
    // The table's last entry is name "heat", width 3, offset 0: an offset of 6 runs past 8.
    let mut bad = bytes.clone();
    let at = bad.len() - 4;
    bad[at..].copy_from_slice(&6u32.to_le_bytes());
    assert!(NodeProgram::from_bytes(&bad).is_err());
    // Two entries sharing floats.
    let entry = |name: &str, offset| CustomAttribute {
        name: name.into(),
        width: 2,
        offset,
    };
    let plain = program.clone();
    assert!(plain
        .clone()
        .with_custom_attributes(vec![entry("a", 0), entry("b", 1)])
        .is_err());
    assert!(plain
        .clone()
        .with_custom_attributes(vec![entry("a", 0), entry("a", 2)])
        .is_err());
    assert!(plain
        .with_custom_attributes(vec![entry("a", 0), entry("b", 2)])
        .is_ok());
}

#[test]
fn the_geometry_refuses_bad_named_attributes() {
    let plane = || PlaneGeometry::new(1.0, 1.0).build();
    assert!(plane().with_attribute("uv", 2, vec![0.0; 8]).is_err());
    assert!(plane().with_attribute("", 1, vec![0.0; 4]).is_err());
    assert!(plane().with_attribute("a", 5, vec![0.0; 20]).is_err());
    assert!(plane().with_attribute("a", 0, vec![]).is_err());
    assert!(plane().with_attribute("a", 2, vec![0.0; 7]).is_err());
    assert!(plane()
        .with_attribute("a", 1, vec![0.0, f32::NAN, 0.0, 0.0])
        .is_err());
    let twice = plane().with_attribute("a", 1, vec![0.0; 4]).unwrap();
    assert!(twice.with_attribute("a", 1, vec![0.0; 4]).is_err());
}

/// A big triangle in front of a perspective camera whose third corner lies behind it (and whose
/// plane passes below the camera): the cut at the near plane must weigh the custom attribute as
/// it weighs the vertex colour.
#[test]
fn a_custom_attribute_is_carried_through_near_plane_clipping_as_the_colour_is() {
    let positions = vec![
        Vec3::new(-2.0, -1.0, -1.0),
        Vec3::new(2.0, -1.0, -1.0),
        Vec3::new(0.0, 2.5, 3.0),
    ];
    let colors = vec![
        Vec3::new(1.0, 0.0, 0.25),
        Vec3::new(0.0, 1.0, 0.5),
        Vec3::new(0.5, 0.25, 1.0),
    ];
    let data: Vec<f32> = colors.iter().flat_map(|c| c.to_array()).collect();
    let geometry = Geometry::from_data(positions, None, None, vec![[0, 1, 2]])
        .unwrap()
        .with_colors(colors)
        .unwrap()
        .with_attribute("paint", 3, data)
        .unwrap();
    let render = |program: NodeProgram| {
        let mut assets = Assets::new();
        let g = assets.geometries.add(geometry.clone());
        let p = assets.programs.add(program);
        let m = assets.materials.add(Material {
            side: Side::Double,
            ..Material::basic(Color::WHITE).with_nodes(p)
        });
        let mut scene = Scene::new();
        scene.add(Object::mesh(g, m));
        let camera = Camera::perspective(60.0, 0.5, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
        Renderer::new(RenderSettings::new(16, 16))
            .render_linear(&scene, &camera, &assets)
            .unwrap()
    };
    let by_name = render(colour(|g| g.named_attribute("paint", ValueType::Vec3)));
    let by_colour = render(colour(|g| g.swizzle(g.vertex_color(), "rgb")));
    let mut covered = 0;
    for (a, b) in by_name.pixels().iter().zip(by_colour.pixels()) {
        assert!(near(*a, [b[0], b[1], b[2]], EPS), "{a:?} vs {b:?}");
        covered += usize::from(a[0] + a[1] + a[2] > 0.0);
    }
    assert!(covered > 16, "the triangle covers pixels ({covered})");
}

const RAMP_VERTEX: &str = "
attribute float heat;
attribute vec2 pair;
varying float vHeat;
varying vec2 vPair;
void main() {
    vHeat = heat;
    vPair = pair;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}";

const RAMP_FRAGMENT: &str = "
varying float vHeat;
varying vec2 vPair;
void main() {
    gl_FragColor = vec4(vHeat, vPair.y, vPair.x, 1.0);
}";

#[test]
fn glsl_declares_custom_attributes_and_varyings_pass_them() {
    let program = compile_shader_material(RAMP_VERTEX, RAMP_FRAGMENT).unwrap();
    let names: Vec<&str> = program
        .custom_attributes()
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(names, ["heat", "pair"]);
    // heat = (x + 1) / 2; pair = (0.25, 0.75) everywhere.
    let image = full_screen(
        &[
            ("heat", 1, vec![0.0, 1.0, 0.0, 1.0]),
            ("pair", 2, [0.25, 0.75].repeat(4)),
        ],
        program,
    );
    for x in 0..SIDE {
        let want = (x as f32 + 0.5) / SIDE as f32;
        let got = image.pixel(x, 3).unwrap();
        assert!(near(got, [want, 0.75, 0.25], EPS), "({x}): {got:?}");
    }
}

#[test]
fn glsl_es3_reads_custom_attributes_with_in_and_refuses_a_matrix() {
    let vertex = "#version 300 es
in vec3 position;
in vec4 tint;
uniform mat4 modelViewMatrix;
uniform mat4 projectionMatrix;
out vec4 vTint;
void main() {
    vTint = tint;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}";
    let fragment = "#version 300 es
precision highp float;
in vec4 vTint;
out vec4 color;
void main() {
    color = vec4(vTint.xy, vTint.w * 0.5, 1.0);
}";
    let program = compile_raw_shader_material(vertex, fragment).unwrap();
    assert_eq!(program.custom_attributes()[0].name, "tint");
    // tint has two components: z 0, w 1.
    let image = full_screen(&[("tint", 2, [0.5, 0.25].repeat(4))], program);
    let got = image.pixel(1, 6).unwrap();
    assert!(near(got, [0.5, 0.25, 0.5], EPS), "{got:?}");
    let matrix = vertex.replace("in vec4 tint;", "in mat3 tint;");
    let err = compile_raw_shader_material(&matrix, fragment).unwrap_err();
    assert!(err.to_string().contains("custom attribute"), "{err}");
}
