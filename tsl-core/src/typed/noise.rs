//! MaterialX noise on typed nodes: the graph's noise methods (`crate::NodeGraph::perlin_noise` and
//! the `mx_*` wrappers), with the point's type checked by rustc.

use super::node::{IntoNode, IntoNodeOf, Node};
use super::scope::current;
use super::types::{Float, NodeType, Vec2, Vec3, Vec4};

/// A point a gradient or Worley noise takes as it is: a vec2 or a vec3.
#[diagnostic::on_unimplemented(
    message = "a noise point is a `Vec2` or a `Vec3`, not `{Self}`",
    label = "not a noise point",
    note = "pick components with a swizzle (`p.xy()`) or build a vec3 (`vec3(x, y, z)`)"
)]
pub trait NoisePoint: NodeType {}
impl NoisePoint for Vec2 {}
impl NoisePoint for Vec3 {}

/// A texture coordinate as three.js's `mx_*` wrappers convert it: a float becomes `(x, x)`, a vec4
/// its `.xy`.
#[diagnostic::on_unimplemented(
    message = "a noise coordinate is a `Float`, `Vec2`, `Vec3` or `Vec4`, not `{Self}`",
    label = "not a noise coordinate"
)]
pub trait NoiseCoord: NodeType {}
impl NoiseCoord for Float {}
impl NoiseCoord for Vec2 {}
impl NoiseCoord for Vec3 {}
impl NoiseCoord for Vec4 {}

fn wrap<T: NodeType>(node: crate::NodeRef) -> Node<T> {
    Node::wrap(node)
}

/// three.js's `mx_perlin_noise_float(p)`.
pub fn perlin_noise<P: IntoNode>(p: P) -> Node<Float>
where
    P::Ty: NoisePoint,
{
    wrap(current().perlin_noise(p.into_node().node_ref()))
}

/// three.js's `mx_perlin_noise_vec3(p)`.
pub fn perlin_noise_vec3<P: IntoNode>(p: P) -> Node<Vec3>
where
    P::Ty: NoisePoint,
{
    wrap(current().perlin_noise_vec3(p.into_node().node_ref()))
}

macro_rules! amplitude_pivot_noises {
    ($($(#[$doc:meta])* $name:ident -> $Out:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name<P: IntoNode>(
            texcoord: P,
            amplitude: impl IntoNodeOf<Float>,
            pivot: impl IntoNodeOf<Float>,
        ) -> Node<$Out>
        where
            P::Ty: NoiseCoord,
        {
            let (p, a, b) = (texcoord.into_node(), amplitude.into_node_of(), pivot.into_node_of());
            wrap(current().$name(p.node_ref(), a.node_ref(), b.node_ref()))
        }
    )*};
}

amplitude_pivot_noises! {
    /// three.js's `mx_noise_float(texcoord, amplitude, pivot)`: `perlin * amplitude + pivot`.
    mx_noise_float -> Float;
    /// three.js's `mx_noise_vec3(texcoord, amplitude, pivot)`.
    mx_noise_vec3 -> Vec3;
    /// three.js's `mx_noise_vec4(texcoord, amplitude, pivot)`.
    mx_noise_vec4 -> Vec4;
}

/// three.js's `mx_cell_noise_float(texcoord)`.
pub fn mx_cell_noise_float<P: IntoNode>(texcoord: P) -> Node<Float>
where
    P::Ty: NoiseCoord,
{
    wrap(current().mx_cell_noise_float(texcoord.into_node().node_ref()))
}

/// three.js's `mx_cell_noise_vec3(texcoord)`.
pub fn mx_cell_noise_vec3<P: IntoNode>(texcoord: P) -> Node<Vec3>
where
    P::Ty: NoiseCoord,
{
    wrap(current().mx_cell_noise_vec3(texcoord.into_node().node_ref()))
}

/// three.js's `mx_worley_noise_vec2(texcoord, jitter)`: the two nearest squared distances
/// (TSL's defaults are `uv()` and 1).
pub fn mx_worley_noise_vec2<P: IntoNode>(texcoord: P, jitter: impl IntoNodeOf<Float>) -> Node<Vec2>
where
    P::Ty: NoiseCoord,
{
    let (p, j) = (texcoord.into_node(), jitter.into_node_of());
    wrap(current().mx_worley_noise_vec2(p.node_ref(), j.node_ref()))
}

macro_rules! worley_noises {
    ($($(#[$doc:meta])* $name:ident($mode:ident) -> $Out:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name<P: IntoNode>(
            texcoord: P,
            jitter: impl IntoNodeOf<Float>,
            $mode: impl IntoNodeOf<Float>,
        ) -> Node<$Out>
        where
            P::Ty: NoiseCoord,
        {
            let (p, j, m) = (texcoord.into_node(), jitter.into_node_of(), $mode.into_node_of());
            wrap(current().$name(p.node_ref(), j.node_ref(), m.node_ref()))
        }
    )*};
}

worley_noises! {
    /// three.js's `mx_worley_noise_float(texcoord, jitter, style)`: the nearest distance (style
    /// 0) or the cell noise at the nearest feature (style 1), 3D (a vec2 gets z = 0). TSL's
    /// defaults are `uv()`, 1 and 0.
    mx_worley_noise_float(style) -> Float;
    /// three.js's `mx_worley_noise_float_2d(texcoord, jitter, style)`: the 2D Worley noise.
    /// Defaults `uv()`, 1, 0.
    mx_worley_noise_float_2d(style) -> Float;
    /// three.js's `mx_worley_noise_float_3d(texcoord, jitter, style)`. Defaults `uv()`, 1, 0.
    mx_worley_noise_float_3d(style) -> Float;
    /// three.js's `mx_worley_noise_vec3(texcoord, jitter, metric)`: the three nearest distances
    /// under `metric` (0 Euclidean, 1 squared, 2 Manhattan, 3 Chebyshev). Defaults `uv()`, 1, 1.
    mx_worley_noise_vec3(metric) -> Vec3;
}

/// three.js's `mx_worley_noise_vec3_style(texcoord, jitter, style, metric)`: style 1 gives the
/// vec3 cell noise at the nearest feature, else the three nearest distances. TSL's defaults are
/// `uv()`, 1, 0 and 0.
pub fn mx_worley_noise_vec3_style<P: IntoNode>(
    texcoord: P,
    jitter: impl IntoNodeOf<Float>,
    style: impl IntoNodeOf<Float>,
    metric: impl IntoNodeOf<Float>,
) -> Node<Vec3>
where
    P::Ty: NoiseCoord,
{
    let p = texcoord.into_node();
    let (j, s, m) = (
        jitter.into_node_of(),
        style.into_node_of(),
        metric.into_node_of(),
    );
    wrap(current().mx_worley_noise_vec3_style(
        p.node_ref(),
        j.node_ref(),
        s.node_ref(),
        m.node_ref(),
    ))
}

/// TSL's `hash(seed)`: the PCG hash of `uint(seed)`, in [0, 1]
/// ([`crate::NodeGraph::hash`]).
pub fn hash(seed: impl IntoNodeOf<Float>) -> Node<Float> {
    wrap(current().hash(seed.into_node_of().node_ref()))
}

macro_rules! fractal_noises {
    ($($(#[$doc:meta])* $name:ident -> $Out:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name<P: IntoNode>(
            position: P,
            octaves: u32,
            lacunarity: impl IntoNodeOf<Float>,
            diminish: impl IntoNodeOf<Float>,
            amplitude: impl IntoNodeOf<Float>,
        ) -> Node<$Out>
        where
            P::Ty: NoiseCoord,
        {
            let p = position.into_node();
            let (l, d, a) = (
                lacunarity.into_node_of(),
                diminish.into_node_of(),
                amplitude.into_node_of(),
            );
            wrap(current().$name(p.node_ref(), octaves, l.node_ref(), d.node_ref(), a.node_ref()))
        }
    )*};
}

fractal_noises! {
    /// three.js's `mx_fractal_noise_float(position, octaves, lacunarity, diminish, amplitude)`:
    /// 3D fractal Perlin (a vec2 gets z = 0). TSL's defaults are 3, 2, 0.5 and 1. More than
    /// [`crate::MAX_OCTAVES`] octaves is refused.
    mx_fractal_noise_float -> Float;
    /// three.js's `mx_fractal_noise_float_2d(texcoord, octaves, lacunarity, diminish,
    /// amplitude)`: 2D fractal Perlin (a vec3 or vec4 gives its `.xy`). Defaults 3, 2, 0.5, 1.
    mx_fractal_noise_float_2d -> Float;
    /// three.js's `mx_fractal_noise_vec2(position, octaves, lacunarity, diminish, amplitude)`.
    /// Defaults 3, 2, 0.5, 1.
    mx_fractal_noise_vec2 -> Vec2;
    /// three.js's `mx_fractal_noise_vec3(position, octaves, lacunarity, diminish, amplitude)`.
    /// Defaults 3, 2, 0.5, 1.
    mx_fractal_noise_vec3 -> Vec3;
    /// three.js's `mx_fractal_noise_vec4(position, octaves, lacunarity, diminish, amplitude)`.
    /// Defaults 3, 2, 0.5, 1.
    mx_fractal_noise_vec4 -> Vec4;
}

macro_rules! unified_noises {
    ($($(#[$doc:meta])* $name:ident($Point:ident);)*) => {$(
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)] // three.js's twelve arguments, in its order
        pub fn $name<P: IntoNode>(
            noise_type: impl IntoNodeOf<Float>,
            texcoord: P,
            freq: impl IntoNodeOf<$Point>,
            offset: impl IntoNodeOf<$Point>,
            jitter: impl IntoNodeOf<Float>,
            outmin: impl IntoNodeOf<Float>,
            outmax: impl IntoNodeOf<Float>,
            clamp_output: bool,
            octaves: u32,
            lacunarity: impl IntoNodeOf<Float>,
            diminish: impl IntoNodeOf<Float>,
            style: impl IntoNodeOf<Float>,
        ) -> Node<Float>
        where
            P::Ty: NoiseCoord,
        {
            let g = current();
            let refs = [
                noise_type.into_node_of().node_ref(),
                texcoord.into_node().node_ref(),
                freq.into_node_of().node_ref(),
                offset.into_node_of().node_ref(),
                jitter.into_node_of().node_ref(),
                outmin.into_node_of().node_ref(),
                outmax.into_node_of().node_ref(),
                g.float(if clamp_output { 1.0 } else { 0.0 }),
                lacunarity.into_node_of().node_ref(),
                diminish.into_node_of().node_ref(),
                style.into_node_of().node_ref(),
            ];
            let [t, p, f, o, j, lo, hi, c, l, d, s] = refs;
            wrap(g.$name(t, p, f, o, j, lo, hi, c, octaves, l, d, s))
        }
    )*};
}

unified_noises! {
    /// three.js's `mx_unifiednoise2d(noiseType, texcoord, freq, offset, jitter, outmin, outmax,
    /// clampoutput, octaves, lacunarity, diminish, style)`: noise type 0 Perlin, 1 cell, 2
    /// Worley, 3 fractal ([`crate::NodeGraph::mx_unifiednoise2d`]). TSL's defaults after the
    /// type: `uv()`, `vec2(1, 1)`, `vec2(0, 0)`, 1, 0, 1, false, 1, 2, 0.5, 0.
    mx_unifiednoise2d(Vec2);
    /// three.js's `mx_unifiednoise3d(...)`, the 3D form ([`crate::NodeGraph::mx_unifiednoise3d`]).
    /// TSL's defaults after the type: `uv()`, `vec3(1, 1, 1)`, `vec3(0, 0, 0)`, 1, 0, 1, false, 1,
    /// 2, 0.5, 0.
    mx_unifiednoise3d(Vec3);
}
