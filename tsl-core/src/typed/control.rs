//! TSL's statements, typed, in TSL's own closure style: `Var`, `If(..).ElseIf(..).Else(..)`,
//! `Loop(count, |i| ..)`, `Break`, `Continue`, `Return` and `discard`. They record the untyped
//! graph's statements (`If`/`ElseIf`/`Else`/`End`, `Loop`/`End`, ...) in the current graph, so
//! the same guards and unrolling apply.

use super::logic::Condition;
use super::node::{IntoNode, IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, Numeric};
use crate::graph::NodeVar;
use std::fmt;
use std::marker::PhantomData;

/// A variable of the current graph holding a `T`, TSL's `Var` (`node.toVar()`): [`Var::get`]
/// reads what it holds at that point of the recording, [`Var::set`] changes it where the open
/// branches run.
pub struct Var<T: Numeric> {
    var: NodeVar,
    ty: PhantomData<T>,
}

impl<T: Numeric> Clone for Var<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Numeric> Copy for Var<T> {}

impl<T: Numeric> fmt::Debug for Var<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Var<{}>(#{})", T::TYPE, self.var.index())
    }
}

impl<T: Numeric> Var<T> {
    /// A variable holding `value` (a node or a number of type `T`).
    pub fn new(value: impl IntoNodeOf<T>) -> Var<T> {
        let value = value.into_node_of();
        Var {
            var: current().Var(value.node_ref()),
            ty: PhantomData,
        }
    }

    /// The value the variable holds at this point, TSL's reading of a `Var`.
    pub fn get(self) -> Node<T> {
        Node::wrap(current().get(self.var))
    }

    /// `var.assign(value)`: the variable holds `value` from here on, where the open branches run.
    pub fn set(self, value: impl IntoNodeOf<T>) {
        let value = value.into_node_of();
        current().assign(self.var, value.node_ref());
    }

    /// The untyped variable, for [`crate::NodeGraph::get`] and [`crate::NodeGraph::assign`].
    pub fn node_var(self) -> NodeVar {
        self.var
    }
}

/// A variable holding `value`, its type the value's: `var(0.0)` is a `Var<Float>`.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OPACITY_NODE};
/// let scope = Scope::new();
/// let x = var(1.0);
/// x.set(x.get() * 3.0);
/// // `get` reads what the variable holds at this point of the recording: 3, not 1.
/// x.set(x.get() + 0.5);
/// scope.opacity_node(x.get()).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![3.5]));
/// ```
pub fn var<V: IntoNode>(value: V) -> Var<V::Ty>
where
    V::Ty: Numeric,
{
    Var::new(value.into_node())
}

impl<T: Numeric> Node<T> {
    /// `node.toVar()`: a variable holding this node.
    pub fn to_var(self) -> Var<T> {
        Var::new(self)
    }
}

/// An `If` chain being recorded. Dropping it records `End`; [`IfChain::ElseIf`] and
/// [`IfChain::Else`] continue the chain first. So `If(c, || ..);` ends at its semicolon, and a
/// chain bound to a name ends where the name goes out of scope.
#[derive(Debug)]
pub struct IfChain {
    open: bool,
}

/// TSL's `If(condition, () => { .. })`: the statements `then` records run where the condition,
/// a float node or a `bool`, is not zero.
///
/// ```
/// use tsl_core::typed::*;
/// let scope = Scope::new();
/// let x = uniform(0.25).set_name("x");
/// let r = var(0.0);
/// If(x.less_than(0.0), || r.set(-1.0))
///     .ElseIf(x.less_than(1.0), || r.set(0.5))
///     .Else(|| r.set(2.0));
/// scope.opacity_node(r.get()).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(tsl_core::OPACITY_NODE, &Default::default()), Some(vec![0.5]));
/// ```
#[allow(non_snake_case)]
pub fn If(condition: impl Condition, then: impl FnOnce()) -> IfChain {
    let condition = condition.into_condition();
    current().If(condition.node_ref());
    then();
    IfChain { open: true }
}

impl IfChain {
    /// TSL's `.ElseIf(condition, () => { .. })`: runs where no earlier branch ran and the
    /// condition holds.
    #[allow(non_snake_case)]
    pub fn ElseIf(mut self, condition: impl Condition, then: impl FnOnce()) -> IfChain {
        self.open = false;
        let condition = condition.into_condition();
        current().ElseIf(condition.node_ref());
        then();
        IfChain { open: true }
    }

    /// TSL's `.Else(() => { .. })`: runs where no branch of the chain ran; ends the chain.
    #[allow(non_snake_case)]
    pub fn Else(mut self, then: impl FnOnce()) {
        self.open = false;
        current().Else();
        then();
        current().End();
    }
}

impl Drop for IfChain {
    fn drop(&mut self) {
        if self.open {
            current().End();
        }
    }
}

/// TSL's `Loop(count, ({ i }) => { .. })`: `body` records the statements of one time through,
/// given the index (0, 1, 2, ... as a float node); they run `count` times (0 to 1024).
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OPACITY_NODE};
/// let scope = Scope::new();
/// let sum = var(0.0);
/// Loop(4, |i| sum.set(sum.get() + i));
/// scope.opacity_node(sum.get()).unwrap();
/// let program = scope.compile().unwrap();
/// // 0 + 1 + 2 + 3, unrolled: the program has no jumps.
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![6.0]));
/// ```
#[allow(non_snake_case)]
pub fn Loop(count: i64, body: impl FnOnce(Node<Float>)) {
    LoopFrom(count, 0.0, 1.0, body)
}

/// TSL's `Loop({ start, end, ... }, ..)` in its general form: `count` times, the index starting at
/// `start` and moving by `step`.
#[allow(non_snake_case)]
pub fn LoopFrom(count: i64, start: f32, step: f32, body: impl FnOnce(Node<Float>)) {
    let index = current().LoopFrom(count, start, step);
    body(Node::wrap(index));
    current().End();
}

/// TSL's `Break()`: leaves the innermost loop where the open branches run.
#[allow(non_snake_case)]
pub fn Break() {
    current().Break();
}

/// TSL's `Continue()`: skips the rest of this time through the innermost loop.
#[allow(non_snake_case)]
pub fn Continue() {
    current().Continue();
}

/// TSL's `Return(value)`: the answer of the `Fn` being inlined, where the open branches run. The
/// graph refuses a value of another type than the `Fn`'s layout; a `#[tsl_fn]` checks it in
/// rustc instead.
#[allow(non_snake_case)]
pub fn Return(value: impl IntoNode) {
    let value = value.into_node();
    current().Return(value.node_ref());
}

/// TSL's `Discard()`: throws the fragment away where the open branches run.
///
/// Every discard joins the mask (`MASK_NODE`): the mask is 0 where a discard ran.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, MASK_NODE};
/// let scope = Scope::new();
/// If(time().greater_than(1.0), || discard());
/// let mut program = scope.compile().unwrap();
/// program.set_frame(0.5, glam::Mat4::IDENTITY);
/// assert_eq!(program.evaluate(MASK_NODE, &Fragment::default()), Some(vec![1.0]));
/// program.set_frame(2.0, glam::Mat4::IDENTITY);
/// assert_eq!(program.evaluate(MASK_NODE, &Fragment::default()), Some(vec![0.0]));
/// ```
pub fn discard() {
    current().Discard();
}
