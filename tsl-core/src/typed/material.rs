//! The material accessors, typed (R-VAL-20, docs/requirements.md): the builder's methods of
//! `graph/material.rs` with their types.

use super::node::Node;
use super::scope::current;
use super::types::{Float, Vec3};

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
}
