//! three.js r187's pure-math function library on the builder (R-MATH-11, docs/requirements.md):
//! each function is built from the graph's own operations in three.js's order, so it needs no
//! opcode of its own and runs the same on every path that runs the graph.
//!
//! | file | three.js source |
//! | --- | --- |
//! | `math.rs` | `math/MathNode.js`: `cbrt`, `lengthSq`, `difference`, `pow2`..`pow4`, the hyperbolic functions, `all`, `any`, the constants |
//! | `matrix.rs` | `math/MathNode.js`: `transpose`, `determinant`, `inverse`, `transformNormalByViewMatrix`, `transformNormalByInverseViewMatrix` |
//! | `curves.rs` | `math/MathUtils.js`, `utils/Remap.js`, `utils/Oscillators.js`, `rand` |
//! | `uv.rs` | `utils/RotateNode.js`, `utils/UVUtils.js`, `utils/MatcapUV.js`, `utils/EquirectUV.js`, `utils/SpriteSheetUV.js` |
//! | `material.rs` | `functions/material/*.js`: `getGeometryRoughness`, `getRoughness`, `getParallaxCorrectNormal`, `getShIrradianceAt` |
//! | `procedural.rs` | `procedural/Checker.js`, `shapes/Shapes.js`, `math/TriNoise3D.js`, `utils/Packing.js` |
//!
//! A function checks its arguments' types first and refuses under its own name ("rotate_uv:
//! `rotation` must be a float, not vec2"), rather than letting an inner operation refuse in words
//! the caller did not write.

mod curves;
mod material;
mod math;
mod matrix;
mod procedural;
mod uv;

pub use uv::EulerOrder;

use super::{BuildError, BuildErrorKind, NodeGraph, NodeRef};
use crate::opcode::Opcode;
use crate::types::ValueType;

/// TSL's `PI`: π as a float32.
pub const PI: f32 = std::f32::consts::PI;
/// TSL's `TWO_PI`: 2π as a float32.
pub const TWO_PI: f32 = std::f32::consts::TAU;
/// TSL's `PI2`, the name before r181 of [`TWO_PI`].
pub const PI2: f32 = TWO_PI;
/// TSL's `HALF_PI`: π / 2 as a float32.
pub const HALF_PI: f32 = std::f32::consts::FRAC_PI_2;
/// TSL's `EPSILON`: 1e-6, three.js's small number (not `f32::EPSILON`).
pub const EPSILON: f32 = 1e-6;
/// TSL's `INFINITY`: 1e6, three.js's large number (not `f32::INFINITY`).
pub const INFINITY: f32 = 1e6;

/// What a library function's argument may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Expect {
    /// Exactly this type.
    Is(ValueType),
    /// A float or a vector.
    Numeric,
    /// A vec2, vec3 or vec4.
    Vector,
    /// A mat3 or a mat4.
    Matrix,
}

impl Expect {
    fn accepts(self, ty: ValueType) -> bool {
        match self {
            Expect::Is(want) => ty == want,
            Expect::Numeric => ty.width().is_some(),
            Expect::Vector => ty.width().is_some_and(|w| w > 1),
            Expect::Matrix => ty.matrix_size().is_some(),
        }
    }

    fn describe(self) -> String {
        match self {
            Expect::Is(ty) => format!("a {ty}"),
            Expect::Numeric => "a float or a vector".into(),
            Expect::Vector => "a vec2, vec3 or vec4".into(),
            Expect::Matrix => "a mat3 or a mat4".into(),
        }
    }
}

/// One argument as a function checks it: its name in three.js's signature, the node, and what
/// it may be.
type Arg<'a> = (&'a str, NodeRef, Expect);

impl NodeGraph {
    /// Check `function`'s arguments: `Ok` with their types, or the refused ref to return. A
    /// refused argument refuses quietly (its own cause is the one reported).
    fn library_args(&self, function: &str, args: &[Arg<'_>]) -> Result<Vec<ValueType>, NodeRef> {
        let mut types = Vec::with_capacity(args.len());
        for &(name, node, expect) in args {
            let ty = match self.resolve_for(function, node) {
                Ok(i) => self.parts.borrow().nodes[i as usize].ty,
                Err(e) => {
                    if !node.is_refused() {
                        self.refuse(e);
                    }
                    return Err(self.refused());
                }
            };
            if !expect.accepts(ty) {
                let reason = format!("`{name}` must be {}, not {ty}", expect.describe());
                self.refuse(BuildError::new(function, BuildErrorKind::Caller(reason)));
                return Err(self.refused());
            }
            types.push(ty);
        }
        Ok(types)
    }

    /// [`NodeGraph::library_args`] for arguments that combine per component (the same width, or
    /// floats beside a vector): `Ok` with the widest type.
    fn library_componentwise(
        &self,
        function: &str,
        args: &[Arg<'_>],
    ) -> Result<ValueType, NodeRef> {
        let types = self.library_args(function, args)?;
        super::typecheck::componentwise(Opcode::Add, &types).map_err(|error| {
            self.refuse(BuildError::new(function, error));
            self.refused()
        })
    }

    /// Refuse `function` with `reason` (arguments whose types fit, but not together).
    fn library_refuse(&self, function: &str, reason: String) -> NodeRef {
        self.refuse(BuildError::new(function, BuildErrorKind::Caller(reason)));
        self.refused()
    }
}
