//! The formatter keeps meaning, comments and itself: on every shipped scenario
//! and library, every case file and fixture, and a corpus of re-spaced files, the
//! check result (the multiset of code and underlined text) is the same before and
//! after formatting, formatting twice changes nothing, and every comment is kept.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The folders holding `.muster` files, each read as one pack.
const PACKS: &[&str] = &[
    "scenarios",
    "tests/cases",
    "tests/fixtures",
    "crates/muster-syntax/tests/fixtures",
];

/// Every `.muster` file under `dir`, relative to it.
fn files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "muster") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy();
            out.push(rel.replace('\\', "/"));
        }
    }
}

struct Pack {
    root: PathBuf,
    files: BTreeMap<String, String>,
}

fn pack(dir: &str) -> Pack {
    let root = repo().join(dir);
    let mut names = Vec::new();
    files(&root, &root, &mut names);
    let files = names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root.join(&n)).unwrap();
            (n, text)
        })
        .collect();
    Pack { root, files }
}

/// The pack configuration a file is checked under: a case's own `NAME.toml`, or
/// the pack's `muster.toml`.
fn config(root: &Path, file: &str) -> PackConfig {
    let own = root.join(file.replace(".muster", ".toml"));
    let shared = root.join("muster.toml");
    [own, shared]
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| PackConfig::from_toml(&t).ok())
        .unwrap_or_default()
}

/// Underlined text compared without layout: whitespace outside quoted texts is
/// dropped (the formatter itself compares every token, so this only forgives
/// spacing, e.g. the space it puts between `blue"Blue"`'s two tokens), and runs
/// of whitespace inside a quoted text are one space.
fn normal(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    let mut gap = false;
    for ch in text.chars() {
        if ch == '"' {
            quoted = !quoted;
        }
        if ch.is_whitespace() {
            gap = quoted;
            continue;
        }
        if gap {
            out.push(' ');
            gap = false;
        }
        out.push(ch);
    }
    out
}

/// The multiset of (file, code, underlined text) of every label of every finding.
fn findings(world: &BTreeMap<String, String>, root: &Path) -> BTreeMap<String, usize> {
    let mut mem = MemoryWorld::new();
    for (name, text) in world {
        mem.insert(name.clone(), text.clone());
    }
    let mut out = BTreeMap::new();
    for name in world
        .keys()
        .filter(|n| !n.starts_with("lib/") && !n.contains("/lib/"))
    {
        let outcome = run(&mem, name, &config(root, name));
        for d in &outcome.diagnostics {
            for l in &d.labels {
                let text = outcome
                    .model
                    .files
                    .iter()
                    .find(|f| f.id == l.file)
                    .and_then(|f| f.text.get(l.span.start..l.span.end))
                    .unwrap_or("");
                let key = format!("{name} {} `{}`", d.code, normal(text));
                *out.entry(key).or_insert(0) += 1;
            }
        }
    }
    out
}

/// Formats every file of a pack; a file with a syntax problem stays as it is.
fn formatted(files: &BTreeMap<String, String>) -> (BTreeMap<String, String>, usize) {
    let mut refused = 0;
    let out = files
        .iter()
        .map(|(n, t)| match muster_fmt::format(t) {
            Ok(f) => (n.clone(), f),
            Err(muster_fmt::FormatError::Syntax) => {
                let parsed = muster_syntax::parse(muster_syntax::FileId(0), t);
                assert!(
                    parsed
                        .diagnostics
                        .iter()
                        .any(|d| d.code == "MC001" || d.code == "MC003"),
                    "{n} was refused but has no syntax error"
                );
                refused += 1;
                (n.clone(), t.clone())
            }
            Err(e) => panic!("{n}: {e}"),
        })
        .collect();
    (out, refused)
}

fn comments(text: &str) -> Vec<String> {
    muster_syntax::parse(muster_syntax::FileId(0), text)
        .file
        .comments
        .into_iter()
        .map(|c| c.text.replace("\r\n", "\n"))
        .collect()
}

/// Idempotence and comments for one pack.
fn stable_and_commented(p: &Pack, out: &BTreeMap<String, String>) {
    for (name, before) in &p.files {
        let after = &out[name];
        assert_eq!(
            muster_fmt::format(after).as_ref().unwrap_or(after),
            after,
            "{name}: formatting twice changes the file"
        );
        assert_eq!(
            comments(before),
            comments(after),
            "{name}: comments changed"
        );
    }
}

#[test]
fn every_pack_keeps_its_meaning_comments_and_layout() {
    let mut total_comments = 0;
    for dir in PACKS {
        let p = pack(dir);
        let (out, refused) = formatted(&p.files);
        stable_and_commented(&p, &out);
        total_comments += p.files.values().map(|t| comments(t).len()).sum::<usize>();
        assert_eq!(
            findings(&p.files, &p.root),
            findings(&out, &p.root),
            "{dir}: the check result changed"
        );
        // Only files that do not parse are refused (checked by `refused` above).
        eprintln!("{dir}: {} files, {refused} refused", p.files.len());
    }
    assert!(
        total_comments > 100,
        "only {total_comments} comments counted"
    );
}

/// Re-spaces a file: every gap of whitespace between tokens and comments becomes
/// one of a few others, keeping whether it held a line break (a line comment ends
/// at one) and whether the next line is indented (an item keyword at the margin
/// starts an item).
fn respace(text: &str, picks: &[u8]) -> Option<String> {
    let tree = muster_syntax::cst::parse(text)?;
    let mut pieces: Vec<(usize, usize)> = tree
        .tokens()
        .iter()
        .map(|t| (t.span.start, t.span.end))
        .collect();
    pieces.extend(tree.comments.iter().map(|c| (c.span.start, c.span.end)));
    pieces.sort();
    let mut out = String::new();
    let mut at = 0;
    for (k, (start, end)) in pieces.into_iter().enumerate() {
        let run = &text[at..start];
        let pick = picks[k % picks.len()];
        let lines = run.matches('\n').count();
        let mut new = match (lines, pick % 2) {
            (0, _) if at == 0 => String::new(),
            (0, 0) => " ".to_string(),
            (0, _) => " \t ".to_string(),
            (1, 0) => "\n".to_string(),
            (1, _) => " \t\n".to_string(),
            (_, 0) => "\n\n".to_string(),
            (_, _) => "\n \n\n".to_string(),
        };
        if lines > 0 && !run.ends_with('\n') {
            new.push_str(if pick.is_multiple_of(3) {
                "\t"
            } else {
                "      "
            });
        }
        out.push_str(&new);
        out.push_str(&text[start..end]);
        at = end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Re-spaced shipped scenarios: formatting is stable, keeps comments and keeps
    /// the check result of the original.
    #[test]
    fn respaced_scenarios(which in 0usize..64, picks in proptest::collection::vec(any::<u8>(), 1..64)) {
        let p = pack("scenarios");
        let names: Vec<&String> = p.files.keys().collect();
        let name = names[which % names.len()].clone();
        let original = p.files[&name].clone();
        let spaced = respace(&original, &picks).unwrap();
        let once = muster_fmt::format(&spaced);
        prop_assume!(once.is_ok());
        let once = once.unwrap();
        prop_assert_eq!(muster_fmt::format(&once).unwrap(), once.clone());
        prop_assert_eq!(comments(&spaced), comments(&once));
        let mut a = p.files.clone();
        a.insert(name.clone(), spaced);
        let mut b = p.files.clone();
        b.insert(name.clone(), once);
        prop_assert_eq!(findings(&a, &p.root), findings(&b, &p.root));
    }
}

/// The committed fuzz corpus of the checker (`fuzz/corpus/check`): inputs the
/// fuzzer kept because they reach new code, so odd layouts the pack never uses.
/// Each one that parses keeps its meaning and comments and formats stably.
#[test]
fn the_fuzz_corpus_keeps_its_meaning() {
    let dir = repo().join("fuzz/corpus/check");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    assert!(entries.len() > 100, "the corpus at {dir:?} is missing");
    let (mut formatted_files, mut refused) = (0, 0);
    let mut changed = Vec::new();
    for path in entries {
        let Ok(text) = String::from_utf8(std::fs::read(&path).unwrap()) else {
            continue;
        };
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let p = Pack {
            root: dir.clone(),
            files: BTreeMap::from([("s.muster".to_string(), text)]),
        };
        let (out, r) = std::panic::catch_unwind(|| formatted(&p.files))
            .unwrap_or_else(|_| panic!("fuzz/corpus/check/{name}: the formatter failed"));
        refused += r;
        if r == 0 {
            formatted_files += 1;
        }
        stable_and_commented(&p, &out);
        let (before, after) = (findings(&p.files, &p.root), findings(&out, &p.root));
        if before != after {
            let gone: Vec<_> = before.iter().filter(|x| !after.contains_key(x.0)).collect();
            let new: Vec<_> = after.iter().filter(|x| !before.contains_key(x.0)).collect();
            changed.push(format!("{name}: lost {gone:?}, gained {new:?}"));
        }
    }
    assert!(
        changed.is_empty(),
        "the check result changed for {} corpus files:\n{}",
        changed.len(),
        changed.join("\n")
    );
    eprintln!("fuzz corpus: {formatted_files} formatted, {refused} refused");
    assert!(
        formatted_files > 50,
        "only {formatted_files} corpus files parse"
    );
}
