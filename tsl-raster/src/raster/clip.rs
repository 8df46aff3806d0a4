//! Clipping a triangle in clip space against the near plane (z = −w) and a wide guard band in x
//! and y, so that fixed-point screen coordinates stay small. Each vertex of the clipped polygon
//! carries its weights of the original triangle's corners, so attributes are always interpolated
//! from the original corners (as a GPU interpolates what the vertex shader wrote).

use glam::{Vec3, Vec4};

/// How far outside the view, in multiples of w, x and y may go before they are clipped.
pub(crate) const GUARD: f32 = 16.0;

/// A vertex of a clipped polygon: its clip position and its weights of the original corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ClipVertex {
    pub clip: Vec4,
    pub weights: Vec3,
}

/// The planes as `dot(plane, clip) >= 0`: near, then the guard band.
const PLANES: [Vec4; 5] = [
    Vec4::new(0.0, 0.0, 1.0, 1.0),
    Vec4::new(-1.0, 0.0, 0.0, GUARD),
    Vec4::new(1.0, 0.0, 0.0, GUARD),
    Vec4::new(0.0, -1.0, 0.0, GUARD),
    Vec4::new(0.0, 1.0, 0.0, GUARD),
];

/// Whether the vertex `c` lies inside every plane (and is not NaN). A triangle whose three
/// vertices are is one that [`clip_triangle`] keeps whole; testing each vertex once, as a mesh's
/// vertices are placed, spares each triangle the test of its three corners (a vertex is shared by
/// some six triangles).
///
/// The five dot products with [`PLANES`] written out: a plane's zero coefficients add zeros, which
/// change no sum's value (at most the sign of a zero, which `>= 0` does not see), so each is the
/// one rounded sum of its two other terms (`GUARD·w` is exact), unless x, y or z is infinite or
/// NaN, which a zero coefficient turns into NaN, outside.
#[inline]
pub(crate) fn inside(c: Vec4) -> bool {
    let g = GUARD * c.w;
    c.x.is_finite()
        & c.y.is_finite()
        & c.z.is_finite()
        & (c.z + c.w >= 0.0)
        & (g - c.x >= 0.0)
        & (g + c.x >= 0.0)
        & (g - c.y >= 0.0)
        & (g + c.y >= 0.0)
}

/// The polygon of the triangle `clip` inside every plane: empty, the triangle itself, or up to
/// eight vertices. Writes into `out` (cleared first).
pub(crate) fn clip_triangle(clip: [Vec4; 3], out: &mut Vec<ClipVertex>) {
    out.clear();
    let corners = [Vec3::X, Vec3::Y, Vec3::Z];
    let mut all_inside = true;
    for plane in PLANES {
        let d = clip.map(|c| plane.dot(c));
        if d.iter().all(|&d| d < 0.0 || d.is_nan()) {
            return;
        }
        if d.iter().any(|&d| d < 0.0 || d.is_nan()) {
            all_inside = false;
        }
    }
    out.extend((0..3).map(|i| ClipVertex {
        clip: clip[i],
        weights: corners[i],
    }));
    if all_inside {
        return;
    }
    let mut next = Vec::with_capacity(9);
    for plane in PLANES {
        next.clear();
        let n = out.len();
        for i in 0..n {
            let a = out[i];
            let b = out[(i + 1) % n];
            let da = plane.dot(a.clip);
            let db = plane.dot(b.clip);
            if da >= 0.0 {
                next.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                // From the inside end to the outside one, whichever way round this polygon runs
                // the edge: the triangle across a shared edge runs it the other way, and the same
                // sum in the same order puts its cut at the same point, so no crack opens between
                // the two (a ground plane's diagonal through the near plane showed one).
                let (from, to, d_from, d_to) = if da >= 0.0 {
                    (a, b, da, db)
                } else {
                    (b, a, db, da)
                };
                let t = d_from / (d_from - d_to);
                if t.is_finite() {
                    next.push(ClipVertex {
                        clip: from.clip + (to.clip - from.clip) * t,
                        weights: from.weights + (to.weights - from.weights) * t,
                    });
                }
            }
        }
        std::mem::swap(out, &mut next);
        if out.len() < 3 {
            out.clear();
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_triangle_inside_is_kept_whole() {
        let mut out = Vec::new();
        let t = [
            Vec4::new(0.0, 0.0, 0.0, 1.0),
            Vec4::new(1.0, 0.0, 0.0, 1.0),
            Vec4::new(0.0, 1.0, 0.0, 1.0),
        ];
        clip_triangle(t, &mut out);
        assert_eq!(out.len(), 3);
        assert_eq!(out[1].weights, Vec3::Y);
    }

    #[test]
    fn inside_is_every_plane_s_dot_product() {
        let values = [
            -f32::MAX,
            -40.0,
            -16.0,
            -1.5,
            -1.0,
            -0.0,
            0.0,
            1e-40,
            0.0625,
            1.0,
            16.0,
            3e37,
            f32::MAX,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        let mut checked = 0;
        for x in values {
            for y in values {
                for z in values {
                    for w in values {
                        let c = Vec4::new(x, y, z, w);
                        let dots = PLANES.iter().all(|plane| plane.dot(c) >= 0.0);
                        assert_eq!(inside(c), dots, "{c}");
                        checked += usize::from(dots);
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn a_triangle_of_vertices_inside_is_the_one_kept_whole() {
        // Vertices on, inside and outside each plane (and not finite): a triangle whose three
        // vertices are `inside` is the one that clipping keeps as it is.
        let values = [-40.0, -16.0, -1.0, 0.0, 0.5, 16.0, f32::INFINITY, f32::NAN];
        let mut vertices = Vec::new();
        for x in values {
            for y in values {
                for z in [-3.0, 0.0, 1.0, f32::NAN] {
                    for w in [0.0, 1.0, 2.5, f32::INFINITY] {
                        vertices.push(Vec4::new(x, y, z, w));
                    }
                }
            }
        }
        let (mut out, mut kept) = (Vec::new(), 0);
        let b = Vec4::new(0.0, 0.0, 0.0, 1.0);
        for &a in &vertices {
            for &c in vertices.iter().step_by(37) {
                clip_triangle([a, b, c], &mut out);
                let whole = out.len() == 3 && out.iter().zip([a, b, c]).all(|(v, c)| v.clip == c);
                if inside(a) && inside(b) && inside(c) {
                    assert!(whole, "{a} {b} {c}: {out:?}");
                    kept += 1;
                }
            }
        }
        assert!(kept >= 100, "{kept}");
    }

    #[test]
    fn the_near_plane_cuts_a_corner_into_a_quad() {
        let mut out = Vec::new();
        // The third corner is behind the near plane (z < -w).
        let t = [
            Vec4::new(0.0, 0.0, 0.0, 1.0),
            Vec4::new(1.0, 0.0, 0.0, 1.0),
            Vec4::new(0.0, 0.0, -3.0, 1.0),
        ];
        clip_triangle(t, &mut out);
        assert_eq!(out.len(), 4);
        for v in &out {
            assert!(v.clip.z + v.clip.w >= -1e-6);
            // The weights still add to one and place the vertex on the original triangle.
            assert!((v.weights.x + v.weights.y + v.weights.z - 1.0).abs() < 1e-6);
            let p = t[0] * v.weights.x + t[1] * v.weights.y + t[2] * v.weights.z;
            assert!((p - v.clip).length() < 1e-6);
        }
        let behind = [
            Vec4::new(0.0, 0.0, -2.0, 1.0),
            Vec4::new(1.0, 0.0, -2.0, 1.0),
            Vec4::new(0.0, 1.0, -2.0, 1.0),
        ];
        clip_triangle(behind, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn two_triangles_sharing_an_edge_cut_it_at_the_same_point() {
        // Edges from in front of the eye to behind it (and past the guard band), each shared by
        // two triangles that run it in opposite directions, as a mesh's neighbours do: both must
        // put every cut at the same point, bit for bit, or a crack opens along the edge.
        let mut checked = 0;
        for i in 0..200 {
            let f = i as f32;
            let inside = Vec4::new(
                (f * 0.37).sin() * 3.0,
                (f * 0.11).cos() * 2.0 - 1.5,
                1.0 + f * 0.731,
                3.0 + f * 0.913,
            );
            let outside = Vec4::new(
                -57.0 + (f * 0.53).cos() * 40.0,
                -3.3 + f * 0.017,
                -40.0 - f * 1.37,
                -38.0 - f * 1.29,
            );
            let (c, d) = (
                Vec4::new(40.0, -3.0, 90.0, 92.0),
                Vec4::new(-80.0, -3.0, -95.0, -93.0),
            );
            let (mut one, mut other) = (Vec::new(), Vec::new());
            clip_triangle([inside, outside, c], &mut one);
            clip_triangle([outside, inside, d], &mut other);
            // The cuts on the shared edge: the vertices with no weight on the third corner.
            let on_edge = |poly: &[ClipVertex]| -> Vec<[u32; 4]> {
                let mut cuts: Vec<[u32; 4]> = poly
                    .iter()
                    .filter(|v| v.weights.z == 0.0 && v.clip != inside)
                    .map(|v| v.clip.to_array().map(f32::to_bits))
                    .collect();
                cuts.sort_unstable();
                cuts
            };
            let cuts = on_edge(&one);
            assert!(!cuts.is_empty(), "edge {i} is cut");
            assert_eq!(cuts, on_edge(&other), "edge {i}");
            checked += 1;
        }
        assert_eq!(checked, 200);
    }
}
