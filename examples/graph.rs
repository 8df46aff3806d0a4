//! The first graph (R-EX-1, docs/requirements.md): a tint uniform mixed into the vertex colour by a
//! sine of time, and an output node that warms the lit colour. Compiles it, prints the disassembly
//! and the colour the program computes for one fragment at `time = 1.5`, then draws it on a lit
//! sphere and a plane (STANDARD, roughness 0.4) at `time = 1.5` to `graph.png`.
//!
//! Run: `cargo run --release --example graph` (optionally `-- OUT.png WIDTH HEIGHT`).

#[path = "shared/args.rs"]
mod args;
#[path = "shared/graph_scene.rs"]
mod graph_scene;

use tsl::prelude::*;
use tsl::raster::RenderSettings;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "graph",
        "[OUT.png [WIDTH HEIGHT]]",
        "Prints the first graph's program and draws it to OUT.png (graph.png, 960x540 by default).",
        3,
    );
    let path = args::text(&args, 0, "graph.png");
    let width: u32 = args::number(&args, 1, "WIDTH", 960);
    let height: u32 = args::number(&args, 2, "HEIGHT", 540);
    args::run(|| draw(&path, width, height))
}

/// Print the program and one fragment's colour, then draw the picture to `path`.
fn draw(path: &str, width: u32, height: u32) -> Result<(), Box<dyn std::error::Error>> {
    let mut program = graph_scene::graph_program()?;
    println!("{program}");

    // Renderer.time = 1.5 s, as R-EX-1 moves it on between frames.
    program.set_frame(1.5, Mat4::IDENTITY);
    let fragment = Fragment {
        vertex_color: Vec3::new(0.2, 0.4, 0.6),
        lit: Vec3::new(0.5, 0.5, 0.5),
        ..Fragment::default()
    };
    let color = program
        .evaluate(COLOR_NODE, &fragment)
        .expect("COLOR_NODE is set");
    let output = program
        .evaluate(OUTPUT_NODE, &fragment)
        .expect("OUTPUT_NODE is set");
    println!("time 1.5 s, vertex colour (0.2, 0.4, 0.6):");
    println!(
        "  COLOR_NODE  = ({:.6}, {:.6}, {:.6})",
        color[0], color[1], color[2]
    );
    println!(
        "  OUTPUT_NODE = ({:.6}, {:.6}, {:.6}) for lit (0.5, 0.5, 0.5)",
        output[0], output[1], output[2]
    );
    let mut retinted = program.clone();
    retinted.set_uniform("tint", Color::from_srgb8(40, 120, 255))?;
    let c = retinted
        .evaluate(COLOR_NODE, &fragment)
        .expect("COLOR_NODE is set");
    println!(
        "  after set_uniform(\"tint\", (40, 120, 255)): ({:.6}, {:.6}, {:.6})",
        c[0], c[1], c[2]
    );

    // The picture: the same program on a sphere and a plane.
    let (scene, camera, assets) = graph_scene::graph_scene(program)?;
    let mut renderer = args::renderer(RenderSettings::new(width, height))?;
    renderer.settings.time = 1.5;
    let (image, stats) = renderer.render_counted(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!(
        "{} triangles, {} fragments shaded: {path}",
        stats.triangles, stats.fragments
    );
    Ok(())
}
