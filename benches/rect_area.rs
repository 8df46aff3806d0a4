//! Rect area lights and light masks on the CPU renderer: one 640×400 frame of a floor, a torus and
//! two spheres (STANDARD and PHYSICAL) under one directional light (the reference), one rect area
//! light, three rect area lights, and the three rect lights with each object taking a light mask
//! of its own (four lightings a frame). Figures in docs/PERF.md ("## Rect area lights and light
//! masks"); rerun with `cargo bench --bench rect_area`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use glam::Vec3;
use std::f32::consts::PI;
use std::time::Duration;
use tsl::prelude::*;
use tsl::raster::*;

/// The scene under `lights`, each object's material with the mask `masks(i)`.
fn scene(lights: &[Light], masks: impl Fn(usize) -> LightMask) -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    for &light in lights {
        scene.add_light(light);
    }
    let shapes = [
        (
            PlaneGeometry::new(20.0, 20.0).build(),
            Material::standard(Color::from_hex(0xbcbcbc), 0.2, 0.0),
            Vec3::ZERO,
        ),
        (
            TorusGeometry::new(1.2, 0.4, 32, 96).build(),
            Material::standard(Color::WHITE, 0.1, 0.0),
            Vec3::new(-1.5, 1.6, 0.0),
        ),
        (
            SphereGeometry::new(1.0, 48, 24).build(),
            Material {
                clearcoat: 0.5,
                ..Material::physical(Color::from_hex(0xff8040), 0.3, 0.0)
            },
            Vec3::new(1.6, 1.0, 0.5),
        ),
        (
            SphereGeometry::new(0.6, 32, 16).build(),
            Material::standard(Color::from_hex(0x4080ff), 0.5, 0.5),
            Vec3::new(0.2, 0.6, 2.0),
        ),
    ];
    for (i, (geometry, material, at)) in shapes.into_iter().enumerate() {
        let g = assets.geometries.add(geometry);
        let m = assets.materials.add(Material {
            lights: masks(i),
            ..material
        });
        let mut object = Object::mesh(g, m).at(at);
        if i == 0 {
            object = object.rotated(-PI / 2.0, 0.0, 0.0);
        }
        scene.add(object);
    }
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 5.0, 10.0))
        .looking_at(Vec3::new(0.0, 1.0, 0.0));
    (scene, camera, assets)
}

fn rect(hex: u32, x: f32) -> Light {
    Light::rect_area(
        Color::from_hex(hex),
        5.0,
        2.0,
        4.0,
        Vec3::new(x, 2.5, 4.0),
        Vec3::new(0.0, 1.0, 0.0),
    )
}

/// Each object's light mask, by its place.
type Masks = Box<dyn Fn(usize) -> LightMask>;

fn frames(c: &mut Criterion) {
    let rects = [
        rect(0xff0000, -4.0),
        rect(0x00ff00, 0.0),
        rect(0x0000ff, 4.0),
    ];
    let mask = |i: &[usize]| lights_of(i).expect("places below 64");
    let cases: [(&str, Vec<Light>, Masks); 4] = [
        (
            "directional",
            vec![Light::directional(
                Color::WHITE,
                3.0,
                Vec3::new(1.0, 2.0, 3.0),
            )],
            Box::new(|_| ALL_LIGHTS),
        ),
        ("one_rect", vec![rects[1]], Box::new(|_| ALL_LIGHTS)),
        ("three_rects", rects.to_vec(), Box::new(|_| ALL_LIGHTS)),
        (
            "three_rects_four_masks",
            rects.to_vec(),
            Box::new(move |i| match i {
                0 => ALL_LIGHTS,
                1 => mask(&[0]),
                2 => mask(&[1, 2]),
                _ => mask(&[2]),
            }),
        ),
    ];
    let renderer = Renderer::new(RenderSettings::new(640, 400));
    let mut group = c.benchmark_group("rect_area");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for (name, lights, masks) in cases {
        let (scene, camera, assets) = scene(&lights, masks);
        group.bench_function(name, |b| {
            b.iter(|| {
                renderer
                    .render(&scene, &camera, &assets)
                    .expect("the frame draws")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
