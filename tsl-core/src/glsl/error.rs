//! The error of every GLSL refusal: which shader, where, and why, rendered as a compiler prints
//! it, with the source line and a caret under the place.

use crate::compile::GraphError;
use crate::graph::BuildError;
use std::fmt;

/// Which source an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shader {
    /// The vertex shader.
    Vertex,
    /// The fragment shader.
    Fragment,
    /// A ShaderToy source (its `mainImage`).
    ShaderToy,
    /// An entry of the `defines` list; the line is the entry's place in the list, from one.
    Defines,
}

impl Shader {
    /// `vertex`, `fragment`, `ShaderToy` or `defines`.
    pub fn name(self) -> &'static str {
        match self {
            Shader::Vertex => "vertex",
            Shader::Fragment => "fragment",
            Shader::ShaderToy => "ShaderToy",
            Shader::Defines => "defines",
        }
    }
}

impl fmt::Display for Shader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A place in one source: line and column from one, and how many characters the caret covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Span {
    pub line: u32,
    pub col: u32,
    pub len: u32,
}

impl Span {
    pub fn new(line: u32, col: u32, len: u32) -> Span {
        Span { line, col, len }
    }
}

/// A refusal inside one source, before it knows which shader it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Diag {
    pub span: Span,
    pub reason: String,
    /// The graph's own refusal, where the graph refused a node the lowering built.
    pub graph: Option<Box<BuildError>>,
    /// Second places that explain the first: where a clashing variable is declared, say.
    pub notes: Vec<(Span, String)>,
    /// An error that follows from one reported already (a use of a variable whose declaration
    /// was refused): dropped, as rustc drops errors about its error type.
    pub follow_on: bool,
}

impl Diag {
    pub fn new(span: Span, reason: impl Into<String>) -> Diag {
        Diag {
            span,
            reason: reason.into(),
            graph: None,
            notes: Vec::new(),
            follow_on: false,
        }
    }

    /// The graph's refusal of a node built at `span`, its message the reason.
    pub fn from_graph(span: Span, error: BuildError) -> Diag {
        let reason = error.to_string();
        Diag {
            graph: Some(Box::new(error)),
            ..Diag::new(span, reason)
        }
    }

    /// This refusal with a note at a second place; none where the place is unknown (a
    /// built-in's, line zero).
    pub fn with_note(mut self, span: Span, note: impl Into<String>) -> Diag {
        if span.line != 0 {
            self.notes.push((span, note.into()));
        }
        self
    }

    /// A refusal that follows from one reported already, and is not shown.
    pub fn follow_on(span: Span) -> Diag {
        Diag {
            follow_on: true,
            ..Diag::new(span, "follows from an error reported already")
        }
    }
}

/// The refusals of one source, as many as a pass finds: the first [`MAX_DIAGNOSTICS`] kept, the
/// rest counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Diags {
    pub kept: Vec<Diag>,
    pub omitted: usize,
}

/// The most refusals of one source an error keeps; the rest are counted
/// ([`GlslError::omitted`]).
pub const MAX_DIAGNOSTICS: usize = 20;

impl Diags {
    /// Keep `diag` (a follow-on refusal is dropped, one past the bound counted).
    pub fn push(&mut self, diag: Diag) {
        if diag.follow_on {
            return;
        }
        if self.kept.len() < MAX_DIAGNOSTICS {
            self.kept.push(diag);
        } else {
            self.omitted += 1;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

impl From<Diag> for Diags {
    fn from(diag: Diag) -> Diags {
        Diags {
            kept: vec![diag],
            omitted: 0,
        }
    }
}

/// Which stage of the front end refused a shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GlslErrorKind {
    /// An entry of the `defines` list: not a definition, defined twice with two values, or
    /// defined already by three.js's prefix.
    Defines,
    /// The preprocessor (comments, `#version`, `#define`, the conditionals) or the lexer.
    Preprocess,
    /// The parser: the syntax, or nesting past the parser's bound.
    Syntax,
    /// The checker: names, types, loop counts, what the GLSL subset leaves out.
    Check,
    /// Linking the two shaders: their versions, and the varyings the fragment shader reads.
    Link,
    /// The lowering to nodes: a limit of the unrolled program.
    Lower,
    /// The graph refused a node the lowering built (past `MAX_GRAPH_NODES`, say); the graph's
    /// own error.
    Build(Box<BuildError>),
    /// `compile` refused the graph the shaders make; the compiler's own error (boxed: it is the
    /// largest kind, and every other is empty).
    Compile(Box<GraphError>),
    /// The compiler failed (a bug) or could not start its thread.
    Internal,
}

/// What the front end returns where it refuses a shader: the shader, the line and column (both
/// from one; zero where the refusal has no place, as a program-wide limit), the stage that
/// refused, the reason, and the source line; the notes that point at a second place, and the
/// further refusals of the same source ([`GlslError::others`]). [`fmt::Display`] renders them as
/// a compiler does:
///
/// ```text
/// error: fragment shader, line 3, column 9: k is a float, and the value an int; write float(...)
///   |
/// 3 |     k = 1;
///   |         ^
/// note: fragment shader, line 2, column 11: k is declared here as a float
///   |
/// 2 |     float k = 0.5;
///   |           ^
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlslError {
    /// The shader the refusal is in.
    pub shader: Shader,
    /// The line, from one; zero for a refusal of the whole program.
    pub line: usize,
    /// The column, in characters from one; zero with line zero.
    pub column: usize,
    /// How many characters the caret covers (at least one where there is a line).
    pub length: usize,
    /// The stage that refused.
    pub kind: GlslErrorKind,
    /// Why, in words.
    pub reason: String,
    /// The text of the line, or empty. A line longer than [`GlslError::QUOTED_LINE`] characters
    /// is clipped to a window around the column, with `...` where it is cut.
    pub source_line: String,
    /// The column of the caret in `source_line`, from one: `column`, or less where the start of
    /// the line is clipped off; zero with line zero.
    pub source_column: usize,
    /// Second places in the same source that explain the refusal (the declaration of a variable
    /// whose type clashes, the first of a name declared twice).
    pub notes: Vec<GlslNote>,
    /// The further refusals of the same source, in the order of the source, each with its own
    /// notes (and no `others` of its own): together with this one at most
    /// [`MAX_DIAGNOSTICS`]. The parser stops at its first error; the checker goes on with the
    /// next statement, and the next function, and leaves out what follows from an error it
    /// reported (the uses of a variable whose declaration it refused).
    pub others: Vec<GlslError>,
    /// How many refusals past [`MAX_DIAGNOSTICS`] were found and left out.
    pub omitted: usize,
}

/// A second place a refusal points at, in the refusal's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlslNote {
    /// The line, from one.
    pub line: usize,
    /// The column, in characters from one.
    pub column: usize,
    /// How many characters the caret covers (at least one).
    pub length: usize,
    /// What the place is, in words ("k is declared here as a float").
    pub message: String,
    /// The text of the line, clipped as [`GlslError::source_line`] is.
    pub source_line: String,
    /// The column of the caret in `source_line`, from one.
    pub source_column: usize,
}

/// The longest reason kept whole; a longer one (quoting a huge name, say) keeps its start and end.
const QUOTED_REASON: usize = 400;

/// `reason`, or its start and end around ` ... ` where it is longer than [`QUOTED_REASON`].
fn clip_reason(reason: String) -> String {
    let count = reason.chars().count();
    if count <= QUOTED_REASON {
        return reason;
    }
    let head: String = reason.chars().take(QUOTED_REASON / 2).collect();
    let tail: String = reason.chars().skip(count - QUOTED_REASON / 4).collect();
    format!("{head} ... {tail}")
}

/// `line` clipped to a window of at most [`GlslError::QUOTED_LINE`] characters around `column`
/// (from one), and the column in what is kept.
fn clip_line(line: &str, column: usize) -> (String, usize) {
    let count = line.chars().count();
    if count <= GlslError::QUOTED_LINE {
        return (line.to_string(), column);
    }
    // The window: the text kept, less the two "..." around it.
    let width = GlslError::QUOTED_LINE - 6;
    let at = column.saturating_sub(1).min(count);
    let mut start = at.saturating_sub(width / 3);
    let end = (start + width).min(count);
    start = end.saturating_sub(width).min(start);
    let mut text = String::new();
    let mut caret = at - start + 1;
    if start > 0 {
        text.push_str("...");
        caret += 3;
    }
    text.extend(line.chars().skip(start).take(end - start));
    if end < count {
        text.push_str("...");
    }
    (text, caret)
}

/// Line `line` (from one) of `source`, clipped around `column`; empty with line zero.
fn quote(source: &str, line: usize, column: usize) -> (String, usize) {
    if line == 0 {
        return (String::new(), 0);
    }
    let whole = source
        .split('\n')
        .nth(line - 1)
        .unwrap_or("")
        .trim_end_matches('\r');
    clip_line(whole, column)
}

/// How a diagnostic draws a quoted line (`GlslError::source_line`): the text with each tab
/// shown as one space (tabs would shift the caret; the column counts a tab as one), how many
/// characters come before the caret (`source_column` from one, within the line), and how many
/// carets (`length`, at least one, not past the line's end but for one after it).
pub fn caret_layout(
    source_line: &str,
    source_column: usize,
    length: usize,
) -> (String, usize, usize) {
    let text: String = source_line
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let width = text.chars().count();
    let start = source_column.saturating_sub(1).min(width);
    let carets = length.min(width.saturating_sub(start).max(1));
    (text, start, carets)
}

/// The quoted line with carets under `length` characters from `column`, as rustc draws it:
/// `  |`, `3 | text`, `  |     ^^^`, each line after a newline.
fn draw_quote(
    f: &mut fmt::Formatter<'_>,
    line: usize,
    source_line: &str,
    source_column: usize,
    length: usize,
) -> fmt::Result {
    let number = line.to_string();
    let gutter = " ".repeat(number.len());
    let (text, start, carets) = caret_layout(source_line, source_column, length);
    write!(
        f,
        "\n{gutter} |\n{number} | {text}\n{gutter} | {}{}",
        " ".repeat(start),
        "^".repeat(carets)
    )
}

impl GlslError {
    /// The longest source line an error quotes whole; a longer line is clipped to a window
    /// around the column (so that a 10 MB line does not make a 10 MB error).
    pub const QUOTED_LINE: usize = 100;

    pub(crate) fn from_diag(
        shader: Shader,
        kind: GlslErrorKind,
        diag: Diag,
        source: &str,
    ) -> GlslError {
        let line = diag.span.line as usize;
        let column = if line == 0 { 0 } else { diag.span.col as usize };
        let (source_line, source_column) = quote(source, line, column);
        let notes = diag
            .notes
            .into_iter()
            .map(|(span, message)| {
                let (line, column) = (span.line as usize, span.col as usize);
                let (source_line, source_column) = quote(source, line, column);
                GlslNote {
                    line,
                    column,
                    length: span.len.max(1) as usize,
                    message: clip_reason(message),
                    source_line,
                    source_column,
                }
            })
            .collect();
        GlslError {
            shader,
            line,
            column,
            length: diag.span.len.max(1) as usize,
            kind: match diag.graph {
                Some(error) => GlslErrorKind::Build(error),
                None => kind,
            },
            reason: clip_reason(diag.reason),
            source_line,
            source_column,
            notes,
            others: Vec::new(),
            omitted: 0,
        }
    }

    /// The first of `diags` (which holds at least one), the rest its `others`.
    pub(crate) fn from_diags(
        shader: Shader,
        kind: GlslErrorKind,
        diags: Diags,
        source: &str,
    ) -> GlslError {
        let mut all = diags
            .kept
            .into_iter()
            .map(|d| GlslError::from_diag(shader, kind.clone(), d, source));
        let first = all.next();
        let others: Vec<GlslError> = all.collect();
        match first {
            Some(first) => GlslError {
                others,
                omitted: diags.omitted,
                ..first
            },
            // Invariant broken (no refusal); still an error, not a panic.
            None => GlslError::from_diag(
                shader,
                GlslErrorKind::Internal,
                Diag::new(
                    Span::default(),
                    "the compiler refused the source without a reason (a bug)",
                ),
                source,
            ),
        }
    }

    /// This refusal and its [`others`](GlslError::others), in the order of the source.
    pub fn all(&self) -> impl Iterator<Item = &GlslError> {
        std::iter::once(self).chain(self.others.iter())
    }

    /// The one-line form, without the source: `fragment shader, line 3, column 5: reason`.
    pub fn message(&self) -> String {
        self.place_and(&self.reason, self.line, self.column)
    }

    /// `fragment shader, line L, column C: text` (the shader's own form of a place).
    fn place_and(&self, text: &str, line: usize, column: usize) -> String {
        if line == 0 {
            format!("{} shader: {}", self.shader, text)
        } else if self.shader == Shader::Defines {
            format!("defines, entry {line}, column {column}: {text}")
        } else {
            format!(
                "{} shader, line {line}, column {column}: {text}",
                self.shader
            )
        }
    }

    /// This refusal alone (not its others) with its notes.
    fn fmt_one(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.message())?;
        if self.line != 0 {
            draw_quote(
                f,
                self.line,
                &self.source_line,
                self.source_column,
                self.length,
            )?;
        }
        for note in &self.notes {
            write!(
                f,
                "\nnote: {}",
                self.place_and(&note.message, note.line, note.column)
            )?;
            draw_quote(
                f,
                note.line,
                &note.source_line,
                note.source_column,
                note.length,
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for GlslError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_one(f)?;
        for other in &self.others {
            f.write_str("\n")?;
            other.fmt_one(f)?;
        }
        if self.omitted > 0 {
            write!(f, "\nerror: and {} more", self.omitted)?;
        }
        Ok(())
    }
}

impl std::error::Error for GlslError {}
