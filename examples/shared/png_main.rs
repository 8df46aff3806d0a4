//! The `main` of the ports: draw a scene once and write it as a PNG, to the path given as the
//! first argument or to the example's own name.

use std::error::Error;
use tsl::raster::*;

#[path = "args.rs"]
mod args;

/// Render `scene` with `settings` and write the picture to the command line's `OUT.png` or
/// `default_path`, printing the time and the path; with `--gpu`, on the GPU ([`args::renderer`]).
/// `--help`, an unknown option or a second argument is answered with the usage
/// ([`args::parse`]); a failure to draw or write is printed as a sentence with the path, and the
/// process exits 1.
pub fn render_png(
    default_path: &str,
    (scene, camera, assets): (Scene, Camera, Assets),
    settings: RenderSettings,
) -> Result<(), Box<dyn Error>> {
    let example = std::env::args()
        .next()
        .and_then(|p| {
            std::path::Path::new(&p)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "EXAMPLE".into());
    let about = format!("Draws the example's picture to OUT.png ({default_path} by default).");
    let args = args::parse(&example, "[OUT.png]", &about, 1);
    let path = args::text(&args, 0, default_path);
    let drawn = args::renderer(settings)
        .and_then(|mut renderer| {
            renderer
                .render(&scene, &camera, &assets)
                .map_err(|e| format!("cannot draw {path}: {e}").into())
        })
        .and_then(|image| args::write_png(&image, &path));
    if let Err(e) = drawn {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    println!("{path}");
    Ok(())
}
