//! The attributes that deform a geometry before its position node runs (R-DEFORM-1, R-DEFORM-2,
//! docs/requirements.md): three.js's `BufferGeometry.morphAttributes` with
//! `morphTargetsRelative`, and the `skinIndex` / `skinWeight` attributes a `SkinnedMesh` reads.
//! The object's influences and skin say how much of them applies (scene/skin.rs).

use super::Geometry;
use crate::error::GeometryError;
use crate::RenderError;
use glam::{Vec3, Vec4};

/// three.js's `geometry.morphAttributes.position` (and `.normal`) with `morphTargetsRelative`:
/// one array per target, as long as the geometry's positions.
#[derive(Clone, Debug, PartialEq)]
pub struct MorphTargets {
    /// Each target's positions: absolute ones, or offsets from the base when `relative`.
    pub positions: Vec<Vec<Vec3>>,
    /// Each target's normals (as many targets as `positions`), or none: then the normals do
    /// not morph.
    pub normals: Option<Vec<Vec<Vec3>>>,
    /// three.js's `morphTargetsRelative`: the targets are offsets added to the base (false: the
    /// base is weighted by `1 − Σ influences`, as three.js's `MorphNode` does).
    pub relative: bool,
}

/// The skinning attributes of a vertex list: three.js's `skinIndex` (4 joints, indices into the
/// skeleton's bones) and `skinWeight` (4 weights, used as given, not normalized, as three.js's
/// shader does).
#[derive(Clone, Debug, PartialEq)]
pub struct SkinWeights {
    /// Each vertex's 4 bone indices.
    pub joints: Vec<[u16; 4]>,
    /// Each vertex's 4 weights.
    pub weights: Vec<Vec4>,
}

impl Geometry {
    /// The same geometry with morph targets (three.js's `morphAttributes.position` and
    /// `.normal`, and `morphTargetsRelative`), which an object's
    /// [`morph_influences`](crate::Object::morph_influences) blend. Refuses no target, a target
    /// whose count is not the positions', normal targets that are not one per position target
    /// (or on a geometry without normals), and a non-finite value.
    ///
    /// ```
    /// use glam::Vec3;
    /// use tsl_raster::PlaneGeometry;
    /// let plane = PlaneGeometry::new(1.0, 1.0).build();
    /// let up = vec![Vec3::Z; 4];
    /// let morphed = plane.clone().with_morph_targets(vec![up], None, true).unwrap();
    /// assert_eq!(morphed.morph_targets().unwrap().positions.len(), 1);
    /// assert!(plane.with_morph_targets(vec![vec![Vec3::Z; 3]], None, true).is_err());
    /// ```
    pub fn with_morph_targets(
        mut self,
        positions: Vec<Vec<Vec3>>,
        normals: Option<Vec<Vec<Vec3>>>,
        relative: bool,
    ) -> Result<Geometry, RenderError> {
        let n = self.positions.len();
        if positions.is_empty() {
            return Err(GeometryError::MorphTargets {
                positions: 0,
                normals: normals.as_ref().map(Vec::len),
            }
            .into());
        }
        if let Some(normal_targets) = &normals {
            if normal_targets.len() != positions.len() || self.normals.is_none() {
                return Err(GeometryError::MorphTargets {
                    positions: positions.len(),
                    normals: Some(normal_targets.len()),
                }
                .into());
            }
        }
        let every = positions.iter().chain(normals.iter().flatten());
        for target in every.clone() {
            if target.len() != n {
                return Err(GeometryError::AttributeCount {
                    attribute: "morph target values",
                    count: target.len(),
                    positions: n,
                }
                .into());
            }
        }
        if !every.flatten().all(|v| v.is_finite()) {
            return Err(GeometryError::NonFinite.into());
        }
        self.morph = Some(Box::new(MorphTargets {
            positions,
            normals,
            relative,
        }));
        Ok(self)
    }

    /// The same geometry with skinning attributes (three.js's `skinIndex` and `skinWeight`),
    /// which a skinned object's [`Skin`](crate::Skin) reads. Refuses joints or weights whose
    /// count is not the positions', and a non-finite weight. A joint past the skeleton is refused
    /// when the object is drawn (the skeleton is the object's).
    pub fn with_skin_weights(
        mut self,
        joints: Vec<[u16; 4]>,
        weights: Vec<Vec4>,
    ) -> Result<Geometry, RenderError> {
        let n = self.positions.len();
        for (attribute, count) in [
            ("skin joints", joints.len()),
            ("skin weights", weights.len()),
        ] {
            if count != n {
                return Err(GeometryError::AttributeCount {
                    attribute,
                    count,
                    positions: n,
                }
                .into());
            }
        }
        if !weights.iter().all(|w| w.is_finite()) {
            return Err(GeometryError::NonFinite.into());
        }
        self.skin = Some(Box::new(SkinWeights { joints, weights }));
        Ok(self)
    }

    /// The morph targets, if any ([`Geometry::with_morph_targets`]).
    pub fn morph_targets(&self) -> Option<&MorphTargets> {
        self.morph.as_deref()
    }

    /// The skinning attributes, if any ([`Geometry::with_skin_weights`]).
    pub fn skin_weights(&self) -> Option<&SkinWeights> {
        self.skin.as_deref()
    }
}
