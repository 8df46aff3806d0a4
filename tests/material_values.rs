//! `Material::values()` for the physical extensions' accessors (R-VAL-21, docs/requirements.md):
//! what three.js r187's `MaterialNode.js` gives `materialSheen`, `materialSheenRoughness`,
//! `materialIridescenceThickness` and `materialAnisotropy` without maps, worked out by hand.

use glam::{Vec2, Vec3};
use tsl::prelude::*;
use tsl::raster::Material;

#[test]
fn the_extension_values_are_three_s_material_node_values() {
    let m = Material {
        ior: 1.8,
        specular_intensity: 0.5,
        specular_color: Color::linear(0.25, 0.5, 1.0),
        sheen: 0.5,
        sheen_color: Color::linear(1.0, 0.5, 0.25),
        sheen_roughness: 0.0,
        iridescence: 0.75,
        iridescence_ior: 1.6,
        iridescence_thickness_range: [120.0, 480.0],
        anisotropy: 0.5,
        anisotropy_rotation: std::f32::consts::FRAC_PI_2,
        dispersion: 0.2,
        ..Material::physical(Color::WHITE, 0.5, 0.0)
    };
    let v = m.values();
    assert_eq!(v.ior, 1.8);
    assert_eq!(v.specular_intensity, 0.5);
    assert_eq!(v.specular_color, Vec3::new(0.25, 0.5, 1.0));
    // sheenColor · sheen.
    assert_eq!(v.sheen, Vec3::new(0.5, 0.25, 0.125));
    // sheenRoughness clamped to 0.0001 .. 1.
    assert_eq!(v.sheen_roughness, 0.0001);
    assert_eq!(v.iridescence, 0.75);
    assert_eq!(v.iridescence_ior, 1.6);
    // Without a thickness map: the range's maximum.
    assert_eq!(v.iridescence_thickness, 480.0);
    // anisotropy · (cos, sin)(π/2) = (0, 0.5), cos(π/2) within an ulp of 0.
    assert!(
        (v.anisotropy - Vec2::new(0.0, 0.5)).abs().max_element() < 1e-7,
        "{}",
        v.anisotropy
    );
    assert_eq!(v.dispersion, 0.2);
    // A default MeshStandard: the physical defaults (ior 1.5, sheen black, roughness 1).
    let d = Material::standard(Color::WHITE, 0.5, 0.0).values();
    assert_eq!((d.ior, d.sheen, d.sheen_roughness), (1.5, Vec3::ZERO, 1.0));
}
