//! The shadow pass and shadowed shading (R-SHADOW-2, docs/requirements.md). Figures in
//! docs/PERF.md ("## Shadows"); rerun with `cargo bench --bench shadow`.
//!
//! - `map_*`: a 1 × 1 frame of the spin scene's sphere over a floor with and without one light's
//!   1024² map (a directional light's map; a point light's cube of six): the frame around the
//!   pass is the same, so the difference is the pass (drawing the sphere's placed triangles into
//!   the map, VSM's blur where named).
//! - `spin_*`: the spin example's 36 frames (240 × 180) with its directional light casting a
//!   PCF shadow (the sphere casts and receives) and without; the issue asks the ratio to stay
//!   within 1.5.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/shared/spin_scene.rs"]
mod spin_scene;

use criterion::{criterion_group, criterion_main, Criterion};
use glam::{UVec2, Vec3};
use std::f32::consts::FRAC_PI_2;
use std::time::Duration;
use tsl::prelude::*;
use tsl::raster::*;

/// The spin scene with a floor under the sphere and its directional light (light 1) casting a
/// map of `size` (or a point light in its place, `point`).
fn shadowed_spin(size: u32, point: bool) -> spin_scene::Spin {
    let mut spin = spin_scene::spin_scene().expect("spin builds");
    let floor = spin
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let grey = spin.assets.materials.add(Material::standard(
        Color::from_srgb8(180, 180, 180),
        0.8,
        0.0,
    ));
    spin.scene.add(
        Object::mesh(floor, grey)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .at(Vec3::new(0.0, -1.0, 0.0))
            .shadows(false, true),
    );
    if let Some(ball) = spin.scene.object_mut(spin.ball) {
        ball.cast_shadow = true;
        ball.receive_shadow = true;
    }
    let mut shadow = if point {
        LightShadow::perspective()
    } else {
        LightShadow::directional()
    };
    shadow.map_size = UVec2::splat(size);
    spin.scene.lights[1] = if point {
        Light::point(Color::WHITE, 8.0, Vec3::new(0.8, 1.3, 1.6)).with_shadow(shadow)
    } else {
        Light::directional(Color::WHITE, 2.4, Vec3::new(0.8, 1.3, 1.6)).with_shadow(shadow)
    };
    spin
}

fn map(c: &mut Criterion) {
    let mut group = c.benchmark_group("shadow");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(2));
    for (name, point, filter) in [
        ("map_directional_1024_pcf", false, ShadowMapType::Pcf),
        ("map_directional_1024_vsm", false, ShadowMapType::Vsm),
        ("map_point_cube_1024_pcf", true, ShadowMapType::Pcf),
    ] {
        let spin = shadowed_spin(1024, point);
        for enabled in [false, true] {
            let mut settings = RenderSettings::new(1, 1);
            settings.shadow_map_enabled = enabled;
            settings.shadow_map_type = filter;
            let renderer = Renderer::new(settings);
            let label = format!("{name}_{}", if enabled { "with" } else { "without" });
            group.bench_function(label, |b| {
                b.iter(|| {
                    renderer
                        .render(&spin.scene, &spin.camera, &spin.assets)
                        .expect("the frame draws")
                })
            });
        }
    }
    group.finish();
}

fn spin(c: &mut Criterion) {
    let mut group = c.benchmark_group("shadow");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(6));
    for enabled in [false, true] {
        let mut spin = spin_scene::spin_scene().expect("spin builds");
        if let Some(ball) = spin.scene.object_mut(spin.ball) {
            ball.cast_shadow = true;
            ball.receive_shadow = true;
        }
        spin.scene.lights[1] = spin.scene.lights[1].casting_shadow();
        let mut renderer =
            Renderer::new(RenderSettings::new(spin_scene::WIDTH, spin_scene::HEIGHT));
        renderer.settings.shadow_map_enabled = enabled;
        let label = if enabled {
            "spin_36_frames_with_shadow"
        } else {
            "spin_36_frames_without"
        };
        group.bench_function(label, |b| {
            b.iter(|| {
                for i in 0..spin_scene::FRAMES {
                    spin.frame(&mut renderer.settings, i);
                    renderer
                        .render(&spin.scene, &spin.camera, &spin.assets)
                        .expect("the frame draws");
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, map, spin);
criterion_main!(benches);
