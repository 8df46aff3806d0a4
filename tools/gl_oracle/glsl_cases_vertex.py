"""The general vertex-shader cases (R-GLSL-24): varyings of any expression of the attributes,
uniforms and three.js's matrices as values (columns, constructors, inverse, products with other
matrices), and arrays as varyings, checked against Mesa as glsl_cases.py's are; glsl_cases.py
imports this file at its end, so these cases join CASES.

Every case draws the oracle's quad with one set of three.js's matrices that agree with each other
as three makes them: modelMatrix M (a turn about z, a scale and a shift), viewMatrix V (a turn
about x and a shift), modelViewMatrix V M, normalMatrix the inverse transpose of its 3 x 3,
cameraPosition the inverse view's translation, and projectionMatrix (V M)^-1, so that gl_Position
is the quad's own point and the grid is the one every case draws. Their entries are halves and
wholes, so that every product and inverse is exact in f32 on both sides. Our side is given the
same matrices through the header (set_object, set_frame, set_camera), the quad's position and the
case's normal at the corners, and the world and view positions the forms read.
"""

from fractions import Fraction

from glsl_cases import CASES, case


def mat_mul(a, b):
    """Column-major 4 x 4 (or 3 x 3) product a b."""
    n = 4 if len(a) == 16 else 3
    return [sum(a[k * n + r] * b[c * n + k] for k in range(n)) for c in range(n) for r in range(n)]


def mat_inverse(m):
    """Gauss-Jordan on exact fractions, column-major in and out."""
    n = 4 if len(m) == 16 else 3
    rows = [[Fraction(m[c * n + r]) for c in range(n)] + [Fraction(int(r == c)) for c in range(n)]
            for r in range(n)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        p = rows[col][col]
        rows[col] = [x / p for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                f = rows[r][col]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[col])]
    return [rows[r][n + c] for c in range(n) for r in range(n)]


def mat3_of(m):
    return [m[c * 4 + r] for c in range(3) for r in range(3)]


def transpose3(m):
    return [m[r * 3 + c] for c in range(3) for r in range(3)]


def floats(m):
    return [float(x) for x in m]


H = Fraction(1, 2)
# modelMatrix: a quarter turn about z of a scale (2, 1/2, 1), moved by (1/4, -1/2, 3).
MODEL = [0, 2, 0, 0, -H, 0, 0, 0, 0, 0, 1, 0, Fraction(1, 4), -H, 3, 1]
# viewMatrix: a quarter turn about x, moved by (-3/2, 2, -3).
VIEW = [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, Fraction(-3, 2), 2, -3, 1]
MODEL_VIEW = mat_mul(VIEW, MODEL)
PROJECTION = mat_inverse(MODEL_VIEW)
NORMAL = transpose3(mat_inverse(mat3_of(MODEL_VIEW)))
CAMERA = mat_inverse(VIEW)[12:15]

THREE = {
    "modelMatrix": floats(MODEL),
    "modelViewMatrix": floats(MODEL_VIEW),
    "projectionMatrix": floats(PROJECTION),
    "normalMatrix": floats(NORMAL),
    "cameraPosition": floats(CAMERA),
}

PLACE = "  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n"


def vert(name, decls, body, fragment_decls, expr, uniforms=None, normal="affine", **extra):
    """A ShaderMaterial whose vertex shader writes varyings (`decls`, `body`) and draws the quad;
    the fragment shader declares them (`fragment_decls`) and writes gl_FragColor = expr."""
    vertex = decls + "\nvoid main() {\n" + "".join("  " + l + "\n" for l in body.strip("\n").split("\n")) + PLACE + "}\n"
    fragment = fragment_decls + "\nvoid main() {\n  gl_FragColor = " + expr + ";\n}\n"
    add(name, vertex, fragment, uniforms, normal, **extra)


def three_frame(uniforms=None):
    """What a case drawn through THREE's matrices sets: the matrices (its own uniforms over them),
    the view, the affine normal, and our side's inputs for the forms."""
    u = dict(THREE)
    u.update(uniforms or {})
    inputs = {"world": floats(MODEL), "view_pos": floats(MODEL_VIEW), "normal_matrix": floats(NORMAL),
              "normal_local": "affine"}
    return {"uniforms": u, "view": floats(VIEW), "inputs": inputs, "attributes": "normal_affine"}


def add(name, vertex, fragment, uniforms=None, normal="affine", **extra):
    frame = three_frame(uniforms)
    if normal != "affine":
        del frame["attributes"], frame["inputs"]["normal_local"]
    frame.update(extra)
    case("vertex/" + name, fragment, vertex=vertex, **frame)


# ------------------------------------------------------------------ position and normal
vert("position", "varying vec3 vP;", "vP = position;",
     "varying vec3 vP;", "vec4(vP * 0.5 + 0.5, 1.0)")
vert("position_nonlinear", "uniform float k;\nvarying vec2 vA;",
     "vA = sin(position.xy * 2.0) + position.yx * k;",
     "varying vec2 vA;", "vec4(vA, vA.x * vA.y, 1.0)", uniforms={"k": 0.75},
     why="a varying of a function that is not linear across the triangle: Mesa interpolates the corners' values, and so does varying()")
vert("normal", "varying vec3 vN;", "vN = normal;",
     "varying vec3 vN;", "vec4(normalize(vN), 1.0)")
vert("normal_normalized_at_corners", "varying vec3 vN;", "vN = normalize(normal * vec3(2.0, 1.0, 0.5));",
     "varying vec3 vN;", "vec4(vN, length(vN))")

# ------------------------------------------------------------------ three.js's matrices as values
vert("model_columns", "varying vec3 vC;", "vC = modelMatrix[1].xyz + modelMatrix[3].xyz * position.x;",
     "varying vec3 vC;", "vec4(vC, 1.0)")
vert("mat3_of_model_columns", "varying vec3 vN;",
     "vN = normalize(mat3(modelMatrix[0].xyz, modelMatrix[1].xyz, modelMatrix[2].xyz) * normal);",
     "varying vec3 vN;", "vec4(vN, 1.0)")
vert("mat3_of_model", "varying vec3 vN;", "vN = mat3(modelMatrix) * normal;",
     "varying vec3 vN;", "vec4(vN, 1.0)")
vert("inverse_model_camera", "varying vec3 vCam;",
     "vCam = (inverse(modelMatrix) * vec4(cameraPosition, 1.0)).xyz;",
     "varying vec3 vCam;", "vec4(vCam, 1.0)")
vert("inverse_model_view_direction", "varying vec3 vDir;",
     "vDir = (inverse(modelViewMatrix) * vec4(0.0, 0.0, -1.0, 0.0)).xyz + position * 0.125;",
     "varying vec3 vDir;", "vec4(vDir, 1.0)")
vert("texture_matrix", "uniform mat4 textureMatrix;\nvarying vec4 vR;", "vR = textureMatrix * vec4(position, 1.0);",
     "varying vec4 vR;", "vec4(vR.xy / vR.w, vR.zw)",
     uniforms={"textureMatrix": [0.5, 0, 0, 0.25, 0, 0.5, 0, 0, 0, 0, 1, 0, 0.5, 0.5, 0, 1]})
vert("normal_matrix_general", "varying vec3 vN;", "vN = normalMatrix * (normal * 2.0) + normalMatrix[2];",
     "varying vec3 vN;", "vec4(vN * 0.25, 1.0)")
vert("normal_matrix_transpose", "varying vec3 vN;", "vN = transpose(normalMatrix) * normal;",
     "varying vec3 vN;", "vec4(vN, 1.0)")
vert("model_times_uniform_matrix", "uniform mat4 uM;\nvarying vec4 vP;", "vP = uM * modelMatrix * vec4(position, 1.0);",
     "varying vec4 vP;", "vP * 0.25",
     uniforms={"uM": [1, 0, 0, 0, 0, 0.5, 0, 0.125, 0, 0, 2, 0, -1, 0.5, 0.25, 1]})
vert("model_times_view", "varying vec3 vP;", "vP = (modelMatrix * viewMatrix * vec4(position, 1.0)).xyz;",
     "varying vec3 vP;", "vec4(vP * 0.25, 1.0)")
vert("clip_point", "varying vec4 vClip;", "vClip = projectionMatrix * modelViewMatrix * vec4(position, 1.0);",
     "varying vec4 vClip;", "vec4(vClip.xy / vClip.w, vClip.z, 1.0)")
vert("projection_columns", "varying vec4 vQ;", "vQ = projectionMatrix[0] + projectionMatrix[3] * position.y;",
     "varying vec4 vQ;", "vQ")
vert("matrix_local_written", "varying vec3 vP;",
     "mat4 m = modelMatrix;\nm[3] = vec4(0.0, 0.0, 0.0, 1.0);\nvP = (m * vec4(position, 1.0)).xyz;",
     "varying vec3 vP;", "vec4(vP, 1.0)")
vert("matrix_select", "varying vec3 vN;",
     "mat3 n = position.x > position.y ? normalMatrix : mat3(viewMatrix);\nvN = n * normal;",
     "varying vec3 vN;", "vec4(vN, 1.0)",
     why="a varying of a function that is not linear across the triangle: Mesa interpolates the corners' values, and so does varying()")
vert("matrix_sum_and_compare", "varying vec4 vS;",
     "mat4 s = modelMatrix + viewMatrix * 0.5;\nvS = s * vec4(position, 1.0) + vec4(float(modelMatrix == modelMatrix), 0.0, 0.0, 0.0);",
     "varying vec4 vS;", "vS * 0.25")
vert("world_minus_camera_refract", "varying vec3 vR;",
     "vec4 world = modelMatrix * vec4(position, 1.0);\nvec3 n = normalize(mat3(modelMatrix) * normal);\nvR = refract(normalize(world.xyz - cameraPosition), n, 1.02);",
     "varying vec3 vR;", "vec4(vR, 1.0)")
vert("is_orthographic", "varying float vK;", "vK = isOrthographic ? 1.0 : 0.25 + position.x;",
     "varying float vK;", "vec4(vK)")

# ------------------------------------------------------------------ arrays as varyings
vert("array_varying", "varying vec4 vO[3];",
     "for (int i = 0; i < 3; i++) {\n  vO[i] = uv.xyxy * float(i + 1) + vec4(-1.0, 0.0, 0.5, float(i));\n}",
     "varying vec4 vO[3];", "vO[0] * 0.5 + vO[1] * 0.25 - vO[2] * 0.125")
vert("array_varying_function_parameter", "uniform vec2 resolution;\nvarying vec2 vUv;\nvarying vec4 vOffset[2];\n"
     "void offsets(vec2 t) {\n  vOffset[0] = t.xyxy + resolution.xyxy * vec4(-1.0, 0.0, 0.0, 1.0);\n  vOffset[1] = t.xyxy + resolution.xyxy * vec4(1.0, 0.0, 0.0, -1.0);\n}",
     "vUv = uv;\noffsets(vUv);",
     "varying vec2 vUv;\nvarying vec4 vOffset[2];\nvec4 pick(vec4 o[2], int i) { return o[i] * vec4(1.0, 2.0, 3.0, 4.0); }",
     "pick(vOffset, 1) - pick(vOffset, 0) + vec4(vUv, 0.0, 0.0)", uniforms={"resolution": [0.125, 0.25]})
vert("array_varying_dynamic_index", "varying vec2 vUv;\nvarying float vW[4];",
     "vUv = uv;\nfor (int i = 0; i < 4; i++) vW[i] = position.x * float(i) + position.y;",
     "varying vec2 vUv;\nvarying float vW[4];", "vec4(vW[int(vUv.x * 3.99)], vW[3], vW[1] + vW[2], 1.0)")


def corpus_vertex(name, fragment_decls, expr, **extra):
    """A corpus shader's own vertex shader (tests/fixtures/glsl/three_r187/shaders.json), its
    varyings drawn by a fragment shader of ours: the vertex half of a corpus shader whose fragment
    half waits for another construct."""
    import json
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "tsl-core", "tests", "fixtures", "glsl", "three_r187", "shaders.json")
    with open(path) as f:
        s = json.load(f)[name]
    fragment = fragment_decls + "\nvoid main() {\n  gl_FragColor = " + expr + ";\n}\n"
    add("corpus/" + name, s["vertex"], fragment, chunks=True, **extra)


corpus_vertex("ToonShader.ToonShader1", "varying vec3 vNormal;\nvarying vec3 vRefract;",
              "vec4(vNormal * 0.5 + vRefract * 0.25, 1.0)")
corpus_vertex("VolumeShader.VolumeRenderShader1",
              "varying vec3 v_position;\nvarying vec3 v_cameraInObj;\nvarying vec3 v_viewDirInObj;",
              "vec4(v_position + v_cameraInObj * 0.125, 1.0) + vec4(v_viewDirInObj, 0.0) * 0.5")
corpus_vertex("WaterRefractionShader.WaterRefractionShader", "varying vec2 vUv;\nvarying vec4 vUvRefraction;",
              "vec4(vUv, 0.0, 0.0) + vUvRefraction * 0.5",
              uniforms={"textureMatrix": [0.5, 0, 0, 0.25, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0.5, 0.5, 0.5, 1]})
corpus_vertex("SubsurfaceScatteringShader.SubsurfaceScatteringShader",
              "varying vec3 vViewPosition;\nvarying vec3 vNormal;\nvarying vec2 vUv;",
              "vec4(vViewPosition * 0.25 + normalize(vNormal), 1.0) + vec4(vUv, 0.0, 0.0)")


# The corpus shaders whose vertex shaders read three's matrices as values or position in a
# varying: their `three/` cases (glsl_cases.py's THREE_ACCEPTED, where they are accepted) are drawn
# through THREE's matrices and the affine normal too, so that the matrices are not the identity.
THREE_VERTEX = {
    "VelocityShader.VelocityShader": {},
    "ToonShader.ToonShader1": {},
    "VolumeShader.VolumeRenderShader1": {},
    "WaterRefractionShader.WaterRefractionShader": {
        "textureMatrix": [0.5, 0, 0, 0.25, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0.5, 0.5, 0.5, 1]},
    "SubsurfaceScatteringShader.SubsurfaceScatteringShader": {},
}
for _c in CASES:
    _name = _c["name"][len("three/"):] if _c["name"].startswith("three/") else None
    if _name in THREE_VERTEX:
        _frame = three_frame(dict(_c.get("uniforms", {}), **THREE_VERTEX[_name]))
        _c.update(_frame)
