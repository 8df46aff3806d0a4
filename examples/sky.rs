//! The sky of the TSL lessons' third exercise (three.js's `webgl_lights_hemisphere` sky as TSL)
//! written with `#[tsl_fn]` and typed uniforms (`examples/shared/sky.rs`): a gradient from a dark
//! horizon to blue on the inside of a large sphere, over a ground and a ball lit by a hemisphere
//! light. The same scene, at 64×64, is held to three.js r187's render by the `sky` case of
//! `tests/raster_three.rs` and `tests/gpu_three.rs`.
//!
//! Run: `cargo run --release --example sky` (optionally `-- OUT.png`).

#[path = "shared/args.rs"]
mod args;
#[path = "shared/sky.rs"]
mod sky;

use tsl::raster::RenderSettings;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "sky",
        "[OUT.png]",
        "Draws the sky, a ground and a ball to OUT.png (sky.png by default).",
        1,
    );
    let path = args::text(&args, 0, "sky.png");
    args::run(|| {
        let (scene, camera, assets) = sky::sky_scene()?;
        let image =
            args::renderer(RenderSettings::new(640, 360))?.render(&scene, &camera, &assets)?;
        args::write_png(&image, &path)?;
        println!("{path}");
        Ok(())
    })
}
