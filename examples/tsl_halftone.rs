//! three.js's `webgpu_tsl_halftone.html`: lit objects overlaid with two screen-space dot grids
//! whose dots grow where the surface faces a direction. Writes `tsl_halftone.png`.
//!
//! The original TSL:
//!
//! ```js
//! halftoneSettings = [
//!     // purple shade
//!     { count: 140, color: '#fb00ff', direction: new THREE.Vector3( - 0.4, - 1, 0.5 ),
//!       start: 1, end: 0, mixLow: 0, mixHigh: 0.5, radius: 0.8 },
//!     // cyan highlight
//!     { count: 180, color: '#94ffd1', direction: new THREE.Vector3( 0.5, 0.5, - 0.2 ),
//!       start: 0.55, end: 0.2, mixLow: 0.5, mixHigh: 1, radius: 0.8 }
//! ];
//! // (each setting's values become uniforms: uniforms.count = uniform( settings.count ), ...)
//!
//! const halftone = Fn( ( [ count, color, direction, start, end, radius, mixLow, mixHigh ] ) => {
//!     // grid pattern
//!     let gridUv = viewportCoordinate.xy.div( viewportResolution.yy ).mul( count );
//!     gridUv = rotate( gridUv, Math.PI * 0.25 ).mod( 1 );
//!     // orientation strength
//!     const orientationStrength = normalWorld
//!         .dot( direction.normalize() )
//!         .remapClamp( end, start, 0, 1 );
//!     // mask
//!     const mask = gridUv
//!         .sub( 0.5 )
//!         .length()
//!         .step( orientationStrength.mul( radius ).mul( 0.5 ) )
//!         .mul( mix( mixLow, mixHigh, orientationStrength ) );
//!     return vec4( color, mask );
//! } );
//!
//! const halftones = Fn( ( [ input ] ) => {
//!     const halftonesOutput = input;
//!     for ( const settings of halftoneSettings ) {
//!         const halfToneOutput = halftone( settings.uniforms.count, settings.uniforms.color,
//!             settings.uniforms.direction, settings.uniforms.start, settings.uniforms.end,
//!             settings.uniforms.radius, settings.uniforms.mixLow, settings.uniforms.mixHigh );
//!         halftonesOutput.rgb.assign( mix( halftonesOutput.rgb, halfToneOutput.rgb, halfToneOutput.a ) );
//!     }
//!     return halftonesOutput;
//! } );
//!
//! const defaultMaterial = new THREE.MeshStandardNodeMaterial( { color: '#ff622e' } );
//! defaultMaterial.outputNode = halftones( output );
//!
//! // animate(): the cyan highlight turns with the clock
//! halftoneSettings[ 1 ].uniforms.direction.value.x = Math.cos( time );
//! halftoneSettings[ 1 ].uniforms.direction.value.y = Math.sin( time );
//! ```
//!
//! The page read here uses `viewportResolution`, which three r187 no longer has; `screenSize` is
//! the same size (the viewport is the whole canvas), and the case file uses it. The dots are
//! counted per viewport height, so the counts are scaled to the small picture: 14 and 18 across
//! 144 pixels (the page's 140 and 180 across about 1400). The scene: the page's sphere and, for its
//! torus knot, a torus (tsl-raster has no torus-knot geometry); the page's Michelle model
//! (`Michelle.glb`) is left out. The animation's direction is set for a time given by the caller.
//!
//! Run: `cargo run --release --example tsl_halftone` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The size the scene is drawn at by the test and the case file.
pub const SIZE: (u32, u32) = (256, 144);

/// One dot grid of the page's `halftoneSettings`.
struct Halftone {
    count: f32,
    color: u32,
    direction: Vec3,
    start: f32,
    end: f32,
    mix_low: f32,
    mix_high: f32,
    radius: f32,
}

/// The page's settings, the counts scaled to [`SIZE`] (see the module's documentation).
const SETTINGS: [Halftone; 2] = [
    // purple shade
    Halftone {
        count: 14.0,
        color: 0xfb00ff,
        direction: Vec3::new(-0.4, -1.0, 0.5),
        start: 1.0,
        end: 0.0,
        mix_low: 0.0,
        mix_high: 0.5,
        radius: 0.8,
    },
    // cyan highlight
    Halftone {
        count: 18.0,
        color: 0x94ffd1,
        direction: Vec3::new(0.5, 0.5, -0.2),
        start: 0.55,
        end: 0.2,
        mix_low: 0.5,
        mix_high: 1.0,
        radius: 0.8,
    },
];

/// The page's `halftone` Fn (its `direction` uniform named `direction{index}`): the grid's colour and mask.
fn halftone(index: usize) -> (Vec3Node, FloatNode) {
    let s = &SETTINGS[index];
    let count = uniform(s.count);
    let color = uniform(Color::from_hex(s.color));
    // named, for the host to turn as the page's animate() does
    let direction = uniform(s.direction).set_name(&format!("direction{index}"));
    let start = uniform(s.start);
    let end = uniform(s.end);
    let radius = uniform(s.radius);
    let mix_low = uniform(s.mix_low);
    let mix_high = uniform(s.mix_high);

    // grid pattern
    let grid_uv = viewport_coordinate()
        .xy()
        .div(screen_size().yy())
        .mul(count);
    let grid_uv = rotate(grid_uv, PI * 0.25).modulo(1.0);
    // orientation strength
    let orientation_strength = normal_world()
        .dot(direction.normalize())
        .remap_clamp(end, start, 0.0, 1.0);
    // mask: TSL's chain `x.step( edge )` is `step( edge, x )` (three.js's `stepElement`): one
    // outside the dot's radius
    let mask = grid_uv
        .sub(0.5)
        .length()
        .step(orientation_strength.mul(radius).mul(0.5))
        .mul(mix(mix_low, mix_high, orientation_strength));
    (color, mask)
}

/// The material's program: `outputNode = halftones( output )`.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let halftones_output = lit().to_var();
    for index in 0..SETTINGS.len() {
        let (color, mask) = halftone(index);
        // halftonesOutput.rgb.assign( .. ): the alpha stays
        let rgb = mix(halftones_output.get().rgb(), color, mask);
        halftones_output.assign(rgb.extend(halftones_output.get().a()));
    }
    scope.output_node(halftones_output.get())?;
    scope.compile()
}

/// The page's `animate()`: the cyan highlight's direction at `time` seconds.
pub fn highlight_direction(time: f32) -> Vec3 {
    Vec3::new(time.cos(), time.sin(), SETTINGS[1].direction.z)
}

/// The sphere and the torus under the page's lights and camera, the highlight's direction at
/// `time` seconds.
pub fn scene(time: f32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut program = program()?;
    program.set_uniform("direction1", highlight_direction(time))?;
    let program = assets.programs.add(program);
    let material = assets
        .materials
        .add(Material::standard(Color::from_hex(0xff622e), 1.0, 0.0).with_nodes(program));
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(1.0, 64, 64).build());
    let torus = assets.geometries.add(
        TorusGeometry {
            radius: 0.8,
            tube: 0.3,
            radial_segments: 32,
            tubular_segments: 128,
            ..TorusGeometry::default()
        }
        .build(),
    );
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    scene.add(Object::mesh(torus, material).at(Vec3::new(3.0, 0.0, 0.0)));
    scene.add(Object::mesh(sphere, material).at(Vec3::new(-3.0, 0.0, 0.0)));
    scene.add_light(Light::ambient(Color::WHITE, 3.0));
    scene.add_light(Light::directional(
        Color::WHITE,
        8.0,
        Vec3::new(4.0, 3.0, 1.0),
    ));
    let camera = Camera::perspective(25.0, 0.1, 100.0)
        .at(Vec3::new(6.0, 3.0, 10.0))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_halftone",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_halftone.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_halftone.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (w, h) = (SIZE.0 * 4, SIZE.1 * 4);
    let (scene, camera, assets) = scene(1.0)?;
    let image = args::renderer(RenderSettings::new(w, h))?.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
