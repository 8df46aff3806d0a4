//! A node program in a wgpu app of your own (R-GPU-12, docs/requirements.md): a `#[tsl_fn]`
//! fragment function with a uniform and time, compiled to a standalone WGSL module, drawn on a
//! quad by the app's own device, pipeline and render pass, read back and written as PNGs. Between
//! the two frames the app moves the uniform with `set_uniform` and writes the block again with
//! the interface's writer (`examples/shared/wgpu_custom_app.rs` holds the app).
//!
//! Run: `cargo run --features gpu --example wgpu_custom` (optionally `-- OUT_PREFIX`): writes
//! `wgpu_custom_0.png` and `wgpu_custom_1.png`.

#[path = "shared/args.rs"]
mod args;
#[path = "shared/wgpu_custom_app.rs"]
mod wgpu_custom_app;

use tsl::core::native::NativeFrame;
use tsl::prelude::*;
use tsl::raster::Image;
use wgpu_custom_app::{device, program, CustomApp};

fn main() -> std::process::ExitCode {
    let args = args::parse_without_gpu(
        "wgpu_custom",
        "[OUT_PREFIX]",
        "Draws a node program with a wgpu device, pipeline and render pass of the app's own to \
         OUT_PREFIX_0.png and OUT_PREFIX_1.png (wgpu_custom_* by default); needs --features gpu. It \
         takes no --gpu: it always draws on the GPU, without tsl's renderers.",
        1,
    );
    let prefix = args::text(&args, 0, "wgpu_custom");
    args::run(|| draw(&prefix))
}

/// Draw the two frames to `PREFIX_0.png` and `PREFIX_1.png`.
fn draw(prefix: &str) -> Result<(), Box<dyn std::error::Error>> {
    let (width, height) = (256, 256);
    let mut program = program()?;
    let (device, queue) = device()?;
    let app = CustomApp::new(&device, &program, width, height)?;
    // The quad is given in clip space: identity model, view and projection.
    let frame = NativeFrame {
        resolution: Vec2::new(width as f32, height as f32),
        projection: Mat4::IDENTITY,
        model: Mat4::IDENTITY,
    };
    for (i, (time, centre)) in [(0.0, Vec2::new(0.5, 0.5)), (0.5, Vec2::new(0.3, 0.7))]
        .into_iter()
        .enumerate()
    {
        // The per-frame update: the time into the header, the uniform into the words; `draw`
        // writes both into the uniform buffer.
        program.set_frame(time, Mat4::IDENTITY);
        program.set_uniform("centre", centre)?;
        let pixels = app.draw(&device, &queue, &program, &frame)?;
        let path = format!("{prefix}_{i}.png");
        args::write_png(&Image::from_rgba8(width, height, pixels)?, &path)?;
        println!("time {time}, centre {centre}: {path}");
    }
    Ok(())
}
