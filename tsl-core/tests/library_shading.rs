//! three.js's shading, depth, fog and post-processing functions (R-LIB-SHADE-1,
//! docs/requirements.md) against three.js r187 itself: the fixtures of
//! `tests/fixtures/library_shading/` are the values the oracle's probes
//! (`tools/oracle_probes/library_shading*.mjs`, see the README there) read back from three's
//! own shaders on SwiftShader. Each row is built twice, with the builder and with the typed
//! front, and both run on `run_nodes` (through `Program::evaluate`).
//!
//! The bound is docs/glsl.md's for Mesa against our interpreter: 1e-5 relative, 1e-6 absolute
//! for values near zero. The functions here that call `exp2`, `log2`, `exp` or `pow` get that
//! document's wider bound for approximated transcendentals instead: 2e-4 absolute or relative.
//! The rows that read the fragment (fog factors, roughness from derivatives, parallax, `fog`)
//! cannot be probed on the oracle's full-screen quad with chosen inputs: they are checked by
//! hand from three's formulas below.

use serde_json::Value;
use tsl_core::typed::{self as t, Node, Scope, Swizzles, Vec4};
use tsl_core::*;

/// The inputs and the oracle's outputs of one fixture.
struct Fixture {
    inputs: Vec<[f32; 4]>,
    outputs: Value,
}

fn load(name: &str) -> Fixture {
    let path = format!(
        "{}/tests/fixtures/library_shading/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: Value = serde_json::from_str(&text).expect("fixture JSON");
    let inputs = json["inputs"]
        .as_array()
        .expect("inputs")
        .iter()
        .map(|p| {
            let v = floats(p.as_str().expect("hex bits"));
            [v[0], v[1], v[2], v[3]]
        })
        .collect();
    Fixture {
        inputs,
        outputs: json["outputs"].clone(),
    }
}

fn floats(hex: &str) -> Vec<f32> {
    hex.split(' ')
        .map(|h| f32::from_bits(u32::from_str_radix(h, 16).expect("hex bits")))
        .collect()
}

/// How near our value must be to three's.
#[derive(Clone, Copy, Debug)]
enum Bound {
    /// docs/glsl.md: 1e-5 relative, 1e-6 absolute.
    Arithmetic,
    /// docs/glsl.md's approximated transcendentals: 2e-4 absolute or relative.
    Transcendental,
}

fn close(got: f32, want: f32, bound: Bound) -> bool {
    if want.is_nan() || got.is_nan() {
        return want.is_nan() && got.is_nan();
    }
    if want.is_infinite() || got.is_infinite() {
        return got == want;
    }
    let err = (got as f64 - want as f64).abs();
    let w = (want as f64).abs();
    match bound {
        Bound::Arithmetic => err <= 1e-6 || err <= 1e-5 * w,
        Bound::Transcendental => err <= 2e-4 * w.max(1.0),
    }
}

type BuildFn = fn(&NodeGraph, NodeRef) -> NodeRef;
type TypedFn = fn(Node<Vec4>) -> NodeRef;

/// A probe row: its name in the fixture, its bound, and the same call on both fronts (the
/// argument is the input vec4, as the probe's `input`).
type Row = (&'static str, Bound, BuildFn, TypedFn);

/// A float, vec2, vec3 or vec4 node as the output our evaluate reads back: a float as opacity,
/// the rest as colour (a vec2 padded with a zero; a vec4 is never a row's value).
fn evaluate(graph: &NodeGraph, value: NodeRef) -> Vec<f32> {
    let (output, node, width) = match graph.type_of(value) {
        Some(ValueType::Float) => (OPACITY_NODE, value, 1),
        Some(ValueType::Vec2) => (COLOR_NODE, graph.join(&[value, graph.float(0.0)]), 2),
        Some(ValueType::Vec3) => (COLOR_NODE, value, 3),
        other => panic!("unexpected row type {other:?}: {:?}", graph.error()),
    };
    graph.set_output(output, node).expect("set_output");
    let program = graph.compile().expect("compile");
    let mut v = program
        .evaluate(output, &Fragment::default())
        .expect("evaluate");
    v.truncate(width);
    v
}

fn check(fixture: &str, rows: &[Row]) {
    let f = load(fixture);
    let mut failures = Vec::new();
    for &(name, bound, build, typed) in rows {
        let want: Vec<Vec<f32>> = f.outputs[name]
            .as_array()
            .unwrap_or_else(|| panic!("{fixture}: no row {name}"))
            .iter()
            .map(|b| floats(b.as_str().expect("bits")))
            .collect();
        assert_eq!(want.len(), f.inputs.len(), "{name}");
        for (p, want) in f.inputs.iter().zip(&want) {
            let g = NodeGraph::new();
            let input = g.vec4(p[0], p[1], p[2], p[3]);
            let from_builder = evaluate(&g, build(&g, input));
            let scope = Scope::new();
            let value = typed(t::vec4(p[0], p[1], p[2], p[3]));
            let from_typed = evaluate(&scope, value);
            drop(scope);
            for (front, got) in [("builder", &from_builder), ("typed", &from_typed)] {
                let ok = got.len() == want.len()
                    && got.iter().zip(want).all(|(&g, &w)| close(g, w, bound));
                if !ok {
                    failures.push(format!("{name} ({front}) at {p:?}: got {got:?}, three {want:?}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differences from three.js:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn c(g: &NodeGraph, v: NodeRef, k: &str) -> NodeRef {
    g.swizzle(v, k)
}

/// The probe's projection matrix (row-major literals there; columns here).
fn projection() -> glam::Mat4 {
    glam::Mat4::from_cols_array(&[
        1.42967128, 0.0, 0.0, 0.0, 0.0, 2.14450692, 0.0, 0.0, 0.0, 0.0, -1.02531646, -1.0, 0.0,
        0.0, -1.01265823, 0.0,
    ])
}

/// The probe's inverse projection.
fn projection_inverse() -> glam::Mat4 {
    glam::Mat4::from_cols_array(&[
        0.699461487, 0.0, 0.0, 0.0, 0.0, 0.466307658, 0.0, 0.0, 0.0, 0.0, 0.0, -0.9875, 0.0, 0.0,
        -1.0, 1.0125,
    ])
}

fn matrix(g: &NodeGraph, m: glam::Mat4) -> NodeRef {
    let cols: Vec<NodeRef> = (0..4)
        .map(|i| {
            let c = m.col(i);
            g.vec4(c.x, c.y, c.z, c.w)
        })
        .collect();
    g.matrix(&cols)
}

const BSDF_ROWS: &[Row] = &[
    (
        "f_schlick_vec3",
        Bound::Transcendental,
        |g, i| g.f_schlick(c(g, i, "xyz"), g.float(1.0), c(g, i, "w")),
        |i| t::f_schlick(i.xyz(), 1.0, i.w()).node_ref(),
    ),
    (
        "f_schlick_float",
        Bound::Transcendental,
        |g, i| g.f_schlick(c(g, i, "x"), c(g, i, "y"), c(g, i, "w")),
        |i| t::f_schlick(i.x(), i.y(), i.w()).node_ref(),
    ),
    (
        "schlick_to_f0",
        Bound::Arithmetic,
        |g, i| g.schlick_to_f0(c(g, i, "xyz"), c(g, i, "w"), c(g, i, "y")),
        |i| t::schlick_to_f0(i.xyz(), i.w(), i.y()).node_ref(),
    ),
    (
        "d_ggx",
        Bound::Arithmetic,
        |g, i| g.d_ggx(c(g, i, "x"), c(g, i, "y")),
        |i| t::d_ggx(i.x(), i.y()).node_ref(),
    ),
    (
        "v_ggx_smith_correlated",
        Bound::Arithmetic,
        |g, i| g.v_ggx_smith_correlated(c(g, i, "x"), c(g, i, "y"), c(g, i, "z")),
        |i| t::v_ggx_smith_correlated(i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "brdf_lambert",
        Bound::Arithmetic,
        |g, i| g.brdf_lambert(c(g, i, "xyz")),
        |i| t::brdf_lambert(i.xyz()).node_ref(),
    ),
    (
        "d_ggx_anisotropic",
        Bound::Arithmetic,
        |g, i| {
            let (x, y) = (c(g, i, "x"), c(g, i, "y"));
            g.d_ggx_anisotropic(x, y, c(g, i, "z"), c(g, i, "w"), g.mul(x, y))
        },
        |i| t::d_ggx_anisotropic(i.x(), i.y(), i.z(), i.w(), i.x() * i.y()).node_ref(),
    ),
    (
        "v_ggx_smith_correlated_anisotropic",
        Bound::Arithmetic,
        |g, i| {
            let [x, y, z, w] = ["x", "y", "z", "w"].map(|k| c(g, i, k));
            g.v_ggx_smith_correlated_anisotropic(x, y, z, w, w, z, x, y)
        },
        |i| {
            let (x, y, z, w) = (i.x(), i.y(), i.z(), i.w());
            t::v_ggx_smith_correlated_anisotropic(x, y, z, w, w, z, x, y).node_ref()
        },
    ),
    (
        "get_distance_attenuation",
        Bound::Transcendental,
        |g, i| {
            let four = g.float(4.0);
            let d = g.mul(c(g, i, "x"), four);
            let cutoff = g.sub(g.mul(c(g, i, "y"), four), g.float(1.0));
            g.get_distance_attenuation(d, cutoff, g.mul(c(g, i, "z"), four))
        },
        |i| t::get_distance_attenuation(i.x() * 4.0, i.y() * 4.0 - 1.0, i.z() * 4.0).node_ref(),
    ),
    (
        "get_screen_position",
        Bound::Arithmetic,
        |g, i| {
            let half = g.float(0.5);
            let z = g.negate(g.add(g.mul(c(g, i, "z"), g.float(4.0)), g.float(1.0)));
            let p = g.join(&[g.sub(c(g, i, "x"), half), g.sub(c(g, i, "y"), half), z]);
            g.get_screen_position(p, matrix(g, projection()))
        },
        |i| {
            let p = t::vec3(i.x() - 0.5, i.y() - 0.5, -(i.z() * 4.0 + 1.0));
            t::get_screen_position(p, projection()).node_ref()
        },
    ),
    (
        "get_screen_position_from_clip",
        Bound::Arithmetic,
        |g, i| {
            let w = g.add(c(g, i, "w"), g.float(1.0));
            let clip = g.join(&[c(g, i, "xyz"), w]);
            g.get_screen_position_from_clip(clip)
        },
        |i| {
            let clip = t::vec4(i.x(), i.y(), i.z(), i.w() + 1.0);
            t::get_screen_position_from_clip(clip).node_ref()
        },
    ),
    (
        "get_view_position",
        Bound::Arithmetic,
        |g, i| g.get_view_position(c(g, i, "xy"), c(g, i, "z"), matrix(g, projection_inverse())),
        |i| t::get_view_position(i.xy(), i.z(), projection_inverse()).node_ref(),
    ),
    (
        "vogel_disk_sample",
        Bound::Transcendental,
        |g, i| {
            let n = g.add(g.mul(c(g, i, "y"), g.float(16.0)), g.float(16.0));
            let k = g.mul(c(g, i, "x"), g.float(16.0));
            g.vogel_disk_sample(k, n, g.mul(c(g, i, "z"), g.float(4.0)))
        },
        |i| t::vogel_disk_sample(i.x() * 16.0, i.y() * 16.0 + 16.0, i.z() * 4.0).node_ref(),
    ),
];

const DEPTH_ROWS: &[Row] = &[
    (
        "view_z_to_orthographic_depth",
        Bound::Arithmetic,
        |g, i| g.view_z_to_orthographic_depth(g.negate(c(g, i, "x")), c(g, i, "y"), c(g, i, "z")),
        |i| t::view_z_to_orthographic_depth(-i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "view_z_to_reversed_orthographic_depth",
        Bound::Arithmetic,
        |g, i| {
            g.view_z_to_reversed_orthographic_depth(g.negate(c(g, i, "x")), c(g, i, "y"), c(g, i, "z"))
        },
        |i| t::view_z_to_reversed_orthographic_depth(-i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "orthographic_depth_to_view_z",
        Bound::Arithmetic,
        |g, i| g.orthographic_depth_to_view_z(c(g, i, "w"), c(g, i, "y"), c(g, i, "z")),
        |i| t::orthographic_depth_to_view_z(i.w(), i.y(), i.z()).node_ref(),
    ),
    (
        "view_z_to_perspective_depth",
        Bound::Arithmetic,
        |g, i| g.view_z_to_perspective_depth(g.negate(c(g, i, "x")), c(g, i, "y"), c(g, i, "z")),
        |i| t::view_z_to_perspective_depth(-i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "view_z_to_reversed_perspective_depth",
        Bound::Arithmetic,
        |g, i| {
            g.view_z_to_reversed_perspective_depth(g.negate(c(g, i, "x")), c(g, i, "y"), c(g, i, "z"))
        },
        |i| t::view_z_to_reversed_perspective_depth(-i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "perspective_depth_to_view_z",
        Bound::Arithmetic,
        |g, i| g.perspective_depth_to_view_z(c(g, i, "w"), c(g, i, "y"), c(g, i, "z")),
        |i| t::perspective_depth_to_view_z(i.w(), i.y(), i.z()).node_ref(),
    ),
    (
        "view_z_to_logarithmic_depth",
        Bound::Transcendental,
        |g, i| g.view_z_to_logarithmic_depth(g.negate(c(g, i, "x")), c(g, i, "y"), c(g, i, "z")),
        |i| t::view_z_to_logarithmic_depth(-i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "logarithmic_depth_to_view_z",
        Bound::Transcendental,
        |g, i| {
            let near = g.max(c(g, i, "y"), g.float(0.01));
            g.logarithmic_depth_to_view_z(c(g, i, "w"), near, c(g, i, "z"))
        },
        |i| t::logarithmic_depth_to_view_z(i.w(), t::max(i.y(), 0.01), i.z()).node_ref(),
    ),
];

#[test]
fn bsdf_and_post_processing_helpers_match_three() {
    check("library_shading", BSDF_ROWS);
}

#[test]
fn depth_conversions_match_three() {
    check("library_shading_depth", DEPTH_ROWS);
}
