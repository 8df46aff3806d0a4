//! Shaping curves and oscillators (`parabola`, `gain`, `pcurve`, `sinc`, `remapClamp`, `rand`,
//! `oscSine`..`oscSawtooth`), typed.

use super::wrap;
use crate::typed::node::{IntoNode, IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Numeric, Vec2, Wider, Wider3, WidthCompatible};
use crate::NodeGraph;

macro_rules! two_argument_curves {
    ($($(#[$doc:meta])* $name:ident($x:ident, $k:ident);)*) => {$(
        $(#[$doc])*
        pub fn $name<X: IntoNode, K: IntoNode>($x: X, $k: K) -> Node<Wider<X::Ty, K::Ty>>
        where
            X::Ty: WidthCompatible<K::Ty>,
        {
            let ($x, $k) = ($x.into_node(), $k.into_node());
            wrap(current().$name($x.node_ref(), $k.node_ref()))
        }
    )*};
}

two_argument_curves! {
    /// TSL's `parabola(x, k)`: `pow(4x(1 - x), k)`, 0 at 0 and 1, 1 at a half.
    parabola(x, k);
    /// TSL's `gain(x, k)`: an S curve through (0.5, 0.5), steeper for larger `k`.
    gain(x, k);
    /// TSL's `sinc(x, k)`: `sin(t) / t` with `t = max(|π(kx - 1)|, EPSILON)`.
    sinc(x, k);
}

/// TSL's `pcurve(x, a, b)`: `pow(x^a / (x^a + (1 - x)^b), 1 / a)`.
pub fn pcurve<X: IntoNode, A: IntoNode, B: IntoNode>(
    x: X,
    a: A,
    b: B,
) -> Node<Wider3<X::Ty, A::Ty, B::Ty>>
where
    X::Ty: WidthCompatible<A::Ty>,
    Wider<X::Ty, A::Ty>: WidthCompatible<B::Ty>,
{
    let (x, a, b) = (x.into_node(), a.into_node(), b.into_node());
    wrap(current().pcurve(x.node_ref(), a.node_ref(), b.node_ref()))
}

/// The type of `remap_clamp(x, a, b, c, d)`: the widest of the five.
pub type RemapOutput<X, A, B, C, D> = Wider<Wider<Wider<Wider<X, A>, B>, C>, D>;

/// TSL's `remapClamp(x, in_low, in_high, out_low, out_high)`: `remap` with the ratio clamped
/// to [0, 1], so the answer stays between `out_low` and `out_high` (TSL's defaults for those are
/// 0 and 1).
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OPACITY_NODE};
/// let scope = Scope::new();
/// scope.opacity_node(remap_clamp(time(), 0.0, 10.0, 100.0, 200.0)).unwrap();
/// let mut program = scope.compile().unwrap();
/// program.set_frame(20.0, glam::Mat4::IDENTITY); // past the input range: held at 200
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![200.0]));
/// ```
#[allow(clippy::type_complexity)]
pub fn remap_clamp<X: IntoNode, A: IntoNode, B: IntoNode, C: IntoNode, D: IntoNode>(
    x: X,
    in_low: A,
    in_high: B,
    out_low: C,
    out_high: D,
) -> Node<RemapOutput<X::Ty, A::Ty, B::Ty, C::Ty, D::Ty>>
where
    X::Ty: WidthCompatible<A::Ty>,
    Wider<X::Ty, A::Ty>: WidthCompatible<B::Ty>,
    Wider<Wider<X::Ty, A::Ty>, B::Ty>: WidthCompatible<C::Ty>,
    Wider<Wider<Wider<X::Ty, A::Ty>, B::Ty>, C::Ty>: WidthCompatible<D::Ty>,
{
    let (x, a, b) = (x.into_node(), in_low.into_node(), in_high.into_node());
    let (c, d) = (out_low.into_node(), out_high.into_node());
    wrap(current().remap_clamp(
        x.node_ref(),
        a.node_ref(),
        b.node_ref(),
        c.node_ref(),
        d.node_ref(),
    ))
}

impl<T: Numeric> Node<T> {
    /// TSL's `x.remapClamp(in_low, in_high, out_low, out_high)`, the chain form of
    /// [`remap_clamp`].
    #[allow(clippy::type_complexity)]
    pub fn remap_clamp<A: IntoNode, B: IntoNode, C: IntoNode, D: IntoNode>(
        self,
        in_low: A,
        in_high: B,
        out_low: C,
        out_high: D,
    ) -> Node<RemapOutput<T, A::Ty, B::Ty, C::Ty, D::Ty>>
    where
        T: WidthCompatible<A::Ty>,
        Wider<T, A::Ty>: WidthCompatible<B::Ty>,
        Wider<Wider<T, A::Ty>, B::Ty>: WidthCompatible<C::Ty>,
        Wider<Wider<Wider<T, A::Ty>, B::Ty>, C::Ty>: WidthCompatible<D::Ty>,
    {
        remap_clamp(self, in_low, in_high, out_low, out_high)
    }
}

/// TSL's `rand(uv)`: a value in [0, 1) from a vec2,
/// `fract(sin(mod(dot(uv, (12.9898, 78.233)), π)) * 43758.5453)`.
pub fn rand(uv: impl IntoNodeOf<Vec2>) -> Node<Float> {
    wrap(current().rand(uv.into_node_of().node_ref()))
}

impl Node<Vec2> {
    /// TSL's `uv.rand()`, the chain form of [`rand`].
    pub fn rand(self) -> Node<Float> {
        rand(self)
    }
}

macro_rules! oscillators {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// TSL's default `t` is `time`: write `time()`.
        pub fn $name<A: IntoNode>(t: A) -> Node<A::Ty>
        where
            A::Ty: Numeric,
        {
            wrap(NodeGraph::$name(&current(), t.into_node().node_ref()))
        }
    )*};
}

oscillators! {
    /// TSL's `oscSine(t)`: `sin((t + 0.75) · 2π) / 2 + 1/2`, from 0 at whole `t` up to 1 and back.
    osc_sine;
    /// TSL's `oscSquare(t)`: `round(fract(t))`, 0 then 1 each unit.
    osc_square;
    /// TSL's `oscTriangle(t)`: `|fract(t + 0.5) · 2 - 1|`, 1 at whole `t`, 0 at halves.
    osc_triangle;
    /// TSL's `oscSawtooth(t)`: `fract(t)`.
    osc_sawtooth;
}
