//! The node functions of three.js's `WoodNodeMaterial.js` (r187), in the file's order and with
//! its names: `mapRange`, `hash3d` and `voronoi3d` (the TSL forms the file keeps in a comment),
//! `softLightMix`, `noise1Norm`, `noise3Norm`, `woodCenter`, `spaceWarp`, `woodRings`,
//! `woodDetail`, `cellStructure` and `wood`. The file's TSL is quoted in `examples/tsl_wood.rs`.

use super::wood::WoodParams;
use tsl_core::typed;
use tsl_core::typed::prelude::*;

/// The file's `mapRange`: `x` from `[from_min, from_max]` to `[to_min, to_max]`, clamped where
/// `clamp` is true (the file's `TSL.bool( true )`, known when the graph is built).
fn map_range(
    x: FloatNode,
    from_min: impl IntoNodeOf<typed::Float>,
    from_max: impl IntoNodeOf<typed::Float>,
    to_min: impl IntoNodeOf<typed::Float>,
    to_max: impl IntoNodeOf<typed::Float>,
    clamp: bool,
) -> FloatNode {
    let (from_min, from_max) = (from_min.into_node_of(), from_max.into_node_of());
    let (to_min, to_max) = (to_min.into_node_of(), to_max.into_node_of());
    let factor = x.sub(from_min).div(from_max.sub(from_min));
    let result = to_min.add(factor.mul(to_max.sub(to_min)));
    select(clamp, max(min(result, to_max), to_min), result)
}

/// The file's `hash3d` (its TSL form).
fn hash3d(p: Vec3Node) -> Vec3Node {
    let p3 = p.mul(vec3(0.1031, 0.1030, 0.0973)).fract().to_var();
    let dot_product = p3.get().dot(p3.get().yzx().add(33.33));
    p3.set(p3.get().add(dot_product));
    let p3 = p3.get();
    p3.xxy().add(p3.yzz()).mul(p3.zyx()).fract()
}

/// The file's `voronoi3d` (its TSL form): a smooth distance to the jittered cell centres.
fn voronoi3d(x: Vec3Node, smoothness: f32, randomness: f32) -> FloatNode {
    let p = floor(x);
    let f = fract(x);
    // `res` and `totalWeight` in one vec2: the loop is unrolled, and two sums would keep every
    // step's weight alive from the first sum to the second (more than MAX_REGISTERS at once).
    let sums = vec2(0.0, 0.0).to_var();
    Loop(3, |k| {
        Loop(3, |j| {
            Loop(3, |i| {
                let b = vec3(i.sub(1.0), j.sub(1.0), k.sub(1.0));
                let hash_offset = hash3d(p.add(b)).mul(randomness);
                let r = b.sub(f).add(hash_offset);
                let d = length(r);
                let weight = exp(d
                    .negate()
                    .mul(d)
                    .div(max(float(smoothness).mul(smoothness), 0.001)));
                sums.set(sums.get().add(vec2(d, 1.0).mul(weight)));
            });
        });
    });
    let (res, total_weight) = (sums.get().x(), sums.get().y());
    let res = select(total_weight.greater_than(0.0), res.div(total_weight), res);
    smoothstep(0.0, 1.0, res)
}

/// The file's `softLightMix` (both calls blend a colour with a float).
fn soft_light_mix(t: impl IntoNodeOf<typed::Float>, col1: Vec3Node, col2: FloatNode) -> Vec3Node {
    let t = t.into_node_of();
    let tm = float(1.0).sub(t);
    let one = to_vec3(1.0);
    let scr = one.sub(one.sub(col2).mul(one.sub(col1)));
    tm.mul(col1)
        .add(t.mul(one.sub(col1).mul(col2).mul(col1).add(col1.mul(scr))))
}

/// The file's `noise1Norm`: `mx_noise_float(p)` in [0, 1]; a float `p` is the 2D point
/// `(p, p)`, as three.js converts it.
fn noise1_norm<P: IntoNode>(p: P) -> FloatNode
where
    P::Ty: NoiseCoord,
{
    mx_noise_float(p, 1.0, 0.0).mul(0.5).add(0.5)
}

/// The file's `noise3Norm`: `mx_noise_vec3(p)` in [0, 1].
fn noise3_norm(p: Vec3Node) -> Vec3Node {
    mx_noise_vec3(p, 1.0, 0.0).mul(0.5).add(0.5)
}

/// The file's `woodCenter`.
fn wood_center(p: Vec3Node, center_size: FloatNode) -> FloatNode {
    let pxy_center = p.mul(vec3(1.0, 1.0, 0.0)).length();
    map_range(pxy_center, 0.0, 1.0, 0.0, center_size, true)
}

/// The file's `spaceWarp`.
fn space_warp(
    p: Vec3Node,
    warp_strength: impl IntoNodeOf<typed::Float>,
    xy_scale: impl IntoNodeOf<typed::Float>,
    z_scale: impl IntoNodeOf<typed::Float>,
) -> Vec3Node {
    let xy_scale = xy_scale.into_node_of();
    let combined_xyz = vec3(xy_scale, xy_scale, z_scale).mul(p);
    let noise = noise3_norm(combined_xyz.mul(1.6 * 1.5))
        .sub(0.5)
        .mul(warp_strength.into_node_of());
    let p_xy = p.mul(vec3(1.0, 1.0, 0.0));
    let normalized_xy = p_xy.normalize();
    noise.mul(normalized_xy).add(p_xy)
}

/// The preset's values as the file's uniforms, each named as three.js names it.
pub(super) struct WoodUniforms {
    center_size: FloatNode,
    large_warp_scale: FloatNode,
    large_grain_stretch: FloatNode,
    small_warp_strength: FloatNode,
    small_warp_scale: FloatNode,
    fine_warp_strength: FloatNode,
    fine_warp_scale: FloatNode,
    ring_thickness: FloatNode,
    ring_bias: FloatNode,
    ring_size_variance: FloatNode,
    ring_variance_scale: FloatNode,
    bark_thickness: FloatNode,
    splotch_scale: FloatNode,
    splotch_intensity: FloatNode,
    cell_scale: FloatNode,
    cell_size: FloatNode,
    dark_grain_color: Vec3Node,
    light_grain_color: Vec3Node,
    pub(super) transformation_matrix: Mat4Node,
}

impl WoodUniforms {
    pub(super) fn new(p: &WoodParams) -> WoodUniforms {
        WoodUniforms {
            center_size: uniform(p.center_size).set_name("centerSize"),
            large_warp_scale: uniform(p.large_warp_scale).set_name("largeWarpScale"),
            large_grain_stretch: uniform(p.large_grain_stretch).set_name("largeGrainStretch"),
            small_warp_strength: uniform(p.small_warp_strength).set_name("smallWarpStrength"),
            small_warp_scale: uniform(p.small_warp_scale).set_name("smallWarpScale"),
            fine_warp_strength: uniform(p.fine_warp_strength).set_name("fineWarpStrength"),
            fine_warp_scale: uniform(p.fine_warp_scale).set_name("fineWarpScale"),
            ring_thickness: uniform(p.ring_thickness).set_name("ringThickness"),
            ring_bias: uniform(p.ring_bias).set_name("ringBias"),
            ring_size_variance: uniform(p.ring_size_variance).set_name("ringSizeVariance"),
            ring_variance_scale: uniform(p.ring_variance_scale).set_name("ringVarianceScale"),
            bark_thickness: uniform(p.bark_thickness).set_name("barkThickness"),
            splotch_scale: uniform(p.splotch_scale).set_name("splotchScale"),
            splotch_intensity: uniform(p.splotch_intensity).set_name("splotchIntensity"),
            cell_scale: uniform(p.cell_scale).set_name("cellScale"),
            cell_size: uniform(p.cell_size).set_name("cellSize"),
            dark_grain_color: uniform(p.dark_grain_color).set_name("darkGrainColor"),
            light_grain_color: uniform(p.light_grain_color).set_name("lightGrainColor"),
            transformation_matrix: uniform(p.transformation_matrix)
                .set_name("transformationMatrix"),
        }
    }
}

/// The file's `woodRings`.
fn wood_rings(u: &WoodUniforms, w: FloatNode, ring_thickness: FloatNode) -> FloatNode {
    let rings = noise1_norm(w.mul(u.ring_variance_scale))
        .mul(u.ring_size_variance)
        .add(w)
        .mul(ring_thickness)
        .fract()
        .mul(u.bark_thickness);
    let sharp_rings = min(
        map_range(rings, 0.0, u.ring_bias, 0.0, 1.0, true),
        map_range(rings, u.ring_bias, 1.0, 1.0, 0.0, true),
    );
    let blur_amount = max(position_view().length().div(10.0), 1.0);
    smoothstep(blur_amount.negate(), blur_amount, sharp_rings.sub(0.5))
        .mul(0.5)
        .add(0.5)
}

/// The file's `woodDetail`.
fn wood_detail(warp: Vec3Node, p: Vec3Node, y: FloatNode, splotch_scale: FloatNode) -> FloatNode {
    let radial_coords = clamp(atan2(warp.y(), warp.x()).div(PI2).add(0.5), 0.0, 1.0).mul(PI2 * 3.0);
    let combined_xyz = vec3(radial_coords.sin(), y, radial_coords.cos().mul(p.z()));
    let scaled = vec3(0.1, 1.19, 0.05).mul(combined_xyz);
    noise1_norm(scaled.mul(splotch_scale))
}

/// The file's `cellStructure`, with the `wgslFn`'s conversion of its argument to a vec3.
fn cell_structure(p: Vec3Node, cell_scale: FloatNode, cell_size: FloatNode) -> FloatNode {
    let warp = space_warp(
        p.mul(cell_scale.div(50.0)),
        cell_scale.div(1000.0),
        0.1,
        1.77,
    );
    let cells = voronoi3d(warp.xy().mul(75.0).extend(0.0), 0.5, 1.0);
    map_range(cells, cell_size, cell_size.add(0.21), 0.0, 1.0, true)
}

/// The file's `wood`: the colour at `p` (in the wood's space).
pub(super) fn wood_color(p: Vec3Node, u: &WoodUniforms) -> Vec3Node {
    let center = wood_center(p, u.center_size);
    let main_warp = space_warp(
        space_warp(p, center, u.large_warp_scale, u.large_grain_stretch),
        u.small_warp_strength,
        u.small_warp_scale,
        0.17,
    );
    let detail_warp = space_warp(main_warp, u.fine_warp_strength, u.fine_warp_scale, 0.17);
    let rings = wood_rings(u, detail_warp.length(), float(1.0).div(u.ring_thickness));
    let detail = wood_detail(detail_warp, p, detail_warp.length(), u.splotch_scale);
    let cells = cell_structure(
        main_warp,
        u.cell_scale,
        u.cell_size
            .div(max(position_view().length().mul(10.0), 1.0)),
    );
    let base_color = mix(u.dark_grain_color, u.light_grain_color, rings);
    soft_light_mix(
        u.splotch_intensity,
        soft_light_mix(0.407, base_color, cells),
        detail,
    )
}
