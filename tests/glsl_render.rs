//! GLSL shaders drawn by the CPU rasterizer, checked pixel by pixel against values worked out by
//! hand: R-EX-2's card (the discarded strip shows the background, the checker is read at
//! `vUv * 2.0`) and ShaderToy shaders (each pixel is its formula through the sRGB output).

mod glsl_sources;

use glsl_sources::*;
use tsl::core::glsl::{compile_shader_material, compile_shader_toy};
use tsl::prelude::*;
use tsl::raster::Texture;
use tsl::raster::*;

/// The sRGB byte of a linear value, worked out from the sRGB transfer function (IEC 61966-2-1),
/// not from the renderer's tables.
fn srgb_byte(linear: f32) -> u8 {
    let c = linear.clamp(0.0, 1.0) as f64;
    let encoded = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (encoded * 255.0).round() as u8
}

/// Whether each channel is within one step of the expected (the renderer stores half floats
/// before it encodes).
fn close(got: [u8; 4], want: [u8; 4]) -> bool {
    got.iter().zip(want).all(|(&g, w)| g.abs_diff(w) <= 1)
}

/// A scene of one 2×2 plane facing an orthographic camera whose view it fills exactly: its uv at
/// pixel (x, y) from the top left is ((x + 0.5) / w, 1 − (y + 0.5) / h).
fn full_screen(material: MaterialId, assets: &mut Assets) -> (Scene, Camera) {
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    (scene, camera)
}

#[test]
fn card_discards_its_strip_and_reads_the_checker_at_twice_the_uv() {
    const RED: [u8; 4] = [255, 0, 0, 255];
    const BLUE: [u8; 4] = [0, 0, 255, 255];
    let mut assets = Assets::new();
    // 2×2 checker, top row red blue, bottom row blue red; nearest texels, repeated.
    let image = Image::from_rgba8(2, 2, [RED, BLUE, BLUE, RED].concat()).unwrap();
    let mut texture = Texture::new(image, ColorSpace::Srgb);
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::Repeat;
    texture.mag_filter = Filter::Nearest;
    texture.min_filter = Filter::Nearest;
    let map = assets.textures.add(texture);

    let mut program = compile_shader_material(CARD_VERTEX, CARD_FRAGMENT).unwrap();
    program.set_uniform("lift", 0.1f32).unwrap();
    program.set_texture("map", map).unwrap();
    let card = assets
        .materials
        .add(shader_material(assets.programs.add(program)));
    let (mut scene, camera) = full_screen(card, &mut assets);
    scene.background = Some(Color::from_srgb8(10, 20, 30));
    let image = Renderer::new(RenderSettings::new(20, 20))
        .render(&scene, &camera, &assets)
        .unwrap();
    let background = [10, 20, 30, 255];

    // u = (x + 0.5) / 20 > 0.9 from column 18: the strip shows the background on every row.
    for y in 0..20 {
        for x in 18..20 {
            let got = image.pixel(x, y).unwrap();
            assert!(close(got, background), "({x}, {y}): {got:?}");
        }
    }
    // Lifting along +z (toward this camera) moves nothing on screen. Texel = fract(2 uv) in
    // halves; flipY puts the image's top row at v >= 0.5.
    let cases = [
        ((2, 2), RED),    // uv (0.125, 0.875) → (0.25, 0.75): top left
        ((7, 2), BLUE),   // uv (0.375, 0.875) → (0.75, 0.75): top right
        ((2, 7), BLUE),   // uv (0.125, 0.625) → (0.25, 0.25): bottom left
        ((7, 7), RED),    // (0.75, 0.25): bottom right
        ((12, 2), RED),   // uv (0.625, 0.875) → (0.25, 0.75) again: the repeat
        ((17, 12), BLUE), // uv (0.875, 0.375) → (0.75, 0.75): top right, in the last column kept
    ];
    for ((x, y), want) in cases {
        let got = image.pixel(x, y).unwrap();
        assert_eq!(got, want, "({x}, {y})");
    }
}

/// Draw a ShaderToy source at `w × h` and `time` on the full-screen plane.
fn draw_toy(source: &str, w: u32, h: u32, time: f32) -> Image {
    let mut program = compile_shader_toy(source).unwrap();
    program
        .set_uniform("iResolution", Vec3::new(w as f32, h as f32, 1.0))
        .unwrap();
    let mut assets = Assets::new();
    let screen = assets
        .materials
        .add(shader_material(assets.programs.add(program)));
    let (scene, camera) = full_screen(screen, &mut assets);
    let mut renderer = Renderer::new(RenderSettings::new(w, h));
    renderer.settings.time = time;
    renderer.render(&scene, &camera, &assets).unwrap()
}

#[test]
fn shadertoy_frag_coord_is_the_pixel_centre_through_the_srgb_output() {
    let (w, h) = (16, 8);
    let image = draw_toy(TOY_FRAG_COORD, w, h, 0.0);
    for y in 0..h {
        for x in 0..w {
            // fragCoord is the centre from the bottom left; image rows run from the top.
            let r = (x as f32 + 0.5) / w as f32;
            let g = (h - y) as f32 - 0.5;
            let want = [srgb_byte(r), srgb_byte(g / h as f32), srgb_byte(0.5), 255];
            let got = image.pixel(x, y).unwrap();
            assert!(close(got, want), "({x}, {y}): {got:?} != {want:?}");
        }
    }
    // One by hand: (0, 7) is fragCoord (0.5, 0.5), so r = 0.5 / 16 = 0.03125 and
    // g = 0.5 / 8 = 0.0625 (powers of two, exact in a half float):
    // 1.055 * 0.03125^(1/2.4) - 0.055 = 0.1939 → 49.46 → 49;
    // 1.055 * 0.0625^(1/2.4) - 0.055 = 0.2773 → 70.71 → 71;
    // b: 0.5 → 0.7354 → 187.52 → 188 (187 allowed: the exponent 0.41666 sits next to the tie).
    let got = image.pixel(0, 7).unwrap();
    assert!(
        got == [49, 71, 188, 255] || got == [49, 71, 187, 255],
        "{got:?}"
    );
}

#[test]
fn spec_001_shadertoy_follows_itime() {
    let (w, h, time) = (12, 6, 1.5f32);
    let image = draw_toy(TOY_ITIME, w, h, time);
    for (x, y) in [(0, 0), (5, 2), (11, 5), (7, 4)] {
        let u = (x as f32 + 0.5) / w as f32;
        let v = (h - y) as f32 - 0.5;
        let v = v / h as f32;
        let c = |offset: f32, t: f32| srgb_byte(0.5 + 0.5 * (time + t + offset).cos());
        let want = [c(0.0, u), c(2.0, v), c(4.0, u), 255];
        let got = image.pixel(x, y).unwrap();
        assert!(close(got, want), "({x}, {y}): {got:?} != {want:?}");
    }
}

/// A linear value through the sRGB output, as a byte.
fn encoded(rgb: [f32; 3]) -> [u8; 4] {
    [srgb_byte(rgb[0]), srgb_byte(rgb[1]), srgb_byte(rgb[2]), 255]
}

#[test]
fn gl_fragcoord_is_the_pixel_and_its_depth_on_any_surface() {
    // A 1×1 plane in the middle of a 2×2 orthographic view: its uv does not span the screen, so
    // the values below come from the pixel's place alone. The plane lies 1 in front of the camera
    // (near 0.1, far 10): window depth (1 − 0.1) / (10 − 0.1) = 0.0909…, the same at every pixel.
    let program = compile_shader_material(PLAIN_VERTEX, FRAG_COORD_FRAGMENT).unwrap();
    let mut assets = Assets::new();
    let material = assets
        .materials
        .add(shader_material(assets.programs.add(program)));
    let quad = assets.geometries.add(PlaneGeometry::new(1.0, 1.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    let image = Renderer::new(RenderSettings::new(16, 16))
        .render(&scene, &camera, &assets)
        .unwrap();
    let depth = 0.9 / 9.9;
    // The plane covers columns and rows 4 to 11; rows count from the top in the image, from the
    // bottom in gl_FragCoord.
    for (x, y) in [(4, 4), (11, 11), (5, 10), (10, 6), (7, 8)] {
        let want = encoded([
            (x as f32 + 0.5) / 16.0,
            (16.0 - y as f32 - 0.5) / 16.0,
            depth,
        ]);
        let got = image.pixel(x, y).unwrap();
        assert!(close(got, want), "({x}, {y}): {got:?}, want {want:?}");
    }
}

/// Draw a 2×2 plane (facing +z) filling an orthographic view from `camera_z` on the z axis, with
/// `side`, its colour red where the program's facing node is 1 and blue where it is 0.
fn facing_colour(
    facing: fn(&NodeGraph) -> NodeRef,
    side: Side,
    camera_z: f32,
    mirrored: bool,
) -> [u8; 4] {
    let g = NodeGraph::new();
    let f = facing(&g);
    let colour = g.mix(g.vec3(0.0, 0.0, 1.0), g.vec3(1.0, 0.0, 0.0), f);
    g.set_output(COLOR_NODE, colour).unwrap();
    let mut assets = Assets::new();
    let mut material = shader_material(assets.programs.add(g.compile().unwrap()));
    material.side = side;
    let material = assets.materials.add(material);
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    let scale = if mirrored {
        Vec3::new(-1.0, 1.0, 1.0)
    } else {
        Vec3::ONE
    };
    scene.add(Object::mesh(quad, material).scaled(scale));
    scene.background = Some(Color::from_srgb8(0, 255, 0));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0)
        .at(Vec3::new(0.0, 0.0, camera_z))
        .looking_at(Vec3::ZERO);
    let image = Renderer::new(RenderSettings::new(4, 4))
        .render(&scene, &camera, &assets)
        .unwrap();
    image.pixel(1, 2).unwrap()
}

#[test]
fn front_facing_and_gl_front_facing_follow_three_for_each_side() {
    const RED: [u8; 4] = [255, 0, 0, 255];
    const BLUE: [u8; 4] = [0, 0, 255, 255];
    const NOTHING: [u8; 4] = [0, 255, 0, 255];
    let tsl = |g: &NodeGraph| g.front_facing();
    let gl = |g: &NodeGraph| g.gl_front_facing();
    // Seen from the front (camera on +z): both are true.
    assert_eq!(facing_colour(tsl, Side::Front, 3.0, false), RED);
    assert_eq!(facing_colour(gl, Side::Front, 3.0, false), RED);
    assert_eq!(facing_colour(tsl, Side::Double, 3.0, false), RED);
    // Seen from the back (camera on −z): a FRONT_SIDE material draws nothing; DOUBLE_SIDE draws
    // it with both false; BACK_SIDE draws it with frontFacing false and gl_FrontFacing true
    // (R-GLSL-12 (docs/requirements.md): three.js turns the front face round for a BACK_SIDE
    // material).
    assert_eq!(facing_colour(tsl, Side::Front, -3.0, false), NOTHING);
    assert_eq!(facing_colour(tsl, Side::Double, -3.0, false), BLUE);
    assert_eq!(facing_colour(gl, Side::Double, -3.0, false), BLUE);
    assert_eq!(facing_colour(tsl, Side::Back, -3.0, false), BLUE);
    assert_eq!(facing_colour(gl, Side::Back, -3.0, false), RED);
    // A mirrored mesh (scale x = −1, determinant < 0) keeps the rule: three.js turns its front
    // face round too, so from +z it is still seen from its front.
    assert_eq!(facing_colour(tsl, Side::Front, 3.0, true), RED);
    assert_eq!(facing_colour(gl, Side::Back, -3.0, true), RED);
    assert_eq!(facing_colour(tsl, Side::Back, 3.0, true), NOTHING);
}

#[test]
fn gl_front_facing_in_glsl_reads_the_gl_node() {
    let program = compile_shader_material(PLAIN_VERTEX, FRONT_FACING_FRAGMENT).unwrap();
    let mut assets = Assets::new();
    let mut material = shader_material(assets.programs.add(program));
    material.side = Side::Back;
    let material = assets.materials.add(material);
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0)
        .at(Vec3::new(0.0, 0.0, -3.0))
        .looking_at(Vec3::ZERO);
    let image = Renderer::new(RenderSettings::new(4, 4))
        .render(&scene, &camera, &assets)
        .unwrap();
    assert_eq!(image.pixel(2, 1).unwrap(), [255, 0, 0, 255]);
}

/// A vertex shader beyond the forms (R-GLSL-24): a varying of `position`, a column of
/// `modelMatrix` and the camera carried into the object's space by `inverse(modelMatrix)`, drawn
/// by the CPU rasterizer on the full-screen plane scaled by 0.5 along z (which the plane, at
/// z = 0, does not show).
#[test]
fn a_general_vertex_shader_reads_position_and_three_s_matrices_as_values() {
    const VERTEX: &str = "varying vec3 vC;
void main() {
  vec3 cameraInObject = (inverse(modelMatrix) * vec4(cameraPosition, 1.0)).xyz;
  vC = vec3(position.xy * 0.25 + 0.5, cameraInObject.z * 0.125 + modelMatrix[2].z * 0.5);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}";
    const FRAGMENT: &str = "varying vec3 vC;
void main() { gl_FragColor = vec4(vC, 1.0); }";
    let program = compile_shader_material(VERTEX, FRAGMENT).unwrap();
    let mut assets = Assets::new();
    let material = assets
        .materials
        .add(shader_material(assets.programs.add(program)));
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material).scaled(Vec3::new(1.0, 1.0, 0.5)));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    let (w, h) = (16, 8);
    let image = Renderer::new(RenderSettings::new(w, h))
        .render(&scene, &camera, &assets)
        .unwrap();
    // By hand: the pixel (x, y) from the top left shows the plane's point
    // position.xy = (2u - 1, 2v - 1), u = (x + 0.5) / w, v = 1 - (y + 0.5) / h, so
    // vC.xy = position.xy / 4 + 1/2 = (u / 2 + 1/4, v / 2 + 1/4). The camera at z = 1 is at
    // z = 1 / 0.5 = 2 in the object's space, and modelMatrix[2].z is the scale 0.5:
    // vC.z = 2 / 8 + 0.5 / 2 = 0.5.
    for (x, y) in [(0, 0), (15, 7), (3, 5), (12, 1), (8, 4)] {
        let u = (x as f32 + 0.5) / w as f32;
        let v = 1.0 - (y as f32 + 0.5) / h as f32;
        let want = encoded([u / 2.0 + 0.25, v / 2.0 + 0.25, 0.5]);
        let got = image.pixel(x, y).unwrap();
        assert!(close(got, want), "({x}, {y}): {got:?}, want {want:?}");
    }
}
