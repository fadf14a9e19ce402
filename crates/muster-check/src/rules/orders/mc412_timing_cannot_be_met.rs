//! MC412 timing-cannot-be-met: `after turn N` with no turn left, or ending before it starts.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC412,
    summary: "an order (or phase) timed `after turn N` in the last turn or later, or `until` a turn not after N",
    explanation: "An order's timing says when it applies (§81). `after turn N` means from turn \
N+1 on, once turn N is over. So `after turn 12` in a 12-turn game never applies, and `after \
turn 6 until turn 4` or `after turn 6 until turn 6` ends before it begins. Each phase of an \
order is checked on its own.",
    failing: r#"scenario "Example" {
  turns 8
  first-bound red
}
side red "Red" nation american
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) after turn 8 //~ MC412
}
"#,
    fixed: r#"scenario "Example" {
  turns 8
  first-bound red
}
side red "Red" nation american
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) after turn 7
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let last = cx.turns();
    for o in &cx.model.orders {
        let phases = std::iter::once(&o.timing).chain(o.phases.iter().map(|p| &p.timing));
        for timing in phases {
            let after = timing.iter().find_map(|t| match *t {
                Timing::After(n, l) => Some((n, l)),
                _ => None,
            });
            let Some((a, aloc)) = after else { continue };
            if let Some(l) = last.filter(|l| a == *l) {
                out.push(
                    RULE.report(
                        format!(
                            "the order for `{}` applies after turn {a}, but turn {l} is the last turn",
                            o.unit.name.id
                        ),
                        aloc,
                        "no turn left",
                    )
                    .with_help(format!(
                        "`after turn N` begins with turn N+1: write `after turn {}` or fewer",
                        l.saturating_sub(1)
                    )),
                );
            }
            for t in timing {
                if let Timing::Until(u, uloc) = *t {
                    if u <= a {
                        out.push(
                            RULE.report(
                                format!(
                                    "the order for `{}` runs after turn {a} until turn {u}: it ends before it begins",
                                    o.unit.name.id
                                ),
                                uloc,
                                format!("until turn {u}"),
                            )
                            .related(aloc, format!("after turn {a} (from turn {})", a.saturating_add(1)))
                            .with_help("make `until` later than `after`"),
                        );
                    }
                }
            }
        }
    }
    out
}
