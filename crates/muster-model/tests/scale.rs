//! Resolution and analysis grow about linearly with the number of elements: a
//! scenario four times larger takes well under sixteen times as long (each
//! measured on its own). (Measured on
//! generated scenarios; ratios rather than absolute times, so a busy machine does
//! not make the test flaky.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::*;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Two sides of `battalions` battalions (in a division with no HQ on the table),
/// each a long-radio HQ with four companies
/// (a command element and nine platoons strung out in a chain), plus a battery
/// supporting the first battalion and one long group of 100 elements 90 m apart
/// that links to its command element only through its neighbours.
fn scenario(battalions: usize) -> String {
    let mut s = String::from(
        "scenario \"Scale\" {\n  turns 12\n  first-bound blue\n  table 60000m by 60000m\n}\nside blue \"Blue\" nation british\nside red \"Red\" nation german\n",
    );
    for (side, y0) in [("blue", 1000), ("red", 1400)] {
        let _ = writeln!(s, "forces {side} {{\n  division {side}-div {{");
        for b in 0..battalions {
            let bx = 100 + (b as i64 % 25) * 2000;
            let by = y0 + (b as i64 / 25) * 3000;
            let _ = writeln!(
                s,
                "    battalion {side}-b{b} {{\n      hq bh command radio long at ({bx},{by})"
            );
            for c in 0..4 {
                let x = bx + c * 450;
                let _ = writeln!(
                    s,
                    "      company {side}-b{b}c{c} {{\n        hq h command radio long at ({x},{})",
                    by + 100
                );
                for p in 0..9 {
                    let _ = writeln!(
                        s,
                        "        element p{p} coherent figures 6 at ({},{})",
                        x + 40 * (p + 1),
                        by + 100
                    );
                }
                let _ = writeln!(s, "      }}");
            }
            let _ = writeln!(s, "    }}");
        }
        let _ = writeln!(s, "    battery {side}-guns {{\n      hq gh command radio long at (20000,20000)\n      element fo specialist foo figures 2 radio short at (150,{})\n    }}", y0 + 100);
        let _ = writeln!(
            s,
            "    group {side}-long {{\n      hq lh command radio long at (0,{})",
            y0 + 200
        );
        for e in 0..100 {
            let _ = writeln!(
                s,
                "      element e{e} coherent figures 6 at ({},{})",
                90 * (e + 1),
                y0 + 200
            );
        }
        let _ = writeln!(s, "    }}\n  }}\n}}");
    }
    s.push_str("orders blue {\n  blue-div defend (100,1000)\n  blue-guns support blue-b0\n}\norders red {\n  red-div defend (100,1400)\n  red-guns support red-b0\n}\n");
    s
}

/// Resolve and analyse times, the best of three runs (a busy machine only ever
/// makes a run slower).
fn time(battalions: usize) -> (Duration, Duration) {
    let text = scenario(battalions);
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..3 {
        let start = Instant::now();
        let (r, _) = resolve_files(&[("main.muster", &text)]);
        let resolved = start.elapsed();
        let start = Instant::now();
        let a = muster_model::analyse(&r.model);
        let analysed = start.elapsed();
        best = (best.0.min(resolved), best.1.min(analysed));
        assert_clean(&r);
        assert_eq!(a.command.len(), 2 * (battalions * 41 + 2 + 101));
        let separated = a
            .command
            .iter()
            .filter(|c| matches!(c, muster_model::analysis::CommandStatus::Separated { .. }))
            .count();
        assert_eq!(separated, 0);
    }
    best
}

#[test]
fn resolve_and_analyse_scale_about_linearly() {
    let (r1, a1) = time(15);
    let (r4, a4) = time(60);
    eprintln!("resolve {r1:?} -> {r4:?}, analyse {a1:?} -> {a4:?}");
    // four times the elements: linear work takes about 4x, quadratic 16x
    for (what, small, large) in [("resolve", r1, r4), ("analyse", a1, a4)] {
        let ratio = large.as_secs_f64() / small.as_secs_f64();
        assert!(
            ratio < 9.0,
            "{what}: 4x the elements took {ratio:.1}x as long ({small:?} -> {large:?})"
        );
    }
}
