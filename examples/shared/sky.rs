//! The sky of the third solution of the TSL lessons' exercises (three.js's
//! `webgl_lights_hemisphere` sky shader, written as TSL; docs/tsl-to-rust.md) in typed Rust: a
//! `#[tsl_fn]` on the inside of a large sphere, with a ground and a ball under a hemisphere light
//! as in that example. Shared by `examples/sky.rs` and the `sky` three.js case
//! (`tests/three_cases/scenes_sky.rs`, `tools/three_cases/sky.mjs`), which holds this very scene to
//! three.js r187's render.
//!
//! The TSL:
//!
//! ```js
//! const topColor = uniform(color(0x0077ff));
//! const bottomColor = uniform(color(0x000033));
//! const offset = uniform(33);
//! const exponent = uniform(0.6);
//! const sky = new THREE.MeshBasicNodeMaterial({ side: THREE.BackSide });
//! sky.colorNode = Fn(() => {
//!   const h = normalize(positionWorld.add(offset)).y;
//!   return mix(bottomColor, topColor, max(pow(max(h, float(0)), exponent), 0));
//! })();
//! ```
//!
//! `positionWorld` in a fragment node is the interpolated world position, the varying the GLSL
//! version passed by hand; `offset` is a float added to every component, as in the GLSL.

use tsl::prelude::*;
use tsl::raster::*;

/// The sphere's radius (three.js's example: `SphereGeometry(4000, 32, 15)`).
pub const SKY_RADIUS: f64 = 4000.0;
/// The ground's height: the sky's `offset` below its centre, where its gradient starts.
pub const GROUND_Y: f32 = -33.0;

/// The sky's colour at world position `p`: `bottom` below the horizon (lifted by `offset`),
/// rising to `top` as `pow(h, exponent)` with `h` the height of the direction to `p + offset`.
#[tsl_fn]
pub fn sky_color(p: Vec3, top: Vec3, bottom: Vec3, offset: Float, exponent: Float) -> Vec3 {
    let h = normalize(p + offset).y;
    mix(bottom, top, max(pow(max(h, 0.0), exponent), 0.0))
}

/// The sky's program: `colorNode = sky_color(positionWorld, ..)` with the four uniforms named as
/// the TSL names them (`topColor`, `bottomColor`, `offset`, `exponent`), so that
/// `NodeProgram::set_uniform` changes them between frames.
pub fn sky_program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let top = uniform(Color::from_hex(0x0077ff)).set_name("topColor");
    let bottom = uniform(Color::from_hex(0x000033)).set_name("bottomColor");
    let offset = uniform(33.0f32).set_name("offset");
    let exponent = uniform(0.6f32).set_name("exponent");
    scope.color_node(sky_color(position_world(), top, bottom, offset, exponent))?;
    scope.compile()
}

/// The scene: the sky (a BASIC node material on the back faces of the sphere), a LAMBERT ground
/// at [`GROUND_Y`] and a STANDARD ball on it, lit by a hemisphere light (sky 0x99bbff, ground
/// 0xc08050) and a warm directional light; the camera (fov 50°, near 1, far 5000) 120 in front of
/// the ball, looking a little above the horizon.
pub fn sky_scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let sky = assets.programs.add(sky_program()?);
    let sky_material = assets.materials.add(Material {
        side: Side::Back,
        ..Material::basic(Color::WHITE).with_nodes(sky)
    });
    let sphere = assets
        .geometries
        .add(SphereGeometry::new(SKY_RADIUS, 32, 15).build());
    let ground = assets
        .geometries
        .add(PlaneGeometry::new(10000.0, 10000.0).build());
    let ground_material = assets
        .materials
        .add(Material::lambert(Color::from_hex(0xc8b48c)));
    let ball = assets
        .geometries
        .add(SphereGeometry::new(16.0, 32, 16).build());
    let ball_material =
        assets
            .materials
            .add(Material::standard(Color::from_hex(0xe05a40), 0.5, 0.0));

    let mut scene = Scene::new();
    scene.add(Object::mesh(sphere, sky_material));
    let mut floor = Object::mesh(ground, ground_material).at(Vec3::new(0.0, GROUND_Y, 0.0));
    floor
        .transform
        .set_euler(-std::f32::consts::FRAC_PI_2, 0.0, 0.0);
    scene.add(floor);
    scene.add(Object::mesh(ball, ball_material).at(Vec3::new(0.0, GROUND_Y + 16.0, 0.0)));
    scene.add_light(Light::hemisphere(
        Color::from_hex(0x99bbff),
        Color::from_hex(0xc08050),
        1.0,
    ));
    scene.add_light(Light::directional(
        Color::from_hex(0xfff0dd),
        1.5,
        Vec3::new(-1.0, 1.75, 1.0),
    ));
    let camera = Camera::perspective(50.0, 1.0, 5000.0)
        .at(Vec3::new(0.0, 0.0, 120.0))
        .looking_at(Vec3::new(0.0, 25.0, 0.0));
    Ok((scene, camera, assets))
}
