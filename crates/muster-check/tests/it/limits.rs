//! Absurd numbers cost no more work than sane ones: every numeric field of a
//! scenario takes extreme values (0, negative, huge, 300 digits, NaN-like
//! spellings) and `run` finishes within a very generous bound with a coded
//! diagnostic for each value it refuses. Before MC004–MC006 and exact line
//! crossing, a telephone line to y = 1e12 took over 20 s in a release build and
//! 1e42 never finished; the bound only has to tell "at once" from "never".

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::{run, Outcome};
use muster_model::{MemoryWorld, PackConfig};
use proptest::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Far beyond what any of these inputs needs (milliseconds), far below a hang.
const GENEROUS: Duration = Duration::from_secs(20);

/// Codes that refuse a value as written.
const REFUSALS: &[&str] = &["MC002", "MC004", "MC005", "MC006"];

fn timed_run(text: &str) -> (Outcome, Duration) {
    let world = MemoryWorld::new().with("case.muster", text.to_string());
    let start = Instant::now();
    let outcome = run(&world, "case.muster", &PackConfig::default());
    (outcome, start.elapsed())
}

/// Spellings of numbers a typo or a fuzzer produces.
fn extreme() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("0".to_string()),
        Just("-1".to_string()),
        Just("-100000".to_string()),
        Just("1000000".to_string()),
        Just("1000000000000".to_string()),
        Just(format!("1{}", "0".repeat(300))),
        Just(format!("9{}", "9".repeat(400))),
        Just("86099999999999999999999".to_string()),
        Just("1e300".to_string()),
        Just("NaN".to_string()),
        Just("inf".to_string()),
        Just("-0".to_string()),
        Just("0.0000001".to_string()),
        (1u32..5000).prop_map(|n| n.to_string()),
    ]
}

/// A scenario with a telephone line between two HQs, a river, a wood, an HMG
/// zone, a gun and an order, every number taken from `v` in turn.
fn scenario(v: &[String]) -> String {
    format!(
        r#"scenario "Extremes" {{
  start {y}-06-06 06:00
  turns {turns}
  turn-length {len}min
  first-bound red
  table {w}m by {d}m
  ground-scale {scale}m
}}
side red "Red" nation british
side blue "Blue" nation german
map {{
  river r "River" width {width}m line (0,{ry}) ({rx},{ry})
  area wood dense-woods "Wood" circle ({cx},{cy}) radius {radius}m
  area town buildings medium normal "Town" rect (300,300) size {sw}m by 200m
}}
forces red {{
  battalion bn "Battalion" {{
    hq bn-hq command figures {figs} radio long telephone at ({hx},{hy}) dug-in
    company a "A Company" {{
      hq coy-hq command figures 2 telephone at (600,{ay}) dug-in
      element mg heavy-support hmg tripod figures 3 hmg-zone bearing 90 spread 30 range {range}m at (650,600) dug-in
      element g artillery gun {cal}mm at (700,600)
      element j vehicle jeep wheeled soft models {models} at (720,600)
    }}
  }}
}}
nets red {{
  telephone bn-hq to a.coy-hq
}}
orders red {{
  bn defend ({ox},500) by turn {turn}
}}
"#,
        y = v[0],
        turns = v[1],
        len = v[2],
        w = v[3],
        d = v[4],
        scale = v[5],
        width = v[6],
        ry = v[7],
        rx = v[8],
        cx = v[9],
        cy = v[10],
        radius = v[11],
        sw = v[12],
        figs = v[13],
        hx = v[14],
        hy = v[15],
        ay = v[16],
        range = v[17],
        cal = v[18],
        models = v[19],
        ox = v[20],
        turn = v[21],
    )
}

/// Sane values for every slot of [`scenario`].
fn sane() -> Vec<String> {
    [
        "1944", "12", "10", "2000", "2000", "2", "20", "1500", "2000", "1500", "1500", "100",
        "200", "2", "500", "900", "600", "1500", "88", "1", "500", "6",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

#[test]
fn the_template_is_sane_as_written() {
    let (outcome, _) = timed_run(&scenario(&sane()));
    let refused: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|d| REFUSALS.contains(&d.code.as_str()))
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Any slots set to extreme values: finishes at once, and when something was
    /// refused it says so with a code.
    #[test]
    fn extreme_numbers_finish_with_a_coded_diagnostic(
        picks in prop::collection::vec((0usize..22, extreme()), 1..6)
    ) {
        let mut v = sane();
        for (slot, value) in &picks {
            v[*slot] = value.clone();
        }
        let (outcome, took) = timed_run(&scenario(&v));
        prop_assert!(took < GENEROUS, "took {took:?} on {picks:?}");
        let refused = outcome.diagnostics.iter().any(|d| REFUSALS.contains(&d.code.as_str()));
        let untouched = outcome.diagnostics.iter().all(|d| !d.code.as_str().is_empty());
        prop_assert!(untouched);
        // huge magnitudes never pass in silence (a slot picked twice keeps its last value)
        let huge = picks.iter().any(|(slot, _)| {
            let s = &v[*slot];
            s.len() > 12 || s == "1000000000000"
        });
        prop_assert!(!huge || refused, "nothing refused for {picks:?}: {:?}",
            outcome.diagnostics.iter().map(|d| d.code.as_str()).collect::<Vec<_>>());
    }
}

/// Each input under `tests/cases/limits/` (numbers that once took seconds to
/// hours) finishes at once with its refusal
/// (the case harness checks the exact codes and lines).
#[test]
fn the_limit_cases_finish_at_once() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases/limits");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (outcome, took) = timed_run(&text);
        assert!(took < GENEROUS, "{}: took {took:?}", path.display());
        assert!(
            outcome
                .diagnostics
                .iter()
                .any(|d| REFUSALS.contains(&d.code.as_str())),
            "{}: nothing refused",
            path.display()
        );
        seen += 1;
    }
    assert!(seen >= 3, "only {seen} regression inputs");
}
