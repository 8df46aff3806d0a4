//! The typed front: programs built with `Node<T>` compute what the untyped builder's programs
//! compute, on several fragments and uniform values; the statements record what the untyped ones
//! record; two graphs build on two threads at once; the swizzles are the generated ones.
//!
//! Each typed program is held to the same program written with `NodeGraph`'s methods (exactly:
//! the same nodes give the same bits), and, where the arithmetic is simple, to values worked out
//! here in plain Rust or by hand, which do not run the code under test.

use glam::{Mat3 as GMat3, Mat4 as GMat4, Vec2 as GVec2, Vec3 as GVec3, Vec4 as GVec4};
use tsl_core::typed::*;
use tsl_core::{
    Color, Fragment, NodeGraph, NodeProgram, Output, TextureId, TextureSampler, TslFn, ValueType,
    COLOR_NODE, MASK_NODE, OPACITY_NODE, OUTPUT_NODE,
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Fragments that differ in every attribute.
fn fragments() -> Vec<Fragment> {
    (0..5)
        .map(|i| {
            let t = i as f32;
            Fragment {
                uv: GVec2::new(0.13 + 0.21 * t, 0.71 - 0.17 * t),
                position_world: GVec3::new(1.5 - t, 0.25 * t, -2.0 + 0.75 * t),
                position_view: GVec3::new(0.1 * t, -0.3, -4.0 - t),
                normal_world: GVec3::new(0.0, 0.6, 0.8),
                normal_view: GVec3::new(0.8, 0.0, 0.6),
                vertex_color: GVec3::new(0.2 + 0.1 * t, 0.4, 0.9 - 0.15 * t),
                position_local: GVec3::new(t, -t, 0.5),
                normal_local: GVec3::new(0.0, 0.0, 1.0),
                lit: GVec3::new(0.5, 0.25 * t, 0.125),
                lit_alpha: 0.5 + 0.1 * t,
                barycentric: GVec3::new(0.2, 0.3, 0.5),
                frag_coord: GVec3::new(10.5 + t, 3.5 * t, 0.25),
                front_facing: (i % 2) as f32,
                gl_front_facing: 1.0 - (i % 2) as f32,
                shadow: GVec3::new(0.25 * t, 1.0, 0.5),
            }
        })
        .collect()
}

/// Evaluate `output` of both programs on every fragment, and hold them to the same floats.
fn same_values(typed: &NodeProgram, untyped: &NodeProgram, output: Output) {
    for (i, fragment) in fragments().iter().enumerate() {
        let a = typed
            .evaluate(output, fragment)
            .expect("the typed program sets the output");
        let b = untyped
            .evaluate(output, fragment)
            .expect("the untyped program sets the output");
        assert_eq!(bits(Some(a)), bits(Some(b)), "{output} at fragment {i}");
    }
}

/// The floats' bits, so that two NaNs of one computation compare equal.
fn bits(values: Option<Vec<f32>>) -> Option<Vec<u32>> {
    values.map(|v| v.iter().map(|x| x.to_bits()).collect())
}

fn close(found: &[f32], expected: &[f32], what: &str) {
    assert_eq!(found.len(), expected.len(), "{what}");
    for (f, e) in found.iter().zip(expected) {
        assert!(
            (f - e).abs() <= 1e-5 * e.abs().max(1.0),
            "{what}: {found:?}, expected {expected:?}"
        );
    }
}

fn opacity_program(scope: &Scope, node: FloatNode) -> NodeProgram {
    scope.opacity_node(node).unwrap();
    scope.compile().unwrap()
}

fn eval1(program: &NodeProgram, output: Output) -> f32 {
    program.evaluate(output, &Fragment::default()).unwrap()[0]
}

// ---------------------------------------------------------------------------------------------
// the worked examples R-EX-1 (docs/requirements.md), R-EX-3 and R-EX-4
// ---------------------------------------------------------------------------------------------

#[test]
fn screen_attributes_read_the_fragments_place_and_facing() {
    // frag_coord().xy / 8, its depth, front_facing and gl_front_facing, joined.
    let scope = Scope::new();
    let c = frag_coord();
    scope
        .color_node(vec3(c.x() * 0.125, front_facing(), gl_front_facing()))
        .unwrap();
    scope.opacity_node(c.z()).unwrap();
    let typed = scope.compile().unwrap();
    for (i, f) in fragments().iter().enumerate() {
        let t = i as f32;
        let want = vec![(10.5 + t) * 0.125, (i % 2) as f32, 1.0 - (i % 2) as f32];
        assert_eq!(typed.evaluate(COLOR_NODE, f), Some(want));
        assert_eq!(typed.evaluate(OPACITY_NODE, f), Some(vec![0.25]));
    }
    // A vertex has no pixel: a varying of it is refused, naming it.
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.varying(g.frag_coord())).unwrap();
    let e = g.compile().unwrap_err().to_string();
    assert!(e.contains("varying that reads frag_coord"), "{e}");
}

#[test]
fn spec_000_first_graph_matches_the_builder_and_the_formula() {
    // graph.mix(graph.vertex_color().rgb, tint, graph.mul(graph.sin(graph.mul(time, 2)), 0.5)) and
    // an output node that warms the lit colour.
    let scope = Scope::new();
    let tint = uniform(Color::from_srgb8(255, 120, 40)).set_name("tint");
    let wave = sin(time() * 2.0);
    scope
        .color_node(mix(vertex_color().rgb(), tint, wave * 0.5))
        .unwrap();
    scope
        .output_node(lit().rgb() * vec3(1.0, 0.9, 0.8))
        .unwrap();
    let mut typed = scope.compile().unwrap();

    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    let mixed = g.mix(
        g.swizzle(g.vertex_color(), "rgb"),
        tint,
        g.mul(wave, g.float(0.5)),
    );
    g.set_output(COLOR_NODE, mixed).unwrap();
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.vec3(1.0, 0.9, 0.8)),
    )
    .unwrap();
    let mut untyped = g.compile().unwrap();

    for (time, tint) in [
        (0.0, (255, 120, 40)),
        (1.5, (40, 120, 255)),
        (-0.7, (0, 0, 0)),
    ] {
        let tint = Color::from_srgb8(tint.0, tint.1, tint.2);
        for program in [&mut typed, &mut untyped] {
            program.set_frame(time, GMat4::IDENTITY);
            program.set_uniform("tint", tint).unwrap();
        }
        same_values(&typed, &untyped, COLOR_NODE);
        same_values(&typed, &untyped, OUTPUT_NODE);
        // The formula, in plain Rust.
        let t = (time * 2.0f32).sin() * 0.5;
        for fragment in fragments() {
            let vc = fragment.vertex_color;
            let expected = vc * (1.0 - t) + tint.to_vec3() * t;
            let found = typed.evaluate(COLOR_NODE, &fragment).unwrap();
            close(&found, &expected.to_array(), "colour");
            let warm = fragment.lit * GVec3::new(1.0, 0.9, 0.8);
            let found = typed.evaluate(OUTPUT_NODE, &fragment).unwrap();
            close(&found, &warm.to_array(), "output");
        }
    }
}

#[test]
fn spec_000_stripes_match_the_builder() {
    // graph.swizzle(graph.step(0.5, graph.fract(graph.mul(graph.uv(), 8))), "xyx").
    let scope = Scope::new();
    let stripes = step(0.5, fract(uv() * 8.0));
    scope.color_node(stripes.xyx()).unwrap();
    let typed = scope.compile().unwrap();

    let g = NodeGraph::new();
    let stripes = g.step(g.float(0.5), g.fract(g.mul(g.uv(), g.float(8.0))));
    g.set_output(COLOR_NODE, g.swizzle(stripes, "xyx")).unwrap();
    same_values(&typed, &g.compile().unwrap(), COLOR_NODE);

    for fragment in fragments() {
        let s = |x: f32| if (x * 8.0).fract() < 0.5 { 0.0 } else { 1.0 };
        let (x, y) = (s(fragment.uv.x), s(fragment.uv.y));
        assert_eq!(
            typed.evaluate(COLOR_NODE, &fragment).unwrap(),
            vec![x, y, x]
        );
    }
}

#[test]
fn spec_000_control_flow_example_in_closures() {
    // Index 0 and 1 discard; 2 and 3 add to the sum: 2 + 3 = 5.
    let scope = Scope::new();
    let sum = var(0.0);
    Loop(4, |index| {
        If(index.greater_than(1.0), || sum.set(sum.get() + index)).Else(discard);
    });
    let program = opacity_program(&scope, sum.get());
    assert_eq!(eval1(&program, OPACITY_NODE), 5.0);
    assert_eq!(
        eval1(&program, MASK_NODE),
        0.0,
        "the fragment is thrown away"
    );
}

// ---------------------------------------------------------------------------------------------
// Operators and functions against the builder
// ---------------------------------------------------------------------------------------------

/// Build `typed` in a scope and `untyped` in a graph, each setting the colour from uniforms `a`,
/// `b` and `c` (vec3) and `s` (float), and compare them as the uniforms change.
fn compare_vec3(
    what: &str,
    typed: impl FnOnce(Vec3Node, Vec3Node, Vec3Node, FloatNode) -> Vec3Node,
    untyped: impl FnOnce(&NodeGraph, [tsl_core::NodeRef; 4]) -> tsl_core::NodeRef,
) {
    let scope = Scope::new();
    let a = uniform(GVec3::ZERO).set_name("a");
    let b = uniform(GVec3::ZERO).set_name("b");
    let c = uniform(GVec3::ZERO).set_name("c");
    let s = uniform(0.0).set_name("s");
    scope.color_node(typed(a, b, c, s)).unwrap();
    let mut typed = scope.compile().unwrap_or_else(|e| panic!("{what}: {e}"));

    let g = NodeGraph::new();
    let refs = [
        g.named_uniform("a", GVec3::ZERO),
        g.named_uniform("b", GVec3::ZERO),
        g.named_uniform("c", GVec3::ZERO),
        g.named_uniform("s", 0.0f32),
    ];
    g.set_output(COLOR_NODE, untyped(&g, refs)).unwrap();
    let mut untyped = g.compile().unwrap();

    let values = [
        (
            GVec3::new(0.5, -1.25, 2.0),
            GVec3::new(0.25, 0.75, -3.0),
            GVec3::new(1.0, 0.0, 0.5),
            0.3,
        ),
        (
            GVec3::new(-0.1, 0.2, 0.9),
            GVec3::new(4.0, -0.5, 0.125),
            GVec3::new(0.0, 1.0, 1.0),
            -2.5,
        ),
        (
            GVec3::new(3.0, 3.0, -3.0),
            GVec3::new(0.0, 0.0, 0.0),
            GVec3::new(-1.0, 2.0, 0.25),
            1.0,
        ),
    ];
    for (va, vb, vc, vs) in values {
        for p in [&mut typed, &mut untyped] {
            p.set_uniform("a", va).unwrap();
            p.set_uniform("b", vb).unwrap();
            p.set_uniform("c", vc).unwrap();
            p.set_uniform("s", vs).unwrap();
        }
        let f = Fragment::default();
        assert_eq!(
            bits(typed.evaluate(COLOR_NODE, &f)),
            bits(untyped.evaluate(COLOR_NODE, &f)),
            "{what}"
        );
    }
}

macro_rules! same_as_builder {
    ($($what:literal: |$a:ident, $b:ident, $c:ident, $s:ident| $typed:expr,
        |$g:ident, $ua:ident, $ub:ident, $uc:ident, $us:ident| $untyped:expr;)*) => {$(
        compare_vec3(
            $what,
            |$a, $b, $c, $s| $typed,
            |$g, [$ua, $ub, $uc, $us]| $untyped,
        );
    )*};
}

#[test]
fn operators_build_what_the_builder_builds() {
    same_as_builder! {
        "a + b": |a, b, _c, _s| a + b, |g, a, b, _c, _s| g.add(a, b);
        "a - b * s": |a, b, _c, s| a - b * s, |g, a, b, _c, s| g.sub(a, g.mul(b, s));
        "s / a": |a, _b, _c, s| s / a, |g, a, _b, _c, s| g.div(s, a);
        "a % 0.75": |a, _b, _c, _s| a % 0.75, |g, a, _b, _c, _s| g.modulo(a, g.float(0.75));
        "2.0 - a": |a, _b, _c, _s| 2.0 - a, |g, a, _b, _c, _s| g.sub(g.float(2.0), a);
        "3 * a": |a, _b, _c, _s| 3 * a, |g, a, _b, _c, _s| g.mul(g.float(3.0), a);
        "-a": |a, _b, _c, _s| -a, |g, a, _b, _c, _s| g.negate(a);
        "!a": |a, _b, _c, _s| !a, |g, a, _b, _c, _s| g.logical_not(a);
        "a / b + c": |a, b, c, _s| a / b + c, |g, a, b, c, _s| g.add(g.div(a, b), c);
        "a + s (float beside a vector)": |a, _b, _c, s| a + s, |g, a, _b, _c, s| g.add(a, s);
        "a += b": |a, b, _c, _s| { let mut x = a; x += b; x *= 2.0; x }, |g, a, b, _c, _s| g.mul(g.add(a, b), g.float(2.0));
    }
}

#[test]
fn math_functions_build_what_the_builder_builds() {
    same_as_builder! {
        "abs": |a, _b, _c, _s| abs(a), |g, a, _b, _c, _s| g.abs(a);
        "sign": |a, _b, _c, _s| sign(a), |g, a, _b, _c, _s| g.sign(a);
        "floor": |a, _b, _c, _s| floor(a), |g, a, _b, _c, _s| g.floor(a);
        "ceil": |a, _b, _c, _s| ceil(a), |g, a, _b, _c, _s| g.ceil(a);
        "round": |a, _b, _c, _s| round(a), |g, a, _b, _c, _s| g.round(a);
        "trunc": |a, _b, _c, _s| trunc(a), |g, a, _b, _c, _s| g.trunc(a);
        "fract": |a, _b, _c, _s| fract(a), |g, a, _b, _c, _s| g.fract(a);
        "sin": |a, _b, _c, _s| sin(a), |g, a, _b, _c, _s| g.sin(a);
        "cos": |a, _b, _c, _s| cos(a), |g, a, _b, _c, _s| g.cos(a);
        "tan": |a, _b, _c, _s| tan(a), |g, a, _b, _c, _s| g.tan(a);
        "asin": |a, _b, _c, _s| asin(a), |g, a, _b, _c, _s| g.asin(a);
        "acos": |a, _b, _c, _s| acos(a), |g, a, _b, _c, _s| g.acos(a);
        "atan": |a, _b, _c, _s| atan(a), |g, a, _b, _c, _s| g.atan(a);
        "radians": |a, _b, _c, _s| radians(a), |g, a, _b, _c, _s| g.radians(a);
        "degrees": |a, _b, _c, _s| degrees(a), |g, a, _b, _c, _s| g.degrees(a);
        "exp": |a, _b, _c, _s| exp(a), |g, a, _b, _c, _s| g.exp(a);
        "exp2": |a, _b, _c, _s| exp2(a), |g, a, _b, _c, _s| g.exp2(a);
        "log": |a, _b, _c, _s| log(a), |g, a, _b, _c, _s| g.log(a);
        "log2": |a, _b, _c, _s| log2(a), |g, a, _b, _c, _s| g.log2(a);
        "sqrt": |a, _b, _c, _s| sqrt(a), |g, a, _b, _c, _s| g.sqrt(a);
        "inverse_sqrt": |a, _b, _c, _s| inverse_sqrt(a), |g, a, _b, _c, _s| g.inverse_sqrt(a);
        "reciprocal": |a, _b, _c, _s| reciprocal(a), |g, a, _b, _c, _s| g.reciprocal(a);
        "negate": |a, _b, _c, _s| negate(a), |g, a, _b, _c, _s| g.negate(a);
        "one_minus": |a, _b, _c, _s| one_minus(a), |g, a, _b, _c, _s| g.one_minus(a);
        "saturate": |a, _b, _c, _s| saturate(a), |g, a, _b, _c, _s| g.saturate(a);
        "normalize": |a, _b, _c, _s| normalize(a), |g, a, _b, _c, _s| g.normalize(a);
        "min": |a, b, _c, _s| min(a, b), |g, a, b, _c, _s| g.min(a, b);
        "max": |a, _b, _c, s| max(a, s), |g, a, _b, _c, s| g.max(a, s);
        "modulo": |a, b, _c, _s| modulo(a, b), |g, a, b, _c, _s| g.modulo(a, b);
        "pow": |a, b, _c, _s| pow(a, b), |g, a, b, _c, _s| g.pow(a, b);
        "step": |a, _b, _c, s| step(s, a), |g, a, _b, _c, s| g.step(s, a);
        "atan2": |a, b, _c, _s| atan2(a, b), |g, a, b, _c, _s| g.atan2(a, b);
        "reflect": |a, b, _c, _s| reflect(a, normalize(b)), |g, a, b, _c, _s| g.reflect(a, g.normalize(b));
        "refract": |a, b, _c, s| refract(normalize(a), normalize(b), s), |g, a, b, _c, s| g.refract(g.normalize(a), g.normalize(b), s);
        "faceforward": |a, b, c, _s| faceforward(a, b, c), |g, a, b, c, _s| g.faceforward(a, b, c);
        "mix": |a, b, _c, s| mix(a, b, s), |g, a, b, _c, s| g.mix(a, b, s);
        "clamp": |a, b, c, _s| clamp(a, min(b, c), max(b, c)), |g, a, b, c, _s| g.clamp(a, g.min(b, c), g.max(b, c));
        "smoothstep": |a, _b, _c, s| smoothstep(0.0, 2.0, a * s), |g, a, _b, _c, s| g.smoothstep(g.float(0.0), g.float(2.0), g.mul(a, s));
        "cross": |a, b, _c, _s| cross(a, b), |g, a, b, _c, _s| g.cross(a, b);
        "dot, length, distance": |a, b, c, _s| vec3(dot(a, b), length(c), distance(a, c)), |g, a, b, c, _s| g.join(&[g.dot(a, b), g.length(c), g.distance(a, c)]);
        "remap": |a, b, c, s| remap(a, 0.0, s, b, c), |g, a, b, c, s| g.remap(a, g.float(0.0), s, b, c);
        "comparisons": |a, b, _c, _s| a.less_than(b) + a.less_than_equal(b) * 2.0 + a.greater_than(b) * 4.0 + a.greater_than_equal(b) * 8.0 + a.equal(b) * 16.0 + a.not_equal(b) * 32.0,
            |g, a, b, _c, _s| g.add(g.add(g.add(g.add(g.add(g.less_than(a, b), g.mul(g.less_than_equal(a, b), g.float(2.0))), g.mul(g.greater_than(a, b), g.float(4.0))), g.mul(g.greater_than_equal(a, b), g.float(8.0))), g.mul(g.equal(a, b), g.float(16.0))), g.mul(g.not_equal(a, b), g.float(32.0)));
        "logic": |a, b, c, _s| and(a, b) + or(b, c) * 2.0 + xor(a, c) * 4.0 + not(c) * 8.0,
            |g, a, b, c, _s| g.add(g.add(g.add(g.logical_and(a, b), g.mul(g.logical_or(b, c), g.float(2.0))), g.mul(g.logical_xor(a, c), g.float(4.0))), g.mul(g.logical_not(c), g.float(8.0)));
        "select": |a, b, _c, s| select(s.greater_than(0.5), a, b), |g, a, b, _c, s| g.select(g.greater_than(s, g.float(0.5)), a, b);
        "swizzles": |a, b, _c, _s| a.zyx() + b.xxy() * a.z() + a.rgb().bgr().rrg() + b.stp().ppt(), |g, a, b, _c, _s| g.add(g.add(g.add(g.swizzle(a, "zyx"), g.mul(g.swizzle(b, "xxy"), g.swizzle(a, "z"))), g.swizzle(g.swizzle(g.swizzle(a, "rgb"), "bgr"), "rrg")), g.swizzle(g.swizzle(b, "stp"), "ppt"));
        "extend and vec3 of nodes": |a, b, _c, s| a.xy().extend(s) + vec3(b.z(), 1.0, s), |g, a, b, _c, s| g.add(g.join(&[g.swizzle(a, "xy"), s]), g.join(&[g.swizzle(b, "z"), g.float(1.0), s]));
        "join": |a, b, _c, s| join(a.xy(), s) + join(s, b.yz()) + join(a.xy(), b.zx()).wzy() + join(s, s).xyx(),
            |g, a, b, _c, s| g.add(g.add(g.add(g.join(&[g.swizzle(a, "xy"), s]), g.join(&[s, g.swizzle(b, "yz")])), g.swizzle(g.join(&[g.swizzle(a, "xy"), g.swizzle(b, "zx")]), "wzy")), g.swizzle(g.join(&[s, s]), "xyx"));
        "vec4 and back": |a, _b, _c, s| vec4(a.x(), a.y(), s, 2).xyw() + a.xy().extend(0.0).extend(1.0).xyz(), |g, a, _b, _c, s| g.add(g.swizzle(g.join(&[g.swizzle(a, "x"), g.swizzle(a, "y"), s, g.float(2.0)]), "xyw"), g.swizzle(g.join(&[g.join(&[g.swizzle(a, "xy"), g.float(0.0)]), g.float(1.0)]), "xyz"));
    }
}

#[test]
fn constructors_of_numbers_are_constants() {
    let scope = Scope::new();
    let before = scope.node_count();
    let v = vec3(1.0, 0.5, -2);
    assert_eq!(scope.node_count(), before + 1, "one constant node");
    let w = vec4(1.0, 2.0, 3.0, 4.0);
    let u = vec2(0.25, 0.75);
    scope
        .color_node(v + w.xyz() + u.xyx() + float(1) + color(Color::linear(0.5, 0.0, 1.0)))
        .unwrap();
    let program = scope.compile().unwrap();
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![
            1.0 + 1.0 + 0.25 + 1.0 + 0.5,
            0.5 + 2.0 + 0.75 + 1.0,
            -2.0 + 3.0 + 0.25 + 1.0 + 1.0
        ])
    );
}

#[test]
fn matrices_multiply_as_glam_does() {
    let m3 = GMat3::from_cols_array(&[1.0, 2.0, 3.0, -1.0, 0.5, 4.0, 0.25, -2.0, 1.5]);
    let m4 = GMat4::from_cols_array(&[
        1.0, 0.0, 2.0, 0.0, 0.5, 1.0, 0.0, -1.0, 0.0, 3.0, 1.0, 0.25, 4.0, -2.0, 1.0, 1.0,
    ]);
    let v3 = GVec3::new(0.5, -1.0, 2.0);
    let v4 = GVec4::new(1.0, 2.0, -0.5, 1.0);

    let scope = Scope::new();
    let m = uniform(m3).set_name("m");
    let v = uniform(v3).set_name("v");
    let constant = GMat3::from_cols_array(&[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 2.0]);
    scope
        .color_node(m * v + v * m + (m * m) * v + constant.into_node() * v)
        .unwrap();
    let view = camera_view_matrix();
    let p = uniform(v4).set_name("p");
    scope
        .emissive_node((view * p).xyz() + (p * view).xyz() + view.column(3).xyz())
        .unwrap();
    let columns = mat3(
        vec3(1.0, 0.0, 0.0),
        vec3(0.0, 2.0, 0.0),
        vec3(0.0, 0.0, 3.0),
    );
    scope.normal_node(columns * v).unwrap();
    let mut program = scope.compile().unwrap();
    program.set_frame(0.0, m4);

    let f = Fragment::default();
    let expected = m3 * v3 + m3.transpose() * v3 + (m3 * m3) * v3 + constant * v3;
    close(
        &program.evaluate(COLOR_NODE, &f).unwrap(),
        &expected.to_array(),
        "mat3",
    );
    let expected = (m4 * v4 + m4.transpose() * v4 + m4.w_axis).truncate();
    close(
        &program.evaluate(tsl_core::EMISSIVE_NODE, &f).unwrap(),
        &expected.to_array(),
        "mat4",
    );
    let expected = [0.5, -2.0, 6.0];
    close(
        &program.evaluate(tsl_core::NORMAL_NODE, &f).unwrap(),
        &expected,
        "mat3 of columns",
    );
}

#[test]
fn uniforms_take_their_type_from_the_value() {
    let scope = Scope::new();
    let f = uniform(0.5).set_name("f");
    let v2 = uniform(GVec2::new(1.0, 2.0)).set_name("v2");
    let c = uniform(Color::linear(0.25, 0.5, 0.75)).set_name("c");
    let v4 = uniform(GVec4::new(1.0, 2.0, 3.0, 4.0)).set_name("v4");
    scope.color_node(c * f + v2.xyy() + v4.www()).unwrap();
    let mut program = scope.compile().unwrap();
    let at = |p: &NodeProgram| p.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
    assert_eq!(
        at(&program),
        vec![0.125 + 1.0 + 4.0, 0.25 + 2.0 + 4.0, 0.375 + 2.0 + 4.0]
    );
    program.set_uniform("f", 2.0f32).unwrap();
    program
        .set_uniform("c", Color::linear(1.0, 0.0, 0.5))
        .unwrap();
    assert_eq!(
        at(&program),
        vec![2.0 + 1.0 + 4.0, 0.0 + 2.0 + 4.0, 1.0 + 2.0 + 4.0]
    );
    assert!(
        program.set_uniform("v2", 1.0f32).is_err(),
        "the uniform stays a vec2"
    );
}

/// A sampler whose colour is the coordinate and the texture's id.
struct Coordinates;

impl TextureSampler for Coordinates {
    fn sample(
        &self,
        texture: TextureId,
        u: &tsl_core::Lane,
        v: &tsl_core::Lane,
        out: &mut tsl_core::Register,
    ) {
        for lane in 0..u.len() {
            out[0][lane] = u[lane];
            out[1][lane] = v[lane];
            out[2][lane] = texture.0 as f32;
            out[3][lane] = 1.0;
        }
    }
}

#[test]
fn textures_read_by_id_and_by_uniform() {
    let scope = Scope::new();
    let by_id = texture(TextureId(3), uv() * 2.0);
    let map = texture_uniform("map", TextureId(5));
    let by_uniform = texture(map, uv().yx());
    scope
        .color_node(by_id.rgb() + by_uniform.rgb() * 10.0)
        .unwrap();
    scope.opacity_node(by_id.a() * by_uniform.w()).unwrap();
    let program = scope.compile().unwrap();
    for fragment in fragments() {
        let (u, v) = (fragment.uv.x, fragment.uv.y);
        let found = program
            .evaluate_with(COLOR_NODE, &fragment, &Coordinates)
            .unwrap();
        let expected = [u * 2.0 + v * 10.0, v * 2.0 + u * 10.0, 3.0 + 50.0];
        close(&found, &expected, "texture");
    }
}

#[test]
fn attributes_are_the_fragments() {
    let scope = Scope::new();
    let sum = position_world()
        + position_view() * 10.0
        + normal_world() * 100.0
        + normal_view() * 1000.0
        + vertex_color().rgb() * 0.5
        + uv().extend(time()) * 0.25
        + camera_position();
    scope.color_node(sum).unwrap();
    let mut program = scope.compile().unwrap();
    program.set_frame(2.0, GMat4::from_translation(GVec3::new(0.0, 0.0, -5.0)));
    for fragment in fragments() {
        let f = fragment;
        // The camera sits at the inverse of the view's translation: (0, 0, 5).
        let expected = f.position_world
            + f.position_view * 10.0
            + f.normal_world * 100.0
            + f.normal_view * 1000.0
            + f.vertex_color * 0.5
            + f.uv.extend(2.0) * 0.25
            + GVec3::new(0.0, 0.0, 5.0);
        close(
            &program.evaluate(COLOR_NODE, &f).unwrap(),
            &expected.to_array(),
            "attributes",
        );
    }
    // A position node reads the local position and normal.
    let scope = Scope::new();
    scope
        .position_node(position_local() * 2.0 + normal_local())
        .unwrap();
    let program = scope.compile().unwrap();
    let f = fragments()[2];
    let expected = f.position_local * 2.0 + f.normal_local;
    close(
        &program.evaluate(tsl_core::POSITION_NODE, &f).unwrap(),
        &expected.to_array(),
        "local",
    );
}

#[test]
fn varyings_and_derivatives_build_what_the_builder_builds() {
    let scope = Scope::new();
    let p = position_world();
    scope
        .color_node(varying(p * 2.0) + dfdx(p) + dfdy(p.zxy()) + fwidth(p))
        .unwrap();
    let typed = scope.compile().unwrap();
    let g = NodeGraph::new();
    let p = g.position_world();
    let sum = g.add(
        g.add(
            g.add(g.varying(g.mul(p, g.float(2.0))), g.dfdx(p)),
            g.dfdy(g.swizzle(p, "zxy")),
        ),
        g.fwidth(p),
    );
    g.set_output(COLOR_NODE, sum).unwrap();
    let untyped = g.compile().unwrap();
    let mut views = [fragments()[0]; tsl_core::VIEW_COUNT];
    for (i, view) in views.iter_mut().enumerate() {
        view.position_world += GVec3::new(i as f32 * 0.5, -(i as f32), 0.25);
    }
    let sampler = tsl_core::WhiteSampler;
    assert_eq!(
        typed.evaluate_views(COLOR_NODE, &views, &sampler),
        untyped.evaluate_views(COLOR_NODE, &views, &sampler)
    );
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

#[test]
fn if_chains_pick_the_first_branch_that_holds() {
    let scope = Scope::new();
    let x = uniform(0.0).set_name("x");
    let r = Var::<Vec3>::new(GVec3::ZERO);
    If(x.less_than(0.0), || r.set(vec3(-1.0, -1.0, -1.0)))
        .ElseIf(x.less_than(1.0), || r.set(vec3(0.5, 0.25, 0.125)))
        .ElseIf(x.less_than(2.0), || r.set(vec3(x, x, x)))
        .Else(|| r.set(GVec3::new(2.0, 4.0, 8.0)));
    scope.color_node(r.get()).unwrap();
    let mut program = scope.compile().unwrap();
    for (x, expected) in [
        (-3.0, [-1.0; 3]),
        (0.2, [0.5, 0.25, 0.125]),
        (1.5, [1.5; 3]),
        (5.0, [2.0, 4.0, 8.0]),
    ] {
        program.set_uniform("x", x).unwrap();
        let found = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
        assert_eq!(found, expected.to_vec(), "x = {x}");
    }
}

#[test]
fn an_if_chain_ends_where_it_is_dropped() {
    // `If(..)` with no `Else` ends at its statement; a second If is not inside the first.
    let scope = Scope::new();
    let x = uniform(0.0).set_name("x");
    let a = var(0.0);
    let b = var(0.0);
    If(x.greater_than(0.0), || a.set(1.0));
    If(true, || b.set(2.0));
    scope.opacity_node(a.get() * 10.0 + b.get()).unwrap();
    let mut program = scope.compile().unwrap();
    assert_eq!(eval1(&program, OPACITY_NODE), 2.0);
    program.set_uniform("x", 1.0f32).unwrap();
    assert_eq!(eval1(&program, OPACITY_NODE), 12.0);
}

#[test]
fn loops_break_and_continue() {
    // for i in 0..10 { if i == 5 { break } sum += i }: 0 + 1 + 2 + 3 + 4 = 10.
    let scope = Scope::new();
    let sum = var(0.0);
    Loop(10, |i| {
        If(i.equal(5.0), Break);
        sum.set(sum.get() + i);
    });
    assert_eq!(
        eval1(&opacity_program(&scope, sum.get()), OPACITY_NODE),
        10.0
    );

    // for i in 0..6 { if i % 2 == 1 { continue } sum += i }: 0 + 2 + 4 = 6.
    let scope = Scope::new();
    let sum = var(0.0);
    Loop(6, |i| {
        If((i % 2.0).equal(1.0), Continue);
        sum.set(sum.get() + i);
    });
    assert_eq!(
        eval1(&opacity_program(&scope, sum.get()), OPACITY_NODE),
        6.0
    );

    // 2 + 2.5 + 3 from LoopFrom(3, 2, 0.5), and a node's own `toVar`.
    let scope = Scope::new();
    let sum = float(1.0).to_var();
    LoopFrom(3, 2.0, 0.5, |i| sum.set(sum.get() + i));
    assert_eq!(
        eval1(&opacity_program(&scope, sum.get()), OPACITY_NODE),
        8.5
    );
}

/// `first_square_over` (R-EX-5), with a typed body.
fn first_square_over() -> TslFn {
    TslFn::new(
        "first_square_over",
        &[("x", ValueType::Float)],
        ValueType::Float,
        |graph, args| {
            let x = FloatNode::from_ref(graph, args[0]).unwrap_or_else(|_| float(0.0));
            Loop(8, |i| {
                If((i * i).greater_than(x), || Return(i));
            });
            float(-1.0).node_ref()
        },
    )
}

#[test]
fn return_leaves_a_loop_inside_a_fn() {
    let scope = Scope::new();
    let x = uniform(0.0).set_name("x");
    let answer = scope.call(&first_square_over(), &[x.node_ref()]);
    let answer = FloatNode::from_ref(&scope, answer).unwrap();
    let mut program = opacity_program(&scope, answer);
    // x, then the first i in 0..8 with i * i > x, or -1 when none: 7 * 7 = 49 is not over 49.
    for (x, expected) in [
        (0.0, 1.0),
        (-1.0, 0.0),
        (10.0, 4.0),
        (16.0, 5.0),
        (48.5, 7.0),
        (49.0, -1.0),
    ] {
        program.set_uniform("x", x).unwrap();
        assert_eq!(
            eval1(&program, OPACITY_NODE),
            expected,
            "first_square_over({x})"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Graphs, scopes and threads
// ---------------------------------------------------------------------------------------------

#[test]
fn two_threads_build_two_graphs_at_once() {
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
    let handles: Vec<_> = (0..2)
        .map(|t| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let scope = Scope::new();
                let mut sum = float(t as f32);
                for k in 0..200 {
                    // Both threads build at the same moments.
                    if k % 50 == 0 {
                        barrier.wait();
                    }
                    sum += 1.0;
                }
                let program = opacity_program(&scope, sum);
                (scope.node_count(), eval1(&program, OPACITY_NODE))
            })
        })
        .collect();
    for (t, handle) in handles.into_iter().enumerate() {
        let (nodes, value) = handle.join().unwrap();
        assert_eq!(value, t as f32 + 200.0);
        assert_eq!(nodes, 1 + 200 * 2, "no node of the other thread's graph");
    }
}

#[test]
fn scopes_nest_and_may_end_out_of_order() {
    assert!(!in_scope());
    let outer = Scope::new();
    let a = float(1.0);
    let inner = Scope::new();
    let b = float(2.0);
    assert_eq!((outer.node_count(), inner.node_count()), (1, 1));
    drop(outer);
    // The inner scope is still current.
    let c = b + 3.0;
    assert_eq!(inner.node_count(), 3);
    inner.opacity_node(c).unwrap();
    assert_eq!(eval1(&inner.compile().unwrap(), OPACITY_NODE), 5.0);
    // A node of another graph is refused there, with the untyped API's message.
    let error = inner.opacity_node(a).unwrap_err();
    assert!(
        error.reason().contains("names nothing in this graph"),
        "{error}"
    );
    let graph = inner.into_graph();
    assert!(!in_scope());
    assert_eq!(graph.node_count(), 3);
}

#[test]
fn a_scope_joins_the_nodes_of_an_untyped_graph() {
    let g = NodeGraph::new();
    let t = g.mul(g.time(), g.float(3.0));
    let scope = Scope::enter(g);
    let t = FloatNode::from_ref(&scope, t).unwrap();
    assert_eq!(
        Vec3Node::from_ref(&scope, t.node_ref())
            .unwrap_err()
            .to_string(),
        "Node::from_ref: the node is a float, not a vec3"
    );
    scope.opacity_node(t + 1.0).unwrap();
    let mut program = scope.compile().unwrap();
    program.set_frame(2.0, GMat4::IDENTITY);
    assert_eq!(eval1(&program, OPACITY_NODE), 7.0);
}

#[test]
fn nodes_built_outside_a_scope_are_refused_by_a_graph() {
    assert!(!in_scope());
    let stray = sin(time());
    let scope = Scope::new();
    assert!(scope.opacity_node(stray).is_err());
    // The graph's own refusals reach a typed node as a refused one.
    let dup = uniform(1.0) + sin(time()).set_name("u");
    assert!(dup.is_refused());
    assert!(
        scope
            .error()
            .unwrap()
            .reason()
            .ends_with("is not a uniform, so it has no name to set"),
        "{:?}",
        scope.error()
    );
    assert!(format!("{dup:?}").contains("refused"));
}

// ---------------------------------------------------------------------------------------------
// The generated swizzles
// ---------------------------------------------------------------------------------------------

/// The swizzle trait of `src/typed/swizzle.rs`, as the generator writes it: every swizzle of one
/// to four components of one set, each bound to the type's having its last component.
fn generate_swizzles() -> String {
    const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
    const TYPES: [&str; 4] = ["Float", "Vec2", "Vec3", "Vec4"];
    // What a swizzle whose largest component is the i-th needs of the node's type.
    const NEEDS: [&str; 4] = ["Numeric", "HasY", "HasZ", "HasW"];
    let mut out = String::from(
        "//! Swizzles as a trait, generated as glam generates its `Vec3Swizzles`: [`Swizzles`] has
//! every swizzle of one to four components of one set (`xyzw`, `rgba` or `stpq`), and each asks
//! of the node's type the components it names (`.z()` needs [`HasZ`]: a Vec3 or a Vec4), so that
//! `uv().z()` is refused with \"`Vec2` has no third component\". The trait is in `tsl::prelude`;
//! `tsl!{}` and `#[tsl_fn]` bring it in scope for their `p.xy`. Written by
//! `tsl-core/tests/typed.rs` (`swizzles_are_generated`; run it with `TSL_BLESS=1` to rewrite this
//! file); do not edit by hand.

use super::node::{IntoNode, Node};
use super::types::{Float, HasW, HasY, HasZ, NodeType, Numeric, Vec2, Vec3, Vec4};

macro_rules! swizzles {
    ($($name:ident -> $out:ident where $needs:ident),* $(,)?) => {
        /// The swizzles of a float or vector node: TSL's `.xy`, `.rgb`, `.zyx` as methods, one to
        /// four components of one set (`xyzw`, `rgba` or `stpq`), each where the node's type has
        /// the components it names.
        ///
        /// ```
        /// use tsl_core::typed::*;
        /// let _scope = Scope::new();
        /// let p = vec3(1.0, 2.0, 3.0);
        /// let _flipped: Vec3Node = p.zyx();
        /// let _pair: Vec2Node = p.rg();
        /// let _splat: Vec4Node = p.z().xxxx();
        /// ```
        pub trait Swizzles: IntoNode {
            $(
                #[doc = concat!(\"The components `\", stringify!($name), \"` in a \",
                    stringify!($out), \", TSL's `.\", stringify!($name), \"`.\")]
                fn $name(self) -> Node<$out>
                where
                    Self::Ty: $needs;
            )*
        }

        impl<T: NodeType> Swizzles for Node<T> {
            $(
                fn $name(self) -> Node<$out>
                where
                    T: $needs,
                {
                    self.swizzle(stringify!($name))
                }
            )*
        }
    };
}

swizzles!(
",
    );
    let mut entries = Vec::new();
    for set in SETS {
        let letters: Vec<char> = set.chars().collect();
        for len in 1..=4usize {
            for mut code in 0..4usize.pow(len as u32) {
                let (mut name, mut last) = (String::new(), 0);
                for _ in 0..len {
                    let component = code % 4;
                    name.insert(0, letters[component]);
                    last = last.max(component);
                    code /= 4;
                }
                entries.push(format!(
                    "{name} -> {} where {}",
                    TYPES[len - 1],
                    NEEDS[last]
                ));
            }
        }
    }
    let mut line = String::from("   ");
    for entry in entries {
        if line.len() + entry.len() + 2 > 100 {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from("   ");
        }
        line.push(' ');
        line.push_str(&entry);
        line.push(',');
    }
    out.push_str(line.trim_end());
    out.push_str("\n);\n");
    out
}

#[test]
fn swizzles_are_generated() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/typed/swizzle.rs");
    let expected = generate_swizzles();
    if std::env::var_os("TSL_BLESS").is_some() {
        std::fs::write(path, &expected).unwrap();
    }
    let found = std::fs::read_to_string(path).unwrap();
    assert!(
        found == expected,
        "src/typed/swizzle.rs is not what the generator writes; run the test with TSL_BLESS=1"
    );
}

#[test]
fn noise_functions_build_what_the_builder_builds() {
    let scope = Scope::new();
    let p = position_world();
    let sum = mx_noise_float(p, 0.5, 0.25)
        + perlin_noise(uv())
        + mx_cell_noise_float(p.x())
        + mx_worley_noise_float(uv(), 1.0, 0)
        + mx_fractal_noise_float(p, 3, 2.0, 0.5, 1.0)
        + mx_worley_noise_vec2(p, 0.75).y()
        + mx_noise_vec4(p, 1.0, 0.0).w()
        + mx_worley_noise_float_2d(p, 0.5, 1)
        + mx_worley_noise_float_3d(uv(), 0.9, 0)
        + mx_fractal_noise_float_2d(uv(), 2, 2.0, 0.5, 1.0)
        + mx_fractal_noise_vec2(uv(), 2, 2.0, 0.5, 1.0).x()
        + mx_fractal_noise_vec4(p, 2, 2.0, 0.5, 1.0).w()
        + hash(p.y())
        + mx_unifiednoise2d(
            2,
            uv(),
            glam::Vec2::ONE,
            glam::Vec2::ZERO,
            1.0,
            0.0,
            1.0,
            true,
            1,
            2.0,
            0.5,
            0,
        )
        + mx_unifiednoise3d(
            3,
            p,
            glam::Vec3::ONE,
            glam::Vec3::ZERO,
            0.8,
            0.0,
            1.0,
            false,
            2,
            2.0,
            0.5,
            0,
        );
    let colour = mx_noise_vec3(uv(), 1.0, 0.0)
        + perlin_noise_vec3(p)
        + mx_worley_noise_vec3(p, 1.0, 1)
        + mx_worley_noise_vec3_style(uv(), 1.0, 1, 2)
        + mx_fractal_noise_vec3(p, 2, 2.0, 0.5, 1.0)
        + mx_cell_noise_vec3(uv())
        + mx_rotate3d(p, 30.0, glam::Vec3::new(0.1, 1.0, 0.0))
        + vec3(mx_rotate2d(uv(), 45.0).x(), 0.0, 0.0);
    scope.opacity_node(sum).unwrap();
    scope.color_node(colour).unwrap();
    let typed = scope.compile().unwrap();

    let g = NodeGraph::new();
    let (p, uv) = (g.position_world(), g.uv());
    let terms = [
        g.mx_noise_float(p, g.float(0.5), g.float(0.25)),
        g.perlin_noise(uv),
        g.mx_cell_noise_float(g.swizzle(p, "x")),
        g.mx_worley_noise_float(uv, g.float(1.0), g.float(0.0)),
        g.mx_fractal_noise_float(p, 3, g.float(2.0), g.float(0.5), g.float(1.0)),
        g.swizzle(g.mx_worley_noise_vec2(p, g.float(0.75)), "y"),
        g.swizzle(g.mx_noise_vec4(p, g.float(1.0), g.float(0.0)), "w"),
        g.mx_worley_noise_float_2d(p, g.float(0.5), g.float(1.0)),
        g.mx_worley_noise_float_3d(uv, g.float(0.9), g.float(0.0)),
        g.mx_fractal_noise_float_2d(uv, 2, g.float(2.0), g.float(0.5), g.float(1.0)),
        g.swizzle(
            g.mx_fractal_noise_vec2(uv, 2, g.float(2.0), g.float(0.5), g.float(1.0)),
            "x",
        ),
        g.swizzle(
            g.mx_fractal_noise_vec4(p, 2, g.float(2.0), g.float(0.5), g.float(1.0)),
            "w",
        ),
        g.hash(g.swizzle(p, "y")),
        g.mx_unifiednoise2d(
            g.float(2.0),
            uv,
            g.vec2(1.0, 1.0),
            g.vec2(0.0, 0.0),
            g.float(1.0),
            g.float(0.0),
            g.float(1.0),
            g.float(1.0),
            1,
            g.float(2.0),
            g.float(0.5),
            g.float(0.0),
        ),
        g.mx_unifiednoise3d(
            g.float(3.0),
            p,
            g.vec3(1.0, 1.0, 1.0),
            g.vec3(0.0, 0.0, 0.0),
            g.float(0.8),
            g.float(0.0),
            g.float(1.0),
            g.float(0.0),
            2,
            g.float(2.0),
            g.float(0.5),
            g.float(0.0),
        ),
    ];
    let sum = terms[1..].iter().fold(terms[0], |acc, &t| g.add(acc, t));
    let one = g.float(1.0);
    let colour = [
        g.perlin_noise_vec3(p),
        g.mx_worley_noise_vec3(p, one, one),
        g.mx_worley_noise_vec3_style(uv, one, one, g.float(2.0)),
        g.mx_fractal_noise_vec3(p, 2, g.float(2.0), g.float(0.5), g.float(1.0)),
        g.mx_cell_noise_vec3(uv),
        g.mx_rotate3d(p, g.float(30.0), g.vec3(0.1, 1.0, 0.0)),
        g.join(&[
            g.swizzle(g.mx_rotate2d(uv, g.float(45.0)), "x"),
            g.float(0.0),
            g.float(0.0),
        ]),
    ]
    .into_iter()
    .fold(g.mx_noise_vec3(uv, one, g.float(0.0)), |acc, t| {
        g.add(acc, t)
    });
    g.set_output(OPACITY_NODE, sum).unwrap();
    g.set_output(COLOR_NODE, colour).unwrap();
    let untyped = g.compile().unwrap();
    same_values(&typed, &untyped, OPACITY_NODE);
    same_values(&typed, &untyped, COLOR_NODE);
}
