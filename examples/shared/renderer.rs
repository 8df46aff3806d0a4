//! The renderer an example draws with: the CPU `Renderer`, or (`--gpu`, the crate feature `gpu`)
//! a `GpuRenderer` on the default adapter drawing the same scene to the same picture within the
//! GPU parity bounds (docs/gpu.md). Each frame drawn with [`SceneRenderer::render`] or
//! [`SceneRenderer::render_counted`] prints where and how long, e.g. `drew 640×480 on the GPU
//! (llvmpipe (LLVM 19.1.7, 256 bits)) in 2.41 s`, so that the two can be compared from the
//! command line.

use std::error::Error;
use std::time::{Duration, Instant};
use tsl::raster::{Assets, Camera, Image, RenderError, RenderSettings, RenderStats, Scene};

/// Where an example's frames are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The CPU `Renderer`.
    Cpu,
    /// A `GpuRenderer` on the process's default adapter (`tsl::raster::gpu::gpu`), on its
    /// default path (`GpuPath::Hybrid`: a new program's first frame is drawn by the interpreter
    /// while its native pipelines are built).
    Gpu,
}

/// The renderer behind a [`SceneRenderer`].
enum Drawer {
    Cpu,
    #[cfg(feature = "gpu")]
    Gpu(Box<tsl::raster::gpu::GpuRenderer<'static>>),
}

/// A CPU or GPU renderer with the CPU renderer's calls. `settings` is read at each frame, as
/// `Renderer::settings` is.
pub struct SceneRenderer {
    /// Size, time, shading view, output transform and clear colour.
    pub settings: RenderSettings,
    drawer: Drawer,
}

impl SceneRenderer {
    /// A renderer with `settings` on `backend`; for [`Backend::Gpu`], `Err` with a sentence when
    /// the build lacks the feature `gpu` or there is no adapter.
    pub fn new(
        settings: RenderSettings,
        backend: Backend,
    ) -> Result<SceneRenderer, Box<dyn Error>> {
        let drawer = match backend {
            Backend::Cpu => Drawer::Cpu,
            Backend::Gpu => gpu_drawer(&settings)?,
        };
        Ok(SceneRenderer { settings, drawer })
    }

    /// Where the frames are drawn, for a sentence: `the CPU` or `the GPU (ADAPTER)`.
    pub fn device(&self) -> String {
        match &self.drawer {
            Drawer::Cpu => "the CPU".into(),
            #[cfg(feature = "gpu")]
            Drawer::Gpu(_) => match tsl::raster::gpu::gpu() {
                Ok(gpu) => format!("the GPU ({})", gpu.info.name),
                Err(_) => "the GPU".into(),
            },
        }
    }

    /// Draw the scene and apply the output transform; print the time it took.
    pub fn render(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<Image, RenderError> {
        let start = Instant::now();
        let image = match &mut self.drawer {
            Drawer::Cpu => {
                tsl::raster::Renderer::new(self.settings.clone()).render(scene, camera, assets)?
            }
            #[cfg(feature = "gpu")]
            Drawer::Gpu(gpu) => {
                gpu.settings = self.settings.clone();
                gpu.render(scene, camera, assets)?
            }
        };
        self.say_time(start.elapsed());
        Ok(image)
    }

    /// [`SceneRenderer::render`] with the frame's counts (on the GPU, a counted frame is drawn by
    /// the compute kernel: see `GpuRenderer::render_counted`); prints the time it took.
    pub fn render_counted(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<(Image, RenderStats), RenderError> {
        let start = Instant::now();
        let drawn = match &mut self.drawer {
            Drawer::Cpu => tsl::raster::Renderer::new(self.settings.clone())
                .render_counted(scene, camera, assets)?,
            #[cfg(feature = "gpu")]
            Drawer::Gpu(gpu) => {
                gpu.settings = self.settings.clone();
                gpu.render_counted(scene, camera, assets)?
            }
        };
        self.say_time(start.elapsed());
        Ok(drawn)
    }

    /// Draw the scene into `image` (the CPU renderer reuses its memory), printing nothing: for
    /// loops of frames, which time themselves.
    pub fn render_into(
        &mut self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        image: &mut Image,
    ) -> Result<(), RenderError> {
        match &mut self.drawer {
            Drawer::Cpu => {
                tsl::raster::Renderer::new(self.settings.clone())
                    .render_into(scene, camera, assets, image)?;
            }
            #[cfg(feature = "gpu")]
            Drawer::Gpu(gpu) => {
                gpu.settings = self.settings.clone();
                *image = gpu.render(scene, camera, assets)?;
            }
        }
        Ok(())
    }

    fn say_time(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let took = if seconds < 1.0 {
            format!("{:.1} ms", seconds * 1e3)
        } else {
            format!("{seconds:.2} s")
        };
        println!(
            "drew {}×{} on {} in {took}",
            self.settings.width,
            self.settings.height,
            self.device()
        );
    }
}

/// A `GpuRenderer` on the default adapter.
#[cfg(feature = "gpu")]
fn gpu_drawer(settings: &RenderSettings) -> Result<Drawer, Box<dyn Error>> {
    let gpu = tsl::raster::gpu::gpu().map_err(|e| format!("--gpu: cannot draw on the GPU: {e}"))?;
    Ok(Drawer::Gpu(Box::new(tsl::raster::gpu::GpuRenderer::new(
        gpu,
        settings.clone(),
    ))))
}

/// Without the feature `gpu` there is no GPU renderer to make.
#[cfg(not(feature = "gpu"))]
fn gpu_drawer(_: &RenderSettings) -> Result<Drawer, Box<dyn Error>> {
    Err("--gpu: this build has no GPU renderer (build with --features gpu)".into())
}
