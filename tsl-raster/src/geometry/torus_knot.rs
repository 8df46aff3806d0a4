//! three.js's `TorusKnotGeometry`.

use super::params::{finish, Check};
use super::three_math::{arr, unit};
use super::{Builder, Geometry};
use crate::RenderError;
use glam::DVec3;

/// `TorusKnotGeometry(radius, tube, tubularSegments, radialSegments, p, q)`: a tube around the
/// (p, q) torus knot; u runs along the knot, v around the tube. The tube's frame at each step
/// comes from a second point 0.01 further along the curve, as three takes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TorusKnotGeometry {
    /// The knot's radius; 1 by default.
    pub radius: f64,
    /// The tube's radius; 0.4 by default.
    pub tube: f64,
    /// Segments along the knot; 64 by default.
    pub tubular_segments: u32,
    /// Segments around the tube; 8 by default.
    pub radial_segments: u32,
    /// How many times the knot winds around its axis of symmetry; 2 by default.
    pub p: f64,
    /// How many times it winds around the torus's interior circle; 3 by default.
    pub q: f64,
}

impl Default for TorusKnotGeometry {
    fn default() -> Self {
        TorusKnotGeometry {
            radius: 1.0,
            tube: 0.4,
            tubular_segments: 64,
            radial_segments: 8,
            p: 2.0,
            q: 3.0,
        }
    }
}

/// The knot's point at `u` (three's `calculatePositionOnCurve`).
fn on_curve(u: f64, p: f64, q: f64, radius: f64) -> DVec3 {
    let (su, cu) = u.sin_cos();
    let qu_over_p = q / p * u;
    let cs = qu_over_p.cos();
    DVec3::new(
        radius * (2.0 + cs) * 0.5 * cu,
        radius * (2.0 + cs) * su * 0.5,
        radius * qu_over_p.sin() * 0.5,
    )
}

impl TorusKnotGeometry {
    /// A (p, q) knot with three's segment counts.
    pub fn new(radius: f64, tube: f64, p: f64, q: f64) -> TorusKnotGeometry {
        TorusKnotGeometry {
            radius,
            tube,
            p,
            q,
            ..TorusKnotGeometry::default()
        }
    }

    /// The triangles. Refuses negative or non-finite radii, a `p` that is not above zero (three
    /// divides by it), a non-finite `q`, and segment counts of 0 or over
    /// [`MAX_SEGMENTS`](super::MAX_SEGMENTS).
    pub fn build(&self) -> Result<Geometry, RenderError> {
        Check::new("TorusKnotGeometry")
            .size("radius", self.radius)
            .size("tube", self.tube)
            .segments("tubular_segments", self.tubular_segments)
            .segments("radial_segments", self.radial_segments)
            .positive("p", self.p)
            .finite("q", self.q)
            .done()?;
        let (ts, rs) = (
            self.tubular_segments as usize,
            self.radial_segments as usize,
        );
        let mut b = Builder::default();
        for i in 0..=ts {
            let u = i as f64 / ts as f64 * self.p * std::f64::consts::PI * 2.0;
            let p1 = on_curve(u, self.p, self.q, self.radius);
            let p2 = on_curve(u + 0.01, self.p, self.q, self.radius);
            let t = p2 - p1;
            let n = p2 + p1;
            let bn = t.cross(n);
            let n = unit(bn.cross(t));
            let bn = unit(bn);
            for j in 0..=rs {
                let v = j as f64 / rs as f64 * std::f64::consts::PI * 2.0;
                let cx = -self.tube * v.cos();
                let cy = self.tube * v.sin();
                let vertex = p1 + (cx * n + cy * bn);
                b.vertex(
                    arr(vertex),
                    arr(unit(vertex - p1)),
                    [i as f64 / ts as f64, j as f64 / rs as f64],
                );
            }
        }
        b.tube_grid(ts, rs);
        finish(b)
    }
}
