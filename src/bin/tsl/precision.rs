//! WebGL's default-precision rule for a raw fragment shader: the fragment language has no default
//! float precision (GLSL ES 1.00 and 3.00, section 4.5.3 in 1.00), so a fragment shader that
//! declares a float, a vector or a matrix with no precision qualifier and no `precision ... float;`
//! statement in scope before it does not compile in WebGL. Mesa 22.3.6 refuses each such
//! declaration with "No precision specified in this scope for type `float'"; a shader that only
//! constructs values (`gl_FragColor = vec4(1.0);`) declares nothing and compiles.
//!
//! A ShaderMaterial gets three.js's prefix, which declares the precision, so only `--raw`
//! fragment shaders are held to this. The scan is lexical: comments and preprocessor lines are
//! skipped, braces open and close scopes.

/// The float-based types: scalars, vectors and matrices.
const FLOAT_TYPES: [&str; 16] = [
    "float", "vec2", "vec3", "vec4", "mat2", "mat3", "mat4", "mat2x2", "mat2x3", "mat2x4",
    "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4",
];

const QUALIFIERS: [&str; 3] = ["lowp", "mediump", "highp"];

/// One token: its text and place (line and column from one).
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// The identifiers and punctuation of `source`, without comments and preprocessor lines.
fn tokens(source: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let bytes = source.as_bytes();
    let (mut i, mut line, mut line_start) = (0, 1, 0);
    let mut at_line_start = true;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            i += 1;
            line += 1;
            line_start = i;
            at_line_start = true;
            continue;
        }
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if at_line_start && b == b'#' {
            // A directive runs to the end of its line (a `\` continuation is rare in shaders).
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        at_line_start = false;
        if bytes[i..].starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if bytes[i..].starts_with(b"/*") {
            i += 2;
            while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
                if bytes[i] == b'\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            i = (i + 2).min(bytes.len());
            continue;
        }
        let start = i;
        if b.is_ascii_alphanumeric() || b == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
        } else {
            // One character (of any width: the slice must end on a boundary).
            i += source[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(Token {
            text: &source[start..i],
            line,
            column: source[line_start..start].chars().count() + 1,
        });
    }
    out
}

/// The first declaration of a float-based type with no precision, as (line, column, type).
pub fn missing_float_precision(source: &str) -> Option<(usize, usize, String)> {
    let tokens = tokens(source);
    // The brace depths at which a default float precision was declared, innermost last.
    let mut defaults: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        match t.text {
            "{" => depth += 1,
            "}" => {
                defaults.retain(|&d| d < depth);
                depth = depth.saturating_sub(1);
            }
            "precision" => {
                // `precision QUALIFIER TYPE ;`
                if tokens.get(i + 2).is_some_and(|t| t.text == "float") {
                    defaults.push(depth);
                }
                i += 3;
                continue;
            }
            ty if FLOAT_TYPES.contains(&ty) => {
                let constructor = tokens.get(i + 1).is_some_and(|n| n.text == "(");
                let qualified = i > 0 && QUALIFIERS.contains(&tokens[i - 1].text);
                if !constructor && !qualified && defaults.is_empty() {
                    return Some((t.line, t.column, ty.to_string()));
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::missing_float_precision as check;

    #[test]
    fn the_cases_mesa_judged() {
        // Mesa 22.3.6 (llvmpipe, OpenGL ES 3.2) on each fragment shader: compiled or refused at
        // the place given.
        assert_eq!(check("void main(){ gl_FragColor = vec4(1.0); }\n"), None);
        assert_eq!(
            check("uniform float uX;\nvoid main(){ gl_FragColor = vec4(uX); }\n"),
            Some((1, 9, "float".into()))
        );
        assert_eq!(
            check("void main(){ float x = 1.0; gl_FragColor = vec4(x); }\n"),
            Some((1, 14, "float".into()))
        );
        assert_eq!(
            check("varying vec2 vUv;\nvoid main(){ gl_FragColor = vec4(vUv, 0.0, 1.0); }\n"),
            Some((1, 9, "vec2".into()))
        );
        assert_eq!(
            check("#version 300 es\nout vec4 o;\nvoid main(){ o = vec4(1.0); }\n"),
            Some((2, 5, "vec4".into()))
        );
        assert_eq!(
            check(
                "precision mediump float;\nvoid main(){ float x = 1.0; gl_FragColor = vec4(x); }\n"
            ),
            None
        );
    }

    #[test]
    fn qualifiers_scopes_and_comments() {
        assert_eq!(
            check("uniform highp vec3 c; // float x;\n/* vec2 y; */\n"),
            None
        );
        // A default declared in a block ends with it.
        assert_eq!(
            check("void f(){ precision highp float; float a; }\nvoid main(){ float b; }\n"),
            Some((2, 14, "float".into()))
        );
        assert_eq!(
            check("#define X float y;\nprecision lowp float;\nvec4 z;\n"),
            None
        );
    }
}
