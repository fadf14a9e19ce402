//! The balance report worked by hand for one objective of the shipped Pegasus
//! Bridge: the Café Gondrée at (970,830), west of the canal by the bridge, which
//! the German marginal victory asks the Germans to hold. Ten-minute turns from
//! 00:16; default rates (foot 40 m a minute: 400 m a turn; tracked 160: 1,600 m);
//! an element is at the café within 100 m. An element on the table moves from the
//! turn it can act on an order from the top of its side (the latency table), an
//! arriving one from its arrival turn; it is at the café at the end of the turn
//! its last move brings it within 100 m.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::pegasus::pegasus;
use muster_model::balance::{self, Verdict};
use muster_model::model::{Model, SideId};

/// The turn the latency table lets a unit act on an order from the top of its side.
fn acts(m: &Model, a: &muster_model::analysis::Analysis, unit: &str) -> u32 {
    let u = m.units.iter().position(|u| u.name.id == unit).unwrap();
    let hot = a.situations[u].hot;
    let row = a
        .latency
        .iter()
        .filter(|r| r.unit.0 == u)
        .max_by_key(|r| r.links)
        .unwrap();
    if hot {
        row.hot_turn
    } else {
        row.cold_turn
    }
}

#[test]
fn the_cafe_gondree_worked_by_hand() {
    let m = pegasus();
    let a = muster_model::analyse(&m);
    // the latency table (§66, §78): the company's own HQ passes Howard's orders
    // on in turn 1 and its elements act in turn 2 (hot); a platoon is one relay
    // further down; Fox's and Sweeney's platoons are a turn later again
    assert_eq!(
        [
            "coup-de-main",
            "brotheridge",
            "wood",
            "smith",
            "fox",
            "sweeney"
        ]
        .map(|u| acts(&m, &a, u)),
        [2, 3, 3, 3, 4, 4]
    );
    let b = balance::report(&m, &a);
    assert_eq!(b.turns, 18);
    let cafe = b.objectives.iter().find(|o| o.name == "cafe").unwrap();
    let reach: Vec<(String, u32)> = cafe
        .reach
        .iter()
        .map(|r| (m.elements[r.element.0].qualified.clone(), r.turn))
        .collect();
    let expected = [
        // the bridge guard stands within 100 m of the café at the start:
        // guard-hq (1050,790) 89 m, pillbox (1045,815) 76 m, west-trench
        // (975,780) 50 m; the river post (1350,800) goes by Pegasus Bridge:
        // 350 + 42 = 392 m, less the 100 m that counts as there, one move
        ("bridge-guard.guard-hq", 1),
        ("bridge-guard.pillbox", 1),
        ("bridge-guard.west-trench", 1),
        ("bridge-guard.river-mg", 1),
        // Howard's HQ (1120,740): the straight way is blocked by the canal, so
        // by Pegasus Bridge (1000,800): 134 + 42 = 177 m, one move, from turn 2
        ("coup-de-main.coy-hq", 2),
        // the sappers (1070,740) cross at the bridge on the straight way: 135 m
        ("coup-de-main.re-canal", 2),
        // the three canal platoons, 106, 191 and 255 m: one move each, from turn 3
        ("brotheridge.assault-party", 3),
        ("wood.assault-party", 3),
        ("smith.assault-party", 3),
        // the river party by Pegasus Bridge, 400 m west of the river bridge:
        // Fox (1320,940) 349 + 42 = 391 m, Sweeney (1260,1010) 334 + 42 = 376 m,
        // Thornton's mortar and the sappers beside Fox; less the 100 m that
        // counts as there, under 400: one move from turn 4
        ("fox.assault-party", 4),
        ("fox.mortar", 4),
        ("fox.re-river", 4),
        ("sweeney.assault-party", 4),
        // the leading tank arrives at 01:30 (74 minutes in: turn 8) on the west
        // edge, 970 m off: one move of 1,600 m
        ("panzers.pz-lead", 8),
        // A Company arrives at 01:30 (turn 8) on the Ranville road, east edge at
        // (2400,800): over Horsa Bridge (1400,800) and Pegasus Bridge, 1,000 + 400
        // + 42 = 1,442 m; 1,342 m to go is four moves, turns 8 to 11
        ("a-coy-7.coy-hq", 11),
        ("a-coy-7.pl-1", 11),
        // the grenadiers arrive at 01:40 (turn 9) on the west edge, on foot:
        // 870 m to go is three moves, turns 9 to 11
        ("grenadiers.gren-hq", 11),
        ("gren-5.kp-trupp", 11),
        ("gren-5.zug-1", 11),
        ("gren-5.zug-2", 11),
        ("gren-5.panzerschreck", 11),
        // Pine-Coffin at 01:50 (turn 10), 1,442 m as A Company: turns 10 to 13
        ("para-7.bn-hq", 13),
        // 6. Kompanie at 02:10 (turn 12) on the north edge, 770 m straight
        // south: 670 m is two moves, turns 12 and 13
        ("gren-6.kp-trupp", 13),
        ("gren-6.zug-1", 13),
        ("gren-6.zug-2", 13),
        // B Company at 02:20 (turn 13): turns 13 to 16
        ("b-coy-7.coy-hq", 16),
        ("b-coy-7.pl-1", 16),
        // C Company at 02:50 (turn 16) would need turns 16 to 19: the game ends first
    ];
    let expected: Vec<(String, u32)> = expected.iter().map(|(e, t)| (e.to_string(), *t)).collect();
    assert_eq!(reach, expected);

    // the Germans hold the café in turn 1, so they defend it
    assert_eq!(cafe.defender, Some(SideId(1)));
    assert_eq!(cafe.attacker, Some(SideId(0)));
    let strength = |side: usize, turn: usize| cafe.sides[side].turns[turn - 1];
    // turn 1: no rifle figures, 6 support (pillbox HMG, trench LMG, river post
    // HMG); the guard HQ's command figures carry no weapons
    assert_eq!((strength(1, 1).small_arms, strength(1, 1).support), (0, 6));
    assert_eq!(strength(0, 1), balance::Strength::default());
    // turn 2: Howard's HQ (no weapons) and the sappers (2 support): 2 against 6
    assert_eq!(cafe.ratios[1], Some(2.0 / 6.0));
    // turn 3: the sappers and three assault parties of 6
    assert_eq!((strength(0, 3).small_arms, strength(0, 3).support), (18, 2));
    // 20 against 6: past 3 : 1 ...
    assert_eq!(cafe.ratios[2], Some(20.0 / 6.0));
    assert_eq!(cafe.verdict, Verdict::Reaches { turn: 3 });
    // ... and turn 4 brings the river party, 400 m off: 6 + 6 more figures,
    // 2 sappers and Thornton's mortar
    assert_eq!((strength(0, 4).small_arms, strength(0, 4).support), (30, 6));
    assert_eq!(cafe.ratios[3], Some(36.0 / 6.0));
    assert_eq!(strength(0, 5).support, 6);
    // turn 8: the tank, one model at four figures
    assert_eq!(strength(1, 8).afv_enclosed, 1);
    assert_eq!(cafe.ratios[7], Some(36.0 / 10.0));
}

/// A shipped scenario, resolved from the pack folder.
fn shipped(name: &str) -> Model {
    let root = crate::shipped_pack::shipped_scenarios().0;
    let dir = crate::shipped_pack::Dir(root);
    muster_model::resolve(&dir, name, &muster_model::PackConfig::default()).model
}

/// The attacker at an objective is the side whose orders attack it and none
/// hold it, whatever stands nearer in turn 1; strength decides only when the
/// orders do not.
#[test]
fn the_attacker_is_the_side_whose_orders_attack_the_objective() {
    let attacker = |scenario: &str, objective: &str| {
        let m = shipped(scenario);
        let a = muster_model::analyse(&m);
        let b = balance::report(&m, &a);
        let o = b.objectives.iter().find(|o| o.name == objective).unwrap();
        let weight = |side: usize| o.sides[side].turns[0].weight(&b.settings);
        (
            m.sides[o.attacker.unwrap().0].name.id.clone(),
            weight(0) > weight(1),
        )
    };
    // Sidi Rezegh: the Axis tanks already stand within reach of the South
    // African box in turn 1, but only the Axis orders attack it
    assert_eq!(
        attacker("sidi-rezegh.muster", "sa-box"),
        ("axis".into(), false)
    );
    // Merville: the glider and tug models make the British the stronger side at
    // the casemates in turn 1; their orders attack the casemates, and the
    // garrison, which counter-attacks them on a signal, also holds them
    assert_eq!(
        attacker("merville-battery.muster", "casemates"),
        ("british".into(), true)
    );
}
