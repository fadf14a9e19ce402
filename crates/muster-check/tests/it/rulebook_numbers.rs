//! The checks take every rulebook number from `muster-rules` (one rulebook): a
//! number written again in a check drifts from the table the analysis, the docs
//! and the other checks read. This test greps the checks' code (not their
//! documentation strings, examples or comments) for the numbers the rulebook
//! sets, as digits or as words in a message.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

/// The rulebook's numbers as a check would write them in code: command ranges
/// (§69, §88), the hot radius (§24), sight into woods and buildings (§109–§121),
/// HMG zones (§57), mortar calibres (§12, §18), base frontages (§4), scales (§3, §20).
const NUMBERS: &[&str] = &[
    "3000", "3_000", "1000", "1_000", "500", "300", "100", "82", "60", "50", "45",
];

/// The same numbers as a message would spell them.
const WORDS: &[&str] = &[
    "3,000 m",
    "1,000 m",
    "500 m",
    "300 m",
    "100 m",
    "50 m",
    "45°",
    "82 mm",
    "60 mm",
    "ten men",
    "three to five",
    "models 2",
];

/// Lines that hold one of the numbers but not the rulebook's: each says why.
const ALLOWED: &[(&str, &str)] = &[(
    "const MAX_FROM_ENTRY_M: f64 = 300.0;",
    "a decision of the language (MC410), not a rulebook number",
)];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a rule file: without its documentation block (`const RULE`), its
/// unit tests and its comments. Returns `(line number, text)`.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_docs = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("pub(crate) const RULE: Rule = Rule {") {
            in_docs = true;
        }
        if in_docs {
            in_docs = line != "};";
            continue;
        }
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let code = line.split(" // ").next().unwrap_or(line);
        out.push((i + 1, code.to_string()));
    }
    out
}

/// Whether `line` writes `number` as a number of its own (not part of `1500` or
/// `x50`, nor `2.50`).
fn has_number(line: &str, number: &str) -> bool {
    let bytes = line.as_bytes();
    line.match_indices(number).any(|(i, _)| {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + number.len()).copied();
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.';
        !before.is_some_and(word) && !after.is_some_and(|b| b.is_ascii_digit() || b == b'_')
    })
}

fn findings(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in code_lines(text) {
        if ALLOWED.iter().any(|(a, _)| line.trim() == *a) {
            continue;
        }
        for number in NUMBERS.iter().filter(|x| has_number(&line, x)) {
            found.push(format!("{n}: `{number}` in {}", line.trim()));
        }
        for words in WORDS.iter().filter(|w| line.contains(*w)) {
            found.push(format!("{n}: \"{words}\" in {}", line.trim()));
        }
    }
    found
}

#[test]
fn checks_take_rulebook_numbers_from_muster_rules() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 80, "found only {} files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for x in findings(&text) {
            found.push(format!("{}:{x}", f.strip_prefix(&root).unwrap().display()));
        }
    }
    assert!(
        found.is_empty(),
        "rulebook numbers written in muster-check (take them from muster-rules):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_finds_a_number_in_code_but_not_in_docs() {
    let rule = "pub(crate) const RULE: Rule = Rule {\n    explanation: \"within 500 m\",\n};\n";
    assert!(findings(rule).is_empty());
    assert_eq!(findings("let r = 300.0;").len(), 1);
    assert_eq!(findings("format!(\"within 500 m\")").len(), 2);
    assert!(findings("let a = 1500.0 + x50 + 2.50; // 300 m").is_empty());
    assert!(findings("#[cfg(test)]\nmod tests { const A: f64 = 100.0; }").is_empty());
}
