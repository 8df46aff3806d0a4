//! three.js's `CylinderGeometry`.

use super::{normalize, segments, Builder, Geometry};
use std::f64::consts::PI;

/// `CylinderGeometry(radiusTop, radiusBottom, height, radialSegments, heightSegments, openEnded,
/// thetaStart, thetaLength)`: the side (u around, v from 1 at the top), then the top and bottom
/// caps, each with a centre vertex per segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CylinderGeometry {
    /// The radius at +y; 1 by default.
    pub radius_top: f64,
    /// The radius at −y; 1 by default.
    pub radius_bottom: f64,
    /// The height along y; 1 by default.
    pub height: f64,
    /// Segments around; 32 by default.
    pub radial_segments: u32,
    /// Segments along the height; 1 by default.
    pub height_segments: u32,
    /// Whether the caps are left off; false by default.
    pub open_ended: bool,
    /// Where the segments start, in radians (0 faces +z); 0 by default.
    pub theta_start: f64,
    /// How far around, in radians; 2π by default.
    pub theta_length: f64,
}

impl Default for CylinderGeometry {
    fn default() -> Self {
        CylinderGeometry {
            radius_top: 1.0,
            radius_bottom: 1.0,
            height: 1.0,
            radial_segments: 32,
            height_segments: 1,
            open_ended: false,
            theta_start: 0.0,
            theta_length: 2.0 * PI,
        }
    }
}

impl CylinderGeometry {
    /// A closed cylinder (or cone) of one height segment.
    pub fn new(
        radius_top: f64,
        radius_bottom: f64,
        height: f64,
        radial_segments: u32,
    ) -> CylinderGeometry {
        CylinderGeometry {
            radius_top,
            radius_bottom,
            height,
            radial_segments,
            ..CylinderGeometry::default()
        }
    }

    /// The triangles.
    pub fn build(&self) -> Geometry {
        let rs = segments(self.radial_segments, 1);
        let hs = segments(self.height_segments, 1);
        let half = self.height / 2.0;
        let (rt, rb) = (self.radius_top, self.radius_bottom);
        let mut b = Builder::default();
        let slope = (rb - rt) / self.height;
        let mut rows = Vec::with_capacity(hs + 1);
        for y in 0..=hs {
            let v = y as f64 / hs as f64;
            let radius = v * (rb - rt) + rt;
            let mut row = Vec::with_capacity(rs + 1);
            for x in 0..=rs {
                let u = x as f64 / rs as f64;
                let theta = u * self.theta_length + self.theta_start;
                let (sin, cos) = theta.sin_cos();
                row.push(b.positions.len());
                b.vertex(
                    [radius * sin, -v * self.height + half, radius * cos],
                    normalize([sin, slope, cos]),
                    [u, 1.0 - v],
                );
            }
            rows.push(row);
        }
        for x in 0..rs {
            for y in 0..hs {
                let a = rows[y][x];
                let bb = rows[y + 1][x];
                let c = rows[y + 1][x + 1];
                let d = rows[y][x + 1];
                if rt > 0.0 || y != 0 {
                    b.triangle(a, bb, d);
                }
                if rb > 0.0 || y != hs - 1 {
                    b.triangle(bb, c, d);
                }
            }
        }
        if !self.open_ended {
            for top in [true, false] {
                let radius = if top { rt } else { rb };
                if radius <= 0.0 {
                    continue;
                }
                let sign = if top { 1.0 } else { -1.0 };
                let centre_start = b.positions.len();
                for _ in 1..=rs {
                    b.vertex([0.0, half * sign, 0.0], [0.0, sign, 0.0], [0.5, 0.5]);
                }
                let centre_end = b.positions.len();
                for x in 0..=rs {
                    let u = x as f64 / rs as f64;
                    let theta = u * self.theta_length + self.theta_start;
                    let (sin, cos) = theta.sin_cos();
                    b.vertex(
                        [radius * sin, half * sign, radius * cos],
                        [0.0, sign, 0.0],
                        [cos * 0.5 + 0.5, sin * 0.5 * sign + 0.5],
                    );
                }
                for x in 0..rs {
                    let c = centre_start + x;
                    let i = centre_end + x;
                    if top {
                        b.triangle(i, i + 1, c);
                    } else {
                        b.triangle(i + 1, i, c);
                    }
                }
            }
        }
        b.finish()
    }
}
