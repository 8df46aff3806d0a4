//! The frame's light blocks (R-MASK-4, docs/requirements.md): the CPU's lightings
//! (`frame::light_mask::Lightings`, one per light mask) packed one after another from
//! `LIGHTS_AT` of the frame buffer, each a [`BlockRecord`] followed by its hemisphere, direct and
//! rect area lights; then, when a block has a rect area light, three.js's LTC tables.

use super::layout::*;
use crate::frame::light_mask::Lightings;
use crate::frame::lights::{FrameLights, LightKind};
use crate::scene::LightMask;
use crate::shade::ltc::{LTC_1, LTC_2};
use bytemuck::Zeroable;

/// The packed blocks: their words (from `LIGHTS_AT`), where each starts, and whether the LTC
/// tables must follow them.
pub(crate) struct LightBlocks {
    lightings: Lightings,
    words: Vec<u32>,
    starts: Vec<u32>,
    rects: bool,
    /// Each direct light's `L_SHADOW` word (from `LIGHTS_AT`) and its shadow slot.
    shadow_words: Vec<(u32, usize)>,
}

impl LightBlocks {
    /// Pack every lighting of `lightings`.
    pub fn new(lightings: Lightings) -> LightBlocks {
        let mut words = Vec::new();
        let mut starts = Vec::new();
        let mut rects = false;
        let mut shadow_words = Vec::new();
        for lights in lightings.all() {
            starts.push(words.len() as u32);
            rects |= !lights.rects().is_empty();
            let first_light = words.len()
                + BlockRecord::words()
                + HemiRecord::words() * lights.hemispheres().count();
            pack_block(lights, &mut words);
            for (i, &slot) in lights.slots().iter().enumerate() {
                let at = first_light + LightRecord::words() * i + L_SHADOW_OFFSET;
                shadow_words.push((at as u32, slot));
            }
        }
        LightBlocks {
            lightings,
            words,
            starts,
            rects,
            shadow_words,
        }
    }

    /// Where the block of `mask` starts, in words from `LIGHTS_AT` (the first block's word).
    pub fn start(&self, mask: LightMask) -> u32 {
        // Invariant: `starts` has one entry per lighting, and `index` is one of their places.
        self.starts[self.lightings.index(mask)]
    }

    /// Append the blocks, then the LTC tables when a block needs them, to the frame's words
    /// (which end at `LIGHTS_AT`); the word where the tables start (0 without them).
    pub fn append_to(&self, frame: &mut Vec<u32>) -> u32 {
        frame.extend_from_slice(&self.words);
        if !self.rects {
            return 0;
        }
        let ltc_at = frame.len() as u32;
        for table in [&*LTC_1, &*LTC_2] {
            for texel in table.texels() {
                frame.extend(texel.to_array().map(f32::to_bits));
            }
        }
        ltc_at
    }
}

impl LightBlocks {
    /// Point each light of the blocks appended to `frame` at its shadow's record: `records` is
    /// the record's index for each shadow slot (`NONE` without a shadow).
    pub fn point_at_shadows(&self, frame: &mut [u32], records: &[u32]) {
        let base = FrameRecord::words();
        for &(at, slot) in &self.shadow_words {
            frame[base + at as usize] = records.get(slot).copied().unwrap_or(NONE);
        }
    }
}

/// Where `shadow` lies in a [`LightRecord`], in words.
const L_SHADOW_OFFSET: usize = std::mem::offset_of!(LightRecord, shadow) / 4;

/// One lighting as a block: its head, then its lights.
fn pack_block(lights: &FrameLights, out: &mut Vec<u32>) {
    let hemis: Vec<HemiRecord> = lights
        .hemispheres()
        .map(|(sky, ground, up)| HemiRecord {
            sky: sky.to_array(),
            ground: ground.to_array(),
            up: up.to_array(),
        })
        .collect();
    let direct: Vec<LightRecord> = lights.direct().iter().map(light_record).collect();
    let rects: Vec<RectRecord> = lights
        .rects()
        .iter()
        .map(|r| RectRecord {
            position: r.position.to_array(),
            half_width: r.half_width.to_array(),
            half_height: r.half_height.to_array(),
            color: r.color.to_array(),
        })
        .collect();
    let head = BlockRecord {
        ambient: lights.ambient().to_array(),
        hemis: hemis.len() as u32,
        direct: direct.len() as u32,
        rects: rects.len() as u32,
        _reserved: [0; 2],
    };
    out.extend_from_slice(bytemuck::cast_slice(&[head]));
    out.extend_from_slice(bytemuck::cast_slice(&hemis));
    out.extend_from_slice(bytemuck::cast_slice(&direct));
    out.extend_from_slice(bytemuck::cast_slice(&rects));
}

/// A direct light's record.
fn light_record(light: &LightKind) -> LightRecord {
    let mut l = LightRecord::zeroed();
    l.shadow = NONE;
    match *light {
        LightKind::Directional { to_light, color } => {
            l.kind = LIGHT_DIRECTIONAL;
            l.vector = to_light.to_array();
            l.color = color.to_array();
        }
        LightKind::Point {
            position,
            color,
            cutoff,
            decay,
        } => {
            l.kind = LIGHT_POINT;
            l.vector = position.to_array();
            l.color = color.to_array();
            l.cutoff = cutoff;
            l.decay = decay;
        }
        LightKind::Spot {
            position,
            axis,
            color,
            cone_cos,
            penumbra_cos,
            cutoff,
            decay,
        } => {
            l.kind = LIGHT_SPOT;
            l.vector = position.to_array();
            l.color = color.to_array();
            l.axis = axis.to_array();
            l.cone_cos = cone_cos;
            l.penumbra_cos = penumbra_cos;
            l.cutoff = cutoff;
            l.decay = decay;
        }
    }
    l
}
