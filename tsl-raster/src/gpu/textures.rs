//! The textures kept on the device between frames (binding 7 of `raster.wgsl`; R-GPU-8,
//! docs/requirements.md).
//!
//! A texture's levels never change after [`Texture::new`] made them, and each set of levels has
//! a stamp no other has had in the process (`Texture::stamp`; a clone keeps it, with the same
//! texels). So a texture id whose texture has the stamp of the levels already on the device
//! needs no upload: one comparison per texture per frame, whatever its size. A texture replaced
//! at its id (`*assets.textures.get_mut(id) = ...`) or an id of another [`Assets`] has another
//! stamp and is written again: over its old levels when they fit, else after the last ones; when
//! the buffer has no room left, every texture is written again, packed, into a buffer with room.
//! The headers (wraps, filters, uv transform, where each level lies) are a few dozen words per
//! texture and are written every frame a draw samples a texture, so a change of a texture's
//! public fields needs no stamp.

use super::device::{Gpu, GpuError};
use super::layout::*;
use crate::assets::Assets;
use crate::store::StoreId;
use crate::texture::{Filter, Texture, Wrap};
use bytemuck::Zeroable;

/// What the textures' uploads to the device have cost since a
/// [`GpuRenderer`](super::GpuRenderer) was made (see
/// [`GpuRenderer::texture_uploads`](super::GpuRenderer::texture_uploads)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextureUploads {
    /// Textures whose levels were written to the device: a texture written in two frames counts
    /// twice.
    pub textures: u64,
    /// The bytes of those levels (16 a texel: linear RGBA floats).
    pub bytes: u64,
}

/// Where a texture's levels lie in the buffer, in words, and which levels they are.
#[derive(Clone, Copy, Debug)]
struct Resident {
    stamp: u64,
    at: u64,
    /// The words the place holds (at least the levels' words).
    room: u64,
}

/// The texel buffer and what it holds.
#[derive(Default)]
pub(super) struct TextureCache {
    buffer: Option<wgpu::Buffer>,
    /// Per texture id, the levels on the device.
    resident: Vec<Option<Resident>>,
    /// Header slots at the start of the buffer (the levels start after them).
    slots: usize,
    /// The first word after the last levels written.
    end: u64,
    uploads: TextureUploads,
}

/// The words of a texture's levels: 4 per texel.
fn level_words(t: &Texture) -> u64 {
    t.levels().iter().map(|l| l.texels.len() as u64 * 4).sum()
}

impl TextureCache {
    /// The buffer to bind; made (16 bytes) when there is none yet.
    pub fn buffer(&mut self, gpu: &Gpu) -> Result<&wgpu::Buffer, GpuError> {
        if self.buffer.is_none() {
            self.buffer = Some(new_buffer(gpu, 16)?);
        }
        // Invariant: made just above when it was not there.
        Ok(self.buffer.as_ref().expect("the texel buffer"))
    }

    /// What the uploads have cost so far.
    pub fn uploads(&self) -> TextureUploads {
        self.uploads
    }

    /// Make the buffer hold `assets`' textures and write their headers: the levels of the
    /// textures whose stamp changed only. Refused ([`GpuError::BufferTooLarge`] of `texels`),
    /// before anything is made or written, when the headers and every texture's levels take
    /// more than `limit` bytes. Whether the buffer was replaced (a new bind group is needed).
    pub fn prepare(&mut self, gpu: &Gpu, assets: &Assets, limit: u64) -> Result<bool, GpuError> {
        let count = assets.textures.len();
        let packed_words = (count * TexHeader::words()) as u64
            + assets
                .textures
                .iter()
                .map(|(_, t)| level_words(t))
                .sum::<u64>();
        if packed_words * 4 > limit {
            return Err(GpuError::BufferTooLarge {
                buffer: "texels",
                size: packed_words * 4,
                limit,
            });
        }
        let written = self.write(gpu, assets, limit);
        if written.is_err() {
            // What the buffer holds is unknown: a new buffer, and every texture again, next time.
            *self = TextureCache {
                uploads: self.uploads,
                ..TextureCache::default()
            };
        }
        written
    }

    /// [`TextureCache::prepare`] after its check of the size.
    fn write(&mut self, gpu: &Gpu, assets: &Assets, limit: u64) -> Result<bool, GpuError> {
        let count = assets.textures.len();
        let capacity = self.buffer.as_ref().map_or(0, |b| b.size() / 4);
        // Where each texture goes: where it is, over its old levels, or after the last ones.
        let mut plan = (count <= self.slots).then(|| self.place(assets));
        if plan.as_ref().is_some_and(|(_, end)| *end > capacity) {
            plan = None;
        }
        let mut replaced = false;
        let (places, writes) = match plan {
            Some((places, end)) => {
                self.end = end;
                places
            }
            None => {
                // Everything again, packed, after room for twice the headers (a texture added
                // later does not move the levels), or exactly the headers when that room would
                // not fit in `limit`.
                self.resident.clear();
                self.end = 0;
                self.slots = count.max(1).next_power_of_two() * 2;
                let (mut places, mut end) = self.place(assets);
                if end * 4 > limit {
                    self.slots = count;
                    (places, end) = self.place(assets);
                }
                if end > capacity {
                    let room = (end * 4).next_power_of_two().min(limit.max(end * 4));
                    self.buffer = Some(new_buffer(gpu, room)?);
                    replaced = true;
                }
                self.end = end;
                places
            }
        };
        let mut headers = vec![TexHeader::zeroed(); self.slots];
        for ((id, t), place) in assets.textures.iter().zip(&places) {
            // Invariant: the store's ids are its indices, 0..len, and `slots >= len`.
            headers[id.index()] = header(t, place.at);
        }
        // Invariant: `prepare` made the buffer above when it replaced it, and `place` planned
        // within its capacity otherwise; there is one when `count > 0` or `slots > 0`.
        let buffer = self.buffer(gpu)?;
        gpu.checked("texture upload", || {
            if !headers.is_empty() {
                gpu.queue
                    .write_buffer(buffer, 0, bytemuck::cast_slice(&headers));
            }
            for (id, t) in assets.textures.iter() {
                if !writes[id.index()] {
                    continue;
                }
                let words: Vec<u32> = t
                    .levels()
                    .iter()
                    .flat_map(|l| &l.texels)
                    .flat_map(|v| [v.x, v.y, v.z, v.w].map(f32::to_bits))
                    .collect();
                gpu.queue.write_buffer(
                    buffer,
                    places[id.index()].at * 4,
                    bytemuck::cast_slice(&words),
                );
            }
        })?;
        for (id, t) in assets.textures.iter() {
            if writes[id.index()] {
                self.uploads.textures += 1;
                self.uploads.bytes += level_words(t) * 4;
            }
        }
        self.resident = places.into_iter().map(Some).collect();
        Ok(replaced)
    }

    /// Each texture's place (kept, over its old levels, or after the last ones) with whether it
    /// must be written, and the first word after the last levels.
    fn place(&self, assets: &Assets) -> ((Vec<Resident>, Vec<bool>), u64) {
        let mut end = self.end.max((self.slots * TexHeader::words()) as u64);
        let mut places = Vec::with_capacity(assets.textures.len());
        let mut writes = Vec::with_capacity(assets.textures.len());
        for (id, t) in assets.textures.iter() {
            let words = level_words(t);
            let old = self.resident.get(id.index()).copied().flatten();
            let (place, write) = match old {
                Some(r) if r.stamp == t.stamp() => (r, false),
                Some(r) if r.room >= words => (
                    Resident {
                        stamp: t.stamp(),
                        ..r
                    },
                    true,
                ),
                _ => {
                    let r = Resident {
                        stamp: t.stamp(),
                        at: end,
                        room: words,
                    };
                    end += words;
                    (r, true)
                }
            };
            places.push(place);
            writes.push(write);
        }
        ((places, writes), end)
    }
}

/// A texel buffer of `size` bytes.
fn new_buffer(gpu: &Gpu, size: u64) -> Result<wgpu::Buffer, GpuError> {
    gpu.buffer(
        "texels",
        size.max(16),
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
    )
}

/// The texture's header: its sampler settings and where its levels lie from word `at`.
fn header(t: &Texture, at: u64) -> TexHeader {
    let filter = |f: Filter| match f {
        Filter::Nearest => FILTER_NEAREST,
        Filter::Linear => FILTER_LINEAR,
        Filter::NearestMipmapNearest => FILTER_NEAREST_MIPMAP_NEAREST,
        Filter::LinearMipmapNearest => FILTER_LINEAR_MIPMAP_NEAREST,
        Filter::NearestMipmapLinear => FILTER_NEAREST_MIPMAP_LINEAR,
        Filter::LinearMipmapLinear => FILTER_LINEAR_MIPMAP_LINEAR,
    };
    let wrap = |m: Wrap| match m {
        Wrap::Repeat => WRAP_REPEAT,
        Wrap::ClampToEdge => WRAP_CLAMP_TO_EDGE,
        Wrap::MirroredRepeat => WRAP_MIRRORED_REPEAT,
    };
    let levels = t.levels();
    let mut h = TexHeader::zeroed();
    h.levels = levels.len() as u32;
    h.wrap_s = wrap(t.wrap_s);
    h.wrap_t = wrap(t.wrap_t);
    h.mag = filter(t.mag_filter);
    h.min = filter(t.min_filter);
    h.flip_y = t.flip_y as u32;
    h.identity = t.has_identity_transform() as u32;
    h.uv_matrix = t.uv_matrix().to_cols_array();
    // A texture has at most MAX_MIP_LEVELS levels, as many as the header holds. The shader's
    // word index is a u32: the levels lie within the buffer, whose size was checked against the
    // device's binding limit (words below 2^32 for any buffer below 16 GiB).
    let mut first = at;
    for (slot, level) in h.level.iter_mut().zip(levels) {
        *slot = [level.width as u32, level.height as u32, first as u32];
        first += level.texels.len() as u64 * 4;
    }
    h
}
