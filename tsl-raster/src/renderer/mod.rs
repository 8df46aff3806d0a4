//! The CPU renderer: the frame ([`crate::frame`]) drawn tile by tile ([`tile`]) on rayon's
//! threads, each tile encoded by the output transform where it was drawn.

mod tile;

use crate::assets::Assets;
use crate::frame::bin::{bin_passes, tiles};
use crate::frame::screen_pass::{self, TransmissionTarget};
use crate::frame::shadow::FrameShadows;
use crate::frame::volume_depth;
use crate::frame::FrameContext;
use crate::output::{Image, LinearImage};
use crate::scene::{Camera, Scene};
use crate::settings::{RenderSettings, Shading};
use crate::{Refusal, RenderError};
use rayon::prelude::*;
use tile::{render_tile, TileWork};

thread_local! {
    static TILE_WORK: std::cell::RefCell<TileWork> = std::cell::RefCell::new(TileWork::new());
}

/// What a frame drew.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderStats {
    /// Screen triangles after clipping and culling.
    pub triangles: usize,
    /// Fragments shaded (each pixel of an opaque surface once, where the depth test lets it;
    /// forward and transparent fragments as they come).
    pub fragments: usize,
}

/// The CPU renderer.
///
/// ```
/// use tsl_raster::*;
/// use tsl_core::{Color, NodeGraph, COLOR_NODE};
/// let mut assets = Assets::new();
/// let graph = NodeGraph::new();
/// graph.set_output(COLOR_NODE, graph.color(Color::from_hex(0xff8040))).unwrap();
/// let program = assets.programs.add(graph.compile().unwrap());
/// let material = assets.materials.add(shader_material(program));
/// let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
/// let mut scene = Scene::new();
/// scene.add(Object::mesh(plane, material));
/// let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(glam::Vec3::Z);
/// let renderer = Renderer::new(RenderSettings::new(8, 8));
/// let image = renderer.render(&scene, &camera, &assets).unwrap();
/// // 0xff8040 decoded to linear and encoded again: the same bytes.
/// assert_eq!(image.pixel(4, 4), Some([255, 128, 64, 255]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Renderer {
    /// Size, time, shading view, output transform and clear colour.
    pub settings: RenderSettings,
}

impl Renderer {
    /// A renderer with these settings.
    pub fn new(settings: RenderSettings) -> Renderer {
        Renderer { settings }
    }

    /// Draw the scene and apply the output transform.
    pub fn render(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<Image, RenderError> {
        Ok(self.render_counted(scene, camera, assets)?.0)
    }

    /// Draw the scene into linear working-space RGBA, before the output transform, as the
    /// framebuffer holds it: opaque pixels as they are, blended ones premultiplied by their alpha
    /// (normal blending over the clear colour). Refuses what R-MAT-2 to R-MAT-7
    /// (docs/requirements.md) refuse (see [`RenderError`]).
    pub fn render_linear(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<LinearImage, RenderError> {
        let mut pixels = vec![[0.0f32; 4]; self.settings.frame_len()? / 4];
        self.draw_tiles(scene, camera, assets, &mut pixels, 1, |tile, row, _| {
            row.copy_from_slice(tile)
        })?;
        Ok(LinearImage::from_pixels(
            self.settings.width,
            self.settings.height,
            pixels,
        ))
    }

    /// [`Renderer::render`] with the frame's counts.
    pub fn render_counted(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<(Image, RenderStats), RenderError> {
        let mut image = Image::from_parts(0, 0, Vec::new());
        let stats = self.render_into(scene, camera, assets, &mut image)?;
        Ok((image, stats))
    }

    /// [`Renderer::render`] into `image`, reusing its memory (an image of another size becomes
    /// the renderer's size): what an application that draws again into the frames it keeps
    /// calls, so that each frame does not touch a fresh image's pages. On a refusal the image is
    /// left as it was. The frame's counts.
    pub fn render_into(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        image: &mut Image,
    ) -> Result<RenderStats, RenderError> {
        let len = self.settings.frame_len()?;
        let reuse = (image.width(), image.height()) == (self.settings.width, self.settings.height);
        let mut data = if reuse {
            image.take_data()
        } else {
            vec![0; len]
        };
        // Each tile is encoded where it was drawn, by the same worker, into its place in the
        // image: the same bytes as `encode(render_linear())`, without the linear image.
        let drawn = self.draw_tiles(scene, camera, assets, &mut data, 4, |tile, row, clear| {
            if clear {
                // Nothing drawn: every pixel is the clear colour's bytes.
                let mut first = [0u8; 4];
                self.settings.output.apply_row(&tile[..1], &mut first);
                for out in row.chunks_exact_mut(4) {
                    out.copy_from_slice(&first);
                }
            } else {
                self.settings.output.apply_row(tile, row);
            }
        });
        // A refusal comes before any tile is drawn: the bytes are still the image's.
        if drawn.is_ok() || reuse {
            *image = Image::from_parts(self.settings.width, self.settings.height, data);
        }
        drawn
    }

    /// Draw the scene's tiles into `image` (`per_pixel` elements a pixel, rows from the top):
    /// `write(tile row, image row, clear)` turns each row of a tile's linear pixels into its place
    /// in the image, on the worker that drew the tile (`clear`: nothing was drawn there, so every
    /// pixel is the clear colour, and only its first row is written: the others are copies). The
    /// frame's counts.
    fn draw_tiles<P: Copy + Send>(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        image: &mut [P],
        per_pixel: usize,
        write: impl Fn(&[[f32; 4]], &mut [P], bool) + Sync,
    ) -> Result<RenderStats, RenderError> {
        // A frame that reads the screen draws its opaque scene first (R-SCREEN-1); the lit view
        // reads every texture as white and needs no pass.
        if self.settings.shading == Shading::Texture
            && screen_pass::first_screen_reader(scene, assets).is_some()
        {
            let target = self.opaque_pass(scene, camera, assets)?;
            let size = (self.settings.width, self.settings.height);
            let assets = screen_pass::with_target(scene, assets, &target, size)?;
            return self.draw_frame(scene, camera, &assets, image, per_pixel, write);
        }
        self.draw_frame(scene, camera, assets, image, per_pixel, write)
    }

    /// Draw the opaque scene behind the frame's screen reads: the scene without its transparent
    /// meshes and without the meshes whose programs read the screen, before the output
    /// transform, as three.js's transmission pass draws it (R-SCREEN-1). With a double-sided
    /// transmissive mesh, also three's back-face pass over it (R-SCREEN-3): the front faces
    /// read the opaque scene with those back faces drawn, the back faces the opaque scene.
    pub fn opaque_pass(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<TransmissionTarget, RenderError> {
        let opaque = screen_pass::opaque_scene(scene, assets);
        let target = TransmissionTarget::new(&self.render_linear(&opaque, camera, assets)?);
        match screen_pass::back_face_pass(scene, assets) {
            Some((backs, assets)) => {
                let image =
                    self.render_linear_with_target(&backs, camera, &assets, Some(&target))?;
                Ok(target.with_back_faces(&image))
            }
            None => Ok(target),
        }
    }

    /// [`Renderer::render_linear`] with the opaque scene the screen reads given by the caller
    /// (R-SCREEN-1): no opaque pass of its own. A program that reads the screen
    /// (`viewport_texture`) in the texture view is refused
    /// ([`Refusal::NoTransmissionTarget`](crate::Refusal::NoTransmissionTarget)) when `target` is
    /// `None` or of another size than the frame. A VOLUME material with its scene-depth gate
    /// reads the target's snapshot
    /// ([`TransmissionTarget::capture_volume_depth`], R-VOL-5), as the GPU renderer's call does,
    /// and is refused ([`Refusal::NoVolumeDepth`]) without one.
    pub fn render_linear_with_target(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        target: Option<&TransmissionTarget>,
    ) -> Result<LinearImage, RenderError> {
        let mut pixels = vec![[0.0f32; 4]; self.settings.frame_len()? / 4];
        let copy = |tile: &[[f32; 4]], row: &mut [[f32; 4]], _| row.copy_from_slice(tile);
        // A gated volume reads the caller's snapshot, which must be there (R-VOL-5).
        if let Some(object) = volume_depth::first_gated(scene, assets) {
            if target.and_then(TransmissionTarget::volume_depth).is_none() {
                return Err(Refusal::NoVolumeDepth {
                    object,
                    target: target.is_some(),
                }
                .into());
            }
        }
        match target {
            Some(target) => {
                let size = (self.settings.width, self.settings.height);
                let assets = screen_pass::with_target(scene, assets, target, size)?;
                self.draw_frame(scene, camera, &assets, &mut pixels, 1, copy)?;
            }
            None => {
                self.draw_frame(scene, camera, assets, &mut pixels, 1, copy)?;
            }
        }
        Ok(LinearImage::from_pixels(
            self.settings.width,
            self.settings.height,
            pixels,
        ))
    }

    /// [`Renderer::draw_tiles`] once any opaque pass is drawn: `assets` hold its target.
    fn draw_frame<P: Copy + Send>(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
        image: &mut [P],
        per_pixel: usize,
        write: impl Fn(&[[f32; 4]], &mut [P], bool) + Sync,
    ) -> Result<RenderStats, RenderError> {
        // The whole frame runs on a thread of the pool: the caller hands it over once, rather
        // than at each parallel step (placing, setting up, the tiles), each a sleep and a wake.
        let write = &write;
        rayon::scope(|_| {
            let settings = &self.settings;
            let size = (settings.width, settings.height);
            settings.frame_len()?;
            let mut frame = settings.prepare_frame(&assets.programs, camera);
            frame.add_draw_copies(scene, assets)?;
            let (draws, passes) = settings.place_draws(&frame, scene, camera, assets)?;
            let rects = tiles(size);
            let bins = bin_passes(&draws, &passes, size);
            let shadows = FrameShadows::new(settings, scene, frame.view, &draws, &assets.textures)?;
            let mut ctx =
                FrameContext::new(settings, frame.view, scene, camera, assets, draws, passes);
            ctx.shadows = shadows;
            let outputs = tile_rows(
                image,
                per_pixel * settings.width as usize,
                per_pixel,
                &rects,
            );
            // The busiest tiles first (by the triangles that touch them), handed out one at a time,
            // so that the last tiles to finish are short ones and no thread waits long for another.
            let mut jobs: Vec<_> = rects.iter().zip(&bins).zip(outputs).collect();
            jobs.sort_by_key(|((_, bin), _)| std::cmp::Reverse(bin.len()));
            let shaded: usize = jobs
                .into_par_iter()
                .with_max_len(1)
                .map(|((rect, bin), mut rows)| {
                    let width = (rect[2] - rect[0]) as usize;
                    let mut draw = |work: &mut TileWork| {
                        let before = work.shaded;
                        let pixels = render_tile(&ctx, *rect, bin, work);
                        match rows.split_first_mut() {
                            // Nothing drawn: every row the clear colour's, written once.
                            Some((first, rest)) if bin.is_empty() && ctx.background.is_none() => {
                                write(&pixels[..width], first, true);
                                for row in rest {
                                    row.copy_from_slice(first);
                                }
                            }
                            _ => {
                                let tile_rows = pixels.chunks_exact(width);
                                for (tile_row, row) in tile_rows.zip(rows.iter_mut()) {
                                    write(tile_row, row, false);
                                }
                            }
                        }
                        work.give_back(pixels);
                        work.shaded - before
                    };
                    // Each thread keeps its buffers from tile to tile and from frame to frame.
                    TILE_WORK.with(|cell| match cell.try_borrow_mut() {
                        Ok(mut work) => draw(&mut work),
                        Err(_) => draw(&mut TileWork::new()),
                    })
                })
                .sum();
            Ok(RenderStats {
                triangles: ctx.draws.iter().map(|d| d.tris.len()).sum(),
                fragments: shaded,
            })
        })
    }
}

/// The rows of each tile of `rects` within `image` (rows of `stride` elements, `per_pixel` a
/// pixel): disjoint slices, so that the tiles are written in parallel.
fn tile_rows<'a, P>(
    image: &'a mut [P],
    stride: usize,
    per_pixel: usize,
    rects: &[[u32; 4]],
) -> Vec<Vec<&'a mut [P]>> {
    let mut rows: Vec<Vec<&mut [P]>> = rects.iter().map(|_| Vec::new()).collect();
    // Tiles come in rows from the top; each image row is cut at the tiles' edges.
    let mut first = 0;
    for (y, mut line) in image.chunks_exact_mut(stride).enumerate() {
        // Invariant: `tiles(size)` covers the frame in rows of tiles from the top, each inside it, so each row of `stride` splits into its tiles' pieces.
        while first < rects.len() && rects[first][3] as usize <= y {
            first += 1;
        }
        let mut t = first;
        while t < rects.len() && rects[t][1] as usize <= y {
            let w = per_pixel * (rects[t][2] - rects[t][0]) as usize;
            let (piece, rest) = std::mem::take(&mut line).split_at_mut(w);
            rows[t].push(piece);
            line = rest;
            t += 1;
        }
    }
    rows
}
