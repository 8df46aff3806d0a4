//! GLSL's exact integers at run time where Mesa is no oracle (R-GLSL-8, docs/requirements.md;
//! docs/integers.md): GLSL leaves a negative `%`, a division by zero and a shift past 31
//! undefined, and Mesa answers them two ways (tools/gl_oracle/glsl_cases_int.py), so these values
//! are worked out from the subset's definitions by hand. The uniform setters of a GLSL program's
//! integer uniforms too. The defined cases are checked against Mesa in glsl_oracle.rs.

use glam::{Vec2, Vec3};
use tsl_core::glsl::*;
use tsl_core::*;

const VERT: &str = "varying vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";

/// A ShaderMaterial whose fragment shader writes `color` after `head` and `body`, where
/// a = int(vUv.x * 16.0) - 8 and b = int(vUv.y * 16.0) - 8.
fn program(head: &str, body: &str, color: &str) -> NodeProgram {
    let fragment = format!(
        "varying vec2 vUv;\n{head}\nvoid main() {{\n  int a = int(vUv.x * 16.0) - 8;\n  int b = int(vUv.y * 16.0) - 8;\n{body}\n  gl_FragColor = {color};\n}}\n"
    );
    compile_shader_material(VERT, &fragment).unwrap_or_else(|e| panic!("{e}"))
}

/// The colour and the opacity at the fragment where a and b (see [`program`]) are these.
fn color_at(program: &NodeProgram, a: i32, b: i32) -> Vec<f32> {
    let uv = Vec2::new((a + 8) as f32 / 16.0, (b + 8) as f32 / 16.0);
    let fragment = Fragment {
        uv,
        ..Fragment::default()
    };
    let mut rgba = program.evaluate(COLOR_NODE, &fragment).expect("a colour");
    rgba.extend(
        program
            .evaluate(OPACITY_NODE, &fragment)
            .expect("an opacity"),
    );
    rgba
}

#[test]
fn division_truncates_and_the_remainder_takes_the_dividends_sign() {
    // a == (a / b) * b + a % b with the quotient truncated toward zero (docs/integers.md).
    let p = program(
        "",
        "",
        "vec4(float(a / b), float(a % b), float(-a / b), float(-a % b))",
    );
    for (a, b, want) in [
        (-7, 2, [-3.0, -1.0, 3.0, 1.0]),
        (7, -2, [-3.0, 1.0, 3.0, -1.0]),
        (-7, -2, [3.0, -1.0, -3.0, 1.0]),
        (-6, 3, [-2.0, 0.0, 2.0, 0.0]),
        (5, 7, [0.0, 5.0, 0.0, -5.0]),
    ] {
        assert_eq!(color_at(&p, a, b), want, "a = {a}, b = {b}");
    }
    // ivec and compound forms run the same operations per component.
    let p = program(
        "",
        "ivec2 v = ivec2(a, -a);\n  v %= ivec2(b);\n  ivec2 q = ivec2(a, 7) / ivec2(b, b);",
        "vec4(vec2(v), vec2(q))",
    );
    assert_eq!(color_at(&p, -7, 2), [-1.0, 1.0, -3.0, 3.0]);
}

#[test]
fn undefined_cases_at_run_time_give_zero() {
    // R-INT-4: a division or remainder by zero, a shift count outside 0 to 31 (here 32 and -1
    // as an int count) give 0 on every back end.
    let p = program(
        "",
        "uint one = 1u;",
        "vec4(float(a / b), float(a % b), float(one << (b + 32)), float(0x80000000u >> (b - 1)))",
    );
    assert_eq!(color_at(&p, 7, 0), [0.0, 0.0, 0.0, 0.0]);
    // At b = 1 the counts are 33 and 0: the first is still out of range.
    assert_eq!(color_at(&p, 7, 1), [7.0, 0.0, 0.0, 2147483648.0]);
}

#[test]
fn signed_arithmetic_wraps() {
    // 2^31 - 1 + a for a = 1 wraps to -2^31; its negation is itself; times 2 it is 0.
    let p = program(
        "",
        "int m = 2147483647 + a;",
        "vec4(float(m == -2147483647 - 1), float(-m == m), float(m * 2), float(abs(m) < 0))",
    );
    assert_eq!(color_at(&p, 1, 0), [1.0, 1.0, 0.0, 1.0]);
}

#[test]
fn a_uint_uniform_keeps_every_bit() {
    let mut p = program(
        "uniform uint seed;\nuniform uvec2 pair;",
        "",
        "vec4(float(seed >> 16u), float(seed & 65535u), float(pair.x ^ pair.y), 1.0)",
    );
    p.set_uniform_uint("seed", 0xDEAD_BEEFu32).unwrap();
    p.set_uniform_uint("pair", [0xFFFF_FFF0u32, 0xFFFF_FFFF])
        .unwrap();
    assert_eq!(color_at(&p, 0, 0), [57005.0, 48879.0, 15.0, 1.0]);
}

#[test]
fn int_and_bool_uniforms_are_floats_the_caller_sets() {
    // spec: an int drops the fraction toward zero, a bool is true where the float is not zero.
    let mut p = program(
        "uniform int n;\nuniform ivec3 v;\nuniform bool flag;\nuniform bvec2 flags;",
        "",
        "vec4(float(n + v.x + v.y * 10 + v.z * 100), float(flag), vec2(flags))",
    );
    p.set_uniform("n", -3.7f32).unwrap();
    p.set_uniform("v", Vec3::new(2.9, -2.9, 1.0)).unwrap();
    p.set_uniform("flag", 0.5f32).unwrap();
    p.set_uniform("flags", Vec2::new(0.0, -1.0)).unwrap();
    // -3 + 2 - 20 + 100 = 79.
    assert_eq!(color_at(&p, 0, 0), [79.0, 1.0, 0.0, 1.0]);
    // The exact setters refuse a uniform of floats.
    assert!(p.set_uniform_uint("n", 1u32).is_err());
}

#[test]
fn a_loop_index_of_each_kind_is_a_constant_each_time_through() {
    // The loop unrolls with its index a constant, so it folds: a uint index counting down
    // past 2^31, and an int one into the negatives.
    let p = program(
        "",
        "uint s = 0u;\n  for (uint i = 0x80000002u; i > 0x7FFFFFFEu; i--) { s += i & 7u; }\n  int t = 0;\n  for (int k = 2; k > -3; k--) { t = t * 2 + k; }",
        "vec4(float(s), float(t), 0.0, 1.0)",
    );
    // s: 2 + 1 + 0 + 7 (0x7FFFFFFF & 7) = 10; t: 2, 2 * 2 + 1 = 5, 10, 19, 19 * 2 - 2 = 36.
    assert_eq!(color_at(&p, 0, 0), [10.0, 36.0, 0.0, 1.0]);
}

#[test]
fn loop_indexes_and_folded_ints_are_no_instruction() {
    // The index is a constant each time through the unrolled body, so `v[i % 4]`, `i * K - i / 2`
    // and `uint(i) & 3u` fold: the program holds no integer instruction (no integer work at run
    // time), and the sum is exact.
    let fragment = "varying vec2 vUv;\nvoid main() {\n  vec4 v = vec4(vUv, 0.25, 0.5);\n  const int K = 7;\n  float s = 0.0;\n  for (int i = 0; i < 64; i++) {\n    s += v[i % 4] * float(i * K - i / 2 + int(uint(i) & 3u));\n  }\n  gl_FragColor = vec4(s, 0.0, 0.0, 1.0);\n}\n";
    let p = compile_shader_material(VERT, fragment).unwrap_or_else(|e| panic!("{e}"));
    let (start, count) = p.output_range(COLOR_NODE);
    for i in start..start + count {
        let byte = p.instruction(i).opcode;
        let op = Opcode::from_byte(byte).expect("an opcode");
        assert!(!op.is_integer(), "instruction {i} is {}", op.name());
    }
    // The same sum by hand, in the shader's order.
    let uv = Vec2::new(0.3125, 0.6875);
    let v = [uv.x, uv.y, 0.25, 0.5];
    let mut s = 0.0f32;
    for i in 0..64i32 {
        let k = i * 7 - i / 2 + (i & 3);
        s += v[(i % 4) as usize] * k as f32;
    }
    let fragment = Fragment {
        uv,
        ..Fragment::default()
    };
    let got = p.evaluate(COLOR_NODE, &fragment).expect("a colour")[0];
    assert!((got - s).abs() <= s.abs() * 1e-6, "{got} vs {s}");
}
