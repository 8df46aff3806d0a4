// The WGSL twin of tsl_core::run_nodes: one compute invocation runs one output of a node program
// for one lane (fragment). Written from docs/bytecode.md; tsl-core/src/interp is the definition.
//
// Bindings (group 0):
//   0  words:  the program's words, exactly as NodeProgram::words() (absolute indices, base 0).
//   1  views:  the batches' attributes, FragmentBatch::views flattened per batch:
//              views[((batch * 7 + view) * 13 + attribute) * 3 + component) * 64 + lane].
//   2  params: start and count of the output's code, the number of lanes to run.
//   3  out:    one vec4 per lane: the register the output's last instruction wrote.
//
// The interpreter itself (`run_code`) is interp_core.wgsl, which follows this file in
// INTERP_WGSL.

struct Params {
    start: u32,
    count: u32,
    lanes: u32,
    pad: u32,
}

@group(0) @binding(0) var<storage, read> words: array<u32>;
@group(0) @binding(1) var<storage, read> views: array<f32>;
@group(0) @binding(2) var<uniform> params: Params;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;

const LANES: u32 = 64u;
const ATTRIBUTES: u32 = 13u;
const VIEWS: u32 = 7u;

var<private> g_lane: u32;
var<private> g_vbase: u32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let index = gid.x;
    if (index >= params.lanes) {
        return;
    }
    let lane = index % LANES;
    g_lane = lane;
    g_vbase = (index / LANES) * (VIEWS * ATTRIBUTES * 3u * LANES);
    out[index] = run_code(0u, params.start, params.count);
}

// A lane attribute of this invocation's lane, from the views buffer.
fn attr_of(view: u32, id: u32) -> vec3<f32> {
    let b = g_vbase + ((view * ATTRIBUTES + id) * 3u) * LANES + g_lane;
    return vec3<f32>(views[b], views[b + LANES], views[b + 2u * LANES]);
}

// The stand-in sampler reads opaque white (WhiteSampler).
fn texture_of(id: u32, uv: vec2<f32>) -> vec4<f32> {
    return vec4<f32>(1.0);
}

