//! three.js's own TSL examples ported to tsl-rs (`examples/tsl_*.rs`): each program is held to
//! values worked out here from the page's formulas (with tsl-core's CPU noise for the MaterialX
//! noises), and each scene is drawn small and checked at pixels whose colour is known.

mod tsl_ports;

use tsl_ports::{
    tsl_angular_slicing, tsl_backdrop_water, tsl_coffee_smoke, tsl_compute_texture, tsl_earth,
    tsl_galaxy, tsl_halftone, tsl_materials, tsl_materialx_noise, tsl_procedural_texture,
    tsl_raging_sea, tsl_vfx_flames,
};
use tsl_ports::{tsl_display_functions, tsl_vfx_tornado};

use std::time::Duration;
use tsl::core::noise;
use tsl::prelude::*;
use tsl::raster::{RenderSettings, Renderer};

/// Linear to an 8-bit sRGB level, as the output does (clamped to [0, 1]).
fn srgb8(linear: f32) -> u8 {
    let c = linear.clamp(0.0, 1.0) as f64;
    let s = if c <= 0.0031308 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

/// Each component of `found` within `tolerance` of `expected`.
fn close(found: &[f32], expected: &[f32], tolerance: f32, what: &str) {
    assert_eq!(found.len(), expected.len(), "{what}");
    for (f, e) in found.iter().zip(expected) {
        assert!(
            (f - e).abs() <= tolerance,
            "{what}: {found:?}, expected {expected:?}"
        );
    }
}

/// A pixel's RGB within `levels` of `expected`.
fn pixel_near(found: [u8; 4], expected: [u8; 3], levels: u8, what: &str) {
    for c in 0..3 {
        assert!(
            found[c].abs_diff(expected[c]) <= levels,
            "{what}: {found:?}, expected {expected:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_procedural_texture
// ---------------------------------------------------------------------------------------------

#[test]
fn procedural_texture_checker_cells_alternate_as_worked_out() {
    let mut program = tsl_procedural_texture::program().unwrap();
    // uv (0.1, 0.1) * 4 * 2 = (0.8, 0.8): cell (0, 0), even: 0. uv (0.2, 0.1): (1.6, 0.8): odd.
    for (uv, scale, expected) in [
        ((0.1, 0.1), 4.0, 0.0),
        ((0.2, 0.1), 4.0, 1.0),
        ((0.2, 0.2), 4.0, 0.0),
        ((0.9, 0.1), 4.0, 1.0),
        ((0.9, 0.1), 1.0, 1.0),
        ((0.9, 0.9), 1.0, 0.0),
    ] {
        program.set_uniform("uvScale", scale).unwrap();
        let f = Fragment {
            uv: Vec2::new(uv.0, uv.1),
            ..Fragment::default()
        };
        let c = program.evaluate(COLOR_NODE, &f).unwrap();
        assert_eq!(c, vec![expected; 3], "uv {uv:?}, scale {scale}");
    }

    // 64 × 64 pixels, 8 cells across at uvScale 4: a cell is 8 pixels; row 0 is v = 1.
    let (scene, camera, assets) = tsl_procedural_texture::scene(4.0).unwrap();
    let image = Renderer::new(RenderSettings::new(64, 64))
        .render(&scene, &camera, &assets)
        .unwrap();
    for y in 0..64 {
        for x in 0..64 {
            let odd = (x / 8 + (7 - y / 8)) % 2 == 1;
            let level = if odd { 255 } else { 0 };
            pixel_near(
                image.pixel(x, y).unwrap(),
                [level; 3],
                0,
                &format!("({x}, {y})"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_compute_texture
// ---------------------------------------------------------------------------------------------

/// The page's plasma at texel (posX, posY), in f64.
fn plasma(pos_x: f64, pos_y: f64) -> [f32; 3] {
    let (x, y) = (pos_x / 50.0, pos_y / 50.0);
    let v = x.sin() + y.sin() + (x + y).sin() + ((x * x + y * y).sqrt() + 5.0).sin();
    let pi = std::f64::consts::PI;
    [
        v.sin() as f32,
        (v + pi).sin() as f32,
        (v + pi - 0.5).sin() as f32,
    ]
}

#[test]
fn compute_texture_plasma_matches_the_formula_and_the_picture() {
    let program = tsl_compute_texture::program().unwrap();
    for (u, v) in [
        (0.0, 0.0),
        (0.31, 0.77),
        (0.5, 0.5),
        (0.999, 0.02),
        (0.13, 0.61),
    ] {
        let f = Fragment {
            uv: Vec2::new(u, v),
            ..Fragment::default()
        };
        let (px, py) = ((u * 512.0f32).floor() as f64, (v * 512.0f32).floor() as f64);
        close(
            &program.evaluate(COLOR_NODE, &f).unwrap(),
            &plasma(px, py),
            2e-5,
            &format!("uv ({u}, {v})"),
        );
    }

    let n = 40u32;
    let (scene, camera, assets) = tsl_compute_texture::scene().unwrap();
    let image = Renderer::new(RenderSettings::new(n, n))
        .render(&scene, &camera, &assets)
        .unwrap();
    let mut checked = 0;
    for y in 0..n {
        for x in 0..n {
            let (tx, ty) = (
                (x as f64 + 0.5) / n as f64 * 512.0,
                (1.0 - (y as f64 + 0.5) / n as f64) * 512.0,
            );
            // Skip pixels whose centre falls on a texel's edge.
            if (tx - tx.round()).abs() < 0.01 || (ty - ty.round()).abs() < 0.01 {
                continue;
            }
            let c = plasma(tx.floor(), ty.floor());
            let expected = [srgb8(c[0]), srgb8(c[1]), srgb8(c[2])];
            pixel_near(
                image.pixel(x, y).unwrap(),
                expected,
                1,
                &format!("({x}, {y})"),
            );
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} pixels checked");
}

// ---------------------------------------------------------------------------------------------
// webgpu_materialx_noise
// ---------------------------------------------------------------------------------------------

#[test]
fn materialx_noise_spheres_compute_the_cpu_noise_of_the_moved_normal() {
    use tsl_materialx_noise::{program, scene, Noise, SPHERES};
    for (noise, _, _) in SPHERES {
        let mut p = program(noise).unwrap();
        for (time, n) in [
            (0.0f32, Vec3::new(0.0, 0.0, 1.0)),
            (1.5, Vec3::new(0.6, -0.48, 0.64)),
            (7.25, Vec3::new(-0.8, 0.36, -0.48)),
        ] {
            p.set_frame(time, Mat4::IDENTITY);
            let f = Fragment {
                normal_world: n,
                ..Fragment::default()
            };
            let at = n * 10.0 + time;
            let at = [at.x, at.y, at.z];
            let expected: Vec<f32> = match noise {
                Noise::Perlin => noise::mx_noise_vec3(at, 1.0, 0.0).to_vec(),
                Noise::Cell => vec![noise::mx_cell_noise_float(at); 3],
                Noise::Worley => noise::mx_worley_noise_vec3(at, 1.0, 1).to_vec(),
                Noise::Fractal => {
                    let at = [at[0] * 0.2, at[1] * 0.2, at[2] * 0.2];
                    noise::mx_fractal_noise_vec3(at, 3, 2.0, 0.5, 1.0).to_vec()
                }
            };
            close(
                &p.evaluate(COLOR_NODE, &f).unwrap(),
                &expected,
                1e-5,
                &format!("{noise:?} at time {time}"),
            );
        }
    }

    // Drawn small: the corners are the background, and where each sphere's centre lands the
    // sphere covers it.
    let (scene, camera, assets) = scene().unwrap();
    let n = 48;
    let image = Renderer::new(RenderSettings::new(n, n))
        .render(&scene, &camera, &assets)
        .unwrap();
    let corner = image.pixel(0, 0).unwrap();
    let background = srgb8(Color::from_hex(0x202428).to_vec3().x);
    assert_eq!(corner[0], background, "{corner:?}");
    assert_eq!(image.pixel(n - 1, n - 1).unwrap(), corner);
    for (noise, x, y) in SPHERES {
        let clip = camera.projection_matrix(1.0) * camera.view_matrix() * Vec4::new(x, y, 8.0, 1.0);
        let (px, py) = (
            (clip.x / clip.w + 1.0) * 0.5 * n as f32,
            (1.0 - clip.y / clip.w) * 0.5 * n as f32,
        );
        let p = image.pixel(px as u32, py as u32).unwrap();
        assert_ne!(p, corner, "{noise:?} at ({px}, {py})");
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_backdrop_water
// ---------------------------------------------------------------------------------------------

/// The water's linear colour at world point `p` and `time`, from the page's formula.
fn water(p: Vec3, time: f32) -> Vec3 {
    let timer = time * 0.8;
    let uv = Vec3::new(p.x, p.z, p.y); // positionWorld.xzy
    let at = |s: f32| {
        let q = uv * s + timer;
        [q.x, q.y, q.z]
    };
    let l0 = noise::mx_worley_noise_float(at(4.0), 1.0, 0);
    let l1 = noise::mx_worley_noise_float(at(2.0), 1.0, 0);
    let t = l0 * l1 * 1.4;
    let (a, b) = (
        Color::from_hex(0x0487e2).to_vec3(),
        Color::from_hex(0x74ccf4).to_vec3(),
    );
    a * (1.0 - t) + b * t
}

#[test]
fn backdrop_water_colour_is_two_worley_layers_mixed_between_the_blues() {
    let mut program = tsl_backdrop_water::program().unwrap();
    for (p, time) in [
        (Vec3::new(0.0, 0.0, 0.0), 0.0f32),
        (Vec3::new(1.3, 0.0, -0.7), 2.0),
        (Vec3::new(-1.9, 0.0, 1.1), 5.5),
    ] {
        program.set_frame(time, Mat4::IDENTITY);
        let f = Fragment {
            position_world: p,
            ..Fragment::default()
        };
        close(
            &program.evaluate(COLOR_NODE, &f).unwrap(),
            &water(p, time).to_array(),
            1e-5,
            &format!("{p} at {time}"),
        );
    }

    // 32 × 32 pixels over the 4 × 4 patch: pixel (x, y) sees (−2 + (x + ½)/8, 0, −2 + (y + ½)/8).
    let (scene, camera, assets) = tsl_backdrop_water::scene().unwrap();
    let mut renderer = Renderer::new(RenderSettings::new(32, 32));
    renderer.settings.set_time(Duration::from_secs(2));
    let image = renderer.render(&scene, &camera, &assets).unwrap();
    for (x, y) in [(16, 16), (3, 5), (28, 9), (11, 30)] {
        let p = Vec3::new(
            -2.0 + (x as f32 + 0.5) / 8.0,
            0.0,
            -2.0 + (y as f32 + 0.5) / 8.0,
        );
        let c = water(p, 2.0);
        let expected = [srgb8(c.x), srgb8(c.y), srgb8(c.z)];
        pixel_near(
            image.pixel(x, y).unwrap(),
            expected,
            1,
            &format!("({x}, {y})"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_raging_sea
// ---------------------------------------------------------------------------------------------

/// The page's `wavesElevation` at local (x, z) and `time`, with its default uniforms.
fn elevation(x: f32, z: f32, time: f32) -> f32 {
    let mut e = (x * 3.0 + time * 1.25).sin() * (z * 1.0 + time * 1.25).sin() * 0.15;
    for i in 1..=3 {
        let i = i as f32;
        let at = [(x + 2.0) * 2.0 * i, (z + 2.0) * 2.0 * i, time * 0.3];
        e -= (noise::mx_noise_float(at, 1.0, 0.0) * 0.18 / i).abs();
    }
    e
}

#[test]
fn raging_sea_rises_by_the_waves_elevation_and_glows_on_the_crests() {
    let mut program = tsl_raging_sea::program().unwrap();
    for (x, z, time) in [(0.0f32, 0.0f32, 0.0f32), (0.4, -0.7, 1.0), (-0.9, 0.3, 3.7)] {
        program.set_frame(time, Mat4::IDENTITY);
        // The vertex stage reads the local position; the emissive node, the world position of
        // the moved vertex (same x and z).
        let e = elevation(x, z, time);
        let f = Fragment {
            position_local: Vec3::new(x, 0.0, z),
            position_world: Vec3::new(x, e, z),
            ..Fragment::default()
        };
        close(
            &program.evaluate(POSITION_NODE, &f).unwrap(),
            &[0.0, e, 0.0],
            1e-5,
            &format!("elevation at ({x}, {z}), time {time}"),
        );
        let glow = ((e - 0.2) / (-0.25 - 0.2)).powf(7.0);
        let pink = Color::from_hex(0xff0a81).to_vec3() * glow;
        close(
            &program.evaluate(EMISSIVE_NODE, &f).unwrap(),
            &pink.to_array(),
            1e-5,
            "emissive",
        );
    }

    // Drawn small, the sea differs from the same sea with its waves turned off (flat).
    let render = |flat: bool| {
        let mut program = tsl_raging_sea::program().unwrap();
        if flat {
            program.set_uniform("largeWavesMultiplier", 0.0f32).unwrap();
            program.set_uniform("smallWavesMultiplier", 0.0f32).unwrap();
        }
        let (scene, camera, assets) = tsl_raging_sea::scene_with(program, 16).unwrap();
        let mut renderer = Renderer::new(RenderSettings::new(40, 30));
        renderer.settings.set_time(Duration::from_secs(1));
        renderer.render(&scene, &camera, &assets).unwrap()
    };
    let (waves, flat) = (render(false), render(true));
    let differing = (0..30)
        .flat_map(|y| (0..40).map(move |x| (x, y)))
        .filter(|&(x, y)| waves.pixel(x, y) != flat.pixel(x, y))
        .count();
    assert!(differing > 100, "{differing} pixels differ");
}

#[test]
fn raging_sea_normal_is_the_cross_of_the_slopes_to_its_neighbours() {
    // The page: positionA = p + (0.01, e(A), 0), positionB = p + (0, e(B), −0.01) beside
    // position = p + (0, e(p), 0); normal = normalize(A − position) × normalize(B − position).
    // The normal node is that normal minus the fragment's own normal (an offset, R-OUT-4,
    // docs/requirements.md).
    let program = {
        let mut p = tsl_raging_sea::program().unwrap();
        p.set_frame(1.0, Mat4::IDENTITY);
        p
    };
    let s = 0.01f32;
    for (x, z) in [(0.0f32, 0.0f32), (0.4, -0.7), (-0.9, 0.3), (0.75, 0.6)] {
        let e = elevation(x, z, 1.0);
        let to_a = Vec3::new(s, elevation(x + s, z, 1.0) - e, 0.0).normalize();
        let to_b = Vec3::new(0.0, elevation(x, z - s, 1.0) - e, -s).normalize();
        let normal = to_a.cross(to_b);
        assert!(normal.y > 0.5, "the waves' normal points up: {normal:?}");
        let up = Vec3::Y;
        let f = Fragment {
            position_world: Vec3::new(x, e, z),
            normal_world: up,
            ..Fragment::default()
        };
        close(
            &program.evaluate(NORMAL_NODE, &f).unwrap(),
            &(normal - up).to_array(),
            1e-5,
            &format!("normal offset at ({x}, {z})"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_materials
// ---------------------------------------------------------------------------------------------

#[test]
fn materials_attribute_colours_are_the_normals_worked_out_by_hand() {
    // 90 × 30 pixels over 9 × 3 units: 10 pixels a unit, sphere i centred at column
    // (x_i + 4.5) · 10, row 15.
    let (scene, camera, assets) = tsl_materials::scene().unwrap();
    let image = Renderer::new(RenderSettings::new(90, 30))
        .render(&scene, &camera, &assets)
        .unwrap();
    let at = |index: usize, dx: i32, dy: i32| {
        let column = ((tsl_materials::sphere_x(index) + 4.5) * 10.0) as i32 + dx;
        image.pixel(column as u32, (15 + dy) as u32).unwrap()
    };
    for (dx, dy) in [(0i32, 0i32), (3, -4), (-5, 2), (6, 6), (-2, -7)] {
        // The pixel's centre relative to the sphere's, in units.
        let (ox, oy) = ((dx as f32 + 0.5) / 10.0, -(dy as f32 + 0.5) / 10.0);
        let nz = (1.0 - ox * ox - oy * oy).sqrt();
        let normal = [srgb8(ox), srgb8(oy), srgb8(nz)];
        // normalWorld is the unit sphere's normal; with the camera unturned, normalView is too.
        pixel_near(
            at(1, dx, dy),
            normal,
            8,
            &format!("normalWorld at ({dx}, {dy})"),
        );
        pixel_near(
            at(2, dx, dy),
            normal,
            8,
            &format!("normalView at ({dx}, {dy})"),
        );
        // positionWorld: x = −2.5 + ox is negative, so no red; y and z are the normal's.
        pixel_near(
            at(0, dx, dy),
            [0, normal[1], normal[2]],
            8,
            &format!("positionWorld at ({dx}, {dy})"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_angular_slicing
// ---------------------------------------------------------------------------------------------

#[test]
fn angular_slicing_discards_the_slice_and_paints_back_faces() {
    let program = tsl_angular_slicing::program().unwrap();
    let lit = Vec3::new(0.2, 0.4, 0.6);
    let slice = Color::from_hex(0xb62f58).to_vec3();
    // (atan2(y, x) − 1.75) mod 2π in (0, 1.25) is discarded: the angles 1.8 and 2.5 (0.05 and
    // 0.75 past the start); 1.0 (−0.75 → 5.53), 3.1 (1.35) and 0 (4.53) are kept.
    for (angle, kept) in [
        (2.5f32, false),
        (1.8, false),
        (1.0, true),
        (3.1, true),
        (0.0, true),
    ] {
        for front in [1.0f32, 0.0] {
            // positionLocal in the output node is a varying: the three corners at the point
            // itself, so that any weights give it.
            let f = Fragment {
                position_local: Vec3::new(2.0 * angle.cos(), 2.0 * angle.sin(), 0.3),
                barycentric: Vec3::new(0.5, 0.25, 0.25),
                lit,
                front_facing: front,
                ..Fragment::default()
            };
            let views = [f; tsl::core::VIEW_COUNT];
            let eval = |output| {
                program
                    .evaluate_views(output, &views, &tsl::core::WhiteSampler)
                    .unwrap()
            };
            let mask = eval(MASK_NODE);
            assert_eq!(mask, vec![if kept { 1.0 } else { 0.0 }], "angle {angle}");
            let expected = if front == 1.0 { lit } else { slice };
            let out = eval(OUTPUT_NODE);
            close(
                &out[..3],
                &expected.to_array(),
                1e-6,
                &format!("angle {angle}, front {front}"),
            );
            if front == 0.0 {
                // vec4( sliceColor, 1 )
                assert_eq!(out[3], 1.0, "angle {angle}: the back face's alpha");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_halftone
// ---------------------------------------------------------------------------------------------

/// One of the page's halftone settings (counts scaled as the port scales them).
struct Dots {
    count: f64,
    color: u32,
    direction: [f64; 3],
    start: f64,
    end: f64,
    mix_low: f64,
    mix_high: f64,
}

/// The page's `halftone` at a pixel (from the bottom left) of a `h`-high screen: the grid's colour
/// (linear), its mask, and how far the dot's edge is (to stay clear of the step).
fn halftone_mask(d: &Dots, frag: (f64, f64), h: f64, normal: [f64; 3]) -> (Vec3, f64, f64) {
    // viewportCoordinate: rows from the top; / viewportResolution.yy; · count
    let g = (frag.0 / h * d.count, (h - frag.1) / h * d.count);
    let a = std::f64::consts::FRAC_PI_4;
    let rotated = (a.cos() * g.0 - a.sin() * g.1, a.sin() * g.0 + a.cos() * g.1);
    let grid = (rotated.0.rem_euclid(1.0), rotated.1.rem_euclid(1.0));
    let len = ((grid.0 - 0.5).powi(2) + (grid.1 - 0.5).powi(2)).sqrt();
    let dl = d.direction.iter().map(|c| c * c).sum::<f64>().sqrt();
    let dot: f64 = (0..3).map(|k| normal[k] * d.direction[k] / dl).sum();
    let strength = ((dot - d.end) / (d.start - d.end)).clamp(0.0, 1.0);
    let edge = strength * 0.8 * 0.5;
    // `length.step( edge )` on r187: step( edge, length ), one outside the dot
    let step = if len >= edge { 1.0 } else { 0.0 };
    let mask = step * (d.mix_low + (d.mix_high - d.mix_low) * strength);
    (Color::from_hex(d.color).to_vec3(), mask, (len - edge).abs())
}

#[test]
fn halftone_mixes_the_two_grids_by_the_worked_out_masks() {
    let (w, h) = tsl_halftone::SIZE;
    let time = 1.0f64;
    let dots = [
        Dots {
            count: 14.0,
            color: 0xfb00ff,
            direction: [-0.4, -1.0, 0.5],
            start: 1.0,
            end: 0.0,
            mix_low: 0.0,
            mix_high: 0.5,
        },
        Dots {
            count: 18.0,
            color: 0x94ffd1,
            direction: [time.cos(), time.sin(), -0.2],
            start: 0.55,
            end: 0.2,
            mix_low: 0.5,
            mix_high: 1.0,
        },
    ];
    let mut program = tsl_halftone::program().unwrap();
    program.set_screen(Vec2::new(w as f32, h as f32), 0);
    program
        .set_uniform("direction1", tsl_halftone::highlight_direction(1.0))
        .unwrap();
    let lit = Vec3::new(0.9, 0.3, 0.1);
    let normals = [
        [0.0, 0.0, 1.0],
        [-0.337, -0.842, 0.421],
        [0.53, 0.825, -0.196],
        [0.6, 0.0, 0.8],
    ];
    let mut checked = 0;
    for n in normals {
        let l: f64 = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
        let n = n.map(|c: f64| c / l.sqrt());
        for (x, y) in [(10.5, 20.5), (100.5, 77.5), (201.5, 3.5), (57.5, 130.5)] {
            let mut expected = lit;
            let mut clear = true;
            for d in &dots {
                let (color, mask, margin) = halftone_mask(d, (x, y), f64::from(h), n);
                clear &= margin > 1e-3;
                expected = expected.lerp(color, mask as f32);
            }
            if !clear {
                continue;
            }
            let f = Fragment {
                normal_world: Vec3::new(n[0] as f32, n[1] as f32, n[2] as f32),
                frag_coord: Vec3::new(x as f32, y as f32, 0.5),
                lit,
                ..Fragment::default()
            };
            close(
                &program.evaluate(OUTPUT_NODE, &f).unwrap()[..3],
                &expected.to_array(),
                1e-4,
                &format!("pixel ({x}, {y}), normal {n:?}"),
            );
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} points clear of a dot's edge");
    assert_eq!(w, 256);
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_earth
// ---------------------------------------------------------------------------------------------

#[test]
fn earth_stand_in_textures_and_atmosphere_are_as_worked_out() {
    use tsl_earth::{texture_bytes, Map};
    // Texel (24, 12): block (3, 3), 3·5 + 3·3 = 24, a multiple of 4, and row 12 in 12..20: land.
    let at = (12 * 64 + 24) * 4;
    assert_eq!(&texture_bytes(Map::Day)[at..at + 4], &[138, 134, 40, 255]);
    // 24·7 + 12·3 = 204, not a multiple of 5: no city light.
    assert_eq!(&texture_bytes(Map::Night)[at..at + 4], &[8, 6, 12, 255]);
    // Elevation 20 + (24·37 + 12·11) mod 40 = 20 + 1020 mod 40 = 40; roughness 230; clouds:
    // (24 + 36) mod 13 = 8, not under 4: 10.
    assert_eq!(
        &texture_bytes(Map::BumpRoughnessClouds)[at..at + 4],
        &[40, 230, 10, 255]
    );
    // Texel (8, 12): 5 + 9 = 14, ocean.
    let at = (12 * 64 + 8) * 4;
    assert_eq!(&texture_bytes(Map::Day)[at..at + 4], &[20, 62, 130, 255]);

    // The atmosphere at a point of its shell seen from the camera, by the page's formulas.
    let mut program = tsl_earth::atmosphere_program().unwrap();
    let camera = Vec3::new(4.5, 2.0, 3.0);
    let view = Mat4::look_at_rh(camera, Vec3::ZERO, Vec3::Y);
    program.set_frame(0.0, view);
    let day = Color::from_hex(0x4db2ff).to_vec3();
    let twilight = Color::from_hex(0xbc490b).to_vec3();
    for normal in [
        Vec3::new(0.2, 0.9, -0.4),
        Vec3::new(-0.5, 0.1, 0.86),
        Vec3::new(0.7, -0.6, 0.38),
    ] {
        let n = normal.normalize();
        let p = n * 1.04;
        let view = (p - camera).normalize();
        let fresnel = 1.0 - view.dot(n).abs();
        let sun = n.z; // normalize( (0, 0, 3) ) = +z
        let smooth = |a: f32, b: f32, x: f32| {
            let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        };
        let alpha =
            ((fresnel - 0.73) / (1.0 - 0.73) * (0.0 - 1.0) + 1.0).powi(3) * smooth(-0.5, 1.0, sun);
        let color = twilight.lerp(day, smooth(-0.25, 0.75, sun));
        let f = Fragment {
            position_world: p,
            normal_world: n,
            ..Fragment::default()
        };
        // outputNode = vec4( atmosphereColor, alpha )
        let out = program.evaluate(OUTPUT_NODE, &f).unwrap();
        close(&out[..3], &color.to_array(), 1e-5, "atmosphere colour");
        close(&out[3..], &[alpha], 1e-4, "atmosphere alpha");
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_vfx_flames
// ---------------------------------------------------------------------------------------------

#[test]
fn vfx_flames_gradient_and_first_flame_alpha_are_as_worked_out() {
    let g = tsl_vfx_flames::gradient_bytes();
    // Texel 0: 1/64 of the way from #090033 to #5f1f93, rounded down after + 32/64:
    // (9·63 + 95 + 32) / 64 = 10, (31 + 32) / 64 = 0, (51·63 + 147 + 32) / 64 = 53.
    assert_eq!(&g[0..4], &[10, 0, 53, 255]);
    // Texel 127: 63/64 of the way from #ffbd80 to #fff0db: 255, 239, 218.
    assert_eq!(&g[127 * 4..128 * 4], &[255, 239, 218, 255]);
    // Texel 32: s = 65, the second segment, 1/64 from #5f1f93 to #e02e96: 97, 31, 147.
    assert_eq!(&g[32 * 4..33 * 4], &[97, 31, 147, 255]);

    // Flame 1's alpha where the textures read white (evaluate's sampler): the cellular noise is
    // then 1 − smoothstep(0, 0.5, 0) = 1, times gradient2.
    let maps = tsl_vfx_flames::Maps {
        cellular: TextureId(1),
        perlin: TextureId(2),
        gradient: TextureId(3),
    };
    // the colour node's alpha, read through an opacity node
    let mut program = {
        let scope = Scope::new();
        scope
            .opacity_node(tsl_vfx_flames::flame1_color(&maps).1)
            .unwrap();
        scope.compile().unwrap()
    };
    let smooth = |a: f64, b: f64, x: f64| {
        let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let time = 1.0f64;
    program.set_frame(time as f32, Mat4::IDENTITY);
    let mut seen = 0;
    for (u, v) in [
        (0.5, 0.3),
        (0.45, 0.5),
        (0.55, 0.2),
        (0.5, 0.65),
        (0.3, 0.4),
    ] {
        // spherize, ·0.6 + 0.2, pow( vec2( 1, 2 ) ), ·2 − (0.5, 0)
        let (dx, dy): (f64, f64) = (u - 0.5, v - 0.5);
        let d2 = dx * dx + dy * dy;
        let off = d2 * d2 * 10.0;
        let (su, sv) = (u + dx * off, v + dy * off);
        let (mu, mv) = (
            (su * 0.6 + 0.2) * 2.0 - 0.5,
            (sv * 0.6 + 0.2).powf(2.0) * 2.0,
        );
        let gradient1 = (time * 10.0 - mv * std::f64::consts::TAU * 2.0).sin();
        let gradient2 = smooth(0.0, 1.0, mv);
        let mu = mu + gradient1 * gradient2 * 0.2;
        let shape = 1.0 - (((mu - 0.5) * 3.0).powi(2) + ((mv - 0.5) * 2.0).powi(2)).sqrt();
        let shape = shape - gradient2;
        let alpha = smooth(0.0, 0.3, shape);
        seen += usize::from(alpha > 0.0);
        let f = Fragment {
            uv: Vec2::new(u as f32, v as f32),
            ..Fragment::default()
        };
        close(
            &program.evaluate(OPACITY_NODE, &f).unwrap(),
            &[alpha as f32],
            1e-4,
            &format!("flame 1 alpha at uv ({u}, {v})"),
        );
    }
    assert!(seen >= 2, "only {seen} points inside the flame");
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_coffee_smoke
// ---------------------------------------------------------------------------------------------

#[test]
fn coffee_smoke_twists_and_blows_by_the_worked_out_noise() {
    let mut program = tsl_coffee_smoke::program(TextureId(1)).unwrap();
    let time = 2.0f32;
    program.set_frame(time, Mat4::IDENTITY);
    // The position node's stand-in for the texture's red channel.
    let red = |u: f32, v: f32| noise::mx_noise_float([u * 4.0, v * 4.0], 0.5, 0.5);
    let wind = Vec2::new(
        red(0.25, (time * 0.01).rem_euclid(1.0)) - 0.5,
        red(0.75, (time * 0.01).rem_euclid(1.0)) - 0.5,
    );
    for p in [
        Vec3::new(0.75, 0.0, 0.0),
        Vec3::new(-0.3, 2.4, 0.0),
        Vec3::new(0.6, 5.7, 0.0),
    ] {
        let v = p.y / 6.0;
        let twist = red(0.5, (v * 0.2 - time * 0.005).rem_euclid(1.0)) * 10.0;
        let (c, s) = (twist.cos(), twist.sin());
        let xz = Vec2::new(c * p.x - s * p.z, s * p.x + c * p.z);
        let w = wind * (v * v * 10.0);
        let moved = Vec3::new(xz.x + w.x, p.y + w.y, xz.y);
        let f = Fragment {
            position_local: p,
            ..Fragment::default()
        };
        close(
            &program.evaluate(POSITION_NODE, &f).unwrap(),
            &(moved - p).to_array(),
            1e-4,
            &format!("vertex {p:?}"),
        );
    }
    // Where the texture reads white, the alpha is the edges' fade: at uv (0.05, 0.5),
    // smoothstep(0, 0.1, 0.05) = 0.5; the colour mixes toward white by 0.5³.
    let f = Fragment {
        uv: Vec2::new(0.05, 0.5),
        ..Fragment::default()
    };
    // the colour node's alpha, read through an opacity node
    let alpha_of = {
        let scope = Scope::new();
        scope
            .opacity_node(tsl_coffee_smoke::smoke_color(TextureId(1)).1)
            .unwrap();
        scope.compile().unwrap()
    };
    close(
        &alpha_of.evaluate(OPACITY_NODE, &f).unwrap(),
        &[0.5],
        1e-6,
        "alpha",
    );
    let brown = Vec3::new(0.6, 0.3, 0.2);
    close(
        &program.evaluate(COLOR_NODE, &f).unwrap(),
        &brown.lerp(Vec3::ONE, 0.125).to_array(),
        1e-6,
        "colour",
    );
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_galaxy
// ---------------------------------------------------------------------------------------------

#[test]
fn galaxy_colour_mixes_by_the_radius_and_fades_in_each_sprite() {
    let program = tsl_galaxy::program().unwrap();
    let inside = Color::from_hex(0xffa575).to_vec3();
    let outside = Color::from_hex(0x311599).to_vec3();
    for (x, z, u, v) in [
        (0.123f32, 0.303f32, 0.30f32, 0.27f32),
        (2.0, -1.0, 0.55, 0.40),
        (4.5, 3.0, 0.51, 0.52),
        (0.0, 0.0, 0.2, 0.5),
    ] {
        // radius = ratio^1.5 · 5, so ratio = (r / 5)^(2/3), at most 1
        let ratio = ((x * x + z * z).sqrt() / 5.0).powf(1.0 / 1.5).min(1.0);
        let color = inside.lerp(outside, 1.0 - (1.0 - ratio).powi(2));
        // (u, v) is the point's place inside its sprite
        let alpha = (0.1 / ((u - 0.5).powi(2) + (v - 0.5).powi(2)).sqrt() - 0.2).clamp(0.0, 1.0);
        let cells = tsl_galaxy::CELLS;
        let f = Fragment {
            position_world: Vec3::new(x, 0.0, z),
            uv: Vec2::new((3.0 + u) / cells, (7.0 + v) / cells),
            ..Fragment::default()
        };
        close(
            &program.evaluate(COLOR_NODE, &f).unwrap(),
            &(color * alpha).to_array(),
            1e-4,
            &format!("point ({x}, {z}), sprite ({u}, {v})"),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The colour functions on a photo (examples/tsl_display_functions.rs)
// ---------------------------------------------------------------------------------------------

/// An 8-bit sRGB level decoded to linear.
fn linear8(level: u8) -> f64 {
    let c = f64::from(level) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

#[test]
fn display_functions_tiles_give_the_sun_the_functions_colours() {
    // The photo's sun is (255, 214, 110) over texels x 10..=12, rows 2..=4 from the top; in each
    // 32-pixel tile, pixels 22..=23 across and 6..=7 down sample only sun texels.
    let sun = [linear8(255), linear8(214), linear8(110)];
    let dot = |w: [f64; 3]| sun[0] * w[0] + sun[1] * w[1] + sun[2] * w[2];
    let gray = dot([0.2126, 0.7152, 0.0722]) as f32;
    // three.js's sepia (glfx.js's matrix).
    let sepia = [
        dot([0.393, 0.769, 0.189]) as f32,
        dot([0.349, 0.686, 0.168]) as f32,
        dot([0.272, 0.534, 0.131]) as f32,
    ];
    // posterize(c, 4) = floor(4c) / 4.
    let poster = sun.map(|c| ((c * 4.0).floor() / 4.0) as f32);
    let (scene, camera, assets) = tsl_display_functions::scene().unwrap();
    let image = Renderer::new(RenderSettings::new(96, 96))
        .render(&scene, &camera, &assets)
        .unwrap();
    let tile = |index: u32, x: u32, y: u32| {
        image
            .pixel((index % 3) * 32 + x, (index / 3) * 32 + y)
            .unwrap()
    };
    for (x, y) in [(22, 6), (23, 7)] {
        pixel_near(tile(0, x, y), [255, 214, 110], 1, "the photo's sun");
        let g = srgb8(gray);
        pixel_near(tile(1, x, y), [g, g, g], 1, "grayscale of the sun");
        pixel_near(tile(5, x, y), poster.map(srgb8), 1, "posterize of the sun");
        pixel_near(tile(6, x, y), sepia.map(srgb8), 1, "sepia of the sun");
    }
}

// ---------------------------------------------------------------------------------------------
// webgpu_tsl_vfx_tornado's noise texture
// ---------------------------------------------------------------------------------------------

#[test]
fn tornado_noise_texture_starts_at_its_lattice_hashes_and_tiles() {
    let bytes = tsl_vfx_tornado::noise_bytes();
    assert_eq!(bytes.len(), 64 * 64 * 4);
    // Texel (0, 0) sits on lattice points of both octaves: each channel is its hash,
    // ((c + 1) · 83492791 mod 2^32) mod 256: 183, 110 and 37 (worked out by hand).
    assert_eq!(&bytes[..4], &[183, 110, 37, 255]);
    // At x = 16 each octave sits on a lattice point, (1, 0) of the 16-texel one and (2, 0) of the
    // 8-texel one: the texel is (2 · hash + hash) / 3 of the two.
    let at = |x: usize, y: usize, c: usize| bytes[(y * 64 + x) * 4 + c];
    let h = |ix: u32, iy: u32, c: u32| {
        (ix.wrapping_mul(73_856_093)
            ^ iy.wrapping_mul(19_349_663)
            ^ (c + 1).wrapping_mul(83_492_791))
            % 256
    };
    for c in 0..3 {
        assert_eq!(
            u32::from(at(16, 0, c)),
            (2 * h(1, 0, c as u32) + h(2, 0, c as u32)) / 3
        );
    }
}
