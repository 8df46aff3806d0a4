//! Custom attributes (R-ATTR-1, docs/requirements.md): TSL's `attribute(name, type)`, a geometry
//! attribute a program reads by its name.
//!
//! A graph packs the custom attributes it declares, in the order it declares them, into the 8
//! floats of the lanes `Custom0`, `Custom1` (three floats each) and `Custom2` (two), and the
//! compiled program keeps the names and where each lies ([`CustomAttribute`]), so that a
//! rasterizer fills each corner's 8 floats from the geometry's attributes of those names. The
//! node itself is a swizzle of the lanes (a join where it spans both), interpolated as any
//! fragment attribute is.

use super::{BuildError, BuildErrorKind, NodeGraph, NodeRef};
use crate::interface::{CustomAttribute, CUSTOM_ATTRIBUTE_FLOATS, CUSTOM_LANES};
use crate::types::ValueType;
use thiserror::Error;

/// Why `named_attribute` refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AttributeRefusal {
    /// An empty name.
    #[error("a custom attribute needs a name")]
    EmptyName,
    /// A type that is not float, vec2, vec3 or vec4.
    #[error("a custom attribute is a float, vec2, vec3 or vec4, not a {0}")]
    Type(ValueType),
    /// The name declared before with another type.
    #[error("{name:?} was declared a {was}, not a {now}")]
    Retyped {
        /// The name.
        name: String,
        /// The type it was declared with.
        was: ValueType,
        /// The type asked for now.
        now: ValueType,
    },
    /// More floats than a corner carries.
    #[error("{name:?} needs {needed} floats of a corner's {CUSTOM_ATTRIBUTE_FLOATS}")]
    TooManyFloats {
        /// The name.
        name: String,
        /// The floats all the custom attributes would take with it.
        needed: usize,
    },
}

impl NodeGraph {
    /// TSL's `attribute(name, type)`: the geometry attribute `name`, interpolated for each
    /// fragment (R-ATTR-1). `ty` is float, vec2, vec3 or vec4; a component the geometry's
    /// attribute lacks reads 0, a missing fourth reads 1, and a geometry without the attribute
    /// gives zeros and a w of one, as WebGL fills a missing attribute. All of a graph's custom
    /// attributes together hold at most [`CUSTOM_ATTRIBUTE_FLOATS`] floats; asking for a name
    /// again gives the same floats. (Named `named_attribute` because
    /// [`NodeGraph::attribute`] reads a built-in input.) A position node cannot read one.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let heat = graph.named_attribute("heat", ValueType::Float);
    /// graph.set_output(COLOR_NODE, graph.mul(graph.vec3(1.0, 0.5, 0.0), heat)).unwrap();
    /// let program = graph.compile().unwrap();
    /// assert_eq!(program.custom_attributes()[0].name, "heat");
    /// ```
    pub fn named_attribute(&self, name: &str, ty: ValueType) -> NodeRef {
        match self.declare_attribute(name, ty) {
            Ok(declared) => self.custom_lanes(&declared),
            Err(refusal) => {
                self.refuse(BuildError::new(
                    "attribute",
                    BuildErrorKind::Attribute(refusal),
                ));
                self.refused()
            }
        }
    }

    /// The graph's custom attributes, in the order declared.
    pub fn custom_attributes(&self) -> Vec<CustomAttribute> {
        self.parts.borrow().attributes.clone()
    }

    /// Find or add `name`'s place among the corner's floats.
    fn declare_attribute(
        &self,
        name: &str,
        ty: ValueType,
    ) -> Result<CustomAttribute, AttributeRefusal> {
        if name.is_empty() {
            return Err(AttributeRefusal::EmptyName);
        }
        let width = match ty {
            ValueType::Float | ValueType::Vec2 | ValueType::Vec3 | ValueType::Vec4 => {
                ty.width().unwrap_or(1) as u8
            }
            other => return Err(AttributeRefusal::Type(other)),
        };
        let mut parts = self.parts.borrow_mut();
        if let Some(found) = parts.attributes.iter().find(|a| a.name == name) {
            if found.width != width {
                return Err(AttributeRefusal::Retyped {
                    name: name.to_string(),
                    was: found.value_type(),
                    now: ty,
                });
            }
            return Ok(found.clone());
        }
        let used: usize = parts.attributes.iter().map(|a| usize::from(a.width)).sum();
        let needed = used + usize::from(width);
        if needed > CUSTOM_ATTRIBUTE_FLOATS {
            return Err(AttributeRefusal::TooManyFloats {
                name: name.to_string(),
                needed,
            });
        }
        let declared = CustomAttribute {
            name: name.to_string(),
            width,
            offset: used as u8,
        };
        parts.attributes.push(declared.clone());
        Ok(declared)
    }

    /// The node of `attribute`'s floats: a swizzle of one lane, or a join of the lanes it spans.
    fn custom_lanes(&self, attribute: &CustomAttribute) -> NodeRef {
        const COMPONENTS: [char; 3] = ['x', 'y', 'z'];
        let (start, end) = (
            usize::from(attribute.offset),
            usize::from(attribute.offset) + usize::from(attribute.width),
        );
        // Each lane's part: the lane, and the components of it the attribute takes.
        let parts: Vec<NodeRef> = CUSTOM_LANES
            .into_iter()
            .filter_map(|(lane, first, width)| {
                let (lo, hi) = (start.max(first), end.min(first + width));
                (lo < hi).then(|| {
                    let pattern: String = (lo..hi).map(|i| COMPONENTS[i - first]).collect();
                    self.swizzle(self.attribute(lane), &pattern)
                })
            })
            .collect();
        match parts.as_slice() {
            [one] => *one,
            _ => self.join(&parts),
        }
    }
}
