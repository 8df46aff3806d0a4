//! What a point or a line reads and casts on the CPU renderer (R-PRIM-5, R-PRIM-7, R-PRIM-8,
//! docs/primitives.md), held to the values worked by hand in `primitive_reads_scene/`:
//! a screen read is opaque white, a point's texture read takes the level its width chooses and
//! a line's the full-size level, and a light's view draws their depth. `gpu_primitive_reads.rs`
//! holds the GPU to the same values; `raster_three.rs::points_and_lines_cast_shadows_as_three`
//! holds the shadows to three.js's render.

mod primitive_reads_scene;

use primitive_reads_scene::*;
use tsl::raster::*;

#[test]
fn a_point_and_a_line_read_the_screen_as_opaque_white_and_need_no_target() {
    // Only the point and the line read the screen: no opaque pass, no target asked for.
    let c = screen_case(false);
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .expect("a point's or a line's screen read needs no transmission target");
    check_screen(&image, false, 0.0, "CPU, no target");
    // With a mesh reading the screen the frame draws its opaque pass; the point and the line
    // still read white.
    let c = screen_case(true);
    let r = Renderer::new(c.settings.clone());
    let target = r.opaque_pass(&c.scene, &c.camera, &c.assets).unwrap();
    let image = r
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap();
    check_screen(&image, true, 1e-6, "CPU, with a target");
}

#[test]
fn a_point_reads_the_level_its_width_chooses_and_a_line_the_full_size_level() {
    // The worked levels differ: a wrong level reads another value.
    let levels: Vec<f32> = (0..7).map(|l| level_texel(l, 0, 0)).collect();
    for (l, v) in levels.iter().enumerate() {
        let want = (128 + AMPLITUDE[l.min(6)..].iter().sum::<u32>()) as f32 / 255.0;
        assert!((v - want).abs() < 1e-6, "level {l}: {v} against {want}");
    }
    let c = level_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_levels(&image, 1e-6, "CPU");
}

#[test]
fn a_point_and_a_line_cast_their_depth_in_a_light_s_view() {
    for (point, line) in [(true, false), (false, true), (true, true)] {
        let c = shadow_case(point, line);
        let image = Renderer::new(c.settings.clone())
            .render(&c.scene, &c.camera, &c.assets)
            .unwrap();
        check_shadow(
            &image,
            point,
            line,
            &format!("CPU point {point} line {line}"),
        );
    }
}
