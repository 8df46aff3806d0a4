//! three.js's `webgpu_tsl_wood.html`: procedural wood (three's `WoodNodeMaterial`: warped rings,
//! splotches and Voronoi cells, after a Blender wood shader) on boxes of three genera. Writes
//! `tsl_wood.png`.
//!
//! The original TSL (three r187's `examples/jsm/materials/WoodNodeMaterial.js`, the parts ported;
//! the page itself only places the boxes):
//!
//! ```js
//! const mapRange = TSL.Fn( ( [ x, fromMin, fromMax, toMin, toMax, clmp ] ) => {
//!     const factor = x.sub( fromMin ).div( fromMax.sub( fromMin ) );
//!     const result = toMin.add( factor.mul( toMax.sub( toMin ) ) );
//!     return TSL.select( clmp, TSL.max( TSL.min( result, toMax ), toMin ), result );
//! } );
//!
//! // const hash3d = TSL.Fn( ( [ p ] ) => {
//! //     const p3 = p.mul( TSL.vec3( 0.1031, 0.1030, 0.0973 ) ).fract();
//! //     const dotProduct = p3.dot( p3.yzx.add( 33.33 ) );
//! //     p3.addAssign( dotProduct );
//! //     return p3.xxy.add( p3.yzz ).mul( p3.zyx ).fract();
//! // } );
//! // const voronoi3d = TSL.Fn( ( [ x, smoothness, randomness ] ) => {
//! //     let p = TSL.floor(x);
//! //     let f = TSL.fract(x);
//! //     var res = TSL.float(0.0);
//! //     var totalWeight = TSL.float(0.0);
//! //     TSL.Loop( 3, 3, 3, ( { k, j, i } ) => {
//! //         let b = TSL.vec3(TSL.float(i).sub(1), TSL.float(j).sub(1), TSL.float(k).sub(1));
//! //         let hashOffset = hash3d(p.add(b)).mul(randomness);
//! //         let r = b.sub(f).add(hashOffset);
//! //         let d = TSL.length(r);
//! //         let weight = TSL.exp(d.negate().mul(d).div(TSL.max(smoothness.mul(smoothness), 0.001)));
//! //         res.addAssign(d.mul(weight));
//! //         totalWeight.addAssign(weight);
//! //     } );
//! //     res.assign(TSL.select(totalWeight.greaterThan(0.0), res.div(totalWeight), res));
//! //     return TSL.smoothstep(0.0, 1.0, res);
//! // } );
//!
//! const softLightMix = TSL.Fn( ( [ t, col1, col2 ] ) => {
//!     const tm = TSL.float( 1.0 ).sub( t );
//!     const one = TSL.vec3( 1.0 );
//!     const scr = one.sub( one.sub( col2 ).mul( one.sub( col1 ) ) );
//!     return tm.mul( col1 ).add( t.mul( one.sub( col1 ).mul( col2 ).mul( col1 ).add( col1.mul( scr ) ) ) );
//! } );
//!
//! const noise1Norm = TSL.Fn( ( [ p ] ) => TSL.mx_noise_float( p ).mul( 0.5 ).add( 0.5 ) );
//! const noise3Norm = TSL.Fn( ( [ p ] ) => TSL.mx_noise_vec3( p ).mul( 0.5 ).add( 0.5 ) );
//!
//! const woodCenter = TSL.Fn( ( [ p, centerSize ] ) => {
//!     const pxyCenter = p.mul( TSL.vec3( 1, 1, 0 ) ).length();
//!     const center = mapRange( pxyCenter, 0, 1, 0, centerSize, true );
//!     return center;
//! } );
//!
//! const spaceWarp = TSL.Fn( ( [ p, warpStrength, xyScale, zScale ] ) => {
//!     const combinedXyz = TSL.vec3( xyScale, xyScale, zScale ).mul( p );
//!     const noise = noise3Norm( combinedXyz.mul( 1.6 * 1.5 ) ).sub( 0.5 ).mul( warpStrength );
//!     const pXy = p.mul( TSL.vec3( 1, 1, 0 ) );
//!     const normalizedXy = pXy.normalize();
//!     const warp = noise.mul( normalizedXy ).add( pXy );
//!     return warp;
//! } );
//!
//! const woodRings = TSL.Fn( ( [ w, ringThickness, ringBias, ringSizeVariance, ringVarianceScale, barkThickness ] ) => {
//!     const rings = noise1Norm( w.mul( ringVarianceScale ) ).mul( ringSizeVariance ).add( w ).mul( ringThickness ).fract().mul( barkThickness );
//!     const sharpRings = TSL.min( mapRange( rings, 0, ringBias, 0, 1, TSL.bool( true ) ), mapRange( rings, ringBias, 1, 1, 0, TSL.bool( true ) ) );
//!     const blurAmount = TSL.max( TSL.positionView.length().div( 10 ), 1 );
//!     const blurredRings = TSL.smoothstep( blurAmount.negate(), blurAmount, sharpRings.sub( 0.5 ) ).mul( 0.5 ).add( 0.5 );
//!     return blurredRings;
//! } );
//!
//! const woodDetail = TSL.Fn( ( [ warp, p, y, splotchScale ] ) => {
//!     const radialCoords = TSL.clamp( TSL.atan( warp.y, warp.x ).div( TSL.PI2 ).add( 0.5 ), 0, 1 ).mul( TSL.PI2.mul( 3 ) );
//!     const combinedXyz = TSL.vec3( radialCoords.sin(), y, radialCoords.cos().mul( p.z ) );
//!     const scaled = TSL.vec3( 0.1, 1.19, 0.05 ).mul( combinedXyz );
//!     return noise1Norm( scaled.mul( splotchScale ) );
//! } );
//!
//! const cellStructure = TSL.Fn( ( [ p, cellScale, cellSize ] ) => {
//!     const warp = spaceWarp( p.mul( cellScale.div( 50 ) ), cellScale.div( 1000 ), 0.1, 1.77 );
//!     const cells = voronoi3d( warp.xy.mul( 75 ), 0.5, 1 );
//!     return mapRange( cells, cellSize, cellSize.add( 0.21 ), 0, 1, TSL.bool( true ) );
//! } );
//!
//! const wood = TSL.Fn( ( [ p, centerSize, largeWarpScale, largeGrainStretch, smallWarpStrength,
//!     smallWarpScale, fineWarpStrength, fineWarpScale, ringThickness, ringBias, ringSizeVariance,
//!     ringVarianceScale, barkThickness, splotchScale, splotchIntensity, cellScale, cellSize,
//!     darkGrainColor, lightGrainColor ] ) => {
//!     const center = woodCenter( p, centerSize );
//!     const mainWarp = spaceWarp( spaceWarp( p, center, largeWarpScale, largeGrainStretch ), smallWarpStrength, smallWarpScale, 0.17 );
//!     const detailWarp = spaceWarp( mainWarp, fineWarpStrength, fineWarpScale, 0.17 );
//!     const rings = woodRings( detailWarp.length(), TSL.float( 1 ).div( ringThickness ), ringBias, ringSizeVariance, ringVarianceScale, barkThickness );
//!     const detail = woodDetail( detailWarp, p, detailWarp.length(), splotchScale );
//!     const cells = cellStructure( mainWarp, cellScale, cellSize.div( TSL.max( TSL.positionView.length().mul( 10 ), 1 ) ) );
//!     const baseColor = TSL.mix( darkGrainColor, lightGrainColor, rings );
//!     return softLightMix( splotchIntensity, softLightMix( 0.407, baseColor, cells ), detail );
//! } );
//!
//! const colorNode = wood(
//!     uniforms.transformationMatrix.mul( TSL.vec4( TSL.positionLocal, 1 ) ).xyz,
//!     uniforms.centerSize, /* ... each preset value as a uniform ... */ uniforms.lightGrainColor
//! ).mul( params.clearcoatDarken );
//! ```
//!
//! Differences: the file's `voronoi3d` is a `wgslFn` (WGSL text), which three.js's WebGL2 backend
//! (the oracle's) cannot compile; the port and the case use the TSL `Fn` the file keeps in a
//! comment (above), called with `vec3(warp.xy · 75, 0)` as the `wgslFn`'s `vec3` parameter
//! converts the file's `vec2` argument. The scene (tools/three_tsl_cases/tsl_wood.mjs draws the same): teak, walnut
//! and white oak with the raw finish on plain 0.125 × 0.9 × 0.9 boxes (the page's rounded boxes,
//! text and HDR environment left out: an ambient and a directional light instead), the camera
//! nearer, neutral tone mapping as the page.
//!
//! Run: `cargo run --release --example tsl_wood` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// One genus's preset (`woodParams` of WoodNodeMaterial.js; the raw finish).
#[derive(Clone, Copy, Debug)]
pub struct WoodParams {
    /// `centerSize`.
    pub center_size: f32,
    /// `largeWarpScale`.
    pub large_warp_scale: f32,
    /// `largeGrainStretch`.
    pub large_grain_stretch: f32,
    /// `smallWarpStrength`.
    pub small_warp_strength: f32,
    /// `smallWarpScale`.
    pub small_warp_scale: f32,
    /// `fineWarpStrength`.
    pub fine_warp_strength: f32,
    /// `fineWarpScale`.
    pub fine_warp_scale: f32,
    /// `ringThickness`.
    pub ring_thickness: f32,
    /// `ringBias`.
    pub ring_bias: f32,
    /// `ringSizeVariance`.
    pub ring_size_variance: f32,
    /// `ringVarianceScale`.
    pub ring_variance_scale: f32,
    /// `barkThickness`.
    pub bark_thickness: f32,
    /// `splotchScale`.
    pub splotch_scale: f32,
    /// `splotchIntensity`.
    pub splotch_intensity: f32,
    /// `cellScale`.
    pub cell_scale: f32,
    /// `cellSize`.
    pub cell_size: f32,
    /// `darkGrainColor` (sRGB hex).
    pub dark_grain_color: u32,
    /// `lightGrainColor` (sRGB hex).
    pub light_grain_color: u32,
}

/// The `teak` preset.
pub const TEAK: WoodParams = WoodParams {
    center_size: 1.11,
    large_warp_scale: 0.32,
    large_grain_stretch: 0.24,
    small_warp_strength: 0.059,
    small_warp_scale: 2.0,
    fine_warp_strength: 0.006,
    fine_warp_scale: 32.8,
    ring_thickness: 1.0 / 34.0,
    ring_bias: 0.03,
    ring_size_variance: 0.03,
    ring_variance_scale: 4.4,
    bark_thickness: 0.3,
    splotch_scale: 0.2,
    splotch_intensity: 0.541,
    cell_scale: 910.0,
    cell_size: 0.1,
    dark_grain_color: 0x0c0504,
    light_grain_color: 0x926c50,
};

/// The `walnut` preset.
pub const WALNUT: WoodParams = WoodParams {
    center_size: 1.07,
    large_warp_scale: 0.42,
    large_grain_stretch: 0.34,
    small_warp_strength: 0.016,
    small_warp_scale: 10.3,
    fine_warp_strength: 0.028,
    fine_warp_scale: 12.7,
    ring_thickness: 1.0 / 32.0,
    ring_bias: 0.08,
    ring_size_variance: 0.03,
    ring_variance_scale: 5.5,
    bark_thickness: 0.98,
    splotch_scale: 1.84,
    splotch_intensity: 0.97,
    cell_scale: 710.0,
    cell_size: 0.31,
    dark_grain_color: 0x311e13,
    light_grain_color: 0x523424,
};

/// The `white_oak` preset.
pub const WHITE_OAK: WoodParams = WoodParams {
    center_size: 1.23,
    large_warp_scale: 0.21,
    large_grain_stretch: 0.21,
    small_warp_strength: 0.034,
    small_warp_scale: 2.44,
    fine_warp_strength: 0.01,
    fine_warp_scale: 14.3,
    ring_thickness: 1.0 / 34.0,
    ring_bias: 0.82,
    ring_size_variance: 0.16,
    ring_variance_scale: 1.4,
    bark_thickness: 0.7,
    splotch_scale: 0.2,
    splotch_intensity: 0.541,
    cell_scale: 800.0,
    cell_size: 0.28,
    dark_grain_color: 0x8b4c21,
    light_grain_color: 0xc57e43,
};

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

/// The preset's values as the file's uniforms.
struct WoodUniforms {
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
}

impl WoodUniforms {
    fn new(p: &WoodParams) -> WoodUniforms {
        WoodUniforms {
            center_size: uniform(p.center_size),
            large_warp_scale: uniform(p.large_warp_scale),
            large_grain_stretch: uniform(p.large_grain_stretch),
            small_warp_strength: uniform(p.small_warp_strength),
            small_warp_scale: uniform(p.small_warp_scale),
            fine_warp_strength: uniform(p.fine_warp_strength),
            fine_warp_scale: uniform(p.fine_warp_scale),
            ring_thickness: uniform(p.ring_thickness),
            ring_bias: uniform(p.ring_bias),
            ring_size_variance: uniform(p.ring_size_variance),
            ring_variance_scale: uniform(p.ring_variance_scale),
            bark_thickness: uniform(p.bark_thickness),
            splotch_scale: uniform(p.splotch_scale),
            splotch_intensity: uniform(p.splotch_intensity),
            cell_scale: uniform(p.cell_scale),
            cell_size: uniform(p.cell_size),
            dark_grain_color: uniform(Color::from_hex(p.dark_grain_color)),
            light_grain_color: uniform(Color::from_hex(p.light_grain_color)),
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

/// The file's `wood`.
fn wood(p: Vec3Node, u: &WoodUniforms) -> Vec3Node {
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

/// A box's program: `colorNode = wood(transformationMatrix · positionLocal, preset)`, the raw
/// finish (`clearcoatDarken` 1).
pub fn program(params: &WoodParams) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let u = WoodUniforms::new(params);
    let transformation_matrix = uniform(Mat4::IDENTITY);
    let p = transformation_matrix
        .mul(position_local().extend(1.0))
        .xyz();
    let clearcoat_darken = 1.0;
    scope.color_node(wood(p, &u).mul(clearcoat_darken))?;
    scope.compile()
}

/// The three boxes (teak, walnut, white oak) side by side along z, facing the camera on −x.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(0.125, 0.9, 0.9).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x333333));
    for (x, params) in [TEAK, WALNUT, WHITE_OAK].iter().enumerate() {
        let place = Vec3::new(0.0, 0.0, x as f32 - 1.0);
        let program = assets.programs.add(program(params)?);
        let material = assets
            .materials
            .add(Material::physical(Color::WHITE, 1.0, 0.0).with_nodes(program));
        let mut object = Object::mesh(geometry, material);
        object.transform.position = place;
        scene.add(object);
    }
    scene.add_light(Light::ambient(Color::WHITE, 1.0));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(-1.0, 1.0, -0.5),
    ));
    let camera = Camera::perspective(30.0, 0.1, 1000.0)
        .at(Vec3::new(-2.25, 0.0, 0.0))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

/// The page's renderer: neutral tone mapping, exposure 1.
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.set_tone_mapping(ToneMapping::Neutral, 1.0);
    settings
}

fn main() -> std::process::ExitCode {
    png_main::render_png("tsl_wood.png", scene, settings(768, 288))
}
