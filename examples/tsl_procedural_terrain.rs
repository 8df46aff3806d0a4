//! three.js's `webgpu_tsl_procedural_terrain.html`: a plane raised into a terrain by warped layers
//! of `mx_noise_float` (the position node), lit with the normal of the elevations beside each
//! vertex (a varying), coloured sand, grass, rock and snow by height and slope. Writes
//! `tsl_procedural_terrain.png`.
//!
//! The original TSL:
//!
//! ```js
//! const material = new THREE.MeshStandardNodeMaterial( { metalness: 0, roughness: 0.5, color: '#85d534' } );
//!
//! const noiseIterations = uniform( 3 );
//! const positionFrequency = uniform( 0.175 );
//! const warpFrequency = uniform( 6 );
//! const warpStrength = uniform( 1 );
//! const strength = uniform( 10 );
//! const offset = uniform( vec2( 0, 0 ) );
//! const normalLookUpShift = uniform( 0.01 );
//! const colorSand = uniform( color( '#ffe894' ) );
//! const colorGrass = uniform( color( '#85d534' ) );
//! const colorSnow = uniform( color( '#ffffff' ) );
//! const colorRock = uniform( color( '#bfbd8d' ) );
//!
//! const vNormal = varying( vec3() );
//! const vPosition = varying( vec3() );
//!
//! const terrainElevation = Fn( ( [ position ] ) => {
//!     const warpedPosition = position.add( offset ).toVar();
//!     warpedPosition.addAssign( mx_noise_float( warpedPosition.mul( positionFrequency ).mul( warpFrequency ), 1, 0 ).mul( warpStrength ) );
//!     const elevation = float( 0 ).toVar();
//!     Loop( { type: 'float', start: float( 1 ), end: noiseIterations.toFloat(), condition: '<=' }, ( { i } ) => {
//!         const noiseInput = warpedPosition.mul( positionFrequency ).mul( i.mul( 2 ) ).add( i.mul( 987 ) );
//!         const noise = mx_noise_float( noiseInput, 1, 0 ).div( i.add( 1 ).mul( 2 ) );
//!         elevation.addAssign( noise );
//!     } );
//!     const elevationSign = sign( elevation );
//!     elevation.assign( elevation.abs().pow( 2 ).mul( elevationSign ).mul( strength ) );
//!     return elevation;
//! } );
//!
//! material.positionNode = Fn( () => {
//!     // neighbours positions
//!     const neighbourA = positionLocal.xyz.add( vec3( normalLookUpShift, 0.0, 0.0 ) ).toVar();
//!     const neighbourB = positionLocal.xyz.add( vec3( 0.0, 0.0, normalLookUpShift.negate() ) ).toVar();
//!     // elevations
//!     const position = positionLocal.xyz.toVar();
//!     const elevation = terrainElevation( positionLocal.xz );
//!     position.y.addAssign( elevation );
//!     neighbourA.y.addAssign( terrainElevation( neighbourA.xz ) );
//!     neighbourB.y.addAssign( terrainElevation( neighbourB.xz ) );
//!     // compute normal
//!     const toA = neighbourA.sub( position ).normalize();
//!     const toB = neighbourB.sub( position ).normalize();
//!     vNormal.assign( cross( toA, toB ) );
//!     // varyings
//!     vPosition.assign( position.add( vec3( offset.x, 0, offset.y ) ) );
//!     return position;
//! } )();
//!
//! material.normalNode = transformNormalToView( vNormal );
//!
//! material.colorNode = Fn( () => {
//!     const finalColor = colorSand.toVar();
//!     // grass
//!     const grassMix = step( - 0.06, vPosition.y );
//!     finalColor.assign( grassMix.mix( finalColor, colorGrass ) );
//!     // rock
//!     const rockMix = step( 0.5, dot( vNormal, vec3( 0, 1, 0 ) ) ).oneMinus().mul( step( - 0.06, vPosition.y ) );
//!     finalColor.assign( rockMix.mix( finalColor, colorRock ) );
//!     // snow
//!     const snowThreshold = mx_noise_float( vPosition.xz.mul( 25 ), 1, 0 ).mul( 0.1 ).add( 0.45 );
//!     const snowMix = step( snowThreshold, vPosition.y );
//!     finalColor.assign( snowMix.mix( finalColor, colorSnow ) );
//!     return finalColor;
//! } )();
//!
//! const geometry = new THREE.PlaneGeometry( 10, 10, 500, 500 );
//! geometry.deleteAttribute( 'uv' );
//! geometry.deleteAttribute( 'normal' );
//! geometry.rotateX( - Math.PI * 0.5 );
//! ```
//!
//! Differences: tsl-raster's position node is an offset added to the vertex, so the port answers
//! `vec3(0, elevation, 0)`; a `Loop` count must be known when the graph is built, so
//! `noiseIterations` is the Rust constant 3; the vertex stage's `vNormal` is `varying(..)` of the
//! same computation (a varying is computed at the triangle's corners and interpolated, as the
//! page's; the vertices move along y only, so the moved corners' `positionLocal.xz` is the
//! page's), and `vPosition` is the moved `positionLocal` plus the offset (in a fragment node an
//! automatic varying, as TSL's); tsl-raster's normal node is an
//! offset added to the world normal (R-OUT-4), so the port answers `vNormal − normalWorld`.
//! The scene (tools/three_tsl_cases/tsl_procedural_terrain.mjs draws the same): 128 × 128
//! segments; no HDR environment (an ambient light of 0.6) and no shadows; the water, a
//! transmissive MeshPhysicalMaterial on the page, is an opaque standard material of its colour.
//!
//! Run: `cargo run --release --example tsl_procedural_terrain` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// `noiseIterations`.
pub const NOISE_ITERATIONS: i64 = 3;

/// The page's uniforms that shape the terrain, as typed nodes.
struct Terrain {
    position_frequency: FloatNode,
    warp_frequency: FloatNode,
    warp_strength: FloatNode,
    strength: FloatNode,
    offset: Vec2Node,
}

/// The page's `terrainElevation` Fn.
fn terrain_elevation(terrain: &Terrain, position: Vec2Node) -> FloatNode {
    let warped_position = position.add(terrain.offset).to_var();
    let warp = mx_noise_float(
        warped_position
            .get()
            .mul(terrain.position_frequency)
            .mul(terrain.warp_frequency),
        1.0,
        0.0,
    );
    warped_position.set(warped_position.get().add(warp.mul(terrain.warp_strength)));

    let elevation = float(0.0).to_var();
    LoopFrom(NOISE_ITERATIONS, 1.0, 1.0, |i| {
        let noise_input = warped_position
            .get()
            .mul(terrain.position_frequency)
            .mul(i.mul(2.0))
            .add(i.mul(987.0));
        let noise = mx_noise_float(noise_input, 1.0, 0.0).div(i.add(1.0).mul(2.0));
        elevation.set(elevation.get().add(noise));
    });

    let elevation_sign = sign(elevation.get());
    elevation.set(
        elevation
            .get()
            .abs()
            .pow(2.0)
            .mul(elevation_sign)
            .mul(terrain.strength),
    );
    elevation.get()
}

/// The terrain's program: the position node, the normal node and the colour node.
pub fn program() -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let terrain = Terrain {
        position_frequency: uniform(0.175f32),
        warp_frequency: uniform(6.0f32),
        warp_strength: uniform(1.0f32),
        strength: uniform(10.0f32),
        offset: uniform(Vec2::ZERO),
    };
    let normal_look_up_shift = uniform(0.01f32);
    let color_sand = uniform(Color::from_hex(0xffe894));
    let color_grass = uniform(Color::from_hex(0x85d534));
    let color_snow = uniform(Color::from_hex(0xffffff));
    let color_rock = uniform(Color::from_hex(0xbfbd8d));

    // positionNode: the elevation, as an offset along y.
    let elevation = terrain_elevation(&terrain, position_local().xz());
    scope.position_node(vec3(0.0, elevation, 0.0))?;

    // vNormal: the page's vertex-stage normal, computed at the corners and interpolated.
    let p = position_local();
    let position = vec3(p.x(), 0.0, p.z());
    let neighbour_a = position.add(vec3(normal_look_up_shift, 0.0, 0.0));
    let neighbour_b = position.add(vec3(0.0, 0.0, normal_look_up_shift.negate()));
    let position = position.add(vec3(0.0, terrain_elevation(&terrain, position.xz()), 0.0));
    let neighbour_a = neighbour_a.add(vec3(
        0.0,
        terrain_elevation(&terrain, neighbour_a.xz()),
        0.0,
    ));
    let neighbour_b = neighbour_b.add(vec3(
        0.0,
        terrain_elevation(&terrain, neighbour_b.xz()),
        0.0,
    ));
    let to_a = neighbour_a.sub(position).normalize();
    let to_b = neighbour_b.sub(position).normalize();
    let v_normal = varying(cross(to_a, to_b));
    // vPosition: the moved surface, plus the offset in xz.
    let v_position = position_local().add(vec3(terrain.offset.x(), 0.0, terrain.offset.y()));

    // normalNode = transformNormalToView(vNormal) replaces the normal; ours is an offset.
    scope.normal_node(v_normal.sub(normal_world()))?;

    let final_color = color_sand.to_var();
    // grass
    let grass_mix = step(-0.06, v_position.y());
    final_color.set(grass_mix.mix(final_color.get(), color_grass));
    // rock
    let rock_mix = step(0.5, dot(v_normal, vec3(0.0, 1.0, 0.0)))
        .one_minus()
        .mul(step(-0.06, v_position.y()));
    final_color.set(rock_mix.mix(final_color.get(), color_rock));
    // snow
    let snow_threshold = mx_noise_float(v_position.xz().mul(25.0), 1.0, 0.0)
        .mul(0.1)
        .add(0.45);
    let snow_mix = step(snow_threshold, v_position.y());
    final_color.set(snow_mix.mix(final_color.get(), color_snow));
    scope.color_node(final_color.get())?;
    scope.compile()
}

/// `new PlaneGeometry( 10, 10, segments, segments )` then `geometry.rotateX( - Math.PI * 0.5 )`:
/// the plane lies in xz, facing +y.
pub fn ground_geometry(size: f64, segments: u32) -> Result<Geometry, RenderError> {
    let plane = PlaneGeometry {
        width: size,
        height: size,
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

/// The terrain of `segments` × `segments`, the opaque water at y = −0.1, the page's camera and
/// directional light, and an ambient light for the page's environment map.
pub fn scene(segments: u32) -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let program = assets.programs.add(program()?);
    let material = assets.materials.add(Material {
        roughness: 0.5,
        metalness: 0.0,
        ..Material::new(MaterialKind::Standard, Color::from_hex(0x85d534)).with_nodes(program)
    });
    let ground = assets.geometries.add(ground_geometry(10.0, segments)?);
    let water_material =
        assets
            .materials
            .add(Material::standard(Color::from_hex(0x4db2ff), 0.5, 0.0));
    let water_plane = assets.geometries.add(ground_geometry(10.0, 1)?);
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x201919));
    scene.add(Object::mesh(ground, material));
    let mut water = Object::mesh(water_plane, water_material);
    water.transform.position = Vec3::new(0.0, -0.1, 0.0);
    scene.add(water);
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(6.25, 3.0, 4.0),
    ));
    scene.add_light(Light::ambient(Color::WHITE, 0.6));
    let camera = Camera::perspective(35.0, 0.1, 100.0)
        .at(Vec3::new(-10.0, 8.0, -2.2))
        .looking_at(Vec3::new(0.0, -0.5, 0.0));
    Ok((scene, camera, assets))
}

/// The page's renderer: ACES filmic tone mapping, exposure 1.
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.set_tone_mapping(ToneMapping::AcesFilmic, 1.0);
    settings
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_procedural_terrain",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_procedural_terrain.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_procedural_terrain.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene(128)?;
    let image = args::renderer(settings(640, 480))?.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
