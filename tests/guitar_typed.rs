//! The guitar (R-EX-7, docs/requirements.md) written with `#[tsl_fn]` and typed nodes
//! (`examples/shared/guitar_typed.rs`) against the builder version
//! (`examples/shared/guitar_scene.rs`): the same floats on many fragments and uniform values, and
//! the same pixels.

#[path = "../examples/shared/guitar_scene.rs"]
#[allow(dead_code)]
mod guitar_scene;
#[path = "../examples/shared/guitar_typed.rs"]
#[allow(dead_code)]
mod guitar_typed;

use tsl::prelude::*;
use tsl::raster::{RenderSettings, Renderer};

/// Fragments spread over the neck and along the string.
fn fragments() -> Vec<Fragment> {
    (0..48)
        .map(|i| {
            let t = i as f32 / 47.0;
            Fragment {
                position_world: Vec3::new(-1.8 + 3.6 * t, 0.45 - 0.9 * ((t * 7.3).fract()), 0.0),
                position_local: Vec3::new(-1.6 + 3.2 * t, 0.01 * t, -0.01),
                uv: Vec2::new(t, 1.0 - t),
                ..Fragment::default()
            }
        })
        .collect()
}

/// Hold `output` of the two programs to within 1e-6 on every fragment.
fn same(a: &NodeProgram, b: &NodeProgram, output: Output, what: &str) {
    for (i, f) in fragments().iter().enumerate() {
        let (x, y) = (
            a.evaluate(output, f).unwrap(),
            b.evaluate(output, f).unwrap(),
        );
        assert_eq!(x.len(), y.len());
        for (p, q) in x.iter().zip(&y) {
            assert!(
                (p - q).abs() <= 1e-6,
                "{what}, fragment {i}: {x:?} and {y:?}"
            );
        }
    }
}

#[test]
fn the_grain_fn_computes_what_the_builder_computes() {
    let typed = guitar_typed::grain_program().unwrap();
    let built = guitar_scene::grain_program().unwrap();
    same(&typed, &built, COLOR_NODE, "grain");
}

#[test]
fn the_string_computes_what_the_builder_computes_for_every_uniform() {
    for harmonic in [1.0f32, 2.0, 3.0] {
        let mut typed = guitar_typed::string_program(harmonic).unwrap();
        let mut built = guitar_scene::string_program(harmonic).unwrap();
        for (amplitude, phase) in [(0.2f32, 0.0f32), (0.2, 1.5707964), (0.35, 0.7), (-0.1, 4.0)] {
            for p in [&mut typed, &mut built] {
                p.set_uniform("amplitude", amplitude).unwrap();
                p.set_uniform("phase", phase).unwrap();
            }
            same(&typed, &built, POSITION_NODE, "string offset");
            same(&typed, &built, COLOR_NODE, "string colour");
        }
    }
}

#[test]
fn both_guitars_draw_the_same_pixels() {
    let (w, h) = (160, 50);
    for harmonic in [1.0, 2.0] {
        let (scene, camera, assets) = guitar_typed::guitar_scene(harmonic).unwrap();
        let typed = Renderer::new(RenderSettings::new(w, h))
            .render(&scene, &camera, &assets)
            .unwrap();
        let (scene, camera, assets) = guitar_scene::guitar_scene(harmonic).unwrap();
        let built = Renderer::new(RenderSettings::new(w, h))
            .render(&scene, &camera, &assets)
            .unwrap();
        for y in 0..h {
            for x in 0..w {
                let (a, b) = (typed.pixel(x, y).unwrap(), built.pixel(x, y).unwrap());
                for c in 0..4 {
                    assert!(a[c].abs_diff(b[c]) <= 1, "({x}, {y}): {a:?} and {b:?}");
                }
            }
        }
    }
}
