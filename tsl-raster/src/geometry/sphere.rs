//! three.js's `SphereGeometry`.

use super::{normalize, segments, Builder, Geometry};
use std::f64::consts::PI;

/// `SphereGeometry(radius, widthSegments, heightSegments, phiStart, phiLength, thetaStart,
/// thetaLength)`: rings from the north pole (+y) down; u runs around from −x toward +z, v from 1
/// at the top to 0 at the bottom, the pole rows' u shifted half a segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SphereGeometry {
    /// The radius; 1 by default.
    pub radius: f64,
    /// Segments around; 32 by default, at least 3.
    pub width_segments: u32,
    /// Segments from pole to pole; 16 by default, at least 2.
    pub height_segments: u32,
    /// Where the segments around start, in radians; 0 by default.
    pub phi_start: f64,
    /// How far around, in radians; 2π by default.
    pub phi_length: f64,
    /// Where the rings start from the north pole, in radians; 0 by default.
    pub theta_start: f64,
    /// How far down, in radians; π by default.
    pub theta_length: f64,
}

impl Default for SphereGeometry {
    fn default() -> Self {
        SphereGeometry {
            radius: 1.0,
            width_segments: 32,
            height_segments: 16,
            phi_start: 0.0,
            phi_length: 2.0 * PI,
            theta_start: 0.0,
            theta_length: PI,
        }
    }
}

impl SphereGeometry {
    /// A whole sphere.
    pub fn new(radius: f64, width_segments: u32, height_segments: u32) -> SphereGeometry {
        SphereGeometry {
            radius,
            width_segments,
            height_segments,
            ..SphereGeometry::default()
        }
    }

    /// The triangles.
    pub fn build(&self) -> Geometry {
        let ws = segments(self.width_segments, 3);
        let hs = segments(self.height_segments, 2);
        let theta_end = (self.theta_start + self.theta_length).min(PI);
        let r = self.radius;
        let mut b = Builder::default();
        let mut grid = Vec::with_capacity(hs + 1);
        for iy in 0..=hs {
            let v = iy as f64 / hs as f64;
            let theta = self.theta_start + v * self.theta_length;
            let y = r * theta.cos();
            let ring = (r * r - y * y).max(0.0).sqrt();
            let u_offset = if iy == 0 && self.theta_start == 0.0 {
                0.5 / ws as f64
            } else if iy == hs && theta_end == PI {
                -0.5 / ws as f64
            } else {
                0.0
            };
            let mut row = Vec::with_capacity(ws + 1);
            for ix in 0..=ws {
                let u = ix as f64 / ws as f64;
                let phi = self.phi_start + u * self.phi_length;
                let p = [-ring * phi.cos(), y, ring * phi.sin()];
                row.push(b.positions.len());
                b.vertex(p, normalize(p), [u + u_offset, 1.0 - v]);
            }
            grid.push(row);
        }
        for iy in 0..hs {
            for ix in 0..ws {
                let a = grid[iy][ix + 1];
                let bb = grid[iy][ix];
                let c = grid[iy + 1][ix];
                let d = grid[iy + 1][ix + 1];
                if iy != 0 || self.theta_start > 0.0 {
                    b.triangle(a, bb, d);
                }
                if iy != hs - 1 || theta_end < PI {
                    b.triangle(bb, c, d);
                }
            }
        }
        b.finish()
    }
}
