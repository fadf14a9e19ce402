//! Command status of every element at the start (§87–§89), as RULES.md's worked
//! p.15 example reads them.
//!
//! Each link is measured with the element's own means (§88): wire to the command
//! element one step up is unlimited; a long radio reaches 3,000 m on a command or
//! recce element and 300 m elsewhere; a short radio 300 m; voice 100 m.
//!
//! **Radios reach radios.** §69–§72 describe radio as sets netted to one another
//! and fall back on word of mouth "where neither radio nor wired connections are
//! available": a radio link therefore needs a set at both ends. Towards an element
//! without a radio the element under review is measured by voice. Likewise wire
//! needs a declared `telephone` line between the two (in `nets`) or a telephone at
//! both ends (§68 presumes the lines between phones).
//!
//! A command element whose only means towards its superior is voice falls back on
//! alternative methods (§88): it is in command by runner, however far, and the
//! delay is shown (MC306).
//!
//! An attached unit's elements count as members of the group they are attached to
//! (§80, §87): after their own routes they may chain through that group's linked
//! elements.
//!
//! Routes are tried in the order of §87: direct to the command element one step up;
//! through elements of its own group that are themselves linked (in rounds
//! outward from the command element, so a chain may be any length and each element
//! names the nearest link of the earliest round it reaches: the shortest chain); to an element of a group it has orders
//! to support (own or inherited orders with stance `support` naming a unit).

use super::chain::{command_above, orders_of, placed, subtree, superior_of};
use crate::analysis::{CommandStatus, Means, Route, StartSituation};
use crate::geometry;
use crate::model::*;
use muster_rules::command::{self as rules, CommandRange};
use muster_rules::latency;
use muster_rules::terrain::{MoveGrade, Mover};
use muster_rules::vocab::Stance;

fn is_element(r: &Ref, e: ElementId) -> bool {
    r.target == Some(Target::Element(e))
}

/// Whether a field telephone connects `a` and `b`.
fn wired(m: &Model, a: ElementId, b: ElementId) -> bool {
    let declared = m.telephone_lines.iter().any(|l| {
        (is_element(&l.from, a) && is_element(&l.to, b))
            || (is_element(&l.from, b) && is_element(&l.to, a))
    });
    declared || (m.elements[a.0].telephone.is_some() && m.elements[b.0].telephone.is_some())
}

/// The range of `from`'s means towards `to` (§88). Wire only counts on the direct
/// route; radio only towards another radio.
pub(crate) fn reach(m: &Model, from: ElementId, to: ElementId, direct: bool) -> CommandRange {
    let mut eq = m.elements[from.0].equipment();
    if m.elements[to.0].radio.is_none() {
        eq.radio = None;
    }
    let wire = direct && wired(m, from, to);
    if !wire {
        eq.telephone = false;
    }
    rules::range_of(eq, wire)
}

/// A possible link: the target, whether it is the direct route, and how it is reached.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    to: ElementId,
    route: Route,
    range: CommandRange,
    distance: f64,
}

impl Candidate {
    fn short_by(&self) -> f64 {
        self.range
            .metres
            .map_or(0.0, |r| (self.distance - r).max(0.0))
    }
}

fn candidate(m: &Model, from: ElementId, to: ElementId, route: Route) -> Option<Candidate> {
    crate::work::geometry();
    let (a, b) = (placed(m, from)?, placed(m, to)?);
    let range = reach(m, from, to, route == Route::Direct);
    Some(Candidate {
        to,
        route,
        range,
        distance: a.distance(b),
    })
}

fn in_command(c: Candidate, means_override: Option<Means>) -> CommandStatus {
    CommandStatus::InCommand {
        route: c.route,
        means: means_override.unwrap_or(c.range.means),
        via: c.to,
        distance: c.distance,
    }
}

/// Elements of groups that unit `u` has orders to support (§87c), outside `u`.
fn supported(m: &Model, u: UnitId) -> Vec<ElementId> {
    let mut out = Vec::new();
    for o in orders_of(m, u) {
        if o.stance.map(|(s, _)| s) != Some(Stance::Support) {
            continue;
        }
        let Some(Objective::Ref(r)) = &o.objective else {
            continue;
        };
        let Some(Target::Unit(t)) = r.target else {
            continue;
        };
        for v in subtree(m, t) {
            if v != u {
                out.extend(m.units[v.0].elements.iter().copied());
            }
        }
    }
    out
}

/// The elements of the group unit `u` is attached to (§80) that are in command
/// within it: its command element and the members its chains link; empty when
/// `u` is not attached.
fn host_linked(m: &Model, u: UnitId) -> Vec<ElementId> {
    let Some(Target::Unit(h)) = m.units[u.0].attached_to.as_ref().and_then(|r| r.target) else {
        return Vec::new();
    };
    if h == u {
        return Vec::new();
    }
    let host = &m.units[h.0];
    let hub = host.command_element.or_else(|| command_above(m, h));
    let members: Vec<ElementId> = host
        .elements
        .iter()
        .copied()
        .filter(|e| Some(*e) != host.command_element && placed(m, *e).is_some())
        .collect();
    let linked = chains(m, hub, &members);
    let mut out: Vec<ElementId> = host
        .command_element
        .filter(|c| placed(m, *c).is_some())
        .into_iter()
        .collect();
    out.extend(
        members
            .iter()
            .zip(&linked)
            .filter(|(_, l)| l.is_some())
            .map(|(e, _)| *e),
    );
    out
}

/// §87a and b within one group: which `members` link to `hub` directly, and which
/// through other members that are themselves linked (a chain of any length), with
/// the link each uses; same index as `members`.
///
/// Worked in rounds: first the members that reach the hub, then those that reach a
/// member linked in an earlier round, taking the nearest. Each pair is measured at
/// most once, so a long chain costs the square of the group's size, not its cube.
fn chains(m: &Model, hub: Option<ElementId>, members: &[ElementId]) -> Vec<Option<Candidate>> {
    let mut linked: Vec<Option<Candidate>> = vec![None; members.len()];
    let Some(h) = hub else {
        return linked;
    };
    let mut frontier: Vec<usize> = Vec::new();
    for (i, &e) in members.iter().enumerate() {
        if let Some(c) = candidate(m, e, h, Route::Direct).filter(|c| c.range.reaches(c.distance)) {
            linked[i] = Some(c);
            frontier.push(i);
        }
    }
    while !frontier.is_empty() {
        let mut best: Vec<Option<Candidate>> = vec![None; members.len()];
        for (i, &e) in members.iter().enumerate() {
            if linked[i].is_some() {
                continue;
            }
            for &j in &frontier {
                let c = candidate(m, e, members[j], Route::Chain)
                    .filter(|c| c.range.reaches(c.distance));
                if let Some(c) = c {
                    if best[i].is_none_or(|b| c.distance < b.distance) {
                        best[i] = Some(c);
                    }
                }
            }
        }
        frontier.clear();
        for (i, b) in best.into_iter().enumerate() {
            if b.is_some() {
                linked[i] = b;
                frontier.push(i);
            }
        }
    }
    linked
}

/// Whether `p` stands in terrain that halves a runner's pace (§76).
fn slow_ground(m: &Model, p: Pos) -> bool {
    !geometry::on_road_within(m, p)
        && geometry::areas_at(m, p).any(|a| {
            crate::ground::area_movement(m, a, Mover::Foot).is_some_and(|g| g != MoveGrade::Clear)
        })
}

/// Turns a runner needs from `from` to `to` (§76), in `e`'s unit's situation.
pub(crate) fn runner_turns(m: &Model, from: Pos, to: Pos, hot: bool) -> u32 {
    let poor = m
        .header
        .as_ref()
        .is_some_and(|h| latency::is_poor_weather(h.weather));
    let slow = slow_ground(m, from) || slow_ground(m, to);
    latency::runner_turns(from.distance(to), hot, slow, poor)
}

/// Command status of every element, same index as `model.elements`.
pub(crate) fn statuses(m: &Model, situations: &[StartSituation]) -> Vec<CommandStatus> {
    let mut out = vec![CommandStatus::NotPlaced; m.elements.len()];
    let hot = |e: ElementId| {
        situations
            .get(m.elements[e.0].unit.0)
            .is_some_and(|s| s.hot)
    };
    for (ui, unit) in m.units.iter().enumerate() {
        let u = UnitId(ui);
        let hub = match unit.command_element {
            Some(c) => Some(c),
            None => command_above(m, u),
        };
        // §87a and b within the group: direct links, then chains to a fixpoint.
        let members: Vec<ElementId> = unit
            .elements
            .iter()
            .copied()
            .filter(|e| Some(*e) != unit.command_element && placed(m, *e).is_some())
            .collect();
        let linked = chains(m, hub, &members);
        let link_of = |e: ElementId| members.iter().position(|x| *x == e).and_then(|i| linked[i]);
        let linked_list: Vec<ElementId> = members
            .iter()
            .zip(&linked)
            .filter(|(_, l)| l.is_some())
            .map(|(e, _)| *e)
            .collect();
        let mut support_cache: Option<Vec<ElementId>> = None;
        let mut host_cache: Option<Vec<ElementId>> = None;
        for &e in &unit.elements {
            if placed(m, e).is_none() {
                continue;
            }
            if let Some(c) = link_of(e) {
                out[e.0] = in_command(c, None);
                continue;
            }
            let is_cmd = unit.command_element == Some(e);
            let sup = superior_of(m, e);
            if is_cmd && sup.is_none() {
                out[e.0] = CommandStatus::Top;
                continue;
            }
            let mut cands: Vec<Candidate> = Vec::new();
            if let Some(s) = sup {
                cands.extend(candidate(m, e, s, Route::Direct));
            }
            if !is_cmd {
                cands.extend(
                    linked_list
                        .iter()
                        .filter_map(|y| candidate(m, e, *y, Route::Chain)),
                );
            }
            let direct = cands.first().copied().filter(|c| c.route == Route::Direct);
            if let Some(c) = direct {
                if c.range.reaches(c.distance) {
                    out[e.0] = in_command(c, None);
                    continue;
                }
                if is_cmd && c.range.means == Means::Voice {
                    out[e.0] = in_command(c, Some(Means::Runner));
                    continue;
                }
            }
            // §80: an attached unit's elements count as members of the group they
            // are attached to (§87), so they may chain through its linked elements.
            let host_els = host_cache.get_or_insert_with(|| host_linked(m, u));
            let via_host = host_els
                .iter()
                .filter(|y| **y != e)
                .filter_map(|y| candidate(m, e, *y, Route::Chain))
                .filter(|c| c.range.reaches(c.distance))
                .min_by(|a, b| a.distance.total_cmp(&b.distance));
            if let Some(c) = via_host {
                out[e.0] = in_command(c, None);
                continue;
            }
            let supported_els = support_cache.get_or_insert_with(|| supported(m, u));
            let sup_cands: Vec<Candidate> = supported_els
                .iter()
                .filter(|y| **y != e)
                .filter_map(|y| candidate(m, e, *y, Route::Supported))
                .collect();
            let best_support = sup_cands
                .iter()
                .filter(|c| c.range.reaches(c.distance))
                .min_by(|a, b| a.distance.total_cmp(&b.distance));
            if let Some(c) = best_support {
                out[e.0] = in_command(*c, None);
                continue;
            }
            cands.extend(sup_cands);
            let nearest = cands.iter().min_by(|a, b| {
                a.short_by()
                    .total_cmp(&b.short_by())
                    .then(a.distance.total_cmp(&b.distance))
            });
            let Some(n) = nearest.copied() else {
                out[e.0] = CommandStatus::Top;
                continue;
            };
            let here = placed(m, e);
            let from = sup.and_then(|s| placed(m, s)).or(placed(m, n.to));
            let runner = match (from, here) {
                (Some(a), Some(b)) => runner_turns(m, a, b, hot(e)),
                _ => 0,
            };
            out[e.0] = CommandStatus::Separated {
                nearest: Some(n.to),
                distance: n.distance,
                range: n.range,
                short_by: n.short_by(),
                runner_turns: runner,
            };
        }
    }
    out
}
