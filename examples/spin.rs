//! The benchmark workload of the Mojo port, on the same work: a STANDARD sphere (radius 0.9,
//! 36×24 segments, roughness 0.45) whose colour node mixes two colours by `sin(time)` and whose
//! position node breathes along the normal, turned 10° more about y each frame; 36 frames of
//! 240×180 at `time = 2π·i/36`, written as an animated PNG. Prints the milliseconds spent drawing
//! all 36 frames (the Mojo port: 280 ms on a Xeon; our goal: under 28 ms on 2 cores).
//!
//! Run: `cargo run --release --example spin` (optionally `-- OUT.png ROUNDS SEGMENTS SIZE`:
//! SEGMENTS the sphere's as `WxH`, 36x24 by default, `576x384` being `benches/raster.rs`'s dense
//! sphere; SIZE the frames', 240x180 by default, as `tools/three_timing/time_spin.sh` sets it).
//! It draws the 36 frames ROUNDS times (5 by default), prints each round and then the best: the
//! first round makes the frames (and finds the caches cold), the later ones draw into them again
//! with `Renderer::render_into`, as an application that keeps its frames does.

#[path = "shared/args.rs"]
mod args;
#[path = "shared/spin_scene.rs"]
mod spin_scene;

use spin_scene::{spin_scene_segments, FRAMES, HEIGHT, WIDTH};
use std::time::Instant;
use tsl::raster::*;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "spin",
        "[OUT.png [ROUNDS [SEGMENTS [SIZE]]]]",
        "Draws 36 frames ROUNDS times (5 by default), prints the best, writes the animated PNG \
         OUT.png (spin.png by default). SEGMENTS: the sphere's, as WxH (36x24 by default); SIZE: \
         the frames', as WxH (240x180 by default).",
        4,
    );
    let path = args::text(&args, 0, "spin.png");
    let rounds: usize = args::number(&args, 1, "ROUNDS", 5usize).max(1);
    let pair = |index: usize, default: &str| {
        let text = args::text(&args, index, default);
        let (w, h) = text.split_once('x')?;
        Some((w.parse().ok()?, h.parse().ok()?))
    };
    let (Some(segments), Some(size)) = (pair(2, "36x24"), pair(3, &format!("{WIDTH}x{HEIGHT}")))
    else {
        eprintln!("spin: SEGMENTS and SIZE are two whole numbers as WxH, such as 36x24 or 240x180");
        return std::process::ExitCode::from(2);
    };
    args::run(|| draw(&path, rounds, segments, size))
}

/// Draw the frames of `size` `rounds` times, the sphere of `segments`, and write the animation to
/// `path`.
fn draw(
    path: &str,
    rounds: usize,
    segments: (u32, u32),
    (width, height): (u32, u32),
) -> Result<(), Box<dyn std::error::Error>> {
    let mut spin = spin_scene_segments(segments.0, segments.1)?;
    let mut renderer = args::renderer(RenderSettings::new(width, height))?;

    // One frame first, so that the pool of threads is started before the clock runs.
    let (_, stats) = renderer.render_counted(&spin.scene, &spin.camera, &spin.assets)?;
    let mut best = f64::INFINITY;
    let mut frames = Vec::new();
    for round in 0..rounds {
        let start = Instant::now();
        for i in 0..FRAMES {
            spin.frame(&mut renderer.settings, i);
            // The first round makes the frames; later ones draw into them again, as an
            // application that keeps its frames does.
            if frames.len() == i {
                frames.push(Image::new(width, height)?);
            }
            renderer.render_into(&spin.scene, &spin.camera, &spin.assets, &mut frames[i])?;
        }
        let ms = start.elapsed().as_secs_f64() * 1e3;
        best = best.min(ms);
        if rounds > 1 {
            println!("round {round}: {ms:.1} ms");
        }
    }
    write_apng(path, &frames, 1000 / 30).map_err(|e| format!("cannot write {path}: {e}"))?;
    println!(
        "36 frames of {width}×{height} on {} in {best:.1} ms ({:.2} ms a frame, {} triangles drawn and {} \
         fragments shaded in the first, {} threads): {path}",
        renderer.device(),
        best / 36.0,
        stats.triangles,
        stats.fragments,
        rayon::current_num_threads()
    );
    Ok(())
}
