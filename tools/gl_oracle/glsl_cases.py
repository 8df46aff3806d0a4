"""The GLSL cases that tsl-core's front end is checked against Mesa's OpenGL ES with.

Each case is what tsl-core compiles (kind, vertex, fragment, defines) and what both sides are
given (uniforms, textures, grid size, frame, fragment attributes). make_glsl_fixtures.py turns
them into gl_oracle jobs (with three.js's prefix for a ShaderMaterial, ShaderToy's declarations
and main for a ShaderToy source), runs them, and writes the fixtures that
tsl-core/tests/glsl_oracle.rs reads.

Kinds: "shader" (ShaderMaterial), "raw" (RawShaderMaterial), "toy" (ShaderToy).
Keys a case may set beyond the sources:
  uniforms   {name: number or list}; matrices column-major
  textures   {name: {width, height, data (RGBA rows, bottom first), filter, wrap}}
  w, h       the grid (powers of two, so that vUv = ((x+.5)/W, (y+.5)/H) exactly)
  time       iTime / Renderer.time
  view       the view matrix (column-major 16 floats): viewMatrix, and cameraPosition its inverse's
             translation (our side: set_frame)
  inputs     what our side feeds besides uv: {"world": M} position_world = M * (2u-1, 2v-1, 0, 1);
             {"view_pos": M} position_view likewise; {"color": "affine"} vertex_color =
             (u, v, 1 - u); {"normal_view": [x, y, z]}
  attributes replaces the oracle's default quad (then "count")
  rel, abs   the tolerance, where the default (1e-5 relative, 1e-6 absolute) is too tight; "why"
  glsl3      a ShaderMaterial with glslVersion GLSL3 (the prefix declares no pc_fragColor)
"""

import json
import os

CASES = []

SHADER_VERT = """varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
"""

RAW100_VERT = """attribute vec3 position;
attribute vec2 uv;
uniform mat4 modelViewMatrix;
uniform mat4 projectionMatrix;
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
"""

RAW300_VERT = """#version 300 es
in vec3 position;
in vec2 uv;
uniform mat4 modelViewMatrix;
uniform mat4 projectionMatrix;
out vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
"""


def case(name, fragment, kind="shader", vertex=None, **extra):
    if vertex is None:
        vertex = {"shader": SHADER_VERT, "raw": RAW100_VERT, "toy": None}[kind]
    c = {"name": name, "kind": kind, "fragment": fragment}
    if vertex is not None:
        c["vertex"] = vertex
    c.update(extra)
    c.setdefault("w", 4)
    c.setdefault("h", 4)
    assert not any(o["name"] == name for o in CASES), name
    CASES.append(c)


def fx(name, expr, decls="", body="", **extra):
    """A ShaderMaterial fragment shader: x and y are vUv's components, then `body`, then
    gl_FragColor = expr."""
    src = "varying vec2 vUv;\n" + decls + "\nvoid main() {\n  float x = vUv.x;\n  float y = vUv.y;\n"
    src += "".join("  " + line + "\n" for line in body.strip("\n").split("\n") if body)
    src += "  gl_FragColor = " + expr + ";\n}\n"
    case(name, src, **extra)


# ------------------------------------------------------------------ operators
fx("op_add", "vec4(x + y, x + 0.5, 1.5 + y, x + y + 1.0)")
fx("op_sub", "vec4(x - y, x - 0.5, 1.5 - y, 0.25 - x - y)")
fx("op_mul", "vec4(x * y, x * 3.0, -2.5 * y, x * y * 7.0)")
fx("op_div", "vec4(x / (y + 0.5), x / 3.0, 1.0 / (x + 0.1), y / x)")
fx("op_neg", "vec4(-x, -(x - y), - -y, -vec2(x, y).y)")
fx("op_plus_parens", "vec4(+x, x + y * 2.0 - (x - y) / 4.0, (x + y) * (x - y), x - (y - (x - 0.5)))")
fx("op_vec_scalar", "vec4(vec3(x, y, 1.0) * 2.0, 1.0) + vec4(0.5) * y")
fx("op_scalar_vec", "vec4(2.0 - vec2(x, y), 3.0 / vec2(x + 1.0, y + 2.0))")
fx("op_vec_vec", "vec4(x, y, 0.5, 1.0) * vec4(2.0, x, y, 0.25) + vec4(y, x, x, y) / vec4(1.0, 2.0, 4.0, 8.0)")
fx("op_vec2_ops", "vec4(vec2(x, y) - vec2(y, x), vec2(x, 1.0) * vec2(3.0, y))")
fx("op_int_arith", "vec4(float(i + j), float(i - j), float(i * j - 3), float(-i + 2 * j))",
   body="int i = int(x * 8.0);\nint j = int(y * 8.0) + 1;")
fx("op_int_div", "vec4(float(i / j), float(i / 2), float((i - 5) / 2), float(-7 / (j + 1)))",
   body="int i = int(x * 8.0);\nint j = int(y * 8.0) + 1;")
fx("op_int_mod", "vec4(float(i % j), float(i % 3), float((i + 13) % 5), float(j % 2))",
   body="int i = int(x * 8.0);\nint j = int(y * 8.0) + 1;")
fx("op_compare_float", "vec4(float(x < y), float(x <= 0.375), float(x > y), float(x >= y))")
fx("op_compare_eq", "vec4(float(x == y), float(x != y), float(x == 0.375), float(y != 0.625))")
fx("op_compare_int", "vec4(float(i < j), float(i >= 3), float(i == j), float(i != 2))",
   body="int i = int(x * 4.0);\nint j = int(y * 4.0);")
fx("op_logic", "vec4(float(x < 0.5 && y > 0.5), float(x < 0.25 || y > 0.75), float(x < 0.5 ^^ y < 0.5), float(!(x < y)))")
fx("op_logic_bool_vars", "vec4(float(a && !b), float(a || b), float(a == b), float(a != b))",
   body="bool a = x > 0.3;\nbool b = y > 0.6;")
fx("op_ternary", "vec4(x > y ? x : y, x < 0.5 ? 1.0 : -1.0, y > 0.5 ? (x > 0.5 ? 2.0 : 3.0) : 4.0, 0.0)")
fx("op_ternary_vec", "x > y ? vec4(x, y, 0.0, 1.0) : vec4(y, x, 1.0, 0.0)")
fx("op_vec_equal", "vec4(float(vec2(x, y) == vec2(y, x)), float(vec3(x) != vec3(x, x, y)), float(vec4(x) == vec4(x)), float(vec2(x, y) != vec2(x, y)))")
fx("op_compound", "v",
   body="vec4 v = vec4(x, y, 1.0, 2.0);\nv += vec4(0.5);\nv -= vec4(y, x, 0.25, 0.5);\nv *= 2.0;\nv /= vec4(1.0, 2.0, 4.0, 8.0);\nv.x += 1.0;\nv.yz *= vec2(3.0, -1.0);")
fx("op_compound_scalar", "vec4(s, t, float(i), float(k))",
   body="float s = x;\ns += y;\ns *= 3.0;\ns -= 0.5;\ns /= 2.0;\nfloat t = y;\nt++;\nt--;\nt++;\nint i = 3;\ni++;\ni *= 2;\ni -= 1;\ni /= 2;\nint k = int(x * 10.0);\n--k;\n++k;\nk++;")
fx("op_increment_vec", "v", body="vec4 v = vec4(x, y, 0.0, -1.0);\nv++;\nv++;\nv--;")
fx("op_precedence", "vec4(x + y * 3.0, (x + y) * 3.0, x - y - 0.25, x / y / 2.0)")
fx("op_bool_to_float", "vec4(float(x > 0.5), float(true), float(false), float(y < 0.5) * 2.0)")

# ------------------------------------------------------------------ built-ins of one value
fx("fn_radians_degrees", "vec4(radians(x * 180.0), degrees(y), radians(vec2(x * 90.0, 45.0)))")
fx("fn_sin", "vec4(sin(x * 3.0), sin(vec3(x, y, x + y) * 2.0))")
fx("fn_cos", "vec4(cos(x * 3.0), cos(vec3(x, y, x + y) * 2.0))")
fx("fn_tan", "vec4(tan(x), tan(vec3(x, y, x * y)))")
fx("fn_asin_acos", "vec4(asin(x - 0.5), acos(y - 0.5), asin(vec2(x * 0.9, -y * 0.9)))", rel=1e-3, abs=2e-4,
   why="Mesa computes asin and acos with a polynomial approximation (errors near 1e-4 absolute); tsl-core with libm")
fx("fn_atan", "vec4(atan(x * 4.0 - 2.0), atan(vec3(x, y, -x) * 3.0))")
fx("fn_atan2", "vec4(atan(y - 0.5, x - 0.5), atan(x, y), atan(vec2(-x, y - 0.6), vec2(y - 0.45, -x)))")
fx("fn_exp", "vec4(exp(x * 2.0), exp(vec3(x, -y, x - y)))")
fx("fn_log", "vec4(log(x * 3.0), log(vec3(x, y, x + y) + 0.5))")
fx("fn_exp2", "vec4(exp2(x * 4.0), exp2(vec3(x, -y, x - y) * 3.0))")
fx("fn_log2", "vec4(log2(x * 5.0), log2(vec3(x, y, x + y) * 8.0))")
fx("fn_sqrt", "vec4(sqrt(x), sqrt(vec3(x, y, x + y) * 10.0))")
fx("fn_inversesqrt", "vec4(inversesqrt(x), inversesqrt(vec3(x, y, x + y) * 10.0))")
fx("fn_abs", "vec4(abs(x - 0.5), abs(vec3(x - y, y - 0.5, -x)))")
fx("fn_sign", "vec4(sign(x - 0.5), sign(vec3(x - y, 0.0, -x)))")
fx("fn_floor", "vec4(floor(x * 5.0 - 2.0), floor(vec3(x, y, -x) * 3.7))")
fx("fn_ceil", "vec4(ceil(x * 5.0 - 2.0), ceil(vec3(x, y, -x) * 3.7))")
fx("fn_trunc", "vec4(trunc(x * 5.0 - 2.0), trunc(vec3(x, y, -x) * 3.7))")
fx("fn_round", "vec4(round(x * 5.0 - 2.0), round(vec3(x, y, -x) * 3.7))")
fx("fn_round_half", "vec4(round(x * 4.0), round(y * 4.0 - 4.0), roundEven(x * 4.0), roundEven(-y * 4.0))")
fx("fn_fract", "vec4(fract(x * 5.0 - 2.0), fract(vec3(x, y, -x) * 3.7))")
fx("fn_normalize", "vec4(normalize(vec3(x, y, 1.0)), normalize(x - 0.5))")
fx("fn_length", "vec4(length(vec2(x, y)), length(vec3(x, y, 1.0)), length(vec4(x, -y, 0.5, 2.0)), length(x - 0.7))")

# ------------------------------------------------------------------ built-ins of more values
fx("fn_pow", "vec4(pow(x, 2.2), pow(y + 0.5, x * 3.0), pow(vec2(x, y), vec2(0.5, 3.0)))")
fx("fn_mod", "vec4(mod(x * 7.0, 1.5), mod(-x * 3.0, 0.7), mod(vec2(x, y) * 5.0, vec2(0.75, 1.25)))")
fx("fn_mod_vec_float", "vec4(mod(vec3(x, y, x + y) * 4.0, 1.1), 0.0)")
fx("fn_min_max", "vec4(min(x, y), max(x, y), min(vec2(x, y), vec2(0.5, 0.2)))")
fx("fn_min_max_float", "vec4(min(vec2(x, y), 0.4), max(vec2(x, y), 0.6))")
fx("fn_clamp", "vec4(clamp(x * 2.0 - 0.5, 0.0, 1.0), clamp(vec3(x, y, -x) * 3.0, vec3(0.2), vec3(0.8, 1.5, 0.0)))")
fx("fn_clamp_float", "vec4(clamp(vec4(x, y, x - y, y * 2.0), 0.1, 0.7))")
fx("fn_mix", "vec4(mix(x, y, 0.25), mix(vec3(x, y, 1.0), vec3(0.0, 1.0, y), vec3(x, y, 0.5)))")
fx("fn_mix_float", "vec4(mix(vec4(x, y, 0.0, 1.0), vec4(1.0, 0.0, y, x), x))")
fx("fn_step", "vec4(step(0.5, x), step(vec3(0.3, 0.6, 0.9), vec3(x, y, x + y)))")
fx("fn_step_float", "vec4(step(0.5, vec4(x, y, x * y, x + y)))")
fx("fn_smoothstep", "vec4(smoothstep(0.2, 0.8, x), smoothstep(vec3(0.0, 0.5, 0.9), vec3(1.0, 0.6, 0.1), vec3(x, y, x)))")
fx("fn_smoothstep_float", "vec4(smoothstep(0.1, 0.9, vec4(x, y, x * y, 1.0 - x)))")
fx("fn_distance", "vec4(distance(x, y), distance(vec2(x, y), vec2(0.5)), distance(vec3(x, y, 1.0), vec3(y, x, 0.0)), distance(vec4(x), vec4(y)))")
fx("fn_dot", "vec4(dot(x, y), dot(vec2(x, y), vec2(3.0, -1.0)), dot(vec3(x, y, 1.0), vec3(y, x, 0.5)), dot(vec4(x), vec4(y, 1.0, 2.0, x)))")
fx("fn_cross", "vec4(cross(vec3(x, y, 1.0), vec3(y, 0.5, x)), 1.0)")
fx("fn_faceforward", "vec4(faceforward(vec3(0.0, 0.0, 1.0), vec3(x - 0.5, y - 0.5, 0.3 - x), vec3(0.0, 1.0, 1.0)), faceforward(1.0, x - 0.5, 1.0))")
fx("fn_reflect", "vec4(reflect(normalize(vec3(x - 0.5, -1.0, y)), vec3(0.0, 1.0, 0.0)), reflect(x, 1.0))")
fx("fn_refract", "vec4(refract(normalize(vec3(x - 0.5, -1.0, y - 0.5)), vec3(0.0, 1.0, 0.0), 0.66), 1.0)")
fx("fn_refract_total", "vec4(refract(normalize(vec3(x * 4.0, -0.2, 0.0)), vec3(0.0, 1.0, 0.0), 1.5), refract(-0.8, 1.0, 1.2))")
fx("fn_int_forms", "vec4(float(abs(i - 3)), float(sign(i - 2)), float(min(i, j) + max(i, j)), float(clamp(i, 1, 2)))",
   body="int i = int(x * 4.0);\nint j = int(y * 4.0);")
fx("fn_derivatives", "vec4(dFdx(vUv * 3.0 + 1.0), dFdy(y * 4.0 - x), dFdx(2.0 * x - y))")
fx("fn_fwidth", "vec4(fwidth(vec2(x * 2.0, y * 5.0)), fwidth(x - y), fwidth(0.5))")
fx("fn_nested", "vec4(sqrt(abs(sin(x * 2.0) - cos(y))), pow(clamp(x + y, 0.1, 1.0), 1.5), exp(-length(vec2(x, y))), floor(fract(x * 3.3) * 4.0))")

TEX = {"width": 4, "height": 4, "filter": "nearest", "wrap": "clamp",
       "data": [v for i in range(16) for v in (i / 16.0, 1.0 - i / 32.0, (i % 4) * 0.25, 0.5 + (i // 4) * 0.125)]}
TEX_REPEAT = dict(TEX, wrap="repeat")
fx("tex_texture2D", "texture2D(map, vUv)", decls="uniform sampler2D map;", textures={"map": TEX})
fx("tex_texture", "texture(map, vUv * 0.5 + 0.25)", decls="uniform sampler2D map;", textures={"map": TEX})
fx("tex_repeat", "texture(map, vUv * 2.0 + vec2(0.1, 0.05))", decls="uniform sampler2D map;", textures={"map": TEX_REPEAT})
fx("tex_clamp_outside", "texture2D(map, vUv * 3.0 - 1.0)", decls="uniform sampler2D map;", textures={"map": TEX})
fx("tex_two_maps", "texture(a, vUv) * 0.5 + texture(b, vUv.yx)", decls="uniform sampler2D a;\nuniform sampler2D b;",
   textures={"a": TEX, "b": TEX_REPEAT})
fx("tex_swizzle_math", "vec4(texture2D(map, vUv).bgr * 2.0 - 0.5, texture2D(map, vUv.yx).a)", decls="uniform sampler2D map;", textures={"map": TEX})

# ------------------------------------------------------------------ swizzles
fx("swz_read", "vec4(v.zyx, v.w) + vec4(v.rg, v.ba) * 0.5", body="vec4 v = vec4(x, y, x * y, 1.0 - x);")
fx("swz_read_stpq", "vec4(v.stp, v.q) - v.wzyx", body="vec4 v = vec4(x, y, x * y, 1.0 - x);")
fx("swz_repeat", "vec4(v.xxy, v.yy.x) + v.yxyx", body="vec2 v = vec2(x, y);")
fx("swz_write", "v", body="vec4 v = vec4(0.0);\nv.xz = vec2(x, y);\nv.w = x + y;\nv.y = -x;")
fx("swz_write_permuted", "v", body="vec4 v = vec4(x, y, 0.5, 1.0);\nv.yx = v.xy;\nv.wz = vec2(x * 2.0, y * 3.0);")
fx("swz_write_index", "v", body="vec4 v = vec4(1.0);\nv[0] = x;\nv[2] = y;\nv[3] = v[0] + v[2];")
fx("swz_write_nested", "v", body="vec4 v = vec4(0.25);\nv.zyx.x = x;\nv.xw.y = y;")
fx("swz_compound", "v", body="vec4 v = vec4(x, y, 1.0, 2.0);\nv.xy *= 3.0;\nv.zw += vec2(x, y);\nv.g -= 0.5;\nv.a /= 4.0;")
fx("swz_rgba_write", "c", body="vec4 c = vec4(0.0);\nc.rgb = vec3(x, y, 0.5);\nc.a = 1.0;\nc.gr = c.rg;")
fx("swz_index_read", "vec4(v[0], v[1], v[2] * 2.0, v[3])", body="vec4 v = vec4(x, y, x + y, 0.75);")
fx("swz_gl_fragcolor_parts", "gl_FragColor", body="gl_FragColor.rg = vec2(x, y);\ngl_FragColor.ba = vec2(0.25, 1.0);\ngl_FragColor.r *= 2.0;")

# ------------------------------------------------------------------ constructors and conversions
fx("ctor_vectors", "vec4(vec2(x), vec2(y, 1.0))")
fx("ctor_from_wider", "vec4(vec3(vec4(x, y, 0.5, 9.0)), vec2(vec3(y, x, 7.0)).y)")
fx("ctor_mixed", "vec4(vec2(x, y).yx, x * 2.0, 1.0)")
fx("ctor_scalar_from_vector", "vec4(float(vec3(x, y, 1.0)), float(int(x * 7.9)), float(bool(x - 0.125)), float(int(-y * 3.5)))")
fx("ctor_bool_int", "vec4(vec3(true, false, x > 0.5), float(int(true) + int(2.9)))")
fx("ctor_int_from_float", "vec4(float(int(x * 5.0 - 2.0)), float(int(y * 9.99)), float(int(-1.5)), float(int(2.5)))")

# ------------------------------------------------------------------ declarations and scopes
fx("decl_const_global", "vec4(K * x, V.xy, float(N))", decls="const float K = 2.5;\nconst vec3 V = vec3(0.1, 0.2, 0.3);\nconst int N = 3 * 4 - 1;")
fx("decl_const_local", "vec4(a, b, c, 1.0)", body="const float a = 1.5;\nconst float b = a * 2.0;\nfloat c = a + b * x;")
fx("decl_multiple", "vec4(a, b, c, d)", body="float a = x, b = y * 2.0, c, d = a + b;\nc = 0.5;")
fx("decl_shadow", "vec4(a, b, 0.0, 1.0)", body="float a = x;\nfloat b;\n{\n  float a = y;\n  b = a;\n}\nif (x > 0.5) {\n  float a = 9.0;\n  b += a;\n}")
fx("decl_precision", "vec4(p, 1.0)", decls="precision highp float;\nuniform highp vec3 u;",
   body="precision highp float;\nhighp vec3 p = u * x;\nlowp float q = 1.0;\np += q;", uniforms={"u": [0.5, 1.5, 2.5]})
fx("decl_empty_statements", "vec4(a, a, a, 1.0)", body=";\nfloat a = x;;\n{ ; }\n;")

# ------------------------------------------------------------------ control flow: if
fx("if_else", "vec4(r, 0.0, 0.0, 1.0)", body="float r;\nif (x > 0.5) r = 1.0; else r = 0.25;")
fx("if_chain", "vec4(r)", body="float r = 0.0;\nif (x < 0.25) r = 1.0;\nelse if (x < 0.5) r = 2.0;\nelse if (y < 0.5) r = 3.0;\nelse r = 4.0;")
fx("if_nested", "vec4(a, b, 0.0, 1.0)", body="float a = 0.0, b = 0.0;\nif (x > 0.3) {\n  a = 1.0;\n  if (y > 0.3) { b = 1.0; a += 0.5; } else { b = -1.0; }\n} else {\n  a = -1.0;\n}")
fx("if_bool_var", "vec4(v)", body="bool far = length(vUv - 0.5) > 0.4;\nvec4 v = vec4(0.0);\nif (far) v.x = 1.0;\nif (!far) v.y = 1.0;\nif (far && x > 0.5) v.z = 1.0;")
fx("if_const_condition", "vec4(a)", body="float a = x;\nif (1 > 2) a = 100.0;\nif (true) a += 1.0;\nif (false) { a = -5.0; } else { a *= 2.0; }")

# ------------------------------------------------------------------ loops
fx("for_sum", "vec4(s, 0.0, 0.0, 1.0)", body="float s = 0.0;\nfor (int i = 0; i < 4; i++) s += x * float(i);")
fx("for_break", "vec4(s, float(n), 0.0, 1.0)", body="float s = 0.0;\nint n = 0;\nfor (int i = 0; i < 10; i++) {\n  if (float(i) > x * 8.0) break;\n  s += y;\n  n++;\n}")
fx("for_continue", "vec4(s, c, 0.0, 1.0)", body="float s = 0.0, c = 0.0;\nfor (int i = 0; i < 8; i++) {\n  if (i % 2 == 1) continue;\n  if (float(i) > y * 8.0) continue;\n  s += float(i) * x;\n  c += 1.0;\n}")
fx("for_break_continue", "vec4(s, t, 0.0, 1.0)", body="float s = 0.0, t = 0.0;\nfor (int i = 0; i < 16; i++) {\n  t += 1.0;\n  if (i == 2) continue;\n  if (float(i) >= 4.0 + x * 8.0) break;\n  s += float(i);\n}")
fx("for_nested_break", "vec4(s, k, 0.0, 1.0)", body="float s = 0.0, k = 0.0;\nfor (int i = 0; i < 4; i++) {\n  for (int j = 0; j < 4; j++) {\n    if (j > i) break;\n    s += x * float(j) + y;\n    k += 1.0;\n  }\n}")
fx("for_float_index", "vec4(s, 0.0, 0.0, 1.0)", body="float s = 0.0;\nfor (float t = 0.0; t < 1.0; t += 0.25) s += t * x;")
fx("for_descending", "vec4(s, last, 0.0, 1.0)", body="float s = 0.0, last = 0.0;\nfor (int i = 5; i >= 0; i--) { s = s * 0.5 + float(i) * y; last = float(i); }")
fx("for_not_equal_step2", "vec4(s)", body="float s = 0.0;\nfor (int i = 0; i != 10; i += 2) s += float(i) * x;")
fx("for_index_as_component", "vec4(v.x, s, 0.0, 1.0)", body="vec4 v = vec4(x, y, x + y, x * y);\nfloat s = 0.0;\nfor (int i = 0; i < 4; i++) s += v[i] * float(i + 1);")
fx("for_write_component", "v", body="vec4 v = vec4(0.0);\nfor (int i = 0; i < 4; i++) v[i] = x * float(i) + y;")
fx("for_zero_times", "vec4(s, 1.0, 1.0, 1.0)", body="float s = x;\nfor (int i = 0; i < 0; i++) s = 100.0;\nfor (int i = 3; i < 2; i++) s = 200.0;")
fx("for_long", "vec4(s, t, 0.0, 1.0)", body="float s = 0.0, t = 1.0;\nfor (int i = 0; i < 100; i++) { s += x / 100.0; t *= 0.99 + y * 0.001; }")
fx("for_defined_bound", "vec4(s)", decls="#define COUNT 6\nconst int STEP = 2;", body="float s = 0.0;\nfor (int i = 0; i < COUNT; i += STEP) s += float(i) * x;")
fx("for_le_gt", "vec4(a, b, 0.0, 1.0)", body="float a = 0.0, b = 0.0;\nfor (int i = 1; i <= 3; i++) a += float(i) * x;\nfor (int i = 3; i > 0; i -= 1) b += float(i) * y;")
fx("for_break_outer_after_inner", "vec4(s, 0.0, 0.0, 1.0)", body="float s = 0.0;\nfor (int i = 0; i < 5; i++) {\n  for (int j = 0; j < 3; j++) { if (j == 1) continue; s += 1.0; }\n  if (s > x * 10.0) break;\n}")
fx("for_variable_in_body", "vec4(s)", body="float s = 0.0;\nfor (int i = 0; i < 3; i++) {\n  float k = float(i) * x;\n  k += y;\n  s += k;\n}")

# ------------------------------------------------------------------ functions
fx("func_plain", "vec4(sq(x), sq(y) + sq(0.5), 0.0, 1.0)", decls="float sq(float v) { return v * v; }")
fx("func_vec", "vec4(scale(vec3(x, y, 1.0), 2.0), 1.0)", decls="vec3 scale(vec3 v, float k) { return v * k; }")
fx("func_early_return", "vec4(pick(x), pick(y), 0.0, 1.0)", decls="float pick(float v) {\n  if (v > 0.5) return 1.0;\n  if (v > 0.25) return 0.5;\n  return v;\n}")
fx("func_return_in_loop", "vec4(first(x), first(y * 0.5), 0.0, 1.0)", decls="float first(float limit) {\n  for (int i = 0; i < 8; i++) {\n    if (float(i) * 0.125 > limit) return float(i);\n  }\n  return -1.0;\n}")
fx("func_out", "vec4(a, b, 0.0, 1.0)", decls="void split(float v, out float lo, out float hi) {\n  lo = v * 0.5;\n  hi = v * 2.0;\n}",
   body="float a, b;\nsplit(x + y, a, b);")
fx("func_inout", "vec4(a, b, 0.0, 1.0)", decls="void bump(inout float v, float by) { v += by; v *= 2.0; }",
   body="float a = x;\nfloat b = y;\nbump(a, 0.25);\nbump(b, a);")
fx("func_out_swizzle", "v", decls="void two(out vec2 o, float k) { o = vec2(k, k * 2.0); }",
   body="vec4 v = vec4(1.0);\ntwo(v.zx, x);\ntwo(v.yw, y);")
fx("func_out_early_return", "vec4(a, b, 0.0, 1.0)", decls="float f(float v, out float o) {\n  o = 1.0;\n  if (v > 0.5) { o = 2.0; return v; }\n  o = 3.0;\n  return -v;\n}",
   body="float b;\nfloat a = f(x, b);")
fx("func_nested_calls", "vec4(outer(x), outer(y), 0.0, 1.0)", decls="float inner(float v) { return v * v + 0.5; }\nfloat middle(float v) { return inner(v) * 2.0; }\nfloat outer(float v) { return middle(inner(v)) - v; }")
fx("func_void_writes_output", "gl_FragColor", decls="void paint(float v) {\n  gl_FragColor = vec4(v, v * 0.5, 0.25, 1.0);\n  if (v > 0.5) return;\n  gl_FragColor.b = 1.0;\n}",
   body="paint(x);")
fx("func_const_param", "vec4(f(x, 2.0), 0.0, 0.0, 1.0)", decls="float f(const in float a, const float b) { return a * b; }")
fx("func_uniform", "vec4(tint(x), 1.0)", decls="uniform vec3 uTint;\nvec3 tint(float v) { return uTint * v; }", uniforms={"uTint": [0.5, 1.0, 2.0]})
fx("func_ternary_gating", "vec4(a, b, r, 1.0)", decls="float setTo(inout float t, float v) { t = v; return v; }",
   body="float a = 0.0, b = 0.0;\nfloat r = x > 0.5 ? setTo(a, 1.0) : setTo(b, 2.0);")
fx("func_logic_gating", "vec4(a, b, float(p), float(q))", decls="bool mark(inout float t) { t += 1.0; return true; }",
   body="float a = 0.0, b = 0.0;\nbool p = x > 0.5 && mark(a);\nbool q = y > 0.5 || mark(b);")
fx("func_in_param_copy", "vec4(a, r, 0.0, 1.0)", decls="float f(float v) { v *= 3.0; return v; }", body="float a = x;\nfloat r = f(a);")
fx("func_sampler_param", "look(map, vUv)", decls="uniform sampler2D map;\nvec4 look(sampler2D t, vec2 at) { return texture(t, at) * 2.0; }", textures={"map": TEX})
fx("func_matrix_param", "vec4(apply(m, vec3(x, y, 1.0)), 1.0)", decls="uniform mat3 m;\nvec3 apply(mat3 t, vec3 v) { return t * v; }",
   uniforms={"m": [1, 0.5, 0, 0, 1, 0.25, 0.1, 0.2, 1]})
fx("func_int_return", "vec4(float(cnt(x)), float(cnt(y)), 0.0, 1.0)", decls="int cnt(float v) {\n  int n = 0;\n  for (int i = 0; i < 4; i++) { if (v > float(i) * 0.25) n++; }\n  return n;\n}")
fx("func_bool_return", "vec4(float(inside(vUv)), 0.0, 0.0, 1.0)", decls="bool inside(vec2 p) { return length(p - 0.5) < 0.3; }")
fx("func_continue_in_function", "vec4(f(x), f(y), 0.0, 1.0)", decls="float f(float v) {\n  float s = 0.0;\n  for (int i = 0; i < 6; i++) {\n    if (float(i) * 0.2 < v) continue;\n    s += 1.0;\n  }\n  return s;\n}")

# ------------------------------------------------------------------ discard
fx("discard_half", "vec4(x, y, 0.0, 1.0)", body="if (x > 0.5) discard;")
fx("discard_in_loop", "vec4(x, y, 1.0, 1.0)", body="for (int i = 0; i < 4; i++) {\n  if (float(i) * 0.25 > y && x < 0.4) discard;\n}")
fx("discard_in_function", "vec4(x, 0.0, y, 1.0)", decls="void cut(vec2 p) { if (length(p - 0.5) < 0.3) discard; }", body="cut(vUv);")
fx("discard_after_write", "gl_FragColor", body="gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);\nif (y < 0.3) discard;\ngl_FragColor.g = x;")

# ------------------------------------------------------------------ early return from main
fx("main_return", "gl_FragColor", body="gl_FragColor = vec4(x, y, 0.0, 1.0);\nif (x > 0.5) return;\ngl_FragColor = vec4(0.0, 0.0, 1.0, 1.0);")

# ------------------------------------------------------------------ uniforms of every type
fx("uniform_float", "vec4(u * x, u, 0.0, 1.0)", decls="uniform float u;", uniforms={"u": 1.75})
fx("uniform_vec2", "vec4(u * vUv, u.yx)", decls="uniform vec2 u;", uniforms={"u": [0.5, -2.0]})
fx("uniform_vec3", "vec4(u + x, 1.0)", decls="uniform vec3 u;", uniforms={"u": [0.25, 0.5, 0.75]})
fx("uniform_vec4", "u * vec4(x, y, 1.0, 0.5)", decls="uniform vec4 u;", uniforms={"u": [1.0, 2.0, 3.0, 4.0]})
MAT3 = [0.8, 0.1, -0.2, 0.3, 0.9, 0.05, -0.4, 0.25, 1.1]
MAT4 = [1.0, 0.2, 0.0, 0.1, -0.3, 0.9, 0.4, 0.0, 0.05, -0.1, 1.2, 0.3, 0.5, 0.25, -0.75, 1.0]
fx("uniform_mat3_times_vec", "vec4(m * vec3(x, y, 1.0), 1.0)", decls="uniform mat3 m;", uniforms={"m": MAT3})
fx("uniform_vec_times_mat3", "vec4(vec3(x, y, 1.0) * m, 1.0)", decls="uniform mat3 m;", uniforms={"m": MAT3})
fx("uniform_mat3_columns", "vec4(m[1], m[2].y + m[0][2] * x)", decls="uniform mat3 m;", uniforms={"m": MAT3})
fx("uniform_mat4_times_vec", "m * vec4(x, y, 0.5, 1.0)", decls="uniform mat4 m;", uniforms={"m": MAT4})
fx("uniform_vec_times_mat4", "vec4(x, y, 0.5, 1.0) * m", decls="uniform mat4 m;", uniforms={"m": MAT4})
fx("uniform_mat4_column", "vec4(m[3].xyz * x, m[0].w)", decls="uniform mat4 m;", uniforms={"m": MAT4})
fx("uniform_sampler2D", "texture2D(s, vUv.yx)", decls="uniform sampler2D s;", textures={"s": TEX})
fx("uniform_many", "vec4(a * b.x + c.z, d.yw, e[1].x)", decls="uniform float a;\nuniform vec2 b;\nuniform vec3 c;\nuniform vec4 d;\nuniform mat3 e;",
   uniforms={"a": 2.0, "b": [0.5, 0.0], "c": [0.0, 0.0, 0.25], "d": [0.1, 0.2, 0.3, 0.4], "e": MAT3})
fx("uniform_in_loop", "vec4(s)", decls="uniform float gain;", body="float s = 0.0;\nfor (int i = 0; i < 5; i++) s += gain * x;", uniforms={"gain": 0.3})
fx("builtin_camera_position", "vec4(cameraPosition * x, 1.0)",
   view=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1.5, 2.0, -3.0, 1], uniforms={"cameraPosition": [1.5, -2.0, 3.0]})
fx("builtin_view_matrix", "viewMatrix * vec4(x, y, 0.0, 1.0)",
   view=[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1.5, 2.0, -3.0, 1], uniforms={"cameraPosition": [1.5, -2.0, 3.0]})

# ------------------------------------------------------------------ defines and the preprocessor
fx("def_value", "vec4(x * SCALE, OFFSET, 0.0, 1.0)", defines=["SCALE 2.0", "OFFSET 0.25"])
fx("def_ifdef", "c", defines=["USE_RED"], body="vec4 c = vec4(0.0, 0.0, 0.0, 1.0);\n#ifdef USE_RED\nc.r = x;\n#endif\n#ifdef USE_GREEN\nc.g = 1.0;\n#endif\n#ifndef USE_BLUE\nc.b = y;\n#endif")
fx("def_if_elif", "vec4(v)", defines=["MODE 2"], body="float v;\n#if MODE == 1\nv = 1.0;\n#elif MODE == 2\nv = x + 2.0;\n#elif MODE == 3\nv = 3.0;\n#else\nv = 4.0;\n#endif")
fx("def_if_logic", "vec4(a, b, c, 1.0)", defines=["A 3", "B"], body="float a = 0.0, b = 0.0, c = 0.0;\n#if defined(A) && A >= 3 && !defined(C)\na = x;\n#endif\n#if defined B || defined(C)\nb = y;\n#endif\n#if (A < 2 || A != 3) && 1\nc = 9.0;\n#else\nc = 0.5;\n#endif")
fx("def_undef", "vec4(v)", body="#define K 2.0\nfloat v = x * K;\n#undef K\n#ifndef K\nv += 1.0;\n#endif")
fx("def_nested_conditionals", "vec4(v)", defines=["OUTER 1"], body="float v = 0.0;\n#if OUTER\n  #ifdef INNER\n  v = 1.0;\n  #else\n  v = x;\n    #ifdef OUTER\n    v += 0.5;\n    #endif\n  #endif\n#else\nv = 100.0;\n#endif")
fx("def_macro_chain", "vec4(TWICE_HALF, 0.0, 1.0)", decls="#define HALF (x * 0.5)\n#define TWICE_HALF vec2(HALF * 2.0, HALF)")
fx("def_skip_bad_code", "vec4(x)", body="#if 0\nthis is not GLSL at all @@@\n#include \"nothing\"\n#endif")
fx("def_gl_es", "vec4(v, float(__VERSION__) / 1000.0, 0.0, 1.0)", body="float v = 0.0;\n#ifdef GL_ES\nv = 1.0;\n#endif")
fx("def_three_prefix_macros", "vec4(v)", body="float v = 0.0;\n#if defined(HIGH_PRECISION)\nv = x;\n#endif")
fx("def_bool_value", "vec4(float(FLAG), 0.0, 0.0, 1.0)", defines=["FLAG true"])

# ------------------------------------------------------------------ gl_FragCoord and gl_FrontFacing
# The oracle's quad lies at z = 0 through identity matrices: depth 0.5, clip w 1. Our side feeds
# frag_coord = (x + 0.5, y + 0.5, 0.5), and facing from the case's "facing" (front unless "back").
fx("fragcoord_zw", "vec4(gl_FragCoord.z, gl_FragCoord.w, gl_FragCoord.zw * 2.0)", w=4, h=2)
fx("fragcoord_whole", "gl_FragCoord * vec4(0.125, 0.25, 1.0, 1.0)", w=8, h=4)
case("fragcoord_derivatives", "#version 300 es\nprecision highp float;\nout vec4 o;\nvoid main() {\n  o = vec4(dFdx(gl_FragCoord.x), dFdy(gl_FragCoord.y), dFdx(gl_FragCoord.y), dFdy(gl_FragCoord.z));\n}\n",
     kind="raw", vertex=RAW300_VERT)
fx("front_facing_front", "gl_FrontFacing ? vec4(1.0, x, 0.0, 1.0) : vec4(0.25, 0.0, y, 1.0)")
fx("front_facing_back", "gl_FrontFacing ? vec4(1.0, x, 0.0, 1.0) : vec4(0.25, 0.0, y, 1.0)",
   attributes="clockwise", facing="back")
fx("front_facing_in_a_function", "vec4(side(x), 0.0, 0.0, 1.0)",
   decls="float side(float v) {\n  if (!gl_FrontFacing) return -v;\n  return v;\n}",
   attributes="clockwise", facing="back")

fx("fragcoord_xy", "vec4(gl_FragCoord.xy, gl_FragCoord.xy / vec2(8.0, 4.0))", w=8, h=4)
fx("fragcoord_checker", "vec4(vec3(mod(floor(gl_FragCoord.x) + floor(gl_FragCoord.y), 2.0)), 1.0)", w=8, h=8)
fx("fragcoord_components", "vec4(gl_FragCoord.x * 0.1, gl_FragCoord.y * 0.2, gl_FragCoord.yx * 0.05)", w=4, h=8)

# ------------------------------------------------------------------ varyings and the vertex shader's forms
WORLD = [2.0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1.0, 0, 0.25, -0.5, 3.0, 1.0]
# Its inverse: the oracle draws through WORLD_INVERSE * WORLD, so the quad covers the grid as before.
WORLD_INVERSE = [0.5, 0, 0, 0, 0, 2.0, 0, 0, 0, 0, 1.0, 0, -0.125, 1.0, -3.0, 1.0]
case("vary_world_position", "varying vec3 vWorld;\nvoid main() { gl_FragColor = vec4(vWorld, 1.0); }\n",
     vertex="varying vec3 vWorld;\nvoid main() {\n  vWorld = (modelMatrix * vec4(position, 1.0)).xyz;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
     uniforms={"modelMatrix": WORLD}, inputs={"world": WORLD})
case("vary_view_position", "varying vec3 vView;\nvoid main() { gl_FragColor = vec4(vView * 0.5, 1.0); }\n",
     vertex="varying vec3 vView;\nvoid main() {\n  vec4 mv = modelViewMatrix * vec4(position, 1.0);\n  vView = mv.xyz;\n  gl_Position = projectionMatrix * mv;\n}\n",
     uniforms={"modelViewMatrix": WORLD, "projectionMatrix": WORLD_INVERSE},
     inputs={"view_pos": WORLD})
case("vary_world_through_view", "varying vec4 vW;\nvoid main() { gl_FragColor = vW * 0.25; }\n",
     vertex="varying vec4 vW;\nvoid main() {\n  vec4 world = modelMatrix * vec4(position, 1.0);\n  vW = world;\n  gl_Position = projectionMatrix * viewMatrix * world;\n}\n",
     uniforms={"modelMatrix": WORLD, "viewMatrix": WORLD_INVERSE}, inputs={"world": WORLD})
case("vary_uv_math", "varying vec2 vA;\nvarying float vB;\nvoid main() { gl_FragColor = vec4(vA, vB, 1.0); }\n",
     vertex="uniform float k;\nvarying vec2 vA;\nvarying float vB;\nvoid main() {\n  vA = uv * 2.0 - 1.0;\n  vB = uv.x + uv.y * k;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
     uniforms={"k": 0.5})
case("vary_uniform_constant", "varying vec3 vC;\nvarying float vK;\nvoid main() { gl_FragColor = vec4(vC, vK); }\n",
     vertex="uniform vec3 tint;\nvarying vec3 vC;\nvarying float vK;\nvoid main() {\n  vC = tint * 2.0;\n  vK = 0.5;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
     uniforms={"tint": [0.1, 0.2, 0.3]})
case("vary_color", "varying vec3 vColor;\nvoid main() { gl_FragColor = vec4(vColor, 1.0); }\n",
     vertex="varying vec3 vColor;\nvoid main() {\n  vColor = color;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
     attributes="color_affine", inputs={"color": "affine"}, vertex_colors=True)
case("vary_normal_view", "varying vec3 vN;\nvoid main() { gl_FragColor = vec4(vN * 0.5 + 0.5, 1.0); }\n",
     vertex="varying vec3 vN;\nvoid main() {\n  vN = normalMatrix * normal;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
     attributes="normal_const", uniforms={"normalMatrix": [0, 1, 0, -1, 0, 0, 0, 0, 1]}, inputs={"normal_view": [-0.6, 0.0, 0.8]})
case("vary_moved_vertex_function", "varying vec2 vUv;\nvoid main() { gl_FragColor = vec4(vUv, 0.0, 1.0); }\n",
     vertex="uniform float lift;\nvarying vec2 vUv;\nvec4 place(vec3 p) { return projectionMatrix * modelViewMatrix * vec4(p, 1.0); }\nvoid main() {\n  vUv = uv;\n  vec3 moved = position + normal * lift;\n  gl_Position = place(moved);\n}\n",
     uniforms={"lift": 0.0})
case("vary_branch_in_vertex", "varying float vS;\nvoid main() { gl_FragColor = vec4(vS); }\n",
     vertex="varying float vS;\nvoid main() {\n  if (uv.x > 0.5) vS = uv.y; else vS = 1.0 - uv.y;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n",
     why="a varying of a function that is not linear across the triangle: Mesa interpolates the corners' values, and so does varying()",
     inputs={"corners": True}, w=8, h=4)

# ------------------------------------------------------------------ spellings and versions
case("spell_pc_fragColor", "in vec2 vUv;\nvoid main() { pc_fragColor = vec4(vUv, 0.5, 1.0); }\n")
case("spell_texture_in_out", "in vec2 vUv;\nuniform sampler2D map;\nvoid main() { gl_FragColor = texture2D(map, vUv) + texture(map, vUv.yx); }\n",
     vertex="out vec2 vUv;\nvoid main() {\n  vUv = uv;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n", textures={"map": TEX})
case("spell_glsl3_out", "in vec2 vUv;\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(vUv.yx, 0.25, 1.0); }\n", glsl3=True)
case("raw_es100", "precision highp float;\nvarying vec2 vUv;\nuniform float k;\nuniform sampler2D map;\nvoid main() {\n  gl_FragColor = vec4(vUv * k, texture2D(map, vUv).rg);\n}\n",
     kind="raw", uniforms={"k": 3.0}, textures={"map": TEX})
case("raw_es300", "#version 300 es\nprecision highp float;\nin vec2 vUv;\nuniform sampler2D map;\nout vec4 outColor;\nvoid main() {\n  outColor = texture(map, vUv) * vec4(vUv, 1.0, 1.0);\n  outColor.a = round(vUv.x * 4.0);\n}\n",
     kind="raw", vertex=RAW300_VERT, textures={"map": TEX})
case("raw_es300_mod_int", "#version 300 es\nprecision highp float;\nin vec2 vUv;\nlayout(location = 0) out vec4 o;\nvoid main() {\n  int i = int(vUv.x * 16.0);\n  o = vec4(float(i % 3), float(i / 3), trunc(vUv.y * 3.3), 1.0);\n}\n",
     kind="raw", vertex=RAW300_VERT)
case("raw_es100_loop", "precision highp float;\nvarying vec2 vUv;\nvoid main() {\n  float s = 0.0;\n  for (int i = 0; i < 5; i++) { if (i == 3) continue; s += vUv.x; }\n  gl_FragColor = vec4(s, 0.0, 0.0, 1.0);\n}\n",
     kind="raw")
case("raw_defines", "precision highp float;\nvarying vec2 vUv;\nvoid main() {\n#ifdef INVERT\n  gl_FragColor = vec4(1.0 - vUv, AMOUNT, 1.0);\n#else\n  gl_FragColor = vec4(vUv, AMOUNT, 1.0);\n#endif\n}\n",
     kind="raw", defines=["INVERT", "AMOUNT 0.75"])

# ------------------------------------------------------------------ ShaderToy
case("toy_spec_example", """void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));
    fragColor = vec4(col, 1.0);
}
""", kind="toy", w=8, h=8, time=1.5)
case("toy_plasma", """float wave(vec2 p, float t) {
    return sin(p.x * 10.0 + t) + sin(p.y * 8.0 - t * 1.3) + sin((p.x + p.y) * 6.0 + t * 0.7);
}
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    float v = wave(uv, iTime) / 3.0;
    vec3 col = vec3(0.5 + 0.5 * sin(v * 3.14159 + vec3(0.0, 2.0, 4.0)));
    col *= smoothstep(0.0, 0.2, uv.x) * smoothstep(1.0, 0.8, uv.x);
    fragColor = vec4(col, 1.0);
}
""", kind="toy", w=8, h=8, time=2.25)
case("toy_sdf_march", """float sdCircle(vec2 p, float r) { return length(p) - r; }
float scene(vec2 p) {
    float d = sdCircle(p - vec2(0.2, 0.0), 0.3);
    d = min(d, sdCircle(p + vec2(0.25, 0.1), 0.2));
    return d;
}
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    vec2 dir = normalize(vec2(1.0, 0.35));
    vec2 q = p - dir;
    float travelled = 0.0;
    for (int i = 0; i < 24; i++) {
        float d = scene(q);
        if (d < 0.001) break;
        q += dir * d;
        travelled += d;
        if (travelled > 3.0) break;
    }
    float inside = step(scene(p), 0.0);
    vec3 col = mix(vec3(0.1, 0.2, 0.3), vec3(1.0, 0.6, 0.2), inside);
    col += 0.1 * cos(iTime + travelled * 4.0);
    fragColor = vec4(col, 1.0);
}
""", kind="toy", w=8, h=8, time=0.5)
case("toy_uniforms", """void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 m = iMouse.xy / iResolution.xy;
    float f = float(iFrame) * 0.01 + iTimeDelta;
    fragColor = vec4(m, f + iChannelTime[1], iDate.w * 0.0001 + iChannelResolution[0].x * 0.001);
}
""", kind="toy", w=4, h=4, time=0.0,
     uniforms={"iMouse": [2.0, 1.0, 0.0, 0.0], "iFrame": 7, "iTimeDelta": 0.016, "iDate": [2025, 1, 2, 3600.5],
               "iChannelTime[1]": 0.25, "iChannelResolution[0]": [64, 32, 1]})
case("toy_channel", """void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    fragColor = texture(iChannel0, uv) * 0.5 + texture(iChannel1, uv.yx) * 0.5;
}
""", kind="toy", textures={"iChannel0": TEX, "iChannel1": TEX_REPEAT})
case("toy_early_return", """void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    fragColor = vec4(0.0, 0.0, 0.0, 1.0);
    if (fragCoord.x < 2.0) return;
    fragColor.rg = fragCoord / iResolution.xy;
}
""", kind="toy")

# ------------------------------------------------------------------ more mixed programs
fx("mix_gradient_rings", "vec4(col, 1.0)", body="vec2 p = vUv - 0.5;\nfloat r = length(p);\nfloat a = atan(p.y, p.x);\nvec3 col = 0.5 + 0.5 * cos(vec3(0.0, 2.0, 4.0) + r * 12.0 + a);\ncol *= smoothstep(0.5, 0.2, r);")
fx("mix_lighting", "vec4(c, 1.0)", decls="uniform vec3 lightDir;\nuniform vec3 base;",
   body="vec3 n = normalize(vec3(vUv * 2.0 - 1.0, 0.7));\nfloat d = max(dot(n, normalize(lightDir)), 0.0);\nvec3 h = normalize(normalize(lightDir) + vec3(0.0, 0.0, 1.0));\nfloat s = pow(max(dot(n, h), 0.0), 16.0);\nvec3 c = base * (0.1 + d) + vec3(s);",
   uniforms={"lightDir": [0.3, 0.5, 1.0], "base": [0.8, 0.3, 0.2]})
fx("mix_hash", "vec4(h, 0.0, 0.0, 1.0)", decls="float hash(vec2 p) { return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453); }",
   body="float h = hash(floor(vUv * 4.0));", rel=2e-3, abs=2e-3,
   why="fract(sin(k) * 43758.5453) amplifies sin's last bits by 4e4; llvmpipe's sin and Rust's differ there")
fx("mix_palette_loop", "vec4(c, 1.0)", body="vec3 c = vec3(0.0);\nfor (int i = 0; i < 4; i++) {\n  float t = float(i) / 4.0;\n  c += vec3(0.25) * (0.5 + 0.5 * cos(6.28318 * (t + x + vec3(0.0, 0.33, 0.67))));\n}")
fx("mix_bilinear", "vec4(mix(mix(a, b, x), mix(c, d, x), y), 1.0)", decls="const vec3 a = vec3(1.0, 0.0, 0.0);\nconst vec3 b = vec3(0.0, 1.0, 0.0);\nconst vec3 c = vec3(0.0, 0.0, 1.0);\nconst vec3 d = vec3(1.0);")
fx("mix_bits_of_everything", "v", decls="uniform float amount;\nfloat tri(float t) { return abs(fract(t) * 2.0 - 1.0); }",
   body="vec4 v = vec4(0.0);\nfor (int i = 0; i < 3; i++) {\n  v[i] = tri(x * float(i + 1) + amount);\n  if (v[i] > 0.75) { v.w += 1.0; continue; }\n  v[i] *= y;\n}\nv.w = v.w / 3.0;",
   uniforms={"amount": 0.3})
fx("mix_exp_decay", "vec4(exp(-s * 3.0), log(1.0 + s), sqrt(s), inversesqrt(s + 1.0))", body="float s = dot(vUv, vUv);")
fx("mix_min_chain", "vec4(m, k, 0.0, 1.0)", body="float m = 10.0;\nfloat k = -1.0;\nfor (int i = 0; i < 6; i++) {\n  float d = abs(x * 6.0 - float(i)) + y;\n  if (d < m) { m = d; k = float(i); }\n}")
fx("mix_vector_loop_accumulate", "acc", body="vec4 acc = vec4(0.0);\nfor (int i = 0; i < 4; i++) {\n  vec4 w = vec4(float(i), 1.0, x, y);\n  acc += w * 0.25;\n  acc.yx = acc.xy;\n}")
fx("mix_ternary_chain", "vec4(t, u, 0.0, 1.0)", body="float t = x < 0.25 ? 0.1 : x < 0.5 ? 0.2 : x < 0.75 ? 0.3 : 0.4;\nfloat u = (y > 0.5 ? x : y) * (x > y ? 2.0 : 0.5);")
fx("mix_int_loop_math", "vec4(float(acc), float(acc / 3), float(acc % 7), 1.0)", body="int acc = 0;\nint n = int(x * 8.0);\nfor (int i = 0; i < 8; i++) {\n  if (i > n) break;\n  acc += i * 2 - 1;\n}")
fx("mix_normalize_zero", "vec4(normalize(vec3(x - 0.625, 0.0, 0.0)), 1.0)",
   why="at x = 0.625 the vector is zero: GLSL leaves normalize undefined (Mesa gives NaN); "
       "R-MATH-6 (docs/requirements.md) gives zero; that pixel is skipped", skip_pixels=[[2, 0], [2, 1], [2, 2],
   [2, 3]])
fx("mix_division_by_zero", "vec4(1.0 / (x - 0.625), -1.0 / (y - 0.375), 0.0, 1.0)")
fx("mix_deep_expression", "vec4(((((x + 1.0) * 2.0 - y) / 3.0 + x * x) - (y - (x - (y - 0.5)))) * 0.5, 0.0, 0.0, 1.0)")
fx("mix_swizzle_heavy", "vec4(a.wzyx.yxwz.xy, a.zw.yx)", body="vec4 a = vec4(x, y, x * y, x + y);")
fx("mix_nested_functions_loops", "vec4(outer(x), outer(y), 0.0, 1.0)",
   decls="float inner(float v) {\n  float s = 0.0;\n  for (int i = 0; i < 3; i++) { if (v * float(i) > 0.5) return s; s += v; }\n  return s * 2.0;\n}\nfloat outer(float v) {\n  float t = 0.0;\n  for (int j = 0; j < 3; j++) t += inner(v + float(j) * 0.1);\n  return t;\n}")
fx("mix_out_in_loop", "vec4(a, b, 0.0, 1.0)", decls="void acc(inout float s, out float last, float v) { s += v; last = v; }",
   body="float a = 0.0, b = 0.0;\nfor (int i = 0; i < 4; i++) acc(a, b, x * float(i));")
fx("mix_discard_and_color", "vec4(fract(vUv * 3.0), 0.0, 1.0)", body="vec2 g = fract(vUv * 3.0);\nif (g.x < 0.1 || g.y < 0.1) discard;", w=8, h=8)
fx("mix_const_folding", "vec4(K.x * x, K.y, float(N / 2), float(N % 4))", decls="const vec2 K = vec2(1.0 + 2.0 * 3.0, 4.0 / 8.0);\nconst int N = 7 * 3;")
fx("mix_smooth_union", "vec4(vec3(d), 1.0)", decls="float smin(float a, float b, float k) {\n  float h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);\n  return mix(b, a, h) - k * h * (1.0 - h);\n}",
   body="float d = smin(length(vUv - vec2(0.3)) - 0.2, length(vUv - vec2(0.7, 0.6)) - 0.25, 0.1);")


# ------------------------------------------------------------------ structs and overloads (issue 18)
STRUCTS = """struct Light {
  vec3 color;
  vec3 direction;
  bool visible;
};
struct Pair {
  Light a;
  float w;
};
"""
fx("struct_local_fields", "vec4(l.color * (l.visible ? 1.0 : 0.25), l.direction.y)", decls=STRUCTS,
   body="Light l = Light(vec3(x, y, 0.5), vec3(0.0, x * y, 1.0), x > 0.5);\nl.color.b += y;\nl.direction = normalize(l.direction + vec3(y));")
fx("struct_nested_assign", "vec4(p.a.color, p.w)", decls=STRUCTS,
   body="Pair p;\np.w = x;\np.a.color = vec3(y);\nif (x > 0.4) { p.a = Light(vec3(x, 0.2, y), vec3(0.0), true); }\np.a.color.g *= p.w + 1.0;")
fx("struct_parameters_results", "vec4(shade(l), m.w)", decls=STRUCTS + """Light make(float t) { return Light(vec3(t, 1.0 - t, 0.5), vec3(0.0, 0.0, 1.0), t > 0.3); }
vec3 shade(Light l) { return l.visible ? l.color * l.direction.z : vec3(0.1); }
void dim(inout Light l, out Pair p) { l.color *= 0.5; p = Pair(l, l.color.r + 0.25); }""",
   body="Light l = make(x);\nPair m = Pair(l, -1.0);\nif (y > 0.5) dim(l, m);")
fx("struct_early_return_select", "vec4(pick(x, y).a.color, pick(y, x).w)", decls=STRUCTS + """Pair pick(float a, float b) {
  Pair p = Pair(Light(vec3(a), vec3(b), false), 0.0);
  if (a > b) return Pair(p.a, a - b);
  for (int i = 0; i < 3; i++) { if (float(i) * 0.3 > b) return Pair(Light(vec3(b, a, 0.5), vec3(0.0), true), float(i) / 3.0); }
  return p;
}""")
fx("struct_const_and_ternary", "vec4(q.color, q.direction.x)", decls=STRUCTS + "const Light K = Light(vec3(0.2, 0.4, 0.6), vec3(1.0, 0.0, 0.0), true);",
   body="Light q = x > y ? K : Light(vec3(x, y, x * y), vec3(y), false);")
fx("struct_uniform", "vec4(u.a.color * u.w, u.a.visible ? 1.0 : 0.0)", decls=STRUCTS + "uniform Pair u;",
   uniforms={"u.a.color": [0.25, 0.5, 0.75], "u.a.direction": [0.0, 1.0, 0.0], "u.a.visible": 1, "u.w": 0.5})
fx("overloads", "vec4(sq(x), sq(vec2(x, y)), sq(vec3(y)).z)", decls="""float sq(float v) { return v * v; }
vec2 sq(vec2 v) { return v * v + 0.125; }
vec3 sq(vec3 v) { return v * v * v; }""")


# modf (GLSL ES 3.00; three's packing chunk): the whole part through the out argument, both parts
# with x's sign, and an out argument that its own call reads (packDepthToRGBA's modf(v * k, v)).
fx("modf_scalar_vector", "vec4(f, w * 0.1, fv.y, wv.z * 0.1)",
   body="float w;\nfloat f = modf((x - 0.5) * 7.3, w);\nvec3 wv;\nvec3 fv = modf(vec3(x, -y, x - y) * 9.7, wv);")
fx("modf_reads_its_out_argument", "vec4(a, b, v * 0.001, 1.0)",
   body="float v = x * 255.0 + y * 3.7;\nfloat a = modf(v * 0.37, v);\nfloat b = modf(v * 0.37, v);")


# Arrays (issue 18): T[n](...), T x[n], constant, loop and run-time indexes (a select chain),
# writes through them, .length(), const and uniform arrays, arrays of structs.
fx("array_local_indexes", "vec4(a[1], a[i], b[j].y, float(a.length()) * 0.1)",
   body="float a[4] = float[4](0.1, x, y, x * y);\nvec2 b[3];\nfor (int k = 0; k < 3; k++) b[k] = vec2(float(k), a[k + 1]);\nint i = int(x * 4.0);\nint j = int(y * 3.0);")
fx("array_runtime_write", "vec4(a[0], a[1], a[2], a[3])",
   body="float a[] = float[](0.0, 0.0, 0.0, 0.0);\nint i = int(x * 4.0);\na[i] = y + 1.0;\na[int(y * 4.0)] += 0.5;")
fx("array_const_and_uniform", "vec4(K[int(x * 3.0)] * w[1], w[0] + w[2])",
   decls="const vec3 K[3] = vec3[3](vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));\nuniform float w[3];",
   uniforms={"w[0]": 0.25, "w[1]": 0.5, "w[2]": 0.125})
fx("array_of_structs", "vec4(l[i].c, l[1 - i].v)", decls="struct L { vec3 c; float v; };",
   body="L l[2];\nl[0] = L(vec3(x, 0.0, y), 0.25);\nl[1].c = vec3(y);\nl[1].v = x;\nint i = x > 0.5 ? 1 : 0;")


# ------------------------------------------------------------------ matrices (issue 18)
MAT2 = [0.9, -0.3, 0.45, 1.2]
MAT4B = [0.7, -0.2, 0.3, 0.05, 0.1, 1.1, -0.4, 0.2, -0.25, 0.35, 0.95, -0.1, 0.4, -0.6, 0.15, 1.3]
fx("mat2_uniform_times_vec", "vec4(m * vec2(x, y), vec2(x, y) * m)", decls="uniform mat2 m;", uniforms={"m": MAT2})
fx("mat2_uniform_columns", "vec4(m[0], m[1].y, m[1][0] * x)", decls="uniform mat2 m;", uniforms={"m": MAT2})
fx("mat2_local_scalars", "vec4(m * vec2(1.0, 2.0), m[1])", body="mat2 m = mat2(x, y, x + y, x - y);")
fx("mat2_diagonal", "vec4(m[0], m[1])", body="mat2 m = mat2(x + 0.5);")
fx("mat2_times_mat2", "vec4(p[0], p[1])", decls="uniform mat2 u;", body="mat2 m = mat2(x, y, 0.5, x * y);\nmat2 p = m * u;", uniforms={"u": MAT2})
fx("mat2_mixed_args", "vec4(m[0], m[1])", body="mat2 m = mat2(vec3(x, y, 0.25), x * 2.0);")
fx("mat3_diagonal", "vec4(m * vec3(x, y, 1.0), m[2][2])", body="mat3 m = mat3(2.0 * x);")
fx("mat3_columns", "vec4(m * vec3(0.5, -1.0, 2.0), 1.0)", body="mat3 m = mat3(vec3(x, y, 1.0), vec3(y, 0.5, x), vec3(0.25, x * y, y));")
fx("mat3_scalars", "vec4(vec3(x, 1.0, y) * m, m[1][2])", body="mat3 m = mat3(x, 0.1, 0.2, y, 0.3, 0.4, 0.5, x * y, 0.6);")
fx("mat3_vec_span", "vec4(m[0], m[1].x) + vec4(m[1].yz, m[2].xy)", body="mat3 m = mat3(vec2(x, y), vec4(0.1, 0.2, 0.3, 0.4), vec3(x, y, 0.5));")
fx("mat3_from_mat4", "vec4(m * vec3(x, y, 1.0), 1.0)", decls="uniform mat4 u;", body="mat3 m = mat3(u);", uniforms={"u": MAT4})
fx("mat4_from_mat3", "m * vec4(x, y, 0.5, 1.0)", decls="uniform mat3 u;", body="mat4 m = mat4(u);", uniforms={"u": MAT3})
fx("mat2_from_mat3", "vec4(m[0], m[1])", decls="uniform mat3 u;", body="mat2 m = mat2(u);", uniforms={"u": MAT3})
fx("mat3_from_mat2", "vec4(m[0] + m[1] + m[2], m[2][2])", decls="uniform mat2 u;", body="mat3 m = mat3(u);", uniforms={"u": MAT2})
fx("mat4_from_mat2", "m[0] + m[1] * 2.0 + m[2] * 3.0 + m[3] * 4.0", decls="uniform mat2 u;", body="mat4 m = mat4(u);", uniforms={"u": MAT2})
fx("mat3_times_mat3", "vec4(p * vec3(x, y, 1.0), p[2][0])", decls="uniform mat3 u;", body="mat3 m = mat3(x, y, 0.5, 0.25, x, y, y, 0.75, x);\nmat3 p = m * u;", uniforms={"u": MAT3})
fx("mat4_times_mat4", "p * vec4(x, y, 0.5, 1.0)", decls="uniform mat4 a;\nuniform mat4 b;", body="mat4 p = a * b;", uniforms={"a": MAT4, "b": MAT4B})
fx("mat4_times_mat4_local", "p[3] + p[1] * x", decls="uniform mat4 a;", body="mat4 m = mat4(x, y, 0.0, 0.0, 0.0, 1.0, y, 0.0, 0.0, 0.0, 1.0, x, 0.5, 0.25, 0.0, 1.0);\nmat4 p = m * a;", uniforms={"a": MAT4})
fx("mat4_vec_times", "vec4(x, y, 0.5, 1.0) * m", body="mat4 m = mat4(vec4(x, 0.1, 0.2, 0.3), vec4(0.4, y, 0.5, 0.6), vec4(0.7, 0.8, x * y, 0.9), vec4(1.0, x, y, 1.1));")
fx("mat_scalar_ops", "vec4((m * 2.0)[0], (0.5 * m)[1].x, (m / 4.0)[1].y)", body="mat2 m = mat2(x, y, 1.0 - x, 0.5);")
fx("mat_add_sub", "vec4((a + b)[0], (a - b)[1])", body="mat2 a = mat2(x, y, 0.5, 1.0);\nmat2 b = mat2(0.25, x * y, y, -x);")
fx("mat_add_scalar", "vec4((m + 1.0)[0], (1.0 - m)[1])", body="mat2 m = mat2(x, y, 0.5, x * y);")
fx("mat_negate_div", "vec4((-m)[0], (m / n)[1])", body="mat2 m = mat2(x, y, 0.5, x * y);\nmat2 n = mat2(2.0, 4.0, 0.5 + x, 1.0 + y);")
fx("mat_compound", "vec4(m[0], m[1].xy) + vec4(v, 0.0)", decls="uniform mat3 u;",
   body="mat3 m = mat3(x);\nm *= u;\nm += mat3(0.5);\nm *= 2.0;\nm -= u;\nvec3 v = vec3(x, y, 1.0);\nv *= m;", uniforms={"u": MAT3})
fx("mat_column_write", "vec4(m[0].xy, m[1].x, m[2].z)", body="mat3 m = mat3(1.0);\nm[1] = vec3(x, y, 0.5);\nm[0].y = y * 3.0;\nm[2][2] = x + y;")
fx("mat_dynamic_index", "vec4(m[i], m[j].x)", body="mat3 m = mat3(x, y, 0.1, 0.2, x * y, 0.3, 0.4, 0.5, y - x);\nint i = int(x * 3.0);\nint j = int(y * 3.0);")
fx("mat_dynamic_write", "vec4(m[0].x, m[1].y, m[2].z, m[1].x)", body="mat3 m = mat3(1.0);\nint i = int(x * 3.0);\nm[i] = vec3(y);")
fx("mat_loop_index", "vec4(s, 1.0)", decls="uniform mat3 u;", body="vec3 s = vec3(0.0);\nfor (int i = 0; i < 3; i++) s += u[i] * float(i + 1) * x;", uniforms={"u": MAT3})
fx("mat_equal", "vec4(float(a == b), float(a != b), float(a == a), float(mat2(1.0) == mat2(1.0, 0.0, 0.0, 1.0)))",
   body="mat2 a = mat2(x, y, 0.5, 1.0);\nmat2 b = mat2(x, 0.5, 0.5, 1.0);")
fx("mat_ternary_select", "vec4(m[0], m[1])", body="mat2 m = x > 0.5 ? mat2(x) : mat2(y, 0.25, 0.5, x);\nif (y > 0.5) m = mat2(1.0, 2.0, 3.0, 4.0) * m;")
fx("mat_compmult", "vec4(p[0], p[1])", body="mat2 a = mat2(x, y, 0.5, 2.0);\nmat2 b = mat2(y, 3.0, x, x * y);\nmat2 p = matrixCompMult(a, b);")
fx("mat_transpose", "vec4(t[0], t[1].x) + vec4(transpose(mat2(x, y, 0.5, 0.25))[0], 0.0, 0.0)", body="mat3 t = transpose(mat3(x, y, 0.1, 0.2, x * y, 0.3, 0.4, 0.5, y));")
fx("mat_transpose4", "transpose(m)[1] + transpose(m)[3]", decls="uniform mat4 m;", uniforms={"m": MAT4})
fx("mat_determinant", "vec4(determinant(mat2(x, y, 0.5, 1.0)), determinant(mat3(x, y, 0.1, 0.2, 1.0, 0.3, 0.4, 0.5, y + 1.0)), determinant(u), determinant(w))",
   decls="uniform mat3 u;\nuniform mat4 w;", uniforms={"u": MAT3, "w": MAT4})
fx("mat_inverse2", "vec4(i[0], i[1])", body="mat2 i = inverse(mat2(1.0 + x, y, 0.5, 2.0 - y));")
fx("mat_inverse3", "vec4(i * vec3(x, y, 1.0), i[1][1])", decls="uniform mat3 u;", body="mat3 i = inverse(u * mat3(1.0 + x));", uniforms={"u": MAT3})
fx("mat_inverse4", "i * vec4(x, y, 0.5, 1.0)", decls="uniform mat4 u;", body="mat4 i = inverse(u);", uniforms={"u": MAT4})
fx("mat_inverse4_local", "i[0] + i[1] * x + i[2] * y + i[3]", body="mat4 i = inverse(mat4(vec4(2.0 + x, 0.1, 0.2, 0.3), vec4(0.4, 1.5 + y, 0.5, 0.6), vec4(0.7, 0.8, 3.0, x), vec4(y, 0.9, 0.25, 1.0)));")
fx("mat_inverse_roundtrip", "vec4((m * inverse(m))[0], (inverse(m) * m)[1].y)", body="mat3 m = mat3(2.0 + x, y, 0.5, 0.25, 1.5, x, y, 0.75, 1.0 + x);", rel=2e-5, abs=2e-6,
   why="m times its inverse is the identity up to the rounding of both; near-zero entries are sums that cancel")
fx("mat_function", "vec4(apply(rot(x), vec2(1.0, y)), det2(rot(y)), 1.0)",
   decls="mat2 rot(float a) { float c = cos(a); float s = sin(a); return mat2(c, s, -s, c); }\nvec2 apply(mat2 m, vec2 v) { return m * v; }\nfloat det2(in mat2 m) { return m[0][0] * m[1][1] - m[1][0] * m[0][1]; }")
fx("mat_out_param", "vec4(m[0], m[1])", decls="void make(out mat2 m, float a) { m = mat2(a, 1.0, 2.0, a * a); }\nvoid scale(inout mat2 m) { m *= 0.5; }",
   body="mat2 m;\nmake(m, x);\nscale(m);")
fx("mat_in_struct", "vec4(t.m * vec2(x, y), t.k, 1.0)", decls="struct T { mat2 m; float k; };", body="T t = T(mat2(x, y, 0.5, 1.0), y);\nt.m[1] = vec2(x * y, 2.0);")
fx("mat3_rotation_uv", "vec4(r * vec3(vUv - 0.5, 1.0), 1.0)", decls="uniform float angle;",
   body="float c = cos(angle);\nfloat s = sin(angle);\nmat3 r = mat3(c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0);", uniforms={"angle": 0.6})

# ------------------------------------------------------------------ global variables (issue 18)
# Globals that are not const: the shader's own state, which its functions read and write; each
# invocation starts from the initializers (constant expressions, as GLSL ES requires). A global
# without an initializer is undefined until written (Mesa reads it as anything), so each case
# writes one before it reads it.
fx("global_written_by_functions", "vec4(g, h, k.y, float(n) * 0.1)",
   decls="float g = 0.25;\nfloat h;\nvec2 k = vec2(1.0, 2.0);\nint n = 3;\nvoid bump(float a) { g += a; n++; }\nfloat twice() { h = g * 2.0; return h; }",
   body="bump(x);\nif (y > 0.5) bump(y);\nk.y = twice() + k.x;")
fx("global_const_initializer", "vec4(a, b, c * x, 1.0)",
   decls="const float K = 1.5;\nfloat a = K * 2.0;\nfloat b = sqrt(K), c = K - 1.0;\nvoid grow() { a *= a; }",
   body="grow();")
fx("global_array_struct_matrix", "vec4(acc[0] + acc[1], acc[2], s.a, m[1].x)",
   decls="struct S { float a; vec2 b; };\nS s = S(0.5, vec2(0.25));\nfloat acc[3];\nmat2 m = mat2(1.0);\nvoid fill(int i, float v) { acc[i] = v; s.a += v; m[1] += vec2(v); }",
   body="for (int i = 0; i < 3; i++) fill(i, x * float(i + 1));\nacc[int(y * 3.0)] = 1.0;")
fx("global_break_from_loop", "vec4(total, float(calls) * 0.125, y, 1.0)",
   decls="float total = 0.0;\nint calls = 0;\nbool stop(float v) { calls++; total += v; return total > 1.0; }",
   body="for (int i = 0; i < 8; i++) { if (stop(x + 0.1 * float(i))) break; }")
fx("global_under_ternary_and_return", "vec4(g, t, r, 1.0)",
   decls="float g = 1.0;\nfloat f(float v) { if (v > 0.5) { g = v; return 1.0; } g -= 0.25; return 0.0; }",
   body="float t = x > 0.5 ? f(x) : 0.5;\nfloat r = f(y) + g;")
case("global_es300", "#version 300 es\nprecision highp float;\nin vec2 vUv;\nout vec4 o;\nvec3 acc = vec3(0.0);\nvoid add(vec3 v) { acc += v; }\nvoid main() {\n  add(vec3(vUv, 1.0));\n  add(vec3(0.5) * vUv.x);\n  o = vec4(acc, 1.0);\n}\n",
     kind="raw", vertex=RAW300_VERT)
case("global_toy", """vec2 res;
float px(float v) { return v / res.x; }
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
  res = iResolution.xy;
  fragColor = vec4(px(fragCoord.x), fragCoord.y / res.y, 0.5, 1.0);
}
""", kind="toy", w=8, h=8, time=0.5)
case("global_vertex", "varying vec2 vUv;\nvarying float vK;\nvoid main() { gl_FragColor = vec4(vUv, vK, 1.0); }\n",
     vertex="varying vec2 vUv;\nvarying float vK;\nfloat k = 0.5;\nvoid scale(float s) { k *= s; }\nvoid main() {\n  scale(2.0);\n  vUv = uv;\n  vK = k;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n")

# ------------------------------------------------------------------ assignments as values, the comma (issue 18)
# An assignment's value is its target's new value (a++'s the old one), and a comma runs its left
# side, then its right. Mesa runs an assignment or a call inside an expression before it reads the
# variables around it (it reads `a` in `vec4(a, a = 1.0)` after the assignment); GLSL reads left to
# right, as we do, so no case reads a variable in the expression that writes it.
fx("assign_chain", "vec4(a + b, c, v.xy)",
   body="float a, b, c;\na = b = c = x * 2.0;\nvec3 v = vec3(0.0);\nv.x = v.y = y;\nc *= 0.5;")
fx("assign_compound_value", "vec4(a, b, c, d)",
   body="float a = x;\nfloat b = (a += 1.0) * 2.0;\nvec2 w = vec2(x, y);\nfloat c = (w *= 3.0).y;\nfloat d = w.x;")
fx("assign_steps_as_values", "vec4(float(i) * 0.1 + float(j) * 0.01, float(k) * 0.1, f + g, w.x + w.y)",
   body="int i = int(x * 4.0);\nint j = i++ + 10;\nint k = ++i * 2;\nfloat f = y;\nfloat g = f--;\nvec2 v = vec2(x, y);\nvec2 w = ++v;")
fx("assign_in_condition_and_ternary", "vec4(s, t, u, 1.0)",
   body="float s = 0.0;\nfloat t = 0.0;\nif ((s = x * 2.0) > 1.0) t = 1.0;\nfloat u = y > 0.5 ? (s += 1.0) : (t -= 1.0);")
fx("assign_in_logical", "vec4(n, float(hit), m, 1.0)",
   body="bool hit = false;\nfloat n = 0.0;\nfloat m = 0.0;\nif (x > 0.5 && (n += 1.0) > 0.5) hit = true;\nif (y > 0.5 || (m = 2.0) > 10.0) n += 4.0;")
fx("assign_in_loop_and_call", "vec4(acc, last, g, float(calls) * 0.1)",
   decls="float g = 0.0;\nint calls = 0;\nfloat f(float v) { calls++; return g = v * 0.5; }",
   body="float acc = 0.0;\nfloat last = 0.0;\nfor (int i = 0; i < 4; i++) { acc += last = f(x + float(i)); if (i == int(y * 4.0)) break; }")
fx("comma_statements", "vec4(a, b, c, g)",
   decls="float g = 0.0;\nvoid bump() { g += 0.25; }",
   body="float a = 0.0, b = 0.0;\na = x, b = y * 2.0;\nfloat c = (a += 1.0, b * 3.0);\nbump(), bump(), bump();")
fx("comma_in_condition_and_index", "vec4(a, k[(i = 1, i + 1)], t, 1.0)",
   decls="const float k[3] = float[3](0.5, 0.25, 0.125);",
   body="float a = 0.0;\nint i = 0;\nfloat t = 0.0;\nif (a = x * 3.0, a > 1.0) t = a;")
fx("comma_global_array", "vec4(G[0] + G[1], G[2].x * x, 1.0)",
   decls="vec2 G[3];",
   body="G[0] = vec2(x, 0.5),\nG[1] = vec2(y),\nG[2] = G[0] - G[1];")

# ------------------------------------------------------------------ matrix consts (issue 18)
fx("mat_const_global", "vec4(G * vec3(x, y, 1.0), R[1][0] + K[0].y)",
   decls="const mat3 G = mat3(0.35, 0, -0.35, 0.5, 0, -0.5, 0.35, 0, -0.35);\nconst mat2 R = mat2(0.8, -0.6, 0.6, 0.8);\nconst mat2 K = R * 2.0;")
fx("mat_const_local_and_function", "vec4(f(vec2(x, y)), m[1] * x)",
   decls="vec2 f(vec2 v) { const mat2 S = mat2(2.0, 0.0, 0.5, 1.0); return S * v; }",
   body="const mat2 m = mat2(1.0, 2.0, 3.0, 4.0);")

# ------------------------------------------------------------------ a loop condition with more than its index (issue 18)
# `for (int i = a; i < b && rest; i++)`: the loop unrolls on `i < b` and tests `rest` at the top of
# each time through, after `i < b` held (FXAAShader's edge walk).
fx("for_index_and_condition", "vec4(s, float(n) * 0.1, float(done), 1.0)",
   body="float s = 0.0;\nint n = 0;\nbool done = false;\nfor (int i = 0; i < 8 && !done; i++) { s += x; n++; done = s > y * 2.0; }")
fx("for_condition_with_a_call", "vec4(s, float(tests) * 0.1, 0.0, 1.0)",
   decls="int tests = 0;\nbool more(float v) { tests++; return v < 1.0; }",
   body="float s = 0.0;\nfor (int i = 0; i < 6 && more(s); i++) s += x * 0.5 + y;")

# ------------------------------------------------------------------ switch, while, do, prototypes (issue 18)
import glsl_flow_cases  # noqa: E402
glsl_flow_cases.add(case, fx)
glsl_flow_cases.add_corpus(case)

# ------------------------------------------------------------------ mip levels: lod, grad, bias, proj
# An 8×8 texture whose levels (4×4, 2×2, 1×1) are not its means but values of their own (each
# level's red is its number over 4, green and blue vary across it), so that a read shows which
# level, or which two, it took. The 4×4 grid's uv steps 1/4 a pixel: an implicit read's λ is
# log2(8 / 4) = 1. The default filter blends two levels (LINEAR_MIPMAP_LINEAR).
def mip_level(k, n):
    return [v for i in range(n * n) for v in (k / 4.0 + 0.01 * (i % n), (i % n) / n, (i // n) / n, 1.0 - 0.1 * k)]


MIP = {"width": 8, "height": 8, "filter": "linear", "min_filter": "linear_mipmap_linear", "wrap": "clamp",
       "data": mip_level(0, 8), "levels": [mip_level(1, 4), mip_level(2, 2), mip_level(3, 1)]}
MIP_DECL = "uniform sampler2D m;"
MIP_CASES = {"m": MIP}


def mip(name, expr, min_filter="linear_mipmap_linear", wrap="clamp", body="", **extra):
    fx("mip_" + name, expr, decls=MIP_DECL, body=body,
       textures={"m": dict(MIP, min_filter=min_filter, wrap=wrap)}, **extra)


# textureLod at whole, half and quarter levels, below 0 (the magnification filter), past the last
# level (clamped), and a level per pixel.
for _lod in ["0.0", "0.5", "1.0", "1.25", "2.0", "3.0", "7.0", "-1.0"]:
    mip("lod_" + _lod.replace(".", "_").replace("-", "minus"), "textureLod(m, vUv, %s)" % _lod)
mip("lod_per_pixel", "textureLod(m, vUv, x * 4.0 - 0.5)")
mip("lod_per_pixel_y", "textureLod(m, vUv.yx, y * 3.0)")
# Each minification filter at a level between two: nearest level or the blend, nearest texel or
# bilinear; a filter without mipmaps reads level 0 at any level. No level is halfway between
# two: there GL's nearest level is ceil(λ + 1/2) - 1 (1 at λ = 1.5), which llvmpipe rounds up.
for _f in ["nearest_mipmap_nearest", "linear_mipmap_nearest", "nearest_mipmap_linear", "linear"]:
    mip("lod_filter_" + _f, "textureLod(m, vUv, 1.625) + textureLod(m, vUv, 0.75) * 0.5", min_filter=_f)
mip("lod_nearest_at_half", "textureLod(m, vUv, 0.5) + textureLod(m, vUv, 1.49)", min_filter="nearest_mipmap_nearest")
# The wraps at a level: repeat and mirror outside 0..1.
mip("lod_repeat", "textureLod(m, vUv * 3.0 - 1.0, 1.0)", wrap="repeat")
mip("lod_mirror", "textureLod(m, vUv * 3.0 - 1.0, 1.5)", wrap="mirror")
mip("lod_clamp_outside", "textureLod(m, vUv * 2.0 - 0.5, 2.0)")
# textureGrad: the gradients' longer footprint in texels chooses λ (log2 of it), gradients along
# the axes (GL's ρ; an implementation may approximate a slanted footprint's length).
for _name, _dx, _dy in [("one_texel", "vec2(0.125, 0.0)", "vec2(0.0, 0.125)"),
                        ("two_texels", "vec2(0.25, 0.0)", "vec2(0.0, 0.25)"),
                        ("x_longer", "vec2(0.5, 0.0)", "vec2(0.0, 0.125)"),
                        ("y_longer", "vec2(0.0, 0.125)", "vec2(0.0, 0.5)"),
                        ("half_texel", "vec2(0.0625, 0.0)", "vec2(0.0, 0.0625)"),
                        ("zero", "vec2(0.0)", "vec2(0.0)"),
                        ("negative", "vec2(-0.25, 0.0)", "vec2(0.0, -0.5)"),
                        ("huge", "vec2(64.0, 0.0)", "vec2(0.0, 1.0)")]:
    mip("grad_" + _name, "textureGrad(m, vUv, %s, %s)" % (_dx, _dy))
mip("grad_per_pixel", "textureGrad(m, vUv, vec2(x * 0.5, 0.0), vec2(0.0, y * 0.25))",
    rel=3e-2, abs=3e-2, why="llvmpipe approximates log2 of a footprint that is not a power of two (λ = 1.5625 for log2 3 = 1.585), as GL allows; "
    "the powers of two of the other grad cases are exact")
mip("grad_of_derivatives", "textureGrad(m, vUv * 2.0, dFdx(vUv * 2.0), dFdy(vUv * 2.0))")
mip("grad_nearest", "textureGrad(m, vUv, vec2(0.25, 0.0), vec2(0.0, 0.375))", min_filter="nearest_mipmap_nearest")
# The implicit level (the grid's λ = 1) and a bias added to it: GLSL ES 3.00's texture(s, P, bias)
# and ES 1.00's texture2D(s, P, bias), as DOFMipMapShader reads.
mip("implicit", "texture(m, vUv)")
for _b in ["-2.0", "-1.0", "0.0", "0.5", "1.0", "1.5", "2.0", "9.0"]:
    mip("bias_" + _b.replace(".", "_").replace("-", "minus"), "texture(m, vUv, %s)" % _b)
mip("bias_per_pixel", "texture2D(m, vUv, x * 2.0 - 1.0)")
mip("bias_texture2D", "texture2D(m, vUv, 1.0) * 0.5 + texture2D(m, vUv.yx, -0.5)")
mip("bias_nearest", "texture(m, vUv, 0.75)", min_filter="nearest_mipmap_nearest")
# textureProj: P.xy over its last component (z of a vec3, w of a vec4), with a bias too.
mip("proj_vec3", "textureProj(m, vec3(vUv * 2.0, 2.0))")
mip("proj_vec4", "textureProj(m, vec4(vUv * 0.5, 7.0, 0.5))")
mip("proj_bias", "textureProj(m, vec3(vUv, 1.0), 1.0)")
mip("proj_lod", "textureProjLod(m, vec3(vUv * 0.5, 0.5), 1.25) + textureProjLod(m, vec4(vUv, 3.0, 2.0), 2.5) * 0.5")
mip("proj_grad", "textureProjGrad(m, vec4(vUv * 4.0, 0.0, 4.0), vec2(0.25, 0.0), vec2(0.0, 0.125))")
mip("proj_ext_spellings", "texture2DProjLodEXT(m, vec3(vUv, 1.0), 0.5) + texture2DProjGradEXT(m, vec4(vUv, 0.0, 1.0), vec2(0.5, 0.0), vec2(0.0, 0.5))")
mip("proj_texture2DProj", "texture2DProj(m, vec4(vUv.yx * 3.0, 0.0, 3.0))")
case("mip_raw_es100_bias_and_proj",
     "precision highp float;\nvarying vec2 vUv;\nuniform sampler2D m;\nvoid main() {\n  gl_FragColor = texture2D(m, vUv, 1.0) * 0.5 + texture2DProj(m, vec3(vUv, 1.0)) * 0.5;\n}\n",
     kind="raw", textures=MIP_CASES)
case("mip_raw_es300_lod_grad_proj",
     "#version 300 es\nprecision highp float;\nin vec2 vUv;\nuniform sampler2D m;\nout vec4 o;\nvoid main() {\n"
     "  o = textureLod(m, vUv, 1.5) * 0.25 + textureGrad(m, vUv, vec2(0.25, 0.0), vec2(0.0, 0.25)) * 0.25\n"
     "    + textureProj(m, vec3(vUv, 1.0), -1.0) * 0.5;\n}\n",
     kind="raw", vertex=RAW300_VERT, textures=MIP_CASES)
case("mip_toy_lod", """void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    fragColor = textureLod(iChannel0, uv, 2.0) + texture(iChannel0, uv, -1.0) * 0.5;
}
""", kind="toy", textures={"iChannel0": MIP})
# WebGL 1's EXT_shader_texture_lod names, which three's ShaderMaterial prefix defines.
mip("ext_spellings", "texture2DLodEXT(m, vUv, 1.25) * 0.5 + texture2DGradEXT(m, vUv.yx, vec2(0.0, 0.5), vec2(0.25, 0.0)) * 0.5")
fx("mip_lod_in_a_function", "look(m, vUv, 1.0)", decls=MIP_DECL + "\nvec4 look(sampler2D t, vec2 at, float l) { return textureLod(t, at, l) * 2.0; }",
   textures=MIP_CASES)
fx("mip_two_maps_lod", "textureLod(m, vUv, 1.0) - textureLod(n, vUv, 2.0)", decls=MIP_DECL + "\nuniform sampler2D n;",
   textures={"m": MIP, "n": dict(MIP, min_filter="nearest_mipmap_nearest", wrap="repeat")})

# ------------------------------------------------------------------ sampler3D
# A 4×4×4 volume (red the x texel, green y, blue z, alpha their mix), nearest or trilinear,
# clamped or repeated: texture(sampler3D, vec3), the graph's texture_3d.
VOL = {"width": 4, "height": 4, "depth": 4, "filter": "nearest", "wrap": "clamp",
       "data": [v for i in range(64) for v in ((i % 4) / 4.0 + 0.05, (i // 4 % 4) / 4.0 + 0.1, (i // 16) / 4.0 + 0.15,
                                               0.3 + 0.1 * ((i * 7) % 5))]}
VOL_DECL = "uniform sampler3D v;"
for _name, _expr, _tex in [
        ("nearest", "texture(v, vec3(vUv, 0.4))", VOL),
        ("nearest_slices", "texture(v, vec3(vUv.x, 0.6, vUv.y))", VOL),
        ("linear", "texture(v, vec3(vUv, 0.3))", dict(VOL, filter="linear")),
        ("linear_diagonal", "texture(v, vec3(vUv, vUv.x * 0.5 + vUv.y * 0.25))", dict(VOL, filter="linear")),
        ("clamp_outside", "texture(v, vec3(vUv * 2.0 - 0.5, 1.2))", dict(VOL, filter="linear")),
        ("repeat", "texture(v, vec3(vUv * 3.0 - 1.0, -0.35))", dict(VOL, filter="linear", wrap="repeat")),
        ("mirror", "texture(v, vec3(vUv * 3.0 - 1.0, 1.3))", dict(VOL, wrap="mirror")),
        ("beside_a_2d_read", "texture(v, vec3(vUv, 0.5)) * 0.5 + textureLod(m, vUv, 1.0) * 0.5", dict(VOL, filter="linear"))]:
    fx("volume_" + _name, _expr, decls=VOL_DECL + "\n" + MIP_DECL, textures={"v": _tex, "m": MIP})
fx("volume_in_a_function", "look(v, vec3(vUv, 0.7))", decls=VOL_DECL + "\nvec4 look(sampler3D t, vec3 at) { return texture(t, at).zyxw; }",
   textures={"v": dict(VOL, filter="linear")})
case("volume_raw_es300",
     "#version 300 es\nprecision highp float;\nprecision highp sampler3D;\nin vec2 vUv;\nuniform sampler3D v;\nout vec4 o;\nvoid main() {\n  o = texture(v, vec3(vUv.yx, 0.55));\n}\n",
     kind="raw", vertex=RAW300_VERT, textures={"v": dict(VOL, filter="linear")})

# ------------------------------------------------------------------ three r187's own shaders
# The fragment shaders of three r187's examples/jsm/shaders/ that the front end compiles (issue
# 18's corpus; the JSON is written by three_r187/dump.mjs), each as a ShaderMaterial with its own
# vertex shader, defines and three's default uniform values, every texture uniform given an 8×8
# pattern. Their #includes are resolved from three's ShaderChunk table (the GL side textually, as
# three's WebGLProgram does; tsl-core through GlslOptions::chunks). tsl-core/tests/glsl_corpus.rs
# holds the list below to what the front end accepts, and names each refusal.
THREE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tsl-core", "tests",
                         "fixtures", "glsl", "three_r187")
with open(os.path.join(THREE_DIR, "shaders.json")) as _f:
    THREE_SHADERS = json.load(_f)

THREE_ACCEPTED = [
    "ACESFilmicToneMappingShader.ACESFilmicToneMappingShader",
    "AfterimageShader.AfterimageShader",
    "BasicShader.BasicShader",
    "BleachBypassShader.BleachBypassShader",
    "BlendShader.BlendShader",
    "BokehShader.BokehShader",
    "BokehShader2.BokehDepthShader",
    "BrightnessContrastShader.BrightnessContrastShader",
    "ColorCorrectionShader.ColorCorrectionShader",
    "ColorifyShader.ColorifyShader",
    "ConvolutionShader.ConvolutionShader",
    "CopyShader.CopyShader",
    "DOFMipMapShader.DOFMipMapShader",
    "DepthLimitedBlurShader.DepthLimitedBlurShader",
    "DigitalGlitch.DigitalGlitch",
    "DotScreenShader.DotScreenShader",
    "ExposureShader.ExposureShader",
    "FXAAShader.FXAAShader",
    "FilmShader.FilmShader",
    "FocusShader.FocusShader",
    "GTAOShader.GTAOBlendShader",
    "GTAOShader.GTAODepthShader",
    "GammaCorrectionShader.GammaCorrectionShader",
    "HalftoneShader.HalftoneShader",
    "HorizontalBlurShader.HorizontalBlurShader",
    "HorizontalTiltShiftShader.HorizontalTiltShiftShader",
    "HueSaturationShader.HueSaturationShader",
    "KaleidoShader.KaleidoShader",
    "LuminosityHighPassShader.LuminosityHighPassShader",
    "LuminosityShader.LuminosityShader",
    "MirrorShader.MirrorShader",
    "NormalMapShader.NormalMapShader",
    "OutputShader.OutputShader",
    "RGBShiftShader.RGBShiftShader",
    "SMAAShader.SMAABlendShader",
    "SMAAShader.SMAAEdgesShader",
    "SAOShader.SAOShader",
    "BokehShader2.BokehShader",
    "GTAOShader.GTAOShader",
    "PoissonDenoiseShader.PoissonDenoiseShader",
    "SSRShader.SSRShader",
    "SSAOShader.SSAOBlurShader",
    "SSAOShader.SSAODepthShader",
    "SSAOShader.SSAOShader",
    "SSRShader.SSRBlurShader",
    "SSRShader.SSRDepthShader",
    "SepiaShader.SepiaShader",
    "SobelOperatorShader.SobelOperatorShader",
    "TechnicolorShader.TechnicolorShader",
    "UnpackDepthRGBAShader.UnpackDepthRGBAShader",
    "VelocityShader.VelocityShader",
    "VerticalBlurShader.VerticalBlurShader",
    "VerticalTiltShiftShader.VerticalTiltShiftShader",
    "VignetteShader.VignetteShader",
]

# A smooth 8×8 pattern (every channel between 0.1 and 0.9, alpha too), nearest and clamped, so
# that a read a little off a texel centre reads the same texel on both sides.
THREE_TEX = {"width": 8, "height": 8, "filter": "nearest", "wrap": "clamp",
             "data": [v for i in range(64) for v in (0.1 + 0.8 * (i % 8) / 7, 0.1 + 0.8 * (i // 8) / 7,
                                                     0.9 - 0.4 * ((i % 8) + (i // 8)) / 7,
                                                     0.5 + 0.4 * ((i * 5) % 8) / 7)]}


# Textures of their own, where THREE_TEX would not reach the code: FXAAShader's smooth pattern is
# under its contrast threshold everywhere (it returns the texel at once), so it reads a hard edge
# with steps in it, which its edge walk follows. Its blend then reads under half a texel away,
# which the nearest filter (what glsl_oracle.rs samples) rounds back to the texel itself: the
# case holds the shader's paths to Mesa, the for_* cases its loop.
THREE_TEXTURES = {
    # DOFMipMapShader reads tColor with a bias (its blur): a mipmapped texture, so that the bias
    # chooses between levels (tDepth, read without one, stays the pattern).
    "DOFMipMapShader.DOFMipMapShader": {"tColor": MIP},
    # HalftoneShader samples its texture at the corners of rotated cells, which fall on texel
    # edges: through the nearest filter a last-bit difference there is another texel, through
    # the linear one it stays a last-bit difference.
    "HalftoneShader.HalftoneShader": dict(THREE_TEX, filter="linear"),
    "FXAAShader.FXAAShader": dict(THREE_TEX, data=[v for i in range(64) for v in (
        (0.9, 0.85, 0.8, 1.0) if (i % 8) > (i // 8) // 2 + 2 else (0.1, 0.15, 0.2, 1.0))]),
}


# A camera's projection (fov 60°, aspect 1, planes 0.1 and 100) and its inverse, as the passes that
# read one set them.
CAMERA_PROJECTION = [1.7320508, 0, 0, 0, 0, 1.7320508, 0, 0, 0, 0, -1.002002, -1, 0, 0, -0.2002002, 0]
CAMERA_PROJECTION_INVERSE = [0.57735027, 0, 0, 0, 0, 0.57735027, 0, 0, 0, 0, 0, -4.995, 0, 0, -1, 5.005]
CAMERA = {"resolution": [8, 8], "cameraNear": 0.1, "cameraFar": 100.0}

# Uniforms a pass sets that the defaults leave unusable: three's blur passes set `resolution` to
# the target's size (the default (0, 0) makes every offset a NaN, which GL leaves undefined);
# DigitalGlitch's `seed` 0 takes its snow away, which is fract(sin(k) * 43758.5453) and
# amplifies the last bits of llvmpipe's sin by 4e4 (as the case mix_hash says).
THREE_UNIFORMS = {
    "SSAOShader.SSAOBlurShader": {"resolution": [8, 8]},
    "SSRShader.SSRBlurShader": {"resolution": [8, 8]},
    "DigitalGlitch.DigitalGlitch": {"seed": 0.0},
    # The depth passes' camera planes are null until the pass sets them from its camera.
    "GTAOShader.GTAODepthShader": {"cameraNear": 0.1, "cameraFar": 100.0},
    "SSAOShader.SSAODepthShader": {"cameraNear": 0.1, "cameraFar": 100.0},
    "SSRShader.SSRDepthShader": {"cameraNear": 0.1, "cameraFar": 100.0},
    # Uniform arrays the passes fill (each element a uniform named a[i], as three names them):
    # ConvolutionShader's 25 kernel weights, DepthLimitedBlurShader's 5 offsets and weights.
    "ConvolutionShader.ConvolutionShader": dict(
        [("uImageIncrement", [0.125, 0.0])] + [("cKernel[%d]" % i, 0.02 + 0.002 * i) for i in range(25)]),
    "DepthLimitedBlurShader.DepthLimitedBlurShader": dict(
        [("size", [8, 8])] + [("sampleUvOffsets[%d]" % i, [0.5 * i, 0.25 * i]) for i in range(5)]
        + [("sampleWeights[%d]" % i, 0.3 - 0.05 * i) for i in range(5)]),
    "SobelOperatorShader.SobelOperatorShader": {"resolution": [8, 8]},
    # FXAAShader's resolution is one over the target's size: the 8×8 pattern's texel, so that its
    # neighbours differ and the edge walk runs.
    "FXAAShader.FXAAShader": {"resolution": [0.125, 0.125]},
    # SSAOShader's pass sets its camera's projection (here fov 60°, aspect 1, planes 0.1 and
    # 100) and inverse, and a kernel of KERNEL_SIZE vectors in the hemisphere around +z.
    "SSAOShader.SSAOShader": dict(
        list(CAMERA.items()) + [("cameraProjectionMatrix", CAMERA_PROJECTION),
                                ("cameraInverseProjectionMatrix", CAMERA_PROJECTION_INVERSE)]
        + [("kernel[%d]" % i, [0.3 * ((i * 7) % 5 - 2) / 2, 0.3 * ((i * 3) % 7 - 3) / 3, 0.05 + 0.9 * i / 31])
           for i in range(32)]),
    # GTAOPass, PoissonDenoisePass and SSRPass set their target's size and their camera (SSRPass
    # its range, far less near, too).
    "GTAOShader.GTAOShader": dict(CAMERA, cameraProjectionMatrix=CAMERA_PROJECTION,
                                  cameraProjectionMatrixInverse=CAMERA_PROJECTION_INVERSE),
    "PoissonDenoiseShader.PoissonDenoiseShader": {"resolution": [8, 8],
                                                  "cameraProjectionMatrixInverse": CAMERA_PROJECTION_INVERSE},
    "SSRShader.SSRShader": dict(CAMERA, cameraRange=99.9, cameraProjectionMatrix=CAMERA_PROJECTION,
                                cameraInverseProjectionMatrix=CAMERA_PROJECTION_INVERSE),
}


# SAOShader's pass sets its size and its camera (SSAOShader's above), and a kernel radius of a few
# texels here.
# HalftonePass sets width and height to the target's size; a radius of 2 pixels puts several
# dots on the 8x8 target.
THREE_UNIFORMS["HalftoneShader.HalftoneShader"] = {"width": 8, "height": 8, "radius": 2.0}
THREE_UNIFORMS["SAOShader.SAOShader"] = {
    k: v for k, v in THREE_UNIFORMS["SSAOShader.SSAOShader"].items() if not k.startswith("kernel[")}
THREE_UNIFORMS["SAOShader.SAOShader"]["kernelRadius"] = 2.0


# Shaders whose noise is common's rand(), fract(sin(k) * 43758.5453), which amplifies the last
# bits of llvmpipe's sin by 4e4 (as the case mix_hash says): FilmShader's grain differs from
# Mesa's by up to 1.8e-3 measured, on values up to 1.15.
THREE_BOUNDS = {
    # The horizons' acos: Mesa's is a polynomial approximation (as the case fn_asin_acos says);
    # 6.6e-5 absolute measured.
    "GTAOShader.GTAOShader": {"rel": 1e-3, "abs": 2e-4,
                              "why": "acos of the horizons: Mesa computes acos with a polynomial approximation"},
    "FilmShader.FilmShader": {"rel": 3e-3, "abs": 3e-3,
                              "why": "common's rand() is fract(sin(k) * 43758.5453), which amplifies llvmpipe's sin's last bits by 4e4"},
    # HalftoneShader's dots have edges one pixel wide (aa), placed by distances to the corners of
    # cells rotated by 15, 30 and 45 degrees, where the texture is read bilinearly: Mesa differs by
    # up to 6.0e-3 (7.5e-3 relative) measured, in the blue (45 degree) dots most. Not the
    # instruction order: the program laid out in 96 registers, no value run again, draws the same
    # bits as in 32.
    "HalftoneShader.HalftoneShader": {"rel": 1e-2, "abs": 1e-2,
                                      "why": "dot edges one pixel wide over distances to rotated cell corners read through the bilinear filter (6.0e-3 absolute measured)"},
    # SAOShader's spiral of samples starts at the angle rand(vUv + randomSeed) * 2pi: the sin's last
    # bits, amplified by 4e4, turn the spiral, and the occlusion follows (1.4e-2 relative measured).
    "SAOShader.SAOShader": {"rel": 2e-2,
                            "why": "the samples' angle is common's rand(), fract(sin(k) * 43758.5453), which amplifies llvmpipe's sin's last bits by 4e4"},
}


# Shaders the front end still refuses whose cases are made all the same (Mesa's pixels stored, the
# refusal checked by glsl_oracle.rs), each with the refusal's reason: when the reason goes, the
# case says to move the shader to THREE_ACCEPTED. None now: GTAOShader, PoissonDenoiseShader,
# SSRShader and BokehShader2.BokehShader, which needed 47, 42, 73 and 115 registers in the order
# the compiler used to keep, fit in 32 in the order it keeps now (R-RUN-2).
THREE_REFUSED = {}

# How a pass or an example makes a shader that three's own defaults leave incomplete (the corpus
# test, tsl-core/tests/glsl_corpus.rs, compiles such a shader as its case says): the material kind
# and the defines it adds.
THREE_SETUP = {
    # OutputPass makes a RawShaderMaterial of it, with the defines of the renderer's output: its
    # defaults, sRGB output (SRGB_TRANSFER) and no tone mapping.
    "OutputShader.OutputShader": {"kind": "raw", "defines": {"SRGB_TRANSFER": ""}},
    # webgl_postprocessing_dof2 (the example that uses it) defines RINGS 3 and SAMPLES 4.
    "BokehShader2.BokehShader": {"defines": {"RINGS": 3, "SAMPLES": 4}},
    # SSRPass sets MAX_STEP to the diagonal of its target in pixels (the default 0 runs no step):
    # sqrt(8² + 8²) here.
    "SSRShader.SSRShader": {"defines": {"MAX_STEP": (8 * 8 + 8 * 8) ** 0.5}},
}


def three_define(name, value):
    """three's WebGLProgram writes `#define NAME value` and skips a false one."""
    if value is False:
        return None
    if value is True:
        return name + " true"
    return "%s %s" % (name, value)


def _texture_of(shader, uniform):
    """The texture a corpus case gives `uniform`: the shader's own (one for every uniform, or
    one per uniform name), else THREE_TEX."""
    own = THREE_TEXTURES.get(shader, THREE_TEX)
    if "data" in own:
        return own
    return own.get(uniform, THREE_TEX)


def three_case(name, uniforms=None, **extra):
    """The corpus case of three's shader `name`: its defaults, THREE_UNIFORMS' and `uniforms`
    over them, its textures, its defines (with THREE_SETUP's: how a pass or an example makes it)
    and three's chunks, on an 8 x 8 grid; a THREE_REFUSED shader carries its refusal."""
    s = THREE_SHADERS[name]
    values = {u: v for u, v in s["uniforms"].items() if v is not None}
    values.update(THREE_UNIFORMS.get(name, {}))
    values.update(uniforms or {})
    # A default given whole for a uniform array is replaced by its elements above.
    values = {u: v for u, v in values.items() if not any(o.startswith(u + "[") for o in values)}
    # A null default is a texture, unless the pass sets it (a uniform array's elements count).
    textures = {u: _texture_of(name, u) for u, v in s["uniforms"].items()
                if v is None and u not in values and not any(o.startswith(u + "[") for o in values)}
    setup = THREE_SETUP.get(name, {})
    defines = [d for d in (three_define(k, v) for k, v in dict(s["defines"], **setup.get("defines", {})).items())
               if d]
    CASES.append({"name": "three/" + name, "kind": setup.get("kind", "shader"), "vertex": s["vertex"],
                  "fragment": s["fragment"], "defines": defines, "uniforms": values,
                  "textures": textures, "w": 8, "h": 8, "chunks": True, **THREE_BOUNDS.get(name, {}),
                  **({"refused": THREE_REFUSED[name]} if name in THREE_REFUSED else {}), **extra})


for _name in THREE_ACCEPTED + sorted(THREE_REFUSED):
    three_case(_name)

# The exact-integer cases: a file of their own, which adds to CASES.
import glsl_cases_int  # noqa: E402,F401

# The toon shaders that linearToOutputTexel lets through: a file of their own (issue 18). Before
# the vertex cases, whose THREE_VERTEX gives the corpus cases of general vertex shaders their
# matrices.
import glsl_cases_ready  # noqa: E402,F401

# The general vertex-shader cases: a file of their own, which adds to CASES.
import glsl_cases_vertex  # noqa: E402,F401
# The cube and 2D array texture cases: a file of their own, which adds to CASES.
import glsl_cases_cube  # noqa: E402,F401
# The texelFetch, textureSize, uint switch and uint/float loop index cases: a file of their own.
import glsl_cases_texfetch  # noqa: E402,F401
# The register-pressure cases (compile's instruction order): a file of their own, which adds to
# CASES.
import glsl_cases_regs  # noqa: E402,F401
