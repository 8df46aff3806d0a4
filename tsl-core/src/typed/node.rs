//! [`Node<T>`]: a typed handle to a node of the current graph, and the conversions of numbers,
//! glam values and colours into constant nodes.

use super::scope::current;
use super::types::{Float, Mat3, Mat4, NodeType, Vec2, Vec3, Vec4};
use crate::compile::GraphError;
use crate::graph::{BuildError, BuildErrorKind, NodeGraph, NodeRef};
use crate::types::Color;
use std::fmt;
use std::marker::PhantomData;

/// A node whose type rustc knows: `Node<Vec3>` is a vec3. `Copy`, and only a [`NodeRef`] inside,
/// so it nests as freely as the untyped refs.
///
/// The operators, the free functions of [`crate::typed`] and the [`Swizzles`](super::Swizzles)
/// build new nodes in the graph of the current [`Scope`](super::Scope).
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, COLOR_NODE};
/// let scope = Scope::new();
/// let x: Node<Float> = float(0.25);
/// // A node is a handle: the same `x` feeds three nodes.
/// let rgb = vec3(x, x * 2.0, x + x * 2.0);
/// scope.color_node(rgb).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), Some(vec![0.25, 0.5, 0.75]));
/// ```
pub struct Node<T: NodeType> {
    node: NodeRef,
    ty: PhantomData<T>,
}

impl<T: NodeType> Clone for Node<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: NodeType> Copy for Node<T> {}

impl<T: NodeType> fmt::Debug for Node<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.node.is_refused() {
            write!(f, "Node<{}>(refused)", T::TYPE)
        } else {
            write!(f, "Node<{}>(#{})", T::TYPE, self.node.index())
        }
    }
}

impl<T: NodeType> From<Node<T>> for NodeRef {
    fn from(node: Node<T>) -> NodeRef {
        node.node
    }
}

impl<T: NodeType> Node<T> {
    /// Wrap a ref the caller knows to be of type `T`: the typed functions use it on refs the graph
    /// just typed. Not checked; see [`Node::from_ref`] for refs of unknown type.
    pub(crate) fn wrap(node: NodeRef) -> Node<T> {
        Node {
            node,
            ty: PhantomData,
        }
    }

    /// The untyped ref, for the [`NodeGraph`] methods.
    pub fn node_ref(self) -> NodeRef {
        self.node
    }

    /// A typed handle to a node of the untyped API: refuses a ref that names nothing in `graph`
    /// (or was refused) and a node of another type than `T`.
    pub fn from_ref(graph: &NodeGraph, node: NodeRef) -> Result<Node<T>, GraphError> {
        match graph.type_of(node) {
            Some(ty) if ty == T::TYPE => Ok(Node::wrap(node)),
            Some(ty) => Err(BuildError::new(
                "Node::from_ref",
                BuildErrorKind::RefType {
                    found: ty,
                    expected: T::TYPE,
                },
            )
            .into()),
            None => Err(graph
                .error()
                .unwrap_or_else(|| BuildError::new("Node::from_ref", BuildErrorKind::ForeignRef))
                .into()),
        }
    }

    /// Whether the graph refused this node (the graph's [`NodeGraph::error`] says why).
    pub fn is_refused(self) -> bool {
        self.node.is_refused()
    }
}

/// A value that becomes a node: a [`Node<T>`] is itself; a number (`f32`, or an `i32` for integer literals) becomes a
/// float constant, a glam vector or matrix a constant of its type, a [`Color`] a vec3 constant.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a node or a number",
    label = "not a node",
    note = "a node is a `Node<T>`; an f32 or i32, a glam vector or matrix, or a Color becomes a constant"
)]
pub trait IntoNode {
    /// The node's type.
    type Ty: NodeType;
    /// The node, built in the current graph if it is a constant.
    fn into_node(self) -> Node<Self::Ty>;
}

/// A value that becomes a node of type `T`: what a typed argument takes, as `vec3(x, y, z)` takes
/// floats and a `#[tsl_fn]` its layout's types.
#[diagnostic::on_unimplemented(
    message = "expected a `{T}` node, found `{Self}`",
    label = "expected a `{T}` node",
    note = "a `Node<{T}>` is one; so is a constant of that type (a number for Float, a glam vector, a Color for Vec3)"
)]
pub trait IntoNodeOf<T: NodeType> {
    /// The node, built in the current graph if it is a constant.
    fn into_node_of(self) -> Node<T>;

    /// The value, when this is a number known now: lets `vec3(1.0, 0.0, 0.0)` be one constant.
    #[doc(hidden)]
    fn literal(&self) -> Option<f32> {
        None
    }
}

impl<T: NodeType> IntoNode for Node<T> {
    type Ty = T;
    fn into_node(self) -> Node<T> {
        self
    }
}

impl<T: NodeType> IntoNodeOf<T> for Node<T> {
    fn into_node_of(self) -> Node<T> {
        self
    }
}

macro_rules! number_constants {
    ($($num:ty),*) => {$(
        impl IntoNode for $num {
            type Ty = Float;
            fn into_node(self) -> Node<Float> {
                Node::wrap(current().float(self as f32))
            }
        }
        impl IntoNodeOf<Float> for $num {
            fn into_node_of(self) -> Node<Float> {
                self.into_node()
            }
            fn literal(&self) -> Option<f32> {
                Some(*self as f32)
            }
        }
    )*};
}

number_constants!(f32, i32);

macro_rules! value_constants {
    ($($value:ty => $ty:ident, |$g:ident, $v:ident| $build:expr;)*) => {$(
        impl IntoNode for $value {
            type Ty = $ty;
            fn into_node(self) -> Node<$ty> {
                let $g = current();
                let $v = self;
                Node::wrap($build)
            }
        }
        impl IntoNodeOf<$ty> for $value {
            fn into_node_of(self) -> Node<$ty> {
                self.into_node()
            }
        }
    )*};
}

value_constants! {
    glam::Vec2 => Vec2, |g, v| g.vec2(v.x, v.y);
    glam::Vec3 => Vec3, |g, v| g.vec3(v.x, v.y, v.z);
    glam::Vec4 => Vec4, |g, v| g.vec4(v.x, v.y, v.z, v.w);
    Color => Vec3, |g, c| g.color(c);
    glam::Mat3 => Mat3, |g, m| {
        let c = |v: glam::Vec3| g.vec3(v.x, v.y, v.z);
        g.matrix(&[c(m.x_axis), c(m.y_axis), c(m.z_axis)])
    };
    glam::Mat4 => Mat4, |g, m| {
        let c = |v: glam::Vec4| g.vec4(v.x, v.y, v.z, v.w);
        g.matrix(&[c(m.x_axis), c(m.y_axis), c(m.z_axis), c(m.w_axis)])
    };
}

impl<T: NodeType> Node<T> {
    /// The components named by `pattern`, a swizzle the generated `Swizzles` methods know valid.
    pub(crate) fn swizzle<U: NodeType>(self, pattern: &str) -> Node<U> {
        Node::wrap(current().swizzle(self.node_ref(), pattern))
    }
}
