//! Command cards hold what a unit's commander acts on: every element under his
//! command (a sub-unit without an order of its own folded into its parent's
//! card), when and where each of them comes on, and the grid square of each
//! objective, read from the side's own view.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_render::json::{self, forces::Unit, plans::Objective, ScenarioJson};
use muster_render::sheets::cards::{cards, Card};

/// The unit `id` of `view`, at any depth.
fn unit<'a>(view: &'a ScenarioJson, id: &str) -> Option<&'a Unit> {
    fn find<'a>(us: &'a [Unit], id: &str) -> Option<&'a Unit> {
        us.iter()
            .find_map(|u| (u.id == id).then_some(u).or_else(|| find(&u.units, id)))
    }
    view.sides.iter().find_map(|s| find(&s.units, id))
}

/// `u` and its sub-units, at any depth, that have no order of their own.
fn under_command<'a>(view: &ScenarioJson, u: &'a Unit, out: &mut Vec<&'a Unit>) {
    out.push(u);
    for c in &u.units {
        if !view.orders.iter().any(|o| o.unit.id == c.id) {
            under_command(view, c, out);
        }
    }
}

/// What is wrong with `card` of `view`: an element under its command not
/// listed, an arrival of one of its units not given, an objective on the
/// table without its grid square.
fn card_problems(view: &ScenarioJson, card: &Card) -> Vec<String> {
    let mut found = Vec::new();
    let Some(u) = unit(view, &card.unit_id) else {
        return vec![format!("{}: no such unit", card.unit_id)];
    };
    let mut units = Vec::new();
    under_command(view, u, &mut units);
    let lines = card.elements.join("\n");
    for x in &units {
        for e in &x.elements {
            if !lines.contains(e.shown()) {
                found.push(format!("{}: element {} not listed", card.unit, e.id));
            }
        }
    }
    let ids: Vec<&str> = units.iter().map(|x| x.id.as_str()).collect();
    for a in view
        .arrivals
        .iter()
        .filter(|a| ids.contains(&a.unit.id.as_str()))
    {
        let who = a.unit.display.as_deref().unwrap_or(&a.unit.id);
        let place = a.at.display.as_deref().unwrap_or(&a.at.id);
        if !card
            .arrivals
            .iter()
            .any(|l| l.starts_with(who) && l.contains(place) && l.contains("turn"))
        {
            found.push(format!("{}: the arrival of {who} is not given", card.unit));
        }
    }
    for o in view.orders.iter().filter(|o| o.unit.id == card.unit_id) {
        let targets = std::iter::once(&o.objective).chain(o.phases.iter().map(|p| &p.objective));
        for t in targets.flatten() {
            if let Objective::Target { target } = t {
                let on_table = muster_render::map::orders::locate(view, target).is_some();
                let squared = card.objectives.iter().any(|l| {
                    l.ends_with(')')
                        && l.rsplit_once('(')
                            .is_some_and(|(_, sq)| sq.starts_with(|c: char| c.is_ascii_uppercase()))
                });
                if on_table && !squared {
                    found.push(format!("{}: {} has no grid square", card.unit, target.id));
                }
            }
        }
    }
    found
}

#[test]
fn every_card_of_the_pack_lists_its_command_its_arrivals_and_its_objectives_squares() {
    let mut found = Vec::new();
    let mut read = 0;
    let mut folded = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        for side in &full.sides {
            let view = json::for_side(&full, &side.id);
            for card in cards(&view, &side.id) {
                found.extend(
                    card_problems(&view, &card)
                        .into_iter()
                        .map(|p| format!("{path}: {p}")),
                );
                if let Some(u) = unit(&view, &card.unit_id) {
                    let mut units = Vec::new();
                    under_command(&view, u, &mut units);
                    folded += usize::from(units.len() > 1);
                }
                read += 1;
            }
        }
    }
    assert!(read >= 40, "only {read} cards read");
    assert!(folded > 0, "no card folds a sub-unit in");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// Pine-Coffin's card: his battalion HQ, the three companies that follow his
/// order folded in by name, each arrival with its clock time and road, and
/// Bénouville with its square.
#[test]
fn the_7th_para_card_folds_its_companies_in_and_gives_their_arrivals() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = json::scenario(&model, &analysis);
    let view = json::for_side(&full, "british");
    let card = cards(&view, "british")
        .into_iter()
        .find(|c| c.unit_id == "para-7")
        .unwrap();
    assert_eq!(
        card.elements[0],
        "Pine-Coffin's battalion HQ: command foot, 2 figures (HQ)"
    );
    assert_eq!(
        card.elements[1],
        "A Company, 7th Para: Company HQ (HQ), 1st Platoon; 8 figures"
    );
    assert!(
        card.arrivals
            .contains(&"A Company, 7th Para at 01:30 (turn 8), Road from Ranville".to_string()),
        "{:?}",
        card.arrivals
    );
    assert_eq!(card.objectives, ["Bénouville (D3)"]);
    assert!(card_problems(&view, &card).is_empty());
    // A near miss: the same card without its companies is found wanting.
    let mut bare = card.clone();
    bare.elements.truncate(1);
    bare.arrivals.clear();
    bare.objectives = vec!["Bénouville".into()];
    let problems = card_problems(&view, &bare);
    assert!(
        problems.contains(&"7th Parachute Battalion: element a-coy-7.pl-1 not listed".to_string()),
        "{problems:?}"
    );
    assert!(problems.contains(
        &"7th Parachute Battalion: the arrival of A Company, 7th Para is not given".to_string()
    ));
    assert!(
        problems.contains(&"7th Parachute Battalion: benouville has no grid square".to_string())
    );
}
