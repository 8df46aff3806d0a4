//! The cost of MeshPhysical's extensions on the CPU: the seven spheres of
//! `examples/physical.rs` (sheen, iridescence, anisotropy, ... shaded one fragment at a time by
//! the full model) against the same spheres as plain PHYSICAL materials (the batch model), at
//! 840×140 on all threads. Figures in docs/PERF.md ("## Physical extensions"); rerun with
//! `cargo bench --bench physical`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

#[path = "../examples/physical.rs"]
#[allow(dead_code)] // its main writes the picture; the bench draws its scene
mod physical;

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tsl::raster::{Material, MaterialKind, RenderSettings, Renderer};

fn frame(c: &mut Criterion) {
    let (scene, camera, assets) = physical::scene().expect("the scene builds");
    // The same spheres with every extension taken off: plain PHYSICAL, the batch model.
    let mut plain_assets = assets.clone();
    let ids: Vec<_> = assets.materials.iter().map(|(id, _)| id).collect();
    for id in ids {
        let material = plain_assets.materials.get_mut(id).expect("the same ids");
        *material = Material::physical(material.color, material.roughness, material.metalness);
        assert_eq!(material.kind, MaterialKind::Physical);
    }
    let renderer = Renderer::new(RenderSettings::new(840, 140));
    let mut group = c.benchmark_group("physical");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("extensions_840x140", |b| {
        b.iter(|| renderer.render(&scene, &camera, &assets).expect("draws"))
    });
    group.bench_function("plain_840x140", |b| {
        b.iter(|| {
            renderer
                .render(&scene, &camera, &plain_assets)
                .expect("draws")
        })
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
