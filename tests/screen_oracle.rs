//! Screen, object and normal-map nodes held to three.js r187's own renders (R-VAL-14,
//! R-VAL-15): the cases `tools/three_tsl_cases/screen_values.mjs` and `screen_normal_map.mjs`,
//! rendered by the oracle into `tests/fixtures/three_tsl/` (see that folder's README for the
//! command), drawn here with the same scene and held to the bound of `tests/tsl_oracle.rs`: a
//! mean absolute difference under 1/255 and 99% of the channel values within 3/255.

use std::path::PathBuf;
use tsl::prelude::*;
use tsl::raster::*;
use tsl::raster::{ColorSpace, Filter, Texture, Wrap};

fn fixture(name: &str) -> Image {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/three_tsl")
        .join(format!("{name}.png"));
    Image::load_png(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Draw the scene at the fixture's size and hold it to the fixture.
fn check(name: &str, scene: &Scene, camera: &Camera, assets: &Assets) {
    let reference = fixture(name);
    let settings = RenderSettings::new(reference.width(), reference.height());
    let image = Renderer::new(settings)
        .render(scene, camera, assets)
        .unwrap();
    let (a, b) = (image.data(), reference.data());
    assert_eq!(a.len(), b.len(), "sizes differ");
    let (mut sum, mut within, mut count) = (0u64, 0u64, 0u64);
    for (pa, pb) in a.chunks_exact(4).zip(b.chunks_exact(4)) {
        for k in 0..3 {
            let d = u64::from(pa[k].abs_diff(pb[k]));
            sum += d;
            within += u64::from(d <= 3);
            count += 1;
        }
    }
    let (mean, within) = (sum as f64 / count as f64, within as f64 / count as f64);
    println!(
        "{name}: mean {mean:.3}/255, {:.2}% within 3/255",
        within * 100.0
    );
    assert!(
        mean < 1.0 && within >= 0.99,
        "{name}: mean {mean:.3}/255, {:.2}% within 3/255",
        within * 100.0
    );
}

/// One program on one material; `build` sets its outputs.
fn material(assets: &mut Assets, build: impl FnOnce(&Scope)) -> MaterialId {
    let scope = Scope::new();
    build(&scope);
    let program = assets.programs.add(scope.compile().unwrap());
    assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program))
}

#[test]
fn screen_uv_model_position_and_camera_near_match_three() {
    let mut assets = Assets::new();
    let paint = material(&mut assets, |scope| {
        let colour = vec3(
            model_position().x() * 0.25 + 0.5,
            screen_uv().y(),
            camera_near() * 0.2 + screen_uv().x() * 0.5,
        );
        scope.color_node(colour).unwrap();
    });
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    for x in [-1.0, 1.0] {
        scene.add(Object::mesh(plane, paint).at(Vec3::new(x, 0.0, 0.0)));
    }
    let camera = Camera::orthographic(-2.0, 2.0, 1.0, -1.0, 0.5, 10.0).at(Vec3::new(0.0, 0.0, 5.0));
    check("screen_values", &scene, &camera, &assets);
}

#[test]
fn normal_map_s_tangent_frame_matches_three() {
    let mut assets = Assets::new();
    let paint = material(&mut assets, |scope| {
        let n = normal_map(vec3(uv().x(), uv().y(), 1.0), vec2(0.8, 0.8));
        scope.color_node(n * 0.5 + 0.5).unwrap();
    });
    let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, paint).rotated(-0.6, 0.5, 0.0));
    let camera = Camera::perspective(50.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0));
    check("screen_normal_map", &scene, &camera, &assets);
}

#[test]
fn bump_map_matches_three() {
    let mut assets = Assets::new();
    // The case's 16 × 16 height map: red floor((x² + y²) · 255 / 450), linear, no mipmaps.
    let size = 16u32;
    let mut data = Vec::new();
    for y in 0..size {
        for x in 0..size {
            data.extend([((x * x + y * y) * 255 / 450) as u8, 0, 0, 255]);
        }
    }
    let image = Image::from_rgba8(size, size, data).unwrap();
    let mut map = Texture::new(image, ColorSpace::Linear);
    map.flip_y = false;
    map.mag_filter = Filter::Linear;
    map.min_filter = Filter::Linear;
    let map = assets.textures.add(map);
    let paint = material(&mut assets, |scope| {
        scope
            .color_node(bump_map(map, uv(), 40.0) * 0.5 + 0.5)
            .unwrap();
    });
    let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, paint).rotated(-0.6, 0.5, 0.0));
    let camera = Camera::perspective(50.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0));
    check("screen_bump_map", &scene, &camera, &assets);
}

#[test]
fn billboarding_matches_three() {
    let mut assets = Assets::new();
    let paint = material(&mut assets, |scope| {
        scope
            .position_node(billboarding(Billboarding::default()))
            .unwrap();
        scope.color_node(uv().extend(0.5)).unwrap();
    });
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.add(
        Object::mesh(plane, paint)
            .at(Vec3::new(0.5, 0.3, 0.0))
            .rotated(0.0, 1.2, 0.0),
    );
    let camera = Camera::perspective(50.0, 0.1, 10.0)
        .at(Vec3::new(0.8, 0.6, 3.0))
        .looking_at(Vec3::ZERO);
    check("screen_billboard", &scene, &camera, &assets);
}

#[test]
fn triplanar_texture_matches_three() {
    let mut assets = Assets::new();
    // The case's 16 × 16 map: red 16x, green 16y, blue 128; linear, repeat, no mipmaps.
    let size = 16u32;
    let mut data = Vec::new();
    for y in 0..size {
        for x in 0..size {
            data.extend([(16 * x) as u8, (16 * y) as u8, 128, 255]);
        }
    }
    let mut map = Texture::new(
        Image::from_rgba8(size, size, data).unwrap(),
        ColorSpace::Linear,
    );
    map.flip_y = false;
    map.mag_filter = Filter::Linear;
    map.min_filter = Filter::Linear;
    map.wrap_s = Wrap::Repeat;
    map.wrap_t = Wrap::Repeat;
    let map = assets.textures.add(map);
    let paint = material(&mut assets, |scope| {
        let c = triplanar_texture(map, 0.7, position_world(), normal_world());
        scope.color_node(c.xyz()).unwrap();
    });
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(1.0, 48, 24).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(sphere, paint));
    let camera = Camera::perspective(50.0, 0.1, 10.0)
        .at(Vec3::new(1.5, 1.0, 2.5))
        .looking_at(Vec3::ZERO);
    check("screen_triplanar", &scene, &camera, &assets);
}

#[test]
fn texture_size_matches_three() {
    let mut assets = Assets::new();
    let map = assets.textures.add(Texture::new(
        Image::from_rgba8(16, 8, vec![255; 16 * 8 * 4]).unwrap(),
        ColorSpace::Linear,
    ));
    let paint = material(&mut assets, |scope| {
        let size = texture_size(map, 0) / 100.0;
        scope.color_node(size.extend(0.5)).unwrap();
    });
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, paint));
    let camera = Camera::orthographic(-0.5, 0.5, 0.5, -0.5, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
    check("screen_texture_size", &scene, &camera, &assets);
}

#[test]
fn model_radius_matches_three() {
    let mut assets = Assets::new();
    let paint = material(&mut assets, |scope| {
        scope
            .color_node(vec3(model_radius() * 0.25, 0.5, 0.0))
            .unwrap();
    });
    let plane = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.add(
        Object::mesh(plane, paint)
            .at(Vec3::new(-1.0, 0.0, 0.0))
            .scaled(Vec3::new(2.0, 1.0, 1.0)),
    );
    scene.add(Object::mesh(plane, paint).at(Vec3::new(1.0, 0.0, 0.0)));
    let camera = Camera::orthographic(-2.0, 2.0, 1.0, -1.0, 0.5, 10.0).at(Vec3::new(0.0, 0.0, 5.0));
    check("screen_model_radius", &scene, &camera, &assets);
}
