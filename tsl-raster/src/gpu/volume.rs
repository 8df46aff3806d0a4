//! The volumes (`Texture3d`) a frame's programs read with `texture_3d`, in the frame buffer
//! (R-VAL-22, docs/requirements.md): a [`VolumeRecord`] per volume id from `F_VOLUMES_AT`, then
//! the texels, so `raster.wgsl`'s `texture3d_of` reads them as the CPU's `Texture3d::sample`
//! does. They are written each frame that reads one: volumes are small next to 2D textures
//! (an 8×8×8 volume is 2,048 words).

use super::layout::*;
use crate::assets::Assets;
use crate::frame::Frame;
use crate::store::StoreId;
use crate::texture::{VolumeFilter, VolumeLayout, Wrap};
use bytemuck::Zeroable;

fn wrap_code(w: Wrap) -> u32 {
    match w {
        Wrap::Repeat => WRAP_REPEAT,
        Wrap::ClampToEdge => WRAP_CLAMP_TO_EDGE,
        Wrap::MirroredRepeat => WRAP_MIRRORED_REPEAT,
    }
}

/// Append the volume records and texels to the frame buffer `w` when a program of `frame`
/// reads a volume, and write where they start into its `FrameRecord` (`NONE` otherwise).
pub(super) fn append_volumes(w: &mut Vec<u32>, frame: &Frame, assets: &Assets) {
    let at = std::mem::offset_of!(FrameRecord, volumes_at) / 4;
    let reads = frame.programs.iter().any(|p| !p.volume_words().is_empty());
    if !reads || assets.volumes.is_empty() {
        w[at] = NONE;
        w[std::mem::offset_of!(FrameRecord, volume_count) / 4] = 0;
        return;
    }
    let count = assets
        .volumes
        .iter()
        .map(|(id, _)| id.index() + 1)
        .max()
        .unwrap_or(0);
    let records_at = w.len();
    w[at] = records_at as u32;
    w[std::mem::offset_of!(FrameRecord, volume_count) / 4] = count as u32;
    let mut records = vec![VolumeRecord::zeroed(); count];
    for r in &mut records {
        r.texels = NONE;
    }
    let mut texels_at = records_at + count * VolumeRecord::words();
    for (id, v) in assets.volumes.iter() {
        let r = &mut records[id.index()];
        let [width, height, depth] = v.size();
        r.texels = texels_at as u32;
        r.size = [width as u32, height as u32, depth as u32];
        r.wrap = v.wraps().map(wrap_code);
        r.layout = match v.layout() {
            VolumeLayout::Volume => LAYOUT_VOLUME,
            VolumeLayout::Layers => LAYOUT_LAYERS,
            VolumeLayout::Cube => LAYOUT_CUBE,
        };
        r.filter = match v.filter {
            VolumeFilter::Nearest => FILTER_NEAREST,
            VolumeFilter::Linear => FILTER_LINEAR,
        };
        texels_at += v.texels().len() * 4;
    }
    w.extend_from_slice(bytemuck::cast_slice(&records));
    for (_, v) in assets.volumes.iter() {
        w.extend(
            v.texels()
                .iter()
                .flat_map(|t| t.to_array())
                .map(f32::to_bits),
        );
    }
}
