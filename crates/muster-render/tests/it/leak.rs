//! Fog of war as a security property: canary strings planted in every enemy
//! display name, every element note and every umpire-only text must never reach
//! another side's JSON or briefings.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_model::model::{Model, Prose};
use muster_render::{build, Templates};

fn prose(text: String) -> Prose {
    Prose {
        text,
        loc: Default::default(),
    }
}

/// The canary prefix owned by side `s`; umpire canaries use `UMPIRE`.
fn tag(model: &Model, s: usize) -> String {
    format!(
        "CANARY{}X",
        model
            .sides
            .get(s)
            .map(|x| x.name.id.to_uppercase())
            .unwrap_or_default()
    )
}

/// Plants canaries and returns them by owner: (side index or None for umpire, canary).
fn plant(model: &mut Model) -> Vec<(Option<usize>, String)> {
    let mut planted = Vec::new();
    let mut next = |owner: Option<usize>, m: &Model| {
        let t = match owner {
            Some(s) => tag(m, s),
            None => "CANARYUMPIREX".into(),
        };
        let c = format!("{t}{}", planted.len());
        planted.push((owner, c.clone()));
        c
    };
    for i in 0..model.units.len() {
        let s = model.units[i].side.0;
        let d = next(Some(s), model);
        model.units[i].display = Some(d);
        let n = next(Some(s), model);
        model.units[i].notes.push(prose(n));
        let u = next(None, model);
        model.units[i].umpire_notes.push(prose(u));
        // Why a group starts hot or cold is the umpire's, even on its own side.
        if model.units[i].start.is_some() {
            let r = prose(next(None, model));
            if let Some(st) = model.units[i].start.as_mut() {
                st.reason = r;
            }
        }
    }
    for i in 0..model.elements.len() {
        let s = model.elements[i].side.0;
        let n = next(Some(s), model);
        model.elements[i].notes.push(prose(n));
        let u = next(None, model);
        model.elements[i].umpire_notes.push(prose(u));
        if model.elements[i].start.is_some() {
            let r = prose(next(None, model));
            if let Some(st) = model.elements[i].start.as_mut() {
                st.reason = r;
            }
        }
    }
    for i in 0..model.sides.len() {
        for p in 0..model.sides[i].players.len() {
            let d = next(Some(i), model);
            model.sides[i].players[p].display = Some(d);
        }
    }
    let u = next(None, model);
    model.umpire_notes.push(prose(u));
    if let Some(h) = model.header.as_mut() {
        h.notes.push(prose("CANARYUMPIREXdesigner".into()));
    }
    for e in 0..model.events.len() {
        let u = next(None, model);
        model.events[e].prose = prose(u);
    }
    for o in 0..model.overrides.len() {
        let u = next(None, model);
        model.overrides[o].reason = Some(u);
    }
    planted
}

/// Checks one scenario; returns the number of side x output combinations checked.
fn check(name: &str, mut model: Model) -> usize {
    let planted = plant(&mut model);
    // A unit's start reason reaches the JSON through the analysis: analyse after planting.
    let analysis = muster_model::analysis::analyse(&model);
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let umpire = files
        .iter()
        .find(|f| f.path.ends_with("/umpire.html"))
        .unwrap();
    let full = files
        .iter()
        .find(|f| f.path.ends_with("/scenario.json"))
        .unwrap();
    // Not vacuous: the umpire sees every canary.
    for (_, c) in &planted {
        assert!(
            full.contents.contains(c.as_str()),
            "{name}: canary {c} missing from scenario.json"
        );
        assert!(
            umpire.contents.contains(c.as_str()),
            "{name}: canary {c} missing from umpire.html"
        );
    }
    let mut checked = 0;
    for (s, side) in model.sides.iter().enumerate() {
        let own = tag(&model, s);
        let outputs: Vec<_> = files
            .iter()
            .filter(|f| {
                let file = f.path.rsplit('/').next().unwrap();
                file.starts_with(&format!("side-{}.", side.name.id))
                    || side
                        .players
                        .iter()
                        .any(|p| file == format!("player-{}.html", p.name.id))
            })
            .collect();
        assert_eq!(
            outputs.len(),
            2 + side.players.len(),
            "{name}: outputs of side {}",
            side.name.id
        );
        for f in outputs {
            for (owner, c) in &planted {
                if *owner != Some(s) {
                    assert!(
                        !f.contents.contains(c.as_str()),
                        "{name}: {} leaks canary {c}",
                        f.path
                    );
                }
            }
            // Broad net: no canary prefix other than the side's own.
            for (i, _) in f.contents.match_indices("CANARY") {
                let rest = &f.contents[i..];
                assert!(
                    rest.starts_with(&own),
                    "{name}: {} leaks {}",
                    f.path,
                    &rest[..rest.len().min(40)]
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn no_side_output_leaks_the_enemy_or_the_umpire() {
    let mut checked = 0;
    let mut scenarios = 0;
    for path in support::pack::scenario_paths() {
        let (model, _) = support::pack::load(&path);
        checked += check(&path, model);
        scenarios += 1;
    }
    let (model, _) = support::gen::scenario(7, 3);
    checked += check("generated", model);
    eprintln!("leak test: {scenarios} shipped scenarios + 1 generated, {checked} side outputs checked, none leaked");
    assert!(scenarios > 0, "no shipped scenarios found");
    assert!(checked > 0);
}

#[test]
fn intel_reports_keep_only_the_words_place_and_precision() {
    let (model, analysis) = support::gen::scenario(8, 2);
    let full = muster_render::json::scenario(&model, &analysis);
    let blue = muster_render::json::for_side(&full, "blue");
    let v = serde_json::to_value(&blue).unwrap();
    insta::assert_json_snapshot!("blue_intel", v["intel"]);
    // The enemy unit named in blue's own order appears only through the intel
    // report that reveals it: neither its id nor its name.
    let umpire_attack = full
        .orders
        .iter()
        .position(|o| o.summary.contains("red-bn"))
        .unwrap();
    let attack = &blue.orders[full.orders[..umpire_attack]
        .iter()
        .filter(|o| o.side == "blue")
        .count()];
    assert!(!attack.summary.contains("red-bn"), "{}", attack.summary);
    let target = serde_json::to_value(&attack.objective).unwrap();
    assert_eq!(target["target"]["kind"], "intel");
    assert_eq!(target["target"]["id"], "blue.report-1");
    assert_eq!(target["target"]["display"], "enemy infantry near the farm");
    // The enemy side is a name only.
    let red = blue.side("red").unwrap();
    assert!(red.units.is_empty() && red.players.is_empty() && red.strength.is_none());
}

/// Pegasus Bridge without its side `briefing`s: each side's and player's drafted one is
/// built from its filtered view and holds nothing of the enemy or the umpire.
#[test]
fn a_drafted_briefing_holds_no_canary_of_the_enemy_or_the_umpire() {
    let (mut model, analysis) = support::pack::load("pegasus-bridge.muster");
    // Whatever the pack writes later, this test reads a scenario without one.
    model.briefings.retain(|b| b.side.is_none());
    let planted = plant(&mut model);
    let full = muster_render::json::scenario(&model, &analysis);
    let mut drafted = 0;
    for (s, side) in model.sides.iter().enumerate() {
        let view = muster_render::json::for_side(&full, &side.name.id);
        let players = view.side(&side.name.id).unwrap().players.clone();
        let readers = std::iter::once(None).chain(players.iter().map(Some));
        for p in readers {
            let sections = muster_render::sheets::draft::briefing(&view, &side.name.id, p);
            let kinds: Vec<&str> = sections.iter().map(|x| x.heading.as_str()).collect();
            assert_eq!(
                kinds,
                [
                    "Situation",
                    "Enemy forces",
                    "Friendly forces",
                    "Mission",
                    "Execution",
                    "Support",
                    "Command",
                    "Signals"
                ],
                "{}",
                side.name.id
            );
            let text: String = sections.iter().map(|x| format!("{}\n", x.text)).collect();
            for (owner, c) in &planted {
                if *owner != Some(s) {
                    assert!(
                        !text.contains(c.as_str()),
                        "drafted briefing leaks {c}:\n{text}"
                    );
                }
            }
            // Not vacuous: the drafted text names the side's own units by the
            // (planted) display names.
            assert!(text.contains(&tag(&model, s)), "{text}");
            drafted += 1;
        }
    }
    assert_eq!(drafted, 6);
}

/// A scenario whose secret ground is of kinds of its own: one known to red, one
/// to the umpire alone, one common.
const SECRET_KINDS: &str = r#"scenario "Kinds" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red "Red" nation american
side blue "Blue" nation german
terrain sown-mines "Sown Minefield" {
  movement foot difficult vehicles impassable
  observation open
}
terrain tank-trap "Concealed Tank Trap" {
  movement foot rough vehicles impassable
  observation open
}
terrain hedge-bank "Hedgerow with a bank" {
  movement foot difficult vehicles impassable
  observation obscuring
}
map {
  area mines sown-mines rect (100,100) size 100m by 100m known-to red
  area trap tank-trap rect (400,400) size 100m by 100m known-to umpire
  line hedgerow hedge-bank line (0,300) (900,300)
}
forces red {
  platoon p "1st Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
forces blue {
  platoon q "2nd Platoon" {
    hq q-hq command figures 2 at (1500,1500)
  }
}
orders red {
  p defend (500,500)
}
orders blue {
  q defend (1500,1500)
}
"#;

#[test]
fn a_terrain_kind_reaches_only_the_sides_that_know_ground_of_that_kind() {
    let world = muster_model::MemoryWorld::new().with("kinds.muster", SECRET_KINDS);
    let resolved = muster_model::resolve(&world, "kinds.muster", &Default::default());
    let analysis = muster_model::analyse(&resolved.model);
    let files = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let text_of = |suffix: &str| {
        let f = files.iter().find(|f| f.path.ends_with(suffix));
        f.unwrap_or_else(|| panic!("no {suffix}")).contents.clone()
    };
    for (file, kinds, secret) in [
        (
            "/side-blue.json",
            "hedge-bank",
            [
                "sown-mines",
                "Sown Minefield",
                "tank-trap",
                "Concealed Tank Trap",
            ],
        ),
        (
            "/side-blue.html",
            "Hedgerow with a bank",
            [
                "sown-mines",
                "Sown Minefield",
                "tank-trap",
                "Concealed Tank Trap",
            ],
        ),
        (
            "/cards-blue.html",
            "2nd Platoon",
            [
                "sown-mines",
                "Sown Minefield",
                "tank-trap",
                "Concealed Tank Trap",
            ],
        ),
        (
            "/side-red.json",
            "Sown Minefield",
            ["tank-trap", "Concealed Tank Trap", "-", "-"],
        ),
        (
            "/side-red.html",
            "Sown Minefield",
            ["tank-trap", "Concealed Tank Trap", "-", "-"],
        ),
    ] {
        let text = text_of(file);
        assert!(text.contains(kinds), "{file} lacks {kinds}");
        for s in secret.iter().filter(|s| **s != "-") {
            assert!(!text.contains(s), "{file} names `{s}`");
        }
    }
    let umpire = text_of("/umpire.html");
    for s in [
        "Sown Minefield",
        "Concealed Tank Trap",
        "Hedgerow with a bank",
    ] {
        assert!(umpire.contains(s), "umpire.html lacks {s}");
    }
}

#[test]
fn sheets_print_names_and_texts_as_they_read() {
    // A display name and an order text with a non-breaking space, a soft hyphen,
    // a zero-width space and a Unicode hyphen: printed plainly, as MC802 reads them.
    let text = SECRET_KINDS
        .replace(
            "platoon p \"1st Platoon\"",
            "platoon p \"1st\u{00A0}Pla\u{00AD}toon\"",
        )
        .replace(
            "p defend (500,500)",
            "p defend (500,500) \"hold the cross\u{2010}roads\u{200B} at all costs\"",
        );
    let world = muster_model::MemoryWorld::new().with("kinds.muster", text);
    let resolved = muster_model::resolve(&world, "kinds.muster", &Default::default());
    let analysis = muster_model::analyse(&resolved.model);
    let files = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    for f in files
        .iter()
        .filter(|f| f.path.contains("red") || f.path.contains("umpire"))
    {
        for invisible in ['\u{00A0}', '\u{00AD}', '\u{200B}', '\u{2010}'] {
            assert!(
                !f.contents.contains(invisible),
                "{} holds {invisible:?}",
                f.path
            );
        }
    }
    let red = &files
        .iter()
        .find(|f| f.path.ends_with("/side-red.html"))
        .unwrap()
        .contents;
    assert!(red.contains("1st Platoon"), "{red}");
    assert!(red.contains("hold the cross-roads at all costs"), "{red}");
}
