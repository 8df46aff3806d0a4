// The GPU rasterizer's one compute shader: one invocation per pixel draws the pixel from its
// tile's bin, in the CPU's order, with the CPU's exact coverage test, depth test, shading and
// blending (tsl-raster/src/raster/tile.rs and shade/*.rs are the definition). The host did the
// vertex work, the triangle set-up, the draw order and the binning (gpu/raster.rs packs them).
// interp_core.wgsl follows this file: `run_code` runs the node programs, reading lane attributes
// through `attr_of` and textures through `texture_of` below.
//
// Bindings (group 0), all words (u32, floats bitcast):
//   0  words:   every program of the frame, one after the other (a pass names its base).
//   1  frame:   the frame's constants (F_*), the DFG table at DFG_AT, the lights at LIGHTS_AT.
//   2  passes:  PASS_STRIDE words per pass: its draw's material and program (P_*).
//   3  tris:    TRI_STRIDE words per screen triangle (T_*): edge functions as 64-bit integers.
//   4  verts:   VERT_STRIDE floats per placed vertex.
//   5  bins:    tile t's entries are entries bins[t]..bins[t + 1], ENTRY words each from word
//              F_ENTRIES_AT: pass, triangle, whether the 32-bit edges below hold over the tile,
//              the three edge functions at the centre of the tile's first pixel as i32.
//   6  pixels:  the linear RGBA result, rows from the top.
//   7  texels:  the textures: TEX_STRIDE header words per texture id (X_*), then each level's
//              linear RGBA floats, rows from the top.

@group(0) @binding(0) var<storage, read> words: array<u32>;
@group(0) @binding(1) var<storage, read> frame: array<u32>;
@group(0) @binding(2) var<storage, read> passes: array<u32>;
@group(0) @binding(3) var<storage, read> tris: array<u32>;
@group(0) @binding(4) var<storage, read> verts: array<f32>;
@group(0) @binding(5) var<storage, read> bins: array<u32>;
@group(0) @binding(6) var<storage, read_write> pixels: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read> texels: array<u32>;

const NONE: u32 = 0xffffffffu;
const TILE: u32 = 32u;
const F32_MIN_POSITIVE: f32 = 1.17549435e-38;
const F32_MAX: f32 = 3.40282347e38;

// frame words
const F_WIDTH: u32 = 0u;
const F_HEIGHT: u32 = 1u;
const F_TILES_X: u32 = 2u;
const F_SHADING: u32 = 3u; // 0 texture, 1 lit, 2 uv
const F_ORTHO: u32 = 4u;
const F_FOG: u32 = 5u; // 0 none, 1 linear, 2 exp2
const F_DIRECT: u32 = 6u;
const F_HEMIS: u32 = 7u;
const F_CLEAR: u32 = 8u; // 4
const F_FOG_COLOR: u32 = 12u; // 3
const F_FOG_A: u32 = 15u; // near or density
const F_FOG_B: u32 = 16u; // far
const F_VIEW_TO_WORLD: u32 = 17u; // 9, columns
const F_WORLD_TO_VIEW: u32 = 26u; // 9
const F_AMBIENT: u32 = 35u; // 3
const F_ENTRIES_AT: u32 = 38u;
const ENTRY: u32 = 6u;
const DFG_AT: u32 = 64u; // 256 × (scale, bias)
const LIGHTS_AT: u32 = 576u; // hemispheres (9 each), then direct lights (16 each)

// pass words
const PASS_STRIDE: u32 = 64u;
const P_FLAGS: u32 = 0u;
const P_FACES: u32 = 1u; // 0 both, 1 back faces only, 2 front faces only
const P_KIND: u32 = 2u; // Basic Lambert Phong Standard Physical Normals Depth
const P_SIDE: u32 = 3u; // Front Back Double
const P_BASE: u32 = 4u;
const P_START: u32 = 5u; // 8 stages: depth normal mask color opacity emissive ao output
const P_COUNT: u32 = 13u; // 8
const P_COLOR: u32 = 21u;
const P_OPACITY: u32 = 24u;
const P_ALPHA_TEST: u32 = 25u;
const P_EMISSIVE: u32 = 26u;
const P_SPECULAR: u32 = 29u;
const P_SHININESS: u32 = 32u;
const P_ROUGHNESS: u32 = 33u;
const P_METALNESS: u32 = 34u;
const P_CLEARCOAT: u32 = 35u;
const P_CC_ROUGHNESS: u32 = 36u;
const P_UV_MATRIX: u32 = 37u; // 9, columns (identity without one)
const P_MAPS: u32 = 46u; // map, normal map, emissive map, ao map: texture ids, NONE without
const P_NORMAL_SCALE: u32 = 50u; // 2
const P_AO_INTENSITY: u32 = 52u;

const FL_FORWARD: u32 = 1u;
const FL_TRANSPARENT: u32 = 2u;
const FL_DEPTH_TEST: u32 = 4u;
const FL_DEPTH_WRITE: u32 = 8u;
const FL_VERTEX_COLORS: u32 = 16u;
const FL_FLAT: u32 = 32u;
const FL_FOG: u32 = 64u;
const FL_HAS_NORMALS: u32 = 128u;
const FL_PROGRAM: u32 = 256u;
const FL_NEIGHBOURS: u32 = 512u;
const FL_QUAD: u32 = 1024u;
const FL_SURFACE: u32 = 2048u;
const FL_NORMAL_DERIV: u32 = 4096u;
const FL_DEPTH_NODE: u32 = 8192u;
const FL_WANTS_WORLD: u32 = 16384u;

// triangle words
const TRI_STRIDE: u32 = 72u;
const T_E0: u32 = 0u; // 3 × (lo, hi): the edge functions at the centre of the bbox's first pixel
const T_SA: u32 = 6u; // 3 × (lo, hi): a · 256, one pixel right
const T_SB: u32 = 12u; // 3 × (lo, hi): b · 256, one pixel down
const T_BIAS: u32 = 18u;
const T_BBOX: u32 = 21u;
const T_INV_AREA: u32 = 25u;
const T_INV_W: u32 = 26u;
const T_Z: u32 = 29u;
const T_WEIGHTS: u32 = 32u; // 3 vec3
const T_CORNERS: u32 = 41u; // 3 global vertex indices
const T_FRONT: u32 = 44u;
const T_PLANES: u32 = 45u; // the shading's weight planes: 3 numerators and a denominator, (c, a, b)
const T_ORIGIN: u32 = 57u; // the planes' origin pixel (x, y)
const T_SA32: u32 = 59u; // 3 × i32: a · 256 where it fits (for a bin entry's 32-bit edges)
const T_SB32: u32 = 62u; // 3 × i32: b · 256

const VERT_STRIDE: u32 = 16u; // world 0, view 3, normal_view 6, uv 9, color 11

// texture header words
const TEX_STRIDE: u32 = 80u;
const X_LEVELS: u32 = 0u;
const X_WRAP_S: u32 = 1u; // Repeat ClampToEdge MirroredRepeat
const X_WRAP_T: u32 = 2u;
const X_MAG: u32 = 3u; // Filter as 0..5
const X_MIN: u32 = 4u;
const X_FLIP_Y: u32 = 5u;
const X_IDENTITY: u32 = 6u; // whether the uv transform is the identity
const X_UV_MATRIX: u32 = 8u; // 9, columns
const X_LEVEL: u32 = 24u; // 16 × (width, height, first word)

const PI_F: f32 = 3.14159265358979;

fn ff(i: u32) -> f32 {
    return bitcast<f32>(frame[i]);
}

fn fv3(i: u32) -> vec3<f32> {
    return vec3<f32>(ff(i), ff(i + 1u), ff(i + 2u));
}

fn fm3(i: u32) -> mat3x3<f32> {
    return mat3x3<f32>(fv3(i), fv3(i + 3u), fv3(i + 6u));
}

fn pu(p: u32, k: u32) -> u32 {
    return passes[p * PASS_STRIDE + k];
}

fn pf(p: u32, k: u32) -> f32 {
    return bitcast<f32>(passes[p * PASS_STRIDE + k]);
}

fn pv3(p: u32, k: u32) -> vec3<f32> {
    return vec3<f32>(pf(p, k), pf(p, k + 1u), pf(p, k + 2u));
}

fn tu(t: u32, k: u32) -> u32 {
    return tris[t * TRI_STRIDE + k];
}

fn tf(t: u32, k: u32) -> f32 {
    return bitcast<f32>(tris[t * TRI_STRIDE + k]);
}

fn tv3(t: u32, k: u32) -> vec3<f32> {
    return vec3<f32>(tf(t, k), tf(t, k + 1u), tf(t, k + 2u));
}

fn finite(x: f32) -> bool {
    return abs(x) <= F32_MAX;
}

// glam's normalize_or_zero: v times one over its length, zero where that is not finite.
fn normalize0(v: vec3<f32>) -> vec3<f32> {
    let r = 1.0 / sqrt((v.x * v.x + v.y * v.y) + v.z * v.z);
    if (finite(r) && r > 0.0) {
        return v * r;
    }
    return vec3<f32>(0.0);
}

fn dot3(a: vec3<f32>, b: vec3<f32>) -> f32 {
    return (a.x * b.x + a.y * b.y) + a.z * b.z;
}

fn mat_vec(m: mat3x3<f32>, v: vec3<f32>) -> vec3<f32> {
    return (m[0] * v.x + m[1] * v.y) + m[2] * v.z;
}

// glam's cross, component by component.
fn cross3(a: vec3<f32>, b: vec3<f32>) -> vec3<f32> {
    return vec3<f32>(a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y);
}

fn lerp3(a: vec3<f32>, b: vec3<f32>, s: f32) -> vec3<f32> {
    return a + (b - a) * s;
}

// ---- 64-bit integers as (lo, hi) two's complement: the CPU's i64 edge functions, exactly.

fn add64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
    let lo = a.x + b.x;
    return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}

fn neg64(a: vec2<u32>) -> vec2<u32> {
    return add64(vec2<u32>(~a.x, ~a.y), vec2<u32>(1u, 0u));
}

// a · k for |k| < 2^16.
fn mul64s(a: vec2<u32>, k: i32) -> vec2<u32> {
    let m = u32(abs(k));
    let p0 = (a.x & 0xffffu) * m;
    let p1 = (a.x >> 16u) * m;
    let lo = p0 + (p1 << 16u);
    let hi = a.y * m + (p1 >> 16u) + select(0u, 1u, lo < p0);
    let r = vec2<u32>(lo, hi);
    if (k < 0) {
        return neg64(r);
    }
    return r;
}

fn pow2(k: i32) -> f32 {
    return bitcast<f32>(u32(127 + k) << 23u);
}

// Rust's `i64 as f32`: rounded to nearest, ties to even.
fn i64_to_f32(v: vec2<u32>) -> f32 {
    let negative = (v.y >> 31u) != 0u;
    var m = v;
    if (negative) {
        m = neg64(v);
    }
    var r: f32;
    if (m.y == 0u && m.x < 16777216u) {
        r = f32(m.x);
    } else {
        // The top 32 bits and whether anything below them is set; value = top · 2^k.
        var top: u32;
        var sticky = false;
        var k: i32;
        if (m.y == 0u) {
            let lz = countLeadingZeros(m.x);
            top = m.x << lz;
            k = -i32(lz);
        } else {
            let lz = countLeadingZeros(m.y);
            if (lz == 0u) {
                top = m.y;
                sticky = m.x != 0u;
            } else {
                top = (m.y << lz) | (m.x >> (32u - lz));
                sticky = (m.x << lz) != 0u;
            }
            k = 32 - i32(lz);
        }
        var mant = top >> 8u;
        let rem = top & 0xffu;
        if (rem > 0x80u || (rem == 0x80u && (sticky || (mant & 1u) != 0u))) {
            mant += 1u;
        }
        r = f32(mant) * pow2(k + 8);
    }
    return select(r, -r, negative);
}

// ---- A triangle at a pixel (tile.rs, setup.rs).

// Edge `i` at the centre of pixel (px, py).
fn edge(t: u32, i: u32, px: i32, py: i32) -> vec2<u32> {
    let b = t * TRI_STRIDE;
    let e0 = vec2<u32>(tris[b + T_E0 + 2u * i], tris[b + T_E0 + 2u * i + 1u]);
    let sa = vec2<u32>(tris[b + T_SA + 2u * i], tris[b + T_SA + 2u * i + 1u]);
    let sb = vec2<u32>(tris[b + T_SB + 2u * i], tris[b + T_SB + 2u * i + 1u]);
    let dx = px - i32(tris[b + T_BBOX]);
    let dy = py - i32(tris[b + T_BBOX + 1u]);
    return add64(e0, add64(mul64s(sa, dx), mul64s(sb, dy)));
}

// An i32 as a 64-bit integer.
fn widen(v: i32) -> vec2<u32> {
    return vec2<u32>(bitcast<u32>(v), select(0u, 0xffffffffu, v < 0));
}

fn positive64(v: vec2<u32>) -> bool {
    let hi = bitcast<i32>(v.y);
    return hi > 0 || (hi == 0 && v.x > 0u);
}

fn screen_weights(t: u32, px: i32, py: i32) -> vec3<f32> {
    let inv = tf(t, T_INV_AREA);
    return vec3<f32>(
        i64_to_f32(edge(t, 0u, px, py)) * inv,
        i64_to_f32(edge(t, 1u, px, py)) * inv,
        i64_to_f32(edge(t, 2u, px, py)) * inv,
    );
}

fn tri_depth(t: u32, l: vec3<f32>) -> f32 {
    let z = tv3(t, T_Z);
    return (l.x * z.x + l.y * z.y) + l.z * z.z;
}

fn depth_at(t: u32, px: i32, py: i32) -> f32 {
    return tri_depth(t, screen_weights(t, px, py));
}

// The perspective weights of the original corners at pixel (px, py) from the triangle's
// planes (setup.rs WeightPlanes, which the CPU's shading uses).
fn weights_at(t: u32, px: i32, py: i32) -> vec3<f32> {
    let b = t * TRI_STRIDE;
    let dx = f32(px - bitcast<i32>(tris[b + T_ORIGIN]));
    let dy = f32(py - bitcast<i32>(tris[b + T_ORIGIN + 1u]));
    var v: array<f32, 4>;
    for (var j = 0u; j < 4u; j++) {
        let at = b + T_PLANES + 3u * j;
        v[j] = (bitcast<f32>(tris[at]) + bitcast<f32>(tris[at + 1u]) * dx)
            + bitcast<f32>(tris[at + 2u]) * dy;
    }
    let d = v[3];
    if (abs(d) <= F32_MIN_POSITIVE || !finite(d)) {
        return tv3(t, T_WEIGHTS);
    }
    return vec3<f32>(v[0] / d, v[1] / d, v[2] / d);
}

// ---- Vertices.

fn vert3(v: u32, k: u32) -> vec3<f32> {
    let b = v * VERT_STRIDE + k;
    return vec3<f32>(verts[b], verts[b + 1u], verts[b + 2u]);
}

fn vert2(v: u32, k: u32) -> vec2<f32> {
    let b = v * VERT_STRIDE + k;
    return vec2<f32>(verts[b], verts[b + 1u]);
}

fn interp3(c: vec3<u32>, w: vec3<f32>, k: u32) -> vec3<f32> {
    return (vert3(c.x, k) * w.x + vert3(c.y, k) * w.y) + vert3(c.z, k) * w.z;
}

fn interp2(c: vec3<u32>, w: vec3<f32>, k: u32) -> vec2<f32> {
    return (vert2(c.x, k) * w.x + vert2(c.y, k) * w.y) + vert2(c.z, k) * w.z;
}

// ---- The fragment being shaded, which the program's attributes read.

var<private> s_pass: u32;
var<private> s_corners: vec3<u32>;
var<private> s_w: vec3<f32>;
var<private> s_rw: vec3<f32>;
var<private> s_uw: vec3<f32>;
var<private> s_fc0: vec3<f32>;
var<private> s_fc1: vec3<f32>;
var<private> s_fc2: vec3<f32>;
var<private> s_front: f32;
var<private> s_gl_front: f32;
var<private> s_sign: f32;
var<private> s_uv: vec2<f32>;
var<private> s_pw: vec3<f32>;
var<private> s_pv: vec3<f32>;
var<private> s_vcol: vec3<f32>;
var<private> s_nw_here: vec3<f32>;
var<private> s_nv_here: vec3<f32>;
var<private> s_nw: vec3<f32>;
var<private> s_nv: vec3<f32>;
var<private> s_lit: vec3<f32>;
var<private> s_duv0: vec2<f32>;
var<private> s_duv1: vec2<f32>;

fn uv_matrix(p: u32) -> mat3x3<f32> {
    return mat3x3<f32>(pv3(p, P_UV_MATRIX), pv3(p, P_UV_MATRIX + 3u), pv3(p, P_UV_MATRIX + 6u));
}

// The map's transform of a uv (shade/mod.rs transform_uv), identity without one.
fn uv_of(uv: vec2<f32>) -> vec2<f32> {
    let m = uv_matrix(s_pass);
    return vec2<f32>(
        m[0].x * uv.x + m[1].x * uv.y,
        m[0].y * uv.x + m[1].y * uv.y,
    ) + vec2<f32>(m[2].x, m[2].y);
}

fn linear2(m: mat3x3<f32>, v: vec2<f32>) -> vec2<f32> {
    return vec2<f32>(m[0].x * v.x + m[1].x * v.y, m[0].y * v.x + m[1].y * v.y);
}

// A lane attribute (tsl_core::Attribute's id) in a view, as shade/mod.rs fill_views writes it.
fn attr_of(view: u32, id: u32) -> vec3<f32> {
    if (view <= 1u) {
        let here = view == 1u;
        switch id {
            case 0u: { return vec3<f32>(s_uv, 0.0); }
            case 1u: { return s_pw; }
            case 2u: { return s_pv; }
            case 3u: { return select(s_nw, s_nw_here, here); }
            case 4u: { return select(s_nv, s_nv_here, here); }
            case 5u: { return s_vcol; }
            case 8u: { return select(s_lit, vec3<f32>(0.0), here); }
            case 9u: { return s_w; }
            case 10u: { return s_fc0; }
            case 11u: { return vec3<f32>(s_front); }
            case 12u: { return vec3<f32>(s_gl_front); }
            default: { return vec3<f32>(0.0); }
        }
    }
    var w = vec3<f32>(0.0);
    if (view == 2u) {
        w = s_rw;
    } else if (view == 3u) {
        w = s_uw;
    } else {
        w[view - 4u] = 1.0;
    }
    let screen = view <= 3u;
    switch id {
        case 0u: { return vec3<f32>(uv_of(interp2(s_corners, w, 9u)), 0.0); }
        case 1u: { return interp3(s_corners, w, 0u); }
        case 2u: { return interp3(s_corners, w, 3u); }
        case 3u, 4u: {
            let nv = normalize0(interp3(s_corners, w, 6u)) * s_sign;
            if (id == 4u) {
                return nv;
            }
            return normalize0(mat_vec(fm3(F_VIEW_TO_WORLD), nv));
        }
        case 5u: { return pv3(s_pass, P_COLOR) * interp3(s_corners, w, 11u); }
        case 9u: { return w; }
        case 10u: { return select(vec3<f32>(0.0), select(s_fc2, s_fc1, view == 2u), screen); }
        case 11u: { return select(vec3<f32>(0.0), vec3<f32>(s_front), screen); }
        case 12u: { return select(vec3<f32>(0.0), vec3<f32>(s_gl_front), screen); }
        default: { return vec3<f32>(0.0); }
    }
}

// ---- Textures (texture/sample.rs): wraps, nearest, bilinear, mip levels from the uv's
// derivatives, read from the texels buffer.

fn xw(id: u32, k: u32) -> u32 {
    return texels[id * TEX_STRIDE + k];
}

fn wrap_index(i: i32, n: i32, mode: u32) -> i32 {
    if (mode == 0u) {
        return ((i % n) + n) % n;
    }
    if (mode == 1u) {
        return clamp(i, 0, n - 1);
    }
    let k = ((i % (2 * n)) + 2 * n) % (2 * n);
    return select(k, 2 * n - 1 - k, k >= n);
}

struct Level {
    width: i32,
    height: i32,
    first: u32,
}

fn level_of(id: u32, d: u32) -> Level {
    let b = id * TEX_STRIDE + X_LEVEL + 3u * d;
    return Level(i32(texels[b]), i32(texels[b + 1u]), texels[b + 2u]);
}

fn texel(id: u32, level: Level, x: i32, y: i32) -> vec4<f32> {
    let sx = wrap_index(x, level.width, xw(id, X_WRAP_S));
    let sy = wrap_index(y, level.height, xw(id, X_WRAP_T));
    let at = level.first + 4u * u32(sy * level.width + sx);
    return vec4<f32>(
        bitcast<f32>(texels[at]),
        bitcast<f32>(texels[at + 1u]),
        bitcast<f32>(texels[at + 2u]),
        bitcast<f32>(texels[at + 3u]),
    );
}

// A float coordinate as a texel index, kept finite (the CPU clamps to ±2^40 in i64; here ±2^30).
fn texel_index(x: f32) -> i32 {
    let f = floor(x);
    if (!(f == f)) {
        return 0;
    }
    return i32(clamp(f, -1073741824.0, 1073741824.0));
}

// One level read with the nearest texel or bilinearly (the four texels read in one loop, so
// that the shader holds one copy of the texel fetch).
fn filtered(id: u32, level: Level, s: f32, t: f32, linear: bool) -> vec4<f32> {
    var x0: i32;
    var y0: i32;
    var fx = 0.0;
    var fy = 0.0;
    var n = 1u;
    if (linear) {
        let x = s * f32(level.width) - 0.5;
        let y = t * f32(level.height) - 0.5;
        fx = x - floor(x);
        fy = y - floor(y);
        if (!finite(fx)) {
            fx = 0.0;
        }
        if (!finite(fy)) {
            fy = 0.0;
        }
        x0 = texel_index(x);
        y0 = texel_index(y);
        n = 4u;
    } else {
        x0 = texel_index(s * f32(level.width));
        y0 = texel_index(t * f32(level.height));
    }
    var c: array<vec4<f32>, 4>;
    for (var k = 0u; k < n; k++) {
        c[k] = texel(id, level, x0 + i32(k & 1u), y0 + i32(k >> 1u));
    }
    if (!linear) {
        return c[0];
    }
    let top = c[0] + (c[1] - c[0]) * fx;
    let bottom = c[2] + (c[3] - c[2]) * fx;
    return top + (bottom - top) * fy;
}

fn len2(v: vec2<f32>) -> f32 {
    return sqrt(v.x * v.x + v.y * v.y);
}

// Texture `id` at `uv` with the uv's screen derivatives (ddx, ddy), as Texture::sample_grad: the
// level or the two levels are chosen first, then read in one loop.
fn sample_grad(id: u32, uv: vec2<f32>, ddx: vec2<f32>, ddy: vec2<f32>) -> vec4<f32> {
    let base = level_of(id, 0u);
    let size = vec2<f32>(f32(base.width), f32(base.height));
    let s = uv.x;
    let t = select(uv.y, 1.0 - uv.y, xw(id, X_FLIP_Y) != 0u);
    let ra = len2(ddx * size);
    let rb = len2(ddy * size);
    // f32::max: a NaN gives the other.
    var rho = ra;
    if (rb > ra || !(ra == ra)) {
        rho = rb;
    }
    let levels = xw(id, X_LEVELS);
    let last = f32(levels - 1u);
    var lambda = last;
    var magnified = false;
    if (finite(rho) && rho > 0.0) {
        lambda = log2(rho);
    } else if (finite(rho)) {
        magnified = true;
    }
    var d0 = 0u;
    var two = false;
    var f = 0.0;
    var linear: bool;
    let min_filter = xw(id, X_MIN);
    if (magnified || lambda <= 0.0) {
        linear = xw(id, X_MAG) != 0u;
    } else if (min_filter <= 1u) {
        linear = min_filter == 1u;
    } else if (min_filter <= 3u) {
        var d = 0.0;
        if (lambda > 0.5) {
            d = min(ceil(lambda + 0.5) - 1.0, last);
        }
        d0 = u32(d);
        linear = min_filter == 3u;
    } else {
        linear = min_filter == 5u;
        let l = min(lambda, last);
        let d1 = floor(l);
        f = l - d1;
        d0 = u32(d1);
        two = !(f == 0.0 || d1 >= last);
    }
    var a = vec4<f32>(0.0);
    let n = select(1u, 2u, two);
    for (var k = 0u; k < n; k++) {
        let v = filtered(id, level_of(id, d0 + k), s, t, linear);
        if (k == 0u) {
            a = v;
        } else {
            a = a + (v - a) * f;
        }
    }
    return a;
}

// The texture's own uv transform (identity when it has none).
fn texture_matrix(id: u32) -> mat3x3<f32> {
    if (xw(id, X_IDENTITY) != 0u) {
        return mat3x3<f32>(vec3<f32>(1.0, 0.0, 0.0), vec3<f32>(0.0, 1.0, 0.0), vec3<f32>(0.0, 0.0, 1.0));
    }
    let b = id * TEX_STRIDE + X_UV_MATRIX;
    return mat3x3<f32>(
        vec3<f32>(bitcast<f32>(texels[b]), bitcast<f32>(texels[b + 1u]), bitcast<f32>(texels[b + 2u])),
        vec3<f32>(bitcast<f32>(texels[b + 3u]), bitcast<f32>(texels[b + 4u]), bitcast<f32>(texels[b + 5u])),
        vec3<f32>(bitcast<f32>(texels[b + 6u]), bitcast<f32>(texels[b + 7u]), bitcast<f32>(texels[b + 8u])),
    );
}

// A material map read at the surface's uv through the texture's own transform (read_map).
fn read_map(id: u32, uv: vec2<f32>, d0: vec2<f32>, d1: vec2<f32>) -> vec4<f32> {
    var tuv = uv;
    var a = d0;
    var b = d1;
    if (xw(id, X_IDENTITY) == 0u) {
        let m = texture_matrix(id);
        tuv = linear2(m, uv) + vec2<f32>(m[2].x, m[2].y);
        a = linear2(m, d0);
        b = linear2(m, d1);
    }
    return sample_grad(id, tuv, a, b);
}

// A program's texture read: the surface's uv derivatives choose the level; opaque white in the
// lit shading view.
fn texture_of(id: u32, uv: vec2<f32>) -> vec4<f32> {
    if (frame[F_SHADING] == 1u) {
        return vec4<f32>(1.0);
    }
    return sample_grad(id, uv, s_duv0, s_duv1);
}

// ---- Colour, lights and models (output/transform.rs, shade/lights.rs, model.rs, lanes.rs).

fn srgb_eotf(c: f32) -> f32 {
    if (c <= 0.04045) {
        return c * 0.07739938;
    }
    return powf(c * 0.9478673 + 0.0521327, 2.4);
}

fn smoothstep1(low: f32, high: f32, x: f32) -> f32 {
    let u = (x - low) / (high - low);
    if (!(u == u)) {
        return u;
    }
    let t = clamp(u, 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

fn distance_attenuation(distance: f32, cutoff: f32, decay: f32) -> f32 {
    let falloff = 1.0 / max(powf(distance, decay), 0.01);
    if (cutoff > 0.0) {
        let r = distance / cutoff;
        let fade = clamp(1.0 - r * r * r * r, 0.0, 1.0);
        return falloff * fade * fade;
    }
    return falloff;
}

// The indirect irradiance of the ambient and hemisphere lights for a world normal.
fn irradiance(nw: vec3<f32>) -> vec3<f32> {
    var sum = fv3(F_AMBIENT);
    let count = frame[F_HEMIS];
    for (var i = 0u; i < count; i++) {
        let b = LIGHTS_AT + 9u * i;
        let weight = 0.5 * dot3(nw, fv3(b + 6u)) + 0.5;
        sum += lerp3(fv3(b + 3u), fv3(b), weight);
    }
    return sum;
}

struct Incoming {
    dir: vec3<f32>,
    color: vec3<f32>,
}

// Direct light `i` at the view-space point `position`.
fn direct_light(i: u32, position: vec3<f32>) -> Incoming {
    let b = LIGHTS_AT + 9u * frame[F_HEMIS] + 16u * i;
    let kind = frame[b];
    let color = fv3(b + 4u);
    if (kind == 0u) {
        return Incoming(fv3(b + 1u), color);
    }
    let vector = fv3(b + 1u) - position;
    let d = sqrt(dot3(vector, vector));
    let l = normalize0(vector);
    let atten = distance_attenuation(d, ff(b + 12u), ff(b + 13u));
    if (kind == 1u) {
        return Incoming(l, color * atten);
    }
    var spot = smoothstep1(ff(b + 10u), ff(b + 11u), dot3(l, fv3(b + 7u)));
    if (!(spot == spot)) {
        spot = 0.0;
    }
    return Incoming(l, color * spot * atten);
}

fn fresnel_factor(dot_vh: f32) -> f32 {
    return exp2((-5.55473 * dot_vh - 6.98316) * dot_vh);
}

// PhongLightingModel: Lambert, and Blinn-Phong when `specular_on`.
fn phong(p: u32, n: vec3<f32>, nw: vec3<f32>, v: vec3<f32>, position: vec3<f32>,
         diffuse: vec3<f32>, ao: f32, specular_on: bool) -> vec3<f32> {
    var dd = vec3<f32>(0.0);
    var ds = vec3<f32>(0.0);
    let specular = pv3(p, P_SPECULAR);
    let shininess = max(pf(p, P_SHININESS), 1e-4);
    let count = frame[F_DIRECT];
    for (var i = 0u; i < count; i++) {
        let light = direct_light(i, position);
        let l = light.dir;
        let irr = clamp(dot3(n, l), 0.0, 1.0) * light.color;
        dd += irr * diffuse / PI_F;
        if (specular_on) {
            let h = normalize0(l + v);
            let dot_nh = clamp(dot3(n, h), 0.0, 1.0);
            let dot_vh = clamp(dot3(v, h), 0.0, 1.0);
            let fresnel = fresnel_factor(dot_vh);
            let f = specular * (1.0 - fresnel) + vec3<f32>(fresnel);
            let d = (shininess * 0.5 + 1.0) * (1.0 / PI_F) * powf(dot_nh, shininess);
            ds += irr * f * 0.25 * d;
        }
    }
    let indirect = irradiance(nw) * diffuse / PI_F * ao;
    return dd + indirect + ds;
}

fn dfg_at(x: u32, y: u32) -> vec2<f32> {
    let i = DFG_AT + 2u * ((y * 16u + x) & 255u);
    return vec2<f32>(ff(i), ff(i + 1u));
}

fn dfg(roughness: f32, dot_nv: f32) -> vec2<f32> {
    var x = clamp(roughness * 16.0 - 0.5, 0.0, 15.0);
    var y = clamp(dot_nv * 16.0 - 0.5, 0.0, 15.0);
    if (!finite(x)) {
        x = 0.0;
    }
    if (!finite(y)) {
        y = 0.0;
    }
    let x0 = u32(x);
    let y0 = u32(y);
    let x1 = min(x0 + 1u, 15u);
    let y1 = min(y0 + 1u, 15u);
    let fx = x - f32(x0);
    let fy = y - f32(y0);
    let a = dfg_at(x0, y0);
    let top = a + (dfg_at(x1, y0) - a) * fx;
    let c = dfg_at(x0, y1);
    let bottom = c + (dfg_at(x1, y1) - c) * fx;
    return top + (bottom - top) * fy;
}

// BRDF_GGX for the clearcoat lobe (brdf.rs).
fn brdf_ggx(l: vec3<f32>, v: vec3<f32>, n: vec3<f32>, f0: vec3<f32>, roughness: f32) -> vec3<f32> {
    let r = max(roughness, 0.045);
    let alpha = r * r;
    let h = normalize0(l + v);
    let dot_nl = clamp(dot3(n, l), 0.0, 1.0);
    let dot_nv = clamp(dot3(n, v), 0.0, 1.0);
    let dot_nh = clamp(dot3(n, h), 0.0, 1.0);
    let dot_vh = clamp(dot3(v, h), 0.0, 1.0);
    let fresnel = fresnel_factor(dot_vh);
    let f = f0 * (1.0 - fresnel) + vec3<f32>(fresnel);
    let a2 = alpha * alpha;
    let gv = dot_nl * sqrt(a2 + (1.0 - a2) * dot_nv * dot_nv);
    let gl = dot_nv * sqrt(a2 + (1.0 - a2) * dot_nl * dot_nl);
    let vis = 0.5 / max(gv + gl, 1e-6);
    let denom = 1.0 - dot_nh * dot_nh * (1.0 - a2);
    let d = a2 / (denom * denom) * (1.0 / PI_F);
    return f * vis * d;
}

// The physical model as shade/lanes.rs runs it, one fragment.
fn physical(p: u32, n: vec3<f32>, nw: vec3<f32>, v: vec3<f32>, position: vec3<f32>,
            diffuse: vec3<f32>, ao: f32, roughness: f32, cc_roughness: f32,
            clearcoat: bool) -> vec3<f32> {
    let metal = pf(p, P_METALNESS);
    let nv = clamp(dot3(n, v), 0.0, 1.0);
    let ab = dfg(roughness, nv);
    var dd = vec3<f32>(0.0);
    var ds = vec3<f32>(0.0);
    var cc = vec3<f32>(0.0);
    let r = max(roughness, 0.045);
    let alpha = r * r;
    let a2 = alpha * alpha;
    let ess = ab.x + ab.y;
    let blended = vec3<f32>(0.04) + (diffuse - vec3<f32>(0.04)) * metal;
    let count = frame[F_DIRECT];
    for (var i = 0u; i < count; i++) {
        let light = direct_light(i, position);
        let l = light.dir;
        let dot_nl = clamp(dot3(n, l), 0.0, 1.0);
        let hh = l + v;
        var inv = 1.0 / sqrt((hh.x * hh.x + hh.y * hh.y) + hh.z * hh.z);
        if (!(finite(inv) && inv > 0.0)) {
            inv = 0.0;
        }
        let h = hh * inv;
        let dot_nh = clamp(dot3(n, h), 0.0, 1.0);
        let dot_vh = clamp(dot3(v, h), 0.0, 1.0);
        let fresnel = fresnel_factor(dot_vh);
        let gv = dot_nl * sqrt(a2 + (1.0 - a2) * nv * nv);
        let gl = nv * sqrt(a2 + (1.0 - a2) * dot_nl * dot_nl);
        let vis = 0.5 / max(gv + gl, 1e-6);
        let denom = 1.0 - dot_nh * dot_nh * (1.0 - a2);
        let d = a2 / (denom * denom) * (1.0 / PI_F);
        let vd = vis * d;
        let f = 0.04 * (1.0 - fresnel) + fresnel;
        let spec = (blended * (1.0 - fresnel) + vec3<f32>(fresnel)) * vd
            * (blended * (1.0 / ess - 1.0) + vec3<f32>(1.0));
        let k = (1.0 - metal) / PI_F * (1.0 - f);
        dd += dot_nl * light.color * diffuse * k;
        ds += dot_nl * light.color * spec;
        if (clearcoat) {
            let irr = dot_nl * light.color;
            cc += irr * brdf_ggx(l, v, n, vec3<f32>(0.04), cc_roughness);
        }
    }
    let contribution = diffuse * (1.0 - metal);
    let fss_ess = 0.04 * ab.x + ab.y;
    let ems = 1.0 - ess;
    let favg = 0.04 + (1.0 - 0.04) * 0.047619;
    let fms = fss_ess * favg / (1.0 - ems * favg);
    let scattering = fss_ess + fms * ems;
    let indirect = irradiance(nw) * (contribution / PI_F) * (1.0 - scattering) * ao;
    var outgoing = dd + indirect + ds;
    if (clearcoat) {
        let strength = pf(p, P_CLEARCOAT);
        let e = fresnel_factor(nv);
        let fcc = 0.04 * (1.0 - e) + e;
        outgoing = outgoing * (1.0 - strength * fcc) + cc * strength;
    }
    return outgoing;
}

fn final_roughness(roughness: f32, geometry: f32) -> f32 {
    return min(max(roughness, 0.045) + geometry, 1.0);
}

// ---- Shading one fragment (shade/mod.rs shade_batch, one lane).

struct Shaded {
    color: vec4<f32>,
    depth: f32,
    keep: bool,
}

fn face_sign(side: u32, front: bool) -> f32 {
    if (side == 0u) {
        return 1.0;
    }
    if (side == 1u) {
        return -1.0;
    }
    return select(-1.0, 1.0, front);
}

fn shade(p: u32, t: u32, px: i32, py: i32, z: f32) -> Shaded {
    let flags = pu(p, P_FLAGS);
    let kind = pu(p, P_KIND);
    let side = pu(p, P_SIDE);
    let height = i32(frame[F_HEIGHT]);
    let shading = frame[F_SHADING];
    let front = tu(t, T_FRONT) != 0u;
    let flat_shading = (flags & FL_FLAT) != 0u;
    s_pass = p;
    s_corners = vec3<u32>(tu(t, T_CORNERS), tu(t, T_CORNERS + 1u), tu(t, T_CORNERS + 2u));
    let w = weights_at(t, px, py);
    s_w = w;
    s_pw = interp3(s_corners, w, 0u);
    s_pv = interp3(s_corners, w, 3u);
    let uv_raw = interp2(s_corners, w, 9u);
    let vcol_raw = interp3(s_corners, w, 11u);
    var ng = interp3(s_corners, w, 6u);
    let cx = f32(px) + 0.5;
    let cy = f32(height) - f32(py) - 0.5;
    s_fc0 = vec3<f32>(cx, cy, z);
    if ((flags & FL_NEIGHBOURS) != 0u) {
        s_fc1 = vec3<f32>(cx + 1.0, cy, depth_at(t, px + 1, py));
        s_fc2 = vec3<f32>(cx, cy + 1.0, depth_at(t, px, py - 1));
        s_rw = weights_at(t, px + 1, py);
        s_uw = weights_at(t, px, py - 1);
    }
    var duv0 = vec2<f32>(0.0);
    var duv1 = vec2<f32>(0.0);
    var dp0 = vec3<f32>(0.0);
    var dp1 = vec3<f32>(0.0);
    var dn0 = vec3<f32>(0.0);
    var dn1 = vec3<f32>(0.0);
    if ((flags & FL_QUAD) != 0u) {
        // The built-in derivatives, per 2×2 window quad at its lower-left pixel.
        let window_row = height - 1 - py;
        let qx = px & ~1;
        let qy = height - 1 - (window_row & ~1);
        let w0 = weights_at(t, qx, qy);
        let w1 = weights_at(t, qx + 1, qy);
        let w2 = weights_at(t, qx, qy - 1);
        if ((flags & FL_SURFACE) != 0u) {
            let uv0 = interp2(s_corners, w0, 9u);
            let p0 = interp3(s_corners, w0, 3u);
            duv0 = interp2(s_corners, w1, 9u) - uv0;
            duv1 = interp2(s_corners, w2, 9u) - uv0;
            dp0 = interp3(s_corners, w1, 3u) - p0;
            dp1 = interp3(s_corners, w2, 3u) - p0;
        }
        if ((flags & FL_NORMAL_DERIV) != 0u) {
            let n0 = normalize0(interp3(s_corners, w0, 6u));
            dn0 = normalize0(interp3(s_corners, w1, 6u)) - n0;
            dn1 = normalize0(interp3(s_corners, w2, 6u)) - n0;
        }
    }
    if (flat_shading) {
        ng = vec3<f32>(dp0.y * dp1.z - dp1.y * dp0.z, dp0.z * dp1.x - dp1.z * dp0.x,
                       dp0.x * dp1.y - dp1.x * dp0.y);
        dn0 = vec3<f32>(0.0);
        dn1 = vec3<f32>(0.0);
    }
    let normal = normalize0(ng);
    let sign = face_sign(side, front);
    var nv = normal;
    if (!flat_shading) {
        nv = sign * normal;
    }
    let view_to_world = fm3(F_VIEW_TO_WORLD);
    var nw = normalize0(mat_vec(view_to_world, nv));
    let uvm = uv_matrix(p);
    s_duv0 = linear2(uvm, duv0);
    s_duv1 = linear2(uvm, duv1);

    if (shading == 2u) {
        return Shaded(vec4<f32>(srgb_eotf(uv_raw.x), srgb_eotf(uv_raw.y), 0.0, 1.0), z, true);
    }
    let transparent = (flags & FL_TRANSPARENT) != 0u;
    if (kind >= 5u) {
        var rgb = vec3<f32>(1.0 - z);
        if (kind == 5u) {
            rgb = nv * 0.5 + 0.5;
        }
        let alpha = select(1.0, pf(p, P_OPACITY), transparent);
        return Shaded(vec4<f32>(srgb_eotf(rgb.x), srgb_eotf(rgb.y), srgb_eotf(rgb.z), alpha), z, true);
    }

    let material_color = pv3(p, P_COLOR);
    s_uv = uv_of(uv_raw);
    s_vcol = material_color * vcol_raw;
    s_nw_here = nw;
    s_nv_here = nv;
    s_nw = nw;
    s_nv = nv;
    s_lit = vec3<f32>(0.0);
    s_front = select(0.0, 1.0, front);
    s_gl_front = select(0.0, 1.0, front != (side == 1u));
    s_sign = sign;

    var keep = true;
    var depth = z;
    var diffuse = vec4<f32>(0.0);
    var emissive = vec3<f32>(0.0);
    var ao = 1.0;
    var color = vec4<f32>(0.0);
    let base = pu(p, P_BASE);
    // The stages in spec/000's order; the program runs from this one place (Mesa inlines every
    // call, so one call site keeps one copy of the interpreter).
    let white = shading == 1u;
    for (var k = 0u; k < 8u; k++) {
        // The material map this stage reads (one read_map call site for all of them).
        var map = NONE;
        switch k {
            case 1u: { map = pu(p, P_MAPS + 1u); }
            case 3u: {
                let needs_map = pu(p, P_COUNT + 3u) == 0u || pu(p, P_COUNT + 4u) == 0u;
                map = select(NONE, pu(p, P_MAPS), needs_map);
            }
            case 5u: { map = pu(p, P_MAPS + 2u); }
            case 6u: { map = pu(p, P_MAPS + 3u); }
            default: {}
        }
        var texel = vec4<f32>(1.0);
        let read = map != NONE && !white;
        if (read) {
            texel = read_map(map, uv_raw, duv0, duv1);
        }
        switch k {
            case 1u: {
                if (read) {
                    // The normal map, tangents from the screen derivatives.
                    var tn = texel.xyz * 2.0 - 1.0;
                    var scale = vec2<f32>(pf(p, P_NORMAL_SCALE), pf(p, P_NORMAL_SCALE + 1u));
                    if (flat_shading) {
                        scale = scale * sign;
                    }
                    tn.x *= scale.x;
                    tn.y *= scale.y;
                    var st0 = duv0;
                    var st1 = duv1;
                    if (xw(map, X_IDENTITY) == 0u) {
                        let m = texture_matrix(map);
                        st0 = linear2(m, duv0);
                        st1 = linear2(m, duv1);
                    }
                    let nn = nv;
                    let q1perp = cross3(dp1, nn);
                    let q0perp = cross3(nn, dp0);
                    let tangent = q1perp * st0.x + q0perp * st1.x;
                    let bitangent = q1perp * st0.y + q0perp * st1.y;
                    let det = max(dot3(tangent, tangent), dot3(bitangent, bitangent));
                    var kk = 0.0;
                    if (det != 0.0) {
                        kk = 1.0 / sqrt(det);
                    }
                    var sg = sign;
                    if (flat_shading) {
                        sg = 1.0;
                    }
                    let tv = tangent * kk * sg;
                    let bv = bitangent * kk * sg;
                    s_nv = normalize0((tv * tn.x + bv * tn.y) + nn * tn.z);
                    s_nw = normalize0(mat_vec(view_to_world, s_nv));
                }
            }
            case 3u: {
                var rgb = material_color * texel.xyz;
                if ((flags & FL_VERTEX_COLORS) != 0u) {
                    rgb *= vcol_raw;
                }
                diffuse = vec4<f32>(rgb, pf(p, P_OPACITY) * texel.w);
            }
            case 5u: {
                let alpha_test = pf(p, P_ALPHA_TEST);
                if (alpha_test > 0.0 && diffuse.w <= alpha_test) {
                    keep = false;
                }
                if (!transparent) {
                    diffuse.w = 1.0;
                }
                emissive = pv3(p, P_EMISSIVE);
                if (read) {
                    emissive *= texel.xyz;
                }
            }
            case 6u: {
                ao = 1.0;
                if (read) {
                    ao = (texel.x - 1.0) * pf(p, P_AO_INTENSITY) + 1.0;
                }
            }
            case 7u: {
                var view_dir = vec3<f32>(0.0, 0.0, 1.0);
                if (frame[F_ORTHO] == 0u) {
                    view_dir = normalize0(-s_pv);
                }
                var geometry_roughness = 0.0;
                if ((flags & FL_HAS_NORMALS) != 0u) {
                    let m = max(abs(dn0), abs(dn1));
                    geometry_roughness = max(max(m.x, m.y), m.z);
                }
                var outgoing = diffuse.xyz;
                switch kind {
                    case 0u: { outgoing = diffuse.xyz * ao; }
                    case 1u, 2u: {
                        outgoing = phong(p, s_nv, s_nw, view_dir, s_pv, diffuse.xyz, ao, kind == 2u);
                    }
                    case 3u, 4u: {
                        let clearcoat = kind == 4u && pf(p, P_CLEARCOAT) > 0.0;
                        outgoing = physical(p, s_nv, s_nw, view_dir, s_pv, diffuse.xyz, ao,
                            final_roughness(pf(p, P_ROUGHNESS), geometry_roughness),
                            final_roughness(pf(p, P_CC_ROUGHNESS), geometry_roughness),
                            clearcoat);
                    }
                    default: {}
                }
                var rgb = max(outgoing + emissive, vec3<f32>(0.0));
                let alpha = max(diffuse.w, 0.0);
                let fog = frame[F_FOG];
                if (fog != 0u && (flags & FL_FOG) != 0u) {
                    let d = -s_pv.z;
                    var factor: f32;
                    if (fog == 1u) {
                        factor = smoothstep1(ff(F_FOG_A), ff(F_FOG_B), d);
                    } else {
                        let density = ff(F_FOG_A);
                        factor = 1.0 - exp(-(density * density * d * d));
                    }
                    rgb = lerp3(rgb, fv3(F_FOG_COLOR), factor);
                }
                color = vec4<f32>(rgb, alpha);
                s_lit = rgb;
            }
            default: {}
        }
        let count = pu(p, P_COUNT + k);
        if (count == 0u) {
            continue;
        }
        let r = run_code(base, pu(p, P_START + k), count);
        switch k {
            case 0u: {
                if (!(r.x == r.x)) {
                    keep = false;
                } else {
                    depth = clamp(r.x, 0.0, 1.0);
                }
            }
            case 1u: {
                s_nw = normalize0(s_nw + r.xyz);
                s_nv = normalize0(mat_vec(fm3(F_WORLD_TO_VIEW), s_nw));
            }
            case 2u: {
                if (r.x == 0.0) {
                    keep = false;
                }
            }
            case 3u: { diffuse = vec4<f32>(r.xyz, diffuse.w); }
            case 4u: { diffuse.w = r.x; }
            case 5u: { emissive = r.xyz; }
            case 6u: { ao = r.x; }
            default: { color = vec4<f32>(r.xyz, color.w); }
        }
    }
    return Shaded(color, depth, keep);
}

// Normal blending of straight-alpha `src` over `dst` (tile.rs blend).
fn blend(src: vec4<f32>, dst: vec4<f32>) -> vec4<f32> {
    let a = src.w;
    return vec4<f32>(
        src.x * a + dst.x * (1.0 - a),
        src.y * a + dst.y * (1.0 - a),
        src.z * a + dst.z * (1.0 - a),
        a + dst.w * (1.0 - a),
    );
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let width = frame[F_WIDTH];
    let height = frame[F_HEIGHT];
    if (gid.x >= width || gid.y >= height) {
        return;
    }
    let px = i32(gid.x);
    let py = i32(gid.y);
    let tile = (gid.y / TILE) * frame[F_TILES_X] + gid.x / TILE;
    let end = bins[tile + 1u];
    var e = bins[tile];
    let entries_at = frame[F_ENTRIES_AT];
    let tile_x = i32((gid.x / TILE) * TILE);
    let tile_y = i32((gid.y / TILE) * TILE);
    var depth = 1.0;
    var color = vec4<f32>(ff(F_CLEAR), ff(F_CLEAR + 1u), ff(F_CLEAR + 2u), ff(F_CLEAR + 3u));
    var vis_pass = NONE;
    var vis_tri = 0u;
    var resolved = false;
    // Each turn finds the next fragment to shade (a forward draw's, or the visible deferred one
    // before the first transparent draw or at the end), then shades it at the one call site.
    loop {
        var job = 0u; // 1: forward, 2: resolve
        var jp = 0u;
        var jt = 0u;
        var jz = 0.0;
        loop {
            if (e >= end) {
                break;
            }
            let at = entries_at + ENTRY * e;
            let p = bins[at];
            let t = bins[at + 1u];
            let flags = pu(p, P_FLAGS);
            if ((flags & FL_TRANSPARENT) != 0u && !resolved) {
                resolved = true;
                if (vis_pass != NONE) {
                    job = 2u;
                    break;
                }
            }
            e += 1u;
            let faces = pu(p, P_FACES);
            let front = tu(t, T_FRONT) != 0u;
            if ((faces == 1u && front) || (faces == 2u && !front)) {
                continue;
            }
            let tb = t * TRI_STRIDE;
            if (gid.x < tris[tb + T_BBOX] || gid.y < tris[tb + T_BBOX + 1u]
                || gid.x >= tris[tb + T_BBOX + 2u] || gid.y >= tris[tb + T_BBOX + 3u]) {
                continue;
            }
            // The edge functions at the pixel: in 32 bits from the tile's corner where the host
            // found that they fit, in 64 otherwise; the same integers either way.
            var e0: vec2<u32>;
            var e1: vec2<u32>;
            var e2: vec2<u32>;
            if (bins[at + 2u] != 0u) {
                let dx = px - tile_x;
                let dy = py - tile_y;
                e0 = widen(bitcast<i32>(bins[at + 3u]) + bitcast<i32>(tris[tb + T_SA32]) * dx
                    + bitcast<i32>(tris[tb + T_SB32]) * dy);
                e1 = widen(bitcast<i32>(bins[at + 4u]) + bitcast<i32>(tris[tb + T_SA32 + 1u]) * dx
                    + bitcast<i32>(tris[tb + T_SB32 + 1u]) * dy);
                e2 = widen(bitcast<i32>(bins[at + 5u]) + bitcast<i32>(tris[tb + T_SA32 + 2u]) * dx
                    + bitcast<i32>(tris[tb + T_SB32 + 2u]) * dy);
            } else {
                e0 = edge(t, 0u, px, py);
                e1 = edge(t, 1u, px, py);
                e2 = edge(t, 2u, px, py);
            }
            if (!positive64(add64(e0, vec2<u32>(tris[tb + T_BIAS], 0u)))
                || !positive64(add64(e1, vec2<u32>(tris[tb + T_BIAS + 1u], 0u)))
                || !positive64(add64(e2, vec2<u32>(tris[tb + T_BIAS + 2u], 0u)))) {
                continue;
            }
            let inv = tf(t, T_INV_AREA);
            let z = tri_depth(t, vec3<f32>(i64_to_f32(e0) * inv, i64_to_f32(e1) * inv,
                i64_to_f32(e2) * inv));
            if ((flags & FL_FORWARD) == 0u) {
                if (z >= 0.0 && z <= 1.0 && z <= depth) {
                    depth = z;
                    vis_pass = p;
                    vis_tri = t;
                }
                continue;
            }
            let early = (flags & FL_DEPTH_TEST) != 0u && (flags & FL_DEPTH_NODE) == 0u;
            if (early && (z > depth || !(z == z))) {
                continue;
            }
            job = 1u;
            jp = p;
            jt = t;
            jz = z;
            break;
        }
        if (job == 0u && !resolved) {
            resolved = true;
            if (vis_pass != NONE) {
                job = 2u;
            }
        }
        if (job == 0u) {
            break;
        }
        if (job == 2u) {
            jp = vis_pass;
            jt = vis_tri;
            jz = depth;
        }
        let o = shade(jp, jt, px, py, jz);
        if (job == 2u) {
            color = o.color;
            vis_pass = NONE;
            continue;
        }
        if (!o.keep) {
            continue;
        }
        let flags = pu(jp, P_FLAGS);
        let z = o.depth;
        if (!(z >= 0.0 && z <= 1.0) || ((flags & FL_DEPTH_TEST) != 0u && z > depth)) {
            continue;
        }
        if ((flags & FL_DEPTH_WRITE) != 0u) {
            depth = z;
        }
        vis_pass = NONE;
        if ((flags & FL_TRANSPARENT) != 0u) {
            color = blend(o.color, color);
        } else {
            color = o.color;
        }
    }
    pixels[gid.y * width + gid.x] = color;
}
