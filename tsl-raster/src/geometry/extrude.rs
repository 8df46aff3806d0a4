//! three.js's `ExtrudeGeometry`: straight along z with bevels, or along a Catmull-Rom path.

use super::curve::{frenet_frames, CatmullRomCurve3, Curve3};
use super::params::Check;
use super::shape::{is_clockwise, triangulate_shape, Path, Shape};
use super::three_math::flat_normals;
use super::Geometry;
use crate::RenderError;
use glam::{DVec2, DVec3, Vec2};
use std::f64::consts::PI;

/// `ExtrudeGeometry(shapes, options)`: each shape pushed from z = 0 to z = `depth` in `steps`,
/// with rounded bevels of `bevel_segments` rings at both ends; a back lid, a front lid, then
/// the side walls (outline, then holes), not indexed, with flat normals (three's
/// `computeVertexNormals`) and three's `WorldUVGenerator` uvs (lids: x, y; walls: x or y, and
/// 1 − z).
/// With an `extrude_path` the shape's x and y follow the path's Frenet normal and binormal at
/// `steps + 1` even arc-length steps instead, without bevels, as three does.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtrudeGeometry {
    /// The shapes; three's default is the square from (−0.5, −0.5) to (0.5, 0.5).
    pub shapes: Vec<Shape>,
    /// Points per curved piece; 12 by default.
    pub curve_segments: u32,
    /// Rings between the lids; 1 by default.
    pub steps: u32,
    /// How far along z; 1 by default.
    pub depth: f64,
    /// Whether the ends are bevelled; true by default.
    pub bevel_enabled: bool,
    /// How far the bevel reaches beyond each lid along z; 0.2 by default.
    pub bevel_thickness: f64,
    /// How far the bevel reaches out from the outline; `None` is three's default,
    /// `bevel_thickness − 0.1`.
    pub bevel_size: Option<f64>,
    /// How far the bevel starts out from the outline; 0 by default.
    pub bevel_offset: f64,
    /// Rings in each bevel; 3 by default.
    pub bevel_segments: u32,
    /// three's `extrudePath`: a curve to sweep the shape along instead of z (bevels off, the
    /// frames closed when the curve is); `None` by default. three takes any curve; this takes
    /// the Catmull-Rom spline its examples use.
    pub extrude_path: Option<CatmullRomCurve3>,
}

impl Default for ExtrudeGeometry {
    fn default() -> Self {
        ExtrudeGeometry::new(Shape::new(Path::from_points(&[
            [0.5, 0.5],
            [-0.5, 0.5],
            [-0.5, -0.5],
            [0.5, -0.5],
        ])))
    }
}

/// The bevel's settings after three turns them off for `bevel_enabled = false`.
#[derive(Clone, Copy)]
struct Bevel {
    enabled: bool,
    segments: usize,
    thickness: f64,
    size: f64,
    offset: f64,
}

/// three's `mergeOverlappingPoints`: drops a point within 1e-10 (relative) of the one before,
/// the first point compared with the last.
fn merge_overlapping(points: &mut Vec<DVec2>) {
    const THRESHOLD_SQ: f64 = 1e-10 * 1e-10;
    let Some(&first) = points.first() else { return };
    let mut previous = first;
    let mut i = 1;
    while !points.is_empty() && i <= points.len() {
        let index = i % points.len();
        let current = points[index];
        let d = current - previous;
        let scale = current
            .x
            .abs()
            .max(current.y.abs())
            .max(previous.x.abs())
            .max(previous.y.abs());
        if d.x * d.x + d.y * d.y <= THRESHOLD_SQ * scale * scale {
            points.remove(index);
            continue;
        }
        previous = current;
        i += 1;
    }
}

/// three's `getBevelVec`: how a point moves as the bevel grows, from its two edges.
fn bevel_vec(point: DVec2, prev: DVec2, next: DVec2) -> DVec2 {
    let (vpx, vpy) = (point.x - prev.x, point.y - prev.y);
    let (vnx, vny) = (next.x - point.x, next.y - point.y);
    let prev_len_sq = vpx * vpx + vpy * vpy;
    let collinear = vpx * vny - vpy * vnx;
    let (tx, ty, shrink);
    if collinear.abs() > f64::EPSILON {
        let prev_len = prev_len_sq.sqrt();
        let next_len = (vnx * vnx + vny * vny).sqrt();
        let (psx, psy) = (prev.x - vpy / prev_len, prev.y + vpx / prev_len);
        let (nsx, nsy) = (next.x - vny / next_len, next.y + vnx / next_len);
        let sf = ((nsx - psx) * vny - (nsy - psy) * vnx) / (vpx * vny - vpy * vnx);
        tx = psx + vpx * sf - point.x;
        ty = psy + vpy * sf - point.y;
        let trans_len_sq = tx * tx + ty * ty;
        if trans_len_sq <= 2.0 {
            return DVec2::new(tx, ty);
        }
        shrink = (trans_len_sq / 2.0).sqrt();
    } else {
        let sign = |v: f64| {
            if v > 0.0 {
                1
            } else if v < 0.0 {
                -1
            } else {
                0
            }
        };
        let same_direction = if vpx > f64::EPSILON {
            vnx > f64::EPSILON
        } else if vpx < -f64::EPSILON {
            vnx < -f64::EPSILON
        } else {
            sign(vpy) == sign(vny)
        };
        if same_direction {
            (tx, ty, shrink) = (-vpy, vpx, prev_len_sq.sqrt());
        } else {
            (tx, ty, shrink) = (vpx, vpy, (prev_len_sq / 2.0).sqrt());
        }
    }
    DVec2::new(tx / shrink, ty / shrink)
}

/// Each point's bevel movement around its closed ring.
fn ring_movements(ring: &[DVec2]) -> Vec<DVec2> {
    let n = ring.len();
    (0..n)
        .map(|i| bevel_vec(ring[i], ring[(i + n - 1) % n], ring[(i + 1) % n]))
        .collect()
}

/// three's `scalePt2`: `pt + vec · size`.
fn scaled(point: DVec2, movement: DVec2, size: f64) -> DVec2 {
    DVec2::new(point.x + movement.x * size, point.y + movement.y * size)
}

/// The triangles' corners and uvs as three pushes them (f64, before the f32 store).
#[derive(Default)]
struct Out {
    positions: Vec<DVec3>,
    uvs: Vec<DVec2>,
}

impl ExtrudeGeometry {
    /// One shape with three's default options.
    pub fn new(shape: Shape) -> ExtrudeGeometry {
        ExtrudeGeometry {
            shapes: vec![shape],
            curve_segments: 12,
            steps: 1,
            depth: 1.0,
            bevel_enabled: true,
            bevel_thickness: 0.2,
            bevel_size: None,
            bevel_offset: 0.0,
            bevel_segments: 3,
            extrude_path: None,
        }
    }

    fn bevel(&self) -> Bevel {
        if self.bevel_enabled && self.extrude_path.is_none() {
            Bevel {
                enabled: true,
                segments: self.bevel_segments as usize,
                thickness: self.bevel_thickness,
                size: self.bevel_size.unwrap_or(self.bevel_thickness - 0.1),
                offset: self.bevel_offset,
            }
        } else {
            Bevel {
                enabled: false,
                segments: 0,
                thickness: 0.0,
                size: 0.0,
                offset: 0.0,
            }
        }
    }

    /// three's `addShape`: the rings of vertices (the `placeholder`), then the lids and walls.
    fn add_shape(&self, shape: &Shape, out: &mut Out) {
        let bevel = self.bevel();
        let steps = self.steps as usize;
        let (mut contour, mut holes) = shape.extract_points(self.curve_segments);
        if !is_clockwise(&contour) {
            contour.reverse();
            for hole in &mut holes {
                if is_clockwise(hole) {
                    hole.reverse();
                }
            }
        }
        merge_overlapping(&mut contour);
        holes.iter_mut().for_each(merge_overlapping);
        let vertices: Vec<DVec2> = contour
            .iter()
            .chain(holes.iter().flatten())
            .copied()
            .collect();
        let vlen = vertices.len();
        let contour_moves = ring_movements(&contour);
        let hole_moves: Vec<Vec<DVec2>> = holes.iter().map(|h| ring_movements(h)).collect();
        let vertex_moves: Vec<DVec2> = contour_moves
            .iter()
            .chain(hole_moves.iter().flatten())
            .copied()
            .collect();
        let mut placeholder: Vec<DVec3> = Vec::new();
        // One bevel ring at z: the contour, then the holes, each moved out by `size`.
        let bevel_ring = |placeholder: &mut Vec<DVec3>, size: f64, z: f64| {
            let rings =
                std::iter::once((&contour, &contour_moves)).chain(holes.iter().zip(&hole_moves));
            for (ring, moves) in rings {
                for (p, m) in ring.iter().zip(moves) {
                    let v = scaled(*p, *m, size);
                    placeholder.push(DVec3::new(v.x, v.y, z));
                }
            }
        };
        let faces = if bevel.segments == 0 {
            triangulate_shape(&mut contour.clone(), &mut holes.clone())
        } else {
            for b in 0..bevel.segments {
                let t = b as f64 / bevel.segments as f64;
                let z = bevel.thickness * (t * PI / 2.0).cos();
                let size = bevel.size * (t * PI / 2.0).sin() + bevel.offset;
                bevel_ring(&mut placeholder, size, -z);
            }
            // The lids follow the first (t = 0) ring: the outline moved out by the offset.
            let mut contracted: Vec<DVec2> = contour
                .iter()
                .zip(&contour_moves)
                .map(|(p, m)| scaled(*p, *m, bevel.offset))
                .collect();
            let mut expanded: Vec<Vec<DVec2>> = holes
                .iter()
                .zip(&hole_moves)
                .map(|(h, ms)| {
                    h.iter()
                        .zip(ms)
                        .map(|(p, m)| scaled(*p, *m, bevel.offset))
                        .collect()
                })
                .collect();
            triangulate_shape(&mut contracted, &mut expanded)
        };
        let size = bevel.size + bevel.offset;
        // Along a path: the path's points at even arc-length steps and its frames there.
        let along = self.extrude_path.as_ref().map(|path| {
            let points: Vec<DVec3> = (0..=steps)
                .map(|s| path.point_at(s as f64 / steps as f64))
                .collect();
            (points, frenet_frames(path, steps, path.closed))
        });
        for s in 0..=steps {
            let z = if s == 0 {
                0.0
            } else {
                self.depth / steps as f64 * s as f64
            };
            for (p, m) in vertices.iter().zip(&vertex_moves) {
                let v = if bevel.enabled {
                    scaled(*p, *m, size)
                } else {
                    *p
                };
                placeholder.push(match &along {
                    None => DVec3::new(v.x, v.y, z),
                    Some((points, frames)) => {
                        points[s] + frames.normals[s] * v.x + frames.binormals[s] * v.y
                    }
                });
            }
        }
        for b in (0..bevel.segments).rev() {
            let t = b as f64 / bevel.segments as f64;
            let z = bevel.thickness * (t * PI / 2.0).cos();
            let size = bevel.size * (t * PI / 2.0).sin() + bevel.offset;
            bevel_ring(&mut placeholder, size, self.depth + z);
        }
        // Lids: the back one reversed, the front one on the last layer.
        let last_layer = vlen * (steps + bevel.segments * 2);
        for f in &faces {
            out.top([f[2], f[1], f[0]].map(|i| placeholder[i]));
        }
        for f in &faces {
            out.top([f[0], f[1], f[2]].map(|i| placeholder[i + last_layer]));
        }
        // Walls: the outline, then each hole, each ring from its last point back.
        let mut layer_offset = 0;
        let layers = steps + bevel.segments * 2;
        for ring_len in std::iter::once(contour.len()).chain(holes.iter().map(Vec::len)) {
            for j in (0..ring_len).rev() {
                let k = if j == 0 { ring_len - 1 } else { j - 1 };
                for s in 0..layers {
                    let (l1, l2) = (vlen * s, vlen * (s + 1));
                    let corner = |i: usize, l: usize| placeholder[layer_offset + i + l];
                    out.wall([corner(j, l1), corner(k, l1), corner(k, l2), corner(j, l2)]);
                }
            }
            layer_offset += ring_len;
        }
    }

    /// The triangles. Refuses what each shape's check refuses, segment, step and bevel counts of
    /// 0 (bevel segments may be 0) or over [`MAX_SEGMENTS`](super::MAX_SEGMENTS), non-finite or
    /// negative sizes (the bevel's offset may be negative), more than
    /// [`MAX_GENERATED_VERTICES`](super::MAX_GENERATED_VERTICES) vertices in all, and what the
    /// path's check refuses.
    pub fn build(&self) -> Result<Geometry, RenderError> {
        for shape in &self.shapes {
            shape.check("ExtrudeGeometry", self.curve_segments)?;
        }
        let mut check = Check::new("ExtrudeGeometry")
            .segments("steps", self.steps)
            .size("depth", self.depth)
            .size("bevel_thickness", self.bevel_thickness)
            .finite("bevel_offset", self.bevel_offset)
            .count(
                "bevel_segments",
                self.bevel_segments as usize,
                0,
                super::MAX_SEGMENTS as usize,
                "0 to MAX_SEGMENTS (1024)",
            );
        if let Some(size) = self.bevel_size {
            check = check.finite("bevel_size", size);
        }
        // Each point makes a wall quad (six corners) per layer and about one lid triangle
        // (three corners) at each end.
        let layers = self.steps as usize + 2 * self.bevel_segments as usize;
        let mut points = Some(0usize);
        for shape in &self.shapes {
            points = points
                .zip(shape.point_bound(self.curve_segments))
                .and_then(|(a, b)| a.checked_add(b));
        }
        check = check.vertices(points.and_then(|p| p.checked_mul(6 * layers + 6)));
        check.done()?;
        if let Some(path) = &self.extrude_path {
            path.check()?;
        }
        let mut out = Out::default();
        for shape in &self.shapes {
            self.add_shape(shape, &mut out);
        }
        let positions: Vec<glam::Vec3> = out.positions.iter().map(|p| p.as_vec3()).collect();
        let normals = flat_normals(&positions);
        let uvs = out
            .uvs
            .iter()
            .map(|t| Vec2::new(t.x as f32, t.y as f32))
            .collect();
        Geometry::from_triangles(positions, Some(normals), Some(uvs))
    }
}

impl Out {
    /// three's `f3` with `generateTopUV`: a lid triangle, uvs its x and y.
    fn top(&mut self, corners: [DVec3; 3]) {
        for c in corners {
            self.positions.push(c);
            self.uvs.push(DVec2::new(c.x, c.y));
        }
    }

    /// three's `f4` with `generateSideWallUV`: the quad abcd as triangles abd, bcd; u along x
    /// where the edge ab runs more along x than y, else along y; v is 1 − z.
    fn wall(&mut self, quad: [DVec3; 4]) {
        let [a, b, _, _] = quad;
        let along_x = (a.y - b.y).abs() < (a.x - b.x).abs();
        let uv = |c: DVec3| DVec2::new(if along_x { c.x } else { c.y }, 1.0 - c.z);
        for i in [0, 1, 3, 1, 2, 3] {
            self.positions.push(quad[i]);
            self.uvs.push(uv(quad[i]));
        }
    }
}
