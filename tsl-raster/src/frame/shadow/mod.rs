//! The shadow pass (R-SHADOW-2, docs/requirements.md): each shadow-casting light's depth map,
//! drawn on the host once a frame from the casters' placed triangles (the position node has moved
//! them), shared by the CPU and the GPU renderers.
//!
//! As three.js r187's WebGPURenderer draws it (`ShadowNode`, `PointShadowNode`,
//! `Renderer._renderObjectDirect` with the shadow material): the objects with `cast_shadow` (and,
//! for VSM, those with `receive_shadow`), each material's other side (VSM: its own side), no
//! colour, mask, discard or depth node; a directional or spot light's map from its camera, a point
//! light's six cube faces. VSM blurs the depths into means and deviations ([`raster::vsm_moments`]).

pub(crate) mod camera;
mod primitive;
pub(crate) mod raster;

use crate::error::{MaterialRefusal, Refusal};
use crate::output::{checked_len, over_limit};
use crate::raster::draw::Draw;
use crate::scene::{Light, LightShadow, Scene, ShadowMapType, Side};
use crate::settings::RenderSettings;
use crate::store::Store;
use crate::texture::Texture;
use crate::RenderError;
use camera::{bias_matrix, look_at_rotation, perspective, projection, view_matrix, CUBE_FACES};
use glam::{Mat3, Mat4, Vec2, Vec3};
use raster::{vsm_moments, DepthMap, Faces, Moments};
use rayon::prelude::*;
use tsl_core::{Output, TextureId};

/// A directional or spot light's map.
#[derive(Clone, Debug)]
pub(crate) struct FlatShadow {
    /// From the frame camera's view space to the map's (`shadow.matrix` times the inverse view):
    /// x and y 0 to 1 (y up), z the window depth, after the divide by w.
    pub matrix: Mat4,
    pub map: DepthMap,
    /// VSM's blurred moments.
    pub moments: Option<Moments>,
}

/// A point light's cube.
#[derive(Clone, Debug)]
pub(crate) struct CubeShadow {
    /// From the frame camera's view space to world space less the light's position.
    pub matrix: Mat4,
    /// The faces in WebGL's order (+x, −x, +y, −y, +z, −z).
    pub faces: Vec<DepthMap>,
    /// Each face camera's axes in world space (columns x, y, z; it looks down −z).
    pub axes: [Mat3; 6],
    pub near: f32,
    pub far: f32,
}

/// What a shadow-casting light's map is.
#[derive(Clone, Debug)]
pub(crate) enum ShadowKind {
    Flat(FlatShadow),
    Cube(CubeShadow),
}

/// A shadow-casting light's map and how it is read.
#[derive(Clone, Debug)]
pub(crate) struct LightShadowMap {
    pub kind: ShadowKind,
    pub bias: f32,
    pub normal_bias: f32,
    pub radius: f32,
    pub intensity: f32,
    pub map_size: Vec2,
}

/// The frame's shadow maps: one entry per direct light (directional, point and spot, in the
/// scene's order, as `FrameLights` keeps them), `None` where a light casts no shadow.
#[derive(Clone, Debug, Default)]
pub(crate) struct FrameShadows {
    pub filter: ShadowMapType,
    pub lights: Vec<Option<LightShadowMap>>,
    /// Each object's `receive_shadow`, by its index in the scene.
    pub receivers: Vec<bool>,
    /// The maps keep colours (`RenderSettings::shadow_map_transmitted`, R-SHADOW-8).
    pub transmitted: bool,
}

/// A placed caster: its world positions, its triangles and the faces it draws.
struct Caster<'a> {
    draw: &'a Draw<'a>,
    faces: Faces,
    /// The shadow material's colour and alpha test, where the caster needs them.
    paint: Option<ShadowPaint<'a>>,
}

/// The shadow material of a caster (`Renderer._getShadowNodes` and `_renderObjectDirect`): its
/// colour is `CAST_SHADOW_NODE`'s (opaque black without), the alpha times the colour map's; it
/// takes the caster's `alphaTest` (`diffuseColor.a <= alphaTest` discards, R-SHADOW-6).
struct ShadowPaint<'a> {
    /// The alpha test's threshold, where above 0.
    threshold: Option<f32>,
    /// The colour map, if the material has one (its alpha; 1 without).
    map: Option<&'a Texture>,
    /// `CAST_SHADOW_NODE`'s value (a node that reads no attribute and no texture).
    color: [f32; 4],
}

impl ShadowPaint<'_> {
    /// The colour of the texel whose corner weights (at it, right of it, below it) are `w`, on
    /// the triangle whose corners' uvs are `uv`; `None` where the alpha test discards it.
    fn paint(&self, uv: [Vec2; 3], w: [Vec3; 3]) -> Option<[f32; 4]> {
        let mut color = self.color;
        if let Some(t) = self.map {
            let at = |w: Vec3| uv[0] * w.x + uv[1] * w.y + uv[2] * w.z;
            let centre = at(w[0]);
            color[3] *= t
                .sample_map(centre, (at(w[1]) - centre, at(w[2]) - centre))
                .w;
        }
        match self.threshold {
            Some(threshold) if color[3] <= threshold => None,
            _ => Some(color),
        }
    }
}

impl FrameShadows {
    /// The map of the `i`-th direct light, if it casts a shadow.
    pub fn light(&self, i: usize) -> Option<&LightShadowMap> {
        self.lights.get(i).and_then(Option::as_ref)
    }

    /// Whether the shadows fall on the scene's `object`-th object: it receives them and a light
    /// casts one.
    pub fn receives(&self, object: usize) -> bool {
        self.any() && self.receivers.get(object).copied().unwrap_or(false)
    }

    /// Whether any light casts a shadow this frame.
    pub fn any(&self) -> bool {
        self.lights.iter().any(Option::is_some)
    }

    /// The maps of `scene`'s shadow-casting lights for the frame camera's `view`, drawn from the
    /// placed `draws` (an alpha-tested caster's map from `textures`); none when
    /// `settings.shadow_map_enabled` is off. Refuses a map with a zero
    /// side or more texels than `settings.limits.image_pixels`.
    pub fn new(
        settings: &RenderSettings,
        scene: &Scene,
        view: Mat4,
        draws: &[Draw],
        textures: &Store<Texture, TextureId>,
    ) -> Result<FrameShadows, RenderError> {
        let filter = settings.shadow_map_type;
        let mut frame = FrameShadows {
            filter,
            lights: Vec::new(),
            receivers: scene.objects().iter().map(|o| o.receive_shadow).collect(),
            transmitted: false,
        };
        if !settings.shadow_map_enabled {
            return Ok(frame);
        }
        // The direct lights, in `FrameLights`' order: the maps' indices are theirs.
        let direct: Vec<&Light> = scene
            .lights
            .iter()
            .filter(|l| {
                matches!(
                    l,
                    Light::Directional { .. } | Light::Point { .. } | Light::Spot { .. }
                )
            })
            .collect();
        for light in &direct {
            if let Some(shadow) = light.shadow() {
                let (w, h) = match light {
                    Light::Point { .. } => (shadow.map_size.x, shadow.map_size.x),
                    _ => (shadow.map_size.x, shadow.map_size.y),
                };
                checked_len(w, h)?;
                over_limit(
                    "a shadow map",
                    w,
                    h,
                    "image_pixels",
                    settings.limits.image_pixels,
                )?;
            }
        }
        if !direct.iter().any(|l| l.shadow().is_some()) {
            return Ok(frame);
        }
        let vsm = filter == ShadowMapType::Vsm;
        let worlds = scene.world_matrices()?;
        let transmitted = settings.shadow_map_transmitted;
        frame.transmitted = transmitted;
        // A CAST_SHADOW_NODE that reads an attribute or a texture would have to run per texel,
        // which the host's shadow pass does not: refused, not ignored.
        if let Some(d) = draws.iter().find(|d| {
            d.program.is_some_and(|p| p.has_output(Output::CastShadow))
                && !d
                    .uniform_outputs
                    .iter()
                    .any(|(o, _)| *o == Output::CastShadow)
        }) {
            return Err(Refusal::Material {
                object: d.object,
                refusal: MaterialRefusal::ShadowNode {
                    output: Output::CastShadow.name(),
                },
            }
            .into());
        }
        let paint = |draw: &Draw| {
            let m = draw.material;
            let threshold = (m.alpha_test > 0.0).then_some(m.alpha_test);
            (threshold.is_some() || transmitted).then(|| ShadowPaint {
                threshold,
                map: m.map.and_then(|id| textures.get(id)),
                color: draw
                    .uniform_outputs
                    .iter()
                    .find(|(o, _)| *o == Output::CastShadow)
                    .map_or([0.0, 0.0, 0.0, 1.0], |(_, v)| *v),
            })
        };
        let casters: Vec<Caster> = draws
            .iter()
            .filter_map(|draw| {
                let object = scene.objects().get(draw.object)?;
                if !(object.cast_shadow || (vsm && object.receive_shadow)) {
                    return None;
                }
                // The shadow material's side (`Renderer._renderObjectDirect`): the material's
                // `shadow_side`, else the other side of its side, or its own for VSM; a mirrored
                // world matrix turns it round.
                let side = match (draw.material.shadow_side, draw.material.side, vsm) {
                    (Some(Side::Double), ..) | (None, Side::Double, _) => {
                        return Some(Caster {
                            draw,
                            faces: Faces::Both,
                            paint: paint(draw),
                        })
                    }
                    (Some(side), ..) | (None, side, true) => side,
                    (None, Side::Front, false) => Side::Back,
                    (None, Side::Back, false) => Side::Front,
                };
                let mirrored = worlds
                    .get(draw.object)
                    .is_some_and(|(m, _)| m.determinant() < 0.0);
                let front = (side == Side::Front) != mirrored;
                Some(Caster {
                    draw,
                    faces: if front { Faces::Front } else { Faces::Back },
                    paint: paint(draw),
                })
            })
            .collect();
        let to_world = view.inverse();
        frame.lights = direct
            .par_iter()
            .map(|light| {
                light.shadow().and_then(|shadow| {
                    light_map(light, shadow, (filter, transmitted), to_world, &casters)
                })
            })
            .collect();
        Ok(frame)
    }
}

/// One light's map.
fn light_map(
    light: &Light,
    shadow: &LightShadow,
    (filter, transmitted): (ShadowMapType, bool),
    to_world: Mat4,
    casters: &[Caster],
) -> Option<LightShadowMap> {
    let (w, h) = (shadow.map_size.x, shadow.map_size.y);
    let kind = match *light {
        Light::Point {
            position, distance, ..
        } => {
            let (near, far) = match shadow.camera {
                crate::scene::ShadowCamera::Perspective { near, far, .. }
                | crate::scene::ShadowCamera::Orthographic { near, far, .. } => (near, far),
            };
            let far = if distance > 0.0 { distance } else { far };
            let projection = perspective(90.0, 1.0, near, far);
            let axes = CUBE_FACES.map(|(dir, up)| look_at_rotation(position, position + dir, up));
            let faces = axes
                .par_iter()
                .map(|&axes| {
                    let light_view = view_matrix(position, axes);
                    draw_map((w, w), (light_view, projection), casters, transmitted)
                })
                .collect();
            ShadowKind::Cube(CubeShadow {
                matrix: Mat4::from_translation(-position) * to_world,
                faces,
                axes,
                near,
                far,
            })
        }
        Light::Directional {
            position, target, ..
        }
        | Light::Spot {
            position, target, ..
        } => {
            let (angle, distance) = match *light {
                Light::Spot {
                    angle, distance, ..
                } => (angle, distance),
                _ => (0.0, 0.0),
            };
            let projection = projection(&shadow.camera, angle, w as f32 / h as f32, distance);
            let light_view = view_matrix(position, look_at_rotation(position, target, Vec3::Y));
            let view_projection = projection * light_view;
            let map = draw_map((w, h), (light_view, projection), casters, transmitted);
            let moments = (filter == ShadowMapType::Vsm)
                .then(|| vsm_moments(&map, shadow.blur_samples, shadow.radius));
            ShadowKind::Flat(FlatShadow {
                matrix: bias_matrix() * view_projection * to_world,
                map,
                moments,
            })
        }
        Light::Ambient { .. } | Light::Hemisphere { .. } | Light::RectArea { .. } => return None,
    };
    Some(LightShadowMap {
        kind,
        bias: shadow.bias,
        normal_bias: shadow.normal_bias,
        radius: shadow.radius,
        intensity: shadow.intensity,
        map_size: Vec2::new(w as f32, h as f32),
    })
}

/// A `w × h` depth map of the casters seen through `view` (world to the light's view) and
/// `projection` (to WebGL clip).
fn draw_map(
    (w, h): (u32, u32),
    (view, projection): (Mat4, Mat4),
    casters: &[Caster],
    transmitted: bool,
) -> DepthMap {
    let view_projection = projection * view;
    let mut map = DepthMap::new(w, h);
    if transmitted {
        map = map.with_color();
    }
    let mut poly = Vec::with_capacity(9);
    for caster in casters {
        if caster.draw.primitive != crate::scene::Primitive::Triangles {
            // Their depth alone, expanded in the map (R-PRIM-5).
            primitive::draw_depth(&mut map, caster.draw, view, projection, &mut poly);
            continue;
        }
        let verts = &caster.draw.verts;
        for &[a, b, c] in caster.draw.indices() {
            // Invariant: Geometry::check refuses an index past the vertex count; a draw has one
            // placed vertex per geometry vertex.
            let clip = [a, b, c].map(|i| view_projection * verts[i as usize].world.extend(1.0));
            match &caster.paint {
                Some(paint) => {
                    let uv = [a, b, c].map(|i| verts[i as usize].uv);
                    let paint = |w: [Vec3; 3]| paint.paint(uv, w);
                    map.draw(clip, caster.faces, &mut poly, Some(&paint));
                }
                None => map.draw(clip, caster.faces, &mut poly, None),
            }
        }
    }
    map.finish();
    map
}
