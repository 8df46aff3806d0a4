//! `#[tsl_fn]`: a Rust function of nodes becomes a TSL `Fn` with its layout, inlined where it is
//! called.

use crate::rewrite::{node_marker, node_type, rt, typed, Rewriter};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{Expr, FnArg, ItemFn, Pat, ReturnType, Stmt, Type};

/// Types that are plainly not nodes: refused by the macro with a hint, rather than by rustc.
const NOT_NODES: [&str; 16] = [
    "f32", "f64", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128",
    "usize", "bool", "String",
];

const NODE_TYPES: &str = "Float, Vec2, Vec3, Vec4, Mat3, Mat4 or Texture";

/// Why `ty` cannot be a parameter or an answer, when the macro can tell from its syntax.
fn not_a_node(ty: &Type) -> Option<String> {
    let shape = match ty {
        Type::Reference(_) => "a reference",
        Type::Tuple(_) => "a tuple",
        Type::Array(_) | Type::Slice(_) => "an array",
        Type::BareFn(_) => "a function",
        Type::ImplTrait(_) | Type::TraitObject(_) => "a trait",
        Type::Ptr(_) => "a pointer",
        Type::Path(p) if p.qself.is_none() => {
            let name = p.path.get_ident()?.to_string();
            if !NOT_NODES.contains(&name.as_str()) {
                return None;
            }
            return Some(format!(
                "`{name}` is not a node type: a #[tsl_fn] takes and answers nodes, of type {NODE_TYPES} \
                 (a number passed in becomes a Float constant)"
            ));
        }
        _ => return None,
    };
    Some(format!(
        "{shape} is not a node type: a #[tsl_fn] takes and answers nodes, of type {NODE_TYPES}"
    ))
}

/// The expansion of `#[tsl_fn]` on `item`.
pub fn expand(attr: TokenStream, item: ItemFn) -> syn::Result<TokenStream> {
    let mut errors: Option<syn::Error> = None;
    let mut fail = |e: syn::Error| match &mut errors {
        Some(all) => all.combine(e),
        None => errors = Some(e),
    };
    if !attr.is_empty() {
        fail(syn::Error::new_spanned(
            &attr,
            "#[tsl_fn] takes no arguments: the layout is the function's signature",
        ));
    }
    let sig = &item.sig;
    if let Some(t) = &sig.constness {
        fail(syn::Error::new_spanned(t, "a #[tsl_fn] is not `const`"));
    }
    if let Some(t) = &sig.asyncness {
        fail(syn::Error::new_spanned(t, "a #[tsl_fn] is not `async`"));
    }
    if let Some(t) = &sig.unsafety {
        fail(syn::Error::new_spanned(t, "a #[tsl_fn] is not `unsafe`"));
    }
    if let Some(abi) = &sig.abi {
        fail(syn::Error::new_spanned(
            abi,
            "a #[tsl_fn] has no `extern` ABI",
        ));
    }
    if let Some(v) = &sig.variadic {
        fail(syn::Error::new_spanned(
            v,
            "a #[tsl_fn] takes a fixed list of nodes",
        ));
    }
    if !sig.generics.params.is_empty() || sig.generics.where_clause.is_some() {
        fail(syn::Error::new_spanned(
            &sig.generics,
            format!(
                "a #[tsl_fn] has no generic parameters: its layout names node types ({NODE_TYPES})"
            ),
        ));
    }

    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(r) => fail(syn::Error::new_spanned(
                r,
                "a #[tsl_fn] is a free function of nodes, not a method: it takes no `self`",
            )),
            FnArg::Typed(typed_arg) => {
                if let Some(why) = not_a_node(&typed_arg.ty) {
                    fail(syn::Error::new_spanned(&typed_arg.ty, why));
                    continue;
                }
                match &*typed_arg.pat {
                    Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => params.push((
                        p.ident.clone(),
                        p.mutability.is_some(),
                        node_type(&typed_arg.ty),
                    )),
                    other => fail(syn::Error::new_spanned(
                        other,
                        "a #[tsl_fn] parameter is a name: `a: Vec3`",
                    )),
                }
            }
        }
    }
    let answer = match &sig.output {
        ReturnType::Default => {
            fail(syn::Error::new(
                sig.paren_token.span.close(),
                format!("a #[tsl_fn] answers a node: add `-> Float` (or another of {NODE_TYPES}) after the parameters"),
            ));
            None
        }
        ReturnType::Type(_, ty) => match not_a_node(ty) {
            Some(why) => {
                fail(syn::Error::new_spanned(ty, why));
                None
            }
            None => Some(node_type(ty)),
        },
    };

    // The body, with the parameters bound: plain, or Vars for `mut` ones.
    let mut rewriter = Rewriter::new(answer.clone());
    for (name, mutable, _) in &params {
        if *mutable {
            rewriter.bind_var(name);
        } else {
            rewriter.bind_plain(name);
        }
    }
    let mut stmts = item.block.stmts.clone();
    // A last `return x;` is the body's value: the answer where no earlier `return` ran.
    if let Some(Stmt::Expr(Expr::Return(r), _)) = stmts.last() {
        if let Some(value) = &r.expr {
            let value = (**value).clone();
            stmts.pop();
            stmts.push(Stmt::Expr(value, None));
        }
    }
    let (body, tail) = rewriter.body(stmts);
    if let Err(e) = rewriter.finish() {
        fail(e);
    }
    if let Some(errors) = errors {
        return Err(errors);
    }
    let answer = answer.unwrap_or_default();

    let name = &sig.ident;
    let name_text = name.to_string();
    let span = sig.fn_token.span;
    let typed = typed(span);
    let rt = rt(span);
    let mixed = Span::mixed_site();
    let layout = format_ident!("TSL_FN_LAYOUT", span = mixed);
    let args = format_ident!("tsl_args", span = mixed);
    let f = format_ident!("tsl_layout", span = mixed);

    let param_names: Vec<_> = params.iter().map(|(n, _, _)| n).collect();
    let param_texts: Vec<String> = params.iter().map(|(n, _, _)| n.to_string()).collect();
    let param_types: Vec<_> = params.iter().map(|(_, _, t)| t).collect();
    let indexes = 0..params.len();
    let vars = params
        .iter()
        .filter(|(_, m, _)| *m)
        .map(|(n, _, t)| quote_spanned!(n.span()=> let #n = #rt::var_of::<#t>(#n);));
    let inputs = params
        .iter()
        .map(|(n, _, t)| quote_spanned!(t.span()=> #n: impl #typed::IntoNodeOf<#t>));
    // The answer is checked where it is written: rustc's error points at the last expression.
    let value = match tail {
        Some(tail) => {
            let answer_fn = quote_spanned!(tail.span()=> #rt::answer::<#answer>);
            quote!(#body #answer_fn(#tail))
        }
        None => {
            let zero = quote_spanned!(span=> #rt::zero::<#answer>());
            quote!(#body #zero)
        }
    };
    let attrs = &item.attrs;
    let vis = &item.vis;
    let fn_token = &sig.fn_token;
    let output_span = match &sig.output {
        ReturnType::Type(arrow, _) => arrow.span(),
        ReturnType::Default => span,
    };
    let output = quote_spanned!(output_span=> -> #typed::Node<#answer>);

    Ok(quote! {
        #(#attrs)*
        #vis #fn_token #name(#(#inputs),*) #output {
            ::std::thread_local! {
                static #layout: ::tsl::core::TslFn = ::tsl::core::TslFn::new(
                    #name_text,
                    &[#((#param_texts, <#param_types as #typed::NodeType>::TYPE)),*],
                    <#answer as #typed::NodeType>::TYPE,
                    |_: &::tsl::core::NodeGraph, #args: &[::tsl::core::NodeRef]| -> ::tsl::core::NodeRef {
                        #(let #param_names: #typed::Node<#param_types> = #rt::arg(#args, #indexes);)*
                        #(#vars)*
                        #value
                    },
                );
            }
            let #args = [#(#typed::IntoNodeOf::<#param_types>::into_node_of(#param_names).node_ref()),*];
            #layout.with(|#f| #rt::call::<#answer>(#f, &#args))
        }
    }
    .into_token_stream())
}

/// What `#[tsl_fn]` writes beside its errors in place of a function it refuses: the function as
/// its expansion would be called (a parameter of a node type takes what such a parameter takes,
/// any other takes anything; the answer is a `Node`), with a body that never runs. Callers then
/// compile against it and the user reads the one error, not "cannot find function" at each call.
/// Not the item as written: its body is tsl, not Rust (`p.xy`, `if` on a node), and rustc would
/// add an error of its own for each construct. `None` when the answer is not a node type: any
/// stand-in would then give its callers a wrong type to complain of, and rustc itself keeps quiet
/// at the calls of a function whose macro failed.
pub fn stand_in(item: &ItemFn) -> Option<TokenStream> {
    let sig = &item.sig;
    let span = sig.fn_token.span;
    let typed = typed(span);
    let inputs = sig.inputs.iter().filter_map(|input| match input {
        FnArg::Receiver(_) => None,
        FnArg::Typed(arg) => Some(match node_marker(&arg.ty) {
            Some(marker) => quote_spanned!(arg.ty.span()=> _: impl #typed::IntoNodeOf<#marker>),
            None => quote_spanned!(arg.ty.span()=> _: impl ::core::marker::Sized),
        }),
    });
    let output = match &sig.output {
        ReturnType::Type(arrow, ty) => {
            let marker = node_marker(ty)?;
            quote_spanned!(arrow.span()=> -> #typed::Node<#marker>)
        }
        ReturnType::Default => return None,
    };
    let attrs = &item.attrs;
    let vis = &item.vis;
    let name = &sig.ident;
    // Invariant: the stand-in is emitted only beside the refusal's `compile_error!`, so the crate
    // that holds it never compiles and its body never runs.
    Some(quote_spanned! {span=>
        #(#attrs)*
        #vis fn #name(#(#inputs),*) #output {
            ::core::unreachable!("a #[tsl_fn] that did not compile")
        }
    })
}
