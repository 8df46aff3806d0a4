//! three.js's `PolyhedronGeometry` and the four platonic solids built on it (tetrahedron,
//! octahedron, icosahedron, dodecahedron).

use super::params::{Check, MAX_DETAIL};
use super::three_math::unit;
use super::Geometry;
use crate::RenderError;
use glam::{DVec3, Vec2, Vec3};
use std::f64::consts::PI;

/// The most vertices or faces a [`PolyhedronGeometry`] accepts in its base solid.
pub const MAX_POLYHEDRON_FACES: usize = 4096;

/// `PolyhedronGeometry(vertices, indices, radius, detail)`: each base face cut into
/// (detail + 1)² triangles, every vertex pushed onto the sphere of `radius`; not indexed (three
/// keeps each triangle's own three vertices). Normals are flat at detail 0 (each face's, as
/// three's `computeVertexNormals`) and the sphere's otherwise; uvs are the vertex's azimuth and
/// inclination with three's fixes at the seam and at the poles.
#[derive(Clone, Debug, PartialEq)]
pub struct PolyhedronGeometry {
    /// The base solid's vertices (any length: they are pushed onto the sphere).
    pub vertices: Vec<[f64; 3]>,
    /// The base solid's faces, counter-clockwise seen from outside.
    pub faces: Vec<[u32; 3]>,
    /// The sphere's radius; 1 by default.
    pub radius: f64,
    /// How many times each edge is cut; 0 by default.
    pub detail: u32,
}

/// The four platonic solids three.js names, with its vertices and faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platonic {
    /// `TetrahedronGeometry`: 4 faces.
    Tetrahedron,
    /// `OctahedronGeometry`: 8 faces.
    Octahedron,
    /// `IcosahedronGeometry`: 20 faces.
    Icosahedron,
    /// `DodecahedronGeometry`: 12 pentagons, three triangles each.
    Dodecahedron,
}

/// The golden ratio, as three computes it.
fn golden() -> f64 {
    (1.0 + 5f64.sqrt()) / 2.0
}

/// A flat list of face indices, three at a time.
fn faces(flat: &[u32]) -> Vec<[u32; 3]> {
    flat.chunks_exact(3).map(|f| [f[0], f[1], f[2]]).collect()
}

impl Platonic {
    /// three's vertices and faces for this solid.
    fn base(self) -> (Vec<[f64; 3]>, Vec<[u32; 3]>) {
        let t = golden();
        match self {
            Platonic::Tetrahedron => (
                vec![[1., 1., 1.], [-1., -1., 1.], [-1., 1., -1.], [1., -1., -1.]],
                faces(&[2, 1, 0, 0, 3, 2, 1, 3, 0, 2, 3, 1]),
            ),
            Platonic::Octahedron => (
                vec![
                    [1., 0., 0.],
                    [-1., 0., 0.],
                    [0., 1., 0.],
                    [0., -1., 0.],
                    [0., 0., 1.],
                    [0., 0., -1.],
                ],
                faces(&[
                    0, 2, 4, 0, 4, 3, 0, 3, 5, 0, 5, 2, 1, 2, 5, 1, 5, 3, 1, 3, 4, 1, 4, 2,
                ]),
            ),
            Platonic::Icosahedron => (
                vec![
                    [-1., t, 0.],
                    [1., t, 0.],
                    [-1., -t, 0.],
                    [1., -t, 0.],
                    [0., -1., t],
                    [0., 1., t],
                    [0., -1., -t],
                    [0., 1., -t],
                    [t, 0., -1.],
                    [t, 0., 1.],
                    [-t, 0., -1.],
                    [-t, 0., 1.],
                ],
                faces(&[
                    0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 0, 10, 11, 1, 5, 9, 5, 11, 4, 11, 10, 2,
                    10, 7, 6, 7, 1, 8, 3, 9, 4, 3, 4, 2, 3, 2, 6, 3, 6, 8, 3, 8, 9, 4, 9, 5, 2, 4,
                    11, 6, 2, 10, 8, 6, 7, 9, 8, 1,
                ]),
            ),
            Platonic::Dodecahedron => {
                let r = 1.0 / t;
                (
                    vec![
                        [-1., -1., -1.],
                        [-1., -1., 1.],
                        [-1., 1., -1.],
                        [-1., 1., 1.],
                        [1., -1., -1.],
                        [1., -1., 1.],
                        [1., 1., -1.],
                        [1., 1., 1.],
                        [0., -r, -t],
                        [0., -r, t],
                        [0., r, -t],
                        [0., r, t],
                        [-r, -t, 0.],
                        [-r, t, 0.],
                        [r, -t, 0.],
                        [r, t, 0.],
                        [-t, 0., -r],
                        [t, 0., -r],
                        [-t, 0., r],
                        [t, 0., r],
                    ],
                    faces(&[
                        3, 11, 7, 3, 7, 15, 3, 15, 13, 7, 19, 17, 7, 17, 6, 7, 6, 15, 17, 4, 8, 17,
                        8, 10, 17, 10, 6, 8, 0, 16, 8, 16, 2, 8, 2, 10, 0, 12, 1, 0, 1, 18, 0, 18,
                        16, 6, 10, 2, 6, 2, 13, 6, 13, 15, 2, 16, 18, 2, 18, 3, 2, 3, 13, 18, 1, 9,
                        18, 9, 11, 18, 11, 3, 4, 14, 12, 4, 12, 0, 4, 0, 8, 11, 9, 5, 11, 5, 19,
                        11, 19, 7, 19, 5, 14, 19, 14, 4, 19, 4, 17, 1, 12, 14, 1, 14, 5, 1, 5, 9,
                    ]),
                )
            }
        }
    }

    /// The solid of `radius` with each edge cut `detail` times, as three's
    /// `TetrahedronGeometry(radius, detail)` and its siblings.
    pub fn geometry(self, radius: f64, detail: u32) -> PolyhedronGeometry {
        let (vertices, faces) = self.base();
        PolyhedronGeometry {
            vertices,
            faces,
            radius,
            detail,
        }
    }
}

/// three's `Vector3.lerp`: `a + (b − a) · t`, component by component.
fn lerp(a: DVec3, b: DVec3, t: f64) -> DVec3 {
    a + (b - a) * t
}

/// The vertex's angle about y, from −x toward +z (three's `azimuth`).
fn azimuth(v: DVec3) -> f64 {
    v.z.atan2(-v.x)
}

/// The vertex's angle below the xz plane (three's `inclination`).
fn inclination(v: DVec3) -> f64 {
    (-v.y).atan2((v.x * v.x + v.z * v.z).sqrt())
}

/// The f32 a `Float32BufferAttribute` stores, read back as the f64 three computes with.
fn f32_of(v: DVec3) -> DVec3 {
    v.as_vec3().as_dvec3()
}

impl PolyhedronGeometry {
    /// Pushes the corners of `face`'s subdivision, three per triangle, in three's order.
    fn subdivide(&self, face: [u32; 3], out: &mut Vec<DVec3>) {
        let corner = |i: u32| DVec3::from_array(self.vertices[i as usize]);
        let (a, b, c) = (corner(face[0]), corner(face[1]), corner(face[2]));
        let cols = self.detail as usize + 1;
        let grid: Vec<Vec<DVec3>> = (0..=cols)
            .map(|i| {
                let aj = lerp(a, c, i as f64 / cols as f64);
                let bj = lerp(b, c, i as f64 / cols as f64);
                let rows = cols - i;
                (0..=rows)
                    .map(|j| {
                        if j == 0 && i == cols {
                            aj
                        } else {
                            lerp(aj, bj, j as f64 / rows as f64)
                        }
                    })
                    .collect()
            })
            .collect();
        for i in 0..cols {
            for j in 0..2 * (cols - i) - 1 {
                let k = j / 2;
                let corners = if j % 2 == 0 {
                    [grid[i][k + 1], grid[i + 1][k], grid[i][k]]
                } else {
                    [grid[i][k + 1], grid[i + 1][k + 1], grid[i + 1][k]]
                };
                out.extend(corners);
            }
        }
    }

    /// The uvs of three's `generateUVs`: azimuth and inclination, then `correctUVs` (a vertex
    /// at u = 1 in a face west of the seam moves to 0; a pole takes its face's azimuth) and
    /// `correctSeam` (a face across the seam has its small u moved up by 1).
    fn uvs(vertices: &[DVec3]) -> Vec<[f64; 2]> {
        let mut uvs: Vec<[f64; 2]> = vertices
            .iter()
            .map(|&v| {
                let u = azimuth(v) / 2.0 / PI + 0.5;
                let w = inclination(v) / PI + 0.5;
                [u, 1.0 - w]
            })
            .collect();
        for (face, uv) in vertices.chunks_exact(3).zip(uvs.chunks_exact_mut(3)) {
            let centroid = (face[0] + face[1] + face[2]) * (1.0 / 3.0);
            let azi = azimuth(centroid);
            for (v, uv) in face.iter().zip(uv.iter_mut()) {
                if azi < 0.0 && uv[0] == 1.0 {
                    uv[0] -= 1.0;
                }
                if v.x == 0.0 && v.z == 0.0 {
                    uv[0] = azi / 2.0 / PI + 0.5;
                }
            }
        }
        for uv in uvs.chunks_exact_mut(3) {
            let xs = [uv[0][0], uv[1][0], uv[2][0]];
            let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
            if max > 0.9 && min < 0.1 {
                for corner in uv.iter_mut().filter(|c| c[0] < 0.2) {
                    corner[0] += 1.0;
                }
            }
        }
        uvs
    }

    /// The triangles. Refuses more than [`MAX_POLYHEDRON_FACES`] vertices or faces, a face
    /// that names a missing vertex, non-finite vertices, a negative or non-finite radius, a
    /// detail over [`MAX_DETAIL`](super::MAX_DETAIL), and more than
    /// [`MAX_GENERATED_VERTICES`](super::MAX_GENERATED_VERTICES) vertices in all.
    pub fn build(&self) -> Result<Geometry, RenderError> {
        let rule = "1 to MAX_POLYHEDRON_FACES (4096)";
        let mut check = Check::new("PolyhedronGeometry")
            .count(
                "vertices",
                self.vertices.len(),
                1,
                MAX_POLYHEDRON_FACES,
                rule,
            )
            .count("faces", self.faces.len(), 1, MAX_POLYHEDRON_FACES, rule)
            .points("vertices", &self.vertices)
            .size("radius", self.radius)
            .count(
                "detail",
                self.detail as usize,
                0,
                MAX_DETAIL as usize,
                "0 to MAX_DETAIL (64)",
            );
        if let Some(&face) = self
            .faces
            .iter()
            .find(|f| f.iter().any(|&i| i as usize >= self.vertices.len()))
        {
            check = check.count(
                "faces",
                face.into_iter().max().unwrap_or(0) as usize,
                0,
                self.vertices.len().saturating_sub(1),
                "indices of the given vertices",
            );
        }
        let per_face = (self.detail as usize + 1).pow(2) * 3;
        check
            .vertices(self.faces.len().checked_mul(per_face))
            .done()?;
        let mut corners = Vec::new();
        for &face in &self.faces {
            self.subdivide(face, &mut corners);
        }
        for v in &mut corners {
            *v = unit(*v) * self.radius;
        }
        let uvs = Self::uvs(&corners);
        // three stores the positions as f32 and derives the normals from the stored values.
        let stored: Vec<DVec3> = corners.iter().map(|&v| f32_of(v)).collect();
        let normals: Vec<Vec3> = if self.detail == 0 {
            stored
                .chunks_exact(3)
                .flat_map(|t| {
                    let n = f32_of((t[2] - t[1]).cross(t[0] - t[1]));
                    [unit(n).as_vec3(); 3]
                })
                .collect()
        } else {
            stored.iter().map(|&v| unit(v).as_vec3()).collect()
        };
        let positions = stored.iter().map(|v| v.as_vec3()).collect();
        let uvs = uvs
            .iter()
            .map(|uv| Vec2::new(uv[0] as f32, uv[1] as f32))
            .collect();
        Geometry::from_triangles(positions, Some(normals), Some(uvs))
    }
}
