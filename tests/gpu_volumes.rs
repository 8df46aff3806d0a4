//! Volumes on the GPU renderer (R-VAL-22, R-VOL-2, R-VOL-4, R-VOL-5 in docs/requirements.md): the same scenes
//! through the CPU renderer and every GPU path, held to the parity bounds of `gpu_parity.rs`
//! (every channel within 2/255, 99.9% of pixels within 1/255). The CPU renderer is the
//! reference; `tests/volumes.rs` holds it to an independent transcription of three.js's ray,
//! and `raster_three.rs`/`gpu_three.rs` hold both to three.js's render of `volume_point`.
//! Small images: each GPU pixel of a volume marches its ray through the interpreter.

mod gpu_harness;

use glam::Vec3;
use std::process::ExitCode;
use tsl::prelude::*;
use tsl::raster::*;
use tsl_raster::gpu::{Gpu, GpuPath, GpuRenderer};

const SIDE: u32 = 16;

/// A scene's maker.
type MakeCase = fn() -> Case;

struct Case {
    scene: Scene,
    camera: Camera,
    assets: Assets,
}

/// A 4×4×4 volume of varied bytes.
fn volume(filter: VolumeFilter, wrap: Wrap) -> Texture3d {
    let bytes: Vec<u8> = (0..64u32).map(|i| ((i * 73 + 19) % 256) as u8).collect();
    let mut v = Texture3d::new(4, 4, 4, VolumeFormat::R8, &bytes).unwrap();
    v.filter = filter;
    v.wrap_s = wrap;
    v.wrap_t = wrap;
    v.wrap_r = wrap;
    v
}

/// A VOLUME box whose SCATTERING_NODE reads a volume at `position_world() · 0.4 + 0.5` (linear,
/// clamped), with an OFFSET_NODE, under a point, a spot, a rect area and a directional light,
/// seen from `camera` (far: the ray from the camera; near: the ray to it).
fn march(camera: Vec3) -> Case {
    let mut assets = Assets::new();
    let noise = assets
        .volumes
        .add(volume(VolumeFilter::Linear, Wrap::ClampToEdge));
    let g = NodeGraph::new();
    let map = g.volume_uniform("noise", noise);
    let at = g.add(g.mul(g.position_world(), g.float(0.4)), g.float(0.5));
    let red = g.swizzle(g.texture_3d(map, at), "r");
    g.set_output(
        SCATTERING_NODE,
        g.add(g.mul(red, g.float(1.5)), g.float(0.2)),
    )
    .unwrap();
    g.set_output(OFFSET_NODE, g.float(0.3)).unwrap();
    let program = assets.programs.add(g.compile().unwrap());
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(2.0, 2.0, 2.0).build());
    let material = assets.materials.add(Material::volume(12, program));
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x102030));
    scene.add(Object::mesh(geometry, material));
    scene.add_light(Light::point(
        Color::from_hex(0xffaa66),
        8.0,
        Vec3::new(0.3, 0.4, 0.2),
    ));
    scene.add_light(Light::spot(
        Color::from_hex(0x66aaff),
        30.0,
        Vec3::new(-2.0, 2.0, 1.0),
        Vec3::ZERO,
        0.4,
    ));
    scene.add_light(Light::rect_area(
        Color::WHITE,
        3.0,
        1.0,
        0.8,
        Vec3::new(0.0, 1.5, 0.0),
        Vec3::ZERO,
    ));
    scene.add_light(Light::directional(Color::WHITE, 2.0, Vec3::ONE));
    let camera = Camera::perspective(60.0, 0.1, 20.0)
        .at(camera)
        .looking_at(Vec3::ZERO);
    Case {
        scene,
        camera,
        assets,
    }
}

/// A VOLUME box that receives shadows (`receive`) under a spot light whose shadow (PCF) a box
/// above it casts down through it, beside a point light whose cube shadow a second box casts
/// (R-VOL-4); a floor that receives them, so a volume that does not receive takes each shadow
/// once.
fn shadowed(receive: bool) -> Case {
    let mut c = march(Vec3::new(2.5, 2.0, 4.0));
    c.scene.lights.clear();
    let volume = ObjectId(0);
    c.scene.object_mut(volume).unwrap().receive_shadow = receive;
    let box_g = c
        .assets
        .geometries
        .add(BoxGeometry::new(0.6, 0.6, 0.6).build());
    let paint = c.assets.materials.add(Material::lambert(Color::WHITE));
    c.scene.add(
        Object::mesh(box_g, paint)
            .at(Vec3::new(0.2, 1.6, 0.0))
            .shadows(true, false),
    );
    c.scene.add(
        Object::mesh(box_g, paint)
            .at(Vec3::new(-0.6, -0.3, 0.5))
            .shadows(true, false),
    );
    let floor = c
        .assets
        .geometries
        .add(BoxGeometry::new(6.0, 0.1, 6.0).build());
    c.scene.add(
        Object::mesh(floor, paint)
            .at(Vec3::new(0.0, -1.2, 0.0))
            .shadows(false, true),
    );
    c.scene.add_light(
        Light::spot(
            Color::from_hex(0xffeecc),
            40.0,
            Vec3::new(0.5, 3.5, 0.3),
            Vec3::ZERO,
            0.5,
        )
        .casting_shadow(),
    );
    c.scene.add_light(
        Light::point(Color::from_hex(0x66aaff), 6.0, Vec3::new(-0.2, 0.3, 0.1)).casting_shadow(),
    );
    c
}

/// Unlit boxes whose colour is a volume read at the local position stretched past the volume
/// (so the wraps show), one box per filter and wrap.
fn reads() -> Case {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(0.8, 0.8, 0.8).build());
    let kinds = [
        (VolumeFilter::Nearest, Wrap::Repeat, -1.0),
        (VolumeFilter::Linear, Wrap::MirroredRepeat, 0.0),
        (VolumeFilter::Linear, Wrap::ClampToEdge, 1.0),
    ];
    for (filter, wrap, x) in kinds {
        let id = assets.volumes.add(volume(filter, wrap));
        let g = NodeGraph::new();
        let map = g.volume_uniform("v", id);
        let at = g.mul(g.position_local(), g.float(2.5));
        let read = g.texture_3d(map, at);
        let r = g.swizzle(read, "r");
        g.set_output(COLOR_NODE, g.join(&[r, g.mul(r, r), g.float(0.3)]))
            .unwrap();
        let program = assets.programs.add(g.compile().unwrap());
        let material = assets
            .materials
            .add(Material::basic(Color::WHITE).with_nodes(program));
        scene.add(Object::mesh(geometry, material).at(Vec3::new(x, 0.0, 0.0)));
    }
    let camera = Camera::perspective(45.0, 0.1, 20.0)
        .at(Vec3::new(0.5, 1.0, 3.5))
        .looking_at(Vec3::ZERO);
    Case {
        scene,
        camera,
        assets,
    }
}

/// Unlit boxes reading a 4×4 cube texture (R-CUBE-1) by the local position, linear, and by
/// the reflect vector, nearest, and a 3-layer array texture (R-CUBE-2), linear and
/// repeated, its layer from the uv: the GPU's `texture3d_of` layouts against the CPU's.
fn cube_and_layer_reads() -> Case {
    let mut assets = Assets::new();
    let mut scene = Scene::new();
    let geometry = assets
        .geometries
        .add(BoxGeometry::new(0.8, 0.8, 0.8).build());
    let bytes = |n: usize| -> Vec<u8> {
        (0..n)
            .flat_map(|i| {
                [
                    (i * 37 % 256) as u8,
                    (i * 91 % 256) as u8,
                    (i * 13 % 256) as u8,
                    255,
                ]
            })
            .collect()
    };
    let mut linear = Texture3d::cube(4, VolumeFormat::Rgba8, &bytes(96)).unwrap();
    linear.filter = VolumeFilter::Linear;
    let linear = assets.volumes.add(linear);
    let nearest = assets
        .volumes
        .add(Texture3d::cube(4, VolumeFormat::Rgba8, &bytes(96)).unwrap());
    let mut layers = Texture3d::layers(4, 4, 3, VolumeFormat::Rgba8, &bytes(48)).unwrap();
    layers.filter = VolumeFilter::Linear;
    layers.wrap_s = Wrap::Repeat;
    layers.wrap_t = Wrap::Repeat;
    let layers = assets.volumes.add(layers);
    for (k, x) in [-1.0f32, 0.0, 1.0].into_iter().enumerate() {
        let g = NodeGraph::new();
        let read = match k {
            0 => g.cube_texture(g.uniform_cube_texture("c", linear), g.position_local()),
            1 => g.cube_texture_reflect(g.uniform_cube_texture("c", nearest)),
            _ => {
                let uv = g.uv();
                let layer = g.mul(g.swizzle(uv, "y"), g.float(3.0));
                let map = g.uniform_cube_texture("a", layers);
                g.texture_layer(map, g.mul(uv, g.float(2.5)), layer)
            }
        };
        g.set_output(COLOR_NODE, read).unwrap();
        let program = assets.programs.add(g.compile().unwrap());
        let material = assets
            .materials
            .add(Material::basic(Color::WHITE).with_nodes(program));
        scene.add(Object::mesh(geometry, material).at(Vec3::new(x, 0.0, 0.0)));
    }
    let camera = Camera::perspective(45.0, 0.1, 20.0)
        .at(Vec3::new(0.5, 1.0, 3.5))
        .looking_at(Vec3::ZERO);
    Case {
        scene,
        camera,
        assets,
    }
}

/// Both renderers, the GPU on `path`: every channel within 2/255 and 99.9% of pixels within
/// 1/255 (gpu_parity.rs's bounds).
fn check(gpu: &'static Gpu, case: MakeCase, path: GpuPath) {
    let c = case();
    let mut settings = RenderSettings::new(SIDE, SIDE);
    settings.shadow_map_enabled = true;
    let cpu = Renderer::new(settings.clone())
        .render(&c.scene, &c.camera, &c.assets)
        .unwrap();
    let mut renderer = GpuRenderer::new(gpu, settings).with_path(path);
    let out = renderer
        .render(&c.scene, &c.camera, &c.assets)
        .expect("the GPU renders");
    let (mut worst, mut within, mut lit) = (0u8, 0u32, 0u32);
    for y in 0..SIDE {
        for x in 0..SIDE {
            let (a, b) = (cpu.pixel(x, y).unwrap(), out.pixel(x, y).unwrap());
            let d = (0..4).map(|k| a[k].abs_diff(b[k])).max().unwrap();
            worst = worst.max(d);
            within += (d <= 1) as u32;
            lit += (a != cpu.pixel(0, 0).unwrap()) as u32;
        }
    }
    let share = within as f64 / (SIDE * SIDE) as f64;
    println!(
        "{path:?}: worst {worst}/255, {:.2}% within 1/255, {lit} pixels lit",
        share * 100.0
    );
    assert!(lit > 20, "the scene shows little: {lit} pixels");
    assert!(worst <= 2 && share >= 0.999, "worst {worst}/255, {share}");
}

fn main() -> ExitCode {
    let mut tests: Vec<gpu_harness::GpuTest> = Vec::new();
    let cases: [(&str, MakeCase); 6] = [
        ("a_far_camera_marches_from_the_camera", || {
            march(Vec3::new(2.5, 2.0, 4.0))
        }),
        ("a_near_camera_marches_to_the_camera", || {
            march(Vec3::new(0.6, 0.8, 2.2))
        }),
        ("texture_3d_filters_and_wraps", reads),
        ("cube_and_layer_reads", cube_and_layer_reads),
        ("a_receiving_volume_takes_each_shadow_twice", || {
            shadowed(true)
        }),
        ("a_volume_that_receives_none_takes_each_shadow_once", || {
            shadowed(false)
        }),
    ];
    for (name, case) in cases {
        for path in [GpuPath::Kernel, GpuPath::Native] {
            tests.push((
                format!("{name}_{path:?}").to_lowercase(),
                Box::new(move |gpu| check(gpu, case, path)),
            ));
        }
    }
    let gated_cases: [(&str, MakeCase); 2] = [
        ("the_scene_depth_gate_perspective", || gated(false)),
        ("the_scene_depth_gate_orthographic", || gated(true)),
    ];
    for (name, case) in gated_cases {
        for path in [GpuPath::Kernel, GpuPath::Interpreted, GpuPath::Native] {
            tests.push((
                format!("{name}_{path:?}").to_lowercase(),
                Box::new(move |gpu| check_gated(gpu, case, path)),
            ));
        }
    }
    tests.push((
        "the_captured_depth_is_the_camera_axis_distance".into(),
        Box::new(the_captured_depth_is_the_camera_axis_distance),
    ));
    tests.push((
        "a_low_level_call_needs_the_snapshot".into(),
        Box::new(a_low_level_call_needs_the_snapshot),
    ));
    tests.push((
        "a_low_level_snapshot_draws_as_the_renderer_and_a_reused_target_takes_the_new_one".into(),
        Box::new(a_low_level_snapshot_draws_as_the_renderer),
    ));
    gpu_harness::run(tests)
}

/// [`march`]'s volume with its scene-depth gate on (R-VOL-5), cut through by an opaque box and
/// an opaque wall that reaches out of it, seen by a perspective or an orthographic camera from
/// (2.5, 2, 4).
fn gated(orthographic: bool) -> Case {
    let mut c = march(Vec3::new(2.5, 2.0, 4.0));
    c.assets
        .materials
        .get_mut(MaterialId(0))
        .unwrap()
        .set_volume_scene_depth(true)
        .unwrap();
    let paint = c.assets.materials.add(Material::lambert(Color::WHITE));
    let cube = c
        .assets
        .geometries
        .add(BoxGeometry::new(0.9, 0.9, 0.9).build());
    c.scene
        .add(Object::mesh(cube, paint).at(Vec3::new(0.3, -0.2, 0.4)));
    let wall = c
        .assets
        .geometries
        .add(BoxGeometry::new(3.0, 0.1, 1.6).build());
    c.scene
        .add(Object::mesh(wall, paint).at(Vec3::new(-0.4, 0.3, -0.2)));
    if orthographic {
        c.camera = Camera::orthographic(-2.2, 2.2, 2.2, -2.2, 0.1, 20.0)
            .at(Vec3::new(2.5, 2.0, 4.0))
            .looking_at(Vec3::ZERO);
    }
    c
}

/// [`check`] for a gated case, after showing that the gate changes the CPU's picture (so the
/// parity covers the gated steps, not only the ungated ray).
fn check_gated(gpu: &'static Gpu, case: MakeCase, path: GpuPath) {
    let c = case();
    let mut open = c.assets.clone();
    open.materials
        .get_mut(MaterialId(0))
        .unwrap()
        .set_volume_scene_depth(false)
        .unwrap();
    let cpu = Renderer::new(RenderSettings::new(SIDE, SIDE));
    let (a, b) = (
        cpu.render(&c.scene, &c.camera, &c.assets).unwrap(),
        cpu.render(&c.scene, &c.camera, &open).unwrap(),
    );
    let changed = (0..SIDE * SIDE)
        .filter(|&i| {
            let (x, y) = (i % SIDE, i / SIDE);
            let (p, q) = (a.pixel(x, y).unwrap(), b.pixel(x, y).unwrap());
            (0..4).any(|k| p[k].abs_diff(q[k]) > 2)
        })
        .count();
    println!("the gate changes {changed} pixels by more than 2/255");
    assert!(changed > 10, "the gate changes little: {changed} pixels");
    check(gpu, case, path);
}

/// R-VOL-5: the captured snapshot is each pixel's camera-axis distance: a wall facing the
/// camera 4 m in front of it reads 4 wherever it covers, the camera's far (20) elsewhere, for
/// a perspective and an orthographic camera.
fn the_captured_depth_is_the_camera_axis_distance(gpu: &'static Gpu) {
    for orthographic in [false, true] {
        let mut assets = Assets::new();
        let wall = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
        let paint = assets.materials.add(Material::basic(Color::WHITE));
        let mut scene = Scene::new();
        // Off-axis, so that the wall covers part of the image.
        scene.add(Object::mesh(wall, paint).at(Vec3::new(1.0, 0.5, 1.0)));
        let mut camera = Camera::perspective(60.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0));
        if orthographic {
            camera =
                Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0).at(Vec3::new(0.0, 0.0, 5.0));
        }
        let mut renderer =
            GpuRenderer::new(gpu, RenderSettings::new(SIDE, SIDE)).with_path(GpuPath::Interpreted);
        let depth = renderer.opaque_depth(&scene, &camera, &assets).unwrap();
        let mut target = renderer.opaque_pass(&scene, &camera, &assets).unwrap();
        target
            .capture_volume_depth(&depth, camera.to_screen(SIDE, SIDE), camera.far)
            .unwrap();
        let d = target.volume_depth().unwrap();
        let (covered, clear) = (
            d.iter().filter(|&&d| (d - 4.0).abs() < 1e-3).count(),
            d.iter().filter(|&&d| d == 20.0).count(),
        );
        assert_eq!(
            covered + clear,
            d.len(),
            "orthographic {orthographic}: {d:?}"
        );
        assert!(
            covered > 20 && clear > 20,
            "{covered} covered, {clear} clear"
        );
    }
}

/// R-VOL-5: a low-level draw of a gated volume without a snapshot is refused before drawing,
/// whether the call gave no target or one without `capture_volume_depth` applied.
fn a_low_level_call_needs_the_snapshot(gpu: &'static Gpu) {
    let c = gated(false);
    let mut renderer =
        GpuRenderer::new(gpu, RenderSettings::new(SIDE, SIDE)).with_path(GpuPath::Interpreted);
    let e = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap_err();
    assert!(
        matches!(
            e,
            RenderError::Refused(Refusal::NoVolumeDepth {
                object: 0,
                target: false
            })
        ),
        "{e}"
    );
    assert!(e.to_string().contains("no transmission target"), "{e}");
    let target = renderer
        .opaque_pass(&c.scene, &c.camera, &c.assets)
        .unwrap();
    let e = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap_err();
    assert!(e.to_string().contains("capture_volume_depth"), "{e}");
}

/// R-VOL-5: a low-level call with the snapshot applied draws the renderer's own frame, bit for
/// bit; the same target given an all-clear snapshot (each pixel the camera's far, beyond every
/// step) draws the ungated frame: the new snapshot is the one uploaded.
fn a_low_level_snapshot_draws_as_the_renderer(gpu: &'static Gpu) {
    let c = gated(false);
    let mut renderer =
        GpuRenderer::new(gpu, RenderSettings::new(SIDE, SIDE)).with_path(GpuPath::Interpreted);
    let own = renderer
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    let to_screen = c.camera.to_screen(SIDE, SIDE);
    let mut target = renderer
        .opaque_pass(&c.scene, &c.camera, &c.assets)
        .unwrap();
    let depth = renderer
        .opaque_depth(&c.scene, &c.camera, &c.assets)
        .unwrap();
    target
        .capture_volume_depth(&depth, to_screen, c.camera.far)
        .unwrap();
    let low = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap();
    assert_eq!(low, own);
    let clear = OpaqueDepth::new(SIDE, SIDE, vec![1.0; (SIDE * SIDE) as usize]).unwrap();
    target
        .capture_volume_depth(&clear, to_screen, c.camera.far)
        .unwrap();
    let reused = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap();
    let mut open = c.assets.clone();
    open.materials
        .get_mut(MaterialId(0))
        .unwrap()
        .set_volume_scene_depth(false)
        .unwrap();
    let ungated = renderer.render_linear(&c.scene, &c.camera, &open).unwrap();
    assert_eq!(reused, ungated);
    assert_ne!(reused, own, "the gate shows in the frame");
}
