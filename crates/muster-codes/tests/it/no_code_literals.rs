//! The catalogue is the only place a code is written as a string: everywhere else
//! names it as `Code::MC301`, so a code cannot be misspelt or drift from its entry.
//! Test files may compare output to literal codes (that is what a user sees); case
//! files, docs and `//~` lines in examples are not Rust string literals.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `"MC` then a digit: a code, or a prefix of codes, written as a string.
fn literal_codes(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    text.match_indices("\"MC")
        .filter(|(i, _)| bytes.get(i + 3).is_some_and(u8::is_ascii_digit))
        .map(|(i, _)| text[..i].lines().count().max(1))
        .collect()
}

#[test]
fn no_code_literal_outside_the_catalogue() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let crates = std::fs::read_dir(root.join("crates")).unwrap();
    for c in crates.flatten() {
        if c.file_name() == "muster-codes" {
            continue;
        }
        for sub in ["src", "benches", "build.rs"] {
            let p = c.path().join(sub);
            if p.is_file() {
                files.push(p);
            } else {
                rust_files(&p, &mut files);
            }
        }
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for line in literal_codes(&text) {
            found.push(format!(
                "{}:{line}",
                f.strip_prefix(&root).unwrap_or(f).display()
            ));
        }
    }
    assert!(
        found.is_empty(),
        "code literals outside crates/muster-codes (write `Code::MC…`):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_a_literal() {
    assert_eq!(literal_codes("let a = 1;\nif c == \"MC301\" {}"), vec![2]);
    assert!(literal_codes("// `MC301` and \"MCx\"").is_empty());
}
