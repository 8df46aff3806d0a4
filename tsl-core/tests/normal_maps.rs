//! Normal and bump maps (R-VAL-15) against three.js r187's formulas worked by hand on a plane
//! facing the camera (`TangentUtils.js`, `NormalMapNode.js`, `BumpMapNode.js`): the pixel to the
//! right and the pixel above are given as views, so the derivatives are exact differences.

use glam::{Vec2, Vec3};
use tsl_core::typed::{
    bitangent_view_frame, bump_map, normal_map, tangent_view_frame, uv, vec2, vec3, Node, Scope,
};
use tsl_core::{
    Fragment, Lane, NodeProgram, Register, TextureId, TextureSampler, View, COLOR_NODE, VIEW_COUNT,
};

const CLOSE: f32 = 1e-5;

/// A fragment of the plane z = -5 facing +z at `p` (x, y) with uv `uv`.
fn at(p: Vec2, uv: Vec2, front: f32) -> Fragment {
    Fragment {
        position_view: p.extend(-5.0),
        uv,
        normal_view: Vec3::Z,
        front_facing: front,
        ..Fragment::default()
    }
}

/// The views of a fragment whose pixel to the right moves the view position by (0.01, 0) and
/// the uv by `du_right`, and whose pixel above moves them by (0, 0.01) and `du_up`.
fn views(du_right: Vec2, du_up: Vec2, front: f32) -> [Fragment; VIEW_COUNT] {
    let (p, uv) = (Vec2::ZERO, Vec2::splat(0.5));
    let here = at(p, uv, front);
    let mut v = [here; VIEW_COUNT];
    v[View::Right as usize] = at(p + Vec2::new(0.01, 0.0), uv + du_right, front);
    v[View::Up as usize] = at(p + Vec2::new(0.0, 0.01), uv + du_up, front);
    v
}

/// The height map h(u, v) = 2u + 3v in red.
struct Ramp;

impl TextureSampler for Ramp {
    fn sample(&self, _: TextureId, u: &Lane, v: &Lane, out: &mut Register) {
        for l in 0..u.len() {
            out[0][l] = 2.0 * u[l] + 3.0 * v[l];
            out[1][l] = 0.0;
            out[2][l] = 0.0;
            out[3][l] = 1.0;
        }
    }
}

fn program(colour: impl FnOnce() -> Node<tsl_core::typed::Vec3>) -> NodeProgram {
    let scope = Scope::new();
    scope.color_node(colour()).unwrap();
    scope.compile().unwrap()
}

fn eval(p: &NodeProgram, views: &[Fragment; VIEW_COUNT]) -> Vec3 {
    let v = p.evaluate_views(COLOR_NODE, views, &Ramp).unwrap();
    Vec3::new(v[0], v[1], v[2])
}

#[track_caller]
fn close(got: Vec3, want: Vec3) {
    assert!(got.abs_diff_eq(want, CLOSE), "got {got}, want {want}");
}

#[test]
fn the_tangent_frame_follows_the_uv() {
    // u to the right, v up: q0 = (0.01, 0, 0), q1 = (0, 0.01, 0), st0 = (0.01, 0),
    // st1 = (0, 0.01); q1perp = q1 × N = (0.01, 0, 0), q0perp = N × q0 = (0, 0.01, 0);
    // T = (1e-4, 0, 0), B = (0, 1e-4, 0), both scaled by 1e4.
    let straight = views(Vec2::new(0.01, 0.0), Vec2::new(0.0, 0.01), 1.0);
    close(eval(&program(tangent_view_frame), &straight), Vec3::X);
    close(eval(&program(bitangent_view_frame), &straight), Vec3::Y);
    // The uv turned: v grows to the right and u falls going up: st0 = (0, 0.01),
    // st1 = (-0.01, 0); T = q0perp × -0.01 = (0, -1e-4, 0), B = q1perp × 0.01 = (1e-4, 0, 0).
    let turned = views(Vec2::new(0.0, 0.01), Vec2::new(-0.01, 0.0), 1.0);
    close(eval(&program(tangent_view_frame), &turned), -Vec3::Y);
    close(eval(&program(bitangent_view_frame), &turned), Vec3::X);
}

#[test]
fn a_normal_map_turns_the_texel_through_the_frame() {
    // The texel (0.75, 0.5, 1) is n = (0.5, 0, 1); scale (2, 2) makes it (1, 0, 1).
    let p = program(|| normal_map(vec3(0.75, 0.5, 1.0), vec2(2.0, 2.0)));
    let straight = views(Vec2::new(0.01, 0.0), Vec2::new(0.0, 0.01), 1.0);
    let h = std::f32::consts::FRAC_1_SQRT_2;
    close(eval(&p, &straight), Vec3::new(h, 0.0, h));
    // Turned: T = -y, so T + N = (0, -1, 1).
    let turned = views(Vec2::new(0.0, 0.01), Vec2::new(-0.01, 0.0), 1.0);
    close(eval(&p, &turned), Vec3::new(0.0, -h, h));
    // The flat texel (0.5, 0.5, 1) is the normal itself.
    let flat = program(|| normal_map(vec3(0.5, 0.5, 1.0), vec2(1.0, 1.0)));
    close(eval(&flat, &turned), Vec3::Z);
}

#[test]
fn a_bump_map_bends_the_normal_against_the_height_s_gradient() {
    // h = 2u + 3v; uv + dFdx(uv) = uv + (0.01, 0), uv + dFdy(uv) = uv + (0, 0.01):
    // dHdxy = (0.02, 0.03) × scale 10 = (0.2, 0.3). sigma_x = +x, sigma_y = +y, R1 = sigma_y ×
    // N = +x, R2 = N × sigma_x = +y, fDet = 1 on a front face: normalize(N - (0.2, 0.3, 0)).
    let p = program(|| bump_map(TextureId(1), uv(), 10.0));
    let straight = views(Vec2::new(0.01, 0.0), Vec2::new(0.0, 0.01), 1.0);
    close(
        eval(&p, &straight),
        Vec3::new(-0.2, -0.3, 1.0) / 1.13f32.sqrt(),
    );
    // On a back face faceDirection is -1: fDet = -1, the gradient's sign turns.
    let back = views(Vec2::new(0.01, 0.0), Vec2::new(0.0, 0.01), 0.0);
    close(eval(&p, &back), Vec3::new(0.2, 0.3, 1.0) / 1.13f32.sqrt());
}
