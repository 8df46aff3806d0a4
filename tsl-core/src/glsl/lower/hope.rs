//! What a `while` or `do` loop's variables hold where the loop still runs: the proof that such
//! a loop stops within [`MAX_WHILE_COUNT`](super::MAX_WHILE_COUNT) bodies (the specification's
//! "While and do"; docs/glsl.md).
//!
//! The lowering writes a variable under the loop's mask as `select(running, new, old)`, so once a
//! data-dependent `break` has left the loop somewhere, a counter such as `i++` is no longer a
//! constant node, and the condition `i < 40` no longer folds. But where the loop still runs, the
//! counter is the constant: each loop keeps, for its function's locals, the value they hold in
//! every lane where the loop is still running, noted where a whole local is written at the top
//! level of the loop's body (no branch, inner loop or `continue` between the write and the loop),
//! and forgotten at any other write. The loop's condition, evaluated over those values, says
//! whether every running lane goes on (nothing to record) or every one stops (the loop ends).
//! A lane that left the loop has stopped already, so neither answer depends on it.

use super::*;

/// One open `while` or `do` loop's known values.
pub(super) struct Hope {
    /// Its guard's place in `guards`.
    guard_at: usize,
    /// The frame of the function it is in: its locals are that frame's.
    frame: usize,
    known: HashMap<LocalId, Konst>,
}

impl ShaderLowering<'_, '_> {
    /// Open a loop's table, for the loop guard just pushed.
    pub(super) fn hope_open(&mut self) {
        self.hopes.push(Hope {
            guard_at: self.guards.len().saturating_sub(1),
            frame: self.frames.len().saturating_sub(1),
            known: HashMap::new(),
        });
    }

    pub(super) fn hope_close(&mut self) {
        self.hopes.pop();
    }

    /// A local of the current frame is written: what the tables knew of it no longer holds.
    pub(super) fn hope_forget(&mut self, local: LocalId) {
        let frame = self.frames.len().saturating_sub(1);
        for h in self.hopes.iter_mut().filter(|h| h.frame == frame) {
            h.known.remove(&local);
        }
    }

    /// A whole local was just written with `value` (its new value where the write ran): the
    /// innermost loop notes it when the write ran wherever that loop still runs.
    pub(super) fn hope_note(&mut self, local: LocalId, value: Option<Konst>) {
        let frame = self.frames.len().saturating_sub(1);
        let top = self.guards.len().saturating_sub(1);
        let at_top = matches!(
            self.guards.last(),
            Some(Guard::Loop {
                continued: None,
                ..
            })
        );
        if let (Some(h), Some(k)) = (self.hopes.last_mut(), value) {
            if h.frame == frame && h.guard_at == top && at_top {
                h.known.insert(local, k);
            }
        }
    }

    /// A local's value where the loops around still run, when a table knows it.
    fn hope_local(&self, local: LocalId) -> Option<Konst> {
        let frame = self.frames.len().saturating_sub(1);
        if let Some(k) = self.frames.last()?.locals.get(local)?.as_ref()?.konst {
            return Some(k);
        }
        self.hopes
            .iter()
            .rev()
            .filter(|h| h.frame == frame)
            .find_map(|h| h.known.get(&local).copied())
    }

    /// An expression's value where the loops around still run, over constants, known locals and
    /// folding operators; `None` where it is not known so.
    pub(super) fn hope_of(&self, e: &TExpr) -> Option<Konst> {
        if e.konst.is_some() {
            return e.konst;
        }
        // Outside every while loop nothing is asked (and the walk is not paid for).
        if self.hopes.is_empty() {
            return None;
        }
        match &e.kind {
            TKind::Local(id) => self.hope_local(*id),
            TKind::Unary(op, a) => Some(fold_unary(*op, a.ty, &self.hope_of(a)?)),
            TKind::Binary(op, a, b) | TKind::Logical(op, a, b) => {
                let x = self.hope_of(a)?;
                // `known && unknown` and `known || unknown` decide by the known side alone,
                // where it is false and true.
                if matches!(e.kind, TKind::Logical(..)) && (x[0] != 0.0) == (*op == BinOp::Or) {
                    return Some(x);
                }
                let y = self.hope_of(b)?;
                if known_operand_refusal(*op, e.ty, b.ty, Some(&y)).is_some() {
                    return None;
                }
                Some(fold_binary(*op, a.ty, &x, b.ty, &y, e.ty))
            }
            TKind::Ternary(c, a, b) => {
                if self.hope_of(c)?[0] != 0.0 {
                    self.hope_of(a)
                } else {
                    self.hope_of(b)
                }
            }
            _ => None,
        }
    }

    /// The value an assignment `target op= value` (or `= value`) leaves in a whole local, where
    /// the loops around still run.
    pub(super) fn hope_assigned(
        &self,
        target: &LValue,
        op: Option<BinOp>,
        value: &TExpr,
    ) -> Option<Konst> {
        let Root::Local(id) = target.root else {
            return None;
        };
        let v = self.hope_of(value)?;
        let Some(op) = op else { return Some(v) };
        let old = self.hope_local(id)?;
        if known_operand_refusal(op, target.ty, value.ty, Some(&v)).is_some() {
            return None;
        }
        Some(fold_binary(op, target.ty, &old, value.ty, &v, target.ty))
    }
}
