//! The untyped node graph: an arena of typed nodes, built through `&self` methods so that calls
//! nest as in R-EX-1 (docs/requirements.md) (`graph.sin(graph.mul(graph.time(),
//! graph.float(2.0)))`).
//!
//! # How errors flow
//!
//! A node method returns a [`NodeRef`] whatever happens, so that calls nest. When the graph
//! refuses a node, it adds nothing, records the refusal (the first one is kept) and returns a
//! *refused* ref; a node built from a refused ref is refused too, without a second message, so the
//! first cause is the one reported. [`NodeGraph::error`] returns the refusal as soon as it happens,
//! and [`NodeGraph::compile`] returns it as its `Err`. The statements (`set_output`, `set_input`)
//! return their `Result` at once. Callers that want a `Result` per node (the GLSL front end, the
//! typed front) use [`NodeGraph::try_node`].

mod attribute_node;
mod billboard;
mod builder;
mod color;
mod control;
mod cube_texture;
mod error;
mod integers;
mod library;
mod material;
mod noise;
mod normal_maps;
mod screen;
mod shading;
mod texture_3d;
mod texture_fetch;
mod texture_level;
mod texture_size;
pub(crate) mod typecheck;
mod viewport_texture;

pub use attribute_node::AttributeRefusal;
pub use builder::TextureSource;
pub use color::{NodeColorSpace, Place2dOrder, ToneMappingCurve, REC709_LUMINANCE_COEFFICIENTS};
pub(crate) use control::ControlState;
pub use control::{FnBody, NodeVar, TslFn, MAX_LOOP_COUNT};
pub(crate) use error::input_counts;
pub use error::{BuildError, BuildErrorKind, TypeError};
pub use library::{EulerOrder, EPSILON, HALF_PI, INFINITY, PI, PI2, TWO_PI};
pub use noise::MAX_OCTAVES;
pub use texture_size::{parse_texture_size_uniform, texture_size_uniform_name, TextureRef};

use crate::interface::{Attribute, Output, OUTPUT_COUNT};
use crate::opcode::Opcode;
use crate::types::{TextureId, UniformValue, ValueType};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, Ordering};

/// The most nodes a graph holds (`MAX_GRAPH_NODES`, R-LIM-3).
pub const MAX_GRAPH_NODES: usize = 65_536;

/// A handle to a node of one graph. Copy it freely; it is only an index and the graph's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeRef {
    graph: u32,
    index: u32,
}

const REFUSED: u32 = u32::MAX;

impl NodeRef {
    /// The node's index in its graph's arena.
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// Whether the ref stands for a node the graph refused.
    pub fn is_refused(self) -> bool {
        self.index == REFUSED
    }

    /// The id of the graph the node belongs to.
    pub(crate) fn graph_id(self) -> u32 {
        self.graph
    }
}

/// What a node computes. Its inputs are in [`GraphNode::inputs`], in the order the method took
/// them.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// A constant float or vector; `value`'s first `ty.width()` floats are used.
    Constant {
        /// The constant's type.
        ty: ValueType,
        /// Its components.
        value: [f32; 4],
    },
    /// A uniform, by its index in [`NodeGraph::uniforms`].
    Uniform(usize),
    /// An attribute, a frame value or the lit colour.
    Attribute(Attribute),
    /// A math operation of the opcode table.
    Math(Opcode),
    /// Components of input 0, by index (0 to 3), `len` of them.
    Swizzle {
        /// Component indexes.
        components: [u8; 4],
        /// How many are used.
        len: u8,
    },
    /// The components of every input, in order.
    Join,
    /// `texture(map, uv)`: input 0 is the map, input 1 the coordinate.
    Texture,
    /// A texture by id, the map of a `texture` node.
    TextureConst(TextureId),
    /// A mat3 or a mat4 from its columns.
    Matrix,
    /// One column of input 0, a matrix.
    Column(u8),
    /// Input 0 computed at each corner of the triangle and interpolated with the fragment's
    /// perspective-correct weights.
    Varying,
    /// Input 0 at the neighbouring pixel less input 0 here: `dfdx` or `dfdy`.
    Derivative(Axis),
    /// `texture_3d(map, uvw)`: input 0 is the map (a volume), input 1 the vec3 coordinate.
    Texture3d,
    /// `texture_level(map, uv, level)`: input 0 is the map, input 1 the vec2 coordinate, input
    /// 2 the float mip level (λ).
    TextureLevel,
    /// `texture_fetch(map, texel, level)`: input 0 is the map, input 1 the vec2 texel (whole
    /// numbers), input 2 the float mip level (a whole number).
    TextureFetch,
}

impl Op {
    /// Whether the node reads a texture (`texture`, `texture_3d`, `texture_level`,
    /// `texture_fetch`): its input 0 is the map, and it reads the fragment.
    pub fn reads_texture(&self) -> bool {
        matches!(
            self,
            Op::Texture | Op::Texture3d | Op::TextureLevel | Op::TextureFetch
        )
    }
}

/// The direction of a derivative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// Toward the pixel to the right: `dfdx`.
    X,
    /// Toward the pixel above: `dfdy`.
    Y,
}

/// A node of the graph as plain data: its operation, its inputs (indexes into the same graph) and
/// its type. (The typed handle of the same node is [`typed::Node`](crate::typed::Node).)
#[derive(Clone, Debug, PartialEq)]
pub struct GraphNode {
    /// What the node computes.
    pub op: Op,
    /// The nodes it reads, as indexes into the graph's arena.
    pub inputs: Vec<u32>,
    /// The type of its value.
    pub ty: ValueType,
}

/// A uniform declared by `uniform` or `texture_uniform`.
#[derive(Clone, Debug, PartialEq)]
pub struct UniformDecl {
    /// The name `set_uniform` and `set_texture` find it by.
    pub name: String,
    /// The starting value.
    pub value: UniformInit,
}

/// The starting value of a uniform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum UniformInit {
    /// A float, vector, colour or matrix.
    Value(UniformValue),
    /// A texture.
    Texture(TextureId),
}

impl UniformInit {
    /// The node type of the uniform.
    pub fn value_type(&self) -> ValueType {
        match self {
            UniformInit::Value(v) => v.value_type(),
            UniformInit::Texture(_) => ValueType::Texture,
        }
    }
}

/// The graph's contents: plain data, which [`NodeGraph::parts_mut`] lets a caller edit directly
/// (compile then checks it again).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GraphParts {
    /// Every node, in the order built. A node's inputs come before it unless edited.
    pub nodes: Vec<GraphNode>,
    /// The node of each output, by [`Output::index`].
    pub outputs: [Option<u32>; OUTPUT_COUNT],
    /// The uniforms, in the order declared.
    pub uniforms: Vec<UniformDecl>,
    /// The custom attributes (`named_attribute`), in the order declared.
    pub attributes: Vec<crate::interface::CustomAttribute>,
}

/// A node graph: three.js's node material graph, untyped in Rust, type-checked at every node.
///
/// ```
/// use tsl_core::*;
/// let graph = NodeGraph::new();
/// let wave = graph.sin(graph.mul(graph.time(), graph.float(2.0)));
/// graph.set_output(OPACITY_NODE, wave).unwrap();
/// let program = graph.compile().unwrap();
/// assert!(program.has_output(OPACITY_NODE));
/// ```
#[derive(Debug)]
pub struct NodeGraph {
    id: u32,
    parts: RefCell<GraphParts>,
    error: RefCell<Option<BuildError>>,
    control: RefCell<ControlState>,
}

impl Default for NodeGraph {
    fn default() -> Self {
        NodeGraph::new()
    }
}

impl Clone for NodeGraph {
    /// A copy with the same id, so the refs of this graph name the same nodes in the copy.
    fn clone(&self) -> Self {
        NodeGraph {
            id: self.id,
            parts: RefCell::new(self.parts.borrow().clone()),
            error: RefCell::new(self.error.borrow().clone()),
            control: RefCell::new(self.control.borrow().clone()),
        }
    }
}

static NEXT_GRAPH_ID: AtomicU32 = AtomicU32::new(1);

impl NodeGraph {
    /// An empty graph.
    pub fn new() -> NodeGraph {
        NodeGraph {
            id: NEXT_GRAPH_ID.fetch_add(1, Ordering::Relaxed),
            parts: RefCell::new(GraphParts::default()),
            error: RefCell::new(None),
            control: RefCell::new(ControlState::default()),
        }
    }

    /// The first refusal since the graph was made, if any.
    pub fn error(&self) -> Option<BuildError> {
        self.error.borrow().clone()
    }

    /// How many nodes the graph holds.
    pub fn node_count(&self) -> usize {
        self.parts.borrow().nodes.len()
    }

    /// The type of a node, if the ref names one of this graph.
    pub fn type_of(&self, node: NodeRef) -> Option<ValueType> {
        self.resolve(node)
            .ok()
            .map(|i| self.parts.borrow().nodes[i as usize].ty)
    }

    /// The graph's id, which its refs carry.
    pub(crate) fn id(&self) -> u32 {
        self.id
    }

    /// The statements' state, for compile.
    pub(crate) fn control(&self) -> std::cell::Ref<'_, ControlState> {
        self.control.borrow()
    }

    /// The graph's data, borrowed (the compiler copies it only to add nodes).
    pub(crate) fn parts_ref(&self) -> std::cell::Ref<'_, GraphParts> {
        self.parts.borrow()
    }

    /// A copy of the graph's data.
    pub fn parts(&self) -> GraphParts {
        self.parts.borrow().clone()
    }

    /// The graph's data, to edit as a node editor does. `compile` checks it again: a cycle, an
    /// input that names no node, a type that no longer holds, any node the builder would refuse
    /// (an input count, a constant or swizzle out of range, a uniform that does not exist) and
    /// more than [`MAX_GRAPH_NODES`] nodes or uniforms are refused there.
    pub fn parts_mut(&mut self) -> &mut GraphParts {
        self.parts.get_mut()
    }

    /// The uniforms declared so far.
    pub fn uniforms(&self) -> Vec<UniformDecl> {
        self.parts.borrow().uniforms.clone()
    }

    /// The ref of node `index`, for callers that walk [`GraphParts`].
    pub fn node_ref(&self, index: usize) -> Option<NodeRef> {
        (index < self.node_count()).then_some(NodeRef {
            graph: self.id,
            index: index as u32,
        })
    }

    fn refuse(&self, error: BuildError) -> BuildError {
        let mut first = self.error.borrow_mut();
        if first.is_none() {
            *first = Some(error.clone());
        }
        error
    }

    /// The index of a ref of this graph, or why it names nothing here.
    fn resolve(&self, node: NodeRef) -> Result<u32, Resolve> {
        if node.is_refused() {
            return Err(Resolve::Refused);
        }
        if node.graph != self.id || node.index() >= self.node_count() {
            return Err(Resolve::Foreign);
        }
        Ok(node.index)
    }

    fn resolve_for(&self, op: &str, node: NodeRef) -> Result<u32, BuildError> {
        self.resolve(node).map_err(|why| match why {
            Resolve::Refused => self
                .error()
                .unwrap_or_else(|| BuildError::new(op, BuildErrorKind::RefusedInput)),
            Resolve::Foreign => {
                BuildError::new(op, BuildErrorKind::ForeignNode { node: node.index })
            }
        })
    }

    /// Add a node of `op` over `inputs`, or say why not; the graph is unchanged on `Err`. The
    /// refusal is also recorded for [`NodeGraph::error`] unless an input was already refused.
    pub fn try_node(&self, name: &str, op: Op, inputs: &[NodeRef]) -> Result<NodeRef, BuildError> {
        let mut indexes = Vec::with_capacity(inputs.len());
        for &input in inputs {
            match self.resolve_for(name, input) {
                Ok(i) => indexes.push(i),
                Err(e) if input.is_refused() => return Err(e),
                Err(e) => return Err(self.refuse(e)),
            }
        }
        let ty = {
            let parts = self.parts.borrow();
            let types: Vec<ValueType> = indexes
                .iter()
                .map(|&i| parts.nodes[i as usize].ty)
                .collect();
            let nodes: Vec<&GraphNode> =
                indexes.iter().map(|&i| &parts.nodes[i as usize]).collect();
            typecheck::node_type(&op, &types, &parts.uniforms).and_then(|ty| {
                typecheck::known_operands(&op, &nodes)
                    .map(|()| ty)
                    .map_err(typecheck::NodeFault::Type)
            })
        };
        let ty = ty.map_err(|fault| self.refuse(BuildError::new(name, fault)))?;
        self.push_typed(name, op, indexes, ty)
    }

    fn push_typed(
        &self,
        name: &str,
        op: Op,
        inputs: Vec<u32>,
        ty: ValueType,
    ) -> Result<NodeRef, BuildError> {
        let mut parts = self.parts.borrow_mut();
        if parts.nodes.len() >= MAX_GRAPH_NODES {
            drop(parts);
            return Err(self.refuse(BuildError::new(name, BuildErrorKind::GraphFull)));
        }
        parts.nodes.push(GraphNode { op, inputs, ty });
        Ok(NodeRef {
            graph: self.id,
            index: (parts.nodes.len() - 1) as u32,
        })
    }

    /// The ref that stands for a refused node.
    fn refused(&self) -> NodeRef {
        NodeRef {
            graph: self.id,
            index: REFUSED,
        }
    }

    /// [`NodeGraph::try_node`] for the nesting methods: a refusal gives a refused ref.
    fn node(&self, name: &str, op: Op, inputs: &[NodeRef]) -> NodeRef {
        self.try_node(name, op, inputs).unwrap_or(self.refused())
    }

    /// An input node (attribute, uniform, texture id): typed by its builder, no inputs.
    fn leaf(&self, name: &str, op: Op, ty: ValueType) -> NodeRef {
        self.push_typed(name, op, Vec::new(), ty)
            .unwrap_or(self.refused())
    }

    /// Connect `node` to `output`. Refuses a node of another type than the output's, and a ref that
    /// names nothing in this graph.
    pub fn set_output(&self, output: Output, node: NodeRef) -> Result<(), BuildError> {
        let index = self.resolve_for("set_output", node)?;
        let ty = self.parts.borrow().nodes[index as usize].ty;
        if !output.accepts(ty) {
            return Err(BuildError::new(
                "set_output",
                BuildErrorKind::OutputType { output, found: ty },
            ));
        }
        self.parts.borrow_mut().outputs[output.index()] = Some(index);
        Ok(())
    }

    /// The node connected to `output`, if any.
    pub fn output(&self, output: Output) -> Option<NodeRef> {
        self.parts.borrow().outputs[output.index()].map(|index| NodeRef {
            graph: self.id,
            index,
        })
    }

    /// Rewire input `slot` of `node` to `source`, as a node editor does. Refuses a slot the node
    /// does not have, a source of another type than the input had, and a rewire that makes a cycle.
    pub fn set_input(&self, node: NodeRef, slot: usize, source: NodeRef) -> Result<(), BuildError> {
        let op = "set_input";
        let target = self.resolve_for(op, node)?;
        let from = self.resolve_for(op, source)?;
        let mut parts = self.parts.borrow_mut();
        let inputs = &parts.nodes[target as usize].inputs;
        let Some(&old) = inputs.get(slot) else {
            return Err(BuildError::new(
                op,
                BuildErrorKind::NoSuchInput {
                    node: target,
                    slot,
                    inputs: inputs.len(),
                },
            ));
        };
        let (old_ty, new_ty) = (parts.nodes[old as usize].ty, parts.nodes[from as usize].ty);
        if old_ty != new_ty {
            return Err(BuildError::new(
                op,
                BuildErrorKind::InputType {
                    node: target,
                    slot,
                    old: old_ty,
                    new: new_ty,
                },
            ));
        }
        if depends_on(&parts.nodes, from, target) {
            return Err(BuildError::new(
                op,
                BuildErrorKind::Cycle { from, node: target },
            ));
        }
        parts.nodes[target as usize].inputs[slot] = from;
        Ok(())
    }
}

enum Resolve {
    Refused,
    Foreign,
}

/// Whether `node` reads `target`, directly or through other nodes (or is it).
fn depends_on(nodes: &[GraphNode], node: u32, target: u32) -> bool {
    let mut seen = vec![false; nodes.len()];
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n == target {
            return true;
        }
        if std::mem::replace(&mut seen[n as usize], true) {
            continue;
        }
        stack.extend(
            nodes[n as usize]
                .inputs
                .iter()
                .copied()
                .filter(|&i| (i as usize) < nodes.len()),
        );
    }
    false
}
