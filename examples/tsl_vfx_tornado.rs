//! three.js's `webgpu_tsl_vfx_tornado.html`: a tornado of two twisted, transparent cylinders
//! (an emissive one inside a dark one) over a glowing swirl on the floor, all three coloured by
//! scrolling noise-texture lookups in their output nodes. Writes `tsl_vfx_tornado.png`.
//!
//! The original TSL:
//!
//! ```js
//! const toRadialUv = Fn( ( [ uv, multiplier, rotation, offset ] ) => {
//!     const centeredUv = uv.sub( 0.5 ).toVar();
//!     const distanceToCenter = centeredUv.length();
//!     const angle = atan2( centeredUv.y, centeredUv.x );
//!     const radialUv = vec2( angle.add( PI ).div( PI2 ), distanceToCenter ).toVar();
//!     radialUv.mulAssign( multiplier );
//!     radialUv.x.addAssign( rotation );
//!     radialUv.y.addAssign( offset );
//!     return radialUv;
//! } );
//!
//! const toSkewedUv = Fn( ( [ uv, skew ] ) => {
//!     return vec2(
//!         uv.x.add( uv.y.mul( skew.x ) ),
//!         uv.y.add( uv.x.mul( skew.y ) )
//!     );
//! } );
//!
//! const twistedCylinder = Fn( ( [ position, parabolStrength, parabolOffset, parabolAmplitude, time ] ) => {
//!     const angle = atan2( position.z, position.x ).toVar();
//!     const elevation = position.y;
//!     // parabol
//!     const radius = parabolStrength.mul( position.y.sub( parabolOffset ) ).pow( 2 ).add( parabolAmplitude ).toVar();
//!     // turbulences
//!     radius.addAssign( sin( elevation.sub( time ).mul( 20 ).add( angle.mul( 2 ) ) ).mul( 0.05 ) );
//!     const twistedPosition = vec3(
//!         cos( angle ).mul( radius ),
//!         elevation,
//!         sin( angle ).mul( radius )
//!     );
//!     return twistedPosition;
//! } );
//!
//! // uniforms
//! const emissiveColor = uniform( color( '#ff8b4d' ) );
//! const timeScale = uniform( 0.2 );
//! const parabolStrength = uniform( 1 );
//! const parabolOffset = uniform( 0.3 );
//! const parabolAmplitude = uniform( 0.2 );
//!
//! // tornado floor
//! const floorMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, wireframe: false } );
//! floorMaterial.outputNode = Fn( () => {
//!     const scaledTime = time.mul( timeScale );
//!     // noise 1
//!     const noise1Uv = toRadialUv( uv(), vec2( 0.5, 0.5 ), scaledTime, scaledTime );
//!     noise1Uv.assign( toSkewedUv( noise1Uv, vec2( - 1, 0 ) ) );
//!     noise1Uv.mulAssign( vec2( 4, 1 ) );
//!     const noise1 = texture( perlinTexture, noise1Uv, 1 ).r.remap( 0.45, 0.7 );
//!     // noise 2
//!     const noise2Uv = toRadialUv( uv(), vec2( 2, 8 ), scaledTime.mul( 2 ), scaledTime.mul( 8 ) );
//!     noise2Uv.assign( toSkewedUv( noise2Uv, vec2( - 0.25, 0 ) ) );
//!     noise2Uv.mulAssign( vec2( 2, 0.25 ) );
//!     const noise2 = texture( perlinTexture, noise2Uv, 1 ).b.remap( 0.45, 0.7 );
//!     // outer fade
//!     const distanceToCenter = uv().sub( 0.5 ).toVar();
//!     const outerFade = min(
//!         oneMinus( distanceToCenter.length() ).smoothstep( 0.5, 0.9 ),
//!         distanceToCenter.length().smoothstep( 0, 0.2 )
//!     );
//!     // effect
//!     const effect = noise1.mul( noise2 ).mul( outerFade ).toVar();
//!     // output
//!     return vec4(
//!         emissiveColor.mul( float( 0.2 ).step( effect ) ).mul( 3 ), // Emissive
//!         effect.smoothstep( 0, 0.01 ) // Alpha
//!     );
//! } )();
//! const floor = new THREE.Mesh( new THREE.PlaneGeometry( 2, 2 ), floorMaterial );
//! floor.rotation.x = - Math.PI * 0.5;
//!
//! // tornado cylinder geometry
//! const cylinderGeometry = new THREE.CylinderGeometry( 1, 1, 1, 20, 20, true );
//! cylinderGeometry.translate( 0, 0.5, 0 );
//!
//! // tornado emissive cylinder
//! const emissiveMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide, wireframe: false } );
//! emissiveMaterial.positionNode = twistedCylinder( positionLocal, parabolStrength, parabolOffset, parabolAmplitude.sub( 0.05 ), time.mul( timeScale ) );
//! emissiveMaterial.outputNode = Fn( () => {
//!     const scaledTime = time.mul( timeScale );
//!     // noise 1
//!     const noise1Uv = uv().add( vec2( scaledTime, scaledTime.negate() ) ).toVar();
//!     noise1Uv.assign( toSkewedUv( noise1Uv, vec2( - 1, 0 ) ) );
//!     noise1Uv.mulAssign( vec2( 2, 0.25 ) );
//!     const noise1 = texture( perlinTexture, noise1Uv, 1 ).r.remap( 0.45, 0.7 );
//!     // noise 2
//!     const noise2Uv = uv().add( vec2( scaledTime.mul( 0.5 ), scaledTime.negate() ) ).toVar();
//!     noise2Uv.assign( toSkewedUv( noise2Uv, vec2( - 1, 0 ) ) );
//!     noise2Uv.mulAssign( vec2( 5, 1 ) );
//!     const noise2 = texture( perlinTexture, noise2Uv, 1 ).g.remap( 0.45, 0.7 );
//!     // outer fade
//!     const outerFade = min(
//!         uv().y.smoothstep( 0, 0.1 ),
//!         oneMinus( uv().y ).smoothstep( 0, 0.4 )
//!     );
//!     // effect
//!     const effect = noise1.mul( noise2 ).mul( outerFade );
//!     const emissiveColorLuminance = luminance( emissiveColor );
//!     // output
//!     return vec4(
//!         emissiveColor.mul( 1.2 ).div( emissiveColorLuminance ), // emissive
//!         effect.smoothstep( 0, 0.1 ) // alpha
//!     );
//! } )();
//!
//! // tornado dark cylinder
//! const darkMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide, wireframe: false } );
//! darkMaterial.positionNode = twistedCylinder( positionLocal, parabolStrength, parabolOffset, parabolAmplitude, time.mul( timeScale ) );
//! darkMaterial.outputNode = Fn( () => {
//!     const scaledTime = time.mul( timeScale ).add( 123.4 );
//!     // noise 1
//!     const noise1Uv = uv().add( vec2( scaledTime, scaledTime.negate() ) ).toVar();
//!     noise1Uv.assign( toSkewedUv( noise1Uv, vec2( - 1, 0 ) ) );
//!     noise1Uv.mulAssign( vec2( 2, 0.25 ) );
//!     const noise1 = texture( perlinTexture, noise1Uv, 1 ).g.remap( 0.45, 0.7 );
//!     // noise 2
//!     const noise2Uv = uv().add( vec2( scaledTime.mul( 0.5 ), scaledTime.negate() ) ).toVar();
//!     noise2Uv.assign( toSkewedUv( noise2Uv, vec2( - 1, 0 ) ) );
//!     noise2Uv.mulAssign( vec2( 5, 1 ) );
//!     const noise2 = texture( perlinTexture, noise2Uv, 1 ).b.remap( 0.45, 0.7 );
//!     // outer fade
//!     const outerFade = min(
//!         uv().y.smoothstep( 0, 0.2 ),
//!         oneMinus( uv().y ).smoothstep( 0, 0.4 )
//!     );
//!     // effect
//!     const effect = noise1.mul( noise2 ).mul( outerFade );
//!     return vec4(
//!         vec3( 0 ),
//!         effect.smoothstep( 0, 0.01 )
//!     );
//! } )();
//! ```
//!
//! Differences: three r187 spells `atan2( y, x )` as `atan( y, x )` (the port's `atan2`);
//! tsl-raster's position node is an offset added to the vertex, so the port answers
//! `twistedCylinder(..) − positionLocal`.
//! The scene (tools/three_tsl_cases/tsl_vfx_tornado.mjs draws the same): no bloom pass (a post
//! pass); the page's perlin texture (`textures/noises/perlin/rgb-256x256.png`, not in this
//! repository) is the 64 × 64 value noise of [`noise_bytes`], repeat-wrapped, linear, without
//! mipmaps, so the page's `texture( .., .., 1 )` (mip level 1) reads the base level, as the
//! port's `texture` does.
//!
//! Run: `cargo run --release --example tsl_vfx_tornado` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The noise texture's side in texels.
pub const NOISE_SIZE: u32 = 64;

/// Three channels of tiling value noise, `NOISE_SIZE` square, RGBA8 (first row first): two
/// octaves (cells of 16 and 8 texels) of a hashed lattice, smoothstep-weighted, all in integers
/// so that the case file's `noiseBytes()` makes the same bytes.
pub fn noise_bytes() -> Vec<u8> {
    let n = NOISE_SIZE;
    let hash = |ix: u32, iy: u32, c: u32| -> u32 {
        (ix.wrapping_mul(73_856_093)
            ^ iy.wrapping_mul(19_349_663)
            ^ (c + 1).wrapping_mul(83_492_791))
            % 256
    };
    let octave = |x: u32, y: u32, c: u32, cell: u32| -> u64 {
        let cells = n / cell;
        let (ix, iy) = (x / cell, y / cell);
        let (kx, ky) = (u64::from(x % cell), u64::from(y % cell));
        let cell = u64::from(cell);
        // t²(3 − 2t) at t = k / cell, out of 2·cell³.
        let w = |k: u64| k * k * (6 * cell - 4 * k);
        let full = 2 * cell * cell * cell;
        let (sx, sy) = (w(kx), w(ky));
        let v = |dx: u32, dy: u32| u64::from(hash((ix + dx) % cells, (iy + dy) % cells, c));
        let top = v(0, 0) * (full - sx) + v(1, 0) * sx;
        let bottom = v(0, 1) * (full - sx) + v(1, 1) * sx;
        (top * (full - sy) + bottom * sy) / (full * full)
    };
    let mut out = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            for c in 0..3 {
                out.push(((2 * octave(x, y, c, 16) + octave(x, y, c, 8)) / 3) as u8);
            }
            out.push(255);
        }
    }
    out
}

/// The noise as a texture: bytes as they are, repeat-wrapped, linear, no mipmaps.
pub fn noise_texture() -> Result<Texture, RenderError> {
    let image = Image::from_rgba8(NOISE_SIZE, NOISE_SIZE, noise_bytes())?;
    let mut texture = Texture::new(image, ColorSpace::Linear);
    texture.flip_y = false;
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::Repeat;
    texture.mag_filter = Filter::Linear;
    texture.min_filter = Filter::Linear;
    Ok(texture)
}

/// The page's `toRadialUv`.
fn to_radial_uv(
    uv: Vec2Node,
    multiplier: Vec2,
    rotation: FloatNode,
    offset: FloatNode,
) -> Vec2Node {
    let centered_uv = uv.sub(0.5);
    let distance_to_center = centered_uv.length();
    let angle = atan2(centered_uv.y(), centered_uv.x());
    let radial_uv = vec2(angle.add(PI).div(PI2), distance_to_center).mul(multiplier);
    // radialUv.x.addAssign( rotation ); radialUv.y.addAssign( offset );
    vec2(radial_uv.x().add(rotation), radial_uv.y().add(offset))
}

/// The page's `toSkewedUv`.
fn to_skewed_uv(uv: Vec2Node, skew: Vec2) -> Vec2Node {
    vec2(
        uv.x().add(uv.y().mul(skew.x)),
        uv.y().add(uv.x().mul(skew.y)),
    )
}

/// The tornado's shape (the page's uniforms).
struct Parabol {
    strength: FloatNode,
    offset: FloatNode,
    amplitude: FloatNode,
}

/// The page's `twistedCylinder`.
fn twisted_cylinder(
    position: Vec3Node,
    parabol: &Parabol,
    amplitude: FloatNode,
    time: FloatNode,
) -> Vec3Node {
    let angle = atan2(position.z(), position.x());
    let elevation = position.y();
    // parabol
    let radius = parabol
        .strength
        .mul(position.y().sub(parabol.offset))
        .pow(2.0)
        .add(amplitude);
    // turbulences
    let radius = radius.add(sin(elevation.sub(time).mul(20.0).add(angle.mul(2.0))).mul(0.05));
    vec3(cos(angle).mul(radius), elevation, sin(angle).mul(radius))
}

/// The page's uniforms.
struct Uniforms {
    emissive_color: Vec3Node,
    time_scale: FloatNode,
    parabol: Parabol,
}

impl Uniforms {
    fn new() -> Uniforms {
        Uniforms {
            emissive_color: uniform(Color::from_hex(0xff8b4d)),
            time_scale: uniform(0.2f32),
            parabol: Parabol {
                strength: uniform(1.0f32),
                offset: uniform(0.3f32),
                amplitude: uniform(0.2f32),
            },
        }
    }
}

/// The floor's program: the swirl's `outputNode`. The page's `texture( map, uv, 1 )` reads mip
/// level 1; the texture has no mipmaps, so that is the base level, which `texture(map, uv)` reads.
pub fn floor_program(map: TextureId) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let u = Uniforms::new();
    let scaled_time = time().mul(u.time_scale);
    // noise 1
    let noise1_uv = to_radial_uv(uv(), Vec2::new(0.5, 0.5), scaled_time, scaled_time);
    let noise1_uv = to_skewed_uv(noise1_uv, Vec2::new(-1.0, 0.0)).mul(vec2(4.0, 1.0));
    let noise1 = texture(map, noise1_uv).r().remap(0.45, 0.7, 0.0, 1.0);
    // noise 2
    let noise2_uv = to_radial_uv(
        uv(),
        Vec2::new(2.0, 8.0),
        scaled_time.mul(2.0),
        scaled_time.mul(8.0),
    );
    let noise2_uv = to_skewed_uv(noise2_uv, Vec2::new(-0.25, 0.0)).mul(vec2(2.0, 0.25));
    let noise2 = texture(map, noise2_uv).b().remap(0.45, 0.7, 0.0, 1.0);
    // outer fade
    let distance_to_center = uv().sub(0.5);
    let outer_fade = min(
        distance_to_center.length().one_minus().smoothstep(0.5, 0.9),
        distance_to_center.length().smoothstep(0.0, 0.2),
    );
    // effect
    let effect = noise1.mul(noise2).mul(outer_fade);
    // output: emissive, alpha (`x.step( edge )` is `step( edge, x )`: 1 where the effect is
    // at most 0.2)
    let emissive = u.emissive_color.mul(float(0.2).step(effect)).mul(3.0);
    let alpha = effect.smoothstep(0.0, 0.01);
    scope.output_node(emissive.extend(alpha))?;
    scope.compile()
}

/// Which of the two cylinders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cylinder {
    /// The glowing inner cylinder (`parabolAmplitude − 0.05`).
    Emissive,
    /// The dark outer cylinder.
    Dark,
}

/// What the two cylinders' output nodes differ in.
struct CylinderLook {
    /// Added to the scaled time.
    time_offset: f32,
    /// The channels `noise1` and `noise2` read.
    channels: [fn(Vec4Node) -> FloatNode; 2],
    /// The high edge of the fade at the bottom.
    fade_low: f32,
    /// The high edge of the alpha's smoothstep.
    alpha_high: f32,
}

impl Cylinder {
    fn look(self) -> CylinderLook {
        match self {
            Cylinder::Emissive => CylinderLook {
                time_offset: 0.0,
                channels: [|c| c.r(), |c| c.g()],
                fade_low: 0.1,
                alpha_high: 0.1,
            },
            Cylinder::Dark => CylinderLook {
                time_offset: 123.4,
                channels: [|c| c.g(), |c| c.b()],
                fade_low: 0.2,
                alpha_high: 0.01,
            },
        }
    }
}

/// A cylinder's program: the twisted position node and its `outputNode` (mip level 1 read as the
/// base level, as the floor's).
pub fn cylinder_program(cylinder: Cylinder, map: TextureId) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let u = Uniforms::new();
    let look = cylinder.look();
    let amplitude = match cylinder {
        Cylinder::Emissive => u.parabol.amplitude.sub(0.05),
        Cylinder::Dark => u.parabol.amplitude,
    };
    let twisted = twisted_cylinder(
        position_local(),
        &u.parabol,
        amplitude,
        time().mul(u.time_scale),
    );
    scope.position_node(twisted.sub(position_local()))?;

    let scaled_time = time().mul(u.time_scale).add(look.time_offset);
    // noise 1
    let noise1_uv = uv().add(vec2(scaled_time, scaled_time.negate()));
    let noise1_uv = to_skewed_uv(noise1_uv, Vec2::new(-1.0, 0.0)).mul(vec2(2.0, 0.25));
    let noise1 = look.channels[0](texture(map, noise1_uv)).remap(0.45, 0.7, 0.0, 1.0);
    // noise 2
    let noise2_uv = uv().add(vec2(scaled_time.mul(0.5), scaled_time.negate()));
    let noise2_uv = to_skewed_uv(noise2_uv, Vec2::new(-1.0, 0.0)).mul(vec2(5.0, 1.0));
    let noise2 = look.channels[1](texture(map, noise2_uv)).remap(0.45, 0.7, 0.0, 1.0);
    // outer fade
    let outer_fade = min(
        uv().y().smoothstep(0.0, look.fade_low),
        uv().y().one_minus().smoothstep(0.0, 0.4),
    );
    // effect
    let effect = noise1.mul(noise2).mul(outer_fade);
    let rgb = match cylinder {
        Cylinder::Emissive => {
            let emissive_color_luminance =
                luminance(u.emissive_color, working_luminance_coefficients());
            u.emissive_color.mul(1.2).div(emissive_color_luminance)
        }
        Cylinder::Dark => to_vec3(0.0),
    };
    scope.output_node(rgb.extend(effect.smoothstep(0.0, look.alpha_high)))?;
    scope.compile()
}

/// `new CylinderGeometry( 1, 1, 1, 20, 20, true )` then `translate( 0, 0.5, 0 )`.
pub fn cylinder_geometry() -> Result<Geometry, RenderError> {
    let cylinder = CylinderGeometry {
        radius_top: 1.0,
        radius_bottom: 1.0,
        height: 1.0,
        radial_segments: 20,
        height_segments: 20,
        open_ended: true,
        ..CylinderGeometry::default()
    }
    .build();
    Geometry::from_data(
        cylinder
            .positions()
            .iter()
            .map(|p| *p + Vec3::new(0.0, 0.5, 0.0))
            .collect(),
        cylinder.normals().map(<[Vec3]>::to_vec),
        cylinder.uvs().map(<[Vec2]>::to_vec),
        cylinder.indices().to_vec(),
    )
}

/// The floor (a 2 × 2 plane lying in xz), the emissive and the dark cylinder, all transparent,
/// in the page's order, seen by the page's camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let map = assets.textures.add(noise_texture()?);
    let transparent = |program: ProgramId, side: Side| Material {
        transparent: true,
        side,
        ..Material::basic(Color::WHITE).with_nodes(program)
    };
    let mut scene = Scene::new();
    let floor_material = transparent(assets.programs.add(floor_program(map)?), Side::Front);
    let floor_material = assets.materials.add(floor_material);
    let plane = PlaneGeometry::new(2.0, 2.0).build();
    let turn = |v: &Vec3| Vec3::new(v.x, v.z, -v.y);
    let floor = assets.geometries.add(Geometry::from_data(
        plane.positions().iter().map(turn).collect(),
        plane.normals().map(|n| n.iter().map(turn).collect()),
        plane.uvs().map(<[Vec2]>::to_vec),
        plane.indices().to_vec(),
    )?);
    scene.add(Object::mesh(floor, floor_material));
    let cylinder = assets.geometries.add(cylinder_geometry()?);
    for which in [Cylinder::Emissive, Cylinder::Dark] {
        let program = assets.programs.add(cylinder_program(which, map)?);
        let material = assets.materials.add(transparent(program, Side::Double));
        scene.add(Object::mesh(cylinder, material));
    }
    let camera = Camera::perspective(25.0, 0.1, 50.0)
        .at(Vec3::new(1.0, 1.0, 3.0))
        .looking_at(Vec3::new(0.0, 0.4, 0.0));
    Ok((scene, camera, assets))
}

/// The page's renderer: clear colour `0x201919`.
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.clear_color = Color::from_hex(0x201919);
    settings.clear_alpha = 1.0;
    settings
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_vfx_tornado",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_vfx_tornado.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_vfx_tornado.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene()?;
    let mut renderer = args::renderer(settings(480, 640))?;
    renderer.settings.time = 2.0;
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
