//! Placing three.js's sprites (R-SPRITE-1 to R-SPRITE-4, docs/sprites.md): each visible sprite
//! becomes a draw of three's sprite square (`Sprite.js`'s positions, uvs and two triangles)
//! through a model matrix that puts the square where `SpriteNodeMaterial.setupPositionView` puts
//! it in view space, so that both renderers draw the same triangles through the mesh's path.

use super::place::{check_material, sort_z};
use super::Frame;
use crate::assets::Assets;
use crate::error::{AssetKind, MaterialRefusal, Refusal};
use crate::geometry::Geometry;
use crate::raster::draw::{Draw, Placement};
use crate::scene::{Camera, MaterialKind, Scene, Sprite};
use crate::settings::{RenderSettings, Shading};
use crate::RenderError;
use glam::{Mat4, Vec2, Vec3};
use std::sync::LazyLock;
use tsl_core::Output;

/// three.js's sprite geometry: the unit square about the origin, uv (0, 0) at its lower left,
/// the triangles (0, 1, 2) and (0, 2, 3); no normals, as three's has none.
static SQUARE: LazyLock<Option<Geometry>> = LazyLock::new(|| {
    let corners = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)];
    Geometry::from_data(
        corners.map(|(x, y)| Vec3::new(x, y, 0.0)).to_vec(),
        None,
        Some(corners.map(|(x, y)| Vec2::new(x + 0.5, y + 0.5)).to_vec()),
        vec![[0, 1, 2], [0, 2, 3]],
    )
    .ok()
});

/// The sprite square's positions (for a program's `model_radius`).
pub(crate) fn square_positions() -> &'static [Vec3] {
    SQUARE.as_ref().map_or(&[], |g| g.positions())
}

/// The view-space placement of `sprite`'s square, as `SpriteNodeMaterial.setupPositionView`:
/// the object's origin in view space plus the corner, moved by the centre, scaled by the world
/// matrix's x and y column lengths (times the distance without size attenuation under a
/// perspective camera), then turned by the rotation.
pub(crate) fn sprite_view_matrix(
    sprite: &Sprite,
    world: Mat4,
    view: Mat4,
    orthographic: bool,
) -> Mat4 {
    let origin = (view * world).w_axis.truncate();
    let mut scale = Vec2::new(
        world.x_axis.truncate().length(),
        world.y_axis.truncate().length(),
    );
    if !orthographic && !sprite.size_attenuation {
        scale *= -origin.z;
    }
    Mat4::from_translation(origin)
        * Mat4::from_rotation_z(sprite.rotation)
        * Mat4::from_scale(scale.extend(1.0))
        * Mat4::from_translation((Vec2::splat(0.5) - sprite.center).extend(0.0))
}

impl RenderSettings {
    /// Check and place every visible sprite of `scene`: a draw each, as a mesh's, whose model
    /// matrix is the view's inverse times [`sprite_view_matrix`]. Refuses a missing material, a
    /// kind other than BASIC, a position node (R-SPRITE-3), a sprite in a shadow, and a centre
    /// or rotation that is not finite.
    pub(super) fn place_sprites<'a>(
        &self,
        frame: &'a Frame,
        scene: &Scene,
        camera: &Camera,
        assets: &'a Assets,
        (view, projection): (Mat4, Mat4),
    ) -> Result<Vec<Draw<'a>>, RenderError> {
        let worlds = scene.world_matrices()?;
        let to_world = view.inverse();
        let mut draws = Vec::new();
        for (index, object) in scene.objects().iter().enumerate() {
            let Some(sprite) = &object.sprite else {
                continue;
            };
            // Invariant: world_matrices returns one entry per object (or refuses the scene).
            let (world, visible) = worlds[index];
            if !visible {
                continue;
            }
            let refuse = |refusal| -> Result<_, RenderError> {
                Err(Refusal::Material {
                    object: index,
                    refusal,
                }
                .into())
            };
            let material = assets
                .materials
                .get(sprite.material)
                .ok_or(Refusal::MissingAsset {
                    object: index,
                    asset: AssetKind::Material,
                    id: sprite.material.0,
                })?;
            if material.kind != MaterialKind::Basic {
                return refuse(MaterialRefusal::SpriteKind);
            }
            if object.cast_shadow || object.receive_shadow {
                return refuse(MaterialRefusal::SpriteShadow);
            }
            if !(sprite.center.is_finite() && sprite.rotation.is_finite()) {
                return refuse(MaterialRefusal::SpriteNotFinite);
            }
            let program = check_material(
                index,
                material,
                frame,
                assets,
                self.shading,
                crate::scene::Primitive::Triangles,
            )?;
            if program.is_some_and(|(_, p)| p.has_output(Output::Position)) {
                return refuse(MaterialRefusal::SpritePositionNode);
            }
            let Some(square) = SQUARE.as_ref() else {
                continue;
            };
            let placed = sprite_view_matrix(sprite, world, view, camera.is_orthographic());
            let textured = self.shading == Shading::Texture && material.maps().next().is_some();
            let mut draw = Draw::new(
                index,
                material,
                square,
                sprite.render_order,
                Placement {
                    model: to_world * placed,
                    view,
                    projection,
                    size: (self.width, self.height),
                    program: program.map(|(_, p)| p),
                    program_index: program.map(|(i, _)| i),
                    uv_matrix: None,
                    textured,
                    primitive: crate::scene::Primitive::Triangles,
                    deformed: None,
                },
            );
            // three.js sorts a sprite by its object's origin, wherever its centre puts the square.
            draw.sort_z = sort_z(projection * view * world.w_axis);
            draws.push(draw);
        }
        Ok(draws)
    }
}
