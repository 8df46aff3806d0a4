//! Light masks (R-MASK-1 to R-MASK-4, docs/requirements.md): `lights_of`, `ALL_LIGHTS`, a
//! material's lights, `light_masks`, and the CPU renderer lighting each material by its mask's
//! lights alone (the GPU is held to the CPU by tests/gpu_parity.rs's light-mask scene, and both to
//! three.js's `lightsNode` by the `light_mask` case of tests/raster_three.rs and gpu_three.rs).
//!
//! The expected colours are worked by hand: a LAMBERT surface with colour 1 facing a directional
//! light of intensity I head-on reflects I/π (BRDF_Lambert); under an ambient light of intensity
//! I it reflects I/π too (irradiance · colour/π). A reflected 1 is sRGB 255, 0.5 is sRGB 188.

use glam::Vec3;
use std::f32::consts::PI;
use tsl_core::{Color, NodeGraph, EMISSIVE_NODE};
use tsl_raster::*;

/// A white LAMBERT plane facing an orthographic camera, with `material`'s mask, under `lights`;
/// the centre pixel.
fn centre(lights: &[Light], mask: LightMask, nodes: Option<ProgramId>, assets: Assets) -> [u8; 4] {
    let mut assets = assets;
    let material = Material {
        lights: mask,
        nodes,
        ..Material::lambert(Color::WHITE)
    };
    let paint = assets.materials.add(material);
    let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, paint));
    for &light in lights {
        scene.add_light(light);
    }
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    let image = Renderer::new(RenderSettings::new(4, 4))
        .render(&scene, &camera, &assets)
        .unwrap();
    image.pixel(2, 2).unwrap()
}

/// Three lights: an ambient light of intensity π/2 (reflects 0.5), a directional light of
/// intensity π/2 head-on (0.5), and a directional light from behind the plane (nothing).
fn three_lights() -> [Light; 3] {
    [
        Light::ambient(Color::WHITE, PI / 2.0),
        Light::directional(Color::WHITE, PI / 2.0, Vec3::Z),
        Light::directional(Color::WHITE, 100.0, -Vec3::Z),
    ]
}

#[test]
fn lights_of_sets_the_bits_of_its_places_and_refuses_64_and_above() {
    assert_eq!(lights_of(&[0, 2]).unwrap(), LightMask(0b101));
    assert_eq!(lights_of(&[63]).unwrap(), LightMask(1 << 63));
    assert_eq!(lights_of(&[]).unwrap(), LightMask(0));
    let refused = lights_of(&[1, 64]).unwrap_err();
    assert_eq!(refused, LightMaskError { index: 64 });
    assert!(refused.to_string().contains("first 64 lights"), "{refused}");
    assert!(lights_of(&[usize::MAX]).is_err());
}

#[test]
fn every_material_takes_every_light_by_default() {
    assert_eq!(Material::lambert(Color::WHITE).lights, ALL_LIGHTS);
    assert_eq!(LightMask::default(), ALL_LIGHTS);
    // Both white halves: 0.5 + 0.5 = 1 (sRGB 255).
    let all = centre(&three_lights(), ALL_LIGHTS, None, Assets::new());
    assert_eq!(all, [255, 255, 255, 255]);
}

#[test]
fn a_mask_lights_the_material_with_its_lights_alone_the_ambient_too() {
    // The ambient light alone, the head-on light alone: 0.5 each (sRGB 188).
    assert_eq!(
        centre(
            &three_lights(),
            lights_of(&[0]).unwrap(),
            None,
            Assets::new()
        ),
        [188, 188, 188, 255]
    );
    assert_eq!(
        centre(
            &three_lights(),
            lights_of(&[1]).unwrap(),
            None,
            Assets::new()
        ),
        [188, 188, 188, 255]
    );
    // The light from behind alone, no light, and a place with no light: black.
    for mask in [lights_of(&[2]), lights_of(&[]), lights_of(&[7])] {
        assert_eq!(
            centre(&three_lights(), mask.unwrap(), None, Assets::new()),
            [0, 0, 0, 255]
        );
    }
}

#[test]
fn a_mask_works_with_a_node_program() {
    // An emissive node of 0.5 adds to the masked light: 0.5 (the ambient) + 0.5 = 1.
    let mut assets = Assets::new();
    let g = NodeGraph::new();
    g.set_output(EMISSIVE_NODE, g.vec3(0.5, 0.5, 0.5)).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let lit = centre(
        &three_lights(),
        lights_of(&[0]).unwrap(),
        Some(program),
        assets.clone(),
    );
    assert_eq!(lit, [255, 255, 255, 255]);
    let unlit = centre(
        &three_lights(),
        lights_of(&[]).unwrap(),
        Some(program),
        assets,
    );
    assert_eq!(unlit, [188, 188, 188, 255]);
}

#[test]
fn all_lights_names_the_lights_past_the_64th_and_a_mask_does_not() {
    // 69 lights that give nothing, then a head-on light of intensity π (reflects 1).
    let mut lights = vec![Light::ambient(Color::BLACK, 0.0); 69];
    lights.push(Light::directional(Color::WHITE, PI, Vec3::Z));
    assert_eq!(
        centre(&lights, ALL_LIGHTS, None, Assets::new()),
        [255, 255, 255, 255]
    );
    assert_eq!(
        centre(&lights, lights_of(&[0, 1, 2]).unwrap(), None, Assets::new()),
        [0, 0, 0, 255]
    );
}

#[test]
fn light_masks_lists_all_lights_first_then_each_mask_once_in_the_materials_order() {
    let mut assets = Assets::new();
    let a = lights_of(&[3]).unwrap();
    let b = lights_of(&[0, 1]).unwrap();
    for mask in [b, ALL_LIGHTS, a, b] {
        assets.materials.add(Material {
            lights: mask,
            ..Material::phong(Color::WHITE)
        });
    }
    assert_eq!(light_masks(&assets), vec![ALL_LIGHTS, b, a]);
    assert_eq!(light_masks(&Assets::new()), vec![ALL_LIGHTS]);
}
