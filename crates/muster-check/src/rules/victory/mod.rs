//! MC960–MC969: the victory levels of the sides read together (§22): levels of
//! two sides that one play can both meet, levels no element can get to in time,
//! levels that hinge on one unit. Reach comes from the balance report, at the
//! pack's movement rates (docs/balance.md).

include!(concat!(env!("OUT_DIR"), "/rules_victory.rs"));

use crate::prelude::*;
use crate::rules::scenario::mc613_victory_level_unreachable as mc613;
use muster_model::balance::Objective;

/// The side a victory belongs to.
pub(crate) fn side_of(v: &Victory) -> Option<SideId> {
    match v.side.target {
        Some(Target::Side(s)) => Some(s),
        _ => None,
    }
}

/// The level in words: `decisive victory`, `3-point victory`, `victory`.
pub(crate) fn level_words(v: &Victory) -> String {
    match v.level {
        Some((VictoryLevel::Grade(g), _)) => format!("{g} victory"),
        Some((VictoryLevel::Points(p), _)) => format!("{p}-point victory"),
        None => "victory".into(),
    }
}

/// Where to point at a level: its grade or points, else the victory.
pub(crate) fn level_loc(v: &Victory) -> Loc {
    v.level.map_or(v.loc, |(_, l)| l)
}

/// How a side ranks its levels: decisive (or a plain victory) above marginal,
/// more points above fewer.
pub(crate) fn rank(v: &Victory) -> u64 {
    match v.level {
        None | Some((VictoryLevel::Grade(Grade::Decisive), _)) => u64::MAX,
        Some((VictoryLevel::Grade(Grade::Marginal), _)) => u64::MAX - 1,
        Some((VictoryLevel::Points(p), _)) => u64::from(p),
    }
}

/// The turn a condition is due by: its `by turn`, else the game's last turn.
fn deadline(cx: &Context, by: Option<u32>) -> Option<u32> {
    by.or_else(|| cx.turns())
}

/// The balance report's objective for a place, area or crossing.
fn objective<'c>(cx: &'c Context, target: Option<Target>) -> Option<&'c Objective> {
    let t = target?;
    cx.balance().objectives.iter().find(|o| o.target == t)
}

/// Whether the element belongs to the unit or to a unit under it.
pub(crate) fn under(cx: &Context, e: ElementId, unit: UnitId) -> bool {
    let mut at = cx.element(e).map(|e| e.unit);
    let mut steps = 0;
    while let Some(u) = at {
        if u == unit {
            return true;
        }
        steps += 1;
        if steps > cx.model.units.len() {
            return false;
        }
        at = cx.unit(u).and_then(|u| u.parent);
    }
    false
}

/// Whether an element's start is known: it stands somewhere on the table, or
/// stands off it, or its unit or a unit above it arrives. Reach says nothing of a side with
/// elements left for the players to place.
fn placed(cx: &Context, e: &Element) -> bool {
    // an element off the table never comes within reach: that is known too
    if e.pos.is_some() || e.postures.iter().any(|(p, _)| *p == Posture::OffTable) {
        return true;
    }
    let mut at = Some(e.unit);
    for _ in 0..=cx.model.units.len() {
        let Some(u) = at else { break };
        if cx
            .model
            .arrivals
            .iter()
            .any(|a| a.unit.target == Some(Target::Unit(u)))
        {
            return true;
        }
        at = cx.unit(u).and_then(|x| x.parent);
    }
    false
}

/// Whether the side has elements and every one has a known start.
pub(crate) fn side_placed(cx: &Context, side: SideId) -> bool {
    let mut mine = cx
        .model
        .elements
        .iter()
        .filter(|e| e.side == side)
        .peekable();
    mine.peek().is_some() && mine.all(|e| placed(cx, e))
}

/// Why a condition cannot be met at the report's rates: no element of the side
/// (of the unit, for `exits`) gets there by its turn. `None` when it can, when
/// the report cannot tell, or when MC613 already says the deadline is out of
/// the game.
pub(crate) fn out_of_reach(cx: &Context, v: &Victory, c: &Condition) -> Option<String> {
    if mc613::condition_unreachable(cx, v, c) {
        return None;
    }
    let side = side_of(v)?;
    if !side_placed(cx, side) {
        return None;
    }
    let radius = cx.balance().settings.radius;
    match c {
        Condition::Holds { target, by, .. } => {
            let o = objective(cx, target.target)?;
            let due = deadline(cx, *by)?;
            let first = o
                .reach
                .iter()
                .filter(|r| r.side == side)
                .map(|r| r.turn)
                .min();
            let when = by.map_or("at the end".to_string(), |n| format!("by turn {n}"));
            match first {
                Some(t) if t <= due => None,
                Some(t) => Some(format!(
                    "`{}` must be held {when}, but no element of `{}` can be within {radius:.0} m of it before turn {t}",
                    target.name.id,
                    cx.side_name(side)
                )),
                None => Some(format!(
                    "`{}` must be held {when}, but no element of `{}` can get within {radius:.0} m of it in the game",
                    target.name.id,
                    cx.side_name(side)
                )),
            }
        }
        Condition::Exits { unit, at, .. } => {
            let Some(Target::Unit(u)) = unit.target else {
                return None;
            };
            let o = objective(cx, at.target)?;
            let reaches = o.reach.iter().any(|r| under(cx, r.element, u));
            (!reaches).then(|| {
                format!(
                    "no element of `{}` can get to `{}` before the game ends",
                    unit.name.id, at.name.id
                )
            })
        }
        _ => None,
    }
}

/// Whether a condition is out of the game (MC613) or out of reach (MC961).
pub(crate) fn unmeetable(cx: &Context, v: &Victory, c: &Condition) -> bool {
    mc613::condition_unreachable(cx, v, c) || out_of_reach(cx, v, c).is_some()
}

/// Whether a whole level is out of the game or out of reach.
pub(crate) fn level_unmeetable(cx: &Context, v: &Victory) -> bool {
    fn group(cx: &Context, v: &Victory, g: &ConditionGroup) -> bool {
        let mut members = g.members.iter().map(|m| match m {
            GroupMember::Condition(i) => v.conditions.get(*i).is_some_and(|c| unmeetable(cx, v, c)),
            GroupMember::Group(inner) => group(cx, v, inner),
        });
        match g.mode {
            GroupMode::All => members.any(|x| x),
            GroupMode::Any => {
                let all: Vec<bool> = members.collect();
                all.is_empty() || all.into_iter().all(|x| x)
            }
        }
    }
    mc613::level_unreachable(cx, v) || group(cx, v, &v.group)
}

/// The most ways a level is expanded into before the pair check gives up on it.
const MOST_WAYS: usize = 64;

/// Every way to meet a group: each a list of conditions that must all be met
/// (indices into the victory's conditions). `None` past [`MOST_WAYS`].
pub(crate) fn ways(g: &ConditionGroup) -> Option<Vec<Vec<usize>>> {
    let parts: Vec<Vec<Vec<usize>>> = g
        .members
        .iter()
        .map(|m| match m {
            GroupMember::Condition(i) => Some(vec![vec![*i]]),
            GroupMember::Group(inner) => ways(inner),
        })
        .collect::<Option<_>>()?;
    match g.mode {
        GroupMode::Any => {
            let out: Vec<Vec<usize>> = parts.into_iter().flatten().collect();
            (out.len() <= MOST_WAYS).then_some(out)
        }
        GroupMode::All => {
            let mut out: Vec<Vec<usize>> = vec![Vec::new()];
            for p in parts {
                if out.len().saturating_mul(p.len()) > MOST_WAYS {
                    return None;
                }
                out = out
                    .iter()
                    .flat_map(|w| {
                        p.iter().map(move |q| {
                            let mut x = w.clone();
                            x.extend(q.iter().copied());
                            x
                        })
                    })
                    .collect();
            }
            Some(out)
        }
    }
}

/// Where a condition is written.
pub(crate) fn condition_loc(c: &Condition) -> Loc {
    match c {
        Condition::Holds { loc, .. }
        | Condition::Destroys { loc, .. }
        | Condition::Exits { loc, .. }
        | Condition::Losses { loc, .. } => *loc,
    }
}

/// A condition in the words of a victory (`hold \`pegasus\` at the end`).
pub(crate) fn condition_words(c: &Condition) -> String {
    match c {
        Condition::Holds {
            target, by: None, ..
        } => format!("hold `{}` at the end", target.name.id),
        Condition::Holds {
            target,
            by: Some(n),
            ..
        } => format!("hold `{}` by turn {n}", target.name.id),
        Condition::Destroys { target, .. } => format!("destroy `{}`", target.name.id),
        Condition::Exits { unit, at, .. } => {
            format!("get `{}` off at `{}`", unit.name.id, at.name.id)
        }
        Condition::Losses {
            what, count, of, ..
        } => match what {
            LossKind::Models if *count == 1 => format!("destroy 1 model of `{}`", of.name.id),
            LossKind::Models => format!("destroy {count} models of `{}`", of.name.id),
            LossKind::Figures if *count == 1 => format!("inflict 1 figure on `{}`", of.name.id),
            LossKind::Figures => format!("inflict {count} figures on `{}`", of.name.id),
        },
    }
}

/// A way to meet a level in words, its conditions joined by `and`.
pub(crate) fn way_words(v: &Victory, way: &[usize]) -> String {
    let words: Vec<String> = way
        .iter()
        .filter_map(|i| v.conditions.get(*i))
        .map(condition_words)
        .collect();
    words.join(" and ")
}
