"""The cube and 2D array texture GLSL cases (samplerCube with texture/textureCube/textureLod,
sampler2DArray with texture/textureLod), checked against Mesa as glsl_cases.py's are;
glsl_cases.py imports this file at its end, so these cases join CASES.

A cube is six 2×2 faces (+x, -x, +y, -y, +z, -z, gl_oracle's "shape": "cube"), each texel its own
colour; the directions keep clear of ties between axes and, for nearest reads, of the texel
boundaries (check_directions below works each pixel's face and face coordinates out by OpenGL ES
3.0's table 3.21 and refuses a case that comes within 1e-3 of either). A linear read stays within
the texel centres of one face: WebGL's cube filtering is seamless across faces, ours clamps to the
face (docs/textures.md). An array is three 2×2 layers; its layer is
clamp(floor(layer + 0.5), 0, 2) (GLSL ES 3.00 §8.9).
"""

from glsl_cases import MIP, MIP_DECL, RAW300_VERT, case, fx

CUBE = {"width": 2, "height": 2, "depth": 6, "shape": "cube", "filter": "nearest", "wrap": "clamp",
        "data": [v for f in range(6) for j in range(2) for i in range(2)
                 for v in ((f + 1) / 8.0 + 0.05 * i, 0.1 + 0.3 * j + 0.02 * f, 0.2 + 0.1 * f + 0.04 * i * j, 1.0 - 0.1 * f)]}
LAYERS = {"width": 2, "height": 2, "depth": 3, "shape": "layers", "filter": "nearest", "wrap": "clamp",
          "data": [v for k in range(3) for j in range(2) for i in range(2)
                   for v in (0.1 + 0.3 * k + 0.1 * i, 0.2 + 0.25 * j + 0.05 * k, 0.9 - 0.3 * k, 0.5 + 0.1 * (i + j))]}
CUBE_DECL = "uniform samplerCube c;"
ARRAY_DECL = "uniform sampler2DArray a;"
GRID = [(i + 0.5) / 4.0 for i in range(4)]


def table_3_21(d):
    """The face and (s, t) of a direction, written from OpenGL ES 3.0's table 3.21."""
    x, y, z = d
    ax, ay, az = abs(x), abs(y), abs(z)
    if ax >= ay and ax >= az:
        face, sc, tc, ma = (0, -z, -y, ax) if x >= 0 else (1, z, -y, ax)
    elif ay >= az:
        face, sc, tc, ma = (2, x, z, ay) if y >= 0 else (3, x, -z, ay)
    else:
        face, sc, tc, ma = (4, x, -y, az) if z >= 0 else (5, -x, -y, az)
    return face, 0.5 * (sc / ma + 1), 0.5 * (tc / ma + 1), sorted((ax, ay, az))


def check_directions(name, direction, linear):
    """Refuse a case whose direction at some pixel is within 1e-3 of a tie between axes, of a
    nearest read's texel boundary, or (linear) outside the texel centres of its face."""
    for y in GRID:
        for x in GRID:
            face, s, t, (_, second, first) = table_3_21(direction(x, y))
            assert first - second > 1e-3, (name, x, y, "a tie between axes")
            for c in (s, t):
                if linear:
                    assert 0.25 - 1e-3 <= c <= 0.75 + 1e-3, (name, x, y, "past the texel centres")
                else:
                    assert abs(c - 0.5) > 1e-3, (name, x, y, "on a texel boundary")


def cube_fx(name, glsl, direction, linear=False, **extra):
    """A ShaderMaterial case reading `texture(c, dir)` with dir = `glsl` (of x and y), which
    `direction(x, y)` computes here for check_directions."""
    check_directions(name, direction, linear)
    textures = {"c": dict(CUBE, filter="linear" if linear else "nearest")}
    textures.update(extra.pop("textures", {}))
    expr = extra.pop("expr", "texture(c, " + glsl + ")")
    fx("cube_" + name, expr, decls=CUBE_DECL + extra.pop("decls", ""), textures=textures, **extra)


def spread(a, b):
    return lambda x, y: (a * (x - 0.5), b * (y - 0.5))


# ------------------------------------------------------------------ samplerCube
cube_fx("px", "vec3(1.0, (y - 0.5) * 1.8, (x - 0.5) * 1.8)", lambda x, y: (1.0, 1.8 * (y - 0.5), 1.8 * (x - 0.5)))
cube_fx("nx", "vec3(-1.0, (y - 0.5) * 1.8, (x - 0.5) * 1.8)", lambda x, y: (-1.0, 1.8 * (y - 0.5), 1.8 * (x - 0.5)))
cube_fx("py", "vec3((x - 0.5) * 1.8, 1.0, (y - 0.5) * 1.8)", lambda x, y: (1.8 * (x - 0.5), 1.0, 1.8 * (y - 0.5)))
cube_fx("ny", "vec3((x - 0.5) * 1.8, -1.0, (y - 0.5) * 1.8)", lambda x, y: (1.8 * (x - 0.5), -1.0, 1.8 * (y - 0.5)))
cube_fx("pz", "vec3((x - 0.5) * 1.8, (y - 0.5) * 1.8, 1.0)", lambda x, y: (1.8 * (x - 0.5), 1.8 * (y - 0.5), 1.0))
cube_fx("nz", "vec3((x - 0.5) * 1.8, (y - 0.5) * 1.8, -1.0)", lambda x, y: (1.8 * (x - 0.5), 1.8 * (y - 0.5), -1.0))
cube_fx("length_does_not_matter", "3.5 * vec3(-(y - 0.5) * 1.8, 0.7, -1.0)", lambda x, y: (-3.5 * 1.8 * (y - 0.5), 2.45, -3.5))
cube_fx("faces_across_the_grid", "vec3((x - 0.5) * 2.2, (y - 0.5) * 1.6, 0.5)", lambda x, y: (2.2 * (x - 0.5), 1.6 * (y - 0.5), 0.5))
cube_fx("faces_behind", "vec3((y - 0.5) * 1.6, (x - 0.5) * 2.2, -0.5)", lambda x, y: (1.6 * (y - 0.5), 2.2 * (x - 0.5), -0.5))
cube_fx("linear_px", "vec3(1.0, (y - 0.5) * 0.9, (x - 0.5) * 0.9)", lambda x, y: (1.0, 0.9 * (y - 0.5), 0.9 * (x - 0.5)), linear=True)
cube_fx("linear_ny", "vec3((x - 0.5) * 0.8, -2.0, (y - 0.5) * 1.6)", lambda x, y: (0.8 * (x - 0.5), -2.0, 1.6 * (y - 0.5)), linear=True)
cube_fx("linear_nz", "vec3((x - 0.5) * 0.9, (0.5 - y) * 0.9, -1.0)", lambda x, y: (0.9 * (x - 0.5), 0.9 * (0.5 - y), -1.0), linear=True)
cube_fx("lod", "", lambda x, y: (0.7 * (x - 0.5), 1.0, -0.6 - 0.7 * (y - 0.5)), expr="textureLod(c, vec3((x - 0.5) * 0.7, 1.0, -0.6 - (y - 0.5) * 0.7), 2.5)")
cube_fx("in_a_function", "", lambda x, y: (-1.0, 1.8 * (x - 0.5), -1.8 * (y - 0.5)),
        expr="look(c, vec3(-1.0, (x - 0.5) * 1.8, -(y - 0.5) * 1.8))",
        decls="\nvec4 look(samplerCube t, vec3 d) { return texture(t, d).zyxw; }")
cube_fx("beside_a_2d_read", "", lambda x, y: (1.8 * (x - 0.5), 1.8 * (y - 0.5), 1.0),
        expr="texture(c, vec3((x - 0.5) * 1.8, (y - 0.5) * 1.8, 1.0)) * 0.5 + textureLod(m, vUv, 1.0) * 0.5",
        decls="\n" + MIP_DECL, textures={"m": MIP})


def _reflected(x, y):
    # reflect(I, N) = I - 2 dot(N, I) N with N = normalize(0.2, 0.3, 1.0).
    i = (x - 0.5, y - 0.5, -1.0)
    n = (0.2, 0.3, 1.0)
    k = sum(a * a for a in n) ** 0.5
    n = tuple(a / k for a in n)
    d = sum(a * b for a, b in zip(n, i))
    return tuple(a - 2 * d * b for a, b in zip(i, n))


cube_fx("reflect", "reflect(vec3(x - 0.5, y - 0.5, -1.0), normalize(vec3(0.2, 0.3, 1.0)))", _reflected)
check_directions("textureCube_es100", lambda x, y: (0.6, 1.8 * (y - 0.5), -1.0), False)
case("cube_textureCube_es100",
     "precision highp float;\nvarying vec2 vUv;\nuniform samplerCube c;\nvoid main() {\n  gl_FragColor = textureCube(c, vec3(0.6, (vUv.y - 0.5) * 1.8, -1.0));\n}\n",
     kind="raw", textures={"c": CUBE})
check_directions("raw_es300", lambda x, y: (-1.8 * (x - 0.5), -1.0, 1.8 * (y - 0.5)), False)
case("cube_raw_es300",
     "#version 300 es\nprecision highp float;\nin vec2 vUv;\nuniform samplerCube c;\nout vec4 o;\nvoid main() {\n  o = texture(c, vec3(-(vUv.x - 0.5) * 1.8, -1.0, (vUv.y - 0.5) * 1.8));\n}\n",
     kind="raw", vertex=RAW300_VERT, textures={"c": CUBE})

# ------------------------------------------------------------------ sampler2DArray
for _name, _expr, _tex in [
        ("layer0", "texture(a, vec3(vUv, 0.0))", LAYERS),
        ("layer_rounding", "texture(a, vec3(vUv, x * 3.0 - 0.2))", LAYERS),
        # Either side of the tie at 0.5 (llvmpipe rounds an exact 0.5 to layer 0, to even, where
        # the specification's floor(0.5 + 0.5) is layer 1, as ours).
        ("layer_near_half", "texture(a, vec3(vUv, 0.5 + (x - 0.5) * 0.01))", LAYERS),
        ("layer_clamp", "texture(a, vec3(vUv.yx, y * 8.0 - 2.0))", LAYERS),
        ("linear", "texture(a, vec3(vUv * 1.2 - 0.1, 1.0))", dict(LAYERS, filter="linear")),
        ("repeat", "texture(a, vec3(vUv * 3.0 - 1.0, 2.0))", dict(LAYERS, filter="linear", wrap="repeat")),
        ("mirror", "texture(a, vec3(vUv * 3.0 - 1.0, 1.4))", dict(LAYERS, wrap="mirror")),
        ("lod", "textureLod(a, vec3(vUv, 1.6), 3.0)", dict(LAYERS, filter="linear")),
        ("beside_a_cube", "texture(a, vec3(vUv, 2.0)) * 0.5 + texture(c, vec3(1.0, (y - 0.5) * 1.8, (x - 0.5) * 1.8)) * 0.5",
         LAYERS)]:
    fx("layers_" + _name, _expr, decls=ARRAY_DECL + "\n" + CUBE_DECL, textures={"a": _tex, "c": CUBE})
fx("layers_in_a_function", "look(a, vUv, 1.0)",
   decls=ARRAY_DECL + "\nvec4 look(sampler2DArray t, vec2 uv, float layer) { return texture(t, vec3(uv, layer)).wzyx; }",
   textures={"a": dict(LAYERS, filter="linear")})
case("layers_raw_es300",
     "#version 300 es\nprecision highp float;\nprecision highp sampler2DArray;\nin vec2 vUv;\nuniform sampler2DArray a;\nout vec4 o;\nvoid main() {\n  o = texture(a, vec3(vUv.yx, vUv.x * 2.5));\n}\n",
     kind="raw", vertex=RAW300_VERT, textures={"a": LAYERS})
