//! The last TSL.js exports of issue 15 (R-VAL-19, docs/requirements.md). The rows a probe can
//! feed are held to three.js r187 itself: `tests/fixtures/gaps/gaps.json` holds the values
//! `tools/oracle_probes/gaps.mjs` read back from three's own shaders on SwiftShader (see the
//! README there), each row built here with both fronts and run on `run_nodes`. The bound is
//! docs/glsl.md's for Mesa against our interpreter (1e-5 relative, 1e-6 absolute), as
//! `library_shading.rs` uses. The nodes that read the camera, the object or the fragment are
//! checked by hand (or by glam's matrix arithmetic, not the code under test).

use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use serde_json::Value;
use tsl_core::typed::{self as t, Node, Scope, Swizzles};
use tsl_core::*;

fn floats(hex: &str) -> Vec<f32> {
    hex.split(' ')
        .map(|h| f32::from_bits(u32::from_str_radix(h, 16).expect("hex bits")))
        .collect()
}

/// docs/glsl.md's bound: 1e-5 relative, 1e-6 absolute.
fn close_to_three(got: f32, want: f32) -> bool {
    let err = (got as f64 - want as f64).abs();
    err <= 1e-6 || err <= 1e-5 * (want as f64).abs()
}

/// A float or vector node as our evaluate reads it back (a float as opacity, a vec3 as colour).
fn evaluate(graph: &NodeGraph, value: NodeRef, fragment: &Fragment) -> Vec<f32> {
    let (output, width) = match graph.type_of(value) {
        Some(ValueType::Float) => (OPACITY_NODE, 1),
        Some(ValueType::Vec3) => (COLOR_NODE, 3),
        other => panic!("unexpected row type {other:?}: {:?}", graph.error()),
    };
    graph.set_output(output, value).expect("set_output");
    let program = graph.compile().expect("compile");
    let mut v = program.evaluate(output, fragment).expect("evaluate");
    v.truncate(width);
    v
}

type BuildFn = fn(&NodeGraph, [NodeRef; 4]) -> NodeRef;
type TypedFn = fn([t::FloatNode; 4]) -> NodeRef;

/// The probe's model matrix: `Matrix4.set(0, -2, 0, 1, 0.5, 0, 0.25, 2, 0, 0, 3, -1, 0, 0, 0,
/// 1)`, row-major there, its columns here.
fn model() -> Mat4 {
    Mat4::from_cols(
        Vec4::new(0.0, 0.5, 0.0, 0.0),
        Vec4::new(-2.0, 0.0, 0.0, 0.0),
        Vec4::new(0.0, 0.25, 3.0, 0.0),
        Vec4::new(1.0, 2.0, -1.0, 1.0),
    )
}

fn constant_matrix(g: &NodeGraph, m: Mat4) -> NodeRef {
    let cols: Vec<NodeRef> = (0..4)
        .map(|i| {
            let c = m.col(i);
            g.vec4(c.x, c.y, c.z, c.w)
        })
        .collect();
    g.matrix(&cols)
}

/// The probe's rows: (name, builder, typed); `[x, y, z, w]` are the input's components.
const ROWS: &[(&str, BuildFn, TypedFn)] = &[
    (
        "interleaved_gradient_noise",
        |g, [x, y, ..]| {
            let k = g.float(64.0);
            g.interleaved_gradient_noise(g.join(&[g.mul(x, k), g.mul(y, k)]))
        },
        |[x, y, ..]| t::interleaved_gradient_noise(t::vec2(x * 64.0, y * 64.0)).node_ref(),
    ),
    (
        "transform_normal",
        |g, [x, y, z, _]| {
            let n = g.join(&[
                g.sub(x, g.float(0.5)),
                g.sub(y, g.float(0.5)),
                g.add(z, g.float(0.125)),
            ]);
            g.transform_normal(n, constant_matrix(g, model()))
        },
        |[x, y, z, _]| {
            let n = t::vec3(x - 0.5, y - 0.5, z + 0.125);
            n.transform_normal(t::uniform(model()).set_name("model"))
                .node_ref()
        },
    ),
    (
        "split",
        |g, [x, y, z, w]| g.split(g.join(&[x, y, z, w]), "wzx"),
        |[x, y, z, w]| t::split::<_, t::Vec3>(t::vec4(x, y, z, w), "wzx").node_ref(),
    ),
    (
        "mix_element",
        |g, [x, y, z, w]| g.mix_element(w, g.join(&[x, y, z]), g.join(&[y, z, x])),
        |[x, y, z, w]| t::mix_element(w, t::vec3(x, y, z), t::vec3(y, z, x)).node_ref(),
    ),
    (
        "smoothstep_element",
        |g, [x, ..]| g.smoothstep_element(x, g.float(0.25), g.float(0.75)),
        |[x, ..]| t::smoothstep_element(x, 0.25, 0.75).node_ref(),
    ),
    (
        "step_element",
        |g, [x, y, ..]| g.step_element(x, y),
        |[x, y, ..]| t::step_element(x, y).node_ref(),
    ),
    (
        "projection_depth",
        |g, [x, ..]| g.projection_depth(x, g.float(0.5), g.float(40.0)),
        |[x, ..]| t::projection_depth(x, 0.5, 40.0).node_ref(),
    ),
];

#[test]
fn probe_rows_match_three() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/gaps/gaps.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let inputs: Vec<Vec<f32>> = json["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| floats(p.as_str().unwrap()))
        .collect();
    let mut failures = Vec::new();
    for &(name, build, typed) in ROWS {
        let want = json["outputs"][name]
            .as_array()
            .unwrap_or_else(|| panic!("no row {name}"));
        assert_eq!(want.len(), inputs.len(), "{name}");
        for (p, want) in inputs.iter().zip(want) {
            let want = floats(want.as_str().unwrap());
            let g = NodeGraph::new();
            let args = [g.float(p[0]), g.float(p[1]), g.float(p[2]), g.float(p[3])];
            let from_builder = evaluate(&g, build(&g, args), &Fragment::default());
            let scope = Scope::new();
            let value = typed([
                t::float(p[0]),
                t::float(p[1]),
                t::float(p[2]),
                t::float(p[3]),
            ]);
            let from_typed = evaluate(&scope, value, &Fragment::default());
            drop(scope);
            for (front, got) in [("builder", &from_builder), ("typed", &from_typed)] {
                let ok = got.len() == want.len()
                    && got.iter().zip(&want).all(|(&g, &w)| close_to_three(g, w));
                if !ok {
                    failures.push(format!(
                        "{name} ({front}) at {p:?}: got {got:?}, three {want:?}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const CLOSE: f32 = 1e-5;

/// Compile `colour` as the colour node, let `setup` write the header, evaluate at `fragment`.
fn eval(
    colour: impl FnOnce() -> Node<t::Vec3>,
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

/// A perspective camera, near 0.5 and far 40, or an orthographic one.
fn camera(orthographic: bool) -> impl FnOnce(&mut NodeProgram) {
    move |p| p.set_camera(Mat4::IDENTITY, 0.5, 40.0, orthographic)
}

#[test]
fn depth_and_linear_depth_by_hand() {
    // A fragment 2 in front of the camera: view z = -2, near 0.5, far 40.
    let at = || Fragment {
        position_view: Vec3::new(0.3, -0.2, -2.0),
        ..Fragment::default()
    };
    // viewZToPerspectiveDepth: ((near + z) far) / ((far - near) z) = (-1.5 · 40) / (39.5 · -2).
    let perspective = 60.0 / 79.0;
    // viewZToOrthographicDepth: (z + near) / (near - far) = -1.5 / -39.5.
    let linear = 1.5 / 39.5;
    let d = || t::vec3(t::depth(), t::linear_depth(None), 0.0);
    close(
        eval(d, camera(false), at()),
        Vec3::new(perspective, linear, 0.0),
    );
    close(eval(d, camera(true), at()), Vec3::new(linear, linear, 0.0));
    // A perspective depth made linear: perspectiveDepthToViewZ gives 20 / (30 - 40) = -2 back;
    // an orthographic camera's depth is linear already, kept.
    let from_value = || t::vec3(t::linear_depth(Some(t::float(perspective))), 0.0, 0.0);
    close(
        eval(from_value, camera(false), at()),
        Vec3::new(linear, 0.0, 0.0),
    );
    close(
        eval(from_value, camera(true), at()),
        Vec3::new(perspective, 0.0, 0.0),
    );
}

/// A mesh at (1, 2, 3) scaled (1, 2, 1), a camera at (0, 0, 5) turned 0.5 rad about y, a
/// projection of a perspective's shape.
fn scene(p: &mut NodeProgram) {
    p.set_frame(0.0, view());
    p.set_object(world());
    p.set_camera(projection(), 0.5, 40.0, false);
}

fn world() -> Mat4 {
    Mat4::from_translation(Vec3::new(1.0, 2.0, 3.0)) * Mat4::from_scale(Vec3::new(1.0, 2.0, 1.0))
}

fn view() -> Mat4 {
    Mat4::from_rotation_y(0.5) * Mat4::from_translation(Vec3::new(0.0, 0.0, -5.0))
}

fn projection() -> Mat4 {
    Mat4::perspective_rh_gl(1.0, 1.5, 0.5, 40.0)
}

#[test]
fn model_view_projection_is_the_clip_position() {
    // Read in a position node, where the vertex's local position is: its xyz moves the vertex.
    let at = Fragment {
        position_local: Vec3::new(0.5, -1.0, 2.0),
        ..Fragment::default()
    };
    let clip = projection() * view() * world() * Vec4::new(0.5, -1.0, 2.0, 1.0);
    for (pick, want) in [(0, clip.truncate()), (1, Vec3::new(clip.w, 0.0, 0.0))] {
        let scope = Scope::new();
        let mvp = t::model_view_projection();
        let value = if pick == 0 {
            mvp.xyz()
        } else {
            t::vec3(mvp.w(), 0.0, 0.0)
        };
        scope.position_node(value).unwrap();
        let mut program = scope.compile().unwrap();
        scene(&mut program);
        let v = program.evaluate(POSITION_NODE, &at).unwrap();
        close(Vec3::new(v[0], v[1], v[2]), want);
    }
}

#[test]
fn clip_space_projects_the_view_position() {
    let at = Fragment {
        position_view: Vec3::new(0.5, -1.0, -3.0),
        ..Fragment::default()
    };
    let clip = projection() * Vec4::new(0.5, -1.0, -3.0, 1.0);
    close(eval(|| t::clip_space().xyz(), scene, at), clip.truncate());
    let w = eval(|| t::vec3(t::clip_space().w(), 0.0, 0.0), scene, at);
    close(w, Vec3::new(clip.w, 0.0, 0.0));
}

/// `colour` by hand: a fragment output's varying reads the vertex's local inputs (TSL's
/// automatic varyings, R-VAL-18).
fn eval_local(colour: impl FnOnce() -> Node<t::Vec3>, fragment: Fragment, want: Vec3) {
    let scope = Scope::new();
    scope.color_node(colour()).unwrap();
    let mut program = scope.compile().unwrap();
    scene(&mut program);
    let v = program.evaluate(COLOR_NODE, &fragment).unwrap();
    close(Vec3::new(v[0], v[1], v[2]), want);
}

#[test]
fn geometry_normals_by_hand() {
    // The normal (1, 1, 0) of a mesh scaled (1, 2, 1): the normal matrix gives (1, 0.5, 0),
    // normalized (2, 1, 0) / √5 in world space, and turned by the view's rotation in view space.
    // The corners are the fragment itself (all weight on the first).
    let at = || Fragment {
        normal_local: Vec3::new(1.0, 1.0, 0.0),
        position_local: Vec3::new(0.25, 0.5, 0.75),
        barycentric: Vec3::X,
        ..Fragment::default()
    };
    let world_normal = Vec3::new(2.0, 1.0, 0.0) / 5f32.sqrt();
    let view_normal = Mat3::from_rotation_y(0.5) * world_normal;
    eval_local(t::normal_world_geometry, at(), world_normal);
    eval_local(t::normal_view_geometry, at(), view_normal);
    // The geometry's own attributes, through a varying (vertexStage) into the fragment.
    let p = Vec3::new(0.25, 0.5, 0.75);
    eval_local(|| t::position_geometry().to_vertex_stage(), at(), p);
    eval_local(
        || t::vertex_stage(t::normal_geometry()),
        at(),
        Vec3::new(1.0, 1.0, 0.0),
    );
    // In a position node they are the local position and normal themselves.
    let scope = Scope::new();
    scope
        .position_node(t::position_geometry() + t::normal_geometry())
        .unwrap();
    let program = scope.compile().unwrap();
    let v = program.evaluate(POSITION_NODE, &at()).unwrap();
    close(Vec3::new(v[0], v[1], v[2]), Vec3::new(1.25, 1.5, 0.75));
}

#[test]
fn model_view_matrices_by_hand() {
    let p = Vec4::new(0.5, -1.0, 2.0, 1.0);
    let want = (view() * world() * p).truncate();
    for m in [t::highp_model_view_matrix, t::mediump_model_view_matrix] {
        close(
            eval(
                || (m() * t::vec4(0.5, -1.0, 2.0, 1.0)).xyz(),
                scene,
                Fragment::default(),
            ),
            want,
        );
    }
    let normal_matrix = Mat3::from_mat4(view() * world()).inverse().transpose();
    let n = Vec3::new(1.0, 1.0, 0.0);
    let got = eval(
        || t::highp_model_normal_view_matrix() * t::vec3(1.0, 1.0, 0.0),
        scene,
        Fragment::default(),
    );
    close(got, normal_matrix * n);
}

#[test]
fn transform_normal_by_the_world_matrix_and_a_mat3() {
    // TSL's default matrix is modelWorldMatrix: scale (1, 2, 1) takes (1, 1, 0) to (2, 1, 0)/√5.
    let want = Vec3::new(2.0, 1.0, 0.0) / 5f32.sqrt();
    let n = || t::vec3(1.0, 1.0, 0.0);
    close(
        eval(
            || t::transform_normal(n(), t::model_world_matrix()),
            scene,
            Fragment::default(),
        ),
        want,
    );
    let m3 = Mat3::from_diagonal(Vec3::new(1.0, 2.0, 1.0));
    close(
        eval(
            || n().transform_normal(t::uniform(m3).set_name("m3")),
            |_| {},
            Fragment::default(),
        ),
        want,
    );
}

#[test]
fn screen_dpr_mx_frame_and_face_direction() {
    let got = eval(
        || t::vec3(t::screen_dpr(), t::mx_frame(), 0.0),
        |p| p.set_screen(Vec2::ONE, 7),
        Fragment::default(),
    );
    close(got, Vec3::new(1.0, 7.0, 0.0));
    let back = Fragment {
        front_facing: 0.0,
        ..Fragment::default()
    };
    let front = Fragment {
        front_facing: 1.0,
        ..Fragment::default()
    };
    let v = || t::direction_to_face_direction(t::vec3(1.0, -2.0, 3.0));
    close(eval(v, |_| {}, back), Vec3::new(-1.0, 2.0, -3.0));
    close(eval(v, |_| {}, front), Vec3::new(1.0, -2.0, 3.0));
}

#[test]
fn bad_arguments_are_refused_with_the_functions_name() {
    let g = NodeGraph::new();
    let n = g.vec3(1.0, 0.0, 0.0);
    g.set_output(COLOR_NODE, g.transform_normal(n, n))
        .unwrap_or(());
    let err = g.compile().unwrap_err().to_string();
    assert!(
        err.contains("transform_normal") && err.contains("mat3 or a mat4"),
        "{err}"
    );

    let g = NodeGraph::new();
    let d = g.projection_depth(g.float(0.5), g.vec2(0.5, 1.0), g.float(40.0));
    g.set_output(OPACITY_NODE, d).unwrap_or(());
    let err = g.compile().unwrap_err().to_string();
    assert!(
        err.contains("projection_depth") && err.contains("`near`"),
        "{err}"
    );

    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.interleaved_gradient_noise(g.float(1.0)))
        .unwrap_or(());
    let err = g.compile().unwrap_err().to_string();
    assert!(err.contains("interleaved_gradient_noise"), "{err}");

    // A typed split whose pattern is not the asked width.
    let scope = Scope::new();
    let two = t::split::<_, t::Vec2>(t::vec4(1.0, 2.0, 3.0, 4.0), "xyz");
    scope.color_node(two.extend(0.0)).unwrap_or(());
    let err = scope.compile().unwrap_err().to_string();
    assert!(err.contains("split") && err.contains("Vec3"), "{err}");
}

#[test]
fn uniform_texture_is_a_named_texture_uniform() {
    // Both fronts: the map it starts with, then the one set through its name.
    let g = NodeGraph::new();
    let map = g.uniform_texture("map", TextureId(3));
    let colour = g.swizzle(g.texture(map, g.uv()), "xyz");
    g.set_output(COLOR_NODE, colour).unwrap();
    let mut program = g.compile().unwrap();
    assert_eq!(program.textures(), vec![TextureId(3)]);
    program.set_texture("map", TextureId(4)).unwrap();
    assert_eq!(program.textures(), vec![TextureId(4)]);

    let scope = Scope::new();
    let map = t::uniform_texture("map", TextureId(6));
    scope.color_node(t::texture(map, t::uv()).xyz()).unwrap();
    let program = scope.compile().unwrap();
    assert_eq!(program.textures(), vec![TextureId(6)]);
}
