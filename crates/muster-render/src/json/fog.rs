//! Fog of war: one side's view of the scenario JSON.
//!
//! A side keeps its own forces, orders, signals, nets, arrivals and victory
//! conditions, and the map. Of the enemy it keeps only the side's name and what
//! its intel grants, in the intel's words. Umpire notes, events, designer notes and
//! house rules are dropped. Filtering the JSON is the only fog of war: the
//! briefings are rendered from the filtered JSON.

use super::common::{RefKind, Reference};
use super::forces::Unit;
use super::header::View;
use super::plans::{Condition, Objective};
use super::ScenarioJson;

/// The view of `side` (its id). An unknown side id gets the map and nothing else.
pub fn for_side(full: &ScenarioJson, side: &str) -> ScenarioJson {
    let mut j = full.clone();
    j.view = View::Side {
        side: side.to_string(),
    };
    j.header.notes.clear();
    j.overrides.clear();
    j.events.clear();
    j.umpire_notes.clear();
    for s in &mut j.sides {
        if s.id == side {
            s.units.iter_mut().for_each(own_unit);
        } else {
            s.players.clear();
            s.units.clear();
            s.strength = None;
        }
    }
    j.orders.retain(|o| o.side == side);
    for o in &mut j.orders {
        scrub(&mut o.unit, side);
        if let Some(obj) = &mut o.objective {
            scrub_objective(obj, side);
        }
    }
    j.signals.retain(|s| s.side.as_deref() == Some(side));
    for s in &mut j.signals {
        s.sender
            .iter_mut()
            .chain(s.affects.iter_mut())
            .for_each(|r| scrub(r, side));
    }
    j.nets.retain(|n| n.side == side);
    for n in &mut j.nets {
        n.members.iter_mut().for_each(|r| scrub(r, side));
    }
    j.radio_links.retain(|l| l.side == side);
    j.telephone_lines.retain(|l| l.side == side);
    for l in j.radio_links.iter_mut().chain(j.telephone_lines.iter_mut()) {
        scrub(&mut l.from, side);
        scrub(&mut l.to, side);
    }
    j.arrivals.retain(|a| a.side.as_deref() == Some(side));
    for a in &mut j.arrivals {
        scrub(&mut a.unit, side);
    }
    j.victory.retain(|v| v.side == side);
    for v in &mut j.victory {
        for c in &mut v.conditions {
            match c {
                Condition::Holds { target, .. } | Condition::Destroys { target } => {
                    scrub(target, side)
                }
                Condition::Exits { unit, at } => {
                    scrub(unit, side);
                    scrub(at, side);
                }
            }
        }
    }
    j.intel.retain(|i| i.side == side);
    for i in &mut j.intel {
        i.unit = None;
        // Seen "at" an enemy unit or element would name and place it: drop that.
        if let Some(Objective::Target { target }) = &i.seen_at {
            if matches!(
                target.kind,
                RefKind::Unit | RefKind::Element | RefKind::Unresolved
            ) {
                i.seen_at = None;
                i.position = None;
            }
        }
    }
    j.latency.retain(|l| l.side == side);
    j
}

/// Drops what the umpire alone may read from one of the side's own units.
fn own_unit(u: &mut Unit) {
    u.umpire_notes.clear();
    if let Some(s) = &mut u.start {
        s.nearest_enemy = None;
        s.nearest_enemy_m = None;
    }
    for e in &mut u.elements {
        e.umpire_notes.clear();
    }
    u.units.iter_mut().for_each(own_unit);
}

/// Withholds an enemy unit's or element's display name from a reference, and an
/// enemy element's unit: only the element's own name is kept.
fn scrub(r: &mut Reference, side: &str) {
    if r.side.as_deref() != Some(side) && matches!(r.kind, RefKind::Unit | RefKind::Element) {
        r.display = None;
        if let Some((_, name)) = r.id.rsplit_once('.') {
            r.id = name.to_string();
        }
    }
}

fn scrub_objective(o: &mut Objective, side: &str) {
    if let Objective::Target { target } = o {
        scrub(target, side);
    }
}
