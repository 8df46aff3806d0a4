//! Exact integers (R-INT, docs/requirements.md) on the GPU against `run_nodes`, bit for bit, on
//! both paths: the WGSL interpreter and the program emitted natively (`tsl_core::native`,
//! R-INT-7). Every integer opcode over 64 lanes of varied values (from the fragment's
//! attributes, so they differ per lane) and over integer uniforms with NaN-, infinity- and
//! subnormal-shaped bits. An integer result is carried out as its two 16-bit halves, each exact
//! as a float, and `float(u)` of it; a float result (a comparison, `to_float`) as it is.
//!
//! Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it fails instead.

#[macro_use]
mod gpu_harness;

use tsl_core::*;
use tsl_raster::gpu::{Gpu, GpuInterpreter};

gpu_tests!(
    integer_opcodes_match_run_nodes_bit_for_bit,
    glsl_integer_cases_match_run_nodes_bit_for_bit
);

/// The GPU's two ways of running a program.
#[derive(Clone, Copy, Debug)]
enum Path {
    Interpreter,
    Native,
}

impl Path {
    const ALL: [Path; 2] = [Path::Interpreter, Path::Native];

    fn run(
        self,
        interp: &mut GpuInterpreter,
        program: &NodeProgram,
        output: Output,
        batch: &FragmentBatch,
    ) -> Vec<[f32; 4]> {
        match self {
            Path::Interpreter => interp.run(program, output, batch, &WhiteSampler),
            Path::Native => interp.run_native(program, output, batch, &WhiteSampler),
        }
        .unwrap_or_else(|e| panic!("{self:?}: {e}\n{program}"))
        .expect("output set")
    }
}

/// The values compared and the first differences.
#[derive(Default)]
struct Tally {
    compared: usize,
    failures: Vec<String>,
    /// The distinct reference values, so that a case that gives one value everywhere cannot
    /// pass unseen.
    distinct: std::collections::BTreeSet<u32>,
}

impl Tally {
    /// Compare `width` components of every lane of the GPU's `got` with the reference `want`.
    fn check(&mut self, label: &str, width: usize, got: &[[f32; 4]], want: &Register) {
        for (lane, got) in got.iter().enumerate().take(LANES) {
            for k in 0..width {
                let (g, c) = (got[k].to_bits(), want[k][lane].to_bits());
                self.compared += 1;
                self.distinct.insert(c);
                if g != c && self.failures.len() < 12 {
                    self.failures.push(format!(
                        "{label}: lane {lane} component {k}: gpu {g:#010x} cpu {c:#010x}"
                    ));
                }
            }
        }
    }
}

/// A small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
}

/// 64 lanes whose attributes are in [-4, 4), with zeros, halves and whole numbers first.
fn batch(seed: u64) -> FragmentBatch {
    let mut rng = Rng(seed);
    let mut batch = FragmentBatch::new();
    let special = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 3.0];
    for view in batch.views.iter_mut() {
        for (a, attribute) in view.iter_mut().enumerate() {
            for (c, component) in attribute.iter_mut().enumerate() {
                for (lane, value) in component.iter_mut().enumerate() {
                    *value = if lane < special.len() {
                        special[(lane + a + c) % special.len()]
                    } else {
                        (rng.next() % 65536) as f32 / 8192.0 - 4.0
                    };
                }
            }
        }
    }
    batch
}

/// Signed values that differ per lane: `int(position_world * 1e5)`, up to ±400,000.
fn iv(g: &NodeGraph) -> NodeRef {
    g.to_int(g.mul(g.position_world(), g.float(100_000.0)))
}

/// Unsigned values that differ per lane and fill all 32 bits: `uint(int(uv * 7919)) * 0x9E3779B9`.
fn uv(g: &NodeGraph) -> NodeRef {
    let i = g.to_int(g.mul(g.join(&[g.uv(), g.swizzle(g.uv(), "x")]), g.float(7919.0)));
    g.mul(g.to_uint(i), g.uint(0x9E37_79B9))
}

/// Integer uniforms of special shapes: NaN (quiet and signalling), infinity, subnormal, -0.
fn shapes(g: &NodeGraph) -> NodeRef {
    g.named_uniform(
        "shapes",
        [0x7FC0_0001u32, 0x7F80_0001, 0xFF80_0000, 0x8000_0000],
    )
}

type Build = Box<dyn Fn(&NodeGraph) -> NodeRef>;

macro_rules! cases {
    ($($name:literal, |$g:ident| $body:expr;)*) => {
        vec![$(($name, Box::new(|$g: &NodeGraph| $body) as Build)),*]
    };
}

/// The program of a case: an integer value as (hi, lo, float(u)) in the colour, component by
/// component of a vector (one program per component); a float value as it is.
fn programs(name: &str, build: &Build) -> Vec<(String, NodeProgram, Output)> {
    let probe = NodeGraph::new();
    let ty = probe
        .type_of(build(&probe))
        .unwrap_or_else(|| panic!("{name}: {:?}", probe.error()));
    let width = ty.width().expect("a vector");
    if !ty.is_integer() {
        // A float vector padded to the vec4 of the cast-shadow output.
        let g = NodeGraph::new();
        let mut parts = vec![build(&g)];
        parts.extend((width..4).map(|_| g.float(0.0)));
        g.set_output(CAST_SHADOW_NODE, g.join(&parts))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        return vec![(name.to_string(), g.compile().unwrap(), CAST_SHADOW_NODE)];
    }
    (0..width)
        .map(|k| {
            let g = NodeGraph::new();
            let v = build(&g);
            let c = g.swizzle(v, &"xyzw"[k..k + 1]);
            let u = if ty.kind() == Some(Scalar::Int) {
                g.to_uint(c)
            } else {
                c
            };
            let hi = g.to_float(g.shift_right(u, g.uint(16)));
            let lo = g.to_float(g.bit_and(u, g.uint(0xFFFF)));
            g.set_output(COLOR_NODE, g.join(&[hi, lo, g.to_float(c)]))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (
                format!("{name}.{}", &"xyzw"[k..k + 1]),
                g.compile().unwrap(),
                COLOR_NODE,
            )
        })
        .collect()
}

fn integer_opcodes_match_run_nodes_bit_for_bit(gpu: &'static Gpu) {
    println!("adapter: {} ({:?})", gpu.info.name, gpu.info.backend);
    let cases = cases![
        "iadd wraps", |g| g.add(g.mul(iv(g), iv(g)), g.int32(i32::MAX));
        "uadd wraps", |g| g.add(uv(g), g.uint(0xFFFF_FFFF));
        "isub", |g| g.sub(iv(g), g.int32(i32::MIN));
        "imul wraps", |g| g.mul(g.mul(iv(g), iv(g)), iv(g));
        "umul wraps", |g| g.mul(uv(g), uv(g));
        "idiv truncates", |g| g.div(iv(g), g.add(g.swizzle(iv(g), "yzx"), g.int32(0)));
        "idiv by -1 and MIN", |g| g.div(g.add(g.int32(i32::MIN), g.min(iv(g), g.int32(0))), g.int32(-1));
        "udiv", |g| g.div(uv(g), g.swizzle(uv(g), "yzx"));
        "irem", |g| g.rem(iv(g), g.swizzle(iv(g), "zxy"));
        "urem", |g| g.rem(uv(g), g.swizzle(uv(g), "zxy"));
        "bit and or xor not", |g| g.bit_xor(g.bit_or(g.bit_and(uv(g), g.uint(0xF0F0_F0F0)), g.to_uint(g.bit_not(iv(g)))), uv(g));
        "shift left by lane counts", |g| g.shift_left(uv(g), g.bit_and(iv(g), g.int32(63)));
        "ishift right arithmetic", |g| g.shift_right(iv(g), g.bit_and(uv(g), g.uint(63)));
        "ushift right logical", |g| g.shift_right(uv(g), g.bit_and(g.to_uint(iv(g)), g.uint(31)));
        "shift by negative counts", |g| g.shift_left(g.uvec3(1, 1, 1), g.to_uint(g.min(iv(g), g.int32(-1))));
        "imin imax", |g| g.max(g.min(iv(g), g.int32(1000)), g.int32(-1000));
        "umin umax", |g| g.max(g.min(uv(g), g.uint(0xF000_0000)), g.uint(0x1000_0000));
        "iclamp", |g| g.clamp(iv(g), g.int32(-5000), g.int32(7000));
        "uclamp low above high", |g| g.clamp(uv(g), g.uint(9), g.uint(3));
        "iabs isign", |g| g.add(g.abs(g.add(iv(g), g.int32(i32::MIN))), g.sign(iv(g)));
        "inegate", |g| g.negate(iv(g));
        "less than", |g| g.add(g.less_than(iv(g), g.swizzle(iv(g), "yzx")), g.less_than(uv(g), g.swizzle(uv(g), "yzx")));
        "less equal greater", |g| g.add(g.less_than_equal(iv(g), g.int32(0)), g.greater_than_equal(uv(g), g.uint(0x8000_0000)));
        "equal of bits", |g| g.equal(shapes(g), g.uvec4(0x7FC0_0001, 0, 0xFF80_0000, 0));
        "not equal", |g| g.not_equal(g.to_uint(iv(g)), g.uint(0));
        "float to int and uint", |g| g.add(g.to_float(g.to_int(g.mul(g.position_world(), g.float(1e9)))), g.to_float(g.to_uint(g.mul(g.normal_world(), g.float(2e9)))));
        "int and uint to float", |g| g.add(g.to_float(g.mul(iv(g), g.int32(1001))), g.to_float(uv(g)));
        "special shapes survive", |g| g.bit_xor(g.to_uint(g.to_int(shapes(g))), g.uint(0));
        "select swizzle join keep bits", |g| g.select(g.less_than(g.swizzle(g.uv(), "x"), g.float(0.0)), g.swizzle(shapes(g), "wzyx"), shapes(g));
    ];
    let mut interp = GpuInterpreter::new(gpu);
    let mut registers = Registers::new();
    let mut tally = Tally::default();
    let mut opcodes = std::collections::BTreeSet::new();
    for (name, build) in &cases {
        for (label, program, output) in programs(name, build) {
            opcodes.extend(integer_opcodes(&program));
            let width = output.value_type().width().unwrap_or(1);
            for seed in [1u64, 2, 3] {
                let batch = batch(seed);
                let want = *run_nodes(&program, output, &batch, &WhiteSampler, &mut registers)
                    .expect("output set");
                for path in Path::ALL {
                    let got = path.run(&mut interp, &program, output, &batch);
                    tally.check(
                        &format!("{label} ({path:?}, seed {seed})"),
                        width,
                        &got,
                        &want,
                    );
                }
            }
        }
    }
    println!(
        "compared {} values bit for bit on both paths ({} distinct), {} differ",
        tally.compared,
        tally.distinct.len(),
        tally.failures.len()
    );
    // Every integer opcode ran, bytes 100 to 132.
    let missing: Vec<&str> = Opcode::ALL
        .iter()
        .filter(|op| op.is_integer() && !opcodes.contains(&(**op as u8)))
        .map(|op| op.name())
        .collect();
    assert!(missing.is_empty(), "not covered: {missing:?}");
    assert!(tally.distinct.len() > 1000, "the cases vary too little");
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}

/// The integer opcodes (bytes) in `program`'s code.
fn integer_opcodes(program: &NodeProgram) -> Vec<u8> {
    Output::ALL
        .iter()
        .flat_map(|&output| {
            let (start, count) = program.output_range(output);
            (start..start + count).map(|i| program.instruction(i).opcode)
        })
        .filter(|&byte| Opcode::from_byte(byte).is_some_and(Opcode::is_integer))
        .collect()
}

/// The GLSL exact-integer cases of the Mesa oracle (`int/` in tools/gl_oracle/glsl_cases_int.py,
/// held to Mesa's pixels by tsl-core's glsl_oracle.rs through `run_nodes`) on the WGSL
/// interpreter and natively, bit for bit against `run_nodes`: so the GPU agrees with Mesa on them
/// too. The
/// 64 lanes are the 16 cells of the cases' 4 x 4 grid, four times.
fn glsl_integer_cases_match_run_nodes_bit_for_bit(gpu: &'static Gpu) {
    use serde_json::Value;
    use tsl_core::glsl::compile_raw_shader_material;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tsl-core/tests/fixtures/glsl/cases.json"
    );
    let fixture: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the fixture")).expect("JSON");
    let mut batch = FragmentBatch::new();
    for lane in 0..LANES {
        let cell = lane % 16;
        let (u, v) = (
            (cell % 4) as f32 * 0.25 + 0.125,
            (cell / 4) as f32 * 0.25 + 0.125,
        );
        batch.set(Attribute::Uv, lane, [u, v, 0.0]);
    }
    let mut interp = GpuInterpreter::new(gpu);
    let mut registers = Registers::new();
    let (mut cases, mut tally) = (0, Tally::default());
    for case in fixture["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().expect("a name");
        if !name.starts_with("int/") {
            continue;
        }
        cases += 1;
        let source = |key: &str| case[key].as_str().expect("a source");
        let mut program = compile_raw_shader_material(source("vertex"), source("fragment"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for (uniform, value) in case["uniforms"].as_object().into_iter().flatten() {
            let numbers: Vec<&Value> = match value {
                Value::Array(a) => a.iter().collect(),
                one => vec![one],
            };
            let ty = program
                .uniforms()
                .iter()
                .find(|slot| slot.name == *uniform)
                .map(|slot| slot.ty);
            let set = if ty.and_then(|t| t.kind()) == Some(Scalar::UInt) {
                let u: Vec<u32> = numbers
                    .iter()
                    .map(|n| n.as_u64().expect("a uint") as u32)
                    .collect();
                let mut values = [0; 4];
                values[..u.len()].copy_from_slice(&u);
                program.set_uniform_uint(
                    uniform.as_str(),
                    UniformValue::UInt {
                        values,
                        width: u.len() as u8,
                    },
                )
            } else {
                let f: Vec<f32> = numbers
                    .iter()
                    .map(|n| n.as_f64().expect("a number") as f32)
                    .collect();
                let value = match f.len() {
                    1 => UniformValue::Float(f[0]),
                    2 => UniformValue::Vec2(glam::Vec2::from_slice(&f)),
                    3 => UniformValue::Vec3(glam::Vec3::from_slice(&f)),
                    _ => UniformValue::Vec4(glam::Vec4::from_slice(&f)),
                };
                program.set_uniform(uniform.as_str(), value)
            };
            set.unwrap_or_else(|e| panic!("{name}: {uniform}: {e}"));
        }
        for output in [COLOR_NODE, OPACITY_NODE] {
            let width = output.value_type().width().unwrap_or(1);
            let want = *run_nodes(&program, output, &batch, &WhiteSampler, &mut registers)
                .expect("output set");
            for path in Path::ALL {
                let got = path.run(&mut interp, &program, output, &batch);
                tally.check(&format!("{name} {output:?} ({path:?})"), width, &got, &want);
            }
        }
    }
    println!(
        "{cases} GLSL integer cases, {} values compared bit for bit on both paths",
        tally.compared
    );
    assert!(cases >= 60, "{cases} cases");
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
}
