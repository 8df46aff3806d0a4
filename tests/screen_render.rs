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
fn each_draw_reads_its_own_material_s_values() {
    let c = material_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_material_colours(&image, 1e-6, "CPU");
}

#[test]
fn a_position_node_reads_the_draw_s_model_position() {
    let c = position_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_coverage(&image, "CPU");
}

#[test]
fn a_perspective_camera_s_projection_and_far_plane_reach_the_program() {
    // A 90° perspective camera on a 64 × 32 image (aspect 2), near 1, far 3: by hand its
    // projection takes (1, 1, -1, 1) to (1/2, 1, (far + near) / (near - far) × -1 + 2 far near /
    // (near - far), 1) = (0.5, 1, 2 - 3 = -1, 1). The colour (x/10 + 0.5, y/10 + 0.5,
    // z/10 + far/10) is (0.55, 0.6, 0.2) on a plane filling the view.
    use tsl::prelude::*;
    let mut c = case(|scope| {
        let p = camera_projection_matrix() * vec4(1.0, 1.0, -1.0, 1.0);
        let colour = vec3(
            p.x() * 0.1 + 0.5,
            p.y() * 0.1 + 0.5,
            p.z() * 0.1 + camera_far() * 0.1,
        );
        scope.color_node(colour).unwrap();
    });
    c.camera = Camera::perspective(90.0, 1.0, 3.0);
    let big = c
        .assets
        .geometries
        .add(PlaneGeometry::new(20.0, 20.0).build());
    let material = c.scene.objects()[0].mesh.unwrap().material;
    let mut scene = Scene::new();
    scene.add(Object::mesh(big, material).at(Vec3::new(0.0, 0.0, -2.0)));
    let image = Renderer::new(c.settings.clone())
        .render_linear(&scene, &c.camera, &c.assets)
        .unwrap();
    let got = image.pixel(WIDTH / 2, HEIGHT / 2).unwrap();
    for (k, want) in [0.55f32, 0.6, 0.2].into_iter().enumerate() {
        assert!((got[k] - want).abs() < 1e-6, "{got:?}");
    }
}

#[test]
fn the_renderer_fills_texture_sizes() {
    let mut c = texture_size_case();
    let renderer = Renderer::new(c.settings.clone());
    let centre = |c: &ScreenCase| {
        let image = renderer
            .render_linear(&c.scene, &c.camera, &c.assets)
            .unwrap();
        image.pixel(16, 16).unwrap()
    };
    let close = |got: [f32; 4], want: [f32; 3]| {
        for k in 0..3 {
            assert!((got[k] - want[k]).abs() < 1e-6, "{got:?}, want {want:?}");
        }
    };
    close(centre(&c), TEXTURE_SIZE_COLOUR);
    // `map` now holds the 16 × 8 texture (the first added): its width, 0.16.
    let wide = c.assets.textures.iter().next().unwrap().0;
    let (program, _) = c.assets.programs.iter().last().unwrap();
    c.assets
        .programs
        .get_mut(program)
        .unwrap()
        .set_texture("map", wide)
        .unwrap();
    close(centre(&c), [0.16, 0.04, 0.16]);
}

#[test]
fn each_draw_reads_its_bounding_sphere_radius() {
    use tsl::prelude::*;
    // A 1 × 1 plane's bounding sphere: centre 0, radius sqrt(0.5² + 0.5²) = 0.70711; scaled by
    // (2, 1, 1) its world radius doubles. The colour's red is a quarter of it: 0.35355 on the
    // scaled plane (at x = -1, covering x from -2 to 0), 0.17678 on the other (at x = +1).
    let c = case(|scope| {
        scope
            .color_node(vec3(model_radius() * 0.25, 0.0, 0.0))
            .unwrap();
    });
    let mesh = c.scene.objects()[0].mesh.unwrap();
    let mut scene = Scene::new();
    scene.add(
        Object::mesh(mesh.geometry, mesh.material)
            .at(Vec3::new(-1.0, 0.0, 0.0))
            .scaled(Vec3::new(2.0, 1.0, 1.0)),
    );
    scene.add(Object::mesh(mesh.geometry, mesh.material).at(Vec3::new(1.0, 0.0, 0.0)));
    let image = Renderer::new(c.settings.clone())
        .render_linear(&scene, &c.camera, &c.assets)
        .unwrap();
    let half = 0.5f32.sqrt();
    for (x, want) in [(16, 0.5 * half), (48, 0.25 * half)] {
        let got = image.pixel(x, 16).unwrap()[0];
        assert!(
            (got - want).abs() < 1e-6,
            "pixel ({x}, 16): {got}, want {want}"
        );
    }
}

/// `depth()`, `linear_depth()` and `clip_space()` (R-VAL-19) on the CPU: by hand, and `depth()`
/// equal to the rasterizer's own window depth (`frag_coord().z`).
#[test]
fn depth_nodes_read_the_fragment_s_depth() {
    let c = depth_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    let got = image.pixel(16, 16).unwrap();
    for k in 0..3 {
        assert!((got[k] - DEPTH_COLOUR[k]).abs() <= 1e-6, "{got:?}");
    }
}

#[test]
fn each_draw_reads_its_own_physical_extension_values() {
    let c = physical_material_case();
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_physical_colours(&image, 1e-6, "CPU");
}
