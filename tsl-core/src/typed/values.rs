//! The value and attribute nodes of R-VAL (docs/requirements.md), typed: constants and
//! constructors, uniforms, textures, the attributes and the frame's values.

use super::node::IntoNode;
use super::node::{IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, JoinOperands, Mat3, Mat4, Matrix, NodeType, Texture, Vec2, Vec3, Vec4};
use crate::graph::{NodeRef, TextureSource};
use crate::types::{Color, TextureId, UniformValue};

/// A float node: `float(0.5)` is a constant, `float(node)` the node itself.
pub fn float(x: impl IntoNodeOf<Float>) -> Node<Float> {
    x.into_node_of()
}

/// One argument of a vector constructor: a number known now, or a node.
enum Part {
    Literal(f32),
    Node(NodeRef),
}

fn part(x: impl IntoNodeOf<Float>) -> Part {
    match x.literal() {
        Some(value) => Part::Literal(value),
        None => Part::Node(x.into_node_of().node_ref()),
    }
}

/// A vector from its components: one constant when all are numbers, else a join.
fn vector<T: NodeType>(parts: &[Part]) -> Node<T> {
    let g = current();
    let literals: Vec<f32> = parts
        .iter()
        .filter_map(|p| match p {
            Part::Literal(value) => Some(*value),
            Part::Node(_) => None,
        })
        .collect();
    let node = match literals[..] {
        [x, y] if parts.len() == 2 => g.vec2(x, y),
        [x, y, z] if parts.len() == 3 => g.vec3(x, y, z),
        [x, y, z, w] if parts.len() == 4 => g.vec4(x, y, z, w),
        _ => {
            let refs: Vec<NodeRef> = parts
                .iter()
                .map(|p| match p {
                    Part::Literal(value) => g.float(*value),
                    Part::Node(node) => *node,
                })
                .collect();
            g.join(&refs)
        }
    };
    Node::wrap(node)
}

/// `vec2(x, y)` of float nodes or numbers.
pub fn vec2(x: impl IntoNodeOf<Float>, y: impl IntoNodeOf<Float>) -> Node<Vec2> {
    vector(&[part(x), part(y)])
}

/// `vec3(x, y, z)` of float nodes or numbers; see [`Node::extend`] for `vec3(xy, z)`.
pub fn vec3(
    x: impl IntoNodeOf<Float>,
    y: impl IntoNodeOf<Float>,
    z: impl IntoNodeOf<Float>,
) -> Node<Vec3> {
    vector(&[part(x), part(y), part(z)])
}

/// `vec4(x, y, z, w)` of float nodes or numbers; see [`Node::extend`] for `vec4(rgb, a)`.
pub fn vec4(
    x: impl IntoNodeOf<Float>,
    y: impl IntoNodeOf<Float>,
    z: impl IntoNodeOf<Float>,
    w: impl IntoNodeOf<Float>,
) -> Node<Vec4> {
    vector(&[part(x), part(y), part(z), part(w)])
}

/// The components of `a` then those of `b`, TSL's `vec4(xy, zw)` or `vec3(f, yz)` of nodes:
/// `join(uv(), uv())` is a vec4.
pub fn join<A: IntoNode, B: IntoNode>(a: A, b: B) -> Node<<A::Ty as JoinOperands<B::Ty>>::Output>
where
    A::Ty: JoinOperands<B::Ty>,
{
    let (a, b) = (a.into_node(), b.into_node());
    Node::wrap(current().join(&[a.node_ref(), b.node_ref()]))
}

/// A constant colour: a vec3 of its linear channels ([`Color::from_hex`] decodes sRGB).
pub fn color(color: Color) -> Node<Vec3> {
    Node::wrap(current().color(color))
}

/// A mat3 from three vec3 columns.
pub fn mat3(
    c0: impl IntoNodeOf<Vec3>,
    c1: impl IntoNodeOf<Vec3>,
    c2: impl IntoNodeOf<Vec3>,
) -> Node<Mat3> {
    let columns = [c0.into_node_of(), c1.into_node_of(), c2.into_node_of()];
    Node::wrap(current().matrix(&columns.map(Node::node_ref)))
}

/// A mat4 from four vec4 columns.
pub fn mat4(
    c0: impl IntoNodeOf<Vec4>,
    c1: impl IntoNodeOf<Vec4>,
    c2: impl IntoNodeOf<Vec4>,
    c3: impl IntoNodeOf<Vec4>,
) -> Node<Mat4> {
    let columns = [
        c0.into_node_of(),
        c1.into_node_of(),
        c2.into_node_of(),
        c3.into_node_of(),
    ];
    Node::wrap(current().matrix(&columns.map(Node::node_ref)))
}

macro_rules! extend {
    ($($from:ident => $to:ident),*) => {$(
        impl Node<$from> {
            /// This vector with one more component after its own: `uv().extend(0.0)` is TSL's
            /// `vec3(uv(), 0)`.
            pub fn extend(self, last: impl IntoNodeOf<Float>) -> Node<$to> {
                let last = last.into_node_of();
                Node::wrap(current().join(&[self.node_ref(), last.node_ref()]))
            }
        }
    )*};
}

extend!(Float => Vec2, Vec2 => Vec3, Vec3 => Vec4);

impl<M: Matrix> Node<M> {
    /// Column `index` of the matrix (the graph refuses an index past its size).
    pub fn column(self, index: usize) -> Node<M::Column> {
        Node::wrap(current().column(self.node_ref(), index))
    }
}

/// A value a uniform starts at: `f32`, a glam vector or matrix, or a
/// [`Color`].
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a uniform value",
    label = "not a uniform value",
    note = "a uniform holds an f32, a glam Vec2, Vec3, Vec4, Mat3 or Mat4, or a Color; a texture is a `texture_uniform`"
)]
pub trait UniformType {
    /// The node's type.
    type Ty: NodeType;
    /// The value as the graph stores it.
    fn uniform_value(self) -> UniformValue;
}

macro_rules! uniform_types {
    ($($value:ty => $ty:ident, |$v:ident| $into:expr;)*) => {$(
        impl UniformType for $value {
            type Ty = $ty;
            fn uniform_value(self) -> UniformValue {
                let $v = self;
                $into
            }
        }
    )*};
}

uniform_types! {
    f32 => Float, |x| UniformValue::Float(x);
    glam::Vec2 => Vec2, |v| UniformValue::Vec2(v);
    glam::Vec3 => Vec3, |v| UniformValue::Vec3(v);
    glam::Vec4 => Vec4, |v| UniformValue::Vec4(v);
    Color => Vec3, |c| UniformValue::Color(c);
    glam::Mat3 => Mat3, |m| UniformValue::Mat3(m);
    glam::Mat4 => Mat4, |m| UniformValue::Mat4(m);
}

/// `uniform(value)`: a value the caller changes between frames with
/// `NodeProgram::set_uniform`, by this node (as three.js sets `uniform.value`) or by a name given
/// with [`Node::set_name`]; its type is the value's (`uniform(Color::WHITE)` is a vec3). A
/// uniform needs no name, and names need not be unique (R-VAL-17, docs/requirements.md).
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OPACITY_NODE};
/// let scope = Scope::new();
/// let strength = uniform(0.5);
/// let tint = uniform(0.25).set_name("tint");
/// scope.opacity_node(strength * 2.0 + tint).unwrap();
/// let mut program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![1.25]));
/// // Between frames, as three.js sets `uniform.value`: no new compile.
/// program.set_uniform(strength, 0.125).unwrap();
/// program.set_uniform("tint", 0.0).unwrap();
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![0.25]));
/// ```
pub fn uniform<V: UniformType>(value: V) -> Node<V::Ty> {
    Node::wrap(current().uniform(value.uniform_value()))
}

impl<T: NodeType> Node<T> {
    /// TSL's `uniform.setName(name)`: name a uniform (or texture uniform) so that
    /// `NodeProgram::set_uniform` also finds it by `name`; several may share one. The graph
    /// refuses a node that is not a uniform and an empty name.
    pub fn set_name(self, name: &str) -> Self {
        Node::wrap(current().set_name(self.node_ref(), name))
    }
}

/// `program.set_uniform(node, value)`: the uniform the typed node declared.
impl<T: NodeType> crate::program::UniformKey for Node<T> {
    fn uniform_ref(&self) -> crate::program::UniformRef<'_> {
        let node = self.node_ref();
        crate::program::UniformRef::Node(crate::program::UniformNode {
            graph: node.graph_id(),
            node: node.index() as u32,
        })
    }
}

/// `texture_uniform(name, map)`: a named texture the caller changes with
/// `NodeProgram::set_texture`.
pub fn texture_uniform(name: &str, map: TextureId) -> Node<Texture> {
    Node::wrap(current().texture_uniform(name, map))
}

/// The map of [`texture`]: a [`TextureId`] or a `Node<Texture>`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a texture",
    label = "not a texture",
    note = "a texture is a TextureId or a `Node<Texture>` from `texture_uniform(name, id)`"
)]
pub trait TextureMap {
    /// The map as the graph takes it.
    fn texture_source(self) -> TextureSource;
}

impl TextureMap for TextureId {
    fn texture_source(self) -> TextureSource {
        TextureSource::Id(self)
    }
}

impl TextureMap for Node<Texture> {
    fn texture_source(self) -> TextureSource {
        TextureSource::Node(self.node_ref())
    }
}

/// `texture(map, uv)`: the texture read at a vec2 coordinate, linear colour and straight alpha.
/// The graph refuses `NO_TEXTURE`.
pub fn texture(map: impl TextureMap, uv: impl IntoNodeOf<Vec2>) -> Node<Vec4> {
    let map = map.texture_source();
    let uv = uv.into_node_of();
    Node::wrap(current().texture(map, uv.node_ref()))
}

macro_rules! attributes {
    ($($(#[$doc:meta])* $name:ident -> $ty:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name() -> Node<$ty> {
            Node::wrap(current().$name())
        }
    )*};
}

attributes! {
    /// `uv()`: the geometry's uv; a map's own transform is not in it (R-VAL-5).
    uv -> Vec2;
    /// `positionWorld`: the fragment's world position, in metres.
    position_world -> Vec3;
    /// `positionView`: the fragment's camera-space position.
    position_view -> Vec3;
    /// `normalWorld`: the fragment's unit world normal.
    normal_world -> Vec3;
    /// `normalView`: the fragment's unit camera-space normal.
    normal_view -> Vec3;
    /// `vertexColor()`: the geometry's vertex colour, rgba (alpha 1; white without colours);
    /// not times the material's colour (`material_color() * vertex_color().rgb()` is that).
    vertex_color -> Vec4;
    /// `positionLocal`: the vertex's model-space position; a position node only.
    position_local -> Vec3;
    /// `normalLocal`: the vertex's model-space normal; a position node only.
    normal_local -> Vec3;
    /// `cameraPosition`: the camera's world position.
    camera_position -> Vec3;
    /// `cameraViewMatrix`: the world-to-camera matrix.
    camera_view_matrix -> Mat4;
    /// `time`: `Renderer.time`, in seconds.
    time -> Float;
    /// `output`: the material's own shading, a vec4: the lit colour and the fragment's alpha
    /// (`diffuseColor.a`, 1 on an opaque material); an output node only (R-VAL-12).
    ///
    /// ```
    /// use tsl_core::typed::*;
    /// use tsl_core::{Fragment, OUTPUT_NODE};
    /// let scope = Scope::new();
    /// // TSL: vec4(output.rgb.mul(0.5), output.a)
    /// scope.output_node(join(lit().rgb() * 0.5, lit().a())).unwrap();
    /// let program = scope.compile().unwrap();
    /// let lit = glam::Vec3::new(1.0, 0.5, 0.25);
    /// let shaded = Fragment { lit, lit_alpha: 0.75, ..Fragment::default() };
    /// assert_eq!(program.evaluate(OUTPUT_NODE, &shaded), Some(vec![0.5, 0.25, 0.125, 0.75]));
    /// ```
    lit -> Vec4;
    /// GLSL's `gl_FragCoord.xyz`: the pixel's centre in pixels from the bottom left, and its
    /// window depth from 0 (near) to 1 (far). three.js's `screenCoordinate` is its `.xy` with
    /// rows from the top.
    ///
    /// ```
    /// use tsl_core::typed::*;
    /// use tsl_core::{Fragment, COLOR_NODE};
    /// let scope = Scope::new();
    /// // A 64 × 64 image: pixel (15, 47) from the bottom left is at x = 15.5, y = 47.5.
    /// scope.color_node(frag_coord() / 64.0).unwrap();
    /// let program = scope.compile().unwrap();
    /// let pixel = Fragment { frag_coord: glam::Vec3::new(15.5, 47.5, 0.5), ..Fragment::default() };
    /// let expected = vec![15.5 / 64.0, 47.5 / 64.0, 0.5 / 64.0];
    /// assert_eq!(program.evaluate(COLOR_NODE, &pixel), Some(expected));
    /// ```
    frag_coord -> Vec3;
    /// `frontFacing`: 1 where the face is seen from its front, 0 from its back.
    front_facing -> Float;
    /// GLSL's `gl_FrontFacing` under three.js's WebGL renderer: [`front_facing`], but 1 on every
    /// face a BACK_SIDE material draws.
    gl_front_facing -> Float;
    /// spec's `shadow`: what the shadow of the light being shaded lets through, a vec3;
    /// `RECEIVED_SHADOW_NODE` only (R-OUT-14). three.js's
    /// `receivedShadowNode = Fn(([shadow]) => shadow.mix(color(0xff0000), 1))`:
    ///
    /// ```
    /// use tsl_core::typed::*;
    /// let scope = Scope::new();
    /// scope.received_shadow_node(mix(vec3(1.0, 0.0, 0.0), float(1.0), shadow())).unwrap();
    /// assert!(scope.compile().is_ok());
    /// ```
    shadow -> Vec3;
}
