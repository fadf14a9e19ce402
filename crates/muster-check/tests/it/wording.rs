//! Every message template, read as English: runs every registry failing example,
//! every case file and the shipped pack, and looks through each message, label
//! and help for the slips `muster_syntax::wording` exists to prevent ("has 1
//! figures", "a integrated element", "an unit", "1.0 km" for 1,001 m). Also checks
//! that every finding says what to do (`help` is never empty).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::registry::rules;
use muster_check::{example_source, run};
use muster_model::{MemoryWorld, PackConfig};
use muster_syntax::Diagnostic;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.muster` file under `dir`, relative to `dir`.
fn muster_files(base: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            muster_files(base, &path, out);
        } else if path.extension().is_some_and(|e| e == "muster") {
            let rel = path.strip_prefix(base).unwrap().to_string_lossy();
            out.push(rel.replace('\\', "/"));
        }
    }
}

/// Every diagnostic of every scenario of a folder (library files are not run alone).
fn folder(dir: &Path) -> Vec<(String, Diagnostic)> {
    let mut files = Vec::new();
    muster_files(dir, dir, &mut files);
    files.sort();
    let mut world = MemoryWorld::new();
    for f in &files {
        world.insert(f.clone(), std::fs::read_to_string(dir.join(f)).unwrap());
    }
    files
        .iter()
        .filter(|f| !f.starts_with("lib/"))
        .flat_map(|f| {
            run(&world, f, &PackConfig::default())
                .diagnostics
                .into_iter()
                .map(move |d| (f.clone(), d))
        })
        .collect()
}

/// Words a count may stand before in the singular only: "1 figures" is a slip.
fn plural_after_one(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).any(|w| {
        let noun = w[1].trim_matches(|c: char| !c.is_ascii_alphabetic());
        w[0].trim_start_matches(['(', '`']) == "1"
            && noun.len() > 3
            && noun.ends_with('s')
            && !noun.ends_with("ss")
    })
}

/// `a` before a vowel sound or `an` before a consonant, as the wording module decides.
fn wrong_article(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).find_map(|w| {
        let said = w[0].to_ascii_lowercase();
        let said = said.trim_start_matches(['(', '"']);
        if said != "a" && said != "an" {
            return None;
        }
        // backticked names are read as written; don't judge them
        if w[1].starts_with('`') {
            return None;
        }
        let want = muster_syntax::wording::article(w[1]);
        (want != said).then(|| format!("{} {}", w[0], w[1]))
    })
}

/// "1.0 km" for a distance that must read in metres.
fn rounded_kilometres(text: &str) -> bool {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w[1].starts_with("km") && w[0].parse::<f64>().is_ok_and(|v| v < 10.0))
}

fn slips(d: &Diagnostic) -> Vec<String> {
    let mut texts = vec![d.message.clone()];
    texts.extend(d.labels.iter().map(|l| l.message.clone()));
    texts.extend(d.help.clone());
    let mut out = Vec::new();
    for t in &texts {
        if plural_after_one(t) {
            out.push(format!("plural after one: {t:?}"));
        }
        if let Some(w) = wrong_article(t) {
            out.push(format!("article `{w}`: {t:?}"));
        }
        if rounded_kilometres(t) {
            out.push(format!("kilometres under 10 km: {t:?}"));
        }
    }
    if d.help.as_deref().is_none_or(|h| h.trim().is_empty()) {
        out.push(format!("no help: {:?}", d.message));
    }
    out
}

#[test]
fn every_message_reads_as_english_and_says_what_to_do() {
    let mut all: Vec<(String, Diagnostic)> = Vec::new();
    for r in rules() {
        let mut world = MemoryWorld::new();
        world.insert("example.muster", example_source(r.failing));
        let found = run(&world, "example.muster", &PackConfig::default()).diagnostics;
        all.extend(
            found
                .into_iter()
                .map(|d| (format!("{} example", r.code), d)),
        );
    }
    all.extend(folder(&root().join("tests/cases")));
    all.extend(folder(&root().join("scenarios")));
    assert!(all.len() > 200, "too few findings read: {}", all.len());
    let bad: Vec<String> = all
        .iter()
        .flat_map(|(f, d)| {
            slips(d)
                .into_iter()
                .map(move |s| format!("{f} {}: {s}", d.code))
        })
        .collect();
    assert!(bad.is_empty(), "{} slip(s):\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_slip_finders_find_slips() {
    assert!(plural_after_one("has 1 figures"));
    assert!(!plural_after_one("has 1 figure"));
    assert!(wrong_article("is a integrated element").is_some());
    assert!(wrong_article("a 83 mm mortar").is_some());
    assert!(wrong_article("an unit").is_some());
    assert!(wrong_article("an integrated element").is_none());
    assert!(rounded_kilometres("reaches 1.0 km, beyond 1,000 m"));
    assert!(!rounded_kilometres("reaches 1,001 m, beyond 1,000 m"));
}
