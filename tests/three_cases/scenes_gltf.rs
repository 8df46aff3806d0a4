//! The glTF cases of tools/three_cases/ (`gltf_*.mjs`, R-GLTF): the scene is what
//! `tsl::raster::gltf` loads from the same file three's GLTFLoader read.

use super::scenes::Case;
use std::path::Path;
use tsl::raster::gltf::load_gltf;
use tsl::raster::*;

/// tools/three_cases/gltf/`file` drawn from its own first camera, as `_gltf.mjs` draws it.
fn model(file: &str) -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tools/three_cases/gltf")
        .join(file);
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let model = load_gltf(&path, &mut scene, &mut assets).unwrap();
    Case {
        scene,
        camera: model.cameras[0],
        assets,
    }
}

/// tools/three_cases/gltf_boxes.mjs: tools/three_cases/gltf/boxes.glb.
pub fn gltf_boxes() -> Case {
    model("boxes.glb")
}

/// tools/three_cases/gltf_vertex_colors.mjs (BoxVertexColors, VertexColorTest): COLOR_0 as floats
/// and bytes, and with alpha on a BLEND quad.
pub fn gltf_vertex_colors() -> Case {
    model("vertex_colors.glb")
}

/// tools/three_cases/gltf_texcoords.mjs (TextureCoordinateTest): uv orientation and wraps.
pub fn gltf_texcoords() -> Case {
    model("texcoords.glb")
}

/// tools/three_cases/gltf_alpha_modes.mjs (AlphaBlendModeTest): OPAQUE, MASK and BLEND.
pub fn gltf_alpha_modes() -> Case {
    model("alpha_modes.glb")
}

/// tools/three_cases/gltf_texture_transform.mjs (TextureTransformTest): KHR_texture_transform.
pub fn gltf_texture_transform() -> Case {
    model("texture_transform.glb")
}

/// tools/three_cases/gltf_metal_rough.mjs (MetalRoughSpheres): metallic and roughness factors.
pub fn gltf_metal_rough() -> Case {
    model("metal_rough.glb")
}

/// tools/three_cases/gltf_normal_tangent.mjs (NormalTangentTest, NormalTangentMirrorTest): normal
/// maps read in the geometry's tangents, and without them.
pub fn gltf_normal_tangent() -> Case {
    model("normal_tangent.glb")
}

/// tools/three_cases/gltf_unlit.mjs (UnlitTest): KHR_materials_unlit as MeshBasicMaterial.
pub fn gltf_unlit() -> Case {
    model("unlit.glb")
}

/// tools/three_cases/gltf_clearcoat_sheen.mjs (ClearCoatTest, SheenChair): KHR material extensions.
pub fn gltf_clearcoat_sheen() -> Case {
    model("clearcoat_sheen.glb")
}
