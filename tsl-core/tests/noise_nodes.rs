//! The noise nodes against three.js r187's own values: each graph is the TSL expression of a row
//! of the committed oracle fixtures (`tests/fixtures/noise/*.json`, made by real three.js; see
//! `tools/oracle_probes/README.md`), evaluated at the fixture's points, and must give its bits,
//! through the node's conversions, its `* amplitude + pivot` and its octave loop.
//!
//! The rows used are those whose parameters three.js passed as uniforms, which its GLSL compiler
//! cannot fold: they are three.js's arithmetic exactly. The rows with literal parameters
//! (`_lit`) measure the compiler's folding, not TSL's definition; tests/noise.rs bounds those.

mod noise_graphs;

use noise_graphs::{Build, Rows};
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
    fn check(&self, name: &str, build: Build) {
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

impl Fixture {
    /// Holds `build` to the row `name` within `tol(point)` at the points whose first three
    /// components are within `max_abs` (the others are skipped: the rows' error grows with the
    /// point); returns the worst difference.
    fn check_near(&self, name: &str, build: Build, tol: fn(&[f32; 4]) -> f32, max_abs: f32) -> f32 {
        let got = run(&self.points, build);
        let (mut checked, mut worst) = (0, 0.0f32);
        for (i, v) in self.rows[name]
            .as_array()
            .expect("a row")
            .iter()
            .enumerate()
        {
            if self.points[i][..3].iter().any(|c| c.abs() > max_abs) {
                continue;
            }
            let want = f32::from_bits(bits(v.as_str().expect("bits"))[0]);
            let found = f32::from_bits(got[i][0]);
            worst = worst.max((want - found).abs());
            assert!(
                (want - found).abs() <= tol(&self.points[i]),
                "{}/{name} #{i} {:?}: three.js {want}, graph {found}",
                self.file,
                self.points[i]
            );
            checked += 1;
        }
        assert!(
            checked >= 100,
            "{}/{name}: only {checked} points",
            self.file
        );
        worst
    }
}

/// Evaluate `build(graph, point)` at every point, as the bits of each component.
fn run(points: &[[f32; 4]], build: Build) -> Vec<Vec<u32>> {
    let (program, width) = noise_graphs::program(build);
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

/// Hold every row of `rows` to its fixture.
fn check_rows(rows: &Rows) {
    let f = fixture(rows.file);
    for &(name, build) in rows.rows {
        f.check(name, build);
    }
}

#[test]
fn perlin_noise_of_vec2_and_vec3_points() {
    check_rows(&noise_graphs::PERLIN);
}

#[test]
fn mx_noise_adds_amplitude_and_pivot_as_three_js_does() {
    check_rows(&noise_graphs::MX_NOISE);
}

#[test]
fn cell_and_worley_noise() {
    check_rows(&noise_graphs::WORLEY);
    check_rows(&noise_graphs::MX_CELL);
}

#[test]
fn worley_style_and_metric_as_run_time_values() {
    // A uniform style selects between the two forms at run time; a uniform metric is read as
    // three.js's `int(metric)`: 1.5 is 1 (squared), 2.75 is 2 (Manhattan).
    let f = fixture("worley.json");
    f.check("worley_style_3d_s1m0", |g, p| {
        let style = g.named_uniform("style", 1.0f32);
        g.mx_worley_noise_vec3_style(g.swizzle(p, "xyz"), g.float(1.0), style, g.float(0.0))
    });
    f.check("worley_vec3_3d_m0", |g, p| {
        let style = g.named_uniform("style", 0.0f32);
        g.mx_worley_noise_vec3_style(g.swizzle(p, "xyz"), g.float(1.0), style, g.float(0.0))
    });
    f.check("worley_vec3_2d_m1", |g, p| {
        let metric = g.named_uniform("metric", 1.5f32);
        g.mx_worley_noise_vec3(g.swizzle(p, "xy"), g.float(1.0), metric)
    });
    f.check("worley_vec3_3d_m2", |g, p| {
        let metric = g.named_uniform("metric", 2.75f32);
        g.mx_worley_noise_vec3(g.swizzle(p, "xyz"), g.float(0.9), metric)
    });
    f.check("worley_float_2d_style1", |g, p| {
        let style = g.named_uniform("style", 1.25f32);
        g.mx_worley_noise_float_2d(g.swizzle(p, "xy"), g.float(0.8), style)
    });
}

#[test]
fn fractal_noise_unrolls_three_js_octave_loop() {
    check_rows(&noise_graphs::FRACTAL);
    // No octave: the loop never runs, and 0 × amplitude is 0.
    let f = fixture("fractal.json");
    for value in run(&f.points, |g, p| {
        g.mx_fractal_noise_float(
            g.swizzle(p, "xyz"),
            0,
            g.float(2.0),
            g.float(0.5),
            g.float(1.0),
        )
    }) {
        assert_eq!(value, vec![0.0f32.to_bits()]);
    }
}

#[test]
fn fractal_noise_2d_vec2_vec3_and_vec4_as_three_js() {
    // fractal.json's 2D and vec2 rows (SwiftShader) and fractal_vec.json's vec3 and vec4
    // (three.js's GLSL on llvmpipe, which matches SwiftShader on the control rows).
    let f = fixture("fractal.json");
    for &(name, build) in noise_graphs::FRACTAL.rows {
        if name.starts_with("fractal_float_2d") || name == "fractal_vec2" {
            f.check(name, build);
        }
    }
    check_rows(&noise_graphs::FRACTAL_VEC);
}

#[test]
fn unified_noise_of_every_type_as_three_js() {
    check_rows(&noise_graphs::UNIFIED);
    // With jitter 0.9 the point q = p * freq + offset (|q| <= 2 |p| + 3) turns by -9000 degrees
    // through sin and cos, which SwiftShader computes within ~1.7e-4 absolute
    // (tools/three_oracle/ORACLE_README.md): the turned point moves by up to 2 * 1.7e-4 * |q|,
    // and the noise (Perlin, slope below 2.5 after the * 0.5 and * 1.75 range) by under
    // 1e-3 * (1 + |q|). A wrong turn (direction, degrees or axis) moves it by tenths.
    let f = fixture("unified.json");
    for &(name, build) in noise_graphs::UNIFIED_TURNED.rows {
        let tol = |p: &[f32; 4]| {
            let q = p[..3].iter().fold(0.0f32, |m, c| m.max(c.abs())) * 2.0 + 3.0;
            1e-3 * (1.0 + q)
        };
        let worst = f.check_near(name, build, tol, 10.0);
        println!("{name}: worst {worst:e}");
    }
}

#[test]
fn hash_is_three_js_pcg_hash_bit_for_bit() {
    check_rows(&noise_graphs::HASH);
}

#[test]
fn cell_noise_of_one_to_four_floats() {
    check_rows(&noise_graphs::CELL_RAW);
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
    let g = NodeGraph::new();
    g.mx_fractal_noise_vec4(g.uv(), 100, g.float(2.0), g.float(0.5), g.float(1.0));
    assert_eq!(
        g.error().unwrap().to_string(),
        "mx_fractal_noise_vec4: 100 octaves, more than 64"
    );
}
