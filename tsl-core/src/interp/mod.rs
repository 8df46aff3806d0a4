//! `run_nodes`: the reference interpreter that both rasterizers call.
//!
//! It runs one output of a program over a batch of [`LANES`] fragments held as
//! structure-of-arrays registers. Each output's code is decoded once per program and data into a
//! plan (`plan.rs`) that has already computed what reads constants and uniforms alone; a batch
//! runs the plan's steps, each operation a loop over lanes that the compiler vectorizes.

mod batch;
mod int;
mod math;
mod plan;

pub use batch::{Fragment, FragmentBatch, TextureSampler, ViewAttributes, WhiteSampler};

use crate::interface::Output;
use crate::program::format::MAX_REGISTERS;
use crate::program::NodeProgram;

/// The fragments of one batch.
pub const LANES: usize = 64;
/// One component of a register: a float per lane.
pub type Lane = [f32; LANES];
/// One register: four components of [`LANES`] floats.
pub type Register = [Lane; 4];

/// The registers of one interpreter, reused from batch to batch (32 KiB), and three registers of
/// scratch where an operation that reads lane arrays alone gets its broadcast operands filled.
pub struct Registers(Box<[Register; MAX_REGISTERS]>, Box<[Register; 3]>);

impl Default for Registers {
    fn default() -> Self {
        Registers(
            Box::new([[[0.0; LANES]; 4]; MAX_REGISTERS]),
            Box::new([[[0.0; LANES]; 4]; 3]),
        )
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

/// One component of an operand as a kernel reads it: `N` lanes, or one value broadcast to every
/// lane (a constant, a uniform, or math of them alone, which the plan computed once).
#[derive(Clone, Copy)]
pub(crate) enum Comp<'a, const N: usize> {
    Lanes(&'a [f32; N]),
    Splat(f32),
}

/// An operand as the math kernels read it, a component at a time: during a run a step's
/// operand names where each component lives and is looked up as a kernel reads it (building
/// arrays of components per step cost more than the kernels of a small graph); at planning, four
/// values.
pub(crate) trait Operand<'a, const N: usize>: Copy {
    /// Component `k` of the operand.
    fn at(&self, k: usize) -> Comp<'a, N>;

    /// The operand with its first `w` components as lane arrays, broadcast ones filled into
    /// `scratch`; components from `w` on read `scratch` as it is.
    fn dense<'s>(&self, w: usize, scratch: &'s mut [[f32; N]; 4]) -> Src<'s, N>
    where
        'a: 's,
    {
        let comps: [Comp<'a, N>; 4] = std::array::from_fn(|k| self.at(k));
        for (k, lane) in scratch.iter_mut().enumerate().take(w) {
            if let Comp::Splat(value) = comps[k] {
                lane.fill(value);
            }
        }
        let scratch: &'s [[f32; N]; 4] = scratch;
        Src {
            comps: std::array::from_fn(|k| match comps[k] {
                Comp::Lanes(lanes) if k < w => lanes,
                _ => &scratch[k],
            }),
        }
    }
}

/// Four values, one per component, each for every lane.
impl<const N: usize> Operand<'static, N> for [f32; 4] {
    #[inline(always)]
    fn at(&self, k: usize) -> Comp<'static, N> {
        Comp::Splat(self[k])
    }
}

/// An operand whose every component is a lane array, as the less common operations read it.
#[derive(Clone, Copy)]
pub(crate) struct Src<'a, const N: usize> {
    comps: [&'a [f32; N]; 4],
}

impl<const N: usize> Src<'_, N> {
    /// Component `k` of the operand.
    #[inline(always)]
    pub fn at(&self, k: usize) -> &[f32; N] {
        self.comps[k]
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
    run_from(program, output, 0, batch, sampler, registers)
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
    run_from(program, output, done, batch, sampler, registers)
}

/// Run `output`'s code from its instruction `done` on (the ones before ran on `registers` over
/// this batch already); the result is the register its last instruction writes.
///
/// The output's [`Plan`] (built once per program and data) already holds what does not vary
/// by fragment, so only its steps run here.
fn run_from<'r>(
    program: &NodeProgram,
    output: Output,
    done: usize,
    batch: &FragmentBatch,
    sampler: &dyn TextureSampler,
    registers: &'r mut Registers,
) -> Option<&'r Register> {
    let plan = program.plan(output)?;
    let last = plan.result()?;
    let Registers(regs, scratch) = registers;
    for step in plan.steps_from(done) {
        step.run(program.words(), batch, sampler, regs, scratch);
    }
    Some(&regs[last])
}
