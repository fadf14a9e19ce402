//! Runs every case file under `tests/cases` and compares what `run` reports with
//! the expectations written in the file: `//~ MC301` on the line where the primary
//! span starts, or `// expect: MC109` in a header comment for file-wide findings.
//! A `NAME.toml` beside `NAME.muster` is read as the pack's `muster.toml`.
//! Words after the codes (`//~ MC804 names enemy unit \`kg\``) must appear in the
//! message, a label or the help of a finding with the last code on that line: the
//! case then tests what the user reads, not only that a code fired.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::registry::rules;
use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases")
}

/// Every `.muster` file of the folder, pack-relative.
fn muster_files(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            muster_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "muster") {
            out.push(
                path.strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/"),
            );
        }
    }
}

/// Whether a word of an expectation is a diagnostic code (`MC123`).
fn is_code(word: &str) -> bool {
    word.len() == 5 && word.starts_with("MC") && word[2..].bytes().all(|b| b.is_ascii_digit())
}

/// Text the user must read: after the codes of a `//~` mark, the words that the
/// message, a label or the help of the last marked code on that line must
/// contain (`//~ MC004 allowed from 1 to 300`).
fn expected_texts(text: &str) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.split("//~").nth(1) else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let codes = words.iter().take_while(|w| is_code(w)).count();
        let said = words[codes..].join(" ");
        if let (Some(code), false) = (
            words[..codes].last().filter(|c| reported_by_run(c)),
            said.is_empty(),
        ) {
            out.push((code.to_string(), i + 1, said));
        }
    }
    out
}

/// Whether `run` reports the code: the notes of the printed maps (MC904–MC906)
/// come from `muster build`, whose test holds their cases (`tests/it/map_notes.rs`).
fn reported_by_run(code: &str) -> bool {
    use muster_codes::Phase;
    muster_codes::Code::parse(code)
        .is_none_or(|c| !matches!(c.phase(), Phase::Maps | Phase::Interchange))
}

/// What a case expects: `(code, line)` pairs, and codes expected anywhere.
fn expectations(text: &str) -> (BTreeSet<(String, usize)>, BTreeSet<String>) {
    let mut lines = BTreeSet::new();
    let mut anywhere = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(rest) = line.split("//~").nth(1) {
            lines.extend(
                rest.split_whitespace()
                    .take_while(|w| is_code(w))
                    .filter(|c| reported_by_run(c))
                    .map(|c| (c.to_string(), i + 1)),
            );
        }
        if let Some(rest) = line.trim_start().strip_prefix("// expect:") {
            anywhere.extend(rest.split_whitespace().map(str::to_string));
        }
    }
    (lines, anywhere)
}

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Runs one case; returns a description of the mismatch, if any.
fn run_case(world: &MemoryWorld, path: &str, text: &str) -> Option<String> {
    let toml = cases_dir().join(path.replace(".muster", ".toml"));
    let (pack, mut pack_diags) = match std::fs::read_to_string(&toml) {
        Ok(t) => match PackConfig::from_toml(&t) {
            Ok(p) => (p, Vec::new()),
            Err(d) => (PackConfig::default(), d),
        },
        Err(_) => (PackConfig::default(), Vec::new()),
    };
    // A case may come with the club collection it is checked against.
    let mut pack = pack;
    let collection = cases_dir().join(path.replace(".muster", ".collection.toml"));
    if let Ok(t) = std::fs::read_to_string(&collection) {
        match muster_model::Collection::from_toml(&t) {
            Ok(c) => pack.collection = Some(c),
            Err(d) => pack_diags.extend(d),
        }
    }
    let outcome = run(world, path, &pack);
    pack_diags.extend(outcome.diagnostics.iter().cloned());
    let (want_lines, want_anywhere) = expectations(text);
    let mut got_lines = BTreeSet::new();
    let mut got_anywhere = BTreeSet::new();
    for d in &pack_diags {
        match d.primary() {
            Some(l) if l.file.0 == 0 => {
                got_lines.insert((d.code.to_string(), line_of(text, l.span.start)));
            }
            _ => {
                got_anywhere.insert(d.code.to_string());
            }
        }
    }
    let unexpected: Vec<_> = got_lines
        .iter()
        .filter(|(c, l)| !want_lines.contains(&(c.clone(), *l)) && !want_anywhere.contains(c))
        .map(|(c, l)| format!("{c} on line {l}"))
        .chain(
            got_anywhere
                .iter()
                .filter(|c| !want_anywhere.contains(*c))
                .map(|c| format!("{c} (file-wide)")),
        )
        .collect();
    let missing: Vec<_> = want_lines
        .iter()
        .filter(|x| !got_lines.contains(*x))
        .map(|(c, l)| format!("{c} on line {l}"))
        .chain(
            want_anywhere
                .iter()
                .filter(|c| !got_anywhere.contains(*c) && !got_lines.iter().any(|(g, _)| g == *c))
                .map(|c| format!("{c} (file-wide)")),
        )
        .collect();
    let unsaid: Vec<_> = expected_texts(text)
        .into_iter()
        .filter(|(code, line, said)| {
            !pack_diags.iter().any(|d| {
                d.code == code.as_str()
                    && d.primary()
                        .is_some_and(|l| l.file.0 == 0 && line_of(text, l.span.start) == *line)
                    && (d.message.contains(said.as_str())
                        || d.help.as_deref().is_some_and(|h| h.contains(said.as_str()))
                        || d.labels.iter().any(|l| l.message.contains(said.as_str())))
            })
        })
        .map(|(code, line, said)| format!("{code} on line {line} saying {said:?}"))
        .collect();
    if unexpected.is_empty() && missing.is_empty() && unsaid.is_empty() {
        return None;
    }
    let detail: Vec<String> = pack_diags
        .iter()
        .map(|d| {
            let line = d
                .primary()
                .filter(|l| l.file.0 == 0)
                .map(|l| line_of(text, l.span.start))
                .unwrap_or(0);
            format!("      {} line {line}: {}", d.code, d.message)
        })
        .collect();
    Some(format!(
        "{path}:\n    unexpected: {unexpected:?}\n    missing: {missing:?}\n    not said: {unsaid:?}\n    reported:\n{}",
        detail.join("\n")
    ))
}

#[test]
fn cases() {
    let root = cases_dir();
    let mut files = Vec::new();
    muster_files(&root, &root, &mut files);
    files.sort();
    let mut world = MemoryWorld::new();
    let mut texts = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(root.join(f)).unwrap();
        world.insert(f.clone(), text.clone());
        texts.push(text);
    }
    let failures: Vec<String> = files
        .iter()
        .zip(&texts)
        .filter(|(f, _)| !f.starts_with("lib/"))
        .filter_map(|(f, t)| run_case(&world, f, t))
        .collect();
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_code_has_a_trigger_and_a_near_miss() {
    let root = cases_dir();
    let mut files = Vec::new();
    muster_files(&root, &root, &mut files);
    for r in rules() {
        for suffix in ["", "-ok"] {
            let name = format!("{}-{}{suffix}.muster", r.code, r.name());
            assert!(files.contains(&name), "tests/cases/{name} is missing");
        }
    }
}

/// Every finding of the checks here follows the message style: one lowercase line
/// without a final period, a primary label, exactly one help line, the paragraph
/// its rule cites.
#[test]
fn diagnostics_follow_the_house_style() {
    let root = cases_dir();
    let mut files = Vec::new();
    muster_files(&root, &root, &mut files);
    let mut world = MemoryWorld::new();
    for f in &files {
        world.insert(f.clone(), std::fs::read_to_string(root.join(f)).unwrap());
    }
    let mut problems = Vec::new();
    for f in files.iter().filter(|f| !f.starts_with("lib/")) {
        for d in run(&world, f, &PackConfig::default()).diagnostics {
            let rule = muster_check::registry::lookup(d.code.as_str()).unwrap();
            if rule.is_external() {
                continue;
            }
            let first = d.message.chars().next().unwrap_or(' ');
            if !(first.is_lowercase() || first == '`')
                || d.message.ends_with('.')
                || d.message.contains('\n')
            {
                problems.push(format!("{f}: {}: message style: {}", d.code, d.message));
            }
            match &d.help {
                Some(h) if !h.contains('\n') && !h.is_empty() => {}
                _ => problems.push(format!("{f}: {}: needs exactly one help line", d.code)),
            }
            if d.primary().is_none() {
                problems.push(format!("{f}: {}: no primary label", d.code));
            }
            if d.paragraph != rule.paragraph() {
                problems.push(format!(
                    "{f}: {}: paragraph {:?} differs from the rule's",
                    d.code, d.paragraph
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
