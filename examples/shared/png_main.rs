//! The `main` of the ports: read the command line, build the scene, draw it once and write it as a
//! PNG, to the path given as the first argument or to the example's own default.

use std::error::Error;
use std::process::ExitCode;
use tsl::raster::*;

#[path = "args.rs"]
mod args;

/// The three things a picture is drawn from.
pub type Drawn = (Scene, Camera, Assets);

/// Build the scene with `scene`, render it with `settings` and write the picture to the command
/// line's `OUT.png` or `default_path`, printing the time and the path; with `--gpu`, on the GPU
/// ([`args::renderer`]). The command line is read first: `--help`, an unknown option or a second
/// argument is answered with the usage ([`args::parse`]); a failure to build, draw or write is
/// printed as a sentence (with the path where it has one), and the process exits 1.
// `examples/environment.rs`, which takes a sky, calls `render_png_with` alone.
#[allow(dead_code)]
pub fn render_png<E: Into<Box<dyn Error>>>(
    default_path: &str,
    scene: impl FnOnce() -> Result<Drawn, E>,
    settings: RenderSettings,
) -> ExitCode {
    render_png_with(default_path, ("", 0), |_| scene(), settings)
}

/// [`render_png`] for an example that takes `more` arguments after `OUT.png`, named by `usage`
/// (e.g. `"[SKY.hdr]"`); `scene` is given them.
pub fn render_png_with<E: Into<Box<dyn Error>>>(
    default_path: &str,
    (usage, more): (&str, usize),
    scene: impl FnOnce(&[String]) -> Result<Drawn, E>,
    settings: RenderSettings,
) -> ExitCode {
    let example = std::env::args()
        .next()
        .and_then(|p| {
            std::path::Path::new(&p)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "EXAMPLE".into());
    let about = format!("Draws the example's picture to OUT.png ({default_path} by default).");
    let arguments = if more == 0 {
        "[OUT.png]".to_string()
    } else {
        format!("[OUT.png {usage}]")
    };
    let args = args::parse(&example, &arguments, &about, 1 + more);
    let path = args::text(&args, 0, default_path);
    args::run(|| {
        let (scene, camera, assets) =
            scene(args.get(1..).unwrap_or_default()).map_err(Into::into)?;
        let image = args::renderer(settings)?
            .render(&scene, &camera, &assets)
            .map_err(|e| format!("cannot draw {path}: {e}"))?;
        args::write_png(&image, &path)?;
        println!("{path}");
        Ok(())
    })
}
