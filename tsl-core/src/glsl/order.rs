//! The order the checker reads a shader's items in, so that a prototype lets a call come before
//! its function's definition (issue 18): the checker resolves a call among the functions it has
//! already checked, so a definition that calls a prototyped function waits until every
//! definition of that name has been checked. A definition only ever moves later, past the items
//! it waits for, so every name it could read before still precedes it.

use super::ast::*;
use super::error::Diag;
use std::collections::{HashMap, HashSet};

/// The items' places in the order to check them, and a refusal for each definition that waits
/// on itself through prototypes (recursion, which inlining cannot end).
pub(crate) fn check_order(items: &[Item]) -> (Vec<usize>, Vec<Diag>) {
    let declared: HashSet<&str> = items
        .iter()
        .filter_map(|i| match i {
            Item::Function(f) if f.prototype => Some(f.name.as_str()),
            _ => None,
        })
        .collect();
    // How many definitions of each name are still to be placed.
    let mut pending: HashMap<&str, usize> = HashMap::new();
    for item in items {
        if let Item::Function(f) = item {
            if !f.prototype {
                *pending.entry(f.name.as_str()).or_default() += 1;
            }
        }
    }
    let mut order = Vec::with_capacity(items.len());
    // Definitions waiting, with the prototyped names they call.
    let mut waiting: Vec<(usize, HashSet<&str>)> = Vec::new();
    for (at, item) in items.iter().enumerate() {
        let Item::Function(f) = item else {
            order.push(at);
            continue;
        };
        if f.prototype {
            continue;
        }
        let mut calls = HashSet::new();
        for s in &f.body {
            stmt_calls(s, &mut calls);
        }
        // A name with no definition is left to the checker's own refusal; the function's own
        // name is recursion, which the checker refuses too.
        let waits: HashSet<&str> = calls
            .into_iter()
            .filter(|n| {
                declared.contains(n) && *n != f.name && pending.get(n).is_some_and(|&c| c > 0)
            })
            .collect();
        waiting.push((at, waits));
        // Place every waiting definition whose callees are all placed, until none is.
        loop {
            let ready = waiting
                .iter()
                .position(|(_, w)| w.iter().all(|n| pending[n] == 0));
            let Some(i) = ready else { break };
            let (at, _) = waiting.remove(i);
            order.push(at);
            if let Item::Function(g) = &items[at] {
                if let Some(c) = pending.get_mut(g.name.as_str()) {
                    *c -= 1;
                }
            }
        }
    }
    let diags = waiting
        .iter()
        .filter_map(|(at, waits)| match &items[*at] {
            Item::Function(f) => {
                let mut names: Vec<&str> = waits.iter().copied().collect();
                names.sort_unstable();
                Some(Diag::new(
                    f.span,
                    format!(
                        "{} calls {}, which calls {} back: recursion is not in the subset, as a call inlines its function",
                        f.name,
                        names.join(" and "),
                        f.name
                    ),
                ))
            }
            _ => None,
        })
        .collect();
    (order, diags)
}

/// The names of the functions that a statement calls.
fn stmt_calls<'a>(s: &'a Stmt, out: &mut HashSet<&'a str>) {
    match &s.kind {
        StmtKind::Decl(d) => {
            for v in &d.vars {
                if let Some(e) = &v.init {
                    expr_calls(e, out);
                }
                if let Some((Some(e), _)) = &v.array {
                    expr_calls(e, out);
                }
            }
        }
        StmtKind::Expr(e) | StmtKind::Step { target: e, .. } => expr_calls(e, out),
        StmtKind::Return(e) => {
            if let Some(e) = e {
                expr_calls(e, out);
            }
        }
        StmtKind::Label(e) => {
            if let Some(e) = e {
                expr_calls(e, out);
            }
        }
        StmtKind::Assign { target, value, .. } => {
            expr_calls(target, out);
            expr_calls(value, out);
        }
        StmtKind::If { cond, then, els } => {
            expr_calls(cond, out);
            stmt_calls(then, out);
            if let Some(e) = els {
                stmt_calls(e, out);
            }
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            stmt_calls(init, out);
            if let Some(c) = cond {
                expr_calls(c, out);
            }
            if let Some(s) = step {
                stmt_calls(s, out);
            }
            stmt_calls(body, out);
        }
        StmtKind::While { cond, body, .. } => {
            expr_calls(cond, out);
            stmt_calls(body, out);
        }
        StmtKind::Switch { selector, body } => {
            expr_calls(selector, out);
            body.iter().for_each(|s| stmt_calls(s, out));
        }
        StmtKind::Block(body) => body.iter().for_each(|s| stmt_calls(s, out)),
        StmtKind::Break | StmtKind::Continue | StmtKind::Discard | StmtKind::Empty => {}
    }
}

/// The names of the functions that an expression calls.
fn expr_calls<'a>(e: &'a Expr, out: &mut HashSet<&'a str>) {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::UInt(_)
        | ExprKind::Float(_)
        | ExprKind::Bool(_)
        | ExprKind::Ident(_) => {}
        ExprKind::Call(callee, args) => {
            match callee {
                Callee::Name(n) => {
                    out.insert(n.as_str());
                }
                Callee::Array(_, Some(size)) => expr_calls(size, out),
                Callee::Type(_) | Callee::Array(_, None) => {}
            }
            args.iter().for_each(|a| expr_calls(a, out));
        }
        ExprKind::Unary(_, a)
        | ExprKind::Field(a, _)
        | ExprKind::Length(a)
        | ExprKind::Step { target: a, .. } => expr_calls(a, out),
        ExprKind::Binary(_, a, b)
        | ExprKind::Index(a, b)
        | ExprKind::Comma(a, b)
        | ExprKind::Assign {
            target: a,
            value: b,
            ..
        } => {
            expr_calls(a, out);
            expr_calls(b, out);
        }
        ExprKind::Ternary(a, b, c) => {
            expr_calls(a, out);
            expr_calls(b, out);
            expr_calls(c, out);
        }
    }
}
