//! Points and lines (R-PRIM-1 to R-PRIM-3) for the parity binaries: wide attenuated points
//! whose colour reads `point_coord()` and whose mask rounds them, points sized by the size node,
//! lines with vertex colours, and a loop whose colour node reads the world position.

use super::{Case, Check};
use glam::Vec3;
use tsl_core::*;
use tsl_raster::*;

fn vertices(positions: Vec<Vec3>) -> Geometry {
    Geometry::from_data(positions, None, None, Vec::new()).expect("the vertices")
}

fn add(c: &mut Case, object: fn(GeometryId, MaterialId) -> Object, g: Geometry, m: Material) {
    let g = c.assets.geometries.add(g);
    let m = c.assets.materials.add(m);
    c.scene.add(object(g, m));
}

pub fn points_and_lines_wide_and_thin(check: Check) {
    let mut c = Case::new();
    c.scene.background = Some(Color::from_srgb8(20, 24, 40));
    // Wide round points: colour (point_coord, 0.5), the square's corners masked away.
    let g = NodeGraph::new();
    let pc = g.point_coord();
    g.set_output(COLOR_NODE, g.join(&[pc, g.float(0.5)]))
        .unwrap();
    let r2 = g.length_sq(g.sub(pc, g.vec2(0.5, 0.5)));
    g.set_output(MASK_NODE, g.step(r2, g.float(0.25))).unwrap();
    let round = c.program(&g);
    let grid = (0..12)
        .map(|i| {
            Vec3::new(
                (i % 4) as f32 - 1.5,
                0.2 + (i / 4) as f32 * 0.6,
                -0.5 * (i / 4) as f32,
            )
        })
        .collect();
    add(
        &mut c,
        Object::points,
        vertices(grid),
        Material {
            size: 0.6,
            ..shader_material(round)
        },
    );
    // Points sized by the size node: 2 to 6 pixels by their world x.
    let g = NodeGraph::new();
    let x = g.swizzle(g.position_world(), "x");
    g.set_output(SIZE_NODE, g.add(g.float(4.0), g.mul(x, g.float(1.2))))
        .unwrap();
    g.set_output(COLOR_NODE, g.vec3(1.0, 0.8, 0.2)).unwrap();
    let sized = c.program(&g);
    let row = (0..9)
        .map(|i| Vec3::new(i as f32 * 0.4 - 1.6, -0.4, 0.5))
        .collect();
    add(
        &mut c,
        Object::points,
        vertices(row),
        shader_material(sized),
    );
    // Lines: segments with vertex colours, and a loop coloured by its world position.
    let (mut spokes, mut colours) = (Vec::new(), Vec::new());
    for k in 0..9 {
        let a = k as f32 * 0.7;
        spokes.push(Vec3::new(0.0, 0.4, 0.0));
        spokes.push(Vec3::new(
            1.8 * a.cos(),
            0.4 + 0.9 * a.sin(),
            -0.8 * a.sin(),
        ));
        colours.push(Vec3::new(1.0, 0.3, 0.2));
        colours.push(Vec3::new(0.2, 0.6, 1.0));
    }
    add(
        &mut c,
        Object::line_segments,
        vertices(spokes).with_colors(colours).expect("the colours"),
        Material {
            vertex_colors: true,
            ..Material::basic(Color::WHITE)
        },
    );
    let g = NodeGraph::new();
    g.set_output(
        COLOR_NODE,
        g.add(g.mul(g.position_world(), g.float(0.4)), g.float(0.5)),
    )
    .unwrap();
    let by_place = c.program(&g);
    let ring = (0..7)
        .map(|k| {
            let a = k as f32 / 7.0 * std::f32::consts::TAU;
            Vec3::new(1.4 * a.cos(), 1.0 + 0.3 * a.sin(), 1.4 * a.sin())
        })
        .collect();
    add(
        &mut c,
        Object::line_loop,
        vertices(ring),
        shader_material(by_place),
    );
    check(c, "points and lines, wide and thin");
}
