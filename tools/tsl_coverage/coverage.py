#!/usr/bin/env python3
"""Writes docs/tsl-coverage.md: every export of three.js r187's src/nodes/TSL.js, classified.

    python3 tools/tsl_coverage/coverage.py            # from the repository root

Inputs, all in this folder:
- exports.tsv: `name<TAB>module`, TSL.js's exports in its order (list_exports.mjs writes it);
- status.tsv: `name<TAB>status<TAB>typed<TAB>builder<TAB>note` for the exports whose Rust names
  or status are not the default ones (status `supported`, `n/a` or `refused`);
- lists/*.tsv: `name<TAB>typed<TAB>builder<TAB>tests`, what each part of the library built and
  where it is tested (a `-` in the typed column: not built there; those lines are ignored);
- the rules below: a status and a reason for names and whole modules, and TSL's renames.

The first of these that speaks of an export decides: status.tsv, the name rules, the n/a module
rules, lists/, then tsl-core's sources (an export is `supported` when tsl-core defines its snake_case name in the
typed front or on `NodeGraph`; tests/tsl_coverage.rs checks every supported name the same way on
the written page), then the module rules; what is left is `refused` ("not built yet").
"""

import csv
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Whole modules whose exports a material program has no use for (`n/a`) or that we refuse today
# (`refused`), with the reason. A line of status.tsv overrides its module's rule.
MODULE_RULES = [
    (r"^gpgpu/", "n/a", "compute shaders: a material program runs per vertex and fragment, not as a compute pass"),
    (r"^accessors/(StorageBufferNode|StorageTextureNode|StorageTexture3DNode|Arrays|BufferNode)\.js$", "n/a", "storage buffers and textures: compute-shader data"),
    (r"^utils/StorageArrayElementNode\.js$", "n/a", "storage buffers: compute-shader data"),
    (r"^utils/EventNode\.js$", "n/a", "JavaScript update callbacks: a Rust host sets uniforms itself between frames"),
    (r"^core/constants\.js$", "n/a", "JavaScript-side enumerations of the node system"),
    (r"^core/(UniformGroupNode|ContextNode|OverrideContextNode|IsolateNode|BypassNode|StackNode|ParameterNode|StructNode|OutputStructNode|MRTNode)\.js$", "n/a", "the JavaScript node system's own machinery (contexts, caches, stacks, groups, multiple render targets)"),
    (r"^utils/FunctionOverloadingNode\.js$", "n/a", "JavaScript overloading: Rust generics and traits do this"),
    (r"^accessors/(ReferenceNode|MaterialReferenceNode|RendererReferenceNode|ReferenceAttributeNode|UserDataNode)\.js$", "n/a", "reads a JavaScript object's property each frame: a Rust host sets a uniform"),
    (r"^accessors/BuiltinNode\.js$", "n/a", "names a WGSL builtin directly: backend-specific"),
    (r"^display/(PassNode|ToonOutlinePassNode|RenderOutputNode)\.js$", "n/a", "post-processing passes and the renderer's output pass, not a material program"),
    (r"^utils/(RTTNode|SampleNode)\.js$", "n/a", "render-to-texture passes and JavaScript sampling callbacks, not a material program"),
    (r"^accessors/VelocityNode\.js$", "n/a", "motion vectors for post-processing passes (TRAA, motion blur)"),
    (r"^code/", "refused", "source code strings in GLSL/WGSL/JS: tsl::core::glsl compiles GLSL shaders into graphs instead"),
    (r"^(lighting/|functions/BSDF/|functions/material/|pmrem/)", "refused", "the renderer runs three's lighting itself (shadows, environment maps and the physical extensions are the renderer's, docs/lighting.md); custom lighting models are for a later issue"),
    (r"^accessors/Lights\.js$", "refused", "per-light values of the lighting model (custom lighting models are for a later issue)"),
    (r"^accessors/(Instance|Batch)\.js$", "refused", "instancing and batching (issue 17)"),
    (r"^accessors/(Morph|Skinning)\.js$", "refused", "morph targets and skinning (issue 22)"),
    (r"^accessors/(CubeTextureNode|Texture3DNode|TextureBicubic)\.js$", "refused", "cube, 3D and bicubic textures (issues 17 and 18)"),
    (r"^accessors/(Tangent|Bitangent|TangentUtils|AccessorsUtils)\.js$", "refused", "geometry tangents are not carried to fragments yet; they come with loaded geometry (glTF's tangents, issue 19)"),
    (r"^accessors/ClippingNode\.js$", "refused", "clipping planes are not part of the renderer"),
    (r"^accessors/SceneProperties\.js$", "refused", "scene background and environment values as nodes (the scene's environment is the renderer's, docs/lighting.md; as TSL nodes they are for a later issue)"),
    (r"^accessors/PointUVNode\.js$", "refused", "points (issue 17)"),
    (r"^display/(ViewportTextureNode|ViewportSharedTextureNode|ViewportDepthTextureNode)\.js$", "refused", "screen reads (issue 17)"),
    (r"^utils/(ReflectorNode|MaxMipLevelNode|ViewportUtils)\.js$", "refused", "planar reflections, mip counts and screen reads need render passes this renderer does not have (issue 17)"),
    (r"^geometry/RangeNode\.js$", "refused", "a random value per instance (issue 17)"),
    (r"^core/AttributeNode\.js$", "refused", "custom vertex attributes (issue 17)"),
    (r"^math/(BitcastNode|BitcountNode|PackFloatNode|UnpackFloatNode|Packed4x8IntegerNode)\.js$", "refused", "bit-level integer operations need exact integer registers (issue 18)"),
]

# TSLBase.js (TSLCore, MathNode, OperatorNode, ConditionalNode, ...) mixes everything: its
# exports are ruled one by one.
NODE_SYSTEM = "the JavaScript node system's own machinery"
INTEGERS = "exact integer and bool types, arrays and structs need integer registers (issue 18); TSL's float-backed helpers are not offered"
NAME_RULES = {
    **{n: ("n/a", NODE_SYSTEM) for n in """ShaderNode Stack addMethodChaining addNodeElement nodeObject
        nodeObjects nodeArray nodeProxy nodeProxyAssignable nodeProxyConstructor nodeImmutable
        nodeObjectAssignable getCurrentStack setCurrentStack getConstNodeType subBuild defined
        inspect debug call element stack property varyingProperty context label uniformFlow
        builtinAOContext builtinGIContext builtinShadowContext cache isolate bypass parameter
        overrideNode overrideNodes getTextureIndex outputStruct mrt struct defaultBuildStages
        defaultShaderStages""".split()},
    **{n: ("refused", INTEGERS) for n in """int uint bool ivec2 ivec3 ivec4 uvec2 uvec3 uvec4 bvec2
        bvec3 bvec4 mat2 bitAnd bitOr bitXor bitNot shiftLeft shiftRight array Switch Const
        increment decrement incrementBefore decrementBefore""".split()},
    "compute": ("n/a", "compute shaders: a material program runs per vertex and fragment"),
    "computeKernel": ("n/a", "compute shaders: a material program runs per vertex and fragment"),
    "bufferAttribute": ("refused", "custom vertex attributes (issue 17)"),
    "dynamicBufferAttribute": ("refused", "custom vertex attributes (issue 17)"),
    "instancedBufferAttribute": ("refused", "instancing (issue 17)"),
    "instancedDynamicBufferAttribute": ("refused", "instancing (issue 17)"),
    "expression": ("refused", "source code strings: tsl::core::glsl compiles GLSL into graphs instead"),
    "toneMapping": ("n/a", "the renderer's output stage applies tone mapping (`Renderer` settings); the tone-mapping functions are nodes"),
    "toneMappingExposure": ("n/a", "the renderer's output stage applies tone mapping (`Renderer` settings)"),
    "renderOutput": ("n/a", "the renderer's output stage"),
    "instanceIndex": ("refused", "instancing (issue 17)"),
    "drawIndex": ("refused", "multi-draw batching (issue 17)"),
    "vertexIndex": ("refused", "vertex ids are not carried to fragments"),
    "invocationLocalIndex": ("n/a", "compute shaders"),
    "invocationSubgroupIndex": ("n/a", "compute shaders"),
    "subgroupIndex": ("n/a", "compute shaders"),
}

# TSL names whose Rust spelling is not their snake_case.
RENAMES = {
    "dFdx": "dfdx", "dFdy": "dfdy", "faceForward": "faceforward", "mod": "modulo",
    "output": "lit", "inversesqrt": "inverse_sqrt", "Discard": "discard",
    "sRGBTransferOETF": "srgb_transfer_oetf", "sRGBTransferEOTF": "srgb_transfer_eotf",
    "TBNViewMatrix": "tbn_view_matrix", "triNoise3D": "tri_noise_3d",
}
# Statements and constants keep TSL's capitalised names in Rust.
KEEP = {"If", "Loop", "Break", "Continue", "Return", "Var", "Fn", "PI", "TWO_PI", "HALF_PI",
        "EPSILON", "INFINITY", "PI2"}


def snake(name):
    if name in RENAMES:
        return RENAMES[name]
    if name in KEEP or name.startswith("mx_"):
        return name
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", s)
    return s.lower()


def sources(*dirs):
    text = []
    for d in dirs:
        for base, _, files in os.walk(os.path.join(ROOT, d)):
            for f in files:
                if f.endswith(".rs"):
                    with open(os.path.join(base, f), encoding="utf-8") as fh:
                        text.append(fh.read())
    return "\n".join(text)


def defines(text, name):
    """Whether `name` is defined in `text`: `pub fn name`, a `pub const name`, or a row of a
    macro table (`name -> Vec2;`, `name(a, b) => Add;`, `name => Uv;`)."""
    n = re.escape(name)
    return re.search(
        rf"(\bpub fn\s+{n}\b)|(\bpub const\s+{n}\s*:)|(^\s*{n}\b[^;{{}}=\n]*?(->|=>)\s*[\w:<>]+\s*;\s*$)",
        text, re.M) is not None


def main():
    typed_src = sources("tsl-core/src/typed")
    graph_src = sources("tsl-core/src/graph")
    exports = [l.rstrip("\n").split("\t") for l in open(os.path.join(HERE, "exports.tsv"), encoding="utf-8") if l.strip()]
    status = {}
    path = os.path.join(HERE, "status.tsv")
    if os.path.exists(path):
        for row in csv.reader(open(path, encoding="utf-8"), delimiter="\t"):
            if row and not row[0].startswith("#"):
                row += [""] * (5 - len(row))
                status[row[0]] = row[1:5]
    lists = {}
    for f in sorted(os.listdir(os.path.join(HERE, "lists"))):
        for line in open(os.path.join(HERE, "lists", f), encoding="utf-8"):
            cells = line.rstrip("\n").split("\t")
            if len(cells) >= 3 and cells[1].strip() != "-":
                cells += [""] * (4 - len(cells))
                lists.setdefault(cells[0].strip(), [c.strip() for c in cells[1:4]])
    ident = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
    rows = []
    for name, module in exports:
        st, typed, builder, note = status.get(name, ["", "", "", ""])
        tests = ""
        rule = NAME_RULES.get(name) if not st else None
        if rule is None and not st:
            # A module a material program has no use for is n/a whatever names match ours.
            rule = next((
                (s, r) for pat, s, r in MODULE_RULES if s == "n/a" and re.search(pat, module)
            ), None)
        if rule is not None:
            st, note = rule
        if not st and name in lists:
            typed_cell, builder_cell, tests = lists[name]
            m = ident.match(typed_cell)
            typed = m.group(0) if m and defines(typed_src, m.group(0)) else ""
            m = ident.match(re.sub(r"^(NodeGraph::|graph\.)", "", builder_cell))
            builder = f"graph.{m.group(0)}" if m and defines(graph_src, m.group(0)) else ""
            if typed or builder:
                st = "supported"
        if not st:
            rust = snake(name)
            in_typed, in_graph = defines(typed_src, rust), defines(graph_src, rust)
            if in_typed or in_graph:
                st = "supported"
                typed = rust if in_typed else ""
                builder = f"graph.{rust}" if in_graph else ""
        if not st:
            rule = next(((s, r) for pat, s, r in MODULE_RULES if re.search(pat, module)), None)
            st, note = rule if rule is not None else ("refused", "not built yet")
        if st == "supported" and not note and tests:
            note = "tested by " + tests
        rows.append((name, module, st, typed, builder, note))
    supported = sum(r[2] == "supported" for r in rows)
    na = sum(r[2] == "n/a" for r in rows)
    refused = sum(r[2] == "refused" for r in rows)
    later = sum(r[2] == "refused" and "issue" in r[5] for r in rows)
    applicable = len(rows) - na
    out = []
    w = out.append
    w("# TSL coverage: every export of three.js r187's `TSL.js`\n")
    w("Each export of three.js r187's `src/nodes/TSL.js` (the `three/tsl` module TSL code imports from),")
    w("with what tsl-rs offers for it: **supported** (the typed function, in `tsl::prelude`, and the")
    w("`NodeGraph` method), **n/a** (not applicable to a material program, and why), or **refused** (why,")
    w("and which issue builds it where one does). `tools/tsl_coverage/coverage.py` writes this page from")
    w("the export list (`tools/tsl_coverage/list_exports.mjs` over three's sources) and")
    w("`tools/tsl_coverage/status.tsv`; `tests/tsl_coverage.rs` checks that every export is here once and")
    w("that every supported name is defined. The chain forms (`a.add(b)`) are in")
    w("[tsl-to-rust.md](tsl-to-rust.md#chains).\n")
    w("| | exports |\n| --- | --- |")
    w(f"| in `TSL.js` | {len(rows)} |")
    w(f"| supported | {supported} |")
    w(f"| not applicable to a material program | {na} |")
    w(f"| refused | {refused} ({later} of them built by a later issue) |")
    w(f"| applicable (all but n/a) | {applicable}: {100.0 * supported / applicable:.1f}% supported |")
    w(f"| applicable to this issue (all but n/a and later issues) | {applicable - later}: {100.0 * supported / (applicable - later):.1f}% supported |\n")
    w("| TSL | three.js module | status | typed Rust | builder | why / note |")
    w("| --- | --- | --- | --- | --- | --- |")
    for name, module, st, typed, builder, note in rows:
        t = f"`{typed}`" if typed else ""
        b = f"`{builder}`" if builder else ""
        w(f"| `{name}` | {module} | {st} | {t} | {b} | {note} |")
    text = "\n".join(out) + "\n"
    dest = os.path.join(ROOT, "docs", "tsl-coverage.md")
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        sys.exit(0 if open(dest, encoding="utf-8").read() == text else 1)
    with open(dest, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"{len(rows)} exports: {supported} supported, {na} n/a, {refused} refused ({later} later); "
          f"{100.0 * supported / applicable:.1f}% of applicable, {100.0 * supported / (applicable - later):.1f}% of this issue's")


if __name__ == "__main__":
    main()
