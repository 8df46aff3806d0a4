//! three.js's 2D paths and shapes as far as `ShapeGeometry` and `ExtrudeGeometry` need them:
//! `Path` (`moveTo`, `lineTo`, `quadraticCurveTo`, `bezierCurveTo`), `Shape` (an outline and
//! holes), `CurvePath.getPoints`, and `ShapeUtils` (`area`, `isClockWise`,
//! `triangulateShape` over earcut).

use super::curve::quadratic_bezier;
use super::earcut::earcut;
use super::params::Check;
use crate::RenderError;
use glam::DVec2;

/// The most pieces a [`Path`] accepts, and the most holes a [`Shape`] accepts.
pub const MAX_PATH_PIECES: usize = 4096;

/// One piece of a path, as three's 2D curves.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Piece {
    /// `LineCurve(v1, v2)`: sampled at its two ends whatever the division count.
    Line(DVec2, DVec2),
    /// `QuadraticBezierCurve(v0, v1, v2)`.
    Quadratic(DVec2, DVec2, DVec2),
    /// `CubicBezierCurve(v0, v1, v2, v3)`.
    Cubic(DVec2, DVec2, DVec2, DVec2),
}

/// three's `CubicBezier(t, p0, p1, p2, p3)` of one coordinate, term by term.
fn cubic_bezier(t: f64, p0: f64, p1: f64, p2: f64, p3: f64) -> f64 {
    let k = 1.0 - t;
    k * k * k * p0 + 3.0 * k * k * t * p1 + 3.0 * (1.0 - t) * t * t * p2 + t * t * t * p3
}

impl Piece {
    /// The point at `t` (the curve's `getPoint`).
    fn point(&self, t: f64) -> DVec2 {
        match *self {
            Piece::Line(v1, v2) => {
                if t == 1.0 {
                    v2
                } else {
                    (v2 - v1) * t + v1
                }
            }
            Piece::Quadratic(a, b, c) => DVec2::new(
                quadratic_bezier(t, a.x, b.x, c.x),
                quadratic_bezier(t, a.y, b.y, c.y),
            ),
            Piece::Cubic(a, b, c, d) => DVec2::new(
                cubic_bezier(t, a.x, b.x, c.x, d.x),
                cubic_bezier(t, a.y, b.y, c.y, d.y),
            ),
        }
    }

    fn coordinates(&self) -> Vec<[f64; 2]> {
        let points: &[DVec2] = match self {
            Piece::Line(a, b) => &[*a, *b],
            Piece::Quadratic(a, b, c) => &[*a, *b, *c],
            Piece::Cubic(a, b, c, d) => &[*a, *b, *c, *d],
        };
        points.iter().map(|p| p.to_array()).collect()
    }
}

/// three's `Path`: pieces drawn from a current point. `move_to` moves the pen without drawing
/// (three's path stays one list of pieces; a shape's outline is the points of all of them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    pieces: Vec<Piece>,
    current: DVec2,
}

impl Path {
    /// An empty path at the origin.
    pub fn new() -> Path {
        Path::default()
    }

    /// three's `new Path(points)` (`setFromPoints`): a move to the first point, lines to the
    /// others.
    pub fn from_points(points: &[[f64; 2]]) -> Path {
        let mut path = Path::new();
        if let Some((first, rest)) = points.split_first() {
            path = path.move_to(first[0], first[1]);
            for p in rest {
                path = path.line_to(p[0], p[1]);
            }
        }
        path
    }

    /// Moves the pen to (x, y) (`moveTo`).
    pub fn move_to(mut self, x: f64, y: f64) -> Path {
        self.current = DVec2::new(x, y);
        self
    }

    /// A straight line to (x, y) (`lineTo`).
    pub fn line_to(mut self, x: f64, y: f64) -> Path {
        let end = DVec2::new(x, y);
        self.pieces.push(Piece::Line(self.current, end));
        self.current = end;
        self
    }

    /// A quadratic Bézier through the control point (cx, cy) to (x, y) (`quadraticCurveTo`).
    pub fn quadratic_curve_to(mut self, cx: f64, cy: f64, x: f64, y: f64) -> Path {
        let end = DVec2::new(x, y);
        self.pieces
            .push(Piece::Quadratic(self.current, DVec2::new(cx, cy), end));
        self.current = end;
        self
    }

    /// A cubic Bézier through two control points to (x, y) (`bezierCurveTo`).
    pub fn bezier_curve_to(mut self, c1: [f64; 2], c2: [f64; 2], x: f64, y: f64) -> Path {
        let end = DVec2::new(x, y);
        self.pieces.push(Piece::Cubic(
            self.current,
            DVec2::from_array(c1),
            DVec2::from_array(c2),
            end,
        ));
        self.current = end;
        self
    }

    /// The points three's `getPoints(divisions)` gives: each curve at `divisions + 1` even
    /// steps of its parameter (a line at its two ends), a point equal to the one before
    /// dropped.
    pub fn points(&self, divisions: u32) -> Vec<DVec2> {
        let mut points: Vec<DVec2> = Vec::new();
        for piece in &self.pieces {
            let resolution = match piece {
                Piece::Line(..) => 1,
                _ => divisions.max(1),
            };
            for d in 0..=resolution {
                let point = piece.point(d as f64 / resolution as f64);
                if points.last() != Some(&point) {
                    points.push(point);
                }
            }
        }
        points
    }

    /// How many points [`points`](Path::points) gives at most (`None`: past `usize`).
    fn point_bound(&self, divisions: u32) -> Option<usize> {
        self.pieces.iter().try_fold(0usize, |sum, piece| {
            let resolution = match piece {
                Piece::Line(..) => 1,
                _ => divisions.max(1) as usize,
            };
            sum.checked_add(resolution + 1)
        })
    }

    fn check(&self, check: Check, parameter: &'static str) -> Check {
        let coordinates: Vec<[f64; 2]> = self.pieces.iter().flat_map(Piece::coordinates).collect();
        check
            .count(
                parameter,
                self.pieces.len(),
                1,
                MAX_PATH_PIECES,
                "1 to MAX_PATH_PIECES (4096) pieces",
            )
            .points(parameter, &coordinates)
    }
}

/// three's `Shape`: an outline and holes in it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape {
    /// The outline.
    pub outline: Path,
    /// The holes.
    pub holes: Vec<Path>,
}

impl Shape {
    /// A shape of `outline` without holes.
    pub fn new(outline: Path) -> Shape {
        Shape {
            outline,
            holes: Vec::new(),
        }
    }

    /// The same shape with one more hole.
    pub fn with_hole(mut self, hole: Path) -> Shape {
        self.holes.push(hole);
        self
    }

    /// Refuses an outline or a hole without pieces or with non-finite points, and more than
    /// [`MAX_PATH_PIECES`] pieces or holes.
    pub(super) fn check(
        &self,
        generator: &'static str,
        curve_segments: u32,
    ) -> Result<(), RenderError> {
        let mut check = self.outline.check(Check::new(generator), "outline");
        check = check.count(
            "holes",
            self.holes.len(),
            0,
            MAX_PATH_PIECES,
            "0 to MAX_PATH_PIECES (4096) holes",
        );
        for hole in &self.holes {
            check = hole.check(check, "holes");
        }
        check.segments("curve_segments", curve_segments).done()
    }

    /// How many points [`extract_points`](Shape::extract_points) gives at most.
    pub(super) fn point_bound(&self, divisions: u32) -> Option<usize> {
        std::iter::once(&self.outline)
            .chain(&self.holes)
            .try_fold(0usize, |sum, path| {
                sum.checked_add(path.point_bound(divisions)?)
            })
    }

    /// three's `extractPoints(divisions)`: the outline's points and each hole's.
    pub(super) fn extract_points(&self, divisions: u32) -> (Vec<DVec2>, Vec<Vec<DVec2>>) {
        (
            self.outline.points(divisions),
            self.holes.iter().map(|h| h.points(divisions)).collect(),
        )
    }
}

/// three's `ShapeUtils.area`: the signed area, positive counter-clockwise.
pub(super) fn area(contour: &[DVec2]) -> f64 {
    let n = contour.len();
    let mut a = 0.0;
    let mut p = n.wrapping_sub(1);
    for q in 0..n {
        a += contour[p].x * contour[q].y - contour[q].x * contour[p].y;
        p = q;
    }
    a * 0.5
}

/// three's `ShapeUtils.isClockWise`.
pub(super) fn is_clockwise(points: &[DVec2]) -> bool {
    area(points) < 0.0
}

/// three's `removeDupEndPts`: drops a last point equal to the first (of three or more).
pub(super) fn remove_dup_end(points: &mut Vec<DVec2>) {
    let l = points.len();
    if l > 2 && points[l - 1] == points[0] {
        points.pop();
    }
}

/// three's `ShapeUtils.triangulateShape(contour, holes)`: drops each ring's repeated end point
/// (in place, as three does) and cuts the triangles with earcut; indices count the contour's
/// points, then each hole's.
pub(super) fn triangulate_shape(
    contour: &mut Vec<DVec2>,
    holes: &mut [Vec<DVec2>],
) -> Vec<[usize; 3]> {
    remove_dup_end(contour);
    let mut data: Vec<f64> = contour.iter().flat_map(|p| p.to_array()).collect();
    let mut hole_indices = Vec::with_capacity(holes.len());
    let mut hole_index = contour.len();
    for hole in holes.iter_mut() {
        remove_dup_end(hole);
    }
    for hole in holes.iter() {
        hole_indices.push(hole_index);
        hole_index += hole.len();
        data.extend(hole.iter().flat_map(|p| p.to_array()));
    }
    earcut(&data, &hole_indices)
        .chunks_exact(3)
        .map(|t| [t[0], t[1], t[2]])
        .collect()
}
