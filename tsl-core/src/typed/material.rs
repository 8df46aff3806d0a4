//! The material accessors, typed (R-VAL-20, docs/requirements.md): the builder's methods of
//! `graph/material.rs` with their types.

use super::node::Node;
use super::scope::current;
use super::types::{Float, Vec2, Vec3};

macro_rules! values {
    ($($(#[$doc:meta])* $name:ident -> $ty:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name() -> Node<$ty> {
            Node::wrap(current().$name())
        }
    )*};
}

values! {
    /// TSL's `materialColor`: the draw's `material.color` (linear), without its map.
    material_color -> Vec3;
    /// TSL's `materialOpacity`: `material.opacity`.
    material_opacity -> Float;
    /// TSL's `materialEmissive`: `emissive * emissiveIntensity`.
    material_emissive -> Vec3;
    /// TSL's `materialRoughness`.
    material_roughness -> Float;
    /// TSL's `materialMetalness`.
    material_metalness -> Float;
    /// TSL's `materialSpecular`: a PHONG material's specular colour (linear).
    material_specular -> Vec3;
    /// TSL's `materialShininess`: a PHONG material's shininess.
    material_shininess -> Float;
    /// TSL's `materialAlphaTest`.
    material_alpha_test -> Float;
    /// TSL's `materialClearcoat`.
    material_clearcoat -> Float;
    /// TSL's `materialClearcoatRoughness`.
    material_clearcoat_roughness -> Float;
    /// TSL's `materialIOR`: `material.ior`.
    material_ior -> Float;
    /// TSL's `materialSpecularIntensity`: `material.specularIntensity` (without its map).
    material_specular_intensity -> Float;
    /// TSL's `materialSpecularColor`: `material.specularColor` (linear, without its map).
    material_specular_color -> Vec3;
    /// TSL's `materialSheen`: `material.sheenColor * material.sheen` (linear, without the sheen colour map).
    material_sheen -> Vec3;
    /// TSL's `materialSheenRoughness`: `material.sheenRoughness` clamped to 0.0001..1 (without its map).
    material_sheen_roughness -> Float;
    /// TSL's `materialIridescence`: `material.iridescence`.
    material_iridescence -> Float;
    /// TSL's `materialIridescenceIOR`: `material.iridescenceIOR`.
    material_iridescence_ior -> Float;
    /// TSL's `materialIridescenceThickness`: the maximum of `material.iridescenceThicknessRange` (without the thickness map).
    material_iridescence_thickness -> Float;
    /// TSL's `materialAnisotropy`: `anisotropy · (cos, sin)(anisotropyRotation)` (without the anisotropy map).
    material_anisotropy -> Vec2;
    /// TSL's `materialDispersion`: `material.dispersion`.
    material_dispersion -> Float;
}

/// TSL's `materialNormal`: the view-space normal after the material's normal or bump map
/// ([`normal_view`](super::prelude::normal_view) here).
pub fn material_normal() -> Node<Vec3> {
    Node::wrap(current().material_normal())
}

/// TSL's `materialClearcoatNormal`: `normalView`, as three gives it without a clearcoat normal
/// map.
pub fn material_clearcoat_normal() -> Node<Vec3> {
    Node::wrap(current().material_clearcoat_normal())
}

/// TSL's `materialSpecularStrength`: 1, as three gives it without a specular map.
pub fn material_specular_strength() -> Node<Float> {
    Node::wrap(current().material_specular_strength())
}
