//! The parser: tokens to a syntax tree, by recursive descent. It refuses what the subset leaves
//! out at the place it is written (structs, arrays, a do without braces, bit operators, assignments
//! inside expressions) and bounds the nesting, so that the later passes cannot run out of stack.

use super::ast::*;
use super::error::{Diag, Diags, Span};
use super::lexer::{Tok, Token};
use super::types::Comp;

/// The deepest an expression nests: parentheses, calls, operators inside operators. The links of
/// a left-associative chain (`a + b + c`) are not nesting: a chain counts as one level.
pub(crate) const MAX_EXPRESSION_DEPTH: usize = 96;
/// The deepest expression tree the later passes walk, where each link of a chain is one level:
/// what bounds their recursion.
pub(crate) const MAX_EXPRESSION_TREE: usize = 1024;
/// The deepest nesting of statements. The arms of an `else if` chain are not nesting.
pub(crate) const MAX_STATEMENT_DEPTH: usize = 64;
/// The deepest statement tree the later passes walk, where each `else if` of a chain is one
/// level: what bounds their recursion.
pub(crate) const MAX_STATEMENT_TREE: usize = 1024;

/// GLSL ES keywords and reserved words that a name may not be.
const RESERVED: &[&str] = &[
    "attribute",
    "const",
    "uniform",
    "varying",
    "layout",
    "centroid",
    "flat",
    "smooth",
    "break",
    "continue",
    "do",
    "for",
    "while",
    "switch",
    "case",
    "default",
    "if",
    "else",
    "in",
    "out",
    "inout",
    "float",
    "int",
    "void",
    "bool",
    "true",
    "false",
    "invariant",
    "discard",
    "return",
    "mat2",
    "mat3",
    "mat4",
    "mat2x2",
    "mat2x3",
    "mat2x4",
    "mat3x2",
    "mat3x3",
    "mat3x4",
    "mat4x2",
    "mat4x3",
    "mat4x4",
    "vec2",
    "vec3",
    "vec4",
    "ivec2",
    "ivec3",
    "ivec4",
    "bvec2",
    "bvec3",
    "bvec4",
    "uint",
    "uvec2",
    "uvec3",
    "uvec4",
    "lowp",
    "mediump",
    "highp",
    "precision",
    "sampler2D",
    "sampler3D",
    "samplerCube",
    "sampler2DShadow",
    "samplerCubeShadow",
    "sampler2DArray",
    "sampler2DArrayShadow",
    "isampler2D",
    "isampler3D",
    "isamplerCube",
    "isampler2DArray",
    "usampler2D",
    "usampler3D",
    "usamplerCube",
    "usampler2DArray",
    "struct",
    "coherent",
    "volatile",
    "restrict",
    "readonly",
    "writeonly",
    "resource",
    "atomic_uint",
    "noperspective",
    "patch",
    "sample",
    "subroutine",
    "common",
    "partition",
    "active",
    "asm",
    "class",
    "union",
    "enum",
    "typedef",
    "template",
    "this",
    "goto",
    "inline",
    "noinline",
    "public",
    "static",
    "extern",
    "external",
    "interface",
    "long",
    "short",
    "double",
    "half",
    "fixed",
    "unsigned",
    "superp",
    "input",
    "output",
    "hvec2",
    "hvec3",
    "hvec4",
    "dvec2",
    "dvec3",
    "dvec4",
    "fvec2",
    "fvec3",
    "fvec4",
    "sampler3DRect",
    "filter",
    "sizeof",
    "cast",
    "namespace",
    "using",
    "precise",
];

fn type_name(word: &str) -> Option<TypeName> {
    Some(match word {
        "void" => TypeName::Void,
        "bool" | "int" | "uint" | "float" => TypeName::Vector(scalar_comp(word)?, 1),
        "vec2" | "vec3" | "vec4" | "ivec2" | "ivec3" | "ivec4" | "uvec2" | "uvec3" | "uvec4"
        | "bvec2" | "bvec3" | "bvec4" => {
            let (prefix, n) = word.split_at(word.len() - 1);
            let comp = match prefix {
                "ivec" => Comp::Int,
                "uvec" => Comp::UInt,
                "bvec" => Comp::Bool,
                _ => Comp::Float,
            };
            TypeName::Vector(comp, n.parse().ok()?)
        }
        "mat2" | "mat2x2" => TypeName::Mat2,
        "mat3" | "mat3x3" => TypeName::Mat3,
        "mat4" | "mat4x4" => TypeName::Mat4,
        "sampler2D" => TypeName::Sampler2D,
        "sampler3D" => TypeName::Sampler3D,
        "samplerCube" => TypeName::SamplerCube,
        "sampler2DArray" => TypeName::Sampler2DArray,
        _ => return None,
    })
}

fn scalar_comp(word: &str) -> Option<Comp> {
    Some(match word {
        "bool" => Comp::Bool,
        "int" => Comp::Int,
        "uint" => Comp::UInt,
        "float" => Comp::Float,
        _ => return None,
    })
}

/// Why a type keyword outside the subset is refused, or `None` for a word that is no type.
fn refused_type(word: &str) -> Option<String> {
    let what = match word {
        "mat2x3" | "mat2x4" | "mat3x2" | "mat3x4" | "mat4x2" | "mat4x3" => "non-square matrices",
        "sampler2DShadow"
        | "samplerCubeShadow"
        | "sampler2DArrayShadow"
        | "isampler2D"
        | "isampler3D"
        | "isamplerCube"
        | "isampler2DArray"
        | "usampler2D"
        | "usampler3D"
        | "usamplerCube"
        | "usampler2DArray" => {
            "samplers other than sampler2D, sampler3D, samplerCube and sampler2DArray"
        }
        "atomic_uint" => "atomic counters",
        _ => return None,
    };
    Some(format!("{word}: {what} are not in the subset"))
}

fn binary_op(tok: &Tok) -> Option<(BinOp, u8)> {
    // (operator, precedence): higher binds tighter, as GLSL ES 3.00's table 5.1 orders them.
    Some(match tok {
        Tok::Op("||") => (BinOp::Or, 1),
        Tok::Op("^^") => (BinOp::Xor, 2),
        Tok::Op("&&") => (BinOp::And, 3),
        Tok::Op("|") => (BinOp::BitOr, 4),
        Tok::Op("^") => (BinOp::BitXor, 5),
        Tok::Op("&") => (BinOp::BitAnd, 6),
        Tok::Op("==") => (BinOp::Eq, 7),
        Tok::Op("!=") => (BinOp::Ne, 7),
        Tok::Op("<") => (BinOp::Lt, 8),
        Tok::Op(">") => (BinOp::Gt, 8),
        Tok::Op("<=") => (BinOp::Le, 8),
        Tok::Op(">=") => (BinOp::Ge, 8),
        Tok::Op("<<") => (BinOp::Shl, 9),
        Tok::Op(">>") => (BinOp::Shr, 9),
        Tok::Op("+") => (BinOp::Add, 10),
        Tok::Op("-") => (BinOp::Sub, 10),
        Tok::Op("*") => (BinOp::Mul, 11),
        Tok::Op("/") => (BinOp::Div, 11),
        Tok::Op("%") => (BinOp::Mod, 11),
        _ => return None,
    })
}

/// An assignment's operator: `None` for `=`, else the operator of its compound form.
fn assign_op(tok: &Tok) -> Option<Option<BinOp>> {
    Some(match tok {
        Tok::Op("=") => None,
        Tok::Op("+=") => Some(BinOp::Add),
        Tok::Op("-=") => Some(BinOp::Sub),
        Tok::Op("*=") => Some(BinOp::Mul),
        Tok::Op("/=") => Some(BinOp::Div),
        Tok::Op("%=") => Some(BinOp::Mod),
        Tok::Op("&=") => Some(BinOp::BitAnd),
        Tok::Op("|=") => Some(BinOp::BitOr),
        Tok::Op("^=") => Some(BinOp::BitXor),
        Tok::Op("<<=") => Some(BinOp::Shl),
        Tok::Op(">>=") => Some(BinOp::Shr),
        _ => return None,
    })
}

/// Parse the tokens of one shader (ending with [`Tok::Eof`]).
/// Parse a shader's tokens. A refused item or statement does not stop the parse: the parser
/// skips it ([`Parser::skip_refused`]) and goes on with the next, so every syntax error of the
/// source is reported (at most [`MAX_DIAGNOSTICS`](super::error::MAX_DIAGNOSTICS) kept).
pub(crate) fn parse(tokens: &[Token]) -> Result<Vec<Item>, Diags> {
    let mut parser = Parser {
        tokens,
        at: 0,
        depth: 0,
        links: 0,
        nesting: 0,
        structs: Vec::new(),
        refused: Diags::default(),
    };
    let mut items = Vec::new();
    while !parser.at_eof() {
        let state = parser.state();
        match parser.item() {
            Ok(Some(item)) => items.push(item),
            Ok(None) => {}
            Err(diag) => parser.skip_refused(state, diag),
        }
    }
    if parser.refused.is_empty() {
        Ok(items)
    } else {
        Err(parser.refused)
    }
}

/// Where a parse stood before an item or a statement: what [`Parser::skip_refused`] goes back
/// to.
#[derive(Clone, Copy)]
struct State {
    at: usize,
    depth: usize,
    links: usize,
    nesting: usize,
}

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    /// Statements open around the one being read, but for the `else if` links.
    depth: usize,
    /// The `else if` links open around the one being read.
    links: usize,
    /// Expression rules open around the one being read (recursion, not tree depth).
    nesting: usize,
    /// The names of the structs declared so far, in order: a struct's type names its place.
    structs: Vec<String>,
    /// The items and statements refused so far.
    refused: Diags,
}

/// How deep an expression is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Depth {
    /// Its nesting, where a chain's links count once ([`MAX_EXPRESSION_DEPTH`]).
    nest: usize,
    /// Its tree's depth, where each link counts ([`MAX_EXPRESSION_TREE`]).
    tree: usize,
}

impl Depth {
    const LEAF: Depth = Depth { nest: 1, tree: 1 };

    /// The deeper of two, in each measure.
    fn max(self, other: Depth) -> Depth {
        Depth {
            nest: self.nest.max(other.nest),
            tree: self.tree.max(other.tree),
        }
    }

    /// One level above this one.
    fn up(self) -> Depth {
        Depth {
            nest: self.nest + 1,
            tree: self.tree + 1,
        }
    }
}

/// An expression and how deep it is.
type Parsed = (Expr, Depth);

impl<'a> Parser<'a> {
    fn state(&self) -> State {
        State {
            at: self.at,
            depth: self.depth,
            links: self.links,
            nesting: self.nesting,
        }
    }

    /// Keep `diag`, the refusal of the item or statement that began at `state`, and skip that
    /// item or statement: back to its start, then over its brackets to just past a `;` outside
    /// them, or past the `}` that closes them (unless an `else`, or a `while` after the `}`,
    /// carries the statement on), or up to a `}` that closes the enclosing block. A closer that matches no open
    /// bracket is passed over; a `}` closes the brackets left open inside its block. Each token
    /// is passed once more at most, and the skip takes at least one, so a source's refusals
    /// cost time linear in its length.
    fn skip_refused(&mut self, state: State, diag: Diag) {
        self.refused.push(diag);
        self.at = state.at;
        self.depth = state.depth;
        self.links = state.links;
        self.nesting = state.nesting;
        let mut open: Vec<&str> = Vec::new();
        while !self.at_eof() {
            if open.is_empty() && self.is_op("}") {
                if self.at == state.at {
                    self.bump();
                }
                return;
            }
            let mut block_end = false;
            let ends = open.is_empty() && self.is_op(";");
            match self.peek() {
                Tok::Op(op @ ("(" | "[" | "{")) => open.push(op),
                Tok::Op(")") if open.last() == Some(&"(") => drop(open.pop()),
                Tok::Op("]") if open.last() == Some(&"[") => drop(open.pop()),
                Tok::Op("}") => {
                    while open.pop().is_some_and(|op| op != "{") {}
                    block_end = open.is_empty();
                }
                _ => {}
            }
            self.bump();
            let carried = self.is_word("else") || (block_end && self.is_word("while"));
            if (ends || block_end) && !carried {
                return;
            }
        }
    }

    fn token(&self) -> &'a Token {
        let last = self.tokens.len().saturating_sub(1);
        // Invariant: the preprocessor's tokens end with `Tok::Eof`, so there is at least one.
        &self.tokens[self.at.min(last)]
    }

    fn peek(&self) -> &'a Tok {
        &self.token().tok
    }

    fn peek_at(&self, n: usize) -> &'a Tok {
        let last = self.tokens.len().saturating_sub(1);
        // Invariant: as in `token`: the tokens are not empty.
        &self.tokens[(self.at + n).min(last)].tok
    }

    fn span(&self) -> Span {
        self.token().span
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }

    fn bump(&mut self) -> &'a Token {
        let t = self.token();
        if !matches!(t.tok, Tok::Eof) {
            self.at += 1;
        }
        t
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek(), Tok::Ident(w) if w == word)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn unexpected(&self, wanted: &str) -> Diag {
        let t = self.token();
        Diag::new(t.span, format!("expected {wanted}, found {}", shown(t)))
    }

    fn expect_op(&mut self, op: &str) -> Result<Span, Diag> {
        if self.is_op(op) {
            Ok(self.bump().span)
        } else {
            Err(self.unexpected(&format!("'{op}'")))
        }
    }

    /// A name being declared: not a keyword, not reserved, not `gl_`.
    fn new_name(&mut self, what: &str) -> Result<(String, Span), Diag> {
        let t = self.token();
        let Tok::Ident(name) = &t.tok else {
            return Err(self.unexpected(what));
        };
        if RESERVED.contains(&name.as_str()) {
            return Err(Diag::new(
                t.span,
                format!("'{name}' is a keyword or a reserved word of GLSL, not a name"),
            ));
        }
        if name.starts_with("gl_") {
            return Err(Diag::new(
                t.span,
                format!("names starting with gl_ belong to GLSL; '{name}' cannot be declared"),
            ));
        }
        self.bump();
        Ok((name.clone(), t.span))
    }

    fn enter(&mut self, span: Span) -> Result<(), Diag> {
        self.depth += 1;
        if self.depth > MAX_STATEMENT_DEPTH {
            return Err(Diag::new(
                span,
                format!("blocks nest more than {MAX_STATEMENT_DEPTH} deep"),
            ));
        }
        Ok(())
    }

    /// Skip precision qualifiers; refuse the interpolation and invariance qualifiers.
    fn skip_precision_and_refuse_qualifiers(&mut self) -> Result<(), Diag> {
        loop {
            match self.peek() {
                Tok::Ident(w) if matches!(w.as_str(), "highp" | "mediump" | "lowp" | "smooth") => {
                    self.bump();
                }
                Tok::Ident(w) if matches!(w.as_str(), "flat" | "centroid" | "invariant") => {
                    return Err(Diag::new(
                        self.span(),
                        format!("the qualifier {w} is not in the subset"),
                    ));
                }
                _ => return Ok(()),
            }
        }
    }

    /// The type a word names: one of GLSL's or a struct declared before.
    fn named_type(&self, word: &str) -> Option<TypeName> {
        type_name(word).or_else(|| {
            let i = self.structs.iter().position(|s| s == word)?;
            Some(TypeName::Struct(i as u16))
        })
    }

    /// A type name, or a refusal naming the type outside the subset.
    fn type_spec(&mut self) -> Result<TypeSpec, Diag> {
        let t = self.token();
        if let Tok::Ident(word) = &t.tok {
            if word == "struct" {
                return Err(Diag::new(
                    t.span,
                    "a struct is declared at the top of the shader, apart from its variables: struct S { ... }; S s;",
                ));
            }
            if let Some(name) = self.named_type(word) {
                self.bump();
                return Ok(TypeSpec { name, span: t.span });
            }
            if let Some(reason) = refused_type(word) {
                return Err(Diag::new(t.span, reason));
            }
            return Err(Diag::new(t.span, format!("'{word}' is not a type")));
        }
        Err(self.unexpected("a type"))
    }

    fn starts_type(&self) -> bool {
        matches!(self.peek(), Tok::Ident(w) if self.named_type(w).is_some() || refused_type(w).is_some())
    }

    fn starts_qualifier(&self) -> bool {
        matches!(self.peek(), Tok::Ident(w) if matches!(w.as_str(),
            "const" | "uniform" | "attribute" | "varying" | "in" | "out" | "inout" | "layout"
            | "highp" | "mediump" | "lowp" | "smooth" | "flat" | "centroid" | "invariant"))
    }

    /// A top-level item; `None` for a precision statement or a lone `;`.
    fn item(&mut self) -> Result<Option<Item>, Diag> {
        if self.eat_op(";") {
            return Ok(None);
        }
        if self.is_word("precision") {
            self.precision()?;
            return Ok(None);
        }
        let start = self.span();
        if self.is_word("struct") {
            return self.struct_decl().map(|s| Some(Item::Struct(s)));
        }
        let (storage, layout) = self.qualifiers()?;
        let ty = self.type_spec()?;
        self.skip_array_suffix_refusal()?;
        if storage.is_none() && layout.is_none() {
            if let (Tok::Ident(_), Tok::Op("(")) = (self.peek(), self.peek_at(1)) {
                return self.function(ty).map(|f| Some(Item::Function(f)));
            }
        }
        if self.is_op("{") {
            return Err(Diag::new(start, "interface blocks are not in the subset"));
        }
        let decl = self.declaration_rest(storage, layout, ty)?;
        Ok(Some(Item::Decl(decl)))
    }

    /// `struct S { T a; T b, c; };`: fields of the subset's types and of structs declared
    /// before it.
    fn struct_decl(&mut self) -> Result<StructDecl, Diag> {
        let at = self.bump().span;
        let (name, span) = match self.peek() {
            Tok::Ident(_) => self.new_name("a struct name")?,
            _ => {
                return Err(Diag::new(
                    at,
                    "a struct without a name is not in the subset",
                ))
            }
        };
        if self.named_type(&name).is_some() {
            return Err(Diag::new(span, format!("{name} is a type already")));
        }
        self.expect_op("{")?;
        let mut fields: Vec<Field> = Vec::new();
        while !self.eat_op("}") {
            if self.at_eof() {
                return Err(Diag::new(at, "this struct has no }"));
            }
            self.skip_precision_and_refuse_qualifiers()?;
            if self.starts_qualifier() {
                return Err(Diag::new(
                    self.span(),
                    "a struct's field takes no qualifier",
                ));
            }
            let ty = self.type_spec()?;
            loop {
                let (fname, fspan) = self.new_name("a field name")?;
                self.skip_array_suffix_refusal()?;
                if fields.iter().any(|f| f.name == fname) {
                    return Err(Diag::new(
                        fspan,
                        format!("{name} has two fields named {fname}"),
                    ));
                }
                fields.push(Field {
                    ty,
                    name: fname,
                    span: fspan,
                });
                if self.eat_op(";") {
                    break;
                }
                self.expect_op(",")?;
            }
        }
        if fields.is_empty() {
            return Err(Diag::new(span, format!("{name} has no fields")));
        }
        if !self.is_op(";") {
            return Err(Diag::new(
                self.span(),
                "a struct's variables are declared apart from it: struct S { ... }; S s;",
            ));
        }
        self.bump();
        self.structs.push(name.clone());
        Ok(StructDecl { name, span, fields })
    }

    fn precision(&mut self) -> Result<(), Diag> {
        self.bump();
        match self.peek() {
            Tok::Ident(w) if matches!(w.as_str(), "highp" | "mediump" | "lowp") => {
                self.bump();
            }
            _ => return Err(self.unexpected("highp, mediump or lowp")),
        }
        match self.peek() {
            Tok::Ident(_) => {
                self.bump();
            }
            _ => return Err(self.unexpected("a type")),
        }
        self.expect_op(";")?;
        Ok(())
    }

    /// `layout(...)`, a storage qualifier and precision qualifiers, in any order GLSL allows.
    #[allow(clippy::type_complexity)]
    fn qualifiers(&mut self) -> Result<(Option<(Storage, Span)>, Option<Span>), Diag> {
        let mut storage = None;
        let mut layout = None;
        loop {
            self.skip_precision_and_refuse_qualifiers()?;
            let t = self.token();
            let Tok::Ident(w) = &t.tok else { break };
            let s = match w.as_str() {
                "const" => Storage::Const,
                "uniform" => Storage::Uniform,
                "attribute" => Storage::Attribute,
                "varying" => Storage::Varying,
                "in" => Storage::In,
                "out" => Storage::Out,
                "inout" => Storage::InOut,
                "layout" => {
                    self.bump();
                    self.layout_body()?;
                    layout = Some(t.span);
                    continue;
                }
                _ => break,
            };
            if let Some((old, _)) = storage {
                return Err(Diag::new(
                    t.span,
                    format!(
                        "{} after {}: one storage qualifier only",
                        s.name(),
                        Storage::name(old)
                    ),
                ));
            }
            self.bump();
            storage = Some((s, t.span));
        }
        Ok((storage, layout))
    }

    fn layout_body(&mut self) -> Result<(), Diag> {
        self.expect_op("(")?;
        loop {
            match self.peek() {
                Tok::Ident(_) => {
                    self.bump();
                }
                _ => return Err(self.unexpected("a layout qualifier")),
            }
            if self.eat_op("=") {
                match self.peek() {
                    Tok::Int(_) => {
                        self.bump();
                    }
                    _ => return Err(self.unexpected("a whole number")),
                }
            }
            if self.eat_op(")") {
                return Ok(());
            }
            self.expect_op(",")?;
        }
    }

    /// `[n]` or `[]` after a variable's name.
    fn array_suffix(&mut self) -> Result<Option<(Option<Expr>, Span)>, Diag> {
        if !self.is_op("[") {
            return Ok(None);
        }
        let at = self.bump().span;
        if self.eat_op("]") {
            return Ok(Some((None, at)));
        }
        let size = self.expression()?;
        self.expect_op("]")?;
        if self.is_op("[") {
            return Err(Diag::new(
                self.span(),
                "arrays of arrays are not in the subset",
            ));
        }
        Ok(Some((Some(size), at)))
    }

    fn skip_array_suffix_refusal(&mut self) -> Result<(), Diag> {
        if self.is_op("[") {
            return Err(Diag::new(self.span(), "arrays are not in the subset"));
        }
        Ok(())
    }

    /// The variables of a declaration after its type, through the `;`.
    fn declaration_rest(
        &mut self,
        storage: Option<(Storage, Span)>,
        layout: Option<Span>,
        ty: TypeSpec,
    ) -> Result<Decl, Diag> {
        let mut vars = Vec::new();
        loop {
            let (name, span) = self.new_name("a name")?;
            let array = self.array_suffix()?;
            let init = if self.eat_op("=") {
                let (e, _) = self.assignment()?;
                Some(e)
            } else {
                None
            };
            vars.push(VarDecl {
                name,
                span,
                init,
                array,
            });
            if self.eat_op(";") {
                break;
            }
            if !self.is_op(",") {
                return Err(self.unexpected("',' or ';'"));
            }
            self.bump();
        }
        Ok(Decl {
            storage,
            layout,
            ty,
            vars,
        })
    }

    fn function(&mut self, ret: TypeSpec) -> Result<Function, Diag> {
        let (name, span) = self.new_name("a function name")?;
        self.expect_op("(")?;
        let mut params = Vec::new();
        if self.is_word("void") && matches!(self.peek_at(1), Tok::Op(")")) {
            self.bump();
        }
        if !self.eat_op(")") {
            loop {
                params.push(self.param()?);
                if self.eat_op(")") {
                    break;
                }
                if !self.is_op(",") {
                    return Err(self.unexpected("',' or ')'"));
                }
                self.bump();
            }
        }
        if self.is_op(";") {
            // A prototype: the checker lets calls come before the definition.
            let end = self.bump().span;
            return Ok(Function {
                ret,
                name,
                span,
                params,
                body: Vec::new(),
                end,
                prototype: true,
            });
        }
        if !self.is_op("{") {
            return Err(self.unexpected("'{'"));
        }
        let open = self.span();
        self.bump();
        self.enter(open)?;
        let mut body = Vec::new();
        while !self.is_op("}") {
            if self.at_eof() {
                return Err(Diag::new(open, "this { has no }"));
            }
            let state = self.state();
            match self.statement() {
                Ok(statement) => body.push(statement),
                Err(diag) => self.skip_refused(state, diag),
            }
        }
        let end = self.bump().span;
        self.depth -= 1;
        Ok(Function {
            ret,
            name,
            span,
            params,
            body,
            end,
            prototype: false,
        })
    }

    fn param(&mut self) -> Result<Param, Diag> {
        let mut is_const = false;
        let mut storage = Storage::In;
        let mut seen_storage = false;
        loop {
            self.skip_precision_and_refuse_qualifiers()?;
            let t = self.token();
            match &t.tok {
                Tok::Ident(w) if w == "const" => {
                    is_const = true;
                    self.bump();
                }
                Tok::Ident(w) if matches!(w.as_str(), "in" | "out" | "inout") && !seen_storage => {
                    storage = match w.as_str() {
                        "in" => Storage::In,
                        "out" => Storage::Out,
                        _ => Storage::InOut,
                    };
                    seen_storage = true;
                    self.bump();
                }
                _ => break,
            }
        }
        let ty = self.type_spec()?;
        let name = if matches!(self.peek(), Tok::Ident(_)) {
            Some(self.new_name("a parameter name")?)
        } else {
            None
        };
        let array = self.array_suffix()?;
        Ok(Param {
            storage,
            is_const,
            ty,
            name,
            array,
        })
    }

    fn block_body(&mut self, open: Span) -> Result<Vec<Stmt>, Diag> {
        self.enter(open)?;
        let mut body = Vec::new();
        while !self.is_op("}") {
            if self.at_eof() {
                return Err(Diag::new(open, "this { has no }"));
            }
            body.push(self.statement()?);
        }
        self.bump();
        self.depth -= 1;
        Ok(body)
    }

    fn statement(&mut self) -> Result<Stmt, Diag> {
        let t = self.token();
        let span = t.span;
        let kind = match &t.tok {
            Tok::Op("{") => {
                self.bump();
                StmtKind::Block(self.block_body(span)?)
            }
            Tok::Op(";") => {
                self.bump();
                StmtKind::Empty
            }
            Tok::Ident(w) => match w.as_str() {
                "if" => {
                    self.bump();
                    self.expect_op("(")?;
                    let cond = self.expression()?;
                    self.expect_op(")")?;
                    self.enter(span)?;
                    let then = Box::new(self.statement()?);
                    let els = if self.is_word("else") {
                        let else_span = self.bump().span;
                        if self.is_word("if") {
                            // A link of an else-if chain: its `if` is at the depth of the first.
                            self.depth -= 1;
                            self.links += 1;
                            if self.depth + self.links > MAX_STATEMENT_TREE {
                                return Err(Diag::new(
                                    else_span,
                                    format!(
                                        "statements nest more than {MAX_STATEMENT_TREE} deep, counting each else if of a chain as one level"
                                    ),
                                ));
                            }
                            let els = self.statement()?;
                            self.links -= 1;
                            self.depth += 1;
                            Some(Box::new(els))
                        } else {
                            Some(Box::new(self.statement()?))
                        }
                    } else {
                        None
                    };
                    self.depth -= 1;
                    StmtKind::If { cond, then, els }
                }
                "for" => {
                    self.bump();
                    self.expect_op("(")?;
                    self.enter(span)?;
                    let init = Box::new(self.simple_statement()?);
                    let cond = if self.is_op(";") {
                        None
                    } else {
                        Some(self.expression()?)
                    };
                    self.expect_op(";")?;
                    let step = if self.is_op(")") {
                        None
                    } else {
                        let s = self.span();
                        Some(Box::new(Stmt {
                            kind: self.assignment_or_expression()?,
                            span: s,
                        }))
                    };
                    self.expect_op(")")?;
                    let body = Box::new(self.statement()?);
                    self.depth -= 1;
                    StmtKind::For {
                        init,
                        cond,
                        step,
                        body,
                    }
                }
                "while" => {
                    self.bump();
                    self.expect_op("(")?;
                    let cond = self.expression()?;
                    self.expect_op(")")?;
                    self.enter(span)?;
                    let body = Box::new(self.statement()?);
                    self.depth -= 1;
                    StmtKind::While {
                        cond,
                        body,
                        do_first: false,
                    }
                }
                "do" => {
                    self.bump();
                    if !self.is_op("{") {
                        return Err(Diag::new(
                            self.span(),
                            "the body of a do is a block in braces: do { ... } while (c);",
                        ));
                    }
                    self.enter(span)?;
                    let body = Box::new(self.statement()?);
                    self.depth -= 1;
                    if !self.is_word("while") {
                        return Err(self.unexpected("while after the body of a do"));
                    }
                    self.bump();
                    self.expect_op("(")?;
                    let cond = self.expression()?;
                    self.expect_op(")")?;
                    self.expect_op(";")?;
                    StmtKind::While {
                        cond,
                        body,
                        do_first: true,
                    }
                }
                "switch" => {
                    self.bump();
                    self.expect_op("(")?;
                    let selector = self.expression()?;
                    self.expect_op(")")?;
                    let open = self.expect_op("{")?;
                    StmtKind::Switch {
                        selector,
                        body: self.block_body(open)?,
                    }
                }
                "case" | "default" => {
                    self.bump();
                    let value = if w == "case" {
                        Some(self.expression()?)
                    } else {
                        None
                    };
                    self.expect_op(":")?;
                    StmtKind::Label(value)
                }
                "break" | "continue" | "discard" => {
                    self.bump();
                    self.expect_op(";")?;
                    match w.as_str() {
                        "break" => StmtKind::Break,
                        "continue" => StmtKind::Continue,
                        _ => StmtKind::Discard,
                    }
                }
                "return" => {
                    self.bump();
                    let value = if self.is_op(";") {
                        None
                    } else {
                        Some(self.expression()?)
                    };
                    self.expect_op(";")?;
                    StmtKind::Return(value)
                }
                "precision" => {
                    self.precision()?;
                    StmtKind::Empty
                }
                "else" => return Err(Diag::new(span, "else with no if")),
                _ => return self.simple_statement(),
            },
            _ => return self.simple_statement(),
        };
        Ok(Stmt { kind, span })
    }

    /// A declaration, an assignment or an expression, through its `;`.
    fn simple_statement(&mut self) -> Result<Stmt, Diag> {
        let span = self.span();
        let is_decl = self.starts_qualifier()
            || (self.starts_type() && matches!(self.peek_at(1), Tok::Ident(_) | Tok::Op("[")))
            || (matches!(self.peek(), Tok::Ident(_)) && matches!(self.peek_at(1), Tok::Ident(_)));
        if is_decl {
            let (storage, layout) = self.qualifiers()?;
            if let Some((s, at)) = storage {
                if s != Storage::Const {
                    return Err(Diag::new(
                        at,
                        format!("a local variable cannot be {}", s.name()),
                    ));
                }
            }
            if let Some(at) = layout {
                return Err(Diag::new(at, "layout is taken on an output alone"));
            }
            let ty = self.type_spec()?;
            self.skip_array_suffix_refusal()?;
            let decl = self.declaration_rest(storage, None, ty)?;
            return Ok(Stmt {
                kind: StmtKind::Decl(decl),
                span,
            });
        }
        let kind = self.assignment_or_expression()?;
        self.expect_op(";")?;
        Ok(Stmt { kind, span })
    }

    /// `a = b`, `a op= b`, `a++`, `++a` or an expression, without its `;`: an assignment or a
    /// step at the top is a statement of its own (where `gl_Position` and a loop's step are
    /// recognised), anything else an expression statement.
    fn assignment_or_expression(&mut self) -> Result<StmtKind, Diag> {
        let e = self.expression()?;
        Ok(match e.kind {
            ExprKind::Assign { target, op, value } => StmtKind::Assign {
                target: *target,
                op,
                op_span: e.span,
                value: *value,
            },
            ExprKind::Step { target, inc, .. } => StmtKind::Step {
                target: *target,
                inc,
            },
            _ => StmtKind::Expr(e),
        })
    }

    /// GLSL's `expression`: assignments and the comma operator, left to right.
    fn expression(&mut self) -> Result<Expr, Diag> {
        let (e, _) = self.sequence()?;
        Ok(e)
    }

    /// `a, b, ...`, each an assignment expression.
    fn sequence(&mut self) -> Result<Parsed, Diag> {
        let (mut e, mut depth) = self.assignment()?;
        while self.is_op(",") {
            let span = self.bump().span;
            let (b, d) = self.assignment()?;
            // A link of a chain, as a binary operator's.
            depth = Depth {
                nest: depth.nest.max(d.nest + 1),
                tree: depth.tree.max(d.tree) + 1,
            };
            self.check_depth(depth, span)?;
            e = Expr {
                start: e.start,
                kind: ExprKind::Comma(Box::new(e), Box::new(b)),
                span,
            };
        }
        Ok((e, depth))
    }

    /// GLSL's `assignment_expression`: a conditional expression, or one assigned to (the checker
    /// refuses a target that is not a variable), right to left.
    fn assignment(&mut self) -> Result<Parsed, Diag> {
        let (target, d) = self.ternary()?;
        let Some(op) = assign_op(self.peek()) else {
            return Ok((target, d));
        };
        let span = self.span();
        self.bump();
        // A chain `a = b = c` nests to the right, each link a level.
        self.nest()?;
        let value = self.assignment();
        self.nesting -= 1;
        let (value, dv) = value?;
        let depth = d.max(dv).up();
        self.check_depth(depth, span)?;
        Ok((
            Expr {
                start: target.start,
                kind: ExprKind::Assign {
                    target: Box::new(target),
                    op,
                    value: Box::new(value),
                },
                span,
            },
            depth,
        ))
    }

    fn check_depth(&self, depth: Depth, span: Span) -> Result<(), Diag> {
        if depth.nest > MAX_EXPRESSION_DEPTH {
            return Err(Diag::new(
                span,
                format!("the expression nests more than {MAX_EXPRESSION_DEPTH} deep"),
            ));
        }
        if depth.tree > MAX_EXPRESSION_TREE {
            return Err(Diag::new(
                span,
                format!(
                    "the expression nests more than {MAX_EXPRESSION_TREE} deep, counting each operator of a chain such as a + b + c as one level; split the chain"
                ),
            ));
        }
        Ok(())
    }

    fn nest(&mut self) -> Result<(), Diag> {
        self.nesting += 1;
        if self.nesting > MAX_EXPRESSION_DEPTH {
            return Err(Diag::new(
                self.span(),
                format!("the expression nests more than {MAX_EXPRESSION_DEPTH} deep"),
            ));
        }
        Ok(())
    }

    fn ternary(&mut self) -> Result<Parsed, Diag> {
        self.nest()?;
        let result = self.ternary_inner();
        self.nesting -= 1;
        result
    }

    fn ternary_inner(&mut self) -> Result<Parsed, Diag> {
        let (cond, d) = self.binary(1)?;
        if !self.is_op("?") {
            return Ok((cond, d));
        }
        let span = self.bump().span;
        let (a, da) = self.sequence()?;
        self.expect_op(":")?;
        let (b, db) = self.ternary()?;
        let depth = d.max(da).max(db).up();
        self.check_depth(depth, span)?;
        Ok((
            Expr {
                start: cond.start,
                kind: ExprKind::Ternary(Box::new(cond), Box::new(a), Box::new(b)),
                span,
            },
            depth,
        ))
    }

    fn binary(&mut self, min: u8) -> Result<Parsed, Diag> {
        let (mut lhs, mut depth) = self.unary()?;
        while let Some((op, prec)) = binary_op(self.peek()) {
            if prec < min {
                break;
            }
            let span = self.bump().span;
            let (rhs, d) = self.binary(prec + 1)?;
            // A link of a chain: the left side is no deeper nested for it.
            depth = Depth {
                nest: depth.nest.max(d.nest + 1),
                tree: depth.tree.max(d.tree) + 1,
            };
            self.check_depth(depth, span)?;
            lhs = Expr {
                start: lhs.start,
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            };
        }
        Ok((lhs, depth))
    }

    fn unary(&mut self) -> Result<Parsed, Diag> {
        let t = self.token();
        let op = match &t.tok {
            Tok::Op("-") => Some(UnOp::Neg),
            Tok::Op("+") => Some(UnOp::Plus),
            Tok::Op("!") => Some(UnOp::Not),
            Tok::Op("~") => Some(UnOp::BitNot),
            Tok::Op("++") | Tok::Op("--") => {
                self.bump();
                self.nest()?;
                let (e, d) = self.unary()?;
                self.nesting -= 1;
                self.check_depth(d.up(), t.span)?;
                let step = ExprKind::Step {
                    target: Box::new(e),
                    inc: t.tok == Tok::Op("++"),
                    post: false,
                };
                return Ok((
                    Expr {
                        kind: step,
                        span: t.span,
                        start: t.span,
                    },
                    d.up(),
                ));
            }
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            self.nest()?;
            let (e, d) = self.unary()?;
            self.nesting -= 1;
            self.check_depth(d.up(), t.span)?;
            return Ok((
                Expr {
                    kind: ExprKind::Unary(op, Box::new(e)),
                    span: t.span,
                    start: t.span,
                },
                d.up(),
            ));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<Parsed, Diag> {
        let (mut e, mut depth) = self.primary()?;
        loop {
            if self.is_op("[") {
                let span = self.bump().span;
                let (index, d) = self.sequence()?;
                self.expect_op("]")?;
                depth = depth.max(d).up();
                self.check_depth(depth, span)?;
                e = Expr {
                    start: e.start,
                    kind: ExprKind::Index(Box::new(e), Box::new(index)),
                    span,
                };
            } else if self.is_op(".") {
                self.bump();
                let t = self.token();
                let Tok::Ident(field) = &t.tok else {
                    return Err(self.unexpected("a field or swizzle after '.'"));
                };
                self.bump();
                if field == "length" && self.is_op("(") && matches!(self.peek_at(1), Tok::Op(")")) {
                    self.bump();
                    self.bump();
                    depth = depth.up();
                    e = Expr {
                        start: e.start,
                        kind: ExprKind::Length(Box::new(e)),
                        span: t.span,
                    };
                    continue;
                }
                if self.is_op("(") {
                    return Err(Diag::new(
                        t.span,
                        format!("methods ({field}()) are not in the subset"),
                    ));
                }
                depth = depth.up();
                self.check_depth(depth, t.span)?;
                e = Expr {
                    start: e.start,
                    kind: ExprKind::Field(Box::new(e), field.clone()),
                    span: t.span,
                };
            } else if self.is_op("++") || self.is_op("--") {
                let t = self.bump();
                depth = depth.up();
                self.check_depth(depth, t.span)?;
                e = Expr {
                    start: e.start,
                    kind: ExprKind::Step {
                        target: Box::new(e),
                        inc: t.tok == Tok::Op("++"),
                        post: true,
                    },
                    span: t.span,
                };
            } else {
                return Ok((e, depth));
            }
        }
    }

    fn primary(&mut self) -> Result<Parsed, Diag> {
        let t = self.token();
        match &t.tok {
            Tok::Int(i) => {
                self.bump();
                Ok((
                    Expr {
                        kind: ExprKind::Int(*i),
                        span: t.span,
                        start: t.span,
                    },
                    Depth::LEAF,
                ))
            }
            Tok::UInt(u) => {
                self.bump();
                Ok((
                    Expr {
                        kind: ExprKind::UInt(*u),
                        span: t.span,
                        start: t.span,
                    },
                    Depth::LEAF,
                ))
            }
            Tok::Float(x) => {
                self.bump();
                Ok((
                    Expr {
                        kind: ExprKind::Float(*x),
                        span: t.span,
                        start: t.span,
                    },
                    Depth::LEAF,
                ))
            }
            Tok::Op("(") => {
                self.bump();
                let (mut e, d) = self.sequence()?;
                if !self.is_op(")") {
                    return Err(self.unexpected("')'"));
                }
                self.bump();
                e.start = t.span;
                Ok((e, d))
            }
            Tok::Ident(word) => {
                if word == "true" || word == "false" {
                    self.bump();
                    return Ok((
                        Expr {
                            kind: ExprKind::Bool(word == "true"),
                            span: t.span,
                            start: t.span,
                        },
                        Depth::LEAF,
                    ));
                }
                let callee = if let Some(name) = self.named_type(word) {
                    Callee::Type(name)
                } else if let Some(reason) = refused_type(word) {
                    return Err(Diag::new(t.span, reason));
                } else {
                    Callee::Name(word.clone())
                };
                self.bump();
                let callee = match callee {
                    Callee::Type(ty) if self.is_op("[") => {
                        self.bump();
                        let size = if self.eat_op("]") {
                            None
                        } else {
                            let size = self.expression()?;
                            self.expect_op("]")?;
                            Some(Box::new(size))
                        };
                        if !self.is_op("(") {
                            return Err(self.unexpected("'(' after an array type"));
                        }
                        Callee::Array(ty, size)
                    }
                    other => other,
                };
                if !self.is_op("(") {
                    return match callee {
                        Callee::Name(name) => Ok((
                            Expr {
                                kind: ExprKind::Ident(name),
                                span: t.span,
                                start: t.span,
                            },
                            Depth::LEAF,
                        )),
                        Callee::Type(_) | Callee::Array(..) => Err(Diag::new(
                            t.span,
                            format!("the type {word} where a value belongs"),
                        )),
                    };
                }
                self.bump();
                let mut args = Vec::new();
                let mut depth = Depth::LEAF;
                if self.is_word("void") && matches!(self.peek_at(1), Tok::Op(")")) {
                    self.bump();
                }
                if !self.eat_op(")") {
                    loop {
                        let (arg, d) = self.assignment()?;
                        if self.is_op(",") {
                            self.bump();
                            args.push(arg);
                            depth = depth.max(d.up());
                            continue;
                        }
                        args.push(arg);
                        depth = depth.max(d.up());
                        if !self.is_op(")") {
                            return Err(self.unexpected("',' or ')'"));
                        }
                        self.bump();
                        break;
                    }
                }
                self.check_depth(depth, t.span)?;
                Ok((
                    Expr {
                        kind: ExprKind::Call(callee, args),
                        span: t.span,
                        start: t.span,
                    },
                    depth,
                ))
            }
            _ => Err(self.unexpected("an expression")),
        }
    }
}

fn shown(t: &Token) -> String {
    match t.tok {
        Tok::Eof => "the end of the source".into(),
        _ => format!("'{}'", t.text()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::glsl::lexer::lex_line;

    fn parse_str(s: &str) -> Result<Vec<Item>, Diag> {
        parse_all(s).map_err(|mut d| d.kept.swap_remove(0))
    }

    /// Parse `s` on a thread with the compiler's stack, as the front end does
    /// (`on_compiler_stack`): the nesting tests recurse to the parser's bounds.
    fn parse_all(s: &str) -> Result<Vec<Item>, Diags> {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(crate::glsl::COMPILER_STACK)
                .spawn_scoped(scope, || parse_on_this_stack(s))
                .expect("a thread")
                .join()
                .expect("the parser returns")
        })
    }

    fn parse_on_this_stack(s: &str) -> Result<Vec<Item>, Diags> {
        let mut tokens = Vec::new();
        for (i, line) in s.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            tokens.extend(lex_line(&chars, i as u32 + 1, 1)?);
        }
        tokens.push(Token {
            tok: Tok::Eof,
            span: Span::new(1, 1, 1),
        });
        parse(&tokens)
    }

    /// Each refused statement and item is reported, at its own line, and the parse goes on
    /// after it: a statement inside an `if`'s block, one after a refused `if` condition (the
    /// `if`, its block and its `else` skipped whole), a statement with an unbalanced `)`, and
    /// a refused item after the function.
    #[test]
    fn every_refused_statement_and_item_is_reported() {
        let source = "void main() {
    if (true) { float a = 1.0 + ; }
    if (1.0 +) { float b = 1.0; } else { float c = ); }
    float d = 2.0;
    d = (d));
}
uniform float;
float ok = 1.0;
";
        let refused = parse_all(source).unwrap_err();
        let lines: Vec<u32> = refused.kept.iter().map(|d| d.span.line).collect();
        assert_eq!(lines, [2, 3, 5, 7], "{:?}", refused.kept);
        assert_eq!(refused.omitted, 0);
    }

    /// Past [`MAX_DIAGNOSTICS`](crate::glsl::error::MAX_DIAGNOSTICS) refusals the rest are
    /// counted, and a source of nothing but refusals is passed in one sweep.
    #[test]
    fn refusals_past_the_bound_are_counted() {
        let source = "void main() {\n".to_string() + &"x = ;\n".repeat(25) + "}\n";
        let refused = parse_all(&source).unwrap_err();
        assert_eq!((refused.kept.len(), refused.omitted), (20, 5));
    }

    #[test]
    fn a_function_with_statements() {
        let items = parse_str(
            "precision highp float;\nuniform float t;\nvoid main() {\n  vec3 a = vec3(1.0), b;\n  a.x += t * 2.0 - -1.0;\n  for (int i = 0; i < 4; i++) { if (a.x > 1.0) break; else continue; }\n  gl_FragColor = vec4(a, t > 0.0 ? 1.0 : 0.0);\n}",
        )
        .unwrap();
        assert_eq!(items.len(), 2);
        let Item::Function(f) = &items[1] else {
            panic!("a function")
        };
        assert_eq!(f.body.len(), 4);
    }

    #[test]
    fn refusals() {
        for (src, want) in [
            ("void main() { do x++; while (true); }", "block in braces"),
            ("float a[3][2];", "arrays of arrays"),
            ("struct S { float x; } s;", "apart from it"),
            (
                "void main() { struct S { float x; }; }",
                "at the top of the shader",
            ),
            ("flat varying float x;", "flat"),
            ("uniform mat2x3 m;", "non-square"),
            ("float class;", "reserved"),
        ] {
            let e = parse_str(src).unwrap_err();
            assert!(e.reason.contains(want), "{src}: {}", e.reason);
        }
    }

    #[test]
    fn switch_labels_do_and_prototypes_parse() {
        // The labels are statements of the switch's body, in order; `default` has no value.
        let StmtKind::Switch { body, .. } = first_statement(
            "void main() { switch (k) { case 1: case 2: x = 1.0; default: break; } }",
        ) else {
            panic!("a switch")
        };
        let kinds: Vec<&str> = body
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Label(Some(_)) => "case",
                StmtKind::Label(None) => "default",
                StmtKind::Break => "break",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["case", "case", "other", "default", "break"]);
        let StmtKind::While { do_first, .. } =
            first_statement("void main() { do { x = 1.0; } while (x < 2.0); }")
        else {
            panic!("a do")
        };
        assert!(do_first);
        let items = parse_str("float f(float x);\nvoid main() { }").unwrap();
        let Item::Function(f) = &items[0] else {
            panic!("a prototype")
        };
        assert!(f.prototype && f.body.is_empty());
    }

    /// The body's first statement of `void main() { ... }`.
    fn first_statement(src: &str) -> StmtKind {
        match parse_str(src).unwrap().remove(0) {
            Item::Function(f) => f.body[0].kind.clone(),
            other => panic!("not a function: {other:?}"),
        }
    }

    #[test]
    fn assignments_steps_and_commas_are_expressions() {
        // `a = b = 1` is `a = (b = 1)`: a statement whose value is an assignment.
        let StmtKind::Assign {
            value, op: None, ..
        } = first_statement("void main() { a = b = 1; }")
        else {
            panic!("an assignment");
        };
        assert!(matches!(value.kind, ExprKind::Assign { op: None, .. }));
        // `a, b = c`: the comma binds loosest, an assignment inside.
        let StmtKind::Expr(e) = first_statement("void main() { a, b += c; }") else {
            panic!("an expression");
        };
        let ExprKind::Comma(_, right) = e.kind else {
            panic!("a comma");
        };
        assert!(matches!(
            right.kind,
            ExprKind::Assign {
                op: Some(BinOp::Add),
                ..
            }
        ));
        // `f(i++, ++j)`: the arguments are two, a step after and one before.
        let StmtKind::Expr(e) = first_statement("void main() { f(i++, ++j); }") else {
            panic!("an expression");
        };
        let ExprKind::Call(_, args) = e.kind else {
            panic!("a call");
        };
        assert!(matches!(
            args[0].kind,
            ExprKind::Step {
                inc: true,
                post: true,
                ..
            }
        ));
        assert!(matches!(
            args[1].kind,
            ExprKind::Step {
                inc: true,
                post: false,
                ..
            }
        ));
        // A statement `i++;` is a step statement, as a loop's header reads it.
        assert!(matches!(
            first_statement("void main() { i--; }"),
            StmtKind::Step { inc: false, .. }
        ));
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let src = format!("float x = {}1.0{};", "(".repeat(5000), ")".repeat(5000));
        assert!(parse_str(&src).unwrap_err().reason.contains("nests"));
        let src = format!("float x = 1.0{};", " + 1.0".repeat(5000));
        assert!(parse_str(&src).unwrap_err().reason.contains("nests"));
        let src = format!("void main() {{ {} }}", "{".repeat(500));
        assert!(parse_str(&src).unwrap_err().reason.contains("nest"));
    }
}
