#!/usr/bin/env python3
"""Write tsl-core's GLSL oracle fixtures: run each case of glsl_cases.py on Mesa's OpenGL ES
(gl_oracle.py, llvmpipe, force_highp) and store what it drew.

usage (from the repository root):
  python3 tools/gl_oracle/make_glsl_fixtures.py [--out tsl-core/tests/fixtures/glsl]

Writes, in --out:
  jobs.json   the gl_oracle jobs, with the sources exactly as GL compiled them (three.js's r187
              ShaderMaterial prefix from three_prefix/, RawShaderMaterial's defines, ShaderToy's
              declarations and main)
  cases.json  what tsl-core compiles and is given for each case, with the pixels Mesa drew
              (pixels[row][col] = [r, g, b, a], row 0 at the bottom; the clear value
              [-7, -7, -7, -7] marks a discarded pixel)
Needs: apt-get install -y libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri python3
"""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from glsl_cases import CASES, THREE_DIR  # noqa: E402

IDENTITY4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
IDENTITY3 = [1, 0, 0, 0, 1, 0, 0, 0, 1]
CLEAR = [-7, -7, -7, -7]
QUAD_POSITION = [-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, -1, 0, 1, 1, 0, -1, 1, 0]
QUAD_UV = [0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1]

TOY_PREFIX = """#version 300 es
precision highp float;
precision highp int;
uniform vec3 iResolution;
uniform float iTime;
uniform float iTimeDelta;
uniform float iFrameRate;
uniform int iFrame;
uniform vec4 iMouse;
uniform vec4 iDate;
uniform float iSampleRate;
uniform float iChannelTime[4];
uniform vec3 iChannelResolution[4];
uniform sampler2D iChannel0;
uniform sampler2D iChannel1;
uniform sampler2D iChannel2;
uniform sampler2D iChannel3;
out vec4 pc_fragColor;
"""
TOY_MAIN = "\nvoid main() {\n  pc_fragColor = vec4(0.0);\n  mainImage(pc_fragColor, gl_FragCoord.xy);\n}\n"


INCLUDE = re.compile(r"^[ \t]*#include +<([\w\d./]+)>", re.M)


def resolve_includes(src, chunks=None, depth=0):
    """three's WebGLProgram.resolveIncludes: each `#include <name>` line replaced by the chunk,
    itself resolved."""
    if depth > 8:
        raise SystemExit("includes nest too deep")
    if chunks is None:
        with open(os.path.join(THREE_DIR, "chunks.json")) as f:
            chunks = json.load(f)
    return INCLUDE.sub(lambda m: resolve_includes(chunks[m.group(1)], chunks, depth + 1), src)


# three's WebGLProgram replaces these names in a ShaderMaterial's sources (its replaceLightNums and
# replaceClippingPlaneNums, in this order) with the scene's counts: 0 for a material without lights
# or clipping planes, as the oracle draws.
THREE_COUNTS = ["NUM_SUN_LIGHTS", "NUM_DIR_LIGHTS", "NUM_SPOT_LIGHTS", "NUM_SPOT_LIGHT_MAPS",
                "NUM_SPOT_LIGHT_COORDS", "NUM_RECT_AREA_LIGHTS", "NUM_POINT_LIGHTS", "NUM_HEMI_LIGHTS",
                "NUM_SUN_LIGHT_SHADOWS", "NUM_DIR_LIGHT_SHADOWS", "NUM_SPOT_LIGHT_SHADOWS_WITH_MAPS",
                "NUM_SPOT_LIGHT_SHADOWS", "NUM_POINT_LIGHT_SHADOWS", "NUM_LIGHT_PROBE_GRIDS",
                "NUM_CLIPPING_PLANES", "UNION_CLIPPING_PLANES"]


def replace_counts(src):
    for name in THREE_COUNTS:
        src = src.replace(name, "0")
    return src


def read(name):
    with open(os.path.join(HERE, "three_prefix", name)) as f:
        return f.read()


def with_defines(prefix, defines):
    """three.js writes material.defines after SHADER_NAME."""
    lines = prefix.split("\n")
    at = next(i for i, l in enumerate(lines) if l.startswith("#define SHADER_NAME"))
    return "\n".join(lines[: at + 1] + ["#define " + d for d in defines] + lines[at + 1 :])


def raw_source(src, defines):
    """RawShaderMaterial's prefix (SHADER_TYPE, SHADER_NAME, the defines), after a #version."""
    lines = src.split("\n")
    pre = ["#define SHADER_TYPE RawShaderMaterial", "#define SHADER_NAME "] + ["#define " + d for d in defines]
    if lines[0].strip().startswith("#version"):
        return "\n".join([lines[0]] + pre + lines[1:])
    return "\n".join(pre + lines)


def job(c):
    kind = c["kind"]
    defines = c.get("defines", [])
    w, h = c["w"], c["h"]
    uniforms = {}
    if kind == "shader":
        frag_prefix = read("shadermaterial.frag")
        if c.get("glsl3"):
            frag_prefix = frag_prefix.replace("layout(location = 0) out highp vec4 pc_fragColor;\n", "")
            frag_prefix = frag_prefix.replace("#define gl_FragColor pc_fragColor\n", "")
        # three.js declares color where material.vertexColors is set (its USE_COLOR).
        vertex_defines = defines + (["USE_COLOR"] if c.get("vertex_colors") else [])
        vertex_source, fragment_source = c["vertex"], c["fragment"]
        if c.get("chunks"):
            vertex_source = replace_counts(resolve_includes(vertex_source))
            fragment_source = replace_counts(resolve_includes(fragment_source))
        vertex = with_defines(read("shadermaterial.vert"), vertex_defines) + "\n" + vertex_source
        fragment = with_defines(frag_prefix, defines) + "\n" + fragment_source
        uniforms.update(modelMatrix=IDENTITY4, modelViewMatrix=IDENTITY4, projectionMatrix=IDENTITY4,
                        viewMatrix=c.get("view", IDENTITY4), normalMatrix=IDENTITY3,
                        cameraPosition=[0, 0, 0])
    elif kind == "raw":
        vertex_source, fragment_source = c["vertex"], c["fragment"]
        if c.get("chunks"):
            # three's WebGLProgram resolves a RawShaderMaterial's #includes too.
            vertex_source, fragment_source = resolve_includes(vertex_source), resolve_includes(fragment_source)
        vertex = raw_source(vertex_source, defines)
        fragment = raw_source(fragment_source, defines)
        uniforms.update(modelViewMatrix=IDENTITY4, projectionMatrix=IDENTITY4)
    else:
        vertex = None
        fragment = TOY_PREFIX + c["fragment"] + TOY_MAIN
        uniforms.update(iResolution=[w, h, 1], iTime=c.get("time", 0.0))
    for name, value in c.get("uniforms", {}).items():
        if "[" in name:
            # An array: GL keeps the elements up to the last one read, so give those alone.
            base, index = name[:-1].split("[")
            zero = [0.0] * len(value) if isinstance(value, list) else 0.0
            elements = list(uniforms.get(base, []))
            elements += [zero] * (int(index) + 1 - len(elements))
            elements[int(index)] = value
            uniforms[base] = elements
        else:
            uniforms[name] = value
    j = {"name": c["name"], "fragment": fragment, "width": w, "height": h, "uniforms": uniforms,
         "force_highp": True, "clear": CLEAR}
    if vertex is not None:
        j["vertex"] = vertex
    if c.get("textures"):
        j["textures"] = c["textures"]
    attributes = c.get("attributes")
    if attributes:
        attrs = {"position": {"size": 3, "data": QUAD_POSITION}, "uv": {"size": 2, "data": QUAD_UV}}
        if attributes == "clockwise":
            # The same quad with each triangle's second and third corners swapped: the same pixels
            # and values, seen from the back (gl_FrontFacing false).
            order = [0, 2, 1, 3, 5, 4]
            attrs["position"]["data"] = [QUAD_POSITION[3 * i + k] for i in order for k in range(3)]
            attrs["uv"]["data"] = [QUAD_UV[2 * i + k] for i in order for k in range(2)]
        elif attributes == "color_affine":
            color = []
            for i in range(6):
                u, v = QUAD_UV[2 * i], QUAD_UV[2 * i + 1]
                color += [u, v, 1 - u]
            attrs["color"] = {"size": 3, "data": color}
        elif attributes == "normal_const":
            attrs["normal"] = {"size": 3, "data": [0, 0.6, 0.8] * 6}
        elif attributes == "normal_affine":
            # (u - 0.5, v - 0.5, 1) at each corner: a normal that varies across the quad.
            attrs["normal"] = {"size": 3, "data": [x for i in range(6)
                                                   for x in (QUAD_UV[2 * i] - 0.5, QUAD_UV[2 * i + 1] - 0.5, 1.0)]}
        else:
            raise SystemExit("unknown attributes " + attributes)
        j["attributes"] = attrs
        j["count"] = 6
    return j


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join("tsl-core", "tests", "fixtures", "glsl"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    jobs = [job(c) for c in CASES]
    jobs_path = os.path.join(a.out, "jobs.json")
    with open(jobs_path, "w") as f:
        json.dump({"jobs": jobs}, f, indent=1)
        f.write("\n")
    results_path = os.path.join(a.out, "results.tmp.json")
    rc = subprocess.call([sys.executable, os.path.join(HERE, "gl_oracle.py"), jobs_path, "-o", results_path])
    with open(results_path) as f:
        results = json.load(f)
    os.remove(results_path)
    by_name = {r["name"]: r for r in results["results"]}
    failed = []
    out = []
    for c in CASES:
        r = by_name[c["name"]]
        if "error" in r:
            failed.append((c["name"], r["error"]))
            continue
        c = dict(c)
        c["pixels"] = r["pixels"]
        if r.get("unused_uniform_values"):
            c["oracle_unused_uniforms"] = r["unused_uniform_values"]
        out.append(c)
    with open(os.path.join(a.out, "cases.json"), "w") as f:
        json.dump({"implementation": results["implementation"], "clear": CLEAR, "cases": out}, f, indent=1)
        f.write("\n")
    print("%d cases written, %d failed" % (len(out), len(failed)))
    for name, e in failed:
        print("FAILED", name, e.splitlines()[0:6])
    return 1 if failed or rc else 0


if __name__ == "__main__":
    sys.exit(main())
