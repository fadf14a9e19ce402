//! Structured references across the fog: what a side's outputs make of its own
//! references to the enemy and to map items it does not know (docs/output.md,
//! "Fog of war"). An enemy unit appears only through the intel report that
//! reveals it, an enemy signal only as what can be seen of it, a hidden map item
//! not at all.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::json::{for_side, scenario, RefKind, ScenarioJson};
use muster_render::{build, Templates};

const SCENARIO: &str = r#"
scenario "Bridgehead" {
  start 1944-06-06 06:00
  turns 12
  first-bound british
  table 2000m by 2000m
}
side british "Airborne" nation british
side german "Grenadiers" nation german
map {
  place bridge-east "East end of the bridge" at (1200,1000)
  place gun-park "Sturmgeschütz park" at (1600,1800) known-to german
  place rally "Rally point Delta" at (300,300) known-to british
  area hidden-mines minefield "Minefield Kilo" rect (900,900) size 60m by 20m known-to umpire
}
forces british {
  company b-coy "B Company" {
    hq b-hq command figures 2 radio short at (500,500)
  }
}
forces german {
  company kg2 "Kampfgruppe von Luck" {
    hq kg-hq command figures 2 radio short at (1400,1500)
  }
  company hidden-reserve "Reserve Zulu" {
    hq r-hq command figures 2 at (1700,1800)
  }
}
signal los-gehts flare "Angriff beginnt" from kg2.kg-hq on command affects kg2
orders british {
  b-coy attack full kg2 by turn 6 on signal los-gehts
}
orders german {
  kg2 attack full bridge-east on signal los-gehts
  hidden-reserve defend gun-park
}
victory british "Break up the counter-attack" destroys kg2 destroys hidden-reserve
victory german "Hold the east end" holds bridge-east at end
intel british {
  kg2 seen at (1400,1500) vague "tanks heard forming up to the east"
}
"#;

fn views() -> (ScenarioJson, ScenarioJson, ScenarioJson) {
    let mut world = MemoryWorld::new();
    world.insert("s.muster", SCENARIO);
    let resolved = resolve(&world, "s.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let full = scenario(&resolved.model, &analysis);
    let british = for_side(&full, "british");
    let german = for_side(&full, "german");
    (full, british, german)
}

#[test]
fn an_enemy_unit_is_shown_only_through_the_report_that_reveals_it() {
    let (full, british, _) = views();
    // The umpire sees the reference as written.
    assert_eq!(
        full.orders[0].summary,
        "attack full kg2 by turn 6 on signal los-gehts"
    );
    let order = &british.orders[0];
    let target = match &order.objective {
        Some(muster_render::json::plans::Objective::Target { target }) => target,
        other => panic!("objective {other:?}"),
    };
    assert_eq!(target.kind, RefKind::Intel);
    assert_eq!(target.id, "british.report-1");
    assert_eq!(
        target.display.as_deref(),
        Some("tanks heard forming up to the east")
    );
    // The enemy's signal is a flare, by neither id nor meaning.
    assert_eq!(
        order.summary,
        "attack full the enemy of report 1 by turn 6 on sighting a flare"
    );
    // Destroying a unit no report reveals is withheld (MC804 reports it).
    let v = serde_json::to_value(&british.victory).unwrap();
    assert_eq!(v[0]["conditions"][0]["target"]["kind"], "intel");
    assert_eq!(v[0]["conditions"][1]["target"]["kind"], "withheld");
}

#[test]
fn nothing_of_the_enemy_but_its_intel_reaches_a_side() {
    let mut world = MemoryWorld::new();
    world.insert("s.muster", SCENARIO);
    let resolved = resolve(&world, "s.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let files = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let text = |name: &str| {
        files
            .iter()
            .find(|f| f.path.ends_with(name))
            .map(|f| f.contents.clone())
            .unwrap()
    };
    let british = text("side-british.json") + &text("side-british.html");
    for secret in [
        "kg2",
        "Kampfgruppe von Luck",
        "hidden-reserve",
        "Reserve Zulu",
        "los-gehts",
        "Angriff beginnt",
        "gun-park",
        "Sturmgeschütz park",
        "hidden-mines",
        "Minefield Kilo",
    ] {
        assert!(!british.contains(secret), "british outputs hold `{secret}`");
    }
    assert!(
        british.contains("Rally point Delta"),
        "its own hidden place"
    );
    assert!(british.contains("tanks heard forming up to the east"));
    let german = text("side-german.json") + &text("side-german.html");
    for secret in [
        "rally",
        "Rally point Delta",
        "Minefield Kilo",
        "b-coy",
        "B Company",
    ] {
        assert!(!german.contains(secret), "german outputs hold `{secret}`");
    }
    assert!(german.contains("Sturmgeschütz park"));
    let umpire = text("scenario.json") + &text("umpire.html");
    for all in [
        "Rally point Delta",
        "Sturmgeschütz park",
        "Minefield Kilo",
        "Reserve Zulu",
    ] {
        assert!(umpire.contains(all), "the umpire sees `{all}`");
    }
}

use crate::support;

/// The secrets the four shipped scenarios used to give away on the enemy's map:
/// (scenario, the side that must not read them, the secrets, the side that must).
const SHIPPED_SECRETS: &[(&str, &str, &[&str], &str)] = &[
    (
        "lanzerath.muster",
        "germans",
        &[
            "ir-ridge",
            "I&amp;R platoon&#x27;s ridge",
            "I&R platoon's ridge",
        ],
        "americans",
    ),
    (
        "arnhem-bridge.muster",
        "german",
        &["(Brigade HQ)"],
        "british",
    ),
    (
        "merville-battery.muster",
        "german",
        &[
            "firm-base",
            "firm base",
            "glider-field",
            "Orchard landing ground",
        ],
        "british",
    ),
    (
        "yelnya-1941.muster",
        "germans",
        &["autogyro-ground", "Autogyro landing ground"],
        "soviets",
    ),
];

#[test]
fn the_shipped_secrets_stay_off_the_enemy_s_json_and_html() {
    for (scenario, enemy, secrets, owner) in SHIPPED_SECRETS {
        let (model, analysis) = support::pack::load(scenario);
        let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
        let read = |side: &str| {
            files
                .iter()
                .filter(|f| {
                    f.path.ends_with(&format!("side-{side}.json"))
                        || f.path.ends_with(&format!("side-{side}.html"))
                })
                .map(|f| f.contents.clone())
                .collect::<String>()
        };
        let (theirs, ours) = (read(enemy), read(owner));
        assert!(
            !theirs.is_empty() && !ours.is_empty(),
            "{scenario}: outputs"
        );
        for s in *secrets {
            assert!(!theirs.contains(s), "{scenario}: side-{enemy} holds `{s}`");
        }
        // Not vacuous: the old names are gone from the scenario, or its own
        // side still reads the hidden item.
        let named = secrets.iter().any(|s| ours.contains(s));
        let renamed = !std::fs::read_to_string(support::pack::root().join(scenario))
            .unwrap()
            .contains(secrets[0]);
        assert!(
            named || renamed,
            "{scenario}: the secrets are neither shown to {owner} nor renamed"
        );
    }
}

/// A scenario that lowers a fog code gets built, and its umpire sheet says what
/// that does: the checker is laxer, the sheets still withhold the reference.
#[test]
fn a_lowered_fog_code_is_flagged_on_the_umpire_sheet() {
    let text = SCENARIO.replace(
        "  first-bound british\n",
        "  first-bound british\n  warn MC804 \"the British know the Kampfgruppe from Ultra\"\n",
    );
    let mut world = MemoryWorld::new();
    world.insert("s.muster", text);
    let resolved = resolve(&world, "s.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let files = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let umpire = files
        .iter()
        .find(|f| f.path.ends_with("umpire.html"))
        .unwrap();
    assert!(umpire.contents.contains(
        "Fog of war relaxed for the checker only: MC804 (enemy-reference-without-intel) is \
         reported as a warning, but a reference a side cannot make is still withheld"
    ));
    let side = files
        .iter()
        .find(|f| f.path.ends_with("side-british.html"))
        .unwrap();
    assert!(!side.contents.contains("Fog of war relaxed"));
}
