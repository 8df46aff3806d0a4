//! The order of an output's instructions and their registers (R-RUN-2, docs/requirements.md).
//!
//! An instruction's inputs are laid out before it, depth first, each value once. A value's
//! register is taken when its instruction runs and given back after its last reader has run; the
//! result's register is taken before the inputs' are given back, so no instruction writes a
//! register it reads (the interpreter relies on it). The count of registers in use at once is
//! therefore the live values plus the one being written.
//!
//! The inputs are laid out in their order. When that needs more than `MAX_REGISTERS`, the input
//! that needs the most registers goes first; when that still needs more, the oldest input (the
//! node built first) goes first. The least of the three is the figure a refusal gives.

use super::lir::{Lir, Operand};
use crate::program::format::MAX_REGISTERS;

/// How the inputs of an instruction are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InputOrder {
    AsWritten,
    MostNeededFirst,
    OldestFirst,
}

/// The instructions in run order, with the register each writes.
pub struct Schedule {
    /// LIR ids in run order.
    pub order: Vec<u32>,
    /// The register each LIR id writes (indexed by LIR id; unscheduled ids hold 0).
    pub register: Vec<u8>,
}

/// Schedule `root`'s instructions within `MAX_REGISTERS`, or return the least peak found.
pub fn schedule(lir: &Lir, root: u32) -> Result<Schedule, usize> {
    schedule_roots(lir, &[root])
}

/// Schedule the instructions of several roots as one run: `roots[0]`'s, then what `roots[1]`
/// reads that is not laid out yet, and so on. The registers are chosen for the whole run, so a
/// value that a later root reads keeps its register until then, and each root's part ends with
/// that root: running the order up to and including a root computes it.
pub fn schedule_roots(lir: &Lir, roots: &[u32]) -> Result<Schedule, usize> {
    let need = registers_needed(lir);
    let mut least = usize::MAX;
    for strategy in [
        InputOrder::AsWritten,
        InputOrder::MostNeededFirst,
        InputOrder::OldestFirst,
    ] {
        let mut placed = vec![false; lir.insts.len()];
        let mut order = Vec::new();
        for &root in roots {
            run_order(lir, root, strategy, &need, &mut placed, &mut order);
        }
        let (register, peak) = allocate(lir, &order);
        if peak <= MAX_REGISTERS {
            let register = register.into_iter().map(|r| r as u8).collect();
            return Ok(Schedule { order, register });
        }
        least = least.min(peak);
    }
    Err(least)
}

/// The Sethi–Ullman estimate of registers each value needs, read as a tree.
fn registers_needed(lir: &Lir) -> Vec<usize> {
    let mut need = vec![1usize; lir.insts.len()];
    for (id, inst) in lir.insts.iter().enumerate() {
        let (values, n) = distinct(&inst.args);
        let mut inputs = values.map(|v| need[v as usize]);
        let inputs = &mut inputs[..n];
        inputs.sort_unstable_by(|a, b| b.cmp(a));
        let during = inputs
            .iter()
            .enumerate()
            .map(|(i, n)| n + i)
            .max()
            .unwrap_or(0);
        need[id] = during.max(inputs.len() + 1);
    }
    need
}

/// The distinct values an instruction's operands read, in operand order (the first `n` of the
/// array; an instruction has at most three operands). In place: this runs for every instruction
/// in each of three orders.
fn distinct(args: &[Operand]) -> ([u32; 3], usize) {
    let mut out = [0u32; 3];
    let mut n = 0;
    for a in args.iter().take(3) {
        if !out[..n].contains(&a.value) {
            out[n] = a.value;
            n += 1;
        }
    }
    (out, n)
}

/// Depth-first post-order from `root` onto `order`, inputs ordered by `strategy`, each value once
/// (those `placed` already are not laid out again).
fn run_order(
    lir: &Lir,
    root: u32,
    strategy: InputOrder,
    need: &[usize],
    placed: &mut [bool],
    order: &mut Vec<u32>,
) {
    let mut stack = vec![(root, false)];
    while let Some((id, inputs_done)) = stack.pop() {
        if placed[id as usize] {
            continue;
        }
        if inputs_done {
            placed[id as usize] = true;
            order.push(id);
            continue;
        }
        stack.push((id, true));
        let (mut values, n) = distinct(&lir.insts[id as usize].args);
        let inputs = &mut values[..n];
        match strategy {
            InputOrder::AsWritten => {}
            InputOrder::MostNeededFirst => {
                inputs.sort_by(|a, b| need[*b as usize].cmp(&need[*a as usize]))
            }
            InputOrder::OldestFirst => inputs.sort_by_key(|&v| lir.age[v as usize]),
        }
        // The stack pops the last pushed first, so push in reverse to visit in order.
        stack.extend(
            inputs
                .iter()
                .rev()
                .filter(|&&v| !placed[v as usize])
                .map(|&v| (v, false)),
        );
    }
}

/// Registers for `order`: the lowest free register for each result, taken before its inputs'
/// registers are given back. Returns the register of each LIR id and the peak in use.
fn allocate(lir: &Lir, order: &[u32]) -> (Vec<usize>, usize) {
    let mut last_read = vec![usize::MAX; lir.insts.len()];
    for (position, &id) in order.iter().enumerate() {
        for arg in &lir.insts[id as usize].args {
            last_read[arg.value as usize] = position;
        }
    }
    let mut register = vec![0usize; lir.insts.len()];
    let mut in_use: Vec<bool> = Vec::new();
    let (mut live, mut peak) = (0usize, 0usize);
    for (position, &id) in order.iter().enumerate() {
        let free = in_use.iter().position(|&used| !used).unwrap_or_else(|| {
            in_use.push(false);
            in_use.len() - 1
        });
        in_use[free] = true;
        register[id as usize] = free;
        live += 1;
        peak = peak.max(live);
        let (values, n) = distinct(&lir.insts[id as usize].args);
        for &value in &values[..n] {
            if last_read[value as usize] == position {
                in_use[register[value as usize]] = false;
                live -= 1;
            }
        }
    }
    (register, peak)
}
