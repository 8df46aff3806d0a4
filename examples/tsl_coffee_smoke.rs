//! three.js's `webgpu_tsl_coffee_smoke.html`: a tall plane twisted and blown by noise in a
//! position node, its colour and alpha a scrolling noise faded at the edges. Writes
//! `tsl_coffee_smoke.png`.
//!
//! The original TSL:
//!
//! ```js
//! const smokeGeometry = new THREE.PlaneGeometry( 1, 1, 16, 64 );
//! smokeGeometry.translate( 0, 0.5, 0 );
//! smokeGeometry.scale( 1.5, 6, 1.5 );
//! const noiseTexture = textureLoader.load( './textures/noises/perlin/128x128.png' );
//! noiseTexture.wrapS = THREE.RepeatWrapping;
//! noiseTexture.wrapT = THREE.RepeatWrapping;
//! const smokeMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide, depthWrite: false } );
//! const time = timerLocal();
//!
//! smokeMaterial.positionNode = tslFn( () => {
//!     // twist
//!     const twistNoiseUv = vec2( 0.5, uv().y.mul( 0.2 ).sub( time.mul( 0.005 ) ).mod( 1 ) );
//!     const twist = texture( noiseTexture, twistNoiseUv ).r.mul( 10 );
//!     positionLocal.xz.assign( positionLocal.xz.rotateUV( twist, vec2( 0 ) ) );
//!     // wind
//!     const windOffset = vec2(
//!         texture( noiseTexture, vec2( 0.25, time.mul( 0.01 ) ).mod( 1 ) ).r.sub( 0.5 ),
//!         texture( noiseTexture, vec2( 0.75, time.mul( 0.01 ) ).mod( 1 ) ).r.sub( 0.5 ),
//!     ).mul( uv().y.pow( 2 ).mul( 10 ) );
//!     positionLocal.addAssign( windOffset );
//!     return positionLocal;
//! } )();
//!
//! smokeMaterial.colorNode = tslFn( () => {
//!     // alpha
//!     const alphaNoiseUv = uv().mul( vec2( 0.5, 0.3 ) ).add( vec2( 0, time.mul( 0.03 ).negate() ) );
//!     const alpha = mul(
//!         // pattern
//!         texture( noiseTexture, alphaNoiseUv ).r.smoothstep( 0.4, 1 ),
//!         // edges fade
//!         smoothstep( 0, 0.1, uv().x ),
//!         smoothstep( 1, 0.9, uv().x ),
//!         smoothstep( 0, 0.1, uv().y ),
//!         smoothstep( 1, 0.9, uv().y )
//!     );
//!     // color
//!     const finalColor = mix( vec3( 0.6, 0.3, 0.2 ), vec3( 1, 1, 1 ), alpha.pow( 3 ) );
//!     return vec4( finalColor, alpha );
//! } )();
//!
//! const smoke = new THREE.Mesh( smokeGeometry, smokeMaterial );
//! smoke.position.y = 1.83;
//! ```
//!
//! Differences. The page is older than three r187 (`tslFn` and `timerLocal` are `Fn` and `time`
//! there, and r187 has no `rotateUV` chain method: the case file calls `rotateUV( xz, .. )`). The 128 × 128 Perlin PNG is not available offline: the colour
//! node reads a 32 × 32 `DataTexture` made by the same integer formula on both sides
//! ([`noise_bytes`], repeat wrapping, no mip maps: tsl-raster takes a texture node's level from the
//! surface's uv where WebGL takes it from the coordinate's). tsl-rs refuses textures and `uv()` in a
//! position node (R-REF-14, docs/requirements.md), so on both sides the position node reads the
//! noise's red channel from [`noise_red`] (`mx_noise_float( uv · 4, 0.5, 0.5 )`, a procedural
//! stand-in), and the port reads the plane's `uv().y` as `positionLocal.y / 6` (the plane's v is
//! its height over 6 after the page's translate and scale). tsl-raster's position node is an offset
//! (R-OUT-5), so the port answers the moved position less `positionLocal`. three.js adds the
//! vec2 `windOffset` to the vec3 position as `vec3( windOffset, 0 )` (x and y), and so does the
//! port. The page's coffee mug (`coffeeMug.glb`, a baked texture) is left out; the background is black.
//!
//! Run: `cargo run --release --example tsl_coffee_smoke` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

use tsl::prelude::*;
use tsl::raster::*;

/// The side of the noise texture, in texels.
pub const NOISE_SIZE: u32 = 32;

/// A hash of three small integers to 0..=255 (the low byte of a XOR of products, the same in the
/// case file's JavaScript).
fn hash(a: u32, b: u32, c: u32) -> u32 {
    let a = u64::from(a) * 73_856_093;
    let b = u64::from(b) * 19_349_663;
    let c = u64::from(c) * 83_492_791;
    ((a ^ b ^ c) & 255) as u32
}

/// The stand-in for `perlin/128x128.png`: hashed values on a lattice of 4 × 4 texels (tiling),
/// interpolated bilinearly in integers, grey, opaque.
pub fn noise_bytes() -> Vec<u8> {
    let cells = NOISE_SIZE / 4;
    let mut out = Vec::new();
    for y in 0..NOISE_SIZE {
        for x in 0..NOISE_SIZE {
            let (i, j, fx, fy) = (x / 4, y / 4, x % 4, y % 4);
            let v = |a: u32, b: u32| hash(a % cells, b % cells, 7);
            let sum = v(i, j) * (4 - fx) * (4 - fy)
                + v(i + 1, j) * fx * (4 - fy)
                + v(i, j + 1) * (4 - fx) * fy
                + v(i + 1, j + 1) * fx * fy;
            let g = (sum / 16) as u8;
            out.extend([g, g, g, 255]);
        }
    }
    out
}

/// The position node's stand-in for the noise texture's red channel at `uv`.
fn noise_red(uv: Vec2Node) -> FloatNode {
    mx_noise_float(uv * 4.0, 0.5, 0.5)
}

/// The smoke's program: the position node (twist and wind) and the colour and alpha.
pub fn program(noise: TextureId) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let time = time();

    // position: the plane's v is its local height over 6
    let position = position_local();
    let v = position.y().div(6.0);
    // twist
    let twist_noise_uv = vec2(0.5, v.mul(0.2).sub(time.mul(0.005)).modulo(1.0));
    let twist = noise_red(twist_noise_uv).mul(10.0);
    let xz = rotate_uv(position.xz(), twist, vec2(0.0, 0.0));
    let twisted = vec3(xz.x(), position.y(), xz.y());
    // wind
    let wind_offset = vec2(
        noise_red(vec2(0.25, time.mul(0.01)).modulo(1.0)).sub(0.5),
        noise_red(vec2(0.75, time.mul(0.01)).modulo(1.0)).sub(0.5),
    )
    .mul(v.pow(2.0).mul(10.0));
    // a vec2 added to a vec3: vec3( windOffset, 0 )
    let moved = twisted.add(wind_offset.extend(0.0));
    scope.position_node(moved.sub(position))?;

    let (final_color, alpha) = smoke_color(noise);
    scope.color_node(final_color.extend(alpha))?;
    scope.compile()
}

/// The smoke's colour node's `finalColor` and `alpha`, in the current scope.
pub fn smoke_color(noise: TextureId) -> (Vec3Node, FloatNode) {
    let time = time();
    // alpha
    let alpha_noise_uv = uv()
        .mul(vec2(0.5, 0.3))
        .add(vec2(0.0, time.mul(0.03).negate()));
    let alpha = texture(noise, alpha_noise_uv)
        .x()
        .smoothstep(0.4, 1.0) // pattern
        .mul(smoothstep(0.0, 0.1, uv().x())) // edges fade
        .mul(smoothstep(1.0, 0.9, uv().x()))
        .mul(smoothstep(0.0, 0.1, uv().y()))
        .mul(smoothstep(1.0, 0.9, uv().y()));
    // color
    let final_color = mix(vec3(0.6, 0.3, 0.2), vec3(1.0, 1.0, 1.0), alpha.pow(3.0));
    (final_color, alpha)
}

/// `PlaneGeometry( 1, 1, 16, 64 )` translated up by 0.5 and scaled by (1.5, 6, 1.5).
pub fn smoke_geometry() -> Result<Geometry, RenderError> {
    let plane = PlaneGeometry {
        width: 1.0,
        height: 1.0,
        width_segments: 16,
        height_segments: 64,
    }
    .build();
    let place = |p: &Vec3| Vec3::new(p.x * 1.5, (p.y + 0.5) * 6.0, p.z * 1.5);
    Geometry::from_data(
        plane.positions().iter().map(place).collect(),
        plane.normals().map(<[Vec3]>::to_vec),
        plane.uvs().map(<[Vec2]>::to_vec),
        plane.indices().to_vec(),
    )
}

/// The smoke above where the mug would be, seen from the page's camera.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let image = Image::from_rgba8(NOISE_SIZE, NOISE_SIZE, noise_bytes())?;
    let mut noise = Texture::new(image, ColorSpace::Linear);
    noise.flip_y = false;
    noise.wrap_s = Wrap::Repeat;
    noise.wrap_t = Wrap::Repeat;
    noise.min_filter = Filter::Linear;
    let noise = assets.textures.add(noise);
    let program = assets.programs.add(program(noise)?);
    let material = assets.materials.add(Material {
        transparent: true,
        side: Side::Double,
        depth_write: false,
        ..Material::basic(Color::WHITE).with_nodes(program)
    });
    let smoke = assets.geometries.add(smoke_geometry()?);
    let mut scene = Scene::new();
    scene.background = Some(Color::BLACK);
    scene.add(Object::mesh(smoke, material).at(Vec3::new(0.0, 1.83, 0.0)));
    let camera = Camera::perspective(25.0, 0.1, 100.0)
        .at(Vec3::new(8.0, 10.0, 12.0))
        .looking_at(Vec3::new(0.0, 3.0, 0.0));
    Ok((scene, camera, assets))
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_coffee_smoke",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_coffee_smoke.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_coffee_smoke.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene()?;
    let mut renderer = args::renderer(RenderSettings::new(480, 640))?;
    renderer.settings.time = 2.0;
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
