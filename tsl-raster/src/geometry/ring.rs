//! three.js's `RingGeometry`.

use super::params::{finish, Check};
use super::{Builder, Geometry};
use crate::RenderError;
use std::f64::consts::PI;

/// `RingGeometry(innerRadius, outerRadius, thetaSegments, phiSegments, thetaStart,
/// thetaLength)`: an annulus in the xy plane facing +z, rows of vertices from the inner radius
/// out; uvs map the outer circle's bounding square to the unit square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RingGeometry {
    /// The hole's radius; 0.5 by default.
    pub inner_radius: f64,
    /// The outer radius; 1 by default.
    pub outer_radius: f64,
    /// Segments around; 32 by default, at least 3 (raised as three does).
    pub theta_segments: u32,
    /// Segments from the inner to the outer radius; 1 by default, at least 1.
    pub phi_segments: u32,
    /// Where the segments start, in radians (0 on +x); 0 by default.
    pub theta_start: f64,
    /// How far around, in radians; 2π by default.
    pub theta_length: f64,
}

impl Default for RingGeometry {
    fn default() -> Self {
        RingGeometry {
            inner_radius: 0.5,
            outer_radius: 1.0,
            theta_segments: 32,
            phi_segments: 1,
            theta_start: 0.0,
            theta_length: 2.0 * PI,
        }
    }
}

impl RingGeometry {
    /// A whole ring of one row of quads.
    pub fn new(inner_radius: f64, outer_radius: f64, theta_segments: u32) -> RingGeometry {
        RingGeometry {
            inner_radius,
            outer_radius,
            theta_segments,
            ..RingGeometry::default()
        }
    }

    /// The triangles. Refuses a negative or non-finite inner radius, an outer radius that is
    /// not above zero (the uvs divide by it), non-finite angles and segment counts over
    /// [`MAX_SEGMENTS`](super::MAX_SEGMENTS).
    pub fn build(&self) -> Result<Geometry, RenderError> {
        let theta_segments = self.theta_segments.max(3);
        let phi_segments = self.phi_segments.max(1);
        Check::new("RingGeometry")
            .size("inner_radius", self.inner_radius)
            .positive("outer_radius", self.outer_radius)
            .segments("theta_segments", theta_segments)
            .segments("phi_segments", phi_segments)
            .finite("theta_start", self.theta_start)
            .finite("theta_length", self.theta_length)
            .done()?;
        let (ts, ps) = (theta_segments as usize, phi_segments as usize);
        let step = (self.outer_radius - self.inner_radius) / ps as f64;
        let mut radius = self.inner_radius;
        let mut b = Builder::default();
        for _ in 0..=ps {
            for i in 0..=ts {
                let angle = self.theta_start + i as f64 / ts as f64 * self.theta_length;
                let (x, y) = (radius * angle.cos(), radius * angle.sin());
                b.vertex(
                    [x, y, 0.0],
                    [0.0, 0.0, 1.0],
                    [
                        (x / self.outer_radius + 1.0) / 2.0,
                        (y / self.outer_radius + 1.0) / 2.0,
                    ],
                );
            }
            // three adds the step rather than multiplying, and so do we: the rows round alike.
            radius += step;
        }
        for j in 0..ps {
            for i in 0..ts {
                let a = i + j * (ts + 1);
                let (bb, c, d) = (a + ts + 1, a + ts + 2, a + 1);
                b.triangle(a, bb, d);
                b.triangle(bb, c, d);
            }
        }
        finish(b)
    }
}
