//! The benchmark workload of the Mojo port, on the same work: a STANDARD sphere (radius 0.9,
//! 36×24 segments, roughness 0.45) whose colour node mixes two colours by `sin(time)` and whose
//! position node breathes along the normal, turned 10° more about y each frame; 36 frames of
//! 240×180 at `time = 2π·i/36`, written as an animated PNG. Prints the milliseconds spent drawing
//! all 36 frames (the Mojo port: 280 ms on a Xeon; our goal: under 28 ms on 2 cores).
//!
//! Run: `cargo run --release --example spin` (optionally `-- OUT.png ROUNDS`). It draws the 36
//! frames ROUNDS times (5 by default), prints each round and then the best: the first round makes
//! the frames (and finds the caches cold), the later ones draw into them again with
//! `Renderer::render_into`, as an application that keeps its frames does.

use std::f32::consts::PI;
use std::time::Instant;
use tsl::prelude::*;
use tsl::raster::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "spin.png".into());
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(5)
        .max(1);
    let mut assets = Assets::new();
    let graph = NodeGraph::new();
    let wave = graph.sin(graph.time());
    let t = graph.mul(graph.add(wave, graph.float(1.0)), graph.float(0.5));
    graph.set_output(
        COLOR_NODE,
        graph.mix(
            graph.color(Color::from_srgb8(255, 140, 40)),
            graph.color(Color::from_srgb8(40, 110, 230)),
            t,
        ),
    )?;
    graph.set_output(
        POSITION_NODE,
        graph.mul(graph.normal_local(), graph.mul(wave, graph.float(0.08))),
    )?;
    let program = assets.programs.add(graph.compile()?);
    let material = assets.materials.add(Material {
        roughness: 0.45,
        ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(program)
    });
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(0.9, 36, 24).build());

    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(14, 16, 22));
    let ball = scene.add(Object::mesh(sphere, material));
    scene.add_light(Light::ambient(Color::WHITE, 0.35));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.4,
        Vec3::new(0.8, 1.3, 1.6),
    ));
    let camera = Camera::perspective(40.0, 0.1, 20.0)
        .at(Vec3::new(0.2, 0.25, 3.0))
        .looking_at(Vec3::ZERO);
    let mut renderer = Renderer::new(RenderSettings::new(240, 180));

    // One frame first, so that the pool of threads is started before the clock runs.
    let (_, stats) = renderer.render_counted(&scene, &camera, &assets)?;
    let mut best = f64::INFINITY;
    let mut frames = Vec::new();
    for round in 0..rounds {
        let start = Instant::now();
        for i in 0..36 {
            renderer.settings.time = 2.0 * PI * i as f32 / 36.0;
            if let Some(object) = scene.object_mut(ball) {
                object
                    .transform
                    .set_euler(0.0, (10.0 * i as f32).to_radians(), 0.0);
            }
            // The first round makes the frames; later ones draw into them again, as an
            // application that keeps its frames does.
            match frames.get_mut(i) {
                Some(frame) => {
                    renderer.render_into(&scene, &camera, &assets, frame)?;
                }
                None => frames.push(renderer.render(&scene, &camera, &assets)?),
            }
        }
        let ms = start.elapsed().as_secs_f64() * 1e3;
        best = best.min(ms);
        if rounds > 1 {
            println!("round {round}: {ms:.1} ms");
        }
    }
    write_apng(&path, &frames, 1000 / 30)?;
    println!(
        "36 frames of 240×180 in {best:.1} ms ({:.2} ms a frame, {} fragments shaded in the \
         first, {} threads): {path}",
        best / 36.0,
        stats.fragments,
        rayon::current_num_threads()
    );
    Ok(())
}
