//! three.js's `CapsuleGeometry` (r187's: one grid of rows from the bottom pole up).

use super::params::{finish, Check};
use super::three_math::unit;
use super::{Builder, Geometry};
use crate::RenderError;
use glam::DVec3;
use std::f64::consts::PI;

/// `CapsuleGeometry(radius, height, capSegments, radialSegments, heightSegments)`: a cylinder of
/// `height` between two hemispheres, along y. Rows run from the bottom pole (−y) to the top; v
/// is the arc length along the profile over its whole length, u runs around from −x toward +z
/// with the pole rows' u shifted half a segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CapsuleGeometry {
    /// The hemispheres' and the cylinder's radius; 1 by default.
    pub radius: f64,
    /// The cylinder's height (the caps add 2 · radius); 1 by default.
    pub height: f64,
    /// Rows in each cap; 4 by default, at least 1.
    pub cap_segments: u32,
    /// Segments around; 8 by default, at least 3.
    pub radial_segments: u32,
    /// Rows in the cylinder; 1 by default, at least 1.
    pub height_segments: u32,
}

impl Default for CapsuleGeometry {
    fn default() -> Self {
        CapsuleGeometry {
            radius: 1.0,
            height: 1.0,
            cap_segments: 4,
            radial_segments: 8,
            height_segments: 1,
        }
    }
}

/// A profile row: its y, its radius, its normal's y before normalizing, its arc length.
struct Row {
    y: f64,
    radius: f64,
    normal_y: f64,
    arc: f64,
}

impl CapsuleGeometry {
    /// A capsule with three's segment counts.
    pub fn new(radius: f64, height: f64) -> CapsuleGeometry {
        CapsuleGeometry {
            radius,
            height,
            ..CapsuleGeometry::default()
        }
    }

    /// The profile row `iy` of three's loop.
    fn row(&self, iy: usize, caps: usize, body: usize) -> Row {
        let (r, half) = (self.radius, self.height / 2.0);
        let cap_arc = (PI / 2.0) * r;
        if iy <= caps {
            let progress = iy as f64 / caps as f64;
            let angle = (progress * PI) / 2.0;
            Row {
                y: -half - r * angle.cos(),
                radius: r * angle.sin(),
                normal_y: -r * angle.cos(),
                arc: progress * cap_arc,
            }
        } else if iy <= caps + body {
            let progress = (iy - caps) as f64 / body as f64;
            Row {
                y: -half + progress * self.height,
                radius: r,
                normal_y: 0.0,
                arc: cap_arc + progress * self.height,
            }
        } else {
            let progress = (iy - caps - body) as f64 / caps as f64;
            let angle = (progress * PI) / 2.0;
            Row {
                y: half + r * angle.sin(),
                radius: r * angle.cos(),
                normal_y: r * angle.sin(),
                arc: cap_arc + self.height + progress * cap_arc,
            }
        }
    }

    /// The triangles. Refuses a radius that is not above zero (v divides by the profile's
    /// length), a negative or non-finite height (three raises a negative height to 0; we refuse
    /// it) and segment counts over
    /// [`MAX_SEGMENTS`](super::MAX_SEGMENTS); counts under three's minimums are raised to them.
    pub fn build(&self) -> Result<Geometry, RenderError> {
        let caps = self.cap_segments.max(1);
        let radial = self.radial_segments.max(3);
        let body = self.height_segments.max(1);
        Check::new("CapsuleGeometry")
            .positive("radius", self.radius)
            .size("height", self.height)
            .segments("cap_segments", caps)
            .segments("radial_segments", radial)
            .segments("height_segments", body)
            .done()?;
        let (caps, radial, body) = (caps as usize, radial as usize, body as usize);
        let rows = 2 * caps + body;
        let total_arc = 2.0 * (PI / 2.0) * self.radius + self.height;
        let per_row = radial + 1;
        let mut b = Builder::default();
        for iy in 0..=rows {
            let row = self.row(iy, caps, body);
            let v = (row.arc / total_arc).clamp(0.0, 1.0);
            let u_offset = if iy == 0 {
                0.5 / radial as f64
            } else if iy == rows {
                -0.5 / radial as f64
            } else {
                0.0
            };
            for ix in 0..=radial {
                let u = ix as f64 / radial as f64;
                let (sin, cos) = (u * PI * 2.0).sin_cos();
                let (x, z) = (-row.radius * cos, row.radius * sin);
                b.vertex(
                    [x, row.y, z],
                    unit(DVec3::new(x, row.normal_y, z)).to_array(),
                    [u + u_offset, v],
                );
            }
            if iy > 0 {
                let previous = (iy - 1) * per_row;
                for ix in 0..radial {
                    let (i1, i2) = (previous + ix, previous + ix + 1);
                    let (i3, i4) = (iy * per_row + ix, iy * per_row + ix + 1);
                    b.triangle(i1, i2, i3);
                    b.triangle(i2, i4, i3);
                }
            }
        }
        finish(b)
    }
}
