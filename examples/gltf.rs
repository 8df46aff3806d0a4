//! glTF (R-GLTF; docs/gltf.md): a model loaded as three.js's GLTFLoader loads it, drawn from its
//! own camera under its own lights, with one of its materials replaced by a node material (a
//! colour node of MaterialX noise over the uv, on the textured box).
//! Writes `docs/gallery/gltf.png`.
//!
//! Run: `cargo run --example gltf` (optionally `-- OUT.png`).

use tsl::prelude::*;
use tsl::raster::gltf::load_gltf;
use tsl::raster::*;

#[path = "shared/png_main.rs"]
mod png_main;

/// The model, with the first material (the checker box's) replaced by a node material.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tools/three_cases/gltf/boxes.glb"
    );
    let model = load_gltf(path, &mut scene, &mut assets)?;
    let g = NodeGraph::new();
    // three's `mx_noise_float(uv * 6, 0.5, 0.5)`: noise in [0, 1].
    let n = g.mx_noise_float(g.mul(g.uv(), g.float(6.0)), g.float(0.5), g.float(0.5));
    let warm = g.color(Color::from_hex(0xffb347));
    let deep = g.color(Color::from_hex(0x5b2a86));
    g.set_output(COLOR_NODE, g.mix(deep, warm, n))?;
    let program = assets.programs.add(g.compile()?);
    let checker_box = model.materials[0];
    if let Some(m) = assets.materials.get_mut(checker_box) {
        *m = Material::standard(Color::WHITE, 0.45, 0.0).with_nodes(program);
    }
    scene.add_light(Light::ambient(Color::WHITE, 0.3));
    Ok((scene, model.cameras[0], assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/gltf.png",
        scene,
        RenderSettings::new(320, 320),
    )
}
