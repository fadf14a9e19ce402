//! MC613 victory-level-unreachable: a victory whose conditions can never all be met.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC613,
    summary: "a victory level that no play of the game can reach",
    explanation: "Victory conditions (§22) are what the players play for. A level that \
cannot be reached turns a side's game into a lost cause before it starts: a condition \
due by a turn after the game's last one, or by a turn before any unit of that side is on \
the table. Inside `all { … }` one impossible condition makes the whole level \
impossible; inside `any { … }` every member must be impossible. Move the deadline, bring \
the side on earlier, or drop the level.",
    failing: r#"scenario "Late" {
  turns 10
}
side red
side blue
map {
  place bridge "The bridge" at (500,500)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
forces blue {
  platoon q "2 Platoon" {
    hq q-hq command figures 2
  }
}
orders red {
  p defend bridge
}
orders blue {
  q attack full bridge
}
arrival q turn 8 at bridge
victory blue decisive "Take the bridge by turn 6" holds bridge by turn 6 //~ MC613
"#,
    fixed: r#"scenario "Late" {
  turns 10
}
side red
side blue
map {
  place bridge "The bridge" at (500,500)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
forces blue {
  platoon q "2 Platoon" {
    hq q-hq command figures 2
  }
}
orders red {
  p defend bridge
}
orders blue {
  q attack full bridge
}
arrival q turn 8 at bridge
victory blue decisive "Take the bridge by turn 10" holds bridge by turn 10
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &cx.model.victories {
        let side = match v.side.target {
            Some(Target::Side(s)) => Some(s),
            _ => None,
        };
        let earliest = side.and_then(|s| earliest_turn(cx, s));
        let Some((why, at)) = impossible(cx, v, &v.group, earliest) else {
            continue;
        };
        let level = match v.level {
            Some((VictoryLevel::Grade(g), _)) => format!("{g} victory"),
            Some((VictoryLevel::Points(p), _)) => format!("{p}-point victory"),
            None => "victory".into(),
        };
        let at_level = v.level.map_or(v.loc, |(_, l)| l);
        out.push(
            RULE.report(
                format!(
                    "the {level} of `{}` can never be reached: {why}",
                    v.side.name.id
                ),
                at_level,
                "unreachable",
            )
            .related(at, "this condition")
            .with_help(
                "move the deadline into the game, bring the side on before it, or use `any { … }` if one condition is enough",
            ),
        );
    }
    out
}

/// The first turn on which the side has a unit on the table: 1 unless every one
/// of its top-level units arrives later; `None` when it is never known.
fn earliest_turn(cx: &Context, side: SideId) -> Option<i64> {
    let tops = cx
        .model
        .units
        .iter()
        .filter(|u| u.side == side && u.parent.is_none());
    let mut earliest: Option<i64> = None;
    for u in tops {
        if !u.arrives_later {
            return Some(1);
        }
        let turn = cx
            .model
            .arrivals
            .iter()
            .filter(|a| a.unit.name.id == u.name.id)
            .filter_map(|a| cx.turn_of(a.when))
            .min()?;
        earliest = Some(earliest.map_or(turn, |e: i64| e.min(turn)));
    }
    earliest
}

/// Why a group can never be met, and the condition that shows it.
fn impossible(
    cx: &Context,
    v: &Victory,
    g: &ConditionGroup,
    earliest: Option<i64>,
) -> Option<(String, Loc)> {
    let mut reasons = g.members.iter().map(|m| match m {
        GroupMember::Condition(i) => v.conditions.get(*i).and_then(|c| cannot(cx, c, earliest)),
        GroupMember::Group(inner) => impossible(cx, v, inner, earliest),
    });
    match g.mode {
        GroupMode::All => reasons.find_map(|r| r),
        GroupMode::Any => {
            let all: Vec<_> = reasons.collect();
            if all.is_empty() {
                return Some(("`any { }` holds no condition".into(), g.loc));
            }
            all.into_iter()
                .collect::<Option<Vec<_>>>()?
                .into_iter()
                .next()
        }
    }
}

/// Why one condition can never be met.
fn cannot(cx: &Context, c: &Condition, earliest: Option<i64>) -> Option<(String, Loc)> {
    let Condition::Holds {
        by: Some(by),
        loc,
        target,
    } = c
    else {
        return None;
    };
    let by = i64::from(*by);
    if let Some(range) = cx.outside_game(by) {
        return Some((
            format!("`{}` is due by turn {by}, outside {range}", target.name.id),
            *loc,
        ));
    }
    match earliest {
        Some(first) if first > by => Some((
            format!(
                "`{}` is due by turn {by}, but the side's first unit arrives on turn {first}",
                target.name.id
            ),
            *loc,
        )),
        _ => None,
    }
}

/// The side a victory belongs to, when it names one.
fn side_of(v: &Victory) -> Option<SideId> {
    match v.side.target {
        Some(Target::Side(s)) => Some(s),
        _ => None,
    }
}

/// Whether this rule finds the whole level out of the game's reach.
pub(crate) fn level_unreachable(cx: &Context, v: &Victory) -> bool {
    let earliest = side_of(v).and_then(|s| earliest_turn(cx, s));
    impossible(cx, v, &v.group, earliest).is_some()
}

/// Whether this rule finds one condition of the victory out of the game's reach.
pub(crate) fn condition_unreachable(cx: &Context, v: &Victory, c: &Condition) -> bool {
    let earliest = side_of(v).and_then(|s| earliest_turn(cx, s));
    cannot(cx, c, earliest).is_some()
}
