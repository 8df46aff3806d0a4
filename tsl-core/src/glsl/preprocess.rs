//! The preprocessor: comments, `#version`, `#define` (object-like and function-like) and
//! `#undef`, the conditionals `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif` with C's
//! integer constant expressions, and `#include <name>` through the caller's chunk table
//! (R-GLSL-11, R-GLSL-17). Every other directive is refused. A macro's tokens keep the place where
//! the macro was named, and a chunk's tokens the place of its `#include`, so an error in an
//! expansion points at the author's line.

use super::error::{Diag, Span};
use super::lexer::{lex_line, Tok, Token};
use std::cell::Cell;
use std::collections::HashMap;

/// The GLSL ES version a source is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Version {
    /// GLSL ES 1.00: `attribute`, `varying`, `texture2D`, `gl_FragColor`.
    Es100,
    /// GLSL ES 3.00: `in`, `out`, `texture`.
    Es300,
}

/// The most macros one expansion may go through.
const MAX_EXPANSION_DEPTH: usize = 64;
/// The most conditionals open at once.
const MAX_CONDITIONAL_DEPTH: usize = 64;
/// The deepest an `#if` condition nests: each unary operator, `(` and `?` is one level.
const MAX_CONDITION_DEPTH: usize = 64;
/// The most `#include`s open at once (three.js's chunks nest two deep at most).
const MAX_INCLUDE_DEPTH: usize = 8;

/// What the caller decides about a source before reading it.
pub(crate) struct Options<'a> {
    /// Whether a `#version` line is taken (a raw shader) or refused (a ShaderMaterial, ShaderToy).
    pub version_allowed: bool,
    /// The reason a `#version` is refused.
    pub version_refusal: &'static str,
    /// The version when the source has no `#version`.
    pub default_version: Version,
    /// Macros defined before the first line: the predefined ones and the caller's `defines`.
    pub macros: Vec<(String, Vec<Tok>)>,
    /// The most tokens the source may expand to ([`crate::Limits::tokens`]): the budget of the
    /// whole shader, which every token a line or an `#if` condition expands to counts against.
    pub tokens: usize,
    /// The chunks `#include <name>` reads (three.js's `ShaderChunk`); without a table an
    /// `#include` is refused.
    pub chunks: Option<&'a HashMap<String, String>>,
    /// The most bytes a chunk may have ([`crate::Limits::source_bytes`]).
    pub chunk_bytes: usize,
}

/// A source after preprocessing: its tokens (ending with [`Tok::Eof`]) and its version.
pub(crate) struct Preprocessed {
    pub tokens: Vec<Token>,
    pub version: Version,
}

#[derive(Clone, Debug, PartialEq)]
struct Macro {
    /// A function-like macro's parameters; `None` for an object-like one.
    params: Option<Vec<String>>,
    body: Vec<Tok>,
}

/// A call of a function-like macro that a line ended inside: its tokens so far (its name
/// first), and how many of its parentheses are open (0 while the `(` is still to come).
struct Pending {
    tokens: Vec<Token>,
    open: usize,
}

/// How far an expansion at the top level got.
enum Expanded {
    /// Every token was read.
    Done,
    /// The input ends inside the call of a function-like macro that starts at this index.
    Incomplete(usize),
}

struct Conditional {
    /// Whether the group that holds this conditional is read.
    parent_active: bool,
    /// Whether one of its branches was read already.
    taken: bool,
    /// Whether the branch being read now is read.
    active: bool,
    /// Whether `#else` was seen.
    had_else: bool,
    /// Where the `#if` was, for an unterminated one.
    span: Span,
}

/// The lines of `source` with each comment blanked to spaces (newlines kept, so every character
/// keeps its line and column).
fn strip_comments(source: &str) -> Result<Vec<Vec<char>>, Diag> {
    let mut lines = vec![Vec::new()];
    let chars: Vec<char> = source.chars().collect();
    let mut i = 0;
    let mut in_block: Option<Span> = None;
    let mut line_comment = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied().unwrap_or('\0');
        if c == '\n' {
            lines.push(Vec::new());
            line_comment = false;
            i += 1;
            continue;
        }
        // Invariant: `lines` starts with one line and is only pushed to.
        let current = lines.last_mut().expect("one line at least");
        if line_comment {
            current.push(' ');
        } else if in_block.is_some() {
            if c == '*' && next == '/' {
                current.extend([' ', ' ']);
                in_block = None;
                i += 2;
                continue;
            }
            current.push(' ');
        } else if c == '/' && next == '/' {
            line_comment = true;
            current.extend([' ', ' ']);
            i += 2;
            continue;
        } else if c == '/' && next == '*' {
            let line = lines.len() as u32;
            let col = lines.last().map_or(0, Vec::len) as u32 + 1;
            in_block = Some(Span::new(line, col, 2));
            // Invariant: `lines` starts with one line and is only pushed to.
            lines.last_mut().expect("a line").extend([' ', ' ']);
            i += 2;
            continue;
        } else if c == '\r' {
            current.push(' ');
        } else {
            current.push(c);
        }
        i += 1;
    }
    if let Some(span) = in_block {
        return Err(Diag::new(span, "this /* comment never ends"));
    }
    Ok(lines)
}

/// Read a source: its tokens and version, or the first refusal.
pub(crate) fn preprocess(source: &str, options: &Options) -> Result<Preprocessed, Diag> {
    let lines = strip_comments(source)?;
    let mut version = options.default_version;
    // The version comes first, so that __VERSION__ and the keywords know it.
    let first = lines
        .iter()
        .enumerate()
        .find(|(_, l)| l.iter().any(|c| !c.is_whitespace()));
    let mut version_line = None;
    if let Some((index, line)) = first {
        let trimmed: String = line.iter().collect::<String>().trim().to_string();
        if let Some(rest) = trimmed.strip_prefix('#') {
            if rest.trim_start().starts_with("version") {
                let line_no = index as u32 + 1;
                let col = line.iter().position(|c| *c == '#').unwrap_or(0) as u32 + 1;
                let span = Span::new(line_no, col, trimmed.len() as u32);
                if !options.version_allowed {
                    return Err(Diag::new(span, options.version_refusal));
                }
                // Invariant: `rest.trim_start()` starts with the ASCII `version` (checked above),
                // so its length is a char boundary.
                let words: Vec<&str> = rest.trim_start()["version".len()..]
                    .split_whitespace()
                    .collect();
                version =
                    match words.as_slice() {
                        ["100"] => Version::Es100,
                        ["300", "es"] => Version::Es300,
                        _ => return Err(Diag::new(
                            span,
                            "the version is #version 300 es or #version 100 (GLSL ES 3.00 or 1.00)",
                        )),
                    };
                version_line = Some(index);
            }
        }
    }
    let mut pre = Preprocessor {
        macros: HashMap::new(),
        out: Vec::new(),
        spent: Cell::new(0),
        budget: options.tokens,
        pending: None,
    };
    for (name, body) in &options.macros {
        pre.macros.insert(
            name.clone(),
            Macro {
                params: None,
                body: body.clone(),
            },
        );
    }
    let version_number = if version == Version::Es100 { 100 } else { 300 };
    pre.macros.insert(
        "__VERSION__".into(),
        Macro {
            params: None,
            body: vec![Tok::Int(version_number)],
        },
    );
    pre.lines(&lines, version_line, options, 0)?;
    let end_line = lines.len() as u32;
    let end_col = lines.last().map_or(0, Vec::len) as u32 + 1;
    pre.out.push(Token {
        tok: Tok::Eof,
        span: Span::new(end_line, end_col, 1),
    });
    Ok(Preprocessed {
        tokens: pre.out,
        version,
    })
}

/// A `defines` entry, `NAME` or `NAME value`, as its name and tokens. `index` is its place from
/// one, which the error names as its line.
pub(crate) fn define_entry(entry: &str, index: usize) -> Result<(String, Vec<Tok>), Diag> {
    let chars: Vec<char> = entry.chars().collect();
    let line = index as u32;
    if chars.contains(&'\n') {
        return Err(Diag::new(Span::new(line, 1, 1), "a define is one line"));
    }
    let tokens = lex_line(&chars, line, 1)?;
    let Some(first) = tokens.first() else {
        return Err(Diag::new(Span::new(line, 1, 1), "the define is empty"));
    };
    let Tok::Ident(name) = &first.tok else {
        return Err(Diag::new(
            first.span,
            format!("a define starts with a name, not '{}'", first.text()),
        ));
    };
    check_macro_name(name, first.span)?;
    if let Some(paren) = tokens.get(1) {
        if paren.tok == Tok::Op("(") && paren.span.col == first.span.col + first.span.len {
            return Err(Diag::new(
                paren.span,
                "a define given by the caller takes no arguments (three.js's material.defines are NAME or NAME value); write the macro with arguments in the shader",
            ));
        }
    }
    Ok((
        name.clone(),
        // Invariant: `tokens.first()` was Some (the name) above, so `1..` is within the tokens.
        tokens[1..].iter().map(|t| t.tok.clone()).collect(),
    ))
}

fn check_macro_name(name: &str, span: Span) -> Result<(), Diag> {
    if name.starts_with("GL_") || name == "defined" || name == "__VERSION__" {
        return Err(Diag::new(
            span,
            format!("{name} is reserved; a macro cannot take its name"),
        ));
    }
    Ok(())
}

/// The arguments of a call whose `(` was just read: each argument's tokens (split at the commas
/// outside inner parentheses) and the index just after the closing `)`, or `None` when `tokens`
/// end before it.
fn split_args(tokens: &[Token]) -> Option<(Vec<&[Token]>, usize)> {
    let mut open = 1usize;
    let mut args = Vec::new();
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t.tok {
            Tok::Op("(") => open += 1,
            Tok::Op(")") => {
                open -= 1;
                if open == 0 {
                    args.push(&tokens[start..i]);
                    return Some((args, i + 1));
                }
            }
            Tok::Op(",") if open == 1 => {
                args.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    None
}

/// How many parentheses of a call are open after `tokens` (its name, then its `(` and
/// arguments so far).
fn open_parens(tokens: &[Token]) -> usize {
    tokens.iter().skip(1).fold(0usize, |open, t| match t.tok {
        Tok::Op("(") => open + 1,
        Tok::Op(")") => open.saturating_sub(1),
        _ => open,
    })
}

struct Preprocessor {
    macros: HashMap<String, Macro>,
    out: Vec<Token>,
    /// The tokens expanded so far, in code and in conditions: one budget, `budget`, for the
    /// whole shader, so that no number of conditions multiplies it.
    spent: Cell<usize>,
    /// [`Options::tokens`].
    budget: usize,
    /// A call of a function-like macro whose arguments go on past the end of a line.
    pending: Option<Pending>,
}

impl Preprocessor {
    /// Read `lines` (the source, or a chunk at `depth` includes down): directives, and the
    /// tokens of every line the conditionals leave in. `skip` is the `#version` line.
    fn lines(
        &mut self,
        lines: &[Vec<char>],
        skip: Option<usize>,
        options: &Options,
        depth: usize,
    ) -> Result<(), Diag> {
        let mut stack: Vec<Conditional> = Vec::new();
        for (index, line) in lines.iter().enumerate() {
            let line_no = index as u32 + 1;
            let active = stack.last().is_none_or(|c| c.active);
            let Some(hash) = line.iter().position(|c| !c.is_whitespace()) else {
                continue;
            };
            // Invariant: `hash` is a position `position` found in `line`; `name_start` and
            // `name_len` below stay within `after`, and `rest_at` within `line`.
            if line[hash] != '#' {
                if active {
                    let tokens = lex_line(line, line_no, 1)?;
                    self.text(tokens)?;
                }
                continue;
            }
            if Some(index) == skip {
                continue;
            }
            // A directive: its name and the tokens after it.
            let after = &line[hash + 1..];
            let name_start = after
                .iter()
                .position(|c| !c.is_whitespace())
                .unwrap_or(after.len());
            let name_len = after[name_start..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_')
                .count();
            let name: String = after[name_start..name_start + name_len].iter().collect();
            let name_col = (hash + 1 + name_start) as u32 + 1;
            let hash_span = Span::new(line_no, hash as u32 + 1, name_len as u32 + 1);
            let rest_at = hash + 1 + name_start + name_len;
            let rest = &line[rest_at..];
            let rest_col = rest_at as u32 + 1;
            if active {
                self.close_pending(&format!("the #{name} on line {line_no}"))?;
            }
            match name.as_str() {
                "if" | "ifdef" | "ifndef" => {
                    if stack.len() >= MAX_CONDITIONAL_DEPTH {
                        return Err(Diag::new(
                            hash_span,
                            format!("more than {MAX_CONDITIONAL_DEPTH} conditionals are open"),
                        ));
                    }
                    let value = if active {
                        let tokens = lex_line(rest, line_no, rest_col)?;
                        match name.as_str() {
                            "if" => self.condition(&tokens, hash_span)?,
                            _ => {
                                let defined = self.ifdef_name(&tokens, &name, hash_span)?;
                                defined == (name == "ifdef")
                            }
                        }
                    } else {
                        false
                    };
                    stack.push(Conditional {
                        parent_active: active,
                        taken: value,
                        active: active && value,
                        had_else: false,
                        span: hash_span,
                    });
                }
                "elif" | "else" => {
                    let Some(top) = stack.last_mut() else {
                        return Err(Diag::new(hash_span, format!("#{name} with no #if")));
                    };
                    if top.had_else {
                        return Err(Diag::new(hash_span, format!("#{name} after #else")));
                    }
                    if name == "else" {
                        if lex_line(rest, line_no, rest_col).is_ok_and(|t| !t.is_empty())
                            && top.parent_active
                        {
                            return Err(Diag::new(hash_span, "#else takes nothing after it"));
                        }
                        top.had_else = true;
                        top.active = top.parent_active && !top.taken;
                        top.taken = true;
                    } else if top.parent_active && !top.taken {
                        let tokens = lex_line(rest, line_no, rest_col)?;
                        let value = self.condition(&tokens, hash_span)?;
                        // Invariant: the `let Some(top) = stack.last_mut() else` above returned
                        // on an empty stack, and nothing between pops it.
                        let top = stack.last_mut().expect("checked");
                        top.active = value;
                        top.taken = value;
                    } else {
                        top.active = false;
                    }
                }
                "endif" => {
                    if stack.pop().is_none() {
                        return Err(Diag::new(hash_span, "#endif with no #if"));
                    }
                }
                _ if !active => {}
                "define" => self.define(rest, line_no, rest_col, hash_span)?,
                "undef" => {
                    let tokens = lex_line(rest, line_no, rest_col)?;
                    match tokens.as_slice() {
                        [Token {
                            tok: Tok::Ident(n), ..
                        }] => {
                            if n.starts_with("GL_") || n == "__VERSION__" {
                                return Err(Diag::new(
                                    // Invariant: the slice pattern above matched one token.
                                    tokens[0].span,
                                    format!("{n} is predefined; it cannot be undefined"),
                                ));
                            }
                            self.macros.remove(n);
                        }
                        _ => return Err(Diag::new(hash_span, "#undef takes one name")),
                    }
                }
                "include" => self.include(rest, hash_span, options, depth)?,
                "version" => {
                    return Err(Diag::new(
                        hash_span,
                        if options.version_allowed && depth == 0 {
                            "#version must be the first line of the shader"
                        } else if depth > 0 {
                            "a chunk cannot hold a #version"
                        } else {
                            options.version_refusal
                        },
                    ))
                }
                "" if rest.iter().all(|c| c.is_whitespace()) => {} // the null directive
                "pragma" | "extension" | "error" | "line" => {
                    return Err(Diag::new(
                        Span::new(line_no, hash as u32 + 1, name_len as u32 + 1),
                        format!(
                            "#{name} is not taken; the preprocessor takes #version, #define, #undef, #include <name> and the conditionals"
                        ),
                    ))
                }
                _ => {
                    let shown = if name.is_empty() {
                        after.iter().collect::<String>().trim().to_string()
                    } else {
                        name.clone()
                    };
                    return Err(Diag::new(
                        Span::new(line_no, name_col, name_len.max(1) as u32),
                        format!("#{shown} is not a directive"),
                    ));
                }
            }
        }
        if let Some(open) = stack.last() {
            return Err(Diag::new(open.span, "this conditional has no #endif"));
        }
        self.close_pending(if depth == 0 {
            "the end of the source"
        } else {
            "the end of the chunk"
        })
    }

    /// `#include <name>`: the chunk's lines read in place, each of its tokens placed at the
    /// directive (R-GLSL-17).
    fn include(
        &mut self,
        rest: &[char],
        hash_span: Span,
        options: &Options,
        depth: usize,
    ) -> Result<(), Diag> {
        let text: String = rest.iter().collect();
        let text = text.trim();
        let name = text
            .strip_prefix('<')
            .and_then(|t| t.strip_suffix('>'))
            .filter(|n| {
                !n.is_empty()
                    && n
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/'))
            })
            .ok_or_else(|| {
                Diag::new(
                    hash_span,
                    format!("#include takes a chunk's name in angle brackets, as three.js writes it: #include <common>, not '{text}'"),
                )
            })?;
        let Some(chunks) = options.chunks else {
            return Err(Diag::new(
                hash_span,
                format!("#include <{name}> needs a chunk table (three.js's ShaderChunk): pass one in GlslOptions::chunks, or paste the chunk's code in place"),
            ));
        };
        let Some(chunk) = chunks.get(name) else {
            return Err(Diag::new(
                hash_span,
                format!("#include <{name}>: the chunk table has no chunk of that name"),
            ));
        };
        if chunk.len() > options.chunk_bytes {
            return Err(Diag::new(
                hash_span,
                format!(
                    "#include <{name}>: the chunk is {} bytes, more than the limit of {} (Limits::source_bytes)",
                    chunk.len(),
                    options.chunk_bytes
                ),
            ));
        }
        if depth >= MAX_INCLUDE_DEPTH {
            return Err(Diag::new(
                hash_span,
                format!(
                    "#include <{name}> is more than {MAX_INCLUDE_DEPTH} includes deep (does a chunk include itself?)"
                ),
            ));
        }
        let start = self.out.len();
        let in_chunk = |d: Diag| {
            Diag::new(
                hash_span,
                format!("in #include <{name}>, line {}: {}", d.span.line, d.reason),
            )
        };
        let lines = strip_comments(chunk).map_err(in_chunk)?;
        self.lines(&lines, None, options, depth + 1)
            .map_err(in_chunk)?;
        for token in &mut self.out[start..] {
            token.span = hash_span;
        }
        Ok(())
    }

    /// The tokens of a line of code, expanded; a call of a function-like macro that the line
    /// ends inside waits for the lines after it.
    fn text(&mut self, tokens: Vec<Token>) -> Result<(), Diag> {
        let input = match self.pending.take() {
            None => tokens,
            Some(mut call) => {
                // Does this line finish the call? Only its own tokens are looked at, so a call
                // over many lines costs its length once.
                let mut finished = false;
                for t in &tokens {
                    match (&t.tok, call.open) {
                        (Tok::Op("("), _) => call.open += 1,
                        (_, 0) => finished = true, // no `(` after the name: not a call
                        (Tok::Op(")"), 1) => finished = true,
                        (Tok::Op(")"), _) => call.open -= 1,
                        _ => {}
                    }
                    if finished {
                        break;
                    }
                }
                call.tokens.extend(tokens);
                if !finished {
                    self.pending = Some(call);
                    return Ok(());
                }
                call.tokens
            }
        };
        let mut out = std::mem::take(&mut self.out);
        let result = self.expand(&input, &mut Vec::new(), &mut out, 0, true);
        self.out = out;
        if let Expanded::Incomplete(at) = result? {
            let tokens = input[at..].to_vec();
            let open = open_parens(&tokens);
            self.pending = Some(Pending { tokens, open });
        }
        Ok(())
    }

    /// Before a directive and at the end of a source: a macro's name that ended a line is a
    /// plain name after all; a call still open is refused.
    fn close_pending(&mut self, before: &str) -> Result<(), Diag> {
        let Some(call) = self.pending.take() else {
            return Ok(());
        };
        if call.open > 0 {
            // Invariant: a pending call holds its name at least.
            let name = &call.tokens[0];
            return Err(Diag::new(
                name.span,
                format!("this call of {} has no ) before {before}", name.text()),
            ));
        }
        for token in call.tokens {
            self.spend(1, token.span)?;
            self.out.push(token);
        }
        Ok(())
    }

    /// Count `n` tokens against the shader's budget.
    fn spend(&self, n: usize, span: Span) -> Result<(), Diag> {
        let spent = self.spent.get().saturating_add(n);
        if spent > self.budget {
            return Err(Diag::new(
                span,
                format!(
                    "the shader expands to more than {} tokens, its limit (Limits::tokens; its code and every #if condition, with their macros expanded, count against one budget)",
                    self.budget
                ),
            ));
        }
        self.spent.set(spent);
        Ok(())
    }

    /// Expand `input` into `out`: each macro's body (a function-like macro's with its
    /// arguments, each expanded on its own, in place of its parameters), read again for more
    /// macros, with the macros being expanded `disabled` (C's rule, so a macro that names itself
    /// stops). At the `top` of a line, a call that `input` ends inside is left for the next line.
    fn expand(
        &self,
        input: &[Token],
        disabled: &mut Vec<String>,
        out: &mut Vec<Token>,
        depth: usize,
        top: bool,
    ) -> Result<Expanded, Diag> {
        let mut i = 0;
        while i < input.len() {
            // Invariant: `i < input.len()` (the loop's condition).
            let token = &input[i];
            let span = token.span;
            let named = match &token.tok {
                Tok::Ident(name) if !disabled.contains(name) => {
                    self.macros.get(name).map(|m| (name, m))
                }
                _ => None,
            };
            let Some((name, m)) = named else {
                self.spend(1, span)?;
                out.push(token.clone());
                i += 1;
                continue;
            };
            if depth >= MAX_EXPANSION_DEPTH {
                return Err(Diag::new(
                    span,
                    format!("macros expand more than {MAX_EXPANSION_DEPTH} deep here"),
                ));
            }
            let placed = |tok: &Tok| Token {
                tok: tok.clone(),
                span,
            };
            let (body, next) = match &m.params {
                None => (m.body.iter().map(placed).collect::<Vec<_>>(), i + 1),
                Some(params) => {
                    match input.get(i + 1) {
                        Some(t) if t.tok == Tok::Op("(") => {}
                        None if top => return Ok(Expanded::Incomplete(i)),
                        // The name of a function-like macro without a call is a plain name.
                        _ => {
                            self.spend(1, span)?;
                            out.push(token.clone());
                            i += 1;
                            continue;
                        }
                    }
                    let Some((args, used)) = split_args(&input[i + 2..]) else {
                        if top {
                            return Ok(Expanded::Incomplete(i));
                        }
                        return Err(Diag::new(span, format!("this call of {name} has no )")));
                    };
                    let no_args = params.is_empty() && args.len() == 1 && args[0].is_empty();
                    if args.len() != params.len() && !no_args {
                        return Err(Diag::new(
                            span,
                            format!(
                                "{name} takes {} argument{}, not {}",
                                params.len(),
                                if params.len() == 1 { "" } else { "s" },
                                args.len()
                            ),
                        ));
                    }
                    let mut expanded = Vec::with_capacity(args.len());
                    for arg in args {
                        let mut e = Vec::new();
                        self.expand(arg, disabled, &mut e, depth + 1, false)?;
                        expanded.push(e);
                    }
                    let mut body = Vec::new();
                    for tok in &m.body {
                        let param = match tok {
                            Tok::Ident(p) => params.iter().position(|q| q == p),
                            _ => None,
                        };
                        match param {
                            Some(k) => {
                                // Invariant: `k` indexes `params`, whose length the check
                                // above made the arguments' (a call without parameters has
                                // none to find).
                                self.spend(expanded[k].len(), span)?;
                                body.extend(expanded[k].iter().map(|t| placed(&t.tok)));
                            }
                            None => body.push(placed(tok)),
                        }
                    }
                    (body, i + 2 + used)
                }
            };
            disabled.push(name.clone());
            self.expand(&body, disabled, out, depth + 1, false)?;
            disabled.pop();
            i = next;
        }
        Ok(Expanded::Done)
    }

    fn define(&mut self, rest: &[char], line: u32, col: u32, hash_span: Span) -> Result<(), Diag> {
        let tokens = lex_line(rest, line, col)?;
        let Some(first) = tokens.first() else {
            return Err(Diag::new(hash_span, "#define needs a name"));
        };
        let Tok::Ident(name) = &first.tok else {
            return Err(Diag::new(
                first.span,
                format!("#define needs a name, not '{}'", first.text()),
            ));
        };
        check_macro_name(name, first.span)?;
        // A `(` right after the name (no space between) opens the parameters.
        let mut body_at = 1;
        let params = match tokens.get(1) {
            Some(paren)
                if paren.tok == Tok::Op("(")
                    && paren.span.col == first.span.col + first.span.len =>
            {
                let mut params: Vec<String> = Vec::new();
                let mut at = 2;
                loop {
                    match tokens.get(at).map(|t| &t.tok) {
                        Some(Tok::Op(")")) if params.is_empty() => break,
                        Some(Tok::Ident(p)) => {
                            if params.contains(p) {
                                return Err(Diag::new(
                                    tokens[at].span,
                                    format!("{p} names two parameters of {name}"),
                                ));
                            }
                            params.push(p.clone());
                            at += 1;
                            match tokens.get(at).map(|t| &t.tok) {
                                Some(Tok::Op(",")) => at += 1,
                                Some(Tok::Op(")")) => break,
                                _ => {
                                    return Err(Diag::new(
                                        tokens.get(at).map_or(paren.span, |t| t.span),
                                        format!(
                                        "{name}'s parameters are names between commas, closed by )"
                                    ),
                                    ))
                                }
                            }
                        }
                        _ => {
                            return Err(Diag::new(
                                tokens.get(at).map_or(paren.span, |t| t.span),
                                format!(
                                    "{name}'s parameters are names between commas, closed by )"
                                ),
                            ))
                        }
                    }
                }
                body_at = at + 1;
                Some(params)
            }
            _ => None,
        };
        if let Some(hash) = tokens
            .iter()
            .find(|t| matches!(t.tok, Tok::Op("#") | Tok::Op("##")))
        {
            return Err(Diag::new(
                hash.span,
                "GLSL has no # or ## operator in a #define",
            ));
        }
        let body: Vec<Tok> = tokens
            .get(body_at..)
            .unwrap_or_default()
            .iter()
            .map(|t| t.tok.clone())
            .collect();
        let new = Macro { params, body };
        if let Some(old) = self.macros.get(name) {
            if *old != new {
                return Err(Diag::new(
                    first.span,
                    format!("{name} is already defined as something else; #undef it first"),
                ));
            }
        }
        self.macros.insert(name.clone(), new);
        Ok(())
    }

    /// The name after `#ifdef` or `#ifndef`, and whether it is a macro.
    fn ifdef_name(&self, tokens: &[Token], directive: &str, span: Span) -> Result<bool, Diag> {
        match tokens {
            [Token {
                tok: Tok::Ident(n), ..
            }] => Ok(self.macros.contains_key(n)),
            _ => Err(Diag::new(span, format!("#{directive} takes one name"))),
        }
    }

    /// An `#if` or `#elif` condition: `defined`, then the macros, then every other name as 0.
    fn condition(&self, tokens: &[Token], span: Span) -> Result<bool, Diag> {
        if tokens.is_empty() {
            return Err(Diag::new(span, "the condition is empty"));
        }
        let mut unexpanded = Vec::with_capacity(tokens.len());
        let mut i = 0;
        while i < tokens.len() {
            let t = &tokens[i];
            if t.tok == Tok::Ident("defined".into()) {
                let (name, next) = match (tokens.get(i + 1), tokens.get(i + 2), tokens.get(i + 3)) {
                    (
                        Some(Token {
                            tok: Tok::Op("("), ..
                        }),
                        Some(Token {
                            tok: Tok::Ident(n), ..
                        }),
                        Some(Token {
                            tok: Tok::Op(")"), ..
                        }),
                    ) => (n, i + 4),
                    (
                        Some(Token {
                            tok: Tok::Ident(n), ..
                        }),
                        _,
                        _,
                    ) => (n, i + 2),
                    _ => {
                        return Err(Diag::new(
                            t.span,
                            "defined takes a name: defined NAME or defined(NAME)",
                        ))
                    }
                };
                unexpanded.push(Token {
                    tok: Tok::Int(self.macros.contains_key(name) as i64),
                    span: t.span,
                });
                i = next;
                continue;
            }
            unexpanded.push(t.clone());
            i += 1;
        }
        let mut resolved = Vec::new();
        self.expand(&unexpanded, &mut Vec::new(), &mut resolved, 0, false)?;
        let mut parser = IfParser {
            tokens: &resolved,
            at: 0,
            end: span,
            depth: 0,
            skipping: 0,
        };
        let value = parser.conditional()?;
        if let Some(extra) = resolved.get(parser.at) {
            return Err(Diag::new(
                extra.span,
                format!("'{}' is not taken here in an #if condition", extra.text()),
            ));
        }
        Ok(value != 0)
    }
}

/// The binary operators of an `#if` condition, loosest first, as C's preprocessor ranks them;
/// each level's operands are the next level's.
const BINARY_LEVELS: [&[&str]; 10] = [
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!="],
    &["<", ">", "<=", ">="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

/// An `#if` condition: C's integer constant expressions (R-GLSL-17) over 64-bit integers that
/// wrap, `defined` already resolved. An operand that `&&`, `||` or `?:` does not evaluate may
/// divide by zero, as in C.
struct IfParser<'a> {
    tokens: &'a [Token],
    at: usize,
    end: Span,
    depth: usize,
    /// How many enclosing operands are not evaluated (the right of `0 &&`, `1 ||`, the branch
    /// of `?:` not taken).
    skipping: usize,
}

impl IfParser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.tok)
    }

    fn span(&self) -> Span {
        self.tokens.get(self.at).map_or(self.end, |t| t.span)
    }

    /// `a ? b : c`, the loosest form.
    fn conditional(&mut self) -> Result<i64, Diag> {
        let test = self.binary(0)?;
        if self.peek() != Some(&Tok::Op("?")) {
            return Ok(test);
        }
        let span = self.span();
        self.at += 1;
        self.enter(span)?;
        let taken = test != 0;
        let yes = self.skip_unless(taken, |p| p.conditional())?;
        if self.peek() != Some(&Tok::Op(":")) {
            return Err(Diag::new(span, "this ? has no : after it"));
        }
        self.at += 1;
        let no = self.skip_unless(!taken, |p| p.conditional())?;
        self.depth -= 1;
        Ok(if taken { yes } else { no })
    }

    /// Run `f` as an operand that is evaluated only when `evaluated`.
    fn skip_unless(
        &mut self,
        evaluated: bool,
        f: impl FnOnce(&mut Self) -> Result<i64, Diag>,
    ) -> Result<i64, Diag> {
        let skip = usize::from(!evaluated);
        self.skipping += skip;
        let value = f(self);
        self.skipping -= skip;
        value
    }

    fn binary(&mut self, level: usize) -> Result<i64, Diag> {
        let Some(ops) = BINARY_LEVELS.get(level) else {
            return self.unary();
        };
        let mut value = self.binary(level + 1)?;
        while let Some(Tok::Op(op)) = self.peek() {
            let op = *op;
            if !ops.contains(&op) {
                break;
            }
            let span = self.span();
            self.at += 1;
            let evaluated = match op {
                "&&" => value != 0,
                "||" => value == 0,
                _ => true,
            };
            let rhs = self.skip_unless(evaluated, |p| p.binary(level + 1))?;
            value = self.apply(op, value, rhs, span)?;
        }
        Ok(value)
    }

    fn apply(&self, op: &str, a: i64, b: i64, span: Span) -> Result<i64, Diag> {
        let refused = |reason: &str| -> Result<i64, Diag> {
            if self.skipping > 0 {
                Ok(0)
            } else {
                Err(Diag::new(span, reason))
            }
        };
        Ok(match op {
            "||" => (a != 0 || b != 0) as i64,
            "&&" => (a != 0 && b != 0) as i64,
            "|" => a | b,
            "^" => a ^ b,
            "&" => a & b,
            "==" => (a == b) as i64,
            "!=" => (a != b) as i64,
            "<" => (a < b) as i64,
            ">" => (a > b) as i64,
            "<=" => (a <= b) as i64,
            ">=" => (a >= b) as i64,
            "<<" | ">>" if !(0..64).contains(&b) => {
                return refused("a shift count in an #if condition is 0 to 63")
            }
            // Invariant: the arm above took every count outside 0..64.
            "<<" => a.wrapping_shl(b as u32),
            ">>" => a.wrapping_shr(b as u32),
            "+" => a.wrapping_add(b),
            "-" => a.wrapping_sub(b),
            "*" => a.wrapping_mul(b),
            "/" | "%" if b == 0 => return refused("division by zero in an #if condition"),
            "/" => a.wrapping_div(b),
            _ => a.wrapping_rem(b),
        })
    }

    /// Enter one level of the condition's nesting (a unary operator, a `(` or a `?`), within
    /// its bound.
    fn enter(&mut self, span: Span) -> Result<(), Diag> {
        self.depth += 1;
        if self.depth > MAX_CONDITION_DEPTH {
            return Err(Diag::new(
                span,
                format!(
                    "the condition nests more than {MAX_CONDITION_DEPTH} deep (each unary operator, ( and ? is one level)"
                ),
            ));
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<i64, Diag> {
        let Some(token) = self.tokens.get(self.at) else {
            return Err(Diag::new(self.end, "the condition ends too early"));
        };
        let span = token.span;
        self.at += 1;
        match &token.tok {
            Tok::Op(op @ ("!" | "-" | "+" | "~")) => {
                let op = *op;
                self.enter(span)?;
                let operand = self.unary()?;
                self.depth -= 1;
                Ok(match op {
                    "!" => (operand == 0) as i64,
                    "-" => operand.wrapping_neg(),
                    "~" => !operand,
                    _ => operand,
                })
            }
            Tok::Op("(") => {
                self.enter(span)?;
                let value = self.conditional()?;
                self.depth -= 1;
                match self.tokens.get(self.at) {
                    Some(t) if t.tok == Tok::Op(")") => {}
                    // Something the grammar does not take: name it, as at the top level,
                    // rather than blame the `(`.
                    Some(extra) => {
                        return Err(Diag::new(
                            extra.span,
                            format!("'{}' is not taken here in an #if condition", extra.text()),
                        ))
                    }
                    None => return Err(Diag::new(span, "this ( has no )")),
                }
                self.at += 1;
                Ok(value)
            }
            Tok::Int(i) => Ok(*i),
            Tok::UInt(u) => Ok(i64::from(*u)),
            Tok::Ident(_) => Ok(0), // a name that is not a macro is zero, as in C
            Tok::Float(_) => Err(Diag::new(
                span,
                format!(
                    "{} is not a whole number; an #if condition takes whole numbers",
                    token.text()
                ),
            )),
            _ => Err(Diag::new(
                span,
                format!(
                    "'{}' is not taken in an #if condition (whole numbers, defined, and C's operators on them)",
                    token.text()
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options<'static> {
        Options {
            version_allowed: true,
            version_refusal: "",
            default_version: Version::Es100,
            macros: vec![("GL_ES".into(), vec![Tok::Int(1)])],
            tokens: 1 << 20,
            chunks: None,
            chunk_bytes: 1 << 16,
        }
    }

    fn texts_with(source: &str, chunks: &HashMap<String, String>) -> Result<Vec<String>, Diag> {
        let options = Options {
            chunks: Some(chunks),
            ..options()
        };
        preprocess(source, &options).map(|p| {
            p.tokens
                .iter()
                .filter(|t| t.tok != Tok::Eof)
                .map(Token::text)
                .collect()
        })
    }

    /// The tokens of `#if CONDITION` taken: "y", or not: "n".
    fn decide(condition: &str) -> Result<String, Diag> {
        texts(&format!("#if {condition}\ny\n#else\nn\n#endif")).map(|t| t.concat())
    }

    fn texts(source: &str) -> Result<Vec<String>, Diag> {
        preprocess(source, &options()).map(|p| {
            p.tokens
                .iter()
                .filter(|t| t.tok != Tok::Eof)
                .map(Token::text)
                .collect()
        })
    }

    #[test]
    fn macros_conditionals_and_comments() {
        let src = "#define N 3\n#define M N N // two\n#if defined(N) && N > 2\na M /* x */ b\n#elif 1\nc\n#else\nd\n#endif\n#ifndef Q\ne\n#endif";
        assert_eq!(texts(src).unwrap(), ["a", "3", "3", "b", "e"]);
        assert_eq!(texts("#define A A B\nA").unwrap(), ["A", "B"]);
        assert_eq!(texts("#if X\na\n#else\nb\n#endif").unwrap(), ["b"]);
        assert_eq!(texts("#ifdef GL_ES\ng\n#endif").unwrap(), ["g"]);
        assert_eq!(texts("#if 0\n#foo\n#endif\nz").unwrap(), ["z"]);
    }

    #[test]
    fn refusals_have_places() {
        let e = texts("a\n#include \"x\"").unwrap_err();
        assert_eq!((e.span.line, e.span.col), (2, 1));
        assert!(texts("#if 1\na").unwrap_err().reason.contains("#endif"));
        assert!(texts("#if 1 +\n#endif")
            .unwrap_err()
            .reason
            .contains("ends too early"));
        assert!(texts("#if 1 1\n#endif")
            .unwrap_err()
            .reason
            .contains("'1' is not taken"));
        assert!(texts("a\n#version 100")
            .unwrap_err()
            .reason
            .contains("first line"));
        assert!(texts("/* open").unwrap_err().reason.contains("never ends"));
        assert!(texts("#define A B B\n#define B A A\nA").is_ok());
    }

    #[test]
    fn exponential_macros_are_bounded() {
        let mut src = String::from("#define M0 x x\n");
        for i in 1..40 {
            src.push_str(&format!("#define M{i} M{} M{}\n", i - 1, i - 1));
        }
        src.push_str("M39");
        assert!(texts(&src).unwrap_err().reason.contains("tokens"));
    }

    #[test]
    fn if_conditions_are_c_integer_expressions() {
        // Each value worked out by C's rules (C17 6.5: precedence, truncating division,
        // the remainder's sign that of the dividend, `?:` taking the operand it selects).
        let cases = [
            ("1 + 2 * 3 == 7", "y"),
            ("(1 + 2) * 3 == 9", "y"),
            ("7 / 2 == 3 && -7 / 2 == -3", "y"),
            ("-7 % 3 == -1 && 7 % -3 == 1", "y"),
            ("1 << 4 == 16 && -16 >> 2 == -4", "y"),
            ("(6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5", "y"),
            ("~0 == -1 && -(-2) == 2 && +3 == 3", "y"),
            ("0x10 == 16 && 010 == 8", "y"),
            ("1 ? 2 : 3", "y"),
            ("0 ? 1 : 0", "n"),
            ("0 ? 1 : 2 == 2", "y"),
            ("1 || 1 / 0", "y"),
            ("0 && 1 % 0", "n"),
            ("1 ? 1 : 1 / 0", "y"),
            ("2 - 3 > 0", "n"),
            ("1 - 1 - 1 == -1", "y"),
            ("16777215 + 1 == 16777216", "y"),
        ];
        for (condition, taken) in cases {
            assert_eq!(decide(condition).unwrap(), taken, "{condition}");
        }
        for (condition, reason) in [
            ("1 / 0", "division by zero"),
            ("1 % (2 - 2)", "division by zero"),
            ("1 << 64", "shift count"),
            ("1 >> -1", "shift count"),
            ("1 ? 2", "has no :"),
            ("1.5 > 1", "not a whole number"),
        ] {
            let e = decide(condition).unwrap_err();
            assert!(e.reason.contains(reason), "{condition}: {}", e.reason);
        }
        let deep = format!("{}1{}", "(".repeat(70), ")".repeat(70));
        assert!(decide(&deep).unwrap_err().reason.contains("nests"));
        let negations = format!("{}1", "- ".repeat(70));
        assert!(decide(&negations).unwrap_err().reason.contains("nests"));
    }

    #[test]
    fn function_like_macros() {
        let src = "#define SQ(x) ((x) * (x))\n#define ADD(a, b) a + b\n#define ZERO() 0\nSQ(ADD(1, 2)) ZERO()";
        assert_eq!(
            texts(src).unwrap().concat(),
            "((1+2)*(1+2))0",
            "arguments are expanded before they replace the parameters"
        );
        // A call's arguments may hold parentheses and commas inside them, and go on over lines.
        assert_eq!(
            texts("#define F(a, b) b a\nF((1, 2),\n  3)\nx")
                .unwrap()
                .concat(),
            "3(1,2)x"
        );
        // The name alone is a plain name, here and at the end of a line.
        assert_eq!(
            texts("#define F(a) a\nF + 1\nF\n+ 2").unwrap().concat(),
            "F+1F+2"
        );
        // A `(` after a space is the body's, not the parameters'.
        assert_eq!(texts("#define G (1)\nG").unwrap().concat(), "(1)");
        // A macro that names itself stops, as in C.
        assert_eq!(
            texts("#define F(x) F(x + 1)\nF(0)").unwrap().concat(),
            "F(0+1)"
        );
        // Function-like macros in a condition.
        assert_eq!(
            texts("#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#if MAX(2, 5) == 5\ny\n#endif")
                .unwrap()
                .concat(),
            "y"
        );
        for (src, reason) in [
            ("#define F(a, b) a\nF(1)", "takes 2 arguments, not 1"),
            ("#define F(a) a\nF(1, 2)", "takes 1 argument, not 2"),
            (
                "#define F(a) a\nF(1\n",
                "has no ) before the end of the source",
            ),
            (
                "#define F(a) a\nF(1\n#define X",
                "has no ) before the #define on line 3",
            ),
            ("#define F(a, a) a", "names two parameters"),
            ("#define F(a b) a", "parameters are names"),
            ("#define F(a) #a", "no # or ##"),
            ("#define F(a) a\n#define F(b) b", "already defined"),
        ] {
            let e = texts(src).unwrap_err();
            assert!(e.reason.contains(reason), "{src}: {}", e.reason);
        }
    }

    #[test]
    fn function_like_macros_are_bounded() {
        // Each level doubles its argument: 2^40 tokens if nothing stopped it.
        let mut src = String::from("#define D(x) x x\n");
        src.push_str(&"D(".repeat(40));
        src.push('a');
        src.push_str(&")".repeat(40));
        let e = texts(&src).unwrap_err();
        assert!(
            e.reason.contains("tokens") || e.reason.contains("deep"),
            "{}",
            e.reason
        );
    }

    #[test]
    fn includes_read_the_chunk_table() {
        let chunks: HashMap<String, String> = [
            (
                "common",
                "#define PI 3.14\nfloat sq(float x) { return x * x; }",
            ),
            ("outer", "a\n#include <common>\nb"),
            ("loop", "#include <loop>"),
            ("broken", "x\n#if 1"),
            ("open_call", "#define F(a) a\nF(1"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let tokens = texts_with("#include <outer>\nPI", &chunks).unwrap();
        assert_eq!(tokens.concat(), "afloatsq(floatx){returnx*x;}b3.14");
        // The chunk's tokens are placed at the #include, so later errors point at it.
        let options = Options {
            chunks: Some(&chunks),
            ..options()
        };
        let pre = preprocess("\n  #include <common>", &options).unwrap();
        assert!(pre.tokens[..pre.tokens.len() - 1]
            .iter()
            .all(|t| (t.span.line, t.span.col) == (2, 3)));
        for (src, reason) in [
            ("#include <missing>", "no chunk of that name"),
            ("#include \"common\"", "angle brackets"),
            ("#include <loop>", "more than 8 includes deep"),
            (
                "#include <broken>",
                "in #include <broken>, line 2: this conditional has no #endif",
            ),
            (
                "#include <open_call>",
                "has no ) before the end of the chunk",
            ),
        ] {
            let e = texts_with(src, &chunks).unwrap_err();
            assert!(e.reason.contains(reason), "{src}: {}", e.reason);
            assert_eq!(e.span.line, 1);
        }
        // Without a table, an include says what to do.
        let e = texts("#include <common>").unwrap_err();
        assert!(e.reason.contains("needs a chunk table"), "{}", e.reason);
        // An include in a group the conditionals leave out is not read.
        assert_eq!(texts("#if 0\n#include <common>\n#endif\nz").unwrap(), ["z"]);
    }
}
