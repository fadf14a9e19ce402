//! What the printed maps could not draw, as notes of `muster build`
//! (MC904–MC906): each such rule's failing example reports it on its marked
//! lines with the feature named, its fixed example does not, and `muster
//! build` prints the notes with the check's findings.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{run, TempPack};
use muster_check::registry::rules;
use muster_check::{example_offset, example_source};
use muster_codes::{Code, Phase};
use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::{build_noted, Templates};
use muster_syntax::Diagnostic;
use std::collections::BTreeSet;

/// The notes `build` gives for a rule example (with the header it assumes).
fn notes_of(snippet: &str) -> (String, Vec<Diagnostic>) {
    let source = example_source(snippet);
    let world = MemoryWorld::new().with("example.muster", source.clone());
    let resolved = resolve(&world, "example.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let built = build_noted(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    (source, built.notes)
}

/// Lines (1-based, in the snippet) marked `//~ CODE`.
fn marked(snippet: &str, code: Code) -> BTreeSet<usize> {
    snippet
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            l.split("//~")
                .nth(1)
                .is_some_and(|m| m.split_whitespace().any(|c| c == code.as_str()))
        })
        .map(|(i, _)| i + 1)
        .collect()
}

/// Lines (1-based, in the snippet) where `build` notes `code`.
fn noted(snippet: &str, code: Code) -> BTreeSet<usize> {
    let (source, notes) = notes_of(snippet);
    let offset = example_offset(snippet);
    notes
        .iter()
        .filter(|d| d.code == code)
        .filter_map(|d| d.primary())
        .map(|l| {
            source[..l.span.start.min(source.len())]
                .matches('\n')
                .count()
                + 1
                - offset
        })
        .collect()
}

fn map_rules() -> Vec<&'static muster_check::registry::Rule> {
    rules()
        .iter()
        .filter(|r| r.code.phase() == Phase::Maps)
        .collect()
}

#[test]
fn the_map_notes_are_documented_rules() {
    let codes: Vec<Code> = map_rules().iter().map(|r| r.code).collect();
    assert_eq!(codes, [Code::MC904, Code::MC905, Code::MC906]);
}

#[test]
fn each_map_notes_failing_example_reports_it_on_the_marked_lines() {
    for r in map_rules() {
        let want = marked(r.failing, r.code);
        assert!(!want.is_empty(), "{}: no line marked", r.code);
        assert_eq!(noted(r.failing, r.code), want, "{}", r.code);
    }
}

#[test]
fn each_map_notes_fixed_example_reports_nothing() {
    for r in map_rules() {
        let (_, notes) = notes_of(r.fixed);
        let found: Vec<String> = notes
            .iter()
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        assert!(found.is_empty(), "{}: {found:?}", r.code);
    }
}

/// The message of the first note of `code` for `snippet`.
fn message(snippet: &str, code: Code) -> String {
    let (_, notes) = notes_of(snippet);
    let d = notes
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code} in {notes:?}"));
    assert!(d.help.is_some(), "{code} has no help line");
    d.message.clone()
}

fn example(code: Code) -> &'static str {
    rules().iter().find(|r| r.code == code).unwrap().failing
}

#[test]
fn a_name_with_no_room_is_named_with_the_maps_it_is_missing_from() {
    let m = message(example(Code::MC904), Code::MC904);
    assert!(
        m.starts_with("no room on the map for the name of place `p"),
        "{m}"
    );
    assert!(
        m.contains("given under the map only (on the umpire's map"),
        "{m}"
    );
}

#[test]
fn an_inset_that_cannot_part_its_marks_names_the_elements() {
    let m = message(example(Code::MC905), Code::MC905);
    assert_eq!(
        m,
        "the inset round `a.a-hq`, `a.one` cannot part their marks within a page's width \
         (on the umpire's map, the set-up map, side red's map)"
    );
}

#[test]
fn marks_left_on_top_of_each_other_are_named() {
    let m = message(example(Code::MC906), Code::MC906);
    assert!(m.starts_with("the marks of `a."), "{m}");
    assert!(
        m.contains("print on top of others: no free spot round them"),
        "{m}"
    );
}

#[test]
fn muster_build_prints_the_map_notes_with_the_findings() {
    let pack = TempPack::new();
    pack.write("pack/stack.muster", &example_source(example(Code::MC905)));
    let (code, stdout, stderr) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("MC905"), "{stdout}");
    assert!(stdout.contains("cannot part their marks"), "{stdout}");
    // `check` draws no maps, so it says nothing of them.
    let (_, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert!(!stdout.contains("cannot part their marks"), "{stdout}");
}

/// The map-note codes a case file marks on each line.
fn marked_notes(text: &str) -> BTreeSet<(Code, usize)> {
    let mut out = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.split("//~").nth(1) else {
            continue;
        };
        for word in rest.split_whitespace() {
            if let Some(c) = Code::parse(word).filter(|c| c.phase() == Phase::Maps) {
                out.insert((c, i + 1));
            }
        }
    }
    out
}

#[test]
fn the_map_note_cases_report_on_their_marked_lines_and_their_near_misses_on_none() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut seen = 0;
    for code in [Code::MC904, Code::MC905, Code::MC906] {
        for suffix in ["", "-ok"] {
            let name = format!("{}-{}{suffix}.muster", code.as_str(), code.name());
            let text = std::fs::read_to_string(dir.join(&name)).unwrap();
            let world = MemoryWorld::new().with(name.clone(), text.clone());
            let resolved = resolve(&world, &name, &PackConfig::default());
            let analysis = analyse(&resolved.model);
            let notes = build_noted(&resolved.model, &analysis, &Templates::builtin().unwrap())
                .unwrap()
                .notes;
            let got: BTreeSet<(Code, usize)> = notes
                .iter()
                .filter_map(|d| {
                    let l = d.primary()?;
                    Some((d.code, text[..l.span.start].matches('\n').count() + 1))
                })
                .collect();
            let want = marked_notes(&text);
            assert_eq!(got, want, "{name}");
            assert_eq!(
                suffix.is_empty(),
                want.iter().any(|(c, _)| *c == code),
                "{name}"
            );
            seen += 1;
        }
    }
    assert_eq!(seen, 6);
}
