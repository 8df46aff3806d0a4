//! three.js's `webgpu_tsl_vfx_flames.html`: two flames drawn on quads from a spherized,
//! stretched uv, noise textures scrolling with time and a colour gradient. Writes
//! `tsl_vfx_flames.png`.
//!
//! The original TSL:
//!
//! ```js
//! const flame1Material = new THREE.SpriteNodeMaterial( { transparent: true, side: THREE.DoubleSide } );
//! flame1Material.colorNode = Fn( () => {
//!     // main UV
//!     const mainUv = uv().toVar();
//!     mainUv.assign( spherizeUV( mainUv, 10 ).mul( 0.6 ).add( 0.2 ) ); // spherize
//!     mainUv.assign( mainUv.pow( vec2( 1, 2 ) ) ); // stretch
//!     mainUv.assign( mainUv.mul( 2, 1 ).sub( vec2( 0.5, 0 ) ) ); // scale
//!     // gradients
//!     const gradient1 = sin( time.mul( 10 ).sub( mainUv.y.mul( PI2 ).mul( 2 ) ) ).toVar();
//!     const gradient2 = mainUv.y.smoothstep( 0, 1 ).toVar();
//!     mainUv.x.addAssign( gradient1.mul( gradient2 ).mul( 0.2 ) );
//!     // cellular noise
//!     const cellularUv = mainUv.mul( 0.5 ).add( vec2( 0, time.negate().mul( 0.5 ) ) ).mod( 1 );
//!     const cellularNoise = texture( cellularTexture, cellularUv, 0 ).r.oneMinus().smoothstep( 0, 0.5 ).oneMinus();
//!     cellularNoise.mulAssign( gradient2 );
//!     // shape
//!     const shape = mainUv.sub( 0.5 ).mul( vec2( 3, 2 ) ).length().oneMinus().toVar();
//!     shape.assign( shape.sub( cellularNoise ) );
//!     // gradient color
//!     const gradientColor = texture( gradient.texture, vec2( shape.remap( 0, 1, 0, 1 ), 0 ) );
//!     // output
//!     const color = mix( gradientColor, vec3( 1 ), shape.step( 0.8 ).oneMinus() );
//!     const alpha = shape.smoothstep( 0, 0.3 );
//!     return vec4( color.rgb, alpha );
//! } )();
//!
//! const flame2Material = new THREE.SpriteNodeMaterial( { transparent: true, side: THREE.DoubleSide } );
//! flame2Material.colorNode = Fn( () => {
//!     // main UV
//!     const mainUv = uv().toVar();
//!     mainUv.assign( spherizeUV( mainUv, 10 ).mul( 0.6 ).add( 0.2 ) ); // spherize
//!     mainUv.assign( mainUv.pow( vec2( 1, 3 ) ) ); // stretch
//!     mainUv.assign( mainUv.mul( 2, 1 ).sub( vec2( 0.5, 0 ) ) ); // scale
//!     // perlin noise
//!     const perlinUv = mainUv.add( vec2( 0, time.negate().mul( 1 ) ) ).mod( 1 );
//!     const perlinNoise = texture( perlinTexture, perlinUv, 0 ).sub( 0.5 ).mul( 1 );
//!     mainUv.x.addAssign( perlinNoise.x.mul( 0.5 ) );
//!     // gradients
//!     const gradient1 = sin( time.mul( 10 ).sub( mainUv.y.mul( PI2 ).mul( 2 ) ) );
//!     const gradient2 = mainUv.y.smoothstep( 0, 1 );
//!     const gradient3 = oneMinus( mainUv.y ).smoothstep( 0, 0.3 );
//!     mainUv.x.addAssign( gradient1.mul( gradient2 ).mul( 0.2 ) );
//!     // displaced perlin noise
//!     const displacementPerlinUv = mainUv.mul( 0.5 ).add( vec2( 0, time.negate().mul( 0.25 ) ) ).mod( 1 );
//!     const displacementPerlinNoise = texture( perlinTexture, displacementPerlinUv, 0 ).sub( 0.5 ).mul( 1 );
//!     const displacedPerlinUv = mainUv.add( vec2( 0, time.negate().mul( 0.5 ) ) ).add( displacementPerlinNoise ).mod( 1 );
//!     const displacedPerlinNoise = texture( perlinTexture, displacedPerlinUv, 0 ).sub( 0.5 ).mul( 1 );
//!     mainUv.x.addAssign( displacedPerlinNoise.mul( 0.5 ) );
//!     // cellular noise
//!     const cellularUv = mainUv.add( vec2( 0, time.negate().mul( 1.5 ) ) ).mod( 1 );
//!     const cellularNoise = texture( cellularTexture, cellularUv, 0 ).r.oneMinus().smoothstep( 0.25, 1 );
//!     // shape
//!     const shape = mainUv.sub( 0.5 ).mul( vec2( 6, 1 ) ).length().step( 0.5 );
//!     shape.assign( shape.mul( cellularNoise ) );
//!     shape.mulAssign( gradient3 );
//!     shape.assign( step( 0.01, shape ) );
//!     // output
//!     return vec4( vec3( 1 ), shape );
//! } )();
//!
//! flame1Material.vertexNode = billboarding();
//! flame2Material.vertexNode = billboarding();
//! const flame1 = new THREE.Sprite( flame1Material );
//! flame1.center.set( 0.5, 0 );
//! flame1.scale.x = 0.5; // optional
//! flame1.position.x = - 0.5;
//! const flame2 = new THREE.Sprite( flame2Material );
//! flame2.center.set( 0.5, 0 );
//! flame2.position.x = 0.5;
//! ```
//!
//! Differences. The page's textures are not available offline: the 256 × 256 Voronoi and Perlin
//! PNGs become 32 × 32 `DataTexture`s made by the same integer formulas on both sides
//! ([`cellular_bytes`], [`perlin_bytes`]: distance to a point per 8 × 8 cell, and a bilinear
//! lattice of hashed values), and the 128 × 1 canvas gradient becomes a `DataTexture` of the
//! same five colour stops interpolated in integers ([`gradient_bytes`]); all three without mip
//! maps (the page reads the noises at level 0, and tsl-raster takes a texture node's level from
//! the surface's uv where WebGL takes it from the coordinate's derivatives). tsl-rs has no
//! sprites: each flame is a quad mesh whose bottom edge is at its position (a sprite's `center`
//! (0.5, 0)), turned to the camera by `billboarding()` as the position node (three.js's
//! `vertexNode`, on both sides); the materials are `MeshBasicNodeMaterial`s with the same colour
//! nodes on both sides. `time` is
//! the renderer's time (a uniform in the case file). Three.js r187's chain `x.step( edge )` is
//! `step( edge, x )` (`stepElement`), and the case runs the page's chains on r187 as written;
//! `mul( 2, 1 )` multiplies by 2 and then by 1. The camera looks at (0, 0.5, 0), the flames' middle, instead of the orbit controls'
//! origin (which leaves their tops out of a small picture).
//!
//! Run: `cargo run --release --example tsl_vfx_flames` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The side of the two noise textures, in texels.
pub const NOISE_SIZE: u32 = 32;
/// The width of the gradient texture, in texels.
pub const GRADIENT_WIDTH: u32 = 128;

/// A hash of three small integers to 0..=255: the low byte of a sum of products (the low byte
/// does not depend on how many bits the products keep, so the case file's JavaScript gets the
/// same).
fn hash(a: u32, b: u32, c: u32) -> u32 {
    let a = u64::from(a) * 73_856_093;
    let b = u64::from(b) * 19_349_663;
    let c = u64::from(c) * 83_492_791;
    ((a ^ b ^ c) & 255) as u32
}

/// The stand-in for `voronoi/grayscale-256x256.png`: per texel, 3 × the squared distance (in
/// texels) to the nearest of one point per 8 × 8 cell (tiling), at most 255; grey, opaque.
pub fn cellular_bytes() -> Vec<u8> {
    let cells = NOISE_SIZE / 8;
    let point = |cx: i64, cy: i64| {
        let (wx, wy) = (
            cx.rem_euclid(cells as i64) as u32,
            cy.rem_euclid(cells as i64) as u32,
        );
        (
            cx * 8 + i64::from(hash(wx, wy, 0) % 8),
            cy * 8 + i64::from(hash(wx, wy, 1) % 8),
        )
    };
    let mut out = Vec::new();
    for y in 0..NOISE_SIZE as i64 {
        for x in 0..NOISE_SIZE as i64 {
            let mut best = i64::MAX;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (px, py) = point(x / 8 + dx, y / 8 + dy);
                    best = best.min((x - px).pow(2) + (y - py).pow(2));
                }
            }
            let v = (best * 3).min(255) as u8;
            out.extend([v, v, v, 255]);
        }
    }
    out
}

/// The stand-in for `perlin/rgb-256x256.png`: per channel, hashed values on a lattice of 8 × 8
/// texels (tiling), interpolated bilinearly in integers; opaque.
pub fn perlin_bytes() -> Vec<u8> {
    let cells = NOISE_SIZE / 8;
    let mut out = Vec::new();
    for y in 0..NOISE_SIZE {
        for x in 0..NOISE_SIZE {
            let (i, j, fx, fy) = (x / 8, y / 8, x % 8, y % 8);
            for c in 0..3 {
                let v = |a: u32, b: u32| hash(a % cells, b % cells, c + 2);
                let sum = v(i, j) * (8 - fx) * (8 - fy)
                    + v(i + 1, j) * fx * (8 - fy)
                    + v(i, j + 1) * (8 - fx) * fy
                    + v(i + 1, j + 1) * fx * fy;
                out.push((sum / 64) as u8);
            }
            out.push(255);
        }
    }
    out
}

/// The page's gradient colours (sRGB).
const GRADIENT: [[u32; 3]; 5] = [
    [0x09, 0x00, 0x33],
    [0x5f, 0x1f, 0x93],
    [0xe0, 0x2e, 0x96],
    [0xff, 0xbd, 0x80],
    [0xff, 0xf0, 0xdb],
];

/// The stand-in for the page's canvas gradient: the five stops evenly spaced, texel x's centre at
/// `(2x + 1) / 256`, each channel interpolated and rounded in integers.
pub fn gradient_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    for x in 0..GRADIENT_WIDTH {
        let s = 2 * x + 1; // the position times 64 segments' worth: s / 64 in 0..4
        let (i, rem) = ((s / 64) as usize, s % 64);
        for (a, b) in GRADIENT[i].iter().zip(&GRADIENT[i + 1]) {
            out.push(((a * (64 - rem) + b * rem + 32) / 64) as u8);
        }
        out.push(255);
    }
    out
}

/// A `DataTexture` of `bytes` (rows from v = 0) with linear filtering and no mip maps.
fn data_texture(
    width: u32,
    height: u32,
    bytes: Vec<u8>,
    space: ColorSpace,
) -> Result<Texture, RenderError> {
    let mut texture = Texture::new(Image::from_rgba8(width, height, bytes)?, space);
    texture.flip_y = false;
    texture.min_filter = Filter::Linear;
    Ok(texture)
}

/// The flames' textures in the programs.
pub struct Maps {
    /// The Voronoi noise.
    pub cellular: TextureId,
    /// The Perlin noise.
    pub perlin: TextureId,
    /// The colour gradient.
    pub gradient: TextureId,
}

/// `mainUv` of both flames, up to the stretch by `pow( vec2( 1, stretch ) )` and the scale.
fn main_uv(stretch: f32) -> Vec2Node {
    let main_uv = spherize_uv(uv(), 10.0, vec2(0.5, 0.5)).mul(0.6).add(0.2); // spherize
    let main_uv = main_uv.pow(vec2(1.0, stretch)); // stretch
    main_uv.mul(2.0).mul(1.0).sub(vec2(0.5, 0.0)) // scale
}

/// `mainUv.x.addAssign( dx )`.
fn add_x(v: Vec2Node, dx: FloatNode) -> Vec2Node {
    vec2(v.x().add(dx), v.y())
}

/// Flame 1's program: `colorNode = vec4( color.rgb, alpha )`.
pub fn flame1_program(maps: &Maps) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let (color, alpha) = flame1_color(maps);
    // billboarding - follow the camera rotation only horizontally
    scope.position_node(billboarding(Billboarding::default()))?;
    scope.color_node(color.extend(alpha))?;
    scope.compile()
}

/// Flame 1's colour node's `color.rgb` and `alpha`, in the current scope.
pub fn flame1_color(maps: &Maps) -> (Vec3Node, FloatNode) {
    let time = time();
    let main_uv = main_uv(2.0);
    // gradients
    let gradient1 = sin(time.mul(10.0).sub(main_uv.y().mul(PI2).mul(2.0)));
    let gradient2 = main_uv.y().smoothstep(0.0, 1.0);
    let main_uv = add_x(main_uv, gradient1.mul(gradient2).mul(0.2));
    // cellular noise
    let cellular_uv = main_uv
        .mul(0.5)
        .add(vec2(0.0, time.negate().mul(0.5)))
        .modulo(1.0);
    let cellular_noise = texture(maps.cellular, cellular_uv)
        .x()
        .one_minus()
        .smoothstep(0.0, 0.5)
        .one_minus();
    let cellular_noise = cellular_noise.mul(gradient2);
    // shape
    let shape = main_uv.sub(0.5).mul(vec2(3.0, 2.0)).length().one_minus();
    let shape = shape.sub(cellular_noise);
    // gradient color
    let gradient_color = texture(maps.gradient, vec2(shape.remap(0.0, 1.0, 0.0, 1.0), 0.0));
    // output: `shape.step( 0.8 )` is `step( 0.8, shape )`
    let color = mix(
        gradient_color.xyz(),
        to_vec3(1.0),
        shape.step(0.8).one_minus(),
    );
    let alpha = shape.smoothstep(0.0, 0.3);
    (color, alpha)
}

/// Flame 2's program: `colorNode = vec4( vec3( 1 ), shape )`.
pub fn flame2_program(maps: &Maps) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let time = time();
    let main_uv = main_uv(3.0);
    // perlin noise
    let perlin_uv = main_uv.add(vec2(0.0, time.negate().mul(1.0))).modulo(1.0);
    let perlin_noise = texture(maps.perlin, perlin_uv).sub(0.5).mul(1.0);
    let main_uv = add_x(main_uv, perlin_noise.x().mul(0.5));
    // gradients
    let gradient1 = sin(time.mul(10.0).sub(main_uv.y().mul(PI2).mul(2.0)));
    let gradient2 = main_uv.y().smoothstep(0.0, 1.0);
    let gradient3 = one_minus(main_uv.y()).smoothstep(0.0, 0.3);
    let main_uv = add_x(main_uv, gradient1.mul(gradient2).mul(0.2));
    // displaced perlin noise
    let displacement_perlin_uv = main_uv
        .mul(0.5)
        .add(vec2(0.0, time.negate().mul(0.25)))
        .modulo(1.0);
    let displacement_perlin_noise = texture(maps.perlin, displacement_perlin_uv)
        .sub(0.5)
        .mul(1.0);
    // a vec4 added to a vec2: its xy
    let displaced_perlin_uv = main_uv
        .add(vec2(0.0, time.negate().mul(0.5)))
        .add(displacement_perlin_noise.xy())
        .modulo(1.0);
    let displaced_perlin_noise = texture(maps.perlin, displaced_perlin_uv).sub(0.5).mul(1.0);
    // a vec4 added to a float: its x
    let main_uv = add_x(main_uv, displaced_perlin_noise.x().mul(0.5));
    // cellular noise
    let cellular_uv = main_uv.add(vec2(0.0, time.negate().mul(1.5))).modulo(1.0);
    let cellular_noise = texture(maps.cellular, cellular_uv)
        .x()
        .one_minus()
        .smoothstep(0.25, 1.0);
    // shape: `length.step( 0.5 )` is `step( 0.5, length )`
    let shape = main_uv.sub(0.5).mul(vec2(6.0, 1.0)).length().step(0.5);
    let shape = shape.mul(cellular_noise);
    let shape = shape.mul(gradient3);
    let shape = step(0.01, shape);
    // billboarding - follow the camera rotation only horizontally
    scope.position_node(billboarding(Billboarding::default()))?;
    scope.color_node(to_vec3(1.0).extend(shape))?;
    scope.compile()
}

/// A 1 × 1 quad in xy whose bottom edge is at y = 0 (a sprite's `center` (0.5, 0)).
fn flame_quad() -> Result<Geometry, RenderError> {
    let plane = PlaneGeometry::new(1.0, 1.0).build();
    Geometry::from_data(
        plane
            .positions()
            .iter()
            .map(|p| *p + Vec3::new(0.0, 0.5, 0.0))
            .collect(),
        plane.normals().map(<[Vec3]>::to_vec),
        plane.uvs().map(<[Vec2]>::to_vec),
        plane.indices().to_vec(),
    )
}

/// The camera's position (it looks at (0, 0.5, 0)).
pub const CAMERA: Vec3 = Vec3::new(1.0, 1.0, 3.0);

/// The two flames, turned to the camera about y, on the page's background.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let n = NOISE_SIZE;
    let maps = Maps {
        cellular: assets
            .textures
            .add(data_texture(n, n, cellular_bytes(), ColorSpace::Linear)?),
        perlin: assets
            .textures
            .add(data_texture(n, n, perlin_bytes(), ColorSpace::Linear)?),
        gradient: assets.textures.add(data_texture(
            GRADIENT_WIDTH,
            1,
            gradient_bytes(),
            ColorSpace::Srgb,
        )?),
    };
    let flame = |program: NodeProgram, assets: &mut Assets| {
        let program = assets.programs.add(program);
        assets.materials.add(Material {
            transparent: true,
            side: Side::Double,
            ..Material::basic(Color::WHITE).with_nodes(program)
        })
    };
    let flame1 = flame(flame1_program(&maps)?, &mut assets);
    let flame2 = flame(flame2_program(&maps)?, &mut assets);
    let quad = assets.geometries.add(flame_quad()?);
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x201919));
    scene.add(
        Object::mesh(quad, flame1)
            .at(Vec3::new(-0.5, 0.0, 0.0))
            .scaled(Vec3::new(0.5, 1.0, 1.0)),
    );
    scene.add(Object::mesh(quad, flame2).at(Vec3::new(0.5, 0.0, 0.0)));
    let camera = Camera::perspective(25.0, 0.1, 100.0)
        .at(CAMERA)
        .looking_at(Vec3::new(0.0, 0.5, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_vfx_flames",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_vfx_flames.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_vfx_flames.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene()?;
    let mut renderer = args::renderer(RenderSettings::new(640, 480))?;
    renderer.settings.time = 1.0;
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
