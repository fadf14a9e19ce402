//! MC960 victory-levels-both-met: a top level of one side and a top or next
//! level of another that one play can both meet.

use super::{
    level_loc, level_unmeetable, level_words, rank, side_of, side_placed, under, unmeetable,
    way_words, ways,
};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC960,
    summary: "two sides' victory levels that one play can meet at once",
    explanation: "When the game ends the umpire adjudicates victory from the conditions the \
scenario states (§22). If one side's best result and the other side's best or next result can \
both be met in the same play, the umpire has to award both, and the players argue. Conditions \
exclude each other only in a few ways: two sides holding the same place at the end (a place \
is held by one side at a time), one side destroying a unit the other must get off the table \
or keep (`holds` a unit), or a unit under it. A `holds … by turn N` can be met in any turn up to \
N and then lost again, so it excludes nothing; losses conditions exclude nothing either. \
muster reads each level as every way it can be met (`any` gives a choice, `all` joins) and \
warns when some way of one side's level and some way of the other's exclude nothing. Levels \
no element can get to in time (MC613, MC961) are left out. Make the levels exclude each other: \
have both ask for the same place at the end, or have one destroy a unit the other must keep \
or get away.",
    failing: r#"scenario "Two bridges" {
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red
side blue
map {
  place east-bridge "East bridge" at (1200,1000)
  place west-bridge "West bridge" at (800,1000)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (1200,1000)
  }
}
forces blue {
  platoon q "2 Platoon" {
    hq q-hq command figures 2 at (800,1000)
  }
}
orders red {
  p defend east-bridge
}
orders blue {
  q defend west-bridge
}
victory red decisive "Hold the east bridge" holds east-bridge at end
victory blue decisive "Hold the west bridge" holds west-bridge at end //~ MC960
"#,
    fixed: r#"scenario "Two bridges" {
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red
side blue
map {
  place east-bridge "East bridge" at (1200,1000)
  place west-bridge "West bridge" at (800,1000)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (1200,1000)
  }
}
forces blue {
  platoon q "2 Platoon" {
    hq q-hq command figures 2 at (800,1000)
  }
}
orders red {
  p defend east-bridge
}
orders blue {
  q attack full east-bridge
}
victory red decisive "Hold the east bridge" holds east-bridge at end
victory blue decisive "Take the east bridge" holds east-bridge at end
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let victories = &cx.model.victories;
    // each side's levels that can be met, best first, as ranks
    let tiers = |side: SideId| -> Vec<u64> {
        let mut r: Vec<u64> = victories
            .iter()
            .filter(|v| side_of(v) == Some(side) && !level_unmeetable(cx, v))
            .map(rank)
            .collect();
        r.sort_unstable_by(|a, b| b.cmp(a));
        r.dedup();
        r.truncate(2);
        r
    };
    for (ai, a) in victories.iter().enumerate() {
        let Some(sa) = side_of(a) else { continue };
        let ta = tiers(sa);
        let Some(pa) = ta.iter().position(|t| *t == rank(a)) else {
            continue;
        };
        for b in victories.iter().skip(ai + 1) {
            let Some(sb) = side_of(b) else { continue };
            if sb == sa {
                continue;
            }
            let tb = tiers(sb);
            let Some(pb) = tb.iter().position(|t| *t == rank(b)) else {
                continue;
            };
            // a top level against a top or next level; next against next is left
            if pa + pb > 1 {
                continue;
            }
            let Some((wa, wb)) = both(cx, a, b) else {
                continue;
            };
            out.push(
                RULE.report(
                    format!(
                        "the {} of `{}` and the {} of `{}` can both be won in one play: `{}` can {} while `{}` can {}",
                        level_words(b),
                        b.side.name.id,
                        level_words(a),
                        a.side.name.id,
                        b.side.name.id,
                        way_words(b, &wb),
                        a.side.name.id,
                        way_words(a, &wa),
                    ),
                    level_loc(b),
                    "met in the same play as the other",
                )
                .related(level_loc(a), "this level")
                .with_help(
                    "make them exclude each other: have both sides hold the same place at the end, or have one destroy a unit the other must keep or get away",
                ),
            );
        }
    }
    out
}

/// A way to meet each level that excludes nothing of the other, if any.
fn both(cx: &Context, a: &Victory, b: &Victory) -> Option<(Vec<usize>, Vec<usize>)> {
    let open = |v: &Victory| -> Option<Vec<Vec<usize>>> {
        Some(
            ways(&v.group)?
                .into_iter()
                .filter(|w| {
                    !w.iter()
                        .filter_map(|i| v.conditions.get(*i))
                        .any(|c| unmeetable(cx, v, c))
                })
                .collect(),
        )
    };
    let (wa, wb) = (open(a)?, open(b)?);
    let (sa, sb) = (side_of(a)?, side_of(b)?);
    for x in &wa {
        for y in &wb {
            let clash = x.iter().filter_map(|i| a.conditions.get(*i)).any(|c| {
                y.iter()
                    .filter_map(|j| b.conditions.get(*j))
                    .any(|d| excludes(cx, (c, sa), (d, sb)))
            });
            if !clash {
                return Some((x.clone(), y.clone()));
            }
        }
    }
    None
}

/// Whether two conditions of different sides cannot both be met.
fn excludes(cx: &Context, (c, sc): (&Condition, SideId), (d, sd): (&Condition, SideId)) -> bool {
    use Condition::*;
    match (c, d) {
        (Destroys { target, .. }, held @ Holds { .. }) => {
            holders_lost(cx, target.target, held, sd) || lost_with(cx, target.target, held_unit(held))
        }
        (held @ Holds { .. }, Destroys { target, .. }) => {
            holders_lost(cx, target.target, held, sc) || lost_with(cx, target.target, held_unit(held))
        }
        (
            Holds {
                target: x, by: None, ..
            },
            Holds {
                target: y, by: None, ..
            },
        ) => x.target.is_some() && x.target == y.target,
        (Destroys { target, .. }, other) | (other, Destroys { target, .. }) => {
            let kept = match other {
                Exits { unit, .. } => unit.target,
                Holds { target, .. } => target.target,
                _ => None,
            };
            lost_with(cx, target.target, kept)
        }
        _ => false,
    }
}

/// The unit or element a `holds` names, if it names one.
fn held_unit(c: &Condition) -> Option<Target> {
    match c {
        Condition::Holds { target, .. } => match target.target {
            t @ Some(Target::Unit(_) | Target::Element(_)) => t,
            _ => None,
        },
        _ => None,
    }
}

/// Whether destroying `gone` takes every element of `side` that can be at the
/// place a `holds … at end` names by the end: then nobody is left to hold it.
fn holders_lost(cx: &Context, gone: Option<Target>, c: &Condition, side: SideId) -> bool {
    let (
        Some(Target::Unit(u)),
        Condition::Holds {
            target, by: None, ..
        },
    ) = (gone, c)
    else {
        return false;
    };
    if !side_placed(cx, side) {
        return false;
    }
    let Some(t) = target.target else {
        return false;
    };
    let Some(o) = cx.balance().objectives.iter().find(|o| o.target == t) else {
        return false;
    };
    let mut holders = o.reach.iter().filter(|r| r.side == side).peekable();
    holders.peek().is_some() && holders.all(|r| under(cx, r.element, u))
}

/// Whether destroying `gone` leaves nothing of `kept` (a unit or element) to keep
/// or get away: `kept` is `gone` or lies under it.
fn lost_with(cx: &Context, gone: Option<Target>, kept: Option<Target>) -> bool {
    let (Some(gone), Some(kept)) = (gone, kept) else {
        return false;
    };
    if gone == kept {
        return true;
    }
    match (gone, kept) {
        (Target::Unit(u), Target::Element(e)) => under(cx, e, u),
        (Target::Unit(u), Target::Unit(k)) => {
            let mut at = cx.unit(k).and_then(|x| x.parent);
            let mut steps = 0;
            while let Some(p) = at {
                if p == u {
                    return true;
                }
                steps += 1;
                if steps > cx.model.units.len() {
                    return false;
                }
                at = cx.unit(p).and_then(|x| x.parent);
            }
            false
        }
        _ => false,
    }
}
