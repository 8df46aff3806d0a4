//! `transpose`, `determinant` and `inverse` of a `Mat3` or `Mat4`, and the normal transforms by a
//! view matrix, typed, with their chain forms.

use super::wrap;
use crate::typed::node::{IntoNode, IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Mat4, Matrix, Vec3};

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

/// TSL's `transformNormalByViewMatrix(normal, viewMatrix)`:
/// `normalize((viewMatrix · vec4(normal, 0)).xyz)`.
pub fn transform_normal_by_view_matrix(
    normal: impl IntoNodeOf<Vec3>,
    view_matrix: impl IntoNodeOf<Mat4>,
) -> Node<Vec3> {
    let (n, m) = (normal.into_node_of(), view_matrix.into_node_of());
    wrap(current().transform_normal_by_view_matrix(n.node_ref(), m.node_ref()))
}

/// TSL's `transformNormalByInverseViewMatrix(normal, viewMatrix)`:
/// `normalize((vec4(normal, 0) · viewMatrix).xyz)`.
pub fn transform_normal_by_inverse_view_matrix(
    normal: impl IntoNodeOf<Vec3>,
    view_matrix: impl IntoNodeOf<Mat4>,
) -> Node<Vec3> {
    let (n, m) = (normal.into_node_of(), view_matrix.into_node_of());
    wrap(current().transform_normal_by_inverse_view_matrix(n.node_ref(), m.node_ref()))
}

impl Node<Vec3> {
    /// TSL's `normal.transformNormalByViewMatrix(viewMatrix)`, the chain form of
    /// [`transform_normal_by_view_matrix`].
    pub fn transform_normal_by_view_matrix(self, view_matrix: impl IntoNodeOf<Mat4>) -> Node<Vec3> {
        transform_normal_by_view_matrix(self, view_matrix)
    }

    /// TSL's `normal.transformNormalByInverseViewMatrix(viewMatrix)`, the chain form of
    /// [`transform_normal_by_inverse_view_matrix`].
    pub fn transform_normal_by_inverse_view_matrix(
        self,
        view_matrix: impl IntoNodeOf<Mat4>,
    ) -> Node<Vec3> {
        transform_normal_by_inverse_view_matrix(self, view_matrix)
    }
}
