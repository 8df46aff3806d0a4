//! `rotate`, `rotateUV`, `spherizeUV`, `matcapUV`, `equirectUV`, `equirectDirection` and
//! `spritesheetUV`, typed.

use super::wrap;
use crate::graph::EulerOrder;
use crate::typed::node::{IntoNode, IntoNodeOf, Node};
use crate::typed::scope::current;
use crate::typed::types::{Float, NodeType, Vec2, Vec3};

/// A value `rotate` turns, and what it is turned by: a `Vec2` by a `Float` angle, a `Vec3` by a
/// `Vec3` of Euler angles (three.js's order `'XYZ'`).
#[diagnostic::on_unimplemented(
    message = "`rotate` turns a `Vec2` (by a float) or a `Vec3` (by a vec3 of angles), not `{Self}`",
    label = "not rotatable"
)]
pub trait Rotatable: NodeType {
    /// The type of the rotation.
    type Angle: NodeType;
}

impl Rotatable for Vec2 {
    type Angle = Float;
}

impl Rotatable for Vec3 {
    type Angle = Vec3;
}

/// TSL's `rotate(position, rotation)`: a vec2 turned anticlockwise by a float angle in radians,
/// or a vec3 turned by Euler angles `(x, y, z)` as `Rx · Ry · Rz`.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, COLOR_NODE};
/// let scope = Scope::new();
/// scope.color_node(rotate(glam::Vec2::new(1.0, 0.0), HALF_PI).extend(0.0)).unwrap();
/// let program = scope.compile().unwrap();
/// let turned = program.evaluate(COLOR_NODE, &Fragment::default()).unwrap();
/// assert!(turned[0].abs() < 1e-6 && (turned[1] - 1.0).abs() < 1e-6); // (1, 0) to (0, 1)
/// ```
pub fn rotate<P: IntoNode>(
    position: P,
    rotation: impl IntoNodeOf<<P::Ty as Rotatable>::Angle>,
) -> Node<P::Ty>
where
    P::Ty: Rotatable,
{
    let (p, r) = (position.into_node(), rotation.into_node_of());
    wrap(current().rotate(p.node_ref(), r.node_ref()))
}

/// TSL's `rotate(position, rotation, order)`: [`rotate`] with a vec3's Euler angles applied in
/// `order` (three.js's default is [`EulerOrder::Xyz`]).
pub fn rotate_in_order<P: IntoNode>(
    position: P,
    rotation: impl IntoNodeOf<<P::Ty as Rotatable>::Angle>,
    order: EulerOrder,
) -> Node<P::Ty>
where
    P::Ty: Rotatable,
{
    let (p, r) = (position.into_node(), rotation.into_node_of());
    wrap(current().rotate_in_order(p.node_ref(), r.node_ref(), order))
}

/// TSL's `rotateUV(uv, rotation, center)`: `uv` turned by `rotation` radians about `center`
/// (TSL's default `center` is `vec2(0.5, 0.5)`).
pub fn rotate_uv(
    uv: impl IntoNodeOf<Vec2>,
    rotation: impl IntoNodeOf<Float>,
    center: impl IntoNodeOf<Vec2>,
) -> Node<Vec2> {
    let (uv, r, c) = (
        uv.into_node_of(),
        rotation.into_node_of(),
        center.into_node_of(),
    );
    wrap(current().rotate_uv(uv.node_ref(), r.node_ref(), c.node_ref()))
}

/// TSL's `spherizeUV(uv, strength, center)`: `uv` pushed out from `center` by the fourth power of
/// its distance times `strength` (TSL's default `center` is `vec2(0.5, 0.5)`).
pub fn spherize_uv(
    uv: impl IntoNodeOf<Vec2>,
    strength: impl IntoNodeOf<Float>,
    center: impl IntoNodeOf<Vec2>,
) -> Node<Vec2> {
    let (uv, s, c) = (
        uv.into_node_of(),
        strength.into_node_of(),
        center.into_node_of(),
    );
    wrap(current().spherize_uv(uv.node_ref(), s.node_ref(), c.node_ref()))
}

/// TSL's `matcapUV`: the coordinate a matcap texture is read at, from the view direction and
/// the view-space normal (`position_view()`, `normal_view()`).
pub fn matcap_uv() -> Node<Vec2> {
    wrap(current().matcap_uv())
}

/// TSL's `equirectUV(direction)`: the equirectangular coordinate of a direction (TSL's default
/// is `positionWorldDirection`, the local position's direction turned into world space: pass
/// the direction wanted).
pub fn equirect_uv(direction: impl IntoNodeOf<Vec3>) -> Node<Vec2> {
    wrap(current().equirect_uv(direction.into_node_of().node_ref()))
}

/// TSL's `equirectDirection(uv)`: the unit direction of an equirectangular coordinate (TSL's
/// default is `uv()`).
pub fn equirect_direction(uv: impl IntoNodeOf<Vec2>) -> Node<Vec3> {
    wrap(current().equirect_direction(uv.into_node_of().node_ref()))
}

/// TSL's `spritesheetUV(count, uv, frame)`: `uv` in frame `frame` of a sheet of
/// `count.x × count.y` frames, from the top left along rows (TSL's defaults: `uv()`, frame 0).
pub fn spritesheet_uv(
    count: impl IntoNodeOf<Vec2>,
    uv: impl IntoNodeOf<Vec2>,
    frame: impl IntoNodeOf<Float>,
) -> Node<Vec2> {
    let (n, uv, f) = (
        count.into_node_of(),
        uv.into_node_of(),
        frame.into_node_of(),
    );
    wrap(current().spritesheet_uv(n.node_ref(), uv.node_ref(), f.node_ref()))
}
