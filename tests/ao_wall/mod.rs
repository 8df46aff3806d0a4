//! The wall of the post-processing material's tests (R-READY-3), shared by `tests/materials.rs`
//! (CPU) and `tests/gpu_materials.rs` (GPU): the scene, the occlusion images and the values worked
//! out by hand.

use tsl::core::{Color, NodeProgram};
use tsl::materials::*;
use tsl::raster::*;

/// The picture's width and height, in pixels.
pub const SIZE: u32 = 4;

/// The hand-worked wall: a 4 × 4 plane filling a 4 × 4 picture under an orthographic camera,
/// PHYSICAL, colour sRGB (200, 200, 200), roughness 1, metalness 0, specular intensity 0, lit by
/// an ambient light of intensity 1 alone. With the specular intensity 0 the dielectric
/// reflectance (F0 and F90) is 0, so three's single and multiple scattering are 0 and the indirect
/// light is all diffuse: irradiance · colour / π · (1 − 0) = 0.577580 / π per channel
/// (srgb(200/255) = ((200/255 + 0.055) / 1.055)^2.4). There is no environment, so there is no
/// indirect specular light for the occlusion's specular term to dim; the pixel is that times the
/// occlusion.
pub fn wall(program: NodeProgram, assets: &mut Assets) -> (Scene, Camera) {
    let program = assets.programs.add(program);
    let material = Material {
        specular_intensity: 0.0,
        ..Material::physical(Color::from_srgb8(200, 200, 200), 1.0, 0.0).with_nodes(program)
    };
    let material = assets.materials.add(material);
    let plane = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(plane, material));
    scene.add_light(Light::ambient(Color::WHITE, 1.0));
    let camera =
        Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 10.0).at(glam::Vec3::new(0.0, 0.0, 5.0));
    (scene, camera)
}

/// The wall's indirect light, worked out above.
fn indirect() -> f64 {
    ((200.0 / 255.0 + 0.055) / 1.055f64).powf(2.4) / std::f64::consts::PI
}

/// An AO image of `n × n` texels, texel (x, y) (y from the top) the byte `value(x, y)` in red
/// (green and blue other values, which the program must not read).
fn ao_image(n: u32, value: impl Fn(u32, u32) -> u8) -> Image {
    let mut bytes = Vec::new();
    for y in 0..n {
        for x in 0..n {
            bytes.extend_from_slice(&[value(x, y), 7, 250, 255]);
        }
    }
    Image::from_rgba8(n, n, bytes).unwrap()
}

/// The byte of texel (x, y) of the full-size pass: a different value at every pixel.
fn pass_byte(x: u32, y: u32) -> u8 {
    (20 + 60 * x + 13 * y) as u8
}

/// Hold each pixel's rgb of the wall's linear `image`, drawn for `case`, to the indirect light
/// times the case's occlusion.
pub fn hold_to_hand(case: &AoCase, image: &LinearImage) {
    for y in 0..SIZE {
        for x in 0..SIZE {
            let want = indirect() * (case.ao)(x, y);
            let got = image.pixel(x, y).unwrap();
            for (k, g) in got[..3].iter().enumerate() {
                assert!(
                    (f64::from(*g) - want).abs() < 1e-4,
                    "{}: pixel ({x}, {y}) channel {k}: {g}, by hand {want}",
                    case.name
                );
            }
        }
    }
}

/// One program on the wall: how it is made (its textures added to the assets) and the occlusion
/// worked out by hand for pixel (x, y).
pub struct AoCase {
    /// The test's name.
    pub name: &'static str,
    /// The program, its textures added to `assets`.
    pub program: fn(&mut Assets) -> NodeProgram,
    /// The occlusion at pixel (x, y), by hand.
    pub ao: fn(u32, u32) -> f64,
}

/// The half-size pass's bytes, texel (x, y).
fn half_byte(x: u32, y: u32) -> u8 {
    [[40u8, 200], [120, 255]][y as usize][x as usize]
}

/// The cases, in the order of `tests/materials.rs`'s tests.
pub const AO_CASES: [AoCase; 4] = [
    AoCase {
        name: "the_pass_dims_each_pixel_by_its_own_texel",
        program: |assets| {
            let target = assets
                .textures
                .add(ao_pass_texture(ao_image(SIZE, pass_byte)));
            mesh_post_processing_program(target).unwrap()
        },
        ao: |x, y| f64::from(pass_byte(x, y)) / 255.0,
    },
    AoCase {
        name: "a_half_size_pass_is_read_at_half_the_pixel_by_ao_pass_map_scale",
        program: |assets| {
            let target = assets.textures.add(ao_pass_texture(ao_image(2, half_byte)));
            let mut program = mesh_post_processing_program(target).unwrap();
            program.set_uniform("aoPassMapScale", 0.5f32).unwrap();
            program
        },
        // Pixel (x, y) reads texel (floor(x / 2), floor(y / 2)).
        ao: |x, y| f64::from(half_byte(x / 2, y / 2)) / 255.0,
    },
    AoCase {
        name: "an_ao_map_takes_the_lower_value_and_applies_its_intensity_as_three_does",
        program: |assets| {
            let target = assets
                .textures
                .add(ao_pass_texture(ao_image(SIZE, pass_byte)));
            // A 1 × 1 map of 102 (0.4): below some pixels' pass values and above others'.
            let map = assets
                .textures
                .add(ao_pass_texture(ao_image(1, |_, _| 102)));
            let mut program = mesh_post_processing_program_with_ao_map(target, map).unwrap();
            program.set_uniform("aoMapIntensity", 0.5f32).unwrap();
            program
        },
        ao: |x, y| {
            // ao = min(pass, map); ao *= (ao − 1) · intensity + 1.
            let ao = (f64::from(pass_byte(x, y)) / 255.0).min(0.4);
            ao * ((ao - 1.0) * 0.5 + 1.0)
        },
    },
    AoCase {
        name: "the_pass_is_a_texture_uniform_that_set_texture_changes",
        program: |assets| {
            let dark = assets
                .textures
                .add(ao_pass_texture(ao_image(SIZE, |_, _| 0)));
            let light = assets
                .textures
                .add(ao_pass_texture(ao_image(SIZE, |_, _| 255)));
            let mut program = mesh_post_processing_program(dark).unwrap();
            program.set_texture("tAoPassMap", light).unwrap();
            program
        },
        ao: |_, _| 1.0,
    },
];
