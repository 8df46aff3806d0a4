//! The noise graphs of `noise_nodes.rs`: each row of the three.js oracle fixtures
//! (`tests/fixtures/noise/*.json`) with the TSL expression that computes it, over a vec4 point
//! node. Shared with the root `native_validate.rs`, which emits every one natively.

#![allow(dead_code)] // each binary uses part of it

use tsl_core::*;

/// A row's graph: the value at the point `p` (a vec4 node).
pub type Build = fn(&NodeGraph, NodeRef) -> NodeRef;

/// A fixture file and its rows, each with its graph.
pub struct Rows {
    /// The fixture's file under `tests/fixtures/noise/`.
    pub file: &'static str,
    /// (row name, graph).
    pub rows: &'static [(&'static str, Build)],
}

fn x(g: &NodeGraph, p: NodeRef) -> NodeRef {
    g.swizzle(p, "x")
}
fn xy(g: &NodeGraph, p: NodeRef) -> NodeRef {
    g.swizzle(p, "xy")
}
fn xyz(g: &NodeGraph, p: NodeRef) -> NodeRef {
    g.swizzle(p, "xyz")
}

/// `perlin_noise` and `perlin_noise_vec3` of vec2 and vec3 points.
pub const PERLIN: Rows = Rows {
    file: "perlin.json",
    rows: &[
        ("perlin_float_2d", |g, p| g.perlin_noise(xy(g, p))),
        ("perlin_float_3d", |g, p| g.perlin_noise(xyz(g, p))),
        ("perlin_vec3_2d", |g, p| g.perlin_noise_vec3(xy(g, p))),
        ("perlin_vec3_3d", |g, p| g.perlin_noise_vec3(xyz(g, p))),
    ],
};

/// `mx_noise_*` with amplitude and pivot (a vec4 texcoord converted as three.js converts it).
pub const MX_NOISE: Rows = Rows {
    file: "perlin.json",
    rows: &[
        ("noise_float_2d", |g, p| {
            g.mx_noise_float(xy(g, p), g.float(1.7), g.float(0.3))
        }),
        ("noise_float_3d", |g, p| {
            g.mx_noise_float(xyz(g, p), g.float(2.5), g.float(-0.75))
        }),
        ("noise_float_3d_1_0", |g, p| {
            g.mx_noise_float(xyz(g, p), g.float(1.0), g.float(0.0))
        }),
        ("noise_float_of_vec4", |g, p| {
            g.mx_noise_float(p, g.float(0.5), g.float(0.5))
        }),
        ("noise_vec3_2d", |g, p| {
            g.mx_noise_vec3(xy(g, p), g.float(0.8), g.float(-0.1))
        }),
        ("noise_vec3_3d", |g, p| {
            g.mx_noise_vec3(xyz(g, p), g.float(0.6), g.float(0.5))
        }),
        ("noise_vec4_2d", |g, p| {
            g.mx_noise_vec4(xy(g, p), g.float(1.3), g.float(-0.2))
        }),
        ("noise_vec4_3d", |g, p| {
            g.mx_noise_vec4(xyz(g, p), g.float(0.7), g.float(0.1))
        }),
    ],
};

/// Worley noise of every kind, metric and style (a vec2 texcoord gets z = 0 in
/// `mx_worley_noise_float`; `mx_worley_noise_vec3`'s metric 1, squared distances, is TSL's
/// default).
pub const WORLEY: Rows = Rows {
    file: "worley.json",
    rows: &[
        ("worley_float_3d", |g, p| {
            g.mx_worley_noise_float(xyz(g, p), g.float(1.0), g.float(0.0))
        }),
        ("worley_float_3d_j", |g, p| {
            g.mx_worley_noise_float(xyz(g, p), g.float(0.6), g.float(0.0))
        }),
        ("worley_float_3d_style1", |g, p| {
            g.mx_worley_noise_float(xyz(g, p), g.float(0.8), g.float(1.0))
        }),
        ("worley_float_of_vec2", |g, p| {
            g.mx_worley_noise_float(xy(g, p), g.float(1.0), g.float(0.0))
        }),
        ("worley_float_2d", |g, p| {
            g.mx_worley_noise_float_2d(xy(g, p), g.float(1.0), g.float(0.0))
        }),
        ("worley_float_2d_j", |g, p| {
            g.mx_worley_noise_float_2d(xy(g, p), g.float(0.6), g.float(0.0))
        }),
        ("worley_float_2d_style1", |g, p| {
            g.mx_worley_noise_float_2d(xy(g, p), g.float(0.8), g.float(1.0))
        }),
        ("worley_vec2_2d", |g, p| {
            g.mx_worley_noise_vec2(xy(g, p), g.float(1.0))
        }),
        ("worley_vec2_3d", |g, p| {
            g.mx_worley_noise_vec2(xyz(g, p), g.float(0.7))
        }),
        ("worley_vec3_2d_m0", |g, p| {
            g.mx_worley_noise_vec3(xy(g, p), g.float(1.0), g.float(0.0))
        }),
        ("worley_vec3_2d_m1", |g, p| {
            g.mx_worley_noise_vec3(xy(g, p), g.float(1.0), g.float(1.0))
        }),
        ("worley_vec3_2d_m2", |g, p| {
            g.mx_worley_noise_vec3(xy(g, p), g.float(0.9), g.float(2.0))
        }),
        ("worley_vec3_2d_m3", |g, p| {
            g.mx_worley_noise_vec3(xy(g, p), g.float(0.5), g.float(3.0))
        }),
        ("worley_vec3_3d_m0", |g, p| {
            g.mx_worley_noise_vec3(xyz(g, p), g.float(1.0), g.float(0.0))
        }),
        ("worley_vec3_3d_m1", |g, p| {
            g.mx_worley_noise_vec3(xyz(g, p), g.float(1.0), g.float(1.0))
        }),
        ("worley_vec3_3d_m2", |g, p| {
            g.mx_worley_noise_vec3(xyz(g, p), g.float(0.9), g.float(2.0))
        }),
        ("worley_vec3_3d_m3", |g, p| {
            g.mx_worley_noise_vec3(xyz(g, p), g.float(0.5), g.float(3.0))
        }),
        ("worley_style_2d_s1m0", |g, p| {
            g.mx_worley_noise_vec3_style(xy(g, p), g.float(1.0), g.float(1.0), g.float(0.0))
        }),
        ("worley_style_2d_s1m2", |g, p| {
            g.mx_worley_noise_vec3_style(xy(g, p), g.float(0.5), g.float(1.0), g.float(2.0))
        }),
        ("worley_style_3d_s1m0", |g, p| {
            g.mx_worley_noise_vec3_style(xyz(g, p), g.float(1.0), g.float(1.0), g.float(0.0))
        }),
        ("worley_style_3d_s1m3", |g, p| {
            g.mx_worley_noise_vec3_style(xyz(g, p), g.float(0.5), g.float(1.0), g.float(3.0))
        }),
        ("worley_style_3d_s0m2", |g, p| {
            g.mx_worley_noise_vec3_style(xyz(g, p), g.float(0.7), g.float(0.0), g.float(2.0))
        }),
    ],
};

/// `mx_unifiednoise2d` / `3d`: freq, offset, jitter, outmin and outmax as the probe's uniforms
/// (`tools/oracle_probes/noise_unified.mjs`), style 0, lacunarity 2, diminish 0.5.
fn unified(
    g: &NodeGraph,
    p: NodeRef,
    d3: bool,
    kind: f32,
    jitter: f32,
    clamp: bool,
    octaves: u32,
) -> NodeRef {
    let f = |v: f32| g.float(v);
    let (point, freq, offset) = if d3 {
        (xyz(g, p), g.vec3(1.5, 0.75, 2.0), g.vec3(0.25, -3.0, 1.0))
    } else {
        (xy(g, p), g.vec2(1.5, 0.75), g.vec2(0.25, -3.0))
    };
    let args = (f(kind), point, freq, offset, f(jitter), f(-0.5), f(1.25));
    let clamp = f(if clamp { 1.0 } else { 0.0 });
    let (a, b, c) = (f(2.0), f(0.5), f(0.0));
    if d3 {
        g.mx_unifiednoise3d(
            args.0, args.1, args.2, args.3, args.4, args.5, args.6, clamp, octaves, a, b, c,
        )
    } else {
        g.mx_unifiednoise2d(
            args.0, args.1, args.2, args.3, args.4, args.5, args.6, clamp, octaves, a, b, c,
        )
    }
}

/// The unified noises with jitter 1 (a rotation by 0 degrees: exact).
pub const UNIFIED: Rows = Rows {
    file: "unified.json",
    rows: &[
        ("unified2d_perlin", |g, p| {
            unified(g, p, false, 0.0, 1.0, false, 1)
        }),
        ("unified2d_cell", |g, p| {
            unified(g, p, false, 1.0, 1.0, false, 1)
        }),
        ("unified2d_worley", |g, p| {
            unified(g, p, false, 2.0, 1.0, false, 1)
        }),
        ("unified2d_fractal", |g, p| {
            unified(g, p, false, 3.0, 1.0, false, 3)
        }),
        ("unified2d_perlin_clamp", |g, p| {
            unified(g, p, false, 0.0, 1.0, true, 1)
        }),
        ("unified3d_perlin", |g, p| {
            unified(g, p, true, 0.0, 1.0, false, 1)
        }),
        ("unified3d_cell", |g, p| {
            unified(g, p, true, 1.0, 1.0, false, 1)
        }),
        ("unified3d_worley", |g, p| {
            unified(g, p, true, 2.0, 1.0, false, 1)
        }),
        ("unified3d_fractal", |g, p| {
            unified(g, p, true, 3.0, 1.0, false, 3)
        }),
        ("unified3d_fractal_clamp", |g, p| {
            unified(g, p, true, 3.0, 1.0, true, 2)
        }),
    ],
};

/// The unified noises with jitter 0.9: the point turns by −9000 degrees through `sin` and `cos`.
pub const UNIFIED_TURNED: Rows = Rows {
    file: "unified.json",
    rows: &[
        ("unified2d_perlin_j", |g, p| {
            unified(g, p, false, 0.0, 0.9, false, 1)
        }),
        ("unified3d_perlin_j", |g, p| {
            unified(g, p, true, 0.0, 0.9, false, 1)
        }),
    ],
};

/// `mx_cell_noise_float` with TSL's conversion of the point.
pub const MX_CELL: Rows = Rows {
    file: "cell.json",
    rows: &[
        ("cell_float_2d", |g, p| g.mx_cell_noise_float(xy(g, p))),
        ("cell_float_3d", |g, p| g.mx_cell_noise_float(xyz(g, p))),
        ("mx_cell_float_of_float", |g, p| {
            g.mx_cell_noise_float(x(g, p))
        }),
        ("mx_cell_float_of_vec4", |g, p| g.mx_cell_noise_float(p)),
        ("cell_vec3_2d", |g, p| g.mx_cell_noise_vec3(xy(g, p))),
        ("cell_vec3_3d", |g, p| g.mx_cell_noise_vec3(xyz(g, p))),
    ],
};

/// `cell_noise` and `cell_noise_vec3` of the point as it is (`raw(input)` in the fixture).
pub const CELL_RAW: Rows = Rows {
    file: "cell.json",
    rows: &[
        ("cell_float_1d", |g, p| g.cell_noise(x(g, p))),
        ("cell_float_4d", |g, p| g.cell_noise(p)),
        ("cell_vec3_1d", |g, p| g.cell_noise_vec3(x(g, p))),
        ("cell_vec3_2d", |g, p| g.cell_noise_vec3(xy(g, p))),
        ("cell_vec3_3d", |g, p| g.cell_noise_vec3(xyz(g, p))),
        ("cell_vec3_4d", |g, p| g.cell_noise_vec3(p)),
    ],
};

/// `mx_fractal_noise_float`, three.js's octave loop unrolled (a vec2 position gets z = 0).
pub const FRACTAL: Rows = Rows {
    file: "fractal.json",
    rows: &[
        ("fractal_float_3d", |g, p| {
            g.mx_fractal_noise_float(xyz(g, p), 3, g.float(2.0), g.float(0.5), g.float(1.0))
        }),
        ("fractal_float_3d_p", |g, p| {
            g.mx_fractal_noise_float(xyz(g, p), 5, g.float(2.1), g.float(0.6), g.float(1.3))
        }),
        ("fractal_float_3d_o1", |g, p| {
            g.mx_fractal_noise_float(xyz(g, p), 1, g.float(2.0), g.float(0.5), g.float(0.7))
        }),
        ("fractal_float_of_vec2", |g, p| {
            g.mx_fractal_noise_float(xy(g, p), 3, g.float(2.0), g.float(0.5), g.float(1.0))
        }),
        ("fractal_float_2d", |g, p| {
            g.mx_fractal_noise_float_2d(xy(g, p), 3, g.float(2.0), g.float(0.5), g.float(1.0))
        }),
        ("fractal_float_2d_p", |g, p| {
            g.mx_fractal_noise_float_2d(xy(g, p), 4, g.float(1.9), g.float(0.45), g.float(0.8))
        }),
        ("fractal_vec2", |g, p| {
            g.mx_fractal_noise_vec2(xyz(g, p), 3, g.float(2.0), g.float(0.5), g.float(0.9))
        }),
    ],
};

/// `mx_fractal_noise_vec3` / `_vec4` (three.js's GLSL run on llvmpipe: see the probe's README)
/// and the two control rows.
pub const FRACTAL_VEC: Rows = Rows {
    file: "fractal_vec.json",
    rows: &[
        ("fractal_vec3", |g, p| {
            g.mx_fractal_noise_vec3(xyz(g, p), 4, g.float(2.5), g.float(0.4), g.float(1.1))
        }),
        ("fractal_vec4", |g, p| {
            g.mx_fractal_noise_vec4(xyz(g, p), 3, g.float(2.0), g.float(0.5), g.float(1.0))
        }),
        ("fractal_vec2_ctl", |g, p| {
            g.mx_fractal_noise_vec2(xyz(g, p), 3, g.float(2.0), g.float(0.5), g.float(0.9))
        }),
        ("fractal_float_3d_p_ctl", |g, p| {
            g.mx_fractal_noise_float(xyz(g, p), 5, g.float(2.1), g.float(0.6), g.float(1.3))
        }),
    ],
};

/// TSL's `hash` of each component of the point (negative, fractional and huge seeds among them).
pub const HASH: Rows = Rows {
    file: "hash.json",
    rows: &[
        ("hash_x", |g, p| g.hash(x(g, p))),
        ("hash_y", |g, p| g.hash(g.swizzle(p, "y"))),
        ("hash_z", |g, p| g.hash(g.swizzle(p, "z"))),
        ("hash_w", |g, p| g.hash(g.swizzle(p, "w"))),
    ],
};

/// Every table above.
pub const ALL: [&Rows; 9] = [
    &PERLIN,
    &MX_NOISE,
    &WORLEY,
    &MX_CELL,
    &CELL_RAW,
    &FRACTAL,
    &FRACTAL_VEC,
    &HASH,
    &UNIFIED,
];

/// The fixture point as a vec4 node: `position_world` is its xyz, `uv.x` its w.
pub fn point(g: &NodeGraph) -> NodeRef {
    g.join(&[g.position_world(), g.swizzle(g.uv(), "x")])
}

/// `build` at the point, compiled: the value's first three components (a float repeated, a
/// vec2 with 0) as the colour, a vec4's w as the opacity; and the value's width.
pub fn program(build: Build) -> (NodeProgram, usize) {
    let g = NodeGraph::new();
    let value = build(&g, point(&g));
    let width = g.type_of(value).and_then(|t| t.width()).expect("a value");
    let colour = match width {
        1 => g.join(&[value, value, value]),
        2 => g.join(&[value, g.float(0.0)]),
        3 => value,
        _ => g.swizzle(value, "xyz"),
    };
    g.set_output(COLOR_NODE, colour).expect("a vec3");
    if width == 4 {
        g.set_output(OPACITY_NODE, g.swizzle(value, "w"))
            .expect("a float");
    }
    (g.compile().expect("compiles"), width)
}
