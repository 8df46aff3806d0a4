//! The guitar lesson (R-EX-7, docs/requirements.md): a rosewood neck (`mx_noise_float` grain on a
//! STANDARD material, roughness 0.75) and a vibrating string (a position node with amplitude, phase
//! and harmonic uniforms), drawn at a quarter period to `guitar.png`. Prints the lesson's figures
//! (the middle of the string is 0.2 above rest at harmonic 1 and 0 at harmonic 2) and the pixels
//! the lesson samples.
//!
//! Run: `cargo run --release --example guitar` (optionally `-- OUT.png HARMONIC`).

#[path = "shared/args.rs"]
mod args;
#[path = "shared/guitar_scene.rs"]
mod guitar_scene;

use guitar_scene::*;
use tsl::prelude::*;
use tsl::raster::RenderSettings;

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "guitar",
        "[OUT.png [HARMONIC]]",
        "Draws the guitar lesson to OUT.png (guitar.png by default) at HARMONIC (1 by default).",
        2,
    );
    let path = args::text(&args, 0, "guitar.png");
    let harmonic: f32 = args::number(&args, 1, "HARMONIC", 1.0);
    args::run(|| draw(&path, harmonic))
}

/// Print the lesson's figures and draw the picture to `path`.
fn draw(path: &str, harmonic: f32) -> Result<(), Box<dyn std::error::Error>> {
    for h in [1.0, 2.0] {
        let mut string = string_program(h)?;
        string.set_uniform("phase", std::f32::consts::FRAC_PI_2)?;
        println!(
            "harmonic {h}: offsetAtMiddle = {:.6}",
            offset_at_middle(&string)
        );
    }

    let (width, height) = (640, 200);
    let (scene, camera, assets) = guitar_scene(harmonic)?;
    let image =
        args::renderer(RenderSettings::new(width, height))?.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    let lift = if harmonic == 1.0 { 0.2 } else { 0.0 };
    let quarter = 0.2 * (0.25 * std::f32::consts::PI * harmonic).sin();
    for (name, point) in [
        ("string middle, displaced", Vec3::new(0.0, lift, STRING_Z)),
        ("string middle, at rest", Vec3::new(0.0, 0.0, STRING_Z)),
        (
            "quarter length, displaced",
            Vec3::new(-0.8, quarter, STRING_Z),
        ),
    ] {
        let (x, y) = pixel_of(&camera, width, height, point);
        let p = image.pixel(x, y).unwrap_or_default();
        println!("{name}: rgb({}, {}, {}) at ({x}, {y})", p[0], p[1], p[2]);
    }
    println!("harmonic {harmonic}: {path}");
    Ok(())
}
