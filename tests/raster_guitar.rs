//! The guitar lesson (R-EX-7, docs/requirements.md), checked: at a quarter period the middle of the
//! string is 0.2 above rest at harmonic 1 and at rest at harmonic 2 (a node), and the pixels the
//! lesson samples show the string's cream where it moved and the wood where it left.

#[path = "../examples/shared/guitar_scene.rs"]
mod guitar_scene;

use guitar_scene::*;
use std::f32::consts::FRAC_PI_2;
use tsl::prelude::*;
use tsl::raster::{RenderSettings, Renderer};

const CREAM: [u8; 3] = [0xf2, 0xef, 0xe6];

#[test]
fn the_middle_of_the_string_lifts_by_the_amplitude_at_the_fundamental_only() {
    let mut string = string_program(1.0).unwrap();
    string.set_uniform("phase", FRAC_PI_2).unwrap();
    assert!((offset_at_middle(&string) - 0.2).abs() < 1e-6);
    string.set_uniform("harmonic", 2.0f32).unwrap();
    assert!(offset_at_middle(&string).abs() < 1e-6);
    string.set_uniform("phase", 0.0f32).unwrap();
    string.set_uniform("harmonic", 1.0f32).unwrap();
    assert_eq!(offset_at_middle(&string), 0.0);
}

#[test]
fn the_lesson_s_pixels_show_cream_where_the_string_moved_and_wood_where_it_left() {
    let (w, h) = (640, 200);
    let (scene, camera, assets) = guitar_scene(1.0).unwrap();
    let image = Renderer::new(RenderSettings::new(w, h))
        .render(&scene, &camera, &assets)
        .unwrap();
    let at = |p: Vec3| {
        let (x, y) = pixel_of(&camera, w, h, p);
        let c = image.pixel(x, y).unwrap();
        [c[0], c[1], c[2]]
    };
    // The string is BASIC: its colour comes out as 0xf2efe6 exactly.
    assert_eq!(at(Vec3::new(0.0, 0.2, STRING_Z)), CREAM);
    let quarter = 0.2 * std::f32::consts::FRAC_PI_4.sin();
    assert_eq!(at(Vec3::new(-0.8, quarter, STRING_Z)), CREAM);
    // Where the middle rests there is wood: dark, red before green before blue.
    let wood = at(Vec3::new(0.0, 0.0, STRING_Z));
    assert_ne!(wood, CREAM);
    assert!(
        wood[0] > wood[1] && wood[1] > wood[2] && wood[0] < 160,
        "{wood:?}"
    );

    // At harmonic 2 the middle is a node: cream at rest.
    let (scene, camera, assets) = guitar_scene(2.0).unwrap();
    let image = Renderer::new(RenderSettings::new(w, h))
        .render(&scene, &camera, &assets)
        .unwrap();
    let (x, y) = pixel_of(&camera, w, h, Vec3::new(0.0, 0.0, STRING_Z));
    let c = image.pixel(x, y).unwrap();
    assert_eq!([c[0], c[1], c[2]], CREAM);
}
