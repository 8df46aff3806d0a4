//! A VOLUME material's scene-depth gate on the GPU (R-VOL-5, docs/volumes.md): the opaque
//! scene's depth captured by a frame of its own, turned into camera-axis distances on the host
//! with the CPU's formula (frame/volume_depth.rs `SceneDepth`), and carried in the frame buffer
//! from `F_SCENE_DEPTH_AT`, one `f32` a pixel, where `volume_march` (raster.wgsl) compares each
//! step's distance with its pixel's (the CPU's `admits`: at or before it).
//!
//! The capture is a frame of the scene without its transparent (blended) draws, its VOLUME
//! draws and its transmissive draws, drawn by the compute kernel whatever the renderer's path
//! (`F_DEPTH_CAPTURE`: each pixel's depth buffer in place of its colour, as `f32`: the render
//! paths' colour target may be half floats). Its depth buffer is what survived the opaque draws'
//! depth tests, masks, discards and alpha tests; the render paths write the kernel's own depths
//! (`GpuRenderer::exact_depth`), so the snapshot is theirs too. Every path then reads the same
//! words, so none needs a case of its own.

use super::layout::{FrameRecord, NONE};
use crate::assets::Assets;
use crate::error::Refusal;
use crate::raster::draw::Draw;
use crate::scene::Scene;
use crate::RenderError;

/// What a frame carries for the scene-depth gate.
#[derive(Clone, Copy, Debug)]
pub(super) enum FrameDepth<'a> {
    /// No snapshot: a gated VOLUME draw is refused ([`Refusal::NoVolumeDepth`]); `target` says
    /// whether the call gave a transmission target (without a snapshot).
    Missing {
        /// Whether the call gave a target.
        target: bool,
    },
    /// The capture frame itself: each pixel's window depth in place of its colour.
    Capture,
    /// The snapshot's camera-axis distances, one a pixel, rows from the top.
    Snapshot(&'a [f32]),
}

/// The scene whose depth the gate reads: `scene` without the meshes and sprites whose materials
/// are transparent (blended), VOLUME or transmissive (their objects stay, as groups, so their
/// children are drawn).
pub(super) fn capture_scene(scene: &Scene, assets: &Assets) -> Scene {
    let left_out = |m: crate::store::MaterialId| {
        assets
            .materials
            .get(m)
            .is_some_and(|m| m.drawn_after_opaques())
    };
    let mut opaque = scene.clone();
    for index in 0..opaque.objects().len() {
        let id = crate::scene::ObjectId(index as u32);
        let Some(object) = opaque.object_mut(id) else {
            continue;
        };
        if object.mesh.is_some_and(|m| left_out(m.material)) {
            object.mesh = None;
        }
        if object.sprite.is_some_and(|s| left_out(s.material)) {
            object.sprite = None;
        }
    }
    opaque
}

/// Refuse a frame whose placed `draws` hold a gated VOLUME draw when `depth` has no snapshot,
/// or a snapshot of another length than the frame's `pixels`.
pub(super) fn check(draws: &[Draw], depth: FrameDepth, pixels: usize) -> Result<(), RenderError> {
    let Some(d) = draws.iter().find(|d| d.material.volume_scene_depth) else {
        return Ok(());
    };
    match depth {
        FrameDepth::Missing { target } => Err(Refusal::NoVolumeDepth {
            object: d.object,
            target,
        }
        .into()),
        FrameDepth::Snapshot(s) if s.len() != pixels => Err(Refusal::VolumeDepth(format!(
            "a snapshot of {} distances for a frame of {pixels} pixels",
            s.len()
        ))
        .into()),
        _ => Ok(()),
    }
}

/// Append the snapshot (if any) to the frame buffer `w` and write where it starts and whether
/// the frame is the capture into its `FrameRecord`.
pub(super) fn append_scene_depth(w: &mut Vec<u32>, depth: FrameDepth) {
    let at = std::mem::offset_of!(FrameRecord, scene_depth_at) / 4;
    let capture = std::mem::offset_of!(FrameRecord, depth_capture) / 4;
    w[capture] = matches!(depth, FrameDepth::Capture) as u32;
    match depth {
        FrameDepth::Snapshot(s) => {
            w[at] = w.len() as u32;
            w.extend(s.iter().map(|d| d.to_bits()));
        }
        _ => w[at] = NONE,
    }
}
