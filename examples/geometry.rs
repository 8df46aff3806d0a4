//! The geometry generators (R-RAST-11 and R-RAST-12, docs/requirements.md): three.js r187's
//! torus knot, cone, capsule, lathe, tube, the four platonic solids, ring, circle, a shape and
//! an extruded shape, each lit by a sun and a sky. Writes `docs/gallery/geometry.png` (or the
//! path given):
//!
//! ```sh
//! cargo run --release --example geometry -- docs/gallery/geometry.png
//! ```

#[path = "shared/png_main.rs"]
mod png_main;

use glam::{DVec3, Vec3};
use std::error::Error;
use tsl::prelude::*;
use tsl::raster::geometry::{CatmullRomCurve3, Path, Shape};
use tsl::raster::*;

/// A heart of quadratic curves with a round-ish hole, for the shape and the extrusion.
fn heart() -> Shape {
    let outline = Path::new()
        .move_to(0.0, -0.5)
        .quadratic_curve_to(0.6, 0.0, 0.3, 0.35)
        .quadratic_curve_to(0.15, 0.5, 0.0, 0.3)
        .quadratic_curve_to(-0.15, 0.5, -0.3, 0.35)
        .quadratic_curve_to(-0.6, 0.0, 0.0, -0.5);
    let hole = Path::from_points(&[[-0.12, -0.08], [0.12, -0.08], [0.12, 0.14], [-0.12, 0.14]]);
    Shape::new(outline).with_hole(hole)
}

/// The twelve generators, left to right and top to bottom, and whether they are seen from both
/// sides (the flat ones).
fn generators() -> Result<Vec<(Geometry, bool)>, Box<dyn Error>> {
    let vase = vec![
        [0.0, -0.5],
        [0.3, -0.45],
        [0.4, -0.2],
        [0.18, 0.2],
        [0.25, 0.5],
    ];
    let path = CatmullRomCurve3::new(vec![
        DVec3::new(-0.5, -0.4, 0.0),
        DVec3::new(-0.2, 0.4, 0.3),
        DVec3::new(0.2, -0.3, -0.2),
        DVec3::new(0.5, 0.4, 0.1),
    ]);
    let tube = TubeGeometry {
        tubular_segments: 64,
        radius: 0.09,
        radial_segments: 12,
        ..TubeGeometry::new(path)
    };
    let extruded = ExtrudeGeometry {
        depth: 0.2,
        bevel_thickness: 0.05,
        bevel_size: Some(0.04),
        ..ExtrudeGeometry::new(heart())
    };
    Ok(vec![
        (TorusKnotGeometry::new(0.3, 0.09, 2.0, 3.0).build()?, false),
        (ConeGeometry::new(0.4, 0.9, 32).build()?, false),
        (CapsuleGeometry::new(0.25, 0.4).build()?, false),
        (LatheGeometry::new(vase, 24).build()?, false),
        (tube.build()?, false),
        (Platonic::Tetrahedron.geometry(0.45, 0).build()?, false),
        (Platonic::Octahedron.geometry(0.45, 0).build()?, false),
        (Platonic::Icosahedron.geometry(0.45, 1).build()?, false),
        (Platonic::Dodecahedron.geometry(0.45, 0).build()?, false),
        (RingGeometry::new(0.2, 0.45, 32).build()?, true),
        (ShapeGeometry::new(heart()).build()?, true),
        (extruded.build()?, false),
    ])
}

/// The scene, its camera and its assets.
fn scene() -> Result<(Scene, Camera, Assets), Box<dyn Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(24, 28, 36));
    // Twelve hues around the wheel, sRGB.
    const HUES: [u32; 12] = [
        0xe05a4f, 0xe08a3c, 0xd9c13f, 0x9cc94a, 0x4fbf6a, 0x3fbfa8, 0x3fa6d9, 0x4f74e0, 0x7a5fe0,
        0xb05fe0, 0xe05fb8, 0xe05f7e,
    ];
    for (n, (geometry, double)) in generators()?.into_iter().enumerate() {
        let color = Color::from_hex(HUES[n]);
        let (col, row) = ((n % 4) as f32, (n / 4) as f32);
        let mut material = Material::standard(color, 0.4, 0.1);
        if double {
            material.side = Side::Double;
        }
        let g = assets.geometries.add(geometry);
        let m = assets.materials.add(material);
        let id =
            scene.add(Object::mesh(g, m).at(Vec3::new(col * 1.1 - 1.65, 1.1 - row * 1.1, 0.0)));
        if let Some(o) = scene.object_mut(id) {
            o.transform.set_euler(0.35, -0.5, 0.0);
        }
    }
    scene.add_light(Light::directional(
        Color::WHITE,
        2.5,
        Vec3::new(-2.0, 3.0, 4.0),
    ));
    scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.8,
    ));
    let camera = Camera::perspective(35.0, 0.1, 50.0)
        .at(Vec3::new(0.0, 0.0, 6.2))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png("geometry.png", scene, RenderSettings::new(640, 480))
}
