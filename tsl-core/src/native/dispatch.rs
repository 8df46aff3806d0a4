//! The dispatch stub: an interpreter-shaped `run_code(base, start, count)` whose body calls the
//! emitted functions, and the reordering of the module's functions that this needs (naga wants
//! every callee before its callers in the function arena).

use super::hooks::{has_signature, Ty};
use super::{EmitError, EmittedOutputs};
use crate::interface::Output;
use crate::program::NodeProgram;
use naga::{Block, Expression, Function, Handle, Module, Span, Statement, SwitchCase, SwitchValue};

/// An output's instruction count and its emitted function.
type Counted = (u32, Handle<Function>);

/// The stub's signature, as an error shows it.
const STUB: &str = "fn run_code(base: u32, start: u32, count: u32) -> vec4<f32>";

/// What a GPU host does with a program: [`emit_into`](super::emit_into) its outputs into
/// `module`, then [`fill_dispatch`] the module's `run_code` stub (found by name; its absence is
/// [`EmitError::MissingHook`]) to call them. The renderer's native fragment programs and the
/// native interpreter's compute shaders are made this way.
pub fn emit_run_code(program: &NodeProgram, module: &mut naga::Module) -> Result<(), EmitError> {
    let stub = super::function_by_name(module, "run_code")
        .ok_or(EmitError::MissingHook { name: "run_code" })?;
    let outputs = super::emit_into(program, module)?;
    fill_dispatch(module, stub, program, &outputs)
}

/// Replaces the body of `stub`, a function `fn(base: u32, start: u32, count: u32) -> vec4<f32>`
/// (the signature of the GPU interpreter's `run_code`), with a switch on `start`: each set
/// output's first instruction ([`NodeProgram::output_range`]) returns that output's emitted
/// function's result, any other start returns `vec4(0.0)`. Outputs that start at the same
/// instruction with different counts (an opacity laid out as the colour's code and more) are told
/// apart by a switch on `count`; `base` is unused.
///
/// naga requires a function to come after every function it calls, so this reorders the
/// module's functions (callees first, otherwise in their order): afterwards the handles of the
/// stub, of the emitted functions and of the functions between them are stale; find functions by
/// name ([`super::function_by_name`]).
pub fn fill_dispatch(
    module: &mut Module,
    stub: Handle<Function>,
    program: &NodeProgram,
    outputs: &EmittedOutputs,
) -> Result<(), EmitError> {
    let signature_error = || EmitError::Signature {
        name: "the dispatch stub".into(),
        expected: STUB,
    };
    let stub_fn = module
        .functions
        .try_get(stub)
        .map_err(|_| signature_error())?;
    if !has_signature(module, stub_fn, &[Ty::U32, Ty::U32, Ty::U32], Ty::Vec4) {
        return Err(signature_error());
    }
    let vec4 = stub_fn
        .result
        .as_ref()
        .map(|r| r.ty)
        .ok_or_else(signature_error)?;
    // One case per distinct start; outputs that share their first instructions (a colour and
    // the opacity laid out after it, docs/bytecode.md) start together and differ by their count.
    let mut cases: Vec<(u32, Vec<Counted>)> = Vec::new();
    for output in Output::ALL {
        let Some(function) = outputs.functions[output.index()] else {
            continue;
        };
        module.functions.try_get(function).map_err(|_| {
            EmitError::Invalid(format!("no emitted function for {}", output.name()))
        })?;
        let (start, count) = program.output_range(output);
        // Invariant: `validate` bounds a start and a count by the code's length, a u32.
        let (start, count) = (start as u32, count as u32);
        match cases.iter_mut().find(|(s, _)| *s == start) {
            Some((_, counts)) if counts.iter().any(|&(c, _)| c == count) => {}
            Some((_, counts)) => counts.push((count, function)),
            None => cases.push((start, vec![(count, function)])),
        }
    }
    let mut body = Block::new();
    let mut expressions = naga::Arena::new();
    let start_argument = expressions.append(Expression::FunctionArgument(1), Span::UNDEFINED);
    let count_argument = expressions.append(Expression::FunctionArgument(2), Span::UNDEFINED);
    let mut call = |function: Handle<Function>| {
        let result = expressions.append(Expression::CallResult(function), Span::UNDEFINED);
        let mut case = Block::new();
        case.push(
            Statement::Call {
                function,
                arguments: Vec::new(),
                result: Some(result),
            },
            Span::UNDEFINED,
        );
        case.push(
            Statement::Return {
                value: Some(result),
            },
            Span::UNDEFINED,
        );
        case
    };
    let mut switch_cases = Vec::with_capacity(cases.len() + 1);
    for (start, counts) in &cases {
        let case = match counts[..] {
            // One output starts here: its count is not looked at.
            [(_, function)] => call(function),
            _ => {
                let mut by_count: Vec<SwitchCase> = counts
                    .iter()
                    .map(|&(count, function)| SwitchCase {
                        value: SwitchValue::U32(count),
                        body: call(function),
                        fall_through: false,
                    })
                    .collect();
                by_count.push(SwitchCase {
                    value: SwitchValue::Default,
                    body: Block::new(),
                    fall_through: false,
                });
                let mut case = Block::new();
                case.push(
                    Statement::Switch {
                        selector: count_argument,
                        cases: by_count,
                    },
                    Span::UNDEFINED,
                );
                case
            }
        };
        switch_cases.push(SwitchCase {
            value: SwitchValue::U32(*start),
            body: case,
            fall_through: false,
        });
    }
    switch_cases.push(SwitchCase {
        value: SwitchValue::Default,
        body: Block::new(),
        fall_through: false,
    });
    body.push(
        Statement::Switch {
            selector: start_argument,
            cases: switch_cases,
        },
        Span::UNDEFINED,
    );
    let zero = expressions.append(Expression::ZeroValue(vec4), Span::UNDEFINED);
    body.push(Statement::Return { value: Some(zero) }, Span::UNDEFINED);
    let f = module.functions.get_mut(stub);
    f.expressions = expressions;
    f.named_expressions.clear();
    f.local_variables.clear();
    f.body = body;
    callees_first(module)
}

/// Every function call in `block`, nested blocks included.
fn for_each_call(block: &mut Block, visit: &mut dyn FnMut(&mut Handle<Function>)) {
    for statement in block.iter_mut() {
        match statement {
            Statement::Call { function, .. } => visit(function),
            Statement::Block(inner) => for_each_call(inner, visit),
            Statement::If { accept, reject, .. } => {
                for_each_call(accept, visit);
                for_each_call(reject, visit);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    for_each_call(&mut case.body, visit);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                for_each_call(body, visit);
                for_each_call(continuing, visit);
            }
            _ => {}
        }
    }
}

/// Every function handle `f` holds (its calls and call results).
pub(super) fn for_each_callee(f: &mut Function, visit: &mut dyn FnMut(&mut Handle<Function>)) {
    for_each_call(&mut f.body, visit);
    for (_, e) in f.expressions.iter_mut() {
        if let Expression::CallResult(function) = e {
            visit(function);
        }
    }
}

/// Reorder the module's functions so that each comes after those it calls (a depth-first
/// post-order from each function in turn, which keeps an already ordered arena as it is), and
/// renumber every call. A cycle (recursion, which WGSL forbids) is an error.
fn callees_first(module: &mut Module) -> Result<(), EmitError> {
    let n = module.functions.len();
    let mut calls: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (h, f) in module.functions.iter_mut() {
        let list = &mut calls[h.index()];
        for_each_callee(f, &mut |c| list.push(c.index()));
        list.sort_unstable();
        list.dedup();
    }
    // 0: not seen, 1: on the path, 2: placed.
    let mut state = vec![0u8; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        // An explicit stack (function, next callee to look at): no recursion on host data.
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some(&mut (f, ref mut next)) = stack.last_mut() {
            if let Some(&c) = calls[f].get(*next) {
                *next += 1;
                match state.get(c) {
                    Some(0) => {
                        state[c] = 1;
                        stack.push((c, 0));
                    }
                    Some(1) => {
                        return Err(EmitError::Invalid(format!(
                            "function {c} calls itself through its callees"
                        )))
                    }
                    Some(_) => {}
                    None => return Err(EmitError::Invalid(format!("a call of no function ({c})"))),
                }
            } else {
                state[f] = 2;
                order.push(f);
                stack.pop();
            }
        }
    }
    if order.iter().enumerate().all(|(i, &f)| i == f) {
        return Ok(());
    }
    let mut new_index = vec![0usize; n];
    for (i, &f) in order.iter().enumerate() {
        new_index[f] = i;
    }
    let mut old: Vec<Option<(Function, Span)>> = module
        .functions
        .drain()
        .map(|(_, f, s)| Some((f, s)))
        .collect();
    let handles: Vec<Handle<Function>> = {
        // Handles for the new positions, made by appending in the new order.
        let mut handles = Vec::with_capacity(n);
        for &f in &order {
            // Invariant: `order` is a permutation of 0..n, each taken once.
            let (function, span) = old[f].take().unwrap_or_default();
            handles.push(module.functions.append(function, span));
        }
        handles
    };
    let remap = |h: &mut Handle<Function>| *h = handles[new_index[h.index()]];
    for (_, f) in module.functions.iter_mut() {
        for_each_callee(f, &mut { remap });
    }
    for entry in &mut module.entry_points {
        for_each_callee(&mut entry.function, &mut { remap });
    }
    // Doc comments (kept when a front end was asked to parse them) are keyed by function.
    if let Some(docs) = module.doc_comments.as_mut() {
        let functions = std::mem::take(&mut docs.functions);
        docs.functions = functions
            .into_iter()
            .map(|(mut h, text)| {
                remap(&mut h);
                (h, text)
            })
            .collect();
    }
    Ok(())
}
