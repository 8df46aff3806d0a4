//! three.js r187's colour functions as graph nodes (R-LIB-1, docs/requirements.md): the colour
//! adjustments (`display/ColorAdjustment.js`, and the examples' `Sepia.js` and
//! `BleachBypass.js`), the blend modes and alpha premultiplication, the sRGB transfer functions,
//! the colour-space conversions, the tone-mapping curves, and MaterialX's colour and utility functions (`materialx/`).
//!
//! Each method builds three.js's formula from the graph's own nodes, operation for operation in
//! three.js's order, so the interpreters and the native emission need nothing new. TSL's
//! functions with a layout (`Fn(.., { color: 'vec3', .. })`) convert their arguments to the
//! layout's types; the methods here do the same (a float is repeated, a wider vector keeps its
//! first components) and refuse any other type with [`BuildErrorKind::ArgumentType`].

mod adjust;
mod blend;
mod mx;
mod space;
mod tone;
mod transfer;

pub use mx::Place2dOrder;
pub use space::NodeColorSpace;
pub use tone::ToneMappingCurve;

use super::{BuildError, BuildErrorKind, NodeGraph, NodeRef};
use crate::types::ValueType;

/// Rec. 709's luminance coefficients, three.js's for its linear sRGB working colour space
/// (`ColorManagement.getLuminanceCoefficients`): TSL's default for `luminance`, `grayscale` and
/// `saturation`, and `cdl`'s always.
pub const REC709_LUMINANCE_COEFFICIENTS: [f32; 3] = [0.2126, 0.7152, 0.0722];

impl NodeGraph {
    /// `arg`, parameter `index` (`name`) of the TSL function `function`, converted to the
    /// layout's type `to` as TSL converts it: a float is repeated into every component, a wider
    /// vector keeps its first components. Any other type is refused (a refused ref comes back).
    fn layout_arg(
        &self,
        function: &str,
        index: usize,
        name: &str,
        arg: NodeRef,
        to: ValueType,
    ) -> NodeRef {
        let from = match self.resolve_for(function, arg) {
            Ok(i) => self.parts.borrow().nodes[i as usize].ty,
            Err(e) => {
                if !arg.is_refused() {
                    self.refuse(e);
                }
                return self.refused();
            }
        };
        match (from.width(), to.width()) {
            _ if from == to => arg,
            (Some(1), Some(n)) => self.join(&vec![arg; n]),
            (Some(m), Some(n)) if n < m => self.swizzle(arg, &"xyzw"[..n]),
            _ => {
                self.refuse(BuildError::new(
                    function,
                    BuildErrorKind::ArgumentType {
                        index,
                        name: name.to_string(),
                        found: from,
                        layout: to,
                    },
                ));
                self.refused()
            }
        }
    }

    /// The arguments of `function` converted to its layout, `(name, type)` per parameter.
    fn layout_args<const N: usize>(
        &self,
        function: &str,
        layout: [(&str, ValueType); N],
        args: [NodeRef; N],
    ) -> [NodeRef; N] {
        let mut out = args;
        for (i, ((name, ty), arg)) in layout.into_iter().zip(args).enumerate() {
            out[i] = self.layout_arg(function, i, name, arg, ty);
        }
        out
    }

    /// A vec3 constant of three numbers.
    fn vec3_of(&self, v: [f32; 3]) -> NodeRef {
        self.vec3(v[0], v[1], v[2])
    }

    /// A float constant that three.js writes as a JavaScript number (an f64, with more digits
    /// than an f32 holds): rounded to f32 as the shader's literal is.
    fn float_js(&self, x: f64) -> NodeRef {
        self.float(x as f32)
    }

    /// A mat3 constant from its three columns, written as three.js writes them (f64), rounded to
    /// f32.
    fn mat3_js(&self, columns: [[f64; 3]; 3]) -> NodeRef {
        self.matrix(&columns.map(|c| self.vec3_of(c.map(|x| x as f32))))
    }
}
