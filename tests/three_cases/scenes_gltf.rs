//! The glTF cases of tools/three_cases/ (`gltf_*.mjs`, R-GLTF): the scene is what
//! `tsl::raster::gltf` loads from the same file three's GLTFLoader read.

use super::scenes::Case;
use std::path::Path;
use tsl::raster::gltf::load_gltf;
use tsl::raster::*;

/// tools/three_cases/gltf_boxes.mjs: tools/three_cases/gltf/boxes.glb drawn from its own camera.
pub fn gltf_boxes() -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/three_cases/gltf/boxes.glb");
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let model = load_gltf(&path, &mut scene, &mut assets).unwrap();
    Case {
        scene,
        camera: model.cameras[0],
        assets,
    }
}
