//! Varyings and exact derivatives (R-VARY, docs/requirements.md): the views a program reads
//! and what each computes, with values worked out by hand from the definitions.

use glam::{Vec2, Vec3};
use tsl_core::*;

/// The fragment, its neighbours and the triangle's corners, in [`View`] order.
fn views(
    here: Fragment,
    right: Fragment,
    up: Fragment,
    corners: [Fragment; 3],
) -> [Fragment; VIEW_COUNT] {
    [here, here, right, up, corners[0], corners[1], corners[2]]
}

fn with_uv(u: f32, v: f32) -> Fragment {
    Fragment {
        uv: Vec2::new(u, v),
        ..Fragment::default()
    }
}

fn color(g: &NodeGraph, value: NodeRef, views: &[Fragment; VIEW_COUNT]) -> Vec<f32> {
    g.set_output(COLOR_NODE, value).unwrap();
    g.compile()
        .unwrap()
        .evaluate_views(COLOR_NODE, views, &WhiteSampler)
        .unwrap()
}

#[test]
fn the_derivative_of_a_linear_attribute_is_the_plane_slope() {
    // uv = (0.5 + x / 8, 0.25 + y / 8): one pixel right adds 0.125 to u, one pixel up to v.
    let v = views(
        with_uv(0.5, 0.25),
        with_uv(0.625, 0.25),
        with_uv(0.5, 0.375),
        [Fragment::default(); 3],
    );
    let g = NodeGraph::new();
    let uv = g.uv();
    let value = g.join(&[g.dfdx(uv), g.swizzle(g.dfdy(uv), "y")]);
    assert_eq!(color(&g, value, &v), vec![0.125, 0.0, 0.125]);
    let g = NodeGraph::new();
    let value = g.join(&[g.fwidth(g.uv()), g.float(0.0)]);
    assert_eq!(color(&g, value, &v), vec![0.125, 0.125, 0.0]);
}

#[test]
fn the_derivative_of_a_non_linear_function_is_the_difference_of_two_evaluations() {
    let v = views(
        with_uv(0.5, 0.25),
        with_uv(0.625, 0.25),
        with_uv(0.5, 0.375),
        [Fragment::default(); 3],
    );
    let g = NodeGraph::new();
    let wave = g.sin(g.mul(g.swizzle(g.uv(), "x"), g.float(10.0)));
    let value = g.join(&[g.dfdx(wave), g.dfdy(wave), wave]);
    let expected_x = (0.625f32 * 10.0).sin() - (0.5f32 * 10.0).sin();
    assert_eq!(
        color(&g, value, &v),
        vec![expected_x, 0.0, (0.5f32 * 10.0).sin()]
    );
}

#[test]
fn a_derivative_reads_the_interpolated_normal() {
    // The fragment's own normal is bent (a normal map); the derivative's views are not.
    let bent = Fragment {
        normal_world: Vec3::new(0.0, 0.6, 0.8),
        ..Fragment::default()
    };
    let interpolated = Fragment {
        normal_world: Vec3::new(0.0, 0.0, 1.0),
        ..Fragment::default()
    };
    let right = Fragment {
        normal_world: Vec3::new(0.25, 0.0, 1.0),
        ..Fragment::default()
    };
    let mut v = views(bent, right, interpolated, [Fragment::default(); 3]);
    v[View::DerivativeHere as usize] = interpolated;
    let g = NodeGraph::new();
    let n = g.normal_world();
    let value = g.add(g.dfdx(n), n);
    // (0.25, 0, 0) from the derivative, plus the bent normal the output reads.
    assert_eq!(color(&g, value, &v), vec![0.25, 0.6, 0.8]);
}

#[test]
fn a_varying_interpolates_its_corners_with_the_weights() {
    let corner = |p: Vec3| Fragment {
        position_world: p,
        ..Fragment::default()
    };
    let corners = [
        corner(Vec3::new(1.0, 0.0, 0.0)),
        corner(Vec3::new(0.0, 2.0, 0.0)),
        corner(Vec3::new(0.0, 0.0, 4.0)),
    ];
    let here = Fragment {
        position_world: Vec3::new(0.5, 0.5, 0.5), // not read by the varying
        barycentric: Vec3::new(0.25, 0.25, 0.5),
        ..Fragment::default()
    };
    let v = views(here, here, here, corners);
    // 0.25 * (1, 0, 0) + 0.25 * (0, 2, 0) + 0.5 * (0, 0, 4) = (0.25, 0.5, 2).
    let g = NodeGraph::new();
    assert_eq!(
        color(&g, g.varying(g.position_world()), &v),
        vec![0.25, 0.5, 2.0]
    );

    // Of a node that is not linear: the weighted corner values, not the value of the weighted point.
    let g = NodeGraph::new();
    let x = g.swizzle(g.position_world(), "x");
    let value = g.join(&[g.varying(g.mul(x, x)), g.mul(x, x), g.float(0.0)]);
    // Corners' x*x are 1, 0, 0: 0.25. Here x*x is 0.25 too, by chance of the point: use y.
    assert_eq!(color(&g, value, &v), vec![0.25, 0.25, 0.0]);
    let g = NodeGraph::new();
    let y = g.swizzle(g.position_world(), "y");
    let value = g.join(&[g.varying(g.mul(y, y)), g.mul(y, y), g.float(0.0)]);
    // Corners' y*y are 0, 4, 0: 0.25 * 4 = 1. Here y*y = 0.25.
    assert_eq!(color(&g, value, &v), vec![1.0, 0.25, 0.0]);
}

#[test]
fn a_derivative_of_a_varying_uses_the_neighbours_weights() {
    let corner = |u: f32| Fragment {
        uv: Vec2::new(u, 0.0),
        ..Fragment::default()
    };
    let corners = [corner(0.0), corner(8.0), corner(16.0)];
    let at = |w: [f32; 3]| Fragment {
        barycentric: Vec3::from(w),
        ..Fragment::default()
    };
    let v = views(
        at([0.5, 0.25, 0.25]),
        at([0.25, 0.5, 0.25]),
        at([0.5, 0.25, 0.25]),
        corners,
    );
    let g = NodeGraph::new();
    let u = g.swizzle(g.varying(g.uv()), "x");
    // Here 0.25 * 8 + 0.25 * 16 = 6; right 0.5 * 8 + 0.25 * 16 = 8; above 6.
    let value = g.join(&[u, g.dfdx(u), g.dfdy(u)]);
    assert_eq!(color(&g, value, &v), vec![6.0, 2.0, 0.0]);
}

#[test]
fn a_program_lists_the_views_it_reads() {
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.dfdy(g.position_world()))
        .unwrap();
    assert_eq!(
        g.compile().unwrap().views_read(),
        vec![View::DerivativeHere, View::Up]
    );
    let g = NodeGraph::new();
    g.set_output(
        COLOR_NODE,
        g.add(
            g.varying(g.swizzle(g.vertex_color(), "rgb")),
            g.swizzle(g.vertex_color(), "rgb"),
        ),
    )
    .unwrap();
    assert_eq!(
        g.compile().unwrap().views_read(),
        vec![View::Fragment, View::Corner0, View::Corner1, View::Corner2]
    );
}

fn refusal(output: Output, build: impl Fn(&NodeGraph) -> NodeRef) -> String {
    let g = NodeGraph::new();
    g.set_output(output, build(&g)).unwrap();
    g.compile().unwrap_err().to_string()
}

#[test]
fn compile_refuses_what_varyings_and_derivatives_cannot_read() {
    assert!(refusal(POSITION_NODE, |g| g.varying(g.position_local()))
        .starts_with("compile: POSITION_NODE reads a varying, which a vertex does not have"));
    assert!(refusal(POSITION_NODE, |g| g.dfdx(g.position_local()))
        .starts_with("compile: POSITION_NODE reads a derivative, which a vertex does not have"));
    let varying_reads =
        "a varying reads positions, normals, uv, vertex_color, time, uniforms and math of them";
    assert_eq!(
        refusal(COLOR_NODE, |g| g
            .varying(g.swizzle(g.texture(TextureId(0), g.uv()), "rgb"))),
        format!("compile: COLOR_NODE has a varying that reads a texture; {varying_reads}")
    );
    assert_eq!(
        refusal(COLOR_NODE, |g| g.varying(g.dfdx(g.position_world()))),
        format!("compile: COLOR_NODE has a varying that reads a derivative; {varying_reads}")
    );
    assert_eq!(
        refusal(OUTPUT_NODE, |g| g.varying(g.swizzle(g.lit(), "rgb"))),
        format!("compile: OUTPUT_NODE has a varying that reads lit; {varying_reads}")
    );
    assert_eq!(
        refusal(COLOR_NODE, |g| g
            .dfdx(g.add(g.dfdy(g.position_world()), g.normal_world()))),
        "compile: COLOR_NODE takes a derivative of a derivative"
    );
    assert_eq!(
        refusal(OUTPUT_NODE, |g| g.dfdx(g.swizzle(g.lit(), "rgb"))),
        "compile: OUTPUT_NODE takes a derivative of lit, which the neighbouring pixels do not have"
    );
    let g = NodeGraph::new();
    g.dfdx(g.named_uniform("m", glam::Mat3::IDENTITY));
    assert_eq!(
        g.error().unwrap().to_string(),
        "dfdx: a mat3 has no components to differentiate"
    );
}

/// A corner with a local position and normal.
fn local_corner(p: [f32; 3], n: [f32; 3]) -> Fragment {
    Fragment {
        position_local: Vec3::from(p),
        normal_local: Vec3::from(n),
        ..Fragment::default()
    }
}

#[test]
fn a_fragment_output_reads_the_local_position_as_a_varying() {
    // R-VAL-18: the corners' local positions weighted by the fragment's weights, as
    // `varying(position_local())` would be; the fragment's own (unset, zero) value is not read.
    let corners = [
        local_corner([1.0, 0.0, 0.0], [0.0, 0.0, 1.0]),
        local_corner([0.0, 2.0, 0.0], [0.0, 1.0, 0.0]),
        local_corner([0.0, 0.0, 4.0], [1.0, 0.0, 0.0]),
    ];
    let here = Fragment {
        barycentric: Vec3::new(0.5, 0.25, 0.25),
        ..Fragment::default()
    };
    let v = views(here, here, here, corners);
    let g = NodeGraph::new();
    // 0.5·(1,0,0) + 0.25·(0,2,0) + 0.25·(0,0,4) = (0.5, 0.5, 1)
    assert_eq!(color(&g, g.position_local(), &v), vec![0.5, 0.5, 1.0]);
    let g = NodeGraph::new();
    // 0.5·(0,0,1) + 0.25·(0,1,0) + 0.25·(1,0,0) = (0.25, 0.25, 0.5)
    assert_eq!(color(&g, g.normal_local(), &v), vec![0.25, 0.25, 0.5]);
    // The same as the explicit varying, instruction for instruction.
    let explicit = NodeGraph::new();
    explicit
        .set_output(COLOR_NODE, explicit.varying(explicit.position_local()))
        .unwrap();
    let implicit = NodeGraph::new();
    implicit
        .set_output(COLOR_NODE, implicit.position_local())
        .unwrap();
    assert_eq!(
        explicit.compile().unwrap().words(),
        implicit.compile().unwrap().words()
    );
}

#[test]
fn the_derivative_of_the_local_position_uses_the_neighbours_weights() {
    // dFdx(position_local): the right neighbour's weights (0.25, 0.5, 0.25) against here's
    // (0.5, 0.25, 0.25), over corners (1,0,0), (0,2,0), (0,0,4):
    // (0.25, 1, 1) - (0.5, 0.5, 1) = (-0.25, 0.5, 0).
    let corners = [
        local_corner([1.0, 0.0, 0.0], [0.0; 3]),
        local_corner([0.0, 2.0, 0.0], [0.0; 3]),
        local_corner([0.0, 0.0, 4.0], [0.0; 3]),
    ];
    let here = Fragment {
        barycentric: Vec3::new(0.5, 0.25, 0.25),
        ..Fragment::default()
    };
    let right = Fragment {
        barycentric: Vec3::new(0.25, 0.5, 0.25),
        ..Fragment::default()
    };
    let v = views(here, right, here, corners);
    let g = NodeGraph::new();
    assert_eq!(
        color(&g, g.dfdx(g.position_local()), &v),
        vec![-0.25, 0.5, 0.0]
    );
}
