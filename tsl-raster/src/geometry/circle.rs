//! three.js's `CircleGeometry`.

use super::params::{finish, Check};
use super::{Builder, Geometry};
use crate::RenderError;
use std::f64::consts::PI;

/// `CircleGeometry(radius, segments, thetaStart, thetaLength)`: a fan in the xy plane facing +z,
/// the centre first, then one vertex per segment edge from `theta_start` (0 on +x)
/// counter-clockwise; uvs map the circle's bounding square to the unit square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CircleGeometry {
    /// The radius; 1 by default.
    pub radius: f64,
    /// Segments around; 32 by default, at least 3 (a smaller count is raised, as three does).
    pub segments: u32,
    /// Where the first segment starts, in radians; 0 by default.
    pub theta_start: f64,
    /// How far around, in radians; 2π by default.
    pub theta_length: f64,
}

impl Default for CircleGeometry {
    fn default() -> Self {
        CircleGeometry {
            radius: 1.0,
            segments: 32,
            theta_start: 0.0,
            theta_length: 2.0 * PI,
        }
    }
}

impl CircleGeometry {
    /// A whole circle.
    pub fn new(radius: f64, segments: u32) -> CircleGeometry {
        CircleGeometry {
            radius,
            segments,
            ..CircleGeometry::default()
        }
    }

    /// The triangles. Refuses a radius that is not above zero (the uvs divide by it), non-finite
    /// angles and more than [`MAX_SEGMENTS`](super::MAX_SEGMENTS) segments.
    pub fn build(&self) -> Result<Geometry, RenderError> {
        let segments = self.segments.max(3);
        Check::new("CircleGeometry")
            .positive("radius", self.radius)
            .segments("segments", segments)
            .finite("theta_start", self.theta_start)
            .finite("theta_length", self.theta_length)
            .done()?;
        let n = segments as usize;
        let mut b = Builder::default();
        b.vertex([0.0; 3], [0.0, 0.0, 1.0], [0.5, 0.5]);
        for s in 0..=n {
            let angle = self.theta_start + s as f64 / n as f64 * self.theta_length;
            let (x, y) = (self.radius * angle.cos(), self.radius * angle.sin());
            b.vertex(
                [x, y, 0.0],
                [0.0, 0.0, 1.0],
                [(x / self.radius + 1.0) / 2.0, (y / self.radius + 1.0) / 2.0],
            );
        }
        for i in 1..=n {
            b.triangle(i, i + 1, 0);
        }
        finish(b)
    }
}
