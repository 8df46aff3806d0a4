//! The material accessors (R-VAL-20, docs/requirements.md): three.js r187's `materialColor` and
//! the other `MaterialNode.js` values our materials have, read from the draw's header words
//! (`NodeProgram::set_material`).

use super::{NodeGraph, NodeRef};
use crate::interface::Attribute;

macro_rules! material_methods {
    ($($(#[$doc:meta])* $method:ident => $attr:ident;)*) => {
        impl NodeGraph {
            $(
                $(#[$doc])*
                pub fn $method(&self) -> NodeRef {
                    self.attribute(Attribute::$attr)
                }
            )*
        }
    };
}

material_methods! {
    /// TSL's `materialColor`: the draw's `material.color`, a linear vec3. three multiplies in
    /// the material's map; here write `material_color() * texture(map).rgb` (docs/differences.md).
    material_color => MaterialColor;
    /// TSL's `materialOpacity`: `material.opacity`, a float.
    material_opacity => MaterialOpacity;
    /// TSL's `materialEmissive`: `material.emissive * material.emissiveIntensity`, a vec3.
    material_emissive => MaterialEmissive;
    /// TSL's `materialRoughness`: `material.roughness`, a float.
    material_roughness => MaterialRoughness;
    /// TSL's `materialMetalness`: `material.metalness`, a float.
    material_metalness => MaterialMetalness;
    /// TSL's `materialSpecular`: a PHONG material's `specular` colour, a linear vec3.
    material_specular => MaterialSpecular;
    /// TSL's `materialShininess`: a PHONG material's `shininess`, a float.
    material_shininess => MaterialShininess;
    /// TSL's `materialAlphaTest`: `material.alphaTest`, a float.
    material_alpha_test => MaterialAlphaTest;
    /// TSL's `materialClearcoat`: `material.clearcoat`, a float.
    material_clearcoat => MaterialClearcoat;
    /// TSL's `materialClearcoatRoughness`: `material.clearcoatRoughness`, a float.
    material_clearcoat_roughness => MaterialClearcoatRoughness;
}
