//! spec/000's first graph: a tint uniform mixed into the vertex colour by a sine of time, and an
//! output node that warms the lit colour. Compiles it, prints the disassembly, and prints the
//! colour that the program computes for one fragment at `time = 1.5`.
//!
//! Run: `cargo run --release --example graph`

use tsl::prelude::*;

fn main() -> Result<(), GraphError> {
    let graph = NodeGraph::new();
    let tint = graph.uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
    let mixed = graph.mix(
        graph.vertex_color(),
        tint,
        graph.mul(wave, graph.float(0.5)),
    );
    graph.set_output(COLOR_NODE, mixed)?;
    graph.set_output(
        OUTPUT_NODE,
        graph.mul(graph.lit(), graph.vec3(1.0, 0.9, 0.8)),
    )?;
    let mut program = graph.compile()?;
    println!("{program}");

    // Renderer.time = 1.5 s, as spec/000 moves it on between frames.
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

    program.set_uniform("tint", Color::from_srgb8(40, 120, 255))?;
    let retinted = program
        .evaluate(COLOR_NODE, &fragment)
        .expect("COLOR_NODE is set");
    println!(
        "  after set_uniform(\"tint\", (40, 120, 255)): ({:.6}, {:.6}, {:.6})",
        retinted[0], retinted[1], retinted[2]
    );
    Ok(())
}
