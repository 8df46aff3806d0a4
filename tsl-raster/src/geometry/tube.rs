//! three.js's `TubeGeometry`.

use super::curve::{frenet_frames, Curve3, QuadraticBezierCurve3};
use super::params::{finish, Check};
use super::three_math::{arr, unit};
use super::{Builder, Geometry};
use crate::RenderError;
use std::f64::consts::PI;

/// `TubeGeometry(path, tubularSegments, radius, radialSegments, closed)`: a tube around a
/// curve. Rings of vertices at even arc-length steps along the path, each around its Frenet
/// frame (see [`frenet_frames`](super::frenet_frames)); a closed tube's last ring repeats the
/// first. u runs along the path, v around the tube.
#[derive(Clone, Debug, PartialEq)]
pub struct TubeGeometry<C> {
    /// The curve; three's default is a [`QuadraticBezierCurve3`] from (−1, −1, 0) through
    /// (−1, 1, 0) to (1, 1, 0).
    pub path: C,
    /// Segments along the path; 64 by default.
    pub tubular_segments: u32,
    /// The tube's radius; 1 by default.
    pub radius: f64,
    /// Segments around the tube; 8 by default.
    pub radial_segments: u32,
    /// Whether the path closes on itself; false by default.
    pub closed: bool,
}

impl Default for TubeGeometry<QuadraticBezierCurve3> {
    fn default() -> Self {
        TubeGeometry::new(QuadraticBezierCurve3::default())
    }
}

impl<C: Curve3> TubeGeometry<C> {
    /// An open tube around `path` with three's other defaults.
    pub fn new(path: C) -> TubeGeometry<C> {
        TubeGeometry {
            path,
            tubular_segments: 64,
            radius: 1.0,
            radial_segments: 8,
            closed: false,
        }
    }

    /// The triangles. Refuses what the path's own check refuses, a negative or non-finite
    /// radius, segment counts of 0 or over [`MAX_SEGMENTS`](super::MAX_SEGMENTS), and a path
    /// that gives non-finite points.
    pub fn build(&self) -> Result<Geometry, RenderError> {
        self.path.check()?;
        Check::new("TubeGeometry")
            .segments("tubular_segments", self.tubular_segments)
            .size("radius", self.radius)
            .segments("radial_segments", self.radial_segments)
            .done()?;
        let (ts, rs) = (
            self.tubular_segments as usize,
            self.radial_segments as usize,
        );
        let frames = frenet_frames(&self.path, ts, self.closed);
        let mut b = Builder::default();
        let rings = (0..ts).chain([if self.closed { 0 } else { ts }]);
        for (row, i) in rings.enumerate() {
            let p = self.path.point_at(i as f64 / ts as f64);
            let (n, bn) = (frames.normals[i], frames.binormals[i]);
            for j in 0..=rs {
                let v = j as f64 / rs as f64 * PI * 2.0;
                let (sin, cos) = (v.sin(), -v.cos());
                let normal = unit(cos * n + sin * bn);
                b.vertex(
                    arr(p + self.radius * normal),
                    arr(normal),
                    [row as f64 / ts as f64, j as f64 / rs as f64],
                );
            }
        }
        b.tube_grid(ts, rs);
        // A user's curve may give NaNs: the geometry's own check refuses them.
        finish(b)
    }
}
