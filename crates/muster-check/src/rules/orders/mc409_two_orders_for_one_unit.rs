//! MC409 two-orders-for-one-unit: a unit given a second order.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC409,
    summary: "one unit has two orders",
    explanation: "Each unit is given one order (§81), and a separate order only where \
it does something other than its parent (§83). Two orders for the same unit leave the \
player guessing which one stands, and both reach the briefing. Successive tasks are \
one order; a second unit needs its own name.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
orders red {
  a attack full (500,900) by turn 4
  a defend (500,600) //~ MC409
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
orders red {
  a attack full (500,900) by turn 4
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut first: std::collections::BTreeMap<UnitId, &Order> = Default::default();
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let Some(Target::Unit(u)) = o.unit.target else {
            continue;
        };
        match first.get(&u) {
            None => {
                first.insert(u, o);
            }
            Some(earlier) => out.push(
                RULE.report(
                    format!("`{}` is given a second order", o.unit.name.id),
                    o.unit.name.loc,
                    "second order",
                )
                .related(earlier.unit.name.loc, "first order")
                .with_help("give each unit one order: merge the two, or remove one"),
            ),
        }
    }
    out
}
