//! The state of one batch while it is shaded, which the stages hand on: the fragments in and
//! out, each lane's values ([`LaneSet`]), what the draw reads ([`Wants`]), the interpreter's
//! buffers ([`Nodes`]), all in a [`BatchState`].

use super::lane_math::{Lanes2, Lanes3};
use super::sampler::{Gradients, LaneSampler};
use crate::frame::FrameContext;
use crate::raster::draw::Draw;
use crate::scene::{MaterialKind, Primitive};
use crate::settings::Shading;
use crate::store::Store;
use crate::texture::Texture;
use glam::{Vec2, Vec3};
use tsl_core::{
    run_nodes, run_nodes_after, FragmentBatch, Lane, NodeProgram, Output, Register, Registers,
    TextureId, LANES,
};

/// One fragment to shade: its pixel, its triangle in the draw, its interpolated window depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FragIn {
    pub x: u32,
    pub y: u32,
    pub tri: u32,
    pub z: f32,
    /// The window depth the opaque draws left at the pixel (1 where none covers it), for a
    /// VOLUME material's scene-depth gate (R-VOL-5); 1 for an opaque draw's fragment.
    pub scene_z: f32,
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
pub(super) struct LaneSet {
    /// Each lane's triangle in the draw and pixel.
    pub(super) tri: [u32; LANES],
    pub(super) px: [i64; LANES],
    pub(super) py: [i64; LANES],
    pub(super) corners: [[u32; 3]; LANES],
    pub(super) front: [bool; LANES],
    /// The weights of the original triangle's corners, and their denominators.
    pub(super) weights: Lanes3,
    pub(super) denominators: Lane,
    pub(super) position_world: Lanes3,
    pub(super) position_view: Lanes3,
    /// The view normal, in place as the shading goes: interpolated and made unit (three's
    /// normalViewGeometry, which the geometry's roughness reads), turned toward the viewer by side
    /// (the normal a derivative reads, and the normal map's base), then bent by the normal map
    /// and the normal node.
    pub(super) normal_view: Lanes3,
    pub(super) normal_world: Lanes3,
    pub(super) uv_raw: Lanes2,
    pub(super) vertex_color: Lanes3,
    /// The vertex colour's alpha (1 where the geometry's colours are RGB).
    pub(super) vertex_alpha: Lane,
    /// The interpolated `v_tangentView` and `v_bitangentView` of a geometry with tangents
    /// (`raster/draw.rs` `Vertex`), read by the normal maps.
    pub(super) tangent_view: Lanes3,
    pub(super) bitangent_view: Lanes3,
    pub(super) duv: [(Vec2, Vec2); LANES],
    pub(super) dposition: [(Vec3, Vec3); LANES],
    /// The largest change of the geometric normal across the quad (`getGeometryRoughness`).
    pub(super) geometry_roughness: Lane,
    pub(super) right_weights: [Vec3; LANES],
    pub(super) up_weights: [Vec3; LANES],
    /// `frag_coord()` here, one pixel right and one pixel up (window rows counting upward).
    pub(super) frag_coord: [[Vec3; 3]; LANES],
    pub(super) diffuse: Lanes3,
    pub(super) alpha: Lane,
    pub(super) emissive: Lanes3,
    pub(super) ao: Lane,
    /// Unit directions toward the camera.
    pub(super) view_dir: Lanes3,
    pub(super) roughness: Lane,
    pub(super) clearcoat_roughness: Lane,
    pub(super) outgoing: Lanes3,
    /// STANDARD and PHYSICAL roughness before `getRoughness` and metalness: the material's (times
    /// its maps) or the nodes' (R-OUT-17, `variants.rs`).
    pub(super) material_roughness: Lane,
    pub(super) metalness: Lane,
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
            vertex_alpha: [0.0; LANES],
            tangent_view: Lanes3::default(),
            bitangent_view: Lanes3::default(),
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
            material_roughness: [0.0; LANES],
            metalness: [0.0; LANES],
        }
    }
}

/// What a draw's batch computes beyond the view-space position and normal: the program's
/// fragment views only where it reads them.
pub(super) struct Wants {
    /// The program reads the fragment's own view or the derivative's "here".
    pub(super) reads_here: bool,
    /// The program reads `frag_coord()` or the facing.
    pub(super) reads_screen: bool,
    /// The program reads any view: they are filled.
    pub(super) views: bool,
    pub(super) uv: bool,
    pub(super) world_normal: bool,
    pub(super) vertex_color: bool,
    /// The geometry's tangents, for a normal map or a clearcoat normal map.
    pub(super) tangents: bool,
    /// The corners and their weights: only for what the position and normal planes do not give.
    pub(super) corners: bool,
    /// The quads' derivatives give only the geometry's roughness.
    pub(super) roughness_only: bool,
}

impl Wants {
    pub(super) fn of(ctx: &FrameContext, draw: &Draw) -> Wants {
        let m = draw.material;
        let needs = &draw.needs;
        let reads = &draw.reads;
        let has_program = draw.program.is_some();
        // A volume's ray starts or ends at the fragment's world position, whatever its program
        // reads (R-VOL-2).
        let reads_here =
            has_program && (reads.fragment || reads.here) || m.kind == MaterialKind::Volume;
        let reads_screen = has_program && reads.screen;
        let uv = reads_here
            || ctx.shading == Shading::Uv
            || m.maps().next().is_some()
            || m.reads_tangent_frame();
        let world_normal = reads_here
            || ctx.hemisphere
            || ctx.environment.is_some()
            || m.env_map.is_some()
            || m.normal_map.is_some()
            || m.bump_map.is_some()
            || draw.runs(Output::Normal);
        let vertex_color = reads_here || m.vertex_colors;
        let tangents = draw.has_tangents
            && (m.normal_map.is_some()
                || (m.kind == MaterialKind::Physical && m.clearcoat_normal_map.is_some()));
        let roughness_only = !needs.surface_derivatives && !m.flat_shading;
        let views = has_program
            && (reads.fragment || reads.here || reads.right || reads.up || reads.corners);
        let corners =
            uv || vertex_color || tangents || views || (needs.quad_derivatives && !roughness_only);
        Wants {
            reads_here,
            reads_screen,
            views,
            uv,
            world_normal,
            vertex_color,
            tangents,
            corners,
            roughness_only,
        }
    }
}

/// The interpreter's side of a batch: the fragments' views, the registers, the sampler's
/// gradients.
pub(super) struct Nodes<'s> {
    pub(super) batch: &'s mut FragmentBatch,
    pub(super) gradients: &'s mut Gradients,
    pub(super) registers: &'s mut Registers,
    /// A uniform output's value in every lane.
    pub(super) uniform: &'s mut Register,
    pub(super) textures: &'s Store<Texture, TextureId>,
    /// The volumes `texture_3d` reads.
    pub(super) volumes: &'s Store<crate::texture::Texture3d, TextureId>,
    /// The shading view reads every texture as opaque white.
    pub(super) white: bool,
    /// The screen's texture ids, which a point or a line reads as opaque white (R-PRIM-7).
    pub(super) screen_ids: [TextureId; 2],
    /// The output the interpreter ran last over this batch, whose values the registers hold
    /// ([`Nodes::run_after`]).
    pub(super) last: Option<Output>,
}

impl Nodes<'_> {
    /// Output `output` of the draw's program over the first `n` lanes of the batch, if the
    /// program has it: an output whose value is the same in every fragment
    /// (`Draw::uniform_outputs`) is written into every lane without running the program again.
    #[inline]
    pub(super) fn run(&mut self, draw: &Draw, output: Output, n: usize) -> Option<&Register> {
        let p = draw.program.filter(|_| draw.runs(output))?;
        self.run_program(draw, p, output, n, None)
    }

    /// [`Nodes::run`] for an output that the stage runs right after `previous`, with nothing
    /// between that changes the batch's views: when the interpreter's last run was `previous`,
    /// an `output` laid out as `previous`'s code and more (the opacity after the colour,
    /// docs/bytecode.md) runs only the rest (`run_nodes_after`).
    #[inline]
    pub(super) fn run_after(
        &mut self,
        draw: &Draw,
        output: Output,
        previous: Output,
        n: usize,
    ) -> Option<&Register> {
        let p = draw.program.filter(|_| draw.runs(output))?;
        let previous = Some(previous).filter(|&o| self.last == Some(o));
        self.run_program(draw, p, output, n, previous)
    }

    fn run_program(
        &mut self,
        draw: &Draw,
        p: &NodeProgram,
        output: Output,
        n: usize,
        previous: Option<Output>,
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
                    volumes: self.volumes,
                    white_ids: if draw.primitive == Primitive::Triangles {
                        &[]
                    } else {
                        &self.screen_ids
                    },
                };
                self.last = Some(output);
                match previous {
                    Some(previous) => {
                        run_nodes_after(p, output, previous, self.batch, &sampler, self.registers)
                    }
                    None => run_nodes(p, output, self.batch, &sampler, self.registers),
                }
            }
        }
    }
}

/// One batch as its stages see it: the frame and the draw, what the draw reads, the lanes, the
/// interpreter's buffers, and each fragment's result.
pub(super) struct BatchState<'s, 'f> {
    pub(super) ctx: &'s FrameContext<'f>,
    pub(super) draw: &'s Draw<'f>,
    /// The fragments (at most [`LANES`]).
    pub(super) frags: &'s [FragIn],
    /// How many: the lanes in use.
    pub(super) n: usize,
    pub(super) wants: Wants,
    pub(super) lanes: &'s mut LaneSet,
    pub(super) nodes: Nodes<'s>,
    pub(super) out: &'s mut [FragOut],
}

impl<'f> BatchState<'_, 'f> {
    /// The texture `id` names where the shading view samples textures (`None` in the lit view,
    /// which reads every texture as white).
    #[inline]
    pub(super) fn map(&self, id: Option<TextureId>) -> Option<&'f Texture> {
        let textures: &'f Store<Texture, TextureId> = self.ctx.textures;
        id.and_then(|id| textures.get(id))
            .filter(|_| !self.nodes.white)
    }
}
