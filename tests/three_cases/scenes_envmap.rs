//! The environment cases of tools/three_cases/ (`env_*.mjs`), built with tsl-raster.

use super::scenes::Case;
use glam::Vec3;
use std::sync::{Arc, OnceLock};
use tsl::prelude::*;
use tsl::raster::*;

/// tools/three_cases/_env.mjs's `envTexel(x, y)`: linear RGB.
fn env_texel(x: i32, y: i32) -> [f32; 3] {
    let (dx, dy) = (x - 88, y - 48);
    if dx * dx + dy * dy <= 9 {
        return [32.0, 30.0, 28.0];
    }
    if y >= 32 {
        let t = y - 32;
        return [
            (32 + 2 * t + (x >> 2)) as f32 / 256.0,
            (80 + 3 * t) as f32 / 256.0,
            (160 + 4 * t) as f32 / 256.0,
        ];
    }
    let check = if ((x >> 3) + (y >> 3)) % 2 == 1 {
        32
    } else {
        0
    };
    [
        (96 + check + (x >> 2)) as f32 / 256.0,
        (64 + check) as f32 / 256.0,
        32.0 / 256.0,
    ]
}

/// The 128×64 image of _env.mjs, row 0 at the bottom as its DataTexture has it.
pub fn env_image() -> EquirectImage {
    let data = (0..64)
        .flat_map(|y| {
            (0..128).flat_map(move |x| {
                let [r, g, b] = env_texel(x, y);
                [r, g, b, 1.0]
            })
        })
        .collect();
    EquirectImage::from_rgba_f32(128, 64, data).unwrap()
}

/// Its PMREM, made once for every case of the process.
pub fn env() -> Arc<Environment> {
    static ENV: OnceLock<Arc<Environment>> = OnceLock::new();
    ENV.get_or_init(|| Arc::new(Environment::from_equirect(&env_image()).unwrap()))
        .clone()
}

fn case(camera: Camera) -> Case {
    Case {
        scene: Scene::new(),
        camera,
        assets: Assets::new(),
    }
}

fn sphere(c: &mut Case, radius: f64, w: u32, h: u32, material: Material, at: Vec3) {
    let g = c
        .assets
        .geometries
        .add(SphereGeometry::new(radius, w, h).build());
    let m = c.assets.materials.add(material);
    c.scene.add(Object::mesh(g, m).at(at));
}

/// tools/three_cases/env_grid.mjs.
pub fn env_grid() -> Case {
    let mut c = case(
        Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 3.2))
            .looking_at(Vec3::ZERO),
    );
    c.scene.background = Some(Color::BLACK);
    c.scene.environment = Some(env());
    for (i, roughness) in [0.05, 0.5, 1.0].into_iter().enumerate() {
        for (j, metalness) in [0.0, 0.5, 1.0].into_iter().enumerate() {
            let at = Vec3::new((i as f32 - 1.0) * 0.72, (j as f32 - 1.0) * 0.72, 0.0);
            let material = Material::standard(Color::from_hex(0xcc8855), roughness, metalness);
            sphere(&mut c, 0.3, 32, 16, material, at);
        }
    }
    c
}

/// tools/three_cases/env_background.mjs.
pub fn env_background() -> Case {
    let mut c = case(
        Camera::perspective(50.0, 0.1, 100.0)
            .at(Vec3::new(0.4, 0.3, 3.0))
            .looking_at(Vec3::ZERO),
    );
    c.scene.background_environment = Some(BackgroundEnvironment {
        environment: env(),
        blurriness: 0.3,
        intensity: 0.8,
    });
    c.scene.environment = Some(env());
    c.scene.environment_intensity = 1.2;
    let coat = Material {
        clearcoat: 1.0,
        clearcoat_roughness: 0.1,
        ..Material::physical(Color::from_hex(0x3366aa), 0.6, 0.0)
    };
    sphere(&mut c, 0.55, 48, 24, coat, Vec3::new(-0.6, 0.0, 0.0));
    let metal = Material {
        env_map: Some(env()),
        env_map_intensity: 0.5,
        ..Material::standard(Color::WHITE, 0.2, 1.0)
    };
    sphere(&mut c, 0.55, 48, 24, metal, Vec3::new(0.6, 0.0, 0.0));
    c.scene
        .add_light(Light::directional(Color::WHITE, 1.5, Vec3::ONE));
    c
}
