//! three.js's `InstancedMesh`: one geometry and one material drawn once per instance, each with
//! its own matrix and, optionally, its own colour (R-INST-1 to R-INST-4, docs/requirements.md).
//!
//! An instance's vertices go through the position node first, then the instance's matrix, then
//! the object's world matrix (three.js r187 runs the position node after the instance matrix: see
//! docs/differences.md). Its colour multiplies the diffuse colour as three.js's `instanceColor`
//! does (`NodeMaterial.setupDiffuseColor`: it joins the vertex colour), and `instance_index()`
//! reads the instance's index from the program's header.

use crate::error::GeometryError;
use crate::RenderError;
use glam::{Mat4, Vec3};
use std::sync::Arc;
use tsl_core::Color;

/// The most instances one [`Instances`] holds (a program copy and a draw are made per instance).
pub const MAX_INSTANCES: usize = 1 << 20;

/// The per-instance data of an instanced mesh: three.js's `instanceMatrix`, `instanceColor` and
/// `count`. Shared by [`Arc`] so that a scene clones cheaply.
#[derive(Clone, Debug, PartialEq)]
pub struct Instances {
    matrices: Vec<Mat4>,
    colors: Option<Vec<Vec3>>,
    count: usize,
}

impl Instances {
    /// Instances with these matrices (three.js's `setMatrixAt`), all of them drawn. Refuses no
    /// matrix, more than [`MAX_INSTANCES`], and a non-finite matrix.
    pub fn new(matrices: Vec<Mat4>) -> Result<Instances, RenderError> {
        if matrices.is_empty() || matrices.len() > MAX_INSTANCES {
            return Err(GeometryError::InstanceCount {
                count: matrices.len(),
                limit: MAX_INSTANCES,
            }
            .into());
        }
        if let Some(index) = matrices.iter().position(|m| !m.is_finite()) {
            return Err(GeometryError::NonFiniteInstance { index }.into());
        }
        let count = matrices.len();
        Ok(Instances {
            matrices,
            colors: None,
            count,
        })
    }

    /// The same instances with a colour each (three.js's `setColorAt`, linear working colours).
    /// Refuses a count that is not the matrices' and a non-finite colour.
    pub fn with_colors(mut self, colors: Vec<Color>) -> Result<Instances, RenderError> {
        if colors.len() != self.matrices.len() {
            return Err(GeometryError::AttributeCount {
                attribute: "instance colours",
                count: colors.len(),
                positions: self.matrices.len(),
            }
            .into());
        }
        let colors: Vec<Vec3> = colors.iter().map(|c| c.to_vec3()).collect();
        if let Some(index) = colors.iter().position(|c| !c.is_finite()) {
            return Err(GeometryError::NonFiniteInstance { index }.into());
        }
        self.colors = Some(colors);
        Ok(self)
    }

    /// The same instances with only the first `count` drawn (three.js's `mesh.count`). Refuses
    /// a count above the number of matrices.
    pub fn with_count(mut self, count: usize) -> Result<Instances, RenderError> {
        if count > self.matrices.len() {
            return Err(GeometryError::InstanceCount {
                count,
                limit: self.matrices.len(),
            }
            .into());
        }
        self.count = count;
        Ok(self)
    }

    /// The instances' matrices (model space to the object's space).
    pub fn matrices(&self) -> &[Mat4] {
        &self.matrices
    }

    /// The instances' colours (linear), if given.
    pub fn colors(&self) -> Option<&[Vec3]> {
        self.colors.as_deref()
    }

    /// How many instances are drawn: the first `count`.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Instance `index`'s matrix and colour (`None` without colours); `None` past the count.
    pub(crate) fn get(&self, index: usize) -> Option<(Mat4, Option<Vec3>)> {
        if index >= self.count {
            return None;
        }
        let matrix = *self.matrices.get(index)?;
        let color = self.colors.as_ref().and_then(|c| c.get(index).copied());
        Some((matrix, color))
    }
}

/// A handle the scene keeps: the instances are shared, not copied, between clones of a scene.
pub type SharedInstances = Arc<Instances>;
