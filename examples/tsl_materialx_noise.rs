//! three.js's `webgpu_materialx_noise.html`: four spheres coloured by MaterialX noises of the
//! world normal moved by time. Writes `tsl_materialx_noise.png`.
//!
//! The original TSL:
//!
//! ```js
//! const geometry = new THREE.SphereGeometry( 8, 64, 32 );
//! const customUV = normalWorld.mul( 10 ).add( time );
//! // left top
//! material = new THREE.MeshPhysicalNodeMaterial();
//! material.colorNode = mx_noise_vec3( customUV );
//! // right top
//! material.colorNode = mx_cell_noise_float( customUV );
//! // left bottom
//! material.colorNode = mx_worley_noise_vec3( customUV );
//! // right bottom
//! material.colorNode = mx_fractal_noise_vec3( customUV.mul( .2 ) );
//! ```
//!
//! The noises are the typed front's (`mx_noise_vec3`, `mx_cell_noise_float`,
//! `mx_worley_noise_vec3`, `mx_fractal_noise_vec3`), TSL's default arguments written out. The HDR
//! environment and the moving point light become an ambient and a directional light.
//!
//! Run: `cargo run --release --example tsl_materialx_noise` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// Which of the four noises a sphere shows, in the page's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Noise {
    /// `mx_noise_vec3(customUV)` (left top).
    Perlin,
    /// `mx_cell_noise_float(customUV)` (right top).
    Cell,
    /// `mx_worley_noise_vec3(customUV)` (left bottom).
    Worley,
    /// `mx_fractal_noise_vec3(customUV * 0.2)` (right bottom).
    Fractal,
}

/// The four, with where their spheres stand.
pub const SPHERES: [(Noise, f32, f32); 4] = [
    (Noise::Perlin, -10.0, 10.0),
    (Noise::Cell, 10.0, 10.0),
    (Noise::Worley, -10.0, -10.0),
    (Noise::Fractal, 10.0, -10.0),
];

/// The program of one sphere: `colorNode = noise(normalWorld * 10 + time)`.
pub fn program(noise: Noise) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let custom_uv = normal_world() * 10.0 + time();
    let color = match noise {
        Noise::Perlin => mx_noise_vec3(custom_uv, 1.0, 0.0),
        Noise::Cell => {
            let c = mx_cell_noise_float(custom_uv);
            vec3(c, c, c)
        }
        Noise::Worley => mx_worley_noise_vec3(custom_uv, 1.0, 1),
        Noise::Fractal => mx_fractal_noise_vec3(custom_uv * 0.2, 3, 2.0, 0.5, 1.0),
    };
    scope.color_node(color)?;
    scope.compile()
}

/// The four spheres (radius 8) seen from z = 100 by a 27° camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    scene_of(&SPHERES)
}

/// The scene with only `spheres` (noise, x, y) in it.
pub fn scene_of(
    spheres: &[(Noise, f32, f32)],
) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(8.0, 64, 32).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x202428));
    for &(noise, x, y) in spheres {
        let program = assets.programs.add(program(noise)?);
        let material = assets
            .materials
            .add(Material::new(MaterialKind::Physical, Color::WHITE).with_nodes(program));
        scene.add(Object::mesh(sphere, material).at(Vec3::new(x, y, 0.0)));
    }
    scene.add_light(Light::ambient(Color::WHITE, 1.0));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 1.0, 2.0),
    ));
    let camera = Camera::perspective(27.0, 1.0, 1000.0).at(Vec3::new(0.0, 0.0, 100.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_materialx_noise",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_materialx_noise.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_materialx_noise.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene()?;
    let mut renderer = args::renderer(RenderSettings::new(512, 512))?;
    renderer
        .settings
        .set_time(std::time::Duration::from_millis(1500));
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
