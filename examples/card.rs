//! The card (R-EX-2, docs/requirements.md) in GLSL: a ShaderMaterial whose vertex shader lifts the
//! surface along its normal by the uniform `lift` and whose fragment shader discards where `vUv.x >
//! 0.9` and reads a texture at `vUv * 2.0`. Compiled with `compile_shader_material`, given a
//! checker texture made in code (repeat wrapping, so `vUv * 2.0` shows it twice across), and drawn
//! with the CPU rasterizer on a tilted plane to `card.png`; the discarded strip on the right shows
//! the background.
//!
//! Run: `cargo run --release --example card` (optionally `-- OUT.png WIDTH HEIGHT`).

#[path = "shared/args.rs"]
mod args;

use tsl::core::glsl::compile_shader_material;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

/// R-EX-2's vertex shader: `vUv = uv`, the position moved along the normal by `lift`.
const VERTEX: &str = "uniform float lift;
varying vec2 vUv;
void main() {
    vUv = uv;
    vec3 moved = position + normal * lift;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(moved, 1.0);
}
";

/// R-EX-2's fragment shader: a strip discarded, the map read at twice the uv.
const FRAGMENT: &str = "uniform sampler2D map;
varying vec2 vUv;
void main() {
    if (vUv.x > 0.9) discard;
    gl_FragColor = texture2D(map, vUv * 2.0);
}
";

/// A `cells × cells` checker of two sRGB colours, `size` texels a side.
fn checker(size: u32, cells: u32, a: [u8; 3], b: [u8; 3]) -> Result<Image, RenderError> {
    let cell = (size / cells).max(1);
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let [r, g, b] = if (x / cell + y / cell).is_multiple_of(2) {
                a
            } else {
                b
            };
            data.extend_from_slice(&[r, g, b, 255]);
        }
    }
    Image::from_rgba8(size, size, data)
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "card",
        "[OUT.png [WIDTH HEIGHT]]",
        "Draws the GLSL card to OUT.png (card.png, 800x600 by default).",
        3,
    );
    let path = args::text(&args, 0, "card.png");
    let width: u32 = args::number(&args, 1, "WIDTH", 800);
    let height: u32 = args::number(&args, 2, "HEIGHT", 600);
    args::run(|| draw(&path, width, height))
}

/// Compile the card and draw it to `path`.
fn draw(path: &str, width: u32, height: u32) -> Result<(), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut texture = Texture::new(
        checker(64, 8, [240, 200, 60], [40, 70, 160])?,
        ColorSpace::Srgb,
    );
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::Repeat;
    let map = assets.textures.add(texture);

    let mut program = compile_shader_material(VERTEX, FRAGMENT)?;
    program.set_uniform("lift", 0.1f32)?;
    program.set_texture("map", map)?;
    println!("{program}");
    let card = assets
        .materials
        .add(shader_material(assets.programs.add(program)));

    let plane = assets.geometries.add(
        PlaneGeometry {
            width: 3.0,
            height: 2.0,
            width_segments: 4,
            height_segments: 4,
        }
        .build(),
    );
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(24, 28, 36));
    scene.add(Object::mesh(plane, card).rotated(-0.35, 0.5, 0.1));
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.3, 4.2))
        .looking_at(Vec3::ZERO);

    let (image, stats) = args::renderer(RenderSettings::new(width, height))?
        .render_counted(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!(
        "{} triangles, {} fragments shaded: {path}",
        stats.triangles, stats.fragments
    );
    Ok(())
}
