//! Geometry: indexed triangles with positions and optional normals, uvs and vertex colours, from
//! user data or from three.js's generators (plane, box, sphere, cylinder, torus, cone, circle,
//! ring, torus knot, capsule, lathe, the polyhedra, tube, shape, extrude), with three.js's
//! parameters, vertex order, winding and uv layout (docs/geometry.md).

mod capsule;
mod circle;
mod cone;
mod cube_face;
mod cuboid;
mod curve;
mod cylinder;
mod deform;
mod earcut;
mod extrude;
mod lathe;
mod params;
mod plane;
mod polyhedron;
mod ring;
mod shape;
mod shape_geometry;
mod sphere;
mod three_math;
mod torus;
mod torus_knot;
mod tube;

pub(crate) use cube_face::face_coords;

pub use cuboid::BoxGeometry;
pub use cylinder::CylinderGeometry;
pub use deform::{MorphTargets, SkinWeights};
pub use plane::PlaneGeometry;
pub use sphere::SphereGeometry;
pub use torus::TorusGeometry;

pub use capsule::CapsuleGeometry;
pub use circle::CircleGeometry;
pub use cone::ConeGeometry;
pub use curve::{
    frenet_frames, CatmullRomCurve3, CatmullRomType, Curve3, FrenetFrames, LineCurve3,
    QuadraticBezierCurve3, MAX_CURVE_POINTS,
};
pub use extrude::ExtrudeGeometry;
pub use lathe::{LatheGeometry, MAX_LATHE_POINTS};
pub use params::{MAX_DETAIL, MAX_GENERATED_VERTICES, MAX_SEGMENTS};
pub use polyhedron::{Platonic, PolyhedronGeometry, MAX_POLYHEDRON_FACES};
pub use ring::RingGeometry;
pub use shape::{Path, Shape, MAX_PATH_PIECES};
pub use shape_geometry::ShapeGeometry;
pub use torus_knot::TorusKnotGeometry;
pub use tube::TubeGeometry;

use crate::error::GeometryError;
use crate::RenderError;
use glam::{Vec2, Vec3, Vec4};

/// Indexed triangles: positions, and per-vertex normals, uvs and colours where given. The front
/// of a triangle is where its corners turn counter-clockwise, as in three.js.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    positions: Vec<Vec3>,
    normals: Option<Vec<Vec3>>,
    uvs: Option<Vec<Vec2>>,
    /// RGBA: a colour given as RGB has alpha 1 (three's `vertexColor()` reads a vec4).
    colors: Option<Vec<Vec4>>,
    /// Tangents with their handedness in w (three's `tangent` attribute, a vec4).
    tangents: Option<Vec<Vec4>>,
    indices: Vec<[u32; 3]>,
    /// Named attributes a program reads with `attribute(name, type)` (R-ATTR-1, docs/requirements.md).
    attributes: Vec<NamedAttribute>,
    /// Morph targets (R-DEFORM-1), boxed: most geometries have none.
    morph: Option<Box<MorphTargets>>,
    /// Skinning attributes (R-DEFORM-2), boxed: most geometries have none.
    skin: Option<Box<SkinWeights>>,
}

/// A geometry attribute a program reads by its name: `item_size` floats (1 to 4) per vertex, as
/// three.js's `BufferAttribute(array, itemSize)`.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedAttribute {
    /// The name a program reads it by.
    pub name: String,
    /// Its components per vertex, 1 to 4.
    pub item_size: usize,
    /// `item_size` floats per vertex, vertex after vertex.
    pub data: Vec<f32>,
}

/// The names of the attributes a geometry has of its own, which a named attribute may not take.
const BUILT_IN_NAMES: [&str; 4] = ["position", "normal", "uv", "color"];

impl Geometry {
    /// A geometry from user data. Refuses normals, uvs or colours whose count is not the
    /// positions', an index past the last vertex, a non-finite value, and more than 2^31 vertices.
    pub fn from_data(
        positions: Vec<Vec3>,
        normals: Option<Vec<Vec3>>,
        uvs: Option<Vec<Vec2>>,
        indices: Vec<[u32; 3]>,
    ) -> Result<Geometry, RenderError> {
        let geometry = Geometry {
            positions,
            normals,
            uvs,
            colors: None,
            tangents: None,
            indices,
            attributes: Vec::new(),
            morph: None,
            skin: None,
        };
        geometry.check()?;
        Ok(geometry)
    }

    /// A geometry from a flat list of triangles, three vertices each (a non-indexed
    /// `BufferGeometry`). Refuses a count that is not a multiple of three.
    pub fn from_triangles(
        positions: Vec<Vec3>,
        normals: Option<Vec<Vec3>>,
        uvs: Option<Vec<Vec2>>,
    ) -> Result<Geometry, RenderError> {
        if !positions.len().is_multiple_of(3) {
            return Err(GeometryError::NotWholeTriangles {
                vertices: positions.len(),
            }
            .into());
        }
        let count = positions.len() as u32 / 3;
        let indices = (0..count).map(|t| [3 * t, 3 * t + 1, 3 * t + 2]).collect();
        Geometry::from_data(positions, normals, uvs, indices)
    }

    /// The same geometry with per-vertex colours (linear RGB), which a material reads when its
    /// `vertex_colors` is on and `vertex_color()` reads always (white where a geometry has none). Refuses a count that is not the
    /// positions'.
    pub fn with_colors(self, colors: Vec<Vec3>) -> Result<Geometry, RenderError> {
        self.with_colors_rgba(colors.into_iter().map(|c| c.extend(1.0)).collect())
    }

    /// The same geometry with per-vertex colours with alpha (linear RGBA, three.js's
    /// four-component `color` attribute): a material with `vertex_colors` on multiplies its
    /// colour and its alpha by them. Refuses a count that is not the positions'.
    pub fn with_colors_rgba(mut self, colors: Vec<Vec4>) -> Result<Geometry, RenderError> {
        self.colors = Some(colors);
        self.check()?;
        Ok(self)
    }

    /// The same geometry with per-vertex tangents (three.js's `tangent` attribute: xyz along the
    /// uv's u in the model's space, w the bitangent's handedness, ±1), which a tangent-space
    /// normal map (and a clearcoat normal map) reads in place of the frame from the screen
    /// derivatives, as three's `TBNViewMatrix` does (R-GLTF-7, docs/requirements.md).
    /// Refuses a count that is not the positions' and a non-finite value.
    pub fn with_tangents(mut self, tangents: Vec<Vec4>) -> Result<Geometry, RenderError> {
        self.tangents = Some(tangents);
        self.check()?;
        Ok(self)
    }

    /// The same geometry with a named attribute (three.js's `setAttribute(name,
    /// new BufferAttribute(data, item_size))`), which `attribute(name, type)` reads. Refuses an
    /// empty or built-in name (`position`, `normal`, `uv`, `color`), a name given twice, an
    /// item size outside 1 to 4, data that is not `item_size` floats per vertex, and a non-finite
    /// value.
    ///
    /// ```
    /// use tsl_raster::PlaneGeometry;
    /// let plane = PlaneGeometry::new(1.0, 1.0).build();
    /// let heat = plane.with_attribute("heat", 1, vec![0.0, 0.5, 0.5, 1.0]).unwrap();
    /// assert_eq!(heat.attribute("heat").unwrap().item_size, 1);
    /// assert!(heat.clone().with_attribute("heat", 1, vec![0.0; 4]).is_err());
    /// ```
    pub fn with_attribute(
        mut self,
        name: &str,
        item_size: usize,
        data: Vec<f32>,
    ) -> Result<Geometry, RenderError> {
        if name.is_empty() || BUILT_IN_NAMES.contains(&name) || self.attribute(name).is_some() {
            return Err(GeometryError::AttributeName {
                name: name.to_string(),
            }
            .into());
        }
        if !(1..=4).contains(&item_size) || data.len() != item_size * self.positions.len() {
            return Err(GeometryError::AttributeSize {
                name: name.to_string(),
                item_size,
                len: data.len(),
            }
            .into());
        }
        if !data.iter().all(|v| v.is_finite()) {
            return Err(GeometryError::NonFinite.into());
        }
        self.attributes.push(NamedAttribute {
            name: name.to_string(),
            item_size,
            data,
        });
        Ok(self)
    }

    /// The named attribute `name`, if the geometry has it.
    pub fn attribute(&self, name: &str) -> Option<&NamedAttribute> {
        self.attributes.iter().find(|a| a.name == name)
    }

    /// The named attributes, in the order they were added.
    pub fn attributes(&self) -> &[NamedAttribute] {
        &self.attributes
    }

    fn check(&self) -> Result<(), RenderError> {
        let n = self.positions.len();
        if n > i32::MAX as usize {
            return Err(GeometryError::TooManyVertices.into());
        }
        let count = |attribute: &'static str, len: Option<usize>| match len {
            Some(count) if count != n => Err(GeometryError::AttributeCount {
                attribute,
                count,
                positions: n,
            }),
            _ => Ok(()),
        };
        count("normals", self.normals.as_ref().map(Vec::len))?;
        count("uvs", self.uvs.as_ref().map(Vec::len))?;
        count("colours", self.colors.as_ref().map(Vec::len))?;
        count("tangents", self.tangents.as_ref().map(Vec::len))?;
        if let Some((t, tri)) = self
            .indices
            .iter()
            .enumerate()
            .find(|(_, tri)| tri.iter().any(|&i| i as usize >= n))
        {
            return Err(GeometryError::IndexOutOfRange {
                triangle: t,
                indices: *tri,
                vertices: n,
            }
            .into());
        }
        let finite3 = |v: &Vec3| v.is_finite();
        if !self.positions.iter().all(finite3)
            || !self.normals.iter().flatten().all(finite3)
            || !self.colors.iter().flatten().all(|v| v.is_finite())
            || !self.tangents.iter().flatten().all(|v| v.is_finite())
            || !self.uvs.iter().flatten().all(|v| v.is_finite())
        {
            return Err(GeometryError::NonFinite.into());
        }
        Ok(())
    }

    /// The vertex positions, in the model's space.
    pub fn positions(&self) -> &[Vec3] {
        &self.positions
    }

    /// The vertex normals, if given.
    pub fn normals(&self) -> Option<&[Vec3]> {
        self.normals.as_deref()
    }

    /// The vertex uvs, if given.
    pub fn uvs(&self) -> Option<&[Vec2]> {
        self.uvs.as_deref()
    }

    /// The vertex colours (RGBA, alpha 1 where they were given as RGB), if given.
    pub fn colors(&self) -> Option<&[Vec4]> {
        self.colors.as_deref()
    }

    /// The vertex tangents (xyz, handedness in w), if given.
    pub fn tangents(&self) -> Option<&[Vec4]> {
        self.tangents.as_deref()
    }

    /// The triangles, three vertex indices each.
    pub fn indices(&self) -> &[[u32; 3]] {
        &self.indices
    }

    /// How many triangles there are.
    pub fn triangle_count(&self) -> usize {
        self.indices.len()
    }
}

/// Arrays a generator fills, computed in f64 as three.js's JavaScript does and stored as f32 as
/// its `Float32BufferAttribute`s are.
#[derive(Default)]
struct Builder {
    positions: Vec<Vec3>,
    normals: Vec<Vec3>,
    uvs: Vec<Vec2>,
    indices: Vec<u32>,
}

impl Builder {
    fn vertex(&mut self, p: [f64; 3], n: [f64; 3], uv: [f64; 2]) {
        self.positions
            .push(Vec3::new(p[0] as f32, p[1] as f32, p[2] as f32));
        self.normals
            .push(Vec3::new(n[0] as f32, n[1] as f32, n[2] as f32));
        self.uvs.push(Vec2::new(uv[0] as f32, uv[1] as f32));
    }

    fn triangle(&mut self, a: usize, b: usize, c: usize) {
        self.indices.extend([a as u32, b as u32, c as u32]);
    }

    /// The two triangles of each cell of a tube swept along a curve, as three.js's
    /// `TubeGeometry` and `TorusKnotGeometry` index them: `segments + 1` rings of `sides + 1`
    /// vertices each, ring after ring.
    fn tube_grid(&mut self, segments: usize, sides: usize) {
        for j in 1..=segments {
            for i in 1..=sides {
                let a = (sides + 1) * (j - 1) + (i - 1);
                let b = (sides + 1) * j + (i - 1);
                let c = (sides + 1) * j + i;
                let d = (sides + 1) * (j - 1) + i;
                self.triangle(a, b, d);
                self.triangle(b, c, d);
            }
        }
    }

    fn finish(self) -> Geometry {
        let indices = self
            .indices
            .chunks_exact(3)
            .map(|t| [t[0], t[1], t[2]])
            .collect();
        Geometry {
            positions: self.positions,
            normals: Some(self.normals),
            uvs: Some(self.uvs),
            colors: None,
            tangents: None,
            indices,
            attributes: Vec::new(),
            morph: None,
            skin: None,
        }
    }
}

/// `v` normalized in f64, as three.js's `Vector3.normalize` (a zero vector stays zero).
fn normalize(v: [f64; 3]) -> [f64; 3] {
    let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if len == 0.0 {
        v
    } else {
        [v[0] / len, v[1] / len, v[2] / len]
    }
}

/// A segment count as three.js floors it, at least `min`.
fn segments(count: u32, min: u32) -> usize {
    count.max(min) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_data_is_checked() {
        let p = vec![Vec3::ZERO, Vec3::X, Vec3::Y];
        assert!(Geometry::from_data(p.clone(), None, None, vec![[0, 1, 2]]).is_ok());
        assert!(Geometry::from_data(p.clone(), None, None, vec![[0, 1, 3]]).is_err());
        assert!(Geometry::from_data(p.clone(), Some(vec![Vec3::Z]), None, vec![]).is_err());
        let nan = vec![Vec3::ZERO, Vec3::X, Vec3::splat(f32::NAN)];
        assert!(Geometry::from_data(nan, None, None, vec![]).is_err());
        assert!(Geometry::from_triangles(p[..2].to_vec(), None, None).is_err());
        let g = Geometry::from_triangles(p, None, None).unwrap();
        assert!(g.clone().with_colors(vec![Vec3::ONE; 2]).is_err());
        assert!(g.clone().with_tangents(vec![Vec4::X; 2]).is_err());
        assert!(g.clone().with_tangents(vec![Vec4::NAN; 3]).is_err());
        assert_eq!(
            g.clone()
                .with_tangents(vec![Vec4::X; 3])
                .unwrap()
                .tangents()
                .unwrap()
                .len(),
            3
        );
        // RGB colours read with alpha 1; RGBA ones keep theirs.
        let rgb = g.clone().with_colors(vec![Vec3::ONE; 3]).unwrap();
        assert_eq!(rgb.colors().unwrap(), &[Vec4::ONE; 3]);
        let half = Vec4::new(1.0, 0.5, 0.25, 0.5);
        let rgba = g.with_colors_rgba(vec![half; 3]).unwrap();
        assert_eq!(rgba.colors().unwrap(), &[half; 3]);
    }
}
