//! The ports of three.js's TSL examples (`examples/tsl_*.rs`) against real three.js r187: each
//! case file of `tools/three_tsl_cases/` builds the same scene in three.js (WebGPURenderer on
//! WebGL2, headless Chromium, SwiftShader; the commands are in that folder's README), whose canvas
//! is committed as `tests/fixtures/three_tsl/NAME.png`. We draw the port's scene at the same size
//! and time and require what `tests/raster_three.rs` requires (mean absolute difference under
//! 1/255, 99% of the channel values within 3/255) unless a case says why it needs a wider bound.
//!
//! On a failure the render and a difference image (8× the difference) are written to
//! `target/tsl_oracle_diff/`.

mod three_tsl_fixture;
mod tsl_ports;

use three_tsl_fixture::{compare, fixture};

use tsl_ports::{
    tsl_angular_slicing, tsl_backdrop_water, tsl_coffee_smoke, tsl_compute_texture, tsl_earth,
    tsl_galaxy, tsl_halftone, tsl_materials, tsl_materialx_noise, tsl_procedural_texture,
    tsl_raging_sea, tsl_vfx_flames,
};
use tsl_ports::{
    tsl_display_functions, tsl_editor, tsl_interoperability, tsl_matcap, tsl_procedural_terrain,
    tsl_vfx_tornado, tsl_wood,
};

use std::path::PathBuf;
use tsl::raster::*;

/// How close our picture must be to three.js's canvas.
struct Bound {
    /// The mean absolute difference over RGB, in levels of 255, must be under this.
    mean_levels: f64,
    /// At least this fraction of the channel values must be within 3/255.
    within_3: f64,
}

/// `tests/raster_three.rs`'s bound.
const SAME: Bound = Bound {
    mean_levels: 1.0,
    within_3: 0.99,
};

/// Draw `scene` at the fixture's size and `time`, and hold it to the fixture within `bound`.
fn check(name: &str, scene: (Scene, Camera, Assets), time: f32, bound: Bound) {
    check_with(name, scene, RenderSettings::new, time, bound);
}

/// [`check`] with the renderer's settings (output colour space, tone mapping) made by `settings`
/// from the fixture's size.
fn check_with(
    name: &str,
    (scene, camera, assets): (Scene, Camera, Assets),
    settings: fn(u32, u32) -> RenderSettings,
    time: f32,
    bound: Bound,
) {
    let reference = fixture(name);
    let (w, h) = (reference.width(), reference.height());
    let mut renderer = Renderer::new(settings(w, h));
    renderer.settings.time = time;
    let image = renderer.render(&scene, &camera, &assets).unwrap();
    let (mean, within) = compare(&image, &reference);
    println!(
        "{name}: mean {mean:.3}/255, {:.2}% within 3/255",
        within * 100.0
    );
    if !(mean < bound.mean_levels && within >= bound.within_3) {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tsl_oracle_diff");
        std::fs::create_dir_all(&dir).unwrap();
        image
            .write_png(dir.join(format!("{name}.ours.png")))
            .unwrap();
        let mut diff = Image::new(w, h).unwrap();
        for y in 0..h {
            for x in 0..w {
                let (p, q) = (image.pixel(x, y).unwrap(), reference.pixel(x, y).unwrap());
                let d = |k: usize| (u32::from(p[k].abs_diff(q[k])) * 8).min(255) as u8;
                diff.set_pixel(x, y, [d(0), d(1), d(2), 255]);
            }
        }
        diff.write_png(dir.join(format!("{name}.diff.png")))
            .unwrap();
        panic!(
            "{name}: mean {mean:.3}/255 (limit {}), {:.2}% within 3/255 (limit {}%); see {}",
            bound.mean_levels,
            within * 100.0,
            bound.within_3 * 100.0,
            dir.display()
        );
    }
}

#[test]
fn the_procedural_texture_checker_matches_three() {
    check(
        "tsl_procedural_texture",
        tsl_procedural_texture::scene(4.0).unwrap(),
        0.0,
        SAME,
    );
}

#[test]
fn the_compute_texture_plasma_matches_three() {
    check(
        "tsl_compute_texture",
        tsl_compute_texture::scene().unwrap(),
        0.0,
        SAME,
    );
}

#[test]
fn the_materials_position_and_normal_nodes_match_three() {
    check("tsl_materials", tsl_materials::scene().unwrap(), 0.0, SAME);
}

#[test]
fn the_backdrop_water_matches_three() {
    // The case's timer uniform: timerLocal( .8 ) at 2 s.
    check(
        "tsl_backdrop_water",
        tsl_backdrop_water::scene().unwrap(),
        2.0,
        SAME,
    );
}

#[test]
fn the_raging_sea_matches_three() {
    // The case's time: 1 s; the plane of 64 × 64 segments.
    check(
        "tsl_raging_sea",
        tsl_raging_sea::scene(64).unwrap(),
        1.0,
        SAME,
    );
}

#[test]
fn the_materialx_noise_spheres_match_three() {
    // The case's time: 1.5 s; 256 × 256 pixels.
    check(
        "tsl_materialx_noise",
        tsl_materialx_noise::scene().unwrap(),
        1.5,
        SAME,
    );
}

#[test]
fn the_tsl_editor_sample_matches_three() {
    // The page's linear output (outputColorSpace = LinearSRGBColorSpace).
    check_with(
        "tsl_editor",
        tsl_editor::scene().unwrap(),
        tsl_editor::settings,
        0.0,
        SAME,
    );
}

#[test]
fn the_display_functions_contact_sheet_matches_three() {
    check(
        "tsl_display_functions",
        tsl_display_functions::scene().unwrap(),
        0.0,
        SAME,
    );
}

#[test]
fn the_procedural_terrain_matches_three() {
    // The case's plane of 128 × 128 segments; ACES filmic tone mapping.
    check_with(
        "tsl_procedural_terrain",
        tsl_procedural_terrain::scene(128).unwrap(),
        tsl_procedural_terrain::settings,
        0.0,
        SAME,
    );
}

#[test]
fn the_wood_boxes_match_three() {
    // Neutral tone mapping, as the page; 384 × 144 pixels (the case says why).
    check_with(
        "tsl_wood",
        tsl_wood::scene().unwrap(),
        tsl_wood::settings,
        0.0,
        SAME,
    );
}

#[test]
fn the_wood_finishes_match_three() {
    // tsl::materials's wood_preset, wood_program and wood_material against r187's
    // WoodNodeMaterial.fromPreset: walnut gloss, pine matte, cherry semigloss (clear coats).
    check_with(
        "tsl_wood_finishes",
        tsl_wood::finishes_scene().unwrap(),
        tsl_wood::settings,
        0.0,
        SAME,
    );
}

#[test]
fn the_vfx_tornado_matches_three() {
    // The case's time: 2 s; the page's clear colour.
    check_with(
        "tsl_vfx_tornado",
        tsl_vfx_tornado::scene().unwrap(),
        tsl_vfx_tornado::settings,
        2.0,
        SAME,
    );
}

#[test]
fn the_interoperability_crt_shader_matches_three() {
    // The case's time: 1 s; the page's linear output.
    check_with(
        "tsl_interoperability",
        tsl_interoperability::scene().unwrap(),
        tsl_interoperability::settings,
        1.0,
        SAME,
    );
}

#[test]
fn the_matcap_material_matches_three() {
    // three's MeshMatcapNodeMaterial against the port's colour node; ACES filmic.
    check_with(
        "tsl_matcap",
        tsl_matcap::scene().unwrap(),
        tsl_matcap::settings,
        0.0,
        SAME,
    );
}

#[test]
fn the_angular_slicing_matches_three() {
    // ACES filmic tone mapping, as the page's.
    check_with(
        "tsl_angular_slicing",
        tsl_angular_slicing::scene().unwrap(),
        tsl_angular_slicing::settings,
        0.0,
        SAME,
    );
}

#[test]
fn the_halftone_matches_three() {
    // The case's time: 1 s (the highlight's direction); 256 × 144 pixels.
    check("tsl_halftone", tsl_halftone::scene(1.0).unwrap(), 1.0, SAME);
}

#[test]
fn the_earth_matches_three() {
    // The stand-in textures of both sides; 128 × 96 pixels.
    check("tsl_earth", tsl_earth::scene().unwrap(), 0.0, SAME);
}

#[test]
fn the_vfx_flames_match_three() {
    // The case's time: 1 s; the stand-in textures of both sides.
    check(
        "tsl_vfx_flames",
        tsl_vfx_flames::scene().unwrap(),
        1.0,
        SAME,
    );
}

#[test]
fn the_coffee_smoke_matches_three() {
    // The case's time: 2 s; 72 × 96 pixels.
    check(
        "tsl_coffee_smoke",
        tsl_coffee_smoke::scene().unwrap(),
        2.0,
        SAME,
    );
}

#[test]
fn the_galaxy_colour_matches_three() {
    check("tsl_galaxy", tsl_galaxy::scene().unwrap(), 0.0, SAME);
}
