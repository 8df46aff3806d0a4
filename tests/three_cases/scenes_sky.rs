//! tools/three_cases/sky.mjs: the scene of `examples/sky.rs`, built by the same function
//! (`examples/shared/sky.rs`), so the test holds the example's typed sky to three.js.

#[path = "../../examples/shared/sky.rs"]
mod sky_example;

use super::scenes::Case;

/// tools/three_cases/sky.mjs.
pub fn sky() -> Case {
    let (scene, camera, assets) = sky_example::sky_scene().unwrap();
    Case {
        scene,
        camera,
        assets,
    }
}
