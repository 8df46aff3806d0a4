//! Placing the frame's draws: the refusals R-MAT-2 to R-MAT-7 (docs/requirements.md) checked for
//! every visible mesh before any is drawn, each mesh placed (its vertices, the position node, the
//! set-up), and the draws and their passes in three.js's order. The CPU and the GPU renderers draw
//! the same.

use super::{Frame, Pass};
use crate::assets::Assets;
use crate::deform::deform;
use crate::error::{AssetKind, MaterialRefusal, Refusal, TextureReader};
use crate::raster::draw::{Draw, Placement};
use crate::scene::{Camera, Material, MaterialKind, Primitive, Scene, Side};
use crate::settings::{RenderSettings, Shading};
use crate::RenderError;
use rayon::prelude::*;
use std::sync::Arc;
use tsl_core::{NodeProgram, Output, TextureId, VIEWPORT_TEXTURE};

impl RenderSettings {
    /// Check every visible mesh (the refusals R-MAT-2 to R-MAT-7) and place it: the frame's draws
    /// in three.js's order (opaque front to back, then transparent back to front) and their passes
    /// (a transparent double-sided draw twice, back faces first). The GPU renderer draws the same.
    pub(crate) fn place_draws<'a>(
        &self,
        frame: &'a Frame,
        scene: &Scene,
        camera: &Camera,
        assets: &'a Assets,
    ) -> Result<(Vec<Draw<'a>>, Vec<Pass>), RenderError> {
        let size = (self.width, self.height);
        let view = frame.view;
        let aspect = self.width as f32 / self.height as f32;
        let projection = camera.projection_matrix(aspect);
        if !view.is_finite() || !projection.is_finite() {
            return Err(Refusal::CameraNotFinite.into());
        }
        let worlds = scene.world_matrices()?;

        // Check every visible mesh before drawing any.
        let mut jobs = Vec::new();
        // Each mesh's morph targets, bones and displacement map, by object (R-DEFORM-1 to 3).
        let mut deformations = vec![None; scene.objects().len()];
        for (index, object) in scene.objects().iter().enumerate() {
            // Invariant: world_matrices returns one entry per object (or refuses the scene).
            let (model, visible) = worlds[index];
            let Some(mesh) = object.mesh else { continue };
            if !visible {
                continue;
            }
            let geometry = assets
                .geometries
                .get(mesh.geometry)
                .ok_or(Refusal::MissingAsset {
                    object: index,
                    asset: AssetKind::Geometry,
                    id: mesh.geometry.0,
                })?;
            let material = assets
                .materials
                .get(mesh.material)
                .ok_or(Refusal::MissingAsset {
                    object: index,
                    asset: AssetKind::Material,
                    id: mesh.material.0,
                })?;
            let program =
                check_material(index, material, frame, assets, self.shading, mesh.primitive)?;
            // A point or a line's own refusals (R-PRIM-2).
            if let Some(refusal) = crate::scene::primitive_refusal(material, mesh.primitive) {
                return Err(Refusal::Material {
                    object: index,
                    refusal,
                }
                .into());
            }
            let with = Some((material, &assets.textures));
            deformations[index] = deform(index, object, geometry, &worlds, with)?.map(Arc::new);
            match &object.instances {
                // An instanced mesh is a draw per instance, through the instance's matrix, with
                // the instance's own program copy where the frame made one (R-INST-1).
                Some(instances) => {
                    for i in 0..instances.count() {
                        let Some((matrix, color)) = instances.get(i) else {
                            continue;
                        };
                        let program = match (program, material.nodes) {
                            (Some(_), Some(id)) => {
                                let at = frame.instance_program_index(index, i, id);
                                frame.programs.get(at).map(|p| (at, p)).or(program)
                            }
                            _ => program,
                        };
                        let instance = Instance {
                            index: i as u32,
                            matrix,
                            color,
                        };
                        jobs.push((
                            index,
                            mesh,
                            model,
                            Some(instance),
                            geometry,
                            material,
                            program,
                        ));
                    }
                }
                None => jobs.push((index, mesh, model, None, geometry, material, program)),
            }
        }

        let place = |job: usize| {
            let (index, mesh, model, instance, geometry, material, program) = jobs[job];
            // three.js's `uv()` is the geometry's uv: a map's own transform applies only where
            // the material reads its maps (`read_map`, the GPU's texture headers), so a node's
            // `uv()` and its texture gradients are the raw coordinate (R-VAL-5).
            let uv_matrix = None;
            let textured = self.shading == Shading::Texture && material.maps().next().is_some();
            let mut draw = Draw::new(
                index,
                material,
                geometry,
                mesh.render_order,
                Placement {
                    model: instance.map_or(model, |i| model * i.matrix),
                    view,
                    projection,
                    size,
                    program: program.map(|(_, p)| p),
                    program_index: program.map(|(i, _)| i),
                    uv_matrix,
                    textured,
                    primitive: mesh.primitive,
                    deformed: deformations[index].clone(),
                },
            );
            if let Some(i) = instance {
                // three.js draws an instanced mesh as one object: its instances in index order,
                // sorted among the other draws by the object's own origin.
                draw.instance = i.index;
                draw.instance_color = i.color;
                draw.sort_z = sort_z(projection * view * model.w_axis);
            }
            draw
        };
        // One mesh is placed on this thread: a parallel iterator would only hand it to a worker.
        let mut draws: Vec<Draw> = if jobs.len() > 1 {
            (0..jobs.len()).into_par_iter().map(place).collect()
        } else {
            (0..jobs.len()).map(place).collect()
        };
        // three.js's sprites (frame/sprite.rs, R-SPRITE-1).
        draws.extend(self.place_sprites(frame, scene, camera, assets, (view, projection))?);
        // A point whose size node gave a size not above zero (R-PRIM-2).
        if let Some(d) = draws.iter().find(|d| d.refusal.is_some()) {
            if let Some(refusal) = d.refusal {
                return Err(Refusal::Material {
                    object: d.object,
                    refusal,
                }
                .into());
            }
        }
        // three.js's order: opaque front to back, then its transparent list (transparent and
        // transmissive materials; volumes here too) back to front; a transparent double-sided
        // draw twice, back faces first.
        draws.sort_by(|a, b| {
            let after = a.material.drawn_after_opaques();
            after
                .cmp(&b.material.drawn_after_opaques())
                .then(a.render_order.cmp(&b.render_order))
                .then_with(|| {
                    if after {
                        b.sort_z.total_cmp(&a.sort_z)
                    } else {
                        a.sort_z.total_cmp(&b.sort_z)
                    }
                })
                .then(a.object.cmp(&b.object))
                .then(a.instance.cmp(&b.instance))
        });
        let mut passes = Vec::new();
        for (i, d) in draws.iter().enumerate() {
            let after_opaques = d.material.drawn_after_opaques();
            if d.material.transparent && d.material.side == Side::Double {
                for front in [false, true] {
                    passes.push(Pass {
                        draw: i as u32,
                        faces: Some(front),
                        after_opaques,
                    });
                }
            } else {
                passes.push(Pass {
                    draw: i as u32,
                    faces: None,
                    after_opaques,
                });
            }
        }

        Ok((draws, passes))
    }
}

/// One instance of an instanced mesh, as a draw is placed for it.
#[derive(Clone, Copy)]
struct Instance {
    index: u32,
    matrix: glam::Mat4,
    color: Option<glam::Vec3>,
}

/// The normalized device z of a clip-space point (0 where it has none), as [`Draw`] sorts by.
pub(super) fn sort_z(origin: glam::Vec4) -> f32 {
    let z = if origin.w != 0.0 {
        origin.z / origin.w
    } else {
        0.0
    };
    if z.is_finite() {
        z
    } else {
        0.0
    }
}

/// The refusals of R-MAT-2 to R-MAT-6 for one mesh; the index and the frame's copy of the
/// program it draws with.
pub(super) fn check_material<'a>(
    index: usize,
    material: &Material,
    frame: &'a Frame,
    assets: &Assets,
    shading: Shading,
    primitive: Primitive,
) -> Result<Option<(usize, &'a NodeProgram)>, RenderError> {
    for id in material.maps() {
        if !assets.textures.contains(id) {
            return Err(Refusal::MissingTexture {
                object: index,
                texture: id.0,
                reader: TextureReader::Material,
            }
            .into());
        }
    }
    let refuse = |refusal| -> Result<_, RenderError> {
        Err(Refusal::Material {
            object: index,
            refusal,
        }
        .into())
    };
    if material.wireframe && material.nodes.is_none() {
        return refuse(MaterialRefusal::Wireframe);
    }
    if material.env_map.is_some()
        && !matches!(
            material.kind,
            MaterialKind::Standard | MaterialKind::Physical
        )
    {
        return refuse(MaterialRefusal::EnvMapOnKind);
    }
    if material.kind == MaterialKind::Volume {
        if let Some(refusal) = crate::scene::volume_refusal(material) {
            return refuse(refusal);
        }
        if material
            .nodes
            .is_some_and(|id| program_sets(assets, id, Output::ReceivedShadow))
        {
            return refuse(MaterialRefusal::VolumeReceivedShadow);
        }
    }
    if let Some(refusal) = crate::scene::scene_depth_refusal(material) {
        return refuse(refusal);
    }
    // A transmissive PHYSICAL material reads the frame's opaque pass (R-SCREEN-3).
    if material.is_transmissive() {
        if let Some(refusal) = super::screen_pass::transmission_refusal(material, assets) {
            return refuse(refusal);
        }
        if shading == Shading::Texture && assets.screen.is_none() {
            return Err(Refusal::NoTransmissionTarget {
                object: index,
                given: None,
            }
            .into());
        }
    }
    let Some(id) = material.nodes else {
        return Ok(None);
    };
    match material.kind {
        MaterialKind::Normals => return refuse(MaterialRefusal::ProgramOnNormals),
        MaterialKind::Depth => return refuse(MaterialRefusal::ProgramOnDepth),
        _ => {}
    }
    if material.wireframe {
        return refuse(MaterialRefusal::ProgramOnWireframe);
    }
    if program_sets(assets, id, Output::Backdrop) && backdrop_on_scattering(material) {
        return refuse(MaterialRefusal::BackdropOnLayers);
    }
    let at = frame.program_index(index, id);
    let program = frame.programs.get(at).ok_or(Refusal::MissingAsset {
        object: index,
        asset: AssetKind::Program,
        id: id.0,
    })?;
    let volume_words = program.volume_words();
    for slot in program.texture_slots() {
        // Invariant: a texture slot's word is inside the program's words (NodeProgram::from_words and compile check each slot: TextureSlotOutsideData).
        let texture = TextureId(program.words()[slot.word]);
        if texture == VIEWPORT_TEXTURE {
            // The frame's opaque pass replaces the reserved id with its snapshot
            // (frame/screen_pass.rs); still here, no snapshot was given. The lit view reads
            // every texture as white and needs none (R-SCREEN-1), and a point or a line reads
            // the screen as white (R-PRIM-7).
            if shading == Shading::Lit || primitive != Primitive::Triangles {
                continue;
            }
            return Err(Refusal::NoTransmissionTarget {
                object: index,
                given: None,
            }
            .into());
        }
        if volume_words.contains(&slot.word) {
            // A `texture_3d` node's map names a volume (R-VAL-22).
            if !assets.volumes.contains(texture) {
                return Err(Refusal::MissingVolume {
                    object: index,
                    volume: texture.0,
                    program: id.0,
                    uniform: slot.uniform.clone(),
                }
                .into());
            }
            continue;
        }
        if !assets.textures.contains(texture) {
            return Err(Refusal::MissingTexture {
                object: index,
                texture: texture.0,
                reader: TextureReader::Program {
                    program: id.0,
                    uniform: slot.uniform.clone(),
                },
            }
            .into());
        }
    }
    Ok(Some((at, program)))
}

/// Whether program `id` of `assets` sets `output`.
fn program_sets(assets: &Assets, id: crate::store::ProgramId, output: Output) -> bool {
    assets
        .programs
        .get(id)
        .is_some_and(|p| p.has_output(output))
}

/// Whether `material` is a PHONG one with subsurface scattering (three.js's
/// `SubsurfaceScatteringShader`, a ShaderMaterial without a backdrop), where a backdrop has no
/// three.js meaning (R-SCREEN-2).
fn backdrop_on_scattering(material: &Material) -> bool {
    material.kind == MaterialKind::Phong && material.scattering.is_some()
}
