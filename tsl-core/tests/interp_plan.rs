//! The interpreter's plan (tsl-core/src/interp/plan.rs): each output is decoded once per program
//! and data, with math of constants and uniforms computed ahead. These runs check what that must
//! not change: a uniform or frame value set after a run is read by the next run, a value that
//! reads uniforms alone reaches every lane, constant operands of per-lane operations read as
//! every lane's value, and one set of registers serves several programs. Expected values are
//! worked out here by GLSL's definitions in f32.

// A lane indexes the registers' components and the expected values at once.
#![allow(clippy::needless_range_loop)]

use glam::{Mat4, Vec3};
use tsl_core::*;

/// A batch whose lanes differ: uv, vertex colour and world normal per lane.
fn batch() -> FragmentBatch {
    let mut batch = FragmentBatch::new();
    for lane in 0..LANES {
        let x = lane as f32 / 64.0;
        batch.set(Attribute::Uv, lane, [x, 1.0 - x, 0.0]);
        batch.set(Attribute::VertexColor, lane, [x, 0.5 * x, 1.0 - x]);
        batch.set(
            Attribute::NormalWorld,
            lane,
            [x - 0.5, 1.0, (lane % 5) as f32 * 0.25],
        );
    }
    batch
}

fn uv_x(lane: usize) -> f32 {
    lane as f32 / 64.0
}

#[test]
fn a_uniform_set_after_a_run_is_read_by_the_next_run() {
    let g = NodeGraph::new();
    let u = g.named_uniform("u", 0.5f32);
    // uv.x * u + sin(u): sin(u) reads the uniform alone, so the plan computes it ahead.
    let value = g.add(g.mul(g.swizzle(g.uv(), "x"), u), g.sin(u));
    g.set_output(OPACITY_NODE, value).unwrap();
    let mut program = g.compile().unwrap();
    let batch = batch();
    let mut registers = Registers::new();
    for u in [0.5f32, 2.0, -1.25] {
        program.set_uniform("u", u).unwrap();
        let result = run_nodes(
            &program,
            OPACITY_NODE,
            &batch,
            &WhiteSampler,
            &mut registers,
        )
        .unwrap();
        for lane in 0..LANES {
            let expected = uv_x(lane) * u + u.sin();
            assert_eq!(result[0][lane], expected, "u {u}, lane {lane}");
        }
    }
}

#[test]
fn a_new_frame_time_is_read_by_the_next_run() {
    let g = NodeGraph::new();
    // vertex_color * (time * 3): the product of the time and a constant is planned ahead.
    let scale = g.mul(g.time(), g.float(3.0));
    g.set_output(COLOR_NODE, g.mul(g.swizzle(g.vertex_color(), "rgb"), scale))
        .unwrap();
    let mut program = g.compile().unwrap();
    let batch = batch();
    let mut registers = Registers::new();
    for time in [1.0f32, 2.5, 0.0] {
        program.set_frame(time, Mat4::IDENTITY);
        let result =
            run_nodes(&program, COLOR_NODE, &batch, &WhiteSampler, &mut registers).unwrap();
        for lane in 0..LANES {
            let x = uv_x(lane);
            let colour = [x, 0.5 * x, 1.0 - x];
            for k in 0..3 {
                assert_eq!(
                    result[k][lane],
                    colour[k] * (time * 3.0),
                    "time {time}, lane {lane}, component {k}"
                );
            }
        }
    }
}

#[test]
fn an_output_of_uniforms_alone_fills_every_lane() {
    let g = NodeGraph::new();
    let u = g.named_uniform("u", Vec3::new(0.25, -2.0, 7.5));
    // Every instruction reads loads alone: the plan computes it all and writes the result.
    g.set_output(COLOR_NODE, g.abs(g.sin(u))).unwrap();
    let program = g.compile().unwrap();
    let mut registers = Registers::new();
    let result = run_nodes(
        &program,
        COLOR_NODE,
        &batch(),
        &WhiteSampler,
        &mut registers,
    )
    .unwrap();
    let expected = [
        0.25f32.sin().abs(),
        (-2.0f32).sin().abs(),
        7.5f32.sin().abs(),
    ];
    for lane in 0..LANES {
        for k in 0..3 {
            assert_eq!(result[k][lane], expected[k], "lane {lane}, component {k}");
        }
    }
}

#[test]
fn constant_operands_of_per_lane_operations_read_as_every_lanes_value() {
    let g = NodeGraph::new();
    let n = g.normal_world();
    let up = g.vec3(0.0, 1.0, 0.0);
    let light = g.named_uniform("light", Vec3::new(0.6, 0.0, 0.8));
    // cross and reflect read lane arrays alone (the broadcast operand is filled for them);
    // clamp reads each operand as it comes.
    let crossed = g.cross(n, up);
    let reflected = g.reflect(light, n);
    let clamped = g.clamp(g.add(crossed, reflected), g.float(-1.0), g.float(1.5));
    g.set_output(COLOR_NODE, clamped).unwrap();
    let program = g.compile().unwrap();
    let batch = batch();
    let mut registers = Registers::new();
    let result = run_nodes(&program, COLOR_NODE, &batch, &WhiteSampler, &mut registers).unwrap();
    let clamp = |x: f32, low: f32, high: f32| x.max(low).min(high);
    for lane in 0..LANES {
        let nw = [uv_x(lane) - 0.5, 1.0, (lane % 5) as f32 * 0.25];
        let (b, i) = ([0.0f32, 1.0, 0.0], [0.6f32, 0.0, 0.8]);
        // GLSL cross(a, b) = (a.y b.z - b.y a.z, a.z b.x - b.z a.x, a.x b.y - b.x a.y).
        let cross = [
            nw[1] * b[2] - b[1] * nw[2],
            nw[2] * b[0] - b[2] * nw[0],
            nw[0] * b[1] - b[0] * nw[1],
        ];
        // GLSL reflect(I, N) = I - 2 dot(N, I) N.
        let d = nw[0] * i[0] + nw[1] * i[1] + nw[2] * i[2];
        for k in 0..3 {
            let reflect = i[k] - 2.0 * d * nw[k];
            let expected = clamp(cross[k] + reflect, -1.0, 1.5);
            assert_eq!(result[k][lane], expected, "lane {lane}, component {k}");
        }
    }
}

#[test]
fn one_set_of_registers_serves_programs_in_turn() {
    let first = NodeGraph::new();
    first
        .set_output(
            OPACITY_NODE,
            first.mul(first.swizzle(first.uv(), "x"), first.float(2.0)),
        )
        .unwrap();
    let first = first.compile().unwrap();
    let second = NodeGraph::new();
    second
        .set_output(
            OPACITY_NODE,
            second.add(second.swizzle(second.uv(), "y"), second.float(0.25)),
        )
        .unwrap();
    let second = second.compile().unwrap();
    let batch = batch();
    let mut registers = Registers::new();
    for _ in 0..2 {
        let a = run_nodes(&first, OPACITY_NODE, &batch, &WhiteSampler, &mut registers).unwrap()[0];
        for lane in 0..LANES {
            assert_eq!(a[lane], uv_x(lane) * 2.0, "first, lane {lane}");
        }
        let b = run_nodes(&second, OPACITY_NODE, &batch, &WhiteSampler, &mut registers).unwrap()[0];
        for lane in 0..LANES {
            assert_eq!(b[lane], (1.0 - uv_x(lane)) + 0.25, "second, lane {lane}");
        }
    }
}
