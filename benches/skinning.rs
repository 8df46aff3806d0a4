//! The CPU vertex stage of a 50,000-vertex mesh deformed on the host (raster/deform.rs,
//! R-DEFORM-1 and R-DEFORM-2): a `CylinderGeometry(0.3, 0.3, 2, 249, 199, true)` (open: 250 × 200 = 50,000 vertices)
//! skinned to three bones that bend it, morphed by two absolute targets, and plain, each drawn
//! into a 32×18 frame (tiny, so the vertex stage and the set-up are nearly all of it), in one run so that the figures
//! compare as ratios:
//!
//! - `cylinder_50k_plain`: no deformation (the vertex stage and a small frame);
//! - `cylinder_50k_skinned`: three bones, two weighted per vertex;
//! - `cylinder_50k_morphed`: two absolute morph targets with normals, influences 0.6 and 0.3.
//!
//! Figures in docs/PERF.md; rerun with `cargo bench --bench skinning -- --warm-up-time 1
//! --measurement-time 3`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use glam::{Mat4, Vec3, Vec4};
use std::time::Duration;
use tsl::core::Color;
use tsl::raster::*;

/// A way to deform the cylinder: its geometry and its object, with the scene to add bones to.
type Deform = fn(Geometry, &mut Scene, Object) -> (Geometry, Object);

fn cylinder() -> Geometry {
    CylinderGeometry {
        radius_top: 0.3,
        radius_bottom: 0.3,
        height: 2.0,
        radial_segments: 249,
        height_segments: 199,
        open_ended: true,
        ..CylinderGeometry::default()
    }
    .build()
}

/// The cylinder drawn by itself under a directional light, deformed by `deform`.
fn scene(
    deform: impl FnOnce(Geometry, &mut Scene, Object) -> (Geometry, Object),
) -> (Scene, Assets) {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(2.0, 3.0, 4.0),
    ));
    let paint = assets
        .materials
        .add(Material::standard(Color::WHITE, 0.5, 0.0));
    let placeholder = Object::mesh(GeometryId(0), paint);
    let (geometry, object) = deform(cylinder(), &mut scene, placeholder);
    let id = assets.geometries.add(geometry);
    let mut object = object;
    if let Some(mesh) = object.mesh.as_mut() {
        mesh.geometry = id;
    }
    scene.add(object);
    (scene, assets)
}

fn skinned(geometry: Geometry, scene: &mut Scene, object: Object) -> (Geometry, Object) {
    let (mut joints, mut weights) = (Vec::new(), Vec::new());
    for p in geometry.positions() {
        let y = p.y + 1.0;
        let index = y.floor().min(2.0);
        let i = index as u16;
        joints.push([i, (i + 1).min(2), 0, 0]);
        weights.push(Vec4::new(1.0 - (y - index), y - index, 0.0, 0.0));
    }
    let root = scene.add(Object::group().at(Vec3::new(0.0, -1.0, 0.0)));
    let middle = scene.add(
        Object::group()
            .at(Vec3::Y)
            .rotated(0.0, 0.0, 0.5)
            .child_of(root),
    );
    let top = scene.add(
        Object::group()
            .at(Vec3::Y)
            .rotated(0.3, 0.0, 0.6)
            .child_of(middle),
    );
    let rest = |y: f32| Mat4::from_translation(Vec3::new(0.0, y, 0.0)).inverse();
    let skin = Skin::new(
        vec![root, middle, top],
        vec![rest(-1.0), rest(0.0), rest(1.0)],
    );
    (
        geometry.with_skin_weights(joints, weights).unwrap(),
        object.with_skin(skin),
    )
}

fn morphed(geometry: Geometry, _: &mut Scene, object: Object) -> (Geometry, Object) {
    let wide: Vec<Vec3> = geometry
        .positions()
        .iter()
        .map(|p| *p * Vec3::new(1.5, 1.0, 1.5))
        .collect();
    let tall: Vec<Vec3> = geometry
        .positions()
        .iter()
        .map(|p| *p * Vec3::new(1.0, 1.4, 1.0))
        .collect();
    let normals = geometry.normals().unwrap().to_vec();
    (
        geometry
            .with_morph_targets(
                vec![wide, tall],
                Some(vec![normals.clone(), normals]),
                false,
            )
            .unwrap(),
        object.with_morph_influences(vec![0.6, 0.3]),
    )
}

fn bench(c: &mut Criterion) {
    let renderer = Renderer::new(RenderSettings::new(32, 18));
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.3, 5.0))
        .looking_at(Vec3::ZERO);
    let mut group = c.benchmark_group("deform");
    group.sample_size(10);
    let cases: [(&str, Deform); 3] = [
        ("cylinder_50k_plain", |g, _, o| (g, o)),
        ("cylinder_50k_skinned", skinned),
        ("cylinder_50k_morphed", morphed),
    ];
    for (name, deform) in cases {
        let (scene, assets) = scene(deform);
        assert_eq!(
            assets
                .geometries
                .iter()
                .next()
                .map(|(_, g)| g.positions().len()),
            Some(50_000)
        );
        group.bench_function(name, |b| {
            b.iter(|| renderer.render(&scene, &camera, &assets).unwrap())
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
