//! MC405 order-timing-out-of-range: an order timed outside the game, or after its deadline.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC405,
    summary: "an order timing outside the scenario's turns, or an `after` later than its `by`",
    explanation: "Orders may say when they apply (§81): `by turn N`, `after turn N`, \
`until turn N`, or at a clock time. A turn before the first or after the last turn the \
scenario plays (§22), or an order that may only start after the turn it must be done by, \
can never be carried out. Clock times count as the turn they fall in.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) after turn 6 by turn 4 //~ MC405
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) after turn 4 by turn 6
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let mut after: Option<(u32, Loc)> = None;
        let mut by: Option<(u32, Loc)> = None;
        for t in &o.timing {
            let when = match *t {
                Timing::By(n, l) => {
                    by = Some((n, l));
                    When::Turn(n, l)
                }
                Timing::After(n, l) => {
                    after = Some((n, l));
                    When::Turn(n, l)
                }
                Timing::Until(n, l) => When::Turn(n, l),
                Timing::At(m, l) => When::Clock(m, l),
                _ => continue,
            };
            let Some(Moment { turn, loc, written }) = cx.moment(when) else {
                continue;
            };
            if let Some(range) = cx.outside_game(turn) {
                out.push(
                    RULE.report(format!("the order for `{}` is timed at {written}, outside {range}", o.unit.name.id), loc, "outside the game")
                        .with_help("time the order within the scenario's turns, or lengthen the scenario with `turns`"),
                );
            }
        }
        if let (Some((a, aloc)), Some((b, bloc))) = (after, by) {
            if a > b {
                out.push(
                    RULE.report(
                        format!(
                            "the order for `{}` starts after turn {a} but must be done by turn {b}",
                            o.unit.name.id
                        ),
                        aloc,
                        format!("after turn {a}"),
                    )
                    .related(bloc, format!("by turn {b}"))
                    .with_help("make `after` no later than `by`"),
                );
            }
        }
    }
    out
}
