//! The renderer: its settings (size, `time`, shading view, output transform), `prepare_frame`
//! (spec/000 "How it runs": copies the programs and writes the time and the camera's view into the
//! copies), the refusals of spec/000 "What a node material refuses", and `render`.

use crate::output::{checked_len, Image, LinearImage, OutputTransform, ToneMapping};
use crate::raster::draw::{Draw, Placement};
use crate::raster::tile::{render_tile, tiles, BinEntry, TileWork};
use crate::raster::TILE;
use crate::scene::{Camera, Fog, MaterialKind, Scene, Side};
use crate::shade::lights::FrameLights;
use crate::store::{Assets, ProgramId, Store, StoreId};
use crate::texture::Texture;
use crate::RenderError;
use glam::{Mat3, Mat4};
use rayon::prelude::*;
use std::time::Duration;
use tsl_core::{Color, NodeProgram, TextureId};

thread_local! {
    static TILE_WORK: std::cell::RefCell<TileWork> = std::cell::RefCell::new(TileWork::new());
}

/// What the rasterizer draws (spec/000 and spec/001's shading views).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shading {
    /// Everything: textures, lights, programs.
    #[default]
    Texture,
    /// Lights and programs, every texture read as opaque white (a normal map reads flat).
    Lit,
    /// The geometry's uv as red and green, no lights, no program.
    Uv,
}

/// [`Shading::Texture`].
pub const SHADE_TEXTURE: Shading = Shading::Texture;
/// [`Shading::Lit`].
pub const SHADE_LIT: Shading = Shading::Lit;
/// [`Shading::Uv`].
pub const SHADE_UV: Shading = Shading::Uv;

/// The programs of one frame: copies with the frame's time and view written in
/// (`Renderer::prepare_frame`).
#[derive(Clone, Debug)]
pub struct Frame {
    /// The copies, indexed as `assets.programs`.
    pub programs: Vec<NodeProgram>,
    /// The camera's world-to-view matrix written into them.
    pub view: Mat4,
    /// The time written into them, in seconds.
    pub time: f32,
}

impl Frame {
    /// The frame's copy of a program.
    pub fn program(&self, id: ProgramId) -> Option<&NodeProgram> {
        self.programs.get(id.index())
    }
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

/// A draw pass: a draw, and for the two passes of a transparent double-sided draw, the faces it
/// keeps (`Some(false)`: back faces, `Some(true)`: front faces).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pass {
    pub draw: u32,
    pub faces: Option<bool>,
    pub transparent: bool,
}

/// Everything the tiles share.
pub(crate) struct FrameContext<'a> {
    pub draws: Vec<Draw<'a>>,
    pub passes: Vec<Pass>,
    pub lights: FrameLights,
    pub fog: Option<Fog>,
    pub textures: &'a Store<Texture, TextureId>,
    pub shading: Shading,
    pub view_to_world: Mat3,
    pub world_to_view: Mat3,
    pub clear: [f32; 4],
    /// Whether the camera is orthographic: the view direction is then +z everywhere.
    pub orthographic: bool,
    /// The image's height in pixels.
    pub height: u32,
    /// Whether a hemisphere light reads the world normal.
    pub hemisphere: bool,
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
/// let image = Renderer::new(8, 8).render(&scene, &camera, &assets).unwrap();
/// // 0xff8040 decoded to linear and encoded again: the same bytes.
/// assert_eq!(image.pixel(4, 4), Some([255, 128, 64, 255]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Renderer {
    /// The image's width in pixels.
    pub width: u32,
    /// The image's height in pixels.
    pub height: u32,
    /// The value of the time node in seconds (three.js's `NodeFrame.time`); zero by default. The
    /// caller moves it on between frames.
    pub time: f32,
    /// What to draw.
    pub shading: Shading,
    /// Tone mapping, exposure and encoding of the output.
    pub output: OutputTransform,
    /// The clear colour where the scene has no background (linear); black.
    pub clear_color: Color,
    /// The clear alpha where the scene has no background; 0, as three.js's.
    pub clear_alpha: f32,
}

impl Renderer {
    /// A renderer of `width × height` pixels with three.js's defaults: sRGB output, no tone
    /// mapping, time zero.
    pub fn new(width: u32, height: u32) -> Renderer {
        Renderer {
            width,
            height,
            time: 0.0,
            shading: Shading::Texture,
            output: OutputTransform::default(),
            clear_color: Color::BLACK,
            clear_alpha: 0.0,
        }
    }

    /// Set `time` from a duration (`renderer.time = Duration(1.5, SECOND)`).
    pub fn set_time(&mut self, time: Duration) {
        self.time = time.as_secs_f32();
    }

    /// Select a tone mapping (three.js's `renderer.toneMapping`).
    pub fn set_tone_mapping(&mut self, tone_mapping: ToneMapping, exposure: f32) {
        self.output.tone_mapping = tone_mapping;
        self.output.exposure = exposure;
    }

    /// Copy every program and write the frame's time and the camera's view into the copies.
    pub fn prepare_frame(
        &self,
        programs: &Store<NodeProgram, ProgramId>,
        camera: &Camera,
    ) -> Frame {
        let view = camera.view_matrix();
        let programs = programs
            .iter()
            .map(|(_, p)| {
                let mut copy = p.clone();
                copy.set_frame(self.time, view);
                copy
            })
            .collect();
        Frame {
            programs,
            view,
            time: self.time,
        }
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

    /// The output transform of a linear image: what [`Renderer::render`] returns.
    pub fn encode(&self, linear: &LinearImage) -> Image {
        let width = linear.width() as usize;
        let mut data = vec![0u8; linear.pixels().len() * 4];
        data.par_chunks_mut(4 * width)
            .zip(linear.pixels().par_chunks(width))
            .for_each(|(out, row)| self.output.apply_row(row, out));
        Image::from_parts(linear.width(), linear.height(), data)
    }

    /// Draw the scene into linear working-space RGBA, before the output transform, as the
    /// framebuffer holds it: opaque pixels as they are, blended ones premultiplied by their alpha
    /// (normal blending over the clear colour). Refuses what spec/000 refuses (see
    /// [`RenderError`]).
    pub fn render_linear(
        &self,
        scene: &Scene,
        camera: &Camera,
        assets: &Assets,
    ) -> Result<LinearImage, RenderError> {
        let mut pixels = vec![[0.0f32; 4]; checked_len(self.width, self.height)? / 4];
        self.draw_tiles(scene, camera, assets, &mut pixels, 1, |tile, row, _| {
            row.copy_from_slice(tile)
        })?;
        Ok(LinearImage::from_pixels(self.width, self.height, pixels))
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
        let len = checked_len(self.width, self.height)?;
        let reuse = (image.width(), image.height()) == (self.width, self.height);
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
                self.output.apply_row(&tile[..1], &mut first);
                for out in row.chunks_exact_mut(4) {
                    out.copy_from_slice(&first);
                }
            } else {
                self.output.apply_row(tile, row);
            }
        });
        // A refusal comes before any tile is drawn: the bytes are still the image's.
        if drawn.is_ok() || reuse {
            *image = Image::from_parts(self.width, self.height, data);
        }
        drawn
    }

    /// Check every visible mesh (spec/000's refusals) and place it: the frame's draws in
    /// three.js's order (opaque front to back, then transparent back to front) and their passes
    /// (a transparent double-sided draw twice, back faces first). The GPU renderer draws the same.
    pub(crate) fn place_draws<'a>(
        &self,
        frame: &'a Frame,
        scene: &Scene,
        camera: &Camera,
        assets: &'a Assets,
    ) -> Result<(Vec<Draw<'a>>, Vec<Pass>), RenderError> {
        let size = (self.width, self.height);
        let view = frame.view;
        let aspect = self.width as f32 / self.height as f32;
        let projection = camera.projection_matrix(aspect);
        if !view.is_finite() || !projection.is_finite() {
            return Err(RenderError::refused(
                "the camera's view or projection is not finite (near, far, fov or aspect)",
            ));
        }
        let worlds = scene.world_matrices()?;

        // Check every visible mesh before drawing any.
        let mut jobs = Vec::new();
        for (index, object) in scene.objects().iter().enumerate() {
            let (model, visible) = worlds[index];
            let Some(mesh) = object.mesh else { continue };
            if !visible {
                continue;
            }
            let geometry = assets.geometries.get(mesh.geometry).ok_or_else(|| {
                RenderError::refused(format!(
                    "object {index}: geometry {} is not in assets.geometries",
                    mesh.geometry.0
                ))
            })?;
            let material = assets.materials.get(mesh.material).ok_or_else(|| {
                RenderError::refused(format!(
                    "object {index}: material {} is not in assets.materials",
                    mesh.material.0
                ))
            })?;
            let program = check_material(index, material, frame, assets)?;
            jobs.push((index, mesh, model, geometry, material, program));
        }

        let place = |job: usize| {
            let (index, mesh, model, geometry, material, program) = jobs[job];
            let map = material.map.and_then(|id| assets.textures.get(id));
            let uv_matrix = map
                .filter(|t| !t.has_identity_transform())
                .map(Texture::uv_matrix);
            let textured = self.shading == Shading::Texture && material.maps().next().is_some();
            Draw::new(
                index,
                material,
                geometry,
                mesh.render_order,
                Placement {
                    model,
                    view,
                    projection,
                    size,
                    program,
                    uv_matrix,
                    textured,
                },
            )
        };
        // One mesh is placed on this thread: a parallel iterator would only hand it to a worker.
        let mut draws: Vec<Draw> = if jobs.len() > 1 {
            (0..jobs.len()).into_par_iter().map(place).collect()
        } else {
            (0..jobs.len()).map(place).collect()
        };
        // three.js's order: opaque front to back, then transparent back to front; a transparent
        // double-sided draw twice, back faces first.
        draws.sort_by(|a, b| {
            a.material
                .transparent
                .cmp(&b.material.transparent)
                .then(a.render_order.cmp(&b.render_order))
                .then_with(|| {
                    if a.material.transparent {
                        b.sort_z.total_cmp(&a.sort_z)
                    } else {
                        a.sort_z.total_cmp(&b.sort_z)
                    }
                })
                .then(a.object.cmp(&b.object))
        });
        let mut passes = Vec::new();
        for (i, d) in draws.iter().enumerate() {
            let transparent = d.material.transparent;
            if transparent && d.material.side == Side::Double {
                for front in [false, true] {
                    passes.push(Pass {
                        draw: i as u32,
                        faces: Some(front),
                        transparent,
                    });
                }
            } else {
                passes.push(Pass {
                    draw: i as u32,
                    faces: None,
                    transparent,
                });
            }
        }

        Ok((draws, passes))
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
        // The whole frame runs on a thread of the pool: the caller hands it over once, rather
        // than at each parallel step (placing, setting up, the tiles), each a sleep and a wake.
        let write = &write;
        rayon::scope(|_| {
            let size = (self.width, self.height);
            checked_len(self.width, self.height)?;
            let frame = self.prepare_frame(&assets.programs, camera);
            let view = frame.view;
            let (draws, passes) = self.place_draws(&frame, scene, camera, assets)?;
            let rects = tiles(size);
            let bins = bin_passes(&draws, &passes, size);

            let (clear, clear_alpha) = match scene.background {
                Some(c) => (c, 1.0),
                None => (self.clear_color, self.clear_alpha),
            };
            let view3 = Mat3::from_mat4(view);
            let ctx = FrameContext {
                draws,
                passes,
                lights: FrameLights::new(&scene.lights, view),
                fog: scene.fog,
                textures: &assets.textures,
                shading: self.shading,
                view_to_world: view3.inverse(),
                world_to_view: view3,
                clear: [clear.r, clear.g, clear.b, clear_alpha],
                orthographic: camera.is_orthographic(),
                height: self.height,
                hemisphere: scene
                    .lights
                    .iter()
                    .any(|l| matches!(l, crate::scene::Light::Hemisphere { .. })),
            };
            let outputs = tile_rows(image, per_pixel * self.width as usize, per_pixel, &rects);
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
                            Some((first, rest)) if bin.is_empty() => {
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

/// Each tile's (pass, triangle) entries, in pass order: every triangle in every tile its bounding
/// box touches, a two-pass draw's faces in their own pass.
pub(crate) fn bin_passes(draws: &[Draw], passes: &[Pass], size: (u32, u32)) -> Vec<Vec<BinEntry>> {
    let tiles_x = size.0.div_ceil(TILE) as usize;
    let mut bins: Vec<Vec<BinEntry>> = vec![Vec::new(); tiles(size).len()];
    for (p, pass) in passes.iter().enumerate() {
        let draw = &draws[pass.draw as usize];
        for (t, tri) in draw.tris.iter().enumerate() {
            if pass.faces.is_some_and(|front| front != tri.front) {
                continue;
            }
            let [x0, y0, x1, y1] = tri.bbox;
            for ty in (y0 / TILE)..y1.div_ceil(TILE) {
                for tx in (x0 / TILE)..x1.div_ceil(TILE) {
                    bins[ty as usize * tiles_x + tx as usize].push((p as u32, t as u32));
                }
            }
        }
    }
    bins
}

/// The refusals of spec/000 "What a node material refuses" for one mesh; the frame's program.
fn check_material<'a>(
    index: usize,
    material: &crate::scene::Material,
    frame: &'a Frame,
    assets: &Assets,
) -> Result<Option<&'a NodeProgram>, RenderError> {
    for id in material.maps() {
        if !assets.textures.contains(id) {
            return Err(RenderError::refused(format!(
                "object {index}: the material reads texture {} that is not in assets.textures",
                id.0
            )));
        }
    }
    if material.wireframe && material.nodes.is_none() {
        return Err(RenderError::refused(format!(
            "object {index}: wireframe drawing is not supported"
        )));
    }
    let Some(id) = material.nodes else {
        return Ok(None);
    };
    if matches!(material.kind, MaterialKind::Normals | MaterialKind::Depth) {
        return Err(RenderError::refused(format!(
            "object {index}: a {:?} material refuses a node program: it shows data, not a surface's colour",
            material.kind
        )));
    }
    if material.wireframe {
        return Err(RenderError::refused(format!(
            "object {index}: a wireframe refuses a node program: a line has no surface"
        )));
    }
    let program = frame.program(id).ok_or_else(|| {
        RenderError::refused(format!(
            "object {index}: program {} is not in assets.programs",
            id.0
        ))
    })?;
    for slot in program.texture_slots() {
        let texture = TextureId(program.words()[slot.word]);
        if !assets.textures.contains(texture) {
            return Err(RenderError::refused(match &slot.uniform {
                Some(name) => format!(
                    "object {index}: program {}'s texture uniform '{name}' names texture {}, which is not in assets.textures",
                    id.0, texture.0
                ),
                None => format!(
                    "object {index}: program {} reads texture {}, which is not in assets.textures",
                    id.0, texture.0
                ),
            }));
        }
    }
    Ok(Some(program))
}
