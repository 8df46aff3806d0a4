//! A mesh's vertices deformed before its position node runs, in three.js r187's order
//! (`NodeMaterial.setupPosition`): the morph targets (`MorphNode`), the bones (`SkinningNode`),
//! then the material's displacement map (R-DEFORM-1 to R-DEFORM-3, docs/requirements.md). Both
//! renderers place the deformed vertices (raster/draw.rs), the shadow pass casts them, and the
//! raycaster picks the morphed and skinned ones, as three.js's `Mesh.getVertexPosition` does.

use crate::error::RenderError;
use crate::error::{DeformError, Refusal};
use crate::geometry::{Geometry, MorphTargets, SkinWeights};
use crate::scene::{BindMode, Material, Object, Skin};
use crate::store::Store;
use crate::texture::Texture;
use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use rayon::prelude::*;
use tsl_core::TextureId;

/// Vertices deformed in parallel runs of at least these many.
const PARALLEL_VERTICES: usize = 1024;

/// A mesh's model-space positions and normals after its deformations.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Deformed {
    /// One per vertex of the geometry.
    pub positions: Vec<Vec3>,
    /// One per vertex, where the geometry has normals (not made unit length, as three.js's
    /// `normalLocal` after skinning is not).
    pub normals: Option<Vec<Vec3>>,
}

/// The morph targets and the influences that blend them.
struct Morph<'a> {
    targets: &'a MorphTargets,
    /// One per target (the missing ones zero).
    influences: Vec<f32>,
    /// What the base is multiplied by: 1 for relative targets, `1 − Σ influences` for absolute
    /// ones (three.js's `morphBase`).
    base: f32,
}

/// A skeleton's matrices as three.js's `SkinningNode` reads them.
struct Bones<'a> {
    attributes: &'a SkinWeights,
    /// `bone.matrixWorld · boneInverse`, per bone (three.js's `Skeleton.update`).
    matrices: Vec<Mat4>,
    bind: Mat4,
    bind_inverse: Mat4,
}

/// The material's displacement map, read at the vertex's uv.
struct Displacement<'a> {
    map: &'a Texture,
    scale: f32,
    bias: f32,
}

/// The morph targets and bones of mesh `object` (index `index`; `worlds` the scene's world
/// matrices) over `geometry`, and the displacement map of `material` when one is given with the
/// textures it reads: `None` when nothing deforms the mesh. Refuses influences or a skin that do
/// not fit the geometry or the scene, and a displacement map that is not in `textures`.
pub(crate) fn deform(
    index: usize,
    object: &Object,
    geometry: &Geometry,
    worlds: &[(Mat4, bool)],
    material: Option<(&Material, &Store<Texture, TextureId>)>,
) -> Result<Option<Deformed>, RenderError> {
    let refuse = |error| Refusal::Deform {
        object: index,
        error,
    };
    let morph = morph(object, geometry).map_err(refuse)?;
    let bones = match &object.skin {
        Some(skin) => Some(bones(index, skin, geometry, worlds).map_err(refuse)?),
        None => None,
    };
    let displacement = match material.and_then(|(m, t)| m.displacement_map.map(|id| (m, t, id))) {
        Some((m, textures, id)) => Some(Displacement {
            map: textures.get(id).ok_or(Refusal::MissingTexture {
                object: index,
                texture: id.0,
                reader: crate::error::TextureReader::Material,
            })?,
            scale: m.displacement_scale,
            bias: m.displacement_bias,
        }),
        None => None,
    };
    if morph.is_none() && bones.is_none() && displacement.is_none() {
        return Ok(None);
    }
    let normals = geometry.normals();
    let uvs = geometry.uvs();
    let vertex = |i: usize| {
        // Invariant: `i` is below the vertex count; normals, uvs and every morph and skin
        // attribute are as long as the positions (Geometry::check, with_morph_targets,
        // with_skin_weights).
        let mut p = geometry.positions()[i];
        let mut n = normals.map(|n| n[i]);
        if let Some(m) = &morph {
            (p, n) = m.apply(i, p, n);
        }
        if let Some(b) = &bones {
            (p, n) = b.apply(i, p, n);
        }
        if let Some(d) = &displacement {
            // three.js: positionLocal += normalLocal.normalize() · (map.x · scale + bias), the
            // map read at level 0 in the vertex stage; a geometry without normals reads +y.
            let uv = uvs.map_or(Vec2::ZERO, |u| u[i]);
            let height = d.map.sample(uv).x * d.scale + d.bias;
            p += n.unwrap_or(Vec3::Y).normalize_or_zero() * height;
        }
        (p, n.unwrap_or(Vec3::ZERO))
    };
    let (positions, deformed_normals): (Vec<Vec3>, Vec<Vec3>) = (0..geometry.positions().len())
        .into_par_iter()
        .with_min_len(PARALLEL_VERTICES)
        .map(vertex)
        .unzip();
    if !positions.iter().all(|p| p.is_finite()) {
        return Err(refuse(DeformError::NonFinite).into());
    }
    Ok(Some(Deformed {
        positions,
        normals: normals.map(|_| deformed_normals),
    }))
}

/// The morph targets of `object`'s geometry with its influences, `None` without targets.
fn morph<'a>(object: &Object, geometry: &'a Geometry) -> Result<Option<Morph<'a>>, DeformError> {
    let given = &object.morph_influences;
    let Some(targets) = geometry.morph_targets() else {
        // three.js ignores influences without targets; a list that names none is no error.
        return match given.iter().any(|&w| w != 0.0) {
            true => Err(DeformError::MorphInfluences {
                influences: given.len(),
                targets: 0,
            }),
            false => Ok(None),
        };
    };
    let count = targets.positions.len();
    if given.len() > count || !given.iter().all(|w| w.is_finite()) {
        return Err(DeformError::MorphInfluences {
            influences: given.len(),
            targets: count,
        });
    }
    let mut influences = given.clone();
    influences.resize(count, 0.0);
    let base = if targets.relative {
        1.0
    } else {
        1.0 - influences.iter().sum::<f32>()
    };
    Ok(Some(Morph {
        targets,
        influences,
        base,
    }))
}

impl Morph<'_> {
    /// Vertex `i` at position `p` and normal `n` morphed: three.js's `MorphNode`, the base times
    /// `morphBase` plus each target with a non-zero influence times it.
    fn apply(&self, i: usize, p: Vec3, n: Option<Vec3>) -> (Vec3, Option<Vec3>) {
        let blend = |base: Vec3, targets: &[Vec<Vec3>]| {
            let mut sum = base * self.base;
            for (target, &w) in targets.iter().zip(&self.influences) {
                if w != 0.0 {
                    // Invariant: every target is as long as the positions (with_morph_targets).
                    sum += target[i] * w;
                }
            }
            sum
        };
        let n = match (n, &self.targets.normals) {
            (Some(n), Some(targets)) => Some(blend(n, targets)),
            (n, _) => n,
        };
        (blend(p, &self.targets.positions), n)
    }
}

/// The skeleton of `skin` (on object `index`) posed by the scene's world matrices, checked
/// against `geometry`'s joints.
fn bones<'a>(
    index: usize,
    skin: &Skin,
    geometry: &'a Geometry,
    worlds: &[(Mat4, bool)],
) -> Result<Bones<'a>, DeformError> {
    let attributes = geometry.skin_weights().ok_or(DeformError::NoSkinWeights)?;
    if skin.bone_inverses.len() != skin.bones.len() {
        return Err(DeformError::BoneInverses {
            bones: skin.bones.len(),
            inverses: skin.bone_inverses.len(),
        });
    }
    let matrices = skin
        .bones
        .iter()
        .zip(&skin.bone_inverses)
        .enumerate()
        .map(|(bone, (id, inverse))| {
            let (world, _) = worlds
                .get(id.0 as usize)
                .ok_or(DeformError::MissingBone { bone, id: id.0 })?;
            Ok(*world * *inverse)
        })
        .collect::<Result<Vec<Mat4>, DeformError>>()?;
    let bones = skin.bones.len();
    // Every joint, weighted or not: three.js's shader reads all four matrices.
    for (vertex, joints) in attributes.joints.iter().enumerate() {
        if let Some(&joint) = joints.iter().find(|&&j| j as usize >= bones) {
            return Err(DeformError::JointOutOfRange {
                vertex,
                joint,
                bones,
            });
        }
    }
    let bind = skin.bind_matrix;
    let bind_inverse = match skin.bind_mode {
        // Invariant: world_matrices returns one entry per object, `index` among them.
        BindMode::Attached => worlds[index].0.inverse(),
        BindMode::Detached => bind.inverse(),
    };
    if !bind.is_finite() || !bind_inverse.is_finite() || !matrices.iter().all(Mat4::is_finite) {
        return Err(DeformError::NonFinite);
    }
    Ok(Bones {
        attributes,
        matrices,
        bind,
        bind_inverse,
    })
}

impl Bones<'_> {
    /// Vertex `i` at `p` with normal `n` skinned: three.js's `getSkinnedPosition` and
    /// `getSkinnedNormalAndTangent` (the weights as given, the normal through the mat3 of
    /// `bindMatrixInverse · Σ wᵢ·boneᵢ · bindMatrix`).
    fn apply(&self, i: usize, p: Vec3, n: Option<Vec3>) -> (Vec3, Option<Vec3>) {
        // Invariant: joints and weights are as long as the positions (with_skin_weights), and
        // every joint is below the bones' count (checked in `bones`).
        let joints = self.attributes.joints[i];
        let weights: [f32; 4] = self.attributes.weights[i].into();
        let skin_vertex = self.bind * p.extend(1.0);
        let mut skinned = Vec4::ZERO;
        let mut matrix = Mat4::ZERO;
        for (&j, &w) in joints.iter().zip(&weights) {
            let bone = self.matrices[j as usize];
            skinned += bone * w * skin_vertex;
            matrix += bone * w;
        }
        let p = (self.bind_inverse * skinned).truncate();
        let n = n.map(|n| Mat3::from_mat4(self.bind_inverse * matrix * self.bind) * n);
        (p, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::ObjectId;

    /// One triangle at z = 0 facing +z, with uvs.
    fn triangle() -> Geometry {
        Geometry::from_data(
            vec![Vec3::ZERO, Vec3::X, Vec3::Y],
            Some(vec![Vec3::Z; 3]),
            Some(vec![Vec2::ZERO, Vec2::X, Vec2::Y]),
            vec![[0, 1, 2]],
        )
        .unwrap()
    }

    fn mesh() -> Object {
        Object::mesh(crate::GeometryId(0), crate::MaterialId(0))
    }

    const WORLD: [(Mat4, bool); 1] = [(Mat4::IDENTITY, true)];

    #[test]
    fn relative_morph_adds_weighted_offsets() {
        // Worked by hand: p0 = 0 + 0.6·(0,0,1) + 0.3·(1,0,0) = (0.3, 0, 0.6).
        let g = triangle()
            .with_morph_targets(vec![vec![Vec3::Z; 3], vec![Vec3::X; 3]], None, true)
            .unwrap();
        let d = deform(
            0,
            &mesh().with_morph_influences(vec![0.6, 0.3]),
            &g,
            &WORLD,
            None,
        )
        .unwrap()
        .unwrap();
        assert!(d.positions[0].abs_diff_eq(Vec3::new(0.3, 0.0, 0.6), 1e-6));
        // Without normal targets the normals do not morph.
        assert_eq!(d.normals.unwrap()[0], Vec3::Z);
    }

    #[test]
    fn absolute_morph_weights_the_base_by_one_minus_the_sum() {
        // MorphNode: p·(1 − 0.25 − 0.5) + 0.25·t0 + 0.5·t1. Vertex 1 = (1,0,0), t0 = (0,0,4),
        // t1 = (2,2,0): 0.25·(1,0,0) + (0,0,1) + (1,1,0) = (1.25, 1, 1).
        let t0 = vec![Vec3::new(0.0, 0.0, 4.0); 3];
        let t1 = vec![Vec3::new(2.0, 2.0, 0.0); 3];
        let n0 = vec![Vec3::X; 3];
        let n1 = vec![Vec3::X; 3];
        let g = triangle()
            .with_morph_targets(vec![t0, t1], Some(vec![n0, n1]), false)
            .unwrap();
        let object = mesh().with_morph_influences(vec![0.25, 0.5]);
        let d = deform(0, &object, &g, &WORLD, None).unwrap().unwrap();
        assert!(d.positions[1].abs_diff_eq(Vec3::new(1.25, 1.0, 1.0), 1e-6));
        // Normal: (0,0,1)·0.25 + 0.75·(1,0,0).
        assert!(d.normals.unwrap()[1].abs_diff_eq(Vec3::new(0.75, 0.0, 0.25), 1e-6));
    }

    #[test]
    fn skin_blends_bone_matrices_and_turns_normals() {
        // Bone 0 at rest (identity), bone 1 turned 90° about y; vertex 1 (1,0,0) weighted half
        // each: ½·(1,0,0) + ½·(0,0,−1) = (0.5, 0, −0.5); its normal (0,0,1) turns to
        // ½·(0,0,1) + ½·(1,0,0).
        let g = triangle()
            .with_skin_weights(
                vec![[0, 1, 0, 0]; 3],
                vec![Vec4::new(0.5, 0.5, 0.0, 0.0); 3],
            )
            .unwrap();
        let worlds = [
            (Mat4::IDENTITY, true),
            (Mat4::IDENTITY, true),
            (Mat4::from_rotation_y(std::f32::consts::FRAC_PI_2), true),
        ];
        let skin = Skin::new(vec![ObjectId(1), ObjectId(2)], vec![Mat4::IDENTITY; 2]);
        let d = deform(0, &mesh().with_skin(skin), &g, &worlds, None)
            .unwrap()
            .unwrap();
        assert!(d.positions[1].abs_diff_eq(Vec3::new(0.5, 0.0, -0.5), 1e-6));
        assert!(d.normals.unwrap()[1].abs_diff_eq(Vec3::new(0.5, 0.0, 0.5), 1e-6));
    }

    #[test]
    fn attached_skin_undoes_the_mesh_world_matrix() {
        // A mesh moved by (5,0,0) bound at the identity, its one bone at rest at the origin:
        // bindMatrixInverse is the mesh's inverse world, so the vertex lands at p − (5,0,0) in
        // model space (and at p in the world: the skin follows its bones, not the mesh).
        let g = triangle()
            .with_skin_weights(vec![[0; 4]; 3], vec![Vec4::X; 3])
            .unwrap();
        let worlds = [
            (Mat4::from_translation(Vec3::new(5.0, 0.0, 0.0)), true),
            (Mat4::IDENTITY, true),
        ];
        let skin = Skin::new(vec![ObjectId(1)], vec![Mat4::IDENTITY]);
        let attached = deform(0, &mesh().with_skin(skin.clone()), &g, &worlds, None)
            .unwrap()
            .unwrap();
        assert!(attached.positions[2].abs_diff_eq(Vec3::new(-5.0, 1.0, 0.0), 1e-6));
        let detached = Skin {
            bind_mode: BindMode::Detached,
            ..skin
        };
        let d = deform(0, &mesh().with_skin(detached), &g, &worlds, None)
            .unwrap()
            .unwrap();
        assert!(d.positions[2].abs_diff_eq(Vec3::Y, 1e-6));
    }

    #[test]
    fn bad_skins_and_influences_are_refused() {
        let refused = |object: &Object, g: &Geometry, worlds: &[(Mat4, bool)]| match deform(
            0, object, g, worlds, None,
        ) {
            Err(RenderError::Refused(Refusal::Deform { object: 0, error })) => error,
            other => panic!("not refused: {other:?}"),
        };
        let skinned = triangle()
            .with_skin_weights(vec![[0, 0, 0, 2]; 3], vec![Vec4::X; 3])
            .unwrap();
        let two = [(Mat4::IDENTITY, true); 2];
        let skin = Skin::new(vec![ObjectId(1)], vec![Mat4::IDENTITY]);
        assert_eq!(
            refused(&mesh().with_skin(skin.clone()), &skinned, &two),
            DeformError::JointOutOfRange {
                vertex: 0,
                joint: 2,
                bones: 1
            }
        );
        assert_eq!(
            refused(&mesh().with_skin(skin.clone()), &triangle(), &two),
            DeformError::NoSkinWeights
        );
        let missing = Skin::new(vec![ObjectId(7)], vec![Mat4::IDENTITY]);
        assert_eq!(
            refused(&mesh().with_skin(missing), &skinned, &two),
            DeformError::MissingBone { bone: 0, id: 7 }
        );
        let uneven = Skin::new(vec![ObjectId(1)], vec![]);
        assert_eq!(
            refused(&mesh().with_skin(uneven), &skinned, &two),
            DeformError::BoneInverses {
                bones: 1,
                inverses: 0
            }
        );
        let nan = Skin::new(vec![ObjectId(1)], vec![Mat4::NAN]);
        let fitting = triangle()
            .with_skin_weights(vec![[0; 4]; 3], vec![Vec4::X; 3])
            .unwrap();
        assert_eq!(
            refused(&mesh().with_skin(nan), &fitting, &two),
            DeformError::NonFinite
        );
        let morphed = triangle()
            .with_morph_targets(vec![vec![Vec3::Z; 3]], None, true)
            .unwrap();
        for influences in [vec![0.5, 0.5], vec![f32::NAN]] {
            let n = influences.len();
            assert_eq!(
                refused(&mesh().with_morph_influences(influences), &morphed, &two),
                DeformError::MorphInfluences {
                    influences: n,
                    targets: 1
                }
            );
        }
        // The geometry's own refusals: a weights count that is not the vertices'.
        assert!(triangle()
            .with_skin_weights(vec![[0; 4]; 3], vec![Vec4::X; 2])
            .is_err());
        assert!(triangle()
            .with_morph_targets(vec![vec![Vec3::Z; 3]], Some(vec![]), true)
            .is_err());
    }

    #[test]
    fn nothing_to_deform_is_none() {
        assert_eq!(deform(0, &mesh(), &triangle(), &WORLD, None).unwrap(), None);
    }
}
