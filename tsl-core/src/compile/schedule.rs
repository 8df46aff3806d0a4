//! The order of an output's instructions and their registers (R-RUN-2, docs/requirements.md).
//!
//! A value's register is taken when its instruction runs and given back after its last reader
//! has run; the result's register is taken before the inputs' are given back, so no instruction
//! writes a register it reads (the interpreter relies on it). The count of registers in use at
//! once is therefore the live values plus the one being written. Any order that runs each
//! instruction after its inputs computes the same values, so the order is chosen for registers.
//!
//! The order as written is kept while it fits `MAX_REGISTERS` (the others cost compile time, and
//! the interpreter's speed does not depend on the registers a program uses). Where it does not,
//! several orders are tried ([`Order`]: the rest of [`FIRST`], then [`THEN`] when none of those
//! fits) and the one needing the fewest registers is kept, the first on a tie. When even that needs more than
//! `MAX_REGISTERS`, a value that can run again with the same bits (a `load` or `attr`, which read
//! no register, or a uniform value at most [`AGAIN_HEIGHT`] instructions from loads) is dropped
//! from its register where one is short and run again before its next reader, the one read again
//! latest first; of the orders, the shortest such run is kept. When that too fails, the least of
//! the orders' figures is the one a refusal gives.

use super::lir::{Lir, Operand};
use crate::program::format::{MAX_INSTRUCTIONS, MAX_REGISTERS};
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
    /// Made from the output up: each instruction is placed, before those placed so far, once all
    /// its readers are, the oldest of those first. An instruction then runs as late as its
    /// readers allow, not as soon as its inputs do: a value that a shader computes early for a
    /// late reader does not hold a register in between.
    Latest,
}

/// The orders tried first, in order of preference on a tie: the inputs as written (the order
/// compile had alone, kept alone while it fits), and the two that of the GLSL
/// corpus's programs (docs/PERF.md, "Registers") give the least of all six for all but 20 of
/// 1,479 schedules.
const FIRST: [Order; 3] = [Order::AsWritten, Order::MostNeededFirst, Order::Built];

/// The orders tried when none of [`FIRST`] fits `MAX_REGISTERS`.
const THEN: [Order; 3] = [Order::OldestFirst, Order::UniformLast, Order::Latest];

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
    let lay = |strategy: &Order| {
        let order = run_order(lir, roots, *strategy, &facts);
        (peak(lir, &order), order)
    };
    // The order as written alone while it fits: laying out and measuring the others costs
    // compile time (issue 20's goal 6), and the interpreter's speed does not depend on how many
    // of the registers a program uses.
    let written = lay(&FIRST[0]);
    if written.0 <= MAX_REGISTERS {
        return allocate(lir, &written.1, roots, &facts.uniform).ok_or(written.0);
    }
    let mut orders: Vec<(usize, Vec<u32>)> = vec![written];
    orders.extend(FIRST[1..].iter().map(lay));
    let (peak, best) = least(&orders);
    if peak <= MAX_REGISTERS {
        // An order whose peak fits is allocated without running anything again.
        return allocate(lir, best, roots, &facts.uniform).ok_or(peak);
    }
    orders.extend(THEN.iter().map(lay));
    let (peak, best) = least(&orders);
    if peak <= MAX_REGISTERS {
        return allocate(lir, best, roots, &facts.uniform).ok_or(peak);
    }
    // Each order runs different values again: the shortest run is kept.
    orders
        .iter()
        .filter_map(|(_, order)| allocate(lir, order, roots, &facts.uniform))
        .min_by_key(|schedule| schedule.order.len())
        .ok_or(peak)
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
            Order::Latest => latest_order(lir, root, facts, &mut placed, &mut order),
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
            Order::AsWritten | Order::Built | Order::Latest => {}
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

/// What `root` reads that has not run yet, with the readers of each value within it.
struct Part {
    /// Whether each value (up to `root`) is in the part.
    member: Vec<bool>,
    /// The readers of value `v` in the part are `readers[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    readers: Vec<u32>,
}

impl Part {
    fn new(lir: &Lir, root: u32, placed: &[bool]) -> Part {
        let root = root as usize;
        // An instruction's operands come before it, so one pass down from the root finds it.
        let mut member = vec![false; root + 1];
        member[root] = !placed[root];
        let mut start = vec![0u32; root + 2];
        for id in (0..=root).rev() {
            if !member[id] {
                continue;
            }
            let (values, n) = distinct(&lir.insts[id].args);
            for &v in values[..n].iter().filter(|&&v| !placed[v as usize]) {
                member[v as usize] = true;
                start[v as usize + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut readers = vec![0u32; start[root + 1] as usize];
        for id in (0..=root).filter(|&id| member[id]) {
            let (values, n) = distinct(&lir.insts[id].args);
            for &v in values[..n].iter().filter(|&&v| !placed[v as usize]) {
                readers[fill[v as usize] as usize] = id as u32;
                fill[v as usize] += 1;
            }
        }
        Part {
            member,
            start,
            readers,
        }
    }

    fn readers(&self, v: u32) -> &[u32] {
        &self.readers[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    /// The part's values, in id order.
    fn values(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.member.len() as u32).filter(|&id| self.member[id as usize])
    }
}

/// Whether a value is laid out just before its first reader in [`Order::Built`] and
/// [`Order::Latest`]: a value the same for every fragment (a load, or math of loads) or a lane's
/// attribute, which reads no lane's value.
fn deferred(lir: &Lir, facts: &Facts, id: u32) -> bool {
    facts.uniform[id as usize] || lir.insts[id as usize].args.is_empty()
}

/// `id` onto `order` after those of its inputs that are [`deferred`] and not laid out yet.
fn lay_out(lir: &Lir, id: u32, facts: &Facts, placed: &mut [bool], order: &mut Vec<u32>) {
    let (values, n) = distinct(&lir.insts[id as usize].args);
    for &v in &values[..n] {
        if deferred(lir, facts, v) {
            depth_first(lir, v, Order::AsWritten, facts, placed, order);
        }
    }
    if !placed[id as usize] {
        placed[id as usize] = true;
        order.push(id);
    }
}

/// [`Order::Built`] for what `root` reads that is not `placed` yet, onto `order`.
fn built_order(lir: &Lir, root: u32, facts: &Facts, placed: &mut [bool], order: &mut Vec<u32>) {
    let part = Part::new(lir, root, placed);
    let deferred = |id: u32| deferred(lir, facts, id);
    // How many of each value's inputs in the part, not deferred, are still to run.
    let mut waiting = vec![0u8; part.member.len()];
    for v in part.values().filter(|&v| !deferred(v)) {
        for &reader in part.readers(v) {
            waiting[reader as usize] += 1;
        }
    }
    let key = |id: u32| Reverse((lir.age[id as usize], id));
    let mut ready: BinaryHeap<_> = part
        .values()
        .filter(|&id| !deferred(id) && waiting[id as usize] == 0)
        .map(key)
        .collect();
    if deferred(root) {
        ready.push(key(root));
    }
    while let Some(Reverse((_, id))) = ready.pop() {
        lay_out(lir, id, facts, placed, order);
        if deferred(id) {
            continue;
        }
        for &reader in part.readers(id) {
            waiting[reader as usize] -= 1;
            if waiting[reader as usize] == 0 {
                ready.push(key(reader));
            }
        }
    }
}

/// [`Order::Latest`] for what `root` reads that is not `placed` yet, onto `order`: made from the
/// root up, each value placed once all its readers are (so just before the first of them), the
/// one whose readers were placed last first (the inputs of one instruction, the youngest first).
fn latest_order(lir: &Lir, root: u32, facts: &Facts, placed: &mut [bool], order: &mut Vec<u32>) {
    let part = Part::new(lir, root, placed);
    let deferred = |id: u32| deferred(lir, facts, id);
    // How many of each value's readers in the part are still to be placed (a deferred value's
    // inputs are deferred: only deferred values read them).
    let mut unplaced: Vec<u32> = (0..part.member.len() as u32)
        .map(|v| part.readers(v).len() as u32)
        .collect();
    let mut ready = BinaryHeap::new();
    ready.push((0usize, lir.age[root as usize], root));
    let mut backwards = Vec::new();
    while let Some((_, _, id)) = ready.pop() {
        backwards.push(id);
        if deferred(id) {
            continue;
        }
        let (values, n) = distinct(&lir.insts[id as usize].args);
        for &v in values[..n].iter().filter(|&&v| part.member[v as usize]) {
            unplaced[v as usize] -= 1;
            if unplaced[v as usize] == 0 && !deferred(v) {
                ready.push((backwards.len(), lir.age[v as usize], v));
            }
        }
    }
    for &id in backwards.iter().rev() {
        lay_out(lir, id, facts, placed, order);
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
/// before its inputs' registers are given back. Where none is free, a value that can run again
/// ([`Allocator::again`]) and that is not being read gives its register back, the one read again
/// latest, and runs again (after its own inputs, the same way) before its next reader. `None`
/// when no register can be freed so.
fn allocate(lir: &Lir, order: &[u32], roots: &[u32], uniform: &[bool]) -> Option<Schedule> {
    let mut allocator = Allocator {
        lir,
        order,
        uniform,
        last_read: last_reads(lir, order),
        position: 0,
        holder: Vec::with_capacity(MAX_REGISTERS),
        of: vec![None; lir.insts.len()],
        reading: Vec::new(),
        again: None,
    };
    let mut schedule = Schedule {
        order: Vec::with_capacity(order.len()),
        dst: Vec::with_capacity(order.len()),
        operands: Vec::with_capacity(order.len()),
        ends: Vec::with_capacity(roots.len()),
    };
    for (position, &id) in order.iter().enumerate() {
        allocator.position = position as u32;
        allocator.run(id, &mut schedule)?;
        // Values run again can pass the limit of instructions: no need to go on (an order that
        // passes it alone is refused for its length by compile).
        if schedule.order.len() > MAX_INSTRUCTIONS.max(order.len()) {
            return None;
        }
        let (values, n) = distinct(&lir.insts[id as usize].args);
        for &v in &values[..n] {
            allocator.give_back_if_done(v);
        }
        if roots.contains(&id) {
            schedule.ends.push(schedule.order.len());
        }
    }
    Some(schedule)
}

/// The most instructions from a `load` to a uniform value that runs again: running one again runs
/// again those of its inputs that gave their registers back, so this bounds how deep that goes.
const AGAIN_HEIGHT: u8 = 2;

/// The position in `order` of each value's last reader (`u32::MAX` for none).
fn last_reads(lir: &Lir, order: &[u32]) -> Vec<u32> {
    let mut last_read = vec![u32::MAX; lir.insts.len()];
    for (position, &id) in order.iter().enumerate() {
        for arg in &lir.insts[id as usize].args {
            last_read[arg.value as usize] = position as u32;
        }
    }
    last_read
}

/// The state of [`allocate`].
struct Allocator<'a> {
    lir: &'a Lir,
    order: &'a [u32],
    /// Whether each value is the same for every fragment (`Lir::uniform_values`).
    uniform: &'a [bool],
    /// The position of each value's last reader in `order`.
    last_read: Vec<u32>,
    /// The position in `order` of the instruction being laid out.
    position: u32,
    /// The value each register holds (`None`: free).
    holder: Vec<Option<u32>>,
    /// The register each value is in.
    of: Vec<Option<u8>>,
    /// The values being read by the instructions being laid out (one, and those it runs again
    /// for it): their registers are not taken.
    reading: Vec<u32>,
    /// What choosing a value to run again reads, made when one is first needed.
    again: Option<Again>,
}

/// What [`Allocator::take`] reads to choose a value to run again.
struct Again {
    /// For a value that can run again, the most instructions from a `load` or `attr` to it (0 for
    /// those); `u8::MAX` for one that cannot.
    height: Vec<u8>,
    /// The positions in the order each value is read at are `reads[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    reads: Vec<u32>,
}

impl Again {
    fn new(lir: &Lir, order: &[u32], uniform: &[bool]) -> Again {
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
        let mut fill = start.clone();
        let mut reads = vec![0u32; start[start.len() - 1] as usize];
        for (position, &id) in order.iter().enumerate() {
            let (values, n) = distinct(&lir.insts[id as usize].args);
            for &v in &values[..n] {
                reads[fill[v as usize] as usize] = position as u32;
                fill[v as usize] += 1;
            }
        }
        let mut height = vec![u8::MAX; lir.insts.len()];
        for (v, inst) in lir.insts.iter().enumerate() {
            let inputs = inst.args.iter().map(|a| height[a.value as usize]).max();
            height[v] = match inputs {
                None => 0,
                Some(h) if uniform[v] && h < u8::MAX => h + 1,
                Some(_) => u8::MAX,
            };
        }
        Again {
            height,
            start,
            reads,
        }
    }

    /// Whether `v` can run again with the same result wherever its inputs are in registers: a
    /// `load` or an `attr` (which read no register), or math of loads, the same for every
    /// fragment, at most [`AGAIN_HEIGHT`] instructions from them.
    fn can(&self, v: u32) -> bool {
        self.height[v as usize] <= AGAIN_HEIGHT
    }

    /// The first position at or after `position` that reads `v` (`u32::MAX` for none).
    fn next_read(&self, v: u32, position: u32) -> u32 {
        let reads =
            &self.reads[self.start[v as usize] as usize..self.start[v as usize + 1] as usize];
        reads
            .get(reads.partition_point(|&p| p < position))
            .copied()
            .unwrap_or(u32::MAX)
    }
}

impl Allocator<'_> {
    /// Lay out `id` onto `schedule`: its inputs that gave their registers back run again first.
    fn run(&mut self, id: u32, schedule: &mut Schedule) -> Option<()> {
        let inst = &self.lir.insts[id as usize];
        let (values, n) = distinct(&inst.args);
        let mark = self.reading.len();
        self.reading.extend_from_slice(&values[..n]);
        for &v in &values[..n] {
            if self.of[v as usize].is_none() {
                // Only a value that can run again gives its register back early.
                self.run(v, schedule)?;
            }
        }
        let register = self.take()?;
        let mut operands = [0u8; 3];
        for (slot, arg) in inst.args.iter().enumerate() {
            // Invariant: the loop above put every value read in a register, and `take` takes
            // none that is being read.
            operands[slot] = self.of[arg.value as usize].expect("a held value");
        }
        schedule.order.push(id);
        schedule.dst.push(register);
        schedule.operands.push(operands);
        self.reading.truncate(mark);
        // An input run again for this one alone is done with.
        for &v in &values[..n] {
            self.give_back_if_done(v);
        }
        self.holder[register as usize] = Some(id);
        self.of[id as usize] = Some(register);
        Some(())
    }

    /// Give `v`'s register back when nothing still to run reads it.
    fn give_back_if_done(&mut self, v: u32) {
        let done = self.last_read[v as usize] <= self.position;
        if done && !self.reading.contains(&v) {
            if let Some(register) = self.of[v as usize].take() {
                self.holder[register as usize] = None;
            }
        }
    }

    /// The lowest free register; when all `MAX_REGISTERS` are in use, the register of the value
    /// that can run again, not being read, whose next read is latest (`None` when there is none).
    fn take(&mut self) -> Option<u8> {
        if let Some(free) = self.holder.iter().position(Option::is_none) {
            return Some(free as u8);
        }
        if self.holder.len() < MAX_REGISTERS {
            self.holder.push(None);
            return Some((self.holder.len() - 1) as u8);
        }
        let again = self
            .again
            .get_or_insert_with(|| Again::new(self.lir, self.order, self.uniform));
        let (register, value) = self
            .holder
            .iter()
            .enumerate()
            .filter_map(|(r, h)| h.map(|v| (r, v)))
            .filter(|&(_, v)| again.can(v) && !self.reading.contains(&v))
            .max_by_key(|&(_, v)| again.next_read(v, self.position))?;
        self.of[value as usize] = None;
        self.holder[register] = None;
        Some(register as u8)
    }
}

/// The peak and the order of the first of the least peak among `orders` (not empty).
fn least(orders: &[(usize, Vec<u32>)]) -> (usize, &[u32]) {
    // `min_by_key` keeps the first of equals. Invariant: FIRST is not empty.
    let best = orders
        .iter()
        .min_by_key(|(peak, _)| *peak)
        .expect("an order");
    (best.0, &best.1)
}
