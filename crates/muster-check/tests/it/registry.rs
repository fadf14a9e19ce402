//! The registry tests itself: codes, names and docs are well formed and complete.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::registry::{lookup, lookup_name, rules};
use muster_syntax::Code;
use std::collections::HashSet;

/// Every code the checker reports; a rule lost from the registry fails here.
const EXPECTED: &[&str] = &[
    "MC001", "MC002", "MC003", "MC101", "MC102", "MC103", "MC104", "MC105", "MC106", "MC109",
    "MC201", "MC202", "MC203", "MC204", "MC205", "MC206", "MC207", "MC208", "MC209", "MC210",
    "MC211", "MC301", "MC302", "MC303", "MC304", "MC305", "MC306", "MC307", "MC308", "MC309",
    "MC401", "MC402", "MC403", "MC404", "MC405", "MC406", "MC407", "MC408", "MC501", "MC502",
    "MC503", "MC504", "MC505", "MC506", "MC507", "MC508", "MC509", "MC601", "MC602", "MC603",
    "MC604", "MC605", "MC606", "MC701", "MC702", "MC703", "MC704", "MC705", "MC706", "MC707",
    "MC801", "MC802", "MC803",
];

#[test]
fn every_catalogue_code_is_registered() {
    let codes: Vec<&str> = rules().iter().map(|r| r.code.as_str()).collect();
    for code in EXPECTED {
        assert!(codes.contains(code), "{code} is missing from the registry");
    }
}

#[test]
fn the_registry_has_one_rule_per_catalogue_code_in_order() {
    let codes: Vec<Code> = rules().iter().map(|r| r.code).collect();
    assert_eq!(
        codes,
        Code::ALL,
        "one rule file per catalogue line, in code order"
    );
    for r in rules() {
        assert_eq!(lookup(r.code.as_str()).unwrap().code, r.code);
        assert_eq!(lookup_name(r.name()).unwrap().code, r.code);
    }
}

#[test]
fn names_are_unique_kebab_case() {
    let mut seen = HashSet::new();
    for r in rules() {
        let name = r.name();
        assert!(seen.insert(name), "name {name} used twice");
        assert!(
            !name.is_empty()
                && name.split('-').all(|w| !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
            "{}: `{name}` is not kebab-case",
            r.code
        );
    }
}

#[test]
fn every_rule_is_documented() {
    for r in rules() {
        assert!(
            !r.summary().is_empty() && !r.summary().contains('\n'),
            "{}: summary must be one line",
            r.code
        );
        assert!(
            !r.summary().ends_with('.'),
            "{}: summary ends with a period",
            r.code
        );
        assert!(
            r.summary().chars().next().unwrap().is_lowercase(),
            "{}: summary must start lowercase",
            r.code
        );
        assert!(
            r.explanation().len() > 120,
            "{}: explanation too short",
            r.code
        );
        for text in [r.summary(), r.explanation()] {
            assert!(
                !text.contains("{{"),
                "{}: a number placeholder muster-check does not know: {text}",
                r.code
            );
        }
        assert!(
            !r.failing.trim().is_empty() && !r.fixed.trim().is_empty(),
            "{}: examples missing",
            r.code
        );
        assert_ne!(
            r.failing, r.fixed,
            "{}: the fixed example must differ",
            r.code
        );
        if let Some(p) = r.paragraph() {
            assert!(
                p.starts_with('§'),
                "{}: paragraph `{p}` must cite §N",
                r.code
            );
        }
    }
}

#[test]
fn severities_follow_the_catalogue() {
    use muster_syntax::Severity::*;
    let notes = [
        "MC210", "MC214", "MC215", "MC306", "MC407", "MC604", "MC904", "MC905", "MC906", "MC962",
    ];
    let warnings = [
        "MC007", "MC105", "MC205", "MC209", "MC212", "MC216", "MC217", "MC219", "MC301", "MC302",
        "MC303", "MC305", "MC308", "MC309", "MC311", "MC312", "MC313", "MC315", "MC406", "MC413",
        "MC502", "MC509", "MC606", "MC611", "MC613", "MC614", "MC617", "MC703", "MC810", "MC811",
        "MC812", "MC901", "MC902", "MC903", "MC960", "MC961",
    ];
    // Fog findings (MC802) are errors, so a side's outputs are never written
    // while one stands.
    for r in rules() {
        let want = if notes.contains(&r.code.as_str()) {
            Note
        } else if warnings.contains(&r.code.as_str()) {
            Warning
        } else {
            Error
        };
        assert_eq!(r.severity(), want, "{}", r.code);
    }
}
