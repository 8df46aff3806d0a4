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
use super::setup::{Tri, WeightPlanes};
use glam::Vec3;

/// A plane `c + a·dx + b·dy` over the pixel offset (dx, dy) from the triangle's origin.
pub(crate) type Plane = [f32; 3];

#[inline]
pub(crate) fn eval(p: &Plane, dx: f32, dy: f32) -> f32 {
    p[0] + p[1] * dx + p[2] * dy
}

/// The view position and the (not yet unit) view normal of one triangle as planes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SurfacePlanes {
    /// The pixel the planes are taken from (the bounding box's corner, as [`WeightPlanes`]').
    pub origin: [i64; 2],
    /// The weights' common denominator `D`.
    pub denominator: Plane,
    /// The numerators of the view position's and the view normal's x, y and z.
    pub position: [Plane; 3],
    pub normal: [Plane; 3],
    /// Where `D` vanishes: the values at the weights' fallback (the first corner's weights).
    pub fallback_position: Vec3,
    pub fallback_normal: Vec3,
}

impl SurfacePlanes {
    /// The planes of `tri`, whose original corners are `corners`, from its exact weight planes
    /// ([`Tri::exact_weight_planes`]).
    pub fn new(
        tri: &Tri,
        origin: [i64; 2],
        exact: &[[f64; 3]; 4],
        corners: [&Vertex; 3],
    ) -> SurfacePlanes {
        // Each attribute's numerator plane: Σ_j A_j·P_j, coefficient by coefficient, in f64.
        let numerators = |values: [Vec3; 3]| -> [Plane; 3] {
            let v = values.map(|v| [v.x as f64, v.y as f64, v.z as f64]);
            std::array::from_fn(|axis| {
                std::array::from_fn(|t| {
                    (v[0][axis] * exact[0][t] + v[1][axis] * exact[1][t] + v[2][axis] * exact[2][t])
                        as f32
                })
            })
        };
        let w = tri.weights[0];
        let at_fallback = |v: [Vec3; 3]| v[0] * w.x + v[1] * w.y + v[2] * w.z;
        let views = corners.map(|c| c.view);
        let normals = corners.map(|c| c.normal_view);
        SurfacePlanes {
            origin,
            denominator: exact[3].map(|v| v as f32),
            position: numerators(views),
            normal: numerators(normals),
            fallback_position: at_fallback(views),
            fallback_normal: at_fallback(normals),
        }
    }

    /// At pixel (`x`, `y`): the offset from the origin as floats, the denominator and whether
    /// it gives values (as [`WeightPlanes::usable`] decides for the weights).
    #[inline]
    pub fn offset(&self, x: i64, y: i64) -> (f32, f32, f32, bool) {
        let dx = (x - self.origin[0]) as f32;
        let dy = (y - self.origin[1]) as f32;
        let d = eval(&self.denominator, dx, dy);
        (dx, dy, d, WeightPlanes::usable(d))
    }
}
