//! three.js's shading, depth and fog functions (R-MATH-12, docs/requirements.md) as builder
//! methods: the BSDF terms of `functions/BSDF`, `getDistanceAttenuation`, the view-z/depth
//! conversions of `display/ViewportDepthNode.js`, the fog factors of `fog/Fog.js` and the pure helpers of
//! `utils/PostProcessingUtils.js`. Each is built from the graph's own nodes in three's order of
//! operations, so the interpreter, the GPU paths and the native emission need nothing new.
//!
//! Where three's `Fn` has a layout (`{ alpha: 'float', ... }`) the method refuses an argument of
//! another type, naming it as the layout does; where it has none, the argument may be any type
//! the nodes it feeds accept (a float or a vector), as in TSL.

mod bsdf;
mod depth;
mod eon;
mod fog;
mod ltc;
mod post;

use super::{BuildError, BuildErrorKind, NodeGraph, NodeRef};
use crate::types::ValueType;

/// three.js's `EPSILON` (`MathNode.js`): `1e-6`. (Named apart from the library's own constant.)
const THREE_EPSILON: f32 = 1e-6;

impl NodeGraph {
    /// Refuse under `function` unless each argument has its layout's type: three's `Fn` layouts
    /// convert, ours says what differs. A refused or foreign argument is passed back as it is,
    /// so the first cause is the one the graph reports.
    fn layout(&self, function: &str, args: &[(&str, NodeRef, ValueType)]) -> Result<(), NodeRef> {
        for (index, &(name, node, layout)) in args.iter().enumerate() {
            match self.type_of(node) {
                Some(found) if found == layout => {}
                Some(found) => {
                    self.refuse(BuildError::new(
                        function,
                        BuildErrorKind::ArgumentType {
                            index,
                            name: name.to_string(),
                            found,
                            layout,
                        },
                    ));
                    return Err(self.refused());
                }
                None => {
                    if !node.is_refused() {
                        // A ref of another graph: any node over it reports the usual refusal.
                        return Err(self.add(node, node));
                    }
                    return Err(node);
                }
            }
        }
        Ok(())
    }

    /// `a * b * c ...` from the left, as TSL's `a.mul(b, c, ...)` nests.
    fn mul_chain(&self, first: NodeRef, rest: &[NodeRef]) -> NodeRef {
        rest.iter().fold(first, |acc, &n| self.mul(acc, n))
    }

    /// The camera-space depth three's fog reads: `-positionView.z` (its `getViewZNode` with no
    /// `getViewZ` in the context).
    fn fog_view_z(&self) -> NodeRef {
        self.negate(self.swizzle(self.position_view(), "z"))
    }
}
