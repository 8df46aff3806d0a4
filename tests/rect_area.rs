//! Rect area lights (R-RECT-1 to R-RECT-3, docs/requirements.md) on the CPU renderer: what three.js
//! r187's lighting models do with them, worked from its source (only `PhysicalLightingModel` has a
//! `directRectArea`; `LTC_Evaluate` is zero behind the light's plane; the light shines toward its
//! local −z after `lookAt`). The colours themselves are held to three.js by the `rect_area` case
//! of tests/raster_three.rs (and the GPU by gpu_three.rs and gpu_parity.rs).

use glam::Vec3;
use tsl_core::Color;
use tsl_raster::*;

/// A plane facing +z through the origin with `material`, seen head-on by an orthographic camera,
/// under `lights`; the linear colour of the centre pixel.
fn centre(material: Material, lights: &[Light]) -> [f32; 4] {
    centre_from(Vec3::new(0.0, 0.0, 3.0), material, lights)
}

/// The same, the orthographic camera at `eye` looking at the origin.
fn centre_from(eye: Vec3, material: Material, lights: &[Light]) -> [f32; 4] {
    let mut assets = Assets::new();
    let paint = assets.materials.add(material);
    let plane = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, paint));
    for &light in lights {
        scene.add_light(light);
    }
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0)
        .at(eye)
        .looking_at(Vec3::ZERO);
    // 5 × 5: the centre pixel's centre is the origin.
    let image = Renderer::new(RenderSettings::new(5, 5))
        .render_linear(&scene, &camera, &assets)
        .unwrap();
    image.pixel(2, 2).unwrap()
}

/// A 2 × 2 light one unit in front of the plane, facing it.
fn facing(intensity: f32) -> Light {
    Light::rect_area(Color::WHITE, intensity, 2.0, 2.0, Vec3::Z, Vec3::ZERO)
}

#[test]
fn the_diffuse_share_is_the_rectangle_s_form_factor() {
    // With metalness 0 the specular lobe (F0 0.04) does not depend on the colour, so a white
    // surface minus a black one is the diffuse share alone: the light's colour times the
    // polygon's form factor (the identity transform). For a 2 × 2 light one unit above a point,
    // each edge subtends acos(1/3) (its corners (±1, ±1, 1)/√3 have dot 1/3) and its plane's unit
    // normal has z 1/√2: F = 4 · acos(1/3) / √2 / 2π. three's rational fit of θ / sin θ is good to
    // about 1e-3 relative. Seen head-on (the view along the normal) and from an angle (the diffuse
    // share does not depend on the view).
    let exact = 4.0 * (1.0f32 / 3.0).acos() / 2.0f32.sqrt() / (2.0 * std::f32::consts::PI);
    for eye in [Vec3::new(0.0, 0.0, 3.0), Vec3::new(0.0, 1.5, 2.5)] {
        let white = centre_from(
            eye,
            Material::standard(Color::WHITE, 0.5, 0.0),
            &[facing(1.0)],
        );
        let black = centre_from(
            eye,
            Material::standard(Color::BLACK, 0.5, 0.0),
            &[facing(1.0)],
        );
        for k in 0..3 {
            let diffuse = white[k] - black[k];
            assert!(
                (diffuse - exact).abs() < 2e-3 * exact,
                "{eye}: {diffuse} against {exact}"
            );
        }
    }
}

#[test]
fn standard_and_physical_receive_a_rect_light() {
    for material in [
        Material::standard(Color::WHITE, 0.5, 0.0),
        Material::physical(Color::WHITE, 0.5, 0.0),
    ] {
        let lit = centre(material.clone(), &[facing(2.0)]);
        assert!(lit[0] > 0.05, "{:?} {lit:?}", material.kind);
        // The light adds linearly: twice the intensity, twice the light.
        let twice = centre(material, &[facing(4.0)]);
        for k in 0..3 {
            assert!(
                (twice[k] - 2.0 * lit[k]).abs() <= 1e-5 * twice[k],
                "{twice:?} {lit:?}"
            );
        }
    }
}

#[test]
fn lambert_phong_and_basic_ignore_a_rect_light_as_three_s_models_do() {
    // three.js's LightingModel.directRectArea is empty; only the physical model fills it. BASIC
    // is unlit: its colour whatever the light.
    for material in [
        Material::lambert(Color::WHITE),
        Material::phong(Color::WHITE),
    ] {
        assert_eq!(centre(material, &[facing(10.0)]), [0.0, 0.0, 0.0, 1.0]);
    }
    assert_eq!(
        centre(Material::basic(Color::WHITE), &[facing(10.0)]),
        [1.0, 1.0, 1.0, 1.0]
    );
}

#[test]
fn a_rect_light_shines_toward_its_target_and_not_behind_it() {
    let standard = Material::standard(Color::WHITE, 0.5, 0.0);
    // The same light turned away from the plane (looking at +z from z = 1): the plane is behind
    // it, where LTC_Evaluate gives zero.
    let away = Light::rect_area(
        Color::WHITE,
        10.0,
        2.0,
        2.0,
        Vec3::Z,
        Vec3::new(0.0, 0.0, 2.0),
    );
    assert_eq!(centre(standard.clone(), &[away]), [0.0, 0.0, 0.0, 1.0]);
    // Behind the plane, facing it from below: the surface faces away (the horizon clip).
    let below = Light::rect_area(Color::WHITE, 10.0, 2.0, 2.0, -Vec3::Z, Vec3::ZERO);
    assert_eq!(centre(standard, &[below]), [0.0, 0.0, 0.0, 1.0]);
}

#[test]
fn a_light_mask_can_leave_a_rect_light_out() {
    let masked = Material {
        lights: lights_of(&[1]).unwrap(),
        ..Material::standard(Color::WHITE, 0.5, 0.0)
    };
    let ambient = Light::ambient(Color::WHITE, 0.0);
    assert_eq!(
        centre(masked, &[facing(10.0), ambient]),
        [0.0, 0.0, 0.0, 1.0]
    );
}

#[test]
fn a_degenerate_rect_light_draws_nothing_and_a_non_finite_one_does_not_panic() {
    let standard = Material::standard(Color::WHITE, 0.5, 0.0);
    // No area: every edge's cross product is zero, so the form factor is zero.
    let flat = Light::rect_area(Color::WHITE, 10.0, 0.0, 0.0, Vec3::Z, Vec3::ZERO);
    assert_eq!(centre(standard.clone(), &[flat]), [0.0, 0.0, 0.0, 1.0]);
    // A light at its own target, NaN and infinite sizes and intensities: drawn, no panic.
    for light in [
        Light::rect_area(Color::WHITE, 1.0, 2.0, 2.0, Vec3::ZERO, Vec3::ZERO),
        Light::rect_area(Color::WHITE, f32::NAN, 2.0, 2.0, Vec3::Z, Vec3::ZERO),
        Light::rect_area(Color::WHITE, 1.0, f32::INFINITY, 2.0, Vec3::Z, Vec3::ZERO),
        Light::rect_area(
            Color::WHITE,
            1.0,
            2.0,
            2.0,
            Vec3::splat(f32::NAN),
            Vec3::ZERO,
        ),
    ] {
        let pixel = centre(standard.clone(), &[light]);
        assert_eq!(pixel[3], 1.0);
    }
}
