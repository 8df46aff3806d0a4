//! PHYSICAL transmission (R-SCREEN-3, docs/requirements.md): the light through a transmissive
//! surface, read from the frame's opaque pass, as three.js r187's `PhysicalLightingModel`
//! computes it (`getIBLVolumeRefraction`): the view ray refracted into the volume by the ior and
//! carried `thickness` (in the mesh's local units) to where it leaves, projected to the screen;
//! the opaque pass read there bicubically at a mip level that the roughness and the ior choose
//! (`getTransmissionSample`, `textureBicubicLevel`); tinted by `diffuseContribution` (the diffuse
//! colour times one less the metalness) and by Beer's law over the ray's length
//! (`volumeAttenuation`); less the light the surface reflects (the environment BRDF's Fresnel of
//! the metal-blended specular colour). The result takes the total diffuse light's place by
//! `transmission` (three's `backdrop` and `backdropAlpha`) before the model's finish lays a
//! clearcoat over it, as shade/backdrop.rs mixes a backdrop.

use super::backdrop::BackdropLanes;
use super::brdf::dfg;
use super::lane_math::Lanes3;
use super::maps::read_map;
use super::physical_full::specular_color;
use super::scalar_models::final_roughness;
use super::state::BatchState;
use crate::scene::Material;
use crate::texture::Texture;
use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use tsl_core::LANES;

/// What one fragment's transmission reads besides its own surface.
pub(crate) struct TransmissionFrame<'t> {
    /// The opaque pass with its mip chain, with the back faces of the double-sided
    /// transmissive meshes drawn over it (three.js's `viewportOpaqueMipTexture`, copied after
    /// its back-face pass): what a front face reads; `None` in the lit view, which reads it as
    /// white.
    pub screen: Option<&'t Texture>,
    /// The opaque pass alone (three's `viewportMipTexture` of a `BackSide` draw, copied before
    /// any back face): what a back face reads.
    pub screen_back: Option<&'t Texture>,
    /// The camera's projection.
    pub projection: Mat4,
    /// View to world, and back: the thickness is scaled along the world's axes.
    pub view_to_world: Mat3,
    pub world_to_view: Mat3,
    /// The draw's model scale (the lengths of its model matrix's columns).
    pub model_scale: Vec3,
    /// The viewport's width in pixels (the level is `log2(width) · roughness`).
    pub width: f32,
}

/// One fragment's surface as the transmission reads it, in view space.
pub(crate) struct TransmissionSurface {
    pub position: Vec3,
    pub normal: Vec3,
    /// three's `diffuseContribution`: the diffuse colour times one less the metalness.
    pub diffuse: Vec3,
    /// The final roughness (with the geometry's).
    pub roughness: f32,
    /// `thickness` times its map's green channel.
    pub thickness: f32,
    /// Whether the fragment is of a front face (it reads `screen`, a back face `screen_back`).
    pub front: bool,
}

/// GLSL's `refract(i, n, eta)`: zero on total internal reflection.
fn refract(i: Vec3, n: Vec3, eta: f32) -> Vec3 {
    let d = n.dot(i);
    let k = 1.0 - eta * eta * (1.0 - d * d);
    if k < 0.0 {
        Vec3::ZERO
    } else {
        eta * i - (eta * d + k.sqrt()) * n
    }
}

/// three's `volumeAttenuation`: Beer's law over `distance`; white at an infinite (or zero)
/// attenuation distance.
pub(crate) fn volume_attenuation(distance: f32, color: Vec3, attenuation_distance: f32) -> Vec3 {
    if attenuation_distance == 0.0 || attenuation_distance.is_infinite() {
        return Vec3::ONE;
    }
    let coefficient = -Vec3::new(color.x.ln(), color.y.ln(), color.z.ln()) / attenuation_distance;
    let e = -coefficient * distance;
    Vec3::new(e.x.exp(), e.y.exp(), e.z.exp())
}

/// The B-spline weights of `textureBicubicLevel` (N8's mipped bicubic): (g0, g1, h0, h1).
fn bicubic_weights(a: Vec2) -> (Vec2, Vec2, Vec2, Vec2) {
    let c = 1.0 / 6.0;
    let w0 = c * (a * (a * (-a + 3.0) - 3.0) + 1.0);
    let w1 = c * (a * a * (3.0 * a - 6.0) + 4.0);
    let w2 = c * (a * (a * (-3.0 * a + 3.0) + 3.0) + 1.0);
    let w3 = c * (a * a * a);
    let (g0, g1) = (w0 + w1, w2 + w3);
    (g0, g1, -1.0 + w1 / g0, 1.0 + w3 / g1)
}

/// Four taps at whole `level`, weighted as `bicubic` of TextureBicubic.js (nearest at level 0,
/// bilinear above, as three's target filters them).
fn bicubic(t: &Texture, uv: Vec2, size: Vec2, level: usize) -> Vec4 {
    let scaled = uv * size + 0.5;
    let i = scaled.floor();
    let (g0, g1, h0, h1) = bicubic_weights(scaled - i);
    let p0 = (i + h0 - 0.5) / size;
    let p3 = (i + h1 - 0.5) / size;
    // three's target is a FramebufferTexture: its magFilter is Nearest and its minFilter
    // LinearMipmapLinear, so `textureLod` at level 0 magnifies (the nearest texel) and at a
    // whole level above reads that level bilinearly.
    let linear = level > 0;
    let tap = |x: f32, y: f32| t.sample_level(Vec2::new(x, y), level, linear);
    let a = g0.y * (g0.x * tap(p0.x, p0.y) + g1.x * tap(p3.x, p0.y));
    let b = g1.y * (g0.x * tap(p0.x, p3.y) + g1.x * tap(p3.x, p3.y));
    a + b
}

/// `textureBicubicLevel(texture(uv), lod)`: the bicubic reads at `floor(lod)` and `ceil(lod)`
/// mixed by `fract(lod)`, each level's size `textureSize(int(lod))` and
/// `textureSize(int(lod + 1))` as three.js writes them.
pub(crate) fn bicubic_level(t: &Texture, uv: Vec2, lod: f32) -> Vec4 {
    let lod = if lod.is_finite() { lod.max(0.0) } else { 0.0 };
    let floor = lod.floor();
    let fine = bicubic(t, uv, t.level_size(floor as usize), floor as usize);
    let coarse = bicubic(t, uv, t.level_size(floor as usize + 1), lod.ceil() as usize);
    fine + (coarse - fine) * (lod - floor)
}

/// three's `getIBLVolumeRefraction` at one fragment: the transmitted light (rgb) and the
/// backdrop's alpha (w).
pub(crate) fn volume_refraction(
    m: &Material,
    s: &TransmissionSurface,
    f: &TransmissionFrame,
    (specular, f90): (Vec3, f32),
) -> Vec4 {
    // three's v is `cameraPosition − positionWorld`, in view space −position (orthographic too).
    let v = (-s.position).normalize_or_zero();
    let n = s.normal.normalize_or_zero();
    let attenuation = |length: f32| {
        s.diffuse
            * volume_attenuation(
                length,
                m.attenuation_color.to_vec3(),
                m.attenuation_distance,
            )
    };
    // One read of the screen at `ior`: what it reads and the ray's length.
    let read = |ior: f32| {
        // getVolumeTransmissionRay: the thickness is in local units, scaled along the world's
        // axes.
        let direction = refract(-v, n, 1.0 / ior).normalize_or_zero();
        let world = f.view_to_world * direction * (s.thickness * f.model_scale);
        let ray = f.world_to_view * world;
        let exit = f.projection * (s.position + ray).extend(1.0);
        let ndc = Vec2::new(exit.x, exit.y) / exit.w;
        let uv = Vec2::new((ndc.x + 1.0) / 2.0, 1.0 - (ndc.y + 1.0) / 2.0);
        // getTransmissionSample: applyIorToRoughness chooses the level.
        let lod = f.width.log2() * s.roughness * (ior * 2.0 - 2.0).clamp(0.0, 1.0);
        let screen = if s.front { f.screen } else { f.screen_back };
        let sample = screen.map_or(Vec4::ONE, |t| bicubic_level(t, uv, lod));
        (sample, world.length())
    };
    let (transmitted, transmittance) = if m.dispersion > 0.0 {
        // Dispersion: each channel read at its own ior, ior ∓ (ior − 1) · dispersion · 0.025
        // (red the lower), with its own ray and Beer's law; the alpha the reads' mean.
        let half_spread = (m.ior - 1.0) * (m.dispersion * 0.025);
        let iors = [m.ior - half_spread, m.ior, m.ior + half_spread];
        let (mut light, mut tint) = (Vec4::ZERO, Vec3::ZERO);
        for (i, &ior) in iors.iter().enumerate() {
            let (sample, length) = read(ior);
            light[i] = sample[i];
            light.w += sample.w;
            tint[i] = attenuation(length)[i];
        }
        light.w /= 3.0;
        (light, tint)
    } else {
        let (sample, length) = read(m.ior);
        (sample, attenuation(length))
    };
    let dot_nv = n.dot(v).clamp(0.0, 1.0);
    let ab = dfg(s.roughness, dot_nv);
    let fresnel = specular * ab.x + Vec3::splat(f90 * ab.y);
    let factor = (transmittance.x + transmittance.y + transmittance.z) / 3.0;
    let rgb = (Vec3::ONE - fresnel) * transmittance * transmitted.truncate();
    rgb.extend(1.0 - (1.0 - transmitted.w) * factor)
}

/// The transmission of the batch as a backdrop (colour, and `transmission` as its alpha), and
/// the surface's alpha multiplied by `mix(1, backdrop alpha, transmission)` as three's does;
/// `None` unless the material is transmissive.
pub(super) fn transmission_lanes(state: &mut BatchState) -> Option<BackdropLanes> {
    let (ctx, draw, n) = (state.ctx, state.draw, state.n);
    let m = draw.material;
    if !m.is_transmissive() {
        return None;
    }
    let maps = (
        state.map(m.transmission_map),
        state.map(m.thickness_map),
        state.map(m.specular_intensity_map),
        state.map(m.specular_color_map),
    );
    let frame = TransmissionFrame {
        screen: ctx.screen.filter(|_| !state.nodes.white),
        screen_back: ctx.screen_back.filter(|_| !state.nodes.white),
        projection: ctx.projection,
        view_to_world: ctx.view_to_world,
        world_to_view: ctx.world_to_view,
        model_scale: draw.model_scale,
        width: ctx.width as f32,
    };
    let s = &mut *state.lanes;
    let mut b = BackdropLanes {
        color: Lanes3::default(),
        alpha: [1.0; LANES],
    };
    for l in 0..n {
        let (uv, duv) = (s.uv_raw.get(l), s.duv[l]);
        let texel = |t: Option<&Texture>| t.map(|t| read_map(t, uv, duv));
        let transmission = m.transmission * texel(maps.0).map_or(1.0, |t| t.x);
        let thickness = m.thickness * texel(maps.1).map_or(1.0, |t| t.y);
        // MeshPhysicalNodeMaterial.setupSpecular: `specularColorBlended` and `specularF90`,
        // which the metalness mixes toward the diffuse colour and 1; MeshStandardNodeMaterial's
        // `diffuseContribution`, which it takes off.
        let intensity = m.specular_intensity * texel(maps.2).map_or(1.0, |t| t.w);
        let color = m.specular_color.to_vec3() * texel(maps.3).map_or(Vec3::ONE, |t| t.truncate());
        let (diffuse, metal) = (s.diffuse.get(l), s.metalness[l]);
        let specular = specular_color(m.ior, color, intensity).lerp(diffuse, metal);
        let f90 = intensity + (1.0 - intensity) * metal;
        let surface = TransmissionSurface {
            position: s.position_view.get(l),
            normal: s.normal_view.get(l),
            diffuse: diffuse * (1.0 - metal),
            roughness: final_roughness(s.material_roughness[l], s.geometry_roughness[l]),
            thickness,
            front: s.front[l],
        };
        let backdrop = volume_refraction(m, &surface, &frame, (specular, f90));
        b.color.set(l, backdrop.truncate());
        b.alpha[l] = transmission;
        s.alpha[l] *= 1.0 + (backdrop.w - 1.0) * transmission;
    }
    Some(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec3, b: Vec3) -> bool {
        (a - b).abs().max_element() < 1e-6
    }

    #[test]
    fn beers_law_reaches_the_attenuation_colour_at_its_distance() {
        // By hand: exp(ln(c) · d / D) is c at d = D, c² at 2D, 1 at an infinite or zero D.
        let c = Vec3::new(0.5, 1.0, 0.25);
        assert!(close(volume_attenuation(1.2, c, 1.2), c));
        assert!(close(volume_attenuation(2.4, c, 1.2), c * c));
        assert_eq!(volume_attenuation(3.0, c, f32::INFINITY), Vec3::ONE);
        assert_eq!(volume_attenuation(3.0, c, 0.0), Vec3::ONE);
    }

    #[test]
    fn refraction_follows_snells_law() {
        let n = Vec3::Z;
        // Straight on: unbent.
        assert!(close(refract(-Vec3::Z, n, 1.0 / 1.5), -Vec3::Z));
        // At 45°: sin θt = sin 45° / 1.5.
        let s = std::f32::consts::FRAC_1_SQRT_2;
        let t = refract(Vec3::new(s, 0.0, -s), n, 1.0 / 1.5);
        let sin_t = s / 1.5;
        assert!(close(
            t,
            Vec3::new(sin_t, 0.0, -(1.0 - sin_t * sin_t).sqrt())
        ));
        // Out of glass at 60°: 1.5 · sin 60° > 1, total internal reflection: zero.
        let i = Vec3::new(0.75f32.sqrt(), 0.0, -0.5);
        assert_eq!(refract(i, n, 1.5), Vec3::ZERO);
    }

    #[test]
    fn the_bicubic_read_of_a_uniform_target_is_its_colour_at_any_level() {
        // The B-spline's weights add up to 1 (g0 + g1 = 1 on each axis).
        let c = Vec4::new(0.25, 0.5, 0.75, 1.0);
        let t = Texture::from_linear(8, 8, vec![c; 64]).unwrap();
        assert_eq!(t.level_count(), 4);
        for (uv, lod) in [(Vec2::new(0.3, 0.7), 0.0), (Vec2::new(0.01, 0.99), 1.5)] {
            let got = bicubic_level(&t, uv, lod);
            assert!((got - c).abs().max_element() < 1e-6, "{got:?}");
        }
        // Past the last level, the last level.
        assert!(
            (bicubic_level(&t, Vec2::splat(0.5), 9.5) - c)
                .abs()
                .max_element()
                < 1e-6
        );
    }
}
