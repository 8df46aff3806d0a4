//! The checked program: every name resolved, every expression typed, every loop counted. The
//! lowering reads it and trusts it.

use super::ast::{BinOp, Storage, UnOp};
use super::error::Span;
use super::types::{Builtin, Comp, Konst, Ty};

pub(crate) type LocalId = usize;
pub(crate) type GlobalId = usize;
pub(crate) type FnId = usize;

/// A typed expression.
#[derive(Clone, Debug)]
pub(crate) struct TExpr {
    pub kind: TKind,
    pub ty: Ty,
    pub span: Span,
    /// Its first token, where a message about the whole value points.
    pub start: Span,
    /// Its value, where the checker folded it.
    pub konst: Option<Konst>,
    /// Whether its value is known once the loops around it are unrolled (constants, loop
    /// indices, and folding operations of them): what a constant index may be.
    pub unrolled_const: bool,
    /// Whether GLSL calls it a constant expression (what a const's value must be).
    pub glsl_const: bool,
    /// Whether it holds a call of the shader's own functions or an assignment (which write
    /// variables, and a call may discard, so it runs under the mask of where it is reached),
    /// found once when it is built (so that the lowering asks in O(1), not by a walk of the tree
    /// each time it is lowered).
    pub effects: bool,
}

#[derive(Clone, Debug)]
pub(crate) enum TKind {
    /// A folded constant: the value is in `konst`.
    Const,
    Local(LocalId),
    Global(GlobalId),
    Unary(UnOp, Box<TExpr>),
    /// An arithmetic or comparison operator, or `^^`.
    Binary(BinOp, Box<TExpr>, Box<TExpr>),
    /// `&&` or `||`: the right side runs only where the left decides nothing.
    Logical(BinOp, Box<TExpr>, Box<TExpr>),
    Ternary(Box<TExpr>, Box<TExpr>, Box<TExpr>),
    Swizzle(Box<TExpr>, Vec<u8>),
    /// A vector's component or a matrix's column; the index is known once loops unroll.
    Index(Box<TExpr>, Box<TExpr>),
    Construct(Vec<TExpr>),
    /// A struct's field, by its place among the fields.
    Field(Box<TExpr>, usize),
    /// An array's element: the index may be known only at run time (a select chain).
    Element(Box<TExpr>, Box<TExpr>),
    Builtin(Builtin, Vec<TExpr>),
    Call(FnId, Vec<TArg>),
    /// An assignment as a value: the target's new value, or with `post` (`a++`, `a--`) its old
    /// one. `++a` is `a += 1`.
    Assign {
        target: LValue,
        op: Option<BinOp>,
        value: Box<TExpr>,
        post: bool,
    },
    /// `a, b`: `a` for what it writes, then `b`, whose value it is.
    Comma(Box<TExpr>, Box<TExpr>),
}

/// An argument of a call of a function of the shader.
#[derive(Clone, Debug)]
pub(crate) enum TArg {
    In(TExpr),
    Out(LValue),
    InOut(LValue),
}

/// Where an assignment writes.
#[derive(Clone, Debug)]
pub(crate) struct LValue {
    pub root: Root,
    /// The accesses from the root outward.
    pub path: Vec<Access>,
    /// The root's type.
    pub root_ty: Ty,
    pub ty: Ty,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    Local(LocalId),
    Global(GlobalId),
}

#[derive(Clone, Debug)]
pub(crate) enum Access {
    /// Components of a vector, none twice.
    Swizzle(Vec<u8>),
    /// One component of a vector.
    Index(TExpr),
    /// A struct's field, by its place among the fields.
    Field(usize),
    /// An array's element; the index may be known only at run time.
    Element(TExpr),
}

/// How a `for` loop runs, worked out from its constant header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ForRange {
    /// The index's first value and what each step adds (negative for a step down), exact values
    /// of the index's type, an int, a uint or a float.
    pub start: f64,
    pub step: f64,
    pub count: u32,
}

impl ForRange {
    /// The index after `i` for an index of type `ty`: a float's f32 sum, an integer's wrapping
    /// one (as the GPU would step it).
    pub fn next(&self, ty: Ty, i: f64) -> f64 {
        match ty.comp() {
            Some(Comp::Int) => f64::from((i as i32).wrapping_add(self.step as i32)),
            Some(Comp::UInt) => f64::from((i as u32).wrapping_add(self.step as i64 as u32)),
            _ => f64::from(i as f32 + self.step as f32),
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum TStmt {
    /// A local variable; without an initializer it starts at zero.
    Decl {
        local: LocalId,
        init: Option<TExpr>,
    },
    Assign {
        target: LValue,
        op: Option<BinOp>,
        value: TExpr,
    },
    Expr(TExpr),
    If {
        cond: TExpr,
        then: Vec<TStmt>,
        els: Vec<TStmt>,
    },
    For {
        index: LocalId,
        range: ForRange,
        body: Vec<TStmt>,
        span: Span,
    },
    /// A `while`, or with `do_first` a `do`: lowered 256 bodies deep at most, and refused where
    /// the lowering cannot prove that it stops by then.
    While {
        cond: TExpr,
        body: Vec<TStmt>,
        do_first: bool,
        span: Span,
    },
    /// A `switch`: the selector is read once; each section runs where its label or an earlier
    /// one matched (falling through), until a `break`.
    Switch {
        selector: TExpr,
        sections: Vec<SwitchSection>,
    },
    Break(Span),
    Continue(Span),
    Return(Option<TExpr>, Span),
    Discard(Span),
    /// `gl_Position = value`, once, at the top of main.
    SetPosition(TExpr, Span),
}

/// The statements of a switch that follow one run of labels.
#[derive(Clone, Debug)]
pub(crate) struct SwitchSection {
    /// The `case` values of its labels.
    pub labels: Vec<Konst>,
    /// Whether `default:` is among its labels.
    pub default: bool,
    pub body: Vec<TStmt>,
}

/// A local variable or parameter.
#[derive(Clone, Debug)]
pub(crate) struct LocalInfo {
    pub ty: Ty,
}

/// A parameter.
#[derive(Clone, Debug)]
pub(crate) struct TParam {
    pub storage: Storage,
    pub ty: Ty,
    pub local: LocalId,
}

/// A checked function.
#[derive(Clone, Debug)]
pub(crate) struct TFunction {
    pub name: String,
    pub ret: Ty,
    pub params: Vec<TParam>,
    pub locals: Vec<LocalInfo>,
    pub body: Vec<TStmt>,
    pub span: Span,
}

/// The built-in matrices three.js declares, and what a vertex shader may do with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum BuiltinMatrix {
    Model,
    ModelView,
    Projection,
    View,
    Normal,
}

/// The attributes a vertex shader reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum VertexAttribute {
    Position,
    Normal,
    Uv,
    Color,
    /// A custom attribute (R-ATTR-1): the geometry attribute of the global's own name.
    Custom,
}

/// What a global name stands for.
#[derive(Clone, Debug)]
pub(crate) enum GlobalKind {
    /// A uniform of the shader's own: a graph uniform of the same name.
    Uniform,
    BuiltinMatrix(BuiltinMatrix),
    CameraPosition,
    /// three.js's `isOrthographic`: whether the camera is orthographic (R-GLSL-24).
    IsOrthographic,
    Attribute(VertexAttribute),
    /// A varying that the vertex shader writes.
    VaryingOut,
    /// A varying that the fragment shader reads.
    VaryingIn,
    /// A constant, with its initializer.
    Const(TExpr),
    /// A variable of the shader's own, not const: its functions read and write it, and each
    /// invocation starts from its initializer (a constant expression), or zero without one (GLSL
    /// leaves that undefined).
    Private(Option<TExpr>),
    /// The colour output: gl_FragColor, pc_fragColor or the one out vec4.
    FragColor,
    FragDepth,
    Position,
    FragCoord,
    FrontFacing,
    /// gl_PointSize, written in a vertex shader: the size node (R-PRIM-6).
    PointSize,
    /// gl_PointCoord, read in a fragment shader: `point_coord()` (R-PRIM-6).
    PointCoord,
    /// ShaderToy's iTime: the time node.
    Time,
}

#[derive(Clone, Debug)]
pub(crate) struct Global {
    pub name: String,
    pub ty: Ty,
    pub kind: GlobalKind,
    pub span: Span,
}

/// A struct the shader declares.
#[derive(Clone, Debug)]
pub(crate) struct StructDef {
    pub name: String,
    /// Its fields' names and types, in order.
    pub fields: Vec<(String, Ty)>,
}

/// A checked shader.
#[derive(Clone, Debug)]
pub(crate) struct Checked {
    /// The structs, in the order the shader declares them (`Ty::Struct` is a place here).
    pub structs: Vec<StructDef>,
    /// The array types, each once: element type and size (`Ty::Array` is a place here).
    pub arrays: Vec<(Ty, usize)>,
    pub globals: Vec<Global>,
    pub functions: Vec<TFunction>,
    /// `main`, or ShaderToy's `mainImage`.
    pub entry: Option<FnId>,
    /// Whether the source is GLSL ES 1.00 (else 3.00).
    pub es100: bool,
}
