//! The syntax tree the parser builds: close to what was written, before names are resolved.

use super::error::Span;
use super::types::Comp;

/// A type the subset can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TypeName {
    Void,
    /// A scalar (1) or a vector (2 to 4) of bools, ints, uints or floats.
    Vector(Comp, u8),
    Mat2,
    Mat3,
    Mat4,
    Sampler2D,
    Sampler3D,
    SamplerCube,
    Sampler2DArray,
    /// A struct the shader declared: its place among the shader's structs, in order.
    Struct(u16),
}

/// A type where it was written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TypeSpec {
    pub name: TypeName,
    pub span: Span,
}

/// A storage qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Storage {
    Const,
    Uniform,
    Attribute,
    Varying,
    In,
    Out,
    InOut,
}

impl Storage {
    pub fn name(self) -> &'static str {
        match self {
            Storage::Const => "const",
            Storage::Uniform => "uniform",
            Storage::Attribute => "attribute",
            Storage::Varying => "varying",
            Storage::In => "in",
            Storage::Out => "out",
            Storage::InOut => "inout",
        }
    }
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Plus,
    Not,
    /// `~`, of integers.
    BitNot,
}

impl UnOp {
    pub fn symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Plus => "+",
            UnOp::Not => "!",
            UnOp::BitNot => "~",
        }
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    And,
    Or,
    Xor,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "%",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::Le => "<=",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Xor => "^^",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
        }
    }
}

/// What a call names: a function or a type (a constructor).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Callee {
    Name(String),
    Type(TypeName),
    /// `T[n](...)` or `T[](...)`.
    Array(TypeName, Option<Box<Expr>>),
}

/// An expression and the place its messages point at (an operator, a name, a literal).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    /// Its first token, where a message about the whole value points.
    pub start: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ExprKind {
    Int(i64),
    UInt(u32),
    Float(f32),
    Bool(bool),
    Ident(String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(Callee, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Field(Box<Expr>, String),
    /// `a.length()`.
    Length(Box<Expr>),
    /// `target = value` or `target op= value` as a value: the target's new value. The
    /// expression's span is the operator's.
    Assign {
        target: Box<Expr>,
        op: Option<BinOp>,
        value: Box<Expr>,
    },
    /// `++target` or `--target`, the new value; `target++` or `target--` (`post`), the old one.
    Step {
        target: Box<Expr>,
        inc: bool,
        post: bool,
    },
    /// `a, b`: `a`, then `b`, whose value it is.
    Comma(Box<Expr>, Box<Expr>),
}

/// A variable of a declaration.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct VarDecl {
    pub name: String,
    pub span: Span,
    pub init: Option<Expr>,
    /// `name[n]` or `name[]`: the size, where written, and the `[`.
    pub array: Option<(Option<Expr>, Span)>,
}

/// A declaration: qualifiers, a type and one or more variables.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Decl {
    pub storage: Option<(Storage, Span)>,
    pub layout: Option<Span>,
    pub ty: TypeSpec,
    pub vars: Vec<VarDecl>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum StmtKind {
    Decl(Decl),
    Expr(Expr),
    /// `target = value` or `target op= value`.
    Assign {
        target: Expr,
        op: Option<BinOp>,
        op_span: Span,
        value: Expr,
    },
    /// `target++`, `++target`, `target--`, `--target` as a statement.
    Step {
        target: Expr,
        inc: bool,
    },
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    For {
        init: Box<Stmt>,
        cond: Option<Expr>,
        step: Option<Box<Stmt>>,
        body: Box<Stmt>,
    },
    /// `while (cond) body`, or with `do_first`, `do body while (cond);`.
    While {
        cond: Expr,
        body: Box<Stmt>,
        do_first: bool,
    },
    /// `switch (selector) { ... }`: its body's statements, among them its labels.
    Switch {
        selector: Expr,
        body: Vec<Stmt>,
    },
    /// `case value:` or (`None`) `default:`, directly in a switch's body.
    Label(Option<Expr>),
    Block(Vec<Stmt>),
    Break,
    Continue,
    Return(Option<Expr>),
    Discard,
    Empty,
}

/// A parameter of a function.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Param {
    pub storage: Storage,
    pub is_const: bool,
    pub ty: TypeSpec,
    pub name: Option<(String, Span)>,
    /// `[n]` after the name: an array parameter (`[]` is refused by the checker).
    pub array: Option<(Option<Expr>, Span)>,
}

/// A function definition.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Function {
    pub ret: TypeSpec,
    pub name: String,
    pub span: Span,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    /// The closing brace (a prototype's `;`).
    pub end: Span,
    /// Whether it is a prototype (`float f(float x);`): a declaration with no body, which lets
    /// a call come before the definition.
    pub prototype: bool,
}

/// A field of a struct.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Field {
    pub ty: TypeSpec,
    pub name: String,
    pub span: Span,
}

/// `struct S { fields };` at the top of a shader.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StructDecl {
    pub name: String,
    pub span: Span,
    pub fields: Vec<Field>,
}

/// A declaration, a function or a struct at the top of a shader.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Item {
    Decl(Decl),
    Function(Function),
    Struct(StructDecl),
}
