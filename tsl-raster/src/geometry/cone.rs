//! three.js's `ConeGeometry`: a cylinder whose top radius is zero.

use super::params::{checked, Check};
use super::{CylinderGeometry, Geometry};
use crate::RenderError;
use std::f64::consts::PI;

/// `ConeGeometry(radius, height, radialSegments, heightSegments, openEnded, thetaStart,
/// thetaLength)`: three's `CylinderGeometry(0, radius, …)`, apex at +y; the side's top row
/// keeps its vertices (one per segment) but makes no triangles, and there is no top cap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConeGeometry {
    /// The base's radius; 1 by default.
    pub radius: f64,
    /// The height along y; 1 by default.
    pub height: f64,
    /// Segments around; 32 by default.
    pub radial_segments: u32,
    /// Segments along the height; 1 by default.
    pub height_segments: u32,
    /// Whether the base is left open; false by default.
    pub open_ended: bool,
    /// Where the segments start, in radians (0 faces +z); 0 by default.
    pub theta_start: f64,
    /// How far around, in radians; 2π by default.
    pub theta_length: f64,
}

impl Default for ConeGeometry {
    fn default() -> Self {
        ConeGeometry {
            radius: 1.0,
            height: 1.0,
            radial_segments: 32,
            height_segments: 1,
            open_ended: false,
            theta_start: 0.0,
            theta_length: 2.0 * PI,
        }
    }
}

impl ConeGeometry {
    /// A closed cone of one height segment.
    pub fn new(radius: f64, height: f64, radial_segments: u32) -> ConeGeometry {
        ConeGeometry {
            radius,
            height,
            radial_segments,
            ..ConeGeometry::default()
        }
    }

    /// The triangles. Refuses a negative or non-finite radius, a height that is not above zero (the side's
    /// normal divides by it), non-finite angles, and
    /// segment counts of 0 or over [`MAX_SEGMENTS`](super::MAX_SEGMENTS).
    pub fn build(&self) -> Result<Geometry, RenderError> {
        Check::new("ConeGeometry")
            .size("radius", self.radius)
            .positive("height", self.height)
            .segments("radial_segments", self.radial_segments)
            .segments("height_segments", self.height_segments)
            .finite("theta_start", self.theta_start)
            .finite("theta_length", self.theta_length)
            .done()?;
        checked(
            CylinderGeometry {
                radius_top: 0.0,
                radius_bottom: self.radius,
                height: self.height,
                radial_segments: self.radial_segments,
                height_segments: self.height_segments,
                open_ended: self.open_ended,
                theta_start: self.theta_start,
                theta_length: self.theta_length,
            }
            .build(),
        )
    }
}
