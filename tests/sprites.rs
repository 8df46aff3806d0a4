//! Sprites (R-SPRITE-1 to R-SPRITE-4, docs/sprites.md): the size without attenuation, worked by
//! hand, and the refusals. tests/raster_three.rs holds sprites to three.js's render.

use glam::{Vec2, Vec3};
use tsl::prelude::*;
use tsl::raster::*;

/// The pixels of a 64×64 render (90° field of view, camera at the origin looking down −z, black
/// background) that are white: the sprite's.
fn white_pixels(scene: &Scene, assets: &Assets) -> usize {
    let renderer = Renderer::new(RenderSettings::new(64, 64));
    let camera = Camera::perspective(90.0, 0.1, 100.0);
    let image = renderer.render(scene, &camera, assets).unwrap();
    (0..64)
        .flat_map(|y| (0..64).map(move |x| (x, y)))
        .filter(|&(x, y)| image.pixel(x, y).unwrap()[..3] == [255, 255, 255])
        .count()
}

/// One white opaque sprite of scale `scale` at distance `distance`.
fn one_sprite(distance: f32, scale: f32, attenuated: bool) -> (Scene, Assets) {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    let paint = assets.materials.add(Material {
        transparent: false,
        ..Material::sprite(Color::WHITE)
    });
    let mut sprite = Object::sprite(paint)
        .at(Vec3::new(0.0, 0.0, -distance))
        .scaled(Vec3::new(scale, scale, 1.0));
    if let Some(s) = sprite.sprite.as_mut() {
        s.size_attenuation = attenuated;
    }
    scene.add(sprite);
    (scene, assets)
}

/// R-SPRITE-2: with a 90° field of view on 64 pixels, a view unit at distance one is 32 pixels,
/// so a sprite of scale 0.5 without size attenuation is 16 pixels square at any distance
/// (its edges fall on pixel edges: 256 pixels); with attenuation, at distance 2, 8 pixels square.
#[test]
fn without_size_attenuation_a_sprite_keeps_its_size_on_screen() {
    for distance in [2.0, 5.0] {
        let (scene, assets) = one_sprite(distance, 0.5, false);
        assert_eq!(white_pixels(&scene, &assets), 256, "distance {distance}");
    }
    let (scene, assets) = one_sprite(2.0, 0.5, true);
    assert_eq!(white_pixels(&scene, &assets), 64);
}

/// R-SPRITE-1: the centre (0, 0) puts the square's lower left corner at the object's origin:
/// the square covers the upper right quarter's 16×16 pixels beside the image's centre.
#[test]
fn the_centre_moves_the_square_about_the_origin() {
    let (mut scene, assets) = one_sprite(2.0, 1.0, true);
    scene
        .object_mut(ObjectId(0))
        .unwrap()
        .sprite
        .as_mut()
        .unwrap()
        .center = Vec2::ZERO;
    let renderer = Renderer::new(RenderSettings::new(64, 64));
    let camera = Camera::perspective(90.0, 0.1, 100.0);
    let image = renderer.render(&scene, &camera, &assets).unwrap();
    let white = |x, y| image.pixel(x, y).unwrap()[..3] == [255, 255, 255];
    // Image rows count down: the upper right quarter is x 32..48, y 16..32.
    assert!(white(32, 31) && white(47, 16));
    assert!(!white(31, 31) && !white(32, 32) && !white(48, 16) && !white(47, 15));
    assert_eq!(white_pixels(&scene, &assets), 256);
}

/// R-SPRITE-3, R-SPRITE-4: the refusals, each naming the object.
#[test]
fn a_sprite_refuses_a_position_node_another_kind_and_bad_numbers() {
    let render = |scene: &Scene, assets: &Assets| {
        let renderer = Renderer::new(RenderSettings::new(8, 8));
        let camera = Camera::perspective(90.0, 0.1, 100.0);
        renderer
            .render(scene, &camera, assets)
            .unwrap_err()
            .to_string()
    };
    // A position node.
    let (mut scene, mut assets) = one_sprite(2.0, 1.0, true);
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.vec3(0.0, 1.0, 0.0)).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let paint = assets
        .materials
        .add(Material::sprite(Color::WHITE).with_nodes(program));
    scene.add(Object::sprite(paint));
    let message = render(&scene, &assets);
    assert!(
        message.contains("object 1") && message.contains("POSITION_NODE"),
        "{message}"
    );
    // A lit material.
    let (mut scene, mut assets) = one_sprite(2.0, 1.0, true);
    let paint = assets.materials.add(Material::lambert(Color::WHITE));
    scene.add(Object::sprite(paint));
    let message = render(&scene, &assets);
    assert!(
        message.contains("object 1") && message.contains("BASIC"),
        "{message}"
    );
    // A centre that is not finite, a rotation that is not finite.
    for (center, rotation) in [
        (Vec2::new(f32::NAN, 0.5), 0.0),
        (Vec2::splat(0.5), f32::INFINITY),
    ] {
        let (mut scene, assets) = one_sprite(2.0, 1.0, true);
        let s = scene
            .object_mut(ObjectId(0))
            .unwrap()
            .sprite
            .as_mut()
            .unwrap();
        s.center = center;
        s.rotation = rotation;
        let message = render(&scene, &assets);
        assert!(message.contains("finite"), "{message}");
    }
    // Shadows.
    let (mut scene, assets) = one_sprite(2.0, 1.0, true);
    scene.object_mut(ObjectId(0)).unwrap().cast_shadow = true;
    let message = render(&scene, &assets);
    assert!(message.contains("shadows"), "{message}");
    // A missing material.
    let (mut scene, assets) = one_sprite(2.0, 1.0, true);
    scene.add(Object::sprite(MaterialId(99)));
    let message = render(&scene, &assets);
    assert!(message.contains("object 1"), "{message}");
}
