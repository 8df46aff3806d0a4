//! A triangle's view-space position and normal as planes over the screen, set up once per
//! triangle: what every lit fragment interpolates, without its weights or a gather of its corners.
//!
//! An attribute `A` with corner values `A_j` is `Σ_j w_j·A_j`, and each perspective weight is
//! `w_j = P_j / D` with `P_j` and `D` planes in the pixel (see [`WeightPlanes`]). So `A` is
//! `N_A / D` with `N_A = Σ_j A_j·P_j`, itself a plane: three multiply-adds per component and one
//! reciprocal a fragment, where the weights take three planes, three divisions and a gather of the
//! three corners. The planes are combined in f64 from the exact weight planes and rounded once.
//!
//! [`WeightPlanes`]: super::setup::WeightPlanes

use super::draw::Vertex;
use super::setup::Tri;
use glam::{Vec3, Vec4};

/// The view position and the (not yet unit) view normal of one triangle as planes
/// `c + a·dx + b·dy` over the pixel offset (dx, dy) from the origin, eight values side by side
/// (the weights' common denominator `D`, the normal's numerators, the position's numerators and
/// a zero), so that one fragment's eight values are two vector multiply-adds.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SurfacePlanes {
    /// The pixel the planes are taken from (the bounding box's corner, as
    /// [`WeightPlanes`](super::setup::WeightPlanes)').
    pub origin: [i64; 2],
    /// (D, normal x, y, z) and (position x, y, z, 0): at the origin, per pixel right and per
    /// pixel down.
    pub c: [Vec4; 2],
    pub a: [Vec4; 2],
    pub b: [Vec4; 2],
    /// Where `D` vanishes: the values at the weights' fallback (the first corner's weights).
    pub fallback_position: Vec3,
    pub fallback_normal: Vec3,
}

impl SurfacePlanes {
    /// The planes of `tri`, whose original corners are `corners`, from its exact weight planes
    /// ([`Tri::exact_weight_planes`]): each numerator is `Σ_j A_j·P_j`, coefficient by
    /// coefficient, in f64, rounded once.
    #[inline]
    pub fn new(
        tri: &Tri,
        origin: [i64; 2],
        exact: &[[f64; 3]; 4],
        corners: [&Vertex; 3],
    ) -> SurfacePlanes {
        let views = corners.map(|c| c.view);
        let normals = corners.map(|c| c.normal_view);
        // Each corner's normal and position side by side in f64, so that the six numerators of a
        // coefficient are the same three products and two sums lane by lane (which the compiler
        // can do two lanes at a time).
        let values: [[f64; 6]; 3] = std::array::from_fn(|j| {
            let (n, v) = (normals[j], views[j]);
            [n.x, n.y, n.z, v.x, v.y, v.z].map(f64::from)
        });
        let coefficient = |t: usize| {
            let (e0, e1, e2) = (exact[0][t], exact[1][t], exact[2][t]);
            let n: [f32; 6] = std::array::from_fn(|k| {
                (values[0][k] * e0 + values[1][k] * e1 + values[2][k] * e2) as f32
            });
            [
                Vec4::new(exact[3][t] as f32, n[0], n[1], n[2]),
                Vec4::new(n[3], n[4], n[5], 0.0),
            ]
        };
        let w = tri.weights[0];
        let at_fallback = |v: [Vec3; 3]| v[0] * w.x + v[1] * w.y + v[2] * w.z;
        SurfacePlanes {
            origin,
            c: coefficient(0),
            a: coefficient(1),
            b: coefficient(2),
            fallback_position: at_fallback(views),
            fallback_normal: at_fallback(normals),
        }
    }

    /// The offset of pixel (`x`, `y`) from the origin.
    #[inline]
    pub fn offset(&self, x: i64, y: i64) -> (f32, f32) {
        ((x - self.origin[0]) as f32, (y - self.origin[1]) as f32)
    }

    /// (D, the normal's numerators) at offset (`dx`, `dy`).
    #[inline]
    pub fn normal_at(&self, dx: f32, dy: f32) -> Vec4 {
        self.c[0] + self.a[0] * dx + self.b[0] * dy
    }

    /// The position's numerators (and a zero) at offset (`dx`, `dy`).
    #[inline]
    pub fn position_at(&self, dx: f32, dy: f32) -> Vec4 {
        self.c[1] + self.a[1] * dx + self.b[1] * dy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::setup::tests::sample_triangles;
    use crate::raster::setup::{centre, WeightPlanes};

    #[test]
    fn the_planes_give_the_interpolated_position_and_normal() {
        // The planes against the edge functions' perspective weights (`Tri::corner_weights_at`)
        // applied to the corners, at every pixel inside the sample triangles (one of them cut by
        // the near plane).
        let corners = [
            (Vec3::new(-1.0, -0.5, -2.0), Vec3::new(0.0, 0.0, 1.0)),
            (Vec3::new(1.5, -0.25, -4.0), Vec3::new(0.6, 0.0, 0.8)),
            (Vec3::new(0.25, 2.0, -6.0), Vec3::new(0.0, -0.6, 0.8)),
        ]
        .map(|(view, normal_view)| Vertex {
            view,
            normal_view,
            ..Vertex::default()
        });
        let tris = sample_triangles();
        assert!(tris.len() >= 3);
        let mut checked = 0;
        for t in &tris {
            let (origin, exact) = t.exact_weight_planes();
            let planes =
                SurfacePlanes::new(t, origin, &exact, [&corners[0], &corners[1], &corners[2]]);
            for y in t.bbox[1] as i64..t.bbox[3] as i64 {
                for x in t.bbox[0] as i64..t.bbox[2] as i64 {
                    if !t.inside(t.edges(centre(x), centre(y))) {
                        continue;
                    }
                    let w = t.corner_weights_at(x, y);
                    let at = |f: fn(&Vertex) -> Vec3| {
                        f(&corners[0]) * w.x + f(&corners[1]) * w.y + f(&corners[2]) * w.z
                    };
                    let (dx, dy) = planes.offset(x, y);
                    let n = planes.normal_at(dx, dy);
                    let p = planes.position_at(dx, dy);
                    assert!(WeightPlanes::usable(n.x));
                    let normal = Vec3::new(n.y, n.z, n.w) / n.x;
                    let position = p.truncate() / n.x;
                    let (want_normal, want_position) = (at(|v| v.normal_view), at(|v| v.view));
                    assert!(
                        (normal - want_normal).abs().max_element() < 2e-6,
                        "({x}, {y}): normal {normal} against {want_normal}"
                    );
                    assert!(
                        (position - want_position).abs().max_element() < 2e-5,
                        "({x}, {y}): position {position} against {want_position}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked} pixels");
    }
}
