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

/// One mip level of an RGBA32F texture: rows from the bottom, as GL's `glTexImage2D` takes them.
struct Level {
    width: usize,
    height: usize,
    data: Vec<f32>,
}

/// How a level is read: GL_NEAREST or GL_LINEAR.
#[derive(Clone, Copy, PartialEq)]
enum Filter {
    Nearest,
    Linear,
}

/// An RGBA32F texture as OpenGL ES 3.0 §3.8.10-11 samples it, written from the specification:
/// wrap (clamp-to-edge, repeat, mirrored repeat), the magnification filter, and the
/// minification filter with its mipmap mode (`mip`: none, nearest or linear between levels).
struct Texture {
    levels: Vec<Level>,
    /// A 3D texture's depth (its level 0 holds `depth` slices, from r = 0); 1 for a 2D one.
    depth: usize,
    /// How a texture of slices is read: `"3d"` (a sampler3D), `"cube"` (a samplerCube's six
    /// faces) or `"layers"` (a sampler2DArray).
    shape: &'static str,
    wrap: &'static str,
    mag: Filter,
    min: Filter,
    mip: Option<Filter>,
}

/// The textures of a case, and the grid's uv derivatives (one pixel's step in u and v) that
/// an implicit read's level comes from.
struct Sampler {
    textures: Vec<Texture>,
    step: Vec2,
}

impl Texture {
    fn from_case(t: &Value) -> Texture {
        let (width, height) = (
            t["width"].as_u64().unwrap() as usize,
            t["height"].as_u64().unwrap() as usize,
        );
        let depth = t.get("depth").map_or(1, |d| d.as_u64().unwrap() as usize);
        let mut levels = vec![Level {
            width,
            height,
            data: floats(&t["data"]),
        }];
        for (k, data) in t
            .get("levels")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            levels.push(Level {
                width: (width >> (k + 1)).max(1),
                height: (height >> (k + 1)).max(1),
                data: floats(data),
            });
        }
        let filter = t.get("filter").and_then(Value::as_str).unwrap_or("nearest");
        let min = t
            .get("min_filter")
            .and_then(Value::as_str)
            .unwrap_or(filter);
        let of = |s: &str| {
            if s.starts_with("linear") {
                Filter::Linear
            } else {
                Filter::Nearest
            }
        };
        Texture {
            levels,
            depth,
            shape: match t.get("shape").and_then(Value::as_str) {
                Some("cube") => "cube",
                Some("layers") => "layers",
                _ => "3d",
            },
            wrap: match t.get("wrap").and_then(Value::as_str) {
                Some("repeat") => "repeat",
                Some("mirror") => "mirror",
                _ => "clamp",
            },
            mag: of(filter),
            min: of(min),
            mip: min.split_once("_mipmap_").map(|(_, m)| of(m)),
        }
    }

    /// §3.8.10's wrap of texel index `i` on a side of `n`.
    fn wrap(&self, i: i64, n: usize) -> usize {
        let n = n as i64;
        (match self.wrap {
            "repeat" => i.rem_euclid(n),
            "mirror" => {
                let k = i.rem_euclid(2 * n);
                if k >= n {
                    2 * n - 1 - k
                } else {
                    k
                }
            }
            _ => i.clamp(0, n - 1),
        }) as usize
    }

    fn texel(&self, level: &Level, i: i64, j: i64) -> [f32; 4] {
        let (x, y) = (self.wrap(i, level.width), self.wrap(j, level.height));
        let at = (y * level.width + x) * 4;
        [
            level.data[at],
            level.data[at + 1],
            level.data[at + 2],
            level.data[at + 3],
        ]
    }

    /// One level read at (s, t) with `filter`.
    fn read(&self, level: &Level, s: f32, t: f32, filter: Filter) -> [f32; 4] {
        let (u, v) = (s * level.width as f32, t * level.height as f32);
        if filter == Filter::Nearest {
            return self.texel(level, u.floor() as i64, v.floor() as i64);
        }
        let (x, y) = (u - 0.5, v - 0.5);
        let (i, j) = (x.floor() as i64, y.floor() as i64);
        let (a, b) = (x - x.floor(), y - y.floor());
        let corner = |di, dj| self.texel(level, i + di, j + dj);
        let (c00, c10, c01, c11) = (corner(0, 0), corner(1, 0), corner(0, 1), corner(1, 1));
        std::array::from_fn(|k| {
            (1.0 - a) * (1.0 - b) * c00[k]
                + a * (1.0 - b) * c10[k]
                + (1.0 - a) * b * c01[k]
                + a * b * c11[k]
        })
    }

    /// A cube's face and (s, t) for a direction: OpenGL ES 3.0 §3.8.10's table 3.21, the major
    /// axis the largest magnitude (x, then y, on a tie).
    fn cube_face(d: [f32; 3]) -> (usize, f32, f32) {
        let [x, y, z] = d;
        let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
        let (face, sc, tc, ma) = if ax >= ay && ax >= az {
            if x >= 0.0 {
                (0, -z, -y, ax)
            } else {
                (1, z, -y, ax)
            }
        } else if ay >= az {
            if y >= 0.0 {
                (2, x, z, ay)
            } else {
                (3, x, -z, ay)
            }
        } else if z >= 0.0 {
            (4, x, -y, az)
        } else {
            (5, -x, -y, az)
        };
        (face, 0.5 * (sc / ma + 1.0), 0.5 * (tc / ma + 1.0))
    }

    /// Slice `k` of level 0 read at (s, t) with the magnification filter (a cube's faces and a
    /// 2D array's layers: §3.8.10 within the slice; a cube's face is clamped to its edges).
    fn read_slice(&self, k: usize, s: f32, t: f32) -> [f32; 4] {
        let level = &self.levels[0];
        let n = level.width * level.height * 4;
        let slice = Level {
            width: level.width,
            height: level.height,
            data: level.data[k * n..(k + 1) * n].to_vec(),
        };
        let clamped = Texture {
            levels: Vec::new(),
            depth: 1,
            shape: "3d",
            wrap: if self.shape == "cube" {
                "clamp"
            } else {
                self.wrap
            },
            mag: self.mag,
            min: self.min,
            mip: None,
        };
        clamped.read(&slice, s, t, self.mag)
    }

    /// A 3D texture at (s, t, r): level 0 (it has one), its texel or the trilinear blend of the
    /// eight around the point (§3.8.10 with a third axis), wrapped on each. A cube reads the
    /// face `(s, t, r)` points at; layers the layer clamp(floor(r + 0.5), 0, depth − 1)
    /// (GLSL ES 3.00 §8.9).
    fn sample_3d(&self, s: f32, t: f32, r: f32) -> [f32; 4] {
        match self.shape {
            "cube" => {
                let (face, fs, ft) = Texture::cube_face([s, t, r]);
                return self.read_slice(face, fs, ft);
            }
            "layers" => {
                let layer = (r + 0.5).floor().clamp(0.0, self.depth as f32 - 1.0) as usize;
                return self.read_slice(layer, s, t);
            }
            _ => {}
        }
        let level = &self.levels[0];
        let size = [level.width, level.height, self.depth];
        let texel = |i: [i64; 3]| {
            let [x, y, z] = [0, 1, 2].map(|a| self.wrap(i[a], size[a]));
            let at = ((z * level.height + y) * level.width + x) * 4;
            std::array::from_fn::<f32, 4, _>(|k| level.data[at + k])
        };
        let p = [s, t, r];
        if self.mag == Filter::Nearest {
            return texel([0, 1, 2].map(|a| (p[a] * size[a] as f32).floor() as i64));
        }
        let x = [0, 1, 2].map(|a| p[a] * size[a] as f32 - 0.5);
        let i = x.map(|v| v.floor() as i64);
        let f = [0, 1, 2].map(|a| x[a] - x[a].floor());
        let mut sum = [0.0; 4];
        for corner in 0..8 {
            let d = [corner & 1, (corner >> 1) & 1, corner >> 2];
            let w: f32 = (0..3)
                .map(|a| if d[a] == 1 { f[a] } else { 1.0 - f[a] })
                .product();
            let c = texel([0, 1, 2].map(|a| i[a] + d[a] as i64));
            for k in 0..4 {
                sum[k] += w * c[k];
            }
        }
        sum
    }

    /// The texture at (s, t) at level of detail λ (§3.8.10: magnification at λ ≤ 0; above,
    /// the minification filter, its level d or the two levels around λ).
    fn sample(&self, s: f32, t: f32, lambda: f32) -> [f32; 4] {
        if lambda.is_nan() {
            return [0.0; 4];
        }
        if lambda <= 0.0 {
            return self.read(&self.levels[0], s, t, self.mag);
        }
        let q = (self.levels.len() - 1) as f32;
        match self.mip {
            None => self.read(&self.levels[0], s, t, self.min),
            Some(Filter::Nearest) => {
                let d = if lambda <= 0.5 {
                    0.0
                } else {
                    ((lambda + 0.5).ceil() - 1.0).min(q)
                };
                self.read(&self.levels[d as usize], s, t, self.min)
            }
            Some(Filter::Linear) => {
                let l = lambda.min(q);
                let d1 = l.floor() as usize;
                let d2 = (d1 + 1).min(q as usize);
                let (a, b) = (
                    self.read(&self.levels[d1], s, t, self.min),
                    self.read(&self.levels[d2], s, t, self.min),
                );
                let f = l - l.floor();
                std::array::from_fn(|k| (1.0 - f) * a[k] + f * b[k])
            }
        }
    }
}

impl Sampler {
    fn each(
        &self,
        texture: TextureId,
        out: &mut Register,
        read: impl Fn(&Texture, usize) -> [f32; 4],
    ) {
        let Some(t) = self.textures.get(texture.0 as usize) else {
            for lane in out.iter_mut() {
                lane.fill(f32::NAN);
            }
            return;
        };
        let colours: Vec<[f32; 4]> = (0..LANES).map(|l| read(t, l)).collect();
        for (k, lane) in out.iter_mut().enumerate() {
            for (slot, colour) in lane.iter_mut().zip(&colours) {
                *slot = colour[k];
            }
        }
    }
}

impl TextureSampler for Sampler {
    fn sample(&self, texture: TextureId, u: &Lane, v: &Lane, out: &mut Register) {
        self.each(texture, out, |t, l| {
            // §3.8.10's ρ of the grid's uv (the surface's own coordinates choose the level).
            let base = &t.levels[0];
            let rho = (self.step.x * base.width as f32).max(self.step.y * base.height as f32);
            t.sample(u[l], v[l], rho.log2())
        });
    }

    fn sample_level(
        &self,
        texture: TextureId,
        u: &Lane,
        v: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        self.each(texture, out, |t, l| t.sample(u[l], v[l], level[l]));
    }

    /// GLSL ES 3.00 §8.8's texelFetch: texel (i, j) of level `lod`, where j counts rows as
    /// §3.8.10's t does; outside the level (undefined in GL) what our renderers read,
    /// transparent black.
    fn sample_fetch(
        &self,
        texture: TextureId,
        x: &Lane,
        y: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        self.each(texture, out, |t, l| {
            let (i, j, d) = (x[l] as i64, y[l] as i64, level[l] as usize);
            match t.levels.get(d) {
                Some(lv)
                    if (0..lv.width as i64).contains(&i) && (0..lv.height as i64).contains(&j) =>
                {
                    t.texel(lv, i, j)
                }
                _ => [0.0; 4],
            }
        });
    }

    fn sample_3d(&self, texture: TextureId, uvw: [&Lane; 3], out: &mut Register) {
        self.each(texture, out, |t, l| {
            t.sample_3d(uvw[0][l], uvw[1][l], uvw[2][l])
        });
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
    // The oracle's quad: what a varying reads of `position` and `normal` at the corners.
    f.position_local = local.truncate();
    match inputs.get("normal_local") {
        Some(Value::String(s)) if s == "affine" => {
            f.normal_local = Vec3::new(u - 0.5, v - 0.5, 1.0)
        }
        Some(n) => f.normal_local = Vec3::from_slice(&floats(n)),
        None => {}
    }
    // The view normal the host keeps for normalMatrix * normal: that product, made unit.
    if let Some(m) = inputs.get("normal_matrix") {
        f.normal_view = (Mat3::from_cols_slice(&floats(m)) * f.normal_local).normalize_or_zero();
    }
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
            let texture = Texture::from_case(t);
            // What a renderer fills each frame: the size a gradient's or a bias's level reads,
            // and textureSize's of each level.
            for (d, level) in texture.levels.iter().enumerate() {
                let size = texture_size_uniform_name(n, d as u32);
                if slot_type(&size).is_some() {
                    program
                        .set_uniform(&size, Vec2::new(level.width as f32, level.height as f32))
                        .map_err(|e| format!("{name}: {e}"))?;
                }
            }
            textures.push(texture);
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
    // three.js's modelMatrix and projectionMatrix, which a vertex shader may read as values
    // (the oracle's default is the identity); the header derives modelViewMatrix and
    // normalMatrix from them and the view.
    let builtin = |n: &str| {
        case.get("uniforms")
            .and_then(|u| u.get(n))
            .map_or(Mat4::IDENTITY, |m| Mat4::from_cols_slice(&floats(m)))
    };
    program.set_object(builtin("modelMatrix"));
    program.set_camera(builtin("projectionMatrix"), 0.1, 100.0, false);
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
    let sampler = Sampler {
        textures,
        step: Vec2::new(1.0 / w as f32, 1.0 / h as f32),
    };
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
