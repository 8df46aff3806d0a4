//! The `main` of the ports: draw a scene once and write it as a PNG, to the path given as the
//! first argument or to the example's own name.

use std::error::Error;
use tsl::raster::*;

/// Render `scene` with `settings` and write the picture to the first command-line argument or
/// `default_path`, printing the path.
pub fn render_png(
    default_path: &str,
    (scene, camera, assets): (Scene, Camera, Assets),
    settings: RenderSettings,
) -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| default_path.into());
    let image = Renderer::new(settings).render(&scene, &camera, &assets)?;
    image.write_png(&path)?;
    println!("{path}");
    Ok(())
}
