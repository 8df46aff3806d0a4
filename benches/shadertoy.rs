//! A ShaderToy frame on the CPU rasterizer: the examples' clouds shader (`examples/shadertoy.rs`,
//! 200 colour instructions of fractal value noise) at 320×180 through `tsl::shadertoy::render`
//! (an opaque ShaderMaterial, as shadertoy.com draws), and the same shader ending in
//! `fragColor = vec4(col, 1.0) * fade` on a transparent material, whose colour and opacity are
//! the two parts of one vec4 (docs/bytecode.md, "Running an output"). Figures in docs/PERF.md
//! ("## ShaderToy: colour and opacity share their work"); rerun with
//! `cargo bench --bench shadertoy`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tsl::core::glsl::compile_shader_toy;
use tsl::raster::{
    shader_material, Assets, Camera, Object, PlaneGeometry, RenderSettings, Renderer, Scene,
};

const SIZE: (u32, u32) = (320, 180);
const TIME: f32 = 1.5;

/// The clouds shader of `examples/shadertoy.rs`.
fn clouds() -> String {
    let source = include_str!("../examples/shadertoy.rs");
    let start = source.find("const CLOUDS: &str = \"").expect("the clouds") + 22;
    let end = start + source[start..].find("\";\n").expect("its end");
    source[start..end].to_string()
}

/// A plane of a transparent ShaderMaterial filling an orthographic view, as
/// `tsl::shadertoy::render` draws one opaque.
fn transparent_frame(source: &str) -> (Scene, Camera, Assets) {
    let mut program = compile_shader_toy(source).expect("the shader compiles");
    program
        .set_uniform(
            "iResolution",
            glam::Vec3::new(SIZE.0 as f32, SIZE.1 as f32, 1.0),
        )
        .expect("iResolution");
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let mut material = shader_material(program);
    material.transparent = true;
    let material = assets.materials.add(material);
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(glam::Vec3::Z);
    (scene, camera, assets)
}

fn frame(c: &mut Criterion) {
    let clouds = clouds();
    let program = compile_shader_toy(&clouds).expect("the clouds compile");
    // The whole vec4 times a fade: colour `.xyz`, opacity `.w` of one value.
    let faded = clouds.replace(
        "fragColor = vec4(col, 1.0);",
        "fragColor = vec4(col, 1.0) * (0.75 + 0.25 * cover);",
    );
    assert_ne!(
        faded, clouds,
        "the clouds end with fragColor = vec4(col, 1.0)"
    );
    let (scene, camera, assets) = transparent_frame(&faded);
    let mut settings = RenderSettings::new(SIZE.0, SIZE.1);
    settings.time = TIME;
    let renderer = Renderer::new(settings);
    let channels = Default::default();
    let mut group = c.benchmark_group("shadertoy");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(6));
    group.bench_function("clouds_320x180", |b| {
        b.iter(|| {
            tsl::shadertoy::render(program.clone(), SIZE.0, SIZE.1, TIME, &channels)
                .expect("the frame draws")
        })
    });
    group.bench_function("clouds_faded_transparent_320x180", |b| {
        b.iter(|| {
            renderer
                .render(&scene, &camera, &assets)
                .expect("the frame draws")
        })
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
