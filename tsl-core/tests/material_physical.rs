//! The material accessors of MeshPhysical's extensions (R-VAL-21, docs/requirements.md): each
//! reads the header words `NodeProgram::set_material` writes, with both fronts, on `run_nodes`.
//! The values are chosen by hand; three.js r187's `MaterialNode.js` says what each word holds
//! (`materialSheen` is `sheenColor · sheen`, `materialAnisotropy` the vector
//! `anisotropy · (cos, sin)(anisotropyRotation)`), which the renderer's `Material::values()`
//! works out (tests/material_values.rs).

use glam::{Vec2, Vec3};
use tsl_core::typed::{self as t, Node, Scope};
use tsl_core::*;

/// A material whose every extension value differs from three.js's defaults.
fn values() -> MaterialValues {
    MaterialValues {
        ior: 2.0,
        specular_intensity: 0.25,
        specular_color: Vec3::new(0.5, 0.25, 1.0),
        sheen: Vec3::new(0.125, 0.5, 0.75),
        sheen_roughness: 0.625,
        iridescence: 0.375,
        iridescence_ior: 1.75,
        iridescence_thickness: 350.0,
        anisotropy: Vec2::new(0.5, -0.25),
        dispersion: 0.0625,
        ..MaterialValues::default()
    }
}

/// Run a COLOR_NODE of the builder with `values()` in the header.
fn run_builder(g: &NodeGraph, value: NodeRef) -> Vec<f32> {
    g.set_output(COLOR_NODE, value).expect("set_output");
    let mut program = g.compile().expect("compile");
    program.set_material(&values());
    let mut v = program
        .evaluate(COLOR_NODE, &Fragment::default())
        .expect("evaluate");
    v.truncate(3);
    v
}

/// Run a typed COLOR_NODE with `values()` in the header.
fn run_typed(value: impl FnOnce() -> Node<t::Vec3>) -> Vec<f32> {
    let scope = Scope::new();
    scope.color_node(value()).expect("color_node");
    let mut program = scope.compile().expect("compile");
    program.set_material(&values());
    let mut v = program
        .evaluate(COLOR_NODE, &Fragment::default())
        .expect("evaluate");
    v.truncate(3);
    v
}

#[test]
fn each_extension_accessor_reads_its_material_value() {
    // (builder, typed, the words expected): floats as vec3(x, 0, 0), vec2 as vec3(x, y, 0).
    type Row = (fn(&NodeGraph) -> NodeRef, fn() -> Node<t::Vec3>, [f32; 3]);
    let rows: [Row; 10] = [
        (
            |g| g.join(&[g.material_ior(), g.float(0.0), g.float(0.0)]),
            || t::vec3(t::material_ior(), 0.0, 0.0),
            [2.0, 0.0, 0.0],
        ),
        (
            |g| g.join(&[g.material_specular_intensity(), g.float(0.0), g.float(0.0)]),
            || t::vec3(t::material_specular_intensity(), 0.0, 0.0),
            [0.25, 0.0, 0.0],
        ),
        (
            |g| g.material_specular_color(),
            t::material_specular_color,
            [0.5, 0.25, 1.0],
        ),
        (
            |g| g.material_sheen(),
            t::material_sheen,
            [0.125, 0.5, 0.75],
        ),
        (
            |g| g.join(&[g.material_sheen_roughness(), g.float(0.0), g.float(0.0)]),
            || t::vec3(t::material_sheen_roughness(), 0.0, 0.0),
            [0.625, 0.0, 0.0],
        ),
        (
            |g| g.join(&[g.material_iridescence(), g.float(0.0), g.float(0.0)]),
            || t::vec3(t::material_iridescence(), 0.0, 0.0),
            [0.375, 0.0, 0.0],
        ),
        (
            |g| g.join(&[g.material_iridescence_ior(), g.float(0.0), g.float(0.0)]),
            || t::vec3(t::material_iridescence_ior(), 0.0, 0.0),
            [1.75, 0.0, 0.0],
        ),
        (
            |g| {
                g.join(&[
                    g.material_iridescence_thickness(),
                    g.float(0.0),
                    g.float(0.0),
                ])
            },
            || t::vec3(t::material_iridescence_thickness(), 0.0, 0.0),
            [350.0, 0.0, 0.0],
        ),
        (
            |g| {
                let a = g.material_anisotropy();
                g.join(&[g.swizzle(a, "x"), g.swizzle(a, "y"), g.float(0.0)])
            },
            || t::material_anisotropy().extend(0.0),
            [0.5, -0.25, 0.0],
        ),
        (
            |g| g.join(&[g.material_dispersion(), g.float(0.0), g.float(0.0)]),
            || t::vec3(t::material_dispersion(), 0.0, 0.0),
            [0.0625, 0.0, 0.0],
        ),
    ];
    for (k, (builder, typed, want)) in rows.into_iter().enumerate() {
        let g = NodeGraph::new();
        let value = builder(&g);
        assert_eq!(run_builder(&g, value), want, "row {k}, builder");
        assert_eq!(run_typed(typed), want, "row {k}, typed");
    }
}

#[test]
fn without_set_material_the_words_are_three_s_physical_defaults() {
    // MeshPhysicalMaterial r187: ior 1.5, specularIntensity 1, specularColor white, sheen 0
    // (sheenColor black), sheenRoughness 1, iridescence 0, iridescenceIOR 1.3, thickness range
    // [100, 400] (the accessor reads the maximum), anisotropy 0, dispersion 0.
    let g = NodeGraph::new();
    let a = g.material_anisotropy();
    let sum = g.add(
        g.join(&[
            g.material_ior(),
            g.material_specular_intensity(),
            g.material_sheen_roughness(),
        ]),
        g.join(&[
            g.swizzle(a, "x"),
            g.swizzle(a, "y"),
            g.material_dispersion(),
        ]),
    );
    g.set_output(COLOR_NODE, sum).unwrap();
    let program = g.compile().unwrap();
    let v = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
    assert_eq!(v[..3], [1.5, 1.0, 1.0]);
    let g = NodeGraph::new();
    let v = g.join(&[
        g.material_iridescence(),
        g.material_iridescence_ior(),
        g.material_iridescence_thickness(),
    ]);
    g.set_output(COLOR_NODE, v).unwrap();
    let program = g.compile().unwrap();
    let v = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
    assert!(
        (v[0] - 0.0).abs() < 1e-7 && (v[1] - 1.3).abs() < 1e-6 && v[2] == 400.0,
        "{v:?}"
    );
}
