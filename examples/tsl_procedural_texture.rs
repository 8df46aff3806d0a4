//! three.js's `webgpu_procedural_texture.html`: a checker pattern made from `uv()`, on a plane
//! filling an orthographic view. Writes `tsl_procedural_texture.png`.
//!
//! The original TSL (with `checker` as three.js's `Procedural.js` defines it):
//!
//! ```js
//! const uvScale = uniform( 4 );
//! const blurAmount = uniform( .5 );
//! const procedural = checker( uv().mul( uvScale ) );
//! const proceduralToTexture = convertToTexture( procedural, 512, 512 );
//! const colorNode = gaussianBlur( proceduralToTexture, blurAmount, 10 );
//! const material = new THREE.MeshBasicNodeMaterial();
//! material.colorNode = colorNode;
//!
//! export const checker = Fn( ( [ coord = uv() ] ) => {
//!     const uv = coord.mul( 2.0 );
//!     const cx = uv.x.floor();
//!     const cy = uv.y.floor();
//!     const result = cx.add( cy ).mod( 2.0 );
//!     return result.sign();
//! } );
//! ```
//!
//! The render-to-texture and the Gaussian blur after it are post passes that tsl-rs does not
//! have: the port draws the checker itself (blur amount 0).
//!
//! Run: `cargo run --release --example tsl_procedural_texture` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// three.js's `checker(coord)`: 1 on the cells where `floor(2x) + floor(2y)` is odd, else 0.
#[tsl_fn]
pub fn checker(coord: Vec2) -> Float {
    let uv = coord * 2.0;
    let cx = floor(uv.x);
    let cy = floor(uv.y);
    let result = (cx + cy) % 2.0;
    sign(result)
}

/// The plane's program: `colorNode = checker(uv() * uvScale)`, `uvScale` a uniform (4).
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let uv_scale = uniform(4.0f32).set_name("uvScale");
    let c = checker(uv() * uv_scale);
    scope.color_node(vec3(c, c, c))?;
    scope.compile()
}

/// A 1 × 1 plane filling an orthographic camera's view, BASIC with the checker, `uvScale` set.
pub fn scene(uv_scale: f32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut program = program()?;
    program.set_uniform("uvScale", uv_scale)?;
    let program = assets.programs.add(program);
    let material = assets.materials.add(shader_material(program));
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, material));
    let camera = Camera::orthographic(-0.5, 0.5, 0.5, -0.5, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_procedural_texture",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_procedural_texture.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_procedural_texture.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene(4.0)?;
    let image = args::renderer(RenderSettings::new(512, 512))?.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
