//! What the code that `tsl!{}` and `#[tsl_fn]` write calls. Not an API: the macros' output
//! names these paths, and they change with the macros.

use super::control::{Break, Continue, Var};
use super::logic::{Choose, CompareEq, CompareOrd, Condition, Logic};
use super::node::{IntoNode, IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, JoinOperands, NodeType, Numeric};
use crate::graph::{NodeRef, TslFn};

/// `if c {` as a statement: TSL's `If(c)`.
pub fn if_(condition: impl Condition) {
    let condition = condition.into_condition();
    current().If(condition.node_ref());
}

/// `} else if c {`: TSL's `ElseIf(c)`.
pub fn else_if(condition: impl Condition) {
    let condition = condition.into_condition();
    current().ElseIf(condition.node_ref());
}

/// `} else {`: TSL's `Else()`.
pub fn else_() {
    current().Else();
}

/// The end of an `if` chain or of a `for` body: TSL's `End()`.
pub fn end() {
    current().End();
}

/// `for i in ..` over a constant range the macro counted: TSL's `Loop`; the index node.
pub fn loop_(count: i64, start: f32, step: f32) -> Node<Float> {
    Node::wrap(current().LoopFrom(count, start, step))
}

/// `break`.
pub fn break_() {
    Break();
}

/// `continue`.
pub fn continue_() {
    Continue();
}

/// `return value` in a `#[tsl_fn]` answering a `T`.
pub fn ret<T: NodeType>(value: impl IntoNodeOf<T>) {
    let value = value.into_node_of();
    current().Return(value.node_ref());
}

/// `vec3(a, b)` / `vec4(a, b)` in `tsl!`: TSL's constructor of two parts, a join that must make a
/// `T` (`vec4(rgb, a)`, `vec3(xy, z)`, `vec4(xy, zw)`).
pub fn join_to<T: NodeType, A: IntoNode, B: IntoNode>(a: A, b: B) -> Node<T>
where
    A::Ty: JoinOperands<B::Ty, Output = T>,
{
    let (a, b) = (a.into_node(), b.into_node());
    Node::wrap(current().join(&[a.node_ref(), b.node_ref()]))
}

/// `discard()`.
pub fn discard() {
    super::control::discard();
}

/// `let mut v = value;`: a variable of the value's type.
pub fn var<V: IntoNode>(value: V) -> Var<V::Ty>
where
    V::Ty: Numeric,
{
    super::control::var(value)
}

/// `let mut v: T = value;`.
pub fn var_of<T: Numeric>(value: impl IntoNodeOf<T>) -> Var<T> {
    Var::new(value)
}

/// `a < b`.
pub fn lt<A: CompareOrd<B>, B>(a: A, b: B) -> A::Output {
    a.lt(b)
}

/// `a <= b`.
pub fn le<A: CompareOrd<B>, B>(a: A, b: B) -> A::Output {
    a.le(b)
}

/// `a > b`.
pub fn gt<A: CompareOrd<B>, B>(a: A, b: B) -> A::Output {
    a.gt(b)
}

/// `a >= b`.
pub fn ge<A: CompareOrd<B>, B>(a: A, b: B) -> A::Output {
    a.ge(b)
}

/// `a == b`.
pub fn eq<A: CompareEq<B>, B>(a: A, b: B) -> A::Output {
    a.eq(b)
}

/// `a != b`.
pub fn ne<A: CompareEq<B>, B>(a: A, b: B) -> A::Output {
    a.ne(b)
}

/// `a && b`.
pub fn and<A: Logic<B>, B>(a: A, b: B) -> A::Output {
    a.and(b)
}

/// `a || b`.
pub fn or<A: Logic<B>, B>(a: A, b: B) -> A::Output {
    a.or(b)
}

/// `if c { a } else { b }` used as a value.
pub fn choose<C: Choose<A, B>, A, B>(condition: C, a: A, b: B) -> C::Output {
    condition.choose(a, b)
}

/// Argument `index` of a `#[tsl_fn]` body, typed as its layout says (`call` checked it).
pub fn arg<T: NodeType>(args: &[NodeRef], index: usize) -> Node<T> {
    match args.get(index).or(args.last()) {
        Some(&node) => Node::wrap(node),
        // `call` runs a body only with its layout's count of arguments.
        None => Node::wrap(current().float(0.0)),
    }
}

/// The answer of a `#[tsl_fn]` body, checked against its layout by rustc.
pub fn answer<T: NodeType>(value: impl IntoNodeOf<T>) -> NodeRef {
    value.into_node_of().node_ref()
}

/// A zero of `T`, the answer of a `#[tsl_fn]` body that ends in `return`.
pub fn zero<T: Numeric>() -> NodeRef {
    let g = current();
    match T::WIDTH {
        1 => g.float(0.0),
        2 => g.vec2(0.0, 0.0),
        3 => g.vec3(0.0, 0.0, 0.0),
        _ => g.vec4(0.0, 0.0, 0.0, 0.0),
    }
}

/// A `#[tsl_fn]` called with typed arguments: inlined in the current graph.
pub fn call<T: NodeType>(function: &TslFn, args: &[NodeRef]) -> Node<T> {
    Node::wrap(current().call(function, args))
}
