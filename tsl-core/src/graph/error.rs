//! The refusals of building a graph: which method refused ([`BuildError::op`]) and why
//! ([`BuildErrorKind`]; a type rule's refusal is a [`TypeError`]).

use super::{MAX_GRAPH_NODES, MAX_LOOP_COUNT, MAX_OCTAVES};
use crate::opcode::Opcode;
use crate::types::ValueType;
use thiserror::Error;

/// A refusal by a node method or a statement of [`NodeGraph`](super::NodeGraph). The message
/// names the method and the reason, as `add: vec3 and vec2 differ in width`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{op}: {kind}")]
pub struct BuildError {
    /// What refused: a node method (`add`), a statement (`If`, `End`, `call f`), `set_output`,
    /// `set_input`, `uniform`, or the name a caller gave [`NodeGraph::refuse_node`](super::NodeGraph::refuse_node).
    pub op: String,
    /// Why.
    pub kind: BuildErrorKind,
}

impl BuildError {
    /// A refusal of `op` for `kind`.
    pub fn new(op: impl Into<String>, kind: impl Into<BuildErrorKind>) -> BuildError {
        BuildError {
            op: op.into(),
            kind: kind.into(),
        }
    }

    /// The reason in words, without the method's name.
    pub fn reason(&self) -> String {
        self.kind.to_string()
    }
}

/// Why a graph refused a node or a statement.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuildErrorKind {
    /// The operands fail the operation's type rule.
    #[error(transparent)]
    Type(#[from] TypeError),
    /// An input is a ref the graph refused before (reported when the first refusal is not at hand).
    #[error("an input was refused")]
    RefusedInput,
    /// A ref of another graph, or past this graph's nodes.
    #[error("node #{node} names nothing in this graph")]
    ForeignNode {
        /// The ref's index.
        node: u32,
    },
    /// An operation given another count of inputs than it takes (a math node of the opcode
    /// table takes [`Opcode::arity`] of them).
    #[error("takes {}, not {given}", input_counts(*.takes, *.most))]
    InputCount {
        /// The inputs given.
        given: usize,
        /// The fewest the operation takes.
        takes: usize,
        /// The most it takes.
        most: usize,
    },
    /// A uniform node (of `try_node`) whose index names no uniform.
    #[error("uniform {uniform} does not exist")]
    NoSuchUniform {
        /// The uniform's index.
        uniform: usize,
    },
    /// A typed handle asked of a node of another type.
    #[error("the node is a {found}, not a {expected}")]
    RefType {
        /// The node's type.
        found: ValueType,
        /// The handle's type.
        expected: ValueType,
    },
    /// A typed handle asked of a ref that names no node of the graph.
    #[error("the ref names nothing in this graph")]
    ForeignRef,
    /// The graph holds [`MAX_GRAPH_NODES`] nodes already.
    #[error("the graph already holds MAX_GRAPH_NODES ({MAX_GRAPH_NODES}) nodes")]
    GraphFull,
    /// `set_output` with a node of another type than the output's.
    #[error("{output} takes a {}, not a {found}", .output.accepted_types())]
    OutputType {
        /// The output.
        output: crate::interface::Output,
        /// The node's type.
        found: ValueType,
    },
    /// `set_input` of a slot the node does not have.
    #[error("node #{node} has no input {slot} ({inputs} inputs)")]
    NoSuchInput {
        /// The node rewired.
        node: u32,
        /// The slot asked for.
        slot: usize,
        /// How many inputs the node has.
        inputs: usize,
    },
    /// `set_input` with a source of another type than the input had.
    #[error("input {slot} of node #{node} is a {old}; a {new} would change its type")]
    InputType {
        /// The node rewired.
        node: u32,
        /// The slot.
        slot: usize,
        /// The input's type.
        old: ValueType,
        /// The new source's type.
        new: ValueType,
    },
    /// `set_input` whose source reads the node it would feed.
    #[error("node #{from} reads node #{node}, so the rewire would make a cycle")]
    Cycle {
        /// The new source.
        from: u32,
        /// The node rewired.
        node: u32,
    },
    /// `set_name` of a node that is not a uniform.
    #[error("node #{node} is not a uniform, so it has no name to set")]
    NotAUniform {
        /// The node.
        node: u32,
    },
    /// `set_name` with an empty name (a uniform without a name is simply one never named).
    #[error("a uniform's name cannot be empty")]
    EmptyName,
    /// A texture node of [`NO_TEXTURE`](crate::types::NO_TEXTURE).
    #[error("NO_TEXTURE names no texture")]
    NoTexture,
    /// A swizzle pattern of no component or more than four.
    #[error("'{pattern}' has {count} components; a swizzle has 1 to 4")]
    SwizzleLength {
        /// The pattern.
        pattern: String,
        /// Its length in characters.
        count: usize,
    },
    /// A swizzle character that is none of `xyzw`, `rgba` and `stpq`.
    #[error("'{component}' is not a component (xyzw, rgba or stpq)")]
    NotAComponent {
        /// The character.
        component: char,
    },
    /// A swizzle pattern that mixes `xyzw`, `rgba` and `stpq`.
    #[error("'{pattern}' mixes the component sets xyzw, rgba and stpq")]
    MixedComponentSets {
        /// The pattern.
        pattern: String,
    },
    /// `join` of no parts.
    #[error("nothing to join")]
    NothingToJoin,
    /// A fractal noise of more than [`MAX_OCTAVES`] octaves.
    #[error("{octaves} octaves, more than {MAX_OCTAVES}")]
    Octaves {
        /// The octaves asked for.
        octaves: u32,
    },
    /// A variable of another graph, or a refused one.
    #[error("variable #{variable} names nothing in this graph")]
    ForeignVariable {
        /// The variable's index.
        variable: u32,
    },
    /// `Var` of a value that is neither a float nor a vector.
    #[error("a {found} cannot be a variable; a variable holds a float or a vector")]
    VariableType {
        /// The value's type.
        found: ValueType,
    },
    /// `assign` of a value of another type than the variable's.
    #[error("the variable is a {variable}, not a {found}")]
    AssignType {
        /// The variable's type.
        variable: ValueType,
        /// The value's type.
        found: ValueType,
    },
    /// `If` or `ElseIf` on a condition that is not a float.
    #[error("the condition is a {found}, not a float")]
    ConditionType {
        /// The condition's type.
        found: ValueType,
    },
    /// `ElseIf` or `Else` after the chain's `Else`.
    #[error("the If already has its Else")]
    ElseAfterElse,
    /// `ElseIf` or `Else` whose innermost block is not an `If`.
    #[error("the innermost block is a {block}, not an If")]
    NotInIf {
        /// The innermost block: `Loop` or `Fn`.
        block: &'static str,
    },
    /// `ElseIf` or `Else` with no block open.
    #[error("no If is open")]
    NoIf,
    /// `End` with no block open.
    #[error("no block is open")]
    NoBlock,
    /// `End` inside a function body whose own blocks are all closed.
    #[error("no block is open in this Fn")]
    NoBlockInFn,
    /// `Break` or `Continue` outside a loop (a call's body does not see its caller's loops).
    #[error("no Loop is open")]
    NoLoop,
    /// `Return` outside a function body.
    #[error("no Fn is being built")]
    NoFn,
    /// `Loop` of a count outside 0 to [`MAX_LOOP_COUNT`].
    #[error("the count {count} is outside 0 to {MAX_LOOP_COUNT}")]
    LoopCount {
        /// The count asked for.
        count: i64,
    },
    /// `End` of a loop whose nodes an edit through `parts_mut` removed while it was open.
    #[error("the graph's parts were edited while the Loop was open; its nodes are gone")]
    EditedInBlock,
    /// `End` of a loop whose unrolling would pass [`MAX_GRAPH_NODES`].
    #[error("unrolling Loop({count}) would grow the graph to {nodes} nodes, past MAX_GRAPH_NODES ({MAX_GRAPH_NODES})")]
    UnrollTooLarge {
        /// The loop's count.
        count: u32,
        /// The nodes the graph would hold.
        nodes: usize,
    },
    /// `Return` of a value of another type than the function's layout says.
    #[error("the Fn answers a {answers}, not a {found}")]
    ReturnType {
        /// The layout's type.
        answers: ValueType,
        /// The value's type.
        found: ValueType,
    },
    /// `call` with another count of arguments than the layout's.
    #[error("{given} arguments, the layout takes {takes}")]
    ArgumentCount {
        /// The arguments given.
        given: usize,
        /// The layout's inputs.
        takes: usize,
    },
    /// `call` with an argument of another type than the layout's.
    #[error("argument {index} ({name}) is a {found}, the layout says {layout}")]
    ArgumentType {
        /// The argument's place, from zero.
        index: usize,
        /// The layout's name for it.
        name: String,
        /// The argument's type.
        found: ValueType,
        /// The layout's type.
        layout: ValueType,
    },
    /// A function that calls itself, directly or through others.
    #[error("{function} calls itself")]
    Recursion {
        /// The function's name.
        function: String,
    },
    /// A function whose layout answers neither a float nor a vector.
    #[error("a Fn answers a float or a vector, not a {layout}")]
    FnOutputType {
        /// The layout's answer type.
        layout: ValueType,
    },
    /// A function body that left a block open.
    #[error("the body left a block open; close it with End")]
    BodyLeftBlockOpen,
    /// A function body whose answer is of another type than the layout's.
    #[error("the body answers a {found}, the layout says {layout}")]
    BodyAnswerType {
        /// The answer's type.
        found: ValueType,
        /// The layout's type.
        layout: ValueType,
    },
    /// A refusal a caller recorded with [`NodeGraph::refuse_node`](super::NodeGraph::refuse_node)
    /// (a front end's own type error, say), in its words.
    #[error("{0}")]
    Caller(String),
    /// A custom attribute `named_attribute` refused (R-ATTR-1).
    #[error(transparent)]
    Attribute(#[from] super::attribute_node::AttributeRefusal),
}

/// Why the types of a node's operands fit no rule of its operation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TypeError {
    /// A swizzle of a component the vector does not have.
    #[error("{found} has no component '{component}'")]
    NoComponent {
        /// The vector's type.
        found: ValueType,
        /// The component, one of `xyzw`.
        component: char,
    },
    /// A swizzle (of edited parts or `try_node`) of a component index past `w` (3).
    #[error("component {index} is none of x, y, z and w (0 to 3)")]
    ComponentIndex {
        /// The index.
        index: u8,
    },
    /// A swizzle (of edited parts or `try_node`) of no component or more than four.
    #[error("a swizzle takes 1 to 4 components, not {len}")]
    SwizzleLength {
        /// The count of components.
        len: u8,
    },
    /// A constant (of edited parts or `try_node`) of a type that is not a float or a vector.
    #[error("a constant is a float or a vector, not a {found}")]
    ConstantType {
        /// The constant's type.
        found: ValueType,
    },
    /// A value with no components (a matrix, a texture) where components are taken.
    #[error("a {found} has no components to {verb}")]
    NoComponents {
        /// The value's type.
        found: ValueType,
        /// What the operation does with them: `swizzle`, `join`, `interpolate`, `differentiate`.
        verb: &'static str,
    },
    /// A join of more than four components.
    #[error("{width} components, at most 4")]
    TooWide {
        /// The components joined.
        width: usize,
    },
    /// A texture read whose map is not a texture.
    #[error("the map is a {found}, not a texture")]
    MapType {
        /// The map's type.
        found: ValueType,
    },
    /// A texture read whose coordinate is not a vec2.
    #[error("the coordinate is a {found}, not a vec2")]
    CoordinateType {
        /// The coordinate's type.
        found: ValueType,
    },
    /// A texture read at a level (`texture_level`) whose level is not a float.
    #[error("a texture's mip level is a {found}, not a float")]
    LevelType {
        /// The level's type.
        found: ValueType,
    },
    /// A 3D texture read (`texture_3d`) whose coordinate is not a vec3.
    #[error("a 3D texture's coordinate is a {found}, not a vec3")]
    VolumeCoordinateType {
        /// The coordinate's type.
        found: ValueType,
    },
    /// A matrix of columns that are not three vec3 or four vec4.
    #[error("a matrix takes three vec3 or four vec4 columns, not {}", type_list(.found))]
    MatrixColumns {
        /// The columns' types.
        found: Vec<ValueType>,
    },
    /// A column of a value that is not a matrix.
    #[error("a {found} is not a matrix")]
    NotAMatrix {
        /// The value's type.
        found: ValueType,
    },
    /// A column past the matrix's size.
    #[error("a {matrix} has no column {index}")]
    NoColumn {
        /// The matrix's type.
        matrix: ValueType,
        /// The column asked for, as given.
        index: usize,
    },
    /// A matrix or a texture as an operand of a math operation that takes neither.
    #[error("a {found} is not an operand of {}; {}", .opcode.name(), operand_hint(*.found))]
    NotAnOperand {
        /// The operand's type.
        found: ValueType,
        /// The operation.
        opcode: Opcode,
    },
    /// A `cross` of operands that are not two vec3.
    #[error("takes two vec3, not {}", type_list(.found))]
    CrossOperands {
        /// The operands' types.
        found: Vec<ValueType>,
    },
    /// A `refract` whose ratio is not a float.
    #[error("eta is a {found}, not a float")]
    EtaType {
        /// The ratio's type.
        found: ValueType,
    },
    /// An operation the interpreter has but a graph may not use.
    #[error("is not a graph operation")]
    NotAGraphOperation,
    /// Operands of two widths, neither a float.
    #[error("{a} and {b} differ in width")]
    WidthMismatch {
        /// The wider operand so far.
        a: ValueType,
        /// The operand that differs.
        b: ValueType,
    },
    /// A product of a matrix and a value of another size.
    #[error(
        "a {a} times a {b}: a matrix multiplies a vector of its width or a matrix of its size"
    )]
    MatrixProduct {
        /// The left operand's type.
        a: ValueType,
        /// The right operand's type.
        b: ValueType,
    },
    /// A noise at a point of a width it does not take.
    #[error("the point is a {found}, not {}", point_types(*.opcode))]
    NoisePoint {
        /// The point's type.
        found: ValueType,
        /// The noise.
        opcode: Opcode,
    },
    /// A noise's jitter that is not a float.
    #[error("the jitter is a {found}, not a float")]
    JitterType {
        /// The jitter's type.
        found: ValueType,
    },
    /// Operands of two kinds (float, int, uint): nothing converts implicitly (R-INT-2).
    #[error(
        "a {a} and a {b} do not mix: integers and floats never convert implicitly; write {}",
        kind_fix(*.a, *.b)
    )]
    KindMismatch {
        /// The first operand of its kind.
        a: ValueType,
        /// The operand of another kind.
        b: ValueType,
    },
    /// An integer operand of an operation that takes floats alone.
    #[error("takes floats, and this operand is a {found}: write to_float(…) first")]
    FloatOnly {
        /// The operand's type.
        found: ValueType,
    },
    /// A float operand of an integer operation (`bit_and`, `rem`, a shift).
    #[error("takes int or uint operands, and this operand is a {found}: write to_int(…) or to_uint(…) first")]
    IntegerOnly {
        /// The operand's type.
        found: ValueType,
    },
    /// A `uint` operand of `abs` or `sign`, which GLSL defines for `int` and floats alone.
    #[error("takes floats or ints, not a {found}: write to_int(…) first")]
    NotUnsigned {
        /// The operand's type.
        found: ValueType,
    },
    /// A shift count that is not an integer scalar or of the shifted value's width.
    #[error("the count is a {found}: a shift of a {value} counts with an int or uint, a scalar or of its width")]
    ShiftCount {
        /// The shifted value's type.
        value: ValueType,
        /// The count's type.
        found: ValueType,
    },
    /// A constant shift count outside 0 to 31.
    #[error("the count {count} is outside 0 to 31")]
    KnownShift {
        /// The count, as its type reads it.
        count: i64,
    },
    /// A constant integer divisor of zero.
    #[error("an integer division by a constant zero")]
    KnownDivisionByZero,
    /// A constant float whose conversion to an integer is not finite or not in the integer's range.
    #[error("{value} is not a {to}: a known conversion must be finite and in range")]
    KnownConversion {
        /// The float, as Rust prints it.
        value: String,
        /// The integer type.
        to: ValueType,
    },
    /// An integer value given to an operation that works on floats (`interpolate`,
    /// `differentiate`).
    #[error("cannot {verb} a {found}: write to_float(…) first")]
    NotFloat {
        /// The operand's type.
        found: ValueType,
        /// What the operation does to it.
        verb: &'static str,
    },
}

/// What to write for a [`TypeError::KindMismatch`] of `a` and `b`.
fn kind_fix(a: ValueType, b: ValueType) -> String {
    let convert = |from: ValueType, to: ValueType| {
        let f = match to.kind() {
            Some(crate::types::Scalar::Int) => "to_int",
            Some(crate::types::Scalar::UInt) => "to_uint",
            _ => "to_float",
        };
        format!("{f}(the {from})")
    };
    format!("{} or {}", convert(b, a), convert(a, b))
}

/// `1 input`, `3 inputs`, `1 to 4 inputs`.
pub(crate) fn input_counts(takes: usize, most: usize) -> String {
    match (takes, most) {
        (1, 1) => "1 input".into(),
        (t, m) if t == m => format!("{t} inputs"),
        (t, m) if m == t + 1 => format!("{t} or {m} inputs"),
        (t, m) => format!("{t} to {m} inputs"),
    }
}

/// `float, vec3, vec4`.
fn type_list(types: &[ValueType]) -> String {
    types
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What takes an operand of `ty`, which no componentwise operation takes.
fn operand_hint(ty: ValueType) -> &'static str {
    if ty == ValueType::Texture {
        "only texture() reads a texture"
    } else {
        "only mul takes a matrix"
    }
}

/// The point types a noise takes, `vec2 or vec3`.
fn point_types(noise: Opcode) -> String {
    noise
        .noise_points()
        .map(|widths| {
            widths
                // Invariant: `noise_points` (the opcode table) yields widths 1 to 4 only.
                .map(|w| ValueType::vector(w).expect("1 to 4").name())
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .unwrap_or_default()
}
