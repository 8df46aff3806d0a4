//! The frame: what the CPU tiles and the GPU host share before any pixel is drawn.
//!
//! - [`Frame`] (`RenderSettings::prepare_frame`, R-RUN, docs/requirements.md): copies of the
//!   programs with the frame's time and the camera's view written in;
//! - `RenderSettings::place_draws` ([`place`]): the refusals of R-MAT-2 to R-MAT-6, each mesh
//!   placed ([`Draw`]) and the draws in three.js's order, with their [`Pass`]es;
//! - [`bin`]: the image's tiles and each tile's (pass, triangle) entries;
//! - [`lights`]: the scene's lights in view space;
//! - [`FrameContext`]: all of it, as the CPU tiles read it.

pub(crate) mod bin;
pub(crate) mod light_mask;
pub(crate) mod lights;
pub(crate) mod place;
pub(crate) mod rect_area;
pub(crate) mod screen_pass;
pub(crate) mod shadow;
pub(crate) mod sprite;
pub(crate) mod volume_depth;

use crate::assets::Assets;
use crate::environment::Environment;
use crate::raster::draw::Draw;
use crate::scene::{BackgroundEnvironment, Camera, Fog, Light, Scene};
use crate::settings::{RenderSettings, Shading};
use crate::store::{ProgramId, Store, StoreId};
use crate::texture::Texture;
use glam::{Mat3, Mat4, Vec2};
use light_mask::Lightings;
use std::sync::Arc;
use tsl_core::{format, parse_texture_size_uniform, NodeProgram, TextureId, TextureRef};

/// The programs of one frame: copies with the frame's time and view written in
/// ([`RenderSettings::prepare_frame`]).
#[derive(Clone, Debug)]
pub struct Frame {
    /// The copies, indexed as `assets.programs`.
    pub programs: Vec<NodeProgram>,
    /// The camera's world-to-view matrix written into them.
    pub view: Mat4,
    /// The time written into them, in seconds.
    pub time: f32,
    /// For each object of the scene whose program reads the draw's values
    /// ([`NodeProgram::reads_object`]), the index in `programs` of its own copy, with its world
    /// matrix written in (appended after the copies of `assets.programs`).
    pub draw_copies: Vec<Option<usize>>,
    /// For each object, whether its copies are one per instance (an instanced mesh whose program
    /// reads the draw's values or `instance_index()`): instance `i`'s copy is then at
    /// `draw_copies[object] + i`.
    pub instanced_copies: Vec<bool>,
}

impl Frame {
    /// The frame's copy of a program.
    pub fn program(&self, id: ProgramId) -> Option<&NodeProgram> {
        self.programs.get(id.index())
    }

    /// The index in `programs` of the program object `object` draws with: its own copy when its
    /// program reads the draw's values, else the frame's copy of `id`.
    pub fn program_index(&self, object: usize, id: ProgramId) -> usize {
        self.draw_copies
            .get(object)
            .copied()
            .flatten()
            .unwrap_or(id.index())
    }

    /// The index in `programs` of the program instance `instance` of object `object` draws with:
    /// its own copy when the object's copies are one per instance, else as
    /// [`Frame::program_index`].
    pub fn instance_program_index(&self, object: usize, instance: usize, id: ProgramId) -> usize {
        let at = self.program_index(object, id);
        match self.instanced_copies.get(object) {
            Some(true) => at + instance,
            _ => at,
        }
    }

    /// Fill every program's texture-size uniforms (`texture_size`, R-VAL-16) with the size of
    /// the texture they name at their level (`max(1, size >> level)`); a texture the store lacks
    /// leaves the uniform as it is ((0, 0) from the compiler).
    fn write_texture_sizes(&mut self, textures: &Store<Texture, TextureId>) {
        for program in &mut self.programs {
            let sizes: Vec<(String, Vec2)> = program
                .uniforms()
                .iter()
                .filter_map(|u| {
                    let (texture, level) = parse_texture_size_uniform(&u.name)?;
                    let id = match texture {
                        TextureRef::Id(id) => id,
                        TextureRef::Uniform(name) => {
                            let slot = program.uniforms().iter().find(|s| s.name == name)?;
                            TextureId(*program.words().get(slot.word)?)
                        }
                    };
                    let t = textures.get(id)?;
                    let side = |n: u32| (n.checked_shr(level).unwrap_or(0)).max(1) as f32;
                    Some((u.name.clone(), Vec2::new(side(t.width()), side(t.height()))))
                })
                .collect();
            for (name, size) in sizes {
                // Invariant: the name is one of this program's vec2 uniforms (found above).
                let _ = program.set_uniform(&name, size);
            }
        }
    }

    /// Fill the texture sizes (`write_texture_sizes`), then append a copy of the program for
    /// each visible mesh whose program reads the draw's values
    /// (R-VAL-14: `model_world_matrix` and the values derived from it differ between meshes
    /// sharing one program), with the mesh's world matrix and its material's values
    /// (R-VAL-20) written in. Meshes with a missing
    /// material or program are left to `place_draws`, which refuses them.
    pub(crate) fn add_draw_copies(
        &mut self,
        scene: &Scene,
        assets: &Assets,
    ) -> Result<(), crate::RenderError> {
        self.write_texture_sizes(&assets.textures);
        let worlds = scene.world_matrices()?;
        let mut copies = vec![None; scene.objects().len()];
        let mut instanced = vec![false; scene.objects().len()];
        for (index, object) in scene.objects().iter().enumerate() {
            // A mesh's material and geometry, or a sprite's material and its square (R-SPRITE-1).
            let (material, geometry) = match (object.mesh, &object.sprite) {
                (Some(mesh), _) => (mesh.material, Some(mesh.geometry)),
                (None, Some(sprite)) => (sprite.material, None),
                (None, None) => continue,
            };
            let Some(&(world, true)) = worlds.get(index) else {
                continue;
            };
            let Some(material) = assets.materials.get(material) else {
                continue;
            };
            let Some(id) = material.nodes else {
                continue;
            };
            let Some(program) = self.program(id) else {
                continue;
            };
            // An instanced mesh whose program reads `instance_index()` has a copy per instance.
            let per_instance = object
                .instances
                .as_ref()
                .filter(|_| program.loads_any(INSTANCE_INDEX_WORD));
            if !program.reads_object() && per_instance.is_none() {
                continue;
            }
            let mut copy = program.clone();
            copy.set_object(world);
            copy.set_material(&material.values());
            // The radius walks every vertex: only for a program that reads it.
            let radius_word = format::H_MODEL_RADIUS..format::H_MODEL_RADIUS + 1;
            if copy.loads_any(radius_word) {
                let positions = match geometry {
                    Some(id) => assets.geometries.get(id).map(|g| g.positions()),
                    None => Some(sprite::square_positions()),
                };
                if let Some(positions) = positions {
                    copy.set_model_radius(world_radius(positions, world));
                }
            }
            copies[index] = Some(self.programs.len());
            match per_instance {
                Some(instances) => {
                    instanced[index] = true;
                    for i in 0..instances.count() {
                        let mut each = copy.clone();
                        each.set_instance_index(i as u32);
                        self.programs.push(each);
                    }
                }
                None => self.programs.push(copy),
            }
        }
        self.draw_copies = copies;
        self.instanced_copies = instanced;
        Ok(())
    }
}

impl RenderSettings {
    /// Copy every program and write the frame's values into the copies: the time, the frame
    /// counter, the image's size and the camera's view, projection, near and far.
    pub fn prepare_frame(
        &self,
        programs: &Store<NodeProgram, ProgramId>,
        camera: &Camera,
    ) -> Frame {
        let view = camera.view_matrix();
        let aspect = self.width as f32 / self.height as f32;
        let projection = camera.projection_matrix(aspect);
        let size = Vec2::new(self.width as f32, self.height as f32);
        let programs = programs
            .iter()
            .map(|(_, p)| {
                let mut copy = p.clone();
                copy.set_camera(
                    projection,
                    camera.near,
                    camera.far,
                    camera.is_orthographic(),
                );
                copy.set_screen(size, self.frame_id);
                copy.set_delta_time(self.delta_time);
                copy.set_frame(self.time, view);
                copy
            })
            .collect();
        Frame {
            programs,
            view,
            time: self.time,
            draw_copies: Vec::new(),
            instanced_copies: Vec::new(),
        }
    }
}

/// The header word of `instance_index()` (R-INST-3).
const INSTANCE_INDEX_WORD: std::ops::Range<usize> =
    format::H_INSTANCE_INDEX..format::H_INSTANCE_INDEX + 1;

/// three.js's bounding sphere of `positions` (`computeBoundingSphere`: the box's centre, the
/// farthest point's distance) in world space (`applyMatrix4`: the radius times the world
/// matrix's largest column length).
fn world_radius(positions: &[glam::Vec3], world: Mat4) -> f32 {
    let Some(&first) = positions.first() else {
        return 0.0;
    };
    let (lo, hi) = positions
        .iter()
        .fold((first, first), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let centre = (lo + hi) * 0.5;
    let radius_sq = positions
        .iter()
        .map(|&p| p.distance_squared(centre))
        .fold(0.0f32, f32::max);
    let scale_sq = [world.x_axis, world.y_axis, world.z_axis]
        .map(|c| c.truncate().length_squared())
        .into_iter()
        .fold(0.0f32, f32::max);
    radius_sq.sqrt() * scale_sq.sqrt()
}

/// A draw pass: a draw, and for the two passes of a transparent double-sided draw, the faces it
/// keeps (`Some(false)`: back faces, `Some(true)`: front faces).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pass {
    pub draw: u32,
    pub faces: Option<bool>,
    /// Whether the draw comes after the opaque ones (`Material::drawn_after_opaques`): the
    /// tiles capture the opaque depth before the first such pass.
    pub after_opaques: bool,
}

/// Everything the tiles share.
pub(crate) struct FrameContext<'a> {
    pub draws: Vec<Draw<'a>>,
    pub passes: Vec<Pass>,
    /// The lights of each light mask (`Lightings::of` a material's mask).
    pub lightings: Lightings,
    pub fog: Option<Fog>,
    pub textures: &'a Store<Texture, TextureId>,
    pub shading: Shading,
    pub view_to_world: Mat3,
    pub world_to_view: Mat3,
    pub clear: [f32; 4],
    /// Whether the camera is orthographic: the view direction is then +z everywhere.
    pub orthographic: bool,
    /// The image's height in pixels.
    pub height: u32,
    /// Whether a hemisphere light reads the world normal.
    pub hemisphere: bool,
    /// The scene's environment and its intensity (R-ENV-3).
    pub environment: Option<(Arc<Environment>, f32)>,
    /// The environment drawn as the background, with the camera's projection that turns a pixel
    /// into its ray (R-ENV-5).
    pub background: Option<(BackgroundEnvironment, Mat4)>,
    /// The image's width in pixels.
    pub width: u32,
    /// The shadow-casting lights' maps ([`shadow`]); none until the renderer draws them.
    pub shadows: shadow::FrameShadows,
    /// The volumes a program's `texture_3d` nodes read (R-VAL-22).
    pub volumes: &'a Store<crate::texture::Texture3d, TextureId>,
    /// The world-to-view matrix: a VOLUME material's ray steps are placed in view space with it.
    pub view_matrix: Mat4,
    /// The camera's position in the world (three.js's `cameraPosition`).
    pub camera_position: glam::Vec3,
    /// Window depth to camera-axis distance, for a VOLUME material's scene-depth gate
    /// (R-VOL-5).
    pub scene_depth: volume_depth::SceneDepth,
    /// A low-level caller's snapshot of the opaque scene's camera-axis distances, one a pixel,
    /// rows from the top (`TransmissionTarget::capture_volume_depth`): read in place of the
    /// tiles' own capture where given (R-VOL-5).
    pub volume_snapshot: Option<&'a [f32]>,
    /// The camera's projection (a transmissive surface projects its refracted point with it,
    /// R-SCREEN-3).
    pub projection: Mat4,
    /// The frame's transmission target with its mip chain, where the frame has one
    /// (`Assets::screen`): what a transmissive PHYSICAL material reads (R-SCREEN-3).
    pub screen: Option<&'a Texture>,
    /// What a back face of a transmissive material reads (`Assets::screen_back`): the opaque
    /// pass alone, where `screen` has the back faces of the double-sided transmissive meshes
    /// drawn over it (R-SCREEN-3).
    pub screen_back: Option<&'a Texture>,
    /// The texture ids that a point's or a line's program reads as opaque white (R-PRIM-7): the
    /// reserved `VIEWPORT_TEXTURE` and the frame's transmission target where it has one.
    pub screen_ids: [TextureId; 2],
}

impl<'a> FrameContext<'a> {
    /// The context of the placed `draws` and their `passes` of `scene` seen through `camera`
    /// (`view`: the frame's world-to-view matrix).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        settings: &RenderSettings,
        view: Mat4,
        scene: &Scene,
        camera: &Camera,
        assets: &'a Assets,
        draws: Vec<Draw<'a>>,
        passes: Vec<Pass>,
    ) -> FrameContext<'a> {
        let (clear, clear_alpha) = match scene.background {
            Some(c) => (c, 1.0),
            None => (settings.clear_color, settings.clear_alpha),
        };
        let view3 = Mat3::from_mat4(view);
        let projection =
            camera.projection_matrix(settings.width as f32 / settings.height.max(1) as f32);
        FrameContext {
            draws,
            passes,
            lightings: Lightings::new(&scene.lights, view, assets),
            fog: scene.fog,
            textures: &assets.textures,
            shading: settings.shading,
            view_to_world: view3.inverse(),
            world_to_view: view3,
            clear: [clear.r, clear.g, clear.b, clear_alpha],
            orthographic: camera.is_orthographic(),
            height: settings.height,
            hemisphere: scene
                .lights
                .iter()
                .any(|l| matches!(l, Light::Hemisphere { .. })),
            environment: scene
                .environment
                .clone()
                .map(|e| (e, scene.environment_intensity)),
            background: scene
                .background_environment
                .clone()
                .map(|b| (b, projection)),
            width: settings.width,
            shadows: shadow::FrameShadows::default(),
            volumes: &assets.volumes,
            view_matrix: view,
            camera_position: view.inverse().w_axis.truncate(),
            scene_depth: volume_depth::SceneDepth::new(projection, camera.far),
            volume_snapshot: assets.volume_depth.as_deref(),
            projection,
            screen: assets.screen.and_then(|id| assets.textures.get(id)),
            screen_back: assets
                .screen_back
                .or(assets.screen)
                .and_then(|id| assets.textures.get(id)),
            screen_ids: [
                tsl_core::VIEWPORT_TEXTURE,
                assets.screen.unwrap_or(tsl_core::VIEWPORT_TEXTURE),
            ],
        }
    }
}
