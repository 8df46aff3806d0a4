//! The ports of three.js's TSL examples (`examples/tsl_*.rs`), for the test binaries that
//! check them (`tsl_examples.rs`, `tsl_oracle.rs`); each binary uses part of each example.

#[path = "../../examples/tsl_angular_slicing.rs"]
#[allow(dead_code)]
pub mod tsl_angular_slicing;
#[path = "../../examples/tsl_backdrop_water.rs"]
#[allow(dead_code)]
pub mod tsl_backdrop_water;
#[path = "../../examples/tsl_coffee_smoke.rs"]
#[allow(dead_code)]
pub mod tsl_coffee_smoke;
#[path = "../../examples/tsl_compute_texture.rs"]
#[allow(dead_code)]
pub mod tsl_compute_texture;
#[path = "../../examples/tsl_display_functions.rs"]
#[allow(dead_code)]
pub mod tsl_display_functions;
#[path = "../../examples/tsl_earth.rs"]
#[allow(dead_code)]
pub mod tsl_earth;
#[path = "../../examples/tsl_editor.rs"]
#[allow(dead_code)]
pub mod tsl_editor;
#[path = "../../examples/tsl_galaxy.rs"]
#[allow(dead_code)]
pub mod tsl_galaxy;
#[path = "../../examples/tsl_halftone.rs"]
#[allow(dead_code)]
pub mod tsl_halftone;
#[path = "../../examples/tsl_interoperability.rs"]
#[allow(dead_code)]
pub mod tsl_interoperability;
#[path = "../../examples/tsl_matcap.rs"]
#[allow(dead_code)]
pub mod tsl_matcap;
#[path = "../../examples/tsl_materials.rs"]
#[allow(dead_code)]
pub mod tsl_materials;
#[path = "../../examples/tsl_materialx_noise.rs"]
#[allow(dead_code)]
pub mod tsl_materialx_noise;
#[path = "../../examples/tsl_procedural_terrain.rs"]
#[allow(dead_code)]
pub mod tsl_procedural_terrain;
#[path = "../../examples/tsl_procedural_texture.rs"]
#[allow(dead_code)]
pub mod tsl_procedural_texture;
#[path = "../../examples/tsl_raging_sea.rs"]
#[allow(dead_code)]
pub mod tsl_raging_sea;
#[path = "../../examples/tsl_vfx_flames.rs"]
#[allow(dead_code)]
pub mod tsl_vfx_flames;
#[path = "../../examples/tsl_vfx_tornado.rs"]
#[allow(dead_code)]
pub mod tsl_vfx_tornado;
#[path = "../../examples/tsl_wood.rs"]
#[allow(dead_code)]
pub mod tsl_wood;
