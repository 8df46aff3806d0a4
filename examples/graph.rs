//! spec/000's first graph: a tint uniform mixed into the vertex colour by a sine of time, and an
//! output node that warms the lit colour. Compiles it, prints the disassembly and the colour the
//! program computes for one fragment at `time = 1.5`, then draws it on a lit sphere and a plane
//! (STANDARD, roughness 0.4) to `graph.png`.
//!
//! Run: `cargo run --release --example graph` (optionally `-- OUT.png WIDTH HEIGHT`).

use std::time::Instant;
use tsl::prelude::*;
use tsl::raster::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
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
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).map_or("graph.png", String::as_str);
    let width = args.get(2).and_then(|w| w.parse().ok()).unwrap_or(960);
    let height = args.get(3).and_then(|h| h.parse().ok()).unwrap_or(540);
    let (scene, camera, assets) = graph_scene(program)?;
    let mut renderer = Renderer::new(width, height);
    renderer.time = 1.5;
    let start = Instant::now();
    let image = renderer.render(&scene, &camera, &assets)?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    image.write_png(path)?;
    println!("drew {width}×{height} in {ms:.1} ms: {path}");
    Ok(())
}

/// The example's scene: a sphere whose vertex colours follow its normals and a checkered plane,
/// both STANDARD with the program, under ambient, hemisphere and directional light.
fn graph_scene(program: NodeProgram) -> Result<(Scene, Camera, Assets), RenderError> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let paint = assets.materials.add(Material {
        roughness: 0.4,
        ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(program)
    });

    let sphere = SphereGeometry::new(1.0, 64, 32).build();
    let colors = sphere
        .normals()
        .unwrap_or_default()
        .iter()
        .map(|n| *n * 0.5 + 0.5)
        .collect();
    let sphere = assets.geometries.add(sphere.with_colors(colors)?);

    let plane = PlaneGeometry {
        width: 8.0,
        height: 8.0,
        width_segments: 8,
        height_segments: 8,
    }
    .build();
    let colors = plane
        .positions()
        .iter()
        .map(|p| {
            let even = ((p.x + 4.0).round() as i32 + (p.y + 4.0).round() as i32) % 2 == 0;
            if even {
                Vec3::new(0.9, 0.9, 0.85)
            } else {
                Vec3::new(0.15, 0.2, 0.3)
            }
        })
        .collect();
    let plane = assets.geometries.add(plane.with_colors(colors)?);

    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(14, 16, 22));
    scene.add(Object::mesh(sphere, paint).at(Vec3::new(0.0, 1.0, 0.0)));
    scene.add(Object::mesh(plane, paint).rotated(-std::f32::consts::FRAC_PI_2, 0.0, 0.0));
    scene.add_light(Light::ambient(Color::WHITE, 0.4));
    scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.6,
    ));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(3.0, 5.0, 4.0),
    ));
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 2.4, 5.5))
        .looking_at(Vec3::new(0.0, 0.7, 0.0));
    Ok((scene, camera, assets))
}
