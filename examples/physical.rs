//! MeshPhysical's extensions in a row, left to right: the plain physical surface, a clearcoat,
//! a high ior with a tinted specular colour, sheen, iridescence (a thin film), anisotropy, and
//! last a PHONG surface with subsurface scattering lit from behind. Writes
//! `docs/gallery/physical.png` (docs/lighting.md, section "Physical").

#[path = "shared/png_main.rs"]
mod png_main;

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

/// The seven spheres, their lights and the camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x1a1a1e));
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(0.42, 64, 32).build());
    let base = |hex: u32, roughness: f32, metalness: f32| {
        Material::physical(Color::from_hex(hex), roughness, metalness)
    };
    let mut skin = Material::phong(Color::from_hex(0xffc8b4));
    skin.set_scattering(Scattering {
        color: Color::from_hex(0xff6633),
        ambient: 0.1,
        ..Scattering::default()
    })?;
    let materials = [
        base(0xaa2222, 0.5, 0.0),
        Material {
            clearcoat: 1.0,
            clearcoat_roughness: 0.05,
            ..base(0xaa2222, 0.5, 0.0)
        },
        Material {
            ior: 2.3,
            specular_color: Color::from_hex(0xffcc66),
            ..base(0x223355, 0.3, 0.0)
        },
        Material {
            sheen: 1.0,
            sheen_color: Color::from_hex(0xff88cc),
            sheen_roughness: 0.35,
            ..base(0x221133, 0.8, 0.0)
        },
        Material {
            iridescence: 1.0,
            iridescence_ior: 1.4,
            iridescence_thickness_range: [100.0, 480.0],
            ..base(0x111111, 0.5, 0.0)
        },
        Material {
            anisotropy: 0.9,
            anisotropy_rotation: std::f32::consts::FRAC_PI_2,
            ..base(0xdddddd, 0.45, 1.0)
        },
        skin,
    ];
    let count = materials.len();
    for (i, material) in materials.into_iter().enumerate() {
        let m = assets.materials.add(material);
        let x = (i as f32 - (count - 1) as f32 / 2.0) * 1.0;
        scene.add(Object::mesh(sphere, m).at(Vec3::new(x, 0.0, 0.0)));
    }
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(-1.0, 2.0, 2.0),
    ));
    scene.add_light(Light::point(
        Color::from_hex(0xffeedd),
        4.0,
        Vec3::new(1.0, 0.5, 1.5),
    ));
    // Behind the last sphere: it shows through the scattering surface.
    scene.add_light(Light::point(
        Color::from_hex(0xffddbb),
        3.0,
        Vec3::new(3.0, 0.3, -0.8),
    ));
    scene.add_light(Light::hemisphere(
        Color::from_hex(0x8899bb),
        Color::from_hex(0x332211),
        0.8,
    ));
    let camera = Camera::orthographic(-3.6, 3.6, 0.6, -0.6, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/physical.png",
        scene,
        RenderSettings::new(840, 140),
    )
}
