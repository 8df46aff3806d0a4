//! Comparisons, logic and selection (R-LOGIC, docs/requirements.md), typed: each
//! gives one or zero per component, a node as wide as its wider operand. A condition is a
//! `Node<Float>`.

use super::node::{IntoNode, Node};
use super::ops::math;
use super::scope::current;
use super::types::{Float, NodeType, Numeric, Wider, WidthCompatible};
use crate::opcode::Opcode;

fn pair<A: IntoNode, B: IntoNode, T: NodeType>(code: Opcode, a: A, b: B) -> Node<T> {
    let (a, b) = (a.into_node(), b.into_node());
    math(code, &[a.node_ref(), b.node_ref()])
}

macro_rules! componentwise_pairs {
    ($($(#[$doc:meta])* $name:ident => $code:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name<A: IntoNode, B: IntoNode>(a: A, b: B) -> Node<Wider<A::Ty, B::Ty>>
            where
                A::Ty: WidthCompatible<B::Ty>,
            {
                pair(Opcode::$code, a, b)
            }
        )*

        impl<A: Numeric> Node<A> {
            $(
                $(#[$doc])*
                pub fn $name<R: IntoNode>(self, rhs: R) -> Node<Wider<A, R::Ty>>
                where
                    A: WidthCompatible<R::Ty>,
                {
                    pair(Opcode::$code, self, rhs)
                }
            )*
        }
    };
}

componentwise_pairs! {
    /// `lessThan`: one where `a < b`, else zero, per component.
    less_than => LessThan;
    /// `lessThanEqual`: one where `a <= b`.
    less_than_equal => LessThanEqual;
    /// `greaterThan`: one where `a > b`.
    greater_than => GreaterThan;
    /// `greaterThanEqual`: one where `a >= b`.
    greater_than_equal => GreaterThanEqual;
    /// `equal`: one where `a == b`.
    equal => Equal;
    /// `notEqual`: one where `a != b`.
    not_equal => NotEqual;
    /// `and`: one where both are not zero.
    and => LogicalAnd;
    /// `or`: one where either is not zero.
    or => LogicalOr;
    /// `xor`: one where exactly one is not zero.
    xor => LogicalXor;
}

/// `not`: one where `a` is zero, else zero; the `!` operator.
pub fn not<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let a = a.into_node();
    math(Opcode::LogicalNot, &[a.node_ref()])
}

/// A condition: a `Node<Float>` (zero is false, anything else true) or a `bool`, which becomes a
/// constant.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a condition: a condition is a float node (zero is false) or a bool",
    label = "not a float condition",
    note = "a comparison of vectors gives a vector; compare one component (`v.x() > 0.0`) or a length (`length(v) > 0.0`)"
)]
pub trait Condition {
    /// The condition as a float node.
    fn into_condition(self) -> Node<Float>;
}

impl Condition for Node<Float> {
    fn into_condition(self) -> Node<Float> {
        self
    }
}

impl Condition for bool {
    fn into_condition(self) -> Node<Float> {
        self.into_node()
    }
}

impl IntoNode for bool {
    type Ty = Float;
    /// One for `true`, zero for `false`, as TSL's `bool` converts.
    fn into_node(self) -> Node<Float> {
        Node::wrap(current().float(if self { 1.0 } else { 0.0 }))
    }
}

/// `select(condition, a, b)`: `a` where the condition is not zero, else `b`. Both are built; a
/// select picks, it does not branch.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OPACITY_NODE};
/// let scope = Scope::new();
/// scope.opacity_node(select(time().greater_than(1.0), 0.75, 0.25)).unwrap();
/// let mut program = scope.compile().unwrap();
/// program.set_frame(2.0, glam::Mat4::IDENTITY);
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![0.75]));
/// program.set_frame(0.5, glam::Mat4::IDENTITY);
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![0.25]));
/// ```
pub fn select<A: IntoNode, B: IntoNode>(
    condition: impl Condition,
    a: A,
    b: B,
) -> Node<Wider<A::Ty, B::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let c = condition.into_condition();
    let (a, b) = (a.into_node(), b.into_node());
    math(Opcode::Select, &[c.node_ref(), a.node_ref(), b.node_ref()])
}

/// `<`, `<=`, `>` and `>=` as `tsl!` writes them: nodes compare to nodes (one or zero per
/// component), plain values compare as Rust compares them.
#[diagnostic::on_unimplemented(
    message = "cannot compare `{Self}` with `{Rhs}`",
    label = "`{Self}` compared with `{Rhs}`",
    note = "nodes compare with nodes or numbers of the same width, or with a float"
)]
pub trait CompareOrd<Rhs> {
    /// A node of ones and zeros, or a `bool`.
    type Output;
    /// `self < rhs`.
    fn lt(self, rhs: Rhs) -> Self::Output;
    /// `self <= rhs`.
    fn le(self, rhs: Rhs) -> Self::Output;
    /// `self > rhs`.
    fn gt(self, rhs: Rhs) -> Self::Output;
    /// `self >= rhs`.
    fn ge(self, rhs: Rhs) -> Self::Output;
}

/// `==` and `!=` as `tsl!` writes them; see [`CompareOrd`].
#[diagnostic::on_unimplemented(
    message = "cannot compare `{Self}` with `{Rhs}`",
    label = "`{Self}` compared with `{Rhs}`",
    note = "nodes compare with nodes or numbers of the same width, or with a float"
)]
pub trait CompareEq<Rhs> {
    /// A node of ones and zeros, or a `bool`.
    type Output;
    /// `self == rhs`.
    fn eq(self, rhs: Rhs) -> Self::Output;
    /// `self != rhs`.
    fn ne(self, rhs: Rhs) -> Self::Output;
}

/// `&&` and `||` as `tsl!` writes them: on nodes they are `and` and `or` (both sides are built);
/// on two `bool`s, Rust's.
#[diagnostic::on_unimplemented(
    message = "cannot combine `{Self}` and `{Rhs}` with `&&` or `||`",
    label = "`{Self}` beside `{Rhs}`",
    note = "`&&` and `||` take float nodes (conditions), numbers or bools"
)]
pub trait Logic<Rhs> {
    /// A node of ones and zeros, or a `bool`.
    type Output;
    /// `self && rhs`.
    fn and(self, rhs: Rhs) -> Self::Output;
    /// `self || rhs`.
    fn or(self, rhs: Rhs) -> Self::Output;
}

impl<T: PartialOrd> CompareOrd<T> for T {
    type Output = bool;
    fn lt(self, rhs: T) -> bool {
        self < rhs
    }
    fn le(self, rhs: T) -> bool {
        self <= rhs
    }
    fn gt(self, rhs: T) -> bool {
        self > rhs
    }
    fn ge(self, rhs: T) -> bool {
        self >= rhs
    }
}

impl<T: PartialEq> CompareEq<T> for T {
    type Output = bool;
    fn eq(self, rhs: T) -> bool {
        self == rhs
    }
    fn ne(self, rhs: T) -> bool {
        self != rhs
    }
}

impl Logic<bool> for bool {
    type Output = bool;
    fn and(self, rhs: bool) -> bool {
        self && rhs
    }
    fn or(self, rhs: bool) -> bool {
        self || rhs
    }
}

macro_rules! node_comparisons {
    ($($lhs:ty),*) => {
        impl<A: NodeType, R: IntoNode> CompareOrd<R> for Node<A>
        where
            A: WidthCompatible<R::Ty>,
        {
            type Output = Node<Wider<A, R::Ty>>;
            fn lt(self, rhs: R) -> Self::Output {
                pair(Opcode::LessThan, self, rhs)
            }
            fn le(self, rhs: R) -> Self::Output {
                pair(Opcode::LessThanEqual, self, rhs)
            }
            fn gt(self, rhs: R) -> Self::Output {
                pair(Opcode::GreaterThan, self, rhs)
            }
            fn ge(self, rhs: R) -> Self::Output {
                pair(Opcode::GreaterThanEqual, self, rhs)
            }
        }

        impl<A: NodeType, R: IntoNode> CompareEq<R> for Node<A>
        where
            A: WidthCompatible<R::Ty>,
        {
            type Output = Node<Wider<A, R::Ty>>;
            fn eq(self, rhs: R) -> Self::Output {
                pair(Opcode::Equal, self, rhs)
            }
            fn ne(self, rhs: R) -> Self::Output {
                pair(Opcode::NotEqual, self, rhs)
            }
        }

        impl<A: NodeType, R: IntoNode> Logic<R> for Node<A>
        where
            A: WidthCompatible<R::Ty>,
        {
            type Output = Node<Wider<A, R::Ty>>;
            fn and(self, rhs: R) -> Self::Output {
                pair(Opcode::LogicalAnd, self, rhs)
            }
            fn or(self, rhs: R) -> Self::Output {
                pair(Opcode::LogicalOr, self, rhs)
            }
        }

        $(
            impl<B: NodeType> CompareOrd<Node<B>> for $lhs
            where
                Float: WidthCompatible<B>,
            {
                type Output = Node<Wider<Float, B>>;
                fn lt(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::LessThan, self, rhs)
                }
                fn le(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::LessThanEqual, self, rhs)
                }
                fn gt(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::GreaterThan, self, rhs)
                }
                fn ge(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::GreaterThanEqual, self, rhs)
                }
            }

            impl<B: NodeType> CompareEq<Node<B>> for $lhs
            where
                Float: WidthCompatible<B>,
            {
                type Output = Node<Wider<Float, B>>;
                fn eq(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::Equal, self, rhs)
                }
                fn ne(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::NotEqual, self, rhs)
                }
            }

            impl<B: NodeType> Logic<Node<B>> for $lhs
            where
                Float: WidthCompatible<B>,
            {
                type Output = Node<Wider<Float, B>>;
                fn and(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::LogicalAnd, self, rhs)
                }
                fn or(self, rhs: Node<B>) -> Self::Output {
                    pair(Opcode::LogicalOr, self, rhs)
                }
            }
        )*
    };
}

node_comparisons!(f32, i32, bool);

/// The choice an `if` used as a value makes in `tsl!`: on a float node, a [`select`] (both
/// branches are built); on a `bool`, Rust's own choice between two values of one type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot choose between `{A}` and `{B}`",
    label = "the condition of an `if` used as a value",
    note = "an `if` used as a value is a select: its condition is a float node (or a bool), its branches nodes of one width or a float"
)]
pub trait Choose<A, B> {
    /// The chosen value's type.
    type Output;
    /// `a` where `self` holds, else `b`.
    fn choose(self, a: A, b: B) -> Self::Output;
}

impl<T> Choose<T, T> for bool {
    type Output = T;
    fn choose(self, a: T, b: T) -> T {
        if self {
            a
        } else {
            b
        }
    }
}

impl<A: IntoNode, B: IntoNode> Choose<A, B> for Node<Float>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    type Output = Node<Wider<A::Ty, B::Ty>>;
    fn choose(self, a: A, b: B) -> Self::Output {
        select(self, a, b)
    }
}
