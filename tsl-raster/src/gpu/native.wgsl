// The render path's entry points (gpu/native.rs): the hardware rasterizer covers each pass's
// triangles and a fragment runs the compute kernel's own `shade` (raster.wgsl) at its pixel, with
// the kernel's own depth. This file follows raster.wgsl and either the interpreter's core
// (`run_code` reads the words buffer) or a program's emitted code (`run_code` a dispatch to its
// `tsl_output_*` functions, which read the words through `tsl_word` below).
//
// The vertex shader's `vertex_index` is 3 · triangle + corner (the draw of a pass covers its
// triangles' range) and its `instance_index` the pass: no buffer is bound per pass.
//
// Binding 9, corners: per screen triangle and corner, (x, y) in normalized device coordinates
// (y up) and the depth: the set-up's snapped corner moved out by a sixteenth of a pixel, so
// that the hardware covers at least the set-up's pixels (the fragment shader's exact test
// discards the rest), and the triangle's depth plane there.

@group(0) @binding(9) var<storage, read> corners: array<vec4<f32>>;

// The running program's first word (the pass's P_BASE), which the emitted code's reads are
// relative to.
var<private> s_base: u32;

fn tsl_word(word: u32) -> u32 {
    return words[s_base + word];
}

fn tsl_attribute(view: u32, id: u32) -> vec3<f32> {
    return attr_of(view, id);
}

fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32> {
    return texture_of(id, uv);
}

fn tsl_texture_3d(id: u32, uvw: vec3<f32>) -> vec4<f32> {
    return texture3d_of(id, uvw);
}

fn tsl_texture_level(id: u32, uv: vec2<f32>, level: f32) -> vec4<f32> {
    return texture_level_of(id, uv, level);
}

fn tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32) -> vec4<f32> {
    return texture_fetch_of(id, texel, level);
}

struct NativeVarying {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) tri: u32,
    @location(1) @interpolate(flat) pass_index: u32,
}

@vertex
fn native_vertex(@builtin(vertex_index) v: u32, @builtin(instance_index) p: u32) -> NativeVarying {
    let t = v / 3u;
    var out: NativeVarying;
    out.tri = t;
    out.pass_index = p;
    let faces = pu(p, P_FACES);
    let front = tu(t, T_FRONT) != 0u;
    if ((faces == FACES_BACK && front) || (faces == FACES_FRONT && !front)) {
        // Outside the clip volume at every corner: the triangle is dropped, as the kernel skips
        // the faces a pass does not draw.
        out.position = vec4<f32>(2.0, 2.0, 2.0, 1.0);
        return out;
    }
    let c = corners[v];
    out.position = vec4<f32>(c.x, c.y, c.z, 1.0);
    return out;
}

// The kernel's coverage test at the pixel (the exact 64-bit edge functions and the top-left
// bias), so that a pixel the hardware covers and the set-up does not is never shaded.
fn covered(t: u32, px: i32, py: i32) -> bool {
    let b = t * TRI_STRIDE;
    return positive64(add64(edge(t, 0u, px, py), vec2<u32>(tris[b + T_BIAS], 0u)))
        && positive64(add64(edge(t, 1u, px, py), vec2<u32>(tris[b + T_BIAS + 1u], 0u)))
        && positive64(add64(edge(t, 2u, px, py), vec2<u32>(tris[b + T_BIAS + 2u], 0u)));
}

// The fragment as the kernel shades it, or discarded where the kernel draws nothing: not
// covered, discarded by the program or the material, or a depth outside [0, 1].
fn native_shade(v: NativeVarying) -> Shaded {
    let px = i32(floor(v.position.x));
    let py = i32(floor(v.position.y));
    let t = v.tri;
    let p = v.pass_index;
    if (!covered(t, px, py)) {
        discard;
    }
    s_base = pu(p, P_BASE);
    let o = shade(p, t, px, py, depth_at(t, px, py));
    if (!o.keep || !(o.depth >= 0.0 && o.depth <= 1.0)) {
        discard;
    }
    return o;
}

// The hardware's interpolated depth tests the fragment, early (GpuRenderer::exact_depth off, a
// pass without a depth node).
@fragment
fn native_fragment(v: NativeVarying) -> @location(0) vec4<f32> {
    return native_shade(v).color;
}

struct NativeDepthOut {
    @location(0) color: vec4<f32>,
    @builtin(frag_depth) depth: f32,
}

// The fragment's own depth, the kernel's or its depth node's, is tested and written (the depth
// test is then the kernel's, without the hardware's early test): every pass with
// GpuRenderer::exact_depth (the default), a pass with a depth node without it.
@fragment
fn native_fragment_depth(v: NativeVarying) -> NativeDepthOut {
    let o = native_shade(v);
    return NativeDepthOut(o.color, o.depth);
}

// The deferred resolve (native.rs, `Role`): when every opaque pass before the first transparent
// one is deferred, the frame is drawn as the kernel draws it, the visible fragment first and
// shaded once. A first render pass draws the deferred passes with `native_visible`: the exact
// coverage and depth only, writing the winner's pass (plus one; zero is none) and triangle. A
// second shades each deferred pass's winners with `native_resolve` over a full-screen triangle
// (scissored to the pass's triangles), reading that target, then draws the transparent passes
// as usual against the first pass's depths. A fragment is then shaded once per pixel, in full
// blocks, where drawing each triangle shades its hidden fragments and its edges' part blocks.
@group(1) @binding(0) var visible_ids: texture_2d<u32>;

struct NativeVisible {
    @location(0) id: vec2<u32>,
    @builtin(frag_depth) depth: f32,
}

// A deferred pass's fragment in the visibility pass: the kernel's coverage and depth, nothing
// shaded (a deferred pass neither discards nor moves its depth).
@fragment
fn native_visible(v: NativeVarying) -> NativeVisible {
    let px = i32(floor(v.position.x));
    let py = i32(floor(v.position.y));
    if (!covered(v.tri, px, py)) {
        discard;
    }
    let z = depth_at(v.tri, px, py);
    if (!(z >= 0.0 && z <= 1.0)) {
        discard;
    }
    return NativeVisible(vec2<u32>(v.pass_index + 1u, v.tri), z);
}

// A full-screen triangle for pass `p`'s resolve.
@vertex
fn native_resolve_vertex(@builtin(vertex_index) v: u32, @builtin(instance_index) p: u32) -> NativeVarying {
    var out: NativeVarying;
    out.tri = 0u;
    out.pass_index = p;
    out.position = vec4<f32>(f32((v & 1u) * 4u) - 1.0, f32((v >> 1u) * 4u) - 1.0, 0.0, 1.0);
    return out;
}

// The pixels pass `p` won in the visibility pass, shaded as the kernel shades its visible
// deferred fragment (its colour whatever `keep`, at the kernel's depth).
@fragment
fn native_resolve(v: NativeVarying) -> @location(0) vec4<f32> {
    let px = i32(floor(v.position.x));
    let py = i32(floor(v.position.y));
    let id = textureLoad(visible_ids, vec2<i32>(px, py), 0).xy;
    let p = v.pass_index;
    if (id.x != p + 1u) {
        discard;
    }
    let t = id.y;
    s_base = pu(p, P_BASE);
    return shade(p, t, px, py, depth_at(t, px, py)).color;
}

// The background drawn from an environment (R-ENV-6), over a full-screen triangle before the
// passes: the kernel's own starting colour at the pixel.
@fragment
fn native_background(v: NativeVarying) -> @location(0) vec4<f32> {
    return clear_color(i32(floor(v.position.x)), i32(floor(v.position.y)));
}
