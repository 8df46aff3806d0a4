//! The guitar (R-EX-7, docs/requirements.md) written with the typed front: the neck's grain `Fn` as
//! a `#[tsl_fn]` and the vibrating string as typed nodes in a [`Scope`]. Shared by
//! `examples/guitar_typed.rs` and `tests/guitar_typed.rs`, which holds it to the builder version of
//! `guitar_scene.rs`.
//!
//! The lesson's TSL (main.ts, lines 26-57):
//!
//! ```js
//! const grain = Fn(() => {
//!   const p = positionWorld;
//!   const bend = mx_noise_float(vec3(p.x.mul(0.8), p.y.mul(6), 0)).mul(0.6);
//!   const bands = sin(p.y.mul(90).add(bend.mul(12))).mul(0.5).add(0.5);
//!   return mix(color(0x2a160d), color(0x5a3422), smoothstep(0.2, 0.9, bands));
//! });
//! neckMaterial.colorNode = grain();
//!
//! const vibrate = Fn(() => {
//!   const u = positionLocal.x.div(LENGTH).add(0.5);
//!   const shape = sin(u.mul(PI).mul(harmonic));
//!   const offset = amplitude.mul(shape).mul(sin(phase));
//!   return positionLocal.add(vec3(0, offset, 0));
//! });
//! ```
//!
//! The noise is computed before the `#[tsl_fn]` and handed to it, so that the two versions build the
//! same nodes in the same order; tsl-raster's position node is an offset added to the vertex, so
//! `vibrate` answers `vec3(0, offset, 0)` without `positionLocal`.

use std::f32::consts::PI;
use tsl::prelude::*;
use tsl::raster::*;

/// The string's length along x (`LENGTH` in the lesson).
pub const LENGTH: f32 = 3.2;

/// The grain's colour from the world position `p` and the noise at `(p.x·0.8, p.y·6, 0)`: the
/// body of the lesson's `grain` Fn after its `mx_noise_float`.
#[tsl_fn]
pub fn grain(p: Vec3, noise: Float) -> Vec3 {
    let bend = noise * 0.6;
    let bands = sin(p.y * 90.0 + bend * 12.0) * 0.5 + 0.5;
    mix(
        color(Color::from_hex(0x2a160d)),
        color(Color::from_hex(0x5a3422)),
        smoothstep(0.2, 0.9, bands),
    )
}

/// The lesson's `vibrate` Fn: the string's lift at `x` along it (u from 0 to 1), as a position
/// offset.
#[tsl_fn]
pub fn vibrate(x: Float, amplitude: Float, harmonic: Float, phase: Float) -> Vec3 {
    let u = x / LENGTH + 0.5;
    let shape = sin(u * PI * harmonic);
    let offset = amplitude * shape * sin(phase);
    vec3(0.0, offset, 0.0)
}

/// The neck's program: `colorNode = grain()`.
pub fn grain_program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let p = position_world();
    let noise = mx_noise_float(vec3(p.x() * 0.8, p.y() * 6.0, 0.0), 1.0, 0.0);
    scope.color_node(grain(p, noise))?;
    scope.compile()
}

/// The string's program: `positionNode = vibrate()` with the amplitude (0.2), phase (0) and
/// harmonic uniforms, and a cream colour.
pub fn string_program(harmonic: f32) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let amplitude = uniform(0.2f32).set_name("amplitude");
    let phase = uniform(0.0f32).set_name("phase");
    let harmonic = uniform(harmonic).set_name("harmonic");
    scope.position_node(vibrate(position_local().x(), amplitude, harmonic, phase))?;
    scope.color_node(color(Color::from_hex(0xf2efe6)))?;
    scope.compile()
}

/// The lesson's scene (`guitar_scene.rs`) with these two programs: the neck and the string at a
/// quarter period.
pub fn guitar_scene(harmonic: f32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    super::guitar_scene::scene_with(grain_program()?, string_program(harmonic)?)
}
