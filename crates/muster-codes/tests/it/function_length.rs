//! No function of muster's own code is longer than a reader can hold: 120 lines,
//! tables aside. Long functions hid the quadratic spots and the copies that the
//! code had before; past the limit, split by concern.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::no_code_literals::rust_files;
use std::path::PathBuf;

const MAX_LINES: usize = 120;

/// Functions that are tables: one arm per grammar rule, read as a list.
const TABLES: &[(&str, &str)] = &[("crates/muster-syntax/src/names.rs", "describe")];

/// The text with comments, strings and character literals blanked (newlines
/// kept), so that only the code's own braces are left to count.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    while i < c.len() {
        let ident_before = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            i += 2;
            while i < c.len() && !(c[i] == '*' && c.get(i + 1) == Some(&'/')) {
                blank(&mut out, c[i]);
                i += 1;
            }
            i += 2;
        } else if c[i] == 'r' && !ident_before && matches!(c.get(i + 1), Some('#' | '"')) {
            let mut j = i + 1;
            while c.get(j) == Some(&'#') {
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            i = j + 1;
            while i < c.len() {
                if c[i] == '"' && (0..hashes).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                if let Some(&ch) = c.get(i) {
                    blank(&mut out, ch);
                }
                i += 1;
            }
            i += 1;
        } else if c[i] == '\'' && (c.get(i + 1) == Some(&'\\') || c.get(i + 2) == Some(&'\'')) {
            // a character literal, not a lifetime
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Each function's name and its length in lines, from `fn` to its closing brace.
fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        if !words[..at]
            .iter()
            .all(|w| w.starts_with("pub") || matches!(*w, "const" | "async" | "unsafe" | "extern"))
        {
            continue;
        }
        let name: String = words
            .get(at + 1)
            .map(|w| {
                w.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            })
            .unwrap_or_default();
        let (mut depth, mut opened) = (0i32, false);
        'lines: for (end, l) in lines.iter().enumerate().skip(start) {
            for ch in l.chars() {
                match ch {
                    ';' if !opened => break 'lines,
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
                if opened && depth == 0 {
                    out.push((name.clone(), start + 1, end - start + 1));
                    break 'lines;
                }
            }
        }
    }
    out
}

#[test]
fn no_function_is_longer_than_the_limit_but_the_tables() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for c in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        rust_files(&c.path().join("src"), &mut files);
    }
    assert!(files.len() > 100, "{} files", files.len());
    let mut long = Vec::new();
    let mut counted = 0;
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        for (name, line, len) in functions(&code_only(&text)) {
            counted += 1;
            if len > MAX_LINES && !TABLES.contains(&(rel.as_str(), name.as_str())) {
                long.push(format!("{rel}:{line} `{name}` is {len} lines"));
            }
        }
    }
    assert!(counted > 1000, "only {counted} functions found");
    assert!(
        long.is_empty(),
        "longer than {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn braces_in_strings_characters_and_comments_do_not_count() {
    let text = "fn a() {\n    let s = \"}}\";\n    let c = '}';\n    // }\n    let r = r#\"}\"#;\n}\nfn b<'x>(v: &'x str) {\n}\n";
    let found = functions(&code_only(text));
    assert_eq!(
        found,
        vec![("a".to_string(), 1, 6), ("b".to_string(), 7, 2)]
    );
}
