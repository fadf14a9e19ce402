//! Command status and order latency on the rulebook's worked examples
//! (p.15 command ranges, p.13 order latency).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;
use muster_model::analyse;
use muster_model::analysis::{Analysis, CommandStatus, Means, Route};
use muster_model::model::{ElementId, Model, UnitId};

/// p.15: an infantry company (command element D) 500 m from its battalion command
/// element F, a mortar battery (command element E) 50 m from F.
/// A stands 60 m from D; the LMG element 60 m beyond A; B 60 m beyond that;
/// C 300 m beyond B with neither radio nor telephone. The mortars stand 50-71 m
/// from E.
const P15: &str = r#"
forces blue {
  battalion bn "Battalion" {
    hq f command figures 3 radio long at (1000,500)
    company coy "Infantry company" {
      hq d command figures 3 radio long at (1000,1000)
      element a integrated figures 5 at (1000,1060)
      element lmg light-support lmg figures 2 at (1000,1120)
      element b integrated figures 5 at (1000,1180)
      element c integrated figures 5 at (1000,1480)
    }
    battery mortars "Mortar battery" {
      hq e command figures 2 radio short at (1050,500)
      element m-1 heavy-support mortar 81mm figures 3 at (1050,550)
      element m-2 heavy-support mortar 81mm figures 3 at (1100,550)
      element m-3 heavy-support mortar 81mm figures 3 at (1000,550)
    }
  }
}
forces red { company enemy { hq red-hq command at (3900,3900) } }
"#;

fn setup(text: &str) -> (Model, Analysis) {
    let r = resolve_body(text);
    assert_clean(&r);
    let a = analyse(&r.model);
    (r.model, a)
}

fn status<'a>(m: &Model, a: &'a Analysis, q: &str) -> &'a CommandStatus {
    &a.command[element(m, q)]
}

fn linked(m: &Model, a: &Analysis, q: &str) -> (Route, Means, String, f64) {
    match status(m, a, q) {
        CommandStatus::InCommand {
            route,
            means,
            via,
            distance,
        } => (
            *route,
            *means,
            m.elements[via.0].qualified.clone(),
            (distance * 10.0).round() / 10.0,
        ),
        other => panic!("{q} is not in command: {other:?}"),
    }
}

#[test]
fn p15_command_ranges() {
    let (m, a) = setup(P15);
    assert_eq!(
        linked(&m, &a, "coy.a"),
        (Route::Direct, Means::Voice, "coy.d".into(), 60.0)
    );
    assert_eq!(
        linked(&m, &a, "coy.lmg"),
        (Route::Chain, Means::Voice, "coy.a".into(), 60.0)
    );
    assert_eq!(
        linked(&m, &a, "coy.b"),
        (Route::Chain, Means::Voice, "coy.lmg".into(), 60.0)
    );
    assert_eq!(
        linked(&m, &a, "coy.d"),
        (Route::Direct, Means::LongRadio, "bn.f".into(), 500.0)
    );
    assert_eq!(
        linked(&m, &a, "mortars.m-1"),
        (Route::Direct, Means::Voice, "mortars.e".into(), 50.0)
    );
    assert_eq!(
        linked(&m, &a, "mortars.m-2"),
        (Route::Direct, Means::Voice, "mortars.e".into(), 70.7)
    );
    assert_eq!(
        linked(&m, &a, "mortars.m-3"),
        (Route::Direct, Means::Voice, "mortars.e".into(), 70.7)
    );
    assert_eq!(
        linked(&m, &a, "mortars.e"),
        (Route::Direct, Means::ShortRadio, "bn.f".into(), 50.0)
    );
    assert_eq!(status(&m, &a, "bn.f"), &CommandStatus::Top);
    // C: 300 m from B, the nearest linked element; a runner from D reaches it a turn late
    assert_eq!(
        status(&m, &a, "coy.c"),
        &CommandStatus::Separated {
            nearest: Some(ElementId(element(&m, "coy.b"))),
            distance: 300.0,
            range: muster_rules::command::range_of(Default::default(), false),
            short_by: 200.0,
            runner_turns: 1,
        }
    );
}

#[test]
fn p15_order_latency_with_a_separated_recipient() {
    let (m, a) = setup(P15);
    let row = |from: &str, to: &str| {
        a.latency
            .iter()
            .find(|r| r.from == UnitId(unit(&m, from)) && r.unit == UnitId(unit(&m, to)))
            .map(|r| (r.links, r.runner_turns, r.hot_turn, r.cold_turn))
            .unwrap_or_else(|| panic!("no row {from} -> {to}"))
    };
    assert_eq!(row("bn", "coy"), (1, 0, 3, 1));
    assert_eq!(row("bn", "mortars"), (1, 0, 3, 1));
    assert_eq!(row("coy", "coy"), (0, 0, 2, 1));
    assert_eq!(row("bn", "bn"), (0, 0, 2, 1));
    assert!(a
        .latency
        .iter()
        .all(|r| r.from != UnitId(unit(&m, "enemy")) || r.unit == r.from));
    // nobody within 500 m of the enemy: all cold
    assert!(a.situations.iter().all(|s| !s.hot));
}

#[test]
fn p13_latency_from_division_through_regiment() {
    let (m, a) = setup(
        r#"
forces blue {
  division div { hq div-hq command radio long at (100,100)
    regiment rgt { hq rgt-hq command radio long at (200,100)
      battalion bn { hq bn-hq command radio long at (300,100)
        company coy { hq coy-hq command radio short at (400,100)
          element p1 coherent figures 6 at (450,100)
        }
      }
    }
  }
}
forces red { company enemy { hq red-hq command at (3900,3900) } }
"#,
    );
    let row = |from: &str| {
        a.latency
            .iter()
            .find(|r| r.from == UnitId(unit(&m, from)) && r.unit == UnitId(unit(&m, "coy")))
            .map(|r| (r.links, r.hot_turn, r.cold_turn))
            .unwrap()
    };
    // p.13: battalion HQ to an engaged company: the elements act in turn 3
    assert_eq!(row("bn"), (1, 3, 1));
    // from division through regiment: two turns more; cold, in the turn of the last link
    assert_eq!(row("div"), (3, 5, 3));
    assert_eq!(row("rgt"), (2, 4, 2));
}

#[test]
fn wire_support_runner_and_hot_cases() {
    let (m, a) = setup(
        r#"
forces blue {
  battalion bn { hq bn-hq command radio long at (100,100)
    company guard { hq g-hq command telephone dug-in at (2000,100)
      element bunker heavy-support hmg tripod figures 3 telephone fortified at (2000,900)
      element far bare figures 4 at (2500,100)
    }
    company walkers { hq w-hq command at (600,100) }
    platoon mgs { element mg heavy-support hmg tripod figures 3 at (2450,100) }
  }
}
orders blue { mgs support guard }
forces red { company enemy { hq red-hq command at (2000,500) } }
"#,
    );
    // a telephone to its own command element is unlimited (§88)
    assert_eq!(linked(&m, &a, "guard.bunker").1, Means::Wire);
    // a command element without radio falls back on runners (§88, §76)
    assert_eq!(linked(&m, &a, "walkers.w-hq").1, Means::Runner);
    // supporting elements link to the group they support (§87c)
    assert_eq!(
        linked(&m, &a, "mgs.mg"),
        (Route::Supported, Means::Voice, "guard.far".into(), 50.0)
    );
    // hot situation within 500 m of an enemy element (§24)
    let guard = &a.situations[unit(&m, "guard")];
    assert!(guard.hot);
    assert_eq!(guard.nearest_enemy.map(|(_, d)| d), Some(400.0));
    assert!(!a.situations[unit(&m, "walkers")].hot);
    // g-hq has a telephone but bn-hq has none: no wire, radio to radio needs two sets
    assert!(matches!(
        status(&m, &a, "guard.g-hq"),
        CommandStatus::InCommand {
            means: Means::Runner,
            ..
        }
    ));
}
