//! The current graph: a per-thread stack of the graphs whose [`Scope`] is alive. Every typed
//! operation builds its node in the top one.

use super::node::{IntoNode, IntoNodeOf, Node};
use super::types::{Float, NodeType, Vec3, Vec4};
use crate::compile::GraphError;
use crate::graph::NodeGraph;
use crate::interface::Output;
use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;

thread_local! {
    static STACK: RefCell<Vec<Rc<NodeGraph>>> = const { RefCell::new(Vec::new()) };
    static DETACHED: Rc<NodeGraph> = Rc::new(NodeGraph::new());
}

/// The graph typed nodes are built in now: the top of this thread's stack of scopes.
///
/// With no scope alive, a per-thread *detached* graph that no program ever compiles: a node
/// built there is refused by any other graph that is handed it ("names nothing in this graph").
/// Never panics, even while the thread is being torn down.
pub(crate) fn current() -> Rc<NodeGraph> {
    STACK
        .try_with(|stack| stack.borrow().last().cloned())
        .ok()
        .flatten()
        .or_else(|| DETACHED.try_with(Rc::clone).ok())
        .unwrap_or_else(|| Rc::new(NodeGraph::new()))
}

/// Whether a scope is alive on this thread.
pub fn in_scope() -> bool {
    STACK
        .try_with(|stack| !stack.borrow().is_empty())
        .unwrap_or(false)
}

/// A graph that typed nodes are built in while this guard lives (on this thread): the current
/// graph. Scopes nest; the innermost is current. Dropping the guard leaves the scope.
///
/// It dereferences to its [`NodeGraph`], so the untyped API, `compile` and `set_output` work on
/// it, and the typed `*_node` methods set outputs with their types checked by rustc.
///
/// ```
/// use tsl_core::typed::*;
/// use tsl_core::{Fragment, COLOR_NODE};
/// let scope = Scope::new();
/// let wave = sin(time() * 2.0) * 0.5 + 0.5;
/// scope.color_node(vec3(wave, 0.25, 1.0 - wave)).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), Some(vec![0.5, 0.25, 0.5]));
/// ```
#[derive(Debug)]
pub struct Scope {
    graph: Rc<NodeGraph>,
}

impl Default for Scope {
    fn default() -> Self {
        Scope::new()
    }
}

macro_rules! output_setters {
    ($($(#[$doc:meta])* $method:ident($ty:ident) => $output:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $method(&self, node: impl IntoNodeOf<$ty>) -> Result<(), GraphError> {
                self.set(Output::$output, node.into_node_of())
            }
        )*
    };
}

impl Scope {
    /// A new, empty graph, current until the guard drops.
    pub fn new() -> Scope {
        Scope::enter(NodeGraph::new())
    }

    /// Make `graph` current until the guard drops: typed nodes join the nodes already there.
    pub fn enter(graph: NodeGraph) -> Scope {
        let graph = Rc::new(graph);
        // During thread teardown there is no stack: the scope is then simply not current.
        let _ = STACK.try_with(|stack| stack.borrow_mut().push(Rc::clone(&graph)));
        Scope { graph }
    }

    /// The graph.
    pub fn graph(&self) -> &NodeGraph {
        &self.graph
    }

    /// Leave the scope and take the graph back.
    pub fn into_graph(self) -> NodeGraph {
        let graph = Rc::clone(&self.graph);
        drop(self);
        Rc::try_unwrap(graph).unwrap_or_else(|shared| (*shared).clone())
    }

    /// Connect `node` to `output`; a typed [`NodeGraph::set_output`]. The graph still refuses a
    /// node of another type than the output's, and one of another graph.
    pub fn set<T: NodeType>(&self, output: Output, node: Node<T>) -> Result<(), GraphError> {
        Ok(self.graph.set_output(output, node.node_ref())?)
    }

    /// `material.colorNode = node`: the diffuse colour. A vec3; or, as three.js's
    /// `vec4(colorNode)`, a vec4 whose alpha multiplies the opacity, or a float that fills all
    /// four components (R-OUT-11).
    ///
    /// ```
    /// use tsl_core::typed::*;
    /// let scope = Scope::new();
    /// scope.color_node(vec4(1.0, 0.5, 0.25, 0.5)).unwrap();
    /// assert!(scope.compile().is_ok());
    /// ```
    pub fn color_node<N: IntoNode>(&self, node: N) -> Result<(), GraphError>
    where
        N::Ty: ColorNodeType,
    {
        self.set(Output::Color, node.into_node())
    }

    /// `material.outputNode = node`: the finished colour, which may read `lit()`. A vec4 gives
    /// the fragment's alpha, a vec3 alpha 1, as three.js's `vec4(outputNode)` (R-OUT-12).
    pub fn output_node<N: IntoNode>(&self, node: N) -> Result<(), GraphError>
    where
        N::Ty: OutputNodeType,
    {
        self.set(Output::Output, node.into_node())
    }

    output_setters! {
        /// `material.opacityNode = node`: the alpha.
        opacity_node(Float) => Opacity;
        /// `material.emissiveNode = node`: the light the surface gives off.
        emissive_node(Vec3) => Emissive;
        /// `material.normalNode = node`: an offset added to the world normal.
        normal_node(Vec3) => Normal;
        /// `material.positionNode = node`: an offset added to each vertex's local position.
        position_node(Vec3) => Position;
        /// `material.maskNode = node`: where it is zero the fragment is thrown away.
        mask_node(Float) => Mask;
        /// `material.aoNode = node`: the ambient occlusion.
        ao_node(Float) => Ao;
        /// `material.depthNode = node`: the fragment's depth, 0 near to 1 far.
        depth_node(Float) => Depth;
        /// `material.receivedShadowNode`: what a shadowing light's shadow lets through, from
        /// [`shadow`](crate::typed::shadow) (R-OUT-14).
        received_shadow_node(Vec3) => ReceivedShadow;
        /// `material.castShadowNode`: a caster's colour and alpha in a transmitted shadow map.
        cast_shadow_node(Vec4) => CastShadow;
        /// `material.thicknessColorNode`: MeshSSSNodeMaterial's light through the surface.
        thickness_color_node(Vec3) => ThicknessColor;
        /// `material.thicknessDistortionNode` (0.1 when unset).
        thickness_distortion_node(Float) => ThicknessDistortion;
        /// `material.thicknessAmbientNode` (0 when unset).
        thickness_ambient_node(Float) => ThicknessAmbient;
        /// `material.thicknessAttenuationNode` (0.1 when unset).
        thickness_attenuation_node(Float) => ThicknessAttenuation;
        /// `material.thicknessPowerNode` (2 when unset).
        thickness_power_node(Float) => ThicknessPower;
        /// `material.thicknessScaleNode` (10 when unset).
        thickness_scale_node(Float) => ThicknessScale;
        /// `material.roughnessNode`: a STANDARD or PHYSICAL surface's roughness.
        roughness_node(Float) => Roughness;
        /// `material.metalnessNode`: a STANDARD or PHYSICAL surface's metalness.
        metalness_node(Float) => Metalness;
        /// `material.backdropNode`: what is seen through the surface.
        backdrop_node(Vec3) => Backdrop;
        /// `material.backdropAlphaNode`: how much of the backdrop shows (1 when unset).
        backdrop_alpha_node(Float) => BackdropAlpha;
        /// `material.sizeNode`: a point's or a sprite's size in pixels.
        size_node(Float) => Size;
        /// `material.offsetNode`: a volume ray's first step, in steps.
        offset_node(Float) => Offset;
        /// `material.scatteringNode`: a volume's density at each step.
        scattering_node(Float) => Scattering;
        /// `material.alphaTestNode`: the alpha test's threshold.
        alpha_test_node(Float) => AlphaTest;
    }
}

impl Deref for Scope {
    type Target = NodeGraph;
    fn deref(&self) -> &NodeGraph {
        &self.graph
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        // Remove this scope's entry (the innermost one for its graph), wherever it is: guards
        // dropped out of order leave the others current as they were.
        let _ = STACK.try_with(|stack| {
            let mut stack = stack.borrow_mut();
            if let Some(at) = stack.iter().rposition(|g| Rc::ptr_eq(g, &self.graph)) {
                stack.remove(at);
            }
        });
    }
}

/// The types a colour node may have: `Float`, `Vec3`, `Vec4` (R-OUT-11).
#[diagnostic::on_unimplemented(
    message = "a colour node is a float, vec3 or vec4, not a `{Self}`",
    label = "not a colour",
    note = "three.js takes `vec4(colorNode)`: a vec3 gets alpha 1, a float fills all four components"
)]
pub trait ColorNodeType: NodeType {}

impl ColorNodeType for super::types::Float {}
impl ColorNodeType for super::types::Vec3 {}
impl ColorNodeType for super::types::Vec4 {}

/// The types an output node may have: `Vec3` (alpha 1) or `Vec4` (R-OUT-12).
#[diagnostic::on_unimplemented(
    message = "an output node is a vec3 or vec4, not a `{Self}`",
    label = "not a colour",
    note = "a vec4 gives the fragment's alpha, a vec3 alpha 1"
)]
pub trait OutputNodeType: NodeType {}

impl OutputNodeType for super::types::Vec3 {}
impl OutputNodeType for super::types::Vec4 {}
