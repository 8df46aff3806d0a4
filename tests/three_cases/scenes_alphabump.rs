//! tools/three_cases/alpha_bump.mjs: `alphaMap` and `bumpMap` on STANDARD, the scene of
//! `examples/alpha_bump.rs`, built by the same function (`examples/shared/alpha_bump.rs`).

#[path = "../../examples/shared/alpha_bump.rs"]
mod alpha_bump_example;

use super::scenes::Case;

/// tools/three_cases/alpha_bump.mjs.
pub fn alpha_bump() -> Case {
    let (scene, camera, assets) = alpha_bump_example::alpha_bump_scene();
    Case {
        scene,
        camera,
        assets,
    }
}
