//! The noise nodes against three.js r187's own values: each graph is the TSL expression of a row
//! of the committed oracle fixtures (`tests/fixtures/noise/*.json`, made by real three.js; see
//! `tools/oracle_probes/README.md`), evaluated at the fixture's points, and must give its bits,
//! through the node's conversions, its `* amplitude + pivot` and its octave loop.
//!
//! The rows used are those whose parameters three.js passed as uniforms, which its GLSL compiler
//! cannot fold: they are three.js's arithmetic exactly. The rows with literal parameters
//! (`_lit`) measure the compiler's folding, not TSL's definition; tests/noise.rs bounds those.

use serde_json::Value;
use tsl_core::*;

/// The fixture `file`: its points (x, y, z, w) and each row's values, as bits.
struct Fixture {
    file: &'static str,
    points: Vec<[f32; 4]>,
    rows: Value,
}

fn bits(hex: &str) -> Vec<u32> {
    hex.split(' ')
        .map(|h| u32::from_str_radix(h.trim_start_matches("0x"), 16).expect("hex bits"))
        .collect()
}

fn fixture(file: &'static str) -> Fixture {
    let path = format!("{}/tests/fixtures/noise/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let points: Vec<[f32; 4]> = doc["inputs"]
        .as_array()
        .unwrap_or_else(|| panic!("{path}: inputs"))
        .iter()
        .map(|p| {
            let b = bits(p.as_str().expect("a point's bits"));
            [0, 1, 2, 3].map(|k| f32::from_bits(b[k]))
        })
        .collect();
    assert!(points.len() >= 200, "{file}: only {} points", points.len());
    Fixture {
        file,
        points,
        rows: doc["outputs"].clone(),
    }
}

impl Fixture {
    /// Holds `build(graph, point)` to the row `name`, bit for bit at every point. The point is a
    /// vec4 node (x, y, z, w); the value is a float, vec2, vec3 or vec4 as the row's.
    fn check(&self, name: &str, build: impl Fn(&NodeGraph, NodeRef) -> NodeRef) {
        let want: Vec<Vec<u32>> = self.rows[name]
            .as_array()
            .unwrap_or_else(|| panic!("{}: no row {name}", self.file))
            .iter()
            .map(|v| bits(v.as_str().expect("a value's bits")))
            .collect();
        assert_eq!(want.len(), self.points.len(), "{}/{name}", self.file);
        let got = run(&self.points, build);
        let mut differ = 0;
        let mut first = None;
        for (i, (w, g)) in want.iter().zip(&got).enumerate() {
            assert_eq!(w.len(), g.len(), "{}/{name}: the value's width", self.file);
            if w != g {
                differ += 1;
                first.get_or_insert(format!(
                    "#{i} {:?}: three.js {:?}, graph {:?}",
                    self.points[i],
                    w.iter().map(|&b| f32::from_bits(b)).collect::<Vec<_>>(),
                    g.iter().map(|&b| f32::from_bits(b)).collect::<Vec<_>>()
                ));
            }
        }
        assert!(
            differ == 0,
            "{}/{name}: {differ} of {} points differ; first {}",
            self.file,
            got.len(),
            first.unwrap_or_default()
        );
    }
}

/// The fixture point as a vec4 node: `position_world` is its xyz, `uv.x` its w.
fn point(g: &NodeGraph) -> NodeRef {
    g.join(&[g.position_world(), g.swizzle(g.uv(), "x")])
}

/// Evaluate `build(graph, point)` at every point, as the bits of each component.
fn run(points: &[[f32; 4]], build: impl Fn(&NodeGraph, NodeRef) -> NodeRef) -> Vec<Vec<u32>> {
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
    let program = g.compile().expect("compiles");
    points
        .iter()
        .map(|p| {
            let f = Fragment {
                position_world: glam::Vec3::new(p[0], p[1], p[2]),
                uv: glam::Vec2::new(p[3], 0.0),
                ..Fragment::default()
            };
            let mut v = program.evaluate(COLOR_NODE, &f).unwrap();
            v.truncate(width.min(3));
            if width == 4 {
                v.extend(program.evaluate(OPACITY_NODE, &f).unwrap());
            }
            v.iter().map(|x| x.to_bits()).collect()
        })
        .collect()
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

#[test]
fn perlin_noise_of_vec2_and_vec3_points() {
    let f = fixture("perlin.json");
    f.check("perlin_float_2d", |g, p| g.perlin_noise(xy(g, p)));
    f.check("perlin_float_3d", |g, p| g.perlin_noise(xyz(g, p)));
    f.check("perlin_vec3_2d", |g, p| g.perlin_noise_vec3(xy(g, p)));
    f.check("perlin_vec3_3d", |g, p| g.perlin_noise_vec3(xyz(g, p)));
}

#[test]
fn mx_noise_adds_amplitude_and_pivot_as_three_js_does() {
    let f = fixture("perlin.json");
    let noise = |name, to: fn(&NodeGraph, NodeRef) -> NodeRef, width, amp: f32, pivot: f32| {
        f.check(name, |g, p| {
            let (t, a, b) = (to(g, p), g.float(amp), g.float(pivot));
            match width {
                1 => g.mx_noise_float(t, a, b),
                3 => g.mx_noise_vec3(t, a, b),
                _ => g.mx_noise_vec4(t, a, b),
            }
        })
    };
    noise("noise_float_2d", xy, 1, 1.7, 0.3);
    noise("noise_float_3d", xyz, 1, 2.5, -0.75);
    noise("noise_float_3d_1_0", xyz, 1, 1.0, 0.0);
    // A vec4 texcoord is converted as three.js converts it.
    noise("noise_float_of_vec4", |_, p| p, 1, 0.5, 0.5);
    noise("noise_vec3_2d", xy, 3, 0.8, -0.1);
    noise("noise_vec3_3d", xyz, 3, 0.6, 0.5);
    noise("noise_vec4_2d", xy, 4, 1.3, -0.2);
    noise("noise_vec4_3d", xyz, 4, 0.7, 0.1);
}

#[test]
fn cell_and_worley_noise() {
    let f = fixture("worley.json");
    f.check("worley_float_3d", |g, p| {
        g.mx_worley_noise_float(xyz(g, p), g.float(1.0))
    });
    f.check("worley_float_3d_j", |g, p| {
        g.mx_worley_noise_float(xyz(g, p), g.float(0.6))
    });
    // A vec2 texcoord gets z = 0: still the 3D noise.
    f.check("worley_float_of_vec2", |g, p| {
        g.mx_worley_noise_float(xy(g, p), g.float(1.0))
    });
    f.check("worley_vec2_2d", |g, p| {
        g.mx_worley_noise_vec2(xy(g, p), g.float(1.0))
    });
    f.check("worley_vec2_3d", |g, p| {
        g.mx_worley_noise_vec2(xyz(g, p), g.float(0.7))
    });
    // three.js's `mx_worley_noise_vec3(texcoord, jitter)` takes metric 1 (squared distances)
    // by default, which the rows pass explicitly.
    f.check("worley_vec3_2d_m1", |g, p| {
        g.mx_worley_noise_vec3(xy(g, p), g.float(1.0))
    });
    f.check("worley_vec3_3d_m1", |g, p| {
        g.mx_worley_noise_vec3(xyz(g, p), g.float(1.0))
    });
    let f = fixture("cell.json");
    f.check("cell_float_2d", |g, p| g.mx_cell_noise_float(xy(g, p)));
    f.check("cell_float_3d", |g, p| g.mx_cell_noise_float(xyz(g, p)));
    f.check("mx_cell_float_of_float", |g, p| {
        g.mx_cell_noise_float(x(g, p))
    });
    f.check("mx_cell_float_of_vec4", |g, p| g.mx_cell_noise_float(p));
}

#[test]
fn fractal_noise_unrolls_three_js_octave_loop() {
    let f = fixture("fractal.json");
    let fractal =
        |name, to: fn(&NodeGraph, NodeRef) -> NodeRef, octaves, l: f32, d: f32, a: f32| {
            f.check(name, |g, p| {
                g.mx_fractal_noise_float(to(g, p), octaves, g.float(l), g.float(d), g.float(a))
            })
        };
    fractal("fractal_float_3d", xyz, 3, 2.0, 0.5, 1.0);
    fractal("fractal_float_3d_p", xyz, 5, 2.1, 0.6, 1.3);
    fractal("fractal_float_3d_o1", xyz, 1, 2.0, 0.5, 0.7);
    // A vec2 position gets z = 0.
    fractal("fractal_float_of_vec2", xy, 3, 2.0, 0.5, 1.0);
    // No octave: the loop never runs, and 0 × amplitude is 0.
    for value in run(&f.points, |g, p| {
        g.mx_fractal_noise_float(xyz(g, p), 0, g.float(2.0), g.float(0.5), g.float(1.0))
    }) {
        assert_eq!(value, vec![0.0f32.to_bits()]);
    }
}

#[test]
fn cell_noise_of_one_to_four_floats() {
    // `raw(input)` in the fixture: the point as it is, without TSL's conversion.
    let f = fixture("cell.json");
    f.check("cell_float_1d", |g, p| g.cell_noise(x(g, p)));
    f.check("cell_float_4d", |g, p| g.cell_noise(p));
    f.check("cell_vec3_1d", |g, p| g.cell_noise_vec3(x(g, p)));
    f.check("cell_vec3_2d", |g, p| g.cell_noise_vec3(xy(g, p)));
    f.check("cell_vec3_3d", |g, p| g.cell_noise_vec3(xyz(g, p)));
    f.check("cell_vec3_4d", |g, p| g.cell_noise_vec3(p));
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
