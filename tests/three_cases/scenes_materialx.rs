//! The MaterialX cases of tools/three_cases/ (`materialx_*.mjs`, R-MTLX):
//! the material is what `tsl::raster::materialx` loads from the same document three's
//! MaterialXLoader read, on a sphere under the lights of `_materialx.mjs`.

use super::scenes::Case;
use glam::Vec3;
use std::path::Path;
use tsl::core::Color;
use tsl::raster::geometry::SphereGeometry;
use tsl::raster::materialx::load_materialx;
use tsl::raster::*;

/// tools/three_cases/_materialx.mjs with the first material of `materialx/FILE`.
fn materialx_case(file: &str) -> Case {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tools/three_cases/materialx")
        .join(file);
    let mut c = Case::new(
        Camera::perspective(45.0, 0.1, 100.0)
            .at(Vec3::new(0.0, 0.0, 3.2))
            .looking_at(Vec3::ZERO),
    );
    let read = load_materialx(&path, &mut c.assets).unwrap();
    let geometry = c
        .assets
        .geometries
        .add(SphereGeometry::new(1.0, 48, 24).build());
    c.scene.add(Object::mesh(geometry, read.ids[0]));
    c.scene
        .add_light(Light::directional(Color::WHITE, 3.0, Vec3::ONE));
    c.scene.add_light(Light::ambient(Color::WHITE, 0.5));
    c
}

/// tools/three_cases/materialx_gold.mjs: values only, a metal.
pub fn materialx_gold() -> Case {
    materialx_case("standard_surface_gold.mtlx")
}

/// tools/three_cases/materialx_velvet.mjs: sheen, no specular (`specular_IOR` 0).
pub fn materialx_velvet() -> Case {
    materialx_case("standard_surface_velvet.mtlx")
}

/// tools/three_cases/materialx_jade.mjs: `specular_IOR`, `specular_anisotropy`, and the
/// subsurface inputs three.js ignores.
pub fn materialx_jade() -> Case {
    materialx_case("standard_surface_jade.mtlx")
}

/// tools/three_cases/materialx_marble.mjs: a procedural nodegraph (position, fractal3d, sin,
/// power, mix) driving the colour.
pub fn materialx_marble() -> Case {
    materialx_case("standard_surface_marble_solid.mtlx")
}

/// tools/three_cases/materialx_wood.mjs: tiledimage colour (sRGB) and roughness, anisotropy and
/// a coat (at `uvtiling` 1, 1: tools/three_cases/materialx/README.md says why).
pub fn materialx_wood() -> Case {
    materialx_case("standard_surface_wood_tiled.mtlx")
}

/// tools/three_cases/materialx_openpbr_coat.mjs: `open_pbr_surface` with a coat whose weight
/// three.js scales by the coat ior's reflectance.
pub fn materialx_openpbr_coat() -> Case {
    materialx_case("open_pbr_coat.mtlx")
}

/// tools/three_cases/materialx_openpbr_fuzz.mjs: `open_pbr_surface` metalness, fuzz (sheen),
/// thin film in micrometres, emission, specular weight, and a graph-driven roughness.
pub fn materialx_openpbr_fuzz() -> Case {
    materialx_case("open_pbr_fuzz.mtlx")
}

/// tools/three_cases/materialx_gltf_pbr.mjs: `gltf_pbr` with clearcoat, sheen, ior, a specular
/// colour and an emissive strength.
pub fn materialx_gltf_pbr() -> Case {
    materialx_case("gltf_pbr.mtlx")
}

/// tools/three_cases/materialx_unlit_displaced.mjs: `surface_unlit` (a BASIC material) with a
/// graph-driven colour, and a scalar `displacement` shader as the position node.
pub fn materialx_unlit_displaced() -> Case {
    materialx_case("unlit_displaced.mtlx")
}
