//! Graph nodes to IR instructions, for one output: constants and uniforms become loads from the
//! data, matrices become lists of columns and `mul` of a matrix becomes vector steps, swizzles
//! fold into operands, joins become `join` instructions.

use super::lir::{Args, DataRef, Imm, Lir, LirInst, Operand};
use crate::graph::{Axis, GraphParts, Op, UniformInit};
use crate::interface::{Attribute, Output, Source, View, VIEW_COUNT};
use crate::opcode::{Opcode, TypeRule};
use crate::program::format::HeaderValue;
use crate::program::format::{LOAD_TAG_FLOAT, LOAD_TAG_INT, LOAD_TAG_UINT};
use crate::types::{Scalar, TextureId, ValueType};
use rustc_hash::FxHashMap;

/// The data section as the outputs fill it: uniforms first, then constants and texture ids, each
/// stored once.
pub struct DataLayout {
    /// The words, as f32 bits (texture ids as plain integers).
    pub words: Vec<u32>,
    /// The data offset of each uniform, in declaration order.
    pub uniform_at: Vec<usize>,
    constants: FxHashMap<Vec<u32>, usize>,
    textures: FxHashMap<TextureId, usize>,
}

impl DataLayout {
    /// The layout of `parts`' uniforms, with no constants yet.
    pub fn new(parts: &GraphParts) -> DataLayout {
        let mut words = Vec::new();
        let mut uniform_at = Vec::new();
        for decl in &parts.uniforms {
            uniform_at.push(words.len());
            match decl.value {
                UniformInit::Value(v) => words.extend(v.bits()),
                UniformInit::Texture(id) => words.push(id.0),
            }
        }
        DataLayout {
            words,
            uniform_at,
            constants: FxHashMap::default(),
            textures: FxHashMap::default(),
        }
    }

    fn constant(&mut self, floats: &[f32]) -> usize {
        let bits: Vec<u32> = floats.iter().map(|f| f.to_bits()).collect();
        if let Some(&at) = self.constants.get(&bits) {
            return at;
        }
        self.words.extend(&bits);
        let at = self.words.len() - bits.len();
        self.constants.insert(bits, at);
        at
    }

    fn texture(&mut self, id: TextureId) -> usize {
        let words = &mut self.words;
        *self.textures.entry(id).or_insert_with(|| {
            words.push(id.0);
            words.len() - 1
        })
    }

    /// The data offsets of the texture ids that are not uniforms, with their ids.
    pub fn texture_constants(&self) -> Vec<(usize, TextureId)> {
        let mut list: Vec<_> = self.textures.iter().map(|(&id, &at)| (at, id)).collect();
        list.sort();
        list
    }
}

/// What a node lowers to.
#[derive(Clone, Debug)]
enum Lowered {
    Value(Operand),
    Matrix(Vec<Operand>),
    Texture(DataRef),
}

/// What each node lowered to, in each view it is read in: a list per view, indexed by node, made
/// when the view is first used (most outputs read the fragment's view alone).
struct Done {
    nodes: usize,
    views: [Vec<Option<Lowered>>; VIEW_COUNT],
}

impl Done {
    fn new(nodes: usize) -> Done {
        Done {
            nodes,
            views: Default::default(),
        }
    }

    fn get(&self, node: u32, view: View) -> Option<&Lowered> {
        self.views[view as usize].get(node as usize)?.as_ref()
    }

    fn insert(&mut self, node: u32, view: View, lowered: Lowered) {
        let list = &mut self.views[view as usize];
        if list.is_empty() {
            list.resize(self.nodes, None);
        }
        if let Some(slot) = list.get_mut(node as usize) {
            *slot = Some(lowered);
        }
    }

    /// What `node` lowered to in `view`.
    ///
    /// # Panics
    ///
    /// When it was not lowered: `lower_root` lowers a node's inputs before the node.
    fn lowered(&self, node: u32, view: View) -> &Lowered {
        match self.get(node, view) {
            Some(lowered) => lowered,
            None => unreachable!("node #{node} is read before it is lowered"),
        }
    }
}

/// Lowers the nodes of one output.
pub struct Lowering<'a> {
    parts: &'a GraphParts,
    data: &'a mut DataLayout,
    /// The IR built so far.
    pub lir: Lir,
    done: Done,
    /// The view of the node being lowered.
    view: View,
    /// Whether this is the position node, which runs per vertex: elsewhere a local attribute
    /// outside the corners is an automatic varying (R-VAL-18).
    per_vertex: bool,
}

impl<'a> Lowering<'a> {
    /// A lowering of `parts` that adds its constants to `data`.
    pub fn new(parts: &'a GraphParts, data: &'a mut DataLayout, output: Output) -> Self {
        Lowering {
            parts,
            data,
            lir: Lir::with_capacity(parts.nodes.len()),
            done: Done::new(parts.nodes.len()),
            view: View::Fragment,
            per_vertex: output == Output::Position,
        }
    }

    /// Lower `root` and what it reads; the operand of its value. The graph was checked, so the
    /// types hold and there is no cycle.
    pub fn lower_root(&mut self, root: u32) -> Operand {
        // Iterative post-order, so a chain of 65,536 nodes does not overflow the stack.
        let mut stack = vec![(root, View::Fragment, false)];
        while let Some((node, view, inputs_done)) = stack.pop() {
            if self.done.get(node, view).is_some() {
                continue;
            }
            if inputs_done {
                self.view = view;
                let lowered = self.lower_node(node);
                self.done.insert(node, view, lowered);
            } else {
                stack.push((node, view, true));
                let done = &self.done;
                self.input_views_rev(node, view, |(input, in_view)| {
                    if done.get(input, in_view).is_none() {
                        stack.push((input, in_view, false));
                    }
                });
            }
        }
        // Invariant: the loop above lowered `root` in the fragment view; `check::integrity` refused
        // an output whose root is not of the output's type (floats and vectors only).
        match self.done.get(root, View::Fragment) {
            Some(Lowered::Value(v)) => *v,
            _ => unreachable!("outputs are floats and vectors"),
        }
    }

    /// Call `f` with the inputs of `node` and the views they are read in, last first: a varying
    /// reads its input at the corners (or at the corner it is in), a derivative at the neighbour
    /// and here. (No list per node: this runs for every node of every compile.)
    fn input_views_rev(&self, node: u32, view: View, mut f: impl FnMut((u32, View))) {
        let node = &self.parts.nodes[node as usize];
        match node.op {
            Op::Varying if !view.is_corner() => {
                View::CORNERS
                    .iter()
                    .rev()
                    .for_each(|&c| f((node.inputs[0], c)));
            }
            Op::Derivative(axis) => {
                let there = if axis == Axis::X {
                    View::Right
                } else {
                    View::Up
                };
                f((node.inputs[0], View::DerivativeHere));
                f((node.inputs[0], there));
            }
            _ => node.inputs.iter().rev().for_each(|&i| f((i, view))),
        }
    }

    fn lowered(&self, node: u32) -> &Lowered {
        self.done.lowered(node, self.view)
    }

    fn value_in(&self, node: u32, view: View) -> Operand {
        match self.done.lowered(node, view) {
            Lowered::Value(v) => *v,
            // Invariant: `check::integrity` recomputed every node's type (`typecheck::node_type`);
            // only float and vector operands reach a value's use.
            other => unreachable!("node #{node} is {other:?}, not a value"),
        }
    }

    fn value(&self, node: u32) -> Operand {
        self.value_in(node, self.view)
    }

    fn load(&mut self, at: DataRef, width: usize, age: u32) -> Operand {
        let inst = LirInst {
            op: Opcode::Load,
            width: width as u8,
            args: Args::NONE,
            imm: Imm::Load(at),
            select: 0,
        };
        self.lir.push(inst, age)
    }

    /// A load of a value of `ty`: an integer's carries its kind's tag (R-INT-6), a float's is the
    /// plain load, so float programs keep their words.
    fn load_typed(&mut self, at: DataRef, ty: ValueType, width: usize, age: u32) -> Operand {
        let tag = load_tag(ty);
        if tag == LOAD_TAG_FLOAT {
            return self.load(at, width, age);
        }
        let inst = LirInst {
            op: Opcode::Load,
            width: width as u8,
            args: Args::NONE,
            imm: Imm::LoadTagged(at, tag),
            select: 0,
        };
        self.lir.push(inst, age)
    }

    fn inst(&mut self, op: Opcode, width: u8, args: Args, age: u32) -> Operand {
        self.lir.push(
            LirInst {
                op,
                width,
                args,
                imm: Imm::None,
                select: 0,
            },
            age,
        )
    }

    fn lower_node(&mut self, index: u32) -> Lowered {
        let node = &self.parts.nodes[index as usize];
        let age = index;
        match &node.op {
            Op::Constant { ty, value } => {
                // Invariant: `typecheck::node_type` (asked by `check::integrity`) refuses a
                // constant of another type (`TypeError::ConstantType`).
                let width = ty.width().expect("constants are vectors");
                let at = self.data.constant(&value[..width]);
                Lowered::Value(self.load_typed(DataRef::Data(at), *ty, width, age))
            }
            Op::Uniform(u) => {
                let at = self.data.uniform_at[*u];
                match node.ty {
                    ValueType::Texture => Lowered::Texture(DataRef::Data(at)),
                    ValueType::Mat3 | ValueType::Mat4 => {
                        // Invariant: the arm is mat3 or mat4.
                        let n = node.ty.matrix_size().expect("matrix");
                        Lowered::Matrix(
                            (0..n)
                                .map(|c| self.load(DataRef::Data(at + c * n), n, age))
                                .collect(),
                        )
                    }
                    ty => Lowered::Value(self.load_typed(
                        DataRef::Data(at),
                        ty,
                        ty.float_count(),
                        age,
                    )),
                }
            }
            Op::TextureConst(id) => Lowered::Texture(DataRef::Data(self.data.texture(*id))),
            Op::Attribute(a) => self.attribute(*a, age),
            Op::Math(Opcode::Mul) if node.inputs.iter().any(|&i| self.is_matrix(i)) => {
                let (a, b) = (
                    self.lowered(node.inputs[0]).clone(),
                    self.lowered(node.inputs[1]).clone(),
                );
                self.matrix_mul(a, b, age)
            }
            Op::Math(code) => {
                let width = node
                    .inputs
                    .iter()
                    .map(|&i| self.value(i).width)
                    .max()
                    .unwrap_or(1);
                let args = node
                    .inputs
                    .iter()
                    .map(|&i| {
                        let v = self.value(i);
                        if v.width == 1 && width > 1 {
                            v.broadcast(width)
                        } else {
                            v
                        }
                    })
                    .collect();
                debug_assert!(code.rule() != TypeRule::Internal);
                let kinds: Vec<Scalar> = node
                    .inputs
                    .iter()
                    .map(|&i| {
                        self.parts.nodes[i as usize]
                            .ty
                            .kind()
                            .unwrap_or(Scalar::Float)
                    })
                    .collect();
                match machine_op(*code, &kinds) {
                    Machine::Same => Lowered::Value(self.inst(*code, width, args, age)),
                    Machine::Op(op) => Lowered::Value(self.inst(op, width, args, age)),
                    Machine::Swapped(op) => {
                        let swapped = Args::from([args[1], args[0]]);
                        Lowered::Value(self.inst(op, width, swapped, age))
                    }
                    // A conversion that keeps the bits: the operand itself, retyped.
                    Machine::Bits => Lowered::Value(args[0]),
                }
            }
            Op::Swizzle { components, len } => {
                let picked = self
                    .value(node.inputs[0])
                    .pick(&components[..*len as usize]);
                Lowered::Value(self.through_join(picked, age))
            }
            Op::Join => {
                let mut parts = Vec::new();
                for &input in &node.inputs {
                    let v = self.value(input);
                    parts.extend((0..v.width).map(|k| v.pick(&[k])));
                }
                Lowered::Value(self.join(&parts, age))
            }
            Op::Texture | Op::Texture3d | Op::TextureLevel | Op::TextureFetch => {
                let Lowered::Texture(map) = *self.lowered(node.inputs[0]) else {
                    // Invariant: `check::integrity`: a texture node's first input is of type
                    // texture, lowered as `Lowered::Texture`.
                    unreachable!("a texture")
                };
                let (op, uv) = match node.op {
                    Op::Texture3d => (Opcode::Tex3, self.value(node.inputs[1])),
                    // The one register operand is (u, v, level), or (x, y, level) for a fetch.
                    Op::TextureLevel | Op::TextureFetch => {
                        let (uv, level) = (self.value(node.inputs[1]), self.value(node.inputs[2]));
                        let parts = [uv.pick(&[0]), uv.pick(&[1]), level.pick(&[0])];
                        let op = if node.op == Op::TextureFetch {
                            Opcode::TexFetch
                        } else {
                            Opcode::TexLod
                        };
                        (op, self.join(&parts, age))
                    }
                    _ => (Opcode::Tex, self.value(node.inputs[1])),
                };
                Lowered::Value(self.lir.push(
                    LirInst {
                        op,
                        width: 4,
                        args: Args::from([uv]),
                        imm: Imm::Texture(map),
                        select: 0,
                    },
                    age,
                ))
            }
            Op::Matrix => Lowered::Matrix(node.inputs.iter().map(|&i| self.value(i)).collect()),
            Op::Column(c) => match self.lowered(node.inputs[0]) {
                Lowered::Matrix(columns) => Lowered::Value(columns[*c as usize]),
                // Invariant: `check::integrity`: a column's input is a matrix
                // (`TypeError::NotAMatrix`) and the column is below its size
                // (`TypeError::NoColumn`).
                _ => unreachable!("a matrix"),
            },
            Op::Varying if self.view.is_corner() => Lowered::Value(self.value(node.inputs[0])),
            Op::Varying => {
                let corners = View::CORNERS.map(|c| self.value_in(node.inputs[0], c));
                Lowered::Value(self.interpolate(corners, age))
            }
            Op::Derivative(axis) => {
                let there = self.value_in(
                    node.inputs[0],
                    if *axis == Axis::X {
                        View::Right
                    } else {
                        View::Up
                    },
                );
                let here = self.value_in(node.inputs[0], View::DerivativeHere);
                Lowered::Value(self.inst(Opcode::Sub, here.width, Args::from([there, here]), age))
            }
        }
    }

    /// The corners' values weighted by the fragment's (this view's) barycentric weights: what a
    /// varying is.
    fn interpolate(&mut self, corners: [Operand; 3], age: u32) -> Operand {
        let width = corners[0].width;
        let weights = self.lane_attribute(Attribute::Barycentric, age);
        let weight = |k: u8| weights.pick(&[k]).broadcast(width);
        let mut sum = self.inst(Opcode::Mul, width, Args::from([corners[0], weight(0)]), age);
        for k in 1..3 {
            sum = self.inst(
                Opcode::MulAdd,
                width,
                Args::from([corners[k as usize], weight(k), sum]),
                age,
            );
        }
        sum
    }

    fn is_matrix(&self, node: u32) -> bool {
        matches!(self.lowered(node), Lowered::Matrix(_))
    }

    fn attribute(&mut self, a: Attribute, age: u32) -> Lowered {
        // The frame's and the draw's values are loads from the header (docs/bytecode.md).
        match HeaderValue::of(a.name()) {
            Some(h) if h.columns == 1 => {
                Lowered::Value(self.load(DataRef::Header(h.word), h.rows, age))
            }
            Some(h) => Lowered::Matrix(
                (0..h.columns)
                    .map(|c| self.load(DataRef::Header(h.word + h.rows * c), h.rows, age))
                    .collect(),
            ),
            // TSL makes a vertex-stage value read by a fragment a varying: the corners' values,
            // interpolated (R-VAL-18).
            None if a.source() == Source::Local && !self.per_vertex && !self.view.is_corner() => {
                let corners = View::CORNERS.map(|c| self.lane_attribute_in(a, c, age));
                Lowered::Value(self.interpolate(corners, age))
            }
            None => Lowered::Value(self.lane_attribute(a, age)),
        }
    }

    /// An `attr` instruction reading `attribute` in the current view.
    fn lane_attribute(&mut self, attribute: Attribute, age: u32) -> Operand {
        self.lane_attribute_in(attribute, self.view, age)
    }

    fn lane_attribute_in(&mut self, attribute: Attribute, view: View, age: u32) -> Operand {
        // Invariant: `attribute` sends time, camera position and view matrix to the header; every
        // other attribute is a lane attribute (`Attribute::lane_index`).
        let index = attribute.lane_index().expect("a lane attribute");
        let width = attribute.value_type().width().expect("a vector") as u8;
        let imm = Imm::Attr(index as u8, view);
        self.lir.push(
            LirInst {
                op: Opcode::Attr,
                width,
                args: Args::NONE,
                imm,
                select: 0,
            },
            age,
        )
    }

    /// A read of some components of a `join`'s value as a read of the values it joined: the
    /// components of one value are a swizzle of it (`vec4(rgb, a).xyz` is `rgb`, `.w` is `a`),
    /// so an output that reads part of a join does not compute the rest (GLSL's `gl_FragColor`
    /// splits into colour and opacity this way); components of several are a smaller join.
    fn through_join(&mut self, read: Operand, age: u32) -> Operand {
        let join = &self.lir.insts[read.value as usize];
        if join.op != Opcode::Join {
            return read;
        }
        let parts: Vec<Operand> = read.swizzle[..read.width as usize]
            .iter()
            .map(|&c| {
                let slot = (join.select >> (2 * c)) & 3;
                join.args[slot as usize].pick(&[c])
            })
            .collect();
        self.join(&parts, age)
    }

    /// One-component operands assembled into one vector, three source values per instruction.
    fn join(&mut self, parts: &[Operand], age: u32) -> Operand {
        if parts.len() == 1 {
            return parts[0];
        }
        let mut sources: Vec<Operand> = Vec::new();
        let mut select = 0u8;
        let mut swizzles = [[0u8; 4]; 3];
        for (k, part) in parts.iter().enumerate() {
            let slot = match sources.iter().position(|s| s.value == part.value) {
                Some(slot) => slot,
                None if sources.len() < 3 => {
                    sources.push(*part);
                    sources.len() - 1
                }
                None => {
                    // A fourth value: join the first three, then that with the rest.
                    let head = self.join(&parts[..k], age);
                    let mut rest: Vec<Operand> = (0..k as u8).map(|c| head.pick(&[c])).collect();
                    rest.extend_from_slice(&parts[k..]);
                    return self.join(&rest, age);
                }
            };
            select |= (slot as u8) << (2 * k);
            swizzles[slot][k] = part.swizzle[0];
        }
        let width = parts.len() as u8;
        if sources.len() == 1 {
            // Components of one value: a swizzle, no instruction.
            return Operand::new(sources[0].value, swizzles[0], width);
        }
        let args = sources
            .iter()
            .enumerate()
            .map(|(slot, s)| Operand {
                value: s.value,
                swizzle: swizzles[slot],
                width,
            })
            .collect();
        self.lir.push(
            LirInst {
                op: Opcode::Join,
                width,
                args,
                imm: Imm::None,
                select,
            },
            age,
        )
    }

    /// A matrix times a vector (`sum of column_i * v_i`), a vector times a matrix (`dot(v,
    /// column_j)` per component) or a matrix times a matrix (the first times each column).
    fn matrix_mul(&mut self, a: Lowered, b: Lowered, age: u32) -> Lowered {
        match (a, b) {
            (Lowered::Matrix(m), Lowered::Value(v)) => {
                Lowered::Value(self.matrix_vector(&m, v, age))
            }
            (Lowered::Value(v), Lowered::Matrix(m)) => {
                let n = m.len() as u8;
                let parts: Vec<Operand> = m
                    .iter()
                    .map(|&column| self.inst(Opcode::Dot, n, Args::from([v, column]), age))
                    .collect();
                Lowered::Value(self.join(&parts, age))
            }
            (Lowered::Matrix(a), Lowered::Matrix(b)) => Lowered::Matrix(
                b.iter()
                    .map(|&column| self.matrix_vector(&a, column, age))
                    .collect(),
            ),
            // Invariant: `check::integrity`: `typecheck::matrix_mul` accepts only the pairs matched
            // above.
            _ => unreachable!("mul of a matrix was type-checked"),
        }
    }

    fn matrix_vector(&mut self, m: &[Operand], v: Operand, age: u32) -> Operand {
        let n = m.len() as u8;
        let mut sum = self.inst(
            Opcode::Mul,
            n,
            Args::from([m[0], v.pick(&[0]).broadcast(n)]),
            age,
        );
        for (i, &column) in m.iter().enumerate().skip(1) {
            let vi = v.pick(&[i as u8]).broadcast(n);
            sum = self.inst(Opcode::MulAdd, n, Args::from([column, vi, sum]), age);
        }
        sum
    }
}

/// The tag a `load` of a value of `ty` carries in its B word (docs/bytecode.md).
fn load_tag(ty: ValueType) -> u32 {
    match ty.kind() {
        Some(Scalar::Int) => LOAD_TAG_INT,
        Some(Scalar::UInt) => LOAD_TAG_UINT,
        _ => LOAD_TAG_FLOAT,
    }
}

/// What a graph math node becomes in the bytecode.
enum Machine {
    /// The graph's opcode itself.
    Same,
    /// Another opcode over the same operands.
    Op(Opcode),
    /// Another opcode over the two operands swapped (`a > b` is `b < a`).
    Swapped(Opcode),
    /// No instruction: a conversion between `int` and `uint`, or to the operand's own kind,
    /// keeps the bits (R-INT-5).
    Bits,
}

/// The machine operation of graph opcode `code` over operands of `kinds` (R-INT-3): floats keep
/// the graph's opcode; integers take the integer opcode of the value operands' kind (for
/// `select`, operand 1's).
fn machine_op(code: Opcode, kinds: &[Scalar]) -> Machine {
    use Opcode::*;
    let first = kinds.first().copied().unwrap_or(Scalar::Float);
    if let Some(to) = crate::graph::typecheck::converts_to(code) {
        return match (first, to) {
            (from, to) if from == to => Machine::Bits,
            (Scalar::Float, _) => Machine::Same,
            (_, Scalar::Float) if first == Scalar::UInt => Machine::Op(UToFloat),
            (_, Scalar::Float) => Machine::Same,
            _ => Machine::Bits,
        };
    }
    let kind = if code == Select {
        kinds.get(1).copied().unwrap_or(Scalar::Float)
    } else {
        first
    };
    let signed = kind == Scalar::Int;
    let pick = |i: Opcode, u: Opcode| Machine::Op(if signed { i } else { u });
    if kind == Scalar::Float {
        return Machine::Same;
    }
    match code {
        Add => Machine::Op(IAdd),
        Sub => Machine::Op(ISub),
        Mul => Machine::Op(IMul),
        Div => pick(IDiv, UDiv),
        Rem => pick(Rem, URem),
        ShiftRight => pick(ShiftRight, UShiftRight),
        Min => pick(IMin, UMin),
        Max => pick(IMax, UMax),
        Clamp => pick(IClamp, UClamp),
        Abs => Machine::Op(IAbs),
        Sign => Machine::Op(ISign),
        Negate => Machine::Op(INegate),
        LessThan => pick(ILessThan, ULessThan),
        LessThanEqual => pick(ILessThanEqual, ULessThanEqual),
        GreaterThan => Machine::Swapped(if signed { ILessThan } else { ULessThan }),
        GreaterThanEqual => Machine::Swapped(if signed {
            ILessThanEqual
        } else {
            ULessThanEqual
        }),
        Equal => Machine::Op(IEqual),
        NotEqual => Machine::Op(INotEqual),
        _ => Machine::Same,
    }
}
