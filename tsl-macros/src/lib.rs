//! tsl-macros: `tsl!{}` and `#[tsl_fn]`, which rewrite plain Rust into the typed node calls of
//! `tsl_core::typed`, so that rustc checks a shader's types. Use them through the facade crate
//! `tsl` (`use tsl::prelude::*;`): the code they write names `::tsl::core::typed`.
//!
//! The rewrite is syntax only; the types are rustc's job, through tsl-core's traits, whose
//! messages say what to write instead. Inside both macros:
//!
//! | Rust | TSL |
//! | --- | --- |
//! | `if c { .. } else if d { .. } else { .. }` (a statement) | `If(c)`, `ElseIf(d)`, `Else()`, `End()` |
//! | `let x = if c { a } else { b };` (a value) | `select(c, a, b)` |
//! | `for i in 0..8`, `for i in (a..b).step_by(s)`, `.rev()` | `Loop(count, start, step)` |
//! | `break`, `continue`, `return x` | `Break()`, `Continue()`, `Return(x)` |
//! | `let mut v = e;`, then `v` | `Var(e)`, then `get(v)` |
//! | `v = e;`, `v += e;` (and `-= *= /= %=`) | `assign(v, e)`, `assign(v, add(get(v), e))` |
//! | `a < b`, `<= > >= == !=` | `lessThan(a, b)` and the others |
//! | `a && b`, `a \|\| b`, `!a` | `and(a, b)`, `or(a, b)`, `not(a)` |
//! | `p.xy`, `c.rgb`, `p.zyx` | the typed swizzle `p.xy()` |
//! | `2.0`, `3` | constants, where a node is wanted |
//! | `discard()` | `Discard()` |
//!
//! A `let` without `mut` is a plain Rust binding of a node (or of anything). Rust that has no
//! meaning in a shader — `while`, `loop`, `match`, closures, references, a `for` over anything but
//! a constant range, a loop of more than 1,024 runs, `break` outside a loop — is a compile error
//! that points at the user's tokens and says what to write instead.

mod depth;
mod function;
mod range;
mod rewrite;

use proc_macro::TokenStream;
use quote::quote;
use syn::parse::Parser;

/// A block of Rust that builds nodes in the current graph (a `tsl::core::typed::Scope`): its
/// value is its last expression.
///
/// ```
/// use tsl::prelude::*;
/// let scope = Scope::new();
/// let color = tsl! {
///     let p = position_world();
///     let mut c = vec3(0.0, 0.0, 0.0);
///     for i in 0..4 {
///         if p.x > i {
///             c += vec3(0.25, 0.0, 0.0);
///         }
///     }
///     if p.y < 0.0 { vec3(1.0, 0.0, 0.0) } else { c }
/// };
/// scope.color_node(color).unwrap();
/// let program = scope.compile().unwrap();
/// let fragment = Fragment { position_world: Vec3::new(2.5, 1.0, 0.0), ..Fragment::default() };
/// assert_eq!(program.evaluate(COLOR_NODE, &fragment), Some(vec![0.75, 0.0, 0.0]));
/// ```
#[proc_macro]
pub fn tsl(input: TokenStream) -> TokenStream {
    expand_tsl(input.into()).into()
}

/// `tsl!`'s expansion over `proc_macro2` tokens, so that unit tests can call it.
fn expand_tsl(input: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    if let Err(e) = depth::check(&input) {
        return e.to_compile_error();
    }
    let stmts = match syn::Block::parse_within.parse2(input) {
        Ok(stmts) => stmts,
        Err(e) => return e.to_compile_error(),
    };
    let mut rewriter = rewrite::Rewriter::new(None);
    let body = rewriter.statements(stmts, true);
    match rewriter.finish() {
        Ok(()) => quote!({ #body }),
        Err(e) => e.to_compile_error(),
    }
}

/// A Rust function of nodes as a TSL `Fn` with its layout: `#[tsl_fn] fn f(a: Vec3, b: Float) ->
/// Vec3 { .. }` is called from Rust with typed arguments (nodes, or numbers for a `Float`) and
/// inlined in the current graph where it is called, through tsl-core's `TslFn` and `call`. Its
/// body is rewritten as `tsl!`'s, and `return x` is TSL's `Return(x)`.
///
/// The parameter and answer types are `Float`, `Vec2`, `Vec3`, `Vec4`, `Mat3`, `Mat4` and
/// `Texture` (tsl's markers, whatever else those names mean where the function is: glam's `Vec3`
/// in `tsl::prelude`), or their aliases `FloatNode`, `Vec3Node`, ...; a `mut` parameter is a Var.
///
/// A function the macro refuses is still written, with its signature and a body that never runs,
/// so that its callers compile: the error is reported once, where it is.
///
/// ```
/// use tsl::prelude::*;
///
/// /// `first_square_over` (R-EX-5): the first index of 0..8 whose square is over `x`.
/// #[tsl_fn]
/// fn first_square_over(x: Float) -> Float {
///     for i in 0..8 {
///         if i * i > x {
///             return i;
///         }
///     }
///     -1.0
/// }
///
/// let scope = Scope::new();
/// scope.opacity_node(first_square_over(10.0)).unwrap();
/// let program = scope.compile().unwrap();
/// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![4.0]));
/// ```
#[proc_macro_attribute]
pub fn tsl_fn(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand_tsl_fn(attr.into(), item.into()).into()
}

/// `#[tsl_fn]`'s expansion over `proc_macro2` tokens, so that unit tests can call it.
fn expand_tsl_fn(
    attr: proc_macro2::TokenStream,
    item: proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    // Too deep an item is refused before syn parses it (syn's parser and the rewrite recurse
    // once per level); it is not written again, as it could not be parsed to make a stand-in.
    if let Err(e) = depth::check(&item) {
        return e.to_compile_error();
    }
    // On an error the item is still written (as CubeCL's `#[cube]` does), so that its callers
    // compile and the user reads one error rather than one more at each call.
    let function = match syn::parse2::<syn::ItemFn>(item.clone()) {
        Ok(function) => function,
        Err(e) => {
            let mut out = item;
            out.extend(e.to_compile_error());
            return out;
        }
    };
    match function::expand(attr, function.clone()) {
        Ok(tokens) => tokens,
        Err(e) => {
            let mut out = function::stand_in(&function).unwrap_or_default();
            out.extend(e.to_compile_error());
            out
        }
    }
}
