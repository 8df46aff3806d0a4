//! The math functions of R-MATH (docs/requirements.md), typed: each takes nodes or numbers, and its
//! result type is worked out by the traits of [`super::types`] (`mix(Vec3, Vec3, Float)` is a
//! `Vec3`).

use super::node::{IntoNode, IntoNodeOf, Node};
use super::ops::math;
use super::scope::current;
use super::types::{Float, NodeType, Numeric, Vec3, Wider, Wider3, WidthCompatible};
use crate::opcode::Opcode;

fn unary<A: IntoNode, T: NodeType>(code: Opcode, a: A) -> Node<T> {
    let a = a.into_node();
    math(code, &[a.node_ref()])
}

fn binary<A: IntoNode, B: IntoNode, T: NodeType>(code: Opcode, a: A, b: B) -> Node<T> {
    let (a, b) = (a.into_node(), b.into_node());
    math(code, &[a.node_ref(), b.node_ref()])
}

fn ternary<A: IntoNode, B: IntoNode, C: IntoNode, T: NodeType>(
    code: Opcode,
    a: A,
    b: B,
    c: C,
) -> Node<T> {
    let (a, b, c) = (a.into_node(), b.into_node(), c.into_node());
    math(code, &[a.node_ref(), b.node_ref(), c.node_ref()])
}

/// `|a|`, per component.
pub fn abs<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Abs, a)
}

/// -1, 0 or 1, per component.
pub fn sign<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Sign, a)
}

/// Round down.
pub fn floor<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Floor, a)
}

/// Round up.
pub fn ceil<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Ceil, a)
}

/// Round to nearest; a half goes to the even whole number.
pub fn round<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Round, a)
}

/// Round toward zero.
pub fn trunc<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Trunc, a)
}

/// `a - floor(a)`.
pub fn fract<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Fract, a)
}

/// Sine of radians.
pub fn sin<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Sin, a)
}

/// Cosine of radians.
pub fn cos<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Cos, a)
}

/// Tangent of radians.
pub fn tan<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Tan, a)
}

/// Arc sine.
pub fn asin<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Asin, a)
}

/// Arc cosine.
pub fn acos<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Acos, a)
}

/// Arc tangent of one value; see [`atan2`] for two.
pub fn atan<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Atan, a)
}

/// Degrees to radians.
pub fn radians<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Radians, a)
}

/// Radians to degrees.
pub fn degrees<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Degrees, a)
}

/// `e^a`.
pub fn exp<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Exp, a)
}

/// `2^a`.
pub fn exp2<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Exp2, a)
}

/// Natural logarithm.
pub fn log<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Log, a)
}

/// Base-2 logarithm.
pub fn log2<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Log2, a)
}

/// Square root.
pub fn sqrt<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Sqrt, a)
}

/// `1 / sqrt(a)`, TSL's `inverseSqrt`.
pub fn inverse_sqrt<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::InverseSqrt, a)
}

/// `1 / a`.
pub fn reciprocal<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Reciprocal, a)
}

/// `-a`, as the unary `-` operator.
pub fn negate<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Negate, a)
}

/// `1 - a`, TSL's `oneMinus`.
pub fn one_minus<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::OneMinus, a)
}

/// `clamp(a, 0, 1)`.
pub fn saturate<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Saturate, a)
}

/// `a / length(a)`; a zero vector stays zero.
pub fn normalize<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    unary(Opcode::Normalize, a)
}

macro_rules! binary_functions {
    ($($(#[$doc:meta])* $name:ident($a:ident, $b:ident) => $code:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<A: IntoNode, B: IntoNode>($a: A, $b: B) -> Node<Wider<A::Ty, B::Ty>>
        where
            A::Ty: WidthCompatible<B::Ty>,
        {
            binary(Opcode::$code, $a, $b)
        }
    )*};
}

binary_functions! {
    /// The smaller of each component.
    min(a, b) => Min;
    /// The larger of each component.
    max(a, b) => Max;
    /// GLSL's `mod` (TSL's `mod`, the `%` operator): `a - b * floor(a / b)`.
    modulo(a, b) => Mod;
    /// `a` to the power `b`.
    pow(a, b) => Pow;
    /// `step(edge, x)`: 0 where `x < edge`, else 1.
    step(edge, x) => Step;
    /// `atan2(y, x)`: the angle of (x, y), in (-π, π]; TSL's `atan(y, x)`.
    atan2(y, x) => Atan2;
    /// `reflect(i, n)`: `i - 2 * dot(n, i) * n`.
    reflect(i, n) => Reflect;
}

/// `mix(a, b, t)`: `a * (1 - t) + b * t`. A float `t` is repeated into every component.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, COLOR_NODE};
/// let scope = Scope::new();
/// scope.color_node(mix(vec3(0.0, 0.0, 0.0), vec3(1.0, 2.0, 4.0), 0.25)).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), Some(vec![0.25, 0.5, 1.0]));
/// ```
pub fn mix<A: IntoNode, B: IntoNode, C: IntoNode>(
    a: A,
    b: B,
    t: C,
) -> Node<Wider3<A::Ty, B::Ty, C::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
    Wider<A::Ty, B::Ty>: WidthCompatible<C::Ty>,
{
    ternary(Opcode::Mix, a, b, t)
}

/// `clamp(x, low, high)`: `min(max(x, low), high)`.
pub fn clamp<A: IntoNode, B: IntoNode, C: IntoNode>(
    x: A,
    low: B,
    high: C,
) -> Node<Wider3<A::Ty, B::Ty, C::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
    Wider<A::Ty, B::Ty>: WidthCompatible<C::Ty>,
{
    ternary(Opcode::Clamp, x, low, high)
}

/// `smoothstep(low, high, x)`: a Hermite curve from 0 to 1 between the edges.
pub fn smoothstep<A: IntoNode, B: IntoNode, C: IntoNode>(
    low: A,
    high: B,
    x: C,
) -> Node<Wider3<A::Ty, B::Ty, C::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
    Wider<A::Ty, B::Ty>: WidthCompatible<C::Ty>,
{
    ternary(Opcode::Smoothstep, low, high, x)
}

/// `faceforward(n, i, nref)`: `n` where `dot(nref, i) < 0`, else `-n`; TSL's `faceForward`.
pub fn faceforward<A: IntoNode, B: IntoNode, C: IntoNode>(
    n: A,
    i: B,
    nref: C,
) -> Node<Wider3<A::Ty, B::Ty, C::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
    Wider<A::Ty, B::Ty>: WidthCompatible<C::Ty>,
{
    ternary(Opcode::Faceforward, n, i, nref)
}

/// `dot(a, b)`, a float.
pub fn dot<A: IntoNode, B: IntoNode>(a: A, b: B) -> Node<Float>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let (a, b) = (a.into_node(), b.into_node());
    math(Opcode::Dot, &[a.node_ref(), b.node_ref()])
}

/// `distance(a, b)`: `length(a - b)`, a float.
pub fn distance<A: IntoNode, B: IntoNode>(a: A, b: B) -> Node<Float>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let (a, b) = (a.into_node(), b.into_node());
    math(Opcode::Distance, &[a.node_ref(), b.node_ref()])
}

/// `length(a)`, a float.
pub fn length<A: IntoNode>(a: A) -> Node<Float>
where
    A::Ty: Numeric,
{
    let a = a.into_node();
    math(Opcode::Length, &[a.node_ref()])
}

/// `cross(a, b)` of two vec3.
pub fn cross(a: impl IntoNodeOf<Vec3>, b: impl IntoNodeOf<Vec3>) -> Node<Vec3> {
    let (a, b) = (a.into_node_of(), b.into_node_of());
    math(Opcode::Cross, &[a.node_ref(), b.node_ref()])
}

/// `refract(i, n, eta)`: the refracted direction, zero past total internal reflection; `eta` is
/// a float.
pub fn refract<I: IntoNode, N: IntoNode>(
    i: I,
    n: N,
    eta: impl IntoNodeOf<Float>,
) -> Node<Wider<I::Ty, N::Ty>>
where
    I::Ty: WidthCompatible<N::Ty>,
{
    let (i, n, eta) = (i.into_node(), n.into_node(), eta.into_node_of());
    math(
        Opcode::Refract,
        &[i.node_ref(), n.node_ref(), eta.node_ref()],
    )
}

/// `remap(x, in_low, in_high, out_low, out_high)`:
/// `(x - in_low) / (in_high - in_low) * (out_high - out_low) + out_low`, with no clamping.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, OPACITY_NODE};
/// let scope = Scope::new();
/// scope.opacity_node(remap(time(), 0.0, 10.0, 100.0, 200.0)).unwrap();
/// let mut program = scope.compile().unwrap();
/// program.set_frame(2.5, glam::Mat4::IDENTITY);
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![125.0]));
/// // Past the input range, past the output range: remap does not clamp.
/// program.set_frame(20.0, glam::Mat4::IDENTITY);
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![300.0]));
/// ```
#[allow(clippy::type_complexity)]
pub fn remap<X: IntoNode, A: IntoNode, B: IntoNode, C: IntoNode, D: IntoNode>(
    x: X,
    in_low: A,
    in_high: B,
    out_low: C,
    out_high: D,
) -> Node<Wider<Wider<Wider<Wider<X::Ty, A::Ty>, B::Ty>, C::Ty>, D::Ty>>
where
    X::Ty: WidthCompatible<A::Ty>,
    Wider<X::Ty, A::Ty>: WidthCompatible<B::Ty>,
    Wider<Wider<X::Ty, A::Ty>, B::Ty>: WidthCompatible<C::Ty>,
    Wider<Wider<Wider<X::Ty, A::Ty>, B::Ty>, C::Ty>: WidthCompatible<D::Ty>,
{
    let (x, a, b) = (x.into_node(), in_low.into_node(), in_high.into_node());
    let (c, d) = (out_low.into_node(), out_high.into_node());
    Node::wrap(current().remap(
        x.node_ref(),
        a.node_ref(),
        b.node_ref(),
        c.node_ref(),
        d.node_ref(),
    ))
}

/// `varying(a)`: `a` computed at each corner of the triangle and interpolated across it.
pub fn varying<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let a = a.into_node();
    Node::wrap(current().varying(a.node_ref()))
}

/// `dfdx(a)`: `a` at the pixel to the right less `a` here, TSL's `dFdx`.
pub fn dfdx<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let a = a.into_node();
    Node::wrap(current().dfdx(a.node_ref()))
}

/// `dfdy(a)`: `a` at the pixel above less `a` here, TSL's `dFdy`.
pub fn dfdy<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let a = a.into_node();
    Node::wrap(current().dfdy(a.node_ref()))
}

/// `fwidth(a)`: `abs(dfdx(a)) + abs(dfdy(a))`.
pub fn fwidth<A: IntoNode>(a: A) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let a = a.into_node();
    Node::wrap(current().fwidth(a.node_ref()))
}
