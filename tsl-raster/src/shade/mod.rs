//! Shading a batch of fragments of one draw, in spec/000's order ("How it runs"), one function
//! per stage, each in the file named for it (the GPU's `raster.wgsl` has the same stages under
//! the same names):
//!
//! 1. [`shade_geometry`](geometry::shade_geometry): the fragment's geometry and its neighbours':
//!    the view position and normal from the triangle's planes, the attributes the draw reads, the
//!    screen derivatives, flat shading, the normal turned by side, the program's views;
//! 2. [`shade_depth_node`](depth_node::shade_depth_node): the depth node (forward draws only);
//! 3. [`shade_normal`](normal::shade_normal): the normal map, then the normal node's world-space
//!    offset, made unit length again;
//! 4. [`shade_surface`](surface::shade_surface): the mask (a discard joins it), the colour and
//!    opacity after the maps, the alpha test, the emissive, the ambient occlusion;
//! 5. [`shade_lights`](lights::shade_lights): the lights with the bent normal, the AO dimming
//!    the indirect light, the colour multiplied by the arriving light, the emissive added, then
//!    the fog;
//! 6. [`shade_output`](output::shade_output): the output node, reading the lit colour; the alpha
//!    stays what the fragment had.
//!
//! The uv view and the data materials (NORMALS, DEPTH) stop after the geometry
//! ([`shade_data`]). The stages hand each other a [`BatchState`].
//!
//! Every lit fragment's view position and normal come from its triangle's
//! [`SurfacePlanes`](crate::raster::surface::SurfacePlanes); the perspective weights and the
//! corners are gathered only for what else the draw reads (uv, vertex colours, the program's
//! views, the surface derivatives).
//!
//! Each output runs once per batch through `run_nodes` (an output that reads no attribute and no
//! texture is computed once per draw instead, [`Nodes::run`]), with the views the program reads
//! filled ([`views`]).

// Lane loops index several per-lane arrays (lanes, outputs, registers) by the same lane.
#![allow(clippy::needless_range_loop)]

pub(crate) mod brdf;
mod depth_node;
mod geometry;
mod lane_math;
mod lights;
mod maps;
mod normal;
mod output;
mod physical;
mod sampler;
mod scalar_models;
mod surface;
mod views;

use crate::frame::FrameContext;
use crate::output::srgb_eotf;
use crate::raster::draw::Draw;
use crate::scene::MaterialKind;
use crate::settings::Shading;
use crate::store::Store;
use crate::texture::Texture;
use geometry::QuadLanes;
use glam::{Vec2, Vec3};
use lane_math::{Lanes2, Lanes3};
use physical::PhysicalScratch;
use sampler::{Gradients, LaneSampler};
use tsl_core::{
    run_nodes, FragmentBatch, Lane, NodeProgram, Output, Register, Registers, TextureId, LANES,
};

/// One fragment to shade: its pixel, its triangle in the draw, its interpolated window depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FragIn {
    pub x: u32,
    pub y: u32,
    pub tri: u32,
    pub z: f32,
}

/// What shading made of a fragment.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FragOut {
    /// Linear RGB and straight alpha.
    pub color: [f32; 4],
    /// The depth to test and write (the depth node's, or the interpolated one).
    pub depth: f32,
    /// Whether the fragment survived the mask, discards and the alpha test.
    pub keep: bool,
}

/// Per-lane state while a batch is shaded, as structure of arrays: each component of each value
/// in a [`Lane`] of its own, so that the loops over the lanes run several lanes at a time.
struct LaneSet {
    /// Each lane's triangle in the draw and pixel.
    tri: [u32; LANES],
    px: [i64; LANES],
    py: [i64; LANES],
    corners: [[u32; 3]; LANES],
    front: [bool; LANES],
    /// The weights of the original triangle's corners, and their denominators.
    weights: Lanes3,
    denominators: Lane,
    position_world: Lanes3,
    position_view: Lanes3,
    /// The view normal, in place as the shading goes: interpolated and made unit (three's
    /// normalViewGeometry, which the geometry's roughness reads), turned toward the viewer by side
    /// (the normal a derivative reads, and the normal map's base), then bent by the normal map
    /// and the normal node.
    normal_view: Lanes3,
    normal_world: Lanes3,
    uv_raw: Lanes2,
    vertex_color: Lanes3,
    duv: [(Vec2, Vec2); LANES],
    dposition: [(Vec3, Vec3); LANES],
    /// The largest change of the geometric normal across the quad (`getGeometryRoughness`).
    geometry_roughness: Lane,
    right_weights: [Vec3; LANES],
    up_weights: [Vec3; LANES],
    /// `frag_coord()` here, one pixel right and one pixel up (window rows counting upward).
    frag_coord: [[Vec3; 3]; LANES],
    diffuse: Lanes3,
    alpha: Lane,
    emissive: Lanes3,
    ao: Lane,
    /// Unit directions toward the camera.
    view_dir: Lanes3,
    roughness: Lane,
    clearcoat_roughness: Lane,
    outgoing: Lanes3,
}

impl Default for LaneSet {
    fn default() -> Self {
        LaneSet {
            tri: [0; LANES],
            px: [0; LANES],
            py: [0; LANES],
            corners: [[0; 3]; LANES],
            front: [false; LANES],
            weights: Lanes3::default(),
            denominators: [0.0; LANES],
            position_world: Lanes3::default(),
            position_view: Lanes3::default(),
            normal_view: Lanes3::default(),
            normal_world: Lanes3::default(),
            uv_raw: Lanes2::default(),
            vertex_color: Lanes3::default(),
            duv: [(Vec2::ZERO, Vec2::ZERO); LANES],
            dposition: [(Vec3::ZERO, Vec3::ZERO); LANES],
            geometry_roughness: [0.0; LANES],
            right_weights: [Vec3::ZERO; LANES],
            up_weights: [Vec3::ZERO; LANES],
            frag_coord: [[Vec3::ZERO; 3]; LANES],
            diffuse: Lanes3::default(),
            alpha: [0.0; LANES],
            emissive: Lanes3::default(),
            ao: [0.0; LANES],
            view_dir: Lanes3::default(),
            roughness: [0.0; LANES],
            clearcoat_roughness: [0.0; LANES],
            outgoing: Lanes3::default(),
        }
    }
}

/// Buffers one worker reuses from batch to batch.
pub(crate) struct Scratch {
    batch: FragmentBatch,
    registers: Registers,
    lanes: Box<LaneSet>,
    gradients: Box<Gradients>,
    physical: Box<PhysicalScratch>,
    quads: Box<QuadLanes>,
    /// A uniform output's value in every lane.
    uniform: Box<Register>,
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            batch: FragmentBatch::new(),
            registers: Registers::new(),
            lanes: Box::default(),
            gradients: Box::new([(Vec2::ZERO, Vec2::ZERO); LANES]),
            physical: Box::default(),
            quads: Box::default(),
            uniform: Box::new([[0.0; LANES]; 4]),
        }
    }
}

/// What a draw's batch computes beyond the view-space position and normal: the program's
/// fragment views only where it reads them.
struct Wants {
    /// The program reads the fragment's own view or the derivative's "here".
    reads_here: bool,
    /// The program reads `frag_coord()` or the facing.
    reads_screen: bool,
    /// The program reads any view: they are filled.
    views: bool,
    uv: bool,
    world_normal: bool,
    vertex_color: bool,
    /// The corners and their weights: only for what the position and normal planes do not give.
    corners: bool,
    /// The quads' derivatives give only the geometry's roughness.
    roughness_only: bool,
}

impl Wants {
    fn of(ctx: &FrameContext, draw: &Draw) -> Wants {
        let m = draw.material;
        let needs = &draw.needs;
        let reads = &draw.reads;
        let has_program = draw.program.is_some();
        let reads_here = has_program && (reads.fragment || reads.here);
        let reads_screen = has_program && reads.screen;
        let uv = reads_here || ctx.shading == Shading::Uv || m.maps().next().is_some();
        let world_normal = reads_here
            || ctx.hemisphere
            || m.normal_map.is_some()
            || draw.program.is_some_and(|p| p.has_output(Output::Normal));
        let vertex_color = reads_here || m.vertex_colors;
        let roughness_only = !needs.surface_derivatives && !m.flat_shading;
        let views = has_program
            && (reads.fragment || reads.here || reads.right || reads.up || reads.corners);
        let corners = uv || vertex_color || views || (needs.quad_derivatives && !roughness_only);
        Wants {
            reads_here,
            reads_screen,
            views,
            uv,
            world_normal,
            vertex_color,
            corners,
            roughness_only,
        }
    }
}

/// The interpreter's side of a batch: the fragments' views, the registers, the sampler's
/// gradients.
struct Nodes<'s> {
    batch: &'s mut FragmentBatch,
    gradients: &'s mut Gradients,
    registers: &'s mut Registers,
    /// A uniform output's value in every lane.
    uniform: &'s mut Register,
    textures: &'s Store<Texture, TextureId>,
    /// The shading view reads every texture as opaque white.
    white: bool,
}

impl Nodes<'_> {
    /// Output `output` of the draw's program over the first `n` lanes of the batch, if the
    /// program has it: an output whose value is the same in every fragment
    /// (`Draw::uniform_outputs`) is written into every lane without running the program again.
    #[inline]
    fn run(&mut self, draw: &Draw, output: Output, n: usize) -> Option<&Register> {
        let p = draw.program.filter(|p| p.has_output(output))?;
        self.run_program(draw, p, output, n)
    }

    fn run_program(
        &mut self,
        draw: &Draw,
        p: &NodeProgram,
        output: Output,
        n: usize,
    ) -> Option<&Register> {
        match draw.uniform_outputs.iter().find(|(o, _)| *o == output) {
            Some((_, value)) => {
                for (lane, v) in self.uniform.iter_mut().zip(value) {
                    lane[..n].fill(*v);
                }
                Some(self.uniform)
            }
            None => {
                let sampler = LaneSampler {
                    textures: self.textures,
                    gradients: self.gradients,
                    count: n,
                    white: self.white,
                };
                run_nodes(p, output, self.batch, &sampler, self.registers)
            }
        }
    }
}

/// One batch as its stages see it: the frame and the draw, what the draw reads, the lanes, the
/// interpreter's buffers, and each fragment's result.
struct BatchState<'s, 'f> {
    ctx: &'s FrameContext<'f>,
    draw: &'s Draw<'f>,
    /// The fragments (at most [`LANES`]).
    frags: &'s [FragIn],
    /// How many: the lanes in use.
    n: usize,
    wants: Wants,
    lanes: &'s mut LaneSet,
    nodes: Nodes<'s>,
    quads: &'s mut QuadLanes,
    physical: &'s mut PhysicalScratch,
    out: &'s mut [FragOut],
}

impl<'f> BatchState<'_, 'f> {
    /// The texture `id` names where the shading view samples textures (`None` in the lit view,
    /// which reads every texture as white).
    #[inline]
    fn map(&self, id: Option<TextureId>) -> Option<&'f Texture> {
        let textures: &'f Store<Texture, TextureId> = self.ctx.textures;
        id.and_then(|id| textures.get(id))
            .filter(|_| !self.nodes.white)
    }
}

/// Shade `frags` (all of one draw) into `out`: the stages in order.
pub(crate) fn shade_batch(
    ctx: &FrameContext,
    draw: &Draw,
    frags: &[FragIn],
    scratch: &mut Scratch,
    out: &mut Vec<FragOut>,
) {
    let n = frags.len().min(LANES);
    out.clear();
    out.resize(
        n,
        FragOut {
            keep: true,
            ..FragOut::default()
        },
    );
    let Scratch {
        batch,
        registers,
        lanes,
        gradients,
        physical,
        quads,
        uniform,
    } = scratch;
    let mut state = BatchState {
        ctx,
        draw,
        frags: &frags[..n],
        n,
        wants: Wants::of(ctx, draw),
        lanes,
        nodes: Nodes {
            batch,
            gradients,
            registers,
            uniform,
            textures: ctx.textures,
            white: ctx.shading == Shading::Lit,
        },
        quads,
        physical,
        out,
    };
    let state = &mut state;
    geometry::shade_geometry(state);
    if shade_data(state) {
        return;
    }
    depth_node::shade_depth_node(state);
    normal::shade_normal(state);
    surface::shade_surface(state);
    lights::shade_lights(state);
    output::shade_output(state);
}

/// The views that show data rather than a lit surface: the uv view (the geometry's uv as red and
/// green) and the NORMALS and DEPTH materials, their colour straight from the geometry; no
/// lights, no program. Whether the batch was one of them.
fn shade_data(state: &mut BatchState) -> bool {
    let BatchState {
        ctx,
        draw,
        n,
        lanes: s,
        out,
        ..
    } = state;
    let (m, n) = (draw.material, *n);
    if ctx.shading == Shading::Uv {
        for l in 0..n {
            let uv = s.uv_raw.get(l);
            out[l].color = [srgb_eotf(uv.x), srgb_eotf(uv.y), 0.0, 1.0];
        }
        return true;
    }
    if matches!(m.kind, MaterialKind::Normals | MaterialKind::Depth) {
        for l in 0..n {
            let rgb = match m.kind {
                MaterialKind::Normals => s.normal_view.get(l) * 0.5 + 0.5,
                _ => Vec3::splat(1.0 - out[l].depth),
            };
            let alpha = if m.transparent { m.opacity } else { 1.0 };
            out[l].color = [srgb_eotf(rgb.x), srgb_eotf(rgb.y), srgb_eotf(rgb.z), alpha];
        }
        return true;
    }
    false
}
