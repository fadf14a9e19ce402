//! MC961 victory-level-out-of-reach: a victory level whose places no element of
//! the side can get to in time, at the balance report's movement rates.

use super::{condition_loc, level_loc, level_words, out_of_reach, side_of, unmeetable};
use crate::prelude::*;
use crate::rules::scenario::mc613_victory_level_unreachable as mc613;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC961,
    summary: "a victory level no element of the side can get to in time",
    explanation: "Victory is adjudicated on what the scenario asks (§22). Where a level asks a \
side to hold a place by some turn, or at the end, or to get a unit off at an edge, muster \
measures how soon each element of that side could be there: from where it stands or comes \
on, once it can act on its orders, at the movement rates of the balance report \
(docs/balance.md; the reference has no movement table, so the rates are assumptions a pack \
may change in `muster.toml`). When not one element can be there in time, the level cannot \
be won by play. This goes beyond MC613, which only compares the deadline with the game's \
turns and the side's first arrival. Inside `all { … }` one such condition is enough; inside \
`any { … }` every member must be out of reach. Move the deadline, the place or the troops, \
or set the pack's rates if they are too slow for your ground.",
    failing: r#"scenario "Long march" {
  turns 4
  first-bound red
  table 3000m by 3000m
}
side red
side blue
map {
  place farm "The farm" at (2900,2900)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (100,100)
    element s1 rifles figures 8 at (120,100)
  }
}
forces blue {
  platoon q "2 Platoon" {
    hq q-hq command figures 2 at (2900,2900)
  }
}
orders red {
  p attack full farm
}
orders blue {
  q defend farm
}
victory red "Take the farm" holds farm at end //~ MC961
victory blue "Keep the farm" holds farm at end
"#,
    fixed: r#"scenario "Long march" {
  turns 20
  first-bound red
  table 3000m by 3000m
}
side red
side blue
map {
  place farm "The farm" at (2900,2900)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (100,100)
    element s1 rifles figures 8 at (120,100)
  }
}
forces blue {
  platoon q "2 Platoon" {
    hq q-hq command figures 2 at (2900,2900)
  }
}
orders red {
  p attack full farm
}
orders blue {
  q defend farm
}
victory red "Take the farm" holds farm at end
victory blue "Keep the farm" holds farm at end
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &cx.model.victories {
        if side_of(v).is_none() || mc613::level_unreachable(cx, v) {
            continue;
        }
        let Some((why, at)) = blocked(cx, v, &v.group) else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "the {} of `{}` is out of reach: {why}",
                    level_words(v),
                    v.side.name.id
                ),
                level_loc(v),
                "out of reach at the report's movement rates",
            )
            .related(at, "this condition")
            .with_help(
                "move the deadline or the place, bring troops on nearer, or set the pack's `[balance]` rates if they are too slow for this ground",
            ),
        );
    }
    out
}

/// Why a group is out of reach, and the condition that shows it.
fn blocked(cx: &Context, v: &Victory, g: &ConditionGroup) -> Option<(String, Loc)> {
    let member = |m: &GroupMember| match m {
        GroupMember::Condition(i) => v.conditions.get(*i).and_then(|c| {
            out_of_reach(cx, v, c).map(|why| (why, condition_loc(c)))
        }),
        GroupMember::Group(inner) => blocked(cx, v, inner),
    };
    match g.mode {
        GroupMode::All => g.members.iter().find_map(member),
        GroupMode::Any => {
            // every member must be unmeetable, and at least one by reach (the
            // rest may be MC613's)
            let all_unmeetable = g.members.iter().all(|m| match m {
                GroupMember::Condition(i) => {
                    v.conditions.get(*i).is_some_and(|c| unmeetable(cx, v, c))
                }
                GroupMember::Group(inner) => blocked(cx, v, inner).is_some(),
            });
            if !all_unmeetable {
                return None;
            }
            g.members.iter().find_map(member)
        }
    }
}
