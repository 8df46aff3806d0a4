//! three.js's `webgpu_tsl_angular_slicing.html`: a hull cut open along an angle around z, its
//! inside drawn in a flat colour. Writes `tsl_angular_slicing.png`.
//!
//! The original TSL:
//!
//! ```js
//! const inAngle = Fn( ( [ position, angleStart, angleArc ] ) => {
//!     const angle = atan2( position.y, position.x ).sub( angleStart ).mod( PI2 ).toVar();
//!     return angle.greaterThan( 0 ).and( angle.lessThan( angleArc ) );
//! } );
//!
//! const slicedMaterial = new THREE.MeshPhysicalNodeMaterial( {
//!     metalness: 0.5,
//!     roughness: 0.25,
//!     envMapIntensity: 0.5,
//!     color: '#858080',
//!     side: THREE.DoubleSide
//! } );
//!
//! const sliceStart = uniform( 1.75 );
//! const sliceArc = uniform( 1.25 );
//! const sliceColor = uniform( color( '#b62f58' ) );
//!
//! slicedMaterial.outputNode = Fn( () => {
//!     // discard
//!     inAngle( positionLocal.xy, sliceStart, sliceArc ).discard();
//!     // backface color
//!     const finalOutput = output;
//!     If( frontFacing.not(), () => {
//!         finalOutput.assign( vec4( sliceColor, 1 ) );
//!     } );
//!     return finalOutput;
//! } )();
//! ```
//!
//! The scene differs from the page's: the page's gears model (`gears.glb`, a glTF file with Draco
//! compression) becomes a sphere of radius 2 (the sliced hull) around a torus (the page's
//! default material), the HDR environment map becomes an ambient light (no environment maps in
//! tsl-raster), and the shadows are left out (no shadow maps); the page's directional light, ACES
//! tone mapping, camera direction (at half the distance) and the grey plane behind are kept, on a
//! dark grey background. `positionLocal` in the output node is a varying on both sides (R-VAL-18,
//! docs/requirements.md).
//!
//! Run: `cargo run --release --example tsl_angular_slicing` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/png_main.rs"]
mod png_main;

use tsl::prelude::*;
use tsl::raster::*;

/// The page's `inAngle`: one where the angle of `position` around z, from `angle_start`, lies
/// strictly inside `(0, angle_arc)`.
fn in_angle(position: Vec2Node, angle_start: FloatNode, angle_arc: FloatNode) -> FloatNode {
    let angle = position
        .y()
        .atan2(position.x())
        .sub(angle_start)
        .modulo(PI2)
        .to_var();
    angle
        .get()
        .greater_than(0.0)
        .and(angle.get().less_than(angle_arc))
}

/// The sliced hull's program: the output node discards the slice and paints back faces.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let slice_start = uniform(1.75f32);
    let slice_arc = uniform(1.25f32);
    let slice_color = uniform(Color::from_hex(0xb62f58));
    // discard
    in_angle(position_local().xy(), slice_start, slice_arc).discard();
    // backface color
    let final_output = lit().to_var();
    If(front_facing().not(), || {
        final_output.assign(slice_color.extend(1.0));
    });
    scope.output_node(final_output.get())?;
    scope.compile()
}

/// three.js's `Object3D.lookAt` for a mesh: the rotation that turns its +z toward `target`.
fn look_at(position: Vec3, target: Vec3) -> glam::Quat {
    let z = (target - position).normalize();
    let x = Vec3::Y.cross(z).normalize();
    let y = z.cross(x);
    glam::Quat::from_mat3(&glam::Mat3::from_cols(x, y, z))
}

/// The sliced sphere around a torus, the grey plane behind, the page's light and camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program()?);
    let metal = |side| Material {
        side,
        ..Material::physical(Color::from_hex(0x858080), 0.25, 0.5)
    };
    let sliced = assets
        .materials
        .add(metal(Side::Double).with_nodes(program));
    let default = assets.materials.add(metal(Side::Front));
    let grey = assets
        .materials
        .add(Material::standard(Color::from_hex(0xaaaaaa), 1.0, 0.0));
    let hull = assets
        .geometries
        .add(SphereGeometry::new(2.0, 64, 32).build());
    let gear = assets.geometries.add(
        TorusGeometry {
            radius: 1.1,
            tube: 0.35,
            radial_segments: 24,
            tubular_segments: 64,
            ..TorusGeometry::default()
        }
        .build(),
    );
    let plane = assets
        .geometries
        .add(PlaneGeometry::new(10.0, 10.0).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x202024));
    scene.add(Object::mesh(hull, sliced));
    scene.add(Object::mesh(gear, default));
    let plane_at = Vec3::new(-4.0, -3.0, -4.0);
    let mut back = Object::mesh(plane, grey).at(plane_at);
    back.transform.rotation = look_at(plane_at, Vec3::ZERO);
    scene.add(back);
    scene.add_light(Light::ambient(Color::WHITE, 1.0));
    scene.add_light(Light::directional(
        Color::WHITE,
        4.0,
        Vec3::new(6.25, 3.0, 4.0),
    ));
    let camera = Camera::perspective(35.0, 0.1, 100.0)
        .at(Vec3::new(-2.5, 2.5, 6.0))
        .looking_at(Vec3::ZERO);
    Ok((scene, camera, assets))
}

/// The renderer's settings: ACES filmic tone mapping at exposure 1, as the page's.
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.set_tone_mapping(ToneMapping::AcesFilmic, 1.0);
    settings
}

fn main() -> std::process::ExitCode {
    png_main::render_png("tsl_angular_slicing.png", scene, settings(640, 480))
}
