//! Ready node materials of three.js's examples (`examples/jsm/materials/`): each is a node
//! program and the material that carries it (docs/requirements.md, R-READY).
//!
//! They live in the facade because each needs both halves of the workspace: the node graph of
//! `tsl-core` builds the program, and the `Material` of `tsl-raster` carries the finish (clear
//! coat, roughness). Neither crate depends on the other's side of that pair in this direction, so
//! the one crate that sees both is the place for them, as three.js keeps them beside its core.
//!
//! - [`wood`]: three.js's `WoodNodeMaterial`: procedural wood, ten genuses in four finishes.
//! - [`post_processing`]: three.js's `MeshPostProcessingMaterial`: a physical surface dimmed by an
//!   ambient occlusion image read at the fragment's own pixel.
//! - `toon_shaders` (the `glsl` feature): three.js's `ToonShader.js` (`examples/jsm/shaders/`):
//!   four toon ShaderMaterials, three.js's own GLSL compiled through the subset.
//! - `volume_shader` (the `glsl` feature): three.js's `VolumeRenderShader1`: a ray marched
//!   through a 3D texture, maximum intensity or isosurface.

pub mod post_processing;
#[cfg(feature = "glsl")]
mod three_shader;
#[cfg(feature = "glsl")]
pub mod toon_shaders;
#[cfg(feature = "glsl")]
pub mod volume_shader;
pub mod wood;
mod wood_nodes;

pub use post_processing::{
    ao_pass_texture, mesh_post_processing_program, mesh_post_processing_program_with_ao_map,
};
#[cfg(feature = "glsl")]
pub use toon_shaders::{toon_shader_1, toon_shader_2, toon_shader_dotted, toon_shader_hatching};
#[cfg(feature = "glsl")]
pub use volume_shader::{
    volume_box, volume_render_shader, VolumeStyle, VOLUME_ISO_STEPS, VOLUME_MIP_STEPS,
};
pub use wood::{wood_material, wood_preset, wood_program, WoodFinish, WoodGenus, WoodParams};
