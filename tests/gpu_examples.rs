//! An example's `--gpu` picture against its CPU picture: the guitar example's scene
//! (`examples/shared/guitar_scene.rs`) at its own size, 640×200, drawn by the examples' shared
//! renderer (`examples/shared/renderer.rs`, what `args::renderer` gives an example run with and
//! without `--gpu`) on the GPU and on the CPU. The bound is the GPU parity bound of
//! `tests/gpu_three.rs`: the mean channel difference below 1/255 and at least 99% of channels
//! within 3/255. Without an adapter the test is reported as ignored; with `REQUIRE_GPU` set it
//! fails instead (the harness, `gpu_harness/`).

#[macro_use]
mod gpu_harness;
#[path = "../examples/shared/args.rs"]
mod args;
#[path = "../examples/shared/guitar_scene.rs"]
#[allow(dead_code)]
mod guitar_scene;

use args::{Backend, SceneRenderer};
use tsl_raster::gpu::Gpu;
use tsl_raster::RenderSettings;

gpu_tests![the_guitar_example_draws_the_same_picture_with_gpu];

fn the_guitar_example_draws_the_same_picture_with_gpu(_: &'static Gpu) {
    let (scene, camera, assets) = guitar_scene::guitar_scene(1.0).expect("the guitar scene");
    let settings = RenderSettings::new(640, 200);
    let draw = |backend| {
        let mut renderer =
            SceneRenderer::new(settings.clone(), backend).expect("a renderer on this backend");
        renderer
            .render(&scene, &camera, &assets)
            .expect("the guitar draws")
    };
    let (cpu, gpu) = (draw(Backend::Cpu), draw(Backend::Gpu));
    assert_eq!((gpu.width(), gpu.height()), (640, 200));
    let channels = cpu.data().len();
    let (mut sum, mut within, mut worst) = (0u64, 0usize, 0u8);
    for (a, b) in cpu.data().iter().zip(gpu.data()) {
        let d = a.abs_diff(*b);
        sum += u64::from(d);
        within += usize::from(d <= 3);
        worst = worst.max(d);
    }
    let mean = sum as f64 / channels as f64;
    let share = within as f64 / channels as f64;
    println!(
        "guitar, --gpu against the CPU: mean {mean:.4}/255, worst {worst}/255, {:.3}% of channels \
         within 3/255",
        share * 100.0
    );
    assert!(
        mean < 1.0 && share >= 0.99,
        "mean {mean:.4}/255, {:.3}% within 3/255",
        share * 100.0
    );
}
