//! The texture sampler a batch hands to `run_nodes`. `TextureSampler::sample` gets only the
//! coordinates, so the sampler carries each lane's screen derivatives of the surface's uv (the mip
//! level "that the surface's own coordinates select", R-RAST-6, docs/requirements.md), and reads
//! white in SHADE_LIT.

use crate::store::Store;
use crate::texture::{Texture, Texture3d};
use glam::{Vec2, Vec3, Vec4};
use tsl_core::{Lane, Register, TextureId, TextureSampler, LANES};

/// Each lane's derivatives of the surface uv: (d/dx, d/dy).
pub(crate) type Gradients = [(Vec2, Vec2); LANES];

/// A sampler for one batch.
pub(crate) struct LaneSampler<'a> {
    pub textures: &'a Store<Texture, TextureId>,
    pub gradients: &'a Gradients,
    /// The lanes in use; the rest read zero.
    pub count: usize,
    /// Whether every texture reads opaque white (SHADE_LIT).
    pub white: bool,
    /// The volumes `texture_3d` reads (R-VAL-22).
    pub volumes: &'a Store<Texture3d, TextureId>,
    /// The textures that read opaque white besides: a point's or a line's reads of the screen
    /// (R-PRIM-7); empty for a mesh.
    pub white_ids: &'a [TextureId],
}

impl LaneSampler<'_> {
    /// Fill `out` with `read(texture, lane)` for each lane in use: opaque white in SHADE_LIT
    /// and for the white ids, transparent black for a texture the store lacks (the renderer
    /// refuses such a program before it draws).
    fn each_lane(
        &self,
        texture: TextureId,
        out: &mut Register,
        read: impl Fn(&Texture, usize) -> Vec4,
    ) {
        let white = self.white || self.white_ids.contains(&texture);
        for lane in out.iter_mut() {
            lane.fill(if white { 1.0 } else { 0.0 });
        }
        if white {
            return;
        }
        let Some(t) = self.textures.get(texture) else {
            return;
        };
        for l in 0..self.count.min(LANES) {
            for (k, value) in read(t, l).to_array().into_iter().enumerate() {
                out[k][l] = value;
            }
        }
    }
}

impl TextureSampler for LaneSampler<'_> {
    fn sample(&self, texture: TextureId, u: &Lane, v: &Lane, out: &mut Register) {
        self.each_lane(texture, out, |t, l| {
            let (ddx, ddy) = self.gradients[l];
            t.sample_grad(Vec2::new(u[l], v[l]), ddx, ddy)
        });
    }

    fn sample_level(
        &self,
        texture: TextureId,
        u: &Lane,
        v: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        self.each_lane(texture, out, |t, l| {
            t.sample_lod(Vec2::new(u[l], v[l]), level[l])
        });
    }

    fn sample_fetch(
        &self,
        texture: TextureId,
        x: &Lane,
        y: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        self.each_lane(texture, out, |t, l| t.fetch(x[l], y[l], level[l]));
    }

    fn sample_3d(&self, texture: TextureId, uvw: [&Lane; 3], out: &mut Register) {
        // As `sample`: white in SHADE_LIT, transparent black for a volume the store lacks (the
        // renderer refuses such a program before it draws).
        for lane in out.iter_mut() {
            lane.fill(if self.white { 1.0 } else { 0.0 });
        }
        if self.white {
            return;
        }
        let Some(v) = self.volumes.get(texture) else {
            return;
        };
        for l in 0..self.count.min(LANES) {
            let c: Vec4 = v.sample(Vec3::new(uvw[0][l], uvw[1][l], uvw[2][l]));
            for (k, value) in c.to_array().into_iter().enumerate() {
                out[k][l] = value;
            }
        }
    }
}
