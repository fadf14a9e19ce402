//! MC407 unit-without-orders: a unit that will hold in place for want of orders.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC407,
    summary: "a unit with no order of its own or inherited: it holds in place",
    explanation: "A unit acts on its own order or, failing that, on the nearest order above \
it (§83). A unit with neither holds its position until further orders arrive (§86). That \
may be intended, for a reserve, but it is worth knowing before the game starts. The note \
is given for the highest unit without orders and for any unit left out while others of \
its formation have orders.",
    failing: r#"forces red {
  company a "A Company" { //~ MC407
    hq a-hq command figures 2 at (500,500)
  }
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let has_order_below = |u: UnitId| cx.subtree(u).into_iter().any(|x| cx.own_order(x).is_some());
    for (i, unit) in cx.model.units.iter().enumerate() {
        if cx.effective_order(UnitId(i)).is_some() {
            continue;
        }
        let report = match unit.parent {
            None => true,
            Some(p) => has_order_below(p),
        };
        if report && !has_order_below(UnitId(i)) {
            out.push(
                RULE.report(
                    format!("`{}` has no orders and will hold in place", unit.name.id),
                    unit.name.loc,
                    "no order here or above",
                )
                .with_help(format!(
                    "give it an order in `orders {}`, or leave it as a reserve",
                    cx.side_name(unit.side)
                )),
            );
        }
    }
    out
}
