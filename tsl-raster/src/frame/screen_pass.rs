//! The opaque pass of a frame whose draws read the screen (R-SCREEN-1, docs/requirements.md):
//! three.js's `viewportSharedTexture()` reads a copy of the framebuffer taken when the first
//! draw that reads it is drawn, after the background and the opaque draws
//! (`ViewportTextureNode.updateBefore`); a material with a backdrop node or transmission is in
//! three's transparent list, drawn after that copy and not in it.
//!
//! Here the renderer draws that opaque scene first, into a [`TransmissionTarget`] (three.js's
//! name for the target its transmission reads), then the whole frame with the target's image at
//! a texture id of its own: the programs' reserved [`VIEWPORT_TEXTURE`] word points at it.
//! Every interpreter and the native back end read a texture's id through the words, so no path
//! needs a case of its own.

use crate::assets::Assets;
use crate::error::Refusal;
use crate::output::LinearImage;
use crate::scene::{Material, Primitive, Scene};
use crate::texture::Texture;
use crate::RenderError;
use glam::Vec4;
use tsl_core::VIEWPORT_TEXTURE;

/// The opaque scene behind a frame's screen reads: its linear pixels before the output transform
/// (three.js's `transmissionRenderTarget` and the framebuffer copy of `viewportSharedTexture`).
/// [`Renderer::render`](crate::Renderer::render) makes one itself when a draw reads the screen;
/// a caller of the low-level
/// [`Renderer::render_linear_with_target`](crate::Renderer::render_linear_with_target) passes
/// one ([`Renderer::opaque_pass`](crate::Renderer::opaque_pass) draws it).
///
/// A scene with a double-sided transmissive mesh has two images, as three.js's
/// `transparentDoublePass` makes them: the opaque scene, which the back faces read, and the
/// opaque scene with those back faces drawn over it, which every front face reads.
#[derive(Clone, Debug)]
pub struct TransmissionTarget {
    /// What a front face (and a program's `viewport_texture`) reads.
    texture: Texture,
    /// What a back face reads, where it differs: the opaque scene without the back faces.
    back: Option<Texture>,
    /// The opaque scene's camera-axis distances a gated VOLUME material reads (R-VOL-5), set by
    /// [`TransmissionTarget::capture_volume_depth`] (frame/volume_depth.rs).
    pub(crate) volume_depth: Option<std::sync::Arc<[f32]>>,
}

impl TransmissionTarget {
    /// A target holding `image` and its mip chain (each level the 2×2 mean of the one above):
    /// `viewport_texture` reads it bilinearly at its full-size level, a transmissive surface
    /// at a level its roughness chooses (R-SCREEN-3); clamped at its edges, (0, 0) its top-left
    /// corner, as `screen_uv()` counts.
    pub fn new(image: &LinearImage) -> TransmissionTarget {
        let texels = image.pixels().iter().map(|&p| Vec4::from(p)).collect();
        // Invariant: a LinearImage holds width × height pixels.
        let texture = Texture::from_linear(image.width(), image.height(), texels)
            .expect("a linear image's pixels are its width times its height");
        TransmissionTarget {
            texture,
            back: None,
            volume_depth: None,
        }
    }

    /// This target (the opaque scene) for the back faces, and `image` (the opaque scene with
    /// the back faces of the double-sided transmissive meshes drawn over it) for the rest; the
    /// volume depth snapshot stays.
    pub(crate) fn with_back_faces(self, image: &LinearImage) -> TransmissionTarget {
        TransmissionTarget {
            back: Some(self.texture),
            volume_depth: self.volume_depth,
            ..TransmissionTarget::new(image)
        }
    }

    /// The width in pixels.
    pub fn width(&self) -> u32 {
        self.texture.width()
    }

    /// The height in pixels.
    pub fn height(&self) -> u32 {
        self.texture.height()
    }

    /// The linear colour at `uv` (0 to 1 from the top left), as a program's
    /// `viewport_texture(uv)` reads it.
    pub fn sample(&self, uv: glam::Vec2) -> Vec4 {
        self.texture.sample(uv)
    }
}

/// Whether `material` reads the screen: its program names [`VIEWPORT_TEXTURE`], or it is a
/// transmissive PHYSICAL material (R-SCREEN-3).
fn reads_screen(material: &Material, assets: &Assets) -> bool {
    material.is_transmissive()
        || material
            .nodes
            .and_then(|id| assets.programs.get(id))
            .is_some_and(|p| {
                // Invariant: a texture slot's word is inside the program's words (validated).
                p.texture_slots()
                    .iter()
                    .any(|t| p.words()[t.word] == VIEWPORT_TEXTURE.0)
            })
}

/// The index of the first object whose mesh's material reads the screen (a program's
/// `viewport_texture` or a transmission), if any. A point's or a line's read is opaque white
/// (R-PRIM-7): it asks for no opaque pass.
pub(crate) fn first_screen_reader(scene: &Scene, assets: &Assets) -> Option<usize> {
    scene.objects().iter().position(|o| {
        o.mesh
            .filter(|m| m.primitive == Primitive::Triangles)
            .map(|m| m.material)
            .or(o.sprite.map(|s| s.material))
            .and_then(|m| assets.materials.get(m))
            .is_some_and(|m| reads_screen(m, assets))
    })
}

/// Whether `material` is in three.js's transparent list, which its opaque pass leaves out
/// (`RenderList.push`): transparent, transmissive, or with a program's `BACKDROP_NODE`.
fn in_transparent_list(material: &Material, assets: &Assets) -> bool {
    material.transparent
        || material.is_transmissive()
        || material
            .nodes
            .and_then(|id| assets.programs.get(id))
            .is_some_and(|p| p.has_output(tsl_core::Output::Backdrop))
}

/// The scene of the opaque pass: `scene` with the meshes of every material of three.js's
/// transparent list and of every material that reads the screen taken out (their objects stay,
/// as groups, so their children are drawn). An opaque point or line stays: its screen reads are
/// opaque white (R-PRIM-7).
pub(crate) fn opaque_scene(scene: &Scene, assets: &Assets) -> Scene {
    let mut opaque = scene.clone();
    for index in 0..opaque.objects().len() {
        let id = crate::scene::ObjectId(index as u32);
        let Some(object) = opaque.object_mut(id) else {
            continue;
        };
        let out = object.mesh.is_some_and(|mesh| {
            assets.materials.get(mesh.material).is_some_and(|m| {
                in_transparent_list(m, assets)
                    || (mesh.primitive == Primitive::Triangles && reads_screen(m, assets))
            })
        });
        if out {
            object.mesh = None;
        }
        // A sprite likewise (R-SPRITE-1).
        let sprite_out = object
            .sprite
            .and_then(|s| assets.materials.get(s.material))
            .is_some_and(|m| in_transparent_list(m, assets) || reads_screen(m, assets));
        if sprite_out {
            object.sprite = None;
        }
    }
    opaque
}

/// Whether `material` is in three.js's `transparentDoublePass` list: transmissive and
/// double-sided (three's `needsDoublePass`; this port has no `forceSinglePass`).
fn needs_double_pass(material: &Material) -> bool {
    material.is_transmissive() && material.side == crate::scene::Side::Double
}

/// The scene and assets of three.js's back-face pass, when `scene` has a double-sided
/// transmissive mesh: the opaque scene with those meshes added back, each drawn by a copy of
/// its material on the back side alone. Drawn over the opaque pass's target, its image is what
/// the front faces read (three's `_renderTransparents` draws the `transparentDoublePass` list
/// with `side = BackSide` before the transparent list, whose transmission copies the
/// framebuffer then). The added meshes cast no shadow, as in the opaque pass.
pub(crate) fn back_face_pass(scene: &Scene, assets: &Assets) -> Option<(Scene, Assets)> {
    let double = |id| assets.materials.get(id).is_some_and(needs_double_pass);
    let meshes: Vec<_> = scene
        .objects()
        .iter()
        .map(|o| o.mesh.filter(|m| double(m.material)))
        .collect();
    if meshes.iter().all(Option::is_none) {
        return None;
    }
    let mut pass = opaque_scene(scene, assets);
    let mut assets = assets.clone();
    let mut backs = std::collections::HashMap::new();
    for (index, mesh) in meshes.into_iter().enumerate() {
        let Some(mut mesh) = mesh else { continue };
        mesh.material = *backs.entry(mesh.material).or_insert_with(|| {
            // Invariant: `double` found the material in the store.
            let mut back = assets
                .materials
                .get(mesh.material)
                .cloned()
                .expect("a double-pass mesh's material is in the store");
            back.side = crate::scene::Side::Back;
            assets.materials.add(back)
        });
        if let Some(object) = pass.object_mut(crate::scene::ObjectId(index as u32)) {
            object.mesh = Some(mesh);
            object.cast_shadow = false;
        }
    }
    Some((pass, assets))
}

/// `assets` with `target` at a texture id of its own and every program's [`VIEWPORT_TEXTURE`]
/// pointing at it. Refuses a target of another size than the frame's.
pub(crate) fn with_target(
    scene: &Scene,
    assets: &Assets,
    target: &TransmissionTarget,
    size: (u32, u32),
) -> Result<Assets, RenderError> {
    let given = (target.width(), target.height());
    if given != size {
        return Err(Refusal::NoTransmissionTarget {
            object: first_screen_reader(scene, assets).unwrap_or(0),
            given: Some(given),
        }
        .into());
    }
    let mut assets = assets.clone();
    let id = assets.textures.add(target.texture.clone());
    assets.screen = Some(id);
    assets.screen_back = target.back.clone().map(|t| assets.textures.add(t));
    assets.volume_depth = target.volume_depth.clone();
    let ids: Vec<_> = assets.programs.iter().map(|(id, _)| id).collect();
    for program in ids {
        if let Some(p) = assets.programs.get_mut(program) {
            // Invariant: `add` gave a texture id, never NO_TEXTURE.
            p.replace_texture(VIEWPORT_TEXTURE, id)
                .expect("a store's id is not NO_TEXTURE");
        }
    }
    Ok(assets)
}

/// Why a transmissive PHYSICAL `material` cannot be drawn (R-SCREEN-3), if it cannot: a
/// transmission, thickness, attenuation distance or dispersion that is not a number, or a
/// program's BACKDROP_NODE, which would take the diffuse light's place as the transmitted light
/// does (three.js's lighting model overwrites the one with the other).
pub(crate) fn transmission_refusal(
    material: &Material,
    assets: &Assets,
) -> Option<crate::error::MaterialRefusal> {
    use crate::error::MaterialRefusal;
    use tsl_core::Output;
    let program = material.nodes.and_then(|id| assets.programs.get(id));
    let sets = |o| program.is_some_and(|p| p.has_output(o));
    let m = material;
    if m.transmission.is_nan() || m.thickness.is_nan() || m.thickness.is_infinite() {
        return Some(MaterialRefusal::TransmissionNotFinite);
    }
    if m.attenuation_distance.is_nan() || !m.dispersion.is_finite() {
        return Some(MaterialRefusal::TransmissionNotFinite);
    }
    if sets(Output::Backdrop) {
        return Some(MaterialRefusal::TransmissionWithBackdrop);
    }
    None
}
