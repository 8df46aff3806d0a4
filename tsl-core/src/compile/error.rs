//! The refusals of `compile` ([`CompileError`]), and [`GraphError`], the one error of the calls
//! where building, compiling and programs meet (`compile` reports a building refusal the graph
//! recorded as well as its own).

use crate::graph::{input_counts, BuildError, BuildErrorKind, TypeError, MAX_GRAPH_NODES};
use crate::interface::{Attribute, Output};
use crate::program::format::{MAX_INSTRUCTIONS, MAX_REGISTERS};
use crate::program::{ProgramError, ValidationError};
use crate::types::ValueType;
use std::fmt;
use thiserror::Error;

/// A refusal by [`NodeGraph::compile`](crate::NodeGraph::compile) of a graph it could not make a
/// program of. The message starts `compile: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CompileError {
    /// An `If`, `Loop` or `Fn` that `End` never closed.
    #[error("compile: a block that End never closed ({block})")]
    UnclosedBlock {
        /// The innermost open block: `If`, `Loop` or `Fn`.
        block: &'static str,
    },
    /// A graph that sets no output and never discards.
    #[error("compile: the graph has no output and no discard")]
    NoOutput,
    /// A node (of edited parts) whose input names no node.
    #[error("compile: node #{node} reads node #{input}, which does not exist")]
    MissingInput {
        /// The node.
        node: usize,
        /// The input's index.
        input: u32,
    },
    /// A uniform node (of edited parts) whose uniform index names no uniform.
    #[error("compile: node #{node} reads uniform {uniform}, which does not exist")]
    MissingUniform {
        /// The node.
        node: usize,
        /// The uniform's index.
        uniform: usize,
    },
    /// A node (of edited parts) with a count of inputs its operation does not take.
    #[error("compile: node #{node} has {inputs} inputs; its operation takes {}", input_counts(*.takes, *.most))]
    Arity {
        /// The node.
        node: usize,
        /// Its inputs.
        inputs: usize,
        /// The fewest its operation takes.
        takes: usize,
        /// The most.
        most: usize,
    },
    /// A texture node (of edited parts) of [`NO_TEXTURE`](crate::types::NO_TEXTURE).
    #[error("compile: node #{node} reads NO_TEXTURE, which names no texture")]
    NoTexture {
        /// The node.
        node: usize,
    },
    /// Parts (edited) of more than [`MAX_GRAPH_NODES`] nodes.
    #[error(
        "compile: the graph holds {nodes} nodes, more than MAX_GRAPH_NODES ({MAX_GRAPH_NODES})"
    )]
    TooManyNodes {
        /// The nodes.
        nodes: usize,
    },
    /// Parts (edited) of more than [`MAX_GRAPH_NODES`] uniforms.
    #[error("compile: the graph declares {uniforms} uniforms, more than MAX_GRAPH_NODES ({MAX_GRAPH_NODES})")]
    TooManyUniforms {
        /// The uniforms.
        uniforms: usize,
    },
    /// A node (of edited parts) whose recorded type is not the type it computes.
    #[error("compile: node #{node} is typed {typed} but computes a {computes}")]
    TypeChanged {
        /// The node.
        node: usize,
        /// The type it records.
        typed: ValueType,
        /// The type its operation computes of its inputs.
        computes: ValueType,
    },
    /// A node (of edited parts) whose inputs' types fit no rule of its operation.
    #[error("compile: node #{node}: {error}")]
    InputTypes {
        /// The node.
        node: usize,
        /// Why the types do not fit.
        error: TypeError,
    },
    /// An output (of edited parts) that names no node.
    #[error("compile: {output} names node #{node}, which does not exist")]
    MissingOutputNode {
        /// The output.
        output: Output,
        /// The node it names.
        node: u32,
    },
    /// An output (of edited parts) set to a node of another type than the output's.
    #[error("compile: {output} takes a {}, not a {found}", .output.accepted_types())]
    OutputType {
        /// The output.
        output: Output,
        /// The node's type.
        found: ValueType,
    },
    /// An output (of edited parts) that reads a cycle.
    #[error("compile: {output} reads a cycle through node #{node}")]
    Cycle {
        /// The output.
        output: Output,
        /// A node on the cycle.
        node: u32,
    },
    /// A position node that reads what only a fragment has.
    #[error("compile: {output} reads {read}, which a vertex does not have; a position node reads position_local, normal_local, uniforms, time and math of them")]
    FragmentInputInVertex {
        /// The output (`POSITION_NODE`).
        output: Output,
        /// What it reads.
        read: Reading,
    },
    /// `lit` outside `OUTPUT_NODE`.
    #[error("compile: {output} reads lit, which only OUTPUT_NODE may read")]
    LitOutsideOutput {
        /// The output.
        output: Output,
    },
    /// `shadow` outside `RECEIVED_SHADOW_NODE`.
    #[error("compile: {output} reads shadow, which only RECEIVED_SHADOW_NODE may read")]
    ShadowOutsideReceivedShadow {
        /// The output.
        output: Output,
    },
    /// A varying that reads where the fragment is on the screen.
    #[error("compile: {output} has a varying that reads {read}, which a vertex does not have; read it outside the varying")]
    ScreenInputInVarying {
        /// The output.
        output: Output,
        /// What the varying reads.
        read: Reading,
    },
    /// A varying that reads a texture, a derivative or `lit`.
    #[error("compile: {output} has a varying that reads {read}; a varying reads positions, normals, uv, vertex_color, time, uniforms and math of them")]
    FragmentInputInVarying {
        /// The output.
        output: Output,
        /// What the varying reads.
        read: Reading,
    },
    /// A derivative of a derivative.
    #[error("compile: {output} takes a derivative of a derivative")]
    DerivativeOfDerivative {
        /// The output.
        output: Output,
    },
    /// A derivative of `lit`.
    #[error(
        "compile: {output} takes a derivative of lit, which the neighbouring pixels do not have"
    )]
    DerivativeOfLit {
        /// The output.
        output: Output,
    },
    /// A derivative of `shadow`.
    #[error(
        "compile: {output} takes a derivative of shadow, which the neighbouring pixels do not have"
    )]
    DerivativeOfShadow {
        /// The output.
        output: Output,
    },
    /// An output that needs more than [`MAX_REGISTERS`] registers at once, in the best order found.
    #[error(
        "compile: {output} needs {registers} registers at once; MAX_REGISTERS is {MAX_REGISTERS}"
    )]
    Registers {
        /// The output.
        output: Output,
        /// The registers it needs.
        registers: usize,
    },
    /// An output of more than [`MAX_INSTRUCTIONS`] instructions.
    #[error(
        "compile: {output} has {instructions} instructions; MAX_INSTRUCTIONS is {MAX_INSTRUCTIONS}"
    )]
    Instructions {
        /// The output.
        output: Output,
        /// Its instructions.
        instructions: usize,
    },
}

impl CompileError {
    /// The output the refusal is about, where it is about one.
    pub fn output(&self) -> Option<Output> {
        match self {
            CompileError::MissingOutputNode { output, .. }
            | CompileError::OutputType { output, .. }
            | CompileError::Cycle { output, .. }
            | CompileError::FragmentInputInVertex { output, .. }
            | CompileError::LitOutsideOutput { output }
            | CompileError::ShadowOutsideReceivedShadow { output }
            | CompileError::DerivativeOfShadow { output }
            | CompileError::ScreenInputInVarying { output, .. }
            | CompileError::FragmentInputInVarying { output, .. }
            | CompileError::DerivativeOfDerivative { output }
            | CompileError::DerivativeOfLit { output }
            | CompileError::Registers { output, .. }
            | CompileError::Instructions { output, .. } => Some(*output),
            CompileError::UnclosedBlock { .. }
            | CompileError::NoOutput
            | CompileError::MissingInput { .. }
            | CompileError::MissingUniform { .. }
            | CompileError::Arity { .. }
            | CompileError::NoTexture { .. }
            | CompileError::TooManyNodes { .. }
            | CompileError::TooManyUniforms { .. }
            | CompileError::TypeChanged { .. }
            | CompileError::InputTypes { .. } => None,
        }
    }
}

/// What an output reads where it may not: an input node, or a texture, varying or derivative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// An attribute, by its method's name (`uv`, `position_local`, `frag_coord`).
    Attribute(Attribute),
    /// A texture read: `a texture`.
    Texture,
    /// A varying: `a varying`.
    Varying,
    /// A derivative: `a derivative`.
    Derivative,
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reading::Attribute(a) => a.name(),
            Reading::Texture => "a texture",
            Reading::Varying => "a varying",
            Reading::Derivative => "a derivative",
        })
    }
}

/// A refusal where building, compiling and programs meet: what [`NodeGraph::compile`] returns
/// (the graph's recorded [`BuildError`], or its own [`CompileError`]), and an error that any of
/// the three areas' calls convert into with `?`. The message is the area's own.
///
/// [`NodeGraph::compile`]: crate::NodeGraph::compile
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GraphError {
    /// A node method or a statement refused, as the graph recorded it.
    #[error(transparent)]
    Build(#[from] BuildError),
    /// `compile` refused the graph.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// A program refused a change, or words were not a valid program.
    #[error(transparent)]
    Program(#[from] ProgramError),
}

impl From<ValidationError> for GraphError {
    fn from(error: ValidationError) -> GraphError {
        GraphError::Program(error.into())
    }
}

impl GraphError {
    /// What refused: the method (`add`, `set_output`, `call f`), `compile`, `validate`,
    /// `program`, `set_uniform` or `set_texture`. The message starts with it and `: `.
    pub fn op(&self) -> &str {
        match self {
            GraphError::Build(e) => &e.op,
            GraphError::Compile(_) => "compile",
            GraphError::Program(e) => e.op(),
        }
    }

    /// The output the refusal is about, where it is about one: a compile refusal's, or the
    /// output a refused `set_output` named.
    pub fn output(&self) -> Option<Output> {
        match self {
            GraphError::Build(BuildError {
                kind: BuildErrorKind::OutputType { output, .. },
                ..
            }) => Some(*output),
            GraphError::Compile(e) => e.output(),
            _ => None,
        }
    }

    /// The message without the [`op`](GraphError::op) and its `: `.
    pub fn reason(&self) -> String {
        let message = self.to_string();
        message[self.op().len() + 2..].to_string()
    }
}
