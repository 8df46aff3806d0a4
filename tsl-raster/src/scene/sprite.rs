//! three.js's `Sprite` with a `SpriteNodeMaterial` (R-SPRITE-1 to R-SPRITE-4, docs/sprites.md):
//! a unit square that always faces the camera, drawn with a BASIC material, its size from the
//! object's scale.

use super::{Material, MaterialKind, Object, Transform};
use crate::store::MaterialId;
use glam::Vec2;
use tsl_core::Color;

/// What a sprite draws: its material and three.js's `Sprite.center`, `SpriteMaterial.rotation`
/// and `SpriteMaterial.sizeAttenuation` (kept here, as the material is shared with meshes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprite {
    /// The material: BASIC, as three.js's SpriteNodeMaterial is unlit ([`Material::sprite`]
    /// makes three's default, transparent).
    pub material: MaterialId,
    /// `Sprite.center`: the point of the square at the object's position, (0, 0) its lower left
    /// corner and (1, 1) its upper right; (0.5, 0.5) by default.
    pub center: Vec2,
    /// `SpriteMaterial.rotation`: the square's turn about the view direction in radians,
    /// counter-clockwise on screen; 0 by default.
    pub rotation: f32,
    /// `SpriteMaterial.sizeAttenuation`: whether a perspective camera's distance shrinks the
    /// sprite (true by default); without it the square is `scale` tall in view units at distance
    /// one, whatever its distance (three's `scale · −mvPosition.z`).
    pub size_attenuation: bool,
    /// three.js's `renderOrder`: lower draws first within the opaque and the transparent lists.
    pub render_order: i32,
}

impl Sprite {
    /// A sprite of `material` with three.js's defaults: centred, unturned, size attenuated.
    pub fn new(material: MaterialId) -> Sprite {
        Sprite {
            material,
            center: Vec2::splat(0.5),
            rotation: 0.0,
            size_attenuation: true,
            render_order: 0,
        }
    }
}

impl Object {
    /// three.js's `new Sprite(material)` at the origin: a unit square facing the camera, scaled
    /// by the object's scale (R-SPRITE-1).
    ///
    /// ```
    /// use tsl_raster::{Material, Object, Assets};
    /// use tsl_core::Color;
    /// let mut assets = Assets::new();
    /// let paint = assets.materials.add(Material::sprite(Color::WHITE));
    /// let sprite = Object::sprite(paint);
    /// assert_eq!(sprite.sprite.unwrap().center.x, 0.5);
    /// assert!(sprite.mesh.is_none());
    /// ```
    pub fn sprite(material: MaterialId) -> Object {
        Object {
            transform: Transform::default(),
            sprite: Some(Sprite::new(material)),
            ..Object::group()
        }
    }
}

impl Material {
    /// `SpriteNodeMaterial({ color })`: a BASIC material, transparent as three's constructor
    /// makes it, with fog (R-SPRITE-1).
    pub fn sprite(color: Color) -> Material {
        Material {
            transparent: true,
            ..Material::new(MaterialKind::Basic, color)
        }
    }
}
