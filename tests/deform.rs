//! Morph targets, bones and displacement maps (R-DEFORM-1 to R-DEFORM-5, docs/requirements.md),
//! with expected values worked out by hand: the order of the vertex stage (the spec's "after the
//! morph targets, the bones and the displacement map" and "before the morph targets and the
//! bones"), the raycaster picking the morphed and skinned mesh as three's
//! `Mesh.getVertexPosition`, and the refusals. The pictures are held to three.js r187's in
//! `tests/raster_three.rs` and `tests/gpu_three.rs` (`morph_targets`, `skinning`,
//! `displacement_map`).

use glam::{Mat4, Vec2, Vec3, Vec4};
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

/// 16×16 pixels over x, y in [−4, 4] (half a unit each), looking down −z: column `i`'s centre
/// is x = −3.75 + 0.5·i, row `r`'s y = 3.75 − 0.5·r.
const N: u32 = 16;

fn camera() -> Camera {
    Camera::orthographic(-4.0, 4.0, 4.0, -4.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 10.0))
}

/// A unit square at z = 0 facing +z (its corners counter-clockwise from +z), with the given
/// vertex normal and uvs.
fn square(normal: Vec3) -> Geometry {
    let p = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)];
    Geometry::from_data(
        p.iter().map(|&(x, y)| Vec3::new(x, y, 0.0)).collect(),
        Some(vec![normal; 4]),
        Some(
            p.iter()
                .map(|&(x, y)| Vec2::new(x + 0.5, y + 0.5))
                .collect(),
        ),
        vec![[0, 1, 2], [0, 2, 3]],
    )
    .unwrap()
}

/// A 1×1 linear texture of one grey level.
fn flat_texture(level: u8) -> Texture {
    Texture::new(
        Image::from_rgba8(1, 1, vec![level, level, level, 255]).unwrap(),
        ColorSpace::Linear,
    )
}

fn covered(image: &LinearImage, row: u32) -> Vec<u32> {
    (0..N)
        .filter(|&x| image.pixel(x, row).unwrap()[3] != 0.0)
        .collect()
}

fn render(scene: &Scene, assets: &Assets) -> LinearImage {
    Renderer::new(RenderSettings::new(N, N))
        .render_linear(scene, &camera(), assets)
        .unwrap()
}

/// The spec's sentence: "The position node runs on the host, once per vertex, after the morph
/// targets, the bones and the displacement map."
#[test]
fn the_position_node_runs_after_the_morph_targets_the_bones_and_the_displacement_map() {
    // The square (x, y in [−0.5, 0.5], normal +x) morphed by a relative target (1, 0, 0) at
    // influence 1: x in [0.5, 1.5]; skinned to a bone at (0, 1, 0): y in [0.5, 1.5]; displaced
    // along its normal by the white map: 1·0.25 + 0.25 = 0.5, x in [1, 2]. The position node's
    // offset is (position_local().x, 0, 0): x in [2, 4]. Row 6 (y 0.75) covers the columns whose
    // centres are 2.25 to 3.75: 12 to 15. Had the node read the stored position, x would be in
    // [0.5, 2.5] (columns 9 to 12).
    let mut assets = Assets::new();
    let geometry = square(Vec3::X)
        .with_morph_targets(vec![vec![Vec3::X; 4]], None, true)
        .unwrap()
        .with_skin_weights(vec![[0; 4]; 4], vec![Vec4::X; 4])
        .unwrap();
    let g = NodeGraph::new();
    let x = g.swizzle(g.position_local(), "x");
    g.set_output(POSITION_NODE, g.join(&[x, g.float(0.0), g.float(0.0)]))
        .unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let map = assets.textures.add(flat_texture(255));
    let material = assets.materials.add(Material {
        displacement_map: Some(map),
        displacement_scale: 0.25,
        displacement_bias: 0.25,
        ..Material::basic(Color::WHITE).with_nodes(program)
    });
    let geometry = assets.geometries.add(geometry);
    let mut scene = Scene::new();
    let bone = scene.add(Object::group().at(Vec3::Y));
    scene.add(
        Object::mesh(geometry, material)
            .with_morph_influences(vec![1.0])
            .with_skin(Skin::new(vec![bone], vec![Mat4::IDENTITY])),
    );
    let image = render(&scene, &assets);
    assert_eq!(covered(&image, 6), vec![12, 13, 14, 15]);
    assert_eq!(covered(&image, 5), vec![12, 13, 14, 15]);
    assert!(covered(&image, 4).is_empty() && covered(&image, 7).is_empty());
}

/// The spec's sentence: "The position node reads the geometry's own normal, before the morph
/// targets and the bones." The fragments shade with the moved normal, as three.js's.
#[test]
fn the_position_node_reads_the_normal_before_the_morph_targets_and_the_bones() {
    // The square's normal +x, morphed by a relative normal target (−1, 1, 0) at influence 1 to
    // +y, then turned by a bone at the origin rotated 90° about z to −x (the square onto itself).
    // The position node's offset is 2·normal_local(): with the stored normal the square moves to
    // x in [1.5, 2.5] (row 7, y 0.25: columns 11 and 12); with the moved one it would be at
    // x in [−2.5, −1.5]. The colour node shows normal_local()·0.5 + 0.5 in the fragments: the
    // moved normal (−1, 0, 0) gives (0, 0.5, 0.5).
    let mut assets = Assets::new();
    let geometry = square(Vec3::X)
        .with_morph_targets(
            vec![vec![Vec3::ZERO; 4]],
            Some(vec![vec![Vec3::new(-1.0, 1.0, 0.0); 4]]),
            true,
        )
        .unwrap()
        .with_skin_weights(vec![[0; 4]; 4], vec![Vec4::X; 4])
        .unwrap();
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.mul(g.normal_local(), g.float(2.0)))
        .unwrap();
    let shown = g.add(g.mul(g.normal_local(), g.float(0.5)), g.float(0.5));
    g.set_output(COLOR_NODE, shown).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let material = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(program));
    let geometry = assets.geometries.add(geometry);
    let mut scene = Scene::new();
    let bone = scene.add(Object::group().rotated(0.0, 0.0, std::f32::consts::FRAC_PI_2));
    scene.add(
        Object::mesh(geometry, material)
            .with_morph_influences(vec![1.0])
            .with_skin(Skin::new(vec![bone], vec![Mat4::IDENTITY])),
    );
    let image = render(&scene, &assets);
    assert_eq!(covered(&image, 7), vec![11, 12]);
    let v = image.pixel(11, 7).unwrap();
    let expected = [0.0, 0.5, 0.5, 1.0];
    assert!(
        v.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-5),
        "{v:?}"
    );
}

/// three.js's raycaster picks a mesh after its morph targets and bones
/// (`Mesh.getVertexPosition`, `SkinnedMesh.applyBoneTransform`) but not its displacement map.
#[test]
fn the_raycaster_picks_the_morphed_and_skinned_mesh() {
    // The square (normal +z) morphed by a relative (0, 0, 1) at 0.5: z = 0.5; skinned to a bone
    // at (2, 0, 0): x in [1.5, 2.5]. Its displacement map (scale 1, bias 1: 2 along +z) is not
    // picked. The ray down −z from (2, 0.1, 3) meets it 2.5 away at (2, 0.1, 0.5); from x = 0
    // it meets nothing.
    let mut assets = Assets::new();
    let geometry = square(Vec3::Z)
        .with_morph_targets(vec![vec![Vec3::Z; 4]], None, true)
        .unwrap()
        .with_skin_weights(vec![[0; 4]; 4], vec![Vec4::X; 4])
        .unwrap();
    let map = assets.textures.add(flat_texture(255));
    let material = assets.materials.add(Material {
        displacement_map: Some(map),
        displacement_bias: 1.0,
        ..Material::basic(Color::WHITE)
    });
    let geometry = assets.geometries.add(geometry);
    let mut scene = Scene::new();
    let bone = scene.add(Object::group().at(Vec3::new(2.0, 0.0, 0.0)));
    let id = scene.add(
        Object::mesh(geometry, material)
            .with_morph_influences(vec![0.5])
            .with_skin(Skin::new(vec![bone], vec![Mat4::IDENTITY])),
    );
    let down = |x| Raycaster::new(Vec3::new(x, 0.1, 3.0), Vec3::NEG_Z).unwrap();
    let hits = down(2.0).intersect(&scene, &assets).unwrap();
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].object, id);
    assert!((hits[0].distance - 2.5).abs() < 1e-6);
    assert!(hits[0].point.abs_diff_eq(Vec3::new(2.0, 0.1, 0.5), 1e-6));
    assert!(down(0.0).intersect(&scene, &assets).unwrap().is_empty());
}

/// Bad morphs and skins are an `Err` naming the object, never a panic, from the renderer and
/// the raycaster alike.
#[test]
fn bad_morphs_and_skins_are_refused() {
    let mut assets = Assets::new();
    let paint = assets.materials.add(Material::basic(Color::WHITE));
    let skinned = assets.geometries.add(
        square(Vec3::Z)
            .with_skin_weights(vec![[0, 3, 0, 0]; 4], vec![Vec4::X; 4])
            .unwrap(),
    );
    let plain = assets.geometries.add(square(Vec3::Z));
    let cases = [
        (
            Object::mesh(skinned, paint)
                .with_skin(Skin::new(vec![ObjectId(0)], vec![Mat4::IDENTITY])),
            DeformError::JointOutOfRange {
                vertex: 0,
                joint: 3,
                bones: 1,
            },
        ),
        (
            Object::mesh(plain, paint)
                .with_skin(Skin::new(vec![ObjectId(0)], vec![Mat4::IDENTITY])),
            DeformError::NoSkinWeights,
        ),
        (
            Object::mesh(plain, paint).with_morph_influences(vec![1.0]),
            DeformError::MorphInfluences {
                influences: 1,
                targets: 0,
            },
        ),
    ];
    for (object, error) in cases {
        let mut scene = Scene::new();
        scene.add(object);
        let expected = Err(RenderError::Refused(Refusal::Deform { object: 0, error }));
        let rendered = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera(), &assets);
        assert_eq!(rendered.map(|_| ()), expected);
        let picked = Raycaster::new(Vec3::Z, Vec3::NEG_Z)
            .unwrap()
            .intersect(&scene, &assets);
        assert_eq!(picked.map(|_| ()), expected);
    }
    // A displacement map that is not in the textures.
    let missing = assets.materials.add(Material {
        displacement_map: Some(tsl::core::TextureId(99)),
        ..Material::basic(Color::WHITE)
    });
    let mut scene = Scene::new();
    scene.add(Object::mesh(plain, missing));
    let rendered = Renderer::new(RenderSettings::new(4, 4)).render(&scene, &camera(), &assets);
    assert!(matches!(
        rendered,
        Err(RenderError::Refused(Refusal::MissingTexture {
            texture: 99,
            ..
        }))
    ));
    // The geometry's own: joints and weights not one per vertex, normal targets not one per
    // position target.
    assert!(square(Vec3::Z)
        .with_skin_weights(vec![[0; 4]; 3], vec![Vec4::X; 4])
        .is_err());
    assert!(square(Vec3::Z)
        .with_morph_targets(
            vec![vec![Vec3::Z; 4]; 2],
            Some(vec![vec![Vec3::Z; 4]]),
            false
        )
        .is_err());
}
