//! The lowering: a checked shader to nodes of a [`NodeGraph`].
//!
//! Control flow becomes data, as the core's statements do it (R-CTL-9, docs/requirements.md): each
//! statement runs under a *mask*, the conjunction of the open branches' conditions and of the
//! flags that `break`, `continue` and `return` set; an assignment under a mask is
//! `v = select(mask, new, v)`. A `for` loop is unrolled by lowering its body once for each time
//! through, with the index a constant; a call inlines the function's body. So every value the
//! shader computes is a node, and every loop index, constant index and loop bound is known.
//!
//! The vertex shader's built-in matrices are *forms* first: `projectionMatrix * modelViewMatrix *
//! vec4(p, 1.0)` names the point that gl_Position draws, whose `p` becomes the position node, and
//! `(modelMatrix * vec4(position, 1.0)).xyz` names `position_world()`. Outside the forms they are
//! values, the header's matrices (`three.rs`), and a varying is any value, computed at each corner.

use super::ast::{BinOp, UnOp};
use super::check::{Env, Kind, Stage};
use super::error::{Diag, Span};
use super::ir::*;
use super::types::*;
use crate::graph::MAX_GRAPH_NODES;
use crate::graph::{Axis, NodeGraph, NodeRef, Op};
use crate::interface::{Attribute, Output};
use crate::limits::Limits;
use crate::opcode::Opcode;
use crate::types::{UniformValue, ValueType, NO_TEXTURE};
use std::collections::HashMap;

mod hope;
mod matrix;
mod three;

/// The most bodies a `while` or `do` runs (the specification's MAX_WHILE_COUNT).
pub(crate) const MAX_WHILE_COUNT: usize = 256;
/// The deepest nesting of calls.
const MAX_CALL_DEPTH: usize = 32;
/// The deepest the lowering recurses, statements and expressions counted together through the
/// calls it inlines: the parser bounds each function's trees, this bounds their sum over a chain
/// of calls, so that the recursion stays within the compiler thread's stack.
const MAX_LOWERING_DEPTH: usize = 3072;

/// The value reads the vertex's own position or normal.
const READS_LOCAL: u8 = 1;
/// The value reads a fragment attribute (uv, colour, the world or view position or normal).
const READS_FRAGMENT: u8 = 2;
/// The value reads the vertex's own position (with [`READS_LOCAL`]): at a corner the renderer
/// keeps the point gl_Position draws, which is `position` only where the shader does not move it.
const READS_POSITION: u8 = 4;

/// A factor of a product of three.js's matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Factor {
    P,
    V,
    M,
}

/// A product of three.js's matrices, as written from the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Chain {
    factors: [Factor; 3],
    len: u8,
}

impl Chain {
    fn of(factors: &[Factor]) -> Chain {
        let mut f = [Factor::P; 3];
        f[..factors.len()].copy_from_slice(factors);
        Chain {
            factors: f,
            len: factors.len() as u8,
        }
    }

    fn factors(&self) -> &[Factor] {
        &self.factors[..self.len as usize]
    }

    /// The product, when it is one of projection * view * model's suffixes or prefixes.
    fn times(self, other: Chain) -> Option<Chain> {
        let all: Vec<Factor> = self
            .factors()
            .iter()
            .chain(other.factors())
            .copied()
            .collect();
        use Factor::*;
        let valid: [&[Factor]; 6] = [&[P], &[V], &[M], &[V, M], &[P, V], &[P, V, M]];
        valid.contains(&all.as_slice()).then(|| Chain::of(&all))
    }
}

/// Where a point of the vertex shader's forms is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    Local,
    World,
    View,
    Clip,
}

/// What a value is beyond its node, for the vertex shader's forms.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    None,
    /// A product of three.js's matrices.
    Matrices(Chain),
    NormalMatrix,
    /// The attribute `position` itself.
    PositionAttr,
    /// The attribute `normal` itself.
    NormalAttr,
    /// `vec4(p, 1.0)`, and what the matrices made of it; `p` is the local point, which reads
    /// `p_reads`.
    Point {
        p: NodeRef,
        p_reads: u8,
        space: Space,
    },
    /// `vec4(normal, 0.0)`.
    NormalDir,
}

/// A value of the shader being lowered: its node (made lazily for a constant), its constant
/// components, what it reads, and its form.
#[derive(Clone, Debug)]
pub(crate) struct Val {
    ty: Ty,
    node: Option<NodeRef>,
    konst: Option<Konst>,
    reads: u8,
    /// Exactly an attribute or a uniform: a varying of it is the attribute itself.
    bare: bool,
    form: Form,
    /// A struct's fields, one value each (a struct has no node of its own); empty otherwise.
    parts: Vec<Val>,
}

impl Val {
    fn konst(ty: Ty, k: Konst) -> Val {
        Val {
            ty,
            node: None,
            konst: Some(k),
            reads: 0,
            bare: false,
            form: Form::None,
            parts: Vec::new(),
        }
    }

    fn zero(ty: Ty) -> Val {
        Val::konst(ty, [0.0; 4])
    }

    fn of(ty: Ty, node: NodeRef, reads: u8) -> Val {
        Val {
            ty,
            node: Some(node),
            konst: None,
            reads,
            bare: false,
            form: Form::None,
            parts: Vec::new(),
        }
    }

    fn void() -> Val {
        Val {
            ty: Ty::Void,
            node: None,
            konst: None,
            reads: 0,
            bare: false,
            form: Form::None,
            parts: Vec::new(),
        }
    }

    fn is_true(&self) -> bool {
        self.konst.is_some_and(|k| k[0] != 0.0)
    }

    fn is_false(&self) -> bool {
        self.konst.is_some_and(|k| k[0] == 0.0)
    }
}

/// What both shaders of a material share: the graph, its uniforms, and memo tables.
pub(crate) struct Builder<'g> {
    pub g: &'g NodeGraph,
    uniforms: HashMap<String, (NodeRef, Ty, Span)>,
    constants: HashMap<(ValueType, [u32; 4]), NodeRef>,
    attributes: HashMap<Attribute, NodeRef>,
    /// The work done so far, both shaders together: one unit for each statement, each time
    /// through a loop and each expression lowered (a constant the checker folded is free).
    work: usize,
    /// [`Limits::unrolled_work`].
    work_limit: usize,
    /// [`Limits::graph_nodes`], where it is under [`MAX_GRAPH_NODES`] (the graph refuses past
    /// that itself).
    node_limit: Option<usize>,
}

impl<'g> Builder<'g> {
    pub fn new(g: &'g NodeGraph, limits: &Limits) -> Builder<'g> {
        Builder {
            g,
            uniforms: HashMap::new(),
            constants: HashMap::new(),
            attributes: HashMap::new(),
            work: 0,
            work_limit: limits.unrolled_work,
            node_limit: (limits.graph_nodes < MAX_GRAPH_NODES).then_some(limits.graph_nodes),
        }
    }

    /// Room for one more node under [`Limits::graph_nodes`].
    fn room(&self, span: Span) -> Result<(), Diag> {
        match self.node_limit {
            Some(limit) if self.g.node_count() >= limit => err(
                span,
                format!(
                    "the shader's graph would hold more than {limit} nodes, its limit (Limits::graph_nodes)"
                ),
            ),
            _ => Ok(()),
        }
    }
}

/// The vertex shader's results that the fragment shader and the outputs read.
#[derive(Default)]
pub(crate) struct VertexResult {
    /// Each varying the vertex shader wrote, as the fragment shader reads it, with its type.
    pub varyings: HashMap<String, (Ty, Val)>,
    /// Where gl_Position was written.
    pub position_span: Span,
}

/// Where the fragment outputs were written, to place a refusal of `compile`.
#[derive(Default)]
pub(crate) struct FragmentResult {
    pub color_span: Option<Span>,
    pub depth_span: Option<Span>,
    pub discard_span: Option<Span>,
}

enum Guard {
    Cond(Val),
    Loop {
        broken: Option<Val>,
        continued: Option<Val>,
    },
    Func {
        returned: Option<Val>,
    },
    /// A switch, which a `break` leaves (a `continue` passes it to the loop around it).
    Switch {
        broken: Option<Val>,
    },
}

struct Frame {
    function: FnId,
    locals: Vec<Option<Val>>,
    answer: Option<Val>,
}

/// The lowering of one shader.
pub(crate) struct ShaderLowering<'a, 'g> {
    b: &'a mut Builder<'g>,
    prog: &'a Checked,
    env: Env,
    span: Span,
    globals: Vec<Option<Val>>,
    written: Vec<Option<Span>>,
    frames: Vec<Frame>,
    guards: Vec<Guard>,
    mask_cache: Option<Option<Val>>,
    /// For the outermost guards whose masks are known: the mask of each guard and of the guards
    /// outside it (`None` for everywhere). A guard pushed inside builds its mask on theirs, so an
    /// `else if` chain of n arms costs about n mask nodes, not n squared.
    prefix: Vec<Option<Val>>,
    discard: Option<Val>,
    discard_span: Option<Span>,
    position: Option<(NodeRef, u8, Span)>,
    /// The local points whose world or view position a varying reads.
    points: Vec<(NodeRef, Span)>,
    linked: &'a HashMap<String, (Ty, Val)>,
    /// The statements and expressions being lowered, through the calls: [`MAX_LOWERING_DEPTH`].
    depth: usize,
    /// The open `while` and `do` loops' known values, innermost last (see `hope.rs`).
    hopes: Vec<hope::Hope>,
    /// three.js's matrices made values (`three.rs`), each once: the same everywhere, under any mask.
    three_values: Vec<(Form, Val)>,
}

fn err<T>(span: Span, reason: impl Into<String>) -> Result<T, Diag> {
    Err(Diag::new(span, reason))
}

fn zero_uniform(ty: Ty) -> Option<UniformValue> {
    use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
    // An int, a bool and their vectors are float uniforms the caller sets (R-GLSL-20); a uint's
    // are exact (set_uniform_uint).
    if ty.comp() == Some(Comp::UInt) {
        return Some(UniformValue::UInt {
            values: [0; 4],
            width: ty.width()? as u8,
        });
    }
    Some(match ty.with_comp(Comp::Float).unwrap_or(ty) {
        Ty::Float => UniformValue::Float(0.0),
        Ty::Vec2 => UniformValue::Vec2(Vec2::ZERO),
        Ty::Vec3 => UniformValue::Vec3(Vec3::ZERO),
        // A mat2 is a vec4 of its columns: the graph has no mat2 (R-GLSL-20).
        Ty::Vec4 | Ty::Mat2 => UniformValue::Vec4(Vec4::ZERO),
        Ty::Mat3 => UniformValue::Mat3(Mat3::ZERO),
        Ty::Mat4 => UniformValue::Mat4(Mat4::ZERO),
        _ => return None,
    })
}

/// Whether an expression holds a call of the shader's own functions or an assignment (which write
/// variables, and a call may discard, so it must run under the mask of where it is reached):
/// found by the checker.
fn has_effects(e: &TExpr) -> bool {
    e.effects
}

impl<'a, 'g> ShaderLowering<'a, 'g> {
    pub fn new(
        b: &'a mut Builder<'g>,
        prog: &'a Checked,
        env: Env,
        linked: &'a HashMap<String, (Ty, Val)>,
    ) -> Self {
        ShaderLowering {
            b,
            prog,
            env,
            span: Span::default(),
            globals: vec![None; prog.globals.len()],
            written: vec![None; prog.globals.len()],
            frames: Vec::new(),
            guards: Vec::new(),
            mask_cache: None,
            prefix: Vec::new(),
            hopes: Vec::new(),
            three_values: Vec::new(),
            discard: None,
            discard_span: None,
            position: None,
            points: Vec::new(),
            linked,
            depth: 0,
        }
    }

    // ------------------------------------------------------------------ nodes

    /// One unit of work, within [`Limits::unrolled_work`].
    fn tick(&mut self) -> Result<(), Diag> {
        self.charge(1)
    }

    /// `units` of work, within [`Limits::unrolled_work`].
    fn charge(&mut self, units: usize) -> Result<(), Diag> {
        self.b.work = self.b.work.saturating_add(units);
        if self.b.work > self.b.work_limit {
            return err(
                self.span,
                format!(
                    "the shader unrolls to more than {} units of work, its limit (Limits::unrolled_work: each statement, each time through a loop and each expression lowered is one, through every unrolled loop and inlined call)",
                    self.b.work_limit
                ),
            );
        }
        Ok(())
    }

    fn node(&mut self, name: &str, op: Op, inputs: &[NodeRef]) -> Result<NodeRef, Diag> {
        self.b.room(self.span)?;
        self.b
            .g
            .try_node(name, op, inputs)
            .map_err(|e| Diag::from_graph(self.span, e))
    }

    fn math(&mut self, code: Opcode, inputs: &[NodeRef]) -> Result<NodeRef, Diag> {
        self.node(code.name(), Op::Math(code), inputs)
    }

    fn constant_node(&mut self, ty: Ty, k: Konst) -> Result<NodeRef, Diag> {
        let vt = ty.value_type().unwrap_or(ValueType::Float);
        let width = vt.width().unwrap_or(1);
        // A register holds an integer's bits in f32 form (docs/integers.md).
        let mut bits = [0u32; 4];
        for (b, &v) in bits.iter_mut().zip(&k).take(width) {
            *b = match ty.comp() {
                Some(Comp::Int) => v as i32 as u32,
                Some(Comp::UInt) => v as u32,
                _ => (v as f32).to_bits(),
            };
        }
        if let Some(&n) = self.b.constants.get(&(vt, bits)) {
            return Ok(n);
        }
        let value = bits.map(f32::from_bits);
        let n = self.node(vt.name(), Op::Constant { ty: vt, value }, &[])?;
        self.b.constants.insert((vt, bits), n);
        Ok(n)
    }

    fn attribute(&mut self, a: Attribute) -> Result<NodeRef, Diag> {
        if let Some(&n) = self.b.attributes.get(&a) {
            return Ok(n);
        }
        self.b.room(self.span)?;
        let n = self.b.g.attribute(a);
        if n.is_refused() {
            let reason = self
                .b
                .g
                .error()
                .map_or_else(|| "the graph refused a node".to_string(), |e| e.to_string());
            return err(self.span, reason);
        }
        self.b.attributes.insert(a, n);
        Ok(n)
    }

    /// A custom attribute (R-ATTR-1): the graph's `named_attribute` of the declared name, a
    /// fragment attribute as `uv` is (a varying passes it on).
    fn custom_attribute(&mut self, name: &str, ty: Ty) -> Result<Val, Diag> {
        let vt = match ty {
            Ty::Float => ValueType::Float,
            Ty::Vec2 => ValueType::Vec2,
            Ty::Vec3 => ValueType::Vec3,
            _ => ValueType::Vec4,
        };
        self.b.room(self.span)?;
        let n = self.b.g.named_attribute(name, vt);
        if n.is_refused() {
            let reason = self
                .b
                .g
                .error()
                .map_or_else(|| "the graph refused a node".to_string(), |e| e.to_string());
            return err(self.span, reason);
        }
        let mut v = Val::of(ty, n, READS_FRAGMENT);
        v.bare = true;
        Ok(v)
    }

    fn attr_val(&mut self, a: Attribute, ty: Ty, reads: u8) -> Result<Val, Diag> {
        let n = self.attribute(a)?;
        let mut v = Val::of(ty, n, reads);
        v.bare = true;
        Ok(v)
    }

    /// The node of a value; a refusal for a form that has none.
    fn n(&mut self, v: &Val) -> Result<NodeRef, Diag> {
        if let Some(n) = v.node {
            return Ok(n);
        }
        if let Some(k) = v.konst {
            return self.constant_node(v.ty, k);
        }
        if let Form::Point {
            p,
            space: Space::Clip,
            ..
        } = v.form
        {
            return self.clip_point(p);
        }
        // Invariant: a matrix value is its columns (`columns`), never one node, and every other
        // value without a constant has a node.
        err(self.span, "this value has no node")
    }

    fn uniform(&mut self, name: &str, ty: Ty, span: Span) -> Result<Val, Diag> {
        if let Ty::Array(a) = ty {
            // A uniform array's elements are uniforms named `a[0]`, `a[1]`, as three.js names
            // them.
            let (elem, n) = self.prog.arrays[a as usize];
            let mut parts = Vec::with_capacity(n);
            for i in 0..n {
                parts.push(self.uniform(&format!("{name}[{i}]"), elem, span)?);
            }
            return Ok(Val {
                ty,
                parts,
                ..Val::void()
            });
        }
        if let Ty::Struct(s) = ty {
            // A uniform struct's fields are uniforms named `s.a`, as three.js names them.
            let prog = self.prog;
            // Invariant: the checker made each `Ty::Struct` a place in `structs`.
            let def = &prog.structs[s as usize];
            let mut parts = Vec::with_capacity(def.fields.len());
            for (field, fty) in &def.fields {
                parts.push(self.uniform(&format!("{name}.{field}"), *fty, span)?);
            }
            return Ok(Val {
                ty,
                parts,
                ..Val::void()
            });
        }
        if let Some(&(n, old, _)) = self.b.uniforms.get(name) {
            if old != ty {
                return err(
                    span,
                    format!("uniform {name} is a {old} in the other shader and a {ty} here"),
                );
            }
            if ty.is_matrix() {
                return self.split_matrix(&Val::of(ty, n, 0));
            }
            let mut v = Val::of(ty, n, 0);
            v.bare = true;
            return Ok(v);
        }
        self.b.room(span)?;
        let raw = if ty.is_sampler() {
            self.b.g.texture_uniform(name, NO_TEXTURE)
        } else {
            match zero_uniform(ty) {
                Some(value) => self.b.g.named_uniform(name, value),
                None => return err(span, format!("a uniform cannot be a {ty}")),
            }
        };
        if raw.is_refused() {
            let reason = self.b.g.error().map_or_else(
                || "the graph refused the uniform".to_string(),
                |e| e.to_string(),
            );
            return err(span, reason);
        }
        // An int or a bool uniform (and their vectors) is a float the caller sets (R-GLSL-20):
        // an int drops its fraction toward zero (a float outside the int's range gives 0, as
        // any conversion at run time), a bool is true where the float is not zero.
        let n = match ty.comp() {
            Some(c @ (Comp::Int | Comp::Bool)) => {
                let floats = ty.with_comp(Comp::Float).unwrap_or(Ty::Float);
                let v = self.convert(&Val::of(floats, raw, 0), c)?;
                self.n(&v)?
            }
            _ => raw,
        };
        self.b.uniforms.insert(name.to_string(), (n, ty, span));
        if ty.is_matrix() {
            return self.split_matrix(&Val::of(ty, n, 0));
        }
        let mut v = Val::of(ty, n, 0);
        v.bare = true;
        Ok(v)
    }

    /// Declare the shader's own uniforms in their order, so that `set_uniform` finds each one
    /// whether or not the shader reads it. ShaderToy's channels are declared where read.
    pub fn declare_uniforms(&mut self) -> Result<(), Diag> {
        let prog = self.prog;
        for g in &prog.globals {
            if matches!(g.kind, GlobalKind::Uniform)
                && !(self.env.kind == Kind::ShaderToy && g.ty == Ty::Sampler)
            {
                self.uniform(&g.name, g.ty, g.span)?;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ logic on values

    fn not(&mut self, a: &Val) -> Result<Val, Diag> {
        if let Some(k) = a.konst {
            return Ok(Val::konst(Ty::Bool, fold_unary(UnOp::Not, Ty::Bool, &k)));
        }
        let na = self.n(a)?;
        let n = self.math(Opcode::LogicalNot, &[na])?;
        Ok(Val::of(Ty::Bool, n, a.reads))
    }

    /// A componentwise unary operator of a scalar or a vector, folded where `v` is known.
    pub(super) fn unary_math(&mut self, op: UnOp, code: Opcode, v: &Val) -> Result<Val, Diag> {
        if let Some(k) = v.konst {
            return Ok(Val::konst(v.ty, fold_unary(op, v.ty, &k)));
        }
        let nv = self.n(v)?;
        let n = self.math(code, &[nv])?;
        Ok(Val::of(v.ty, n, v.reads))
    }

    fn and(&mut self, a: &Val, b: &Val) -> Result<Val, Diag> {
        if a.is_false() || b.is_true() {
            return Ok(a.clone());
        }
        if b.is_false() || a.is_true() {
            return Ok(b.clone());
        }
        let (na, nb) = (self.n(a)?, self.n(b)?);
        let n = self.math(Opcode::LogicalAnd, &[na, nb])?;
        Ok(Val::of(Ty::Bool, n, a.reads | b.reads))
    }

    fn or(&mut self, a: &Val, b: &Val) -> Result<Val, Diag> {
        if a.is_true() || b.is_false() {
            return Ok(a.clone());
        }
        if b.is_true() || a.is_false() {
            return Ok(b.clone());
        }
        let (na, nb) = (self.n(a)?, self.n(b)?);
        let n = self.math(Opcode::LogicalOr, &[na, nb])?;
        Ok(Val::of(Ty::Bool, n, a.reads | b.reads))
    }

    /// `a` where `c` holds, else `b`, for values of one type.
    fn select(&mut self, c: &Val, a: &Val, b: &Val) -> Result<Val, Diag> {
        if c.is_true() {
            return Ok(a.clone());
        }
        if c.is_false() {
            return Ok(b.clone());
        }
        if a.ty.is_matrix() && (a.parts.is_empty() || b.parts.is_empty()) {
            // three.js's matrices as their values.
            let (a, b) = (self.with_columns(a)?, self.with_columns(b)?);
            return self.select(c, &a, &b);
        }
        if !a.parts.is_empty() {
            // A struct: each field chosen on its own.
            let mut out = a.clone();
            for (i, (x, y)) in a.parts.iter().zip(&b.parts).enumerate() {
                out.parts[i] = self.select(c, x, y)?;
            }
            return Ok(out);
        }
        if let (Some(x), Some(y)) = (a.konst, b.konst) {
            if x == y {
                return Ok(a.clone());
            }
        }
        if a.node.is_some() && a.node == b.node {
            return Ok(a.clone());
        }
        let (nc, na, nb) = (self.n(c)?, self.n(a)?, self.n(b)?);
        let n = self.math(Opcode::Select, &[nc, na, nb])?;
        Ok(Val::of(a.ty, n, c.reads | a.reads | b.reads))
    }

    // ------------------------------------------------------------------ the mask

    /// Where the statement being lowered runs: `None` for everywhere.
    fn mask(&mut self) -> Result<Option<Val>, Diag> {
        if let Some(cached) = &self.mask_cache {
            return Ok(cached.clone());
        }
        self.prefix.truncate(self.guards.len());
        for i in self.prefix.len()..self.guards.len() {
            let mut parts = Vec::new();
            // Invariant: `i` is below `guards.len()` (the loop's range).
            match &self.guards[i] {
                Guard::Cond(c) => parts.push((c.clone(), false)),
                Guard::Loop { broken, continued } => {
                    if let Some(b) = broken {
                        parts.push((b.clone(), true));
                    }
                    if let Some(c) = continued {
                        parts.push((c.clone(), true));
                    }
                }
                Guard::Func { returned } | Guard::Switch { broken: returned } => {
                    if let Some(r) = returned {
                        parts.push((r.clone(), true));
                    }
                }
            }
            let mut mask = self.prefix.last().cloned().flatten();
            for (v, negate) in parts {
                let v = if negate { self.not(&v)? } else { v };
                mask = Some(match mask {
                    None => v,
                    Some(m) => self.and(&m, &v)?,
                });
            }
            self.prefix.push(mask);
        }
        let mask = self.prefix.last().cloned().flatten();
        let mask = mask.filter(|m| !m.is_true());
        self.mask_cache = Some(mask.clone());
        Ok(mask)
    }

    fn dead(&mut self) -> Result<bool, Diag> {
        Ok(self.mask()?.is_some_and(|m| m.is_false()))
    }

    fn push_guard(&mut self, g: Guard) {
        self.guards.push(g);
        self.mask_cache = None;
    }

    fn pop_guard(&mut self) -> Option<Guard> {
        self.mask_cache = None;
        let g = self.guards.pop();
        self.prefix.truncate(self.guards.len());
        g
    }

    /// `flag = flag || mask`, for the innermost guard that `pick` finds.
    fn raise_flag(&mut self, which: FlagKind) -> Result<(), Diag> {
        let mask = self.mask()?;
        let at = self.guards.iter().rposition(|g| match which {
            FlagKind::Broken => matches!(g, Guard::Loop { .. } | Guard::Switch { .. }),
            FlagKind::Continued => matches!(g, Guard::Loop { .. }),
            FlagKind::Returned => matches!(g, Guard::Func { .. }),
        });
        let Some(at) = at else {
            return err(self.span, "no loop or function is open here");
        };
        // Invariant: `at` is a position `rposition` found in `guards`.
        let old = match (&self.guards[at], which) {
            (Guard::Loop { broken, .. } | Guard::Switch { broken }, FlagKind::Broken) => {
                broken.clone()
            }
            (Guard::Loop { continued, .. }, FlagKind::Continued) => continued.clone(),
            (Guard::Func { returned }, FlagKind::Returned) => returned.clone(),
            _ => None,
        };
        let new = match (old, mask) {
            (_, None) => Val::konst(Ty::Bool, [1.0, 0.0, 0.0, 0.0]),
            (None, Some(m)) => m,
            (Some(o), Some(m)) => self.or(&o, &m)?,
        };
        match (&mut self.guards[at], which) {
            (Guard::Loop { broken, .. } | Guard::Switch { broken }, FlagKind::Broken) => {
                *broken = Some(new)
            }
            (Guard::Loop { continued, .. }, FlagKind::Continued) => *continued = Some(new),
            (Guard::Func { returned }, FlagKind::Returned) => *returned = Some(new),
            _ => {}
        }
        // The masks from this guard inward changed.
        self.prefix.truncate(at);
        self.mask_cache = None;
        Ok(())
    }

    // ------------------------------------------------------------------ variables

    fn frame(&mut self) -> &mut Frame {
        // Invariant: locals and returns exist only in function bodies, which are lowered inside
        // `run`, and `run` pushes a frame before the body and pops it after.
        self.frames.last_mut().expect("a frame is open")
    }

    /// The zero of a type: a struct's is its fields' zeros.
    fn zero_of(&self, ty: Ty) -> Val {
        match ty {
            Ty::Struct(s) => {
                // Invariant: the checker made each `Ty::Struct` a place in `structs`.
                let def = &self.prog.structs[s as usize];
                Val {
                    ty,
                    parts: def.fields.iter().map(|&(_, t)| self.zero_of(t)).collect(),
                    ..Val::void()
                }
            }
            Ty::Array(a) => {
                // Invariant: the checker made each `Ty::Array` a place in `arrays`.
                let (elem, n) = self.prog.arrays[a as usize];
                let zero = self.zero_of(elem);
                Val {
                    ty,
                    parts: vec![zero; n],
                    ..Val::void()
                }
            }
            Ty::Mat2 | Ty::Mat3 | Ty::Mat4 => {
                let n = ty.matrix_size().unwrap_or(4);
                Self::matrix(ty, vec![Val::zero(Ty::vec(n)); n])
            }
            _ => Val::zero(ty),
        }
    }

    fn root_value(&mut self, root: Root, ty: Ty) -> Result<Val, Diag> {
        match root {
            // Invariant: a `LocalId` is an index into its function's `locals` (the checker's
            // `new_local`), and a frame holds one slot per local; `globals` and `written` have one
            // slot per global.
            Root::Local(id) => match self.frame().locals[id].clone() {
                Some(v) => Ok(v),
                None => Ok(self.zero_of(ty)),
            },
            Root::Global(id) => self.global(id, self.span),
        }
    }

    fn store(&mut self, root: Root, value: Val) {
        match root {
            Root::Local(id) => {
                self.hope_forget(id);
                self.frame().locals[id] = Some(value);
            }
            Root::Global(id) => {
                self.globals[id] = Some(value);
                self.written[id] = Some(self.span);
            }
        }
    }

    /// The components of a vector of `width` that a path of swizzles and indexes names, in the
    /// order of the value's components.
    fn path_components(&mut self, width: usize, path: &[Access]) -> Result<Vec<u8>, Diag> {
        let mut comps: Vec<u8> = (0..width as u8).collect();
        for access in path {
            comps = match access {
                // Invariant: the checker's `swizzle` bounded each component by the width at that
                // step of the path, which is `comps.len()`; `index_value` bounds an index by it
                // too.
                Access::Swizzle(s) => s.iter().map(|&i| comps[i as usize]).collect(),
                Access::Index(e) => {
                    let i = self.index_value(e, comps.len())?;
                    vec![comps[i]]
                }
                Access::Field(_) | Access::Element(_) => {
                    return err(self.span, "a vector has no fields or elements")
                }
            };
        }
        Ok(comps)
    }

    /// `old` with the part that `path` names replaced by `value`.
    fn replace_path(&mut self, old: &Val, path: &[Access], value: Val) -> Result<Val, Diag> {
        match path.first() {
            None => Ok(value),
            Some(Access::Element(e)) => {
                let idx = self.expr(e)?;
                // A matrix of three.js's is its columns here.
                let old = &self.with_columns(old)?;
                let mut out = old.clone();
                if let Some(k) = idx.konst {
                    // Invariant: the checker refused a constant outside the array; one known as
                    // loops unroll is checked here.
                    let i = self.element_const(k[0], old.parts.len(), e.span)?;
                    out.parts[i] = self.replace_path(&old.parts[i], &path[1..], value)?;
                    return Ok(out);
                }
                // Each element written where the index is its own; outside, none is.
                for i in 0..old.parts.len() {
                    let hit = self.index_is(&idx, i)?;
                    let new = self.replace_path(&old.parts[i], &path[1..], value.clone())?;
                    out.parts[i] = self.select(&hit, &new, &old.parts[i])?;
                }
                Ok(out)
            }
            Some(Access::Field(i)) => {
                let mut out = old.clone();
                // Invariant: the checker's `field_of` gave a field of the struct's type.
                out.parts[*i] = self.replace_path(&old.parts[*i], &path[1..], value)?;
                Ok(out)
            }
            Some(_) => {
                let comps = self.path_components(old.ty.width().unwrap_or(1), path)?;
                self.insert_components(old, &value, &comps)
            }
        }
    }

    /// The part of `root` that `path` names.
    fn read_path(&mut self, root: Val, path: &[Access]) -> Result<Val, Diag> {
        match path.first() {
            None => Ok(root),
            Some(Access::Element(e)) => {
                let idx = self.expr(e)?;
                let part = self.element(&root, &idx, e.span)?;
                self.read_path(part, &path[1..])
            }
            Some(Access::Field(i)) => {
                // Invariant: as in `replace_path`.
                let part = root.parts[*i].clone();
                self.read_path(part, &path[1..])
            }
            Some(_) => {
                let comps = self.path_components(root.ty.width().unwrap_or(1), path)?;
                self.swizzle_val(&root, &comps)
            }
        }
    }

    /// A constant index of an array of `len` elements (known once loops unroll).
    fn element_const(&self, i: f64, len: usize, span: Span) -> Result<usize, Diag> {
        if i < 0.0 || i >= len as f64 {
            return err(span, format!("the index {i} is outside 0 to {}", len - 1));
        }
        Ok(i as usize)
    }

    /// Whether the index `idx` is `i`.
    fn index_is(&mut self, idx: &Val, i: usize) -> Result<Val, Diag> {
        let ni = self.n(idx)?;
        let k = self.constant_node(idx.ty, [i as f64, 0.0, 0.0, 0.0])?;
        let n = self.math(Opcode::Equal, &[ni, k])?;
        Ok(Val::of(Ty::Bool, n, idx.reads))
    }

    /// An array's element: a select chain where the index is known at run time alone (outside
    /// the array it reads the first element, as R-GLSL's subset says; GLSL leaves it undefined).
    fn element(&mut self, array: &Val, idx: &Val, span: Span) -> Result<Val, Diag> {
        // A matrix of three.js's is its columns here.
        let array = &self.with_columns(array)?;
        if let Some(k) = idx.konst {
            let i = self.element_const(k[0], array.parts.len(), span)?;
            return Ok(array.parts[i].clone());
        }
        let mut out = array.parts[0].clone();
        for i in 1..array.parts.len() {
            let hit = self.index_is(idx, i)?;
            out = self.select(&hit, &array.parts[i], &out)?;
        }
        out.form = Form::None;
        out.bare = false;
        Ok(out)
    }

    /// Write `value` through `lv`, where the mask runs.
    fn write(&mut self, lv: &LValue, value: Val) -> Result<(), Diag> {
        let old = self.root_value(lv.root, lv.root_ty)?;
        let new = self.replace_path(&old, &lv.path, value)?;
        let mask = self.mask()?;
        let result = match mask {
            None => new,
            Some(m) => {
                if m.is_false() {
                    return Ok(());
                }
                self.select(&m, &new, &old)?
            }
        };
        self.store(lv.root, result);
        Ok(())
    }

    /// `old` with its components `comps[j]` replaced by component `j` of `value`.
    fn insert_components(&mut self, old: &Val, value: &Val, comps: &[u8]) -> Result<Val, Diag> {
        let width = old.ty.width().unwrap_or(1);
        if let (Some(o), Some(v)) = (old.konst, value.konst) {
            let mut k = o;
            for (j, &c) in comps.iter().enumerate() {
                // Invariant: `c` is a component of the root (below its width, at most 4) and `j`
                // one of the value, whose width the checker made `comps.len()`, at most 4.
                k[c as usize] = v[j];
            }
            return Ok(Val::konst(old.ty, k));
        }
        // For each component of the root: from the value (its index) or kept (the root's).
        let sources: Vec<(bool, u8)> = (0..width as u8)
            .map(|c| match comps.iter().position(|&x| x == c) {
                Some(j) => (true, j as u8),
                None => (false, c),
            })
            .collect();
        // Runs of components from one source become one swizzle each.
        let mut parts = Vec::new();
        let mut i = 0;
        while i < sources.len() {
            let from_value = sources[i].0;
            let mut run = vec![sources[i].1];
            while i + run.len() < sources.len() && sources[i + run.len()].0 == from_value {
                run.push(sources[i + run.len()].1);
            }
            i += run.len();
            let src = if from_value { value } else { old };
            parts.push(self.swizzle_val(src, &run)?);
        }
        let nodes: Vec<NodeRef> = parts.iter().map(|p| self.n(p)).collect::<Result<_, _>>()?;
        let n = self.node("join", Op::Join, &nodes)?;
        Ok(Val::of(old.ty, n, old.reads | value.reads))
    }

    fn swizzle_val(&mut self, v: &Val, comps: &[u8]) -> Result<Val, Diag> {
        let ty = Ty::of(v.ty.comp().unwrap_or(Comp::Float), comps.len());
        if let Some(k) = v.konst {
            let mut out = [0.0; 4];
            for (o, &c) in out.iter_mut().zip(comps) {
                *o = k[c as usize];
            }
            return Ok(Val::konst(ty, out));
        }
        let width = v.ty.width().unwrap_or(1);
        if comps.len() == width && comps.iter().enumerate().all(|(i, &c)| c as usize == i) {
            let mut same = v.clone();
            same.form = Form::None;
            return Ok(same);
        }
        let mut components = [0u8; 4];
        components[..comps.len()].copy_from_slice(comps);
        let nv = self.n(v)?;
        let n = self.node(
            "swizzle",
            Op::Swizzle {
                components,
                len: comps.len() as u8,
            },
            &[nv],
        )?;
        Ok(Val::of(ty, n, v.reads))
    }

    fn index_value(&mut self, e: &TExpr, len: usize) -> Result<usize, Diag> {
        let v = self.expr(e)?;
        let Some(k) = v.konst else {
            return err(e.span, "an index must be a constant or a loop index");
        };
        if k[0] < 0.0 || k[0] >= len as f64 {
            return err(
                e.span,
                format!("the index {} is outside 0 to {}", k[0], len - 1),
            );
        }
        Ok(k[0] as usize)
    }

    // ------------------------------------------------------------------ globals

    /// gl_FragCoord: `frag_coord()` (the pixel's centre from the bottom left, and the window
    /// depth) and 1 for w, as R-GLSL-12 says (three.js's w is one over the clip-space w).
    fn frag_coord(&mut self) -> Result<Val, Diag> {
        let xyz = self.attribute(Attribute::FragCoord)?;
        let one = self.constant_node(Ty::Float, [1.0, 0.0, 0.0, 0.0])?;
        let n = self.node("join", Op::Join, &[xyz, one])?;
        Ok(Val::of(Ty::Vec4, n, READS_FRAGMENT))
    }

    /// A global's initializer, a constant expression: its value everywhere, outside the guards of
    /// where it is first read.
    fn unguarded(&mut self, init: &TExpr) -> Result<Val, Diag> {
        let saved = std::mem::take(&mut self.guards);
        let saved_prefix = std::mem::take(&mut self.prefix);
        self.mask_cache = None;
        let v = self.expr(init);
        self.guards = saved;
        self.prefix = saved_prefix;
        self.mask_cache = None;
        v
    }

    fn global(&mut self, id: GlobalId, span: Span) -> Result<Val, Diag> {
        if let Some(v) = &self.globals[id] {
            return Ok(v.clone());
        }
        let prog = self.prog;
        let g = &prog.globals[id];
        let vertex = self.env.stage == Stage::Vertex;
        let v = match &g.kind {
            GlobalKind::Uniform => self.uniform(&g.name, g.ty, span)?,
            GlobalKind::BuiltinMatrix(m) => match (m, vertex) {
                (BuiltinMatrix::Normal, _) => Val {
                    ty: Ty::Mat3,
                    form: Form::NormalMatrix,
                    ..Val::void()
                },
                (BuiltinMatrix::View, false) => {
                    let n = self.attribute(Attribute::CameraViewMatrix)?;
                    Val {
                        form: Form::Matrices(Chain::of(&[Factor::V])),
                        ..Val::of(Ty::Mat4, n, 0)
                    }
                }
                (m, _) => {
                    let chain = match m {
                        BuiltinMatrix::Model => Chain::of(&[Factor::M]),
                        BuiltinMatrix::ModelView => Chain::of(&[Factor::V, Factor::M]),
                        BuiltinMatrix::Projection => Chain::of(&[Factor::P]),
                        _ => Chain::of(&[Factor::V]),
                    };
                    Val {
                        ty: Ty::Mat4,
                        form: Form::Matrices(chain),
                        ..Val::void()
                    }
                }
            },
            GlobalKind::IsOrthographic => {
                // camera_is_orthographic() is 1 or 0: a bool's condition form.
                let mut v = self.attr_val(Attribute::CameraIsOrthographic, Ty::Bool, 0)?;
                v.bare = true;
                v
            }
            GlobalKind::CameraPosition => {
                let mut v = self.attr_val(Attribute::CameraPosition, Ty::Vec3, 0)?;
                v.bare = true;
                v
            }
            GlobalKind::Attribute(a) => match a {
                VertexAttribute::Position => {
                    let n = self.attribute(Attribute::PositionLocal)?;
                    Val {
                        form: Form::PositionAttr,
                        ..Val::of(Ty::Vec3, n, READS_LOCAL | READS_POSITION)
                    }
                }
                VertexAttribute::Normal => {
                    let n = self.attribute(Attribute::NormalLocal)?;
                    Val {
                        form: Form::NormalAttr,
                        ..Val::of(Ty::Vec3, n, READS_LOCAL)
                    }
                }
                VertexAttribute::Uv => self.attr_val(Attribute::Uv, Ty::Vec2, READS_FRAGMENT)?,
                VertexAttribute::Color => {
                    self.attr_val(Attribute::VertexColor, Ty::Vec3, READS_FRAGMENT)?
                }
                VertexAttribute::Custom => self.custom_attribute(&g.name, g.ty)?,
            },
            GlobalKind::VaryingOut
            | GlobalKind::FragColor
            | GlobalKind::FragDepth
            | GlobalKind::PointSize => {
                // Not written yet: zero, as the output starts here (GLSL leaves it undefined).
                return Ok(self.zero_of(g.ty));
            }
            GlobalKind::VaryingIn => match self.linked.get(&g.name) {
                Some((_, v)) => v.clone(),
                None => return err(span, format!("the vertex shader does not write {}", g.name)),
            },
            GlobalKind::Const(init) | GlobalKind::Private(Some(init)) => self.unguarded(init)?,
            // Read before it is written: zero, as a local starts (GLSL leaves it undefined).
            GlobalKind::Private(None) => self.zero_of(g.ty),
            GlobalKind::FragCoord => self.frag_coord()?,
            GlobalKind::FrontFacing => {
                self.attr_val(Attribute::GlFrontFacing, Ty::Bool, READS_FRAGMENT)?
            }
            GlobalKind::PointCoord => {
                self.attr_val(Attribute::PointCoord, Ty::Vec2, READS_FRAGMENT)?
            }
            GlobalKind::Time => {
                let n = self.attribute(Attribute::Time)?;
                let mut v = Val::of(Ty::Float, n, 0);
                v.bare = true;
                v
            }
            GlobalKind::Position => return err(span, "gl_Position is written, not read"),
        };
        if !matches!(
            g.kind,
            GlobalKind::VaryingOut
                | GlobalKind::FragColor
                | GlobalKind::FragDepth
                | GlobalKind::PointSize
        ) {
            self.globals[id] = Some(v.clone());
        }
        Ok(v)
    }

    // ------------------------------------------------------------------ statements

    fn block(&mut self, stmts: &[TStmt]) -> Result<(), Diag> {
        for s in stmts {
            if self.dead()? {
                break;
            }
            self.stmt(s)?;
        }
        Ok(())
    }

    /// Enter one level of the recursion, within [`MAX_LOWERING_DEPTH`].
    fn descend(&mut self, span: Span) -> Result<(), Diag> {
        self.depth += 1;
        if self.depth > MAX_LOWERING_DEPTH {
            return err(
                span,
                format!(
                    "the shader nests more than {MAX_LOWERING_DEPTH} deep, counting its statements and expressions through the calls it inlines"
                ),
            );
        }
        Ok(())
    }

    fn stmt(&mut self, s: &TStmt) -> Result<(), Diag> {
        self.descend(self.span)?;
        let r = self.stmt_inner(s);
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self, s: &TStmt) -> Result<(), Diag> {
        self.tick()?;
        match s {
            TStmt::Decl { local, init } => {
                let ty = self.frame_local_ty(*local);
                let v = match init {
                    Some(e) => {
                        self.span = e.span;
                        self.expr(e)?
                    }
                    None => self.zero_of(ty),
                };
                let known = match init {
                    Some(e) => self.hope_of(e),
                    None => v.konst,
                };
                self.store(Root::Local(*local), v);
                self.hope_note(*local, known);
            }
            TStmt::Assign { target, op, value } => {
                let known = self.hope_assigned(target, *op, value);
                self.assign(target, *op, value, false)?;
                if target.path.is_empty() {
                    if let Root::Local(id) = target.root {
                        self.hope_note(id, known);
                    }
                }
            }
            TStmt::Expr(e) => {
                self.expr(e)?;
            }
            TStmt::If { cond, then, els } => {
                self.span = cond.span;
                let c = self.expr(cond)?;
                if c.is_true() {
                    return self.block(then);
                }
                if c.is_false() {
                    return self.block(els);
                }
                self.push_guard(Guard::Cond(c.clone()));
                let r = self.block(then);
                self.pop_guard();
                r?;
                if !els.is_empty() {
                    let not_c = self.not(&c)?;
                    self.push_guard(Guard::Cond(not_c));
                    let r = self.block(els);
                    self.pop_guard();
                    r?;
                }
            }
            TStmt::For {
                index,
                range,
                body,
                span,
            } => {
                self.push_guard(Guard::Loop {
                    broken: None,
                    continued: None,
                });
                let mut i = range.start;
                let ty = self.frame_local_ty(*index);
                let mut result = Ok(());
                for _ in 0..range.count {
                    self.span = *span;
                    if let Err(e) = self.tick() {
                        result = Err(e);
                        break;
                    }
                    self.frame().locals[*index] = Some(Val::konst(ty, [i, 0.0, 0.0, 0.0]));
                    if let Err(e) = self.block(body) {
                        result = Err(e);
                        break;
                    }
                    if let Some(Guard::Loop { continued, .. }) = self.guards.last_mut() {
                        *continued = None;
                    }
                    self.prefix.truncate(self.guards.len().saturating_sub(1));
                    self.mask_cache = None;
                    let stop = matches!(self.guards.last(), Some(Guard::Loop { broken: Some(b), .. }) if b.is_true());
                    if stop || self.dead()? {
                        break;
                    }
                    i = range.next(ty, i);
                }
                self.pop_guard();
                result?;
            }
            TStmt::While {
                cond,
                body,
                do_first,
                span,
            } => {
                self.push_guard(Guard::Loop {
                    broken: None,
                    continued: None,
                });
                self.hope_open();
                let r = self.while_bodies(cond, body, *do_first, *span);
                self.hope_close();
                self.pop_guard();
                r?;
            }
            TStmt::Switch { selector, sections } => self.switch(selector, sections)?,
            TStmt::Break(span) => {
                self.span = *span;
                self.raise_flag(FlagKind::Broken)?;
            }
            TStmt::Continue(span) => {
                self.span = *span;
                self.raise_flag(FlagKind::Continued)?;
            }
            TStmt::Return(value, span) => {
                self.span = *span;
                if let Some(e) = value {
                    let v = self.expr(e)?;
                    self.span = *span;
                    let mask = self.mask()?;
                    let answer = match (mask, self.frame().answer.clone()) {
                        (None, _) => v,
                        (Some(m), Some(old)) => self.select(&m, &v, &old)?,
                        (Some(m), None) => {
                            let zero = self.zero_of(v.ty);
                            self.select(&m, &v, &zero)?
                        }
                    };
                    self.frame().answer = Some(answer);
                }
                self.raise_flag(FlagKind::Returned)?;
            }
            TStmt::Discard(span) => {
                self.span = *span;
                let mask = self.mask()?;
                let flag = match (mask, self.discard.clone()) {
                    (None, _) => Val::konst(Ty::Bool, [1.0, 0.0, 0.0, 0.0]),
                    (Some(m), None) => m,
                    (Some(m), Some(old)) => self.or(&old, &m)?,
                };
                self.discard = Some(flag);
                self.discard_span = Some(*span);
            }
            TStmt::SetPosition(value, span) => {
                self.span = *span;
                let v = self.expr(value)?;
                self.span = *span;
                let Form::Point {
                    p,
                    p_reads,
                    space: Space::Clip,
                } = v.form
                else {
                    return err(
                        *span,
                        "gl_Position is projectionMatrix * modelViewMatrix * vec4(p, 1.0) (or through viewMatrix * modelMatrix); the host places each vertex",
                    );
                };
                self.position = Some((p, p_reads, *span));
            }
        }
        Ok(())
    }

    /// A `while`'s or a `do`'s bodies, under the loop's guard, which the caller opened: each
    /// body after its condition (a do's first without one), at most [`MAX_WHILE_COUNT`] of
    /// them, then one condition more. The loop must have stopped everywhere by then, as the
    /// constants the lowering folds show; the specification refuses a loop it cannot prove stops rather
    /// than truncate it (docs/requirements.md, R-GLSL's loops).
    fn while_bodies(
        &mut self,
        cond: &TExpr,
        body: &[TStmt],
        do_first: bool,
        span: Span,
    ) -> Result<(), Diag> {
        for k in 0..=MAX_WHILE_COUNT {
            self.span = span;
            self.tick()?;
            if !(do_first && k == 0) {
                let c = self.expr(cond)?;
                // Where the loop still runs, the condition may be known though its node is not
                // (hope.rs): true there, nothing stops; false there, every running lane stops.
                let c = match self.hope_of(cond) {
                    Some(k) if c.konst.is_none() => Val::konst(Ty::Bool, k),
                    _ => c,
                };
                let stop = self.not(&c)?;
                if stop.is_true() {
                    // Every lane still in the loop leaves it (the others left already).
                    if let Some(Guard::Loop { broken, .. }) = self.guards.last_mut() {
                        *broken = Some(Val::konst(Ty::Bool, [1.0, 0.0, 0.0, 0.0]));
                    }
                    self.prefix.truncate(self.guards.len().saturating_sub(1));
                    self.mask_cache = None;
                } else if !stop.is_false() {
                    self.push_guard(Guard::Cond(stop));
                    let r = self.raise_flag(FlagKind::Broken);
                    self.pop_guard();
                    r?;
                }
            }
            if self.dead()? {
                return Ok(());
            }
            if k == MAX_WHILE_COUNT {
                let what = if do_first { "do" } else { "while" };
                return err(
                    span,
                    format!(
                        "this {what} loop is not proved to stop within {MAX_WHILE_COUNT} times through: its condition, or a break, must end it through values the compiler can follow (constants and loop counters); write a for loop with constant bounds, and break out of it"
                    ),
                );
            }
            self.block(body)?;
            // A `continue` ends the body it is in, not the next.
            if let Some(Guard::Loop { continued, .. }) = self.guards.last_mut() {
                *continued = None;
            }
            self.prefix.truncate(self.guards.len().saturating_sub(1));
            self.mask_cache = None;
        }
        Ok(())
    }

    /// A switch: the selector read once, then each section under the mask of where its labels
    /// or an earlier section's matched (fall-through), inside a guard that `break` leaves.
    fn switch(&mut self, selector: &TExpr, sections: &[SwitchSection]) -> Result<(), Diag> {
        let sel = self.expr(selector)?;
        let never = Val::konst(Ty::Bool, [0.0; 4]);
        let mut hits = Vec::with_capacity(sections.len());
        let mut any = never.clone();
        for section in sections {
            let mut hit = never.clone();
            for label in &section.labels {
                let label = Val::konst(sel.ty, *label);
                let eq = self.binary(BinOp::Eq, &sel, &label, Ty::Bool)?;
                hit = self.or(&hit, &eq)?;
            }
            any = self.or(&any, &hit)?;
            hits.push(hit);
        }
        // `default` is where no label matched.
        let unmatched = self.not(&any)?;
        self.push_guard(Guard::Switch { broken: None });
        let mut entered = never;
        let mut result = Ok(());
        for (section, hit) in sections.iter().zip(hits) {
            let hit = if section.default {
                self.or(&hit, &unmatched)?
            } else {
                hit
            };
            entered = self.or(&entered, &hit)?;
            if entered.is_false() {
                continue;
            }
            self.push_guard(Guard::Cond(entered.clone()));
            result = self.block(&section.body);
            self.pop_guard();
            if result.is_err() || self.dead()? {
                break;
            }
        }
        self.pop_guard();
        result
    }

    fn frame_local_ty(&self, id: LocalId) -> Ty {
        let prog = self.prog;
        self.frames
            .last()
            .and_then(|f| prog.functions[f.function].locals.get(id))
            .map_or(Ty::Float, |l| l.ty)
    }

    /// `target = value` or `target op= value`: the value first, then the target read (for `op=`)
    /// and written. Its value is the target's new value, or with `post` (`a++`) its old one.
    fn assign(
        &mut self,
        target: &LValue,
        op: Option<BinOp>,
        value: &TExpr,
        post: bool,
    ) -> Result<Val, Diag> {
        self.span = target.span;
        let v = self.expr(value)?;
        let old = match op {
            Some(_) => Some(self.lvalue_value(target)?),
            None => None,
        };
        let new = match (op, &old) {
            (Some(op), Some(old)) => {
                self.span = target.span;
                self.binary(op, old, &v, target.ty)?
            }
            _ => v,
        };
        self.span = target.span;
        self.write(target, new.clone())?;
        Ok(match old {
            Some(old) if post => old,
            _ => new,
        })
    }

    fn lvalue_value(&mut self, lv: &LValue) -> Result<Val, Diag> {
        let root = self.root_value(lv.root, lv.root_ty)?;
        self.read_path(root, &lv.path)
    }
}

#[derive(Clone, Copy)]
enum FlagKind {
    Broken,
    Continued,
    Returned,
}

impl ShaderLowering<'_, '_> {
    // ------------------------------------------------------------------ expressions

    pub(crate) fn expr(&mut self, e: &TExpr) -> Result<Val, Diag> {
        if let Some(k) = e.konst {
            return Ok(Val::konst(e.ty, k));
        }
        self.span = e.span;
        self.tick()?;
        self.descend(e.span)?;
        let r = self.expr_inner(e);
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, e: &TExpr) -> Result<Val, Diag> {
        self.span = e.span;
        let v = match &e.kind {
            TKind::Const => Val::zero(e.ty),
            TKind::Local(id) => match self.frame().locals[*id].clone() {
                Some(v) => v,
                None => self.zero_of(e.ty),
            },
            TKind::Element(base, index) => {
                let base = self.expr(base)?;
                let idx = self.expr(index)?;
                self.span = e.span;
                self.element(&base, &idx, index.span)?
            }
            TKind::Field(base, i) => {
                let base = self.expr(base)?;
                // Invariant: the checker's `field_of` gave a field of the struct's type.
                base.parts[*i].clone()
            }
            TKind::Global(id) => self.global(*id, e.span)?,
            TKind::Unary(op, a) => {
                let a = self.expr(a)?;
                self.span = e.span;
                match op {
                    UnOp::Not => self.not(&a)?,
                    UnOp::Plus => a,
                    UnOp::Neg if a.ty.is_matrix() => self.matrix_negate(&a)?,
                    UnOp::Neg => self.negate(&a)?,
                    UnOp::BitNot => self.unary_math(UnOp::BitNot, Opcode::BitNot, &a)?,
                }
            }
            TKind::Binary(op, a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.span = e.span;
                self.binary(*op, &a, &b, e.ty)?
            }
            TKind::Logical(op, a, b) => {
                let a = self.expr(a)?;
                self.span = e.span;
                let and = *op == BinOp::And;
                if a.konst.is_some() {
                    if a.is_true() != and {
                        // false && ..., true || ...: the right side does not run.
                        return Ok(a);
                    }
                    return self.expr(b);
                }
                let b = if has_effects(b) {
                    let gate = if and { a.clone() } else { self.not(&a)? };
                    self.guarded(gate, b)?
                } else {
                    self.expr(b)?
                };
                self.span = e.span;
                if and {
                    self.and(&a, &b)?
                } else {
                    self.or(&a, &b)?
                }
            }
            TKind::Ternary(c, a, b) => {
                let c = self.expr(c)?;
                if c.is_true() {
                    return self.expr(a);
                }
                if c.is_false() {
                    return self.expr(b);
                }
                let va = if has_effects(a) {
                    self.guarded(c.clone(), a)?
                } else {
                    self.expr(a)?
                };
                let vb = if has_effects(b) {
                    let not_c = self.not(&c)?;
                    self.guarded(not_c, b)?
                } else {
                    self.expr(b)?
                };
                self.span = e.span;
                let mut v = self.select(&c, &va, &vb)?;
                v.form = Form::None;
                v.bare = false;
                v
            }
            TKind::Swizzle(base, comps) => {
                let base = self.expr(base)?;
                self.span = e.span;
                self.swizzle_expr(&base, comps)?
            }
            TKind::Index(base, index) => {
                let base = self.expr(base)?;
                self.span = e.span;
                if base.ty.is_matrix() {
                    // A column, picked as an array's element is (the index may be known at
                    // run time alone).
                    let columns = self.columns(&base)?;
                    let idx = self.expr(index)?;
                    self.span = e.span;
                    self.element(&Self::matrix(base.ty, columns), &idx, index.span)?
                } else {
                    // A component, picked as an array's element is: each one a part.
                    let idx = self.expr(index)?;
                    self.span = e.span;
                    let width = base.ty.width().unwrap_or(1) as u8;
                    let parts = (0..width)
                        .map(|i| self.swizzle_expr(&base, &[i]))
                        .collect::<Result<Vec<_>, _>>()?;
                    let components = Val {
                        ty: base.ty,
                        parts,
                        ..Val::void()
                    };
                    self.element(&components, &idx, index.span)?
                }
            }
            TKind::Construct(args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.expr(a)?);
                }
                self.span = e.span;
                self.construct(e.ty, &vals)?
            }
            TKind::Builtin(b, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.expr(a)?);
                }
                self.span = e.span;
                self.builtin(*b, &vals, e.ty)?
            }
            TKind::Call(id, args) => self.call(*id, args, e.span)?,
            TKind::Assign {
                target,
                op,
                value,
                post,
            } => self.assign(target, *op, value, *post)?,
            TKind::Comma(a, b) => {
                self.expr(a)?;
                self.expr(b)?
            }
        };
        Ok(v)
    }

    /// Lower `e` where `gate` also holds (the right side of `&&`, an arm of `?:`).
    fn guarded(&mut self, gate: Val, e: &TExpr) -> Result<Val, Diag> {
        self.push_guard(Guard::Cond(gate));
        let v = self.expr(e);
        self.pop_guard();
        v
    }

    fn swizzle_expr(&mut self, base: &Val, comps: &[u8]) -> Result<Val, Diag> {
        let xyz = comps == [0, 1, 2];
        match base.form {
            Form::Point {
                space: Space::World,
                ..
            } if xyz => return self.attr_val(Attribute::PositionWorld, Ty::Vec3, READS_FRAGMENT),
            Form::Point {
                space: Space::View, ..
            } if xyz => return self.attr_val(Attribute::PositionView, Ty::Vec3, READS_FRAGMENT),
            Form::Point {
                p,
                p_reads,
                space: Space::Local,
            } if xyz => return Ok(Val::of(Ty::Vec3, p, p_reads)),
            _ => {}
        }
        self.swizzle_val(base, comps)
    }

    fn binary(&mut self, op: BinOp, a: &Val, b: &Val, ty: Ty) -> Result<Val, Diag> {
        // The checker refuses these where it folds; here they are folded as loops unroll.
        if let Some(reason) = known_operand_refusal(op, ty, b.ty, b.konst.as_ref()) {
            return err(self.span, reason);
        }
        if let (Some(x), Some(y)) = (a.konst, b.konst) {
            return Ok(Val::konst(ty, fold_binary(op, a.ty, &x, b.ty, &y, ty)));
        }
        let matrix_form = |v: &Val| matches!(v.form, Form::Matrices(_) | Form::NormalMatrix);
        if op == BinOp::Mul && (matrix_form(a) || matrix_form(b)) {
            return self.matrix_mul(a, b, ty);
        }
        if a.ty.is_matrix() || b.ty.is_matrix() {
            return self.matrix_binary(op, a, b, ty);
        }
        let reads = a.reads | b.reads;
        let (na, nb) = (self.n(a)?, self.n(b)?);
        let n = match op {
            BinOp::Add => self.math(Opcode::Add, &[na, nb])?,
            BinOp::Sub => self.math(Opcode::Sub, &[na, nb])?,
            BinOp::Mul => self.math(Opcode::Mul, &[na, nb])?,
            // The graph's integer division truncates, and its remainder is GLSL's % (R-INT-3).
            BinOp::Div => self.math(Opcode::Div, &[na, nb])?,
            BinOp::Mod => self.math(Opcode::Rem, &[na, nb])?,
            BinOp::BitAnd => self.math(Opcode::BitAnd, &[na, nb])?,
            BinOp::BitOr => self.math(Opcode::BitOr, &[na, nb])?,
            BinOp::BitXor => self.math(Opcode::BitXor, &[na, nb])?,
            BinOp::Shl => self.math(Opcode::ShiftLeft, &[na, nb])?,
            BinOp::Shr => self.math(Opcode::ShiftRight, &[na, nb])?,
            BinOp::Lt => self.math(Opcode::LessThan, &[na, nb])?,
            BinOp::Gt => self.math(Opcode::GreaterThan, &[na, nb])?,
            BinOp::Le => self.math(Opcode::LessThanEqual, &[na, nb])?,
            BinOp::Ge => self.math(Opcode::GreaterThanEqual, &[na, nb])?,
            BinOp::Eq | BinOp::Ne if a.ty.is_vector() => {
                // Equal where no component differs (NaN differs from itself, as in GLSL).
                let differ = self.math(Opcode::NotEqual, &[na, nb])?;
                let count = self.math(Opcode::Dot, &[differ, differ])?;
                let zero = self.constant_node(Ty::Float, [0.0; 4])?;
                let code = if op == BinOp::Eq {
                    Opcode::Equal
                } else {
                    Opcode::NotEqual
                };
                self.math(code, &[count, zero])?
            }
            BinOp::Eq => self.math(Opcode::Equal, &[na, nb])?,
            BinOp::Ne => self.math(Opcode::NotEqual, &[na, nb])?,
            BinOp::And => self.math(Opcode::LogicalAnd, &[na, nb])?,
            BinOp::Or => self.math(Opcode::LogicalOr, &[na, nb])?,
            BinOp::Xor => self.math(Opcode::LogicalXor, &[na, nb])?,
        };
        Ok(Val::of(ty, n, reads))
    }

    /// A product with a matrix: three.js's matrices as forms where they make one (a point, the
    /// view normal, a product of them), as their values elsewhere; a uniform's as nodes.
    fn matrix_mul(&mut self, a: &Val, b: &Val, ty: Ty) -> Result<Val, Diag> {
        match (a.form, b.form) {
            (Form::Matrices(ca), Form::Matrices(cb)) => match ca.times(cb) {
                Some(c) => Ok(Val {
                    ty: Ty::Mat4,
                    form: Form::Matrices(c),
                    ..Val::void()
                }),
                None => self.three_product(a, b, ty),
            },
            (Form::NormalMatrix, Form::NormalAttr) => {
                self.attr_val(Attribute::NormalView, Ty::Vec3, READS_FRAGMENT)
            }
            (Form::Matrices(c), _) if b.ty == Ty::Vec4 => self.apply_chain(c, b),
            (_, Form::Matrices(c)) if c.factors() == [Factor::V] && a.ty.is_vector() => {
                let view = self.attribute(Attribute::CameraViewMatrix)?;
                let na = self.n(a)?;
                let n = self.math(Opcode::Mul, &[na, view])?;
                Ok(Val::of(a.ty, n, a.reads))
            }
            _ => self.three_product(a, b, ty),
        }
    }

    /// A product of three.js's matrices applied to a vec4: a point of the forms, or, for
    /// viewMatrix alone, a plain product.
    fn apply_chain(&mut self, c: Chain, v: &Val) -> Result<Val, Diag> {
        use Factor::*;
        let span = self.span;
        let point = |p, p_reads, space| Form::Point { p, p_reads, space };
        match v.form {
            Form::Point { p, p_reads, space } => {
                let to = match (space, c.factors()) {
                    (Space::Local, [M]) => Some(Space::World),
                    (Space::Local, [V, M]) => Some(Space::View),
                    (Space::Local, [P, V, M]) => Some(Space::Clip),
                    (Space::World, [V]) => Some(Space::View),
                    (Space::World, [P, V]) => Some(Space::Clip),
                    (Space::View, [P]) => Some(Space::Clip),
                    _ => None,
                };
                match to {
                    Some(Space::Clip) => {
                        // Its node, made where a value reads it (`clip_point`), is not
                        // gl_Position's: the host places each vertex.
                        return Ok(Val {
                            ty: Ty::Vec4,
                            form: point(p, p_reads, Space::Clip),
                            reads: READS_FRAGMENT,
                            ..Val::void()
                        });
                    }
                    Some(space) => {
                        self.points.push((p, span));
                        let attr = if space == Space::World {
                            Attribute::PositionWorld
                        } else {
                            Attribute::PositionView
                        };
                        let a = self.attribute(attr)?;
                        let one = self.constant_node(Ty::Float, [1.0, 0.0, 0.0, 0.0])?;
                        let n = self.node("join", Op::Join, &[a, one])?;
                        return Ok(Val {
                            form: point(p, p_reads, space),
                            ..Val::of(Ty::Vec4, n, READS_FRAGMENT)
                        });
                    }
                    None => {}
                }
            }
            Form::NormalDir if c.factors() == [M] => {
                let a = self.attribute(Attribute::NormalWorld)?;
                let zero = self.constant_node(Ty::Float, [0.0; 4])?;
                let n = self.node("join", Op::Join, &[a, zero])?;
                // The table's normal_world() with a zero w: a varying of it is itself.
                let mut v = Val::of(Ty::Vec4, n, READS_FRAGMENT);
                v.bare = true;
                return Ok(v);
            }
            _ => {}
        }
        if c.factors() == [V] {
            let view = self.attribute(Attribute::CameraViewMatrix)?;
            let nv = self.n(v)?;
            let n = self.math(Opcode::Mul, &[view, nv])?;
            return Ok(Val::of(Ty::Vec4, n, v.reads));
        }
        // Another product: GLSL's, of the matrices' values.
        let m = Val {
            ty: Ty::Mat4,
            form: Form::Matrices(c),
            ..Val::void()
        };
        self.three_product(&m, v, Ty::Vec4)
    }

    /// The clip-space point `projectionMatrix * modelViewMatrix * vec4(p, 1.0)` as a value:
    /// the projection of the view position of the point gl_Position draws, which must be `p`.
    fn clip_point(&mut self, p: NodeRef) -> Result<NodeRef, Diag> {
        self.points.push((p, self.span));
        let a = self.attribute(Attribute::PositionView)?;
        let one = self.constant_node(Ty::Float, [1.0, 0.0, 0.0, 0.0])?;
        let n = self.node("join", Op::Join, &[a, one])?;
        let projection = Val {
            ty: Ty::Mat4,
            form: Form::Matrices(Chain::of(&[Factor::P])),
            ..Val::void()
        };
        let clip =
            self.three_product(&projection, &Val::of(Ty::Vec4, n, READS_FRAGMENT), Ty::Vec4)?;
        self.n(&clip)
    }

    fn construct(&mut self, ty: Ty, args: &[Val]) -> Result<Val, Diag> {
        if ty.is_matrix() {
            // A matrix's components are floats: an integer argument converts first.
            let args: Vec<Val> = args
                .iter()
                .map(|a| match a.ty.comp() {
                    Some(Comp::Int | Comp::UInt) => self.convert(a, Comp::Float),
                    _ => Ok(a.clone()),
                })
                .collect::<Result<_, _>>()?;
            return self.matrix_construct(ty, &args);
        }
        if let Ty::Struct(_) | Ty::Array(_) = ty {
            return Ok(Val {
                ty,
                parts: args.to_vec(),
                ..Val::void()
            });
        }
        let tys: Vec<Ty> = args.iter().map(|a| a.ty).collect();
        if args.iter().all(|a| a.konst.is_some()) {
            // Invariant: the condition above checked that every argument's `konst` is Some.
            let ks: Vec<Konst> = args.iter().map(|a| a.konst.expect("all known")).collect();
            let k = fold_construct(ty, &tys, &ks).map_err(|r| Diag::new(self.span, r))?;
            return Ok(Val::konst(ty, k));
        }
        let reads = args.iter().fold(0, |r, a| r | a.reads);
        let width = ty.width().unwrap_or(1);
        let comp = ty.comp().unwrap_or(Comp::Float);
        if ty.is_scalar() {
            let a = &args[0];
            let first = if a.ty.is_vector() {
                self.swizzle_val(a, &[0])?
            } else {
                a.clone()
            };
            let mut v = self.convert(&first, comp)?;
            v.bare = first.bare && v.node == first.node;
            return Ok(v);
        }
        if args.len() == 1 && args[0].ty.is_scalar() {
            let v = &self.convert(&args[0], comp)?;
            let comps = vec![0u8; width];
            let mut out = self.swizzle_val(v, &comps)?;
            out.ty = ty;
            return Ok(out);
        }
        // vec4(p, 1.0) and vec4(normal, 0.0): the points and directions of the forms.
        let mut form = Form::None;
        if ty == Ty::Vec4 && args.len() == 2 && args[0].ty == Ty::Vec3 {
            match args[1].konst.map(|k| k[0]) {
                Some(1.0) => {
                    let p = self.n(&args[0])?;
                    form = Form::Point {
                        p,
                        p_reads: args[0].reads,
                        space: Space::Local,
                    };
                }
                Some(w) if w == 0.0 && args[0].form == Form::NormalAttr => form = Form::NormalDir,
                _ => {}
            }
        }
        let mut parts = Vec::new();
        let mut have = 0;
        for a in args {
            let w = a.ty.width().unwrap_or(1);
            let take = w.min(width - have);
            let part = if take < w {
                let comps: Vec<u8> = (0..take as u8).collect();
                self.swizzle_val(a, &comps)?
            } else {
                a.clone()
            };
            // Each part converted to the result's components, those it gives alone.
            let part = self.convert(&part, comp)?;
            parts.push(self.n(&part)?);
            have += take;
            if have == width {
                break;
            }
        }
        let n = if parts.len() == 1 {
            parts[0]
        } else {
            self.node("join", Op::Join, &parts)?
        };
        Ok(Val {
            form,
            ..Val::of(ty, n, reads)
        })
    }

    /// `v` with components of `to`, as GLSL's constructors convert (see `fold_construct`): a
    /// bool is the condition form, a float's zero or one, so it needs no node to be a float.
    fn convert(&mut self, v: &Val, to: Comp) -> Result<Val, Diag> {
        let from = v.ty.comp().unwrap_or(Comp::Float);
        let ty = v.ty.with_comp(to).unwrap_or(v.ty);
        if let Some(k) = v.konst {
            let k = fold_construct(ty, &[v.ty], &[k]).map_err(|r| Diag::new(self.span, r))?;
            return Ok(Val::konst(ty, k));
        }
        let nv = self.n(v)?;
        let n = match (from, to) {
            _ if from == to => return Ok(v.clone()),
            (Comp::Bool, Comp::Float) => nv,
            (_, Comp::Float) => self.math(Opcode::ToFloat, &[nv])?,
            (_, Comp::Int) => self.math(Opcode::ToInt, &[nv])?,
            (_, Comp::UInt) => self.math(Opcode::ToUint, &[nv])?,
            (_, Comp::Bool) => {
                let zero = self.constant_node(Ty::of(from, 1), [0.0; 4])?;
                self.math(Opcode::NotEqual, &[nv, zero])?
            }
        };
        Ok(Val {
            form: if n == nv { v.form } else { Form::None },
            ..Val::of(ty, n, v.reads)
        })
    }

    fn builtin(&mut self, b: Builtin, args: &[Val], ty: Ty) -> Result<Val, Diag> {
        if args.first().is_some_and(|a| a.ty.is_matrix()) {
            return self.matrix_builtin(b, args, ty);
        }
        let tys: Vec<Ty> = args.iter().map(|a| a.ty).collect();
        if b.folds() && args.iter().all(|a| a.konst.is_some()) {
            // Invariant: the condition above checked that every argument's `konst` is Some.
            let ks: Vec<Konst> = args.iter().map(|a| a.konst.expect("all known")).collect();
            return Ok(Val::konst(ty, fold_builtin(b, &tys, &ks, ty)));
        }
        if matches!(b, Builtin::TexelFetch | Builtin::TextureSize) {
            return self.texel_builtin(b, args, ty);
        }
        let reads = args.iter().fold(0, |r, a| r | a.reads);
        let mut nodes = Vec::with_capacity(args.len());
        for a in args {
            nodes.push(self.n(a)?);
        }
        use Builtin::*;
        let code = match b {
            Radians => Opcode::Radians,
            Degrees => Opcode::Degrees,
            Sin => Opcode::Sin,
            Cos => Opcode::Cos,
            Tan => Opcode::Tan,
            Asin => Opcode::Asin,
            Acos => Opcode::Acos,
            Atan => Opcode::Atan,
            Atan2 => Opcode::Atan2,
            Pow => Opcode::Pow,
            Exp => Opcode::Exp,
            Log => Opcode::Log,
            Exp2 => Opcode::Exp2,
            Log2 => Opcode::Log2,
            Sqrt => Opcode::Sqrt,
            InverseSqrt => Opcode::InverseSqrt,
            Abs => Opcode::Abs,
            Sign => Opcode::Sign,
            Floor => Opcode::Floor,
            Ceil => Opcode::Ceil,
            Trunc => Opcode::Trunc,
            Round => Opcode::Round,
            Fract => Opcode::Fract,
            Mod => Opcode::Mod,
            Min => Opcode::Min,
            Max => Opcode::Max,
            Clamp => Opcode::Clamp,
            Mix if args[2].ty.comp() != Some(Comp::Bool) => Opcode::Mix,
            Step => Opcode::Step,
            Smoothstep => Opcode::Smoothstep,
            Length => Opcode::Length,
            Distance => Opcode::Distance,
            Dot => Opcode::Dot,
            Cross => Opcode::Cross,
            Normalize => Opcode::Normalize,
            Faceforward => Opcode::Faceforward,
            Reflect => Opcode::Reflect,
            Refract => Opcode::Refract,
            Dfdx | Dfdy => {
                let axis = if b == Dfdx { Axis::X } else { Axis::Y };
                let name = if b == Dfdx { "dfdx" } else { "dfdy" };
                let n = self.node(name, Op::Derivative(axis), &nodes)?;
                return Ok(Val::of(ty, n, reads));
            }
            Fwidth => {
                let x = self.node("dfdx", Op::Derivative(Axis::X), &nodes)?;
                let y = self.node("dfdy", Op::Derivative(Axis::Y), &nodes)?;
                let ax = self.math(Opcode::Abs, &[x])?;
                let ay = self.math(Opcode::Abs, &[y])?;
                let n = self.math(Opcode::Add, &[ax, ay])?;
                return Ok(Val::of(ty, n, reads));
            }
            // Invariant: `texel_builtin` took these above.
            TexelFetch | TextureSize => return err(self.span, "a texel built-in"),
            Texture | TextureLod | TextureGrad | TextureProj | TextureProjLod | TextureProjGrad => {
                let n = self.texture_read(b, &args[1].ty, &nodes)?;
                return Ok(Val::of(ty, n, reads | READS_FRAGMENT));
            }
            LessThan => Opcode::LessThan,
            LessThanEqual => Opcode::LessThanEqual,
            GreaterThan => Opcode::GreaterThan,
            GreaterThanEqual => Opcode::GreaterThanEqual,
            Equal => Opcode::Equal,
            NotEqual => Opcode::NotEqual,
            Not => Opcode::LogicalNot,
            Any | All => {
                // A bvec's components are zero or one, so their dot with themselves counts
                // the true ones exactly.
                let count = self.math(Opcode::Dot, &[nodes[0], nodes[0]])?;
                let n = args[0].ty.width().unwrap_or(1);
                let (code, bound) = if b == Any {
                    (Opcode::GreaterThan, 0.0)
                } else {
                    (Opcode::Equal, n as f64)
                };
                let k = self.constant_node(Ty::Float, [bound, 0.0, 0.0, 0.0])?;
                let n = self.math(code, &[count, k])?;
                return Ok(Val::of(ty, n, reads));
            }
            Mix => {
                // mix(x, y, b) picks y where b holds, each component on its own.
                let n = self.math(Opcode::Select, &[nodes[2], nodes[1], nodes[0]])?;
                return Ok(Val::of(ty, n, reads));
            }
            MatrixCompMult | Transpose | Determinant | Inverse => {
                // Invariant: the checker gave these a matrix argument, which `matrix_builtin`
                // took above.
                return err(self.span, "a matrix built-in takes a matrix");
            }
        };
        let n = self.math(code, &nodes)?;
        Ok(Val::of(ty, n, reads))
    }

    /// A texture built-in's read: `nodes` are the sampler, the coordinate (of type `coord`) and
    /// the rest of the checked form (bias, level or gradients). A level, a gradient or a bias
    /// is the graph's `texture_level`, `texture_grad` or `texture_bias`; `textureProj` divides
    /// `P.xy` by P's last component first.
    fn texture_read(&mut self, b: Builtin, coord: &Ty, nodes: &[NodeRef]) -> Result<NodeRef, Diag> {
        use Builtin::*;
        self.b.room(self.span)?;
        let g = &self.b.g;
        let (map, mut uv) = (nodes[0], nodes[1]);
        if matches!(b, TextureProj | TextureProjLod | TextureProjGrad) {
            let last = if *coord == Ty::Vec3 { "z" } else { "w" };
            uv = g.div(g.swizzle(uv, "xy"), g.swizzle(uv, last));
        }
        let n = match (b, &nodes[2..]) {
            // A vec3 coordinate that is not projected: a sampler3D's, a samplerCube's direction
            // or a sampler2DArray's (u, v, layer), each the graph's texture_3d of a volume whose
            // layout reads it so (the checker's forms); a cube's or layers' one level is the
            // level textureLod reads.
            (Texture, &[]) | (TextureLod, &[_]) if *coord == Ty::Vec3 => g.texture_3d(map, uv),
            (TextureLod | TextureProjLod, &[level]) => g.texture_level(map, uv, level),
            (TextureGrad | TextureProjGrad, &[ddx, ddy]) => g.texture_grad(map, uv, ddx, ddy),
            (_, &[bias]) => g.texture_bias(map, uv, bias),
            _ => g.texture(map, uv),
        };
        self.graph_result(n)
    }

    /// `texelFetch(s, P, lod)` and `textureSize(s, lod)` (R-GLSL-25). The graph's texel and level
    /// are floats (whole numbers, exact to 2^24, far past a texture's side), so a fetch
    /// converts its ivec2 and int; a size is the texture-size uniform of the level (the checker
    /// made it a constant) converted to an ivec2.
    fn texel_builtin(&mut self, b: Builtin, args: &[Val], ty: Ty) -> Result<Val, Diag> {
        self.b.room(self.span)?;
        let map = self.n(&args[0])?;
        if b == Builtin::TextureSize {
            // Invariant: the checker refused a level that is not a constant of 0 to 31.
            let level = args[1].konst.map_or(0, |k| k[0] as u32);
            let n = self.b.g.texture_size(map, level);
            let size = Val::of(Ty::Vec2, self.graph_result(n)?, args[0].reads);
            return self.convert(&size, Comp::Int);
        }
        let texel = self.convert(&args[1], Comp::Float)?;
        let level = self.convert(&args[2], Comp::Float)?;
        let (texel, level) = (self.n(&texel)?, self.n(&level)?);
        let n = self.b.g.texture_fetch(map, texel, level);
        let reads = args.iter().fold(READS_FRAGMENT, |r, a| r | a.reads);
        Ok(Val::of(ty, self.graph_result(n)?, reads))
    }

    /// A node the graph made, or its refusal at the current span.
    fn graph_result(&self, n: NodeRef) -> Result<NodeRef, Diag> {
        match self.b.g.error() {
            Some(e) if n.is_refused() => Err(Diag::from_graph(self.span, e)),
            _ => Ok(n),
        }
    }

    fn call(&mut self, id: FnId, args: &[TArg], span: Span) -> Result<Val, Diag> {
        if self.frames.len() >= MAX_CALL_DEPTH {
            return err(span, format!("calls nest more than {MAX_CALL_DEPTH} deep"));
        }
        let prog = self.prog;
        // Invariant: a `FnId` is an index the checker gave a function it pushed to `functions`;
        // `p.local` and `local` are the function's own locals.
        let f = &prog.functions[id];
        let mut values = Vec::with_capacity(args.len());
        let mut outs = Vec::new();
        for (arg, param) in args.iter().zip(&f.params) {
            match arg {
                TArg::In(e) => values.push(self.expr(e)?),
                TArg::Out(lv) => {
                    values.push(self.zero_of(param.ty));
                    outs.push((lv, param.local));
                }
                TArg::InOut(lv) => {
                    self.span = lv.span;
                    values.push(self.lvalue_value(lv)?);
                    outs.push((lv, param.local));
                }
            }
        }
        self.span = span;
        // The frame's locals are work of their own: a body that returns early lowers few of
        // the statements that declare them.
        self.charge(f.locals.len())?;
        let mut locals = vec![None; f.locals.len()];
        for (p, v) in f.params.iter().zip(values) {
            locals[p.local] = Some(v);
        }
        let frame = self.run(id, locals)?;
        for (lv, local) in outs {
            let ty = f.locals[local].ty;
            let v = match frame.locals[local].clone() {
                Some(v) => v,
                None => self.zero_of(ty),
            };
            self.span = lv.span;
            self.write(lv, v)?;
        }
        self.span = span;
        Ok(match frame.answer {
            Some(a) => a,
            None if f.ret == Ty::Void => Val::void(),
            None => self.zero_of(f.ret),
        })
    }

    /// Run a function's body in a frame of its own; the frame as the body left it.
    fn run(&mut self, id: FnId, locals: Vec<Option<Val>>) -> Result<Frame, Diag> {
        let prog = self.prog;
        self.frames.push(Frame {
            function: id,
            locals,
            answer: None,
        });
        self.push_guard(Guard::Func { returned: None });
        let r = self.block(&prog.functions[id].body);
        self.pop_guard();
        // Invariant: the frame pushed above; `block` returns with as many frames as it began with
        // (each `call` pushes and pops its own in `run`).
        let frame = self.frames.pop().expect("pushed above");
        r.map(|()| frame)
    }

    // ------------------------------------------------------------------ the shaders

    /// gl_PointSize, where the vertex shader writes it: the size node (R-PRIM-6), which the host
    /// runs once per point with the point's world and view position, uv, colour and custom
    /// attributes (so it reads them as a varying does, and refuses position and normal).
    fn point_size(&mut self) -> Result<(), Diag> {
        let prog = self.prog;
        let Some(id) = prog
            .globals
            .iter()
            .position(|g| matches!(g.kind, GlobalKind::PointSize))
        else {
            return Ok(());
        };
        // Invariant: `id` is a position in `prog.globals`, and `self.globals` and `self.written`
        // hold one entry per global of the program.
        let Some(v) = self.globals[id].clone() else {
            return Ok(());
        };
        let at = self.written[id].unwrap_or(prog.globals[id].span);
        self.span = at;
        if v.reads & READS_LOCAL != 0 {
            return err(
                at,
                "gl_PointSize reads position or normal; a point keeps its world and view position, not its local one: read (modelMatrix * vec4(position, 1.0)).xyz or (modelViewMatrix * vec4(position, 1.0)).xyz",
            );
        }
        let n = self.n(&v)?;
        let n = if v.konst.is_some() || v.reads & READS_FRAGMENT == 0 || v.bare {
            n
        } else {
            self.node("varying", Op::Varying, &[n])?
        };
        self.b
            .g
            .set_output(Output::Size, n)
            .map_err(|e| Diag::new(at, e.to_string()))
    }

    /// What the fragment shader reads of a value the vertex shader wrote to a varying: the value
    /// itself where it is the same everywhere or an attribute, a varying node of it elsewhere (an
    /// array, element by element).
    fn varying_of(&mut self, v: Val) -> Result<Val, Diag> {
        if !v.parts.is_empty() {
            let mut out = v;
            for part in &mut out.parts {
                *part = self.varying_of(std::mem::replace(part, Val::void()))?;
            }
            return Ok(out);
        }
        if v.konst.is_some() || v.reads & (READS_FRAGMENT | READS_LOCAL) == 0 || v.bare {
            return Ok(Val {
                form: Form::None,
                ..v
            });
        }
        let nv = self.n(&v)?;
        let n = self.node("varying", Op::Varying, &[nv])?;
        Ok(Val::of(v.ty, n, READS_FRAGMENT))
    }

    /// Lower a vertex shader: its position node and its varyings.
    pub fn lower_vertex(&mut self) -> Result<VertexResult, Diag> {
        self.declare_uniforms()?;
        let prog = self.prog;
        let Some(entry) = prog.entry else {
            return err(Span::default(), "the shader has no main function");
        };
        let locals = vec![None; prog.functions[entry].locals.len()];
        self.run(entry, locals)?;
        let Some((p, p_reads, span)) = self.position else {
            return err(
                prog.functions[entry].span,
                "the vertex shader never writes gl_Position",
            );
        };
        self.span = span;
        if p_reads & READS_FRAGMENT != 0 {
            return err(
                span,
                "gl_Position's point reads uv, color or another value of the surface; it reads position, normal, uniforms and constants",
            );
        }
        let local = self.attribute(Attribute::PositionLocal)?;
        if p != local {
            let offset = self.math(Opcode::Sub, &[p, local])?;
            self.b
                .g
                .set_output(Output::Position, offset)
                .map_err(|e| Diag::new(span, e.to_string()))?;
        }
        let mut result = VertexResult {
            position_span: span,
            ..VertexResult::default()
        };
        for (id, g) in prog.globals.iter().enumerate() {
            if !matches!(g.kind, GlobalKind::VaryingOut) {
                continue;
            }
            let Some(v) = self.globals[id].clone() else {
                continue;
            };
            let at = self.written[id].unwrap_or(g.span);
            self.span = at;
            if v.reads & READS_POSITION != 0 && p != local {
                return err(
                    at,
                    format!(
                        "the varying {} reads position, and gl_Position draws a moved point: at each vertex the renderer keeps the point gl_Position draws, not position; read that point's world or view position ((modelMatrix * vec4(p, 1.0)).xyz, (modelViewMatrix * vec4(p, 1.0)).xyz), or pass what does not move",
                        g.name
                    ),
                );
            }
            let fv = self.varying_of(v)?;
            result.varyings.insert(g.name.clone(), (g.ty, fv));
        }
        self.point_size()?;
        // After the varyings, whose clip-space points are made as they are read.
        for &(q, at) in &self.points {
            if q != p && q != local {
                return err(
                    at,
                    "this is the world, view or clip position of another point than the one gl_Position draws; compute the point once, in a variable, and use it in both",
                );
            }
        }
        Ok(result)
    }

    /// Lower a fragment shader (or a ShaderToy source): its colour, opacity, depth and discard.
    pub fn lower_fragment(&mut self) -> Result<FragmentResult, Diag> {
        self.declare_uniforms()?;
        let prog = self.prog;
        let Some(entry) = prog.entry else {
            return err(Span::default(), "the shader has no main function");
        };
        let f = &prog.functions[entry];
        let mut locals = vec![None; f.locals.len()];
        let mut result = FragmentResult::default();
        let color = if self.env.kind == Kind::ShaderToy {
            // mainImage(out vec4 fragColor, in vec2 fragCoord), called by the compiler.
            self.span = f.span;
            let coord = self.frag_coord()?;
            let coord = self.swizzle_val(&coord, &[0, 1])?;
            // Invariant: the checker refuses a ShaderToy `mainImage` without exactly two parameters
            // (out vec4, in vec2), and the entry of a ShaderToy shader is `mainImage`.
            locals[f.params[1].local] = Some(coord);
            let frame = self.run(entry, locals)?;
            result.color_span = Some(f.span);
            frame.locals[f.params[0].local].clone()
        } else {
            self.run(entry, locals)?;
            let written = prog.globals.iter().enumerate().find(|(id, g)| {
                matches!(g.kind, GlobalKind::FragColor) && self.globals[*id].is_some()
            });
            match written {
                Some((id, _)) => {
                    result.color_span = self.written[id];
                    self.globals[id].clone()
                }
                None => None,
            }
        };
        let g = self.b.g;
        if let Some(c) = color {
            self.span = result.color_span.unwrap_or(f.span);
            let rgb = self.swizzle_val(&c, &[0, 1, 2])?;
            let a = self.swizzle_val(&c, &[3])?;
            let (rgb, a) = (self.n(&rgb)?, self.n(&a)?);
            let span = self.span;
            g.set_output(Output::Color, rgb)
                .and_then(|()| g.set_output(Output::Opacity, a))
                .map_err(|e| Diag::new(span, e.to_string()))?;
        }
        if let Some((id, _)) =
            prog.globals.iter().enumerate().find(|(id, g)| {
                matches!(g.kind, GlobalKind::FragDepth) && self.globals[*id].is_some()
            })
        {
            // Invariant: `find`'s predicate checked that `self.globals[id]` is Some.
            let v = self.globals[id].clone().expect("found written");
            result.depth_span = self.written[id];
            self.span = result.depth_span.unwrap_or(f.span);
            let n = self.n(&v)?;
            let span = self.span;
            g.set_output(Output::Depth, n)
                .map_err(|e| Diag::new(span, e.to_string()))?;
        }
        if let Some(d) = self.discard.clone() {
            if !d.is_false() {
                self.span = self.discard_span.unwrap_or(f.span);
                if d.is_true() {
                    g.Discard();
                } else {
                    let n = self.n(&d)?;
                    g.If(n);
                    g.Discard();
                    g.End();
                }
                if let Some(e) = g.error() {
                    return err(self.span, e.to_string());
                }
                result.discard_span = self.discard_span;
            }
        }
        if result.color_span.is_none()
            && result.depth_span.is_none()
            && result.discard_span.is_none()
        {
            return err(
                f.span,
                if self.env.kind == Kind::ShaderToy {
                    "mainImage writes no colour (fragColor) and does not discard"
                } else {
                    "the fragment shader writes no colour (gl_FragColor), no depth and no discard"
                },
            );
        }
        Ok(result)
    }
}

/// For a fragment shader checked alone: each varying it reads as an unknown value of its type
/// (a uniform of its name), so that everything but the link to a vertex shader is checked.
pub(crate) fn placeholder_varyings(
    b: &mut Builder<'_>,
    prog: &Checked,
) -> Result<HashMap<String, (Ty, Val)>, Diag> {
    let mut out = HashMap::new();
    for g in &prog.globals {
        if !matches!(g.kind, GlobalKind::VaryingIn) {
            continue;
        }
        let value = match g.ty {
            // An array of varyings: each element a uniform named `v[i]`.
            Ty::Array(a) => {
                let (elem, n) = prog.arrays[a as usize];
                let mut parts = Vec::with_capacity(n);
                for i in 0..n {
                    parts.push(placeholder(b, &format!("{}[{i}]", g.name), elem, g.span)?);
                }
                Val {
                    ty: g.ty,
                    parts,
                    ..Val::void()
                }
            }
            ty => placeholder(b, &g.name, ty, g.span)?,
        };
        out.insert(g.name.clone(), (g.ty, value));
    }
    Ok(out)
}

/// An unknown value of a varying's type: a uniform of its name.
fn placeholder(b: &mut Builder<'_>, name: &str, ty: Ty, span: Span) -> Result<Val, Diag> {
    let Some(value) = zero_uniform(ty) else {
        return Err(Diag::new(span, format!("a varying cannot be a {ty}")));
    };
    b.room(span)?;
    let n = b.g.named_uniform(name, value);
    if n.is_refused() {
        let reason =
            b.g.error()
                .map_or_else(|| "the graph refused a node".to_string(), |e| e.to_string());
        return Err(Diag::new(span, reason));
    }
    Ok(Val::of(ty, n, READS_FRAGMENT))
}
