//! Environment lighting (R-ENV, docs/requirements.md): a procedural HDR sky (a gradient, a
//! ground, a sun disk) prefiltered into three.js's PMREM, lighting a row of STANDARD and
//! PHYSICAL spheres (a mirror, brushed metal, a clearcoat over rough paint, matte clay) and drawn
//! as the blurred background. Writes docs/gallery/environment.png.
//!
//! Run: `cargo run --release --example environment` (optionally `-- OUT.png`); a Radiance `.hdr`
//! file instead of the procedural sky: `-- OUT.png SKY.hdr`.

#[path = "shared/png_main.rs"]
mod png_main;

use std::sync::Arc;
use tsl::prelude::*;
use tsl::raster::*;

/// A 512×256 sky, row 0 at the bottom: linear HDR values (the sun is 60 times the sky).
fn sky() -> Result<EquirectImage, Box<dyn std::error::Error>> {
    let (w, h) = (512u32, 256u32);
    let data = (0..h)
        .flat_map(|y| {
            (0..w).flat_map(move |x| {
                let (u, v) = ((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
                let sun = (u - 0.62).powi(2) * 4.0 + (v - 0.78).powi(2) < 0.0006;
                let c = if sun {
                    [60.0, 55.0, 48.0]
                } else if v > 0.5 {
                    let t = (v - 0.5) * 2.0;
                    [0.35 + 0.1 * t, 0.55 + 0.15 * t, 0.85 + 0.3 * t]
                } else {
                    let square = (u * 24.0) as u32 + (v * 24.0) as u32;
                    let stripe = if square.is_multiple_of(2) { 0.05 } else { 0.0 };
                    [0.30 + stripe, 0.24 + stripe, 0.16]
                };
                [c[0], c[1], c[2], 1.0]
            })
        })
        .collect();
    Ok(EquirectImage::from_rgba_f32(w, h, data)?)
}

/// The spheres under the sky of `SKY.hdr` when the command line names one, else under [`sky`].
fn scene(args: &[String]) -> Result<png_main::Drawn, Box<dyn std::error::Error>> {
    let image = match args.first() {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            EquirectImage::from_hdr(&bytes).map_err(|e| format!("cannot read {path}: {e}"))?
        }
        None => sky()?,
    };
    let environment = Arc::new(Environment::from_equirect(&image)?);
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.environment = Some(environment.clone());
    scene.background_environment = Some(BackgroundEnvironment {
        blurriness: 0.12,
        ..BackgroundEnvironment::new(environment)
    });
    let ball = assets
        .geometries
        .add(SphereGeometry::new(0.5, 64, 32).build());
    let materials = [
        Material::standard(Color::from_hex(0xffffff), 0.02, 1.0),
        Material::standard(Color::from_hex(0xe0b070), 0.35, 1.0),
        Material {
            clearcoat: 1.0,
            clearcoat_roughness: 0.05,
            ..Material::physical(Color::from_hex(0xb02020), 0.7, 0.0)
        },
        Material::standard(Color::from_hex(0x9aa8b8), 1.0, 0.0),
    ];
    for (i, material) in materials.into_iter().enumerate() {
        let m = assets.materials.add(material);
        let x = (i as f32 - 1.5) * 1.15;
        scene.add(Object::mesh(ball, m).at(Vec3::new(x, 0.0, 0.0)));
    }
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.4, 2.9))
        .looking_at(Vec3::new(0.0, 0.0, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(640, 240);
    settings.set_tone_mapping(ToneMapping::AcesFilmic, 1.0);
    png_main::render_png_with(
        "docs/gallery/environment.png",
        ("[SKY.hdr]", 1),
        scene,
        settings,
    )
}
