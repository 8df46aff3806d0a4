//! Screen, camera and object nodes (R-VAL-14): each read back through a colour node with
//! header values set by hand, against values worked out by hand (or by glam's own matrix
//! arithmetic, which is not the code under test).

use glam::{Mat4, Vec2, Vec3, Vec4};
use tsl_core::typed::Mat4 as M4;
use tsl_core::typed::Vec3 as V3;
use tsl_core::typed::{
    camera_far, camera_is_orthographic, camera_near, camera_position, camera_projection_matrix,
    camera_projection_matrix_inverse, camera_world_matrix, delta_time, face_direction, frame_id,
    model_direction, model_normal_matrix, model_position, model_radius, model_scale,
    model_view_matrix, model_view_position, model_world_matrix, model_world_matrix_inverse,
    negate_on_back_side, normal_flat, position_local, position_view_direction,
    position_world_direction, reflect_vector, reflect_view, refract_vector, refract_view,
    screen_coordinate, screen_uv, transform_direction, transform_normal_to_view, uniform, vec3,
    vec4, viewport, viewport_coordinate, viewport_size, viewport_uv, Node, Scope, Swizzles,
};
use tsl_core::{Fragment, NodeProgram, COLOR_NODE};

const CLOSE: f32 = 1e-5;

/// Compile `colour` as the colour node, let `setup` write the header, evaluate at `fragment`.
fn eval(
    colour: impl FnOnce() -> Node<V3>,
    setup: impl FnOnce(&mut NodeProgram),
    fragment: Fragment,
) -> Vec3 {
    let scope = Scope::new();
    scope.color_node(colour()).unwrap();
    let mut program = scope.compile().unwrap();
    setup(&mut program);
    let v = program.evaluate(COLOR_NODE, &fragment).unwrap();
    Vec3::new(v[0], v[1], v[2])
}

#[track_caller]
fn close(got: Vec3, want: Vec3) {
    assert!(got.abs_diff_eq(want, CLOSE), "got {got}, want {want}");
}

#[test]
fn screen_uv_counts_from_the_top_left() {
    // A 64 × 32 target; pixel (15, 24) from the top left is (15, 7) from the bottom left, whose
    // centre frag_coord gives as (15.5, 7.5).
    let at = Fragment {
        frag_coord: Vec3::new(15.5, 7.5, 0.25),
        ..Fragment::default()
    };
    let size = |p: &mut NodeProgram| p.set_screen(Vec2::new(64.0, 32.0), 0);
    let coord = eval(|| screen_coordinate().extend(0.0), size, at);
    close(coord, Vec3::new(15.5, 24.5, 0.0));
    let uv = eval(|| screen_uv().extend(0.0), size, at);
    close(uv, Vec3::new(15.5 / 64.0, 24.5 / 32.0, 0.0));
    let vuv = eval(|| viewport_uv().extend(0.0), size, at);
    close(vuv, uv);
    let vsize = eval(|| viewport_size().extend(0.0), size, at);
    close(vsize, Vec3::new(64.0, 32.0, 0.0));
    let vcoord = eval(|| viewport_coordinate().extend(0.0), size, at);
    close(vcoord, coord);
}

#[test]
fn a_screen_node_is_refused_in_a_position_node() {
    let scope = Scope::new();
    scope
        .position_node(position_local() + screen_uv().extend(0.0))
        .unwrap();
    let err = scope.compile().unwrap_err().to_string();
    assert!(err.contains("frag_coord"), "{err}");
}

#[test]
fn camera_values_come_from_set_camera() {
    // A projection by hand: diagonal (2, 3, -1.5, 0) with -1 at row 3 of column 2 and -2.5 at
    // row 2 of column 3 (a perspective's shape).
    let projection = Mat4::from_cols(
        Vec4::new(2.0, 0.0, 0.0, 0.0),
        Vec4::new(0.0, 3.0, 0.0, 0.0),
        Vec4::new(0.0, 0.0, -1.5, -1.0),
        Vec4::new(0.0, 0.0, -2.5, 0.0),
    );
    let set = |p: &mut NodeProgram| p.set_camera(projection, 0.5, 20.0, false);
    let near_far = eval(
        || vec3(camera_near(), camera_far(), camera_is_orthographic()),
        set,
        Fragment::default(),
    );
    close(near_far, Vec3::new(0.5, 20.0, 0.0));
    // P × (1, 1, -2, 1) = (2, 3, 3 - 2.5, 2) by hand; its xyw.
    let clip = eval(
        || {
            let c = camera_projection_matrix() * vec4(1.0, 1.0, -2.0, 1.0);
            vec3(c.x(), c.y(), c.w())
        },
        set,
        Fragment::default(),
    );
    close(clip, Vec3::new(2.0, 3.0, 2.0));
    // The inverse takes (2, 3, 0.5, 2) back to (1, 1, -2, 1).
    let back = eval(
        || (camera_projection_matrix_inverse() * vec4(2.0, 3.0, 0.5, 2.0)).xyz(),
        set,
        Fragment::default(),
    );
    close(back, Vec3::new(1.0, 1.0, -2.0));
    let ortho = eval(
        || vec3(camera_is_orthographic(), 0.0, 0.0),
        |p| p.set_camera(Mat4::IDENTITY, 1.0, 2.0, true),
        Fragment::default(),
    );
    close(ortho, Vec3::X);
}

#[test]
fn the_camera_world_matrix_is_the_inverse_view() {
    // The camera at (0, 0, 5): the view translates by -5 in z, the world matrix by +5.
    let view = Mat4::from_translation(Vec3::new(0.0, 0.0, -5.0));
    let got = eval(
        || (camera_world_matrix() * vec4(1.0, 2.0, 3.0, 1.0)).xyz(),
        |p| p.set_frame(0.0, view),
        Fragment::default(),
    );
    close(got, Vec3::new(1.0, 2.0, 8.0));
}

#[test]
fn frame_id_comes_from_set_screen() {
    let got = eval(
        || vec3(frame_id(), 0.0, 0.0),
        |p| p.set_screen(Vec2::ONE, 7),
        Fragment::default(),
    );
    close(got, Vec3::new(7.0, 0.0, 0.0));
}

/// A mesh at (1, 2, 3), scaled by (2, 4, 8), seen from a camera at (0, 0, 5).
fn object(p: &mut NodeProgram) {
    let world = Mat4::from_translation(Vec3::new(1.0, 2.0, 3.0))
        * Mat4::from_scale(Vec3::new(2.0, 4.0, 8.0));
    p.set_frame(0.0, Mat4::from_translation(Vec3::new(0.0, 0.0, -5.0)));
    p.set_object(world);
}

#[test]
fn model_values_come_from_set_object() {
    let f = Fragment::default;
    close(eval(model_position, object, f()), Vec3::new(1.0, 2.0, 3.0));
    close(eval(model_scale, object, f()), Vec3::new(2.0, 4.0, 8.0));
    close(eval(model_direction, object, f()), Vec3::Z);
    // In camera space the mesh is at (1, 2, 3 - 5).
    close(
        eval(model_view_position, object, f()),
        Vec3::new(1.0, 2.0, -2.0),
    );
    // The world matrix takes (1, 1, 1) to (1 + 2, 2 + 4, 3 + 8).
    let w = eval(
        || (model_world_matrix() * vec4(1.0, 1.0, 1.0, 1.0)).xyz(),
        object,
        f(),
    );
    close(w, Vec3::new(3.0, 6.0, 11.0));
    // And its inverse takes it back.
    let i = eval(
        || (model_world_matrix_inverse() * vec4(3.0, 6.0, 11.0, 1.0)).xyz(),
        object,
        f(),
    );
    close(i, Vec3::ONE);
    // The model-view matrix: the same point, 5 further down -z.
    let mv = eval(
        || (model_view_matrix() * vec4(1.0, 1.0, 1.0, 1.0)).xyz(),
        object,
        f(),
    );
    close(mv, Vec3::new(3.0, 6.0, 6.0));
    // The normal matrix of a scale (2, 4, 8) divides by it.
    let n = eval(|| model_normal_matrix() * vec3(1.0, 1.0, 1.0), object, f());
    close(n, Vec3::new(0.5, 0.25, 0.125));
}

#[test]
fn a_rotated_model_looks_along_its_turned_z() {
    // Turned a quarter round y: +z goes to +x (glam's rotation, counter-clockwise seen from +y).
    let world = Mat4::from_rotation_y(std::f32::consts::FRAC_PI_2);
    let got = eval(
        model_direction,
        |p| p.set_object(world),
        Fragment::default(),
    );
    close(got, Vec3::X);
}

#[test]
fn a_program_reads_the_draw_values_only_when_it_loads_them() {
    let scope = Scope::new();
    scope.color_node(model_position()).unwrap();
    assert!(scope.compile().unwrap().reads_object());
    let scope = Scope::new();
    scope
        .color_node(camera_position() + vec3(frame_id(), 0.0, 0.0))
        .unwrap();
    assert!(!scope.compile().unwrap().reads_object());
    // A position node may read them: they are the same for every vertex of a draw.
    let scope = Scope::new();
    scope
        .position_node(position_local() + model_position())
        .unwrap();
    assert!(scope.compile().unwrap().reads_object());
}

#[test]
fn the_disassembly_names_the_header_values() {
    let scope = Scope::new();
    scope.color_node(model_position() * camera_near()).unwrap();
    let text = scope.compile().unwrap().to_string();
    assert!(text.contains("model_world_matrix[3]"), "{text}");
    assert!(text.contains("camera_near"), "{text}");
}

#[test]
fn face_direction_is_plus_or_minus_one() {
    let front = Fragment {
        front_facing: 1.0,
        ..Fragment::default()
    };
    let back = Fragment::default();
    let f = || vec3(face_direction(), 0.0, 0.0);
    close(eval(f, |_| {}, front), Vec3::X);
    close(eval(f, |_| {}, back), -Vec3::X);
}

#[test]
fn view_direction_and_reflection_by_hand() {
    // The fragment at (3, 0, -4): 5 from the camera, the direction to it (-0.6, 0, 0.8).
    let at = Fragment {
        position_view: Vec3::new(3.0, 0.0, -4.0),
        normal_view: Vec3::Z,
        ..Fragment::default()
    };
    let perspective = |p: &mut NodeProgram| p.set_camera(Mat4::IDENTITY, 1.0, 2.0, false);
    let orthographic = |p: &mut NodeProgram| p.set_camera(Mat4::IDENTITY, 1.0, 2.0, true);
    close(
        eval(position_view_direction, perspective, at),
        Vec3::new(-0.6, 0.0, 0.8),
    );
    close(eval(position_view_direction, orthographic, at), Vec3::Z);
    // reflect(i, n) = i - 2 dot(n, i) n with i = (0.6, 0, -0.8), n = +z: (0.6, 0, 0.8).
    close(
        eval(reflect_view, perspective, at),
        Vec3::new(0.6, 0.0, 0.8),
    );
    // In world space under a camera turned a quarter round y (its world matrix turns +z to +x,
    // +x to -z): (0.8, 0, -0.6).
    let turned = |p: &mut NodeProgram| {
        p.set_camera(Mat4::IDENTITY, 1.0, 2.0, false);
        p.set_frame(
            0.0,
            Mat4::from_rotation_y(std::f32::consts::FRAC_PI_2).inverse(),
        );
    };
    close(eval(reflect_vector, turned, at), Vec3::new(0.8, 0.0, -0.6));
}

#[test]
fn transform_direction_and_normal_to_view_by_hand() {
    // A direction ignores the translation and is normalized: (3, 0, 4) by a translation → (0.6,
    // 0, 0.8).
    let t = Mat4::from_translation(Vec3::new(5.0, 6.0, 7.0));
    let got = eval(
        || transform_direction(vec3(3.0, 0.0, 4.0), uniform_mat4(t)),
        |_| {},
        Fragment::default(),
    );
    close(got, Vec3::new(0.6, 0.0, 0.8));
    let chained = eval(
        || vec3(3.0, 0.0, 4.0).transform_direction(uniform_mat4(t)),
        |_| {},
        Fragment::default(),
    );
    close(chained, got);
    // A normal (1, 1, 0) of a mesh scaled (1, 2, 1): the normal matrix gives (1, 0.5, 0),
    // normalized (2, 1, 0) / sqrt 5; the view is the identity.
    let got = eval(
        || transform_normal_to_view(vec3(1.0, 1.0, 0.0)),
        |p| p.set_object(Mat4::from_scale(Vec3::new(1.0, 2.0, 1.0))),
        Fragment::default(),
    );
    close(got, Vec3::new(2.0, 1.0, 0.0) / 5f32.sqrt());
}

/// A mat4 uniform node of `m`.
fn uniform_mat4(m: Mat4) -> Node<M4> {
    uniform(m).set_name("m")
}

/// A standalone module's uniform block holds the header values its program reads: the model
/// from the pipeline's frame, the near plane from the header.
#[cfg(feature = "naga")]
#[test]
fn a_standalone_block_holds_the_values_the_program_reads() {
    use tsl_core::native::NativeFrame;
    let scope = Scope::new();
    scope
        .color_node(model_position() * camera_near() + model_scale())
        .unwrap();
    let mut program = scope.compile().unwrap();
    program.set_camera(Mat4::IDENTITY, 0.25, 9.0, false);
    let layout = program.native_interface().uniforms;
    let field = |name: &str| {
        layout
            .fields
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", layout.fields))
            .offset as usize
    };
    // `camera_far` is not read, so not a member.
    assert!(layout.fields.iter().all(|f| f.name != "camera_far"));
    let frame = NativeFrame {
        resolution: Vec2::new(8.0, 8.0),
        projection: Mat4::IDENTITY,
        model: Mat4::from_translation(Vec3::new(1.0, 2.0, 3.0))
            * Mat4::from_scale(Vec3::new(2.0, 3.0, 4.0)),
    };
    let bytes = layout.write(&program, &frame).unwrap();
    let f = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(f(field("camera_near")), 0.25);
    let scale = field("model_scale");
    assert_eq!((f(scale), f(scale + 4), f(scale + 8)), (2.0, 3.0, 4.0));
    // The model's translation column, 48 bytes into the matrix.
    let model = field("model") + 48;
    assert_eq!((f(model), f(model + 4), f(model + 8)), (1.0, 2.0, 3.0));
    let wgsl = program.to_wgsl().unwrap();
    assert!(wgsl.contains("tsl.camera_near"), "{wgsl}");
    assert!(wgsl.contains("tsl.model[3][0]"), "{wgsl}");
    assert!(wgsl.contains("tsl.model_scale.x"), "{wgsl}");
}

#[test]
fn the_viewport_is_the_whole_target() {
    let got = eval(
        || viewport().zw().extend(viewport().x() + viewport().y()),
        |p| p.set_screen(Vec2::new(64.0, 32.0), 0),
        Fragment::default(),
    );
    close(got, Vec3::new(64.0, 32.0, 0.0));
}

#[test]
fn normal_flat_is_the_face_normal_from_the_derivatives() {
    // The pixel to the right is 0.01 further along x and 0.02 further from the camera; the
    // pixel above 0.01 along y: cross((0.01, 0, -0.02), (0, 0.01, 0)) = (2e-4, 0, 1e-4),
    // normalized (2, 0, 1) / sqrt 5.
    use tsl_core::{View, VIEW_COUNT};
    let scope = Scope::new();
    scope.color_node(normal_flat()).unwrap();
    let program = scope.compile().unwrap();
    let here = Fragment {
        position_view: Vec3::new(0.0, 0.0, -5.0),
        ..Fragment::default()
    };
    let mut views = [here; VIEW_COUNT];
    views[View::Right as usize].position_view = Vec3::new(0.01, 0.0, -5.02);
    views[View::Up as usize].position_view = Vec3::new(0.0, 0.01, -5.0);
    let v = program
        .evaluate_views(COLOR_NODE, &views, &tsl_core::WhiteSampler)
        .unwrap();
    close(
        Vec3::new(v[0], v[1], v[2]),
        Vec3::new(2.0, 0.0, 1.0) / 5f32.sqrt(),
    );
}

#[test]
fn negate_on_back_side_follows_the_face() {
    let front = Fragment {
        front_facing: 1.0,
        ..Fragment::default()
    };
    let f = || negate_on_back_side(vec3(1.0, -2.0, 3.0));
    close(eval(f, |_| {}, front), Vec3::new(1.0, -2.0, 3.0));
    close(
        eval(f, |_| {}, Fragment::default()),
        Vec3::new(-1.0, 2.0, -3.0),
    );
}

#[test]
fn refraction_by_hand() {
    // Looking straight down -z at a face whose normal is +z: the incident (0, 0, -1) passes
    // straight through whatever the ratio: refract gives (0, 0, -1). At (3, 0, -4), incident
    // i = (0.6, 0, -0.8), n = +z, eta 0.5: k = 1 - 0.25 (1 - 0.64) = 0.91;
    // eta i - (eta dot(n, i) + sqrt k) n = (0.3, 0, -0.4) - (-0.4 + sqrt 0.91) (0, 0, 1).
    let straight = Fragment {
        position_view: Vec3::new(0.0, 0.0, -4.0),
        normal_view: Vec3::Z,
        ..Fragment::default()
    };
    let perspective = |p: &mut NodeProgram| p.set_camera(Mat4::IDENTITY, 1.0, 2.0, false);
    close(eval(|| refract_view(0.5), perspective, straight), -Vec3::Z);
    let slanted = Fragment {
        position_view: Vec3::new(3.0, 0.0, -4.0),
        ..straight
    };
    let want = Vec3::new(0.3, 0.0, -0.4 - (-0.4 + 0.91f32.sqrt()));
    close(eval(|| refract_view(0.5), perspective, slanted), want);
    // refractVector with the identity view is the same direction, normalized.
    close(
        eval(|| refract_vector(0.5), perspective, slanted),
        want.normalize(),
    );
}

#[test]
fn position_world_direction_by_hand() {
    // A mesh at (1, 0, 0); the fragment at world (4, 4, 0), all of its weight on the first
    // corner (the corners are the fragment itself here): the direction (3, 4, 0) / 5.
    let at = Fragment {
        position_world: Vec3::new(4.0, 4.0, 0.0),
        barycentric: Vec3::X,
        ..Fragment::default()
    };
    let got = eval(
        position_world_direction,
        |p| p.set_object(Mat4::from_translation(Vec3::X)),
        at,
    );
    close(got, Vec3::new(0.6, 0.8, 0.0));
}

#[test]
fn delta_time_comes_from_set_delta_time() {
    let got = eval(
        || vec3(delta_time(), 0.0, 0.0),
        |p| p.set_delta_time(0.016),
        Fragment::default(),
    );
    close(got, Vec3::new(0.016, 0.0, 0.0));
}

#[test]
fn model_radius_comes_from_set_model_radius() {
    let got = eval(
        || vec3(model_radius(), 0.0, 0.0),
        |p| p.set_model_radius(2.5),
        Fragment::default(),
    );
    close(got, Vec3::new(2.5, 0.0, 0.0));
}
