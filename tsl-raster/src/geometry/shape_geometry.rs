//! three.js's `ShapeGeometry`.

use super::params::{finish, Check};
use super::shape::{is_clockwise, triangulate_shape, Path, Shape};
use super::{Builder, Geometry};
use crate::RenderError;

/// `ShapeGeometry(shapes, curveSegments)`: each shape's outline and holes sampled, triangulated
/// as three does (earcut), flat in the xy plane facing +z; uvs are the xy coordinates. Each
/// shape's vertices are its outline's points turned clockwise, then each hole's turned
/// counter-clockwise.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeGeometry {
    /// The shapes; three's default is the triangle (0, 0.5), (−0.5, −0.5), (0.5, −0.5).
    pub shapes: Vec<Shape>,
    /// Points per curved piece (lines take their two ends); 12 by default.
    pub curve_segments: u32,
}

impl Default for ShapeGeometry {
    fn default() -> Self {
        ShapeGeometry {
            shapes: vec![Shape::new(Path::from_points(&[
                [0.0, 0.5],
                [-0.5, -0.5],
                [0.5, -0.5],
            ]))],
            curve_segments: 12,
        }
    }
}

impl ShapeGeometry {
    /// One shape, 12 points per curved piece.
    pub fn new(shape: Shape) -> ShapeGeometry {
        ShapeGeometry {
            shapes: vec![shape],
            curve_segments: 12,
        }
    }

    /// The triangles. Refuses what each shape's check refuses (an empty or non-finite outline
    /// or hole, too many pieces), a curve segment count of 0 or over
    /// [`MAX_SEGMENTS`](super::MAX_SEGMENTS), and more than
    /// [`MAX_GENERATED_VERTICES`](super::MAX_GENERATED_VERTICES) points in all.
    pub fn build(&self) -> Result<Geometry, RenderError> {
        let mut points = Some(0usize);
        for shape in &self.shapes {
            shape.check("ShapeGeometry", self.curve_segments)?;
            points = points
                .zip(shape.point_bound(self.curve_segments))
                .and_then(|(a, b)| a.checked_add(b));
        }
        Check::new("ShapeGeometry").vertices(points).done()?;
        let mut b = Builder::default();
        for shape in &self.shapes {
            let offset = b.positions.len();
            let (mut outline, mut holes) = shape.extract_points(self.curve_segments);
            if !is_clockwise(&outline) {
                outline.reverse();
            }
            for hole in &mut holes {
                if is_clockwise(hole) {
                    hole.reverse();
                }
            }
            let faces = triangulate_shape(&mut outline, &mut holes);
            for p in outline.iter().chain(holes.iter().flatten()) {
                b.vertex([p.x, p.y, 0.0], [0.0, 0.0, 1.0], [p.x, p.y]);
            }
            for f in faces {
                b.triangle(f[0] + offset, f[1] + offset, f[2] + offset);
            }
        }
        finish(b)
    }
}
