//! Morph targets, skinning and a displacement map (R-DEFORM-1 to R-DEFORM-4): a box morphed
//! halfway to a sphere and stretched (two absolute targets at 0.6 and 0.3), a cylinder bent by a
//! skeleton of three bones, and a floor raised by a round bump in its displacement map, under a
//! directional light with shadows, which fall from the moved triangles; the floor's colour node
//! reads its displaced height. Writes
//! `docs/gallery/deform.png`.
//!
//! Run: `cargo run --release --example deform` (optionally `-- OUT.png`).

#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use glam::{Mat4, Vec3, Vec4};
use std::f32::consts::FRAC_PI_2;
use tsl::prelude::*;
use tsl::raster::*;

/// A box of 1 with 8 segments a side, morphed by two absolute targets: its positions pushed out
/// to a sphere of radius 0.8 (normals the unit position) and stretched 1.5 times in height.
fn morphed_box() -> Result<Geometry, RenderError> {
    let cube = BoxGeometry {
        width_segments: 8,
        height_segments: 8,
        depth_segments: 8,
        ..BoxGeometry::new(1.0, 1.0, 1.0)
    }
    .build();
    let round: Vec<Vec3> = cube
        .positions()
        .iter()
        .map(|p| p.normalize() * 0.8)
        .collect();
    let round_normals = cube.positions().iter().map(|p| p.normalize()).collect();
    let tall = cube
        .positions()
        .iter()
        .map(|p| *p * Vec3::new(1.0, 1.5, 1.0))
        .collect();
    let normals = cube.normals().map(<[Vec3]>::to_vec).unwrap_or_default();
    cube.with_morph_targets(vec![round, tall], Some(vec![round_normals, normals]), false)
}

/// A cylinder 2 high whose vertices are weighted between the two of three bones (at y = −1, 0,
/// 1 in the rest pose) around them.
fn skinned_cylinder() -> Result<Geometry, RenderError> {
    let cylinder = CylinderGeometry {
        radius_top: 0.25,
        radius_bottom: 0.25,
        height: 2.0,
        radial_segments: 24,
        height_segments: 16,
        ..CylinderGeometry::default()
    }
    .build();
    let (mut joints, mut weights) = (Vec::new(), Vec::new());
    for p in cylinder.positions() {
        let y = p.y + 1.0;
        let index = y.floor().min(2.0);
        let i = index as u16;
        joints.push([i, (i + 1).min(2), 0, 0]);
        weights.push(Vec4::new(1.0 - (y - index), y - index, 0.0, 0.0));
    }
    cylinder.with_skin_weights(joints, weights)
}

/// A 32×32 linear map of a round bump (1 at the centre, 0 from half its width out).
fn bump() -> Result<Texture, RenderError> {
    let mut bytes = Vec::new();
    for y in 0..32i32 {
        for x in 0..32i32 {
            let d = (((2 * x - 31).pow(2) + (2 * y - 31).pow(2)) as f32).sqrt() / 32.0;
            let h = (255.0 * (1.0 - d).max(0.0).powi(2)) as u8;
            bytes.extend([h, h, h, 255]);
        }
    }
    let mut map = Texture::new(Image::from_rgba8(32, 32, bytes)?, ColorSpace::Linear);
    map.flip_y = false;
    Ok(map)
}

fn scene() -> Result<png_main::Drawn, Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x14181e));
    scene.add_light(Light::ambient(Color::WHITE, 0.4));
    let mut sun = LightShadow::directional();
    sun.map_size = glam::UVec2::splat(1024);
    scene.add_light(
        Light::directional(Color::WHITE, 2.5, Vec3::new(3.0, 5.0, 3.0)).with_shadow(sun),
    );

    let map = assets.textures.add(bump()?);
    let floor = assets.geometries.add(
        PlaneGeometry {
            width: 6.0,
            height: 4.0,
            width_segments: 96,
            height_segments: 64,
        }
        .build(),
    );
    // Coloured by its height: the fragments read the displaced position (the normals stay the
    // plane's, as three's, so the light alone would not show the bump).
    let g = NodeGraph::new();
    let height = g.swizzle(g.position_local(), "z");
    let t = g.smoothstep(g.float(0.0), g.float(0.8), height);
    let low = g.color(Color::from_hex(0x8fb0d0));
    let high = g.color(Color::from_hex(0xe0a050));
    g.set_output(COLOR_NODE, g.mix(low, high, t))?;
    let by_height = assets.programs.add(g.compile()?);
    let ground = assets.materials.add(Material {
        displacement_map: Some(map),
        displacement_scale: 0.8,
        ..Material::standard(Color::WHITE, 0.7, 0.0).with_nodes(by_height)
    });
    scene.add(
        Object::mesh(floor, ground)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .at(Vec3::new(0.0, -1.0, 0.0))
            .shadows(true, true),
    );

    let cube = assets.geometries.add(morphed_box()?);
    let blue = assets
        .materials
        .add(Material::standard(Color::from_hex(0x4fa3e0), 0.4, 0.0));
    scene.add(
        Object::mesh(cube, blue)
            .with_morph_influences(vec![0.6, 0.3])
            .at(Vec3::new(-1.8, -0.1, 0.0))
            .rotated(0.3, 0.6, 0.0)
            .shadows(true, true),
    );

    let cylinder = assets.geometries.add(skinned_cylinder()?);
    let green = assets
        .materials
        .add(Material::standard(Color::from_hex(0x6fc36f), 0.5, 0.0));
    let mesh = scene.add(
        Object::mesh(cylinder, green)
            .at(Vec3::new(1.7, 0.0, 0.0))
            .shadows(true, true),
    );
    let root = scene.add(Object::group().at(Vec3::new(0.0, -1.0, 0.0)).child_of(mesh));
    let middle = scene.add(
        Object::group()
            .at(Vec3::Y)
            .rotated(0.0, 0.0, 0.6)
            .child_of(root),
    );
    let top = scene.add(
        Object::group()
            .at(Vec3::Y)
            .rotated(0.4, 0.0, 0.7)
            .child_of(middle),
    );
    // Bound at the mesh's place: the bones' rest world matrices inverted.
    let at = Vec3::new(1.7, 0.0, 0.0);
    let rest = |y: f32| Mat4::from_translation(at + Vec3::new(0.0, y, 0.0)).inverse();
    let skin = Skin {
        bind_matrix: Mat4::from_translation(at),
        ..Skin::new(
            vec![root, middle, top],
            vec![rest(-1.0), rest(0.0), rest(1.0)],
        )
    };
    if let Some(object) = scene.object_mut(mesh) {
        object.skin = Some(std::sync::Arc::new(skin));
    }

    let camera = Camera::perspective(40.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 2.2, 6.5))
        .looking_at(Vec3::new(0.0, -0.2, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let mut settings = RenderSettings::new(640, 360);
    settings.shadow_map_enabled = true;
    png_main::render_png("docs/gallery/deform.png", scene, settings)
}
