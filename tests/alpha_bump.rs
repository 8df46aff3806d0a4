//! The alpha map and the bump map at the places the core specification names (docs/requirements.md), worked
//! by hand on a plane that fills an orthographic 32×32 view; tests/raster_three.rs
//! (`alpha_bump`) holds both to three.js's render.

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

const SIZE: u32 = 32;

/// A linear, clamped, unmipmapped data texture of `texels` (RGBA bytes, one row).
fn row(assets: &mut Assets, texels: &[[u8; 4]]) -> TextureId {
    let bytes = texels.iter().flatten().copied().collect();
    let image = Image::from_rgba8(texels.len() as u32, 1, bytes).unwrap();
    let mut t = Texture::new(image, ColorSpace::Linear);
    t.flip_y = false;
    t.min_filter = Filter::Linear;
    assets.textures.add(t)
}

/// The linear render of `material` on a 2×2 plane facing an orthographic camera that it fills,
/// over black.
fn render(material: Material, assets: &mut Assets) -> LinearImage {
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    let g = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let m = assets.materials.add(material);
    scene.add(Object::mesh(g, m));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 2.0));
    Renderer::new(RenderSettings::new(SIZE, SIZE))
        .render_linear(&scene, &camera, assets)
        .unwrap()
}

/// OPACITY_NODE is "the opacity, the map's alpha and the alpha map": the alpha map's first
/// component (128/255, its green 0) multiplies the opacity (0.5), and a node replaces both.
#[test]
fn an_opacity_node_replaces_the_opacity_and_the_alpha_map() {
    let mut assets = Assets::new();
    let alpha = row(&mut assets, &[[128, 0, 0, 255]]);
    let white = |opacity| Material {
        transparent: true,
        opacity,
        ..Material::basic(Color::WHITE)
    };
    let mapped = render(
        Material {
            alpha_map: Some(alpha),
            ..white(0.5)
        },
        &mut assets,
    );
    let expected = 0.5 * 128.0 / 255.0;
    let centre = mapped.pixel(16, 16).unwrap();
    assert!((centre[0] - expected).abs() < 1e-5, "{centre:?}");
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.float(0.75)).unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    let by_node = render(
        Material {
            alpha_map: Some(alpha),
            ..white(0.5)
        }
        .with_nodes(p),
        &mut assets,
    );
    let centre = by_node.pixel(16, 16).unwrap();
    assert!((centre[0] - 0.75).abs() < 1e-5, "{centre:?}");
}

/// A bumped plane: a height ramp in u (two texels, 0 and 255: h = 2u − 0.5 between the texel
/// centres) at bumpScale 16; one pixel is 1/32 of u, so dHdx = 16 · 2/32 = 1 and dHdy = 0; the
/// view position's derivatives are along x and y, so perturbNormalArb gives
/// normalize(−1, 0, 1) at the plane's middle.
fn bumped_plane(assets: &mut Assets, output: impl Fn(&NodeGraph) -> NodeRef) -> LinearImage {
    let ramp = row(assets, &[[0, 0, 0, 255], [255, 0, 0, 255]]);
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, output(&g)).unwrap();
    let p = assets.programs.add(g.compile().unwrap());
    let m = Material {
        bump_map: Some(ramp),
        bump_scale: 16.0,
        ..Material::standard(Color::WHITE, 1.0, 0.0)
    };
    render(m.with_nodes(p), assets)
}

/// normal_world() is the normal "after any normal or bump map".
#[test]
fn normal_world_is_after_the_bump_map() {
    let mut assets = Assets::new();
    let image = bumped_plane(&mut assets, |g| g.join(&[g.normal_world(), g.float(1.0)]));
    let p = image.pixel(16, 16).unwrap();
    let k = std::f32::consts::FRAC_1_SQRT_2;
    for (found, want) in p.iter().zip([-k, 0.0, k]) {
        assert!((found - want).abs() < 1e-4, "{p:?}");
    }
}

/// A derivative reads the interpolated normal "before any normal map, bump map or normal node":
/// the plane's is the same everywhere, so dfdx of normal_world() is zero even where the bumped
/// normal changes (at u = 0.25 the ramp begins: left of it the bump is flat).
#[test]
fn a_derivative_reads_the_normal_before_the_bump_map() {
    let mut assets = Assets::new();
    let image = bumped_plane(&mut assets, |g| {
        let d = g.add(
            g.abs(g.dfdx(g.normal_world())),
            g.abs(g.dfdy(g.normal_world())),
        );
        g.join(&[d, g.float(1.0)])
    });
    for y in 0..SIZE {
        for x in 0..SIZE {
            let p = image.pixel(x, y).unwrap();
            assert_eq!(&p[..3], &[0.0; 3], "({x}, {y})");
        }
    }
    // The bumped normal itself changes across the ramp's start.
    let normals = bumped_plane(&mut assets, |g| g.join(&[g.normal_world(), g.float(1.0)]));
    assert!(normals.pixel(2, 16).unwrap()[2] > 0.99);
    assert!(normals.pixel(16, 16).unwrap()[2] < 0.75);
}
