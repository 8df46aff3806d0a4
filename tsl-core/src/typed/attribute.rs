//! Custom attributes, typed (R-ATTR-1, docs/requirements.md).

use super::node::Node;
use super::scope::current;
use super::types::Numeric;

/// TSL's `attribute(name, type)`: the geometry attribute `name`, interpolated for each fragment;
/// `T` is `Float`, `Vec2`, `Vec3` or `Vec4` (the graph refuses a matrix). A component the
/// geometry lacks reads 0, a missing fourth 1 ([`NodeGraph::named_attribute`](crate::NodeGraph::named_attribute)).
///
/// ```
/// use tsl_core::typed::*;
/// let scope = Scope::new();
/// let heat = attribute::<Vec3>("heat");
/// scope.color_node(heat).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.custom_attributes()[0].name, "heat");
/// ```
pub fn attribute<T: Numeric>(name: &str) -> Node<T> {
    Node::wrap(current().named_attribute(name, T::TYPE))
}
