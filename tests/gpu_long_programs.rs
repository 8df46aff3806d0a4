//! Programs as long as an output may be (`MAX_INSTRUCTIONS`, R-LIM-1, docs/requirements.md) run
//! every instruction on the GPU. Mesa's llvmpipe (lavapipe) ends every loop of a shader
//! invocation once the invocation has made 65,535 loop iterations in all (gallivm's
//! `LP_MAX_TGSI_LOOP_ITERATIONS`, shared between every loop), and every loop written inside the
//! interpreter's instruction loop costs at least one iteration per instruction, run or not. The
//! interpreter keeps such loops out of its arithmetic (R-GPU-15); these tests hold a chain of
//! nearly 4,096 additions to its exact value, which a cut-off loop would leave short. Measured
//! before the fix on lavapipe: the kernel drew all 256 pixels of the 4,000-instruction shader
//! transparent black; the compute interpreter (whose texture stand-ins do not loop) already ran
//! the chain whole, and runs it here with the native path beside it.
//!
//! Without an adapter each test is reported as ignored; with `REQUIRE_GPU` set it fails instead
//! (the harness, `gpu_harness/`).

#[macro_use]
mod gpu_harness;

use glam::Vec3;
use tsl::raster::*;
use tsl_core::*;
use tsl_raster::gpu::{Gpu, GpuInterpreter, GpuPath, GpuRenderer};

/// Additions in the chain: an output's instruction budget less a few for its loads.
const STEPS: usize = 4000;

/// `position_world() + 1` `STEPS` times; each sum is exact (multiples of 0.5 below 2^23).
fn chain() -> (NodeProgram, Output) {
    let g = NodeGraph::new();
    let one = g.float(1.0);
    let mut v = g.position_world();
    for _ in 0..STEPS {
        v = g.add(v, one);
    }
    g.set_output(COLOR_NODE, v).unwrap();
    (g.compile().expect("the chain compiles"), COLOR_NODE)
}

/// Lane `l`'s position is (l / 2, -l, 3).
fn batch() -> FragmentBatch {
    let mut batch = FragmentBatch::new();
    for lane in 0..LANES {
        let fragment = Fragment {
            position_world: Vec3::new(lane as f32 * 0.5, -(lane as f32), 3.0),
            ..Fragment::default()
        };
        batch.set_fragment(lane, &fragment);
    }
    batch
}

/// Both GPU paths, the interpreter and the native code, give every lane its position plus
/// `STEPS`, as `run_nodes` does.
fn a_chain_of_4000_additions_runs_every_one(gpu: &'static Gpu) {
    let (program, output) = chain();
    let batch = batch();
    let mut registers = Registers::new();
    let cpu = run_nodes(&program, output, &batch, &WhiteSampler, &mut registers).unwrap();
    let mut interp = GpuInterpreter::new(gpu);
    let paths = [
        (
            "interpreter",
            interp.run(&program, output, &batch, &WhiteSampler),
        ),
        (
            "native",
            interp.run_native(&program, output, &batch, &WhiteSampler),
        ),
    ];
    for (path, got) in paths {
        let got = got.expect("the GPU runs").expect("the output is set");
        for lane in 0..LANES {
            let n = STEPS as f32;
            let want = [lane as f32 * 0.5 + n, n - lane as f32, 3.0 + n];
            // run_nodes gives component-major rows, the GPU one vector per lane.
            let cpu = [cpu[0][lane], cpu[1][lane], cpu[2][lane]];
            assert_eq!(cpu, want, "run_nodes, lane {lane}");
            assert_eq!(got[lane][..3], want, "{path}, lane {lane}");
        }
    }
}

/// The colour (0.25, 0.5, 0.75) reached through `time() + 1` `STEPS / 2` times, then `- 1` as
/// many times (exact: whole numbers below 2^23), at time 0.
fn long_colour() -> NodeProgram {
    let g = NodeGraph::new();
    let one = g.float(1.0);
    let mut v = g.time();
    for k in 0..STEPS {
        v = if k < STEPS / 2 {
            g.add(v, one)
        } else {
            g.sub(v, one)
        };
    }
    let colour = g.add(g.vec3(0.25, 0.5, 0.75), v);
    g.set_output(COLOR_NODE, colour).unwrap();
    let program = g.compile().expect("the long colour compiles");
    assert!(
        program.instruction_count(COLOR_NODE) > STEPS,
        "the chain was folded"
    );
    program
}

/// A shader material of `long_colour` on a plane that fills the view: two triangles, so the
/// pixels along the diagonal's groups run the program twice.
fn long_colour_scene() -> (Scene, Camera, Assets) {
    let mut assets = Assets::new();
    let program = assets.programs.add(long_colour());
    let material = assets.materials.add(shader_material(program));
    let plane = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    let mut scene = Scene::new();
    scene.background = Some(Color::from_hex(0x000000));
    scene.add(Object::mesh(plane, material));
    let camera = Camera::perspective(60.0, 0.1, 10.0)
        .at(Vec3::new(0.0, 0.0, 2.0))
        .looking_at(Vec3::ZERO);
    (scene, camera, assets)
}

/// The GPU renderer's kernel, interpreted and native paths draw every pixel of the plane
/// (0.25, 0.5, 0.75), as the CPU renderer does.
fn a_4000_instruction_shader_draws_its_colour_on_every_gpu_path(gpu: &'static Gpu) {
    let (scene, camera, assets) = long_colour_scene();
    let settings = RenderSettings::new(16, 16);
    let want = [0.25, 0.5, 0.75, 1.0];
    let cpu = Renderer::new(settings.clone())
        .render_linear(&scene, &camera, &assets)
        .unwrap();
    assert!(
        cpu.pixels().iter().all(|p| *p == want),
        "the CPU draws the colour"
    );
    for path in [GpuPath::Kernel, GpuPath::Interpreted, GpuPath::Native] {
        let image = GpuRenderer::new(gpu, settings.clone())
            .with_path(path)
            .render_linear(&scene, &camera, &assets)
            .expect("the GPU renders");
        let wrong = image.pixels().iter().filter(|p| **p != want).count();
        assert_eq!(
            wrong,
            0,
            "{path:?}: {wrong} of 256 pixels are not {want:?}: {:?}",
            image.pixels().iter().find(|p| **p != want)
        );
    }
}

gpu_tests!(
    a_chain_of_4000_additions_runs_every_one,
    a_4000_instruction_shader_draws_its_colour_on_every_gpu_path,
);
