//! `cbrt`, `lengthSq`, `difference`, `pow2`..`pow4`, the hyperbolic functions, `all` and `any`,
//! typed, with their chain forms.

use super::wrap;
use crate::typed::node::{IntoNode, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Numeric, Wider, WidthCompatible};
use crate::NodeGraph;

macro_rules! same_type_functions {
    ($($(#[$doc:meta])* $name:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name<A: IntoNode>(a: A) -> Node<A::Ty>
            where
                A::Ty: Numeric,
            {
                wrap(NodeGraph::$name(&current(), a.into_node().node_ref()))
            }
        )*
        impl<T: Numeric> Node<T> {
            $(
                $(#[$doc])*
                ///
                /// The chain form of the free function of the same name.
                pub fn $name(self) -> Node<T> {
                    $name(self)
                }
            )*
        }
    };
}

same_type_functions! {
    /// TSL's `cbrt(a)`: the cube root, `sign(a) * pow(abs(a), 1 / 3)`.
    cbrt;
    /// TSL's `pow2(x)`: `x * x`.
    pow2;
    /// TSL's `pow3(x)`: `x * x * x`.
    pow3;
    /// TSL's `pow4(x)`: `x * x * x * x`.
    pow4;
    /// TSL's `sinh(a)`: `(exp(a) - exp(-a)) / 2`.
    sinh;
    /// TSL's `cosh(a)`: `(exp(a) + exp(-a)) / 2`.
    cosh;
    /// TSL's `tanh(a)`: ±1 far from zero.
    tanh;
    /// TSL's `asinh(a)`: `log(a + sqrt(a² + 1))`.
    asinh;
    /// TSL's `acosh(a)`: `log(a + sqrt(a² - 1))`; NaN below 1.
    acosh;
    /// TSL's `atanh(a)`: `log((1 + a) / (1 - a)) / 2`.
    atanh;
}

macro_rules! float_functions {
    ($($(#[$doc:meta])* $name:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name<A: IntoNode>(a: A) -> Node<Float>
            where
                A::Ty: Numeric,
            {
                wrap(NodeGraph::$name(&current(), a.into_node().node_ref()))
            }
        )*
        impl<T: Numeric> Node<T> {
            $(
                $(#[$doc])*
                ///
                /// The chain form of the free function of the same name.
                pub fn $name(self) -> Node<Float> {
                    $name(self)
                }
            )*
        }
    };
}

float_functions! {
    /// TSL's `lengthSq(a)`: `dot(a, a)`.
    length_sq;
    /// TSL's `all(a)`: 1 where every component is not zero, else 0 (a float condition).
    all;
    /// TSL's `any(a)`: 1 where some component is not zero, else 0 (a float condition).
    any;
}

/// TSL's `difference(a, b)`: `abs(a - b)`.
pub fn difference<A: IntoNode, B: IntoNode>(a: A, b: B) -> Node<Wider<A::Ty, B::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let (a, b) = (a.into_node(), b.into_node());
    wrap(current().difference(a.node_ref(), b.node_ref()))
}

impl<T: Numeric> Node<T> {
    /// TSL's `a.difference(b)`: `abs(a - b)`, the chain form of [`difference`].
    pub fn difference<B: IntoNode>(self, b: B) -> Node<Wider<T, B::Ty>>
    where
        T: WidthCompatible<B::Ty>,
    {
        difference(self, b)
    }
}
