//! Complexity guard for parsing: eight times the input may cost at most
//! twelve times the work. Work is counted, never timed, so a loaded machine cannot
//! fail or pass the guard: heap allocations (a counting allocator, per thread),
//! bytes handed to the grammar (each statement once, plus those read again for an
//! error) and bytes read again to find a line. Parsing every statement from the
//! file's start, or finding each line by scanning from the start, costs about 64
//! times for 8 times the input and fails.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::counting;
use muster_syntax::{parse, work, FileId};

fn orders(n: usize) -> String {
    let mut t = String::from(
        "scenario \"G\" {\n  start 1944-06-06 00:16\n  turns 18\n  first-bound british\n  table 2400m by 1600m\n}\nside british \"B\" nation british\nside german \"G\" nation german\nforces british {\n",
    );
    for j in 0..50 {
        t.push_str(&format!(
            "  company c{j} \"C {j}\" at (100,100) {{\n    hq c{j}-hq command figures 3 radio short at (0,0)\n  }}\n"
        ));
    }
    t.push_str("}\norders british {\n");
    for k in 0..n {
        t.push_str(&format!(
            "  c{} attack all-out ({},{}) by turn 2 \"Seize it.\"\n",
            k % 50,
            k % 2000,
            k % 1500
        ));
    }
    t.push_str("}\n");
    t
}

/// The work of parsing `text`: (allocations, bytes handed to the grammar, bytes
/// read again to find lines).
fn work_of(text: &str, clean: bool) -> [u64; 3] {
    let before = [
        counting::allocations(),
        work::grammar_bytes(),
        work::rescanned_bytes(),
    ];
    let parsed = parse(FileId(0), text);
    let after = [
        counting::allocations(),
        work::grammar_bytes(),
        work::rescanned_bytes(),
    ];
    assert_eq!(
        parsed.diagnostics.is_empty(),
        clean,
        "{:?}",
        parsed.diagnostics
    );
    drop(parsed);
    [
        after[0] - before[0],
        after[1] - before[1],
        after[2] - before[2],
    ]
}

fn assert_linear(what: &str, small: &str, large: &str) {
    let (n, n8) = (work_of(small, true), work_of(large, true));
    let counts = [
        "allocations",
        "bytes handed to the grammar",
        "bytes read again",
    ]
    .iter()
    .enumerate()
    .map(|(i, unit)| counting::Grown {
        unit,
        small: n[i],
        large: n8[i],
        bounded: true,
    })
    .collect::<Vec<_>>();
    counting::assert_about_linear(what, &counts);
}

#[test]
fn eight_times_the_orders_cost_at_most_twelve_times_the_parse() {
    assert_linear("orders", &orders(300), &orders(2400));
}

/// Unclosed braces are each reported with their line: finding those lines must
/// not read the file from its start once per brace.
#[test]
fn eight_times_the_unclosed_braces_cost_at_most_twelve_times_the_parse() {
    // Each `forces` block's `}` lines up with `forces`, so the company's `{` is
    // the extra one, reported with the line of that `}`.
    let unclosed = |n: usize| {
        let mut t = String::new();
        for k in 0..n {
            t.push_str(&format!(
                "forces s{k} {{\n  company c{k} \"C\" {{\n    hq h{k} command figures 3 at (0,0)\n}}\n"
            ));
        }
        t
    };
    let (n, n8) = (
        work_of(&unclosed(40), false),
        work_of(&unclosed(320), false),
    );
    for (i, unit) in [
        "allocations",
        "bytes handed to the grammar",
        "bytes read again",
    ]
    .iter()
    .enumerate()
    {
        let ratio = n8[i] as f64 / (n[i] as f64).max(1.0);
        eprintln!("unclosed braces: {unit} {} → {}", n[i], n8[i]);
        assert!(
            ratio <= 12.0,
            "unclosed braces: 8× the input cost {ratio:.1}× the {unit} ({} → {})",
            n[i],
            n8[i]
        );
    }
}
