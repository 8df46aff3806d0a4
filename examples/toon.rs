//! three.js r187's toon shaders (`examples/jsm/shaders/ToonShader.js`) from `tsl::materials`:
//! three.js's own GLSL compiled through the subset, on four spheres lit by one direction in view
//! space (`uDirLightPos`), every other uniform three.js's default: ToonShader1 (top left),
//! ToonShader2 (top right), ToonShaderHatching (bottom left) and ToonShaderDotted (bottom right).
//! At 64×64 they are held to three.js r187's renders by the `toon_shaders` and `toon_shader_1`
//! cases of `tests/raster_three.rs` and `tests/gpu_three.rs`. Where the GLSL front end refuses a
//! shader, its refusal is printed and its sphere left out.
//!
//! Run: `cargo run --release --example toon` (optionally `-- OUT.png`).

#[path = "shared/args.rs"]
mod args;

use tsl::core::glsl::GlslError;
use tsl::materials::{toon_shader_1, toon_shader_2, toon_shader_dotted, toon_shader_hatching};
use tsl::prelude::*;
use tsl::raster::*;

type Make = fn() -> Result<NodeProgram, GlslError>;

/// Each sphere's program, name and centre.
const SPHERES: [(Make, &str, [f32; 2]); 4] = [
    (toon_shader_1, "ToonShader1", [-1.1, 1.1]),
    (toon_shader_2, "ToonShader2", [1.1, 1.1]),
    (toon_shader_hatching, "ToonShaderHatching", [-1.1, -1.1]),
    (toon_shader_dotted, "ToonShaderDotted", [1.1, -1.1]),
];

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "toon",
        "[OUT.png]",
        "Draws three.js's four toon shaders on spheres to OUT.png (toon.png by default).",
        1,
    );
    let path = args::text(&args, 0, "toon.png");
    args::run(|| {
        let mut assets = Assets::new();
        let mut scene = Scene::new();
        scene.background = Some(Color::from_hex(0x303040));
        let sphere = assets
            .geometries
            .add(SphereGeometry::new(1.0, 64, 32).build());
        for (make, name, [x, y]) in SPHERES {
            let mut program = match make() {
                Ok(program) => program,
                Err(e) => {
                    eprintln!("{name} is left out:\n{e}");
                    continue;
                }
            };
            // In view space: from the upper right, in front.
            program.set_uniform("uDirLightPos", Vec3::new(0.5, 0.5, 1.0).normalize())?;
            let material = assets
                .materials
                .add(shader_material(assets.programs.add(program)));
            let id = scene.add(Object::mesh(sphere, material));
            if let Some(object) = scene.object_mut(id) {
                object.transform.position = Vec3::new(x, y, 0.0);
            }
        }
        let camera = Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 7.0))
            .looking_at(Vec3::ZERO);
        let image =
            args::renderer(RenderSettings::new(480, 480))?.render(&scene, &camera, &assets)?;
        args::write_png(&image, &path)?;
        println!("{path}");
        Ok(())
    })
}
