//! three.js's `webgpu_tsl_raging_sea.html`: a plane moved by large sine waves and small noise waves
//! (a position node with a `Loop` of `mx_noise_float`), glowing pink in the troughs. Writes
//! `tsl_raging_sea.png`. The glow is `elevation.remap(emissiveHigh, emissiveLow).pow(7)`: the
//! remap runs from 0 at the high end (elevation 0.2) to 1 at the low end (-0.25), unclamped, so the
//! lowest water glows and the crests stay dark, as in three.js's page.
//!
//! The original TSL:
//!
//! ```js
//! const material = new THREE.MeshStandardNodeMaterial( { color: '#271442', roughness: 0.15 } );
//! const emissiveColor = uniform( color( '#ff0a81' ) );
//! const emissiveLow = uniform( - 0.25 );
//! const emissiveHigh = uniform( 0.2 );
//! const emissivePower = uniform( 7 );
//! const largeWavesFrequency = uniform( vec2( 3, 1 ) );
//! const largeWavesSpeed = uniform( 1.25 );
//! const largeWavesMultiplier = uniform( 0.15 );
//! const smallWavesIterations = uniform( 3 );
//! const smallWavesFrequency = uniform( 2 );
//! const smallWavesSpeed = uniform( 0.3 );
//! const smallWavesMultiplier = uniform( 0.18 );
//! const normalComputeShift = uniform( 0.01 );
//!
//! const wavesElevation = Fn( ( [ position ] ) => {
//!     const time = timerLocal();
//!     const elevation = mul(
//!         sin( position.x.mul( largeWavesFrequency.x ).add( time.mul( largeWavesSpeed ) ) ),
//!         sin( position.z.mul( largeWavesFrequency.y ).add( time.mul( largeWavesSpeed ) ) ),
//!         largeWavesMultiplier
//!     ).toVar();
//!     Loop( { start: float( 1 ), end: smallWavesIterations.add( 1 ) }, ( { i } ) => {
//!         const noiseInput = vec3(
//!             position.xz.add( 2 ).mul( smallWavesFrequency ).mul( i ),
//!             time.mul( smallWavesSpeed )
//!         );
//!         const wave = mx_noise_float( noiseInput, 1, 0 ).mul( smallWavesMultiplier ).div( i ).abs();
//!         elevation.subAssign( wave );
//!     } );
//!     return elevation;
//! } );
//!
//! const elevation = wavesElevation( positionLocal );
//! const position = positionLocal.add( vec3( 0, elevation, 0 ) );
//! material.positionNode = position;
//!
//! // normals
//! let positionA = positionLocal.add( vec3( normalComputeShift, 0, 0 ) );
//! let positionB = positionLocal.add( vec3( 0, 0, normalComputeShift.negate() ) );
//! positionA = positionA.add( vec3( 0, wavesElevation( positionA ), 0 ) );
//! positionB = positionB.add( vec3( 0, wavesElevation( positionB ), 0 ) );
//! const toA = positionA.sub( position ).normalize();
//! const toB = positionB.sub( position ).normalize();
//! const normal = toA.cross( toB );
//! material.normalNode = transformNormalToView( normal );
//!
//! // emissive
//! const emissive = elevation.remap( emissiveHigh, emissiveLow ).pow( emissivePower );
//! material.emissiveNode = emissiveColor.mul( emissive );
//! const geometry = new THREE.PlaneGeometry( 2, 2, 256, 256 );
//! geometry.rotateX( - Math.PI * 0.5 );
//! ```
//!
//! Differences: tsl-raster's position node is an offset added to the vertex, so the port answers
//! `vec3(0, elevation, 0)`; a `Loop` count must be known when the graph is built, so
//! `smallWavesIterations` is the Rust constant 3; written before a fragment node could read
//! `positionLocal` (R-VAL-18, docs/requirements.md), the normal and emissive nodes compute the
//! elevations again from `positionWorld.xz` (the same point: the mesh is not moved and the waves
//! move along y only, and the position's own y cancels in `positionA − position`); tsl-raster's
//! normal node is an offset added to the world normal (R-OUT-4), so the port answers `normal −
//! normalWorld` (the mesh is not moved or turned, so the local normal is the world normal); the
//! plane has 64 × 64 segments.
//!
//! Run: `cargo run --release --example tsl_raging_sea` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// `smallWavesIterations`.
pub const SMALL_WAVES_ITERATIONS: i64 = 3;

/// The uniforms of the page, as typed nodes.
struct Waves {
    large_frequency: Vec2Node,
    large_speed: FloatNode,
    large_multiplier: FloatNode,
    small_frequency: FloatNode,
    small_speed: FloatNode,
    small_multiplier: FloatNode,
}

/// The page's `wavesElevation` Fn, in TSL's closure style (`var`, `LoopFrom`).
fn waves_elevation(waves: &Waves, position: Vec3Node) -> FloatNode {
    let t = time();
    let elevation = var(
        sin(position.x() * waves.large_frequency.x() + t * waves.large_speed)
            * sin(position.z() * waves.large_frequency.y() + t * waves.large_speed)
            * waves.large_multiplier,
    );
    LoopFrom(SMALL_WAVES_ITERATIONS, 1.0, 1.0, |i| {
        let noise_input =
            ((position.xz() + 2.0) * waves.small_frequency * i).extend(t * waves.small_speed);
        let wave = abs(mx_noise_float(noise_input, 1.0, 0.0) * waves.small_multiplier / i);
        elevation.set(elevation.get() - wave);
    });
    elevation.get()
}

/// The sea's program: the position node (the elevation as an offset along y), the normal node
/// (the normal of the waves from the elevations beside the point) and the emissive node (the same
/// elevation from the world position).
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let emissive_color = uniform(Color::from_hex(0xff0a81)).set_name("emissiveColor");
    let emissive_low = uniform(-0.25f32).set_name("emissiveLow");
    let emissive_high = uniform(0.2f32).set_name("emissiveHigh");
    let emissive_power = uniform(7.0f32).set_name("emissivePower");
    let waves = Waves {
        large_frequency: uniform(glam::Vec2::new(3.0, 1.0)).set_name("largeWavesFrequency"),
        large_speed: uniform(1.25f32).set_name("largeWavesSpeed"),
        large_multiplier: uniform(0.15f32).set_name("largeWavesMultiplier"),
        small_frequency: uniform(2.0f32).set_name("smallWavesFrequency"),
        small_speed: uniform(0.3f32).set_name("smallWavesSpeed"),
        small_multiplier: uniform(0.18f32).set_name("smallWavesMultiplier"),
    };
    let normal_compute_shift = uniform(0.01f32).set_name("normalComputeShift");
    let elevation = waves_elevation(&waves, position_local());
    scope.position_node(vec3(0.0, elevation, 0.0))?;
    // A fragment node may not read position_local: the elevations again, at the moved vertex's
    // world x and z (the mesh is not moved, and the waves move vertices along y only).
    let p = position_world();
    let here = vec3(p.x(), 0.0, p.z());
    let elevation = waves_elevation(&waves, here);
    let position = here + vec3(0.0, elevation, 0.0);
    let position_a = here + vec3(normal_compute_shift, 0.0, 0.0);
    let position_b = here + vec3(0.0, 0.0, -normal_compute_shift);
    let position_a = position_a + vec3(0.0, waves_elevation(&waves, position_a), 0.0);
    let position_b = position_b + vec3(0.0, waves_elevation(&waves, position_b), 0.0);
    let to_a = normalize(position_a - position);
    let to_b = normalize(position_b - position);
    let normal = cross(to_a, to_b);
    // normalNode = transformNormalToView(normal) replaces the normal; ours is an offset.
    scope.normal_node(normal - normal_world())?;
    // High to low: 0 at a crest, 1 and past it in a trough, which glows.
    let emissive = pow(
        remap(elevation, emissive_high, emissive_low, 0.0, 1.0),
        emissive_power,
    );
    scope.emissive_node(emissive_color * emissive)?;
    scope.compile()
}

/// `new PlaneGeometry( 2, 2, segments, segments )` then `geometry.rotateX( - Math.PI * 0.5 )`:
/// the plane lies in xz in its own space, facing +y, as the elevation needs.
pub fn sea_geometry(segments: u32) -> Result<Geometry, RenderError> {
    let plane = PlaneGeometry {
        width: 2.0,
        height: 2.0,
        width_segments: segments,
        height_segments: segments,
    }
    .build();
    let turn = |v: &Vec3| Vec3::new(v.x, v.z, -v.y);
    Geometry::from_data(
        plane.positions().iter().map(turn).collect(),
        plane.normals().map(|n| n.iter().map(turn).collect()),
        plane.uvs().map(<[Vec2]>::to_vec),
        plane.indices().to_vec(),
    )
}

/// The sea (a 2 × 2 plane lying in xz) seen from above and in front, under a directional light.
pub fn scene(segments: u32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    scene_with(program()?, segments)
}

/// The same scene with the sea's program given (its uniforms set as wanted).
pub fn scene_with(
    program: NodeProgram,
    segments: u32,
) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program);
    let material = assets.materials.add(Material {
        roughness: 0.15,
        ..Material::new(MaterialKind::Standard, Color::from_hex(0x271442)).with_nodes(program)
    });
    let plane = assets.geometries.add(sea_geometry(segments)?);
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x201919));
    scene.add(Object::mesh(plane, material));
    scene.add_light(Light::ambient(Color::WHITE, 0.6));
    scene.add_light(Light::directional(
        Color::WHITE,
        3.0,
        Vec3::new(-4.0, 2.0, 0.0),
    ));
    let camera = Camera::perspective(40.0, 0.1, 50.0)
        .at(Vec3::new(1.6, 1.3, 1.6))
        .looking_at(Vec3::new(0.0, -0.25, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_raging_sea",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_raging_sea.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_raging_sea.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene(64)?;
    let mut renderer = args::renderer(RenderSettings::new(640, 480))?;
    renderer
        .settings
        .set_time(std::time::Duration::from_millis(1000));
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
