//! docs/tsl-coverage.md against three.js's export list and our sources: every export of three
//! r187's `TSL.js` (`tools/tsl_coverage/exports.tsv`, listed from three's own sources by
//! `tools/tsl_coverage/list_exports.mjs`) has exactly one row, in order; every row has a status
//! and a reason where it is not supported; and every name a supported row gives is defined in
//! tsl-core (a `fn`, a `const` or a row of a macro table of that name), so the page cannot claim
//! a function that does not exist. The summary's counts are the rows'.

use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Every `.rs` file under `dir`, concatenated.
fn sources(dir: &str) -> String {
    fn walk(dir: &Path, out: &mut String) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for entry in entries {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
                out.push('\n');
            }
        }
    }
    let mut out = String::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut out);
    out
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `name` is defined in `text`: `pub fn name`, `pub const name:`, or a line of a macro
/// table that defines it (`name -> Vec2;`, `name(a, b) => Add;`, `name => Uv;`).
fn defines(text: &str, name: &str) -> bool {
    let after = |prefix: &str| {
        text.match_indices(prefix).any(|(i, _)| {
            let rest = &text[i + prefix.len()..];
            rest.strip_prefix(name)
                .is_some_and(|r| !r.starts_with(is_ident_char))
        })
    };
    if after("pub fn ") || after("pub const ") {
        return true;
    }
    text.lines().any(|line| {
        let Some(rest) = line.trim_start().strip_prefix(name) else {
            return false;
        };
        if rest.starts_with(is_ident_char) {
            return false;
        }
        // `name(a, b) => Add;`, `name -> Vec2;`, `name as "alias", "x" -> Vec3;`: what comes
        // before the arrow is one row's arguments, and the row ends with its target.
        let arrow = [rest.find("->"), rest.find("=>")]
            .into_iter()
            .flatten()
            .min();
        let Some(arrow) = arrow else {
            return false;
        };
        let (head, target) = (&rest[..arrow], rest[arrow + 2..].trim());
        !head.contains([';', '{', '}', '='])
            && target.strip_suffix(';').is_some_and(|t| {
                t.trim()
                    .chars()
                    .all(|c| is_ident_char(c) || ":<>".contains(c))
            })
    })
}

/// The text between the first pair of backticks of a cell, or "".
fn code(cell: &str) -> &str {
    cell.split('`').nth(1).unwrap_or("")
}

#[test]
fn every_export_is_classified_once_and_every_supported_name_exists() {
    let exports: Vec<(String, String)> = read("tools/tsl_coverage/exports.tsv")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (name, module) = l.split_once('\t').expect("name<TAB>module");
            (name.to_string(), module.to_string())
        })
        .collect();
    // three r187's TSL.js exports 687 names (counted with `Object.keys(await import(TSL.js))`).
    assert_eq!(exports.len(), 687, "tools/tsl_coverage/exports.tsv");

    let doc = read("docs/tsl-coverage.md");
    let rows: Vec<Vec<&str>> = doc
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), exports.len(), "one row per export");

    let typed = sources("tsl-core/src/typed");
    let graph = sources("tsl-core/src/graph");
    let (mut supported, mut na, mut refused) = (0, 0, 0);
    for (row, (name, module)) in rows.iter().zip(&exports) {
        assert_eq!(row.len(), 6, "six cells: {row:?}");
        assert_eq!(code(row[0]), name, "rows follow TSL.js's order");
        assert_eq!(row[1], module, "{name}'s module");
        match row[2] {
            "supported" => {
                supported += 1;
                let (t, b) = (code(row[3]), code(row[4]));
                assert!(
                    !(t.is_empty() && b.is_empty()),
                    "{name}: supported by what?"
                );
                // A typed name is a function or constant (`rotate_uv`), or an expression a
                // note explains (`a + b`); a builder name is `graph.method`.
                if !t.is_empty() && t.chars().all(is_ident_char) {
                    assert!(
                        defines(&typed, t),
                        "{name}: `{t}` is not defined in the typed front"
                    );
                }
                if let Some(method) = b.strip_prefix("graph.") {
                    assert!(
                        defines(&graph, method),
                        "{name}: `{b}` is not a NodeGraph method"
                    );
                }
            }
            "n/a" | "refused" => {
                if row[2] == "n/a" {
                    na += 1;
                } else {
                    refused += 1;
                }
                assert!(row[5].len() > 10, "{name}: {} says why", row[2]);
            }
            other => panic!("{name}: unknown status {other:?}"),
        }
    }
    for (label, count) in [
        ("supported", supported),
        ("not applicable to a material program", na),
    ] {
        assert!(
            doc.contains(&format!("| {label} | {count} |")),
            "the summary's {label} count is {count}"
        );
    }
    assert!(doc.contains(&format!("| refused | {refused} (")));
}
