//! The control-flow example (R-EX-3, docs/requirements.md) written as typed Rust: a `Var`, a `Loop`
//! of four, an `If` whose `Else` discards, and the sum as the opacity. Index 0 takes the `Else`
//! branch, so every fragment is thrown away: drawn on the left of two spheres, the program leaves
//! no trace, while the right sphere (the same material without the program) shows where it would
//! be. Writes `control_flow.png`. `tests/spec000_examples.rs` holds both Rust spellings to the
//! builder version of its worked example.
//!
//! R-EX-3, as the builder writes it:
//!
//! ```text
//! var sum = graph.Var(graph.float(0))
//! var index = graph.Loop(4)
//! graph.If(graph.greater_than(index, graph.float(1)))
//! graph.assign(sum, graph.add(graph.get(sum), index))
//! graph.Else()
//! graph.Discard()
//! graph.End()
//! graph.End()
//! graph.set_output(OPACITY_NODE, graph.get(sum))
//! ```
//!
//! The same in Rust: [`program`] (inside `tsl!{}`: `let mut`, `for`, `if`/`else`) and
//! [`program_closure_style`] (TSL's `Var`, `Loop`, `If(..).Else(..)`, without a macro).
//!
//! Run: `cargo run --release --example spec000_control_flow` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The control flow (R-EX-3) inside `tsl!{}`: the opacity is the sum, 2 + 3 = 5, and indices 0 and
/// 1 discard.
///
/// ```ignore
/// let sum = tsl! {
///     let mut sum = 0.0;
///     for index in 0..4 {
///         if index > 1 {
///             sum += index;
///         } else {
///             discard();
///         }
///     }
///     sum
/// };
/// scope.opacity_node(sum)?;
/// ```
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let sum = tsl! {
        let mut sum = 0.0;
        for index in 0..4 {
            if index > 1 {
                sum += index;
            } else {
                discard();
            }
        }
        sum
    };
    scope.opacity_node(sum)?;
    scope.compile()
}

/// The same graph in TSL's closure style: `var`, `Loop`, `If(..).Else(..)`, `discard`.
pub fn program_closure_style() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let sum = var(float(0.0));
    Loop(4, |index| {
        If(index.greater_than(1.0), || {
            sum.set(sum.get() + index);
        })
        .Else(|| {
            discard();
        });
    });
    scope.opacity_node(sum.get())?;
    scope.compile()
}

/// The sphere that carries the program stands at x = −1.2, the one without it at x = +1.2.
pub const SPHERE_X: f32 = 1.2;

/// Two unit spheres, STANDARD, orange, under an ambient and a directional light, seen from +z by an
/// orthographic camera 4.8 wide and 2.4 high on a dark blue background: the left one carries
/// `program`, the right one does not.
pub fn scene(program: NodeProgram) -> Result<(Scene, Camera, Assets), RenderError> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let orange = Material::standard(Color::from_srgb8(255, 120, 40), 0.4, 0.0);
    let with_program = assets.materials.add(orange.clone().with_nodes(program));
    let without = assets.materials.add(orange);
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(1.0, 48, 24).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(14, 16, 40));
    scene.add(Object::mesh(sphere, with_program).at(Vec3::new(-SPHERE_X, 0.0, 0.0)));
    scene.add(Object::mesh(sphere, without).at(Vec3::new(SPHERE_X, 0.0, 0.0)));
    scene.add_light(Light::ambient(Color::WHITE, 0.5));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(1.0, 2.0, 3.0),
    ));
    let camera = Camera::orthographic(-2.4, 2.4, 1.2, -1.2, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "spec000_control_flow",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (control_flow.png by default).",
        1,
    );
    let path = args::text(&args, 0, "control_flow.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene(program()?)?;
    let image = args::renderer(RenderSettings::new(320, 160))?.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
