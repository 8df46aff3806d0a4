//! Exact 32-bit integers in the graph, the bytecode and `run_nodes` (R-INT, docs/requirements.md).
//! Every expected value is worked by hand from GLSL ES 3.00's integer rules (section 5.9 and 8)
//! and this subset's choices where GLSL leaves a case undefined (docs/integers.md).

use tsl_core::*;

/// Evaluate an integer node's bits exactly: each component is carried out as two 16-bit halves,
/// each exact in a float (`to_float(x >> 16)`, `to_float(x & 0xFFFF)`), through the colour output.
fn bits_of(graph: &NodeGraph, node: NodeRef) -> Vec<u32> {
    let ty = graph.type_of(node).expect("a node");
    let width = ty.width().expect("a vector");
    let u = if ty.kind() == Some(Scalar::Int) {
        graph.to_uint(node)
    } else {
        node
    };
    (0..width)
        .map(|k| {
            let g = graph.clone();
            let c = g.swizzle(u, &"xyzw"[k..k + 1]);
            let hi = g.to_float(g.shift_right(c, g.uint(16)));
            let lo = g.to_float(g.bit_and(c, g.uint(0xFFFF)));
            g.set_output(COLOR_NODE, g.join(&[hi, lo, lo])).unwrap();
            let program = g.compile().unwrap_or_else(|e| panic!("{e}"));
            let out = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
            assert!(out[0] >= 0.0 && out[0] < 65536.0 && out[0].fract() == 0.0);
            ((out[0] as u32) << 16) | out[1] as u32
        })
        .collect()
}

fn one(graph: &NodeGraph, node: NodeRef) -> u32 {
    bits_of(graph, node)[0]
}

fn float_of(graph: &NodeGraph, node: NodeRef) -> Vec<f32> {
    let g = graph.clone();
    g.set_output(CAST_SHADOW_NODE, {
        let w = g.type_of(node).unwrap().width().unwrap();
        let zero = g.float(0.0);
        let mut parts = vec![node];
        parts.extend(std::iter::repeat_n(zero, 4 - w));
        g.join(&parts)
    })
    .unwrap();
    let program = g.compile().unwrap_or_else(|e| panic!("{e}"));
    let width = g.type_of(node).unwrap().width().unwrap();
    program
        .evaluate(CAST_SHADOW_NODE, &Fragment::default())
        .unwrap()[..width]
        .to_vec()
}

#[test]
fn unsigned_arithmetic_wraps_modulo_2_pow_32() {
    let g = NodeGraph::new();
    // 0xFFFFFFFFu + 1u = 0; 0u - 1u = 0xFFFFFFFF; 0x10000u * 0x10000u = 2^32 = 0.
    assert_eq!(one(&g, g.add(g.uint(0xFFFF_FFFF), g.uint(1))), 0);
    assert_eq!(one(&g, g.sub(g.uint(0), g.uint(1))), 0xFFFF_FFFF);
    assert_eq!(one(&g, g.mul(g.uint(0x1_0000), g.uint(0x1_0000))), 0);
    // 0x80000001u * 3u = 0x1_8000_0003 mod 2^32 = 0x8000_0003.
    assert_eq!(one(&g, g.mul(g.uint(0x8000_0001), g.uint(3))), 0x8000_0003);
    // Signed overflow wraps too: 2147483647 + 1 = -2147483648.
    assert_eq!(
        one(&g, g.add(g.int32(i32::MAX), g.int32(1))) as i32,
        i32::MIN
    );
    // -(-2147483648) wraps to itself; abs of it too.
    assert_eq!(one(&g, g.negate(g.int32(i32::MIN))) as i32, i32::MIN);
    assert_eq!(one(&g, g.abs(g.int32(i32::MIN))) as i32, i32::MIN);
    assert_eq!(one(&g, g.abs(g.int32(-5))) as i32, 5);
    // -u of a uint: 2^32 - 5.
    assert_eq!(one(&g, g.negate(g.uint(5))), 0xFFFF_FFFB);
}

#[test]
fn division_truncates_toward_zero_and_remainder_follows() {
    let g = NodeGraph::new();
    // -7 / 2 = -3.5, truncated toward zero: -3; -7 % 2 = -7 - 2 * (-3) = -1.
    assert_eq!(one(&g, g.div(g.int32(-7), g.int32(2))) as i32, -3);
    assert_eq!(one(&g, g.rem(g.int32(-7), g.int32(2))) as i32, -1);
    // 7 / -2 = -3, 7 % -2 = 7 - (-2)(-3) = 1.
    assert_eq!(one(&g, g.div(g.int32(7), g.int32(-2))) as i32, -3);
    assert_eq!(one(&g, g.rem(g.int32(7), g.int32(-2))) as i32, 1);
    // Unsigned: 0xFFFFFFFF / 2 = 0x7FFFFFFF, remainder 1; as a signed -1 / 2 would be 0.
    assert_eq!(one(&g, g.div(g.uint(0xFFFF_FFFF), g.uint(2))), 0x7FFF_FFFF);
    assert_eq!(one(&g, g.rem(g.uint(0xFFFF_FFFF), g.uint(2))), 1);
    // -2147483648 / -1 overflows; it wraps to -2147483648, and the remainder is 0.
    assert_eq!(
        one(&g, g.div(g.int32(i32::MIN), g.int32(-1))) as i32,
        i32::MIN
    );
    assert_eq!(one(&g, g.rem(g.int32(i32::MIN), g.int32(-1))), 0);
}

#[test]
fn runtime_division_by_zero_gives_zero_and_a_known_one_is_refused() {
    let g = NodeGraph::new();
    let zero = g.uniform(0u32);
    assert_eq!(one(&g, g.div(g.uint(7), zero)), 0);
    assert_eq!(one(&g, g.rem(g.uint(7), zero)), 0);
    let izero = g.uniform(0i32);
    assert_eq!(one(&g, g.div(g.int32(-7), izero)), 0);
    assert_eq!(one(&g, g.rem(g.int32(-7), izero)), 0);

    let g = NodeGraph::new();
    let bad = g.div(g.uint(7), g.uint(0));
    assert!(bad.is_refused());
    let e = g.error().unwrap().to_string();
    assert!(e.contains("division by a constant zero"), "{e}");
    let g = NodeGraph::new();
    // A constant vector divisor with one zero component is refused too.
    assert!(g.rem(g.int32(7), g.ivec2(1, 0)).is_refused());
}

#[test]
fn bit_operators() {
    let g = NodeGraph::new();
    let (a, b) = (g.uint(0xF0F0_1234), g.uint(0x0FF0_FF00));
    assert_eq!(one(&g, g.bit_and(a, b)), 0x00F0_1200);
    assert_eq!(one(&g, g.bit_or(a, b)), 0xFFF0_FF34);
    assert_eq!(one(&g, g.bit_xor(a, b)), 0xFF00_ED34);
    assert_eq!(one(&g, g.bit_not(a)), 0x0F0F_EDCB);
    // ~0 of an int is -1.
    assert_eq!(one(&g, g.bit_not(g.int32(0))) as i32, -1);
    // Vectors, componentwise, with a scalar repeated.
    let v = g.bit_and(g.uvec3(0xFF, 0x1FF, 0x2FF), g.uint(0x10F));
    assert_eq!(bits_of(&g, v), vec![0x0F, 0x10F, 0x0F]);
}

#[test]
fn shifts_keep_the_left_width_and_sign_rules() {
    let g = NodeGraph::new();
    assert_eq!(one(&g, g.shift_left(g.uint(1), g.uint(31))), 0x8000_0000);
    // 0x80000001u << 1 drops the top bit.
    assert_eq!(one(&g, g.shift_left(g.uint(0x8000_0001), g.int32(1))), 2);
    // int >> is arithmetic: -16 >> 2 = -4; uint >> is logical: 0xFFFFFFF0u >> 2 = 0x3FFFFFFC.
    assert_eq!(one(&g, g.shift_right(g.int32(-16), g.uint(2))) as i32, -4);
    assert_eq!(
        one(&g, g.shift_right(g.uint(0xFFFF_FFF0), g.uint(2))),
        0x3FFF_FFFC
    );
    // A vector count of the left width.
    let v = g.shift_left(g.uvec2(1, 1), g.ivec2(3, 4));
    assert_eq!(bits_of(&g, v), vec![8, 16]);
    // A runtime count outside 0 to 31 gives 0 (33 is not read as 1), a negative one too.
    let n = g.uniform(33u32);
    assert_eq!(one(&g, g.shift_left(g.uint(1), n)), 0);
    assert_eq!(one(&g, g.shift_right(g.int32(-8), g.uniform(-1i32))), 0);
    // A known count outside 0 to 31 is refused.
    let g = NodeGraph::new();
    assert!(g.shift_left(g.uint(1), g.uint(33)).is_refused());
    assert!(g
        .error()
        .unwrap()
        .to_string()
        .contains("33 is outside 0 to 31"));
    let g = NodeGraph::new();
    assert!(g.shift_right(g.int32(1), g.int32(-1)).is_refused());
    // A float count or a float value is refused.
    let g = NodeGraph::new();
    assert!(g.shift_left(g.uint(1), g.float(2.0)).is_refused());
    let g = NodeGraph::new();
    assert!(g.shift_left(g.float(1.0), g.uint(2)).is_refused());
}

#[test]
fn comparisons_give_the_condition_form() {
    let g = NodeGraph::new();
    // As unsigned 0xFFFFFFFF > 1; as signed it is -1 < 1.
    let (big, small) = (g.uint(0xFFFF_FFFF), g.uint(1));
    assert_eq!(float_of(&g, g.greater_than(big, small)), vec![1.0]);
    assert_eq!(float_of(&g, g.less_than(big, small)), vec![0.0]);
    let (m1, p1) = (g.int32(-1), g.int32(1));
    assert_eq!(float_of(&g, g.less_than(m1, p1)), vec![1.0]);
    assert_eq!(float_of(&g, g.greater_than_equal(m1, p1)), vec![0.0]);
    assert_eq!(float_of(&g, g.less_than_equal(p1, p1)), vec![1.0]);
    // Equality is of the bits: the NaN-shaped 0x7FC00000 equals itself, and 0x80000000 (the
    // shape of -0.0) differs from 0 (+0.0), where float equality would say the opposite.
    let nan = g.uint(0x7FC0_0000);
    assert_eq!(float_of(&g, g.equal(nan, g.uint(0x7FC0_0000))), vec![1.0]);
    assert_eq!(
        float_of(&g, g.not_equal(g.uint(0x8000_0000), g.uint(0))),
        vec![1.0]
    );
    // Vectors compare per component; the result is a float vector.
    let c = g.less_than(g.ivec3(-3, 0, 3), g.int32(0));
    assert_eq!(g.type_of(c), Some(ValueType::Vec3));
    assert_eq!(float_of(&g, c), vec![1.0, 0.0, 0.0]);
}

#[test]
fn min_max_clamp_sign_select() {
    let g = NodeGraph::new();
    // Unsigned min of 0xFFFFFFFF and 1 is 1; signed min of -1 and 1 is -1.
    assert_eq!(one(&g, g.min(g.uint(0xFFFF_FFFF), g.uint(1))), 1);
    assert_eq!(one(&g, g.max(g.uint(0xFFFF_FFFF), g.uint(1))), 0xFFFF_FFFF);
    assert_eq!(one(&g, g.min(g.int32(-1), g.int32(1))) as i32, -1);
    assert_eq!(one(&g, g.max(g.int32(-1), g.int32(1))) as i32, 1);
    let c = g.clamp(g.ivec3(-9, 4, 9), g.int32(-2), g.int32(5));
    assert_eq!(
        bits_of(&g, c).iter().map(|&b| b as i32).collect::<Vec<_>>(),
        vec![-2, 4, 5]
    );
    let s = g.sign(g.ivec3(-9, 0, 9));
    assert_eq!(
        bits_of(&g, s).iter().map(|&b| b as i32).collect::<Vec<_>>(),
        vec![-1, 0, 1]
    );
    // select keeps the bits of the value it picks, NaN-shaped ones included.
    let pick = g.select(
        g.greater_than(g.float(1.0), g.float(0.0)),
        g.uint(0x7F80_0001),
        g.uint(5),
    );
    assert_eq!(one(&g, pick), 0x7F80_0001);
    // abs and sign of a uint are refused, as GLSL defines neither.
    let g = NodeGraph::new();
    assert!(g.abs(g.uint(3)).is_refused());
}

#[test]
fn conversions_keep_bits_between_int_and_uint() {
    let g = NodeGraph::new();
    // uint(int(x)) keeps every bit, NaN-, infinity- and subnormal-shaped payloads included.
    for bits in [
        0x7FC0_0001,
        0xFF80_0000,
        0x7F80_0001,
        0x0000_0001,
        0x8000_0000,
        0xFFFF_FFFF,
    ] {
        let x = g.uniform(bits);
        assert_eq!(one(&g, g.to_uint(g.to_int(x))), bits, "{bits:#x}");
        let c = g.uint(bits);
        assert_eq!(one(&g, g.to_uint(g.to_int(c))), bits, "{bits:#x}");
    }
    // A negative int converts to uint modulo 2^32.
    assert_eq!(one(&g, g.to_uint(g.int32(-1))), 0xFFFF_FFFF);
    // Through swizzles and joins the bits stay.
    let v = g.uvec4(0x7FC0_0001, 2, 0xFF80_0000, 4);
    let j = g.join(&[g.swizzle(v, "wz"), g.swizzle(v, "x")]);
    assert_eq!(bits_of(&g, j), vec![4, 0xFF80_0000, 0x7FC0_0001]);
}

#[test]
fn float_conversions() {
    let g = NodeGraph::new();
    // int(x) truncates toward zero: int(-2.75) = -2, uint(3.99) = 3.
    assert_eq!(one(&g, g.to_int(g.float(-2.75))) as i32, -2);
    assert_eq!(one(&g, g.to_uint(g.float(3.99))), 3);
    assert_eq!(one(&g, g.to_uint(g.float(4_294_967_040.0))), 4_294_967_040);
    // float(i) rounds to nearest even: 16777217 is between 16777216 and 16777218 (ties to the
    // even mantissa, 16777216); 0xFFFFFFFF rounds up to 2^32.
    assert_eq!(
        float_of(&g, g.to_float(g.int32(16_777_217))),
        vec![16_777_216.0]
    );
    assert_eq!(float_of(&g, g.to_float(g.int32(-7))), vec![-7.0]);
    assert_eq!(
        float_of(&g, g.to_float(g.uint(0xFFFF_FFFF))),
        vec![4_294_967_296.0]
    );
    // A runtime conversion out of range, or of NaN or an infinity, gives 0.
    for x in [f32::NAN, f32::INFINITY, -1.0, 4_294_967_296.0] {
        assert_eq!(one(&g, g.to_uint(g.uniform(x))), 0, "uint({x})");
    }
    for x in [
        f32::NAN,
        f32::NEG_INFINITY,
        2_147_483_648.0,
        -2_147_483_904.0,
    ] {
        assert_eq!(one(&g, g.to_int(g.uniform(x))), 0, "int({x})");
    }
    // -2^31 itself is in range; -0.5 truncates to 0 (in uint's range).
    assert_eq!(
        one(&g, g.to_int(g.uniform(-2_147_483_648.0f32))) as i32,
        i32::MIN
    );
    assert_eq!(one(&g, g.to_uint(g.uniform(-0.5f32))), 0);
    // A known conversion out of range is refused.
    let g = NodeGraph::new();
    assert!(g.to_uint(g.float(-1.0)).is_refused());
    let e = g.error().unwrap().to_string();
    assert!(e.contains("-1.0 is not a uint"), "{e}");
    let g = NodeGraph::new();
    assert!(g.to_int(g.float(f32::NAN)).is_refused());
}

#[test]
fn no_implicit_mixing_and_the_error_says_what_to_write() {
    let g = NodeGraph::new();
    assert!(g.add(g.uint(1), g.float(1.0)).is_refused());
    let e = g.error().unwrap().to_string();
    assert!(
        e.contains("uint") && e.contains("float") && e.contains("to_float(the uint)"),
        "{e}"
    );
    let g = NodeGraph::new();
    assert!(g.add(g.int32(1), g.uint(1)).is_refused());
    let e = g.error().unwrap().to_string();
    assert!(
        e.contains("to_uint(the int)") && e.contains("to_int(the uint)"),
        "{e}"
    );
    // Float-only operations refuse integers and say to convert.
    let g = NodeGraph::new();
    assert!(g.sin(g.int32(1)).is_refused());
    assert!(g.error().unwrap().to_string().contains("to_float"));
    // Integer-only operations refuse floats.
    let g = NodeGraph::new();
    assert!(g.bit_and(g.float(1.0), g.float(2.0)).is_refused());
    assert!(g.error().unwrap().to_string().contains("to_uint"));
    // An integer is not an output value.
    let g = NodeGraph::new();
    assert!(g.set_output(OPACITY_NODE, g.uint(1)).is_err());
    // A join of two kinds is refused.
    let g = NodeGraph::new();
    assert!(g.join(&[g.uint(1), g.float(1.0)]).is_refused());
    // The compiler's own integer opcodes are not graph operations.
    let g = NodeGraph::new();
    assert!(g.math(Opcode::IAdd, &[g.uint(1), g.uint(2)]).is_refused());
    let e = g.error().unwrap().to_string();
    assert!(e.contains("is not a graph operation"), "{e}");
}

#[test]
fn uniforms_keep_every_bit_and_refuse_the_other_kind() {
    let g = NodeGraph::new();
    let u = g.named_uniform("seed", [1u32, 2, 3]);
    let f = g.named_uniform("k", 1.0f32);
    let picked = g.swizzle(u, "z");
    let hi = g.to_float(g.shift_right(picked, g.uint(16)));
    let lo = g.to_float(g.bit_and(picked, g.uint(0xFFFF)));
    g.set_output(COLOR_NODE, g.join(&[hi, lo, f])).unwrap();
    let mut program = g.compile().unwrap();
    program
        .set_uniform_uint("seed", [0, 0, 0x7FC0_0001u32])
        .unwrap();
    assert_eq!(program.uniform_bits("seed"), Some(vec![0, 0, 0x7FC0_0001]));
    let out = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
    assert_eq!((out[0], out[1]), (0x7FC0 as f32, 1.0));
    // A float uniform refuses an unsigned value, an unsigned uniform a float, a signed value.
    assert!(program.set_uniform_uint("k", 3u32).is_err());
    assert!(program.set_uniform("seed", glam::Vec3::ONE).is_err());
    assert!(program.set_uniform_int("seed", [1i32, 2, 3]).is_err());
    assert!(program.set_uniform_uint("seed", 1.0f32).is_err());
    // A saved program keeps the integer uniform's type and bits.
    let back = NodeProgram::from_bytes(&program.to_bytes()).unwrap();
    assert_eq!(back, program);
}

#[test]
fn integer_loads_carry_a_checked_tag_and_float_programs_do_not_change() {
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.to_float(g.uvec3(1, 2, 3)))
        .unwrap();
    let program = g.compile().unwrap();
    let words = program.words();
    let code = words[format::H_CODE] as usize;
    let n = words[format::H_CODE_LEN] as usize;
    let loads: Vec<&[u32]> = (0..n)
        .map(|i| &words[code + 4 * i..code + 4 * i + 4])
        .filter(|w| w[0] & 0xff == Opcode::Load as u32)
        .collect();
    assert_eq!(loads.len(), 1);
    assert_eq!(loads[0][2], format::LOAD_TAG_UINT);
    let text = program.to_string();
    assert!(text.contains("(1u, 2u, 3u)"), "{text}");
    // A tag outside 0 to 2 is refused by the validator.
    let mut bad = words.to_vec();
    let at = (0..n)
        .map(|i| code + 4 * i)
        .find(|&a| bad[a] & 0xff == Opcode::Load as u32)
        .unwrap();
    bad[at + 2] = 3;
    let e = NodeProgram::from_words(bad, program.uniforms().to_vec(), vec![])
        .unwrap_err()
        .to_string();
    assert!(e.contains("type tag 3"), "{e}");

    // A float program's loads keep B words of 0.
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.vec3(1.0, 2.0, 3.0)).unwrap();
    let program = g.compile().unwrap();
    let words = program.words();
    let at = words[format::H_CODE] as usize;
    assert_eq!(words[at] & 0xff, Opcode::Load as u32);
    assert_eq!(words[at + 2], 0);
}

#[test]
fn the_guide_example_compiles_and_runs() {
    // docs/integers.md's example, as written there.
    let g = NodeGraph::new();
    let seed = g.named_uniform("seed", 0x9E37_79B9u32);
    let h = g.mul(g.to_uint(g.to_int(g.mul(g.uv(), g.float(512.0)))), seed);
    let h = g.bit_xor(h, g.shift_right(h, g.uint(16)));
    let low = g.swizzle(g.bit_and(h, g.uint(0xFFFF)), "x");
    let f = g.div(g.to_float(low), g.float(65536.0));
    g.set_output(COLOR_NODE, g.join(&[f, f, f])).unwrap();
    let mut program = g.compile().unwrap();
    program.set_uniform_uint("seed", 0x85EB_CA6Bu32).unwrap();
    // uv (0.25, 0) → int 128 → 128 * 0x85EBCA6B mod 2^32 = 0xF5E53580 (0x85EBCA6B << 7 keeps
    // 0x42F5E53580's low 32 bits); ^ (>> 16 = 0xF5E5) → 0xF5E5C065; & 0xFFFF = 0xC065 = 49253.
    let fragment = Fragment {
        uv: glam::Vec2::new(0.25, 0.0),
        ..Default::default()
    };
    let out = program.evaluate(COLOR_NODE, &fragment).unwrap();
    assert_eq!(out[0], 49253.0 / 65536.0);
}

#[test]
#[allow(non_snake_case)]
fn variables_branches_and_unrolled_loops_keep_the_bits() {
    // A uint Var through an If and a Loop of 4: h = h * 0x01000193 ^ i for i in 0..4 (FNV-1a's
    // steps, with the loop's index as a float converted to uint), starting at 0x811C9DC5;
    // worked below in u32 arithmetic by hand's rules (wrapping).
    let g = NodeGraph::new();
    let h = g.Var(g.uint(0x811C_9DC5));
    let i = g.Loop(4);
    g.assign(
        h,
        g.bit_xor(g.mul(g.get(h), g.uint(0x0100_0193)), g.to_uint(i)),
    );
    g.End();
    // A NaN-shaped value chosen by a branch.
    let picked = g.Var(g.uint(0));
    g.If(g.greater_than(g.float(1.0), g.float(0.0)));
    g.assign(picked, g.uint(0x7F80_0001));
    g.End();
    let mut want = 0x811C_9DC5u32;
    for i in 0..4u32 {
        want = want.wrapping_mul(0x0100_0193) ^ i;
    }
    assert_eq!(one(&g, g.get(h)), want);
    assert_eq!(one(&g, g.get(picked)), 0x7F80_0001);
}

#[test]
fn validate_refuses_an_operation_of_the_other_kind() {
    // to_float(uvec3(1, 2, 3) + uvec3(4, 5, 6)): load, load, iadd, uto_float. Make the iadd a
    // float add, then the uto_float a to_float of a float: each reads the other kind.
    let g = NodeGraph::new();
    let sum = g.add(g.uvec3(1, 2, 3), g.named_uniform("u", [4u32, 5, 6]));
    g.set_output(COLOR_NODE, g.to_float(sum)).unwrap();
    let program = g.compile().unwrap();
    assert_eq!(
        program.evaluate(COLOR_NODE, &Fragment::default()),
        Some(vec![5.0, 7.0, 9.0])
    );
    let words = program.words().to_vec();
    let code = words[format::H_CODE] as usize;
    let n = words[format::H_CODE_LEN] as usize;
    let find = |op: Opcode| {
        (0..n)
            .map(|i| code + 4 * i)
            .find(|&a| words[a] & 0xff == op as u32)
            .unwrap()
    };
    let retag = |at: usize, op: Opcode| {
        let mut bad = words.clone();
        bad[at] = (bad[at] & !0xff) | op as u32;
        NodeProgram::from_words(bad, program.uniforms().to_vec(), vec![])
            .unwrap_err()
            .to_string()
    };
    let e = retag(find(Opcode::IAdd), Opcode::Add);
    assert!(
        e.contains("an integer where the operation takes floats"),
        "{e}"
    );
    let e = retag(find(Opcode::UToFloat), Opcode::Floor);
    assert!(
        e.contains("an integer where the operation takes floats"),
        "{e}"
    );
    // A load of the integers retagged as floats: the iadd then reads floats.
    let mut bad = words.clone();
    let load = find(Opcode::Load);
    bad[load + 2] = format::LOAD_TAG_FLOAT;
    let e = NodeProgram::from_words(bad, program.uniforms().to_vec(), vec![])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a float where the operation takes integers"),
        "{e}"
    );
}

#[cfg(feature = "naga")]
#[test]
fn the_native_back_end_emits_an_integer_program_with_integer_uniforms() {
    // R-INT-7: a standalone module declares integer uniforms as `u32`/`i32` members of its block,
    // reads their bits (a bitcast, never a conversion) and makes every form.
    let g = NodeGraph::new();
    let seed = g.named_uniform("seed", 0x9E37_79B9u32);
    let pair = g.named_uniform("pair", [-7i32, 3]);
    let product = g.mul(g.swizzle(pair, "x"), g.swizzle(pair, "y"));
    let sum = g.add(g.to_uint(product), g.bit_xor(seed, g.uint(u32::MAX)));
    g.set_output(OPACITY_NODE, g.to_float(sum)).unwrap();
    let program = g.compile().unwrap();
    let wgsl = program.to_wgsl().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        wgsl.contains("u_seed: u32") && wgsl.contains("u_pair: vec2<i32>"),
        "{wgsl}"
    );
    // `tsl_word` returns each member's bits: a bitcast of `tsl.u_pair.y`, no `u32(...)`.
    assert!(
        wgsl.contains("tsl.u_pair.y") && !wgsl.contains(" u32(") && !wgsl.contains("(u32("),
        "{wgsl}"
    );
    // The constant is its literal through the hidden zero, not a float of its bits.
    assert!(wgsl.contains("4294967295u ^"), "{wgsl}");
    for version in [
        tsl_core::native::GlslVersion::Es300,
        tsl_core::native::GlslVersion::Core450,
    ] {
        program.to_glsl(version).unwrap_or_else(|e| panic!("{e}"));
    }
    program.to_spirv().unwrap_or_else(|e| panic!("{e}"));
}
