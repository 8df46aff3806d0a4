//! Benchmarks of tsl-core: `NodeGraph::compile` for graphs of 10, 100 and 1,000 nodes, and the
//! throughput of the `run_nodes` interpreter (fragments per second, one thread) against a native
//! Rust closure that computes the same values by hand. docs/PERF.md records the figures.
//!
//! Run: `cargo bench --bench core -- --warm-up-time 1 --measurement-time 3`
//!
//! Every throughput group runs the interpreter and its native yardsticks over the same 4,096
//! fragments (64 batches of [`LANES`]), read from the same `FragmentBatch`es and written to the
//! same structure-of-arrays output, so the ratio of their times comes from one run.
//!
//! - `native`: the per-fragment closure inlined into a loop over the fragments, its uniforms
//!   passed through `black_box` once per pass. The compiler may hoist what depends on uniforms
//!   alone (`sin(time * 2.0) * 0.5`) out of the loop and vectorize the rest: what plain Rust does.
//! - `native_per_fragment`: the same closure, its uniforms passed through `black_box` for every
//!   fragment, so every fragment computes every operation, as the interpreter does.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tsl::prelude::*;

/// Fragments per pass of a throughput bench.
const FRAGMENTS: usize = 4096;
/// Batches per pass.
const BATCHES: usize = FRAGMENTS / LANES;
/// The frame time every throughput bench runs at.
const TIME: f32 = 1.5;

type V3 = [f32; 3];

/// The output of a pass: per batch, three components of [`LANES`] floats.
type Out = Vec<[Lane; 3]>;

// ---------------------------------------------------------------------------------------------
// Deterministic inputs
// ---------------------------------------------------------------------------------------------

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next_u32(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as u32
    }

    /// A float in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }

    /// A float in [low, high).
    fn range(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.unit()
    }

    fn below(&mut self, n: u32) -> u32 {
        self.next_u32() % n
    }
}

fn unit_vector(rng: &mut Lcg) -> Vec3 {
    let v = Vec3::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    );
    v.try_normalize().unwrap_or(Vec3::Y)
}

/// 64 batches of fragments with varying attributes (every attribute the graphs read).
fn batches(seed: u64) -> Vec<FragmentBatch> {
    let mut rng = Lcg(seed);
    (0..BATCHES)
        .map(|_| {
            let mut batch = FragmentBatch::new();
            for lane in 0..LANES {
                let fragment = Fragment {
                    uv: Vec2::new(rng.unit(), rng.unit()),
                    position_world: Vec3::new(
                        rng.range(-5.0, 5.0),
                        rng.range(-1.0, 3.0),
                        rng.range(-5.0, 5.0),
                    ),
                    normal_world: unit_vector(&mut rng) * rng.range(0.8, 1.2),
                    vertex_color: Vec3::new(rng.unit(), rng.unit(), rng.unit()),
                    ..Fragment::default()
                };
                batch.set_fragment(lane, &fragment);
            }
            batch
        })
        .collect()
}

fn row(attribute: Attribute) -> usize {
    attribute.lane_index().expect("a per-lane attribute")
}

/// `attribute` at `lane` of `batch`'s fragment view, as the native yardsticks read it.
#[inline(always)]
fn read3(batch: &FragmentBatch, attribute: usize, lane: usize) -> V3 {
    let a = &batch.views[View::Fragment as usize][attribute];
    [a[0][lane], a[1][lane], a[2][lane]]
}

/// Write a result at `lane` of a pass's output.
#[inline(always)]
fn write3(out: &mut [Lane; 3], lane: usize, value: V3) {
    for (component, v) in out.iter_mut().zip(value) {
        component[lane] = v;
    }
}

fn uniform3(program: &NodeProgram, name: &str) -> V3 {
    let v = program.uniform(name).expect("a uniform of the graph");
    [v[0], v[1], v[2]]
}

// ---------------------------------------------------------------------------------------------
// GLSL math for the native yardsticks, as tsl-core's interpreter defines it
// ---------------------------------------------------------------------------------------------

#[inline(always)]
fn min(x: f32, y: f32) -> f32 {
    if y < x {
        y
    } else {
        x
    }
}

#[inline(always)]
fn max(x: f32, y: f32) -> f32 {
    if x < y {
        y
    } else {
        x
    }
}

#[inline(always)]
fn saturate(x: f32) -> f32 {
    min(max(x, 0.0), 1.0)
}

#[inline(always)]
fn mix(a: f32, b: f32, t: f32) -> f32 {
    a * (1.0 - t) + b * t
}

#[inline(always)]
fn smoothstep(low: f32, high: f32, x: f32) -> f32 {
    let t = saturate((x - low) / (high - low));
    t * t * (3.0 - 2.0 * t)
}

#[inline(always)]
fn step(edge: f32, x: f32) -> f32 {
    if x < edge {
        0.0
    } else {
        1.0
    }
}

#[inline(always)]
fn fract(x: f32) -> f32 {
    x - x.floor()
}

#[inline(always)]
fn dot3(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

#[inline(always)]
fn length3(a: V3) -> f32 {
    dot3(a, a).sqrt()
}

#[inline(always)]
fn normalize3(a: V3) -> V3 {
    let length = length3(a);
    a.map(|x| if length == 0.0 { 0.0 } else { x / length })
}

#[inline(always)]
fn add3(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

#[inline(always)]
fn sub3(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline(always)]
fn mul3(a: V3, b: V3) -> V3 {
    [a[0] * b[0], a[1] * b[1], a[2] * b[2]]
}

#[inline(always)]
fn scale3(a: V3, s: f32) -> V3 {
    a.map(|x| x * s)
}

#[inline(always)]
fn mix3(a: V3, b: V3, t: f32) -> V3 {
    [mix(a[0], b[0], t), mix(a[1], b[1], t), mix(a[2], b[2], t)]
}

#[inline(always)]
fn cross3(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - b[1] * a[2],
        a[2] * b[0] - b[2] * a[0],
        a[0] * b[1] - b[0] * a[1],
    ]
}

#[inline(always)]
fn reflect3(i: V3, n: V3) -> V3 {
    let d = dot3(n, i);
    [
        i[0] - 2.0 * d * n[0],
        i[1] - 2.0 * d * n[1],
        i[2] - 2.0 * d * n[2],
    ]
}

// ---------------------------------------------------------------------------------------------
// Graph A: the first graph (R-EX-1, docs/requirements.md)
// ---------------------------------------------------------------------------------------------

/// `COLOR_NODE = mix(vertex_color(), tint, sin(time * 2) * 0.5)`, as examples/graph.rs builds it.
fn spec000_graph() -> NodeGraph {
    let graph = NodeGraph::new();
    let tint = graph.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
    let mixed = graph.mix(
        graph.swizzle(graph.vertex_color(), "rgb"),
        tint,
        graph.mul(wave, graph.float(0.5)),
    );
    graph.set_output(COLOR_NODE, mixed).expect("a vec3");
    graph
}

/// The uniforms of graph A, as the native closure takes them.
#[derive(Clone, Copy)]
struct UniformsA {
    tint: V3,
    time: f32,
}

/// Graph A by hand, for one fragment.
#[inline(always)]
fn shade_a(vertex_color: V3, u: UniformsA) -> V3 {
    let t = (u.time * 2.0).sin() * 0.5;
    mix3(vertex_color, u.tint, t)
}

fn native_a(batches: &[FragmentBatch], u: UniformsA, out: &mut Out, per_fragment: bool) {
    let vc = row(Attribute::VertexColor);
    let mut u = black_box(u);
    for (batch, o) in batches.iter().zip(out.iter_mut()) {
        for lane in 0..LANES {
            if per_fragment {
                u = black_box(u);
            }
            let c = shade_a(read3(batch, vc, lane), u);
            write3(o, lane, c);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Graph B: about 100 instructions of mixed shading math
// ---------------------------------------------------------------------------------------------

const LIGHT_DIR: Vec3 = Vec3::new(0.3, 0.8, 0.5);
const EYE: Vec3 = Vec3::new(0.0, 1.5, 4.0);
const SHININESS: f32 = 24.0;
const FOG_COLOR: V3 = [0.55, 0.6, 0.7];
const UP: V3 = [0.0, 1.0, 0.0];
const HUE_SCALE: V3 = [1.3, 1.7, 2.1];

/// Blinn–Phong with a rim term, stripes, a checker of waves, an anisotropic glint and fog.
fn mixed_graph() -> NodeGraph {
    let g = NodeGraph::new();
    let uv = g.uv();
    let pw = g.position_world();
    let time = g.time();
    let light_dir = g.named_uniform("light_dir", LIGHT_DIR);
    let eye = g.named_uniform("eye", EYE);
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let shininess = g.named_uniform("shininess", SHININESS);
    let f = |x: f32| g.float(x);
    let v3 = |v: V3| g.vec3(v[0], v[1], v[2]);

    let n = g.normalize(g.normal_world());
    let l = g.normalize(light_dir);
    let ndl = g.saturate(g.dot(n, l));
    let v = g.normalize(g.sub(eye, pw));
    let h = g.normalize(g.add(l, v));
    let ndh = g.saturate(g.dot(n, h));
    let spec = g.pow(ndh, shininess);

    let stripes = g.add(
        g.mul(
            g.sin(g.add(g.mul(g.swizzle(uv, "x"), f(20.0)), g.mul(time, f(3.0)))),
            f(0.5),
        ),
        f(0.5),
    );
    let ripple = g.fract(g.add(g.mul(g.swizzle(uv, "y"), f(4.0)), g.mul(stripes, f(0.25))));
    let pattern = g.smoothstep(f(0.3), f(0.7), ripple);
    let base = g.mix(g.swizzle(g.vertex_color(), "rgb"), tint, pattern);

    let rim = g.pow(g.one_minus(g.saturate(g.dot(n, v))), f(3.0));
    let fresnel = g.mix(f(0.04), f(1.0), rim);

    let wave = g.mul(
        g.cos(g.add(g.mul(g.swizzle(pw, "x"), f(2.0)), time)),
        g.sin(g.sub(g.mul(g.swizzle(pw, "z"), f(2.0)), time)),
    );
    let checker = g.step(f(0.0), wave);

    let r = g.reflect(g.negate(l), n);
    let glint = g.mul(g.pow(g.saturate(g.dot(r, v)), f(8.0)), f(0.5));
    let tangent = g.normalize(g.cross(n, v3(UP)));
    let aniso = g.mul(g.abs(g.dot(tangent, h)), f(0.2));
    let hue = g.add(
        g.mul(g.sin(g.add(g.mul(pw, v3(HUE_SCALE)), time)), f(0.5)),
        f(0.5),
    );

    let diffuse = g.add(g.mul(ndl, f(0.8)), f(0.2));
    let highlight = g.mul(g.add(g.add(spec, glint), aniso), fresnel);
    let shade = g.add(g.mul(g.mul(base, hue), diffuse), highlight);
    let swapped = g.swizzle(shade, "zyx");
    let checked = g.mix(shade, swapped, g.mul(checker, f(0.3)));
    let fog = g.smoothstep(f(2.0), f(12.0), g.length(g.sub(pw, eye)));
    let color = g.saturate(g.mix(checked, v3(FOG_COLOR), fog));
    g.set_output(COLOR_NODE, color).expect("a vec3");
    g
}

/// The uniforms of graph B, as the native closure takes them.
#[derive(Clone, Copy)]
struct UniformsB {
    light_dir: V3,
    eye: V3,
    tint: V3,
    shininess: f32,
    time: f32,
}

/// Graph B by hand, for one fragment, in the graph's order of operations.
#[inline(always)]
fn shade_b(uv: V3, pw: V3, nw: V3, vc: V3, u: UniformsB) -> V3 {
    let time = u.time;
    let n = normalize3(nw);
    let l = normalize3(u.light_dir);
    let ndl = saturate(dot3(n, l));
    let v = normalize3(sub3(u.eye, pw));
    let h = normalize3(add3(l, v));
    let ndh = saturate(dot3(n, h));
    let spec = ndh.powf(u.shininess);

    let stripes = (uv[0] * 20.0 + time * 3.0).sin() * 0.5 + 0.5;
    let ripple = fract(uv[1] * 4.0 + stripes * 0.25);
    let pattern = smoothstep(0.3, 0.7, ripple);
    let base = mix3(vc, u.tint, pattern);

    let rim = (1.0 - saturate(dot3(n, v))).powf(3.0);
    let fresnel = mix(0.04, 1.0, rim);

    let wave = (pw[0] * 2.0 + time).cos() * (pw[2] * 2.0 - time).sin();
    let checker = step(0.0, wave);

    let r = reflect3(l.map(|x| -x), n);
    let glint = saturate(dot3(r, v)).powf(8.0) * 0.5;
    let tangent = normalize3(cross3(n, UP));
    let aniso = dot3(tangent, h).abs() * 0.2;
    let hue = mul3(pw, HUE_SCALE).map(|x| (x + time).sin() * 0.5 + 0.5);

    let diffuse = ndl * 0.8 + 0.2;
    let highlight = (spec + glint + aniso) * fresnel;
    let lit = scale3(mul3(base, hue), diffuse);
    let shade = lit.map(|x| x + highlight);
    let swapped = [shade[2], shade[1], shade[0]];
    let checked = mix3(shade, swapped, checker * 0.3);
    let fog = smoothstep(2.0, 12.0, length3(sub3(pw, u.eye)));
    mix3(checked, FOG_COLOR, fog).map(saturate)
}

fn native_b(batches: &[FragmentBatch], u: UniformsB, out: &mut Out, per_fragment: bool) {
    let (uv, pw, nw, vc) = (
        row(Attribute::Uv),
        row(Attribute::PositionWorld),
        row(Attribute::NormalWorld),
        row(Attribute::VertexColor),
    );
    let mut u = black_box(u);
    for (batch, o) in batches.iter().zip(out.iter_mut()) {
        for lane in 0..LANES {
            if per_fragment {
                u = black_box(u);
            }
            let c = shade_b(
                read3(batch, uv, lane),
                read3(batch, pw, lane),
                read3(batch, nw, lane),
                read3(batch, vc, lane),
                u,
            );
            write3(o, lane, c);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The interpreter over a pass
// ---------------------------------------------------------------------------------------------

fn interpret(
    program: &NodeProgram,
    batches: &[FragmentBatch],
    registers: &mut Registers,
    out: &mut Out,
) {
    for (batch, o) in batches.iter().zip(out.iter_mut()) {
        let result = run_nodes(program, COLOR_NODE, batch, &WhiteSampler, registers)
            .expect("COLOR_NODE is set");
        o.copy_from_slice(&result[..3]);
    }
}

/// How many instructions of each opcode `COLOR_NODE` runs, and their widths times [`LANES`].
fn census(program: &NodeProgram) -> String {
    let (start, count) = program.output_range(COLOR_NODE);
    let mut counts: Vec<(&str, usize, usize)> = Vec::new();
    for index in start..start + count {
        let inst = program.instruction(index);
        let name = Opcode::from_byte(inst.opcode).map_or("?", Opcode::name);
        let floats = inst.width as usize * LANES;
        match counts.iter_mut().find(|(n, _, _)| *n == name) {
            Some(entry) => {
                entry.1 += 1;
                entry.2 += floats;
            }
            None => counts.push((name, 1, floats)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    counts
        .iter()
        .map(|(name, n, floats)| format!("{name} {n} ({floats} lane-components)"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Panic unless the interpreter and the native closure agree within 1e-5 on every fragment.
fn assert_agree(name: &str, interpreter: &Out, native: &Out) {
    let mut worst = 0.0f32;
    for (b, (i, n)) in interpreter.iter().zip(native).enumerate() {
        for k in 0..3 {
            for lane in 0..LANES {
                let (x, y) = (i[k][lane], n[k][lane]);
                let error = (x - y).abs();
                assert!(
                    error <= 1e-5,
                    "{name}: fragment {} component {k}: interpreter {x}, native {y}",
                    b * LANES + lane
                );
                worst = worst.max(error);
            }
        }
    }
    eprintln!("{name}: agrees with the interpreter on {FRAGMENTS} fragments (worst {worst:e})");
}

fn throughput_group(
    c: &mut Criterion,
    name: &str,
    program: &NodeProgram,
    batches: &[FragmentBatch],
    native: impl Fn(&[FragmentBatch], &mut Out, bool),
) {
    let mut registers = Registers::new();
    let mut expected = vec![[[0.0; LANES]; 3]; BATCHES];
    let mut out = vec![[[0.0; LANES]; 3]; BATCHES];
    interpret(program, batches, &mut registers, &mut expected);
    for (variant, per_fragment) in [("native", false), ("native_per_fragment", true)] {
        native(batches, &mut out, per_fragment);
        assert_agree(&format!("{name} {variant}"), &expected, &out);
    }
    eprintln!(
        "{name}: COLOR_NODE has {} instructions and {} registers: {}",
        program.instruction_count(COLOR_NODE),
        program.register_count(COLOR_NODE),
        census(program)
    );

    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(FRAGMENTS as u64));
    group.bench_function("interpreter", |b| {
        b.iter(|| {
            interpret(
                black_box(program),
                black_box(batches),
                &mut registers,
                &mut out,
            );
            black_box(&mut out);
        })
    });
    group.bench_function("native", |b| {
        b.iter(|| {
            native(black_box(batches), &mut out, false);
            black_box(&mut out);
        })
    });
    group.bench_function("native_per_fragment", |b| {
        b.iter(|| {
            native(black_box(batches), &mut out, true);
            black_box(&mut out);
        })
    });
    group.finish();
}

fn throughput(c: &mut Criterion) {
    let mut program = spec000_graph().compile().expect("graph A compiles");
    program.set_frame(TIME, Mat4::IDENTITY);
    let u = UniformsA {
        tint: uniform3(&program, "tint"),
        time: program.time(),
    };
    let data = batches(0xA);
    throughput_group(c, "interp_spec000", &program, &data, |b, o, p| {
        native_a(b, u, o, p)
    });

    let mut program = mixed_graph().compile().expect("graph B compiles");
    program.set_frame(TIME, Mat4::IDENTITY);
    let shininess = program.uniform("shininess").expect("a float")[0];
    let u = UniformsB {
        light_dir: uniform3(&program, "light_dir"),
        eye: uniform3(&program, "eye"),
        tint: uniform3(&program, "tint"),
        shininess,
        time: program.time(),
    };
    let data = batches(0xB);
    throughput_group(c, "interp_mixed100", &program, &data, |b, o, p| {
        native_b(b, u, o, p)
    });
}

/// With `TSL_BENCH_BREAKDOWN=1`: graph A's interpreter time taken apart, by running parts of it.
///
/// - `attr_only`: `COLOR_NODE = vertex_color()`, one `attr`: the cost of a batch with no math
///   (decode, dispatch, the attribute's copy and the pass's copy-out).
/// - `folded`: `mix(vertex_color(), tint, t)` with `t` a float uniform holding
///   `sin(1.5 * 2) * 0.5`: what graph A would run if the uniform-only `sin(time * 2) * 0.5` were
///   computed once per frame (4 instructions).
/// - `full`: graph A itself (9 instructions).
fn breakdown(c: &mut Criterion) {
    if std::env::var_os("TSL_BENCH_BREAKDOWN").is_none() {
        return;
    }
    let data = batches(0xA);
    let attr_only = NodeGraph::new();
    attr_only
        .set_output(
            COLOR_NODE,
            attr_only.swizzle(attr_only.vertex_color(), "rgb"),
        )
        .expect("a vec3");
    let folded = NodeGraph::new();
    let tint = folded.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let t = folded.named_uniform("t", (TIME * 2.0).sin() * 0.5);
    folded
        .set_output(
            COLOR_NODE,
            folded.mix(folded.swizzle(folded.vertex_color(), "rgb"), tint, t),
        )
        .expect("a vec3");
    let mut group = c.benchmark_group("interp_spec000_breakdown");
    group.throughput(Throughput::Elements(FRAGMENTS as u64));
    for (name, graph) in [
        ("attr_only", attr_only),
        ("folded", folded),
        ("full", spec000_graph()),
    ] {
        let mut program = graph.compile().expect("compiles");
        program.set_frame(TIME, Mat4::IDENTITY);
        let mut registers = Registers::new();
        let mut out = vec![[[0.0; LANES]; 3]; BATCHES];
        group.bench_function(name, |b| {
            b.iter(|| {
                interpret(
                    black_box(&program),
                    black_box(&data),
                    &mut registers,
                    &mut out,
                );
                black_box(&mut out);
            })
        });
    }
    group.finish();
}

// ---------------------------------------------------------------------------------------------
// Compile time
// ---------------------------------------------------------------------------------------------

/// The most nodes one step of [`compile_graph`] adds.
const MAX_STEP: usize = 12;

/// A graph of exactly `nodes` nodes (at least 2), all reachable from `COLOR_NODE`: a chain of
/// steps on a vec3 accumulator, each step a small tree of fresh attributes, constants, the time
/// and four shared uniforms, so that few values are live at once.
fn compile_graph(nodes: usize) -> NodeGraph {
    assert!(nodes >= 2);
    let g = NodeGraph::new();
    let mut rng = Lcg(nodes as u64);
    let mut uniforms: [Option<NodeRef>; 4] = [None; 4];
    let mut uniform = |g: &NodeGraph, i: usize| {
        *uniforms[i].get_or_insert_with(|| match i {
            0 => g.named_uniform("light_dir", LIGHT_DIR),
            1 => g.named_uniform("tint", Color::from_srgb8(255, 120, 40)),
            2 => g.named_uniform("strength", 0.75f32),
            _ => g.named_uniform("offset", Vec3::new(0.1, 0.2, 0.3)),
        })
    };
    let mut acc = g.swizzle(g.vertex_color(), "rgb");
    while g.node_count() + MAX_STEP < nodes {
        let k = rng.range(0.5, 4.0);
        acc = match rng.below(8) {
            // mix towards a uniform by a wave of time: 10 nodes (9 with the tint declared)
            0 => {
                let wave = g.sin(g.mul(g.time(), g.float(k)));
                let t = g.add(g.mul(wave, g.float(0.5)), g.float(0.5));
                g.mix(acc, uniform(&g, 1), t)
            }
            // lambert against a uniform direction: 5 nodes
            1 => {
                let n = g.normalize(g.normal_world());
                g.mul(acc, g.saturate(g.dot(n, uniform(&g, 0))))
            }
            // a swizzled attribute, scaled: 5 nodes
            2 => g.add(
                acc,
                g.mul(g.swizzle(g.position_world(), "zxy"), g.float(k * 0.1)),
            ),
            // mix with its own rotation by the uv: 5 nodes
            3 => g.mix(acc, g.swizzle(acc, "yzx"), g.swizzle(g.uv(), "x")),
            // a sine of the accumulator: 4 nodes
            4 => g.abs(g.sin(g.mul(acc, g.vec3(k, k * 0.5, k * 0.25)))),
            // scaled by a uniform, then offset: 4 nodes
            5 => g.add(g.mul(acc, uniform(&g, 2)), uniform(&g, 3)),
            // a normalized blend with the normal by its length: 6 nodes
            6 => {
                let n = g.normal_view();
                let blend = g.normalize(g.add(acc, n));
                g.mix(acc, blend, g.fract(g.length(acc)))
            }
            // clamp by a smooth step of the uv: 7 nodes
            _ => {
                let s = g.smoothstep(g.float(0.2), g.float(0.8), g.swizzle(g.uv(), "y"));
                g.mul(g.saturate(acc), s)
            }
        };
    }
    let mut pad = 0;
    while g.node_count() < nodes {
        acc = match pad % 3 {
            0 => g.saturate(acc),
            1 => g.fract(acc),
            _ => g.abs(acc),
        };
        pad += 1;
    }
    g.set_output(COLOR_NODE, acc).expect("a vec3");
    assert_eq!(g.node_count(), nodes);
    g
}

fn compile_time(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for nodes in [10, 100, 1000] {
        let graph = compile_graph(nodes);
        let program = graph.compile().expect("the graph compiles");
        eprintln!(
            "compile/{nodes}: {} instructions, {} registers",
            program.instruction_count(COLOR_NODE),
            program.register_count(COLOR_NODE)
        );
        group.throughput(Throughput::Elements(nodes as u64));
        group.bench_with_input(BenchmarkId::from_parameter(nodes), &graph, |b, graph| {
            b.iter(|| black_box(graph).compile())
        });
    }
    group.finish();
}

criterion_group!(benches, compile_time, throughput, breakdown);
criterion_main!(benches);
