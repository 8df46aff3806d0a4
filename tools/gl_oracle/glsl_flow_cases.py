"""The GLSL cases of switch, while, do, prototypes and float loop indexes (issue 18): added to
glsl_cases.CASES by glsl_cases.py through add(), and the ShaderToy set through add_corpus()."""

import os


def add(case, fx):
    # switch: fall-through from case 0 into case 1, two labels on one section, default in the
    # middle falling into case 5. k runs 0, 1, 1, 2, 3, 4, 4, 5 across the 8 columns.
    # By hand: k=0 -> 1+2 = 3; k=1 -> 2; k=2, 3 -> 4+8+16 = 28; k=4 -> 8+16 = 24; k=5 -> 16.
    fx("switch_fallthrough", "vec4(v / 32.0, float(k) / 8.0, y, 1.0)",
       body="""int k = int(x * 6.0);
float v = 0.0;
switch (k) {
  case 0: v += 1.0;
  case 1: v += 2.0; break;
  case 2:
  case 3: v += 4.0;
  default: v += 8.0;
  case 5: v += 16.0; break;
}""", w=8, h=4)
    # switch in a for loop: break leaves the switch, continue the loop's body; a switch nested in
    # a case, whose break leaves only the inner switch.
    fx("switch_nested_break", "vec4(v / 64.0, w / 16.0, 0.0, 1.0)",
       body="""int j = int(y * 4.0);
int k = int(x * 8.0);
float v = 0.0;
float w = 0.0;
for (int i = 0; i < 6; i++) {
  switch (i + j) {
    case 1: v += 1.0; break;
    case 3: { v += 10.0; continue; }
    case 5:
      switch (k) {
        case 2: w += 1.0; break;
        case 6: w += 3.0;
        default: w += 0.5; break;
      }
      v += 5.0;
    default: v += 0.5;
  }
  v *= 1.25;
  if (i == k) break;
}""", w=8, h=4)
    # A switch whose selector no label matches and that has no default runs nothing; a default
    # alone runs always; a return from inside a case.
    case("switch_default_only_return", """varying vec2 vUv;
float pick(int n) {
  switch (n) {
    case 1: return 0.25;
    case 2: { float h = 0.5; return h; }
  }
  return -1.0;
}
void main() {
  int n = int(vUv.x * 4.0);
  float d = 0.0;
  switch (n) { default: d = 1.0 + float(n); }
  switch (n * 10) { case 5: d = 100.0; }
  gl_FragColor = vec4(pick(n), d, vUv.y, 1.0);
}
""", w=4, h=4)
    # while with a constant counter: 5 bodies, the uniform-free triangular sum 0+1+2+3+4 = 10.
    fx("while_counter", "vec4(s / 16.0, float(i) / 8.0, x * t, 1.0)",
       body="""int i = 0;
float s = 0.0;
float t = 0.0;
while (i < 5) { s += float(i); t += y; i++; }""")
    # A data-dependent exit under 256: v grows by x each time through, a break where it passes
    # 1, and the counter's bound 200 ends the loop where x is too small. The count n is
    # ceil((1 - v0) / x)-ish per pixel (Mesa's answer is the reference).
    fx("while_data_exit", "vec4(float(n) / 64.0, 0.0, 0.0, 1.0)",
       body="""int i = 0;
int n = 0;
float v = y * 0.5;
while (i < 200) {
  if (v > 1.0) break;
  v += x * 0.125 + 0.002;
  n += 1;
  i++;
}""", w=8, h=8)
    # do runs its body once before the condition; continue still reaches the condition.
    fx("do_while", "vec4(a / 8.0, b / 16.0, float(k) / 16.0, 1.0)",
       body="""float a = 0.0;
int k = 10;
do { a += 1.0; k++; } while (k < 3);
float b = 0.0;
int m = 0;
do {
  m++;
  if (m == 2) continue;
  b += x + float(m);
  if (b > 6.0 + y) break;
} while (m < 8);""", w=8, h=4)
    # A condition that writes (through a call's inout arguments) runs once more than the body:
    # the while runs 5 bodies and asks 6 times; the do runs its body first, then 5 more, asking
    # 6 times (the specification: the final condition's effects are kept).
    case("while_condition_effects", """varying vec2 vUv;
bool ask(inout int k, inout int asks) {
  asks++;
  k++;
  return k <= 5;
}
void main() {
  int k = 0;
  int asks = 0;
  float s = 0.0;
  while (ask(k, asks)) { s += vUv.x; }
  int k2 = 0;
  int asks2 = 0;
  float bodies2 = 0.0;
  do { bodies2 += 1.0; } while (ask(k2, asks2));
  gl_FragColor = vec4(s, float(asks) / 8.0, bodies2 / 8.0, float(asks2) / 8.0);
}
""")
    # A while of exactly 256 bodies is accepted: s = 0 + 1 + ... + 255 = 32640.
    fx("while_256", "vec4(s / 32640.0, float(i) / 256.0, x, 1.0)",
       body="""int i = 0;
float s = 0.0;
while (i < 256) { s += float(i); i += 1; }""")
    # Prototypes: main calls f and g before their definitions; g calls f.
    case("prototypes", """varying vec2 vUv;
float f(float x);
vec2 g(vec2 p, float k);
void main() {
  vec2 q = g(vUv, 3.0);
  gl_FragColor = vec4(q, f(vUv.y), 1.0);
}
vec2 g(vec2 p, float k) { return vec2(f(p.x) * k, p.y - f(0.5)); }
float f(float x) { return x * x + 0.25; }
""")
    # A float loop index, and a for loop with a float step that is not a power of two.
    fx("for_float_step_tenth", "vec4(s, c / 16.0, x, 1.0)",
       body="""float s = 0.0;
float c = 0.0;
for (float t = 0.0; t < 1.0; t += 0.1) { s += t * x; c += 1.0; }""")
    # A while in a ShaderToy, with a return from inside the loop in a function.
    case("toy_while_return", """float steps(vec2 p) {
  float n = 0.0;
  int i = 0;
  while (i < 32) {
    p = p * 1.5 + 0.1;
    n += 1.0;
    if (dot(p, p) > 40.0) return n;
    i++;
  }
  return -1.0;
}
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
  vec2 uv = fragCoord / iResolution.xy;
  fragColor = vec4(steps(uv * 2.0 - 1.0) / 32.0, uv, 1.0);
}
""", kind="toy", w=8, h=8, time=1.3)


# ------------------------------------------------------------------ the ShaderToy set
# tests/glsl_sources/shadertoy/*.glsl (see its README.md), each drawn by Mesa at 32x16 at
# iTime = 1.3 and compared pixel by pixel. A shader the subset refuses is listed in REFUSED with
# a piece of its refusal; one whose differences from Mesa pass the default bound for a measured
# reason is listed in BOUNDS (docs/glsl.md's ShaderToy set table says the same).
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
                      "glsl_sources", "shadertoy")
REFUSED = {
    # 64 sphere-tracing steps whose distance and step count both stay live after the break: the
    # steps fit the register file in the source's order, but unrolled they pass the instructions'.
    "41_sdf_primitives": "COLOR_NODE has 4265 instructions; MAX_INSTRUCTIONS is 4096",
}
# The measured largest difference from Mesa (32x16 at iTime 1.3) is in each "why"; the bound is
# set a little above it.
_ATAN = "atan's last bits differ from llvmpipe's"
BOUNDS = {
    "07_tunnel": {"rel": 3e-5, "why": _ATAN + " (2.3e-5 relative measured)"},
    "12_mandelbrot": {"rel": 1e-3, "why": "64 chaotic iterations amplify one-ulp differences; log2 of log2 (8.1e-4 measured)"},
    "14_raymarch_sphere": {"rel": 5e-4, "why": "a sphere-tracing loop stops on a threshold, and the normal is a difference of nearby distances (4.0e-4 measured)"},
    "19_starfield": {"rel": 5e-5, "why": "a fract hash of products (3.3e-5 measured)"},
    "20_kaleidoscope": {"rel": 2e-3, "why": _ATAN + ", then sin of the angle times 14 (1.1e-3 measured)"},
    "24_water_caustic": {"rel": 2e-4, "why": "four iterations of sin and cos of each other (1.0e-4 measured)"},
    "27_spiral": {"rel": 5e-4, "why": _ATAN + " and log's, read through fract (3.3e-4 measured)"},
    "09_value_noise": {"rel": 2e-2, "abs": 5e-3, "why": "fract(sin(k) * 43758.5453) amplifies llvmpipe's sin's last bits by 4e4, as FilmShader's rand() does (3.9e-3 absolute measured)"},
    "11_voronoi": {"abs": 1.5e-2, "why": "the fract(sin(k) * 43758.5453) hash jitters each cell's point (1.2e-2 absolute measured)"},
    "25_domain_warp": {"abs": 4e-3, "share": 0.97, "why": "the hash's (x + y) * z of values near 100 keeps about 2e-3 of fract, so one-ulp differences (presumably Mesa's fused multiply-adds) move the noise, and where fract wraps they jump; 98% of components are within 4e-3 (the worst 0.105)"},
}


def add_corpus(case):
    for f in sorted(os.listdir(CORPUS)):
        if not f.endswith(".glsl"):
            continue
        name = f[:-len(".glsl")]
        with open(os.path.join(CORPUS, f)) as src:
            fragment = src.read()
        extra = dict(BOUNDS.get(name, {}))
        if name in REFUSED:
            extra["refused"] = REFUSED[name]
        case("shadertoy/" + name, fragment, kind="toy", w=32, h=16, time=1.3, **extra)
