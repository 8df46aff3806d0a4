//! 10,000 instanced cubes (`examples/shared/instancing_scene.rs` with a grid of 100 × 100: one
//! `InstancedMesh` with a matrix and a colour per instance and an emissive node that reads
//! `instance_index()`, over a floor coloured by two custom attributes), a 640×360 frame, in one
//! run so that the figures compare as ratios:
//!
//! - `cubes_10000_cpu_instanced`: the CPU renderer, the cubes as one instanced mesh;
//! - `cubes_10000_cpu_instanced_no_glow`: the same without the cubes' program (no emissive
//!   node, so no program copy per instance);
//! - `cubes_10000_cpu_meshes`: the same cubes as 10,000 plain meshes without the program (no
//!   instance index, the colours dropped), what a scene without instancing draws;
//! - `cubes_10000_{kernel,interpreted,native}` (with `--features gpu` and an adapter): the GPU
//!   renderer's paths on the instanced scene.
//!
//! Figures in docs/PERF.md; rerun with `cargo bench --bench instancing -- --warm-up-time 1
//! --measurement-time 3` (and `NODEVICE_SELECT=1 cargo bench --features gpu --bench instancing`
//! for the GPU paths on Mesa's lavapipe).

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/shared/instancing_scene.rs"]
mod instancing_scene;

use criterion::{criterion_group, criterion_main, Criterion};

#[cfg(feature = "gpu")]
#[path = "shared/gpu_paths.rs"]
mod gpu_paths;
use std::time::Duration;
use tsl::raster::*;

/// The grid's side: 100 × 100 cubes.
const SIDE: u32 = 100;

/// The instanced scene with the cubes' material without its program (no glow, so no program
/// copy per instance): what the instancing itself costs.
fn without_glow(scene: &Scene, assets: &mut Assets) -> Scene {
    let mut out = scene.clone();
    for i in 0..out.objects().len() {
        let Some(object) = out.object_mut(ObjectId(i as u32)) else {
            continue;
        };
        let Some(mesh) = object.mesh.as_mut().filter(|_| object.instances.is_some()) else {
            continue;
        };
        if let Some(mut material) = assets.materials.get(mesh.material).cloned() {
            material.nodes = None;
            mesh.material = assets.materials.add(material);
        }
    }
    out
}

/// The instanced scene's cubes as plain meshes: one object per matrix, the same material
/// without its program (a plain mesh has no instance index to glow by).
fn as_meshes(scene: &Scene, assets: &mut Assets) -> Scene {
    let mut plain = Scene::new();
    plain.background = scene.background;
    plain.lights = scene.lights.clone();
    for object in scene.objects() {
        let (Some(mesh), Some(instances)) = (object.mesh, &object.instances) else {
            plain.add(object.clone());
            continue;
        };
        let material = assets.materials.get(mesh.material).cloned();
        let Some(mut material) = material else {
            continue;
        };
        material.nodes = None;
        let material = assets.materials.add(material);
        for matrix in instances.matrices() {
            let (scale, rotation, position) = matrix.to_scale_rotation_translation();
            let mut one = Object::mesh(mesh.geometry, material);
            one.transform = Transform {
                position,
                rotation,
                scale,
            };
            plain.add(one);
        }
    }
    plain
}

fn frames(c: &mut Criterion) {
    let (scene, camera, mut assets) = instancing_scene::scene(SIDE).expect("the scene builds");
    let meshes = as_meshes(&scene, &mut assets);
    let plain = without_glow(&scene, &mut assets);
    let mut settings = RenderSettings::new(640, 360);
    settings.time = 0.8;
    let cpu = Renderer::new(settings.clone());
    let mut group = c.benchmark_group("instancing");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("cubes_10000_cpu_instanced", |b| {
        b.iter(|| cpu.render(&scene, &camera, &assets).expect("the CPU draws"))
    });
    group.bench_function("cubes_10000_cpu_instanced_no_glow", |b| {
        b.iter(|| cpu.render(&plain, &camera, &assets).expect("the CPU draws"))
    });
    group.bench_function("cubes_10000_cpu_meshes", |b| {
        b.iter(|| {
            cpu.render(&meshes, &camera, &assets)
                .expect("the CPU draws")
        })
    });
    #[cfg(feature = "gpu")]
    gpu_paths::gpu_paths(
        &mut group,
        "cubes_10000",
        &settings,
        (&scene, &camera, &assets),
    );
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
