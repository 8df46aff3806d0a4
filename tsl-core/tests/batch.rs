//! run_nodes over a whole batch: every lane computes its own value, and values that are the same
//! for every fragment (uniform-only math, computed once per batch) reach every lane.

// A lane indexes the registers' components and the expected values at once.
#![allow(clippy::needless_range_loop)]

use glam::{Mat4, Vec3};
use tsl_core::*;

#[test]
fn spec_000s_first_graph_over_a_batch_of_distinct_fragments() {
    let graph = NodeGraph::new();
    let tint = graph.named_uniform("tint", Vec3::new(1.0, 0.25, 0.125));
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
    let mixed = graph.mix(
        graph.swizzle(graph.vertex_color(), "rgb"),
        tint,
        graph.mul(wave, graph.float(0.5)),
    );
    graph.set_output(COLOR_NODE, mixed).unwrap();
    let mut program = graph.compile().unwrap();
    program.set_frame(1.5, Mat4::IDENTITY);
    let text = program.to_string();
    assert!(
        text.contains("sin(") && text.contains("(once per batch)"),
        "{text}"
    );

    let mut batch = FragmentBatch::new();
    let colour = |lane: usize| {
        [
            lane as f32 / 64.0,
            1.0 - lane as f32 / 64.0,
            (lane % 7) as f32 * 0.125,
        ]
    };
    for lane in 0..LANES {
        batch.set(Attribute::VertexColor, lane, colour(lane));
    }
    let mut registers = Registers::new();
    let result = run_nodes(&program, COLOR_NODE, &batch, &WhiteSampler, &mut registers).unwrap();
    // GLSL's mix(a, b, t) = a * (1 - t) + b * t, with t = sin(1.5 * 2) * 0.5, in f32.
    let t = (1.5f32 * 2.0).sin() * 0.5;
    let tint = [1.0f32, 0.25, 0.125];
    for lane in 0..LANES {
        for k in 0..3 {
            let expected = colour(lane)[k] * (1.0 - t) + tint[k] * t;
            assert_eq!(result[k][lane], expected, "lane {lane}, component {k}");
        }
    }
}

#[test]
fn a_uniform_value_read_beside_per_lane_values_keeps_every_lane() {
    // normalize(uniform) is computed once; dot with each lane's normal differs per lane.
    let g = NodeGraph::new();
    let light = g.normalize(g.named_uniform("light", Vec3::new(0.0, 3.0, 4.0)));
    let lambert = g.max(g.dot(g.normal_world(), light), g.float(0.0));
    g.set_output(OPACITY_NODE, lambert).unwrap();
    let program = g.compile().unwrap();
    let mut batch = FragmentBatch::new();
    for lane in 0..LANES {
        let angle = lane as f32 * 0.1;
        batch.set(
            Attribute::NormalWorld,
            lane,
            [0.0, angle.cos(), angle.sin()],
        );
    }
    let mut registers = Registers::new();
    let result = run_nodes(
        &program,
        OPACITY_NODE,
        &batch,
        &WhiteSampler,
        &mut registers,
    )
    .unwrap();
    for lane in 0..LANES {
        let angle = lane as f32 * 0.1;
        // (0, 0.6, 0.8) is the unit light; the dot is 0.6 cos + 0.8 sin, floored at zero.
        let expected = (angle.cos() * 0.6 + angle.sin() * 0.8).max(0.0);
        assert!(
            (result[0][lane] - expected).abs() <= 1e-6,
            "lane {lane}: {} vs {expected}",
            result[0][lane]
        );
    }
}
