//! MC604 may-begin-hot: a group that starts within 500 m of the enemy.

use crate::prelude::*;
use muster_rules::command::HOT_RADIUS_M;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC604,
    summary: "a group deployed within {{hot}} of an enemy element at the start: it may begin hot",
    explanation: "A commanded group is in a hot situation when an enemy element it can see \
is within {{hot}} (§24). Hot groups communicate and act more slowly, so whether a group \
starts hot changes the first turns. This note lists the groups deployed that close, with \
the nearest enemy element, so the umpire can decide before play. An enemy too deep inside \
woods, brush or a built-up area to be seen (§109–§121) does not count, and a group whose \
writer declared `start hot` or `start cold` with a reason is not listed: the writer has \
decided, and the briefings show the reason.",
    failing: r#"forces red {
  platoon p "1 Platoon" { //~ MC604
    hq p-hq command figures 2 at (500,500)
  }
}
forces blue {
  platoon q "Zug 1" { //~ MC604
    hq q-hq command figures 2 at (500,800)
  }
}
orders red {
  p defend (500,500)
}
orders blue {
  q defend (500,800)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
forces blue {
  platoon q "Zug 1" {
    hq q-hq command figures 2 at (500,1100)
  }
}
orders red {
  p defend (500,500)
}
orders blue {
  q defend (500,1100)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for s in &cx.analysis.situations {
        if s.declared.is_some() {
            continue;
        }
        let (true, Some((enemy, distance))) = (s.hot, s.nearest_enemy) else {
            continue;
        };
        let (Some(unit), Some(e)) = (cx.unit(s.unit), cx.element(enemy)) else {
            continue;
        };
        out.push(
            RULE.report(
                format!("`{}` may begin hot: enemy element `{}` is {} away", unit.name.id, e.qualified, metres(distance)),
                unit.name.loc,
                format!("within {} of the enemy", metres(HOT_RADIUS_M)),
            )
.about(e)
            .related(e.name.loc, format!("nearest enemy, {} away", metres(distance)))
            .with_help(format!("declare it with `start hot \"…\"` or `start cold \"…\"` and the reason, or deploy it more than {} away", metres(HOT_RADIUS_M))),
        );
    }
    out
}
