//! three.js's `LatheGeometry`.

use super::params::{finish, Check};
use super::three_math::unit;
use super::{Builder, Geometry};
use crate::RenderError;
use glam::DVec3;
use std::f64::consts::PI;

/// The most profile points a lathe accepts.
pub const MAX_LATHE_POINTS: usize = 4096;

/// `LatheGeometry(points, segments, phiStart, phiLength)`: a profile of (x, y) points (x the
/// distance from the y axis) turned about y. Columns of vertices, one per segment edge, each the
/// whole profile; u runs around, v along the profile. Normals are the profile's, each the sum of
/// its two edges' perpendiculars (the ends their one edge's), turned with the column.
#[derive(Clone, Debug, PartialEq)]
pub struct LatheGeometry {
    /// The profile; three's default is (0, −0.5), (0.5, 0), (0, 0.5).
    pub points: Vec<[f64; 2]>,
    /// Segments around; 12 by default.
    pub segments: u32,
    /// Where the turn starts, in radians (0 faces +z); 0 by default.
    pub phi_start: f64,
    /// How far it turns, in radians, clamped to 0..2π as three does; 2π by default.
    pub phi_length: f64,
}

impl Default for LatheGeometry {
    fn default() -> Self {
        LatheGeometry {
            points: vec![[0.0, -0.5], [0.5, 0.0], [0.0, 0.5]],
            segments: 12,
            phi_start: 0.0,
            phi_length: 2.0 * PI,
        }
    }
}

impl LatheGeometry {
    /// A whole turn of `points` in `segments` segments.
    pub fn new(points: Vec<[f64; 2]>, segments: u32) -> LatheGeometry {
        LatheGeometry {
            points,
            segments,
            ..LatheGeometry::default()
        }
    }

    /// The profile's normals, (x, y, 0) per point before turning.
    fn profile_normals(&self) -> Vec<DVec3> {
        let p = &self.points;
        let last = p.len() - 1;
        // The perpendicular (dy, −dx) of the edge from point j to j + 1.
        let edge = |j: usize| {
            let (dx, dy) = (p[j + 1][0] - p[j][0], p[j + 1][1] - p[j][1]);
            DVec3::new(dy * 1.0, -dx, dy * 0.0)
        };
        let mut previous = DVec3::ZERO;
        (0..=last)
            .map(|j| {
                if j == 0 {
                    previous = edge(0);
                    unit(previous)
                } else if j == last {
                    unit(previous)
                } else {
                    let current = edge(j);
                    let n = unit(current + previous);
                    previous = current;
                    n
                }
            })
            .collect()
    }

    /// The triangles. Refuses fewer than 2 or more than [`MAX_LATHE_POINTS`] points,
    /// non-finite coordinates or angles, and a segment count of 0 or over
    /// [`MAX_SEGMENTS`](super::MAX_SEGMENTS).
    pub fn build(&self) -> Result<Geometry, RenderError> {
        Check::new("LatheGeometry")
            .count(
                "points",
                self.points.len(),
                2,
                MAX_LATHE_POINTS,
                "2 to MAX_LATHE_POINTS (4096) points",
            )
            .points("points", &self.points)
            .segments("segments", self.segments)
            .finite("phi_start", self.phi_start)
            .finite("phi_length", self.phi_length)
            .done()?;
        let segments = self.segments as usize;
        let phi_length = self.phi_length.clamp(0.0, 2.0 * PI);
        let inverse = 1.0 / segments as f64;
        let normals = self.profile_normals();
        let (count, last) = (self.points.len(), self.points.len() - 1);
        let mut b = Builder::default();
        for i in 0..=segments {
            let phi = self.phi_start + i as f64 * inverse * phi_length;
            let (sin, cos) = phi.sin_cos();
            for (j, (p, n)) in self.points.iter().zip(&normals).enumerate() {
                b.vertex(
                    [p[0] * sin, p[1], p[0] * cos],
                    [n.x * sin, n.y, n.x * cos],
                    [i as f64 / segments as f64, j as f64 / last as f64],
                );
            }
        }
        for i in 0..segments {
            for j in 0..last {
                let a = j + i * count;
                let (bb, c, d) = (a + count, a + count + 1, a + 1);
                b.triangle(a, bb, d);
                b.triangle(c, d, bb);
            }
        }
        finish(b)
    }
}
