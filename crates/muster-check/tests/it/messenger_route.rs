//! A messenger's route (`via`): the delivery time is counted leg by leg, each leg
//! at the pace of the ground it crosses (§76), and a pigeon ignores the route.

use muster_check::run;
use muster_model::analysis::Delivery;
use muster_model::{MemoryWorld, PackConfig};

/// The scenario and its two sides, the same for every route below.
const HEAD: &str = r#"scenario "Route" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red "Red" nation british
side blue "Blue" nation german
"#;

/// A runner from (200,200) to (800,950) with `via`; a wood covers the ground
/// from y 300 to 900 round x 800, so only the northward leg crosses it.
fn delivery(method: &str, via: &str) -> (Delivery, Vec<String>) {
    let text = format!(
        r#"{HEAD}map {{
  area wood dense-woods rect (700,300) size 200m by 600m
  place corner "Corner" at (800,200)
}}
forces red {{
  platoon p "1 Platoon" {{
    hq p-hq command figures 2 at (200,200)
    element far integrated figures 5 at (800,950)
  }}
}}
nets red {{
  messenger p-hq to p.far {method} {via}
}}
orders red {{
  p defend (200,200)
}}
"#
    );
    let world = MemoryWorld::new().with("s.muster", text);
    let out = run(&world, "s.muster", &PackConfig::default());
    let codes = out
        .diagnostics
        .iter()
        .map(|d| d.code.as_str().to_string())
        .filter(|c| c.starts_with("MC31"))
        .collect();
    (out.analysis.messengers[0].clone(), codes)
}

#[test]
fn each_leg_goes_at_the_pace_of_its_own_ground() {
    let (d, codes) = delivery("runner", "via corner");
    assert!(codes.is_empty(), "{codes:?}");
    let legs: Vec<(f64, bool)> = d
        .legs
        .iter()
        .map(|l| (l.distance_m.round(), l.difficult_ground))
        .collect();
    assert_eq!(legs, vec![(600.0, false), (750.0, true)]);
    assert_eq!(d.distance_m.map(f64::round), Some(1350.0));
    // cold: 600 m at 1,000 m a bound and 750 m at 500 m, 2.1 bounds: 3 turns;
    // hot: 600 m at 500 m and 750 m at 250 m, 4.2 bounds: 5 turns (the whole
    // 1,350 m at half speed would be 5.4 bounds: 6 turns)
    assert_eq!((d.turns_cold, d.turns_hot), (Some(3), Some(5)));
}

#[test]
fn a_point_stop_counts_like_a_named_one() {
    let (named, _) = delivery("runner", "via corner");
    let (point, _) = delivery("runner", "via (800,200)");
    assert_eq!(named.legs, point.legs);
    assert_eq!(named.turns, point.turns);
}

#[test]
fn the_straight_way_through_the_wood_is_slowed_all_along() {
    let (d, _) = delivery("runner", "");
    assert_eq!(d.legs.len(), 1);
    assert!(d.difficult_ground);
    // 960 m at half speed: 1.9 bounds cold, 3.8 hot
    assert_eq!((d.turns_cold, d.turns_hot), (Some(2), Some(4)));
}

#[test]
fn a_pigeon_flies_straight_and_its_route_is_reported() {
    let (d, codes) = delivery("pigeon", "via corner");
    assert_eq!(d.legs.len(), 1);
    assert!(!d.difficult_ground);
    assert_eq!(codes, vec!["MC313".to_string()]);
}

#[test]
fn an_unknown_stop_is_an_undefined_reference() {
    let text_codes = {
        let world = MemoryWorld::new().with(
            "s.muster",
            "side red \"Red\" nation british\nside blue \"Blue\" nation german\nforces red {\n  platoon p \"P\" {\n    hq h command figures 2 at (1,1)\n    element e integrated figures 5 at (5,5)\n  }\n}\nnets red {\n  messenger h to p.e runner via nowhere\n}\n",
        );
        let out = run(&world, "s.muster", &PackConfig::default());
        out.diagnostics
            .iter()
            .filter(|d| d.message.contains("nowhere"))
            .map(|d| d.code.as_str().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(text_codes, vec!["MC102".to_string()]);
}

/// A runner from (200,500) to (1400,500) across a river running north to south at
/// x 800, which has one ford, at (800,1200): `route` is the messenger's tail.
fn across_the_river(route: &str) -> Vec<muster_syntax::Diagnostic> {
    let text = format!(
        r#"{HEAD}map {{
  river brook "Brook" width 20m line (800,0) (800,2000)
  ford upper-ford "Upper ford" at (800,1200) over brook
}}
forces red {{
  platoon p "1 Platoon" {{
    hq p-hq command figures 2 at (200,500)
    element far integrated figures 5 at (1400,500)
  }}
}}
nets red {{
  messenger p-hq to p.far runner {route}
}}
orders red {{
  p defend (200,500)
}}
"#
    );
    let world = MemoryWorld::new().with("s.muster", text);
    run(&world, "s.muster", &PackConfig::default())
        .diagnostics
        .into_iter()
        .filter(|d| d.code.as_str() == "MC312")
        .collect()
}

#[test]
fn a_ford_up_the_river_does_not_carry_a_runner_who_goes_straight_across() {
    let found = across_the_river("");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].message,
        "the runner from `p-hq` to `p.far` cannot cross `brook` (river)"
    );
    assert_eq!(
        found[0].help.as_deref(),
        Some("send it round by the ford `upper-ford`: add `via upper-ford` to the messenger, or send a `pigeon`")
    );
}

#[test]
fn a_runner_sent_round_by_the_ford_gets_across() {
    assert!(across_the_river("via upper-ford").is_empty());
    // a point within the tolerance of the ford serves as well as its name
    assert!(across_the_river("via (805,1200)").is_empty());
    assert_eq!(across_the_river("via (860,1200)").len(), 1);
}
