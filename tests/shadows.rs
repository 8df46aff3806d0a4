//! Shadow maps on the CPU renderer (R-SHADOW-1 to R-SHADOW-4, docs/requirements.md): values worked
//! out by hand from three.js r187's rules (the shadow pass draws a FrontSide material's back faces
//! and a BackSide material's front faces, `receiveShadow`, `shadowMap.enabled`,
//! `shadow.intensity`), on a white LAMBERT floor that a light makes exactly white where it is lit
//! and black in a whole shadow (no ambient light). three.js's own renders of shadow scenes are
//! `raster_three.rs`'s shadow cases; `gpu_parity.rs` holds the GPU to these pixels.

use glam::{UVec2, Vec3};
use std::f32::consts::{FRAC_PI_2, PI, SQRT_2};
use tsl::prelude::*;
use tsl::raster::*;

const N: u32 = 16;

/// A 4 × 4 white floor seen from above (4 pixels a unit: pixel x's centre is at
/// `(x + 0.5) / 4 − 2`), a 1 × 1 square facing up at height 1 over its centre (pixels 6 to 9),
/// and `light`.
fn floor_scene(light: Light, side: Side) -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    let floor = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let white = assets.materials.add(Material::lambert(Color::WHITE));
    scene.add(
        Object::mesh(floor, white)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .shadows(false, true),
    );
    let square = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let paint = assets.materials.add(Material {
        side,
        ..Material::lambert(Color::WHITE)
    });
    scene.add(
        Object::mesh(square, paint)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .at(Vec3::new(0.0, 1.0, 0.0))
            .shadows(true, false),
    );
    scene.add_light(light);
    let camera = Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0)
        .at(Vec3::new(0.0, 10.0, 0.0))
        .looking_at(Vec3::ZERO);
    (scene, camera, assets)
}

/// A directional light from (1, 1, 0): the square's shadow falls 1 toward −x, over x from −1.5
/// to −0.5 (pixels 2 to 5). Intensity π√2 makes the lit floor (N·L = 1/√2) white.
fn sun_with(shadow: LightShadow) -> Light {
    Light::directional(Color::WHITE, PI * SQRT_2, Vec3::new(5.0, 5.0, 0.0)).with_shadow(shadow)
}

fn sun() -> Light {
    sun_with(LightShadow::directional())
}

fn render_with(
    scene: &Scene,
    camera: &Camera,
    assets: &Assets,
    filter: Option<ShadowMapType>,
) -> Image {
    let mut settings = RenderSettings::new(N, N);
    if let Some(filter) = filter {
        settings.shadow_map_enabled = true;
        settings.shadow_map_type = filter;
    }
    Renderer::new(settings)
        .render(scene, camera, assets)
        .unwrap()
}

fn render(scene: &Scene, camera: &Camera, assets: &Assets, enabled: bool) -> Image {
    render_with(scene, camera, assets, enabled.then_some(ShadowMapType::Pcf))
}

fn red(image: &Image, x: u32, y: u32) -> u8 {
    image.pixel(x, y).unwrap()[0]
}

#[test]
fn a_double_sided_caster_shades_the_floor() {
    let (scene, camera, assets) = floor_scene(sun(), Side::Double);
    let image = render(&scene, &camera, &assets, true);
    // x = −0.875, in the shadow: dark; x = −1.625, z = −1.625, outside it: white.
    assert_eq!(red(&image, 4, 8), 0);
    assert_eq!(red(&image, 1, 1), 255);
    // The square itself faces the light and receives no shadow: white.
    assert_eq!(red(&image, 8, 8), 255);
}

#[test]
fn the_shadow_pass_draws_the_material_s_other_side() {
    // FrontSide: its back faces, which face away from the light: no shadow.
    let (scene, camera, assets) = floor_scene(sun(), Side::Front);
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), 255);
    // BackSide: its front faces, toward the light: a shadow.
    let (scene, camera, assets) = floor_scene(sun(), Side::Back);
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), 0);
}

#[test]
fn no_shadow_without_the_renderer_setting_or_receive_shadow_or_the_light_s_shadow() {
    let (mut scene, camera, assets) = floor_scene(sun(), Side::Double);
    assert_eq!(red(&render(&scene, &camera, &assets, false), 4, 8), 255);
    scene.object_mut(ObjectId(0)).unwrap().receive_shadow = false;
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), 255);
    let (mut scene, camera, assets) = scene_plain();
    scene.lights[0] = Light::directional(Color::WHITE, PI * SQRT_2, Vec3::new(5.0, 5.0, 0.0));
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), 255);
    // A caster without cast_shadow casts none.
    let (mut scene, camera, assets) = scene_plain();
    scene.object_mut(ObjectId(1)).unwrap().cast_shadow = false;
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), 255);
}

fn scene_plain() -> (Scene, Camera, Assets) {
    floor_scene(sun(), Side::Double)
}

#[test]
fn the_shadow_intensity_mixes_toward_the_lit_colour() {
    let mut shadow = LightShadow::directional();
    shadow.intensity = 0.25;
    let (scene, camera, assets) = floor_scene(sun_with(shadow), Side::Double);
    // mix(1, 0, 0.25) = 0.75 of the light, sRGB-encoded.
    let srgb = 1.055 * 0.75f32.powf(1.0 / 2.4) - 0.055;
    let expected = (srgb * 255.0).round() as u8;
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), expected);
}

#[test]
fn point_and_spot_lights_cast_through_their_own_cameras() {
    // From (2, 2, 0) the square (height 1) throws its shadow twice as far: x from −3 to −1;
    // pixel 2 (x = −1.375) is in it.
    let point = Light::point(Color::WHITE, 40.0, Vec3::new(2.0, 2.0, 0.0)).casting_shadow();
    let spot = Light::spot(
        Color::WHITE,
        40.0,
        Vec3::new(2.0, 2.0, 0.0),
        Vec3::ZERO,
        1.2,
    )
    .casting_shadow();
    for light in [point, spot] {
        let (scene, camera, assets) = floor_scene(light, Side::Double);
        assert!(red(&render(&scene, &camera, &assets, false), 2, 8) > 100);
        let image = render(&scene, &camera, &assets, true);
        assert_eq!(red(&image, 2, 8), 0, "{light:?}");
        // Pixel 0 (x = −1.875) is in it too; pixel 8 on row 1 (z = −1.625) is not.
        assert_eq!(red(&image, 0, 8), 0, "{light:?}");
        assert!(red(&image, 2, 1) > 100, "{light:?}");
    }
}

#[test]
fn the_position_node_moves_the_shadow_with_the_caster() {
    let (mut scene, camera, mut assets) = floor_scene(sun(), Side::Double);
    // The square's vertices moved 1.5 along x (its local x is the world's): it covers x from 1
    // to 2, and its shadow x from 0 to 1 (pixels 8 to 11).
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.vec3(1.5, 0.0, 0.0)).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let moved = assets.materials.add(Material {
        side: Side::Double,
        ..Material::lambert(Color::WHITE).with_nodes(program)
    });
    scene
        .object_mut(ObjectId(1))
        .unwrap()
        .mesh
        .as_mut()
        .unwrap()
        .material = moved;
    let image = render(&scene, &camera, &assets, true);
    assert_eq!(red(&image, 4, 8), 255);
    assert_eq!(red(&image, 9, 8), 0);
}

#[test]
fn every_filter_agrees_far_inside_and_far_outside_the_shadow() {
    for filter in [ShadowMapType::Basic, ShadowMapType::Pcf, ShadowMapType::Vsm] {
        let (scene, camera, assets) = floor_scene(sun(), Side::Double);
        let image = render_with(&scene, &camera, &assets, Some(filter));
        assert_eq!(red(&image, 4, 8), 0, "{filter:?}");
        assert_eq!(red(&image, 1, 1), 255, "{filter:?}");
    }
}

#[test]
fn a_map_with_a_zero_side_or_over_the_limit_is_refused() {
    let mut shadow = LightShadow::directional();
    shadow.map_size = UVec2::new(0, 512);
    let (scene, camera, assets) = floor_scene(sun_with(shadow), Side::Double);
    let mut settings = RenderSettings::new(N, N);
    settings.shadow_map_enabled = true;
    assert!(Renderer::new(settings.clone())
        .render(&scene, &camera, &assets)
        .is_err());
    let mut shadow = LightShadow::directional();
    shadow.map_size = UVec2::splat(4096);
    let (scene, camera, assets) = floor_scene(sun_with(shadow), Side::Double);
    settings.limits.image_pixels = 1 << 20;
    let err = Renderer::new(settings)
        .render(&scene, &camera, &assets)
        .unwrap_err();
    assert!(err.to_string().contains("shadow map"), "{err}");
}

#[test]
fn the_shadow_outputs_are_refused_until_the_renderers_run_them() {
    for output in [RECEIVED_SHADOW_NODE, CAST_SHADOW_NODE] {
        let (mut scene, camera, mut assets) = floor_scene(sun(), Side::Double);
        let g = NodeGraph::new();
        let value = if output == CAST_SHADOW_NODE {
            g.vec4(1.0, 0.0, 0.0, 1.0)
        } else {
            g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow())
        };
        g.set_output(output, value).unwrap();
        let program = assets.programs.add(g.compile().unwrap());
        let paint = assets
            .materials
            .add(Material::lambert(Color::WHITE).with_nodes(program));
        scene
            .object_mut(ObjectId(0))
            .unwrap()
            .mesh
            .as_mut()
            .unwrap()
            .material = paint;
        let mut settings = RenderSettings::new(N, N);
        settings.shadow_map_enabled = true;
        let err = Renderer::new(settings)
            .render(&scene, &camera, &assets)
            .unwrap_err();
        assert!(err.to_string().contains(output.name()), "{err}");
    }
}
