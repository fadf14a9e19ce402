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
//! Routes are tried in the order of §87: direct to the command element one step up;
//! through elements of its own group that are themselves linked (computed as a
//! fixpoint, so a chain may be any length); to an element of a group it has orders
//! to support (own or inherited orders with stance `support` naming a unit).

use super::chain::{command_above, orders_of, placed, subtree, superior_of};
use crate::analysis::{CommandStatus, Means, Route, StartSituation};
use crate::geometry;
use crate::model::*;
use muster_rules::command::{self as rules, CommandRange, Equipment};
use muster_rules::latency;
use muster_rules::terrain::{movement_grade, MoveGrade};
use muster_rules::troops::{self, Troop, VehicleSpec};
use muster_rules::vocab::{FootType, LineKind, Stance};

/// The rulebook's troop description of a model element kind.
pub(crate) fn troop(k: &Kind) -> Troop {
    match k {
        Kind::Foot { ty, specialism } => Troop::Foot {
            ty: *ty,
            specialism: *specialism,
        },
        Kind::Vehicle {
            role,
            drive,
            armoured,
            open_topped,
        } => Troop::Vehicle(VehicleSpec {
            role: *role,
            drive: *drive,
            armoured: *armoured,
            open_topped: *open_topped,
        }),
        Kind::Artillery { weapon, calibre_mm } => Troop::Artillery {
            weapon: *weapon,
            calibre_mm: *calibre_mm,
        },
        Kind::Aircraft { role } => Troop::Aircraft { role: *role },
    }
}

/// Whether an element counts as a command element for §88: its unit's command
/// element, a `command` foot element, or one carrying the commander.
pub(crate) fn is_command(m: &Model, e: ElementId) -> bool {
    let el = &m.elements[e.0];
    m.units[el.unit.0].command_element == Some(e)
        || matches!(
            el.kind,
            Some(Kind::Foot {
                ty: FootType::Command,
                ..
            })
        )
        || el.commander.is_some()
}

/// What an element communicates with.
pub(crate) fn equipment(m: &Model, e: ElementId) -> Equipment {
    let el = &m.elements[e.0];
    Equipment {
        command: is_command(m, e),
        recce: el
            .kind
            .as_ref()
            .is_some_and(|k| troops::is_recce(&troop(k))),
        radio: el.radio.map(|(r, _)| r),
        telephone: el.telephone.is_some(),
    }
}

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
    let mut eq = equipment(m, from);
    if m.elements[to.0].radio.is_none() {
        eq.radio = None;
    }
    let wire = direct && wired(m, from, to);
    if !wire {
        eq.telephone = false;
    }
    rules::range_of(eq, wire)
}

fn means(m: rules::Means) -> Means {
    match m {
        rules::Means::Wire => Means::Wire,
        rules::Means::LongRadio => Means::LongRadio,
        rules::Means::ShortRadio => Means::ShortRadio,
        rules::Means::Voice => Means::Voice,
        rules::Means::Runner => Means::Runner,
    }
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
        means: means_override.unwrap_or_else(|| means(c.range.means)),
        via: c.to,
        distance: c.distance,
    }
}

/// Elements of groups that `e`'s unit has orders to support (§87c).
fn supported(m: &Model, e: ElementId) -> Vec<ElementId> {
    let u = m.elements[e.0].unit;
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
                out.extend(m.units[v.0].elements.iter().copied().filter(|x| *x != e));
            }
        }
    }
    out
}

/// Whether `p` stands in terrain that halves a runner's pace (§76).
fn slow_ground(m: &Model, p: Pos) -> bool {
    let on_road = m
        .lines
        .iter()
        .any(|l| matches!(l.kind, LineKind::Road | LineKind::Track) && geometry::on_line(l, p));
    !on_road
        && m.areas.iter().any(|a| {
            movement_grade(a.kind).is_some_and(|g| g != MoveGrade::Clear)
                && geometry::contains(&a.outline, p)
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
        let mut linked: Vec<(ElementId, Candidate)> = Vec::new();
        if let Some(h) = hub {
            for &e in &members {
                if let Some(c) = candidate(m, e, h, Route::Direct) {
                    if c.range.reaches(c.distance) {
                        linked.push((e, c));
                    }
                }
            }
        }
        loop {
            let mut added = false;
            for &e in &members {
                if linked.iter().any(|(x, _)| *x == e) {
                    continue;
                }
                let best = linked
                    .iter()
                    .filter_map(|(y, _)| candidate(m, e, *y, Route::Chain))
                    .filter(|c| c.range.reaches(c.distance))
                    .min_by(|a, b| a.distance.total_cmp(&b.distance));
                if let Some(c) = best {
                    linked.push((e, c));
                    added = true;
                }
            }
            if !added {
                break;
            }
        }
        for &e in &unit.elements {
            if placed(m, e).is_none() {
                continue;
            }
            if let Some((_, c)) = linked.iter().find(|(x, _)| *x == e) {
                out[e.0] = in_command(*c, None);
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
                    linked
                        .iter()
                        .filter_map(|(y, _)| candidate(m, e, *y, Route::Chain)),
                );
            }
            let direct = cands.first().copied().filter(|c| c.route == Route::Direct);
            if let Some(c) = direct {
                if c.range.reaches(c.distance) {
                    out[e.0] = in_command(c, None);
                    continue;
                }
                if is_cmd && c.range.means == rules::Means::Voice {
                    out[e.0] = in_command(c, Some(Means::Runner));
                    continue;
                }
            }
            let sup_cands: Vec<Candidate> = supported(m, e)
                .into_iter()
                .filter_map(|y| candidate(m, e, y, Route::Supported))
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
                short_by: n.short_by(),
                runner_turns: runner,
            };
        }
    }
    out
}
