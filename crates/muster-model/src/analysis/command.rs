//! Command status of every element at the start (§87–§89), as the rulebook's
//! worked example of command ranges reads them.
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
//! elements, and that group's own elements may chain through them.
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
use rstar::primitives::GeomWithData;
use rstar::RTree;
use std::collections::BTreeMap;

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

/// For each unit, the placed elements of the units attached to it (§80), in
/// model order: they count as members of its group for its chains (§87).
fn attached_elements(m: &Model) -> Vec<Vec<ElementId>> {
    let mut out = vec![Vec::new(); m.units.len()];
    for (ui, unit) in m.units.iter().enumerate() {
        if let Some(Target::Unit(h)) = unit.attached_to.as_ref().and_then(|r| r.target) {
            if h.0 != ui && h.0 < out.len() {
                let placed_els = unit.elements.iter().filter(|e| placed(m, **e).is_some());
                out[h.0].extend(placed_els.copied());
            }
        }
    }
    out
}

/// The members of unit `u`'s group for its chains: its own placed elements other
/// than the command element, then those of the units attached to it.
fn group_members(m: &Model, u: UnitId, attached: &[Vec<ElementId>]) -> Vec<ElementId> {
    let unit = &m.units[u.0];
    let mut members: Vec<ElementId> = unit
        .elements
        .iter()
        .copied()
        .filter(|e| Some(*e) != unit.command_element && placed(m, *e).is_some())
        .collect();
    members.extend(attached.get(u.0).into_iter().flatten().copied());
    members
}

/// The elements of the group unit `u` is attached to (§80) that are in command
/// within it: its command element and the members its chains link; empty when
/// `u` is not attached.
fn host_linked(m: &Model, u: UnitId, attached: &[Vec<ElementId>]) -> Vec<ElementId> {
    let Some(Target::Unit(h)) = m.units[u.0].attached_to.as_ref().and_then(|r| r.target) else {
        return Vec::new();
    };
    if h == u {
        return Vec::new();
    }
    let host = &m.units[h.0];
    let hub = host.command_element.or_else(|| command_above(m, h));
    let members = group_members(m, h, attached);
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

/// Largest group measured pair by pair: a company has four to six members.
const PAIRWISE_UP_TO: usize = 32;

/// §87a and b within one group: which `members` link to `hub` directly, and which
/// through other members that are themselves linked (a chain of any length), with
/// the link each uses; same index as `members`.
///
/// Worked in rounds: first the members that reach the hub, then those that reach a
/// member linked in the round before, each taking the nearest (the lower index on
/// a tie), so each names the nearest link of the earliest round it reaches.
fn chains(m: &Model, hub: Option<ElementId>, members: &[ElementId]) -> Vec<Option<Candidate>> {
    chains_with(m, hub, members, members.len() <= PAIRWISE_UP_TO)
}

/// [`chains`], the rounds worked pair by pair or by the search.
fn chains_with(
    m: &Model,
    hub: Option<ElementId>,
    members: &[ElementId],
    by_pairs: bool,
) -> Vec<Option<Candidate>> {
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
    if by_pairs {
        rounds_by_pairs(m, members, &mut linked, frontier);
    } else {
        rounds_by_search(m, members, &mut linked, frontier);
    }
    linked
}

/// The rounds of [`chains`] for a small group: every waiting member measured
/// against every member linked in the round before, which for a handful of
/// members costs less than building trees. The same answers as
/// [`rounds_by_search`] (a test compares the two).
fn rounds_by_pairs(
    m: &Model,
    members: &[ElementId],
    linked: &mut [Option<Candidate>],
    mut frontier: Vec<usize>,
) {
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
}

/// A member of a group as a point of the chain search: its place and its index in
/// the group's `members`.
type Spot = GeomWithData<[f64; 2], usize>;

/// Slack on every search radius, far above rounding; the exact test decides.
const SLACK: f64 = 1.0;

/// The ranges of `e`'s own means on a chain link (no wire, §88): towards a member
/// with a radio, and towards one without. Infinite if ever unlimited.
fn chain_ranges(m: &Model, e: ElementId) -> (f64, f64) {
    let mut eq = m.elements[e.0].equipment();
    eq.telephone = false;
    let to_radio = rules::range_of(eq, false).metres;
    eq.radio = None;
    let to_other = rules::range_of(eq, false).metres;
    let metres = |r: Option<f64>| r.unwrap_or(f64::INFINITY);
    (metres(to_radio), metres(to_other))
}

/// The nearest member of `tree` that `from` reaches on a chain link, the lower
/// index on a tie: what a scan of the whole frontier in order would pick. Every
/// member of the tree is reached within the same `range`, so the search stops at
/// the first one beyond it or beyond the best found.
fn nearest_link(
    m: &Model,
    members: &[ElementId],
    from: (usize, [f64; 2]),
    tree: &RTree<Spot>,
    range: f64,
) -> Option<(Candidate, usize)> {
    let mut best: Option<(Candidate, usize)> = None;
    for (s, d2) in tree.nearest_neighbor_iter_with_distance_2(&from.1) {
        let d = d2.sqrt();
        let beyond_best = best.is_some_and(|(b, _)| d > b.distance + SLACK);
        if d > range + SLACK || beyond_best {
            break;
        }
        let Some(c) = candidate(m, members[from.0], members[s.data], Route::Chain) else {
            continue;
        };
        if !c.range.reaches(c.distance) {
            continue;
        }
        let better = best.is_none_or(|(b, j)| (c.distance, s.data) < (b.distance, j));
        if better {
            best = Some((c, s.data));
        }
    }
    best
}

/// The rounds of [`chains`] for a large group. A member's reach on a chain link depends only on its own means and on
/// whether the other end has a radio, so the members still waiting are kept in one
/// R-tree per pair of ranges (voice, short or long radio), and each round's newly
/// linked members in two (with and without a radio): each round asks the waiting
/// trees who is within reach of a new link (each member is found once, then leaves
/// its tree), and each member found asks the new links' trees for its nearest. A
/// group of n members costs about n log n, not the n² of measuring every pair.
/// Members at no finite position never lie within a chain link's finite range.
fn rounds_by_search(
    m: &Model,
    members: &[ElementId],
    linked: &mut [Option<Candidate>],
    mut frontier: Vec<usize>,
) {
    if frontier.len() == members.len() {
        return;
    }
    let spot = |i: usize| {
        placed(m, members[i])
            .filter(|p| p.x.is_finite() && p.y.is_finite())
            .map(|p| Spot::new([p.x, p.y], i))
    };
    let has_radio = |i: usize| m.elements[members[i].0].radio.is_some();
    let ranges: Vec<(f64, f64)> = members.iter().map(|&e| chain_ranges(m, e)).collect();
    // the members still waiting, by their ranges (as bits: a key needs `Ord`)
    let key = |i: usize| (ranges[i].0.to_bits(), ranges[i].1.to_bits());
    let mut waiting: BTreeMap<(u64, u64), Vec<Spot>> = BTreeMap::new();
    for i in (0..members.len()).filter(|i| linked[*i].is_none()) {
        if let Some(s) = spot(i) {
            waiting.entry(key(i)).or_default().push(s);
        }
    }
    let mut waiting: Vec<((f64, f64), RTree<Spot>)> = waiting
        .into_iter()
        .map(|((a, b), v)| ((f64::from_bits(a), f64::from_bits(b)), RTree::bulk_load(v)))
        .collect();
    while !frontier.is_empty() {
        let (with, without): (Vec<Spot>, Vec<Spot>) = frontier
            .iter()
            .filter_map(|&j| spot(j))
            .partition(|s| has_radio(s.data));
        let (with, without) = (RTree::bulk_load(with), RTree::bulk_load(without));
        let mut found: Vec<Spot> = Vec::new();
        for j in frontier.iter().filter_map(|&j| spot(j)) {
            for ((to_radio, to_other), tree) in &mut waiting {
                let r = if has_radio(j.data) {
                    *to_radio
                } else {
                    *to_other
                } + SLACK;
                let near: Vec<Spot> = tree
                    .locate_within_distance(*j.geom(), r * r)
                    .copied()
                    .collect();
                for s in near {
                    tree.remove(&s);
                    found.push(s);
                }
            }
        }
        found.sort_unstable_by_key(|s| s.data);
        frontier.clear();
        for s in found {
            let i = s.data;
            let from = (i, *s.geom());
            let best = [
                nearest_link(m, members, from, &with, ranges[i].0),
                nearest_link(m, members, from, &without, ranges[i].1),
            ]
            .into_iter()
            .flatten()
            .min_by(|(a, x), (b, y)| a.distance.total_cmp(&b.distance).then(x.cmp(y)));
            match best {
                Some((c, _)) => {
                    linked[i] = Some(c);
                    frontier.push(i);
                }
                // within a radius's slack but out of exact reach: waits again
                None => {
                    if let Some((_, tree)) = waiting.iter_mut().find(|(r, _)| *r == ranges[i]) {
                        tree.insert(s);
                    }
                }
            }
        }
    }
}

/// Whether `p` stands in terrain that halves a runner's pace (§76).
fn slow_ground(m: &Model, p: Pos) -> bool {
    !geometry::on_road_within(m, p)
        && crate::ground::grade_at(m, p, Mover::Foot).is_some_and(|(g, _)| g != MoveGrade::Clear)
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
    let attached = attached_elements(m);
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
        // §87a and b within the group (attached units' elements included, §80):
        // direct links, then chains to a fixpoint.
        let members = group_members(m, u, &attached);
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
            let host_els = host_cache.get_or_insert_with(|| host_linked(m, u, &attached));
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// One company of `n` elements scattered by a fixed pseudo-random sequence,
    /// some with short or long radios, a few of them recce (long radio reaches).
    fn group(n: usize, seed: u64, spread: u64) -> String {
        let mut x = seed;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        let mut out = String::from(
            "forces blue {\n  company coy {\n    hq boss command figures 2 radio long at (4000,4000)\n",
        );
        for i in 0..n {
            let kind = match next(6) {
                0 => "vehicle armoured-car models 1",
                _ => "integrated figures 4",
            };
            let radio = ["", " radio short", " radio long"][next(3) as usize];
            let (px, py) = (3000 + next(spread), 3000 + next(spread));
            out.push_str(&format!("    element e{i} {kind}{radio} at ({px},{py})\n"));
        }
        out.push_str("  }\n}\nforces red { company r { hq r-hq command at (100,100) } }\n");
        out
    }

    #[test]
    fn the_search_links_every_member_as_measuring_every_pair_does() {
        let mut seen_chains = 0;
        for seed in 0..40 {
            let (n, spread) = (
                5 + (seed as usize * 7) % 60,
                [400, 1500, 4000][seed as usize % 3],
            );
            let text = format!(
                "scenario \"T\" {{\n  turns 12\n  first-bound blue\n  table 8000m by 8000m\n}}\n\
                 side blue \"Blue\" nation british\nside red \"Red\" nation german\n{}",
                group(n, seed, spread)
            );
            let world = crate::MemoryWorld::new().with("main.muster", text);
            let m = crate::resolve(&world, "main.muster", &crate::PackConfig::default()).model;
            let unit = &m.units[0];
            let members: Vec<ElementId> = unit
                .elements
                .iter()
                .copied()
                .filter(|e| Some(*e) != unit.command_element && placed(&m, *e).is_some())
                .collect();
            assert_eq!(members.len(), n, "seed {seed}");
            let fast = chains_with(&m, unit.command_element, &members, false);
            let slow = chains_with(&m, unit.command_element, &members, true);
            seen_chains += fast
                .iter()
                .filter(|c| c.is_some_and(|c| c.route == Route::Chain))
                .count();
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "seed {seed}");
        }
        assert!(
            seen_chains > 50,
            "only {seen_chains} chain links: the groups test little"
        );
    }
}
