"""The GLSL cases of texelFetch and textureSize (GLSL ES 3.00 §8.8) and of a uint switch selector,
uint and float for-loop indexes (issue 18), checked against Mesa as glsl_cases.py's are;
glsl_cases.py imports this file at its end, so these cases join CASES.

texelFetch reads one texel of a level with no filter. Every case reads texels inside the level:
GLSL ES leaves a texel or level outside it undefined (tsl-core reads transparent black there,
R-GLSL-25, which its own tests check). The textures: glsl_cases.py's 4 × 4 TEX (nearest) and
8 × 8 MIP (linear filters, levels of their own), and NPOT, 5 × 3 and bilinear, whose sides are not
powers of two, so that a filtered read at a texel's centre ((p + 0.5) / size) would round and take
a little of a neighbour: a texelFetch takes none.
"""

from glsl_cases import MIP, RAW300_VERT, TEX, TEX_REPEAT, case, fx

MIP_LINEAR = dict(MIP, min_filter="linear")
# Each texel's channels name it: red its column over 8, green its row over 4, blue and alpha a
# value of both, so a read of the wrong texel or a blend shows.
NPOT = {"width": 5, "height": 3, "filter": "linear", "wrap": "clamp",
        "data": [v for j in range(3) for i in range(5)
                 for v in (i / 8.0, j / 4.0, (i * 3 + j * 7) % 11 / 11.0, 1.0 - (i + j) / 16.0)]}

HEAD = """#version 300 es
precision highp float;
precision highp int;
in vec2 vUv;
out vec4 o;
"""


def raw(name, expr, decls="", body="", **extra):
    """A GLSL ES 3.00 RawShaderMaterial fragment shader: x and y are vUv's components, ix and iy
    the cell of the 4 × 4 grid (0 to 3), then `body`, then o = expr."""
    src = HEAD + decls + "\nvoid main() {\n  float x = vUv.x;\n  float y = vUv.y;\n"
    src += "  int ix = int(x * 4.0);\n  int iy = int(y * 4.0);\n"
    src += "".join("  " + line + "\n" for line in body.strip("\n").split("\n") if body)
    src += "  o = " + expr + ";\n}\n"
    case("texfetch/" + name, src, kind="raw", vertex=RAW300_VERT, **extra)


def mat(name, expr, decls="", body="", **extra):
    """A ShaderMaterial (three's WebGL 2 prefix makes it GLSL ES 3.00) of fx's form."""
    fx("texfetch/" + name, expr, decls=decls, body=body, **extra)


S = "uniform sampler2D s;"
M = "uniform sampler2D m;"

# ---- texelFetch at level 0
raw("fetch_each_texel", "texelFetch(s, ivec2(ix, iy), 0)", decls=S, textures={"s": TEX})
raw("fetch_transposed", "texelFetch(s, ivec2(iy, ix), 0) * 2.0 - 0.5", decls=S, textures={"s": TEX})
raw("fetch_constant", "texelFetch(s, ivec2(2, 1), 0) + texelFetch(s, ivec2(0, 3), 0) * x", decls=S,
    textures={"s": TEX})
raw("fetch_repeat_texture", "texelFetch(s, ivec2(3 - ix, iy), 0)", decls=S, textures={"s": TEX_REPEAT})
# Unfiltered on a bilinear texture whose sides are not powers of two: each pixel of a 5 × 3 grid
# reads its own texel.
raw("fetch_npot_linear", "texelFetch(s, ivec2(gl_FragCoord.xy), 0)", decls=S, textures={"s": NPOT}, w=5, h=3)
raw("fetch_npot_linear_grid", "texelFetch(s, ivec2(int(x * 5.0), int(y * 3.0)), 0)", decls=S,
    textures={"s": NPOT}, w=10, h=6)
# The same texel as a nearest read at its centre, on a nearest texture: their difference is zero.
raw("fetch_equals_centre_read",
    "vec4(texelFetch(s, p, 0).rgb - texture(s, (vec2(p) + 0.5) / 4.0).rgb, texelFetch(s, p, 0).a)",
    decls=S, body="ivec2 p = ivec2(3 - iy, ix);", textures={"s": TEX})
# GTAOShader's form: a noise texture read at the fragment's place modulo its size.
raw("fetch_fragcoord_mod", "texelFetch(s, ivec2(mod(gl_FragCoord.xy, vec2(2.0))), 0)", decls=S,
    textures={"s": TEX}, w=8, h=8)
# ---- texelFetch at a level: the level's own texels, whatever the filters
raw("fetch_level_1", "texelFetch(m, ivec2(ix, iy), 1)", decls=M, textures={"m": MIP})
raw("fetch_level_2", "texelFetch(m, ivec2(ix, iy) / 2, 2)", decls=M, textures={"m": MIP})
raw("fetch_level_3", "texelFetch(m, ivec2(0), 3) + texelFetch(m, ivec2(7, 0), 0)", decls=M, textures={"m": MIP})
raw("fetch_level_per_pixel", "texelFetch(m, ivec2(vUv * float(8u >> uint(l))), l)", decls=M,
    body="int l = (ix + iy) % 4;", textures={"m": MIP})
raw("fetch_level_nearest_filters", "texelFetch(m, ivec2(ix * 2 + 1, iy), 0) + texelFetch(m, ivec2(iy, ix), 1)",
    decls=M, textures={"m": dict(MIP, filter="nearest", min_filter="nearest_mipmap_nearest")})
raw("fetch_level_0_of_unmipmapped_filter", "texelFetch(m, ivec2(ix * 2, iy * 2 + 1), 0)", decls=M,
    textures={"m": MIP_LINEAR})
# ---- texelFetch in a function, a loop, beside texture
raw("fetch_in_function", "at(s, ix, iy) - at(s, iy, 3 - ix) * 0.5", decls=S + """
vec4 at(sampler2D t, int i, int j) { return texelFetch(t, ivec2(i, j), 0); }""", textures={"s": TEX})
raw("fetch_in_loop", "sum / 4.0", decls=S,
    body="vec4 sum = vec4(0.0);\nfor (int i = 0; i < 4; i++) { sum += texelFetch(s, ivec2(i, iy), 0) * float(i + 1 - ix); }",
    textures={"s": TEX})
raw("fetch_two_maps", "texelFetch(s, ivec2(ix, iy), 0) - texelFetch(m, ivec2(iy, ix), 1)", decls=S + "\n" + M,
    textures={"s": TEX, "m": MIP})
mat("fetch_shader_material", "texelFetch(s, ivec2(int(x * 4.0), int(y * 4.0)), 0).bgra", decls=S,
    textures={"s": TEX})
case("texfetch/fetch_toy", """void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    fragColor = texelFetch(iChannel0, ivec2(fragCoord), 0) + texelFetch(iChannel1, ivec2(fragCoord.yx), 0);
}
""", kind="toy", textures={"iChannel0": TEX, "iChannel1": TEX_REPEAT})

# ---- textureSize
raw("size_level_0", "vec4(vec2(textureSize(s, 0)), vec2(textureSize(n, 0)))", decls=S + "\nuniform sampler2D n;",
    textures={"s": TEX, "n": NPOT})
raw("size_each_level", "vec4(float(textureSize(m, 0).x), float(textureSize(m, 1).y), float(textureSize(m, 2).x), "
    "float(textureSize(m, 3).y))", decls=M, textures={"m": MIP})
raw("size_constant_level", "vec4(vec2(textureSize(m, L + 1)), vec2(textureSize(m, L * 3)))",
    decls=M + "\nconst int L = 1;", textures={"m": MIP})
raw("size_integer_arithmetic", "vec4(float(z.x * z.y), float(z.x - ix), float(z.y / 2), float(z.x % 3 + iy))",
    decls=S + "\nuniform sampler2D n;", body="ivec2 z = textureSize(n, 0) + textureSize(s, 0);",
    textures={"s": TEX, "n": NPOT})
# PoissonDenoiseShader's form: a uv from a texel and the size.
raw("size_to_uv", "texture(n, (vec2(ivec2(ix, iy)) + 0.5) / vec2(textureSize(n, 0)))", decls="uniform sampler2D n;",
    textures={"n": dict(NPOT, filter="nearest")})
# The last texel counted from the size: each cell reads the texel opposite.
raw("size_mirrored_fetch", "texelFetch(s, textureSize(s, 0) - 1 - ivec2(ix, iy), 0)", decls=S, textures={"s": TEX})
mat("size_shader_material", "vec4(vec2(textureSize(m, 1)) / 8.0, x, y)", decls=M, textures={"m": MIP})

# ---- a uint switch selector (GLSL ES 3.00 §6.2: a scalar integer, int or uint), by hand:
# u = 4 ix + iy runs 0 to 15; u 0 falls into 1 (v = 1 + 2), 2 and 3 share (4), 7 and default
# (8, then 16 through 0x80000000u's section), 0x80000000u (a label above 2^31) alone (16).
raw("switch_uint", "vec4(v / 32.0, float(u) / 16.0, float(k) / 4.0, 1.0)",
    body="""uint u = uint(ix * 4 + iy);
uint k = u == 15u ? 0x80000000u : u % 4u;
float v = 0.0;
switch (u) {
  case 0u: v += 1.0;
  case 1u: v += 2.0; break;
  case 2u:
  case 3u: v += 4.0; break;
  case 7u:
  default: v += 8.0;
  case 0x80000000u: v += 16.0; break;
}
switch (k) {
  case 0x80000000u: k = 3u; break;
  case 0u: k = 1u; break;
  default: break;
}""")
raw("switch_uint_from_bits", "vec4(v, float(h & 7u) / 8.0, 0.0, 1.0)",
    body="""uint h = uint(ix * 4 + iy + 1) * 0x9E3779B9u;
float v = 0.0;
switch (h >> 29u) {
  case 0u: v = 0.1; break;
  case 1u: v = 0.2; break;
  case 5u: v = 0.6;
  case 6u: v += 0.1; break;
  default: v = 0.9;
}""")
mat("switch_uint_shader_material", "vec4(v, 0.0, 0.0, 1.0)",
    body="""uint u = uint(x * 4.0);
float v = 0.5;
switch (u) { case 1u: v = 0.25; break; case 3u: v = 1.0; }""")
# ---- uint and float for-loop indexes (the specification: "The index can also be a uint or a float")
raw("for_uint_index_down", "vec4(s / 64.0, float(c) / 8.0, 0.0, 1.0)",
    body="""float s = 0.0;
uint c = 0u;
for (uint i = 7u; i > 0u; i--) { if (i <= uint(ix)) break; s += float(i * i); c++; }""")
raw("for_uint_index_step", "vec4(float(a) / 32.0, float(b & 255u) / 255.0, 0.0, 1.0)",
    body="""uint a = 0u;
uint b = 1u;
for (uint i = 1u; i <= 16u; i += 3u) { a += i; b = b * 3u + i; }""")
raw("for_uint_index_break", "vec4(float(n) / 8.0, x, y, 1.0)",
    body="""uint n = 0u;
for (uint i = 0u; i < 8u; ++i) { if (i == uint(ix + iy)) break; n = i + 1u; }""")
raw("for_float_index_half", "vec4(s / 8.0, c / 8.0, x, 1.0)",
    body="""float s = 0.0;
float c = 0.0;
for (float t = 2.0; t > -1.0; t -= 0.5) { if (t <= x) continue; s += t; c += 1.0; }""")
mat("for_float_index_fetch", "v / 4.0",
    decls=S, body="""vec4 v = vec4(0.0);
for (float t = 0.0; t < 3.5; t += 1.0) { v += texelFetch(s, ivec2(int(t), int(y * 4.0)), 0); }""",
    textures={"s": TEX})
