//! The frame's environments on the device (R-ENV-6): each environment a frame reads (the
//! scene's, a material's `env_map`, the background's) once, however many passes read it, as an
//! [`EnvRecord`] and its PMREM's texels in the frame buffer; raster.wgsl's `env_sample` reads
//! them as `Environment::sample` does.

use super::layout::*;
use crate::environment::Environment;
use crate::scene::{Camera, Scene};
use bytemuck::Zeroable;
use std::sync::Arc;

/// The distinct environments of a frame, in the order they were first named, and the
/// background's record when it is drawn from one.
#[derive(Default)]
pub(super) struct FrameEnvironments {
    list: Vec<Arc<Environment>>,
    background: Option<BackgroundRecord>,
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

    /// The records, the texels, then the background's record, appended to the frame buffer
    /// `w`; the words of the first record (`F_ENVS_AT`) and of the background's (`F_BACKGROUND`,
    /// `NONE` without one).
    pub fn append_to(&self, w: &mut Vec<u32>) -> (u32, u32) {
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
        let background = match &self.background {
            Some(b) => {
                let g = w.len() as u32;
                w.extend_from_slice(bytemuck::cast_slice(std::slice::from_ref(b)));
                g
            }
            None => NONE,
        };
        (at as u32, background)
    }

    /// `frame` (the frame buffer's words so far) with the environments appended and the frame
    /// record's `envs_at` and `background` pointing at them.
    pub fn append_to_frame(&self, mut frame: Vec<u32>) -> Vec<u32> {
        let (envs_at, background) = self.append_to(&mut frame);
        frame[std::mem::offset_of!(FrameRecord, envs_at) / 4] = envs_at;
        frame[std::mem::offset_of!(FrameRecord, background) / 4] = background;
        frame
    }

    /// The background's record when the scene draws its background from an environment, with
    /// that environment added to the table.
    pub fn set_background(&mut self, scene: &Scene, camera: &Camera, aspect: f32) {
        let Some(b) = scene.background_environment.as_ref() else {
            return;
        };
        let projection = camera.projection_matrix(aspect);
        let mut r = BackgroundRecord::zeroed();
        r.env = self.index(&b.environment);
        r.blurriness = b.blurriness;
        r.intensity = b.intensity;
        r.radius = 3.0 / projection.y_axis.y;
        r.inverse_projection = projection.inverse().to_cols_array();
        self.background = Some(r);
    }
}
