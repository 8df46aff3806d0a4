//! The stripes (R-EX-4, docs/requirements.md) written as a `#[tsl_fn]`: `step(0.5,
//! fract(uv * 8)).xyx` as the colour of a `shader_material`, on a plane that fills an orthographic
//! view. Where both stripes are on the colour is white, where only u's is magenta, where only v's
//! green, else black. Writes `stripes.png`. `tests/spec000_examples.rs` holds it to the builder version of its worked example and to the colours worked out from the uv.
//!
//! R-EX-4, as the builder writes it:
//!
//! ```text
//! var graph = NodeGraph()
//! var stripes = graph.step(graph.float(0.5), graph.fract(graph.mul(graph.uv(), graph.float(8))))
//! graph.set_output(COLOR_NODE, graph.swizzle(stripes, "xyx"))
//! var card = assets.materials.add(shader_material(assets.programs.add(graph.compile())))
//! ```
//!
//! The same in Rust: [`stripes`] and [`program`].
//!
//! Run: `cargo run --release --example spec000_stripes` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The stripes (R-EX-4): 1 where `fract(uv · count)` is at least 0.5, per component, as `.xyx`.
#[tsl_fn]
pub fn stripes(uv: Vec2, count: Float) -> Vec3 {
    let s = step(0.5, fract(uv * count));
    s.xyx
}

/// The card's program: `colorNode = stripes(uv(), 8)`.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    scope.color_node(stripes(uv(), 8.0))?;
    scope.compile()
}

/// A 2 × 2 plane carrying `shader_material(program)`, filling an orthographic camera's view
/// exactly: u runs left to right, v bottom to top.
pub fn scene(program: NodeProgram) -> Result<(Scene, Camera, Assets), RenderError> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let card = assets.materials.add(shader_material(program));
    let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, card));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "spec000_stripes",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (stripes.png by default).",
        1,
    );
    let path = args::text(&args, 0, "stripes.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene(program()?)?;
    let image = args::renderer(RenderSettings::new(256, 256))?.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
