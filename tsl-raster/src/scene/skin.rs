//! three.js's `SkinnedMesh` and `Skeleton` (R-DEFORM-2, docs/requirements.md): a mesh object's
//! skin names bone objects of the scene (three.js's `Bone`s are plain objects of the graph; any
//! object serves here) with their inverse bind matrices, and the mesh's bind matrix.

use super::{Object, ObjectId};
use glam::Mat4;
use std::sync::Arc;

/// three.js's `SkinnedMesh.bindMode`: where `bindMatrixInverse` comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BindMode {
    /// three.js's `AttachedBindMode` (the default): the inverse of the mesh's own world matrix,
    /// each frame (`SkinnedMesh.updateMatrixWorld`), so the skin follows its bones only.
    #[default]
    Attached,
    /// three.js's `DetachedBindMode`: the inverse of `bind_matrix`.
    Detached,
}

/// A skinned mesh's skeleton and binding: three.js's `Skeleton(bones, boneInverses)` with the
/// mesh's `bindMatrix` and `bindMode`. A vertex moves to
/// `bindMatrixInverse · Σ wᵢ · boneWorldᵢ · boneInverseᵢ · bindMatrix · p`, as three.js's
/// `SkinningNode` computes it; its normal through the same weighted matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct Skin {
    /// The bones, objects of the same scene: a geometry's joint index `j` names `bones[j]`.
    pub bones: Vec<ObjectId>,
    /// three.js's `boneInverses`: each bone's inverse world matrix when the skin was bound, one
    /// per bone.
    pub bone_inverses: Vec<Mat4>,
    /// three.js's `bindMatrix`: the mesh's world matrix when it was bound (identity by default).
    pub bind_matrix: Mat4,
    /// three.js's `bindMode`.
    pub bind_mode: BindMode,
}

impl Skin {
    /// A skin over `bones` with their inverse bind matrices, bound at the identity
    /// (`skinnedMesh.bind(new Skeleton(bones, boneInverses))` of a mesh at the origin).
    pub fn new(bones: Vec<ObjectId>, bone_inverses: Vec<Mat4>) -> Skin {
        Skin {
            bones,
            bone_inverses,
            bind_matrix: Mat4::IDENTITY,
            bind_mode: BindMode::Attached,
        }
    }
}

impl Object {
    /// The same object as three.js's `SkinnedMesh`: its geometry's skinning attributes
    /// ([`Geometry::with_skin_weights`](crate::Geometry::with_skin_weights)) move its vertices
    /// with `skin`'s bones.
    pub fn with_skin(mut self, skin: Skin) -> Object {
        self.skin = Some(Arc::new(skin));
        self
    }

    /// The same object with three.js's `morphTargetInfluences`: one weight per morph target of
    /// its geometry (a missing one is zero).
    pub fn with_morph_influences(mut self, influences: Vec<f32>) -> Object {
        self.morph_influences = influences;
        self
    }
}
