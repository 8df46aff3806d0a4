//! three.js's `webgpu_backdrop_water.html`: the water's colour, two layers of Worley noise over the
//! floor's world position moving with time. Writes `tsl_backdrop_water.png`.
//!
//! The original TSL (the colour part):
//!
//! ```js
//! const timer = timerLocal( .8 );
//! const floorUV = positionWorld.xzy;
//! const waterLayer0 = mx_worley_noise_float( floorUV.mul( 4 ).add( timer ) );
//! const waterLayer1 = mx_worley_noise_float( floorUV.mul( 2 ).add( timer ) );
//! const waterIntensity = waterLayer0.mul( waterLayer1 );
//! const waterColor = waterIntensity.mul( 1.4 ).mix( color( 0x0487e2 ), color( 0x74ccf4 ) );
//! const waterMaterial = new THREE.MeshBasicNodeMaterial();
//! waterMaterial.colorNode = waterColor;
//! const water = new THREE.Mesh( new THREE.BoxGeometry( 50, .001, 50 ), waterMaterial );
//! ```
//!
//! `t.mix( a, b )` is TSL's method form of `mix( a, b, t )`. The page's backdrop refracts
//! through the viewport's depth texture (`viewportDepthTexture`, `linearDepth`), which tsl-rs does
//! not have (its colour read, `viewport_texture`, it has: docs/screen_reads.md); the port draws the
//! water's colour node on a plane seen from above.
//!
//! Run: `cargo run --release --example tsl_backdrop_water` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The water's program: `colorNode = waterColor`.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let timer = time() * 0.8;
    let floor_uv = position_world().xzy();
    let layer0 = mx_worley_noise_float(floor_uv * 4.0 + timer, 1.0, 0);
    let layer1 = mx_worley_noise_float(floor_uv * 2.0 + timer, 1.0, 0);
    let intensity = layer0 * layer1;
    let water = mix(
        color(Color::from_hex(0x0487e2)),
        color(Color::from_hex(0x74ccf4)),
        intensity * 1.4,
    );
    scope.color_node(water)?;
    scope.compile()
}

/// A 4 × 4 patch of the water (the page's box is 50 × 50) seen straight down by an orthographic
/// camera that frames it exactly: +x to the right, −z up the image.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program()?);
    let material = assets.materials.add(shader_material(program));
    let plane = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, material).rotated(-std::f32::consts::FRAC_PI_2, 0.0, 0.0));
    let mut camera =
        Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 10.0).at(Vec3::new(0.0, 5.0, 0.0));
    camera.up = Vec3::new(0.0, 0.0, -1.0);
    camera.look_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_backdrop_water",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_backdrop_water.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_backdrop_water.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene()?;
    let mut renderer = args::renderer(RenderSettings::new(512, 512))?;
    renderer
        .settings
        .set_time(std::time::Duration::from_millis(2000));
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
