//! three.js's shading, depth, fog and post-processing functions (R-MATH-12,
//! docs/requirements.md) against three.js r187 itself: the fixtures of
//! `tests/fixtures/library_shading/` are the values the oracle's probes
//! (`tools/oracle_probes/library_shading*.mjs`, see the README there) read back from three's
//! own shaders on SwiftShader. Each row is built twice, with the builder and with the typed
//! front, and both run on `run_nodes` (through `Program::evaluate`).
//!
//! The bound is docs/glsl.md's for Mesa against our interpreter: 1e-5 relative, 1e-6 absolute
//! for values near zero, also for the rows through `exp2`, `log2`, `exp` and `pow`. Only
//! `vogelDiskSample` is wider (2e-4): it takes `sin` and `cos` of angles up to 40 radians, which
//! SwiftShader approximates (as docs/glsl.md widens the bound for Mesa's `asin` and `acos`).
//! `rangeFogFactor` and `densityFogFactor` are probed at chosen view depths through three's own
//! `getViewZ` context hook (our fragment's `position_view` holds the same depth). The rows that
//! read other parts of the fragment (the height fog's world height, roughness from derivatives,
//! the parallax normal's world position, `fog`'s `output`) cannot be given chosen values on the
//! oracle's full-screen quad: they are checked by hand from three's formulas below.

use glam::Vec3 as GVec3;
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
    /// `sin` and `cos` of angles up to 40 radians, which SwiftShader approximates: 2e-4 absolute
    /// (relative above 1). Measured: 1.4e-4.
    Trigonometric,
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
        Bound::Trigonometric => err <= 2e-4 * w.max(1.0),
    }
}

type BuildFn = fn(&NodeGraph, NodeRef) -> NodeRef;
type TypedFn = fn(Node<Vec4>) -> NodeRef;

/// A probe row: its name in the fixture, its bound, and the same call on both fronts (the
/// argument is the input vec4, as the probe's `input`).
type Row = (&'static str, Bound, BuildFn, TypedFn);

/// A float, vec2, vec3 or vec4 node as the output our evaluate reads back: a float as opacity,
/// the rest as colour (a vec2 padded with a zero; a vec4 is never a row's value).
fn evaluate(graph: &NodeGraph, value: NodeRef, fragment: &Fragment) -> Vec<f32> {
    let (output, node, width) = match graph.type_of(value) {
        Some(ValueType::Float) => (OPACITY_NODE, value, 1),
        Some(ValueType::Vec2) => (COLOR_NODE, graph.join(&[value, graph.float(0.0)]), 2),
        Some(ValueType::Vec3) => (COLOR_NODE, value, 3),
        other => panic!("unexpected row type {other:?}: {:?}", graph.error()),
    };
    graph.set_output(output, node).expect("set_output");
    let program = graph.compile().expect("compile");
    let mut v = program.evaluate(output, fragment).expect("evaluate");
    v.truncate(width);
    v
}

fn check(fixture: &str, rows: &[Row]) {
    check_at(fixture, rows, |_| Fragment::default());
}

/// [`check`], each point evaluated at the fragment `at` makes of it.
fn check_at(fixture: &str, rows: &[Row], at: fn([f32; 4]) -> Fragment) {
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
            let fragment = at(*p);
            let from_builder = evaluate(&g, build(&g, input), &fragment);
            let scope = Scope::new();
            let value = typed(t::vec4(p[0], p[1], p[2], p[3]));
            let from_typed = evaluate(&scope, value, &fragment);
            drop(scope);
            for (front, got) in [("builder", &from_builder), ("typed", &from_typed)] {
                let ok = got.len() == want.len()
                    && got.iter().zip(want).all(|(&g, &w)| close(g, w, bound));
                if !ok {
                    failures.push(format!(
                        "{name} ({front}) at {p:?}: got {got:?}, three {want:?}"
                    ));
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
#[allow(clippy::excessive_precision)] // the probe's decimals, as written there
fn projection() -> glam::Mat4 {
    glam::Mat4::from_cols_array(&[
        1.42967128,
        0.0,
        0.0,
        0.0,
        0.0,
        2.14450692,
        0.0,
        0.0,
        0.0,
        0.0,
        -1.02531646,
        -1.0,
        0.0,
        0.0,
        -1.01265823,
        0.0,
    ])
}

/// The probe's inverse projection.
#[allow(clippy::excessive_precision)] // the probe's decimals, as written there
fn projection_inverse() -> glam::Mat4 {
    glam::Mat4::from_cols_array(&[
        0.699461487,
        0.0,
        0.0,
        0.0,
        0.0,
        0.466307658,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        -0.9875,
        0.0,
        0.0,
        -1.0,
        1.0125,
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

/// The probe's camera-space direction `normalize(vec3(x - 0.5, y - 0.5, 1))`.
fn light(g: &NodeGraph, x: NodeRef, y: NodeRef) -> NodeRef {
    let half = g.float(0.5);
    g.normalize(g.join(&[g.sub(x, half), g.sub(y, half), g.float(1.0)]))
}

fn light_t(x: t::FloatNode, y: t::FloatNode) -> t::Vec3Node {
    t::normalize(t::vec3(x - 0.5, y - 0.5, 1.0))
}

/// The probe's normal, `normalize(vec3(0.2, -0.1, 1))`.
fn normal(g: &NodeGraph) -> NodeRef {
    g.normalize(g.vec3(0.2, -0.1, 1.0))
}

/// The probe's nine spherical-harmonic coefficients.
const SH: [[f32; 3]; 9] = [
    [0.8, 0.7, 0.6],
    [0.1, -0.2, 0.05],
    [-0.3, 0.2, 0.1],
    [0.05, 0.1, -0.15],
    [0.02, -0.04, 0.06],
    [-0.07, 0.03, 0.01],
    [0.09, 0.08, -0.05],
    [0.04, -0.06, 0.02],
    [-0.01, 0.05, 0.03],
];

/// The probe's quad light, at z = 2 facing -z.
const QUAD: [[f32; 3]; 4] = [
    [-1.0, -1.0, 2.0],
    [-1.0, 1.0, 2.0],
    [1.0, 1.0, 2.0],
    [1.0, -1.0, 2.0],
];

/// The probe's LTC matrix by columns (`Matrix3.set(1, 0, 0.1, 0, 0.8, 0, 0.2, 0, 1.2)` is
/// row-major).
const LTC_M_INV: [[f32; 3]; 3] = [[1.0, 0.0, 0.2], [0.0, 0.8, 0.0], [0.1, 0.0, 1.2]];

/// The probe's point `(x - 0.5, y - 0.5, 4w - 1)`.
fn point(g: &NodeGraph, x: NodeRef, y: NodeRef, w: NodeRef) -> NodeRef {
    let half = g.float(0.5);
    let z = g.sub(g.mul(w, g.float(4.0)), g.float(1.0));
    g.join(&[g.sub(x, half), g.sub(y, half), z])
}

const BSDF_ROWS: &[Row] = &[
    (
        "f_schlick_vec3",
        Bound::Arithmetic,
        |g, i| g.f_schlick(c(g, i, "xyz"), g.float(1.0), c(g, i, "w")),
        |i| t::f_schlick(i.xyz(), 1.0, i.w()).node_ref(),
    ),
    (
        "f_schlick_float",
        Bound::Arithmetic,
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
        Bound::Arithmetic,
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
        "brdf_eon",
        Bound::Arithmetic,
        |g, i| {
            let [x, y, z, w] = ["x", "y", "z", "w"].map(|k| c(g, i, k));
            let (l, v) = (light(g, x, y), light(g, z, w));
            g.brdf_eon(l, c(g, i, "xyz"), w, normal(g), v)
        },
        |i| {
            let (l, v) = (light_t(i.x(), i.y()), light_t(i.z(), i.w()));
            let n = t::normalize(t::vec3(0.2, -0.1, 1.0));
            t::brdf_eon(l, i.xyz(), i.w(), n, v).node_ref()
        },
    ),
    (
        "eon_directional_albedo",
        Bound::Arithmetic,
        |g, i| {
            let dot_nv = g.sub(g.mul(c(g, i, "y"), g.float(2.0)), g.float(0.5));
            g.eon_directional_albedo(c(g, i, "xyz"), c(g, i, "w"), dot_nv)
        },
        |i| t::eon_directional_albedo(i.xyz(), i.w(), i.y() * 2.0 - 0.5).node_ref(),
    ),
    (
        "get_sh_irradiance_at",
        Bound::Arithmetic,
        |g, i| {
            let n = light(g, c(g, i, "x"), c(g, i, "y"));
            g.get_sh_irradiance_at(n, &SH.map(|[a, b, c]| g.vec3(a, b, c)))
        },
        |i| {
            let sh = SH.map(|[a, b, c]| t::vec3(a, b, c));
            t::get_sh_irradiance_at(light_t(i.x(), i.y()), sh).node_ref()
        },
    ),
    (
        "brdf_ggx",
        Bound::Arithmetic,
        |g, i| {
            let [x, y, z, w] = ["x", "y", "z", "w"].map(|k| c(g, i, k));
            let (l, v) = (light(g, x, y), light(g, z, w));
            g.brdf_ggx(l, c(g, i, "xyz"), g.float(1.0), w, normal(g), v)
        },
        |i| {
            let (l, v) = (light_t(i.x(), i.y()), light_t(i.z(), i.w()));
            let n = t::normalize(t::vec3(0.2, -0.1, 1.0));
            t::brdf_ggx(l, i.xyz(), 1.0, i.w(), n, v).node_ref()
        },
    ),
    (
        "ltc_uv",
        Bound::Arithmetic,
        |g, i| {
            g.ltc_uv(
                normal(g),
                light(g, c(g, i, "x"), c(g, i, "y")),
                c(g, i, "z"),
            )
        },
        |i| {
            let n = t::normalize(t::vec3(0.2, -0.1, 1.0));
            t::ltc_uv(n, light_t(i.x(), i.y()), i.z()).node_ref()
        },
    ),
    (
        "ltc_evaluate",
        Bound::Arithmetic,
        |g, i| {
            let [x, y, z, w] = ["x", "y", "z", "w"].map(|k| c(g, i, k));
            let [p0, p1, p2, p3] = QUAD.map(|[a, b, c]| g.vec3(a, b, c));
            let m = LTC_M_INV.map(|[a, b, c]| g.vec3(a, b, c));
            let p = point(g, x, y, w);
            g.ltc_evaluate(normal(g), light(g, z, w), p, g.matrix(&m), p0, p1, p2, p3)
        },
        |i| {
            let [p0, p1, p2, p3] = QUAD.map(|[a, b, c]| t::vec3(a, b, c));
            let m = glam::Mat3::from_cols_array_2d(&LTC_M_INV);
            let n = t::normalize(t::vec3(0.2, -0.1, 1.0));
            let p = t::vec3(i.x() - 0.5, i.y() - 0.5, i.w() * 4.0 - 1.0);
            t::ltc_evaluate(n, light_t(i.z(), i.w()), p, m, p0, p1, p2, p3).node_ref()
        },
    ),
    (
        "ltc_evaluate_volume",
        Bound::Arithmetic,
        |g, i| {
            let [p0, p1, p2, p3] = QUAD.map(|[a, b, c]| g.vec3(a, b, c));
            let p = point(g, c(g, i, "x"), c(g, i, "y"), c(g, i, "w"));
            g.ltc_evaluate_volume(p, p0, p1, p2, p3)
        },
        |i| {
            let [p0, p1, p2, p3] = QUAD.map(|[a, b, c]| t::vec3(a, b, c));
            let p = t::vec3(i.x() - 0.5, i.y() - 0.5, i.w() * 4.0 - 1.0);
            t::ltc_evaluate_volume(p, p0, p1, p2, p3).node_ref()
        },
    ),
    (
        "vogel_disk_sample",
        Bound::Trigonometric,
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
            g.view_z_to_reversed_orthographic_depth(
                g.negate(c(g, i, "x")),
                c(g, i, "y"),
                c(g, i, "z"),
            )
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
            g.view_z_to_reversed_perspective_depth(
                g.negate(c(g, i, "x")),
                c(g, i, "y"),
                c(g, i, "z"),
            )
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
        Bound::Arithmetic,
        |g, i| g.view_z_to_logarithmic_depth(g.negate(c(g, i, "x")), c(g, i, "y"), c(g, i, "z")),
        |i| t::view_z_to_logarithmic_depth(-i.x(), i.y(), i.z()).node_ref(),
    ),
    (
        "logarithmic_depth_to_view_z",
        Bound::Arithmetic,
        |g, i| {
            let near = g.max(c(g, i, "y"), g.float(0.01));
            g.logarithmic_depth_to_view_z(c(g, i, "w"), near, c(g, i, "z"))
        },
        |i| t::logarithmic_depth_to_view_z(i.w(), t::max(i.y(), 0.01), i.z()).node_ref(),
    ),
];

/// The fog probe's rows: its view depth `x` is our `-position_view().z`.
const FOG_ROWS: &[Row] = &[
    (
        "range_fog_factor",
        Bound::Arithmetic,
        |g, i| g.range_fog_factor(c(g, i, "y"), c(g, i, "z")),
        |i| t::range_fog_factor(i.y(), i.z()).node_ref(),
    ),
    (
        "density_fog_factor",
        Bound::Arithmetic,
        |g, i| g.density_fog_factor(g.mul(c(g, i, "y"), g.float(0.1))),
        |i| t::density_fog_factor(i.y() * 0.1).node_ref(),
    ),
];

#[test]
fn fog_factors_match_three_at_its_view_depth() {
    check_at("library_shading_fog", FOG_ROWS, |p| Fragment {
        position_view: GVec3::new(0.5, -0.25, -p[0]),
        ..Fragment::default()
    });
}

#[test]
fn bsdf_and_post_processing_helpers_match_three() {
    check("library_shading", BSDF_ROWS);
}

#[test]
fn depth_conversions_match_three() {
    check("library_shading_depth", DEPTH_ROWS);
}

// ------------------------------------------------------- the rows that read the fragment, by hand

/// The value of `value` (as `output`) at `fragment`, with every derivative view the same.
fn at(graph: &NodeGraph, output: Output, value: NodeRef, fragment: Fragment) -> Vec<f32> {
    graph.set_output(output, value).expect("set_output");
    let program = graph.compile().expect("compile");
    program.evaluate(output, &fragment).expect("evaluate")
}

fn viewed_at(z: f32, world_y: f32) -> Fragment {
    Fragment {
        position_view: GVec3::new(0.25, -0.5, z),
        position_world: GVec3::new(3.0, world_y, -1.0),
        ..Fragment::default()
    }
}

fn assert_near(got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= 1e-6 * w.abs().max(1.0),
            "{got:?} vs {want:?}"
        );
    }
}

#[test]
fn range_fog_is_a_smoothstep_of_the_view_depth() {
    // smoothstep(2, 10, 6): t = 0.5, 3t² - 2t³ = 0.5; before near 0, past far 1.
    for (z, want) in [(-6.0, 0.5), (-1.0, 0.0), (-12.0, 1.0), (-4.0, 0.15625)] {
        let g = NodeGraph::new();
        let f = g.range_fog_factor(g.float(2.0), g.float(10.0));
        assert_near(&at(&g, OPACITY_NODE, f, viewed_at(z, 0.0)), &[want]);
        let scope = Scope::new();
        let f = t::range_fog_factor(2.0, 10.0).node_ref();
        assert_near(&at(&scope, OPACITY_NODE, f, viewed_at(z, 0.0)), &[want]);
    }
}

#[test]
fn density_fog_is_one_minus_exp_of_minus_density_squared_depth_squared() {
    // density 0.5 at depth 2: 1 - exp(-(0.25 * 4)) = 1 - 1/e.
    let want = 1.0 - (-1.0f64).exp();
    let g = NodeGraph::new();
    let f = g.density_fog_factor(g.float(0.5));
    assert_near(
        &at(&g, OPACITY_NODE, f, viewed_at(-2.0, 0.0)),
        &[want as f32],
    );
    let scope = Scope::new();
    let f = t::density_fog_factor(0.5).node_ref();
    assert_near(
        &at(&scope, OPACITY_NODE, f, viewed_at(-2.0, 0.0)),
        &[want as f32],
    );
}

#[test]
fn height_fog_grows_below_the_height_and_vanishes_above_it() {
    // height 3, world y 1: distance 2, m = 2 * depth 2 = 4, 1 - exp(-(0.25 * 16)) = 1 - e⁻⁴.
    let below = 1.0 - (-4.0f64).exp();
    for (y, want) in [(1.0, below as f32), (5.0, 0.0)] {
        let g = NodeGraph::new();
        let f = g.exponential_height_fog_factor(g.float(0.5), g.float(3.0));
        assert_near(&at(&g, OPACITY_NODE, f, viewed_at(-2.0, y)), &[want]);
        let scope = Scope::new();
        let f = t::exponential_height_fog_factor(0.5, 3.0).node_ref();
        assert_near(&at(&scope, OPACITY_NODE, f, viewed_at(-2.0, y)), &[want]);
    }
}

#[test]
fn fog_mixes_the_shaded_colour_toward_the_fog_colour() {
    // three's fog returns `vec4(mix(output.rgb, color, factor), output.a)`: the alpha 0.5 stays.
    let shaded = Fragment {
        lit: GVec3::new(0.0, 0.5, 1.0),
        lit_alpha: 0.5,
        ..Fragment::default()
    };
    // mix((0, 0.5, 1), (1, 1, 1), 0.25) = (0.25, 0.625, 1).
    let scope = Scope::new();
    let f = t::fog(t::vec3(1.0, 1.0, 1.0), 0.25).node_ref();
    assert_near(
        &at(&scope, OUTPUT_NODE, f, shaded),
        &[0.25, 0.625, 1.0, 0.5],
    );
    drop(scope);
    // A float colour is splatted, a vec2 factor gives its x, a vec4 colour its rgb (toVec3,
    // toFloat): mix((0, 0.5, 1), (0.5, 0.5, 0.5), 0.5) = (0.25, 0.5, 0.75).
    let g = NodeGraph::new();
    let f = g.fog(g.float(0.5), g.vec2(0.5, 0.9));
    assert_near(&at(&g, OUTPUT_NODE, f, shaded), &[0.25, 0.5, 0.75, 0.5]);
    let g = NodeGraph::new();
    let f = g.fog(g.vec4(0.5, 0.5, 0.5, 0.0), g.float(0.5));
    assert_near(&at(&g, OUTPUT_NODE, f, shaded), &[0.25, 0.5, 0.75, 0.5]);
}

/// Here, the pixel to the right and the pixel above, each with its camera-space normal.
fn normals(here: GVec3, right: GVec3, up: GVec3) -> [Fragment; VIEW_COUNT] {
    let n = |normal_view| Fragment {
        normal_view,
        ..Fragment::default()
    };
    [n(here), n(here), n(right), n(up), n(here), n(here), n(here)]
}

#[test]
fn geometry_roughness_is_the_largest_change_of_the_normal() {
    // dFdx = (0.1, 0, -0.25), dFdy = (0, -0.5, -0.125): max of |.| per component (0.1, 0.5, 0.25),
    // largest 0.5. getRoughness(0.01) = max(0.01, 0.045) + 0.5; getRoughness(0.9) caps at 1.
    let views = normals(
        GVec3::new(0.0, 0.0, 1.0),
        GVec3::new(0.1, 0.0, 0.75),
        GVec3::new(0.0, -0.5, 0.875),
    );
    let run = |graph: &NodeGraph, value: NodeRef| {
        graph.set_output(OPACITY_NODE, value).unwrap();
        let program = graph.compile().unwrap();
        program
            .evaluate_views(OPACITY_NODE, &views, &WhiteSampler)
            .unwrap()
    };
    let g = NodeGraph::new();
    assert_eq!(run(&g, g.get_geometry_roughness()), vec![0.5]);
    let g = NodeGraph::new();
    assert_eq!(run(&g, g.get_roughness(g.float(0.01))), vec![0.045 + 0.5]);
    let g = NodeGraph::new();
    assert_eq!(run(&g, g.get_roughness(g.float(0.9))), vec![1.0]);
    let scope = Scope::new();
    assert_eq!(
        run(&scope, t::get_geometry_roughness().node_ref()),
        vec![0.5]
    );
    let scope2 = Scope::new();
    assert_eq!(
        run(&scope2, t::get_roughness(0.01).node_ref()),
        vec![0.045 + 0.5]
    );
}

#[test]
fn the_parallax_corrected_normal_points_from_the_box_centre_to_the_exit_point() {
    // A box of size 4 at the origin; from (1, 0.5, 0) along +x the ray leaves at x = 2, along
    // -x at x = -2 (the other axes' distances are huge, kept finite by EPSILON).
    let here = Fragment {
        position_world: GVec3::new(1.0, 0.5, 0.0),
        ..Fragment::default()
    };
    for (nx, want) in [(1.0, [2.0, 0.5, 0.0]), (-3.0, [-2.0, 0.5, 0.0])] {
        let g = NodeGraph::new();
        let v = g.get_parallax_correct_normal(
            g.vec3(nx, 0.0, 0.0),
            g.vec3(4.0, 4.0, 4.0),
            g.vec3(0.0, 0.0, 0.0),
        );
        assert_near(&at(&g, COLOR_NODE, v, here), &want);
    }
    // A box centred at (0, 1, 0): along +y from (1, 0.5, 0) the ray leaves at y = 3, the point
    // (1, 3, 0), which is (1, 2, 0) from the centre.
    let scope = Scope::new();
    let v = t::get_parallax_correct_normal(
        t::vec3(0.0, 2.0, 0.0),
        t::vec3(4.0, 4.0, 4.0),
        t::vec3(0.0, 1.0, 0.0),
    );
    assert_near(
        &at(&scope, COLOR_NODE, v.node_ref(), here),
        &[1.0, 2.0, 0.0],
    );
}

#[test]
fn a_vogel_sample_truncates_its_index_and_count_as_three_s_int_parameters() {
    // Index 2 of 8, phi 0: radius sqrt(2.5 / 8), angle 2 * 2.399963229728653.
    let (r, theta) = ((2.5f64 / 8.0).sqrt(), 2.0 * 2.399963229728653f64);
    let want = [(theta.cos() * r) as f32, (theta.sin() * r) as f32, 0.0];
    let g = NodeGraph::new();
    let v = g.vogel_disk_sample(g.float(2.7), g.float(8.9), g.float(0.0));
    let got = at(
        &g,
        COLOR_NODE,
        g.join(&[v, g.float(0.0)]),
        Fragment::default(),
    );
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-5, "{got:?} vs {want:?}");
    }
}

#[test]
fn background_depth_is_the_far_plane() {
    let g = NodeGraph::new();
    let v = g.join(&[
        g.is_background_depth(g.float(1.0)),
        g.is_background_depth(g.float(0.999)),
        g.is_background_depth(g.float(0.0)),
    ]);
    assert_eq!(
        at(&g, COLOR_NODE, v, Fragment::default()),
        vec![1.0, 0.0, 0.0]
    );
}

#[test]
fn an_argument_of_another_type_than_three_s_layout_is_refused_by_name() {
    let g = NodeGraph::new();
    let v = g.d_ggx(g.vec3(0.5, 0.5, 0.5), g.float(1.0));
    assert!(v.is_refused());
    let message = g.error().unwrap().to_string();
    assert!(
        message.contains("d_ggx") && message.contains("alpha"),
        "{message}"
    );

    let g = NodeGraph::new();
    let m3 = g.matrix(&[
        g.vec3(1.0, 0.0, 0.0),
        g.vec3(0.0, 1.0, 0.0),
        g.vec3(0.0, 0.0, 1.0),
    ]);
    let v = g.get_screen_position(g.vec3(0.0, 0.0, -1.0), m3);
    assert!(v.is_refused());
    let message = g.error().unwrap().to_string();
    assert!(message.contains("projectionMatrix"), "{message}");
    assert!(g.compile().is_err());

    let g = NodeGraph::new();
    let n = g.vec3(0.0, 0.0, 1.0);
    assert!(g.brdf_eon(g.float(1.0), n, g.float(0.5), n, n).is_refused());
    let message = g.error().unwrap().to_string();
    assert!(message.contains("lightDirection"), "{message}");

    let g = NodeGraph::new();
    let n = g.vec3(0.0, 0.0, 1.0);
    assert!(g.ltc_evaluate(n, n, n, n, n, n, n, n).is_refused());
    let message = g.error().unwrap().to_string();
    assert!(message.contains("mInv"), "{message}");

    // A refused argument passes through with its own cause.
    let g = NodeGraph::new();
    let bad = g.swizzle(g.float(1.0), "q");
    let first = g.error().unwrap();
    assert!(g
        .v_ggx_smith_correlated(bad, g.float(0.5), g.float(0.5))
        .is_refused());
    assert_eq!(g.error().unwrap(), first);

    // A ref of another graph is refused, not a panic.
    let other = NodeGraph::new();
    let foreign = other.float(0.5);
    let g = NodeGraph::new();
    assert!(g.d_ggx(foreign, g.float(1.0)).is_refused());
    assert!(g.error().is_some());
}

/// Every function here is made of the graph's own nodes, so the native emission needs nothing
/// new: a program that uses them all (outputs colour, opacity and output) emits WGSL that naga
/// validates.
#[cfg(feature = "naga")]
#[test]
fn a_program_of_every_shading_function_emits_valid_wgsl() {
    use tsl_core::native::{emit_run_code, parse_wgsl, test_host_wgsl, validate};
    let g = NodeGraph::new();
    let (half, one) = (g.float(0.5), g.float(1.0));
    let n = g.normal_view();
    let v = g.normalize(g.negate(g.position_view()));
    let p = projection();
    let sh = SH.map(|[a, b, c]| g.vec3(a, b, c));
    let floats = [
        g.d_ggx(half, half),
        g.v_ggx_smith_correlated(half, half, half),
        g.d_ggx_anisotropic(half, half, half, half, half),
        g.v_ggx_smith_correlated_anisotropic(half, half, half, half, half, half, half, half),
        g.get_distance_attenuation(one, half, half),
        g.get_roughness(half),
        g.view_z_to_orthographic_depth(g.negate(one), half, one),
        g.view_z_to_reversed_orthographic_depth(g.negate(one), half, one),
        g.orthographic_depth_to_view_z(half, half, one),
        g.view_z_to_perspective_depth(g.negate(one), half, one),
        g.view_z_to_reversed_perspective_depth(g.negate(one), half, one),
        g.perspective_depth_to_view_z(half, half, one),
        g.view_z_to_logarithmic_depth(g.negate(one), half, one),
        g.logarithmic_depth_to_view_z(half, half, one),
        g.range_fog_factor(half, one),
        g.density_fog_factor(half),
        g.exponential_height_fog_factor(half, one),
        g.is_background_depth(half),
    ];
    let opacity = floats[1..].iter().fold(floats[0], |s, &f| g.add(s, f));
    let vec2s = [
        g.get_screen_position(g.position_view(), matrix(&g, p)),
        g.get_screen_position_from_clip(g.vec4(0.1, 0.2, 0.3, 1.0)),
        g.vogel_disk_sample(one, g.float(8.0), half),
    ];
    let uv = vec2s[1..].iter().fold(vec2s[0], |s, &f| g.add(s, f));
    let vec3s = [
        g.f_schlick(n, one, half),
        g.schlick_to_f0(n, one, half),
        g.brdf_lambert(n),
        g.brdf_eon(n, n, half, n, v),
        g.eon_directional_albedo(n, half, half),
        g.get_parallax_correct_normal(n, g.vec3(4.0, 4.0, 4.0), g.vec3(0.0, 0.0, 0.0)),
        g.get_sh_irradiance_at(n, &sh),
        g.brdf_ggx(n, n, one, half, n, v),
        g.ltc_evaluate(n, v, n, g.matrix(&[n, n, n]), n, v, n, v),
        g.ltc_evaluate_volume(n, n, v, n, v),
        g.join(&[g.ltc_uv(n, v, half), half]),
        g.get_view_position(uv, half, matrix(&g, p.inverse())),
    ];
    let color = vec3s[1..].iter().fold(vec3s[0], |s, &f| g.add(s, f));
    g.set_output(COLOR_NODE, color).unwrap();
    g.set_output(OPACITY_NODE, opacity).unwrap();
    g.set_output(OUTPUT_NODE, g.fog(g.vec3(1.0, 1.0, 1.0), half))
        .unwrap();
    let program = g.compile().unwrap();
    let mut module = parse_wgsl(&test_host_wgsl()).expect("the host parses");
    emit_run_code(&program, &mut module).unwrap_or_else(|e| panic!("{e}"));
    validate(&module).unwrap_or_else(|e| panic!("{e}"));
}
