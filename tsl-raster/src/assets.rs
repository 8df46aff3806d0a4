//! [`Assets`]: the stores of programs, materials, textures and geometries that a scene names by
//! id.

use crate::geometry::Geometry;
use crate::scene::Material;
use crate::store::{GeometryId, MaterialId, ProgramId, Store};
use crate::texture::{Texture, Texture3d};
use tsl_core::{NodeProgram, TextureId};

/// Everything a scene refers to by id.
#[derive(Clone, Debug, Default)]
pub struct Assets {
    /// Compiled node programs; a material's `nodes` names one.
    pub programs: Store<NodeProgram, ProgramId>,
    /// Materials; a mesh names one.
    pub materials: Store<Material, MaterialId>,
    /// Textures; a material's maps and a program's texture nodes name them.
    pub textures: Store<Texture, TextureId>,
    /// Geometries; a mesh names one.
    pub geometries: Store<Geometry, GeometryId>,
    /// Volumes (3D textures); a program's `texture_3d` nodes name them (R-VAL-22), by ids of
    /// their own: a volume id and a texture id of the same number name different assets.
    pub volumes: Store<Texture3d, TextureId>,
    /// The frame's transmission target in `textures`, where the renderer put it for a frame
    /// that reads the screen (frame/screen_pass.rs `with_target`): what a transmissive PHYSICAL
    /// material reads (R-SCREEN-3). Never set by a user's assets.
    pub(crate) screen: Option<TextureId>,
    /// What a back face of a transmissive material reads where it differs from `screen`: the
    /// opaque pass without the back faces of the double-sided transmissive meshes (R-SCREEN-3).
    /// Never set by a user's assets.
    pub(crate) screen_back: Option<TextureId>,
    /// The caller's opaque-depth snapshot (camera-axis distances, rows from the top) of a
    /// low-level draw with a target (`TransmissionTarget::capture_volume_depth`), which a
    /// gated VOLUME material reads in place of the frame's own capture (R-VOL-5). Never set by
    /// a user's assets.
    pub(crate) volume_depth: Option<std::sync::Arc<[f32]>>,
}

impl Assets {
    /// Empty stores.
    pub fn new() -> Assets {
        Assets::default()
    }
}
