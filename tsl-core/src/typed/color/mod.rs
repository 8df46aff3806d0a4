//! three.js r187's colour functions on typed nodes (R-LIB-1, docs/requirements.md): the graph's
//! colour methods ([`crate::NodeGraph::luminance`], the blend modes, the tone-mapping curves,
//! MaterialX's colour and utility functions, ...) with their argument types checked by rustc.
//!
//! TSL's default arguments are written out; each function's documentation names them (the
//! luminance coefficients: [`working_luminance_coefficients`] or
//! [`REC709_LUMINANCE_COEFFICIENTS`](crate::REC709_LUMINANCE_COEFFICIENTS); a texture
//! coordinate: `uv()`). Of these functions three.js chains only `toneMapping`,
//! `workingToColorSpace` and `colorSpaceToWorking`: [`Node::tone_mapping`],
//! [`Node::working_to_color_space`] and [`Node::color_space_to_working`] here.

mod fixed;
mod generic;

pub use fixed::*;
pub use generic::*;

use super::node::Node;
use super::types::NodeType;
use crate::NodeRef;

fn wrap<T: NodeType>(node: NodeRef) -> Node<T> {
    Node::wrap(node)
}
