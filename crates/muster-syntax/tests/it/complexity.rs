//! Complexity guard for parsing: eight times the input may cost at most
//! twelve times the work. A ratio of two timings of the same binary, each the best
//! of several runs, so it does not depend on the machine's speed; a quadratic
//! stage (pest's `line_col` once per order token scanned from the file's start)
//! costs about 64 times and fails it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_syntax::{parse, FileId};
use std::time::{Duration, Instant};

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

/// The best of five parses: the least disturbed by other work on the machine.
fn best(text: &str) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            let parsed = parse(FileId(0), text);
            let took = t.elapsed();
            assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
            took
        })
        .min()
        .unwrap()
}

#[test]
fn eight_times_the_orders_cost_at_most_twelve_times_the_parse() {
    let (small, large) = (orders(300), orders(2400));
    // A loaded machine can stretch one measurement; a quadratic stage costs
    // about 64x every time, so three tries keep the guard sharp but not flaky.
    let mut tries = Vec::new();
    for _ in 0..3 {
        let (n, n8) = (best(&small), best(&large));
        let ratio = n8.as_secs_f64() / n.as_secs_f64().max(1e-6);
        if ratio <= 12.0 {
            return;
        }
        tries.push(format!("{ratio:.1}× ({n:?} → {n8:?})"));
    }
    panic!(
        "parsing 8× the orders took, in three tries: {}",
        tries.join(", ")
    );
}
