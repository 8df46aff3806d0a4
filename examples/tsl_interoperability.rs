//! three.js's `webgpu_tsl_interoperability.html`, its TSL half: a CRT shader (a mask of red,
//! green and blue cells over a texture, with a slow scan pulse) written as a TSL `Fn` as the
//! colour node of a quad. Writes `tsl_interoperability.png`.
//!
//! The original TSL (the page's other half writes the same shader in WGSL with `wgslFn`, which
//! tsl-rs does not read: see "Differences"):
//!
//! ```js
//! const crtWidthUniform = uniform( 1608 );
//! const crtHeightUniform = uniform( 1608 );
//! const vUv = varyingProperty( 'vec2', 'vUv' );
//! const planetTexture = textureLoader.load( 'textures/planets/earth_lights_2048.png' );
//! planetTexture.wrapS = THREE.RepeatWrapping;
//! planetTexture.wrapT = THREE.RepeatWrapping;
//! const cellOffsetUniform = uniform( 0.5 );
//! const cellSizeUniform = uniform( 6 );
//! const borderMaskUniform = uniform( 1 );
//! const pulseIntensityUniform = uniform( 0.06 );
//! const pulseWidthUniform = uniform( 60 );
//! const pulseRateUniform = uniform( 20 );
//! const tslShaderSpeedUniform = uniform( 1.0 );
//!
//! const tslVertexShader = Fn( () => {
//!     vUv.assign( uv() );
//!     return positionGeometry;
//! } );
//!
//! const tslFragmentShader = Fn( () => {
//!     const dimensions = vec2( crtWidthUniform, crtHeightUniform );
//!     const translatedUV = vUv.mul( 0.5 ).add( 0.5 );
//!     const pixel = translatedUV.mul( dimensions );
//!     const coord = pixel.div( cellSizeUniform );
//!     const subCoord = coord.mul( vec2( 3.0, 1.0 ) );
//!     const cellOffset = vec2(
//!         0.0,
//!         fract( floor( coord.x ).mul( cellOffsetUniform ) )
//!     );
//!     const maskCoord = floor( coord.add( cellOffset ) ).mul( cellSizeUniform );
//!     const samplePoint = maskCoord.div( dimensions );
//!     const scaledTime = time.mul( tslShaderSpeedUniform );
//!     samplePoint.x = samplePoint.x.add( fract( scaledTime.div( 20 ) ) );
//!     samplePoint.y = samplePoint.y.sub( 1.5 );
//!     let color = texture( planetTexture, samplePoint );
//!     const ind = floor( subCoord.x ).mod( 3 );
//!     let maskColor = vec3(
//!         ind.equal( 0.0 ),
//!         ind.equal( 1.0 ),
//!         ind.equal( 2.0 )
//!     ).mul( 3.0 );
//!     const subCoordOffset = fract( subCoord.add( cellOffset ) );
//!     let cellUV = subCoordOffset.mul( 2.0 );
//!     cellUV = cellUV.sub( 1.0 );
//!     const border = float( 1.0 ).sub(
//!         cellUV.mul( cellUV ).mul( borderMaskUniform )
//!     );
//!     const clampX = clamp( border.x, 0.0, 1.0 );
//!     const clampY = clamp( border.y, 0.0, 1.0 );
//!     const borderClamp = clampX.mul( clampY );
//!     maskColor = maskColor.mul( borderClamp );
//!     color = color.mul( maskColor );
//!     const pixelDampen = pixel.y.div( pulseWidthUniform );
//!     let pulse = sin( pixelDampen.add( time.mul( pulseRateUniform ) ) );
//!     pulse = pulse.mul( pulseIntensityUniform );
//!     color = color.mul( float( 1.0 ).add( pulse ) );
//!     return color;
//! } );
//!
//! const tslShaderMaterial = new THREE.MeshBasicNodeMaterial();
//! tslShaderMaterial.positionNode = tslVertexShader();
//! tslShaderMaterial.colorNode = tslFragmentShader();
//! const geometry = new THREE.PlaneGeometry( 2, 1 );
//! const tslQuad = new THREE.Mesh( geometry, tslShaderMaterial );
//! tslQuad.position.y -= 0.5;
//! renderer.outputColorSpace = THREE.LinearSRGBColorSpace;
//! ```
//!
//! Differences: `vUv` is the uv (a varying of `uv()` is `uv()`), and the position node
//! (`positionGeometry`, the vertex unmoved) is left out; `samplePoint.x = ..` assigns one
//! component, a new `vec2` here; `ind.equal( 0.0 )` (a bool made a float) is
//! `select(ind == 0, 1, 0)`. The WGSL half (the upper quad) is left out: tsl-rs does not read
//! WGSL, and three.js's WebGL2 backend (the oracle's) cannot compile it. The scene
//! (tools/three_tsl_cases/tsl_interoperability.mjs draws the same): the camera shows the lower
//! quad only; `crtWidth` and `crtHeight` are twice the picture's width and height (the page's
//! 1608 is its author's window), so a cell is 6 × 6 pixels as on the page; the page's picture
//! (`earth_lights_2048.png`, not in this repository) is the 16 × 16 photo of
//! `examples/shared/photo.rs`, its bytes read as they are, repeat-wrapped.
//!
//! Run: `cargo run --release --example tsl_interoperability` (optionally `-- OUT.png`).

// The test binaries load this once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/args.rs"]
mod args;

// The test binaries load the photo once for each port that uses it.
#[allow(clippy::duplicate_mod)]
#[path = "shared/photo.rs"]
mod photo;

use tsl::prelude::*;
use tsl::raster::*;

/// The picture's size in pixels.
pub const SIZE: (u32, u32) = (256, 128);

/// 1 where `a == b`, else 0 (TSL's `a.equal( b )` used as a float).
fn equal_f(a: FloatNode, b: f32) -> FloatNode {
    select(a.equal(b), 1.0, 0.0)
}

/// The page's `tslFragmentShader`, the colour node of the quad; `crt` is `(crtWidth,
/// crtHeight)`.
pub fn program(map: TextureId, crt: Vec2) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let crt_width_uniform = uniform(crt.x);
    let crt_height_uniform = uniform(crt.y);
    let cell_offset_uniform = uniform(0.5f32);
    let cell_size_uniform = uniform(6.0f32);
    let border_mask_uniform = uniform(1.0f32);
    let pulse_intensity_uniform = uniform(0.06f32);
    let pulse_width_uniform = uniform(60.0f32);
    let pulse_rate_uniform = uniform(20.0f32);
    let tsl_shader_speed_uniform = uniform(1.0f32);
    let v_uv = uv();

    let dimensions = vec2(crt_width_uniform, crt_height_uniform);
    let translated_uv = v_uv.mul(0.5).add(0.5);
    let pixel = translated_uv.mul(dimensions);

    let coord = pixel.div(cell_size_uniform);
    let sub_coord = coord.mul(vec2(3.0, 1.0));

    let cell_offset = vec2(0.0, floor(coord.x()).mul(cell_offset_uniform).fract());

    let mask_coord = floor(coord.add(cell_offset)).mul(cell_size_uniform);
    let sample_point = mask_coord.div(dimensions);
    let scaled_time = time().mul(tsl_shader_speed_uniform);
    // samplePoint.x = ..; samplePoint.y = ..;
    let sample_point = vec2(
        sample_point.x().add(scaled_time.div(20.0).fract()),
        sample_point.y().sub(1.5),
    );

    let color = texture(map, sample_point).rgb();

    let ind = floor(sub_coord.x()).modulo(3.0);

    let mask_color = vec3(equal_f(ind, 0.0), equal_f(ind, 1.0), equal_f(ind, 2.0)).mul(3.0);

    let sub_coord_offset = sub_coord.add(cell_offset).fract();
    let cell_uv = sub_coord_offset.mul(2.0);
    let cell_uv = cell_uv.sub(1.0);

    let border = float(1.0).sub(cell_uv.mul(cell_uv).mul(border_mask_uniform));

    let clamp_x = border.x().clamp(0.0, 1.0);
    let clamp_y = border.y().clamp(0.0, 1.0);
    let border_clamp = clamp_x.mul(clamp_y);
    let mask_color = mask_color.mul(border_clamp);

    let color = color.mul(mask_color);

    let pixel_dampen = pixel.y().div(pulse_width_uniform);
    let pulse = sin(pixel_dampen.add(time().mul(pulse_rate_uniform)));
    let pulse = pulse.mul(pulse_intensity_uniform);
    let color = color.mul(float(1.0).add(pulse));

    scope.color_node(color)?;
    scope.compile()
}

/// The page's lower quad (2 × 1, at y = −0.5) under `OrthographicCamera( −1, 1, 0, −1, 0, 1 )`,
/// `crtWidth` and `crtHeight` twice the picture's size.
pub fn scene() -> Result<(Scene, Camera, Assets), Box<dyn std::error::Error>> {
    let mut assets = Assets::new();
    let mut picture = photo::photo_texture(ColorSpace::Linear)?;
    picture.wrap_s = Wrap::Repeat;
    picture.wrap_t = Wrap::Repeat;
    let map = assets.textures.add(picture);
    let crt = Vec2::new(2.0 * SIZE.0 as f32, 2.0 * SIZE.1 as f32);
    let program = assets.programs.add(program(map, crt)?);
    let material = assets.materials.add(shader_material(program));
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 1.0).build());
    let mut scene = Scene::new();
    let mut object = Object::mesh(quad, material);
    object.transform.position = Vec3::new(0.0, -0.5, 0.0);
    scene.add(object);
    let camera = Camera::orthographic(-1.0, 1.0, 0.0, -1.0, 0.0, 1.0);
    Ok((scene, camera, assets))
}

/// The page's renderer: linear output (`outputColorSpace = LinearSRGBColorSpace`).
pub fn settings(width: u32, height: u32) -> RenderSettings {
    let mut settings = RenderSettings::new(width, height);
    settings.output.color_space = OutputColorSpace::Linear;
    settings
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "tsl_interoperability",
        "[OUT.png]",
        "Draws the example's picture to OUT.png (tsl_interoperability.png by default).",
        1,
    );
    let path = args::text(&args, 0, "tsl_interoperability.png");
    args::run(|| draw(&path))
}

/// Draw the picture to `path`.
fn draw(path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (scene, camera, assets) = scene()?;
    let mut renderer = args::renderer(settings(SIZE.0, SIZE.1))?;
    renderer.settings.time = 1.0;
    let image = renderer.render(&scene, &camera, &assets)?;
    args::write_png(&image, path)?;
    println!("{path}");
    Ok(())
}
