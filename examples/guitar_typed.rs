//! The guitar (R-EX-7, docs/requirements.md) written with `#[tsl_fn]` and typed nodes
//! (`examples/shared/guitar_typed.rs`), drawn at a quarter period to `guitar_typed.png`: the same
//! picture as `examples/guitar.rs`.
//!
//! Run: `cargo run --release --example guitar_typed` (optionally `-- OUT.png HARMONIC`).

#[path = "shared/args.rs"]
mod args;
#[path = "shared/guitar_scene.rs"]
#[allow(dead_code)]
mod guitar_scene;
#[path = "shared/guitar_typed.rs"]
mod guitar_typed;

use guitar_typed::*;
use tsl::raster::RenderSettings;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "guitar_typed",
        "[OUT.png [HARMONIC]]",
        "Draws the typed guitar to OUT.png (guitar_typed.png by default) at HARMONIC (1).",
        2,
    );
    let path = args::text(&args, 0, "guitar_typed.png");
    let harmonic: f32 = args::number(&args, 1, "HARMONIC", 1.0);
    args::run(|| {
        let (scene, camera, assets) = guitar_scene(harmonic)?;
        let image =
            args::renderer(RenderSettings::new(640, 200))?.render(&scene, &camera, &assets)?;
        args::write_png(&image, &path)?;
        println!("harmonic {harmonic}: {path}");
        Ok(())
    })
}
