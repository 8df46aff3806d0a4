//! A cube map with a mip chain of linear RGB texels, and the two reads three.js's WebGPU
//! renderer makes of one: a seamless bilinear read of a level (a texel past a face's edge is the
//! neighbouring face's, a corner's the average of the three around it, as cube sampling in
//! Vulkan and SwiftShader does) and the trilinear read between two levels (`LinearMipmapLinear`,
//! the level clamped to the chain).
//!
//! Our faces: `0..6` are +x, −x, +y, −y, +z, −z. On a face whose major axis is `a` with sign `σ`,
//! the coordinates `(s, t)` run along the two other axes in increasing order, so the point of the
//! face is `σ·e_a + s·e_b + t·e_c`; texel `(i, j)` of a level of side `n` has its centre at
//! `s = (i + ½)·2/n − 1`, `t = (j + ½)·2/n − 1`. Only these functions read the layout, so it
//! does not need to be three's: three's own reads are by direction.

use glam::Vec3;

/// The two axes other than `a`, in increasing order.
const fn others(a: usize) -> (usize, usize) {
    match a {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

pub(crate) use crate::geometry::face_coords;

/// The direction of the centre of texel `(i, j)` of `face` at side `n` (not unit).
pub(crate) fn texel_direction(face: usize, i: u32, j: u32, n: u32) -> Vec3 {
    let scale = 2.0 / n as f32;
    let s = (i as f32 + 0.5) * scale - 1.0;
    let t = (j as f32 + 0.5) * scale - 1.0;
    point(face, 1.0, s, t)
}

/// `σ·major·e_a + s·e_b + t·e_c` for `face`.
fn point(face: usize, major: f32, s: f32, t: f32) -> Vec3 {
    let a = face / 2;
    let sign = if face.is_multiple_of(2) { 1.0 } else { -1.0 };
    let (b, c) = others(a);
    let mut p = [0.0f32; 3];
    p[a] = sign * major;
    p[b] = s;
    p[c] = t;
    Vec3::from_array(p)
}

/// One level: `6 · size²` texels, face by face, row (`j`) by row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CubeLevel {
    pub size: u32,
    pub texels: Vec<[f32; 3]>,
}

impl CubeLevel {
    /// A level of side `size` whose texel at each centre direction is `f(face, i, j)`.
    pub fn from_fn(size: u32, f: impl Fn(usize, u32, u32) -> [f32; 3] + Sync) -> CubeLevel {
        use rayon::prelude::*;
        let n = size as usize;
        let texels = (0..6 * n * n)
            .into_par_iter()
            .map(|k| {
                let face = k / (n * n);
                let j = ((k / n) % n) as u32;
                let i = (k % n) as u32;
                f(face, i, j)
            })
            .collect();
        CubeLevel { size, texels }
    }

    fn at(&self, face: usize, i: u32, j: u32) -> Vec3 {
        let n = self.size as usize;
        // Invariant: callers pass face < 6 and i, j < size, and the level holds 6·size² texels.
        Vec3::from_array(self.texels[(face * n + j as usize) * n + i as usize])
    }

    /// Texel `(i, j)` of `face` where `i` and `j` may be one past an edge: folded over the edge
    /// onto the neighbouring face; `None` at a corner (both past).
    fn texel(&self, face: usize, i: i64, j: i64) -> Option<Vec3> {
        let n = self.size as i64;
        let out_i = !(0..n).contains(&i);
        let out_j = !(0..n).contains(&j);
        match (out_i, out_j) {
            (false, false) => Some(self.at(face, i as u32, j as u32)),
            (true, true) => None,
            _ => {
                // The texel centre lies δ past the edge on the face's plane; folding the plane
                // over the edge puts it δ inside the neighbouring face, on a texel centre there.
                let scale = 2.0 / n as f32;
                let s = (i as f32 + 0.5) * scale - 1.0;
                let t = (j as f32 + 0.5) * scale - 1.0;
                let (over, s, t) = if out_i { (s, 1.0, t) } else { (t, s, 1.0) };
                let delta = over.abs() - 1.0;
                let edge = over.signum();
                let p = if out_i {
                    point(face, 1.0 - delta, edge * s, t)
                } else {
                    point(face, 1.0 - delta, s, edge * t)
                };
                let (f, fs, ft) = face_coords(p);
                let index =
                    |c: f32| (((c + 1.0) * 0.5 * n as f32 - 0.5).round() as i64).clamp(0, n - 1);
                Some(self.at(f, index(fs) as u32, index(ft) as u32))
            }
        }
    }

    /// The seamless bilinear read of this level along `d`.
    pub fn bilinear(&self, d: Vec3) -> Vec3 {
        let (face, s, t) = face_coords(d);
        let n = self.size as f32;
        let u = (s + 1.0) * 0.5 * n - 0.5;
        let v = (t + 1.0) * 0.5 * n - 0.5;
        let (i0, j0) = (u.floor(), v.floor());
        let (fu, fv) = (u - i0, v - j0);
        let (i0, j0) = (i0 as i64, j0 as i64);
        let last = self.size as i64 - 1;
        if i0 >= 0 && j0 >= 0 && i0 < last && j0 < last {
            // All four inside the face (most reads): no folding.
            let (i, j) = (i0 as u32, j0 as u32);
            let top = self.at(face, i, j) * (1.0 - fu) + self.at(face, i + 1, j) * fu;
            let bottom = self.at(face, i, j + 1) * (1.0 - fu) + self.at(face, i + 1, j + 1) * fu;
            return top * (1.0 - fv) + bottom * fv;
        }
        let corners = [
            self.texel(face, i0, j0),
            self.texel(face, i0 + 1, j0),
            self.texel(face, i0, j0 + 1),
            self.texel(face, i0 + 1, j0 + 1),
        ];
        // At a cube corner one of the four is missing: the average of the other three.
        let present: Vec3 = corners.iter().flatten().copied().sum();
        let missing = present / corners.iter().flatten().count().max(1) as f32;
        let [c00, c10, c01, c11] = corners.map(|c| c.unwrap_or(missing));
        let top = c00 * (1.0 - fu) + c10 * fu;
        let bottom = c01 * (1.0 - fu) + c11 * fu;
        top * (1.0 - fv) + bottom * fv
    }
}

/// Levels from the finest down.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CubeChain {
    pub levels: Vec<CubeLevel>,
}

impl CubeChain {
    /// The trilinear read along `d` at level `lod` (clamped to the chain).
    pub fn trilinear(&self, d: Vec3, lod: f32) -> Vec3 {
        let last = self.levels.len().saturating_sub(1);
        let lod = if lod.is_nan() {
            0.0
        } else {
            lod.clamp(0.0, last as f32)
        };
        let base = (lod.floor() as usize).min(last);
        let frac = lod - base as f32;
        let Some(low) = self.levels.get(base) else {
            return Vec3::ZERO;
        };
        let a = low.bilinear(d);
        match self.levels.get(base + 1) {
            Some(high) if frac > 0.0 => a * (1.0 - frac) + high.bilinear(d) * frac,
            _ => a,
        }
    }
}

/// `x` rounded to the nearest half float (the PMREM's render targets are `HalfFloatType`).
pub(crate) fn to_half(x: f32) -> f32 {
    half::f16::from_f32(x).to_f32()
}

/// Each channel rounded to half.
pub(crate) fn half3(c: Vec3) -> [f32; 3] {
    [to_half(c.x), to_half(c.y), to_half(c.z)]
}

/// The next level down: each texel the mean of the 2×2 above it (the WebGPU backend's mipmap
/// pass samples linearly at the shared corner of four texels), rounded to half.
pub(crate) fn box_down(level: &CubeLevel) -> CubeLevel {
    let size = (level.size / 2).max(1);
    let step = if level.size >= 2 { 2 } else { 1 };
    let off = step - 1;
    CubeLevel::from_fn(size, |face, i, j| {
        let (x, y) = (i * step, j * step);
        let sum = level.at(face, x, y)
            + level.at(face, x + off, y)
            + level.at(face, x, y + off)
            + level.at(face, x + off, y + off);
        half3(sum * 0.25)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_texel_centre_maps_back_to_itself() {
        let n = 4;
        for face in 0..6 {
            for j in 0..n {
                for i in 0..n {
                    let (f, s, t) = face_coords(texel_direction(face, i, j, n));
                    assert_eq!(f, face);
                    let index = |c: f32| ((c + 1.0) * 0.5 * n as f32 - 0.5).round() as u32;
                    assert_eq!((index(s), index(t)), (i, j));
                }
            }
        }
    }

    #[test]
    fn a_fold_lands_on_the_adjacent_texel() {
        // Face +x, one texel past its +z edge (t side), lands on +z's texel nearest x = +1.
        let n = 4;
        let level = CubeLevel::from_fn(n, |face, i, j| [face as f32, i as f32, j as f32]);
        let got = level.texel(0, 1, n as i64).unwrap();
        // +x's texel (1, 4) has its centre at (1, −0.25, 1.25): δ = 0.25 past the edge, so it
        // folds to (0.75, −0.25, 1) on +z, whose texel there is (i, j) = (3, 1).
        assert_eq!(got, Vec3::new(4.0, 3.0, 1.0));
        assert!(level.texel(0, -1, -1).is_none());
    }

    #[test]
    fn a_constant_cube_reads_the_constant_everywhere() {
        let level = CubeLevel::from_fn(8, |_, _, _| [0.25, 0.5, 2.0]);
        let chain = CubeChain {
            levels: vec![level.clone(), box_down(&level)],
        };
        for d in [
            Vec3::new(1.0, 1.0, 1.0),
            Vec3::new(-0.3, 0.99, 0.2),
            Vec3::new(0.0, 0.0, -1.0),
            Vec3::new(1.0, 0.999, 0.0),
        ] {
            let c = chain.trilinear(d, 0.4);
            assert!(
                (c - Vec3::new(0.25, 0.5, 2.0)).abs().max_element() < 1e-6,
                "{d}: {c}"
            );
        }
    }
}
