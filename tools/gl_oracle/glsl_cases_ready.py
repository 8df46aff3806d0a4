"""three r187's toon shaders that the ShaderMaterial prefix's `linearToOutputTexel` lets through
(issue 18), held to Mesa as glsl_cases.py's corpus cases are: glsl_cases.py imports this file at
its end, so these cases join CASES, named three/... as tsl-core/tests/glsl_corpus.rs expects.

Mesa's prefix (three_prefix/shadermaterial.frag) declares three's sRGB `linearToOutputTexel`, so
tsl-core's suites compile every ShaderMaterial case with `OutputTexel::Srgb`.

Each shader lights by uDirLightPos (three's default (0, 0, 0) leaves it dark): the normal is
normal_const's (0, 0.6, 0.8) through an identity normalMatrix, and the light (0, 0, 0.3) gives
dot 0.24, a lightWeighting of 0.0015 + 0.855 * 0.24 = 0.207 per channel, length 0.36: under the
thresholds 1, 0.75 and 0.5 and over 0.3465, so Hatching draws three of its four line sets and
Dotted both of its dot grids. The line colours are told apart (three's defaults are black).
"""

from glsl_cases import three_case

LIT = {"attributes": "normal_const", "inputs": {"normal_view": [0.0, 0.6, 0.8]}}
LIGHT = {"uDirLightPos": [0.0, 0.0, 0.3]}
LINES = {"uLineColor1": [0.9, 0.1, 0.1], "uLineColor2": [0.1, 0.9, 0.1],
         "uLineColor3": [0.1, 0.1, 0.9], "uLineColor4": [0.9, 0.9, 0.1]}

three_case("ToonShader.ToonShader2", uniforms=dict(LIGHT, uLineColor2=[0.1, 0.9, 0.1]), **LIT)
three_case("ToonShader.ToonShaderDotted", uniforms=dict(LIGHT, uLineColor1=[0.9, 0.1, 0.1]), **LIT)
three_case("ToonShader.ToonShaderHatching", uniforms=dict(LIGHT, **LINES), **LIT)

# The shaders that both linearToOutputTexel and general vertex shaders (R-GLSL-24) let through.
three_case("ToonShader.ToonShader1", uniforms=LIGHT)
# Refractor sets its colour and textureMatrix (three's defaults are null); glsl_cases_vertex's
# THREE_VERTEX gives the same matrix.
three_case("WaterRefractionShader.WaterRefractionShader", uniforms={
    "color": [0.6, 0.8, 0.9], "time": 0.7,
    "textureMatrix": [0.5, 0, 0, 0.25, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0.5, 0.5, 0.5, 1]})
three_case("SubsurfaceScatteringShader.SubsurfaceScatteringShader", uniforms={"ambientLightColor": [0.1, 0.2, 0.3]})
