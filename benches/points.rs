//! 100,000 points on the CPU renderer (R-PRIM-1): a 640×360 frame of a 400 × 250 grid of points
//! waving through a perspective view, in one run so that the figures compare as ratios:
//!
//! - `points_100000_size_1`: 1-pixel points (`size` 1, no attenuation) with a colour node;
//! - `points_100000_round_4px`: 4-pixel points whose colour reads `point_coord()` and whose mask
//!   rounds them;
//! - `points_100000_size_node`: the size node sizes each point by its world position;
//! - `lines_100000_strip`: the same vertices as one `Line` strip;
//! - `points_100000_size_1_{kernel,interpreted,native}` (with `--features gpu` and an adapter):
//!   the 1-pixel points on the GPU renderer's paths.
//!
//! Figures in docs/PERF.md; rerun with `cargo bench --bench points -- --warm-up-time 1
//! --measurement-time 3` (and `NODEVICE_SELECT=1 cargo bench --features gpu --bench points` for
//! the GPU paths).

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};

#[cfg(feature = "gpu")]
#[path = "shared/gpu_paths.rs"]
mod gpu_paths;
use glam::Vec3;
use std::time::Duration;
use tsl::core::*;
use tsl::raster::*;

const COLUMNS: u32 = 400;
const ROWS: u32 = 250;

/// The grid of points, a wave across it.
fn grid() -> Geometry {
    let positions = (0..COLUMNS * ROWS)
        .map(|i| {
            let (x, z) = (
                (i % COLUMNS) as f32 / 40.0 - 5.0,
                (i / COLUMNS) as f32 / 40.0 - 3.0,
            );
            Vec3::new(x, 0.3 * (x * 1.7).sin() * (z * 1.3).cos(), z)
        })
        .collect();
    Geometry::from_data(positions, None, None, Vec::new()).expect("the grid")
}

/// The scene of one object drawing the grid.
fn scene(
    object: fn(GeometryId, MaterialId) -> Object,
    material: impl FnOnce(&mut Assets) -> Material,
) -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let g = assets.geometries.add(grid());
    let m = material(&mut assets);
    let m = assets.materials.add(m);
    let mut scene = Scene::new();
    scene.background = Some(Color::from_srgb8(16, 20, 32));
    scene.add(object(g, m));
    let camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 3.0, 6.0))
        .looking_at(Vec3::ZERO);
    (scene, camera, assets)
}

fn program(assets: &mut Assets, build: impl FnOnce(&NodeGraph)) -> ProgramId {
    let g = NodeGraph::new();
    build(&g);
    assets
        .programs
        .add(g.compile().expect("the graph compiles"))
}

fn by_x(g: &NodeGraph) {
    let x = g.swizzle(g.position_world(), "x");
    let t = g.add(g.mul(x, g.float(0.1)), g.float(0.5));
    g.set_output(
        COLOR_NODE,
        g.mix(g.vec3(1.0, 0.5, 0.2), g.vec3(0.2, 0.7, 1.0), t),
    )
    .expect("the colour");
}

fn bench(c: &mut Criterion) {
    let settings = RenderSettings::new(640, 360);
    let renderer = Renderer::new(settings.clone());
    let mut group = c.benchmark_group("points");
    group.sample_size(10);
    let cases: [(&str, (Scene, Camera, Assets)); 4] = [
        (
            "points_100000_size_1",
            scene(Object::points, |a| Material {
                size_attenuation: false,
                ..Material::basic(Color::WHITE).with_nodes(program(a, by_x))
            }),
        ),
        (
            "points_100000_round_4px",
            scene(Object::points, |a| Material {
                size: 4.0,
                size_attenuation: false,
                ..Material::basic(Color::WHITE).with_nodes(program(a, |g| {
                    let pc = g.point_coord();
                    g.set_output(COLOR_NODE, g.join(&[pc, g.float(0.6)]))
                        .expect("the colour");
                    let r2 = g.length_sq(g.sub(pc, g.vec2(0.5, 0.5)));
                    g.set_output(MASK_NODE, g.step(r2, g.float(0.25)))
                        .expect("the mask");
                }))
            }),
        ),
        (
            "points_100000_size_node",
            scene(Object::points, |a| {
                Material::basic(Color::WHITE).with_nodes(program(a, |g| {
                    by_x(g);
                    let x = g.swizzle(g.position_world(), "x");
                    g.set_output(SIZE_NODE, g.add(g.float(3.0), g.mul(x, g.float(0.3))))
                        .expect("the size");
                }))
            }),
        ),
        (
            "lines_100000_strip",
            scene(Object::line, |a| {
                Material::basic(Color::WHITE).with_nodes(program(a, by_x))
            }),
        ),
    ];
    for (name, (scene, camera, assets)) in &cases {
        group.bench_function(*name, |b| {
            b.iter(|| renderer.render(scene, camera, assets).expect("renders"))
        });
    }
    #[cfg(feature = "gpu")]
    {
        let (name, (scene, camera, assets)) = &cases[0];
        gpu_paths::gpu_paths(&mut group, name, &settings, (scene, camera, assets));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
