//! `cbrt`, `lengthSq`, `difference`, `pow2`..`pow4`, the hyperbolic functions, `all` and `any`,
//! typed, with their chain forms; and TSL's other names for typed operations (`mixElement`,
//! `smoothstepElement`, `stepElement`, `split`, `vertexStage`, `uniformTexture`).

use super::wrap;
use crate::typed::node::{IntoNode, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Numeric, Texture, Wider, Wider3, WidthCompatible};
use crate::types::TextureId;
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

/// TSL's `mixElement(t, a, b)`: [`mix`](crate::typed::mix)`(a, b, t)`, the weight first. Its
/// chain form is `t.mix(a, b)`.
pub fn mix_element<C: IntoNode, A: IntoNode, B: IntoNode>(
    t: C,
    a: A,
    b: B,
) -> Node<Wider3<A::Ty, B::Ty, C::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
    Wider<A::Ty, B::Ty>: WidthCompatible<C::Ty>,
{
    crate::typed::mix(a, b, t)
}

/// TSL's `smoothstepElement(x, low, high)`: [`smoothstep`](crate::typed::smoothstep)`(low,
/// high, x)`. Its chain form is `x.smoothstep(low, high)`.
pub fn smoothstep_element<C: IntoNode, A: IntoNode, B: IntoNode>(
    x: C,
    low: A,
    high: B,
) -> Node<Wider3<A::Ty, B::Ty, C::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
    Wider<A::Ty, B::Ty>: WidthCompatible<C::Ty>,
{
    crate::typed::smoothstep(low, high, x)
}

/// TSL's `stepElement(x, edge)`: [`step`](crate::typed::step)`(edge, x)`. Its chain form is
/// `x.step(edge)`.
pub fn step_element<X: IntoNode, E: IntoNode>(x: X, edge: E) -> Node<Wider<E::Ty, X::Ty>>
where
    E::Ty: WidthCompatible<X::Ty>,
{
    crate::typed::step(edge, x)
}

/// TSL's `split(node, channels)`: the components named by `channels` as a swizzle does, the
/// result's type `R` named by the caller (`split::<_, Vec3>(v, "wzx")`; the typed swizzles
/// `v.wzx()` check the pattern at compile time). The graph refuses a pattern that names a
/// component `node` lacks or whose length is not `R`'s width.
pub fn split<A: IntoNode, R: Numeric>(node: A, channels: &str) -> Node<R>
where
    A::Ty: Numeric,
{
    let graph = current();
    let picked = graph.split(node.into_node().node_ref(), channels);
    match graph.type_of(picked) {
        Some(found) if found != R::TYPE => {
            let reason = format!(
                "`{channels}` gives a {found:?}, not the {:?} asked",
                R::TYPE
            );
            wrap(graph.refuse_node("split", reason))
        }
        _ => wrap(picked),
    }
}

/// TSL's `vertexStage(node)`: [`varying`](crate::typed::varying). Its chain form is
/// `node.to_vertex_stage()`.
pub fn vertex_stage<A: IntoNode>(node: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    crate::typed::varying(node)
}

impl<T: Numeric> Node<T> {
    /// TSL's chain `node.toVertexStage()`: [`vertex_stage`].
    pub fn to_vertex_stage(self) -> Node<T> {
        vertex_stage(self)
    }

    /// TSL's chain `node.split(channels)`: [`split`].
    pub fn split<R: Numeric>(self, channels: &str) -> Node<R> {
        split(self, channels)
    }
}

/// TSL's `uniformTexture(value)`: [`texture_uniform`](crate::typed::texture_uniform); TSL's name
/// is optional, here the uniform needs one, by which the renderer binds its map.
pub fn uniform_texture(name: &str, map: TextureId) -> Node<Texture> {
    crate::typed::texture_uniform(name, map)
}
