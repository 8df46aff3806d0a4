//! tsl-raster: the CPU rasterizer that draws meshes whose materials carry TSL node programs.
//!
//! - [`Assets`]: stores of programs, materials, textures and geometries, addressed by id.
//! - [`geometry`]: [`Geometry`] from user data, and three.js's generators (plane, box, sphere,
//!   cylinder, torus, cone, circle, ring, torus knot, capsule, lathe, polyhedra, tube, shape,
//!   extrude).
//! - [`Scene`], [`Object`], [`Camera`], [`Light`], [`Material`]: three.js's scene graph, cameras,
//!   lights (physically based intensities) and materials (BASIC to PHYSICAL, NORMALS, DEPTH) with
//!   its defaults; [`shader_material`].
//! - [`Texture`]: RGBA8 images decoded to linear, wraps, filters, mipmaps, `flip_y` and the uv
//!   transform.
//! - [`Renderer`] with its [`RenderSettings`] (`time`, the shading view, the output transform,
//!   shared with the GPU renderer); [`Renderer::render`] draws a
//!   scene to an [`Image`] with the node programs run by `tsl_core::run_nodes` in batches, in
//!   the order of R-RUN-6 (docs/requirements.md). Everything the requirements refuse is a
//!   [`RenderError`], never a panic.
//! - [`Raycaster`]: picking, the triangles a ray (or a camera's pixel) meets, nearest first, as
//!   three.js's raycaster (docs/raycaster.md).
//!
//! ```
//! use tsl_raster::*;
//! use tsl_core::{Color, NodeGraph, COLOR_NODE, OUTPUT_NODE};
//! use glam::Vec3;
//!
//! let mut assets = Assets::new();
//! let graph = NodeGraph::new();
//! let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
//! let tint = graph.named_uniform("tint", Color::from_srgb8(255, 120, 40));
//! graph.set_output(COLOR_NODE, graph.mix(graph.swizzle(graph.vertex_color(), "rgb"), tint, graph.mul(wave, graph.float(0.5)))).unwrap();
//! graph.set_output(OUTPUT_NODE, graph.mul(graph.swizzle(graph.lit(), "rgb"), graph.vec3(1.0, 0.9, 0.8))).unwrap();
//! let program = assets.programs.add(graph.compile().unwrap());
//! let paint = assets.materials.add(Material {
//!     roughness: 0.4,
//!     ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(program)
//! });
//! let ball = assets.geometries.add(SphereGeometry::new(1.0, 32, 16).build());
//! let mut scene = Scene::new();
//! scene.add(Object::mesh(ball, paint));
//! scene.add_light(Light::directional(Color::WHITE, 3.0, Vec3::new(1.0, 1.0, 1.0)));
//! let camera = Camera::perspective(45.0, 0.1, 100.0).at(Vec3::new(0.0, 0.0, 3.0)).looking_at(Vec3::ZERO);
//! let mut renderer = Renderer::new(RenderSettings::new(32, 32));
//! renderer.settings.time = 1.5;
//! let image = renderer.render(&scene, &camera, &assets).unwrap();
//! assert_eq!(image.width(), 32);
//! ```

// Which module may import which: the layers, bottom up, are the table in tests/layers.rs.
mod assets;
mod deform;
pub mod environment;
mod error;
mod file;
mod frame;
pub mod geometry;
pub mod gltf;
#[cfg(feature = "gpu")]
pub mod gpu;
pub mod json;
pub mod materialx;
pub mod output;
mod raster;
mod raycast;
mod renderer;
pub mod scene;
mod settings;
mod shade;
mod store;
pub mod texture;

pub use assets::Assets;
pub use environment::{Environment, EquirectImage};
pub use error::{
    AssetKind, DeformError, GeometryError, ImageError, MaterialRefusal, Pixels, Refusal,
    RenderError, TextureReader,
};
pub use frame::light_mask::light_masks;
pub use frame::screen_pass::TransmissionTarget;
pub use frame::volume_depth::OpaqueDepth;
pub use frame::Frame;
pub use geometry::NamedAttribute;
pub use geometry::{
    BoxGeometry, CylinderGeometry, Geometry, PlaneGeometry, SphereGeometry, TorusGeometry,
};
pub use geometry::{
    CapsuleGeometry, CircleGeometry, ConeGeometry, ExtrudeGeometry, LatheGeometry, Platonic,
    PolyhedronGeometry, RingGeometry, ShapeGeometry, TorusKnotGeometry, TubeGeometry,
};
pub use geometry::{MorphTargets, SkinWeights};
pub use json::{
    node_json_type_names, object_to_json, read_material_json, read_node_material, read_object_json,
    read_object_json_with, NodeLoader, MAX_OBJECT_JSON_BYTES, OBJECT_JSON_VERSION,
};
pub use output::{
    encode_apng, write_apng, Image, LinearImage, OutputColorSpace, OutputTransform, ToneMapping,
    MAX_PNG_SIDE,
};
pub use raycast::{Face, Hit, Raycaster};
pub use renderer::{RenderStats, Renderer};
pub use scene::Primitive;
pub use scene::Sprite;
pub use scene::MAX_VOLUME_STEPS;
pub use scene::{lights_of, LightMask, LightMaskError, ALL_LIGHTS};
pub use scene::{
    shader_material, BackgroundEnvironment, Camera, Fog, Light, Material, MaterialKind, Mesh,
    Object, ObjectId, Projection, Scattering, ScatteringError, Scene, Side, Transform,
};
pub use scene::{BindMode, Skin};
pub use scene::{Instances, SharedInstances, MAX_INSTANCES};
pub use scene::{LightShadow, ShadowCamera, ShadowMapType};
pub use settings::{RenderSettings, Shading, SHADE_LIT, SHADE_TEXTURE, SHADE_UV};
pub use store::{GeometryId, MaterialId, ProgramId, Store, StoreId};
pub use texture::{ColorSpace, Filter, Texture, Wrap, MAX_TEXTURE_TEXELS};
pub use texture::{
    Texture3d, VolumeError, VolumeFilter, VolumeFormat, VolumeLayout, MAX_VOLUME_TEXELS,
};
