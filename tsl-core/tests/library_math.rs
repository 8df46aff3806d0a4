//! The pure-math TSL library (R-MATH-11, docs/requirements.md) against three.js r187 itself: every
//! row of `tests/fixtures/library/library_math.json` (made by
//! `tools/oracle_probes/library_math.mjs` on SwiftShader; see `tools/oracle_probes/README.md`) is
//! built with the builder, compiled, and run by `NodeProgram::evaluate` on each of the fixture's
//! points, passed in as a vec4 uniform as the probe passes them in a texture.
//!
//! Bounds, from `tests/glsl_oracle.rs`: exact where three.js's formula is exact arithmetic on
//! these inputs; 1e-5 relative (1e-6 absolute) for divisions and square roots; 2e-4 absolute for
//! transcendentals (SwiftShader's `sin`, `exp`, `pow` are not correctly rounded; `asin`/`acos`
//! differ by ~1e-4 in docs/glsl.md's measurements). Rows that multiply a `sin`/`cos` by a
//! longer vector, or chain three rotations, get a wider absolute bound stated beside them: Vulkan
//! allows `sin`/`cos` an absolute error of 2⁻¹¹ (4.9e-4), and SwiftShader measured up to 2.4e-4.
//! `rand` cannot be compared with SwiftShader's at all (it multiplies `sin`'s last bits by
//! 43758.5453); it is held to a by-hand evaluation of three.js's formula instead.

use glam::Vec4;
use serde_json::Value;
use tsl_core::*;

/// How close a value must be to three.js's.
#[derive(Clone, Copy, Debug)]
enum Bound {
    /// Bit for bit (±0 equal).
    Exact,
    /// 1e-5 relative, 1e-6 absolute near zero: rational arithmetic and `sqrt`.
    Arith,
    /// 1e-5 relative or 2e-4 absolute: a transcendental inside.
    Trans,
    /// 1e-5 relative or this absolute: a row whose `sin`/`cos` error is scaled up (see the
    /// module docs).
    Abs(f32),
    /// `sinc`: [`Bound::Trans`], except where the argument is `EPSILON` (k·x = 1): there
    /// `sin(1e-6) / 1e-6` is 1 exactly in float32 (sin t = t − t³/6, and t³/6 is 1e-13 of an
    /// ulp), and SwiftShader's `sin(1e-6)` is off by 3e-8, which the division makes 3%.
    Sinc,
    /// Not compared with SwiftShader (see the module docs and `rand_is_three_formula`).
    Skip,
}

impl Bound {
    fn holds(self, got: f32, want: f32) -> bool {
        if got.is_nan() || want.is_nan() {
            return got.is_nan() && want.is_nan();
        }
        if got.is_infinite() || want.is_infinite() {
            return got == want;
        }
        let scale = got.abs().max(want.abs());
        match self {
            Bound::Exact => got == want,
            Bound::Arith => (got - want).abs() <= (1e-5 * scale).max(1e-6),
            Bound::Trans => (got - want).abs() <= (1e-5 * scale).max(2e-4),
            Bound::Abs(bound) => (got - want).abs() <= (1e-5 * scale).max(bound),
            Bound::Sinc => {
                Bound::Trans.holds(got, want) || (got == 1.0 && (want - 1.0).abs() < 0.05)
            }
            Bound::Skip => true,
        }
    }
}

type Build = fn(&NodeGraph, NodeRef) -> NodeRef;

fn c(g: &NodeGraph, input: NodeRef, pattern: &str) -> NodeRef {
    g.swizzle(input, pattern)
}

/// The probe's `m3(input)`: the point's components in an order that makes it asymmetric, 2
/// added on the diagonal.
fn m3(g: &NodeGraph, i: NodeRef) -> NodeRef {
    g.matrix(&[
        g.add(c(g, i, "xyz"), g.vec3(2.0, 0.0, 0.0)),
        g.add(c(g, i, "yzw"), g.vec3(0.0, 2.0, 0.0)),
        g.add(c(g, i, "wxy"), g.vec3(0.0, 0.0, 2.0)),
    ])
}

/// The probe's `m4(input)`.
fn m4(g: &NodeGraph, i: NodeRef) -> NodeRef {
    g.matrix(&[
        g.add(i, g.vec4(2.0, 0.0, 0.0, 0.0)),
        g.add(c(g, i, "zxwy"), g.vec4(0.0, 2.0, 0.0, 0.0)),
        g.add(c(g, i, "wyxz"), g.vec4(0.0, 0.0, 2.0, 0.0)),
        g.add(c(g, i, "yzwx"), g.vec4(0.0, 0.0, 0.0, 2.0)),
    ])
}

fn e3(g: &NodeGraph, k: usize) -> NodeRef {
    let mut v = [0.0; 3];
    v[k] = 1.0;
    g.vec3(v[0], v[1], v[2])
}

fn e4(g: &NodeGraph, k: usize) -> NodeRef {
    let mut v = [0.0; 4];
    v[k] = 1.0;
    g.vec4(v[0], v[1], v[2], v[3])
}

/// The probe's `flag(b)`: a condition as 1 or 0.
fn flag(g: &NodeGraph, b: NodeRef) -> NodeRef {
    g.select(b, g.float(1.0), g.float(0.0))
}

/// Each fixture row as the builder writes it, with its bound.
const ROWS: &[(&str, Bound, Build)] = &[
    ("constants", Bound::Exact, |g, _| {
        g.vec4(PI, TWO_PI, HALF_PI, EPSILON)
    }),
    ("infinity", Bound::Exact, |g, _| g.float(INFINITY)),
    ("cbrt", Bound::Trans, |g, i| g.cbrt(i)),
    ("length_sq", Bound::Arith, |g, i| g.length_sq(i)),
    ("length_sq_vec2", Bound::Arith, |g, i| {
        g.length_sq(c(g, i, "yw"))
    }),
    ("difference", Bound::Exact, |g, i| {
        g.difference(c(g, i, "xy"), c(g, i, "zw"))
    }),
    ("pow2", Bound::Exact, |g, i| g.pow2(i)),
    ("pow3", Bound::Exact, |g, i| g.pow3(i)),
    ("pow4", Bound::Exact, |g, i| g.pow4(i)),
    ("sinh", Bound::Trans, |g, i| g.sinh(i)),
    ("cosh", Bound::Trans, |g, i| g.cosh(i)),
    ("tanh", Bound::Trans, |g, i| g.tanh(i)),
    ("asinh", Bound::Trans, |g, i| g.asinh(i)),
    ("acosh", Bound::Trans, |g, i| {
        g.acosh(g.add(c(g, i, "z"), g.float(1.0)))
    }),
    ("atanh", Bound::Trans, |g, i| g.atanh(c(g, i, "w"))),
    ("all", Bound::Exact, |g, i| {
        flag(g, g.all(g.greater_than(c(g, i, "xw"), g.float(0.25))))
    }),
    ("any", Bound::Exact, |g, i| {
        flag(g, g.any(g.greater_than(c(g, i, "xw"), g.float(0.25))))
    }),
    ("determinant3", Bound::Arith, |g, i| g.determinant(m3(g, i))),
    ("determinant4", Bound::Arith, |g, i| g.determinant(m4(g, i))),
    ("transpose3_c0", Bound::Exact, |g, i| {
        g.mul(g.transpose(m3(g, i)), e3(g, 0))
    }),
    ("transpose3_c1", Bound::Exact, |g, i| {
        g.mul(g.transpose(m3(g, i)), e3(g, 1))
    }),
    ("transpose3_c2", Bound::Exact, |g, i| {
        g.mul(g.transpose(m3(g, i)), e3(g, 2))
    }),
    ("transpose4_c0", Bound::Exact, |g, i| {
        g.mul(g.transpose(m4(g, i)), e4(g, 0))
    }),
    ("transpose4_c1", Bound::Exact, |g, i| {
        g.mul(g.transpose(m4(g, i)), e4(g, 1))
    }),
    ("transpose4_c2", Bound::Exact, |g, i| {
        g.mul(g.transpose(m4(g, i)), e4(g, 2))
    }),
    ("transpose4_c3", Bound::Exact, |g, i| {
        g.mul(g.transpose(m4(g, i)), e4(g, 3))
    }),
    ("inverse3_c0", Bound::Arith, |g, i| {
        g.mul(g.inverse(m3(g, i)), e3(g, 0))
    }),
    ("inverse3_c1", Bound::Arith, |g, i| {
        g.mul(g.inverse(m3(g, i)), e3(g, 1))
    }),
    ("inverse3_c2", Bound::Arith, |g, i| {
        g.mul(g.inverse(m3(g, i)), e3(g, 2))
    }),
    ("inverse4_c0", Bound::Arith, |g, i| {
        g.mul(g.inverse(m4(g, i)), e4(g, 0))
    }),
    ("inverse4_c1", Bound::Arith, |g, i| {
        g.mul(g.inverse(m4(g, i)), e4(g, 1))
    }),
    ("inverse4_c2", Bound::Arith, |g, i| {
        g.mul(g.inverse(m4(g, i)), e4(g, 2))
    }),
    ("inverse4_c3", Bound::Arith, |g, i| {
        g.mul(g.inverse(m4(g, i)), e4(g, 3))
    }),
    ("parabola", Bound::Trans, |g, i| {
        g.parabola(c(g, i, "x"), c(g, i, "z"))
    }),
    ("gain", Bound::Trans, |g, i| {
        g.gain(c(g, i, "x"), c(g, i, "z"))
    }),
    ("pcurve", Bound::Trans, |g, i| {
        let b = g.add(c(g, i, "w"), g.float(2.0));
        g.pcurve(c(g, i, "x"), c(g, i, "z"), b)
    }),
    ("sinc", Bound::Sinc, |g, i| {
        g.sinc(c(g, i, "y"), c(g, i, "z"))
    }),
    ("remap_clamp", Bound::Arith, |g, i| {
        let (x, y, z, w) = (c(g, i, "x"), c(g, i, "y"), c(g, i, "z"), c(g, i, "w"));
        g.remap_clamp(y, w, z, x, z)
    }),
    ("remap_clamp_default", Bound::Arith, |g, i| {
        let (lo, hi) = (g.float(-1.0), g.float(2.0));
        g.remap_clamp(c(g, i, "yw"), lo, hi, g.float(0.0), g.float(1.0))
    }),
    // fract(sin(k) · 43758.5453) multiplies the difference between SwiftShader's sin and ours by
    // 4e4 (as tests/glsl_oracle.rs's mix_hash case, where Mesa's sin is closer): see
    // `rand_is_three_formula`.
    ("rand", Bound::Skip, |g, i| g.rand(c(g, i, "xy"))),
    ("rand_wide", Bound::Skip, |g, i| {
        g.rand(g.mul(c(g, i, "yz"), g.float(100.0)))
    }),
    ("osc_sine", Bound::Trans, |g, i| g.osc_sine(c(g, i, "y"))),
    ("osc_square", Bound::Exact, |g, i| {
        g.osc_square(c(g, i, "y"))
    }),
    ("osc_triangle", Bound::Exact, |g, i| {
        g.osc_triangle(c(g, i, "y"))
    }),
    ("osc_sawtooth", Bound::Exact, |g, i| {
        g.osc_sawtooth(c(g, i, "y"))
    }),
    // |p| up to 1.5: 1.5 × 2.4e-4.
    ("rotate2", Bound::Abs(4e-4), |g, i| {
        g.rotate(c(g, i, "xw"), c(g, i, "y"))
    }),
    // |p| up to 4.3, turned three times: measured 1.2e-3.
    ("rotate3", Bound::Abs(2e-3), |g, i| {
        g.rotate(c(g, i, "xzw"), c(g, i, "ywz"))
    }),
    ("rotate3_zyx", Bound::Abs(2e-3), |g, i| {
        g.rotate_in_order(c(g, i, "xzw"), c(g, i, "ywz"), EulerOrder::Zyx)
    }),
    // uv − center up to 1.9 long.
    ("rotate_uv", Bound::Abs(5e-4), |g, i| {
        g.rotate_uv(c(g, i, "xw"), c(g, i, "y"), c(g, i, "wx"))
    }),
    ("rotate_uv_default", Bound::Abs(5e-4), |g, i| {
        g.rotate_uv(c(g, i, "xw"), c(g, i, "y"), g.vec2(0.5, 0.5))
    }),
    ("spherize_uv", Bound::Arith, |g, i| {
        g.spherize_uv(c(g, i, "xw"), c(g, i, "z"), c(g, i, "wx"))
    }),
    ("spherize_uv_default", Bound::Arith, |g, i| {
        g.spherize_uv(c(g, i, "xw"), c(g, i, "z"), g.vec2(0.5, 0.5))
    }),
    ("equirect_uv", Bound::Trans, |g, i| {
        g.equirect_uv(c(g, i, "ywz"))
    }),
    // a product of two of cos/sin: measured 3.1e-4.
    ("equirect_direction", Bound::Abs(5e-4), |g, i| {
        g.equirect_direction(c(g, i, "xw"))
    }),
    ("spritesheet_uv", Bound::Arith, |g, i| {
        let frame = g.mul(c(g, i, "y"), g.float(4.0));
        g.spritesheet_uv(g.vec2(4.0, 3.0), c(g, i, "xw"), frame)
    }),
    ("checker", Bound::Exact, |g, i| g.checker(c(g, i, "yz"))),
    ("shape_circle", Bound::Exact, |g, i| {
        g.shape_circle(c(g, i, "xw"))
    }),
    ("tri_noise_3d", Bound::Arith, |g, i| {
        g.tri_noise_3d(c(g, i, "yzw"), c(g, i, "z"), c(g, i, "y"))
    }),
    ("pack_normal_to_rgb", Bound::Exact, |g, i| {
        g.pack_normal_to_rgb(c(g, i, "yzw"))
    }),
    ("unpack_rgb_to_normal", Bound::Exact, |g, i| {
        g.unpack_rgb_to_normal(c(g, i, "xzw"))
    }),
    ("unpack_normal", Bound::Arith, |g, i| {
        g.unpack_normal(c(g, i, "xw"))
    }),
    ("transform_normal_by_view_matrix", Bound::Arith, |g, i| {
        g.transform_normal_by_view_matrix(c(g, i, "yzw"), m4(g, i))
    }),
    (
        "transform_normal_by_inverse_view_matrix",
        Bound::Arith,
        |g, i| g.transform_normal_by_inverse_view_matrix(c(g, i, "yzw"), m4(g, i)),
    ),
    ("sh_irradiance_at", Bound::Arith, |g, i| {
        let coefficients = SH.map(|[x, y, z]| g.vec3(x, y, z));
        g.get_sh_irradiance_at(c(g, i, "ywx"), &coefficients)
    }),
];

/// The probe's `SH`: getShIrradianceAt's nine coefficients.
const SH: [[f32; 3]; 9] = [
    [0.5, 0.25, 0.125],
    [-0.25, 0.5, 0.75],
    [1.0, -0.5, 0.25],
    [0.125, 0.375, -1.0],
    [2.0, 0.5, -0.25],
    [-0.75, 1.5, 0.5],
    [0.25, -1.25, 1.0],
    [1.5, 0.75, -0.5],
    [-0.5, 0.25, 2.0],
];

struct Fixture {
    inputs: Vec<Vec4>,
    outputs: serde_json::Map<String, Value>,
}

fn bits(word: &str) -> f32 {
    f32::from_bits(u32::from_str_radix(word, 16).expect("hex bits"))
}

fn fixture() -> Fixture {
    let text = include_str!("fixtures/library/library_math.json");
    let json: Value = serde_json::from_str(text).expect("fixture JSON");
    let inputs = json["inputs"]
        .as_array()
        .expect("inputs")
        .iter()
        .map(|p| {
            let v: Vec<f32> = p.as_str().expect("bits").split(' ').map(bits).collect();
            Vec4::new(v[0], v[1], v[2], v[3])
        })
        .collect();
    let outputs = json["outputs"].as_object().expect("outputs").clone();
    Fixture { inputs, outputs }
}

/// three.js's value of row `name` at point `k`.
fn expected(fixture: &Fixture, name: &str, k: usize) -> Vec<f32> {
    fixture.outputs[name][k]
        .as_str()
        .expect("bits")
        .split(' ')
        .map(bits)
        .collect()
}

/// A row's program: the output of `build` over the uniform "input", on OPACITY_NODE (a float),
/// COLOR_NODE (a vec2 padded with 0, a vec3) or both (a vec4's xyz and w).
fn program_of(build: impl FnOnce(&NodeGraph, NodeRef) -> NodeRef) -> Result<NodeProgram, String> {
    let g = NodeGraph::new();
    let input = g.named_uniform("input", Vec4::ZERO);
    let out = build(&g, input);
    let set = |output, node| g.set_output(output, node).map_err(|e| e.to_string());
    match g.type_of(out) {
        Some(ValueType::Float) => set(OPACITY_NODE, out)?,
        Some(ValueType::Vec2) => set(COLOR_NODE, g.join(&[out, g.float(0.0)]))?,
        Some(ValueType::Vec3) => set(COLOR_NODE, out)?,
        Some(ValueType::Vec4) => {
            set(COLOR_NODE, g.swizzle(out, "xyz"))?;
            set(OPACITY_NODE, g.swizzle(out, "w"))?;
        }
        other => return Err(format!("type {other:?}: {:?}", g.error())),
    }
    g.compile().map_err(|e| e.to_string())
}

/// The program's value at `point`, as many floats as `width`.
fn run(program: &mut NodeProgram, point: Vec4, width: usize) -> Vec<f32> {
    program.set_uniform("input", point).expect("input uniform");
    let f = Fragment::default();
    let color = program.evaluate(COLOR_NODE, &f);
    let opacity = program.evaluate(OPACITY_NODE, &f);
    match (color, opacity) {
        (Some(rgb), Some(a)) => [rgb, a].concat(),
        (Some(rgb), None) => rgb[..width.min(rgb.len())].to_vec(),
        (None, Some(a)) => a,
        (None, None) => panic!("no output"),
    }
}

#[test]
fn every_row_matches_three() {
    let fixture = fixture();
    assert_eq!(fixture.inputs.len(), 48);
    let mut failures = Vec::new();
    for &(name, bound, build) in ROWS {
        let mut program = program_of(build).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut worst = 0.0f32;
        for (k, &point) in fixture.inputs.iter().enumerate() {
            let want = expected(&fixture, name, k);
            let got = run(&mut program, point, want.len());
            assert_eq!(got.len(), want.len(), "{name}: width");
            for (&g, &w) in got.iter().zip(&want) {
                worst = worst.max((g - w).abs());
                if !bound.holds(g, w) {
                    failures.push(format!(
                        "{name} at {point:?}: got {got:?}, three.js {want:?} ({bound:?})"
                    ));
                    break;
                }
            }
        }
        eprintln!("{name}: largest difference {worst:e}");
    }
    let rows: Vec<&str> = ROWS.iter().map(|r| r.0).collect();
    for name in fixture.outputs.keys() {
        assert!(rows.contains(&name.as_str()), "fixture row {name} untested");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `rand` against three.js's formula evaluated by hand in float32, step by step as the shader
/// does (`dot`, GLSL's `mod`, `sin` correctly rounded, the product, `fract`), at the fixture's
/// points: within 2 ulp of `sin` times 43758.5453 round the circle, since our `sin` is the
/// platform's `sinf`. And three.js's own value where the formula is exact: `rand(0, 0) = 0`.
#[test]
fn rand_is_three_formula() {
    let fixture = fixture();
    let mut program = program_of(|g, i| g.rand(g.swizzle(i, "xy"))).unwrap();
    for &point in &fixture.inputs {
        let dt = point.x * 12.9898 + point.y * 78.233;
        let sn = dt - PI * (dt / PI).floor();
        let s = (sn as f64).sin() as f32;
        let product = s * 43_758.547; // 43758.5453 as a float32
        let want = product - product.floor();
        let got = run(&mut program, point, 1)[0];
        let d = (got - want).abs();
        let ulp = f32::EPSILON * s.abs().max(f32::MIN_POSITIVE) * 43_758.547;
        assert!(
            d.min(1.0 - d) <= 2.0 * ulp + 1e-6,
            "rand{point:?}: {got} by hand {want}"
        );
        assert!((0.0..1.0).contains(&got));
    }
    assert_eq!(fixture.inputs[0], Vec4::new(0.0, 0.0, 1.0, 0.0));
    assert_eq!(expected(&fixture, "rand", 0), vec![0.0]);
    assert_eq!(run(&mut program, fixture.inputs[0], 1), vec![0.0]);
}

/// The value of one float or vector node with no inputs.
fn value(build: impl FnOnce(&NodeGraph) -> NodeRef) -> Vec<f32> {
    let mut program = program_of(|g, _| build(g)).unwrap();
    run(&mut program, Vec4::ZERO, 4)
}

fn near(got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() <= 1e-6, "{got:?} vs {want:?}");
    }
}

/// Values worked out by hand from three.js's definitions.
#[test]
fn hand_values() {
    // rotate: (1, 0) by a quarter turn is (0, 1); (0, 1, 0) turned about x by a quarter turn
    // is (0, 0, 1) (Rx's second column is (0, cos, sin)); about z, (-1, 0, 0).
    near(
        &value(|g| g.rotate(g.vec2(1.0, 0.0), g.float(HALF_PI)))[..2],
        &[0.0, 1.0],
    );
    near(
        &value(|g| g.rotate(g.vec3(0.0, 1.0, 0.0), g.vec3(HALF_PI, 0.0, 0.0))),
        &[0.0, 0.0, 1.0],
    );
    near(
        &value(|g| g.rotate(g.vec3(0.0, 1.0, 0.0), g.vec3(0.0, 0.0, HALF_PI))),
        &[-1.0, 0.0, 0.0],
    );
    // Order XYZ is Rx · Ry · Rz · p: (1, 0, 0) by z a quarter turn is (0, 1, 0), then by x a
    // quarter turn (0, 0, 1). The other order would give (0, 1, 0) then (0, 1, 0).
    near(
        &value(|g| g.rotate(g.vec3(1.0, 0.0, 0.0), g.vec3(HALF_PI, 0.0, HALF_PI))),
        &[0.0, 0.0, 1.0],
    );
    // In order ZYX (Rz · Ry · Rx · p) the same angles turn (1, 0, 0) about x first (no change),
    // then about z: (0, 1, 0).
    near(
        &value(|g| {
            let r = g.vec3(HALF_PI, 0.0, HALF_PI);
            g.rotate_in_order(g.vec3(1.0, 0.0, 0.0), r, EulerOrder::Zyx)
        }),
        &[0.0, 1.0, 0.0],
    );
    // rotate_uv about the default centre: (1, 0.5) a half turn is (0, 0.5).
    near(
        &value(|g| g.rotate_uv(g.vec2(1.0, 0.5), g.float(PI), g.vec2(0.5, 0.5)))[..2],
        &[0.0, 0.5],
    );
    // inverse · m is the identity; det of diag(2, 3, 4, 5) is 120.
    let m = glam::Mat4::from_cols_array(&[
        2.0, 1.0, 0.0, 0.5, 0.0, 3.0, 1.0, 0.0, 1.0, 0.0, 4.0, 0.0, 0.0, 0.5, 0.0, 5.0,
    ]);
    let want = m.inverse();
    for k in 0..4 {
        let got = value(|g| {
            let cols: Vec<NodeRef> = (0..4)
                .map(|c| {
                    let v = m.col(c);
                    g.vec4(v.x, v.y, v.z, v.w)
                })
                .collect();
            g.column(g.inverse(g.matrix(&cols)), k)
        });
        near(&got, &want.col(k).to_array());
    }
    let diag = value(|g| {
        let cols: Vec<NodeRef> = (0..4)
            .map(|c| e4(g, c))
            .zip([2.0, 3.0, 4.0, 5.0])
            .map(|(e, s)| g.mul(e, g.float(s)))
            .collect();
        g.determinant(g.matrix(&cols))
    });
    assert_eq!(diag, vec![120.0]);
    // matcap_uv: a fragment straight ahead (position (0, 0, -1)) with its normal toward the
    // camera reads the disk's centre; a normal turned to +x reads its right edge, 0.995.
    let matcap = |normal: glam::Vec3| {
        let g = NodeGraph::new();
        g.set_output(COLOR_NODE, g.join(&[g.matcap_uv(), g.float(0.0)]))
            .unwrap();
        let program = g.compile().unwrap();
        let f = Fragment {
            position_view: glam::Vec3::new(0.0, 0.0, -1.0),
            normal_view: normal,
            ..Fragment::default()
        };
        program.evaluate(COLOR_NODE, &f).unwrap()
    };
    near(&matcap(glam::Vec3::Z)[..2], &[0.5, 0.5]);
    near(&matcap(glam::Vec3::X)[..2], &[0.995, 0.5]);
    // Oscillators at t = 0.25: sine (sin(2π) + 1) / 2 = 0.5, square round(0.25) = 0, triangle
    // |0.75 · 2 − 1| = 0.5, sawtooth 0.25; all, any of (1, 0): 0, 1.
    let t = 0.25;
    near(&value(|g| g.osc_sine(g.float(t))), &[0.5]);
    assert_eq!(value(|g| g.osc_square(g.float(t))), vec![0.0]);
    assert_eq!(value(|g| g.osc_triangle(g.float(t))), vec![0.5]);
    assert_eq!(value(|g| g.osc_sawtooth(g.float(t))), vec![0.25]);
    assert_eq!(value(|g| g.all(g.vec2(1.0, 0.0))), vec![0.0]);
    assert_eq!(value(|g| g.any(g.vec2(1.0, 0.0))), vec![1.0]);
    assert_eq!(value(|g| g.all(g.float(-2.0))), vec![1.0]);
}

/// The typed front builds the builder's nodes: the same values at every fixture point.
#[test]
fn typed_matches_builder() {
    use tsl_core::typed::{self as t, Scope, Swizzles};
    let fixture = fixture();
    type Typed = fn(t::Vec4Node) -> t::Vec4Node;
    let rows: &[(&str, Typed, Build)] = &[
        (
            "cbrt, pow3, difference",
            |i| t::cbrt(i).pow3().difference(i),
            |g, i| g.difference(g.pow3(g.cbrt(i)), i),
        ),
        (
            "remap_clamp, tanh, length_sq",
            |i| i.remap_clamp(-1.0, 2.0, 0.0, 1.0).tanh() * i.length_sq(),
            |g, i| {
                let r = g.remap_clamp(i, g.float(-1.0), g.float(2.0), g.float(0.0), g.float(1.0));
                g.mul(g.tanh(r), g.length_sq(i))
            },
        ),
        (
            "inverse, transpose, determinant",
            |i| {
                let m = t::mat4(i, i.yzwx(), i.zwxy() + 2.0, i.wxyz());
                (m.inverse().transpose() * i) * m.determinant()
            },
            |g, i| {
                let sw = |p| g.swizzle(i, p);
                let m = g.matrix(&[i, sw("yzwx"), g.add(sw("zwxy"), g.float(2.0)), sw("wxyz")]);
                g.mul(g.mul(g.transpose(g.inverse(m)), i), g.determinant(m))
            },
        ),
        (
            "rotate_uv, spherize_uv, tri_noise_3d, checker",
            |i| {
                let uv = t::spherize_uv(t::rotate_uv(i.xy(), i.z(), i.zw()), i.w(), i.yx());
                let n = t::tri_noise_3d(i.xyz(), i.w(), i.x()) + t::checker(uv);
                uv.extend(n).extend(t::rotate(i.xyz(), i.wzy()).x())
            },
            |g, i| {
                let sw = |p| g.swizzle(i, p);
                let uv = g.spherize_uv(g.rotate_uv(sw("xy"), sw("z"), sw("zw")), sw("w"), sw("yx"));
                let n = g.add(g.tri_noise_3d(sw("xyz"), sw("w"), sw("x")), g.checker(uv));
                let r = g.swizzle(g.rotate(sw("xyz"), sw("wzy")), "x");
                g.join(&[uv, n, r])
            },
        ),
    ];
    for &(name, typed, build) in rows {
        let scope = Scope::new();
        let input = t::uniform(Vec4::ZERO).set_name("input");
        let out = typed(input);
        scope.color_node(out.xyz()).unwrap();
        scope.opacity_node(out.w()).unwrap();
        let mut typed_program = scope.compile().unwrap();
        let mut built = program_of(build).unwrap();
        for &point in &fixture.inputs {
            let a = run(&mut typed_program, point, 4);
            let b = run(&mut built, point, 4);
            let same = a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits());
            assert!(same, "{name} at {point:?}: typed {a:?}, builder {b:?}");
        }
    }
}

/// Arguments of the wrong type are refused under the function's name, not panicked on.
#[test]
fn wrong_arguments_are_refused() {
    type Case = fn(&NodeGraph) -> NodeRef;
    let cases: &[(&str, Case)] = &[
        ("rotate_uv", |g| {
            g.rotate_uv(g.vec2(0.0, 0.0), g.vec2(1.0, 1.0), g.vec2(0.5, 0.5))
        }),
        ("rotate", |g| g.rotate(g.vec3(0.0, 0.0, 0.0), g.float(1.0))),
        ("inverse", |g| g.inverse(g.vec3(1.0, 2.0, 3.0))),
        ("determinant", |g| g.determinant(g.float(1.0))),
        ("cbrt", |g| g.cbrt(g.matrix(&[g.vec3(1.0, 0.0, 0.0); 3]))),
        ("difference", |g| {
            g.difference(g.vec2(0.0, 0.0), g.vec3(0.0, 0.0, 0.0))
        }),
        ("tri_noise_3d", |g| {
            g.tri_noise_3d(g.vec2(0.0, 0.0), g.float(1.0), g.float(0.0))
        }),
        ("rand", |g| g.rand(g.vec3(0.0, 0.0, 0.0))),
    ];
    for &(name, build) in cases {
        let g = NodeGraph::new();
        let node = build(&g);
        assert!(node.is_refused(), "{name} accepted");
        let error = g.error().expect("a refusal");
        assert_eq!(error.op, name, "{error}");
        assert!(g.compile().is_err());
    }
    // A refused argument is not reported again.
    let g = NodeGraph::new();
    let bad = g.swizzle(g.float(1.0), "q");
    let first = g.error().unwrap();
    assert!(g.cbrt(bad).is_refused());
    assert_eq!(g.error().unwrap(), first);
}

/// `getRoughness` and `getGeometryRoughness` from derivatives given by hand, and
/// `getParallaxCorrectNormal` for a fragment inside a box, by hand.
#[test]
fn material_functions_by_hand() {
    // The normal turns by (0.01, -0.03, 0) to the right pixel and by (0, 0, 0.02) to the pixel
    // above: geometry roughness max(0.01, 0.03, 0.02) = 0.03.
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.get_roughness(g.float(0.02)))
        .unwrap();
    g.set_output(
        COLOR_NODE,
        g.join(&[g.get_geometry_roughness(), g.float(0.0), g.float(0.0)]),
    )
    .unwrap();
    let program = g.compile().unwrap();
    let here = Fragment {
        normal_view: glam::Vec3::new(0.0, 0.6, 0.8),
        ..Fragment::default()
    };
    let mut views = [here; VIEW_COUNT];
    views[View::Right as usize].normal_view = here.normal_view + glam::Vec3::new(0.01, -0.03, 0.0);
    views[View::Up as usize].normal_view = here.normal_view + glam::Vec3::new(0.0, 0.0, 0.02);
    let sampler = WhiteSampler;
    let rough = program
        .evaluate_views(COLOR_NODE, &views, &sampler)
        .unwrap();
    assert!((rough[0] - 0.03).abs() < 1e-6, "{rough:?}");
    // roughness 0.02 is raised to 0.045, plus 0.03.
    let r = program
        .evaluate_views(OPACITY_NODE, &views, &sampler)
        .unwrap();
    assert!((r[0] - 0.075).abs() < 1e-6, "{r:?}");

    // A box 4 wide centred at (1, 0, 0); the fragment at (1.5, 0, 0) looks along +x: the ray
    // leaves at x = 3, so the corrected direction is (3, 0, 0) - (1, 0, 0) = (2, 0, 0). Along
    // (0, -1, 0) it leaves at y = -2: (1.5, -2, 0) - (1, 0, 0).
    let g = NodeGraph::new();
    let n = g.named_uniform("n", glam::Vec3::X);
    let out = g.get_parallax_correct_normal(n, g.vec3(4.0, 4.0, 4.0), g.vec3(1.0, 0.0, 0.0));
    g.set_output(COLOR_NODE, out).unwrap();
    let mut program = g.compile().unwrap();
    let f = Fragment {
        position_world: glam::Vec3::new(1.5, 0.0, 0.0),
        ..Fragment::default()
    };
    near(&program.evaluate(COLOR_NODE, &f).unwrap(), &[2.0, 0.0, 0.0]);
    program.set_uniform("n", glam::Vec3::NEG_Y).unwrap();
    near(
        &program.evaluate(COLOR_NODE, &f).unwrap(),
        &[0.5, -2.0, 0.0],
    );
}

/// Every row's program emits as native WGSL that naga validates (the GPU's native path).
#[cfg(feature = "naga")]
#[test]
fn every_row_emits_native_wgsl() {
    for &(name, _, build) in ROWS {
        let program = program_of(build).unwrap();
        if let Err(e) = program.to_wgsl() {
            panic!("{name}: {e}");
        }
    }
}
