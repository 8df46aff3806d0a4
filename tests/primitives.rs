//! Points and lines (R-PRIM-1 to R-PRIM-5, docs/primitives.md) on the CPU renderer, held to
//! values worked by hand: the pixels a wide point covers, `point_coord()` and its derivative,
//! size attenuation, the size node, a loop's closing segment, and the refusals. (Size-1 points
//! and 1-pixel lines are held to three.js's own pixels in raster_three.rs.)

use glam::Vec3;
use tsl::prelude::*;
use tsl::raster::*;

const W: u32 = 64;
const H: u32 = 64;

/// A scene whose orthographic camera maps world x and y to GL window pixels (y up): pixel
/// (column c, row r from the top) has its centre at world (c + 0.5, 63.5 − r).
struct Setup {
    scene: Scene,
    camera: Camera,
    assets: Assets,
}

fn pixels_camera() -> Setup {
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    Setup {
        scene,
        camera: Camera::orthographic(0.0, W as f32, H as f32, 0.0, 0.1, 10.0).at(Vec3::Z),
        assets: Assets::new(),
    }
}

impl Setup {
    fn add(
        &mut self,
        object: fn(GeometryId, MaterialId) -> Object,
        positions: Vec<Vec3>,
        material: Material,
    ) {
        let g = Geometry::from_data(positions, None, None, Vec::new()).unwrap();
        let g = self.assets.geometries.add(g);
        let m = self.assets.materials.add(material);
        self.scene.add(object(g, m));
    }

    fn program(&mut self, g: NodeGraph) -> ProgramId {
        self.assets.programs.add(g.compile().unwrap())
    }

    fn render(&self) -> Result<LinearImage, RenderError> {
        Renderer::new(RenderSettings::new(W, H)).render_linear(
            &self.scene,
            &self.camera,
            &self.assets,
        )
    }
}

/// The (column, row) of every pixel that is not the black background.
fn lit(image: &LinearImage) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for r in 0..H {
        for c in 0..W {
            let p = image.pixel(c, r).unwrap();
            if p[0] + p[1] + p[2] > 0.0 {
                out.push((c, r));
            }
        }
    }
    out
}

fn red() -> Material {
    Material::basic(Color::linear(1.0, 0.0, 0.0))
}

#[test]
fn a_point_of_size_four_covers_the_four_by_four_pixels_around_it() {
    // R-PRIM-1: the square x 8.25..12.25, y 18.25..22.25 holds the centres of columns 8 to 11
    // and of rows 63.5 − 21.5 = 42 to 63.5 − 18.5 = 45.
    let mut s = pixels_camera();
    s.add(
        Object::points,
        vec![Vec3::new(10.25, 20.25, 0.0)],
        Material { size: 4.0, ..red() },
    );
    let expected: Vec<(u32, u32)> = (42..=45)
        .flat_map(|r| (8..=11).map(move |c| (c, r)))
        .collect();
    assert_eq!(lit(&s.render().unwrap()), expected);
}

#[test]
fn point_coord_runs_from_the_top_left_and_its_derivative_is_one_over_the_width() {
    // R-PRIM-3: a point 8 wide at (32, 32) spans columns 28 to 35 and rows 28 to 35; pixel
    // (28 + i, 28 + j) reads ((i + 0.5) / 8, (j + 0.5) / 8), and dFdx of its x is 1/8.
    let mut s = pixels_camera();
    let g = NodeGraph::new();
    let pc = g.point_coord();
    let dx = g.dfdx(g.swizzle(pc, "x"));
    g.set_output(
        COLOR_NODE,
        g.join(&[g.swizzle(pc, "x"), g.swizzle(pc, "y"), dx]),
    )
    .unwrap();
    let p = s.program(g);
    s.add(
        Object::points,
        vec![Vec3::new(32.0, 32.0, 0.0)],
        Material {
            size: 8.0,
            ..Material::basic(Color::WHITE).with_nodes(p)
        },
    );
    let image = s.render().unwrap();
    assert_eq!(lit(&image).len(), 64);
    for j in 0..8 {
        for i in 0..8 {
            let px = image.pixel(28 + i, 28 + j).unwrap();
            let want = [(i as f32 + 0.5) / 8.0, (j as f32 + 0.5) / 8.0, 0.125];
            for k in 0..3 {
                // The centre is snapped 1/256 pixel down (docs/primitives.md): 1/2048 in y.
                assert!(
                    (px[k] - want[k]).abs() < 1.0e-3,
                    "pixel ({}, {}) channel {k}: {} against {}",
                    28 + i,
                    28 + j,
                    px[k],
                    want[k]
                );
            }
        }
    }
}

/// A perspective camera 5 in front of the origin, where a point is at the screen's centre and
/// −z_view = 5.
fn perspective() -> Setup {
    let mut s = pixels_camera();
    s.camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 0.0, 5.0))
        .looking_at(Vec3::ZERO);
    s
}

fn perspective_point(material: Material) -> Setup {
    let mut s = perspective();
    s.add(Object::points, vec![Vec3::ZERO], material);
    s
}

#[test]
fn size_attenuation_scales_by_half_the_height_over_the_distance() {
    // R-PRIM-3: 1 · (64 / 2) / 5 = 6.4 pixels: x and y 28.8..35.2 hold six centres each.
    let s = perspective_point(red());
    let lit_px = lit(&s.render().unwrap());
    let expected: Vec<(u32, u32)> = (29..=34)
        .flat_map(|r| (29..=34).map(move |c| (c, r)))
        .collect();
    assert_eq!(lit_px, expected);
    // Without attenuation it is 1 pixel: the square 31.5..32.5 holds column 31 (left edges
    // are in) and, at the tie in y, the row below, 32 (GL's window rule).
    let s = perspective_point(Material {
        size_attenuation: false,
        ..red()
    });
    assert_eq!(lit(&s.render().unwrap()), vec![(31, 32)]);
}

#[test]
fn the_size_node_replaces_size_and_attenuation() {
    // R-PRIM-3: SIZE_NODE 3 under the same perspective: 30.5..33.5 holds columns 30 to 32 and,
    // the tie going down, rows 31 to 33.
    let mut s = perspective();
    let g = NodeGraph::new();
    g.set_output(SIZE_NODE, g.float(3.0)).unwrap();
    let p = s.program(g);
    s.add(Object::points, vec![Vec3::ZERO], red().with_nodes(p));
    let expected: Vec<(u32, u32)> = (31..=33)
        .flat_map(|r| (30..=32).map(move |c| (c, r)))
        .collect();
    assert_eq!(lit(&s.render().unwrap()), expected);
}

#[test]
fn a_loop_closes_where_a_strip_stops() {
    // R-PRIM-1: the square 10.5..30.5 through four corners; only the loop draws its left side,
    // the segment x = 10.5 from y 30.5 to 10.5, whose pixels are column 10.
    let corners = vec![
        Vec3::new(10.5, 10.5, 0.0),
        Vec3::new(30.5, 10.5, 0.0),
        Vec3::new(30.5, 30.5, 0.0),
        Vec3::new(10.5, 30.5, 0.0),
    ];
    let row = (63.5f32 - 20.5) as u32;
    for (object, closed) in [
        (Object::line as fn(GeometryId, MaterialId) -> Object, false),
        (Object::line_loop, true),
    ] {
        let mut s = pixels_camera();
        s.add(object, corners.clone(), red());
        let lit_px = lit(&s.render().unwrap());
        assert_eq!(lit_px.contains(&(10, row)), closed);
        // The right side (x = 30.5) is drawn either way.
        assert!(lit_px.contains(&(30, row)));
    }
    // Segments pair the vertices: the bottom and the top side, no right side.
    let mut s = pixels_camera();
    s.add(Object::line_segments, corners, red());
    let lit_px = lit(&s.render().unwrap());
    assert!(!lit_px.contains(&(30, row)));
    assert!(lit_px.contains(&(20, 63 - 10)));
}

fn refusal(setup: Setup) -> String {
    match setup.render() {
        Err(e) => e.to_string(),
        Ok(_) => panic!("drawn, not refused"),
    }
}

#[test]
fn points_and_lines_refuse_what_spec_001_refuses() {
    // R-PRIM-2: a material that is not BASIC.
    let mut s = pixels_camera();
    s.add(
        Object::points,
        vec![Vec3::splat(1.0)],
        Material::standard(Color::WHITE, 0.5, 0.0),
    );
    assert!(refusal(s).contains("BASIC"));
    // A size not above zero, and a NaN.
    for size in [0.0, -2.0, f32::NAN] {
        let mut s = pixels_camera();
        s.add(
            Object::points,
            vec![Vec3::splat(1.0)],
            Material { size, ..red() },
        );
        assert!(refusal(s).contains("above zero"));
    }
    // A size node that gives a size not above zero.
    let mut s = pixels_camera();
    let g = NodeGraph::new();
    g.set_output(SIZE_NODE, g.float(-1.0)).unwrap();
    let p = s.program(g);
    s.add(Object::points, vec![Vec3::splat(1.0)], red().with_nodes(p));
    assert!(refusal(s).contains("above zero"));
    // A wide line with a node material.
    let mut s = pixels_camera();
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.vec3(1.0, 0.0, 0.0)).unwrap();
    let p = s.program(g);
    s.add(
        Object::line,
        vec![Vec3::splat(1.0), Vec3::splat(9.0)],
        Material {
            line_width: 2.0,
            ..Material::basic(Color::WHITE).with_nodes(p)
        },
    );
    assert!(refusal(s).contains("LineMaterial"));
}

#[test]
fn a_point_runs_no_depth_emissive_or_normal_node() {
    // R-PRIM-1: an emissive node would add green; a depth node of 2 would clip the point away.
    let mut s = pixels_camera();
    let g = NodeGraph::new();
    g.set_output(EMISSIVE_NODE, g.vec3(0.0, 1.0, 0.0)).unwrap();
    g.set_output(DEPTH_NODE, g.float(2.0)).unwrap();
    let p = s.program(g);
    s.add(
        Object::points,
        vec![Vec3::new(10.25, 20.25, 0.0)],
        red().with_nodes(p),
    );
    let image = s.render().unwrap();
    assert_eq!(lit(&image), vec![(10, 43)]);
    assert_eq!(image.pixel(10, 43).unwrap()[1], 0.0);
}

#[test]
fn glsl_point_size_and_point_coord_draw_a_point() {
    // R-PRIM-6: gl_PointSize = uv.x * 8.0 with the point's uv (0.5, 0) is 4 pixels: the
    // columns 8 to 11 and rows 42 to 45 of the first test, each reading gl_PointCoord.
    let vertex = "void main() {\n  gl_PointSize = uv.x * 8.0;\n  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);\n}\n";
    let fragment = "void main() {\n  gl_FragColor = vec4(gl_PointCoord, 0.0, 1.0);\n}\n";
    let program = tsl::core::glsl::compile_shader_material(vertex, fragment).unwrap();
    let mut s = pixels_camera();
    let p = s.assets.programs.add(program);
    let g = Geometry::from_data(
        vec![Vec3::new(10.25, 20.25, 0.0)],
        None,
        Some(vec![glam::Vec2::new(0.5, 0.0)]),
        Vec::new(),
    )
    .unwrap();
    let g = s.assets.geometries.add(g);
    let m = s.assets.materials.add(shader_material(p));
    s.scene.add(Object::points(g, m));
    let image = s.render().unwrap();
    assert_eq!(lit(&image).len(), 16);
    for j in 0..4 {
        for i in 0..4 {
            let px = image.pixel(8 + i, 42 + j).unwrap();
            // The square's left edge is x = 8.25 and its top y = 22.25 (row 41.75), so the
            // centre of column 8 + i is i + 0.25 pixels in and that of row 42 + j, j + 0.75.
            let want = [(i as f32 + 0.25) / 4.0, (j as f32 + 0.75) / 4.0];
            assert!(
                (px[0] - want[0]).abs() < 1.0e-3 && (px[1] - want[1]).abs() < 1.0e-3,
                "pixel ({}, {}): {px:?} against {want:?}",
                8 + i,
                42 + j
            );
        }
    }
}
