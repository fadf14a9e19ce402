//! MC408 order-due-before-arrival: an order due before its unit reaches the table.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC408,
    summary: "an order due `by` or `until` a turn before its unit arrives",
    explanation: "Orders carry a timing (§81), and reinforcements arrive in a given turn. \
An order that must be done by, or holds until, a turn before the unit (or the formation \
it belongs to) even reaches the table can never be carried out. Clock times count as \
the turn they fall in.",
    failing: r#"map {
  place south-edge "South edge" edge south
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
orders red {
  a attack full (500,900) by turn 3 //~ MC408
}
arrival a turn 5 at south-edge
"#,
    fixed: r#"map {
  place south-edge "South edge" edge south
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
orders red {
  a attack full (500,900) by turn 8
}
arrival a turn 5 at south-edge
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let Some(Target::Unit(u)) = o.unit.target else {
            continue;
        };
        let lineage = cx.lineage(u);
        let arrival = cx
            .model
            .arrivals
            .iter()
            .filter(|a| matches!(a.unit.target, Some(Target::Unit(x)) if lineage.contains(&x)))
            .filter_map(|a| Some((cx.turn_of(a.when)?, a)))
            .max_by_key(|(t, _)| *t);
        let Some((arrives, arrival)) = arrival else {
            continue;
        };
        for t in &o.timing {
            let (n, loc, word) = match t {
                Timing::By(n, l) => (*n, *l, "by"),
                Timing::Until(n, l) => (*n, *l, "until"),
                _ => continue,
            };
            if i64::from(n) < arrives {
                out.push(
                    RULE.report(
                        format!("the order for `{}` runs {word} turn {n}, but `{}` arrives in turn {arrives}", o.unit.name.id, arrival.unit.name.id),
                        loc,
                        format!("{word} turn {n}"),
                    )
                    .related(arrival.loc, format!("arrives in turn {arrives}"))
                    .with_help("time the order after the arrival, or bring the unit on earlier"),
                );
            }
        }
    }
    out
}
