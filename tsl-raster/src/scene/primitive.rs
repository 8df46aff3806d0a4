//! What a mesh's vertices draw: triangles, or three.js's `Points`, `Line`, `LineSegments` and
//! `LineLoop` (R-PRIM-1, docs/primitives.md), and the refusals a point or a line's material
//! meets (R-PRIM-2).

use super::{Material, MaterialKind, Mesh, Object};
use crate::error::{MaterialRefusal, Pixels};
use crate::store::{GeometryId, MaterialId};

/// How a mesh's vertices are joined: three.js's object classes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Primitive {
    /// `Mesh`: the geometry's triangles.
    #[default]
    Triangles,
    /// `Points`: each vertex a square of `Material::size` pixels (or the size node's).
    Points,
    /// `Line`: a strip, each vertex joined to the next.
    Line,
    /// `LineSegments`: vertices joined in pairs.
    LineSegments,
    /// `LineLoop`: a strip whose last vertex joins its first.
    LineLoop,
}

impl Primitive {
    /// Whether it draws lines.
    pub fn is_line(self) -> bool {
        matches!(
            self,
            Primitive::Line | Primitive::LineSegments | Primitive::LineLoop
        )
    }

    /// three.js's class name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Primitive::Triangles => "Mesh",
            Primitive::Points => "Points",
            Primitive::Line => "Line",
            Primitive::LineSegments => "LineSegments",
            Primitive::LineLoop => "LineLoop",
        }
    }
}

impl Object {
    /// A `primitive` of `geometry`'s vertices at the origin: the vertices in the order of the
    /// geometry's index (its triangles' corners, one after another) or, without an index, in
    /// their own order.
    fn primitive(geometry: GeometryId, material: MaterialId, primitive: Primitive) -> Object {
        let mut object = Object::mesh(geometry, material);
        if let Some(mesh) = object.mesh.as_mut() {
            mesh.primitive = primitive;
        }
        object
    }

    /// three.js's `Points(geometry, material)`: each vertex a screen-aligned square of
    /// `material.size` pixels (R-PRIM-1). The material must be BASIC.
    pub fn points(geometry: GeometryId, material: MaterialId) -> Object {
        Object::primitive(geometry, material, Primitive::Points)
    }

    /// three.js's `Line(geometry, material)`: a 1-pixel strip through the vertices in order.
    pub fn line(geometry: GeometryId, material: MaterialId) -> Object {
        Object::primitive(geometry, material, Primitive::Line)
    }

    /// three.js's `LineSegments(geometry, material)`: 1-pixel lines joining the vertices in
    /// pairs (an odd last vertex draws nothing).
    pub fn line_segments(geometry: GeometryId, material: MaterialId) -> Object {
        Object::primitive(geometry, material, Primitive::LineSegments)
    }

    /// three.js's `LineLoop(geometry, material)`: a strip whose last vertex joins its first.
    pub fn line_loop(geometry: GeometryId, material: MaterialId) -> Object {
        Object::primitive(geometry, material, Primitive::LineLoop)
    }
}

impl Mesh {
    /// The mesh's vertices as they are drawn (R-PRIM-1).
    pub fn primitive(&self) -> Primitive {
        self.primitive
    }
}

/// The refusal a point or a line's material meets (R-PRIM-2): a kind other than BASIC (three's
/// PointsNodeMaterial and LineBasicNodeMaterial are unlit), a point size that is not above zero,
/// a wide line with a node program (three.js draws one with its own LineMaterial shader).
pub(crate) fn primitive_refusal(
    material: &Material,
    primitive: Primitive,
) -> Option<MaterialRefusal> {
    if primitive == Primitive::Triangles {
        return None;
    }
    if material.kind != MaterialKind::Basic {
        return Some(MaterialRefusal::PrimitiveKind {
            primitive: primitive.name(),
            kind: kind_name(material.kind),
        });
    }
    if primitive == Primitive::Points && !(material.size > 0.0 && material.size.is_finite()) {
        return Some(MaterialRefusal::PointSize {
            size: Pixels(material.size),
        });
    }
    if primitive.is_line() && material.nodes.is_some() && material.line_width != 1.0 {
        return Some(MaterialRefusal::WideLine {
            width: Pixels(material.line_width),
        });
    }
    None
}

/// A kind's name, for a refusal's message.
fn kind_name(kind: MaterialKind) -> &'static str {
    match kind {
        MaterialKind::Basic => "Basic",
        MaterialKind::Lambert => "Lambert",
        MaterialKind::Phong => "Phong",
        MaterialKind::Standard => "Standard",
        MaterialKind::Physical => "Physical",
        MaterialKind::Normals => "Normals",
        MaterialKind::Depth => "Depth",
        MaterialKind::Volume => "Volume",
    }
}
