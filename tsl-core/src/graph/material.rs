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
    /// TSL's `materialIOR`: `material.ior`, a float.
    material_ior => MaterialIor;
    /// TSL's `materialSpecularIntensity`: `material.specularIntensity` (without its map), a float.
    material_specular_intensity => MaterialSpecularIntensity;
    /// TSL's `materialSpecularColor`: `material.specularColor` (linear, without its map), a vec3.
    material_specular_color => MaterialSpecularColor;
    /// TSL's `materialSheen`: `material.sheenColor * material.sheen` (linear, without the sheen colour map), a vec3.
    material_sheen => MaterialSheen;
    /// TSL's `materialSheenRoughness`: `material.sheenRoughness` clamped to 0.0001..1 (without its map), a float.
    material_sheen_roughness => MaterialSheenRoughness;
    /// TSL's `materialIridescence`: `material.iridescence`, a float.
    material_iridescence => MaterialIridescence;
    /// TSL's `materialIridescenceIOR`: `material.iridescenceIOR`, a float.
    material_iridescence_ior => MaterialIridescenceIor;
    /// TSL's `materialIridescenceThickness`: the maximum of `material.iridescenceThicknessRange` (without the thickness map), a float.
    material_iridescence_thickness => MaterialIridescenceThickness;
    /// TSL's `materialAnisotropy`: `anisotropy · (cos, sin)(anisotropyRotation)` (without the anisotropy map), a vec2.
    material_anisotropy => MaterialAnisotropy;
    /// TSL's `materialDispersion`: `material.dispersion`, a float.
    material_dispersion => MaterialDispersion;
}

impl NodeGraph {
    /// TSL's `materialNormal`: the view-space normal after the material's normal or bump map,
    /// which is [`NodeGraph::normal_view`] here (the renderer applies the maps to it), as three
    /// gives `normalView` for a material without either.
    pub fn material_normal(&self) -> NodeRef {
        self.normal_view()
    }

    /// TSL's `materialClearcoatNormal` for a material without a clearcoat normal map: three's
    /// `normalView`. A PHYSICAL material's `clearcoat_normal_map` bends the clearcoat's normal in
    /// the renderer's lighting, but this accessor does not read it (a graph sees `normalView`).
    pub fn material_clearcoat_normal(&self) -> NodeRef {
        self.normal_view()
    }

    /// TSL's `materialSpecularStrength`: the specular map's red channel, or 1 without one, as
    /// three gives it; our materials have no specular map, so 1.
    pub fn material_specular_strength(&self) -> NodeRef {
        self.float(1.0)
    }
}
