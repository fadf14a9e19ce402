//! The umpire's turn track puts each clock-time arrival of Pegasus Bridge on the
//! turn whose interval holds it, computed here from the scenario's own start and
//! turn length (so the test survives a rebuild of the scenario).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use muster_render::json::{self, When};
use muster_render::turn_track::turn_track;

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
        let When::Clock { time } = &a.when else {
            continue;
        };
        let (h, m) = time.split_once(':').unwrap();
        let t: u32 = h.parse::<u32>().unwrap() * 60 + m.parse::<u32>().unwrap();
        let expected = (t + 1440 - start_min) % 1440 / len + 1;
        let name = a.unit.display.clone().unwrap_or_else(|| a.unit.id.clone());
        let row = &track[(expected - 1) as usize];
        assert!(
            row.due.iter().any(|d| d.contains(&name)),
            "{time} should be turn {expected}: {row:?}"
        );
        seen += 1;
    }
    assert!(seen > 0, "Pegasus has a clock-time arrival (01:30)");
}
