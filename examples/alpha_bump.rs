//! `alpha_map`, `alpha_test` and `bump_map` (three.js's `alphaMap`, `alphaTest`, `bumpMap` and
//! `bumpScale`): a floor and a ball bumped by one 8×8 height map, a translucent card whose alpha
//! map's red channel scales its opacity, and a card cut where that channel is under 0.5. The
//! same scene, at 64×64, is held to three.js r187's render by the `alpha_bump` case of
//! `tests/raster_three.rs` and `tests/gpu_three.rs` (docs/lighting.md, "Alpha and bump maps").
//!
//! Run: `cargo run --release --example alpha_bump` (optionally `-- OUT.png`).

#[path = "shared/alpha_bump.rs"]
mod alpha_bump;
#[path = "shared/args.rs"]
mod args;

use tsl::raster::RenderSettings;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "alpha_bump",
        "[OUT.png]",
        "Draws bump-mapped and alpha-mapped surfaces to OUT.png (alpha_bump.png by default).",
        1,
    );
    let path = args::text(&args, 0, "alpha_bump.png");
    args::run(|| {
        let (scene, camera, assets) = alpha_bump::alpha_bump_scene();
        let image =
            args::renderer(RenderSettings::new(640, 360))?.render(&scene, &camera, &assets)?;
        args::write_png(&image, &path)?;
        println!("{path}");
        Ok(())
    })
}
