//! Tokens: one line of comment-free source at a time (the preprocessor works line by line).

use super::error::{Diag, Span};

/// A token's kind. Keywords are identifiers here; the parser tells them apart.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// A name or a keyword.
    Ident(String),
    /// A whole-number literal, at most 2147483647.
    Int(i64),
    /// A whole-number literal with the `u` suffix, a uint.
    UInt(u32),
    /// A floating-point literal.
    Float(f32),
    /// An operator or a punctuation mark.
    Op(&'static str),
    /// The end of the source.
    Eof,
}

/// A token and where it was written (for a macro's expansion: where the macro was named).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

impl Token {
    /// How the token is spelled, for messages.
    pub fn text(&self) -> String {
        match &self.tok {
            Tok::Ident(s) => s.clone(),
            Tok::Int(i) => i.to_string(),
            Tok::UInt(u) => format!("{u}u"),
            Tok::Float(x) => format!("{x:?}"),
            Tok::Op(s) => s.to_string(),
            Tok::Eof => "the end of the source".into(),
        }
    }
}

/// Operators, longest first so that the first match is the longest.
const OPERATORS: &[&str] = &[
    "<<=", ">>=", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "^^", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=", "##", "(", ")", "[", "]", "{", "}", ".", ",", ";", "?",
    ":", "+", "-", "*", "/", "%", "=", "<", ">", "!", "~", "&", "|", "^", "#",
];

/// The largest whole-number literal without the `u` suffix: an int's largest value (GLSL ES 3.00
/// would take the bit pattern of a larger one; this subset asks for the `u` or the negation).
pub(crate) const MAX_INT_LITERAL: i64 = i32::MAX as i64;

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The tokens of `chars`, one line of source (comments already blanked), numbered `line`;
/// `first_col` is the column of `chars[0]`.
pub(crate) fn lex_line(chars: &[char], line: u32, first_col: u32) -> Result<Vec<Token>, Diag> {
    let mut tokens = Vec::new();
    let mut i = 0;
    let span = |start: usize, end: usize| {
        Span::new(line, first_col + start as u32, (end - start).max(1) as u32)
    };
    // Invariant: every index into `chars` below is below `chars.len()` (each loop tests it before
    // it reads), and every slice `start..i` has `start <= i <= chars.len()`.
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if is_ident_start(c) {
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            tokens.push(Token {
                tok: Tok::Ident(name),
                span: span(start, i),
            });
            continue;
        }
        if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let (tok, end) =
                lex_number(chars, i).map_err(|reason| Diag::new(span(start, i + 1), reason))?;
            if chars
                .get(end)
                .is_some_and(|&c| is_ident_char(c) || c == '.')
            {
                let mut stop = end;
                while stop < chars.len() && (is_ident_char(chars[stop]) || chars[stop] == '.') {
                    stop += 1;
                }
                let text: String = chars[start..stop].iter().collect();
                return Err(Diag::new(
                    span(start, stop),
                    format!("'{text}' is not a number"),
                ));
            }
            tokens.push(Token {
                tok,
                span: span(start, end),
            });
            i = end;
            continue;
        }
        let rest = &chars[i..];
        // Operators are ASCII: compare bytes, the first one before the rest.
        let op = OPERATORS.iter().find(|op| {
            let bytes = op.as_bytes();
            // Invariant: no entry of `OPERATORS` is empty, and `rest` starts at `chars[i]`, so it
            // is not.
            u32::from(bytes[0]) == u32::from(c)
                && rest.len() >= bytes.len()
                && bytes[1..]
                    .iter()
                    .zip(&rest[1..])
                    .all(|(&a, &b)| u32::from(a) == u32::from(b))
        });
        match op {
            Some(op) => {
                i += op.len();
                tokens.push(Token {
                    tok: Tok::Op(op),
                    span: span(start, i),
                });
            }
            None => {
                let reason = if c == '\\' {
                    "a '\\' (a line continuation) is not taken; write the line whole".to_string()
                } else if c == '"' || c == '\'' {
                    "GLSL has no strings or characters".to_string()
                } else {
                    format!("the character '{}' is not GLSL", c.escape_debug())
                };
                return Err(Diag::new(span(start, start + 1), reason));
            }
        }
    }
    Ok(tokens)
}

/// A number starting at `chars[start]`: its token and the index after it.
fn lex_number(chars: &[char], start: usize) -> Result<(Tok, usize), String> {
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut i = start;
    // Hexadecimal.
    if at(i) == '0' && (at(i + 1) == 'x' || at(i + 1) == 'X') {
        i += 2;
        let digits_start = i;
        while at(i).is_ascii_hexdigit() {
            i += 1;
        }
        if i == digits_start {
            return Err("a hexadecimal number needs digits after 0x".into());
        }
        let text: String = chars[digits_start..i].iter().collect();
        let value = i64::from_str_radix(&text, 16).unwrap_or(i64::MAX);
        return int_token(value, at(i), i);
    }
    let mut is_float = false;
    while at(i).is_ascii_digit() {
        i += 1;
    }
    if at(i) == '.' {
        is_float = true;
        i += 1;
        while at(i).is_ascii_digit() {
            i += 1;
        }
    }
    if at(i) == 'e' || at(i) == 'E' {
        let mut j = i + 1;
        if at(j) == '+' || at(j) == '-' {
            j += 1;
        }
        if at(j).is_ascii_digit() {
            is_float = true;
            while at(j).is_ascii_digit() {
                j += 1;
            }
            i = j;
        } else {
            return Err("an exponent needs digits after the e".into());
        }
    }
    let text: String = chars[start..i].iter().collect();
    if is_float {
        let value: f32 = text
            .parse()
            .map_err(|_| format!("'{text}' is not a number"))?;
        if !value.is_finite() {
            return Err(format!("{text} is out of the range of a float"));
        }
        if at(i) == 'f' || at(i) == 'F' {
            i += 1;
        }
        return Ok((Tok::Float(value), i));
    }
    // Octal when it starts with 0 and has more digits.
    let value = if text.len() > 1 && text.starts_with('0') {
        if text.chars().any(|c| c == '8' || c == '9') {
            return Err(format!(
                "'{text}' is an octal number (it starts with 0) with a digit 8 or 9"
            ));
        }
        // Invariant: `text` starts with the ASCII `0`, so `1..` is a char boundary.
        i64::from_str_radix(&text[1..], 8).unwrap_or(i64::MAX)
    } else {
        text.parse::<i64>().unwrap_or(i64::MAX)
    };
    int_token(value, at(i), i)
}

fn int_token(value: i64, next: char, end: usize) -> Result<(Tok, usize), String> {
    if next == 'u' || next == 'U' {
        return match u32::try_from(value) {
            Ok(u) => Ok((Tok::UInt(u), end + 1)),
            Err(_) => Err(format!(
                "the whole number is past {} (2^32 - 1), the largest a uint holds",
                u32::MAX
            )),
        };
    }
    if value > MAX_INT_LITERAL {
        return Err(format!(
            "the whole number is past {MAX_INT_LITERAL} (2^31 - 1), the largest an int holds; write it with the u suffix for a uint, or as a negation (-2147483647 - 1) for an int"
        ));
    }
    Ok((Tok::Int(value), end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(s: &str) -> Result<Vec<Tok>, Diag> {
        let chars: Vec<char> = s.chars().collect();
        lex_line(&chars, 1, 1).map(|t| t.into_iter().map(|t| t.tok).collect())
    }

    #[test]
    fn numbers_and_operators() {
        assert_eq!(
            lex("a+=1.5e2*.5-0x1F<<=010").unwrap(),
            vec![
                Tok::Ident("a".into()),
                Tok::Op("+="),
                Tok::Float(150.0),
                Tok::Op("*"),
                Tok::Float(0.5),
                Tok::Op("-"),
                Tok::Int(31),
                Tok::Op("<<="),
                Tok::Int(8),
            ]
        );
        assert_eq!(
            lex("1.f 2.").unwrap(),
            vec![Tok::Float(1.0), Tok::Float(2.0)]
        );
        assert_eq!(
            lex("3u 0xFFFFFFFFu 017U 2147483647").unwrap(),
            vec![
                Tok::UInt(3),
                Tok::UInt(u32::MAX),
                Tok::UInt(15),
                Tok::Int(2147483647)
            ]
        );
        assert!(lex("4294967296u").is_err());
        assert!(lex("3uu").is_err());
        assert!(lex("1abc").is_err());
        assert!(lex("09").is_err());
        assert!(lex("2147483648").is_err());
        assert!(lex("1e").is_err());
        assert!(lex("1e99").is_err());
        assert!(lex("@").is_err());
    }
}
