//! Instanced meshes (R-INST-1 to R-INST-4, docs/requirements.md): a draw per instance through its
//! matrix, the instance's colour times the diffuse colour, `instance_index()`, the position node
//! before the instance matrix, `count`, and the refusals. Expected values are worked out by hand
//! or come from the same scene built of plain meshes.

use glam::{Mat4, Quat};
use tsl::prelude::*;
use tsl::raster::*;

/// The image's size: 8 pixels per unit of an orthographic view from x = −2 to 2, y = −1 to 1.
const W: u32 = 32;
const H: u32 = 16;

fn ortho() -> Camera {
    Camera::orthographic(-2.0, 2.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z)
}

fn render(scene: &Scene, camera: &Camera, assets: &Assets) -> LinearImage {
    Renderer::new(RenderSettings::new(W, H))
        .render_linear(scene, camera, assets)
        .unwrap()
}

/// Four unit squares side by side, centred at x = −1.5, −0.5, 0.5, 1.5.
fn row() -> Vec<Mat4> {
    (0..4)
        .map(|i| Mat4::from_translation(Vec3::new(i as f32 - 1.5, 0.0, 0.0)))
        .collect()
}

/// The centre pixel of square `i` of [`row`].
fn centre(image: &LinearImage, i: u32) -> [f32; 4] {
    image.pixel(4 + 8 * i, H / 2).unwrap()
}

fn near(got: [f32; 4], want: [f32; 3]) -> bool {
    got.iter().zip(want).all(|(g, w)| (g - w).abs() <= 1e-5)
}

#[test]
fn an_instanced_mesh_draws_as_the_same_meshes_placed_one_by_one() {
    let matrices: Vec<Mat4> = (0..5)
        .map(|i| {
            Mat4::from_scale_rotation_translation(
                Vec3::splat(0.6 + 0.1 * i as f32),
                Quat::from_euler(glam::EulerRot::XYZ, 0.4 * i as f32, 0.3 * i as f32, 0.1),
                Vec3::new(i as f32 * 0.8 - 1.6, 0.2 * i as f32 - 0.4, -0.5 * i as f32),
            )
        })
        .collect();
    let mut assets = Assets::new();
    let cube = assets
        .geometries
        .add(BoxGeometry::new(0.5, 0.5, 0.5).build());
    let m = assets
        .materials
        .add(Material::standard(Color::from_hex(0x88aa44), 0.4, 0.2));
    let lights = |scene: &mut Scene| {
        scene.add_light(Light::ambient(Color::WHITE, 0.3));
        scene.add_light(Light::directional(
            Color::WHITE,
            2.0,
            Vec3::new(1.0, 2.0, 3.0),
        ));
    };
    let camera = Camera::perspective(50.0, 0.1, 50.0)
        .at(Vec3::new(0.0, 1.0, 4.0))
        .looking_at(Vec3::ZERO);
    let mut instanced = Scene::new();
    lights(&mut instanced);
    let parent = Transform::from_position(Vec3::new(0.1, -0.2, 0.0));
    let mut object = Object::instanced_mesh(cube, m, Instances::new(matrices.clone()).unwrap());
    object.transform = parent;
    instanced.add(object);
    let mut plain = Scene::new();
    lights(&mut plain);
    for matrix in &matrices {
        let (scale, rotation, position) =
            (parent.matrix() * *matrix).to_scale_rotation_translation();
        let mut one = Object::mesh(cube, m);
        one.transform = Transform {
            position,
            rotation,
            scale,
        };
        plain.add(one);
    }
    let big = Renderer::new(RenderSettings::new(64, 64));
    let a = big.render_linear(&instanced, &camera, &assets).unwrap();
    let b = big.render_linear(&plain, &camera, &assets).unwrap();
    let mut covered = 0;
    for (p, q) in a.pixels().iter().zip(b.pixels()) {
        assert!(near(*p, [q[0], q[1], q[2]]), "{p:?} vs {q:?}");
        covered += usize::from(p[0] > 0.0);
    }
    assert!(covered > 100, "the cubes cover pixels ({covered})");
}

#[test]
fn instance_colours_multiply_the_colour_the_vertex_colours_and_the_colour_node() {
    let colours = [
        Color::linear(1.0, 0.0, 0.0),
        Color::linear(0.0, 0.5, 1.0),
        Color::linear(0.25, 0.75, 0.5),
        Color::linear(1.0, 1.0, 1.0),
    ];
    let instances = Instances::new(row())
        .unwrap()
        .with_colors(colours.to_vec())
        .unwrap();
    let square = PlaneGeometry::new(1.0, 1.0).build();
    let grey = vec![Vec3::splat(0.5); 4];
    let node = {
        let g = NodeGraph::new();
        g.set_output(COLOR_NODE, g.vec3(0.5, 1.0, 0.25)).unwrap();
        g.compile().unwrap()
    };
    let cases: [(Material, Vec3); 3] = [
        (
            Material::basic(Color::linear(0.5, 0.5, 1.0)),
            Vec3::new(0.5, 0.5, 1.0),
        ),
        (
            Material {
                vertex_colors: true,
                ..Material::basic(Color::WHITE)
            },
            Vec3::splat(0.5),
        ),
        (Material::basic(Color::WHITE), Vec3::new(0.5, 1.0, 0.25)),
    ];
    for (k, (material, base)) in cases.into_iter().enumerate() {
        let mut assets = Assets::new();
        let g = assets
            .geometries
            .add(square.clone().with_colors(grey.clone()).unwrap());
        let material = if k == 2 {
            material.with_nodes(assets.programs.add(node.clone()))
        } else {
            material
        };
        let m = assets.materials.add(material);
        let mut scene = Scene::new();
        scene.add(Object::instanced_mesh(g, m, instances.clone()));
        let image = render(&scene, &ortho(), &assets);
        for (i, c) in colours.iter().enumerate() {
            let want = (base * c.to_vec3()).to_array();
            let got = centre(&image, i as u32);
            assert!(
                near(got, want),
                "case {k}, instance {i}: {got:?} vs {want:?}"
            );
        }
    }
}

#[test]
fn instance_index_counts_the_instances() {
    let g = NodeGraph::new();
    let k = g.div(g.instance_index(), g.float(3.0));
    g.set_output(
        COLOR_NODE,
        g.join(&[k, g.sub(g.float(1.0), k), g.float(0.0)]),
    )
    .unwrap();
    let mut assets = Assets::new();
    let p = assets.programs.add(g.compile().unwrap());
    let square = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let m = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(p));
    let mut scene = Scene::new();
    scene.add(Object::instanced_mesh(
        square,
        m,
        Instances::new(row()).unwrap(),
    ));
    let image = render(&scene, &ortho(), &assets);
    for i in 0..4 {
        let k = i as f32 / 3.0;
        let got = centre(&image, i);
        assert!(near(got, [k, 1.0 - k, 0.0]), "instance {i}: {got:?}");
    }
    // A plain mesh is instance 0.
    let mut scene = Scene::new();
    scene.add(Object::mesh(square, m).at(Vec3::new(-1.5, 0.0, 0.0)));
    let got = centre(&render(&scene, &ortho(), &assets), 0);
    assert!(near(got, [0.0, 1.0, 0.0]), "{got:?}");
}

#[test]
fn the_position_node_runs_before_the_instance_matrix() {
    // A 0.5-wide square moved 0.25 along x by its position node, then scaled by 2: it spans
    // x = 2·(−0.25 + 0.25) = 0 to 2·(0.25 + 0.25) = 1 (after the matrix it would span −0.25 to
    // 0.75).
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.vec3(0.25, 0.0, 0.0)).unwrap();
    let mut assets = Assets::new();
    let p = assets.programs.add(g.compile().unwrap());
    let square = assets.geometries.add(PlaneGeometry::new(0.5, 0.5).build());
    let m = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(p));
    let mut scene = Scene::new();
    let doubled = Instances::new(vec![Mat4::from_scale(Vec3::splat(2.0))]).unwrap();
    scene.add(Object::instanced_mesh(square, m, doubled));
    let image = render(&scene, &ortho(), &assets);
    // Pixel columns 16..24 are x = 0 to 1.
    for x in 0..W {
        let inside = (16..24).contains(&x);
        let got = image.pixel(x, H / 2).unwrap();
        assert_eq!(got[0] == 1.0, inside, "column {x}: {got:?}");
    }
}

#[test]
fn count_draws_the_first_instances_only() {
    let mut assets = Assets::new();
    let square = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let m = assets.materials.add(Material::basic(Color::WHITE));
    let mut scene = Scene::new();
    let two = Instances::new(row()).unwrap().with_count(2).unwrap();
    scene.add(Object::instanced_mesh(square, m, two));
    let image = render(&scene, &ortho(), &assets);
    let drawn: Vec<bool> = (0..4).map(|i| centre(&image, i)[0] == 1.0).collect();
    assert_eq!(drawn, [true, true, false, false]);
}

#[test]
fn bad_instances_are_refused() {
    assert!(Instances::new(Vec::new()).is_err());
    let mut nan = row();
    nan[2].w_axis.x = f32::NAN;
    let err = Instances::new(nan).unwrap_err();
    assert!(err.to_string().contains("instance 2"), "{err}");
    assert!(Instances::new(row())
        .unwrap()
        .with_colors(vec![Color::WHITE; 3])
        .is_err());
    assert!(Instances::new(row())
        .unwrap()
        .with_colors(vec![Color::linear(f32::INFINITY, 0.0, 0.0); 4])
        .is_err());
    assert!(Instances::new(row()).unwrap().with_count(5).is_err());
}

#[test]
fn a_position_node_reads_the_instance_index() {
    // Two unit squares at the origin; the position node moves each by its index along x: the
    // first covers x = −0.5 to 0.5 (pixels 12..20), the second 0.5 to 1.5 (pixels 20..28).
    let g = NodeGraph::new();
    g.set_output(
        POSITION_NODE,
        g.join(&[g.instance_index(), g.float(0.0), g.float(0.0)]),
    )
    .unwrap();
    let mut assets = Assets::new();
    let p = assets.programs.add(g.compile().unwrap());
    let square = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let m = assets
        .materials
        .add(Material::basic(Color::WHITE).with_nodes(p));
    let mut scene = Scene::new();
    let two = Instances::new(vec![Mat4::IDENTITY; 2]).unwrap();
    scene.add(Object::instanced_mesh(square, m, two));
    let image = render(&scene, &ortho(), &assets);
    for x in 0..W {
        let inside = (12..28).contains(&x);
        let got = image.pixel(x, H / 2).unwrap();
        assert_eq!(got[0] == 1.0, inside, "column {x}: {got:?}");
    }
}
