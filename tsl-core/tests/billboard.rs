//! Billboards and triplanar textures (R-VAL-15) against three.js r187's `SpriteUtils.js` and
//! `TriplanarTextures.js` worked by hand.

use glam::{Mat4, Vec3};
use std::f32::consts::FRAC_PI_2;
use tsl_core::typed::{
    billboarding, triplanar_texture, triplanar_textures, vec3, Billboarding, Scope, Swizzles,
};
use tsl_core::{Fragment, Lane, Register, TextureId, TextureSampler, COLOR_NODE, POSITION_NODE};

const CLOSE: f32 = 1e-5;

/// The offset the billboard's position node gives the vertex `p` of a mesh at `world` seen
/// through `view`.
fn offset(options: Billboarding, world: Mat4, view: Mat4, p: Vec3) -> Vec3 {
    let scope = Scope::new();
    scope.position_node(billboarding(options)).unwrap();
    let mut program = scope.compile().unwrap();
    program.set_frame(0.0, view);
    program.set_object(world);
    let f = Fragment {
        position_local: p,
        ..Fragment::default()
    };
    let v = program.evaluate(POSITION_NODE, &f).unwrap();
    Vec3::new(v[0], v[1], v[2])
}

#[track_caller]
fn close(got: Vec3, want: Vec3) {
    assert!(got.abs_diff_eq(want, CLOSE), "got {got}, want {want}");
}

#[test]
fn a_billboard_turned_away_faces_the_camera_again() {
    // A mesh at (1, 2, -5) turned a quarter round y, seen by a camera at (0, 0, 3) looking down
    // -z. Billboarded, its vertex (0.5, 0.5, 0) lies at (1.5, 2.5, -5) in world space, as if
    // unturned: the local position (0, 0.5, 0.5) (which the quarter turn takes to (0.5, 0.5,
    // 0)), an offset of (-0.5, 0, 0.5).
    let world =
        Mat4::from_translation(Vec3::new(1.0, 2.0, -5.0)) * Mat4::from_rotation_y(FRAC_PI_2);
    let view = Mat4::from_translation(Vec3::new(0.0, 0.0, -3.0));
    let p = Vec3::new(0.5, 0.5, 0.0);
    let want = Vec3::new(-0.5, 0.0, 0.5);
    close(offset(Billboarding::default(), world, view, p), want);
    let both = Billboarding {
        vertical: true,
        ..Billboarding::default()
    };
    close(offset(both, world, view, p), want);
}

#[test]
fn vertical_decides_whether_a_tilted_billboard_stands_up() {
    // A mesh at (0, 0, -5) tilted a quarter round x: its local +y points along world +z.
    let world =
        Mat4::from_translation(Vec3::new(0.0, 0.0, -5.0)) * Mat4::from_rotation_x(FRAC_PI_2);
    let p = Vec3::new(0.0, 0.5, 0.0);
    // Without `vertical` the second column stays: the vertex keeps its place.
    close(
        offset(Billboarding::default(), world, Mat4::IDENTITY, p),
        Vec3::ZERO,
    );
    // With it the vertex goes to (0, 0.5, -5): the local (0, 0, -0.5), an offset (0, -0.5,
    // -0.5).
    let upright = Billboarding {
        vertical: true,
        ..Billboarding::default()
    };
    close(
        offset(upright, world, Mat4::IDENTITY, p),
        Vec3::new(0.0, -0.5, -0.5),
    );
}

#[test]
fn a_given_centre_moves_the_billboard() {
    // Unturned at the origin, centred at (3, 0, 0): every vertex moves by (3, 0, 0).
    let scope = Scope::new();
    let options = Billboarding {
        position: Some(vec3(3.0, 0.0, 0.0)),
        ..Billboarding::default()
    };
    scope.position_node(billboarding(options)).unwrap();
    let program = scope.compile().unwrap();
    let f = Fragment {
        position_local: Vec3::new(0.25, -0.5, 0.0),
        ..Fragment::default()
    };
    let v = program.evaluate(POSITION_NODE, &f).unwrap();
    close(Vec3::new(v[0], v[1], v[2]), Vec3::new(3.0, 0.0, 0.0));
}

/// Red 2u + 3v for texture 1, 10 times that for texture 2; alpha 1.
struct Ramp;

impl TextureSampler for Ramp {
    fn sample(&self, t: TextureId, u: &Lane, v: &Lane, out: &mut Register) {
        let k = if t == TextureId(2) { 10.0 } else { 1.0 };
        for l in 0..u.len() {
            out[0][l] = k * (2.0 * u[l] + 3.0 * v[l]);
            out[1][l] = 0.0;
            out[2][l] = 0.0;
            out[3][l] = 1.0;
        }
    }
}

#[test]
fn triplanar_blends_three_planar_reads_by_the_normal() {
    // position (1, 2, 3), normal (1, 2, 2) / 3: abs-normalized (1, 2, 2) / 3, over its sum 5/3:
    // weights (0.2, 0.4, 0.4). Scale 0.5: yz → (1, 1.5), red 6.5; zx → (1.5, 0.5), red 4.5;
    // xy → (0.5, 1), red 4. Red 0.2 × 6.5 + 0.4 × 4.5 + 0.4 × 4 = 4.7, alpha 1.
    let normal = || vec3(1.0, 2.0, 2.0) / 3.0;
    let scope = Scope::new();
    let c = triplanar_texture(TextureId(1), 0.5, vec3(1.0, 2.0, 3.0), normal());
    scope.color_node(vec3(c.x(), c.w(), 0.0)).unwrap();
    let program = scope.compile().unwrap();
    let v = program
        .evaluate_with(COLOR_NODE, &Fragment::default(), &Ramp)
        .unwrap();
    close(Vec3::new(v[0], v[1], v[2]), Vec3::new(4.7, 1.0, 0.0));
    // The y plane from texture 2: 0.2 × 6.5 + 0.4 × 45 + 0.4 × 4 = 20.9.
    let scope = Scope::new();
    let c = triplanar_textures(
        TextureId(1),
        TextureId(2),
        TextureId(1),
        0.5,
        vec3(1.0, 2.0, 3.0),
        normal(),
    );
    scope.color_node(c.xyz()).unwrap();
    let program = scope.compile().unwrap();
    let v = program
        .evaluate_with(COLOR_NODE, &Fragment::default(), &Ramp)
        .unwrap();
    assert!((v[0] - 20.9).abs() < 1e-4, "{v:?}");
}
