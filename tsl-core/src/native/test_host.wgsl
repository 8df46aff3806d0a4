// The host of native::test_host_wgsl(): the stub first (so that fill_dispatch must move the
// emitted functions before it), a caller of the stub after it (as the rasterizer's shading
// function is), the hooks over storage buffers, a compute entry point; PRELUDE_WGSL follows.
@group(0) @binding(0) var<storage, read> words: array<u32>;
@group(0) @binding(1) var<storage, read> attrs: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> results: array<vec4<f32>>;

// A stub with locals, a loop and named values, as the interpreter's own run_code has: all of it
// goes when fill_dispatch replaces the body.
fn run_code(base: u32, start: u32, count: u32) -> vec4<f32> {
    var acc = vec4<f32>(0.0);
    for (var n = start; n < start + count; n++) {
        let w = words[base + n];
        acc += vec4<f32>(f32(w));
    }
    return acc;
}

fn shade(output: u32) -> vec4<f32> {
    return run_code(0u, words[6u + 2u * output], words[7u + 2u * output]);
}

fn tsl_word(word: u32) -> u32 {
    return words[word];
}

fn tsl_attribute(view: u32, id: u32) -> vec3<f32> {
    return attrs[view * 15u + id].xyz;
}

fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32> {
    return vec4<f32>(uv, f32(id), 1.0);
}

fn tsl_texture_3d(id: u32, uvw: vec3<f32>) -> vec4<f32> {
    return vec4<f32>(uvw, f32(id));
}

fn tsl_texture_level(id: u32, uv: vec2<f32>, level: f32) -> vec4<f32> {
    return vec4<f32>(uv, level, f32(id));
}

fn tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32) -> vec4<f32> {
    return vec4<f32>(texel, level, f32(id));
}

@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 9u; i++) {
        results[i] = shade(i);
    }
}
