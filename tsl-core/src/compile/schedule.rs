//! The order of an output's instructions and their registers (R-RUN-2, docs/requirements.md).
//!
//! A value's register is taken when its instruction runs and given back after its last reader
//! has run; the result's register is taken before the inputs' are given back, so no instruction
//! writes a register it reads (the interpreter relies on it). The count of registers in use at
//! once is therefore the live values plus the one being written. Any order that runs each
//! instruction after its inputs computes the same values, so the order is chosen for registers.
//!
//! Several orders are tried ([`Order`]) and the one needing the fewest registers is kept, the
//! first on a tie. When even that needs more than `MAX_REGISTERS`, a `load` or `attr` (which reads
//! no register, so running it again gives the same bits) is dropped from its register where one
//! is short and run again before its next reader: the one read again latest is dropped first.
//! When that too fails, the least of the orders' figures is the one a refusal gives.

use super::lir::{Lir, Operand};
use crate::program::format::MAX_REGISTERS;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How an order is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Depth first from the root, each instruction's inputs laid out in their order.
    AsWritten,
    /// Depth first, the input that needs the most registers (Sethi–Ullman) first.
    MostNeededFirst,
    /// Depth first, the oldest input (the node built first) first.
    OldestFirst,
    /// The graph's own order (the order its nodes were built, a GLSL source's order): of the
    /// instructions whose inputs have run, the oldest runs next, and a `load` or `attr` runs just
    /// before its first reader. A loop's steps then run one after the other, each step's values
    /// together, where depth first runs one chain of values through every step before the next.
    Built,
    /// Depth first, the inputs that vary between fragments before those that do not (a uniform,
    /// or math of uniforms and constants): these need few registers, and laid out last they are
    /// computed just before their reader instead of held from the start.
    UniformLast,
}

/// The orders tried, in order of preference on a tie.
const ORDERS: [Order; 5] = [
    Order::AsWritten,
    Order::MostNeededFirst,
    Order::OldestFirst,
    Order::Built,
    Order::UniformLast,
];

/// The instructions in run order, with their registers.
pub struct Schedule {
    /// LIR ids in run order; a `load` or `attr` may run more than once (see the module's note).
    pub order: Vec<u32>,
    /// The register each instruction of `order` writes.
    pub dst: Vec<u8>,
    /// The registers each instruction of `order` reads, in operand order (unused slots hold 0).
    pub operands: Vec<[u8; 3]>,
    /// For each root, how many instructions of `order` run up to and including it.
    pub ends: Vec<usize>,
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
    let facts = Facts {
        need: registers_needed(lir),
        uniform: lir.uniform_values(),
    };
    let orders = ORDERS.map(|strategy| run_order(lir, roots, strategy, &facts));
    let peaks = orders.each_ref().map(|order| peak(lir, order));
    // The first of the least (`min_by_key` keeps the first of equals).
    let (best, &least) = peaks
        .iter()
        .enumerate()
        .min_by_key(|&(_, p)| *p)
        .expect("ORDERS is not empty");
    if least <= MAX_REGISTERS {
        // An order whose peak fits is allocated without running anything again.
        return allocate(lir, &orders[best], roots).ok_or(least);
    }
    orders
        .iter()
        .find_map(|order| allocate(lir, order, roots))
        .ok_or(least)
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
/// in each order.
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

/// The instructions of `roots` in an order made by `strategy`, each once, each root's part
/// ending with that root.
fn run_order(lir: &Lir, roots: &[u32], strategy: Order, facts: &Facts) -> Vec<u32> {
    let mut placed = vec![false; lir.insts.len()];
    let mut order = Vec::new();
    for &root in roots {
        match strategy {
            Order::Built => built_order(lir, root, facts, &mut placed, &mut order),
            _ => depth_first(lir, root, strategy, facts, &mut placed, &mut order),
        }
    }
    order
}

/// What the orders read of each value.
struct Facts {
    /// The Sethi–Ullman estimate of the registers it needs.
    need: Vec<usize>,
    /// Whether it is the same for every fragment (`Lir::uniform_values`).
    uniform: Vec<bool>,
}

/// Depth-first post-order from `root` onto `order`, inputs ordered by `strategy`, each value once
/// (those `placed` already are not laid out again).
fn depth_first(
    lir: &Lir,
    root: u32,
    strategy: Order,
    facts: &Facts,
    placed: &mut [bool],
    order: &mut Vec<u32>,
) {
    let need = &facts.need;
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
            Order::MostNeededFirst => {
                inputs.sort_by(|a, b| need[*b as usize].cmp(&need[*a as usize]))
            }
            Order::OldestFirst => inputs.sort_by_key(|&v| lir.age[v as usize]),
            Order::UniformLast => inputs.sort_by_key(|&v| facts.uniform[v as usize]),
            Order::AsWritten | Order::Built => {}
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

/// [`Order::Built`] for what `root` reads that is not `placed` yet, onto `order`. A value that is
/// the same for every fragment (`uniform`), and a lane's attribute, is laid out just before its
/// first reader, depth first, instead of when it could first run.
fn built_order(lir: &Lir, root: u32, facts: &Facts, placed: &mut [bool], order: &mut Vec<u32>) {
    let is_leaf = |id: u32| facts.uniform[id as usize] || lir.insts[id as usize].args.is_empty();
    // The part: what `root` reads that has not run. An instruction's operands come before it,
    // so one pass down from the root finds it, and counts each one's inputs still to run.
    let mut in_part = vec![false; root as usize + 1];
    let mut waiting = vec![0u8; root as usize + 1];
    in_part[root as usize] = !placed[root as usize];
    for id in (0..=root as usize).rev() {
        if !in_part[id] {
            continue;
        }
        let (values, n) = distinct(&lir.insts[id].args);
        for &v in &values[..n] {
            if !placed[v as usize] {
                in_part[v as usize] = true;
                if !is_leaf(v) {
                    waiting[id] += 1;
                }
            }
        }
    }
    // The readers of each instruction in the part, as one list (offsets into `list`).
    let mut start = vec![0u32; root as usize + 2];
    for id in (0..=root as usize).filter(|&id| in_part[id]) {
        let (values, n) = distinct(&lir.insts[id].args);
        for &v in &values[..n] {
            start[v as usize + 1] += 1;
        }
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut fill = start.clone();
    let mut list = vec![0u32; start[start.len() - 1] as usize];
    for id in (0..=root as usize).filter(|&id| in_part[id]) {
        let (values, n) = distinct(&lir.insts[id].args);
        for &v in &values[..n] {
            list[fill[v as usize] as usize] = id as u32;
            fill[v as usize] += 1;
        }
    }
    let key = |id: u32| Reverse((lir.age[id as usize], id));
    let mut ready: BinaryHeap<_> = (0..=root)
        .filter(|&id| in_part[id as usize] && !is_leaf(id) && waiting[id as usize] == 0)
        .map(key)
        .collect();
    if is_leaf(root) && in_part[root as usize] {
        ready.push(key(root));
    }
    while let Some(Reverse((_, id))) = ready.pop() {
        let (values, n) = distinct(&lir.insts[id as usize].args);
        for &v in &values[..n] {
            if is_leaf(v) {
                depth_first(lir, v, Order::AsWritten, facts, placed, order);
            }
        }
        placed[id as usize] = true;
        order.push(id);
        for &reader in &list[start[id as usize] as usize..start[id as usize + 1] as usize] {
            waiting[reader as usize] -= 1;
            if waiting[reader as usize] == 0 {
                ready.push(key(reader));
            }
        }
    }
}

/// The most registers `order` holds at once, each value computed once.
fn peak(lir: &Lir, order: &[u32]) -> usize {
    let mut last_read = vec![usize::MAX; lir.insts.len()];
    for (position, &id) in order.iter().enumerate() {
        for arg in &lir.insts[id as usize].args {
            last_read[arg.value as usize] = position;
        }
    }
    let (mut live, mut peak) = (0usize, 0usize);
    for (position, &id) in order.iter().enumerate() {
        live += 1;
        peak = peak.max(live);
        let (values, n) = distinct(&lir.insts[id as usize].args);
        live -= values[..n]
            .iter()
            .filter(|&&v| last_read[v as usize] == position)
            .count();
    }
    peak
}

/// Registers for `order` within `MAX_REGISTERS`: the lowest free register for each result, taken
/// before its inputs' registers are given back; where none is free, a `load` or `attr` that the
/// instruction does not read gives its register back and runs again before its next reader.
/// `None` when no register can be freed so.
fn allocate(lir: &Lir, order: &[u32], roots: &[u32]) -> Option<Schedule> {
    // The positions each value is read at, as one list (offsets into `reads`), and how many of
    // them have passed.
    let mut start = vec![0u32; lir.insts.len() + 1];
    for &id in order {
        let (values, n) = distinct(&lir.insts[id as usize].args);
        for &v in &values[..n] {
            start[v as usize + 1] += 1;
        }
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut next = start.clone();
    let mut reads = vec![0u32; start[start.len() - 1] as usize];
    for (position, &id) in order.iter().enumerate() {
        let (values, n) = distinct(&lir.insts[id as usize].args);
        for &v in &values[..n] {
            reads[next[v as usize] as usize] = position as u32;
            next[v as usize] += 1;
        }
    }
    let mut next = start.clone();
    let next_read = |next: &[u32], v: u32| {
        let (at, end) = (next[v as usize], start[v as usize + 1]);
        (at < end).then(|| reads[at as usize])
    };

    let mut file = RegisterFile::new(lir.insts.len());
    let mut schedule = Schedule {
        order: Vec::with_capacity(order.len()),
        dst: Vec::with_capacity(order.len()),
        operands: Vec::with_capacity(order.len()),
        ends: Vec::with_capacity(roots.len()),
    };
    for &id in order {
        let inst = &lir.insts[id as usize];
        let (values, n) = distinct(&inst.args);
        let reading = &values[..n];
        // A value dropped from its register runs again first.
        for &v in reading {
            if file.of[v as usize].is_none() {
                let register = file.take(lir, reading, |v| next_read(&next, v))?;
                file.hold(v, register);
                schedule.order.push(v);
                schedule.dst.push(register);
                schedule.operands.push([0; 3]);
            }
        }
        let register = file.take(lir, reading, |v| next_read(&next, v))?;
        let mut operands = [0u8; 3];
        for (slot, arg) in inst.args.iter().enumerate() {
            // Invariant: the loop above put every value read in a register.
            operands[slot] = file.of[arg.value as usize].expect("a held value");
        }
        schedule.order.push(id);
        schedule.dst.push(register);
        schedule.operands.push(operands);
        for &v in reading {
            next[v as usize] += 1;
            if next_read(&next, v).is_none() {
                file.give_back(v);
            }
        }
        file.hold(id, register);
        if roots.contains(&id) {
            schedule.ends.push(schedule.order.len());
        }
    }
    Some(schedule)
}

/// The registers in use and the value each holds, as [`allocate`] fills them.
struct RegisterFile {
    /// The value each register holds (`None`: free).
    holder: Vec<Option<u32>>,
    /// The register each value is in, indexed by LIR id.
    of: Vec<Option<u8>>,
}

impl RegisterFile {
    fn new(values: usize) -> RegisterFile {
        RegisterFile {
            holder: Vec::with_capacity(MAX_REGISTERS),
            of: vec![None; values],
        }
    }

    /// The lowest free register; when all `MAX_REGISTERS` are in use, the register of the `load`
    /// or `attr` not in `reading` whose next read is latest, dropped (`None` when there is none).
    fn take(
        &mut self,
        lir: &Lir,
        reading: &[u32],
        next_read: impl Fn(u32) -> Option<u32>,
    ) -> Option<u8> {
        if let Some(free) = self.holder.iter().position(Option::is_none) {
            return Some(free as u8);
        }
        if self.holder.len() < MAX_REGISTERS {
            self.holder.push(None);
            return Some((self.holder.len() - 1) as u8);
        }
        let (register, value) = self
            .holder
            .iter()
            .enumerate()
            .filter_map(|(r, h)| h.map(|v| (r, v)))
            .filter(|&(_, v)| lir.insts[v as usize].args.is_empty() && !reading.contains(&v))
            .max_by_key(|&(_, v)| next_read(v).map_or(u32::MAX, |p| p))?;
        self.of[value as usize] = None;
        self.holder[register] = None;
        Some(register as u8)
    }

    fn hold(&mut self, value: u32, register: u8) {
        self.holder[register as usize] = Some(value);
        self.of[value as usize] = Some(register);
    }

    fn give_back(&mut self, value: u32) {
        if let Some(register) = self.of[value as usize] {
            self.holder[register as usize] = None;
            self.of[value as usize] = None;
        }
    }
}
