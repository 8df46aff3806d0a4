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
/// Give [`floor_scene`]'s caster (object 1) `material`.
fn set_caster_material(scene: &mut Scene, material: MaterialId) {
    let caster = scene
        .object_mut(ObjectId(1))
        .expect("the floor scene's caster");
    caster.mesh.as_mut().expect("the caster is a mesh").material = material;
}

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
    set_caster_material(&mut scene, moved);
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

/// [`floor_scene`] under [`sun`] with the floor's material made by `material`.
fn floor_with(material: impl FnOnce(&mut Assets) -> Material) -> (Scene, Camera, Assets) {
    floor_with_light(sun(), material)
}

fn floor_with_light(
    light: Light,
    material: impl FnOnce(&mut Assets) -> Material,
) -> (Scene, Camera, Assets) {
    let (mut scene, camera, mut assets) = floor_scene(light, Side::Double);
    let m = material(&mut assets);
    let id = assets.materials.add(m);
    scene
        .object_mut(ObjectId(0))
        .unwrap()
        .mesh
        .as_mut()
        .unwrap()
        .material = id;
    (scene, camera, assets)
}

/// A program whose `RECEIVED_SHADOW_NODE` is `value` (built on the graph).
fn received(assets: &mut Assets, value: impl FnOnce(&NodeGraph) -> NodeRef) -> Material {
    let g = NodeGraph::new();
    let v = value(&g);
    g.set_output(RECEIVED_SHADOW_NODE, v).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    Material::lambert(Color::WHITE).with_nodes(program)
}

/// sRGB-encoded 8-bit value of a linear `v` in 0..1.
fn srgb8(v: f32) -> u8 {
    let s = if v <= 0.003_130_8 {
        12.92 * v
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

#[test]
fn the_received_shadow_node_turns_the_shadow_red() {
    // three's `shadow.mix(color(0xff0000), 1)` is mix(red, 1, shadow): red where the shadow is
    // whole (shadow 0), white where the floor is lit (shadow 1).
    let red_shadow = |g: &NodeGraph| g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow());
    let (scene, camera, assets) = floor_with(|a| received(a, red_shadow));
    let image = render(&scene, &camera, &assets, true);
    assert_eq!(image.pixel(4, 8).unwrap()[..3], [255, 0, 0]);
    assert_eq!(image.pixel(1, 1).unwrap()[..3], [255, 255, 255]);
    // The shadow's intensity applies before the node: shadow() = mix(1, 0, 0.25) = 0.75, so
    // mix(red, 1, 0.75) = (1, 0.75, 0.75) of the light.
    let mut shadow = LightShadow::directional();
    shadow.intensity = 0.25;
    let (scene, camera, assets) = floor_with_light(sun_with(shadow), |a| received(a, red_shadow));
    let image = render(&scene, &camera, &assets, true);
    let q = srgb8(0.75);
    assert_eq!(image.pixel(4, 8).unwrap()[..3], [255, q, q]);
}

#[test]
fn the_received_shadow_node_runs_only_for_a_light_that_shadows_the_surface() {
    // White takes the shadow away.
    let white = |g: &NodeGraph| g.vec3(1.0, 1.0, 1.0);
    let (scene, camera, assets) = floor_with(|a| received(a, white));
    assert_eq!(red(&render(&scene, &camera, &assets, true), 4, 8), 255);
    // Black everywhere, but a light without a shadow (or a renderer without shadow maps, or a
    // floor that receives none) does not run it: the floor stays lit.
    let black = |g: &NodeGraph| g.vec3(0.0, 0.0, 0.0);
    let (scene, camera, assets) = floor_with(|a| received(a, black));
    assert_eq!(red(&render(&scene, &camera, &assets, true), 1, 1), 0);
    assert_eq!(red(&render(&scene, &camera, &assets, false), 1, 1), 255);
    let (mut scene, camera, assets) = floor_with(|a| received(a, black));
    scene.object_mut(ObjectId(0)).unwrap().receive_shadow = false;
    assert_eq!(red(&render(&scene, &camera, &assets, true), 1, 1), 255);
    let plain = Light::directional(Color::WHITE, PI * SQRT_2, Vec3::new(5.0, 5.0, 0.0));
    let (scene, camera, assets) = floor_with_light(plain, |a| received(a, black));
    assert_eq!(red(&render(&scene, &camera, &assets, true), 1, 1), 255);
}

/// A function that makes a material (its textures and programs into the assets).
type MakeMaterial = dyn Fn(&mut Assets) -> Material;

#[test]
fn shadows_darken_the_full_physical_model_and_the_light_through_the_surface() {
    // No ambient light: a whole shadow leaves every direct term zero, the sheen's and the light
    // through the surface's included (three multiplies the light's colour by the shadow before
    // the lighting model sees it). The lit floor shows that each term is there.
    let sheen = |_: &mut Assets| Material {
        sheen: 1.0,
        ..Material::physical(Color::WHITE, 0.5, 0.0)
    };
    let scattering = |_: &mut Assets| {
        let mut m = Material::phong(Color::BLACK);
        m.set_scattering(Scattering {
            ambient: 1.0,
            ..Scattering::default()
        })
        .unwrap();
        m
    };
    let sss = |a: &mut Assets| {
        let g = NodeGraph::new();
        g.set_output(THICKNESS_COLOR_NODE, g.vec3(1.0, 1.0, 1.0))
            .unwrap();
        g.set_output(THICKNESS_AMBIENT_NODE, g.float(1.0)).unwrap();
        let program = a.programs.add(g.compile().unwrap());
        Material::physical(Color::BLACK, 0.5, 0.0).with_nodes(program)
    };
    let cases: [(&str, &MakeMaterial); 3] = [
        ("sheen", &sheen),
        ("scattering", &scattering),
        ("sss", &sss),
    ];
    for (name, material) in cases {
        let (scene, camera, assets) = floor_with(material);
        let image = render(&scene, &camera, &assets, true);
        assert_eq!(image.pixel(4, 8).unwrap()[..3], [0, 0, 0], "{name}");
        assert!(red(&image, 1, 1) > 0, "{name}");
    }
}

/// [`floor_scene`] with the square's material given `CAST_SHADOW_NODE` = `rgba`, rendered with
/// `transmitted` maps.
fn cast_through(rgba: [f32; 4], transmitted: bool) -> Image {
    let (mut scene, camera, mut assets) = floor_scene(sun(), Side::Double);
    let g = NodeGraph::new();
    g.set_output(CAST_SHADOW_NODE, g.vec4(rgba[0], rgba[1], rgba[2], rgba[3]))
        .unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let paint = assets.materials.add(Material {
        side: Side::Double,
        ..Material::lambert(Color::WHITE).with_nodes(program)
    });
    set_caster_material(&mut scene, paint);
    let mut settings = RenderSettings::new(N, N);
    settings.shadow_map_enabled = true;
    settings.shadow_map_transmitted = transmitted;
    Renderer::new(settings)
        .render(&scene, &camera, &assets)
        .unwrap()
}

#[test]
fn a_transmitted_map_lets_the_caster_s_colour_through() {
    // mix(1, mix(colour, 1, 0), 1 · alpha) in a whole shadow: an opaque red caster lets red
    // through, a half-clear black one half the light, a clear one all of it.
    assert_eq!(
        cast_through([1.0, 0.0, 0.0, 1.0], true)
            .pixel(4, 8)
            .unwrap()[..3],
        [255, 0, 0]
    );
    let half = srgb8(0.5);
    assert_eq!(
        cast_through([0.0, 0.0, 0.0, 0.5], true)
            .pixel(4, 8)
            .unwrap()[..3],
        [half, half, half]
    );
    assert_eq!(red(&cast_through([0.0, 0.0, 0.0, 0.0], true), 4, 8), 255);
    // Lit floor stays lit; without transmitted maps the node is ignored (three.js warns).
    assert_eq!(red(&cast_through([1.0, 0.0, 0.0, 1.0], true), 1, 1), 255);
    assert_eq!(red(&cast_through([1.0, 0.0, 0.0, 1.0], false), 4, 8), 0);
}

#[test]
fn a_cast_shadow_node_that_reads_an_attribute_is_refused() {
    let (mut scene, camera, mut assets) = floor_scene(sun(), Side::Double);
    let g = NodeGraph::new();
    let uv = g.uv();
    g.set_output(
        CAST_SHADOW_NODE,
        g.join(&[g.swizzle(uv, "x"), g.float(0.0), g.float(0.0), g.float(1.0)]),
    )
    .unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let paint = assets
        .materials
        .add(Material::lambert(Color::WHITE).with_nodes(program));
    set_caster_material(&mut scene, paint);
    let mut settings = RenderSettings::new(N, N);
    settings.shadow_map_enabled = true;
    settings.shadow_map_transmitted = true;
    let err = Renderer::new(settings)
        .render(&scene, &camera, &assets)
        .unwrap_err();
    assert!(err.to_string().contains(CAST_SHADOW_NODE.name()), "{err}");
}

#[test]
fn shadow_side_chooses_the_faces_the_shadow_pass_draws() {
    // A FrontSide square draws its back faces (away from the light): no shadow; with
    // shadowSide FrontSide or DoubleSide it draws the faces toward the light: a shadow.
    for (shadow_side, expected) in [
        (None, 255),
        (Some(Side::Front), 0),
        (Some(Side::Double), 0),
        (Some(Side::Back), 255),
    ] {
        let (mut scene, camera, mut assets) = floor_scene(sun(), Side::Front);
        let paint = assets.materials.add(Material {
            shadow_side,
            ..Material::lambert(Color::WHITE)
        });
        set_caster_material(&mut scene, paint);
        let image = render(&scene, &camera, &assets, true);
        assert_eq!(red(&image, 4, 8), expected, "{shadow_side:?}");
    }
}
