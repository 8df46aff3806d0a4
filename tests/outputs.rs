//! ROUGHNESS_NODE, METALNESS_NODE (R-OUT-17) and ALPHA_TEST_NODE (R-OUT-18), worked by hand:
//! a node of a constant draws what the material's number draws, a map's channel multiplies the
//! number, and a node's threshold applies even at zero. tests/raster_three.rs holds the outputs
//! to three.js's renders.

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

/// A 32×32 render of `material` on a sphere under a directional and an ambient light.
fn render_sphere(material: Material, assets: &mut Assets) -> Image {
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    let g = assets
        .geometries
        .add(SphereGeometry::new(0.8, 24, 12).build());
    let m = assets.materials.add(material);
    scene.add(Object::mesh(g, m));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 2.0, 3.0),
    ));
    scene.add_light(Light::ambient(Color::WHITE, 0.3));
    let camera = Camera::perspective(45.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 3.0))
        .looking_at(Vec3::ZERO);
    Renderer::new(RenderSettings::new(32, 32))
        .render(&scene, &camera, assets)
        .unwrap()
}

/// A program setting `output` to the constant `value`.
fn constant(assets: &mut Assets, output: Output, value: f32) -> ProgramId {
    let g = NodeGraph::new();
    g.set_output(output, g.float(value)).unwrap();
    assets.programs.add(g.compile().unwrap())
}

/// R-OUT-17: a constant node draws what the material's own number draws, on STANDARD and on
/// PHYSICAL's full model (a sheen), and replaces the number it overrides (the material's is
/// another).
#[test]
fn a_constant_roughness_or_metalness_node_is_the_materials_number() {
    let orange = Color::from_hex(0xcc8855);
    for physical in [false, true] {
        let base = |roughness, metalness| {
            let m = Material::standard(orange, roughness, metalness);
            if physical {
                Material {
                    kind: MaterialKind::Physical,
                    sheen: 0.4,
                    sheen_color: Color::WHITE,
                    ..m
                }
            } else {
                m
            }
        };
        let mut assets = Assets::new();
        let expected = render_sphere(base(0.3, 0.7), &mut assets);
        let r = constant(&mut assets, ROUGHNESS_NODE, 0.3);
        let m = constant(&mut assets, METALNESS_NODE, 0.7);
        let by_roughness = render_sphere(base(0.9, 0.7).with_nodes(r), &mut assets);
        let by_metalness = render_sphere(base(0.3, 0.1).with_nodes(m), &mut assets);
        assert!(
            by_roughness == expected,
            "physical {physical}: roughness node"
        );
        assert!(
            by_metalness == expected,
            "physical {physical}: metalness node"
        );
        assert!(render_sphere(base(0.9, 0.7), &mut assets) != expected);
    }
}

/// R-OUT-17: the roughness map's green channel and the metalness map's blue channel multiply
/// the numbers (a one-texel map, nearest, linear data: 128/255 and 64/255), and a node replaces
/// the number and its map together.
#[test]
fn the_maps_channels_multiply_the_numbers_and_a_node_replaces_both() {
    let orange = Color::from_hex(0xcc8855);
    let mut assets = Assets::new();
    let image = Image::from_rgba8(1, 1, vec![255, 128, 64, 255]).unwrap();
    let mut texture = Texture::new(image, ColorSpace::Linear);
    texture.mag_filter = Filter::Nearest;
    texture.min_filter = Filter::Nearest;
    let map = assets.textures.add(texture);
    let (green, blue) = (128.0f32 / 255.0, 64.0f32 / 255.0);
    let expected = render_sphere(
        Material::standard(orange, 0.9 * green, 0.8 * blue),
        &mut assets,
    );
    let mapped = Material {
        roughness_map: Some(map),
        metalness_map: Some(map),
        ..Material::standard(orange, 0.9, 0.8)
    };
    assert!(render_sphere(mapped.clone(), &mut assets) == expected);
    // Nodes of the products in place of the numbers and their maps.
    let g = NodeGraph::new();
    g.set_output(ROUGHNESS_NODE, g.float(0.9 * green)).unwrap();
    g.set_output(METALNESS_NODE, g.float(0.8 * blue)).unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    let noded = Material {
        roughness: 0.2,
        metalness: 0.1,
        ..mapped.with_nodes(p)
    };
    assert!(render_sphere(noded, &mut assets) == expected);
}

/// The number of white pixels of an orthographic 16×16 render of a plane filling the view,
/// white BASIC with opacity node 0 (opaque: a kept fragment is white), on black.
fn kept_pixels(alpha_test: f32, node: Option<f32>, opacity: f32) -> usize {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.float(opacity)).unwrap();
    if let Some(t) = node {
        g.set_output(ALPHA_TEST_NODE, g.float(t)).unwrap();
    }
    let p = assets.programs.add(g.compile().unwrap());
    let plane = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let m = assets.materials.add(Material {
        alpha_test,
        ..Material::basic(Color::WHITE).with_nodes(p)
    });
    scene.add(Object::mesh(plane, m));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    let image = Renderer::new(RenderSettings::new(16, 16))
        .render(&scene, &camera, &assets)
        .unwrap();
    (0..16)
        .flat_map(|y| (0..16).map(move |x| (x, y)))
        .filter(|&(x, y)| image.pixel(x, y).unwrap()[..3] == [255, 255, 255])
        .count()
}

/// R-OUT-18: three tests `alpha <= alphaTestNode` whenever the node is set: a threshold of 0
/// throws away an alpha of 0 (the material's `alpha_test` of 0 tests nothing), and the node's
/// threshold replaces the material's either way.
#[test]
fn an_alpha_test_node_of_zero_throws_away_an_alpha_of_zero() {
    assert_eq!(kept_pixels(0.0, None, 0.0), 256);
    assert_eq!(kept_pixels(0.0, Some(0.0), 0.0), 0);
    assert_eq!(kept_pixels(0.0, Some(0.0), 0.01), 256);
    // The node's 0.3 in place of the material's 0.9: an alpha of 0.5 is kept, 0.3 is not.
    assert_eq!(kept_pixels(0.9, None, 0.5), 0);
    assert_eq!(kept_pixels(0.9, Some(0.3), 0.5), 256);
    assert_eq!(kept_pixels(0.9, Some(0.3), 0.3), 0);
}
