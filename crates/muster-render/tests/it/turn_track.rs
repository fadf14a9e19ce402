//! The umpire's turn track puts each clock-time arrival of Pegasus Bridge on the
//! turn whose interval holds it, computed here from the scenario's own start and
//! turn length (so the test survives a rebuild of the scenario).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_render::json::{self, When};
use muster_render::sheets::turn_track::turn_track;

#[test]
fn pegasus_clock_arrivals_land_on_their_turn() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = json::scenario(&model, &analysis);
    let start = full
        .header
        .start
        .clone()
        .expect("Pegasus states a start time");
    let (sh, sm) = start.split_once(':').unwrap();
    let start_min: u32 = sh.parse::<u32>().unwrap() * 60 + sm.parse::<u32>().unwrap();
    let len = full.header.turn_minutes.round() as u32;
    let track = turn_track(&full);
    let mut seen = 0;
    for a in &full.arrivals {
        let When::Clock { time, turn } = &a.when else {
            continue;
        };
        let (h, m) = time.split_once(':').unwrap();
        let t: u32 = h.parse::<u32>().unwrap() * 60 + m.parse::<u32>().unwrap();
        let expected = (t + 1440 - start_min) % 1440 / len + 1;
        let name = a.unit.display.clone().unwrap_or_else(|| a.unit.id.clone());
        assert_eq!(
            *turn,
            Some(i64::from(expected)),
            "the JSON carries {time}'s turn"
        );
        let row = &track[(expected - 1) as usize];
        assert!(
            row.due.iter().any(|d| d.contains(&name)),
            "{time} should be turn {expected}: {row:?}"
        );
        seen += 1;
    }
    assert!(seen > 0, "Pegasus has a clock-time arrival (01:30)");
}

/// Every `HH:MM` under `v` that is a moment (an object with a `time`) and the
/// turn beside it, with the JSON path for messages.
fn clock_times(v: &serde_json::Value, path: &str, out: &mut Vec<(String, serde_json::Value)>) {
    match v {
        serde_json::Value::Object(m) => {
            if m.get("time").is_some_and(serde_json::Value::is_string) {
                out.push((
                    path.to_string(),
                    m.get("turn").cloned().unwrap_or(serde_json::Value::Null),
                ));
            }
            for (k, x) in m {
                clock_times(x, &format!("{path}.{k}"), out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                clock_times(x, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// The JSON carries the derived turn beside every clock time of every shipped
/// scenario, in the umpire's file and each side's.
#[test]
fn every_clock_time_in_the_json_carries_its_turn() {
    let mut seen = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        let mut views = vec![full.clone()];
        views.extend(full.sides.iter().map(|s| json::for_side(&full, &s.id)));
        for v in views {
            let value = serde_json::to_value(&v).unwrap();
            let mut found = Vec::new();
            clock_times(&value, "", &mut found);
            for (at, turn) in found {
                assert!(
                    turn.is_i64() || (full.header.start.is_none() && turn.is_null()),
                    "{path}{at}: a clock time without its turn ({turn})"
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 0, "the pack has clock times");
}
