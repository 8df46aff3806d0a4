//! The glTF loader (R-GLTF, docs/gltf.md) on tools/three_cases/gltf/ (make_models.py wrote the
//! files; the values below are the ones that script writes, worked by hand into what three's
//! GLTFLoader makes of them), and its refusals. three.js's render of the same file is the
//! `gltf_boxes` case of raster_three.rs.

use glam::{Mat4, Quat, Vec3};
use std::path::{Path, PathBuf};
use tsl::core::Color;
use tsl::raster::gltf::{load_gltf, load_gltf_slice, GltfError, GltfLimits};
use tsl::raster::*;

fn model_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/three_cases/gltf")
}

fn load(name: &str) -> (Scene, Assets, tsl::raster::gltf::LoadedGltf) {
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let model = load_gltf(model_dir().join(name), &mut scene, &mut assets).unwrap();
    (scene, assets, model)
}

fn close(a: Vec3, b: Vec3) -> bool {
    (a - b).abs().max_element() < 1e-5
}

#[test]
fn the_node_tree_becomes_objects_with_parents_and_world_matrices() {
    let (scene, _, model) = load("boxes.glb");
    let worlds = scene.world_matrices().unwrap();
    // Node 2 ("metal"): the root turned 30° about y, then moved (0.6, 0.35, 0.3), scaled 0.7.
    let metal = model.nodes[2].unwrap();
    let expected = Mat4::from_rotation_y(30f32.to_radians())
        * Mat4::from_scale_rotation_translation(
            Vec3::splat(0.7),
            Quat::IDENTITY,
            Vec3::new(0.6, 0.35, 0.3),
        );
    let world = worlds[metal.0 as usize].0;
    assert!(world.abs_diff_eq(expected, 1e-6), "{world} != {expected}");
    // Its mesh is a child at the node's own place (one primitive, one mesh object).
    assert_eq!(model.meshes[2].len(), 1);
    let mesh = scene.object(model.meshes[2][0]).unwrap();
    assert_eq!(mesh.parent, Some(metal));
    assert!(worlds[model.meshes[2][0].0 as usize]
        .0
        .abs_diff_eq(expected, 1e-6));
    // The root group holds the scene's root nodes; every node is loaded.
    assert!(model.nodes.iter().all(Option::is_some));
    assert_eq!(
        scene.object(model.nodes[0].unwrap()).unwrap().parent,
        Some(model.root)
    );
}

#[test]
fn materials_take_three_s_defaults_factors_and_maps() {
    let (scene, assets, model) = load("boxes.glb");
    let checker = assets.materials.get(model.materials[0]).unwrap();
    assert_eq!(checker.kind, MaterialKind::Standard);
    assert_eq!((checker.roughness, checker.metalness), (0.5, 0.0));
    assert_eq!(checker.color, Color::linear(1.0, 0.9, 0.8));
    let map = assets.textures.get(checker.map.unwrap()).unwrap();
    // glTF's origin is the image's top left; the sampler is NEAREST and REPEAT; the transform
    // is KHR_texture_transform's scale (2, 2) and offset (0.25, 0).
    assert!(!map.flip_y);
    assert_eq!(
        (map.mag_filter, map.min_filter),
        (Filter::Nearest, Filter::Nearest)
    );
    assert_eq!((map.wrap_s, map.wrap_t), (Wrap::Repeat, Wrap::Repeat));
    assert_eq!(map.repeat, glam::Vec2::splat(2.0));
    assert_eq!(map.offset, glam::Vec2::new(0.25, 0.0));
    assert_eq!(map.color_space(), ColorSpace::Srgb);
    let metal = assets.materials.get(model.materials[1]).unwrap();
    assert_eq!((metal.roughness, metal.metalness), (0.35, 0.6));
    assert_eq!(metal.emissive, Color::linear(0.1, 0.05, 0.0));
    // Its normal map (scale 0.8, no tangents): three's loader turns the y scale round.
    assert_eq!(metal.normal_scale, glam::Vec2::new(0.8, -0.8));
    let bumps = assets.textures.get(metal.normal_map.unwrap()).unwrap();
    assert_eq!(bumps.color_space(), ColorSpace::Linear);
    // An empty sampler: REPEAT and trilinear, three's defaults for glTF.
    assert_eq!(
        (bumps.wrap_s, bumps.min_filter),
        (Wrap::Repeat, Filter::LinearMipmapLinear)
    );
    // The floor: default factors (metalness 0 and roughness 0.9 set), double-sided; its
    // primitive has vertex colours and no normals, so it draws a copy with both turned on.
    let floor = scene.object(model.meshes[3][0]).unwrap().mesh.unwrap();
    let drawn = assets.materials.get(floor.material).unwrap();
    assert_eq!(drawn.side, Side::Double);
    assert!(drawn.vertex_colors && drawn.flat_shading);
    let base = assets.materials.get(model.materials[2]).unwrap();
    assert!(!base.vertex_colors && !base.flat_shading);
}

#[test]
fn the_camera_and_the_lights_are_placed_by_their_nodes() {
    let (scene, _, model) = load("boxes.glb");
    let camera = model.cameras[0];
    assert!((camera.near - 0.1).abs() < 1e-7 && camera.far == 50.0);
    match camera.projection {
        Projection::Perspective { fov_y, aspect } => {
            assert!((fov_y - 0.8f32.to_degrees()).abs() < 1e-4);
            assert_eq!(aspect, Some(1.0));
        }
        other => panic!("{other:?}"),
    }
    assert!(close(camera.position, Vec3::new(0.613, 2.031, 3.17)));
    // It looks at (0, 0.3, 0), as make_models.py turned it.
    let ahead = camera.rotation * Vec3::NEG_Z;
    let to_target = (Vec3::new(0.0, 0.3, 0.0) - camera.position).normalize();
    assert!(close(ahead, to_target), "{ahead} != {to_target}");
    let lights = &scene.lights;
    assert_eq!(lights.len(), 2);
    match lights[0] {
        Light::Point {
            intensity,
            position,
            distance,
            decay,
            color,
            ..
        } => {
            assert_eq!((intensity, distance, decay), (12.0, 0.0, 2.0));
            assert!(close(position, Vec3::new(1.0, 2.0, 1.5)));
            assert_eq!(color, Color::linear(1.0, 0.95, 0.9));
        }
        other => panic!("{other:?}"),
    }
    match lights[1] {
        Light::Directional {
            position, target, ..
        } => {
            let dir = (target - position).normalize();
            assert!(close(dir, Vec3::new(-0.5, -1.0, -0.4).normalize()), "{dir}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn external_files_load_as_the_glb_does() {
    let draw = |name: &str| {
        let (scene, assets, model) = load(name);
        Renderer::new(RenderSettings::new(48, 48))
            .render(&scene, &model.cameras[0], &assets)
            .unwrap()
    };
    assert_eq!(draw("boxes.gltf"), draw("boxes.glb"));
}

/// boxes.gltf's JSON with `edit` applied, loaded from memory with the model folder as its base.
fn load_edited(edit: impl FnOnce(&mut String)) -> Result<(), GltfError> {
    let mut text = std::fs::read_to_string(model_dir().join("boxes.gltf")).unwrap();
    edit(&mut text);
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let dir = model_dir();
    load_gltf_slice(
        text.as_bytes(),
        Some(&dir),
        &mut scene,
        &mut assets,
        &GltfLimits::default(),
    )
    .map(|_| ())
}

fn refused(edit: impl FnOnce(&mut String), needle: &str) {
    let e = load_edited(edit).expect_err("refused").to_string();
    assert!(e.contains(needle), "{e:?} does not say {needle:?}");
}

#[test]
fn malformed_and_unsupported_documents_are_refused_with_a_reason() {
    // An accessor that runs past its buffer view.
    refused(
        |t| *t = t.replacen("\"count\": 24", "\"count\": 2400", 1),
        "accessor 0 reads 2400 elements",
    );
    // An index past the primitive's vertices (the floor's 4 vertices, index list 0 2 1 2 3 1).
    refused(
        |t| *t = t.replace("\"count\": 4,", "\"count\": 3,"),
        "past the primitive's 3 vertices",
    );
    refused(
        |t| *t = t.replacen("\"mesh\": 0", "\"mesh\": 0, \"skin\": 0", 1),
        "skin",
    );
    refused(
        |t| {
            *t = t.replacen(
                "\"asset\"",
                "\"extensionsRequired\": [\"KHR_draco_mesh_compression\"], \"asset\"",
                1,
            )
        },
        "KHR_draco_mesh_compression (Draco-compressed meshes)",
    );
    refused(
        |t| *t = t.replace("boxes.bin", "../boxes.bin"),
        "outside the document's folder",
    );
    refused(
        |t| *t = t.replace("boxes.bin", "missing.bin"),
        "cannot read",
    );
    // A child that is also its own ancestor's child: the tree is walked once per node.
    refused(
        |t| *t = t.replacen("\"children\": [\n    1,", "\"children\": [\n    0,", 1),
        "reached twice",
    );
}

#[test]
fn the_limits_are_checked_before_the_work() {
    let bytes = std::fs::read(model_dir().join("boxes.glb")).unwrap();
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let small = GltfLimits {
        bytes: 1000,
        ..GltfLimits::default()
    };
    let e = load_gltf_slice(&bytes, None, &mut scene, &mut assets, &small).unwrap_err();
    assert!(matches!(e, GltfError::OverLimit { limit: 1000, .. }), "{e}");
    let few = GltfLimits {
        vertices: 30,
        ..GltfLimits::default()
    };
    let e = load_gltf_slice(&bytes, None, &mut scene, &mut assets, &few).unwrap_err();
    assert!(e.to_string().contains("the vertex count is 48"), "{e}");
    // A document in memory that names an external file has no folder to read it from.
    let text = std::fs::read(model_dir().join("boxes.gltf")).unwrap();
    let e =
        load_gltf_slice(&text, None, &mut scene, &mut assets, &GltfLimits::default()).unwrap_err();
    assert!(e.to_string().contains("has no folder"), "{e}");
}
