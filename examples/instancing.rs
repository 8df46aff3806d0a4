//! Instancing and custom attributes: 400 cubes drawn as one `InstancedMesh`, each with its own
//! matrix and colour (three.js's `setMatrixAt`/`setColorAt`) and an emissive glow that travels by
//! `instance_index()`, over a floor whose colour node reads two geometry attributes by name
//! (`attribute('heat', 'float')`, `attribute('tint', 'vec3')`). Writes
//! `docs/gallery/instancing.png`.
//!
//! Run: `cargo run --release --example instancing` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[path = "shared/instancing_scene.rs"]
mod instancing_scene;
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::raster::*;

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(640, 400);
    settings.time = 0.8;
    png_main::render_png(
        "docs/gallery/instancing.png",
        || instancing_scene::scene(20),
        settings,
    )
}
