//! The colour and utility functions whose values may be of any float or vector type, and the
//! `toneMapping` node with its chain form.

use super::wrap;
use crate::typed::node::{IntoNode, IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, NodeType, Numeric, Vec2, Vec3, Vec4, Wider, WidthCompatible};
use crate::{NodeColorSpace, ToneMappingCurve};

/// TSL's `posterize(source, steps)`: `floor(source * steps) / steps`.
pub fn posterize<A: IntoNode, B: IntoNode>(source: A, steps: B) -> Node<Wider<A::Ty, B::Ty>>
where
    A::Ty: WidthCompatible<B::Ty>,
{
    let (a, b) = (source.into_node(), steps.into_node());
    wrap(current().posterize(a.node_ref(), b.node_ref()))
}

/// Typed wrappers of graph methods of two operands combined componentwise (a float beside a
/// vector is repeated); the result is the wider type.
macro_rules! componentwise_fns {
    ($($(#[$doc:meta])* $name:ident($a:ident, $b:ident);)*) => {$(
        $(#[$doc])*
        pub fn $name<A: IntoNode, B: IntoNode>($a: A, $b: B) -> Node<Wider<A::Ty, B::Ty>>
        where
            A::Ty: WidthCompatible<B::Ty>,
        {
            let (a, b) = ($a.into_node(), $b.into_node());
            wrap(current().$name(a.node_ref(), b.node_ref()))
        }
    )*};
}

componentwise_fns! {
    /// three.js's `mx_add(in1, in2)`: `in1 + in2`. TSL's default `in2` is 0.
    mx_add(in1, in2);
    /// three.js's `mx_subtract(in1, in2)`: `in1 - in2`. TSL's default `in2` is 0.
    mx_subtract(in1, in2);
    /// three.js's `mx_multiply(in1, in2)`: `in1 * in2`. TSL's default `in2` is 1.
    mx_multiply(in1, in2);
    /// three.js's `mx_divide(in1, in2)`: `in1 / in2`. TSL's default `in2` is 1.
    mx_divide(in1, in2);
    /// three.js's `mx_modulo(in1, in2)`: `in1 - in2 * floor(in1 / in2)`. TSL's default `in2` is 1.
    mx_modulo(in1, in2);
    /// three.js's `mx_power(in1, in2)`: `pow(in1, in2)`. TSL's default `in2` is 1.
    mx_power(in1, in2);
    /// three.js's `mx_atan2(in1, in2)`: `atan2(in1, in2)`. TSL's defaults are 0 and 1.
    mx_atan2(in1, in2);
    /// three.js's `mx_invert(in1, amount)`: `amount - in1`. TSL's default amount is 1.
    mx_invert(in1, amount);
}

/// Typed wrappers of MaterialX's conditionals: two floats compared, one of two values picked.
macro_rules! conditional_fns {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<A: IntoNode, B: IntoNode>(
            value1: impl IntoNodeOf<Float>,
            value2: impl IntoNodeOf<Float>,
            in1: A,
            in2: B,
        ) -> Node<Wider<A::Ty, B::Ty>>
        where
            A::Ty: WidthCompatible<B::Ty>,
        {
            let (v1, v2) = (value1.into_node_of(), value2.into_node_of());
            let (a, b) = (in1.into_node(), in2.into_node());
            wrap(current().$name(v1.node_ref(), v2.node_ref(), a.node_ref(), b.node_ref()))
        }
    )*};
}

conditional_fns! {
    /// three.js's `mx_ifgreater(value1, value2, in1, in2)`: `in1` where `value1 > value2`, else
    /// `in2`.
    mx_ifgreater;
    /// three.js's `mx_ifgreatereq(value1, value2, in1, in2)`: `in1` where `value1 >= value2`,
    /// else `in2`.
    mx_ifgreatereq;
    /// three.js's `mx_ifequal(value1, value2, in1, in2)`: `in1` where `value1 == value2`, else
    /// `in2`.
    mx_ifequal;
}

/// Typed wrappers of MaterialX's two-value ramps and splits: values of one type, a texture
/// coordinate.
macro_rules! ramp_fns {
    ($($(#[$doc:meta])* $name:ident($a:ident, $b:ident $(, $center:ident)?);)*) => {$(
        $(#[$doc])*
        pub fn $name<A: IntoNode>(
            $a: A,
            $b: impl IntoNodeOf<A::Ty>,
            $($center: impl IntoNodeOf<Float>,)?
            texcoord: impl IntoNodeOf<Vec2>,
        ) -> Node<A::Ty>
        where
            A::Ty: Numeric,
        {
            let (a, b) = ($a.into_node(), $b.into_node_of());
            $(let $center = $center.into_node_of().node_ref();)?
            let t = texcoord.into_node_of();
            wrap(current().$name(a.node_ref(), b.node_ref(), $($center,)? t.node_ref()))
        }
    )*};
}

ramp_fns! {
    /// three.js's `mx_ramplr(valuel, valuer, texcoord)`: the left-to-right ramp,
    /// `mix(valuel, valuer, clamp(texcoord.x, 0, 1))`. TSL's default texcoord is `uv()`.
    mx_ramplr(valuel, valuer);
    /// three.js's `mx_ramptb(valueb, valuet, texcoord)`: the bottom-to-top ramp by `texcoord.y`.
    /// TSL's default texcoord is `uv()`.
    mx_ramptb(valueb, valuet);
    /// three.js's `mx_splitlr(valuel, valuer, center, texcoord)`: `valuel` left of `center`,
    /// `valuer` right of it, antialiased by `mx_aastep`. TSL's default texcoord is `uv()`.
    mx_splitlr(valuel, valuer, center);
    /// three.js's `mx_splittb(valueb, valuet, center, texcoord)`: the split by `texcoord.y`.
    /// TSL's default texcoord is `uv()`.
    mx_splittb(valueb, valuet, center);
}

/// three.js's `mx_ramp4(valuetl, valuetr, valuebl, valuebr, texcoord)`: the bilinear ramp between
/// four corners. TSL's default texcoord is `uv()`.
pub fn mx_ramp4<A: IntoNode>(
    valuetl: A,
    valuetr: impl IntoNodeOf<A::Ty>,
    valuebl: impl IntoNodeOf<A::Ty>,
    valuebr: impl IntoNodeOf<A::Ty>,
    texcoord: impl IntoNodeOf<Vec2>,
) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let (tl, tr) = (valuetl.into_node(), valuetr.into_node_of());
    let (bl, br) = (valuebl.into_node_of(), valuebr.into_node_of());
    let t = texcoord.into_node_of();
    wrap(current().mx_ramp4(
        tl.node_ref(),
        tr.node_ref(),
        bl.node_ref(),
        br.node_ref(),
        t.node_ref(),
    ))
}

/// three.js's `mx_transform_uv(uv_scale, uv_offset, uv_geo)`: `uv_geo * uv_scale + uv_offset`,
/// in three.js's argument order; scale and offset are floats or vec2. TSL's defaults are 1, 0 and
/// `uv()`.
pub fn mx_transform_uv<S: IntoNode, O: IntoNode>(
    uv_scale: S,
    uv_offset: O,
    uv_geo: impl IntoNodeOf<Vec2>,
) -> Node<Vec2>
where
    Vec2: WidthCompatible<S::Ty, Output = Vec2> + WidthCompatible<O::Ty, Output = Vec2>,
{
    let (s, o, uv) = (
        uv_scale.into_node(),
        uv_offset.into_node(),
        uv_geo.into_node_of(),
    );
    wrap(current().mx_transform_uv(s.node_ref(), o.node_ref(), uv.node_ref()))
}

/// three.js's `mx_smoothstep(in, low, high)`: MaterialX's smoothstep (a range of at least 1e-6,
/// `step(high, in)` when `high <= low`). TSL's defaults are 0 and 1.
pub fn mx_smoothstep<A: IntoNode>(
    input: A,
    low: impl IntoNodeOf<A::Ty>,
    high: impl IntoNodeOf<A::Ty>,
) -> Node<A::Ty>
where
    A::Ty: Numeric,
{
    let (x, l, h) = (input.into_node(), low.into_node_of(), high.into_node_of());
    wrap(current().mx_smoothstep(x.node_ref(), l.node_ref(), h.node_ref()))
}

/// A colour that tone mapping and the colour-space conversions take: a `Vec3`, or a `Vec4` whose
/// alpha is kept.
#[diagnostic::on_unimplemented(
    message = "a colour is a `Vec3` or a `Vec4`, not `{Self}`",
    label = "not a colour"
)]
pub trait ColorValue: NodeType {}
impl ColorValue for Vec3 {}
impl ColorValue for Vec4 {}

/// TSL's `toneMapping(mapping, exposure, color)`: the curve `mapping` on the colour's rgb, alpha
/// kept; [`ToneMappingCurve::None`] gives the colour as it is. The chain form is
/// [`Node::tone_mapping`].
pub fn tone_mapping<C: IntoNode>(
    mapping: ToneMappingCurve,
    exposure: impl IntoNodeOf<Float>,
    color: C,
) -> Node<C::Ty>
where
    C::Ty: ColorValue,
{
    let (e, c) = (exposure.into_node_of(), color.into_node());
    wrap(current().tone_mapping(mapping, e.node_ref(), c.node_ref()))
}

impl<T: ColorValue> Node<T> {
    /// TSL's chain `color.toneMapping(mapping, exposure)`: [`tone_mapping`]`(mapping, exposure,
    /// self)`.
    pub fn tone_mapping(
        self,
        mapping: ToneMappingCurve,
        exposure: impl IntoNodeOf<Float>,
    ) -> Node<T> {
        tone_mapping(mapping, exposure, self)
    }
}

/// TSL's `convertColorSpace(color, source, target)`: the colour from `source` to `target` (at
/// most the sRGB transfer function: both of three.js's default spaces have Rec. 709 primaries).
pub fn convert_color_space<C: IntoNode>(
    color: C,
    source: NodeColorSpace,
    target: NodeColorSpace,
) -> Node<C::Ty>
where
    C::Ty: ColorValue,
{
    let c = color.into_node();
    wrap(current().convert_color_space(c.node_ref(), source, target))
}

/// TSL's `workingToColorSpace(color, target)`: from the working colour space (linear sRGB) to
/// `target`. The chain form is [`Node::working_to_color_space`].
pub fn working_to_color_space<C: IntoNode>(color: C, target: NodeColorSpace) -> Node<C::Ty>
where
    C::Ty: ColorValue,
{
    convert_color_space(color, NodeColorSpace::WORKING, target)
}

/// TSL's `colorSpaceToWorking(color, source)`: from `source` to the working colour space (linear
/// sRGB). The chain form is [`Node::color_space_to_working`].
pub fn color_space_to_working<C: IntoNode>(color: C, source: NodeColorSpace) -> Node<C::Ty>
where
    C::Ty: ColorValue,
{
    convert_color_space(color, source, NodeColorSpace::WORKING)
}

impl<T: ColorValue> Node<T> {
    /// TSL's chain `color.workingToColorSpace(target)`: [`working_to_color_space`]`(self,
    /// target)`.
    pub fn working_to_color_space(self, target: NodeColorSpace) -> Node<T> {
        working_to_color_space(self, target)
    }

    /// TSL's chain `color.colorSpaceToWorking(source)`: [`color_space_to_working`]`(self,
    /// source)`.
    pub fn color_space_to_working(self, source: NodeColorSpace) -> Node<T> {
        color_space_to_working(self, source)
    }
}

/// three.js's `mx_separate(in, channel)`: one component of a vector by name (`"x"` .. `"w"`,
/// `"r"` .. `"a"`, optionally `"out"` first, or `"0"` .. `"3"`). Another name, or a component the
/// vector lacks, is refused when the graph is built.
pub fn mx_separate<A: IntoNode>(input: A, channel: &str) -> Node<Float>
where
    A::Ty: Numeric,
{
    let a = input.into_node();
    wrap(current().mx_separate(a.node_ref(), channel))
}
