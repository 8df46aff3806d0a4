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
    // A skin the file does not have.
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

/// Standard base64 of `bytes` (for a data URI).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// R-DEFORM-1, R-DEFORM-2 through glTF: a triangle with one relative morph target and a skin of
/// one joint, as three's GLTFLoader makes them (`addMorphTargets`: relative targets;
/// `updateMorphTargets`: the node's weights over the mesh's; `mesh.bind(skeleton, identity)`).
#[test]
fn a_skin_and_morph_targets_load_as_three_s_loader_makes_them() {
    let f = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let mut bin = f(&[0., 0., 0., 1., 0., 0., 0., 1., 0.]); // 0..36 positions
    bin.extend(f(&[0., 0., 1., 0., 0., 1., 0., 0., 1.])); // 36..72 the target: +z
    bin.extend([0u8; 12]); // 72..84 joints: all on joint 0
    bin.extend(f(&[1., 0., 0., 0., 1., 0., 0., 0., 1., 0., 0., 0.])); // 84..132 weights
                                                                      // 132..196 the inverse bind matrix: a translation by (0, −1, 0), column-major.
    bin.extend(f(&[
        1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., -1., 0., 1.,
    ]));
    let json = format!(
        r#"{{
  "asset": {{"version": "2.0"}},
  "scene": 0,
  "scenes": [{{"nodes": [0, 1]}}],
  "nodes": [
    {{"mesh": 0, "skin": 0, "weights": [0.25]}},
    {{"translation": [2, 0, 0]}}
  ],
  "meshes": [{{"weights": [0.5], "primitives": [{{
    "attributes": {{"POSITION": 0, "JOINTS_0": 2, "WEIGHTS_0": 3}},
    "targets": [{{"POSITION": 1}}]
  }}]}}],
  "skins": [{{"joints": [1], "inverseBindMatrices": 4}}],
  "accessors": [
    {{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]}},
    {{"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0, 0, 1], "max": [0, 0, 1]}},
    {{"bufferView": 2, "componentType": 5121, "count": 3, "type": "VEC4"}},
    {{"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"}},
    {{"bufferView": 4, "componentType": 5126, "count": 1, "type": "MAT4"}}
  ],
  "bufferViews": [
    {{"buffer": 0, "byteOffset": 0, "byteLength": 36}},
    {{"buffer": 0, "byteOffset": 36, "byteLength": 36}},
    {{"buffer": 0, "byteOffset": 72, "byteLength": 12}},
    {{"buffer": 0, "byteOffset": 84, "byteLength": 48}},
    {{"buffer": 0, "byteOffset": 132, "byteLength": 64}}
  ],
  "buffers": [{{"byteLength": 196, "uri": "data:application/octet-stream;base64,{}"}}]
}}"#,
        base64(&bin)
    );
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let model = load_gltf_slice(
        json.as_bytes(),
        None,
        &mut scene,
        &mut assets,
        &GltfLimits::default(),
    )
    .unwrap();
    let mesh = model.meshes[0][0];
    let object = scene.object(mesh).unwrap();
    // The node's weights win over the mesh's.
    assert_eq!(object.morph_influences, vec![0.25]);
    let skin = object.skin.as_ref().unwrap();
    assert_eq!(skin.bones, vec![model.nodes[1].unwrap()]);
    assert_eq!(skin.bind_matrix, Mat4::IDENTITY);
    // Vertex 1 (1, 0, 0): morphed by 0.25·(0, 0, 1), then moved by the bone's world matrix
    // (2, 0, 0) times its inverse bind (0, −1, 0): (3, −1, 0.25). The triangle now has corners
    // (2, −1, 0.25), (3, −1, 0.25), (2, 0, 0.25): the ray down −z through (2.2, −0.8) meets it
    // 4.75 from z = 5.
    let hits = Raycaster::new(Vec3::new(2.2, -0.8, 5.0), Vec3::NEG_Z)
        .unwrap()
        .intersect(&scene, &assets)
        .unwrap();
    assert_eq!(hits.len(), 1);
    assert!((hits[0].distance - 4.75).abs() < 1e-5, "{:?}", hits[0]);
    // A joint outside the loaded scene is refused by name.
    let outside = json.replace(
        r#""scenes": [{"nodes": [0, 1]}]"#,
        r#""scenes": [{"nodes": [0]}]"#,
    );
    let e = load_gltf_slice(
        outside.as_bytes(),
        None,
        &mut Scene::new(),
        &mut Assets::new(),
        &GltfLimits::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("joint node 1"), "{e}");
}

#[test]
fn tangents_vertex_alpha_and_a_rotated_transform_load_as_three_s_loader_makes_them() {
    // normal_tangent.glb (samples.py): nodes 3 to 7 are the sphere with TANGENT, the mirrored
    // one, the sphere without, the quad and the clearcoat sphere.
    let (scene, assets, model) = load("normal_tangent.glb");
    let mesh = |node: usize| scene.object(model.meshes[node][0]).unwrap().mesh.unwrap();
    let tangents = |node: usize| {
        let g = assets.geometries.get(mesh(node).geometry).unwrap();
        g.tangents().map(<[glam::Vec4]>::to_vec)
    };
    let near = |a: glam::Vec4, b: glam::Vec4| (a - b).abs().max_element() < 1e-5;
    // The first vertex is at u = 0: the tangent along +u is (sin 0, 0, cos 0), w = 1; mirrored,
    // u = 1 there, the tangent turned round and w = -1.
    assert!(near(
        tangents(3).unwrap()[0],
        glam::Vec4::new(0.0, 0.0, 1.0, 1.0)
    ));
    assert!(near(
        tangents(4).unwrap()[0],
        glam::Vec4::new(0.0, 0.0, -1.0, -1.0)
    ));
    assert!(tangents(5).is_none());
    assert_eq!(
        tangents(6).unwrap(),
        vec![glam::Vec4::new(1.0, 0.0, 0.0, 1.0); 4]
    );
    // One material (normal scale 1) on primitives with and without tangents: three's loader
    // turns normalScale.y round only without them.
    let drawn = |node: usize| assets.materials.get(mesh(node).material).unwrap();
    assert_eq!(drawn(3).normal_scale, glam::Vec2::new(1.0, 1.0));
    assert_eq!(drawn(4).normal_scale, glam::Vec2::new(1.0, 1.0));
    assert_eq!(mesh(5).material, model.materials[0]);
    assert_eq!(drawn(5).normal_scale, glam::Vec2::new(1.0, -1.0));
    assert_eq!(drawn(7).clearcoat_normal_scale, glam::Vec2::new(0.8, 0.8));
    let coat = assets.materials.get(model.materials[1]).unwrap();
    assert_eq!(coat.clearcoat_normal_scale, glam::Vec2::new(0.8, -0.8));

    // vertex_colors.glb: node 5 is the BLEND quad with normalized unsigned-short RGBA colours
    // (its first corner 1, 0.9, 0.2 and alpha 0.1, each rounded to 1/65535); node 4's colours are
    // VEC3 bytes, read with alpha 1.
    let (scene, assets, model) = load("vertex_colors.glb");
    let mesh = |node: usize| scene.object(model.meshes[node][0]).unwrap().mesh.unwrap();
    let colors = |node: usize| {
        let g = assets.geometries.get(mesh(node).geometry).unwrap();
        g.colors().unwrap().to_vec()
    };
    let q = |v: f32| (v * 65535.0).round() / 65535.0;
    assert!(near(
        colors(5)[0],
        glam::Vec4::new(1.0, q(0.9), q(0.2), q(0.1))
    ));
    assert!(colors(4).iter().all(|c| c.w == 1.0));
    let blend = assets.materials.get(mesh(5).material).unwrap();
    assert!(blend.transparent && blend.vertex_colors);

    // texture_transform.glb: with a rotation, three's loader sets the texture's matrix in
    // glTF's order, offset · rotation · scale. Material 3: offset (-0.2, 0.3), rotation
    // 0.7854, scale (1.5, 0.75); uv (1, 0) goes to (1.5 c - 0.2, -1.5 s + 0.3) and (0, 1) to
    // (0.75 s - 0.2, 0.75 c + 0.3), c = cos 0.7854, s = sin 0.7854.
    let (_, assets, model) = load("texture_transform.glb");
    let map = |i: usize| {
        let m = assets.materials.get(model.materials[i]).unwrap();
        assets.textures.get(m.map.unwrap()).unwrap().clone()
    };
    assert!(
        map(0).matrix.is_none(),
        "an offset alone keeps three's own order"
    );
    let all = map(3).uv_matrix();
    // The file's rotation, written to four places (not π/4 exactly).
    #[allow(clippy::approx_constant)]
    let (s, c) = 0.7854f32.sin_cos();
    let at = |u: f32, v: f32| all.transform_point2(glam::Vec2::new(u, v));
    assert!((at(1.0, 0.0) - glam::Vec2::new(1.5 * c - 0.2, -1.5 * s + 0.3)).length() < 1e-5);
    assert!((at(0.0, 1.0) - glam::Vec2::new(0.75 * s - 0.2, 0.75 * c + 0.3)).length() < 1e-5);
}
