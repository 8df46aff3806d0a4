//! A volume, after three.js's `webgpu_volume_lighting.html` made small: a box of
//! `VolumeNodeMaterial` whose scattering reads a 3D noise texture (`texture_3d` of a 32³ R8
//! `Texture3d`, linear, repeating) at the ray's world position, lit by an orange point light
//! inside it, a blue spot light and a rect area light above it, over a floor. Writes
//! `docs/gallery/volume.png`.
//!
//! The page's scene (a Sponza-like room, `bayer16` dithering in `offsetNode`, a depth pass and
//! a blurred, half-resolution volume layer) becomes a floor, a constant offset and the volume
//! drawn straight into the image.
//!
//! Run: `cargo run --release --example volume` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// A 32³ value noise: two octaves of a hashed lattice, smoothly interpolated, as bytes.
fn noise_bytes() -> Vec<u8> {
    const N: u32 = 32;
    let hash = |x: u32, y: u32, z: u32| -> f32 {
        let mut h = x.wrapping_mul(374_761_393)
            ^ y.wrapping_mul(668_265_263)
            ^ z.wrapping_mul(2_147_483_647);
        h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
        (h ^ (h >> 16)) as f32 / u32::MAX as f32
    };
    let value = |p: [f32; 3], cells: u32| -> f32 {
        let f = p.map(|c| c * cells as f32);
        let i = f.map(|c| c.floor() as u32);
        let t = f.map(|c| {
            let t = c - c.floor();
            t * t * (3.0 - 2.0 * t)
        });
        let at = |dx: u32, dy: u32, dz: u32| {
            hash(
                (i[0] + dx) % cells,
                (i[1] + dy) % cells,
                (i[2] + dz) % cells,
            )
        };
        let lerp = |a: f32, b: f32, t: f32| a + (b - a) * t;
        let x00 = lerp(at(0, 0, 0), at(1, 0, 0), t[0]);
        let x10 = lerp(at(0, 1, 0), at(1, 1, 0), t[0]);
        let x01 = lerp(at(0, 0, 1), at(1, 0, 1), t[0]);
        let x11 = lerp(at(0, 1, 1), at(1, 1, 1), t[0]);
        lerp(lerp(x00, x10, t[1]), lerp(x01, x11, t[1]), t[2])
    };
    let mut out = Vec::with_capacity((N * N * N) as usize);
    for z in 0..N {
        for y in 0..N {
            for x in 0..N {
                let p = [x, y, z].map(|c| (c as f32 + 0.5) / N as f32);
                let v = 0.65 * value(p, 4) + 0.35 * value(p, 8);
                out.push((v.clamp(0.0, 1.0) * 255.0) as u8);
            }
        }
    }
    out
}

/// The scene, its camera and its assets.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x05070c));

    let mut noise = Texture3d::new(32, 32, 32, VolumeFormat::R8, &noise_bytes())?;
    noise.filter = VolumeFilter::Linear;
    noise.wrap_s = Wrap::Repeat;
    noise.wrap_t = Wrap::Repeat;
    noise.wrap_r = Wrap::Repeat;
    let noise = assets.volumes.add(noise);

    // scatteringNode: smoke = texture3D(noise, positionRay · 0.2).r, sharpened and thinned
    // toward the top, as the page's `smokeAmount`.
    let g = NodeGraph::new();
    let map = g.volume_uniform("noise", noise);
    let at = g.mul(g.position_world(), g.float(0.2));
    let smoke = g.swizzle(g.texture_3d(map, at), "r");
    let sharp = g.smoothstep(g.float(0.35), g.float(0.75), smoke);
    let height = g.swizzle(g.position_world(), "y");
    let fade = g.sub(
        g.float(1.0),
        g.mul(g.add(height, g.float(1.5)), g.float(0.25)),
    );
    g.set_output(SCATTERING_NODE, g.mul(g.mul(sharp, fade), g.float(3.0)))?;
    g.set_output(OFFSET_NODE, g.float(0.5))?;
    let program = assets.programs.add(g.compile()?);

    let floor_g = assets
        .geometries
        .add(PlaneGeometry::new(12.0, 12.0).build());
    let floor_m = assets
        .materials
        .add(Material::standard(Color::from_hex(0x9098a0), 0.7, 0.0));
    scene.add(
        Object::mesh(floor_g, floor_m)
            .at(Vec3::new(0.0, -1.5, 0.0))
            .rotated(-PI / 2.0, 0.0, 0.0),
    );

    let box_g = assets
        .geometries
        .add(BoxGeometry::new(5.0, 3.0, 3.0).build());
    let box_m = assets.materials.add(Material::volume(25, program));
    scene.add(Object::mesh(box_g, box_m));

    scene.add_light(Light::point(
        Color::from_hex(0xff8833),
        6.0,
        Vec3::new(-1.2, -0.3, 0.3),
    ));
    let mut spot = Light::spot(
        Color::from_hex(0x4499ff),
        60.0,
        Vec3::new(2.5, 2.5, 1.5),
        Vec3::new(1.2, -1.5, 0.0),
        0.45,
    );
    if let Light::Spot { penumbra, .. } = &mut spot {
        *penumbra = 0.4;
    }
    scene.add_light(spot);
    scene.add_light(Light::rect_area(
        Color::from_hex(0xffffff),
        2.0,
        1.5,
        0.8,
        Vec3::new(0.0, 1.2, -0.5),
        Vec3::new(0.0, -1.5, -0.5),
    ));
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.5, 1.6, 7.0))
        .looking_at(Vec3::new(0.0, -0.3, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    png_main::render_png(
        "docs/gallery/volume.png",
        scene,
        RenderSettings::new(320, 200),
    )
}
