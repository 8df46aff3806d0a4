//! `transpose`, `determinant` and `inverse` of a `Mat3` or `Mat4`, typed, with their chain forms.

use super::wrap;
use crate::typed::node::{IntoNode, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Matrix};

/// TSL's `transpose(m)`: rows become columns.
pub fn transpose<M: IntoNode>(m: M) -> Node<M::Ty>
where
    M::Ty: Matrix,
{
    wrap(current().transpose(m.into_node().node_ref()))
}

/// TSL's `determinant(m)`, a float.
pub fn determinant<M: IntoNode>(m: M) -> Node<Float>
where
    M::Ty: Matrix,
{
    wrap(current().determinant(m.into_node().node_ref()))
}

/// TSL's `inverse(m)`: the adjugate over the determinant (infinities or NaN for a singular
/// matrix, which GLSL leaves undefined).
pub fn inverse<M: IntoNode>(m: M) -> Node<M::Ty>
where
    M::Ty: Matrix,
{
    wrap(current().inverse(m.into_node().node_ref()))
}

impl<T: Matrix> Node<T> {
    /// TSL's `m.transpose()`, the chain form of [`transpose`].
    pub fn transpose(self) -> Node<T> {
        transpose(self)
    }

    /// TSL's `m.determinant()`, the chain form of [`determinant`].
    pub fn determinant(self) -> Node<Float> {
        determinant(self)
    }

    /// TSL's `m.inverse()`, the chain form of [`inverse`].
    pub fn inverse(self) -> Node<T> {
        inverse(self)
    }
}
