//! The math semantics of R-MATH (docs/requirements.md) and R-LOGIC, read back
//! through `NodeProgram::evaluate`.
//!
//! Every expected value is worked out by hand from GLSL ES 3.00's definitions, from R-MATH and from
//! three.js r187's math nodes (R-MATH-10), never from running the code under test. Each expression
//! is built twice: once from constants and once from uniforms, so that both a compiler that folds
//! constants and the interpreter's own instructions are held to the values.

use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use std::cell::Cell;
use std::f64::consts::{
    E, FRAC_1_SQRT_2, FRAC_PI_2, FRAC_PI_3, FRAC_PI_4, FRAC_PI_6, LN_10, LN_2, LOG2_10, PI, SQRT_2,
};
use std::ops::Deref;
use tsl_core::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The graph a test builds in. Its operand methods make either constants or uniforms.
struct Build<'a> {
    graph: &'a NodeGraph,
    uniforms: bool,
    count: Cell<usize>,
}

impl Deref for Build<'_> {
    type Target = NodeGraph;
    fn deref(&self) -> &NodeGraph {
        self.graph
    }
}

impl Build<'_> {
    fn next_name(&self) -> String {
        let n = self.count.get();
        self.count.set(n + 1);
        format!("operand{n}")
    }

    fn operand(&self, value: UniformValue) -> NodeRef {
        if self.uniforms {
            let name = self.next_name();
            return self.graph.named_uniform(&name, value);
        }
        let g = self.graph;
        match value {
            UniformValue::Float(x) => g.float(x),
            UniformValue::Vec2(v) => g.vec2(v.x, v.y),
            UniformValue::Vec3(v) => g.vec3(v.x, v.y, v.z),
            UniformValue::Vec4(v) => g.vec4(v.x, v.y, v.z, v.w),
            UniformValue::Color(c) => g.color(c),
            UniformValue::Mat3(m) => g.matrix(&[
                g.vec3(m.x_axis.x, m.x_axis.y, m.x_axis.z),
                g.vec3(m.y_axis.x, m.y_axis.y, m.y_axis.z),
                g.vec3(m.z_axis.x, m.z_axis.y, m.z_axis.z),
            ]),
            UniformValue::Mat4(m) => g.matrix(&[
                g.vec4(m.x_axis.x, m.x_axis.y, m.x_axis.z, m.x_axis.w),
                g.vec4(m.y_axis.x, m.y_axis.y, m.y_axis.z, m.y_axis.w),
                g.vec4(m.z_axis.x, m.z_axis.y, m.z_axis.z, m.z_axis.w),
                g.vec4(m.w_axis.x, m.w_axis.y, m.w_axis.z, m.w_axis.w),
            ]),
            UniformValue::Int { .. } | UniformValue::UInt { .. } => {
                unreachable!("float operands only")
            }
        }
    }

    /// A float operand.
    fn f(&self, x: f32) -> NodeRef {
        self.operand(UniformValue::Float(x))
    }

    /// A vec2 operand.
    fn v2(&self, x: f32, y: f32) -> NodeRef {
        self.operand(UniformValue::Vec2(Vec2::new(x, y)))
    }

    /// A vec3 operand.
    fn v3(&self, x: f32, y: f32, z: f32) -> NodeRef {
        self.operand(UniformValue::Vec3(Vec3::new(x, y, z)))
    }

    /// A vec4 operand.
    fn v4(&self, x: f32, y: f32, z: f32, w: f32) -> NodeRef {
        self.operand(UniformValue::Vec4(Vec4::new(x, y, z, w)))
    }

    /// A mat3 operand from its columns: a `matrix` of constant columns, or a Mat3 uniform.
    fn m3(&self, cols: [[f32; 3]; 3]) -> NodeRef {
        self.operand(UniformValue::Mat3(Mat3::from_cols(
            Vec3::from(cols[0]),
            Vec3::from(cols[1]),
            Vec3::from(cols[2]),
        )))
    }

    /// A mat4 operand from its columns.
    fn m4(&self, cols: [[f32; 4]; 4]) -> NodeRef {
        self.operand(UniformValue::Mat4(Mat4::from_cols(
            Vec4::from(cols[0]),
            Vec4::from(cols[1]),
            Vec4::from(cols[2]),
            Vec4::from(cols[3]),
        )))
    }
}

/// A compiled graph whose one value of interest is set on outputs: a float on OPACITY_NODE, a vec2
/// joined with a zero on COLOR_NODE, a vec3 on COLOR_NODE, a vec4's xyz on COLOR_NODE and its w on
/// OPACITY_NODE.
struct Compiled {
    program: NodeProgram,
    width: usize,
}

impl Compiled {
    #[track_caller]
    fn new(graph: &NodeGraph, node: NodeRef) -> Compiled {
        let ty = graph
            .type_of(node)
            .unwrap_or_else(|| panic!("the node was refused: {:?}", graph.error()));
        let width = match ty {
            ValueType::Float => {
                graph.set_output(OPACITY_NODE, node).unwrap();
                1
            }
            ValueType::Vec2 => {
                let padded = graph.join(&[node, graph.float(0.0)]);
                graph.set_output(COLOR_NODE, padded).unwrap();
                2
            }
            ValueType::Vec3 => {
                graph.set_output(COLOR_NODE, node).unwrap();
                3
            }
            ValueType::Vec4 => {
                graph
                    .set_output(COLOR_NODE, graph.swizzle(node, "xyz"))
                    .unwrap();
                graph
                    .set_output(OPACITY_NODE, graph.swizzle(node, "w"))
                    .unwrap();
                4
            }
            other => panic!("a {other} is not a value to read back"),
        };
        let program = graph
            .compile()
            .unwrap_or_else(|e| panic!("compile refused the graph: {e:?}"));
        Compiled { program, width }
    }

    #[track_caller]
    fn read(&self) -> Vec<f32> {
        let fragment = Fragment::default();
        let eval = |output| {
            self.program
                .evaluate(output, &fragment)
                .expect("the output is set")
        };
        match self.width {
            1 => eval(OPACITY_NODE),
            2 => {
                let c = eval(COLOR_NODE);
                assert_eq!(c[2], 0.0, "the padding of a vec2");
                c[..2].to_vec()
            }
            3 => eval(COLOR_NODE),
            _ => {
                let mut c = eval(COLOR_NODE);
                c.extend(eval(OPACITY_NODE));
                c
            }
        }
    }
}

/// The value of the expression, built from constants and then from uniforms: (mode, value).
#[track_caller]
fn eval_modes(build: impl Fn(&Build) -> NodeRef) -> Vec<(&'static str, Vec<f32>)> {
    [("constants", false), ("uniforms", true)]
        .into_iter()
        .map(|(mode, uniforms)| {
            let graph = NodeGraph::new();
            let b = Build {
                graph: &graph,
                uniforms,
                count: Cell::new(0),
            };
            let node = build(&b);
            (mode, Compiled::new(&graph, node).read())
        })
        .collect()
}

/// Both ways, the value must be exactly `want` (and of its width).
#[track_caller]
fn check_exact(want: &[f32], build: impl Fn(&Build) -> NodeRef) {
    for (mode, got) in eval_modes(build) {
        assert_eq!(got.as_slice(), want, "from {mode}");
    }
}

/// Whether `got` is `want` within 1e-6 relative (1e-6 absolute below one).
fn close(got: f32, want: f64) -> bool {
    (got as f64 - want).abs() <= 1e-6 * want.abs().max(1.0)
}

/// Both ways, the value must be `want` within f32 precision (and of its width).
#[track_caller]
fn check_close(want: &[f64], build: impl Fn(&Build) -> NodeRef) {
    for (mode, got) in eval_modes(build) {
        assert_eq!(got.len(), want.len(), "width from {mode}: got {got:?}");
        assert!(
            got.iter().zip(want).all(|(&g, &w)| close(g, w)),
            "from {mode}: got {got:?}, want {want:?}"
        );
    }
}

/// The value of one expression of no operands (a frame value), after `set_frame`.
#[track_caller]
fn eval_frame(time: f32, view: Mat4, build: impl Fn(&NodeGraph) -> NodeRef) -> Vec<f32> {
    let graph = NodeGraph::new();
    let node = build(&graph);
    let mut compiled = Compiled::new(&graph, node);
    compiled.program.set_frame(time, view);
    compiled.read()
}

/// Whether the builder refused the expression.
fn refused(build: impl Fn(&Build) -> NodeRef) -> bool {
    let graph = NodeGraph::new();
    let b = Build {
        graph: &graph,
        uniforms: false,
        count: Cell::new(0),
    };
    let node = build(&b);
    node.is_refused() && graph.error().is_some()
}

// The angles used below, from the standard library's f64 constants.
const HALF_PI: f64 = FRAC_PI_2;
const THIRD_PI: f64 = FRAC_PI_3;
const QUARTER_PI: f64 = FRAC_PI_4;
const SIXTH_PI: f64 = FRAC_PI_6;
const THREE_QUARTER_PI: f64 = 3.0 * FRAC_PI_4;
/// sqrt(2) / 2.
const HALF_SQRT2: f64 = FRAC_1_SQRT_2;
const HALF_SQRT2_F32: f32 = 0.70710677;

// ---------------------------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------------------------

#[test]
fn add_per_component_and_repeats_a_float() {
    check_exact(&[3.75], |g| g.add(g.f(1.5), g.f(2.25)));
    check_exact(&[4.0, 6.0], |g| g.add(g.v2(1.0, 2.0), g.v2(3.0, 4.0)));
    check_exact(&[1.5, -2.0, 13.0], |g| {
        g.add(g.v3(1.0, 2.0, 3.0), g.v3(0.5, -4.0, 10.0))
    });
    check_exact(&[5.0, 5.0, 5.0, 5.0], |g| {
        g.add(g.v4(1.0, 2.0, 3.0, 4.0), g.v4(4.0, 3.0, 2.0, 1.0))
    });
    // A float next to a vector is repeated into every component, on either side.
    check_exact(&[2.0, 3.0, 4.0], |g| g.add(g.f(1.0), g.v3(1.0, 2.0, 3.0)));
    check_exact(&[1.5, 2.5, 3.5], |g| g.add(g.v3(1.0, 2.0, 3.0), g.f(0.5)));
    check_exact(&[1.25, 2.25, 3.25, 4.25], |g| {
        g.add(g.v4(1.0, 2.0, 3.0, 4.0), g.f(0.25))
    });
}

#[test]
fn sub_per_component_and_repeats_a_float() {
    check_exact(&[-2.5], |g| g.sub(g.f(5.0), g.f(7.5)));
    check_exact(&[-1.0, 1.0], |g| g.sub(g.v2(0.0, 0.0), g.v2(1.0, -1.0)));
    check_exact(&[9.0, 8.0, 7.0], |g| g.sub(g.f(10.0), g.v3(1.0, 2.0, 3.0)));
    check_exact(&[0.0, 1.0, 2.0], |g| g.sub(g.v3(1.0, 2.0, 3.0), g.f(1.0)));
    check_exact(&[0.5, 1.5, 2.5, 3.5], |g| {
        g.sub(g.v4(1.0, 2.0, 3.0, 4.0), g.v4(0.5, 0.5, 0.5, 0.5))
    });
}

#[test]
fn mul_per_component_and_repeats_a_float() {
    check_exact(&[-6.0], |g| g.mul(g.f(1.5), g.f(-4.0)));
    check_exact(&[3.0, 6.0], |g| g.mul(g.v2(1.0, 2.0), g.f(3.0)));
    check_exact(&[1.0, -3.0, 1.0], |g| {
        g.mul(g.v3(2.0, 3.0, 4.0), g.v3(0.5, -1.0, 0.25))
    });
    check_exact(&[2.0, 4.0, 6.0, 8.0], |g| {
        g.mul(g.f(2.0), g.v4(1.0, 2.0, 3.0, 4.0))
    });
}

#[test]
fn div_per_component_and_repeats_a_float() {
    check_exact(&[3.5], |g| g.div(g.f(7.0), g.f(2.0)));
    check_exact(&[0.25, -1.5, -3.0], |g| {
        g.div(g.v3(1.0, -3.0, 9.0), g.v3(4.0, 2.0, -3.0))
    });
    check_exact(&[1.0, 2.0, 3.0], |g| g.div(g.v3(2.0, 4.0, 6.0), g.f(2.0)));
    check_exact(&[6.0, 4.0, 3.0], |g| g.div(g.f(12.0), g.v3(2.0, 3.0, 4.0)));
    check_exact(&[0.25, 0.5, 0.75, 1.0], |g| {
        g.div(g.v4(1.0, 2.0, 3.0, 4.0), g.f(4.0))
    });
}

#[test]
fn div_by_zero_is_ieee_754() {
    // 1/0 = +inf, -1/0 = -inf, 0/0 = NaN.
    for (mode, v) in eval_modes(|g| g.div(g.f(1.0), g.f(0.0))) {
        assert!(v[0].is_infinite() && v[0] > 0.0, "1/0 from {mode}: {v:?}");
    }
    for (mode, v) in eval_modes(|g| g.div(g.f(-1.0), g.f(0.0))) {
        assert!(v[0].is_infinite() && v[0] < 0.0, "-1/0 from {mode}: {v:?}");
    }
    for (mode, v) in eval_modes(|g| g.div(g.f(0.0), g.f(0.0))) {
        assert!(v[0].is_nan(), "0/0 from {mode}: {v:?}");
    }
    for (mode, v) in eval_modes(|g| g.div(g.v3(1.0, -1.0, 0.0), g.f(0.0))) {
        assert!(v[0].is_infinite() && v[0] > 0.0, "from {mode}: {v:?}");
        assert!(v[1].is_infinite() && v[1] < 0.0, "from {mode}: {v:?}");
        assert!(v[2].is_nan(), "from {mode}: {v:?}");
    }
    // IEEE 754: 1 / -0 = -inf.
    for (mode, v) in eval_modes(|g| g.div(g.f(1.0), g.f(-0.0))) {
        assert!(v[0].is_infinite() && v[0] < 0.0, "1/-0 from {mode}: {v:?}");
    }
}

#[test]
fn min_and_max() {
    check_exact(&[-2.0], |g| g.min(g.f(3.0), g.f(-2.0)));
    check_exact(&[3.0], |g| g.max(g.f(3.0), g.f(-2.0)));
    check_exact(&[1.0, 4.0, -4.0], |g| {
        g.min(g.v3(1.0, 5.0, -3.0), g.v3(2.0, 4.0, -4.0))
    });
    check_exact(&[2.0, 5.0, -3.0], |g| {
        g.max(g.v3(1.0, 5.0, -3.0), g.v3(2.0, 4.0, -4.0))
    });
    check_exact(&[1.0, 2.0, -3.0], |g| g.min(g.v3(1.0, 5.0, -3.0), g.f(2.0)));
    check_exact(&[0.0, 0.5, 2.0], |g| g.max(g.f(0.0), g.v3(-1.0, 0.5, 2.0)));
    check_exact(&[-1.0, 0.0], |g| g.min(g.v2(-1.0, 7.0), g.f(0.0)));
    check_exact(&[1.0, 2.0, 3.0, 4.0], |g| {
        g.max(g.v4(1.0, -2.0, 3.0, -4.0), g.v4(-1.0, 2.0, -3.0, 4.0))
    });
}

#[test]
fn modulo_is_floored_with_the_sign_of_the_divisor() {
    // mod(x, y) = x - y * floor(x / y).
    // 7.5 - 2 * floor(3.75) = 7.5 - 6
    check_exact(&[1.5], |g| g.modulo(g.f(7.5), g.f(2.0)));
    // -7.5 - 2 * floor(-3.75) = -7.5 + 8
    check_exact(&[0.5], |g| g.modulo(g.f(-7.5), g.f(2.0)));
    // 7.5 - (-2) * floor(-3.75) = 7.5 - 8
    check_exact(&[-0.5], |g| g.modulo(g.f(7.5), g.f(-2.0)));
    // -7.5 - (-2) * floor(3.75) = -7.5 + 6
    check_exact(&[-1.5], |g| g.modulo(g.f(-7.5), g.f(-2.0)));
    check_exact(&[1.5, 0.5, -0.5, -1.5], |g| {
        g.modulo(g.v4(7.5, -7.5, 7.5, -7.5), g.v4(2.0, 2.0, -2.0, -2.0))
    });
    // mod(-1, 3) = -1 - 3 * floor(-1/3) = -1 + 3.
    check_exact(&[2.0, 2.0, 1.0], |g| {
        g.modulo(g.v3(5.0, -1.0, 4.0), g.f(3.0))
    });
    check_exact(&[0.5, 0.0], |g| g.modulo(g.v2(-0.5, 3.0), g.f(1.0)));
}

#[test]
fn pow() {
    check_close(&[1024.0], |g| g.pow(g.f(2.0), g.f(10.0)));
    check_close(&[3.0], |g| g.pow(g.f(9.0), g.f(0.5)));
    check_close(&[0.25], |g| g.pow(g.f(2.0), g.f(-2.0)));
    check_close(&[1.0], |g| g.pow(g.f(7.0), g.f(0.0)));
    // 8^(1/3)
    check_close(&[2.0], |g| g.pow(g.f(8.0), g.f(1.0 / 3.0)));
    check_close(&[8.0, 9.0, 2.0], |g| {
        g.pow(g.v3(2.0, 3.0, 4.0), g.v3(3.0, 2.0, 0.5))
    });
    check_close(&[1.0, 4.0, 9.0, 16.0], |g| {
        g.pow(g.v4(1.0, 2.0, 3.0, 4.0), g.f(2.0))
    });
}

#[test]
fn step_is_zero_below_the_edge_and_one_from_it() {
    // step(edge, x) = x < edge ? 0 : 1.
    check_exact(&[0.0], |g| g.step(g.f(0.5), g.f(0.4)));
    check_exact(&[1.0], |g| g.step(g.f(0.5), g.f(0.5)));
    check_exact(&[1.0], |g| g.step(g.f(0.5), g.f(0.6)));
    // edges (1, 2, 3), x = 2
    check_exact(&[1.0, 1.0, 0.0], |g| g.step(g.v3(1.0, 2.0, 3.0), g.f(2.0)));
    // edge 2, x = (1, 2, 3)
    check_exact(&[0.0, 1.0, 1.0], |g| g.step(g.f(2.0), g.v3(1.0, 2.0, 3.0)));
    check_exact(&[0.0, 1.0], |g| g.step(g.v2(0.0, 0.0), g.v2(-1.0, 1.0)));
}

#[test]
fn atan2_in_all_four_quadrants() {
    check_close(&[QUARTER_PI], |g| g.atan2(g.f(1.0), g.f(1.0)));
    check_close(&[THREE_QUARTER_PI], |g| g.atan2(g.f(1.0), g.f(-1.0)));
    check_close(&[-THREE_QUARTER_PI], |g| g.atan2(g.f(-1.0), g.f(-1.0)));
    check_close(&[-QUARTER_PI], |g| g.atan2(g.f(-1.0), g.f(1.0)));
    // On the axes: (x, y) = (-1, 0) is pi, (0, 1) is pi/2, (0, -1) is -pi/2, (1, 0) is 0.
    check_close(&[PI], |g| g.atan2(g.f(0.0), g.f(-1.0)));
    check_close(&[HALF_PI], |g| g.atan2(g.f(1.0), g.f(0.0)));
    check_close(&[-HALF_PI], |g| g.atan2(g.f(-1.0), g.f(0.0)));
    check_close(&[0.0], |g| g.atan2(g.f(0.0), g.f(1.0)));
    // y is the first operand: atan2(2, 4) is the angle of (4, 2), not of (2, 4).
    // atan(0.5) = 0.4636476090008061
    check_close(&[0.4636476090008061], |g| g.atan2(g.f(2.0), g.f(4.0)));
    check_close(&[QUARTER_PI, THREE_QUARTER_PI, -THREE_QUARTER_PI], |g| {
        g.atan2(g.v3(1.0, 1.0, -1.0), g.v3(1.0, -1.0, -1.0))
    });
}

#[test]
fn mix_is_linear_between_a_and_b() {
    // a * (1 - t) + b * t
    check_exact(&[4.0], |g| g.mix(g.f(2.0), g.f(10.0), g.f(0.25)));
    check_exact(&[2.0], |g| g.mix(g.f(2.0), g.f(10.0), g.f(0.0)));
    check_exact(&[10.0], |g| g.mix(g.f(2.0), g.f(10.0), g.f(1.0)));
    // t = 2 extrapolates: 1 * (-1) + 3 * 2
    check_exact(&[5.0], |g| g.mix(g.f(1.0), g.f(3.0), g.f(2.0)));
    // A float t next to vectors.
    check_exact(&[2.0, 15.0, 0.0], |g| {
        g.mix(g.v3(0.0, 10.0, -4.0), g.v3(4.0, 20.0, 4.0), g.f(0.5))
    });
    // A vector t next to float ends.
    check_exact(&[0.0, 4.0, 8.0], |g| {
        g.mix(g.f(0.0), g.f(8.0), g.v3(0.0, 0.5, 1.0))
    });
    check_exact(&[2.0, 3.0, 4.0, 5.0], |g| {
        g.mix(g.v4(1.0, 1.0, 1.0, 1.0), g.v4(3.0, 5.0, 7.0, 9.0), g.f(0.5))
    });
    check_exact(&[1.0, 7.0], |g| {
        g.mix(g.v2(0.0, 4.0), g.v2(4.0, 8.0), g.v2(0.25, 0.75))
    });
}

#[test]
fn clamp_is_min_of_max() {
    check_exact(&[1.0], |g| g.clamp(g.f(5.0), g.f(0.0), g.f(1.0)));
    check_exact(&[0.0], |g| g.clamp(g.f(-5.0), g.f(0.0), g.f(1.0)));
    check_exact(&[0.25], |g| g.clamp(g.f(0.25), g.f(0.0), g.f(1.0)));
    check_exact(&[0.0, 0.5, 1.0], |g| {
        g.clamp(g.v3(-1.0, 0.5, 2.0), g.f(0.0), g.f(1.0))
    });
    // min(max(5, (0, 6, 1)), (4, 8, 3)) = min((5, 6, 5), (4, 8, 3))
    check_exact(&[4.0, 6.0, 3.0], |g| {
        g.clamp(g.f(5.0), g.v3(0.0, 6.0, 1.0), g.v3(4.0, 8.0, 3.0))
    });
    check_exact(&[-1.0, -0.5, 0.5, 1.0], |g| {
        g.clamp(g.v4(-3.0, -0.5, 0.5, 3.0), g.f(-1.0), g.f(1.0))
    });
}

#[test]
fn smoothstep_inside_and_outside_its_edges() {
    // t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2t)
    // t = 0.25: 0.0625 * 2.5
    check_close(&[0.15625], |g| g.smoothstep(g.f(0.0), g.f(1.0), g.f(0.25)));
    check_close(&[0.5], |g| g.smoothstep(g.f(0.0), g.f(1.0), g.f(0.5)));
    // t = 0.75: 0.5625 * 1.5
    check_close(&[0.84375], |g| g.smoothstep(g.f(0.0), g.f(1.0), g.f(0.75)));
    check_close(&[0.0], |g| g.smoothstep(g.f(0.0), g.f(1.0), g.f(-1.0)));
    check_close(&[1.0], |g| g.smoothstep(g.f(0.0), g.f(1.0), g.f(2.0)));
    // Edges 2 and 4: x = 2.5 is t = 0.25; x = 1 is below; x = 9 is above.
    check_close(&[0.15625], |g| g.smoothstep(g.f(2.0), g.f(4.0), g.f(2.5)));
    check_close(&[0.0], |g| g.smoothstep(g.f(2.0), g.f(4.0), g.f(1.0)));
    check_close(&[1.0], |g| g.smoothstep(g.f(2.0), g.f(4.0), g.f(9.0)));
    // x = (1, -2, 6) over edges 0 and 4: t = (0.25, 0, 1).
    check_close(&[0.15625, 0.0, 1.0], |g| {
        g.smoothstep(g.f(0.0), g.f(4.0), g.v3(1.0, -2.0, 6.0))
    });
    // Vector edges: t = (0.5, 0.25, 0.5).
    check_close(&[0.5, 0.15625, 0.5], |g| {
        g.smoothstep(
            g.v3(0.0, 0.0, 10.0),
            g.v3(1.0, 2.0, 20.0),
            g.v3(0.5, 0.5, 15.0),
        )
    });
}

#[test]
fn remap_maps_one_range_onto_another_without_clamping() {
    // (x - in_low) / (in_high - in_low) * (out_high - out_low) + out_low
    check_close(&[150.0], |g| {
        g.remap(g.f(5.0), g.f(0.0), g.f(10.0), g.f(100.0), g.f(200.0))
    });
    check_close(&[-0.5], |g| {
        g.remap(g.f(0.25), g.f(0.0), g.f(1.0), g.f(-1.0), g.f(1.0))
    });
    check_close(&[2.0], |g| {
        g.remap(g.f(20.0), g.f(0.0), g.f(10.0), g.f(0.0), g.f(1.0))
    });
    check_close(&[1.0, 2.0, 3.0], |g| {
        g.remap(
            g.v3(0.0, 5.0, 10.0),
            g.f(0.0),
            g.f(10.0),
            g.f(1.0),
            g.f(3.0),
        )
    });
    check_close(&[10.0, 0.0], |g| {
        g.remap(g.v2(0.0, 10.0), g.f(0.0), g.f(10.0), g.f(10.0), g.f(0.0))
    });
}

// ---------------------------------------------------------------------------------------------
// One-operand functions
// ---------------------------------------------------------------------------------------------

#[test]
fn abs_and_sign() {
    check_exact(&[2.5], |g| g.abs(g.f(-2.5)));
    check_exact(&[1.0, 0.0, 3.0], |g| g.abs(g.v3(-1.0, 0.0, 3.0)));
    check_exact(&[-1.0], |g| g.sign(g.f(-3.0)));
    check_exact(&[0.0], |g| g.sign(g.f(0.0)));
    check_exact(&[1.0], |g| g.sign(g.f(2.0)));
    // sign(-0) is zero too (GLSL: 0 where x == 0).
    check_exact(&[-1.0, 0.0, 1.0, 0.0], |g| {
        g.sign(g.v4(-0.5, 0.0, 7.0, -0.0))
    });
}

#[test]
fn floor_ceil_trunc() {
    check_exact(&[-2.0], |g| g.floor(g.f(-1.5)));
    check_exact(&[2.0], |g| g.floor(g.f(2.75)));
    check_exact(&[-2.0, 2.0, 3.0, -1.0], |g| {
        g.floor(g.v4(-1.5, 2.75, 3.0, -0.25))
    });
    check_exact(&[-1.0], |g| g.ceil(g.f(-1.5)));
    check_exact(&[3.0], |g| g.ceil(g.f(2.25)));
    check_exact(&[-1.0, 3.0, 3.0, 0.0], |g| {
        g.ceil(g.v4(-1.5, 2.75, 3.0, -0.25))
    });
    check_exact(&[-1.0], |g| g.trunc(g.f(-1.75)));
    check_exact(&[1.0], |g| g.trunc(g.f(1.75)));
    check_exact(&[-1.0, 1.0, 0.0, 2.0], |g| {
        g.trunc(g.v4(-1.75, 1.75, -0.25, 2.0))
    });
}

#[test]
fn round_takes_a_half_to_even() {
    check_exact(&[2.0], |g| g.round(g.f(2.5)));
    check_exact(&[4.0], |g| g.round(g.f(3.5)));
    check_exact(&[-2.0], |g| g.round(g.f(-2.5)));
    check_exact(&[2.0, 4.0, -2.0, 0.0], |g| {
        g.round(g.v4(2.5, 3.5, -2.5, 0.5))
    });
    check_exact(&[2.0, 0.0, -4.0, 4.0], |g| {
        g.round(g.v4(1.5, -0.5, -3.5, 4.5))
    });
    // Not halves: to the nearest.
    check_exact(&[2.0, 3.0, -2.0, -1.0], |g| {
        g.round(g.v4(2.4, 2.6, -1.6, -1.4))
    });
}

#[test]
fn fract_of_positives_and_negatives() {
    // fract(x) = x - floor(x): fract(-1.25) = -1.25 + 2.
    check_exact(&[0.75], |g| g.fract(g.f(-1.25)));
    check_exact(&[0.75], |g| g.fract(g.f(2.75)));
    check_exact(&[0.0], |g| g.fract(g.f(3.0)));
    check_exact(&[0.75, 0.75, 0.0, 0.5], |g| {
        g.fract(g.v4(-1.25, 2.75, -3.0, -0.5))
    });
}

#[test]
fn sin_cos_tan() {
    check_close(&[0.0], |g| g.sin(g.f(0.0)));
    check_close(&[0.5], |g| g.sin(g.f(SIXTH_PI as f32)));
    check_close(&[1.0], |g| g.sin(g.f(HALF_PI as f32)));
    check_close(&[-1.0], |g| g.sin(g.f(-HALF_PI as f32)));
    check_close(&[0.0, 1.0, 0.0], |g| {
        g.sin(g.v3(0.0, HALF_PI as f32, PI as f32))
    });
    check_close(&[1.0], |g| g.cos(g.f(0.0)));
    check_close(&[0.5], |g| g.cos(g.f(THIRD_PI as f32)));
    check_close(&[-1.0], |g| g.cos(g.f(PI as f32)));
    check_close(&[1.0, 0.0, -1.0], |g| {
        g.cos(g.v3(0.0, HALF_PI as f32, PI as f32))
    });
    check_close(&[0.0], |g| g.tan(g.f(0.0)));
    check_close(&[1.0], |g| g.tan(g.f(QUARTER_PI as f32)));
    check_close(&[-1.0], |g| g.tan(g.f(-QUARTER_PI as f32)));
    // tan(pi/3) = sqrt(3)
    check_close(&[1.7320508075688772], |g| g.tan(g.f(THIRD_PI as f32)));
}

#[test]
fn asin_acos_atan() {
    check_close(&[SIXTH_PI], |g| g.asin(g.f(0.5)));
    check_close(&[HALF_PI], |g| g.asin(g.f(1.0)));
    check_close(&[-HALF_PI], |g| g.asin(g.f(-1.0)));
    check_close(&[0.0], |g| g.asin(g.f(0.0)));
    check_close(&[THIRD_PI], |g| g.acos(g.f(0.5)));
    check_close(&[PI], |g| g.acos(g.f(-1.0)));
    check_close(&[0.0], |g| g.acos(g.f(1.0)));
    check_close(&[HALF_PI], |g| g.acos(g.f(0.0)));
    check_close(&[QUARTER_PI], |g| g.atan(g.f(1.0)));
    check_close(&[-QUARTER_PI], |g| g.atan(g.f(-1.0)));
    check_close(&[0.0, QUARTER_PI, -QUARTER_PI], |g| {
        g.atan(g.v3(0.0, 1.0, -1.0))
    });
}

#[test]
fn radians_and_degrees() {
    check_close(&[PI], |g| g.radians(g.f(180.0)));
    check_close(&[HALF_PI, -QUARTER_PI, 0.0], |g| {
        g.radians(g.v3(90.0, -45.0, 0.0))
    });
    check_close(&[180.0], |g| g.degrees(g.f(PI as f32)));
    // 180 / pi
    check_close(&[57.29577951308232], |g| g.degrees(g.f(1.0)));
    check_close(&[90.0, -45.0], |g| {
        g.degrees(g.v2(HALF_PI as f32, -QUARTER_PI as f32))
    });
}

#[test]
fn exp_exp2_log_log2() {
    check_close(&[1.0], |g| g.exp(g.f(0.0)));
    check_close(&[E], |g| g.exp(g.f(1.0)));
    // 1 / e
    check_close(&[0.36787944117144233], |g| g.exp(g.f(-1.0)));
    check_close(&[8.0], |g| g.exp2(g.f(3.0)));
    // 2^0.5 = sqrt(2)
    check_close(&[0.5, SQRT_2, 1.0], |g| g.exp2(g.v3(-1.0, 0.5, 0.0)));
    check_close(&[0.0], |g| g.log(g.f(1.0)));
    check_close(&[1.0], |g| g.log(g.f(E as f32)));
    // ln 0.5 = -ln 2
    check_close(&[-LN_2, LN_10], |g| g.log(g.v2(0.5, 10.0)));
    check_close(&[3.0], |g| g.log2(g.f(8.0)));
    check_close(&[-2.0, 0.0, LOG2_10], |g| g.log2(g.v3(0.25, 1.0, 10.0)));
}

#[test]
fn sqrt_inverse_sqrt_reciprocal() {
    check_close(&[4.0], |g| g.sqrt(g.f(16.0)));
    check_close(&[0.0], |g| g.sqrt(g.f(0.0)));
    check_close(&[SQRT_2, 0.5, 3.0], |g| g.sqrt(g.v3(2.0, 0.25, 9.0)));
    check_close(&[0.5], |g| g.inverse_sqrt(g.f(4.0)));
    // 1 / sqrt(2)
    check_close(&[HALF_SQRT2, 0.25, 2.0], |g| {
        g.inverse_sqrt(g.v3(2.0, 16.0, 0.25))
    });
    check_close(&[0.25], |g| g.reciprocal(g.f(4.0)));
    check_close(&[-2.0], |g| g.reciprocal(g.f(-0.5)));
    check_close(&[0.5, 0.25, -0.125, 10.0], |g| {
        g.reciprocal(g.v4(2.0, 4.0, -8.0, 0.1))
    });
    // reciprocal is 1 / a: IEEE 754 gives +inf for 1 / 0.
    for (mode, v) in eval_modes(|g| g.reciprocal(g.f(0.0))) {
        assert!(v[0].is_infinite() && v[0] > 0.0, "from {mode}: {v:?}");
    }
}

#[test]
fn negate_one_minus_saturate() {
    check_exact(&[-3.0], |g| g.negate(g.f(3.0)));
    check_exact(&[-1.0, 2.0, 0.0], |g| g.negate(g.v3(1.0, -2.0, 0.0)));
    check_exact(&[0.75], |g| g.one_minus(g.f(0.25)));
    check_exact(&[1.0, 0.0, -1.0, 0.5], |g| {
        g.one_minus(g.v4(0.0, 1.0, 2.0, 0.5))
    });
    check_exact(&[0.0], |g| g.saturate(g.f(-0.5)));
    check_exact(&[0.5], |g| g.saturate(g.f(0.5)));
    check_exact(&[1.0], |g| g.saturate(g.f(1.5)));
    check_exact(&[0.0, 0.25, 1.0], |g| g.saturate(g.v3(-2.0, 0.25, 2.0)));
}

// ---------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------

#[test]
fn dot_is_a_float() {
    // 4 - 10 + 18
    check_exact(&[12.0], |g| {
        g.dot(g.v3(1.0, 2.0, 3.0), g.v3(4.0, -5.0, 6.0))
    });
    check_exact(&[25.0], |g| g.dot(g.v2(3.0, 4.0), g.v2(3.0, 4.0)));
    check_exact(&[10.0], |g| {
        g.dot(g.v4(1.0, 2.0, 3.0, 4.0), g.v4(1.0, 1.0, 1.0, 1.0))
    });
    // GLSL's dot of two floats is their product.
    check_exact(&[6.0], |g| g.dot(g.f(2.0), g.f(3.0)));
}

#[test]
fn length_and_distance() {
    check_close(&[5.0], |g| g.length(g.v2(3.0, 4.0)));
    check_close(&[7.0], |g| g.length(g.v3(2.0, 3.0, 6.0)));
    check_close(&[2.0], |g| g.length(g.v4(1.0, 1.0, 1.0, 1.0)));
    check_close(&[3.0], |g| g.length(g.f(-3.0)));
    check_close(&[0.0], |g| g.length(g.v3(0.0, 0.0, 0.0)));
    // sqrt(9 + 16 + 0)
    check_close(&[5.0], |g| {
        g.distance(g.v3(1.0, 2.0, 3.0), g.v3(4.0, 6.0, 3.0))
    });
    check_close(&[5.0], |g| g.distance(g.v2(0.0, 0.0), g.v2(3.0, 4.0)));
    check_close(&[2.0], |g| {
        g.distance(g.v4(1.0, 1.0, 1.0, 1.0), g.v4(2.0, 2.0, 2.0, 2.0))
    });
    check_close(&[3.0], |g| g.distance(g.f(1.0), g.f(4.0)));
}

#[test]
fn normalize_and_a_zero_vector() {
    check_close(&[0.6, 0.0, 0.8], |g| g.normalize(g.v3(3.0, 0.0, 4.0)));
    check_close(&[HALF_SQRT2, HALF_SQRT2], |g| g.normalize(g.v2(1.0, 1.0)));
    check_close(&[0.0, 0.0, 0.0, 1.0], |g| {
        g.normalize(g.v4(0.0, 0.0, 0.0, 2.0))
    });
    check_close(&[-1.0], |g| g.normalize(g.f(-5.0)));
    // A zero vector stays zero (R-MATH-6), of every width.
    check_exact(&[0.0, 0.0, 0.0], |g| g.normalize(g.v3(0.0, 0.0, 0.0)));
    check_exact(&[0.0, 0.0], |g| g.normalize(g.v2(0.0, 0.0)));
    check_exact(&[0.0, 0.0, 0.0, 0.0], |g| {
        g.normalize(g.v4(0.0, 0.0, 0.0, 0.0))
    });
    check_exact(&[0.0], |g| g.normalize(g.f(0.0)));
}

#[test]
fn reflect() {
    // i - 2 dot(n, i) n: dot = -1, (1, -1, 0) + (0, 2, 0)
    check_close(&[1.0, 1.0, 0.0], |g| {
        g.reflect(g.v3(1.0, -1.0, 0.0), g.v3(0.0, 1.0, 0.0))
    });
    // dot = 3: (1, 2, 3) - (0, 0, 6)
    check_close(&[1.0, 2.0, -3.0], |g| {
        g.reflect(g.v3(1.0, 2.0, 3.0), g.v3(0.0, 0.0, 1.0))
    });
    // n = (s, s, 0), s = sqrt(2)/2: dot = s, (1 - 2s^2, -2s^2, 0) = (0, -1, 0)
    check_close(&[0.0, -1.0, 0.0], |g| {
        g.reflect(
            g.v3(1.0, 0.0, 0.0),
            g.v3(HALF_SQRT2_F32, HALF_SQRT2_F32, 0.0),
        )
    });
    check_close(&[1.0, 1.0], |g| g.reflect(g.v2(1.0, -1.0), g.v2(0.0, 1.0)));
}

#[test]
fn refract_and_total_internal_reflection() {
    // k = 1 - eta^2 (1 - dot(n, i)^2); k < 0 gives zero, else eta i - (eta dot(n, i) + sqrt(k)) n.
    // Head on, eta = 1: dot = -1, k = 1, i - (-1 + 1) n = i.
    check_close(&[0.0, -1.0, 0.0], |g| {
        g.refract(g.v3(0.0, -1.0, 0.0), g.v3(0.0, 1.0, 0.0), g.f(1.0))
    });
    // 45 degrees, eta = 1: k = 0.5, i - (-s + s) n = i.
    check_close(&[HALF_SQRT2, -HALF_SQRT2, 0.0], |g| {
        g.refract(
            g.v3(HALF_SQRT2_F32, -HALF_SQRT2_F32, 0.0),
            g.v3(0.0, 1.0, 0.0),
            g.f(1.0),
        )
    });
    // 45 degrees, eta = 0.5: dot = -s, k = 1 - 0.25 * 0.5 = 0.875,
    // 0.5 (s, -s, 0) - (-0.5 s + sqrt(0.875)) (0, 1, 0) = (s/2, -sqrt(0.875), 0).
    // s/2 = 0.3535533905932738, sqrt(0.875) = 0.9354143466934853.
    check_close(&[0.3535533905932738, -0.9354143466934853, 0.0], |g| {
        g.refract(
            g.v3(HALF_SQRT2_F32, -HALF_SQRT2_F32, 0.0),
            g.v3(0.0, 1.0, 0.0),
            g.f(0.5),
        )
    });
    // Head on, eta = 0.75, vec2: k = 1, 0.75 (0, -1) - (-0.75 + 1) (0, 1) = (0, -1).
    check_close(&[0.0, -1.0], |g| {
        g.refract(g.v2(0.0, -1.0), g.v2(0.0, 1.0), g.f(0.75))
    });
    // Past total internal reflection: 45 degrees, eta = 1.5: k = 1 - 2.25 * 0.5 < 0.
    check_exact(&[0.0, 0.0, 0.0], |g| {
        g.refract(
            g.v3(HALF_SQRT2_F32, -HALF_SQRT2_F32, 0.0),
            g.v3(0.0, 1.0, 0.0),
            g.f(1.5),
        )
    });
    // eta = 2: k = 1 - 4 * 0.5 = -1.
    check_exact(&[0.0, 0.0, 0.0], |g| {
        g.refract(
            g.v3(HALF_SQRT2_F32, -HALF_SQRT2_F32, 0.0),
            g.v3(0.0, 1.0, 0.0),
            g.f(2.0),
        )
    });
}

#[test]
fn faceforward() {
    // dot(nref, i) < 0 ? n : -n
    // dot((0, 1, 0), (5, -1, 7)) = -1
    check_exact(&[1.0, 2.0, 3.0], |g| {
        g.faceforward(
            g.v3(1.0, 2.0, 3.0),
            g.v3(5.0, -1.0, 7.0),
            g.v3(0.0, 1.0, 0.0),
        )
    });
    // dot = 1
    check_exact(&[-1.0, -2.0, -3.0], |g| {
        g.faceforward(
            g.v3(1.0, 2.0, 3.0),
            g.v3(5.0, 1.0, 7.0),
            g.v3(0.0, 1.0, 0.0),
        )
    });
    // dot = 0 is not below zero: -n.
    check_exact(&[0.0, 0.0, -1.0], |g| {
        g.faceforward(
            g.v3(0.0, 0.0, 1.0),
            g.v3(1.0, 0.0, 0.0),
            g.v3(0.0, 0.0, 1.0),
        )
    });
    check_exact(&[0.0, 1.0], |g| {
        g.faceforward(g.v2(0.0, 1.0), g.v2(0.0, -1.0), g.v2(0.0, 1.0))
    });
}

#[test]
fn cross() {
    check_exact(&[0.0, 0.0, 1.0], |g| {
        g.cross(g.v3(1.0, 0.0, 0.0), g.v3(0.0, 1.0, 0.0))
    });
    check_exact(&[0.0, 0.0, -1.0], |g| {
        g.cross(g.v3(0.0, 1.0, 0.0), g.v3(1.0, 0.0, 0.0))
    });
    // (2*6 - 3*5, 3*4 - 1*6, 1*5 - 2*4)
    check_exact(&[-3.0, 6.0, -3.0], |g| {
        g.cross(g.v3(1.0, 2.0, 3.0), g.v3(4.0, 5.0, 6.0))
    });
}

// ---------------------------------------------------------------------------------------------
// Comparisons, logic and selection
// ---------------------------------------------------------------------------------------------

#[test]
fn comparisons_of_floats() {
    let cases: [(f32, f32, [f32; 6]); 3] = [
        // (a, b, [<, <=, >, >=, ==, !=])
        (1.0, 2.0, [1.0, 1.0, 0.0, 0.0, 0.0, 1.0]),
        (2.0, 2.0, [0.0, 1.0, 0.0, 1.0, 1.0, 0.0]),
        (3.0, 2.0, [0.0, 0.0, 1.0, 1.0, 0.0, 1.0]),
    ];
    for (a, b, want) in cases {
        check_exact(&[want[0]], |g| g.less_than(g.f(a), g.f(b)));
        check_exact(&[want[1]], |g| g.less_than_equal(g.f(a), g.f(b)));
        check_exact(&[want[2]], |g| g.greater_than(g.f(a), g.f(b)));
        check_exact(&[want[3]], |g| g.greater_than_equal(g.f(a), g.f(b)));
        check_exact(&[want[4]], |g| g.equal(g.f(a), g.f(b)));
        check_exact(&[want[5]], |g| g.not_equal(g.f(a), g.f(b)));
    }
}

#[test]
fn comparisons_per_component() {
    // (1, 2, 3) against 2
    check_exact(&[1.0, 0.0, 0.0], |g| {
        g.less_than(g.v3(1.0, 2.0, 3.0), g.f(2.0))
    });
    check_exact(&[1.0, 1.0, 0.0], |g| {
        g.less_than_equal(g.v3(1.0, 2.0, 3.0), g.f(2.0))
    });
    check_exact(&[0.0, 0.0, 1.0], |g| {
        g.greater_than(g.v3(1.0, 2.0, 3.0), g.f(2.0))
    });
    check_exact(&[0.0, 1.0, 1.0], |g| {
        g.greater_than_equal(g.v3(1.0, 2.0, 3.0), g.f(2.0))
    });
    check_exact(&[0.0, 1.0, 0.0], |g| g.equal(g.v3(1.0, 2.0, 3.0), g.f(2.0)));
    check_exact(&[1.0, 0.0, 1.0], |g| {
        g.not_equal(g.v3(1.0, 2.0, 3.0), g.f(2.0))
    });
    // A float on the left: 2 < (1, 2, 3)
    check_exact(&[0.0, 0.0, 1.0], |g| {
        g.less_than(g.f(2.0), g.v3(1.0, 2.0, 3.0))
    });
    check_exact(&[1.0, 0.0, 0.0, 1.0], |g| {
        g.greater_than(g.v4(1.0, 2.0, 3.0, 4.0), g.v4(0.0, 2.0, 5.0, -4.0))
    });
    check_exact(&[1.0, 0.0], |g| g.equal(g.v2(0.5, 0.5), g.v2(0.5, -0.5)));
}

#[test]
fn logic_treats_every_non_zero_as_true() {
    for (a, b, and, or, xor) in [
        (0.0, 0.0, 0.0, 0.0, 0.0),
        (1.0, 0.0, 0.0, 1.0, 1.0),
        (0.0, 5.0, 0.0, 1.0, 1.0),
        (1.0, 1.0, 1.0, 1.0, 0.0),
        (2.0, -3.0, 1.0, 1.0, 0.0),
        (-0.5, 0.0, 0.0, 1.0, 1.0),
    ] {
        check_exact(&[and], |g| g.logical_and(g.f(a), g.f(b)));
        check_exact(&[or], |g| g.logical_or(g.f(a), g.f(b)));
        check_exact(&[xor], |g| g.logical_xor(g.f(a), g.f(b)));
    }
    check_exact(&[1.0], |g| g.logical_not(g.f(0.0)));
    check_exact(&[0.0], |g| g.logical_not(g.f(3.0)));
    check_exact(&[0.0], |g| g.logical_not(g.f(-0.5)));
}

#[test]
fn logic_per_component() {
    check_exact(&[1.0, 0.0, 0.0], |g| {
        g.logical_and(g.v3(1.0, 0.0, 2.0), g.v3(1.0, 1.0, 0.0))
    });
    check_exact(&[1.0, 0.0, 1.0], |g| {
        g.logical_or(g.v3(1.0, 0.0, 0.0), g.v3(0.0, 0.0, 3.0))
    });
    check_exact(&[0.0, 1.0, 1.0], |g| {
        g.logical_xor(g.v3(1.0, 0.0, 2.0), g.v3(1.0, 1.0, 0.0))
    });
    check_exact(&[1.0, 0.0, 0.0, 1.0], |g| {
        g.logical_not(g.v4(0.0, 1.0, -1.0, 0.0))
    });
    // A float next to a vector.
    check_exact(&[0.0, 1.0, 1.0], |g| {
        g.logical_and(g.f(1.0), g.v3(0.0, 1.0, 2.0))
    });
    check_exact(&[0.0, 1.0], |g| g.logical_or(g.v2(0.0, 4.0), g.f(0.0)));
}

#[test]
fn select_with_float_and_vector_conditions() {
    check_exact(&[10.0], |g| g.select(g.f(1.0), g.f(10.0), g.f(20.0)));
    check_exact(&[20.0], |g| g.select(g.f(0.0), g.f(10.0), g.f(20.0)));
    check_exact(&[10.0], |g| g.select(g.f(-0.5), g.f(10.0), g.f(20.0)));
    // A float condition next to vec3 operands.
    check_exact(&[1.0, 2.0, 3.0], |g| {
        g.select(g.f(1.0), g.v3(1.0, 2.0, 3.0), g.v3(4.0, 5.0, 6.0))
    });
    check_exact(&[4.0, 5.0, 6.0], |g| {
        g.select(g.f(0.0), g.v3(1.0, 2.0, 3.0), g.v3(4.0, 5.0, 6.0))
    });
    // A vec3 condition picks per component.
    check_exact(&[1.0, 5.0, 3.0], |g| {
        g.select(
            g.v3(1.0, 0.0, 2.0),
            g.v3(1.0, 2.0, 3.0),
            g.v3(4.0, 5.0, 6.0),
        )
    });
    // A vec3 condition next to float operands.
    check_exact(&[7.0, 9.0, 7.0], |g| {
        g.select(g.v3(1.0, 0.0, -1.0), g.f(7.0), g.f(9.0))
    });
    // A condition from a comparison: (1, 2, 3) > 2.
    check_exact(&[4.0, 5.0, 3.0], |g| {
        let v = g.v3(1.0, 2.0, 3.0);
        g.select(g.greater_than(v, g.f(2.0)), v, g.v3(4.0, 5.0, 6.0))
    });
    check_exact(&[1.0, 6.0, 3.0, 8.0], |g| {
        g.select(
            g.v4(1.0, 0.0, 1.0, 0.0),
            g.v4(1.0, 2.0, 3.0, 4.0),
            g.v4(5.0, 6.0, 7.0, 8.0),
        )
    });
}

// ---------------------------------------------------------------------------------------------
// Swizzle and join
// ---------------------------------------------------------------------------------------------

#[test]
fn swizzle_in_every_component_set() {
    let v = |g: &Build| g.v4(1.0, 2.0, 3.0, 4.0);
    check_exact(&[3.0, 2.0, 1.0], |g| g.swizzle(v(g), "zyx"));
    check_exact(&[3.0, 2.0, 1.0], |g| g.swizzle(v(g), "bgr"));
    check_exact(&[2.0, 1.0], |g| g.swizzle(v(g), "ts"));
    check_exact(&[1.0, 1.0, 1.0, 1.0], |g| g.swizzle(v(g), "xxxx"));
    check_exact(&[4.0, 3.0, 2.0, 1.0], |g| g.swizzle(v(g), "wzyx"));
    check_exact(&[1.0, 2.0, 3.0, 4.0], |g| g.swizzle(v(g), "rgba"));
    check_exact(&[1.0, 2.0, 3.0], |g| g.swizzle(v(g), "stp"));
    check_exact(&[4.0], |g| g.swizzle(v(g), "w"));
    check_exact(&[4.0], |g| g.swizzle(v(g), "a"));
    check_exact(&[4.0], |g| g.swizzle(v(g), "q"));
    check_exact(&[2.0, 2.0], |g| g.swizzle(v(g), "yy"));
    check_exact(&[8.0, 7.0], |g| g.swizzle(g.v2(7.0, 8.0), "yx"));
    check_exact(&[6.0, 5.0, 6.0, 5.0], |g| {
        g.swizzle(g.v3(5.0, 6.0, 7.0), "yxyx")
    });
    // A float has an x: TSL's float(5).xxx.
    check_exact(&[5.0, 5.0, 5.0], |g| g.swizzle(g.f(5.0), "xxx"));
}

#[test]
fn swizzle_refusals() {
    // A component the value does not have, and a mixed set.
    assert!(refused(|g| g.swizzle(g.v2(1.0, 2.0), "z")));
    assert!(refused(|g| g.swizzle(g.v3(1.0, 2.0, 3.0), "xg")));
    assert!(refused(|g| g.swizzle(g.v3(1.0, 2.0, 3.0), "xyzwx")));
}

#[test]
fn join_concatenates_components() {
    check_exact(&[1.0, 2.0, 3.0], |g| g.join(&[g.v2(1.0, 2.0), g.f(3.0)]));
    check_exact(&[1.0, 2.0, 3.0], |g| g.join(&[g.f(1.0), g.v2(2.0, 3.0)]));
    check_exact(&[1.0, 2.0, 3.0, 4.0], |g| {
        g.join(&[g.f(1.0), g.f(2.0), g.f(3.0), g.f(4.0)])
    });
    check_exact(&[1.0, 2.0, 3.0, 4.0], |g| {
        g.join(&[g.v2(1.0, 2.0), g.v2(3.0, 4.0)])
    });
    check_exact(&[9.0, 1.0, 2.0, 3.0], |g| {
        g.join(&[g.f(9.0), g.v3(1.0, 2.0, 3.0)])
    });
    check_exact(&[7.0, 8.0], |g| g.join(&[g.f(7.0), g.f(8.0)]));
    check_exact(&[7.0], |g| g.join(&[g.f(7.0)]));
    // More than four components is refused.
    assert!(refused(|g| g.join(&[g.v3(1.0, 2.0, 3.0), g.v2(4.0, 5.0)])));
}

// ---------------------------------------------------------------------------------------------
// Matrices
// ---------------------------------------------------------------------------------------------

/// Columns (1, 2, 3), (4, 5, 6), (7, 8, 10).
const M3: [[f32; 3]; 3] = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]];
/// Columns (1, 0, 0), (0, 2, 0), (1, 1, 1).
const B3: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [1.0, 1.0, 1.0]];
/// Columns (1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 17).
const M4: [[f32; 4]; 4] = [
    [1.0, 2.0, 3.0, 4.0],
    [5.0, 6.0, 7.0, 8.0],
    [9.0, 10.0, 11.0, 12.0],
    [13.0, 14.0, 15.0, 17.0],
];
/// A translation by (1, 2, 3): columns e0, e1, e2 and (1, 2, 3, 1).
const T4: [[f32; 4]; 4] = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [1.0, 2.0, 3.0, 1.0],
];

#[test]
fn mat3_times_vector_on_either_side() {
    // M v = 1 c0 - 1 c1 + 2 c2 = (1 - 4 + 14, 2 - 5 + 16, 3 - 6 + 20)
    check_exact(&[11.0, 13.0, 17.0], |g| {
        g.mul(g.m3(M3), g.v3(1.0, -1.0, 2.0))
    });
    // v M: component j = dot(v, column j) = (1 - 2 + 6, 4 - 5 + 12, 7 - 8 + 20)
    check_exact(&[5.0, 11.0, 19.0], |g| {
        g.mul(g.v3(1.0, -1.0, 2.0), g.m3(M3))
    });
}

#[test]
fn mat4_times_vector_on_either_side() {
    // M v with v = (1, 0, -1, 2): c0 - c2 + 2 c3
    check_exact(&[18.0, 20.0, 22.0, 26.0], |g| {
        g.mul(g.m4(M4), g.v4(1.0, 0.0, -1.0, 2.0))
    });
    // v M: (1 - 3 + 8, 5 - 7 + 16, 9 - 11 + 24, 13 - 15 + 34)
    check_exact(&[6.0, 14.0, 22.0, 32.0], |g| {
        g.mul(g.v4(1.0, 0.0, -1.0, 2.0), g.m4(M4))
    });
    // A translation moves a point (w = 1) and leaves a direction (w = 0).
    check_exact(&[6.0, 7.0, 8.0, 1.0], |g| {
        g.mul(g.m4(T4), g.v4(5.0, 5.0, 5.0, 1.0))
    });
    check_exact(&[5.0, 5.0, 5.0, 0.0], |g| {
        g.mul(g.m4(T4), g.v4(5.0, 5.0, 5.0, 0.0))
    });
}

#[test]
fn matrix_times_matrix() {
    // (A B) column j = A b_j: A b0 = c0, A b1 = 2 c1, A b2 = c0 + c1 + c2.
    let ab = [[1.0, 2.0, 3.0], [8.0, 10.0, 12.0], [12.0, 15.0, 19.0]];
    for (j, want) in ab.iter().enumerate() {
        check_exact(want, |g| g.column(g.mul(g.m3(M3), g.m3(B3)), j));
    }
    // (B A) column j = B c_j, with B x = (x0 + x2, 2 x1 + x2, x2).
    let ba = [[4.0, 7.0, 3.0], [10.0, 16.0, 6.0], [17.0, 26.0, 10.0]];
    for (j, want) in ba.iter().enumerate() {
        check_exact(want, |g| g.column(g.mul(g.m3(B3), g.m3(M3)), j));
    }
    // (A B) (1, 1, 1) = the sum of AB's columns.
    check_exact(&[21.0, 27.0, 34.0], |g| {
        g.mul(g.mul(g.m3(M3), g.m3(B3)), g.v3(1.0, 1.0, 1.0))
    });
    // mat4: M T has the columns c0, c1, c2 and M (1, 2, 3, 1) = c0 + 2 c1 + 3 c2 + c3.
    let mt = [
        [1.0, 2.0, 3.0, 4.0],
        [5.0, 6.0, 7.0, 8.0],
        [9.0, 10.0, 11.0, 12.0],
        [51.0, 58.0, 65.0, 73.0],
    ];
    for (j, want) in mt.iter().enumerate() {
        check_exact(want, |g| g.column(g.mul(g.m4(M4), g.m4(T4)), j));
    }
    // T M: each column moved by (1, 2, 3) times its w.
    // T c3 = (13 + 17, 14 + 34, 15 + 51, 17)
    check_exact(&[30.0, 48.0, 66.0, 17.0], |g| {
        g.column(g.mul(g.m4(T4), g.m4(M4)), 3)
    });
}

#[test]
fn matrix_from_columns_and_column() {
    // matrix(&[cols]) built from nodes, then read back.
    let graph = NodeGraph::new();
    let g = &graph;
    let m = g.matrix(&[
        g.vec3(1.0, 2.0, 3.0),
        g.vec3(4.0, 5.0, 6.0),
        g.vec3(7.0, 8.0, 10.0),
    ]);
    assert_eq!(g.type_of(m), Some(ValueType::Mat3));
    assert_eq!(
        Compiled::new(g, g.mul(m, g.vec3(1.0, -1.0, 2.0))).read(),
        [11.0, 13.0, 17.0]
    );
    let graph = NodeGraph::new();
    let g = &graph;
    let m = g.matrix(&[
        g.vec4(1.0, 2.0, 3.0, 4.0),
        g.vec4(5.0, 6.0, 7.0, 8.0),
        g.vec4(9.0, 10.0, 11.0, 12.0),
        g.vec4(13.0, 14.0, 15.0, 17.0),
    ]);
    assert_eq!(g.type_of(m), Some(ValueType::Mat4));
    assert_eq!(
        Compiled::new(g, g.mul(m, g.vec4(1.0, 0.0, -1.0, 2.0))).read(),
        [18.0, 20.0, 22.0, 26.0]
    );
    // column(m, i) of a mat3 and a mat4, both ways.
    for (i, col) in M3.iter().enumerate() {
        check_exact(col, |g| g.column(g.m3(M3), i));
    }
    for (i, col) in M4.iter().enumerate() {
        check_exact(col, |g| g.column(g.m4(M4), i));
    }
    // A column past the matrix is refused, as are columns of the wrong kind.
    assert!(refused(|g| g.column(g.m3(M3), 3)));
    assert!(refused(
        |g| g.matrix(&[g.v3(1.0, 0.0, 0.0), g.v3(0.0, 1.0, 0.0)])
    ));
}

#[test]
fn type_refusals() {
    // Two vectors of different sizes.
    assert!(refused(|g| g.add(g.v3(1.0, 2.0, 3.0), g.v2(1.0, 2.0))));
    // A matrix outside mul, and a mul of a matrix and a vector of another width.
    assert!(refused(|g| g.add(g.m3(M3), g.m3(M3))));
    assert!(refused(|g| g.mul(g.m4(M4), g.v3(1.0, 2.0, 3.0))));
    assert!(refused(|g| g.mul(g.m3(M3), g.m4(M4))));
    // cross takes two vec3; refract's eta is a float.
    assert!(refused(|g| g.cross(g.v2(1.0, 0.0), g.v2(0.0, 1.0))));
    assert!(refused(|g| g.refract(
        g.v3(0.0, -1.0, 0.0),
        g.v3(0.0, 1.0, 0.0),
        g.v3(1.0, 1.0, 1.0)
    )));
}

// ---------------------------------------------------------------------------------------------
// Frame values
// ---------------------------------------------------------------------------------------------

fn mat4_cols(cols: [[f32; 4]; 4]) -> Mat4 {
    Mat4::from_cols(
        Vec4::from(cols[0]),
        Vec4::from(cols[1]),
        Vec4::from(cols[2]),
        Vec4::from(cols[3]),
    )
}

/// The view of a camera at (1, 2, 3): a translation by (-1, -2, -3).
const VIEW_TRANSLATION: [[f32; 4]; 4] = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [-1.0, -2.0, -3.0, 1.0],
];

/// A view that turns x to y and y to -x, then moves by (2, -1, -3): it takes (1, 2, 3) to the
/// origin, so the camera is at (1, 2, 3).
const VIEW_TURNED: [[f32; 4]; 4] = [
    [0.0, 1.0, 0.0, 0.0],
    [-1.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [2.0, -1.0, -3.0, 1.0],
];

#[test]
fn camera_view_matrix_times_vec4() {
    let view = mat4_cols(VIEW_TRANSLATION);
    let point = |g: &NodeGraph| g.mul(g.camera_view_matrix(), g.vec4(5.0, 5.0, 5.0, 1.0));
    assert_eq!(eval_frame(0.0, view, point), [4.0, 3.0, 2.0, 1.0]);
    let direction = |g: &NodeGraph| g.mul(g.camera_view_matrix(), g.vec4(5.0, 5.0, 5.0, 0.0));
    assert_eq!(eval_frame(0.0, view, direction), [5.0, 5.0, 5.0, 0.0]);

    let view = mat4_cols(VIEW_TURNED);
    // V (5, 5, 5, 1) = 5 (0, 1, 0) + 5 (-1, 0, 0) + 5 (0, 0, 1) + (2, -1, -3)
    assert_eq!(eval_frame(0.0, view, point), [-3.0, 4.0, 2.0, 1.0]);
    // V (1, 2, 3, 1) = the origin
    let camera = |g: &NodeGraph| g.mul(g.camera_view_matrix(), g.vec4(1.0, 2.0, 3.0, 1.0));
    assert_eq!(eval_frame(0.0, view, camera), [0.0, 0.0, 0.0, 1.0]);
    // v V: dot((1, 2, 3, 1), column j) = (2, -1, 3, 2 - 2 - 9 + 1)
    let row = |g: &NodeGraph| g.mul(g.vec4(1.0, 2.0, 3.0, 1.0), g.camera_view_matrix());
    assert_eq!(eval_frame(0.0, view, row), [2.0, -1.0, 3.0, -8.0]);
    // The columns of the view.
    for (i, col) in VIEW_TURNED.iter().enumerate() {
        assert_eq!(
            eval_frame(0.0, view, |g| g.column(g.camera_view_matrix(), i)),
            col
        );
    }
}

#[test]
fn camera_position_from_the_view() {
    for view in [VIEW_TRANSLATION, VIEW_TURNED] {
        let got = eval_frame(0.0, mat4_cols(view), |g| g.camera_position());
        assert_eq!(got.len(), 3);
        for (g, w) in got.iter().zip([1.0, 2.0, 3.0]) {
            assert!(close(*g, w), "camera_position: got {got:?}, want (1, 2, 3)");
        }
    }
    let got = eval_frame(0.0, Mat4::IDENTITY, |g| g.camera_position());
    assert_eq!(got, [0.0, 0.0, 0.0]);
}

#[test]
fn time_is_the_frame_time() {
    let graph = NodeGraph::new();
    let g = &graph;
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    let node = g.join(&[g.time(), wave]);
    let mut compiled = Compiled::new(g, node);
    compiled.program.set_frame(2.5, Mat4::IDENTITY);
    let got = compiled.read();
    assert_eq!(got[0], 2.5);
    // sin(5)
    assert!(close(got[1], -0.9589242746631385), "{got:?}");
    compiled.program.set_frame(0.25, Mat4::IDENTITY);
    let got = compiled.read();
    assert_eq!(got[0], 0.25);
    // sin(0.5)
    assert!(close(got[1], 0.479425538604203), "{got:?}");
    assert_eq!(eval_frame(7.0, Mat4::IDENTITY, |g| g.time()), [7.0]);
}

// ---------------------------------------------------------------------------------------------
// Colours and uniforms
// ---------------------------------------------------------------------------------------------

/// three.js's `new Color(0xff8040)`: the sRGB channels decoded to linear.
const FF8040: [f64; 3] = [1.0, 0.21586050010324415, 0.051269458367115384];

#[track_caller]
fn assert_relative(got: &[f32], want: &[f64]) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(
            (*g as f64 - w).abs() <= 1e-6 * w.abs(),
            "got {got:?}, want {want:?}"
        );
    }
}

#[test]
fn color_constant_is_linear() {
    let graph = NodeGraph::new();
    let node = graph.color(Color::from_hex(0xff8040));
    assert_relative(&Compiled::new(&graph, node).read(), &FF8040);
    let graph = NodeGraph::new();
    let node = graph.color(Color::linear(0.25, 0.5, 0.75));
    assert_eq!(Compiled::new(&graph, node).read(), [0.25, 0.5, 0.75]);
}

#[test]
fn float_uniform_reads_back_and_changes() {
    let graph = NodeGraph::new();
    let u = graph.named_uniform("f", 1.5f32);
    let mut c = Compiled::new(&graph, graph.mul(u, graph.float(2.0)));
    assert_eq!(c.read(), [3.0]);
    c.program.set_uniform("f", -2.0f32).unwrap();
    assert_eq!(c.read(), [-4.0]);
    assert_eq!(c.program.uniform("f"), Some(vec![-2.0]));
    // The wrong type and an unknown name are refused, and change nothing.
    assert!(c.program.set_uniform("f", Vec2::new(1.0, 2.0)).is_err());
    assert!(c.program.set_uniform("nothing", 1.0f32).is_err());
    assert_eq!(c.read(), [-4.0]);
}

#[test]
fn vector_uniforms_read_back_and_change() {
    let graph = NodeGraph::new();
    let u = graph.named_uniform("v", Vec2::new(1.0, 2.0));
    let mut c = Compiled::new(&graph, u);
    assert_eq!(c.read(), [1.0, 2.0]);
    c.program.set_uniform("v", Vec2::new(-3.0, 0.5)).unwrap();
    assert_eq!(c.read(), [-3.0, 0.5]);

    let graph = NodeGraph::new();
    let u = graph.named_uniform("v", Vec3::new(1.0, 2.0, 3.0));
    let mut c = Compiled::new(&graph, graph.add(u, graph.float(1.0)));
    assert_eq!(c.read(), [2.0, 3.0, 4.0]);
    c.program
        .set_uniform("v", Vec3::new(-1.0, 0.0, 9.0))
        .unwrap();
    assert_eq!(c.read(), [0.0, 1.0, 10.0]);
    assert!(c.program.set_uniform("v", 1.0f32).is_err());

    let graph = NodeGraph::new();
    let u = graph.named_uniform("v", Vec4::new(1.0, 2.0, 3.0, 4.0));
    let mut c = Compiled::new(&graph, u);
    assert_eq!(c.read(), [1.0, 2.0, 3.0, 4.0]);
    c.program
        .set_uniform("v", Vec4::new(5.0, 6.0, 7.0, 8.0))
        .unwrap();
    assert_eq!(c.read(), [5.0, 6.0, 7.0, 8.0]);
    assert_eq!(c.program.uniform("v"), Some(vec![5.0, 6.0, 7.0, 8.0]));
}

#[test]
fn color_uniform_reads_back_and_changes() {
    let graph = NodeGraph::new();
    let u = graph.named_uniform("tint", Color::linear(0.25, 0.5, 0.75));
    let mut c = Compiled::new(&graph, u);
    assert_eq!(c.read(), [0.25, 0.5, 0.75]);
    c.program
        .set_uniform("tint", Color::from_hex(0xff8040))
        .unwrap();
    assert_relative(&c.read(), &FF8040);
    // A colour uniform is a vec3: a Vec3 value fits it.
    c.program
        .set_uniform("tint", Vec3::new(0.0, 1.0, 0.5))
        .unwrap();
    assert_eq!(c.read(), [0.0, 1.0, 0.5]);
}

#[test]
fn matrix_uniforms_read_back_and_change() {
    let m3 = |cols: [[f32; 3]; 3]| {
        Mat3::from_cols(
            Vec3::from(cols[0]),
            Vec3::from(cols[1]),
            Vec3::from(cols[2]),
        )
    };
    let graph = NodeGraph::new();
    let u = graph.named_uniform("m", m3(M3));
    let mut c = Compiled::new(&graph, graph.mul(u, graph.vec3(1.0, -1.0, 2.0)));
    assert_eq!(c.read(), [11.0, 13.0, 17.0]);
    // B (1, -1, 2) = (1 + 2, -2 + 2, 2)
    c.program.set_uniform("m", m3(B3)).unwrap();
    assert_eq!(c.read(), [3.0, 0.0, 2.0]);
    assert!(c.program.set_uniform("m", Mat4::IDENTITY).is_err());
    for (i, col) in M3.iter().enumerate() {
        let graph = NodeGraph::new();
        let u = graph.named_uniform("m", m3(M3));
        let mut c = Compiled::new(&graph, graph.column(u, i));
        assert_eq!(c.read(), col);
        c.program.set_uniform("m", m3(B3)).unwrap();
        assert_eq!(c.read(), B3[i]);
    }

    let graph = NodeGraph::new();
    let u = graph.named_uniform("m", mat4_cols(M4));
    let v = graph.vec4(1.0, 0.0, -1.0, 2.0);
    let mut c = Compiled::new(&graph, graph.mul(u, v));
    assert_eq!(c.read(), [18.0, 20.0, 22.0, 26.0]);
    // T (1, 0, -1, 2) = (1 + 2, 0 + 4, -1 + 6, 2)
    c.program.set_uniform("m", mat4_cols(T4)).unwrap();
    assert_eq!(c.read(), [3.0, 4.0, 5.0, 2.0]);
    for (i, col) in M4.iter().enumerate() {
        let graph = NodeGraph::new();
        let u = graph.named_uniform("m", mat4_cols(M4));
        let mut c = Compiled::new(&graph, graph.column(u, i));
        assert_eq!(c.read(), col);
        c.program.set_uniform("m", mat4_cols(T4)).unwrap();
        assert_eq!(c.read(), T4[i]);
    }
}
