//! The preprocessor: comments, `#version`, object-like `#define` and `#undef`, and the
//! conditionals `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif` (R-GLSL-11's condition
//! grammar). Every other directive is refused. A macro's tokens keep the place where the macro was
//! named, so an error in an expansion points at the author's line.

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
/// The deepest an `#if` condition nests: each `!` and each `(` is one level.
const MAX_CONDITION_DEPTH: usize = 64;

/// What the caller decides about a source before reading it.
pub(crate) struct Options {
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
}

/// A source after preprocessing: its tokens (ending with [`Tok::Eof`]) and its version.
pub(crate) struct Preprocessed {
    pub tokens: Vec<Token>,
    pub version: Version,
}

#[derive(Clone, Debug)]
struct Macro {
    body: Vec<Tok>,
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
    };
    for (name, body) in &options.macros {
        pre.macros
            .insert(name.clone(), Macro { body: body.clone() });
    }
    let version_number = if version == Version::Es100 { 100 } else { 300 };
    pre.macros.insert(
        "__VERSION__".into(),
        Macro {
            body: vec![Tok::Int(version_number)],
        },
    );
    let mut stack: Vec<Conditional> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let line_no = index as u32 + 1;
        let active = stack.last().is_none_or(|c| c.active);
        let Some(hash) = line.iter().position(|c| !c.is_whitespace()) else {
            continue;
        };
        // Invariant: `hash` is a position `position` found in `line`; `name_start` and `name_len`
        // below stay within `after`, and `rest_at` within `line`.
        if line[hash] != '#' {
            if active {
                let tokens = lex_line(line, line_no, 1)?;
                for token in tokens {
                    pre.emit(token)?;
                }
            }
            continue;
        }
        if Some(index) == version_line {
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
                        "if" => pre.condition(&tokens, hash_span)?,
                        _ => {
                            let defined = pre.ifdef_name(&tokens, &name, hash_span)?;
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
                    let value = pre.condition(&tokens, hash_span)?;
                    // Invariant: the `let Some(top) = stack.last_mut() else` above returned on an
                    // empty stack, and nothing between pops it.
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
            "define" => pre.define(rest, line_no, rest_col, hash_span)?,
            "undef" => {
                let tokens = lex_line(rest, line_no, rest_col)?;
                match tokens.as_slice() {
                    [Token {
                        tok: Tok::Ident(n), ..
                    }] => {
                        if n.starts_with("GL_") || n == "__VERSION__" {
                            return Err(Diag::new(
                                // Invariant: the slice pattern above matched exactly one token.
                                tokens[0].span,
                                format!("{n} is predefined; it cannot be undefined"),
                            ));
                        }
                        pre.macros.remove(n);
                    }
                    _ => return Err(Diag::new(hash_span, "#undef takes one name")),
                }
            }
            "version" => {
                return Err(Diag::new(
                    hash_span,
                    if options.version_allowed {
                        "#version must be the first line of the shader"
                    } else {
                        options.version_refusal
                    },
                ))
            }
            "" if rest.iter().all(|c| c.is_whitespace()) => {} // the null directive
            "include" | "pragma" | "extension" | "error" | "line" => {
                return Err(Diag::new(
                    Span::new(line_no, hash as u32 + 1, name_len as u32 + 1),
                    format!(
                        "#{name} is not taken; the preprocessor takes #version, #define, #undef and the conditionals"
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
                "a define with arguments is not taken; object-like defines only",
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

struct Preprocessor {
    macros: HashMap<String, Macro>,
    out: Vec<Token>,
    /// The tokens expanded so far, in code and in conditions: one budget, `budget`, for the
    /// whole shader, so that no number of conditions multiplies it.
    spent: Cell<usize>,
    /// [`Options::tokens`].
    budget: usize,
}

impl Preprocessor {
    /// Push a token of the source, expanding it if it names a macro.
    fn emit(&mut self, token: Token) -> Result<(), Diag> {
        let mut disabled = Vec::new();
        let span = token.span;
        let mut out = std::mem::take(&mut self.out);
        let result = self.expand(&token.tok, span, &mut disabled, &mut out, 0);
        self.out = out;
        result
    }

    fn expand(
        &self,
        tok: &Tok,
        span: Span,
        disabled: &mut Vec<String>,
        out: &mut Vec<Token>,
        depth: usize,
    ) -> Result<(), Diag> {
        if self.spent.get() >= self.budget {
            return Err(Diag::new(
                span,
                format!(
                    "the shader expands to more than {} tokens, its limit (Limits::tokens; its code and every #if condition, with their macros expanded, count against one budget)",
                    self.budget
                ),
            ));
        }
        if let Tok::Ident(name) = tok {
            if let Some(m) = self.macros.get(name) {
                if !disabled.iter().any(|d| d == name) {
                    if depth >= MAX_EXPANSION_DEPTH {
                        return Err(Diag::new(
                            span,
                            format!("macros expand more than {MAX_EXPANSION_DEPTH} deep here"),
                        ));
                    }
                    disabled.push(name.clone());
                    for t in &m.body {
                        self.expand(t, span, disabled, out, depth + 1)?;
                    }
                    disabled.pop();
                    return Ok(());
                }
            }
        }
        self.spent.set(self.spent.get() + 1);
        out.push(Token {
            tok: tok.clone(),
            span,
        });
        Ok(())
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
        if let Some(paren) = tokens.get(1) {
            if paren.tok == Tok::Op("(") && paren.span.col == first.span.col + first.span.len {
                return Err(Diag::new(
                    paren.span,
                    "a #define with arguments is not taken; object-like macros only",
                ));
            }
        }
        if let Some(hash) = tokens
            .iter()
            .find(|t| matches!(t.tok, Tok::Op("#") | Tok::Op("##")))
        {
            return Err(Diag::new(hash.span, "# and ## are not taken in a #define"));
        }
        // Invariant: `tokens.first()` was Some (the name) above, so `1..` is within the tokens.
        let body: Vec<Tok> = tokens[1..].iter().map(|t| t.tok.clone()).collect();
        if let Some(old) = self.macros.get(name) {
            if old.body != body {
                return Err(Diag::new(
                    first.span,
                    format!("{name} is already defined as something else; #undef it first"),
                ));
            }
        }
        self.macros.insert(name.clone(), Macro { body });
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
        let mut resolved = Vec::new();
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
                resolved.push(Token {
                    tok: Tok::Int(self.macros.contains_key(name) as i64),
                    span: t.span,
                });
                i = next;
                continue;
            }
            let mut disabled = Vec::new();
            self.expand(&t.tok, t.span, &mut disabled, &mut resolved, 0)?;
            i += 1;
        }
        let mut parser = IfParser {
            tokens: &resolved,
            at: 0,
            end: span,
            depth: 0,
        };
        let value = parser.or()?;
        if let Some(extra) = resolved.get(parser.at) {
            return Err(Diag::new(
                extra.span,
                format!("'{}' is not taken here in an #if condition", extra.text()),
            ));
        }
        Ok(value != 0)
    }
}

/// R-GLSL-11's `#if` grammar: whole numbers, `!`, `&&`, `||`, the six comparisons, parentheses.
struct IfParser<'a> {
    tokens: &'a [Token],
    at: usize,
    end: Span,
    depth: usize,
}

impl IfParser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.tok)
    }

    fn or(&mut self) -> Result<i64, Diag> {
        let mut value = self.and()?;
        while self.peek() == Some(&Tok::Op("||")) {
            self.at += 1;
            let rhs = self.and()?;
            value = (value != 0 || rhs != 0) as i64;
        }
        Ok(value)
    }

    fn and(&mut self) -> Result<i64, Diag> {
        let mut value = self.equality()?;
        while self.peek() == Some(&Tok::Op("&&")) {
            self.at += 1;
            let rhs = self.equality()?;
            value = (value != 0 && rhs != 0) as i64;
        }
        Ok(value)
    }

    fn equality(&mut self) -> Result<i64, Diag> {
        let mut value = self.relation()?;
        while let Some(Tok::Op(op @ ("==" | "!="))) = self.peek() {
            let op = *op;
            self.at += 1;
            let rhs = self.relation()?;
            value = if op == "==" {
                value == rhs
            } else {
                value != rhs
            } as i64;
        }
        Ok(value)
    }

    fn relation(&mut self) -> Result<i64, Diag> {
        let mut value = self.unary()?;
        while let Some(Tok::Op(op @ ("<" | ">" | "<=" | ">="))) = self.peek() {
            let op = *op;
            self.at += 1;
            let rhs = self.unary()?;
            value = match op {
                "<" => value < rhs,
                ">" => value > rhs,
                "<=" => value <= rhs,
                _ => value >= rhs,
            } as i64;
        }
        Ok(value)
    }

    /// Enter one level of the condition's nesting (a `!` or a `(`), within its bound.
    fn enter(&mut self, span: Span) -> Result<(), Diag> {
        self.depth += 1;
        if self.depth > MAX_CONDITION_DEPTH {
            return Err(Diag::new(
                span,
                format!(
                    "the condition nests more than {MAX_CONDITION_DEPTH} deep (each ! and each ( is one level)"
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
            Tok::Op("!") => {
                self.enter(span)?;
                let value = (self.unary()? == 0) as i64;
                self.depth -= 1;
                Ok(value)
            }
            Tok::Op("(") => {
                self.enter(span)?;
                let value = self.or()?;
                self.depth -= 1;
                match self.tokens.get(self.at) {
                    Some(t) if t.tok == Tok::Op(")") => {}
                    // Something the grammar does not take (`+` in `(1 + 2)`): name it, as at
                    // the top level, rather than blame the `(`.
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
                    "'{}' is not taken in an #if condition (whole numbers, defined, !, &&, ||, comparisons, parentheses)",
                    token.text()
                ),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> Options {
        Options {
            version_allowed: true,
            version_refusal: "",
            default_version: Version::Es100,
            macros: vec![("GL_ES".into(), vec![Tok::Int(1)])],
            tokens: 1 << 20,
        }
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
        assert!(texts("#define F(x) x")
            .unwrap_err()
            .reason
            .contains("arguments"));
        assert!(texts("#if 1 + 1\n#endif")
            .unwrap_err()
            .reason
            .contains("'+'"));
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
}
