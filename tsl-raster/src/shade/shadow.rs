//! Reading the shadow maps (R-SHADOW-3, docs/requirements.md): the shadow factor that multiplies a
//! direct light's colour at a fragment of a receiver, with three.js r187's filters
//! (`ShadowFilterNode`: `BasicShadowFilter`, `PCFShadowFilter`, `VSMShadowFilter`;
//! `PointShadowNode`: `BasicPointShadowFilter`, `PointShadowFilter`) and `ShadowNode`'s
//! coordinates and frustum test. A depth comparison is WebGL's `LessEqualCompare`: lit where the
//! fragment's depth is at most the map's. PCF reads each of its five points with a linear filter,
//! the 2×2 texels' comparisons weighed bilinearly, as a comparison sampler does.

use super::lane_math::{copy_register, Lanes3};
use super::state::{BatchState, FragIn};
use crate::frame::shadow::raster::DepthMap;
use crate::frame::shadow::{CubeShadow, FlatShadow, FrameShadows, LightShadowMap, ShadowKind};
use crate::scene::ShadowMapType;
use glam::{Vec2, Vec3, Vec4};
use tsl_core::{Attribute, Output, LANES};

/// `interleavedGradientNoise(screenCoordinate.xy)`: `fract(52.9829189 · fract(dot(p, (0.06711056,
/// 0.00583715))))` at the pixel's centre (rows from the top, as WebGPU counts them).
pub(crate) fn interleaved_gradient_noise(x: u32, y: u32) -> f32 {
    let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
    let d = px * 0.06711056 + py * 0.00583715;
    fract(52.982_918 * fract(d))
}

/// GLSL's `fract`.
fn fract(v: f32) -> f32 {
    v - v.floor()
}

/// `vogelDiskSample(i, count, phi)`: the golden-angle spiral's `i`-th point of `count`, turned
/// by `phi`.
pub(crate) fn vogel_disk_sample(i: u32, count: u32, phi: f32) -> Vec2 {
    let golden_angle = 2.399_963_3_f32;
    let r = ((i as f32 + 0.5) / count as f32).sqrt();
    let theta = i as f32 * golden_angle + phi;
    Vec2::new(theta.cos(), theta.sin()) * r
}

/// WebGL's `LessEqualCompare`: 1 (lit) where `reference` is at most `depth`.
fn compare(reference: f32, depth: f32) -> f32 {
    if reference <= depth {
        1.0
    } else {
        0.0
    }
}

/// A comparison at `uv` (0 to 1, rows from the top): at the nearest texel, or the 2×2 texels'
/// comparisons weighed bilinearly (`linear`).
fn compare_at(map: &DepthMap, uv: Vec2, reference: f32, linear: bool) -> f32 {
    let size = Vec2::new(map.width as f32, map.height as f32);
    if !linear {
        let t = (uv * size).floor();
        return compare(reference, map.at(t.x as i64, t.y as i64));
    }
    let t = uv * size - 0.5;
    let i = t.floor();
    let f = t - i;
    let (x, y) = (i.x as i64, i.y as i64);
    let c = |dx, dy| compare(reference, map.at(x + dx, y + dy));
    let top = c(0, 0) + (c(1, 0) - c(0, 0)) * f.x;
    let bottom = c(0, 1) + (c(1, 1) - c(0, 1)) * f.x;
    top + (bottom - top) * f.y
}

/// The filtered shadow of a light at a fragment, 0 (in shadow) to 1 (lit), before the shadow's
/// intensity: `position` and `normal` in the frame camera's view space, `pixel` the fragment's
/// (rows from the top).
pub(crate) fn filtered(
    filter: ShadowMapType,
    light: &LightShadowMap,
    position: Vec3,
    normal: Vec3,
    pixel: (u32, u32),
) -> f32 {
    // `shadowPositionWorld + normalWorld · normalBias`, in the shadow's space.
    let biased = position + normal * light.normal_bias;
    match &light.kind {
        ShadowKind::Flat(flat) => flat_filtered(filter, light, flat, biased, pixel),
        ShadowKind::Cube(cube) => cube_filtered(filter, light, cube, biased, pixel),
    }
}

/// `shadow.intensity` applied: `mix(1, filtered, intensity)`, what multiplies the light's colour.
pub(crate) fn shadow_factor(
    filter: ShadowMapType,
    light: &LightShadowMap,
    position: Vec3,
    normal: Vec3,
    pixel: (u32, u32),
) -> f32 {
    let f = filtered(filter, light, position, normal, pixel);
    1.0 + (f - 1.0) * light.intensity
}

/// What a light's shadow lets through at a fragment: `mix(1, filtered, intensity)` in all three
/// components, or with a transmitted map (R-SHADOW-8) `mix(1, mix(colour, 1, filtered),
/// intensity · alpha)` per channel, the colour read at the fragment's shadow coordinate with a
/// linear filter (a point light's cube: its nearest texel), as three.js r187's `ShadowNode`.
pub(crate) fn shadow_output(
    filter: ShadowMapType,
    light: &LightShadowMap,
    position: Vec3,
    normal: Vec3,
    pixel: (u32, u32),
) -> Vec3 {
    let f = filtered(filter, light, position, normal, pixel);
    match transmitted_color(light, position + normal * light.normal_bias) {
        Some(c) => Vec3::ONE.lerp(c.truncate().lerp(Vec3::ONE, f), light.intensity * c.w),
        None => Vec3::splat(1.0 + (f - 1.0) * light.intensity),
    }
}

/// A transmitted map's colour at the biased view-space point, if the map keeps colours.
fn transmitted_color(light: &LightShadowMap, biased: Vec3) -> Option<Vec4> {
    match &light.kind {
        ShadowKind::Flat(flat) => {
            let q = flat.matrix * biased.extend(1.0);
            let c = q.truncate() / q.w;
            flat.map.color_at(Vec2::new(c.x, 1.0 - c.y), true)
        }
        ShadowKind::Cube(cube) => {
            let p = (cube.matrix * biased.extend(1.0)).truncate();
            let (map, uv) = cube_face(cube, p)?;
            map.color_at(uv, false)
        }
    }
}

/// `ShadowNode.setupShadowCoord`, `setupShadowFilter` and the filters for a 2D map.
fn flat_filtered(
    filter: ShadowMapType,
    light: &LightShadowMap,
    flat: &FlatShadow,
    biased: Vec3,
    pixel: (u32, u32),
) -> f32 {
    let q = flat.matrix * biased.extend(1.0);
    let c = q.truncate() / q.w;
    // y turned to WebGPU's rows from the top; the bias added to the depth.
    let (uv, z) = (Vec2::new(c.x, 1.0 - c.y), c.z + light.bias);
    let inside = uv.x >= 0.0 && uv.x <= 1.0 && uv.y >= 0.0 && uv.y <= 1.0 && z <= 1.0;
    if !inside {
        return 1.0;
    }
    match filter {
        ShadowMapType::Basic => compare_at(&flat.map, uv, z, false),
        ShadowMapType::Pcf => {
            let radius = light.radius / light.map_size;
            // Every texel the five bilinear reads can touch (the disk's radius and one texel
            // more) nearer or farther than the fragment: each comparison is known, and so is the
            // sum (5 · 1/5 is 1 in f32).
            let reach = light.radius.abs() + 1.0;
            if reach.is_finite() {
                let centre = uv * light.map_size;
                // Truncated and widened by one: at least the floor and the ceiling.
                let (lo, hi) = (centre - reach, centre + reach);
                let (x0, y0) = (lo.x as i64 - 1, lo.y as i64 - 1);
                let (x1, y1) = (hi.x as i64 + 1, hi.y as i64 + 1);
                let (near, far) = flat.map.range(x0, y0, x1, y1);
                if z <= near {
                    return 1.0;
                }
                if z > far {
                    return 0.0;
                }
            }
            let phi = interleaved_gradient_noise(pixel.0, pixel.1) * 6.283_185_5;
            let sum: f32 = (0..5)
                .map(|i| {
                    let at = uv + vogel_disk_sample(i, 5, phi) * radius;
                    compare_at(&flat.map, at, z, true)
                })
                .sum();
            sum * (1.0 / 5.0)
        }
        ShadowMapType::Vsm => match &flat.moments {
            Some(moments) => vsm(moments.bilinear(uv), z),
            None => 1.0,
        },
    }
}

/// `VSMShadowFilter`: Chebyshev's bound of the blurred mean and deviation, with the light
/// bleeding cut (`(p − 0.3) / 0.65`).
fn vsm([mean, std_dev]: [f32; 2], z: f32) -> f32 {
    let variance = (std_dev * std_dev).max(0.000_000_1);
    let hard = if z <= mean { 1.0 } else { 0.0 };
    if hard == 1.0 {
        return 1.0;
    }
    let d = z - mean;
    let p = variance / (variance + d * d);
    let p = ((p - 0.3) / 0.65).clamp(0.0, 1.0);
    p.max(hard)
}

/// `pointShadowFilter` with `BasicPointShadowFilter` or `PointShadowFilter`.
fn cube_filtered(
    filter: ShadowMapType,
    light: &LightShadowMap,
    cube: &CubeShadow,
    biased: Vec3,
    pixel: (u32, u32),
) -> f32 {
    let p = (cube.matrix * biased.extend(1.0)).truncate();
    let a = p.abs();
    let view_z = a.x.max(a.y).max(a.z);
    let (near, far) = (cube.near, cube.far);
    if !(view_z - far <= 0.0 && view_z - near >= 0.0) {
        return 1.0;
    }
    let direction = p.normalize();
    let distance = p.length();
    // `getPointShadowDepthFn`: the window depth of the point at `distance` along a direction
    // whose largest component is `max_abs`.
    let depth_a = far / (far - near) + light.bias;
    let depth_b = -(near * far / ((far - near) * distance));
    let depth = |max_abs: f32| depth_a + depth_b / max_abs;
    if filter == ShadowMapType::Basic {
        return cube_compare(cube, direction, depth(view_z / distance), false);
    }
    let texel = light.radius / light.map_size.x;
    let ad = direction.abs();
    let helper = if ad.x > ad.z { Vec3::Y } else { Vec3::X };
    let tangent = direction.cross(helper).normalize();
    let bitangent = direction.cross(tangent);
    let phi = interleaved_gradient_noise(pixel.0, pixel.1) * 6.283_185_5;
    // A comparison sampler with a linear filter for PCF; VSM leaves the cube's filter nearest.
    let linear = filter == ShadowMapType::Pcf;
    let sum: f32 = (0..5)
        .map(|i| {
            let s = vogel_disk_sample(i, 5, phi);
            let d = direction + (tangent * s.x + bitangent * s.y) * texel;
            let m = d.abs();
            let max_abs = m.x.max(m.y).max(m.z);
            cube_compare(cube, d, depth(max_abs), linear)
        })
        .sum();
    sum * (1.0 / 5.0)
}

/// A comparison in the cube along `direction`: the face of its largest component (x before y
/// before z on a tie), the point where it meets that face's camera plane.
fn cube_compare(cube: &CubeShadow, direction: Vec3, reference: f32, linear: bool) -> f32 {
    match cube_face(cube, direction) {
        Some((map, uv)) => compare_at(map, uv, reference, linear),
        None => 1.0,
    }
}

/// The cube's face along `direction` (its largest component's, x before y before z on a tie)
/// and the point where the direction meets that face's camera plane (0 to 1, rows from the top).
fn cube_face(cube: &CubeShadow, direction: Vec3) -> Option<(&DepthMap, Vec2)> {
    let a = direction.abs();
    let face = if a.x >= a.y && a.x >= a.z {
        if direction.x >= 0.0 {
            0
        } else {
            1
        }
    } else if a.y >= a.z {
        if direction.y >= 0.0 {
            2
        } else {
            3
        }
    } else if direction.z >= 0.0 {
        4
    } else {
        5
    };
    let (map, axes) = (cube.faces.get(face)?, cube.axes.get(face)?);
    // The direction in the face camera's space (it looks down −z).
    let v = axes.transpose() * direction;
    let ndc = Vec2::new(v.x, v.y) / -v.z;
    Some((map, Vec2::new(0.5 * ndc.x + 0.5, 0.5 - 0.5 * ndc.y)))
}

/// A batch of a receiver's fragments, as the lights read their shadows.
pub(crate) struct Receiver<'a> {
    pub shadows: &'a FrameShadows,
    /// The shadow slot of each direct light of the material's lighting
    /// (`FrameLights::slots`).
    pub slots: &'a [usize],
    /// View-space positions.
    pub position: &'a Lanes3,
    /// View-space normals (after the normal map and node: three.js's `normalWorld`).
    pub normal: &'a Lanes3,
    pub frags: &'a [FragIn],
    /// What the material's `RECEIVED_SHADOW_NODE` made of each direct light's shadow
    /// ([`received_shadow_lanes`]), where the program has that output: it stands in for the
    /// shadow factor.
    pub received: Option<&'a [Option<Lanes3>]>,
}

impl Receiver<'_> {
    /// The map of the `i`-th direct light of the material's lighting, if it casts a shadow.
    pub fn casts(&self, i: usize) -> Option<&LightShadowMap> {
        self.shadows.light(*self.slots.get(i)?)
    }

    /// The shadow factor of `light` at lane `l`.
    pub fn factor(&self, light: &LightShadowMap, l: usize) -> f32 {
        let frag = &self.frags[l];
        shadow_factor(
            self.shadows.filter,
            light,
            self.position.get(l),
            self.normal.get(l),
            (frag.x, frag.y),
        )
    }

    /// The shadow factors of `light` at the first `n` lanes into `out`: 1 where `wanted(l)` is
    /// false (the light is behind the surface, where the factor changes nothing). A batch whose
    /// PCF reads all fall wholly in front of or behind the map's depths (one look at the blocks
    /// under the batch's footprint) takes the known values without reading a texel; they are
    /// what each lane's filter gives.
    pub fn factors(
        &self,
        light: &LightShadowMap,
        n: usize,
        wanted: impl Fn(usize) -> bool,
        out: &mut [f32; LANES],
    ) {
        let n = n.min(LANES);
        if let Some(known) = self.batch_known(light, n) {
            out[..n].copy_from_slice(&known[..n]);
            return;
        }
        for l in 0..n {
            out[l] = if wanted(l) {
                self.factor(light, l)
            } else {
                1.0
            };
        }
    }

    /// [`Receiver::factors`]' whole-batch answer, if the batch has one: a directional or spot
    /// light's PCF map whose blocks under every lane's reads are all behind (lit) or all in front
    /// of (shadowed) every lane's depth.
    fn batch_known(&self, light: &LightShadowMap, n: usize) -> Option<[f32; LANES]> {
        let ShadowKind::Flat(flat) = &light.kind else {
            return None;
        };
        if self.shadows.filter != ShadowMapType::Pcf || n == 0 || flat.map.blocks.is_empty() {
            return None;
        }
        let reach = light.radius.abs() + 1.0;
        if !reach.is_finite() {
            return None;
        }
        // Each lane's coordinates as `flat_filtered` works them out, and their bounds.
        let mut inside = [false; LANES];
        let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
        let (mut z_lo, mut z_hi) = (f32::INFINITY, f32::NEG_INFINITY);
        for l in 0..n {
            let biased = self.position.get(l) + self.normal.get(l) * light.normal_bias;
            let q = flat.matrix * biased.extend(1.0);
            let c = q.truncate() / q.w;
            let (uv, z) = (Vec2::new(c.x, 1.0 - c.y), c.z + light.bias);
            if !(uv.is_finite() && z.is_finite()) {
                return None;
            }
            inside[l] = uv.x >= 0.0 && uv.x <= 1.0 && uv.y >= 0.0 && uv.y <= 1.0 && z <= 1.0;
            let texel = uv * light.map_size;
            (lo, hi) = (lo.min(texel), hi.max(texel));
            (z_lo, z_hi) = (z_lo.min(z), z_hi.max(z));
        }
        let (lo, hi) = (lo - reach, hi + reach);
        let (x0, y0) = (lo.x as i64 - 1, lo.y as i64 - 1);
        let (x1, y1) = (hi.x as i64 + 1, hi.y as i64 + 1);
        let (near, far) = flat.map.range(x0, y0, x1, y1);
        // Lit everywhere: 1 inside the frustum and outside it, and mix(1, 1, intensity) is 1.
        let filtered = if z_hi <= near {
            1.0
        } else if z_lo > far {
            0.0
        } else {
            return None;
        };
        let shadowed = 1.0 + (filtered - 1.0) * light.intensity;
        let mut out = [1.0; LANES];
        for l in 0..n {
            if inside[l] {
                out[l] = shadowed;
            }
        }
        Some(out)
    }

    /// What multiplies the colour of the `i`-th direct light at lane `l`: its shadow factor
    /// (1 without a shadow), or the received shadow node's output where the material has one.
    pub fn factor_of(&self, i: usize, l: usize) -> Vec3 {
        if let Some(received) = self.received {
            return received
                .get(i)
                .and_then(Option::as_ref)
                .map_or(Vec3::ONE, |r| r.get(l));
        }
        self.casts(i)
            .map_or(Vec3::ONE, |light| Vec3::splat(self.factor(light, l)))
    }

    /// The colours of the `i`-th direct light (`light`, which casts `map`) at the first `n`
    /// lanes times what its shadow lets through: the factors (`scratch`, 1 where `wanted(l)` is
    /// false, see [`Receiver::factors`]) or the received shadow node's output.
    pub fn shade(
        &self,
        i: usize,
        map: &LightShadowMap,
        n: usize,
        wanted: impl Fn(usize) -> bool,
        scratch: &mut [f32; LANES],
        colors: &mut Lanes3,
    ) {
        let n = n.min(LANES);
        if let Some(Some(received)) = self.received.map(|r| r.get(i).and_then(Option::as_ref)) {
            for l in 0..n {
                colors.set(l, colors.get(l) * received.get(l));
            }
            return;
        }
        self.factors(map, n, wanted, scratch);
        for l in 0..n {
            colors.set(l, colors.get(l) * scratch[l]);
        }
    }
}

/// What each direct light's shadow lets through over the first lanes, as a colour: with
/// transmitted maps (R-SHADOW-8) their [`shadow_output`], and through `material.receivedShadowNode`
/// (R-SHADOW-5) where the program has one: the program's `RECEIVED_SHADOW_NODE` with `shadow()`
/// the light's shadow (after the shadow's intensity, as three's `ShadowNode` hands it over; the
/// factor in all three components without colours). `None` where neither applies or the object
/// receives no shadow; an entry is `None` for a light without a shadow.
pub(super) fn received_shadow_lanes(state: &mut BatchState) -> Option<Vec<Option<Lanes3>>> {
    let (ctx, draw, n) = (state.ctx, state.draw, state.n);
    let node = draw
        .program
        .is_some_and(|p| p.has_output(Output::ReceivedShadow));
    if !(node || ctx.shadows.transmitted) || !ctx.shadows.receives(draw.object) {
        return None;
    }
    let lights = ctx.lightings.of(draw.material.lights);
    let receiver = Receiver {
        shadows: &ctx.shadows,
        slots: lights.slots(),
        position: &state.lanes.position_view,
        normal: &state.lanes.normal_view,
        frags: state.frags,
        received: None,
    };
    let mut factor = [1.0; LANES];
    let mut out = Vec::with_capacity(lights.direct_lights().len());
    for i in 0..lights.direct_lights().len() {
        let Some(map) = receiver.casts(i) else {
            out.push(None);
            continue;
        };
        let mut lanes = Lanes3::default();
        if ctx.shadows.transmitted {
            for l in 0..n {
                let frag = &receiver.frags[l];
                let (p, normal) = (receiver.position.get(l), receiver.normal.get(l));
                let filter = ctx.shadows.filter;
                lanes.set(l, shadow_output(filter, map, p, normal, (frag.x, frag.y)));
            }
        } else {
            receiver.factors(map, n, |_| true, &mut factor);
            for (l, &f) in factor.iter().enumerate().take(n) {
                lanes.set(l, Vec3::splat(f));
            }
        }
        if node {
            for l in 0..n {
                state
                    .nodes
                    .batch
                    .set(Attribute::Shadow, l, lanes.get(l).to_array());
            }
            if let Some(r) = state.nodes.run(draw, Output::ReceivedShadow, n) {
                copy_register(r, &mut lanes, n);
            }
        }
        out.push(Some(lanes));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vogel_samples_spiral_out_by_the_golden_angle() {
        // r = sqrt((i + 0.5) / n), θ = i · 2.39996… + φ.
        let s = vogel_disk_sample(0, 5, 0.0);
        assert!((s - Vec2::new(0.1f32.sqrt(), 0.0)).length() < 1e-7);
        let s = vogel_disk_sample(2, 5, 1.0);
        let (r, t) = (0.5f32.sqrt(), 2.0 * 2.399_963_3 + 1.0f32);
        assert!((s - Vec2::new(t.cos(), t.sin()) * r).length() < 1e-6);
    }

    #[test]
    fn interleaved_gradient_noise_is_jimenez_s() {
        // Pixel (0, 0): p = (0.5, 0.5); dot = 0.036373855; 52.9829189 · dot = 1.92718…
        let expected = {
            let d = 0.5f64 * 0.06711056 + 0.5 * 0.00583715;
            let v = 52.9829189 * d;
            v - v.floor()
        };
        assert!((interleaved_gradient_noise(0, 0) as f64 - expected).abs() < 1e-5);
    }

    #[test]
    fn vsm_is_lit_in_front_of_the_mean_and_bounded_behind_it() {
        assert_eq!(vsm([0.5, 0.0], 0.4), 1.0);
        // variance 0.01, d 0.1: p = 0.5, (0.5 − 0.3) / 0.65.
        let v = vsm([0.5, 0.1], 0.6);
        assert!((v - 0.2 / 0.65).abs() < 1e-5, "{v}");
        assert_eq!(vsm([0.5, 0.0], 0.9), 0.0);
    }
}
