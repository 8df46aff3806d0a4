//! `run_nodes`: the reference interpreter that both rasterizers call.
//!
//! It runs one output of a program over a batch of [`LANES`] fragments held as
//! structure-of-arrays registers, so that decoding and dispatch are paid once per instruction per
//! batch and each operation is a loop over lanes that the compiler vectorizes.

mod batch;
mod int;
mod math;

pub use batch::{Fragment, FragmentBatch, TextureSampler, ViewAttributes, WhiteSampler};

use crate::interface::Output;
use crate::opcode::Opcode;
use crate::program::format::*;
use crate::program::NodeProgram;

/// The fragments of one batch.
pub const LANES: usize = 64;
/// One component of a register: a float per lane.
pub type Lane = [f32; LANES];
/// One register: four components of [`LANES`] floats.
pub type Register = [Lane; 4];

static ZERO: Register = [[0.0; LANES]; 4];

/// The registers of one interpreter, reused from batch to batch (32 KiB).
pub struct Registers(Box<[Register; MAX_REGISTERS]>);

impl Default for Registers {
    fn default() -> Self {
        Registers(Box::new([[[0.0; LANES]; 4]; MAX_REGISTERS]))
    }
}

impl Registers {
    /// A zeroed set.
    pub fn new() -> Registers {
        Registers::default()
    }

    /// Register `index`.
    ///
    /// # Panics
    ///
    /// When `index` is not below `MAX_REGISTERS` (`run_nodes` returns only validated registers).
    pub fn get(&self, index: usize) -> &Register {
        &self.0[index]
    }
}

/// A register operand as the interpreter reads it: `N` lanes of a register and its swizzle.
#[derive(Clone, Copy)]
pub(crate) struct Src<'a, const N: usize> {
    pub reg: &'a [[f32; N]; 4],
    pub swizzle: [usize; 4],
}

impl<const N: usize> Src<'_, N> {
    /// Component `k` of the operand.
    #[inline(always)]
    pub fn at(&self, k: usize) -> &[f32; N] {
        &self.reg[self.swizzle[k]]
    }
}

/// Run `output` of `program` over one batch; the result is the register its last instruction
/// wrote (the output's type's first components), or `None` when the graph did not set `output`.
///
/// The program is valid by construction (every [`NodeProgram`] passed [`crate::program::validate`]), so no
/// word is read out of bounds. Lanes past the batch's count compute garbage that no one reads.
pub fn run_nodes<'r>(
    program: &NodeProgram,
    output: Output,
    batch: &FragmentBatch,
    sampler: &dyn TextureSampler,
    registers: &'r mut Registers,
) -> Option<&'r Register> {
    let (start, count) = program.output_range(output);
    run_range(
        program,
        start,
        start..start + count,
        batch,
        sampler,
        registers,
    )
}

/// [`run_nodes`] for `output` just after `previous` ran: the caller promises that the last run
/// on `registers` was `previous` of this `program` over this `batch`, both unchanged since. When
/// `output`'s code extends `previous`'s (it starts at the same instruction and is at least as
/// long, as the compiler lays out an opacity that reads the colour's value: docs/bytecode.md,
/// "Running an output"), the registers already hold what that shared part computed, so only the
/// instructions past it run; otherwise the whole output runs. Either way the result is what
/// [`run_nodes`] gives.
pub fn run_nodes_after<'r>(
    program: &NodeProgram,
    output: Output,
    previous: Output,
    batch: &FragmentBatch,
    sampler: &dyn TextureSampler,
    registers: &'r mut Registers,
) -> Option<&'r Register> {
    let (start, count) = program.output_range(output);
    let (previous_start, previous_count) = program.output_range(previous);
    let done = if previous_start == start && (1..=count).contains(&previous_count) {
        previous_count
    } else {
        0
    };
    run_range(
        program,
        start,
        start + done..start + count,
        batch,
        sampler,
        registers,
    )
}

/// Run the instructions `run` of the output whose code starts at `start` (`run` ends where the
/// output does); the result is the register its last instruction writes.
fn run_range<'r>(
    program: &NodeProgram,
    start: usize,
    run: std::ops::Range<usize>,
    batch: &FragmentBatch,
    sampler: &dyn TextureSampler,
    registers: &'r mut Registers,
) -> Option<&'r Register> {
    if run.end == start {
        return None;
    }
    let words = program.words();
    // Invariant: `validate`'s `OutputCode` check bounds `start + count` by the instruction count
    // and `Sections` puts every instruction inside the words; each instruction passed
    // `validate::instruction` (its destination and operands below `MAX_REGISTERS`, loads,
    // attributes and textures inside the words), so `execute` indexes only checked values.
    let decode = |index: usize| {
        let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
        Instruction::decode(&words[at..at + INSTRUCTION_WORDS])
    };
    // The last instruction's register, also when `run` is empty (all of it ran before).
    let last = decode(run.end - 1).dst as usize;
    for index in run {
        execute(&decode(index), words, batch, sampler, &mut registers.0);
    }
    Some(&registers.0[last])
}

fn execute(
    inst: &Instruction,
    words: &[u32],
    batch: &FragmentBatch,
    sampler: &dyn TextureSampler,
    regs: &mut [Register; MAX_REGISTERS],
) {
    let dst = inst.dst as usize;
    let (before, rest) = regs.split_at_mut(dst);
    let Some((d, after)) = rest.split_first_mut() else {
        return;
    };
    // The validator guarantees that no operand reads `dst`; ZERO keeps this total anyway.
    let src = |word: u32| {
        let op = RegOperand::decode(word);
        let r = op.reg as usize;
        let reg = if r < dst {
            &before[r]
        } else if r > dst {
            after.get(r - dst - 1).unwrap_or(&ZERO)
        } else {
            &ZERO
        };
        Src {
            reg,
            swizzle: op.swizzle.map(|c| c as usize),
        }
    };
    let w = inst.width as usize;
    let Some(op) = Opcode::from_byte(inst.opcode) else {
        return;
    };
    let [o0, o1, o2] = inst.operands;
    match op {
        Opcode::Load => {
            for (k, lane) in d.iter_mut().enumerate().take(w) {
                // A u32 word index plus k < 4 cannot wrap a usize of 64 bits, and the validator
                // holds `o0 + width` inside the data on any target.
                let value = words
                    .get(o0 as usize + k)
                    .map_or(0.0, |&bits| f32::from_bits(bits));
                lane.fill(value);
            }
        }
        Opcode::Attr => {
            let (attribute, view) = ((o0 & 0xff) as usize, (o0 >> 8) as usize);
            if let Some(source) = batch.views.get(view).and_then(|v| v.get(attribute)) {
                d[..w.min(3)].copy_from_slice(&source[..w.min(3)]);
            }
        }
        Opcode::Tex => {
            let uv = src(o0);
            let id = crate::types::TextureId(words.get(o1 as usize).copied().unwrap_or(u32::MAX));
            sampler.sample(id, uv.at(0), uv.at(1), d);
        }
        Opcode::Tex3 => {
            let uvw = src(o0);
            let id = crate::types::TextureId(words.get(o1 as usize).copied().unwrap_or(u32::MAX));
            sampler.sample_3d(id, [uvw.at(0), uvw.at(1), uvw.at(2)], d);
        }
        Opcode::TexLod => {
            let at = src(o0);
            let id = crate::types::TextureId(words.get(o1 as usize).copied().unwrap_or(u32::MAX));
            sampler.sample_level(id, at.at(0), at.at(1), at.at(2), d);
        }
        Opcode::Mov => {
            let a = src(o0);
            for (k, lane) in d.iter_mut().enumerate().take(w) {
                lane.copy_from_slice(a.at(k));
            }
        }
        Opcode::Join => {
            let sources = [src(o0), src(o1), src(o2)];
            for (k, lane) in d.iter_mut().enumerate().take(w) {
                lane.copy_from_slice(sources[inst.join_source(k).min(2)].at(k));
            }
        }
        _ if inst.uniform => {
            // The same value in every lane: compute it once, at lane 0, and fill the lanes.
            let lane0 = |word: u32| {
                let s = src(word);
                let reg = s.reg.map(|lane| [lane[0]]);
                (reg, s.swizzle)
            };
            let [(r0, s0), (r1, s1), (r2, s2)] = [lane0(o0), lane0(o1), lane0(o2)];
            let mut one = [[0.0f32; 1]; 4];
            let srcs = [
                Src {
                    reg: &r0,
                    swizzle: s0,
                },
                Src {
                    reg: &r1,
                    swizzle: s1,
                },
                Src {
                    reg: &r2,
                    swizzle: s2,
                },
            ];
            math::execute(op, w, &mut one, srcs);
            let written = op.result_width(w);
            for (lane, value) in d.iter_mut().zip(one).take(written) {
                lane.fill(value[0]);
            }
        }
        _ => math::execute(op, w, d, [src(o0), src(o1), src(o2)]),
    }
}
