//! What a rasterizer hands the interpreter: the attributes of a batch of fragments and a texture
//! sampler; and [`NodeProgram::evaluate`], one fragment at a time, for tests and users.

use super::{run_nodes, Lane, Register, Registers, LANES};
use crate::interface::{Attribute, Output, View, LANE_ATTRIBUTE_COUNT, VIEW_COUNT};
use crate::program::NodeProgram;
use crate::types::TextureId;
use glam::{Vec2, Vec3};

/// Reads textures for the interpreter, a batch at a time.
pub trait TextureSampler {
    /// Write the colour of `texture` at (`u[l]`, `v[l]`) into `out[0..4][l]` for every lane: linear
    /// RGB and straight alpha.
    fn sample(&self, texture: TextureId, u: &Lane, v: &Lane, out: &mut Register);

    /// Write the colour of the 3D texture (volume) `texture` at (`uvw[0][l]`, `uvw[1][l]`,
    /// `uvw[2][l]`) into `out[0..4][l]` for every lane (`texture_3d`). A sampler that holds no
    /// volumes reads opaque white, as [`WhiteSampler`] reads every texture.
    fn sample_3d(&self, texture: TextureId, uvw: [&Lane; 3], out: &mut Register) {
        let _ = (texture, uvw);
        for lane in out.iter_mut() {
            lane.fill(1.0);
        }
    }

    /// Write the colour of `texture` at (`u[l]`, `v[l]`) read at the explicit mip level
    /// `level[l]` (`texture_level`, GLSL's `textureLod`: the level is λ, and the texture's
    /// filters pick one or two levels from it as GL's do) into `out[0..4][l]` for every lane. A
    /// sampler whose textures have one level reads as [`TextureSampler::sample`] does, which is
    /// this default.
    fn sample_level(
        &self,
        texture: TextureId,
        u: &Lane,
        v: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        let _ = level;
        self.sample(texture, u, v, out);
    }

    /// Write the texel of `texture`'s mip level `level[l]` in column `x[l]` and row `y[l]`
    /// (whole numbers, floored; rows counted as [`TextureSampler::sample`]'s `v` counts them)
    /// into `out[0..4][l]` for every lane, unfiltered (`texture_fetch`, GLSL's `texelFetch`);
    /// transparent black for a texel or level outside the texture. A sampler that knows no
    /// texel grid reads opaque white, as [`WhiteSampler`] reads every texture; that is this
    /// default.
    fn sample_fetch(
        &self,
        texture: TextureId,
        x: &Lane,
        y: &Lane,
        level: &Lane,
        out: &mut Register,
    ) {
        let _ = (texture, x, y, level);
        for lane in out.iter_mut() {
            lane.fill(1.0);
        }
    }
}

/// A sampler that reads opaque white everywhere (what SHADE_LIT reads).
#[derive(Clone, Copy, Debug, Default)]
pub struct WhiteSampler;

impl TextureSampler for WhiteSampler {
    fn sample(&self, _: TextureId, _: &Lane, _: &Lane, out: &mut Register) {
        for lane in out.iter_mut() {
            lane.fill(1.0);
        }
    }
}

/// One view's attributes: for each [`Attribute::lane_index`], three components of [`LANES`]
/// floats (a vec2 leaves the third unused).
pub type ViewAttributes = [[Lane; 3]; LANE_ATTRIBUTE_COUNT];

/// The per-lane attributes of a batch, in each [`View`] a program can read: the fragment, the
/// fragment as a derivative reads it, the neighbours to the right and above, and the triangle's
/// three corners. A rasterizer fills the views that [`NodeProgram::views_read`] lists.
#[derive(Clone)]
pub struct FragmentBatch {
    /// `views[view][attribute][component][lane]`.
    pub views: Box<[ViewAttributes; VIEW_COUNT]>,
}

impl Default for FragmentBatch {
    fn default() -> Self {
        FragmentBatch {
            views: Box::new([[[[0.0; LANES]; 3]; LANE_ATTRIBUTE_COUNT]; VIEW_COUNT]),
        }
    }
}

impl FragmentBatch {
    /// A batch of zeros.
    pub fn new() -> FragmentBatch {
        FragmentBatch::default()
    }

    /// Set `attribute` of `lane` in the fragment's own view. A frame value (time, camera) lives in
    /// the program's header and is ignored here. Panics as [`FragmentBatch::set_in`] does.
    pub fn set(&mut self, attribute: Attribute, lane: usize, value: [f32; 3]) {
        self.set_in(View::Fragment, attribute, lane, value);
    }

    /// Set `attribute` of `lane` in `view`.
    ///
    /// # Panics
    ///
    /// When `lane` is not below [`LANES`]: a rasterizer's own index, not user data.
    pub fn set_in(&mut self, view: View, attribute: Attribute, lane: usize, value: [f32; 3]) {
        if let Some(index) = attribute.lane_index() {
            for (k, &v) in value.iter().enumerate() {
                self.views[view as usize][index][k][lane] = v;
            }
        }
    }

    /// Set every attribute of `lane` in the fragment's own view and in the derivative's view of it.
    /// Panics as [`FragmentBatch::set_in`] does.
    pub fn set_fragment(&mut self, lane: usize, fragment: &Fragment) {
        self.set_view(View::Fragment, lane, fragment);
        self.set_view(View::DerivativeHere, lane, fragment);
    }

    /// Set every attribute of `lane` in `view`.
    ///
    /// # Panics
    ///
    /// When `lane` is not below [`LANES`]: a rasterizer's own index, not user data.
    pub fn set_view(&mut self, view: View, lane: usize, fragment: &Fragment) {
        let values = [
            (Attribute::Uv, fragment.uv.extend(0.0)),
            (Attribute::PositionWorld, fragment.position_world),
            (Attribute::PositionView, fragment.position_view),
            (Attribute::NormalWorld, fragment.normal_world),
            (Attribute::NormalView, fragment.normal_view),
            (Attribute::VertexColor, fragment.vertex_color),
            (Attribute::PositionLocal, fragment.position_local),
            (Attribute::NormalLocal, fragment.normal_local),
            (Attribute::Lit, fragment.lit),
            (Attribute::Barycentric, fragment.barycentric),
            (Attribute::FragCoord, fragment.frag_coord),
            (Attribute::FrontFacing, Vec3::splat(fragment.front_facing)),
            (
                Attribute::GlFrontFacing,
                Vec3::splat(fragment.gl_front_facing),
            ),
            (Attribute::LitAlpha, Vec3::splat(fragment.lit_alpha)),
            (Attribute::Shadow, fragment.shadow),
        ];
        for (attribute, value) in values {
            self.set_in(view, attribute, lane, value.to_array());
        }
    }
}

/// The attributes of one fragment (or, for a position node, one vertex).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fragment {
    /// `uv()`.
    pub uv: Vec2,
    /// `position_world()`.
    pub position_world: Vec3,
    /// `position_view()`.
    pub position_view: Vec3,
    /// `normal_world()`.
    pub normal_world: Vec3,
    /// `normal_view()`.
    pub normal_view: Vec3,
    /// `vertex_color()`.
    pub vertex_color: Vec3,
    /// `position_local()`.
    pub position_local: Vec3,
    /// `normal_local()`.
    pub normal_local: Vec3,
    /// `lit().rgb`.
    pub lit: Vec3,
    /// `lit().a`: the material's alpha after its own shading.
    pub lit_alpha: f32,
    /// The perspective-correct weights of the triangle's corners (what a varying interpolates
    /// with); unused in a corner's view.
    pub barycentric: Vec3,
    /// `frag_coord()`: the pixel's centre in pixels from the bottom left, and the window depth.
    pub frag_coord: Vec3,
    /// `front_facing()`: 1 seen from the front, 0 from the back.
    pub front_facing: f32,
    /// `gl_front_facing()`: as `front_facing`, but 1 on the faces a BACK_SIDE material draws.
    pub gl_front_facing: f32,
    /// `shadow()`: what the shaded light's shadow lets through (`RECEIVED_SHADOW_NODE` only).
    pub shadow: Vec3,
}

impl NodeProgram {
    /// The value of `output` at one fragment, its type's width of floats (four for a vec4 output node); `None` when the graph
    /// did not set `output`. Textures read opaque white; see [`NodeProgram::evaluate_with`].
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// graph.set_output(OPACITY_NODE, graph.round(graph.float(2.5))).unwrap();
    /// let program = graph.compile().unwrap();
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![2.0]));
    /// ```
    pub fn evaluate(&self, output: Output, fragment: &Fragment) -> Option<Vec<f32>> {
        self.evaluate_with(output, fragment, &WhiteSampler)
    }

    /// [`NodeProgram::evaluate`] with a sampler of the caller's.
    pub fn evaluate_with(
        &self,
        output: Output,
        fragment: &Fragment,
        sampler: &dyn TextureSampler,
    ) -> Option<Vec<f32>> {
        self.evaluate_views(output, &[*fragment; VIEW_COUNT], sampler)
    }

    /// The value of `output` for a fragment given in every view, indexed by [`View`]: what a
    /// rasterizer would hand over for a program with derivatives and varyings.
    pub fn evaluate_views(
        &self,
        output: Output,
        views: &[Fragment; VIEW_COUNT],
        sampler: &dyn TextureSampler,
    ) -> Option<Vec<f32>> {
        let mut batch = FragmentBatch::new();
        for view in View::ALL {
            batch.set_view(view, 0, &views[view as usize]);
        }
        let mut registers = Registers::new();
        let result = run_nodes(self, output, &batch, sampler, &mut registers)?;
        // A vec4 output node (R-OUT-12) gives its alpha too.
        let declared = output.value_type().width().unwrap_or(1);
        let width = match output {
            Output::Output => declared.max(self.output_width(output)).min(4),
            _ => declared,
        };
        Some((0..width).map(|k| result[k][0]).collect())
    }

    /// The views the program's `attr` instructions read, each once, in id order: what a
    /// rasterizer must fill in a [`FragmentBatch`].
    pub fn views_read(&self) -> Vec<View> {
        let count = self.words()[crate::program::format::H_CODE_LEN] as usize;
        let mut read = [false; VIEW_COUNT];
        for index in 0..count {
            let inst = self.instruction(index);
            if inst.opcode == crate::opcode::Opcode::Attr as u8 {
                read[(inst.operands[0] >> 8) as usize % VIEW_COUNT] = true;
            }
        }
        View::ALL
            .into_iter()
            .filter(|v| read[*v as usize])
            .collect()
    }
}
