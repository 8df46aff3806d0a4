//! A bound on how deep the user's tokens can nest, checked before syn parses them.
//!
//! syn's parser, the rewrite and the drop of syn's tree each recurse once per level of the
//! syntax tree, so 10,000 nested parentheses, prefix operators, `+` terms or method calls in a
//! `tsl!{}` overflowed the stack (rustc does not limit how deep a macro's tokens nest). This
//! check walks the tokens with an explicit stack and bounds the depth of any tree they could
//! parse to, before any recursion.
//!
//! The bound: a run is the tokens of one group between separators (`;`, `,`, and the end of a
//! `{}` block that no `else` or operator continues). A node of the syntax tree spans fewer tokens
//! of its run than its parent does, so a tree over one run is at most as deep as the run is
//! long, and a group adds its own run's length to its parent's. [`check`] refuses tokens where
//! that sum, for some group, exceeds [`MAX_DEPTH`].

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

/// The most levels (summed run lengths, see the module's docs) the macros accept. Real shader
/// code stays far below it: a statement's run is its own tokens, not its block's.
pub const MAX_DEPTH: usize = 256;

/// Whether `tree` separates runs at its level.
fn separates(tree: &TokenTree) -> bool {
    matches!(tree, TokenTree::Punct(p) if p.as_char() == ';' || p.as_char() == ',')
}

/// Whether a `{}` block followed by `next` ends its run: unless an `else` or an operator
/// continues the expression it closes.
fn block_ends_run(next: Option<&TokenTree>) -> bool {
    match next {
        Some(TokenTree::Ident(i)) => i != "else" && i != "as",
        Some(TokenTree::Punct(p)) => p.as_char() == ';' || p.as_char() == ',',
        _ => true,
    }
}

/// Refuse `tokens` whose syntax tree could nest deeper than [`MAX_DEPTH`], with an error on the
/// token where the bound is crossed. O(tokens), no recursion.
pub fn check(tokens: &TokenStream) -> Result<(), syn::Error> {
    let mut stack: Vec<(TokenStream, usize)> = vec![(tokens.clone(), 0)];
    while let Some((stream, base)) = stack.pop() {
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        // The length of the run of each token, found in one pass over the runs.
        let mut run_len = vec![0usize; trees.len()];
        let mut start = 0;
        for i in 0..trees.len() {
            let ends = separates(&trees[i])
                || (matches!(&trees[i], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace)
                    && block_ends_run(trees.get(i + 1)));
            if ends || i + 1 == trees.len() {
                let len = i + 1 - start;
                for slot in &mut run_len[start..=i] {
                    *slot = len;
                }
                start = i + 1;
            }
        }
        for (tree, len) in trees.into_iter().zip(run_len) {
            let depth = base + len;
            if depth > MAX_DEPTH {
                return Err(too_deep(tree.span()));
            }
            if let TokenTree::Group(group) = tree {
                stack.push((group.stream(), depth + 1));
            }
        }
    }
    Ok(())
}

fn too_deep(span: Span) -> syn::Error {
    syn::Error::new(
        span,
        format!(
            "this code nests more than {MAX_DEPTH} levels deep (nested brackets, prefix \
             operators and chains of operators or calls each count): split it with `let`s"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenTree};

    fn ident(name: &str) -> TokenTree {
        TokenTree::Ident(Ident::new(name, Span::call_site()))
    }

    fn punct(c: char) -> TokenTree {
        TokenTree::Punct(Punct::new(c, Spacing::Alone))
    }

    /// `let a = <expr>;`
    fn let_a(expr: TokenStream) -> TokenStream {
        let mut out: TokenStream = [ident("let"), ident("a"), punct('=')].into_iter().collect();
        out.extend(expr);
        out.extend([punct(';')]);
        out
    }

    /// `x` inside `n` groups of `delimiter`.
    fn nested(n: usize, delimiter: Delimiter) -> TokenStream {
        let mut inner: TokenStream = [ident("x")].into_iter().collect();
        for _ in 0..n {
            inner = [TokenTree::Group(Group::new(delimiter, inner))]
                .into_iter()
                .collect();
        }
        inner
    }

    /// `n` prefix operators `op` before `x`.
    fn prefixed(n: usize, op: char) -> TokenStream {
        let mut out: TokenStream = (0..n).map(|_| punct(op)).collect();
        out.extend([ident("x")]);
        out
    }

    /// `x + x + ... + x`, `n` terms.
    fn sum(n: usize) -> TokenStream {
        let mut out = TokenStream::new();
        for i in 0..n {
            if i > 0 {
                out.extend([punct('+')]);
            }
            out.extend([ident("x")]);
        }
        out
    }

    /// `x.y().y()...`, `n` calls.
    fn method_chain(n: usize) -> TokenStream {
        let mut out: TokenStream = [ident("x")].into_iter().collect();
        for _ in 0..n {
            out.extend([
                punct('.'),
                ident("y"),
                TokenTree::Group(Group::new(Delimiter::Parenthesis, TokenStream::new())),
            ]);
        }
        out
    }

    fn refused(out: &TokenStream) -> bool {
        let text = out.to_string();
        text.contains("compile_error") && text.contains("nest")
    }

    fn expand(input: TokenStream) -> TokenStream {
        crate::expand_tsl(input)
    }

    #[test]
    fn ten_thousand_nested_parentheses_are_refused() {
        assert!(refused(&expand(let_a(nested(
            10_000,
            Delimiter::Parenthesis
        )))));
    }

    #[test]
    fn ten_thousand_nested_blocks_and_brackets_are_refused() {
        assert!(refused(&expand(let_a(nested(10_000, Delimiter::Brace)))));
        assert!(refused(&expand(let_a(nested(10_000, Delimiter::Bracket)))));
    }

    #[test]
    fn ten_thousand_prefix_operators_are_refused() {
        for op in ['-', '!', '*'] {
            assert!(refused(&expand(let_a(prefixed(10_000, op)))), "{op}");
        }
    }

    #[test]
    fn long_chains_are_refused() {
        assert!(refused(&expand(let_a(sum(20_000)))));
        assert!(refused(&expand(let_a(method_chain(10_000)))));
    }

    #[test]
    fn a_deep_tsl_fn_is_refused() {
        let mut item: TokenStream = [ident("fn"), ident("f")].into_iter().collect();
        item.extend([TokenTree::Group(Group::new(
            Delimiter::Parenthesis,
            TokenStream::new(),
        ))]);
        item.extend([TokenTree::Group(Group::new(
            Delimiter::Brace,
            let_a(nested(10_000, Delimiter::Parenthesis)),
        ))]);
        assert!(refused(&crate::expand_tsl_fn(TokenStream::new(), item)));
    }

    /// A generator of one form of input, by its size.
    type Form = fn(usize) -> TokenStream;

    /// At the bound each accepts, one level more is refused; the deepest accepted input of each
    /// form expands on the test thread's stack (2 MiB), with syn's parse, the rewrite and the drop.
    #[test]
    fn the_deepest_accepted_inputs_expand_and_one_more_is_refused() {
        // `let a = ` and `;` are 4 tokens of the run; each group adds its run and 1.
        let forms: [(&str, usize, Form); 4] = [
            ("parentheses", MAX_DEPTH / 2 - 3, |n| {
                nested(n, Delimiter::Parenthesis)
            }),
            ("prefix", MAX_DEPTH - 5, |n| prefixed(n, '-')),
            ("sum", (MAX_DEPTH - 3) / 2, sum),
            ("method chain", (MAX_DEPTH - 5) / 3, method_chain),
        ];
        for (name, most, form) in forms {
            let out = expand(let_a(form(most)));
            assert!(!refused(&out), "{name} {most}: {out}");
            assert!(
                refused(&expand(let_a(form(most + 1)))),
                "{name} {}",
                most + 1
            );
        }
    }
}
