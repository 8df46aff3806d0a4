//! The worked examples R-EX-1, R-EX-3 and R-EX-4 written as typed Rust (`examples/spec000_*.rs`)
//! against the same graphs built with the untyped builder as docs/requirements.md writes them: the
//! same floats (within 1e-6) on many fragments, times and uniform values, values worked out by hand
//! from the spec, and the pixels the examples draw.

#[path = "../examples/spec000_control_flow.rs"]
#[allow(dead_code)]
mod control_flow;
#[path = "../examples/spec000_first_graph.rs"]
#[allow(dead_code)]
mod first_graph;
#[path = "../examples/spec000_stripes.rs"]
#[allow(dead_code)]
mod stripes;

use tsl::prelude::*;
use tsl::raster::{RenderSettings, Renderer};

/// Fragments that differ in every attribute these graphs read.
fn fragments() -> Vec<Fragment> {
    (0..40)
        .map(|i| {
            let t = i as f32 / 39.0;
            Fragment {
                uv: Vec2::new(t, (t * 5.3).fract()),
                vertex_color: Vec3::new(t, 1.0 - t, (t * 3.7).fract()),
                lit: Vec3::new(0.2 + 2.0 * t, (t * 2.9).fract(), 0.75),
                position_world: Vec3::new(t - 0.5, 0.3, 2.0 * t),
                ..Fragment::default()
            }
        })
        .collect()
}

/// Hold `output` of the two programs to within 1e-6 on every fragment.
fn same(a: &NodeProgram, b: &NodeProgram, output: Output, what: &str) {
    for (i, f) in fragments().iter().enumerate() {
        let (x, y) = (a.evaluate(output, f), b.evaluate(output, f));
        let (x, y) = (x.expect("typed output set"), y.expect("built output set"));
        assert_eq!(x.len(), y.len(), "{what}");
        for (p, q) in x.iter().zip(&y) {
            assert!(
                (p - q).abs() <= 1e-6,
                "{what}, fragment {i}: {x:?} and {y:?}"
            );
        }
    }
}

/// Each component of `found` within `tolerance` of `expected`.
fn close(found: &[f32], expected: &[f64], tolerance: f64, what: &str) {
    assert_eq!(found.len(), expected.len(), "{what}");
    for (f, e) in found.iter().zip(expected) {
        assert!(
            (*f as f64 - e).abs() <= tolerance,
            "{what}: {found:?}, expected {expected:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The first graph ("Build one")
// ---------------------------------------------------------------------------------------------

/// The builder text of the worked example, line for line.
fn first_graph_built() -> NodeProgram {
    let graph = NodeGraph::new();
    let tint = graph.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
    let mixed = graph.mix(
        graph.swizzle(graph.vertex_color(), "rgb"),
        tint,
        graph.mul(wave, graph.float(0.5)),
    );
    graph.set_output(COLOR_NODE, mixed).unwrap();
    graph
        .set_output(
            OUTPUT_NODE,
            graph.mul(graph.swizzle(graph.lit(), "rgb"), graph.vec3(1.0, 0.9, 0.8)),
        )
        .unwrap();
    graph.compile().unwrap()
}

#[test]
fn the_typed_first_graph_computes_what_the_builder_computes() {
    let mut typed = first_graph::program().unwrap();
    let mut built = first_graph_built();
    for (time, tint) in [
        (0.0, Color::from_srgb8(255, 120, 40)),
        (1.5, Color::from_srgb8(255, 120, 40)),
        (1.5, Color::from_srgb8(40, 120, 255)),
        (4.25, Color::from_hex(0x336699)),
        (-7.0, Color::BLACK),
    ] {
        for p in [&mut typed, &mut built] {
            p.set_frame(time, Mat4::IDENTITY);
            p.set_uniform("tint", tint).unwrap();
        }
        same(&typed, &built, COLOR_NODE, &format!("colour at {time}"));
        same(&typed, &built, OUTPUT_NODE, &format!("output at {time}"));
    }
}

#[test]
fn the_first_graph_at_one_and_a_half_seconds_worked_out_by_hand() {
    // tint = sRGB (255, 120, 40) decoded: 1, ((120/255 + 0.055)/1.055)^2.4 = 0.1878208,
    // ((40/255 + 0.055)/1.055)^2.4 = 0.0212190. wave = sin(1.5 · 2) = sin 3 = 0.1411200,
    // t = wave · 0.5 = 0.0705600.
    // mix((0.2, 0.4, 0.6), tint, t) = c · (1 − t) + tint · t = (0.2564480, 0.3850286, 0.5591612).
    let mut program = first_graph::program().unwrap();
    program.set_frame(first_graph::TIME, Mat4::IDENTITY);
    let fragment = Fragment {
        vertex_color: Vec3::new(0.2, 0.4, 0.6),
        lit: Vec3::new(0.5, 0.5, 0.5),
        ..Fragment::default()
    };
    close(
        &program.evaluate(COLOR_NODE, &fragment).unwrap(),
        &[0.2564480, 0.3850286, 0.5591612],
        2e-6,
        "COLOR_NODE at 1.5 s",
    );
    // lit · (1, 0.9, 0.8) = (0.5, 0.45, 0.4).
    close(
        &program.evaluate(OUTPUT_NODE, &fragment).unwrap(),
        &[0.5, 0.45, 0.4],
        1e-7,
        "OUTPUT_NODE",
    );
    // set_uniform("tint", Color(40, 120, 255)) at 4.25 s: t = sin 8.5 · 0.5 = 0.3992436,
    // tint = (0.0212190, 0.1878208, 1): (0.1286228, 0.3152888, 0.7596974).
    program
        .set_uniform("tint", Color::from_srgb8(40, 120, 255))
        .unwrap();
    program.set_frame(4.25, Mat4::IDENTITY);
    close(
        &program.evaluate(COLOR_NODE, &fragment).unwrap(),
        &[0.1286228, 0.3152888, 0.7596974],
        2e-6,
        "COLOR_NODE at 4.25 s, retinted",
    );
}

#[test]
fn the_typed_first_graph_draws_the_builders_pixels() {
    let render = |program| {
        let (scene, camera, assets) = first_graph::scene(program).unwrap();
        let mut renderer = Renderer::new(RenderSettings::new(96, 54));
        renderer.settings.time = first_graph::TIME;
        renderer.render(&scene, &camera, &assets).unwrap()
    };
    let typed = render(first_graph::program().unwrap());
    let built = render(first_graph_built());
    assert!(typed.data() == built.data(), "the two pictures differ");
}

// ---------------------------------------------------------------------------------------------
// Control flow
// ---------------------------------------------------------------------------------------------

/// The builder text of the worked example, line for line.
fn control_flow_built() -> NodeProgram {
    let graph = NodeGraph::new();
    let sum = graph.Var(graph.float(0.0));
    let index = graph.Loop(4);
    graph.If(graph.greater_than(index, graph.float(1.0)));
    graph.assign(sum, graph.add(graph.get(sum), index));
    graph.Else();
    graph.Discard();
    graph.End();
    graph.End();
    graph.set_output(OPACITY_NODE, graph.get(sum)).unwrap();
    graph.compile().unwrap()
}

#[test]
fn both_typed_control_flows_compute_what_the_builder_computes() {
    let built = control_flow_built();
    for typed in [
        control_flow::program().unwrap(),
        control_flow::program_closure_style().unwrap(),
    ] {
        same(&typed, &built, OPACITY_NODE, "opacity");
        same(&typed, &built, MASK_NODE, "mask");
        // By hand: indices 0..4; 2 and 3 are over 1 and add up to 5; 0 and 1 take the Else and
        // discard, so the mask is 0 (thrown away) on every fragment.
        for f in fragments() {
            assert_eq!(typed.evaluate(OPACITY_NODE, &f), Some(vec![5.0]));
            assert_eq!(typed.evaluate(MASK_NODE, &f), Some(vec![0.0]));
        }
    }
}

#[test]
fn the_control_flow_sphere_is_discarded_and_its_twin_is_drawn() {
    // 64 × 32 pixels over 4.8 × 2.4 units: the spheres' centres (x = ∓1.2) fall at pixels 16 and
    // 48 of row 16. The background is sRGB (14, 16, 40).
    let (scene, camera, assets) = control_flow::scene(control_flow::program().unwrap()).unwrap();
    let image = Renderer::new(RenderSettings::new(64, 32))
        .render(&scene, &camera, &assets)
        .unwrap();
    let background = [14u8, 16, 40];
    for (x, y) in [(16, 16), (10, 12), (22, 20), (16, 4)] {
        let p = image.pixel(x, y).unwrap();
        for c in 0..3 {
            assert!(
                p[c].abs_diff(background[c]) <= 1,
                "({x}, {y}) of the discarded sphere: {p:?}"
            );
        }
    }
    // The twin without the program: orange (more red than blue), not the background.
    let p = image.pixel(48, 16).unwrap();
    assert!(p[0] > 150 && p[0] > p[2] + 80, "the drawn sphere: {p:?}");
}

// ---------------------------------------------------------------------------------------------
// The card's stripes ("Shader material")
// ---------------------------------------------------------------------------------------------

/// The builder text of the worked example, line for line.
fn stripes_built() -> NodeProgram {
    let graph = NodeGraph::new();
    let stripes = graph.step(
        graph.float(0.5),
        graph.fract(graph.mul(graph.uv(), graph.float(8.0))),
    );
    graph
        .set_output(COLOR_NODE, graph.swizzle(stripes, "xyx"))
        .unwrap();
    graph.compile().unwrap()
}

/// 1 where `fract(8 x)` is at least one half, else 0.
fn stripe(x: f64) -> f64 {
    if (8.0 * x).fract() >= 0.5 {
        1.0
    } else {
        0.0
    }
}

#[test]
fn the_stripes_fn_computes_what_the_builder_and_the_spec_say() {
    let typed = stripes::program().unwrap();
    same(&typed, &stripes_built(), COLOR_NODE, "stripes");
    for f in fragments() {
        let (x, y) = (stripe(f.uv.x as f64), stripe(f.uv.y as f64));
        close(
            &typed.evaluate(COLOR_NODE, &f).unwrap(),
            &[x, y, x],
            0.0,
            &format!("uv {:?}", f.uv),
        );
    }
}

#[test]
fn the_stripes_card_draws_the_colours_of_its_uv() {
    // 64 × 64 pixels over the plane: pixel (x, y) is at u = (x + 0.5)/64, v = 1 − (y + 0.5)/64;
    // fract(8u) never falls on 0.5 there, so every pixel is exactly 0 or 255 in each channel.
    let (scene, camera, assets) = stripes::scene(stripes::program().unwrap()).unwrap();
    let image = Renderer::new(RenderSettings::new(64, 64))
        .render(&scene, &camera, &assets)
        .unwrap();
    for y in 0..64 {
        for x in 0..64 {
            let u = (x as f64 + 0.5) / 64.0;
            let v = 1.0 - (y as f64 + 0.5) / 64.0;
            let level = |s: f64| (s * 255.0) as u8;
            let expected = [level(stripe(u)), level(stripe(v)), level(stripe(u))];
            let p = image.pixel(x, y).unwrap();
            assert_eq!(&p[..3], &expected, "pixel ({x}, {y})");
        }
    }
}
