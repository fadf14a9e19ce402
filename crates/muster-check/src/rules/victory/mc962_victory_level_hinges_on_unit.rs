//! MC962 victory-level-hinges-on-unit: a victory level only one unit of the
//! side can get to in time.

use super::{
    condition_loc, level_loc, level_unmeetable, level_words, side_of, side_placed, under,
};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC962,
    summary: "a victory level only one unit of the side can get to in time",
    explanation: "Victory is adjudicated on what the scenario asks (§22). Where a level asks a \
side to hold a place by some turn or at the end, muster finds which of the side's elements \
could be there in time, at the movement rates of the balance report (docs/balance.md). When \
all of them belong to one unit, and the side has troops outside it, the level hinges on that \
unit: lose it, or send it elsewhere, and the level is gone whatever the rest of the side \
does. That may be the point of the scenario; this note makes sure it is meant. Inside \
`any { … }` it applies when every member hinges on the same unit. Give another unit a way \
there in time, or keep it and say so in the briefing.",
    failing: r#"scenario "Lone platoon" {
  turns 8
  first-bound red
  table 3000m by 3000m
}
side red
side blue
map {
  place ridge "The ridge" at (500,500)
}
forces red {
  company c "C Company" {
    hq c-hq command figures 2 at (2900,2900)
    platoon p1 "1 Platoon" {
      hq p1-hq command figures 2 at (500,520)
      element s1 rifles figures 8 at (520,500)
    }
    platoon p2 "2 Platoon" {
      hq p2-hq command figures 2 at (2900,2800)
      element s2 rifles figures 8 at (2800,2900)
    }
  }
}
forces blue {
  platoon q "Zug" {
    hq q-hq command figures 2 at (1500,1500)
  }
}
orders red {
  c defend ridge
}
orders blue {
  q attack full ridge
}
victory red "Hold the ridge" holds ridge at end //~ MC962
victory blue "Take the ridge" holds ridge at end
"#,
    fixed: r#"scenario "Lone platoon" {
  turns 8
  first-bound red
  table 3000m by 3000m
}
side red
side blue
map {
  place ridge "The ridge" at (500,500)
}
forces red {
  company c "C Company" {
    hq c-hq command figures 2 at (600,600)
    platoon p1 "1 Platoon" {
      hq p1-hq command figures 2 at (500,520)
      element s1 rifles figures 8 at (520,500)
    }
    platoon p2 "2 Platoon" {
      hq p2-hq command figures 2 at (700,700)
      element s2 rifles figures 8 at (800,700)
    }
  }
}
forces blue {
  platoon q "Zug" {
    hq q-hq command figures 2 at (1500,1500)
  }
}
orders red {
  c defend ridge
}
orders blue {
  q attack full ridge
}
victory red "Hold the ridge" holds ridge at end
victory blue "Take the ridge" holds ridge at end
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &cx.model.victories {
        let Some(side) = side_of(v) else { continue };
        if !side_placed(cx, side) || level_unmeetable(cx, v) {
            continue;
        }
        let Some((unit, c)) = hinge(cx, v, side, &v.group) else {
            continue;
        };
        let Some(Condition::Holds { target, by, .. }) = v.conditions.get(c) else {
            continue;
        };
        let when = by.map_or("at the end".to_string(), |n| format!("by turn {n}"));
        let unit_name = cx.unit_name(unit);
        out.push(
            RULE.report(
                format!(
                    "the {} of `{}` hinges on `{unit_name}`: only its elements can be at `{}` {when}",
                    level_words(v),
                    v.side.name.id,
                    target.name.id
                ),
                level_loc(v),
                format!("lost with `{unit_name}`"),
            )
            .related(condition_loc(&v.conditions[c]), "this condition")
            .with_help(format!(
                "give another unit a way to `{}` in time, or keep the level hanging on `{unit_name}` and say so in the briefing",
                target.name.id
            )),
        );
    }
    out
}

/// The one unit a group hinges on, with the condition that shows it.
fn hinge(cx: &Context, v: &Victory, side: SideId, g: &ConditionGroup) -> Option<(UnitId, usize)> {
    let member = |m: &GroupMember| match m {
        GroupMember::Condition(i) => v
            .conditions
            .get(*i)
            .and_then(|c| hinge_of(cx, side, c))
            .map(|u| (u, *i)),
        GroupMember::Group(inner) => hinge(cx, v, side, inner),
    };
    match g.mode {
        GroupMode::All => g.members.iter().find_map(member),
        GroupMode::Any => {
            let all: Vec<_> = g.members.iter().map(member).collect::<Option<_>>()?;
            let first = *all.first()?;
            all.iter().all(|(u, _)| *u == first.0).then_some(first)
        }
    }
}

/// The one unit whose elements alone can meet a `holds` of a place in time,
/// when the side has elements outside it.
fn hinge_of(cx: &Context, side: SideId, c: &Condition) -> Option<UnitId> {
    let Condition::Holds { target, by, .. } = c else {
        return None;
    };
    let t = target.target?;
    let o = cx.balance().objectives.iter().find(|o| o.target == t)?;
    let due = by.or_else(|| cx.turns())?;
    let mut units = o
        .reach
        .iter()
        .filter(|r| r.side == side && r.turn <= due)
        .filter_map(|r| cx.element(r.element).map(|e| e.unit));
    let mut common = units.next()?;
    for u in units {
        common = meet(cx, common, u)?;
    }
    cx.model
        .elements
        .iter()
        .enumerate()
        .any(|(i, e)| e.side == side && !under(cx, ElementId(i), common))
        .then_some(common)
}

/// The lowest unit both `a` and `b` lie under (or are).
fn meet(cx: &Context, a: UnitId, b: UnitId) -> Option<UnitId> {
    let line = |mut u: Option<UnitId>| {
        let mut out = Vec::new();
        while let Some(x) = u {
            if out.contains(&x) || out.len() > cx.model.units.len() {
                break;
            }
            out.push(x);
            u = cx.unit(x).and_then(|y| y.parent);
        }
        out
    };
    let above_b = line(Some(b));
    line(Some(a)).into_iter().find(|x| above_b.contains(x))
}
