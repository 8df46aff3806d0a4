//! What a rasterizer hands the interpreter: the attributes of a batch of fragments and a texture
//! sampler; and [`NodeProgram::evaluate`], one fragment at a time, for tests and users.

use super::{run_nodes, Lane, Register, Registers, LANES};
use crate::graph::{Attribute, Output, LANE_ATTRIBUTE_COUNT};
use crate::program::NodeProgram;
use crate::types::TextureId;
use glam::{Vec2, Vec3};

/// Reads textures for the interpreter, a batch at a time.
pub trait TextureSampler {
    /// Write the colour of `texture` at (`u[l]`, `v[l]`) into `out[0..4][l]` for every lane: linear
    /// RGB and straight alpha.
    fn sample(&self, texture: TextureId, u: &Lane, v: &Lane, out: &mut Register);
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

/// The per-lane attributes of a batch: for each [`Attribute::lane_index`], three components of
/// [`LANES`] floats (a vec2 leaves the third unused).
#[derive(Clone)]
pub struct FragmentBatch {
    /// `attributes[attribute][component][lane]`.
    pub attributes: Box<[[Lane; 3]; LANE_ATTRIBUTE_COUNT]>,
}

impl Default for FragmentBatch {
    fn default() -> Self {
        FragmentBatch {
            attributes: Box::new([[[0.0; LANES]; 3]; LANE_ATTRIBUTE_COUNT]),
        }
    }
}

impl FragmentBatch {
    /// A batch of zeros.
    pub fn new() -> FragmentBatch {
        FragmentBatch::default()
    }

    /// Set `attribute` of `lane`. A frame value (time, camera) lives in the program's header and is
    /// ignored here.
    pub fn set(&mut self, attribute: Attribute, lane: usize, value: [f32; 3]) {
        if let Some(index) = attribute.lane_index() {
            for (k, &v) in value.iter().enumerate() {
                self.attributes[index][k][lane] = v;
            }
        }
    }

    /// Set every attribute of `lane` from one fragment.
    pub fn set_fragment(&mut self, lane: usize, fragment: &Fragment) {
        let uv = fragment.uv.extend(0.0);
        let values = [
            (Attribute::Uv, uv),
            (Attribute::PositionWorld, fragment.position_world),
            (Attribute::PositionView, fragment.position_view),
            (Attribute::NormalWorld, fragment.normal_world),
            (Attribute::NormalView, fragment.normal_view),
            (Attribute::VertexColor, fragment.vertex_color),
            (Attribute::PositionLocal, fragment.position_local),
            (Attribute::NormalLocal, fragment.normal_local),
            (Attribute::Lit, fragment.lit),
        ];
        for (attribute, value) in values {
            self.set(attribute, lane, value.to_array());
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
    /// `lit()`.
    pub lit: Vec3,
}

impl NodeProgram {
    /// The value of `output` at one fragment, its type's width of floats; `None` when the graph
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
        let mut batch = FragmentBatch::new();
        batch.set_fragment(0, fragment);
        let mut registers = Registers::new();
        let result = run_nodes(self, output, &batch, sampler, &mut registers)?;
        let width = output.value_type().width().unwrap_or(1);
        Some((0..width).map(|k| result[k][0]).collect())
    }
}
