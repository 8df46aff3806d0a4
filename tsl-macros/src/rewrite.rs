//! The rewrite of a block of Rust into typed node calls, shared by `tsl!{}` and `#[tsl_fn]`.
//!
//! It is syntax only: which names are variables (`let mut`), which `if` is a statement and which
//! a value, which loops count constant ranges. What the values *are* is rustc's business, through
//! tsl-core's traits: the code written here calls `tsl::core::typed::rt`, whose bounds carry our
//! messages. Every piece written carries the span of the user's tokens it came from, so rustc's
//! errors point at them.

use crate::range::{self, MAX_LOOP_COUNT};
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{
    BinOp, Block, Expr, ExprAssign, ExprBinary, ExprBreak, ExprContinue, ExprForLoop, ExprIf,
    ExprReturn, Ident, Local, Member, Pat, Stmt, Type,
};

/// What a name bound inside the macro is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Binding {
    /// `let mut v = ..`: a TSL `Var`, read with `get` and written with `set`.
    Var,
    /// `let v = ..`, a loop index or a parameter: a plain Rust binding.
    Plain,
}

/// The rewriter's state while it walks one macro's input.
pub struct Rewriter {
    scopes: Vec<Vec<(String, Binding)>>,
    loops: usize,
    /// The answer type of the `#[tsl_fn]` being written (tokens naming a node type), or `None`
    /// inside `tsl!`, where `return` has no meaning.
    answer: Option<TokenStream>,
    errors: Option<syn::Error>,
}

/// The path of the runtime the written code calls, with `span`.
pub fn rt(span: Span) -> TokenStream {
    quote_spanned!(span=> ::tsl::core::typed::rt)
}

/// The path of the typed module, with `span`.
pub fn typed(span: Span) -> TokenStream {
    quote_spanned!(span=> ::tsl::core::typed)
}

impl Rewriter {
    /// A rewriter for `tsl!` (no `answer`) or for the body of a `#[tsl_fn]` answering `answer`.
    pub fn new(answer: Option<TokenStream>) -> Rewriter {
        Rewriter {
            scopes: vec![Vec::new()],
            loops: 0,
            answer,
            errors: None,
        }
    }

    /// Record an error; the walk goes on so that every error is reported at once.
    pub fn error(&mut self, error: syn::Error) {
        match &mut self.errors {
            Some(errors) => errors.combine(error),
            None => self.errors = Some(error),
        }
    }

    /// The errors recorded, if any.
    pub fn finish(self) -> Result<(), syn::Error> {
        match self.errors {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Bind `name` in the innermost scope.
    pub fn bind_var(&mut self, name: &Ident) {
        self.bind(name, Binding::Var);
    }

    /// Bind `name` as a plain binding in the innermost scope.
    pub fn bind_plain(&mut self, name: &Ident) {
        self.bind(name, Binding::Plain);
    }

    fn bind(&mut self, name: &Ident, binding: Binding) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name.to_string(), binding));
        }
    }

    fn lookup(&self, name: &Ident) -> Option<Binding> {
        let name = name.to_string();
        self.scopes
            .iter()
            .rev()
            .flat_map(|scope| scope.iter().rev())
            .find(|(n, _)| *n == name)
            .map(|(_, b)| *b)
    }

    /// The binding of `expr` when it is a single name bound inside the macro.
    fn binding_of(&self, expr: &Expr) -> Option<(Ident, Binding)> {
        let ident = single_ident(expr)?;
        self.lookup(&ident).map(|b| (ident, b))
    }

    /// The statements of a block, rewritten; `value` when the block's last expression is its
    /// value (the macro's own block, a `#[tsl_fn]` body, a branch of a select), else every
    /// expression is a statement (the body of an `if` statement or of a `for`).
    pub fn statements(&mut self, stmts: Vec<Stmt>, value: bool) -> TokenStream {
        self.scopes.push(Vec::new());
        let out = self.statements_in_scope(stmts, value);
        self.scopes.pop();
        out
    }

    /// [`Rewriter::statements`] in the innermost scope.
    fn statements_in_scope(&mut self, stmts: Vec<Stmt>, value: bool) -> TokenStream {
        let last = stmts.len().saturating_sub(1);
        let mut out = TokenStream::new();
        for (i, stmt) in stmts.into_iter().enumerate() {
            match stmt {
                Stmt::Local(local) => out.extend(self.local(local)),
                Stmt::Expr(expr, semi) => {
                    let tail = i == last && semi.is_none();
                    if tail && value && !is_statement_if(&expr) {
                        out.extend(self.expr(expr).into_token_stream());
                    } else {
                        let span = expr.span();
                        out.extend(self.statement(expr));
                        out.extend(quote_spanned!(span=> ;));
                    }
                }
                Stmt::Item(item) => out.extend(item.into_token_stream()),
                Stmt::Macro(mac) => out.extend(mac.into_token_stream()),
            }
        }
        out
    }

    /// A function body: its statements, and its last expression (rewritten as a value) apart,
    /// in one scope, so that the caller can wrap the value where it is written.
    pub fn body(&mut self, mut stmts: Vec<Stmt>) -> (TokenStream, Option<Expr>) {
        let tail = match stmts.last() {
            Some(Stmt::Expr(e, None)) if !is_statement_if(e) => match stmts.pop() {
                Some(Stmt::Expr(e, None)) => Some(e),
                _ => None,
            },
            _ => None,
        };
        self.scopes.push(Vec::new());
        let body = self.statements_in_scope(stmts, false);
        let tail = tail.map(|e| self.expr(e));
        self.scopes.pop();
        (body, tail)
    }

    /// An expression in statement position: an `if` here is TSL's `If`.
    fn statement(&mut self, expr: Expr) -> TokenStream {
        match expr {
            Expr::If(chain) => self.if_statement(chain),
            Expr::Block(block) if block.label.is_none() => {
                let body = self.statements(block.block.stmts, false);
                quote!({ #body })
            }
            other => self.expr(other).into_token_stream(),
        }
    }

    fn local(&mut self, local: Local) -> TokenStream {
        let span = local.let_token.span;
        let Some(init) = local.init else {
            self.error(syn::Error::new_spanned(
                &local,
                "a `let` in tsl! needs a value: `let v = ..;`, or `let mut v = 0.0;` for a Var",
            ));
            return TokenStream::new();
        };
        if let Some((_, diverge)) = &init.diverge {
            self.error(syn::Error::new_spanned(
                diverge,
                "`let .. else` has no meaning in tsl!: a node always matches",
            ));
        }
        let value = self.expr(*init.expr);
        // `let mut v = e;` and `let mut v: T = e;` are Vars.
        let (pat, ty) = match &local.pat {
            Pat::Type(typed) => (&*typed.pat, Some(&*typed.ty)),
            pat => (pat, None),
        };
        if let Pat::Ident(ident) = pat {
            if ident.mutability.is_some() && ident.by_ref.is_none() && ident.subpat.is_none() {
                let name = &ident.ident;
                let rt = rt(span);
                let var = match ty {
                    Some(ty) => {
                        let ty = node_type(ty);
                        quote_spanned!(span=> #rt::var_of::<#ty>(#value))
                    }
                    None => quote_spanned!(span=> #rt::var(#value)),
                };
                self.bind_var(name);
                return quote_spanned!(span=> let #name = #var;);
            }
        }
        let mut names = Vec::new();
        collect_idents(&local.pat, &mut names);
        for (name, mutable) in &names {
            if *mutable {
                self.error(syn::Error::new_spanned(
                    name,
                    "a Var is declared alone: `let mut v = ..;`, not inside a pattern",
                ));
            }
        }
        for (name, _) in &names {
            self.bind_plain(name);
        }
        let pat = &local.pat;
        quote_spanned!(span=> let #pat = #value;)
    }

    /// `if c { .. } else if d { .. } else { .. }` as a statement: If, ElseIf, Else, End.
    fn if_statement(&mut self, chain: ExprIf) -> TokenStream {
        let mut out = TokenStream::new();
        let mut next = Some(chain);
        let mut first = true;
        let end_span = next
            .as_ref()
            .map(|c| c.if_token.span)
            .unwrap_or_else(Span::call_site);
        while let Some(ExprIf {
            if_token,
            cond,
            then_branch,
            else_branch,
            ..
        }) = next.take()
        {
            let rt = rt(if_token.span);
            let cond = self.condition(*cond);
            out.extend(if first {
                quote_spanned!(if_token.span=> #rt::if_(#cond);)
            } else {
                quote_spanned!(if_token.span=> #rt::else_if(#cond);)
            });
            first = false;
            let body = self.statements(then_branch.stmts, false);
            out.extend(quote!({ #body }));
            match else_branch.map(|(token, e)| (token, *e)) {
                None => {}
                Some((_, Expr::If(elif))) => next = Some(elif),
                Some((else_token, Expr::Block(block))) => {
                    let rt = self::rt(else_token.span);
                    let body = self.statements(block.block.stmts, false);
                    out.extend(quote_spanned!(else_token.span=> #rt::else_();));
                    out.extend(quote!({ #body }));
                }
                Some((_, other)) => self.error(syn::Error::new_spanned(
                    other,
                    "expected a block after `else`",
                )),
            }
        }
        let rt = rt(end_span);
        out.extend(quote_spanned!(end_span=> #rt::end();));
        quote!({ #out })
    }

    /// A condition: anything but `let`.
    fn condition(&mut self, cond: Expr) -> Expr {
        if let Expr::Let(l) = &cond {
            self.error(syn::Error::new_spanned(
                l,
                "`if let` has no meaning in tsl!: a condition is a float node; write `if x > 0.0 { .. }`",
            ));
        }
        self.expr(cond)
    }

    /// `if c { a } else { b }` as a value: a select of both branches.
    fn if_value(&mut self, chain: ExprIf) -> Expr {
        let span = chain.if_token.span;
        if !branches_are_pure(&chain) {
            self.error(syn::Error::new_spanned(
                &chain,
                "an `if` used as a value is a select, and both of its branches run: it may not assign, \
                 `discard()`, `break`, `continue` or `return`; write an `if` statement that assigns a \
                 `let mut` variable instead",
            ));
            return Expr::Verbatim(TokenStream::new());
        }
        let Some((_, otherwise)) = chain.else_branch else {
            self.error(syn::Error::new(
                span,
                "an `if` used as a value needs an `else`: it is a select of two values",
            ));
            return Expr::Verbatim(TokenStream::new());
        };
        let rt = rt(span);
        let cond = self.condition(*chain.cond);
        let then = self.statements(chain.then_branch.stmts, true);
        let otherwise = self.expr(*otherwise);
        let choose = quote_spanned!(span=> #rt::choose);
        Expr::Verbatim(quote!(#choose(#cond, { #then }, #otherwise)))
    }

    /// `for i in <constant range> { .. }`: TSL's Loop, unrolled by the graph.
    fn for_loop(&mut self, l: ExprForLoop) -> Expr {
        let span = l.for_token.span;
        if let Some(label) = &l.label {
            self.error(syn::Error::new_spanned(
                label,
                "loop labels have no meaning in tsl!: `break` and `continue` act on the innermost loop",
            ));
        }
        let index = match &*l.pat {
            Pat::Ident(p) if p.by_ref.is_none() && p.mutability.is_none() && p.subpat.is_none() => {
                Some(p.ident.clone())
            }
            Pat::Wild(_) => None,
            other => {
                self.error(syn::Error::new_spanned(
                    other,
                    "a tsl! loop binds its index to a name (`for i in 0..8`) or to `_`",
                ));
                None
            }
        };
        let sequence = match range::sequence(&l.expr) {
            Ok(s) if s.count > MAX_LOOP_COUNT => {
                self.error(syn::Error::new_spanned(
                    &l.expr,
                    format!(
                        "this loop runs {} times; a tsl! loop runs at most {MAX_LOOP_COUNT} times (TSL's Loop), \
                         as the graph unrolls it: use fewer, larger steps",
                        s.count
                    ),
                ));
                None
            }
            Ok(s) => Some(s),
            Err(e) => {
                self.error(e);
                None
            }
        };
        self.loops += 1;
        self.scopes.push(Vec::new());
        if let Some(index) = &index {
            self.bind_plain(index);
        }
        let body = self.statements(l.body.stmts, false);
        self.scopes.pop();
        self.loops -= 1;
        let Some(s) = sequence else {
            return Expr::Verbatim(TokenStream::new());
        };
        let rt = rt(span);
        let (count, start, step) = (s.count as i64, s.start as f32, s.step as f32);
        let index = match index {
            Some(name) => quote!(#name),
            None => quote!(_),
        };
        let head = quote_spanned!(span=> let #index = #rt::loop_(#count, #start, #step););
        let end = quote_spanned!(span=> #rt::end(););
        Expr::Verbatim(quote!({ #head { #body } #end }))
    }

    fn break_or_continue(&mut self, expr: &Expr) -> Expr {
        let (span, word, label, value, call) = match expr {
            Expr::Break(ExprBreak {
                break_token,
                label,
                expr,
                ..
            }) => (
                break_token.span,
                "break",
                label.is_some(),
                expr.is_some(),
                "break_",
            ),
            Expr::Continue(ExprContinue {
                continue_token,
                label,
                ..
            }) => (
                continue_token.span,
                "continue",
                label.is_some(),
                false,
                "continue_",
            ),
            _ => return Expr::Verbatim(TokenStream::new()),
        };
        if label {
            self.error(syn::Error::new_spanned(
                expr,
                format!("loop labels have no meaning in tsl!: `{word}` acts on the innermost loop"),
            ));
        } else if value {
            self.error(syn::Error::new_spanned(
                expr,
                "`break` with a value has no meaning in tsl!: assign a `let mut` variable, then `break`",
            ));
        } else if self.loops == 0 {
            self.error(syn::Error::new_spanned(
                expr,
                format!("`{word}` outside a `for` loop: TSL's {} acts on the innermost loop of this block", capitalize(word)),
            ));
        }
        let rt = rt(span);
        let call = Ident::new(call, span);
        Expr::Verbatim(quote_spanned!(span=> #rt::#call()))
    }

    fn return_(&mut self, r: ExprReturn) -> Expr {
        let span = r.return_token.span;
        let Some(answer) = self.answer.clone() else {
            self.error(syn::Error::new_spanned(
                &r,
                "`return` in tsl! has no function to leave: the block's last expression is its value \
                 (write a `#[tsl_fn]` for a function that returns early)",
            ));
            return Expr::Verbatim(TokenStream::new());
        };
        let Some(value) = r.expr else {
            self.error(syn::Error::new_spanned(
                &r,
                "a `#[tsl_fn]` answers a node: write `return value;`",
            ));
            return Expr::Verbatim(TokenStream::new());
        };
        let value = self.expr(*value);
        let rt = rt(span);
        Expr::Verbatim(quote_spanned!(span=> #rt::ret::<#answer>(#value)))
    }

    fn assign(&mut self, a: ExprAssign) -> Expr {
        let span = a.eq_token.span;
        match self.binding_of(&a.left) {
            Some((name, Binding::Var)) => {
                let value = self.expr(*a.right);
                let typed = typed(span);
                Expr::Verbatim(quote_spanned!(span=> #typed::Var::set(#name, #value)))
            }
            Some((name, Binding::Plain)) => {
                self.error(not_a_var(&name));
                Expr::Verbatim(TokenStream::new())
            }
            None => {
                self.check_component_assign(&a.left);
                let right = self.expr(*a.right);
                let left = a.left;
                let eq = a.eq_token;
                Expr::Verbatim(quote!(#left #eq #right))
            }
        }
    }

    /// Whether `call` is TSL's `v.assign(e)` / `v.addAssign(e)` (and the others) on a `let mut`.
    fn is_var_assign_chain(&self, call: &syn::ExprMethodCall) -> bool {
        is_assign_chain(call) && matches!(self.binding_of(&call.receiver), Some((_, Binding::Var)))
    }

    /// `v.add_assign(e)` on a `let mut v`: the chain of the variable itself, not of its value (a
    /// value's `add_assign` would change a copy and be lost).
    fn assign_chain(&mut self, call: syn::ExprMethodCall) -> Expr {
        let Some((name, _)) = self.binding_of(&call.receiver) else {
            return Expr::MethodCall(call);
        };
        let method = call.method;
        let args: Vec<Expr> = call.args.into_iter().map(|a| self.expr(a)).collect();
        let typed = typed(method.span());
        Expr::Verbatim(quote_spanned!(method.span()=> #typed::Var::#method(#name, #(#args),*)))
    }

    /// TSL's `vec3(x)` (one argument: a float repeated, a vector converted) and `vec3(xy, z)` (two
    /// parts joined), which Rust's three-argument `vec3` cannot take: `to_vec3(x)` and a join that
    /// must make a vec3.
    fn short_constructor(&mut self, call: syn::ExprCall) -> Expr {
        let Some(ty) = short_constructor(&call) else {
            return Expr::Call(call);
        };
        let span = call.func.span();
        let args: Vec<Expr> = call.args.into_iter().map(|a| self.expr(a)).collect();
        let typed = typed(span);
        match &args[..] {
            [x] => {
                let to = Ident::new(&format!("to_{}", ty.to_lowercase()), span);
                Expr::Verbatim(quote_spanned!(span=> #typed::#to(#x)))
            }
            [a, b] => {
                let rt = rt(span);
                let ty = Ident::new(ty, span);
                Expr::Verbatim(quote_spanned!(span=> #rt::join_to::<#typed::#ty, _, _>(#a, #b)))
            }
            // `short_constructor` takes one or two arguments; any other count is the call as
            // written.
            _ => {
                let func = call.func;
                Expr::Verbatim(quote!(#func(#(#args),*)))
            }
        }
    }

    fn check_component_assign(&mut self, left: &Expr) {
        if let Expr::Field(field) = left {
            if let Some((name, Binding::Var)) = self.binding_of(&field.base) {
                self.error(syn::Error::new_spanned(
                    left,
                    format!(
                        "a component of `{name}` cannot be assigned alone: assign the whole value, \
                         as `{name} = vec3(x, {name}.y, {name}.z);`"
                    ),
                ));
            }
        }
    }

    fn binary(&mut self, b: ExprBinary) -> Expr {
        let (compound, call) = match b.op {
            BinOp::Lt(_) => (None, Some("lt")),
            BinOp::Le(_) => (None, Some("le")),
            BinOp::Gt(_) => (None, Some("gt")),
            BinOp::Ge(_) => (None, Some("ge")),
            BinOp::Eq(_) => (None, Some("eq")),
            BinOp::Ne(_) => (None, Some("ne")),
            BinOp::And(_) => (None, Some("and")),
            BinOp::Or(_) => (None, Some("or")),
            BinOp::AddAssign(t) => (Some(quote_spanned!(t.span()=> +)), None),
            BinOp::SubAssign(t) => (Some(quote_spanned!(t.span()=> -)), None),
            BinOp::MulAssign(t) => (Some(quote_spanned!(t.span()=> *)), None),
            BinOp::DivAssign(t) => (Some(quote_spanned!(t.span()=> /)), None),
            BinOp::RemAssign(t) => (Some(quote_spanned!(t.span()=> %)), None),
            BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_) => (Some(TokenStream::new()), None),
            _ => (None, None),
        };
        let span = b.op.span();
        if let Some(op) = compound {
            return match self.binding_of(&b.left) {
                Some((name, Binding::Var)) if op.is_empty() => {
                    self.error(syn::Error::new_spanned(
                        &b,
                        format!(
                            "nodes have no bit operations, so `{name}` takes no `{}`",
                            b.op.to_token_stream()
                        ),
                    ));
                    Expr::Verbatim(TokenStream::new())
                }
                Some((name, Binding::Var)) => {
                    let value = self.expr(*b.right);
                    let typed = typed(span);
                    let set = quote_spanned!(span=> #typed::Var::set);
                    let get = quote_spanned!(span=> #typed::Var::get);
                    Expr::Verbatim(quote!(#set(#name, #get(#name) #op (#value))))
                }
                Some((name, Binding::Plain)) => {
                    self.error(not_a_var(&name));
                    Expr::Verbatim(TokenStream::new())
                }
                None => {
                    self.check_component_assign(&b.left);
                    let right = self.expr(*b.right);
                    let (left, op) = (b.left, b.op);
                    Expr::Verbatim(quote!(#left #op #right))
                }
            };
        }
        let left = self.expr(*b.left);
        let right = self.expr(*b.right);
        match call {
            Some(call) => {
                let rt = rt(span);
                let call = Ident::new(call, span);
                Expr::Verbatim(quote_spanned!(span=> #rt::#call(#left, #right)))
            }
            None => {
                let op = b.op;
                Expr::Verbatim(quote!(#left #op #right))
            }
        }
    }

    /// One expression, rewritten.
    pub fn expr(&mut self, expr: Expr) -> Expr {
        match expr {
            Expr::If(chain) => self.if_value(chain),
            Expr::ForLoop(l) => self.for_loop(l),
            Expr::Break(_) | Expr::Continue(_) => self.break_or_continue(&expr),
            Expr::Return(r) => self.return_(r),
            Expr::Assign(a) => self.assign(a),
            Expr::Binary(b) => self.binary(b),
            Expr::Path(ref p) if p.qself.is_none() => match self.binding_of(&expr) {
                Some((name, Binding::Var)) => {
                    let typed = typed(name.span());
                    Expr::Verbatim(quote_spanned!(name.span()=> #typed::Var::get(#name)))
                }
                _ => expr,
            },
            Expr::Field(field) => match &field.member {
                Member::Named(name) if is_swizzle(&name.to_string()) => {
                    let base = self.expr(*field.base);
                    let name = name.clone();
                    // The swizzles are trait methods: bring the trait in scope here, so that
                    // `p.xy` needs no import of the caller's (unnamed, so no name is shadowed).
                    // In parentheses: a block that starts a statement would end there.
                    let typed = typed(Span::call_site());
                    let call = quote_spanned!(name.span()=> #base.#name());
                    Expr::Verbatim(quote!(({
                        use #typed::Swizzles as _;
                        #call
                    })))
                }
                Member::Named(name) if is_overlong_swizzle(&name.to_string()) => {
                    self.error(syn::Error::new_spanned(
                        name,
                        format!(
                            "a swizzle has one to four components, of one set (xyzw, rgba or stpq); `.{name}` has {}",
                            name.to_string().len()
                        ),
                    ));
                    Expr::Verbatim(TokenStream::new())
                }
                _ => {
                    let mut field = Expr::Field(field);
                    syn::visit_mut::visit_expr_mut(self, &mut field);
                    field
                }
            },
            Expr::MethodCall(call) if self.is_var_assign_chain(&call) => self.assign_chain(call),
            Expr::Call(call) if short_constructor(&call).is_some() => self.short_constructor(call),
            Expr::Call(call) if is_discard(&call) => {
                let span = call.func.span();
                let rt = rt(span);
                Expr::Verbatim(quote_spanned!(span=> #rt::discard()))
            }
            Expr::Block(block) if block.label.is_none() => {
                let body = self.statements(block.block.stmts, true);
                Expr::Verbatim(quote!({ #body }))
            }
            Expr::While(w) => self.refuse(
                w.while_token.span,
                "`while` has no meaning in tsl!: a shader loop runs a constant count, so write \
                 `for i in 0..N` (N at most 1024) with `if !condition { break; }` inside",
            ),
            Expr::Loop(l) => self.refuse(
                l.loop_token.span,
                "`loop` has no meaning in tsl!: a shader loop runs a constant count, so write \
                 `for i in 0..N` (N at most 1024) with `break` inside an `if`",
            ),
            Expr::Match(m) => self.refuse(
                m.match_token.span,
                "`match` has no meaning in tsl!: write `if` / `else if` / `else`, or `select(c, a, b)`",
            ),
            Expr::Closure(c) => {
                self.refuse_spanned(
                    &c,
                    "closures have no meaning in tsl!: write a `#[tsl_fn]` for a function of nodes",
                )
            }
            Expr::Reference(r) => {
                self.refuse_spanned(
                    &r,
                    "references have no meaning in tsl!: a node is `Copy`, so pass it by value (remove the `&`)",
                )
            }
            Expr::Let(l) => self.refuse(
                l.let_token.span,
                "`let` patterns have no meaning in a tsl! condition: a condition is a float node",
            ),
            Expr::Async(a) => self.refuse(a.async_token.span, "`async` has no meaning in tsl!"),
            Expr::Await(a) => self.refuse(a.await_token.span, "`.await` has no meaning in tsl!"),
            Expr::TryBlock(t) => self.refuse(t.try_token.span, "`try` blocks have no meaning in tsl!"),
            Expr::Yield(y) => self.refuse(y.yield_token.span, "`yield` has no meaning in tsl!"),
            mut other => {
                syn::visit_mut::visit_expr_mut(self, &mut other);
                other
            }
        }
    }

    fn refuse(&mut self, span: Span, message: &str) -> Expr {
        self.error(syn::Error::new(span, message));
        Expr::Verbatim(TokenStream::new())
    }

    fn refuse_spanned(&mut self, tokens: &impl ToTokens, message: &str) -> Expr {
        self.error(syn::Error::new_spanned(tokens, message));
        Expr::Verbatim(TokenStream::new())
    }
}

impl VisitMut for Rewriter {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        let taken = std::mem::replace(expr, Expr::Verbatim(TokenStream::new()));
        *expr = self.expr(taken);
    }

    fn visit_block_mut(&mut self, block: &mut Block) {
        let stmts = std::mem::take(&mut block.stmts);
        let body = self.statements(stmts, true);
        block.stmts = vec![Stmt::Expr(Expr::Verbatim(body), None)];
    }
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn not_a_var(name: &Ident) -> syn::Error {
    syn::Error::new_spanned(
        name,
        format!(
            "cannot assign to `{name}`: it is a `let` without `mut`, a plain Rust binding; \
             declare it with `let mut {name} = ..;` to make it a TSL Var"
        ),
    )
}

/// The name of a path expression of one segment.
fn single_ident(expr: &Expr) -> Option<Ident> {
    match expr {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident().cloned(),
        Expr::Paren(p) => single_ident(&p.expr),
        Expr::Group(g) => single_ident(&g.expr),
        _ => None,
    }
}

/// Whether `name` is a swizzle: one to four components of one of `xyzw`, `rgba`, `stpq`.
pub fn is_swizzle(name: &str) -> bool {
    (1..=4).contains(&name.len()) && one_set(name)
}

fn is_overlong_swizzle(name: &str) -> bool {
    name.len() > 4 && one_set(name)
}

fn one_set(name: &str) -> bool {
    ["xyzw", "rgba", "stpq"]
        .iter()
        .any(|set| name.chars().all(|c| set.contains(c)))
}

/// The chains that assign a variable: TSL's `assign`, `addAssign`, ... in snake_case.
const ASSIGN_CHAINS: [&str; 6] = [
    "assign",
    "add_assign",
    "sub_assign",
    "mul_assign",
    "div_assign",
    "modulo_assign",
];

fn is_assign_chain(call: &syn::ExprMethodCall) -> bool {
    call.args.len() == 1 && ASSIGN_CHAINS.iter().any(|m| call.method == m)
}

/// The type of `vec2(x)`, `vec3(x)`, `vec4(x)`, `vec3(a, b)` or `vec4(a, b)`: a vector constructor
/// called with fewer arguments than its width, which TSL reads as a conversion or a join.
fn short_constructor(call: &syn::ExprCall) -> Option<&'static str> {
    let name = single_ident(&call.func)?;
    let (ty, width) = [("Vec2", 2), ("Vec3", 3), ("Vec4", 4)]
        .into_iter()
        .find(|(ty, _)| name == ty.to_lowercase())?;
    let n = call.args.len();
    ((n == 1 && width > 1) || (n == 2 && width > 2)).then_some(ty)
}

/// `cond.discard()`: a statement, as `discard()` is.
fn is_discard_chain(call: &syn::ExprMethodCall) -> bool {
    call.args.is_empty() && call.method == "discard"
}

fn is_discard(call: &syn::ExprCall) -> bool {
    call.args.is_empty() && single_ident(&call.func).is_some_and(|name| name == "discard")
}

/// An `if` that the tail of a value block leaves as a statement: one with no `else`, or whose
/// branches assign or leave.
pub fn is_statement_if(expr: &Expr) -> bool {
    match expr {
        Expr::If(chain) => !has_final_else(chain) || !branches_are_pure(chain),
        _ => false,
    }
}

fn has_final_else(chain: &ExprIf) -> bool {
    match chain.else_branch.as_ref().map(|(_, e)| &**e) {
        None => false,
        Some(Expr::If(inner)) => has_final_else(inner),
        Some(_) => true,
    }
}

/// Whether the branches of an `if` only compute values: no assignment, `let mut`, loop, `break`,
/// `continue`, `return` or `discard()`, which would run whatever the condition.
fn branches_are_pure(chain: &ExprIf) -> bool {
    let mut check = Effects { found: false };
    check.visit_block(&chain.then_branch);
    if let Some((_, otherwise)) = &chain.else_branch {
        check.visit_expr(otherwise);
    }
    !check.found
}

struct Effects {
    found: bool,
}

impl<'a> Visit<'a> for Effects {
    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Assign(_)
            | Expr::ForLoop(_)
            | Expr::While(_)
            | Expr::Loop(_)
            | Expr::Break(_)
            | Expr::Continue(_)
            | Expr::Return(_) => self.found = true,
            Expr::Binary(b)
                if matches!(
                    b.op,
                    BinOp::AddAssign(_)
                        | BinOp::SubAssign(_)
                        | BinOp::MulAssign(_)
                        | BinOp::DivAssign(_)
                        | BinOp::RemAssign(_)
                        | BinOp::BitXorAssign(_)
                        | BinOp::BitAndAssign(_)
                        | BinOp::BitOrAssign(_)
                        | BinOp::ShlAssign(_)
                        | BinOp::ShrAssign(_)
                ) =>
            {
                self.found = true
            }
            Expr::Call(call) if is_discard(call) => self.found = true,
            Expr::MethodCall(call) if is_assign_chain(call) || is_discard_chain(call) => {
                self.found = true
            }
            Expr::If(inner) if !has_final_else(inner) => self.found = true,
            _ => syn::visit::visit_expr(self, expr),
        }
    }

    fn visit_local(&mut self, local: &'a Local) {
        let mut names = Vec::new();
        collect_idents(&local.pat, &mut names);
        if names.iter().any(|(_, mutable)| *mutable) {
            self.found = true;
        }
        syn::visit::visit_local(self, local);
    }
}

/// The names a pattern binds, each with whether it is `mut`.
pub fn collect_idents(pat: &Pat, out: &mut Vec<(Ident, bool)>) {
    match pat {
        Pat::Ident(p) => {
            out.push((p.ident.clone(), p.mutability.is_some()));
            if let Some((_, sub)) = &p.subpat {
                collect_idents(sub, out);
            }
        }
        Pat::Tuple(t) => t.elems.iter().for_each(|p| collect_idents(p, out)),
        Pat::TupleStruct(t) => t.elems.iter().for_each(|p| collect_idents(p, out)),
        Pat::Struct(s) => s.fields.iter().for_each(|f| collect_idents(&f.pat, out)),
        Pat::Slice(s) => s.elems.iter().for_each(|p| collect_idents(p, out)),
        Pat::Reference(r) => collect_idents(&r.pat, out),
        Pat::Type(t) => collect_idents(&t.pat, out),
        Pat::Paren(p) => collect_idents(&p.pat, out),
        Pat::Or(o) => {
            if let Some(first) = o.cases.first() {
                collect_idents(first, out);
            }
        }
        _ => {}
    }
}

/// The node type a parameter, answer or `let mut` annotation names: `Float`, `Vec2`, `Vec3`,
/// `Vec4`, `Mat3`, `Mat4` and `Texture` (alone or in `Node<..>`), and their aliases `FloatNode`,
/// `Vec3Node`, ..., are tsl's markers whatever else is in scope under those names (glam's `Vec3`
/// in the prelude); any other type is passed on for rustc to refuse with tsl-core's message
/// ("`f32` is not a node type").
pub fn node_type(ty: &Type) -> TokenStream {
    match (node_marker(ty), node_argument(ty)) {
        (Some(marker), _) => marker,
        (None, Some(inner)) => node_type(inner),
        (None, None) => ty.to_token_stream(),
    }
}

/// `T` of a written `Node<T>` (or `(Node<T>)`).
fn node_argument(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Paren(p) => node_argument(&p.elem),
        Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            // Invariant: the arm's guard, `segments.len() == 1`.
            let segment = &p.path.segments[0];
            match &segment.arguments {
                syn::PathArguments::AngleBracketed(args)
                    if segment.ident == "Node" && args.args.len() == 1 =>
                {
                    match args.args.first() {
                        Some(syn::GenericArgument::Type(inner)) => Some(inner),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The marker `ty` names, as [`node_type`] reads it, or `None` for any other type.
pub fn node_marker(ty: &Type) -> Option<TokenStream> {
    const MARKERS: [&str; 7] = ["Float", "Vec2", "Vec3", "Vec4", "Mat3", "Mat4", "Texture"];
    match ty {
        Type::Paren(p) => node_marker(&p.elem),
        Type::Path(p)
            if p.qself.is_none()
                && p.path.leading_colon.is_none()
                && p.path.segments.len() == 1 =>
        {
            // Invariant: the arm's guard, `segments.len() == 1`.
            let segment = &p.path.segments[0];
            let name = segment.ident.to_string();
            let span = segment.ident.span();
            let marker = |name: &str| {
                let ident = Ident::new(name, span);
                let typed = typed(span);
                quote_spanned!(span=> #typed::#ident)
            };
            match &segment.arguments {
                syn::PathArguments::None if MARKERS.contains(&name.as_str()) => Some(marker(&name)),
                syn::PathArguments::None => name
                    .strip_suffix("Node")
                    .filter(|base| MARKERS.contains(base))
                    .map(marker),
                _ => node_argument(ty).and_then(node_marker),
            }
        }
        _ => None,
    }
}
