//! TSL's statements: `Var`, `If`/`ElseIf`/`Else`/`End`, `Loop`, `Discard`, `Fn` and `call`,
//! `Break`, `Continue` and `Return`, recorded in the order they are called (R-CTL,
//! docs/requirements.md).
//!
//! The bytecode has no jumps, so a statement becomes nodes:
//!
//! - Each assignment is *guarded*: where a branch or a flag says it does not run, the variable
//!   keeps its value, `v = select(guard, value, v)`. The guard is the conjunction of the open
//!   branches' conditions and, once a `Break`, `Continue` or `Return` has been recorded, of the
//!   flags: each loop's `live` (cleared by `Break`) and `skip` (set by `Continue` until the next
//!   time through), each call's `returned`. With no flag and no branch, an assignment is a plain
//!   replacement.
//! - `End` of a loop copies the body once for each time through after the first, reading the
//!   variables as the previous time through left them. A loop with a `Break` (or a `Return`) keeps
//!   each variable as it was where a time through starts after the `Break`: a select on `live`.
//! - A `Discard` assigns one to a hidden variable; compile turns it into the mask.
//!
//! Statements take `&self`, like the node methods, and record their refusals the same way: the
//! first one is returned by [`NodeGraph::error`] and by `compile`.

use super::{BuildError, BuildErrorKind, NodeGraph, NodeRef, Op};
use crate::types::ValueType;
use std::rc::Rc;

/// The most times a `Loop` runs.
pub const MAX_LOOP_COUNT: i64 = 1024;

/// A variable of a graph, made by [`NodeGraph::Var`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeVar {
    graph: u32,
    index: u32,
}

impl NodeVar {
    /// The variable's index among the graph's variables.
    pub fn index(self) -> usize {
        self.index as usize
    }
}

/// A TSL `Fn` with its layout (`setLayout`): a name, typed inputs, a typed answer and a body that
/// builds the answer from the arguments. [`NodeGraph::call`] inlines it.
#[derive(Clone)]
pub struct TslFn {
    /// The function's name, used in messages.
    pub name: String,
    /// The inputs' names and types.
    pub inputs: Vec<(String, ValueType)>,
    /// The type of the answer.
    pub output: ValueType,
    body: Rc<FnBody>,
}

/// The body of a [`TslFn`]: builds the answer from the arguments in the calling graph.
pub type FnBody = dyn Fn(&NodeGraph, &[NodeRef]) -> NodeRef;

impl std::fmt::Debug for TslFn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TslFn")
            .field("name", &self.name)
            .field("inputs", &self.inputs)
            .field("output", &self.output)
            .finish()
    }
}

impl TslFn {
    /// A function named `name` taking `inputs` and answering a value of type `output`.
    pub fn new(
        name: &str,
        inputs: &[(&str, ValueType)],
        output: ValueType,
        body: impl Fn(&NodeGraph, &[NodeRef]) -> NodeRef + 'static,
    ) -> TslFn {
        TslFn {
            name: name.to_string(),
            inputs: inputs.iter().map(|(n, t)| (n.to_string(), *t)).collect(),
            output,
            body: Rc::new(body),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct VarSlot {
    value: u32,
    ty: ValueType,
}

#[derive(Clone, Debug)]
enum Block {
    If {
        /// The condition under which the current branch runs.
        branch: NodeRef,
        /// One where an earlier branch of the chain ran.
        taken: NodeRef,
        had_else: bool,
    },
    Loop {
        count: u32,
        step: f32,
        start: f32,
        index: u32,
        body_start: usize,
        /// Each variable that existed at `Loop`, and the node the body reads it through.
        entry: Vec<(usize, u32, u32)>,
        live: usize,
        skip: usize,
        /// A `Break` or a `Return` inside: the variables stop at the first time through after it.
        breaks: bool,
        /// A `Break` or a `Continue` inside: later statements are guarded by `live` and `skip`.
        flagged: bool,
    },
    Call {
        returned: usize,
        answer: usize,
        output: ValueType,
        flagged: bool,
    },
}

impl Block {
    fn name(&self) -> &'static str {
        match self {
            Block::If { .. } => "If",
            Block::Loop { .. } => "Loop",
            Block::Call { .. } => "Fn",
        }
    }
}

/// The statements' state: the variables, the open blocks and the discard flag.
#[derive(Clone, Debug, Default)]
pub(crate) struct ControlState {
    vars: Vec<VarSlot>,
    blocks: Vec<Block>,
    /// The hidden variable that `Discard` sets, and its first value.
    discarded: Option<(usize, u32)>,
    calls: Vec<usize>,
}

impl ControlState {
    /// The name of the innermost block that `End` never closed.
    pub(crate) fn open_block(&self) -> Option<&'static str> {
        self.blocks.last().map(Block::name)
    }

    /// The node that is one where a `Discard` ran, if one was recorded.
    pub(crate) fn discard(&self) -> Option<u32> {
        let (var, first) = self.discarded?;
        let value = self.vars[var].value;
        (value != first).then_some(value)
    }
}

impl NodeGraph {
    fn statement_error(&self, op: &str, kind: BuildErrorKind) {
        self.refuse(BuildError::new(op, kind));
    }

    fn new_var(&self, value: NodeRef) -> usize {
        // Invariant: both callers resolved `value` in this graph (`resolve_for`) before asking.
        let ty = self.type_of(value).expect("a node of this graph");
        let mut control = self.control.borrow_mut();
        control.vars.push(VarSlot {
            value: value.index,
            ty,
        });
        control.vars.len() - 1
    }

    // Invariant (`var_value`, `set_var`): `var` comes from `resolve_var` (a `NodeVar` of this
    // graph, below `vars.len()`) or `new_var`; variables are never removed.
    fn var_value(&self, var: usize) -> NodeRef {
        NodeRef {
            graph: self.id,
            index: self.control.borrow().vars[var].value,
        }
    }

    fn set_var(&self, var: usize, value: NodeRef) {
        self.control.borrow_mut().vars[var].value = value.index;
    }

    /// Where the statement being recorded runs: `None` for everywhere.
    fn guard(&self) -> Option<NodeRef> {
        let blocks = self.control.borrow().blocks.clone();
        let mut guard: Option<NodeRef> = None;
        let and = |g: &mut Option<NodeRef>, c: NodeRef| {
            *g = Some(match *g {
                None => c,
                Some(prev) => self.logical_and(prev, c),
            })
        };
        for block in &blocks {
            match *block {
                Block::If { branch, .. } => and(&mut guard, branch),
                Block::Loop {
                    flagged: true,
                    live,
                    skip,
                    ..
                } => {
                    let running = self
                        .logical_and(self.var_value(live), self.logical_not(self.var_value(skip)));
                    and(&mut guard, running)
                }
                Block::Call {
                    flagged: true,
                    returned,
                    ..
                } => {
                    let not_returned = self.logical_not(self.var_value(returned));
                    and(&mut guard, not_returned)
                }
                _ => {}
            }
        }
        guard
    }

    fn guarded_assign(&self, var: usize, value: NodeRef, guard: Option<NodeRef>) {
        let new = match guard {
            None => value,
            Some(g) => self.select(g, value, self.var_value(var)),
        };
        if !new.is_refused() {
            self.set_var(var, new);
        }
    }

    /// The hidden discard variable exists before any block opens, so no loop body owns it.
    fn ensure_discard_flag(&self) {
        if self.control.borrow().discarded.is_none() {
            let zero = self.float(0.0);
            let var = self.new_var(zero);
            self.control.borrow_mut().discarded = Some((var, zero.index));
        }
    }

    fn resolve_var(&self, op: &str, var: NodeVar) -> Option<usize> {
        if var.graph == self.id && var.index() < self.control.borrow().vars.len() {
            Some(var.index())
        } else {
            self.statement_error(
                op,
                BuildErrorKind::ForeignVariable {
                    variable: var.index,
                },
            );
            None
        }
    }

    /// TSL's `Var(value)`: a variable holding `value`, a float or a vector.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let x = graph.Var(graph.float(1.0));
    /// graph.assign(x, graph.mul(graph.get(x), graph.float(3.0)));
    /// // An assignment under a branch holds only where the branch runs: here it never does.
    /// graph.If(graph.less_than(graph.get(x), graph.float(0.0)));
    /// graph.assign(x, graph.float(-1.0));
    /// graph.End();
    /// graph.set_output(OPACITY_NODE, graph.get(x)).unwrap();
    /// let program = graph.compile().unwrap();
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![3.0]));
    /// ```
    #[allow(non_snake_case)]
    pub fn Var(&self, value: NodeRef) -> NodeVar {
        let refused = NodeVar {
            graph: self.id,
            index: u32::MAX,
        };
        match self.resolve_for("Var", value) {
            Err(e) => {
                if !value.is_refused() {
                    self.refuse(e);
                }
                refused
            }
            Ok(_) => {
                // Invariant: `resolve_for` just returned Ok for `value`, so it is a node of this
                // graph.
                let ty = self.type_of(value).expect("resolved");
                if ty.width().is_none() {
                    self.statement_error("Var", BuildErrorKind::VariableType { found: ty });
                    return refused;
                }
                NodeVar {
                    graph: self.id,
                    index: self.new_var(value) as u32,
                }
            }
        }
    }

    /// The value `var` holds at this point of the recording.
    pub fn get(&self, var: NodeVar) -> NodeRef {
        match self.resolve_var("get", var) {
            Some(v) => self.var_value(v),
            None => self.refused(),
        }
    }

    /// `var = value`, where the open branches run. Refuses a value of another type.
    pub fn assign(&self, var: NodeVar, value: NodeRef) {
        let Some(v) = self.resolve_var("assign", var) else {
            return;
        };
        let Some(ty) = self.type_of(value) else {
            if !value.is_refused() {
                let _ = self
                    .resolve_for("assign", value)
                    .map_err(|e| self.refuse(e));
            }
            return;
        };
        let var_ty = self.control.borrow().vars[v].ty;
        if ty != var_ty {
            self.statement_error(
                "assign",
                BuildErrorKind::AssignType {
                    variable: var_ty,
                    found: ty,
                },
            );
            return;
        }
        let guard = self.guard();
        self.guarded_assign(v, value, guard);
    }

    fn condition(&self, op: &str, condition: NodeRef) -> Option<NodeRef> {
        match self.resolve_for(op, condition) {
            Err(e) => {
                if !condition.is_refused() {
                    self.refuse(e);
                }
                None
            }
            Ok(_) => match self.type_of(condition) {
                Some(ValueType::Float) => Some(condition),
                Some(ty) => {
                    self.statement_error(op, BuildErrorKind::ConditionType { found: ty });
                    None
                }
                None => None,
            },
        }
    }

    /// TSL's `If(condition)`: the statements up to the next `ElseIf`, `Else` or `End` run where the
    /// condition, a float, is not zero.
    #[allow(non_snake_case)]
    pub fn If(&self, condition: NodeRef) {
        self.ensure_discard_flag();
        // A refused condition still opens a block, so that the `End` that follows finds it.
        let c = self
            .condition("If", condition)
            .unwrap_or_else(|| self.float(0.0));
        let branch = self.not_equal(c, self.float(0.0));
        self.control.borrow_mut().blocks.push(Block::If {
            branch,
            taken: branch,
            had_else: false,
        });
    }

    /// TSL's `ElseIf(condition)`: runs where no earlier branch of the chain ran and the condition
    /// holds. Refuses one with no `If` open, or after `Else`.
    #[allow(non_snake_case)]
    pub fn ElseIf(&self, condition: NodeRef) {
        let Some(taken) = self.open_if("ElseIf") else {
            return;
        };
        let c = self
            .condition("ElseIf", condition)
            .unwrap_or_else(|| self.float(0.0));
        let c = self.not_equal(c, self.float(0.0));
        let branch = self.logical_and(self.logical_not(taken), c);
        let taken = self.logical_or(taken, c);
        self.replace_if(Block::If {
            branch,
            taken,
            had_else: false,
        });
    }

    /// TSL's `Else()`: runs where no branch of the chain ran. Refuses one with no `If` open.
    #[allow(non_snake_case)]
    pub fn Else(&self) {
        let Some(taken) = self.open_if("Else") else {
            return;
        };
        let branch = self.logical_not(taken);
        self.replace_if(Block::If {
            branch,
            taken,
            had_else: true,
        });
    }

    fn open_if(&self, op: &str) -> Option<NodeRef> {
        let kind = match self.control.borrow().blocks.last() {
            Some(Block::If {
                taken,
                had_else: false,
                ..
            }) => return Some(*taken),
            Some(Block::If { .. }) => BuildErrorKind::ElseAfterElse,
            Some(other) => BuildErrorKind::NotInIf {
                block: other.name(),
            },
            None => BuildErrorKind::NoIf,
        };
        self.statement_error(op, kind);
        None
    }

    fn replace_if(&self, block: Block) {
        if let Some(last) = self.control.borrow_mut().blocks.last_mut() {
            *last = block;
        }
    }

    /// TSL's `Loop(count)`: the statements up to `End` run `count` times (0 to 1024); the index,
    /// a float, runs 0, 1, 2, ...
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let sum = graph.Var(graph.float(0.0));
    /// let index = graph.Loop(4);
    /// graph.If(graph.greater_than(index, graph.float(1.0)));
    /// graph.assign(sum, graph.add(graph.get(sum), index));
    /// graph.End();
    /// graph.End();
    /// graph.set_output(OPACITY_NODE, graph.get(sum)).unwrap();
    /// let program = graph.compile().unwrap();
    /// // Indices 2 and 3 are over 1: 2 + 3.
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![5.0]));
    /// ```
    #[allow(non_snake_case)]
    pub fn Loop(&self, count: i64) -> NodeRef {
        self.LoopFrom(count, 0.0, 1.0)
    }

    /// TSL's `Loop({ start, end, ... })` in its general form: `count` times, the index starting
    /// at `start` and moving by `step`.
    #[allow(non_snake_case)]
    pub fn LoopFrom(&self, count: i64, start: f32, step: f32) -> NodeRef {
        self.ensure_discard_flag();
        if !(0..=MAX_LOOP_COUNT).contains(&count) {
            self.statement_error("Loop", BuildErrorKind::LoopCount { count });
        }
        let count = count.clamp(0, MAX_LOOP_COUNT) as u32;
        let live = self.new_var(self.float(1.0));
        let body_start = self.node_count();
        let skip = self.new_var(self.float(0.0));
        let vars: Vec<(usize, VarSlot)> = self
            .control
            .borrow()
            .vars
            .iter()
            .copied()
            .enumerate()
            .filter(|&(v, _)| v != skip)
            .collect();
        let mut entry = Vec::with_capacity(vars.len());
        for (v, slot) in vars {
            // The body reads each variable through a node of its own, which End points at the
            // previous time through's value.
            let source = NodeRef {
                graph: self.id,
                index: slot.value,
            };
            let through = self.node("Loop", Op::Join, &[source]);
            self.set_var(v, through);
            entry.push((v, slot.value, through.index));
        }
        let index = self.float(start);
        self.control.borrow_mut().blocks.push(Block::Loop {
            count,
            start,
            step,
            index: index.index,
            body_start,
            entry,
            live,
            skip,
            breaks: false,
            flagged: false,
        });
        index
    }

    /// TSL's `End()`: closes the innermost `If` chain or `Loop`. Refuses an `End` with no block.
    #[allow(non_snake_case)]
    pub fn End(&self) {
        let top = self.control.borrow().blocks.last().cloned();
        match top {
            None => self.statement_error("End", BuildErrorKind::NoBlock),
            Some(Block::Call { .. }) => self.statement_error("End", BuildErrorKind::NoBlockInFn),
            Some(Block::If { .. }) => {
                self.control.borrow_mut().blocks.pop();
            }
            Some(Block::Loop { .. }) => {
                // Invariant: `top` is the last block, read just above under the same `&self`.
                let block = self.control.borrow_mut().blocks.pop().expect("a loop");
                self.unroll(block);
            }
        }
    }

    fn unroll(&self, block: Block) {
        let Block::Loop {
            count,
            start,
            step,
            index,
            body_start,
            entry,
            live,
            breaks,
            ..
        } = block
        else {
            return;
        };
        let body_end = self.node_count();
        // The block's nodes are indexes into the parts; an edit through `parts_mut` while the
        // block was open may have removed them.
        let in_body = |n: u32| (body_start..body_end).contains(&(n as usize));
        if !in_body(index) || entry.iter().any(|e| !in_body(e.2)) {
            self.statement_error("End", BuildErrorKind::EditedInBlock);
            return;
        }
        let after_first: Vec<u32> = self.control.borrow().vars.iter().map(|s| s.value).collect();
        if count == 0 {
            for &(v, before, _) in &entry {
                self.control.borrow_mut().vars[v].value = before;
            }
            return;
        }
        let per_copy = (body_end - body_start) + if breaks { after_first.len() } else { 0 };
        let grown = body_end + per_copy * (count as usize - 1);
        if grown > super::MAX_GRAPH_NODES {
            self.statement_error(
                "End",
                BuildErrorKind::UnrollTooLarge {
                    count,
                    nodes: grown,
                },
            );
            return;
        }
        // The index and the nodes the body reads the variables through are mapped, not copied.
        let mut is_placeholder = vec![false; body_end - body_start];
        for placeholder in entry.iter().map(|e| e.2).chain([index]) {
            is_placeholder[placeholder as usize - body_start] = true;
        }
        let mut previous = after_first.clone();
        for time in 1..count {
            let mut map: Vec<u32> = (body_start as u32..body_end as u32).collect();
            let index_value = self.float(start + step * time as f32);
            map[index as usize - body_start] = index_value.index;
            for &(v, _, through) in &entry {
                map[through as usize - body_start] = previous[v];
            }
            {
                let mut parts = self.parts.borrow_mut();
                for old in body_start..body_end {
                    if is_placeholder[old - body_start] {
                        continue;
                    }
                    let mut node = parts.nodes[old].clone();
                    for input in node.inputs.iter_mut() {
                        if (*input as usize) >= body_start && (*input as usize) < body_end {
                            *input = map[*input as usize - body_start];
                        }
                    }
                    parts.nodes.push(node);
                    map[old - body_start] = (parts.nodes.len() - 1) as u32;
                }
            }
            let remap = |n: u32| {
                if (n as usize) >= body_start && (n as usize) < body_end {
                    map[n as usize - body_start]
                } else {
                    n
                }
            };
            let mut now: Vec<u32> = after_first.iter().map(|&n| remap(n)).collect();
            if breaks {
                let live_at_start = NodeRef {
                    graph: self.id,
                    index: previous[live],
                };
                for (v, value) in now.iter_mut().enumerate() {
                    if *value != previous[v] {
                        let kept = NodeRef {
                            graph: self.id,
                            index: previous[v],
                        };
                        *value = self
                            .select(
                                live_at_start,
                                NodeRef {
                                    graph: self.id,
                                    index: *value,
                                },
                                kept,
                            )
                            .index;
                    }
                }
            }
            previous = now;
        }
        let mut control = self.control.borrow_mut();
        for (slot, value) in control.vars.iter_mut().zip(previous) {
            slot.value = value;
        }
    }

    /// TSL's `Discard()`: throws the fragment away where the open branches run. Every discard
    /// joins the mask.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let cut = graph.named_uniform("cut", 0.0);
    /// graph.If(graph.greater_than(cut, graph.float(0.5)));
    /// graph.Discard();
    /// graph.End();
    /// // With no other output, compile makes the mask: 1 keeps the fragment, 0 throws it away.
    /// let mut program = graph.compile().unwrap();
    /// assert_eq!(program.evaluate(MASK_NODE, &Fragment::default()), Some(vec![1.0]));
    /// program.set_uniform("cut", 1.0).unwrap();
    /// assert_eq!(program.evaluate(MASK_NODE, &Fragment::default()), Some(vec![0.0]));
    /// ```
    #[allow(non_snake_case)]
    pub fn Discard(&self) {
        self.ensure_discard_flag();
        // Invariant: `ensure_discard_flag` above sets `discarded` when it is unset, never clears
        // it.
        let (var, _) = self.control.borrow().discarded.expect("made above");
        let guard = self.guard();
        self.guarded_assign(var, self.float(1.0), guard);
    }

    /// The innermost loop, not crossing a call, as its block index.
    fn innermost_loop(&self, op: &str) -> Option<usize> {
        let control = self.control.borrow();
        for (i, block) in control.blocks.iter().enumerate().rev() {
            match block {
                Block::Loop { .. } => return Some(i),
                Block::Call { .. } => break,
                Block::If { .. } => {}
            }
        }
        drop(control);
        self.statement_error(op, BuildErrorKind::NoLoop);
        None
    }

    /// TSL's `Break()`: leaves the innermost loop where the open branches run.
    #[allow(non_snake_case)]
    pub fn Break(&self) {
        let Some(at) = self.innermost_loop("Break") else {
            return;
        };
        let guard = self.guard();
        let live = self.set_loop_flags(at, true);
        self.guarded_assign(live, self.float(0.0), guard);
    }

    /// TSL's `Continue()`: skips the rest of this time through the innermost loop where the open
    /// branches run.
    #[allow(non_snake_case)]
    pub fn Continue(&self) {
        let Some(at) = self.innermost_loop("Continue") else {
            return;
        };
        let guard = self.guard();
        self.set_loop_flags(at, false);
        let skip = match self.control.borrow().blocks[at] {
            Block::Loop { skip, .. } => skip,
            // Invariant: `at` is from `innermost_loop`, the index of a `Block::Loop`, and no block
            // was pushed or popped since (the same `&self` call).
            _ => unreachable!("a loop"),
        };
        self.guarded_assign(skip, self.float(1.0), guard);
    }

    /// Mark loop block `at` as flagged (and as breaking); its `live` variable.
    fn set_loop_flags(&self, at: usize, breaking: bool) -> usize {
        match &mut self.control.borrow_mut().blocks[at] {
            Block::Loop {
                flagged,
                breaks,
                live,
                ..
            } => {
                *flagged = true;
                *breaks |= breaking;
                *live
            }
            // Invariant: `at` is from `innermost_loop`, the index of a `Block::Loop`, and no block
            // was pushed or popped since (the same `&self` call).
            _ => unreachable!("a loop"),
        }
    }

    /// TSL's `Return(value)`: the answer of the `Fn` being built, where the open branches run.
    /// The loops it is in stop. Refuses one outside a `Fn` and a value of another type than the
    /// layout's.
    #[allow(non_snake_case)]
    pub fn Return(&self, value: NodeRef) {
        let found = {
            let control = self.control.borrow();
            control
                .blocks
                .iter()
                .enumerate()
                .rev()
                .find_map(|(i, b)| match b {
                    Block::Call {
                        returned,
                        answer,
                        output,
                        ..
                    } => Some((i, *returned, *answer, *output)),
                    _ => None,
                })
        };
        let Some((at, returned, answer, output)) = found else {
            self.statement_error("Return", BuildErrorKind::NoFn);
            return;
        };
        let Some(ty) = self.type_of(value) else {
            if !value.is_refused() {
                let _ = self
                    .resolve_for("Return", value)
                    .map_err(|e| self.refuse(e));
            }
            return;
        };
        if ty != output {
            self.statement_error(
                "Return",
                BuildErrorKind::ReturnType {
                    answers: output,
                    found: ty,
                },
            );
            return;
        }
        let guard = self.guard();
        self.guarded_assign(answer, value, guard);
        self.guarded_assign(returned, self.float(1.0), guard);
        let loops: Vec<usize> = (at + 1..self.control.borrow().blocks.len())
            .filter(|&i| matches!(self.control.borrow().blocks[i], Block::Loop { .. }))
            .collect();
        for i in loops {
            let live = self.set_loop_flags(i, true);
            self.guarded_assign(live, self.float(0.0), guard);
        }
        if let Block::Call { flagged, .. } = &mut self.control.borrow_mut().blocks[at] {
            *flagged = true;
        }
    }

    /// TSL's `Fn(name, inputs, output, body)` with its layout; see [`TslFn::new`].
    #[allow(non_snake_case)]
    pub fn Fn(
        &self,
        name: &str,
        inputs: &[(&str, ValueType)],
        output: ValueType,
        body: impl Fn(&NodeGraph, &[NodeRef]) -> NodeRef + 'static,
    ) -> TslFn {
        TslFn::new(name, inputs, output, body)
    }

    /// Call `function` with `args`: checks the arguments and the answer against its layout and
    /// inlines the body here. Refuses a wrong count or type of arguments, an answer of another
    /// type, a body that leaves a block open, and a function that calls itself.
    pub fn call(&self, function: &TslFn, args: &[NodeRef]) -> NodeRef {
        let op = format!("call {}", function.name);
        if let Some(refused) = args.iter().find(|a| a.is_refused()) {
            return *refused;
        }
        if args.len() != function.inputs.len() {
            self.statement_error(
                &op,
                BuildErrorKind::ArgumentCount {
                    given: args.len(),
                    takes: function.inputs.len(),
                },
            );
            return self.refused();
        }
        for (i, (&arg, (name, ty))) in args.iter().zip(&function.inputs).enumerate() {
            match self.resolve_for(&op, arg) {
                Err(e) => {
                    self.refuse(e);
                    return self.refused();
                }
                Ok(_) => {
                    // Invariant: `resolve_for` just returned Ok for `arg`, so it is a node of this
                    // graph.
                    let got = self.type_of(arg).expect("resolved");
                    if got != *ty {
                        self.statement_error(
                            &op,
                            BuildErrorKind::ArgumentType {
                                index: i,
                                name: name.clone(),
                                found: got,
                                layout: *ty,
                            },
                        );
                        return self.refused();
                    }
                }
            }
        }
        let fn_id = Rc::as_ptr(&function.body) as *const () as usize;
        if self.control.borrow().calls.contains(&fn_id) {
            self.statement_error(
                &op,
                BuildErrorKind::Recursion {
                    function: function.name.clone(),
                },
            );
            return self.refused();
        }
        self.ensure_discard_flag();
        let zero = match function.output.width() {
            // An integer function's zero is an integer zero (R-INT-1), a float's a float zero.
            Some(w) if function.output.is_integer() => {
                // Invariant: an integer type has a kind.
                let kind = function.output.kind().expect("an integer kind");
                self.int_constant(kind, &[0; 4][..w])
            }
            Some(w) => self.constant(&[0.0; 4][..w]),
            None => {
                self.statement_error(
                    &op,
                    BuildErrorKind::FnOutputType {
                        layout: function.output,
                    },
                );
                return self.refused();
            }
        };
        let returned = self.new_var(self.float(0.0));
        let answer = self.new_var(zero);
        let depth = self.control.borrow().blocks.len();
        {
            let mut control = self.control.borrow_mut();
            control.calls.push(fn_id);
            control.blocks.push(Block::Call {
                returned,
                answer,
                output: function.output,
                flagged: false,
            });
        }
        let result = (function.body)(self, args);
        let (open, block) = {
            let mut control = self.control.borrow_mut();
            control.calls.pop();
            let open = control.blocks.len() - depth;
            let block = control.blocks.drain(depth..).next();
            (open, block)
        };
        if open != 1 {
            self.statement_error(&op, BuildErrorKind::BodyLeftBlockOpen);
            return self.refused();
        }
        let Some(Block::Call { flagged, .. }) = block else {
            return self.refused();
        };
        match self.type_of(result) {
            None => {
                if !result.is_refused() {
                    let _ = self.resolve_for(&op, result).map_err(|e| self.refuse(e));
                }
                self.refused()
            }
            Some(ty) if ty != function.output => {
                self.statement_error(
                    &op,
                    BuildErrorKind::BodyAnswerType {
                        found: ty,
                        layout: function.output,
                    },
                );
                self.refused()
            }
            Some(_) if flagged => {
                self.select(self.var_value(returned), self.var_value(answer), result)
            }
            Some(_) => result,
        }
    }
}
