//! three.js's `TorusGeometry`.

use super::{normalize, segments, Builder, Geometry};
use std::f64::consts::PI;

/// `TorusGeometry(radius, tube, radialSegments, tubularSegments, arc, thetaStart, thetaLength)`:
/// a ring about the z axis; u runs along the ring, v around the tube.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TorusGeometry {
    /// From the centre to the middle of the tube; 1 by default.
    pub radius: f64,
    /// The tube's radius; 0.4 by default.
    pub tube: f64,
    /// Segments around the tube; 12 by default.
    pub radial_segments: u32,
    /// Segments along the ring; 48 by default.
    pub tubular_segments: u32,
    /// How far the ring goes, in radians; 2π by default.
    pub arc: f64,
    /// Where the tube's segments start, in radians; 0 by default.
    pub theta_start: f64,
    /// How far around the tube, in radians; 2π by default.
    pub theta_length: f64,
}

impl Default for TorusGeometry {
    fn default() -> Self {
        TorusGeometry {
            radius: 1.0,
            tube: 0.4,
            radial_segments: 12,
            tubular_segments: 48,
            arc: 2.0 * PI,
            theta_start: 0.0,
            theta_length: 2.0 * PI,
        }
    }
}

impl TorusGeometry {
    /// A whole torus.
    pub fn new(radius: f64, tube: f64, radial_segments: u32, tubular_segments: u32) -> Self {
        TorusGeometry {
            radius,
            tube,
            radial_segments,
            tubular_segments,
            ..TorusGeometry::default()
        }
    }

    /// The triangles.
    pub fn build(&self) -> Geometry {
        let rs = segments(self.radial_segments, 1);
        let ts = segments(self.tubular_segments, 1);
        let mut b = Builder::default();
        for j in 0..=rs {
            let v = self.theta_start + (j as f64 / rs as f64) * self.theta_length;
            for i in 0..=ts {
                let u = i as f64 / ts as f64 * self.arc;
                let ring = self.radius + self.tube * v.cos();
                let p = [ring * u.cos(), ring * u.sin(), self.tube * v.sin()];
                let centre = [self.radius * u.cos(), self.radius * u.sin(), 0.0];
                let n = normalize([p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]]);
                b.vertex(p, n, [i as f64 / ts as f64, j as f64 / rs as f64]);
            }
        }
        for j in 1..=rs {
            for i in 1..=ts {
                let a = (ts + 1) * j + i - 1;
                let bb = (ts + 1) * (j - 1) + i - 1;
                let c = (ts + 1) * (j - 1) + i;
                let d = (ts + 1) * j + i;
                b.triangle(a, bb, d);
                b.triangle(bb, c, d);
            }
        }
        b.finish()
    }
}
