//! The GPU renderer's render path (`GpuPath::Interpreted` and `GpuPath::Native`: the hardware
//! rasterizer and depth test, the kernel's shading) against the CPU renderer, on the parity
//! scenes of `tests/gpu_parity.rs` (`tests/parity_scenes/`), and its pipelines' life: built
//! once per program structure and pass state, never for new uniforms or a new frame.
//!
//! The bound per scene and path (the hardware's coverage and depth interpolation are not the
//! CPU's exact integers, so this is looser than the kernel's): the mean channel difference
//! below 0.5/255 and at least 99.9% of channels within 2/255. Each case prints the mean, the
//! worst channel difference, and the pixels whose coverage differs (covered, alpha above zero
//! over the transparent clear colour, by one renderer and not the other), with how many of them
//! lie on an edge of the CPU's coverage. Without an adapter the tests are reported as ignored;
//! with `REQUIRE_GPU` set they fail instead (the harness, `gpu_harness/`).

#[macro_use]
mod gpu_harness;
#[macro_use]
mod parity_scenes;
#[path = "../examples/shared/graph_scene.rs"]
mod graph_scene;

use glam::Vec3;
use parity_scenes::{sphere, Case};
use tsl_core::*;
use tsl_raster::gpu::{Gpu, GpuPath, GpuRenderer, NativeStatus};
use tsl_raster::*;

/// Each scene as a test of its name, drawn on both render paths; then the pipelines' tests.
macro_rules! native_tests {
    ($($scene:ident),* $(,)?) => {
        $(fn $scene(gpu: &'static Gpu) {
            parity_scenes::$scene(&mut |c, name| check(c, gpu, name));
        })*
        gpu_tests![
            $($scene,)*
            new_uniforms_a_new_time_and_a_new_view_build_no_pipeline,
            a_new_program_draws_at_once_and_natively_after_the_wait,
            an_integer_program_draws_natively_once_built,
            a_shadertoy_with_ints_draws_natively,
            coplanar_surfaces_are_the_kernel_s_with_exact_depth,
            the_visible_fragment_first_and_every_fragment_in_order_are_the_kernel_s,
            the_graph_example_at_1280x720_covers_the_set_up_s_pixels,
        ];
    };
}

with_scenes!(native_tests);

/// How two images differ.
struct Difference {
    /// The mean channel difference, in 1/255.
    mean: f64,
    /// The worst channel difference and its pixel.
    worst: (u8, u32, u32),
    /// The share of channels within 2/255.
    within_2: f64,
    /// Pixels covered (alpha above zero) in one image and not the other.
    coverage: usize,
    /// Of those, the pixels next to a change of the CPU image's coverage.
    at_edges: usize,
}

fn difference(cpu: &Image, out: &Image) -> Difference {
    assert_eq!((cpu.width(), cpu.height()), (out.width(), out.height()));
    let (w, h) = (cpu.width(), cpu.height());
    let covered = |img: &Image, x: u32, y: u32| img.pixel(x, y).is_some_and(|p| p[3] > 0);
    let mut sum = 0u64;
    let mut within = 0usize;
    let mut worst = (0u8, 0, 0);
    let mut coverage = 0;
    let mut at_edges = 0;
    for y in 0..h {
        for x in 0..w {
            let (a, b) = (cpu.pixel(x, y).unwrap(), out.pixel(x, y).unwrap());
            for k in 0..4 {
                let d = a[k].abs_diff(b[k]);
                sum += u64::from(d);
                within += usize::from(d <= 2);
                if d > worst.0 {
                    worst = (d, x, y);
                }
            }
            let here = covered(cpu, x, y);
            if here != covered(out, x, y) {
                coverage += 1;
                let neighbours = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)];
                let edge = neighbours.iter().any(|&(dx, dy)| {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    nx >= 0
                        && ny >= 0
                        && (nx as u32) < w
                        && (ny as u32) < h
                        && covered(cpu, nx as u32, ny as u32) != here
                });
                at_edges += usize::from(edge);
            }
        }
    }
    let channels = (w * h * 4) as f64;
    Difference {
        mean: sum as f64 / channels,
        worst,
        within_2: within as f64 / channels,
        coverage,
        at_edges,
    }
}

/// Hold `out` (drawn on `path`) to the CPU's image with the bound above, printing the figures.
fn hold(name: &str, path: GpuPath, cpu: &Image, out: &Image) {
    let d = difference(cpu, out);
    let pixels = (cpu.width() * cpu.height()) as f64;
    println!(
        "{name} [{path:?}]: mean {:.4}/255, worst {}/255, {:.3}% of channels within 2/255, \
         coverage differs at {} pixels ({:.3}%), {} of them at edges",
        d.mean,
        d.worst.0,
        d.within_2 * 100.0,
        d.coverage,
        d.coverage as f64 / pixels * 100.0,
        d.at_edges
    );
    let (x, y) = (d.worst.1, d.worst.2);
    assert!(
        d.mean < 0.5 && d.within_2 >= 0.999,
        "{name} [{path:?}]: mean {:.4}/255, {:.3}% within 2/255; worst pixel ({x}, {y}): CPU \
         {:?}, GPU {:?}",
        d.mean,
        d.within_2 * 100.0,
        cpu.pixel(x, y).unwrap(),
        out.pixel(x, y).unwrap()
    );
}

/// Draw the case on the CPU, then on the interpreter's render pipelines and on the native ones.
fn check(c: Case, gpu: &'static Gpu, name: &str) {
    let cpu = Renderer::new(c.settings.clone())
        .render(&c.scene, &c.camera, &c.assets)
        .expect("the CPU renders");
    for path in [GpuPath::Interpreted, GpuPath::Native] {
        let mut renderer = GpuRenderer::new(gpu, c.settings.clone()).with_path(path);
        let out = renderer
            .render(&c.scene, &c.camera, &c.assets)
            .unwrap_or_else(|e| panic!("{name} [{path:?}]: {e}"));
        hold(name, path, &cpu, &out);
    }
}

/// A sphere and a floor whose colour node mixes a uniform by the time (the graph example's
/// form), lit.
fn uniform_case() -> (Case, ProgramId) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    g.set_output(
        COLOR_NODE,
        g.mix(
            g.join(&[g.uv(), g.float(0.5)]),
            tint,
            g.mul(wave, g.float(0.5)),
        ),
    )
    .unwrap();
    let p = c.program(&g);
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(2.0, 4.0, 3.0),
    ));
    c.floor(Material::lambert(Color::from_srgb8(150, 150, 150)).with_nodes(p));
    c.mesh(
        sphere(),
        Material::standard(Color::WHITE, 0.5, 0.0).with_nodes(p),
        Vec3::new(0.0, 0.8, 0.0),
    );
    c.settings.time = 0.4;
    (c, p)
}

fn cpu_image(c: &Case) -> Image {
    Renderer::new(c.settings.clone())
        .render(&c.scene, &c.camera, &c.assets)
        .expect("the CPU renders")
}

fn new_uniforms_a_new_time_and_a_new_view_build_no_pipeline(gpu: &'static Gpu) {
    let (mut c, p) = uniform_case();
    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(GpuPath::Native);
    let first = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
    hold("uniform case", GpuPath::Native, &cpu_image(&c), &first);
    // Two materials of one program, both opaque: two passes, both native.
    assert_eq!(r.native_passes(), 2);
    let built = r.pipelines_built();
    assert!(built >= 1, "the first frame built its pipelines");

    c.assets
        .programs
        .get_mut(p)
        .unwrap()
        .set_uniform("tint", Color::from_srgb8(40, 200, 90))
        .unwrap();
    c.settings.time = 2.1;
    c.camera = c.camera.at(Vec3::new(0.5, 1.5, 3.8));
    r.settings = c.settings.clone();
    let second = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
    hold(
        "uniform case, new uniform, time and view",
        GpuPath::Native,
        &cpu_image(&c),
        &second,
    );
    assert_ne!(first, second, "the new values change the picture");
    assert_eq!(r.pipelines_built(), built, "nothing new was built");
    assert_eq!(r.native_passes(), 2);
}

fn a_new_program_draws_at_once_and_natively_after_the_wait(gpu: &'static Gpu) {
    let (c, p) = uniform_case();
    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(GpuPath::Hybrid);
    let program = c.assets.programs.get(p).unwrap().clone();
    assert_eq!(r.native_status(&program), None, "no frame asked for it yet");
    let cpu = cpu_image(&c);
    let first = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
    // The first frame asked for the native pipelines and drew with the interpreter's.
    assert_eq!(r.native_passes(), 0);
    assert!(r.native_status(&program).is_some());
    hold("hybrid, first frame", GpuPath::Hybrid, &cpu, &first);
    r.wait_for_native();
    assert_eq!(r.native_status(&program), Some(NativeStatus::Ready));
    let built = r.pipelines_built();
    let second = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
    assert_eq!(
        r.native_passes(),
        2,
        "the native pipelines serve both passes"
    );
    assert_eq!(r.pipelines_built(), built);
    hold("hybrid, after the wait", GpuPath::Hybrid, &cpu, &second);
}

fn an_integer_program_draws_natively_once_built(gpu: &'static Gpu) {
    // Exact integers (`to_int`), which the native back end emits too (R-INT-7): hybrid draws
    // the first frame with the interpreter and the next natively; Native draws it at once. The
    // colour's blue is uv.x rounded down to a thousandth through an int, so the pixels agree
    // with the CPU's within the bounds even where the CPU and the GPU round a uv to either side
    // of a step.
    let mut c = Case::new();
    let g = NodeGraph::new();
    let x = g.swizzle(g.uv(), "x");
    let steps = g.to_float(g.to_int(g.mul(x, g.float(1000.0))));
    g.set_output(
        COLOR_NODE,
        g.mul(
            g.join(&[g.uv(), g.mul(steps, g.float(0.001))]),
            g.float(0.9),
        ),
    )
    .unwrap();
    let program = g.compile().unwrap();
    let p = c.assets.programs.add(program.clone());
    c.mesh(sphere(), shader_material(p), Vec3::new(0.0, 0.5, 0.0));
    let cpu = cpu_image(&c);

    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(GpuPath::Hybrid);
    let first = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
    assert_eq!(
        r.native_passes(),
        0,
        "the interpreter draws the first frame"
    );
    hold(
        "integers, hybrid, first frame",
        GpuPath::Hybrid,
        &cpu,
        &first,
    );
    r.wait_for_native();
    assert_eq!(r.native_status(&program), Some(NativeStatus::Ready));
    let out = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
    assert!(r.native_passes() > 0, "the native pipeline draws it");
    hold("integers, hybrid, native", GpuPath::Hybrid, &cpu, &out);

    let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(GpuPath::Native);
    let out = r
        .render(&c.scene, &c.camera, &c.assets)
        .expect("a native frame of an integer program");
    assert!(r.native_passes() > 0);
    hold("integers, native", GpuPath::Native, &cpu, &out);
}

fn a_shadertoy_with_ints_draws_natively(gpu: &'static Gpu) {
    // tests/glsl_sources/shadertoy/21_switch_shapes.glsl: each cell's shape is picked by an int
    // computed at run time (`int(mod(...))`, then a switch on it), so the program holds exact
    // integer instructions (R-GLSL-8). The Native path draws a frame only when every pass has
    // its native pipeline, and says how many passes it drew natively.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/glsl_sources/shadertoy/21_switch_shapes.glsl"
    );
    let source = std::fs::read_to_string(path).expect("the ShaderToy");
    let program = tsl_core::glsl::compile_shader_toy(&source).expect("compiles");
    let (start, count) = program.output_range(COLOR_NODE);
    let integers = (start..start + count)
        .filter(|&i| {
            Opcode::from_byte(program.instruction(i).opcode).is_some_and(Opcode::is_integer)
        })
        .count();
    assert!(integers > 0, "no integer instruction:\n{program}");
    let toy = tsl::shadertoy::scene(program, 96, 64, 1.0, &Default::default()).expect("a scene");
    let cpu = Renderer::new(toy.settings.clone())
        .render(&toy.scene, &toy.camera, &toy.assets)
        .expect("the CPU draws it");
    let mut r = GpuRenderer::new(gpu, toy.settings.clone()).with_path(GpuPath::Native);
    let out = r
        .render(&toy.scene, &toy.camera, &toy.assets)
        .expect("a native frame of the ShaderToy");
    println!(
        "21_switch_shapes ({integers} integer instructions): {} pass(es) drawn natively",
        r.native_passes()
    );
    assert_eq!(r.native_passes(), 1, "the native pipeline draws the quad");
    hold("21_switch_shapes", GpuPath::Native, &cpu, &out);
}

fn coplanar_surfaces_are_the_kernel_s_with_exact_depth(gpu: &'static Gpu) {
    // A wall and a box whose front face lies in the wall's plane (tests/gpu_host.rs's mixed
    // scene): which surface a pixel shows is decided by the rounding of two depths that are
    // equal in exact arithmetic. With `exact_depth` (the default) the render paths test the
    // kernel's own depths, so their image is the kernel's (and the CPU's) byte for byte;
    // without it the hardware's interpolated depths decide, and the count of pixels that differ
    // is printed.
    let mut c = Case::new();
    parity_scenes::wall_and_box(&mut c);
    c.settings = RenderSettings::new(96, 72);
    let cpu = cpu_image(&c);
    let kernel = GpuRenderer::new(gpu, c.settings.clone())
        .with_path(GpuPath::Kernel)
        .render(&c.scene, &c.camera, &c.assets)
        .expect("renders");
    assert_eq!(kernel, cpu, "the kernel is the CPU's image");
    for path in [GpuPath::Interpreted, GpuPath::Native] {
        let mut r = GpuRenderer::new(gpu, c.settings.clone()).with_path(path);
        assert!(r.exact_depth, "exact by default");
        let exact = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
        assert_eq!(exact, kernel, "{path:?} with exact depth");
        r.exact_depth = false;
        let fast = r.render(&c.scene, &c.camera, &c.assets).expect("renders");
        let differ = fast
            .data()
            .chunks_exact(4)
            .zip(kernel.data().chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        println!(
            "coplanar [{path:?}]: {differ} of {} pixels differ from the kernel's with the \
             hardware's depth",
            96 * 72
        );
    }
}

fn the_visible_fragment_first_and_every_fragment_in_order_are_the_kernel_s(gpu: &'static Gpu) {
    // Overlapping opaque surfaces under a transparent one: with exact depth the render paths
    // draw the opaque passes' nearest fragments first and shade them once (the visibility
    // pass), then blend the transparent pass over them, as the kernel does. An alpha-tested
    // opaque surface (a pass that can discard) among them makes every pass draw in order
    // instead. Both frames are held to the kernel's image, and the opaque-only part byte for
    // byte through the interpreter, which runs the kernel's own code.
    let mut c = Case::new();
    c.scene.add_light(Light::ambient(Color::WHITE, 0.4));
    c.scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(1.0, 3.0, 2.0),
    ));
    c.mesh(
        PlaneGeometry::new(6.0, 6.0).build(),
        Material::lambert(Color::from_srgb8(90, 140, 200)),
        Vec3::ZERO,
    );
    c.mesh(
        SphereGeometry::new(0.6, 16, 12).build(),
        Material::standard(Color::from_srgb8(220, 120, 40), 0.5, 0.0),
        Vec3::new(-0.3, 0.4, 0.2),
    );
    c.mesh(
        BoxGeometry::new(0.8, 0.8, 0.8).build(),
        Material::standard(Color::from_srgb8(60, 200, 90), 0.3, 0.2),
        Vec3::new(0.3, 0.3, -0.2),
    );
    c.settings = RenderSettings::new(96, 72);
    let kernel = |c: &Case| {
        GpuRenderer::new(gpu, c.settings.clone())
            .with_path(GpuPath::Kernel)
            .render(&c.scene, &c.camera, &c.assets)
            .expect("renders")
    };
    let opaque = kernel(&c);
    let interpreted = GpuRenderer::new(gpu, c.settings.clone())
        .with_path(GpuPath::Interpreted)
        .render(&c.scene, &c.camera, &c.assets)
        .expect("renders");
    assert_eq!(
        interpreted, opaque,
        "opaque passes through the visibility target"
    );
    c.mesh(
        SphereGeometry::new(0.5, 16, 12).build(),
        Material {
            transparent: true,
            opacity: 0.5,
            ..Material::lambert(Color::from_srgb8(250, 250, 250))
        },
        Vec3::new(0.0, 0.6, 0.6),
    );
    let transparent = kernel(&c);
    for path in [GpuPath::Interpreted, GpuPath::Native] {
        let out = GpuRenderer::new(gpu, c.settings.clone())
            .with_path(path)
            .render(&c.scene, &c.camera, &c.assets)
            .expect("renders");
        hold("visible first, then transparent", path, &transparent, &out);
    }
    c.mesh(
        PlaneGeometry::new(1.0, 1.0).build(),
        Material {
            alpha_test: 0.5,
            opacity: 0.7,
            ..Material::lambert(Color::from_srgb8(200, 40, 160))
        },
        Vec3::new(0.6, 0.5, 0.8),
    );
    let in_order = kernel(&c);
    for path in [GpuPath::Interpreted, GpuPath::Native] {
        let out = GpuRenderer::new(gpu, c.settings.clone())
            .with_path(path)
            .render(&c.scene, &c.camera, &c.assets)
            .expect("renders");
        hold("every pass in order", path, &in_order, &out);
    }
}

fn the_graph_example_at_1280x720_covers_the_set_up_s_pixels(gpu: &'static Gpu) {
    // A full frame: 921,600 pixels, where a pixel centre lying exactly on an edge shared by two
    // triangles occurs (on lavapipe the hardware gave such a pixel to the other triangle than
    // the set-up's fill rule, and the exact test then dropped it from both: a hole showing the
    // background, until the triangles were drawn moved out by a sixteenth of a pixel).
    let program = graph_scene::graph_program().expect("the graph compiles");
    let (scene, camera, assets) = graph_scene::graph_scene(program).expect("the scene builds");
    let mut settings = RenderSettings::new(1280, 720);
    settings.time = 1.5;
    let cpu = Renderer::new(settings.clone())
        .render(&scene, &camera, &assets)
        .expect("the CPU renders");
    let mut r = GpuRenderer::new(gpu, settings).with_path(GpuPath::Native);
    let out = r.render(&scene, &camera, &assets).expect("renders");
    hold("graph example, 1280×720", GpuPath::Native, &cpu, &out);
    let worst = out
        .data()
        .iter()
        .zip(cpu.data())
        .map(|(a, b)| a.abs_diff(*b))
        .max()
        .unwrap_or(0);
    assert!(worst <= 1, "worst channel difference {worst}/255");
}
