//! TSL's chain forms on `Node<T>` (tsl-core/src/typed/chain.rs): each builds the very node its
//! free function builds (the same operation on the same inputs, compared in the graph), the
//! chains three.js writes with the receiver moved (`t.mix(a, b)`) put it where three puts it, the
//! one-argument conversions give what three.js's `NodeBuilder.format` gives (worked out by hand),
//! a TSL chain ported line by line computes what the same formula computes in plain Rust, and
//! docs/tsl-to-rust.md's "Chains" table lists exactly the forms the code makes.

use glam::{Vec2 as GVec2, Vec3 as GVec3};
use tsl_core::typed::*;
use tsl_core::{Fragment, GraphNode, NodeProgram, COLOR_NODE, MASK_NODE, OPACITY_NODE};

/// The graph's record of `node`, in the current scope's graph.
fn record<T: tsl_core::typed::NodeType>(scope: &Scope, node: Node<T>) -> GraphNode {
    assert!(!node.is_refused(), "{:?}", scope.error());
    scope.parts().nodes[node.node_ref().index()].clone()
}

/// Whether the nodes at `a` and `b` compute the same: the same operation and type on inputs that
/// are the same nodes or compute the same (a function the graph writes as several nodes, as
/// `fwidth`, builds new inner nodes at each call).
fn same_tree(nodes: &[GraphNode], a: usize, b: usize) -> bool {
    let (x, y) = (&nodes[a], &nodes[b]);
    a == b
        || (x.op == y.op
            && x.ty == y.ty
            && x.inputs.len() == y.inputs.len()
            && x.inputs
                .iter()
                .zip(&y.inputs)
                .all(|(i, j)| same_tree(nodes, *i as usize, *j as usize)))
}

/// Hold a chain and a call to the same operation on the same inputs, of the same type.
fn same_node<T: tsl_core::typed::NodeType>(
    scope: &Scope,
    chain: Node<T>,
    call: Node<T>,
    what: &str,
) {
    let (a, b) = (record(scope, chain), record(scope, call));
    let nodes = scope.parts().nodes;
    let same = same_tree(&nodes, chain.node_ref().index(), call.node_ref().index());
    assert!(same, "{what}: {a:?} is not {b:?}");
}

#[test]
fn unary_chains_build_their_functions_node() {
    let scope = Scope::new();
    let v = uv() * 0.5 + 0.1;
    macro_rules! check {
        ($($method:ident => $free:ident),* $(,)?) => {$(
            same_node(&scope, v.$method(), $free(v), stringify!($method));
        )*};
    }
    check! {
        abs => abs, sign => sign, floor => floor, ceil => ceil, round => round, trunc => trunc,
        fract => fract, sin => sin, cos => cos, tan => tan, asin => asin, acos => acos,
        atan => atan, radians => radians, degrees => degrees, exp => exp, exp2 => exp2,
        log => log, log2 => log2, sqrt => sqrt, inverse_sqrt => inverse_sqrt,
        reciprocal => reciprocal, negate => negate, one_minus => one_minus,
        saturate => saturate, normalize => normalize, not => not, dfdx => dfdx, dfdy => dfdy,
        fwidth => fwidth, to_varying => varying,
    }
    same_node(&scope, v.length(), length(v), "length");
}

#[test]
fn binary_chains_put_the_receiver_first() {
    let scope = Scope::new();
    let (a, b, f) = (position_world(), normal_world(), time());
    macro_rules! check {
        ($($method:ident => $free:ident),* $(,)?) => {$(
            same_node(&scope, a.$method(b), $free(a, b), stringify!($method));
            // A float beside a vector, on either side.
            same_node(&scope, a.$method(f), $free(a, f), stringify!($method));
            same_node(&scope, f.$method(a), $free(f, a), stringify!($method));
        )*};
    }
    check! { min => min, max => max, pow => pow, reflect => reflect, atan2 => atan2 };
    same_node(&scope, a.dot(b), dot(a, b), "dot");
    same_node(&scope, a.distance(b), distance(a, b), "distance");
    same_node(&scope, a.cross(b), cross(a, b), "cross");
    same_node(&scope, a.modulo(b), modulo(a, b), "mod");
    same_node(&scope, a.add(b), a + b, "add");
    same_node(&scope, a.sub(f), a - f, "sub");
    same_node(&scope, f.mul(a), f * a, "mul");
    same_node(&scope, a.div(b), a / b, "div");
    let m = camera_view_matrix();
    let p = a.extend(1.0);
    same_node(&scope, m.mul(p), m * p, "matrix times vector");
    // The comparisons and logic that came before the chains keep their form.
    same_node(&scope, a.less_than(f), less_than(a, f), "lessThan");
    same_node(&scope, a.xor(b), xor(a, b), "xor");
}

#[test]
fn moved_receivers_go_where_three_puts_them() {
    let scope = Scope::new();
    let (x, lo, hi) = (uv().x(), time(), uv().y());
    let (a, b) = (position_world(), normal_world());
    // three's mixElement(t, a, b) = mix(a, b, t); smoothstepElement(x, low, high) =
    // smoothstep(low, high, x); stepElement(x, edge) = step(edge, x).
    same_node(&scope, x.mix(a, b), mix(a, b, x), "mix");
    same_node(
        &scope,
        x.smoothstep(lo, hi),
        smoothstep(lo, hi, x),
        "smoothstep",
    );
    same_node(&scope, x.step(lo), step(lo, x), "step");
    same_node(
        &scope,
        a.step(x),
        step(x, a),
        "step of a vector at a float edge",
    );
    same_node(&scope, x.clamp(lo, hi), clamp(x, lo, hi), "clamp");
    same_node(
        &scope,
        a.face_forward(b, a),
        faceforward(a, b, a),
        "faceForward",
    );
    same_node(&scope, a.refract(b, x), refract(a, b, x), "refract");
    same_node(
        &scope,
        x.remap(lo, hi, a, b),
        remap(x, lo, hi, a, b),
        "remap",
    );
    same_node(&scope, x.select(a, b), select(x, a, b), "select");
}

/// Evaluate the colour and opacity a scope's program gives at `uv`.
fn at_uv(program: &NodeProgram, uv: GVec2) -> (Vec<f32>, f32, f32) {
    let fragment = Fragment {
        uv,
        ..Fragment::default()
    };
    let color = program.evaluate(COLOR_NODE, &fragment).unwrap();
    let opacity = program.evaluate(OPACITY_NODE, &fragment).unwrap()[0];
    let mask = program.evaluate(MASK_NODE, &fragment).unwrap()[0];
    (color, opacity, mask)
}

fn close(found: &[f32], expected: &[f32], what: &str) {
    assert_eq!(found.len(), expected.len(), "{what}");
    for (f, e) in found.iter().zip(expected) {
        assert!(
            (f - e).abs() <= 1e-6,
            "{what}: {found:?}, expected {expected:?}"
        );
    }
}

#[test]
fn a_tsl_chain_ports_line_by_line() {
    // TSL:
    //   const d = uv().sub( 0.5 ).length().mul( 2 );
    //   d.greaterThan( 0.9 ).discard();
    //   const t = d.smoothstep( 0.2, 0.8 ).oneMinus().toVar();
    //   t.mulAssign( t );
    //   material.colorNode = t.mix( color( 0x000000 ), vec3( 1, 0.5, 0.25 ) );
    //   material.opacityNode = d.step( 0.3 ).add( d.clamp( 0.25, 0.75 ) );
    let scope = Scope::new();
    let d = uv().sub(0.5).length().mul(2);
    d.greater_than(0.9).discard();
    let t = d.smoothstep(0.2, 0.8).one_minus().to_var();
    t.mul_assign(t.get());
    let t = t.get();
    scope
        .color_node(t.mix(vec3(0.0, 0.0, 0.0), vec3(1.0, 0.5, 0.25)))
        .unwrap();
    scope
        .opacity_node(d.step(0.3).add(d.clamp(0.25, 0.75)))
        .unwrap();
    let program = scope.compile().unwrap();

    // The same formula in plain Rust.
    let expected = |uv: GVec2| {
        let d = (uv - 0.5).length() * 2.0;
        let s = ((d - 0.2) / 0.6).clamp(0.0, 1.0);
        let t = 1.0 - s * s * (3.0 - 2.0 * s);
        let t = t * t;
        let color = [t, 0.5 * t, 0.25 * t];
        let step = if d < 0.3 { 0.0 } else { 1.0 };
        (
            color,
            step + d.clamp(0.25, 0.75),
            if d > 0.9 { 0.0 } else { 1.0 },
        )
    };
    // By hand at three points: d = 0.2 (t = 1), d = 0.5 (s = 0.5, t = 0.25), d = 1 (discarded).
    let hand = [
        (GVec2::new(0.6, 0.5), [1.0, 0.5, 0.25], 0.25, 1.0),
        (GVec2::new(0.65, 0.7), [0.25, 0.125, 0.0625], 1.5, 1.0),
        (GVec2::new(0.8, 0.1), [0.0, 0.0, 0.0], 1.75, 0.0),
    ];
    for (uv, color, opacity, mask) in hand {
        let (c, o, m) = at_uv(&program, uv);
        close(&c, &color, "colour by hand");
        close(&[o, m], &[opacity, mask], "opacity and mask by hand");
    }
    for i in 0..8 {
        let uv = GVec2::new(0.1 + 0.11 * i as f32, 0.9 - 0.09 * i as f32);
        let (c, o, m) = at_uv(&program, uv);
        let (color, opacity, mask) = expected(uv);
        close(&c, &color, &format!("colour at {uv}"));
        close(
            &[o, m],
            &[opacity, mask],
            &format!("opacity and mask at {uv}"),
        );
    }
}

#[test]
fn assign_chains_update_the_variable() {
    let scope = Scope::new();
    let v = var(2.0);
    v.add_assign(3.0); // 5
    v.mul_assign(time()); // 5 t
    v.sub_assign(1.0); // 5 t - 1
    v.div_assign(2.0); // (5 t - 1) / 2
    v.modulo_assign(3.0); // mod((5 t - 1) / 2, 3)
    let w = var(vec3(1.0, 2.0, 3.0));
    w.assign(w.get().mul(time())); // (t, 2t, 3t)
    scope.opacity_node(v.get()).unwrap();
    scope.color_node(w.get()).unwrap();
    let mut program = scope.compile().unwrap();
    program.set_frame(1.5, glam::Mat4::IDENTITY);
    let f = Fragment::default();
    // (5 * 1.5 - 1) / 2 = 3.25; mod(3.25, 3) = 0.25.
    close(&program.evaluate(OPACITY_NODE, &f).unwrap(), &[0.25], "v");
    close(
        &program.evaluate(COLOR_NODE, &f).unwrap(),
        &[1.5, 3.0, 4.5],
        "w",
    );
}

/// The conversions under test, each picked down to one float, in a fresh program each.
fn conversions() -> Vec<FloatNode> {
    let p = position_world();
    let uv4 = uv().to_vec4();
    let p4 = p.to_vec4();
    vec![
        to_vec3(0.5).x(),
        to_vec3(0.5).z(),
        time().to_vec2().y(),
        uv().to_vec3().z(),
        uv4.x(),
        uv4.y(),
        uv4.z(),
        uv4.w(),
        p4.z(),
        p4.w(),
        p4.to_vec3().y(),
        p4.to_vec2().x(),
        p4.to_float(),
        p.to_float(),
        uv().to_float(),
        to_color(time()).z(),
        to_float(p.to_color().y()),
        to_vec4(time()).w(),
        to_vec3(p4).z(),
        to_vec2(p).y(),
    ]
}

#[test]
fn one_argument_constructors_convert_as_three() {
    // three.js's NodeBuilder.format: a float is repeated; a wider vector keeps its first
    // components; vec3 → vec4 appends w = 1; vec2 → vec3 appends 0; vec2 → vec4 appends 0, 1.
    // With time 3, uv (0.25, 0.75) and position_world (1.5, -2, 0.25):
    let expected = [
        0.5, 0.5, 3.0, 0.0, 0.25, 0.75, 0.0, 1.0, 0.25, 1.0, -2.0, 1.5, 1.5, 1.5, 0.25, 3.0, -2.0,
        3.0, 0.25, -2.0,
    ];
    let fragment = Fragment {
        uv: GVec2::new(0.25, 0.75),
        position_world: GVec3::new(1.5, -2.0, 0.25),
        ..Fragment::default()
    };
    assert_eq!(conversions_len(), expected.len());
    for (i, want) in expected.iter().enumerate() {
        let scope = Scope::new();
        scope.opacity_node(conversions()[i]).unwrap();
        let mut program = scope.compile().unwrap();
        program.set_frame(3.0, glam::Mat4::IDENTITY);
        let found = program.evaluate(OPACITY_NODE, &fragment).unwrap();
        assert_eq!(found, vec![*want], "conversion {i}");
    }
}

fn conversions_len() -> usize {
    let _scope = Scope::new();
    conversions().len()
}

#[test]
fn to_mat3_keeps_the_upper_left_of_a_mat4() {
    // three.js writes mat3(m4) as mat3(m[0].xyz, m[1].xyz, m[2].xyz): glam's Mat3::from_mat4.
    let view = glam::Mat4::from_cols_array(&[
        1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0,
    ]);
    let v = GVec3::new(0.5, -1.0, 2.0);
    let scope = Scope::new();
    let m = camera_view_matrix();
    scope.color_node(m.to_mat3() * v).unwrap();
    scope.emissive_node(to_mat3(m) * v).unwrap();
    let mut program = scope.compile().unwrap();
    program.set_frame(0.0, view);
    // Column-major: (1, 2, 3) * 0.5 + (5, 6, 7) * -1 + (9, 10, 11) * 2.
    let expected = vec![0.5 - 5.0 + 18.0, 1.0 - 6.0 + 20.0, 1.5 - 7.0 + 22.0];
    assert_eq!(
        (glam::Mat3::from_mat4(view) * v).to_array().to_vec(),
        expected
    );
    let f = Fragment::default();
    assert_eq!(program.evaluate(COLOR_NODE, &f), Some(expected.clone()));
    assert_eq!(
        program.evaluate(tsl_core::EMISSIVE_NODE, &f),
        Some(expected)
    );
}

#[test]
fn the_docs_chain_table_is_the_codes() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/tsl-to-rust.md"
    ))
    .unwrap();
    let section = doc
        .split("\n## Chains\n")
        .nth(1)
        .expect("docs/tsl-to-rust.md has a \"## Chains\" section");
    let section = section.split("\n## ").next().unwrap();
    // The first table of the section: its rows after the header and the separator.
    let table: Vec<String> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(str::to_owned)
        .collect();
    let code: Vec<String> = chain_forms()
        .map(|f| format!("| `{}` | `{}` | `{}` |", f.tsl, f.rust, f.call))
        .collect();
    assert_eq!(table, code, "the generated rows of the Chains table");
}

// ---------------------------------------------------------------- against three.js r187

fn two(v: Vec2Node) -> Vec<FloatNode> {
    vec![v.x(), v.y()]
}

fn three(v: Vec3Node) -> Vec<FloatNode> {
    vec![v.x(), v.y(), v.z()]
}

fn four(v: Vec4Node) -> Vec<FloatNode> {
    vec![v.x(), v.y(), v.z(), v.w()]
}

/// An expression of the fixture: its name and the chain under test, of the point as a vec4
/// node, as its components.
type Case = (&'static str, fn(Vec4Node) -> Vec<FloatNode>);

/// The fixture's expressions, in its order. Each matches three.js bit for bit: the conversions,
/// `step`, `clamp` and `select` only move or pick floats, and on these points `mix`, `smoothstep`
/// and `remap` round as SwiftShader does.
const CASES: &[Case] = &[
    ("vec4_of_vec3", |p| four(to_vec4(p.xyz()))),
    ("vec4_of_vec2", |p| four(to_vec4(p.xy()))),
    ("vec3_of_vec2", |p| three(to_vec3(p.xy()))),
    ("vec3_of_float", |p| three(to_vec3(p.x()))),
    ("vec3_of_vec4", |p| three(to_vec3(p))),
    ("vec2_of_vec4", |p| two(to_vec2(p))),
    ("float_of_vec3", |p| vec![to_float(p.xyz())]),
    ("to_vec4_of_vec3", |p| four(p.xyz().to_vec4())),
    ("mix_chain", |p| vec![p.x().mix(p.y(), p.z())]),
    ("smoothstep_chain", |p| vec![p.x().smoothstep(-1.0, 1.0)]),
    ("step_chain", |p| vec![p.x().step(p.w())]),
    ("clamp_chain", |p| {
        vec![p.x().clamp(p.y().min(p.w()), p.y().max(p.w()))]
    }),
    ("remap_chain", |p| {
        vec![p.x().remap(p.y(), p.z(), 10.0, 20.0)]
    }),
    ("select_chain", |p| {
        vec![p.x().greater_than(p.y()).select(p.z(), p.w())]
    }),
];

fn hex_bits(s: &str) -> Vec<u32> {
    s.split(' ')
        .map(|h| u32::from_str_radix(h, 16).expect("hex bits"))
        .collect()
}

/// What the chain gives at `point`: its components, through the colour (three) and the opacity
/// (the fourth) of a program of its own.
fn run(case: &Case, point: glam::Vec4) -> Vec<f32> {
    let scope = Scope::new();
    let parts = (case.1)(vec4(point.x, point.y, point.z, point.w));
    let at = |i: usize| parts.get(i).copied().unwrap_or_else(|| float(0.0));
    scope.color_node(vec3(at(0), at(1), at(2))).unwrap();
    scope.opacity_node(at(3)).unwrap();
    let program = scope.compile().unwrap();
    let f = Fragment::default();
    let mut out = program.evaluate(COLOR_NODE, &f).unwrap();
    out.extend(program.evaluate(OPACITY_NODE, &f).unwrap());
    out.truncate(parts.len());
    out
}

#[test]
fn chains_and_conversions_match_three() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/chains/chains.json"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let points: Vec<glam::Vec4> = json["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let b = hex_bits(s.as_str().unwrap());
            glam::Vec4::from_array(std::array::from_fn(|i| f32::from_bits(b[i])))
        })
        .collect();
    let outputs = json["outputs"].as_object().unwrap();
    let names: Vec<&str> = outputs.keys().map(String::as_str).collect();
    let mut ours: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    let mut theirs = names.clone();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs, "the fixture's expressions and the test's");
    for case in CASES {
        let rows = outputs[case.0].as_array().unwrap();
        for (point, row) in points.iter().zip(rows) {
            let want = hex_bits(row.as_str().unwrap());
            let found: Vec<u32> = run(case, *point).iter().map(|f| f.to_bits()).collect();
            assert_eq!(found, want, "{} at {point}", case.0);
        }
    }
}
