// The native mode of GpuInterpreter (native_batch.rs): interp.wgsl's bindings, `attr_of`,
// `texture_of` and compute entry with this file in place of the interpreter's core. The program
// is not walked: tsl_core::native::emit_into adds one function per output that calls the three
// hooks below, and fill_dispatch replaces this `run_code`'s body with a switch on `start` that
// calls them. Only the entry point calls `run_code`, with base 0, so a program word `word` is
// `words[word]`.

fn run_code(base: u32, start: u32, count: u32) -> vec4<f32> {
    return vec4<f32>(0.0);
}

// Program word `word` (an absolute index; the entry's base is 0): the frame, uniforms and
// texture ids, which the emitted code reads here so that one pipeline serves every value.
fn tsl_word(word: u32) -> u32 {
    return words[word];
}

// Lane attribute `id` in view `view` of this invocation's lane.
fn tsl_attribute(view: u32, id: u32) -> vec3<f32> {
    return attr_of(view, id);
}

// Texture `id` at `uv`: the interpreter's stand-in sampler.
fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32> {
    return texture_of(id, uv);
}

// Volume `id` at `uvw`: the interpreter's stand-in volume sampler.
fn tsl_texture_3d(id: u32, uvw: vec3<f32>) -> vec4<f32> {
    return texture3d_of(id, uvw);
}

// Texture `id` at `uv` at mip `level`: the interpreter's stand-in sampler.
fn tsl_texture_level(id: u32, uv: vec2<f32>, level: f32) -> vec4<f32> {
    return texture_level_of(id, uv, level);
}

// Texel `texel` of texture `id`'s mip `level`, unfiltered: the interpreter's stand-in sampler.
fn tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32) -> vec4<f32> {
    return texture_fetch_of(id, texel, level);
}
