//! `checker`, `shapeCircle`, `triNoise3D` and the packing functions, typed.

use super::wrap;
use crate::typed::node::{IntoNode, IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, Numeric, Vec2, Vec3};
use crate::NodeGraph;

/// TSL's `checker(coord)`: 1 and 0 in squares half a unit wide (TSL's default is `uv()`).
pub fn checker(coord: impl IntoNodeOf<Vec2>) -> Node<Float> {
    wrap(current().checker(coord.into_node_of().node_ref()))
}

/// TSL's `shapeCircle(coord)`: 1 inside the circle inscribed in the unit square, else 0 (TSL's
/// default is `uv()`; three.js's alpha-to-coverage branch does not apply here).
pub fn shape_circle(coord: impl IntoNodeOf<Vec2>) -> Node<Float> {
    wrap(current().shape_circle(coord.into_node_of().node_ref()))
}

/// TSL's `triNoise3D(position, speed, time)`: cabbibo's triangle-wave noise (write `time()` for
/// the time most examples pass).
pub fn tri_noise_3d(
    position: impl IntoNodeOf<Vec3>,
    speed: impl IntoNodeOf<Float>,
    time: impl IntoNodeOf<Float>,
) -> Node<Float> {
    let (p, s, t) = (
        position.into_node_of(),
        speed.into_node_of(),
        time.into_node_of(),
    );
    wrap(current().tri_noise_3d(p.node_ref(), s.node_ref(), t.node_ref()))
}

macro_rules! packings {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<A: IntoNode>(node: A) -> Node<A::Ty>
        where
            A::Ty: Numeric,
        {
            wrap(NodeGraph::$name(&current(), node.into_node().node_ref()))
        }
    )*};
}

packings! {
    /// TSL's `packNormalToRGB(n)`: `n · 0.5 + 0.5`.
    pack_normal_to_rgb;
    /// TSL's `unpackRGBToNormal(c)`: `c · 2 - 1`.
    unpack_rgb_to_normal;
    /// TSL's `directionToColor(n)`, the name before r185 of [`pack_normal_to_rgb`].
    direction_to_color;
    /// TSL's `colorToDirection(c)`, the name before r185 of [`unpack_rgb_to_normal`].
    color_to_direction;
}

/// TSL's `unpackNormal(xy)`: `vec3(xy, sqrt(saturate(1 - dot(xy, xy))))`.
pub fn unpack_normal(xy: impl IntoNodeOf<Vec2>) -> Node<Vec3> {
    wrap(current().unpack_normal(xy.into_node_of().node_ref()))
}
