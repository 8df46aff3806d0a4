
// ---------------------------------------------------------------------------------------------
// The material's numbers that a program may replace (R-OUT-17, R-OUT-18; shade/variants.rs): the
// alpha test's threshold, and STANDARD and PHYSICAL roughness (before getRoughness) and
// metalness. Their stages run after the opacity and before the emissive (whose material part
// holds the alpha test): each stage's material part sets the material's number (times its map's
// channel, as three.js's MaterialNode), and its node, where the program sets it, replaces it.

var<private> s_alpha_test: f32;
var<private> s_roughness: f32;
var<private> s_metalness: f32;

// Whether stage k is one of VARIANT_STAGES.
fn is_variant_stage(k: u32) -> bool {
    return k >= STAGE_ALPHA_TEST && k < STAGE_ALPHA_TEST + VARIANT_STAGE_COUNT;
}

// The map variant stage k reads: the roughness map or the metalness map, NONE where the stage's
// node replaces the material's number and its map.
fn variant_map(p: u32, k: u32) -> u32 {
    var map = NONE;
    switch k {
        case STAGE_ROUGHNESS: { map = pu(p, P_ROUGHNESS_MAP); }
        case STAGE_METALNESS: { map = pu(p, P_METALNESS_MAP); }
        default: {}
    }
    let has_node = pu(p, P_VARIANT_COUNT + (k - STAGE_ALPHA_TEST)) != 0u;
    return select(map, NONE, has_node);
}

// Variant stage k's material part: the material's number times its map's channel (roughness ·
// green, metalness · blue; the texel is white without a map).
fn shade_variant_maps(k: u32, texel: vec4<f32>) {
    let p = s_pass;
    switch k {
        case STAGE_ALPHA_TEST: { s_alpha_test = pf(p, P_ALPHA_TEST); }
        case STAGE_ROUGHNESS: { s_roughness = pf(p, P_ROUGHNESS) * texel.y; }
        case STAGE_METALNESS: { s_metalness = pf(p, P_METALNESS) * texel.z; }
        default: {}
    }
}

// Variant stage k's node: it replaces the number.
fn shade_variant_node(k: u32, r: vec4<f32>) {
    switch k {
        case STAGE_ALPHA_TEST: { s_alpha_test = r.x; }
        case STAGE_ROUGHNESS: { s_roughness = r.x; }
        case STAGE_METALNESS: { s_metalness = r.x; }
        default: {}
    }
}

// Whether the alpha test throws the fragment of alpha `alpha` away: at or below ALPHA_TEST_NODE's
// threshold whenever the program sets it (even at zero, as three.js tests whenever
// `alphaTestNode` is set), else at or below the material's when that is above zero.
fn alpha_tested(p: u32, alpha: f32) -> bool {
    let has_node = pu(p, P_VARIANT_COUNT) != 0u;
    return (has_node || s_alpha_test > 0.0) && alpha <= s_alpha_test;
}
