"""The exact-integer GLSL cases (int, uint, their vectors, bvec, bit operators, the integer
built-ins and uniforms), checked against Mesa as glsl_cases.py's are; glsl_cases.py imports this
file at its end, so these cases join CASES.

Each is a GLSL ES 3.00 RawShaderMaterial fragment shader: x and y are vUv's components, ix and iy
the cell of the 4 x 4 grid (0 to 3), then `body`, then o = expr. hl(v) writes an int's or a uint's
32 bits as two floats, the high and the low 16 bits, each a whole number a float holds exactly, so
that every bit is compared.
"""

from glsl_cases import RAW300_VERT, case

HEAD = """#version 300 es
precision highp float;
precision highp int;
in vec2 vUv;
out vec4 o;
vec2 hl(uint u) { return vec2(float(u >> 16u), float(u & 65535u)); }
vec2 hl(int i) { return hl(uint(i)); }
"""


def fi(name, expr, decls="", body="", **extra):
    src = HEAD + decls + "\nvoid main() {\n  float x = vUv.x;\n  float y = vUv.y;\n"
    src += "  int ix = int(x * 4.0);\n  int iy = int(y * 4.0);\n"
    src += "".join("  " + line + "\n" for line in body.strip("\n").split("\n") if body)
    src += "  o = " + expr + ";\n}\n"
    case("int/" + name, src, kind="raw", vertex=RAW300_VERT, **extra)


# ---- literals
fi("literal_hex_octal", "vec4(float(0x7F), float(017), float(0xABCDu), float(0777u + 0XFFu))")
fi("literal_int_max", "vec4(hl(2147483647), hl(-2147483647 - 1))")
fi("literal_uint_max", "vec4(hl(4294967295u), hl(0xFFFFFFFFu - uint(ix)))")
# ---- signed arithmetic: wrapping, truncating division, remainder. GLSL leaves % of a negative
# operand undefined, and Mesa answers two ways: its constant folder C's remainder (the sign of the
# dividend, as ours), llvmpipe at run time the floored modulo. So a negative % here is folded
# alone; tsl-core/tests/glsl_integers.rs checks the run-time one against the definition.
fi("int_wrap_max", "vec4(hl(a + 1), hl(a * 2 + iy))", body="int a = 2147483647 - ix;")
fi("int_wrap_min", "vec4(hl(b - 1), hl(-b))", body="int b = -2147483647 - 1 + ix;")
fi("int_const_fold_wrap", "vec4(hl(M + 1), hl(M * 3))", decls="const int M = 2147483647;")
fi("int_div_negative", "vec4(float(-7 / 2), float(7 / -2), float(-7 / -2), float((ix - 5) / (iy + 1)))")
fi("int_rem_negative", "vec4(float(-7 % 2 + 5), float(7 % -2), float(-8 % 3 + 5), float((ix * 7 + 3) % 4))")
fi("int_div_runtime", "vec4(float(a / b), float(a % b), float(-a / b), float(a % (b + 3)))",
   body="int a = ix * 13 + iy * 5 + 1;\nint b = iy + 2;")
fi("int_unary_minus", "vec4(float(-ix), float(-(-iy)), float(-(ix - iy)), float(+ix))")
# ---- unsigned arithmetic
fi("uint_wrap_add_sub", "vec4(hl(4294967295u + uint(ix)), hl(0u - uint(iy)))")
fi("uint_mul_hash", "vec4(hl(0x9E3779B9u * uint(ix * 4 + iy + 1)), hl(uint(ix) * 0x85EBCA6Bu))")
fi("uint_div_rem", "vec4(hl(4294967295u / uint(ix + 1)), hl(4294967295u % uint(iy + 7)))")
fi("uint_div_above_2_31", "vec4(hl(0x80000001u / 2u), hl((0xF0000000u + uint(ix)) / 3u))")
# ---- bits (unsigned)
fi("bit_and_or_xor", "vec4(float(u & 5u), float(u | 8u), float(u ^ 0xFFFFu), float((u ^ 3u) & (u | 1u)))",
   body="uint u = uint(ix * 4 + iy);")
fi("bit_not", "vec4(hl(~uint(ix)), hl(~0u))")
fi("shift_left_31", "vec4(hl(1u << 31u), hl(uint(ix) << 31))")
fi("shift_right_31", "vec4(hl(0x80000000u >> 31), hl(0xFFFFFFFFu >> 31u))")
fi("shift_runtime_count", "vec4(hl(1u << uint(31 - ix)), hl(0xFFFFFFFFu >> (ix * 8 + iy)))")
fi("shift_int_count", "vec4(hl(3u << ix), hl(0xF0F0F0F0u >> iy))")
fi("shift_vectors", "vec4(hl(a.x), hl(a.y + b.z))",
   body="uvec2 a = uvec2(1u, 0x80000000u) << uvec2(uint(ix), uint(iy));\nuvec3 b = uvec3(0xFFFFFFFFu) >> 28;")
fi("bit_precedence", "vec4(float(1u | 6u ^ 3u & 5u << 1), float(2u + 3u << 1u), float(12u >> 1u + 1u), float(5u & 6u | uint(ix)))")
fi("bit_uvec_scalar", "vec4(vec2(v & 255u), vec2(v | uvec2(1u, 2u)))",
   body="uvec2 v = uvec2(uint(ix) * 300u, uint(iy) * 77u);")
fi("xorshift_loop", "vec4(hl(h), hl(h * 0x2545F491u))",
   body="uint h = uint(ix * 4 + iy + 1);\nfor (int i = 0; i < 4; i++) {\n  h ^= h << 13;\n  h ^= h >> 17;\n  h ^= h << 5;\n}")
# ---- comparisons
fi("uint_compare_above_2_31", "vec4(float(0x80000000u > uint(ix)), float(4294967295u > 2147483648u), float(uint(ix) + 0x7FFFFFFFu < 0x80000001u), float(0xFFFFFFFFu >= uint(iy)))")
fi("int_compare_negative", "vec4(float(ix - 2 < 0), float(-iy >= -1), float(ix == iy), float(-2147483647 - 1 < ix))")
fi("ivec_equal", "vec4(float(ivec2(ix, iy) == ivec2(1, 2)), float(uvec3(uint(ix)) != uvec3(1u)), float(bvec2(ix > 1, true) == bvec2(true)), 1.0)")
# ---- conversions
fi("int_to_uint_bits", "vec4(hl(uint(-1)), hl(uint(-ix - 1)))")
fi("uint_to_int_bits", "vec4(float(int(0xFFFFFFFFu)), hl(int(0x80000000u + uint(ix))), 0.0)")
fi("float_to_int_trunc", "vec4(float(int(-2.7)), float(int(x * -7.9)), float(uint(3.99)), float(int(y * 9.99)))")
fi("float_to_uint_large", "vec4(hl(uint(3000000000.0)), hl(uint(x * 4000000000.0)))")
fi("int_to_float_round", "vec4(float(2147483647), float(16777217 + ix), float(4294967295u), float(-2147483647 - 1))")
fi("uint_to_float_round", "vec4(float(0xFFFFFF01u), float(16777217u + uint(iy)), float(uint(ix) << 31), 0.0)")
fi("bool_int_conversions", "vec4(float(int(true)), float(uint(ix > 1)), float(bool(ix)), float(bool(0u)))")
fi("ctor_ivec", "vec4(vec2(ivec2(x * 3.0, -y * 3.0)), vec2(ivec3(ivec2(ix, iy), 4).yz))")
fi("ctor_ivec_splat_mix", "vec4(ivec4(7)) + vec4(ivec4(ivec2(ix), iy, -1))")
fi("ctor_uvec_from_ivec", "vec4(hl(uvec2(ivec2(-1, 2)).x), vec2(uvec2(ivec2(ix, iy))))")
fi("ctor_bvec", "vec4(bvec2(ivec2(0, ix)), bvec2(vec2(0.0, -0.0 + y)))")
fi("ctor_bvec_sign_bit", "vec4(bvec2(uvec2(0x80000000u, 0u)), bvec2(ivec2(-2147483647 - 1, iy)))")
fi("ctor_vec_from_bvec", "vec4(vec3(bvec3(true, false, ix > 1)), float(ivec2(bvec2(iy > 0, false)).x))")
fi("ctor_mat_from_int", "vec4(m[0] + m[1], m[2].x + float(ix))", body="mat3 m = mat3(ix, -2, 1, 0, iy, 0, 1, 2, 3);")
# ---- swizzles, indexes, assignments
fi("swizzle_ivec", "vec4(v.wzyx) + vec4(vec2(v.xx + ivec2(1)), vec2(u.zy))",
   body="ivec4 v = ivec4(ix, iy, ix - iy, 7);\nuvec3 u = uvec3(1u, 2u, uint(ix));")
fi("swizzle_write_ivec", "vec4(v, 1.0)", body="ivec3 v = ivec3(0);\nv.xz = ivec2(ix, -iy);\nv.y += 5;\nv.x *= 3;")
fi("index_ivec", "vec4(float(v[2]), float(v[3u]), float(u[1]), float(s))",
   body="ivec4 v = ivec4(10, -20, 30, -40 + ix);\nuvec2 u = uvec2(5u, 6u * uint(iy));\nint s = 0;\nfor (int i = 0; i < 4; i++) s += v[i] * i;")
fi("index_array_uint", "vec4(a[uint(ix)], a[iy], a[3u], 1.0)", body="float a[4] = float[4](0.1, 0.2, 0.3, 0.4);")
fi("ivec_arith_scalar", "vec4(vec2(v * 3), vec2(10 - v))", body="ivec2 v = ivec2(ix, -iy);")
fi("ivec_div_rem", "vec4(vec2(ivec2(-7, 7) / ivec2(2, -2)), vec2(ivec2(ix + 5, iy + 7) % 3))")
fi("compound_assign_uint", "vec4(hl(a), hl(b))",
   body="uint a = uint(ix * 4 + iy) + 100u;\na %= 7u;\na <<= 4;\na |= 0x80000000u;\na ^= 0xFu;\nuint b = 0xFFFFu;\nb &= uint(iy * 85);\nb >>= 1u;\nb += 4294967295u;")
fi("compound_assign_ivec", "vec4(vec2(v), vec2(w))",
   body="ivec2 v = ivec2(ix, iy);\nv += ivec2(1);\nv *= 3;\nv -= ivec2(2, 1);\nv /= 2;\nivec2 w = ivec2(17, 23);\nw %= ivec2(iy + 2);")
fi("inc_dec", "vec4(float(i), float(j), hl(u).y, vec2(v).y)",
   body="int i = ix;\ni++;\n++i;\nint j = iy;\nj--;\nuint u = 0u;\nu--;\nivec2 v = ivec2(1, ix);\nv++;")
fi("ternary_ivec", "vec4(vec2(ix > 1 ? ivec2(1, 2) : ivec2(-1, -2)), float(iy > 1 ? 3u : 4u), 1.0)")
# ---- built-ins
fi("less_than_vec", "vec4(lessThan(vec4(x, y, x, y), vec4(0.5)))")
fi("compare_ivec_builtins", "vec4(lessThanEqual(v, ivec4(1)).xy, greaterThan(v, ivec4(2)).zw) + vec4(greaterThanEqual(v, ivec4(2)))",
   body="ivec4 v = ivec4(ix, iy, ix + iy, ix - iy);")
fi("equal_uvec_bvec", "vec4(equal(uvec2(uint(ix), 0x80000000u), uvec2(1u, 0x80000000u)), notEqual(bvec2(ix > 1, iy > 1), bvec2(true, false)))")
fi("any_all_not", "vec4(float(any(b)), float(all(b)), vec2(not(b).xy))", body="bvec3 b = bvec3(ix > 0, iy > 1, ix + iy > 2);")
fi("mix_bvec", "vec4(mix(vec3(1.0, 2.0, 3.0), vec3(x, y, -1.0), bvec3(ix > 1, iy > 1, ix == iy)), mix(0.25, 0.75, iy > 2))")
fi("abs_sign_int", "vec4(float(abs(ix - 2)), float(sign(iy - 1)), vec2(abs(ivec2(-ix, iy - 3)) + sign(ivec2(ix - 1, -iy))))")
fi("abs_int_min", "vec4(hl(abs(-2147483647 - 1 + ix * 0)), float(sign(-2147483647 - 1)), 0.0)")
fi("min_max_clamp_int", "vec4(float(min(ix, iy)), float(max(ix - 3, -iy)), vec2(clamp(ivec2(ix, iy), 1, 2)))")
fi("min_max_uint_above_2_31", "vec4(hl(max(0x80000000u, uint(ix))), hl(min(0xFFFFFFF0u + uint(iy), 0xFFFFFFF2u)))")
fi("clamp_uvec", "vec4(vec2(clamp(uvec2(uint(ix), uint(iy) * 3u), uvec2(1u), uvec2(2u, 5u))), vec2(min(uvec2(uint(ix)), 2u)))")
# ---- uniforms
fi("uniform_int_ivec", "vec4(float(n), vec2(v), float(n * v.x))", decls="uniform int n;\nuniform ivec2 v;",
   uniforms={"n": -3, "v": [5, -2]})
fi("uniform_uint_uvec", "vec4(hl(u), hl(w.y ^ w.z))", decls="uniform uint u;\nuniform uvec3 w;",
   uniforms={"u": 4294967295, "w": [1, 0x80000001, 0xFFFF0000]})
fi("uniform_bool_bvec", "vec4(float(b), vec2(bv), float(b && bv.y))", decls="uniform bool b;\nuniform bvec2 bv;",
   uniforms={"b": 1, "bv": [0, 1]})
# ---- loops and functions
fi("for_uint_index", "vec4(s, float(k), 0.0, 1.0)",
   body="float s = 0.0;\nuint k = 0u;\nfor (uint i = 0u; i < 5u; i++) { s += x * float(i); k += i * i; }")
fi("for_int_negative", "vec4(s, float(last), 0.0, 1.0)",
   body="float s = 0.0;\nint last = 0;\nfor (int i = 3; i > -3; i--) { s += float(i) * y; last = i; }")
fi("function_overload_int_uint", "vec4(float(f(ix)), float(f(uint(iy))), vec2(g(ivec2(ix, iy))))",
   decls="int f(int a) { return a * -2; }\nuint f(uint a) { return a + 10u; }\nivec2 g(ivec2 v) { return v.yx - 1; }")
fi("const_fold_int", "vec4(hl(K), float(D), float(R))",
   decls="const uint K = 0xFFFFFFFFu * 3u;\nconst int D = -7 / 2;\nconst int R = -7 % 2;")
# ---- an index known at run time alone reads a vector's component (a select chain)
fi("index_vector_runtime", "vec4(f[ix], float(v[iy]), float(u[uint(ix + iy) % 3u]), f[(ix * 3 + iy) % 4])",
   body="vec4 f = vec4(x, y, 0.25, 0.75);\nivec4 v = ivec4(10, -20, 30, -40 + ix);\nuvec3 u = uvec3(5u, 6u, 7u);")
fi("index_column_runtime", "vec4(m[ix % 3], float(iy))", body="mat3 m = mat3(1.0, 2.0, 3.0, x, y, 0.5, -1.0, -2.0, -3.0);")
# ---- a constructor converts the components it uses alone (the last argument's others are dropped)
fi("ctor_drops_unused_components", "vec4(vec2(ivec2(iy, vec2(x * 3.0 + 0.5, 1e20))), vec2(uvec2(uint(ix), vec3(y * 9.0, -1.0, 1e30))))")
