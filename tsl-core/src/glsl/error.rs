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
}

impl Diag {
    pub fn new(span: Span, reason: impl Into<String>) -> Diag {
        Diag {
            span,
            reason: reason.into(),
            graph: None,
        }
    }

    /// The graph's refusal of a node built at `span`, its message the reason.
    pub fn from_graph(span: Span, error: BuildError) -> Diag {
        Diag {
            span,
            reason: error.to_string(),
            graph: Some(Box::new(error)),
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
/// refused, the reason, and the source line. [`fmt::Display`] renders it as a compiler does:
///
/// ```text
/// error: fragment shader, line 3, column 5: gl_FragCoord.z needs the fragment's depth ...
///   |
/// 3 |     gl_FragCoord.z;
///   |     ^^^^^^^^^^^^
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
        let (source_line, source_column) = if line == 0 {
            (String::new(), 0)
        } else {
            let whole = source
                .split('\n')
                .nth(line - 1)
                .unwrap_or("")
                .trim_end_matches('\r');
            clip_line(whole, column)
        };
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
        }
    }

    /// The one-line form, without the source: `fragment shader, line 3, column 5: reason`.
    pub fn message(&self) -> String {
        if self.line == 0 {
            format!("{} shader: {}", self.shader, self.reason)
        } else if self.shader == Shader::Defines {
            format!(
                "defines, entry {}, column {}: {}",
                self.line, self.column, self.reason
            )
        } else {
            format!(
                "{} shader, line {}, column {}: {}",
                self.shader, self.line, self.column, self.reason
            )
        }
    }
}

impl fmt::Display for GlslError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.message())?;
        if self.line == 0 {
            return Ok(());
        }
        let number = self.line.to_string();
        let gutter = " ".repeat(number.len());
        // Tabs would shift the caret; show each as one space, as the column counts it.
        let text: String = self
            .source_line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let width = text.chars().count();
        let start = self.source_column.saturating_sub(1).min(width);
        let carets = self.length.min(width.saturating_sub(start).max(1));
        write!(
            f,
            "\n{gutter} |\n{number} | {text}\n{gutter} | {}{}",
            " ".repeat(start),
            "^".repeat(carets)
        )
    }
}

impl std::error::Error for GlslError {}
