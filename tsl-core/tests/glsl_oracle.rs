//! The GLSL front end against a real GLSL implementation: every case of
//! `tests/fixtures/glsl/cases.json` (the pixels Mesa's OpenGL ES drew, made by
//! `tools/gl_oracle/make_glsl_fixtures.py`; see the README there) is compiled by tsl-core, run
//! by `run_nodes` over the same grid, and must agree with Mesa to 1e-5 relative (1e-6 absolute
//! near zero), or to the wider bound a case states with its reason. No GL is needed here.

#[allow(dead_code)] // this suite reads the fixture whole (its clear colour too)
mod oracle_cases;

use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use serde_json::Value;
use tsl_core::*;

const DEFAULT_REL: f32 = 1e-5;
const DEFAULT_ABS: f32 = 1e-6;

/// An RGBA32F texture read as GL_NEAREST, with clamp-to-edge or repeat.
struct Texture {
    width: usize,
    height: usize,
    data: Vec<f32>,
    repeat: bool,
}

struct Sampler(Vec<Texture>);

impl Texture {
    fn texel(&self, coord: f32, size: usize) -> usize {
        let c = if self.repeat {
            coord - coord.floor()
        } else {
            coord
        };
        ((c * size as f32).floor().max(0.0) as usize).min(size - 1)
    }
}

impl TextureSampler for Sampler {
    fn sample(&self, texture: TextureId, u: &Lane, v: &Lane, out: &mut Register) {
        let Some(t) = self.0.get(texture.0 as usize) else {
            for lane in out.iter_mut() {
                lane.fill(f32::NAN);
            }
            return;
        };
        for l in 0..LANES {
            let (i, j) = (t.texel(u[l], t.width), t.texel(v[l], t.height));
            for (k, comp) in out.iter_mut().enumerate() {
                comp[l] = t.data[(j * t.width + i) * 4 + k];
            }
        }
    }
}

fn floats(v: &Value) -> Vec<f32> {
    match v {
        Value::Number(n) => vec![n.as_f64().unwrap() as f32],
        Value::Array(a) => a.iter().flat_map(floats).collect(),
        Value::String(s) => vec![match s.as_str() {
            "NaN" => f32::NAN,
            "Infinity" => f32::INFINITY,
            "-Infinity" => f32::NEG_INFINITY,
            other => panic!("not a number: {other}"),
        }],
        Value::Bool(b) => vec![*b as u8 as f32],
        other => panic!("not a number: {other}"),
    }
}

/// A uint uniform's components, every bit of each (a float would round those past 2^24).
fn uints(v: &Value) -> Vec<u32> {
    match v {
        Value::Number(n) => vec![n.as_u64().expect("a uint") as u32],
        Value::Array(a) => a.iter().flat_map(uints).collect(),
        other => panic!("not a uint: {other}"),
    }
}

fn uniform_value(ty: ValueType, value: &Value) -> UniformValue {
    if ty.kind() == Some(Scalar::UInt) {
        let u = uints(value);
        let mut values = [0; 4];
        values[..u.len()].copy_from_slice(&u);
        return UniformValue::UInt {
            values,
            width: u.len() as u8,
        };
    }
    let f = &floats(value);
    match ty {
        ValueType::Float => UniformValue::Float(f[0]),
        ValueType::Vec2 => UniformValue::Vec2(Vec2::from_slice(f)),
        ValueType::Vec3 => UniformValue::Vec3(Vec3::from_slice(f)),
        ValueType::Vec4 => UniformValue::Vec4(Vec4::from_slice(f)),
        ValueType::Mat3 => UniformValue::Mat3(Mat3::from_cols_slice(f)),
        ValueType::Mat4 => UniformValue::Mat4(Mat4::from_cols_slice(f)),
        ValueType::Texture => panic!("a texture is set with set_texture"),
        other => panic!("no GLSL uniform of this subset is a {other}"),
    }
}

/// What our side feeds at a point (u, v) of the quad, from the case's "inputs".
fn fragment_at(inputs: &Value, u: f32, v: f32) -> Fragment {
    let mut f = Fragment {
        uv: Vec2::new(u, v),
        ..Fragment::default()
    };
    let local = Vec4::new(2.0 * u - 1.0, 2.0 * v - 1.0, 0.0, 1.0);
    if let Some(m) = inputs.get("world") {
        f.position_world = (Mat4::from_cols_slice(&floats(m)) * local).truncate();
    }
    if let Some(m) = inputs.get("view_pos") {
        f.position_view = (Mat4::from_cols_slice(&floats(m)) * local).truncate();
    }
    if inputs.get("color").is_some() {
        f.vertex_color = Vec3::new(u, v, 1.0 - u);
    }
    if let Some(n) = inputs.get("normal_view") {
        f.normal_view = Vec3::from_slice(&floats(n));
    }
    f
}

/// The views of the pixel at uv (u, v) of a w × h grid: here, right, up, and the corners of the
/// quad's triangle that holds it (the oracle's quad: (0,0) (1,0) (1,1) and (0,0) (1,1) (0,1)).
fn views(
    inputs: &Value,
    (u, v): (f32, f32),
    (w, h): (usize, usize),
    facing_back: bool,
) -> [Fragment; VIEW_COUNT] {
    let mut here = fragment_at(inputs, u, v);
    let mut right = fragment_at(inputs, u + 1.0 / w as f32, v);
    let mut up = fragment_at(inputs, u, v + 1.0 / h as f32);
    let (corners, weights) = if u > v {
        (
            [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)],
            Vec3::new(1.0 - u, u - v, v),
        )
    } else {
        (
            [(0.0, 0.0), (1.0, 1.0), (0.0, 1.0)],
            Vec3::new(1.0 - v, u, v - u),
        )
    };
    here.barycentric = weights;
    // gl_FragCoord: the oracle's quad lies at z = 0 through identity matrices, so its depth is 0.5.
    let (x, y) = (u * w as f32, v * h as f32);
    here.frag_coord = Vec3::new(x, y, 0.5);
    right.frag_coord = Vec3::new(x + 1.0, y, 0.5);
    up.frag_coord = Vec3::new(x, y + 1.0, 0.5);
    // gl_FrontFacing: the quad is seen from its front unless the case turns it round.
    let front = if facing_back { 0.0 } else { 1.0 };
    for f in [&mut here, &mut right, &mut up] {
        f.front_facing = front;
        f.gl_front_facing = front;
    }
    let c = corners.map(|(cu, cv)| fragment_at(inputs, cu, cv));
    [here, here, right, up, c[0], c[1], c[2]]
}

fn close(got: f32, want: f32, rel: f32, abs: f32) -> bool {
    if want.is_nan() || got.is_nan() {
        return want.is_nan() && got.is_nan();
    }
    if want.is_infinite() || got.is_infinite() {
        return want == got;
    }
    (got - want).abs() <= (rel * got.abs().max(want.abs())).max(abs)
}

struct Outcome {
    pixels: usize,
    max_rel: f32,
    failures: Vec<String>,
}

fn run_case(case: &Value, clear: &[f32]) -> Result<Outcome, String> {
    let name = oracle_cases::name(case);
    // A corpus shader the subset refuses (docs/glsl.md's table says why): the refusal must be
    // the one stated, so that a change in what is refused shows here.
    if let Some(want) = case.get("refused").and_then(Value::as_str) {
        return match oracle_cases::compile(case) {
            Ok(_) => Err(format!(
                "{name}: compiles, but the case says it is refused ({want}); compare it instead"
            )),
            Err(e) if e.contains(want) => Ok(Outcome {
                pixels: 0,
                max_rel: 0.0,
                failures: Vec::new(),
            }),
            Err(e) => Err(format!("{name}: refused, but not for '{want}':\n{e}")),
        };
    }
    let mut program = oracle_cases::compile(case).map_err(|e| format!("{name}: refused:\n{e}"))?;
    let (w, h) = (
        case["w"].as_u64().unwrap() as usize,
        case["h"].as_u64().unwrap() as usize,
    );
    let slots: Vec<UniformSlot> = program.uniforms().to_vec();
    let slot_type = |n: &str| slots.iter().find(|s| s.name == n).map(|s| s.ty);
    if let Some(uniforms) = case.get("uniforms").and_then(Value::as_object) {
        for (n, value) in uniforms {
            // three.js's own matrices are forms, not uniforms, in our program.
            if let Some(ty) = slot_type(n) {
                program
                    .set_uniform(n, uniform_value(ty, value))
                    .map_err(|e| format!("{name}: {e}"))?;
            }
        }
    }
    if case["kind"] == "toy" {
        program
            .set_uniform("iResolution", Vec3::new(w as f32, h as f32, 1.0))
            .unwrap();
    }
    let mut textures = Vec::new();
    if let Some(ts) = case.get("textures").and_then(Value::as_object) {
        for (n, t) in ts {
            let id = TextureId(textures.len() as u32);
            textures.push(Texture {
                width: t["width"].as_u64().unwrap() as usize,
                height: t["height"].as_u64().unwrap() as usize,
                data: floats(&t["data"]),
                repeat: t.get("wrap").and_then(Value::as_str) == Some("repeat"),
            });
            if slot_type(n).is_some() {
                program
                    .set_texture(n, id)
                    .map_err(|e| format!("{name}: {e}"))?;
            }
        }
    }
    let view = case
        .get("view")
        .map(|m| Mat4::from_cols_slice(&floats(m)))
        .unwrap_or(Mat4::IDENTITY);
    let time = case.get("time").map_or(0.0, |t| floats(t)[0]);
    program.set_frame(time, view);
    let inputs = case.get("inputs").cloned().unwrap_or(Value::Null);
    let facing_back = case.get("facing").and_then(Value::as_str) == Some("back");
    let skip: Vec<(usize, usize)> = case
        .get("skip_pixels")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|p| {
                    (
                        p[0].as_u64().unwrap() as usize,
                        p[1].as_u64().unwrap() as usize,
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let rel = case.get("rel").map_or(DEFAULT_REL, |r| floats(r)[0]);
    let abs = case.get("abs").map_or(DEFAULT_ABS, |r| floats(r)[0]);

    // The grid in batches of LANES pixels, row by row; each output's values per pixel.
    let sampler = Sampler(textures);
    let mut registers = Registers::new();
    let (mut color, mut opacity, mut mask) = (Some(Vec::new()), Some(Vec::new()), Some(Vec::new()));
    for first in (0..w * h).step_by(LANES) {
        let count = LANES.min(w * h - first);
        let mut batch = FragmentBatch::new();
        for lane in 0..count {
            let (x, y) = ((first + lane) % w, (first + lane) / w);
            let u = (x as f32 + 0.5) / w as f32;
            let v = (y as f32 + 0.5) / h as f32;
            let all = views(&inputs, (u, v), (w, h), facing_back);
            for view in View::ALL {
                batch.set_view(view, lane, &all[view as usize]);
            }
        }
        for (output, values) in [
            (COLOR_NODE, &mut color),
            (OPACITY_NODE, &mut opacity),
            (MASK_NODE, &mut mask),
        ] {
            let width = output.value_type().width().unwrap();
            match run_nodes(&program, output, &batch, &sampler, &mut registers) {
                Some(r) => {
                    if let Some(v) = values.as_mut() {
                        v.extend(
                            (0..count).map(|l| (0..width).map(|k| r[k][l]).collect::<Vec<f32>>()),
                        );
                    }
                }
                None => *values = None,
            }
        }
    }
    let pixels = &case["pixels"];
    let mut outcome = Outcome {
        pixels: 0,
        max_rel: 0.0,
        failures: Vec::new(),
    };
    for y in 0..h {
        for x in 0..w {
            if skip.contains(&(x, y)) {
                continue;
            }
            let lane = y * w + x;
            let want = floats(&pixels[y][x]);
            let discarded = mask.as_ref().is_some_and(|m| m[lane][0] == 0.0);
            if want == clear {
                if !discarded {
                    outcome.failures.push(format!(
                        "{name} ({x}, {y}): Mesa discarded, tsl-core did not"
                    ));
                }
                continue;
            }
            if discarded {
                outcome.failures.push(format!(
                    "{name} ({x}, {y}): tsl-core discarded, Mesa drew {want:?}"
                ));
                continue;
            }
            let (Some(c), Some(o)) = (&color, &opacity) else {
                outcome
                    .failures
                    .push(format!("{name}: the program has no colour"));
                break;
            };
            let got = [c[lane][0], c[lane][1], c[lane][2], o[lane][0]];
            outcome.pixels += 1;
            for k in 0..4 {
                if !close(got[k], want[k], rel, abs) {
                    outcome.failures.push(format!(
                        "{name} ({x}, {y}) component {k}: tsl-core {:?}, Mesa {:?} (all: {got:?} vs {want:?})",
                        got[k], want[k]
                    ));
                } else if want[k].is_finite() && want[k].abs() > abs {
                    let r = (got[k] - want[k]).abs() / want[k].abs();
                    outcome.max_rel = outcome.max_rel.max(r);
                }
            }
        }
    }
    // A case whose noise amplifies last-bit differences (a hash of a large product read through
    // fract) states the share of components that must be within its bound; the rest may differ
    // where the hash's fract wraps.
    if let Some(share) = case.get("share").map(|s| floats(s)[0]) {
        let allowed = ((1.0 - share) * (outcome.pixels * 4) as f32).floor() as usize;
        if outcome.failures.len() <= allowed {
            outcome.failures.clear();
        }
    }
    Ok(outcome)
}

#[test]
fn every_case_agrees_with_mesa() {
    let doc = oracle_cases::fixture();
    let clear = floats(&doc["clear"]);
    let cases = doc["cases"].as_array().expect("cases");
    assert!(cases.len() >= 150, "{} cases", cases.len());
    let mut failures = Vec::new();
    let (mut pixels, mut worst) = (0, (0.0f32, String::new()));
    for case in cases {
        match run_case(case, &clear) {
            Ok(o) => {
                pixels += o.pixels;
                // The largest difference among the cases held to the default bound.
                if case.get("rel").is_none() && case.get("abs").is_none() && o.max_rel > worst.0 {
                    worst = (o.max_rel, case["name"].as_str().unwrap().to_string());
                }
                failures.extend(o.failures);
            }
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{} cases, {pixels} pixels compared; the largest relative difference under the default bound is {:e} ({})",
        cases.len(),
        worst.0,
        worst.1
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
