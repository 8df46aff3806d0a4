//! The guitar (R-EX-7, docs/requirements.md) written with `#[tsl_fn]` and typed nodes
//! (`examples/shared/guitar_typed.rs`), drawn at a quarter period to `guitar_typed.png`: the same
//! picture as `examples/guitar.rs`.
//!
//! Run: `cargo run --release --example guitar_typed` (optionally `-- HARMONIC OUT.png`).

#[path = "shared/guitar_scene.rs"]
#[allow(dead_code)]
mod guitar_scene;
#[path = "shared/guitar_typed.rs"]
mod guitar_typed;

use guitar_typed::*;
use tsl::raster::{RenderSettings, Renderer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let harmonic: f32 = args.get(1).and_then(|h| h.parse().ok()).unwrap_or(1.0);
    let path = args.get(2).map_or("guitar_typed.png", String::as_str);
    let (scene, camera, assets) = guitar_scene(harmonic)?;
    let image = Renderer::new(RenderSettings::new(640, 200)).render(&scene, &camera, &assets)?;
    image.write_png(path)?;
    println!("harmonic {harmonic}: {path}");
    Ok(())
}
