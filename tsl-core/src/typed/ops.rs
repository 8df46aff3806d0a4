//! `+ - * / %`, unary `-` and `!` on nodes, through `std::ops`. The operand types are checked
//! by the bound traits of [`super::types`], each with a message of ours.

use super::node::{IntoNode, Node};
use super::scope::current;
use super::types::{
    AddOperands, DivOperands, Float, MulOperands, NodeType, Numeric, RemOperands, SubOperands,
};
use crate::graph::NodeRef;
use crate::opcode::Opcode;
use std::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Not, Rem, RemAssign, Sub, SubAssign,
};

/// A math node over `inputs`, typed `T` (the caller's traits worked the type out).
pub(crate) fn math<T: NodeType>(code: Opcode, inputs: &[NodeRef]) -> Node<T> {
    Node::wrap(current().math(code, inputs))
}

macro_rules! binary_operator {
    ($Op:ident $op:ident, $OpAssign:ident $op_assign:ident, $Bound:ident => $code:ident) => {
        impl<A: NodeType, R: IntoNode> $Op<R> for Node<A>
        where
            A: $Bound<R::Ty>,
        {
            type Output = Node<<A as $Bound<R::Ty>>::Output>;
            fn $op(self, rhs: R) -> Self::Output {
                let rhs = rhs.into_node();
                math(Opcode::$code, &[self.node_ref(), rhs.node_ref()])
            }
        }

        impl<A: NodeType, R: IntoNode> $OpAssign<R> for Node<A>
        where
            A: $Bound<R::Ty, Output = A>,
        {
            fn $op_assign(&mut self, rhs: R) {
                *self = $Op::$op(*self, rhs);
            }
        }

        binary_operator!(@scalar $Op $op, $Bound => $code, f32, i32);
    };
    (@scalar $Op:ident $op:ident, $Bound:ident => $code:ident, $($num:ty),*) => {$(
        impl<B: NodeType> $Op<Node<B>> for $num
        where
            Float: $Bound<B>,
        {
            type Output = Node<<Float as $Bound<B>>::Output>;
            fn $op(self, rhs: Node<B>) -> Self::Output {
                let lhs = self.into_node();
                math(Opcode::$code, &[lhs.node_ref(), rhs.node_ref()])
            }
        }
    )*};
}

binary_operator!(Add add, AddAssign add_assign, AddOperands => Add);
binary_operator!(Sub sub, SubAssign sub_assign, SubOperands => Sub);
binary_operator!(Mul mul, MulAssign mul_assign, MulOperands => Mul);
binary_operator!(Div div, DivAssign div_assign, DivOperands => Div);
binary_operator!(Rem rem, RemAssign rem_assign, RemOperands => Mod);

impl<T: Numeric> Neg for Node<T> {
    type Output = Node<T>;
    /// TSL's `negate`.
    fn neg(self) -> Node<T> {
        math(Opcode::Negate, &[self.node_ref()])
    }
}

impl<T: Numeric> Not for Node<T> {
    type Output = Node<T>;
    /// TSL's `not`: one where the component is zero, else zero.
    fn not(self) -> Node<T> {
        math(Opcode::LogicalNot, &[self.node_ref()])
    }
}
