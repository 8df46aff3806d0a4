//! The rasterizer's behaviour, with expected values worked out by hand: coverage (the top-left
//! rule, pixel centres), perspective-correct interpolation through the near plane, the order of the
//! outputs (R-RUN-6, docs/requirements.md) (depth node before the depth test, the mask claiming no
//! depth, the bent normal, the AO, the colour times the light, the fog before the output node, the
//! alpha that stays), the position node on the host, `prepare_frame`, derivatives, varyings, mip
//! levels and the shading views.

use glam::{Vec2, Vec3};
use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

const N: u32 = 8;

/// An orthographic camera whose view is x, y in [-1, 1], at z = 1 looking down −z.
fn ortho() -> Camera {
    Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z)
}

struct Setup {
    scene: Scene,
    assets: Assets,
}

impl Setup {
    fn new() -> Setup {
        Setup {
            scene: Scene::new(),
            assets: Assets::new(),
        }
    }

    fn program(&mut self, graph: &NodeGraph) -> ProgramId {
        self.assets.programs.add(graph.compile().unwrap())
    }

    fn add(&mut self, geometry: Geometry, material: Material, position: Vec3) -> ObjectId {
        let g = self.assets.geometries.add(geometry);
        let m = self.assets.materials.add(material);
        self.scene.add(Object::mesh(g, m).at(position))
    }

    fn linear(&self, renderer: &Renderer, camera: &Camera) -> LinearImage {
        renderer
            .render_linear(&self.scene, camera, &self.assets)
            .unwrap()
    }

    fn image(&self, renderer: &Renderer, camera: &Camera) -> Image {
        renderer.render(&self.scene, camera, &self.assets).unwrap()
    }
}

fn plane(w: f64, h: f64) -> Geometry {
    PlaneGeometry::new(w, h).build()
}

fn close(a: [f32; 4], b: [f32; 4], tolerance: f32) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tolerance)
}

fn covered_columns(image: &Image, row: u32) -> Vec<u32> {
    (0..image.width())
        .filter(|&x| image.pixel(x, row).unwrap()[3] != 0)
        .collect()
}

#[test]
fn edges_through_pixel_centres_follow_the_top_left_rule() {
    // x from -0.625 (the centre of column 1) to 0.625 (the centre of column 6): the left edge
    // takes its centres, the right edge leaves them. Rows likewise: top in, bottom out.
    let mut s = Setup::new();
    s.add(plane(1.25, 1.25), Material::basic(Color::WHITE), Vec3::ZERO);
    let image = s.image(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    for row in 0..N {
        let expected: Vec<u32> = if (1..=5).contains(&row) {
            (1..=5).collect()
        } else {
            vec![]
        };
        assert_eq!(covered_columns(&image, row), expected, "row {row}");
    }
}

#[test]
fn attributes_are_perspective_correct_through_the_near_plane() {
    // A floor at y = -1 from z = -4 to 4 around a camera at the origin (fov 90°): it crosses the
    // near plane. Each pixel's uv is where its ray meets the floor.
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.join(&[g.uv(), g.float(0.0)]))
        .unwrap();
    let p = s.program(&g);
    let floor = s.add(
        plane(8.0, 8.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::new(0.0, -1.0, 0.0),
    );
    s.scene
        .object_mut(floor)
        .unwrap()
        .transform
        .set_euler(-PI / 2.0, 0.0, 0.0);
    let size = 16;
    let camera = Camera::perspective(90.0, 0.1, 100.0);
    let image = s.linear(&Renderer::new(RenderSettings::new(size, size)), &camera);
    let mut checked = 0;
    for j in 0..size {
        for i in 0..size {
            let nx = -1.0 + (i as f64 + 0.5) * 2.0 / size as f64;
            let ny = 1.0 - (j as f64 + 0.5) * 2.0 / size as f64;
            let pixel = image.pixel(i, j).unwrap();
            if ny >= 0.0 {
                assert_eq!(pixel[3], 0.0, "({i}, {j}) sees the sky");
                continue;
            }
            let t = -1.0 / ny;
            let x = nx * t;
            if x.abs() > 3.9 || t > 3.9 {
                continue;
            }
            let (u, v) = ((x + 4.0) / 8.0, (t + 4.0) / 8.0);
            assert!(
                close(pixel, [u as f32, v as f32, 0.0, 1.0], 2e-5),
                "({i}, {j}): {pixel:?} against ({u}, {v})"
            );
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn the_depth_node_runs_before_the_depth_test() {
    // Green in front (z = 0.5) with DEPTH_NODE = 0.99, red behind (z = 0, window depth 0.0909):
    // the red wins everywhere.
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(DEPTH_NODE, g.float(0.99)).unwrap();
    let p = s.program(&g);
    let green = Color::linear(0.0, 1.0, 0.0);
    s.add(
        plane(2.0, 2.0),
        Material::basic(green).with_nodes(p),
        Vec3::new(0.0, 0.0, 0.5),
    );
    s.add(
        plane(1.0, 1.0),
        Material::basic(Color::linear(1.0, 0.0, 0.0)),
        Vec3::ZERO,
    );
    let image = s.linear(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    assert_eq!(image.pixel(4, 4).unwrap(), [1.0, 0.0, 0.0, 1.0]);
    // Outside the red square the green (depth 0.99) still covers the clear depth of 1.
    assert_eq!(image.pixel(0, 0).unwrap(), [0.0, 1.0, 0.0, 1.0]);
}

#[test]
fn a_fragment_the_mask_throws_away_claims_no_depth() {
    // The front plane's left half is masked away; it is drawn first (opaque draws go front to
    // back), so a depth written there would hide the red plane behind it.
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(MASK_NODE, g.step(g.float(0.5), g.swizzle(g.uv(), "x")))
        .unwrap();
    let p = s.program(&g);
    let green = Color::linear(0.0, 1.0, 0.0);
    s.add(
        plane(2.0, 2.0),
        Material::basic(green).with_nodes(p),
        Vec3::new(0.0, 0.0, 0.5),
    );
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::linear(1.0, 0.0, 0.0)),
        Vec3::ZERO,
    );
    let image = s.linear(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    for x in 0..N {
        let expected = if x < 4 {
            [1.0, 0.0, 0.0, 1.0]
        } else {
            [0.0, 1.0, 0.0, 1.0]
        };
        assert_eq!(image.pixel(x, 3).unwrap(), expected, "column {x}");
    }
}

#[test]
fn a_discard_joins_the_mask() {
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.If(g.less_than(g.swizzle(g.uv(), "y"), g.float(0.5)));
    g.Discard();
    g.End();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::ZERO,
    );
    let image = s.image(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    // v < 0.5 is the lower half of the image.
    assert_eq!(image.pixel(2, 2).unwrap(), [255, 255, 255, 255]);
    assert_eq!(image.pixel(2, 6).unwrap(), [0, 0, 0, 0]);
}

#[test]
fn a_vec3_output_node_is_opaque_as_three_renders_it() {
    // A transparent plane (opacity 0.5) whose output node paints it red: three.js writes
    // `vec4(outputNode)`, alpha 1 (R-OUT-12). three.js r187 renders exactly this as
    // (255, 0, 0, 255) (tools/oracle_probes/output_alpha.mjs, tests/fixtures/output_alpha).
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.vec3(1.0, 0.0, 0.0)).unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material {
            transparent: true,
            opacity: 0.5,
            ..Material::basic(Color::WHITE).with_nodes(p)
        },
        Vec3::ZERO,
    );
    let renderer = Renderer::new(RenderSettings::new(N, N));
    assert_eq!(
        s.linear(&renderer, &ortho()).pixel(1, 1).unwrap(),
        [1.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(
        s.image(&renderer, &ortho()).pixel(1, 1).unwrap(),
        [255, 0, 0, 255]
    );
}

#[test]
fn vertex_color_is_the_geometry_s_raw_colour_as_three_reads_it() {
    // three.js r187's `vertexColor()` (VertexColorNode.js) is the geometry's `color` attribute as
    // a vec4 (alpha 1 for rgb colours), not times the material's colour, and the constant
    // (1, 1, 1, 1) where the geometry has no colours; `vertexColors` is off here, so the colour
    // node is the colour (R-VAL-8). By hand: a red material whose plane has the corner colours
    // (0.2, 0.4, 0.6) everywhere shows (0.2, 0.4, 0.6); a plane without colours shows white.
    let pixel = |colours: bool| {
        let mut s = Setup::new();
        let g = NodeGraph::new();
        g.set_output(COLOR_NODE, g.vertex_color()).unwrap();
        let p = s.program(&g);
        let mut geometry = plane(2.0, 2.0);
        if colours {
            let n = geometry.positions().len();
            geometry = geometry
                .with_colors(vec![Vec3::new(0.2, 0.4, 0.6); n])
                .unwrap();
        }
        let red = Material::basic(Color::linear(1.0, 0.0, 0.0)).with_nodes(p);
        s.add(geometry, red, Vec3::ZERO);
        let renderer = Renderer::new(RenderSettings::new(N, N));
        s.linear(&renderer, &ortho()).pixel(1, 1).unwrap()
    };
    let got = pixel(true);
    assert!(close(got, [0.2, 0.4, 0.6, 1.0], 1e-6), "{got:?}");
    assert_eq!(pixel(false), [1.0, 1.0, 1.0, 1.0]);
}

/// A transparent 2×2 plane of opacity 0.5 with `build`'s outputs, and its linear pixel (1, 1):
/// blended over a clear of zero, the framebuffer holds (rgb · a, a).
fn transparent_pixel(build: impl Fn(&NodeGraph)) -> [f32; 4] {
    let mut s = Setup::new();
    let g = NodeGraph::new();
    build(&g);
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material {
            transparent: true,
            opacity: 0.5,
            ..Material::basic(Color::WHITE).with_nodes(p)
        },
        Vec3::ZERO,
    );
    let renderer = Renderer::new(RenderSettings::new(N, N));
    s.linear(&renderer, &ortho()).pixel(1, 1).unwrap()
}

#[test]
fn a_colour_node_is_times_the_vertex_colours_when_the_material_has_them_on() {
    // three.js r187's NodeMaterial.setupDiffuseColor: `colorNode.mul(vertexColor())` when
    // `vertexColors` is on and the geometry has colours (R-OUT-13). By hand: the colour node
    // (0.5, 0.5, 1) times the corner colours (0.2, 0.4, 0.6) is (0.1, 0.2, 0.6); with
    // `vertex_colors` off it stays (0.5, 0.5, 1).
    let pixel = |vertex_colors: bool| {
        let mut s = Setup::new();
        let g = NodeGraph::new();
        g.set_output(COLOR_NODE, g.vec3(0.5, 0.5, 1.0)).unwrap();
        let p = s.program(&g);
        let geometry = plane(2.0, 2.0);
        let n = geometry.positions().len();
        let geometry = geometry
            .with_colors(vec![Vec3::new(0.2, 0.4, 0.6); n])
            .unwrap();
        let material = Material {
            vertex_colors,
            ..Material::basic(Color::WHITE).with_nodes(p)
        };
        s.add(geometry, material, Vec3::ZERO);
        let renderer = Renderer::new(RenderSettings::new(N, N));
        s.linear(&renderer, &ortho()).pixel(1, 1).unwrap()
    };
    let on = pixel(true);
    assert!(close(on, [0.1, 0.2, 0.6, 1.0], 1e-6), "{on:?}");
    assert_eq!(pixel(false), [0.5, 0.5, 1.0, 1.0]);
}

#[test]
fn lit_is_a_vec4_with_the_material_s_alpha() {
    // three.js r187's `output` is `vec4(outgoingLight, diffuseColor.a)`, so
    // `outputNode = vec4(output.rgb * 0.5, output.a)` keeps the material's alpha (R-VAL-12).
    // By hand: a white BASIC material of opacity 0.5 lights to (1, 1, 1) with alpha 0.5; the
    // output (0.5, 0.5, 0.5, 0.5) blends over a clear of zero to (0.25, 0.25, 0.25, 0.5).
    let v = transparent_pixel(|g| {
        let lit = g.lit();
        let rgb = g.mul(g.swizzle(lit, "rgb"), g.float(0.5));
        g.set_output(OUTPUT_NODE, g.join(&[rgb, g.swizzle(lit, "a")]))
            .unwrap();
    });
    assert!(close(v, [0.25, 0.25, 0.25, 0.5], 1e-6), "{v:?}");
    // With a vec4 colour node of alpha 0.5 the material's alpha is 0.5 · 0.5 = 0.25 (R-OUT-11),
    // and `lit()` passed through whole gives the same pixel as no output node:
    // (1 · 0.25, 0.25).
    let v = transparent_pixel(|g| {
        g.set_output(COLOR_NODE, g.vec4(1.0, 1.0, 1.0, 0.5))
            .unwrap();
        g.set_output(OUTPUT_NODE, g.lit()).unwrap();
    });
    assert!(close(v, [0.25, 0.25, 0.25, 0.25], 1e-6), "{v:?}");
}

#[test]
fn a_vec4_colour_nodes_alpha_multiplies_the_opacity() {
    // R-OUT-11, three.js's `diffuseColor = vec4(colorNode); diffuseColor.a *= opacity`.
    // vec4(1, 0.5, 0, 0.5) × material opacity 0.5: alpha 0.25.
    let v = transparent_pixel(|g| {
        g.set_output(COLOR_NODE, g.vec4(1.0, 0.5, 0.0, 0.5))
            .unwrap();
    });
    assert!(close(v, [0.25, 0.125, 0.0, 0.25], 1e-6), "{v:?}");
    // A float colour fills all four components: 0.8 × the opacity node 0.5 (the node, not the
    // material's opacity): alpha 0.4, rgb 0.8 · 0.4.
    let v = transparent_pixel(|g| {
        g.set_output(COLOR_NODE, g.float(0.8)).unwrap();
        g.set_output(OPACITY_NODE, g.float(0.5)).unwrap();
    });
    assert!(close(v, [0.32, 0.32, 0.32, 0.4], 1e-6), "{v:?}");
    // A vec3 colour has alpha 1: the material's opacity alone.
    let v = transparent_pixel(|g| {
        g.set_output(COLOR_NODE, g.vec3(1.0, 1.0, 0.0)).unwrap();
    });
    assert!(close(v, [0.5, 0.5, 0.0, 0.5], 1e-6), "{v:?}");
}

#[test]
fn a_vec4_output_node_gives_its_own_alpha() {
    // R-OUT-12: vec4(0, 1, 0, 0.75) on a material of opacity 0.5: alpha 0.75.
    let v = transparent_pixel(|g| {
        g.set_output(OUTPUT_NODE, g.vec4(0.0, 1.0, 0.0, 0.75))
            .unwrap();
    });
    assert!(close(v, [0.0, 0.75, 0.0, 0.75], 1e-6), "{v:?}");
}

fn lambert_plane(s: &mut Setup, program: Option<ProgramId>) {
    let mut m = Material::lambert(Color::WHITE);
    m.nodes = program;
    s.add(plane(2.0, 2.0), m, Vec3::ZERO);
}

#[test]
fn the_lights_read_the_bent_normal_made_unit_again() {
    // A light of intensity π along +x grazes the plane (normal +z): no light. The normal node
    // adds (1, 0, 0): the normal is (1, 0, 1)/√2 and the plane gets π · (1/√2) · 1/π.
    let mut s = Setup::new();
    lambert_plane(&mut s, None);
    s.scene
        .add_light(Light::directional(Color::WHITE, PI, Vec3::X));
    let renderer = Renderer::new(RenderSettings::new(N, N));
    assert_eq!(s.linear(&renderer, &ortho()).pixel(3, 3).unwrap()[0], 0.0);

    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(NORMAL_NODE, g.vec3(1.0, 0.0, 0.0)).unwrap();
    let p = s.program(&g);
    lambert_plane(&mut s, Some(p));
    s.scene
        .add_light(Light::directional(Color::WHITE, PI, Vec3::X));
    let v = s.linear(&renderer, &ortho()).pixel(3, 3).unwrap();
    assert!(
        (v[0] - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-6,
        "{v:?}"
    );
}

#[test]
fn the_ao_node_dims_only_the_indirect_light() {
    // Ambient 1 gives 1/π; a head-on light of π gives 1. AO 0.25: 1 + 0.25/π.
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(AO_NODE, g.float(0.25)).unwrap();
    let p = s.program(&g);
    lambert_plane(&mut s, Some(p));
    s.scene.add_light(Light::ambient(Color::WHITE, 1.0));
    s.scene
        .add_light(Light::directional(Color::WHITE, PI, Vec3::Z));
    let v = s
        .linear(&Renderer::new(RenderSettings::new(N, N)), &ortho())
        .pixel(3, 3)
        .unwrap();
    assert!((v[1] - (1.0 + 0.25 / PI)).abs() < 1e-6, "{v:?}");
}

#[test]
fn the_colour_node_is_multiplied_by_the_arriving_light() {
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.vec3(0.5, 0.25, 1.0)).unwrap();
    let p = s.program(&g);
    lambert_plane(&mut s, Some(p));
    s.scene.add_light(Light::ambient(Color::WHITE, PI));
    let v = s
        .linear(&Renderer::new(RenderSettings::new(N, N)), &ortho())
        .pixel(3, 3)
        .unwrap();
    assert!(close(v, [0.5, 0.25, 1.0, 1.0], 1e-6), "{v:?}");
}

#[test]
fn the_fog_comes_before_the_output_node() {
    // View depth 1, fog from 0 to 2: half fog (black) on white is 0.5; the output node doubles
    // what it reads.
    let mut s = Setup::new();
    s.scene.fog = Some(Fog::Linear {
        color: Color::BLACK,
        near: 0.0,
        far: 2.0,
    });
    let g = NodeGraph::new();
    g.set_output(OUTPUT_NODE, g.mul(g.swizzle(g.lit(), "rgb"), g.float(2.0)))
        .unwrap();
    let p = s.program(&g);
    s.add(plane(2.0, 2.0), Material::basic(Color::WHITE), Vec3::ZERO);
    let renderer = Renderer::new(RenderSettings::new(N, N));
    assert_eq!(
        s.linear(&renderer, &ortho()).pixel(3, 3).unwrap(),
        [0.5, 0.5, 0.5, 1.0]
    );
    s.assets.materials.get_mut(MaterialId(0)).unwrap().nodes = Some(p);
    assert_eq!(
        s.linear(&renderer, &ortho()).pixel(3, 3).unwrap(),
        [1.0, 1.0, 1.0, 1.0]
    );
}

#[test]
fn the_position_node_moves_the_vertices_with_the_frame_time() {
    // A plane from x = -0.5 to 0.5, moved by (time, 0, 0) at time 0.5: x from 0 to 1, the
    // columns whose centres lie there (4 to 7).
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(
        POSITION_NODE,
        g.join(&[g.time(), g.float(0.0), g.float(0.0)]),
    )
    .unwrap();
    let p = s.program(&g);
    s.add(
        plane(1.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::ZERO,
    );
    let mut renderer = Renderer::new(RenderSettings::new(N, N));
    renderer.settings.time = 0.5;
    let image = s.image(&renderer, &ortho());
    assert_eq!(covered_columns(&image, 3), vec![4, 5, 6, 7]);
    renderer.settings.time = 0.0;
    let image = s.image(&renderer, &ortho());
    assert_eq!(covered_columns(&image, 3), vec![2, 3, 4, 5]);
}

#[test]
fn prepare_frame_writes_time_and_view_into_copies() {
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.camera_position()).unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::ZERO,
    );
    let camera =
        Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::new(0.25, 0.5, 1.0));
    let mut renderer = Renderer::new(RenderSettings::new(N, N));
    renderer.settings.time = 2.5;
    let frame = renderer.settings.prepare_frame(&s.assets.programs, &camera);
    assert_eq!(frame.program(p).unwrap().time(), 2.5);
    assert_eq!(frame.view, camera.view_matrix());
    assert_eq!(
        s.assets.programs.get(p).unwrap().time(),
        0.0,
        "the original is not changed"
    );
    let v = s.linear(&renderer, &camera).pixel(4, 4).unwrap();
    assert!(close(v, [0.25, 0.5, 1.0, 1.0], 1e-6), "{v:?}");
}

#[test]
fn derivatives_are_the_plane_slopes_and_dfdy_looks_up() {
    // uv runs 0 to 1 over 8 pixels: du/dx = dv/dy = 1/8 (v grows upward).
    let mut s = Setup::new();
    let g = NodeGraph::new();
    let uv = g.uv();
    let value = g.join(&[
        g.mul(g.swizzle(g.dfdx(uv), "x"), g.float(8.0)),
        g.mul(g.swizzle(g.dfdy(uv), "y"), g.float(8.0)),
        g.mul(g.swizzle(g.dfdy(uv), "x"), g.float(8.0)),
    ]);
    g.set_output(COLOR_NODE, value).unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::ZERO,
    );
    let image = s.linear(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    for (x, y) in [(0, 0), (7, 7), (3, 4)] {
        let v = image.pixel(x, y).unwrap();
        assert!(close(v, [1.0, 1.0, 0.0, 1.0], 1e-5), "({x}, {y}): {v:?}");
    }
}

#[test]
fn a_varying_interpolates_the_corner_values() {
    // On one quad the corners have u = 0 or 1, so varying(u²) is u while u² is u².
    let mut s = Setup::new();
    let g = NodeGraph::new();
    let u = g.swizzle(g.uv(), "x");
    let square = g.mul(u, u);
    g.set_output(
        COLOR_NODE,
        g.join(&[g.varying(square), square, g.float(0.0)]),
    )
    .unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::ZERO,
    );
    let image = s.linear(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    let v = image.pixel(1, 5).unwrap();
    assert!(close(v, [0.1875, 0.1875 * 0.1875, 0.0, 1.0], 1e-6), "{v:?}");
}

#[test]
fn a_colour_node_reads_the_local_position() {
    // R-VAL-18: the local position (after the position node's offset, R-VAL-9) and normal are
    // varyings. A 2×2 plane at (0.25, 0, 0), moved by the position node to z = 0.5 locally:
    // local = world − (0.25, 0, 0). Pixel (4, 2)'s centre is world (0.125, 0.375), so local
    // (−0.125, 0.375, 0.5), and the normal (0, 0, 1):
    // colour = (0.25·(−0.125) + 0.5, 0.25·0.375 + 0.5, 1·0.5) = (0.46875, 0.59375, 0.5).
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.vec3(0.0, 0.0, 0.5)).unwrap();
    let local = g.position_local();
    let scaled = g.add(g.mul(local, g.float(0.25)), g.float(0.5));
    let depth = g.mul(g.swizzle(g.normal_local(), "z"), g.swizzle(local, "z"));
    g.set_output(COLOR_NODE, g.join(&[g.swizzle(scaled, "xy"), depth]))
        .unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::new(0.25, 0.0, 0.0),
    );
    let image = s.linear(&Renderer::new(RenderSettings::new(N, N)), &ortho());
    let v = image.pixel(4, 2).unwrap();
    assert!(close(v, [0.46875, 0.59375, 0.5, 1.0], 1e-6), "{v:?}");
}

/// A 4×4 linear texture whose red is 16 · texel index and green 255 − 16 · index.
fn ramp_texture() -> Texture {
    let bytes: Vec<u8> = (0..16u8)
        .flat_map(|i| [16 * i, 255 - 16 * i, 0, 255])
        .collect();
    let mut t = Texture::new(Image::from_rgba8(4, 4, bytes).unwrap(), ColorSpace::Linear);
    t.flip_y = false;
    t
}

#[test]
fn the_mip_level_follows_the_surface_uv_derivatives() {
    // Four texels over two pixels: lambda = 1, the 2×2 level, whose texel centres the pixel
    // centres hit. Pixel (0, 0) reads uv (0.25, 0.75): level-1 texel (0, 1), the mean of texels
    // 8, 9, 12, 13 of the full level.
    let mean = (8 + 9 + 12 + 13) as f32 * 16.0 / 4.0 / 255.0;
    for through_node in [false, true] {
        let mut s = Setup::new();
        let map = s.assets.textures.add(ramp_texture());
        let material = if through_node {
            let g = NodeGraph::new();
            g.set_output(COLOR_NODE, g.swizzle(g.texture(map, g.uv()), "xyz"))
                .unwrap();
            let p = s.program(&g);
            Material::basic(Color::WHITE).with_nodes(p)
        } else {
            Material {
                map: Some(map),
                ..Material::basic(Color::WHITE)
            }
        };
        s.add(plane(2.0, 2.0), material, Vec3::ZERO);
        let v = s
            .linear(&Renderer::new(RenderSettings::new(2, 2)), &ortho())
            .pixel(0, 0)
            .unwrap();
        assert!(
            (v[0] - mean).abs() < 1e-6,
            "node {through_node}: {v:?} against {mean}"
        );
    }
}

#[test]
fn the_lit_view_reads_textures_as_white_and_the_uv_view_shows_uvs() {
    let mut s = Setup::new();
    let map = s.assets.textures.add(ramp_texture());
    let g = NodeGraph::new();
    g.set_output(EMISSIVE_NODE, g.swizzle(g.texture(map, g.uv()), "xyz"))
        .unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material {
            map: Some(map),
            ..Material::basic(Color::linear(0.5, 0.5, 0.5)).with_nodes(p)
        },
        Vec3::ZERO,
    );
    let mut renderer = Renderer::new(RenderSettings::new(N, N));
    renderer.settings.shading = SHADE_LIT;
    // The colour 0.5 times a white map, plus a white emissive texture read: 1.5.
    let v = s.linear(&renderer, &ortho()).pixel(2, 2).unwrap();
    assert_eq!(v, [1.5, 1.5, 1.5, 1.0]);
    renderer.settings.shading = SHADE_UV;
    let image = s.image(&renderer, &ortho());
    // Pixel (0, 0): uv (1/16, 15/16).
    let p = image.pixel(0, 0).unwrap();
    assert!(
        (p[0] as i32 - 16).abs() <= 1 && (p[1] as i32 - 239).abs() <= 1,
        "{p:?}"
    );
    assert_eq!(p[2], 0);
}

#[test]
fn sides_cull_and_turn_the_normal() {
    // A plane facing +z seen from behind, lit from the camera's side.
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0)
        .at(Vec3::new(0.0, 0.0, -1.0))
        .looking_at(Vec3::ZERO);
    for (side, expected) in [
        (Side::Front, None),
        (Side::Back, Some(1.0)),
        (Side::Double, Some(1.0)),
    ] {
        let mut s = Setup::new();
        s.add(
            plane(2.0, 2.0),
            Material {
                side,
                ..Material::lambert(Color::WHITE)
            },
            Vec3::ZERO,
        );
        s.scene.add_light(Light::directional(
            Color::WHITE,
            PI,
            Vec3::new(0.0, 0.0, -1.0),
        ));
        let v = s
            .linear(&Renderer::new(RenderSettings::new(N, N)), &camera)
            .pixel(4, 4)
            .unwrap();
        match expected {
            None => assert_eq!(v[3], 0.0, "{side:?}"),
            Some(e) => assert!((v[0] - e).abs() < 1e-6, "{side:?}: {v:?}"),
        }
    }
}

#[test]
fn uniforms_change_between_frames() {
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(
        COLOR_NODE,
        g.named_uniform("tint", Color::linear(0.25, 0.5, 0.75)),
    )
    .unwrap();
    let p = s.program(&g);
    s.add(
        plane(2.0, 2.0),
        Material::basic(Color::WHITE).with_nodes(p),
        Vec3::ZERO,
    );
    let renderer = Renderer::new(RenderSettings::new(N, N));
    assert_eq!(
        s.linear(&renderer, &ortho()).pixel(0, 0).unwrap(),
        [0.25, 0.5, 0.75, 1.0]
    );
    s.assets
        .programs
        .get_mut(p)
        .unwrap()
        .set_uniform("tint", Color::linear(1.0, 0.0, 0.5))
        .unwrap();
    assert_eq!(
        s.linear(&renderer, &ortho()).pixel(0, 0).unwrap(),
        [1.0, 0.0, 0.5, 1.0]
    );
}

#[test]
fn uv_is_the_geometry_s_uv_whatever_the_map_s_transform() {
    // three.js r187: `uv()` is the geometry's `uv` attribute; a map's offset / repeat / rotation
    // apply only where the map is read (TextureNode's `getTransformedUV` for `texture(map)`
    // without a uv, and the material's own map) (R-VAL-5). By hand: the 2×2 plane under the
    // orthographic view has uv = ((x + 1) / 2, (y + 1) / 2); pixel (1, 1) of 8 × 8 is at
    // x = -1 + 1.5 / 4 = -0.625, y = 0.625 (rows from the top), so uv = (0.1875, 0.8125).
    let mut s = Setup::new();
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.join(&[g.uv(), g.float(0.0)]))
        .unwrap();
    let p = s.program(&g);
    let mut map = ramp_texture();
    map.offset = Vec2::new(0.25, 0.5);
    map.repeat = Vec2::new(2.0, 3.0);
    map.rotation = 0.5;
    let map = s.assets.textures.add(map);
    let material = Material {
        map: Some(map),
        ..Material::basic(Color::WHITE).with_nodes(p)
    };
    s.add(plane(2.0, 2.0), material, Vec3::ZERO);
    let renderer = Renderer::new(RenderSettings::new(N, N));
    let got = s.linear(&renderer, &ortho()).pixel(1, 1).unwrap();
    assert!(close(got, [0.1875, 0.8125, 0.0, 1.0], 1e-6), "{got:?}");
}

#[test]
fn flip_y_and_the_uv_transform_follow_three_js() {
    // Two rows: red on top, blue below. flip_y puts the top row at v = 1.
    let bytes = vec![255, 0, 0, 255, 0, 0, 255, 255];
    let mut t = Texture::new(Image::from_rgba8(1, 2, bytes).unwrap(), ColorSpace::Linear);
    t.mag_filter = Filter::Nearest;
    assert_eq!(t.sample(Vec2::new(0.5, 0.75)).x, 1.0);
    t.flip_y = false;
    assert_eq!(t.sample(Vec2::new(0.5, 0.75)).z, 1.0);
    // setUvTransform(offset (0.1, 0.2), repeat (2, 3), rotation π/2, centre (0.5, 0.5)):
    // (u, v) -> (2·v + ..., ...), worked from three.js's matrix.
    t.offset = Vec2::new(0.1, 0.2);
    t.repeat = Vec2::new(2.0, 3.0);
    t.rotation = PI / 2.0;
    t.center = Vec2::new(0.5, 0.5);
    let m = t.uv_matrix();
    let p = m * Vec3::new(1.0, 0.0, 1.0);
    // c = 0, s = 1: x = sx·s·v + (-sx·(c·cx + s·cy) + cx + tx) = 0 - 1 + 0.6 for (1, 0): -0.4;
    // y = -sy·s·u + sy·c·v + (-sy·(-s·cx + c·cy) + cy + ty) = -3 + 1.5 + 0.7 = -0.8.
    assert!(
        (p.x - (-0.4)).abs() < 1e-6 && (p.y - (-0.8)).abs() < 1e-6,
        "{p}"
    );
}

#[test]
fn generators_have_three_js_counts_and_uvs() {
    let sphere = SphereGeometry::new(1.0, 32, 16).build();
    assert_eq!(sphere.positions().len(), 33 * 17);
    assert_eq!(sphere.triangle_count(), 2 * 32 * 16 - 2 * 32);
    // The first vertex is the north pole with u shifted half a segment.
    assert_eq!(sphere.uvs().unwrap()[0], Vec2::new(0.5 / 32.0, 1.0));
    assert_eq!(sphere.positions()[0].y, 1.0);
    let b = BoxGeometry::new(1.0, 2.0, 3.0).build();
    assert_eq!((b.positions().len(), b.triangle_count()), (24, 12));
    // +x face first: its first vertex is (0.5, 1, 1.5) with uv (0, 1), normal +x.
    assert_eq!(b.positions()[0], Vec3::new(0.5, 1.0, 1.5));
    assert_eq!(b.normals().unwrap()[0], Vec3::X);
    let c = CylinderGeometry::new(1.0, 1.0, 1.0, 32).build();
    assert_eq!(
        (c.positions().len(), c.triangle_count()),
        (66 + 2 * (32 + 33), 64 + 64)
    );
    let t = TorusGeometry::new(1.0, 0.4, 12, 48).build();
    assert_eq!(
        (t.positions().len(), t.triangle_count()),
        (13 * 49, 12 * 48 * 2)
    );
    assert_eq!(t.positions()[0], Vec3::new(1.4, 0.0, 0.0));
    let p = PlaneGeometry::new(1.0, 1.0).build();
    assert_eq!(p.positions()[0], Vec3::new(-0.5, 0.5, 0.0));
    assert_eq!(p.uvs().unwrap()[0], Vec2::new(0.0, 1.0));
    assert_eq!(p.indices(), &[[0, 2, 1], [2, 3, 1]]);
}

#[test]
fn render_into_draws_again_into_the_same_image() {
    // The plane of the top-left rule test: columns and rows 1 to 5 covered, white on the clear
    // colour (transparent black).
    let mut s = Setup::new();
    let plane_id = s.add(plane(1.25, 1.25), Material::basic(Color::WHITE), Vec3::ZERO);
    let renderer = Renderer::new(RenderSettings::new(N, N));
    let first = s.image(&renderer, &ortho());
    // An image of another size becomes the renderer's, with the same bytes as `render`.
    let mut image = Image::new(3, 3).unwrap();
    renderer
        .render_into(&s.scene, &ortho(), &s.assets, &mut image)
        .unwrap();
    assert_eq!(image, first);
    // Drawn again with a red plane: the same memory, every covered pixel (255, 0, 0, 255).
    let red = s
        .assets
        .materials
        .add(Material::basic(Color::from_srgb8(255, 0, 0)));
    if let Some(object) = s.scene.object_mut(plane_id) {
        object.mesh.as_mut().unwrap().material = red;
    }
    let at = image.data().as_ptr();
    renderer
        .render_into(&s.scene, &ortho(), &s.assets, &mut image)
        .unwrap();
    assert_eq!(image.data().as_ptr(), at);
    for (x, y) in [(1, 1), (5, 5), (3, 2)] {
        assert_eq!(image.pixel(x, y), Some([255, 0, 0, 255]), "({x}, {y})");
    }
    assert_eq!(image.pixel(0, 0), Some([0, 0, 0, 0]));
    // A refused frame leaves the image as it was.
    let before = image.clone();
    let refused = renderer.render_into(&s.scene, &ortho(), &Assets::new(), &mut image);
    assert!(refused.is_err());
    assert_eq!(image, before);
}
