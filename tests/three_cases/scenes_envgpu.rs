//! The environment cases of the GPU and full-model work (tools/three_cases/env_sharp.mjs and
//! env_physical.mjs), built with tsl-raster.

use super::scenes::Case;
use super::scenes_envmap::{env, env_image};
use glam::Vec3;
use std::sync::Arc;
use tsl::prelude::*;
use tsl::raster::*;

/// tools/three_cases/env_sharp.mjs: the image as the background at blurriness 0 (R-ENV-8).
pub fn env_sharp() -> Case {
    let mut scene = Scene::new();
    let cube = Environment::background_from_equirect(&env_image()).unwrap();
    scene.background_environment = Some(BackgroundEnvironment::new(Arc::new(cube)));
    Case {
        scene,
        camera: Camera::perspective(70.0, 0.1, 100.0)
            .at(Vec3::ZERO)
            .looking_at(Vec3::new(0.3, 0.25, -1.0)),
        assets: Assets::new(),
    }
}

/// tools/three_cases/env_physical.mjs: sheen, film and anisotropy under the environment
/// (R-ENV-7).
pub fn env_physical() -> Case {
    let mut c = Case {
        scene: Scene::new(),
        camera: Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 3.2))
            .looking_at(Vec3::ZERO),
        assets: Assets::new(),
    };
    c.scene.background = Some(Color::BLACK);
    c.scene.environment = Some(env());
    let materials = [
        Material {
            sheen: 1.0,
            sheen_color: Color::from_hex(0xff88cc),
            sheen_roughness: 0.4,
            ..Material::physical(Color::from_hex(0x402050), 0.7, 0.0)
        },
        Material {
            iridescence: 1.0,
            iridescence_ior: 1.6,
            iridescence_thickness_range: [150.0, 500.0],
            ..Material::physical(Color::from_hex(0x202020), 0.25, 0.5)
        },
        Material {
            anisotropy: 0.8,
            anisotropy_rotation: 0.4,
            ..Material::physical(Color::from_hex(0xcccccc), 0.4, 1.0)
        },
    ];
    for (i, material) in materials.into_iter().enumerate() {
        let g = c
            .assets
            .geometries
            .add(SphereGeometry::new(0.42, 48, 24).build());
        let m = c.assets.materials.add(material);
        let at = Vec3::new((i as f32 - 1.0) * 0.95, 0.0, 0.0);
        c.scene.add(Object::mesh(g, m).at(at));
    }
    c
}
