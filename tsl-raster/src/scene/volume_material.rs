//! VolumeNodeMaterial (R-VOL-1, docs/requirements.md): three.js r187's material of a ray marched
//! through a mesh. The march itself is shading (`shade/volume.rs` on the CPU).

use super::material::{Material, MaterialKind, Side};
use crate::error::MaterialRefusal;
use crate::store::ProgramId;
use tsl_core::Color;

/// The most steps a VOLUME material marches per fragment: each step runs SCATTERING_NODE once.
pub const MAX_VOLUME_STEPS: u32 = 256;

/// What a VOLUME material refuses before it is drawn: no program, zero steps or more than
/// [`MAX_VOLUME_STEPS`], an emissive colour or map (three.js's VolumeNodeMaterial has neither).
pub(crate) fn volume_refusal(m: &Material) -> Option<MaterialRefusal> {
    if m.nodes.is_none() {
        return Some(MaterialRefusal::VolumeWithoutProgram);
    }
    if m.volume_steps == 0 || m.volume_steps > MAX_VOLUME_STEPS {
        return Some(MaterialRefusal::VolumeSteps {
            steps: m.volume_steps,
            limit: MAX_VOLUME_STEPS,
        });
    }
    if m.emissive != Color::BLACK || m.emissive_map.is_some() {
        return Some(MaterialRefusal::VolumeEmissive);
    }
    None
}

/// The refusal of the scene-depth gate on a material that is not a VOLUME one (R-VOL-5).
pub(crate) fn scene_depth_refusal(m: &Material) -> Option<MaterialRefusal> {
    (m.volume_scene_depth && m.kind != MaterialKind::Volume)
        .then_some(MaterialRefusal::VolumeSceneDepthOnKind)
}

impl Material {
    /// three.js's `new VolumeNodeMaterial({ steps })` with `program`'s nodes: drawn from its back
    /// faces (`side = BackSide`), blended (`transparent`), with no depth test and no depth write,
    /// as three.js's constructor sets them. The program's SCATTERING_NODE scales the light each
    /// step gathers (three.js's `scatteringNode`), its OFFSET_NODE moves the first step by a
    /// fraction of a step (`offsetNode`), its EMISSIVE_NODE adds to the ray's light. three.js's
    /// default `steps` is 25. The renderer refuses zero steps and more than
    /// [`MAX_VOLUME_STEPS`].
    pub fn volume(steps: u32, program: ProgramId) -> Material {
        Material {
            side: Side::Back,
            transparent: true,
            depth_test: false,
            depth_write: false,
            nodes: Some(program),
            volume_steps: steps,
            ..Material::new(MaterialKind::Volume, Color::WHITE)
        }
    }

    /// Set a VOLUME material's steps (three.js's `material.steps`).
    pub fn set_steps(&mut self, steps: u32) {
        self.volume_steps = steps;
    }

    /// Turn a VOLUME material's scene-depth gate on or off (R-VOL-5, docs/volumes.md): with it
    /// on, a ray step contributes only where its camera-axis distance is at most the opaque
    /// scene's at the fragment's pixel (the camera's far where no opaque surface covers it).
    /// Refuses another kind of material (turning it off is always accepted).
    pub fn set_volume_scene_depth(&mut self, on: bool) -> Result<(), MaterialRefusal> {
        if on && self.kind != MaterialKind::Volume {
            return Err(MaterialRefusal::VolumeSceneDepthOnKind);
        }
        self.volume_scene_depth = on;
        Ok(())
    }
}
