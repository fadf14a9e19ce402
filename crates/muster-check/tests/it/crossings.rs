//! Crossings over any line: a runner stopped by an impassable embankment line
//! gets across where a level crossing is `over` it (MC312 and the delivery time, §76).

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};

/// A company HQ west of a railway embankment no one on foot can climb, a
/// platoon east of it, a runner between them; `crossing` goes in the map.
fn scenario(crossing: &str) -> String {
    format!(
        r#"scenario "Embankment" {{
  start 1944-09-17 14:00
  turns 12
  first-bound red
  table 2000m by 2000m
}}
side red "Red" nation british
side blue "Blue" nation german
terrain high-embankment "High railway embankment" {{
  movement foot impassable vehicles impassable
  observation obscuring
  cover good
}}
map {{
  line embankment high-embankment "Railway embankment" width 10m line (1000,0) (1000,2000)
  road lane "Lane" width 6m line (0,1500) (2000,1500)
  {crossing}
}}
forces red {{
  platoon p "1 Platoon" {{
    hq p-hq command figures 2 at (400,1500)
    element far integrated figures 5 at (1600,1500)
  }}
}}
nets red {{
  messenger p-hq to p.far runner
}}
orders red {{
  p defend (400,900)
}}
"#
    )
}

/// The MC312 messages and the runner's delivery in turns (cold, hot).
fn outcome(crossing: &str) -> (Vec<String>, Option<u32>, Option<u32>) {
    let world = MemoryWorld::new().with("s.muster", scenario(crossing));
    let out = run(&world, "s.muster", &PackConfig::default());
    let said = out
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "MC312")
        .map(|d| format!("{} | {}", d.message, d.help.clone().unwrap_or_default()))
        .collect();
    let d = &out.analysis.messengers[0];
    (said, d.turns_cold, d.turns_hot)
}

#[test]
fn a_runner_cannot_climb_an_impassable_embankment_line() {
    let (said, cold, hot) = outcome("");
    assert_eq!(
        said,
        vec![
            "the runner from `p-hq` to `p.far` cannot cross `embankment` (high-embankment) \
             | declare a `bridge` or `level-crossing` `over` it, or send a `pigeon`"
                .to_string()
        ]
    );
    assert_eq!((cold, hot), (None, None));
}

#[test]
fn a_level_crossing_over_the_embankment_lets_the_runner_through() {
    let (said, cold, hot) = outcome(
        "level-crossing halt \"Level crossing\" at (1000,1500) over embankment carries lane",
    );
    assert!(said.is_empty(), "{said:?}");
    // 1,200 m over difficult ground (the embankment is not clear going): half speed
    assert_eq!((cold, hot), (Some(3), Some(5)));
}

#[test]
fn a_bridge_over_the_embankment_does_as_well_and_a_ford_is_refused() {
    let bridge = "bridge arch \"Arch\" at (1000,1500) over embankment carries lane";
    assert!(outcome(bridge).0.is_empty());
    let world = MemoryWorld::new().with(
        "s.muster",
        scenario("ford wade \"Ford\" at (1000,1500) over embankment carries lane"),
    );
    let out = run(&world, "s.muster", &PackConfig::default());
    assert!(out.diagnostics.iter().any(|d| d.code.as_str() == "MC516"));
}
