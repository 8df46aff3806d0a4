//! One mesh's draw: its vertices placed (the position node runs here, per vertex, on the host),
//! its triangles clipped and set up, and what its shading needs.

use super::clip::{clip_triangle, inside, ClipVertex};
use super::custom::custom_attributes;
use super::point_size::point_sizes;
use super::primitive::expand_primitive;
use super::recycle::Recycler;
use super::setup::{
    project, setup_polygon, setup_projected, setup_small_triangle, Projected, Tri, WeightPlanes,
};
use super::surface::SurfacePlanes;
use crate::deform::Deformed;
use crate::error::MaterialRefusal;
use crate::geometry::Geometry;
use crate::scene::{Material, MaterialKind, Primitive, Side};
use glam::{Mat3, Mat3A, Mat4, Vec2, Vec3, Vec3A, Vec4};
use rayon::prelude::*;
use std::sync::Arc;
use tsl_core::{
    run_nodes, Attribute, FragmentBatch, NodeProgram, Opcode, Output, Registers, Source, View,
    WhiteSampler, LANES,
};

/// The vertices and the triangles of a mesh are placed in parallel runs of at least these many
/// (fewer would cost more to hand to a thread than to place).
const PARALLEL_VERTICES: usize = 256;
const PARALLEL_TRIANGLES: usize = 256;
/// Triangles are copied from the runs in parallel in pieces of at least these many.
const PARALLEL_COPY: usize = 2048;
/// A dense mesh's triangles are set up in about this many runs a thread: enough for the threads
/// to even out, few enough that each run's vectors are kept for the next frame ([`Recycler`]).
const RUNS_PER_THREAD: usize = 8;

/// A frame's vectors, kept for the next frame's draws (see [`Recycler`]).
static VERTICES: Recycler<Vertex> = Recycler::new();
static CORNERS: Recycler<Corner> = Recycler::new();
static TRIS: Recycler<Tri> = Recycler::new();
static PLANES: Recycler<WeightPlanes> = Recycler::new();
static SURFACES: Recycler<SurfacePlanes> = Recycler::new();
static OFFSETS: Recycler<Vec3> = Recycler::new();
/// A run's triangles, apart from the draws' (whose vectors are a whole mesh's, and kept so).
static RUN_TRIS: Recycler<Tri> = Recycler::new();
static RUNS: Recycler<Vec<Tri>> = Recycler::new();

impl Drop for Draw<'_> {
    fn drop(&mut self) {
        VERTICES.give(std::mem::take(&mut self.verts));
        TRIS.give(std::mem::take(&mut self.tris));
        PLANES.give(std::mem::take(&mut self.planes));
        SURFACES.give(std::mem::take(&mut self.surface));
    }
}

/// A placed vertex as the triangles' set-up sees it: where it is in clip space and on the screen.
#[derive(Clone, Copy, Debug, Default)]
struct Corner {
    clip: Vec4,
    /// Its projection, when `class` is zero.
    screen: Projected,
    /// Zero for a vertex inside every clipping plane and projected to [`Projected::small`]
    /// coordinates; otherwise [`LARGE`], [`UNPROJECTED`] or [`OUTSIDE`]. Or-ed over a triangle's
    /// corners, zero or [`LARGE`] is a triangle set up from its corners' projections as they are.
    class: u8,
}

/// A [`Corner`] inside every clipping plane that cannot be projected (w zero or infinite).
const UNPROJECTED: u8 = 1;
/// A [`Corner`] outside a clipping plane (or NaN).
const OUTSIDE: u8 = 2;
/// A [`Corner`] inside every clipping plane, projected, whose coordinates are not
/// [`Projected::small`].
const LARGE: u8 = 4;

/// A placed vertex: what the fragments interpolate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Vertex {
    pub world: Vec3,
    pub view: Vec3,
    /// Unit, in view space.
    pub normal_view: Vec3,
    pub uv: Vec2,
    /// The geometry's colour with its alpha, opaque white without one.
    pub color: Vec4,
    /// The model-space position after the position node's offset (`position_local()`).
    pub local: Vec3,
    /// The geometry's model-space normal, zero without one (`normal_local()`).
    pub normal_local: Vec3,
    /// three's `v_tangentView`: the geometry's tangent turned into view space, not made unit
    /// length (zero without tangents).
    pub tangent: Vec3,
    /// three's `v_bitangentView`: the unit view normal × the unit view tangent, times the
    /// tangent's handedness (zero without tangents).
    pub bitangent: Vec3,
}

/// Which views of a fragment batch the program reads.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Reads {
    pub fragment: bool,
    pub here: bool,
    pub right: bool,
    pub up: bool,
    pub corners: bool,
    /// Whether it reads where the fragment is (`frag_coord`, `front_facing`, `gl_front_facing`).
    pub screen: bool,
}

/// What the shading of a draw must compute beyond the fragment itself.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Needs {
    /// The weights one pixel right and one pixel up (the program's derivative views).
    pub neighbours: bool,
    /// Any of the built-in derivatives below, taken per 2×2 quad.
    pub quad_derivatives: bool,
    /// The derivatives of the uv and the position (mip levels, normal maps, flat normals).
    pub surface_derivatives: bool,
    /// The derivatives of the geometric normal (the geometry's roughness).
    pub normal_derivatives: bool,
}

/// A mesh ready to rasterize.
pub(crate) struct Draw<'a> {
    /// The object's index in the scene (the tie-break of the sort).
    pub object: usize,
    pub material: &'a Material,
    pub geometry: &'a Geometry,
    /// The frame's copy of the program.
    pub program: Option<&'a NodeProgram>,
    /// Its index in the frame's programs (`Frame::program_index`), which the GPU renderer
    /// addresses programs by.
    #[cfg_attr(not(feature = "gpu"), allow(dead_code))]
    pub program_index: Option<usize>,
    pub verts: Vec<Vertex>,
    pub tris: Vec<Tri>,
    /// Each triangle's weights as planes (the shading's interpolation).
    pub planes: Vec<WeightPlanes>,
    /// Each triangle's view position and normal as planes (what every lit fragment reads).
    pub surface: Vec<SurfacePlanes>,
    pub has_normals: bool,
    /// The geometry has tangents: a normal map reads them (three's `TBNViewMatrix`).
    pub has_tangents: bool,
    /// A transform `uv()` reads through: always `None` since `uv()` is the geometry's uv as
    /// three.js's (R-VAL-5); kept for the GPU pass record's layout.
    pub uv_matrix: Option<Mat3>,
    pub reads: Reads,
    pub needs: Needs,
    /// The fragment outputs that read no attribute and no texture, with their value: the same in
    /// every fragment of the frame, so computed once here.
    pub uniform_outputs: Vec<(Output, [f32; 4])>,
    /// Shaded as it is rasterized (it can discard, moves its depth, blends, or comes after the
    /// opaque draws); otherwise its visible fragments are shaded once, after the opaque draws.
    pub forward: bool,
    /// The normalized device z of the object's origin, for the draw order.
    pub sort_z: f32,
    pub render_order: i32,
    /// The instance of an instanced mesh this draw is (0 for a plain mesh): the tie-break after
    /// the object.
    pub instance: u32,
    /// The instance's colour, which multiplies the diffuse colour as three.js's `instanceColor`
    /// (R-INST-2); `None` for a plain mesh or an instanced mesh without colours.
    pub instance_color: Option<Vec3>,
    /// Each vertex's custom attributes (`attribute(name, type)`, R-ATTR-1), the 8 floats of
    /// lanes `Custom0` to `Custom2`; empty when the program reads none.
    pub custom: Vec<[f32; 8]>,
    /// three.js's `modelRadius`: the geometry's bounding sphere's radius in world space (a
    /// VOLUME material's ray runs from the camera when the camera is beyond twice it).
    pub model_radius: f32,
    /// The lengths of the model matrix's first three columns (three.js's `modelScale` in
    /// `getVolumeTransmissionRay`): a transmissive material's thickness is in local units
    /// (R-SCREEN-3).
    pub model_scale: Vec3,
    // Points and lines (R-PRIM-1):
    /// How the geometry's vertices are drawn.
    pub primitive: Primitive,
    /// A point or a line's triangles over `verts` (raster/primitive.rs); `None` for a mesh,
    /// whose triangles are the geometry's. Read through [`Draw::indices`].
    pub expanded: Option<Vec<[u32; 3]>>,
    /// Each vertex's `point_coord()` (empty but on points).
    pub point_coord: Vec<Vec2>,
    /// A refusal found while placing (a point size not above zero), which the frame returns.
    pub refusal: Option<MaterialRefusal>,
    /// A point or a line's placed vertices before they became quads (the position node has
    /// moved them), with their custom attributes: a light's view draws their depth from these
    /// (R-PRIM-5, frame/shadow/primitive.rs). Empty for a mesh.
    pub source: Vec<Vertex>,
    /// Each point's width on the screen, by its vertex (empty but on points).
    pub point_widths: Vec<f32>,
}

/// three.js's `modelRadius`: `geometry.computeBoundingSphere()` (the centre of the positions'
/// box, the radius the farthest position's distance from it) then `Sphere.applyMatrix4(model)`,
/// which scales the radius by the matrix's largest axis scale (`getMaxScaleOnAxis`).
fn model_radius(geometry: &Geometry, model: Mat4) -> f32 {
    // In parallel: a minimum and a maximum are the same in any order.
    let positions = geometry
        .positions()
        .par_iter()
        .with_min_len(PARALLEL_VERTICES);
    let (low, high) = positions
        .clone()
        .fold(
            || (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
            |(low, high), &p| (low.min(p), high.max(p)),
        )
        .reduce(
            || (Vec3::splat(f32::INFINITY), Vec3::splat(f32::NEG_INFINITY)),
            |(a, b), (c, d)| (a.min(c), b.max(d)),
        );
    let centre = (low + high) * 0.5;
    let radius_sq = positions
        .map(|&p| centre.distance_squared(p))
        .reduce(|| 0.0f32, f32::max);
    let scale_sq = [model.x_axis, model.y_axis, model.z_axis]
        .map(|c| c.truncate().length_squared())
        .into_iter()
        .fold(0.0f32, f32::max);
    radius_sq.sqrt() * scale_sq.sqrt()
}

/// What a draw needs from the frame.
pub(crate) struct Placement<'a> {
    pub model: Mat4,
    pub view: Mat4,
    pub projection: Mat4,
    pub size: (u32, u32),
    pub program: Option<&'a NodeProgram>,
    /// The program's index in the frame's programs.
    pub program_index: Option<usize>,
    pub uv_matrix: Option<Mat3>,
    pub textured: bool,
    /// How the vertices are drawn (R-PRIM-1).
    pub primitive: Primitive,
    /// The mesh's vertices after its morph targets, bones and displacement map
    /// (deform.rs), shared by an instanced mesh's draws; `None` when nothing deforms it.
    pub deformed: Option<Arc<Deformed>>,
}

impl<'a> Draw<'a> {
    /// Place the vertices and set up the triangles of one mesh.
    pub fn new(
        object: usize,
        material: &'a Material,
        geometry: &'a Geometry,
        render_order: i32,
        p: Placement<'a>,
    ) -> Draw<'a> {
        let program = p.program;
        let primitive = p.primitive;
        // The morph targets, bones and displacement map come first; the position node reads the
        // moved positions but the geometry's own normals (R-DEFORM-4).
        let deformed = p.deformed.as_deref();
        let positions = deformed.map_or(geometry.positions(), |d| &d.positions);
        let offsets = position_offsets(
            geometry,
            positions,
            program,
            primitive != Primitive::Triangles,
        );
        // The normal's matrices with their columns in SIMD registers: the same products, lane by
        // lane, as `Mat3`'s, in fewer instructions.
        let normal_matrix = Mat3A::from(Mat3::from_mat4(p.model).inverse().transpose());
        let view3 = Mat3A::from(Mat3::from_mat4(p.view));
        let normals = deformed.map_or(geometry.normals(), |d| d.normals.as_deref());
        let uvs = geometry.uvs();
        let colors = geometry.colors();
        let tangents = geometry.tangents();
        let model3 = Mat3A::from(Mat3::from_mat4(p.model));
        // Each vertex placed and projected once, in parallel (the frame's serial part otherwise:
        // one mesh is one draw).
        // Invariant: `i` is a vertex index below positions().len(); Geometry::check (every constructor) makes normals, uvs and colours as long as positions, and position_offsets returns one per vertex.
        let place = |i: usize| {
            let local = positions[i] + offsets.as_ref().map_or(Vec3::ZERO, |o| o[i]);
            let world = p.model.transform_point3(local);
            let view = p.view.transform_point3(world);
            let clip = p.projection * view.extend(1.0);
            let n = normals.map_or(Vec3::Y, |n| n[i]);
            let normal_view: Vec3 = (view3 * (normal_matrix * Vec3A::from(n)))
                .normalize_or_zero()
                .into();
            // three's Tangent.js and Bitangent.js in the vertex stage: `modelViewMatrix ·
            // (tangent, 0)` as the varying, and the bitangent from the unit normal and tangent.
            let (tangent, bitangent) = match tangents {
                Some(t) => {
                    let t = t[i];
                    let tv: Vec3 = (view3 * (model3 * Vec3A::from(t.truncate()))).into();
                    (tv, normal_view.cross(tv.normalize_or_zero()) * t.w)
                }
                None => (Vec3::ZERO, Vec3::ZERO),
            };
            let vertex = Vertex {
                world,
                view,
                normal_view,
                uv: uvs.map_or(Vec2::ZERO, |u| u[i]),
                color: colors.map_or(Vec4::ONE, |c| c[i]),
                local,
                normal_local: normals.map_or(Vec3::ZERO, |n| n[i]),
                tangent,
                bitangent,
            };
            (vertex, corner(clip, p.size))
        };
        let (mut verts, mut placed) = (VERTICES.take(), CORNERS.take());
        (0..geometry.positions().len())
            .into_par_iter()
            .with_min_len(PARALLEL_VERTICES)
            .map(place)
            .unzip_into_vecs(&mut verts, &mut placed);
        // three.js's WebGLRenderer: `matrixWorld.determinant() < 0` turns the front face round.
        let mut mirrored = p.model.determinant() < 0.0;
        let mut side = material.side;
        let mut custom = program
            .map(|p| custom_attributes(geometry, p))
            .unwrap_or_default();
        let (mut expanded, mut point_coord, mut refusal) = (None, Vec::new(), None);
        let (mut source, mut point_widths) = (Vec::new(), Vec::new());
        if primitive != Primitive::Triangles {
            // A point or a line: its quads in place of the vertices (raster/primitive.rs), which
            // no side culls.
            let sizes = |verts: &[Vertex], custom: &[[f32; 8]]| {
                let widths = point_sizes(
                    verts,
                    custom,
                    material,
                    program,
                    p.projection,
                    p.size.1,
                    |f| with_interpreter(|b, r| f(b, r)),
                );
                if let Ok(w) = &widths {
                    point_widths.clone_from(w);
                }
                widths
            };
            let clips: Vec<Vec4> = placed.iter().map(|c| c.clip).collect();
            let quads =
                expand_primitive(primitive, geometry, &verts, &clips, &custom, p.size, sizes);
            match quads {
                Ok(q) => {
                    source = std::mem::replace(&mut verts, q.verts);
                    placed.clear();
                    placed.extend(q.clip.iter().map(|&c| corner(c, p.size)));
                    custom = q.custom;
                    point_coord = q.point_coord;
                    expanded = Some(q.tris);
                }
                Err(e) => {
                    verts.clear();
                    placed.clear();
                    custom.clear();
                    expanded = Some(Vec::new());
                    refusal = Some(e);
                }
            }
            (mirrored, side) = (false, Side::Double);
        }
        // The triangles in runs set up in parallel, each run's in order, the runs in order.
        let indices = expanded.as_deref().unwrap_or(geometry.indices());
        let mut runs = RUNS.take();
        let run_length = indices
            .len()
            .div_ceil(rayon::current_num_threads() * RUNS_PER_THREAD)
            .max(PARALLEL_TRIANGLES);
        indices
            .par_chunks(run_length)
            .enumerate()
            .map(|(run, chunk)| {
                let first = run * run_length;
                let mut tris = RUN_TRIS.take();
                let mut poly: Vec<ClipVertex> = Vec::with_capacity(9);
                let corners = [Vec3::X, Vec3::Y, Vec3::Z];
                for (k, idx) in chunk.iter().enumerate() {
                    let t = (first + k) as u32;
                    let [a, b, d] = *idx;
                    // Invariant: Geometry::check refuses an index at or past the vertex count (IndexOutOfRange); `placed` has one entry per vertex.
                    let (a, b, d) = (
                        &placed[a as usize],
                        &placed[b as usize],
                        &placed[d as usize],
                    );
                    match a.class | b.class | d.class {
                        // A triangle inside every clipping plane is set up from its corners'
                        // projections (what clipping and projecting it alone would give).
                        0 => {
                            setup_small_triangle(
                                [&a.screen, &b.screen, &d.screen],
                                |i| corners[i],
                                t,
                                side,
                                mirrored,
                                p.size,
                                &mut tris,
                            );
                            continue;
                        }
                        // The same through the general path, whose areas are not exact in i64.
                        LARGE => {
                            setup_projected(
                                &[a.screen, b.screen, d.screen],
                                |i| corners[i],
                                t,
                                side,
                                mirrored,
                                p.size,
                                &mut tris,
                            );
                            continue;
                        }
                        // Inside, but a corner has no projection: nothing to draw.
                        class if class & OUTSIDE == 0 => continue,
                        _ => {}
                    }
                    clip_triangle([a.clip, b.clip, d.clip], &mut poly);
                    setup_polygon(&poly, t, side, mirrored, p.size, &mut tris);
                }
                tris
            })
            .collect_into_vec(&mut runs);
        CORNERS.give(placed);
        if let Some(o) = offsets {
            OFFSETS.give(o);
        }
        // The runs' triangles in order, copied in parallel into the draw's vector: each copy
        // finds its run among the runs' first indices.
        let mut firsts = Vec::with_capacity(runs.len() + 1);
        firsts.push(0);
        for run in &runs {
            firsts.push(firsts[firsts.len() - 1] + run.len());
        }
        let mut tris = TRIS.take();
        (0..firsts[runs.len()])
            .into_par_iter()
            .with_min_len(PARALLEL_COPY)
            .map(|k| {
                let run = firsts.partition_point(|&first| first <= k) - 1;
                // Invariant: `firsts` rises from 0 to the total, so `k` is in run `run`.
                runs[run][k - firsts[run]].clone()
            })
            .collect_into_vec(&mut tris);
        for run in runs.drain(..) {
            RUN_TRIS.give(run);
        }
        RUNS.give(runs);
        // Each triangle's planes, in parallel, written in place.
        let (mut planes, mut surface) = (PLANES.take(), SURFACES.take());
        tris.par_iter()
            .with_min_len(PARALLEL_TRIANGLES)
            .map(|tri| {
                let (origin, exact) = tri.exact_weight_planes();
                // Invariant: `tri.orig` is the index of the geometry triangle set up (`t` above), and its indices are checked by Geometry::check.
                let [a, b, d] = indices[tri.orig as usize];
                let corners = [&verts[a as usize], &verts[b as usize], &verts[d as usize]];
                (
                    WeightPlanes::from_exact(tri, origin, &exact),
                    SurfacePlanes::new(tri, origin, &exact, corners),
                )
            })
            .unzip_into_vecs(&mut planes, &mut surface);
        let reads = program.map(fragment_reads).unwrap_or_default();
        let physical = matches!(
            material.kind,
            MaterialKind::Standard | MaterialKind::Physical
        );
        let program_textures = program.is_some_and(|p| !p.textures().is_empty());
        let needs = Needs {
            neighbours: reads.right || reads.up,
            quad_derivatives: p.textured || program_textures || material.flat_shading || physical,
            surface_derivatives: p.textured
                || program_textures
                || material.flat_shading
                || material.reads_tangent_frame(),
            normal_derivatives: physical && !material.flat_shading,
        };
        let outputs = |o: Output| program.is_some_and(|p| p.has_output(o));
        // A draw after the opaque ones (transmissive, VOLUME) comes after the tiles' resolve.
        let forward = material.drawn_after_opaques()
            || material.alpha_test > 0.0
            || outputs(Output::AlphaTest)
            || !material.depth_test
            || !material.depth_write
            || outputs(Output::Mask)
            || (outputs(Output::Depth) && primitive == Primitive::Triangles);
        let origin = p.projection * p.view * p.model.w_axis;
        let sort_z = if origin.w != 0.0 {
            origin.z / origin.w
        } else {
            0.0
        };
        Draw {
            object,
            material,
            geometry,
            program,
            program_index: p.program_index,
            verts,
            planes,
            surface,
            tris,
            has_normals: normals.is_some(),
            has_tangents: geometry.tangents().is_some(),
            uv_matrix: p.uv_matrix,
            reads,
            needs,
            uniform_outputs: program.map(uniform_outputs).unwrap_or_default(),
            forward,
            sort_z: if sort_z.is_finite() { sort_z } else { 0.0 },
            render_order,
            model_radius: model_radius(geometry, p.model),
            instance: 0,
            instance_color: None,
            custom,
            model_scale: Vec3::new(
                p.model.x_axis.truncate().length(),
                p.model.y_axis.truncate().length(),
                p.model.z_axis.truncate().length(),
            ),
            primitive,
            expanded,
            point_coord,
            refusal,
            source,
            point_widths,
        }
    }

    /// The draw's triangles as corner indices into `verts`: a point or a line's quads, or the
    /// geometry's triangles.
    pub fn indices(&self) -> &[[u32; 3]] {
        self.expanded.as_deref().unwrap_or(self.geometry.indices())
    }
}

/// A placed vertex at clip position `clip` as the set-up sees it, on a screen of `size`.
fn corner(clip: Vec4, size: (u32, u32)) -> Corner {
    // A vertex outside a plane is not projected: its triangles are clipped, and the clipped
    // polygons' vertices projected.
    let (screen, class) = match inside(clip).then(|| project(clip, size)) {
        Some(Some(screen)) if screen.small() => (screen, 0),
        Some(Some(screen)) => (screen, LARGE),
        Some(None) => (Projected::default(), UNPROJECTED),
        None => (Projected::default(), OUTSIDE),
    };
    Corner {
        clip,
        screen,
        class,
    }
}

/// The views that the fragment outputs (all but the position node, which runs per vertex) read.
fn fragment_reads(program: &NodeProgram) -> Reads {
    let mut reads = Reads::default();
    for output in Output::ALL {
        if output == Output::Position {
            continue;
        }
        let (start, count) = program.output_range(output);
        for index in start..start + count {
            let inst = program.instruction(index);
            if inst.opcode != Opcode::Attr as u8 {
                continue;
            }
            let attribute = Attribute::from_lane_index((inst.operands[0] & 0xff) as usize);
            if attribute.is_some_and(|a| a.source() == Source::Screen) {
                reads.screen = true;
            }
            match (inst.operands[0] >> 8) as usize {
                v if v == View::Fragment as usize => reads.fragment = true,
                v if v == View::DerivativeHere as usize => reads.here = true,
                v if v == View::Right as usize => reads.right = true,
                v if v == View::Up as usize => reads.up = true,
                _ => reads.corners = true,
            }
        }
    }
    reads
}

/// `f` with an interpreter's batch and registers (some 200 KiB), kept from frame to frame by each
/// thread.
pub(super) fn with_interpreter<T>(f: impl FnOnce(&mut FragmentBatch, &mut Registers) -> T) -> T {
    thread_local! {
        static BUFFERS: std::cell::RefCell<Option<(FragmentBatch, Registers)>> =
            const { std::cell::RefCell::new(None) };
    }
    BUFFERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffers) => {
            let (batch, registers) =
                buffers.get_or_insert_with(|| (FragmentBatch::new(), Registers::new()));
            f(batch, registers)
        }
        Err(_) => f(&mut FragmentBatch::new(), &mut Registers::new()),
    })
}

/// The position node's offset for every vertex (none without one).
fn position_offsets(
    geometry: &Geometry,
    positions: &[Vec3],
    program: Option<&NodeProgram>,
    no_normals: bool,
) -> Option<Vec<Vec3>> {
    let program = program.filter(|p| p.has_output(Output::Position))?;
    // Runs of vertices in parallel, each a few batches of lanes on one thread's interpreter,
    // written in place into last frame's vector.
    let mut offsets = OFFSETS.take();
    offsets.resize(positions.len(), Vec3::ZERO);
    offsets
        .par_chunks_mut(PARALLEL_VERTICES)
        .enumerate()
        .for_each(|(run, out)| {
            let start = run * PARALLEL_VERTICES;
            with_interpreter(|batch, registers| {
                run_position(
                    geometry, positions, start, out, program, no_normals, batch, registers,
                )
            })
        });
    Some(offsets)
}

/// The value of each fragment output of `program` that reads no attribute and no texture. Such an
/// output computes the same value in every lane (every output is its own range of code, whose
/// only inputs that differ between fragments are `attr` and `texture`), so one run gives every
/// fragment's value.
fn uniform_outputs(program: &NodeProgram) -> Vec<(Output, [f32; 4])> {
    let uniform = |output: Output| {
        let (start, count) = program.output_range(output);
        count > 0
            && (start..start + count).all(|index| {
                let opcode = program.instruction(index).opcode;
                opcode != Opcode::Attr as u8
                    && Opcode::from_byte(opcode)
                        .and_then(Opcode::texture_coordinate)
                        .is_none()
            })
    };
    let outputs: Vec<Output> = Output::ALL
        .into_iter()
        .filter(|&o| o != Output::Position && uniform(o))
        .collect();
    if outputs.is_empty() {
        return Vec::new();
    }
    with_interpreter(|batch, registers| {
        outputs
            .into_iter()
            .filter_map(|output| {
                let r = run_nodes(program, output, batch, &WhiteSampler, registers)?;
                Some((output, [r[0][0], r[1][0], r[2][0], r[3][0]]))
            })
            .collect()
    })
}

/// The position node over the vertices `positions` (the moved ones) of `geometry` from `first`,
/// one for each of `offsets`, which it writes, a batch of lanes at a time.
#[allow(clippy::too_many_arguments)]
fn run_position(
    geometry: &Geometry,
    positions: &[Vec3],
    first: usize,
    offsets: &mut [Vec3],
    program: &NodeProgram,
    no_normals: bool,
    batch: &mut FragmentBatch,
    registers: &mut Registers,
) {
    // A point or a line's position node reads zero as the normal (R-PRIM-4).
    let normals = geometry.normals().filter(|_| !no_normals);
    let range = first..first + offsets.len();
    for start in range.clone().step_by(LANES) {
        let end = (start + LANES).min(range.end);
        for i in start..end {
            let lane = i - start;
            // Invariant: `range` is inside the vertices; normals are as many as positions (Geometry::check); `lane` < LANES.
            batch.set(Attribute::PositionLocal, lane, positions[i].to_array());
            let n = normals.map_or(Vec3::ZERO, |n| n[i]);
            batch.set(Attribute::NormalLocal, lane, n.to_array());
        }
        let result = run_nodes(program, Output::Position, batch, &WhiteSampler, registers);
        for i in start..end {
            let lane = i - start;
            // Invariant: `i` is in `range`, which is as long as `offsets` from `first`.
            offsets[i - first] = result.map_or(Vec3::ZERO, |r| {
                Vec3::new(r[0][lane], r[1][lane], r[2][lane])
            });
        }
    }
}
