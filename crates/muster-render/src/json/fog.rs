//! Fog of war: one side's view of the scenario JSON.
//!
//! A side keeps its own forces, orders, signals, nets, arrivals and victory
//! conditions, and the map items it knows. Of the enemy it keeps only the side's
//! name and what its intel grants, in the intel's words: a reference of its own
//! plans to an enemy unit or element becomes a reference to the intel report that
//! reveals it (never the enemy's id or name), an enemy signal it waits for
//! becomes "a flare" or "a smoke signal", and a map item known to the other side
//! or the umpire alone is dropped with every reference to it. Umpire notes,
//! events, designer notes and house rules are dropped. Filtering the JSON is the
//! only fog of war: the briefings are rendered from the filtered JSON. The
//! checker reports, as errors, the references a side cannot make (MC804–MC806);
//! this filter withholds them regardless, so it never fails open.

use std::collections::{BTreeMap, BTreeSet};

use super::common::{Kw, RefKind, Reference};
use super::convert::full_summary;
use super::forces::Unit;
use super::header::View;
use super::plans::{Condition, Objective, Timing};
use super::ScenarioJson;

/// What one side may know: the map items hidden from it, the intel reports on
/// enemy units, the enemy's elements and signals.
struct Knowledge {
    side: String,
    /// Ids of map items known to the other side or the umpire alone.
    hidden: BTreeSet<String>,
    /// Enemy unit id -> (report id, report words).
    reports: BTreeMap<String, (String, Option<String>)>,
    /// Enemy element: qualified id and own name -> its unit's id (`None` when a
    /// bare name is ambiguous).
    enemy_elements: BTreeMap<String, Option<String>>,
    /// Enemy signal id -> its kind.
    enemy_signals: BTreeMap<String, Kw<muster_rules::vocab::SignalKind>>,
}

impl Knowledge {
    fn new(full: &ScenarioJson, side: &str) -> Self {
        let knows = |k: &Option<String>| k.as_deref().is_none_or(|w| w == side);
        let m = &full.map;
        let hidden = (m
            .areas
            .iter()
            .filter(|a| !knows(&a.known_to))
            .map(|a| &a.id))
        .chain(
            m.lines
                .iter()
                .filter(|a| !knows(&a.known_to))
                .map(|a| &a.id),
        )
        .chain(
            m.crossings
                .iter()
                .filter(|a| !knows(&a.known_to))
                .map(|a| &a.id),
        )
        .chain(
            m.places
                .iter()
                .filter(|a| !knows(&a.known_to))
                .map(|a| &a.id),
        )
        .cloned()
        .collect();
        let mut reports = BTreeMap::new();
        for i in full.intel.iter().filter(|i| i.side == side) {
            if let Some(u) = i.unit.as_ref().filter(|u| u.kind == RefKind::Unit) {
                reports
                    .entry(u.id.clone())
                    .or_insert_with(|| (i.id.clone(), i.words.clone()));
            }
        }
        // A report on a unit covers the units below it.
        fn cover(
            u: &Unit,
            inherited: Option<(String, Option<String>)>,
            out: &mut BTreeMap<String, (String, Option<String>)>,
        ) {
            let own = out.get(&u.id).cloned().or(inherited);
            if let Some(r) = &own {
                out.insert(u.id.clone(), r.clone());
            }
            u.units.iter().for_each(|s| cover(s, own.clone(), out));
        }
        for s in full.sides.iter().filter(|s| s.id != side) {
            s.units.iter().for_each(|u| cover(u, None, &mut reports));
        }
        let mut enemy_elements = BTreeMap::new();
        fn walk(u: &Unit, out: &mut BTreeMap<String, Option<String>>) {
            for e in &u.elements {
                out.insert(e.id.clone(), Some(u.id.clone()));
                out.entry(e.name.clone())
                    .and_modify(|v| {
                        if v.as_deref() != Some(u.id.as_str()) {
                            *v = None
                        }
                    })
                    .or_insert_with(|| Some(u.id.clone()));
            }
            u.units.iter().for_each(|s| walk(s, out));
        }
        for s in full.sides.iter().filter(|s| s.id != side) {
            s.units.iter().for_each(|u| walk(u, &mut enemy_elements));
        }
        let enemy_signals = full
            .signals
            .iter()
            .filter(|s| s.side.as_deref().is_some_and(|x| x != side))
            .map(|s| (s.id.clone(), s.kind))
            .collect();
        Knowledge {
            side: side.to_string(),
            hidden,
            reports,
            enemy_elements,
            enemy_signals,
        }
    }

    /// Rewrites a reference the side may not read as written: an enemy unit or
    /// element to its intel report, or to nothing; a hidden map item to nothing.
    fn fix(&self, r: &mut Reference) {
        let enemy = r.side.as_deref().is_some_and(|s| s != self.side);
        let unit = match r.kind {
            RefKind::Unit if enemy => Some(Some(r.id.clone())),
            RefKind::Element if enemy => Some(self.enemy_elements.get(&r.id).cloned().flatten()),
            RefKind::Place | RefKind::Area | RefKind::Line | RefKind::Crossing
                if self.hidden.contains(&r.id) =>
            {
                *r = withheld(None);
                return;
            }
            _ => None,
        };
        let Some(unit) = unit else { return };
        let side = r.side.clone();
        *r = match unit.and_then(|u| self.reports.get(&u)) {
            Some((report, words)) => Reference {
                id: report.clone(),
                kind: RefKind::Intel,
                display: words.clone(),
                side,
            },
            None => withheld(side),
        };
    }

    /// Whether a bare id names something the side may not read.
    fn secret(&self, id: &str) -> bool {
        self.hidden.contains(id) || self.enemy_signals.contains_key(id)
    }
}

/// A reference the side may not read (the checker has reported it).
fn withheld(side: Option<String>) -> Reference {
    Reference {
        id: "withheld".into(),
        kind: RefKind::Withheld,
        display: None,
        side,
    }
}

/// The view of `side` (its id). An unknown side id gets the common map and
/// nothing else.
pub fn for_side(full: &ScenarioJson, side: &str) -> ScenarioJson {
    let know = Knowledge::new(full, side);
    let fix = |r: &mut Reference| know.fix(r);
    let mut j = full.clone();
    j.view = View::Side {
        side: side.to_string(),
    };
    j.header.notes.clear();
    j.overrides.clear();
    j.events.clear();
    j.umpire_notes.clear();
    j.balance = None;
    j.briefings.retain(|b| b.side.as_deref() == Some(side));
    let visible = |k: &Option<String>| k.as_deref().is_none_or(|w| w == side);
    j.map.areas.retain(|a| visible(&a.known_to));
    j.map.lines.retain(|a| visible(&a.known_to));
    j.map.crossings.retain(|a| visible(&a.known_to));
    j.map.places.retain(|a| visible(&a.known_to));
    // A scenario terrain kind is known through the ground that uses it: one used
    // only by items the side does not know would name them (`minefield`).
    let used: BTreeSet<&str> = (j.map.areas.iter().filter_map(|a| a.terrain.as_deref()))
        .chain(j.map.lines.iter().filter_map(|l| l.terrain.as_deref()))
        .collect();
    let used: BTreeSet<String> = used.into_iter().map(str::to_string).collect();
    j.map.terrains.retain(|t| used.contains(&t.id));
    for c in &mut j.map.crossings {
        c.over.iter_mut().chain(c.carries.iter_mut()).for_each(fix);
    }
    for s in &mut j.sides {
        if s.id == side {
            s.units.iter_mut().for_each(|u| own_unit(u, &fix));
            // a side sees its own units as friends, whatever the umpire's view
            s.units
                .iter_mut()
                .for_each(|u| crate::app6::set_sidcs(u, crate::app6::Identity::Friend));
        } else {
            s.players.clear();
            s.units.clear();
            s.strength = None;
        }
    }
    orders_of(&mut j, side, &know);
    j.signals.retain(|s| s.side.as_deref() == Some(side));
    for s in &mut j.signals {
        s.sender
            .iter_mut()
            .chain(s.affects.iter_mut())
            .for_each(fix);
        if let Some(t) = &s.trigger {
            if t.strip_prefix("on capture of ")
                .is_some_and(|id| know.secret(id))
            {
                s.trigger = Some("on capture".into());
            }
        }
    }
    j.nets.retain(|n| n.side == side);
    for n in &mut j.nets {
        n.members.iter_mut().for_each(fix);
    }
    j.radio_links.retain(|l| l.side == side);
    j.telephone_lines.retain(|l| l.side == side);
    j.messengers.retain(|l| l.side == side);
    for l in &mut j.messengers {
        fix(&mut l.from);
        fix(&mut l.to);
    }
    for l in j.radio_links.iter_mut().chain(j.telephone_lines.iter_mut()) {
        fix(&mut l.from);
        fix(&mut l.to);
    }
    j.arrivals.retain(|a| a.side.as_deref() == Some(side));
    for a in &mut j.arrivals {
        fix(&mut a.unit);
        fix(&mut a.at);
        // an arrival waiting on the enemy's signal would name it: drop the condition
        if a.condition
            .as_ref()
            .is_some_and(|c| know.enemy_signals.contains_key(c.signal.as_str()))
        {
            a.condition = None;
        }
    }
    j.victory.retain(|v| v.side == side);
    for v in &mut j.victory {
        for c in &mut v.conditions {
            match c {
                Condition::Holds { target, .. } | Condition::Destroys { target } => fix(target),
                Condition::Exits { unit, at } => {
                    fix(unit);
                    fix(at);
                }
                // a side is known to both sides
                Condition::Losses { .. } => {}
            }
        }
    }
    intel_of(&mut j, side, &know);
    j.latency.retain(|l| l.side == side);
    // Counted again from what the side may see: the enemy's troops and secret
    // ground must not show through the totals.
    j.muster = super::muster::list(&j);
    j
}

/// The side's own orders, their references and signals as the side knows them.
fn orders_of(j: &mut ScenarioJson, side: &str, know: &Knowledge) {
    let fix = |r: &mut Reference| know.fix(r);
    j.orders.retain(|o| o.side == side);
    for o in &mut j.orders {
        fix(&mut o.unit);
        if let Some(Objective::Target { target }) = &mut o.objective {
            fix(target);
        }
        for p in &mut o.phases {
            if let Some(Objective::Target { target }) = &mut p.objective {
                fix(target);
            }
        }
        let timings = o
            .timing
            .iter_mut()
            .chain(o.phases.iter_mut().flat_map(|p| p.timing.iter_mut()));
        for t in timings {
            match t {
                Timing::OnSignal { signal } => {
                    if let Some(kind) = know.enemy_signals.get(signal.as_str()) {
                        *t = Timing::OnSighting { of: *kind };
                    }
                }
                Timing::Condition {
                    signal, sighting, ..
                } => {
                    if let Some(kind) = signal.as_deref().and_then(|s| know.enemy_signals.get(s)) {
                        *sighting = Some(*kind);
                        *signal = None;
                    }
                }
                _ => {}
            }
        }
        o.summary = full_summary(o);
    }
}

/// The side's own intel reports, without what would name or place the enemy.
fn intel_of(j: &mut ScenarioJson, side: &str, know: &Knowledge) {
    j.intel.retain(|i| i.side == side);
    for i in &mut j.intel {
        i.unit = None;
        // Seen "at" an enemy unit or element would name and place it, and "at" a
        // map item the side does not know would draw it: drop both.
        if let Some(Objective::Target { target }) = &i.seen_at {
            let drop = matches!(
                target.kind,
                RefKind::Unit | RefKind::Element | RefKind::Unresolved
            ) || know.hidden.contains(&target.id);
            if drop {
                i.seen_at = None;
                i.position = None;
            }
        }
    }
}

/// Drops what the umpire alone may read from one of the side's own units, and
/// rewrites its references to enemy units and hidden map items.
fn own_unit(u: &mut Unit, fix: &dyn Fn(&mut Reference)) {
    u.umpire_notes.clear();
    u.attached_to.iter_mut().for_each(fix);
    // Why a group starts hot or cold is the umpire's: the writer's reason may speak
    // of an enemy the side cannot see. The side keeps the status.
    if let Some(s) = &mut u.start {
        s.nearest_enemy = None;
        s.nearest_enemy_m = None;
        s.reason = None;
    }
    for e in &mut u.elements {
        e.umpire_notes.clear();
        if let Some(s) = &mut e.start {
            s.reason.clear();
        }
        e.embussed_in
            .iter_mut()
            .chain(e.riding_on.iter_mut())
            .chain(e.registers_for.iter_mut())
            .chain(e.refuel_at.iter_mut())
            .chain(e.tasks.iter_mut().filter_map(|t| t.target.as_mut()))
            .for_each(fix);
    }
    u.units.iter_mut().for_each(|s| own_unit(s, fix));
}
