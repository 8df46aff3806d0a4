//! Screen and object values through the CPU renderer (R-VAL-14): one program shared by two
//! meshes reads each mesh's own model position, the screen's uv, the camera's near plane and
//! the frame counter; a position node reads the mesh's position. Values by hand in
//! `screen_scene/`.

mod screen_scene;

use screen_scene::*;
use tsl::raster::*;

#[test]
fn two_meshes_of_one_program_read_their_own_model_position() {
    let c = colour_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_colours(&image, 1e-6, "CPU");
}

#[test]
fn a_position_node_reads_the_draw_s_model_position() {
    let c = position_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_coverage(&image, "CPU");
}
