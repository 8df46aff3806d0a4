//! three.js r187's pure-math function library on typed nodes (R-MATH-11, docs/requirements.md):
//! the builder's functions of `crate::graph`'s library, with their argument types checked by
//! rustc, and the TSL chain form (`x.cbrt()`, `m.inverse()`) where three.js registers one with
//! `addMethodChaining`.
//!
//! The constants (`PI`, `TWO_PI`, `HALF_PI`, `EPSILON`, `INFINITY`) are `f32`s: beside a node a
//! number is a constant (`uv().x() * PI`).

mod curves;
mod material;
mod math;
mod matrix;
mod procedural;
mod uv;

pub use crate::graph::{EulerOrder, EPSILON, HALF_PI, INFINITY, PI, PI2, TWO_PI};
pub use curves::*;
pub use material::*;
pub use math::*;
pub use matrix::*;
pub use procedural::*;
pub use uv::*;

use super::node::Node;
use super::types::NodeType;
use crate::NodeRef;

/// The typed handle of a node the library built.
fn wrap<T: NodeType>(node: NodeRef) -> Node<T> {
    Node::wrap(node)
}
