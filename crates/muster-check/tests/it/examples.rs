//! Every rule's failing example triggers it on the marked lines; its fixed example does not.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::registry::rules;
use muster_check::{example_offset, example_source, run};
use muster_codes::{Code, Phase};
use muster_model::{MemoryWorld, PackConfig};
use std::collections::BTreeSet;

/// Lines (1-based, in the snippet) marked `//~ CODE` for `code`.
fn marked(snippet: &str, code: &str) -> BTreeSet<usize> {
    snippet
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            l.split("//~")
                .nth(1)
                .is_some_and(|m| m.split_whitespace().any(|c| c == code))
        })
        .map(|(i, _)| i + 1)
        .collect()
}

/// The club collection the MC9xx examples are written against; other rules run
/// without one.
const EXAMPLE_COLLECTION: &str = "[bases]\nfull = 2\nreduced = 0\n[figures]\nfoot = 100\n\
[models]\ntank = 2\ncommand-tank = 1\n[terrain]\nhedge = 30\n";

fn pack_for(code: &str) -> PackConfig {
    PackConfig {
        collection: code
            .starts_with("MC9")
            .then(|| muster_model::Collection::from_toml(EXAMPLE_COLLECTION).ok())
            .flatten(),
        // the rule that asks every unit for its real strength is off unless a pack asks
        require_historical_strength: code == "MC219",
        // and the one that asks it of every unit inside them too
        require_historical_strength_everywhere: code == "MC812",
        // so is the one that asks every one-sided map item to say who knows it
        strict_fog: code == "MC810",
        ..PackConfig::default()
    }
}

/// Lines (1-based, in the snippet) where `run` reports `code`.
fn produced(snippet: &str, code: &str, dump: bool) -> BTreeSet<usize> {
    let source = example_source(snippet);
    let offset = example_offset(snippet);
    let world = MemoryWorld::new().with("example.muster", source.clone());
    let outcome = run(&world, "example.muster", &pack_for(code));
    if dump {
        for d in &outcome.diagnostics {
            let line = d
                .primary()
                .map(|l| {
                    source[..l.span.start.min(source.len())]
                        .lines()
                        .count()
                        .max(1)
                })
                .unwrap_or(0);
            eprintln!(
                "    {} line {} {}",
                d.code,
                line as i64 - offset as i64,
                d.message
            );
        }
    }
    outcome
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .filter_map(|d| d.primary())
        .map(|l| {
            let upto = &source[..l.span.start.min(source.len())];
            upto.matches('\n').count() + 1 - offset
        })
        .collect()
}

/// Examples that are not scenarios: `muster.toml` settings, files of a pack.
const NOT_SCENARIOS: &[&str] = &[
    "MC109", "MC115", "MC116", "MC117", "MC118", "MC119", "MC120",
];

/// Whether `run` reports the code: the notes of the printed maps come from
/// `muster build`, whose test runs their examples (`tests/it/build.rs`); the
/// interchange codes from `export` and `import` (`tests/it/orbat_mapper_cli.rs`).
fn checked_by_run(code: Code) -> bool {
    !NOT_SCENARIOS.contains(&code.as_str())
        && !matches!(code.phase(), Phase::Maps | Phase::Interchange)
}

#[test]
fn failing_examples_trigger_their_rule_on_the_marked_lines() {
    let dump = std::env::var_os("MUSTER_DUMP").is_some();
    let mut failures = Vec::new();
    for r in rules().iter().filter(|r| checked_by_run(r.code)) {
        if dump {
            eprintln!("{} failing:", r.code);
        }
        let want = marked(r.failing, r.code.as_str());
        let got = produced(r.failing, r.code.as_str(), dump);
        if want.is_empty() || want != got {
            failures.push(format!(
                "{}: marked lines {want:?}, reported on {got:?}",
                r.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fixed_examples_do_not_trigger_their_rule() {
    let dump = std::env::var_os("MUSTER_DUMP").is_some();
    let mut failures = Vec::new();
    for r in rules().iter().filter(|r| checked_by_run(r.code)) {
        if dump {
            eprintln!("{} fixed:", r.code);
        }
        let got = produced(r.fixed, r.code.as_str(), dump);
        if !got.is_empty() {
            failures.push(format!(
                "{}: fixed example still reports it on lines {got:?}",
                r.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn pack_configuration_examples() {
    let bad = rules().iter().find(|r| r.code == "MC109").unwrap();
    let errs = PackConfig::from_toml(bad.failing).unwrap_err();
    assert!(errs.iter().all(|d| d.code == "MC109"), "{errs:?}");
    assert!(PackConfig::from_toml(bad.fixed).is_ok());
}
