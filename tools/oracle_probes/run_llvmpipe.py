#!/usr/bin/env python3
"""Run the fragment shaders a capture probe (noise_fractal_vec.mjs) logged on Mesa llvmpipe.

  python3 run_llvmpipe.py [GL_ORACLE_DIR] RESULT.json OUT.json

RESULT.json is three_oracle's probe result (its console holds PROBE-INPUTS, PROBE-UNIFORMS and
one GLSL-FRAGMENT per expression, in order). Each shader's std140 blocks become plain uniforms
(`unblock` below); the sampler gets the inputs (exact bits), the render block's vec2 the size
(n, 1), flipY 0, and the float uniforms, in index order, the probe's UNIFORMS values of the row.
OUT.json is RESULT.json with the outputs (values and bits) and gl replaced by llvmpipe's.

GL_ORACLE_DIR is the folder of gl_oracle.py; without it, the repository's tools/gl_oracle. The
script needs nothing else: Python 3's standard library and gl_oracle's EGL/GLES libraries.
"""
import json
import os
import re
import struct
import sys

# A std140 uniform block (three.js's WebGL2 backend packs a shader's uniforms into them) and a
# plain uniform declaration: gl_oracle sets plain uniforms by name.
BLOCK = re.compile(r"layout\s*\(\s*std140\s*\)\s*uniform\s+(\w+)\s*\{(.*?)\}\s*;", re.S)
UNIFORM = re.compile(r"^\s*uniform\s+(?:(?:highp|mediump|lowp)\s+)?(\w+)\s+(\w+)\s*;", re.M)

# The repository's gl_oracle, next to this folder.
DEFAULT_GL_ORACLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gl_oracle")


def unblock(src):
    """The shader with each std140 block replaced by its members as plain uniforms."""
    def members(m):
        declarations = [d.strip() for d in m.group(2).split(";") if d.strip()]
        return "\n".join("uniform %s;" % d for d in declarations)
    return BLOCK.sub(members, src)


def main(gl_dir, result_path, out_path):
    sys.path.insert(0, gl_dir)
    import gl_oracle  # noqa: E402

    r = json.load(open(result_path))
    logs = r["console"]
    inputs = [[struct.unpack(">f", bytes.fromhex(h))[0] for h in p.split(" ")]
              for p in next(l for l in logs if l.startswith("[log] PROBE-INPUTS ")).split(" ", 2)[2].split(",")]
    shaders = [l.split("\n", 1)[1] for l in logs if l.startswith("[log] GLSL-FRAGMENT\n")]
    names = list(r["outputs"])
    assert len(shaders) == len(names), "one captured shader per expression"
    uniforms_js = json.loads(next(l for l in logs if l.startswith("[log] PROBE-UNIFORMS ")).split(" ", 2)[2])
    n = len(inputs)
    ctx = gl_oracle.Context()
    for name, frag in zip(names, shaders):
        src = unblock(frag)
        values = list(uniforms_js[name])
        uniforms, textures, floats = {}, {}, []
        for typ, un in UNIFORM.findall(src):
            if typ == "sampler2D":
                textures[un] = {"width": n, "height": 1, "format": "rgba32f", "data": [c for v in inputs for c in v]}
            elif typ == "vec2":
                uniforms[un] = [n, 1]
            elif typ in ("uint", "bool"):
                uniforms[un] = 0
            elif typ == "float":
                floats.append(un)
            else:
                raise SystemExit("%s: uniform %s %s" % (name, typ, un))
        floats.sort(key=lambda u: int(re.sub(r"\D", "", u)))
        assert len(floats) == len(values), name
        uniforms.update(dict(zip(floats, values)))
        res = gl_oracle.run_job({"name": name, "width": n, "height": 1, "fragment": src,
                                 "uniforms": uniforms, "textures": textures}, ".", want_bits=True)
        assert not res["logs"] and res["gl_error"] == 0 and not res["unset_uniforms"], res
        k = {"float": 1, "vec2": 2, "vec3": 3, "vec4": 4}[r["outputs"][name]["type"]]
        px = res["pixels"][0]
        bits = res["bits"][0]
        r["outputs"][name]["values"] = gl_oracle.sanitize([p[0] if k == 1 else p[:k] for p in px])
        r["outputs"][name]["bits"] = [b[0] if k == 1 else b[:k] for b in bits]
        print("%-24s %d points, compile+draw %.0f ms" % (name, n, res["timings_ms"]["total"]))
    r["gl"] = {"renderer": ctx.info["gl_renderer"] + " / " + ctx.info["gl_version"] + " (GLSL from three.js r187 in Chromium)"}
    r["console"] = []
    json.dump(r, open(out_path, "w"))
    ctx.close()


if __name__ == "__main__":
    if len(sys.argv) == 3:
        main(DEFAULT_GL_ORACLE_DIR, *sys.argv[1:])
    elif len(sys.argv) == 4:
        main(*sys.argv[1:])
    else:
        raise SystemExit(__doc__)
