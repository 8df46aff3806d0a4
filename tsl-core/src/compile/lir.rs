//! The compiler's low-level IR: vector instructions over values, before registers are chosen.
//! Matrices are gone (lists of column operands), swizzles live in the operands, and equal
//! instructions are built once.

use crate::opcode::Opcode;
use rustc_hash::FxHashMap;

/// Where a `load` reads: the header (frame values) or the data section, by word offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataRef {
    /// An absolute header word.
    Header(usize),
    /// A word offset from the start of the data section.
    Data(usize),
}

/// An instruction's non-register operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Imm {
    /// None.
    None,
    /// `load`: the first word read.
    Load(DataRef),
    /// `load` of an integer value: the first word read and the kind's tag for the B word
    /// (`format::LOAD_TAG_INT`, `LOAD_TAG_UINT`).
    LoadTagged(DataRef, u32),
    /// `attr`: the attribute's lane index and the view it is read in.
    Attr(u8, crate::interface::View),
    /// `texture`: the word holding the texture id.
    Texture(DataRef),
}

/// A value read through a swizzle. Components past `width` are zero so equal reads compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    /// The instruction that computes the value.
    pub value: u32,
    /// Component `k` reads component `swizzle[k]` of the value.
    pub swizzle: [u8; 4],
    /// How many components the operand has.
    pub width: u8,
}

impl std::hash::Hash for Operand {
    /// One word: the value, the swizzle's two bits a component and the width (hashing each byte
    /// alone was a tenth of compile time, through the instructions' map).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let swizzle = self
            .swizzle
            .iter()
            .enumerate()
            .fold(0u64, |bits, (k, &c)| bits | u64::from(c & 3) << (2 * k));
        state.write_u64(u64::from(self.value) | swizzle << 32 | u64::from(self.width) << 40);
    }
}

impl Operand {
    /// All of `value`'s `width` components, in order.
    pub fn whole(value: u32, width: u8) -> Operand {
        Operand::new(value, [0, 1, 2, 3], width)
    }

    /// A swizzled read, with the unused components cleared.
    pub fn new(value: u32, mut swizzle: [u8; 4], width: u8) -> Operand {
        for c in swizzle.iter_mut().skip(width as usize) {
            *c = 0;
        }
        Operand {
            value,
            swizzle,
            width,
        }
    }

    /// This operand's components `pick`, as a swizzle of a swizzle.
    pub fn pick(&self, pick: &[u8]) -> Operand {
        let mut swizzle = [0; 4];
        for (k, &p) in pick.iter().enumerate() {
            swizzle[k] = self.swizzle[p as usize];
        }
        Operand::new(self.value, swizzle, pick.len() as u8)
    }

    /// Component 0 repeated `width` times: a float beside a vector.
    pub fn broadcast(&self, width: u8) -> Operand {
        let c = self.swizzle[0];
        Operand::new(self.value, [c; 4], width)
    }

    /// Whether the operand reads its value's first `width` components in order.
    pub fn is_identity(&self) -> bool {
        self.swizzle[..self.width as usize]
            .iter()
            .enumerate()
            .all(|(k, &c)| c as usize == k)
    }
}

/// An instruction's register operands, at most three, held in place (an instruction is built
/// for each node, and an allocation each was a fifth of compile time). The slots past `len`
/// hold `Args::EMPTY_SLOT`, so equal lists compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Args {
    list: [Operand; 3],
    len: u8,
}

impl Args {
    const EMPTY_SLOT: Operand = Operand {
        value: 0,
        swizzle: [0; 4],
        width: 0,
    };

    /// No operands.
    pub const NONE: Args = Args {
        list: [Args::EMPTY_SLOT; 3],
        len: 0,
    };
}

impl std::hash::Hash for Args {
    /// The operands in use (equal lists have equal ones).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(self.len);
        self.iter().for_each(|operand| operand.hash(state));
    }
}

impl std::ops::Deref for Args {
    type Target = [Operand];

    fn deref(&self) -> &[Operand] {
        &self.list[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Args {
    type Item = &'a Operand;
    type IntoIter = std::slice::Iter<'a, Operand>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<Operand> for Args {
    /// The first three operands (every opcode takes at most three: `Opcode::arity`).
    fn from_iter<I: IntoIterator<Item = Operand>>(iter: I) -> Args {
        let mut args = Args::NONE;
        for operand in iter {
            debug_assert!(args.len < 3, "an instruction of more than three operands");
            if let Some(slot) = args.list.get_mut(args.len as usize) {
                *slot = operand;
                args.len += 1;
            }
        }
        args
    }
}

impl<const K: usize> From<[Operand; K]> for Args {
    fn from(list: [Operand; K]) -> Args {
        list.into_iter().collect()
    }
}

/// One instruction of the IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LirInst {
    /// The operation.
    pub op: Opcode,
    /// The width it works on.
    pub width: u8,
    /// Its register operands (at most three).
    pub args: Args,
    /// Its immediate.
    pub imm: Imm,
    /// For `join`: the operand of each result component, two bits each.
    pub select: u8,
}

impl LirInst {
    /// The width of the value the instruction writes.
    pub fn result_width(&self) -> u8 {
        self.op.result_width(self.width as usize) as u8
    }
}

/// The IR of one output: an arena of instructions, each built once.
#[derive(Default)]
pub struct Lir {
    /// The instructions; an instruction's operands come before it.
    pub insts: Vec<LirInst>,
    /// For each instruction, the index of the graph node it came from (for "oldest first").
    pub age: Vec<u32>,
    built: FxHashMap<LirInst, u32>,
}

impl Lir {
    /// An empty IR with room for about `nodes` instructions.
    pub fn with_capacity(nodes: usize) -> Lir {
        Lir {
            insts: Vec::with_capacity(nodes),
            age: Vec::with_capacity(nodes),
            built: FxHashMap::with_capacity_and_hasher(nodes, Default::default()),
        }
    }

    /// For each value, whether it is the same for every fragment: a load, or math of such values.
    /// The interpreter computes those once per batch instead of once per lane.
    pub fn uniform_values(&self) -> Vec<bool> {
        let mut uniform = Vec::with_capacity(self.insts.len());
        for inst in &self.insts {
            let computed = !matches!(
                inst.op,
                Opcode::Attr | Opcode::Tex | Opcode::Tex3 | Opcode::Load
            );
            let value = inst.op == Opcode::Load
                || (computed && inst.args.iter().all(|a| uniform[a.value as usize]));
            uniform.push(value);
        }
        uniform
    }

    /// For each value, whether computing `root` computes it: `root` and what it reads.
    pub fn closure(&self, root: u32) -> Vec<bool> {
        let mut reached = vec![false; self.insts.len()];
        reached[root as usize] = true;
        // An instruction's operands come before it, so one pass down from the root suffices.
        for id in (0..=root as usize).rev() {
            if reached[id] {
                for arg in &self.insts[id].args {
                    reached[arg.value as usize] = true;
                }
            }
        }
        reached
    }

    /// The value of `inst`, built now or found among those built.
    pub fn push(&mut self, inst: LirInst, age: u32) -> Operand {
        let width = inst.result_width();
        let (insts, ages) = (&mut self.insts, &mut self.age);
        let id = *self.built.entry(inst).or_insert_with(|| {
            insts.push(inst);
            ages.push(age);
            insts.len() as u32 - 1
        });
        Operand::whole(id, width)
    }
}
