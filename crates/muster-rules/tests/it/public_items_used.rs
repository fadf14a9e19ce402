//! Every public item of the rulebook crate is used: by another crate, or by the
//! crate's own code outside its tests. A rule nobody asks is a second opinion
//! waiting to disagree with the copy a check writes instead.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
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

/// The text before the file's unit tests.
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |i| &text[..i])
}

/// `(name, line)` of each `pub fn|const|struct|enum|static|type NAME` in `text`.
fn public_items(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        for kw in [
            "pub fn ",
            "pub const ",
            "pub struct ",
            "pub enum ",
            "pub static ",
            "pub type ",
        ] {
            if let Some(rest) = t.strip_prefix(kw) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                // `pub const fn name`
                let name = if name == "fn" {
                    rest[3..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect()
                } else {
                    name
                };
                out.push((name, i + 1));
            }
        }
    }
    out
}

/// How often `name` occurs in `text` as a whole word.
fn occurrences(text: &str, name: &str) -> usize {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    text.match_indices(name)
        .filter(|(i, _)| {
            !i.checked_sub(1).is_some_and(|j| word(bytes[j]))
                && !bytes.get(i + name.len()).is_some_and(|b| word(*b))
        })
        .count()
}

#[test]
fn every_public_item_of_muster_rules_is_used() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let own = root.join("crates/muster-rules/src");
    let mut own_files = Vec::new();
    rust_files(&own, &mut own_files);
    let own_text: Vec<(PathBuf, String)> = own_files
        .iter()
        .map(|f| (f.clone(), std::fs::read_to_string(f).unwrap()))
        .collect();
    // the code of every other crate and the binary, tests included: a public
    // item that only a test of another crate reads is still checked by it
    let mut others = Vec::new();
    rust_files(&root.join("src"), &mut others);
    for c in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        if c.file_name() != "muster-rules" {
            for sub in ["src", "tests", "benches"] {
                rust_files(&c.path().join(sub), &mut others);
            }
        }
    }
    assert!(others.len() > 50, "found only {} files", others.len());
    let other_text: String = others
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    let own_code: String = own_text
        .iter()
        .map(|(_, t)| without_tests(t))
        .collect::<Vec<_>>()
        .join("\n");
    let mut unused = Vec::new();
    for (file, text) in &own_text {
        for (name, line) in public_items(without_tests(text)) {
            let used_elsewhere = occurrences(&other_text, &name) > 0;
            // more than its own definition in the crate's code
            let used_here = occurrences(&own_code, &name) > 1;
            if !used_elsewhere && !used_here {
                unused.push(format!(
                    "{}:{line}: {name}",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        unused.is_empty(),
        "public items of muster-rules that nothing uses (use them or delete them):\n{}",
        unused.join("\n")
    );
}

#[test]
fn the_scan_finds_items_and_words() {
    let items = public_items("pub fn a_b(x: u8) {}\n  pub const fn c() {}\npub const D: u8 = 1;\n");
    assert_eq!(
        items,
        vec![("a_b".into(), 1), ("c".into(), 2), ("D".into(), 3)]
    );
    assert_eq!(occurrences("a_b(1); xa_b; a_bc", "a_b"), 1);
}
