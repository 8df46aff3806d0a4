//! Bounded nesting: naga's back ends write an expression used once inside its user, recursively,
//! so a long chain of single-use values (an unrolled loop's accumulator) nests as deep as the
//! chain and can overflow a thread's stack in the writer. Naming every expression whose nesting
//! reaches a bound makes the back ends write it as a `let` of its own.

use naga::{Expression as E, Function, Handle};

/// How deep an expression may nest before it gets a name.
const MAX_NESTING: u32 = 24;

/// The expressions `e` reads, for the kinds the emitter makes (any other kind counts as a leaf,
/// which only makes the bound looser).
fn operands(e: &E) -> [Option<Handle<E>>; 3] {
    match *e {
        E::Binary { left, right, .. } => [Some(left), Some(right), None],
        E::Unary { expr, .. }
        | E::As { expr, .. }
        | E::AccessIndex { base: expr, .. }
        | E::Splat { value: expr, .. }
        | E::Swizzle { vector: expr, .. } => [Some(expr), None, None],
        E::Select {
            condition,
            accept,
            reject,
        } => [Some(condition), Some(accept), Some(reject)],
        E::Math {
            arg, arg1, arg2, ..
        } => [Some(arg), arg1, arg2],
        _ => [None; 3],
    }
}

/// Name (`part`) the expressions of `f` that would otherwise nest deeper than [`MAX_NESTING`];
/// a `Compose` counts every component.
pub(super) fn bound_nesting(f: &mut Function) {
    // Depth 0 for a named expression: its users read a name.
    let mut depth = vec![0u32; f.expressions.len()];
    let mut named = Vec::new();
    for (h, e) in f.expressions.iter() {
        let below = |o: Handle<E>| depth.get(o.index()).copied().unwrap_or(0);
        let d = match *e {
            E::Compose { ref components, .. } => components.iter().copied().map(below).max(),
            _ => operands(e).into_iter().flatten().map(below).max(),
        }
        .unwrap_or(0)
            + 1;
        // A literal needs no name, and is never deep.
        if d >= MAX_NESTING && !e.needs_pre_emit() && !f.named_expressions.contains_key(&h) {
            named.push(h);
            depth[h.index()] = 0;
        } else {
            depth[h.index()] = d;
        }
    }
    for h in named {
        f.named_expressions.insert(h, "part".into());
    }
}
