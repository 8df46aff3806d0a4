//! The frame's environments on the device (R-ENV-6): each environment a frame reads (the
//! scene's, a material's `env_map`, the background's) once, however many passes read it, as an
//! [`EnvRecord`] and its PMREM's texels in the frame buffer; raster.wgsl's `env_sample` reads
//! them as `Environment::sample` does.

use super::layout::*;
use crate::environment::Environment;
use crate::scene::{Camera, Scene};
use bytemuck::Zeroable;
use std::sync::Arc;

/// The distinct environments of a frame, in the order they were first named.
#[derive(Default)]
pub(super) struct FrameEnvironments {
    list: Vec<Arc<Environment>>,
}

impl FrameEnvironments {
    /// The index of `environment` in the frame's table, added when new (by the `Arc`'s
    /// pointer: one upload per environment however many materials share it).
    pub fn index(&mut self, environment: &Arc<Environment>) -> u32 {
        let found = self.list.iter().position(|e| Arc::ptr_eq(e, environment));
        let index = found.unwrap_or_else(|| {
            self.list.push(environment.clone());
            self.list.len() - 1
        });
        index as u32
    }

    /// The records then the texels, appended to the frame buffer `w`; the word of the first
    /// record (`F_ENVS_AT`).
    pub fn append_to(&self, w: &mut Vec<u32>) -> u32 {
        let at = w.len();
        let mut texels = at + self.list.len() * EnvRecord::words();
        let mut records = Vec::with_capacity(self.list.len());
        for e in &self.list {
            let mut r = EnvRecord::zeroed();
            r.size = e.size();
            r.levels = e.max_lod() + 1;
            r.texels = texels as u32;
            texels += e.level_texels().map(|l| l.len() * 3).sum::<usize>();
            records.push(r);
        }
        w.extend_from_slice(bytemuck::cast_slice(&records));
        for e in &self.list {
            for level in e.level_texels() {
                w.extend(level.iter().flatten().map(|v| v.to_bits()));
            }
        }
        at as u32
    }
}

/// The background's record when the scene draws its background from an environment, with that
/// environment added to `envs`.
pub(super) fn background_record(
    scene: &Scene,
    camera: &Camera,
    aspect: f32,
    envs: &mut FrameEnvironments,
) -> Option<BackgroundRecord> {
    let b = scene.background_environment.as_ref()?;
    let projection = camera.projection_matrix(aspect);
    let mut r = BackgroundRecord::zeroed();
    r.env = envs.index(&b.environment);
    r.blurriness = b.blurriness;
    r.intensity = b.intensity;
    r.radius = 3.0 / projection.y_axis.y;
    r.inverse_projection = projection.inverse().to_cols_array();
    Some(r)
}
