//! The repository stands alone: no source or document cites a file that a clone does not have
//! (the specification and notes the project was made from live outside it), and every
//! requirement id that a file cites (`R-OUT-4`, or a group such as `R-OUT`) is defined in
//! `docs/requirements.md`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The kinds of file that hold code or prose.
const EXTENSIONS: &[&str] = &["rs", "wgsl", "md", "toml", "py", "mjs", "sh"];

/// Folders that hold no source: build output, version control, installed packages.
const SKIPPED_DIRS: &[&str] = &["target", ".git", "node_modules"];

/// Citations of files outside the repository. Written in pieces so that this file does not cite
/// them itself.
fn outside_citations() -> Vec<String> {
    [
        ["spec", "/00"],
        ["shared", "/reference"],
        ["shared", "/spec"],
        ["shared", "/tools"],
        ["DESIGN", ".md"],
        ["threejs-r187", ".md"],
        ["wgpu-lavapipe", ".md"],
        ["reference ", "§"],
    ]
    .iter()
    .map(|parts| parts.concat())
    .collect()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` with one of [`EXTENSIONS`], outside [`SKIPPED_DIRS`], in a stable order.
fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        if kind.is_dir() {
            if !SKIPPED_DIRS.contains(&name.as_str()) {
                source_files(&path, out);
            }
        } else if kind.is_file()
            && path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
}

/// The requirement ids a text cites: `R-` after a character that is not part of a word, capital
/// letters, and an optional `-` and number (`R-OUT-4`, `R-OUT`).
fn cited_ids(line: &str) -> Vec<String> {
    let bytes = line.as_bytes();
    let mut ids = Vec::new();
    let mut i = 0;
    while let Some(found) = line[i..].find("R-") {
        let start = i + found;
        i = start + 2;
        let after_word =
            start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_');
        if after_word {
            continue;
        }
        let mut end = start + 2;
        while end < bytes.len() && bytes[end].is_ascii_uppercase() {
            end += 1;
        }
        if end == start + 2 {
            continue;
        }
        if end + 1 < bytes.len() && bytes[end] == b'-' && bytes[end + 1].is_ascii_digit() {
            end += 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
        }
        // A longer word (`R-OUT-4a`) is not an id.
        if end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
            continue;
        }
        ids.push(line[start..end].to_string());
        i = end;
    }
    ids
}

/// The ids and groups that `docs/requirements.md` defines: the first cell of a table row.
fn defined_ids() -> BTreeSet<String> {
    let text = fs::read_to_string(root().join("docs/requirements.md"))
        .expect("docs/requirements.md is part of the repository");
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        let mut cells = line.split('|').map(str::trim);
        // A row starts with `|`, so the first piece is empty.
        if cells.next() != Some("") {
            continue;
        }
        let Some(first) = cells.next() else {
            continue;
        };
        // The group table lists the group in its second cell.
        let second = cells.next().unwrap_or("");
        for cell in [first, second] {
            let found = cited_ids(cell);
            if found.len() == 1 && found[0] == cell {
                ids.insert(cell.to_string());
            }
        }
    }
    ids
}

#[test]
fn the_requirement_ids_are_defined_once_and_in_order() {
    let text = fs::read_to_string(root().join("docs/requirements.md")).unwrap();
    let mut seen = BTreeSet::new();
    let mut groups = BTreeSet::new();
    for line in text.lines() {
        let Some(id) = line
            .strip_prefix("| ")
            .and_then(|rest| rest.split(' ').next())
        else {
            continue;
        };
        let ids = cited_ids(id);
        if ids.len() != 1 || ids[0] != id || !id[2..].contains('-') {
            continue;
        }
        assert!(seen.insert(id.to_string()), "{id} is defined twice");
        let group = id.rsplit_once('-').unwrap().0.to_string();
        groups.insert(group);
    }
    assert!(seen.len() > 100, "only {} requirements found", seen.len());
    // Each group's ids run 1, 2, 3, ... with none missing.
    for group in &groups {
        let count = seen
            .iter()
            .filter(|id| id.rsplit_once('-').unwrap().0 == group)
            .count();
        for n in 1..=count {
            assert!(
                seen.contains(&format!("{group}-{n}")),
                "{group}-{n} is missing"
            );
        }
    }
}

#[test]
fn no_file_cites_a_document_outside_the_repository() {
    let mut files = Vec::new();
    source_files(&root(), &mut files);
    assert!(
        files.len() > 100,
        "only {} files found under {:?}",
        files.len(),
        root()
    );
    let patterns = outside_citations();
    let mut found = Vec::new();
    for path in &files {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        for (number, line) in text.lines().enumerate() {
            if let Some(pattern) = patterns.iter().find(|p| line.contains(p.as_str())) {
                let rel = path.strip_prefix(root()).unwrap_or(path);
                found.push(format!("{}:{}: cites {pattern}", rel.display(), number + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} lines cite files a clone does not have; cite a requirement of \
         docs/requirements.md instead, or explain in place:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_cited_requirement_is_defined() {
    let defined = defined_ids();
    assert!(defined.contains("R-OUT-4") && defined.contains("R-OUT"));
    let mut files = Vec::new();
    source_files(&root(), &mut files);
    let mut unknown = Vec::new();
    for path in &files {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        for (number, line) in text.lines().enumerate() {
            for id in cited_ids(line) {
                if !defined.contains(&id) {
                    let rel = path.strip_prefix(root()).unwrap_or(path);
                    unknown.push(format!("{}:{}: {id}", rel.display(), number + 1));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "ids that docs/requirements.md does not define:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn ids_are_found_where_they_are_words() {
    assert_eq!(
        cited_ids("see R-OUT-4, and R-MAT-2 to R-MAT-6."),
        ["R-OUT-4", "R-MAT-2", "R-MAT-6"]
    );
    assert_eq!(cited_ids("the group (R-VAL)"), ["R-VAL"]);
    assert_eq!(
        cited_ids("[R-EX-1](docs/requirements.md#worked-examples)"),
        ["R-EX-1"]
    );
    assert!(cited_ids("SR-GB, R-value, R-OUT-4a, R-").is_empty());
}
