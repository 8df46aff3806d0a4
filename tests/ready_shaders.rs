//! The ready shader programs of `tsl::materials` (R-READY-4 to R-READY-6 in docs/requirements.md):
//! three.js's defaults, decoded as three.js decodes a `Color`; the toon shaders' branches worked
//! out by hand from ToonShader.js; the volume's box; and ToonShader1's refusal while the front end
//! refuses a column of `modelMatrix`. `raster_three.rs` holds the drawn programs to three.js.

use glam::Vec3;
use tsl::materials::*;
use tsl::prelude::*;
use tsl::raster::*;

/// IEC 61966-2-1's sRGB decoding of an 8-bit channel, in f64 (three.js's `SRGBToLinear`).
fn decode(byte: u8) -> f32 {
    let c = byte as f64 / 255.0;
    (if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }) as f32
}

fn color_uniform(program: &NodeProgram, name: &str) -> Vec3 {
    Vec3::from_slice(&program.uniform(name).unwrap())
}

fn close(a: Vec3, b: Vec3) -> bool {
    (a - b).abs().max_element() < 1e-6
}

/// `program` drawn (linear, before the output transform) on a plane that fills an orthographic
/// view of `size` × `size` pixels: its normal faces the camera, and the pixel in column x and row
/// r from the top has `gl_FragCoord.xy` (x + 0.5, size − r − 0.5).
fn draw(program: NodeProgram, size: u32) -> LinearImage {
    let mut assets = Assets::new();
    let material = assets
        .materials
        .add(shader_material(assets.programs.add(program)));
    let quad = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, material));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    Renderer::new(RenderSettings::new(size, size))
        .render_linear(&scene, &camera, &assets)
        .unwrap()
}

fn rgb(image: &LinearImage, x: u32, r: u32) -> Vec3 {
    let [red, green, blue, _] = image.pixel(x, r).unwrap();
    Vec3::new(red, green, blue)
}

/// Within the half float the renderer stores.
fn near(a: Vec3, b: Vec3) -> bool {
    (a - b).abs().max_element() <= 1e-3 * b.abs().max_element().max(1.0)
}

#[test]
fn toon_colour_uniforms_are_three_s_hex_decoded_from_srgb() {
    let p = toon_shader_2().unwrap();
    // ToonShader2: uDirLightColor 0xeeeeee, uAmbientLightColor 0x050505, uBaseColor 0xeeeeee,
    // uLineColor1 0x808080, uLineColor2 black.
    assert!(close(
        color_uniform(&p, "uDirLightColor"),
        Vec3::splat(decode(0xee))
    ));
    assert!(close(
        color_uniform(&p, "uAmbientLightColor"),
        Vec3::splat(decode(0x05))
    ));
    assert!(close(
        color_uniform(&p, "uBaseColor"),
        Vec3::splat(decode(0xee))
    ));
    assert!(close(
        color_uniform(&p, "uLineColor1"),
        Vec3::splat(decode(0x80))
    ));
    assert_eq!(color_uniform(&p, "uLineColor2"), Vec3::ZERO);
    // uDirLightPos is three's Vector3(): zero until set.
    assert_eq!(color_uniform(&p, "uDirLightPos"), Vec3::ZERO);
    for p in [
        toon_shader_hatching().unwrap(),
        toon_shader_dotted().unwrap(),
    ] {
        assert!(close(color_uniform(&p, "uBaseColor"), Vec3::ONE));
        assert_eq!(color_uniform(&p, "uLineColor1"), Vec3::ZERO);
    }
}

/// ToonShader2 facing the camera, lit from straight ahead and from behind: the light's
/// weighting 0.0015 + 0.855 · light per channel (length √3 times it) is over 1 when lit (no line
/// colour) and under 1 when not (times uLineColor1); the camera term max(n·z, 0.4) = 1 keeps
/// uLineColor2 (black) away.
#[test]
fn toon_2_multiplies_by_line_colour_1_where_the_light_is_weak() {
    let mut p = toon_shader_2().unwrap();
    p.set_uniform("uDirLightPos", Vec3::Z).unwrap();
    let lit = rgb(&draw(p.clone(), 4), 1, 1);
    assert!(near(lit, Vec3::splat(decode(0xee))), "{lit:?}");
    p.set_uniform("uDirLightPos", -Vec3::Z).unwrap();
    let dark = rgb(&draw(p, 4), 1, 1);
    let want = decode(0xee) * decode(0x80);
    assert!(near(dark, Vec3::splat(want)), "{dark:?}");
}

/// ToonShaderHatching with the light behind (weighting 0.0015 per channel, under every
/// threshold) and four told-apart line colours, over 20 × 20 pixels: where x + y ≡ 0 (mod 10) at
/// the pixel's centre the first set, x − y ≡ 0 the second, x + y − 5 ≡ 0 the third, x − y − 5 ≡ 0
/// the fourth, a later set over an earlier one; white elsewhere. GLSL's mod is x − 10·floor(x/10).
#[test]
fn hatching_draws_its_four_line_sets_at_three_s_pixels() {
    let mut p = toon_shader_hatching().unwrap();
    p.set_uniform("uDirLightPos", -Vec3::Z).unwrap();
    let lines = [Vec3::X, Vec3::Y, Vec3::Z, Vec3::new(1.0, 1.0, 0.0)];
    for (i, c) in lines.iter().enumerate() {
        p.set_uniform(format!("uLineColor{}", i + 1).as_str(), *c)
            .unwrap();
    }
    let image = draw(p, 20);
    let on = |v: f64| v.rem_euclid(10.0) == 0.0;
    let mut drawn = [0; 4];
    for r in 0..20 {
        for x in 0..20 {
            let (fx, fy) = (x as f64 + 0.5, 20.0 - r as f64 - 0.5);
            let sets = [
                on(fx + fy),
                on(fx - fy),
                on(fx + fy - 5.0),
                on(fx - fy - 5.0),
            ];
            let want = match sets.iter().rposition(|&s| s) {
                Some(i) => {
                    drawn[i] += 1;
                    lines[i]
                }
                None => Vec3::ONE,
            };
            let got = rgb(&image, x, r);
            assert!(near(got, want), "({x}, {r}): {got:?}, not {want:?}");
        }
    }
    // Every set shows somewhere.
    assert!(drawn.iter().all(|&n| n > 0), "{drawn:?}");
}

#[test]
fn toon_shader_1_compiles_with_three_s_defaults() {
    // ToonShader1's vertex shader builds the world normal from modelMatrix[0].xyz ..., three's
    // matrices as values (R-GLSL-24). uBaseColor's default is white.
    let p = toon_shader_1().unwrap();
    assert!(close(color_uniform(&p, "uBaseColor"), Vec3::ONE));
}

#[test]
fn the_volume_shader_has_three_s_defaults_in_both_styles() {
    for style in [VolumeStyle::Mip, VolumeStyle::Iso] {
        let p = volume_render_shader(style).unwrap();
        assert_eq!(p.uniform("u_size").unwrap(), vec![1.0, 1.0, 1.0]);
        assert_eq!(p.uniform("u_renderthreshold").unwrap(), vec![0.5]);
        assert_eq!(p.uniform("u_clim").unwrap(), vec![1.0, 1.0]);
        assert_eq!(p.uniform("u_cmwidth").unwrap(), vec![256.0]);
        let identity = glam::Mat4::IDENTITY.to_cols_array().to_vec();
        assert_eq!(p.uniform("u_world_to_local").unwrap(), identity);
    }
    assert_eq!((VOLUME_MIP_STEPS, VOLUME_ISO_STEPS), (256, 64));
}

#[test]
fn the_volume_box_runs_from_minus_a_half_to_the_size_minus_a_half() {
    let b = volume_box([4, 2, 8]).unwrap();
    let (lo, hi) = b.positions().iter().fold(
        (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    assert_eq!(lo, Vec3::splat(-0.5));
    assert_eq!(hi, Vec3::new(3.5, 1.5, 7.5));
    // A BoxGeometry's 24 corners and 12 triangles, with their normals and uvs.
    assert_eq!(b.positions().len(), 24);
    assert_eq!(b.triangle_count(), 12);
    assert!(b.normals().is_some() && b.uvs().is_some());
    let e = volume_box([4, 0, 8]).unwrap_err().to_string();
    assert!(e.contains("size.y"), "{e}");
}
