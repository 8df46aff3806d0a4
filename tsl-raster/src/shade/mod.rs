//! Shading a batch of fragments of one draw, in the order of R-RUN-6 (docs/requirements.md), one
//! function per stage, each in the file named for it (the GPU's `raster.wgsl` has the same stages
//! under the same names):
//!
//! 1. [`shade_geometry`](geometry::shade_geometry): the fragment's geometry and its neighbours':
//!    the view position and normal from the triangle's planes, the attributes the draw reads, the
//!    screen derivatives, flat shading, the normal turned by side;
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
//! ([`shade_data`]); for the others the program's views are filled ([`views`]) before stage 2.
//! The stages hand each other a [`BatchState`] ([`state`]).
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

mod anisotropy;
mod backdrop;
pub(crate) mod brdf;
mod depth_node;
mod environment;
mod geometry;
mod iridescence;
mod lane_math;
mod lights;
pub(crate) mod ltc;
mod maps;
mod normal;
mod output;
mod physical;
mod physical_full;
pub(crate) mod rect_area;
mod sampler;
mod scalar_models;
mod shadow;
mod sheen;
pub(crate) mod sss;
mod state;
mod surface;
mod transmission;
mod variants;
mod views;
mod volume;
mod volume_shadow;
#[cfg(feature = "gpu")]
pub(crate) use volume_shadow::volume_shadow_times;

use crate::frame::FrameContext;
use crate::output::srgb_eotf;
use crate::raster::draw::Draw;
use crate::scene::MaterialKind;
use crate::settings::Shading;
use geometry::QuadLanes;
use glam::{Vec2, Vec3};
use multiversion::multiversion;
use physical::PhysicalScratch;
use sampler::Gradients;
use state::{BatchState, LaneSet, Nodes, Wants};
use tsl_core::{FragmentBatch, Register, Registers, LANES};

pub(crate) use environment::background_pixel;
pub(crate) use state::{FragIn, FragOut};

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

/// Shade `frags` (all of one draw) into `out`: the stages in order.
///
/// Compiled for baseline x86-64 and again for AVX2 (the stages are inlined into each), chosen at
/// run time by the CPU: the lane loops run eight lanes an instruction instead of four. The two
/// give the same bits: Rust never fuses a multiply and an add (the AVX2 version does not enable
/// FMA), and each lane's operations are the same IEEE operations in the same order.
#[multiversion(targets("x86_64+avx2"))]
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
        // Invariant: (the shading modules) a batch holds n <= LANES fragments; lanes index `[_; LANES]` arrays by `l < n`.
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
            volumes: ctx.volumes,
            white: ctx.shading == Shading::Lit,
            screen_ids: ctx.screen_ids,
            last: None,
        },
        out,
    };
    let state = &mut state;
    geometry::shade_geometry(state, quads);
    if shade_data(state) {
        return;
    }
    views::fill_program_views(state);
    depth_node::shade_depth_node(state);
    normal::shade_normal(state);
    surface::shade_surface(state);
    variants::shade_variants(state);
    volume::shade_volume(state);
    lights::shade_lights(state, physical);
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
