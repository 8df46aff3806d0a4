//! R-MAT-2 to R-MAT-6 (docs/requirements.md), and the rest of what the renderer refuses: each an
//! `Err` whose message names the cause, never a panic. Hostile but valid input (huge or
//! degenerate geometry, the camera inside it, odd cameras) draws without panicking.

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

fn camera() -> Camera {
    Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 3.0))
        .looking_at(Vec3::ZERO)
}

fn colour_program() -> NodeProgram {
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.vec3(1.0, 0.0, 0.0)).unwrap();
    g.compile().unwrap()
}

/// Draw one sphere with `material` (its `nodes` naming the first program, if any).
fn draw(material: Material, assets: &mut Assets) -> Result<Image, RenderError> {
    let g = assets
        .geometries
        .add(SphereGeometry::new(1.0, 8, 6).build());
    let m = assets.materials.add(material);
    let mut scene = Scene::new();
    scene.add(Object::mesh(g, m));
    Renderer::new(RenderSettings::new(16, 16)).render(&scene, &camera(), assets)
}

fn refused(result: Result<Image, RenderError>, words: &str) {
    match result {
        Err(e) => assert!(
            e.to_string().contains(words),
            "'{e}' does not say '{words}'"
        ),
        Ok(_) => panic!("drawn, not refused ('{words}')"),
    }
}

#[test]
fn normals_and_depth_materials_refuse_a_program() {
    for kind in [MaterialKind::Normals, MaterialKind::Depth] {
        let mut assets = Assets::new();
        let p = assets.programs.add(colour_program());
        let material = Material::new(kind, Color::WHITE).with_nodes(p);
        refused(draw(material, &mut assets), "refuses a node program");
        let mut assets = Assets::new();
        assert!(draw(Material::new(kind, Color::WHITE), &mut assets).is_ok());
    }
}

#[test]
fn a_wireframe_refuses_a_program() {
    let mut assets = Assets::new();
    let p = assets.programs.add(colour_program());
    let material = Material {
        wireframe: true,
        ..Material::basic(Color::WHITE).with_nodes(p)
    };
    refused(draw(material, &mut assets), "a line has no surface");
}

#[test]
fn a_program_id_not_in_the_store_is_refused_when_drawn() {
    let mut assets = Assets::new();
    let material = shader_material(ProgramId(3));
    refused(
        draw(material, &mut assets),
        "program 3 is not in assets.programs",
    );
}

#[test]
fn a_texture_not_in_the_store_is_refused_when_drawn() {
    // A texture node by id.
    let mut assets = Assets::new();
    let g = NodeGraph::new();
    g.set_output(
        COLOR_NODE,
        g.swizzle(g.texture(TextureId(7), g.uv()), "xyz"),
    )
    .unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    refused(
        draw(shader_material(p), &mut assets),
        "reads texture 7, which is not in assets.textures",
    );

    // A texture uniform pointed at a missing texture.
    let mut assets = Assets::new();
    let image = Image::from_rgba8(1, 1, vec![255; 4]).unwrap();
    let real = assets
        .textures
        .add(tsl::raster::Texture::new(image, ColorSpace::Srgb));
    let g = NodeGraph::new();
    let map = g.texture_uniform("map", real);
    g.set_output(COLOR_NODE, g.swizzle(g.texture(map, g.uv()), "xyz"))
        .unwrap();
    let mut program = g.compile().unwrap();
    program.set_texture("map", TextureId(9)).unwrap();
    let p = assets.programs.add(program);
    refused(
        draw(shader_material(p), &mut assets),
        "texture uniform 'map' names texture 9",
    );

    // A material map.
    let mut assets = Assets::new();
    let material = Material {
        map: Some(TextureId(2)),
        ..Material::basic(Color::WHITE)
    };
    refused(
        draw(material, &mut assets),
        "texture 2 that is not in assets.textures",
    );
}

#[test]
fn missing_geometries_materials_and_parent_cycles_are_refused() {
    let assets = Assets::new();
    let mut scene = Scene::new();
    scene.add(Object::mesh(GeometryId(0), MaterialId(0)));
    refused(
        Renderer::new(RenderSettings::new(8, 8)).render(&scene, &camera(), &assets),
        "geometry 0 is not in assets.geometries",
    );
    let mut assets = Assets::new();
    assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    refused(
        Renderer::new(RenderSettings::new(8, 8)).render(&scene, &camera(), &assets),
        "material 0 is not in assets.materials",
    );
    let mut scene = Scene::new();
    let a = scene.add(Object::group());
    let b = scene.add(Object::group().child_of(a));
    scene.object_mut(a).unwrap().parent = Some(b);
    refused(
        Renderer::new(RenderSettings::new(8, 8)).render(&scene, &camera(), &assets),
        "cycle",
    );
}

#[test]
fn impossible_images_and_cameras_are_refused() {
    let assets = Assets::new();
    let scene = Scene::new();
    refused(
        Renderer::new(RenderSettings::new(0, 8)).render(&scene, &camera(), &assets),
        "0×8",
    );
    refused(
        Renderer::new(RenderSettings::new(1 << 16, 1 << 16)).render(&scene, &camera(), &assets),
        "2^28",
    );
    let broken = Camera::perspective(f32::NAN, 0.1, 10.0);
    refused(
        Renderer::new(RenderSettings::new(8, 8)).render(&scene, &broken, &assets),
        "not finite",
    );
    assert!(Image::from_png(b"not a png").is_err());
    assert!(Image::from_rgba8(2, 2, vec![0; 3]).is_err());
    assert!(encode_apng(&[], 10).is_err());
}

/// A small deterministic generator for the hostile scenes.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

#[test]
fn hostile_scenes_draw_without_panicking() {
    let mut rng = Lcg(7);
    let mut assets = Assets::new();
    let g = NodeGraph::new();
    let wave = g.sin(g.mul(g.swizzle(g.position_world(), "x"), g.float(1e6)));
    g.set_output(
        COLOR_NODE,
        g.div(g.normal_view(), g.join(&[wave, wave, wave])),
    )
    .unwrap();
    g.set_output(DEPTH_NODE, g.div(g.float(1.0), wave)).unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    let shapes = [
        SphereGeometry::new(1.0, 12, 8).build(),
        BoxGeometry::new(1e6, 1e-6, 1.0).build(),
        TorusGeometry::new(0.0, 0.0, 3, 3).build(),
        PlaneGeometry::new(1e30, 1e30).build(),
        Geometry::from_data(
            vec![Vec3::ZERO, Vec3::ZERO, Vec3::ZERO],
            None,
            None,
            vec![[0, 1, 2], [2, 1, 0]],
        )
        .unwrap(),
    ];
    let geometries: Vec<_> = shapes
        .into_iter()
        .map(|s| assets.geometries.add(s))
        .collect();
    let materials = [
        assets
            .materials
            .add(Material::standard(Color::WHITE, 0.0, 1.0).with_nodes(p)),
        assets.materials.add(Material {
            transparent: true,
            side: Side::Double,
            alpha_test: 0.5,
            flat_shading: true,
            ..Material::physical(Color::WHITE, 0.5, 0.0)
        }),
        assets.materials.add(Material::normals()),
    ];
    for round in 0..24 {
        let mut scene = Scene::new();
        for (i, &g) in geometries.iter().enumerate() {
            let m = materials[(i + round) % materials.len()];
            let scale = 10f32.powf(rng.next() * 3.0);
            scene.add(
                Object::mesh(g, m)
                    .at(Vec3::new(rng.next(), rng.next(), rng.next()) * 3.0)
                    .rotated(rng.next() * 4.0, rng.next() * 4.0, rng.next())
                    .scaled(Vec3::new(scale, scale * rng.next(), 1.0)),
            );
        }
        scene.add_light(Light::point(Color::WHITE, 5.0, Vec3::ZERO));
        scene.add_light(Light::spot(Color::WHITE, 5.0, Vec3::ZERO, Vec3::ZERO, 0.0));
        scene.fog = Some(Fog::Exp2 {
            color: Color::WHITE,
            density: rng.next(),
        });
        let eye = Vec3::new(rng.next(), rng.next(), rng.next()) * 2.0;
        let camera = if round % 3 == 0 {
            Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.0, 1e-9).at(eye)
        } else {
            Camera::perspective(170.0 * rng.next().abs(), 1e-4, 1e6)
                .at(eye)
                .looking_at(eye)
        };
        let mut renderer = Renderer::new(RenderSettings::new(13, 7));
        renderer.settings.time = rng.next() * 1e9;
        let _ = renderer.render(&scene, &camera, &assets);
    }
}
