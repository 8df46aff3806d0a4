//! three.js's 3D curves as far as `TubeGeometry` needs them: the `Curve` base's arc-length
//! parametrisation, its finite-difference tangents and `computeFrenetFrames`, and the curves
//! `CatmullRomCurve3` (centripetal, chordal, uniform), `QuadraticBezierCurve3` (the tube's
//! default path) and `LineCurve3`. Any `Fn(f64) -> DVec3` is a curve too.

use super::params::Check;
use super::three_math::{rotate_about, unit};
use crate::RenderError;
use glam::DVec3;

/// The most control points a [`CatmullRomCurve3`] accepts.
pub const MAX_CURVE_POINTS: usize = 4096;

/// A parametric curve in 3D, as three.js's `Curve`: `point(t)` for t in 0..=1 is the one method
/// to write; the others are three's, built on it.
pub trait Curve3 {
    /// The point at `t` (three's `getPoint`).
    fn point(&self, t: f64) -> DVec3;

    /// How many chords measure the curve's length (three's `arcLengthDivisions`); 200.
    fn arc_length_divisions(&self) -> usize {
        200
    }

    /// Refuses a curve that cannot be evaluated (too few or non-finite points); `Ok` by default.
    fn check(&self) -> Result<(), RenderError> {
        Ok(())
    }

    /// The running lengths of the chords between `arc_length_divisions() + 1` points, from 0
    /// (three's `getLengths`).
    fn lengths(&self) -> Vec<f64> {
        let divisions = self.arc_length_divisions().max(1);
        let mut last = self.point(0.0);
        let mut sum = 0.0;
        let mut lengths = Vec::with_capacity(divisions + 1);
        lengths.push(0.0);
        for p in 1..=divisions {
            let current = self.point(p as f64 / divisions as f64);
            sum += current.distance(last);
            lengths.push(sum);
            last = current;
        }
        lengths
    }

    /// The `t` at which the arc length is `u` of the whole (three's `getUtoTmapping`): a binary
    /// search of [`lengths`](Curve3::lengths), then linear between the two chords' ends.
    fn u_to_t(&self, u: f64) -> f64 {
        let lengths = self.lengths();
        let count = lengths.len();
        let target = u * lengths[count - 1];
        let (mut low, mut high) = (0i64, count as i64 - 1);
        while low <= high {
            let i = low + (high - low) / 2;
            let comparison = lengths[i as usize] - target;
            if comparison < 0.0 {
                low = i + 1;
            } else if comparison > 0.0 {
                high = i - 1;
            } else {
                high = i;
                break;
            }
        }
        // `high` is the last chord end at or before the target (0 at least for u ≥ 0).
        let i = high.max(0) as usize;
        if lengths[i] == target {
            return i as f64 / (count - 1) as f64;
        }
        let before = lengths[i];
        let after = lengths[(i + 1).min(count - 1)];
        let fraction = (target - before) / (after - before);
        (i as f64 + fraction) / (count - 1) as f64
    }

    /// The point at arc-length fraction `u` (three's `getPointAt`).
    fn point_at(&self, u: f64) -> DVec3 {
        self.point(self.u_to_t(u))
    }

    /// The unit tangent at `t`: the chord from t − 0.0001 to t + 0.0001, clamped to 0..=1
    /// (three's `getTangent`).
    fn tangent(&self, t: f64) -> DVec3 {
        let delta = 0.0001;
        let t1 = (t - delta).max(0.0);
        let t2 = (t + delta).min(1.0);
        unit(self.point(t2) - self.point(t1))
    }

    /// The tangent at arc-length fraction `u` (three's `getTangentAt`).
    fn tangent_at(&self, u: f64) -> DVec3 {
        self.tangent(self.u_to_t(u))
    }
}

impl<F: Fn(f64) -> DVec3> Curve3 for F {
    fn point(&self, t: f64) -> DVec3 {
        self(t)
    }
}

/// The tangents, normals and binormals of three's `computeFrenetFrames`: tangents at
/// `segments + 1` even arc-length steps, the first normal perpendicular to the tangent's
/// smallest axis, each next one turned by the angle between neighbouring tangents (parallel
/// transport); a closed curve's normals are then twisted evenly so the last meets the first.
#[derive(Clone, Debug, PartialEq)]
pub struct FrenetFrames {
    /// The unit tangents.
    pub tangents: Vec<DVec3>,
    /// The normals.
    pub normals: Vec<DVec3>,
    /// The binormals, tangent × normal.
    pub binormals: Vec<DVec3>,
}

/// three's `curve.computeFrenetFrames(segments, closed)`.
pub fn frenet_frames(
    curve: &(impl Curve3 + ?Sized),
    segments: usize,
    closed: bool,
) -> FrenetFrames {
    let tangents: Vec<DVec3> = (0..=segments)
        .map(|i| curve.tangent_at(i as f64 / segments as f64))
        .collect();
    let t0 = tangents[0];
    // The axis along which the first tangent is smallest; ties go to the later axis, as three's
    // `<=` chain does.
    let (tx, ty, tz) = (t0.x.abs(), t0.y.abs(), t0.z.abs());
    let mut min = f64::MAX;
    let mut axis = DVec3::X;
    if tx <= min {
        min = tx;
        axis = DVec3::X;
    }
    if ty <= min {
        min = ty;
        axis = DVec3::Y;
    }
    if tz <= min {
        axis = DVec3::Z;
    }
    let vec = unit(t0.cross(axis));
    let mut normals = vec![t0.cross(vec)];
    let mut binormals = vec![t0.cross(normals[0])];
    for i in 1..=segments {
        let mut normal = normals[i - 1];
        let turn = tangents[i - 1].cross(tangents[i]);
        if turn.length() > f64::EPSILON {
            let turn = unit(turn);
            let theta = tangents[i - 1].dot(tangents[i]).clamp(-1.0, 1.0).acos();
            normal = rotate_about(normal, turn, theta);
        }
        normals.push(normal);
        binormals.push(tangents[i].cross(normal));
    }
    if closed {
        let mut theta = normals[0].dot(normals[segments]).clamp(-1.0, 1.0).acos();
        theta /= segments as f64;
        if tangents[0].dot(normals[0].cross(normals[segments])) > 0.0 {
            theta = -theta;
        }
        for i in 1..=segments {
            normals[i] = rotate_about(normals[i], tangents[i], theta * i as f64);
            binormals[i] = tangents[i].cross(normals[i]);
        }
    }
    FrenetFrames {
        tangents,
        normals,
        binormals,
    }
}

/// three's `LineCurve3(v1, v2)`: the segment from `v1` to `v2`, whose arc length is its
/// parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineCurve3 {
    /// The start.
    pub v1: DVec3,
    /// The end.
    pub v2: DVec3,
}

impl Curve3 for LineCurve3 {
    fn point(&self, t: f64) -> DVec3 {
        if t == 1.0 {
            self.v2
        } else {
            (self.v2 - self.v1) * t + self.v1
        }
    }

    fn check(&self) -> Result<(), RenderError> {
        Check::new("LineCurve3")
            .points("v1", &[self.v1.to_array()])
            .points("v2", &[self.v2.to_array()])
            .done()
    }

    fn point_at(&self, u: f64) -> DVec3 {
        self.point(u)
    }

    fn tangent(&self, _t: f64) -> DVec3 {
        unit(self.v2 - self.v1)
    }

    fn tangent_at(&self, u: f64) -> DVec3 {
        self.tangent(u)
    }
}

/// three's `QuadraticBezierCurve3(v0, v1, v2)`: from `v0` to `v2`, pulled toward `v1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuadraticBezierCurve3 {
    /// The start.
    pub v0: DVec3,
    /// The control point.
    pub v1: DVec3,
    /// The end.
    pub v2: DVec3,
}

impl Default for QuadraticBezierCurve3 {
    /// three's `TubeGeometry` default path: (−1, −1, 0), (−1, 1, 0), (1, 1, 0).
    fn default() -> Self {
        QuadraticBezierCurve3 {
            v0: DVec3::new(-1.0, -1.0, 0.0),
            v1: DVec3::new(-1.0, 1.0, 0.0),
            v2: DVec3::new(1.0, 1.0, 0.0),
        }
    }
}

/// three's `QuadraticBezier(t, p0, p1, p2)` of one coordinate, term by term.
pub(super) fn quadratic_bezier(t: f64, p0: f64, p1: f64, p2: f64) -> f64 {
    let k = 1.0 - t;
    k * k * p0 + 2.0 * (1.0 - t) * t * p1 + t * t * p2
}

impl Curve3 for QuadraticBezierCurve3 {
    fn point(&self, t: f64) -> DVec3 {
        let (a, b, c) = (self.v0, self.v1, self.v2);
        DVec3::new(
            quadratic_bezier(t, a.x, b.x, c.x),
            quadratic_bezier(t, a.y, b.y, c.y),
            quadratic_bezier(t, a.z, b.z, c.z),
        )
    }

    fn check(&self) -> Result<(), RenderError> {
        Check::new("QuadraticBezierCurve3")
            .points("points", &[self.v0, self.v1, self.v2].map(|v| v.to_array()))
            .done()
    }
}

/// How a [`CatmullRomCurve3`] spaces its knots (three's `curveType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CatmullRomType {
    /// Knots spaced by the square root of the chord length (`'centripetal'`); the default.
    #[default]
    Centripetal,
    /// Knots spaced by the chord length (`'chordal'`).
    Chordal,
    /// Evenly spaced knots with a tension (`'catmullrom'`).
    Uniform,
}

/// three's `CatmullRomCurve3(points, closed, curveType, tension)`: a spline through every
/// point; an open curve extends its ends by reflecting the second and the last-but-one points.
#[derive(Clone, Debug, PartialEq)]
pub struct CatmullRomCurve3 {
    /// The points it passes through; at least 2.
    pub points: Vec<DVec3>,
    /// Whether it returns to its first point; false by default.
    pub closed: bool,
    /// How it spaces its knots; centripetal by default.
    pub curve_type: CatmullRomType,
    /// The tension of a [`CatmullRomType::Uniform`] curve; 0.5 by default.
    pub tension: f64,
}

impl CatmullRomCurve3 {
    /// An open centripetal spline through `points`.
    pub fn new(points: Vec<DVec3>) -> CatmullRomCurve3 {
        CatmullRomCurve3 {
            points,
            closed: false,
            curve_type: CatmullRomType::Centripetal,
            tension: 0.5,
        }
    }
}

/// The cubic `c0 + c1 t + c2 t² + c3 t³` from ends x0, x1 and tangents t0, t1 (three's
/// `CubicPoly`).
fn cubic(x0: f64, x1: f64, t0: f64, t1: f64, t: f64) -> f64 {
    let c2 = -3.0 * x0 + 3.0 * x1 - 2.0 * t0 - t1;
    let c3 = 2.0 * x0 - 2.0 * x1 + t0 + t1;
    let t2 = t * t;
    let t3 = t2 * t;
    x0 + t0 * t + c2 * t2 + c3 * t3
}

/// One coordinate of the non-uniform spline (three's `initNonuniformCatmullRom`).
fn nonuniform(x: [f64; 4], dt: [f64; 3], t: f64) -> f64 {
    let [x0, x1, x2, x3] = x;
    let [dt0, dt1, dt2] = dt;
    let t1 = ((x1 - x0) / dt0 - (x2 - x0) / (dt0 + dt1) + (x2 - x1) / dt1) * dt1;
    let t2 = ((x2 - x1) / dt1 - (x3 - x1) / (dt1 + dt2) + (x3 - x2) / dt2) * dt1;
    cubic(x1, x2, t1, t2, t)
}

impl Curve3 for CatmullRomCurve3 {
    /// The point at `t` (three's `getPoint`). A curve of fewer than two points, which
    /// [`check`](Curve3::check) refuses, gives its one point or NaN.
    fn point(&self, t: f64) -> DVec3 {
        let points = &self.points;
        match points.len() {
            0 => return DVec3::NAN,
            1 => return points[0],
            _ => {}
        }
        let l = points.len() as i64;
        let p = (l - if self.closed { 0 } else { 1 }) as f64 * t;
        let mut int_point = p.floor() as i64;
        let mut weight = p - int_point as f64;
        // three moves a closed curve's index up by whole turns before taking it modulo the
        // count; indexing by the index's remainder here is the same, and cannot overflow.
        if !self.closed && weight == 0.0 && int_point == l - 1 {
            int_point = l - 2;
            weight = 1.0;
        }
        let base = int_point.rem_euclid(l);
        let at = |offset: i64| points[(base + offset).rem_euclid(l) as usize];
        let p0 = if self.closed || int_point > 0 {
            at(-1)
        } else {
            (points[0] - points[1]) + points[0]
        };
        let (p1, p2) = (at(0), at(1));
        let p3 = if self.closed || int_point.saturating_add(2) < l {
            at(2)
        } else {
            let n = points.len();
            (points[n - 1] - points[n - 2]) + points[n - 1]
        };
        let coordinate = |c: usize| {
            let x = [p0[c], p1[c], p2[c], p3[c]];
            match self.curve_type {
                CatmullRomType::Uniform => {
                    let (t0, t1) = (self.tension * (x[2] - x[0]), self.tension * (x[3] - x[1]));
                    cubic(x[1], x[2], t0, t1, weight)
                }
                CatmullRomType::Centripetal | CatmullRomType::Chordal => {
                    let pow = if self.curve_type == CatmullRomType::Chordal {
                        0.5
                    } else {
                        0.25
                    };
                    let mut dt0 = p0.distance_squared(p1).powf(pow);
                    let mut dt1 = p1.distance_squared(p2).powf(pow);
                    let mut dt2 = p2.distance_squared(p3).powf(pow);
                    if dt1 < 1e-4 {
                        dt1 = 1.0;
                    }
                    if dt0 < 1e-4 {
                        dt0 = dt1;
                    }
                    if dt2 < 1e-4 {
                        dt2 = dt1;
                    }
                    nonuniform(x, [dt0, dt1, dt2], weight)
                }
            }
        };
        DVec3::new(coordinate(0), coordinate(1), coordinate(2))
    }

    fn check(&self) -> Result<(), RenderError> {
        let points: Vec<[f64; 3]> = self.points.iter().map(|p| p.to_array()).collect();
        Check::new("CatmullRomCurve3")
            .count(
                "points",
                points.len(),
                2,
                MAX_CURVE_POINTS,
                "2 to MAX_CURVE_POINTS (4096) points",
            )
            .points("points", &points)
            .finite("tension", self.tension)
            .done()
    }
}
