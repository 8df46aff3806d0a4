//! The noise nodes against `tsl_core::noise`, whose functions tests/noise.rs holds bit for bit to
//! three.js r187's own values: a graph's noise must be the same bits, through its conversions,
//! its `* amplitude + pivot` and its octave loop.

use glam::{Vec2, Vec3};
use tsl_core::noise;
use tsl_core::*;

/// Points with negative, lattice, half and large coordinates.
fn points() -> Vec<[f32; 3]> {
    let mut seed = 0x2545f491u32;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed as f32 / u32::MAX as f32 - 0.5) * 40.0
    };
    let mut points: Vec<[f32; 3]> = (0..200).map(|_| [next(), next(), next()]).collect();
    points.extend([
        [0.0, 0.0, 0.0],
        [1.0, 2.0, 3.0],
        [-0.5, 0.5, 1.5],
        [1000.5, -3.25, 7.0],
        [1e-3, -1e-3, 0.0],
    ]);
    points
}

/// Evaluate `build(graph, position_world())` at every point, as the bits of each component.
fn run(width: usize, build: impl Fn(&NodeGraph, NodeRef) -> NodeRef) -> Vec<Vec<u32>> {
    let g = NodeGraph::new();
    let value = build(&g, g.position_world());
    let value = match g.type_of(value).and_then(|t| t.width()) {
        Some(1) => g.join(&[value, value, value]),
        Some(2) => g.join(&[value, g.float(0.0)]),
        Some(4) => g.swizzle(value, "xyz"),
        _ => value,
    };
    g.set_output(COLOR_NODE, value).expect("a vec3");
    let program = g.compile().expect("compiles");
    points()
        .iter()
        .map(|&p| {
            let f = Fragment {
                position_world: Vec3::from(p),
                uv: Vec2::new(p[0], p[1]),
                ..Fragment::default()
            };
            let v = program.evaluate(COLOR_NODE, &f).unwrap();
            v[..width.min(3)].iter().map(|x| x.to_bits()).collect()
        })
        .collect()
}

fn expect(width: usize, f: impl Fn([f32; 3]) -> Vec<f32>) -> Vec<Vec<u32>> {
    points()
        .iter()
        .map(|&p| f(p)[..width.min(3)].iter().map(|x| x.to_bits()).collect())
        .collect()
}

#[test]
fn perlin_noise_of_vec2_and_vec3_points() {
    let xy = |g: &NodeGraph, p: NodeRef| g.swizzle(p, "xy");
    assert_eq!(
        run(1, |g, p| g.perlin_noise(p)),
        expect(1, |p| vec![noise::perlin_noise_float_3d(p)])
    );
    assert_eq!(
        run(1, |g, p| g.perlin_noise(xy(g, p))),
        expect(1, |p| vec![noise::perlin_noise_float_2d([p[0], p[1]])])
    );
    assert_eq!(
        run(3, |g, p| g.perlin_noise_vec3(p)),
        expect(3, |p| noise::perlin_noise_vec3_3d(p).to_vec())
    );
    assert_eq!(
        run(3, |g, p| g.perlin_noise_vec3(xy(g, p))),
        expect(3, |p| noise::perlin_noise_vec3_2d([p[0], p[1]]).to_vec())
    );
}

#[test]
fn mx_noise_adds_amplitude_and_pivot_as_three_js_does() {
    let (amp, pivot) = (0.75f32, 0.25f32);
    assert_eq!(
        run(1, |g, p| g.mx_noise_float(p, g.float(amp), g.float(pivot))),
        expect(1, |p| vec![noise::mx_noise_float(p, amp, pivot)])
    );
    // A float texcoord is (x, x); a vec2 stays.
    assert_eq!(
        run(1, |g, p| g.mx_noise_float(
            g.swizzle(p, "x"),
            g.float(amp),
            g.float(pivot)
        )),
        expect(1, |p| vec![noise::mx_noise_float(p[0], amp, pivot)])
    );
    assert_eq!(
        run(3, |g, p| g.mx_noise_vec3(
            g.swizzle(p, "xy"),
            g.float(amp),
            g.float(pivot)
        )),
        expect(3, |p| noise::mx_noise_vec3([p[0], p[1]], amp, pivot)
            .to_vec())
    );
    let vec4 = |p: [f32; 3]| noise::mx_noise_vec4(p, amp, pivot);
    assert_eq!(
        run(3, |g, p| g.mx_noise_vec4(p, g.float(amp), g.float(pivot))),
        expect(3, |p| vec4(p).to_vec())
    );
    assert_eq!(
        run(1, |g, p| g.swizzle(
            g.mx_noise_vec4(p, g.float(amp), g.float(pivot)),
            "w"
        )),
        expect(1, |p| vec![vec4(p)[3]])
    );
}

#[test]
fn cell_and_worley_noise() {
    assert_eq!(
        run(1, |g, p| g.mx_cell_noise_float(p)),
        expect(1, |p| vec![noise::mx_cell_noise_float(p)])
    );
    assert_eq!(
        run(1, |g, p| g
            .mx_worley_noise_float(g.swizzle(p, "xy"), g.float(1.0))),
        expect(1, |p| vec![noise::mx_worley_noise_float(
            [p[0], p[1]],
            1.0,
            0
        )])
    );
    assert_eq!(
        run(2, |g, p| g.mx_worley_noise_vec2(p, g.float(0.5))),
        expect(2, |p| noise::mx_worley_noise_vec2(p, 0.5).to_vec())
    );
    assert_eq!(
        run(3, |g, p| g.mx_worley_noise_vec3(p, g.float(1.0))),
        expect(3, |p| noise::mx_worley_noise_vec3(p, 1.0, 1).to_vec())
    );
}

#[test]
fn fractal_noise_unrolls_three_js_octave_loop() {
    for (octaves, lacunarity, diminish, amplitude) in [
        (3, 2.0, 0.5, 1.0),
        (5, 2.1, 0.45, 0.8),
        (1, 3.0, 0.5, 2.0),
        (0, 2.0, 0.5, 1.0),
    ] {
        assert_eq!(
            run(1, |g, p| g.mx_fractal_noise_float(
                p,
                octaves,
                g.float(lacunarity),
                g.float(diminish),
                g.float(amplitude)
            )),
            expect(1, |p| vec![noise::mx_fractal_noise_float(
                p, octaves, lacunarity, diminish, amplitude
            )]),
            "octaves {octaves}"
        );
    }
    // A vec2 position gets z = 0.
    assert_eq!(
        run(1, |g, p| g.mx_fractal_noise_float(
            g.swizzle(p, "xy"),
            3,
            g.float(2.0),
            g.float(0.5),
            g.float(1.0)
        )),
        expect(1, |p| vec![noise::mx_fractal_noise_float(
            [p[0], p[1]],
            3,
            2.0,
            0.5,
            1.0
        )])
    );
}

#[test]
fn cell_noise_of_one_to_four_floats() {
    let lanes = |g: &NodeGraph, p: NodeRef, n: usize| match n {
        1 => g.swizzle(p, "x"),
        2 => g.swizzle(p, "xy"),
        3 => p,
        _ => g.join(&[p, g.swizzle(p, "x")]),
    };
    assert_eq!(
        run(1, |g, p| g.cell_noise(lanes(g, p, 1))),
        expect(1, |p| vec![noise::cell_noise_float_1d(p[0])])
    );
    assert_eq!(
        run(1, |g, p| g.cell_noise(lanes(g, p, 4))),
        expect(1, |p| vec![noise::cell_noise_float_4d([
            p[0], p[1], p[2], p[0]
        ])])
    );
    assert_eq!(
        run(3, |g, p| g.cell_noise_vec3(lanes(g, p, 2))),
        expect(3, |p| noise::cell_noise_vec3_2d([p[0], p[1]]).to_vec())
    );
    assert_eq!(
        run(3, |g, p| g.cell_noise_vec3(lanes(g, p, 4))),
        expect(3, |p| noise::cell_noise_vec3_4d([p[0], p[1], p[2], p[0]])
            .to_vec())
    );
}

#[test]
fn noise_refuses_points_it_does_not_take() {
    let g = NodeGraph::new();
    g.perlin_noise(g.vec4(0.0, 0.0, 0.0, 0.0));
    assert_eq!(
        g.error().unwrap().to_string(),
        "perlin_noise: the point is a vec4, not vec2 or vec3"
    );
    let g = NodeGraph::new();
    g.mx_worley_noise_vec2(g.uv(), g.vec2(1.0, 1.0));
    assert_eq!(
        g.error().unwrap().to_string(),
        "worley_noise_vec2: the jitter is a vec2, not a float"
    );
    let g = NodeGraph::new();
    g.mx_fractal_noise_float(
        g.position_world(),
        65,
        g.float(2.0),
        g.float(0.5),
        g.float(1.0),
    );
    assert_eq!(
        g.error().unwrap().to_string(),
        "mx_fractal_noise_float: 65 octaves, more than 64"
    );
}
