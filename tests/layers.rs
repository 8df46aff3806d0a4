//! The layers point down. Each crate's top-level modules stand in rows, bottom up; a module may
//! name a module of a lower row (`use crate::x`, `crate::x::y`, a `super::` that climbs out of
//! its module), never one of its own row or above. A path through the crate root
//! (`crate::NodeGraph`) counts as a path into the module that declares the item. Between the
//! crates, the same holds: the crate a `Cargo.toml` depends on stands below it.
//!
//! The check reads the sources as text: comments, strings and character literals are blanked
//! first, so a doc link or a message naming a module is not an import.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One crate's modules, in rows from the bottom up.
struct CrateLayers {
    /// The crate's folder, from the workspace root.
    dir: &'static str,
    /// The rows; each module is a file `src/NAME.rs` or a folder `src/NAME/`.
    rows: &'static [&'static [&'static str]],
}

/// The table. A crate with no entry is not checked module by module.
const LAYERS: &[CrateLayers] = &[
    CrateLayers {
        dir: "tsl-core",
        rows: &[
            // Plain values, the opcode table and the noise functions: they import nothing.
            &["types", "opcode", "noise"],
            // What a program reads and writes: outputs, attributes, views.
            &["interface"],
            // The bytecode and its validator; the untyped graph and its builder.
            &["program", "graph"],
            // The interpreter runs programs; the compiler reads a graph and writes a program; the
            // native emitter lowers a program to naga IR.
            &["interp", "compile", "native"],
            // The resource limits a host sets (they name the graph's hard limit).
            &["limits"],
            // The front ends over the graph: GLSL source, and typed nodes.
            &["glsl", "typed"],
        ],
    },
    CrateLayers {
        dir: "tsl-raster",
        rows: &[
            // The error type, the output transform and images, textures, geometry: plain data.
            &["error", "file"],
            &["output", "geometry"],
            &["texture", "environment"],
            // Where the assets live, the scene graph that names them, and the render settings.
            &["store"],
            &["scene"],
            &["assets"],
            // Morph targets, bones and displacement: the vertices as drawn and as picked.
            &["deform"],
            // The render settings; the loaders that fill a scene and its assets from files (glTF, object
            // JSON, MaterialX) and the picking that reads them.
            &["settings", "gltf", "json", "materialx", "raycast"],
            // Triangle set-up and clipping; the frame (programs, lights, passes, bins) over it.
            &["raster"],
            &["frame"],
            // Shading a batch of fragments, stage by stage.
            &["shade"],
            // The CPU renderer's tiles, and the GPU host: two consumers of one frame.
            &["renderer", "gpu"],
        ],
    },
];

/// The workspace's crates, bottom up: a crate may depend on those before it, not after.
const CRATES: &[&str] = &["tsl-core", "tsl-macros", "tsl-raster", "tsl"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `source` with comments, strings and character literals replaced by spaces (newlines kept, so
/// that offsets keep their lines).
fn blank_non_code(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"..." or r#"..."#, with as many hashes at the end as at the start.
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            let mut k = j + 1;
            while k < chars.len() {
                if chars[k] == '"' && (1..=hashes).all(|h| chars.get(k + h) == Some(&'#')) {
                    k += 1 + hashes;
                    break;
                }
                k += 1;
            }
            for &x in &chars[i..k.min(chars.len())] {
                out.push(blank(x));
            }
            i = k;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let skip = if chars[i] == '\\' { 2 } else { 1 };
                for &x in &chars[i..(i + skip).min(chars.len())] {
                    out.push(blank(x));
                }
                i += skip;
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{7f}') or a lifetime ('a): a literal closes
            // with a quote within a few characters.
            let end = if next == Some('\\') {
                (i + 2..chars.len().min(i + 12)).find(|&k| chars[k] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for &x in &chars[i..=end] {
                        out.push(blank(x));
                    }
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// One path that names another part of the crate: where it is and what it names.
#[derive(Debug)]
struct Reference {
    line: usize,
    /// The path as written, for the message.
    text: String,
    /// The first name past the crate root: a top-level module, or an item the root re-exports.
    target: String,
}

/// The first identifier of each tree at `text[at..]`: `name`, or every `name` of a `{a::b, c}`
/// group (nested groups are read through).
fn first_segments(text: &str, at: usize) -> Vec<String> {
    let rest = &text[at..];
    if let Some(group) = rest.strip_prefix('{') {
        let mut names = Vec::new();
        let mut depth = 0;
        let mut expect_name = true;
        let mut name = String::new();
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => expect_name = true,
                c if expect_name && (c.is_alphanumeric() || c == '_') => name.push(c),
                _ if expect_name && !name.is_empty() => {
                    names.push(std::mem::take(&mut name));
                    expect_name = false;
                }
                _ => {}
            }
        }
        if !name.is_empty() {
            names.push(name);
        }
        names
    } else {
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            vec![]
        } else {
            vec![name]
        }
    }
}

/// The paths in `code` (blanked by [`blank_non_code`]) that leave the module `depth` levels
/// below its top-level module (0 for `src/x.rs` and `src/x/mod.rs`, 1 for `src/x/y.rs`), and the
/// top-level module or root item each enters.
fn references(code: &str, depth: usize) -> Vec<Reference> {
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    // Inline modules (`mod tests {`) add a level for the lines they hold; rustfmt's indentation
    // tells where each one ends.
    let mut inline: Vec<(usize, usize)> = Vec::new(); // (start offset, end offset)
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let head = trimmed
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ");
        if head.starts_with("mod ") && trimmed.trim_end().ends_with('{') {
            let close = format!("\n{}}}", " ".repeat(indent));
            let end = code[offset..]
                .find(&close)
                .map_or(code.len(), |e| offset + e + close.len());
            inline.push((offset, end));
        }
        offset += line.len();
    }
    let inline_depth = |at: usize| {
        inline
            .iter()
            .filter(|&&(start, end)| start <= at && at < end)
            .count()
    };
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    for keyword in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(hit) = code[from..].find(keyword) {
            let at = from + hit;
            from = at + keyword.len();
            if at > 0 && is_ident(bytes[at - 1]) {
                continue;
            }
            let (names, start) = if keyword == "crate::" {
                (first_segments(code, from), at)
            } else {
                if at >= 7 && &code[at - 7..at] == "super::" {
                    continue; // counted from the first super of the chain
                }
                let mut climbs = 1;
                let mut next = from;
                while code[next..].starts_with("super::") {
                    climbs += 1;
                    next += "super::".len();
                }
                from = next;
                let level = depth + inline_depth(at);
                if climbs <= level {
                    continue; // stays inside its top-level module
                }
                (first_segments(code, next), at)
            };
            let end = code[start..]
                .find([';', '\n', '(', ')'])
                .map_or(code.len(), |e| start + e);
            for name in names {
                if name == "self" || name == "super" {
                    continue;
                }
                found.push(Reference {
                    line: line_of(at),
                    text: code[start..end].trim().to_string(),
                    target: name,
                });
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules `lib.rs` declares.
fn declared_modules(lib: &str) -> Vec<String> {
    blank_non_code(lib)
        .lines()
        .filter_map(|line| {
            // `#[cfg(feature = "gpu")] pub mod gpu;` declares a module too.
            let mut line = line.trim();
            while line.starts_with("#[") {
                line = line
                    .split_once(']')
                    .map_or("", |(_, rest)| rest.trim_start());
            }
            let rest = line
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ")
                .strip_prefix("mod ")?;
            rest.strip_suffix(';').map(|name| name.trim().to_string())
        })
        .collect()
}

/// Which top-level module declares `item`, found as `pub KIND item` in the module's files (the
/// crate root re-exports it). `None` when no module or several do.
fn declaring_module(src: &Path, modules: &[String], item: &str) -> Option<String> {
    let kinds = [
        "struct", "enum", "fn", "const", "static", "trait", "type", "mod",
    ];
    let mut owners = Vec::new();
    for module in modules {
        let mut files = Vec::new();
        let folder = src.join(module);
        if folder.is_dir() {
            rust_files(&folder, &mut files);
        } else {
            files.push(src.join(format!("{module}.rs")));
        }
        let declares = files.iter().any(|file| {
            let code = blank_non_code(&fs::read_to_string(file).unwrap_or_default());
            kinds.iter().any(|kind| {
                code.match_indices(&format!("pub {kind} {item}"))
                    .any(|(at, m)| {
                        !code[at + m.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
            })
        });
        if declares {
            owners.push(module.clone());
        }
    }
    (owners.len() == 1).then(|| owners.remove(0))
}

/// `code` (already blanked by [`blank_non_code`]) with the bodies of `#[cfg(test)]` modules
/// blanked too: a unit test stands above the whole crate, so it may use any module.
fn blank_test_modules(code: &str) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    let attribute: Vec<char> = "#[cfg(test)]".chars().collect();
    let mut i = 0;
    while i + attribute.len() <= chars.len() {
        if chars[i..i + attribute.len()] != attribute[..] {
            i += 1;
            continue;
        }
        let after: String = chars[i + attribute.len()..].iter().take(40).collect();
        let item = after.trim_start();
        let item = item.strip_prefix("pub(crate) ").unwrap_or(item);
        let open = chars[i..].iter().position(|&c| c == '{').map(|o| i + o);
        let (true, Some(open)) = (item.starts_with("mod "), open) else {
            i += attribute.len();
            continue;
        };
        // The module's body, from its `{` to the matching `}`, newlines kept.
        let mut depth = 0usize;
        let mut j = open;
        while j < chars.len() {
            match chars[j] {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if chars[j] != '\n' {
                chars[j] = ' ';
            }
            j += 1;
            if depth == 0 {
                break;
            }
        }
        i = j;
    }
    chars.into_iter().collect()
}

/// Every upward or sideways import of one crate, as `file:line: message`.
fn violations(layers: &CrateLayers) -> Vec<String> {
    let src = root().join(layers.dir).join("src");
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let modules = declared_modules(&lib);
    let row_of: BTreeMap<&str, usize> = layers
        .rows
        .iter()
        .enumerate()
        .flat_map(|(row, names)| names.iter().map(move |&n| (n, row)))
        .collect();
    let mut problems = Vec::new();
    for module in &modules {
        if !row_of.contains_key(module.as_str()) {
            problems.push(format!(
                "{}/src/lib.rs: module `{module}` has no row in the layers table of tests/layers.rs",
                layers.dir
            ));
        }
    }
    for module in &modules {
        let Some(&row) = row_of.get(module.as_str()) else {
            continue;
        };
        let folder = src.join(module);
        let mut files = Vec::new();
        if folder.is_dir() {
            rust_files(&folder, &mut files);
        } else {
            files.push(src.join(format!("{module}.rs")));
        }
        for file in files {
            let relative = file.strip_prefix(&folder).unwrap_or(&file);
            let depth = if folder.is_dir() {
                let parts = relative.components().count();
                let is_mod = relative.file_name().is_some_and(|n| n == "mod.rs");
                if is_mod {
                    parts - 1
                } else {
                    parts
                }
            } else {
                0
            };
            let code = blank_non_code(&fs::read_to_string(&file).expect("a source file"));
            let code = blank_test_modules(&code);
            for reference in references(&code, depth) {
                let name = &reference.target;
                let target = if modules.contains(name) {
                    Some(name.clone())
                } else {
                    declaring_module(&src, &modules, name)
                };
                let shown = file.strip_prefix(root()).unwrap_or(&file).display();
                let Some(target) = target else {
                    problems.push(format!(
                        "{shown}:{}: `{}` goes through the crate root to an item no single module declares; name its module",
                        reference.line, reference.text
                    ));
                    continue;
                };
                if &target == module {
                    continue;
                }
                match row_of.get(target.as_str()) {
                    Some(&r) if r < row => {}
                    Some(&r) => problems.push(format!(
                        "{shown}:{}: `{module}` (row {row}) imports `{target}` (row {r}), which is not below it: `{}`",
                        reference.line, reference.text
                    )),
                    None => {} // reported above as a module without a row
                }
            }
        }
    }
    problems
}

#[test]
fn modules_import_only_the_rows_below_them() {
    let mut problems = Vec::new();
    for layers in LAYERS {
        problems.extend(violations(layers));
    }
    assert!(
        problems.is_empty(),
        "imports that point up or sideways:\n{}",
        problems.join("\n")
    );
}

/// The names in a `Cargo.toml`'s dependency tables (`[dependencies]`, `[build-dependencies]`,
/// and their `target.…` forms; not `[dev-dependencies]`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            let table = line.trim_matches(|c| c == '[' || c == ']');
            inside = table.ends_with("dependencies") && !table.ends_with("dev-dependencies");
            // `[dependencies.NAME]` names one dependency in its header.
            if let Some((head, name)) = table.rsplit_once('.') {
                if head.ends_with("dependencies") && !head.ends_with("dev-dependencies") {
                    names.push(name.trim().to_string());
                }
            }
            continue;
        }
        if inside {
            if let Some((name, _)) = line.split_once('=') {
                let name = name.trim().trim_end_matches(".workspace").to_string();
                if !name.is_empty() && !name.starts_with('#') {
                    names.push(name);
                }
            }
        }
    }
    names
}

#[test]
fn crates_depend_only_on_the_crates_below_them() {
    let mut problems = Vec::new();
    for (level, name) in CRATES.iter().enumerate() {
        let manifest = if *name == "tsl" {
            root().join("Cargo.toml")
        } else {
            root().join(name).join("Cargo.toml")
        };
        let text = fs::read_to_string(&manifest).expect("a manifest");
        for dependency in dependencies(&text) {
            if let Some(at) = CRATES.iter().position(|c| *c == dependency) {
                if at >= level {
                    problems.push(format!(
                        "{}: `{name}` depends on `{dependency}`, which is not below it",
                        manifest.strip_prefix(root()).unwrap_or(&manifest).display()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checker finds what it should: an upward `use`, a `crate::{..}` group, a climb out of a
/// module with `super::super::`, a path through the root, and nothing in comments or strings.
#[test]
fn the_checker_sees_each_form_of_path() {
    let code = blank_non_code(
        "use crate::graph::NodeGraph;\n\
         use crate::{opcode::Opcode, types};\n\
         // use crate::interp::Lane;\n\
         const S: &str = \"crate::interp\";\n\
         fn f() { super::super::compile::x(); let c = '\"'; crate::NodeRef::new(); }\n\
         mod tests {\n    use super::*;\n}\n",
    );
    let found: Vec<(usize, String)> = references(&code, 1)
        .into_iter()
        .map(|r| (r.line, r.target))
        .collect();
    let expected = [
        (1, "graph"),
        (2, "opcode"),
        (2, "types"),
        (5, "NodeRef"),
        (5, "compile"),
    ];
    let mut found = found;
    found.sort();
    let expected: Vec<(usize, String)> = expected.iter().map(|&(l, m)| (l, m.into())).collect();
    assert_eq!(found, expected);
    assert_eq!(
        dependencies(
            "[dependencies]\na.workspace = true\nb = \"1\"\n[dev-dependencies]\nc = \"1\"\n\
             [target.'cfg(unix)'.dependencies.d]\nversion = \"1\"\n"
        ),
        ["a", "b", "d"]
    );
    assert_eq!(
        declared_modules(
            "mod a;\n#[cfg(feature = \"x\")] pub mod b;\npub(crate) mod c;\n// mod d;\n"
        ),
        ["a", "b", "c"]
    );
}
