//! The first graph (R-EX-1, docs/requirements.md) written as typed Rust with `tsl!{}`: a tint
//! uniform mixed into the vertex colour by a sine of time, and an output node that warms the lit
//! colour. Drawn at `time = 1.5` on the lit sphere and plane of `examples/graph.rs`
//! (`examples/shared/graph_scene.rs`), to `first_graph.png`. `tests/spec000_examples.rs` holds it
//! to the builder version of its worked example.
//!
//! R-EX-1, as the builder writes it:
//!
//! ```text
//! var graph = NodeGraph()
//! var tint = graph.named_uniform("tint", Color(255, 120, 40))
//! var wave = graph.sin(graph.mul(graph.time(), graph.float(2)))
//! var mixed = graph.mix(graph.vertex_color(), tint, graph.mul(wave, graph.float(0.5)))
//! graph.set_output(COLOR_NODE, mixed)
//! graph.set_output(OUTPUT_NODE, graph.mul(graph.lit(), graph.vec3(1, 0.9, 0.8)))
//! var program = assets.programs.add(graph.compile())
//! var paint = assets.materials.add(
//!     Material(Color(255, 255, 255), kind=STANDARD, roughness=0.4, nodes=program)
//! )
//! ```
//!
//! The same in Rust: [`program`].
//!
//! Run: `cargo run --release --example spec000_first_graph` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

#[path = "shared/graph_scene.rs"]
#[allow(dead_code)]
mod graph_scene;

use tsl::prelude::*;
use tsl::raster::{Assets, Camera, RenderError, RenderSettings, Scene};

/// The graph of R-EX-1, typed:
///
/// ```ignore
/// let (color, output) = tsl! {
///     let tint = uniform(Color::from_srgb8(255, 120, 40)).set_name("tint");
///     let wave = sin(time() * 2.0);
///     (mix(vertex_color().rgb, tint, wave * 0.5), lit().rgb * vec3(1.0, 0.9, 0.8))
/// };
/// ```
///
/// `COLOR_NODE` is the mix, `OUTPUT_NODE` the warmed lit colour.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let (color, output) = tsl! {
        let tint = uniform(Color::from_srgb8(255, 120, 40)).set_name("tint");
        let wave = sin(time() * 2.0);
        (mix(vertex_color().rgb, tint, wave * 0.5), lit().rgb * vec3(1.0, 0.9, 0.8))
    };
    scope.color_node(color)?;
    scope.output_node(output)?;
    scope.compile()
}

/// The lit sphere and plane of `examples/graph.rs` carrying `program`.
pub fn scene(program: NodeProgram) -> Result<(Scene, Camera, Assets), RenderError> {
    graph_scene::graph_scene(program)
}

/// The time the picture is drawn at, as R-EX-1 sets `renderer.time = Duration(1.5, SECOND)`.
pub const TIME: f32 = 1.5;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "spec000_first_graph",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (first_graph.png by default).",
        1,
    );
    let path = args::text(&args, 0, "first_graph.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene(program()?)?;
    let mut renderer = args::renderer(RenderSettings::new(480, 270))?;
    renderer.settings.time = TIME;
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
