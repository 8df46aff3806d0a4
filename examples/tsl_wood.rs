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
//! The program is the library's, `tsl::materials::wood_program` (`src/materials/`); this example
//! only places the boxes.
//!
//! Run: `cargo run --release --example tsl_wood` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::materials::{wood_material, wood_preset, wood_program, WoodFinish, WoodGenus};
use tsl::prelude::*;
use tsl::raster::*;

/// The three boxes (teak, walnut, white oak; raw) side by side along z, facing the camera on −x.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let raw = |genus| (genus, WoodFinish::Raw);
    boxes(&[
        raw(WoodGenus::Teak),
        raw(WoodGenus::Walnut),
        raw(WoodGenus::WhiteOak),
    ])
}

/// The finishes' case (tools/three_tsl_cases/tsl_wood_finishes.mjs): walnut gloss, pine matte and
/// cherry semigloss on the same boxes.
pub fn finishes_scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    boxes(&[
        (WoodGenus::Walnut, WoodFinish::Gloss),
        (WoodGenus::Pine, WoodFinish::Matte),
        (WoodGenus::Cherry, WoodFinish::Semigloss),
    ])
}

/// A box of each preset side by side along z (centred on the origin), facing the camera on −x.
fn boxes(
    woods: &[(WoodGenus, WoodFinish)],
) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(0.125, 0.9, 0.9).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x333333));
    let middle = (woods.len() as f32 - 1.0) / 2.0;
    for (x, &(genus, finish)) in woods.iter().enumerate() {
        let place = Vec3::new(0.0, 0.0, x as f32 - middle);
        let params = wood_preset(genus, finish);
        let program = assets.programs.add(wood_program(&params)?);
        let material = assets.materials.add(wood_material(program, &params));
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
