//! three.js's colour-adjustment functions on a photo, as a contact sheet: nine tiles, each the
//! photo through one function (`grayscale`, `saturation`, `vibrance`, `hue`, `posterize`,
//! `sepia`, `bleach`, `cdl`; the first tile is the photo itself), as `webgpu_postprocessing_*`
//! pages apply them, here as each tile's colour node. Writes `tsl_display_functions.png`.
//!
//! The TSL of each tile (`map` the photo, sRGB):
//!
//! ```js
//! const photo = texture( map ).rgb;
//! const tiles = [
//!     photo,
//!     grayscale( photo ),
//!     saturation( photo, 1.8 ),
//!     vibrance( photo, 0.8 ),
//!     hue( photo, 2 ),
//!     posterize( photo, 4 ),
//!     sepia( vec4( photo, 1 ) ).rgb,
//!     bleach( vec4( photo, 1 ) ).rgb,
//!     cdl( vec4( photo, 1 ), vec3( 1.2, 1, 0.9 ), vec3( 0.02, 0, 0 ), vec3( 1.1, 1, 0.9 ), 1.2 ).rgb
//! ];
//! material.colorNode = tiles[ i ];   // one MeshBasicNodeMaterial per tile
//! ```
//!
//! with three.js r187's functions (`src/nodes/display/ColorAdjustment.js`,
//! `examples/jsm/tsl/display/Sepia.js`, `BleachBypass.js`):
//!
//! ```js
//! export const grayscale = Fn( ( [ color, luminanceCoefficients = workingLuminanceCoefficients ] ) => {
//!     return luminance( color.rgb, luminanceCoefficients );
//! } );
//! export const saturation = Fn( ( [ color, adjustment = float( 1 ), luminanceCoefficients = workingLuminanceCoefficients ] ) => {
//!     return adjustment.mix( luminance( color.rgb, luminanceCoefficients ), color.rgb ).max( 0.0 );
//! } );
//! export const vibrance = Fn( ( [ color, adjustment = float( 0 ) ] ) => {
//!     const average = add( color.r, color.g, color.b ).div( 3.0 );
//!     const mx = color.r.max( color.g.max( color.b ) );
//!     const amt = mx.sub( average ).mul( adjustment ).mul( - 3.0 );
//!     return mix( color.rgb, mx, amt ).max( 0.0 );
//! } );
//! export const hue = Fn( ( [ color, adjustment = float( 1 ) ] ) => {
//!     const k = vec3( 0.57735, 0.57735, 0.57735 );
//!     const cosAngle = adjustment.cos();
//!     return vec3( color.rgb.mul( cosAngle ).add( k.cross( color.rgb ).mul( adjustment.sin() ).add( k.mul( dot( k, color.rgb ).mul( cosAngle.oneMinus() ) ) ) ) ).max( 0.0 );
//! } );
//! export const luminance = ( color, luminanceCoefficients = vec3( ColorManagement.getLuminanceCoefficients( new Vector3() ) ) ) => dot( color, luminanceCoefficients );
//! export const cdl = Fn( ( [ color, slope = vec3( 1 ), offset = vec3( 0 ), power = vec3( 1 ), saturation = float( 1 ), luminanceCoefficients = /* Rec. 709 */ ] ) => {
//!     const luma = color.rgb.dot( vec3( luminanceCoefficients ) );
//!     const v = max( color.rgb.mul( slope ).add( offset ), 0.0 );
//!     const pv = v.pow( power );
//!     If( v.r.greaterThan( 0.0 ), () => { v.r.assign( pv.r ); } );
//!     If( v.g.greaterThan( 0.0 ), () => { v.g.assign( pv.g ); } );
//!     If( v.b.greaterThan( 0.0 ), () => { v.b.assign( pv.b ); } );
//!     v.assign( luma.add( v.sub( luma ).mul( saturation ) ).max( 0 ) );
//!     return vec4( v.rgb, color.a );
//! } );
//! export const posterize = Fn( ( [ source, steps ] ) => {
//!     return source.mul( steps ).floor().div( steps );
//! } );
//! export const sepia = Fn( ( [ color ] ) => {
//!     const c = vec3( color );
//!     return vec4(
//!         dot( c, vec3( 0.393, 0.769, 0.189 ) ),
//!         dot( c, vec3( 0.349, 0.686, 0.168 ) ),
//!         dot( c, vec3( 0.272, 0.534, 0.131 ) ),
//!         color.a
//!     );
//! } );
//! export const bleach = Fn( ( [ color, opacity = 1 ] ) => {
//!     const base = color;
//!     const lum = luminance( base.rgb );
//!     const blend = vec3( lum );
//!     const L = min( 1.0, max( 0.0, float( 10.0 ).mul( lum.sub( 0.45 ) ) ) );
//!     const result1 = blend.mul( base.rgb ).mul( 2.0 );
//!     const result2 = float( 2.0 ).mul( blend.oneMinus() ).mul( base.rgb.oneMinus() ).oneMinus();
//!     const newColor = mix( result1, result2, L );
//!     const A2 = base.a.mul( opacity );
//!     const mixRGB = A2.mul( newColor.rgb );
//!     mixRGB.addAssign( base.rgb.mul( A2.oneMinus() ) );
//!     return vec4( mixRGB, base.a );
//! } );
//! ```
//!
//! The photo is the 16 × 16 picture of `examples/shared/photo.rs` (sRGB), each tile a 1 × 1 plane
//! under an orthographic camera showing 3 × 3 units.
//!
//! Run: `cargo run --release --example tsl_display_functions` (optionally `-- OUT.png`).

// The test binaries load the photo once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/photo.rs"]
mod photo;

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// One tile of the sheet: the function the photo goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// The photo itself.
    Photo,
    /// `grayscale( photo )`.
    Grayscale,
    /// `saturation( photo, 1.8 )`.
    Saturation,
    /// `vibrance( photo, 0.8 )`.
    Vibrance,
    /// `hue( photo, 2 )`.
    Hue,
    /// `posterize( photo, 4 )`.
    Posterize,
    /// `sepia( photo )`.
    Sepia,
    /// `bleach( photo )`.
    Bleach,
    /// `cdl( photo, (1.2, 1, 0.9), (0.02, 0, 0), (1.1, 1, 0.9), 1.2 )`.
    Cdl,
}

impl Tile {
    /// The tiles, first row first, three to a row.
    pub const ALL: [Tile; 9] = [
        Tile::Photo,
        Tile::Grayscale,
        Tile::Saturation,
        Tile::Vibrance,
        Tile::Hue,
        Tile::Posterize,
        Tile::Sepia,
        Tile::Bleach,
        Tile::Cdl,
    ];

    /// The tile's colour node of the photo.
    fn color(self, photo: Vec3Node) -> Vec3Node {
        // TSL's default coefficients, written out: the working space's, and Rec. 709 for `cdl`.
        let coefficients = working_luminance_coefficients();
        match self {
            Tile::Photo => photo,
            Tile::Grayscale => {
                let g = grayscale(photo, coefficients);
                vec3(g, g, g)
            }
            Tile::Saturation => saturation(photo, 1.8, coefficients),
            Tile::Vibrance => vibrance(photo, 0.8),
            Tile::Hue => hue(photo, 2.0),
            Tile::Posterize => posterize(photo, 4.0),
            Tile::Sepia => sepia(photo.extend(1.0)).rgb(),
            Tile::Bleach => bleach(photo.extend(1.0), 1.0).rgb(),
            Tile::Cdl => cdl(
                photo.extend(1.0),
                Vec3::new(1.2, 1.0, 0.9),
                Vec3::new(0.02, 0.0, 0.0),
                Vec3::new(1.1, 1.0, 0.9),
                1.2,
                Vec3::from(REC709_LUMINANCE_COEFFICIENTS),
            )
            .rgb(),
        }
    }
}

/// The program of one tile: `colorNode = f(texture(map).rgb)`.
pub fn program(tile: Tile, map: TextureId) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let photo = texture(map, uv()).rgb();
    scope.color_node(tile.color(photo))?;
    scope.compile()
}

/// The contact sheet: nine 1 × 1 tiles, three to a row, under an orthographic camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let map = assets.textures.add(photo::photo_texture(ColorSpace::Srgb)?);
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    for (index, tile) in Tile::ALL.into_iter().enumerate() {
        let program = assets.programs.add(program(tile, map)?);
        let material = assets.materials.add(shader_material(program));
        let mut tile = Object::mesh(plane, material);
        let (col, row) = ((index % 3) as f32, (index / 3) as f32);
        tile.transform.position = Vec3::new(col - 1.0, 1.0 - row, 0.0);
        scene.add(tile);
    }
    let camera = Camera::orthographic(-1.5, 1.5, 1.5, -1.5, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "tsl_display_functions.png",
        scene,
        RenderSettings::new(384, 384),
    )
}
