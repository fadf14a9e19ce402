//! Hostile input: deep nesting, huge and unclosed input, bad bytes, random text.
//! Parsing must never panic, never recurse deeply, and keep every span inside the text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use muster_syntax::{parse, parse_bytes, FileId, Parsed, MAX_FILE_BYTES, MAX_NESTING};
use proptest::prelude::*;
use std::sync::mpsc;
use std::time::Duration;

/// Far beyond any of these parses (milliseconds), far below "never": the bound
/// catches a parse that does not end, and measures nothing.
const HANG: Duration = Duration::from_secs(120);

/// Runs `work` on a thread with a small stack, proving the parser does not
/// recurse deeply, and fails if it has not finished within [`HANG`].
fn small_stack<T: Send + 'static>(what: &str, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let _ = done.send(work());
        })
        .unwrap();
    match result.recv_timeout(HANG) {
        Ok(value) => value,
        // The worker panicked: show its panic.
        Err(mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the worker ended without a result"),
        },
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{what}: no result after {HANG:?}"),
    }
}

/// Parses on a thread with a small stack, within [`HANG`].
fn parse_small_stack(text: String) -> (String, Parsed) {
    small_stack("parse", move || {
        let p = parse(FileId(0), &text);
        (text, p)
    })
}

fn codes(p: &Parsed) -> Vec<&'static str> {
    p.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

fn nested_units(depth: usize) -> String {
    let mut s = String::from("forces british {\n");
    for i in 0..depth {
        s.push_str(&format!("company c{i} {{\n"));
    }
    s.push_str("element e coherent\n");
    s.push_str(&"}\n".repeat(depth + 1));
    s
}

#[test]
fn nesting_ten_levels_parses() {
    let (text, p) = parse_small_stack(nested_units(10));
    assert!(p.diagnostics.is_empty(), "{}", common::render(&text, &p));
    assert_eq!(p.file.items.len(), 1);
}

#[test]
fn nesting_a_thousand_levels_is_refused() {
    let (text, p) = parse_small_stack(nested_units(1000));
    assert_eq!(codes(&p), vec!["MC003"]);
    assert!(p.diagnostics[0].message.contains(&MAX_NESTING.to_string()));
    assert!(common::spans_ok(&text, &p));
}

#[test]
fn nesting_a_hundred_thousand_levels_is_refused() {
    for text in [
        nested_units(100_000),
        "(".repeat(100_000),
        "{".repeat(100_000),
        "map { ".to_string() + &"((".repeat(50_000),
    ] {
        let (text, p) = parse_small_stack(text);
        assert_eq!(codes(&p), vec!["MC003"], "{}", &text[..20]);
        assert!(common::spans_ok(&text, &p));
    }
}

#[test]
fn units_nested_to_the_limit_never_overflow() {
    // The deepest nesting the scanner lets through must not overflow pest's
    // recursion even on a 256 KB stack: the scanner's limit is the only guard
    // (pest 2.8 has no stack probe; ARCHITECTURE.md, "Parsing").
    let text = nested_units(MAX_NESTING - 1);
    let (text, p) = parse_small_stack(text);
    assert!(p.diagnostics.is_empty(), "{}", common::render(&text, &p));
    let (text, p) = parse_small_stack(text.replace("element e coherent", "element e coherent ]"));
    assert!(common::spans_ok(&text, &p));
    assert_eq!(codes(&p), vec!["MC001"], "{}", common::render(&text, &p));
}

#[test]
fn nesting_at_the_limit_is_a_normal_diagnostic() {
    // 64 levels is allowed: the result is an ordinary syntax error, not MC003.
    let text =
        format!("map {{ {}", "(".repeat(MAX_NESTING - 1)) + &")".repeat(MAX_NESTING - 1) + "}";
    let (text, p) = parse_small_stack(text);
    assert!(
        !codes(&p).contains(&"MC003"),
        "{}",
        common::render(&text, &p)
    );
    assert!(!p.diagnostics.is_empty());
}

#[test]
fn unclosed_blocks_finish_quickly() {
    // 64 KB of blocks that never close, at the top level and inside statements.
    let mut top = String::new();
    while top.len() < 64 * 1024 {
        top.push_str("map {\n  area a brush rect (0,0) size 1m by 1m\n");
    }
    let mut inner = String::from("forces british {\n");
    while inner.len() < 64 * 1024 {
        inner
            .push_str("  company c \"x\" { element e coherent figures 6 }\n  company d { hq h (\n");
    }
    for text in [top, inner] {
        let (text, p) = parse_small_stack(text);
        assert!(!p.diagnostics.is_empty());
        assert!(common::spans_ok(&text, &p));
    }
}

#[test]
fn unclosed_parentheses_end_with_a_diagnostic() {
    // Each unclosed `(` once doubled the work of recovery (found by fuzzing):
    // at depth 60 that never ends, which the hang bound catches.
    for depth in [10, 30, 60] {
        let text = format!(
            "map {{\n  place p at {} x\n  area a\n}}\n",
            "(".repeat(depth)
        );
        let (text, p) = parse_small_stack(text);
        assert!(!p.diagnostics.is_empty());
        assert!(common::spans_ok(&text, &p));
    }
}

#[test]
fn oversize_file_is_refused() {
    let text = "// padding\n".repeat(MAX_FILE_BYTES / 11 + 1);
    let p = parse(FileId(0), &text);
    assert_eq!(codes(&p), vec!["MC003"]);
    assert!(p.diagnostics[0].message.contains("4 MiB"));
}

#[test]
fn invalid_utf8_is_refused_with_its_offset() {
    let bytes = b"scenario \"Caf\xe9\" { }";
    let p = parse_bytes(FileId(0), bytes);
    assert_eq!(codes(&p), vec!["MC003"]);
    assert!(
        p.diagnostics[0].message.contains("offset 13"),
        "{}",
        p.diagnostics[0].message
    );
    assert_eq!(p.diagnostics[0].labels[0].span.start, 13);
}

#[test]
fn valid_bytes_parse_like_text() {
    let text = "\u{feff}use \"lib/x.muster\"\r\n";
    assert_eq!(
        parse_bytes(FileId(0), text.as_bytes()),
        parse(FileId(0), text)
    );
    assert!(parse(FileId(0), text).diagnostics.is_empty());
}

#[test]
fn fuzz_findings_stay_fixed() {
    // Inputs the fuzzer found; each must parse with every span inside the text.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fuzz");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let (bytes, p) = small_stack(&path.display().to_string(), move || {
            let p = parse_bytes(FileId(0), &bytes);
            (bytes, p)
        });
        for d in &p.diagnostics {
            for l in &d.labels {
                assert!(
                    l.span.start <= l.span.end && l.span.end <= bytes.len(),
                    "{path:?}: {d:?}"
                );
            }
        }
        if let Ok(text) = std::str::from_utf8(&bytes) {
            assert!(common::spans_ok(text, &p), "{path:?}");
        }
    }
}

fn example() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/pegasus-bridge.muster"
    ))
    .unwrap()
}

fn check_invariants(text: &str) {
    let p = parse(FileId(0), text);
    assert!(common::spans_ok(text, &p), "span outside the text");
    common::no_rule_names(&p).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        check_invariants(&text);
    }

    #[test]
    fn arbitrary_token_soup_never_panics(parts in proptest::collection::vec(
        prop_oneof![
            Just("{"), Just("}"), Just("("), Just(")"), Just(","), Just("\""), Just("//"), Just("/*"),
            Just("*/"), Just("\n"), Just("map"), Just("area"), Just("forces"), Just("company"),
            Just("element"), Just("hq"), Just("at"), Just("300m"), Just("1944-06-06"), Just("é"),
            Just("orders"), Just("attack"), Just("x"), Just("turn"), Just("-1"), Just("\r\n"), Just("\t"),
        ], 0..80)) {
        check_invariants(&parts.join(" "));
    }

    #[test]
    fn mutated_example_never_panics(cuts in proptest::collection::vec((0usize..20_000, 0usize..8, "\\PC{0,3}"), 1..6)) {
        let mut text = example();
        for (at, len, insert) in cuts {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) { at -= 1; }
            let mut end = (at + len).min(text.len());
            while !text.is_char_boundary(end) { end += 1; }
            text.replace_range(at..end, &insert);
        }
        check_invariants(&text);
    }
}
